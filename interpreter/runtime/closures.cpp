// The expressions' handlers and the choice of a handler for each node (closures.hpp). A handler computes its node
// from its kids' handlers; what needs more room (calls, lists made in the arena, strings) stays in Machine's
// members, which the handler calls.
#include "runtime/closures.hpp"

#include <fmt/format.h>

#include <bit>
#include <functional>
#include <map>
#include <type_traits>

#include "common/arith.hpp"
#include "compile/requirements.hpp"
#include "runtime/blocks.hpp"
#include "runtime/machine.hpp"
#include "runtime/native_abi.hpp"

namespace ri {

class OffsetTables;

struct Closures {
  using X = const XNode&;

  static Value val(int64_t v) { return Value{v, 0, 0}; }
  // a kid's value: a slot or a constant read here (the commonest kids), any other through its handler
  [[gnu::always_inline]] static Value ev(Machine& m, const XNode* k) {
    if (k->fn == &local) return m.slots_[static_cast<size_t>(m.base_ + k->a)];
    if (k->fn == &constant) return val(k->imm);
    return k->fn(m, *k);
  }
  static int64_t iv(Machine& m, const XNode* k) { return ev(m, k).i; }
  static const Node& node(Machine& m, X x) { return m.P_->code[static_cast<size_t>(x.id)]; }
  static int kid(Machine& m, X x, int i) { return m.P_->kids[static_cast<size_t>(node(m, x).first + i)]; }
  // the player k computes; `none` or out of range is the rule file's error at x
  static int64_t player(Machine& m, X x, const XNode* k) {
    const int64_t p = iv(m, k);
    if (p < 0 || p >= m.P_->nplayers()) m.fail(node(m, x), "no player here");
    return p;
  }
  static int site(Machine& m, X x, const XNode* k) { return m.checked_site(node(m, x), iv(m, k)); }
  static int piece(Machine& m, X x, const XNode* k) { return m.checked_piece(node(m, x), iv(m, k)); }
  static Value list(ListKind kind, int32_t b, int32_t c = 0) { return Value{static_cast<int64_t>(kind), b, c}; }

  // values
  static Value constant(Machine&, X x) { return val(x.imm); }
  static Value local(Machine& m, X x) { return m.slots_[static_cast<size_t>(m.base_ + x.a)]; }
  static Value lazy_let(Machine& m, X x) {
    const uint64_t bit = uint64_t(1) << x.b;
    if (!(m.let_mask_ & bit)) {
      m.slots_[static_cast<size_t>(m.base_ + x.a)] = ev(m, x.k[0]);
      m.let_mask_ |= bit;
      if (x.imm) m.arena_pin_ = m.arena_.size();  // a list (imm): it outlives the aggregate or loop it is used in
    }
    return m.slots_[static_cast<size_t>(m.base_ + x.a)];
  }
  // a part of a requirement kept while the parameters it reads keep their values (compile/hoist.hpp)
  static Value hoisted(Machine& m, X x) {
    const uint64_t bit = uint64_t(1) << x.b;
    Value& kept = m.hoisted_[static_cast<size_t>(x.a)];
    if (!(m.let_mask_ & bit)) {
      kept = ev(m, x.k[0]);
      m.let_mask_ |= bit;
    }
    return kept;
  }
  // a part computed from its N inputs and the board's tables only (compile/cache.hpp) that has cells of its own
  // (DirectPart at imm): the value kept in the cell of their values, or the part's, kept there (only once computed:
  // an error keeps nothing); cached() when an input's value has no cell
  template <int N>
  static Value cached_direct(Machine& m, X x) {
    const DirectPart& d = *reinterpret_cast<const DirectPart*>(static_cast<intptr_t>(x.imm));
    size_t at = static_cast<size_t>(d.off);
    for (int i = 0; i < N; ++i) {
      const DirectPart::Key& k = d.key[i];
      const int64_t v = k.kind == DirectPart::Key::Slot ? m.slots_[static_cast<size_t>(m.base_ + k.index)].i
                        : k.kind == DirectPart::Key::Var ? m.S_.vars[static_cast<size_t>(k.index)]
                                                         : m.S_.player;
      const uint64_t u = static_cast<uint64_t>(v - k.lo);
      if (u >= k.size) [[unlikely]] return cached(m, x);
      at += u * k.stride;
    }
    if (m.direct_known_[at]) return m.direct_cells_[at];
    const size_t mark = m.arena_.size();
    Value v = ev(m, x.k[0]);
    if (x.b && !m.keep_cached(v, mark)) return v;
    m.direct_cells_[at] = v;
    m.direct_known_[at] = 1;
    return v;
  }
  // a part computed from its inputs (kids 1 ..) and the board's tables only: the value kept for them in the hashed
  // table, or the part's, kept (as above)
  static Value cached(Machine& m, X x) {
    Machine::CacheUse& use = m.cache_use_[static_cast<size_t>(x.a)];
    if (use.off) return ev(m, x.k[0]);
    if (++use.tries == Machine::kCacheTries) {
      use.off = use.found < Machine::kCacheTries / 2;
      use.tries = use.found = 0;
    }
    int64_t keys[kMaxCacheKeys];
    const int n = x.nk - 1;
    uint64_t h = static_cast<uint64_t>(x.a) * 0x9E3779B97F4A7C15ull;
    bool same = true;
    Machine::CacheEntry* e = nullptr;
    for (int i = 0; i < n; ++i) {
      const XNode* k = x.kids[1 + i];
      // the inputs (compile/cache.hpp): a slot, a variable, `me`, a per-player variable of `me`, read here
      keys[i] = k->fn == &local ? m.slots_[static_cast<size_t>(m.base_ + k->a)].i
                : k->fn == &global ? m.S_.vars[static_cast<size_t>(k->b)]
                : k->fn == &me ? m.S_.player
                : iv(m, k);
      h = (h ^ static_cast<uint64_t>(keys[i])) * 0xBF58476D1CE4E5B9ull;
    }
    e = &m.cache_[(h >> 40) & (Machine::kCacheEntries - 1)];
    same = e->part == x.a;
    for (int i = 0; i < n && same; ++i) same = e->keys[i] == keys[i];
    if (same) {
      ++use.found;
      return e->value;
    }
    const size_t mark = m.arena_.size();
    Value v = ev(m, x.k[0]);
    if (x.b && !m.keep_cached(v, mark)) return v;
    e->part = x.a;
    std::copy(keys, keys + n, e->keys);
    e->value = v;
    return v;
  }
  static Value global(Machine& m, X x) { return val(m.S_.vars[static_cast<size_t>(x.b)]); }  // b: the offset
  static Value per_player(Machine& m, X x) { return val(m.S_.vars[static_cast<size_t>(x.b + player(m, x, x.k[0]))]); }
  static Value me(Machine& m, X) { return val(m.S_.player); }
  static Value zone_each(Machine& m, X x) { return val(m.P_->zone_sites[static_cast<size_t>(x.a)][static_cast<size_t>(player(m, x, x.k[0]))]); }
  static Value track_each(Machine& m, X x) {
    return list(ListKind::Const, m.P_->track_lists[static_cast<size_t>(x.a)][static_cast<size_t>(player(m, x, x.k[0]))]);
  }
  // the same of `me`, always a player
  static Value per_player_me(Machine& m, X x) { return val(m.S_.vars[static_cast<size_t>(x.b + m.S_.player)]); }
  static Value zone_me(Machine& m, X x) { return val(m.P_->zone_sites[static_cast<size_t>(x.a)][static_cast<size_t>(m.S_.player)]); }
  static Value track_me(Machine& m, X x) {
    return list(ListKind::Const, m.P_->track_lists[static_cast<size_t>(x.a)][static_cast<size_t>(m.S_.player)]);
  }
  static Value const_list(Machine&, X x) { return list(ListKind::Const, x.a); }
  static Value all_pieces(Machine&, X) { return list(ListKind::AllPieces, 0); }
  static Value me_flag(Machine& m, X x) { return val((m.S_.flags & x.a) != 0); }  // cannot_move, continuing
  static Value game_over(Machine& m, X) { return val(m.S_.over != 0); }
  static Value hist_len(Machine& m, X) { return val(m.S_.hist_len); }

