#!/usr/bin/env python3
"""Chess training data from the games of a PGN, each position scored by a judge engine's
search, in the format of `sissa datagen`, so that `sissa tune` can fit Sissa's evaluation to
the positions of its matches against another engine (docs/tuning.md). Self-play, Sissa's or
Stockfish's, reaches the positions both sides steer into; a match against a stronger engine
reaches the ones that engine steers Sissa into, which are the ones Sissa misjudges.

    tools/judged_positions.py --pgn fsf-games.pgn --judge stockfish --judge-nodes 6000 \\
        --out fsf-games.data

The positions are those `tools/chess_selfplay.py` writes: the side to move is not in check
and the move the game went on with captures nothing and promotes nothing; from the ply after
the opening's (the move commented `opening` by `sissa match`) on. Each is scored by the judge
at `--judge-nodes` nodes, its table cleared first (so a deterministic judge gives the same
file every time); a position the judge calls a mate or scores at 1000 cp or more either way
is left out, as are games without a result. Each line carries the judge's score in
centipawns from White's view and the game's result; a `# game` marker ends each game, so
`--holdout` cuts at game ends. The output is appended to. Needs python-chess."""
import argparse

import chess
import chess.pgn

from chess_selfplay import RESULT_LABEL, is_quiet
from move_losses import CAP, judge_score, opening_length
from uci_engine import UciEngine


def game_positions(game):
    """The boards of the game's positions that a static evaluation can judge (module doc)."""
    board = game.board()
    first = opening_length(game)
    for ply, move in enumerate(game.mainline_moves()):
        if ply >= first and is_quiet(board, move):
            yield board.copy(stack=False)
        board.push(move)


def judged_lines(game, judge, nodes):
    """The data lines of one game: FEN, the judge's score from White's view, the result."""
    result = RESULT_LABEL[game.headers["Result"]]
    lines = []
    for board in game_positions(game):
        score = judge_score(judge, board, nodes)
        if abs(score) >= CAP:
            continue
        white = score if board.turn == chess.WHITE else -score
        lines.append(f"{board.fen()} | {white} | {result}\n")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pgn", required=True)
    parser.add_argument("--judge", default="/usr/games/stockfish",
                        help="the judge's command line (words split on spaces)")
    parser.add_argument("--judge-nodes", type=int, default=6000)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    judge = UciEngine(args.judge.split(), ["Threads=1", "Hash=16"])
    written = 0
    with open(args.pgn) as pgn, open(args.out, "a") as out:
        out.write("# sissa-datagen v1 variant=chess\n")
        out.write(f"# settings judged pgn={args.pgn} judge-nodes={args.judge_nodes}\n")
        number = 0
        while (game := chess.pgn.read_game(pgn)) is not None:
            number += 1
            result = game.headers.get("Result", "*")
            if result not in RESULT_LABEL:
                continue
            lines = judged_lines(game, judge, args.judge_nodes)
            out.writelines(lines)
            out.write(f"# game {number} result {result} positions {len(lines)}\n")
            out.flush()
            written += len(lines)
    judge.quit()
    print(f"{written} positions")


if __name__ == "__main__":
    main()
