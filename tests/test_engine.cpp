// The runtime through the Royal Game of Ur rule file: the handout's questions Q1-Q6 as table rows.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "support.hpp"
#include "runtime/engine.hpp"

using namespace ri;

namespace {

std::shared_ptr<const Program> ur() {
  static std::shared_ptr<const Program> p = testing::compile_file("rules/ur.rules");
  return p;
}

int site(const Program& P, const std::string& name) {
  auto it = std::find(P.site_names.begin(), P.site_names.end(), name);
  REQUIRE(it != P.site_names.end());
  return static_cast<int>(it - P.site_names.begin());
}

int player(const Program& P, const std::string& name) {
  return static_cast<int>(std::find(P.players.begin(), P.players.end(), name) - P.players.begin());
}

// Puts the listed pieces of each player on the board (the rest stay at Start), with `mover` to roll.
void position(Game& g, const std::vector<std::string>& red, const std::vector<std::string>& green,
              const std::string& mover = "Red") {
  g.reset();
  const Program& P = g.prog();
  Machine& M = g.machine();
  for (auto [who, list] : {std::pair{0, red}, std::pair{1, green}}) {
    size_t k = 0;
    for (size_t pc = 0; pc < P.pieces.size() && k < list.size(); ++pc)
      if (P.pieces[pc].owner == who) M.place(static_cast<int>(pc), site(P, list[k++]));
  }
  M.state().player = player(P, mover);
  M.clear_journal();
}

// Rolls `value` at the chance node.
void roll(Game& g, int value) {
  REQUIRE(g.node() == Game::NodeKind::Chance);
  auto r = g.read(std::to_string(value));
  REQUIRE(r.ok);
  g.apply(r.move);
}

std::vector<std::string> moves(Game& g) {
  MoveList ml;
  g.legal(ml);
  std::vector<std::string> out;
  for (auto& m : ml) out.push_back(g.write(m));
  return out;
}

int count_at(Game& g, const std::string& s, const std::string& who) {
  const Program& P = g.prog();
  const State& S = g.state();
  int n = 0, si = site(P, s), pi = player(P, who);
  for (size_t pc = 0; pc < S.site.size(); ++pc) n += S.site[pc] == si && S.owner[pc] == pi;
  return n;
}

}  // namespace

TEST_CASE("Ur Q3: the initial state has every piece at Start and Red to roll") {
  Game g(ur());
  CHECK(g.node() == Game::NodeKind::Chance);
  CHECK(g.prog().players[g.player()] == "Red");
  CHECK(count_at(g, "start[Red]", "Red") == 7);
  CHECK(count_at(g, "start[Green]", "Green") == 7);
  CHECK(count_at(g, "home[Red]", "Red") == 0);
}

TEST_CASE("Ur: the roll is four coins, 0-4 with weights 1, 4, 6, 4, 1") {
  const ChanceInfo& c = ur()->chance.at(0);
  CHECK(c.values == std::vector<int64_t>{0, 1, 2, 3, 4});
  CHECK(c.weights == std::vector<uint64_t>{1, 4, 6, 4, 1});
  CHECK(c.total == 16);
}

