// How the random games of `check --playouts` went (spec/cli.md, check, "All held"): what the playouts tally
// (PlayoutTally) and the warnings drawn from it (playout_warnings). Each row is a small game and what must come out.
// (Which requirements reject candidates, Game::record_rejections, is the runtime's: test_runtime.cpp.)
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "analysis/invariant_playouts.hpp"
#include "analysis/playout_tally.hpp"
#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"
#include "support.hpp"

using namespace ri;
using ri::testing::compile_file;
using ri::testing::compile_text;

namespace {

// The warnings as "LINE:COL: MESSAGE" (the line 0 without a position: "MESSAGE"), in the order reported.
std::vector<std::string> texts(const Diagnostics& d) {
  std::vector<std::string> out;
  for (const Diagnostic& w : d.all())
    out.push_back(w.pos.line ? std::to_string(w.pos.line) + ":" + std::to_string(w.pos.col) + ": " + w.message
                             : w.message);
  return out;
}

// The playouts of `check --playouts N --seed 1` (nothing may fail) and their tally.
PlayoutTally played(const std::shared_ptr<const Program>& prog, uint64_t n) {
  PlayoutCheck opts;
  opts.playouts = n;
  opts.seed = 1;
  PlayoutCheckResult r = check_playouts(prog, opts);
  REQUIRE(r.failed_playout == 0);
  return r.tally;
}

}  // namespace

TEST_CASE("PlayoutTally: a game of three moves that A always wins", "[tally]") {
  // add is legal at every position and jump at none; the third add ends the game, won by A
  auto prog = compile_text(
      "game: {name: Count}\nplayers: [A, B]\ntopology: {sites: [x]}\nvariables: {n: 0}\n"
      "moves:\n  add: {effects: [set n = n + 1]}\n  jump: {requires: [{check: n > 99, error: TooSoon}]}\n"
      "turn: [{choose: all}]\nend: [{when: n >= 3, result: win(A)}]\n");
  PlayoutTally t = played(prog, 7);
  CHECK(t.playouts == 7);
  CHECK(t.unfinished == 0);
  CHECK(t.plies == 21);
  CHECK(t.min_plies == 3);
  CHECK(t.max_plies == 3);
  REQUIRE(t.results.size() == 1);
  CHECK(t.results[0].winners == 1);
  CHECK(t.results[0].count == 7);
  CHECK(t.wins(0) == 7);
  CHECK(t.wins(1) == 0);
  CHECK(t.played == std::vector<uint64_t>{21, 0});
  CHECK(t.legal == std::vector<uint64_t>{21, 0});
  CHECK(t.moves() == 21);
  CHECK(t.chance == 0);
  CHECK(t.rejected == std::vector<std::vector<uint8_t>>{{}, {1}});
  CHECK(mean_plies_tenths(t) == 30);
}

TEST_CASE("PlayoutTally: results by winners, plies unfinished, means rounded half up", "[tally]") {
  PlayoutTally t;
  t.add_playout(4, true, 2);
  t.add_playout(1, true, 3);  // a tie of A and B
  t.add_playout(10, false, 0);
  t.add_playout(0, true, 0);  // a draw
  t.add_playout(4, true, 2);
  CHECK(t.playouts == 5);
  CHECK(t.unfinished == 1);
  CHECK(t.plies == 19);
  CHECK(t.min_plies == 0);
  CHECK(t.max_plies == 10);
  REQUIRE(t.results.size() == 3);  // sorted by winners
  CHECK(t.results[0].winners == 0);
  CHECK(t.results[0].count == 1);
  CHECK(t.results[1].winners == 2);
  CHECK(t.results[1].count == 2);
  CHECK(t.results[2].winners == 3);
  CHECK(t.wins(0) == 1);
  CHECK(t.wins(1) == 3);
  CHECK(mean_plies_tenths(t) == 38);  // 3.8
  PlayoutTally half;
  half.add_playout(1, true, 0);
  half.add_playout(0, true, 0);
  half.add_playout(0, true, 0);
  half.add_playout(0, true, 0);
  CHECK(mean_plies_tenths(half) == 3);  // 0.25 -> 0.3
}

