"""Ply under pydraughts (Hub): whole Russian draughts games through
pydraughts' own HubEngine, every move checked by pydraughts (it refuses a
move it does not find among its legal moves) and by Ply's rules (the
position after each move, compared square by square), then a small
RoundRobin tournament of Ply against itself at two depths.

    python pydraughts_check.py --engine target/release/ply-engine [--games N]
"""

import argparse
import os
import sys
import tempfile

from draughts import Board
from draughts.engine import HubEngine, Limit
from draughts.tournament import RoundRobin

from ply_rules import PlyRules

HERE = os.path.dirname(os.path.abspath(__file__))
# pydraughts numbers Russian squares from a1 (1) to h8 (32) in moves, and
# lays its position string out from b8; Ply writes squares as a1 … h8.
RANKS = 8
PER_RANK = 4
MAX_PLIES = 300


def square_name(number):
    index = int(number) - 1
    rank, column = divmod(index, PER_RANK)
    return "abcdefgh"[2 * column + rank % 2] + str(rank + 1)


def ply_move(hub_move):
    """A Hub move in Ply's notation: `from-to`, or the capture `from:to`
    (Ply reads the short form when one capture joins the two squares)."""
    if "x" in hub_move:
        squares = hub_move.split("x")
        return square_name(squares[0]) + ":" + square_name(squares[1])
    start, end = hub_move.split("-")
    return square_name(start) + "-" + square_name(end)


def hub_layout(ply_fen):
    """Ply's position string (`W:Wa1,Kc3:Bh8`) in pydraughts' Hub form."""
    side, *lists = ply_fen.split(":")
    squares = ["e"] * 32
    for pieces in lists:
        colour, names = pieces[0], pieces[1:]
        for name in filter(None, names.split(",")):
            king = name.startswith("K")
            name = name.lstrip("K")
            file, rank = "abcdefgh".index(name[0]), int(name[1:]) - 1
            number = rank * PER_RANK + file // 2
            k = (RANKS - 1 - rank) * PER_RANK + number % PER_RANK
            letter = colour.lower()
            squares[k] = letter.upper() if king else letter
    return side + "".join(squares)


def play_game(engines, limits, rules, number):
    board = Board("russian")
    hub_moves, ply_moves = [], []
    for ply in range(MAX_PLIES):
        if board.is_over():
            break
        side = ply % 2
        result = engines[side].play(board, limits[side], False)
        board.push(result.move)  # pydraughts' own check: a move it has
        hub_moves.append(result.move.hub_move)
        ply_moves.append(ply_move(result.move.hub_move))
        fen, over, errors = rules.after(ply_moves)
        if errors:
            raise SystemExit(f"game {number}, move {ply + 1} {result.move.hub_move}: Ply's rules: {errors}")
        if hub_layout(fen) != board._game.get_fen():
            raise SystemExit(
                f"game {number}, move {ply + 1}: pydraughts has {board._game.get_fen()}, "
                f"Ply {hub_layout(fen)} ({fen})")
        if over != board.is_over():
            print(f"  game {number}, move {ply + 1}: game over by Ply's rules {over}, "
                  f"by pydraughts' {board.is_over()} (their draw rules differ)")
            break
    winner = board.winner() if board.is_over() else None
    print(f"game {number}: {len(hub_moves)} moves, every one legal by both; "
          f"pydraughts' result {winner!r}; moves: {' '.join(hub_moves[:12])} …")
    return len(hub_moves)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True)
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    engine = os.path.abspath(args.engine)

    # 1. Whole games through HubEngine: depth 5 against 0.05 s a move.
    rules = PlyRules(engine, "russian")
    engines = []
    for _ in range(2):
        hub = HubEngine([engine])
        print("engine:", hub.id, "variants:", hub.variants)
        hub.configure({"variant": "russian"})
        hub.init()
        engines.append(hub)
    limits = [Limit(depth=5), Limit(movetime=0.05)]
    moves = 0
    for number in range(1, args.games + 1):
        order = [0, 1] if number % 2 else [1, 0]
        moves += play_game([engines[i] for i in order], [limits[i] for i in order], rules, number)
    for hub in engines:
        hub.quit()
        hub.kill_process()
    rules.close()
    print(f"{args.games} games, {moves} moves: pydraughts and Ply agree on every one")

    # 2. RoundRobin: Ply at depth 2 against Ply at depth 4, colours swapped.
    os.environ["PLY_ENGINE"] = engine
    wrapper = os.path.join(HERE, "hub_at_depth.sh")
    players = [([wrapper, str(depth)], "hub", {"variant": "russian"}, None) for depth in (2, 4)]
    with tempfile.TemporaryDirectory() as work:
        tournament = RoundRobin(os.path.join(work, "ply.pdn"), players, start_time=60, increment=1,
                                variant="russian", games_per_pair=4, max_moves=200)
        scores = tournament.play()
        tournament.print_standings()
    print("RoundRobin scores (2 a win, 1 a draw; depth 2, depth 4):", scores)
    print("RoundRobin results [wins, draws, losses]:", tournament.results)


if __name__ == "__main__":
    sys.exit(main())
