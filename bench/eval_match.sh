#!/usr/bin/env bash
# The evaluation match that decides Kalah's evaluation terms: the default
# evaluation against the Prolog Kalah program's store difference (`stores`),
# every opening three sowings deep played with both colours, from the (6,4)
# and (6,6) starts.
# Usage: bench/eval_match.sh [nodes-per-move] [a] [b]  (defaults 5000 default stores)
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-5000}
a=${2:-default}
b=${3:-stores}
cargo build --release -q -p ply-engine
for seeds in 4 6; do
  target/release/ply-engine tune match --variant kalah --option "Seeds=$seeds" --nodes "$nodes" --plies 3 --a "$a" --b "$b"
done
