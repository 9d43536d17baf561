// Program -> C++ (codegen.hpp). Each translated node becomes a C++ expression of its value (an int64_t), built from
// its kids' expressions; GNU statement expressions (`({ ... })`, which g++ and clang++ both take) keep the order of
// evaluation the closures have and let a check leave the whole tree to its root's closure (`return N::redo(m, ROOT,
// s0)`, from what the tree started with) where the interpreter reports an error.
#include "native/codegen.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "common/limits.hpp"
#include "compile/memo.hpp"
#include "compile/requirements.hpp"
#include "native/codegen_effects.hpp"
#include "native/codegen_moves.hpp"
#include "runtime/closures.hpp"
#include "runtime/native_abi.hpp"

namespace ri {
namespace {

bool scalar(Type t) { return !is_list(t) && t != Type::Void && t != Type::Error; }

std::string lit(int64_t v) {
  if (v == INT64_MIN) return "(-INT64_C(9223372036854775807) - 1)";
  return fmt::format("INT64_C({})", v);
}

class Gen {
 public:
  explicit Gen(const Program& P) : P_(P), ok_(P.code.size(), 0), quiet_(P.code.size(), -1) {
    size_t cells = 0;
    direct_ = direct_layout(P, cells);
    for (size_t n = 0; n < P.code.size(); ++n) ok_[n] = translatable(static_cast<int>(n));
    find_direct();
  }

  NativeSource run(const std::string& key) {
    NativeSource out;
    // the functions: the roots of the translated trees, and the translated nodes that several nodes have as a kid
    // (each computed by a function of its own, called where it is used: the code grows with the program, not with
    // the paths through it)
    const std::vector<uint8_t> roots = P_.roots_of(ok_);
    std::vector<int> parents(P_.code.size(), 0);
    for (const Node& n : P_.code)
      for (int k = 0; k < n.nk; ++k)
        if (const int c = P_.kid(n, k); c >= 0) ++parents[static_cast<size_t>(c)];
    fn_.assign(P_.code.size(), 0);
    for (size_t n = 0; n < P_.code.size(); ++n)
      fn_[n] = ok_[n] &&
               (roots[n] || (parents[n] > 1 && !small(static_cast<int>(n))) ||
                P_.code[n].op == Op::Filter || P_.code[n].op == Op::Map) &&
               P_.code[n].nk > 0;
    std::string decls, fns, entries;
    // the body of a function that a translated call calls
    for (size_t n = 0; n < P_.code.size(); ++n)
      if (ok_[n] && P_.code[n].op == Op::Call) fn_[static_cast<size_t>(P_.functions[static_cast<size_t>(P_.code[n].a)].body)] = 2;
    for (size_t r = 0; r < P_.code.size(); ++r) {
      if (fn_[r] != 1) continue;
      const int size = tree_size(static_cast<int>(r), true);
      // one node: its closure costs a call as well (not a loop or a call, whose own work the translation speeds up)
      if (size < 2 && !is_list(P_.code[r].type) && !looping(static_cast<int>(r))) fn_[r] = 0;
    }
    // the part of a cached part with cells: a function of its own, which its closure calls when the cell is empty
    for (size_t n = 0; n < P_.code.size(); ++n)
      if (ok_[n] && P_.code[n].op == Op::Cached) own(P_.kid(P_.code[n], 0));
    // the trees move generation evaluates (requirements and domains): functions of their own, which it calls
    for (const MoveInfo& mi : P_.moves) {
      for (const RequireInfo& r : mi.requires_) own(r.node);
      for (const ParamInfo& p : mi.params) own(p.domain);
    }
    for (size_t r = 0; r < P_.code.size(); ++r) {
      if (!fn_[r]) continue;
      root_ = static_cast<int>(r);
      const Node& n = P_.code[r];
      const int size = tree_size(root_, true);
      // (inline: a hint that lets the compiler write the tree out where generation or another tree calls it)
      decls += fmt::format("static inline Value n{}(Machine& m, const XNode& x);\n", r);
      // the body of a function that calls itself in tail position: its tail calls go round this function's loop
      looping_ = -1;
      for (size_t f = 0; f < P_.functions.size(); ++f)
        if (P_.functions[f].body == root_ && P_.tail_calls[f]) looping_ = static_cast<int>(f);
      framed_ = true;
      std::string v = value_of(root_);
      framed_ = false;
      // (where it leaves itself to its closure: what it started with, N::Start, kept where it starts unless nothing
      // before could have changed it)
      std::string start;
      if (v.find("N::redo(") != std::string::npos || v.find("N::redo_exact(") != std::string::npos) {
        if (changes_start(v)) start = "const N::Start s0 = N::start(m); ";
        else
          for (const char* which : {"redo", "redo_exact"})
            v = replace_all(v, fmt::format("N::{}(m, {}, s0))", which, root_), fmt::format("N::{}(m, {}, N::start(m)))", which, root_));
      }
      fns += fmt::format("// node {} (line {}, column {}): {} nodes\nstatic inline Value n{}(Machine& m, const XNode& x) {{\n  (void)x;\n  Value* const F = &N::slot(m, 0); (void)F;\n{}}}\n",
                         r, n.pos.line, n.pos.col, size, r,
                         looping_ >= 0 ? fmt::format("  for (;;) {{\n    {}return {};\n  }}\n", start, v)
                                       : fmt::format("  {}return {};\n", start, v));
      entries += fmt::format("  {{{}, &n{}}},\n", r, r);
      ++out.roots;
      out.nodes += size;
    }
    // the functions called directly (find_direct): their bodies computed whole, their frames local
    for (size_t f = 0; f < P_.functions.size(); ++f) {
      if (!direct_fn_[f]) continue;
      decls += direct_decl(static_cast<int>(f), fmt::format("d{}", f));
      fns += direct_fn(static_cast<int>(f), fmt::format("d{}", f));
      ++out.direct;
    }
    looping_ = -1;
    // the effects: a statement that no statement contains, the statements in it written out in its function
    std::vector<uint8_t> inner(P_.code.size(), 0);
    for (size_t n = 0; n < P_.code.size(); ++n)
      if (statement_op(P_.code[n].op))
        for (int k = 0; k < P_.code[n].nk; ++k)
          if (const int c = P_.kid(P_.code[n], k); c >= 0 && statement_op(at(c).op)) inner[static_cast<size_t>(c)] = 1;
    framed_ = true;
    std::vector<uint8_t> effect_fn(P_.code.size(), 0);
    for (size_t n = 0; n < P_.code.size(); ++n) {
      if (!statement_op(P_.code[n].op) || inner[n]) continue;
      const std::string f = native_statement_fn(P_, static_cast<int>(n), [&](int k) { return effect_value(k); });
      if (f.empty()) continue;
      effect_fn[n] = 1;
      decls += fmt::format("static Value n{}(Machine& m, const XNode& x);\n", n);
      fns += f;
      entries += fmt::format("  {{{}, &n{}}},\n", n, n);
      ++out.effects;
    }
    framed_ = false;
    std::string moves, listed;
    MoveTrees trees;
    trees.tree = [&](int n) {
      return fn_[static_cast<size_t>(n)] ? fmt::format("n{}(m, x)", n) : direct(n) ? cached(n) : fmt::format("N::ev(m, {})", n);
    };
    trees.direct = [&](int n) { return listing_value(n); };
    trees.remembered = [&](int n) { return remembers(n); };
    trees.loop = [&](int n, const std::string& e, std::string& pre, std::string& head, std::string& most, std::string& after) {
      return listing_loop(n, e, pre, head, most, after);
    };
    trees.most = [&](int n) { return listing_most(n); };
    for (size_t mv = 0; mv < P_.moves.size(); ++mv) {
      const std::string g = native_move_fn(P_, static_cast<int>(mv), trees);
      if (g.empty()) continue;
      moves += g;
      listed += fmt::format("  {{{}, &g{}}},\n", mv, mv);
      ++out.moves;
    }
    // each move's step (Game::run_step): its lets, then its effects, each effect's function called in place
    std::string steps, stepped;
    for (size_t mv = 0; mv < P_.moves.size(); ++mv) {
      const MoveInfo& mi = P_.moves[mv];
      steps += fmt::format("// move {}'s step (Game::run_step)\nstatic void r{}(Machine& m, bool further) {{\n  N::step_flags(m, further);\n", mv, mv);
      for (int l = 0; l < mi.nlets; ++l) {  // (a let's function called in place, as the closure installed for it)
        const int n = mi.let_nodes[static_cast<size_t>(l)];
        steps += fmt::format("  N::let(m, [&] {{ {}; }});\n",
                             fn_[static_cast<size_t>(n)] ? fmt::format("n{}(m, N::node(m, {}))", n, n) : fmt::format("N::ev(m, {})", n));
      }
      steps += "  N::begin_effects(m);\n";
      for (const int e : mi.effects)
        steps += fmt::format("  N::effect(m, H, {}, [&] {{ {}; }});\n", e,
                             effect_fn[static_cast<size_t>(e)] ? fmt::format("n{}(m, N::node(m, {}))", e, e) : fmt::format("N::ev(m, {})", e));
      steps += "}\n";
      stepped += fmt::format("  {{{}, &r{}}},\n", mv, mv);
    }
    const std::string ends = end_rules();
    // the copies of functions called directly with constant arguments that the code written asks for (they may ask
    // for more)
    for (size_t c = 0; c < clones_.size(); ++c) {
      const Clone clone = clones_[c];  // (a copy: consts_ points into it while clones_ grows)
      const std::string name = fmt::format("d{}c{}", clone.f, c);
      consts_ = &clone.consts;
      decls += direct_decl(clone.f, name);
      fns += direct_fn(clone.f, name);
      consts_ = nullptr;
      ++out.direct;
    }
    std::string& t = out.text;
    t += "// Generated by ruleinterp (native/codegen.cpp): a rule file's expressions as C++. Do not edit.\n";
    t += fmt::format("// key {}\n", key);
    t += "#include \"runtime/native_abi.hpp\"\n\nnamespace {\nusing namespace ri;\nusing N = Native;\n";
    t += "const NativeHost* H = nullptr;\n";
    t += fmt::format("constexpr uint64_t NS = {};\nconstexpr int64_t NP = {};\n", P_.nsites(), P_.nplayers());
    t += tables_;
    t += decls;
    t += fns;
    t += steps;  // (before the moves' functions: a move played where it is listed calls its step's)
    t += moves;
    t += ends;
    t += "}  // namespace\n\n";
    t += fmt::format("extern \"C\" const char ri_native_key[] = \"{}\";\n", key);
    t += fmt::format("extern \"C\" const int ri_native_abi = {};\n", kNativeAbi);
    t += fmt::format("extern \"C\" const long long ri_native_nodes = {};\n", P_.code.size());
    t += fmt::format("extern \"C\" const long long ri_native_count = {};\n", out.roots + out.effects);
    t += "extern \"C\" const ri::NativeEntry ri_native_entries[] = {\n" + entries + "  {-1, nullptr}};\n";
    t += fmt::format("extern \"C\" const long long ri_native_nmoves = {};\n", out.moves);
    t += "extern \"C\" const ri::NativeMove ri_native_moves[] = {\n" + listed + "  {-1, nullptr}};\n";
    t += "extern \"C\" const ri::NativeStep ri_native_steps[] = {\n" + stepped + "  {-1, nullptr}};\n";
    t += "extern \"C\" const ri::NativeEndsFn ri_native_ends = &end_rules;\n";
    t += "extern \"C\" void ri_native_bind(const ri::NativeHost* h) { H = h; }\n";
    return out;
  }

  // The end rules as Game::check_end tries them (runtime/engine.cpp), in one function: each rule in order, its
  // condition once per player with `each` (the player in slot 0, each evaluation with a fresh budget), the first that
  // holds ending the game with its result; a winner or loser that is no player is the interpreter's error.
  std::string end_rules() {
    const auto eval = [&](int n) {
      return fmt::format("(N::begin_eval(m), {}).i",
                         fn_[static_cast<size_t>(n)] ? fmt::format("n{}(m, N::node(m, {}))", n, n) : fmt::format("N::ev(m, {})", n));
    };
    std::string s = "// the end rules, in order (Game::check_end): whether one held, the game then over\nstatic bool end_rules(Machine& m) {\n";
    for (size_t r = 0; r < P_.ends.size(); ++r) {
      const EndInfo& e = P_.ends[r];
      s += fmt::format("  // rule {} (line {}, column {})\n  for (int64_t p = 0; p < {}; ++p) {{\n", r, e.pos.line, e.pos.col,
                       e.each ? P_.nplayers() : 1);
      s += fmt::format("    N::param(m, 0) = Value{{p, 0, 0}};\n    if (!{}) continue;\n", eval(e.when));
      s += fmt::format("    N::end(m, INT32_C({}) | static_cast<int32_t>(p) << 1 | ((N::flags(m) & State::kCannotMove) != 0));\n",
                       static_cast<int32_t>(r + 1) << 8);
      switch (e.result) {
        case EndInfo::Win:
        case EndInfo::Lose: {
          const bool lose = e.result == EndInfo::Lose;
          s += fmt::format("    N::param(m, 0) = Value{{p, 0, 0}};\n    const int64_t w = {};\n", eval(e.arg));
          s += fmt::format("    if (w < 0 || w >= NP) H->end_error(m, {}, {});\n", e.arg, lose ? "true" : "false");
          s += lose ? "    N::lose(m, static_cast<int>(w));\n" : "    N::winners(m) = uint32_t{1} << w;\n";
          break;
        }
        case EndInfo::Rank:
          s += fmt::format("    int64_t best = 0;\n    for (int64_t q = 0; q < NP; ++q) {{\n      N::param(m, 0) = Value{{q, 0, 0}};\n"
                           "      const int64_t v = {};\n      if (q == 0 || v > best) best = v, N::winners(m) = 0;\n"
                           "      if (v == best) N::winners(m) |= uint32_t{{1}} << q;\n    }}\n", eval(e.arg));
          break;
        case EndInfo::Draw: break;
      }
      s += "    return true;\n  }\n";
    }
    return s + "  return false;\n}\n";
  }

