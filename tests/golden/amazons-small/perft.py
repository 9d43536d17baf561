#!/usr/bin/env python3
"""An independent count of Amazons on 5x5 (tests/rules/amazons-small.rules): White's amazons on b1 and d1, Black's
on b5 and d5, White first; a move is a queen move of an amazon and then an arrow shot like a queen from where it
landed (the square it left is empty by then); a player who cannot move loses. Prints perft counts (a whole move,
amazon and arrow, is one action), to compare with tests/perft/amazons-small.perft:

    python3 tests/golden/amazons-small/perft.py 3
"""
import sys

N = 5
DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]


def reach(blocked, s):
    out = []
    for dx, dy in DIRS:
        x, y = s[0] + dx, s[1] + dy
        while 1 <= x <= N and 1 <= y <= N and (x, y) not in blocked:
            out.append((x, y))
            x, y = x + dx, y + dy
    return out


def moves(amazons, arrows, p):
    blocked = set(amazons[0]) | set(amazons[1]) | arrows
    out = []
    for i, s in enumerate(amazons[p]):
        for t in reach(blocked, s):
            after = blocked - {s} | {t}
            for a in reach(after, t):
                mine = list(amazons[p])
                mine[i] = t
                new = [None, None]
                new[p], new[1 - p] = tuple(mine), amazons[1 - p]
                out.append((tuple(new), arrows | {a}))
    return out


def perft(amazons, arrows, p, depth):
    ms = moves(amazons, arrows, p)
    if depth == 1:
        return len(ms)
    return sum(perft(a, r, 1 - p, depth - 1) for a, r in ms)


if __name__ == "__main__":
    start = (((2, 1), (4, 1)), ((2, 5), (4, 5)))
    for d in range(1, int(sys.argv[1]) + 1):
        print(d, perft(start, frozenset(), 0, d))
