// The rule file as plain structs: the YAML is converted into these once (syntax/loader*.cpp), and nothing after the
// loader sees YAML. Every scalar keeps its file position (with its file: Pos::file) and, for expressions, a
// map from each byte of the decoded text back to the file. A variant and its bases are merged into one
// Document (variants.cpp), so one Document may hold positions in several files.
#pragma once
#include <cctype>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.hpp"

namespace ri {

// Where each byte of a decoded scalar stands in the file, kept as runs: the bytes of a run stand on one line, each
// one column after the one before (a stretch of text as written) or all at one position (the bytes of an escape).
// Its memory grows with the scalar's lines and escapes, not with its bytes.
class PosMap {
 public:
  // Appends the position of the next byte.
  void push_back(Pos p) {
    if (!runs_.empty()) {
      Run& r = runs_.back();
      size_t k = size_ - r.first;  // bytes in the run so far
      if (p.file == r.pos.file && p.line == r.pos.line) {
        if (k == 1 && (p.col == r.pos.col || p.col == r.pos.col + 1)) r.step = p.col - r.pos.col;
        if (static_cast<int64_t>(p.col) == r.pos.col + static_cast<int64_t>(r.step) * static_cast<int64_t>(k)) {
          ++size_;
          return;
        }
      }
    }
    runs_.push_back({size_, p, 1});
    ++size_;
  }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() {
    runs_.clear();
    size_ = 0;
  }
  // The position of byte i (i < size()).
  Pos operator[](size_t i) const {
    size_t lo = 0, hi = runs_.size();  // the last run starting at or before i
    while (hi - lo > 1) {
      size_t mid = (lo + hi) / 2;
      (runs_[mid].first <= i ? lo : hi) = mid;
    }
    const Run& r = runs_[lo];
    Pos p = r.pos;
    p.col += r.step * static_cast<int>(i - r.first);
    return p;
  }

