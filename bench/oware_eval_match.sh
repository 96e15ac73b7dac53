#!/usr/bin/env bash
# The evaluation match that decides Oware's evaluation terms: two
# evaluations with the same search, every opening three moves deep played
# with both colours, from the Abapa start (380 games).
# Usage: bench/oware_eval_match.sh [nodes-per-move] [a] [b]  (defaults 5000 default margin)
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-5000}
a=${2:-default}
b=${3:-margin}
cargo build --release -q -p ply-engine
target/release/ply-engine tune match --variant oware --nodes "$nodes" --plies 3 --a "$a" --b "$b"
