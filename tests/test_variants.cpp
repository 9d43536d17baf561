// Variant rule files (`extends`, `remove`): the merge, section by section, and the positions of what goes
// wrong, in the file where it is written. Each test writes its rule files to a fresh temporary directory.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"
#include "syntax/variants.hpp"

using namespace ri;
namespace fs = std::filesystem;

namespace {

using Files = std::vector<std::pair<std::string, std::string>>;  // name -> text; names may contain '/'

// A directory of rule files, removed when the test ends.
class Dir {
 public:
  explicit Dir(const Files& files) {
    std::random_device rd;
    root_ = fs::temp_directory_path() / ("ruleinterp-variants-" + std::to_string(rd()) + std::to_string(rd()));
    for (auto& [name, text] : files) {
      fs::create_directories((root_ / name).parent_path());
      std::ofstream(root_ / name, std::ios::binary) << text;
    }
  }
  ~Dir() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  Dir(const Dir&) = delete;
  Dir& operator=(const Dir&) = delete;

  std::string path(const std::string& name) const { return (root_ / name).string(); }

 private:
  fs::path root_;
};

// base.rules and v.rules (`extends: base.rules` then `variant`) in a fresh directory: v.rules read into `doc` with
// load_variant (the files it read in `files`) ...
bool read_variant(const std::string& base, const std::string& variant, Document& doc, SourceFiles& files,
                  Diagnostics& d) {
  Dir dir(Files{{"base.rules", base}, {"v.rules", "extends: base.rules\n" + variant}});
  std::ifstream in(dir.path("v.rules"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return load_variant(std::make_shared<SourceFile>(dir.path("v.rules"), text), doc, files, d);
}

// ... or loaded as a program with load_rules.
std::shared_ptr<const Program> load_variant_rules(const std::string& base, const std::string& variant, Diagnostics& d) {
  Dir dir(Files{{"base.rules", base}, {"v.rules", "extends: base.rules\n" + variant}});
  return load_rules(dir.path("v.rules"), d);
}

// The variant (extending `base`) read, and its merged document checked by `check`.
void check_merged(const std::string& base, const char* what, const std::string& variant,
                  const std::function<void(const Document&)>& check) {
  INFO(what);
  Diagnostics d;
  Document doc;
  SourceFiles files;
  bool ok = read_variant(base, variant, doc, files, d);
  INFO(d.format());
  REQUIRE(ok);
  check(doc);
}

// Every line is numbered in the comments, for the positions the tests expect.
const char* kBase =
    "game: {name: Base, description: the base game}\n"  // 1
    "players: [A, B]\n"                                 // 2
    "topology:\n"                                       // 3
    "  sites: [a, b, c]\n"                              // 4
    "  relations:\n"                                    // 5
    "    line: [[a, b], [b, c]]\n"                      // 6
    "    diagonal: [[a, c]]\n"                          // 7
    "  regions:\n"                                      // 8
    "    ends: [a, c]\n"                                // 9
    "pieces:\n"                                         // 10
    "  stone: {per_player: 1, at: a}\n"                 // 11
    "variables:\n"                                      // 12
    "  moved: 0\n"                                      // 13
    "functions:\n"                                      // 14
    "  limit() -> int: \"1\"\n"                         // 15
    "  is_end(site s): \"s in ends\"\n"                 // 16
    "moves:\n"                                          // 17
    "  go:\n"                                           // 18
    "    params: {to: site in ends}\n"                  // 19
    "    requires: [\"size(to) < limit()\"]\n"          // 20
    "    effects: [\"move(top(a), to)\"]\n"             // 21
    "  wait: {}\n"                                      // 22
    "  boom:\n"                                         // 23
    "    effects: [\"set moved = 10000000000\"]\n"      // 24
    "turn: [{choose: all}]\n"                           // 25
    "end:\n"                                            // 26
    "  - when: moved > 0\n"                             // 27
    "    result: draw\n"                                // 28
    "display: \"{moved}\"\n";                           // 29

template <class T>
std::vector<std::string> names(const std::vector<T>& list) {
  std::vector<std::string> out;
  for (auto& e : list) out.push_back(e.name.s);
  return out;
}

std::vector<std::string> paths(const Document& d) {
  std::vector<std::string> out;
  for (auto& t : d.sections) out.push_back(t.s);
  return out;
}

bool has(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("a variant replaces, appends and removes the base's sections and entries") {
  struct Row {
    const char* what;
    std::string variant;  // extends base.rules
    std::function<void(const Document&)> check;
  };
  const std::vector<Row> rows = {
      {"an entry with the base's name merges with it key by key, in the base's place", "moves: {go: {notation: gone}}\n",
       [](const Document& d) {
         CHECK(names(d.moves) == Strings{"go", "wait", "boom"});
         CHECK(d.moves[0].params.size() == 1);  // kept: the variant does not give it
         REQUIRE(d.moves[0].notation.size() == 1);
         CHECK(d.moves[0].notation[0].s == "gone");
         CHECK(d.moves[0].notation[0].pos.file == 0);  // the variant's
         CHECK(d.moves[1].name.pos.file == 1);         // the base's
       }},
      {"a new entry is appended, in the variant's order", "moves: {jump: {}, hop: {}}\nzones: {pool: {}}\n",
       [](const Document& d) {
         CHECK(names(d.moves) == Strings{"go", "wait", "boom", "jump", "hop"});
         CHECK(names(d.zones) == Strings{"pool"});
       }},
      {"remove drops entries, also of topology's mappings",
       "remove: [moves.wait, topology.relations.diagonal, variables.moved]\n",
       [](const Document& d) {
         CHECK(names(d.moves) == Strings{"go", "boom"});
         CHECK(names(d.relations) == Strings{"line"});
         CHECK(d.variables.empty());
       }},
      {"remove and redefine: the entry moves to the end", "remove: [moves.go]\nmoves: {go: {}}\n",
       [](const Document& d) { CHECK(names(d.moves) == Strings{"wait", "boom", "go"}); }},
      {"remove drops whole sections; topology drops its sub-sections", "remove: [display, topology]\n",
       [](const Document& d) {
         CHECK_FALSE(d.has_display);
         CHECK(d.sites.empty());
         CHECK(d.relations.empty());
         CHECK(d.regions.empty());
         CHECK_FALSE(has(paths(d), "topology"));
         CHECK_FALSE(has(paths(d), "topology.sites"));
       }},
      {"list sections are replaced whole",
       "players: [X, Y, Z]\nturn: [{choose: [wait]}]\nend: []\ntopology: {sites: [d]}\n",
       [](const Document& d) {
         REQUIRE(d.players.size() == 3);
         CHECK(d.players[0].s == "X");
         REQUIRE(d.turn.size() == 1);
         REQUIRE(d.turn[0].moves.size() == 1);
         CHECK(d.turn[0].moves[0].s == "wait");
         CHECK(d.end.empty());
         REQUIRE(d.sites.size() == 1);
         CHECK(d.sites[0].s == "d");
         CHECK(names(d.relations) == Strings{"line", "diagonal"});  // not given: kept
       }},
      {"game's keys are merged one by one", "game: {name: Variant}\n",
       [](const Document& d) {
         CHECK(d.name.s == "Variant");
         CHECK(d.description.s == "the base game");
       }},
      {"topology's mappings are merged by name", "topology:\n  regions: {ends: [c], middle: [b]}\n",
       [](const Document& d) {
         REQUIRE(names(d.regions) == Strings{"ends", "middle"});
         CHECK(d.regions[0].items.size() == 1);
         CHECK(d.sites.size() == 3);
       }},
      {"functions are matched by the name in their signature",
       "functions:\n  \"is_end(site x) -> bool\": x == a\n  extra(): \"1\"\n",
       [](const Document& d) {
         REQUIRE(d.functions.size() == 3);
         CHECK(d.functions[1].name() == "is_end");
         CHECK(d.functions[1].body.s == "x == a");
         CHECK(d.functions[2].name() == "extra");
       }},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    Diagnostics d;
    Document doc;
    SourceFiles files;
    bool ok = read_variant(kBase, r.variant, doc, files, d);
    INFO(d.format());
    REQUIRE(ok);
    REQUIRE(files.size() == 2);
    CHECK(files[1]->path.size() > 10);
    CHECK(files[1]->path.substr(files[1]->path.size() - 10) == "base.rules");
    r.check(doc);
  }
}

namespace {

// A base whose entries have named parts, for the key-by-key merge.
const char* kKeyed =
    "game: {name: Keyed}\n"
    "players: [A, B]\n"
    "params:\n"
    "  stones: {default: 2, min: 1, max: 5}\n"
    "topology: {sites: [a, b, c]}\n"
    "zones:\n"
    "  hand: {per_player: true, label: Hand}\n"
    "pieces:\n"
    "  stone: {per_player: stones, at: hand}\n"
    "variables: {placed: 0}\n"
    "moves:\n"
    "  place:\n"
    "    params: {to: site in sites}\n"
    "    let: {spot: to}\n"
    "    requires:\n"
    "      - {check: vacant(spot), error: Occupied}\n"
    "      - {check: 'size(hand[me]) > 0', error: NoStone}\n"
    "    effects:\n"
    "      put: move(top(hand[me]), to)\n"
    "      count: set placed = placed + 1\n"
    "    notation: '{to}'\n"
    "  pass: {}\n"
    "turn:\n"
    "  play: {choose: [place, pass], if_none: end}\n"
    "end:\n"
    "  full: {when: placed == 3, result: draw}\n"
    "  stuck: {when: 'size(hand[me]) == 0', result: lose(me)}\n";

std::vector<std::string> texts(const std::vector<Text>& list) {
  std::vector<std::string> out;
  for (auto& t : list) out.push_back(t.s);
  return out;
}

std::vector<std::string> codes(const MoveDecl& m) {
  std::vector<std::string> out;
  for (auto& r : m.requires_) out.push_back(r.error.s);
  return out;
}

}  // namespace

TEST_CASE("a variant's entry merges with the base's key by key; named items are replaced, appended or removed") {
  struct Row {
    const char* what;
    std::string variant;  // extends the base kKeyed
    std::function<void(const Document&)> check;
  };
  const std::vector<Row> rows = {
      {"a requirement with the base's error code replaces it; the move's other keys stay",
       "moves: {place: {requires: [{check: 'true', error: Occupied}]}}\n",
       [](const Document& d) {
         REQUIRE(codes(d.moves[0]) == Strings{"Occupied", "NoStone"});
         CHECK(d.moves[0].requires_[0].check.s == "true");
         CHECK(d.moves[0].params.size() == 1);
         CHECK(d.moves[0].effects.size() == 2);
         CHECK(texts(d.moves[0].notation) == Strings{"{to}"});
       }},
      {"a requirement with a new code is appended", "moves: {place: {requires: [{check: placed < 9, error: Many}]}}\n",
       [](const Document& d) { CHECK(codes(d.moves[0]) == Strings{"Occupied", "NoStone", "Many"}); }},
      {"a requirement is removed by its error code", "remove: [moves.place.requires.NoStone]\n",
       [](const Document& d) { CHECK(codes(d.moves[0]) == Strings{"Occupied"}); }},
      {"a named effect with the base's name replaces it, in its place",
       "moves: {place: {effects: {count: set placed = placed + 2}}}\n",
       [](const Document& d) {
         CHECK(texts(d.moves[0].effects) == Strings{"move(top(hand[me]), to)", "set placed = placed + 2"});
         CHECK(texts(d.moves[0].effect_names) == Strings{"put", "count"});
       }},
      {"a named effect with a new name is appended", "moves: {place: {effects: {again: pass}}}\n",
       [](const Document& d) { CHECK(texts(d.moves[0].effect_names) == Strings{"put", "count", "again"}); }},
      {"a list written with !append is appended", "moves: {place: {effects: !append [pass], notation: !append ['{to}!']}}\n",
       [](const Document& d) {
         CHECK(d.moves[0].effects.size() == 3);
         CHECK(d.moves[0].effects[2].s == "pass");
         CHECK(texts(d.moves[0].notation) == Strings{"{to}", "{to}!"});
       }},
      {"a plain list replaces the base's whole", "moves: {place: {effects: [pass]}}\n",
       [](const Document& d) { CHECK(texts(d.moves[0].effects) == Strings{"pass"}); }},
      {"a named effect is removed by its name", "remove: [moves.place.effects.count]\n",
       [](const Document& d) { CHECK(texts(d.moves[0].effect_names) == Strings{"put"}); }},
      {"a move's key is removed whole", "remove: [moves.place.notation]\n",
       [](const Document& d) { CHECK(d.moves[0].notation.empty()); }},
      {"let and params merge by name", "moves: {place: {let: {spot: to, other: to}}}\n",
       [](const Document& d) {
         REQUIRE(d.moves[0].lets.size() == 2);
         CHECK(d.moves[0].lets[0].first.s == "spot");
         CHECK(d.moves[0].lets[0].second.pos.file == 0);  // the variant's
         CHECK(d.moves[0].lets[1].first.s == "other");
       }},
      {"an end rule merges by name, key by key", "end: {full: {when: placed == 2}}\n",
       [](const Document& d) {
         REQUIRE(names(d.end) == Strings{"full", "stuck"});
         CHECK(d.end[0].when.s == "placed == 2");
         CHECK(d.end[0].result.s == "draw");  // the base's
       }},
      {"a new named end rule is appended", "end: {quick: {when: placed == 1, result: draw}}\n",
       [](const Document& d) { CHECK(names(d.end) == Strings{"full", "stuck", "quick"}); }},
      {"an end rule is removed by its name", "remove: [end.stuck]\n",
       [](const Document& d) { CHECK(names(d.end) == Strings{"full"}); }},
      {"end rules written with !append are appended", "end: !append [{when: placed == 1, result: draw}]\n",
       [](const Document& d) { CHECK(d.end.size() == 3); }},
      {"a plain list of end rules replaces the base's", "end: [{when: placed == 1, result: draw}]\n",
       [](const Document& d) {
         REQUIRE(d.end.size() == 1);
         CHECK(d.end[0].name.s.empty());
       }},
      {"a turn step merges by name, key by key", "turn: {play: {if_none: pass}}\n",
       [](const Document& d) {
         REQUIRE(d.turn.size() == 1);
         CHECK(texts(d.turn[0].moves) == Strings{"place", "pass"});
         CHECK(d.turn[0].when_none.s == "pass");
       }},
      {"a move is removed from a step's choose", "remove: [turn.play.choose.pass]\n",
       [](const Document& d) { CHECK(texts(d.turn[0].moves) == Strings{"place"}); }},
      {"a step's choose written with !append is appended", "moves: {hop: {}}\nturn: {play: {choose: !append [hop]}}\n",
       [](const Document& d) { CHECK(texts(d.turn[0].moves) == Strings{"place", "pass", "hop"}); }},
      {"a piece override keeps the keys it does not give", "pieces: {stone: {per_player: 3}}\n",
       [](const Document& d) {
         REQUIRE(d.pieces[0].per_player);
         CHECK(d.pieces[0].per_player->value == 3);
         CHECK(d.pieces[0].at.s == "hand");
       }},
      {"a zone override keeps the keys it does not give", "zones: {hand: {label: H}}\n",
       [](const Document& d) {
         CHECK(d.zones[0].per_player);
         CHECK(d.zones[0].label.s == "H");
       }},
      {"a parameter's short form changes only its default", "params: {stones: 4}\n",
       [](const Document& d) {
         CHECK(d.params[0].def == 4);
         CHECK(d.params[0].min == 1);
         CHECK(d.params[0].max == 5);
       }},
      {"a parameter's bound changes alone", "params: {stones: {max: 9}}\n",
       [](const Document& d) {
         CHECK(d.params[0].def == 2);
         CHECK(d.params[0].max == 9);
       }},
  };
  for (const Row& r : rows) {
    check_merged(kKeyed, r.what, r.variant, r.check);
    // and the merged rules check
    Diagnostics d2;
    auto prog = load_variant_rules(kKeyed, r.variant, d2);
    INFO(d2.format());
    CHECK(prog);
  }
}

TEST_CASE("a variant replaces or removes the setup and the summary, or keeps the base's") {
  std::string base = std::string(kBase) + "setup: [\"set moved = 0\"]\nsummary: \"{moved} moved\"\n";
  struct Row {
    const char* what;
    std::string variant;  // extends base.rules
    std::function<void(const Document&)> check;
  };
  const std::vector<Row> rows = {
      {"replaced whole, and removed", "setup: [\"set moved = 1\", pass]\nremove: [summary]\n",
       [](const Document& d) {
         REQUIRE(d.setup.size() == 2);
         CHECK(d.setup[0].s == "set moved = 1");
         CHECK(d.setup[0].pos.file == 0);  // the variant's
         CHECK_FALSE(d.has_summary);
       }},
      {"kept when the variant does not write them", "summary: \"{moved}\"\n",
       [](const Document& d) {
         REQUIRE(d.setup.size() == 1);
         CHECK(d.setup[0].pos.file == 1);  // the base's
         CHECK(d.summary.s == "{moved}");
       }},
      {"removed", "remove: [setup]\n", [](const Document& d) { CHECK(d.setup.empty()); }},
  };
  for (const Row& r : rows) check_merged(base, r.what, r.variant, r.check);
}

TEST_CASE("a variant merges the base's invariants by name, appends new ones and removes them") {
  std::string base = std::string(kBase) + "invariants:\n  few: moved < 5\n  somewhere: 'all(q in pieces : q.site != none)'\n";
  struct Row {
    const char* what;
    std::string variant;  // extends base.rules
    std::function<void(const Document&)> check;
  };
  const std::vector<Row> rows = {
      {"kept when the variant does not write them", "game: {name: V}\n",
       [](const Document& d) {
         REQUIRE(names(d.invariants) == Strings{"few", "somewhere"});
         CHECK(d.invariants[0].check.pos.file == 1);  // the base's
       }},
      {"one with the base's name replaces it, in its place; a new one is appended",
       "invariants: {positive: moved >= 0, few: moved < 50}\n",
       [](const Document& d) {
         REQUIRE(names(d.invariants) == Strings{"few", "somewhere", "positive"});
         CHECK(d.invariants[0].check.s == "moved < 50");
         CHECK(d.invariants[0].check.pos.file == 0);  // the variant's
       }},
      {"one removed", "remove: [invariants.few]\n",
       [](const Document& d) { CHECK(names(d.invariants) == Strings{"somewhere"}); }},
      {"all removed", "remove: [invariants]\n", [](const Document& d) { CHECK(d.invariants.empty()); }},
  };
  for (const Row& r : rows) check_merged(base, r.what, r.variant, r.check);
  SECTION("an invariant the base does not have cannot be removed") {
    Diagnostics d;
    Document doc;
    SourceFiles files;
    CHECK_FALSE(read_variant(base, "remove: [invariants.fwe]\n", doc, files, d));
    CHECK_THAT(d.format(), Catch::Contains("'invariants.fwe' is not in the base rules '"));
    CHECK_THAT(d.format(), Catch::Contains("/base.rules' (did you mean 'invariants.few'?)"));
  }
  SECTION("the merged invariants are checked and compiled in the merged order") {
    Diagnostics d;
    auto prog = load_variant_rules(base, "invariants: {positive: moved >= 0}\nremove: [invariants.few]\n", d);
    INFO(d.format());
    REQUIRE(prog);
    REQUIRE(prog->invariants.size() == 2);
    CHECK(prog->invariants[0].name == "somewhere");
    CHECK(prog->invariants[1].name == "positive");
    CHECK(prog->invariants[1].pos.file == 0);
  }
}

TEST_CASE("a variant imports the base's libraries and its own, once each; 'remove: [import.NAME]' drops one") {
  std::string base = std::string(kBase) + "import: [cards]\n";
  struct Row {
    const char* what;
    std::string variant;  // extends base.rules
    Strings imports;      // the merged file's imports
    bool cards;           // whether the program has the cards' kind
  };
  const std::vector<Row> rows = {
      {"inherited", "game: {name: V}\n", {"cards"}, true},
      {"named again: once, at the variant's entry", "import: [cards]\n", {"cards"}, true},
      {"removed", "remove: [import.cards]\n", {}, false},
      {"the whole section removed", "remove: [import]\n", {}, false},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    Diagnostics d;
    Document doc;
    SourceFiles files;
    bool ok = read_variant(base, r.variant, doc, files, d);
    INFO(d.format());
    REQUIRE(ok);
    CHECK(names(doc.imports) == r.imports);
    auto prog = load_variant_rules(base, r.variant, d);
    INFO(d.format());
    REQUIRE(prog);
    CHECK(std::any_of(prog->kinds.begin(), prog->kinds.end(), [](const KindInfo& k) { return k.name == "card"; }) ==
          r.cards);
  }
  Diagnostics d;
  CHECK_FALSE(load_variant_rules(base, "remove: [import.card]\n", d));
  CHECK_THAT(d.format(), Catch::Contains("'import.card' is not in the base rules '"));
  CHECK_THAT(d.format(), Catch::Contains("/base.rules' (did you mean 'import.cards'?)"));
}

TEST_CASE("a chain of bases merges from the deepest up, each file relative to its own directory") {
  Dir dir(Files{{"base.rules", kBase},
                {"sub/mid.rules",
                 "extends: ../base.rules\ngame: {name: Mid}\nremove: [moves.wait]\nmoves: {jump: {}}\n"},
                {"top.rules", "extends: sub/mid.rules\nremove: [moves.jump]\nmoves: {hop: {}}\n"}});
  Diagnostics d;
  auto p = load_rules(dir.path("top.rules"), d);
  INFO(d.format());
  REQUIRE(p);
  CHECK(p->name == "Mid");
  std::vector<std::string> moves;
  for (auto& m : p->moves) moves.push_back(m.name);
  CHECK(moves == Strings{"go", "boom", "hop"});
  // the file table: the file named first, its bases nearest first, then the standard library
  REQUIRE(p->files.size() >= 4);
  CHECK(p->files[0]->path == dir.path("top.rules"));
  CHECK(p->files[1]->path == dir.path("sub/mid.rules"));
  CHECK(p->files[2]->path == dir.path("base.rules"));
  CHECK(p->files[3]->path == "stdlib/prelude.rules");
  CHECK(p->file == p->files[0]);
  CHECK(p->moves[0].pos.file == 2);
  CHECK(p->moves[0].pos.line == 18);
  CHECK(p->moves[2].pos.file == 0);
}

TEST_CASE("a variant's start board replaces the base's whole; 'remove: [start]' drops it") {
  const std::string base =
      "game: {name: Base}\nplayers: [A, B]\ntopology: {sites: [x, y]}\npieces: {s: {per_player: 2}}\n"
      "start:\n  board:\n    x: [{s: A}, {s: B}]\nmoves: {wait: {}}\nturn: [{choose: all}]\nend: []\n";
  struct Row {
    const char* what;
    std::string variant;
    std::vector<Position::Place> places;  // piece, site
  };
  const std::vector<Row> rows = {
      {"the base's", "game: {name: V}\n", {{0, 0}, {2, 0}}},
      {"replaced whole", "start:\n  board:\n    y: {s: B}\n", {{2, 1}}},
      {"removed", "remove: [start]\n", {}},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    Diagnostics d;
    auto p = load_variant_rules(base, r.variant, d);
    INFO(d.format());
    REQUIRE(p);
    std::vector<std::pair<int, int>> got, want;
    for (auto& pl : p->start.places) got.push_back({pl.piece, pl.site});
    for (auto& pl : r.places) want.push_back({pl.piece, pl.site});
    CHECK(got == want);
  }
}

TEST_CASE("a variant changes the base's parameters by name, and its players with them") {
  const std::string base =
      "game: {name: Base}\nparams: {size: 3, count: {default: 2, min: 2, max: 4}, extra: 1}\nplayers: {count: count}\n"
      "topology: {grids: [{width: size, height: size}]}\nmoves: {wait: {}}\nturn: [{choose: all}]\nend: []\n";
  struct Row {
    const char* what;
    std::string variant;
    Strings params;  // NAME=VALUE in order
    size_t players, sites;
  };
  const std::vector<Row> rows = {
      {"the base's", "game: {name: V}\n", {"size=3", "count=2", "extra=1"}, 2, 9},
      {"one replaced in its place, one added", "params: {count: {default: 4}, more: 7}\n",
       {"size=3", "count=4", "extra=1", "more=7"}, 4, 9},
      {"one removed", "remove: [params.extra]\nparams: {size: 2}\n", {"size=2", "count=2"}, 2, 4},
      {"players listed instead", "players: [X]\n", {"size=3", "count=2", "extra=1"}, 1, 9},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    Diagnostics d;
    auto p = load_variant_rules(base, r.variant, d);
    INFO(d.format());
    REQUIRE(p);
    Strings params;
    for (auto& q : p->params) params.push_back(q.name + "=" + std::to_string(q.value));
    CHECK(params == r.params);
    CHECK(p->players.size() == r.players);
    CHECK(p->site_names.size() == r.sites);
  }
}

TEST_CASE("load_rules_text reads the bases relative to the directory of the path it is given") {
  Dir dir(Files{{"base.rules", kBase}});
  Diagnostics d;
  auto p = load_rules_text(dir.path("not-on-disk.rules"), "extends: base.rules\ngame: {name: Text}\n", d);
  INFO(d.format());
  REQUIRE(p);
  CHECK(p->name == "Text");
  CHECK(p->description == "the base game");
}

TEST_CASE("problems of a variant are reported in the file and at the position where they are written") {
  struct Row {
    const char* what;
    Files files;  // the first is checked
    const char* message;                                     // a part of the first diagnostic
    const char* file;                                        // where it is reported
    int line, col;
  };
  const std::string v = "extends: base.rules\n";
  const std::vector<Row> rows = {
      {"a removed entry the base does not have",
       {{"v.rules", v + "remove:\n  - moves.wiat\n"}, {"base.rules", kBase}},
       "/base.rules' (did you mean 'moves.wait'?)", "v.rules", 3, 5},
      {"a removed section the base does not have",
       {{"v.rules", v + "remove: [zones]\n"}, {"base.rules", kBase}},
       "'zones' is not in the base rules '", "v.rules", 2, 10},
      {"a required section cannot be removed",
       {{"v.rules", v + "remove: [end]\n"}, {"base.rules", kBase}}, "cannot remove 'end': a rule file needs it",
       "v.rules", 2, 10},
      {"remove without extends",
       {{"v.rules", std::string(kBase) + "remove: [moves.go]\n"}}, "'remove' needs 'extends'", "v.rules", 30, 1},
      {"a base that cannot be read", {{"v.rules", "extends: nothing.rules\n"}},
       "cannot read the base rules 'nothing.rules': no such file", "v.rules", 1, 10},
      {"a file that extends itself", {{"v.rules", "extends: ./v.rules\n"}}, "v.rules' extends itself", "v.rules", 1,
       10},
      {"a cycle through another file",
       {{"v.rules", "extends: b.rules\n"}, {"b.rules", "game: {name: B}\nextends: v.rules\n"}},
       "v.rules' extends itself (through '", "b.rules", 2, 10},
      {"a chain deeper than 8",
       {{"v.rules", "extends: 1.rules\n"}, {"1.rules", "extends: 2.rules\n"}, {"2.rules", "extends: 3.rules\n"},
        {"3.rules", "extends: 4.rules\n"}, {"4.rules", "extends: 5.rules\n"}, {"5.rules", "extends: 6.rules\n"},
        {"6.rules", "extends: 7.rules\n"}, {"7.rules", "extends: 8.rules\n"}, {"8.rules", "extends: 9.rules\n"},
        {"9.rules", kBase}},
       "variants nest at most 8 deep", "8.rules", 1, 10},
      {"an unknown key in the base is reported in the base",
       {{"v.rules", v}, {"base.rules", std::string(kBase) + "moves2: {}\n"}}, "unknown section 'moves2'", "base.rules",
       30, 1},
      {"a base's move that calls a function the variant removed: reported in the base",
       {{"v.rules", v + "remove: [functions.limit]\n"}, {"base.rules", kBase}}, "undeclared function 'limit'",
       "base.rules", 20, 28},
      {"a base's declaration that the variant's declares first: reported in the base, pointing to the variant",
       {{"v.rules", v + "zones: {ends: {}}\n"}, {"base.rules", kBase}}, "'ends' is already declared as a zone (at ",
       "base.rules", 9, 5},
      {"a variant's declaration that the base declares first: reported in the variant, pointing to the base",
       {{"v.rules", v + "chance: {stone: {outcomes: {1: 1}}}\n"}, {"base.rules", kBase}},
       "base.rules:11:3)", "v.rules", 2, 10},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    Dir dir(r.files);
    Diagnostics d;
    auto p = load_rules(dir.path(r.files[0].first), d);
    INFO(d.format());
    CHECK_FALSE(p);
    REQUIRE_FALSE(d.empty());
    auto it = std::find_if(d.all().begin(), d.all().end(),
                           [&](const Diagnostic& x) { return x.message.find(r.message) != std::string::npos; });
    REQUIRE(it != d.all().end());
    REQUIRE(it->file);
    CHECK(it->file->path == dir.path(r.file));
    CHECK(it->pos.line == r.line);
    CHECK(it->pos.col == r.col);
  }
}

TEST_CASE("every file's structural problems are reported, the variant's and the base's") {
  Dir dir(Files{{"v.rules", "extends: base.rules\nmoves: {go: {efects: []}}\n"},
                {"base.rules", std::string(kBase) + "players: [C]\n"}});
  Diagnostics d;
  CHECK_FALSE(load_rules(dir.path("v.rules"), d));
  INFO(d.format());
  REQUIRE(d.size() == 2);
  CHECK(d.format().find("v.rules:2:14: error: unknown key 'efects'") != std::string::npos);
  CHECK(d.format().find("base.rules:30:1: error: duplicate key 'players' (first at line 2)") != std::string::npos);
}

TEST_CASE("a runtime error in a base's move is reported in the base") {
  Dir dir(Files{{"base.rules", kBase}, {"v.rules", "extends: base.rules\ngame: {name: V}\n"}});
  Diagnostics d;
  auto p = load_rules(dir.path("v.rules"), d);
  INFO(d.format());
  REQUIRE(p);
  Game g(p);
  Game::Reading r = g.read("boom");
  REQUIRE(r.ok);
  try {
    g.apply(r.move);
    FAIL("no error");
  } catch (const RuntimeError& e) {
    CHECK_THAT(e.what(), Catch::Contains("does not fit in a variable"));
    CHECK(p->files.at(e.pos.file)->path == dir.path("base.rules"));
    CHECK(e.pos.line == 24);
    CHECK(e.pos.col == 16);  // the set
  }
}

TEST_CASE("a base is read only when it is a rule file inside the allowed directories, links and '..' resolved") {
  // game/v.rules (`extends: ` + the row's path) is the rule file named; outside/ is a sibling of game/. Files that must
  // never be read hold SECRET, which no diagnostic may quote.
  const std::string secret = "SECRET: the content of a file a rule file may not read\n";
  const std::string outside_extends = "extends: ../secret/base.rules\n";
  struct Row {
    const char* what;
    std::string extends;
    Files files;                                    // besides game/v.rules
    std::vector<std::pair<std::string, std::string>> links;  // link -> target (as the link holds it)
    Strings allowed;                                // relative to the test's directory
    const char* message;                            // "" when it loads; else a part of the first diagnostic
    const char* file = "game/v.rules";              // where that diagnostic is, at line 1, column 10
  };
  const std::vector<Row> rows = {
      {"a base beside it", "base.rules", {{"game/base.rules", kBase}}, {}, {}, ""},
      {"a base in a subdirectory", "sub/base.rules", {{"game/sub/base.rules", kBase}}, {}, {}, ""},
      {"'..' that stays inside", "sub/../base.rules", {{"game/base.rules", kBase}}, {}, {}, ""},
      {"an absolute path to a system file", "/etc/passwd", {}, {}, {},
       "cannot read the base rules '/etc/passwd': it is not a rule file (the name of a rule file ends in '.rules')"},
      {"'..' climbing to a system file", "../../../../../../../../etc/shadow", {}, {}, {},
       "cannot read the base rules '../../../../../../../../etc/shadow': it is not a rule file"},
      {"a file inside whose name is not a rule file's", "base.txt", {{"game/base.txt", secret}}, {}, {},
       "cannot read the base rules 'base.txt': it is not a rule file"},
      {"a rule file outside", "../outside/base.rules", {{"outside/base.rules", kBase}}, {}, {},
       "cannot read the base rules '../outside/base.rules': it is outside the directories rule files may be read from "
       "('"},
      {"a rule file outside, allowed", "../outside/base.rules", {{"outside/base.rules", kBase}}, {}, {"outside"}, ""},
      {"a rule file outside, allowed with '..' and a trailing '/'", "../outside/base.rules",
       {{"outside/base.rules", kBase}}, {}, {"game/../outside/"}, ""},
      {"a directory allowed does not allow its parent", "../base.rules", {{"base.rules", kBase}}, {}, {"outside"},
       "it is outside the directories"},
      {"a missing rule file outside: outside, whether it exists or not", "../outside/none.rules", {}, {}, {},
       "cannot read the base rules '../outside/none.rules': it is outside the directories"},
      {"a missing rule file inside", "none.rules", {}, {}, {}, "cannot read the base rules 'none.rules': no such file"},
      {"a link inside to a rule file outside", "link.rules", {{"outside/base.rules", kBase}},
       {{"game/link.rules", "../outside/base.rules"}}, {},
       "cannot read the base rules 'link.rules': it leads, through a symbolic link, outside the directories"},
      {"a linked directory inside that leads outside", "linked/base.rules", {{"outside/base.rules", kBase}},
       {{"game/linked", "../outside"}}, {}, "it leads, through a symbolic link, outside the directories"},
      {"a link named like a rule file to another file", "link.rules", {{"game/secret.txt", secret}},
       {{"game/link.rules", "secret.txt"}}, {},
       "cannot read the base rules 'link.rules': it is not a rule file: it leads, through a symbolic link, to a file "
       "whose name does not end in '.rules'"},
      {"a link inside to a rule file inside", "link.rules", {{"game/sub/base.rules", kBase}},
       {{"game/link.rules", "sub/base.rules"}}, {}, ""},
      {"a link inside to a rule file outside, allowed", "link.rules", {{"outside/base.rules", kBase}},
       {{"game/link.rules", "../outside/base.rules"}}, {"outside"}, ""},
      {"a base's own base is judged against the same directories", "../outside/base.rules",
       {{"outside/base.rules", outside_extends}, {"secret/base.rules", secret}}, {}, {"outside"},
       "cannot read the base rules '../secret/base.rules': it is outside the directories rule files may be read from",
       "outside/base.rules"},
      {"a link that leads to itself", "loop.rules", {}, {{"game/loop.rules", "loop.rules"}}, {},
       "cannot read the base rules 'loop.rules': its path cannot be resolved"},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    Files files = r.files;
    files.push_back({"game/v.rules", "extends: " + r.extends + "\ngame: {name: V}\n"});
    Dir dir(files);
    for (auto& [link, target] : r.links) {
      fs::create_directories(fs::path(dir.path(link)).parent_path());
      fs::create_symlink(target, dir.path(link));
    }
    LoadOptions options;
    for (const std::string& a : r.allowed) options.allowed_dirs.push_back(dir.path(a));
    Diagnostics d;
    auto p = load_rules(dir.path("game/v.rules"), d, options);
    INFO(d.format());
    CHECK(d.format().find("SECRET") == std::string::npos);
    if (std::string(r.message).empty()) {
      CHECK(p);
      continue;
    }
    CHECK_FALSE(p);
    REQUIRE_FALSE(d.empty());
    const Diagnostic& first = d.all().front();
    CHECK(first.message.find(r.message) != std::string::npos);
    REQUIRE(first.file);
    CHECK(first.file->path == dir.path(r.file));
    CHECK(first.pos.line == 1);
    CHECK(first.pos.col == 10);
  }
}

TEST_CASE("the allowed directories are named as given, the rule file's first") {
  Dir dir(Files{{"game/v.rules", "extends: ../base.rules\n"}, {"base.rules", kBase}, {"a/.keep", ""}, {"b/.keep", ""}});
  LoadOptions options;
  options.allowed_dirs = {dir.path("a"), dir.path("b") + "/"};
  Diagnostics d;
  CHECK_FALSE(load_rules(dir.path("game/v.rules"), d, options));
  CHECK_THAT(d.format(), Catch::Contains("('" + dir.path("game") + "', '" + dir.path("a") + "', '" + dir.path("b") +
                                         "/'; allow another with --allow-dir DIR)"));
}
