// The expression grammar: PEGTL's static analysis, which inputs parse, how they group (precedence and
// associativity, read back from the AST), and where and how parse errors are reported.
#include <catch2/catch.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include <memory>
#include <string>
#include <vector>

#include "syntax/grammar.hpp"
#include "syntax/parser.hpp"

using namespace ri;

namespace {

// The expression as a Text whose byte i stands at line 1, column i + 1.
Text text(const std::string& s) {
  Text t;
  t.s = s;
  t.pos = {1, 1};
  for (size_t i = 0; i <= s.size(); ++i) t.map.push_back({1, static_cast<int>(i) + 1});
  return t;
}

// The AST written out with every group explicit: op(left, right), f(args), if(c, t, e) ...
std::string dump(const Expr& e) {
  auto kids = [&](std::string head) {
    head += "(";
    for (size_t i = 0; i < e.kids.size(); ++i) head += (i ? ", " : "") + (e.kids[i] ? dump(*e.kids[i]) : std::string("_"));
    return head + ")";
  };
  switch (e.kind) {
    case ExprKind::Int: return std::to_string(e.ival);
    case ExprKind::Bool: return e.ival ? "true" : "false";
    case ExprKind::Str: return "\"" + e.text + "\"";
    case ExprKind::None: return "none";
    case ExprKind::Name: return e.name;
    case ExprKind::Call: return kids(e.name);
    case ExprKind::Index: return kids("index");
    case ExprKind::Field: return kids("." + e.name);
    case ExprKind::Neg: return kids("neg");
    case ExprKind::Not: return kids("not");
    case ExprKind::Binary: return kids(spelling(e.op));
    case ExprKind::If: return kids("if");
    case ExprKind::Let: return kids("let " + e.name);
    case ExprKind::Aggregate: return kids(std::string(operation(e.agg).name) + " " + e.name);
    case ExprKind::List: return kids("list");
    case ExprKind::Range: return kids("..");
  }
  return "?";
}

struct Parsed {
  ExprP expr;
  Diagnostics diags;
};

std::unique_ptr<Parsed> parse(const std::string& s) {
  auto out = std::make_unique<Parsed>();
  Parser p(std::make_shared<SourceFile>("t", s), out->diags);
  out->expr = p.expr(text(s));
  return out;
}

}  // namespace

TEST_CASE("grammar: PEGTL finds no problems in the grammar", "[grammar]") {
  namespace pg = tao::pegtl;
  CHECK(pg::analyze<grammar::expr_top>(1) == 0);
  CHECK(pg::analyze<grammar::stmt_top>(1) == 0);
  CHECK(pg::analyze<grammar::signature>(1) == 0);
  CHECK(pg::analyze<grammar::param_spec>(1) == 0);
}

