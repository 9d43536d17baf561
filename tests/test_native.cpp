// The native engine (interpreter/native/): the translation of expressions to C++ gives the interpreter's values and
// errors, names from the rule file never enter the generated code, and every failure to build is one clear line.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <regex>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "native/build.hpp"
#include "native/codegen.hpp"
#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"

using namespace ri;

namespace {

const char* kGame = R"RULES(game: {name: native}
players: [A, B]
topology: {grids: [{width: 3, height: 2}], lines: {pairs: {along: [east], length: 2}}}
history: {h: 0}
variables: {score: {type: int, init: 5}}
pieces: {man: {per_player: 2}}
moves:
  go:
    effects: [pass]
turn: [{choose: all}]
end: []
functions:
  twice(int n) -> int: "n * 2"
  # a loop: a call of itself ending its body (a tail call)
  sum_to(int n, int acc) -> int: "if n <= 0 then acc else sum_to(n - 1, acc + n)"
  # recursion that is no tail call, and one that never ends
  fact(int n) -> int: "if n <= 1 then 1 else n * fact(n - 1)"
  deep(int n) -> int: "1 + deep(n + 1)"
  far(site s) -> bool: "x_of(s) + y_of(s) >= 4"
  # from the board's tables only (cached parts, compile/cache.hpp): a list and a site
  ahead(site s) -> sites: "filter(t in [offset(s, 0, 1), offset(s, 1, 1), offset(s, -1, 1)] : t != none)"
  beyond(site s, site t) -> site: "offset(t, x_of(t) - x_of(s), y_of(t) - y_of(s))"
  # a list made of literals and '++' by recursion that is no tail call
  east_of(site s) -> sites: "let t = offset(s, 1, 0); if t == none then [] else [t] ++ east_of(t)"
  # the empty squares in a row after s, dx columns and dy rows apart: called with constant steps (copies of it made
  # for them, the steps read as constants); (0, 0) never ends
  run_of(site s, int dx, int dy) -> int: "let t = offset(s, dx, dy); if t == none or size(t) > 0 then 0 else 1 + run_of(t, dx, dy)"
  runs(site s) -> int: "run_of(s, 1, 0) * 100 + run_of(s, 0, 1) * 10 + run_of(s, 1, 1) + run_of(s, 1, 0) - run_of(s, 1, 0)"
)RULES";

std::string cache() {
  if (const char* d = std::getenv("RULEINTERP_CACHE"); d && *d) return d;
  return RULEINTERP_TEST_CACHE;
}

// What evaluating expression e shows: its value, or its error as `error LINE:COL: MESSAGE`, then the calls that led
// there.
std::string shown(Game& g, const Program& p, int e) {
  Machine& M = g.machine();
  try {
    M.begin_operation();
    return M.show_value(M.evaluate(e), p.code[static_cast<size_t>(e)].type);
  } catch (const RuntimeError& err) {
    std::string calls;  // the calls that led there, innermost first
    for (const Pos& c : err.calls) calls += fmt::format(" from {}:{}", c.line, c.col);
    return fmt::format("error {}:{}: {}{}", err.pos.line, err.pos.col, err.what(), calls);
  }
}

// Expression i of a program on the interpreter (p) and on its native build (q), shown with `limit` steps an evaluation:
// each with the steps its operation has left after it (after an error too when `after_error`), the limits then put
// back.
std::array<std::string, 2> shown_with_steps(Game& interp, const Program& p, Game& native, const Program& q, size_t i,
                                            int64_t limit, bool after_error) {
  std::array<std::string, 2> got;
  for (int k = 0; k < 2; ++k) {
    Game& g = k ? native : interp;
    g.machine().limits = Limits{.steps = limit};
    got[k] = shown(g, k ? q : p, (k ? q : p).expressions[i]);
    if (after_error || got[k].rfind("error", 0) != 0) got[k] += fmt::format(" ({} left)", Native::op_budget(g.machine()));
    g.machine().limits = Limits{};
  }
  return got;
}

// kGame (named `path`) with the expressions `exprs` compiled against it (Program::expressions).
std::shared_ptr<const Program> with_expressions(const std::string& path, std::vector<std::string> exprs) {
  Diagnostics d;
  LoadOptions o;
  o.expressions = &exprs;
  auto p = load_rules_text(path, kGame, d, o);
  INFO(d.format());
  REQUIRE(p);
  return p;
}

struct Row {
  std::string expr, value;
  bool native = true;  // its root is computed by the native build
};

// Checks each row's expression in kGame after `plies` moves (the first legal each time) on both engines: its value or
// error as written (a prefix), the native build's the interpreter's (twice: the values cached parts keep), its root
// computed natively as the row says. The native build's source, for further checks.
NativeSource check_rows(const std::vector<Row>& rows, int plies = 0) {
  std::vector<std::string> exprs;
  for (const Row& r : rows) exprs.push_back(r.expr);
  auto p = with_expressions("t.rules", exprs);
  NativeOptions options;
  options.cache_dir = cache();
  const NativeBuild b = native_build(*p, options);
  INFO(b.error);
  REQUIRE(b.code);
  auto q = with_native(*p, b.code);
  Game interp(p), native(q);
  for (Game* g : {&interp, &native})
    for (int i = 0; i < plies; ++i) g->apply(g->decisions()[0]);
  for (size_t i = 0; i < rows.size(); ++i) {
    INFO(rows[i].expr);
    const int e = q->expressions[i];
    const std::string& want = rows[i].value;
    CHECK(shown(interp, *p, e).substr(0, want.size()) == want);
    CHECK(shown(native, *q, e) == shown(interp, *p, e));
    CHECK(shown(native, *q, e) == shown(interp, *p, e));
    CHECK(native.machine().in_native(e) == rows[i].native);
  }
  return native_source(*p, "key");
}

}  // namespace

