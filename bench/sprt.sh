#!/usr/bin/env bash
# Does a change make Ply stronger? The engine built from the working tree
# against the one built from an earlier revision, by SPRT (fastchess's
# test; every search or evaluation change in this project is accepted
# this way): balanced openings, each played with colours swapped, a fixed
# time a move, one game at a time. Prints the referee's summary and its
# LLR line.
#
#   bench/sprt.sh --base REVISION [--variant oware] [--st SECONDS]
#                 [--elo0 E0] [--elo1 E1] [--games N] [--results FILE]
#                 [--openings FILE] [--option NAME=VALUE]... [--concurrency N]
#
# --concurrency N plays N games at once (one engine thinks at a time in
# each, so 2 on two cores). --option goes to both engines (e.g. --option EndgameDB=oware-6-24.db).
# Openings default to the variant's file under referee/openings/. One run
# at a time: the base's worktree and both engines' copies are kept under
# target/sprt-base/.
set -euo pipefail
cd "$(dirname "$0")/.."
base=""
variant=oware
st=0.1
elo0=0
elo1=10
games=4000
concurrency=1
results=""
openings=""
options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base=$2; shift 2 ;;
    --variant) variant=$2; shift 2 ;;
    --st) st=$2; shift 2 ;;
    --elo0) elo0=$2; shift 2 ;;
    --elo1) elo1=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    --openings) openings=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    --option) options+=("option.$2"); shift 2 ;;
    *) echo "$0: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$base" ] || { echo "usage: $0 --base REVISION [--variant V] [--st S] [--elo0 E0] [--elo1 E1] [--games N] [--results FILE] [--openings FILE] [--option NAME=VALUE]... [--concurrency N]" >&2; exit 2; }
if [ -z "$openings" ]; then
  case "$variant" in
    oware) openings=referee/openings/oware-3ply-balanced.txt ;;
    kalah)
      # Kalah(6,6) by default, Kalah(6,4) with --option Seeds=4; other
      # boards need their own openings.
      pits=6 seeds=6
      for option in ${options[@]+"${options[@]}"}; do
        case "$option" in
          option.Pits=*) pits=${option#option.Pits=} ;;
          option.Seeds=*) seeds=${option#option.Seeds=} ;;
        esac
      done
      case "$pits,$seeds" in
        6,6) openings=referee/openings/kalah-6-6-3ply-balanced.txt ;;
        6,4) openings=referee/openings/kalah-6-4-3ply.txt ;;
        *) echo "$0: no openings for Kalah($pits,$seeds) here; give --openings FILE" >&2; exit 2 ;;
      esac ;;
    russian) openings=referee/openings/russian-4ply-balanced.txt ;;
    *) echo "$0: no openings file for $variant; give --openings FILE" >&2; exit 2 ;;
  esac
fi
# 1. Both engines: the working tree's, and the base revision's built in a
#    worktree of its own (its own target directory, kept between runs).
cargo build --release -q -p ply-engine -p ply-referee
base_tree=target/sprt-base/tree
base_target=$PWD/target/sprt-base/target
rm -rf "$base_tree"
git worktree prune
git worktree add -q --detach "$base_tree" "$base"
trap 'git worktree remove --force "$base_tree" 2>/dev/null || true' EXIT
(cd "$base_tree" && cargo build --release -q -p ply-engine --target-dir "$base_target")
# Copies, so that building while the match runs changes neither.
new_engine=target/sprt-base/new-engine
base_engine=target/sprt-base/base-engine
cp target/release/ply-engine "$new_engine"
cp "$base_target/release/ply-engine" "$base_engine"
# 2. The match.
extra=()
[ -n "$results" ] && extra+=(-results "$results")
target/release/ply-referee \
  -engine cmd="$new_engine" name=new \
  -engine cmd="$base_engine" name=base \
  -each st="$st" ${options[@]+"${options[@]}"} -variant "$variant" \
  -openings file="$openings" format=moves -repeat \
  -games "$games" -concurrency "$concurrency" -sprt elo0="$elo0" elo1="$elo1" ${extra[@]+"${extra[@]}"}
