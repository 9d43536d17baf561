// Rule-file parameters (language.md, section 2 (`params`)), generated players and grid names by index: the loader, the
// checker, the values given from outside (--set, a position file, a log header) and the compiled program. Each row
// is a rule file (or a setting) and what must come of it.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "syntax/document.hpp"
#include "runtime/engine.hpp"
#include "runtime/machine.hpp"
#include "io/movelog.hpp"
#include "syntax/params.hpp"
#include "io/position.hpp"

using namespace ri;

namespace {

// Line 1 names the game; line 2 declares n = 3 and m (2, from 1 to 5); the part under test starts at line 3.
const std::string kHead = "game: {name: P}\nparams: {n: 3, m: {default: 2, min: 1, max: 5}}\n";
const std::string kTail = "moves: {go: {}}\nturn: [{choose: all}]\nend: []\n";
std::string game(const std::string& part) { return kHead + part + kTail; }
// a game whose players are A and B, with `part` from line 4
std::string two(const std::string& part) { return game("players: [A, B]\n" + part); }
// a game whose players are A and B and whose moves, on line 4, are `moves`
std::string with_moves(const std::string& moves) {
  return kHead + "players: [A, B]\nmoves: " + moves + "\nturn: [{choose: all}]\nend: []\n";
}

std::shared_ptr<const Program> compile(const std::string& text, Diagnostics& d, const ParamValues& values = {},
                                       std::vector<std::string>* bad = nullptr,
                                       const std::vector<std::string>* expressions = nullptr) {
  LoadOptions o;
  o.params = values;
  o.param_errors = bad;
  o.expressions = expressions;
  return load_rules_text("t.rules", text, d, o);
}

// The values of expressions in the initial position of a rule file (loaded with `values`).
std::vector<std::string> values_of(const std::string& text, const std::vector<std::string>& exprs,
                                   const ParamValues& values = {}) {
  Diagnostics d;
  auto p = compile(text, d, values, nullptr, &exprs);
  INFO(d.format());
  REQUIRE(p);
  Game g(p);
  std::vector<std::string> out;
  for (int e : p->expressions) {
    g.machine().begin_operation();
    out.push_back(g.machine().show_value(g.machine().evaluate(e), p->code[e].type));
  }
  return out;
}

}  // namespace

TEST_CASE("params: the loader reads parameters, counts that name them and generated players") {
  struct Row {
    const char* what;
    std::string text;
    std::function<void(const Document&)> check;
  };
  const std::vector<Row> rows = {
      {"short and long forms", game("players: [A]\n"),
       [](const Document& d) {
         REQUIRE(d.params.size() == 2);
         CHECK(d.params[0].name.s == "n");
         CHECK(d.params[0].def == 3);
         CHECK(d.params[0].value == 3);
         CHECK_FALSE(d.params[0].min);
         CHECK(d.params[1].def == 2);
         CHECK(*d.params[1].min == 1);
         CHECK(*d.params[1].max == 5);
         CHECK(d.params[1].max_pos.line == 2);
       }},
      {"negative numbers and a description",
       "game: {name: P}\nparams: {low: {default: -5, min: -2147483648, description: how low}}\nplayers: [A]\n" + kTail,
       [](const Document& d) {
         CHECK(d.params[0].def == -5);
         CHECK(*d.params[0].min == INT32_MIN);
         CHECK(d.params[0].description.s == "how low");
       }},
      {"counts: a number or a parameter's name",
       two("topology: {grids: [{width: n, height: 2}]}\npieces: {s: {per_player: m}}\nchance: {d: {dice: {count: n, "
           "faces: [1]}}}\n"),
       [](const Document& d) {
         CHECK(d.grids[0].width.param.s == "n");
         CHECK(d.grids[0].width.pos.col == 28);
         CHECK(d.grids[0].height.param.s.empty());
         CHECK(d.grids[0].height.value == 2);
         CHECK(d.pieces[0].per_player->param.s == "m");
         CHECK(d.chance[0].dice_count->param.s == "n");
       }},
      {"generated players", game("players: {count: n, names: 'p{n}'}\n"),
       [](const Document& d) {
         CHECK(d.players.empty());
         CHECK(d.player_count->param.s == "n");
         CHECK(d.player_names.s == "p{n}");
       }},
      {"generated players' default names", game("players: {count: 4}\n"),
       [](const Document& d) {
         CHECK(d.player_count->value == 4);
         CHECK(d.player_names.s == "{letter}");
         CHECK(d.player_names.pos.line == 0);
       }},
  };
  for (auto& r : rows) {
    INFO(r.what << "\n" << r.text);
    Diagnostics d;
    Document doc;
    load_document(std::make_shared<SourceFile>("t.rules", r.text), doc, d);
    INFO(d.format());
    CHECK(d.empty());
    r.check(doc);
  }
}

