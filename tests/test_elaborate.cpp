// The elaborator on its own: a rule file loaded, checked and elaborated (no compiler, no runtime), and the tables it
// builds (relations, regions, lines, tracks, chance distributions, pieces, the start position) or the problems it
// reports. One row per case.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "check/checker.hpp"
#include "elaborate/elaborate.hpp"
#include "syntax/document.hpp"

using namespace ri;

namespace {

const std::string kTail = "moves: {go: {}}\nturn: [{choose: all}]\nend: [{when: 'false', result: draw}]\n";

struct Elaborated {
  Checked checked;
  Diagnostics diags;
  bool checked_ok = false, elaborated_ok = false;
};

// Loads, checks and elaborates `text` (the elaborator runs even when the checker reported problems).
std::unique_ptr<Elaborated> elaborate_text(const std::string& text) {
  auto out = std::make_unique<Elaborated>();
  SourceFiles files{std::make_shared<SourceFile>("test.rules", text)};
  Document doc;
  REQUIRE(load_document(files[0], doc, out->diags));
  out->checked_ok = check(doc, {}, files, out->checked, out->diags);
  out->elaborated_ok = elaborate(out->checked, out->diags);
  return out;
}

// The site names of list `l` of the model.
std::vector<std::string> names(const Model& P, int l) {
  std::vector<std::string> out;
  for (int32_t s : P.lists.at(static_cast<size_t>(l))) out.push_back(P.site_names.at(static_cast<size_t>(s)));
  return out;
}

int site(const Model& P, const std::string& name) {
  for (int s = 0; s < P.nsites(); ++s)
    if (P.site_names[static_cast<size_t>(s)] == name) return s;
  FAIL("no site " << name);
  return -1;
}

int index(const std::vector<std::string>& names, const std::string& name) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<int>(i);
  FAIL("no " << name);
  return -1;
}

using Sites = std::vector<std::string>;

}  // namespace

TEST_CASE("elaborate: the neighbours of a site along a relation", "[elaborate]") {
  struct Row {
    const char* topology;
    const char* relation;
    const char* from;
    Sites to;
  };
  const Row rows[] = {
      {"{grids: [{width: 3, height: 2}]}", "east", "a1", {"b1"}},
      {"{grids: [{width: 3, height: 2}]}", "east", "c1", {}},
      {"{grids: [{width: 3, height: 2}]}", "north", "b1", {"b2"}},
      {"{grids: [{width: 3, height: 2}]}", "southwest", "b2", {"a1"}},
      {"{grids: [{width: 3, height: 2, diagonals: false}]}", "south", "a2", {"a1"}},
      {"{sites: [x, y, z], relations: {r: [[x, y], [x, z]]}}", "r", "x", {"y", "z"}},
      {"{sites: [x, y, z], relations: {r: [[x, y], [x, z]]}}", "r", "y", {"x"}},
      {"{sites: [x, y, z], relations: {r: {symmetric: false, edges: [[x, y]]}}}", "r", "y", {}},
      // a grid's relation before later sites exist: those link to none
      {"{grids: [{width: 2, height: 1}], sites: [x]}", "east", "x", {}},
  };
  for (const Row& r : rows) {
    INFO(r.topology << " " << r.relation << "(" << r.from << ")");
    auto e = elaborate_text(std::string("game: {name: T}\nplayers: [A]\ntopology: ") + r.topology + "\n" + kTail);
    INFO(e->diags.format());
    REQUIRE(e->elaborated_ok);
    const Model& P = e->checked.model;
    int rel = index(P.relation_names, r.relation);
    CHECK(names(P, P.relation_lists.at(static_cast<size_t>(rel)).at(static_cast<size_t>(site(P, r.from)))) == r.to);
  }
}

