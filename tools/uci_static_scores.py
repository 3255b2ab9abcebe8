#!/usr/bin/env python3
"""Another engine's static evaluation of the positions of `sissa datagen` files, written in
their score column, so that `sissa tune --score-scale fitted` measures how well it predicts
the results on the same positions, and by the same error, as Sissa's own evaluation.

The engine is a UCI engine of the Stockfish family, whose `eval` command ends its report
with a line `Final evaluation +0.57 (white side)`; Fairy-Stockfish's classical evaluation
is `--option "Use NNUE=false"`. Each position keeps its result; its score becomes the
engine's, from White's view in hundredths of the engine's pawn. The `# game` lines are
kept, so `--holdout` still cuts at game ends.

    python3 tools/uci_static_scores.py --engine fairy-stockfish --option "Use NNUE=false" \\
        --data sf-21.data sf-22.data --out fsf-static.data
    sissa tune --variant chess --data fsf-static.data --iterations 0 --score-scale fitted \\
        --out /dev/null

`sissa tune` then prints Sissa's error ("error before", K fitted first) and, with the scale
it fits to the scores, the scores' own error against the results.
"""

import argparse
import sys

from uci_engine import UciEngine


def static_score(engine, fen):
    """The engine's `Final evaluation` of `fen`, in hundredths of a pawn, White's view."""
    engine.send(f"position fen {fen}")
    engine.send("eval")
    words = engine.wait_for("Final")
    # "none" where the side to move is in check, which no datagen position is.
    return round(float(words[2]) * 100) if words[2] != "none" else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the engine's command")
    parser.add_argument("--data", nargs="+", required=True, help="sissa-datagen files")
    parser.add_argument("--out", required=True, help="the file to write")
    parser.add_argument(
        "--option", action="append", default=[], help='a UCI option, "Name=value"; repeatable'
    )
    args = parser.parse_args()

    engine = UciEngine(args.engine.split(), args.option)
    with open(args.out, "w") as out:
        for path in args.data:
            with open(path) as data:
                for number, line in enumerate(data, 1):
                    if line.startswith("#") or not line.strip():
                        out.write(line)
                        continue
                    fields = [field.strip() for field in line.split("|")]
                    if len(fields) != 3:
                        sys.exit(f"{path}:{number}: not `FEN | score | result`")
                    fen, _, result = fields
                    out.write(f"{fen} | {static_score(engine, fen)} | {result}\n")
    engine.quit()


if __name__ == "__main__":
    main()