TEST_CASE("params: every problem of a parameter, a count, the players and a grid is reported at its position") {
  struct Row {
    const char* what;
    std::string text;
    const char* message;  // a part of the first diagnostic; "" when the file is valid
    int line, col;
  };
  const std::vector<Row> rows = {
      // ---- loading
      {"params not a mapping", "game: {name: P}\nparams: [n]\nplayers: [A]\n" + kTail, "'params' must be a mapping, not a list", 2, 9},
      {"an unknown key", "game: {name: P}\nparams: {n: {defualt: 3}}\nplayers: [A]\n" + kTail,
       "unknown key 'defualt' in 'params.n' (did you mean 'default'?)", 2, 14},
      {"no default", "game: {name: P}\nparams: {n: {min: 3}}\nplayers: [A]\n" + kTail, "missing key 'default' in 'params.n'", 2, 13},
      {"a default that is no number", "game: {name: P}\nparams: {n: {default: x}}\nplayers: [A]\n" + kTail,
       "'default' must be a whole number from -2147483648 to 2147483647, not 'x'", 2, 23},
      {"a short form beyond 32 bits", "game: {name: P}\nparams: {n: 2147483648}\nplayers: [A]\n" + kTail,
       "'params.n' must be a whole number from -2147483648 to 2147483647, not '2147483648'", 2, 13},
      {"a max that is no number", "game: {name: P}\nparams: {n: {default: 1, max: 1.5}}\nplayers: [A]\n" + kTail,
       "'max' must be a whole number from -2147483648 to 2147483647, not '1.5'", 2, 31},
      {"a count that is neither", two("topology: {grids: [{width: 3x, height: 2}]}\n"),
       "'width' must be a whole number from 0 to 1000000, a parameter or arithmetic of parameters ('(width * height + 1) / 2'), not '3x'", 4, 28},
      {"players: an unknown key", game("players: {count: 2, name: x}\n"), "unknown key 'name' in 'players' (did you mean 'names'?)", 3, 21},
      {"players: no count", game("players: {names: x}\n"), "missing key 'count' in 'players'", 3, 10},
      // ---- the parameters
      {"a default out of range", "game: {name: P}\nparams: {n: {default: 9, min: 1, max: 5}}\nplayers: [A]\n" + kTail,
       "parameter 'n' is from 1 to 5, but its default is 9", 2, 23},
      {"a default below the min", "game: {name: P}\nparams: {n: {default: 0, min: 1}}\nplayers: [A]\n" + kTail,
       "parameter 'n' is at least 1, but its default is 0", 2, 23},
      {"a max below the min", "game: {name: P}\nparams: {n: {default: 1, min: 5, max: 1}}\nplayers: [A]\n" + kTail,
       "parameter 'n' has a max (1) below its min (5)", 2, 39},
      {"a step below 1", "game: {name: P}\nparams: {n: {default: 4, min: 4, step: 0}}\nplayers: [A]\n" + kTail,
       "parameter 'n' has a step of 0: a step is at least 1", 2, 40},
      {"a default off the step", "game: {name: P}\nparams: {n: {default: 5, min: 4, max: 10, step: 2}}\nplayers: [A]\n" + kTail,
       "parameter 'n' is from 4 to 10 in steps of 2, but its default is 5", 2, 23},
      {"a default off the step from 0", "game: {name: P}\nparams: {n: {default: 5, step: 2}}\nplayers: [A]\n" + kTail,
       "parameter 'n' is from -2147483648 to 2147483647 in steps of 2, but its default is 5", 2, 23},
      {"a parameter named like a player", game("players: [n, B]\n"), "'n' is already declared as a parameter (at line 2, column 10)", 3, 11},
      {"a parameter that is no name", "game: {name: P}\nparams: {a-b: 1}\nplayers: [A]\n" + kTail,
       "'a-b' cannot be a name", 2, 10},
      {"a parameter named like a library function", "game: {name: P}\nparams: {vacant: 1}\nplayers: [A]\n" + kTail,
       "'vacant' is already declared as a function of the standard library", 2, 10},
      {"a parameter is not a variable", with_moves("{go: {effects: ['set n = 4']}}"),
       "'n' is not a variable", 4, 29},
      {"a parameter is an int", with_moves("{go: {requires: ['n']}}"),
       "a requirement must be bool, not int", 4, 26},
      {"a parameter in expressions", with_moves("{go: {requires: ['n * m == 6 and n in 1..n']}}"),
       "", 0, 0},
      // ---- counts
      {"an undeclared parameter as a width", two("topology: {grids: [{width: nn, height: 2}]}\n"),
       "undeclared parameter 'nn' (declared: 'n', 'm')", 4, 28},
      {"a misspelt parameter", "game: {name: P}\nparams: {size: 3}\nplayers: [A]\ntopology: {grids: [{width: sise, height: 2}]}\n" + kTail,
       "undeclared parameter 'sise' (did you mean 'size'?)", 4, 28},
      {"an undeclared parameter as per_player", two("pieces: {s: {per_player: k}}\n"),
       "undeclared parameter 'k' (declared: 'n', 'm')", 4, 26},
      {"an undeclared parameter as dice", two("chance: {d: {dice: {count: q, faces: [1, 2]}}}\n"),
       "undeclared parameter 'q' (declared: 'n', 'm')", 4, 28},
      {"a count that names a site", two("topology: {sites: [x], grids: [{width: x, height: 2}]}\n"),
       "undeclared parameter 'x' (declared: 'n', 'm')", 4, 40},
      {"a parameter's width out of range",
       "game: {name: P}\nparams: {w: 30}\nplayers: [A]\ntopology: {grids: [{width: w, height: 2}]}\n" + kTail,
       "a grid's width must be 1 to 26 and its height 1 to 99", 4, 20},
      {"a parameter's dice out of range",
       "game: {name: P}\nparams: {k: 17}\nplayers: [A]\nchance: {d: {dice: {count: k, faces: [1]}}}\n" + kTail,
       "dice need a count from 1 to 16 and from 1 to 64 faces", 4, 10},
      {"a negative number of pieces",
       "game: {name: P}\nparams: {k: -1}\nplayers: [A]\npieces: {s: {per_player: k}}\n" + kTail,
       "'per_player' must be a whole number from 0 to 1000000, not -1 (the value of parameter 'k')", 4, 26},
      {"too many pieces", "game: {name: P}\nparams: {k: 5000}\nplayers: [A]\npieces: {s: {per_player: k}}\n" + kTail,
       "at most 4096 pieces are supported", 4, 26},
      {"counts from parameters", two("topology: {grids: [{width: n, height: m}]}\npieces: {s: {per_player: n}}\nchance: "
                                     "{d: {dice: {count: m, faces: [1, 2]}}}\n"),
       "", 0, 0},
      // ---- generated players
      {"players by a parameter", game("players: {count: n}\n"), "", 0, 0},
      {"an undeclared parameter as the count", game("players: {count: zz}\n"), "undeclared parameter 'zz' (declared: 'n', 'm')", 3, 18},
      {"no player", game("players: {count: 0}\n"), "the number of players must be from 1 to 32, not 0", 3, 18},
      {"33 players", game("players: {count: 33, names: 'p{n}'}\n"), "the number of players must be from 1 to 32, not 33", 3, 18},
      {"27 letters", game("players: {count: 27}\n"), "'{letter}' names at most 26 players, not 27 (name them with '{n}')", 3, 18},
      {"27 capitals", game("players: {count: 27, names: 'P{LETTER}'}\n"), "'{LETTER}' names at most 26 players, not 27", 3, 18},
      {"32 numbered", game("players: {count: 32, names: 'p{n}'}\n"), "", 0, 0},
      {"one name for all", game("players: {count: 3, names: p}\n"),
       "the names of 3 players need '{letter}', '{LETTER}' or '{n}' in their pattern, not 'p'", 3, 28},
      {"one player needs no placeholder", game("players: {count: 1, names: solo}\n"), "", 0, 0},
      {"numbers are no names", game("players: {count: 2, names: '{n}'}\n"),
       "'1' cannot be a name: use letters, digits and '_', not starting with a digit", 3, 28},
      {"a generated name taken", game("players: {count: 2}\ntopology: {sites: [b]}\n"),
       "'b' is already declared as a player (at line 3, column 18)", 4, 20},
      {"opponent with two generated players",
       game("players: {count: 2, names: '{LETTER}'}\nfunctions: {'f() -> player': 'opponent(A)'}\n"), "", 0, 0},
      {"opponent with three", game("players: {count: n}\nfunctions: {'f() -> player': 'opponent(a)'}\n"),
       "'opponent' needs exactly two players", 4, 31},
      // ---- grid names by index
      {"a grid named by index", two("topology: {grids: [{width: 3, height: 2, names: 'c{i}'}]}\nfunctions: {'f() -> site': 'c0'}\n"),
       "", 0, 0},
      {"index names are no expressions", two("topology: {grids: [{width: 3, height: 2, names: '{i}'}]}\n"), "", 0, 0},
  };
  for (auto& r : rows) {
    INFO(r.what << "\n" << r.text);
    Diagnostics d;
    auto p = compile(r.text, d);
    INFO(d.format());
    if (std::string(r.message).empty()) {
      CHECK(p);
      continue;
    }
    REQUIRE_FALSE(d.empty());
    const Diagnostic& first = d.all().front();
    CHECK_THAT(first.message, Catch::Contains(r.message));
    CHECK(first.pos.line == r.line);
    CHECK(first.pos.col == r.col);
  }
}

