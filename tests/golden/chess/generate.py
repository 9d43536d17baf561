#!/usr/bin/env python3
"""An independent model of chess, written from the FIDE Laws of Chess (not from rules/chess.rules), that writes golden
move logs for the rule file: the legal moves before each choice in UCI notation, the moves of random games, and how
each game ended (checkmate, stalemate, the fifty-move rule, insufficient material and threefold repetition, as
automatic draws: the rule file's choice). ruleinterp must agree with it on every line (ctest replays the logs).

Seeds 2 and 24 write their moves in SAN (Nf3, exd5, O-O, e8=Q, Nbd7, with + and #), which the rule file reads too.

The order of the legal moves is the rule file's generation order, which the logs' `expect moves` lines check: first
the ordinary moves by the square the piece leaves (a1, b1, ..., h8), each piece's destinations in its order (a pawn:
one step, two steps, the captures to the left and right; a knight: its jumps clockwise from two up and one right; a
bishop: its rays north-east, south-east, south-west, north-west; a rook: north, east, south, west; a queen: the
rook's rays, then the bishop's; a king: the eight directions clockwise from north, each ray nearest first); then
castling (king side, queen side); then promotions (by square; one step, then the captures; queen, rook, bishop,
knight); then en passant (the capturing pawn left of the target first).

    python3 tests/golden/chess/generate.py                 # rewrites tests/golden/chess/random-*.log
    python3 tests/golden/chess/generate.py perft 3 [FEN]   # perft counts
"""
import os
import random
import sys

WHITE, BLACK = 0, 1
NAMES = ["White", "Black"]
DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]     # clockwise from north
JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
SQUARES = [(x, y) for y in range(1, 9) for x in range(1, 9)]                       # a1, b1, ..., h8
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def name(s):
    return "abcdefgh"[s[0] - 1] + str(s[1])


def on(s):
    return 1 <= s[0] <= 8 and 1 <= s[1] <= 8