 private:
  const Program& P_;
  std::vector<uint8_t> ok_;
  std::string tables_;
  std::map<int, std::string> lists_;                     // const list id -> its array's name
  std::set<std::string> indexed_;                        // the tables made by name (indexed(), zone())
  std::map<std::pair<int64_t, int64_t>, std::string> offsets_;  // constant steps -> their table's name
  std::map<std::pair<int, int>, std::string> stepped_;           // constant lists of steps -> their table's name
  bool grids_ = false;
  std::vector<uint8_t> fn_;  // per node: computed by a function of its own
  std::vector<int8_t> quiet_;  // per node: quiet() (-1: not known yet)
  std::vector<DirectPart> direct_;  // the cached parts' cells, as the machine lays them out
  int root_ = 0;
  std::vector<std::string> pending_;  // the steps counted so far by the loops being written that count theirs after them
  // while the loop being written runs where a loop around it found that the budgets hold every step it and the loops
  // in it could count (aggregate()): it counts its steps after it without testing the budgets again
  bool room_held_ = false;
  // The elements of the loops being written whose slots only generated code reads (element()): read as the loop's
  // C++ variable, never stored; `site` when every element is a site of the board (its checks then need no test).
  struct Element {
    int slot;
    std::string name;
    bool site;
  };
  std::vector<Element> elements_;
  int looping_ = -1;  // the function whose body root_ is, when it calls itself in tail position
  bool framed_ = false;  // writing a tree's function (sl())
  bool directly_ = false;  // writing a function called directly (find_direct): every node written out, no closure
  bool listing_ = false;  // writing (or checking) a direct listing's code: a move's lets are its locals
  bool exact_ = false;  // writing code that computes in another order than the interpreter: redo() from the start alone
  std::string frame_ = "F";  // the name of the frame's slots when framed_ (sl())
  std::vector<uint8_t> direct_fn_;  // per function: called directly (find_direct)
  // A copy of a function called directly for calls with some constant arguments (clone()): those parameters read as
  // the constants, so that what they compute folds (an offset by constant steps read from a table, offset()).
  struct Clone {
    int f;
    std::vector<std::pair<int, int64_t>> consts;  // (parameter, its value), by parameter
  };
  std::vector<Clone> clones_;  // written after the rest (run()), d<f>c<index>
  std::map<std::pair<int, std::vector<std::pair<int, int64_t>>>, size_t> clone_of_;
  const std::vector<std::pair<int, int64_t>>* consts_ = nullptr;  // the parameters constant in the copy being written
  static constexpr size_t kMaxClones = 256;  // (the copies made at most: the code's size stays bounded)
  int tmp_ = 0;

  const Node& at(int n) const { return P_.code[static_cast<size_t>(n)]; }
  int kid(int n, int k) const { return P_.kid(at(n), k); }
  bool is(int n, Op op) const { return n >= 0 && at(n).op == op; }
  std::string t() { return fmt::format("t{}", tmp_++); }
  // slot k of the frame: in a function of a tree, through its frame's first slot `F` (read once: the slots are never
  // moved, and the frame is the same while the function runs); elsewhere (move generation) through the machine
  // (`frame_`: the local frame of a remembered call's body written in a direct listing, memo_loop)
  std::string sl(int k) const { return framed_ ? fmt::format("{}[{}]", frame_, k) : fmt::format("N::slot(m, {})", k); }
  // Whether generated code may count steps, nest calls or make lists (what N::Start keeps): it counts, spends, nests,
  // appends, or calls what may (a tree's function, a closure, a direct call, the host).
  static bool changes_start(const std::string& code) {
    for (const char* what : {"N::tick", "N::spend", "N::nest", "N::depth", "N::ev(", "N::push", "N::put", "N::direct_call",
                             "N::drop_lists", "N::memo", "N::closure", "N::append", "N::tail", "H->", "N::frame"})
      if (code.find(what) != std::string::npos) return true;
    for (size_t at = code.find('n'); at != std::string::npos; at = code.find('n', at + 1)) {  // n<node>(m, x)
      if (at > 0 && (std::isalnum(static_cast<unsigned char>(code[at - 1])) || code[at - 1] == '_' || code[at - 1] == ':')) continue;
      size_t e = at + 1;
      while (e < code.size() && std::isdigit(static_cast<unsigned char>(code[e]))) ++e;
      if (e > at + 1 && code.compare(e, 6, "(m, x)") == 0) return true;
    }
    return false;
  }
  static std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
    return s;
  }
  // (the steps of the loops around that count theirs after them spent first: the interpreter counted them)
  std::string redo() const {
    if (directly_) return "N::retry()";
    if (exact_) return fmt::format("return (N::redo_exact(m, {}, s0))", root_);
    std::string spent;
    for (const std::string& p : pending_) spent += fmt::format("N::spend(m, {}), ", p);
    return fmt::format("return ({}N::redo(m, {}, s0))", spent, root_);
  }
  // a step counted at node n (past the budget: the interpreter's error, or a retry in a direct call)
  std::string tk(int n) const { return directly_ ? std::string("N::tick_or_retry(m);") : fmt::format("N::tick(m, H, {});", n); }

  // Whether node n is computed by the generated code (its kids may not be).
  bool translatable(int n) const {
    const Node& d = at(n);
    if ((d.op == Op::Filter || d.op == Op::Map) && d.nk > 2 && kid(n, 2) >= 0)  // a list: a function of its own
      return scalar(at(kid(n, 2)).type) && (kid(n, 1) < 0 || scalar(at(kid(n, 1)).type));
    // a list: a call, an inlined call, `if` and `let` of lists, a list literal, `++` of two lists
    if (is_list(d.type) && d.op != Op::Call && d.op != Op::Bind && d.op != Op::If && d.op != Op::Let &&
        d.op != Op::ListLit && d.op != Op::Join)
      return false;
    if (!scalar(d.type) && !is_list(d.type)) return false;
    switch (d.op) {
      case Op::Const: case Op::Str: case Op::Local: case Op::LazyLet: case Op::Hoisted: case Op::Global: case Op::PerPlayer: case Op::Me:
      case Op::CannotMove: case Op::Continuing: case Op::GameOver: case Op::HistLen: case Op::Mover: case Op::Recorded:
      case Op::LastTurn:
      case Op::Not: case Op::And: case Op::Or: case Op::Neg: case Op::Abs:
      case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod:
      case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
      case Op::MinF: case Op::MaxF: case Op::Next: case Op::Opponent:
      case Op::If: case Op::Let:
      case Op::Size: case Op::Top: case Op::Owner: case Op::KindOf: case Op::SiteOf: case Op::Attr: case Op::CountOwned:
      case Op::Link: case Op::XOf: case Op::YOf: case Op::SiteAt: case Op::Offset: case Op::ZoneEach:
        return true;
      case Op::Bind: return d.nk - 1 <= (remembered_call(P_, n) ? kMaxMemoArgs : kMaxCallArgs);
      case Op::Call: {  // its body a function of its own
        if (d.nk > (remembered_call(P_, n) ? kMaxMemoArgs : kMaxCallArgs) || d.a < 0) return false;
        const int body = P_.functions[static_cast<size_t>(d.a)].body;
        return body >= 0 && body != n && at(body).op != Op::Call && translatable(body);
      }
      case Op::TailCall: return d.nk <= kMaxCallArgs;
      case Op::Cached: return direct(n);
      case Op::Nth: return true;
      case Op::Join: return true;
      case Op::ListLit: {
        if (d.nk > kMaxListLiteral) return false;
        for (int k = 0; k < d.nk; ++k)
          if (kid(n, k) < 0 || !scalar(at(kid(n, k)).type)) return false;
        return true;
      }
      case Op::Len: return true;
      case Op::In: case Op::NotIn: return is(kid(n, 1), Op::ConstList) || of_table(kid(n, 1));
      case Op::Any: case Op::All: case Op::Count: case Op::Sum: case Op::Min: case Op::Max:
        return (d.nk < 2 || kid(n, 1) < 0 || scalar(at(kid(n, 1)).type)) &&
               (d.nk < 3 || kid(n, 2) < 0 || scalar(at(kid(n, 2)).type));
      default: return false;
    }
  }
  // Whether list l is a table's list of a site or a line: a relation's, the lines through a site, a line's sites.
  bool of_table(int l) const { return is(l, Op::Related) || is(l, Op::LinesThrough) || is(l, Op::LineSites); }
  // Whether the tree at n is small enough to be written out wherever it is a kid (at most kSmall nodes, none of them
  // a loop, a call or a list) rather than computed by a function of its own.
  static constexpr int kSmall = 6;
  bool small(int n) const {
    int budget = kSmall;
    return small(n, budget);
  }
  bool small(int n, int& budget) const {
    if (n < 0) return true;
    if (--budget < 0 || looping(n) || is_list(at(n).type) || is(n, Op::Filter) || is(n, Op::Map) || is(n, Op::Cached))
      return false;
    if (!ok_[static_cast<size_t>(n)]) return true;  // (its closure's)
    for (int k = 0; k < at(n).nk; ++k)
      if (!small(kid(n, k), budget)) return false;
    return true;
  }
  // Whether node n loops over a list or calls a function (its work is more than its kids').
  bool looping(int n) const {
    switch (at(n).op) {
      case Op::Any: case Op::All: case Op::Count: case Op::Sum: case Op::Min: case Op::Max: case Op::Call:
      case Op::TailCall: case Op::Bind:
        return true;
      default: return false;
    }
  }
  // Node n (when translated and not a leaf) computed by a function of its own.
  void own(int n) {
    if (n < 0 || !ok_[static_cast<size_t>(n)] || at(n).nk == 0) return;
    if (!fn_[static_cast<size_t>(n)]) fn_[static_cast<size_t>(n)] = 1;
  }
  // The translated nodes of the tree at n, down to the nodes with functions of their own (bounded: it stops early).
  int tree_size(int n, bool top = false) const {
    if (n < 0 || !ok_[static_cast<size_t>(n)] || (!top && fn_[static_cast<size_t>(n)])) return 0;
    int s = 1;
    for (int k = 0; k < at(n).nk && s < 100000; ++k) s += tree_size(kid(n, k));
    return s;
  }

  // The declaration of function f called directly, named `name`.
  std::string direct_decl(int f, const std::string& name) const {
    std::string params;
    for (size_t i = 0; i < P_.functions[static_cast<size_t>(f)].params.size(); ++i) params += fmt::format(", int64_t a{}", i);
    return fmt::format("static inline int64_t {}(Machine& m, const XNode& x{});\n", name, params);
  }
  // Function f called directly, named `name`: its body computed whole, its frame local (the parameters consts_ holds
  // read as their constants).
  std::string direct_fn(int f, const std::string& name) {
    const FunctionInfo& fi = P_.functions[static_cast<size_t>(f)];
    std::string params, init;
    for (size_t i = 0; i < fi.params.size(); ++i) {
      params += fmt::format(", int64_t a{}", i);
      init += fmt::format(" F[{}] = Value{{a{}, 0, 0}};", i, i);
    }
    root_ = fi.body;
    looping_ = P_.tail_calls[static_cast<size_t>(f)] ? f : -1;
    framed_ = directly_ = true;
    const std::string v = iv(fi.body);
    framed_ = directly_ = false;
    looping_ = -1;
    return fmt::format("// function {} (line {}, column {}), called directly{}\nstatic inline int64_t {}(Machine& m, const XNode& x{}) {{\n"
                       "  (void)x;\n  Value F[{}];{}\n{}}}\n",
                       f, at(fi.body).pos.line, at(fi.body).pos.col, consts_ ? ", some parameters constant" : "", name,
                       params, fi.frame + 1, init,
                       P_.tail_calls[static_cast<size_t>(f)] ? fmt::format("  for (;;) {{\n    return {};\n  }}\n", v)
                                                             : fmt::format("  return {};\n", v));
  }
  // Whether node k is a constant in the code being written: a constant, or a parameter constant in the copy of a
  // function being written (consts_).
  bool constant(int k, int64_t& v) const {
    if (is(k, Op::Const)) return v = at(k).imm, true;
    if (!consts_ || !is(k, Op::Local) || element(at(k).a)) return false;
    for (const auto& [slot, c] : *consts_)
      if (slot == at(k).a) return v = c, true;
    return false;
  }
  // The name of function f called directly for call n: a copy of it with the arguments that are constants read as
  // such (made once for each function and constants, at most kMaxClones of them), else d<f>. A function that calls
  // itself in tail position, changing its parameters in place, has no copy.
  std::string clone(int f, int n) {
    const std::string plain = fmt::format("d{}", f);
    if (P_.tail_calls[static_cast<size_t>(f)]) return plain;
    std::vector<std::pair<int, int64_t>> consts;
    for (int i = 0; i < at(n).nk; ++i)
      if (int64_t v = 0; constant(kid(n, i), v)) consts.push_back({i, v});
    if (consts.empty()) return plain;
    auto key = std::make_pair(f, consts);
    if (auto it = clone_of_.find(key); it != clone_of_.end()) return fmt::format("d{}c{}", f, it->second);
    if (clones_.size() >= kMaxClones) return plain;
    clone_of_[key] = clones_.size();
    clones_.push_back({f, std::move(consts)});
    return fmt::format("d{}c{}", f, clones_.size() - 1);
  }

