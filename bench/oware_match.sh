#!/usr/bin/env bash
# Ply against another Oware engine (Aalina through an adapter, or any
# engine that speaks Ply's protocol), as the Oware strength figures in
# docs/engine.md were measured: the balanced three-move openings of
# referee/openings/oware-3ply-balanced.txt, each played twice with colours
# swapped, a fixed time a move, one game at a time. Prints the referee's
# summary (score, Elo by pairs with its interval, pentanomial counts).
#
#   bench/oware_match.sh --opponent "COMMAND [ARG …]" [--name NAME] [--st SECONDS]
#                        [--games N] [--results FILE] [--ply-option NAME=VALUE …]
#
# Aalina, built outside the repository (see the anchors' instructions):
#   bench/oware_match.sh --opponent "python3 anchors/aalina_uci.py /opt/aalina/run/aalina" --name aalina
set -euo pipefail
cd "$(dirname "$0")/.."
opponent=""
name=opponent
st=0.5
games=100
results=""
ply_options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --opponent) opponent=$2; shift 2 ;;
    --name) name=$2; shift 2 ;;
    --st) st=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    --ply-option) ply_options+=("option.${2%%=*}=${2#*=}"); shift 2 ;;
    *) echo "usage: $0 --opponent \"COMMAND [ARG …]\" [--name NAME] [--st S] [--games N] [--results FILE] [--ply-option N=V …]" >&2; exit 2 ;;
  esac
done
[ -n "$opponent" ] || { echo "$0: --opponent is required" >&2; exit 2; }
cargo build --release -q -p ply-engine -p ply-referee
read -r -a words <<< "$opponent"
engine=(cmd="${words[0]}")
for word in "${words[@]:1}"; do engine+=(arg="$word"); done
extra=()
[ -n "$results" ] && extra+=(-results "$results")
target/release/ply-referee \
  -engine "${engine[@]}" name="$name" \
  -engine cmd=target/release/ply-engine name=ply "${ply_options[@]}" \
  -each st="$st" -variant oware \
  -openings file=referee/openings/oware-3ply-balanced.txt format=moves -repeat \
  -games "$games" "${extra[@]}"