TEST_CASE("elaborate: regions, tracks, lines and the built-in lists", "[elaborate]") {
  auto e = elaborate_text(
      "game: {name: T}\nplayers: [A, B]\n"
      "topology:\n"
      "  grids: [{width: 3, height: 3}]\n"
      "  regions: {corners: [a1, c1, a3, c3]}\n"
      "  lines: {threes: {along: [east, north], length: 3}, diagonal: [[a1, b2, c3]]}\n"
      "  tracks: {path: {B: [c3, b3], A: [a1, b1, c1]}}\n" +
      kTail);
  INFO(e->diags.format());
  REQUIRE(e->elaborated_ok);
  const Model& P = e->checked.model;
  CHECK(names(P, P.region_lists.at(0)) == Sites{"a1", "c1", "a3", "c3"});
  CHECK(names(P, P.track_lists.at(0).at(0)) == Sites{"a1", "b1", "c1"});
  CHECK(names(P, P.track_lists.at(0).at(1)) == Sites{"c3", "b3"});
  CHECK(P.lists.at(static_cast<size_t>(P.players_list)) == std::vector<int32_t>{0, 1});
  CHECK(P.lists.at(static_cast<size_t>(P.sites_list)).size() == 9);
  // the derived family: the three rows along east, then the three columns along north
  int threes = index(P.family_names, "threes");
  const std::vector<int32_t>& lines = P.lists.at(static_cast<size_t>(P.family_lists.at(static_cast<size_t>(threes))));
  REQUIRE(lines.size() == 6);
  CHECK(names(P, P.line_sites.at(static_cast<size_t>(lines[0]))) == Sites{"a1", "b1", "c1"});
  CHECK(names(P, P.line_sites.at(static_cast<size_t>(lines[3]))) == Sites{"a1", "a2", "a3"});
  // the lines through b2: the middle row and the middle column of 'threes'; the one line of 'diagonal'
  CHECK(P.lists.at(static_cast<size_t>(P.through_lists.at(static_cast<size_t>(threes)).at(static_cast<size_t>(site(P, "b2")))))
            .size() == 2);
  int diagonal = index(P.family_names, "diagonal");
  CHECK(P.lists.at(static_cast<size_t>(P.family_lists.at(static_cast<size_t>(diagonal)))).size() == 1);
}

TEST_CASE("elaborate: a named grid's region holds its sites in the order of 'sites', before the file's regions", "[elaborate]") {
  struct Row {
    const char* topology;
    std::vector<Sites> regions;  // region_lists, in order
  };
  const Row rows[] = {
      {"{grids: [{width: 3, height: 2, name: board}]}", {{"a1", "b1", "c1", "a2", "b2", "c2"}}},
      {"{grids: [{width: 2, height: 2, names: '{i}', name: cells}]}", {{"2", "3", "0", "1"}}},
      {"{sites: [x], grids: [{width: 1, height: 2}, {width: 2, height: 1, names: 'g{x}', name: second}], regions: {r: [x]}}",
       {{"g1", "g2"}, {"x"}}},
      {"{grids: [{width: 1, height: 1, name: one}, {width: 2, height: 1, names: 'h{x}', name: two}]}", {{"a1"}, {"h1", "h2"}}},
  };
  for (const Row& r : rows) {
    INFO(r.topology);
    auto e = elaborate_text(std::string("game: {name: T}\nplayers: [A]\ntopology: ") + r.topology + "\n" + kTail);
    INFO(e->diags.format());
    REQUIRE(e->elaborated_ok);
    const Model& P = e->checked.model;
    REQUIRE(P.region_lists.size() == r.regions.size());
    for (size_t i = 0; i < r.regions.size(); ++i) CHECK(names(P, P.region_lists[i]) == r.regions[i]);
  }
}

TEST_CASE("elaborate: the outcomes and weights of chance events", "[elaborate]") {
  struct Row {
    const char* chance;
    std::vector<int64_t> values;
    std::vector<uint64_t> weights;
    uint64_t total;
  };
  const Row rows[] = {
      {"{dice: {count: 2, faces: [1, 2, 3]}}", {2, 3, 4, 5, 6}, {1, 2, 3, 2, 1}, 9},
      {"{dice: {count: 4, faces: [0, 1]}}", {0, 1, 2, 3, 4}, {1, 4, 6, 4, 1}, 16},
      {"{dice: {count: 1, faces: [3, 3, -1]}}", {-1, 3}, {1, 2}, 3},
      {"{outcomes: {1: 3, -2: 1}}", {1, -2}, {3, 1}, 4},
  };
  for (const Row& r : rows) {
    INFO(r.chance);
    auto e = elaborate_text(std::string("game: {name: T}\nplayers: [A]\nchance: {roll: ") + r.chance + "}\n" + kTail);
    INFO(e->diags.format());
    REQUIRE(e->elaborated_ok);
    const ChanceInfo& c = e->checked.model.chance.at(0);
    CHECK(c.values == r.values);
    CHECK(c.weights == r.weights);
    CHECK(c.total == r.total);
  }
}

