#!/usr/bin/env python3
"""An independent model of Morabaraba and Nine Men's Morris, written from the rules in
tests/golden/morabaraba/README.md (an interpretation of the handout shared/seeds/morabaraba.md) alone,
that writes golden move logs for rules/morabaraba.rules and rules/nine-mens-morris.rules -- the legal
moves before each choice, every move, the result and why the game ended (`expect reason`, in the rule
files' words) -- and counts perft. ruleinterp must agree with it on every line (ctest replays the logs
and checks tests/perft/*.perft).

    python3 tests/golden/morabaraba/generate.py          # rewrites tests/golden/morabaraba/random-*.log
                                                         # and tests/golden/nine-mens-morris/random-*.log
    python3 tests/golden/morabaraba/generate.py perft GAME DEPTH [LOGFILE]
                                                         # perft 1..DEPTH from the start, or from the
                                                         # position LOGFILE's moves reach (its header
                                                         # `set: men=N` gives each player N cows)
    python3 tests/golden/morabaraba/generate.py files    # rewrites tests/perft/positions/*.log and the
                                                         # .perft files of both games (some seconds)
    python3 tests/golden/morabaraba/generate.py search GAME FIRST LAST
                                                         # how each seed's random game ends (to pick seeds)

GAME is `morabaraba`, `nine-mens-morris` or `lasker-morris` (rules/variants/lasker-morris.rules: perft only).

Random games use random.Random(seed), one per game, and this policy at every decision: when some legal
move makes a shot, draw rng.random() and, if it is below SHOT_BIAS (0.7), pick uniformly among the moves
with a shot (rng.choice); otherwise (or when no move shoots) pick uniformly among all legal moves
(rng.choice). The bias makes games reach the moving and flying phases and end by a win, not only by the
quiet draw. A game longer than MAX_PLIES moves is an error (pick another seed).
"""
import os
import random
import sys

PLAYERS = ["Dark", "Light"]
SHOT_BIAS = 0.7
MAX_PLIES = 400

# ---------------------------------------------------------------------------------------------------------
# The board: 24 junctions, three rings A (outer), B (middle), C (inner); on each ring 1..8 clockwise from
# the top-left corner (1 TL corner, 2 top middle, 3 TR corner, 4 right middle, 5 BR corner, 6 bottom
# middle, 7 BL corner, 8 left middle). Board order A1..A8, B1..B8, C1..C8 = indices 0..23; a set of
# junctions is a 24-bit mask (bit i = junction i).
#
#   A1-----------A2-----------A3
#   |  \          |          / |
#   |   B1-------B2-------B3   |
#   |   |  \      |      / |   |
#   |   |   C1---C2---C3   |   |
#   A8--B8--C8        C4--B4--A4
#   |   |   C7---C6---C5   |   |
#   |   |  /      |      \ |   |
#   |   B7-------B6-------B5   |
#   |  /          |          \ |
#   A7-----------A6-----------A5
# ---------------------------------------------------------------------------------------------------------
RINGS = "ABC"
NAMES = [r + str(k) for r in RINGS for k in range(1, 9)]
INDEX = {n: i for i, n in enumerate(NAMES)}
FULL = (1 << 24) - 1


def _pairs(text):
    """'A1-A2 B4-A4' -> [(0, 1), (11, 3)]"""
    out = []
    for p in text.split():
        a, b = p.split("-")
        out.append((INDEX[a], INDEX[b]))
    return out


def _ring(template):
    """The same links on each ring: 'R1-R2 ...' for R in A, B, C."""
    return " ".join(template.replace("R", r) for r in RINGS)


# The connections of the spec, literally, by kind.
CONNECTIONS = {
    "row": _pairs(_ring("R1-R2 R2-R3 R7-R6 R6-R5") + " A8-B8 B8-C8 C4-B4 B4-A4"),
    "column": _pairs(_ring("R1-R8 R8-R7 R3-R4 R4-R5") + " A2-B2 B2-C2 C6-B6 B6-A6"),
    "diagonal": _pairs("A1-B1 B1-C1 A3-B3 B3-C3 A5-B5 B5-C5 A7-B7 B7-C7"),
}

