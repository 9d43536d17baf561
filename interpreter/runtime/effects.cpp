// Machine: effects (statements) and the journaled mutations that make every move undoable.
#include <fmt/format.h>

#include "runtime/machine.hpp"

namespace ri {

// Changes what piece p is (set(): its owner, kind or an attribute), keeping the board's key when it is on the board.
template <class F>
static void rekey(State& S, int p, F&& set) {
  const bool on = S.keyed && S.site[static_cast<size_t>(p)] >= 0;
  if (on) S.board_key ^= piece_key(S, p);
  set();
  if (on) S.board_key ^= piece_key(S, p);
}

// Sets attribute slot i (piece * nattrs + attribute).
static void reattr(State& S, size_t i, int32_t v) {
  rekey(S, static_cast<int>(i / static_cast<size_t>(S.nattrs)), [&] { S.attrs[i] = v; });
}

static void rekind(State& S, int piece, int kind) {
  const int was = S.kind[static_cast<size_t>(piece)];
  rekey(S, piece, [&] { S.kind[static_cast<size_t>(piece)] = static_cast<int16_t>(kind); });
  if (!S.kind_at.empty()) regroup(S, piece, was, kind);
}

void Machine::set_attr(int piece, int attr, int32_t v) {
  changed();
  size_t i = static_cast<size_t>(piece) * S_.nattrs + attr;
  journal_.push_back({UndoEntry::Attr, static_cast<int32_t>(i), S_.attrs[i]});
  reattr(S_, i, v);
}

// Site s's bits in the players' sets of sites (State::held, topped) as its counts and its top piece say.
[[gnu::noinline]] static void reset_sets(State& S, int s) {
  const size_t k = static_cast<size_t>(s) >> 6;
  const uint64_t b = uint64_t{1} << (s & 63);
  const int top = S.tops[static_cast<size_t>(s)], topper = top >= 0 ? S.owner[static_cast<size_t>(top)] : -1;
  for (int p = 0; p < S.nplayers; ++p) {
    const size_t i = static_cast<size_t>(p) * static_cast<size_t>(S.site_words) + k;
    const bool some = S.owned[static_cast<size_t>(s) * static_cast<size_t>(S.nplayers) + static_cast<size_t>(p)] > 0;
    S.held[i] = some ? S.held[i] | b : S.held[i] & ~b;
    S.topped[i] = p == topper ? S.topped[i] | b : S.topped[i] & ~b;
  }
}

// Changes a piece's owner, keeping the per-site counts of each player's pieces and the sets of sites they hold.
static void reown(State& S, int piece, int player) {
  int s = S.site[piece];
  if (s >= 0) {
    --S.owned[static_cast<size_t>(s) * S.nplayers + S.owner[piece]];
    ++S.owned[static_cast<size_t>(s) * S.nplayers + player];
  }
  rekey(S, piece, [&] { S.owner[piece] = static_cast<int16_t>(player); });
  if (s >= 0 && S.site_words) [[unlikely]] reset_sets(S, s);
}

void Machine::set_owner(int piece, int player) {
  changed();
  journal_.push_back({UndoEntry::Owner, piece, S_.owner[piece]});
  reown(S_, piece, player);
}

void Machine::set_kind(int piece, int kind) {
  changed();
  journal_.push_back({UndoEntry::Kind_, piece, S_.kind[piece]});
  rekind(S_, piece, kind);
}

// The board's key (when it is kept) without (or with) the pieces of site s from height h up: they are about to move in
// their stack (or have).
static void toggle_from(State& S, const int16_t* st, int h, int c) {
  if (!S.keyed) return;
  for (int i = h; i < c; ++i) S.board_key ^= piece_key(S, st[i]);
}

// Site s's stack of c pieces with a gap closed at height h (below its top): the pieces above it moved down one, the
// board's key (when it is kept) without the piece at h and with the others where they now are. Out of line, as
// open_gap: most pieces that move are on top.
[[gnu::noinline]] static void close_gap(State& S, int s, int h, int c) {
  int16_t* st = &S.stack[static_cast<size_t>(s) * S.cap];
  toggle_from(S, st, h, c);
  for (int i = h; i + 1 < c; ++i) {
    st[i] = st[i + 1];
    S.height[st[i]] = static_cast<int16_t>(i);
  }
  toggle_from(S, st, h, c - 1);
}

// Takes a piece out of its stack, closing the gap.
static inline void lift(State& S, int piece) {
  const int s = S.site[piece];
  if (s < 0) return;
  const int h = S.height[piece];
  const int c = S.count[s];
  if (h + 1 != c) [[unlikely]] {
    close_gap(S, s, h, c);  // (the top piece stays the top)
  } else {
    // the top piece: no other piece moves, the one below it (if any) is the top now
    if (S.keyed) S.board_key ^= piece_key(S, piece);
    S.tops[s] = h > 0 ? S.stack[static_cast<size_t>(s) * S.cap + static_cast<size_t>(h - 1)] : int16_t{-1};
  }
  S.count[s] = static_cast<int16_t>(c - 1);
  --S.owned[static_cast<size_t>(s) * S.nplayers + S.owner[piece]];
  S.site[piece] = -1;
  S.height[piece] = -1;
}

// Site s's stack of c pieces with a gap opened at height h (below its top): the pieces from h up moved up one, the
// board's key (when it is kept) without them (drop adds them back with the piece put in the gap).
[[gnu::noinline]] static void open_gap(State& S, int s, int h, int c) {
  int16_t* st = &S.stack[static_cast<size_t>(s) * S.cap];
  toggle_from(S, st, h, c);
  for (int i = c; i > h; --i) {
    st[i] = st[i - 1];
    S.height[st[i]] = static_cast<int16_t>(i);
  }
}

// Puts a piece into a stack at height h, opening a gap.
static inline void drop(State& S, int piece, int s, int h) {
  if (s < 0) return;
  const int c = S.count[s];
  const bool top = h == c;  // on top: no other piece moves
  if (!top) [[unlikely]] open_gap(S, s, h, c);
  int16_t* st = &S.stack[static_cast<size_t>(s) * S.cap];
  st[h] = static_cast<int16_t>(piece);
  S.count[s] = static_cast<int16_t>(c + 1);
  if (top) S.tops[s] = static_cast<int16_t>(piece);  // (put in a gap, below the top: the top stays)
  ++S.owned[static_cast<size_t>(s) * S.nplayers + S.owner[piece]];
  S.site[piece] = static_cast<int16_t>(s);
  S.height[piece] = static_cast<int16_t>(h);
  if (!top) [[unlikely]] toggle_from(S, st, h, c + 1);
  else if (S.keyed) S.board_key ^= piece_key(S, piece);
}

// Piece `piece` moved from site `from` to site `to` (-1: off the board; a piece in any place of a stack): both sites'
// bits in the players' sets of sites (State::held, topped). At `from`, its owner's bits while it holds nothing there
// or (topped) the site is not its; then the top's owner's. At `to`, its owner's; the top's owner's when it is the top,
// the one below it no longer.
[[gnu::noinline]] static void moved_in_sets(State& S, int piece, int from, int to) {
  const int o = S.owner[static_cast<size_t>(piece)];
  const auto np = static_cast<size_t>(S.nplayers), w = static_cast<size_t>(S.site_words);
  auto word = [&](std::vector<uint64_t>& bits, int p, int s) -> uint64_t& {
    return bits[static_cast<size_t>(p) * w + (static_cast<size_t>(s) >> 6)];
  };
  if (from >= 0) {
    const uint64_t b = uint64_t{1} << (from & 63);
    if (S.owned[static_cast<size_t>(from) * np + static_cast<size_t>(o)] == 0) word(S.held, o, from) &= ~b;
    word(S.topped, o, from) &= ~b;
    const int top = S.tops[static_cast<size_t>(from)];
    if (top >= 0) word(S.topped, S.owner[static_cast<size_t>(top)], from) |= b;
  }
  if (to >= 0) {
    const uint64_t b = uint64_t{1} << (to & 63);
    word(S.held, o, to) |= b;
    const int h = S.height[static_cast<size_t>(piece)];
    if (S.tops[static_cast<size_t>(to)] == piece) {
      if (h > 0) {
        const int below = S.stack[static_cast<size_t>(to) * static_cast<size_t>(S.cap) + static_cast<size_t>(h - 1)];
        word(S.topped, S.owner[static_cast<size_t>(below)], to) &= ~b;
      }
      word(S.topped, o, to) |= b;
    }
  }
}
// (the sets kept: most games keep none)
static inline void moved(State& S, int piece, int from, int to) {
  if (S.site_words) [[unlikely]] moved_in_sets(S, piece, from, to);
}

void Machine::place(int piece, int site) {
  changed();
  const int from = S_.site[piece];
  journal_.push_back({UndoEntry::Place, piece, from, S_.height[piece]});
  lift(S_, piece);
  if (site >= 0) drop(S_, piece, site, S_.count[site]);
  moved(S_, piece, from, site);
}

void Machine::push_position(uint64_t key) {
  changed();
  S_.positions.push_back(key);
  journal_.push_back({UndoEntry::Position});
}

void Machine::rollback(size_t mark) {
  if (journal_.size() > mark) changed();
  while (journal_.size() > mark) {
    UndoEntry& e = journal_.back();
    switch (e.kind) {
      case UndoEntry::Var: S_.vars[e.a] = e.b; break;
      case UndoEntry::Attr: reattr(S_, static_cast<size_t>(e.a), e.b); break;
      case UndoEntry::Owner: reown(S_, e.a, e.b); break;
      case UndoEntry::Kind_: rekind(S_, e.a, e.b); break;
      case UndoEntry::Place: {
        const int from = S_.site[e.a];
        lift(S_, e.a);
        drop(S_, e.a, e.b, e.c);
        moved(S_, e.a, from, e.b);
        break;
      }
      case UndoEntry::Control: {
        const Control& c = controls_.back();
        S_.player = c.player;
        S_.step = c.step;
        S_.over = c.over;
        S_.winners = c.winners;
        S_.turn = c.turn;
        S_.ply = c.ply;
        S_.flags = c.flags;
        S_.ended_by = c.ended_by;
        controls_.pop_back();
        break;
      }
      case UndoEntry::History:
        --S_.hist_len;
        S_.history.resize(S_.history.size() - static_cast<size_t>(S_.hist_width));
        break;
      case UndoEntry::Position: S_.positions.pop_back(); break;
    }
    journal_.pop_back();
  }
}

void Machine::execute(int n) {
  budget_ = limits.steps;
  depth_ = 0;
  base_ = 0;
  ncalls_ = 0;
  for_items_.clear();
  ex(n);
}

// Variables and attributes hold 32-bit integers: a larger value is the rule file's error.
int32_t fit_32_bits(const Pos& at, int64_t v) {
  if (v < INT32_MIN || v > INT32_MAX)
    throw RuntimeError(at, fmt::format("{} does not fit in a variable or attribute (32-bit integers)", v));
  return static_cast<int32_t>(v);
}

// for x in LIST where C : S. The pieces of a site, or all pieces, change as the body moves them, so they are
// iterated over a snapshot (kept in a member vector, so that nested loops cost no stack); ranges, constant
// lists and literals cannot change.
void Machine::for_loop(const Node& n) {
  auto k = [&](int i) { return P_->kids[n.first + i]; };
  Value dom = ev(k(0));
  int len = list_len(dom);
  ListKind kind = static_cast<ListKind>(dom.i);
  bool snapshot = kind == ListKind::Stack || kind == ListKind::AllPieces;
  size_t first = for_items_.size();
  if (snapshot)
    for (int i = 0; i < len; ++i) for_items_.push_back(list_at(dom, i).i);
  size_t mark = arena_.size();  // lists made for one item cannot outlive it (effects keep no lists)
  for (int i = 0; i < len; ++i) {
    tick(n);
    drop_lists(mark);
    slots_[base_ + n.a] = Value{snapshot ? for_items_[first + i] : list_at(dom, i).i, 0, 0};
    if (k(1) >= 0 && !truth(k(1))) continue;
    ex(k(2));
  }
  for_items_.resize(first);
}

// while C : S. Each round costs a step, so a loop that never ends runs out of the evaluation budget; lists made
// for one round (in C or S) are dropped before the next.
void Machine::while_loop(const Node& n) {
  int cond = P_->kids[n.first], body = P_->kids[n.first + 1];
  size_t mark = arena_.size();
  for (;;) {
    drop_lists(mark);
    if (!truth(cond)) return;
    tick(n);
    ex(body);
  }
}

void Machine::too_many_changes(const Node& n) const {
  fail(n, fmt::format("one game operation made more than {} changes to the state (the budget of changes)",
                      limits.changes));
}

void Machine::ex(int id) {
  if (id < 0) return;
  const Node& n = P_->code[static_cast<size_t>(id)];
  tick(n);
  if (journal_.size() > journal_limit_) too_many_changes(n);  // one statement makes few: checked before each
  const XNode& x = nodes_[static_cast<size_t>(id)];
  x.fn(*this, x);
}

// The statements' handlers (closures.hpp): each runs its statement; Machine::ex counts the step first.
struct Statements {
  using X = const XNode&;
  static const Node& node(Machine& m, X x) { return m.P_->code[static_cast<size_t>(x.id)]; }
  static int64_t iv(Machine& m, const XNode* k) { return k->fn(m, *k).i; }
  static int id(const XNode* k) { return k ? k->id : -1; }
  static int piece(Machine& m, X x, const XNode* k) { return m.checked_piece(node(m, x), iv(m, k)); }
  static int64_t player(Machine& m, X x, const XNode* k) {
    const int64_t p = iv(m, k);
    if (p < 0 || p >= m.P_->nplayers()) m.fail(node(m, x), "no player here");
    return p;
  }

