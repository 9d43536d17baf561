// The alphabeta computer player (search/alphabeta.hpp) and the rule file's `evaluation` it searches with: specs,
// choices on positions whose best move is known, the game left as it was, the fall back to mcts without an evaluation,
// and play against random with the shipped evaluation of Ur.
#include <catch2/catch.hpp>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "search/alphabeta.hpp"
#include "search/arena.hpp"
#include "search/arena_report.hpp"
#include "support.hpp"

using namespace ri;

namespace {

// Tic-tac-toe with an evaluation that knows nothing (every position is worth 0): alphabeta sees only wins and losses.
std::shared_ptr<const Program> ttt_evaluated() {
  std::ifstream in(std::string(RULEINTERP_SOURCE_DIR) + "/rules/tic-tac-toe.rules");
  std::stringstream text;
  text << in.rdbuf();
  return testing::compile_text(text.str() + "\nevaluation:\n  each: p\n  value: \"0\"\n", "ttt-evaluated.rules");
}

PlayerSpec spec(const std::string& text) {
  std::string error;
  auto p = parse_player(text, error);
  REQUIRE(p);
  return *p;
}

}  // namespace

TEST_CASE("alphabeta specs as written") {
  struct Row {
    std::string text;
    bool ok;
    int depth;
    std::string error;
  };
  const std::vector<Row> rows = {
      {"alphabeta", true, kDefaultAlphaBetaDepth, ""},
      {"alphabeta:1", true, 1, ""},
      {"alphabeta:30", true, 30, ""},
      {"alphabeta:0", false, 0, "the depth of alphabeta must be 1 to 30"},
      {"alphabeta:31", false, 0, "the depth of alphabeta must be 1 to 30"},
      {"alphabeta:2s", false, 0, "the depth of alphabeta must be 1 to 30"},
      {"alphabeta:", false, 0, "the depth of alphabeta must be 1 to 30"},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    std::string error;
    const auto p = parse_player(r.text, error);
    CHECK(p.has_value() == r.ok);
    if (p) {
      CHECK(p->kind == PlayerSpec::AlphaBeta);
      CHECK(p->depth == r.depth);
    } else {
      CHECK_THAT(error, Catch::Contains(r.error));
    }
  }
}

TEST_CASE("alphabeta takes a win, blocks a loss, and leaves the game as it was") {
  auto prog = ttt_evaluated();
  REQUIRE(prog->evaluation.value >= 0);
  struct Row {
    std::vector<std::string> actions;
    int depth;
    std::string best;
  };
  const std::vector<Row> rows = {
      {{"a1", "b1", "a2", "b2"}, 1, "a3"},  // X wins on the a file
      {{"a1", "b2", "c3", "b1"}, 2, "b3"},  // X blocks O on the b file
      {{"b2", "a1", "c3", "a2"}, 2, "a3"},  // X blocks O on the a file
      {{"a1", "b2", "a2"}, 2, "a3"},        // O blocks X on the a file
      {{"b2", "a2", "a1", "c2"}, 3, "c3"},  // X wins at once rather than with the fork (sooner is better)
  };
  for (const Row& r : rows) {
    INFO(r.best);
    Game g(prog);
    testing::play_all(g, r.actions);
    const uint64_t hash = g.hash();
    const size_t mark = g.machine().mark();
    SearchStats st;
    const int i = alphabeta_choose(g, r.depth, &st);
    CHECK(g.write(g.decisions()[static_cast<size_t>(i)]) == r.best);
    CHECK(g.hash() == hash);
    CHECK(g.machine().mark() == mark);
    CHECK(st.nodes > 0);
  }
}

TEST_CASE("alphabeta without an evaluation plays as mcts, and says so") {
  auto prog = testing::compile_file("rules/tic-tac-toe.rules");
  std::string note;
  const PlayerSpec played = as_played(*prog, spec("alphabeta:4"), note);
  CHECK(played.kind == PlayerSpec::Mcts);
  CHECK(played.text == "alphabeta:4");
  CHECK(note == "the rule file has no 'evaluation': 'alphabeta:4' plays as mcts (1000 iterations a move)");
  as_played(*prog, spec("mcts:5"), note);
  CHECK(note.empty());
  as_played(*ttt_evaluated(), spec("alphabeta:4"), note);
  CHECK(note.empty());
  // hidden information: its search would read the secrets
  auto cards = testing::compile_file("rules/solitaire.rules");
  CHECK(as_played(*cards, spec("alphabeta"), note).kind == PlayerSpec::Mcts);
  CHECK_THAT(note, Catch::Contains("would see what 'hidden' hides"));
}

TEST_CASE("alphabeta searching the whole tic-tac-toe tree never loses, and draws against itself") {
  auto prog = ttt_evaluated();
  Game g(prog);
  ArenaRun run;
  run.specs = {spec("alphabeta:9"), spec("random")};
  run.games = 20;
  run.seed = 3;
  run.threads = 2;
  const ArenaReport r = report(run_arena(g, run));
  CHECK(r.players[0].losses == 0);
  CHECK(r.players[0].wins >= 15);
  run.specs = {spec("alphabeta:9"), spec("alphabeta:9")};
  run.games = 2;
  const ArenaReport d = report(run_arena(g, run));
  CHECK(d.players[0].draws == 2);
}

TEST_CASE("alphabeta with Ur's evaluation beats random play") {
  auto prog = testing::compile_file("rules/ur.rules");
  REQUIRE(prog->evaluation.value >= 0);
  Game g(prog);
  ArenaRun run;
  run.specs = {spec("alphabeta:3"), spec("random")};
  run.games = 100;
  run.seed = 1;
  run.threads = 2;
  const ArenaReport r = report(run_arena(g, run));
  WARN("Ur, alphabeta:3 against random: " << r.players[0].wins << " wins of 100");
  CHECK(r.players[0].wins >= 90);
}
