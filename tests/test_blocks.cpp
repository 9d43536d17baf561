// The runtime's shortcuts: the blocks (runtime/blocks.hpp), expressions compiled into code for the accumulator machine,
// and the aggregates whose where clause (or a sum whose body, or a filter whose condition) is read from the board's
// tables (closures.cpp) compute what the closures compute, and fail where they fail, with the same errors.
#include <catch2/catch.hpp>

#include <string>

#include "runtime/engine.hpp"
#include "support.hpp"

using namespace ri;

namespace {

const char* const kGame = R"RULES(game: {name: blocks}
players: [A, B]
topology:
  grids:
    - {width: 3, height: 3, name: board}
  sites: [off]
pieces:
  stone: {per_player: 1, attributes: {power: 1}}
start:
  board:
    a1: {stone: A, power: 4}
    b2: {stone: B, power: 2}
variables: {v: 1, w: 0}
functions:
  twice(int n) -> int: "n * 2"
moves: {m: {}}
turn: [{choose: all}]
end: []
)RULES";

struct Row {
  const char* expr;
  const char* shown;  // what it renders, or the error's message
  int col = 0;        // the column of the error in the display line (0: no error)
};

}  // namespace

TEST_CASE("blocks compute the values and report the errors of the closures") {
  const Row rows[] = {
      {"v + 2 * 3 - 1 < 10 and v != 0 and w == 0 and size(a1) == 1", "true"},
      {"let a = v + size(a1); if a > 1 and a < 5 then a * 10 - w else 0", "20"},
      {"not (v == 1) or (v + 1 == 2 and v - 1 == 0 and twice(v) == size(a1) * 2)", "true"},
      {"if v > 0 or w / w > 0 then twice(v + 2) + size(b2) else 0", "7"},          // w / w is not computed
      {"v + 7 / w > 0 and v > 0 and size(a1) == 1", "division by zero", 7},
      {"v + 7 % w > 0 and v > 0 and size(a1) == 1", "remainder of division by zero", 7},
      {"size(a1) + size(c3) * 2 + owned(a1, A) + owned(b2, A) + owned(b2, B) * 10", "12"},
      {"top(a1).owner == A and top(b2).kind == stone and top(a1).power + 1 == 5", "true"},
      {"v + 1 > 0 and top(c3).owner == A", "no piece here (the value is none)", 23},
      {"offset(a1, 1, 1) == b2 and offset(a1, -1, 0) == none and offset(c3, 0, 1) == none", "true"},
      {"x_of(c3) - x_of(a1) + (y_of(b2) - y_of(a1)) * 10 == 12", "true"},
      {"v > 0 and x_of(off) > 0 and size(a1) == 1", "'off' is not a site of a grid", 11},
      {"[4, 5, 6][v] + [4, 5, 6][v + 1] * 10 == 65 and size(a1) == 1", "true"},
      {"v + [4, 5, 6][v + 5] > 0 and size(a1) == 1", "position 6 is outside the list (length 3)", 14},
      {"b1 in [a1, b1] and not (c3 in [a1]) and size(a1) == v and v + 1 == 2", "true"},
      {"min(v, w) + max(v, 3) * 2 + abs(w - 5) == 10 + size(a1)", "true"},
      {"opponent(A) == B and next(B) == A and v + w == size(b2)", "true"},
      {"let s = offset(a1, 0, v); size(s) == 0 and owned(s, A) == 0 and v == 1", "true"},
      // the value at hand after a join is not the last branch's (the else branch's `a` here)
      {"let a = v + size(a1); let b = a * 3; (if w == 0 then b else a) - abs(a) == 4", "true"},
      {"let a = v + size(a1); let b = a * 3; (if w != 0 then b else a) - abs(a) == 0", "true"},
      // fused pairs (superinstructions): a jump that lands on the second of a pair (size after either branch), an
      // error in the second's node
      {"let s = offset(a1, 1, 1); let t = c3; size(if w == 0 then s else t) * 10 + size(if w != 0 then s else t) == 10 and v == 1",
       "true"},
      {"let s = offset(c3, v, 0); v > 0 and size(s) == 0 and w == 0", "no site here (the value is none)", 37},
      {"let s = offset(a1, v, v); top(s).power * 10 + top(a1).power == 24 and x_of(s) - x_of(a1) == y_of(s) - y_of(a1)",
       "true"},
  };
  for (const Row& r : rows) {
    INFO(r.expr);
    auto p = testing::compile_text(std::string(kGame) + "display: \"{" + r.expr + "}\"\n");
    REQUIRE(p->display.exprs.size() == 1);
    Game g(p);
    CHECK(g.machine().in_block(p->display.exprs[0]));
    if (r.col == 0) {
      CHECK(g.render() == std::string(r.shown) + "\n");
      continue;
    }
    testing::check_render_error(g, r.shown, 19, r.col + 11);  // (after `display: "{`)
  }
}

