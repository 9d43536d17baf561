// A move's generation -> C++ (codegen_moves.hpp), mirroring Game::candidates<false, Features>(mv, legal_only = true)
// statement by statement: where the interpreter's loop keeps arrays indexed by level (the arena's marks, the
// parameters' domains and positions, the players of the native checks), the generated function has one variable per
// level, and the loops over the parameters are nested.
#include "native/codegen_moves.hpp"

#include <fmt/format.h>

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "common/limits.hpp"

namespace ri {
namespace {

// Requirements checked natively are those among the first 32 of a move (Game::candidates' kNative).
constexpr int kNativeChecks = 32;

class MoveGen {
 public:
  MoveGen(const Program& P, int mv, const MoveTrees& trees)
      : P_(P), mi_(P.moves[static_cast<size_t>(mv)]), mv_(mv), trees_(trees) {}

  // move -> the requirements on no parameter; per parameter: its domain opened, then a loop over its values, each
  // examined and checked by the requirements of its level; the innermost emits
  std::string run() {
    const int np = static_cast<int>(mi_.params.size());
    std::string s = fmt::format("// move {} (line {}, column {}): {} parameters\n", mv_, mi_.pos.line, mi_.pos.col, np);
    s += fmt::format("static bool g{}(Machine& m, void* G, NativeEmit f, void* c, MoveList* o) {{\n", mv_);
    const std::string q = direct_fn();
    if (!q.empty()) {
      // the direct listing first; where it gives up, the list and the operation's counts as they were, and the
      // listing below from the start
      s = q + s;
      // (listed for f, each candidate played as it comes: a move that the game plays to list it, one with a further
      // step or a post-condition (plays()), hands each candidate to f from the direct listing; another move's direct
      // listing is a probe: it finds that the move has no candidate, counting the steps the listing below counts, or
      // gives up at the first it finds. Neither for a move with an optional parameter, whose level's lambda could give
      // up only by an exception)
      // (a move played into the list whose listing does not hand its candidates to the game, its values sorted by
      // the game: only a probe, the listing below plays them)
      s += !probes() ? "  if (o) {\n" : tries() && !plays() ? "  if (!o) {\n" : "  {\n";
      // (less the steps that the game counted for the sorted tables it made meanwhile, which it keeps: the listing
      // below finds them made)
      // (the moves the game appended meanwhile, when it plays the candidates: a probe's list is empty)
      s += fmt::format("    const int z = o ? o->size : {}; const int64_t zb = N::op_budget(m), zc = N::op_candidates(m); int64_t hosted = 0;\n",
                       plays() ? "H->listed(G)" : "0");
      // (and the remembered values it kept put back as they were, with those that the game's plays of its candidates
      // overwrote: MemoGuard)
      const bool log = remembers_ || plays();
      if (log) s += "    const N::MemoMark mk = N::memo_log_begin(m);\n";
      if (plays()) s += "    N::MemoGuard guard(m);\n";
      s += fmt::format("    bool done = false, stop = false;\n    try {{ done = q{}(m, G, o, hosted, f, c, stop); }} catch (const N::Retry&) {{}}\n", mv_);
      s += fmt::format("    if (done) return !stop;\n    N::gave_up(m);\n    if (o) o->size = z;{}\n"
                       "    N::op_budget(m) = zb - hosted; N::op_candidates(m) = zc; {}\n",
                       plays() ? " else H->unlist(G, z);" : "", log ? "N::memo_log_undo(m, mk); " : "");
      s += "  }\n";
    }
    s += "  const XNode& x = N::node(m, 0); (void)x;\n";
    s += "  const size_t k0 = N::arena(m);\n";
    for (size_t r = 0; r < mi_.requires_.size() && r < kNativeChecks; ++r)
      if (uses_player(mi_.requires_[r])) s += fmt::format("  int64_t w{} = INT64_MIN;\n", r);
    s += holds(-1, "return true;", "  ");
    std::string indent = "  ";
    for (int k = 0; k < np; ++k) {
      s += open(k, indent);
      indent += "  ";
    }
    // emit: appended to o as Game::extend appends it (the list's limit, then each value within 32 bits), else f; a
    // move with post-conditions played first (each value within 32 bits, then the play), appended when they hold
    s += indent + "if (o) {\n";
    const auto arg = [&](int k, const std::string& to) {
      return fmt::format("{}  {{ const int64_t v = N::param(m, {}).i; if (v < INT32_MIN || v > INT32_MAX) [[unlikely]] "
                         "H->beyond_32_bits(m, {}, {}, v);{} }}\n",
                         indent, k, mv_, k, to.empty() ? "" : fmt::format(" {} = static_cast<int32_t>(v);", to));
    };
    const auto added = [&](const std::string& in) {
      return fmt::format("{}if (o->size >= {}) [[unlikely]] H->too_many_moves(m, {});\n{}Move& e = o->add(); e.type = {}; e.nargs = {};\n",
                         in, kMaxMoves, mv_, in, mv_, np);
    };
    if (tries()) {
      for (int k = 0; k < np; ++k) s += arg(k, "");
      s += trial(indent + "  ", true);
      s += indent + "  if (ok) {\n" + added(indent + "    ");
      for (int k = 0; k < np; ++k) s += fmt::format("{}    e.args[{}] = static_cast<int32_t>(N::param(m, {}).i);\n", indent, k, k);
      s += indent + "  }\n";
    } else {
      s += added(indent + "  ");
      for (int k = 0; k < np; ++k) s += arg(k, fmt::format("e.args[{}]", k));
    }
    s += indent + "} else if (!f(c)) {\n" + indent + "  return false;\n" + indent + "}\n";
    for (int k = np - 1; k >= 0; --k) {
      indent.resize(indent.size() - 2);
      s += indent + "  }\n" + indent + "}\n";  // its loop, its block
    }
    return s + "  return true;\n}\n";
  }

