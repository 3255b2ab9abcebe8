#!/usr/bin/env python3
"""Chess training data from a UCI engine playing itself (Stockfish by default), in the
format of `sissa datagen`, so that `sissa tune` can fit Sissa's evaluation to the results of
another engine's games (docs/tuning.md).

    tools/chess_selfplay.py --seed 1 --games 3000 --nodes 6000 --out sf-1.data

Each game starts with 8 random legal half-moves (drawn from the seed and the game number),
then one engine process plays both sides at a fixed node count a move, one thread, its
hash cleared for each game (so a deterministic engine gives the same file every time). Games end by the rules (python-chess) or are adjudicated from
the searches' scores exactly as `sissa datagen` adjudicates (docs/datagen.md). A position is
written when the side to move is not in check, the move played captures nothing and
promotes nothing, and the score is not a mate: the quiet positions a static evaluation can
judge. Each position carries the game's result and the engine's score of it in centipawns
from White's view, on the engine's own scale (`sissa tune --score-scale fitted` fits that
scale to the results; with its default result weight of 1 the fit uses the results alone).
The output is appended to,
one block of positions and a `# game` marker per game, so `--holdout` cuts at game ends.
Needs python-chess and a UCI engine (default /usr/games/stockfish)."""
import argparse
import random

import chess

from uci_engine import UciEngine

OPENING_PLIES = 8
WIN_SCORE, WIN_RUN = 1000, 6  # 6 searches in a row at 1000 cp or more for one side
DRAW_SCORE, DRAW_RUN, DRAW_FROM_PLY = 10, 12, 80
MAX_PLIES = 600
RESULT_LABEL = {"1-0": "1.0", "0-1": "0.0", "1/2-1/2": "0.5"}


def is_quiet(board, move):
    """Whether a static evaluation can judge `board`, the game going on with `move`: the side
    to move is not in check and the move captures nothing and promotes nothing."""
    return not board.is_check() and not board.is_capture(move) and not move.promotion


class Engine(UciEngine):
    """The engine playing both sides: one thread, a small table."""

    def __init__(self, path):
        super().__init__([path], ["Threads=1", "Hash=16"])

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def search(self, board, nodes):
        """The move and the last score, ("cp" or "mate", value) from the mover's view."""
        self.send("position fen " + board.fen())
        self.send(f"go nodes {nodes}")
        score = None
        while True:
            words = self.read_words()
            if words and words[0] == "bestmove":
                return chess.Move.from_uci(words[1]), score
            if words and words[0] == "info" and "score" in words:
                i = words.index("score")
                score = (words[i + 1], int(words[i + 2]))


def random_opening(rng, plies=OPENING_PLIES):
    """A position `plies` random legal half-moves from the start, the game not yet over."""
    while True:
        board = chess.Board()
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            return board


def result_by_rule(board):
    if board.is_checkmate():
        return ("0-1" if board.turn == chess.WHITE else "1-0"), "checkmate"
    if board.is_stalemate() or board.is_insufficient_material():
        return "1/2-1/2", "draw by rule"
    if board.halfmove_clock >= 100 or board.is_repetition(3):
        return "1/2-1/2", "draw by rule"
    if board.ply() >= MAX_PLIES:
        return "1/2-1/2", "ply limit"
    return None


def play_game(engine, rng, nodes):
    """The game's quiet positions (FEN and White's score), its result and why it ended."""
    board = random_opening(rng)
    engine.new_game()
    positions, win_run, winner, draw_run = [], 0, None, 0
    while (ended := result_by_rule(board)) is None:
        move, score = engine.search(board, nodes)
        white_cp = None
        if score and score[0] == "cp":
            white_cp = score[1] if board.turn == chess.WHITE else -score[1]
            if is_quiet(board, move):
                positions.append((board.fen(), white_cp))
        # Who the score says is winning, if it says so clearly.
        leader = None
        if score and (score[0] == "mate" or abs(score[1]) >= WIN_SCORE):
            leader = (score[1] > 0) == (board.turn == chess.WHITE)
        if leader is None:
            win_run = 0
        else:
            win_run = win_run + 1 if win_run and leader == winner else 1
            winner = leader
        if win_run >= WIN_RUN:
            ended = ("1-0" if winner else "0-1"), "adjudicated win"
            break
        near_zero = white_cp is not None and abs(white_cp) <= DRAW_SCORE
        draw_run = draw_run + 1 if near_zero and board.ply() >= DRAW_FROM_PLY else 0
        if draw_run >= DRAW_RUN:
            ended = "1/2-1/2", "adjudicated draw"
            break
        board.push(move)
    return positions, ended, board.ply()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--nodes", type=int, default=6000)
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    engine = Engine(args.engine)
    with open(args.out, "a") as out:
        out.write("# sissa-datagen v1 variant=chess\n")
        out.write(f"# settings stockfish-selfplay seed={args.seed} nodes={args.nodes} "
                  f"random-plies={OPENING_PLIES}\n")
        for game in range(args.games):
            rng = random.Random(args.seed * 100003 + game)
            positions, (result, reason), plies = play_game(engine, rng, args.nodes)
            for fen, white_cp in positions:
                out.write(f"{fen} | {white_cp} | {RESULT_LABEL[result]}\n")
            out.write(f"# game {game} result {result} plies {plies} "
                      f"positions {len(positions)} reason {reason}\n")
            out.flush()
    engine.quit()


if __name__ == "__main__":
    main()
