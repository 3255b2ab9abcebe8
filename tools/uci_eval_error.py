#!/usr/bin/env python3
"""How well another engine's static evaluation predicts game results, on the positions of
`sissa datagen` files: the same measure `sissa tune` prints for Sissa's own evaluation
("error before"), so that the two evaluations can be compared on the same positions.

The engine is a UCI engine of the Stockfish family, whose `eval` command ends its report
with a line `Final evaluation +0.57 (white side)`; Fairy-Stockfish's classical evaluation
is `--option "Use NNUE=false"`. Each position's score (White's view, in hundredths of the
engine's pawn) is turned into an expected result by sigmoid(K * score); K is fitted to the
results, and the error printed is the mean squared difference at that K, as `sissa tune`
fits its K before it reports an error. The data's own score column (the scores of the
engine that played the games) is measured the same way, and so is the best constant.

    python3 tools/uci_eval_error.py --engine fairy-stockfish --option "Use NNUE=false" \\
        --data sf-21.data sf-22.data
    sissa tune --variant chess --data sf-21.data sf-22.data --iterations 0 --out /dev/null
"""

import argparse
import math
import sys

from uci_engine import UciEngine


def read_positions(paths):
    """(FEN, score, result) of every position of the files."""
    rows = []
    for path in paths:
        with open(path) as data:
            for number, line in enumerate(data, 1):
                if line.startswith("#") or not line.strip():
                    continue
                fields = [field.strip() for field in line.split("|")]
                try:
                    if len(fields) != 3:
                        raise ValueError
                    rows.append((fields[0], float(fields[1]), float(fields[2])))
                except ValueError:
                    sys.exit(f"{path}:{number}: not `FEN | score | result`")
    return rows


def static_scores(engine, fens):
    """The engine's `Final evaluation` of each position, in hundredths of a pawn."""
    scores = []
    for fen in fens:
        engine.send(f"position fen {fen}")
        engine.send("eval")
        words = engine.wait_for("Final")
        # "none" where the side to move is in check: no static score.
        scores.append(float(words[2]) * 100 if words[2] != "none" else 0.0)
    return scores


def error(scores, results, k):
    total = sum((r - 1 / (1 + math.exp(-k * s))) ** 2 for s, r in zip(scores, results))
    return total / len(results)


def fit_scale(scores, results):
    """The K of least error, by ternary search (the error is unimodal in K here)."""
    low, high = 0.0, 0.05
    for _ in range(80):
        a, b = low + (high - low) / 3, high - (high - low) / 3
        if error(scores, results, a) <= error(scores, results, b):
            high = b
        else:
            low = a
    k = (low + high) / 2
    return k, error(scores, results, k)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the engine's command")
    parser.add_argument("--data", nargs="+", required=True, help="sissa-datagen files")
    parser.add_argument(
        "--option", action="append", default=[], help='a UCI option, "Name=value"; repeatable'
    )
    args = parser.parse_args()

    rows = read_positions(args.data)
    if not rows:
        sys.exit("no positions in the data")
    results = [r for _, _, r in rows]
    mean = sum(results) / len(results)
    print(f"positions {len(rows)}")
    print(f"constant {mean:.4f}: error {sum((r - mean) ** 2 for r in results) / len(rows):.6f}")
    k, e = fit_scale([s for _, s, _ in rows], results)
    print(f"data scores: K {k:.6f}, error {e:.6f}")
    engine = UciEngine(args.engine.split(), args.option)
    scores = static_scores(engine, [f for f, _, _ in rows])
    engine.quit()
    k, e = fit_scale(scores, results)
    print(f"engine static evaluation: K {k:.6f}, error {e:.6f}")


if __name__ == "__main__":
    main()