TEST_CASE("grammar: which expressions parse", "[grammar]") {
  struct Row {
    const char* expr;
    bool ok;
  };
  const Row rows[] = {
      // literals and names
      {"0", true}, {"42", true}, {"-7", true}, {"true", true}, {"false", true}, {"none", true},
      {"\"text\"", true}, {"'text'", true}, {"x", true}, {"me", true}, {"snake_case_2", true},
      // calls, lists, indexing, fields
      {"f()", true}, {"f(1)", true}, {"f(1, 2, 3)", true}, {"f(g(h(x)))", true}, {"[]", true}, {"[1, 2]", true},
      {"path[me]", true}, {"path[me][0]", true}, {"top(s).owner", true}, {"top(s) . owner", true},
      {"top(s).owner.kind", true}, {"x.power + 1", true},
      // operators
      {"1 + 2 * 3 - 4 / 5 % 6", true}, {"a == b", true}, {"a != b", true}, {"a <= b", true}, {"a >= b", true},
      {"a < b", true}, {"a > b", true}, {"x in l", true}, {"x not in l", true}, {"not x", true}, {"not not x", true},
      {"a and b or c", true}, {"- x", true}, {"- 3", true}, {"-x", true}, {"a - -3", true}, {"a--3", true},
      {"1..6", true}, {"a .. b", true}, {"x in 1..6", true}, {"(x)", true}, {"((((x))))", true},
      // if, let, aggregates
      {"if a then 1 else 2", true}, {"if a then 1 else if b then 2 else 3", true}, {"let x = 1; x + 1", true},
      {"let x = 1; let y = x; y", true}, {"count(p in pieces_at(s))", true}, {"count(p in l where p.owner == me)", true},
      {"any(p in l : p.owner == me)", true}, {"sum(s in l where s != x : owned(s, me))", true},
      {"min(1, 2)", true}, {"min(x in l : x)", true}, {"max(a, b)", true},
      // filter and map: aggregates when a 'NAME in' follows, else calls
      {"filter(x in l : x > 1)", true}, {"filter(x in l where x > 0 : x < 5)", true}, {"filter(x in l)", true},
      {"map(s in l : offset(s, 0, 1))", true}, {"map(x in 1..3 where x != 2 : x * x)", true}, {"map(a, b)", true},
      {"filter()", true}, {"map(x in", false}, {"filter(x in l :", false}, {"l ++ m ++ n", true},
      // concat: the string aggregate, and a call when no 'NAME in' follows
      {"concat(s in l : s)", true}, {"concat(r in 0..n - 1 where r > 0 : concat(i in 1..r : ' ') ++ r)", true},
      {"concat(a, b)", true}, {"concat(x in", false},
      // keywords are not names
      {"in", false}, {"if", false}, {"then", false}, {"let", false}, {"f(then)", false}, {"x.in", false},
      // broken
      {"", false}, {"   ", false}, {"(", false}, {")", false}, {"(1", false}, {"1)", false}, {"f(1", false},
      {"f(1,)", false}, {"f(,1)", false}, {"[1, 2", false}, {"a[1", false}, {"a[]", false}, {"1 +", false},
      {"* 2", false}, {"a and", false}, {"a or", false}, {"not", false}, {"a ==", false}, {"a == b == c", false},
      {"a < b < c", false}, {"1 2", false}, {"a b", false}, {"x.", false}, {"x.1", false}, {"1..", false},
      {"if a then b", false}, {"if a b else c", false}, {"if a then b else", false}, {"let x = 1 x", false},
      {"let = 1; x", false}, {"let x 1; x", false}, {"\"open", false}, {"'open", false}, {"a @ b", false},
      {"a $", false}, {"count(x in", false}, {"any(x in l :", false}, {"a->b", false}, {"a = b", false},
      {"1.5", false},
  };
  for (const Row& row : rows) {
    auto p = parse(row.expr);
    INFO("'" << row.expr << "'\n" << p->diags.format());
    CHECK((p->expr != nullptr) == row.ok);
    // exactly one diagnostic for a failure, none for a success
    CHECK(p->diags.size() == (row.ok ? 0u : 1u));
  }
}

TEST_CASE("grammar: precedence and associativity", "[grammar]") {
  struct Row {
    const char* expr;
    const char* ast;
  };
  const Row rows[] = {
      {"a or b and c", "or(a, and(b, c))"},
      {"a and b or c", "or(and(a, b), c)"},
      {"a or b or c", "or(or(a, b), c)"},
      {"a and b and c", "and(and(a, b), c)"},
      {"not a and b", "and(not(a), b)"},
      {"not a == b", "not(==(a, b))"},
      {"not x in l", "not(in(x, l))"},
      {"x not in l or y in l", "or(not in(x, l), in(y, l))"},
      {"a == b and c != d", "and(==(a, b), !=(c, d))"},
      {"a < b + 1", "<(a, +(b, 1))"},
      {"1 + 2 * 3", "+(1, *(2, 3))"},
      {"a ++ b + 1 ++ c", "++(+(++(a, b), 1), c)"},  // '++' binds like '+'
      {"(1 + 2) * 3", "*(+(1, 2), 3)"},
      {"1 - 2 - 3", "-(-(1, 2), 3)"},
      {"8 / 4 / 2", "/(/(8, 4), 2)"},
      {"a * b % c", "%(*(a, b), c)"},
      {"-a * b", "*(neg(a), b)"},
      {"- a - b", "-(neg(a), b)"},
      {"a - -3", "-(a, -3)"},
      {"-3", "-3"},
      {"- 3", "neg(3)"},
      {"x in 1..n + 1", "in(x, ..(1, +(n, 1)))"},
      {"a + 1..b", "..(+(a, 1), b)"},
      {"path[me][i + 1]", "index(index(path, me), +(i, 1))"},
      {"top(s).owner == me", "==(.owner(top(s)), me)"},
      {"-x.power", "neg(.power(x))"},
      {"if a then b else c or d", "if(a, b, or(c, d))"},
      {"if a then 1 else if b then 2 else 3", "if(a, 1, if(b, 2, 3))"},
      {"let x = 1 + 2; x * x", "let x(+(1, 2), *(x, x))"},
      {"f(a or b, c)", "f(or(a, b), c)"},
      {"[1, 2 + 3]", "list(1, +(2, 3))"},
      {"count(p in l where p.owner == me)", "count p(l, ==(.owner(p), me), _)"},
      {"sum(s in l : 2 * s)", "sum s(l, _, *(2, s))"},
      {"min(a, b)", "min(a, b)"},
      {"filter(x in l : x > 1)", "filter x(l, _, >(x, 1))"},
      {"map(s in l where s != a : offset(s, 0, 1))", "map s(l, !=(s, a), offset(s, 0, 1))"},
      {"map(a, b)", "map(a, b)"},
      {"concat(s in l where s != a : s ++ ' ') ++ k", "++(concat s(l, !=(s, a), ++(s, \" \")), k)"},
      {"concat(a, b)", "concat(a, b)"},
      {"filter(x in l ++ m : x in n) ++ k", "++(filter x(++(l, m), _, in(x, n)), k)"},
      {"[1] ++ 2..3", "..(++(list(1), 2), 3)"},  // a range binds looser: write [1] ++ (2..3)
      {"unique(l ++ m)[0]", "index(unique(++(l, m)), 0)"},
  };
  for (const Row& row : rows) {
    auto p = parse(row.expr);
    INFO("'" << row.expr << "'\n" << p->diags.format());
    REQUIRE(p->expr);
    CHECK(dump(*p->expr) == row.ast);
  }
}

