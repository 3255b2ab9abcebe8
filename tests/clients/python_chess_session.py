#!/usr/bin/env python3
"""One UCI and one XBoard session of orthodox chess through python-chess's own engine
clients (chess.engine), an independent implementation of both protocols.

usage: python_chess_session.py ENGINE_PATH [uci|xboard ...]

For each protocol: open the engine, play both sides for a few moves from the start and
from a FEN, check each move is legal, ask for a bounded analysis with a PV, run an
unbounded analysis and stop it, and quit. Prints one line per step; exit status 1 if any
step failed.
"""
import sys
import time

import chess
import chess.engine

MOVE_TIME = 0.05
STEP_TIMEOUT = 30


def play_some(engine, board, plies):
    played = []
    for _ in range(plies):
        if board.is_game_over():
            break
        result = engine.play(board, chess.engine.Limit(time=MOVE_TIME))
        if result.move is None or result.move not in board.legal_moves:
            raise RuntimeError("illegal or no move %s in %s" % (result.move, board.fen()))
        played.append(board.san(result.move))
        board.push(result.move)
    return " ".join(played)


def session(path, protocol):
    opener = chess.engine.SimpleEngine.popen_uci if protocol == "uci" \
        else chess.engine.SimpleEngine.popen_xboard
    engine = opener(path, timeout=STEP_TIMEOUT)
    try:
        engine.configure({"Hash": 16})
        print(protocol, "open", dict(engine.id))
        board = chess.Board()
        print(protocol, "play", play_some(engine, board, 6))
        fen_board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        print(protocol, "play from FEN", play_some(engine, fen_board, 4))

        info = engine.analyse(board, chess.engine.Limit(depth=2))
        if "pv" not in info or "score" not in info:
            raise RuntimeError("analysis lacks pv or score: %s" % info)
        check = board.copy()
        for move in info["pv"]:
            if move not in check.legal_moves:
                raise RuntimeError("illegal PV move %s" % move)
            check.push(move)
        print(protocol, "analyse", info.get("depth"), info["score"], [m.uci() for m in info["pv"]])

        with engine.analysis(board) as analysis:
            time.sleep(0.3)
            analysis.stop()
            best = analysis.wait()
        if best.move is not None and best.move not in board.legal_moves:
            raise RuntimeError("analysis ended with illegal move %s" % best.move)
        print(protocol, "analysis stopped", best.move)

        mated = chess.Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        result = engine.play(mated, chess.engine.Limit(time=MOVE_TIME))
        if result.move is not None:
            raise RuntimeError("a move %s in a mated position" % result.move)
        print(protocol, "mated position: no move")
    finally:
        engine.quit()
    print(protocol, "quit")


def main():
    path = sys.argv[1]
    protocols = sys.argv[2:] or ["uci", "xboard"]
    failed = False
    for protocol in protocols:
        try:
            session(path, protocol)
            print(protocol, "OK")
        except Exception as e:  # report every failure, then go on with the other protocol
            failed = True
            print(protocol, "FAILED: %s: %s" % (type(e).__name__, e))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
