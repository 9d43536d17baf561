// Machine: expression evaluation. One switch over compiled nodes; no allocation, no name lookups.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>
#include <utility>

#include "common/styles.hpp"
#include "common/text.hpp"
#include "runtime/machine.hpp"

namespace ri {

Machine::Machine(std::shared_ptr<const Program> p) : P_(std::move(p)) {
  const Program& P = *P_;
  slots_.assign(static_cast<size_t>(P.max_frame + 1) * (limits.depth + 4) + 16, Value{});
  journal_.reserve(4096);
  calls_.reserve(static_cast<size_t>(limits.depth) + 8);
  arena_.reserve(1024);
  begin_operation();
  S_.cap = std::max(1, P.max_stack);
  S_.nattrs = static_cast<int>(P.attr_names.size());
}

void Machine::fail(const Node& n, const std::string& msg) const {
  RuntimeError e(n.pos, msg);
  for (size_t i = calls_.size(); i-- > 0;) e.calls.push_back(P_->code[calls_[i]].pos);
  throw e;
}

void Machine::tick(const Node& n) {
  if (--budget_ < 0) fail(n, fmt::format("evaluation budget exceeded ({} steps)", limits.steps));
  if (--op_budget_ < 0)
    fail(n, fmt::format("one game operation took more than {} evaluation steps", limits.operation_steps));
}

void Machine::begin_operation(bool same_budgets) {
  arena_.clear();
  arena_pin_ = 0;
  strings_.clear();
  string_bytes_ = 0;
  if (same_budgets) return;
  op_budget_ = limits.operation_steps;
  op_candidates_ = 0;
  journal_limit_ = journal_.size() + static_cast<size_t>(limits.changes);
}

Value Machine::evaluate(int n) {
  budget_ = limits.steps;
  depth_ = 0;
  base_ = 0;
  calls_.clear();
  return ev(n);
}

int Machine::checked_piece(const Node& n, int64_t p) {
  if (p < 0 || p >= static_cast<int64_t>(S_.kind.size())) fail(n, "no piece here (the value is none)");
  return static_cast<int>(p);
}

int Machine::checked_site(const Node& n, int64_t s) {
  if (s < 0 || s >= P_->nsites()) fail(n, "no site here (the value is none)");
  return static_cast<int>(s);
}

int Machine::list_len(const Value& l) {
  switch (static_cast<ListKind>(l.i)) {
    case ListKind::Const: return static_cast<int>(P_->lists[l.b].size());
    case ListKind::Range: return l.c >= l.b ? l.c - l.b + 1 : 0;  // at most kMaxRange (checked on creation)
    case ListKind::Stack: return S_.count[l.b];
    case ListKind::Literal: return l.c;
    case ListKind::AllPieces: {
      int k = 0;
      for (auto s : S_.site) k += s >= 0;
      return k;
    }
  }
  return 0;
}

Value Machine::list_at(const Value& l, int i) {
  Value v{};
  switch (static_cast<ListKind>(l.i)) {
    case ListKind::Const: v.i = P_->lists[l.b][i]; break;
    case ListKind::Range: v.i = l.b + i; break;
    case ListKind::Stack: v.i = S_.stack[static_cast<size_t>(l.b) * S_.cap + i]; break;
    case ListKind::Literal: v.i = arena_[static_cast<size_t>(l.b) + i]; break;
    case ListKind::AllPieces: {
      int k = 0;
      for (size_t p = 0; p < S_.site.size(); ++p)
        if (S_.site[p] >= 0 && k++ == i) { v.i = static_cast<int64_t>(p); break; }
      break;
    }
  }
  return v;
}

bool Machine::contains(const Value& l, int64_t x) {
  switch (static_cast<ListKind>(l.i)) {
    case ListKind::Const: {
      const auto& mem = P_->list_member[l.b];
      if (!mem.empty()) return x >= 0 && x < static_cast<int64_t>(mem.size()) && mem[x];
      for (auto e : P_->lists[l.b])
        if (e == x) return true;
      return false;
    }
    case ListKind::Range: return x >= l.b && x <= l.c;
    case ListKind::Stack: return x >= 0 && x < static_cast<int64_t>(S_.site.size()) && S_.site[x] == l.b;
    case ListKind::AllPieces: return x >= 0 && x < static_cast<int64_t>(S_.site.size()) && S_.site[x] >= 0;
    default: {
      int n = list_len(l);
      for (int i = 0; i < n; ++i)
        if (list_at(l, i).i == x) return true;
      return false;
    }
  }
}

int Machine::checked_entry(const Node& n, int64_t k) {
  if (k < 0 || k >= S_.hist_len)
    fail(n, fmt::format("there is no history entry {} (the history has {} entr{})", k, S_.hist_len, S_.hist_len == 1 ? "y" : "ies"));
  return static_cast<int>(k);
}

// The grid position of site s; a runtime error for none or a site that is not on a grid.
const GridPlace& Machine::grid_place(const Node& n, int64_t s) {
  const GridPlace& g = P_->grid_place[checked_site(n, s)];
  if (g.grid < 0) fail(n, fmt::format("'{}' is not a site of a grid", P_->site_names[s]));
  return g;
}

// The site at column x, row y of grid g, or none (-1) outside it.
static int64_t grid_site(const GridInfo& g, int64_t x, int64_t y) {
  if (x < 1 || y < 1 || x > g.width || y > g.height) return -1;
  return g.sites[static_cast<size_t>((y - 1) * g.width + x - 1)];
}

const std::string& Machine::text_of(const Value& v) const {
  static const std::string empty;
  size_t n = P_->strings.size();
  if (v.i >= 0 && static_cast<size_t>(v.i) < n) return P_->strings[v.i];
  if (v.i >= 0 && static_cast<size_t>(v.i) - n < strings_.size()) return strings_[v.i - n];
  return empty;
}

Value Machine::new_string(const Node& n, std::string s) {
  string_bytes_ += s.size();
  if (string_bytes_ > kStringBytesMax) fail(n, strings_exceeded());
  strings_.push_back(std::move(s));
  return Value{static_cast<int64_t>(P_->strings.size() + strings_.size() - 1), 0, 0};
}

// a ++ b: the written forms of both, joined (a new string of this game operation)
Value Machine::concat(const Node& n) {
  auto k = [&](int i) { return P_->kids[n.first + i]; };
  Value a = ev(k(0));
  Value b = ev(k(1));
  return new_string(n, show(a, P_->code[k(0)].type) + show(b, P_->code[k(1)].type));
}

// The rarer, stack-hungry operations live outside ev(), so that ev()'s own frame stays small: it is
// entered once per node.

// f(args): the arguments are evaluated in the caller's frame, then stored in the callee's.
Value Machine::call(const Node& n, int id) {
  auto k = [&](int i) { return P_->kids[n.first + i]; };
  const FunctionInfo& f = P_->functions[n.a];
  if (++depth_ > limits.depth) fail(n, fmt::format("calls nested too deeply (more than {})", limits.depth));
  tick(n);
  int callee = base_ + n.b;
  if (static_cast<size_t>(callee + f.frame + 1) > slots_.size()) fail(n, "calls nested too deeply");
  Value args[kMaxCallArgs];
  int na = std::min(n.nk, kMaxCallArgs);
  for (int i = 0; i < na; ++i) args[i] = ev(k(i));
  for (int i = 0; i < na; ++i) slots_[callee + i] = args[i];
  int saved = base_;
  base_ = callee;
  calls_.push_back(id);
  Value r = ev(f.body);
  calls_.pop_back();
  base_ = saved;
  --depth_;
  return r;
}

// random(n): below(n) from the setup's generator; n < 1 is the rule file's error.
Value Machine::random(const Node& n) {
  int64_t bound = ev(P_->kids[n.first]).i;
  if (bound < 1) fail(n, fmt::format("'random' needs n >= 1, not {}", bound));
  if (!rng_) fail(n, "'random' can only be used in 'setup'");  // the checker sees to it
  return Value{static_cast<int64_t>(rng_->below(static_cast<uint64_t>(bound))), 0, 0};
}

// styled(text, style): the style is checked whatever the setting (a literal one at load already), so that a game
// runs the same with colour and without; the text is wrapped in the style's escape sequences only while it is
// rendered for people with colour on (Showing, set_colour).
Value Machine::styled(const Node& n) {
  Value text = ev(P_->kids[n.first]);
  Value style = ev(P_->kids[n.first + 1]);
  std::string unknown;
  std::optional<std::string> codes = style_codes(text_of(style), unknown);
  if (!codes) fail(n, fmt::format("unknown style '{}'{}", clip(unknown), style_hint(unknown)));
  if (!colour_ || !showing_ || codes->empty() || text_of(text).empty()) return text;
  return new_string(n, apply_style(text_of(text), *codes));
}

inline Value Machine::arithmetic(const Node& n, ArithOp op) {
  int64_t a = ev(P_->kids[n.first]).i, b = ev(P_->kids[n.first + 1]).i, r;
  if (ArithError e = arith(op, a, b, r); e != ArithError::None) fail(n, arith_message(e));
  return Value{r, 0, 0};
}

Value Machine::ev(int id) {
  const Node& n = P_->code[id];
  const Program& P = *P_;
  auto k = [&](int i) { return P.kids[n.first + i]; };
  // two operands, left to right: C++ leaves the order of an operator's (or a call's) operands open, and
  // 'random' would show it
  auto operands = [&] {
    int64_t a = ev(k(0)).i;
    return std::pair<int64_t, int64_t>{a, ev(k(1)).i};
  };
  switch (n.op) {
    case Op::Const: return Value{n.imm, 0, 0};
    case Op::Str: return Value{n.a, 0, 0};
    case Op::Local: return slots_[base_ + n.a];
    case Op::LazyLet: {
      uint64_t bit = uint64_t(1) << n.b;
      if (!(let_mask_ & bit)) {
        slots_[base_ + n.a] = ev(k(0));
        let_mask_ |= bit;
        if (is_list(n.type)) arena_pin_ = arena_.size();  // its list outlives the aggregate or loop it is used in
      }
      return slots_[base_ + n.a];
    }
    case Op::Global: return Value{S_.vars[P.vars[n.a].offset], 0, 0};
    case Op::PerPlayer: {
      int64_t p = ev(k(0)).i;
      if (p < 0 || p >= P.nplayers()) fail(n, "no player here");
      return Value{S_.vars[P.vars[n.a].offset + p], 0, 0};
    }
    case Op::Me: return Value{S_.player, 0, 0};
    case Op::ZoneEach: {
      int64_t p = ev(k(0)).i;
      if (p < 0 || p >= P.nplayers()) fail(n, "no player here");
      return Value{P.zone_sites[n.a][p], 0, 0};
    }
    case Op::TrackEach: {
      int64_t p = ev(k(0)).i;
      if (p < 0 || p >= P.nplayers()) fail(n, "no player here");
      return Value{static_cast<int64_t>(ListKind::Const), P.track_lists[n.a][p], 0};
    }
    case Op::ConstList: return Value{static_cast<int64_t>(ListKind::Const), n.a, 0};
    case Op::Neg: {
      int64_t r;
      if (__builtin_sub_overflow(int64_t{0}, ev(k(0)).i, &r)) fail(n, "integer overflow");
      return Value{r, 0, 0};
    }
    case Op::Not: return Value{!ev(k(0)).i, 0, 0};
    case Op::And: return Value{truth(k(0)) && truth(k(1)), 0, 0};
    case Op::Or: return Value{truth(k(0)) || truth(k(1)), 0, 0};
    case Op::Add: return arithmetic(n, ArithOp::Add);
    case Op::Sub: return arithmetic(n, ArithOp::Sub);
    case Op::Mul: return arithmetic(n, ArithOp::Mul);
    case Op::Div: return arithmetic(n, ArithOp::Div);
    case Op::Mod: return arithmetic(n, ArithOp::Mod);
    case Op::Eq: { auto [a, b] = operands(); return Value{a == b, 0, 0}; }
    case Op::Ne: { auto [a, b] = operands(); return Value{a != b, 0, 0}; }
    case Op::Lt: { auto [a, b] = operands(); return Value{a < b, 0, 0}; }
    case Op::Le: { auto [a, b] = operands(); return Value{a <= b, 0, 0}; }
    case Op::Gt: { auto [a, b] = operands(); return Value{a > b, 0, 0}; }
    case Op::Ge: { auto [a, b] = operands(); return Value{a >= b, 0, 0}; }
    case Op::In:
    case Op::NotIn: {
      int64_t x = ev(k(0)).i;
      Value l = ev(k(1));
      bool in = contains(l, x);
      return Value{n.op == Op::In ? in : !in, 0, 0};
    }
    case Op::If: return truth(k(0)) ? ev(k(1)) : ev(k(2));
    case Op::Let:
      slots_[base_ + n.a] = ev(k(0));
      return ev(k(1));
    case Op::Range: {
      int64_t lo = ev(k(0)).i, hi = ev(k(1)).i;
      if (lo < INT32_MIN || lo > INT32_MAX || hi < INT32_MIN || hi > INT32_MAX)
        fail(n, fmt::format("range {}..{} is out of bounds", lo, hi));
      if (hi >= lo && hi - lo >= kMaxRange) fail(n, fmt::format("range {}..{} has more than {} items", lo, hi, kMaxRange));
      return Value{static_cast<int64_t>(ListKind::Range), static_cast<int32_t>(lo), static_cast<int32_t>(hi)};
    }
    case Op::ListLit: return list_literal(n);
    case Op::Any:
    case Op::All:
    case Op::Count:
    case Op::Sum:
    case Op::Min:
    case Op::Max: return aggregate(n);
    case Op::Call: return call(n, id);
    case Op::Next: return Value{(ev(k(0)).i + 1) % P.nplayers(), 0, 0};
    case Op::Opponent: return Value{1 - ev(k(0)).i, 0, 0};
    case Op::PiecesAt: return Value{static_cast<int64_t>(ListKind::Stack), checked_site(n, ev(k(0)).i), 0};
    case Op::Size: return Value{S_.count[checked_site(n, ev(k(0)).i)], 0, 0};
    case Op::Top: {
      int s = checked_site(n, ev(k(0)).i);
      int c = S_.count[s];
      return Value{c ? S_.stack[static_cast<size_t>(s) * S_.cap + c - 1] : -1, 0, 0};
    }
    case Op::Owner: return Value{S_.owner[checked_piece(n, ev(k(0)).i)], 0, 0};
    case Op::SiteOf: return Value{S_.site[checked_piece(n, ev(k(0)).i)], 0, 0};
    case Op::KindOf: return Value{S_.kind[checked_piece(n, ev(k(0)).i)], 0, 0};
    case Op::Attr: {
      int p = checked_piece(n, ev(k(0)).i);
      if (hiding_) [[unlikely]] secret_read(n, p);
      return Value{S_.attrs[static_cast<size_t>(p) * S_.nattrs + n.a], 0, 0};
    }
    case Op::Len: return Value{list_len(ev(k(0))), 0, 0};
    case Op::Nth: {
      Value l = ev(k(0));
      int64_t i = ev(k(1)).i;
      int len = list_len(l);
      if (i < 0 || i >= len) fail(n, fmt::format("position {} is outside the list (length {})", i, len));
      return list_at(l, static_cast<int>(i));
    }
    case Op::IndexOf: {
      Value l = ev(k(0));
      int64_t x = ev(k(1)).i;
      if (static_cast<ListKind>(l.i) == ListKind::Const && !P.list_index[l.b].empty())
        return Value{x >= 0 && x < P.nsites() ? P.list_index[l.b][x] : -1, 0, 0};
      int len = list_len(l);
      for (int i = 0; i < len; ++i)
        if (list_at(l, i).i == x) return Value{i, 0, 0};
      return Value{-1, 0, 0};
    }
    case Op::MinF: { auto [a, b] = operands(); return Value{std::min(a, b), 0, 0}; }
    case Op::MaxF: { auto [a, b] = operands(); return Value{std::max(a, b), 0, 0}; }
    case Op::Abs: {
      int64_t v = ev(k(0)).i;
      if (v == INT64_MIN) fail(n, "integer overflow");
      return Value{v < 0 ? -v : v, 0, 0};
    }
    case Op::CountOwned: {
      int s = checked_site(n, ev(k(0)).i);
      if (S_.count[s] == 0) return Value{0, 0, 0};  // like the aggregate: the player is not computed
      int64_t p = ev(k(1)).i;
      if (p < 0 || p >= P.nplayers()) return Value{0, 0, 0};
      return Value{S_.owned[static_cast<size_t>(s) * S_.nplayers + p], 0, 0};
    }
    case Op::Related: {
      int s = checked_site(n, ev(k(0)).i);
      return Value{static_cast<int64_t>(ListKind::Const), P.relation_lists[n.a][s], 0};
    }
    case Op::Link: {
      int s = checked_site(n, ev(k(0)).i);
      const auto& l = P.lists[P.relation_lists[n.a][s]];
      return Value{l.empty() ? -1 : l[0], 0, 0};
    }
    case Op::LinesThrough: {
      int s = checked_site(n, ev(k(0)).i);
      return Value{static_cast<int64_t>(ListKind::Const), P.through_lists[n.a][s], 0};
    }
    case Op::LineSites: {
      int64_t l = ev(k(0)).i;
      if (l < 0 || l >= static_cast<int64_t>(P.line_sites.size())) fail(n, "no line here");
      return Value{static_cast<int64_t>(ListKind::Const), P.line_sites[l], 0};
    }
    case Op::HistLen: return Value{S_.hist_len, 0, 0};
    case Op::Repetitions: {
      const int64_t want = ev(k(0)).i;
      if (want < 0) fail(n, fmt::format("repetitions({}): the number of moves is negative", want));
      const size_t np = S_.positions.size();
      if (np == 0) return Value{0, 0, 0};
      const uint64_t now = S_.positions.back();
      const size_t from = want >= static_cast<int64_t>(np) ? 0 : np - 1 - static_cast<size_t>(want);
      int64_t c = 0;
      for (size_t i = from; i < np; ++i) {
        tick(n);
        c += S_.positions[i] == now;
      }
      return Value{c, 0, 0};
    }
    case Op::Mover: {
      int e = checked_entry(n, ev(k(0)).i);
      return Value{S_.history[static_cast<size_t>(e) * S_.hist_width], 0, 0};
    }
    case Op::LastTurn: {
      int64_t p = ev(k(0)).i;
      for (int e = S_.hist_len - 1; e >= 0; --e) {
        tick(n);
        if (S_.history[static_cast<size_t>(e) * S_.hist_width] == p) return Value{e, 0, 0};
      }
      return Value{-1, 0, 0};
    }
    case Op::Recorded: {
      int e = checked_entry(n, ev(k(0)).i);
      return Value{S_.history[static_cast<size_t>(e) * S_.hist_width + 1 + n.a], 0, 0};
    }
    case Op::Concat: return concat(n);
    case Op::Join: return join(n);
    case Op::Unique: return unique(n);
    case Op::Slice: return slice(n);
    case Op::Reverse: return reverse(n);
    case Op::Filter:
    case Op::Map: return collect(n);
    case Op::AllPieces: return Value{static_cast<int64_t>(ListKind::AllPieces), 0, 0};
    case Op::XOf: return Value{grid_place(n, ev(k(0)).i).x, 0, 0};
    case Op::YOf: return Value{grid_place(n, ev(k(0)).i).y, 0, 0};
    case Op::SiteAt: {
      int64_t x = ev(k(0)).i, y = ev(k(1)).i;
      return Value{grid_site(P.grids[0], x, y), 0, 0};
    }
    case Op::Offset: {
      const GridPlace& g = grid_place(n, ev(k(0)).i);
      int64_t dx = ev(k(1)).i, dy = ev(k(2)).i, x, y;
      if (__builtin_add_overflow(g.x, dx, &x) || __builtin_add_overflow(g.y, dy, &y)) return Value{-1, 0, 0};
      return Value{grid_site(P.grids[g.grid], x, y), 0, 0};
    }
    case Op::StrEq:
    case Op::StrNe: {
      Value a = ev(k(0));
      Value b = ev(k(1));
      return Value{(text_of(a) == text_of(b)) == (n.op == Op::StrEq), 0, 0};
    }
    case Op::Random: return random(n);
    case Op::Styled: return styled(n);
    case Op::KindPieces: return kind_pieces(n);
    case Op::JoinText: return join_text(n);
    case Op::CannotMove: return Value{(S_.flags & State::kCannotMove) != 0, 0, 0};
    case Op::GameOver: return Value{S_.over != 0, 0, 0};
    case Op::Continuing: return Value{(S_.flags & State::kContinuing) != 0, 0, 0};
    default: fail(n, "internal error: not an expression");
  }
}

// Which pieces are hidden from the player to move: 'hidden.when' for each piece (in slot 0), every one evaluated
// before anything is rendered, with hiding off (the condition itself may read anything).
void Machine::begin_hiding() {
  int when = P_->hidden.when;
  if (when < 0) return;
  hiding_ = false;
  hidden_.assign(S_.kind.size(), 0);
  for (size_t p = 0; p < hidden_.size(); ++p) {
    slots_[0] = Value{static_cast<int64_t>(p), 0, 0};
    hidden_[p] = evaluate(when).i != 0;
  }
  hiding_ = true;
}

void Machine::secret_read(const Node& n, int piece) const {
  if (hidden_[static_cast<size_t>(piece)] && P_->hidden.secret[static_cast<size_t>(n.a)]) throw SecretRead{};
}

std::string Machine::show(const Value& v, Type t) const {
  const Program& P = *P_;
  switch (t) {
    case Type::Int: return std::to_string(v.i);
    case Type::Bool: return v.i ? "true" : "false";
    case Type::Str: return text_of(v);
    case Type::Player: return v.i >= 0 && v.i < P.nplayers() ? P.players[v.i] : "none";
    case Type::Site: return v.i >= 0 && v.i < P.nsites() ? P.site_labels[v.i] : "none";
    case Type::Kind: return v.i >= 0 && v.i < static_cast<int64_t>(P.kinds.size()) ? P.kinds[v.i].name : "none";
    case Type::Line: {
      if (v.i < 0 || v.i >= static_cast<int64_t>(P.line_sites.size())) return "none";
      std::string out;
      for (int32_t s : P.lists[P.line_sites[v.i]]) out += (out.empty() ? "" : "-") + P.site_labels[s];
      return out;
    }
    case Type::Piece: {
      if (v.i < 0 || v.i >= static_cast<int64_t>(S_.kind.size())) return "none";
      if (hiding_ && hidden_[static_cast<size_t>(v.i)]) throw SecretRead{};  // its name tells which piece it is
      if (static_cast<size_t>(v.i) < P.piece_names.size() && !P.piece_names[v.i].empty()) return P.piece_names[v.i];
      return fmt::format("{}#{}", P.kinds[S_.kind[v.i]].name, v.i);
    }
    case Type::None: return "none";
    default: return "?";
  }
}

std::string Machine::show_value(const Value& v, Type t) {
  if (!is_list(t)) return show(v, t);
  std::vector<std::string> items;
  for (int i = 0, n = list_len(v); i < n; ++i) items.push_back(show(list_at(v, i), elem_of(t)));
  return fmt::format("[{}]", fmt::join(items, ", "));
}

}  // namespace ri
