// Machine: expression evaluation (the handlers of the nodes are in closures.cpp), and what the handlers leave to the
// machine: calls, errors, strings and showing values. No allocation, no name lookups.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>
#include <utility>

#include "common/styles.hpp"
#include "common/text.hpp"
#include "runtime/machine.hpp"

namespace ri {

Machine::Machine(std::shared_ptr<const Program> p)
    : P_(std::move(p)), code_(std::make_shared<const XCode>(build_closures(*P_))),
      nodes_(code_->nodes.data()),
      tables_(code_->tables.data()),
      nsites_(P_->nsites()) {
  const Program& P = *P_;
  slots_.assign(static_cast<size_t>(P.max_frame + 1) * (limits.depth + 4) + 16, Value{});
  hoisted_.assign(static_cast<size_t>(P.nhoisted), Value{});
  cache_use_.assign(static_cast<size_t>(P.ncached), CacheUse{});
  direct_cells_.assign(code_->direct_cells, Value{});
  direct_known_.assign(code_->direct_cells, 0);
  journal_.reserve(4096);
  controls_.reserve(256);
  calls_.resize(2 * static_cast<size_t>(limits.depth) + 8);  // the calls nested, and the tail calls among them
  arena_.reserve(1024);
  begin_operation();
  S_.cap = std::max(1, P.max_stack);
  S_.nattrs = static_cast<int>(P.attr_names.size());
}

void Machine::fail(const Node& n, const std::string& msg) const {
  RuntimeError e(n.pos, msg);
  // the calls that led there, innermost first: those the code at n was inlined for, then each call being evaluated
  // with those it was inlined for
  const Program& P = *P_;
  if (&n >= P.code.data() && &n < P.code.data() + P.code.size()) P.inline_chain(static_cast<int>(&n - P.code.data()), e.calls);
  for (size_t i = ncalls_; i-- > 0;) {
    e.calls.push_back(P.code[calls_[i]].pos);
    P.inline_chain(calls_[i], e.calls);
  }
  throw e;
}

void Machine::out_of_steps(const Node& n) const {
  if (budget_ < 0) fail(n, fmt::format("evaluation budget exceeded ({} steps)", limits.steps));
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


void Machine::no_piece(const Node& n) const { fail(n, "no piece here (the value is none)"); }
void Machine::no_site(const Node& n) const { fail(n, "no site here (the value is none)"); }

bool Machine::contains(const Value& l, int64_t x) {
  switch (static_cast<ListKind>(l.i)) {
    case ListKind::Const: return P_->list_holds(static_cast<size_t>(l.b), x);
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

void Machine::not_on_grid(const Node& n, int64_t s) const {
  fail(n, fmt::format("'{}' is not a site of a grid", P_->site_names[static_cast<size_t>(s)]));
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
