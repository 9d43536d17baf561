// The compiler's output: the Program's tables and code for a small rule file.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"
#include "support.hpp"

using namespace ri;

namespace {

const char* kRules = R"RULES(
game: {name: tables}
players: [A, B]
topology:
  sites: [a1, a2, a3]
  regions: {ends: [a1, a3]}
  tracks:
    lane: {A: [hand, a1, a2, a3], B: [hand, a3, a2, a1]}
  relations:
    next_to: [[a1, a2], [a2, a3]]
zones:
  hand: {per_player: true, label: Hand}
pieces:
  man: {per_player: 2, at: hand, attributes: {power: 2}}
variables:
  score: {init: 0, per_player: true}
  turns: 0
moves:
  go:
    params:
      from: site in lane[me]
    let:
      to: forward(lane[me], from, 1)
    requires: ["owned(from, me) > 0", "to != from"]
    effects: ["move(top(from), to)"]
turn: [{choose: all}]
end: []
)RULES";

std::shared_ptr<const Program> program() { return testing::compile_text(kRules, "tables.rules"); }

int site(const Program& P, const std::string& n) {
  return static_cast<int>(std::find(P.site_names.begin(), P.site_names.end(), n) - P.site_names.begin());
}

}  // namespace

TEST_CASE("sites, zones, tracks, regions and relations become tables") {
  auto p = program();
  const Program& P = *p;
  CHECK(P.site_names.size() == 5);  // three sites and a hand for each player
  CHECK(P.site_labels[P.zone_sites[0][1]] == "Hand");
  CHECK(P.site_names[P.zone_sites[0][1]] == "hand[B]");
  const auto& lane_b = P.lists[P.track_lists[0][1]];
  CHECK(lane_b == std::vector<int32_t>{P.zone_sites[0][1], site(P, "a3"), site(P, "a2"), site(P, "a1")});
  int ends = -1;
  for (size_t l = 0; l < P.lists.size(); ++l)
    if (P.lists[l] == std::vector<int32_t>{site(P, "a1"), site(P, "a3")}) ends = static_cast<int>(l);
  REQUIRE(ends >= 0);
  // short lists are scanned; lists of more than 8 sites get membership and position tables
  CHECK(P.list_member[ends].empty());
  CHECK(P.list_index[P.track_lists[0][1]].empty());
  for (size_t l = 0; l < P.lists.size(); ++l)
    if (P.list_types[l] == Type::Sites && P.lists[l].size() > 8) {
      for (size_t i = 0; i < P.lists[l].size(); ++i) {
        CHECK(P.list_member[l][P.lists[l][i]] == 1);
        CHECK(P.list_index[l][P.lists[l][i]] <= static_cast<int32_t>(i));
      }
    }
  // symmetric relation: a2 is next to a1 and a3
  const auto& around_a2 = P.lists[P.relation_lists[0][site(P, "a2")]];
  CHECK(around_a2.size() == 2);
}

TEST_CASE("grids become tables of their sites by column and row") {
  auto p = testing::compile_text(R"RULES(
game: {name: grids}
players: [A]
topology:
  sites: [r1]
  grids: [{width: 3, height: 2}, {width: 2, height: 2, names: "q{x}{y}"}]
zones: {pool: {}}
moves: {m: {}}
turn: [{choose: all}]
end: []
)RULES");
  const Program& P = *p;
  REQUIRE(P.grids.size() == 2);
  REQUIRE(P.grid_place.size() == P.site_names.size());
  struct Row {
    const char* site;
    int grid, x, y;
  };
  const Row rows[] = {{"r1", -1, 0, 0}, {"a1", 0, 1, 1}, {"c1", 0, 3, 1}, {"b2", 0, 2, 2},
                      {"q11", 1, 1, 1}, {"q21", 1, 2, 1}, {"q22", 1, 2, 2}, {"pool", -1, 0, 0}};
  for (const Row& r : rows) {
    INFO(r.site);
    const GridPlace& g = P.grid_place[site(P, r.site)];
    CHECK(g.grid == r.grid);
    if (r.grid < 0) continue;
    CHECK(g.x == r.x);
    CHECK(g.y == r.y);
    const GridInfo& gi = P.grids[g.grid];
    CHECK(gi.sites[(g.y - 1) * gi.width + g.x - 1] == site(P, r.site));
  }
  CHECK(P.grids[0].width == 3);
  CHECK(P.grids[0].height == 2);
  CHECK(P.grids[1].sites.size() == 4);
}

TEST_CASE("pieces, variables and moves are laid out for the runtime") {
  auto p = program();
  const Program& P = *p;
  CHECK(P.pieces.size() == 4);
  CHECK(P.pieces[2].owner == 1);
  CHECK(P.pieces[2].site == P.zone_sites[0][1]);
  CHECK(P.attr_names == std::vector<std::string>{"power"});
  REQUIRE(P.vars.size() == 2);
  CHECK(P.vars[0].offset == 0);
  CHECK(P.vars[1].offset == 2);  // 'score' takes a slot per player
  CHECK(P.nvars == 3);
  REQUIRE(P.moves.size() == 1);
  const MoveInfo& go = P.moves[0];
  CHECK(go.params.size() == 1);
  CHECK(go.params[0].type == Type::Site);
  CHECK(go.nlets == 1);
  CHECK(go.frame >= 2);  // the parameter and the let
  CHECK(P.code[go.let_nodes[0]].op == Op::LazyLet);
  CHECK(go.requires_.size() == 2);
  CHECK(P.code[go.requires_[0].node].type == Type::Bool);
  CHECK(P.code[go.effects[0]].op == Op::SMove);
  // the standard library is compiled in: 'vacant' and 'forward' are functions of the program
  auto has = [&](const char* n) {
    return std::any_of(P.functions.begin(), P.functions.end(), [&](auto& f) { return f.name == n; });
  };
  CHECK(has("vacant"));
  CHECK(has("forward"));
}

TEST_CASE("concat, cannot_move and the uses of computed declarations compile to their nodes") {
  struct Row {
    const char* expression;
    Op op;  // the expression's node
    Type type;
  };
  const Row rows[] = {
      {"concat(s in ends : s)", Op::JoinText, Type::Str},
      {"cannot_move", Op::CannotMove, Type::Bool},
      {"game_over", Op::GameOver, Type::Bool},
      {"continuing", Op::Continuing, Type::Bool},
      {"cells", Op::ConstList, Type::Sites},             // a computed region: its table, once computed
      {"neighbours(a1, across)", Op::Related, Type::Sites},  // a computed relation: its table
      {"step(a1, across)", Op::Link, Type::Site},
  };
  for (const Row& r : rows) {
    INFO(r.expression);
    std::string text = kRules;
    text.replace(text.find("  regions: {ends: [a1, a3]}"), 27, "  regions: {ends: [a1, a3], cells: \"ends ++ [a2]\"}");
    text.replace(text.find("    next_to:"), 12, "    across: {each: s in cells, to: \"filter(t in ends : t != s)\"}\n    next_to:");
    std::vector<std::string> e{r.expression};
    Diagnostics d;
    auto p = load_rules_text("tables.rules", text, d, &e);
    INFO(d.format());
    REQUIRE(p);
    const Node& n = p->code[p->expressions[0]];
    CHECK(n.op == r.op);
    CHECK(n.type == r.type);
  }
}

