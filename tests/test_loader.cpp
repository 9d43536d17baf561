// The loader: YAML -> Document. Each row is a rule file and what the Document must hold.
#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "syntax/document.hpp"
#include "syntax/schema.hpp"

using namespace ri;

namespace {

Document load(const std::string& text, Diagnostics& d) {
  auto file = std::make_shared<SourceFile>("t.rules", text);
  Document doc;
  load_document(file, doc, d);
  return doc;
}

const char* kHead = "game: {name: t}\nplayers: [A, B]\n";
const char* kTail = "turn: [{choose: all}]\nend: []\n";

}  // namespace

TEST_CASE("the loader converts every section into the document") {
  struct Row {
    const char* name;
    std::string yaml;  // between the head (game, players) and the tail (turn, end)
    std::function<void(const Document&)> check;
  };
  const std::vector<Row> rows = {
      {"players in order", "moves: {m: {}}\n",
       [](const Document& d) {
         REQUIRE(d.players.size() == 2);
         CHECK(d.players[1].s == "B");
         CHECK(d.players[1].pos.line == 2);
         CHECK(d.players[1].pos.col == 14);
       }},
      {"move parameters keep their order and their specs",
       "moves:\n  m:\n    params:\n      b: site\n      a: int in 1..3\n",
       [](const Document& d) {
         REQUIRE(d.moves.size() == 1);
         REQUIRE(d.moves[0].params.size() == 2);
         CHECK(d.moves[0].params[0].name.s == "b");
         CHECK(d.moves[0].params[1].spec.s == "int in 1..3");
       }},
      {"requirements as strings and as mappings",
       "moves:\n  m:\n    requires:\n      - 1 < 2\n      - check: 2 < 3\n        error: Code\n        message: words\n",
       [](const Document& d) {
         auto& r = d.moves[0].requires_;
         REQUIRE(r.size() == 2);
         CHECK(r[0].check.s == "1 < 2");
         CHECK(r[0].error.s.empty());
         CHECK(r[1].error.s == "Code");
         CHECK(r[1].message.s == "words");
       }},
      {"imports in order, and a kind's piece name",
       "import: [cards, geometry]\npieces: {p: {each: i in 1..2, name: 'p{i}'}}\nmoves: {m: {}}\n",
       [](const Document& d) {
         REQUIRE(d.imports.size() == 2);
         CHECK(d.imports[0].name.s == "cards");
         CHECK(d.imports[1].name.s == "geometry");
         CHECK(d.imports[1].name.pos.col == 17);
         CHECK(d.imports[0].file == -1);  // not loaded yet: imports.hpp does
         REQUIRE(d.pieces.size() == 1);
         REQUIRE(d.pieces[0].piece_name);
         CHECK(d.pieces[0].piece_name->s == "p{i}");
       }},
      {"notation as one template or a list",
       "moves:\n  m: {notation: 'go'}\n  n: {notation: ['{1}', '{2}']}\n",
       [](const Document& d) {
         CHECK(d.moves[0].notation.size() == 1);
         CHECK(d.moves[1].notation.size() == 2);
       }},
      {"zones: per player, labels default to the name",
       "zones:\n  hand: {per_player: true, label: Hand}\n  pool: {}\nmoves: {m: {}}\n",
       [](const Document& d) {
         REQUIRE(d.zones.size() == 2);
         CHECK(d.zones[0].per_player);
         CHECK(d.zones[0].label.s == "Hand");
         CHECK_FALSE(d.zones[1].per_player);
         CHECK(d.zones[1].label.s == "pool");
       }},
      {"chance as dice and as outcomes",
       "chance:\n  d: {dice: {count: 2, faces: [1, 2]}}\n  o: {outcomes: {5: 1, 6: 3}}\nmoves: {m: {}}\n",
       [](const Document& d) {
         REQUIRE(d.chance.size() == 2);
         CHECK(d.chance[0].dice_count->value == 2);
         CHECK(d.chance[0].faces.size() == 2);
         REQUIRE(d.chance[1].outcomes.size() == 2);
         CHECK(d.chance[1].outcomes[1].first.s == "6");
         CHECK(d.chance[1].outcomes[1].second.s == "3");
       }},
      {"variables in short and long form",
       "variables:\n  a: 3\n  b: {type: int, init: 0, per_player: true}\nmoves: {m: {}}\n",
       [](const Document& d) {
         REQUIRE(d.variables.size() == 2);
         CHECK(d.variables[0].init.s == "3");
         CHECK_FALSE(d.variables[0].per_player);
         CHECK(d.variables[1].per_player);
       }},
      {"a start board: one piece or a list, bottom to top; the first key is the kind",
       "pieces: {s: {per_player: 2}}\nstart:\n  board:\n    x: {s: A, hp: 3}\n    y: [{s: B}, {s: A}]\nmoves: {m: {}}\n",
       [](const Document& d) {
         CHECK(d.pieces[0].at.s.empty());  // 'at' is optional
         REQUIRE(d.start.size() == 2);
         CHECK(d.start[0].site.s == "x");
         REQUIRE(d.start[0].pieces.size() == 1);
         CHECK(d.start[0].pieces[0].kind.s == "s");
         CHECK(d.start[0].pieces[0].owner.s == "A");
         REQUIRE(d.start[0].pieces[0].attributes.size() == 1);
         CHECK(d.start[0].pieces[0].attributes[0].first.s == "hp");
         CHECK(d.start[0].pieces[0].attributes[0].second.s == "3");
         CHECK(d.start[0].pieces[0].attributes[0].second.pos.col == 19);
         REQUIRE(d.start[1].pieces.size() == 2);
         CHECK(d.start[1].pieces[0].owner.s == "B");
         CHECK(d.start[1].pieces[1].owner.s == "A");
       }},
      {"computed regions and relations, generated pieces",
       "topology:\n  regions: {r: \"sites\", w: [a]}\n  relations: {h: {each: s in sites, to: \"[s]\"}}\n"
       "pieces:\n  p: {each: i in 1..3, at: a, owner: B}\n  q: {per_player: 1}\nmoves: {m: {}}\n",
       [](const Document& d) {
         REQUIRE(d.regions.size() == 2);
         REQUIRE(d.regions[0].computed);
         CHECK(d.regions[0].computed->s == "sites");
         CHECK(d.regions[0].computed->pos.col == 16);  // the opening quote
         CHECK_FALSE(d.regions[1].computed);
         REQUIRE(d.relations.size() == 1);
         CHECK(d.relations[0].each->s == "s in sites");
         CHECK(d.relations[0].to->s == "[s]");
         CHECK(d.relations[0].edges.empty());
         REQUIRE(d.pieces.size() == 2);
         CHECK(d.pieces[0].each->s == "i in 1..3");
         CHECK(d.pieces[0].at.s == "a");
         CHECK(d.pieces[0].owner->s == "B");
         CHECK_FALSE(d.pieces[0].per_player);
         CHECK_FALSE(d.pieces[1].each);
       }},
      {"an expression keeps the file position of every byte",
       "moves:\n  m:\n    requires: [\"1 <  2\"]\n",
       [](const Document& d) {
         const Text& t = d.moves[0].requires_[0].check;
         CHECK(t.at(0).line == 5);
         CHECK(t.at(0).col == 17);
         CHECK(t.at(5).col == 22);  // the '2'
       }},
      {"whole numbers: a '+' and '-0' in a count, as always; a parameter's bounds",
       "params: {size: {default: -3, min: -2147483648, max: 2147483647}}\n"
       "topology: {grids: [{width: '+3', height: '-0'}]}\nmoves: {m: {}}\n",
       [](const Document& d) {
         REQUIRE(d.params.size() == 1);
         CHECK(d.params[0].def == -3);
         CHECK(*d.params[0].min == INT32_MIN);
         CHECK(*d.params[0].max == INT32_MAX);
         REQUIRE(d.grids.size() == 1);
         CHECK(d.grids[0].width.value == 3);
         CHECK(d.grids[0].height.value == 0);
       }},
  };
  for (auto& r : rows) {
    INFO(r.name);
    Diagnostics d;
    Document doc = load(std::string(kHead) + r.yaml + kTail, d);
    INFO(d.format());
    CHECK(d.empty());
    r.check(doc);
  }
}

