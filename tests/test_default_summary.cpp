// The default summary (spec/language.md, section 11 (The summary)): a rule file without `summary` is summed up by its
// occupied sites, their stacks and the variables, in one line; a named piece hidden from the player to move is ???.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "runtime/engine.hpp"
#include "support.hpp"

using namespace ri;

namespace {

// A game whose pieces and variables are given: `pieces` is the rule file's pieces section, `rest` what follows.
std::string rules(const std::string& players, const std::string& pieces, const std::string& rest = "") {
  return "game: {name: summary}\nplayers: " + players +
         "\ntopology:\n  sites: [a1, a2, a3]\nzones:\n  hand: {per_player: true}\npieces:\n" + pieces +
         "moves:\n  go:\n    params: {s: 'site in sites'}\n    effects: ['move(top(hand[me]), s)']\n"
         "    notation: '{s}'\nturn: [{choose: all}]\nend: []\n" + rest;
}

std::string summary_after(const std::string& text, const std::vector<std::string>& moves) {
  Game g(testing::compile_text(text));
  for (const std::string& m : moves) {
    Game::Reading r = g.read(m);
    REQUIRE(r.ok);
    g.apply(r.move);
  }
  return g.summary();
}

}  // namespace

TEST_CASE("the default summary: the occupied sites, then the variables", "[summary]") {
  struct Row {
    const char* what;
    std::string rules;
    std::vector<std::string> moves;
    const char* expected;
  };
  const std::vector<Row> rows = {
      {"one kind: the owners, runs counted",
       rules("[A, B]", "  man: {per_player: 3, at: hand}\n"), {"a2", "a2"},
       "a2:A,B hand[A]:A*2 hand[B]:B*2"},
      {"two kinds and two players: KIND(OWNER)",
       rules("[A, B]", "  man: {per_player: 1, at: hand}\n  king: {per_player: 1, at: hand}\n"), {"a3"},
       "a3:king(A) hand[A]:man(A) hand[B]:man(B),king(B)"},
      {"one player: the kinds",
       rules("[A]", "  man: {per_player: 1, at: hand}\n  king: {per_player: 1, at: hand}\n"), {"a1"},
       "a1:king hand[A]:man"},
      {"the variables, one per player with its player",
       rules("[A, B]", "  man: {per_player: 1, at: hand}\n", "variables:\n  n: 4\n  score: {init: 0, per_player: true}\n"),
       {}, "hand[A]:A hand[B]:B n=4 score[A]=0 score[B]=0"},
      {"nothing to list", rules("[A, B]", "  man: {per_player: 1}\n"), {}, "empty"},
      {"named pieces by their names",
       rules("[A]", "  card: {each: 'i in 0..2', at: a1, name: 'c{i}', attributes: {up: 1}}\n"), {},
       "a1:c0,c1,c2"},
      {"a named piece hidden from the player to move",
       rules("[A]", "  card: {each: 'i in 0..2', at: a1, name: 'c{i}', attributes: {up: 'i % 2', v: i}}\n",
             "hidden: {each: c, when: 'c.up == 0', attributes: [v]}\n"),
       {}, "a1:???,c1,???"},
  };
  for (const Row& row : rows) {
    INFO(row.what);
    CHECK(summary_after(row.rules, row.moves) == row.expected);
  }
}

TEST_CASE("the default summary is one line of at most 200 bytes", "[summary]") {
  std::string text = rules("[A, B]", "  man: {per_player: 1, at: hand}\n",
                           "variables:\n  a_rather_long_variable_name: {init: 0, per_player: true}\n"
                           "  another_rather_long_variable_name: {init: 0, per_player: true}\n"
                           "  a_third_rather_long_variable_name: {init: 0, per_player: true}\n");
  std::string s = summary_after(text, {});
  CHECK(s.size() == 200);
  CHECK(s.substr(197) == "...");
  CHECK(s.find('\n') == std::string::npos);
}