TEST_CASE("an aggregate whose where, or a sum whose body, asks only who holds the element reads the board's tables") {
  struct Where {
    const char* expr;
    const char* shown;  // the value, or the error's message
    bool error = false;
  };
  const Where rows[] = {
      {"count(s in sites where occupied(s))", "2"},
      {"count(s in sites where vacant(s))", "8"},
      {"count(s in sites where owned(s, B) > 0)", "1"},
      {"count(s in sites where owned(s, me) == 0)", "9"},
      {"any(s in sites where owned(s, B) > 0 : s == b2)", "true"},
      {"all(s in sites where owned(s, me) > 0 : s == a1)", "true"},
      {"sum(s in [a1, b2, c3] where occupied(s) : top(s).power)", "6"},
      {"min(s in sites where occupied(s) : top(s).power)", "2"},
      {"let p = B; count(s in sites where owned(s, p) > 0)", "1"},
      {"count(s in [a1, b2] where top(s).owner == B)", "1"},  // (a top piece's owner: the closures)
      {"count(s in sites where occupied(s) and top(s).owner == B)", "1"},
      {"any(s in sites where occupied(s) and top(s).owner != B : s == a1)", "true"},
      // a filter whose condition is of that form
      {"len(filter(s in sites : occupied(s) and top(s).owner == A))", "1"},
      {"filter(s in sites : occupied(s) and top(s).owner != A)[0]", "b2"},
      {"let p = B; len(filter(s in [b2, c3, b2] : occupied(s) and top(s).owner == p))", "2"},
      {"len(filter(s in [a1, offset(a1, -1, 0)] : occupied(s) and top(s).owner == A))", "no site here (the value is none)", true},
      {"count(s in [a1, c3] where top(s).owner != B)", "no piece here (the value is none)", true},
      {"count(s in [a1, offset(a1, -1, 0)] where occupied(s))", "no site here (the value is none)", true},
      {"max(s in [c3] where occupied(s) : 1)", "'max' over an empty list", true},
      // a sum of who holds each element: owned_in
      {"sum(s in sites : owned(s, A))", "1"},
      {"owned_in(sites, B) + owned_in([a1, b2, a1], me)", "3"},
      {"let p = B; sum(s in [b2, c3, b2] : owned(s, p))", "2"},
      {"sum(s in sites : owned(s, opponent(B)))", "1"},  // (not read once: the closures)
      {"sum(s in [a1, offset(a1, -1, 0)] : owned(s, A))", "no site here (the value is none)", true},
  };
  for (const Where& r : rows) {
    INFO(r.expr);
    auto p = testing::compile_text(std::string(kGame) + "display: \"{" + r.expr + "}\"\n");
    Game g(p);
    if (r.error)
      testing::check_render_error(g, r.shown);
    else
      CHECK(g.render() == std::string(r.shown) + "\n");
  }
}
