#!/usr/bin/env python3
"""An independent model of 1-draw Klondike as the handout (../shared/seeds/klondike-solitaire.txt) states it,
written from the handout, not from rules/solitaire.rules. It deals from a given deck, plays the handout's commands
with its errors, draws the board as the handout's Show rules say, and writes move logs and position files for the
tests.

Cards are written AS, 2S, ..., TS, JS, QS, KS, AC, ..., KH (rank letter, suit letter); the un-shuffled deck is
spades, clubs, diamonds, hearts, each from the ace to the king. A deck is listed from its top (the first card
dealt). Columns are lists bottom to top of [card, face_up]; the handout's "bottom of a column" (the most recently
played card) is the last element.

Usage:
  generate.py deal [DECK]                      the board after the deal (default: the un-shuffled deck)
  generate.py play DECK CMD...                 plays the commands, printing each board or error
  generate.py perft DRAW DEPTH [DECK]          perft 1..DEPTH after the deal, drawing DRAW cards (1, or 3: the
                                               variant rules/variants/klondike-draw-three.rules)
  generate.py logs [DIR]                       the handout's examples as position files and logs, errors.log
                                               and deal.log (DIR: tests/golden/klondike)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from prng import Prng  # noqa: E402  (spec/prng.md, shared by the models)

SUITS = 'SCDH'
SUIT_NAMES = ['spades', 'clubs', 'diamonds', 'hearts']
SYMBOLS = ['♠', '♣', '♦', '♥']
RANKS = 'A23456789TJQK'


def card(name):
    return (SUITS.index(name[-1]), RANKS.index(name[0]) + 1)


def name(c):
    return RANKS[c[1] - 1] + SUITS[c[0]]


def text(c):
    return SYMBOLS[c[0]] + {1: 'A', 11: 'J', 12: 'Q', 13: 'K'}.get(c[1], str(c[1]))


def red(c):
    return c[0] in (2, 3)


UNSHUFFLED = [(s, r) for s in range(4) for r in range(1, 14)]


class Error(Exception):
    pass


class Board:
    def __init__(self, deck, draw=1):
        self.draw_count = draw  # the cards a draw turns: 1, or 3 (rules/variants/klondike-draw-three.rules)
        deck = list(deck)  # top first
        self.columns = []
        for k in range(7):
            col = []
            for j in range(k + 1):
                col.append([deck.pop(0), j == k])
            self.columns.append(col)
        self.deck = deck            # top first
        self.discard = []           # bottom to top: the last is the most recent
        self.pillars = [0, 0, 0, 0]  # the top rank of each suit's pillar

    # helpers of the handout
    def flip(self):
        for col in self.columns:
            if col:
                col[-1][1] = True

    @staticmethod
    def can_stack(c1, c2):  # c1 onto c2
        return red(c1) != red(c2) and c1[1] + 1 == c2[1]

    def can_pillar(self, c):
        return c[1] == self.pillars[c[0]] + 1

    def visible(self, s):
        return sum(1 for _, up in self.columns[s] if up)

    # the commands
    def draw(self):
        if not self.deck:
            if not self.discard:
                raise Error('DeckEmpty')
            self.deck = list(self.discard)  # reversed: the oldest discard is the new top

            self.discard = []
        for _ in range(min(self.draw_count, len(self.deck))):  # the last one turned is on top
            self.discard.append(self.deck.pop(0))

    def move(self, n, s1, s2):
        if n < 1:
            raise Error('InvalidCount')
        if n > self.visible(s1):
            raise Error('MovingTooManyCards')
        run = self.columns[s1][-n:]
        if not self.columns[s2]:
            if run[0][0][1] != 13:
                raise Error('ColumnKing')
        elif not self.can_stack(run[0][0], self.columns[s2][-1][0]):
            raise Error('WrongOrder')
        del self.columns[s1][-n:]
        self.columns[s2] += run

    def movest(self, s1, s2):
        self.move(self.visible(s1), s1, s2)

    def place(self, c, s):
        if not self.columns[s]:
            if c[1] != 13:
                raise Error('ColumnKing')
        elif not self.can_stack(c, self.columns[s][-1][0]):
            raise Error('WrongOrder')
        self.columns[s].append([c, True])

    def movefd(self, s):
        if not self.discard:
            raise Error('DiscardEmpty')
        self.place(self.discard[-1], s)
        self.discard.pop()

    def movetp_discard(self):
        if not self.discard:
            raise Error('DiscardEmpty')
        c = self.discard[-1]
        if not self.can_pillar(c):
            raise Error('WrongPillarOrder')
        self.discard.pop()
        self.pillars[c[0]] += 1

    def movetp(self, s):
        if not self.columns[s]:
            raise Error('ColumnEmpty')
        c = self.columns[s][-1][0]
        if not self.can_pillar(c):
            raise Error('WrongPillarOrder')
        self.columns[s].pop()
        self.pillars[c[0]] += 1

    def movefp(self, suit, s):
        if self.pillars[suit] == 0:
            raise Error('PillarEmpty')
        self.place((suit, self.pillars[suit]), s)
        self.pillars[suit] -= 1

    def solve(self):
        moved = True
        while moved:
            moved = False
            for col in self.columns:
                if col and col[-1][1] and self.can_pillar(col[-1][0]):
                    c = col.pop()[0]
                    self.pillars[c[0]] += 1
                    if col:
                        col[-1][1] = True
                    moved = True

    def won(self):
        return all(p == 13 for p in self.pillars)

    def end_lines(self):
        """The expectations of a finished game: the game is over once won (the only way it ends), and why, in the
        words of the rule file's end rule (`expect reason`)."""
        assert self.won()
        return ['expect over', 'expect result Player wins', 'expect reason every card on its pillar']

    def run(self, command):
        """Plays one command as the notation writes it; raises Error with the handout's name when illegal."""
        w = command.split()
        if w in (['draw'], ['d']):
            self.draw()
        elif w[0] == 'move' and len(w) == 6:
            self.move(int(w[1]), int(w[3]), int(w[5]))
        elif w[0] == 'mv':
            self.move(int(w[1]), int(w[2]), int(w[3]))
        elif w[0] == 'movest':
            self.movest(int(w[1]), int(w[2]))
        elif w[0] == 'movefd':
            self.movefd(int(w[1]))
        elif w[0] == 'movetp' and w[1] in ('discard', 'd'):
            self.movetp_discard()
        elif w[0] == 'movetp':
            self.movetp(int(w[1]))
        elif w[0] == 'movefp':
            self.movefp(SUIT_NAMES.index(w[1]), int(w[2]))
        elif w == ['solve']:
            self.solve()
        else:
            raise ValueError(command)
        self.flip()

    def show(self):
        """The handout's Show rules."""
        lines = [f'Deck size: {len(self.deck)}',
                 'Discard: ' + ', '.join(text(c) for c in self.discard[-3:]),
                 'Pillars:']
        for label, s in (('Spades', 0), ('Clubs', 1), ('Hearts', 3), ('Diamonds', 2)):
            lines.append(f'  {label}: ' + (text((s, self.pillars[s])) if self.pillars[s] else '<empty>'))
        lines.append(' '.join(f'[{k}]' for k in range(7)))
        height = max(len(col) for col in self.columns)
        for r in range(height):
            last = max(k for k in range(7) if len(self.columns[k]) > r)
            cells = []
            for k in range(last + 1):
                col = self.columns[k]
                if r >= len(col):
                    cells.append('   ')
                elif not col[r][1]:
                    cells.append('???')
                else:
                    cells.append(text(col[r][0]).rjust(3))
            lines.append(' '.join(cells))
        return '\n'.join(lines)

    def moves(self):
        """Every legal command, written in its long form, in the rule file's order: its moves as declared, each over its
    parameters in order (move: the column it takes from, the count, the column it puts on)."""
        out = []
        if self.deck or self.discard:
            out.append('draw')
        for s1 in range(7):
            for n in range(1, 53):
                for s2 in range(7):
                    if self.legal(lambda b: b.move(n, s1, s2)):
                        out.append(f'move {n} from {s1} to {s2}')
        for s1 in range(7):
            for s2 in range(7):
                if self.legal(lambda b: b.movest(s1, s2)):
                    out.append(f'movest {s1} {s2}')
        for s in range(7):
            if self.legal(lambda b: b.movefd(s)):
                out.append(f'movefd {s}')
        if self.legal(lambda b: b.movetp_discard()):
            out.append('movetp discard')
        for s in range(7):
            if self.legal(lambda b: b.movetp(s)):
                out.append(f'movetp {s}')
        for suit in range(4):
            for s in range(7):
                if self.legal(lambda b: b.movefp(suit, s)):
                    out.append(f'movefp {SUIT_NAMES[suit]} {s}')
        out.append('solve')
        return out

    def legal(self, f):
        import copy
        try:
            f(copy.deepcopy(self))
            return True
        except Error:
            return False


