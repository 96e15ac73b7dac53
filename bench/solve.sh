#!/usr/bin/env bash
# Solves Kalah(6,3), (6,4) and (6,5) from the start, with both capture
# rules, and prints for each run the proven value, the wall time, the nodes
# and the peak memory. The time counts everything from a cold start of the
# engine: building the endgame database when --db-seeds is given (the
# build time is also noted on the run's line), loading it, and the solve.
#
# With --db-file the runs load a database built before instead (give one
# capture rule with --captures: a database serves one rule); its build is
# not counted, its loading is. --drop-caches empties the page cache before
# each run (it needs root), so that the loading starts from the disk.
#
# Usage: bench/solve.sh [--seeds "3 4 5"] [--captures "standard empty"] [--threads T]
#                       [--hash MB] [--db-seeds N | --db-file PATH [--drop-caches]]
#                       [--timeout S]
set -euo pipefail
seeds_list="3 4 5"
captures="standard empty"
threads=1
hash=1024
db_seeds=0
db_file=""
drop_caches=false
timeout_s=900
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds_list=$2; shift 2 ;;
    --captures) captures=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --hash) hash=$2; shift 2 ;;
    --db-seeds) db_seeds=$2; shift 2 ;;
    --db-file) db_file=$(realpath "$2"); shift 2 ;;
    --drop-caches) drop_caches=true; shift ;;
    --timeout) timeout_s=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -n "$db_file" ]; then
  # A database serves one capture rule: a run under the other would
  # silently search without it.
  if [ "$db_seeds" -gt 0 ] || [ "$(echo $captures | wc -w)" -ne 1 ]; then
    echo "--db-file needs one rule in --captures, and no --db-seeds" >&2
    exit 2
  fi
fi
cd "$(dirname "$0")/.."
cargo build --release -q -p ply-engine
engine=target/release/ply-engine
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-8s %-8s %8s %10s %14s %10s %s\n' board capture value time_s nodes peak_MiB note
for seeds in $seeds_list; do
  for capture in $captures; do
    case "$capture" in
      standard) empty=false ;;
      empty) empty=true ;;
      *) echo "unknown capture rule $capture (standard or empty)" >&2; exit 2 ;;
    esac
    db_option=""
    build_note=""
    if [ "$drop_caches" = true ]; then
      sync
      echo 3 > /proc/sys/vm/drop_caches || { echo "--drop-caches needs root" >&2; exit 2; }
    fi
    start=$(date +%s%N)
    if [ -n "$db_file" ]; then
      db_option="setoption name EndgameDB value $db_file"
      build_note="prebuilt $(basename "$db_file")"
      [ "$drop_caches" = true ] && build_note="$build_note, page cache dropped"
    elif [ "$db_seeds" -gt 0 ]; then
      flag=""; [ "$empty" = true ] && flag="--empty-capture"
      db="$work/kalah6-$db_seeds-$empty.plydb"
      "$engine" build-db --max-seeds "$db_seeds" --threads "$threads" $flag --output "$db" 2>/dev/null
      build_ms=$(( ($(date +%s%N) - start) / 1000000 ))
      build_note="db<=$db_seeds built in ${build_ms} ms"
      db_option="setoption name EndgameDB value $db"
    fi
    input=$(printf 'setoption name Seeds value %s\nsetoption name EmptyCapture value %s\nsetoption name Hash value %s\nsetoption name Threads value %s\n%s\nsolve\n' \
      "$seeds" "$empty" "$hash" "$threads" "$db_option")
    result=$(printf '%s\n' "$input" | /usr/bin/time -f '%M' -o "$work/mem" timeout "$timeout_s" "$engine" | grep -E '^(solved|unsolved)' || true)
    total_ms=$(( ($(date +%s%N) - start) / 1000000 ))
    peak_kib=$(tail -n 1 "$work/mem" 2>/dev/null || echo 0)
    value=$(echo "$result" | sed -n 's/^solved value \([^ ]*\).*/\1/p')
    nodes=$(echo "$result" | sed -n 's/.* nodes \([0-9]*\).*/\1/p')
    [ -n "$value" ] || value="timeout"
    printf '%-8s %-8s %8s %10s %14s %10s %s\n' "(6,$seeds)" "$capture" "$value" \
      "$(awk -v ms="$total_ms" 'BEGIN{printf "%.2f", ms/1000}')" "${nodes:-?}" "$(( peak_kib / 1024 ))" "$build_note"
  done
done
