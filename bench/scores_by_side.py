#!/usr/bin/env python3
"""An engine's score as each side: the first player and the second.

Reads `ply-referee -results` files (one JSON line a game) and counts, for
ENGINE, its wins, draws and losses in the games it played as the first
player (`p1`: South in Kalah and Oware, White in Russian draughts) and as
the second (`p2`), and its score in each as a share of the points. Games
with no result (interrupted, or `*`) are left out and counted apart.

    bench/scores_by_side.py --engine NAME RESULTS.jsonl [MORE.jsonl ...]

The anchor matches' goals ask for a score "as either side": a colour-swapped
match plays every opening once from each side, and an engine that scores
well only as one of them is weaker than its total says.
"""

import argparse
import json
import sys

# The first player and the second, as the results name them.
SIDES = ("p1", "p2")

# A result's column in the first player's [won, drawn, lost]; the second
# player's is the mirror (2 - column).
FIRST_PLAYER_COLUMN = {"p1win": 0, "draw": 1, "p2win": 2}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="the engine's name in the results")
    parser.add_argument("results", nargs="+", help="ply-referee -results files")
    args = parser.parse_args()

    # side -> [wins, draws, losses]
    counts = {side: [0, 0, 0] for side in SIDES}
    unfinished = 0
    for path in args.results:
        with open(path, encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                if not line.strip():
                    continue
                try:
                    game = json.loads(line)
                except json.JSONDecodeError as error:
                    sys.exit(f"{path}:{number}: not a JSON line: {error}")
                side = next((s for s in SIDES if game.get(s) == args.engine), None)
                if side is None:
                    continue
                column = FIRST_PLAYER_COLUMN.get(game.get("result"))
                if column is None:
                    unfinished += 1
                    continue
                counts[side][column if side == "p1" else 2 - column] += 1

    if not any(sum(c) for c in counts.values()):
        sys.exit(f"no finished game of {args.engine!r} in {', '.join(args.results)}")
    total = [sum(column) for column in zip(*counts.values())]
    for label, (wins, draws, losses) in (
        ("as p1 (South / White)", counts["p1"]),
        ("as p2 (North / Black)", counts["p2"]),
        ("in all", total),
    ):
        games = wins + draws + losses
        score = wins + draws / 2
        share = f"{100 * score / games:.1f} %" if games else "-"
        print(
            f"{args.engine} {label}: {wins} - {draws} - {losses} (won - drawn - lost)"
            f" in {games} games: {score:g} points, {share}"
        )
    if unfinished:
        print(f"({unfinished} games without a result left out)")


if __name__ == "__main__":
    main()
