// Colour and the prompt (language.md, section 5 (`styled`), section 11 (Colour), section 2 (`game`)): the style
// names and their escape sequences, the styles checked at load, what `styled` returns with colour on and off, in
// what is rendered for people and elsewhere, and the prompt a rule file sets.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/styles.hpp"
#include "runtime/engine.hpp"
#include "support.hpp"

using namespace ri;

namespace {

// One player who may mark a site; DISPLAY and PROMPT are filled in by each test.
const char* kGame = R"RULES(
game: {name: styles, PROMPT}
players: [A, B]
topology: {sites: [s1, s2]}
functions: {'tone() -> string': "'red'"}
moves:
  mark:
    params: {s: site}
    effects: [pass]
    notation: "mark {styled('' ++ s, 'green')}"
turn: [{choose: all}]
end: []
display: "DISPLAY"
summary: "DISPLAY"
)RULES";

std::string game_text(const std::string& display, const std::string& prompt = "") {
  std::string text = kGame;
  text.replace(text.find("PROMPT"), 6, prompt.empty() ? "description: none" : "prompt: \"" + prompt + "\"");
  for (size_t at; (at = text.find("DISPLAY")) != std::string::npos;) text.replace(at, 7, display);
  return text;
}

std::string rendered(Game& g) {
  std::string out = g.render();
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

const std::string kRed = "\x1b[31m", kReset = "\x1b[0m";

}  // namespace

TEST_CASE("styles: each name's escape parameters, and the words that are no style") {
  struct Row {
    const char* style;
    bool ok;
    const char* codes_or_unknown;
  };
  const std::vector<Row> rows = {
      {"red", true, "31"},          {"bold red", true, "1;31"},    {"  dim   cyan ", true, "2;36"},
      {"plain", true, ""},          {"plain red", true, "31"},     {"underline", true, "4"},
      {"reverse white", true, "7;37"}, {"black", true, "30"},      {"magenta", true, "35"},
      {"rde", false, "rde"},        {"bold Red", false, "Red"},    {"", false, ""},
      {"   ", false, "   "},        {"red,bold", false, "red,bold"},
  };
  for (const Row& r : rows) {
    INFO("'" << r.style << "'");
    std::string unknown;
    std::optional<std::string> codes = style_codes(r.style, unknown);
    REQUIRE(codes.has_value() == r.ok);
    CHECK((r.ok ? *codes : unknown) == r.codes_or_unknown);
  }
}

TEST_CASE("styles: a misspelt style is suggested, else every name listed") {
  CHECK(style_hint("rde") == " (did you mean 'red'?)");
  CHECK(style_hint("blod") == " (did you mean 'bold'?)");
  CHECK(style_hint("sparkly") ==
        " (expected one of: plain, bold, dim, italic, underline, reverse, black, red, green, yellow, blue, magenta, "
        "cyan, white)");
}

TEST_CASE("styles: a text between the escape sequences of its style and of the reset") {
  CHECK(apply_style("AS", "31") == kRed + "AS" + kReset);
  CHECK(apply_style("x", "1;31") == "\x1b[1;31mx" + kReset);
  CHECK(apply_style("x", "") == "x");  // plain
  CHECK(apply_style("", "31") == "");  // nothing to colour
}

TEST_CASE("styles: a style written out is checked at load") {
  struct Row {
    const char* display;
    const char* error;  // "" when it loads
  };
  const std::vector<Row> rows = {
      {"{styled('x', 'red')}", ""},
      {"{styled('x', 'bold  green')}", ""},
      {"{styled('x', if me == A then 'red' else 'plain')}", ""},
      {"{styled('x', tone())}", ""},  // not written out: checked when evaluated
      {"{styled('x', 'rde')}", "test.rules:13:24: error: unknown style 'rde' (did you mean 'red'?)"},
      {"{styled('x', 'bold sparkly')}",
       "test.rules:13:24: error: unknown style 'sparkly' (expected one of: plain, bold, dim, italic, underline, "
       "reverse, black, red, green, yellow, blue, magenta, cyan, white)"},
      {"{styled('x', if me == A then 'red' else 'gren')}", "error: unknown style 'gren' (did you mean 'green'?)"},
      {"{styled('x', '')}", "error: unknown style ''"},
      {"{styled(1, 'red')}", "argument 1 of 'styled'"},
  };
  for (const Row& r : rows) {
    INFO(r.display);
    Diagnostics d;
    auto p = load_rules_text("test.rules", game_text(r.display), d);
    if (std::string(r.error).empty()) {
      INFO(d.format());
      CHECK(p);
    } else {
      CHECK_FALSE(p);
      CHECK_THAT(d.format(), Catch::Contains(r.error));
    }
  }
}

