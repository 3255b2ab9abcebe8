#!/usr/bin/env python3
"""Builds uc40.perft: UC-40 positions counted by the reference generator.

usage: make_uc40_suite.py REFERENCE_BINARY SISSA_BINARY [--games N] [--seed S] > uc40.perft

Every position is played and every count made by `sissa-reference` (tests/reference, written
separately and plainly from the rules), so the suite does not depend on the fast generator;
`sissa startfen` only supplies the seeded start positions. Random games (fixed seed, captures
preferred so that exchanges, credits and drops happen) give the positions; one is kept when it
shows a feature worth counting (credits, a pending exchange, a swap-back ban, a check, a frozen
piece's suicide, a promotion) or at a fixed ply. Depths go up while the reference stays quick.
"""
import argparse
import random
import subprocess
import sys

NODE_BUDGET = 2_000_000


def ref(binary, *args):
    out = subprocess.run([binary, *args], capture_output=True, text=True, check=True)
    return out.stdout


def moves(binary, fen):
    return ref(binary, "moves", "uc40", fen).split()


def play(binary, fen, mv):
    return ref(binary, "play", "uc40", fen, mv).strip()


def perft(binary, fen, depth):
    line = ref(binary, "perft", "uc40", fen, str(depth)).strip().splitlines()[-1]
    return int(line.split()[-1])


def features(fen, legal):
    fields = fen.split()
    out = []
    if fields[6] != "0,0":
        out.append("credits")
    if fields[7] != "-":
        out.append("pending")
    if len(fields) > 8:
        out.append("ban")
    if any("," in m for m in legal):
        out.append("drops")
    if any(len(m) == 4 and m[:2] == m[2:] for m in legal):
        out.append("suicide")
    if any("x" in m for m in legal):
        out.append("destruction")
    if any(len(m.split(",")[0]) > 4 and "x" not in m for m in legal):
        out.append("promotion")
    return out


def counts(binary, fen):
    rows = []
    n1 = perft(binary, fen, 1)
    rows.append((1, n1))
    estimate = n1 * max(n1, 1)
    depth = 2
    while estimate <= NODE_BUDGET and depth <= 4:
        n = perft(binary, fen, depth)
        rows.append((depth, n))
        estimate = n * max(n1, 1)
        depth += 1
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("reference")
    ap.add_argument("sissa")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=40)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print("# UC-40 perft suite: positions played and counted by the reference generator")
    print("# (tests/reference). Made by make_uc40_suite.py.")
    print()
    starts = []
    for seed in range(args.games):
        fen = subprocess.run([args.sissa, "startfen", "--variant", "uc40", "--seed", str(seed)],
                             capture_output=True, text=True, check=True).stdout.strip()
        starts.append((f"seed{seed}", fen))
    for name, fen in starts[:3]:
        emit(args.reference, name + "-start", fen)
    for name, start in starts:
        fen = start
        kept = set()
        for ply in range(160):
            legal = moves(args.reference, fen)
            if not legal:
                break
            found = [f for f in features(fen, legal) if f not in kept]
            if found or ply in (30, 90):
                kept.update(found)
                emit(args.reference, f"{name}-ply{ply}-{'-'.join(found) or 'plain'}", fen)
            captures = [m for m in legal if is_capture(args.reference, fen, m)] if rng.random() < 0.6 else []
            mv = rng.choice(captures or legal)
            fen = play(args.reference, fen, mv)


def is_capture(binary, fen, mv):
    """Does the move take a piece (fewer enemy pieces on the board afterwards)?"""
    after = play(binary, fen, mv)
    white = fen.split()[1] == "w"
    def enemies(f):
        board = f.split("[")[0]
        return sum(1 for c in board if c.isalpha() and (c.islower() if white else c.isupper()))
    return enemies(after) < enemies(fen)


def emit(binary, name, fen):
    print(f"id {name}")
    print(f"epd {fen}")
    for depth, n in counts(binary, fen):
        print(f"perft {depth} {n}")
    print()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