TEST_CASE("grammar: where and how parse errors are reported", "[grammar]") {
  struct Row {
    const char* expr;
    const char* message;  // the whole message
    int col;
  };
  const Row rows[] = {
      {"", "expected an expression", 1},
      {"@", "expected an expression, not '@'", 1},
      {"f(1", "expected ')' at the end of the expression (to close '(' at line 1, column 2)", 4},
      {"(a + (b * c)", "expected ')' at the end of the expression (to close '(' at line 1, column 1)", 13},
      {"f(a, g(b)", "expected ')' at the end of the expression (to close '(' at line 1, column 2)", 10},
      {"[1, 2", "expected ']' at the end of the expression (to close '[' at line 1, column 1)", 6},
      {"1 + ", "expected an expression after '+'", 5},
      {"a and )", "expected an expression after 'and'", 7},
      {"x not in", "expected an expression after 'not in'", 9},
      {"not", "expected an expression after 'not'", 4},
      {"a..", "expected an expression after '..'", 4},
      {"f(1,", "expected an expression after ','", 5},
      {"if a b else c", "expected 'then'", 6},
      {"if a then b", "expected 'else' at the end of the expression (an 'if' expression needs both branches)", 12},
      {"if a then b else", "expected an expression after 'else'", 17},
      {"let x = 1 x", "expected ';' (a 'let' is written 'let NAME = VALUE; BODY')", 11},
      {"let = 1; x", "expected a name", 5},
      {"x.", "expected a field name after '.'", 3},
      {"\"abc", "unterminated string: no closing \" before the end of the expression", 1},
      {"f('a', 'b", "unterminated string: no closing ' before the end of the expression", 8},
      {"map(x in l : )", "expected an expression, not ')'", 14},
      {"filter(x in l where : x)", "expected an expression, not ':'", 21},
      {"a b", "unexpected 'b'", 3},
      {"1 + 2)", "unmatched ')'", 6},
      {"a == b == c", "unexpected '==' (comparisons do not chain: join them with 'and')", 8},
      {"a \xFF", "unexpected '\\xFF'", 3},
      {"a \xC3\xA9", "unexpected '\xC3\xA9'", 3},
      {"(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((x", "expression nested too deeply (more than 64 levels)", 65},
  };
  for (const Row& row : rows) {
    auto p = parse(row.expr);
    INFO("'" << row.expr << "'\n" << p->diags.format());
    CHECK_FALSE(p->expr);
    REQUIRE(p->diags.size() == 1);
    CHECK(p->diags.all()[0].message == row.message);
    CHECK(p->diags.all()[0].pos.line == 1);
    CHECK(p->diags.all()[0].pos.col == row.col);
  }
}

