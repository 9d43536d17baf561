// Declarations computed at load (interpreter/load_eval.cpp): computed regions and relations, families of lines
// along computed relations, generated pieces; their order, their tables, and every problem they can have (check
// errors of their expressions, structural errors, runtime errors while they are computed).
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"
#include "io/position.hpp"
#include "support.hpp"

using namespace ri;

namespace {

// A 3x3 grid (a1..c3, no direction relations) and one move; `topology` and `pieces` are given.
std::string rules(const std::string& topology, const std::string& pieces = "", const std::string& rest = "") {
  return "game: {name: t}\n"                               // 1
         "players: [A, B]\n"                               // 2
         "topology:\n"                                     // 3
         "  grids: [{width: 3, height: 3, directions: false}]\n"  // 4
         + topology + (pieces.empty() ? "" : "pieces:\n" + pieces) + rest +
         "moves: {wait: {}}\nturn: [{choose: all}]\nend: []\n";
}

// The seed's hexagonal board: the cells in reading order, and each cell's neighbours up, down, up-left, left,
// right, down-right.
const std::string kHex =
    "  regions:\n"
    "    cells: \"map(i in 0..8 : site_at(i % 3 + 1, 3 - i / 3))\"\n"
    "  relations:\n"
    "    hex:\n"
    "      each: s in cells\n"
    "      to: \"[offset(s, 0, 1), offset(s, 0, -1), offset(s, -1, 1), offset(s, -1, 0), offset(s, 1, 0), offset(s, 1, -1)]\"\n";

std::string names(const Program& P, const std::vector<int32_t>& sites) {
  std::string out;
  for (int32_t s : sites) out += (out.empty() ? "" : " ") + P.site_names[s];
  return out;
}

int site(const Program& P, const std::string& n) {
  return static_cast<int>(std::find(P.site_names.begin(), P.site_names.end(), n) - P.site_names.begin());
}

// Evaluates an expression as the rule file's display.
std::string shown(const std::string& text, const std::string& expr) {
  Game g(testing::compile_text(text + "display: \"{" + expr + "}\"\n"));
  std::string out = g.render();
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace

TEST_CASE("computed regions and relations become constant tables, like written ones") {
  auto p = testing::compile_text(rules(kHex));
  const Program& P = *p;
  // the region: the constant list, with the tables of a long list of sites
  int cells = -1;
  for (size_t l = 0; l < P.lists.size(); ++l)
    if (P.lists[l].size() == 9 && P.list_types[l] == Type::Sites && P.lists[l][0] == site(P, "a3")) cells = static_cast<int>(l);
  REQUIRE(cells >= 0);
  CHECK(names(P, P.lists[cells]) == "a3 b3 c3 a2 b2 c2 a1 b1 c1");
  CHECK(P.list_member[cells].size() == P.site_names.size());
  CHECK(P.list_index[cells][site(P, "b2")] == 4);
  // the relation: each cell's neighbours in the order computed, none left out
  struct Row {
    const char* site;
    const char* neighbours;
  };
  const Row rows[] = {
      {"b2", "b3 b1 a3 a2 c2 c1"},  // cell 4: cells 1, 7, 0, 3, 5, 8
      {"a3", "a2 b3 b2"},           // cell 0: cells 3, 1, 4
      {"c1", "c2 b2 b1"},           // cell 8: cells 5, 4, 7
      {"c3", "c2 b3"},
  };
  REQUIRE(P.relation_names == std::vector<std::string>{"hex"});
  for (const Row& r : rows) {
    INFO(r.site);
    CHECK(names(P, P.lists[P.relation_lists[0][site(P, r.site)]]) == r.neighbours);
  }
  // both items are computed at load, the region first
  REQUIRE(P.load_items.size() == 2);
  CHECK(P.load_items[0].kind == LoadItem::Region);
  CHECK(P.load_items[1].kind == LoadItem::Relation);
}

TEST_CASE("a computed relation is directed and only links the sites of its 'each' list") {
  std::string text = rules(
      "  relations:\n"
      "    up:\n"
      "      each: s in [a1, a2]\n"
      "      to: \"[offset(s, 0, 1), offset(s, 9, 9), s]\"\n"
      "  lines:\n"
      "    pairs: {along: [up], length: 2}\n"
      "    threes: {along: [up], length: 3}\n");
  const std::vector<std::pair<const char*, const char*>> rows = {
      {"neighbours(a1, up)", "[a2, a1]"},       // none is left out; a site may link to itself
      {"neighbours(a2, up)", "[a3, a2]"},
      {"neighbours(a3, up)", "[]"},             // not in 'each': no neighbour, also not a2 (directed)
      {"neighbours(b2, up)", "[]"},
      {"step(a2, up)", "a3"},
      {"step(a3, up)", "none"},
      {"pairs", "[a1-a2, a2-a3]"},              // derived once 'up' is computed
      {"threes", "[a1-a2-a3]"},
      {"lines_through(a2, pairs)", "[a1-a2, a2-a3]"},
  };
  for (auto& [expr, want] : rows) {
    INFO(expr);
    std::vector<std::string> e{expr};
    Diagnostics d;
    auto p = load_rules_text("t.rules", text, d, &e);
    INFO(d.format());
    REQUIRE(p);
    Game g(p);
    Machine& M = g.machine();
    M.begin_operation();
    CHECK(M.show_value(M.evaluate(p->expressions[0]), p->code[p->expressions[0]].type) == want);
  }
}

TEST_CASE("declarations computed at load are computed in the order written, each seeing those before it") {
  // 'far' (written first) cannot use 'near'; the regions after 'near' can, also through a function
  std::string text = rules(
      "  relations:\n"
      "    near:\n"
      "      each: s in sites\n"
      "      to: \"filter(t in [offset(s, 1, 0), offset(s, 0, 1)] : t != none)\"\n"
      "  regions:\n"
      "    corner: \"filter(s in sites : len(neighbours(s, near)) == 0)\"\n"
      "    twice: \"corner ++ corner ++ around(a1)\"\n"
      "    edge: \"filter(s in sites : x_of(s) == 3)\"\n",
      "", "functions:\n  around(site s) -> sites: \"neighbours(s, near)\"\n");
  CHECK(shown(text, "len(corner) ++ ' ' ++ corner[0]") == "1 c3");
  CHECK(shown(text, "len(twice)") == "4");
  CHECK(shown(text, "concat(s in edge : s)") == "c1c2c3");
  // a variable is 0 and `me` the first player while they are computed; the board is empty
  std::string values = rules("  regions:\n    r: \"if v == 0 and me == A and len(pieces) == 0 then [a1] else [b1]\"\n",
                             "  man: {per_player: 1, at: a1}\n", "variables: {v: 5}\n");
  CHECK(shown(values, "r[0] ++ ' ' ++ v") == "a1 5");
}

TEST_CASE("generated pieces: one per element, at and owner computed from it, attributes too") {
  std::string text = rules(kHex,
                           "  cell:\n"
                           "    each: s in cells\n"
                           "    at: s\n"
                           "    owner: \"if index(cells, s) % 2 == 0 then A else B\"\n"
                           "    attributes:\n"
                           "      dice: \"1 + index(cells, s) % 3\"\n"
                           "      height: \"size(s) * 10 + (if me == A then 1 else 2)\"\n"
                           "  man: {per_player: 1, at: a1}\n"
                           "  card:\n"
                           "    each: i in 0..3\n"
                           "    attributes: {rank: \"i % 2\", suit: \"i / 2\"}\n");
  auto p = testing::compile_text(text);
  const Program& P = *p;
  REQUIRE(P.pieces.size() == 9 + 2 + 4);  // kind by kind: cells, men, cards
  CHECK(P.kinds[0].generated);
  CHECK_FALSE(P.kinds[1].generated);
  CHECK(P.pieces[0].site == site(P, "a3"));
  CHECK(P.pieces[1].owner == 1);
  CHECK(P.pieces[9].kind == 1);
  CHECK(P.pieces[11].site == -1);  // a card without 'at': off the board
  CHECK(P.pieces[11].owner == 0);  // without 'owner': the first player
  CHECK(shown(text, "concat(s in cells : pieces_at(s)[0].dice)") == "123123123");  // a1 also holds the men
  CHECK(shown(text, "concat(s in cells : pieces_at(s)[0].owner)") == "ABABABABA");
  CHECK(shown(text, "concat(s in cells : pieces_at(s)[0].height ++ ',')") == "11,12,11,12,11,12,31,12,11,");
  CHECK(shown(text, "len(pieces) ++ ' ' ++ size(a1)") == "11 3");
}

TEST_CASE("a board places generated pieces by kind, each taking the owner written") {
  std::string text = rules("",
                           "  cell:\n"
                           "    each: s in sites\n"
                           "    attributes: {dice: \"x_of(s)\"}\n"
                           "  guard: {per_player: 1}\n",
                           "start:\n  board:\n    a1: [{cell: B}, {guard: B}]\n    b1: {cell: B, dice: 7}\n    c1: {cell: A}\n");
  auto p = testing::compile_text(text);
  Game g(p);
  const State& S = g.state();
  // the first three cells (those made for a1, b1, c1) go where the board says, with its owners
  CHECK(S.site[0] == site(*p, "a1"));
  CHECK(S.owner[0] == 1);
  CHECK(S.site[1] == site(*p, "b1"));
  CHECK(S.attrs[1 * S.nattrs] == 7);
  CHECK(S.attrs[2 * S.nattrs] == 3);  // c1's piece was made for c1: x_of(c1)
  CHECK(S.owner[2] == 0);
  CHECK(S.site[3] == -1);
  CHECK(S.site[10] == site(*p, "a1"));  // B's guard: kind and owner
  // a position written and read back is the same
  std::string written = write_position(g);
  Position pos;
  Diagnostics d;
  REQUIRE(parse_position(std::make_shared<SourceFile>("p.position", written), *p, pos, d));
  Game h(p);
  h.reset(pos);
  CHECK(write_position(h) == written);
  CHECK(h.hash() == g.hash());
  // too many pieces of a generated kind: the message counts the kind's pieces, whatever their owners
  Diagnostics d2;
  std::string many = "board:\n  a1: [";
  for (int i = 0; i < 10; ++i) many += i % 2 ? "{cell: A}, " : "{cell: B}, ";
  many += "{guard: A}]\n";
  CHECK_FALSE(parse_position(std::make_shared<SourceFile>("p.position", many), *p, pos, d2));
  REQUIRE(d2.size() == 1);
  CHECK(d2.all()[0].message == "the position places 10 'cell' pieces; the rule file has 9");
  CHECK(d2.all()[0].pos.col == 108);  // the tenth cell
}

TEST_CASE("problems of declarations computed at load are reported at their place") {
  struct Row {
    const char* what;
    std::string text;
    const char* message;  // the first diagnostic
    int line, col;
    size_t count;  // diagnostics in all (a runtime error's notes included)
  };
  const std::string each_cell = "  cell:\n    each: s in sites\n";
  const std::vector<Row> rows = {
      // checking
      {"a region that is not sites", rules("  regions: {r: \"1..3\"}\n"), "region 'r' must be sites, not ints", 5, 18, 1},
      {"an 'each' that is not sites", rules("  relations: {r: {each: s in players, to: \"[a1]\"}}\n"),
       "the 'each' of relation 'r' must be sites, not players", 5, 30, 1},
      {"a 'to' that is not sites", rules("  relations: {r: {each: s in sites, to: s}}\n"),
       "the 'to' of relation 'r' must be sites, not site", 5, 41, 1},
      {"an 'each' without 'in'", rules("  relations: {r: {each: s, to: \"[s]\"}}\n"), "expected 'in'", 5, 26, 1},
      {"a 'to' using an undeclared name", rules("  relations: {r: {each: s in sites, to: \"[t]\"}}\n"),
       "undeclared name 't'", 5, 43, 1},
      {"pieces over a single value", rules("", "  p: {each: i in 7}\n"), "the 'each' of piece kind 'p' must be a list, not int",
       6, 18, 1},
      {"an 'at' that is not a site", rules("", "  p: {each: i in 1..3, at: i}\n"),
       "the 'at' of piece kind 'p' must be site, not int", 6, 28, 1},
      {"an 'owner' that is not a player", rules("", "  p: {each: s in sites, owner: s}\n"),
       "the 'owner' of piece kind 'p' must be player, not site", 6, 32, 1},
      {"an attribute using another name than the element's", rules("", "  p: {each: i in 1..3, attributes: {v: j}}\n"),
       "undeclared name 'j'", 6, 40, 1},
      // loading
      {"a region of another kind of node", rules("  regions: {r: {a: 1}}\n"),
       "region 'r' must be a list of sites or an expression, not a mapping", 5, 16, 1},
      {"edges and each", rules("  relations: {r: {edges: [[a1, a2]], each: s in sites, to: \"[s]\"}}\n"),
       "relation 'r' has both 'edges' and 'each': keep one", 5, 44, 1},
      {"symmetric with each", rules("  relations: {r: {symmetric: false, each: s in sites, to: \"[s]\"}}\n"),
       "relation 'r' is computed with 'each', so it is directed: leave out 'symmetric'", 5, 30, 1},
      {"each without to", rules("  relations: {r: {each: s in sites}}\n"), "missing key 'to' in relation", 5, 18, 1},
      {"to without each", rules("  relations: {r: {to: \"[a1]\"}}\n"), "missing key 'each' in relation", 5, 18, 1},
      {"each and per_player", rules("", "  p: {per_player: 1, each: i in 1..2}\n"),
       "piece 'p' has both 'per_player' and 'each': keep one", 6, 28, 1},
      {"owner without each", rules("", "  p: {per_player: 1, owner: A}\n"), "'owner' is for generated pieces: it needs 'each'",
       6, 29, 1},
      // computing
      {"a runtime error in a region", rules("  regions: {r: \"[site_at(1, 1 / 0)]\"}\n"), "division by zero", 5, 31, 1},
      {"a runtime error in a function that 'to' calls",
       rules("  relations: {r: {each: s in sites, to: \"[f(s)]\"}}\n", "", "functions: {'f(site s) -> site': 'nth(sites, 99)'}\n"),
       "position 99 is outside the list (length 9)", 6, 35, 2},
      {"a region used before it is computed", rules("  regions:\n    a: \"b\"\n    b: \"[a1]\"\n"),
       "region 'b' is used before it is computed", 6, 9, 1},
      {"a region that uses itself", rules("  regions: {a: \"a ++ [a1]\"}\n"), "region 'a' is used before it is computed", 5, 17, 1},
      {"a relation used before it is computed",
       rules("  regions: {a: \"neighbours(a1, r)\"}\n  relations: {r: {each: s in sites, to: \"[s]\"}}\n"),
       "relation 'r' is used before it is computed", 5, 32, 1},
      {"a relation used before it is computed, through a function",
       rules("  regions: {a: \"f()\"}\n  relations: {r: {each: s in sites, to: \"[s]\"}}\n", "",
             "functions: {'f() -> sites': 'neighbours(a1, r)'}\n"),
       "relation 'r' is used before it is computed", 7, 45, 2},
      {"lines used before they are computed",
       rules("  regions: {a: \"line_sites(l[0])\"}\n  relations: {r: {each: s in sites, to: \"[s, a1]\"}}\n"
             "  lines: {l: {along: [r], length: 2}}\n"),
       "family of lines 'l' is used before it is computed", 5, 28, 1},
      {"lines of a length no chain has",
       rules("  relations:\n    r:\n      each: \"s in filter(t in sites : t != a1)\"\n      to: \"filter(t in sites : t != s and t != a1)\"\n"
             "  lines: {l: {along: [r], length: 9}}\n"),
       "", 0, 0, 0},
      {"lines that examine too many chains",
       rules("  sites: [n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12, n13, n14, n15, n16, n17, n18, n19, n20, n21, n22, n23, n24, n25]\n  relations:\n    r:\n"
             "      each: \"s in filter(t in sites : t != a1)\"\n      to: \"filter(t in sites : t != s and t != a1)\"\n"
             "  lines: {l: {along: [r], length: 34}}\n"),
       "deriving the lines of 'l' examines more than 10000000 chains", 10, 14, 1},
      {"a region holding none", rules("  regions: {r: \"[a1, offset(a1, -1, 0)]\"}\n"),
       "region 'r' has none at position 1 (a region is a list of sites)", 5, 17, 1},
      {"a site twice in a relation's 'each'", rules("  relations: {r: {each: \"s in [a1, b1, a1]\", to: \"[s]\"}}\n"),
       "the 'each' of relation 'r' lists 'a1' twice", 5, 31, 1},
      {"too many generated pieces", rules("", "  p: {each: i in 1..5000}\n"),
       "at most 4096 pieces are supported ('pieces.p' makes 5000)", 6, 13, 1},
      {"too many pieces with the other kinds", rules("", "  p: {each: i in 1..4000}\n  q: {per_player: 100}\n"),
       "at most 4096 pieces are supported ('pieces.p' makes 4000 of 4200)", 6, 13, 1},
      {"a start board with too many generated pieces",
       rules("", each_cell, "start:\n  board:\n    a1: [{cell: A}, {cell: A}, {cell: A}, {cell: A}, {cell: A}, {cell: A}, "
                            "{cell: A}, {cell: A}, {cell: A}, {cell: B}]\n"),
       "the start board places 10 'cell' pieces; 'pieces.cell' makes 9", 10, 110, 1},
      {"a start board with generated pieces of an undeclared player",
       rules("", each_cell, "start:\n  board:\n    a1: {cell: C}\n"), "undeclared player 'C'", 10, 16, 1},
      // valid
      {"an empty 'each' makes no piece", rules("", "  p: {each: i in 1..0}\n"), "", 0, 0, 0},
  };
  for (const Row& r : rows) {
    Diagnostics d;
    auto p = load_rules_text("t.rules", r.text, d);
    INFO(r.what << "\n" << r.text << "---\n" << d.format());
    if (std::string(r.message).empty()) {
      CHECK(p);
      continue;
    }
    CHECK_FALSE(p);
    REQUIRE_FALSE(d.empty());
    const Diagnostic& first = d.all().front();
    CHECK_THAT(first.message, Catch::Contains(r.message));
    CHECK(first.pos.line == r.line);
    CHECK(first.pos.col == r.col);
    CHECK(d.size() == r.count);
  }
}

TEST_CASE("a runtime error at load is shown with the calls that led there") {
  Diagnostics d;
  CHECK_FALSE(load_rules_text(
      "t.rules", rules("  regions: {r: \"[f(3)]\"}\n", "", "functions: {'f(int n) -> site': 'if n == 0 then nth(sites, 9) else f(n - 1)'}\n"),
      d));
  CHECK(d.format() ==
        "t.rules:6:49: error: position 9 is outside the list (length 9)\n"
        "    6 | functions: {'f(int n) -> site': 'if n == 0 then nth(sites, 9) else f(n - 1)'}\n"
        "      |                                                 ^\n"
        "t.rules:6:68: note: called from here\n"
        "    6 | functions: {'f(int n) -> site': 'if n == 0 then nth(sites, 9) else f(n - 1)'}\n"
        "      |                                                                    ^\n"
        "t.rules:6:68: note: called from here\n"
        "    6 | functions: {'f(int n) -> site': 'if n == 0 then nth(sites, 9) else f(n - 1)'}\n"
        "      |                                                                    ^\n"
        "t.rules:6:68: note: called from here\n"
        "    6 | functions: {'f(int n) -> site': 'if n == 0 then nth(sites, 9) else f(n - 1)'}\n"
        "      |                                                                    ^\n"
        "t.rules:5:18: note: called from here\n"
        "    5 |   regions: {r: \"[f(3)]\"}\n"
        "      |                  ^\n");
  // evaluation is bounded there as anywhere (a runaway tail recursion by the steps; the tail calls named up to the
  // depth limit)
  Diagnostics d2;
  CHECK_FALSE(load_rules_text("t.rules", rules("  regions: {r: \"[f(1)]\"}\n", "", "functions: {'f(int n) -> site': 'f(n + 1)'}\n"), d2));
  CHECK_THAT(d2.format(), Catch::Contains("evaluation budget exceeded (10000000 steps)"));
  CHECK_THAT(d2.format(), Catch::Contains("note: ... and 196 more calls further out"));
  Diagnostics d4;
  CHECK_FALSE(load_rules_text("t.rules",
                              rules("  regions: {r: \"[f(1)]\"}\n", "",
                                    "functions: {'f(int n) -> site': 'if f(n + 1) == none then none else none'}\n"),
                              d4));
  CHECK_THAT(d4.format(), Catch::Contains("calls nested too deeply (more than 200)"));
  CHECK_THAT(d4.format(), Catch::Contains("note: ... and 196 more calls further out"));
  Diagnostics d3;
  CHECK_FALSE(load_rules_text("t.rules", rules("  regions: {r: \"filter(s in sites : count(i in 1..100000000 : true) < 0)\"}\n"), d3));
  CHECK_THAT(d3.format(), Catch::Contains("evaluation budget exceeded"));
}
