// Game: moves as text: writing a move in its notation (for logs, and as the player to move is shown it) and reading
// a typed move, with the reason an illegal one is refused. See engine.hpp and spec/language.md, section 7.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>

#include "common/text.hpp"
#include "runtime/generate.hpp"

namespace ri {

// The template's text: each part's value written (while the machine hides, a part that reads a secret shows ???).
std::string Game::write_with(const TemplateInfo& t) {
  auto part = [&](int e) { return M_.show(M_.evaluate(e), P_->code[e].type); };
  std::string out = t.literals[0];
  for (size_t i = 0; i < t.exprs.size(); ++i) {
    if (t.exprs[i] >= 0 && !M_.hiding()) {
      out += part(t.exprs[i]);
    } else if (t.exprs[i] >= 0) {
      try {
        out += part(t.exprs[i]);
      } catch (const SecretRead&) {
        out += "???";
      }
    }
    out += t.literals[i + 1];
  }
  return out;
}

template <class F>
void Game::walk_steps(const Move& m, F&& f) {
  State& S = M_.state();
  const size_t mark = M_.mark();
  M_.save_control();
  try {
    const MoveInfo* mi = &P_->moves[m.type];
    for (int off = 0, k = 0;; ++k) {
      bind(*mi, m, off);
      if (k > 0) S.flags |= State::kContinuing;
      if (!f(*mi, k)) break;
      off += static_cast<int>(mi->params.size());
      if (off >= m.nargs) break;
      run_step(*mi, k > 0);
      mi = &P_->moves[m.args[off++]];
    }
  } catch (...) {
    M_.rollback(mark);
    throw;
  }
  M_.rollback(mark);
}

// A move of one step is written in the state it is played in; a further step in the state its earlier steps reach.
static bool one_step(const Program& P, const Move& m) {
  return m.nargs == static_cast<int>(P.moves[m.type].params.size());
}

std::string Game::write(const Move& m) {
  M_.begin_operation();
  if (m.type == Move::kChance) {
    Outcomes o = pending_outcomes();
    if (!o.chance) return "?";
    return std::to_string(o.values[m.args[0]]);
  }
  if (one_step(*P_, m)) {
    const MoveInfo& mi = P_->moves[m.type];
    bind(mi, m, 0);
    return write_with(mi.notation[0]);
  }
  std::string out;
  walk_steps(m, [&](const MoveInfo& mi, int) {
    out += write_with(mi.notation[0]);
    return true;
  });
  return out;
}

std::string Game::shown(const Move& m) {
  if (m.type == Move::kChance || (P_->hidden.when < 0 && !M_.colour())) return write(m);  // nothing to hide or style
  M_.begin_operation();
  if (one_step(*P_, m)) {
    Showing h(M_);  // the hidden pieces are known before the move's values take their slots
    bind(P_->moves[m.type], m, 0);
    return write_with(P_->moves[m.type].notation[0]);
  }
  // each step rendered for the player in the state the steps before it reached (its effects run unhidden)
  std::string out;
  walk_steps(m, [&](const MoveInfo& mi, int) {
    const std::vector<Value> values(&M_.slot(0), &M_.slot(0) + mi.frame);
    Showing h(M_);  // deciding the hidden pieces uses the slots: the step's values are bound again after
    std::copy(values.begin(), values.end(), &M_.slot(0));
    out += write_with(mi.notation[0]);
    return true;
  });
  return out;
}

std::string normalize_notation(std::string_view s, bool keep_case) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += keep_case ? c : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

namespace {

// The text a move is read from, against which the texts its steps are written as (one template each, joined, not
// normalised) are compared step by step.
struct Texts {
  const std::string& want;  // normalised
  bool keep_case = false;   // the rule file's notation_case