TEST_CASE("the loader reports structural problems with their positions") {
  struct Row {
    std::string yaml;
    std::string message;  // a part of the first diagnostic
    int line, col;
  };
  const std::vector<Row> rows = {
      {"moves: {m: {}}\nmoves: {n: {}}\n", "duplicate key 'moves'", 4, 1},
      {"moves: {m: {efects: []}}\n", "unknown key 'efects'", 3, 13},
      {"moves: [m]\n", "'moves' must be a mapping", 3, 8},
      {"moves: {m: {}}\nbogus: 1\n", "unknown section 'bogus'", 4, 1},
      {"moves: {m: {}}\nstart: {bord: {}}\n", "unknown key 'bord' in 'start' (did you mean 'board'?)", 4, 9},
      {"moves: {m: {}}\nstart: {board: [a]}\n", "'start.board' must be a mapping, not a list", 4, 16},
      {"moves: {m: {}}\nstart: {board: {a: s}}\n", "a piece is written {KIND: OWNER}", 4, 20},
      {"moves: {m: {}}\nstart: {board: {a: [{}]}}\n", "not an empty mapping", 4, 21},
      {"moves: {m: {}}\nstart: {board: {a: {s: A, s: B}}}\n", "duplicate key 's' (first at line 4)", 4, 27},
      {"moves: {m: {}}\nstart: {board: {a: {s: A}, a: {s: B}}}\n", "duplicate key 'a' (first at line 4)", 4, 28},
      {"topology: {regions: {r: {a: b}}}\nmoves: {m: {}}\n", "region 'r' must be a list of sites or an expression, not a mapping",
       3, 25},
      {"topology: {relations: {h: {each: s in sites, edges: [[a, b]], to: '[s]'}}}\nmoves: {m: {}}\n",
       "relation 'h' has both 'edges' and 'each': keep one", 3, 34},
      {"topology: {relations: {h: {each: s in sites, to: '[s]', symmetric: true}}}\nmoves: {m: {}}\n",
       "relation 'h' is computed with 'each', so it is directed: leave out 'symmetric'", 3, 68},
      {"topology: {relations: {h: {each: s in sites}}}\nmoves: {m: {}}\n", "missing key 'to' in relation", 3, 27},
      {"topology: {relations: {h: {to: '[a]'}}}\nmoves: {m: {}}\n", "missing key 'each' in relation", 3, 27},
      {"pieces: {p: {each: i in 1..2, per_player: 2}}\nmoves: {m: {}}\n", "piece 'p' has both 'per_player' and 'each'", 3, 20},
      {"pieces: {p: {owner: A}}\nmoves: {m: {}}\n", "'owner' is for generated pieces: it needs 'each'", 3, 21},
      {"pieces: {p: {name: [a]}}\nmoves: {m: {}}\n", "'name' must be a scalar, not a list", 3, 20},
      {"import: [cards, cards]\nmoves: {m: {}}\n", "library 'cards' is imported twice (first at line 3)", 3, 17},
      {"import: {cards: 1}\nmoves: {m: {}}\n", "'import' must be a list, not a mapping", 3, 9},
      {"topology: {relations: {h: {symmetric: true}}}\nmoves: {m: {}}\n", "missing key 'edges' in relation", 3, 27},
      {"params: {size: {default: 3, mn: 1}}\nmoves: {m: {}}\n", "unknown key 'mn' in 'params.size' (did you mean 'min'?)",
       3, 29},
      {"params: {size: '+3'}\nmoves: {m: {}}\n", "'params.size' must be a whole number from -2147483648 to 2147483647", 3, 16},
      {"params: {size: 2147483648}\nmoves: {m: {}}\n", "not '2147483648'", 3, 16},
      {"topology: {grids: [{width: -1, height: 3}]}\nmoves: {m: {}}\n",
       "'width' must be a whole number from 0 to 1000000, a parameter or arithmetic of parameters ('(width * height + 1) / 2'), not '-1'", 3, 28},
      {"topology: {lines: {l: {along: [n], length: 1000001}}}\nmoves: {m: {}}\n",
       "'length' must be a whole number from 0 to 1000000, not '1000001'", 3, 44},
      // a key or a value quoted from the file is cut to 80 bytes
      {"moves: {m: {}}\n" + std::string(200, 'k') + ": 1\n", "unknown section '" + std::string(80, 'k') + "...' (",
       4, 1},
      {"topology: {grids: [{width: " + std::string(200, '9') + ", height: 3}]}\nmoves: {m: {}}\n",
       "arithmetic of parameters ('(width * height + 1) / 2'), not '" + std::string(80, '9') + "...'", 3, 28},
  };
  for (auto& r : rows) {
    INFO(r.yaml);
    Diagnostics d;
    load(std::string(kHead) + r.yaml + kTail, d);
    REQUIRE_FALSE(d.empty());
    const Diagnostic& first = d.all().front();
    CHECK(first.message.find(r.message) != std::string::npos);
    CHECK(first.pos.line == r.line);
    CHECK(first.pos.col == r.col);
  }
}