 private:
  const Program& P_;
  const MoveInfo& mi_;
  int mv_;
  const MoveTrees& trees_;
  bool remembers_ = false;  // (the direct listing keeps remembered calls' values)
  // Whether q<mv> may be called without a list, as a probe (direct_fn): when no parameter is optional (an optional
  // level is a lambda, which cannot return from q).
  bool probes() const {
    for (const ParamInfo& p : mi_.params)
      if (p.optional) return false;
    return true;
  }
  // Whether a candidate listed into a list is played there first (trial): a move that ends with its step and has
  // post-conditions, which Game::extend plays at depth 0 to check them.
  bool tries() const { return !mi_.continues && !mi_.ensures.empty(); }
  // trial -> the frame kept, the step played, the post-conditions evaluated in order (each with a fresh budget, nothing
  // remembered), the play taken back and the frame put back (Native::Trial): `ok`, whether they held, as Game::extend
  // and Game::ensured play a candidate at depth 0 (an error taken back and thrown on). The frame is the machine's
  // slots: q<mv> puts its own there first (N::play_frame) and reads its own after, so the slots are not kept (`keep`).
  std::string trial(const std::string& in, bool keep) const {
    std::string held;
    for (const RequireInfo& e : mi_.ensures)
      held += fmt::format("{}(N::begin_eval(m), {}).i != 0", held.empty() ? "" : " && ", trees_.tree(e.node));
    // (none while the game lists candidates unplayed: ok)
    std::string s = fmt::format("{}bool ok = true;\n{}if (!N::unplayed(m)) {{\n", in, in);
    if (keep) s += fmt::format("{}  Value K[{}]; std::copy(&N::param(m, 0), &N::param(m, 0) + {}, K);\n", in, mi_.frame + 1, mi_.frame);
    s += fmt::format("{}  const N::Trial t = N::trial_begin(m, UINT64_C({}));\n", in, mi_.hoisted);
    s += fmt::format("{}  try {{\n{}    N::save_control(m); r{}(m, false);\n", in, in, mv_);
    s += fmt::format("{}    const NotRemembering suspended(m); ok = {};\n", in, held);
    s += fmt::format("{}  }} catch (...) {{ N::trial_failed(m, H, t); throw; }}\n", in);
    s += fmt::format("{}  N::trial_end(m, H, t);{}\n{}}}\n", in,
                     keep ? fmt::format(" std::copy(K, K + {}, &N::param(m, 0));", mi_.frame) : "", in);
    return s;
  }
  // Whether q<mv> hands its candidates to the game's f, which plays each (a move with a further step or a
  // post-condition, listed for f: Game::extend), instead of probing (probes()). Not in a program with values sorted
  // by the game (the steps of the tables that the plays' listings make would not be given back when it gives up).
  bool plays() const {
    if (!probes() || (!mi_.continues && mi_.ensures.empty())) return false;
    for (const MoveInfo& m : P_.moves)
      for (const MoveInfo::Sorting& k : m.sorts)
        if (k.mask != 0) return false;
    return true;
  }

  // Where the values of parameter k sorted by the game (NativeHost::sorted) are kept in its spans (SortedValues::spans):
  // code that points c<k> at the span of the sorting's only input's value, an earlier site or player parameter or
  // `me`, and of the list the last sorting requirement's other side E chooses (SortOr: all the values when E holds,
  // those whose F holds else; `no_other`: E is not computed here, the game takes it as true); null for a value beyond
  // the input's range. "" when the values are not kept so: several inputs, or SortEqual (whose values are E's).
  std::string span_index(int k, const RequireInfo& last, bool no_other) const {
    const std::vector<int>& in = mi_.sorts[static_cast<size_t>(k)].inputs;
    if (last.sort == RequireInfo::SortEqual || in.size() != 1) return "";
    const Node& nd = P_.code[static_cast<size_t>(in[0])];
    std::string v, bound;
    if (nd.op == Op::Me) {
      v = "N::me(m)";
      bound = "NP";
    } else if (nd.op == Op::Local && nd.a >= 0 && nd.a < k) {
      const Type t = mi_.params[static_cast<size_t>(nd.a)].type;
      if (t == Type::Site && P_.nsites() <= kMaxSpanSites) bound = "static_cast<int64_t>(NS)";
      else if (t == Type::Player) bound = "NP";
      else return "";
      v = fmt::format("F[{}].i", nd.a);
    } else {
      return "";
    }
    const std::string which = last.sort == RequireInfo::SortTrue ? "0" : no_other ? "1" : fmt::format("(x{} != 0)", k);
    return fmt::format("if (!a{k}) a{k} = H->sorted_spans(G, {mv}, {k}, 2 * {b}); const uint64_t u{k} = static_cast<uint64_t>({v}); "
                       "SortedSpan* const c{k} = u{k} < static_cast<uint64_t>({b}) ? &a{k}[2 * u{k} + {w}] : nullptr;",
                       fmt::arg("k", k), fmt::arg("mv", mv_), fmt::arg("b", bound), fmt::arg("v", v), fmt::arg("w", which));
  }
  static constexpr int kMaxSpanSites = 1 << 16;  // (a board of more sites asks the game each time)

