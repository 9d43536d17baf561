// The computer players (search/): player specs as written, MCTS choices on positions whose best move is known, a
// search that leaves the game as it was and never reads a hidden secret, and arena runs that are the same for any
// number of threads. The players' strength against random play is tested by the hidden [strength] cases, which ctest
// runs as the tests strength/* (tests/CMakeLists.txt).
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "search/arena.hpp"
#include "search/arena_report.hpp"
#include "search/mcts.hpp"
#include "support.hpp"

using namespace ri;

namespace {

// The move an MCTS search of `iterations` from g's position chooses, written.
std::string mcts_move(Game& g, uint64_t iterations, uint64_t seed, SearchStats* stats = nullptr) {
  MctsOptions o;
  o.iterations = iterations;
  Prng rng(seed);
  const int i = mcts_choose(g, o, rng, stats);
  return g.write(g.decisions()[static_cast<size_t>(i)]);
}

// An arena run of `games` games between the specs on the rule file, on `threads` threads.
ArenaResult arena(const std::shared_ptr<const Program>& prog, const std::vector<std::string>& specs, uint64_t games,
                  uint64_t seed, int threads = 2) {
  Prng setup(seed);
  Game g(prog, setup);
  ArenaRun run;
  for (const std::string& s : specs) {
    std::string error;
    auto p = parse_player(s, error);
    REQUIRE(p);
    run.specs.push_back(*p);
  }
  run.games = games;
  run.seed = seed;
  run.threads = threads;
  run.fresh_setup = prog->setup_draws;
  return run_arena(g, run);
}

}  // namespace

TEST_CASE("player specs as written") {
  struct Row {
    std::string text;
    bool ok;
    PlayerSpec::Kind kind;
    uint64_t iterations;
    double seconds;
    std::string error;  // a part of the error
  };
  const std::vector<Row> rows = {
      {"human", true, PlayerSpec::Human, 0, 0, ""},
      {"random", true, PlayerSpec::Random, 0, 0, ""},
      {"mcts", true, PlayerSpec::Mcts, kDefaultMctsIterations, 0, ""},
      {"mcts:500", true, PlayerSpec::Mcts, 500, 0, ""},
      {"mcts:1", true, PlayerSpec::Mcts, 1, 0, ""},
      {"mcts:2s", true, PlayerSpec::Mcts, 0, 2, ""},
      {"mcts:0.5s", true, PlayerSpec::Mcts, 0, 0.5, ""},
      {"mcts:250ms", true, PlayerSpec::Mcts, 0, 0.25, ""},
      {"mcts:0", false, PlayerSpec::Mcts, 0, 0, "the iterations per move must be 1 to"},
      {"mcts:100000001", false, PlayerSpec::Mcts, 0, 0, "the iterations per move must be 1 to"},
      {"mcts:0s", false, PlayerSpec::Mcts, 0, 0, "above 0 and at most an hour"},
      {"mcts:3601s", false, PlayerSpec::Mcts, 0, 0, "above 0 and at most an hour"},
      {"mcts:", false, PlayerSpec::Mcts, 0, 0, "expected mcts:ITERATIONS"},
      {"mcts:-5", false, PlayerSpec::Mcts, 0, 0, "expected mcts:ITERATIONS"},
      {"mcts:5x", false, PlayerSpec::Mcts, 0, 0, "expected mcts:ITERATIONS"},
      {"mcts:1.5", false, PlayerSpec::Mcts, 0, 0, "expected mcts:ITERATIONS"},
      {"mcts:500:playout=40", true, PlayerSpec::Mcts, 500, 0, ""},
      {"mcts:2s:playout=1", true, PlayerSpec::Mcts, 0, 2, ""},
      {"mcts:playout=1000000", true, PlayerSpec::Mcts, kDefaultMctsIterations, 0, ""},
      {"mcts:500:playout=0", false, PlayerSpec::Mcts, 0, 0, "the playout's length must be 1 to 1000000 actions"},
      {"mcts:500:playout=1000001", false, PlayerSpec::Mcts, 0, 0, "the playout's length must be 1 to 1000000"},
      {"mcts:500:playout=", false, PlayerSpec::Mcts, 0, 0, "the playout's length must be 1 to 1000000"},
      {"mcts:500:playout=4:playout=5", false, PlayerSpec::Mcts, 0, 0, "expected mcts:ITERATIONS"},
      {"mcts:500:p=40", false, PlayerSpec::Mcts, 0, 0, "expected mcts:ITERATIONS"},
      {"Random", false, PlayerSpec::Random, 0, 0, "unknown player 'Random'"},
      {"", false, PlayerSpec::Random, 0, 0, "unknown player ''"},
      {"minimax", false, PlayerSpec::Random, 0, 0, "unknown player 'minimax'"},
  };
  for (const Row& row : rows) {
    INFO(row.text);
    std::string error;
    const auto p = parse_player(row.text, error);
    CHECK(p.has_value() == row.ok);
    if (p) {
      CHECK(p->kind == row.kind);
      CHECK(p->iterations == row.iterations);
      CHECK(p->seconds == Approx(row.seconds));
      CHECK(p->text == row.text);
    } else {
      CHECK_THAT(error, Catch::Contains(row.error));
    }
  }
}