def position(b, comment):
    """The board as a position file (spec/position.md): each card written by its name, {AS: Player, face_up: 1}."""
    out = ['# ' + l for l in comment.strip().split('\n')]
    out += ['rules: rules/solitaire.rules', 'board:']
    def pile(site, cards):  # cards bottom to top, as (card, face_up)
        items = ', '.join(f'{{{name(c)}: Player, face_up: {1 if up else 0}}}' for c, up in cards)
        out.append(f'  {site}: [{items}]')
    for k, col in enumerate(b.columns):
        pile(f'col{k}', [(c, up) for c, up in col])
    for s, site in enumerate(['spades', 'clubs', 'diamonds', 'hearts']):
        pile(site, [((s, r), True) for r in range(1, b.pillars[s] + 1)])
    pile('deck', [(c, False) for c in reversed(b.deck)])
    pile('discard', [(c, True) for c in b.discard])
    return '\n'.join(out) + '\n'


def arranged(columns, discard=(), pillars=(0, 0, 0, 0), deck=None):
    """A board laid out by hand: columns as lists bottom to top of card names, a name with '?' in front being face
    down; the discard pile bottom to top; the pillars' top ranks (spades, clubs, diamonds, hearts); the deck from the
    top (default: every other card, in the un-shuffled order)."""
    b = Board(UNSHUFFLED)
    b.columns = [[[card(x.lstrip('?')), not x.startswith('?')] for x in col] for col in columns]
    b.discard = [card(x) for x in discard]
    b.pillars = list(pillars)
    used = {c for col in b.columns for c, _ in col} | set(b.discard) | {(s, r) for s in range(4) for r in range(1, b.pillars[s] + 1)}
    b.deck = [card(x) for x in deck] if deck is not None else [c for c in UNSHUFFLED if c not in used]
    every = sorted(list(used) + b.deck)
    assert every == sorted(UNSHUFFLED), 'not the 52 cards once each'
    return b


