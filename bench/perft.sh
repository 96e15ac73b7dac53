#!/usr/bin/env bash
# Perft counts and move-generation speed from the Kalah(6,4) and Kalah(6,6)
# starts (see bench/perft_variant.sh for any game).
# Usage: bench/perft.sh [max-depth]   (default 11)
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-11}
for seeds in 4 6; do
  bench/perft_variant.sh kalah "$max" "Seeds=$seeds"
done
