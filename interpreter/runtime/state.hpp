// The game state: flat arrays indexed by interned ids, and the undo journal that makes apply/undo cheap.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/diagnostics.hpp"
#include "common/limits.hpp"
#include "runtime/grow_buffer.hpp"

namespace ri {


// A move: a declared move with its arguments, or a chance outcome (type == kChance, args[0] = outcome). A move of
// several steps (continue_move) holds them in order: the first step's move is `type`, its values args[0 ..]; each
// further step follows as its move's id, then its values; nargs counts them all.
struct Move {
  static constexpr int16_t kChance = -1;
  int16_t type = 0;
  int16_t nargs = 0;
  std::array<int32_t, kMaxMoveValues> args{};
  // The action that takes outcome i of a chance node (Game::legal lists them so).
  static Move chance(int32_t outcome) {
    Move m;
    m.type = kChance;
    m.nargs = 1;
    m.args[0] = outcome;
    return m;
  }
  // Becomes o, copying its first four values whatever its nargs (one 16-byte move), the rest only up to nargs: cheaper
  // than a copy (values past nargs mean nothing).
  void assign(const Move& o) {
    type = o.type;
    nargs = o.nargs;
    static_assert(kMaxMoveValues >= 4);
    std::copy_n(o.args.begin(), 4, args.begin());
    if (o.nargs > 4) [[unlikely]] std::copy_n(o.args.begin() + 4, o.nargs - 4, args.begin() + 4);
  }
  bool operator==(const Move& o) const {
    if (type != o.type || nargs != o.nargs) return false;
    for (int i = 0; i < nargs; ++i)
      if (args[i] != o.args[i]) return false;
    return true;
  }
};

// A move list: its moves live in a buffer that grows as needed and never shrinks, so that a list reused from position to
// position (as generation, perft and playouts do) allocates only while it grows, and a list costs only what it holds.
struct MoveList {
  std::vector<Move> moves;  // the first `size` are the list's
  int size = 0;
  int room = 0;  // moves.size(), kept as a count (no division by a move's size when a move is added)
  // Appends a move for the caller to fill.
  Move& add() {
    if (size == room) [[unlikely]] grow();
    return moves.data()[size++];
  }
  const Move& operator[](int i) const { return moves[static_cast<size_t>(i)]; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
  // (out of line: the lists are reused and rarely grow)
  [[gnu::noinline]] void grow() {
    moves.resize(std::max<size_t>(16, moves.size() * 2));
    room = static_cast<int>(moves.size());
  }
};

// (State::copy_from) a's items become b's, in a's buffer when the sizes match.
template <class V>
inline void same(V& a, const V& b) {
  if (a.size() != b.size()) a = b;
  else if (!b.empty()) std::memcpy(a.data(), b.data(), b.size() * sizeof(b[0]));
}

struct State {
  std::vector<int32_t> vars;
  std::vector<int16_t> kind, owner, site, height;  // per piece; site -1 = off the board
  std::vector<int32_t> attrs;                       // piece * nattrs + attribute
  std::vector<int16_t> count;                       // pieces per site
  std::vector<int16_t> owned;                       // site * players + player -> that player's pieces there
  int nplayers = 0;
  int site_words = 0;  // (held, topped)
  std::vector<int16_t> stack;                       // site * cap + height -> piece
  std::vector<int16_t> tops;                        // per site: its top piece, -1 when it is empty (lift and drop)
  // who holds each site, as sets of sites (bit s of word s / 64 of a player's site_words words, player p's from
  // p * site_words), kept as pieces move and change owner (place, set_owner, their undo) when the game uses them
  // (Program::uses_site_sets; else empty): `held`, the sites where p owns a piece (owned > 0); `topped`, those whose
  // top piece p owns. A filter walks a player's sites with them instead of testing every site
  // (filter(s in L : owned(s, p) > 0), filter(s in L : occupied(s) and top(s).owner == p)).
  std::vector<uint64_t> held, topped;
  // the pieces by kind: kind k's, in creation order, are by_kind[kind_at[k] .. kind_at[k + 1]) (group_by_kind; a
  // piece given another kind moves between them)
  std::vector<int16_t> by_kind;
  std::vector<int32_t> kind_at;
  int cap = 0;
  int nattrs = 0;
  // the history: one entry per move played (mover, then each history field), hist_width values each
  GrowBuffer<int32_t> history;
  int32_t hist_len = 0;
  // with `repetitions` (Program::uses_repetitions): the key of the start position, then of the position after each
  // move (Game::position_key), in order
  std::vector<uint64_t> positions;
  int hist_width = 1;
  // control
  int32_t player = 0;
  int32_t step = 0;
  int32_t over = 0;       // 1 when the game has ended; kLost when it ended in a loss that nobody won (one player)
  uint32_t winners = 0;   // bit per player; over with no winner is a draw
  int32_t turn = 0;       // turns started
  int32_t ply = 0;        // actions applied (moves and chance outcomes)
  int32_t flags = 0;      // effects' requests during a move: kExtraTurn, kContinueTurn; kCannotMove (below)
  // how the game ended, for its message and reason: 0 when unknown (the game is not over, or a position file said
  // it is); an end rule: (rule + 1) << 8 | player << 1 | cannot_move, `player` the one its `each` name was bound to;
  // else kEndResigned | player, kEndNoMove | player (the player to move had no legal move and no rule held) or
  // kEndStuck (nobody can ever move)
  int32_t ended_by = 0;
  // the exclusive or of piece_key() over every piece on the board (the state hash's board part), kept as pieces move
  // and change while `keyed` (a game that checks repetitions hashes every position); else computed when a hash is
  // asked for (board_key_of)
  uint64_t board_key = 0;
  bool keyed = true;
  // Becomes o, as a copy assignment would, but each array copied into the buffer it has when their sizes match (a
  // playout's start copied into a game's state, once a playout): no vector's bookkeeping, the history's capacity kept.
  void copy_from(const State& o) {
    same(vars, o.vars);
    same(kind, o.kind);
    same(owner, o.owner);
    same(site, o.site);
    same(height, o.height);
    same(attrs, o.attrs);
    same(count, o.count);
    same(owned, o.owned);
    same(stack, o.stack);
    same(tops, o.tops);
    same(held, o.held);
    same(topped, o.topped);
    same(by_kind, o.by_kind);
    same(kind_at, o.kind_at);
    history.assign(o.history);
    if (!positions.empty() || !o.positions.empty()) positions = o.positions;
    nplayers = o.nplayers, site_words = o.site_words, cap = o.cap, nattrs = o.nattrs, hist_len = o.hist_len;
    hist_width = o.hist_width;
    player = o.player, step = o.step, over = o.over, winners = o.winners, turn = o.turn, ply = o.ply;
    flags = o.flags, ended_by = o.ended_by, board_key = o.board_key, keyed = o.keyed;
    // (a member added to State: copy it above, then count it here)
    static_assert(sizeof(State) == 15 * sizeof(std::vector<int16_t>) + sizeof(GrowBuffer<int32_t>) + 80);
  }
  static constexpr int32_t kEndResigned = 1 << 5, kEndNoMove = 2 << 5, kEndStuck = 3 << 5, kEndRule = 1 << 8;