  // Whether `s`, normalised, is `want` (2), begins it (1) or neither (0).
  int fit(const std::string& s) const {
    std::string n = normalize_notation(s, keep_case);
    if (n == want) return 2;
    return want.compare(0, n.size(), n) == 0 ? 1 : 0;
  }
};

}  // namespace

bool Game::refusal(const MoveInfo& mi, Reading& r) {
  auto refuse = [&](const RequireInfo& req, const char* what) {
    r.code = req.code;
    r.message = !req.message.empty() ? req.message
                                     : fmt::format("{} '{}' (line {}) does not hold", what, req.text, req.pos.line);
    return true;
  };
  for (const RequireInfo& req : mi.requires_) {
    bool holds = false;
    try {
      holds = M_.evaluate(req.node).i != 0;
    } catch (const RuntimeError&) {
      if (M_.spent()) throw;
      return false;  // passed over
    }
    if (!holds) return refuse(req, "requirement");
  }
  if (mi.ensures.empty()) return false;
  // played: a step that goes on (a further step is legal) is judged by the steps after it; else the move ends
  // with it and its post-conditions are checked
  State& S = M_.state();
  const size_t mark = M_.mark();
  const RequireInfo* failed = nullptr;
  try {
    const std::vector<Value> keep(&M_.slot(0), &M_.slot(0) + mi.frame);
    const uint64_t lets = M_.let_mask() & ~mi.hoisted;  // (as extend keeps them: generate.hpp)
    const int32_t flags = S.flags;
    M_.save_control();
    run_step(mi, (flags & State::kContinuing) != 0);
    bool goes_on = false;
    if (S.flags & State::kContinueMove) {
      S.flags |= State::kContinuing;
      goes_on = any_legal();
      S.flags = (S.flags & ~State::kContinuing) | (flags & State::kContinuing);
      std::copy(keep.begin(), keep.end(), &M_.slot(0));
      M_.set_let_mask(lets);
    }
    if (!goes_on)
      for (const RequireInfo& req : mi.ensures)
        if (!M_.evaluate(req.node).i) {
          failed = &req;
          break;
        }
  } catch (const RuntimeError&) {
    if (M_.spent()) {
      M_.rollback(mark);
      throw;
    }
  }
  M_.rollback(mark);
  return failed && refuse(*failed, "post-condition");
}

int Game::outside(const MoveInfo& mi) {
  for (size_t i = 0; i < mi.params.size(); ++i) {
    const ParamInfo& p = mi.params[i];
    const Value v = M_.slot(static_cast<int>(i));
    if (p.domain < 0 || (p.optional && v.i < 0)) continue;
    Value d;
    try {
      d = M_.evaluate(p.domain);
    } catch (const RuntimeError&) {
      if (M_.spent()) throw;
      return static_cast<int>(i);  // no domain there: no value is in it
    }
    bool in = false;
    for (int k = 0, n = M_.list_len(d); k < n && !in; ++k) in = M_.list_at(d, k).i == v.i;
    if (!in) return static_cast<int>(i);
  }
  return -1;
}

Game::Reading Game::read(std::string_view text) {
  M_.begin_operation();
  Reading r;
  const bool keep_case = P_->notation_case_sensitive;
  std::string want = normalize_notation(text, keep_case);
  NodeKind nk = node();
  if (nk == NodeKind::Over) {
    r.message = "the game is over";
    return r;
  }
  if (nk == NodeKind::Chance) {
    Outcomes o = pending_outcomes();
    std::string v = want;
    std::string prefix = normalize_notation(o.chance->name, keep_case) + " ";
    if (v.rfind(prefix, 0) == 0) v = v.substr(prefix.size());
    for (size_t i = 0; i < o.values.size(); ++i)  // the first outcome with the value
      if (v == std::to_string(o.values[i])) {
        r.ok = true;
        r.move.type = Move::kChance;
        r.move.nargs = 1;
        r.move.args[0] = static_cast<int32_t>(i);
        return r;
      }
    std::vector<int64_t> values;  // each value once, in the order of the outcomes
    for (int64_t v : o.values)
      if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
    r.message = fmt::format("'{}' is not an outcome of '{}' (one of: {})", clip(text), o.chance->name,
                            fmt::join(values, ", "));
    return r;
  }
  // does the candidate bound now write `want` (after the text `acc` of its earlier steps) in any of its notations?
  auto written_as = [&](const MoveInfo& mi, const std::vector<std::string>& accs) {
    for (const TemplateInfo& t : mi.notation) {
      try {
        std::string s = write_with(t);
        for (const std::string& acc : accs)
          if (normalize_notation(acc + s, keep_case) == want) return true;
      } catch (const RuntimeError&) {
        if (M_.spent()) throw;
      }
    }
    return false;
  };
  const std::vector<std::string> none{""};
  // The texts `acc + s` (acc one of `accs`, s the candidate bound now written in one of its notations) whose
  // normalised form begins `want`, each once, in order; `exact`: one of them is `want`.
  auto continued = [&](const MoveInfo& mi, const std::vector<std::string>& accs, bool& exact) {
    const Texts texts{want, keep_case};
    std::vector<std::string> next;
    exact = false;
    for (const TemplateInfo& t : mi.notation) {
      std::string s;
      try {
        s = write_with(t);
      } catch (const RuntimeError&) {
        if (M_.spent()) throw;
        continue;
      }
      for (const std::string& acc : accs) {
        const int f = texts.fit(acc + s);
        exact = exact || f == 2;
        if (f && std::find(next.begin(), next.end(), acc + s) == next.end()) next.push_back(acc + s);
      }
    }
    return next;
  };
  // The legal moves in generation order: a move of one step that was not played to be listed is matched where it is
  // listed (its values bound, the state the one it is read in); the others, and every move after one of them, are
  // kept and matched after, step by step, in order.
  std::vector<Move> later;
  auto each = [&](const Move& m) {
    if (later.empty() && one_step(*P_, m) && !P_->moves[m.type].continues && P_->moves[m.type].ensures.empty()) {
      if (!written_as(P_->moves[m.type], none)) return true;
      r.ok = true;
      r.move = m;
      return false;
    }
    later.push_back(m);
    return true;
  };
  Move m;
  extend<false>(m, 0, each);
  if (r.ok) return r;
  // a kept move is written so when each of its steps, written in one of its notations and joined, is `want`;
  // `part` is the first whose first steps alone are
  const Move* part = nullptr;
  for (const Move& x : later) {
    std::vector<std::string> accs = none;
    bool whole = false;
    int nsteps = 0;
    for_each_step(*P_, x, [&](int, int) { ++nsteps; });
    walk_steps(x, [&](const MoveInfo& mi, int k) {
      bool exact = false;
      accs = continued(mi, accs, exact);
      if (exact && k + 1 == nsteps) whole = true;
      else if (exact && !part) part = &x;
      return !whole && !accs.empty();
    });
    if (whole) {
      r.ok = true;
      r.move = x;
      return r;
    }
  }
  if (part) {
    r.message = fmt::format("'{}' is not a whole move: it goes on, as in '{}'", clip(text), write(*part));
    return r;
  }
  // else the first candidate written so, and its first failing requirement or post-condition (bindings that
  // generation never reaches may fail to compute: they are passed over); first among the moves' first steps, then
  // among the further steps of each legal move whose first steps begin the text
  auto refused_at = [&](const std::vector<std::string>& accs) {
    bool matched = false;
    for (int mv : P_->steps[state().step].moves) {
      const MoveInfo& mi = P_->moves[mv];
      candidates(mv, false, [&] {
        M_.reset_lets();
        if (!written_as(mi, accs)) return true;
        M_.reset_lets();
        matched = refusal(mi, r);
        return !matched;
      });
      if (matched) return true;
    }
    return false;
  };
  if (refused_at(none)) return r;
  // else a candidate written so whose value is outside the domain of a parameter that says why (`error`, `message`)
  for (int mv : P_->steps[state().step].moves) {
    const MoveInfo& mi = P_->moves[mv];
    if (std::none_of(mi.params.begin(), mi.params.end(), [](const ParamInfo& p) { return !p.code.empty() || !p.message.empty(); }))
      continue;
    bool matched = false;
    candidates(
        mv, false,
        [&] {
          M_.reset_lets();
          if (!written_as(mi, none)) return true;
          int i = outside(mi);
          if (i < 0 || (mi.params[i].code.empty() && mi.params[i].message.empty())) return true;
          const ParamInfo& p = mi.params[i];
          r.code = p.code;
          r.message = !p.message.empty() ? p.message
                                         : fmt::format("'{}' is not a value of parameter '{}' of move '{}' here",
                                                       M_.show(M_.slot(i), p.type), p.name, mi.name);
          matched = true;
          return false;
        },
        true);
    if (matched) return r;
  }
  for (const Move& x : later) {
    if (one_step(*P_, x)) continue;
    std::vector<std::string> accs{""};
    bool refused = false;
    walk_steps(x, [&](const MoveInfo& mi, int k) {
      if (k > 0) {
        const std::vector<Value> keep(&M_.slot(0), &M_.slot(0) + mi.frame);
        refused = refused_at(accs);
        std::copy(keep.begin(), keep.end(), &M_.slot(0));
        M_.reset_lets();
        if (refused) return false;
      }
      bool exact = false;
      accs = continued(mi, accs, exact);  // (a text that is the whole of `want` here is a legal move's beginning)
      return !accs.empty();
    });
    if (refused) return r;
  }
  r.message = fmt::format("unknown move '{}'", clip(text));
  return r;
}

}  // namespace ri