TEST_CASE("playout_warnings: moves never played, players who never win", "[tally]") {
  // line 5 declares add, line 6 jump
  const std::string count =
      "game: {name: Count}\nplayers: [A, B]\ntopology: {sites: [x]}\nvariables: {n: 0}\nmoves:\n"
      "  add: {effects: [set n = n + 1]}\n"
      "  jump: {requires: [{check: n > 99, error: TooSoon}, n > 0]}\n";
  struct Row {
    const char* what;
    std::string rules;
    uint64_t playouts;
    std::vector<std::string> warnings;
  };
  const std::vector<Row> rows = {
      {"a move never legal, with the requirements that rejected it; A wins all 20: B never won", count +
       "turn: [{choose: all}]\nend: [{when: n >= 3, result: win(A)}]\n", 20,
       {"7:3: move 'jump' was never played in 20 playouts: it was never legal, its candidates failing TooSoon",
        "player 'B' never won in 20 playouts (20 had a winner)"}},
      {"19 games with a winner are too few to judge 2 players", count +
       "turn: [{choose: all}]\nend: [{when: n >= 3, result: win(A)}]\n", 19,
       {"7:3: move 'jump' was never played in 19 playouts: it was never legal, its candidates failing TooSoon"}},
      {"draws: nobody wins, nobody is warned", count + "turn: [{choose: all}]\nend: [{when: n >= 3, result: draw}]\n",
       40, {"7:3: move 'jump' was never played in 40 playouts: it was never legal, its candidates failing TooSoon"}},
      {"a tie is a win of each", count + "turn: [{choose: all}]\nend: [{each: p, when: n >= 3, result: rank(1)}]\n", 20,
       {"7:3: move 'jump' was never played in 20 playouts: it was never legal, its candidates failing TooSoon"}},
      {"a move no step offers has its own warning, not this one", count +
       "turn: [{choose: [add]}]\nend: [{when: n >= 3, result: draw}]\n", 20, {}},
      {"a move with no candidate at all",
       "game: {name: Count}\nplayers: [A, B]\ntopology: {sites: [x]}\nvariables: {n: 0}\nmoves:\n"
       "  add: {effects: [set n = n + 1]}\n"
       "  take: {params: {s: 'site in filter(t in sites : n > 99)'}}\n"
       "turn: [{choose: all}]\nend: [{when: n >= 3, result: draw}]\n",
       20, {"7:3: move 'take' was never played in 20 playouts: it was never legal"}},
      {"a move legal at a position but never drawn (1 in 1001 at the only one, seed 1)",
       "game: {name: Pick}\nplayers: [A, B]\ntopology: {sites: [x]}\nvariables: {n: 0}\nmoves:\n"
       "  pick: {params: {k: int in 0..999}, effects: [set n = 1]}\n"
       "  rare: {effects: [set n = 1]}\n"
       "turn: [{choose: all}]\nend: [{when: n >= 1, result: draw}]\n",
       1, {"7:3: move 'rare' was never played in 1 playout, though legal at 1 position"}},
      {"both players win sometimes",
       "game: {name: Coin}\nplayers: [A, B]\ntopology: {sites: [x]}\nvariables: {n: 0}\n"
       "chance: {coin: {outcomes: {0: 1, 1: 1}}}\nmoves:\n  add: {effects: [set n = n + 1]}\n"
       "turn: [{roll: coin}, {choose: all}]\nend: [{when: n >= 1, result: 'win(players[coin])'}]\n",
       40, {}},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      auto prog = compile_text(row.rules);
      Diagnostics d;
      playout_warnings(*prog, played(prog, row.playouts), nullptr, d);
      CHECK(texts(d) == row.warnings);
      CHECK(d.warnings() == row.warnings.size());
    }
  }
}

TEST_CASE("playout_warnings: a variant's games far shorter than its base's", "[tally]") {
  struct Row {
    const char* what;
    const char* variant;
    const char* base;
    uint64_t playouts;
    std::vector<std::string> warnings;
  };
  const std::vector<Row> rows = {
      {"Dice of Doom that forgets the dice captured: nobody can pass", "tests/cli/dod-half-losses-broken.rules",
       "rules/dice-of-doom.rules", 20,
       {"70:3: move 'pass' was never played in 20 playouts: it was never legal, its candidates failing AttackFirst",
        "7:10: the games end far sooner than the base's (" RULEINTERP_SOURCE_DIR
        "/rules/dice-of-doom.rules): 1.7 moves a playout against 9.2, in 20 playouts with the same seeds"}},
      {"9 playouts are too few to compare", "tests/cli/dod-half-losses-broken.rules", "rules/dice-of-doom.rules", 9,
       {"70:3: move 'pass' was never played in 9 playouts: it was never legal, its candidates failing AttackFirst"}},
      {"Nine Men's Morris plays longer games than Morabaraba", "rules/nine-mens-morris.rules",
       "rules/morabaraba.rules", 20, {}},
      {"a base's games shorter than the variant's", "rules/variants/tic-tac-toe-4x4.rules", "rules/tic-tac-toe.rules",
       20, {}},
      {"a rule file that extends none is not compared", "rules/dice-of-doom.rules",
       "tests/cli/dod-half-losses-broken.rules", 20, {}},
  };
  for (const Row& row : rows) {
    SECTION(row.what) {
      auto variant = compile_file(row.variant);
      auto base = compile_file(row.base);
      PlayoutTally based = played(base, row.playouts);
      Diagnostics d;
      playout_warnings(*variant, played(variant, row.playouts), &based, d);
      CHECK(texts(d) == row.warnings);
    }
  }
}

TEST_CASE("PlayoutTally: the playouts of check --playouts on threads tally what one thread tallies", "[tally]") {
  // dice of doom: results of several kinds (ties), requirements that reject candidates, plies that vary
  auto prog = compile_file("rules/dice-of-doom.rules", {{"num_players", 3}});
  PlayoutCheck opts;
  opts.playouts = 40;
  opts.seed = 5;
  PlayoutCheckResult one = check_playouts(prog, opts);
  REQUIRE(one.failed_playout == 0);
  for (int threads : {2, 3, 64}) {
    INFO(threads << " threads");
    opts.threads = threads;
    PlayoutCheckResult r = check_playouts(prog, opts);
    REQUIRE(r.failed_playout == 0);
    CHECK(r.actions == one.actions);
    CHECK(r.unfinished == one.unfinished);
    const PlayoutTally &a = r.tally, &b = one.tally;
    CHECK(a.playouts == b.playouts);
    CHECK(a.plies == b.plies);
    CHECK(a.min_plies == b.min_plies);
    CHECK(a.max_plies == b.max_plies);
    REQUIRE(a.results.size() == b.results.size());
    for (size_t i = 0; i < a.results.size(); ++i) {
      CHECK(a.results[i].winners == b.results[i].winners);
      CHECK(a.results[i].count == b.results[i].count);
    }
    CHECK(a.played == b.played);
    CHECK(a.legal == b.legal);
    CHECK(a.chance == b.chance);
    CHECK(a.rejected == b.rejected);
    CHECK(a.moves() == b.moves());
  }
}
