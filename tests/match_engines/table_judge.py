"""A UCI judge for tests of tools/move_losses.py: it scores each position by a table (a file
of lines `FEN score`, a FEN whose first four fields name the position, the score last, in
centipawns for the side to move; 0 for a position not in it) and plays no move."""

import sys

table = {}
with open(sys.argv[1]) as lines:
    for line in lines:
        fields = line.split()
        if fields:
            table[" ".join(fields[:4])] = int(fields[-1])

position = ""
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name table_judge\nuciok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "position" and words[1] == "fen":
        position = " ".join(words[2:6])
    elif words[0] == "go":
        print(f"info depth 1 score cp {table.get(position, 0)}\nbestmove 0000", flush=True)
    elif words[0] == "quit":
        break