# The mills of the spec, literally (to check the ones derived from the connections against).
LISTED_MILLS = {
    "row": "A1A2A3 B1B2B3 C1C2C3 A7A6A5 B7B6B5 C7C6C5 A8B8C8 C4B4A4",
    "column": "A1A8A7 B1B8B7 C1C8C7 A3A4A5 B3B4B5 C3C4C5 A2B2C2 C6B6A6",
    "diagonal": "A1B1C1 A3B3C3 A5B5C5 A7B7C7",
}


def _mask(indices):
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def _derive_mills(kind):
    """Every chain x-y-z of two connections of the same kind (y linked to both x and z): a mill."""
    adj = {i: set() for i in range(24)}
    for a, b in CONNECTIONS[kind]:
        adj[a].add(b)
        adj[b].add(a)
    mills = set()
    for y in range(24):
        for x in adj[y]:
            for z in adj[y]:
                if x < z:
                    mills.add(_mask([x, y, z]))
    return mills


def _listed(kind):
    return {_mask([INDEX[t[k:k + 2]] for k in (0, 2, 4)]) for t in LISTED_MILLS[kind].split()}


def bits(m):
    """The junction indices of mask m, in board order."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def popcount(m):
    return bin(m).count("1")


class Game:
    """The rules that differ between the two games."""

    def __init__(self, name, hand, diagonals, reform, blocked_draw, quiet, quiet_reason, quiet_placements=False,
                 lasker=False, men="cows", rules=None):
        self.name = name
        self.men = men                    # what the game calls its pieces, in the reason of end rule 1
        self.quiet_reason = quiet_reason  # the reason of end rule 3
        self.rules = rules or "rules/%s.rules" % name
        self.lasker = lasker              # Lasker Morris: a cow may move while cows are still in hand
        self.hand = hand                  # cows per player at the start
        self.reform = reform              # the re-form rule (Morabaraba only)
        self.blocked_draw = blocked_draw  # end rule 2 (Morabaraba only)
        self.quiet = quiet                # end rule 3: N quiet moves in a row draw
        # end rule 3 counts placements too, and holds only when both hands are empty (Morabaraba), or counts
        # movements only (Nine Men's Morris)
        self.quiet_placements = quiet_placements
        kinds = ["row", "column"] + (["diagonal"] if diagonals else [])
        self.mills = []
        for kind in kinds:
            derived = _derive_mills(kind)
            assert derived == _listed(kind), "mills of kind %s differ from the spec's list" % kind
            self.mills += sorted(derived)
        assert len(self.mills) == (20 if diagonals else 16)
        # neighbours[i]: mask of the junctions linked to i by any connection of the game's kinds
        self.neighbours = [0] * 24
        for kind in kinds:
            for a, b in CONNECTIONS[kind]:
                self.neighbours[a] |= 1 << b
                self.neighbours[b] |= 1 << a
        # mills_through[i]: the mills (masks) that contain junction i
        self.mills_through = [[m for m in self.mills if m >> i & 1] for i in range(24)]
        self._check_board(diagonals)

    def _check_board(self, diagonals):
        """Neighbour counts: without diagonals corners have 2, A/C middles 3, B middles 4; with them
        A/C corners gain 1 and B corners 2. Every junction is in exactly 2 row/column mills, and corners
        in one more diagonal mill."""
        for i, n in enumerate(NAMES):
            corner = int(n[1]) % 2 == 1
            if corner:
                want = 2 + ((2 if n[0] == "B" else 1) if diagonals else 0)
                mills = 3 if diagonals else 2
            else:
                want = 4 if n[0] == "B" else 3
                mills = 2
            assert popcount(self.neighbours[i]) == want, n
            assert len(self.mills_through[i]) == mills, n
            for j in bits(self.neighbours[i]):
                assert self.neighbours[j] >> i & 1


GAMES = {
    "morabaraba": Game("morabaraba", hand=12, diagonals=True, reform=True, blocked_draw=True, quiet=10,
                        quiet_reason="no shot in ten moves", quiet_placements=True),
    "nine-mens-morris": Game("nine-mens-morris", hand=9, diagonals=False, reform=False, blocked_draw=False,
                             quiet=50, quiet_reason="fifty moves without a mill", men="men"),
    # Nine Men's Morris with ten cows each, and movements (never flying) allowed while cows are in hand
    "lasker-morris": Game("lasker-morris", hand=10, diagonals=False, reform=False, blocked_draw=False, quiet=50,
                          quiet_reason="fifty moves without a mill", lasker=True, men="men",
                          rules="rules/variants/lasker-morris.rules"),
}


# ---------------------------------------------------------------------------------------------------------
# Positions and moves.
#
# A position is a tuple (cows, hand, turn, last, quiet, outcome):
#   cows[p]   mask of p's cows on the board (p = 0 Dark, 1 Light)
#   hand[p]   cows p still has to place
#   turn      the player to move
#   last[p]   what the re-form rule needs of p's own most recent move: (from, to) when it was a movement
#             that formed a mill, else None (a placement, a movement that formed no mill, or no move yet)
#   quiet     how many of the most recent moves in a row are quiet: without a shot, and (unless the game's
#             quiet_placements) movements (the history's length bounds it, so `quiet >= N` is "the most
#             recent N moves, and there are N, are quiet")
#   outcome   None while the game goes on, else (result, reason): the result "Dark wins", "Light wins" or
#             "draw", and why the game ended, in the words of the rule files' end rules (`expect reason`)
# A move is a tuple (frm, to, shot): frm = -1 for a placement, shot = -1 for no shot.
# ---------------------------------------------------------------------------------------------------------
def start(game):
    return ((0, 0), (game.hand, game.hand), 0, (None, None), 0, None)


def forms_mill(game, mine, to):
    """Whether some mill through `to` is entirely in mask `mine` (the mover's cows after the move)."""
    for m in game.mills_through[to]:
        if mine & m == m:
            return True
    return False


def shot_targets(game, theirs):
    """The junctions a shot may hit, in board order: the opponent's cows in no mill entirely theirs, or,
    when every one of their cows is in such a mill, all of their cows."""
    protected = 0
    for m in game.mills:
        if theirs & m == m:
            protected |= m
    free = theirs & ~protected
    return bits(free if free else theirs)


def phase(hand, cows):
    if hand > 0:
        return "placing"
    return "moving" if popcount(cows) > 3 else "flying"


def legal_moves(game, pos):
    """All legal moves of the player to move, in generation order (placements, then movements; see the
    README). Empty when the game is over."""
    cows, hand, me, last, quiet, outcome = pos
    if outcome is not None:
        return []
    mine, theirs = cows[me], cows[1 - me]
    empty = FULL & ~(mine | theirs)
    targets = None          # computed once, on first need (the opponent's cows do not change)
    out = []
    if hand[me] > 0:        # placing: place(to, shot)
        for to in bits(empty):
            if theirs and forms_mill(game, mine | 1 << to, to):
                if targets is None:
                    targets = shot_targets(game, theirs)
                out.extend((-1, to, t) for t in targets)     # a shot is required
            else:
                out.append((-1, to, -1))                     # no shot allowed
        if not game.lasker:
            return out
    flying = popcount(mine) <= 3 and hand[me] == 0             # (Lasker: no flying while cows are in hand)
    forbidden = last[me] if game.reform else None            # the re-form rule: (prev.from, prev.to)
    for frm in bits(mine):                                   # moving or flying: move(from, to, shot)
        dests = empty if flying else empty & game.neighbours[frm]
        rest = mine & ~(1 << frm)
        for to in bits(dests):
            mill = forms_mill(game, rest | 1 << to, to)
            if mill and forbidden is not None and forbidden == (to, frm):
                continue        # would re-form the mill my previous movement (to -> frm) formed
            if mill and theirs:
                if targets is None:
                    targets = shot_targets(game, theirs)
                out.extend((frm, to, t) for t in targets)
            else:
                out.append((frm, to, -1))
    return out


def has_free_cow(game, mine, empty):
    """Whether some cow in `mine` has an empty neighbouring junction."""
    for i in bits(mine):
        if game.neighbours[i] & empty:
            return True
    return False


def end_rules(game, cows, hand, last_quiet):
    """End rules 1-3 (README), in order: the outcome (result, reason) of the first that holds, or None."""
    for p in (0, 1):                                                   # 1. down to two cows
        if hand[p] == 0 and popcount(cows[p]) <= 2:
            return ("%s wins" % PLAYERS[1 - p],
                    "%s has %d %s left" % (PLAYERS[p], popcount(cows[p]), game.men))
    if game.blocked_draw:                                              # 2. both moving and blocked
        empty = FULL & ~(cows[0] | cows[1])
        if all(phase(hand[p], cows[p]) == "moving" for p in (0, 1)) and \
                not has_free_cow(game, cows[0], empty) and not has_free_cow(game, cows[1], empty):
            return ("draw", "every cow is blocked")
    if last_quiet >= game.quiet and \
            (not game.quiet_placements or hand == (0, 0)):                 # 3. N quiet moves
        return ("draw", game.quiet_reason)
    return None


def play_move(game, pos, move):
    """The position after `move` (which must be legal): the move, the end check, the turn passing, and
    the loss of a player who then has no legal move."""
    cows, hand, me, last, quiet, _ = pos
    frm, to, shot = move
    mine, theirs = cows[me], cows[1 - me]
    hand = list(hand)
    if frm < 0:
        hand[me] -= 1
    else:
        mine &= ~(1 << frm)
    mine |= 1 << to
    formed = forms_mill(game, mine, to)
    if shot >= 0:
        theirs &= ~(1 << shot)
    new_cows = [0, 0]
    new_cows[me], new_cows[1 - me] = mine, theirs
    new_last = list(last)
    new_last[me] = (frm, to) if frm >= 0 and formed else None
    quiet = quiet + 1 if (frm >= 0 or game.quiet_placements) and shot < 0 else 0
    cows, hand, last = tuple(new_cows), tuple(hand), tuple(new_last)
    outcome = end_rules(game, cows, hand, quiet)
    nxt = (cows, hand, 1 - me, last, quiet, outcome)
    if outcome is None and not legal_moves(game, nxt):
        # The player to move has no legal move: rules 1-3 again (same position, so they still do not
        # hold), then that player loses.
        outcome = end_rules(game, cows, hand, quiet) or \
            ("%s wins" % PLAYERS[me], "%s cannot move" % PLAYERS[1 - me])
        nxt = (cows, hand, 1 - me, last, quiet, outcome)
    return nxt


def notation(move):
    frm, to, shot = move
    s = NAMES[to] if frm < 0 else "%s-%s" % (NAMES[frm], NAMES[to])
    return s if shot < 0 else "%s x %s" % (s, NAMES[shot])


def end_reason(game, pos):
    """Why a finished game ended, in the words of the log's header comment (the `expect reason` line uses the
    outcome's reason instead, the rule files' words)."""
    cows, hand, turn, last, quiet, outcome = pos
    if outcome is None:
        return "not over"
    for p in (0, 1):
        if hand[p] == 0 and popcount(cows[p]) <= 2:
            return "%s down to %d cows" % (PLAYERS[p], popcount(cows[p]))
    if outcome[0] == "draw":
        empty = FULL & ~(cows[0] | cows[1])
        if game.blocked_draw and not has_free_cow(game, cows[0], empty) and \
                not has_free_cow(game, cows[1], empty):
            return "both blocked"
        return "%d quiet %s" % (game.quiet, "moves" if game.quiet_placements else "movements")
    return "%s cannot move" % PLAYERS[turn]


# ---------------------------------------------------------------------------------------------------------
# Random games and golden logs.
# ---------------------------------------------------------------------------------------------------------
def play(game, seed):
    """A random game: (log lines after the header, final position, whether someone flew)."""
    rng = random.Random(seed)
    pos = start(game)
    lines = []
    flew = False
    plies = 0
    while pos[5] is None:
        if plies >= MAX_PLIES:
            raise RuntimeError("%s seed %d: no result after %d moves" % (game.name, seed, MAX_PLIES))
        me = pos[2]
        moves = legal_moves(game, pos)
        lines.append("expect turn %s" % PLAYERS[me])
        lines.append("expect moves " + ", ".join(notation(m) for m in moves))
        shooting = [m for m in moves if m[2] >= 0]
        if shooting and rng.random() < SHOT_BIAS:
            move = rng.choice(shooting)
        else:
            move = rng.choice(moves)
        if move[0] >= 0 and phase(pos[1][me], pos[0][me]) == "flying":
            flew = True
        lines.append("%s: %s" % (PLAYERS[me], notation(move)))
        pos = play_move(game, pos, move)
        plies += 1
    result, reason = pos[5]
    lines.append("expect result %s" % result)
    lines.append("expect reason %s" % reason)
    lines.append("expect over")
    return lines, pos, flew, plies


# (game, file number, seed, what the game shows) -- seeds found with `search`.
LOGS = [
    ("morabaraba", 1, 14, "a win by reducing the opponent to 2 cows, flying, the re-form rule"),
    ("morabaraba", 2, 113, "a draw by 10 moves without a shot, flying, the re-form rule"),
    ("morabaraba", 3, 2614, "a win by blocking: the player to move has no legal move"),
    ("nine-mens-morris", 1, 16, "a win by reducing the opponent to 2 cows, flying"),
    ("nine-mens-morris", 2, 2470, "a draw by 50 quiet movements"),
]


def write_logs():
    golden = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name, number, seed, shows in LOGS:
        game = GAMES[name]
        lines, pos, flew, plies = play(game, seed)
        head = ["# generated by tests/golden/morabaraba/generate.py (seed %d): an independent model of the "
                "rules in tests/golden/morabaraba/README.md" % seed,
                "# shows %s; %d moves, ends: %s -> %s" % (shows, plies, end_reason(game, pos), pos[5][0]),
                "rules: %s" % game.rules, ""]
        os.makedirs(os.path.join(golden, name), exist_ok=True)
        path = os.path.join(golden, name, "random-%d.log" % number)
        with open(path, "w") as f:
            f.write("\n".join(head + lines) + "\n")
        print("%s: %d moves, %s (%s)%s" % (os.path.relpath(path), plies, pos[5][0], pos[5][1],
                                            ", flying" if flew else ""))


def search(game, first, last):
    for seed in range(first, last + 1):
        try:
            _, pos, flew, plies = play(game, seed)
        except RuntimeError as e:
            print(seed, "no result:", e)
            continue
        print(seed, plies, pos[5][0], "|", pos[5][1], "| flying" if flew else "")


# ---------------------------------------------------------------------------------------------------------
# Perft.
#
# (file name, game, depth, log or None): the .perft files under tests/perft/ that `files` writes. A position
# log is the first PLIES moves of the random game of SEED (the policy above), chosen with the features below.
# ---------------------------------------------------------------------------------------------------------
PERFT_FILES = [
    ("morabaraba", "morabaraba", 5, None),
    ("nine-mens-morris", "nine-mens-morris", 5, None),
    ("morabaraba-moving", "morabaraba", 5, "morabaraba-moving"),
    ("morabaraba-flying", "morabaraba", 4, "morabaraba-flying"),
    ("nine-mens-morris-moving", "nine-mens-morris", 5, "nine-mens-morris-moving"),
]
# (log name, game, seed, plies, what the position shows)
POSITIONS = [
    ("morabaraba-moving", "morabaraba", 43, 38,
     "both players moving, 7 quiet movements so far (the quiet draw comes at depth 3), mills to form, "
     "re-form rule exclusions in the tree"),
    ("morabaraba-flying", "morabaraba", 9, 40,
     "Dark (to move) flies with 3 cows, Light moves with more; Dark can lose at depth 2; re-form rule "
     "exclusions in the tree"),
    ("nine-mens-morris-moving", "nine-mens-morris", 6, 25,
     "both players moving, Light with 4 cows: Light flies after one more loss and loses at depth 4"),
]
# ---------------------------------------------------------------------------------------------------------
def replay(game, path):
    """The position reached by the moves (`PLAYER: MOVE` lines, or bare moves) of a move log. Comments,
    blank lines, header lines (`rules: ...`, `seed: ...`, ...) and `expect` lines are ignored, but for `set:
    men=N` (before the moves): each player starts with N cows in hand instead of the game's number."""
    pos = start(game)
    headers = ("rules", "seed", "players", "dice")
    with open(path) as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            k = line.find("#")
            while k >= 0:       # a '#' at the start or after a space/tab begins a comment
                if k == 0 or line[k - 1] in " \t":
                    line = line[:k].rstrip()
                    break
                k = line.find("#", k + 1)
            if not line or line.split()[0].lower() == "expect" or line.startswith("|"):
                continue
            who = None
            if ": " in line or line.endswith(":"):
                key, _, rest = line.partition(":")
                if key in headers:
                    continue
                if key == "set":
                    for item in rest.replace(",", " ").split():
                        name, _, value = item.partition("=")
                        if name != "men" or not value.isdigit():
                            raise SystemExit("%s:%d: only men=N can be set, not %r" % (path, number, item))
                        pos = ((0, 0), (int(value), int(value)), 0, (None, None), 0, None)
                    continue
                if key.strip().lower() in [p.lower() for p in PLAYERS]:
                    who, line = key.strip(), rest.strip()
            if who is not None and who.lower() != PLAYERS[pos[2]].lower():
                raise SystemExit("%s:%d: %s is not to move" % (path, number, who))
            want = " ".join(line.lower().split())
            found = [m for m in legal_moves(game, pos) if notation(m).lower() == want]
            if not found:
                raise SystemExit("%s:%d: illegal move %r" % (path, number, line))
            pos = play_move(game, pos, found[0])
    return pos


def write_files():
    """Rewrites tests/perft/positions/*.log (POSITIONS) and tests/perft/*.perft (PERFT_FILES)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    perft_dir = os.path.join(root, "tests", "perft")
    os.makedirs(os.path.join(perft_dir, "positions"), exist_ok=True)
    positions = {}
    for name, game_name, seed, plies, shows in POSITIONS:
        game = GAMES[game_name]
        lines = [l for l in play(game, seed)[0] if l.startswith(tuple(p + ": " for p in PLAYERS))][:plies]
        assert len(lines) == plies
        rel = "tests/perft/positions/%s.log" % name
        with open(os.path.join(root, rel), "w") as f:
            f.write("# The first %d moves of the random game of seed %d of tests/golden/morabaraba/generate.py:\n"
                    "# %s.\n" % (plies, seed, shows))
            f.write("rules: %s\n\n" % game.rules + "\n".join(lines) + "\n")
        positions[name] = rel
    for name, game_name, depth, log in PERFT_FILES:
        game = GAMES[game_name]
        pos = replay(game, os.path.join(root, positions[log])) if log else start(game)
        counts = perft_counts(game, pos, depth)
        command = "python3 tests/golden/morabaraba/generate.py perft %s %d%s" % (
            game_name, depth, " " + positions[log] if log else "")
        with open(os.path.join(perft_dir, name + ".perft"), "w") as f:
            f.write("# Perft from %s, cross-checked against tests/golden/morabaraba/generate.py (%s).\n"
                    % ("the position of " + positions[log] if log else "the start", command))
            f.write("rules: %s\n" % game.rules)
            if log:
                f.write("log: %s\n" % positions[log])
            for d, c in enumerate(counts, 1):
                f.write("%d %d\n" % (d, c))
        print("tests/perft/%s.perft:" % name, " ".join(map(str, counts)))


def perft_counts(game, pos, depth):
    """counts[d] for d = 1..depth: the number of move sequences of length d from pos (a finished game has
    no moves, so it ends its sequences). One traversal; the last ply is counted without playing it."""
    counts = [0] * (depth + 1)

    def walk(p, d):
        moves = legal_moves(game, p)
        counts[d + 1] += len(moves)
        if d + 1 < depth:
            for m in moves:
                walk(play_move(game, p, m), d + 1)

    if depth > 0:
        walk(pos, 0)
    return counts[1:]


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "perft" and len(args) in (3, 4) and args[1] in GAMES:
        game = GAMES[args[1]]
        pos = replay(game, args[3]) if len(args) == 4 else start(game)
        for d, c in enumerate(perft_counts(game, pos, int(args[2])), 1):
            print(d, c)
    elif args and args[0] == "search" and len(args) == 4 and args[1] in GAMES:
        search(GAMES[args[1]], int(args[2]), int(args[3]))
    elif args == ["files"]:
        write_files()
    elif not args:
        write_logs()
    else:
        sys.exit(__doc__)