TEST_CASE("elaborate: the pieces and the start position", "[elaborate]") {
  auto e = elaborate_text(
      "game: {name: T}\nplayers: [A, B]\ntopology: {sites: [x, y]}\nzones: {hand: {per_player: true}}\n"
      "pieces: {man: {per_player: 2}, king: {per_player: 1, at: hand}}\n"
      "start: {board: {x: {man: A}, y: [{man: B}, {man: B}]}}\n" +
      kTail);
  INFO(e->diags.format());
  REQUIRE(e->elaborated_ok);
  const Model& P = e->checked.model;
  // kind by kind, player by player: the men of A, of B (off the board), then A's king and B's, in their hands
  REQUIRE(P.pieces.size() == 6);
  CHECK(P.pieces[0].owner == 0);
  CHECK(P.pieces[2].owner == 1);
  CHECK(P.pieces[3].site == -1);
  CHECK(P.site_names.at(static_cast<size_t>(P.pieces[5].site)) == "hand[B]");
  CHECK(P.max_stack == 6);
  // the kings at their 'at', then the board: A's first man on x, B's two men on y
  struct Place {
    int piece;
    const char* site;
  };
  const Place places[] = {{4, "hand[A]"}, {5, "hand[B]"}, {0, "x"}, {2, "y"}, {3, "y"}};
  REQUIRE(P.start.places.size() == 5);
  for (size_t i = 0; i < 5; ++i) {
    CHECK(P.start.places[i].piece == places[i].piece);
    CHECK(P.site_names.at(static_cast<size_t>(P.start.places[i].site)) == places[i].site);
  }
}

TEST_CASE("elaborate: what it rejects, reported with the checker's problems", "[elaborate]") {
  struct Row {
    const char* part;
    const char* message;  // a part of the elaborator's diagnostic
  };
  std::string many_outcomes = "chance: {roll: {outcomes: {";
  for (int v = 1; v <= 1025; ++v) many_outcomes += std::to_string(v) + ": 1" + (v < 1025 ? ", " : "}}}\n");
  const Row rows[] = {
      {"chance: {roll: {dice: {count: 16, faces: [0, 1000000]}}}\n", "have too many possible sums (16000001)"},
      {"chance: {roll: {dice: {count: 16, faces: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, "
       "19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, "
       "47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]}}}\n",
       "more than 2^64 equally likely throws"},
      {"chance: {roll: {outcomes: {1: 9223372036854775807, 2: 9223372036854775807, 3: 9223372036854775807}}}\n",
       "the weights of chance 'roll' add up to more than 2^64"},
      {many_outcomes.c_str(), "chance 'roll' has 1025 outcomes; at most 1024"},
      {"pieces: {man: {per_player: 3000}}\n", "at most 4096 pieces are supported"},
      {"start: {board: {w: {man: A}}}\npieces: {man: {per_player: 1}}\n", "undeclared site 'w'"},
  };
  for (const Row& r : rows) {
    INFO(r.part);
    // the checker's problem (an undeclared name in the end) is reported too
    auto e = elaborate_text(std::string("game: {name: T}\nplayers: [A, B]\ntopology: {sites: [x, y]}\n") + r.part +
                            "moves: {go: {}}\nturn: [{choose: all}]\nend: [{when: 'nope', result: draw}]\n");
    std::string all = e->diags.format();
    INFO(all);
    CHECK_FALSE(e->checked_ok);
    CHECK_FALSE(e->elaborated_ok);
    CHECK(all.find(r.message) != std::string::npos);
    CHECK(all.find("undeclared name 'nope'") != std::string::npos);
  }
}