  // kid k's value as an int64_t, a Value (a kid with a function of its own: its function's)
  std::string iv(int k) {
    if (k >= 0 && fn_[static_cast<size_t>(k)] && !directly_) return fmt::format("n{}(m, x).i", k);
    if (k >= 0 && ok_[static_cast<size_t>(k)]) return expr(k);
    if (is(k, Op::Local)) return sl(at(k).a) + ".i";
    return fmt::format("N::ev(m, {}).i", k);
  }
  // an effect's expression kid k, a Value: its tree's function, a slot, a constant, else its closure (a tree of one node
  // that could leave its value to its closure is left to it: the effect's function has no closure of its own to leave
  // to)
  std::string effect_value(int k) {
    if (fn_[static_cast<size_t>(k)]) return fmt::format("n{}(m, x)", k);
    if (is(k, Op::Local)) return sl(at(k).a);
    if (is(k, Op::Const)) return fmt::format("Value{{{}, 0, 0}}", lit(at(k).imm));
    if (is(k, Op::Me)) return "Value{N::me(m), 0, 0}";
    return fmt::format("N::ev(m, {})", k);
  }
  // the value of the function's own node
  std::string value_of(int r) {
    if (is(r, Op::Call)) return call(r);
    if (is(r, Op::Bind)) return bind(r);
    if (!is_list(at(r).type)) return fmt::format("Value{{{}, 0, 0}}", expr(r));
    switch (at(r).op) {
      case Op::If: return fmt::format("(({}) ? ({}) : ({}))", iv(kid(r, 0)), value(kid(r, 1)), value(kid(r, 2)));
      case Op::Let: return fmt::format("({{ {} = {}; {}; }})", sl(at(r).a), value(kid(r, 0)), value(kid(r, 1)));
      case Op::ListLit: return literal(r);
      case Op::Join: return join(r);
      default: return collect(r);
    }
  }
  std::string value(int k) {
    if (k >= 0 && fn_[static_cast<size_t>(k)] && !directly_) return fmt::format("n{}(m, x)", k);
    if (direct(k)) return cached(k);
    if (is(k, Op::KindPieces) && quiet(kid(k, 0))) return kind_pieces(k);
    if (k >= 0 && ok_[static_cast<size_t>(k)]) return value_of(k);
    if (is(k, Op::Local)) return sl(at(k).a);
    return fmt::format("N::ev(m, {})", k);
  }
  // kid k as a site: checked (an error is the closure's)
  std::string site(int k, const std::string& name) {
    if (const Element* e = is(k, Op::Local) ? element(at(k).a) : nullptr; e && e->site)
      return fmt::format("const int64_t {} = {};", name, e->name);
    return fmt::format("const int64_t {} = {}; if (static_cast<uint64_t>({}) >= NS) {};", name, iv(k), name, redo());
  }
  // The loop element read from slot `slot` as its C++ variable (elements_), or null.
  const Element* element(int slot) const {
    for (auto it = elements_.rbegin(); it != elements_.rend(); ++it)
      if (it->slot == slot) return &*it;
    return nullptr;
  }
  // Whether the element of a loop over dom into `slot`, with condition `where` and body `body`, is read as the loop's
  // C++ variable: both are quiet and written inline (no function of their own, no closure: nothing else reads the
  // slot, which then keeps no element). Pushed on elements_ when so (the caller pops it).
  bool element_inline(int dom, int slot, int where, int body, const std::string& name) {
    if (!quiet(where) || !quiet(body) || !inline_only(where) || !inline_only(body)) return false;
    elements_.push_back({slot, name, sites_only(dom)});
    return true;
  }
  // Whether list dom is one whose every element is a site of the board: a constant list, a relation's lists, the
  // lines' sites, when their items all are.
  bool sites_only(int dom) const {
    auto valid = [&](int l) {
      for (const int32_t v : P_.lists[static_cast<size_t>(l)])
        if (v < 0 || v >= P_.nsites()) return false;
      return true;
    };
    if (is(dom, Op::ConstList)) return at(dom).type == Type::Sites && valid(at(dom).a);
    if (!is(dom, Op::Related) && !is(dom, Op::LineSites)) return false;
    const std::vector<int>& lists = is(dom, Op::Related) ? P_.relation_lists[static_cast<size_t>(at(dom).a)] : P_.line_sites;
    for (const int l : lists)
      if (!valid(l)) return false;
    return true;
  }
  // Whether every node of the tree at n is written where it is read (none with a function of its own).
  bool inline_only(int n) const {
    if (n < 0 || is(n, Op::ConstList)) return true;  // (a constant list's items read from its table)
    // (a cached part reads its inputs from their slots, and so does its closure)
    if (!ok_[static_cast<size_t>(n)] || (fn_[static_cast<size_t>(n)] && !directly_) || is(n, Op::Cached)) return false;
    for (int k = 0; k < at(n).nk; ++k)
      if (!inline_only(kid(n, k))) return false;
    return true;
  }
  std::string piece(int k, const std::string& name) {
    return fmt::format("const int64_t {} = {}; if (static_cast<uint64_t>({}) >= N::npieces(m)) {};", name, iv(k), name,
                       redo());
  }
  std::string array(const std::string& name, const std::vector<int32_t>& v) {
    std::string s = fmt::format("const int32_t {}[] = {{", name);
    for (size_t i = 0; i < v.size(); ++i) s += fmt::format("{}{}", i ? "," : "", v[i]);
    if (v.empty()) s += "0";
    return s + "};\n";
  }
  const std::string& list(int l) {
    auto it = lists_.find(l);
    if (it != lists_.end()) return it->second;
    const std::string name = fmt::format("L{}", l);
    tables_ += array(name, P_.lists[static_cast<size_t>(l)]);
    return lists_[l] = name;
  }
  // a per-player zone's sites by player (Z<zone>)
  std::string zone(int z) {
    const std::string name = fmt::format("Z{}", z);
    if (indexed_.insert(name).second) {
      const std::vector<int>& v = P_.zone_sites[static_cast<size_t>(z)];
      tables_ += array(name, std::vector<int32_t>(v.begin(), v.end()));
    }
    return name;
  }
  // lists of the program by index, laid out as tables: <name>o (offsets, one more than the lists) and <name>i (the
  // items): a relation's lists by site (R<relation>), a family's lines through each site (T<family>), every line's
  // sites (LS)
  const std::string& indexed(const std::string& name, const std::vector<int>& lists) {
    auto it = indexed_.find(name);
    if (it != indexed_.end()) return *it;
    std::vector<int32_t> off{0}, items;
    for (int l : lists) {
      for (int32_t e : P_.lists[static_cast<size_t>(l)]) items.push_back(e);
      off.push_back(static_cast<int32_t>(items.size()));
    }
    tables_ += array(name + "o", off) + array(name + "i", items);
    return *indexed_.insert(name).first;
  }
  const std::string& relation(int r) {
    return indexed(fmt::format("R{}", r), P_.relation_lists[static_cast<size_t>(r)]);
  }
  // the grids: GG/GX/GY per site (grid -1: on none), and each grid's width, height and sites
  void grids() {
    if (grids_) return;
    grids_ = true;
    std::vector<int32_t> gg, gx, gy, gw, gh, go{0}, gs;
    for (const GridPlace& g : P_.grid_place) gg.push_back(g.grid), gx.push_back(g.x), gy.push_back(g.y);
    for (const GridInfo& g : P_.grids) {
      gw.push_back(g.width), gh.push_back(g.height);
      for (int32_t s : g.sites) gs.push_back(s);
      go.push_back(static_cast<int32_t>(gs.size()));
    }
    tables_ += array("GG", gg) + array("GX", gx) + array("GY", gy) + array("GW", gw) + array("GH", gh) +
               array("GO", go) + array("GS", gs);
    tables_ +=
        "inline int64_t grid_site(int64_t g, int64_t x, int64_t y) {\n"
        "  if (x < 1 || y < 1 || x > GW[g] || y > GH[g]) return -1;\n"
        "  return GS[GO[g] + (y - 1) * GW[g] + x - 1];\n}\n";
  }
  // What the compiler may take for granted of `r`, read from a table of offsets past its -2: a site or none (-1), so
  // that the checks of it as a site after a test of none fold away.
  static std::string a_site_or_none(const std::string& r) {
    return fmt::format("if ({} < -1 || {} >= static_cast<int64_t>(NS)) __builtin_unreachable();", r, r);
  }
  // every site's offset by constant steps: -2 for a site on no grid (the closure's error)
  const std::string& offset(int64_t dx, int64_t dy) {
    auto it = offsets_.find({dx, dy});
    if (it != offsets_.end()) return it->second;
    std::vector<int32_t> v;
    for (const GridPlace& g : P_.grid_place)
      v.push_back(g.grid < 0 ? -2 : static_cast<int32_t>(P_.grids[static_cast<size_t>(g.grid)].site(g.x + dx, g.y + dy)));
    const std::string name = fmt::format("O{}", offsets_.size());
    tables_ += array(name, v);
    return offsets_[{dx, dy}] = name;
  }

