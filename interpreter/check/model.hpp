// The model of a rule file: what the checker declares (check/checker.hpp) and the elaborator derives from it
// (elaborate/). Every name interned to an id, the topology's tables, the pieces, variables, moves, turn and end with
// their frames. Where a declaration has code, it holds the index of a node of the compiled program
// (compile/program.hpp), -1 until the compiler fills it in.
// Nothing here refers to YAML or to the runtime.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.hpp"
#include "common/types.hpp"
#include "check/symbols.hpp"

namespace ri {

struct FunctionInfo {
  std::string name;
  int nparams = 0;
  int frame = 0;  // slots used by the body
  int body = -1;
  Type result = Type::Error;
  std::vector<Type> params;
};

struct ParamInfo {
  std::string name;
  Type type = Type::Error;
  int domain = -1;  // node producing a list, or -1 for the type's whole domain
  bool optional = false;  // 'TYPE? in LIST': none comes first, then the list
  // the long form's error for a typed move whose value is outside the domain (both empty: none declared)
  std::string code, message;
};

// The most inputs besides its parameter a requirement that sorts a parameter's values reads (RequireInfo::sort).
constexpr int kMaxSortInputs = 3;

struct RequireInfo {
  int node = -1;
  // The parameter after whose binding generation checks it: the highest parameter it or an earlier
  // requirement depends on (-1: none), so that generation prunes early without changing the order in which
  // requirements are evaluated.
  int level = -1;
  // A requirement `P == none or G1 or G2 ...` on parameter P (its level) whose other terms depend only on earlier
  // parameters: the node of those terms (their `or`), which generation evaluates once per binding of the earlier
  // parameters; while it is false, only `none` can bind P (-1: not of that form).
  int none_unless = -1;
  // A requirement `P == none or ...` on an optional parameter P (its level): it holds while P is none, so generation
  // does not evaluate it then.
  bool holds_if_none = false;
  // A requirement on parameter P (its level) that generation checks without evaluating it (compile/requirements.hpp):
  // owned(P, W) > 0, owned(P, W) == 0, size(P) > 0 (occupied(P)), size(P) == 0 (vacant(P)), top(P).owner == W or
  // top(P).owner != W; `native_player` is W's node (W on parameters before P). Those two fail on an empty site
  // (there is no top piece): generation then evaluates them, which reports the error. occupied(P) and
  // top(P).owner == W (OccupiedTopOwnerIs) or != W (OccupiedTopOwnerIsNot) are false there.
  enum Native : uint8_t {
    Evaluated, OwnedSome, OwnedNone, Occupied, Vacant, TopOwnerIs, TopOwnerIsNot, OccupiedTopOwnerIs, OccupiedTopOwnerIsNot
  } native = Evaluated;
  int native_player = -1;
  // A requirement `P >= E`, `P > E`, `P <= E`, `P < E` or `P == E` (or with E on the left) on an int parameter P (its
  // level), E on earlier parameters, when the requirements of P's level before it are of that form too
  // (compile/requirements.hpp): generation computes E once per binding of the earlier parameters and narrows P's range
  // to the values that meet it, instead of evaluating it for each value. `bound_node` is E; P > E is P >= E + 1
  // (bound_shift 1), P < E is P <= E - 1 (bound_shift -1).
  enum Bound : uint8_t { NoBound, AtLeast, AtMost, Exactly } bound = NoBound;
  int8_t bound_shift = 0;
  int bound_node = -1;
  // A requirement on a site or player parameter P (its level) whose domain is the same in every state, that sorts P's
  // values (compile/requirements.hpp, MoveInfo::sorts): SortTrue when all of it is computed from P, earlier parameters
  // and `me` and the board's tables only (compile/cache.hpp; `sort_part` its node); SortEqual for F == E (or E == F)
  // and SortOr for F or E (or E or F), F computed so (`sort_part`) and E from earlier parameters (`sort_other`).
  enum Sort : uint8_t { NoSort, SortTrue, SortEqual, SortOr } sort = NoSort;
  int sort_part = -1, sort_other = -1;
  std::string code;      // may be empty
  std::string message;   // may be empty
  std::string text;      // the expression as written
  Pos pos;
};

struct TemplateInfo {
  std::vector<std::string> literals;
  std::vector<int> exprs;  // nodes
};

struct MoveInfo {
  std::string name;
  Pos pos;  // where the move is declared
  std::vector<ParamInfo> params;
  int nlets = 0;
  // the parts of its requirements kept while generation lists it (compile/hoist.hpp): how many, and their bits of the
  // 'let' mask (after the lets')
  int nhoisted = 0;
  uint64_t hoisted = 0;
  std::vector<int> let_nodes;  // a reference to each 'let' (evaluating one computes and keeps its value)
  // forget[i + 1]: the lets to forget when parameter i takes a new value during generation (i = -1: all);
  // a let that depends only on parameters before i keeps its value (a list-valued let is always forgotten,
  // since its items live in the arena that generation rewinds)
  std::vector<uint64_t> forget;
  int frame = 0;
  std::vector<RequireInfo> requires_;
  // the requirements checked once parameter i is bound are requires_[require_at[i + 1] .. require_at[i + 2] - 1]
  // (i = -1: those on no parameter); their levels never decrease
  std::vector<int> require_at;
  // per parameter: how many of the first requirements of its level narrow its range (RequireInfo::bound)
  std::vector<int> bounded;
  // per level i + 1 (i = -1: no parameter): the requirements of the level (bit k: require_at[i + 1] + k) that
  // generation checks first, natively (RequireInfo::native), since every requirement before them in the level cannot
  // fail (compile/requirements.hpp)
  std::vector<uint32_t> early;
  // Per parameter: the requirements of its level that sort its values (RequireInfo::sort), each before the first
  // that may fail: generation binds it only to the values for which they all hold (runtime/sorted.hpp), in order.
  struct Sorting {
    uint32_t mask = 0;  // the requirements (bit k: require_at[i + 1] + k); none: its values are not sorted
    int last = -1;      // the last of them (the only one that may be SortEqual or SortOr)
    std::vector<int> inputs;  // the nodes that read what they compute from besides the parameter (a slot or `me`)
  };
  std::vector<Sorting> sorts;
  // per site parameter: its level's first requirement checked natively before any requirement is evaluated (the
  // level's first, or its first checked early) when it asks for a piece there (Occupied, OwnedSome), whose failing
  // values generation passes over in a tight loop; or -1
  std::vector<int> pass;
  // what generation does for this move when it lists its legal moves: requirements checked first (early), ranges
  // narrowed (bounded), values sorted (sorts), values passed over (pass)
  static constexpr int kEarly = 1, kNarrow = 2, kSorted = 4, kPass = 8;
  int features = 0;
  std::vector<int> effects;  // statement nodes
  // conditions on the state after the effects (their `level` unused): a candidate that fails one is not legal
  std::vector<RequireInfo> ensures;
  bool continues = false;  // the effects may request continue_move
  // the requirements, then the post-conditions, as one list (how check --playouts tallies what rejects candidates)
  size_t nconditions() const { return requires_.size() + ensures.size(); }
  const RequireInfo& condition(size_t i) const {
    return i < requires_.size() ? requires_[i] : ensures[i - requires_.size()];
  }
  std::vector<TemplateInfo> notation;
  std::vector<int> record;  // per history field: the node computing its value after the effects
};

struct ChanceInfo {
  std::string name;
  Pos pos;     // where it is declared
  int var = -1;  // the global variable the outcome is stored in
  // declared outcomes (a weight mapping, or the distribution of dice the elaborator computes), empty when they are
  // computed
  std::vector<int64_t> values;
  std::vector<uint64_t> weights;
  uint64_t total = 0;
  int computed = -1;         // node of the ints expression whose elements are the outcomes (weight 1 each), or -1
  std::vector<int> effects;  // statement nodes run after the outcome is stored
  int frame = 0;             // slots used by the expression and the effects
};

struct StepInfo {
  enum Kind { Roll, Choose } kind = Choose;
  int chance = -1;
  std::vector<int> moves;  // move ids offered
  bool end_if_none = false;
  bool lose_if_none = false;  // with no legal move the player loses (after the end rules are tried)
  int when = -1;              // bool node: the step is skipped when it is false (-1: always taken)
  std::vector<int> after;     // statement nodes run after every move chosen at the step ('after')
  int frame = 0;              // slots used by `when` and `after`
};

struct EndInfo {
  bool each = false;   // evaluated once per player (the player in slot 0)
  int when = -1;
  enum Result { Win, Lose, Draw, Rank } result = Win;
  int arg = -1;        // Win, Lose: player node; Rank: int node (evaluated per player, highest wins)
  TemplateInfo message;  // shown when this rule ends the game ('message'; the player in slot 0)
  bool has_message = false;
  TemplateInfo reason;   // why the game ended ('reason'; the player in slot 0), shown after the result
  bool has_reason = false;
  std::string name;      // the rule's name when 'end' is a mapping, else empty
  int frame = 1;
  Pos pos;
};

// An invariant (language.md, section 2 (invariants)): a bool evaluated with `me` = the player to move and no local name.
struct InvariantInfo {
  std::string name;
  int node = -1;
  Pos pos;  // where its expression starts (a violation is reported there)
  int frame = 0;
};

// Hidden information ('hidden'): while a template is rendered for the player to move, the pieces for which `when`
// holds (the piece in slot 0, me = the viewer) are hidden from them, and reading one of their secret attributes
// makes the template part that read it show ??? (language.md, section 2 (hidden)).
// The evaluation of a position (`evaluation`): an int node, the player evaluated in slot 0 (language.md, section 2
// (evaluation)); the computer player `alphabeta` searches with it.
struct EvaluationInfo {
  int value = -1;  // int node; -1: the rule file has no evaluation
  int frame = 1;
};

struct HiddenInfo {
  int when = -1;               // bool node; -1: the rule file hides nothing
  std::vector<uint8_t> secret;  // per attribute: 1 when it is secret
  int frame = 1;
};

struct VarInfo {
  std::string name;
  bool per_player = false;
  bool counter = false;  // not part of a position's key for `repetitions`
  Type type = Type::Int;
  int init = -1;  // node
  int offset = 0; // index into State::vars (per-player: offset + player)
};

struct PieceInit {
  int kind, owner, site;  // site: where 'at' puts it, -1 when the kind has no 'at'
  int64_t element = 0;    // a generated piece: its element of the kind's 'each' list (the attributes' `x`)
};

// A position to set up (spec/language.md, section 8 (Setting up)): the pieces placed, in order, each on top of its site's
// stack (the others stay off the board); values that take the place of initial values; and the turn. The rule
// file's own start is one (Model::start); a position file gives another (position.hpp).
struct Position {
  struct Place {
    int piece, site;  // site -1: the piece stays off the board (a position's `off_board`)
    int owner = -1;   // a generated piece takes the owner the board writes (-1: it keeps its own)
    int kind = -1;    // the kind the position gives the piece (-1: the kind it is created with)
  };
  struct Attr {
    int piece, attr;
    int32_t value;
  };
  struct Var {
    int slot;  // index into State::vars
    int32_t value;
  };
  std::vector<Place> places;
  std::vector<Attr> attrs;
  std::vector<Var> vars;
  int player = 0, step = 0, turn = 1;
  bool over = false;
  bool lost = false;  // over with no winner: a loss (a game of one player), not a draw
  uint32_t winners = 0;
};

struct KindInfo {
  std::string name;
  std::vector<int> attrs;       // attribute ids this kind has
  std::vector<int> attr_inits;  // nodes (a generated kind's see its piece's element in slot 0)
  bool generated = false;       // its pieces come from 'each' (a board matches them by kind only)
  bool named = false;           // its pieces have names: `name_template`, written at load into Model::piece_names
  TemplateInfo name_template;   // with `me` = the piece's owner (a generated kind's element in slot 0)
  Pos name_pos;                 // where the template is written
};

// A declaration computed once, when the rule file is loaded (load_eval.cpp), on the empty board: computed regions
// and relations, the families of lines along computed relations, and generated pieces. Each reads only those computed before it (the checker makes
// sure), so the code reads their tables directly.
struct LoadItem {
  enum Kind { Region, Relation, Lines, Pieces } kind = Region;
  std::string name;
  int id = -1;      // Region: the region; Relation: the relation; Lines: the family; Pieces: the kind
  Pos pos;          // where it is declared (errors about its result are reported there)
  Pos each_pos;     // Relation, Pieces: the 'each' (the pieces limit is reported there)
  int list = -1;    // node: the region's sites, or the list 'each' ranges over (its variable in slot 0)
  int value = -1;   // node: a relation's 'to', the pieces' 'at' (-1: none)
  int owner = -1;   // node: the pieces' 'owner' (-1: the first player)
  int frame = 0;
  std::vector<int> along;  // Lines: the relations
  int length = 0;          // Lines: the sites of each line
};

// 'position_text' (language.md, section 2 (position_text)): positions of the first grid as one line of text; the
// names are checked (elaborate/position_text.cpp), io/position_text.cpp reads and writes the text.
struct PositionTextInfo {
  bool bottom_to_top = false;  // the first row written is the grid's row 1
  std::string separator = "/";
  std::string empty;           // the symbol of one empty square; "" : digits (a run of empty squares, its length)
  struct Symbol {
    std::string symbol;
    int kind = -1, owner = -1;
    std::vector<std::pair<int, int32_t>> attrs;  // attribute -> value, as written
    Pos pos;
  };
  std::vector<Symbol> pieces;
  struct Field {
    enum Kind { Player, Flags, Variable } kind = Player;
    std::vector<std::pair<std::string, std::string>> symbols;  // player: SYMBOL -> PLAYER; flags: LETTER -> VARIABLE
    std::vector<int> slots;  // flags: each letter's variable (index into State::vars)
    std::string variable;    // variable: NAME or NAME[PLAYER]
    int slot = -1;           // variable: index into State::vars
    Type type = Type::Int;
  };
  std::vector<Field> fields;
};

// A grid of 'topology.grids': its sites by position.
struct GridInfo {
  int width = 0, height = 0;
  std::vector<int32_t> sites;  // [(y - 1) * width + x - 1] -> site, for x in 1..width, y in 1..height
  // the site at column x, row y, or none (-1) outside the grid
  int64_t site(int64_t x, int64_t y) const {
    if (x < 1 || y < 1 || x > width || y > height) return -1;
    return sites[static_cast<size_t>((y - 1) * width + x - 1)];
  }
};

// Where a site is on a grid (grid -1: it is not on one).
struct GridPlace {
  int32_t grid = -1, x = 0, y = 0;
};

// A rule-file parameter (language.md, section 2 (params)) and the value the program was built with.
struct RuleParam {
  std::string name;
  int32_t value = 0;
  int32_t def = 0;  // its default
  std::optional<int32_t> min, max;  // its bounds, when written
  std::optional<int32_t> step;      // its step, when written
  std::string description;          // what it sets, for people ("" when not written)
};

// Whether some parameter has a value other than its default. Only then do position files and move logs write the
// values (all of them): a game with the defaults is written as if the rule file had no parameters, so giving a
// file parameters changes none of its written games (spec/position.md, spec/movelog.md).
inline bool params_set(const std::vector<RuleParam>& params) {
  for (const RuleParam& p : params)
    if (p.value != p.def) return true;
  return false;
}

struct Model {
  std::shared_ptr<const SourceFile> file;  // the rule file named on the command line (files[0])
  // every file a position (Pos::file) can be in: [0] = file, then the bases it extends (nearest first), then
  // the standard library's files
  SourceFiles files;
  // a variant's `extends` value, in files[0] (its base is files[1]); line 0 for a rule file that extends none
  Pos extends;
  std::string name, description;
  std::string syntax;  // how a player types a move ('game.syntax'; empty: not said)
  bool notation_case_sensitive = false;  // 'game.notation_case: sensitive': reading a move keeps the letters' case
  std::vector<RuleParam> params;  // in the order declared