  // A direct listing: the move's candidates appended to the list `o` by code that keeps its parameters and lets in a
  // local frame and computes every domain and requirement whole (MoveTrees::direct), in the order and with the steps
  // of the listing below, its combinations examined counted level by level; where the interpreter would report an
  // error (a list too long included) it gives up (N::retry()), and g<mv> lists the move again from the start. The
  // players of native checks are computed whole too, and sorted values are the game's table's (NativeHost::sorted),
  // as below, the last sorting requirement's other side (`F == E`, `F or E`) computed here. A domain that is a
  // remembered call's list is kept as the interpreter keeps it, and so is a remembered call's value in a requirement,
  // logged (g<mv> puts the remembered values back when it gives up). An optional parameter's level is a lambda called
  // for none, then for each value while its guards hold. A move with a range narrowed, an optional parameter sorted,
  // or values sorted by parts of requirements that remember calls in a move that remembers is left to that listing.
  // "" when the move cannot be listed so. q<mv> returns whether it listed the moves; called without a list (a probe,
  // for a move whose candidates the game plays as they come: probes()) it returns false at the first candidate instead.
  //   q -> level(-1) param(0) ... param(np - 1) emit
  std::string direct_fn() {
    if (!trees_.direct || !trees_.loop) return "";
    const int np = static_cast<int>(mi_.params.size());
    std::vector<std::string> pre(static_cast<size_t>(np)), head(static_cast<size_t>(np)), most(static_cast<size_t>(np)),
        sorting(static_cast<size_t>(np)), after(static_cast<size_t>(np));
    std::vector<int64_t> bound(static_cast<size_t>(np), -1);  // (the most values of a level, when known: compacted())
    std::string spans;  // the spans' pointers, asked for when first used
    for (int k = 0; k < np; ++k) {
      const ParamInfo& p = mi_.params[static_cast<size_t>(k)];
      const auto K = static_cast<size_t>(k);
      if (mi_.bounded[K] != 0 || (p.optional && mi_.sorts[K].mask != 0)) return "";
      const std::string e = fmt::format("e{}", k);
      if (mi_.sorts[K].mask != 0) {
        // values sorted (those that meet the sorting requirements, in order) when the game has the table; the last
        // one's other side E (SortEqual, SortOr) computed here first, as Game::sorted_values computes it
        const RequireInfo& last = mi_.requires_[static_cast<size_t>(mi_.sorts[K].last)];
        std::string other;
        if (last.sort_other >= 0) {
          other = trees_.direct(last.sort_other);
          if (other.empty()) return "";
          remembers_ = remembers_ || trees_.remembered(last.sort_other);
        }
        std::string dom;
        if (p.domain < 0 && p.type != Type::Piece) {
          dom = fmt::format("Value{}", type_domain(p));
          bound[K] = type_count(p);
        } else if (p.domain >= 0 && P_.code[static_cast<size_t>(p.domain)].op == Op::ConstList) {
          const int l = P_.code[static_cast<size_t>(p.domain)].a;
          dom = fmt::format("Value{{{}, {}, 0}}", static_cast<int>(ListKind::Const), l);
          bound[K] = static_cast<int64_t>(P_.lists[static_cast<size_t>(l)].size());
        } else {
          return "";
        }
        // (the table is asked for with the earlier parameters in their slots, where the game reads its inputs)
        for (int j = 0; j < k; ++j) pre[K] += fmt::format("N::param(m, {}) = F[{}]; ", j, j);
        pre[K] += fmt::format("Value d{} = {}; const int32_t* i{} = N::items(m, d{}); int64_t n{} = N::len(m, d{}); ", k, dom, k, k, k, k);
        const std::string given = other.empty() ? std::string("nullptr") : fmt::format("&x{}", k);
        if (!other.empty())
          sorting[K] = fmt::format("int64_t x{} = 0; if (n{} > 0) {{ N::fresh_budget(m); x{} = {}; }} ", k, k, k, other);
        const std::string ask = fmt::format("H->sorted(G, {}, {}, &d{}, {}, &i{}, &n{})", mv_, k, k, given, k, k);
        const std::string at = span_index(k, last, other.empty());
        if (at.empty()) {
          sorting[K] += fmt::format("const int64_t b{} = N::op_budget(m); const bool s{} = n{} > 0 && {}; hosted += b{} - N::op_budget(m);",
                                    k, k, k, ask, k);
        } else {
          // (the values the game gave for these inputs before, kept in its spans: asked for again only when not found)
          spans += fmt::format("  SortedSpan* a{} = nullptr; (void)a{};\n", k, k);
          sorting[K] += fmt::format(
              "const int64_t b{k} = N::op_budget(m); bool s{k} = false; if (n{k} > 0) {{ {at} "
              "if (c{k} && c{k}->n >= 0) {{ i{k} = c{k}->values; n{k} = c{k}->n; s{k} = true; }} "
              "else if ((s{k} = {ask}) && c{k}) *c{k} = SortedSpan{{i{k}, n{k}}}; }} hosted += b{k} - N::op_budget(m);",
              fmt::arg("k", k), fmt::arg("at", at), fmt::arg("ask", ask));
        }
        head[K] = fmt::format("for (int64_t p{} = 0; p{} < n{}; ++p{}) {{ const int64_t {} = i{} ? i{}[p{}] : d{}.b + p{};", k, k,
                              k, k, e, k, k, k, k, k);
        most[K] = fmt::format("n{}", k);
      } else if (p.domain >= 0) {
        if (!trees_.loop(p.domain, e, pre[K], head[K], most[K], after[K])) return "";
        if (trees_.most) bound[K] = trees_.most(p.domain);
        remembers_ = remembers_ || trees_.remembered(p.domain);
      } else if (p.type == Type::Player || p.type == Type::Site) {
        const std::string n = p.type == Type::Player ? "NP" : "static_cast<int64_t>(NS)";
        head[K] = fmt::format("for (int64_t {} = 0; {} < {}; ++{}) {{", e, e, n, e);
        most[K] = n;
        bound[K] = type_count(p);
      } else {
        return "";
      }
    }
    std::vector<std::string> cond(mi_.requires_.size()), players(mi_.requires_.size()), guards(mi_.requires_.size());
    for (size_t r = 0; r < mi_.requires_.size(); ++r) {
      const RequireInfo& q = mi_.requires_[r];
      if ((q.none_unless >= 0 || q.holds_if_none) && (q.level < 0 || !mi_.params[static_cast<size_t>(q.level)].optional))
        return "";
      if (q.none_unless >= 0) {
        guards[r] = trees_.direct(q.none_unless);
        if (guards[r].empty()) return "";
        remembers_ = remembers_ || trees_.remembered(q.none_unless);
      }
      if (q.native_player >= 0 && static_cast<int>(r) < kNativeChecks) {
        players[r] = trees_.direct(q.native_player);
        if (players[r].empty()) return "";
        remembers_ = remembers_ || trees_.remembered(q.native_player);
      }
      cond[r] = trees_.direct(q.node);
      if (cond[r].empty()) return "";
      remembers_ = remembers_ || trees_.remembered(q.node);
    }
    // (a sorted table is made by the interpreter, whose remembered values the log would not hold: the parts of the
    // requirements that sort values which the table computes remember nothing where the listing does)
    for (int k = 0; k < np && remembers_; ++k) {
      const int first = mi_.require_at[static_cast<size_t>(k + 1)];
      for (uint32_t sorting = mi_.sorts[static_cast<size_t>(k)].mask; sorting != 0; sorting &= sorting - 1)
        if (trees_.remembered(mi_.requires_[static_cast<size_t>(first + std::countr_zero(sorting))].sort_part)) return "";
    }
    std::string s = fmt::format("// move {} listed directly (its frame local)\nstatic bool q{}(Machine& m, void* G, MoveList* o, int64_t& hosted, "
                                "NativeEmit f, void* c, bool& stop) {{\n  (void)f; (void)c; (void)stop;\n", mv_, mv_);
    s += "  const XNode& x = N::node(m, 0); (void)x; (void)G;\n  N::begin_eval(m);\n";
    // (all of it set when the game is handed the frame: plays())
    s += fmt::format("  Value F[{}]{}; uint64_t L = 0; (void)L; Value Z[{}]{}; (void)Z;\n", P_.max_frame + 1, plays() ? " = {}" : "",
                     P_.nhoisted + 1, plays() ? " = {}" : "");
    s += spans;
    for (size_t r = 0; r < mi_.requires_.size() && r < kNativeChecks; ++r)
      if (uses_player(mi_.requires_[r])) s += fmt::format("  int64_t w{} = INT64_MIN; (void)w{};\n", r, r);
    s += direct_holds(-1, cond, "return true;", "  ");
    std::string in = "  ";
    for (int k = 0; k < np; ++k) {
      const auto K = static_cast<size_t>(k);
      s += fmt::format("{}{{  // parameter {}: its domain, the players its native checks ask about, then its values, all of them examined\n", in, k);
      s += fmt::format("{}N::fresh_budget(m); {}\n", in, pre[K]);
      // (an optional parameter's guards, in order: while one is false, its only value is none)
      const bool optional = mi_.params[K].optional;
      if (optional) s += fmt::format("{}bool b{} = true; (void)b{};\n", in, k, k);
      for (int r = mi_.require_at[K + 1]; r < mi_.require_at[K + 2]; ++r) {
        const auto R = static_cast<size_t>(r);
        if (!players[R].empty())
          s += uses_player(mi_.requires_[R]) ? fmt::format("{}N::fresh_budget(m); w{} = {};\n", in, r, players[R])
                                             : fmt::format("{}N::fresh_budget(m); (void)({});\n", in, players[R]);
        if (!guards[R].empty()) s += fmt::format("{}if (b{}) {{ N::fresh_budget(m); b{} = ({}) != 0; }}\n", in, k, k, guards[R]);
      }
      if (!sorting[K].empty()) s += in + sorting[K] + "\n";
      if (optional) {
        // none first, then the domain's values: the level's work a lambda called for each (a failed requirement returns)
        s += fmt::format("{}if (!N::examine_all(m, (b{} ? {} : INT64_C(0)) + 1)) [[unlikely]] N::retry();\n", in, k, most[K]);
        // (inlined at both calls: the one for none then drops the checks that none passes; morris -14% instructions)
        s += fmt::format("{}auto v{} = [&](const int64_t e{}) __attribute__((always_inline)) {{\n", in, k, k);
      } else {
        s += fmt::format("{}if (!N::examine_all(m, {})) [[unlikely]] N::retry();\n", in, most[K]);
        s += compacted(k, bound[K], most[K], head[K], in);
      }
      s += fmt::format("{}  F[{}] = Value{{e{}, 0, 0}};\n", in, k, k);
      in += "  ";
      s += direct_holds(k, cond, optional ? "return;" : "continue;", in);
    }
    // (every value of a domain is a site, a player, an item of a constant list or of a table, or in a range within
    // 32 bits)
    if (plays()) {
      // (handed to f, the game's: the frame and lets its own listing would have; it stops the listing when f says so)
      // (an error met while the game plays it gives up: the listing counted the combinations of its levels when it
      // opened them, before the game would have, so the listing made again meets the error where the game meets it)
      s += fmt::format("{}if (!o) {{ const N::Held h = N::play_frame(m, F, {}, L, Z, {}); bool go = true; "
                       "try {{ go = f(c); }} catch (const std::exception&) {{ N::unplayed(m, h); N::retry(); }} N::played(m, h); "
                       "if (!go) {{ stop = true; return true; }} {} }}\n",
                       in, mi_.frame, P_.nhoisted, np > 0 ? "continue;" : "return true;");
      if (tries()) {
        // (into the list: played here first, in the machine's frame set as for f; an error gives up as above)
        s += fmt::format("{}if (!N::unplayed(m)) {{ const N::Held h = N::play_frame(m, F, {}, L, Z, {}); bool held = false;\n{}  try {{\n",
                         in, mi_.frame, P_.nhoisted, in);
        s += trial(in + "    ", false);
        s += fmt::format("{}    held = ok;\n{}  }} catch (const std::exception&) {{ N::unplayed(m, h); N::retry(); }}\n", in, in);
        s += fmt::format("{}  N::played(m, h); if (!held) {} }}\n", in, np > 0 ? "continue;" : "return true;");
      }
    } else if (probes()) {
      s += in + "if (!o) [[unlikely]] return false;\n";  // (a probe: false at the first candidate)
    }
    s += fmt::format("{}if (o->size >= {}) [[unlikely]] N::retry();\n", in, kMaxMoves);
    s += fmt::format("{}Move& e = o->add(); e.type = {}; e.nargs = {};", in, mv_, np);
    for (int k = 0; k < np; ++k) s += fmt::format(" e.args[{}] = static_cast<int32_t>(F[{}].i);", k, k);
    s += "\n";
    for (int k = np - 1; k >= 0; --k) {
      in.resize(in.size() - 2);
      const auto K = static_cast<size_t>(k);
      const std::string drop = after[K].empty() ? "" : in + after[K] + "\n";  // (its list's items dropped from the arena)
      if (mi_.params[K].optional)  // its lambda, called for none, then for each value; its block
        s += fmt::format("{}}};\n{}v{}(-1);\n{}if (b{}) {{ {} v{}(e{}); }} }}\n{}{}}}\n", in, in, k, in, k, head[K], k, k, drop, in);
      else
        s += in + "  }\n" + drop + in + "}\n";  // its loop, its block
    }
    return s + "  return true;\n}\n";
  }
  // The loop over level k's values, `head` (which walks at most `most` values, `bound` when known before): when the
  // level's first requirements are checked natively and it walks at most kMaxCompacted values, the values that could
  // pass them are first gathered in an array of the loop's, without branches (each written, the count moved on when it
  // passes), then the level's loop walks the array. Its requirements are checked as before, the gathered values pass
  // the first ones; a branch per value on the board's contents, which the processor mispredicts, is gone (morris +9%
  // playouts a second). The native checks read the board only and count no step (those examined are counted for all
  // values before the loop), so checking them first changes nothing else.
  //   compacted -> 'C' '[' bound ']' head (C[n] = e; n += keep;) '}' 'for' (j < n) e = C[j]   |   head
  std::string compacted(int k, int64_t bound, const std::string& most, const std::string& head, const std::string& in) const {
    const std::string keep = bound > 0 && bound <= kMaxCompacted && P_.nsites() > 0 ? prefilter(k) : "";
    if (keep.empty()) return in + head + "\n";
    std::string s = fmt::format("{}if ({} > INT64_C({})) [[unlikely]] N::retry();\n", in, most, bound);
    s += fmt::format("{}int64_t C{}[{}]; int64_t nC{} = 0; const bool st{} = N::stacks(m); (void)st{};\n", in, k, bound, k, k, k);
    s += fmt::format("{}{} C{}[nC{}] = e{}; nC{} += static_cast<int64_t>({}); }}\n", in, head, k, k, k, k, keep);
    return s + fmt::format("{}for (int64_t j{} = 0; j{} < nC{}; ++j{}) {{ const int64_t e{} = C{}[j{}];\n", in, k, k, k, k, k, k, k);
  }
  static constexpr int64_t kMaxCompacted = 256;
  // Whether level k's value e<k> could pass the level's first checks: those checked first (MoveInfo::early), else its
  // first requirements while they are checked natively (up to one that sorts): a bool expression without branches on
  // the board. A value is dropped only where the listing would drop it before anything else is evaluated: a check that
  // fails after checks that hold (a check that must be evaluated, -1, stops the chain: the value is kept). ""
  // when the level has no such check.
  std::string prefilter(int k) const {
    const auto L = static_cast<size_t>(k + 1);
    const uint32_t early = mi_.early.size() > L ? mi_.early[L] : 0;
    const uint32_t sorted = mi_.sorts[static_cast<size_t>(k)].mask;
    const int first = mi_.require_at[L], end = mi_.require_at[L + 1];
    std::string reject, held;  // (the chain so far: a value it drops; all checks so far hold)
    for (int r = first; r < end && r - first < 32; ++r) {
      const RequireInfo& q = mi_.requires_[static_cast<size_t>(r)];
      if (early && !(early >> (r - first) & 1)) continue;  // (only those checked first)
      if (!early && (sorted >> (r - first) & 1)) break;    // (one that sorts is not checked while sorted)
      if (!checked_natively(r) || q.holds_if_none) break;
      const std::string w = player(r), known = fmt::format("({} != INT64_MIN)", w);
      std::string fails, holds;  // (the check decided: 0, 1)
      switch (q.native) {
        case RequireInfo::Occupied: fails = "(t == 0)", holds = "(t > 0)"; break;
        case RequireInfo::Vacant: fails = "(t > 0)", holds = "(t == 0)"; break;
        case RequireInfo::OwnedSome:
        case RequireInfo::OwnedNone: {
          // (as owned() computes it: 0 on an empty site or for no player; the table read at player 0 then)
          const std::string x = fmt::format("((t != 0) & ({0} >= 0) & ({0} < NP) & (N::owned(m, c, ({0} >= 0) & ({0} < NP) ? {0} : 0) > 0))", w);
          const bool some = q.native == RequireInfo::OwnedSome;
          fails = fmt::format("({} & {}{})", known, some ? "!" : "", x);
          holds = fmt::format("({} & {}{})", known, some ? "" : "!", x);
          break;
        }
        default: {
          // (the top owner read without branches: Native::occupied_top_owner, false on an empty site; a board without
          // pieces has every site empty; TopOwnerIs and TopOwnerIsNot are evaluated there)
          const bool occupied_first = q.native == RequireInfo::OccupiedTopOwnerIs || q.native == RequireInfo::OccupiedTopOwnerIsNot;
          const bool is = q.native == RequireInfo::TopOwnerIs || q.native == RequireInfo::OccupiedTopOwnerIs;
          const std::string ot = fmt::format("(st{} && N::occupied_top_owner(m, c, {}, {}))", k, w, is ? "true" : "false");
          fails = fmt::format("({} & {}!{})", known, occupied_first ? "" : "(t != 0) & ", ot);
          holds = fmt::format("({} & {})", known, ot);
        }
      }
      reject += (reject.empty() ? "" : " | ") + (held.empty() ? fails : fmt::format("({} & {})", held, fails));
      held += (held.empty() ? "" : " & ") + holds;
    }
    if (reject.empty()) return "";
    // (a value that is not a site is evaluated: kept)
    return fmt::format("({{ const bool in = static_cast<uint64_t>(e{}) < NS; const int64_t c = in ? e{} : 0; const int64_t t = N::count(m, c); "
                       "!in | !({}); }})", k, k, reject);
  }
  // level(L) -> the lets that depend on its parameter forgotten, then its requirements as holds() checks them
  std::string direct_holds(int level, const std::vector<std::string>& cond, const std::string& fail, const std::string& in) const {
    const auto L = static_cast<size_t>(level + 1);
    std::string s;
    if (mi_.forget[L]) s += fmt::format("{}L &= ~UINT64_C({});\n", in, mi_.forget[L]);
    const int first = mi_.require_at[L], end = mi_.require_at[L + 1];
    const uint32_t early = mi_.early.size() > L ? mi_.early[L] : 0;
    const uint32_t sorted = level >= 0 ? mi_.sorts[static_cast<size_t>(level)].mask : 0;
    if (early) {
      s += fmt::format("{}bool o{} = false;\n", in, L);
      for (uint32_t e = early; e != 0; e &= e - 1) {
        const int r = first + std::countr_zero(e);
        s += fmt::format("{}if (!o{}) {{ const int v = {}; if (v == 0) {} if (v < 0) o{} = true; }}\n", in, L,
                         direct_native(r), fail, L);
      }
    }
    for (int r = first; r < end; ++r) {
      const std::string c = cond[static_cast<size_t>(r)];
      std::string skip;  // (the condition under which it is checked)
      if (early && r - first < 32 && (early >> (r - first) & 1)) skip = fmt::format("o{}", L);
      if (sorted && r - first < 32 && (sorted >> (r - first) & 1))
        skip += (skip.empty() ? "" : " && ") + fmt::format("!s{}", level);
      if (mi_.requires_[static_cast<size_t>(r)].holds_if_none)  // (it holds for none)
        skip += (skip.empty() ? "" : " && ") + fmt::format("F[{}].i != -1", level);
      std::string pre = in;
      if (!skip.empty()) {
        s += fmt::format("{}if ({}) {{\n", in, skip);
        pre += "  ";
      }
      if (checked_natively(r))
        s += fmt::format("{}{{ int v = {}; if (v < 0) {{ N::fresh_budget(m); v = ({}) != 0; }} if (!v) {} }}\n", pre,
                         direct_native(r), c, fail);
      else
        s += fmt::format("{}N::fresh_budget(m); if (!({})) {}\n", pre, c, fail);
      if (!skip.empty()) s += in + "}\n";
    }
    return s;
  }
  // native(r) of a parameter in the local frame
  std::string direct_native(int r) const {
    return native(r, fmt::format("F[{}].i", mi_.requires_[static_cast<size_t>(r)].level));
  }