TEST_CASE("params: a parameter is a constant, counts take its value, players and grid sites get their names") {
  const std::string text =
      "game: {name: P}\n"
      "params: {size: {default: 3, min: 1, max: 9}, count: 2, stones: 4}\n"
      "players: {count: count, names: 'p{LETTER}{n}'}\n"
      "topology: {grids: [{width: size, height: 2, names: '{i}'}]}\n"
      "zones: {hand: {per_player: true}}\n"
      "pieces: {s: {per_player: stones, at: hand}}\n"
      "chance: {d: {dice: {count: size, faces: [1, 2]}}}\n" +
      kTail;
  struct Row {
    ParamValues set;
    std::vector<std::string> exprs, want;
  };
  const std::vector<Row> rows = {
      {{}, {"size * 10 + count", "players", "sites", "len(pieces)", "x_of(site_at(1, 1))"},
       {"32", "[pA1, pB2]", "[3, 4, 5, 0, 1, 2, hand, hand]", "8", "1"}},
      {{{"size", 2}, {"count", 3}}, {"size", "players", "len(sites)", "owned(hand[pC3], pC3)"},
       {"2", "[pA1, pB2, pC3]", "7", "4"}},
  };
  for (auto& r : rows) {
    CHECK(values_of(text, r.exprs, r.set) == r.want);
  }
  // the compiled program records every parameter's value; the grid's {i} counts from the north-west corner
  Diagnostics d;
  auto p = compile(text, d, {{"stones", 1}});
  REQUIRE(p);
  REQUIRE(p->params.size() == 3);
  CHECK(p->params[0].name == "size");
  CHECK(p->params[2].value == 1);
  CHECK(p->pieces.size() == 2);
  CHECK(format_settings(*p) == "size=3 count=2 stones=1");
  CHECK(p->site_names[static_cast<size_t>(p->grids[0].sites[0])] == "3");  // column a, row 1: the south-west corner
  // the dice: `size` dice of two faces, so the sums 3 to 6
  CHECK(p->chance[0].values == std::vector<int64_t>{3, 4, 5, 6});
}

