#!/usr/bin/env python3
"""How much the game pairs of `sissa match` PGNs tell apart from their games.

`sissa match` plays each start twice, colours swapped (games 2k + 1 and 2k + 2 by their
`Round` tags), and its SPRT counts pairs. For each PGN this prints the games, the complete
pairs by the first engine's points (0, 1/2, 1, 3/2, 2), its score, and the ratio of two
variances of a game's score: the pairs' (a pair's points over two, times two) over the
games' taken one by one. Below 1 the two games of a pair share part of their result (a
start that favours one colour, an opening trap both engines fall into), and a test that
counts pairs needs that fraction of the games a test counting games needs. The first engine
is White of round 1. The last line is the mean ratio over the files, weighted by games.

    python3 tools/pair_variance.py docs/strength/*.pgn
"""

import re
import sys

POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def games(text):
    """(round, white, black, result) of each game of a PGN text, by its tags."""
    for block in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        if "Round" in tags and tags.get("Result") in POINTS:
            yield int(tags["Round"]), tags["White"], tags["Black"], tags["Result"]


def variance(values):
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / len(values)


def summary(path):
    """The file's line, and its games and ratio (None without a complete pair)."""
    with open(path, encoding="utf-8") as f:
        played = list(games(f.read()))
    first = next((w for r, w, _, _ in played if r == 1), None)
    points = {}
    for rnd, white, _, result in played:
        points[rnd] = POINTS[result] if white == first else 1.0 - POINTS[result]
    pairs = [(points[r] + points[r + 1]) / 2 for r in points if r % 2 == 1 and r + 1 in points]
    if not pairs:
        return f"{path}: no complete pair", 0, None
    counts = [0] * 5
    for p in pairs:
        counts[round(p * 4)] += 1
    single = variance(list(points.values()))
    ratio = 2 * variance(pairs) / single if single > 0 else None
    score = sum(points.values()) / len(points)
    shown = "-" if ratio is None else f"{ratio:.3f}"
    line = (f"{path}: games {len(points)} pairs {' - '.join(map(str, counts))} "
            f"score {score:.3f} ratio {shown}")
    return line, len(points), ratio


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: pair_variance.py FILE.pgn...")
    weighted, total = 0.0, 0
    for path in sys.argv[1:]:
        line, n, ratio = summary(path)
        print(line)
        if ratio is not None:
            weighted += n * ratio
            total += n
    if total:
        print(f"mean ratio {weighted / total:.3f} over {total} games")


if __name__ == "__main__":
    main()
