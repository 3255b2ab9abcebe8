"""How two UCI chess engines spend their clocks: plays games between them at a time control,
keeping both clocks here, and reports for each engine the seconds, nodes and depth of its
moves, in the opening (the first 30 moves of each side) and over the whole game, and the
clock it had left at the end. A move's time is measured from `go` to `bestmove`, as a
referee's clock would.

    python3 tools/time_use.py --engine1 ./sissa --engine2 ./fairy-stockfish \
        --option2 "Use NNUE=false" --games 4 --tc 10+0.1 --seed 1
"""

import argparse
import random
import shlex
import statistics
import time

import chess

from chess_selfplay import random_opening
from uci_engine import UciEngine

OPENING_MOVES = 30


class Player:
    def __init__(self, name, command, options):
        self.name = name
        self.engine = UciEngine(shlex.split(command), options)
        self.moves = []  # (move number, seconds, nodes, depth)
        self.clocks_left = []
        self.time_losses = 0

    def think(self, board, start_fen, played, clocks, increment):
        """The engine's move and what it cost; `clocks` are White's and Black's seconds."""
        moves = " ".join(m.uci() for m in played)
        self.engine.send(f"position fen {start_fen}" + (f" moves {moves}" if moves else ""))
        self.engine.send(
            f"go wtime {int(clocks[0] * 1000)} btime {int(clocks[1] * 1000)}"
            f" winc {int(increment * 1000)} binc {int(increment * 1000)}"
        )
        started = time.monotonic()
        nodes = depth = 0
        while (words := self.engine.read_words()) == [] or words[0] != "bestmove":
            if words and words[0] == "info":
                nodes = int(value_after(words, "nodes") or nodes)
                depth = int(value_after(words, "depth") or depth)
        seconds = time.monotonic() - started
        self.moves.append((board.fullmove_number, seconds, nodes, depth))
        return chess.Move.from_uci(words[1]), seconds


def value_after(words, key):
    return words[words.index(key) + 1] if key in words else None


def play(players, start_fen, base, increment):
    """One game, `players` White then Black; returns the result as PGN writes it."""
    board = chess.Board(start_fen)
    clocks = [base, base]
    while not board.is_game_over(claim_draw=True):
        side = 0 if board.turn == chess.WHITE else 1
        move, seconds = players[side].think(board, start_fen, board.move_stack, clocks, increment)
        clocks[side] -= seconds
        if clocks[side] < 0:
            players[side].time_losses += 1
            return "0-1" if side == 0 else "1-0"
        clocks[side] += increment
        board.push(move)
    for side in (0, 1):
        players[side].clocks_left.append(clocks[side])
    return board.result(claim_draw=True)


def report(player):
    def line(moves):
        if not moves:
            return "no moves"
        secs = statistics.mean(m[1] for m in moves)
        nodes = statistics.mean(m[2] for m in moves)
        depth = statistics.mean(m[3] for m in moves)
        return f"{len(moves)} moves, {secs:.3f} s, {nodes:,.0f} nodes, depth {depth:.1f} a move"

    opening = [m for m in player.moves if m[0] <= OPENING_MOVES]
    print(f"{player.name}:")
    print(f"  first {OPENING_MOVES} moves: {line(opening)}")
    print(f"  whole games:    {line(player.moves)}")
    left = ", ".join(f"{c:.1f}" for c in player.clocks_left) or "none"
    print(f"  clock left at the end (s): {left}; lost on time: {player.time_losses}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine1", required=True, help="a command, split as a shell would")
    parser.add_argument("--engine2", required=True)
    parser.add_argument("--option1", action="append", default=[], help='"Name=value"')
    parser.add_argument("--option2", action="append", default=[], help='"Name=value"')
    parser.add_argument("--games", type=int, default=4, help="played in pairs, colours swapped")
    parser.add_argument("--tc", default="10+0.1", help="seconds + increment a game")
    parser.add_argument("--opening-plies", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    base, _, increment = args.tc.partition("+")
    base, increment = float(base), float(increment or 0)
    players = [
        Player("engine1 " + args.engine1, args.engine1, args.option1),
        Player("engine2 " + args.engine2, args.engine2, args.option2),
    ]
    rng = random.Random(args.seed)
    for game in range(args.games):
        if game % 2 == 0:
            start_fen = random_opening(rng, args.opening_plies).fen()
        order = players if game % 2 == 0 else players[::-1]
        for p in players:
            p.engine.send("ucinewgame")
        result = play(order, start_fen, base, increment)
        print(f"game {game + 1}: {order[0].name} - {order[1].name} {result}", flush=True)
    for p in players:
        report(p)
        p.engine.quit()


if __name__ == "__main__":
    main()