TEST_CASE("grammar: effects, signatures and parameters", "[grammar]") {
  Diagnostics d;
  Parser p(std::make_shared<SourceFile>("t", ""), d);
  SECTION("effects") {
    for (const char* ok : {"pass", "extra_turn", "move(top(s), t)", "set x = 1", "set score[me] = score[me] + 1",
                           "set top(s).power = 2", "if a then pass", "if a then pass else extra_turn",
                           "for p in players where p != me: set score[p] = 0", "let t = 1; set x = t",
                           "{ pass; extra_turn }", "if a then { move(top(s), t); extra_turn }"})
      CHECK(p.stmt(text(ok)));
    for (const char* bad : {"", "set x 1", "set = 1", "if a pass", "for p players: pass", "for p in players pass",
                            "{ pass; extra_turn", "{ pass extra_turn }", "move(a, b) pass", "let t = 1 pass"})
      CHECK_FALSE(p.stmt(text(bad)));
    CHECK(d.size() == 10);
  }
  SECTION("signatures") {
    std::string name;
    Pos pos;
    std::vector<ParsedParam> params;
    ParsedParam result;
    REQUIRE(p.signature(text("dist(site a, site b) -> int"), name, pos, params, result));
    CHECK(name == "dist");
    REQUIRE(params.size() == 2);
    CHECK(params[1].type == "site");
    CHECK(params[1].name == "b");
    CHECK(params[1].pos.col == 19);
    CHECK(result.type == "int");
    params.clear();
    result = {};
    REQUIRE(p.signature(text("two()"), name, pos, params, result));
    CHECK(params.empty());
    CHECK(result.type.empty());
    for (const char* bad : {"f", "f(", "f(site)", "f(site s,)", "f(site s) ->", "f(site s) int", "(site s)"}) {
      params.clear();
      CHECK_FALSE(p.signature(text(bad), name, pos, params, result));
    }
    CHECK(d.size() == 7);
  }
  SECTION("parameters") {
    std::string type;
    Pos pos;
    ExprP domain;
    bool optional = true;
    REQUIRE(p.param_spec(text("int in 1..6"), type, pos, domain, optional));
    CHECK(type == "int");
    CHECK_FALSE(optional);
    REQUIRE(domain);
    CHECK(dump(*domain) == "..(1, 6)");
    domain.reset();
    REQUIRE(p.param_spec(text("site"), type, pos, domain, optional));
    CHECK_FALSE(domain);
    REQUIRE(p.param_spec(text("site ? in board"), type, pos, domain, optional));
    CHECK(optional);
    REQUIRE(domain);
    CHECK(dump(*domain) == "board");
    domain.reset();
    REQUIRE(p.param_spec(text("piece?"), type, pos, domain, optional));
    CHECK(optional);
    CHECK_FALSE(domain);
    for (const char* bad : {"", "int in", "site in path[me", "site path", "site??", "site in l?"})
      CHECK_FALSE(p.param_spec(text(bad), type, pos, domain, optional));
    CHECK(d.size() == 6);
  }
}

TEST_CASE("grammar: while effects, and where their parse errors are reported", "[grammar]") {
  struct Row {
    const char* stmt;
    const char* message;  // the whole message; "" when it parses
    int col;
  };
  const Row rows[] = {
      {"while size(a) > 0 : move(top(a), b)", "", 0},
      {"while n < 3: { set n = n + 1; pass }", "", 0},
      {"while true : while false : pass", "", 0},
      {"if c then while d : pass else pass", "", 0},
      {"for x in l : while f(x) : remove(top(x))", "", 0},
      {"while", "expected an expression after 'while'", 6},
      {"while : pass", "expected an expression, not ':'", 7},
      {"while x pass", "expected ':' (a 'while' is written 'while CONDITION : EFFECT')", 9},
      {"while x", "expected ':' at the end of the effect (a 'while' is written 'while CONDITION : EFFECT')", 8},
      {"while x :", "expected an effect after ':'", 10},
      {"while x : 1", "expected an effect, not '1'", 11},
      {"while x : pass pass", "unexpected 'pass' (write one effect per list entry)", 16},
      {"set while = 1", "expected an effect, not 'set'", 1},
  };
  for (const Row& r : rows) {
    Diagnostics d;
    Parser p(std::make_shared<SourceFile>("t", r.stmt), d);
    StmtP s = p.stmt(text(r.stmt));
    INFO("'" << r.stmt << "'\n" << d.format());
    if (std::string(r.message).empty()) {
      REQUIRE(s);
      CHECK(d.empty());
      continue;
    }
    CHECK_FALSE(s);
    REQUIRE(d.size() == 1);
    CHECK(d.all()[0].message == r.message);
    CHECK(d.all()[0].pos.col == r.col);
  }
  // a while's condition and body
  Diagnostics d;
  Parser p(std::make_shared<SourceFile>("t", ""), d);
  StmtP s = p.stmt(text("while n < 3 : set n = n + 1"));
  REQUIRE(s);
  CHECK(s->kind == StmtKind::While);
  REQUIRE(s->exprs.size() == 1);
  CHECK(dump(*s->exprs[0]) == "<(n, 3)");
  REQUIRE(s->body.size() == 1);
  CHECK(s->body[0]->kind == StmtKind::Set);
}
