// The loader and the checker on broken rule files: each row is a rule file and the first diagnostic it must
// produce (a part of its message and its line:column), and how many diagnostics in all (cascades are
// suppressed). Rows with no message are valid files. tests/broken/ holds the full-output corpus.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "pipeline/pipeline.hpp"

using namespace ri;

namespace {

// A tiny game around the part under test: the head is lines 1-3, the part starts at line 4.
const std::string kHead = "game: {name: Tiny}\nplayers: [A, B]\ntopology: {sites: [x, y, z], regions: {edge: [x, z]}}\n";
const std::string kTail = "turn: [{choose: all}]\nend: [{when: 'false', result: draw}]\n";
std::string game(const std::string& part) { return kHead + part + kTail; }

// a game with one move whose requirements, definitions and effects are given
std::string one_move(const std::string& body) { return game("moves:\n  go:\n    params: {s: site}\n" + body); }

// a game with one chance event 'e', declared as `decl` on line 5 from column 6
std::string chance_e(const std::string& decl) { return game("chance:\n  e: " + decl + "\nmoves: {m: {}}\n"); }

// a game with a variable v (line 4) and the setup `list` (line 5, from column 8)
std::string with_setup(const std::string& list) { return game("variables: {v: 0}\nsetup: " + list + "\nmoves: {go: {}}\n"); }

// a game with a variable v (line 4), a move (line 5) and the invariants `section` (line 6, from column 13)
std::string with_invariants(const std::string& section) {
  return game("variables: {v: 0}\nmoves: {go: {}}\ninvariants: " + section + "\n");
}

// a game with a piece kind 'card' (line 4: attributes rank and up) and the hidden section `decl` (line 5, from column 9)
std::string with_hidden(const std::string& decl) {
  return game("pieces: {card: {per_player: 1, at: x, attributes: {rank: 1, up: 0}}}\nhidden: " + decl + "\nmoves: {m: {}}\n");
}

// a game with a variable v (line 4) whose turn step (line 6, from column 8) is `step`
std::string with_step(const std::string& step) {
  std::string text = game("variables: {v: 0}\nmoves: {m: {}}\n");
  return text.replace(text.find("{choose: all}"), 13, step);
}

// text with its first `from` replaced by `to`
std::string edit(std::string text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

struct Row {
  const char* what;
  std::string text;
  const char* message;  // a part of the first diagnostic's message; "" when the file is valid
  int line, col;        // of the first diagnostic (0:0 when it has no position)
  size_t count;         // how many diagnostics in all
};

std::vector<Row> rows() {
  return {
      // ---- files that are not rule files
      {"empty file", "", "the file has no content", 0, 0, 1},
      {"comment only", "# nothing here\n", "the file has no content", 0, 0, 1},
      {"a YAML list", "- game\n- players\n", "the file is a list", 1, 1, 1},
      {"a scalar", "just words\n", "the file is a scalar", 1, 1, 1},
      {"not UTF-8", "game: {name: caf\xE9}\n", "not valid UTF-8 (byte 0xE9)", 1, 17, 1},
      {"NUL byte", std::string("game:\0\n", 7), "NUL byte", 1, 6, 1},
      // ---- YAML syntax
      {"bad indentation", "game:\n  name: Tiny\n   players: [A, B]\n", "unexpected ':'", 3, 11, 1},
      {"key indented too far", "game:\n  name: Tiny\n  description: d\nplayers: [A]\nmoves:\n  go:\n    effects: [pass]\n     notation: go\n",
       "bad indentation (the keys of the mapping at line 7 are at column 5)", 8, 6, 1},
      {"unclosed flow sequence", "game: {name: Tiny}\nplayers: [A, B\nmoves: {}\n",
       "expected ']' (to close '[' at line 2, column 10)", 2, 15, 1},
      {"unclosed flow mapping", "game: {name: Tiny\nplayers: [A, B]\n", "expected '}' (to close '{' at line 1, column 7)", 1, 18, 1},
      {"extra bracket", "game: {name: Tiny}\nplayers: [A, B]]\n", "unmatched ']'", 2, 16, 1},
      {"tab in indentation", "game:\n\tname: Tiny\n", "tab character in indentation", 2, 1, 1},
      {"unterminated YAML string", "game:\n  name: \"Tiny\nplayers: [A]\n", "unterminated string: no closing \"", 2, 9, 1},
      {"unknown escape", "game:\n  name: \"a\\qb\"\n", "unknown escape '\\q'", 2, 11, 1},
      // ---- structure
      {"missing sections", "game: {name: Tiny}\nplayers: [A, B]\nend: []\n", "missing section 'moves'", 0, 0, 2},
      {"unknown section", game("moves: {go: {}}\nvariable: {n: 0}\n"), "unknown section 'variable' (did you mean 'variables'?)", 5, 1, 1},
      {"unknown key in a move", one_move("    require: ['s != x']\n"), "unknown key 'require' in 'moves.go' (did you mean 'requires'?)", 7, 5, 1},
      {"duplicate top-level key", game("moves: {go: {}}\nmoves: {stay: {}}\n"), "duplicate key 'moves' (first at line 4)", 5, 1, 1},
      {"duplicate nested key", one_move("    effects: [pass]\n    effects: [extra_turn]\n"), "duplicate key 'effects' (first at line 7)", 8, 5, 1},
      {"a list written as a scalar", edit(game("moves: {go: {}}\n"), "players: [A, B]", "players: A, B"),
       "'players' must be a list, like [A, B]", 2, 10, 1},
      // ---- expression grammar
      {"missing ')'", one_move("    requires: ['size(s > 0']\n"), "expected ')' at the end of the expression (to close '(' at line 7, column 21)", 7, 27, 1},
      {"missing 'then'", one_move("    requires: ['if s == x true else false']\n"), "expected 'then'", 7, 27, 1},
      {"missing 'else'", one_move("    requires: ['if s == x then true']\n"), "expected 'else' at the end of the expression", 7, 36, 1},
      {"dangling operator", one_move("    requires: ['size(s) >']\n"), "expected an expression after '>'", 7, 26, 1},
      {"dangling 'and'", one_move("    requires: ['s == x and']\n"), "expected an expression after 'and'", 7, 27, 1},
      {"unterminated string", game("functions: {f(site s): 'if s == x then \"a\" else \"b'}\nmoves: {go: {}}\n"),
       "unterminated string: no closing \"", 4, 49, 1},
      {"unexpected token at the end", one_move("    requires: ['s == x y']\n"), "unexpected 'y'", 7, 24, 1},
      {"unmatched ')'", one_move("    requires: ['s == x)']\n"), "unmatched ')'", 7, 23, 1},
      {"chained comparison", one_move("    requires: ['0 < size(s) < 3']\n"), "comparisons do not chain", 7, 29, 1},
      {"two effects in one entry", one_move("    effects: ['extra_turn pass']\n"), "unexpected 'pass' (write one effect per list entry)", 7, 27, 1},
      {"nothing where an expression belongs", one_move("    requires: ['size(s) > )']\n"), "expected an expression after '>'", 7, 27, 1},
      {"an expression that is not one", one_move("    requires: ['@']\n"), "expected an expression, not '@'", 7, 17, 1},
      {"bad signature", game("functions: {'f(site)': 'true'}\nmoves: {go: {}}\n"), "expected the parameter's name after its type", 4, 20, 1},
      {"brackets nested too deeply", one_move("    requires: ['" + std::string(70, '(') + "true" + std::string(70, ')') + "']\n"),
       "expression nested too deeply (more than 64 levels)", 7, 81, 1},
      {"negations nested too deeply", one_move("    requires: ['" + std::string(300, '-') + "1 > 0']\n"),
       "expression nested too deeply (more than 256 levels)", 7, 272, 1},
      {"template not closed", one_move("    notation: 'go {s'\n"), "expected '}' to close '{' in template", 7, 19, 1},
      // ---- names
      {"undeclared name in requires", one_move("    requires: ['s != w']\n"), "undeclared name 'w'", 7, 22, 1},
      {"misspelt name", one_move("    requires: ['s in egde']\n"), "undeclared name 'egde' (did you mean 'edge'?)", 7, 22, 1},
      {"undeclared function", one_move("    requires: ['sise(s) > 0']\n"), "undeclared function 'sise' (did you mean 'size'?)", 7, 17, 1},
      {"undeclared name in effects", one_move("    effects: ['move(top(s), t)']\n"), "undeclared name 't'", 7, 29, 1},
      {"undeclared name in let", one_move("    let: {t: 'size(w)'}\n"), "undeclared name 'w'", 7, 20, 1},
      {"let used before its definition", one_move("    let: {t: 'u', u: s}\n"), "'u' is defined later in 'let' (line 7)", 7, 15, 1},
      {"let used in its own definition", one_move("    let: {t: 't'}\n"), "'t' is used in its own definition", 7, 15, 1},
      {"undeclared name in notation", one_move("    notation: 'go {t}'\n"), "undeclared name 't'", 7, 20, 1},
      {"undeclared name in display", game("moves: {go: {}}\ndisplay: 'A has {size(w)}'\n"), "undeclared name 'w'", 5, 23, 1},
      {"undeclared name in a function body", game("functions: {'f(site s)': 'size(t) > 0'}\nmoves: {go: {}}\n"),
       "undeclared name 't'", 4, 32, 1},
      {"a type used as a value", game("functions: {'f(site s)': 'size(site)'}\nmoves: {go: {}}\n"), "'site' is a type, not a value", 4, 32, 1},
      {"a move used as a value", one_move("    requires: ['go']\n"), "'go' is a move, not a value", 7, 17, 1},
      {"undeclared move in turn", edit(game("moves: {go: {}}\n"), "choose: all", "choose: [og]"),
       "undeclared move 'og' (declared: 'go')", 5, 18, 1},
      {"undeclared chance in turn", edit(game("moves: {go: {}}\n"), "[{choose: all}]", "[{roll: dice}, {choose: all}]"),
       "undeclared chance 'dice' (none is declared)", 5, 15, 1},
      {"unknown effect", one_move("    effects: ['mvoe(top(s), x)']\n"), "unknown effect 'mvoe' (did you mean 'move'?)", 7, 16, 1},
      // ---- declarations
      {"site declared twice", edit(game("moves: {go: {}}\n"), "[x, y, z]", "[x, y, z, y]"),
       "'y' is already declared as a site (at line 3, column 23)", 3, 29, 1},
      {"site named like a player", edit(game("moves: {go: {}}\n"), "[x, y, z]", "[x, y, z, B]"),
       "'B' is already declared as a player (at line 2, column 14)", 3, 29, 1},
      {"function declared twice", game("functions: {'f(site s)': 'true', 'f(int n)': 'false'}\nmoves: {go: {}}\n"),
       "'f' is already declared as a function (at line 4, column 14)", 4, 35, 1},
      {"bad parameter type", edit(one_move(""), "{s: site}", "{s: square}"), "unknown type 'square'", 6, 17, 1},
      {"unsuitable parameter type", edit(one_move(""), "{s: site}", "{s: bool}"), "a parameter is a site, player, piece or int, not 'bool'", 6, 17, 1},
      {"int parameter without a domain", edit(one_move(""), "{s: site}", "{n: int}"), "needs a domain", 6, 17, 1},
      {"unknown function parameter type", game("functions: {'f(square s)': 'true'}\nmoves: {go: {}}\n"), "unknown type 'square' (types:", 4, 16, 1},
      {"a move with too many parameters", edit(one_move(""), "{s: site}", "{a: site, b: site, c: site, d: site, e: site, f: site, g: site, h: site, i: site}"),
       "a move has at most 8 parameters", 6, 86, 1},
      {"a 'let' named like a parameter", one_move("    let: {s: x}\n"), "'s' is already a parameter of move 'go'", 7, 11, 1},
      {"a site named like a standard library function", edit(game("moves: {go: {}}\n"), "[x, y, z]", "[x, y, z, vacant]"),
       "'vacant' is already declared as a function of the standard library", 3, 29, 1},
      {"a variable named like a built-in list", game("variables: {players: 2}\nmoves: {go: {}}\n"), "'players' is a built-in name", 4, 13, 1},
      {"a misspelt attribute", one_move("    requires: ['top(s).ownr == A']\n"), "pieces have no attribute 'ownr' (did you mean 'owner'?)", 7, 24, 1},
      {"recursion without a result type", game("functions: {'f(int n)': 'if n < 1 then 0 else f(n - 1)'}\nmoves: {go: {}}\n"),
       "recursive function 'f' needs a declared result type", 4, 47, 1},
      // ---- types
      {"int + bool", one_move("    requires: ['size(s) + true > 0']\n"), "the right operand of '+' must be int, not bool", 7, 27, 1},
      {"bool + int", one_move("    requires: ['(s == x) * 2 > 0']\n"), "the left operand of '*' must be int, not bool", 7, 20, 1},
      {"site compared with a player", one_move("    requires: ['s == A']\n"), "cannot compare site with player", 7, 19, 1},
      {"'if' branches of different types", one_move("    requires: ['(if s == x then 1 else true) == 1']\n"),
       "the branches of 'if' must have the same type: 'then' is int, 'else' is bool", 7, 40, 1},
      {"a requirement that is not bool", one_move("    requires: ['size(s)']\n"), "a requirement must be bool, not int", 7, 17, 1},
      {"a parameter with its error", game("moves:\n  go:\n    params: {s: {type: site in edge, error: NotAtEdge, message: not there}}\n"), "", 0, 0, 0},
      {"a parameter's long form without its type", game("moves:\n  go:\n    params: {s: {error: NotAtEdge}}\n"),
       "missing key 'type' in a parameter", 6, 17, 1},
      {"a parameter's long form with an unknown key", game("moves:\n  go:\n    params: {s: {type: site, eror: E}}\n"),
       "unknown key 'eror' in 'moves.go.params.s' (did you mean 'error'?)", 6, 30, 1},
      {"a post-condition that is not bool", one_move("    ensures: ['size(s)']\n"),
       "a post-condition ('ensures') must be bool, not int", 7, 16, 1},
      {"a post-condition with an unknown key", one_move("    ensures: [{check: 'true', eror: E}]\n"),
       "unknown key 'eror' in 'moves.go.ensures' (did you mean 'error'?)", 7, 31, 1},
      {"a post-condition reads the parameters and continuing", one_move("    ensures: [{check: 's != x and not continuing', error: E}]\n"), "", 0, 0, 0},
      {"an 'if' condition that is not bool", one_move("    effects: ['if size(s) then pass']\n"), "an 'if' condition must be bool, not int", 7, 19, 1},
      {"a bool set into an int variable", game("variables: {n: 0}\nmoves:\n  go:\n    effects: ['set n = true']\n"),
       "cannot set 'n' (int) to bool", 7, 24, 1},
      {"an argument of the wrong type", one_move("    requires: ['size(A) > 0']\n"), "argument 1 of 'size' must be site, not player", 7, 22, 1},
      {"an end result that is not one", edit(game("moves: {go: {}}\n"), "result: draw", "result: winner(A)"),
       "a result is win(PLAYER), lose(PLAYER), draw or rank(VALUE), not 'winner(...)'", 6, 31, 1},
      {"a loser that is not a player", edit(game("moves: {go: {}}\n"), "result: draw", "result: lose(x)"),
       "the loser must be player, not site", 6, 36, 1},
      {"lose without its player", edit(game("moves: {go: {}}\n"), "result: draw", "result: lose()"),
       "'lose' takes 1 argument (player), not 0", 6, 31, 1},
      {"lose with two players", edit(game("moves: {go: {}}\n"), "result: draw", "result: 'lose(A, B)'"),
       "'lose' takes 1 argument (player), not 2", 6, 32, 1},
      {"a loser", edit(game("moves: {go: {}}\n"), "result: draw", "result: lose(me)"), "", 0, 0, 0},
      // ---- arity
      {"built-in function arity", one_move("    requires: ['min(1, 2, 3) > 0']\n"), "'min' takes 2 arguments (int, int), not 3", 7, 17, 1},
      {"built-in effect arity", one_move("    effects: ['move(top(s))']\n"), "'move' takes 2 arguments (piece, site), not 1", 7, 16, 1},
      {"user function arity", game("functions: {'f(site s, player p)': 'true'}\nmoves: {go: {requires: ['f(x)']}}\n"),
       "function 'f' takes 2 arguments (site s, player p), not 1", 5, 26, 1},
      {"standard library function arity", one_move("    requires: ['enemy_at(s) > 0']\n"), "function 'enemy_at' takes 2 arguments (site s, player p), not 1", 7, 17, 1},
      // ---- cascades: the first problem is reported, what follows from it is not
      {"calls to a function whose signature is broken", game("functions: {'f(site s': 'true'}\nmoves: {go: {requires: ['f(x)', 'f(y)']}}\n"),
       "expected ')' at the end of the signature", 4, 22, 1},
      {"calls to a function with an unknown parameter type", game("functions: {'f(square s)': 'true'}\nmoves: {go: {requires: ['f(x)']}}\n"),
       "unknown type 'square'", 4, 16, 1},
      {"uses of a definition that has an error", one_move("    let: {t: 'step(s, w)'}\n    requires: ['t != x', 'size(t) > 0']\n    notation: 'go {t}'\n"),
       "undeclared relation 'w'", 7, 23, 1},
      {"a misnamed player's track", edit(game("moves: {go: {}}\n"), "regions: {edge: [x, z]}", "tracks: {lane: {A: [x, y], C: [y, x]}}"),
       "undeclared player 'C' in track 'lane'", 3, 57, 1},
      // ---- valid: regressions of the grammar
      {"a function without parameters", game("functions: {'two()': '2'}\nmoves: {go: {requires: ['two() == 2']}}\n"), "", 0, 0, 0},
      {"a range", game("moves:\n  go:\n    params: {n: int in 1..3}\n    requires: ['n in 1..2']\n"), "", 0, 0, 0},
      {"a spaced negation", one_move("    requires: ['- 3 < size(s)', '-size(s) <= 0']\n"), "", 0, 0, 0},
      {"an empty argument list", one_move("    effects: ['extra_turn()']\n"), "", 0, 0, 0},
      // ---- lines, optional parameters, '++', the history, if_none
      {"lines along an undeclared relation",
       edit(game("moves: {m: {}}\n"), "regions: {edge: [x, z]}", "lines: {l: {along: [diag], length: 3}}"),
       "undeclared relation 'diag' (none is declared)", 3, 50, 1},
      {"lines of length 0", edit(game("moves: {m: {}}\n"), "regions: {edge: [x, z]}", "lines: {l: {along: [], length: 0}}"),
       "the lines of 'l' have a length from 1 to 64, not 0", 3, 41, 1},
      {"a line of an undeclared site", edit(game("moves: {m: {}}\n"), "regions: {edge: [x, z]}", "lines: {l: [[x, w]]}"),
       "undeclared site 'w'", 3, 46, 1},
      {"lines_through a region", edit(one_move("    requires: ['len(lines_through(s, edge)) > 0']\n"), "regions: {edge: [x, z]}",
                                      "regions: {edge: [x, z]}, lines: {l: [[x, y]]}"),
       "the second argument of 'lines_through' must be the name of a family of lines", 7, 38, 1},
      {"a family of lines is a list of lines",
       edit(one_move("    requires: ['len(l) > 0 and nth(l, 0) in l']\n"), "regions: {edge: [x, z]}", "lines: {l: [[x, y]]}"), "",
       0, 0, 0},
      {"line_sites of a site", one_move("    requires: ['len(line_sites(s)) > 0']\n"),
       "argument 1 of 'line_sites' must be line, not site", 7, 32, 1},
      {"an optional int", game("moves:\n  go:\n    params:\n      n: int? in 1..3\n"),
       "only a site or piece parameter can be optional ('none' is not int)", 7, 10, 1},
      {"'++' with a list", one_move("    requires: ['len(edge) > 0 and (edge ++ 1) == \"\"']\n"),
       "'++' joins two lists of the same type or two single values, not sites and int", 7, 41, 1},
      {"a history field as a value", "history: {h: 0}\n" + one_move("    requires: ['h > 0']\n"),
       "'h' is a history field: use recorded(ENTRY, h)", 8, 17, 1},
      {"recorded of an undeclared field", "history: {h: 0}\n" + one_move("    requires: ['recorded(0, g) > 0']\n"),
       "undeclared history field 'g' (declared: 'h')", 8, 29, 1},
      {"record of an undeclared field", "history: {h: 0}\n" + one_move("    record: {g: 1}\n"),
       "undeclared history field 'g' (declared: 'h')", 8, 14, 1},
      {"record of the wrong type", "history: {h: 0}\n" + one_move("    record: {h: s}\n"), "history field 'h' is int, not site", 8,
       17, 1},
      {"a history field of a list type", "history: {h: edge}\n" + game("moves: {m: {}}\n"),
       "a history field holds an int, bool, player, site, piece, kind or line, not sites", 1, 14, 1},
      {"an unknown if_none", edit(game("moves: {m: {}}\n"), "{choose: all}", "{choose: all, if_none: stop}"),
       "'if_none' is 'pass', 'end' or 'lose', not 'stop'", 5, 31, 1},
      // ---- chance: computed outcomes and effects; conditional steps
      {"computed outcomes of the wrong type", chance_e("{outcomes: edge}"), "the outcomes of chance 'e' must be ints, not sites", 5, 17, 1},
      {"computed outcomes written as a YAML list", chance_e("{outcomes: [1, 2]}"),
       "'outcomes' must be a mapping or an expression, not a list (quote it: \"[1, 2, 3]\")", 5, 17, 1},
      {"both dice and outcomes", chance_e("{dice: {count: 1, faces: [1]}, outcomes: '[1]'}"),
       "chance 'e' has both 'dice' and 'outcomes': keep one", 5, 47, 1},
      {"an undeclared name in computed outcomes", chance_e("{outcomes: 1..k}"), "undeclared name 'k'", 5, 20, 1},
      {"extra_turn in a chance's effects", chance_e("{outcomes: '[1]', effects: [extra_turn]}"),
       "'extra_turn' is not allowed in the effects of a chance", 5, 34, 1},
      {"continue_turn in a chance's effects", chance_e("{outcomes: {1: 1}, effects: ['if e > 0 then continue_turn']}"),
       "'continue_turn' is not allowed in the effects of a chance", 5, 50, 1},
      {"a chance's effect of the wrong type", chance_e("{dice: {count: 1, faces: [1, 2]}, effects: ['set e = x']}"),
       "cannot set 'e' (int) to site", 5, 59, 1},
      {"a chance's effects written as a scalar", chance_e("{outcomes: {1: 1}, effects: pass}"),
       "'chance.e.effects' must be a list, like [pass], not a scalar", 5, 34, 1},
      {"a step's condition that is not bool", edit(game("moves: {m: {}}\n"), "{choose: all}", "{choose: all, when: 1}"),
       "a step's 'when' must be bool, not int", 5, 28, 1},
      {"a step's condition uses a move's parameter", edit(one_move(""), "{choose: all}", "{choose: all, when: s == x}"),
       "undeclared name 's'", 7, 28, 1},
      {"a roll step with if_none", edit(game("chance: {e: {outcomes: {1: 1}}}\nmoves: {m: {}}\n"), "{choose: all}",
                                         "{roll: e, if_none: end}, {choose: all}"),
       "unknown key 'if_none' in 'turn step' (expected one of: roll, when)", 6, 18, 1},
      {"computed outcomes, chance effects and conditional steps",
       edit(game("pieces: {man: {per_player: 1, at: x, attributes: {power: 0}}}\n"
                 "variables: {on: 'true', last: {type: piece, init: none}}\n"
                 "chance:\n  e: {outcomes: '1..(if last == none then 2 else 4)', effects: ['if last != none then set last.power = e']}\n"
                 "moves: {m: {}}\n"),
            "[{choose: all}]", "[{choose: all}, {roll: e, when: on and me == A}]"),
       "", 0, 0, 0},
      {"the history's queries", "history: {h: 0, who: {type: player, init: me}}\n" +
                                    one_move("    record: {h: 1}\n    requires: ['history_len() == 0 or (recorded(0, h) == 1 and "
                                             "mover(0) == recorded(0, who) and last_turn(A) >= -1)']\n"),
       "", 0, 0, 0},
      // ---- list primitives: '++' of lists, unique, filter, map, pieces; grid coordinates
      {"'++' of two lists of one type", one_move("    requires: ['len(edge ++ [s] ++ sites) == 6']\n"), "", 0, 0, 0},
      {"'++' of lists of two types", one_move("    requires: ['len(edge ++ players) > 0']\n"),
       "'++' joins two lists of the same type or two single values, not sites and players", 7, 26, 1},
      {"'++' of a value and a list", one_move("    requires: ['len(s ++ edge) > 0']\n"),
       "'++' joins two lists of the same type or two single values, not site and sites", 7, 23, 1},
      {"a range after '++' binds looser", one_move("    requires: ['len([1] ++ 2..3) > 0']\n"),
       "'++' joins two lists of the same type or two single values, not ints and int", 7, 25, 1},
      {"lists compared with '=='", one_move("    requires: ['edge == edge']\n"), "cannot compare sites with sites", 7, 22, 1},
      {"a filtered list compared with '!='", one_move("    requires: ['filter(t in edge : t != s) != edge']\n"),
       "cannot compare sites with sites", 7, 44, 1},
      {"filter keeps the list's type", one_move("    requires: ['len(filter(t in edge where t != x : size(t) == 0) ++ [s]) > 0']\n"),
       "", 0, 0, 0},
      {"a filtered list joined with another type", one_move("    requires: ['len(filter(t in edge : true) ++ [1]) > 0']\n"),
       "'++' joins two lists of the same type or two single values, not sites and ints", 7, 46, 1},
      {"filter without a condition", one_move("    requires: ['len(filter(t in edge)) > 0']\n"),
       "'filter' needs a condition: filter(t in LIST : CONDITION)", 7, 21, 1},
      {"a filter condition that is not bool", one_move("    requires: ['len(filter(t in edge : size(t))) > 0']\n"),
       "the body of 'filter' must be bool, not int", 7, 40, 1},
      {"filter over a single value", one_move("    requires: ['len(filter(t in s : true)) > 0']\n"),
       "'filter' ranges over a list, not site", 7, 33, 1},
      {"map makes a list of the body's type", one_move("    requires: ['len(map(t in edge : size(t)) ++ [1] ++ (1..2)) > 0', 's in map(q in players : s)']\n"),
       "", 0, 0, 0},
      {"a map over sites that may give none", one_move("    requires: ['none in map(t in edge : if t == s then none else t)']\n"),
       "", 0, 0, 0},
      {"a mapped list joined with another type", one_move("    requires: ['len(map(t in edge : size(t)) ++ edge) > 0']\n"),
       "'++' joins two lists of the same type or two single values, not ints and sites", 7, 46, 1},
      {"map without a value", one_move("    requires: ['len(map(t in edge where t != s)) > 0']\n"),
       "'map' needs a value: map(t in LIST : VALUE)", 7, 21, 1},
      {"a map to bools", one_move("    requires: ['len(map(t in edge : t == s)) > 0']\n"), "cannot make a list of bool", 7, 39, 1},
      {"a map to none", one_move("    requires: ['len(map(t in edge : none)) > 0']\n"), "cannot make a list of none", 7, 37, 1},
      {"a map to strings", one_move("    requires: ['len(map(t in edge : \"a\" ++ t)) > 0']\n"), "cannot make a list of string", 7, 41,
       1},
      {"concat makes a string of any single values", one_move("    requires: ['concat(t in edge where t != s : t ++ size(t) ++ (t == x)) != \"\"', "
                                                            "'concat(p in players : concat(i in 1..2 : p)) == \"AABB\"']\n"),
       "", 0, 0, 0},
      {"concat without a value", one_move("    requires: ['concat(t in edge) == \"\"']\n"), "'concat' needs a value: concat(t in LIST : VALUE)",
       7, 17, 1},
      {"concat of lists", one_move("    requires: ['concat(t in edge : [t]) == \"\"']\n"), "'concat' joins single values, not sites", 7,
       36, 1},
      {"concat over a single value", one_move("    requires: ['concat(t in s : t) == \"\"']\n"),
       "'concat' ranges over a list, not site", 7, 29, 1},
      {"concat compared with an int", one_move("    requires: ['concat(t in edge : t) == 1']\n"), "cannot compare string with int",
       7, 39, 1},
      {"cannot_move is a bool", edit(game("moves: {m: {}}\n"), "when: 'false'", "when: 'cannot_move and not cannot_move'"), "", 0,
       0, 0},
      {"cannot_move as an int", edit(game("moves: {m: {}}\n"), "when: 'false'", "when: 'cannot_move > 0'"),
       "the left operand of '>' must be int, not bool", 6, 15, 1},
      {"a variable called cannot_move", game("variables: {cannot_move: 0}\nmoves: {m: {}}\n"), "'cannot_move' is a built-in name", 4,
       13, 1},
      {"unique keeps the list's type", one_move("    requires: ['len(unique(edge ++ edge) ++ [s]) == 5']\n"), "", 0, 0, 0},
      {"unique of a single value", one_move("    requires: ['len(unique(s)) > 0']\n"),
       "the first argument of 'unique' must be a list, not site", 7, 28, 1},
      {"unique of two lists", one_move("    requires: ['len(unique(edge, edge)) > 0']\n"), "'unique' takes 1 argument (list), not 2",
       7, 21, 1},
      // game.notation_case
      {"notation_case sensitive", edit(game("moves: {go: {}}\n"), "{name: Tiny}", "{name: Tiny, notation_case: sensitive}"), "", 0, 0, 0},
      {"notation_case insensitive", edit(game("moves: {go: {}}\n"), "{name: Tiny}", "{name: Tiny, notation_case: insensitive}"), "", 0, 0, 0},
      {"notation_case of another value", edit(game("moves: {go: {}}\n"), "{name: Tiny}", "{name: Tiny, notation_case: yes}"),
       "'notation_case' is 'sensitive' or 'insensitive', not 'yes'", 1, 35, 1},
      // a grid's name: a region of its sites
      {"a named grid is a region", edit(one_move("    requires: ['s in board and len(board) == 4 and not (x in board)']\n"),
                                         "sites: [x, y, z]", "sites: [x, y, z], grids: [{width: 2, height: 2, name: board}]"),
       "", 0, 0, 0},
      {"a grid named like a site", edit(game("moves: {go: {}}\n"), "sites: [x, y, z]", "sites: [x, y, z], grids: [{width: 1, height: 1, name: x}]"),
       "'x' is already declared as a site (at line 3, column 20)", 3, 66, 1},
      {"a grid named like a region", edit(game("moves: {go: {}}\n"), "sites: [x, y, z]", "sites: [x, y, z], grids: [{width: 1, height: 1, name: edge}]"),
       "'edge' is already declared as a region (at line 3, column 66)", 3, 84, 1},
      {"a grid whose name is no name", edit(game("moves: {go: {}}\n"), "sites: [x, y, z]", "sites: [x, y, z], grids: [{width: 1, height: 1, name: 'a b'}]"),
       "'a b' cannot be a name", 3, 66, 1},
      {"a grid's name that is a list", edit(game("moves: {go: {}}\n"), "sites: [x, y, z]", "sites: [x, y, z], grids: [{width: 1, height: 1, name: [b]}]"),
       "a grid's 'name' must be a scalar, not a list", 3, 66, 1},
      // '[]': an empty list of the type its context expects
      {"'[]' where a list type is expected",
       game("functions: {'none_of() -> sites': '[]', 'f(sites l) -> int': 'len(l)', 'g(bool c)': 'if c then [] else edge', "
            "'h()': '[] ++ edge ++ []'}\n"
            "moves: {go: {params: {s: 'site in []', t: 'piece? in []'}, requires: ['f([]) == len(none_of())', "
            "'len(if s == x then g(true) else if s == y then [] else []) == 0', 's in [] or s not in []', 'len(h()) == 2']}}\n"),
       "", 0, 0, 0},
      {"'[]' of the wrong list type", game("functions: {'f() -> ints': 'if true then [] else edge'}\nmoves: {go: {}}\n"),
       "function 'f' is declared ints but its body is sites", 4, 29, 1},
      {"'[]' where a single value is expected", one_move("    requires: ['size([]) == 0']\n"), "the type of '[]' cannot be known here",
       7, 22, 1},
      {"'[]' without a context", one_move("    requires: ['len([]) == 0']\n"),
       "the type of '[]' cannot be known here; write filter(x in LIST : false) for an empty list of LIST's type", 7, 21, 1},
      {"'[]' named by a let", one_move("    requires: ['let l = []; len(l ++ edge) == 2']\n"),
       "the type of '[]' cannot be known here", 7, 25, 1},
      {"'[]' in both branches of an 'if' without a context", one_move("    let: {l: 'if true then [] else []'}\n"),
       "the type of '[]' cannot be known here", 7, 28, 2},
      {"'[]' as the domain of an aggregate", one_move("    requires: ['any(t in [] : true)']\n"),
       "the type of '[]' cannot be known here", 7, 26, 1},
      {"'[]' in a variable", game("variables: {v: '[]'}\nmoves: {go: {}}\n"), "the type of '[]' cannot be known here", 4, 17, 1},
      {"a list in a variable", game("variables: {v: 'filter(t in edge : true)'}\nmoves: {go: {}}\n"),
       "a variable holds an int, bool, player, site, piece, kind or line, not sites", 4, 16, 1},
      {"functions return made lists", game("functions: {'near(site s) -> sites': 'filter(t in edge : t != s) ++ [s]', "
                                            "'all_near(sites l, int i) -> sites': 'if i == 0 then near(l[0]) else near(l[i]) ++ all_near(l, i - 1)'}\n"
                                            "moves: {go: {requires: ['len(unique(all_near(sites, 2))) == 3']}}\n"),
       "", 0, 0, 0},
      {"a move's let holding a made list", one_move("    let: {l: 'map(t in edge : offset(t, 0, 0))'}\n    requires: ['s in l']\n"),
       "", 0, 0, 0},
      {"pieces is a built-in list", one_move("    requires: ['count(p in pieces : p.owner == A) == len(pieces)', 'top(s) in pieces']\n"),
       "", 0, 0, 0},
      {"a variable named pieces", game("variables: {pieces: 2}\nmoves: {go: {}}\n"), "'pieces' is a built-in name", 4, 13, 1},
      {"a region named pieces", edit(game("moves: {go: {}}\n"), "{edge: [x, z]}", "{pieces: [x, z]}"),
       "'pieces' is a built-in name", 3, 40, 1},
      {"a function called map", game("functions: {'map(int a, int b) -> int': 'a + b'}\nmoves: {go: {requires: ['map(1, 2) == 3']}}\n"),
       "", 0, 0, 0},
      {"a function named like a grid function", game("functions: {'offset(site s)': 's'}\nmoves: {go: {}}\n"),
       "'offset' is a built-in function", 4, 14, 1},
      {"grid coordinates of a site", one_move("    requires: ['x_of(s) + y_of(s) > 0 and offset(s, 1, -1) != none']\n"), "", 0, 0, 0},
      {"site_at without a grid", one_move("    requires: ['site_at(1, 1) == s']\n"), "'site_at' needs a grid in 'topology.grids'", 7, 17,
       1},
      {"site_at with a grid", edit(one_move("    requires: ['site_at(1, 1) == s']\n"), "regions:", "grids: [{width: 2, height: 2}], regions:"),
       "", 0, 0, 0},
      {"x_of of a player", one_move("    requires: ['x_of(A) > 0']\n"), "argument 1 of 'x_of' must be site, not player", 7, 22, 1},
      {"offset with two arguments", one_move("    requires: ['offset(s, 1) == s']\n"),
       "'offset' takes 3 arguments (site, int, int), not 2", 7, 17, 1},
      {"offset by a site", one_move("    requires: ['offset(s, s, 0) == s']\n"), "argument 2 of 'offset' must be int, not site", 7, 27, 1},
      // ---- the setup, random and the summary
      {"a setup that draws", with_setup("['set v = random(6) + 1', 'for t in edge : if random(2) == 0 then set v = v + 1']"),
       "", 0, 0, 0},
      {"random in a move's effects", game("variables: {v: 0}\nmoves:\n  go:\n    effects: ['set v = random(6)']\n"),
       "'random' can only be used in 'setup' (chance steps are where a game draws during play)", 7, 24, 1},
      {"random in a requirement", one_move("    requires: ['random(2) == 0']\n"),
       "'random' can only be used in 'setup'", 7, 17, 1},
      {"random in a function the setup calls", game("functions: {'roll() -> int': 'random(6)'}\nvariables: {v: 0}\nsetup: ['set v = roll()']\nmoves: {go: {}}\n"),
       "'random' can only be used in 'setup'", 4, 31, 1},
      {"random in a variable's initial value", game("variables: {v: 'random(6)'}\nmoves: {go: {}}\n"),
       "'random' can only be used in 'setup'", 4, 17, 1},
      {"random in a chance's effects", chance_e("{outcomes: '[1]', effects: ['set e = random(2)']}"),
       "'random' can only be used in 'setup'", 5, 43, 1},
      {"random in computed outcomes", chance_e("{outcomes: '[random(6)]'}"),
       "'random' can only be used in 'setup'", 5, 19, 1},
      {"random in a step's condition", edit(game("moves: {m: {}}\n"), "{choose: all}", "{choose: all, when: random(2) == 0}"),
       "'random' can only be used in 'setup'", 5, 28, 1},
      {"random in the display", game("moves: {m: {}}\ndisplay: '{random(6)}'\n"),
       "'random' can only be used in 'setup'", 5, 12, 1},
      {"random without its argument", with_setup("['set v = random()']"),
       "'random' takes 1 argument (int), not 0", 5, 18, 1},
      {"random of a site", with_setup("['set v = random(x)']"),
       "argument 1 of 'random' must be int, not site", 5, 25, 1},
      {"a function named random", game("functions: {'random(int n)': 'n'}\nmoves: {go: {}}\n"),
       "'random' is a built-in function", 4, 14, 1},
      {"extra_turn in the setup", with_setup("['if v == 0 then extra_turn']"),
       "'extra_turn' is not allowed in 'setup'", 5, 25, 1},
      {"continue_turn in the setup", with_setup("[continue_turn]"),
       "'continue_turn' is not allowed in 'setup'", 5, 9, 1},
      {"continue_move in the setup", with_setup("[continue_move]"),
       "'continue_move' is not allowed in 'setup'", 5, 9, 1},
      {"the setup written as a scalar", with_setup("'set v = 1'"),
       "'setup' must be a list", 5, 8, 1},
      {"a syntax error in the setup", with_setup("['set v = ']"),
       "expected an expression after '='", 5, 18, 1},
      {"an undeclared name in the setup", with_setup("['set w = 1']"),
       "undeclared variable 'w'", 5, 14, 1},
      {"a summary", game("moves: {m: {}}\nsummary: '{size(x)} {me}'\n"),
       "", 0, 0, 0},
      {"a summary showing a list", game("moves: {m: {}}\nsummary: '{edge}'\n"),
       "a template shows a single value, not sites", 5, 12, 1},
      {"a summary with a lone brace", game("moves: {m: {}}\nsummary: 'a}'\n"),
       "unmatched '}' in template (write '}}' for a literal brace)", 5, 12, 1},
      {"a summary written as a list", game("moves: {m: {}}\nsummary: [a]\n"),
       "'summary' must be a scalar, not a list", 5, 10, 1},
      {"random in the summary", game("moves: {m: {}}\nsummary: '{random(2)}'\n"),
       "'random' can only be used in 'setup'", 5, 12, 1},
      // ---- invariants
      {"invariants", with_invariants("{small: v < 10, mine: \"me == A or me == B\", all_here: 'all(s in edge : size(s) >= 0)'}"),
       "", 0, 0, 0},
      {"an invariant named like a variable (names of their own)", with_invariants("{v: v >= 0, go: 'true'}"), "", 0, 0, 0},
      {"an invariant that is not bool", with_invariants("{count: v + 1}"), "invariant 'count' must be bool, not int", 6, 23, 1},
      {"an invariant that is a list", with_invariants("{spot: edge}"), "invariant 'spot' must be bool, not sites", 6, 20, 1},
      {"an invariant named with a dash", with_invariants("{a-b: 'true'}"),
       "'a-b' cannot be a name: use letters, digits and '_', not starting with a digit", 6, 14, 1},
      {"an invariant named with a keyword", with_invariants("{if: 'true'}"), "'if' is a keyword and cannot be a name", 6, 14, 1},
      {"an undeclared name in an invariant", with_invariants("{ok: w > 0}"), "undeclared name 'w'", 6, 18, 1},
      {"a move's parameter in an invariant", edit(with_invariants("{ok: size(s) > 0}"), "go: {}", "go: {params: {s: site}}"),
       "undeclared name 's'", 6, 23, 1},
      {"random in an invariant", with_invariants("{r: random(2) == 0}"), "'random' can only be used in 'setup'", 6, 17, 1},
      {"a syntax error in an invariant", with_invariants("{s: 'v >'}"), "expected an expression after '>'", 6, 21, 1},
      {"every invariant's problem is reported", with_invariants("{a: 1, b: 'true', c: x}"), "invariant 'a' must be bool, not int",
       6, 17, 2},
      {"invariants written as a list", with_invariants("[v > 0]"), "'invariants' must be a mapping, not a list", 6, 13, 1},
      {"an invariant written as a mapping", with_invariants("{x: {check: v > 0}}"),
       "invariant 'x' must be a scalar, not a mapping", 6, 17, 1},
      {"an invariant written twice", with_invariants("\n  x: v > 0\n  x: v < 5"), "duplicate key 'x' (first at line 7)", 8, 3,
       1},
      // ---- hidden information
      {"a hidden section", with_hidden("{each: c, when: 'c.up == 0 and c.owner != me', attributes: [rank]}"), "", 0, 0, 0},
      {"a hidden section without attributes", with_hidden("{each: c, when: 'top(c.site) == c'}"), "", 0, 0, 0},
      {"hidden.each that is not a name", with_hidden("{each: 1c, when: 'true'}"),
       "'1c' cannot be a name: use letters, digits and '_', not starting with a digit", 5, 16, 1},
      {"hidden.each that is a keyword", with_hidden("{each: in, when: 'true'}"), "'in' is a keyword and cannot be a name", 5,
       16, 1},
      {"hidden.when that is not bool", with_hidden("{each: c, when: 'c.rank'}"), "the 'when' of 'hidden' must be bool, not int",
       5, 28, 1},
      {"hidden.when with an undeclared name", with_hidden("{each: c, when: 'c.up == 0 and d.up == 0'}"),
       "undeclared name 'd'", 5, 40, 1},
      {"random in hidden.when", with_hidden("{each: c, when: 'random(2) == 0'}"), "'random' can only be used in 'setup'", 5, 26, 1},
      {"an unknown secret attribute", with_hidden("{each: c, when: 'true', attributes: [rnak]}"),
       "pieces have no attribute 'rnak' (did you mean 'rank'?)", 5, 46, 1},
      {"an unknown secret attribute, far from any", with_hidden("{each: c, when: 'true', attributes: [colour]}"),
       "pieces have no attribute 'colour' (declared: 'rank', 'up')", 5, 46, 1},
      {"a built-in field as a secret", with_hidden("{each: c, when: 'true', attributes: [rank, kind]}"),
       "'kind' is a built-in field of every piece and is always shown: only attributes can be secret", 5, 52, 1},
      {"a secret attribute listed twice", with_hidden("{each: c, when: 'true', attributes: [rank, rank]}"),
       "attribute 'rank' is listed twice", 5, 52, 1},
      {"hidden written as a list", with_hidden("[c]"), "'hidden' must be a mapping, not a list", 5, 9, 1},
      {"hidden without when", with_hidden("{each: c}"), "missing key 'when' in 'hidden'", 5, 9, 1},
      {"hidden with an unknown key", with_hidden("{each: c, when: 'true', attribute: [rank]}"),
       "unknown key 'attribute' in 'hidden' (did you mean 'attributes'?)", 5, 33, 1},
      {"hidden.attributes written as a scalar", with_hidden("{each: c, when: 'true', attributes: rank}"),
       "'hidden.attributes' must be a list, like [rank], not a scalar", 5, 45, 1},
      // ---- slice and reverse
      {"slice and reverse keep the list's type",
       one_move("    requires: ['len(slice(edge, 0, 1) ++ reverse([s]) ++ slice(reverse(sites), 1, 2)) == 3']\n"), "", 0, 0, 0},
      {"a slice joined with another type", one_move("    requires: ['len(slice(edge, 0, 1) ++ players) > 0']\n"),
       "'++' joins two lists of the same type or two single values, not sites and players", 7, 39, 1},
      {"slice of a single value", one_move("    requires: ['len(slice(s, 0, 1)) > 0']\n"),
       "the first argument of 'slice' must be a list, not site", 7, 27, 1},
      {"slice with two arguments", one_move("    requires: ['len(slice(edge, 1)) > 0']\n"),
       "'slice' takes 3 arguments (list, int, int), not 2", 7, 21, 1},
      {"slice from a site", one_move("    requires: ['len(slice(edge, s, 1)) > 0']\n"), "argument 2 of 'slice' must be int, not site",
       7, 33, 1},
      {"slice to a bool", one_move("    requires: ['len(slice(edge, 0, true)) > 0']\n"), "argument 3 of 'slice' must be int, not bool",
       7, 36, 1},
      {"reverse of an int", one_move("    requires: ['len(reverse(1)) > 0']\n"),
       "the first argument of 'reverse' must be a list, not int", 7, 29, 1},
      {"a function called reverse", game("functions: {'reverse(sites l) -> sites': 'l'}\nmoves: {go: {}}\n"),
       "'reverse' is a built-in function", 4, 14, 1},
      // ---- while
      {"a while loop", one_move("    effects: ['while size(s) > 0 : remove(top(s))']\n"), "", 0, 0, 0},
      {"a while condition that is not bool", one_move("    effects: ['while size(s) : pass']\n"),
       "a 'while' condition must be bool, not int", 7, 22, 1},
      {"a while without ':'", one_move("    effects: ['while true pass']\n"),
       "expected ':' (a 'while' is written 'while CONDITION : EFFECT')", 7, 27, 1},
      {"a while body that is not an effect", one_move("    effects: ['while true : 1']\n"), "expected an effect, not '1'", 7, 29,
       1},
      {"a variable called while", game("variables: {while: 0}\nmoves: {go: {}}\n"), "'while' is a keyword and cannot be a name",
       4, 13, 1},
      {"an unknown effect lists while", one_move("    effects: ['jump']\n"),
       "unknown effect 'jump' (effects: move, remove, set, shuffle, extra_turn, continue_turn, continue_move, pass, if, for, while, let)", 7, 16, 1},
      // ---- a step's after
      {"a step's after", with_step("{choose: all, after: ['set v = v + 1', 'for t in edge : set v = v + size(t)']}"), "", 0, 0, 0},
      {"extra_turn in a step's after", with_step("{choose: all, after: [extra_turn]}"),
       "'extra_turn' is not allowed in a step's 'after'", 6, 30, 1},
      {"continue_turn in a step's after", with_step("{choose: all, after: ['if v > 0 then continue_turn']}"),
       "'continue_turn' is not allowed in a step's 'after'", 6, 45, 1},
      {"a step's after of the wrong type", with_step("{choose: all, after: ['set v = x']}"), "cannot set 'v' (int) to site", 6, 39,
       1},
      {"a step's after uses a move's parameter", edit(one_move(""), "{choose: all}", "{choose: all, after: ['remove(top(s))']}"),
       "undeclared name 's'", 7, 42, 1},
      {"a step's after written as a scalar", with_step("{choose: all, after: pass}"), "'after' must be a list, like [pass], not a scalar",
       6, 29, 1},
      {"a roll step with after", edit(game("chance: {e: {outcomes: {1: 1}}}\nmoves: {m: {}}\n"), "{choose: all}",
                                       "{roll: e, after: [pass]}, {choose: all}"),
       "unknown key 'after' in 'turn step' (expected one of: roll, when)", 6, 18, 1},
      // ---- an end rule's message
      {"an end rule's message", edit(game("moves: {m: {}}\n"), "{when: 'false', result: draw}",
                                      "{each: p, when: 'false', result: win(p), message: '{p} wins against {next(p)}; {me} moved'}"),
       "", 0, 0, 0},
      {"an end message showing a list", edit(game("moves: {m: {}}\n"), "result: draw}", "result: draw, message: 'over: {edge}'}"),
       "a template shows a single value, not sites", 6, 54, 1},
      {"an end message with an undeclared name", edit(game("moves: {m: {}}\n"), "result: draw}", "result: draw, message: '{p} won'}"),
       "undeclared name 'p'", 6, 48, 1},
      {"an end message written as a list", edit(game("moves: {m: {}}\n"), "result: draw}", "result: draw, message: [a]}"),
       "'message' must be a scalar, not a list", 6, 46, 1},
      // ---- imports (language.md, section 2 (`import`)), piece names, all_pieces, shuffle
      {"an import", game("import: [cards]\nmoves: {m: {}}\n"), "", 0, 0, 0},
      {"an unknown library", game("import: [crads]\nmoves: {m: {}}\n"),
       "unknown library 'crads' (did you mean 'cards'?)", 4, 10, 1},
      {"an unknown library, far from any", game("import: [geometry]\nmoves: {m: {}}\n"),
       "unknown library 'geometry' (libraries: cards)", 4, 10, 1},
      // import reads no file: a path is no library's name
      {"an absolute path imported", game("import: [/etc/passwd]\nmoves: {m: {}}\n"),
       "'/etc/passwd' is not a library: 'import' names libraries of the standard library, not files (libraries: cards)",
       4, 10, 1},
      {"a path climbing out imported", game("import: [../../../../etc/shadow]\nmoves: {m: {}}\n"),
       "'../../../../etc/shadow' is not a library", 4, 10, 1},
      {"a library's file name imported", game("import: [cards.rules]\nmoves: {m: {}}\n"),
       "'cards.rules' is not a library", 4, 10, 1},
      {"a library imported twice", game("import: [cards, cards]\nmoves: {m: {}}\n"),
       "library 'cards' is imported twice (first at line 4)", 4, 17, 1},
      {"the prelude imported", game("import: [prelude]\nmoves: {m: {}}\n"),
       "'prelude' is always loaded: leave it out of 'import'", 4, 10, 1},
      {"import written as a scalar", game("import: cards\nmoves: {m: {}}\n"),
       "'import' must be a list, like [cards], not a scalar", 4, 9, 1},
      {"a function the imported library declares (and a note at the import)",
       game("import: [cards]\nfunctions: {'red(int x)': 'x > 0'}\nmoves: {m: {}}\n"),
       "'red' is already declared as a function of the library 'cards' (at stdlib/cards.rules:", 5, 14, 2},
      {"a site named like the imported kind, declared first", edit(game("import: [cards]\nmoves: {m: {}}\n"), "z]", "z, card]"),
       "'card' is already declared as a piece kind of the library 'cards' (at stdlib/cards.rules:", 3, 29, 2},
      {"a name the imported library uses, declared as a variable", game("import: [cards]\nvariables: {suit_name: 0}\nmoves: {m: {}}\n"),
       "'suit_name' is already declared as a function of the library 'cards'", 5, 13, 2},
      {"names", game("pieces: {stone: {per_player: 1, name: 's{me}'}}\nmoves: {m: {}}\n"), "", 0, 0, 0},
      {"two pieces of a kind with one name", game("pieces: {stone: {per_player: 2, name: 's{me}'}}\nmoves: {m: {}}\n"),
       "pieces 'stone#0' and 'stone#1' are both named 'sA' (the pieces of a kind have different names)", 4, 39, 1},
      {"an empty name", game("pieces: {stone: {per_player: 1, name: \"{''}\"}}\nmoves: {m: {}}\n"),
       "piece 'stone#0' has an empty name", 4, 39, 1},
      {"a name showing a list", game("pieces: {stone: {per_player: 1, name: '{edge}'}}\nmoves: {m: {}}\n"),
       "a template shows a single value, not sites", 4, 41, 1},
      {"a name using an undeclared name", game("pieces: {stone: {each: 'i in 1..3', name: '{j}'}}\nmoves: {m: {}}\n"),
       "undeclared name 'j'", 4, 45, 1},
      {"all_pieces", game("pieces: {stone: {per_player: 1}}\nmoves: {m: {}}\nsummary: '{len(all_pieces(stone))}'\n"),
       "", 0, 0, 0},
      {"all_pieces of a site", game("moves: {m: {}}\nsummary: '{len(all_pieces(x))}'\n"),
       "argument 1 of 'all_pieces' must be kind, not site", 5, 27, 1},
      {"a function named all_pieces", game("functions: {'all_pieces(int n)': 'n'}\nmoves: {go: {}}\n"),
       "'all_pieces' is a built-in function", 4, 14, 1},
      {"shuffle in the setup", with_setup("['shuffle(x)']"), "", 0, 0, 0},
      {"shuffle in a move", one_move("    effects: ['shuffle(s)']\n"),
       "'shuffle' can only be used in 'setup' (chance steps are where a game draws during play)", 7, 16, 1},
      {"shuffle in a chance's effects", chance_e("{outcomes: {1: 1}, effects: ['shuffle(x)']}"),
       "'shuffle' can only be used in 'setup'", 5, 36, 1},
      {"shuffle of a piece", with_setup("['shuffle(top(x))']"), "argument 1 of 'shuffle' must be site, not piece", 5, 18, 1},
      {"shuffle without its site", with_setup("['shuffle()']"), "'shuffle' takes 1 argument (site), not 0", 5, 10, 1},

  };
}

// The errors (not their notes) in file order.
std::vector<Diagnostic> in_file_order(const Diagnostics& d) {
  std::vector<Diagnostic> v = d.all();
  std::erase_if(v, [](const Diagnostic& x) { return x.severity == Severity::Note; });
  std::stable_sort(v.begin(), v.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return a.pos.line != b.pos.line ? a.pos.line < b.pos.line : a.pos.col < b.pos.col;
  });
  return v;
}

}  // namespace

