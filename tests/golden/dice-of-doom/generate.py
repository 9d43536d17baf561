#!/usr/bin/env python3
"""An independent model of Dice of Doom (version 1, ../shared/seeds/dice-of-doom.md), written from the handout and
the Land of Lisp rules, not from rules/dice-of-doom.rules. It produces the expectations the tests compare the
interpreter with: attack moves, perft counts, game trees, random starting boards and random games.

A board is a list of (player, dice) cells in reading order (cell 0 at the upper left, across then down); players
are 0, 1, ... written a, b, .... The state is (board, player, captured): captured counts the dice taken during the
current turn (the Lisp code's spare dice), so a pass is legal when it is above 0.

Moves at a node, in the interpreter's order: `pass` first (when captured > 0; the Lisp code's add-passing-move puts
it first too), then every attack: the player's cells in reading order, each one's neighbours in the order of the
handout's `neighbours`. The game is over when the player to move has no move (only at the start of a turn: once
a player has attacked, passing is always possible); the players with the most cells win. A random game's log says
why it ended (`expect reason`): `b cannot attack: the most cells win`, naming the player who cannot move.

Random choices use the project's PRNG (spec/prng.md): a random starting board draws, cell by cell in reading
order, `below(players)` for the owner then `below(max_dice)` for the dice minus one; a random game then draws
`below(n)` over the n legal moves at every decision.

Usage:
  generate.py moves BOARD PLAYER [CAPTURED]          the legal moves, one per line
  generate.py perft BOARD PLAYER DEPTH               perft counts 1..DEPTH
  generate.py tree BOARD PLAYER                      the whole game tree (text, like `ruleinterp tree`)
  generate.py setup SEED SIZE PLAYERS MAX_DICE       the random starting board of that seed
  generate.py random SEED SIZE PLAYERS MAX_DICE      a random game as a move log (to stdout)
BOARD is written like the display's cells: "b-2 b-2 a-2 b-1" (quote it); PLAYER a letter.
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from prng import Prng  # noqa: E402  (spec/prng.md, shared by the models)


def letter(p):
    return chr(ord('a') + p)


def neighbours(size, pos):
    """The handout's Haskell `neighbours`, verbatim in meaning."""
    up, down = pos - size, pos + size
    cand = [up, down]
    if pos % size != 0:
        cand += [up - 1, pos - 1]
    if (pos + 1) % size != 0:
        cand += [pos + 1, down + 1]
    return [p for p in cand if 0 <= p < size * size]


class Game:
    def __init__(self, board, player, nplayers, max_dice, captured=0):
        self.board = list(board)
        self.size = math.isqrt(len(board))
        assert self.size * self.size == len(board)
        self.player = player
        self.nplayers = nplayers
        self.max_dice = max_dice
        self.captured = captured

    def attacks(self):
        b, p = self.board, self.player
        return [(src, dst) for src in range(len(b)) if b[src][0] == p
                for dst in neighbours(self.size, src) if b[dst][0] != p and b[src][1] > b[dst][1]]

    def moves(self):
        return (['pass'] if self.captured > 0 else []) + self.attacks()

    def state(self):
        return (tuple(self.board), self.player, self.captured)

    def restore(self, st):
        self.board, self.player, self.captured = list(st[0]), st[1], st[2]

    def apply(self, m):
        if m == 'pass':
            spare = self.captured - 1  # reinforcements: one pass over the cells, one die each
            for i, (q, d) in enumerate(self.board):
                if spare <= 0:
                    break
                if q == self.player and d < self.max_dice:
                    self.board[i] = (q, d + 1)
                    spare -= 1
            self.captured = 0
            self.player = (self.player + 1) % self.nplayers
        else:
            src, dst = m
            d = self.board[src][1]
            self.captured += self.board[dst][1]
            self.board[src] = (self.player, 1)
            self.board[dst] = (self.player, d - 1)

    def over(self):
        return not self.moves()

    def reason(self):
        """Why the game ended (over() holds): the player to move cannot attack at the start of their turn (they
        cannot pass either, having captured nothing), so the players with the most cells win."""
        assert self.captured == 0 and not self.attacks()
        return f'{letter(self.player)} cannot attack: the most cells win'

    def result(self):
        cells = [sum(1 for q, _ in self.board if q == p) for p in range(self.nplayers)]
        best = max(cells)
        w = [letter(p) for p in range(self.nplayers) if cells[p] == best]
        if len(w) == 1:
            return w[0] + ' wins'
        return ', '.join(w[:-1]) + ' and ' + w[-1] + ' tie'

    def summary(self):
        return '[' + ', '.join(f'{letter(q)}-{d}' for q, d in self.board) + f'], captured: {self.captured}'


