#!/usr/bin/env python3
"""Builds lionsunicorns.perft: positions from random games, counted by Fairy-Stockfish.

usage: make_lionsunicorns_suite.py VARIANT_INI [--games N] [--depth D] > lionsunicorns.perft

Both the positions and the counts come from pyffish (Fairy-Stockfish's Python bindings) with
the Lions and Unicorns definition VARIANT_INI, so the suite is independent of Sissa. Random
games are played with a fixed seed; positions are kept when they show a feature worth testing
(castling rights in use, en passant, promotion, check) or at fixed plies. Requires
`pip install pyffish`.
"""
import argparse
import random
import sys

import pyffish as sf

VARIANT = "lionsunicorns"


class Counter:
    """Perft with a cache keyed by the FEN without its move counters."""

    def __init__(self):
        self.cache = {}

    def perft(self, fen, depth):
        if depth == 0:
            return 1
        key = (" ".join(fen.split()[:4]), depth)
        if key in self.cache:
            return self.cache[key]
        moves = sf.legal_moves(VARIANT, fen, [])
        if depth == 1:
            n = len(moves)
        else:
            n = sum(self.perft(sf.get_fen(VARIANT, fen, [m]), depth - 1) for m in moves)
        self.cache[key] = n
        return n


def features(fen, moves):
    out = []
    if any(m in ("f1h1", "f1d1", "f8h8", "f8d8") for m in moves):
        out.append("castling")
    if fen.split()[3] != "-":
        out.append("en-passant")
    if any(len(m) == 5 and m[-1] in "mqu" for m in moves):
        out.append("promotion")
    if sf.gives_check(VARIANT, fen, []):
        out.append("check")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ini")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20261122)
    a = ap.parse_args()
    with open(a.ini) as f:
        sf.load_variant_config(f.read())
    rng = random.Random(a.seed)
    counter = Counter()
    start = sf.start_fen(VARIANT)
    print("# Lions and Unicorns perft suite: positions from random games played by Fairy-Stockfish")
    print("# (pyffish %s), counts by Fairy-Stockfish. Made by make_lionsunicorns_suite.py." %
          ".".join(map(str, sf.version())))
    print()
    print("id start")
    print("epd " + start)
    for d in range(1, a.depth + 2):
        print("perft %d %d" % (d, counter.perft(start, d)))
    print()
    kept = 0
    for game in range(a.games):
        fen = start
        target = rng.randint(12, 70)
        for ply in range(target):
            moves = sf.legal_moves(VARIANT, fen, [])
            if not moves:
                break
            # Prefer special moves now and then so the suite sees them.
            special = [m for m in moves if len(m) == 5 or m in ("f1h1", "f1d1", "f8h8", "f8d8")]
            mv = rng.choice(special) if special and rng.random() < 0.5 else rng.choice(moves)
            fen = sf.get_fen(VARIANT, fen, [mv])
        moves = sf.legal_moves(VARIANT, fen, [])
        if not moves:
            continue
        tags = features(fen, moves)
        print("id game%d-ply%d%s" % (game, target, "".join("-" + t for t in tags)))
        print("epd " + fen)
        for d in range(1, a.depth + 1):
            print("perft %d %d" % (d, counter.perft(fen, d)))
        print()
        kept += 1
        sys.stdout.flush()
        counter.cache.clear()
    print("# %d positions" % (kept + 1), file=sys.stderr)


if __name__ == "__main__":
    main()
