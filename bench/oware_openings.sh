#!/usr/bin/env bash
# Balanced Oware (Abapa) openings for matches: every sequence of three
# moves from the start, searched by ply-engine (`analyse --depth D`), the
# K whose score is nearest 0 kept (ties in move order), written as move
# lists for `ply-referee -openings file=… format=moves`, with colours
# swapped by `-repeat`. The shipped file, referee/openings/oware-3ply-balanced.txt,
# is this script's output with the defaults.
# Usage: bench/oware_openings.sh [--depth D] [--count K] [> FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
depth=18
count=50
while [ $# -gt 0 ]; do
  case "$1" in
    --depth) depth=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    *) echo "usage: $0 [--depth D] [--count K]" >&2; exit 2 ;;
  esac
done
cargo build --release -q -p ply-engine
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for a in 1 2 3 4 5 6; do for b in 1 2 3 4 5 6; do for c in 1 2 3 4 5 6; do
  echo "startpos moves $a $b $c"
done; done; done > "$work/all.txt"
# Lines with an illegal move (an empty house) come back as error records.
target/release/ply-engine analyse --variant oware --depth "$depth" "$work/all.txt" \
  > "$work/scored.jsonl" 2>/dev/null || true
python3 - "$work/all.txt" "$work/scored.jsonl" "$depth" "$count" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
depth, count = sys.argv[3], int(sys.argv[4])
scored = []
for text in open(sys.argv[2]):
    record = json.loads(text)
    cp = record.get("score", {}).get("cp")
    if cp is not None:
        moves = lines[record["line"] - 1].removeprefix("startpos moves ")
        scored.append((abs(cp), record["line"], moves, cp))
kept = sorted(scored)[:count]
print(f"# Oware (Abapa): the {len(kept)} three-move openings of the {len(scored)} legal ones whose")
print(f"# ply-engine score at depth {depth} is nearest 0 (bench/oware_openings.sh); scores for")
print("# the side to move after them, in centi-seeds, in the comments.")
print("# Use with: -variant oware -openings file=referee/openings/oware-3ply-balanced.txt format=moves -repeat")
for _, line, moves, cp in sorted(kept, key=lambda k: k[1]):
    print(f"{moves}  # {cp:+d}")
PY
