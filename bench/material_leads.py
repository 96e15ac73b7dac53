#!/usr/bin/env python3
"""How often an engine led by a man or more in Russian draughts and did not win.

Reads `ply-referee -results` files (one JSON line a game), replays each
game's moves from its opening position, and counts, for ENGINE, the games
in which at some quiet position (the side to move has no capture: the
move played next is not one) ENGINE's material was at least one man more
than its opponent's, a king counted as 2.5 men (the weight the engine's
evaluation and `annotate` give it), and how many of those it did not win.
That is the count issue 27 asks for: leads the engine could not convert.

A lead by material alone may be no lead: the other side may win the man
back, or hold a draw the engine's own search already sees. So for each
game led and not won, the engine's own score is given too: the first
score it reported after the lead arose, leaving out the one-ply scores of
captures (a forced capture is answered at once, its score the shallow
value of a position in mid-exchange; a one-ply answer from the endgame
tables is exact and counts), and the games in which that score was at
least SEEN_LEAD are counted.

    bench/material_leads.py --engine NAME RESULTS.jsonl [MORE.jsonl ...]

Prints the totals, then the games led and not won, each with its result,
the lead and the reason the game ended.
"""

import argparse
import json
import sys

FILES = "abcdefgh"

# What a king is worth in men.
KING_MEN = 2.5

# The engine's own score (centi-men) from which it is counted as seeing
# its lead: half a man.
SEEN_LEAD = 50


def square(name):
    """(file, rank), both 0-7, of a square name such as `c3`."""
    return FILES.index(name[0]), int(name[1:]) - 1


def read_position(fen):
    """The board of a position string (`W:Wa1,Kc3:Bb8`): {square: (side, king)}."""
    board = {}
    side_to_move, *parts = fen.split(":")
    for part in parts:
        side, pieces = part[0], part[1:]
        for piece in filter(None, pieces.split(",")):
            king = piece.startswith("K")
            board[square(piece.lstrip("K"))] = (side, king)
    return side_to_move, board


def play(board, side, move):
    """Plays `move` (`c3-d4`, `c3:e5:g3`) for `side` ('W' or 'B') on `board`."""
    capture = ":" in move
    path = [square(s) for s in move.replace(":", "-").split("-")]
    piece_side, king = board.pop(path[0])
    assert piece_side == side, f"{move}: not {side}'s piece"
    last_rank = 7 if side == "W" else 0
    for start, end in zip(path, path[1:]):
        if capture:
            df = 1 if end[0] > start[0] else -1
            dr = 1 if end[1] > start[1] else -1
            f, r = start[0] + df, start[1] + dr
            while (f, r) != end:
                if (f, r) in board:
                    del board[(f, r)]
                    break
                f, r = f + df, r + dr
        if end[1] == last_rank:
            king = True
    board[path[-1]] = (side, king)


def material(board, side):
    """`side`'s material in men, a king counting KING_MEN."""
    return sum(KING_MEN if king else 1 for s, king in board.values() if s == side)


def own_score(game, engine, after):
    """`engine`'s first score, over the moves after the move at index
    `after` of the game's moves, that is not a forced capture's one-ply
    score, if any."""
    slot = "p1" if game["p1"] == engine else "p2"
    details = game.get("details") or []
    # The details start after the opening's moves.
    first = len(game["moves"]) - len(details)
    for detail in details[max(after + 1 - first, 0):]:
        forced = (detail.get("depth") or 0) <= 1 and ":" in detail.get("move", "")
        if detail.get("side") == slot and detail.get("cp") is not None and not forced:
            return detail["cp"]
    return None


def game_leads(game, engine):
    """The most `engine` led by (in men) at a quiet position, its colour,
    whether it won, and its own score once it first led by a man."""
    colour = "W" if game["p1"] == engine else "B"
    if engine not in (game["p1"], game["p2"]):
        return None
    side, board = read_position(game["opening"]["fen"])
    best = 0
    score = None
    moves = game["moves"]
    for i, move in enumerate(moves):
        play(board, side, move)
        side = "B" if side == "W" else "W"
        quiet = i + 1 >= len(moves) or ":" not in moves[i + 1]
        if quiet:
            other = "B" if colour == "W" else "W"
            lead = material(board, colour) - material(board, other)
            if lead >= 1 and best < 1:
                score = own_score(game, engine, i)
            best = max(best, lead)
    won = game["result"] == ("p1win" if colour == "W" else "p2win")
    return best, colour, won, score


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="the engine's name in the results")
    parser.add_argument("results", nargs="+")
    args = parser.parse_args()
    games = led = led_not_won = seen_not_won = 0
    lines = []
    for path in args.results:
        with open(path, encoding="utf-8") as f:
            for line in f:
                game = json.loads(line)
                if game.get("variant") != "russian":
                    continue
                found = game_leads(game, args.engine)
                if found is None:
                    continue
                games += 1
                lead, colour, won, score = found
                if lead >= 1:
                    led += 1
                    if not won:
                        led_not_won += 1
                        seen = score is not None and score >= SEEN_LEAD
                        seen_not_won += seen
                        said = "no score" if score is None else f"its own score {score:+d}"
                        lines.append(
                            f"  game {game['game']} ({args.engine} {colour}): {game['score']}, "
                            f"led by {lead:g} ({said}), {game.get('reason') or ''}"
                        )
    print(f"{args.engine}: {games} games, led by a man or more in {led}, "
          f"of which not won: {led_not_won}, "
          f"{seen_not_won} of them with its own score at least {SEEN_LEAD:+d} once it led")
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
