#!/usr/bin/env python3
"""An independent perft of tic-tac-toe on a SIZE x SIZE board where LINE marks in a row (along a row, a column or a
diagonal) win, each player having MARKS marks: the counts rules/tic-tac-toe.rules must give with
`--set size=SIZE,line=LINE,marks=MARKS` (tests/perft/tic-tac-toe-*.perft). Written from the rules alone: X moves
first; a move marks an empty square with one of the mover's marks; after it, a player with a line wins, else a full
board is a draw; a player without a mark left cannot move, and when neither can, the game is a draw.

    python3 tests/golden/tic-tac-toe/perft.py SIZE LINE MARKS DEPTH     # prints `DEPTH COUNT` for 1..DEPTH
"""
import sys


def lines(size, k):
    """Every k squares in a row, as sets of (x, y), along the four directions."""
    out = []
    for x in range(size):
        for y in range(size):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(x + i * dx, y + i * dy) for i in range(k)]
                if all(0 <= cx < size and 0 <= cy < size for cx, cy in cells):
                    out.append(frozenset(cells))
    return out


def perft(size, k, marks, depth):
    squares = [(x, y) for y in range(size) for x in range(size)]
    through = {s: [line for line in lines(size, k) if s in line] for s in squares}
    counts = [0] * (depth + 1)

    def won(mine, s):  # a line of the mover's is through the square just marked
        return any(line <= mine for line in through[s])

    def walk(boards, player, d):
        if d == depth:
            return
        empty = [s for s in squares if s not in boards[0] and s not in boards[1]]
        placed = len(boards[player])
        if placed == marks:  # no mark left: the player passes, or nobody can move: a draw
            if len(boards[1 - player]) == marks:
                return
            walk(boards, 1 - player, d)
            return
        counts[d + 1] += len(empty)
        if d + 1 == depth:
            return
        for s in empty:
            mine = boards[player] | {s}
            after = (mine, boards[1]) if player == 0 else (boards[0], mine)
            if won(mine, s) or len(empty) == 1:
                continue
            walk(after, 1 - player, d + 1)

    walk((frozenset(), frozenset()), 0, 0)
    return counts[1:]


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    size, k, marks, depth = map(int, sys.argv[1:])
    for d, c in enumerate(perft(size, k or size, marks, depth), 1):
        print(d, c)