TEST_CASE("expressions compile against a loaded program, with its symbol table, without loading it again") {
  auto p = program();
  size_t code = p->code.size(), strings = p->strings.size();
  struct Row {
    std::vector<std::string> exprs;
    std::vector<Type> types;  // empty: the expressions have problems
    std::string diagnostics;  // what they must contain
  };
  const Row rows[] = {
      {{"owned(a1, A) + score[B]", "forward(lane[me], a1, 1)", "'x' ++ 'y'"}, {Type::Int, Type::Site, Type::Str}, ""},
      {{"ends"}, {Type::Sites}, ""},
      {{"scor[A]"}, {}, "<expression>:1:1: error: undeclared name 'scor' (did you mean 'score'?)"},
      {{"forward(a1)", "go"}, {}, "<expression 1>:1:1: error: function 'forward' takes 3 arguments (sites t, site s, int n), not 1"},
  };
  for (const Row& r : rows) {
    INFO(r.exprs[0]);
    Diagnostics d;
    auto q = add_expressions(*p, r.exprs, d);
    if (r.types.empty()) {
      CHECK_FALSE(q);
      CHECK_THAT(d.format(), Catch::Contains(r.diagnostics));
      continue;
    }
    INFO(d.format());
    REQUIRE(q);
    REQUIRE(q->expressions.size() == r.types.size());
    for (size_t i = 0; i < r.types.size(); ++i) CHECK(q->code[q->expressions[i]].type == r.types[i]);
  }
  // the base program is as it was
  CHECK(p->code.size() == code);
  CHECK(p->strings.size() == strings);
  CHECK(p->expressions.empty());
}

TEST_CASE("the compiler folds constants, leaving errors for the runtime to report at their place") {
  auto p = testing::compile_text("game: {name: fold}\nparams: {n: 4}\nplayers: [A, B]\ntopology: {sites: [a1]}\n"
                                 "moves: {go: {}}\nturn: [{choose: all}]\nend: []\n");
  struct Row {
    const char* expr;
    Op op;            // the expression's node
    int64_t value;    // a constant's value
  };
  const Row rows[] = {
      {"1 + 2 * 3", Op::Const, 7},
      {"n * n - 1", Op::Const, 15},               // a rule-file parameter is a constant
      {"-7 / 2", Op::Const, -4},                  // floor division, as the runtime does it
      {"-7 % 2", Op::Const, 1},
      {"not (n > 3) or 1 == 1", Op::Const, 1},
      {"if n > 3 then 10 else 20", Op::Const, 10},  // the branch taken
      {"max(n, 9) + abs(-2)", Op::Const, 11},
      {"A == B", Op::Const, 0},
      {"1 / 0", Op::Div, 0},                      // an error: the runtime reports it
      {"9223372036854775807 + 1", Op::Add, 0},
      {"size(a1) + 1", Op::Add, 0},               // reads the state
      {"if size(a1) > 0 then 1 else 2", Op::If, 0},
  };
  for (const Row& r : rows) {
    INFO(r.expr);
    Diagnostics d;
    auto q = add_expressions(*p, {r.expr}, d);
    INFO(d.format());
    REQUIRE(q);
    const Node& n = q->code[q->expressions[0]];
    CHECK(n.op == r.op);
    if (r.op == Op::Const) CHECK(n.imm == r.value);
  }
}

namespace {

// A rule file whose display calls `exprs`, with functions small and large, recursive or not.
std::string inlining_rules(const std::string& display) {
  return R"RULES(
game: {name: inlining}
players: [A]
topology: {sites: [s1]}
functions:
  pick(int k) -> int: "[3, 1, 4][k]"
  twice(int n) -> int: "pick(n) + pick(n)"
  down(int n) -> int: "if n <= 0 then 0 else down(n - 1) + 1"
  ping(int n) -> int: "if n <= 0 then 0 else pong(n - 1)"
  pong(int n) -> int: "ping(n)"
  big(int n) -> int: "n + n + n + n + n + n + n + n + n + n + n + n + n + n + n + n + n + n + n + n + n + n + n + n + n + n"
variables: {v: 1}
moves: {m: {}}
turn: [{choose: all}]
end: []
display: ")RULES" + display + "\"\n";
}

bool inlinable(const Program& P, const std::string& f) {
  for (size_t i = 0; i < P.functions.size(); ++i)
    if (P.functions[i].name == f) return P.inlinable[i];
  FAIL("no function " << f);
  return false;
}

}  // namespace

TEST_CASE("calls of small functions that cannot reach themselves are inlined, with the same values") {
  auto p = testing::compile_text(inlining_rules("{twice(2)} {down(3)} {ping(4)} {big(1)} {pick(1) * 10}"));
  const Program& P = *p;
  struct Row {
    const char* function;
    bool inlined;
  };
  const Row rows[] = {{"pick", true}, {"twice", true}, {"down", false}, {"ping", false}, {"pong", false}, {"big", false}};
  for (const Row& r : rows) {
    INFO(r.function);
    CHECK(inlinable(P, r.function) == r.inlined);
  }
  // no call of an inlinable function is left, and pick's list literal is a constant list
  for (const Node& n : P.code)
    if (n.op == Op::Call) CHECK_FALSE(P.inlinable[static_cast<size_t>(n.a)]);
  for (const FunctionInfo& f : P.functions)
    if (f.name == "pick") {
      const Node& body = P.code[static_cast<size_t>(f.body)];
      REQUIRE(body.op == Op::Nth);
      CHECK(P.code[static_cast<size_t>(P.kid(body, 0))].op == Op::ConstList);
    }
  Game g(p);
  CHECK(g.render() == "8 3 0 26 10\n");
}

// Whether generation remembers the function of each row (Program::memoized), as the row says.
struct RememberedRow {
  const char* function;
  bool remembered;
};
template <size_t N>
void check_remembered(const Program& P, const RememberedRow (&rows)[N]) {
  for (const RememberedRow& r : rows) {
    INFO(r.function);
    bool found = false;
    for (size_t i = 0; i < P.functions.size(); ++i)
      if (P.functions[i].name == r.function) {
        found = true;
        CHECK(static_cast<bool>(P.memoized[i]) == r.remembered);
      }
    CHECK(found);
  }
}