TEST_CASE("styles: styled colours only what is rendered for people, and only with colour on") {
  auto p = testing::compile_text(game_text("[{styled('AS', 'red')}] [{styled('x', 'plain')}] {me}"));
  Game g(p);
  Move first;
  {
    MoveList ml;
    g.legal(ml);
    REQUIRE(ml.size > 0);
    first = ml[0];
  }
  SECTION("off: the text itself, everywhere") {
    CHECK_FALSE(g.colour());
    CHECK(rendered(g) == "[AS] [x] A");
    CHECK(g.summary() == "[AS] [x] A");
    CHECK(g.shown(first) == "mark s1");
    CHECK(g.write(first) == "mark s1");
  }
  SECTION("on: the display, the summary and the notation shown are styled; the full notation is not") {
    g.set_colour(true);
    CHECK(rendered(g) == "[" + kRed + "AS" + kReset + "] [x] A");
    CHECK(g.summary() == "[" + kRed + "AS" + kReset + "] [x] A");
    CHECK(g.shown(first) == "mark \x1b[32ms1" + kReset);
    CHECK(g.write(first) == "mark s1");  // what logs record and reading matches
    CHECK(g.read("mark s1").ok);
    // the same game: colour changes no state
    Game plain(p);
    CHECK(plain.hash() == g.hash());
  }
}

TEST_CASE("styles: outside a rendering, styled is the text itself even with colour on") {
  std::vector<std::string> exprs = {"styled('AS', 'red')", "styled('AS', 'red') == 'AS'"};
  Diagnostics d;
  LoadOptions o;
  o.expressions = &exprs;
  auto p = load_rules_text("test.rules", game_text("x"), d, o);
  INFO(d.format());
  REQUIRE(p);
  Game g(p);
  g.set_colour(true);
  Machine& M = g.machine();
  const std::vector<std::string> values = {"AS", "true"};
  for (size_t i = 0; i < exprs.size(); ++i) {
    INFO(exprs[i]);
    M.begin_operation();
    int e = p->expressions[i];
    CHECK(M.show_value(M.evaluate(e), p->code[e].type) == values[i]);
  }
}

TEST_CASE("styles: a style computed at run time is checked whether colour is on or not") {
  auto p = testing::compile_text(game_text("{styled('x', tone() ++ 'x')}"));
  for (bool on : {false, true}) {
    INFO("colour " << on);
    Game g(p);
    g.set_colour(on);
    try {
      g.render();
      FAIL("no runtime error");
    } catch (const RuntimeError& e) {
      CHECK(std::string(e.what()) == "unknown style 'redx' (did you mean 'red'?)");
    }
  }
}

TEST_CASE("styles: the prompt is the rule file's game.prompt, rendered for the player to move") {
  struct Row {
    const char* prompt;  // "" : none
    bool colour;
    std::string shown;
  };
  const std::vector<Row> rows = {
      {"", false, "A> "},
      {"", true, "A> "},
      {"Input command >> ", false, "Input command >> "},
      {"{me}, your move: ", false, "A, your move: "},
      {"{styled(me ++ '', 'bold')} > ", false, "A > "},
      {"{styled(me ++ '', 'bold')} > ", true, "\x1b[1mA" + kReset + " > "},
  };
  for (const Row& r : rows) {
    INFO("'" << r.prompt << "' colour " << r.colour);
    Game g(testing::compile_text(game_text("x", r.prompt)));
    g.set_colour(r.colour);
    CHECK(g.prompt() == r.shown);
  }
}

TEST_CASE("styles: the shipped cards are red for diamonds and hearts where colour is on") {
  auto p = testing::compile_file("rules/solitaire.rules");
  Prng rng(274);
  Game g(p, rng);
  CHECK(g.prompt() == "Input command >> ");
  std::string plain = g.render();
  CHECK(plain.find('\x1b') == std::string::npos);
  g.set_colour(true);
  std::string coloured = g.render();
  // seed 274 deals the nine of hearts face up on the first column (tests/cli/solitaire-seed-274.expected)
  CHECK_THAT(coloured, Catch::Contains(" " + kRed + "♥9" + kReset + " ???"));
  CHECK_THAT(coloured, Catch::Contains("♠A"));
  CHECK(coloured.find("\x1b[31m♠") == std::string::npos);
}