  static Value block(Machine& m, X x) {
    for (int i = 0; i < x.nk; ++i) m.ex(id(x.kids[i]));
    return {};
  }
  static Value if_(Machine& m, X x) {
    m.ex(iv(m, x.k[0]) ? id(x.k[1]) : id(x.k[2]));
    return {};
  }
  static Value for_(Machine& m, X x) {
    m.for_loop(node(m, x));
    return {};
  }
  static Value while_(Machine& m, X x) {
    m.while_loop(node(m, x));
    return {};
  }
  static Value let(Machine& m, X x) {
    m.slots_[static_cast<size_t>(m.base_ + x.a)] = x.k[0]->fn(m, *x.k[0]);
    m.ex(id(x.k[1]));
    return {};
  }
  // b: the variable's offset in State::vars
  static Value set_global(Machine& m, X x) {
    m.set_var(x.b, fit_32_bits(node(m, x).pos, iv(m, x.k[0])));
    return {};
  }
  static Value set_per_player(Machine& m, X x) {
    const int p = static_cast<int>(player(m, x, x.k[0]));
    m.set_var(x.b + p, fit_32_bits(node(m, x).pos, iv(m, x.k[1])));
    return {};
  }
  static Value set_attr(Machine& m, X x) {
    const int p = piece(m, x, x.k[0]);
    m.set_attr(p, x.a, fit_32_bits(node(m, x).pos, iv(m, x.k[1])));
    return {};
  }
  static Value set_owner(Machine& m, X x) {
    const int p = piece(m, x, x.k[0]);
    m.set_owner(p, static_cast<int>(player(m, x, x.k[1])));
    return {};
  }
  static Value set_kind(Machine& m, X x) {
    const int p = piece(m, x, x.k[0]);
    m.set_kind(p, static_cast<int>(iv(m, x.k[1])));
    return {};
  }
  static Value move(Machine& m, X x) {
    const int p = piece(m, x, x.k[0]);
    m.place(p, m.checked_site(node(m, x), iv(m, x.k[1])));
    return {};
  }
  static Value remove(Machine& m, X x) {
    m.place(piece(m, x, x.k[0]), -1);
    return {};
  }
  // a: the flag the effect sets (extra_turn, continue_turn, continue_move)
  static Value flag(Machine& m, X x) {
    m.S_.flags |= x.a;
    return {};
  }
  static Value nop(Machine&, X) { return {}; }
  static Value shuffle(Machine& m, X x) {
    m.shuffle(node(m, x), m.checked_site(node(m, x), iv(m, x.k[0])));
    return {};
  }
};

XFn statement_handler(const Program& P, const Node& n, XNode& x) {
  switch (n.op) {
    case Op::SBlock: return Statements::block;
    case Op::SIf: return Statements::if_;
    case Op::SFor: return Statements::for_;
    case Op::SWhile: return Statements::while_;
    case Op::SLet: return Statements::let;
    case Op::SSetGlobal: x.b = P.vars[static_cast<size_t>(n.a)].offset; return Statements::set_global;
    case Op::SSetPer: x.b = P.vars[static_cast<size_t>(n.a)].offset; return Statements::set_per_player;
    case Op::SSetAttr: return Statements::set_attr;
    case Op::SSetOwner: return Statements::set_owner;
    case Op::SSetKind: return Statements::set_kind;
    case Op::SMove: return Statements::move;
    case Op::SRemove: return Statements::remove;
    case Op::SExtraTurn: x.a = State::kExtraTurn; return Statements::flag;
    case Op::SContinueTurn: x.a = State::kContinueTurn; return Statements::flag;
    case Op::SContinueMove: x.a = State::kContinueMove; return Statements::flag;
    case Op::SNop: return Statements::nop;
    case Op::SShuffle: return Statements::shuffle;
    default: return nullptr;
  }
}

}  // namespace ri