  // offset node n's steps as nth(DX, i) and nth(DY, i) of two constant lists of small steps, of one length, at the same
  // slot i: that length (else 0)
  int stepped(int n) const {
    const int x = kid(n, 1), y = kid(n, 2);
    if (!is(x, Op::Nth) || !is(y, Op::Nth) || !is(kid(x, 0), Op::ConstList) || !is(kid(y, 0), Op::ConstList)) return 0;
    const int ix = kid(x, 1), iy = kid(y, 1);
    if (!is(ix, Op::Local) || !is(iy, Op::Local) || at(ix).a != at(iy).a) return 0;
    const std::vector<int32_t>& dx = P_.lists[static_cast<size_t>(at(kid(x, 0)).a)];
    const std::vector<int32_t>& dy = P_.lists[static_cast<size_t>(at(kid(y, 0)).a)];
    if (dx.size() != dy.size() || dx.empty() || dx.size() > 64) return 0;
    for (size_t i = 0; i < dx.size(); ++i)
      if (std::abs(dx[i]) >= (1 << 20) || std::abs(dy[i]) >= (1 << 20)) return 0;
    return static_cast<int>(dx.size());
  }
  // every site's offsets by the steps (DX[i], DY[i]) of constant lists dx and dy, site by site: -2 for a site on no
  // grid (the closure's error)
  const std::string& offsets_by(int dx, int dy) {
    auto it = stepped_.find({dx, dy});
    if (it != stepped_.end()) return it->second;
    const std::vector<int32_t>& xs = P_.lists[static_cast<size_t>(dx)];
    const std::vector<int32_t>& ys = P_.lists[static_cast<size_t>(dy)];
    std::vector<int32_t> v;
    for (const GridPlace& g : P_.grid_place)
      for (size_t i = 0; i < xs.size(); ++i)
        v.push_back(g.grid < 0 ? -2 : static_cast<int32_t>(P_.grids[static_cast<size_t>(g.grid)].site(g.x + xs[i], g.y + ys[i])));
    const std::string name = fmt::format("OL{}", stepped_.size());
    tables_ += array(name, v);
    return stepped_[{dx, dy}] = name;
  }
  // a OP b as the language computes it (common/arith.hpp, as the closures do), an error where it has no value
  std::string arith(int n, const char* op) {
    const std::string a = t(), b = t(), r = t();
    return fmt::format("({{ const int64_t {} = {}; const int64_t {} = {}; int64_t {}; if (ri::arith(ArithOp::{}, {}, {}, {}) != ArithError::None) [[unlikely]] {}; {}; }})",
                       a, iv(kid(n, 0)), b, iv(kid(n, 1)), r, op, a, b, r, redo(), r);
  }
  std::string compare(int n, const char* op) {
    const std::string a = t();
    return fmt::format("({{ const int64_t {} = {}; static_cast<int64_t>({} {} {}); }})", a, iv(kid(n, 0)), a, op,
                       iv(kid(n, 1)));
  }
  // Whether the tree at n is quiet: translated, it neither counts steps, nor makes lists, nor leaves a kid to its
  // closure (which could do either), so that a loop over it knows before it starts the most steps and items it costs.
  bool quiet(int n, int depth = 0) {
    if (n < 0) return true;
    if (!ok_[static_cast<size_t>(n)] || depth > 64) return false;
    int8_t& q = quiet_[static_cast<size_t>(n)];
    if (q >= 0) return q != 0;
    const Node& d = at(n);
    bool r = true;
    switch (d.op) {
      case Op::Filter: case Op::Map: case Op::Any: case Op::All: case Op::Count: case Op::Sum: case Op::Min:
      case Op::Max: case Op::Call: case Op::TailCall:
        r = false;
        break;
      case Op::ListLit: case Op::Join:  // (lists made)
        r = false;
        break;
      case Op::Len: r = is(kid(n, 0), Op::ConstList); break;
      case Op::Nth: r = is(kid(n, 0), Op::ConstList) && quiet(kid(n, 1), depth + 1); break;
      case Op::In: case Op::NotIn:
        r = quiet(kid(n, 0), depth + 1) && (is(kid(n, 1), Op::ConstList) || quiet(kid(kid(n, 1), 0), depth + 1));
        break;
      default:
        for (int k = 0; k < d.nk && r; ++k) r = quiet(kid(n, k), depth + 1);
    }
    q = r ? 1 : 0;
    return r;
  }
  // Whether the tree at n counts at most `steps` steps (added to it), makes no list and leaves no kid to its closure:
  // a quiet tree (none), or an aggregate over a table's list (constant lists, a relation's lists, the lines through a
  // site, the lines' sites: `most_of`) whose condition and body are such trees (each element's step and theirs).
  bool bounded(int n, int64_t& steps, int depth = 0) {
    if (quiet(n)) return true;
    if (depth > 4 || !ok_[static_cast<size_t>(n)]) return false;
    const Node& d = at(n);
    switch (d.op) {
      case Op::Any: case Op::All: case Op::Count: case Op::Sum: case Op::Min: case Op::Max: break;
      default: return false;
    }
    const int64_t most = most_of(kid(n, 0));
    int64_t each = 1;
    if (most < 0 || (d.nk > 1 && !bounded(kid(n, 1), each, depth + 1)) || (d.nk > 2 && !bounded(kid(n, 2), each, depth + 1)))
      return false;
    steps += most * each;
    return steps < (int64_t{1} << 32);
  }
  // The most elements of table list l (-1: not a table's list): a constant list's, the longest list of a relation,
  // of the lines through a site of a family, or of a line's sites.
  int64_t most_of(int l) const {
    auto longest = [&](const std::vector<int>& lists) {
      size_t most = 0;
      for (const int k : lists) most = std::max(most, P_.lists[static_cast<size_t>(k)].size());
      return static_cast<int64_t>(most);
    };
    if (is(l, Op::ConstList)) return static_cast<int64_t>(P_.lists[static_cast<size_t>(at(l).a)].size());
    if (is(l, Op::Related)) return longest(P_.relation_lists[static_cast<size_t>(at(l).a)]);
    if (is(l, Op::LinesThrough)) return longest(P_.through_lists[static_cast<size_t>(at(l).a)]);
    if (is(l, Op::LineSites)) return longest(P_.line_sites);
    return -1;
  }
  // The loop over list dom's elements: what comes before it (`pre`), its head, which opens the loop's block and
  // declares the element `e` (a const int64_t), and the most elements it walks (`most`, an expression valid after
  // `pre`). A constant list, a relation's list of a site and a range are walked here; another list through the
  // machine's list access. (Its steps, one per element as Machine::for_each counts them, are the caller's: tick().)
  void loop(int dom, const std::string& e, std::string& pre, std::string& head, std::string& most) {
    if (listing_ && listing_walk(dom, e, pre, head, most)) return;
    const std::string i = t();
    if (is(dom, Op::ConstList)) {
      const std::string& l = list(at(dom).a);
      const size_t len = P_.lists[static_cast<size_t>(at(dom).a)].size();
      head = fmt::format("for (size_t {} = 0; {} < {}; ++{}) {{ const int64_t {} = {}[{}];", i, i, len, i, e, l, i);
      most = fmt::format("INT64_C({})", len);
    } else if (of_table(dom)) {
      // a list of a table by index (as Closures::related, lines_through and line_sites check the index)
      const std::string st = t();
      const int a = at(dom).a;
      const std::string& r = is(dom, Op::Related)        ? relation(a)
                              : is(dom, Op::LineSites)   ? indexed("LS", P_.line_sites)
                                                         : indexed(fmt::format("T{}", a), P_.through_lists[static_cast<size_t>(a)]);
      if (is(dom, Op::LineSites))
        pre += fmt::format("const int64_t {} = {}; if (static_cast<uint64_t>({}) >= {}) {}; ", st, iv(kid(dom, 0)), st,
                           P_.line_sites.size(), redo());
      else
        pre += site(kid(dom, 0), st) + " ";
      head = fmt::format("for (int32_t {} = {}o[{}]; {} < {}o[{} + 1]; ++{}) {{ const int64_t {} = {}i[{}];", i, r, st, i,
                         r, st, i, e, r, i);
      most = fmt::format("static_cast<int64_t>({}o[{} + 1] - {}o[{}])", r, st, r, st);
    } else if (is(dom, Op::Range)) {  // bounds as Closures::range checks them
      const std::string lo = t(), hi = t();
      pre += fmt::format("const int64_t {} = {}; const int64_t {} = {}; ", lo, iv(kid(dom, 0)), hi, iv(kid(dom, 1)));
      pre += fmt::format("if ({} < INT32_MIN || {} > INT32_MAX || {} < INT32_MIN || {} > INT32_MAX || ({} >= {} && {} - {} >= {})) {}; ",
                         lo, lo, hi, hi, hi, lo, hi, lo, kMaxRange, redo());
      head = fmt::format("for (int64_t {} = {}; {} <= {}; ++{}) {{ const int64_t {} = {};", i, lo, i, hi, i, e, i);
      most = fmt::format("({} >= {} ? {} - {} + 1 : INT64_C(0))", hi, lo, hi, lo);
    } else if (listing_ && direct(dom) && at(dom).type != Type::Pieces) {
      // a cached list of sites or values read from its cell in a direct listing: a constant list's or a range's items,
      // or the kept ones in place (a direct listing keeps no cached part: they do not move while it walks them)
      const std::string l = t(), len = t(), ci = t(), ki = t();
      pre += fmt::format("const Value {} = {}; const int32_t* {} = N::items(m, {}); const int64_t* {} = N::kept_items(m, {}); ",
                         l, value(dom), ci, l, ki, l);
      pre += fmt::format("const int64_t {} = {} ? static_cast<int64_t>({}.c) : N::len(m, {}); ", len, ki, l, l);
      head = fmt::format("for (int64_t {} = 0; {} < {}; ++{}) {{ const int64_t {} = {} ? {}[{}] : {} ? {}[{}] : N::at(m, {}, {});",
                         i, i, len, i, e, ki, ki, i, ci, ci, i, l, i);
      most = len;
    } else {
      const std::string l = t(), all = t(), len = t(), ci = t();
      pre += fmt::format("const Value {} = {}; const bool {} = N::all_pieces({}); const int64_t {} = {} ? static_cast<int64_t>(N::npieces(m)) : N::len(m, {}); ",
                         l, value(dom), all, l, len, all, l);
      pre += fmt::format("const int32_t* {} = N::items(m, {}); ", ci, l);  // a constant list's items, read in place
      head = fmt::format("for (int64_t {} = 0; {} < {}; ++{}) {{ if ({} && N::site(m, {}) < 0) continue; const int64_t {} = {} ? {} : {} ? {}[{}] : N::at_in(m, {}, {});",
                         i, i, len, i, all, i, e, all, i, ci, ci, i, l, i);
      most = len;
    }
  }
  // The lists only a direct listing walks (listing_list()): a remembered call's (memo_loop()); an inlined call's, its
  // arguments evaluated, then stored in its slots (as bind()), then its body's loop; a list literal, room for its
  // items checked first (else a retry), its items evaluated in order, then put in the arena (where the interpreter
  // holds them: listing_loop() drops them after the loop); `if` of two lists, the values of the one chosen gathered in
  // an array first (at most listing_most(), else a retry). False for another list.
  bool listing_walk(int dom, const std::string& e, std::string& pre, std::string& head, std::string& most) {
    if (memo_listable(dom)) {
      memo_loop(dom, e, pre, head, most);
      return true;
    }
    const std::string i = t();
    if (is(dom, Op::Bind) && !remembered_call(P_, dom)) {
      const int args = at(dom).nk - 1;
      const std::string a = t();
      pre += fmt::format("Value {}[{}]; ", a, args + 1);
      for (int k = 0; k < args; ++k) pre += fmt::format("{}[{}] = {}; ", a, k, value(kid(dom, k)));
      for (int k = 0; k < args; ++k) pre += fmt::format("{} = {}[{}]; ", sl(at(dom).a + k), a, k);
      loop(kid(dom, args), e, pre, head, most);
      return true;
    }
    if (is(dom, Op::ListLit)) {
      const int cnt = at(dom).nk;
      const std::string it = t();
      pre += fmt::format("if (!N::room(m, 0, {})) N::retry(); int64_t {}[{}]; ", cnt, it, cnt + 1);
      for (int k = 0; k < cnt; ++k) pre += fmt::format("{}[{}] = {}; ", it, k, iv(kid(dom, k)));
      for (int k = 0; k < cnt; ++k) pre += fmt::format("N::put(m, {}[{}]); ", it, k);
      head = fmt::format("for (int {} = 0; {} < {}; ++{}) {{ const int64_t {} = {}[{}];", i, i, cnt, i, e, it, i);
      most = fmt::format("INT64_C({})", cnt);
      return true;
    }
    if (!is(dom, Op::If)) return false;
    const int64_t bound = listing_most(dom);
    const std::string g = t(), ng = t();
    pre += fmt::format("int64_t {}[{}]; int64_t {} = 0; if ({}) {{ ", g, std::max<int64_t>(bound, 1), ng, iv(kid(dom, 0)));
    for (int k = 1; k <= 2; ++k) {
      std::string bpre, bhead, bmost;
      const std::string be = t();
      loop(kid(dom, k), be, bpre, bhead, bmost);
      pre += fmt::format("{}if ({} > INT64_C({})) N::retry(); {} {}[{}++] = {}; }} }}{}", bpre, bmost, bound, bhead, g, ng, be,
                         k == 1 ? " else { " : " ");
    }
    head = fmt::format("for (int64_t {} = 0; {} < {}; ++{}) {{ const int64_t {} = {}[{}];", i, i, ng, i, e, g, i);
    most = ng;
    return true;
  }
  std::string tick(int n) const { return " " + tk(n); }
  // any, all, count, sum, min, max: one step per element, the lists made for an element dropped before the next (as
  // Closures::aggregate_of). When the condition and the body are bounded (quiet, or aggregates over tables of such)
  // and the budgets hold every step the loop and they could count, the loop's own steps are counted once, after it
  // (no step can fail, no list is made); the aggregates in its condition and body then count theirs after them
  // without testing the budgets (room_held_).
  std::string aggregate(int n) {
    const Node& d = at(n);
    const int dom = kid(n, 0), where = d.nk > 1 ? kid(n, 1) : -1, body = d.nk > 2 ? kid(n, 2) : -1;
    if (const int w = owned_sum_player(P_, d); w >= 0) return owned_sum(n, w);
    const std::string acc = t(), found = t(), sv = t(), mark = t(), e = t();
    std::string s = "({ ", head, most;
    int64_t each = 1;  // (the most steps of an element)
    const bool fast = bounded(where, each) && bounded(body, each);
    loop(dom, e, s, head, most);
    const bool extreme = d.op == Op::Min || d.op == Op::Max;
    const bool inl = element_inline(dom, d.a, where, body, e);
    s += fmt::format("int64_t {} = {}; bool {} = false; (void){}; {}const size_t {} = N::arena(m); ", acc,
                     d.op == Op::All ? 1 : 0, found, found, inl ? "" : fmt::format("Value* {} = &{}; ", sv, sl(d.a)), mark);
    // the loop, its steps counted one by one (else after it, in `steps`)
    auto walk = [&](bool counted, const std::string& steps) {
      std::string w = head + (counted ? tick(n) : fmt::format(" ++{};", steps));
      if (counted) w += fmt::format(" if (N::arena(m) != {}) N::drop_lists(m, {});", mark, mark);
      if (!inl) w += fmt::format(" *{} = Value{{{}, 0, 0}};", sv, e);
      if (where >= 0) w += fmt::format(" if (!({})) continue;", iv(where));
      switch (d.op) {
        case Op::Any: w += fmt::format(" if ({}) {{ {} = 1; break; }}", body >= 0 ? iv(body) : "true", acc); break;
        case Op::All: w += fmt::format(" if (!({})) {{ {} = 0; break; }}", body >= 0 ? iv(body) : "true", acc); break;
        case Op::Count: w += fmt::format(" {} += {};", acc, body >= 0 ? fmt::format("({}) != 0", iv(body)) : "1"); break;
        case Op::Sum:
          w += fmt::format(" if (__builtin_add_overflow({}, {}, &{})) [[unlikely]] {};", acc, iv(body), acc, redo());
          break;
        default: {
          const std::string v = t();
          w += fmt::format(" const int64_t {} = {}; if (!{} || {} {} {}) {} = {}; {} = true;", v, iv(body), found, v,
                           d.op == Op::Min ? "<" : ">", acc, acc, v, found);
        }
      }
      return w + " }";
    };
    if (fast) {
      const std::string steps = t();
      const std::string all = each == 1 ? most : fmt::format("({}) * INT64_C({})", most, each);
      pending_.push_back(steps);
      const bool held = room_held_;  // (the loops in it need not test the budgets: they hold their steps too)
      room_held_ = true;
      const std::string counted_after = walk(false, steps);
      room_held_ = held;
      pending_.pop_back();
      if (held)
        s += fmt::format("{{ int64_t {} = 0; {} N::spend(m, {}); }}", steps, counted_after, steps);
      else
        s += fmt::format("if (N::room(m, {}, 0)) {{ int64_t {} = 0; {} N::spend(m, {}); }} else {{ {} }}", all, steps,
                         counted_after, steps, walk(true, ""));
    } else {
      s += walk(true, "");
    }
    if (inl) elements_.pop_back();
    if (extreme) s += fmt::format(" if (!{}) {};", found, redo());
    return s + fmt::format(" {}; }})", acc);
  }
  // sum(s in L : owned(s, W)) (owned_in), W read once before the loop (a slot other than the element's, `me` or a
  // constant), as Closures::owned_sum reads it: the board's counts of W's pieces added up, one step per element (counted
  // after the loop when the budgets hold them all); an element that is not a site the body's error (the closure's)
  std::string owned_sum(int n, int w) {
    const std::string acc = t(), who = t(), any = t(), e = t(), steps = t();
    std::string s = "({ ", head, most;
    loop(kid(n, 0), e, s, head, most);
    s += fmt::format("const int64_t {} = {}; const bool {} = {} >= 0 && {} < NP; int64_t {} = 0; ", who, iv(w), any, who,
                     who, acc);
    const bool sites = sites_only(kid(n, 0));
    auto add = [&] {
      const std::string a = fmt::format(" if ({}) {} += N::owned(m, {}, {}); }}", any, acc, e, who);
      return sites ? a : fmt::format(" if (static_cast<uint64_t>({}) >= NS) [[unlikely]] {};", e, redo()) + a;
    };
    pending_.push_back(steps);
    const std::string counted_after = head + fmt::format(" ++{};", steps) + add();
    pending_.pop_back();
    if (room_held_)  // (in a loop that found the budgets hold its steps: aggregate())
      s += fmt::format("{{ int64_t {} = 0; {} N::spend(m, {}); }}", steps, counted_after, steps);
    else
      s += fmt::format("if (N::room(m, {}, 0)) {{ int64_t {} = 0; {} N::spend(m, {}); }} else {{ {} }}", most, steps,
                       counted_after, steps, head + tick(n) + add());
    return s + fmt::format(" {}; }})", acc);
  }
  // filter and map: the kept elements or the values, in order, one step each besides the element's, made in the
  // arena (as Closures::collect); a Value. Quiet conditions and bodies: as for aggregates, the steps counted once, and
  // the items appended without checking the arena's limit (checked once, for the most the loop could append).
  std::string collect(int n) {
    if (fusable(n)) return fused(n);
    const Node& d = at(n);
    const int dom = kid(n, 0), where = kid(n, 1), body = kid(n, 2);
    const std::string from = t(), start = t(), count = t(), sv = t(), e = t();
    std::string s = fmt::format("({{ const size_t {} = N::arena(m); ", from), head, most;
    const bool fast = quiet(where) && quiet(body);
    loop(dom, e, s, head, most);
    const bool inl = fast && element_inline(dom, d.a, where, body, e);
    s += fmt::format("size_t {} = N::arena(m); size_t {} = 0; {}", start, count,
                     inl ? "" : fmt::format("Value* {} = &{}; ", sv, sl(d.a)));
    // (a filter of sites by who holds them, as Closures::filter_sites: without branches where the budgets hold it all)
    const std::string tested = fast ? site_keep(n, e) : "";
    auto walk = [&](bool counted, const std::string& steps) {
      const std::string keep = t(), v = t();
      std::string w = head + (counted ? tick(n) : fmt::format(" ++{};", steps));
      if (!counted && !tested.empty())
        return w + fmt::format(" const bool {} = {}; N::put_if(m, {}, {}); {} += {}; }}", keep, tested, e, keep, count, keep);
      if (!inl) w += fmt::format(" *{} = Value{{{}, 0, 0}};", sv, e);
      w += fmt::format(" bool {} = {}; int64_t {} = {};", keep, where >= 0 ? fmt::format("({}) != 0", iv(where)) : "true", v, e);
      if (d.op == Op::Filter) w += fmt::format(" if ({}) {} = ({}) != 0;", keep, keep, iv(body));
      else w += fmt::format(" if ({}) {} = {};", keep, v, iv(body));
      if (counted) {
        w += fmt::format(" if (N::arena(m) != {} + {}) [[unlikely]] {} = H->collect_over(m, {}, {}, {});", start, count,
                         start, n, start, count);
        w += fmt::format(" if ({}) {{ N::tick(m, H, {}); N::push(m, H, {}, {}); ++{}; }} }}", keep, n, n, v, count);
      } else {
        w += fmt::format(" if ({}) {{ N::put(m, {}); ++{}; }} }}", keep, v, count);
      }
      return w;
    };
    // (or the sites it keeps read from the board's sets of sites: site_walk)
    const std::string walked = fast ? site_walk(n, e, fmt::format("N::put(m, {}); ++{};", e, count)) : "";
    if (!walked.empty()) {
      s += fmt::format("if (N::room(m, 2 * {}, {})) {{ N::reserve(m, {}); {} N::spend(m, {} + static_cast<int64_t>({})); }} else {{ {} }}",
                       most, most, most, walked, most, count, walk(true, ""));
    } else if (fast) {
      const std::string steps = t();
      pending_.push_back(fmt::format("{} + static_cast<int64_t>({})", steps, count));
      const std::string counted_after = walk(false, steps);
      pending_.pop_back();
      s += fmt::format("if (N::room(m, 2 * {}, {}){}) {{ int64_t {} = 0; {}{} N::spend(m, {} + static_cast<int64_t>({})); }} else {{ {} }}",
                       most, most, tested.empty() ? "" : " && N::stacks(m)", steps,
                       tested.empty() ? "" : fmt::format("N::reserve(m, {}); ", most), counted_after, steps, count, walk(true, ""));
    } else {
      s += walk(true, "");
    }
    if (inl) elements_.pop_back();
    return s + fmt::format(" N::settle(m, H, {}, {}); }})", from, start);
  }

