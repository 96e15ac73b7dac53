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

# Kalah(6,4), standard capture: pits 0-5 south, 6 its store, 7-12 north,
# 13 its store; a move is a pit 1-6 from the mover's own left.
python3 - "$count" > "$work/positions.txt" <<'PY'
import random, sys

PITS, SEEDS = 6, 4
MIN_PLIES, MAX_PLIES = 4, 40
count = int(sys.argv[1])
rng = random.Random(20251125)

def play(board, side, pit):
    """Sows `pit` (0-based) of `side` (0 south, 1 north); returns the side to move next."""
    base = side * (PITS + 1)
    store, other_store = base + PITS, (1 - side) * (PITS + 1) + PITS
    at = base + pit
    seeds, board[at] = board[at], 0
    while seeds:
        at = (at + 1) % len(board)
        if at == other_store:
            continue
        board[at] += 1
        seeds -= 1
    own = range(base, base + PITS)
    opposite = 2 * PITS - at
    if at in own and board[at] == 1 and board[opposite] > 0:
        board[store] += board[at] + board[opposite]
        board[at] = board[opposite] = 0
    return side if at == store else 1 - side

def over(board):
    return sum(board[0:PITS]) == 0 or sum(board[PITS + 1:2 * PITS + 1]) == 0

written = 0
while written < count:
    board = ([SEEDS] * PITS + [0]) * 2
    side, moves = 0, []
    for _ in range(rng.randint(MIN_PLIES, MAX_PLIES)):
        base = side * (PITS + 1)
        legal = [p for p in range(PITS) if board[base + p] > 0]
        pit = rng.choice(legal)
        moves.append(str(pit + 1))
        side = play(board, side, pit)
        if over(board):
            break
    if not over(board):
        print("startpos moves " + " ".join(moves) + f" ; r{written + 1}")
        written += 1
PY

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
