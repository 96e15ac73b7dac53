#!/usr/bin/env bash
# Solves Kalah(6,3), (6,4) and (6,5) from the start, with both capture
# rules, and prints for each run the proven value, the wall time, the nodes
# and the peak memory. The time counts everything from a cold start of the
# engine: building the endgame database when --db-seeds is given (the
# build is then also reported on its own line), loading it, and the solve.
#
# Usage: bench/solve.sh [--seeds "3 4 5"] [--threads T] [--hash MB] [--db-seeds N] [--timeout S]
set -euo pipefail
cd "$(dirname "$0")/.."
seeds_list="3 4 5"
threads=1
hash=1024
db_seeds=0
timeout_s=900
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds_list=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --hash) hash=$2; shift 2 ;;
    --db-seeds) db_seeds=$2; shift 2 ;;
    --timeout) timeout_s=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
cargo build --release -q -p ply-engine
engine=target/release/ply-engine
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-8s %-8s %8s %10s %14s %10s %s\n' board capture value time_s nodes peak_MiB note
for seeds in $seeds_list; do
  for empty in false true; do
    db_option=""
    build_note=""
    start=$(date +%s%N)
    if [ "$db_seeds" -gt 0 ]; then
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
    capture=standard; [ "$empty" = true ] && capture=empty
    printf '%-8s %-8s %8s %10s %14s %10s %s\n' "(6,$seeds)" "$capture" "$value" \
      "$(awk -v ms="$total_ms" 'BEGIN{printf "%.2f", ms/1000}')" "${nodes:-?}" "$(( peak_kib / 1024 ))" "$build_note"
  done
done