  // Whether map n is `map(y in filter(x in L where C : D) where E : B)` with C, D, E and B quiet, its filter translated
  // (fused()).
  bool fusable(int n) {
    const int f = kid(n, 0);
    if (listing_ || directly_ || !is(n, Op::Map) || !is(f, Op::Filter) || !ok_[static_cast<size_t>(f)]) return false;
    return quiet(kid(f, 1)) && quiet(kid(f, 2)) && quiet(kid(n, 1)) && quiet(kid(n, 2));
  }
  // map(y in filter(x in L where C : D) where E : B) in one walk over L, without the filter's list: each element kept
  // by the filter is the map's next element at once. The lists and steps are the two loops' (one step per element of
  // L, one per element the filter keeps, one per element of the map, one per item), counted after the walk, which
  // runs when the budgets and the arena could hold both loops whole (else the tree's closure computes it); the
  // conditions and the body then count no step and make no list, and where one meets an error (in another order
  // than the interpreter's: a body before a later condition) the tree's closure computes it from the start, the
  // budgets then the closure's (Native::redo_exact; also for an error of a kid that has a function of its own).
  std::string fused(int n) {
    const Node& d = at(n);
    const int f = kid(n, 0);
    const Node& df = at(f);
    const int fwhere = kid(f, 1), fbody = kid(f, 2), where = kid(n, 1), body = kid(n, 2);
    const std::string from = t(), start = t(), count = t(), kept = t(), steps = t(), svf = t(), svm = t(), e = t();
    std::string s = fmt::format("({{ const size_t {} = N::arena(m); ", from), head, most;
    loop(kid(f, 0), e, s, head, most);
    s += fmt::format("size_t {} = N::arena(m); size_t {} = 0; int64_t {} = 0, {} = 0; Value* {} = &{}; Value* {} = &{}; ",
                     start, count, kept, steps, svf, sl(df.a), svm, sl(d.a));
    exact_ = true;
    s += fmt::format("if (!N::room(m, 4 * ({}), 2 * ({}))) {}; try {{ ", most, most, redo());
    const std::string kf = t(), km = t(), v = t();
    s += head + fmt::format(" ++{}; *{} = Value{{{}, 0, 0}}; bool {} = {};", steps, svf, e, kf,
                            fwhere >= 0 ? fmt::format("({}) != 0", iv(fwhere)) : "true");
    s += fmt::format(" if ({}) {} = ({}) != 0;", kf, kf, iv(fbody));
    s += fmt::format(" if ({}) {{ ++{}; *{} = Value{{{}, 0, 0}}; bool {} = {}; int64_t {} = {};", kf, kept, svm, e, km,
                     where >= 0 ? fmt::format("({}) != 0", iv(where)) : "true", v, e);
    s += fmt::format(" if ({}) {} = {}; if ({}) {{ N::put(m, {}); ++{}; }} }} }}", km, v, iv(body), km, v, count);
    // (an error of a kid with a function of its own, which leaves only its own tree to its closure)
    s += fmt::format(" }} catch (const RuntimeError&) {{ {}; }}", redo());
    exact_ = false;
    return s + fmt::format(" N::spend(m, {} + 2 * {} + static_cast<int64_t>({})); N::settle(m, H, {}, {}); }})", steps,
                           kept, count, from, start);
  }

  // filter(x in L : occupied(x) and top(x).owner == W) (or != W) of filter n over a list of sites, W read once
  // (Closures::filter_sites): the test of element e without a branch (Native::occupied_top_owner); "" for another
  std::string site_keep(int n, const std::string& e) {
    int who = -1;
    const RequireInfo::Native test = sites_filter(P_, at(n), who);
    if (test == RequireInfo::Evaluated || !sites_only(kid(n, 0))) return "";
    if (test == RequireInfo::OwnedSome) return fmt::format("N::owned_some(m, {}, {})", e, iv(who));
    return fmt::format("N::occupied_top_owner(m, {}, {}, {})", e, iv(who),
                       test == RequireInfo::OccupiedTopOwnerIs ? "true" : "false");
  }
  // The walk over the sites filter n keeps, read from the board's sets of sites (State::held, topped) instead of
  // testing each: for filter(s in L : owned(s, W) > 0), filter(s in L : occupied(s) and top(s).owner == W) (or != W),
  // W read once, L a constant list of distinct sites, in increasing order or of at most 64, in a game that keeps the
  // sets (Program::uses_site_sets). Code that runs `put` (a statement reading the site in `e`) for each site L keeps,
  // in L's order; "" for another filter.
  std::string site_walk(int n, const std::string& e, const std::string& put) {
    int who = -1;
    const RequireInfo::Native test = sites_filter(P_, at(n), who);
    const int dom = kid(n, 0);
    if (test == RequireInfo::Evaluated || !P_.uses_site_sets || !is(dom, Op::ConstList) || !sites_only(dom)) return "";
    const int l = at(dom).a;
    const SiteListShape shape = site_list_shape(P_, l);
    if (!shape.walkable) return "";
    const bool ascending = shape.ascending;
    const std::vector<uint64_t>& mask = shape.mask;
    const int words = static_cast<int>(mask.size());
    const std::string who_v = t(), x = t(), r = t();
    // the sets of the player W (none: no site), or of every other player (!= W)
    const char* set = test == RequireInfo::OwnedSome ? "held" : "topped";
    const bool others = test == RequireInfo::OccupiedTopOwnerIsNot;
    std::string s = fmt::format("{{ const int64_t {} = {}; ", who_v, iv(who));
    if (!ascending) s += fmt::format("uint64_t {} = 0; ", r);
    for (int k = 0; k < words; ++k) {
      if (!mask[static_cast<size_t>(k)]) continue;
      const std::string bits = others ? fmt::format("N::{}_but(m, {}, {})", set, who_v, k)
                                      : fmt::format("({} >= 0 && {} < NP ? N::{}(m, {}, {}) : 0)", who_v, who_v, set, who_v, k);
      s += fmt::format("for (uint64_t {} = {} & UINT64_C({}); {}; {} &= {} - 1) {{ ", x, bits, mask[static_cast<size_t>(k)], x, x, x);
      if (ascending) {
        s += fmt::format("const int64_t {} = {} + __builtin_ctzll({}); {} }} ", e, 64 * k, x, put);
      } else {
        s += fmt::format("{} |= uint64_t{{1}} << {}[{} + __builtin_ctzll({})]; }} ", r, site_ranks(l), 64 * k, x);
      }
    }
    if (!ascending)
      s += fmt::format("for (; {}; {} &= {} - 1) {{ const int64_t {} = {}[__builtin_ctzll({})]; {} }} ", r, r, r, e, list(l), r, put);
    return s + "}";
  }
  // For constant list l of distinct sites: each site's place in it, by site (K<list>; sites not in it: 0)
  std::string site_ranks(int l) {
    const std::string name = fmt::format("K{}", l);
    if (indexed_.insert(name).second) {
      std::vector<int32_t> rank(static_cast<size_t>(P_.nsites()), 0);
      const std::vector<int32_t>& items = P_.lists[static_cast<size_t>(l)];
      for (size_t i = 0; i < items.size(); ++i) rank[static_cast<size_t>(items[i])] = static_cast<int32_t>(i);
      tables_ += array(name, rank);
    }
    return name;
  }
  // [a, b, ...] (Closures::list_literal), a Value: room for its items checked first (else the machine's error), the
  // items evaluated in order, then appended to the arena
  std::string literal(int n) {
    const int cnt = at(n).nk;
    const std::string it = t(), where = t();
    std::string s = fmt::format("({{ if (!N::room(m, 0, {})) H->arena_room(m, {}, {}); int64_t {}[{}]; ", cnt, n, cnt, it, cnt + 1);
    for (int i = 0; i < cnt; ++i) s += fmt::format("{}[{}] = {}; ", it, i, iv(kid(n, i)));
    s += fmt::format("const size_t {} = N::arena(m); ", where);
    for (int i = 0; i < cnt; ++i) s += fmt::format("N::put(m, {}[{}]); ", it, i);
    return s + fmt::format("Value{{{}, static_cast<int32_t>({}), {}}}; }})", static_cast<int>(ListKind::Literal), where, cnt);
  }
  // L ++ M of two lists (Machine::join), a Value: either list when the other is empty; else room for both checked
  // (else the machine's error), their elements appended, one step each (counted after them when the
  // budgets hold them all), and the new list moved down over the lists it was made from (settle)
  std::string join(int n) {
    const std::string from = t(), l = t(), r = t(), ll = t(), lr = t(), res = t(), where = t();
    return fmt::format("({{ const size_t {} = N::arena(m); const Value {} = {}; const Value {} = {}; "
                       "const int64_t {} = N::len(m, {}); const int64_t {} = N::len(m, {}); Value {}; "
                       "if ({} == 0) {} = {}; else if ({} == 0) {} = {}; else {{ "
                       "if (!N::room(m, 0, {} + {})) H->arena_room(m, {}, {} + {}); const size_t {} = N::arena(m); "
                       "if (N::room(m, {} + {}, 0)) {{ N::append(m, {}); N::append(m, {}); N::spend(m, {} + {}); }} "
                       "else {{ N::append_counted(m, H, {}, {}); N::append_counted(m, H, {}, {}); }} "
                       "{} = N::settle(m, H, {}, {}); }} {}; }})",
                       from, l, value(kid(n, 0)), r, value(kid(n, 1)), ll, l, lr, r, res, lr, res, l, ll, res, r, ll, lr,
                       n, ll, lr, where, ll, lr, l, r, ll, lr, n, l, n, r, res, from, where, res);
  }