TEST_CASE("params: values given from outside are checked against the declared parameters") {
  const std::string text = game("players: [A]\n");
  struct Row {
    ParamValues set;
    std::vector<std::string> errors;
  };
  const std::vector<Row> rows = {
      {{{"n", 7}, {"m", 5}}, {}},
      {{{"m", -1}}, {"parameter 'm' is from 1 to 5, not -1"}},
      {{{"n", 2147483648}}, {"parameter 'n' is from -2147483648 to 2147483647, not 2147483648"}},
      {{{"nn", 1}}, {"unknown parameter 'nn' (parameters: m, n)"}},
      {{{"M", 1}}, {"unknown parameter 'M' (did you mean 'm'?)"}},
      {{{"size", 1}, {"m", 9}}, {"unknown parameter 'size' (parameters: m, n)", "parameter 'm' is from 1 to 5, not 9"}},
      {{{"n", 1}, {"n", 2}}, {"parameter 'n' is given twice"}},
  };
  for (auto& r : rows) {
    Diagnostics d;
    std::vector<std::string> bad;
    auto p = compile(text, d, r.set, &bad);
    CHECK(bad == r.errors);
    CHECK(d.empty());
    CHECK((p != nullptr) == r.errors.empty());
  }
  // a rule file without parameters takes none; without `param_errors` the problem is the rule file's, unplaced
  Diagnostics d;
  std::vector<std::string> bad;
  CHECK_FALSE(compile("game: {name: P}\nplayers: [A]\n" + kTail, d, {{"n", 1}}, &bad));
  CHECK(bad == std::vector<std::string>{"the rule file has no parameters"});
  Diagnostics d2;
  CHECK_FALSE(compile(text, d2, {{"m", 0}}));
  REQUIRE(d2.size() == 1);
  CHECK(d2.format() == "t.rules: error: parameter 'm' is from 1 to 5, not 0\n");
  // one-sided ranges
  RuleParamDecl low;
  low.min = 0;
  CHECK(param_range(low) == "at least 0");
  RuleParamDecl high;
  high.max = 8;
  CHECK(param_range(high) == "at most 8");
  // a step: the values from the min (0 without one) in steps
  struct StepRow {
    std::optional<int32_t> min, max;
    int32_t step;
    int64_t value;
    bool allowed;
  };
  const std::vector<StepRow> steps = {
      {4, 10, 2, 4, true}, {4, 10, 2, 10, true}, {4, 10, 2, 5, false}, {4, 10, 2, 12, false},
      {3, std::nullopt, 3, 9, true}, {3, std::nullopt, 3, 10, false}, {std::nullopt, std::nullopt, 2, -4, true},
      {std::nullopt, std::nullopt, 2, -3, false}, {1, 5, 1, 3, true},
  };
  for (const StepRow& r : steps) {
    INFO(r.value << " step " << r.step);
    RuleParamDecl p;
    p.min = r.min;
    p.max = r.max;
    p.step = r.step;
    CHECK(param_allows(p, r.value) == r.allowed);
  }
}