  // logic and arithmetic (left operand first: 'random' would show the order)
  static Value not_(Machine& m, X x) { return val(!iv(m, x.k[0])); }
  static Value and_(Machine& m, X x) { return val(iv(m, x.k[0]) && iv(m, x.k[1])); }
  static Value or_(Machine& m, X x) { return val(iv(m, x.k[0]) || iv(m, x.k[1])); }
  static Value if_(Machine& m, X x) { return iv(m, x.k[0]) ? ev(m, x.k[1]) : ev(m, x.k[2]); }
  // if E == K1 then V1 else if E == K2 then V2 ... else V, with constant keys K (if_chain; a: how many; each If of the
  // chain holds its key in imm; b: E's side of the comparison, 2 more when E is a string): E computed once. A string
  // made in this game operation ('++') is compared by its text, as written.
  static Value switch_(Machine& m, X x) {
    const int64_t v = iv(m, x.k[0]->k[x.b & 1]);
    if ((x.b & 2) && (v < 0 || v >= static_cast<int64_t>(m.P_->strings.size()))) [[unlikely]] return if_(m, x);
    const XNode* c = &x;
    for (int i = 0; i < x.a; ++i, c = c->k[2])
      if (c->imm == v) return ev(m, c->k[1]);
    return ev(m, c);
  }
  static Value let(Machine& m, X x) {
    m.slots_[static_cast<size_t>(m.base_ + x.a)] = ev(m, x.k[0]);
    return ev(m, x.k[1]);
  }
  static Value neg(Machine& m, X x) {
    int64_t r;
    if (__builtin_sub_overflow(int64_t{0}, iv(m, x.k[0]), &r)) m.fail(node(m, x), "integer overflow");
    return val(r);
  }
  static Value abs(Machine& m, X x) {
    const int64_t v = iv(m, x.k[0]);
    if (v == INT64_MIN) m.fail(node(m, x), "integer overflow");
    return val(v < 0 ? -v : v);
  }
  // How a handler reads an operand: through the kid's handler, or directly when the kid is a slot or a constant.
  struct Any {
    static int64_t get(Machine& m, const XNode* k) { return k->fn(m, *k).i; }
  };
  struct Slot {
    static int64_t get(Machine& m, const XNode* k) { return m.slots_[static_cast<size_t>(m.base_ + k->a)].i; }
  };
  struct Imm {
    static int64_t get(Machine&, const XNode* k) { return k->imm; }
  };
  // a OP b, an error at x when it has no value
  template <ArithOp Op>
  struct Arithmetic {
    template <class A, class B>
    static Value fn(Machine& m, X x) {
      const int64_t a = A::get(m, x.k[0]);
      const int64_t b = B::get(m, x.k[1]);
      int64_t r;
      if (ArithError e = arith(Op, a, b, r); e != ArithError::None) [[unlikely]] m.fail(node(m, x), arith_message(e));
      return val(r);
    }
  };
  template <class Cmp>
  struct Compare {
    template <class A, class B>
    static Value fn(Machine& m, X x) {
      const int64_t a = A::get(m, x.k[0]);
      return val(Cmp{}(a, B::get(m, x.k[1])));
    }
  };
  // H's handler for the kinds of x's two operands
  template <class H>
  static XFn by_operands(const Program& P, const Node& n) {
    auto kind = [&](int k) {
      const Op op = P.code[static_cast<size_t>(P.kid(n, k))].op;
      return op == Op::Local ? 1 : op == Op::Const ? 2 : 0;
    };
    static constexpr XFn table[3][3] = {
        {H::template fn<Any, Any>, H::template fn<Any, Slot>, H::template fn<Any, Imm>},
        {H::template fn<Slot, Any>, H::template fn<Slot, Slot>, H::template fn<Slot, Imm>},
        {H::template fn<Imm, Any>, H::template fn<Imm, Slot>, H::template fn<Imm, Imm>}};
    return table[kind(0)][kind(1)];
  }
  struct Least { int64_t operator()(int64_t a, int64_t b) const { return std::min(a, b); } };
  struct Most { int64_t operator()(int64_t a, int64_t b) const { return std::max(a, b); } };
  template <class F>
  static Value both(Machine& m, X x) {
    const int64_t a = iv(m, x.k[0]);
    return val(F{}(a, iv(m, x.k[1])));
  }
  template <bool In>
  static Value in(Machine& m, X x) {
    const int64_t e = iv(m, x.k[0]);
    return val(m.contains(ev(m, x.k[1]), e) == In);
  }
  // The program's strings are interned (one id per text): two of them are equal when their ids are; a string made
  // in this operation ('++') is compared by its text.
  template <bool Eq>
  static Value str_eq(Machine& m, X x) {
    const Value a = ev(m, x.k[0]);
    const Value b = ev(m, x.k[1]);
    const auto interned = static_cast<int64_t>(m.P_->strings.size());
    if (a.i >= 0 && a.i < interned && b.i >= 0 && b.i < interned) return val((a.i == b.i) == Eq);
    return val((m.text_of(a) == m.text_of(b)) == Eq);
  }
  static Value next(Machine& m, X x) { return val((iv(m, x.k[0]) + 1) % m.P_->nplayers()); }
  static Value opponent(Machine& m, X x) { return val(1 - iv(m, x.k[0])); }

  // lists
  static Value range(Machine& m, X x) {
    const int64_t lo = iv(m, x.k[0]);
    const int64_t hi = iv(m, x.k[1]);
    if (lo < INT32_MIN || lo > INT32_MAX || hi < INT32_MIN || hi > INT32_MAX)
      m.fail(node(m, x), fmt::format("range {}..{} is out of bounds", lo, hi));
    if (hi >= lo && hi - lo >= kMaxRange)
      m.fail(node(m, x), fmt::format("range {}..{} has more than {} items", lo, hi, kMaxRange));
    return list(ListKind::Range, static_cast<int32_t>(lo), static_cast<int32_t>(hi));
  }
  // lo..hi of constants within bounds (a, b): made once
  static Value range_const(Machine&, X x) { return list(ListKind::Range, x.a, x.b); }
  static Value len(Machine& m, X x) {
    const Value l = ev(m, x.k[0]);
    if (static_cast<ListKind>(l.i) == ListKind::Const) return val(static_cast<int64_t>(m.P_->lists[static_cast<size_t>(l.b)].size()));
    return val(m.list_len(l));
  }
  static Value nth(Machine& m, X x) {
    const Value l = ev(m, x.k[0]);
    const int64_t i = iv(m, x.k[1]);
    if (static_cast<ListKind>(l.i) == ListKind::Const) {  // (a track, a region: read here)
      const std::vector<int32_t>& c = m.P_->lists[static_cast<size_t>(l.b)];
      if (i >= 0 && i < static_cast<int64_t>(c.size())) [[likely]] return val(c[static_cast<size_t>(i)]);
    }
    const int n = m.list_len(l);
    if (i < 0 || i >= n) m.fail(node(m, x), fmt::format("position {} is outside the list (length {})", i, n));
    return m.list_at(l, static_cast<int>(i));
  }
  // nth of a constant list (a): a table lookup
  static Value nth_c(Machine& m, X x) {
    const std::vector<int32_t>& l = m.P_->lists[static_cast<size_t>(x.a)];
    const int64_t i = iv(m, x.k[1]);
    if (i < 0 || i >= static_cast<int64_t>(l.size()))
      m.fail(node(m, x), fmt::format("position {} is outside the list (length {})", i, l.size()));
    return val(l[static_cast<size_t>(i)]);
  }
  static Value index_of(Machine& m, X x) {
    const Value l = ev(m, x.k[0]);
    const int64_t e = iv(m, x.k[1]);
    const Program& P = *m.P_;
    if (static_cast<ListKind>(l.i) == ListKind::Const && !P.list_index[static_cast<size_t>(l.b)].empty())
      return val(e >= 0 && e < P.nsites() ? P.list_index[static_cast<size_t>(l.b)][static_cast<size_t>(e)] : -1);
    for (int i = 0, n = m.list_len(l); i < n; ++i)
      if (m.list_at(l, i).i == e) return val(i);
    return val(-1);
  }

