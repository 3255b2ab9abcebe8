#!/usr/bin/env python3
"""Builds rococo.perft: feature positions and positions from random games, counted by the
reference generator (tests/reference, `sissa-reference`), which shares no code with Sissa's
fast generator.

usage: make_rococo_suite.py REFERENCE_BINARY [--games N] [--max-nodes N] > rococo.perft

Random games are played through the reference (`moves`, `play`) with a fixed seed, preferring
captures half of the time so that positions with frozen pieces, ring pieces, promotions and
swap-back bans come up. Each position is counted to the largest depth whose count stays under
--max-nodes (the reference is slow; the suite runner skips large counts in CI anyway).
The start position's perft 5 (42427296, about a minute for the reference) was added by hand
from `sissa-reference perft rococo START 5`.
"""
import argparse
import random
import subprocess

START = "10/1iulkclus1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1IULKCLUS1/10 w - - 0 1"

# Positions that show one mechanism each, or several at once (the unit tests explain them).
FEATURES = [
    ("long-leaper-diagram", "10/10/4k5/6p3/7K2/10/10/1p8/1L5p2/10 w - - 0 1"),
    ("cannon-pawn-diagram", "10/10/2K4k2/10/4p5/4Up4/4P5/10/10/10 w - - 0 1"),
    ("chameleon-seed-example", "10/10/7K2/10/1U8/10/1L8/1c8/1U6k1/10 b - - 0 1"),
    ("pushme-both-ways", "10/10/10/10/10/3pU2p2/10/10/1K6k1/10 w - - 0 1"),
    ("swap-ban", "10/4s3k1/10/10/10/4S5/10/10/1K8/10 b - - 1 1 e5e9"),
    ("frozen-and-suicide", "10/8k1/10/10/4i5/4SpL3/3I6/10/1K8/10 w - - 0 1"),
    ("promotion-zone", "10/10/4P5/1k8/10/10/10/10/1K1p6/10 w - - 0 1"),
    ("ring-pieces", "l3k4u/10/10/10/S8p/U8s/10/10/10/P3K4C w - - 0 1"),
    ("chameleon-combinations", "10/4u3k1/4s5/10/4C5/4u5/10/10/1K8/10 w - - 0 1"),
    ("immobilizers-face", "10/8k1/10/10/4i5/4I5/3C1c4/10/1K8/10 b - - 0 1"),
]


def run(binary, *args):
    out = subprocess.run([binary, *args], capture_output=True, text=True, check=True)
    return out.stdout.split("\n")


def moves(binary, fen):
    return [m for m in run(binary, "moves", "rococo", fen) if m]


def play(binary, fen, mv):
    return run(binary, "play", "rococo", fen, mv)[0]


def perft(binary, fen, depth):
    for line in run(binary, "perft", "rococo", fen, str(depth)):
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    raise RuntimeError(f"no count for {fen}")


def random_positions(binary, games, rng):
    out = []
    for g in range(games):
        fen = START
        for ply in range(rng.randrange(20, 120)):
            legal = moves(binary, fen)
            if not legal:
                break
            captures = [m for m in legal if "x" in m or m[:2] == m[2:4]]
            pool = captures if captures and rng.random() < 0.3 else legal
            fen = play(binary, fen, rng.choice(pool))
        out.append((f"game{g}-ply{ply + 1}", fen))
    return out


def ban_positions(binary, games, rng):
    """Positions right after a swap that created a swap-back ban (the FEN's seventh field),
    found by preferring swaps in random games."""
    out = []
    for g in range(games):
        fen = START
        for ply in range(300):
            legal = moves(binary, fen)
            if not legal:
                break
            swaps = [m for m in legal if len(fen.split()) == 6 and rng.random() < 0.5]
            fen = play(binary, fen, rng.choice(swaps or legal))
            if len(fen.split()) == 7:
                out.append((f"ban{g}-ply{ply + 1}", fen))
                break
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--max-nodes", type=int, default=3_000_000)
    args = ap.parse_args()
    rng = random.Random(2026)
    print("# Rococo perft suite: feature positions and positions from random games, counted by")
    print("# the reference generator (tests/reference). Made by make_rococo_suite.py.")
    positions = [("start", START)] + FEATURES + random_positions(args.binary, args.games, rng)
    positions += ban_positions(args.binary, args.games // 4, rng)
    for name, fen in positions:
        print()
        print(f"id {name}")
        print(f"epd {fen}")
        depth, previous = 1, 1
        while depth <= 6:
            # Estimate the next count from the last branching factor before running it.
            n = perft(args.binary, fen, depth)
            print(f"perft {depth} {n}", flush=True)
            if n == 0 or n * max(n // max(previous, 1), 1) > args.max_nodes:
                break
            previous, depth = n, depth + 1


if __name__ == "__main__":
    main()