TEST_CASE("generation remembers the calls of functions that visit lists or recurse, with single values as arguments") {
  auto p = testing::compile_text(R"RULES(
game: {name: remembered}
players: [A]
topology: {sites: [s1]}
functions:
  down(int n) -> int: "if n <= 0 then 0 else down(n - 1) + 1"
  visits(int n): "any(k in 0..n : k == 3)"
  recurses(int n) -> int: "down(n) + 1"
  inlined(int n): "visits(n + 1)"
  cheap(int n) -> int: "n + 1"
  listed(ints l) -> int: "sum(x in l : x)"
  five(int a, int b, int c, int d, int e): "any(k in 0..a : k == b + c + d + e)"
  four(int a, int b, int c, int d): "any(k in 0..a : k == b + c + d)"
moves: {m: {}}
turn: [{choose: all}]
end: []
display: "{visits(1)} {recurses(2)} {inlined(3)} {cheap(4)} {listed([5])} {five(1, 2, 3, 4, 5)} {four(1, 2, 3, 4)}"
)RULES");
  const Program& P = *p;
  const RememberedRow rows[] = {{"down", false},  {"visits", true},  {"recurses", true}, {"inlined", true},
                      {"cheap", false}, {"listed", false}, {"five", false},    {"four", true}};
  check_remembered(P, rows);
  // an inlined call names its function, which decides whether it is remembered
  for (const Node& n : P.code)
    if (n.op == Op::Bind) CHECK(n.b >= 0);
  Game g(p);
  CHECK(g.render() == "false 3 true 5 5 false false\n");
}

TEST_CASE("generation does not remember a function called only as the whole value of a let that keeps its value") {
  auto p = testing::compile_text(R"RULES(
game: {name: kept}
players: [A]
topology: {sites: [s1]}
variables: {v: 0}
functions:
  alone(int n): "any(k in 0..n : k == 2)"
  twice(int n): "any(k in 0..n : k == 3)"
  part(int n): "any(k in 0..n : k == 1)"
  listy(int n) -> ints: "filter(k in 0..n : k > 2)"
  played(int n): "any(k in 0..n : k == 0)"
moves:
  m:
    params: {a: int in 0..3, b: int in 0..1}
    let: {x: alone(a), y: twice(a), z: part(a) and b == 0, w: listy(a)}
    requires: ["x or y or z or len(w) > 1", "twice(a) or b == 1"]
  n:
    params: {c: int in 0..3}
    let: {u: played(c)}
    requires: ["u or c >= 0"]
    effects: ["set v = c"]
    ensures: ["v >= 0"]
turn: [{choose: all}]
end: []
)RULES");
  const Program& P = *p;
  const RememberedRow rows[] = {
      {"alone", false},  // only a let's whole value: kept per value of a already
      {"twice", true},   // also called in a requirement
      {"part", true},    // a part of a let's value
      {"listy", true},   // a list: the let is computed anew at each use
      {"played", true},  // the let of a move played to be listed (it has a post-condition)
  };
  check_remembered(P, rows);
  Game g(p);
  MoveList moves;
  g.legal(moves);
  std::vector<std::string> listed;
  for (const Move& m : moves) {
    std::string s = std::to_string(m.type);
    for (int i = 0; i < m.nargs; ++i) s += " " + std::to_string(m.args[i]);
    listed.push_back(s);
  }
  CHECK(listed == std::vector<std::string>{"0 2 1", "0 3 0", "0 3 1", "1 0", "1 1", "1 2", "1 3"});
}

TEST_CASE("generation does not remember a function whose whole body is kept for the game") {
  auto p = testing::compile_text(R"RULES(
game: {name: kept}
players: [A]
topology: {grids: [{width: 3, height: 1}]}
pieces: {man: {per_player: 1, at: b1}}
functions:
  # (too large to be inlined)
  near(site s) -> sites: >-
    filter(t in [offset(s, 1, 0), offset(s, -1, 0), offset(s, 2, 0), offset(s, -2, 0), offset(s, 3, 0), offset(s, -3, 0),
                 offset(s, 4, 0), offset(s, -4, 0), offset(s, 5, 0), offset(s, -5, 0), offset(s, 6, 0)] : t != none)
  held(site s) -> sites: "filter(t in [offset(s, 1, 0), offset(s, -1, 0)] : t != none and occupied(t))"
moves:
  m:
    params: {from: site in sites, to: site in near(from)}
    requires: ["len(held(from)) == 0"]
turn: [{choose: all}]
end: []
)RULES");
  const Program& P = *p;
  const RememberedRow rows[] = {
      {"near", false},  // a list of its argument and the board's tables: kept for the game (a cached part)
      {"held", true},   // reads the state
  };
  check_remembered(P, rows);
  for (const FunctionInfo& f : P.functions)
    CHECK((P.code[static_cast<size_t>(f.body)].op == Op::Cached) == (f.name == "near"));
  Game g(p);
  MoveList moves;
  g.legal(moves);
  std::vector<std::string> listed;
  for (const Move& m : moves) listed.push_back(g.write(m));
  CHECK(listed == std::vector<std::string>{"m b1 c1", "m b1 a1"});
}

namespace {

// The inlined calls in the tree at n that store arguments (Bind nodes of more than their body).
int binds_with_arguments(const Program& P, int n) {
  if (n < 0) return 0;
  const Node& nd = P.code[static_cast<size_t>(n)];
  int count = nd.op == Op::Bind && nd.nk > 1;
  for (int k = 0; k < nd.nk; ++k) count += binds_with_arguments(P, P.kid(nd, k));
  return count;
}

}  // namespace

TEST_CASE("an inlined call whose arguments are read directly stores nothing: its body reads them") {
  // twice(2): its argument and pick's (n, then 2) are read directly; twice(len(sites)) computes its argument, which
  // is stored once (pick's argument is then twice's parameter, read directly); a variable is read directly too
  auto p = testing::compile_text(inlining_rules("{twice(2)} {twice(len(sites))} {twice(v)} {twice(v + 1)}"));
  const Program& P = *p;
  REQUIRE(P.display.exprs.size() == 4);
  struct Row {
    int expr;
    int stored;
  };
  for (const Row& r : {Row{0, 0}, Row{1, 1}, Row{2, 0}, Row{3, 1}}) {
    INFO(r.expr);
    CHECK(binds_with_arguments(P, P.display.exprs[static_cast<size_t>(r.expr)]) == r.stored);
  }
  // a call left with its body only is no node's kid: its body is
  for (const Node& n : P.code)
    for (int k = 0; k < n.nk; ++k) {
      const int kid = P.kid(n, k);
      if (kid >= 0) CHECK_FALSE((P.code[static_cast<size_t>(kid)].op == Op::Bind && P.code[static_cast<size_t>(kid)].nk == 1));
    }
  Game g(p);
  CHECK(g.render() == "8 2 2 8\n");
}

TEST_CASE("an error in an inlined function names the calls it was inlined for, innermost first") {
  const std::string text = inlining_rules("{twice(7)}");
  auto p = testing::compile_text(text);
  Game g(p);
  try {
    g.render();
    FAIL("no error");
  } catch (const RuntimeError& e) {
    CHECK(std::string(e.what()) == "position 7 is outside the list (length 3)");
    CHECK(e.pos.line == 6);  // pick's body
    REQUIRE(e.calls.size() == 2);
    CHECK(e.calls[0].line == 7);   // pick(n) in twice
    CHECK(e.calls[0].col == 25);
    CHECK(e.calls[1].line == 16);  // twice(7) in the display
  }
}

namespace {

// The calls in the code at n: how many are tail calls (Op::TailCall), how many other calls (Op::Call).
void count_calls(const Program& P, int n, int& tail, int& other) {
  if (n < 0) return;
  const Node& nd = P.code[static_cast<size_t>(n)];
  tail += nd.op == Op::TailCall;
  other += nd.op == Op::Call;
  for (int k = 0; k < nd.nk; ++k) count_calls(P, P.kid(nd, k), tail, other);
}

}  // namespace