TEST_CASE("a file that is not a rule file gets one short diagnostic, which names none of its keys") {
  struct Row {
    const char* what;
    std::string text;
    const char* message;  // a part of the only diagnostic
    int line, col;        // its position (line 0: none)
  };
  const std::vector<Row> rows = {
      {"lines shaped like /etc/shadow (a mapping of keys without values)",
       "root:*:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\nbin:*:19000:0:99999:7:::\n",
       "the file has no section of a rule file: a rule file is a YAML mapping of sections", 1, 1},
      {"lines shaped like /etc/passwd (one scalar)",
       "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n",
       "the file is a scalar: a rule file is a YAML mapping of sections", 1, 1},
      {"another YAML file", "# a compose file\nversion: '3'\nservices:\n  web: {image: nginx}\nvolumes: {data: {}}\n",
       "the file has no section of a rule file", 2, 1},
      {"a JSON object", "{\"user\": \"root\", \"password\": \"hunter2\", \"token\": \"abc\"}\n",
       "the file has no section of a rule file", 1, 2},
      {"an empty mapping", "{}\n", "the file has no section of a rule file", 1, 1},
      {"a list of lines", "- root\n- daemon\n- bin\n", "the file is a list: a rule file is", 1, 1},
      {"keys that are not scalars", "? [a, b]\n: 1\n", "the file has no section of a rule file", 1, 3},
  };
  for (const Row& r : rows) {
    INFO(r.what);
    Diagnostics d;
    load(r.text, d);
    INFO(d.format());
    REQUIRE(d.size() == 1);
    const Diagnostic& only = d.all().front();
    CHECK(only.message.find(r.message) != std::string::npos);
    CHECK(only.pos.line == r.line);
    CHECK(only.pos.col == r.col);
    for (const char* key : {"root", "daemon", "services", "password", "volumes"})
      CHECK(only.message.find(key) == std::string::npos);
  }
  // a file with one section is a rule file: its other keys are unknown sections, each reported
  Diagnostics d;
  load(std::string(kHead) + "moves: {m: {}}\n" + kTail + "bogus: 1\nroot: 2\n", d);
  CHECK(d.size() == 2);
  CHECK(d.format().find("unknown section 'bogus'") != std::string::npos);
}

