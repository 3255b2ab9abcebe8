#!/usr/bin/env python3
"""Measures how much of a variants.ini corpus Sissa plays: how many sections it loads, and
how many of those count perft equal to Fairy-Stockfish (pyffish) at depths 1-3 from the
start position.

usage: fsf_corpus.py SISSA_BINARY VARIANTS.INI [--depth 3]

Fairy-Stockfish's own file is GPL text: fetch it for the measurement (its src/variants.ini),
never copy it into this repository. Prints one line per section and a summary.
"""
import argparse
import subprocess
import sys
import time

import pyffish as sf


def sissa(binary, ini, *args):
    out = subprocess.run([binary, "--variants", ini, *args], capture_output=True, text=True)
    return out.returncode, out.stdout, out.stderr


def fsf_perft(variant, fen, depth, cache):
    if depth == 0:
        return 1
    key = (fen, depth)
    if key in cache:
        return cache[key]
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        n = len(moves)
    else:
        n = sum(fsf_perft(variant, sf.get_fen(variant, fen, [m]), depth - 1, cache) for m in moves)
    cache[key] = n
    return n


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sissa")
    parser.add_argument("ini")
    parser.add_argument("--depth", type=int, default=3)
    args = parser.parse_args()
    with open(args.ini) as f:
        text = f.read()
    sections = [line.strip()[1:].split("]")[0].split(":")[0]
                for line in text.splitlines() if line.strip().startswith("[")]
    sf.load_variant_config(text)
    _, listed, refusals = sissa(args.sissa, args.ini, "variants", "--loaded")
    loaded = listed.split()
    agree = 0
    for name in loaded:
        start = time.time()
        fen = sf.start_fen(name)
        ours = []
        theirs = []
        for depth in range(1, args.depth + 1):
            code, out, err = sissa(args.sissa, args.ini, "perft", "--variant", name,
                                   "--fen", fen, "--depth", str(depth))
            count = out.strip().split()[-1] if code == 0 and out.strip() else "error: " + err.strip()
            ours.append(count)
            theirs.append(str(fsf_perft(name, fen, depth, {})))
        same = ours == theirs
        agree += same
        print(f"{'agree' if same else 'DIFFER'} {name}: sissa {ours} fsf {theirs} "
              f"({time.time() - start:.1f} s)", flush=True)
    print(refusals, end="")
    print(f"sections {len(sections)}, loaded by Sissa {len(loaded)}, "
          f"agreeing with pyffish at depths 1-{args.depth}: {agree}")


if __name__ == "__main__":
    sys.exit(main())
