#!/usr/bin/env python3
"""Answers legal-move queries about variants from variants.ini files with Fairy-Stockfish
(pyffish), one per line.

usage: fsf_ini_moves.py FILE.ini...

Input lines: `<variant>\t<fen>`. Output lines: `moves <m1> <m2> ...` (UCI notation, sorted)
while the game goes on; `end win|loss|draw` (for the side to move) when it is over by rule.
The halfmove clock is set to 0 first: perft and these comparisons ignore the n-move rule.
"""
import sys

import pyffish as sf

for path in sys.argv[1:]:
    with open(path) as f:
        sf.load_variant_config(f.read())


def result_word(value):
    return "win" if value > 0 else "loss" if value < 0 else "draw"


for line in sys.stdin:
    variant, fen = line.rstrip("\n").split("\t", 1)
    fields = fen.split()
    if len(fields) >= 6:
        fields[-2] = "0"
    fen = " ".join(fields)
    ended, value = sf.is_immediate_game_end(variant, fen, [])
    if ended:
        print("end", result_word(value), flush=True)
        continue
    moves = sorted(sf.legal_moves(variant, fen, []))
    if not moves:
        print("end", result_word(sf.game_result(variant, fen, [])), flush=True)
    else:
        print("moves", " ".join(moves), flush=True)