def shuffled(seed):
    """The deck after the rule file's setup with this seed: the 52 cards put on the deck in the un-shuffled order
    (the ace of spades at the bottom), then the deck's stack, bottom to top, shuffled (prng.md)."""
    stack = list(UNSHUFFLED)
    Prng(seed).shuffle(stack)
    return stack[::-1]  # top first


EXAMPLES = {
    # name: (the handout's words, the board, the commands)
    'move-2-from-2-to-6': (
        "move 2 from 2 to 6: the most recently played card of column 6 is the 7 of clubs, and the 2nd card\n"
        "(read bottom-up) of column 2 is the 6 of hearts, of the other colour and one less.",
        dict(columns=[['KH', 'QC', 'JD', 'TC', '9H', '8C', '7H', '6C', '5H', '4C'], ['KD', 'QS', 'JH', 'TS', '9D', '8S'],
                      ['KC', 'QD', 'JC', 'TH', '9S', '8H', '7S', '6H', '5S'], [], [], [],
                      ['?3D', '?AD', '?2H', 'JS', 'TD', '9C', '8D', '7C']]),
        ['move 2 from 2 to 6']),
    'movest-1-0': (
        "movest 1 0: every visible card of column 1 moves onto column 0, whose most recent card is one higher and of\n"
        "the other colour; the face-down card under them turns up.",
        dict(columns=[['?4D', '9S', '8H', '7C'], ['?QH', '6D', '5S'], ['?2S', 'KD'], ['?3H', '?AC', 'JS'], [], [], []]),
        ['movest 1 0']),
    'movefd-5': (
        "movefd 5: the five of clubs, on top of the discard pile, goes onto the six of hearts of column 5.",
        dict(columns=[['QS'], [], [], [], [], ['?9D', '6H'], []], discard=['TC', 'KH', '5C']),
        ['movefd 5']),
    'movetp': (
        "movetp discard moves the ace of clubs from the discard pile to the pillars; movetp 4 then moves the two of\n"
        "clubs from column 4 onto it.",
        dict(columns=[['9D'], [], [], [], ['?QD', '2C'], [], []], discard=['6D', 'KD', 'AC']),
        ['movetp discard', 'movetp 4']),
    'movefp-hearts-6': (
        "movefp hearts 6: the ace of hearts, on top of the hearts pillar, goes onto the two of spades of column 6.",
        dict(columns=[[], ['KD', 'QS', 'JH'], ['?KC', '?QD', '9S', '8D', '7C', '6H'], [], [], [], ['?KS', '3D', '2S']],
             discard=['8H', '6C', '5S'], pillars=(0, 2, 2, 1)),
        ['movefp hearts 6']),
    'solve': (
        "solve on a board whose cards are all face up: it moves the column tops to the pillars until every pillar\n"
        "holds its King, and the game is won.",
        dict(columns=[['KH', 'QS', 'JH', 'TS', '9H', '8S', '7H', '6S', '5H'],
                      ['KS', 'QH', 'JS', 'TH', '9S', '8H', '7S', '6H', '5S', '4H'],
                      ['KC', 'QD', 'JC', 'TD', '9C', '8D', '7C', '6D', '5C', '4D', '3C'],
                      ['KD', 'QC', 'JD', 'TC', '9D', '8C', '7D', '6C', '5D', '4C', '3D', '2C'], [], [], []],
             pillars=(4, 1, 2, 3), deck=[]),
        ['solve']),
}