  // how many values a player or site parameter without a domain takes: every player, every site
  int64_t type_count(const ParamInfo& p) const { return p.type == Type::Player ? P_.nplayers() : P_.nsites(); }
  // the domain of a parameter without one, a Value's initializer: every player, every site, every piece
  std::string type_domain(const ParamInfo& p) const {
    if (p.type == Type::Player) return fmt::format("{{{}, 0, {}}}", static_cast<int>(ListKind::Range), P_.nplayers() - 1);
    if (p.type == Type::Site) return fmt::format("{{{}, 0, {}}}", static_cast<int>(ListKind::Range), P_.nsites() - 1);
    return fmt::format("{{{}, 0, 0}}", static_cast<int>(ListKind::AllPieces));
  }

  static bool uses_player(const RequireInfo& r) {
    return r.native == RequireInfo::OwnedSome || r.native == RequireInfo::OwnedNone || r.native == RequireInfo::TopOwnerIs ||
           r.native == RequireInfo::TopOwnerIsNot || r.native == RequireInfo::OccupiedTopOwnerIs ||
           r.native == RequireInfo::OccupiedTopOwnerIsNot;
  }
  std::string player(int r) const {
    return uses_player(mi_.requires_[static_cast<size_t>(r)]) ? fmt::format("w{}", r) : "INT64_MIN";
  }

