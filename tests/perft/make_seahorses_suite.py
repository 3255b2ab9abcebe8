#!/usr/bin/env python3
"""Builds seahorses.perft: start positions and positions from random games, counted by the
reference generator (crate sissa-reference, which shares no code with Sissa's generator).

usage: make_seahorses_suite.py [--games N] [--seed S] > seahorses.perft
(run from the repository root after `cargo build --release --workspace`)

Start positions come from `sissa startfen` (a setup is only a FEN; what is counted is the
reference's business), in all three symmetry modes. The games are played by the reference:
its legal move list, a move drawn with a fixed seed, its position after the move. Positions
are kept at fixed plies and whenever a Sissa can move, a Sissa can capture, a pawn can
promote or take en passant.
"""
import argparse
import os
import random
import subprocess

SISSA = os.environ.get("SISSA_BIN", "target/release/sissa")
REFERENCE = os.environ.get("REFERENCE_BIN", "target/release/sissa-reference")
SYMMETRIES = ["mirror", "asymmetric", "central"]

# Small positions built by hand around the Sissa (tests/seahorses.rs explains each).
HAND_MADE = [
    ("seed-diagram", "6n1/4q3/6k1/2n5/8/2S5/2KP4/8 w - - 0 1"),
    ("straight-path-is-none", "k7/8/8/8/8/2s5/1P1P4/2K4R w - - 0 1"),
    ("sissa-pins-two", "7k/8/8/8/8/2s5/1N1P4/2K5 w - - 0 1"),
    ("sissa-check-three-paths", "7k/8/8/8/8/1Rs5/8/2K5 w - - 0 1"),
    ("sissa-pin-black", "K7/8/8/8/8/2S1p3/1p1n4/2k5 b - - 0 1"),
    ("double-check-one-answer", "7k/8/8/8/8/2s1PN2/1P6/2K4r w - - 0 1"),
    ("double-check-king-only", "7k/8/8/8/8/2s2N2/1P6/2K4r w - - 0 1"),
    ("sissa-check-block", "k7/8/8/8/2r5/8/7K/S6R b - - 0 1"),
    ("promotion", "k7/4P3/8/8/8/8/8/7K w - - 0 1"),
    ("en-passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
]


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def start_fen(seed, symmetry):
    return run(SISSA, "startfen", "--variant", "seahorses", "--seed", str(seed),
               "--symmetry", symmetry).strip()


def legal_moves(fen):
    return run(REFERENCE, "moves", "seahorses", fen).split()


def play(fen, move):
    return run(REFERENCE, "play", "seahorses", fen, move).strip()


def perft(fen, depth):
    out = run(REFERENCE, "perft", "seahorses", fen, str(depth))
    return int(out.split()[-1])


def board(fen):
    """Square name -> piece letter, from the placement field."""
    out = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        rank = 8 - i
        file = 0
        digits = ""
        for ch in row + "/":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                file += int(digits)
                digits = ""
            if ch == "/":
                break
            out["abcdefgh"[file] + str(rank)] = ch
            file += 1
    return out


def features(fen, moves):
    b = board(fen)
    out = []
    sissa = [m for m in moves if b.get(m[:2], "").lower() == "s"]
    if sissa:
        out.append("sissa")
    if any(m[2:4] in b for m in sissa):
        out.append("sissa-capture")
    if any(len(m) == 5 for m in moves):
        out.append("promotion")
    ep = fen.split()[3]
    if ep != "-" and any(m[2:4] == ep and b.get(m[:2], "").lower() == "p" for m in moves):
        out.append("en-passant")
    return out


def counts(fen, max_depth, budget):
    """perft 1.. while the next depth is likely to stay under `budget` nodes."""
    lines = []
    prev = 1
    for depth in range(1, max_depth + 1):
        n = perft(fen, depth)
        lines.append(f"perft {depth} {n}")
        branching = n / prev if prev else 0
        prev = n
        if n * max(branching, 1) > budget:
            break
    return lines


def emit(ident, fen, lines):
    print(f"id {ident}")
    print(f"epd {fen}")
    for line in lines:
        print(line)
    print()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=21)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("# Sea Horses perft suite: start positions of seeded setups (`sissa startfen`) and")
    print("# positions from random games played by the reference generator; every count by")
    print("# the reference generator (tests/reference). Made by make_seahorses_suite.py.")
    print()
    for seed in range(4):
        for symmetry in SYMMETRIES:
            fen = start_fen(seed, symmetry)
            depth = 5 if seed == 0 and symmetry == "mirror" else 4
            emit(f"start-seed{seed}-{symmetry}", fen, counts(fen, depth, 10**8))
    for ident, fen in HAND_MADE:
        emit(ident, fen, counts(fen, 6, 2 * 10**6))
    keep_plies = {12, 30, 50, 70}
    for game in range(args.games):
        symmetry = SYMMETRIES[game % 3]
        seed = 100 + game
        fen = start_fen(seed, symmetry)
        for ply in range(1, 90):
            moves = legal_moves(fen)
            if not moves:
                break
            feats = features(fen, moves)
            special = [f for f in feats if f != "sissa"]
            if ply in keep_plies or (special and rng.random() < 0.25):
                tag = "-".join(feats) if feats else "plain"
                emit(f"game{game}-{symmetry}-ply{ply}-{tag}", fen, counts(fen, 4, 15 * 10**5))
            fen = play(fen, rng.choice(moves))


if __name__ == "__main__":
    main()