  static constexpr int32_t kLost = 2;
  static constexpr int32_t kExtraTurn = 1, kContinueTurn = 2;
  // continue_move's request (the move goes on), and while a move's further step is chosen, written or played: the
  // value of the name continuing
  static constexpr int32_t kContinueMove = 8, kContinuing = 16;
  // set while the end rules are tried because the player to move has no legal move (if_none: end or lose): the
  // value of the name cannot_move
  static constexpr int32_t kCannotMove = 4;
};

// The top piece of site s's stack, or -1 when it is empty.
inline int top_piece(const State& S, int s) { return S.tops[static_cast<size_t>(s)]; }

// The empty board of `nsites` sites for `nplayers` players: no piece on any site (the per-site arrays of a State); the
// players' sets of sites kept only with `sets` (Program::uses_site_sets; else none, site_words 0).
inline void empty_board(State& S, int nsites, int nplayers, bool sets) {
  S.count.assign(static_cast<size_t>(nsites), 0);
  S.nplayers = nplayers;
  S.owned.assign(static_cast<size_t>(nsites) * static_cast<size_t>(nplayers), 0);
  S.stack.assign(static_cast<size_t>(nsites) * static_cast<size_t>(S.cap), -1);
  S.tops.assign(static_cast<size_t>(nsites), -1);
  S.site_words = sets ? (nsites + 63) / 64 : 0;
  S.held.assign(static_cast<size_t>(S.site_words) * static_cast<size_t>(nplayers), 0);
  S.topped.assign(S.held.size(), 0);
}

// The pieces grouped by their kinds, of nkinds kinds (State::by_kind, kind_at).
inline void group_by_kind(State& S, int nkinds) {
  S.kind_at.assign(static_cast<size_t>(nkinds) + 1, 0);
  for (const int16_t k : S.kind) ++S.kind_at[static_cast<size_t>(k) + 1];
  for (size_t k = 1; k < S.kind_at.size(); ++k) S.kind_at[k] += S.kind_at[k - 1];
  S.by_kind.assign(S.kind.size(), 0);
  std::vector<int32_t> next(S.kind_at.begin(), S.kind_at.end() - 1);
  for (size_t p = 0; p < S.kind.size(); ++p)
    S.by_kind[static_cast<size_t>(next[static_cast<size_t>(S.kind[p])]++)] = static_cast<int16_t>(p);
}

// The pieces of kind k in creation order (State::by_kind); none for a value that is not a kind (or before the pieces
// are grouped).
inline std::span<const int16_t> kind_group(const State& S, int64_t k) {
  if (static_cast<uint64_t>(k) + 1 >= S.kind_at.size()) return {};
  const auto K = static_cast<size_t>(k);
  return {S.by_kind.data() + S.kind_at[K], static_cast<size_t>(S.kind_at[K + 1] - S.kind_at[K])};
}

// Piece p, of kind `from`, moved to kind `to`'s group, after the pieces created before it (rekind).
inline void regroup(State& S, int p, int from, int to) {
  if (from == to) return;
  const auto at = [&](int k) { return S.by_kind.begin() + S.kind_at[static_cast<size_t>(k)]; };
  S.by_kind.erase(std::find(at(from), at(from + 1), static_cast<int16_t>(p)));
  for (size_t k = static_cast<size_t>(from) + 1; k < S.kind_at.size(); ++k) --S.kind_at[k];
  S.by_kind.insert(std::lower_bound(at(to), at(to + 1), static_cast<int16_t>(p)), static_cast<int16_t>(p));
  for (size_t k = static_cast<size_t>(to) + 1; k < S.kind_at.size(); ++k) ++S.kind_at[k];
}

// splitmix64's finaliser: the mixing step of the state hash (spec/movelog.md, "State hash").
inline uint64_t hash_mix(uint64_t h, uint64_t x) {
  uint64_t z = h ^ (x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The key of piece p where it stands on the board: its site and height, kind, owner and attributes, not its number
// (identical pieces are interchangeable).
inline uint64_t piece_key(const State& S, int p) {
  const size_t i = static_cast<size_t>(p);
  uint64_t k = hash_mix(0, static_cast<uint64_t>(S.site[i]) << 16 | static_cast<uint16_t>(S.height[i]));
  k = hash_mix(k, static_cast<uint64_t>(S.kind[i]) << 16 | static_cast<uint16_t>(S.owner[i]));
  for (int a = 0; a < S.nattrs; ++a) k = hash_mix(k, static_cast<uint32_t>(S.attrs[i * static_cast<size_t>(S.nattrs) + static_cast<size_t>(a)]));
  return k;
}

// State::board_key computed afresh.
inline uint64_t board_key_of(const State& S) {
  uint64_t key = 0;
  for (size_t p = 0; p < S.site.size(); ++p)
    if (S.site[p] >= 0) key ^= piece_key(S, static_cast<int>(p));
  return key;
}

// The winners when `player` loses (resigns, or cannot move under 'if_none: lose'): every other player.
inline uint32_t all_but(int nplayers, int player) {
  uint32_t w = 0;
  for (int q = 0; q < nplayers; ++q)
    if (q != player) w |= 1u << q;
  return w;
}

// `player` loses: every other player wins; when there is none (a game of one player), the game is lost, not drawn.
inline void lose(State& S, int nplayers, int player) {
  S.winners = all_but(nplayers, player);
  if (S.winners == 0) S.over = State::kLost;
}

// One undoable change, 16 bytes: what changed (a) and what it was (b, c). A change of the turn's control keeps the
// control as it was in a stack of its own (Control).
struct UndoEntry {
  enum Kind : uint8_t { Var, Attr, Owner, Kind_, Place, Control, History, Position } kind;
  int32_t a = 0, b = 0, c = 0;
};

// The turn's control as it was before a change (Machine::save_control).
struct Control {
  int32_t player, step, over, turn, ply, flags, ended_by;
  uint32_t winners;
};

// A rule-file error found while evaluating (division by zero, the budget exhausted, ...).
struct RuntimeError : std::runtime_error {
  Pos pos;  // pos.file: a Program::files index
  // the calls that led there, innermost first
  std::vector<Pos> calls;
  RuntimeError(Pos p, const std::string& m) : std::runtime_error(m), pos(p) {}
};

}  // namespace ri
