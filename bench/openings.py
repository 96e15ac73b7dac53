#!/usr/bin/env python3
"""Balanced openings for matches, for any game Ply plays.

Every sequence of PLIES moves from the start position is listed with the
engine's own move generator (`go perft 1` after each prefix), each is
scored by `ply-engine analyse --depth D`, and the COUNT whose score is
nearest 0 are kept (ties in the order listed, or shuffled
with --shuffle-ties) and written as move lists for
`ply-referee -openings file=... format=moves -repeat`, which plays each
with colours swapped. A game with no score scale near 0 for its openings
(a proven result) simply keeps the nearest ones.

    bench/openings.py --variant kalah --option Seeds=6 --plies 3 --depth 16 --count 50 > FILE
    bench/openings.py --variant russian --plies 4 --depth 12 --count 60 --shuffle-ties > FILE

The shipped files under referee/openings/ name the command that made them
in their header.
"""

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "target" / "release" / "ply-engine"
# The shuffle that orders openings of equal score, fixed so that a rerun
# writes the same file.
SHUFFLE_SEED = 1


class Lister:
    """One engine process that lists the legal moves after a move prefix."""

    def __init__(self, variant, options):
        self.proc = subprocess.Popen(
            [str(ENGINE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.send("uci")
        self.read_until("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        for option in options:
            name, value = option.split("=", 1)
            self.send(f"setoption name {name} value {value}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        lines = []
        for line in self.proc.stdout:
            line = line.strip()
            if line.startswith(prefix):
                return lines
            lines.append(line)
        sys.exit(f"the engine ended before answering {prefix!r}")

    def moves_after(self, prefix):
        suffix = f" moves {' '.join(prefix)}" if prefix else ""
        self.send(f"position startpos{suffix}")
        self.send("go perft 1")
        lines = self.read_until("Nodes searched")
        # "MOVE: COUNT" lines; a draughts capture has a ':' of its own (d4:f6).
        return [
            line.rsplit(":", 1)[0]
            for line in lines
            if ":" in line and not line.startswith("info")
        ]

    def close(self):
        self.send("quit")
        self.proc.wait()


def all_sequences(lister, plies):
    """Every legal sequence of `plies` moves (shorter where the game ends)."""
    sequences = [[]]
    for _ in range(plies):
        longer = []
        for prefix in sequences:
            moves = lister.moves_after(prefix)
            if not moves:
                continue
            longer.extend(prefix + [mv] for mv in moves)
        sequences = longer
    return sequences


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", required=True)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, repeatable")
    parser.add_argument("--plies", type=int, default=3)
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument(
        "--shuffle-ties", action="store_true", help="keep equal scores in a fixed shuffled order"
    )
    args = parser.parse_args()
    subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "ply-engine"], cwd=ROOT, check=True
    )

    # 1. List every sequence with the engine's move generator.
    lister = Lister(args.variant, args.option)
    sequences = all_sequences(lister, args.plies)
    lister.close()

    # 2. Score each position after them.
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as positions:
        for seq in sequences:
            positions.write(f"startpos moves {' '.join(seq)}\n")
        positions.flush()
        command = [str(ENGINE), "analyse", "--variant", args.variant, "--depth", str(args.depth)]
        for option in args.option:
            command += ["--option", option]
        analysed = subprocess.run(
            command + [positions.name], capture_output=True, text=True, check=True
        )
    scored = []
    for text in analysed.stdout.splitlines():
        record = json.loads(text)
        cp = record.get("score", {}).get("cp")
        if cp is not None:
            index = record["line"] - 1
            scored.append((abs(cp), index, " ".join(sequences[index]), cp))

    # 3. Keep the nearest to 0; among equal scores, the first listed or
    #    (--shuffle-ties) a fixed shuffle, for games where many openings
    #    score alike and the first listed would all start the same way.
    if args.shuffle_ties:
        random.Random(SHUFFLE_SEED).shuffle(scored)
    kept = sorted(scored, key=lambda k: k[0])[: args.count]
    options = "".join(f" --option {o}" for o in args.option)
    print(f"# {args.variant}{options}: the {len(kept)} {args.plies}-move openings of the "
          f"{len(sequences)} legal ones whose")
    print(f"# ply-engine score at depth {args.depth} is nearest 0; scores for the side to move after them")
    print("# in the comments. Made by:")
    shuffle = " --shuffle-ties" if args.shuffle_ties else ""
    print(f"#   bench/openings.py --variant {args.variant}{options} --plies {args.plies} "
          f"--depth {args.depth} --count {args.count}{shuffle}")
    print("# Use with: -openings file=THIS format=moves -repeat")
    for _, _, moves, cp in sorted(kept, key=lambda k: k[1]):
        print(f"{moves}  # {cp:+d}")


if __name__ == "__main__":
    main()