TEST_CASE("native: expressions compiled to C++ give the interpreter's values and errors", "[native]") {
  const std::vector<Row> rows = {
      {"history_len() + 7", "7"},
      {"score * 3 - 1", "14"},
      {"7 / (history_len() - 2) + 7 % (history_len() - 2)", "-5"},  // floors, as the language does
      {"7 / history_len()", "error 1:3: division by zero"},
      {"score - 9223372036854775807 - 7", "error 1:29: integer overflow"},
      {"-(history_len() - 9223372036854775807 - 1)", "error 1:1: integer overflow"},
      {"abs(history_len() - 5) + max(history_len(), 3) + min(score, 2)", "10"},
      {"let x = history_len() + 2; x * x + x", "6"},
      {"if history_len() == 0 and score > 4 then 1 else 2", "1"},
      {"not (history_len() > 0 or score < 5)", "true"},
      {"size(site_at(history_len() + 1, 1)) + size(site_at(history_len() + 3, 2))", "0"},
      {"size(site_at(history_len() + 4, 1))", "error 1:1: no site here"},
      {"x_of(site_at(2, history_len() + 2)) * 10 + y_of(site_at(3, history_len() + 1))", "21"},
      {"offset(a1, history_len() + 2, 1)", "c2"},
      {"offset(c1, 1, history_len())", "none"},
      {"offset(site_at(1, 1), 1, 1)", "b2"},
      {"offset(site_at(3, 2 + history_len()), 1, 0)", "none"},
      {"count(s in sites where size(s) == history_len())", "6"},
      {"count(s in sites where far(s) and size(s) == history_len())", "3"},
      {"sum(i in 1..(history_len() + 4) : i * i)", "30"},
      {"min(i in 1..history_len() : i)", "error 1:1: 'min' over an empty list"},
      {"max(s in sites : x_of(s) * 10 + y_of(s))", "32"},
      {"all(s in sites : x_of(s) <= 3) and any(s in sites : y_of(s) == 2)", "true"},
      {"any(s in neighbours(site_at(1, 1 + history_len()), north) : s == a2)", "true"},
      {"step(site_at(1, 1 + history_len()), east)", "b1"},
      {"step(site_at(3, 1 + history_len()), east)", "none"},
      {"twice(history_len() + 4) + twice(score)", "18"},
      {"next(me) == B and opponent(me) == B", "true"},
      {"top(a1) == none and history_len() == 0", "true"},
      {"score + history_len() in [5, 6]", "true"},
      {"nth([3, 1, 4], history_len() + 2)", "4"},
      {"nth([3, 1, 4], history_len() + 3)", "error 1:1: position 3 is outside the list (length 3)"},
      {"owned(a1, me) + history_len()", "0"},
      // the history (played moves': the test below)
      {"last_turn(me) + history_len()", "-1"},
      {"mover(history_len())", "error 1:1: there is no history entry 0 (the history has 0 entries)"},
      {"recorded(history_len() - 1, h)", "error 1:1: there is no history entry -1 (the history has 0 entries)"},
      // lists: filter and map made natively, aggregates over any list
      {"filter(s in sites : x_of(s) + history_len() == 2)", "[b1, b2]"},
      {"map(s in sites where y_of(s) == 1 : x_of(s) * 10 + history_len())", "[10, 20, 30]"},
      {"len(filter(s in sites : size(s) == history_len())) + history_len()", "6"},
      {"sum(x in map(s in sites : x_of(s)) : x * (history_len() + 1))", "12"},
      {"count(p in all_pieces(man) where p != none) + count(p in pieces_at(a1)) + history_len()", "4"},
      {"any(x in [history_len(), 5] : x == 5)", "true"},
      {"filter(s in neighbours(site_at(2, 1 + history_len()), north) : true)", "[b2]"},
      {"map(i in 1..(history_len() + 3) : 10 / (i - 2))", "error 1:38: division by zero"},
      // the limits: the list arena's, the evaluation steps'
      {"len(map(i in 1..(history_len() + 2000000) : i)) + history_len()", "error 1:5: the lists made in one game operation exceed 1048576 items"},
      {"count(i in 1..(history_len() + 20000000)) + history_len()", "error 1:1: evaluation budget exceeded"},
      // (a list made from a list moves down over it: three of 400,000 items in turn fit)
      {"len(map(a in map(x in map(y in 1..(history_len() + 400000) : y) : x) : a)) + history_len()", "400000"},
      // loops whose steps are counted once, after them: the budget spent as the interpreter spends it
      {"count(i in 1..(history_len() + 6000000)) + count(i in 1..(history_len() + 3999998))", "9999998"},
      {"count(i in 1..(history_len() + 6000000)) + count(i in 1..(history_len() + 4000001))", "error 1:44: evaluation budget exceeded"},
      // (all_pieces(K): a step for each of the game's four pieces, the last four the budget holds, then one too few)
      {"count(i in 1..(history_len() + 6000000)) + count(i in 1..(history_len() + 3999996)) + len(all_pieces(man))", "10000000"},
      {"count(i in 1..(history_len() + 6000000)) + count(i in 1..(history_len() + 3999997)) + len(all_pieces(man))",
       "error 1:91: evaluation budget exceeded"},
      {"len(filter(i in 1..(history_len() + 1000000) : i % 2 == 0)) + len(filter(i in 1..(history_len() + 8400000) : i > 8300000))",
       "600000"},
      {"len(filter(i in 1..(history_len() + 1000000) : i % 2 == 0)) + len(filter(i in 1..(history_len() + 8400001) : i > 8300000))",
       "error 1:67: evaluation budget exceeded"},
      // a map over a filter in one walk, without the filter's list: its values, its steps (the two loops', spent as the
      // interpreter spends them), and its errors in the interpreter's order (a condition's at c1, not the body's at a1)
      {"map(t in filter(s in sites : y_of(s) == 1 + history_len()) : x_of(t) * 10)", "[10, 20, 30]"},
      {"map(t in filter(s in sites : x_of(s) > history_len() + 1) where y_of(t) == 2 : x_of(t))", "[2, 3]"},
      {"map(t in filter(s in sites : 10 / (x_of(s) - 3 + history_len()) > -100) : 10 / (x_of(t) - 1))",
       "error 1:33: division by zero"},
      {"map(t in filter(s in sites : 10 / (x_of(s) - 3 + history_len()) > -100) : beyond(t, site_at(9, history_len() + 9)))",
       "error 1:33: division by zero"},
      {"map(t in filter(s in sites : x_of(s) > history_len()) : offset(t, 1, 0)) ++ map(t in filter(s in sites : false) : t)",
       "[b1, c1, none, b2, c2, none]"},
      {"len(map(x in filter(i in 1..(history_len() + 1000) : i % 2 == 0) : x)) + count(i in 1..(history_len() + 9997500))",
       "9998000"},
      {"len(map(x in filter(i in 1..(history_len() + 1000) : i % 2 == 0) : x)) + count(i in 1..(history_len() + 9997501))",
       "error 1:"},
      // offsets by steps read from two constant lists at one index: a table by site and index
      {"map(k in 0..(history_len() + 2) : offset(a1, nth([1, 0, 5], k), nth([0, 1, 0], k)))", "[b1, a2, none]"},
      {"map(k in 0..(history_len() + 3) : offset(b1, nth([1, 0, 5], k), nth([0, 1, 0], k)))", "error 1:"},
      // a family's lines through a site, a line's sites: walked from tables
      {"sum(l in lines_through(site_at(2, 1 + history_len()), pairs) : sum(t in line_sites(l) : x_of(t)))", "8"},
      {"count(t in line_sites(nth(pairs, history_len() + 3)) where y_of(t) == 2)", "2"},
      {"count(l in lines_through(site_at(history_len() + 4, 1), pairs))", "error 1:"},
      // cached parts with cells of their own: a list walked (evaluated twice below: computed, then kept)
      {"sum(s in sites : sum(t in ahead(s) : x_of(t) * 10 + y_of(t))) + history_len()", "154"},
      {"count(s in sites where len(ahead(s)) == 2 + history_len())", "2"},
      {"sum(s in sites : count(t in sites where beyond(s, t) != none)) + history_len()", "10"},
      // lists made of literals, '++', `if` and `let` of lists, an element of any list; the arena's limit met by '++'
      // (reported there, the lists made before it kept)
      {"east_of(site_at(1, 1 + history_len()))", "[b1, c1]"},
      {"[history_len() + 1, score] ++ [3, history_len()]", "[1, 5, 3, 0]"},
      {"len(filter(s in sites : size(s) > 0) ++ [site_at(1, 1 + history_len())]) + len([a2] ++ filter(s in sites : false))", "2"},
      {"if history_len() == 0 then [site_at(1 + history_len(), 1)] else []", "[a1]"},
      {"let l = [history_len() + 2, 7]; len(l) + nth(l, 1)", "9"},
      {"nth(filter(s in sites : y_of(s) == 2), history_len() + 1)", "b2"},
      {"nth(filter(s in sites : y_of(s) == 2), history_len() + 3)", "error 1:1: position 3 is outside the list (length 3)"},
      {"nth(east_of(site_at(1, 1)), history_len() - 1)", "error 1:1: position -1 is outside the list (length 2)"},
      // a player's pieces on a list of sites (owned_in): the counts added up, one step per site
      {"sum(s in sites : owned(s, me)) + sum(s in neighbours(site_at(1, 1 + history_len()), north) : owned(s, B))", "0"},
      {"sum(s in [a1, site_at(history_len() + 9, 1), b1] : owned(s, A))", "error 1:"},
      {"count(i in 1..(history_len() + 9000000)) + sum(s in sites : owned(s, me)) + count(i in 1..(history_len() + 999994))",
       "9999994"},
      {"count(i in 1..(history_len() + 9000000)) + sum(s in sites : owned(s, me)) + count(i in 1..(history_len() + 999995))",
       "error 1:"},
      {"count(i in 1..(history_len() + 9999995)) + sum(s in sites : owned(s, me))", "error 1:"},
      // an element of the pieces of a kind that a condition keeps: found without the lists, with their steps
      {"nth(filter(p in all_pieces(man) : p.owner == B), history_len() + 1).owner", "B"},
      {"nth(filter(p in all_pieces(man) : p.owner == B), history_len() + 1) == nth(all_pieces(man), 3)", "true"},
      {"nth(filter(p in all_pieces(man) : p.owner == B), history_len() + 2)", "error 1:1: position 2 is outside the list (length 2)"},
      {"nth(filter(p in all_pieces(man) : x_of(p.site) > history_len()), 0)", "error 1:"},
      {"count(i in 1..(history_len() + 9000000)) + len([nth(filter(p in all_pieces(man) : p.owner == A), history_len())]) + "
       "count(i in 1..(history_len() + 999990))", "9999991"},
      {"count(i in 1..(history_len() + 9000000)) + len([nth(filter(p in all_pieces(man) : p.owner == A), history_len())]) + "
       "count(i in 1..(history_len() + 999991))", "error 1:"},
      {"count(i in 1..(history_len() + 9999990)) + len([nth(filter(p in all_pieces(man) : p.owner == A), history_len())])",
       "9999991"},
      {"count(i in 1..(history_len() + 9999991)) + len([nth(filter(p in all_pieces(man) : p.owner == A), history_len())])",
       "error 1:"},
      {"len((1..(history_len() + 300000)) ++ (1..(history_len() + 300000)))", "600000"},
      {"len((1..(history_len() + 600000)) ++ (1..(history_len() + 600000)))",
       "error 1:35: the lists made in one game operation exceed 1048576 items"},
      {"len(map(i in 1..(history_len() + 300000) : i) ++ map(i in 1..(history_len() + 300000) : i))",
       "error 1:47: the lists made in one game operation exceed 1048576 items"},
      {"len([history_len()] ++ map(i in 1..(history_len() + 1048575) : i))",
       "error 1:21: the lists made in one game operation exceed 1048576 items"},
      {"count(i in 1..(history_len() + 9500000)) + len((1..(history_len() + 400000)) ++ (1..(history_len() + 400000)))",
       "error 1:78: evaluation budget exceeded"},
      // calls of functions that are not inlined
      {"sum_to(history_len() + 100, 0)", "5050"},
      // a tail call going round its body's loop: an error in a later round, the budget spent in the loop
      {"sum_to(history_len() + 5, 9223372036854775800)", "error 15:"},
      {"sum_to(history_len() + 20000000, 0)", "error 15:"},
      // functions called directly (their frames local): a budget spent in the middle of their recursion, an error
      // in a deep call, met as the interpreter meets them (made again through the machine's frames)
      {"count(i in 1..(history_len() + 9999990)) + fact(history_len() + 20)",
       "error 17:50: evaluation budget exceeded (10000000 steps) from 17:50 from 17:50"},
      {"count(i in 1..(history_len() + 9999960)) + fact(history_len() + 20)", "2432902008186639960"},
      {"fact(history_len() + 10)", "3628800"},
      {"fact(history_len() + 21)", "error 17:48: integer overflow"},
      {"deep(history_len())", "error 18:28: calls nested too deeply (more than 200)"},
      // calls with constant arguments: copies of their functions with those parameters constant, the same values and
      // errors
      {"run_of(site_at(1, 1 + history_len()), 1, 0) * 100 + run_of(a1, 0, 1) * 10 + run_of(b1, -1, 1)", "211"},
      {"runs(site_at(1, 1 + history_len())) + runs(b2)", "311"},
      {"run_of(site_at(1, 1 + history_len()), 0, 0)", "error 27:"},
      {"count(i in 1..(history_len() + 9999990)) + runs(a1)", "error "},
  };
  const NativeSource src = check_rows(rows);
  CHECK(src.text.find("OL0[") != std::string::npos);  // (the table of offsets by lists of steps)
  CHECK(src.direct >= 4);                                // (fact, deep, sum_to, twice, far: called directly)
  CHECK(src.text.find("N::direct_call(") != std::string::npos);
  // (run_of's copies for constant steps, each calling itself, its offsets read from a table of constant steps; made
  // once for each function and constants)
  CHECK(std::regex_search(src.text, std::regex(R"(// function \d+ \(line 27, [^\n]*some parameters constant\n[^\n]*\n[^\n]*\n[^\n]*\n[^\n]* = O\d+\[)")));
  std::set<std::string> copies;
  const std::regex copy(R"(some parameters constant\nstatic inline int64_t (d\d+c\d+)\()");
  for (std::sregex_iterator it(src.text.begin(), src.text.end(), copy), end; it != end; ++it) CHECK(copies.insert((*it)[1]).second);
  CHECK(copies.size() >= 5);
  CHECK(src.text.find("N::redo_exact(") != std::string::npos);  // (a map over a filter in one walk)
  // (an element of the pieces of a kind that a condition keeps: found in one walk over the pieces of that kind)
  CHECK(std::regex_search(src.text, std::regex(R"(N::kind_group\(m, \w+, \w+\); for )")));
}