  // the board
  static Value pieces_at(Machine& m, X x) { return list(ListKind::Stack, site(m, x, x.k[0])); }
  static Value size(Machine& m, X x) { return val(m.S_.count[static_cast<size_t>(site(m, x, x.k[0]))]); }
  // size(S) > 0 (Occupied) or size(S) == 0: the site's count read here (an error at the size node, k[0])
  template <bool Occupied>
  static Value occupancy(Machine& m, X x) {
    const int c = m.S_.count[static_cast<size_t>(site(m, *x.k[0], x.k[0]->k[0]))];
    return val(Occupied ? c > 0 : c == 0);
  }
  static int64_t top_of(Machine& m, int s) { return ri::top_piece(m.S_, s); }
  static Value top(Machine& m, X x) { return val(top_of(m, site(m, x, x.k[0]))); }
  static Value owner(Machine& m, X x) { return val(m.S_.owner[static_cast<size_t>(piece(m, x, x.k[0]))]); }
  static Value site_of(Machine& m, X x) { return val(m.S_.site[static_cast<size_t>(piece(m, x, x.k[0]))]); }
  static Value kind_of(Machine& m, X x) { return val(m.S_.kind[static_cast<size_t>(piece(m, x, x.k[0]))]); }
  // top(s).kind and top(s).owner in one handler: k[0] is s, b the Top node (where an error about s is)
  static int top_piece(Machine& m, X x) {
    const Node& at = m.P_->code[static_cast<size_t>(x.b)];
    return m.checked_piece(node(m, x), top_of(m, m.checked_site(at, iv(m, x.k[0]))));
  }
  static Value kind_of_top(Machine& m, X x) { return val(m.S_.kind[static_cast<size_t>(top_piece(m, x))]); }
  static Value owner_of_top(Machine& m, X x) { return val(m.S_.owner[static_cast<size_t>(top_piece(m, x))]); }
  // top(s).A in one handler: k[0] is s, b the Top node, a the attribute
  static Value attr_of_top(Machine& m, X x) {
    const int p = top_piece(m, x);
    if (m.hiding_) [[unlikely]] m.secret_read(node(m, x), p);
    return val(m.S_.attrs[static_cast<size_t>(p) * m.S_.nattrs + x.a]);
  }
  static Value attr(Machine& m, X x) {
    const int p = piece(m, x, x.k[0]);
    if (m.hiding_) [[unlikely]] m.secret_read(node(m, x), p);
    return val(m.S_.attrs[static_cast<size_t>(p) * m.S_.nattrs + x.a]);
  }
  static Value count_owned(Machine& m, X x) {
    const int s = site(m, x, x.k[0]);
    if (m.S_.count[static_cast<size_t>(s)] == 0) return val(0);  // like the aggregate: the player is not computed
    const int64_t p = iv(m, x.k[1]);
    if (p < 0 || p >= m.P_->nplayers()) return val(0);
    return val(m.S_.owned[static_cast<size_t>(s) * m.S_.nplayers + p]);
  }
  static Value related(Machine& m, X x) {
    return list(ListKind::Const, m.P_->relation_lists[static_cast<size_t>(x.a)][static_cast<size_t>(site(m, x, x.k[0]))]);
  }
  static Value link(Machine& m, X x) {
    const Program& P = *m.P_;
    const auto& l = P.lists[static_cast<size_t>(P.relation_lists[static_cast<size_t>(x.a)][static_cast<size_t>(site(m, x, x.k[0]))])];
    return val(l.empty() ? -1 : l[0]);
  }
  static Value lines_through(Machine& m, X x) {
    return list(ListKind::Const, m.P_->through_lists[static_cast<size_t>(x.a)][static_cast<size_t>(site(m, x, x.k[0]))]);
  }
  static Value line_sites(Machine& m, X x) {
    const int64_t l = iv(m, x.k[0]);
    if (l < 0 || l >= static_cast<int64_t>(m.P_->line_sites.size())) m.fail(node(m, x), "no line here");
    return list(ListKind::Const, m.P_->line_sites[static_cast<size_t>(l)]);
  }
  // x_of(a) - x_of(b) (X) or y_of(a) - y_of(b): each coordinate read as x_of and y_of read it (errors at them)
  template <bool X_>
  static Value coordinate_difference(Machine& m, X x) {
    const GridPlace& a = m.grid_place(node(m, *x.k[0]), iv(m, x.k[0]->k[0]));
    const int64_t ca = X_ ? a.x : a.y;
    const GridPlace& b = m.grid_place(node(m, *x.k[1]), iv(m, x.k[1]->k[0]));
    return val(ca - (X_ ? b.x : b.y));
  }
  static Value x_of(Machine& m, X x) { return val(m.grid_place(node(m, x), iv(m, x.k[0])).x); }
  static Value y_of(Machine& m, X x) { return val(m.grid_place(node(m, x), iv(m, x.k[0])).y); }
  static Value site_at(Machine& m, X x) {
    const int64_t cx = iv(m, x.k[0]);
    return val(m.P_->grids[0].site(cx, iv(m, x.k[1])));
  }
  static Value offset(Machine& m, X x) {
    const GridPlace& g = m.grid_place(node(m, x), iv(m, x.k[0]));
    const int64_t dx = iv(m, x.k[1]);
    const int64_t dy = iv(m, x.k[2]);
    int64_t cx, cy;
    if (__builtin_add_overflow(g.x, dx, &cx) || __builtin_add_overflow(g.y, dy, &cy)) return val(-1);
    return val(m.P_->grids[static_cast<size_t>(g.grid)].site(cx, cy));
  }
  // offset(s, DX, DY) with constant steps (imm: dx, b: dy)
  static Value offset_c(Machine& m, X x) {
    const GridPlace& g = m.grid_place(node(m, x), iv(m, x.k[0]));
    return val(m.P_->grids[static_cast<size_t>(g.grid)].site(g.x + x.imm, g.y + x.b));
  }
  // offset(s, DX[i], DY[i]) with constant lists DX and DY of one length (a) and one index i (k[1]; OffsetTables): read
  // from the table of every site's offsets by those steps (imm: where it starts in XCode::tables, a entries per site);
  // an i outside the lists is the error of DX[i] (b: its Nth node)
  static Value offset_t(Machine& m, X x) {
    const int64_t s = iv(m, x.k[0]);
    m.grid_place(node(m, x), s);
    const int64_t i = iv(m, x.k[1]);
    if (i < 0 || i >= x.a) [[unlikely]]
      m.fail(m.P_->code[static_cast<size_t>(x.b)], fmt::format("position {} is outside the list (length {})", i, x.a));
    return val(m.tables_[x.imm + s * x.a + i]);
  }

  // the history
  static int entry(Machine& m, X x) { return m.checked_entry(node(m, x), iv(m, x.k[0])); }
  static Value mover(Machine& m, X x) { return val(m.S_.history[static_cast<size_t>(entry(m, x)) * m.S_.hist_width]); }
  static Value recorded(Machine& m, X x) {
    return val(m.S_.history[static_cast<size_t>(entry(m, x)) * m.S_.hist_width + 1 + x.a]);
  }
  static Value last_turn(Machine& m, X x) {
    const int64_t p = iv(m, x.k[0]);
    for (int e = m.S_.hist_len - 1; e >= 0; --e) {
      m.tick(node(m, x));
      if (m.S_.history[static_cast<size_t>(e) * m.S_.hist_width] == p) return val(e);
    }
    return val(-1);
  }
  static Value repetitions(Machine& m, X x) {
    const int64_t want = iv(m, x.k[0]);
    if (want < 0) m.fail(node(m, x), fmt::format("repetitions({}): the number of moves is negative", want));
    const std::vector<uint64_t>& seen = m.S_.positions;
    if (seen.empty()) return val(0);
    const uint64_t now = seen.back();
    const size_t from = want >= static_cast<int64_t>(seen.size()) ? 0 : seen.size() - 1 - static_cast<size_t>(want);
    int64_t c = 0;
    for (size_t i = from; i < seen.size(); ++i) {
      m.tick(node(m, x));
      c += seen[i] == now;
    }
    return val(c);
  }