def write_examples(directory):
    import os
    os.makedirs(os.path.join(directory, 'positions'), exist_ok=True)
    for ex, (words, layout, commands) in EXAMPLES.items():
        b = arranged(**layout)
        pos = f'tests/golden/klondike/positions/{ex}.position'
        with open(os.path.join(directory, 'positions', ex + '.position'), 'w') as f:
            f.write(position(b, "The handout's example " + words + "\nWritten by tests/golden/klondike/generate.py logs."))
        lines = ['# The handout\'s example ' + l for l in words.split('\n')[:1]] + ['# ' + l for l in words.split('\n')[1:]]
        lines += ['# (tests/golden/klondike/generate.py logs)', 'rules: rules/solitaire.rules', f'position: {pos}', '']
        lines += board_lines(b)
        for c in commands:
            b.run(c)
            lines.append(f'Player: {c}')
            lines += board_lines(b)
        if b.won():
            lines += b.end_lines()
        with open(os.path.join(directory, ex + '.log'), 'w') as f:
            f.write('\n'.join(lines) + '\n')


def illegal(b, cmd, code):
    """`expect illegal CMD CODE` after checking that the model refuses CMD with that error (code None: any)."""
    import copy
    try:
        copy.deepcopy(b).run(cmd)
    except Error as e:
        assert code is None or str(e) == code, (cmd, str(e), code)
        return f'expect illegal {cmd} {code}' if code else f'expect illegal "{cmd}"'
    except (ValueError, IndexError):
        assert code is None, cmd
        return f'expect illegal "{cmd}"'
    raise AssertionError('legal: ' + cmd)


