#!/usr/bin/env bash
# Does an Oware endgame database make Ply stronger? Ply with the database
# against the same Ply without it (or with a smaller database, --against),
# by SPRT (fastchess's test, as every search change in this project is
# accepted): the balanced three-move openings, each played with colours
# swapped, a fixed time a move. Prints the referee's summary and LLR line.
#
#   bench/oware_db_sprt.sh DATABASE [--against DATABASE] [--st SECONDS]
#                          [--elo0 E0] [--elo1 E1] [--games N]
#                          [--concurrency N] [--results FILE]
#
# --concurrency 2 plays two games at once on a two-core machine: each
# engine thinks alone in its game (no pondering), so each search has a core.
#
# Build the database first: ply-engine build-db --variant oware --max-seeds 24
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 DATABASE [--against DATABASE] [--st S] [--elo0 E0] [--elo1 E1] [--games N] [--concurrency N] [--results FILE]" >&2; exit 2; }
database=$1; shift
against=none
st=0.1
concurrency=1
elo0=0
elo1=10
games=4000
results=""
while [ $# -gt 0 ]; do
  case "$1" in
    --against) against=$2; shift 2 ;;
    --st) st=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    --elo0) elo0=$2; shift 2 ;;
    --elo1) elo1=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --results) results=$2; shift 2 ;;
    *) echo "$0: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -f "$database" ] || { echo "$0: no database file $database" >&2; exit 2; }
[ "$against" = none ] || [ -f "$against" ] || { echo "$0: no database file $against" >&2; exit 2; }
cargo build --release -q -p ply-engine -p ply-referee
extra=()
[ -n "$results" ] && extra+=(-results "$results")
target/release/ply-referee \
  -engine cmd=target/release/ply-engine name=database "option.EndgameDB=$database" \
  -engine cmd=target/release/ply-engine name="$(basename "$against" .db)" "option.EndgameDB=$against" \
  -each st="$st" -variant oware -concurrency "$concurrency" \
  -openings file=referee/openings/oware-3ply-balanced.txt format=moves -repeat \
  -games "$games" -sprt elo0="$elo0" elo1="$elo1" ${extra[@]+"${extra[@]}"}
