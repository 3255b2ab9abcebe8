#!/usr/bin/env python3
"""Builds rollingkings.perft: positions and counts from the reference generator.

usage: make_rollingkings_suite.py REFERENCE_BINARY [--games N] [--max-nodes N] > rollingkings.perft

REFERENCE_BINARY is tests/reference's `sissa-reference` (cargo build --release -p
sissa-reference), the plain second generator written from RULES.md; nothing here uses Sissa's
own generator. The suite holds the start position, positions from random games played by
the reference (fixed seed), kept at fixed plies and whenever they show a feature worth
testing, and hand-made positions for the rules' corner cases. Each position is counted to
the deepest depth whose count stays under --max-nodes (the start position to --start-depth;
its depth-6 count, 313,443,974, takes the reference a minute and a half).
"""
import argparse
import random
import subprocess
import sys

VARIANT = "rollingkings"
START = "7k/rnbqubnr/pppppppp/8/8/PPPPPPPP/RNBQUBNR/7K w - - 0 1"

# Corner cases, each with what it shows.
HAND_MADE = [
    ("seed-mock-king", "8/8/2k5/8/8/1U6/8/7K w - - 0 1"),
    ("h4-h5-only-king-capture", "8/8/8/R6k/7K/8/P7/8 w - - 0 1"),
    ("h4-h5-stalemate", "8/8/8/7k/7K/8/P7/8 w - - 0 1"),
    ("king-at-end-of-walk", "7K/8/8/8/8/8/P7/kR6 w - - 0 1"),
    ("promotions", "r3k3/1P6/8/8/8/8/6P1/7K w - - 0 1"),
    ("promotion-takes-king", "7k/8/8/8/8/8/1p6/K7 b - - 0 1"),
    ("step-takes-enemy", "7k/p7/8/8/8/8/8/R5nK w - - 9 30"),
    ("mock-kings-both-sides", "3k4/2u5/8/3p4/4P3/8/5U2/4K3 w - - 0 12"),
    ("queens-open-board", "8/2q5/8/4k3/3K4/8/5Q2/8 b - - 0 28"),
    ("kings-about-to-meet", "8/2q5/8/6k1/6K1/8/5Q2/8 w - - 0 30"),
]


def reference(*args):
    out = subprocess.run([REFERENCE, *args], capture_output=True, text=True, check=True)
    return out.stdout


def legal_moves(fen):
    return reference("moves", VARIANT, fen).split()


def play(fen, move):
    return reference("play", VARIANT, fen, move).strip()


def perft(fen, depth):
    last = reference("perft", VARIANT, fen, str(depth)).strip().splitlines()[-1]
    return int(last.split(":")[1])


def features(fen, moves):
    board = fen.split()[0]
    out = []
    if any(len(m) == 5 for m in moves):
        out.append("promotion")
    if board.count("U") > 1 or board.count("u") > 1:
        out.append("promoted-mock-king")
    if not moves:
        out.append("game-over")
    return out


def counts(fen, max_nodes, max_depth):
    """Counts depth after depth while the next count, guessed from the growth so far, stays
    under max_nodes (the reference is slow; a count it would have to throw away is skipped)."""
    rows = []
    previous = 1
    for depth in range(1, max_depth + 1):
        n = perft(fen, depth)
        if n > max_nodes:
            break
        rows.append((depth, n))
        if n == 0 or n * max(n / previous, 1) > max_nodes:
            break
        previous = n
    return rows


def random_positions(games, seed):
    """Per game: the positions at fixed plies, and the first one showing each feature."""
    rng = random.Random(seed)
    kept = []
    for g in range(games):
        fen = START
        ply = 0
        shown = set()
        while True:
            moves = legal_moves(fen)
            new = [f for f in features(fen, moves) if f not in shown]
            shown.update(new)
            if ply in (14, 30, 46) or new:
                kept.append((f"game{g}-ply{ply}" + "".join("-" + f for f in new), fen))
            if not moves:
                break
            fen = play(fen, rng.choice(moves))
            ply += 1
    return kept


def main():
    global REFERENCE
    ap = argparse.ArgumentParser()
    ap.add_argument("reference")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=20261124)
    ap.add_argument("--max-nodes", type=int, default=5_000_000)
    ap.add_argument("--start-depth", type=int, default=6, help="the start position's depth")
    args = ap.parse_args()
    REFERENCE = args.reference
    print("# Rolling Kings perft suite: the start position, positions from random games and")
    print("# hand-made corner cases; every count by the reference generator (tests/reference).")
    print("# Made by make_rollingkings_suite.py.")
    positions = [("start", START)] + HAND_MADE + random_positions(args.games, args.seed)
    for name, fen in positions:
        if name == "start":
            rows = counts(fen, float("inf"), args.start_depth)
        else:
            rows = counts(fen, args.max_nodes, 7)
        print(f"\nid {name}\nepd {fen}")
        for depth, n in rows:
            print(f"perft {depth} {n}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