def write(m):
    return 'pass' if m == 'pass' else f'{m[0]} -> {m[1]}'


def parse_board(text):
    cells = []
    for c in text.split():
        q, d = c.split('-')
        cells.append((ord(q) - ord('a'), int(d)))
    return cells


def perft(g, depth):
    counts = [0] * (depth + 1)

    def run(ply):
        ms = g.moves()
        if ply + 1 == depth:
            counts[depth] += len(ms)
            return
        for m in ms:
            st = g.state()
            g.apply(m)
            counts[ply + 1] += 1
            run(ply + 1)
            g.restore(st)

    if depth > 0:
        run(0)
    return counts[1:]


def tree(g, out, prefix='', label=None, last=True):
    """The tree as `ruleinterp tree` prints it: `PLAYER STATE`, children `MOVE: PLAYER STATE`."""
    line = f'{letter(g.player)} {g.summary()}'
    if g.over():
        line += f' -- over: {g.result()}'
    if label is None:
        out.append(line)
        child_prefix = ''
    else:
        out.append(prefix + ('`-- ' if last else '|-- ') + f'{label}: ' + line)
        child_prefix = prefix + ('    ' if last else '|   ')
    ms = g.moves()
    for i, m in enumerate(ms):
        st = g.state()
        g.apply(m)
        tree(g, out, child_prefix, write(m), i == len(ms) - 1)
        g.restore(st)


def setup(rng, size, nplayers, max_dice):
    board = []
    for _ in range(size * size):
        q = rng.below(nplayers)
        board.append((q, 1 + rng.below(max_dice)))
    return board


def random_game(seed, size, nplayers, max_dice):
    rng = Prng(seed)
    g = Game(setup(rng, size, nplayers, max_dice), 0, nplayers, max_dice)
    sets = []
    if size != 3: sets.append(f'board_size={size}')
    if nplayers != 2: sets.append(f'num_players={nplayers}')
    if max_dice != 3: sets.append(f'max_dice={max_dice}')
    lines = ['# A random game of the independent model (tests/golden/dice-of-doom/generate.py '
             f'random {seed} {size} {nplayers} {max_dice}):',
             '# the starting board comes from the seed; every decision is one below(n) over the legal moves.',
             'rules: rules/dice-of-doom.rules', f'seed: {seed}']
    if sets:
        lines.append('set: ' + ' '.join(sets))
    lines.append('')
    lines.append('expect board')
    lines += ['| ' + l for l in display(g).split('\n')]
    ply = 0
    while not g.over():
        ms = g.moves()
        if ply % 5 == 0:
            lines.append('expect moves ' + ', '.join(write(m) for m in ms))
        m = ms[rng.below(len(ms))]
        lines.append(f'{letter(g.player)}: {write(m)}')
        g.apply(m)
        ply += 1
    lines.append('expect over')
    lines.append(f'expect result {g.result()}')
    lines.append(f'expect reason {g.reason()}')
    lines.append('expect board')
    lines += ['| ' + l for l in display(g).split('\n')]
    return '\n'.join(lines) + '\n'


def display(g):
    """The seed's picture: `current player = a` (`game over` once the game is over: nobody is to play), then the
    rows, each indented two spaces per row below it."""
    rows = ['game over' if g.over() else f'current player = {letter(g.player)}']
    n = g.size
    for r in range(n):
        rows.append('  ' * (n - r) + ' '.join(f'{letter(q)}-{d}' for q, d in g.board[r * n:(r + 1) * n]))
    return '\n'.join(rows)


def main(argv):
    cmd = argv[1] if len(argv) > 1 else ''
    if cmd in ('moves', 'perft', 'tree'):
        board = parse_board(argv[2])
        player = ord(argv[3]) - ord('a')
        nplayers = max(max(q for q, _ in board) + 1, player + 1, 2)
        if cmd == 'moves':
            g = Game(board, player, nplayers, 3, int(argv[4]) if len(argv) > 4 else 0)
            for m in g.moves():
                print(write(m))
        elif cmd == 'perft':
            g = Game(board, player, nplayers, 3)
            for d, c in enumerate(perft(g, int(argv[4])), 1):
                print(d, c)
        else:
            out = []
            tree(Game(board, player, nplayers, 3), out)
            print('\n'.join(out))
    elif cmd == 'setup':
        seed, size, nplayers, max_dice = map(int, argv[2:6])
        g = Game(setup(Prng(seed), size, nplayers, max_dice), 0, nplayers, max_dice)
        print(display(g))
    elif cmd == 'random':
        seed, size, nplayers, max_dice = map(int, argv[2:6])
        sys.stdout.write(random_game(seed, size, nplayers, max_dice))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
