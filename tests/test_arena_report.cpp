// What an arena run says (search/arena_report.hpp): the tallies per spec and per seat, the wilson intervals, the game
// metrics, and the report as text and as json. Each row is a few game records and what must come out; nothing plays.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "search/arena_report.hpp"

using namespace ri;

namespace {

// one game's record: the specs by seat, the winners' bits, finished (else a timeout), its length and its counts
ArenaGame game(std::vector<int> specs, uint32_t winners, bool finished = true, int64_t plies = 0, int64_t turns = 0,
               uint64_t decisions = 0, uint64_t choices = 0, uint64_t multi = 0, int sites = 0, int covered = 0) {
  ArenaGame g;
  g.spec_of_seat = std::move(specs);
  g.winners = winners;
  g.finished = finished;
  g.plies = plies;
  g.turns = turns;
  g.decisions = decisions;
  g.choices = choices;
  g.multi = multi;
  g.sites = sites;
  g.covered = covered;
  return g;
}

ArenaResult result(std::vector<std::string> specs, std::vector<std::string> seats, std::vector<ArenaGame> games,
                   double seconds = 0) {
  ArenaResult r;
  r.specs = std::move(specs);
  r.seats = std::move(seats);
  r.games = std::move(games);
  r.seconds = seconds;
  r.seed = 7;
  r.max_plies = 500;
  return r;
}

// what a tally must say: wins, draws, losses and the win rate
struct Counts {
  uint64_t wins, draws, losses;
  double win_rate;
};

// the metrics a row must come out with
struct Metrics {
  double mean_plies, mean_turns, sd_turns, first_player_advantage, balance, completion, drawishness, timeouts,
      branching, decisive, coverage;
};

struct Row {
  const char* name;
  ArenaResult result;
  std::vector<Counts> players, seats;
  Metrics metrics;
};

void check_tallies(const std::vector<Tally>& got, const std::vector<Counts>& want) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    INFO("tally " << i);
    CHECK(got[i].wins == want[i].wins);
    CHECK(got[i].draws == want[i].draws);
    CHECK(got[i].losses == want[i].losses);
    CHECK(got[i].win_rate == Approx(want[i].win_rate));
    CHECK(got[i].ci_low >= 0);
    CHECK(got[i].ci_high <= 1);
    CHECK(got[i].ci_low <= got[i].win_rate);
    CHECK(got[i].win_rate <= got[i].ci_high);
  }
}

