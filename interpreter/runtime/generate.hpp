// Move generation's templates, shared by the files of Game (engine.hpp) that list, read and write moves: binding the
// combinations of a move's parameters (candidates) and extending a move by its further steps (extend). Included only
// by runtime/*.cpp.
#pragma once
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>

#include "runtime/engine.hpp"

namespace ri {

// A move's arguments are stored in 32 bits: an int parameter's value beyond that is the rule file's error.
inline int32_t arg32(const MoveInfo& mi, int i, int64_t v) {
  if (v < INT32_MIN || v > INT32_MAX)
    throw RuntimeError(mi.pos, fmt::format("parameter '{}' of move '{}' takes the value {}, beyond 32 bits",
                                           mi.params[i].name, mi.name, v));
  return static_cast<int32_t>(v);
}

// The value of node n, computed ahead of where generation would meet it; `otherwise` when that fails (the error is then
// met where it always was, unless the operation's budget is spent).
inline int64_t Game::ahead(int n, int64_t otherwise) {
  int64_t v;
  return computed_ahead(n, v) ? v : otherwise;
}
inline bool Game::computed_ahead(int n, int64_t& v) {
  try {
    v = M_.evaluate(n).i;
    return true;
  } catch (const RuntimeError&) {
    if (M_.spent()) throw;
    return false;
  }
}

// Requirement r on its parameter's value now (RequireInfo::native), `who` its player: 1 when it holds, 0 when not,
// -1 when it must be evaluated (the value is none, whose error the evaluation reports; the player is unknown).
inline int Game::native(const RequireInfo& r, int64_t who) {
  const int64_t s = M_.slot(r.level).i;
  if (s < 0 || s >= P_->nsites()) return -1;
  const State& S = std::as_const(M_).state();
  const int count = S.count[static_cast<size_t>(s)];
  // (tests in a chain, the commonest first: a jump through a table mispredicts more)
  if (r.native == RequireInfo::OwnedSome || r.native == RequireInfo::OwnedNone) {
    if (who == INT64_MIN) return -1;
    // as owned() computes it: 0 on an empty site or for no player
    const int owned = count == 0 || who < 0 || who >= P_->nplayers()
                          ? 0 : S.owned[static_cast<size_t>(s) * static_cast<size_t>(S.nplayers) + static_cast<size_t>(who)];
    return r.native == RequireInfo::OwnedSome ? owned > 0 : owned == 0;
  }
  if (r.native == RequireInfo::Occupied) return count > 0;
  if (r.native == RequireInfo::Vacant) return count == 0;
  if (r.native == RequireInfo::Evaluated) return -1;
  // who owns the top piece: TopOwnerIs, TopOwnerIsNot (no top piece: the evaluation reports it), OccupiedTopOwnerIs,
  // OccupiedTopOwnerIsNot (false without one)
  const bool occupied_first = r.native == RequireInfo::OccupiedTopOwnerIs || r.native == RequireInfo::OccupiedTopOwnerIsNot;
  if (who == INT64_MIN || (count == 0 && !occupied_first)) return -1;
  if (count == 0) return 0;
  return (S.owner[static_cast<size_t>(top_piece(S, static_cast<int>(s)))] == who) ==
         (r.native == RequireInfo::TopOwnerIs || r.native == RequireInfo::OccupiedTopOwnerIs);
}

// More parameter combinations examined by one operation than its allowance: the rule file's error.
inline RuntimeError too_many_candidates(const MoveInfo& mi, int64_t limit) {
  return RuntimeError(mi.pos,
                      fmt::format("move '{}' has more than {} parameter combinations to examine", mi.name, limit));
}

template <bool Record, int Features, class F>
void Game::candidates(int move, bool legal_only, F&& f, bool widen) {
  const MoveInfo& mi = P_->moves[move];
  constexpr bool Early = (Features & kEarly) != 0, Narrow = (Features & kNarrow) != 0, Sorted = (Features & kSorted) != 0,
                 Pass = (Features & kPass) != 0;
  int np = static_cast<int>(mi.params.size());
  // the arena as it was when each domain had been computed (lists made for one binding die with it)
  size_t mark[kMaxParams + 1];
  mark[0] = M_.arena_mark();  // index level + 1
  // the player of each requirement checked natively (RequireInfo::native), computed when its parameter's values
  // open; kUnknown when it could not be (the requirement is then evaluated)
  constexpr int kNative = 32;
  constexpr int64_t kUnknown = INT64_MIN;
  int64_t who[kNative];
  if constexpr (Early) std::fill(who, who + kNative, kUnknown);
  // the requirements checked once parameters up to `level` are bound, in order
  // the first requirements of each level that hold for every value of its parameter's narrowed range (narrow), index
  // level + 1
  int skip[kMaxParams + 1];
  if constexpr (Narrow) std::fill(skip, skip + kMaxParams + 1, 0);
  // the requirement of each level known to hold for every value its parameter is bound to, its values sorted by it
  // (Sorted): its bit, as in MoveInfo::early; index level + 1
  uint32_t known[kMaxParams + 1];
  if constexpr (Sorted) std::fill(known, known + kMaxParams + 1, 0u);
  auto holds = [&](int level) __attribute__((always_inline)) {
    if (!legal_only) return true;
    M_.arena_rewind(mark[level + 1]);
    M_.forget_lets(mi.forget[level + 1]);
    // the native requirements that go first (Early, MoveInfo::early): a candidate that fails one is skipped as it
    // would be after the requirements before it (which cannot fail); all are checked in order when one of them
    // cannot be decided (-1: not known)
    uint32_t early = 0;
    const int first = mi.require_at[level + 1];
    if constexpr (Early) {
      early = mi.early[static_cast<size_t>(level + 1)];
      for (uint32_t e = early; e != 0; e &= e - 1) {
        const int r = first + std::countr_zero(e);
        const int v = native(mi.requires_[static_cast<size_t>(r)], who[r]);
        if (v == 0) return false;
        if (v < 0) {
          early = 0;
          break;
        }
      }
    }
    if constexpr (Sorted) early |= known[level + 1];
    int from = first;
    if constexpr (Narrow) from += skip[level + 1];
    for (int r = from, end = mi.require_at[level + 2]; r < end; ++r) {
      if constexpr (Early || Sorted)
        if (r - first < 32 && (early >> (r - first) & 1)) continue;  // it holds
      const RequireInfo& req = mi.requires_[static_cast<size_t>(r)];
      if (req.holds_if_none && M_.slot(level).i == -1) continue;
      int v = req.native != RequireInfo::Evaluated && r < kNative ? native(req, who[r]) : -1;
      if (v < 0) v = M_.evaluate(req.node).i != 0;
      if (!v) {
        if constexpr (Record) (*rejected_)[static_cast<size_t>(move)][static_cast<size_t>(r)] = 1;
        return false;
      }
    }
    return true;
  };
  // When parameter k's values open, the parts of its requirements computed once for all of them: each native
  // requirement's player, and each none_unless guard (RequireInfo). False when a guard fails: only none can bind k.
  auto prepare = [&](int k) {
    bool beyond_none = true;
    for (int r = mi.require_at[static_cast<size_t>(k + 1)], end = mi.require_at[static_cast<size_t>(k + 2)]; r < end; ++r) {
      const RequireInfo& req = mi.requires_[static_cast<size_t>(r)];
      if (req.native_player >= 0 && r < kNative) who[r] = ahead(req.native_player, kUnknown);
      if (!Record && req.none_unless >= 0 && beyond_none) beyond_none = ahead(req.none_unless, 1) != 0;
    }
    return beyond_none;
  };
  // When int parameter k's range opens: narrowed by the bounds among the first requirements of its level
  // (RequireInfo::bound), each computed once, while they can be (an error is then met where it always was); those
  // requirements hold for every value left, so they are not evaluated for each.
  auto narrow = [&](int k, Value& range) {
    int64_t lo = range.b, hi = range.c;
    const int first = mi.require_at[static_cast<size_t>(k + 1)];
    int r = first;
    for (const int end = first + mi.bounded[static_cast<size_t>(k)]; r < end && lo <= hi; ++r) {
      const RequireInfo& req = mi.requires_[static_cast<size_t>(r)];
      int64_t e;
      if (!computed_ahead(req.bound_node, e)) break;
      if (req.bound_shift != 0 && __builtin_add_overflow(e, int64_t{req.bound_shift}, &e)) {
        lo = 1, hi = 0;  // P > the largest int, or P < the smallest: no value
        break;
      }
      if (req.bound != RequireInfo::AtMost) lo = std::max(lo, e);
      if (req.bound != RequireInfo::AtLeast) hi = std::min(hi, e);
    }
    skip[k + 1] = r - first;
    if (lo > hi) return 0;
    range.b = static_cast<int32_t>(lo);
    range.c = static_cast<int32_t>(hi);
    return static_cast<int>(hi - lo + 1);
  };
  // The first requirement of site parameter k's level checked natively before any is evaluated (MoveInfo::pass) when
  // its player is known: the board's table of what it asks for (pass_at[k][site * pass_stride[k]]: the pieces there,
  // or the player's), whose sites without any generation passes over in a tight loop (null: none).
  const int16_t* pass_at[kMaxParams];
  int pass_stride[kMaxParams];
  auto passing = [&](int k) {
    const int r = mi.pass[static_cast<size_t>(k)];
    if (r < 0 || r >= kNative) return;
    const State& S = std::as_const(M_).state();
    if (mi.requires_[static_cast<size_t>(r)].native == RequireInfo::Occupied) {
      pass_at[k] = S.count.data();
      pass_stride[k] = 1;
    } else if (who[r] >= 0 && who[r] < S.nplayers) {  // OwnedSome (compile/requirements.cpp)
      pass_at[k] = S.owned.data() + who[r];
      pass_stride[k] = S.nplayers;
    }
  };
  // Whether site s fails parameter k's pass requirement (false off the board: generation checks it there).
  auto fails = [&](int k, int64_t s) __attribute__((always_inline)) {
    return static_cast<uint64_t>(s) < static_cast<uint64_t>(P_->nsites()) && pass_at[k][s * pass_stride[k]] == 0;
  };
  // iterative product over the parameters' domains; domain i may depend on parameters < i; an optional
  // parameter takes 'none' first (opt[i] = 1), then its domain's values
  Value dom[kMaxParams];
  int len[kMaxParams], pos[kMaxParams], opt[kMaxParams];
  // a constant list's items (a track, a region, the board's sites), read in place; null for other lists
  const int32_t* items[kMaxParams];
  // When site or player parameter k's values open, with requirements that sort them (MoveInfo::sorts): the last one's
  // E computed once, and k bound only to the values that meet them all (`values`, `n`), those requirements known to
  // hold for each; every value as before when E or the table cannot be computed.
  auto sort = [&](int k, const int32_t*& values, int& n) {
    if (sorted_values(move, k, dom[k], values, n)) known[k + 1] = mi.sorts[static_cast<size_t>(k)].mask;
  };
  auto open = [&](int k) {
    const ParamInfo& p = mi.params[k];
    pos[k] = 0;
    opt[k] = p.optional ? 1 : 0;
    const bool whole = widen && p.type != Type::Int && !(p.code.empty() && p.message.empty());
    if (p.domain >= 0 && !whole) {
      if (legal_only) {
        dom[k] = M_.evaluate(p.domain);
      } else {
        // enumerating every combination (to diagnose an illegal move) reaches bindings that generation
        // prunes; a domain that cannot be computed there has no candidates
        try {
          dom[k] = M_.evaluate(p.domain);
        } catch (const RuntimeError&) {
          if (M_.spent()) throw;
          len[k] = opt[k];
          items[k] = nullptr;
          mark[k + 1] = M_.arena_mark();
          return;
        }
      }
    } else if (p.type == Type::Player) {
      dom[k] = Value{static_cast<int64_t>(ListKind::Range), 0, P_->nplayers() - 1};
    } else if (p.type == Type::Site) {
      dom[k] = Value{static_cast<int64_t>(ListKind::Range), 0, P_->nsites() - 1};
    } else {
      dom[k] = Value{static_cast<int64_t>(ListKind::AllPieces), 0, 0};
    }
    len[k] = M_.list_len(dom[k]) + opt[k];
    items[k] = static_cast<ListKind>(dom[k].i) == ListKind::Const ? P_->lists[static_cast<size_t>(dom[k].b)].data() : nullptr;
    if (legal_only && !prepare(k)) len[k] = opt[k];
    if constexpr (Narrow) skip[k + 1] = 0;  // (until narrow() says otherwise for these values)
    if constexpr (Narrow)
      if (legal_only && mi.bounded[static_cast<size_t>(k)] > 0 && !opt[k] && len[k] > 0 &&
          static_cast<ListKind>(dom[k].i) == ListKind::Range)
        len[k] = narrow(k, dom[k]);
    if constexpr (Pass) {
      pass_at[k] = nullptr;
      if (legal_only && len[k] > opt[k]) passing(k);
    }
    if constexpr (Sorted) {
      known[k + 1] = 0;
      if (legal_only && mi.sorts[static_cast<size_t>(k)].mask != 0 && len[k] > 0) sort(k, items[k], len[k]);
    }
    mark[k + 1] = M_.arena_mark();
  };
  // requirements on no parameter come first: they may guard the first parameter's domain, as the
  // requirements of level i guard the domain of parameter i + 1
  if (!holds(-1)) return;
  if (np == 0) {
    f();
    return;
  }
  auto too_many = [&] { return too_many_candidates(mi, M_.limits.candidates); };
  int i = 0;
  open(0);
  while (i >= 0) {
    if (pos[i] >= len[i]) {
      --i;
      if (i >= 0) ++pos[i];
      continue;
    }
    if constexpr (Pass) {
      if (pass_at[i] && pos[i] >= opt[i]) {
        // the values that fail the pass requirement, passed over (each counts as examined)
        int at = pos[i];
        const int end = len[i], o = opt[i];
        if (items[i]) {
          while (at < end && fails(i, items[i][at - o])) ++at;
        } else if (static_cast<ListKind>(dom[i].i) == ListKind::Range) {
          while (at < end && fails(i, int64_t{dom[i].b} + (at - o))) ++at;
        }
        if (at != pos[i]) {
          const int passed = at - pos[i];
          pos[i] = at;
          if (!M_.examine(passed)) throw too_many();
          continue;
        }
      }
    }
    M_.slot(i) = pos[i] < opt[i] ? Value{-1, 0, 0}
                 : items[i]       ? Value{items[i][pos[i] - opt[i]], 0, 0}
                                  : M_.list_at(dom[i], pos[i] - opt[i]);
    if (!M_.examine()) throw too_many();
    if (!holds(i)) {
      ++pos[i];
      continue;
    }
    if (i + 1 < np) {
      ++i;
      open(i);
      continue;
    }
    if (!f()) return;
    ++pos[i];
  }
}

inline bool Game::sorted_values(int move, int k, const Value& dom, const int32_t*& values, int& n, const int64_t* other) {
  const MoveInfo& mi = P_->moves[static_cast<size_t>(move)];
  const MoveInfo::Sorting& sorting = mi.sorts[static_cast<size_t>(k)];
  const RequireInfo& last = mi.requires_[static_cast<size_t>(sorting.last)];
  int64_t e = 1;
  if (other) e = *other;
  else if (last.sort_other >= 0 && !computed_ahead(last.sort_other, e)) return false;
  const SortedTable* t = sorted_table(move, k, dom);
  if (!t) return false;
  if (last.sort == RequireInfo::SortTrue || (last.sort == RequireInfo::SortOr && e != 0)) {
    values = t->all.data();
    n = static_cast<int>(t->all.size());
  } else {
    const auto [at, count] = last.sort == RequireInfo::SortEqual ? t->with(e) : t->ones;
    values = t->items.data() + at;
    n = count;
  }
  return true;
}

// A move's values beyond what a move holds: the rule file's error.
[[noreturn, gnu::cold]] inline void too_many_values(const MoveInfo& mi) {
  throw RuntimeError(mi.pos, fmt::format("move '{}' has more than {} values, its steps together", mi.name, kMaxMoveValues));
}

// A candidate played to judge it (Game::extend, Game::holds_after), undone when the trial ends: the journal rolled
// back to where it was and the board's key kept on again (nothing hashes the board meanwhile, so the key is left as it
// is, not kept); when the play ended without an error (ended()), the state has its version again (what was remembered
// there holds).
class Trial {
 public:
  explicit Trial(Machine& m) : m_(m), mark_(m.mark()), version_(m.version()), s_(m.state()), keyed_(s_.keyed) {
    s_.keyed = false;
  }
  ~Trial() {
    m_.rollback(mark_);
    s_.keyed = keyed_;
    if (ended_) m_.restore_version(version_);
  }
  Trial(const Trial&) = delete;
  Trial& operator=(const Trial&) = delete;
  void ended() { ended_ = true; }

