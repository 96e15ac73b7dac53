#!/usr/bin/env bash
# Perft counts and move-generation speed from the start of any game:
# `go perft N` through the protocol after `setoption name UCI_Variant` and
# any further options, timed from the outside.
# Usage: bench/perft_variant.sh VARIANT [max-depth] [NAME=VALUE …]
#   e.g. bench/perft_variant.sh oware 11, bench/perft_variant.sh kalah 11 Seeds=4
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:?usage: bench/perft_variant.sh VARIANT [max-depth] [NAME=VALUE …]}
max=${2:-10}
shift $(( $# >= 2 ? 2 : 1 ))
options="setoption name UCI_Variant value $variant"
for option in "$@"; do
  options+=$'\n'"setoption name ${option%%=*} value ${option#*=}"
done
cargo build --release -q -p ply-engine
engine=target/release/ply-engine
echo "$variant $*"
printf '%5s %14s %10s %14s\n' depth nodes ms nodes/s
for depth in $(seq 1 "$max"); do
  start=$(date +%s%N)
  nodes=$(printf '%s\ngo perft %s\n' "$options" "$depth" | "$engine" | sed -n 's/^Nodes searched: //p')
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  nps=$(( ms > 0 ? nodes * 1000 / ms : 0 ))
  printf '%5s %14s %10s %14s\n' "$depth" "$nodes" "$ms" "$nps"
done
