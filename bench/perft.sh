#!/usr/bin/env bash
# Perft counts and move-generation speed from the Kalah(6,4) and Kalah(6,6)
# starts: `go perft N` through the protocol, timed from the outside.
# Usage: bench/perft.sh [max-depth]   (default 11)
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-11}
cargo build --release -q -p ply-engine
engine=target/release/ply-engine
for seeds in 4 6; do
  echo "Kalah(6,$seeds)"
  printf '%5s %14s %10s %14s\n' depth nodes ms nodes/s
  for depth in $(seq 1 "$max"); do
    start=$(date +%s%N)
    nodes=$(printf 'setoption name Seeds value %s\ngo perft %s\n' "$seeds" "$depth" | "$engine" | sed -n 's/^Nodes searched: //p')
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    nps=$(( ms > 0 ? nodes * 1000 / ms : 0 ))
    printf '%5s %14s %10s %14s\n' "$depth" "$nodes" "$ms" "$nps"
  done
done
