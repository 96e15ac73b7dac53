#!/usr/bin/env bash
# Does a second thread make Ply stronger? The same engine with `Threads N`
# against `Threads 1`, everything else equal, as the figures in
# docs/engine.md ("Threads in go") were measured: the game's balanced
# openings, each played twice with colours swapped, one game at a time
# (so that on a 2-core machine the N-thread engine has both cores when it
# thinks). All GAMES are played (an early SPRT stop would cut the match
# below the games asked for); then the referee's summary of the results is
# printed with the LLR of elo0=0 against elo1=20 (score, Elo with its
# interval, pentanomial counts, LLR line).
#
#   bench/threads_match.sh --variant kalah|oware|russian [--threads N]
#                          [--st SECONDS | --tc TC] [--games N] [--hash MB]
#                          [--results FILE]
#
# Kalah is played with 6 seeds a pit (Kalah(6,6): no database reaches its
# middle game). The engine is copied first, so a rebuild meanwhile does
# not change it.
set -euo pipefail
cd "$(dirname "$0")/.."
variant=""
threads=2
limit=(st=0.5)
games=200
hash=64
results=""
while [ $# -gt 0 ]; do
  case "$1" in
    --variant) variant=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --st) limit=(st="$2"); shift 2 ;;
    --tc) limit=(tc="$2"); shift 2 ;;
    --games) games=$2; shift 2 ;;
    --hash) hash=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    *) echo "usage: $0 --variant kalah|oware|russian [--threads N] [--st S | --tc TC] [--games N] [--hash MB] [--results FILE]" >&2; exit 2 ;;
  esac
done
case "$variant" in
  kalah) openings=referee/openings/kalah-6-6-3ply-balanced.txt; options=(option.Seeds=6) ;;
  oware) openings=referee/openings/oware-3ply-balanced.txt; options=() ;;
  russian) openings=referee/openings/russian-4ply-balanced.txt; options=() ;;
  *) echo "$0: --variant kalah, oware or russian" >&2; exit 2 ;;
esac
cargo build --release -q -p ply-engine -p ply-referee
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp target/release/ply-engine "$work/ply-engine"
[ -n "$results" ] || results="$work/results.jsonl"
target/release/ply-referee \
  -engine cmd="$work/ply-engine" name="threads$threads" option.Threads="$threads" \
  -engine cmd="$work/ply-engine" name=threads1 option.Threads=1 \
  -each "${limit[@]}" option.Hash="$hash" ${options[@]+"${options[@]}"} -variant "$variant" \
  -openings file="$openings" format=moves -repeat \
  -games "$games" -results "$results"
echo "== the whole match, with the SPRT's log-likelihood ratio"
target/release/ply-referee merge "$results" -sprt elo0=0 elo1=20
