#!/usr/bin/env python3
"""What a second search thread buys, per game: time to depth and nodes/s.

For each game, `go depth D` from the start position is timed with
`Threads 1` and with `Threads N`, runs taken in turn (1, N, 1, N, ...) so
that a change in the machine's load falls on both alike; each run is a
fresh engine process with an empty table. Prints, per game, the median
wall time to reach depth D (until `bestmove`), the ratio of the medians
(above 1: the threads reach the depth sooner), and the nodes a second of
the last `info` line. With several threads, "reaching depth D" means any
thread finishing it (the search ends then, see docs/engine.md).

    bench/threads.py [--threads N] [--pairs K] [--hash MB] [GAME:DEPTH ...]

The default games and depths take a few seconds a run on a 2-core machine:
kalah (6 pits, 6 seeds), oware and russian.
"""

import argparse
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "target" / "release" / "ply-engine"

# The setup of each game: UCI_Variant and the options that make it the
# game measured.
SETUPS = {
    "kalah": ["setoption name UCI_Variant value kalah", "setoption name Seeds value 6"],
    "oware": ["setoption name UCI_Variant value oware"],
    "russian": ["setoption name UCI_Variant value russian"],
}
DEFAULT_RUNS = ["kalah:20", "oware:19", "russian:16"]


def one_run(game, depth, threads, hash_mb):
    """Seconds from `go` to `bestmove`, and the last info line's nps."""
    proc = subprocess.Popen(
        [str(ENGINE)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    setup = ["uci", *SETUPS[game], f"setoption name Threads value {threads}",
             f"setoption name Hash value {hash_mb}", "position startpos", "isready"]
    proc.stdin.write("\n".join(setup) + "\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if line.startswith("readyok"):
            break
    started = time.perf_counter()
    proc.stdin.write(f"go depth {depth}\n")
    proc.stdin.flush()
    nps = None
    for line in proc.stdout:
        words = line.split()
        if "nps" in words:
            nps = int(words[words.index("nps") + 1])
        if line.startswith("bestmove"):
            break
    elapsed = time.perf_counter() - started
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    return elapsed, nps


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--hash", type=int, default=64)
    parser.add_argument("runs", nargs="*", default=DEFAULT_RUNS, help="GAME:DEPTH")
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "ply-engine"], cwd=ROOT, check=True)
    print(f"| game, go depth | Threads 1: median s | Threads {args.threads}: median s "
          f"| 1 / {args.threads} | nps 1 → {args.threads} |")
    print("| --- | --- | --- | --- | --- |")
    for run in args.runs:
        game, depth = run.split(":")
        times = {1: [], args.threads: []}
        rates = {1: [], args.threads: []}
        for _ in range(args.pairs):
            for threads in (1, args.threads):
                elapsed, nps = one_run(game, int(depth), threads, args.hash)
                times[threads].append(elapsed)
                if nps:
                    rates[threads].append(nps)
        one = statistics.median(times[1])
        many = statistics.median(times[args.threads])
        nps_one = statistics.median(rates[1]) / 1e6 if rates[1] else float("nan")
        nps_many = statistics.median(rates[args.threads]) / 1e6 if rates[args.threads] else float("nan")
        print(f"| {game}, {depth} | {one:.2f} | {many:.2f} | {one / many:.2f} "
              f"| {nps_one:.2f} M → {nps_many:.2f} M |", flush=True)


if __name__ == "__main__":
    main()