  // The arguments of a call, x's first n kids (N of them, or n when N < 0), evaluated in order, then stored from
  // slot `to` on: all are evaluated before any is stored, since an argument may call a function whose frame is there.
  template <int N>
  static void arguments(Machine& m, X x, int n, int to) {
    if constexpr (N >= 0) n = N;
    Value args[N >= 0 ? N + 1 : kMaxCallArgs];
    n = std::min(n, kMaxCallArgs);
    for (int i = 0; i < n; ++i) args[i] = ev(m, x.kids[i]);
    Value* slot = &m.slots_[static_cast<size_t>(to)];
    for (int i = 0; i < n; ++i) slot[i] = args[i];
  }
  // What a call of f does besides the call: nothing more (f cannot reach itself), count a step (f can), or also
  // evaluate f's body again while it ends in a tail call (f calls itself in tail position: Op::TailCall).
  enum class Callee { Plain, Recursive, Looping };
  // f(args) (a: f, b: the caller's frame size): the arguments go to the callee's frame, which starts where the
  // caller's ends; a step when f can reach itself through calls (only such a function can go on and on)
  template <int N, Callee C>
  static Value call(Machine& m, X x) {
    const FunctionInfo& f = m.P_->functions[static_cast<size_t>(x.a)];
    nest(m, x);
    if constexpr (C != Callee::Plain) m.tick(node(m, x));
    const int callee = frame_of(m, x, f);
    arguments<N>(m, x, x.nk, callee);
    return in_frame<C>(m, x, f, callee);
  }
  // A call at x nests one deeper, within the depth limit.
  [[gnu::always_inline]] static void nest(Machine& m, X x) {
    if (++m.depth_ > m.limits.depth) [[unlikely]]
      m.fail(node(m, x), fmt::format("calls nested too deeply (more than {})", m.limits.depth));
  }
  // The first slot of the frame of f called at x: where the caller's frame ends (b), within the slots.
  [[gnu::always_inline]] static int frame_of(Machine& m, X x, const FunctionInfo& f) {
    const int callee = m.base_ + x.b;
    if (static_cast<size_t>(callee + f.frame + 1) > m.slots_.size()) [[unlikely]] m.fail(node(m, x), "calls nested too deeply");
    return callee;
  }
  // f's body evaluated in its frame from slot `callee` on (its arguments stored there), x named in the calls an error
  // reports; then the caller's frame again, one nesting less.
  template <Callee C>
  [[gnu::always_inline]] static Value in_frame(Machine& m, X x, const FunctionInfo& f, int callee) {
    const int saved = m.base_;
    m.base_ = callee;
    const size_t chain = m.ncalls_;
    m.push_call(x.id);
    Value r = m.ev(f.body);
    if constexpr (C == Callee::Looping)
      while (m.tail_) {
        m.tail_ = false;
        r = m.ev(f.body);
      }
    m.ncalls_ = chain;  // with the tail calls made in the frame
    m.base_ = saved;
    --m.depth_;
    return r;
  }
  // f(args) ending f's own body (Op::TailCall; imm: the arguments that are not their parameter's own value, one bit
  // each): those arguments replace f's in the frame, and the call evaluating the body (call<N, Callee::Looping>)
  // evaluates it again once this returns (through the `if`s and `let`s it ends). A step, as for any call of f, and an
  // entry of the calls an error names while they are fewer than the depth limit (so they stay bounded however long
  // the loop); it does not nest, so it does not count against the depth limit.
  static void tail_call_made(Machine& m, X x) {
    if (m.ncalls_ < static_cast<size_t>(m.limits.depth)) m.push_call(x.id);
    m.tail_ = true;
  }
  static Value tail_call(Machine& m, X x) {
    m.tick(node(m, x));
    Value args[kMaxCallArgs];
    const auto changed = static_cast<uint32_t>(x.imm);
    for (uint32_t b = changed; b; b &= b - 1) args[std::countr_zero(b)] = ev(m, x.kids[std::countr_zero(b)]);
    Value* slot = &m.slots_[static_cast<size_t>(m.base_)];
    for (uint32_t b = changed; b; b &= b - 1) slot[std::countr_zero(b)] = args[std::countr_zero(b)];
    tail_call_made(m, x);
    return Value{};
  }
  // a tail call that changes one argument (a: its parameter, k[0]: its value)
  static Value tail_call_one(Machine& m, X x) {
    m.tick(node(m, x));
    m.slots_[static_cast<size_t>(m.base_ + x.a)] = ev(m, x.k[0]);
    tail_call_made(m, x);
    return Value{};
  }
  // an inlined call (compile/inline.hpp; a: the callee's first slot): its arguments stored where the callee's frame
  // would be, then the body's copy (the last kid); no frame switch, no step
  template <int N>
  static Value bind(Machine& m, X x) {
    arguments<N>(m, x, x.nk - 1, m.base_ + x.a);
    return ev(m, x.kids[x.nk - 1]);
  }
  // A call of a remembered function (compile/memo.hpp) while the machine remembers (Machine::begin_remembering): the
  // arguments are computed, then the value kept for them at this state, or the body's, kept. Inlined: the same for
  // the copy (bind).
  template <int N, bool Inlined>
  static Value remembered(Machine& m, X x) {
    if (!m.memo_on_) return Inlined ? bind<N>(m, x) : call<N, Callee::Plain>(m, x);  // (f cannot call itself)
    const int f = Inlined ? x.b : x.a;
    if constexpr (!Inlined) nest(m, x);
    Value args[N + 1] = {};
    for (int i = 0; i < N; ++i) args[i] = ev(m, x.kids[i]);
    Machine::MemoEntry& e = m.memo_entry(f, args, N);
    if (m.memo_hit(e, f, args, N)) {
      if (!Inlined) --m.depth_;
      return e.value;
    }
    const size_t mark = m.arena_.size();
    Value r;
    if constexpr (Inlined) {
      Value* slot = &m.slots_[static_cast<size_t>(m.base_ + x.a)];
      for (int i = 0; i < N; ++i) slot[i] = args[i];
      r = ev(m, x.kids[N]);
    } else {
      const FunctionInfo& fi = m.P_->functions[static_cast<size_t>(f)];
      const int callee = frame_of(m, x, fi);
      for (int i = 0; i < N; ++i) m.slots_[static_cast<size_t>(callee + i)] = args[i];
      r = in_frame<Callee::Plain>(m, x, fi, callee);
    }
    return m.memo_keep(e, f, args, N, r, mark);
  }
  // any, all, count, sum, min and max: one step per element, the lists made for an element dropped before the next
  struct AnyOf {
    int64_t acc = 0;
    bool step(Machine& m, X x) {
      if (!iv(m, x.k[2])) return true;
      acc = 1;
      return false;
    }
  };
  struct AllOf {
    int64_t acc = 1;
    bool step(Machine& m, X x) {
      if (iv(m, x.k[2])) return true;
      acc = 0;
      return false;
    }
  };
  struct CountOf {
    int64_t acc = 0;
    bool step(Machine& m, X x) {
      acc += !x.k[2] || iv(m, x.k[2]);
      return true;
    }
  };
  struct SumOf {
    int64_t acc = 0;
    bool step(Machine& m, X x) {
      if (__builtin_add_overflow(acc, iv(m, x.k[2]), &acc)) m.fail(node(m, x), "integer overflow");
      return true;
    }
  };
  template <bool Least>
  struct Extreme {
    int64_t acc = 0;
    bool found = false;
    bool step(Machine& m, X x) {
      const int64_t v = iv(m, x.k[2]);
      if (!found || (Least ? v < acc : v > acc)) acc = v;
      found = true;
      return true;
    }
  };
  // Whether element e passes aggregate x's `where` (none: it does). W other than RequireInfo::Evaluated: the where only
  // asks who holds the element, a site (compile/requirements.hpp site_test), whose counts are read from the board's
  // tables, with the where's player `who` read once (a slot, `me` or a constant); an element that is not a site is left
  // to the where's handler, which reports the error.
  template <int W>
  [[gnu::always_inline]] static bool where(Machine& m, X x, int64_t e, int64_t who) {
    if constexpr (W == RequireInfo::Evaluated) {
      return !x.k[1] || iv(m, x.k[1]);
    } else {
      if (e < 0 || e >= m.nsites_) [[unlikely]] return iv(m, x.k[1]) != 0;
      const State& S = m.S_;
      const int c = S.count[static_cast<size_t>(e)];
      if constexpr (W == RequireInfo::Occupied) return c > 0;
      if constexpr (W == RequireInfo::Vacant) return c == 0;
      if constexpr (W == RequireInfo::OccupiedTopOwnerIs || W == RequireInfo::OccupiedTopOwnerIsNot)
        return c > 0 && (S.owner[static_cast<size_t>(ri::top_piece(S, static_cast<int>(e)))] == who) ==
                            (W == RequireInfo::OccupiedTopOwnerIs);
      const bool some = c > 0 && who >= 0 && who < S.nplayers &&
                        S.owned[static_cast<size_t>(e) * static_cast<size_t>(S.nplayers) + static_cast<size_t>(who)] > 0;
      return (W == RequireInfo::OwnedSome) == some;
    }
  }
  template <class Acc, int W = RequireInfo::Evaluated>
  static Value aggregate_of(Machine& m, X x) {
    const Value dom = ev(m, x.k[0]);
    const Node& n = node(m, x);
    Value* slot = &m.slots_[static_cast<size_t>(m.base_ + x.a)];
    const size_t mark = m.arena_.size();
    int64_t who = 0;
    if constexpr (W != RequireInfo::Evaluated && W != RequireInfo::Occupied && W != RequireInfo::Vacant)
      who = iv(m, &m.nodes_[x.b]);  // (aggregate_handler: the where's player)
    Acc acc;
    m.for_each(dom, n, [&](Value e) {
      if (m.arena_.size() != mark) m.drop_lists(mark);
      *slot = e;
      return !where<W>(m, x, e.i, who) || acc.step(m, x);
    });
    if constexpr (std::is_same_v<Acc, Extreme<true>> || std::is_same_v<Acc, Extreme<false>>)
      if (!acc.found) m.fail(n, fmt::format("'{}' over an empty list", std::is_same_v<Acc, Extreme<true>> ? "min" : "max"));
    return val(acc.acc);
  }
  // sum(s in LIST : owned(s, W)) (owned_in), W read once (a slot other than the element's, `me` or a constant): the
  // board's counts added up, one step per element as the aggregate costs; an element that is not a site is left to
  // the body's handler, which reports the error
  static Value owned_sum(Machine& m, X x) {
    const Value dom = ev(m, x.k[0]);
    const State& S = m.S_;
    const int64_t who = iv(m, x.k[2]->k[1]);
    const bool anyone = who >= 0 && who < S.nplayers;  // (owned() of no player is 0)
    int64_t acc = 0;
    m.for_each(dom, node(m, x), [&](Value e) {
      if (e.i < 0 || e.i >= m.nsites_) [[unlikely]] {
        m.slots_[static_cast<size_t>(m.base_ + x.a)] = e;
        acc += iv(m, x.k[2]);
      } else if (anyone) {
        acc += S.owned[static_cast<size_t>(e.i) * static_cast<size_t>(S.nplayers) + static_cast<size_t>(who)];
      }
      return true;
    });
    return val(acc);
  }
  // the handler of aggregate n with accumulator Acc: the board's tables read for its `where` when it has that form
  template <class Acc>
  static XFn aggregate_handler(const Program& P, const Node& n, XNode& x);
  // the handler of filter n: the board's tables read for a condition that only asks who holds the element
  static XFn filter_handler(const Program& P, const Node& n, XNode& x, OffsetTables& tables);
  // what Machine's members compute (lists made in the arena, strings)
  // [a, b, ...]: the items evaluated now, in this scope, into the arena (the checker allows at most kMaxListLiteral)
  static Value list_literal(Machine& m, X x) {
    const int cnt = std::min<int>(x.nk, kMaxListLiteral);
    m.arena_room(node(m, x), static_cast<size_t>(cnt));
    int64_t items[kMaxListLiteral];
    for (int i = 0; i < cnt; ++i) items[i] = iv(m, x.kids[i]);
    const size_t at = m.arena_.size();
    m.arena_.append(items, items + cnt);
    return list(ListKind::Literal, static_cast<int32_t>(at), cnt);
  }
  // filter(x in LIST where C : COND), map(x in LIST where C : VALUE): the kept elements or the values, in order, one
  // step each besides the element's (lists.cpp: what an element's evaluation leaves above the items)
  template <bool Filter>
  static Value collect(Machine& m, X x) {
    const Node& n = node(m, x);
    const size_t from = m.arena_.size();
    const Value dom = ev(m, x.k[0]);
    const XNode* where = x.k[1];
    const XNode* body = x.k[2];
    const int slot = m.base_ + x.a;
    size_t start = m.arena_.size();
    size_t count = 0;
    m.for_each(dom, n, [&](Value e) {
      m.slots_[static_cast<size_t>(slot)] = e;
      bool keep = !where || iv(m, where);
      int64_t v = e.i;
      if (keep) {
        if constexpr (Filter) keep = iv(m, body) != 0;
        else v = iv(m, body);
      }
      // what the element's evaluation made above the items is dropped (a let's list kept: Machine::collect_over)
      if (m.arena_.size() != start + count) [[unlikely]] start = m.collect_over(n, start, count);
      if (keep) {
        m.tick(n);
        m.arena_room(n, 1);
        m.arena_.push_back(v);
        ++count;
      }
      return true;
    });
    return m.settle(from, start);
  }
  // filter(x in LIST : COND) whose COND only asks who holds the element and cannot fail (occupied(x) and
  // top(x).owner == W, or != W, or owned(x, W) > 0; W's node in b): the board's tables read for each element, as
  // where<W> reads them, one step for each element kept; an element that is not a site goes through COND, which
  // reports the error. Over a constant list of distinct sites (imm: 1 + where its walk is in XCode::tables,
  // OffsetTables::walk; 0: none) in a game that keeps the players' sets of sites, when the budgets hold a step per
  // site and per site kept and the arena the list: the sites kept read from W's set (State::held, topped), the steps
  // counted after them.
  template <int W>
  static Value filter_sites(Machine& m, X x) {
    const Node& n = node(m, x);
    const size_t from = m.arena_.size();
    const Value dom = ev(m, x.k[0]);
    const int64_t who = iv(m, &m.nodes_[x.b]);
    const size_t start = m.arena_.size();
    if (x.imm > 0 && m.S_.site_words > 0) {
      const int32_t* t = m.tables_ + (x.imm - 1);  // list, in increasing order, words, masks (low, high), ranks
      const std::vector<int32_t>& items = m.P_->lists[static_cast<size_t>(t[0])];
      const auto len = static_cast<int64_t>(items.size());
      if (m.budget_ >= 2 * len && m.op_budget_ >= 2 * len && m.arena_.size() + items.size() <= Machine::kArenaMax) {
        const State& S = m.S_;
        const bool ascending = t[1] != 0;
        const int words = t[2];
        const int32_t* ranks = t + 3 + 2 * words;
        uint64_t in_order = 0;  // (a list in another order: the places of the sites kept)
        for (int k = 0; k < words; ++k) {
          uint64_t b = 0;
          for (int p = 0; p < S.nplayers; ++p) {
            const size_t at = static_cast<size_t>(p) * static_cast<size_t>(S.site_words) + static_cast<size_t>(k);
            if constexpr (W == RequireInfo::OwnedSome) b |= p == who ? S.held[at] : 0;
            else b |= (p == who) == (W == RequireInfo::OccupiedTopOwnerIs) ? S.topped[at] : 0;
          }
          b &= static_cast<uint32_t>(t[3 + 2 * k]) | uint64_t{static_cast<uint32_t>(t[4 + 2 * k])} << 32;
          for (; b; b &= b - 1) {
            const int s = 64 * k + std::countr_zero(b);
            if (ascending) m.arena_.push_back(s);
            else in_order |= uint64_t{1} << ranks[s];
          }
        }
        for (; in_order; in_order &= in_order - 1) m.arena_.push_back(items[static_cast<size_t>(std::countr_zero(in_order))]);
        const auto steps = len + static_cast<int64_t>(m.arena_.size() - start);
        m.budget_ -= steps;
        m.op_budget_ -= steps;
        return m.settle(from, start);
      }
    }
    m.for_each(dom, n, [&](Value e) {
      if (e.i < 0 || e.i >= m.nsites_) [[unlikely]] {
        m.slots_[static_cast<size_t>(m.base_ + x.a)] = e;
        if (!iv(m, x.k[2])) return true;
      } else if (!where<W>(m, x, e.i, who)) {
        return true;
      }
      m.tick(n);
      m.arena_room(n, 1);
      m.arena_.push_back(e.i);
      return true;
    });
    return m.settle(from, start);
  }
  static Value join(Machine& m, X x) { return m.join(node(m, x)); }
  static Value unique(Machine& m, X x) { return m.unique(node(m, x)); }
  static Value slice(Machine& m, X x) { return m.slice(node(m, x)); }
  static Value reverse(Machine& m, X x) { return m.reverse(node(m, x)); }
  static Value kind_pieces(Machine& m, X x) { return m.kind_pieces(node(m, x)); }
  static Value concat(Machine& m, X x) { return m.concat(node(m, x)); }
  static Value join_text(Machine& m, X x) { return m.join_text(node(m, x)); }
  static Value reachable(Machine& m, X x) { return m.reachable(node(m, x)); }
  static Value random(Machine& m, X x) { return m.random(node(m, x)); }
  static Value styled(Machine& m, X x) { return m.styled(node(m, x)); }
  static Value not_expression(Machine& m, X x) { m.fail(node(m, x), "internal error: not an expression"); }

