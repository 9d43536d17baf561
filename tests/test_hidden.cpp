// Hidden information (language.md, section 2 (`hidden`)) and end messages: what a template shows the player to move when
// the rule file has a `hidden` section, in the display, the summary, a move's notation and an end rule's message;
// what stays whole (the notation logs record and reading matches, the state).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "runtime/engine.hpp"
#include "io/movelog.hpp"
#include "support.hpp"

using namespace ri;

namespace {

// Two players with two tiles each, all on `deck` (A's first: tile#0, tile#1, then B's: tile#2, tile#3 on top). A
// tile that is face down (up == 0) is hidden from every player but its owner; its value is secret, its mark is not.
const char* kTiles = R"RULES(
game: {name: tiles}
players: [A, B]
topology: {sites: [deck, table]}
pieces:
  tile: {per_player: 2, at: deck, attributes: {value: "3 + me_index(me)", up: 0, mark: 7}}
functions:
  me_index(player p) -> int: "if p == A then 1 else 2"
  val(piece t) -> int: "t.value"
hidden: HIDDEN
moves:
  flip:
    params: {t: piece}
    requires: ["t.up == 0"]
    effects: ["set t.up = 1"]
    notation: ["flip {t}", "flip {t.value} {t.mark}"]
  wait: {}
turn: [{choose: all}]
end:
  - when: "all(t in pieces : t.up == 1)"
    result: win(me)
    message: "{me} turned the last tile; the top one is {top(deck).value}"
)RULES";

const char* kSecretValue = "{each: t, when: \"t.up == 0 and t.owner != me\", attributes: [value]}";

std::shared_ptr<const Program> tiles(const std::string& hidden, const std::string& display = "") {
  std::string text = kTiles;
  text.replace(text.find("HIDDEN"), 6, hidden);
  if (!display.empty()) text += "display: '" + display + "'\nsummary: '" + display + "'\n";
  return testing::compile_text(text);
}

std::string rendered(Game& g) {
  std::string out = g.render();
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

struct Row {
  const char* templ;
  const char* shown;  // as the player to move (A) sees it
};

}  // namespace

TEST_CASE("hidden: a template part that reads a secret of a piece hidden from the player to move shows ???") {
  const std::vector<Row> rows = {
      {"{top(deck).value}", "???"},                                      // B's tile, face down
      {"{pieces_at(deck)[0].value}", "4"},                               // A's own tile
      {"{top(deck).mark} {top(deck).up}", "7 0"},                        // attributes that are not secret
      {"{top(deck).owner} {top(deck).kind} {top(deck).site}", "B tile deck"},  // built-in fields are always shown
      {"{top(deck)}", "???"},                                            // the piece's name tells which it is
      {"{pieces_at(deck)[1]}", "tile#1"},
      {"{val(top(deck))}", "???"},                                       // also through a function
      {"{sum(t in pieces_at(deck) : t.value)}", "???"},                 // any read in the part
      {"{sum(t in pieces_at(deck) where t.owner == me : t.value)}", "8"},
      {"{\"x\" ++ top(deck)}", "???"},
      {"{concat(t in pieces_at(deck) : if t.up == 0 and t.owner != me then \"#\" else t.value ++ \"\")}", "44##"},  // careful
      {"a{top(deck).value}b{size(deck)}c", "a???b4c"},                  // only the part that read it
      {"{count(t in pieces where t.value > 4)}", "???"},
  };
  for (const Row& r : rows) {
    INFO(r.templ);
    Game g(tiles(kSecretValue, r.templ));
    CHECK(rendered(g) == r.shown);
    CHECK(g.summary() == r.shown);
  }
}

TEST_CASE("hidden: without attributes every attribute is secret; the viewer is the player to move") {
  Game all(tiles("{each: t, when: \"t.up == 0 and t.owner != me\"}", "{top(deck).mark} {top(deck).up} {top(deck).owner}"));
  CHECK(rendered(all) == "??? ??? B");
  // after A waits, B is to move: B's tiles are B's own, A's are hidden
  Game g(tiles(kSecretValue, "{top(deck).value} {pieces_at(deck)[0].value}"));
  CHECK(rendered(g) == "??? 4");
  g.apply(g.read("wait").move);
  CHECK(rendered(g) == "5 ???");
}

