#!/usr/bin/env python3
"""Score a UCI chess engine on a test suite of EPD positions with best moves.

Each line of the suite is a position (the four FEN fields of EPD) with a `bm` operation
(one or more best moves in SAN) and usually an `id`. The engine searches each position from
an empty table (`ucinewgame`) for a fixed number of nodes, so that two engines, or two
builds, are compared on the same work and the count does not depend on the machine's load.
A position counts as solved when the move played is one of its best moves.

    python3 tools/epd_suite.py --engine ./target/release/sissa --suite wac.epd --nodes 50000
    python3 tools/epd_suite.py --engine fairy-stockfish --suite wac.epd --nodes 50000 \
        --option "Use NNUE=false"

Prints one line per position not solved (its id, the best moves, the move played) and a
last line `solved N/M`. Needs the `chess` package (python-chess) to read SAN.
"""

import argparse
import subprocess
import sys

import chess


class Engine:
    """A UCI engine on pipes."""

    def __init__(self, command, options):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        for option in options:
            name, _, value = option.partition("=")
            self.send(f"setoption name {name.strip()} value {value.strip()}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, prefix):
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit(f"the engine ended before answering {prefix!r}")
            if line.startswith(prefix):
                return line

    def best_move(self, fen, nodes):
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        words = self.wait_for("bestmove").split()
        return words[1] if len(words) > 1 else "(none)"

    def quit(self):
        self.send("quit")
        self.process.wait(timeout=10)


def parse_line(line):
    """The board, the best moves and the id of one EPD line, or None for a blank line."""
    fields = line.split()
    if len(fields) < 4:
        return None
    board = chess.Board(" ".join(fields[:4]) + " 0 1")
    operations = {}
    for operation in " ".join(fields[4:]).split(";"):
        opcode, _, operand = operation.strip().partition(" ")
        if opcode:
            operations[opcode] = operand.strip().strip('"')
    if "bm" not in operations:
        raise ValueError(f"no best move (bm) in: {line.strip()}")
    best = {board.parse_san(san) for san in operations["bm"].split()}
    return board, best, operations.get("id", fields[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the engine's command")
    parser.add_argument("--suite", required=True, help="the EPD file")
    parser.add_argument("--nodes", type=int, default=50000, help="nodes per position")
    parser.add_argument(
        "--option", action="append", default=[], help='a UCI option, "Name=value"; repeatable'
    )
    args = parser.parse_args()

    engine = Engine(args.engine.split(), args.option)
    solved = total = 0
    with open(args.suite) as suite:
        for number, line in enumerate(suite, 1):
            try:
                parsed = parse_line(line)
            except ValueError as error:
                sys.exit(f"{args.suite}:{number}: {error}")
            if parsed is None:
                continue
            board, best, name = parsed
            played = engine.best_move(board.fen(), args.nodes)
            total += 1
            if played != "(none)" and chess.Move.from_uci(played) in best:
                solved += 1
            else:
                wanted = " ".join(sorted(board.san(m) for m in best))
                print(f"{name}: best {wanted}, played {played}")
    engine.quit()
    print(f"solved {solved}/{total}")


if __name__ == "__main__":
    main()