TEST_CASE("checker: the first diagnostic of each broken rule file", "[checker]") {
  for (const Row& row : rows()) {
    Diagnostics d;
    auto prog = load_rules_text("t.rules", row.text, d);
    INFO(row.what << "\n" << row.text << "---\n" << d.format());
    if (std::string(row.message).empty()) {
      CHECK(prog != nullptr);
      CHECK(d.empty());
      continue;
    }
    CHECK(prog == nullptr);
    REQUIRE_FALSE(d.empty());
    Diagnostic first = in_file_order(d).front();
    CHECK(first.file);
    CHECK(first.file->path == "t.rules");
    CHECK_THAT(first.message, Catch::Contains(row.message));
    CHECK(first.pos.line == row.line);
    CHECK(first.pos.col == row.col);
    CHECK(d.size() == row.count);
  }
}

TEST_CASE("checker: every independent error is reported, once, in file order", "[checker]") {
  std::string text = game(
      "functions: {'f(site s)': 'size(s) + true'}\n"            // 4: int + bool
      "moves:\n"
      "  go:\n"
      "    params: {s: site}\n"
      "    requires: ['s == A', 'size(t) > 0']\n"                // 8: site vs player; undeclared t
      "    effects: ['move(s, x)']\n");                         // 9: a site is not a piece
  text.replace(text.find("result: draw"), 12, "result: draw(A)");  // 11: not a result
  Diagnostics d;
  CHECK_FALSE(load_rules_text("t.rules", text, d));
  INFO(d.format());
  std::vector<Diagnostic> v = in_file_order(d);
  REQUIRE(v.size() == 5);
  CHECK(v[0].pos.line == 4);
  CHECK(v[1].pos.line == 8);
  CHECK(v[2].pos.line == 8);
  CHECK(v[1].pos.col < v[2].pos.col);
  CHECK(v[3].pos.line == 9);
  CHECK(v[4].pos.line == 11);
  // format() prints them in the same order
  std::string out = d.format();
  CHECK(out.find("t.rules:4:") < out.find("t.rules:8:"));
  CHECK(out.find("t.rules:8:") < out.find("t.rules:9:"));
  CHECK(out.find("t.rules:9:") < out.find("t.rules:11:"));
}

