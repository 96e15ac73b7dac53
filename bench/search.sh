#!/usr/bin/env bash
# Search figures: the deterministic bench (node count and speed) and the
# depth reached in one second from the Kalah(6,4) and Kalah(6,6) starts.
# Usage: bench/search.sh [movetime-ms]   (default 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
movetime=${1:-1000}
cargo build --release -q -p ply-engine
engine=target/release/ply-engine
echo "== bench"
"$engine" bench | tail -n 2
for seeds in 4 6; do
  echo "== Kalah(6,$seeds) start, go movetime $movetime"
  printf 'setoption name Seeds value %s\ngo movetime %s\n' "$seeds" "$movetime" | "$engine" | grep '^info depth' | tail -n 1
done
