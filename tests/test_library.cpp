// Imports and the standard library's cards (spec/language.md, sections 2 (`import`) and 15), piece names (2),
// all_pieces (5), and the setup's shuffle with a seed or a deck (2 (`setup`), 6). Each row is a rule file's part, the expressions to
// evaluate once the game is set up, and the values expected. The shuffles are checked against spec/prng.md's known
// answer: shuffle([0..9]) with seed 99 is [8, 7, 5, 0, 6, 3, 4, 9, 1, 2].
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "runtime/engine.hpp"
#include "common/prng.hpp"

using namespace ri;

namespace {

// One player P, sites x and y; the part under test follows.
const std::string kHead = "game: {name: Library}\nplayers: [P, Q]\ntopology: {sites: [x, y]}\n";
const std::string kTail = "moves: {go: {}}\nturn: [{choose: all}]\nend: []\n";

// Ten chips c0..c9 on x, c0 at the bottom; the setup is appended.
const std::string kChips = "pieces:\n  chip: {each: 'i in 0..9', at: x, name: 'c{i}'}\n";

// The values of `exprs` (as eval writes them) after setting up `part` with Prng(seed) and `deck`.
std::vector<std::string> values(const std::string& part, const std::vector<std::string>& exprs, uint64_t seed = 0,
                                const std::vector<std::string>& deck = {}) {
  Diagnostics d;
  auto prog = load_rules_text("t.rules", kHead + part + kTail, d, &exprs);
  INFO(d.format());
  REQUIRE(prog);
  Prng rng(seed);
  Game g(prog, rng, deck);
  Machine& m = g.machine();
  std::vector<std::string> out;
  for (int e : prog->expressions) {
    m.begin_operation();
    out.push_back(m.show_value(m.evaluate(e), prog->code[e].type));
  }
  return out;
}

struct Row {
  const char* what;
  std::string part;                // sections between the head and the tail
  std::vector<std::string> exprs;  // evaluated after the setup
  std::vector<std::string> expected;
  uint64_t seed = 0;
  std::vector<std::string> deck = {};
};

std::vector<Row> rows() {
  const std::string cards = "import: [cards]\n";
  return {
      // ---- the standard library's cards
      {"52 cards, spades first, named rank then suit", cards,
       {"len(all_pieces(card))", "nth(all_pieces(card), 0)", "nth(all_pieces(card), 9)", "nth(all_pieces(card), 12)",
        "nth(all_pieces(card), 13)", "nth(all_pieces(card), 51)", "len(pieces)"},
       {"52", "AS", "TS", "KS", "AC", "KH", "0"}},
      {"a card's attributes and owner", cards,
       {"map(c in all_pieces(card) where c.rank == 1 : c.suit)", "nth(all_pieces(card), 25).rank",
        "nth(all_pieces(card), 0).face_up", "nth(all_pieces(card), 40).owner", "nth(all_pieces(card), 40).site"},
       {"[0, 1, 2, 3]", "13", "0", "P", "none"}},
      {"the suits' names, symbols and letters", cards,
       {"concat(s in 0..3 : suit_name(s) ++ ' ')", "concat(s in 0..3 : suit_symbol(s))", "concat(s in 0..3 : suit_letter(s))",
        "suit_name(4)"},
       {"spades clubs diamonds hearts ", "♠♣♦♥", "SCDH", "?"}},
      {"the ranks as text and as one letter", cards,
       {"concat(r in 1..13 : rank_text(r) ++ ' ')", "concat(r in 1..13 : rank_letter(r))", "rank_text(0)"},
       {"A 2 3 4 5 6 7 8 9 10 J Q K ", "A23456789TJQK", "?"}},
      {"red cards and a card's text", cards,
       {"count(c in all_pieces(card) : red(c))", "red(nth(all_pieces(card), 13))", "red(nth(all_pieces(card), 26))",
        "card_text(nth(all_pieces(card), 0))", "card_text(nth(all_pieces(card), 48))"},
       {"26", "false", "true", "♠A", "♥10"}},
      {"the file's own kinds come after the library's", cards + "pieces: {stone: {per_player: 1, at: x}}\n",
       {"len(all_pieces(stone))", "nth(all_pieces(stone), 0)", "top(x)"}, {"2", "stone#52", "stone#53"}},
      // ---- piece names
      {"a name per piece, with me the owner, on the empty board", "pieces: {stone: {per_player: 1, at: x, name: '{me}{size(x)}'}}\n",
       {"pieces_at(x)"}, {"[P0, Q0]"}},
      {"a generated piece's name sees its element", "pieces: {cell: {each: 'i in 1..3', at: y, name: 'c{i * 10}'}}\n",
       {"pieces_at(y)", "top(y) ++ '!'", "concat(p in pieces_at(y) : p)"}, {"[c10, c20, c30]", "c30!", "c10c20c30"}},
      {"names written per owner", "pieces: {man: {per_player: 1, at: x, name: 'man-{me}'}}\n", {"pieces_at(x)"},
       {"[man-P, man-Q]"}},
      {"a name stays when the kind changes", "pieces: {man: {per_player: 1, at: x, name: 'man-{me}'}, king: {per_player: 0}}\n"
       "setup: ['set top(x).kind = king']\n",
       {"top(x)", "top(x).kind"}, {"man-Q", "king"}},
      {"a kind without a name is written KIND#NUMBER", "pieces: {a: {per_player: 1, at: x, name: 'A{me}'}, b: {per_player: 1, at: x}}\n",
       {"pieces_at(x)"}, {"[AP, AQ, b#2, b#3]"}},
      {"names of two kinds may be alike", "pieces: {a: {per_player: 1, at: x, name: 'n{me}'}, b: {per_player: 1, at: y, name: 'n{me}'}}\n",
       {"top(x)", "top(y)"}, {"nQ", "nQ"}},
      // ---- all_pieces
      {"every piece of a kind, on the board or off it, in creation order",
       "pieces: {a: {per_player: 2, at: x}, b: {per_player: 1}}\nsetup: ['remove(top(x))']\n",
       {"all_pieces(a)", "all_pieces(b)", "pieces", "len(all_pieces(a)) - len(filter(p in pieces : p.kind == a))"},
       {"[a#0, a#1, a#2, a#3]", "[b#4, b#5]", "[a#0, a#1, a#2]", "1"}},
      {"by the kind a piece has now", "pieces: {a: {per_player: 2, at: x}, b: {per_player: 0}}\nsetup: ['set top(x).kind = b']\n",
       {"all_pieces(a)", "all_pieces(b)"}, {"[a#0, a#1, a#2]", "[b#3]"}},
      // ---- shuffle
      {"the stack, bottom to top, shuffled with the game's generator", kChips + "setup: [shuffle(x)]\n",
       {"pieces_at(x)", "top(x)"}, {"[c8, c7, c5, c0, c6, c3, c4, c9, c1, c2]", "c2"}, 99},
      {"another seed, another order", kChips + "setup: [shuffle(x)]\n", {"pieces_at(x)"}, {"[c4, c6, c8, c0, c1, c3, c5, c2, c7, c9]"}, 7},
      {"a stack of one or none draws nothing",
       kChips + "variables: {v: 0}\nsetup: [shuffle(y), 'move(top(x), y)', shuffle(y), set v = random(6)]\n",
       {"pieces_at(y)", "v"}, {"[c9]", "4"}, 99},
      {"in order with random", kChips + "variables: {v: 0}\nsetup: [set v = random(6), shuffle(x)]\n",
       {"v", "pieces_at(x)"}, {"4", "[c6, c7, c0, c2, c8, c9, c1, c5, c3, c4]"}, 99},
      {"only the site's stack", kChips + "setup: ['move(top(x), y)', 'move(top(x), y)', shuffle(x)]\n",
       {"pieces_at(y)", "pieces_at(x)"}, {"[c9, c8]", "[c4, c6, c5, c0, c3, c1, c2, c7]"}, 99},
      // ---- a deck: the order given, the top first; nothing drawn
      {"a deck instead of the generator", kChips + "variables: {v: 0}\nsetup: [shuffle(x), set v = random(6)]\n",
       {"pieces_at(x)", "top(x)", "v"}, {"[c0, c1, c2, c3, c4, c5, c6, c7, c8, c9]", "c9", "4"}, 99,
       {"c9", "c8", "c7", "c6", "c5", "c4", "c3", "c2", "c1", "c0"}},
      {"a deck, the top first", kChips + "setup: [shuffle(x)]\n", {"top(x)", "nth(pieces_at(x), 0)"}, {"c3", "c7"}, 0,
       {"c3", "c1", "c2", "c0", "c4", "c5", "c6", "c8", "c9", "c7"}},
      {"a deck names unnamed pieces KIND#NUMBER", "pieces: {s: {per_player: 1, at: x}}\nsetup: [shuffle(x)]\n",
       {"pieces_at(x)"}, {"[s#0, s#1]"}, 0, {"s#1", "s#0"}},
      {"the deck of the cards", cards + "zones: {deck: }\nsetup: ['for c in all_pieces(card) : move(c, deck)', shuffle(deck)]\n",
       {"top(deck)", "nth(pieces_at(deck), 50)", "nth(pieces_at(deck), 0)"}, {"KS", "3H", "9S"}, 99},
  };
}

}  // namespace

