#!/usr/bin/env python3
"""Answers legal-move queries with Fairy-Stockfish (pyffish), one per line.

Input lines: `<variant>\t<fen>`. Output lines: the legal moves in UCI notation, sorted and
space separated (an empty line when there are none). Variants: chess, lionsunicorns (defined
in lionsunicorns.ini beside this file).
"""
import os
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "lionsunicorns.ini")) as f:
    sf.load_variant_config(f.read())

for line in sys.stdin:
    variant, fen = line.rstrip("\n").split("\t", 1)
    print(" ".join(sorted(sf.legal_moves(variant, fen, []))), flush=True)
