"""Ply under Aualé's own engine client (`src/auale/uci/` of a checkout of
joansalasoler/auale, GPL-3.0, not part of Ply): whole Oware games driven
exactly as Aualé drives engines (`uci`, `OwnBook`, `ucinewgame`,
`isready`, `position … moves <letters>`, `go depth D movetime T`, and
`go ponder` / `stop` in the opponent's time, as at Aualé's hard levels),
every move checked by Aualé's rules (`Match.is_legal_move`) and every
position compared with Ply's rules.

    python auale_check.py --auale DIR --engine ply-engine [--aalina CMD] [--games N]

Game 1…N: Ply against Ply. With --aalina (the command that starts Aalina,
e.g. `/path/aalina/run/aalina`, to which `service` is added): one game
more each way, Ply against Aalina, both through Aualé's client.
"""

import argparse
import os
import queue
import shlex
import sys
import time

from ply_rules import PlyRules

MOVE_TIMEOUT = 60
MAX_PLIES = 400


def fail(message):
    """Ends the check at once: Aualé's client threads would keep a normal
    exit waiting (the engines end when their input closes)."""
    print(f"FAILED: {message}", file=sys.stderr, flush=True)
    os._exit(1)


def setup_auale(directory):
    sys.path.insert(0, os.path.join(directory, "src", "auale"))
    global Engine, Strength, Match, Oware
    from uci import Engine, Strength  # noqa: E402
    from game import Match, Oware  # noqa: E402


class Player:
    """One engine process, driven by Aualé's `Engine` client."""

    def __init__(self, command, name, failures):
        self.name = name
        self.engine = Engine(command)
        self.moves = queue.Queue()
        self.engine.connect("move-received", lambda client, params: self.moves.put(dict(params)))
        self.engine.connect("failure", lambda client, reason: failures.append((name, reason)))
        self.engine.set_playing_strength(Strength.MEDIUM)  # go depth 6 movetime 1200

    def settle(self):
        # Aualé's client says it is waiting only after the move's handlers ran.
        while self.engine.is_searching():
            time.sleep(0.005)

    def think(self, match):
        if self.engine.is_searching():
            # Pondering: Aualé stops it, throws the move away, and asks anew.
            self.engine.stop_thinking()
            self.settle()
            while not self.moves.empty():
                self.moves.get()
        self.engine.start_new_match(match)
        self.engine.start_thinking(match)
        try:
            params = self.moves.get(timeout=MOVE_TIMEOUT)
        except queue.Empty:
            fail(f"{self.name} gave no move in {MOVE_TIMEOUT} s")
        self.settle()
        return params

    def ponder(self, match, move):
        self.engine.start_pondering(match, move)

    def quit(self):
        self.engine.quit()


def ply_board(fen):
    """Ply's Oware position string as Aualé's board and turn."""
    south, south_store, north, north_store, side = fen.split()
    board = [int(n) for n in south.split(",") + north.split(",")]
    board += [int(south_store), int(north_store)]
    return board, Oware.SOUTH if side == "s" else Oware.NORTH


def play(players, names, rules, number, ponder):
    match = Match(Oware)
    letters, ply_moves = [], []
    for plies in range(MAX_PLIES):
        if match.has_ended():
            break
        player = players[match.get_turn()]
        params = player.think(match)
        letter = params["move"]
        move = Oware.to_move(letter)
        if not match.is_legal_move(move):
            fail(f"game {number}: {player.name} played {letter}, illegal by Aualé's rules")
        match.add_move(move)
        letters.append(letter)
        ply_moves.append(str(ord(letter.lower()) - ord("a") + 1))
        fen, over, errors = rules.after(ply_moves)
        if errors:
            fail(f"game {number}, move {plies + 1} {letter}: Ply's rules: {errors}")
        board, turn = ply_board(fen)
        if not over and (board, turn) != (list(match.get_board()[:14]), match.get_turn()):
            fail(
                f"game {number}, move {plies + 1}: Aualé has {match.get_board()} {match.get_turn()}, "
                f"Ply {board} {turn} ({fen})")
        if over != match.has_ended():
            print(f"  game {number}, move {plies + 1}: over by Ply's rules {over}, by Aualé's "
                  f"{match.has_ended()}")
            break
        if ponder and params.get("ponder"):
            player.ponder(match, Oware.to_move(params["ponder"]))
    winner = {Oware.SOUTH: names[Oware.SOUTH], Oware.NORTH: names[Oware.NORTH]}.get(
        match.get_winner(), "nobody (draw)")
    print(f"game {number}: {names[Oware.SOUTH]} (South) against {names[Oware.NORTH]} (North): "
          f"{len(letters)} moves, every one legal by Aualé's rules and every position Ply's; "
          f"stores {match.get_board()[12:14]}, winner {winner}; moves {''.join(letters)}")
    return len(letters)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--auale", required=True, help="a checkout of joansalasoler/auale")
    parser.add_argument("--engine", required=True)
    parser.add_argument("--aalina", help="the command that starts Aalina (without 'service')")
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    setup_auale(args.auale)
    ply = [os.path.abspath(args.engine), "--protocol", "aalina"]
    rules = PlyRules(os.path.abspath(args.engine), "oware")
    failures = []

    # 1. Ply against Ply, pondering in the opponent's time.
    south, north = Player(ply, "Ply", failures), Player(ply, "Ply", failures)
    print("engine name through Aualé:", south.engine.get_player_name())
    moves = 0
    for number in range(1, args.games + 1):
        moves += play({Oware.SOUTH: south, Oware.NORTH: north},
                      {Oware.SOUTH: "Ply", Oware.NORTH: "Ply"}, rules, number, ponder=True)
    south.quit()
    north.quit()

    # 2. Ply against Aalina, both through Aualé's client, each side once.
    if args.aalina:
        aalina = shlex.split(args.aalina) + ["service"]
        for number, ply_side in enumerate((Oware.SOUTH, Oware.NORTH), start=args.games + 1):
            players = {ply_side: Player(ply, "Ply", failures),
                       -ply_side: Player(aalina, "Aalina", failures)}
            names = {side: player.name for side, player in players.items()}
            moves += play(players, names, rules, number, ponder=False)
            for player in players.values():
                player.quit()
    rules.close()
    if failures:
        fail(f"Aualé's client reported failures: {failures}")
    print(f"{moves} moves through Aualé's client: every one legal, every position the same as Ply's")


if __name__ == "__main__":
    sys.exit(main())