TEST_CASE("library: imports, piece names, all_pieces and shuffle", "[library]") {
  for (const Row& row : rows()) {
    INFO(row.what << "\n" << row.part);
    CHECK(values(row.part, row.exprs, row.seed, row.deck) == row.expected);
  }
}

TEST_CASE("library: a shuffle draws n - 1 numbers from the generator; a deck draws none", "[library]") {
  Diagnostics d;
  auto prog = load_rules_text("t.rules", kHead + kChips + "setup: [shuffle(x)]\n" + kTail, d);
  INFO(d.format());
  REQUIRE(prog);
  CHECK(prog->setup_draws);
  CHECK(prog->setup_shuffles);
  Prng rng(99), same(99);
  Game g(prog, rng);
  for (uint64_t n = 10; n >= 2; --n) same.below(n);
  CHECK(rng == same);
  Prng untouched(99);
  Game dealt(prog, untouched, {"c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"});
  CHECK(untouched == Prng(99));
  // every later setup from the rule file's start uses the deck again
  dealt.reset(untouched);
  CHECK(untouched == Prng(99));
}

TEST_CASE("library: a deck that does not name the shuffled site's pieces, each once", "[library]") {
  struct DeckRow {
    const char* what;
    std::vector<std::string> deck;
    const char* message;
  };
  std::vector<DeckRow> rows = {
      {"an unknown name", {"c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "chip9"},
       "no piece on 'x' is named 'chip9'"},
      {"a name twice", {"c0", "c1", "c1"}, "'c1' is named twice"},
      {"pieces left out", {"c0", "c1", "c2", "c3"},
       "the deck leaves out 'c4', 'c5', 'c6', 'c7', 'c8' and 1 more (it names 4 of the 10 pieces on 'x')"},
      {"one left out", {"c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c9"},
       "the deck leaves out 'c8' (it names 9 of the 10 pieces on 'x')"},
      {"a name of a piece elsewhere", {"c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "d0"},
       "no piece on 'x' is named 'd0'"},
      {"case counts", {"C0"}, "no piece on 'x' is named 'C0' (did you mean 'c0'?)"},
  };
  Diagnostics d;
  auto prog = load_rules_text(
      "t.rules", kHead + kChips + "  die: {each: 'i in 0..0', at: y, name: 'd{i}'}\nsetup: [shuffle(x)]\n" + kTail, d);
  INFO(d.format());
  REQUIRE(prog);
  for (const DeckRow& row : rows) {
    INFO(row.what);
    Prng rng(1);
    try {
      Game g(prog, rng, row.deck);
      FAIL("no error");
    } catch (const DeckError& e) {
      CHECK(std::string(e.what()) == row.message);
    }
  }
}

TEST_CASE("library: a library file's own problems are reported in it, never a crash", "[library]") {
  struct FileRow {
    const char* text;
    const char* message;  // the first diagnostic, formatted, starts with it
  };
  std::vector<FileRow> rows = {
      {"pieces: [a]\n", "stdlib/x.rules:1:9: error: 'pieces' must be a mapping, not a list"},
      {"topology: {sites: [a]}\n", "stdlib/x.rules:1:12: error: unknown key 'sites' in 'topology' (expected one of: regions)"},
      {"moves: {go: {}}\n", "stdlib/x.rules:1:1: error: unknown key 'moves' in 'a library'"},
      {"functions: {f(: [\n", "stdlib/x.rules:1:"},
      {"- a\n", "stdlib/x.rules:1:1: error: the file is a list: a library is a YAML mapping"},
  };
  for (const FileRow& row : rows) {
    INFO(row.text);
    Diagnostics d;
    Document doc;
    CHECK_FALSE(load_library(std::make_shared<SourceFile>("stdlib/x.rules", row.text), doc, d, 3));
    CHECK_THAT(d.format(), Catch::StartsWith(row.message));
  }
}
