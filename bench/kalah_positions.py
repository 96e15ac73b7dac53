#!/usr/bin/env python3
"""Positions of Kalah from random play with a fixed seed, for the benchmarks:
one line each, `startpos moves ... ; rN`, so that the engine checks every
move. Games that end within the plies drawn are skipped.

Usage: bench/kalah_positions.py PITS SEEDS COUNT MIN_PLIES MAX_PLIES SEED EMPTY_CAPTURE(true|false)

Board: pits 0..PITS-1 south, PITS its store, then north's pits and store;
a move is a pit 1..PITS from the mover's own left.
"""
import random, sys

PITS, SEEDS, count, min_plies, max_plies, seed = map(int, sys.argv[1:7])
empty_capture = sys.argv[7] == "true"
rng = random.Random(seed)

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
    if at in own and board[at] == 1 and (board[opposite] > 0 or empty_capture):
        board[store] += board[at] + board[opposite]
        board[at] = board[opposite] = 0
    return side if at == store else 1 - side

def over(board):
    return sum(board[0:PITS]) == 0 or sum(board[PITS + 1:2 * PITS + 1]) == 0

written = 0
while written < count:
    board = ([SEEDS] * PITS + [0]) * 2
    side, moves = 0, []
    for _ in range(rng.randint(min_plies, max_plies)):
        base = side * (PITS + 1)
        legal = [p for p in range(PITS) if board[base + p] > 0]
        pit = rng.choice(legal)
        moves.append(str(pit + 1))
        side = play(board, side, pit)
        if over(board):
            break
    if not over(board):
        line = "startpos moves " + " ".join(moves) if moves else "startpos"
        print(f"{line} ; r{written + 1}")
        written += 1