TEST_CASE("hidden: a move is shown with ???, written and read whole") {
  Game g(tiles(kSecretValue));
  MoveList ml;
  g.legal(ml);
  std::vector<std::string> written, shown;
  for (const Move& m : ml) written.push_back(g.write(m)), shown.push_back(g.shown(m));
  CHECK(written == std::vector<std::string>{"flip tile#0", "flip tile#1", "flip tile#2", "flip tile#3", "wait"});
  CHECK(shown == std::vector<std::string>{"flip tile#0", "flip tile#1", "flip ???", "flip ???", "wait"});
  // reading matches the full notation, every template of it (the second reads the secret value)
  auto r = g.read("flip tile#3");
  REQUIRE(r.ok);
  CHECK(r.move == ml[3]);
  auto v = g.read("flip 5 7");
  REQUIRE(v.ok);
  CHECK(v.move == ml[2]);
  CHECK_FALSE(g.read("flip ???").ok);
  // hiding ends with the rendering: the state and the full notation are whole again
  uint64_t h = g.hash();
  g.render();
  CHECK(g.write(ml[2]) == "flip tile#2");
  CHECK(g.hash() == h);
  // B is to move: A's tiles are hidden from B, B's own are not
  g.apply(r.move);
  g.legal(ml);
  shown.clear();
  for (const Move& m : ml) shown.push_back(g.shown(m));
  CHECK(shown == std::vector<std::string>{"flip ???", "flip ???", "flip tile#2", "wait"});
  CHECK(g.write(ml[0]) == "flip tile#0");
}

TEST_CASE("hidden: a rule file without hidden shows everything") {
  std::string text = kTiles;
  text.replace(text.find("hidden: HIDDEN\n"), 15, "");
  Game g(testing::compile_text(text + "display: '{top(deck).value} {top(deck)}'\n"));
  CHECK(rendered(g) == "5 tile#3");
  MoveList ml;
  g.legal(ml);
  CHECK(g.shown(ml[3]) == "flip tile#3");
}

TEST_CASE("hidden: the condition is a rule-file expression: its runtime error is reported") {
  Game g(tiles("{each: t, when: \"10 / t.up == 1\"}", "{size(deck)}"));
  try {
    g.render();
    FAIL("no error");
  } catch (const RuntimeError& e) {
    CHECK(std::string(e.what()) == "division by zero");
  }
}

TEST_CASE("an end rule's message is rendered for the player to move when that rule ended the game") {
  auto prog = tiles(kSecretValue);
  Game g(prog);
  CHECK(g.result_message().empty());  // not over
  std::vector<size_t> marks;
  for (const char* m : {"flip tile#0", "flip tile#2", "flip tile#1"}) marks.push_back(g.apply(g.read(m).move));
  CHECK(g.result_message().empty());
  marks.push_back(g.apply(g.read("flip tile#3").move));
  REQUIRE(g.node() == Game::NodeKind::Over);
  CHECK(g.result_text() == "B wins");
  CHECK(g.result_message() == "B turned the last tile; the top one is 5");  // every tile is up: nothing is hidden
  g.undo(marks.back());
  CHECK(g.result_message().empty());
  // a game that ends otherwise (a resignation, no rule) has no message
  Game r(prog);
  resign(r, 0);
  CHECK(r.result_text() == "B wins");
  CHECK(r.result_message().empty());
}

TEST_CASE("an end message binds the rule's each name and hides what the display hides") {
  const char* rules = R"RULES(
game: {name: messages}
players: [A, B]
topology: {sites: [s]}
pieces: {stone: {per_player: 1, at: s, attributes: {weight: 3}}}
hidden: {each: p, when: "p.owner != me"}
variables: {n: 0}
moves:
  go:
    effects: ["set n = n + 1"]
turn: [{choose: all, if_none: end}]
end:
  - each: p
    when: "n == 2 and p == B"
    result: win(p)
    message: "{p} wins at {n}; {me} moved; weights {pieces_at(s)[0].weight} {pieces_at(s)[1].weight}"
)RULES";
  Game g(testing::compile_text(rules));
  g.apply(g.read("go").move);
  g.apply(g.read("go").move);
  REQUIRE(g.node() == Game::NodeKind::Over);
  // me is B, who moved last: A's stone is hidden from B
  CHECK(g.result_message() == "B wins at 2; B moved; weights ??? 3");
}

TEST_CASE("an end message of a rule that held because the player to move could not move sees cannot_move") {
  const char* rules = R"RULES(
game: {name: stuck}
players: [A, B]
variables: {n: 0}
moves:
  go:
    requires: ["n < 1"]
    effects: ["set n = n + 1"]
turn: [{choose: all, if_none: end}]
end:
  - when: "n == 5"
    result: win(A)
    message: "never"
  - when: cannot_move
    result: draw
    message: "{me} is stuck: {cannot_move}"
display: "{cannot_move}"
)RULES";
  Game g(testing::compile_text(rules));
  size_t mark = g.apply(g.read("go").move);
  REQUIRE(g.node() == Game::NodeKind::Over);
  CHECK(g.result_text() == "draw");
  CHECK(g.result_message() == "B is stuck: true");
  CHECK(g.render() == "false\n");  // only the message sees it
  g.undo(mark);
  CHECK(g.result_message().empty());
}
