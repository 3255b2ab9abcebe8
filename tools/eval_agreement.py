#!/usr/bin/env python3
"""How close static evaluations come to a judge's search score on the quiet positions of a
match's games: Sissa's (`sissa eval`) and a UCI engine's of the Stockfish family (its `eval`
command, e.g. Fairy-Stockfish's classical evaluation with `--option "Use NNUE=false"`).

The positions are those where the side to move is not in check and the move the game went
on with is no capture, promotion or check (a static evaluation cannot see a tactic under
way), from the ply after the opening's on, every other ply, a random sample of
`--positions` of them (seeded). Positions the judge scores beyond +-1000 cp or as a mate
are left out. Every score is in centipawns from White's view; each row of `--out` holds
the judge's, Sissa's and the engine's score and the FEN. The static scores are measured
held to +-1000 cp as the judge's are: an engine's evaluation may score an endgame it knows
as won by a hundred pawns, which no scale fits to a search score.

Each evaluation is then measured against the judge, in groups of positions (all of them,
the judge's score within 300 and 150 cp, by the pieces on the board besides kings and
pawns): the scale that fits it best to the judge's scores by least squares through zero,
the root mean square error left after that scale, and the correlation.

    python3 tools/eval_agreement.py --pgn docs/strength/chess-fsf-classical-8266734.pgn \\
        --sissa ./sissa --engine fairy-stockfish --option "Use NNUE=false" \\
        --judge stockfish --judge-nodes 50000 --positions 1500 --out agreement.tsv
    python3 tools/eval_agreement.py --summary agreement.tsv     # the measures again
"""

import argparse
import math
import random
import re
import subprocess
import sys

import chess
import chess.pgn

from chess_selfplay import is_quiet
from move_losses import CAP, judge_score, opening_length
from uci_engine import UciEngine
from uci_static_scores import static_score


def quiet_positions(path):
    """The FENs of the quiet positions of every game of the PGN at `path` (module doc)."""
    fens = []
    with open(path) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            board = game.board()
            first = opening_length(game)
            for ply, move in enumerate(game.mainline_moves()):
                quiet = is_quiet(board, move) and not board.gives_check(move)
                if ply >= first and (ply - first) % 2 == 0 and quiet:
                    fens.append(board.fen())
                board.push(move)
    return fens


def sissa_score(sissa, fen):
    """Sissa's static evaluation of `fen`, White's view."""
    command = [sissa, "eval", "--variant", "chess", "--fen", fen]
    report = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return int(re.search(r"(-?\d+) cp from White's view", report).group(1))


def collect(args):
    fens = quiet_positions(args.pgn)
    random.Random(args.seed).shuffle(fens)
    judge = UciEngine([args.judge], ["Hash=64"])
    engine = UciEngine([args.engine], args.option)
    rows = []
    for n, fen in enumerate(fens[: args.positions]):
        board = chess.Board(fen)
        judged = judge_score(judge, board, args.judge_nodes)
        if abs(judged) >= CAP:
            continue
        white = 1 if board.turn == chess.WHITE else -1
        rows.append((judged * white, sissa_score(args.sissa, fen), static_score(engine, fen), fen))
        if (n + 1) % 100 == 0:
            print(f"{n + 1} positions", file=sys.stderr)
    judge.quit()
    engine.quit()
    with open(args.out, "w") as out:
        for row in rows:
            out.write("\t".join(map(str, row)) + "\n")
    return rows


def read_rows(path):
    rows = []
    with open(path) as lines:
        for line in lines:
            judged, sissa, engine, fen = line.rstrip("\n").split("\t")
            rows.append((int(judged), int(sissa), int(engine), fen))
    return rows


def pieces(fen):
    """The pieces on the board besides kings and pawns."""
    return sum(1 for c in fen.split()[0] if c.isalpha() and c not in "kKpP")


def measures(xs, ys):
    """(scale, rmse, correlation) of the scores `xs` against the judge's `ys`."""
    squares = sum(x * x for x in xs)
    scale = sum(x * y for x, y in zip(xs, ys)) / squares if squares else 0.0
    rmse = math.sqrt(sum((scale * x - y) ** 2 for x, y in zip(xs, ys)) / len(xs))
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sx = sum((x - mx) ** 2 for x in xs)
    sy = sum((y - my) ** 2 for y in ys)
    covariance = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    correlation = covariance / math.sqrt(sx * sy) if sx and sy else 0.0
    return scale, rmse, correlation


GROUPS = [
    ("all", lambda row: True),
    ("judge within 300", lambda row: abs(row[0]) <= 300),
    ("judge within 150", lambda row: abs(row[0]) <= 150),
    ("10 or more pieces", lambda row: pieces(row[3]) >= 10),
    ("6 to 9 pieces", lambda row: 6 <= pieces(row[3]) <= 9),
    ("5 or fewer pieces", lambda row: pieces(row[3]) <= 5),
]


def summary(rows):
    for name, member in GROUPS:
        group = [row for row in rows if member(row)]
        if not group:
            continue
        judged = [row[0] for row in group]
        for column, who in ((1, "sissa"), (2, "engine")):
            scores = [max(-CAP, min(CAP, row[column])) for row in group]
            scale, rmse, correlation = measures(scores, judged)
            print(
                f"{name}: {who} positions {len(group)} scale {scale:.3f} "
                f"rmse {rmse:.1f} correlation {correlation:.3f}"
            )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--summary", help="measure the rows of an earlier --out file")
    parser.add_argument("--pgn", help="the games")
    parser.add_argument("--sissa", default="sissa", help="Sissa's command")
    parser.add_argument("--engine", help="the other evaluation's UCI engine")
    parser.add_argument("--option", action="append", default=[], help="Name=value, for --engine")
    parser.add_argument("--judge", default="stockfish", help="the judge's UCI engine")
    parser.add_argument("--judge-nodes", type=int, default=50000)
    parser.add_argument("--positions", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="the rows collected")
    args = parser.parse_args()
    if args.summary:
        rows = read_rows(args.summary)
    elif args.pgn and args.engine and args.out:
        rows = collect(args)
    else:
        parser.error("give --summary FILE, or --pgn, --engine and --out")
    summary(rows)


if __name__ == "__main__":
    main()