 private:
  struct Run {
    size_t first;  // the run's first byte
    Pos pos;       // its position
    int step;      // 1: byte first + k is k columns further; 0: every byte is at pos
  };
  std::vector<Run> runs_;
  size_t size_ = 0;
};

// A scalar from the rule file: its decoded text and where each of its bytes stands in the file.
struct Text {
  std::string s;
  Pos pos;     // where the scalar starts
  PosMap map;  // map[i] = file position of byte i of s (size s.size()+1); may be empty
  Pos at(size_t offset) const {
    if (map.empty()) return pos;
    return map[offset < map.size() ? offset : map.size() - 1];
  }
};

// A structural count (a grid's width, a number of pieces or dice or players): a whole number, the name of a
// rule-file parameter, or an arithmetic expression of numbers and parameters ("(width * height + 1) / 2"), whose
// value the checker works out (language.md, section 2 (params)).
struct Count {
  int value = 0;      // the number written (when `param` is empty)
  Text param;         // the parameter named instead, or the expression written; empty for a number
  bool expr = false;  // `param` is an expression
  Pos pos;            // where it is written
};

// A rule-file parameter: `NAME: DEFAULT` or `NAME: {default, min, max, description}`. Whole numbers, 32 bits.
struct RuleParamDecl {
  Text name;
  std::vector<Text> keys;  // the keys written ('default' for the short form): a variant's merges key by key
  int32_t def = 0;
  std::optional<int32_t> min, max;
  std::optional<int32_t> step;  // its values are min (0 without one) plus a multiple of step
  Pos def_pos, min_pos, max_pos, step_pos;
  Text description;
  int32_t value = 0;  // the value the rules are checked with: the default, or one given from outside (load_rules)
};

struct NamedList {
  Text name;
  std::vector<Text> items;
  std::optional<Text> computed;  // a region written as an expression of type sites (evaluated at load)
};

struct GridDecl {
  Pos pos;
  Count width, height;
  Text name;   // the region of its sites, or empty
  Text names;  // pattern with {col} {row} {x} {y} {i}: col is a letter a.., row/x/y numbers from 1, i from 0
  bool directions = true;  // generate relations n s e w ne nw se sw
  bool diagonals = true;
};

struct RelationDecl {
  Text name;
  bool symmetric = true;
  std::vector<std::pair<Text, Text>> edges;
  // or computed at load: for each site `s` of `each` ("s in LIST"), the sites `to` links it to
  std::optional<Text> each, to;
};

// A family of lines: explicit site lists, or every chain of `length` sites along one of the `along` relations.
struct LinesDecl {
  Text name;
  std::vector<std::vector<Text>> lists;
  std::vector<Text> along;  // relations (derived form)
  int length = 0;
  bool derived = false;
  Pos pos;
};

struct TrackDecl {
  Text name;
  std::vector<NamedList> per_player;  // name = player
};

// The keys an entry writes (each at its position): a variant's entry merges with its base's key by key (variants.hpp).
using Keys = std::vector<Text>;

struct ZoneDecl {
  Text name;
  Keys keys;
  bool per_player = false;
  Text label;  // how the zone is written; defaults to its name
};

struct AttrDecl {
  Text name;
  Text init;  // expression
};

struct PieceDecl {
  Text name;
  Keys keys;
  std::optional<Count> per_player;  // how many each player starts with
  Text at;                        // zone or site where they start; empty: off the board (with `each`: an expression)
  std::vector<AttrDecl> attributes;
  // generated pieces: one per element of `each` ("x in LIST", evaluated at load), `at` and `owner` expressions of x
  std::optional<Text> each, owner;
  // the pieces' names: a template evaluated once per piece at load (language.md, section 2 (pieces)), or none
  std::optional<Text> piece_name;
};

// A library of the standard library that the rule file imports (`import: [NAME, ...]`, language.md section 2 (import)).
struct ImportDecl {
  Text name;         // as written in 'import'
  int16_t file = -1;  // the library's file (Pos::file) once it is loaded and merged (imports.hpp), else -1
};

// A piece written on a board: {KIND: OWNER, ATTRIBUTE: VALUE, ...} (the first key is the kind).
struct BoardPiece {
  Text kind, owner;
  std::vector<std::pair<Text, Text>> attributes;
};

// One site of a board and its pieces, bottom to top: the rule file's `start: {board}` and a position file's
// `board` (spec/position.md) are lists of these.
struct BoardSite {
  Text site;
  std::vector<BoardPiece> pieces;
};

// A field of `position_text` after the board (language.md, section 2 (position_text)): the key written (`kind`:
// player, flags or variable) and its value.
struct PositionTextField {
  Text kind;
  std::vector<std::pair<Text, Text>> symbols;  // player: SYMBOL -> PLAYER; flags: LETTER -> VARIABLE
  Text variable;                               // variable: NAME or NAME[PLAYER]
};

// position_text: how a position of a grid game is written as one line of text (FEN-like).
struct PositionTextDecl {
  Pos pos;
  Text rows, separator, empty;                       // absent: no position
  std::vector<std::pair<Text, BoardPiece>> pieces;  // SYMBOL -> {KIND: OWNER, ATTRIBUTE: VALUE, ...}
  std::vector<PositionTextField> fields;
};

struct VarDecl {
  Text name;
  bool per_player = false;
  bool counter = false;  // a variable's 'counter': not part of what makes two positions the same (repetitions)
  Text type;  // int | bool | player | site
  Text init;  // expression
};

struct ChanceDecl {
  Text name;
  Pos pos;
  // Either dice (count dice, each showing one of faces with equal probability, the value being the sum) ...
  std::optional<Count> dice_count;
  std::vector<Text> faces;
  // ... or explicit outcomes: value -> weight (the probability is weight / sum of weights) ...
  std::vector<std::pair<Text, Text>> outcomes;
  // ... or computed outcomes: an expression of type ints, each element one equally likely outcome.
  std::optional<Text> computed;
  std::vector<Text> effects;  // statements run after each roll (empty: none)
};

struct FuncDecl {
  Text signature;  // name(p: type, ...)
  Text body;       // expression