  // a call of a function whose body has a function of its own (Closures::call and in_frame), a Value: one nesting
  // deeper and a step when the function can reach itself, its arguments evaluated in the caller's frame and stored in
  // its frame, its body evaluated there (again while it ends in a tail call of itself); a function called directly
  // (find_direct) is called so, its frame made as above only when it gives up (Native::direct_call). Remembered
  // (Closures::remembered, while the machine remembers): the arguments evaluated after the nesting, then the value
  // kept for them at this state, or the body's, kept (the callee's frame checked only then).
  std::string call(int n) {
    const Node& d = at(n);
    const auto f = static_cast<size_t>(d.a);
    const FunctionInfo& fi = P_.functions[f];
    const bool memo = remembered_call(P_, n);
    if (directly_) return direct_call(n);  // (in a function called directly: no remembered call, every callee direct)
    const std::string callee = t(), saved = t(), chain = t(), r = t(), on = t(), e = t(), a = t();
    std::string s = fmt::format("({{ N::nest(m, H, {}); ", n);
    if (P_.recursive[f] || P_.tail_calls[f]) s += fmt::format("N::tick(m, H, {}); ", n);
    const std::string frame = fmt::format("N::frame(m, H, {}, {}, {})", n, d.b, fi.frame);
    if (memo) s += fmt::format("const bool {} = N::memo_on(m); int {} = {} ? 0 : {}; ", on, callee, on, frame);
    else s += fmt::format("const int {} = {}; ", callee, frame);
    s += fmt::format("Value {}[{}]; ", a, d.nk + 1);
    for (int i = 0; i < d.nk; ++i) s += fmt::format("{}[{}] = {}; ", a, i, value(kid(n, i)));
    s += fmt::format("Value {}; ", r);
    if (memo) s += lookup(on, f, a, d.nk, r, e, "--N::depth(m); ") + fmt::format("if ({}) {} = {}; ", on, callee, frame);
    // the body evaluated in the callee's frame (a function called directly: made again so when it gives up)
    std::string framed;
    for (int i = 0; i < d.nk; ++i) framed += fmt::format("N::absolute(m, {} + {}) = {}[{}]; ", callee, i, a, i);
    framed += fmt::format("const int {} = N::base(m); N::base(m) = {}; const size_t {} = N::calls(m); N::push_call(m, {}); ",
                          saved, callee, chain, n);
    framed += fmt::format("{} = n{}(m, x); ", r, fi.body);
    if (P_.tail_calls[f]) framed += fmt::format("while (N::tail(m)) {{ N::tail(m) = false; {} = n{}(m, x); }} ", r, fi.body);
    framed += fmt::format("N::calls(m) = {}; N::base(m) = {}; ", chain, saved);
    if (direct_fn_[f]) {
      std::string args;
      for (int i = 0; i < d.nk; ++i) args += fmt::format(", {}[{}].i", a, i);
      s += fmt::format("{} = Value{{N::direct_call(m, [&]() {{ return {}(m, x{}); }}, [&]() -> int64_t {{ {}return {}.i; }}), 0, 0}}; ",
                       r, clone(static_cast<int>(f), n), args, framed, r);
    } else {
      s += framed;
    }
    s += "--N::depth(m); ";
    if (memo) s += keep(n, e, f, a, d.nk, r) + "} ";
    return s + fmt::format("{}; }})", r);
  }
  // a call in a function called directly (find_direct) of a function called directly, a Value: one nesting deeper and a
  // step when the function can reach itself (else a retry), its arguments, then its function (call() makes the calls
  // of these functions elsewhere)
  std::string direct_call(int n) {
    const Node& d = at(n);
    const auto f = static_cast<size_t>(d.a);
    const bool steps = P_.recursive[f] || P_.tail_calls[f];
    const std::string a = t(), r = t();
    std::string s = "({ N::nest_or_retry(m); " + (steps ? tk(n) + " " : std::string()), args;
    for (int i = 0; i < d.nk; ++i) {
      s += fmt::format("const int64_t {}_{} = {}; ", a, i, iv(kid(n, i)));
      args += fmt::format(", {}_{}", a, i);
    }
    if (!remembered_call(P_, n))
      return s + fmt::format("const int64_t {} = {}(m, x{}); --N::depth(m); Value{{{}, 0, 0}}; }})", r, clone(static_cast<int>(f), n), args, r);
    // remembered (in a direct listing only: find_direct takes no remembered call): the value kept for the arguments
    // at this state, or the function's, kept (logged: keep())
    const std::string v = t(), e = t();
    s += fmt::format("Value {}[{}]; ", v, d.nk + 1);
    for (int i = 0; i < d.nk; ++i) s += fmt::format("{}[{}] = Value{{{}_{}, 0, 0}}; ", v, i, a, i);
    s += fmt::format("Value {}; ", r) + lookup("N::memo_on(m)", f, v, d.nk, r, e, "");
    s += fmt::format("{} = Value{{d{}(m, x{}), 0, 0}}; {}}} ", r, f, args, keep(n, e, f, v, d.nk, r));
    return s + fmt::format("--N::depth(m); {}; }})", r);
  }
  // Whether the tree at n, or a function it calls, has a remembered call (which a direct listing keeps, logged), the
  // functions seen in `seen`.
  bool remembers(int n, std::vector<char>& seen, int depth = 0) const {
    if (n < 0 || depth > 200) return n >= 0;
    const Node& d = at(n);
    if ((d.op == Op::Call || d.op == Op::Bind) && remembered_call(P_, n)) return true;
    if (d.op == Op::Call || d.op == Op::TailCall) {
      const auto f = static_cast<size_t>(d.a);
      if (!seen[f]) {
        seen[f] = 1;
        if (remembers(P_.functions[f].body, seen, depth + 1)) return true;
      }
    }
    for (int k = 0; k < d.nk; ++k)
      if (remembers(kid(n, k), seen, depth + 1)) return true;
    return false;
  }
  bool remembers(int n) const {
    std::vector<char> seen(P_.functions.size(), 0);
    return remembers(n, seen);
  }
  // A direct listing's (codegen_moves.hpp, MoveTrees): the value of the tree at n computed whole, or "" (its lets in
  // the listing's local frame and mask, its kept parts in Z); the loop over a domain, a constant list, a table's list
  // of a site, a range whose bounds are computed whole or a cached list read from its cell.
  std::string listing_value(int n) {
    std::string v;
    if (listable({n})) write_listing(n, [&] { v = iv(n); });
    return v;
  }
  bool listing_loop(int n, const std::string& e, std::string& pre, std::string& head, std::string& most, std::string& after) {
    if (!listing_list(n)) return false;
    write_listing(n, [&] {
      // (a list literal's items held in the arena while its level's loop runs, as the interpreter holds its domain)
      if (holds_arena(n)) {
        const std::string mark = t();
        pre += fmt::format("const size_t {} = N::arena(m); ", mark);
        after = fmt::format("N::rewind(m, {});", mark);
      }
      loop(n, e, pre, head, most);
    });
    return true;
  }
  // Whether list n is a parameter's domain that a direct listing walks (listing_loop(), loop()), its parts computed
  // whole: a constant list, a table's list (walked()), a cached list read from its cell, a remembered call's list
  // (memo_listable()), an inlined call's list of one of these, a list literal, or `if` of two of these whose lengths are
  // bounded (gathered into an array of at most kMaxGathered values).
  //   domain -> list | '[' items ']' | 'if' c 'then' domain 'else' domain
  bool listing_list(int n, int depth = 0) {
    if (n < 0 || depth > kMaxListNesting) return false;
    if (plain_list(n, depth)) return true;
    if (!ok_[static_cast<size_t>(n)] || !is_list(at(n).type)) return false;
    if (is(n, Op::ListLit)) {
      std::vector<int> items;
      for (int k = 0; k < at(n).nk; ++k) items.push_back(kid(n, k));
      return listable(items);
    }
    if (!is(n, Op::If)) return false;
    const int64_t bound = listing_most(n);
    return bound >= 0 && bound <= kMaxGathered && listable({kid(n, 0)}) && listing_list(kid(n, 1), depth + 1) &&
           listing_list(kid(n, 2), depth + 1);
  }
  static constexpr int kMaxListNesting = 16;
  static constexpr int64_t kMaxGathered = 256;
  // Whether list n is walked without a list in the arena: a constant list, a table's list, a cached list, a remembered
  // call's list, or an inlined call's (not remembered) list of one of these, its arguments stored in its slots.
  //   list -> ConstList | table | Cached | remembered call | Bind(args, list)
  bool plain_list(int n, int depth = 0) {
    if (n < 0 || depth > kMaxListNesting) return false;
    if (is(n, Op::ConstList) || direct(n)) return true;
    if (walked(n)) return listable(walked_kids(n));
    if (memo_listable(n)) return true;
    if (!is(n, Op::Bind) || remembered_call(P_, n) || !ok_[static_cast<size_t>(n)] || !is_list(at(n).type)) return false;
    std::vector<int> args;
    for (int k = 0; k + 1 < at(n).nk; ++k) args.push_back(kid(n, k));
    return listable(args) && plain_list(kid(n, at(n).nk - 1), depth + 1);
  }
  // Whether the interpreter holds domain n's items in the arena while its level runs: a list literal, or `if` with one.
  bool holds_arena(int n) const {
    return is(n, Op::ListLit) || (is(n, Op::If) && (holds_arena(kid(n, 1)) || holds_arena(kid(n, 2))));
  }
  // The most elements listing_loop() walks over list n, a constant: a table's most (a remembered call's list, an
  // inlined call's: its body's), a list literal's items, the longer branch of `if`; -1 when not known before.
  int64_t listing_most(int n, int depth = 0) {
    if (n < 0 || depth > kMaxListNesting) return -1;
    if (memo_listable(n)) return listing_most(memo_list(n).dom, depth + 1);
    if (is(n, Op::Bind) && !remembered_call(P_, n)) return listing_most(kid(n, at(n).nk - 1), depth + 1);
    if (is(n, Op::ListLit)) return at(n).nk;
    if (is(n, Op::If)) {
      const int64_t a = listing_most(kid(n, 1), depth + 1), b = listing_most(kid(n, 2), depth + 1);
      return a < 0 || b < 0 ? -1 : std::max(a, b);
    }
    return most_of(n);
  }
  // Whether list n is one of the board's tables walked by loop() (its kids computed whole when it is listed directly).
  bool walked(int n) const {
    return is(n, Op::ConstList) || is(n, Op::Related) || is(n, Op::LinesThrough) || is(n, Op::LineSites) || is(n, Op::Range);
  }
  std::vector<int> walked_kids(int n) const {
    if (is(n, Op::ConstList)) return {};
    return {kid(n, 0), is(n, Op::Range) ? kid(n, 1) : -1};
  }
  // A remembered call's list as memo_loop() computes it: an inlined call (Bind) or a call of a function (Call), its
  // arguments, its function, its body (a filter or a map: body < 0 for another), the filter of a map of a filter
  // (else -1), and the list they walk.
  struct MemoList {
    bool call = false;
    int args = 0, fn = -1, body = -1, filter = -1, dom = -1;
  };
  MemoList memo_list(int n) const {
    MemoList r;
    if (!is(n, Op::Bind) && !is(n, Op::Call)) return r;
    const Node& d = at(n);
    r.call = d.op == Op::Call;
    r.args = r.call ? d.nk : d.nk - 1;
    r.fn = r.call ? d.a : d.b;
    const int b = !r.call ? kid(n, r.args) : d.a >= 0 ? P_.functions[static_cast<size_t>(d.a)].body : -1;
    if (!is(b, Op::Filter) && !is(b, Op::Map)) return r;
    r.body = b;
    r.dom = kid(b, 0);
    if (is(b, Op::Map) && is(r.dom, Op::Filter)) {
      r.filter = r.dom;
      r.dom = kid(r.filter, 0);
    }
    return r;
  }
  // Whether list n is a remembered call (inlined or not: not of a function that can reach itself) whose body is a
  // filter, a map or a map of a filter, with conditions and bodies that are quiet, over a list walked without the
  // arena (plain_list()), with arguments and parts computed whole: a direct listing walks it by memo_loop().
  bool memo_listable(int n) {
    if (!remembered_call(P_, n) || !is_list(at(n).type)) return false;
    const MemoList ml = memo_list(n);
    if (ml.body < 0 || ml.args > kMaxMemoArgs || !ok_[static_cast<size_t>(ml.body)]) return false;
    if (ml.call && (P_.recursive[static_cast<size_t>(ml.fn)] || P_.tail_calls[static_cast<size_t>(ml.fn)])) return false;
    std::vector<int> parts;
    for (int i = 0; i < ml.args; ++i) parts.push_back(kid(n, i));
    for (const int l : {ml.body, ml.filter}) {
      if (l < 0) continue;
      if (!ok_[static_cast<size_t>(l)] || !quiet(kid(l, 1)) || !quiet(kid(l, 2))) return false;
      parts.push_back(kid(l, 1));
      parts.push_back(kid(l, 2));
    }
    return listable(parts) && plain_list(ml.dom);
  }
  // The loop over remembered call n's list (memo_listable) in a direct listing, as Gen::loop writes it. A call of a
  // function one nesting deeper first (else a retry); its arguments computed, then its entry: the list kept there when
  // it holds this call (else a retry: a list that was not made so), else the arguments stored in the callee's slots (an
  // inlined call's in the frame, a call's in a local frame of its own) and the body computed as collect() and fused()
  // compute it, its elements appended straight to the remembered lists when the budgets and the arena have room for
  // the most steps and items it could count and make and the remembered lists for the items (else a retry: the listing
  // made again meets the limits where the interpreter does), its steps counted after it (a map of a filter: the
  // filter's, then the map's), then kept in the entry, logged (Native::memo_keep_logged).
  // (Each element is written after the lists' items through a pointer of the loop's, which moves on when it is kept:
  // no branch to mispredict, no count in the machine for its stores to alias; breakthrough +16% playouts a second. The
  // element is the loop's C++ variable where nothing but the condition and the body read it: element_inline.)
  void memo_loop(int n, const std::string& e, std::string& pre, std::string& head, std::string& most) {
    const Node& d = at(n);
    const MemoList ml = memo_list(n);
    const int args = ml.args, b = ml.body, f = ml.filter, where = kid(b, 1), body = kid(b, 2);
    const std::string a = t(), en = t(), off = t(), len = t(), steps = t(), kept = t(), fe = t(), keep = t(), v = t(),
                      i = t(), w = t();
    if (ml.call) pre += "N::nest_or_retry(m); ";
    pre += fmt::format("Value {}[{}]; ", a, args + 1);
    for (int k = 0; k < args; ++k) pre += fmt::format("{}[{}] = Value{{{}, 0, 0}}; ", a, k, iv(kid(n, k)));
    pre += "if (!N::memo_on(m)) N::retry(); ";
    pre += fmt::format("auto& {} = N::memo_entry(m, {}, {}, {}); int64_t {}, {}; ", en, ml.fn, a, args, off, len);
    pre += fmt::format("if (N::memo_hit(m, {}, {}, {}, {})) {{ if (static_cast<ListKind>({}.value.i) != ListKind::Memo) N::retry(); "
                       "{} = {}.value.b; {} = {}.value.c; }} else {{ ",
                       en, ml.fn, a, args, en, off, en, len, en);
    // (the body in the callee's frame: its slots, none of the caller's loops' elements)
    const std::string caller = frame_;
    std::vector<Element> callers;
    if (ml.call) {
      const std::string fc = t();
      pre += fmt::format("Value {}[{}]; ", fc, P_.functions[static_cast<size_t>(ml.fn)].frame + 1);
      for (int k = 0; k < args; ++k) pre += fmt::format("{}[{}] = {}[{}]; ", fc, k, a, k);
      frame_ = fc;
      callers.swap(elements_);
    } else {
      for (int k = 0; k < args; ++k) pre += fmt::format("{} = {}[{}]; ", sl(d.a + k), a, k);
    }
    std::string lhead, lmost;
    loop(ml.dom, fe, pre, lhead, lmost);
    const int lists = f >= 0 ? 2 : 1;  // (the lists the interpreter makes: a map of a filter makes both)
    pre += fmt::format("if (!N::room(m, {} * {}, {} * {}) || !N::memo_room(m, {})) N::retry(); ", 2 * lists, lmost, lists,
                       lmost, lmost);
    pre += fmt::format("{} = static_cast<int64_t>(N::memo_size(m)); int64_t {} = 0, {} = 0; (void){}; int64_t* {} = N::memo_open(m, {}); ",
                       off, steps, kept, kept, w, lmost);
    // (a filter of sites by who holds them: the sites it keeps read from the board's sets of sites (site_walk), else
    // tested without branches where the board's stacks have room: site_keep)
    const std::string walked = f < 0 ? site_walk(b, fe, fmt::format("*{}++ = {};", w, fe)) : "";
    const std::string tested = f < 0 && walked.empty() ? site_keep(b, fe) : "", st = t();
    if (!walked.empty()) {
      pre += fmt::format("{} = {}; {} N::memo_close(m, {}); ", steps, lmost, walked, w);
    } else {
      if (!tested.empty()) pre += fmt::format("const bool {} = N::stacks(m); ", st);
      pre += fmt::format("{} ++{};", lhead, steps);
      if (f >= 0) {  // (a map of a filter: the filter's test, then for a value it keeps the map's)
        const int fwhere = kid(f, 1), fbody = kid(f, 2);
        const bool inl = element_inline(ml.dom, at(f).a, fwhere, fbody, fe);
        const std::string fk = t();
        pre += fmt::format("{} bool {} = {}; if ({}) {} = ({}) != 0; if ({}) {{ ++{};",
                           inl ? "" : fmt::format(" {} = Value{{{}, 0, 0}};", sl(at(f).a), fe), fk,
                           fwhere >= 0 ? fmt::format("({}) != 0", iv(fwhere)) : "true", fk, fk, iv(fbody), fk, kept);
        if (inl) elements_.pop_back();
      }
      const bool inl = element_inline(ml.dom, at(b).a, where, body, fe);
      pre += fmt::format("{} bool {} = {}; int64_t {} = {};", inl ? "" : fmt::format(" {} = Value{{{}, 0, 0}};", sl(at(b).a), fe),
                         keep, where >= 0 ? fmt::format("({}) != 0", iv(where)) : "true", v, fe);
      if (is(b, Op::Filter)) {
        const std::string c = body >= 0 ? fmt::format("({}) != 0", iv(body)) : "true";
        pre += fmt::format(" if ({}) {} = {};", keep, keep, tested.empty() ? c : fmt::format("({} ? {} : {})", st, tested, c));
      } else {
        pre += fmt::format(" if ({}) {} = {};", keep, v, iv(body));
      }
      if (inl) elements_.pop_back();
      pre += fmt::format(" *{} = {}; {} += {};{} }} N::memo_close(m, {}); ", w, v, w, keep, f >= 0 ? " }" : "", w);
    }
    if (ml.call) {
      frame_ = caller;
      elements_.swap(callers);
    }
    pre += fmt::format("{} = static_cast<int64_t>(N::memo_size(m)) - {}; N::spend(m, {} + 2 * {} + {}); ", len, off, steps,
                       kept, len);
    pre += fmt::format("N::memo_keep_logged(m, {}, {}, {}, {}, Value{{{}, static_cast<int32_t>({}), static_cast<int32_t>({})}}); }} ",
                       en, ml.fn, a, args, static_cast<int>(ListKind::Memo), off, len);
    if (ml.call) pre += "--N::depth(m); ";
    head = fmt::format("for (int64_t {} = 0; {} < {}; ++{}) {{ const int64_t {} = N::memo_item(m, static_cast<size_t>({} + {}));",
                       i, i, len, i, e, off, i);
    most = len;
  }
  // Whether the trees at `nodes` (-1: none) are computed whole in a direct listing, the functions they call included.
  bool listable(const std::vector<int>& nodes) {
    std::vector<int> callees;
    int budget = 4000;
    const bool was = listing_;  // (a list's parts are checked while its listing is: listing_list())
    listing_ = true;
    bool ok = true;
    for (const int n : nodes) ok = ok && whole(n, -1, callees, budget);
    listing_ = was;
    for (const int f : callees) ok = ok && direct_fn_[static_cast<size_t>(f)];
    return ok;
  }
  // write() run while writing a direct listing's code for the tree at root
  template <class W>
  void write_listing(int root, W&& write) {
    listing_ = framed_ = directly_ = true;
    root_ = root;
    write();
    listing_ = framed_ = directly_ = false;
  }
  // Which functions are called directly: those whose body is a single value that the generated code computes whole
  // (every node translated, no list made or read but the board's tables and constant lists, no remembered call, no
  // tail call but of itself) and whose calls call only such functions (the largest such set: recursion included).
  void find_direct() {
    const size_t nf = P_.functions.size();
    direct_fn_.assign(nf, 0);
    std::vector<std::vector<int>> callees(nf);
    for (size_t f = 0; f < nf; ++f) {
      const FunctionInfo& fi = P_.functions[f];
      int budget = 4000;  // (written out whole: bounded)
      bool scalars = static_cast<int>(fi.params.size()) <= kMaxCallArgs;
      for (const Type t : fi.params) scalars = scalars && scalar(t);
      direct_fn_[f] = fi.body >= 0 && scalars && scalar(at(fi.body).type) && whole(fi.body, static_cast<int>(f), callees[f], budget);
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t f = 0; f < nf; ++f)
        for (const int g : callees[f])
          if (direct_fn_[f] && !direct_fn_[static_cast<size_t>(g)]) direct_fn_[f] = 0, changed = true;
    }
  }
  // Whether the generated code computes the tree at n whole (find_direct), in function f; the functions it calls in
  // `callees`.
  bool whole(int n, int f, std::vector<int>& callees, int& budget) {
    if (n < 0) return true;
    if (--budget < 0) return false;
    const Node& d = at(n);
    auto kids = [&](int from) {
      for (int k = from; k < d.nk; ++k)
        if (!whole(kid(n, k), f, callees, budget)) return false;
      return true;
    };
    auto table = [&](int l) {  // a list walked from a table
      if (is(l, Op::ConstList)) return true;
      if (is(l, Op::Range)) return whole(kid(l, 0), f, callees, budget) && whole(kid(l, 1), f, callees, budget);
      if (of_table(l)) return whole(kid(l, 0), f, callees, budget);
      return false;
    };
    if (is_list(d.type) || !ok_[static_cast<size_t>(n)]) return false;
    switch (d.op) {
      case Op::Const: case Op::Str: case Op::Local: case Op::Global: case Op::PerPlayer: case Op::Me: case Op::CannotMove:
      case Op::Continuing: case Op::GameOver: case Op::HistLen: case Op::Mover: case Op::Recorded: case Op::LastTurn:
      case Op::Not: case Op::And: case Op::Or: case Op::Neg:
      case Op::Abs: case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Mod: case Op::Eq: case Op::Ne:
      case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::MinF: case Op::MaxF: case Op::Next: case Op::Opponent:
      case Op::If: case Op::Let: case Op::Size: case Op::Top: case Op::Owner: case Op::KindOf: case Op::SiteOf:
      case Op::Attr: case Op::CountOwned: case Op::Link: case Op::XOf: case Op::YOf: case Op::SiteAt: case Op::Offset:
      case Op::ZoneEach:
        return kids(0);
      case Op::LazyLet: case Op::Hoisted: return listing_ && kids(0);  // (a move's lets: in a direct listing only)
      case Op::Cached: return listing_ && direct(n);  // (its cell read, where it has its value: in a direct listing only)
      case Op::Nth: return is(kid(n, 0), Op::ConstList) && kids(1);
      case Op::Len: return is(kid(n, 0), Op::ConstList) || (listing_ && memo_listable(kid(n, 0)));
      case Op::In: case Op::NotIn: return !is(kid(n, 1), Op::Range) && table(kid(n, 1)) && whole(kid(n, 0), f, callees, budget);
      case Op::Any: case Op::All: case Op::Count: case Op::Sum: case Op::Min: case Op::Max:
        // (a remembered call's list: in a direct listing only, which keeps it, logged)
        return (table(kid(n, 0)) || (listing_ && memo_listable(kid(n, 0)))) && kids(1);
      case Op::Call:  // (remembered: in a direct listing only, which keeps its value, logged)
        if (remembered_call(P_, n) && !listing_) return false;
        callees.push_back(d.a);
        return kids(0);
      case Op::TailCall: return d.a == f && kids(0);
      case Op::Bind: return (!remembered_call(P_, n) || listing_) && kids(0);
      default: return false;
    }
  }
  // an inlined call (Closures::bind), a Value: its arguments evaluated, then stored in the callee's slots, then the
  // body's copy; remembered (Closures::remembered while the machine remembers): the value kept for the arguments at
  // this state, or the body's, kept
  std::string bind(int n) {
    const Node& d = at(n);
    const int args = d.nk - 1;
    const std::string a = t(), e = t(), r = t();
    std::string s = fmt::format("({{ Value {}[{}]; ", a, args + 1);
    for (int i = 0; i < args; ++i) s += fmt::format("{}[{}] = {}; ", a, i, value(kid(n, i)));
    const bool memo = remembered_call(P_, n);
    if (memo) s += fmt::format("Value {}; ", r) + lookup("N::memo_on(m)", static_cast<size_t>(d.b), a, args, r, e, "");
    for (int i = 0; i < args; ++i) s += fmt::format("{} = {}[{}]; ", sl(d.a + i), a, i);
    if (!memo) return s + fmt::format("{}; }})", value(kid(n, args)));
    return s + fmt::format("{} = {}; {}}} {}; }})", r, value(kid(n, args)), keep(n, e, d.b, a, args, r), r);
  }
  // a remembered call of f with the n arguments a[]: when the machine remembers (`on`), its entry e; when that holds
  // them, r its value (after `hit`); else a block opened, with the arena's mark, that computes r and keeps it (keep())
  static std::string lookup(const std::string& on, size_t f, const std::string& a, int n, const std::string& r,
                            const std::string& e, const std::string& hit) {
    return fmt::format("auto* {} = {} ? &N::memo_entry(m, {}, {}, {}) : nullptr; ", e, on, f, a, n) +
           fmt::format("if ({} && N::memo_hit(m, *{}, {}, {}, {})) {{ {}{} = {}->value; }} else {{ ", e, e, f, a, n, hit, r, e) +
           "const size_t mark = N::arena(m); (void)mark; ";
  }
  // the value r of a remembered call of f at node n kept in entry e (when the machine remembers): a list made in the
  // arena since `mark` moved to the remembered lists (Machine::memo_keep), r its copy there
  std::string keep(int n, const std::string& e, size_t f, const std::string& a, int args, const std::string& r) const {
    if (is_list(at(n).type)) return fmt::format("if ({}) {} = N::memo_keep_list(m, *{}, {}, {}, {}, {}, mark); ", e, r, e, f, a, args, r);
    // (a direct listing's: logged)
    if (listing_) return fmt::format("if ({}) N::memo_keep_logged(m, *{}, {}, {}, {}, {}); ", e, e, f, a, args, r);
    return fmt::format("if ({}) N::memo_keep(m, *{}, {}, {}, {}, {}.i); ", e, e, f, a, args, r);
  }

