#!/usr/bin/env bash
# `ply-engine analyse` throughput: N random Kalah(6,4) positions (default
# 1,000) analysed to depth D (default 14) with --jobs 1 and --jobs 2:
# positions per second and the speed-up. The positions come from random
# play with a fixed seed, written as `startpos moves …` so the engine checks
# every move; the two runs' answers must agree (all but time_ms).
# Usage: bench/analyse.sh [positions] [depth]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-1000}
depth=${2:-14}
cargo build --release -q -p ply-engine
engine=target/release/ply-engine
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Kalah(6,4), standard capture, from 4 to 40 plies of random play with a
# fixed seed (bench/kalah_positions.py).
python3 bench/kalah_positions.py 6 4 "$count" 4 40 20251125 false > "$work/positions.txt"

echo "$count Kalah(6,4) positions, analyse --depth $depth, $(nproc) cores"
declare -A rate
for jobs in 1 2; do
  start=$(date +%s.%N)
  "$engine" analyse --option Seeds=4 --depth "$depth" --jobs "$jobs" \
    --output "$work/jobs$jobs.jsonl" "$work/positions.txt"
  end=$(date +%s.%N)
  rate[$jobs]=$(python3 -c "print(f'{$count / ($end - $start):.1f}')")
  printf -- '--jobs %s: %s s, %s positions/s\n' "$jobs" \
    "$(python3 -c "print(f'{$end - $start:.1f}')")" "${rate[$jobs]}"
done
python3 - "$work/jobs1.jsonl" "$work/jobs2.jsonl" <<'PY'
import json, sys
def load(path):
    records = [json.loads(line) for line in open(path)]
    for r in records:
        r.pop("time_ms", None)
    return records
if load(sys.argv[1]) != load(sys.argv[2]):
    sys.exit("the --jobs 1 and --jobs 2 answers differ")
PY
python3 -c "print(f'speed-up with 2 jobs: {${rate[2]} / ${rate[1]}:.2f}x (answers identical)')"