TEST_CASE("native: the history read by generated code is the interpreter's", "[native]") {
  const std::vector<Row> rows = {
      {"mover(history_len() - 2)", "B"},
      {"mover(0) == A and mover(2) == A", "true"},
      {"last_turn(A) * 10 + last_turn(B)", "21"},
      {"last_turn(opponent(me))", "2"},
      {"recorded(history_len() - 1, h) + history_len()", "3"},
      {"recorded(history_len(), h)", "error 1:1: there is no history entry 3 (the history has 3 entries)"},
      {"count(i in 0..2 where mover(i) == me)", "1"},
  };
  check_rows(rows, 3);  // A, B, A: B to move
}

TEST_CASE("native: no name or string of the rule file enters the generated code", "[native]") {
  const std::vector<std::string> hostile = {"*/ #include <cstdlib>", "\\\" ); system(\\\"rm -rf /\\\"); //",
                                            "?\?/ R\\\"x(", "\\n#define int"};
  std::vector<std::string> exprs;
  for (const std::string& h : hostile) exprs.push_back(fmt::format("('{}' ++ 'y') == 'x' or history_len() == 0", h));
  auto p = with_expressions("evil\"*/.rules", exprs);
  const NativeSource src = native_source(*p, "key");
  CHECK(src.roots > 0);
  for (const std::string& s : p->strings) {
    if (s.size() < 3) continue;
    INFO(s);
    CHECK(src.text.find(s) == std::string::npos);
  }
  CHECK(src.text.find("evil") == std::string::npos);
  CHECK(src.text.find("system") == std::string::npos);
  CHECK(src.text.find("cstdlib") == std::string::npos);
}

TEST_CASE("native: a build that cannot be made is one line, and a broken cache entry is built again", "[native]") {
  auto p = [] {
    Diagnostics d;
    auto prog = load_rules_text("t.rules", kGame, d);
    REQUIRE(prog);
    return prog;
  }();
  const std::filesystem::path dir = std::filesystem::path(cache()) / "test-errors";
  std::filesystem::remove_all(dir);
  NativeOptions options;
  options.cache_dir = dir.string();
  struct Case {
    std::string compiler, cache, error;
  };
  const std::vector<Case> cases = {
      {"/nonexistent/c++", "", "cannot run the C++ compiler '/nonexistent/c++'"},
      {"false", "", "the C++ compiler 'false' failed"},
      {"", "/proc/no/cache", "cannot write the native build cache '/proc/no/cache'"},
  };
  for (const Case& c : cases) {
    INFO(c.compiler << " " << c.cache);
    NativeOptions o = options;
    o.compiler = c.compiler;
    if (!c.cache.empty()) o.cache_dir = c.cache;
    const NativeBuild b = native_build(*p, o);
    CHECK_FALSE(b.code);
    CHECK(b.error.rfind(c.error, 0) == 0);
    CHECK(b.error.find('\n') == std::string::npos);
  }
  // not compiled when the caller does not want it compiled
  NativeBuild none = native_build(*p, options, false);
  CHECK_FALSE(none.code);
  CHECK(none.error == "no native build of this rule file in the cache");
  // built, found again, and built again over a corrupt file (once the builds loaded are let go)
  std::string library;
  {
    NativeBuild first = native_build(*p, options);
    REQUIRE(first.code);
    CHECK(first.compiled);
    NativeBuild again = native_build(*p, options);
    REQUIRE(again.code);
    CHECK_FALSE(again.compiled);
    CHECK(again.library == first.library);
    library = first.library;
  }
  std::ofstream(library + ".x") << "not a shared object";
  std::filesystem::rename(library + ".x", library);
  NativeBuild rebuilt = native_build(*p, options);
  REQUIRE(rebuilt.code);
  CHECK(rebuilt.compiled);
}

namespace {

// Moves of every shape generation knows: domains computed from earlier parameters, requirements checked natively
// (vacant, occupied, owned, the top piece's owner) and first, an optional parameter and its guard, a piece and a
// player parameter, one on no parameter, an int parameter whose range is narrowed and a site parameter whose values
// are sorted by a requirement.
const char* kMoves = R"RULES(game: {name: moves}
players: [A, B]
topology: {grids: [{width: 4, height: 3}]}
variables: {turns: {type: int, init: 0}}
pieces: {man: {per_player: 4}}
setup:
  - >-
    for p in players : for s in sites where y_of(s) == (if p == A then 1 else 3) and x_of(s) <= 3 :
    move(filter(a in all_pieces(man) : a.owner == p and a.site == none)[0], s)
functions:
  mine(player p) -> sites: "filter(s in sites : owned(s, p) > 0)"
  # remembered while the moves are listed (compile/memo.hpp), as mine(p) is
  crowd(site s) -> int: "count(t in sites where near(s, t) and occupied(t))"
  near(site a, site b) -> bool: "abs(x_of(a) - x_of(b)) + abs(y_of(a) - y_of(b)) == 1"
  # the board's tables only: cached parts (compile/cache.hpp) of generation, a list and a site
  ahead(site s) -> sites: "filter(t in [offset(s, 0, 1), offset(s, 1, 1), offset(s, -1, 1)] : t != none)"
  beyond(site s, site t) -> site: "offset(t, x_of(t) - x_of(s), y_of(t) - y_of(s))"
  # too large to be inlined, remembered, and computed whole (called directly when it is not found in the table)
  weight(site s) -> int: >-
    count(t in sites where size(t) + x_of(t) > x_of(s)) + count(t in sites where size(t) * y_of(s) == y_of(t))
    + count(t in sites where owned(t, A) + y_of(t) == y_of(s)) + count(t in sites where owned(t, B) + x_of(s) < y_of(t))
    + count(t in sites where size(t) - y_of(s) == x_of(t) and owned(t, A) > 0)
moves:
  shift:
    params: {from: site in mine(me), to: "site in filter(t in sites : near(from, t))"}
    requires: ["vacant(to)", "crowd(to) < 3"]
    effects: ["move(top(from), to)", "set turns = turns + 1"]
  capture:
    params: {from: site in mine(me), to: site}
    requires: ["occupied(to) and top(to).owner != me", "abs(x_of(to) - x_of(from)) <= 1 and abs(y_of(to) - y_of(from)) <= 1"]
    effects: ["remove(top(to))", "move(top(from), to)", "set turns = turns + 1"]
  enter:
    params: {p: piece, s: "site? in sites"}
    requires: ["p.owner == me and p.site == none", "s == none or (vacant(s) and x_of(s) == 4)"]
    effects: ["set turns = turns + 1"]
  call:
    params: {who: player, n: int in 1..3}
    requires: ["who != me", "n <= turns % 3 + 1"]
    effects: ["set turns = turns + 2"]
  jump:
    params: {from: site in mine(me), over: site in ahead(from)}
    requires: ["occupied(over) and beyond(from, over) != none and vacant(beyond(from, over))"]
    effects: ["move(top(from), beyond(from, over))", "set turns = turns + 1"]
  rally:
    params: {at: site in mine(me)}
    requires: ["weight(at) % 3 == 1"]
    effects: ["set turns = turns + 1"]
  wait:
    requires: ["turns % 5 == 4"]
    effects: ["set turns = turns + 1"]
turn: [{choose: all}]
end:
  long: {when: "turns >= 14", result: draw}
)RULES";

// The same, with requirements whose errors generation meets.
const char* kBroken = R"RULES(game: {name: broken}
players: [A, B]
topology: {grids: [{width: 4, height: 3}]}
variables: {turns: {type: int, init: 0}}
moves:
  split:
    params: {s: site, t: "site in filter(u in sites : y_of(u) == y_of(s))"}
    requires: ["vacant(t)", "10 / (x_of(t) - 3 + turns) >= -10"]
    effects: ["set turns = turns + 1"]
turn: [{choose: all}]
end: []
)RULES";

// A requirement's part computed ahead (shot's guard, m) that fails in a frame of its own (f is recursive: not
// inlined) for a == 2, before shot's values are bound and read by the other requirement.
const char* kFrames = R"RULES(game: {name: frames}
players: [A, B]
topology: {grids: [{width: 2, height: 1}]}
variables: {turns: {type: int, init: 0}}
functions:
  f(int a, int k) -> bool: "if k > 0 then f(a, k - 1) else 10 / (a - 2) > 0"
moves:
  pick:
    params: {a: int in 1..3, shot: "site? in sites"}
    let: {m: "f(a, 2)"}
    requires: ["shot == none or x_of(shot) > a", "shot == none or m"]
    effects: ["set turns = turns + 1"]