TEST_CASE("a function's calls of itself in the tail position of its body become tail calls") {
  struct Row {
    const char* name;
    const char* functions;  // f, and the functions it calls
    int tail, other;        // f's tail calls, and its other calls
  };
  const Row rows[] = {
      {"in a branch", "f(int n) -> int: 'if n <= 0 then 0 else f(n - 1)'", 1, 0},
      {"in both branches", "f(int n) -> int: 'if n > 9 then f(n - 2) else if n <= 0 then 0 else f(n - 1)'", 2, 0},
      {"in a let's body", "f(int n) -> int: 'let m = n - 1; if m < 0 then 0 else f(m)'", 1, 0},
      {"the whole body", "f(int n) -> int: 'f(n + 1)'", 1, 0},
      {"an operand", "f(int n) -> int: 'if n <= 0 then 0 else f(n - 1) + 1'", 0, 1},
      {"a condition", "f(int n) -> int: 'if n <= 0 then 0 else if f(n - 1) > 0 then 1 else f(n - 2)'", 1, 1},
      {"a let's value", "f(int n) -> int: 'if n <= 0 then 0 else let m = f(n - 1); m'", 0, 1},
      {"an argument", "f(int n) -> int: 'if n <= 0 then 0 else f(f(n - 1) - 1)'", 1, 1},
      {"an aggregate's body", "f(int n) -> bool: 'n <= 0 or any(k in 1..n : f(n - k))'", 0, 1},
      {"another function's", "f(int n) -> int: 'if n <= 0 then 0 else g(n - 1)'\n  g(int n) -> int: 'f(n)'", 0, 1},
  };
  for (const Row& r : rows) {
    INFO(r.name);
    auto p = testing::compile_text(std::string("game: {name: tail}\nplayers: [A]\ntopology: {sites: [s1]}\n") +
                                   "functions:\n  " + r.functions +
                                   "\nmoves: {m: {}}\nturn: [{choose: all}]\nend: []\ndisplay: '{f(3)}'\n");
    const Program& P = *p;
    for (size_t f = 0; f < P.functions.size(); ++f) {
      if (P.functions[f].name != "f") continue;
      int tail = 0, other = 0;
      count_calls(P, P.functions[f].body, tail, other);
      CHECK(tail == r.tail);
      CHECK(other == r.other);
      CHECK(P.tail_calls[f] == (r.tail > 0));
    }
  }
}

namespace {

// A rule file of one move `m` whose parameters are `params` (YAML lines) and whose one requirement is `requirement`:
// its program, and how many legal moves its start has.
std::pair<std::shared_ptr<const Program>, int> one_requirement(const std::string& head, const std::string& params,
                                                                const std::string& requirement) {
  auto p = testing::compile_text("game: {name: one}\nplayers: [A, B]\n" + head + "moves:\n  m:\n    params:" + params +
                                 "\n    requires: [\"" + requirement + "\"]\nturn: [{choose: all}]\nend: []\n");
  REQUIRE(p->moves[0].requires_.size() == 1);
  Game g(p);
  MoveList moves;
  g.legal(moves);
  return {p, moves.size};
}

}  // namespace

TEST_CASE("a requirement that an optional parameter be none unless something earlier holds narrows its values") {
  struct Row {
    const char* requirement;
    bool narrows;
    bool holds_if_none;  // `b == none or ...`: not evaluated while b is none
    int moves;           // legal moves (a in s1..s3, b none or in s1..s3)
  };
  const Row rows[] = {
      {"b == none or a == s1", true, true, 6},
      {"none == b or a == s1 or a == s2", true, true, 9},
      {"a == s1 or b == none", true, true, 6},
      {"b == none or b == s1", false, true, 6},
      {"b == none or size(b) > 0", false, true, 3},
      {"b != none or a == s1", false, false, 10},
      {"b == none", false, true, 3},
      {"a == s1", false, false, 4},
      {"a == none or a == s1", false, false, 4},  // (a is not optional)
  };
  for (const Row& r : rows) {
    INFO(r.requirement);
    auto [p, moves] = one_requirement("topology: {sites: [s1, s2, s3]}\n", "\n      a: site in sites\n      b: site? in sites", r.requirement);
    CHECK((p->moves[0].requires_[0].none_unless >= 0) == r.narrows);
    CHECK(p->moves[0].requires_[0].holds_if_none == r.holds_if_none);
    CHECK(moves == r.moves);
  }
}

TEST_CASE("requirements that test who holds a parameter's site are checked from the board's tables") {
  struct Row {
    const char* requirement;
    RequireInfo::Native native;
    int moves;  // legal moves: a in s1..s4; A holds s1, B holds s2, s3 and s4 are empty
  };
  const Row rows[] = {
      {"owned(a, me) > 0", RequireInfo::OwnedSome, 1},
      {"owned(a, opponent(me)) == 0", RequireInfo::OwnedNone, 3},
      {"occupied(a)", RequireInfo::Occupied, 2},
      {"vacant(a)", RequireInfo::Vacant, 2},
      {"size(a) == 0", RequireInfo::Vacant, 2},
      {"owned(a, me) > 1", RequireInfo::Evaluated, 0},
      {"not occupied(a)", RequireInfo::Evaluated, 2},
      {"owned(a, if occupied(a) then me else opponent(me)) > 0", RequireInfo::Evaluated, 1},
  };
  for (const Row& r : rows) {
    INFO(r.requirement);
    auto [p, moves] = one_requirement(
        "topology: {sites: [s1, s2, s3, s4]}\npieces: {man: {per_player: 1}}\nstart: {board: {s1: {man: A}, s2: {man: B}}}\n",
        "\n      a: site in sites", r.requirement);
    CHECK(p->moves[0].requires_[0].native == r.native);
    CHECK(moves == r.moves);
  }
}

namespace {

// A rule file of one move `m` with parameters `params` (YAML lines) and requirements `requirements`, and the values of
// its legal moves at the start, one string each ("0 1" for a = 0, b = 1; a further step adds its move's index and
// values), or the runtime error listing them raised.
struct Listed {
  std::shared_ptr<const Program> p;
  std::vector<std::string> moves;
  std::string error;
};
Listed listed(const std::string& params, const std::vector<std::string>& requirements, const std::string& rest = "") {
  std::string reqs;
  for (const std::string& r : requirements) reqs += "\n      - \"" + r + "\"";
  auto p = testing::compile_text("game: {name: one}\nplayers: [A, B]\nmoves:\n  m:\n    params:" + params +
                                 "\n    requires:" + reqs + "\n" + rest + "turn: [{choose: all}]\nend: []\n");
  Listed out{p, {}, {}};
  MoveList moves;
  try {
    Game g(p);
    g.legal(moves);
  } catch (const RuntimeError& e) {
    out.error = e.what();
    return out;
  }
  for (const Move& m : moves) {
    std::string s;
    for (int i = 0; i < m.nargs; ++i) s += (i == 0 ? "" : " ") + std::to_string(m.args[i]);
    out.moves.push_back(s);
  }
  return out;
}

int hoisted(const Program& P) {
  return static_cast<int>(std::count_if(P.code.begin(), P.code.end(), [](const Node& n) { return n.op == Op::Hoisted; }));
}

}  // namespace

