"""A UCI engine for the tests of the tools that read another engine's scores
(tools/move_losses.py, tools/uci_static_scores.py). It scores each position by a table: a
file of lines `FEN score`, a FEN whose first four fields name the position, the score last,
in centipawns for the side to move; 0 for a position not in it. `go` answers with that score
as a search's (`info depth 1 score cp S`) and no move; `eval` with it as a Stockfish-family
static evaluation (`Final evaluation +1.00 (white side)`, in pawns from White's view)."""

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
        print("id name table_scores\nuciok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "position" and words[1] == "fen":
        position = " ".join(words[2:6])
    elif words[0] == "go":
        print(f"info depth 1 score cp {table.get(position, 0)}\nbestmove 0000", flush=True)
    elif words[0] == "eval":
        score = table.get(position, 0) * (1 if position.split()[1] == "w" else -1)
        print(f"Final evaluation       {score / 100:+.2f} (white side)", flush=True)
    elif words[0] == "quit":
        break