turn: [{choose: all}]
end: []
)RULES";

// Effects of every statement, and effects that fail: move n's effects are those of the case n (`fails` lists them).
const char* kEffects = R"RULES(game: {name: effects}
players: [A, B]
topology: {grids: [{width: 3, height: 1}]}
variables: {v: {type: int, init: 0}, per: {type: int, init: 0, per_player: true}}
pieces: {man: {per_player: 2, at: a1, attributes: {strength: 3}}}
moves:
  act:
    params: {n: int in 0..11}
    let: {mover: "top(a1)", ratio: "100 / (n - 3) + sum(k in 0..n : k)"}
    effects:
      - "set v = v + n + size(hand[me]) + (if n == 3 then 0 else ratio * 0)"
      - >-
        if n == 0 then let q = mover; { set q.strength = q.strength + 1; set per[opponent(me)] = 2; move(q, hand[opponent(me)]) }
        else if n == 1 then { set mover.owner = B; set mover.kind = man; remove(mover); extra_turn }
        else if n == 2 then set v = 3000000000 * n
        else if n == 3 then move(top(c1), b1)
        else if n == 4 then move(mover, offset(a1, -1, 0))
        else if n == 5 then set per[opponent(me)] = 1000000000 * n
        else if n == 6 then set mover.strength = -3000000000
        else if n == 7 then set top(c1).kind = man
        else if n == 8 then remove(top(b1))
        else if n == 9 then while true : set v = v + 1
        else if n == 10 then for s in sites : { move(mover, s); continue_turn }
        else set v = 10 / (n - 11)
turn: [{choose: all}]
end: []
zones: {hand: {per_player: true}}
)RULES";

// Moves listed directly (codegen_moves.cpp, q<mv>): domains of no list (a site, a player), a constant list and a range
// computed from the state; requirements checked natively, a let and a kept part, a recursive function (its calls
// nested, its steps counted), a loop over the board (not in a function: it would be remembered), and an error (a division by zero) in some positions.
const char* kDirect = R"RULES(game: {name: direct}
players: [A, B]
topology: {grids: [{width: 4, height: 3, name: board, directions: true}]}
zones: {hand: {per_player: true}}
variables: {turns: {type: int, init: 0}}
pieces: {man: {per_player: 5, at: hand}}
functions:
  deep(int k) -> int: "if k <= 0 then 0 else 1 + deep(k - 1)"
  mine(player p) -> sites: "filter(s in board : owned(s, p) > 0)"
  rows(int y) -> sites: "map(x in 1..4 : site_at(x, y))"
  near(site s, player p) -> int: "count(t in board where owned(t, p) > 0 and abs(x_of(t) - x_of(s)) <= 1)"
  calm(player p) -> bool: "all(s in board where owned(s, p) > 0 : near(s, p) <= 4)"
  # (too big to be inlined: a remembered call of a function called directly)
  far(site s, player p) -> int: >-
    count(t in board where owned(t, p) > 0 and (owned(t, p) * 3 + x_of(s) * 5 - x_of(t) * 7 == 100
          or owned(t, p) * x_of(s) - y_of(t) * y_of(s) * owned(t, p) == 7
          or abs(x_of(t) - x_of(s)) + abs(y_of(t) - y_of(s)) + owned(t, p) >= 3
          or (owned(t, p) + 1) * (y_of(t) + 2) * (x_of(s) + 3) == 1000 or owned(t, p) - y_of(s) == 9))
  along(site s) -> sites: "filter(t in board : y_of(t) == y_of(s) and vacant(t))"
  # (a remembered list whose condition has a cached part of its element: the element kept in its slot)
  odd(player p) -> sites: "filter(s in board : owned(s, p) > 0 and (x_of(s) * 7 % 5 + y_of(s) * 3 % 4 + x_of(s) * y_of(s) % 3) % 2 == 1)"
  # (kept for the game: an inlined call whose body is a cached list)
  ahead(site s) -> sites: "filter(t in [offset(s, 1, 0), offset(s, 0, 1), offset(s, -1, 0)] : t != none)"
  # (too big to be inlined: a remembered call of a function whose list is a map of a filter of a cached list)
  hits(site s, player p) -> sites: >-
    map(t in filter(t in ahead(s) : occupied(t) and top(t).owner != p and offset(t, x_of(t) - x_of(s), y_of(t) - y_of(s)) != none
                                    and vacant(offset(t, x_of(t) - x_of(s), y_of(t) - y_of(s))))
        : offset(t, x_of(t) - x_of(s), y_of(t) - y_of(s)))
  # (a remembered value: any over a remembered list, of the length of a remembered call's list)
  threat(player p): "any(s in mine(p) : len(hits(s, p)) > 0)"
moves:
  drop:
    params: {s: site}
    let: {d: "deep(x_of(s) + turns % 4)"}
    requires: ["vacant(s)", "s in board", "size(hand[me]) > 0", "d % 2 == turns % 2 or count(t in board where abs(x_of(t) - x_of(s)) + abs(y_of(t) - y_of(s)) == 1 and occupied(t)) > 1"]
    effects: ["move(top(hand[me]), s)", "set turns = turns + 1"]
  step:
    params: {n: "int in 1..turns % 4 + 1", t: site in board}
    requires: ["occupied(t)", "x_of(t) == n", "10 / (y_of(t) * 7 - turns % 11) != 7"]
    effects: ["set turns = turns + n"]
  pick:
    params: {who: player}
    requires: ["who != me", "turns % 3 == 0"]
    effects: ["set turns = turns + 1"]
  hop:
    params: {from: site in mine(me), to: site in rows(y_of(from))}
    requires: ["turns % 2 == 1", "vacant(to)"]
    effects: ["set turns = turns + 2"]
  wait:
    params: {s: site in board}
    requires: ["count(t in board where x_of(t) <= x_of(s)) > 12"]
    effects: ["set turns = turns + 1"]
  poke:
    params: {at: site in board, shot: "site? in board"}
    let: {hot: "near(at, me) > 1"}
    requires: ["vacant(at)", "(x_of(at) + turns) % 4 != 0", "shot == none or hot", "shot == none or owned(shot, opponent(me)) > 0"]
    effects: ["set turns = turns + 1"]
  shift:
    params: {from: site in mine(me), to: site in along(from)}
    requires: ["calm(me) or turns % 5 == 0", "near(from, me) <= 3 or turns % 3 == 0", "far(from, me) + far(to, me) < 7 or turns % 2 == 0", "10 / (turns * 4 + x_of(to) - 71) != 9"]
    effects: ["move(top(from), to)", "set turns = turns + 1"]
  slide:
    params: {from: site in mine(me), to: site in board}
    let: {loose: "calm(me) and turns % 2 == 0"}
    requires: ["vacant(to)", "to in neighbours(from, east) or to in neighbours(from, north) or loose", "turns % 4 != 1"]
    effects: ["move(top(from), to)", "set turns = turns + 1"]
  drift:
    params: {who: player, s: site in board}
    requires: ["vacant(s)", "x_of(s) == deep((turns + (if who == me then 1 else 2)) % 5)", "turns % 6 == (if who == me then 2 else 3)",
               "count(t in board where occupied(t) : all(u in neighbours(t, north) : owned(u, me) == 0)) != 1"]
    effects: ["set turns = turns + 1"]
  lift:
    params: {from: site in odd(me)}
    requires: ["turns % 3 != 2"]
    effects: ["set turns = turns + 1"]
  claim:
    params: {s: site in board, t: site in board}
    requires: ["occupied(s)", "top(s).owner == me", "owned(s, opponent(me)) == 0", "occupied(t) and top(t).owner != me",
               "owned(t, opponent(me)) > 0", "x_of(t) != x_of(s) or turns % 7 == 3"]
    effects: ["set turns = turns + 1"]
  leap:
    params: {from: site in mine(me), to: "site in hits(from, me)"}
    requires: ["turns % 5 != 4"]
    effects: ["move(top(from), to)", "set turns = turns + 1"]
  edge:
    params: {from: "site in (if turns % 3 == 0 then [site_at(turns % 4 + 1, 1), b2] else mine(me))", to: site in ahead(from)}
    requires: ["not threat(me) or turns % 4 == 1", "occupied(from)", "vacant(to)"]
    effects: ["move(top(from), to)", "set turns = turns + 1"]
  # (played as it comes, for its post-condition: listed directly as a probe, which finds that it has no candidate)
  guard:
    params: {from: site in mine(me), to: "site in hits(from, me)"}
    requires: ["turns % 3 != 1", "not threat(opponent(me)) or turns % 2 == 0"]
    effects: ["move(top(from), to)", "set turns = turns + 2"]
    ensures: ["len(mine(me)) > 1 or turns % 5 == 0"]
turn: [{choose: all}]
end:
  long: {when: "turns >= 40", result: draw}
)RULES";

const char* kEnds = R"RULES(game: {name: ends}
players: [A, B, C]
topology: {grids: [{width: 2, height: 1}]}
variables:
  code: {type: int, init: 0}
  score: {type: int, init: 0, per_player: true}
moves:
  pick:
    params: {n: int in 0..9}
    requires:
      - check: code != 8
        error: Stuck
    effects:
      - set code = n
      - set score[me] = score[me] + n
      - set score[next(me)] = 2
turn:
  - choose: [pick]
    if_none: end
end:
  mine:
    each: p
    when: code == 1 and p == next(me)
    result: win(p)
  lost:
    when: code == 2
    result: lose(me)
  ranked:
    each: p
    when: code == 3 and p == me
    result: rank(score[p] * 10 / (score[p] + 1) - 20)  # (below zero: the first player's value is the best so far)
  drawn:
    when: code == 4 or (code == 8 and cannot_move)
    result: draw
  broken:
    when: code == 7 and 1 / (code - 7) > 0
    result: draw
  tied:
    each: p
    when: code == 9
    result: rank(0)
  unranked:
    each: p
    when: code == 5 and p == me
    result: rank(10 / (score[p] - 5))
)RULES";