 private:
  Machine& m_;
  const size_t mark_;
  const uint64_t version_;
  State& s_;
  const bool keyed_;
  bool ended_ = false;
};

// More legal moves than a decision node may have: the rule file's error (at the move that would add one more).
[[noreturn, gnu::cold]] inline void too_many_moves(const MoveInfo& mi) {
  throw RuntimeError(mi.pos, fmt::format("more than {} legal moves", kMaxMoves));
}

template <bool Record>
bool Game::extend(Move& m, int depth, EmitRef emit, MoveList* out) {
  State& S = M_.state();
  for (int mv : P_->steps[S.step].moves) {
    const MoveInfo& mi = P_->moves[mv];
    const int np = static_cast<int>(mi.params.size());
    const int base = m.nargs;                 // where this step's values go
    const int end = base + (depth ? 1 : 0) + np;  // and where they end
    bool go = true;
    // (a candidate listed unplayed, Machine::list_unplayed, goes straight into the list too)
    const bool unplayed = M_.lists_unplayed() && !mi.ensures.empty();
    const bool straight = out && depth == 0 && !mi.continues && (mi.ensures.empty() || unplayed);
    auto each = [&] {
      if (end > kMaxMoveValues) too_many_values(mi);
      if (straight) {
        if (out->size >= kMaxMoves) too_many_moves(mi);
        Move& o = out->add();
        o.type = static_cast<int16_t>(mv);
        o.nargs = static_cast<int16_t>(np);
        for (int i = 0; i < np; ++i) o.args[i] = arg32(mi, i, M_.slot(i).i);
        return true;
      }
      int at = base;
      if (depth) m.args[at++] = mv;
      else m.type = static_cast<int16_t>(mv);
      for (int i = 0; i < np; ++i) m.args[at + i] = arg32(mi, i, M_.slot(i).i);
      m.nargs = static_cast<int16_t>(end);
      if (!mi.continues && mi.ensures.empty()) {
        go = emit(m);
      } else {
        // played: the post-conditions look at the state after the effects, and further steps start there
        std::vector<Value>& keep = saved_[static_cast<size_t>(depth)];
        keep.assign(&M_.slot(0), &M_.slot(0) + mi.frame);
        // (the parts of requirements kept, compile/hoist.hpp, are computed anew: further steps of the same move
        // may have kept others in their place)
        const uint64_t lets = M_.let_mask() & ~mi.hoisted;
        {
          Trial trial(M_);
          M_.save_control();  // the flags the step changes
          run_step(mi, depth > 0);
          bool further = false;
          if (S.flags & State::kContinueMove) {
            const int32_t flags = S.flags;
            M_.state().flags |= State::kContinuing;  // (a change of the state: what was remembered is not taken)
            auto next = [&](const Move& x) {
              further = true;
              return emit(x);
            };
            go = extend<Record>(m, depth + 1, next);
            m.nargs = static_cast<int16_t>(end);
            if (go && !further) {  // the move ends with this step: its post-conditions see its own values
              M_.state().flags = flags;
              std::copy(keep.begin(), keep.end(), &M_.slot(0));
              M_.set_let_mask(lets);
            }
          }
          if (go && !further && ensured<Record>(mv)) go = emit(m);
          trial.ended();
        }
        std::copy(keep.begin(), keep.end(), &M_.slot(0));
        M_.set_let_mask(lets);
      }
      m.nargs = static_cast<int16_t>(base);
      return go;
    };
    if constexpr (Record) {
      candidates<true>(mv, true, each);
    } else if (const NativeMoveFn gen = native_moves_ ? native_moves_[mv] : nullptr) {
      // listed by a native build's code, as candidates() lists them (runtime/native_abi.hpp)
      // (a move with post-conditions that ends with its step played there too, into the list, at depth 0)
      // (or, listed unplayed, appended there unplayed)
      gen(M_, this, [](void* c) { return (*static_cast<decltype(each)*>(c))(); }, &each,
          out && depth == 0 && !mi.continues ? out : nullptr);
    } else {
      // a move that has requirements checked first or ranges narrowed is listed by an instance of its own (the
      // loop of the others stays as lean as it was)
      switch (mi.features) {
        case 0: candidates<false, 0>(mv, true, each); break;
        case kEarly: candidates<false, kEarly>(mv, true, each); break;
        case kNarrow: candidates<false, kNarrow>(mv, true, each); break;
        case kEarly | kNarrow: candidates<false, kEarly | kNarrow>(mv, true, each); break;
        default: candidates<false, kEarly | kNarrow | kSorted | kPass>(mv, true, each); break;
      }
    }
    if (!go) return false;
  }
  return true;
}

}  // namespace ri