def errors_log():
    """Every error but PillarEmpty, from the solve example's board; then the game won card by card."""
    b = arranged(**EXAMPLES['solve'][1])
    lines = ["# Every error of rules/solitaire.rules but PillarEmpty (see deal.log), in its long and short forms, from the",
             "# board of the handout's solve example (the deck, the discard pile and columns 4 to 6 are empty); the board",
             "# is unchanged after each. Then the columns' cards go to the pillars one by one and the game is won.",
             "# (tests/golden/klondike/generate.py logs)",
             'rules: rules/solitaire.rules', 'position: tests/golden/klondike/positions/solve.position', '']
    lines += board_lines(b)
    for cmd, code in [('draw', 'DeckEmpty'), ('d', 'DeckEmpty'), ('movefd 0', 'DiscardEmpty'),
                      ('movetp discard', 'DiscardEmpty'), ('movetp d', 'DiscardEmpty'), ('move 0 from 0 to 1', 'InvalidCount'),
                      ('mv -2 0 1', 'InvalidCount'), ('move 10 from 0 to 1', 'MovingTooManyCards'),
                      ('mv 1 4 0', 'MovingTooManyCards'), ('move 1 from 0 to 4', 'ColumnKing'),
                      ('move 1 from 0 to 1', 'WrongOrder'), ('movest 4 0', 'InvalidCount'), ('movest 0 1', 'WrongOrder'),
                      ('movetp 5', 'ColumnEmpty'), ('movetp 2', 'WrongPillarOrder'), ('movefp hearts 4', 'ColumnKing'),
                      ('movefp hearts 0', 'WrongOrder')]:
        lines.append(illegal(b, cmd, code))
    lines += board_lines(b)
    while not b.won():
        k = next(k for k in range(7) if b.columns[k] and b.can_pillar(b.columns[k][-1][0]))
        b.run(f'movetp {k}')
        lines.append(f'Player: movetp {k}')
    return '\n'.join(lines + b.end_lines() + board_lines(b)) + '\n'


def deal_log():
    """The un-shuffled deal, PillarEmpty, draws through the deck, and a draw that recycles the discard pile."""
    b = Board(UNSHUFFLED)
    lines = ["# The un-shuffled deck (spades, clubs, diamonds, hearts, each ace to king, from the top) dealt as the",
             "# handout deals it: its columns are the handout's. Then PillarEmpty and other errors, 24 draws through the",
             "# deck, and a draw from the empty deck, which turns the discard pile over into the deck first.",
             "# (tests/golden/klondike/generate.py logs)",
             'rules: rules/solitaire.rules', 'deck: ' + ' '.join(name(c) for c in UNSHUFFLED), '']
    lines += board_lines(b)
    lines.append('expect moves ' + ', '.join(b.moves()))
    for cmd, code in [('movefp spades 0', 'PillarEmpty'), ('movefp hearts 6', 'PillarEmpty'), ('movefd 2', 'DiscardEmpty'),
                      ('movetp d', 'DiscardEmpty'), ('movetp 1', 'WrongPillarOrder'),
                      ('move 2 from 1 to 0', 'MovingTooManyCards'), ('movefp clubs 9', None)]:
        lines.append(illegal(b, cmd, code))
    for i in range(24):
        c = 'draw' if i % 2 == 0 else 'd'
        b.run(c)
        lines.append('Player: ' + c)
        if i == 0:
            lines += board_lines(b)
    lines += board_lines(b)
    b.run('draw')
    lines.append('Player: draw')
    return '\n'.join(lines + board_lines(b)) + '\n'


def board_lines(b):
    return ['expect board'] + ['| ' + l for l in b.show().split('\n')]