  // the handler of a call of nargs arguments
  template <Callee C>
  static XFn call_handler(int nargs) {
    static constexpr XFn by_count[] = {call<0, C>, call<1, C>, call<2, C>, call<3, C>, call<4, C>};
    return nargs < 5 ? by_count[nargs] : call<-1, C>;
  }
  static XFn choose(const Program& P, const Node& n, XNode& x, OffsetTables& tables);
  static XFn offset_handler(const Program& P, const Node& n, XNode& x, OffsetTables& tables);
  static XFn if_handler(const Program& P, const Node& n, XNode& x);
};

// The tables of offset_t (XCode::tables): for a pair of constant lists DX and DY of one length, every site's
// offset(s, DX[i], DY[i]) by site and i (none, -1, off the grid; a site not on a grid has entries never read).
class OffsetTables {
 public:
  OffsetTables(const Program& P, std::vector<int32_t>& out) : P_(P), out_(out) {}
  // Where the table of lists dx and dy starts, or -1 when it would be too large.
  int64_t of(int dx, int dy);
  // Where the walk of constant list l's sites on the players' sets of sites starts (filter_sites): l, whether its
  // sites are in increasing order, the words of a set, then each word's mask of l's sites (its low 32 bits, its high
  // ones), then when they are not in order each site's place in l; -1 when l's items are not distinct sites, in order
  // or at most 64.
  int64_t walk(int l);