// the rows: rotating seats, draws and timeouts, a tie of three, one player, no games
std::vector<Row> rows() {
  std::vector<Row> out;
  // spec 0 wins all 4 games, from either seat: the seats come out even
  out.push_back({"all wins for one spec, seats rotating",
                 result({"mcts:200", "random"}, {"X", "O"},
                        {game({0, 1}, 1, true, 5, 3, 5, 20, 4, 9, 9), game({1, 0}, 2, true, 7, 4, 5, 20, 4, 9, 6),
                         game({0, 1}, 1, true, 5, 3, 5, 20, 4, 9, 9), game({1, 0}, 2, true, 7, 4, 5, 20, 4, 9, 6)}),
                 {{4, 0, 0, 1.0}, {0, 0, 4, 0.0}},
                 {{2, 0, 2, 0.5}, {2, 0, 2, 0.5}},
                 {6, 3.5, 0.5, 0, 1, 1, 0, 0, 4, 0.8, 5.0 / 6}});
  // a win, a draw, a timeout (both no winner: draws for everyone) and a win of seat X by spec 1; no decisions, no sites
  out.push_back({"draws and timeouts",
                 result({"a", "b"}, {"X", "O"},
                        {game({0, 1}, 1, true, 4, 2), game({1, 0}, 0, true, 6, 3), game({0, 1}, 0, false, 10, 5),
                         game({1, 0}, 1, true, 4, 2)}),
                 {{1, 2, 1, 0.25}, {1, 2, 1, 0.25}},
                 {{2, 2, 0, 0.5}, {0, 2, 2, 0.0}},
                 {6, 3, std::sqrt(1.5), 0.25, 0.5, 0.5, 0.25, 0.25, 0, 0, 0}});
  // three players: R and G tie (two bits), then B wins, then a draw
  out.push_back({"three players with a tie",
                 result({"a", "b", "c"}, {"R", "G", "B"},
                        {game({0, 1, 2}, 0b011, true, 3, 1, 3, 9, 3, 4, 2),
                         game({1, 2, 0}, 0b100, true, 3, 1, 3, 3, 0, 4, 4),
                         game({2, 0, 1}, 0, true, 3, 1, 3, 3, 0, 0, 0)}),
                 {{2, 1, 0, 2.0 / 3}, {1, 1, 1, 1.0 / 3}, {0, 1, 2, 0.0}},
                 {{1, 1, 1, 1.0 / 3}, {1, 1, 1, 1.0 / 3}, {1, 1, 1, 1.0 / 3}},
                 {3, 1, 0, 0.5 - 1.0 / 3, 1, 2.0 / 3, 1.0 / 3, 0, 15.0 / 9, 1.0 / 3, 0.5}});
  // one player: no winner is a loss (finished or cut), never a draw; no first-player advantage
  out.push_back({"one player",
                 result({"random"}, {"You"},
                        {game({0}, 1, true, 2, 2), game({0}, 0, true, 4, 4), game({0}, 0, false, 6, 6)}),
                 {{1, 0, 2, 1.0 / 3}},
                 {{1, 0, 2, 1.0 / 3}},
                 {4, 4, std::sqrt(8.0 / 3), 0, 1, 1.0 / 3, 0, 1.0 / 3, 0, 0, 0}});
  // no games: zeros everywhere (balance 1), no division by zero
  out.push_back({"no games", result({"mcts", "random"}, {"X", "O"}, {}), {{0, 0, 0, 0}, {0, 0, 0, 0}},
                 {{0, 0, 0, 0}, {0, 0, 0, 0}}, {0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0}});
  return out;
}

// the wins of seat 0 (spec 0) out of `games`, seat 1 winning the others
ArenaResult wins_of(int wins, int games) {
  ArenaResult r = result({"a", "b"}, {"X", "O"}, {});
  for (int i = 0; i < games; ++i) r.games.push_back(game({0, 1}, i < wins ? 1u : 2u));
  return r;
}

// whether the text has brackets and braces that pair up outside strings, and every string closed
bool balanced(const std::string& json) {
  std::string open;
  bool in_string = false;
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      open.push_back(c);
    } else if (c == '}' || c == ']') {
      if (open.empty() || open.back() != (c == '}' ? '{' : '[')) return false;
      open.pop_back();
    }
  }
  return !in_string && open.empty();
}

}  // namespace

TEST_CASE("ArenaReport: tallies and metrics", "[arena]") {
  for (const Row& row : rows()) {
    SECTION(row.name) {
      ArenaReport rep = report(row.result);
      CHECK(rep.games == row.result.games.size());
      {
        INFO("players");
        check_tallies(rep.players, row.players);
      }
      {
        INFO("seats");
        check_tallies(rep.seats, row.seats);
      }
      const Metrics& m = row.metrics;
      CHECK(rep.mean_plies == Approx(m.mean_plies));
      CHECK(rep.mean_turns == Approx(m.mean_turns));
      CHECK(rep.sd_turns == Approx(m.sd_turns).margin(1e-12));
      CHECK(rep.first_player_advantage == Approx(m.first_player_advantage).margin(1e-12));
      CHECK(rep.balance == Approx(m.balance));
      CHECK(rep.completion == Approx(m.completion).margin(1e-12));
      CHECK(rep.drawishness == Approx(m.drawishness).margin(1e-12));
      CHECK(rep.timeouts == Approx(m.timeouts).margin(1e-12));
      CHECK(rep.branching == Approx(m.branching).margin(1e-12));
      CHECK(rep.decisive == Approx(m.decisive).margin(1e-12));
      CHECK(rep.coverage == Approx(m.coverage).margin(1e-12));
      // neither form ever shows nan or inf, whatever the row
      std::string text = report_text(row.result, rep), json = report_json(row.result, rep);
      CHECK(text.find("nan") == std::string::npos);
      CHECK(text.find("inf") == std::string::npos);
      CHECK(json.find("nan") == std::string::npos);
      CHECK(json.find("inf") == std::string::npos);
      CHECK(balanced(json));
    }
  }
}

