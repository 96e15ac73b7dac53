"""Ply's own rules, asked through `ply-engine` over UCI: the position a
list of moves leads to (`d`'s `Fen:` line) and whether the game is over
(`query gameover`). The checks of bench/other_programs.sh compare what the
outside programs (Aualé's client, pydraughts) say with this."""

import subprocess


class PlyRules:
    """One `ply-engine` process playing `variant`, asked position by position."""

    def __init__(self, engine, variant):
        self.process = subprocess.Popen(
            [engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self._send(f"setoption name UCI_Variant value {variant}")

    def _send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def _read_until(self, prefix):
        errors = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("ply-engine ended")
            line = line.rstrip("\n")
            if line.startswith("info string error"):
                errors.append(line)
            if line.startswith(prefix):
                return line[len(prefix):], errors

    def after(self, moves):
        """Ply's position string after `moves` from the start, whether the
        game is over there, and the errors Ply gave (none if every move is
        legal by its rules)."""
        self._send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self._send("d")
        fen, errors = self._read_until("Fen: ")
        self._send("query gameover")
        over, more = self._read_until("response ")
        return fen, over == "true", errors + more

    def close(self):
        self._send("quit")
        self.process.wait(timeout=10)
        self.process.stdin.close()
        self.process.stdout.close()