TEST_CASE("the first requirements of an int parameter that bound it by earlier ones narrow its range") {
  struct Row {
    std::vector<std::string> requirements;
    int bounded;  // how many narrow n's range
    std::vector<std::string> moves;  // "a n"
  };
  const Row rows[] = {
      {{"n >= 1", "n <= a"}, 2, {"1 1", "2 1", "2 2"}},
      {{"n > a", "n < 3"}, 2, {"0 1", "0 2", "1 2"}},
      {{"a >= n", "n >= a"}, 2, {"0 0", "1 1", "2 2"}},
      {{"n == a + 1"}, 1, {"0 1", "1 2", "2 3"}},
      {{"2 * a < n", "n <= 3"}, 2, {"0 1", "0 2", "0 3", "1 3"}},
      {{"n != 0", "n >= a", "n < 2"}, 0, {"0 1", "1 1"}},
      {{"n >= 1", "n * n < 5", "n <= a"}, 1, {"1 1", "2 1", "2 2"}},
      {{"n > 3", "n <= 9"}, 2, {}},
  };
  for (const Row& r : rows) {
    INFO(r.requirements[0]);
    const Listed l = listed("\n      a: int in 0..2\n      n: int in -3..3", r.requirements);
    CHECK(l.p->moves[0].bounded[1] == r.bounded);
    CHECK(l.error.empty());
    CHECK(l.moves == r.moves);
  }
  // a bound that cannot be computed cuts nothing: the requirement fails where it always did, with each value
  const Listed l = listed("\n      a: int in 0..2\n      n: int in -3..3", {"n >= 1", "n <= 6 / (a - 1)"});
  CHECK(l.p->moves[0].bounded[1] == 2);
  CHECK(l.error == "division by zero");
}

TEST_CASE("a part of a requirement that reads only earlier parameters is kept while they keep their values") {
  struct Row {
    std::string requirement;
    int hoisted;
    std::vector<std::string> moves;  // "a b"
  };
  const Row rows[] = {
      {"b == (a * 2 + 1) % 3", 1, {"0 1", "1 0", "2 2"}},
      {"b + 1 == a", 0, {"1 0", "2 1"}},                   // a alone is a read
      {"b in [a, a + 1] and b != 1", 1, {"0 0", "1 2", "2 2"}},    // a + 1 (the list itself is not kept)
      {"count(k in 0..a : k < b) == 1", 0, {"0 1", "0 2", "1 1", "2 1"}},  // the count reads b: nothing is kept
      {"b == count(k in 0..a : k > 0)", 1, {"0 0", "1 1", "2 2"}},
  };
  for (const Row& r : rows) {
    INFO(r.requirement);
    const Listed l = listed("\n      a: int in 0..2\n      b: int in 0..2", {r.requirement});
    CHECK(hoisted(*l.p) == r.hoisted);
    CHECK(l.error.empty());
    CHECK(l.moves == r.moves);
  }
  // an error in a kept part is met where it always was: the part is computed when first reached
  Listed l = listed("\n      a: int in 0..2\n      b: int in 0..2", {"b == 0 or b == 6 / (a - 1)"});
  CHECK(hoisted(*l.p) == 1);
  CHECK(l.error == "division by zero");
  l = listed("\n      a: int in 0..2\n      b: int in 0..2", {"a != 1", "b == 0 or b == 6 / (a - 1)"});
  CHECK(l.error.empty());
  CHECK(l.moves == std::vector<std::string>{"0 0", "2 0"});
  // a step of the same move, listed while a candidate is played, keeps parts of its own: the candidate's are
  // computed anew after it (x is 0 for the first step, 1 for the second)
  l = listed("\n      a: int in 0..0\n      b: int in 0..1", {"(b + (a + x)) % 2 == 0"},
             "    effects: [\"set x = x + 1\", \"if x < 2 then continue_move\"]\nvariables: {x: 0}\n");
  CHECK(hoisted(*l.p) == 1);
  CHECK(l.moves == std::vector<std::string>{"0 0 0 0 1"});
}

TEST_CASE("a native requirement after requirements that cannot fail is checked first") {
  struct Row {
    std::vector<std::string> requirements;
    uint32_t early;  // MoveInfo::early for a's level
    std::vector<std::string> moves;  // a's site index; A holds s1 (0), B holds s2 (1), s3 and s4 are empty
    std::string error;
  };
  const Row rows[] = {
      {{"a != s3", "owned(a, me) > 0"}, 0b10, {"0"}, ""},
      {{"a != s3 or a == s4", "a != s1", "vacant(a)"}, 0b100, {"3"}, ""},
      {{"owned(a, me) > 0", "a != s2"}, 0, {"0"}, ""},
      // a requirement that can fail keeps its place before the native one: its error is met as it always was
      {{"10 / size(a) > 0", "occupied(a)"}, 0, {}, "division by zero"},
      {{"a != s2", "10 / size(a) > 0", "occupied(a)"}, 0, {}, "division by zero"},
  };
  for (const Row& r : rows) {
    INFO(r.requirements[0]);
    const Listed l = listed("\n      a: site in sites", r.requirements,
                            "topology: {sites: [s1, s2, s3, s4]}\npieces: {man: {per_player: 1}}\n"
                            "start: {board: {s1: {man: A}, s2: {man: B}}}\n");
    REQUIRE(l.p->moves[0].early.size() == 2);
    CHECK(l.p->moves[0].early[1] == r.early);
    CHECK(l.moves == r.moves);
    CHECK(l.error == r.error);
  }
}