class Pos:
    def __init__(self, fen=START):
        f = fen.split()
        self.board = {}                      # (x, y) -> (colour, letter in lower case)
        for i, row in enumerate(f[0].split("/")):
            x = 1
            for c in row:
                if c.isdigit():
                    x += int(c)
                else:
                    self.board[(x, 8 - i)] = (WHITE if c.isupper() else BLACK, c.lower())
                    x += 1
        self.turn = WHITE if f[1] == "w" else BLACK
        self.rights = {c: c in f[2] for c in "KQkq"}
        self.ep = None if f[3] == "-" else ("abcdefgh".index(f[3][0]) + 1, int(f[3][1]))
        self.halfmove, self.fullmove = int(f[4]), int(f[5])

    def copy(self):
        p = Pos.__new__(Pos)
        p.board, p.turn, p.rights = dict(self.board), self.turn, dict(self.rights)
        p.ep, p.halfmove, p.fullmove = self.ep, self.halfmove, self.fullmove
        return p

    def attacked(self, s, by):
        b = self.board
        for dx, dy in JUMPS:
            t = (s[0] + dx, s[1] + dy)
            if b.get(t) == (by, "n"):
                return True
        for k, (dx, dy) in enumerate(DIRS):
            t, dist = (s[0] + dx, s[1] + dy), 1
            while on(t) and t not in b:
                t, dist = (t[0] + dx, t[1] + dy), dist + 1
            if not on(t) or b[t][0] != by:
                continue
            kind = b[t][1]
            if kind == "q" or kind == ("r" if k % 2 == 0 else "b"):
                return True
            if dist == 1 and kind == "k":
                return True
            pawn_dy = -1 if by == WHITE else 1        # a pawn of `by` stands one row behind the square it attacks
            if dist == 1 and kind == "p" and k % 2 == 1 and dy == pawn_dy:
                return True
        return False

    def king(self, c):
        return next(s for s, v in self.board.items() if v == (c, "k"))

    def in_check(self, c):
        return self.attacked(self.king(c), 1 - c)

    def targets(self, s):
        c, kind = self.board[s]
        b, out = self.board, []
        if kind == "p":
            f = 1 if c == WHITE else -1
            one = (s[0], s[1] + f)
            if on(one) and one not in b:
                out.append(one)
                two = (s[0], s[1] + 2 * f)
                if s[1] == (2 if c == WHITE else 7) and two not in b:
                    out.append(two)
            for dx in (-1, 1):
                t = (s[0] + dx, s[1] + f)
                if on(t) and t in b and b[t][0] != c:
                    out.append(t)
            return out
        if kind in "nk":
            for dx, dy in (JUMPS if kind == "n" else DIRS):
                t = (s[0] + dx, s[1] + dy)
                if on(t) and (t not in b or b[t][0] != c):
                    out.append(t)
            return out
        ks = {"b": [1, 3, 5, 7], "r": [0, 2, 4, 6], "q": [0, 2, 4, 6, 1, 3, 5, 7]}[kind]
        for k in ks:
            dx, dy = DIRS[k]
            t = (s[0] + dx, s[1] + dy)
            while on(t) and t not in b:
                out.append(t)
                t = (t[0] + dx, t[1] + dy)
            if on(t) and b[t][0] != c:
                out.append(t)
        return out

    def play(self, frm, to, promo=None):
        """The position after the move (castling is the king's move of two squares)."""
        p = self.copy()
        b, c = p.board, self.turn
        piece = b.pop(frm)
        taken = b.pop(to, None)
        if piece[1] == "p" and to == self.ep:                       # en passant
            taken = b.pop((to[0], frm[1]))
        if piece[1] == "k" and abs(to[0] - frm[0]) == 2:           # castling: the rook too
            rook_from = (8 if to[0] == 7 else 1, frm[1])
            b[((frm[0] + to[0]) // 2, frm[1])] = b.pop(rook_from)
        b[to] = (c, promo) if promo else piece
        p.halfmove = 0 if piece[1] == "p" or taken else self.halfmove + 1
        if c == BLACK:
            p.fullmove += 1
        p.ep = None
        if piece[1] == "p" and abs(to[1] - frm[1]) == 2:
            if any(b.get((to[0] + dx, to[1])) == (1 - c, "p") for dx in (-1, 1)):
                p.ep = (frm[0], (frm[1] + to[1]) // 2)
        for corner, right in (((1, 1), "Q"), ((8, 1), "K"), ((1, 8), "q"), ((8, 8), "k")):
            if frm == corner or to == corner:
                p.rights[right] = False
        if piece[1] == "k":
            for r in ("KQ" if c == WHITE else "kq"):
                p.rights[r] = False
        p.turn = 1 - c
        return p

    def moves(self):
        """(uci, position after) for each legal move, in the rule file's order."""
        c, b = self.turn, self.board
        last = 8 if c == WHITE else 1
        mine = [s for s in SQUARES if s in b and b[s][0] == c]
        cands = []
        for s in mine:
            for t in self.targets(s):
                if not (b[s][1] == "p" and t[1] == last):
                    cands.append((name(s) + name(t), s, t, None))
        row = 1 if c == WHITE else 8
        for x, right in ((7, "K" if c == WHITE else "k"), (3, "Q" if c == WHITE else "q")):
            between = [6, 7] if x == 7 else [2, 3, 4]
            passed = (6 if x == 7 else 4, row)
            if (self.rights[right] and all((bx, row) not in b for bx in between) and not self.in_check(c)
                    and not self.attacked(passed, 1 - c)):
                cands.append((name((5, row)) + name((x, row)), (5, row), (x, row), None))
        for s in mine:
            if b[s][1] == "p" and s[1] == last - (1 if c == WHITE else -1):
                for t in self.targets(s):
                    for promo in "qrbn":
                        cands.append((name(s) + name(t) + promo, s, t, promo))
        if self.ep:
            f = 1 if c == WHITE else -1
            for dx in (-1, 1):
                s = (self.ep[0] + dx, self.ep[1] - f)
                if on(s) and b.get(s) == (c, "p"):
                    cands.append((name(s) + name(self.ep), s, self.ep, None))
        out = []
        for uci, s, t, promo in cands:
            p = self.play(s, t, promo)
            if not p.in_check(c):
                out.append((uci, p))
        return out

    def key(self):
        """What makes two positions the same for repetition: the board, the player to move, the castling rights and
        the en passant square (set only when a pawn could take there)."""
        return (frozenset(self.board.items()), self.turn, tuple(sorted(self.rights.items())), self.ep)

    def insufficient(self):
        rest = [(s, v) for s, v in self.board.items() if v[1] != "k"]
        if len(rest) == 0 or (len(rest) == 1 and rest[0][1][1] in "nb"):
            return True
        if len(rest) == 2 and all(v[1] == "b" for _, v in rest) and rest[0][1][0] != rest[1][1][0]:
            return sum(rest[0][0]) % 2 == sum(rest[1][0]) % 2
        return False


def san(p, uci, after):
    """The move in standard algebraic notation, with + or # when it checks or mates."""
    frm = ("abcdefgh".index(uci[0]) + 1, int(uci[1]))
    to = ("abcdefgh".index(uci[2]) + 1, int(uci[3]))
    kind = p.board[frm][1]
    capture = to in p.board or (kind == "p" and to == p.ep)
    if kind == "k" and abs(to[0] - frm[0]) == 2:
        text = "O-O" if to[0] == 7 else "O-O-O"
    elif kind == "p":
        text = (name(frm)[0] + "x" if capture else "") + name(to)
        if len(uci) == 5:
            text += "=" + uci[4].upper()
    else:
        rivals = [u for u, _ in p.moves() if u[2:4] == uci[2:4] and u[:2] != uci[:2]
                  and p.board[("abcdefgh".index(u[0]) + 1, int(u[1]))][1] == kind]
        which = ""
        if rivals:
            if all(u[0] != uci[0] for u in rivals):
                which = uci[0]
            elif all(u[1] != uci[1] for u in rivals):
                which = uci[1]
            else:
                which = uci[:2]
        text = kind.upper() + which + ("x" if capture else "") + name(to)
    if after.in_check(after.turn):
        text += "#" if not after.moves() else "+"
    return text


def perft(p, depth):
    ms = p.moves()
    if depth == 1:
        return len(ms)
    return sum(perft(q, depth - 1) for _, q in ms)


def play(seed, in_san=False):
    """A random game; its moves written in UCI, or with in_san in SAN (the lists of legal moves are always UCI)."""
    rng = random.Random(seed)
    p = Pos()
    seen = [p.key()]        # the positions since the start
    lines = ["# generated by tests/golden/chess/generate.py (seed %d): an independent model of the rules" % seed,
             "rules: rules/chess.rules", ""]
    while True:
        ms = p.moves()
        if not ms:
            lines.append("expect moves")
            if p.in_check(p.turn):
                lines += ["expect result %s wins" % NAMES[1 - p.turn], "expect reason checkmate"]
            else:
                lines += ["expect result draw", "expect reason stalemate"]
            return lines
        lines.append("expect turn " + NAMES[p.turn])
        lines.append("expect moves " + ", ".join(u for u, _ in ms))
        uci, q = ms[rng.randrange(len(ms))]
        lines.append("%s: %s" % (NAMES[p.turn], san(p, uci, q) if in_san else uci))
        p = q
        if p.halfmove >= 100:
            lines += ["expect result draw", "expect reason fifty moves without a capture or a pawn move"]
            return lines
        if p.insufficient():
            lines += ["expect result draw", "expect reason insufficient material"]
            return lines
        seen.append(p.key())
        if seen.count(p.key()) >= 3:
            lines += ["expect result draw", "expect reason the same position three times"]
            return lines


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "perft":
        p = Pos(sys.argv[3] if len(sys.argv) > 3 else START)
        for d in range(1, int(sys.argv[2]) + 1):
            print(d, perft(p, d))
        sys.exit(0)
    here = os.path.dirname(os.path.abspath(__file__))
    # 12: the first seed whose game ends in stalemate, 24: in checkmate; seeds 2 and 24 written in SAN
    for seed in (1, 2, 3, 12, 24):
        with open(os.path.join(here, "random-%d.log" % seed), "w") as f:
            f.write("\n".join(play(seed, in_san=seed in (2, 24))) + "\n")