TEST_CASE("an mcts spec's playout length") {
  std::string error;
  CHECK(parse_player("mcts:500:playout=40", error)->playout_plies == 40);
  CHECK(parse_player("mcts:playout=7", error)->playout_plies == 7);
  CHECK(parse_player("mcts:500", error)->playout_plies == 0);  // the default, kDefaultPlayoutPlies
}

TEST_CASE("mcts takes a win in one without searching, blocks the opponent's, and leaves the game as it was") {
  auto prog = testing::compile_file("rules/tic-tac-toe.rules");
  struct Row {
    std::vector<std::string> actions;
    std::string best;
    bool searched;
  };
  const std::vector<Row> rows = {
      {{"a1", "b1", "a2", "b2"}, "a3", false},  // X wins on the a file
      {{"b2", "a2", "a1", "c2"}, "c3", false},  // X wins on the diagonal (c1 would win later: a fork)
      {{"a1", "b2", "c3", "b1"}, "b3", true},   // X blocks O on the b file
      {{"b2", "a1", "c3", "a2"}, "a3", true},   // X blocks O on the a file (and has no win)
      {{"a1", "b2", "a2"}, "a3", true},         // O blocks X on the a file
  };
  for (const Row& row : rows) {
    INFO(row.best);
    Game g(prog);
    testing::play_all(g, row.actions);
    const uint64_t hash = g.hash();
    const size_t mark = g.machine().mark();
    SearchStats st;
    CHECK(mcts_move(g, 2000, 7, &st) == row.best);
    CHECK(g.hash() == hash);
    CHECK(g.machine().mark() == mark);
    CHECK(st.iterations == (row.searched ? 2000u : 0u));
    CHECK((st.nodes > 1) == row.searched);
  }
}

TEST_CASE("a playout cut short is shared by the evaluation read as win odds, 400 for ten to one") {
  // a game that never ends: every playout of one action is cut, and its result is the evaluation's share
  struct Row {
    std::string players, evaluation;  // evaluation: "" for none
    double value;                     // the chosen move's mean result for A
    std::string best;                 // "" when the search has no reason to prefer one
  };
  const std::vector<Row> rows = {
      {"[A]", "", 0.0, ""},                                     // one player: a cut game is no win
      {"[A, B]", "", 0.5, ""},                                  // two: half each
      {"[A]", "400", 10.0 / 11, ""},                            // one player, as against a player valued 0
      {"[A]", "0", 0.5, ""},
      {"[A]", "-400", 1.0 / 11, ""},
      {"[A, B]", "if p == A then 0 else 400", 1.0 / 11, ""},   // B ten to one
      {"[A, B, C]", "if p == A then 400 else 0", 10.0 / 12, ""},
      {"[A]", "if n > 0 then 800 else -800", 0, "up"},          // up, then one action: n stays above 0 or not
  };
  for (const Row& r : rows) {
    INFO(r.players << " " << r.evaluation);
    const std::string text = "game: {name: counter}\nplayers: " + r.players +
                             "\nvariables: {n: 0}\ntopology: {sites: [s]}\nmoves:\n"
                             "  up: {effects: [\"set n = n + 1\"]}\n  down: {effects: [\"set n = n - 1\"]}\n"
                             "turn: [{choose: all}]\nend: []\n" +
                             (r.evaluation.empty() ? "" : "evaluation: {each: p, value: \"" + r.evaluation + "\"}\n");
    auto prog = testing::compile_text(text, "counter.rules");
    Prng setup(1);
    Game g(prog, setup);
    MctsOptions o;
    o.iterations = 200;
    o.playout_plies = 1;
    Prng rng(3);
    SearchStats stats;
    const int i = mcts_choose(g, o, rng, &stats);
    if (!r.best.empty()) {
      CHECK(g.write(g.decisions()[static_cast<size_t>(i)]) == r.best);
      CHECK(stats.value > 0.5);  // (down: below)
    } else {
      CHECK(stats.value == Approx(r.value));
    }
  }
}

TEST_CASE("mcts chooses the one legal move without searching, and the same move for the same seed") {
  auto prog = testing::compile_file("rules/tic-tac-toe.rules");
  Game g(prog);
  testing::play_all(g, {"a1", "b2", "c3", "b1", "b3", "a2", "c2", "c1"});  // one square left
  SearchStats st;
  CHECK(mcts_move(g, 500, 1, &st) == "a3");
  CHECK(st.iterations == 0);
  Game h(prog);
  CHECK(mcts_move(h, 300, 9) == mcts_move(h, 300, 9));
}

