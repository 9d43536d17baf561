// Warnings (spec/errors.md, section 13): moves no turn step offers and declarations never used, computed by
// check/warnings.cpp when LoadOptions::warnings asks for them (`ruleinterp check`).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"

using namespace ri;

namespace {

// A game whose every declaration is used: lines 1-5 declare the players A and B, the sites x, y, z and the variable t;
// `vars` are more variables (from line 6), then `decls` (sections), the move go and `moves` (more moves), the turn
// `turn`, an end rule and `rest` (more sections); `topology` is more of the topology (line 3).
std::string game(const std::string& vars, const std::string& decls = "", const std::string& moves = "",
                 const std::string& rest = "", const std::string& turn = "[{choose: [go]}]",
                 const std::string& topology = "") {
  return "game: {name: W}\nplayers: [A, B]\ntopology: {sites: [x, y, z]" + topology + "}\nvariables:\n  t: 0\n" + vars + decls +
         "moves:\n  go:\n    effects: ['set t = t + 1']\n" + moves + "turn: " + turn +
         "\nend: [{when: t > 3, result: draw}]\n" + rest;
}

// The diagnostics of `text` loaded with warnings (or without), each as "LINE:COL: warning: MESSAGE".
std::vector<std::string> diagnostics(const std::string& text, bool asked = true) {
  Diagnostics d;
  LoadOptions o;
  o.warnings = asked;
  auto p = load_rules_text("w.rules", text, d, o);
  std::vector<std::string> out;
  for (const Diagnostic& w : d.all())
    out.push_back(std::to_string(w.pos.line) + ":" + std::to_string(w.pos.col) + ": " + severity_name(w.severity) +
                  ": " + w.message);
  if (d.errors() == 0) CHECK(p);  // warnings never stop the program from being loaded
  return out;
}

using List = std::vector<std::string>;

}  // namespace

TEST_CASE("warnings: moves no turn step offers, and variables, functions, regions and piece kinds never used") {
  struct Row {
    const char* what;
    std::string text;
    List want;
  };
  const std::string functions =
      "functions:\n  helper(int n): n + 1\n  unused(int n): helper(n) * 2\n"
      "  down(int n) -> int: 'if n <= 0 then 0 else down(n - 1)'\n";
  const std::string pieces =
      "pieces:\n  man: {per_player: 2}\n  king: {per_player: 0}\n  ghost: {per_player: 0}\n  tower: {}\n  flag: {per_player: 1}\n"
      "start:\n  board:\n    x: {flag: A}\n";
  const std::vector<Row> rows = {
      {"every declaration used", game(""), {}},
      // ---- moves
      {"a move no step offers", game("", "", "  fly: {}\n"), {"9:3: warning: move 'fly' is offered by no turn step"}},
      {"choose: all offers every move", game("", "", "  fly: {}\n", "", "[{choose: all}]"), {}},
      {"a move offered by a later step", game("", "", "  fly: {}\n", "", "[{choose: [go]}, {choose: [fly]}]"), {}},
      // ---- variables
      {"variables never used", game("  spare: 0\n  score: {per_player: true, init: 0}\n"),
       {"6:3: warning: variable 'spare' is never used", "7:3: warning: variable 'score' is never used"}},
      {"variables only shown, summarised, set up or checked",
       game("  shown: 0\n  summed: 0\n  once: 0\n  inv: 0\n", "", "", 
            "display: '{shown}'\nsummary: '{summed}'\nsetup: ['set once = 1']\ninvariants: {ok: 'inv >= 0'}\n"),
       {}},
      {"a variable only set", game("  written: 0\n", "", "  put:\n    effects: ['set written = 1']\n", "", "[{choose: all}]"), {}},
      {"a per-player variable read by its player", game("  score: {per_player: true, init: 0}\n", "", "", "display: '{score[A]}'\n"), {}},
      {"a variable only a step's condition reads", game("  on: {type: bool, init: 'true'}\n", "", "", "", "[{choose: [go], when: on}]"), {}},
      // ---- functions
      {"functions never called, called by an unused one, or only by themselves", game("", functions),
       {"7:3: warning: function 'helper' is never used", "8:3: warning: function 'unused' is never used",
        "9:3: warning: function 'down' is never used"}},
      {"functions reached from the display", game("", "functions:\n  a(): b()\n  b(): 1\n", "", "display: '{a()}'\n"), {}},
      {"a function only a move's notation calls", game("", "functions:\n  name(): \"'go'\"\n", "    notation: '{name()}'\n"), {}},
      // ---- regions
      {"a region never used", game("", "", "", "display: '{len(left)}'\n", "[{choose: [go]}]", ", regions: {left: [x], right: [z]}"),
       {"3:51: warning: region 'right' is never used"}},
      {"a region only a move's domain uses", game("", "", "  put:\n    params: {s: site in left}\n", "", "[{choose: all}]", ", regions: {left: [x]}"), {}},
      // ---- piece kinds
      {"piece kinds without pieces and never named", game("", pieces, "", "display: '{len(all_pieces(king))}'\n"),
       {"9:3: warning: piece kind 'ghost' is never used", "10:3: warning: piece kind 'tower' is never used"}},
      // ---- libraries
      {"the standard library's functions are never reported", game("", "import: [cards]\n"), {}},
  };
  for (const Row& r : rows) {
    INFO(r.what << "\n" << r.text);
    CHECK(diagnostics(r.text) == r.want);
  }
}

TEST_CASE("warnings: only when asked for, and only for a rule file without errors") {
  const std::string unused = game("  spare: 0\n");
  CHECK(diagnostics(unused) == List{"6:3: warning: variable 'spare' is never used"});
  CHECK(diagnostics(unused, false).empty());  // load_rules without LoadOptions::warnings: every command but check
  // an error: the names its expression uses are not known, so nothing is said about what is unused
  CHECK(diagnostics(game("  spare: 0\n", "", "    requires: ['t > w']\n")) ==
        List{"10:21: error: undeclared name 'w'"});
}

TEST_CASE("warnings: counted apart from errors, written with 'warning:'") {
  Diagnostics d;
  auto file = std::make_shared<SourceFile>("w.rules", "a\nvariables: {spare: 0}\n");
  d.warning({file}, Pos{2, 13, 0}, "variable 'spare' is never used");
  CHECK(d.errors() == 0);
  CHECK(d.warnings() == 1);
  CHECK(d.format() ==
        "w.rules:2:13: warning: variable 'spare' is never used\n"
        "    2 | variables: {spare: 0}\n"
        "      |             ^\n");
  d.error(file, Pos{1, 1, 0}, "bad");
  CHECK(d.errors() == 1);
  CHECK(d.warnings() == 1);
}