std::shared_ptr<const Program> loaded(const char* text) {
  Diagnostics d;
  auto p = load_rules_text("m.rules", text, d);
  INFO(d.format());
  REQUIRE(p);
  return p;
}

std::shared_ptr<const Program> built(const std::shared_ptr<const Program>& p) {
  NativeOptions options;
  options.cache_dir = cache();
  const NativeBuild b = native_build(*p, options);
  INFO(b.error);
  REQUIRE(b.code);
  return with_native(*p, b.code);
}

// The legal moves of g as written, or its error as `error LINE:COL: MESSAGE`; the operation's steps left after the
// listing in `left` and the combinations it examined in `examined` (before the moves are written: that is an
// operation of its own).
std::string listed(Game& g, int64_t* left = nullptr, int64_t* examined = nullptr) {
  try {
    MoveList ms;
    g.legal(ms);
    if (left) *left = Native::op_budget(g.machine());
    if (examined) *examined = Native::op_candidates(g.machine());
    std::string s;
    for (int i = 0; i < ms.size; ++i) s += g.write(ms[i]) + " ";
    return s;
  } catch (const RuntimeError& e) {
    return fmt::format("error {}:{}: {}", e.pos.line, e.pos.col, e.what());
  }
}

// How many times `what` stands in `text`.
size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The interpreter's game a and the native build's b list their moves again under `limits`: the same moves (or error),
// the same steps left and the same combinations examined. Returns the listing.
std::string same_listing(Game& a, Game& b, const Limits& limits) {
  a.machine().limits = limits;
  b.machine().limits = limits;
  (void)a.machine().state();  // (a change: the moves are listed again)
  (void)b.machine().state();
  int64_t left_a = -1, left_b = -1, examined_a = -1, examined_b = -1;
  const std::string want = listed(a, &left_a, &examined_a);
  REQUIRE(listed(b, &left_b, &examined_b) == want);
  REQUIRE(left_b == left_a);  // (the same steps counted)
  REQUIRE(examined_b == examined_a);  // (and the same combinations)
  return want;
}

// The fewest steps of an operation under which g lists what it lists under the default limits (found by bisection),
// and what it lists with a step fewer.
std::pair<int64_t, std::string> fewest_steps(Game& g) {
  const auto under = [&](int64_t steps) {
    g.machine().limits = Limits{.operation_steps = steps};
    (void)g.machine().state();
    return listed(g);
  };
  const std::string want = under(Limits{}.operation_steps);
  int64_t lo = 0, hi = Limits{}.operation_steps;  // (lo fails, hi lists them)
  while (hi - lo > 1) {
    const int64_t mid = lo + (hi - lo) / 2;
    (under(mid) == want ? hi : lo) = mid;
  }
  std::pair<int64_t, std::string> r{hi, under(hi - 1)};
  g.machine().limits = Limits{};
  (void)g.machine().state();
  return r;
}

}  // namespace

TEST_CASE("native: moves' candidates listed by generated code are the interpreter's", "[native]") {
  auto p = loaded(kMoves);
  auto q = built(p);
  // every move is listed natively, those whose values the interpreter narrows (call's n) or sorts (capture's to) too
  for (size_t mv = 0; mv < p->moves.size(); ++mv) {
    INFO(p->moves[mv].name);
    CHECK(q->native->moves[mv] != nullptr);
  }
  const auto features = [&](const char* name) {
    for (const MoveInfo& mi : p->moves)
      if (mi.name == name) return mi.features;
    return 0;
  };
  CHECK((features("call") & MoveInfo::kNarrow) != 0);
  // the cached parts (jump's) read from their cells in the generated code
  const std::string text = native_source(*p, "key").text;
  size_t reads = 0;
  for (size_t at = text.find("N::known("); at != std::string::npos; at = text.find("N::known(", at + 1)) ++reads;
  CHECK(reads >= 2);
  // and the remembered calls (mine, crowd) looked up in the machine's table in place
  CHECK(text.find("N::memo_entry(") != std::string::npos);
  CHECK(text.find("N::direct_call(") != std::string::npos);  // (weight's)
  CHECK((features("capture") & MoveInfo::kSorted) != 0);
  // the combinations examined (narrowed and sorted ones fewer) counted as the interpreter counts them
  for (int64_t limit = 1; limit <= 40; ++limit) {
    INFO("limit " << limit);
    Game a(p), b(q);
    a.machine().limits.candidates = limit;
    b.machine().limits.candidates = limit;
    CHECK(listed(b) == listed(a));
  }
  // the same moves in the same order along random games
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Game a(p), b(q);
    Prng rng(seed);
    for (int ply = 0; ply < 40 && !a.state().over; ++ply) {
      INFO("seed " << seed << " ply " << ply);
      const std::string moves = listed(a);
      REQUIRE(listed(b) == moves);
      MoveList ms;
      a.legal(ms);
      if (ms.size == 0) break;
      const Move m = ms[static_cast<int>(rng.below(static_cast<uint64_t>(ms.size)))];
      a.apply(m);
      b.apply(m);
      REQUIRE(b.hash() == a.hash());  // (the effects, run by generated code, the interpreter's)
    }
  }
}

TEST_CASE("native: moves listed by generated code meet the interpreter's errors and limits", "[native]") {
  auto p = loaded(kBroken);
  auto q = built(p);
  REQUIRE(q->native->moves[0] != nullptr);
  Game a(p), b(q);
  const std::string error = listed(a);
  INFO(error);
  CHECK(error.rfind("error 8:33: division by zero", 0) == 0);
  CHECK(listed(b) == error);
  // the combinations examined, counted as the interpreter counts them: the allowance's error at the same one (the
  // division by zero comes at the fourth: s = a1, t = c1)
  for (int64_t limit : {1, 3, 4, 13}) {
    INFO(limit);
    Game c(p), d(q);
    c.machine().limits.candidates = limit;
    d.machine().limits.candidates = limit;
    const std::string want = listed(c);
    CHECK(want.rfind(limit < 4 ? "error 6:3: move 'split' has more than" : "error 8:33: division by zero", 0) == 0);
    CHECK(listed(d) == want);
  }
}

TEST_CASE("native: moves listed directly are the interpreter's, with its errors, steps and limits", "[native]") {
  auto p = loaded(kDirect);
  auto q = built(p);
  const std::string text = native_source(*p, "key").text;
  CHECK(occurrences(text, "listed directly") == p->moves.size());
  CHECK(text.find("N::memo_keep_logged(") != std::string::npos);  // (mine's and along's lists kept by the listings)
  CHECK(text.find("N::kept_items(") != std::string::npos);         // (rows' lists read from their cells)
  // slide's destinations sorted by `F or E`, drift's sites by `F == E`: E computed by the listing, F's table the game's
  const auto sorted_by = [&](const char* name) {
    for (const MoveInfo& mi : p->moves)
      if (mi.name == name) return mi.sorts.size() > 1 && mi.sorts[1].mask ? mi.requires_[static_cast<size_t>(mi.sorts[1].last)].sort : RequireInfo::NoSort;
    return RequireInfo::NoSort;
  };
  CHECK(sorted_by("slide") == RequireInfo::SortOr);
  CHECK(sorted_by("drift") == RequireInfo::SortEqual);
  // slide's values, by `from` and by which list `loose` chooses, kept at hand in the game's spans after the first ask
  CHECK(text.find("H->sorted_spans(G, ") != std::string::npos);
  // the values that pass a level's first native checks gathered first (drop's, step's, claim's): claim's checks are of
  // every kind but Vacant (drop's)
  const auto natives = [&](const char* name) {
    std::vector<RequireInfo::Native> v;
    for (const MoveInfo& mi : p->moves)
      if (mi.name == name)
        for (const RequireInfo& r : mi.requires_) v.push_back(r.native);
    return v;
  };
  using R = RequireInfo;
  CHECK(natives("claim") == std::vector<R::Native>{R::Occupied, R::TopOwnerIs, R::OwnedNone, R::OccupiedTopOwnerIsNot,
                                                   R::OwnedSome, R::Evaluated});
  size_t gathered = 0;
  for (size_t at = text.find("int64_t C"); at != std::string::npos; at = text.find("int64_t C", at + 1)) ++gathered;
  CHECK(gathered >= 4);
  CHECK(text.find("N::occupied_top_owner(m, c, ") != std::string::npos);
  // each position of random games listed by both engines, under the default limits and under small ones (a listing
  // that gives up lists again, and meets the interpreter's error where it meets it)
  struct Row {
    const char* what;
    Limits limits;
  };
  std::vector<Row> rows = {{"default", Limits{}}};
  for (int64_t n : {1, 2, 3, 5, 8, 12, 13, 14, 15, 16, 17, 20, 30}) rows.push_back({"steps", Limits{.steps = n}});
  for (int n : {0, 1, 2, 3}) rows.push_back({"depth", Limits{.depth = n}});
  for (int64_t n : {1, 4, 12, 13, 20, 40}) rows.push_back({"candidates", Limits{.candidates = n}});
  for (int64_t n : {1, 5, 10, 20, 40, 80, 120, 160, 200, 250, 300, 400}) rows.push_back({"operation steps", Limits{.operation_steps = n}});
  size_t errors = 0, plies = 0;
  for (uint64_t seed = 1; seed <= 24; ++seed) {
    Game a(p), b(q);
    Prng rng(seed);
    for (int ply = 0; ply < 40 && !a.state().over; ++ply) {
      for (const Row& r : rows) {
        INFO("seed " << seed << " ply " << ply << " " << r.what << " " << r.limits.steps << " " << r.limits.depth << " "
                     << r.limits.candidates << " " << r.limits.operation_steps);
        errors += same_listing(a, b, r.limits).rfind("error", 0) == 0;
      }
      // the same steps counted where the operation runs out of them: the fewest it lists the moves with are the same,
      // and a step fewer meets the same error
      {
        INFO("seed " << seed << " ply " << ply);
        REQUIRE(fewest_steps(b) == fewest_steps(a));
      }
      a.machine().limits = Limits{};
      b.machine().limits = Limits{};
      (void)a.machine().state();
      (void)b.machine().state();
      MoveList ms;
      try {
        a.legal(ms);
      } catch (const RuntimeError&) {
        break;  // (the division by zero: the game cannot go on)
      }
      if (ms.size == 0) break;
      const Move m = ms[static_cast<int>(rng.below(static_cast<uint64_t>(ms.size)))];
      std::string fa, fb;  // (the division met while the next moves are listed: the move fails)
      try {
        a.apply(m);
      } catch (const RuntimeError& e) {
        fa = e.what();
      }
      try {
        b.apply(m);
      } catch (const RuntimeError& e) {
        fb = e.what();
      }
      REQUIRE(fb == fa);
      if (!fa.empty()) break;
      REQUIRE(b.hash() == a.hash());
      ++plies;
    }
  }
  CHECK(plies > 100);
  CHECK(errors > 100);  // (the limits met, and the division)
}