TEST_CASE("a requirement on who owns a parameter's top piece is checked from the board's tables") {
  struct Row {
    std::vector<std::string> requirements;
    RequireInfo::Native native;  // the last requirement's
    std::vector<std::string> moves;  // a's site index; A holds s1 (0), B holds s2 (1), s3 and s4 are empty
    std::string error;
    uint32_t sorted = 0;  // MoveInfo::Sorting::mask
  };
  const Row rows[] = {
      {{"occupied(a)", "top(a).owner == me"}, RequireInfo::TopOwnerIs, {"0"}, ""},
      {{"occupied(a)", "top(a).owner != me"}, RequireInfo::TopOwnerIsNot, {"1"}, ""},
      {{"occupied(a)", "me == top(a).owner"}, RequireInfo::TopOwnerIs, {"0"}, ""},
      {{"occupied(a)", "holder(a) == opponent(me)"}, RequireInfo::TopOwnerIs, {"1"}, ""},
      {{"a != s4", "top(a).owner == me"}, RequireInfo::TopOwnerIs, {}, "no piece here (the value is none)", 0b1},
      // a value without a top piece is evaluated, which fails, before a later requirement could reject it (nor is
      // a later requirement computed from the tables checked first: nothing is sorted after it)
      {{"top(a).owner == me", "a != s3"}, RequireInfo::Evaluated, {}, "no piece here (the value is none)"},
      {{"occupied(a)", "top(a).kind == man"}, RequireInfo::Evaluated, {"0", "1"}, ""},
      // with occupied() first, false on an empty site: it cannot fail, so what the tables decide after it sorts
      {{"occupied(a) and top(a).owner == me"}, RequireInfo::OccupiedTopOwnerIs, {"0"}, ""},
      {{"occupied(a) and me != top(a).owner"}, RequireInfo::OccupiedTopOwnerIsNot, {"1"}, ""},
      {{"own(a, me)"}, RequireInfo::OccupiedTopOwnerIs, {"0"}, ""},
      {{"own(a, me)", "a != s3"}, RequireInfo::Evaluated, {"0"}, "", 0b10},
      {{"top(a).owner == me and occupied(a)"}, RequireInfo::Evaluated, {}, "no piece here (the value is none)"},
  };
  for (const Row& r : rows) {
    INFO(r.requirements.back());
    const Listed l = listed("\n      a: site in sites", r.requirements,
                            "topology: {sites: [s1, s2, s3, s4]}\npieces: {man: {per_player: 1}}\n"
                            "start: {board: {s1: {man: A}, s2: {man: B}}}\n"
                            "functions:\n  holder(site s) -> player: \"top(s).owner\"\n"
                            "  own(site t, player p): \"occupied(t) and top(t).owner == p\"\n");
    const MoveInfo& mi = l.p->moves[0];
    if (r.native != RequireInfo::Evaluated) CHECK(int{mi.requires_.back().native} == int{r.native});
    CHECK(mi.sorts[0].mask == r.sorted);
    CHECK(l.moves == r.moves);
    CHECK(l.error == r.error);
  }
}

TEST_CASE("the values of a site parameter that fail its first native requirement for a piece are passed over") {
  struct Row {
    std::vector<std::string> requirements;
    int pass;  // MoveInfo::pass for a
    std::vector<std::string> moves;  // a's site index; A holds b2 (4), B holds c3 (8)
  };
  const Row rows[] = {
      {{"owned(a, me) > 0"}, 0, {"4"}},
      {{"a != a1", "occupied(a)"}, 1, {"4", "8"}},
      {{"occupied(a)", "owned(a, opponent(me)) > 0"}, 0, {"8"}},
      {{"vacant(a)", "owned(a, me) > 0"}, -1, {}},  // most sites pass vacant(a): nothing is passed over
      {{"owned(a, me) == 0"}, -1, {"0", "1", "2", "3", "5", "6", "7", "8"}},
      {{"10 / size(a) > 0", "occupied(a)"}, -1, {}},
  };
  const std::string rest = "topology: {grids: [{width: 3, height: 3}]}\npieces: {man: {per_player: 1}}\n"
                           "start: {board: {b2: {man: A}, c3: {man: B}}}\n";
  for (const Row& r : rows) {
    INFO(r.requirements.back());
    const Listed l = listed("\n      a: site", r.requirements, rest);
    REQUIRE(l.p->moves[0].pass.size() == 1);
    CHECK(l.p->moves[0].pass[0] == r.pass);
    if (r.requirements[0] != "10 / size(a) > 0") CHECK(l.error.empty());
    CHECK(l.moves == r.moves);
  }
  // each value passed over counts as examined (spec/language.md, Generation): 9 with one bound
  const Listed l = listed("\n      a: site", {"owned(a, me) > 0"}, "    effects: [\"set n = n + 1\"]\n" + rest + "variables: {n: 0}\n");
  for (int limit : {9, 8}) {
    Game g(l.p);
    g.machine().limits.candidates = limit;
    MoveList moves;
    g.legal(moves);
    REQUIRE(moves.size == 1);
    if (limit == 9) {
      CHECK_NOTHROW(g.apply(moves[0]));
    } else {
      CHECK_THROWS_WITH(g.apply(moves[0]), "move 'm' has more than 8 parameter combinations to examine");
      CHECK(g.state().vars[0] == 0);
    }
  }
}

TEST_CASE("requirements that the board's tables decide bind a site parameter only to the values that meet them") {
  using S = RequireInfo::Sort;
  struct Row {
    std::vector<std::string> requirements;
    uint32_t mask;  // MoveInfo::Sorting::mask for b: the requirements that sort b's values
    S last;         // the last one's form
    std::string error;
  };
  // a 3x3 grid (a1 = 0, b1 = 1, ... c3 = 8; A holds b2)
  const Row rows[] = {
      {{"abs(x_of(b) - x_of(a)) + abs(y_of(b) - y_of(a)) == 1"}, 0b1, S::SortTrue, ""},
      {{"x_of(b) == x_of(a) + size(a)"}, 0b1, S::SortEqual, ""},
      {{"size(a) + 1 == x_of(b)"}, 0b1, S::SortEqual, ""},  // E on the left
      {{"x_of(b) > 1 or occupied(a)"}, 0b1, S::SortOr, ""},
      {{"occupied(a) or x_of(b) > 1"}, 0b1, S::SortOr, ""},
      {{"not (x_of(a) == x_of(b))"}, 0b1, S::SortTrue, ""},
      {{"(x_of(b) + (if me == A then 1 else 0)) % 2 == 0"}, 0b1, S::SortTrue, ""},  // `me` is an input
      // after requirements that cannot fail; up to the first with an E
      {{"b != a", "vacant(b)", "x_of(b) == y_of(a)", "x_of(b) == size(a) + 1", "y_of(b) > 1"}, 0b1101, S::SortEqual, ""},
      {{"10 / (size(b) + 1) > 0", "x_of(b) == y_of(a)"}, 0, S::NoSort, ""},  // after one that can fail
      {{"x_of(b) < size(b) + 3"}, 0, S::NoSort, ""},  // the pieces are no table
      {{"x_of(b) == 2 and size(a) == 0"}, 0, S::NoSort, ""},
      // a requirement fails for some value: every value is tried, the error met where it always was
      {{"6 / (x_of(b) - 2) == x_of(a)"}, 0b1, S::SortTrue, "division by zero"},
      {{"b != a", "6 / (x_of(b) - 2) == size(a)"}, 0b11, S::SortEqual, "division by zero"},
      {{"x_of(b) != 2", "6 / (x_of(b) - 2) == size(a)"}, 0b11, S::SortEqual, ""},  // not for the values it is checked for
      // E fails: the same
      {{"x_of(b) == 6 / size(a)"}, 0b1, S::SortEqual, "division by zero"},
      {{"x_of(b) > 4 or x_of(a) / size(a) > 0"}, 0b1, S::SortOr, "division by zero"},
  };
  const std::string rest = "topology: {grids: [{width: 3, height: 3}]}\npieces: {man: {per_player: 1}}\n"
                           "start: {board: {b2: {man: A}}}\n";
  for (const Row& r : rows) {
    INFO(r.requirements.back());
    const Listed l = listed("\n      a: site\n      b: site", r.requirements, rest);
    const MoveInfo& mi = l.p->moves[0];
    REQUIRE(mi.sorts.size() == 2);
    CHECK(mi.sorts[1].mask == r.mask);
    if (r.mask != 0) CHECK(int{mi.requires_[static_cast<size_t>(mi.sorts[1].last)].sort} == int{r.last});
    CHECK(l.error == r.error);
    // the same moves as with each requirement checked for each value (behind an `and`, none sorts)
    std::vector<std::string> each;
    for (const std::string& q : r.requirements) each.push_back("size(b) >= 0 and (" + q + ")");
    const Listed e = listed("\n      a: site\n      b: site", each, rest);
    CHECK(e.p->moves[0].sorts[1].mask == 0);
    CHECK(l.moves == e.moves);
    CHECK(l.error == e.error);
  }
  // what is bound, in order: b's values in the domain's order
  Listed l = listed("\n      a: site\n      b: site", {"abs(x_of(b) - x_of(a)) + abs(y_of(b) - y_of(a)) == 1"}, rest);
  CHECK(l.moves == std::vector<std::string>{"0 1", "0 3", "1 0", "1 2", "1 4", "2 1", "2 5", "3 0", "3 4", "3 6",
                                            "4 1", "4 3", "4 5", "4 7", "5 2", "5 4", "5 8", "6 3", "6 7", "7 4",
                                            "7 6", "7 8", "8 5", "8 7"});
  l = listed("\n      a: site in [a1, b2]\n      b: site in [c3, a3, b3, b2]", {"y_of(b) == 3 or occupied(a)"}, rest);
  CHECK(l.p->moves[0].sorts[1].mask == 1);
  CHECK(l.moves == std::vector<std::string>{"0 8", "0 6", "0 7", "4 8", "4 6", "4 7", "4 4"});
  l = listed("\n      a: site in [b2, a1]\n      b: site in [c3, a3, b3, b2]", {"x_of(b) == size(a) + 1"}, rest);
  CHECK(l.moves == std::vector<std::string>{"4 7", "4 4", "0 6"});
  // a domain computed from `me`, earlier parameters and the board's tables (a track of `me`) sorts too, its tables made
  // per value of its inputs; one that reads the pieces does not
  const std::string with_tracks = "topology:\n  grids: [{width: 3, height: 3}]\n  tracks: {path: {A: [c1, b1, a1, a2], B: [a3, b3, c3]}}\n"
                                  "pieces: {man: {per_player: 1}}\nstart: {board: {b2: {man: A}}}\n";
  struct Domain {
    const char* domain;
    uint32_t mask;
    size_t moves;
  };
  for (const Domain& d : {Domain{"path[me]", 0b11, 5}, Domain{"(if size(a) > 0 then path[me] else path[B])", 0, 3}}) {
    INFO(d.domain);
    const std::string params = std::string("\n      a: site in [b2, a1]\n      b: site in ") + d.domain;
    l = listed(params, {"x_of(b) != x_of(a)", "y_of(b) < 2 or occupied(a)"}, with_tracks);
    CHECK(l.p->moves[0].sorts[1].mask == d.mask);
    const Listed e = listed(params, {"size(b) >= 0 and x_of(b) != x_of(a)", "size(b) >= 0 and (y_of(b) < 2 or occupied(a))"},
                            with_tracks);
    CHECK(e.p->moves[0].sorts[1].mask == 0);
    CHECK(l.moves == e.moves);
    CHECK(l.moves.size() == d.moves);
  }
}

