#!/usr/bin/env bash
# Perfect play in Kalah: does `go movetime MS` with the cached endgame
# database play a move that gives value away? On N positions from random
# play (the start included when --min-plies is 0), every root move's exact
# value is proven first (`analyse --solve --multipv 256`, the reference),
# then the engine answers `go movetime MS` (`analyse --movetime MS`), and
# the move it played is looked up among the proven values.
#
# Prints, per position, the value, the move played and its value, and at
# the end: value-losing moves, how many answers were proven (the `go`
# proved the value, docs/endgame-db.md#perfect-play-go-with-a-database),
# and the reference's solve times (median, 90th percentile, worst).
#
# The database is the cache's biggest for the rule (`EndgameDB auto`);
# when the cache has no `kalah-<pits>-<rule>-<db seeds>.db` it is built
# there first. Set XDG_CACHE_HOME to keep it elsewhere.
#
# --reference FILE keeps the reference (the proven values, JSON lines) in
# FILE, and reads it from there when FILE exists (same positions and rules
# assumed), so that `go` can be timed again without proving it all anew.
#
# --seeds is the seeds a pit at the start (Kalah(6,SEEDS)); --seed is the
# random play's seed.
#
# Usage: bench/perfect_kalah.sh [--seeds SEEDS] [--positions N] [--empty-capture]
#                               [--db-seeds N] [--threads T] [--hash MB]
#                               [--movetime MS] [--min-plies P] [--max-plies P] [--seed RNG]
#                               [--reference FILE]
set -euo pipefail
seeds=4
positions=100
empty=false
db_seeds=28
threads=2
hash=512
movetime=1000
min_plies=0
max_plies=40
seed=23
reference=""
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds=$2; shift 2 ;;
    --positions) positions=$2; shift 2 ;;
    --empty-capture) empty=true; shift ;;
    --db-seeds) db_seeds=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --hash) hash=$2; shift 2 ;;
    --movetime) movetime=$2; shift 2 ;;
    --min-plies) min_plies=$2; shift 2 ;;
    --max-plies) max_plies=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --reference) reference=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.."
source bench/kalah_cache.sh
start_kalah_bench
rule=$(capture_rule "$empty")
ensure_cached_db "$engine" "$empty" "$db_seeds" "$threads"

python3 bench/kalah_positions.py 6 "$seeds" "$positions" "$min_plies" "$max_plies" "$seed" "$empty" \
  > "$work/positions.txt"
options=(--option Seeds="$seeds" --option EmptyCapture="$empty" --option Threads="$threads"
  --option Hash="$hash" --jobs 1)

echo "$positions Kalah(6,$seeds) $rule positions ($min_plies to $max_plies plies), Threads $threads, Hash $hash"
if [ -n "$reference" ] && [ -f "$reference" ]; then
  echo "reference: $reference"
  cp "$reference" "$work/solved.jsonl"
else
  echo "reference: every move's exact value (solve, MultiPV 256)"
  "$engine" analyse "${options[@]}" --solve --multipv 256 --output "$work/solved.jsonl" "$work/positions.txt"
  if [ -n "$reference" ]; then cp "$work/solved.jsonl" "$reference"; fi
fi
echo "go movetime $movetime (an answer is proven when its score is)"
"$engine" analyse "${options[@]}" --movetime "$movetime" --output "$work/played.jsonl" "$work/positions.txt"

python3 - "$work/solved.jsonl" "$work/played.jsonl" <<'PY'
import json, statistics, sys

solved = {r["line"]: r for r in map(json.loads, open(sys.argv[1]))}
played = {r["line"]: r for r in map(json.loads, open(sys.argv[2]))}
times, losing, proven, unsolved = [], 0, 0, 0
for line, ref in sorted(solved.items()):
    answer = played.get(line, {})
    if "error" in ref or "error" in answer or not ref.get("score"):
        print(f"line {line}: {ref.get('error') or answer.get('error') or 'not solved'}")
        unsolved += 1
        continue
    value = ref["score"]["proven"] // 100
    values = {l["pv"][0]: l["score"]["proven"] // 100 for l in ref.get("multipv") or []}
    if not values:  # one legal move: line 1 alone
        values = {ref["bestmove"]: value}
    move = answer["bestmove"]
    got = values.get(move)
    is_proven = "proven" in (answer.get("score") or {})
    proven += is_proven
    lost = got is None or got < value
    losing += lost
    times.append(ref["time_ms"] / 1000)
    mark = "LOSES VALUE" if lost else ""
    print(f"{ref['id']:>4} value {value:+3d}  played {move} ({got if got is not None else '?':+}) "
          f"{'proven' if is_proven else 'searched'} {answer['time_ms']:5d} ms  "
          f"solve {ref['time_ms'] / 1000:7.3f} s {mark}")
times.sort()
n = len(times)
print(f"value-losing moves: {losing} of {n}; proven answers: {proven} of {n}; unsolved: {unsolved}")
if times:
    ninetieth = times[min(n - 1, int(0.9 * n))]
    print(f"every move's exact value: median {statistics.median(times):.3f} s, "
          f"90th percentile {ninetieth:.3f} s, worst {times[-1]:.3f} s")
PY