TEST_CASE("native: a failure computed ahead leaves the moves' parameters where generation reads them", "[native]") {
  auto p = loaded(kFrames);
  auto q = built(p);
  REQUIRE(q->native->moves[0] != nullptr);
  Game a(p), b(q);
  const std::string want = listed(a);
  CHECK(want == "pick 1 none pick 2 none pick 3 none ");  // (m is read only for a shot beyond a: none for a == 2)
  CHECK(listed(b) == want);
}

// A tree that counts steps, then meets an error its generated code leaves to the closure: the end rule's loop counts
// one step per square until the division by zero (at the square whose x + y - 2 is `turns`).
const char* kRedo = R"RULES(game: {name: redo}
players: [A, B]
topology: {grids: [{width: 4, height: 3, name: board}]}
variables: {turns: {type: int, init: 0}}
functions:
  far(int k) -> int: "count(t in board : 10 / (x_of(t) + y_of(t) - 2 - k) > 100)"
moves:
  go:
    params: {}
    effects: ["set turns = turns + 1"]
turn: [{choose: all}]
end:
  odd: {when: "count(t in board : 10 / (x_of(t) + y_of(t) - 2 - turns) > 100) + far(turns + 1) > 5", result: draw}
)RULES";

TEST_CASE("native: a tree left to its closure after counting steps meets the interpreter's error", "[native]") {
  auto p = loaded(kRedo);
  auto q = built(p);
  // {steps per evaluation, the errors of four moves played in turn, each where the interpreter meets it}
  for (int64_t limit = 1; limit <= 16; ++limit) {
    INFO("limit " << limit);
    Game a(p), b(q);
    std::string ea, eb;
    for (int k = 0; k < 4; ++k) {
      for (Game* g : {&a, &b}) {
        g->machine().limits = Limits{.steps = limit};
        std::string& e = g == &a ? ea : eb;
        try {
          MoveList ms;
          g->legal(ms);
          g->apply(ms[0]);
          e += "played ";
        } catch (const RuntimeError& x) {
          e += fmt::format("{}:{}: {} ", x.pos.line, x.pos.col, x.what());
        }
        e += fmt::format("({} left) ", Native::op_budget(g->machine()));
      }
    }
    CHECK(eb == ea);
    if (limit == 2) CHECK(ea.find("division by zero") != std::string::npos);  // (the closure counting again: steps)
  }
}

// Aggregates in the condition or body of an aggregate whose steps are counted after it: the budgets tested once, for
// the steps of both loops (the inner loop's own test left out); the values, the errors with few steps and the steps
// left the interpreter's.
TEST_CASE("native: an aggregate within one that counts its steps after it tests the budgets once", "[native]") {
  const std::vector<std::string> exprs = {
      "any(x in [1, 2, 3] : all(y in [1, 2, 3, 4] where y != x : x + y < 7))",
      "count(x in [1, 2, 3, 4] : any(y in [4, 5] : all(z in [1, 2] : z * x * y > 9)))"};
  const std::vector<std::string> want = {"true", "3"};
  for (size_t i = 0; i < exprs.size(); ++i) {
    INFO(exprs[i]);
    auto p = with_expressions("t.rules", {exprs[i]});
    // (the outer loop's test, for its elements' steps and those of the loops in them; then none until its loop that
    // counts step by step)
    const std::string text = native_source(*p, "key").text;
    const size_t outer = text.find("N::room(m, (INT64_C(");
    REQUIRE(outer != std::string::npos);
    const std::string after = text.substr(outer + 1, text.find("} else {", outer) - outer);
    CHECK(after.find("N::room(") == std::string::npos);
    CHECK(after.find("for (") != after.rfind("for ("));  // (the inner loop there)
    auto q = built(p);
    Game interp(p), native(q);
    CHECK(shown(interp, *p, p->expressions[0]) == want[i]);
    for (int64_t limit = 1; limit <= 24; ++limit) {
      INFO("limit " << limit);
      const auto got = shown_with_steps(interp, *p, native, *q, 0, limit, false);
      CHECK(got[1] == got[0]);
      if (limit == 24) CHECK(got[0].substr(0, want[i].size()) == want[i]);
    }
  }
}

// Filters of sites by who holds them (Closures::filter_sites), tested without branches by generated code, or walked on
// the players' sets of sites where the game keeps them (a function filters so): stacks of one piece and of two (the
// top's owner counts), empty sites (piece 0's owner is A: an empty site is never kept), lists in the board's order
// and in another.
TEST_CASE("native: a filter of sites by who holds them is the interpreter's", "[native]") {
  const std::string text = R"RULES(game: {name: held}
players: [A, B]
topology: {grids: [{width: 3, height: 2, name: board}]}
pieces: {man: {per_player: 3}}
start:
  board:
    a1: {man: A}
    b1: {man: B}
    c1: [{man: A}, {man: B}]
    a2: [{man: B}, {man: A}]
moves: {go: {effects: [pass]}}
turn: [{choose: all}]
end: []
)RULES";
  std::vector<std::string> exprs = {
      "filter(s in board : occupied(s) and top(s).owner == A)", "filter(s in board : occupied(s) and top(s).owner == B)",
      "filter(s in board : occupied(s) and top(s).owner != A)", "filter(s in board : occupied(s) and top(s).owner != B)",
      "filter(s in board : occupied(s) and top(s).owner == me)",
      "let w = B; filter(s in board : occupied(s) and top(s).owner == w)",
      "filter(s in board : owned(s, A) > 0)", "filter(s in board : owned(s, B) > 0)",
      "filter(s in [c1, a2, a1, b1] : occupied(s) and top(s).owner == A)", "filter(s in [c1, a2, b2, a1] : owned(s, B) > 0)",
      "filter(s in [c2, b1, a2] : occupied(s) and top(s).owner != A)",
      // (a player read at no cost: read for an empty site too)
      "let w = B; owned(a1, A) + 10 * owned(a1, w) + 100 * owned(b2, me) + 1000 * owned(b1, w)"};
  const std::vector<std::string> want = {"[a1, a2]", "[b1, c1]", "[b1, c1]", "[a1, a2]", "[a1, a2]", "[b1, c1]",
                                         "[a1, c1, a2]", "[b1, c1, a2]", "[a2, a1]", "[c1, a2]", "[b1]", "1001"};
  std::map<std::string, std::string> budgets;  // (what each expression gives with few steps, without the sets)
  for (const bool sets : {false, true}) {
    INFO((sets ? "the sets kept" : "no sets kept"));
    const std::string rules = sets ? text + "functions: {mine(player p) -> sites: \"filter(s in board : owned(s, p) > 0)\"}\n" : text;
    Diagnostics d;
    LoadOptions o;
    o.expressions = &exprs;
    auto p = load_rules_text("held.rules", rules, d, o);
    INFO(d.format());
    REQUIRE(p);
    CHECK(p->uses_site_sets == sets);
    auto q = built(p);
    const std::string source = native_source(*p, "key").text;
    CHECK((source.find("N::occupied_top_owner(") != std::string::npos) == !sets);
    CHECK((source.find("N::topped(") != std::string::npos) == sets);
    CHECK((source.find("N::topped_but(") != std::string::npos) == sets);
    CHECK((source.find("N::held(") != std::string::npos) == sets);
    Game interp(p), native(q);
    for (size_t i = 0; i < exprs.size(); ++i) {
      INFO(exprs[i]);
      CHECK(shown(interp, *p, p->expressions[i]) == want[i]);
      CHECK(shown(native, *q, q->expressions[i]) == want[i]);
      // with few steps: the error where testing each site meets it (the sets walked only when the budgets hold the
      // whole filter), and the steps left after it, as without the sets
      for (int64_t limit = 1; limit <= 12; ++limit) {
        INFO("limit " << limit);
        const auto got = shown_with_steps(interp, *p, native, *q, i, limit, true);
        CHECK(got[1] == got[0]);
        const std::string key = fmt::format("{} {}", i, limit);
        if (!sets) budgets[key] = got[0];
        else CHECK(got[0] == budgets[key]);
      }
    }
  }
}

