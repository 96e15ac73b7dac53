#!/usr/bin/env bash
# Mastermind's breaker against every secret of bulls and cows (4 of 10, no
# repeats) and classic Mastermind (4 of 6, repeats): mean and worst number of
# guesses, the distribution, and the time per decision by guess number
# (engine/examples/mastermind_strategy.rs). Then the wall time of `go`
# through the protocol for the first and the second guess, the answer table
# built on the way (what a front end waits for).
# Usage: bench/mastermind.sh [bulls|classic] [widths]   (default: both, the engine's widths)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --example mastermind_strategy --bin ply-engine
target/release/examples/mastermind_strategy "$@"

go_time() { # options, moves
  local start end
  start=$(date +%s%N)
  printf 'setoption name UCI_Variant value mastermind\n%s\nposition startpos%s\ngo\n' "$1" "$2" \
    | target/release/ply-engine | grep '^bestmove' | tr '\n' ' '
  end=$(date +%s%N)
  echo "($(( (end - start) / 1000000 )) ms wall, process start and answer table included)"
}
echo "go through the protocol:"
for setting in "bulls|" "classic|setoption name Symbols value 6
setoption name Repeats value true"; do
  name=${setting%%|*}
  options=${setting#*|}
  first=$(go_time "$options" "")
  echo "  $name first guess: $first"
  opening=$(echo "$first" | awk '{print $2}')
  echo "  $name second guess after $opening 1A1B: $(go_time "$options" " moves $opening 1A1B")"
done