TEST_CASE("ArenaReport: Wilson score intervals", "[arena]") {
  struct Case {
    int wins, games;
    double low, high;  // to 3 decimals
  };
  const Case cases[] = {{8, 10, 0.490, 0.943}, {0, 10, 0.000, 0.278}, {10, 10, 0.722, 1.000}, {5, 10, 0.237, 0.763},
                        {1, 1, 0.207, 1.000},  {0, 1, 0.000, 0.793},  {4, 4, 0.510, 1.000}};
  for (const Case& c : cases) {
    INFO(c.wins << " of " << c.games);
    ArenaReport rep = report(wins_of(c.wins, c.games));
    REQUIRE(rep.seats.size() == 2);
    const Tally& t = rep.seats[0];
    CHECK(t.wins == uint64_t(c.wins));
    CHECK(t.losses == uint64_t(c.games - c.wins));
    CHECK(t.ci_low == Approx(c.low).margin(0.0005));
    CHECK(t.ci_high == Approx(c.high).margin(0.0005));
    // the spec in seat 0 is the same tally
    CHECK(rep.players[0].ci_low == t.ci_low);
    CHECK(rep.players[0].ci_high == t.ci_high);
  }
}

TEST_CASE("ArenaReport: the text for people", "[arena]") {
  ArenaResult r = result({"mcts:200", "random"}, {"X", "Noughts"},
                         {game({0, 1}, 1, true, 5, 3, 5, 20, 4, 9, 9), game({1, 0}, 2, true, 7, 4, 5, 20, 4, 9, 6),
                          game({0, 1}, 1, true, 5, 3, 5, 20, 4, 9, 9), game({1, 0}, 0, true, 7, 4, 5, 20, 4, 9, 6)},
                         3.21);
  CHECK(report_text(r, report(r)) ==
        "games: 4 (2 players; 3.2 s)\n"
        "player  spec      wins  draws  losses  win rate  95% CI\n"
        "1       mcts:200     3      1       0     0.750  [0.301, 0.954]\n"
        "2       random       0      1       3     0.000  [0.000, 0.490]\n"
        "seat     wins  draws  losses  win rate  95% CI\n"
        "X           2      1       1     0.500  [0.150, 0.850]\n"
        "Noughts     1      1       2     0.250  [0.046, 0.699]\n"
        "length: 6.0 plies, 3.5 turns (sd 0.5)\n"
        "first-player advantage: +0.125\n"
        "balance 0.750, completion 0.750, drawishness 0.250, timeouts 0.000\n"
        "branching factor 4.0, decisions with a choice 0.800, board coverage 0.833\n");

  // no games, one seat: the tables have headers only for what is missing, and nothing is nan
  ArenaResult empty = result({"random"}, {"You"}, {});
  CHECK(report_text(empty, report(empty)) ==
        "games: 0 (1 player; 0.0 s)\n"
        "player  spec    wins  draws  losses  win rate  95% CI\n"
        "1       random     0      0       0     0.000  [0.000, 0.000]\n"
        "seat  wins  draws  losses  win rate  95% CI\n"
        "You      0      0       0     0.000  [0.000, 0.000]\n"
        "length: 0.0 plies, 0.0 turns (sd 0.0)\n"
        "first-player advantage: +0.000\n"
        "balance 1.000, completion 0.000, drawishness 0.000, timeouts 0.000\n"
        "branching factor 0.0, decisions with a choice 0.000, board coverage 0.000\n");
}