  // The function's name: the signature's leading word (what a variant matches functions by).
  std::string name() const {
    const std::string& s = signature.s;
    size_t b = s.find_first_not_of(" \t\r\n"), e = b;
    while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
    return b == std::string::npos ? std::string() : s.substr(b, e - b);
  }
};

struct ParamDecl {
  Text name;
  Text spec;  // "TYPE" or "TYPE in EXPR"
  Text error;    // the long form's: the code when a typed move's value is outside the domain (may be empty)
  Text message;  // and its message (may be empty)
};

struct Requirement {
  Text check;      // boolean expression
  Text error;      // error code, may be empty
  Text message;    // may be empty
};

struct MoveDecl {
  Text name;
  Keys keys;
  std::vector<ParamDecl> params;
  std::vector<std::pair<Text, Text>> lets;  // name -> expression (evaluated on first use)
  std::vector<Requirement> requires_;
  std::vector<Requirement> ensures;  // conditions on the state after the effects
  std::vector<Text> effects;    // statements
  std::vector<Text> effect_names;  // effects written as a mapping {NAME: STMT}: each one's name (else empty)
  std::vector<Text> notation;   // templates; the first is how the move is written
  std::vector<std::string> appended;  // the list keys a variant writes with the tag !append ('effects', 'notation')
  std::vector<std::pair<Text, Text>> record;  // history field -> expression (evaluated after the effects)
};

struct StepDecl {
  Pos pos;
  Text name;  // the step's name when 'turn' is a mapping {NAME: STEP}, else empty
  Keys keys;
  std::vector<std::string> appended;  // 'choose', 'after' written with !append (in a variant)
  enum Kind { Roll, Choose } kind = Choose;
  Text chance;                 // Roll: the chance event's name
  std::vector<Text> moves;     // Choose: the moves offered (empty = all)
  Text when_none;              // Choose: pass | end (default pass)
  std::optional<Text> when;    // a condition: the step is skipped when it is false (none: always taken)
  std::vector<Text> after;     // Choose: statements run after every move chosen at the step (empty: none)
};

struct EndDecl {
  Pos pos;
  Text name;  // the rule's name when 'end' is a mapping {NAME: RULE}, else empty
  Keys keys;
  Text each;    // optional player variable
  Text when;    // boolean expression
  Text result;  // win(P) | lose(P) | draw | rank(EXPR)
  std::optional<Text> message;  // a template shown when this rule ends the game
  std::optional<Text> reason;   // a template: why the game ended, shown after the result (default: the rule's name)
};

// Hidden information: `each` names a piece, `when` (a bool expression of it, me = the viewer) says whether it is
// hidden from the viewer, `attributes` what is secret about a hidden piece (absent: every attribute).
struct HiddenDecl {
  Pos pos;
  Text each;
  Text when;
  std::optional<std::vector<Text>> attributes;
};

// The evaluation of a position for the computer players (`alphabeta`): `each` names a player, `value` (an int
// expression of them) how good the position is for them, higher better (language.md, section 2 (evaluation)).
struct EvaluationDecl {
  Pos pos;
  Text each;
  Text value;
};

// An invariant: a condition that must hold in every position of every game (`invariants: {NAME: EXPR}`), checked by
// `ruleinterp check --playouts` and `ruleinterp replay` (language.md, section 2 (invariants)).
struct InvariantDecl {
  Text name;
  Text check;  // boolean expression
};

// A variant's entry that merged with (or replaced) its base's entry of the same name: where each is written.
struct Override {
  std::string path;  // 'moves.advance', 'end.line'
  Pos variant, base;
  bool merged = true;  // key by key; false: replaced whole
};

struct Document {
  std::shared_ptr<const SourceFile> file;
  Text extends;                // the base rule file's path as written ("" when the file extends none)
  std::vector<Text> remove;    // paths of the base's sections and entries to drop ('moves.fly')
  // after a merge: every path the chain's variants removed, and every entry a variant's entry replaced or merged with
  std::vector<Text> removed;
  std::vector<Override> overrides;
  // lists written with the tag !append ('end', 'turn', 'setup'): a variant appends them to its base's
  std::vector<std::string> appended;
  bool end_named = false, turn_named = false;  // 'end' / 'turn' written as a mapping of named items
  std::vector<Text> sections;  // the sections written, by path ('moves', 'topology.relations'), at their keys
  std::vector<ImportDecl> imports;  // the libraries imported ('import'), in the order written
  Text name, description;
  Text syntax;  // how a player types a move ('game.syntax'): a short text for people
  Text prompt;  // game.prompt: the template `play` prompts a human with (absent: pos.line == 0)
  Text notation_case;  // game.notation_case: 'sensitive' or 'insensitive' (absent: pos.line == 0, insensitive)
  std::vector<RuleParamDecl> params;
  std::vector<Text> players;
  // players: {count, names}: `count` players named by the pattern (placeholders {letter}, {LETTER}, {n})
  std::optional<Count> player_count;
  Text player_names;
  std::vector<Text> sites;
  std::vector<GridDecl> grids;
  std::vector<RelationDecl> relations;
  std::vector<NamedList> regions;
  std::vector<LinesDecl> lines;
  std::vector<TrackDecl> tracks;
  std::vector<ZoneDecl> zones;
  std::vector<PieceDecl> pieces;
  std::vector<VarDecl> variables;
  std::vector<VarDecl> history;  // fields every history entry has (per_player unused)
  std::vector<ChanceDecl> chance;
  std::vector<FuncDecl> functions;
  std::vector<MoveDecl> moves;
  std::vector<StepDecl> turn;
  Pos turn_pos;
  std::vector<EndDecl> end;
  std::vector<InvariantDecl> invariants;
  Text display;
  bool has_display = false;
  Text summary;  // the one-line template of a position (language.md, section 11 (The summary))
  bool has_summary = false;
  // names the rule file offers to `eval` and other tools (functions, variables, regions, ...): never reported unused
  std::vector<Text> queries;
  std::vector<Text> setup;  // statements run once when the game is set up from the start (language.md, section 8: Setting up)
  std::optional<HiddenDecl> hidden;  // what the player to move cannot see (language.md, section 2 (hidden))
  std::optional<EvaluationDecl> evaluation;  // how good a position is for a player (language.md, section 2 (evaluation))
  std::vector<BoardSite> start;  // the start board ('start: {board: ...}')
  std::optional<PositionTextDecl> position_text;  // positions as text (language.md, section 2 (position_text))
};

// A position file as written (spec/position.md): every value is still text; position.hpp resolves it against a
// game. A key that is absent has a Text without a position (pos.line == 0).
struct PositionDecl {
  std::shared_ptr<const SourceFile> file;
  Text rules, player, step, turn;
  std::vector<std::pair<Text, Text>> params;  // NAME -> value: the rule file's parameters the position is for
  bool over = false;
  bool lost = false;  // 'over: lost'
  Pos over_pos;
  std::vector<Text> winners;
  Pos winners_pos;  // line 0: no 'winners'
  std::vector<BoardSite> board;
  std::vector<BoardPiece> off_board;  // pieces matched like the board's but not placed ('off_board')
  std::vector<std::pair<Text, Text>> variables;  // NAME or NAME[PLAYER] -> value
};

// Reads a rule file (YAML) into a Document, reporting every structural problem: YAML syntax, unknown and
// duplicate keys, missing sections, wrong node kinds. Returns false when anything was reported. Every
// position gets the file index `index` (Pos::file). A file that says `extends` is a variant: it need not have
// the required sections (its bases are read and merged by load_variant, variants.hpp).
bool load_document(std::shared_ptr<const SourceFile> file, Document& doc, Diagnostics& diags, int16_t index = 0);

// Reads a position file (YAML) into a PositionDecl, reporting every structural problem as load_document does.
bool load_position_document(std::shared_ptr<const SourceFile> file, PositionDecl& out, Diagnostics& diags);

// Reads a library file of the standard library: 'functions', 'pieces' and 'topology' with only 'regions'.
bool load_library(std::shared_ptr<const SourceFile> file, Document& doc, Diagnostics& diags, int16_t index = 0);

}  // namespace ri
