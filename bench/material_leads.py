#!/usr/bin/env python3
"""How often an engine led by a man or more in Russian draughts and did not win.

Reads `ply-referee -results` files (one JSON line a game), replays each
game's moves from its opening position, and counts, for ENGINE, the games
in which at some quiet position (the side to move has no capture: the
move played next is not one) ENGINE's material was at least one man more
than its opponent's, a king counted as 2.5 men (the weight the engine's
evaluation and `annotate` give it), and how many of those it did not win.
That is the count issue 27 asks for: leads the engine could not convert.

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


def game_leads(game, engine):
    """The most `engine` led by (in men) at a quiet position, its colour, and whether it won."""
    colour = "W" if game["p1"] == engine else "B"
    if engine not in (game["p1"], game["p2"]):
        return None
    side, board = read_position(game["opening"]["fen"])
    best = 0
    moves = game["moves"]
    for i, move in enumerate(moves):
        play(board, side, move)
        side = "B" if side == "W" else "W"
        quiet = i + 1 >= len(moves) or ":" not in moves[i + 1]
        if quiet:
            other = "B" if colour == "W" else "W"
            best = max(best, material(board, colour) - material(board, other))
    won = game["result"] == ("p1win" if colour == "W" else "p2win")
    return best, colour, won


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="the engine's name in the results")
    parser.add_argument("results", nargs="+")
    args = parser.parse_args()
    games = led = led_not_won = 0
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
                lead, colour, won = found
                if lead >= 1:
                    led += 1
                    if not won:
                        led_not_won += 1
                        lines.append(
                            f"  game {game['game']} ({args.engine} {colour}): {game['score']}, "
                            f"led by {lead:g}, {game.get('reason') or ''}"
                        )
    print(f"{args.engine}: {games} games, led by a man or more in {led}, "
          f"of which not won: {led_not_won}")
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