TEST_CASE("the loader reads hidden information, a step's after and an end rule's message") {
  const std::string text =
      "game: {name: t}\nplayers: [A, B]\nmoves: {m: {}}\n"
      "hidden: {each: c, when: 'c.up == 0', attributes: [rank, suit]}\n"
      "turn: [{choose: all, after: ['set v = 1', pass]}]\n"
      "end: [{when: 'true', result: draw, message: 'bye {me}'}, {when: 'false', result: draw}]\n";
  Diagnostics d;
  Document doc = load(text, d);
  INFO(d.format());
  REQUIRE(d.empty());
  REQUIRE(doc.hidden);
  CHECK(doc.hidden->each.s == "c");
  CHECK(doc.hidden->when.s == "c.up == 0");
  CHECK(doc.hidden->when.pos.line == 4);
  REQUIRE(doc.hidden->attributes);
  REQUIRE(doc.hidden->attributes->size() == 2);
  CHECK((*doc.hidden->attributes)[1].s == "suit");
  CHECK((*doc.hidden->attributes)[1].pos.col == 57);
  REQUIRE(doc.turn.size() == 1);
  REQUIRE(doc.turn[0].after.size() == 2);
  CHECK(doc.turn[0].after[0].s == "set v = 1");
  CHECK(doc.turn[0].after[1].s == "pass");
  REQUIRE(doc.end.size() == 2);
  REQUIRE(doc.end[0].message);
  CHECK(doc.end[0].message->s == "bye {me}");
  CHECK_FALSE(doc.end[1].message);
  // without attributes: none listed (every attribute is secret)
  Diagnostics d2;
  Document bare = load("game: {name: t}\nplayers: [A]\nmoves: {m: {}}\nturn: [{choose: all}]\nend: []\nhidden: {each: c, when: 'true'}\n", d2);
  REQUIRE(bare.hidden);
  CHECK_FALSE(bare.hidden->attributes);
}