TEST_CASE("mcts on a game with hidden secrets chooses the same whoever holds which secret") {
  // two deals that differ only in two face-down cards of the same kind: the search sees the same game
  auto prog = testing::compile_file("rules/solitaire.rules");
  Prng setup(5);
  Game a(prog, setup);
  Game b = a;
  Machine& M = b.machine();
  M.begin_operation();
  std::vector<int> hidden;
  for (int p = 0; p < static_cast<int>(b.state().kind.size()); ++p) {
    M.slot(0) = Value{p, 0, 0};
    if (M.evaluate(prog->hidden.when).i) hidden.push_back(p);
  }
  REQUIRE(hidden.size() >= 2);
  const int x = hidden[0], y = hidden.back();
  REQUIRE(b.state().kind[static_cast<size_t>(x)] == b.state().kind[static_cast<size_t>(y)]);
  const int na = b.state().nattrs;
  int swapped = 0;
  for (int attr = 0; attr < na; ++attr) {
    if (!prog->hidden.secret[static_cast<size_t>(attr)]) continue;
    const int32_t vx = b.state().attrs[static_cast<size_t>(x * na + attr)], vy = b.state().attrs[static_cast<size_t>(y * na + attr)];
    M.set_attr(x, attr, vy);
    M.set_attr(y, attr, vx);
    swapped += vx != vy;
  }
  REQUIRE(swapped > 0);
  REQUIRE(a.hash() != b.hash());
  REQUIRE(a.render() == b.render());  // what the player sees
  SearchStats sa, sb;
  CHECK(mcts_move(a, 40, 3, &sa) == mcts_move(b, 40, 3, &sb));
  CHECK(sa.nodes == sb.nodes);
  CHECK(sa.value == sb.value);
}

TEST_CASE("an arena run is the same on one thread and on two, game g seating the specs rotated by g") {
  auto prog = testing::compile_file("rules/dice-of-doom.rules", {{"num_players", 3}});
  const ArenaResult one = arena(prog, {"mcts:20", "random", "random"}, 6, 11, 1);
  const ArenaResult two = arena(prog, {"mcts:20", "random", "random"}, 6, 11, 2);
  REQUIRE(one.games.size() == 6);
  for (size_t g = 0; g < one.games.size(); ++g) {
    INFO(g);
    CHECK(one.games[g].spec_of_seat == std::vector<int>{static_cast<int>(g % 3), static_cast<int>((g + 1) % 3),
                                                        static_cast<int>((g + 2) % 3)});
    CHECK(one.games[g].spec_of_seat == two.games[g].spec_of_seat);
    CHECK(one.games[g].winners == two.games[g].winners);
    CHECK(one.games[g].plies == two.games[g].plies);
    CHECK(one.games[g].choices == two.games[g].choices);
    CHECK(one.games[g].covered == two.games[g].covered);
    CHECK(one.games[g].finished);
  }
  CHECK(report_json(one, report(one)).substr(0, 12) == R"({"games": 6,)");
}

// Strength against random play, with small budgets and fixed seeds (the rates measured are in README.md; each
// threshold is set well below its rate).
TEST_CASE("strength: on tic-tac-toe mcts never loses to random, and two mcts players draw", "[.strength][strength-ttt]") {
  auto prog = testing::compile_file("rules/tic-tac-toe.rules");
  const ArenaReport r = report(arena(prog, {"mcts:1000", "random"}, 100, 1));
  CHECK(r.players[0].losses == 0);
  CHECK(r.players[0].wins >= 85);
  const ArenaReport d = report(arena(prog, {"mcts:2000", "mcts:2000"}, 20, 1));
  CHECK(d.players[0].draws == 20);
}

TEST_CASE("strength: on Ur mcts beats random in at least 75% of 200 games", "[.strength][strength-ur]") {
  auto prog = testing::compile_file("rules/ur.rules");
  const ArenaReport r = report(arena(prog, {"mcts:50", "random"}, 200, 1));
  WARN("Ur, mcts:50 against random: " << r.players[0].wins << " wins of 200");
  CHECK(r.players[0].wins >= 150);
}

TEST_CASE("strength: on Morabaraba mcts beats random in at least 90% of games", "[.strength][strength-morabaraba]") {
  auto prog = testing::compile_file("rules/morabaraba.rules");
  const ArenaReport r = report(arena(prog, {"mcts:100", "random"}, 40, 1));
  WARN("Morabaraba, mcts:100 against random: " << r.players[0].wins << " wins of 40");
  CHECK(r.players[0].wins >= 36);
}

TEST_CASE("strength: on Dice of Doom (3 players, 3x3) mcts wins more often than each random player",
          "[.strength][strength-dice]") {
  auto prog = testing::compile_file("rules/dice-of-doom.rules", {{"num_players", 3}, {"board_size", 3}});
  // (a short game whose start, drawn at random, decides much: two random players win 33% to 42% of 60 games each)
  const ArenaReport r = report(arena(prog, {"mcts:100", "random", "random"}, 300, 1));
  WARN("Dice of Doom, mcts:100 against two random players: " << r.players[0].wins << ", " << r.players[1].wins
                                                              << ", " << r.players[2].wins << " wins of 300");
  CHECK(r.players[0].wins > r.players[1].wins + 15);
  CHECK(r.players[0].wins > r.players[2].wins + 15);
}
