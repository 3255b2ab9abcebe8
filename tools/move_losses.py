#!/usr/bin/env python3
"""What each move of a match lost, by a judge engine's scores; and whether an engine, searched
again, still plays its mistakes.

A move's loss is the judge's score of the position before it (for the side that moved) plus
its score of the position after it (for the other side), in centipawns, at least zero: a
perfect move loses nothing, a move that lets a piece go loses about the piece. The judge
(a stronger engine, Stockfish by default) searches every position at a fixed node count from
an empty table; a mate counts as 1000 cp and every score is held to +-1000. Moves are
counted by the engine that played them, in three sizes: small (under 50 cp), medium (50 to
149) and large (150 and more). The moves of the opening (up to the one commented `opening`,
as `sissa match --openings random-plies:K` marks it) and the moves of positions already
decided (the judge's score beyond +-400) are left out.

    python3 tools/move_losses.py --pgn games.pgn --judge-nodes 100000 --mistakes m.txt
    python3 tools/move_losses.py --retry m.txt --who sissa --engine ./target/release/sissa \\
        --nodes 50000,400000

The first prints, per engine, the moves counted and the centipawns lost per move in each
size, and with `--mistakes` writes the moves of 50 cp or more as `FEN|move|engine|score
before|loss` lines. The second has the engine search each of the mistakes of the engine
named by `--who` again, from an empty table, at each node count, and prints the move it
plays, that move's loss, and per node count the mean loss and how many mistakes it no longer
makes (a loss under 50 cp). Needs python-chess and UCI engines.
"""

import argparse
import sys

import chess
import chess.pgn

from uci_engine import UciEngine

CAP = 1000
DECIDED = 400
MEDIUM, LARGE = 50, 150


def judge_score(judge, board, nodes):
    """The judge's score of `board` for the side to move, in centipawns held to +-CAP."""
    if board.is_checkmate():
        return -CAP
    if board.is_game_over(claim_draw=False):
        return 0
    judge.send("ucinewgame")
    judge.send(f"position fen {board.fen()}")
    judge.send(f"go nodes {nodes}")
    score = 0
    while (words := judge.read_words()) == [] or words[0] != "bestmove":
        if words[0] == "info" and "score" in words:
            kind, value = words[words.index("score") + 1 : words.index("score") + 3]
            if kind == "cp":
                score = int(value)
            elif kind == "mate":
                score = CAP if int(value) > 0 else -CAP
    return max(-CAP, min(CAP, score))


def move_loss(judge, board, move, before, nodes):
    """The loss of `move` in `board`, whose score for the side to move is `before`."""
    board.push(move)
    after = judge_score(judge, board, nodes)
    board.pop()
    return max(0, before + after)


def size_of(loss):
    return "large" if loss >= LARGE else "medium" if loss >= MEDIUM else "small"


def opening_length(game):
    """The number of half-moves up to and including the one commented `opening` (0 if none)."""
    for ply, node in enumerate(game.mainline(), 1):
        if "opening" in node.comment:
            return ply
    return 0


def losses_of_games(args, judge):
    totals = {}
    mistakes = open(args.mistakes, "w") if args.mistakes else None
    with open(args.pgn) as pgn:
        for _ in range(args.games):
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            board = game.board()
            names = {chess.WHITE: game.headers["White"], chess.BLACK: game.headers["Black"]}
            skip = opening_length(game)
            before = judge_score(judge, board, args.judge_nodes)
            for ply, move in enumerate(game.mainline_moves(), 1):
                fen, mover = board.fen(), board.turn
                board.push(move)
                after = judge_score(judge, board, args.judge_nodes)
                if ply > skip and abs(before) <= DECIDED:
                    loss = max(0, before + after)
                    total = totals.setdefault(
                        names[mover], {"moves": 0, "small": 0, "medium": 0, "large": 0, "count": {}}
                    )
                    total["moves"] += 1
                    total[size_of(loss)] += loss
                    total["count"][size_of(loss)] = total["count"].get(size_of(loss), 0) + 1
                    if mistakes and loss >= MEDIUM:
                        mistakes.write(f"{fen}|{move.uci()}|{names[mover]}|{before}|{loss}\n")
                before = after
    if mistakes:
        mistakes.close()
    for name, total in totals.items():
        n = max(1, total["moves"])
        per = {size: total[size] / n for size in ("small", "medium", "large")}
        print(
            f"{name}: moves {total['moves']}, lost per move {sum(per.values()):.1f} "
            f"(small {per['small']:.1f}, medium {per['medium']:.1f}, large {per['large']:.1f}); "
            f"medium moves {total['count'].get('medium', 0)}, "
            f"large moves {total['count'].get('large', 0)}"
        )


def read_mistakes(path, who):
    """The (board, score before) of each mistake of the engine named `who` in `path`."""
    found = []
    with open(path) as lines:
        for number, line in enumerate(lines, 1):
            fields = line.strip().split("|")
            if fields == [""]:
                continue
            if len(fields) != 5:
                sys.exit(f"{path}:{number}: not FEN|move|engine|score before|loss: {line.strip()}")
            if fields[2] == who:
                found.append((chess.Board(fields[0]), int(fields[3]), fields[1]))
    return found


def retry_mistakes(args, judge):
    mistakes = read_mistakes(args.retry, args.who)
    engine = UciEngine(args.engine.split(), args.option)
    node_counts = [int(n) for n in args.nodes.split(",")]
    losses = {n: [] for n in node_counts}
    for board, before, played in mistakes:
        row = [board.fen(), f"played {played}"]
        for nodes in node_counts:
            engine.send("ucinewgame")
            engine.send(f"position fen {board.fen()}")
            engine.send(f"go nodes {nodes}")
            move = chess.Move.from_uci(engine.wait_for("bestmove")[1])
            loss = move_loss(judge, board, move, before, args.judge_nodes)
            losses[nodes].append(loss)
            row.append(f"{nodes}: {move.uci()} {loss}")
        print(" | ".join(row))
    engine.quit()
    for nodes, found in losses.items():
        mean = sum(found) / max(1, len(found))
        fixed = sum(1 for loss in found if loss < MEDIUM)
        print(f"at {nodes} nodes: mean loss {mean:.1f}, under {MEDIUM} cp in {fixed} of {len(found)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--judge", default="/usr/games/stockfish", help="the judge's command")
    parser.add_argument("--judge-nodes", type=int, default=100000, help="the judge's nodes")
    parser.add_argument("--pgn", help="the games whose moves to judge")
    parser.add_argument("--games", type=int, default=10**9, help="judge at most this many")
    parser.add_argument("--mistakes", help="write the moves of 50 cp or more here")
    parser.add_argument("--retry", help="a file of mistakes (as --mistakes writes it)")
    parser.add_argument("--who", help="with --retry: whose mistakes (the PGN's name)")
    parser.add_argument("--engine", help="with --retry: the command of the engine to search")
    parser.add_argument("--nodes", default="50000", help="with --retry: node counts, a,b,...")
    parser.add_argument(
        "--option", action="append", default=[], help='a UCI option of --engine, "Name=value"'
    )
    args = parser.parse_args()
    if (args.pgn is None) == (args.retry is None):
        sys.exit("give either --pgn or --retry")
    if args.retry and (args.who is None or args.engine is None):
        sys.exit("--retry needs --who and --engine")
    judge = UciEngine(args.judge.split(), ["Threads=1"])
    if args.pgn:
        losses_of_games(args, judge)
    else:
        retry_mistakes(args, judge)
    judge.quit()


if __name__ == "__main__":
    main()
