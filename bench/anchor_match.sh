#!/usr/bin/env bash
# Ply against another engine of the game (an anchor: Aalina for Oware,
# KestoG for Russian draughts, each through its adapter; or any engine that
# speaks Ply's protocol), as the strength figures in docs/engine.md were
# measured: the game's balanced openings under referee/openings/, each
# played twice with colours swapped, a fixed time a move. Prints the
# referee's summary (score, Elo by pairs with its interval, pentanomial
# counts) of each encounter, then Ply's score as each side
# (bench/scores_by_side.py).
#
#   bench/anchor_match.sh --variant oware|russian --opponent "COMMAND [ARG …]"
#                         [--name NAME] [--st SECONDS] [--games N] [--results FILE]
#                         [--ply-option NAME=VALUE …] [--also NAME=VALUE]
#                         [--concurrency N]
#
# --also NAME=VALUE plays a second Ply against the opponent too, the same
# but for that option (a gauntlet: the opponent against each Ply), e.g.
# `--also EndgameDB=none` for what the endgame tables are worth.
# --concurrency N plays N games at once: each game has one engine thinking
# at a time, so 2 on a 2-core machine. In Russian draughts the games Ply led
# by a man or more and did not win are counted (bench/material_leads.py).
#
# KestoG, built outside the repository (see the anchors' instructions):
#   bench/anchor_match.sh --variant russian --name kestog \
#     --opponent "python3 anchors/cbapi_uci.py /opt/kestog/libkestog.so 64"
set -euo pipefail
cd "$(dirname "$0")/.."
variant=""
opponent=""
name=opponent
st=0.5
games=100
results=""
concurrency=1
also=""
ply_options=()
usage="usage: $0 --variant oware|russian --opponent \"COMMAND [ARG …]\" [--name NAME] [--st S] [--games N] [--results FILE] [--ply-option N=V …] [--also N=V] [--concurrency N]"
while [ $# -gt 0 ]; do
  case "$1" in
    --variant) variant=$2; shift 2 ;;
    --opponent) opponent=$2; shift 2 ;;
    --name) name=$2; shift 2 ;;
    --st) st=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    --ply-option) ply_options+=("option.${2%%=*}=${2#*=}"); shift 2 ;;
    --also) also=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
case "$variant" in
  oware) openings=referee/openings/oware-3ply-balanced.txt ;;
  russian) openings=referee/openings/russian-4ply-balanced.txt ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
[ -n "$opponent" ] || { echo "$0: --opponent is required" >&2; exit 2; }
cargo build --release -q -p ply-engine -p ply-referee
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Copies: a rebuild meanwhile changes neither engine nor referee.
cp target/release/ply-engine target/release/ply-referee "$work/"
[ -n "$results" ] || results="$work/results.jsonl"
read -r -a words <<< "$opponent"
engine=(cmd="${words[0]}")
for word in "${words[@]:1}"; do engine+=(arg="$word"); done
plies=(-engine cmd="$work/ply-engine" name=ply ${ply_options[@]+"${ply_options[@]}"})
if [ -n "$also" ]; then
  plies+=(-engine cmd="$work/ply-engine" name="ply-${also%%=*}-${also#*=}"
          ${ply_options[@]+"${ply_options[@]}"} "option.${also%%=*}=${also#*=}")
fi
"$work/ply-referee" \
  -engine "${engine[@]}" name="$name" "${plies[@]}" -tournament gauntlet \
  -each st="$st" -variant "$variant" \
  -openings file="$openings" format=moves -repeat \
  -games "$games" -concurrency "$concurrency" -results "$results"
echo "== scores by side"
bench/scores_by_side.py --engine ply "$results"
[ -z "$also" ] || bench/scores_by_side.py --engine "ply-${also%%=*}-${also#*=}" "$results"
if [ "$variant" = russian ]; then
  echo "== games led by a man or more and not won"
  bench/material_leads.py --engine ply "$results"
  [ -z "$also" ] || bench/material_leads.py --engine "ply-${also%%=*}-${also#*=}" "$results"
fi
