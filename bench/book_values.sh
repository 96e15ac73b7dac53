#!/usr/bin/env bash
# The shipped book's proven Kalah values against the solver: a sample of
# the entries of books/ply.book whose moves carry proven values (`=V`,
# docs/book.md), under both capture rules, each proven again with
# `analyse --solve --multipv 256` (every move's exact value) and compared
# move by move. Prints each mismatch and a summary; the exit status is 1
# when any value differs.
#
# The test suite checks that the book's values agree with each other
# (engine/tests/book.rs); proving Kalah(6,4) positions again takes the
# cached endgame database and a minute or more, so it is done here.
#
# The database is the cache's biggest for each rule (`EndgameDB auto`);
# when the cache has no `kalah-6-<rule>-<db seeds>.db` it is built there
# first. Set XDG_CACHE_HOME to keep it elsewhere.
#
# Usage: bench/book_values.sh [--sample N] [--seed RNG] [--db-seeds N]
#                             [--threads T] [--hash MB] [--book FILE]
set -euo pipefail
sample=40
seed=5
db_seeds=28
threads=2
hash=512
book=books/ply.book
while [ $# -gt 0 ]; do
  case "$1" in
    --sample) sample=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --db-seeds) db_seeds=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --hash) hash=$2; shift 2 ;;
    --book) book=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.."
source bench/kalah_cache.sh
start_kalah_bench

# 1. The proven entries, a sample of each rule: `<position> ; <moves>`,
#    the book's moves and values kept as the line's id.
python3 - "$book" "$sample" "$seed" "$work" <<'PY'
import random, sys

book, sample, seed, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
sections = {"[kalah]": "standard", "[kalah empty-capture]": "empty"}
entries = {rule: [] for rule in sections.values()}
rule = None
for line in open(book):
    line = line.strip()
    if line.startswith("["):
        rule = sections.get(line)
        continue
    if not line or line.startswith("#") or rule is None:
        continue
    position, moves = (part.strip() for part in line.split("=>"))
    if "=" not in moves:
        continue  # searched, not proven
    values = [m.split()[0] + ":" + m.split()[2][1:] for m in moves.split(",")]
    entries[rule].append(f"{position} ; {' '.join(values)}")
rng = random.Random(seed)
for rule, lines in entries.items():
    chosen = lines if sample >= len(lines) else rng.sample(lines, sample)
    open(f"{work}/{rule}.txt", "w").write("\n".join(chosen) + "\n")
    print(f"{rule}: {len(chosen)} of the book's {len(lines)} proven entries")
PY

# 2. Each rule's sample proven again, every move exactly.
for rule in standard empty; do
  empty=false
  if [ "$rule" = empty ]; then empty=true; fi
  ensure_cached_db "$engine" "$empty" "$db_seeds" "$threads"
  "$engine" analyse --option Seeds=4 --option EmptyCapture="$empty" --option Threads="$threads" \
    --option Hash="$hash" --solve --multipv 256 --jobs 1 \
    --output "$work/$rule.jsonl" "$work/$rule.txt"
done

# 3. Move by move.
python3 - "$work" <<'PY'
import json, sys

work = sys.argv[1]
checked, differ = 0, 0
for rule in ("standard", "empty"):
    for record in map(json.loads, open(f"{work}/{rule}.jsonl")):
        book = dict(item.split(":") for item in record["id"].split())
        book = {move: int(value) for move, value in book.items()}
        if "error" in record:
            print(f"{rule} {record['position']}: {record['error']}")
            differ += 1
            continue
        lines = record.get("multipv") or []
        solved = {l["pv"][0]: l["score"]["proven"] // 100 for l in lines}
        if not solved:  # one legal move: line 1 alone
            solved = {record["bestmove"]: record["score"]["proven"] // 100}
        checked += 1
        if solved != book:
            differ += 1
            print(f"{rule} {record['position']}: book {book}, solved {solved}")
print(f"{checked} entries proven again, {differ} differ")
sys.exit(1 if differ else 0)
PY