TEST_CASE("native: values gathered by a listing's first checks are those its checks let through", "[native]") {
  // one row per level's first checks: the moves listed, or the error met (top(s) of an empty site: a check the
  // generated code cannot decide there stops the gathering, and the requirement is evaluated as the interpreter
  // evaluates it)
  struct Row {
    const char* checks;
    const char* want;
  };
  const std::vector<Row> rows = {
      {R"x("top(s).owner == me", "occupied(s)")x", "error 10:24: no piece here (the value is none)"},
      {R"x("occupied(s)", "top(s).owner == me")x", "take a1 take c1 "},
      {R"x("occupied(s) and top(s).owner != me", "owned(s, me) == 0")x", "take b1 "},
      {R"x("owned(s, me) > 0", "occupied(s) and top(s).owner == me")x", "take a1 take c1 "},
      {R"x("vacant(s)", "owned(s, B) == 0")x", "take a2 take b2 take c2 "},
      {R"x("occupied(s)", "owned(s, B) > 0", "x_of(s) != 3")x", "take b1 "},
  };

  for (const Row& r : rows) {
    INFO(r.checks);
    const std::string text = fmt::format(R"RULES(game: {{name: gathered}}
players: [A, B]
topology: {{grids: [{{width: 3, height: 2, name: board}}]}}
pieces: {{man: {{per_player: 3}}}}
start:
  board: {{a1: {{man: A}}, b1: {{man: B}}, c1: [{{man: B}}, {{man: A}}]}}
moves:
  take:
    params: {{s: site in board}}
    requires: [{}]
    effects: [pass]
turn: [{{choose: all}}]
end: []
)RULES", r.checks);
    Diagnostics d;
    auto p = load_rules_text("gathered.rules", text, d, LoadOptions{});
    INFO(d.format());
    REQUIRE(p);
    auto q = built(p);
    CHECK(native_source(*p, "key").text.find("int64_t C0[") != std::string::npos);
    Game a(p), b(q);
    CHECK(listed(a) == r.want);
    CHECK(listed(b) == r.want);
  }
}

// The functions of kCalls and kPlays: a player's pieces, the squares ahead of one, the jumps from one (a map of a filter
// of a cached list), whether a player has one.
const std::string kJumps = R"RULES(functions:
  mine(player p) -> sites: "filter(s in board : occupied(s) and top(s).owner == p)"
  ahead(site s, player p) -> sites: >-
    filter(t in (if p == A then [offset(s, 1, 0), offset(s, 0, 1), offset(s, -1, 0)]
                 else [offset(s, -1, 0), offset(s, 0, -1), offset(s, 1, 0)]) : t != none)
  hits(site s, player p) -> sites: >-
    map(t in filter(t in ahead(s, p) : occupied(t) and top(t).owner != p and offset(t, x_of(t) - x_of(s), y_of(t) - y_of(s)) != none
                                    and vacant(offset(t, x_of(t) - x_of(s), y_of(t) - y_of(s))))
        : offset(t, x_of(t) - x_of(s), y_of(t) - y_of(s)))
  threat(player p): "any(s in mine(p) : len(hits(s, p)) > 0)"
)RULES";

// A remembered call of a function (hits: too big to be inlined) whose list is a map of a filter of a cached list, the
// length of its list in a remembered value (threat), an inlined call's cached list (ahead).
const std::string kCalls = R"RULES(game: {name: calls}
players: [A, B]
topology: {grids: [{width: 4, height: 3, name: board}]}
pieces: {man: {per_player: 3}}
variables: {turns: {type: int, init: 0}}
start:
  board: {a1: {man: A}, b1: {man: A}, c2: {man: A}, a2: {man: B}, b3: {man: B}, d3: {man: B}}
)RULES" + kJumps + R"RULES(moves:
  leap:
    params: {from: site in mine(me), to: "site in hits(from, me)"}
    effects: ["remove(top(site_at((x_of(from) + x_of(to)) / 2, (y_of(from) + y_of(to)) / 2)))", "move(top(from), to)", "set turns = turns + 1"]
  walk:
    params: {from: site in mine(me), to: "site in ahead(from, top(from).owner)"}
    requires: ["vacant(to)", "not threat(opponent(me)) or turns % 3 == 0"]
    effects: ["move(top(from), to)", "set turns = turns + 1"]
turn: [{choose: all}]
end:
  long: {when: "turns >= 30", result: draw}
)RULES";

TEST_CASE("native: a remembered call's list in a direct listing is one call deeper, its steps the interpreter's", "[native]") {
  auto p = loaded(kCalls.c_str());
  auto q = built(p);
  const std::string text = native_source(*p, "key").text;
  CHECK(occurrences(text, "listed directly") == 2);
  // one row per limit: the moves at the start, or the error met there
  const std::string all = "leap a1 a3 walk b1 c1 walk b1 b2 walk c2 d2 walk c2 c3 walk c2 b2 ";
  struct Row {
    const char* what;
    Limits limits;
    std::string want;
  };
  const std::vector<Row> rows = {
      {"default", Limits{}, all},
      {"depth 0", Limits{.depth = 0}, "error 20:51: calls nested too deeply (more than 0)"},  // (leap's hits)
      {"depth 1", Limits{.depth = 1}, all},
      {"steps 14", Limits{.steps = 14}, "error 9:29: evaluation budget exceeded (14 steps)"},  // (mine)
      {"steps 16", Limits{.steps = 16}, "error 14:14: evaluation budget exceeded (16 steps)"},  // (hits, in threat)
      {"operation steps 40", Limits{.operation_steps = 40}, "error 9:29: one game operation took more than 40 evaluation steps"},
      {"operation steps 50", Limits{.operation_steps = 50}, "error 14:14: one game operation took more than 50 evaluation steps"},  // (hits)
      {"operation steps 55", Limits{.operation_steps = 55}, all},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    Game a(p), b(q);
    CHECK(same_listing(a, b, r.limits) == r.want);
  }
  // along random games, under each row's limits: the same moves or error, steps and combinations
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    Game a(p), b(q);
    Prng rng(seed);
    for (int ply = 0; ply < 30 && !a.state().over; ++ply) {
      for (const Row& r : rows) {
        INFO("seed " << seed << " ply " << ply << " " << r.what);
        same_listing(a, b, r.limits);
      }
      REQUIRE(fewest_steps(b) == fewest_steps(a));
      // (listed directly: once the cached parts it reads have values, the listing does not give up)
      same_listing(a, b, Limits{});
      const int64_t gave_up = Native::gave_up_count(b.machine());
      same_listing(a, b, Limits{});
      CHECK(Native::gave_up_count(b.machine()) == gave_up);
      MoveList ms;
      a.legal(ms);
      if (ms.size == 0) break;
      const Move m = ms[static_cast<int>(rng.below(static_cast<uint64_t>(ms.size)))];
      a.apply(m);
      b.apply(m);
      REQUIRE(b.hash() == a.hash());
    }
  }
}

// Moves the game plays to list them: leap goes on capturing (a further step), walk has a post-condition. Their direct
// listings hand each candidate to the game, which plays it (test "native: a move played as it comes ...").
const std::string kPlays = R"RULES(game: {name: plays}
players: [A, B]
topology: {grids: [{width: 5, height: 4, name: board}]}
pieces: {man: {per_player: 4}}
variables: {turns: {type: int, init: 0}, jumper: {type: site, init: none}}
start:
  board: {a1: {man: A}, b1: {man: A}, c2: {man: A}, d1: {man: A}, a3: {man: B}, b4: {man: B}, d3: {man: B}, e4: {man: B}}
)RULES" + kJumps + R"RULES(moves:
  leap:
    params: {from: "site in (if continuing then [jumper] else mine(me))", to: "site in hits(from, me)"}
    effects:
      - "remove(top(site_at((x_of(from) + x_of(to)) / 2, (y_of(from) + y_of(to)) / 2)))"
      - "move(top(from), to)"
      - "set turns = turns + 1"
      - "if turns % 4 != 3 and len(hits(to, me)) > 0 then { set jumper = to; continue_move }"
  walk:
    params: {from: site in mine(me), to: "site in ahead(from, me)"}
    # (computed by a requirement, read by an effect: the game's play finds it computed)
    let: {file: "count(t in board where occupied(t) and x_of(t) == x_of(to))"}
    requires: ["vacant(to)", "not threat(me) or turns % 3 == 0", "file < 9"]
    effects: ["move(top(from), to)", "set turns = turns + 1 + file / 9"]
    ensures: ["not threat(opponent(me)) or turns % 2 == 0 or len(mine(me)) > 3"]
turn: [{choose: all}]
end:
  long: {when: "turns >= 30", result: draw}
)RULES";

TEST_CASE("native: a move played as it comes is listed directly, each candidate handed to the game, and lists as the interpreter's", "[native]") {
  auto p = loaded(kPlays.c_str());
  auto q = built(p);
  const std::string text = native_source(*p, "key").text;
  CHECK(occurrences(text, "listed directly") == 2);
  // (leap's and walk's candidates handed to the game; walk's played in the listing too when it lists into a list)
  CHECK(occurrences(text, "N::play_frame(") == 3);
  CHECK(occurrences(text, "N::trial_begin(") == 2);  // (walk's, in its direct listing and in the listing below)
  CHECK(occurrences(text, "N::MemoGuard guard(m);") == 2);
  struct Row {
    const char* what;
    Limits limits;
  };
  std::vector<Row> rows = {{"default", Limits{}}};
  for (int64_t n : {3, 8, 12, 14, 16, 20}) rows.push_back({"steps", Limits{.steps = n}});
  for (int n : {0, 1, 2}) rows.push_back({"depth", Limits{.depth = n}});
  for (int64_t n : {1, 4, 8, 16}) rows.push_back({"candidates", Limits{.candidates = n}});
  for (int64_t n : {10, 40, 60, 90, 120, 160, 240, 320}) rows.push_back({"operation steps", Limits{.operation_steps = n}});
  for (int64_t n : {1, 2, 3, 5}) rows.push_back({"changes", Limits{.changes = n}});
  int64_t gave_up = 0;
  size_t captures = 0;
  for (uint64_t seed = 1; seed <= 16; ++seed) {
    Game a(p), b(q);
    Prng rng(seed);
    for (int ply = 0; ply < 40 && !a.state().over; ++ply) {
      for (const Row& r : rows) {
        INFO("seed " << seed << " ply " << ply << " " << r.what);
        same_listing(a, b, r.limits);
      }
      {
        INFO("seed " << seed << " ply " << ply);
        REQUIRE(fewest_steps(b) == fewest_steps(a));
      }
      // (once the cached parts it reads have values, the listing does not give up)
      same_listing(a, b, Limits{});
      const int64_t before = Native::gave_up_count(b.machine());
      gave_up = before;
      same_listing(a, b, Limits{});
      CHECK(Native::gave_up_count(b.machine()) == before);
      MoveList ms;
      a.legal(ms);
      if (ms.size == 0) break;
      const Move m = ms[static_cast<int>(rng.below(static_cast<uint64_t>(ms.size)))];
      captures += m.type == 0;
      a.apply(m);
      b.apply(m);
      REQUIRE(b.hash() == a.hash());
    }
  }
  CHECK(captures > 10);
  CHECK(gave_up > 0);  // (under the limits: listings that gave up after the game had played candidates)
}

