#!/usr/bin/env python3
"""An independent model of the Shogun board game, written from the handout (shared/seeds/shogun.tex) and
the decisions in tests/golden/shogun/README.md alone (no code from the C++ interpreter or a rule file). It
is the test oracle for rules/shogun.rules (energies change after every move) and rules/shogun-fixed.rules
(energies stay fixed): it writes golden move logs (with the result and why the game ended, `expect reason`, in the
words of the rule file's end rules), counts perft and checks the handout's diagrams.

    python3 tests/golden/shogun/generate.py perft DEPTH [--fixed] [--position FILE]
                                                  # perft 1..DEPTH ('depth count' lines), from the start
                                                  # or from a position file
    python3 tests/golden/shogun/generate.py random SEED [--fixed]
                                                  # a whole random game as a move log, on stdout
    python3 tests/golden/shogun/generate.py logs  # rewrites tests/golden/shogun/{random,fixed}-*.log (LOGS)
    python3 tests/golden/shogun/generate.py search FIRST LAST [--fixed]
                                                  # how each seed's random game ends (to pick seeds)
    python3 tests/golden/shogun/generate.py diagrams
                                                  # the handout's claims about its diagrams, checked
                                                  # against the model on positions/*.position
    python3 tests/golden/shogun/generate.py selfcheck [GAMES]
                                                  # compares the move generator with a literal transcription
                                                  # of the handout's recursive `eval` along random games

Random games use random.Random(seed), one per game: at a decision rng.choice among the legal moves (in
generation order), at a chance node rng.choice among the outcomes (in increasing order).
"""
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PLAYERS = ["White", "Red"]           # index 0 moves first
MAX_ENERGY = {"pawn": 4, "king": 2}  # a new energy is uniform over 1..MAX_ENERGY[kind]
QUIET_LIMIT = 100                    # this many moves in a row without a capture: draw
SIZE = 8

# ---------------------------------------------------------------------------------------------------------
# The board. A field is (x, y), x = column 1..8, y = row 1..8. Its site name is the column letter and the
# row: (1, 1) = a1, (4, 4) = d4, (2, 6) = b6. Site order (the order of generation) is by row, then column:
# a1, b1, ..., h1, a2, ..., h8.
#
# A board is a dict {field: piece}; a piece is a tuple (kind, owner, energy) with kind "pawn" or "king" and
# owner 0 (White) or 1 (Red).
# ---------------------------------------------------------------------------------------------------------
FIELDS = [(x, y) for y in range(1, SIZE + 1) for x in range(1, SIZE + 1)]   # in site order


def site(field):
    x, y = field
    return "abcdefgh"[x - 1] + str(y)


def field_of(name):
    if len(name) != 2 or name[0] not in "abcdefgh" or name[1] not in "12345678":
        raise ValueError("not a site: %r" % name)
    return ("abcdefgh".index(name[0]) + 1, int(name[1]))


def coords(field):
    return "(%d,%d)" % field


def on_board(field):
    x, y = field
    return 1 <= x <= SIZE and 1 <= y <= SIZE