  std::vector<std::string> players;
  std::vector<std::string> site_names;   // unique
  std::vector<std::string> site_labels;  // how each is written
  // The lists and what indexes them (region_lists, players_list, sites_list, track_lists, relation_lists,
  // family_lists, through_lists, line_sites) are built by the elaborator (elaborate/); the checker declares the names.
  std::vector<std::vector<int32_t>> lists;       // constant lists of ids
  std::vector<Type> list_types;
  std::vector<std::vector<uint8_t>> list_member; // for site lists: member[site] (empty for others)
  std::vector<std::vector<int32_t>> list_index;  // for long site lists: index[site] = first position or -1
  // whether constant list l holds x
  bool list_holds(size_t l, int64_t x) const {
    const auto& member = list_member[l];
    if (!member.empty()) return x >= 0 && x < static_cast<int64_t>(member.size()) && member[static_cast<size_t>(x)];
    for (auto e : lists[l])
      if (e == x) return true;
    return false;
  }
  std::vector<int> region_lists;                 // [region] -> list id
  int players_list = -1, sites_list = -1;        // list ids of the built-in lists `players` and `sites`
  std::vector<std::vector<int>> zone_sites;      // per-player zones: [zone][player] -> site
  std::vector<std::string> zone_names;
  std::vector<std::vector<int>> track_lists;     // [track][player] -> list id
  std::vector<std::string> track_names;
  std::vector<std::string> relation_names;
  std::vector<std::vector<int>> relation_lists;  // [relation][site] -> list id
  std::vector<std::string> family_names;         // families of lines ('topology.lines')
  std::vector<int> family_lists;                 // [family] -> list id of its lines
  std::vector<std::vector<int>> through_lists;   // [family][site] -> list id of its lines through the site
  std::vector<int> line_sites;                   // [line] -> list id of its sites
  std::vector<GridInfo> grids;                   // in the order of 'topology.grids'
  std::vector<GridPlace> grid_place;             // [site] -> its grid and column and row
  std::vector<std::string> strings;

