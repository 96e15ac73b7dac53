#!/usr/bin/env bash
# The exact value of every root move (`solve` with MultiPV 256, through
# `ply-engine analyse --solve --multipv 256`) on N Kalah(6,S) positions
# (S = --seeds, 4 by default) from random play, with the biggest cached endgame database of the rule
# (`EndgameDB auto`): prints each position's time and the median, 90th
# percentile and worst. The engine's own `time_ms` is counted (the whole
# solve: the position, then each move), not the start of the process. The
# positions are solved one after the other in one engine: the solver's
# table carries what it proved from one to the next, as in a game
# (`ucinewgame` keeps it; docs/protocol.md).
#
# The database is the cache's (`$XDG_CACHE_HOME/ply`, else `~/.cache/ply`);
# when the cache has no `kalah-6-<rule>-<db seeds>.db` it is built there
# first with `ply-engine build-db` (28 seeds: about 3 min with 2 threads,
# 5.6 GB on disk and as much memory while it builds; 24 seeds: about 40 s,
# 1.25 GB). Set
# XDG_CACHE_HOME to keep it elsewhere.
#
# --multipv 1 times the solve of the position alone, for comparison.
#
# --seeds is the seeds a pit at the start (Kalah(6,SEEDS)); --seed is the
# random play's seed.
#
# Usage: bench/solve_all_moves.sh [--seeds SEEDS] [--positions N] [--empty-capture] [--db-seeds N]
#                                 [--threads T] [--hash MB] [--multipv K]
#                                 [--min-plies P] [--max-plies P] [--seed RNG]
set -euo pipefail
seeds=4
positions=20
empty=false
db_seeds=28
threads=2
hash=1024
multipv=256
min_plies=2
max_plies=24
seed=17
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds=$2; shift 2 ;;
    --positions) positions=$2; shift 2 ;;
    --empty-capture) empty=true; shift ;;
    --db-seeds) db_seeds=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --hash) hash=$2; shift 2 ;;
    --multipv) multipv=$2; shift 2 ;;
    --min-plies) min_plies=$2; shift 2 ;;
    --max-plies) max_plies=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.."
source bench/kalah_cache.sh
start_kalah_bench
rule=$(capture_rule "$empty")
ensure_cached_db "$engine" "$empty" "$db_seeds" "$threads"

# Random play with a fixed seed (bench/kalah_positions.py).
python3 bench/kalah_positions.py 6 "$seeds" "$positions" "$min_plies" "$max_plies" "$seed" "$empty" \
  > "$work/positions.txt"

echo "$positions Kalah(6,$seeds) $rule positions ($min_plies to $max_plies plies of random play), solve with MultiPV $multipv, Threads $threads, Hash $hash"
"$engine" analyse --option Seeds="$seeds" --option EmptyCapture="$empty" --option Threads="$threads" \
  --option Hash="$hash" --solve --multipv "$multipv" --jobs 1 \
  --output "$work/solved.jsonl" "$work/positions.txt"
python3 - "$work/solved.jsonl" <<'PY'
import json, statistics, sys

records = [json.loads(line) for line in open(sys.argv[1])]
times = []
for r in records:
    if "error" in r:
        print(f"line {r['line']}: error: {r['error']}")
        continue
    lines = r.get("multipv") or []
    values = " ".join(f"{l['pv'][0]}:{l['score']['proven'] // 100:+d}" for l in lines)
    value = r["score"]["proven"] // 100 if r["score"] else None
    seconds = r["time_ms"] / 1000
    times.append(seconds)
    print(f"{r['id']:>4} {r['position']:<40} value {value:+d} {seconds:7.3f} s  {values}")
times.sort()
ninetieth = times[min(len(times) - 1, int(0.9 * len(times)))]
print(f"median {statistics.median(times):.3f} s, 90th percentile {ninetieth:.3f} s, "
      f"worst {times[-1]:.3f} s, total {sum(times):.1f} s over {len(times)} positions")
PY