 private:
  static constexpr size_t kMaxEntries = 1 << 16;  // of one table
  static constexpr size_t kMaxTotal = 1 << 20;    // of all
  const Program& P_;
  std::vector<int32_t>& out_;
  std::map<std::pair<int, int>, int64_t> made_;
  std::map<int, int64_t> walks_;
};

int64_t OffsetTables::walk(int l) {
  if (auto it = walks_.find(l); it != walks_.end()) return it->second;
  const std::vector<int32_t>& items = P_.lists[static_cast<size_t>(l)];
  const int nsites = P_.nsites();
  const SiteListShape shape = site_list_shape(P_, l);
  const std::vector<uint64_t>& mask = shape.mask;
  const bool ascending = shape.ascending;
  const int words = static_cast<int>(mask.size());
  if (!shape.walkable || out_.size() + 3 + 2 * mask.size() + static_cast<size_t>(nsites) > kMaxTotal)
    return walks_[l] = -1;
  const auto at = static_cast<int64_t>(out_.size());
  out_.insert(out_.end(), {l, ascending ? 1 : 0, words});
  for (const uint64_t w : mask) {
    out_.push_back(static_cast<int32_t>(static_cast<uint32_t>(w)));
    out_.push_back(static_cast<int32_t>(static_cast<uint32_t>(w >> 32)));
  }
  if (!ascending) {
    const size_t ranks = out_.size();
    out_.resize(ranks + static_cast<size_t>(nsites), 0);
    for (size_t i = 0; i < items.size(); ++i) out_[ranks + static_cast<size_t>(items[i])] = static_cast<int32_t>(i);
  }
  return walks_[l] = at;
}

int64_t OffsetTables::of(int dx, int dy) {
  if (auto it = made_.find({dx, dy}); it != made_.end()) return it->second;
  const std::vector<int32_t>& lx = P_.lists[static_cast<size_t>(dx)];
  const std::vector<int32_t>& ly = P_.lists[static_cast<size_t>(dy)];
  const size_t n = lx.size(), sites = static_cast<size_t>(P_.nsites());
  if (n * sites > kMaxEntries || out_.size() + n * sites > kMaxTotal) return made_[{dx, dy}] = -1;
  const auto at = static_cast<int64_t>(out_.size());
  for (size_t s = 0; s < sites; ++s) {
    const GridPlace& g = P_.grid_place[s];
    for (size_t i = 0; i < n; ++i)
      out_.push_back(g.grid < 0 ? -1
                                : static_cast<int32_t>(P_.grids[static_cast<size_t>(g.grid)].site(int64_t{g.x} + lx[i],
                                                                                                  int64_t{g.y} + ly[i])));
  }
  return made_[{dx, dy}] = at;
}

namespace {

// Whether the code at a and at b computes the same value, with no effect and no step, so that computing it once
// does for both: the same slots, variables and constants under the same arithmetic.
bool same_pure(const Program& P, int a, int b) {
  const Node& x = P.code[static_cast<size_t>(a)];
  const Node& y = P.code[static_cast<size_t>(b)];
  switch (x.op) {
    case Op::Local: case Op::Const: case Op::Global: case Op::Me:
    case Op::Neg: case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod:
      break;
    default: return false;
  }
  if (y.op != x.op || y.a != x.a || y.b != x.b || y.imm != x.imm || y.nk != x.nk) return false;
  for (int k = 0; k < x.nk; ++k)
    if (!same_pure(P, P.kid(x, k), P.kid(y, k))) return false;
  return true;
}

// Node n as L[i] of a constant list L: itself an Nth of a ConstList, or an inlined call of a function whose body is
// that with i its one parameter (dx(k) for dx(int k): "[1, 0, -1, 0][k]"). Sets the Nth node and i's node.
bool const_list_item(const Program& P, int n, int& nth, int& index) {
  const Node& nd = P.code[static_cast<size_t>(n)];
  auto is_item = [&](const Node& e) {
    return e.op == Op::Nth && P.code[static_cast<size_t>(P.kid(e, 0))].op == Op::ConstList;
  };
  if (is_item(nd)) {
    nth = n;
    index = P.kid(nd, 1);
    return true;
  }
  if (nd.op != Op::Bind || nd.nk != 2 || !is_item(P.code[static_cast<size_t>(P.kid(nd, 1))])) return false;
  const Node& read = P.code[static_cast<size_t>(P.kid(P.code[static_cast<size_t>(P.kid(nd, 1))], 1))];
  if (read.op != Op::Local || read.a != nd.a) return false;
  nth = P.kid(nd, 1);
  index = P.kid(nd, 0);  // the argument: its slot is read by that Nth only
  return true;
}

// If node n as `if E == K then ...` with a constant key K (a constant, or a string written out) and an E that
// same_pure accepts: sets E's node, its side of the comparison, whether it is a string, and K.
bool equals_constant(const Program& P, int n, int& e, int& side, bool& string, int64_t& key) {
  const Node& nd = P.code[static_cast<size_t>(n)];
  if (nd.op != Op::If) return false;
  const Node& cond = P.code[static_cast<size_t>(P.kid(nd, 0))];
  if (cond.op != Op::Eq && cond.op != Op::StrEq) return false;
  string = cond.op == Op::StrEq;
  for (side = 0; side < 2; ++side) {
    const Node& k = P.code[static_cast<size_t>(P.kid(cond, 1 - side))];
    e = P.kid(cond, side);
    if ((string ? k.op == Op::Str : k.op == Op::Const) && same_pure(P, e, e)) {
      key = string ? k.a : k.imm;
      return true;
    }
  }
  return false;
}

}  // namespace

// if C then A else B: when C compares a value with a constant, and B goes on comparing the same value with constants,
// the chain is one switch_ (each of its Ifs holds its key)
XFn Closures::if_handler(const Program& P, const Node& n, XNode& x) {
  int e, side;
  bool string;
  int64_t key;
  if (!equals_constant(P, x.id, e, side, string, key)) return if_;
  x.imm = key;
  x.b = side + (string ? 2 : 0);
  x.a = 1;
  int next_e, next_side;
  bool next_string;
  for (int c = P.kid(n, 2); equals_constant(P, c, next_e, next_side, next_string, key) && next_string == string &&
                            same_pure(P, e, next_e);
       c = P.kid(P.code[static_cast<size_t>(c)], 2))
    ++x.a;
  return x.a > 1 ? switch_ : if_;
}

XFn Closures::filter_handler(const Program& P, const Node& n, XNode& x, OffsetTables& tables) {
  int who = -1;
  const RequireInfo::Native t = sites_filter(P, n, who);
  if (t == RequireInfo::Evaluated) return collect<true>;
  x.b = who;
  const Node& dom = P.code[static_cast<size_t>(P.kid(n, 0))];
  x.imm = dom.op == Op::ConstList && dom.type == Type::Sites ? tables.walk(dom.a) + 1 : 0;
  return t == RequireInfo::OccupiedTopOwnerIs      ? filter_sites<RequireInfo::OccupiedTopOwnerIs>
         : t == RequireInfo::OccupiedTopOwnerIsNot ? filter_sites<RequireInfo::OccupiedTopOwnerIsNot>
                                                   : filter_sites<RequireInfo::OwnedSome>;
}

template <class Acc>
XFn Closures::aggregate_handler(const Program& P, const Node& n, XNode& x) {
  const int w = n.nk > 1 ? P.kid(n, 1) : -1;
  if constexpr (std::is_same_v<Acc, SumOf>)
    if (owned_sum_player(P, n) >= 0) return owned_sum;
  int who = -1;
  const RequireInfo::Native t = w >= 0 ? site_test(P, P.code[static_cast<size_t>(w)], n.a, who) : RequireInfo::Evaluated;
  if (who >= 0 && !read_once(P, n.a, who)) return aggregate_of<Acc>;
  if (who >= 0) x.b = who;  // (aggregate_of reads it)
  switch (t) {
    case RequireInfo::Occupied: return aggregate_of<Acc, RequireInfo::Occupied>;
    case RequireInfo::Vacant: return aggregate_of<Acc, RequireInfo::Vacant>;
    case RequireInfo::OwnedSome: return aggregate_of<Acc, RequireInfo::OwnedSome>;
    case RequireInfo::OwnedNone: return aggregate_of<Acc, RequireInfo::OwnedNone>;
    case RequireInfo::OccupiedTopOwnerIs: return aggregate_of<Acc, RequireInfo::OccupiedTopOwnerIs>;
    case RequireInfo::OccupiedTopOwnerIsNot: return aggregate_of<Acc, RequireInfo::OccupiedTopOwnerIsNot>;
    default: return aggregate_of<Acc>;
  }
}

// offset(s, DX, DY): constant steps within 32 bits are added in one handler; DX[i] and DY[i] of constant lists of one
// length with the same index (computed once) are read from a table; others are computed.
XFn Closures::offset_handler(const Program& P, const Node& n, XNode& x, OffsetTables& tables) {
  const Node& dx = P.code[static_cast<size_t>(P.kid(n, 1))];
  const Node& dy = P.code[static_cast<size_t>(P.kid(n, 2))];
  if (dx.op == Op::Const && dy.op == Op::Const && std::abs(dx.imm) < (1 << 20) && std::abs(dy.imm) < (1 << 20)) {
    x.imm = dx.imm;
    x.b = static_cast<int32_t>(dy.imm);
    return offset_c;
  }
  int nth_x, index_x, nth_y, index_y;
  if (!const_list_item(P, P.kid(n, 1), nth_x, index_x) || !const_list_item(P, P.kid(n, 2), nth_y, index_y) ||
      !same_pure(P, index_x, index_y))
    return offset;
  const int lx = P.code[static_cast<size_t>(P.kid(P.code[static_cast<size_t>(nth_x)], 0))].a;
  const int ly = P.code[static_cast<size_t>(P.kid(P.code[static_cast<size_t>(nth_y)], 0))].a;
  const size_t len = P.lists[static_cast<size_t>(lx)].size();
  if (len == 0 || len != P.lists[static_cast<size_t>(ly)].size()) return offset;
  const int64_t at = tables.of(lx, ly);
  if (at < 0) return offset;
  x.imm = at;
  x.a = static_cast<int32_t>(len);
  x.b = nth_x;
  x.k[1] = dx.op == Op::Bind ? x.k[1]->k[0] : x.k[1]->k[1];  // the index (kid closures are set before handlers)
  return offset_t;
}

// The handler of node n; x's operands are set to what it reads.
XFn Closures::choose(const Program& P, const Node& n, XNode& x, OffsetTables& tables) {
  auto kid_node = [&](int k) -> const Node* {
    const int c = k < n.nk ? P.kid(n, k) : -1;
    return c >= 0 ? &P.code[static_cast<size_t>(c)] : nullptr;
  };
  // size(S) > 0 and size(S) == 0 (occupied(S), vacant(S))
  auto size_vs_zero = [&] {
    return kid_node(0) && kid_node(1) && kid_node(0)->op == Op::Size && kid_node(1)->op == Op::Const && kid_node(1)->imm == 0;
  };
  switch (n.op) {
    case Op::Const: return constant;
    case Op::Str: x.imm = n.a; return constant;
    case Op::Local: return local;
    case Op::LazyLet:
      x.imm = is_list(n.type);
      return lazy_let;
    case Op::Hoisted: return hoisted;
    case Op::Cached:
      x.b = is_list(n.type);  // (a list made in the arena is copied to be kept: Machine::keep_cached)
      return cached;
    case Op::Global: x.b = P.vars[static_cast<size_t>(n.a)].offset; return global;
    case Op::PerPlayer:
      x.b = P.vars[static_cast<size_t>(n.a)].offset;
      return kid_node(0)->op == Op::Me ? per_player_me : per_player;
    case Op::Me: return me;
    case Op::ZoneEach: return kid_node(0)->op == Op::Me ? zone_me : zone_each;
    case Op::TrackEach: return kid_node(0)->op == Op::Me ? track_me : track_each;
    case Op::ConstList: return const_list;
    case Op::Neg: return neg;
    case Op::Not: return not_;
    case Op::And: return and_;
    case Op::Or: return or_;
    case Op::Add: return by_operands<Arithmetic<ArithOp::Add>>(P, n);
    case Op::Sub:
      // x_of(a) - x_of(b), y_of(a) - y_of(b): the two coordinates read here (a grid's coordinates are small)
      if (kid_node(0) && kid_node(1) && kid_node(0)->op == kid_node(1)->op &&
          (kid_node(0)->op == Op::XOf || kid_node(0)->op == Op::YOf))
        return kid_node(0)->op == Op::XOf ? coordinate_difference<true> : coordinate_difference<false>;
      return by_operands<Arithmetic<ArithOp::Sub>>(P, n);
    case Op::Mul: return by_operands<Arithmetic<ArithOp::Mul>>(P, n);
    case Op::Div: return by_operands<Arithmetic<ArithOp::Div>>(P, n);
    case Op::Mod: return by_operands<Arithmetic<ArithOp::Mod>>(P, n);
    case Op::Eq:
      if (size_vs_zero()) return occupancy<false>;
      return by_operands<Compare<std::equal_to<int64_t>>>(P, n);
    case Op::Ne: return by_operands<Compare<std::not_equal_to<int64_t>>>(P, n);
    case Op::Lt: return by_operands<Compare<std::less<int64_t>>>(P, n);
    case Op::Le: return by_operands<Compare<std::less_equal<int64_t>>>(P, n);
    case Op::Gt:
      if (size_vs_zero()) return occupancy<true>;
      return by_operands<Compare<std::greater<int64_t>>>(P, n);
    case Op::Ge: return by_operands<Compare<std::greater_equal<int64_t>>>(P, n);
    case Op::In: return in<true>;
    case Op::NotIn: return in<false>;
    case Op::If: return if_handler(P, n, x);
    case Op::Let: return let;
    case Op::Range:
      if (kid_node(0)->op == Op::Const && kid_node(1)->op == Op::Const) {
        const int64_t lo = kid_node(0)->imm, hi = kid_node(1)->imm;
        if (lo >= INT32_MIN && lo <= INT32_MAX && hi >= INT32_MIN && hi <= INT32_MAX && (hi < lo || hi - lo < kMaxRange)) {
          x.a = static_cast<int32_t>(lo);
          x.b = static_cast<int32_t>(hi);
          return range_const;
        }
      }
      return range;
    case Op::ListLit: return list_literal;
    case Op::Any: return aggregate_handler<AnyOf>(P, n, x);
    case Op::All: return aggregate_handler<AllOf>(P, n, x);
    case Op::Count: return aggregate_handler<CountOf>(P, n, x);
    case Op::Sum: return aggregate_handler<SumOf>(P, n, x);
    case Op::Min: return aggregate_handler<Extreme<true>>(P, n, x);
    case Op::Max: return aggregate_handler<Extreme<false>>(P, n, x);
    case Op::Call: {
      if (remembered_call(P, x.id) && n.nk <= kMaxMemoArgs) {
        static constexpr XFn remember[] = {remembered<0, false>, remembered<1, false>, remembered<2, false>,
                                           remembered<3, false>, remembered<4, false>};
        return remember[n.nk];
      }
      const auto f = static_cast<size_t>(n.a);
      if (P.tail_calls[f]) return call_handler<Callee::Looping>(n.nk);
      return P.recursive[f] ? call_handler<Callee::Recursive>(n.nk) : call_handler<Callee::Plain>(n.nk);
    }
    case Op::TailCall: {
      // an argument that reads its own parameter leaves it as it is
      x.imm = 0;
      for (int k = 0; k < n.nk; ++k)
        if (kid_node(k)->op != Op::Local || kid_node(k)->a != k) x.imm |= int64_t{1} << k;
      if (std::popcount(static_cast<uint64_t>(x.imm)) != 1) return tail_call;
      x.a = std::countr_zero(static_cast<uint64_t>(x.imm));
      x.k[0] = x.kids[x.a];
      return tail_call_one;
    }
    case Op::Bind: {
      if (remembered_call(P, x.id) && n.nk - 1 <= kMaxMemoArgs) {
        static constexpr XFn remember[] = {remembered<0, true>, remembered<1, true>, remembered<2, true>,
                                           remembered<3, true>, remembered<4, true>};
        return remember[n.nk - 1];
      }
      static constexpr XFn by_count[] = {bind<0>, bind<1>, bind<2>, bind<3>, bind<4>};
      return n.nk - 1 < 5 ? by_count[n.nk - 1] : bind<-1>;
    }
    case Op::Index: return not_expression;
    case Op::Next: return next;
    case Op::Opponent: return opponent;
    case Op::PiecesAt: return pieces_at;
    case Op::Size: return size;
    case Op::Top: return top;
    case Op::Owner:
    case Op::KindOf:
      if (kid_node(0) && kid_node(0)->op == Op::Top) {
        x.b = P.kid(n, 0);  // the Top node (its closure is built too: kid pointers are set before handlers are chosen)
        x.k[0] = x.k[0]->k[0];  // its site
        return n.op == Op::Owner ? owner_of_top : kind_of_top;
      }
      return n.op == Op::Owner ? owner : kind_of;
    case Op::SiteOf: return site_of;
    case Op::Attr:
      if (kid_node(0) && kid_node(0)->op == Op::Top) {
        x.b = P.kid(n, 0);
        x.k[0] = x.k[0]->k[0];
        return attr_of_top;
      }
      return attr;
    case Op::Len: return len;
    case Op::Nth:
      if (kid_node(0) && kid_node(0)->op == Op::ConstList) {
        x.a = kid_node(0)->a;
        return nth_c;
      }
      return nth;
    case Op::IndexOf: return index_of;
    case Op::MinF: return both<Least>;
    case Op::MaxF: return both<Most>;
    case Op::Abs: return abs;
    case Op::CountOwned: return count_owned;
    case Op::Related: return related;
    case Op::Link: return link;
    case Op::LinesThrough: return lines_through;
    case Op::LineSites: return line_sites;
    case Op::HistLen: return hist_len;
    case Op::Repetitions: return repetitions;
    case Op::Mover: return mover;
    case Op::LastTurn: return last_turn;
    case Op::Recorded: return recorded;
    case Op::Concat: return concat;
    case Op::StrEq: return str_eq<true>;
    case Op::StrNe: return str_eq<false>;
    case Op::JoinText: return join_text;
    case Op::Reach: return reachable;
    case Op::CannotMove: x.a = State::kCannotMove; return me_flag;
    case Op::GameOver: return game_over;
    case Op::Continuing: x.a = State::kContinuing; return me_flag;
    case Op::XOf: return x_of;
    case Op::YOf: return y_of;
    case Op::SiteAt: return site_at;
    case Op::Offset: return offset_handler(P, n, x, tables);
    case Op::AllPieces: return all_pieces;
    case Op::KindPieces: return kind_pieces;
    case Op::Random: return random;
    case Op::Styled: return styled;
    case Op::Join: return join;
    case Op::Unique: return unique;
    case Op::Filter: return filter_handler(P, n, x, tables);
    case Op::Map: return collect<false>;
    case Op::Slice: return slice;
    case Op::Reverse: return reverse;
    default: return not_expression;
  }
}

bool reads_offset_table(const XNode& x) { return x.fn == &Closures::offset_t; }

// The cells of the cached parts whose inputs each take few values (DirectPart): a site or a player input has a cell
// for none and each value, a truth value for 0 and 1, an int for -1 to 15 (other values are looked up in the hashed
// table); a part has at most kPartCells cells, all of them at most kDirectCells.
std::vector<DirectPart> direct_layout(const Program& P, size_t& total) {
  constexpr size_t kPartCells = 4096, kDirectCells = 65536;
  std::vector<DirectPart> parts(static_cast<size_t>(P.ncached), DirectPart{});
  total = 0;
  for (const Node& n : P.code) {
    if (n.op != Op::Cached || n.nk < 2 || n.nk - 1 > 4) continue;
    DirectPart d;
    d.n = n.nk - 1;
    size_t cells = 1;
    for (int i = d.n; i-- > 0 && cells != 0;) {  // the last input varies fastest
      const Node& in = P.code[static_cast<size_t>(P.kid(n, 1 + i))];
      DirectPart::Key& k = d.key[i];
      if (in.op == Op::Local && in.a >= 0) k.kind = DirectPart::Key::Slot, k.index = in.a;
      else if (in.op == Op::Global) k.kind = DirectPart::Key::Var, k.index = P.vars[static_cast<size_t>(in.a)].offset;
      else if (in.op == Op::Me) k.kind = DirectPart::Key::Me;
      else cells = 0;
      switch (in.type) {
        case Type::Site: k.lo = -1, k.size = static_cast<uint32_t>(P.nsites()) + 1; break;
        case Type::Player: k.lo = -1, k.size = static_cast<uint32_t>(P.nplayers()) + 1; break;
        case Type::Bool: k.lo = 0, k.size = 2; break;
        case Type::Kind: k.lo = -1, k.size = static_cast<uint32_t>(P.kinds.size()) + 1; break;
        case Type::Int: k.lo = -1, k.size = 17; break;
        default: cells = 0;
      }
      k.stride = static_cast<uint32_t>(cells);
      cells *= k.size;
      if (cells > kPartCells) cells = 0;
    }
    if (cells == 0 || total + cells > kDirectCells) continue;
    d.off = static_cast<int32_t>(total);
    total += cells;
    parts[static_cast<size_t>(n.a)] = d;
  }
  return parts;
}

static void direct_parts(const Program& P, XCode& c) {
  static constexpr XFn handlers[] = {Closures::cached_direct<1>, Closures::cached_direct<2>, Closures::cached_direct<3>,
                                     Closures::cached_direct<4>};
  c.direct = direct_layout(P, c.direct_cells);
  // (once the vector holds them all: the handlers point into it)
  for (size_t i = 0; i < P.code.size(); ++i) {
    const Node& n = P.code[i];
    if (n.op != Op::Cached || c.direct[static_cast<size_t>(n.a)].off < 0) continue;
    XNode& x = c.nodes[i];
    x.imm = reinterpret_cast<intptr_t>(&c.direct[static_cast<size_t>(n.a)]);
    x.fn = handlers[n.nk - 2];
  }
}

XCode build_closures(const Program& P) {
  XCode c;
  c.nodes.resize(P.code.size());
  c.kids.reserve(P.kids.size());
  for (size_t i = 0; i < P.code.size(); ++i) {
    const Node& n = P.code[i];
    XNode& x = c.nodes[i];
    x.id = static_cast<int32_t>(i);
    x.a = n.a;
    x.b = n.b;
    x.imm = n.imm;
    x.nk = n.nk;
    for (int k = 0; k < n.nk; ++k) {
      const int kid = P.kid(n, k);
      const XNode* to = kid >= 0 ? &c.nodes[static_cast<size_t>(kid)] : nullptr;
      if (k < 3) x.k[k] = to;
      c.kids.push_back(to);
    }
  }
  for (size_t i = 0, at = 0; i < P.code.size(); at += static_cast<size_t>(P.code[i].nk), ++i) c.nodes[i].kids = c.kids.data() + at;
  // every node's kids are set before any handler is chosen: a handler may read its kids' kids (an inlined copy's
  // kids come after it)
  OffsetTables tables(P, c.tables);
  for (size_t i = 0; i < P.code.size(); ++i) {
    const XFn statement = statement_handler(P, P.code[i], c.nodes[i]);
    c.nodes[i].fn = statement ? statement : Closures::choose(P, P.code[i], c.nodes[i], tables);
  }
  direct_parts(P, c);
  compile_blocks(P, c);
  if (P.native) {  // a native build's handlers in place of their nodes' closures, which stay at hand
    c.original.assign(P.code.size(), nullptr);
    for (const NativeEntry& e : P.native->entries) {
      if (e.node < 0 || static_cast<size_t>(e.node) >= P.code.size()) continue;
      c.original[static_cast<size_t>(e.node)] = c.nodes[static_cast<size_t>(e.node)].fn;
      c.nodes[static_cast<size_t>(e.node)].fn = e.fn;
    }
  }
  return c;
}

}  // namespace ri