def main(argv):
    cmd = argv[1] if len(argv) > 1 else ''
    if cmd == 'deal':
        deck = [card(x) for x in argv[2].replace(',', ' ').split()] if len(argv) > 2 else UNSHUFFLED
        print(Board(deck).show())
    elif cmd == 'play':
        b = Board([card(x) for x in argv[2].replace(',', ' ').split()])
        print(b.show())
        for c in argv[3:]:
            try:
                b.run(c)
                print(f'> {c}')
                print(b.show())
            except Error as e:
                print(f'> {c}: {e}')
        if b.won():
            print('Congratulations, you win!')
    elif cmd == 'perft':
        deck = [card(x) for x in argv[4].replace(',', ' ').split()] if len(argv) > 4 else UNSHUFFLED
        counts = [0] * (int(argv[3]) + 1)

        def walk(b, d):
            if b.won():
                return
            moves = b.moves()
            counts[d + 1] += len(moves)
            if d + 1 < len(counts) - 1:
                import copy
                for m in moves:
                    c = copy.deepcopy(b)
                    c.run(m)
                    walk(c, d + 1)
        walk(Board(deck, int(argv[2])), 0)
        for d in range(1, len(counts)):
            print(d, counts[d])
    elif cmd == 'logs':
        import os
        d = argv[2] if len(argv) > 2 else 'tests/golden/klondike'
        write_examples(d)
        for n, text in (('errors.log', errors_log()), ('deal.log', deal_log()), ('won-seed-274.log', won_log(274))):
            with open(os.path.join(d, n), 'w') as f:
                f.write(text)
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


def greedy(deck, limit=600):
    """A simple greedy player: cards to the pillars, runs that uncover a face-down card or empty a column for a
    King, cards from the discard pile, else draw; gives up after two passes through the deck without progress.
    Returns the commands and whether the game was won."""
    b = Board(deck)
    commands, idle = [], 0
    def play(c):
        b.run(c)
        commands.append(c)
    while not b.won() and len(commands) < limit:
        tried = None
        for k in range(7):
            col = b.columns[k]
            if col and b.can_pillar(col[-1][0]):
                tried = f'movetp {k}'
                break
        if not tried and b.discard and b.can_pillar(b.discard[-1]):
            tried = 'movetp discard'
        if not tried:
            for s1 in range(7):
                n = b.visible(s1)
                col = b.columns[s1]
                if n == 0 or n == len(col) and col[0][0][1] == 13:
                    continue  # nothing to uncover (a King already at the bottom)
                for s2 in range(7):
                    if s2 != s1 and b.legal(lambda x: x.move(n, s1, s2)):
                        tried = f'move {n} from {s1} to {s2}'
                        break
                if tried:
                    break
        if not tried and b.discard:
            for s in range(7):
                if b.legal(lambda x: x.movefd(s)):
                    tried = f'movefd {s}'
                    break
        if tried:
            idle = 0
        else:
            if idle > 2 * (len(b.deck) + len(b.discard)) + 2 or not (b.deck or b.discard):
                break
            tried = 'draw'
            idle += 1
        play(tried)
    return commands, b.won()


def won_log(seed):
    """The greedy player's won game from the shuffle of `seed` (the rule file's setup with --seed), as a move log."""
    deck = shuffled(seed)
    commands, won = greedy(deck)
    assert won, seed
    b = Board(deck)
    lines = [f"# A won game: the greedy player of tests/golden/klondike/generate.py from the deck that the seed {seed}",
             "# shuffles (so the interpreter's shuffle is the model's, spec/prng.md), with a board every tenth move.",
             '# (tests/golden/klondike/generate.py logs)',
             'rules: rules/solitaire.rules', f'seed: {seed}', '']
    lines += board_lines(b)
    for i, c in enumerate(commands):
        b.run(c)
        lines.append(f'Player: {c}')
        if i % 10 == 9:
            lines += board_lines(b)
            lines.append('expect moves ' + ', '.join(b.moves()))
    return '\n'.join(lines + b.end_lines() + board_lines(b)) + '\n'


if __name__ == '__main__':
    sys.exit(main(sys.argv))
