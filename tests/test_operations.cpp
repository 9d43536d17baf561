// The table of operations (syntax/operations.def): every row is reachable through the language. The grammar's
// aggregate keywords are exactly its aggregates, every built-in function and effect is known to the checker by its
// row (arity and argument kinds), and every row compiles to the runtime operation it names.
#include <catch2/catch.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fstream>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"
#include "runtime/machine.hpp"
#include "syntax/operations.hpp"
#include "syntax/parser.hpp"

using namespace ri;

namespace {

const char* kGame = R"RULES(game: {name: ops}
players: [A, B]
topology: {grids: [{width: 2, height: 2}]}
history: {h: 0}
pieces: {man: {per_player: 1}}
moves:
  go:
    effects: [pass]
turn: [{choose: all}]
end: []
)RULES";

// The rule file with one more function, whose body is `body`; the diagnostics of checking it.
std::string check_function(const std::string& body) {
  Diagnostics d;
  load_rules_text("t.rules", std::string(kGame) + "functions: {'f() -> int': '" + body + "'}\n", d);
  return d.format();
}

}  // namespace

TEST_CASE("operations: the grammar's aggregate keywords are the table's aggregates") {
  Diagnostics d;
  Parser parser(std::make_shared<SourceFile>("t", ""), d);
  for (const Operation& op : aggregates()) {
    Text t;
    t.s = fmt::format("{}(x in [1, 2] : x > 1)", op.name);
    t.pos = {1, 1, 0};
    for (size_t i = 0; i <= t.s.size(); ++i) t.map.push_back({1, static_cast<int>(i) + 1, 0});
    ExprP e = parser.expr(t);
    INFO(t.s << "\n" << d.format());
    REQUIRE(e);
    CHECK(e->kind == ExprKind::Aggregate);
    CHECK(e->agg == aggregate_id(op));
    CHECK(e->name == "x");
  }
  // a name that is no aggregate is a call, whose arguments are no 'x in LIST'
  Text t;
  t.s = "total(x in [1, 2] : x)";
  for (size_t i = 0; i <= t.s.size(); ++i) t.map.push_back({1, static_cast<int>(i) + 1, 0});
  CHECK_FALSE(parser.expr(t));
}

TEST_CASE("operations: the checker knows every built-in function by its row") {
  for (const Operation& op : builtins()) {
    INFO(op.name);
    CHECK(find_builtin(op.name) == &op);
    // one argument too many: the row's arity, in the row's words
    std::vector<std::string> args(op.args.size() + 1, "1");
    std::string diags = check_function(fmt::format("{}({})", op.name, fmt::join(args, ", ")));
    CHECK_THAT(diags, Catch::Contains(fmt::format("'{}' takes {} argument{}", op.name, op.args.size(),
                                                  op.args.size() == 1 ? "" : "s")));
  }
}

TEST_CASE("operations: the checker knows every effect by its row, and where it may be used") {
  for (const Operation& op : effects()) {
    INFO(op.name);
    std::vector<std::string> args(op.args.size() + 1, "1");
    Diagnostics d;
    std::string text = std::string(kGame);
    text.replace(text.find("effects: [pass]"), 15, fmt::format("effects: ['{}({})']", op.name, fmt::join(args, ", ")));
    load_rules_text("t.rules", text, d);
    if (op.where == Where::Setup)
      CHECK_THAT(d.format(), Catch::Contains(fmt::format("'{}' can only be used in 'setup'", op.name)));
    else
      CHECK_THAT(d.format(), Catch::Contains(fmt::format("'{}' takes {} argument", op.name, op.args.size())));
    // in a step's 'after', only effects that request nothing of the turn
    Diagnostics d2;
    std::string after = std::string(kGame);
    after.replace(after.find("turn: [{choose: all}]"), 21,
                  fmt::format("turn: [{{choose: all, after: ['{}']}}]", op.args.empty() ? std::string(op.name) : ""));
    if (!op.args.empty()) continue;
    load_rules_text("t.rules", after, d2);
    if (op.where == Where::Move)
      CHECK_THAT(d2.format(), Catch::Contains(fmt::format("'{}' is not allowed in a step's 'after'", op.name)));
    else
      CHECK(d2.empty());
  }
}

namespace {

// Each expression, evaluated on kGame's start position, is written as its value.
void check_values(std::vector<std::string> exprs, const std::vector<std::string>& values) {
  Diagnostics d;
  LoadOptions o;
  o.expressions = &exprs;
  auto p = load_rules_text("t.rules", std::string(kGame), d, o);
  INFO(d.format());
  REQUIRE(p);
  REQUIRE(p->expressions.size() == values.size());
  Game g(p);
  Machine& M = g.machine();
  for (size_t i = 0; i < exprs.size(); ++i) {
    INFO(exprs[i]);
    M.begin_operation();
    const int e = p->expressions[i];
    CHECK(M.show_value(M.evaluate(e), p->code[e].type) == values[i]);
  }
}

}  // namespace