  // Whether filter f's element `i` (a quiet index) is taken from the pieces of a kind (all_pieces(K), K quiet) that
  // quiet conditions keep: nth_of_kind() finds it without making either list.
  bool first_of_kind(int f, int i) {
    if (!is(f, Op::Filter) || !ok_[static_cast<size_t>(f)] || !is(kid(f, 0), Op::KindPieces)) return false;
    return quiet(kid(kid(f, 0), 0)) && quiet(kid(f, 1)) && quiet(kid(f, 2)) && quiet(i);
  }
  // filter(x in all_pieces(K) : C)[i] (first_of_kind), an int64_t: the pieces walked in order, those of kind K
  // tested by C, the i-th kept taken, with the steps kind_pieces and the filter count (one per piece, one per piece
  // of K, one per piece kept) and the same redo where [i] is out of range; when the budgets or the arena could not
  // hold what the lists would take, the lists made as before
  std::string nth_of_kind(int n) {
    const int f = kid(n, 0), where = kid(f, 1), body = kid(f, 2);
    const std::string np = t(), kd = t(), want = t(), seen = t(), kept = t(), found = t(), p = t(), keep = t(), r = t();
    std::string s = fmt::format("({{ const int64_t {} = static_cast<int64_t>(N::npieces(m)); int64_t {}; ", np, r);
    s += fmt::format("if (N::room(m, 3 * {}, 2 * {})) {{ const int64_t {} = {}; N::spend(m, {}); const int64_t {} = {}; ",
                     np, np, kd, iv(kid(kid(f, 0), 0)), np, want, iv(kid(n, 1)));
    s += fmt::format("int64_t {} = 0, {} = 0, {} = -1; ", seen, kept, found);
    pending_.push_back(fmt::format("{} + {}", seen, kept));
    // (the pieces of kind K walked in their group: State::by_kind)
    const std::string g = t(), gn = t(), j = t();
    s += fmt::format("int64_t {gn}; const int16_t* {g} = N::kind_group(m, {kd}, {gn}); "
                     "for (int64_t {j} = 0; {j} < {gn}; ++{j}) {{ const int64_t {p} = {g}[{j}]; ++{seen}; {slot} = Value{{{p}, 0, 0}}; ",
                     fmt::arg("gn", gn), fmt::arg("g", g), fmt::arg("kd", kd), fmt::arg("j", j), fmt::arg("p", p),
                     fmt::arg("seen", seen), fmt::arg("slot", sl(at(f).a)));
    s += fmt::format("bool {} = {}; if ({}) {} = ({}) != 0; ", keep, where >= 0 ? fmt::format("({}) != 0", iv(where)) : "true",
                     keep, keep, body >= 0 ? iv(body) : "true");
    s += fmt::format("if ({}) {{ if ({} == {}) {} = {}; ++{}; }} }} ", keep, kept, want, found, p, kept);
    pending_.pop_back();
    s += fmt::format("N::spend(m, {} + {}); if ({} < 0 || {} >= {}) {}; {} = {}; }} ", seen, kept, want, want, kept, redo(), r, found);
    const std::string l = t(), i = t();
    s += fmt::format("else {{ const Value {} = {}; const int64_t {} = {}; if ({} < 0 || {} >= N::len(m, {})) {}; {} = N::at(m, {}, {}); }} ",
                     l, value(f), i, iv(kid(n, 1)), i, i, l, redo(), r, l, i);
    return s + r + "; })";
  }
  // every piece of a kind (Machine::kind_pieces, its kind quiet), a Value: the pieces of that kind (their group:
  // State::by_kind) made a list in the arena, its steps (one per piece of the game) counted after it when the budgets
  // and the arena hold them all; else the node's closure, which computes the kind again (no step) and reports the error
  std::string kind_pieces(int n) {
    const std::string l = t(), k = t(), np = t(), st = t(), j = t(), g = t(), gn = t();
    return fmt::format("({{ Value {l}; const int64_t {k} = {kind}; const int64_t {np} = static_cast<int64_t>(N::npieces(m)); "
                       "if (N::room(m, {np}, {np})) {{ const size_t {st} = N::arena(m); "
                       "int64_t {gn}; const int16_t* {g} = N::kind_group(m, {k}, {gn}); "
                       "for (int64_t {j} = 0; {j} < {gn}; ++{j}) N::put(m, {g}[{j}]); N::spend(m, {np}); "
                       "{l} = Value{{{lit}, static_cast<int32_t>({st}), static_cast<int32_t>(N::arena(m) - {st})}}; }} "
                       "else {l} = N::ev(m, {n}); {l}; }})",
                       fmt::arg("l", l), fmt::arg("k", k), fmt::arg("kind", iv(kid(n, 0))), fmt::arg("np", np),
                       fmt::arg("st", st), fmt::arg("gn", gn), fmt::arg("g", g), fmt::arg("j", j),
                       fmt::arg("lit", static_cast<int>(ListKind::Literal)), fmt::arg("n", n));
  }
  // Whether node n is a cached part with cells of its own (of any type).
  bool direct(int n) const {
    return is(n, Op::Cached) && at(n).a >= 0 && static_cast<size_t>(at(n).a) < direct_.size() &&
           direct_[static_cast<size_t>(at(n).a)].off >= 0;
  }
  // a cached part with cells (Closures::cached_direct), a Value: the cell of its inputs' values when it holds the
  // value; else (an input without a cell, a cell not yet computed) the node's closure, which computes and keeps it
  std::string cached(int n) {
    const DirectPart& d = direct_[static_cast<size_t>(at(n).a)];
    const std::string c = t(), in = t();
    std::string s = fmt::format("({{ size_t {} = {}; bool {} = true; ", c, d.off, in);
    for (int i = 0; i < d.n; ++i) {
      const DirectPart::Key& k = d.key[i];
      const std::string v = k.kind == DirectPart::Key::Slot  ? sl(k.index) + ".i"
                            : k.kind == DirectPart::Key::Var ? fmt::format("N::var(m, {})", k.index)
                                                             : std::string("N::me(m)");
      const std::string u = t();
      s += fmt::format("const uint64_t {} = static_cast<uint64_t>({} - INT64_C({})); if ({} >= {}) {} = false; else {} += {} * {}; ",
                       u, v, k.lo, u, k.size, in, c, u, k.stride);
    }
    // (in a direct listing, whose frame the closure does not see: a retry, the listing made again with the machine's
    // frame)
    const std::string closure = listing_ && directly_          ? std::string("N::missing()")
                                : fn_[static_cast<size_t>(n)] ? fmt::format("N::closure(m, {})", n)
                                                              : fmt::format("N::ev(m, {})", n);
    return s + fmt::format("{} && N::known(m, {}) ? N::cell(m, {}) : {}; }})", in, c, c, closure);
  }