  std::vector<KindInfo> kinds;
  std::vector<std::string> attr_names;
  std::vector<PieceInit> pieces;  // initial pieces, in creation order (the elaborator's, then load's)
  // each piece's name, written at load from its kind's name template ("" for a piece of a kind without one: it is
  // written KIND#NUMBER)
  std::vector<std::string> piece_names;
  Position start;                 // the initial position: the pieces at their 'at', then the start board
  std::vector<VarInfo> vars;
  int nvars = 0;                  // size of State::vars
  std::vector<VarInfo> history;   // fields of each history entry (init: the default value's node)
  std::vector<ChanceInfo> chance;
  std::vector<FunctionInfo> functions;
  std::vector<MoveInfo> moves;
  std::vector<StepInfo> steps;
  std::vector<EndInfo> ends;
  std::vector<InvariantInfo> invariants;  // in the order written
  TemplateInfo display;
  bool has_display = false;
  int display_frame = 0;
  TemplateInfo summary;  // the one-line form of a position ('summary')
  bool has_summary = false;
  int summary_frame = 0;
  TemplateInfo prompt;  // what `play` prompts a human with ('game.prompt')
  bool has_prompt = false;
  int prompt_frame = 0;
  HiddenInfo hidden;
  EvaluationInfo evaluation;
  std::optional<PositionTextInfo> position_text;
  std::vector<int> setup;  // statement nodes run once at setup from the rule file's start ('setup')
  int setup_frame = 0;
  bool setup_draws = false;  // the setup calls 'random' or 'shuffle': its result depends on the seed
  bool setup_shuffles = false;  // the setup calls 'shuffle': a deck given from outside decides its order
  int init_frame = 0;
  // expressions compiled with the rule file on request (load_rules' `expressions`): their nodes
  std::vector<int> expressions;
  int expression_frame = 0;


  std::vector<LoadItem> load_items;  // in the order they are computed

  std::shared_ptr<const Symbols> symbols;  // what each global name was declared as (check_expressions reads it)

  int max_frame = 0;        // the largest frame of any context
  int max_stack = 0;        // the most pieces any site can hold

  // A new constant list; a list of sites gets its membership tables with index_list.
  int add_list(std::vector<int32_t> items, Type t) {
    lists.push_back(std::move(items));
    list_types.push_back(t);
    list_member.emplace_back();
    list_index.emplace_back();
    return static_cast<int>(lists.size()) - 1;
  }
  // Membership and position tables for a long list of sites (a short one is scanned).
  void index_list(int l) {
    if (list_types[l] != Type::Sites || lists[l].size() <= 8) return;
    list_member[l].assign(site_names.size(), 0);
    list_index[l].assign(site_names.size(), -1);
    for (int32_t s : lists[l]) list_member[l][s] = 1;
    for (size_t i = lists[l].size(); i-- > 0;) list_index[l][lists[l][i]] = static_cast<int32_t>(i);
  }

  int nsites() const { return static_cast<int>(site_names.size()); }
  int nplayers() const { return static_cast<int>(players.size()); }
};

}  // namespace ri