TEST_CASE("the loader reports the structural problems of hidden, after and message") {
  struct Row {
    std::string yaml;     // after the head (game, players, moves)
    const char* message;  // a part of the first diagnostic
    int line, col;
  };
  const char* turn_end = "turn: [{choose: all}]\nend: []\n";
  const std::vector<Row> rows = {
      {std::string(turn_end) + "hidden: [c]\n", "'hidden' must be a mapping, not a list", 6, 9},
      {std::string(turn_end) + "hidden: {when: 'true'}\n", "missing key 'each' in 'hidden'", 6, 9},
      {std::string(turn_end) + "hidden: {each: c, when: 'true', secret: [a]}\n",
       "unknown key 'secret' in 'hidden' (expected one of: each, when, attributes)", 6, 33},
      {std::string(turn_end) + "hidden: {each: c, when: [a]}\n", "'when' must be a scalar, not a list", 6, 25},
      {"turn: [{choose: all, after: pass}]\nend: []\n", "'after' must be a list, like [pass], not a scalar", 4, 29},
      {"turn: [{choose: all, after: {a: b}}]\nend: []\n", "'after' must be a list, not a mapping", 4, 29},
      {"turn: [{choose: all}]\nend: [{when: x, result: draw, mesage: hi}]\n",
       "unknown key 'mesage' in 'end' (did you mean 'message'?)", 5, 31},
  };
  for (auto& r : rows) {
    INFO(r.yaml);
    Diagnostics d;
    load("game: {name: t}\nplayers: [A, B]\nmoves: {m: {}}\n" + r.yaml, d);
    REQUIRE_FALSE(d.empty());
    const Diagnostic& first = d.all().front();
    CHECK_THAT(first.message, Catch::Contains(r.message));
    CHECK(first.pos.line == r.line);
    CHECK(first.pos.col == r.col);
  }
}

TEST_CASE("the schema gives the keys each mapping of a rule file allows") {
  struct Row {
    const char* path;
    const char* with;  // the alternative holding this key
    std::vector<std::string> keys;
  };
  const std::vector<Row> rows = {
      {"game", "", {"name", "description", "syntax", "prompt", "notation_case"}},
      {"params.*", "", {"default", "min", "max", "step", "description"}},
      {"players", "", {"count", "names"}},
      {"topology.grids[]", "", {"width", "height", "name", "names", "directions", "diagonals"}},
      {"topology.lines.*", "", {"along", "length"}},
      {"variables.*", "", {"type", "init", "per_player", "counter"}},
      {"history.*", "", {"type", "init"}},
      {"chance.*.dice", "", {"count", "faces"}},
      {"moves.*.requires[]", "", {"check", "error", "message"}},
      {"turn[]", "roll", {"roll", "when"}},
      {"turn[]", "choose", {"choose", "if_none", "when", "after"}},
      {"end[]", "", {"each", "when", "result", "message", "reason"}},
  };
  for (auto& r : rows) {
    INFO(r.path << " " << r.with);
    CHECK(schema::keys(schema::rule_file(), r.path, r.with) == r.keys);
  }
  CHECK(schema::keys(schema::library_file(), "topology") == std::vector<std::string>{"regions"});
  for (const char* path : {"game.name", "moves", "end", "nosuch", "moves.*.effects[]"}) {
    INFO(path);
    CHECK_THROWS_AS(schema::keys(schema::rule_file(), path), std::logic_error);
  }
  CHECK_THROWS_AS(schema::keys(schema::rule_file(), "turn[]", "bogus"), std::logic_error);
}