TEST_CASE("after inlining, what a copy of a body computes from constants is folded, where it cannot fail") {
  const std::string text = R"RULES(
game: {name: folding}
players: [A]
topology: {sites: [s1]}
functions:
  dir(string d) -> int: "if d == 'R' then 1 else if d == 'L' then -1 else 0"
  span(int n) -> int: "n * 2 - 1"
  zero() -> int: "0"
moves: {m: {}}
turn: [{choose: all}]
end: []
display: "{dir('L')} {dir(s1 ++ '')} {len(0..span(2))} {7 / zero()}"
)RULES";
  auto p = testing::compile_text(text);
  const Program& P = *p;
  REQUIRE(P.display.exprs.size() == 4);
  auto op = [&](int e) { return P.code[static_cast<size_t>(P.display.exprs[static_cast<size_t>(e)])].op; };
  CHECK(op(0) == Op::Const);  // dir('L'): -1
  CHECK(P.code[static_cast<size_t>(P.display.exprs[0])].imm == -1);
  CHECK(op(1) != Op::Const);  // a string made at run time is compared when the body runs
  const Node& range = P.code[static_cast<size_t>(P.kid(P.code[static_cast<size_t>(P.display.exprs[2])], 0))];
  CHECK(range.op == Op::Range);
  CHECK(P.code[static_cast<size_t>(P.kid(range, 1))].op == Op::Const);  // span(2): 3
  CHECK(op(3) == Op::Div);  // 7 / 0 fails: left for the runtime, which reports it where it is written
  Game g(p);
  testing::check_render_error(g, "division by zero", 12, 59);  // at the '/'
}

namespace {

// Whether the tree at n has a loop (any, all or map).
bool has_loop(const Program& P, int n) {
  if (n < 0) return false;
  const Node& nd = P.code[static_cast<size_t>(n)];
  if (nd.op == Op::Any || nd.op == Op::All || nd.op == Op::Map) return true;
  for (int k = 0; k < nd.nk; ++k)
    if (has_loop(P, P.kid(nd, k))) return true;
  return false;
}

}  // namespace

TEST_CASE("small loops over constants become their body once per element, with the same values") {
  struct Row {
    const char* expr;
    const char* shown;  // what it renders
    bool unrolled;
  };
  const Row rows[] = {
      {"all(k in 0..3 : k * k < 5)", "false", true},
      {"any(k in [2, 4, 6] : k == 4)", "true", true},
      {"any(k in 1..3 where k != 2 : k == 2)", "false", true},
      {"all(k in 1..3 where k != 2 : k != 2)", "true", true},
      {"any(k in 0..2 : k == v)", "true", true},
      {"all(k in 0..2 : k == v)", "false", true},
      {"any(k in 0..2 : let j = k + v; j == 3)", "true", true},
      {"any(k in 0..1 : any(j in 0..1 : k + j == 2 * v))", "true", true},
      {"map(k in 0..2 : k * 10 + v)[2]", "21", true},
      {"any(k in 1..0 : true)", "false", true},
      {"all(k in 1..0 : false)", "true", true},
      {"all(k in 0..8 : k >= 0)", "true", false},  // too many elements
      {"any(k in 0..2 : len(filter(s in sites : k > v)) > 0)", "true", false},  // the body makes a list
      {"len(map(k in 0..2 where k > 0 : k))", "2", false},
      {"any(k in 0..v + 1 : k == 2)", "true", false},  // not a constant range
  };
  for (const Row& r : rows) {
    INFO(r.expr);
    auto p = testing::compile_text(std::string("game: {name: unroll}\nplayers: [A]\ntopology: {sites: [s1, s2]}\n") +
                                   "variables: {v: 1}\nmoves: {m: {}}\nturn: [{choose: all}]\nend: []\n" +
                                   "display: \"{" + r.expr + "}\"\n");
    const Program& P = *p;
    REQUIRE(P.display.exprs.size() == 1);
    CHECK(has_loop(P, P.display.exprs[0]) == !r.unrolled);
    Game g(p);
    CHECK(g.render() == std::string(r.shown) + "\n");
  }
  // an error in an element's copy is reported where it is written
  auto p = testing::compile_text(
      "game: {name: unroll}\nplayers: [A]\ntopology: {sites: [s1]}\nvariables: {v: 1}\nmoves: {m: {}}\n"
      "turn: [{choose: all}]\nend: []\ndisplay: \"{any(k in 0..2 : 6 / (v - k) < 0)}\"\n");
  CHECK_FALSE(has_loop(*p, p->display.exprs[0]));
  Game g(p);
  testing::check_render_error(g, "division by zero", 8, 30);  // at the '/'
}

