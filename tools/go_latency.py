"""How long Sissa takes from a `go` to the start of its search, as the game grows: plays a
game of Sissa against itself over UCI at a fixed number of nodes a move (so that two builds
with the same search play the same game), sending the whole game
(`position startpos moves ...`) before each `go` as a GUI does, and reads the engine's own
account of each move (`debug on`: "main thread 310 to 7498 us", from the arrival of the
`go`). What comes before the search (the position command's moves, the checks of a `go`,
starting the threads) is time taken from the clock at every move.

    python3 tools/go_latency.py --engine ./target/release/sissa --variant uc40 --plies 200

Prints the median and the largest delay of each block of plies.
"""

import argparse
import re
import shlex
import statistics

from uci_engine import UciEngine

MAIN_THREAD = re.compile(r"main thread (\d+) to")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the engine's command line")
    parser.add_argument("--variant", default="chess")
    parser.add_argument("--plies", type=int, default=200, help="most plies of the game")
    parser.add_argument("--nodes", type=int, default=2000, help="nodes a move")
    parser.add_argument("--block", type=int, default=20, help="plies a line of the report")
    args = parser.parse_args()

    engine = UciEngine(shlex.split(args.engine), [f"UCI_Variant={args.variant}", "Hash=8"])
    engine.send("debug on")
    played, delays = [], []
    for _ in range(args.plies):
        engine.send("position startpos" + (" moves " + " ".join(played) if played else ""))
        engine.send(f"go nodes {args.nodes}")
        delay = None
        while (words := engine.read_words()) == [] or words[0] != "bestmove":
            found = MAIN_THREAD.search(" ".join(words))
            if found:
                delay = int(found.group(1))
        if words[1] == "(none)":
            break  # the game is over: no search, no account
        if delay is None:
            raise SystemExit("the engine gave no account of its time (debug on)")
        delays.append(delay)
        played.append(words[1])
    engine.quit()

    print(f"{args.variant}: {len(delays)} moves, microseconds from go to the search")
    for first in range(0, len(delays), args.block):
        block = delays[first : first + args.block]
        last = first + len(block) - 1
        print(f"plies {first:3}-{last:3}: median {statistics.median(block):7.0f} max {max(block):7}")


if __name__ == "__main__":
    main()