TEST_CASE("ArenaReport: the json for tools", "[arena]") {
  ArenaResult r = result({"mcts:200", "random"}, {"Say \"hi\"", "O\\"},
                         {game({0, 1}, 1, true, 5, 3, 5, 20, 4, 9, 9), game({1, 0}, 0, false, 7, 4, 5, 20, 4, 9, 6)},
                         1.5);
  std::string json = report_json(r, report(r));
  INFO(json);
  CHECK(json.rfind("{\"games\": 2, \"seed\": 7, \"max_plies\": 500, \"seconds\": 1.5, \"players\": [", 0) == 0);
  CHECK(json.back() == '}');
  CHECK(json.find('\n') == std::string::npos);
  CHECK(balanced(json));
  CHECK(json.find("{\"spec\": \"mcts:200\", \"wins\": 1, \"draws\": 1, \"losses\": 0, \"win_rate\": 0.5, "
                  "\"ci95\": [") != std::string::npos);
  CHECK(json.find("{\"name\": \"Say \\\"hi\\\"\", \"wins\": 1,") != std::string::npos);
  CHECK(json.find("{\"name\": \"O\\\\\", ") != std::string::npos);
  CHECK(json.find("\"timeouts\": 0.5, \"branching\": 4, \"decisive\": 0.8, \"coverage\": 0.833333}") !=
        std::string::npos);
  // the keys in their order
  const char* keys[] = {"\"games\"",      "\"seed\"", "\"max_plies\"", "\"seconds\"",   "\"players\"",    "\"seats\"",
                        "\"mean_plies\"", "\"mean_turns\"", "\"sd_turns\"",  "\"first_player_advantage\"",
                        "\"balance\"",    "\"completion\"", "\"drawishness\"", "\"timeouts\"",
                        "\"branching\"",  "\"decisive\"",   "\"coverage\""};
  size_t at = 0;
  for (const char* key : keys) {
    INFO(key);
    size_t found = json.find(key, at);
    CHECK(found != std::string::npos);
    if (found != std::string::npos) at = found;
  }

  // no games: every number is written, as 0 (balance 1), never nan
  ArenaResult empty = result({"a"}, {"A", "B"}, {});
  CHECK(report_json(empty, report(empty)) ==
        "{\"games\": 0, \"seed\": 7, \"max_plies\": 500, \"seconds\": 0, \"players\": [{\"spec\": \"a\", \"wins\": 0, \"draws\": 0, \"losses\": 0, "
        "\"win_rate\": 0, \"ci95\": [0, 0]}], \"seats\": [{\"name\": \"A\", \"wins\": 0, \"draws\": 0, \"losses\": 0, "
        "\"win_rate\": 0, \"ci95\": [0, 0]}, {\"name\": \"B\", \"wins\": 0, \"draws\": 0, \"losses\": 0, "
        "\"win_rate\": 0, \"ci95\": [0, 0]}], \"mean_plies\": 0, \"mean_turns\": 0, \"sd_turns\": 0, "
        "\"first_player_advantage\": 0, \"balance\": 1, \"completion\": 0, \"drawishness\": 0, \"timeouts\": 0, "
        "\"branching\": 0, \"decisive\": 0, \"coverage\": 0}");

  // a report made by hand with nan and infinities still writes numbers
  ArenaReport odd = report(empty);
  odd.mean_plies = std::nan("");
  odd.branching = std::numeric_limits<double>::infinity();
  std::string odd_json = report_json(empty, odd);
  CHECK(odd_json.find("\"mean_plies\": 0,") != std::string::npos);
  CHECK(odd_json.find("\"branching\": 0,") != std::string::npos);
}