  // native check -> an int: 1 when requirement r holds for its parameter's value now, 0 when not, -1 when it must be
  // evaluated (Game::native)
  std::string native(int r) const { return native(r, fmt::format("N::param(m, {}).i", mi_.requires_[static_cast<size_t>(r)].level)); }
  // (the parameter's value read from `param`)
  std::string native(int r, const std::string& param) const {
    const RequireInfo& q = mi_.requires_[static_cast<size_t>(r)];
    const std::string w = player(r);
    std::string v;
    switch (q.native) {
      case RequireInfo::OwnedSome:
      case RequireInfo::OwnedNone:
        v = fmt::format("{} == INT64_MIN ? -1 : static_cast<int>((t == 0 || {} < 0 || {} >= NP ? 0 : N::owned(m, s, {})) {} 0)",
                        w, w, w, w, q.native == RequireInfo::OwnedSome ? ">" : "==");
        break;
      case RequireInfo::Occupied: v = "static_cast<int>(t > 0)"; break;
      case RequireInfo::Vacant: v = "static_cast<int>(t == 0)"; break;
      default: {
        const bool occupied_first =
            q.native == RequireInfo::OccupiedTopOwnerIs || q.native == RequireInfo::OccupiedTopOwnerIsNot;
        const bool is = q.native == RequireInfo::TopOwnerIs || q.native == RequireInfo::OccupiedTopOwnerIs;
        v = fmt::format("{} == INT64_MIN{} ? -1 : t == 0 ? 0 : static_cast<int>((N::owner(m, N::top(m, s)) == {}) == {})", w,
                        occupied_first ? "" : " || t == 0", w, is ? "true" : "false");
      }
    }
    return fmt::format("({{ const int64_t s = {}; int v = -1; if (static_cast<uint64_t>(s) < NS) {{ const int64_t t = N::count(m, s); v = {}; }} v; }})",
                       param, v);
  }
  bool checked_natively(int r) const {
    return mi_.requires_[static_cast<size_t>(r)].native != RequireInfo::Evaluated && r < kNativeChecks;
  }
  // requirement r checked in order (as Game::candidates' holds does): `fail` when it fails; not checked while `skip`
  // (a C++ condition, or none) holds
  std::string check(int r, int level, const std::string& fail, const std::string& in, const std::string& skip) const {
    const RequireInfo& q = mi_.requires_[static_cast<size_t>(r)];
    std::string cond = skip;
    if (q.holds_if_none) cond = (cond.empty() ? "" : cond + " || ") + fmt::format("N::param(m, {}).i == -1", level);
    std::string s;
    std::string pre = in;
    if (!cond.empty()) {
      s += fmt::format("{}if (!({})) {{\n", in, cond);
      pre += "  ";
    }
    if (checked_natively(r))
      s += fmt::format("{}{{ int v = {}; if (v < 0) {{ N::begin_eval(m); v = {}.i != 0; }} if (!v) {} }}\n", pre, native(r),
                       trees_.tree(q.node), fail);
    else
      s += fmt::format("{}N::begin_eval(m); if (!{}.i) {}\n", pre, trees_.tree(q.node), fail);
    if (!cond.empty()) s += in + "}\n";
    return s;
  }
  // holds(level): the arena rewound and the lets forgotten for the new value, then the level's requirements, those
  // checked first (MoveInfo::early) ahead of the others while each can be decided natively; those known to hold
  // (the first sk<k> of the level when its range was narrowed, those that sort its values when it was sorted: s<k>)
  // are not checked
  std::string holds(int level, const std::string& fail, const std::string& in) const {
    const auto L = static_cast<size_t>(level + 1);
    std::string s = fmt::format("{}N::rewind(m, k{});\n", in, L);
    if (mi_.forget[L]) s += fmt::format("{}N::forget(m, UINT64_C({}));\n", in, mi_.forget[L]);
    const int first = mi_.require_at[L], end = mi_.require_at[L + 1];
    const uint32_t early = mi_.early.size() > L ? mi_.early[L] : 0;
    if (early) {
      s += fmt::format("{}bool o{} = false;\n", in, L);
      for (uint32_t e = early; e != 0; e &= e - 1) {
        const int r = first + std::countr_zero(e);
        s += fmt::format("{}if (!o{}) {{ const int v = {}; if (v == 0) {} if (v < 0) o{} = true; }}\n", in, L, native(r), fail, L);
      }
    }
    const uint32_t sorted = level >= 0 ? mi_.sorts[static_cast<size_t>(level)].mask : 0;
    const int bounded = level >= 0 ? mi_.bounded[static_cast<size_t>(level)] : 0;
    for (int r = first; r < end; ++r) {
      std::vector<std::string> skip;
      if (r - first < bounded) skip.push_back(fmt::format("{} < sk{}", r - first, level));
      if (early && r - first < 32 && (early >> (r - first) & 1)) skip.push_back(fmt::format("!o{}", L));
      if (sorted && r - first < 32 && (sorted >> (r - first) & 1)) skip.push_back(fmt::format("s{}", level));
      std::string cond;
      for (const std::string& c : skip) cond += (cond.empty() ? "" : " || ") + c;
      s += check(r, level, fail, in, cond);
    }
    return s;
  }
  // narrow(k): an int parameter's range narrowed by the bounds among the first requirements of its level
  // (RequireInfo::bound), each computed once while it can be; sk<k>: how many of them hold for every value left
  std::string narrow(int k, const std::string& in) const {
    const int bounded = mi_.bounded[static_cast<size_t>(k)];
    if (bounded == 0) return "";
    std::string s = fmt::format("{}int sk{} = 0;\n", in, k);
    if (mi_.params[static_cast<size_t>(k)].optional) return s;
    const int first = mi_.require_at[static_cast<size_t>(k + 1)];
    std::string nodes, shifts, kinds;
    for (int j = 0; j < bounded; ++j) {
      const RequireInfo& q = mi_.requires_[static_cast<size_t>(first + j)];
      nodes += fmt::format("{}{}", j ? ", " : "", q.bound_node);
      shifts += fmt::format("{}{}", j ? ", " : "", q.bound_shift);
      kinds += fmt::format("{}{}", j ? ", " : "", static_cast<int>(q.bound));
    }
    s += fmt::format("{}if (n{} > 0 && static_cast<ListKind>(d{}.i) == ListKind::Range) {{\n", in, k, k);
    s += fmt::format("{}  static constexpr int32_t bn[] = {{{}}}; static constexpr int64_t bs[] = {{{}}}; static constexpr int bk[] = {{{}}};\n",
                     in, nodes, shifts, kinds);
    s += fmt::format("{}  int64_t lo = d{}.b, hi = d{}.c; int r = 0;\n", in, k, k);
    s += fmt::format("{}  for (; r < {} && lo <= hi; ++r) {{\n", in, bounded);
    s += in + "    int64_t e; if (!H->ahead(G, bn[r], &e)) break;\n";
    s += in + "    if (bs[r] != 0 && __builtin_add_overflow(e, bs[r], &e)) { lo = 1; hi = 0; break; }\n";
    s += fmt::format("{}    if (bk[r] != {}) lo = std::max(lo, e);\n", in, static_cast<int>(RequireInfo::AtMost));
    s += fmt::format("{}    if (bk[r] != {}) hi = std::min(hi, e);\n", in, static_cast<int>(RequireInfo::AtLeast));
    s += in + "  }\n";
    s += fmt::format("{}  sk{} = r;\n", in, k);
    s += fmt::format("{}  if (lo > hi) n{} = 0; else {{ d{}.b = static_cast<int32_t>(lo); d{}.c = static_cast<int32_t>(hi); n{} = hi - lo + 1; }}\n",
                     in, k, k, k, k);
    return s + in + "}\n";
  }
  // sort(k): a site or player parameter's values, sorted by the requirements of its level that sort them
  // (MoveInfo::sorts), from the game's table when it has one (s<k>: those requirements then hold for each)
  std::string sort(int k, const std::string& in) const {
    if (mi_.sorts[static_cast<size_t>(k)].mask == 0) return "";
    std::string s = fmt::format("{}bool s{} = false;\n", in, k);
    return s + fmt::format("{}if (n{} > 0) s{} = H->sorted(G, {}, {}, &d{}, nullptr, &i{}, &n{});\n", in, k, k, mv_, k, k, k, k);
  }
  // open(k): parameter k's domain, its native checks' players and guards computed once, then the loop over its values
  // (none first when it is optional); the block and the loop stay open
  std::string open(int k, const std::string& in) const {
    const ParamInfo& p = mi_.params[static_cast<size_t>(k)];
    const int opt = p.optional ? 1 : 0;
    std::string s = fmt::format("{}{{  // parameter {}\n", in, k);
    if (p.domain >= 0) s += fmt::format("{}N::begin_eval(m); Value d{} = {};\n", in, k, trees_.tree(p.domain));
    else s += fmt::format("{}Value d{}{};\n", in, k, type_domain(p));
    s += fmt::format("{}int64_t n{} = N::len(m, d{}) + {};\n", in, k, k, opt);
    s += fmt::format("{}const int32_t* i{} = N::items(m, d{});\n", in, k, k);
    // prepare(k)
    bool guards = false;
    for (int r = mi_.require_at[static_cast<size_t>(k + 1)]; r < mi_.require_at[static_cast<size_t>(k + 2)]; ++r) {
      const RequireInfo& q = mi_.requires_[static_cast<size_t>(r)];
      if (q.native_player >= 0 && r < kNativeChecks)
        s += fmt::format("{}{{ int64_t v; const bool ok = H->ahead(G, {}, &v); {} }}\n", in, q.native_player,
                         uses_player(q) ? fmt::format("w{} = ok ? v : INT64_MIN;", r) : "(void)ok;");
      if (q.none_unless >= 0) {
        if (!guards) s += fmt::format("{}bool b{} = true;\n", in, k);
        guards = true;
        s += fmt::format("{}if (b{}) {{ int64_t v; b{} = !H->ahead(G, {}, &v) || v != 0; }}\n", in, k, k, q.none_unless);
      }
    }
    if (guards) s += fmt::format("{}if (!b{}) n{} = {};\n", in, k, k, opt);
    s += narrow(k, in) + sort(k, in);
    s += fmt::format("{}const size_t k{} = N::arena(m);\n", in, k + 1);
    s += fmt::format("{}for (int64_t p{} = 0; p{} < n{}; ++p{}) {{\n", in, k, k, k, k);
    const std::string body = in + "  ";
    // (a constant list's items read in place, and a range's values where the domain is one: a player or site parameter
    // without a domain, or a range written; a sorted table's items are a constant list's)
    const bool range = p.domain < 0 ? p.type != Type::Piece : P_.code[static_cast<size_t>(p.domain)].op == Op::Range;
    const std::string value = range ? fmt::format("i{} ? Value{{i{}[p{} - {}], 0, 0}} : Value{{d{}.b + p{} - {}, 0, 0}}", k, k, k, opt, k, k, opt)
                                    : fmt::format("i{} ? Value{{i{}[p{} - {}], 0, 0}} : N::item(m, d{}, p{} - {})", k, k, k, opt, k, k, opt);
    if (opt) s += fmt::format("{}N::param(m, {}) = p{} < 1 ? Value{{-1, 0, 0}} : {};\n", body, k, k, value);
    else s += fmt::format("{}N::param(m, {}) = {};\n", body, k, value);
    s += fmt::format("{}if (!N::examine(m)) [[unlikely]] H->too_many(m, {});\n", body, mv_);
    return s + holds(k, "continue;", body);
  }
};

}  // namespace

std::string native_move_fn(const Program& P, int mv, const MoveTrees& trees) {
  const MoveInfo& mi = P.moves[static_cast<size_t>(mv)];
  if (mi.params.size() > static_cast<size_t>(kMaxParams) || mi.require_at.size() != mi.params.size() + 2 ||
      mi.forget.size() != mi.params.size() + 1 || mi.bounded.size() != mi.params.size() ||
      mi.sorts.size() != mi.params.size())
    return "";
  for (const RequireInfo& r : mi.requires_)
    if (r.node < 0) return "";
  return MoveGen(P, mv, trees).run();
}

}  // namespace ri