TEST_CASE("a part computed from a few inputs and the board's tables keeps its values by its inputs, errors aside") {
  const std::string text = R"RULES(
game: {name: caching}
players: [A]
topology: {sites: [s1, s2]}
variables: {n: 0, big: 100}
functions:
  spread(int k, int j) -> int: "let i = k * 3 + j; if i > 10 then (i - 10) * 2 else min(i * i, 50) - 1"
  pick(int k) -> int: "[1, 2, 3][k] * 2 + [4, 5, 6][k] * [7, 8, 9][k] - k * k + 1"
moves:
  inc: {effects: ["set n = n + 1"]}
turn: [{choose: all}]
end: []
display: "{spread(n, 1)} {spread(n, 2)} {size(s1) * 3 + size(s2) * 5 - size(s1) * size(s2) + 1} {spread(big, n)} {pick(n)}"
)RULES";
  auto p = testing::compile_text(text);
  const Program& P = *p;
  std::function<int(int)> cached = [&](int n) {
    if (n < 0) return 0;
    int c = P.code[static_cast<size_t>(n)].op == Op::Cached;
    for (int k = 0; k < P.code[static_cast<size_t>(n)].nk; ++k) c += cached(P.kid(P.code[static_cast<size_t>(n)], k));
    return c;
  };
  // (small ints are kept in cells of their own, runtime/closures.hpp's DirectPart; big's 100 in the hashed table)
  REQUIRE(P.display.exprs.size() == 5);
  for (int e : {0, 1, 3, 4}) CHECK(cached(P.display.exprs[static_cast<size_t>(e)]) == 1);  // spread 3 times, pick
  CHECK(cached(P.display.exprs[2]) == 0);  // it reads the board
  auto spread = [](int64_t k, int64_t j) {
    const int64_t i = k * 3 + j;
    return i > 10 ? (i - 10) * 2 : std::min<int64_t>(i * i, 50) - 1;
  };
  const int64_t pick[] = {1 * 2 + 4 * 7 + 1, 2 * 2 + 5 * 8 - 1 + 1, 3 * 2 + 6 * 9 - 4 + 1};
  Game g(p);
  for (int64_t n = 0; n < 5; ++n) {
    INFO(n);
    if (n < 3) {
      for (int again = 0; again < 2; ++again)  // (the second time, from what was kept)
        CHECK(g.render() == fmt::format("{} {} 1 {} {}\n", spread(n, 1), spread(n, 2), spread(100, n), pick[n]));
    } else {
      for (int again = 0; again < 2; ++again) {  // an error is met every time: nothing was kept
        try {
          g.render();
          FAIL("no error");
        } catch (const RuntimeError& e) {
          CHECK(std::string(e.what()) == fmt::format("position {} is outside the list (length 3)", n));
        }
      }
    }
    MoveList moves;
    g.legal(moves);
    REQUIRE(moves.size == 1);
    g.apply(moves[0]);
  }
}

TEST_CASE("a kept part whose inputs take too many values is computed without the table, with the same values") {
  auto p = testing::compile_text(R"RULES(
game: {name: caching}
players: [A]
topology: {sites: [s1]}
variables: {n: 0}
functions:
  spread(int k, int j) -> int: "let i = k * 3 + j; if i > 10 then (i - 10) * 2 else min(i * i, 50) - 1"
moves:
  inc: {effects: ["set n = n + 1"]}
turn: [{choose: all}]
end: []
display: "{spread(n, 1)}"
)RULES");
  Game g(p);
  MoveList moves;
  // every value new: none is found, and after Machine::kCacheTries the table is left alone (kept values too)
  for (int64_t n = 0; n < 3000; ++n) {
    const int64_t i = n * 3 + 1;
    if (g.render() != fmt::format("{}\n", i > 10 ? (i - 10) * 2 : std::min<int64_t>(i * i, 50) - 1)) FAIL("n = " << n);
    g.legal(moves);
    REQUIRE(moves.size == 1);
    g.apply(moves[0]);
  }
}

TEST_CASE("a list computed from a few inputs and the board's tables is kept for the whole game, made where it may") {
  // onward(s, p): the sites right of, above and left of s on the board; `far` (not a part: it reads the board) the same
  auto rules = [](const std::string& onward) {
    return "game: {name: lists}\nplayers: [A, B]\ntopology: {grids: [{width: 4, height: 3}]}\n"
           "pieces: {man: {per_player: 3}}\n"
           "start: {board: {a1: {man: A}, b1: {man: A}, c1: {man: A}, a3: {man: B}, b3: {man: B}, c3: {man: B}}}\n"
           "functions:\n"
           "  onward(site s, player p) -> sites: \"" + onward + "\"\n"
           // a remembered function that calls onward: its copy of onward's call is the part kept, and a remembered call
           // made its list (which lasts one listing)
           "  free(site s, player p) -> sites: \"filter(t in onward(s, p) : vacant(t))\"\n"
           "moves:\n"
           "  go:\n"
           "    params:\n      from: site\n      to: site in free(from, me)\n"
           "    requires: [\"occupied(from) and top(from).owner == me\", \"len(free(to, me)) >= 0\"]\n"
           "    effects: [\"move(top(from), to)\"]\n"
           "turn: [{choose: all}]\nend: []\n";
  };
  const std::string kept = "filter(t in [offset(s, 1, 0), offset(s, 0, if p == A then 1 else -1), offset(s, -1, 0)] : t != none)";
  const std::string each = "filter(t in [offset(s, 1, 0), offset(s, 0, if p == A then 1 else -1), offset(s, -1, 0)] : "
                           "t != none and size(t) >= 0)";
  auto p = testing::compile_text(rules(kept));
  auto q = testing::compile_text(rules(each));
  auto cached = [](const Program& P) {
    return std::count_if(P.code.begin(), P.code.end(), [](const Node& n) { return n.op == Op::Cached && is_list(n.type); });
  };
  CHECK(cached(*p) > 0);
  CHECK(cached(*q) < cached(*p));  // (q keeps only the lists of offsets)
  Game g(p), h(q);
  Prng rng(7);
  MoveList a, b;
  for (int ply = 0; ply < 40; ++ply) {
    INFO(ply);
    g.legal(a);
    h.legal(b);
    REQUIRE(std::equal(a.begin(), a.end(), b.begin(), b.end()));
    if (a.size == 0) break;
    const Move m = a[static_cast<int>(rng.below(static_cast<uint64_t>(a.size)))];
    g.apply(m);
    h.apply(m);
  }
}