TEST_CASE("Ur Q4: possible moves for a state and a roll") {
  struct Row {
    std::vector<std::string> red, green;
    int roll;
    std::vector<std::string> expected;  // Red's moves, in generation order (along Red's track)
  };
  const std::vector<Row> table = {
      {{}, {}, 0, {}},                                   // a roll of 0 never moves: Red passes
      {{}, {}, 1, {"Start-R1"}},                         // identical pieces at Start: one move
      {{}, {}, 4, {"Start-R4"}},
      {{"R2"}, {}, 2, {"R2-R4"}},                        // Start-R2 would land on an own piece
      {{"R1", "R3"}, {}, 2, {"Start-R2", "R3-S5"}},      // R1-R3 would land on an own piece
      {{"R13"}, {}, 1, {"Start-R1", "R13-R14"}},
      {{"R13"}, {}, 2, {"Start-R2", "R13-Home"}},        // beyond Home is Home
      {{"R13"}, {}, 4, {"Start-R4", "R13-Home"}},
      {{"S5"}, {"S8"}, 3, {"Start-R3"}},                 // the shared rosette held by Green
      {{"S5"}, {"S7"}, 2, {"Start-R2", "S5-S7"}},        // capture on a shared square
      {{"R4", "S6"}, {}, 2, {"Start-R2", "S6-S8"}},      // R4-S6 would land on an own piece
      {{"R14", "R13"}, {}, 1, {"Start-R1", "R14-Home"}}, // R13-R14 would land on an own piece
      {{"R1", "R2", "R3", "R4", "S5", "S6", "S7"}, {}, 1, {"S7-S8"}},  // nothing left at Start
  };
  for (size_t i = 0; i < table.size(); ++i) {
    const Row& r = table[i];
    Game g(ur());
    position(g, r.red, r.green);
    roll(g, r.roll);
    INFO("row " << i);
    if (r.expected.empty()) {
      CHECK(g.node() == Game::NodeKind::Chance);  // passed automatically: Green rolls
      CHECK(g.prog().players[g.player()] == "Green");
    } else {
      CHECK(g.prog().players[g.player()] == "Red");
      CHECK(moves(g) == r.expected);
    }
  }
}

TEST_CASE("Ur: an illegal move reports the rule's error code and changes nothing") {
  struct Row {
    std::vector<std::string> red, green;
    int roll;
    std::string move, code;
  };
  const std::vector<Row> table = {
      {{"R2"}, {}, 2, "Start-R2", "OwnPieceThere"},
      {{}, {}, 2, "R3-S5", "NoPieceThere"},
      {{"S5"}, {"S8"}, 3, "S5-S8", "SharedRosetteTaken"},
      {{"R1"}, {}, 1, "R1-R3", ""},  // not a move of this roll: unknown notation
  };
  for (size_t i = 0; i < table.size(); ++i) {
    const Row& r = table[i];
    Game g(ur());
    position(g, r.red, r.green);
    roll(g, r.roll);
    uint64_t before = g.hash();
    auto reading = g.read(r.move);
    INFO("row " << i << ": " << reading.message);
    CHECK_FALSE(reading.ok);
    CHECK(reading.code == r.code);
    CHECK(g.hash() == before);
  }
}

TEST_CASE("Ur Q5: the state after a move") {
  SECTION("a capture on a shared square sends the piece back to Start") {
    Game g(ur());
    position(g, {"S5"}, {"S7", "G2"});
    roll(g, 2);
    auto r = g.read("S5-S7");
    REQUIRE(r.ok);
    g.apply(r.move);
    CHECK(count_at(g, "S7", "Red") == 1);
    CHECK(count_at(g, "S7", "Green") == 0);
    CHECK(count_at(g, "start[Green]", "Green") == 6);
    CHECK(g.prog().players[g.player()] == "Green");
  }
  SECTION("landing on a rosette gives another roll") {
    Game g(ur());
    position(g, {}, {});
    roll(g, 4);
    g.apply(g.read("Start-R4").move);
    CHECK(g.node() == Game::NodeKind::Chance);
    CHECK(g.prog().players[g.player()] == "Red");
  }
  SECTION("a move beyond Home is a move to Home") {
    Game g(ur());
    position(g, {"R13"}, {});
    roll(g, 4);
    g.apply(g.read("R13-Home").move);
    CHECK(count_at(g, "home[Red]", "Red") == 1);
  }
  SECTION("undo restores the state exactly") {
    Game g(ur());
    position(g, {"S5"}, {"S7"});
    roll(g, 2);
    uint64_t before = g.hash();
    size_t mark = g.apply(g.read("S5-S7").move);
    CHECK(g.hash() != before);
    g.undo(mark);
    CHECK(g.hash() == before);
    CHECK(count_at(g, "S7", "Green") == 1);
  }
}

TEST_CASE("Ur Q6: the game is over when a player has all seven pieces Home") {
  Game g(ur());
  position(g, {"home[Red]", "home[Red]", "home[Red]", "home[Red]", "home[Red]", "home[Red]", "R14"}, {"S6"});
  CHECK(g.result_text() == "not over");
  roll(g, 1);
  g.apply(g.read("R14-Home").move);
  CHECK(g.node() == Game::NodeKind::Over);
  CHECK(g.result_text() == "Red wins");
}