TEST_CASE("native: a random move drawn from candidates unplayed is the interpreter's, with and without deferring", "[native]") {
  // (walk has a post-condition and is listed unplayed with post-conditions deferred; leap, which may continue, is
  // played to be listed either way)
  auto p = loaded(kPlays.c_str());
  auto q = built(p);
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    Game a(p), b(q), c(q);
    b.defer_post_conditions(true);
    Prng ra(seed), rb(seed), rc(seed);
    for (int ply = 0; ply < 40 && a.node() == Game::NodeKind::Decision; ++ply) {
      INFO("seed " << seed << " ply " << ply);
      const size_t legal = a.decisions().size();
      Move x, y, z;
      REQUIRE(a.random_decision(ra, x));
      REQUIRE(b.random_decision(rb, y));
      REQUIRE(c.random_decision(rc, z));
      REQUIRE(y == x);
      REQUIRE(z == x);
      REQUIRE(b.decisions().size() == legal);  // (every candidate played: the legal moves)
      a.apply(x);
      b.apply(y);
      c.apply(z);
      REQUIRE(b.hash() == a.hash());
      REQUIRE(c.hash() == a.hash());
    }
  }
}

TEST_CASE("native: effects run by generated code change the game as the interpreter's and fail as they fail", "[native]") {
  auto p = loaded(kEffects);
  auto q = built(p);
  CHECK(native_source(*p, "key").effects == 2);  // (the two statements of `act`)
  // what move n does: its error, else the position after it; then the game as it was (an error changes nothing)
  const auto outcome = [](Game& g, int n) {
    const uint64_t before = g.hash();
    Move m;
    m.type = 0;
    m.nargs = 1;
    m.args[0] = n;
    std::string out;
    try {
      const size_t mark = g.apply(m);
      out = fmt::format("{} {} {}", g.hash(), g.default_summary(), g.player());
      g.undo(mark);
    } catch (const RuntimeError& e) {
      out = fmt::format("error {}:{}: {}", e.pos.line, e.pos.col, e.what());
    }
    CHECK(g.hash() == before);
    return out;
  };
  const std::vector<std::string> want = {
      "",  // (changes the game)
      "",
      "error 15:29: 6000000000 does not fit in a variable or attribute (32-bit integers)",
      "error 16:29: no piece here",
      "error 17:29: no site here",
      "error 18:29: 5000000000 does not fit in a variable or attribute (32-bit integers)",
      "error 19:29: -3000000000 does not fit in a variable or attribute (32-bit integers)",
      "error 20:29: no piece here",
      "error 21:29: no piece here",
      "error 22:42: one game operation made more than 1000000 changes to the state",
      "",
      "error 24:25: division by zero",
  };

  for (int round = 0; round < 2; ++round) {
    Game a(p), b(q);
    for (int n = 0; n < static_cast<int>(want.size()); ++n) {
      INFO("round " << round << " n " << n);
      const std::string got = outcome(a, n);
      INFO(got);
      if (!want[static_cast<size_t>(n)].empty()) CHECK(got.rfind(want[static_cast<size_t>(n)], 0) == 0);
      else CHECK(got.rfind("error", 0) != 0);
      CHECK(outcome(b, n) == got);
    }
    // the budget of changes: a few changes, then too many
    a.machine().limits.changes = 3;
    b.machine().limits.changes = 3;
    CHECK(outcome(b, 10) == outcome(a, 10));
    CHECK(outcome(a, 10).rfind("error 23:", 0) == 0);
    // the operation's steps spent in a let: its error (a let that fails otherwise is left to where it is used: 3)
    a.machine().limits.changes = b.machine().limits.changes = 1'000'000;
    a.machine().limits.operation_steps = b.machine().limits.operation_steps = 8;
    CHECK(outcome(b, 10) == outcome(a, 10));
    CHECK(outcome(a, 10).rfind("error 9:53: one game operation took more than 8", 0) == 0);
    a.machine().limits.operation_steps = b.machine().limits.operation_steps = 200'000'000;
  }
}

TEST_CASE("native: the end rules tried by generated code end the game as the interpreter's and fail as it fails", "[native]") {
  auto p = loaded(kEnds);
  auto q = built(p);
  REQUIRE(q->native->ends != nullptr);
  // what picking `first`, then `n`, does: the position and the result with its reason, or the error
  const auto outcome = [](Game& g, int first, int n) {
    std::string out;
    try {
      for (const int v : {first, n}) {
        if (g.state().over) break;
        Move m;
        m.type = 0;
        m.nargs = 1;
        m.args[0] = v;
        g.apply(m);
      }
      out = fmt::format("{} {} over {} ({}) {}", g.hash(), g.player(), g.state().over, g.state().ended_by,
                        g.state().over ? g.result_text() + " (" + g.result_reason() + ")" : "");
    } catch (const RuntimeError& e) {
      out = fmt::format("error {}:{}: {}", e.pos.line, e.pos.col, e.what());
    }
    return out;
  };
  // each rule met: B wins (mine, `each`), A loses (lost), the rank (ranked), a draw and a draw when the next player
  // cannot move (drawn, ended_by's last bit), an error in a condition (broken) and in a rank (unranked), a tie
  std::set<std::string> seen;
  for (int first = 0; first <= 9; ++first) {
    for (int n = 0; n <= 9; ++n) {
      INFO("first " << first << " n " << n);
      Game a(p), b(q);
      const std::string want = outcome(a, first, n);
      INFO(want);
      CHECK(outcome(b, first, n) == want);
      seen.insert(want.substr(want.find(' ') + 1));
    }
  }
  const auto met = [&](const std::string& text) {
    return std::any_of(seen.begin(), seen.end(), [&](const std::string& o) { return o.find(text) != std::string::npos; });
  };
  CHECK(met("B wins (mine)"));
  CHECK(met("(lost)"));
  CHECK(met("(ranked)"));
  CHECK(met("draw (drawn)"));
  CHECK(met("(1025) draw (drawn)"));  // (rule 3, player 0, cannot_move)
  CHECK(met("A, B and C tie (tied)"));
  CHECK(met("36:27: division by zero"));
  CHECK(met("45:21: division by zero"));
}

namespace {

// A move placing a man with a check, `check`, among its requirements (`where`: requires) or as its post-condition
// (ensures), `men` and `twin` two functions of the same body.
std::string ensured_rules(const std::string& where, const std::string& check) {
  const bool ensures = where == "ensures";
  return fmt::format(R"RULES(game: {{name: ensured}}
players: [A, B]
topology: {{grids: [{{width: 4, height: 1, name: board}}]}}
zones: {{hand: {{per_player: true}}}}
pieces: {{man: {{per_player: 2, at: hand}}}}
functions:
  men(player p) -> int: "count(s in board where occupied(s) and top(s).owner == p)"
  twin(player p) -> int: "count(s in board where occupied(s) and top(s).owner == p)"
moves:
  put:
    params: {{to: site in board}}
    requires: ["vacant(to)", "size(hand[me]) > 0"{}]
    effects: ["move(top(hand[me]), to)"]
{}turn: [{{choose: all}}]
end:
  full: {{when: "all(s in board : occupied(s))", result: draw}}
)RULES",
                     ensures ? "" : ", \"" + check + "\"", ensures ? "    ensures: [\"" + check + "\"]\n" : "");
}

}  // namespace

TEST_CASE("a post-condition remembers no call: a call made again in it costs its steps again, on both engines", "[native]") {
  // the steps an operation has left after listing the first moves, by each engine, with the check in `where`
  const auto left = [](const std::string& where, const std::string& check) {
    auto p = loaded(ensured_rules(where, check).c_str());
    auto q = built(p);
    Game a(p), b(q);
    int64_t la = -1, lb = -1;
    const std::string moves = listed(a, &la);
    CHECK(moves == "put a1 put b1 put c1 put d1 ");
    CHECK(listed(b, &lb) == moves);
    CHECK(lb == la);
    return la;
  };
  // in a requirement, men's value at the listing's state is remembered: called again, it costs nothing (twin's
  // call costs its steps once)
  CHECK(left("requires", "men(me) + 1 > men(me)") > left("requires", "men(me) + 1 > twin(me)"));
  // in a post-condition, each candidate's state is its own: men's second call costs what twin's does
  CHECK(left("ensures", "men(me) + 1 > men(me)") == left("ensures", "men(me) + 1 > twin(me)"));
  CHECK(left("ensures", "men(me) + 1 > men(me)") < left("ensures", "men(me) + 1 > 0"));
}