TEST_CASE("params: a setting is NAME=VALUE") {
  struct Row {
    const char* text;
    const char* error;  // "" when valid
    const char* name;
    int64_t value;
  };
  const std::vector<Row> rows = {
      {"size=4", "", "size", 4},
      {"_x1=-12", "", "_x1", -12},
      {"big=9223372036854775807", "", "big", INT64_MAX},
      {"size", "a parameter is set as NAME=VALUE, like size=4, not 'size'", "", 0},
      {"=4", "a parameter is set as NAME=VALUE, like size=4, not '=4'", "", 0},
      {"4x=4", "'4x' cannot be the name of a parameter (in '4x=4')", "", 0},
      {"size=", "the value of 'size' must be a whole number, not ''", "", 0},
      {"size=+4", "the value of 'size' must be a whole number, not '+4'", "", 0},
      {"size=4.5", "the value of 'size' must be a whole number, not '4.5'", "", 0},
      {"size=99999999999999999999", "the value of 'size' must be a whole number, not '99999999999999999999'", "", 0},
  };
  for (auto& r : rows) {
    INFO(r.text);
    std::pair<std::string, int64_t> out;
    CHECK(parse_setting(r.text, out) == r.error);
    if (std::string(r.error).empty()) {
      CHECK(out.first == r.name);
      CHECK(out.second == r.value);
    }
  }
}

TEST_CASE("params: a position file records the parameters it is for") {
  const std::string text = game("players: [A, B]\ntopology: {grids: [{width: n, height: 1, names: '{i}'}]}\n");
  Diagnostics d;
  auto p = compile(text, d, {{"n", 2}});
  REQUIRE(p);
  Game g(p);
  CHECK(write_position(g).substr(0, 25) == "params: {n: 2, m: 2}\nplay");
  struct Row {
    const char* params;  // the position's `params` line (line 1)
    const char* message;  // "" when it loads
    int col;
  };
  const std::vector<Row> rows = {
      {"params: {n: 2, m: 2}", "", 0},
      {"params: {n: 2}", "", 0},
      {"params: {n: 3}", "the position is for n=3, but the rules are loaded with n=2", 13},
      {"params: {nn: 2}", "undeclared parameter 'nn' (declared: 'n', 'm')", 10},
      {"params: {n: two}", "parameter 'n' is a whole number, not 'two'", 13},
  };
  for (auto& r : rows) {
    INFO(r.params);
    Diagnostics pd;
    Position pos;
    bool ok = parse_position(std::make_shared<SourceFile>("p.position", std::string(r.params) + "\nboard: {'1': []}\n"), *p,
                             pos, pd);
    if (std::string(r.message).empty()) {  // (a site named "1", by the grid's {i}, is a key like any other)
      CHECK(ok);
      CHECK(pd.empty());
      continue;
    }
    CHECK_FALSE(ok);
    REQUIRE_FALSE(pd.empty());
    CHECK(pd.all().front().message == r.message);
    CHECK(pd.all().front().pos.col == r.col);
  }
  // a site named by index, and a position read back from what was written
  Diagnostics pd;
  Position pos;
  CHECK(parse_position(std::make_shared<SourceFile>("p.position", "params: {n: 2}\nboard: {}\n"), *p, pos, pd));
  g.reset(pos);
  CHECK(write_position(g) == "params: {n: 2, m: 2}\nplayer: A\nstep: 0\nturn: 1\nboard: {}\n");
}