TEST_CASE("every value of the schema has a one-line description") {
  std::vector<std::string> bad;
  std::function<void(const schema::Value&, const std::string&)> walk = [&](const schema::Value& v, const std::string& at) {
    if (v.description.empty() || v.description.find('\n') != std::string::npos) bad.push_back(at);
    for (const schema::Value& item : v.items) walk(item, at + "/");
    for (const schema::Field& f : v.fields) walk(f.value, at + "." + f.key);
  };
  walk(schema::rule_file(), "");
  walk(schema::library_file(), "library");
  CHECK(bad == std::vector<std::string>{});
}

// Big inputs, in memory: loading stays linear in the input's size (hidden from the default run; ctest runs them as
// big/loader, under a time limit: each took minutes before).
TEST_CASE("the loader reads a mapping of 1,200,000 keys and finds its duplicate", "[.linear]") {
  std::string text = "board: {}\nvariables:\n";
  for (int i = 0; i < 1200000; ++i) text += "  v" + std::to_string(i) + ": 1\n";
  text += "  v0: 2\n";  // line 1,200,003
  auto file = std::make_shared<SourceFile>("big.position", text);
  PositionDecl pos;
  Diagnostics d;
  CHECK_FALSE(load_position_document(file, pos, d));
  REQUIRE(d.size() == 1);
  CHECK(d.all()[0].message == "duplicate key 'v0' (first at line 3)");
  CHECK(d.all()[0].pos.line == 1200003);
  CHECK(pos.variables.size() == 1200001);
}

TEST_CASE("the loader reads a flow list of 100,000 sites on one line, each at its column", "[.linear]") {
  std::string list;
  for (int i = 0; i < 100000; ++i) list += (i ? ", s" : "s") + std::to_string(i);
  Diagnostics d;
  Document doc = load(std::string(kHead) + "topology:\n  sites: [" + list + "]\nmoves: {m: {}}\n" + kTail, d);
  INFO(d.format());
  CHECK(d.empty());
  REQUIRE(doc.sites.size() == 100000);
  const Text& last = doc.sites.back();
  CHECK(last.s == "s99999");
  CHECK(last.pos.line == 4);
  CHECK(last.pos.col == static_cast<int>(std::string("  sites: [").size() + list.rfind("s99999")) + 1);
  CHECK(last.at(5).col == last.pos.col + 5);
}

TEST_CASE("the loader maps a display of 5 MB, on one line or on 50,000", "[.linear]") {
  for (bool one_line : {true, false}) {
    CAPTURE(one_line);
    std::string display;
    if (one_line) {
      display = "display: \"" + std::string(5000000, 'x') + "{1}\"\n";
    } else {
      display = "display: |\n";
      for (int i = 0; i < 50000; ++i) display += "  " + std::string(98, 'x') + "\n";
      display += "  {1}\n";
    }
    Diagnostics d;
    Document doc = load(std::string(kHead) + "moves: {m: {}}\n" + kTail + display, d);
    INFO(d.format());
    CHECK(d.empty());
    const Text& t = doc.display;
    size_t brace = t.s.rfind('{');
    REQUIRE(brace != std::string::npos);
    CHECK(t.at(brace).line == (one_line ? 6 : 50007));
    CHECK(t.at(brace).col == (one_line ? 5000011 : 3));
  }
}