def manhattan(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def sign(n):
    return (n > 0) - (n < 0)


def paths(f, t):
    """The fields strictly between f and t (the corner included) of each path from f to t that is straight
    or makes one 90-degree turn: x first then y, and y first then x. A straight line is one path."""
    (fx, fy), (tx, ty) = f, t
    sx, sy = sign(tx - fx), sign(ty - fy)
    x_first = [(x, fy) for x in range(fx + sx, tx + sx, sx)] if sx else []
    x_first += [(tx, y) for y in range(fy + sy, ty + sy, sy)] if sy else []
    y_first = [(fx, y) for y in range(fy + sy, ty + sy, sy)] if sy else []
    y_first += [(x, ty) for x in range(fx + sx, tx + sx, sx)] if sx else []
    out = [x_first[:-1]]                 # drop t itself
    if sx and sy:
        out.append(y_first[:-1])
    return out


def hits(board, f, t):
    """Whether the piece on f "hits" t: the distance is its energy and one of its paths to t is clear
    (whatever stands on t itself)."""
    energy = board[f][2]
    if manhattan(f, t) != energy:
        return False
    return any(all(g not in board for g in between) for between in paths(f, t))


def hitters(board, t, colour):
    """The fields (site order) of the pieces of `colour` that hit t."""
    return [f for f in FIELDS if f in board and board[f][1] == colour and hits(board, f, t)]


def attacked(board, t, colour):
    """Whether t is attacked by `colour` (= hitters(board, t, colour) is not empty)."""
    return any(p[1] == colour and hits(board, f, t) for f, p in board.items())


def king_field(board, colour):
    for f, p in board.items():
        if p[0] == "king" and p[1] == colour:
            return f
    return None


def in_check(board, colour):
    k = king_field(board, colour)
    return k is not None and attacked(board, k, 1 - colour)


# AT_DISTANCE[f][d]: the fields at distance d from f, in site order (d = 1..4)
AT_DISTANCE = {f: {d: [t for t in FIELDS if manhattan(f, t) == d] for d in range(1, 5)} for f in FIELDS}


def reachable(board, f):
    """The fields (site order) the piece on f can move to, ignoring check (the handout's all_moves):
    distance = energy, not its own piece there, a clear straight or L path."""
    colour = board[f][1]
    return [t for t in AT_DISTANCE[f][board[f][2]]
            if not (t in board and board[t][1] == colour) and hits(board, f, t)]


def after(board, f, t):
    """The board after the piece on f moved to t (capturing whatever was there)."""
    b = dict(board)
    b[t] = b.pop(f)
    return b


def legal(board, f, t, king_leaves=True):
    """A reachable t is a legal target when the mover's king is not attacked afterwards.
    king_leaves=False is the alternative reading asked about in `diagrams` (not the rule): for a king move,
    whether t is attacked is computed with the king still on its old field f."""
    colour = board[f][1]
    new = after(board, f, t)
    if board[f][0] == "king" and not king_leaves:
        old = dict(board)
        old.pop(t, None)                 # the captured piece, if any (it cannot hit its own field anyway)
        return not attacked(old, t, 1 - colour)
    return not in_check(new, colour)


def legal_moves_of(board, colour, king_leaves=True):
    """All legal moves (f, t) of `colour`: from-fields in site order, then to-fields in site order."""
    return [(f, t) for f in FIELDS if f in board and board[f][1] == colour
            for t in reachable(board, f) if legal(board, f, t, king_leaves)]


def notation(move):
    (fx, fy), (tx, ty) = move
    return "%s%d-%s%d" % ("abcdefgh"[fx - 1], fy, "abcdefgh"[tx - 1], ty)


# ---------------------------------------------------------------------------------------------------------
# The handout's task 1/2, literally: eval(pc, m, en, b) and all_moves. Used for the RU diagrams and, in
# `selfcheck`, to confirm `reachable` on many boards. A Move is a string of one or two letters: U, D, R, L,
# RU, LU, RD, LD, UR, UL, DR, DL.
# ---------------------------------------------------------------------------------------------------------
STEP = {"U": (0, 1), "D": (0, -1), "R": (1, 0), "L": (-1, 0)}
ALL_SHAPES = ["U", "D", "R", "L", "RU", "LU", "RD", "LD", "UR", "UL", "DR", "DL"]


def handout_eval(pos, colour, move, energy, board):
    """The set of fields reachable by a piece of `colour` standing (in the recursion) on pos."""
    if not on_board(pos):
        return set()
    if energy == 0:
        if pos not in board or board[pos][1] != colour:
            return {pos}
        return set()
    if pos in board:
        return set()
    dx, dy = STEP[move[0]]
    first = handout_eval((pos[0] + dx, pos[1] + dy), colour, move, energy - 1, board)
    if len(move) == 1:
        return first
    return first | handout_eval(pos, colour, move[1], energy, board)


def handout_shape(board, f, move):
    """eval for the piece on f and one Move; the piece is taken off the board first (else its own field
    would block it)."""
    b = dict(board)
    kind, colour, energy = b.pop(f)
    return handout_eval(f, colour, move, energy, b)


def handout_all_moves(board, f):
    out = set()
    for m in ALL_SHAPES:
        out |= handout_shape(board, f, m)
    return out


# ---------------------------------------------------------------------------------------------------------
# Game states. A state is a tuple (board, turn, quiet, pending, outcome):
#   board    the board
#   turn     the player to move (at a chance node: the player who just moved)
#   quiet    moves in a row without a capture
#   pending  None at a decision node; at a chance node the field of the piece that just moved, whose new
#            energy the chance event `energy` decides
#   outcome  None while the game goes on, else (result, reason): the result "White wins", "Red wins" or
#            "draw", and why the game ended, in the words of rules/shogun.rules (`expect reason`)
# An action is a move (f, t) at a decision node and an energy (int) at a chance node.
# ---------------------------------------------------------------------------------------------------------
def decision_node(board, turn, quiet):
    """The state where `turn` is to move; over when they have no legal move (checkmate or stalemate)."""
    outcome = None
    if not legal_moves_of(board, turn):
        if in_check(board, turn):
            outcome = ("%s wins" % PLAYERS[1 - turn], "checkmate")
        else:
            outcome = ("draw", "%s cannot move" % PLAYERS[turn])
    return (board, turn, quiet, None, outcome)


def actions(state):
    """The legal actions in generation order: moves, or the energy outcomes in increasing order."""
    board, turn, quiet, pending, outcome = state
    if outcome is not None:
        return []
    if pending is not None:
        return list(range(1, MAX_ENERGY[board[pending][0]] + 1))
    return legal_moves_of(board, turn)


def end_rules(board, quiet):
    """The end rules tried after every move, in order: the outcome (result, reason) of the first that holds, or
    None."""
    for c in (0, 1):
        if sum(1 for p in board.values() if p[1] == c) == 1:
            return ("%s wins" % PLAYERS[1 - c], "%s has only the king left" % PLAYERS[c])
    if quiet >= QUIET_LIMIT:
        return ("draw", "a hundred moves without a capture")
    return None


def apply(state, action, fixed):
    """The state after a legal action."""
    board, turn, quiet, pending, outcome = state
    if pending is not None:                           # the chance event: the moved piece's new energy
        b = dict(board)
        kind, owner, _ = b[pending]
        b[pending] = (kind, owner, action)
        return decision_node(b, 1 - turn, quiet)
    f, t = action
    quiet = 0 if t in board else quiet + 1
    b = after(board, f, t)
    outcome = end_rules(b, quiet)
    if outcome is not None:
        return (b, turn, quiet, None, outcome)
    if fixed:
        return decision_node(b, 1 - turn, quiet)
    return (b, turn, quiet, t, None)


def action_text(state, action):
    return "energy %d" % action if state[3] is not None else notation(action)


def end_reason(state):
    """Why a finished game ended, in the words of the log's header comment (the `expect reason` line uses the
    outcome's reason instead, the rule file's words)."""
    board, turn, quiet, pending, outcome = state
    if outcome is None:
        return "not over"
    for c in (0, 1):
        if sum(1 for p in board.values() if p[1] == c) == 1:
            return "%s has only the king left" % PLAYERS[c]
    if quiet >= QUIET_LIMIT:
        return "%d moves without a capture" % QUIET_LIMIT
    if outcome[0] == "draw":
        return "stalemate: %s cannot move and is not in check" % PLAYERS[turn]
    return "checkmate: %s cannot move and is in check" % PLAYERS[turn]


# ---------------------------------------------------------------------------------------------------------
# Position files (tests/golden/shogun/positions/*.position): exactly this YAML subset
#   # comments
#   rules: rules/shogun.rules
#   player: White
#   board:
#     d4: {pawn: Red, energy: 4}
# ---------------------------------------------------------------------------------------------------------
def read_position(path):
    """(board, player to move, rules) of a position file."""
    board, player, rules, in_board = {}, None, None, False
    with open(path) as fh:
        for number, raw in enumerate(fh, 1):
            line = raw.rstrip("\n")
            where = "%s:%d" % (path, number)
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if not line.startswith(" "):
                key, _, value = line.partition(":")
                value = value.strip()
                in_board = key == "board"
                if key == "rules":
                    rules = value
                elif key == "player":
                    if value not in PLAYERS:
                        raise SystemExit("%s: unknown player %r" % (where, value))
                    player = PLAYERS.index(value)
                elif key != "board" or value:
                    raise SystemExit("%s: unexpected line %r" % (where, line))
                continue
            if not in_board:
                raise SystemExit("%s: indented line outside board" % where)
            name, _, rest = line.strip().partition(":")
            rest = rest.strip()
            if not (rest.startswith("{") and rest.endswith("}")):
                raise SystemExit("%s: expected SITE: {KIND: OWNER, energy: N}" % where)
            items = [item.split(":") for item in rest[1:-1].split(",")]
            if len(items) != 2 or any(len(i) != 2 for i in items):
                raise SystemExit("%s: expected SITE: {KIND: OWNER, energy: N}" % where)
            (kind, owner), (ekey, energy) = [(a.strip(), b.strip()) for a, b in items]
            if kind not in MAX_ENERGY or owner not in PLAYERS or ekey != "energy" or \
                    not energy.isdigit() or not 1 <= int(energy) <= MAX_ENERGY[kind]:
                raise SystemExit("%s: bad piece %r" % (where, rest))
            f = field_of(name)
            if f in board:
                raise SystemExit("%s: %s twice" % (where, name))
            board[f] = (kind, PLAYERS.index(owner), int(energy))
    if player is None or rules is None:
        raise SystemExit("%s: missing rules or player" % path)
    for c in (0, 1):
        assert sum(1 for p in board.values() if p[:2] == ("king", c)) <= 1, "%s: two kings" % path
    return board, player, rules


def position_path(name):
    return os.path.join(HERE, "positions", name + ".position")


def start_board():
    return read_position(position_path("start"))[0]


# ---------------------------------------------------------------------------------------------------------
# Perft: the number of action sequences of each length (a move and a chance outcome are one ply each; a
# finished game has no actions). One traversal; the last ply is counted without being played.
# ---------------------------------------------------------------------------------------------------------
def perft_counts(state, depth, fixed):
    counts = [0] * (depth + 1)

    def walk(s, d):
        acts = actions(s)
        counts[d + 1] += len(acts)
        if d + 1 < depth:
            for a in acts:
                walk(apply(s, a, fixed), d + 1)

    if depth > 0:
        walk(state, 0)
    return counts[1:]


# ---------------------------------------------------------------------------------------------------------
# Random games and golden logs.
# ---------------------------------------------------------------------------------------------------------
def rules_file(fixed):
    return "rules/shogun-fixed.rules" if fixed else "rules/shogun.rules"


def play_random(seed, fixed):
    """A random game from the start: (log lines after the header, final state, number of moves)."""
    rng = random.Random(seed)
    state = decision_node(start_board(), 0, 0)
    lines, moves = [], 0
    while state[4] is None:
        acts = actions(state)
        if state[3] is None:
            lines.append("expect turn %s" % PLAYERS[state[1]])
        lines.append("expect moves " + ", ".join(
            str(a) if state[3] is not None else notation(a) for a in acts))
        a = rng.choice(acts)
        if state[3] is None:
            lines.append("%s: %s" % (PLAYERS[state[1]], notation(a)))
            moves += 1
        else:
            lines.append("energy %d" % a)
        state = apply(state, a, fixed)
    result, reason = state[4]
    lines.append("expect result %s" % result)
    lines.append("expect reason %s" % reason)
    lines.append("expect over")
    return lines, state, moves


def header(seed, fixed, shows=None):
    out = ["# generated by tests/golden/shogun/generate.py (seed %d): an independent model of the handout's "
           "rules" % seed]
    if shows:
        out.append("# " + shows)
    return out + ["rules: %s" % rules_file(fixed), ""]


# (file, seed, fixed) -- seeds picked with `search` so that the games end in different ways
LOGS = [
    ("random-1.log", 1, False),      # Red wins: White has only the king left
    ("random-2.log", 28, False),     # draw: 100 moves without a capture
    ("random-3.log", 22, False),     # White wins: checkmate
    ("random-4.log", 126, False),    # draw: stalemate (White's last pawn is pinned)
    ("fixed-1.log", 1, True),        # fixed energies; draw: 100 moves without a capture
]


def write_logs():
    for name, seed, fixed in LOGS:
        lines, state, moves = play_random(seed, fixed)
        shows = "%s energies; %d moves; ends: %s -> %s" % (
            "fixed" if fixed else "changing", moves, end_reason(state), state[4][0])
        with open(os.path.join(HERE, name), "w") as fh:
            fh.write("\n".join(header(seed, fixed, shows) + lines) + "\n")
        print("%s: %s" % (name, shows))


def search(first, last, fixed):
    for seed in range(first, last + 1):
        _, state, moves = play_random(seed, fixed)
        print(seed, moves, state[4][0], "|", state[4][1])


# ---------------------------------------------------------------------------------------------------------
# The handout's diagrams.
# ---------------------------------------------------------------------------------------------------------
def fields_text(fs):
    return " ".join(coords(f) for f in sorted(fs, key=lambda f: (f[1], f[0]))) or "none"


def diagrams():
    verdicts = []

    def claim(text, ok):
        ok = bool(ok)
        verdicts.append(ok)
        print("  handout: %s -> model %s" % (text, "AGREES" if ok else "DISAGREES"))

    def load(name):
        board, player, _ = read_position(position_path(name))
        print("\n%s.position (%s to move)" % (name, PLAYERS[player]))
        return board, player

    board, _ = load("start")
    claim("16 pieces, each side one king", len(board) == 16 and king_field(board, 0) and king_field(board, 1))

    board, player = load("moves")
    reach = reachable(board, (4, 4))
    print("  red pawn on (4,4), energy 4, reaches %d fields: %s" % (len(reach), fields_text(reach)))
    print("  its legal moves: %s" % ", ".join(notation(m) for m in legal_moves_of(board, 1) if m[0] == (4, 4)))
    blue = {(1, 3), (2, 2), (1, 5), (2, 6), (3, 7), (5, 7), (6, 6), (7, 5), (7, 3), (8, 4), (5, 1), (3, 1)}
    claim("twelve fields, the blue ones", set(reach) == blue and len(reach) == 12)
    claim("(2,6) only by going up first", [all(g not in board for g in p) for p in paths((4, 4), (2, 6))]
          == [False, True])
    claim("not (6,2), not (4,8); (8,4) captures",
          (6, 2) not in reach and (4, 8) not in reach and (8, 4) in reach and (8, 4) in board)

    for name, blue in (("ru-white", {(6, 6), (4, 8), (5, 7), (8, 4)}),
                       ("ru-red", {(6, 6), (5, 7), (7, 5), (8, 4)})):
        board, player = load(name)
        ru = handout_shape(board, (4, 4), "RU")
        print("  eval(RU) of the %s pawn on (4,4), energy 4: %s" % (PLAYERS[board[(4, 4)][1]], fields_text(ru)))
        claim("RU reaches " + fields_text(blue), ru == blue)

    board, player = load("attacks")
    for colour, blue in ((1, {(8, 4), (7, 1)}), (0, {(6, 1), (6, 5)})):
        hit = [f for f in FIELDS if f in board and board[f][1] != colour and attacked(board, f, colour)]
        print("  pieces attacked by %s: %s" % (PLAYERS[colour], fields_text(hit)))
        claim("attacked by %s: %s" % (PLAYERS[colour], fields_text(blue)), set(hit) == blue)
    for f, want in (((8, 4), 3), ((6, 1), 1)):
        by = hitters(board, f, 1 - board[f][1])
        print("  attackedN%s = %d (by %s)" % (coords(f), len(by), fields_text(by)))
        claim("attackedN%s = %d" % (coords(f), want), len(by) == want)
    for f, want in (((8, 4), {(8, 7)}), ((5, 3), {(6, 1), (4, 2), (6, 5)})):
        by = hitters(board, f, board[f][1])
        print("  protectedN%s = %d (by %s)" % (coords(f), len(by), fields_text(by)))
        claim("protectedN%s = %d (by %s)" % (coords(f), len(want), fields_text(want)), set(by) == want)

    for name, want_reach, want_legal in (("king-energy-2", {(6, 2), (7, 3), (8, 2)}, set()),
                                         ("king-energy-1", {(6, 1), (7, 2), (8, 1)}, {(8, 1)})):
        board, player = load(name)
        king = king_field(board, 0)
        reach = reachable(board, king)
        print("  white king on %s, energy %d, reaches %s" % (coords(king), board[king][2], fields_text(reach)))
        for t in reach:
            by = hitters(after(board, king, t), t, 1)
            print("    %s attacked by %s" % (coords(t), fields_text(by)))
        claim("reaches %s" % fields_text(want_reach), set(reach) == want_reach)
        for leaves in (True, False):
            dests = [t for (f, t) in legal_moves_of(board, 0, leaves) if f == king]
            every = legal_moves_of(board, 0, leaves)
            print("  %s: the king's legal moves: %s; White's legal moves (%d): %s; check %s" % (
                "rule (king has left its field)" if leaves else "alternative (king still on its field)",
                fields_text(dests), len(every), ", ".join(notation(m) for m in every) or "none",
                "yes" if in_check(board, 0) else "no"))
            if leaves:
                claim("legal king moves: %s" % fields_text(want_legal), set(dests) == want_legal)
        print("  same result both ways: %s" % (legal_moves_of(board, 0, True) == legal_moves_of(board, 0, False)))

    board, player = load("checkmate")
    for leaves in (True, False):
        every = legal_moves_of(board, 0, leaves)
        king = king_field(board, 0)
        print("  %s: white king on %s attacked by %s; White's legal moves: %s" % (
            "rule" if leaves else "alternative (king still on its field)", coords(king),
            fields_text(hitters(board, king, 1)), ", ".join(notation(m) for m in every) or "none"))
        if leaves:
            state = decision_node(board, player, 0)
            claim("checkmate for White", state[4] == ("Red wins", "checkmate") and in_check(board, 0))
            print("  the king reaches %s:" % fields_text(reachable(board, king)))
            for t in reachable(board, king):
                print("    %s attacked by %s (king left %s), by %s (king still there)" % (
                    coords(t), fields_text(hitters(after(board, king, t), t, 1)), coords(king),
                    fields_text(hitters(board, t, 1))))
    print("  same result both ways: %s" % (legal_moves_of(board, 0, True) == legal_moves_of(board, 0, False)))

    print("\n%d claims, model agrees with %d" % (len(verdicts), sum(verdicts)))
    return all(verdicts)


# ---------------------------------------------------------------------------------------------------------
# Self-check: `reachable` against the handout's literal eval, along random games.
# ---------------------------------------------------------------------------------------------------------
def selfcheck(games):
    boards = [read_position(os.path.join(HERE, "positions", n))[0]
              for n in sorted(os.listdir(os.path.join(HERE, "positions")))]
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        state = decision_node(start_board(), 0, 0)
        while state[4] is None:
            if state[3] is None:
                boards.append(state[0])
            state = apply(state, rng.choice(actions(state)), seed % 2 == 0)
    checked = 0
    for board in boards:
        for f in board:
            assert set(reachable(board, f)) == handout_all_moves(board, f), (board, f)
            checked += 1
    print("reachable == handout all_moves for %d pieces on %d boards" % (checked, len(boards)))


def main(args):
    fixed = "--fixed" in args
    args = [a for a in args if a != "--fixed"]
    if args[:1] == ["perft"] and len(args) in (2, 4):
        state = decision_node(start_board(), 0, 0)
        if len(args) == 4:
            if args[2] != "--position":
                sys.exit(__doc__)
            board, player, _ = read_position(args[3])
            state = decision_node(board, player, 0)
        t0 = time.time()
        for d, c in enumerate(perft_counts(state, int(args[1]), fixed), 1):
            print(d, c)
        print("# %.1f s" % (time.time() - t0), file=sys.stderr)
    elif args[:1] == ["random"] and len(args) == 2:
        seed = int(args[1])
        lines, _, _ = play_random(seed, fixed)
        print("\n".join(header(seed, fixed) + lines))
    elif args == ["logs"]:
        write_logs()
    elif args[:1] == ["search"] and len(args) == 3:
        search(int(args[1]), int(args[2]), fixed)
    elif args == ["diagrams"]:
        sys.exit(0 if diagrams() else 1)
    elif args[:1] == ["selfcheck"] and len(args) <= 2:
        selfcheck(int(args[1]) if len(args) == 2 else 20)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