TEST_CASE("checker: pathological input is reported, never a crash", "[checker]") {
  SECTION("a 1 MB expression") {
    std::string big = "1";
    while (big.size() < (1u << 20)) big += " + 1";
    Diagnostics d;
    CHECK_FALSE(load_rules_text("t.rules", one_move("    requires: ['" + big + " > 0']\n"), d));
    REQUIRE(d.size() == 1);
    CHECK_THAT(d.all()[0].message, Catch::Contains("expression is too long"));
    CHECK(d.all()[0].pos.line == 7);
    // the source line is shown as a window around the caret, not a megabyte of text
    CHECK(d.format().size() < 1000);
  }
  SECTION("deep nesting of every kind") {
    for (std::string e : {std::string(5000, '(') + "1", std::string(3000, '-') + "1", [] {
                            std::string s;
                            for (int i = 0; i < 1000; ++i) s += "not ";
                            return s + "true";
                          }()}) {
      Diagnostics d;
      CHECK_FALSE(load_rules_text("t.rules", one_move("    requires: ['" + e + "']\n"), d));
      CHECK_THAT(d.format(), Catch::Contains("nested too deeply") || Catch::Contains("too long"));
    }
  }
  SECTION("deep YAML") {
    Diagnostics d;
    CHECK_FALSE(load_rules_text("t.rules", "x: " + std::string(100000, '['), d));
    CHECK_THAT(d.format(), Catch::Contains("invalid YAML: nested too deeply"));
  }
  SECTION("aliases that multiply (a 'billion laughs' document)") {
    std::string text = "game: {name: t}\nplayers: [A]\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 12; ++i) {
      text += fmt::format("a{}: &a{} [", i, i);
      for (int k = 0; k < 10; ++k) text += fmt::format("{}*a{}", k ? ", " : "", i - 1);
      text += "]\n";
    }
    Diagnostics d;
    CHECK_FALSE(load_rules_text("t.rules", text, d));
    CHECK_THAT(d.format(), Catch::Contains("unknown section 'a11'"));
  }
  SECTION("binary garbage") {
    std::string junk;
    uint32_t x = 12345;
    for (int i = 0; i < 4096; ++i) {
      x = x * 1103515245u + 12345u;
      junk += static_cast<char>(x >> 24);
    }
    Diagnostics d;
    CHECK_FALSE(load_rules_text("t.rules", junk, d));
    CHECK_FALSE(d.empty());
    // whatever the file holds, the output is printable UTF-8 text
    std::string out = d.format();
    CHECK(std::none_of(out.begin(), out.end(), [](char c) {
      return static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t';
    }));
  }
}