TEST_CASE("operations: every row compiles and runs") {
  // one use of each built-in function and aggregate, typed by its row, evaluated on the start position
  std::vector<std::string> exprs = {
      "next(A)", "opponent(A)", "len(pieces_at(a1))", "size(a1)", "top(a1) == none", "owned(a1, A)",
      "min(1, 2)", "max(1, 2)", "abs(-3)", "len(sites)", "nth(sites, 0)", "index(sites, a1)",
      "neighbours(a1, north)", "step(a1, north)", "history_len()", "x_of(a2)", "y_of(a2)", "site_at(1, 1)",
      "offset(a1, 1, 0)", "unique([1, 1])", "slice([1, 2, 3], 1, 2)", "reverse([1, 2])", "len(all_pieces(man))",
      "styled('x', 'red')",
      "any(x in [1] : x > 0)", "all(x in [1] : x > 0)", "count(x in [1])", "sum(x in [1, 2] : x)",
      "min(x in [1, 2] : x)", "max(x in [1, 2] : x)", "filter(x in [1, 2] : x > 1)", "map(x in [1, 2] : x + 1)",
      "concat(x in [1, 2] : x)", "reachable(x in [1] where x < 5 : [x + 1, x * 2])"};
  std::vector<std::string> values = {
      "B", "B", "0", "0", "true", "0", "1", "2", "3", "4", "a1", "0", "[a2]", "a2", "0", "1", "2", "a1", "b1", "[1]",
      "[2]", "[2, 1]", "2", "x", "true", "true", "1", "3", "1", "2", "[2]", "[2, 3]", "12", "[1, 2, 3, 4]"};
  check_values(exprs, values);
}

TEST_CASE("reachable lists the start, then breadth first what each element leads to, each once, where it holds") {
  struct Row {
    std::string expr, value;
  };
  const std::vector<Row> rows = {
      {"reachable(s in [a1] : neighbours(s, north) ++ neighbours(s, east))", "[a1, a2, b1, b2]"},  // breadth first
      {"reachable(s in [b2, a1] : neighbours(s, south))", "[b2, a1, b1]"},                      // the start in order
      {"reachable(s in [a1, a1, b1] : [a1])", "[a1, b1]"},                                      // each once
      {"reachable(s in [a1] where s != b1 : neighbours(s, east) ++ neighbours(s, north))", "[a1, a2, b2]"},
      {"reachable(s in [a1] where s == b2 : [b2])", "[]"},                                       // the start too
      {"reachable(n in [1] where n < 20 : [n * 2, n * 3])", "[1, 2, 3, 4, 6, 9, 8, 12, 18, 16]"},
      {"reachable(n in [-5, 5000] where n > -7 and n != 4998 : [n - 1])", "[-5, 5000, -6, 4999]"},  // beyond the sites
      {"reachable(n in [1] where n < 3 : [n + 1])", "[1, 2]"},
      // one inside another's body: each keeps its own list
      {"reachable(s in [a1] : reachable(t in [s] : neighbours(t, north)))", "[a1, a2]"},
      {"len(reachable(n in [0] where n < 1000 : [n + 1]))", "1000"},
  };
  std::vector<std::string> exprs, values;
  for (const Row& r : rows) exprs.push_back(r.expr), values.push_back(r.value);
  check_values(exprs, values);
  // its body is the list type of its start
  CHECK_THAT(check_function("len(reachable(x in [1] : x))"),
             Catch::Contains("the body of 'reachable' must be ints (what the element leads to), not int"));
  CHECK_THAT(check_function("len(reachable(x in [1]))"), Catch::Contains("'reachable' needs a list: reachable(x in LIST : NEXT)"));
}

namespace {

// The first cells of the table under `heading` in spec/language.md: each signature, without its backticks.
std::vector<std::string> spec_signatures(const std::string& heading) {
  std::ifstream in(std::string(RULEINTERP_SOURCE_DIR) + "/spec/language.md");
  std::vector<std::string> out;
  std::string line;
  bool in_section = false;
  while (std::getline(in, line)) {
    if (line.rfind("#", 0) == 0) in_section = line == heading;
    if (!in_section || line.rfind("| `", 0) != 0) continue;
    size_t end = line.find("` |");
    if (end != std::string::npos) out.push_back(line.substr(3, end - 3));
  }
  return out;
}

std::vector<std::string> table_signatures(const std::vector<Operation>& table, bool aggregate) {
  std::vector<std::string> out;
  for (const Operation& op : table) out.push_back(signature(op, aggregate));
  return out;
}

}  // namespace

TEST_CASE("operations: spec/language.md lists the table's operations, with their signatures, in its order") {
  CHECK(spec_signatures("### Built-in functions") == table_signatures(builtins(), false));
  CHECK(spec_signatures("### Effects") == table_signatures(effects(), false));
  CHECK(spec_signatures("### Aggregates") == table_signatures(aggregates(), true));
}