  // node n's value, an int64_t expression (n is translatable)
  std::string expr(int n) {
    const Node& d = at(n);
    auto k = [&](int i) { return kid(n, i); };
    switch (d.op) {
      case Op::Const: return lit(d.imm);
      case Op::Str: return lit(d.a);
      case Op::Local: {
        if (const Element* e = element(d.a)) return e->name;
        if (int64_t v = 0; constant(n, v)) return lit(v);
        return sl(d.a) + ".i";
      }
      case Op::LazyLet: {
        const uint64_t bit = uint64_t{1} << d.b;
        if (listing_)  // (a direct listing's lets: its local mask)
          return fmt::format("({{ if (!(L & UINT64_C({}))) {{ {} = {}; L |= UINT64_C({}); }} {}.i; }})", bit, sl(d.a),
                             value(k(0)), bit, sl(d.a));
        return fmt::format("({{ if (!(N::lets(m) & UINT64_C({}))) {{ {} = {}; N::lets(m) |= UINT64_C({}); }} {}.i; }})",
                           bit, sl(d.a), value(k(0)), bit, sl(d.a));
      }
      case Op::Hoisted: {  // kept while its bit of the let mask is set (Closures::hoisted)
        const uint64_t bit = uint64_t{1} << d.b;
        if (listing_)  // (a direct listing's: kept in its local array)
          return fmt::format("({{ if (!(L & UINT64_C({}))) {{ Z[{}] = {}; L |= UINT64_C({}); }} Z[{}].i; }})", bit, d.a,
                             value(k(0)), bit, d.a);
        return fmt::format("({{ if (!(N::lets(m) & UINT64_C({}))) {{ N::hoisted(m, {}) = {}; N::lets(m) |= UINT64_C({}); }} N::hoisted(m, {}).i; }})",
                           bit, d.a, value(k(0)), bit, d.a);
      }
      case Op::Global: return fmt::format("N::var(m, {})", P_.vars[static_cast<size_t>(d.a)].offset);
      case Op::PerPlayer: {
        const std::string p = t();
        return fmt::format("({{ const int64_t {} = {}; if ({} < 0 || {} >= NP) {}; N::var(m, {} + {}); }})", p, iv(k(0)),
                           p, p, redo(), P_.vars[static_cast<size_t>(d.a)].offset, p);
      }
      case Op::Me: return "N::me(m)";
      case Op::ZoneEach: {  // a per-player zone's site of a player (Closures::zone_each, zone_me)
        if (is(k(0), Op::Me)) return fmt::format("static_cast<int64_t>({}[N::me(m)])", zone(d.a));
        const std::string p = t();
        return fmt::format("({{ const int64_t {} = {}; if ({} < 0 || {} >= NP) {}; static_cast<int64_t>({}[{}]); }})", p,
                           iv(k(0)), p, p, redo(), zone(d.a), p);
      }
      case Op::CannotMove: return fmt::format("static_cast<int64_t>((N::flags(m) & {}) != 0)", State::kCannotMove);
      case Op::Continuing: return fmt::format("static_cast<int64_t>((N::flags(m) & {}) != 0)", State::kContinuing);
      case Op::GameOver: return "static_cast<int64_t>(N::over(m) != 0)";
      case Op::HistLen: return "N::hist_len(m)";
      case Op::Mover:
      case Op::Recorded: {  // an entry of the history (Closures::mover, recorded): one that is not there is an error
        const std::string e = t();
        return fmt::format("({{ const int64_t {} = {}; if ({} < 0 || {} >= N::hist_len(m)) [[unlikely]] {}; N::hist(m, {}, {}); }})", e,
                           iv(k(0)), e, e, redo(), e, d.op == Op::Mover ? 0 : 1 + d.a);
      }
      case Op::LastTurn: {  // the entries from the last back, a step each, to the player's (Closures::last_turn)
        const std::string p = t(), e = t(), r = t();
        return fmt::format("({{ const int64_t {} = {}; int64_t {} = -1; for (int64_t {} = N::hist_len(m) - 1; {} >= 0; --{}) {{ {} "
                           "if (N::hist(m, {}, 0) == {}) {{ {} = {}; break; }} }} {}; }})",
                           p, iv(k(0)), r, e, e, e, tk(n), e, p, r, e, r);
      }
      case Op::Not: return fmt::format("static_cast<int64_t>(!({}))", iv(k(0)));
      case Op::And: return fmt::format("static_cast<int64_t>(({}) && ({}))", iv(k(0)), iv(k(1)));
      case Op::Or: return fmt::format("static_cast<int64_t>(({}) || ({}))", iv(k(0)), iv(k(1)));
      case Op::If: return fmt::format("(({}) ? ({}) : ({}))", iv(k(0)), iv(k(1)), iv(k(2)));
      case Op::Let: return fmt::format("({{ {} = {}; {}; }})", sl(d.a), value(k(0)), iv(k(1)));
      case Op::Neg: {
        const std::string r = t();
        return fmt::format("({{ int64_t {}; if (__builtin_sub_overflow(int64_t{{0}}, {}, &{})) [[unlikely]] {}; {}; }})", r,
                           iv(k(0)), r, redo(), r);
      }
      case Op::Abs: {
        const std::string v = t();
        return fmt::format("({{ const int64_t {} = {}; if ({} == INT64_MIN) [[unlikely]] {}; {} < 0 ? -{} : {}; }})", v,
                           iv(k(0)), v, redo(), v, v, v);
      }
      case Op::Add: return arith(n, "Add");
      case Op::Sub: return arith(n, "Sub");
      case Op::Mul: return arith(n, "Mul");
      case Op::Div: return arith(n, "Div");
      case Op::Mod: return arith(n, "Mod");
      case Op::Eq: return compare(n, "==");
      case Op::Ne: return compare(n, "!=");
      case Op::Lt: return compare(n, "<");
      case Op::Le: return compare(n, "<=");
      case Op::Gt: return compare(n, ">");
      case Op::Ge: return compare(n, ">=");
      case Op::MinF:
      case Op::MaxF: {
        const std::string a = t(), b = t();
        return fmt::format("({{ const int64_t {} = {}; const int64_t {} = {}; {} {} {} ? {} : {}; }})", a, iv(k(0)), b,
                           iv(k(1)), a, d.op == Op::MinF ? "<" : ">", b, a, b);
      }
      case Op::Next: return fmt::format("(({}) + 1) % NP", iv(k(0)));
      case Op::Opponent: return fmt::format("(1 - ({}))", iv(k(0)));
      case Op::Size: {
        const std::string s = t();
        return fmt::format("({{ {} N::count(m, {}); }})", site(k(0), s), s);
      }
      case Op::Top: {
        const std::string s = t();
        return fmt::format("({{ {} N::top(m, {}); }})", site(k(0), s), s);
      }
      case Op::Owner:
      case Op::KindOf:
      case Op::SiteOf: {
        const std::string p = t();
        const char* f = d.op == Op::Owner ? "owner" : d.op == Op::KindOf ? "kind" : "site";
        return fmt::format("({{ {} N::{}(m, {}); }})", piece(k(0), p), f, p);
      }
      case Op::Attr: {
        const std::string p = t();
        return fmt::format("({{ {} if (N::hiding(m)) {}; N::attr(m, {}, {}); }})", piece(k(0), p), redo(), p, d.a);
      }
      case Op::CountOwned: {
        const std::string s = t(), p = t(), r = t();
        // (a player that costs nothing and cannot fail, read whether the site is empty or not: one test less)
        const Op w = at(k(1)).op;
        if (w == Op::Local || w == Op::Global || w == Op::Me || w == Op::Const)
          return fmt::format("({{ {} const int64_t {} = {}; {} >= 0 && {} < NP ? N::owned(m, {}, {}) : INT64_C(0); }})",
                             site(k(0), s), p, iv(k(1)), p, p, s, p);
        return fmt::format("({{ {} int64_t {} = 0; if (N::count(m, {}) != 0) {{ const int64_t {} = {}; if ({} >= 0 && {} < NP) {} = N::owned(m, {}, {}); }} {}; }})",
                           site(k(0), s), r, s, p, iv(k(1)), p, p, r, s, p, r);
      }
      case Op::Link: {
        const std::string& r = relation(d.a);
        const std::string s = t();
        return fmt::format("({{ {} {}o[{}] == {}o[{} + 1] ? INT64_C(-1) : static_cast<int64_t>({}i[{}o[{}]]); }})",
                           site(k(0), s), r, s, r, s, r, r, s);
      }
      case Op::XOf:
      case Op::YOf: {
        grids();
        const std::string s = t();
        return fmt::format("({{ {} if (GG[{}] < 0) {}; static_cast<int64_t>({}[{}]); }})", site(k(0), s), s, redo(),
                           d.op == Op::XOf ? "GX" : "GY", s);
      }
      case Op::SiteAt: {
        grids();
        const std::string x = t();
        return fmt::format("({{ const int64_t {} = {}; grid_site(0, {}, {}); }})", x, iv(k(0)), x, iv(k(1)));
      }
      case Op::Offset: {
        grids();
        const std::string s = t();
        if (int64_t cx = 0, cy = 0; constant(k(1), cx) && constant(k(2), cy) && std::abs(cx) < (1 << 20) && std::abs(cy) < (1 << 20)) {
          const std::string& o = offset(cx, cy);
          const std::string r = t();
          return fmt::format("({{ {} const int64_t {} = {}[{}]; if ({} == -2) {}; {} {}; }})", site(k(0), s), r, o, s, r,
                             redo(), a_site_or_none(r), r);
        }
        if (const int l = stepped(n); l > 0) {  // offset(s, nth(DX, i), nth(DY, i)): a table by site and i
          const std::string& o = offsets_by(at(kid(k(1), 0)).a, at(kid(k(2), 0)).a);
          const std::string i = t(), r = t();
          return fmt::format("({{ {} const int64_t {} = {}; if (static_cast<uint64_t>({}) >= {}) {}; "
                             "const int64_t {} = {}[{} * {} + {}]; if ({} == -2) {}; {} {}; }})",
                             site(k(0), s), i, expr(kid(k(1), 1)), i, l, redo(), r, o, s, l, i, r, redo(),
                             a_site_or_none(r), r);
        }
        const std::string a = t(), b = t(), cx = t(), cy = t();
        return fmt::format("({{ {} if (GG[{}] < 0) {}; const int64_t {} = {}; const int64_t {} = {}; int64_t {}, {}; "
                           "(__builtin_add_overflow(static_cast<int64_t>(GX[{}]), {}, &{}) || "
                           "__builtin_add_overflow(static_cast<int64_t>(GY[{}]), {}, &{})) ? INT64_C(-1) : grid_site(GG[{}], {}, {}); }})",
                           site(k(0), s), s, redo(), a, iv(k(1)), b, iv(k(2)), cx, cy, s, a, cx, s, b, cy, s, cx, cy);
      }
      case Op::Bind: return bind(n) + ".i";
      case Op::Nth: {
        if (first_of_kind(k(0), k(1))) return nth_of_kind(n);
        if (!is(k(0), Op::ConstList)) {  // (Closures::nth)
          const std::string l = t(), i = t();
          return fmt::format("({{ const Value {} = {}; const int64_t {} = {}; if ({} < 0 || {} >= N::len(m, {})) {}; N::at(m, {}, {}); }})",
                             l, value(k(0)), i, iv(k(1)), i, i, l, redo(), l, i);
        }
        const int l = at(k(0)).a;
        const std::string i = t();
        return fmt::format("({{ const int64_t {} = {}; if (static_cast<uint64_t>({}) >= {}) {}; static_cast<int64_t>({}[{}]); }})",
                           i, iv(k(1)), i, P_.lists[static_cast<size_t>(l)].size(), redo(), list(l), i);
      }
      case Op::Len:
        if (is(k(0), Op::ConstList)) return lit(static_cast<int64_t>(P_.lists[static_cast<size_t>(at(k(0)).a)].size()));
        if (listing_ && memo_listable(k(0))) {  // (a remembered call's list, kept or made: its length)
          std::string pre, head, most;
          memo_loop(k(0), t(), pre, head, most);
          return fmt::format("({{ {}{}; }})", pre, most);
        }
        return fmt::format("N::len(m, {})", value(k(0)));
      case Op::In:
      case Op::NotIn: {
        if (!is(k(1), Op::ConstList)) {  // a table's list of a site or a line (of_table), walked: the element first
          const std::string e = t(), r = t(), x = t();
          std::string s = fmt::format("({{ const int64_t {} = {}; bool {} = false; ", e, iv(k(0)), r), head, most;
          loop(k(1), x, s, head, most);
          return s + head + fmt::format(" if ({} == {}) {{ {} = true; break; }} }} static_cast<int64_t>({}{}); }})", x, e, r,
                                        d.op == Op::In ? "" : "!", r);
        }
        const int l = at(k(1)).a;
        const std::string e = t(), r = t(), i = t();
        return fmt::format("({{ const int64_t {} = {}; bool {} = false; for (size_t {} = 0; {} < {}; ++{}) if ({}[{}] == {}) {{ {} = true; break; }} static_cast<int64_t>({}{}); }})",
                           e, iv(k(0)), r, i, i, P_.lists[static_cast<size_t>(l)].size(), i, list(l), i, e, r,
                           d.op == Op::In ? "" : "!", r);
      }
      case Op::Any: case Op::All: case Op::Count: case Op::Sum: case Op::Min: case Op::Max: return aggregate(n);
      case Op::Call: return call(n) + ".i";
      case Op::Cached: return cached(n) + ".i";
      case Op::TailCall: {
        // the arguments that are not their parameter's own value, evaluated, then stored in the frame (tail_call)
        std::string s = "({ " + tk(n) + " ";
        std::vector<std::pair<int, std::string>> changed;
        for (int i = 0; i < d.nk; ++i) {
          if (is(k(i), Op::Local) && at(k(i)).a == i) continue;
          changed.push_back({i, t()});
          s += fmt::format("const Value {} = {}; ", changed.back().second, value(k(i)));
        }
        for (auto& [i, name] : changed) s += fmt::format("{} = {}; ", sl(i), name);
        // in the body's own function: round its loop (the calls an error names kept as tail_made keeps them)
        if (d.a == looping_ && directly_) return s + "continue; INT64_C(0); })";
        if (d.a == looping_) return s + fmt::format("N::tail_kept(m, {}); continue; INT64_C(0); }})", n);
        return s + fmt::format("N::tail_made(m, {}); INT64_C(0); }})", n);
      }
      default: return fmt::format("N::ev(m, {}).i", n);  // (not translatable: not reached)
    }
  }
};

}  // namespace

NativeSource native_source(const Program& P, const std::string& key) { return Gen(P).run(key); }

}  // namespace ri
