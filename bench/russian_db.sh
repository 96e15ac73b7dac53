#!/usr/bin/env bash
# The Russian draughts endgame databases: builds the tables of at most
# PIECES pieces (timed, into the engine's cache unless --output is given),
# prints the file's size, checks every block (verify-db), measures the
# probe speed on the file (engine/examples/russian_probe_speed.rs), and has
# Ply play three kings against one from every position the tables call won
# (the ignored test of engine/tests/russian_endgame_db.rs).
#
#   bench/russian_db.sh [--pieces N] [--threads T] [--output FILE]
#
# The figures in docs/endgame-db.md ("Russian draughts endgame
# databases") come from this script.
set -euo pipefail
cd "$(dirname "$0")/.."
pieces=6
threads=$(nproc)
output=""
while [ $# -gt 0 ]; do
  case "$1" in
    --pieces) pieces=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --output) output=$2; shift 2 ;;
    *) echo "usage: $0 [--pieces N] [--threads T] [--output FILE]" >&2; exit 2 ;;
  esac
done
cargo build --release -q -p ply-engine --example russian_probe_speed
engine=target/release/ply-engine
if [ -z "$output" ]; then
  case "${XDG_CACHE_HOME:-}" in
    /*) cache="$XDG_CACHE_HOME/ply" ;;
    *) cache="$HOME/.cache/ply" ;;
  esac
  output="$cache/russian-$pieces.db"
  mkdir -p "$cache"
fi
echo "== build-db --variant russian --max-pieces $pieces --threads $threads"
/usr/bin/time -v "$engine" build-db --variant russian --max-pieces "$pieces" \
  --threads "$threads" --output "$output" 2>&1 |
  grep -E "built|entries|Elapsed|Maximum resident|error" || true
echo "== file"
ls -l "$output"
echo "== verify-db"
/usr/bin/time -f "%e s" "$engine" verify-db "$output"
echo "== probe speed"
target/release/examples/russian_probe_speed "$output"
echo "== Petrov's triangle: Ply wins three kings against one from every position the tables call won"
cargo test --release -q -p ply-engine --test russian_endgame_db -- --ignored --nocapture 2>&1 |
  grep -E "won positions|test result|panicked"
