#!/usr/bin/env python3
"""Score a UCI chess engine on a test suite of EPD positions with best moves.

Each line of the suite is a position (the four FEN fields of EPD) with a `bm` operation
(one or more best moves in SAN) and usually an `id`. The engine searches each position from
an empty table (`ucinewgame`) for a fixed number of nodes, so that two engines, or two
builds, are compared on the same work and the count does not depend on the machine's load.
A position counts as solved when the move played is one of its best moves.

    python3 tools/epd_suite.py --engine ./target/release/sissa --suite wac.epd --nodes 50000
    python3 tools/epd_suite.py --engine fairy-stockfish --suite wac.epd --nodes 50000 \\
        --option "Use NNUE=false"

Prints one line per position not solved (its id, the best moves, the move played) and a
last line `solved N/M`. Needs the `chess` package (python-chess) to read SAN.
"""

import argparse
import sys

import chess

from uci_engine import UciEngine


def best_move(engine, fen, nodes):
    """The move `engine` plays in `fen` after `nodes` nodes from an empty table."""
    engine.send("ucinewgame")
    engine.send(f"position fen {fen}")
    engine.send(f"go nodes {nodes}")
    words = engine.wait_for("bestmove")
    return words[1] if len(words) > 1 else "(none)"


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

    engine = UciEngine(args.engine.split(), args.option)
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
            played = best_move(engine, board.fen(), args.nodes)
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
