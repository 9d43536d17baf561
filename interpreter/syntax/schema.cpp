// The rule file's structure as data (schema.hpp), the lookup of the keys a mapping allows, and its JSON Schema.
// Adding a key or a section: write it here (the loader then accepts it), then read it in loader_*.cpp, and run
// `ruleinterp schema > spec/rule-file.schema.json`.
#include "syntax/schema.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace ri::schema {
namespace {

Value scalar(Kind k, std::string d) {
  Value v;
  v.kind = k;
  v.description = std::move(d);
  return v;
}
Value text(std::string d) { return scalar(Kind::Text, std::move(d)); }
Value name(std::string d) { return scalar(Kind::Name, std::move(d)); }
Value expr(std::string d) { return scalar(Kind::Expression, std::move(d)); }
Value tmpl(std::string d) { return scalar(Kind::Template, std::move(d)); }
Value flag(std::string d) { return scalar(Kind::Flag, std::move(d)); }
Value count(std::string d) { return scalar(Kind::Count, std::move(d)); }
Value words(std::vector<std::string> w, std::string d) {
  Value v = text(std::move(d));
  v.words = std::move(w);
  return v;
}
Value nested(Kind k, std::vector<Value> items, std::string d) {
  Value v = scalar(k, std::move(d));
  v.items = std::move(items);
  return v;
}
Value list(Value item, std::string d) { return nested(Kind::List, {std::move(item)}, std::move(d)); }
Value names(Value item, std::string d) { return nested(Kind::Names, {std::move(item)}, std::move(d)); }
Value any(std::vector<Value> alternatives, std::string d) { return nested(Kind::AnyOf, std::move(alternatives), std::move(d)); }
Value map(std::vector<Field> fields, std::string d) {
  Value v = scalar(Kind::Map, std::move(d));
  v.fields = std::move(fields);
  return v;
}
Field req(std::string key, Value v) { return {std::move(key), true, std::move(v)}; }
Field opt(std::string key, Value v) { return {std::move(key), false, std::move(v)}; }
Value statements(std::string d) { return list(scalar(Kind::Statement, "a statement"), std::move(d)); }
// A list of statements, or a mapping of named ones (a variant can replace or remove one by its name).
Value named_statements(std::string d) {
  return any({statements(d), names(scalar(Kind::Statement, "a statement"), d + ", each with a name")}, d);
}
Value site_list(std::string d) { return list(name("a site"), std::move(d)); }

Value topology(bool library) {
  Value regions = names(any({site_list("the region's sites"), expr("an expression of type sites, computed at load")},
                            "a region: its sites, or an expression"),
                        "named sets of sites");
  if (library) return map({opt("regions", regions)}, "the regions a library adds");
  Value edge = list(name("a site"), "an edge: two sites, [A1, A2]");
  return map(
      {opt("sites", site_list("the board's sites, by name")),
       opt("grids", list(map({req("width", count("columns")), req("height", count("rows")),
                              opt("name", name("a region of the grid's sites, in the order of 'sites'")),
                              opt("names", tmpl("the sites' names: {col} {row} {x} {y} {i} (default {col}{row})")),
                              opt("directions", flag("relations n s e w (default true)")),
                              opt("diagonals", flag("relations ne nw se sw (default true)"))},
                             "a rectangular grid of sites"),
                         "grids of sites")),
       opt("relations",
           names(any({list(edge, "the relation's edges"),
                      map({opt("symmetric", flag("each edge goes both ways (default true)")),
                           opt("edges", list(edge, "the relation's edges")),
                           opt("each", text("a computed relation: 'NAME in LIST', each site it links")),
                           opt("to", expr("a computed relation: the sites each site links to"))},
                          "a relation: edges (symmetric or not), or computed with each and to")},
                     "a relation: a list of edges or a mapping"),
                 "named relations between sites")),
       opt("regions", regions),
       opt("lines", names(any({list(site_list("a line"), "the lines, each a list of sites"),
                               map({req("along", list(name("a relation"), "the relations the lines run along")),
                                    req("length", scalar(Kind::Length, "the number of sites of each line"))},
                                   "every chain of 'length' sites along the relations")},
                              "a family of lines: listed, or derived along relations"),
                          "named families of lines")),
       opt("tracks", names(names(site_list("the player's track, in order"), "a track: each player's sites"),
                           "named tracks, one list of sites per player"))},
      "the board: sites, grids, relations, regions, lines, tracks");
}

Value pieces() {
  return names(map({opt("per_player", count("how many each player starts with")),
                    opt("at", expr("the zone or site where they start (with each: an expression)")),
                    opt("name", tmpl("the pieces' names, a template evaluated once per piece")),
                    opt("attributes", names(expr("the attribute's initial value"), "the pieces' attributes")),
                    opt("each", text("generated pieces: one per element, 'NAME in LIST'")),
                    opt("owner", expr("generated pieces: the owner of each"))},
                   "a kind of piece"),
               "the kinds of pieces");
}

Value functions() {
  return names(expr("the function's body"), "functions: 'name(p: type, ...)' to an expression");
}

Value values(bool per_player, const char* what, const char* value) {
  std::vector<Field> fields = {opt("type", text("int, bool, player or site")),
                               req("init", expr(fmt::format("the {}", value)))};
  if (per_player) fields.push_back(opt("per_player", flag("one value per player")));
  if (per_player) fields.push_back(opt("counter", flag("a counter: not part of what makes positions the same (repetitions)")));
  return names(any({expr(fmt::format("the {}", value)), map(std::move(fields), fmt::format("a {} with its type", what))},
                   fmt::format("a {}: its {}, or a mapping", what, value)),
               fmt::format("the {}s", what));
}

Value moves() {
  Value requirement = any({expr("a condition"), map({req("check", expr("a condition")),
                                                     opt("error", text("the error code when it fails")),
                                                     opt("message", tmpl("the message when it fails"))},
                                                    "a condition with its error code and message")},
                          "a requirement");
  return names(map({opt("params", names(any({text("TYPE or 'TYPE in EXPR'"),
                                               map({req("type", text("TYPE or 'TYPE in EXPR'")),
                                                    opt("error", text("the error code when a value is outside the domain")),
                                                    opt("message", tmpl("the message when a value is outside the domain"))},
                                                   "a parameter with the error of a value outside its domain")},
                                              "a parameter's type"),
                                          "the move's parameters and their types")),
                    opt("let", names(expr("a definition"), "names for expressions")),
                    opt("requires", list(requirement, "the conditions the move needs")),
                    opt("effects", named_statements("what the move does")),
                    opt("ensures", list(requirement, "the conditions the state after the effects must meet")),
                    opt("notation", any({tmpl("how the move is written"),
                                         list(tmpl("a way to write the move"), "the ways to write it, the first used")},
                                        "how the move is written")),
                    opt("record", names(expr("the value recorded"), "history fields to record"))},
                   "a move"),
               "the moves");
}

Value turn() {
  Value when = expr("the step is taken only when this holds");
  Value step = any({map({req("roll", name("the chance event rolled")), opt("when", when)}, "a roll of a chance event"),
                    map({req("choose", any({words({"all"}, "every move"), list(name("a move"), "the moves offered")},
                                           "the moves offered")),
                         opt("if_none", words({"pass", "end", "lose"}, "what happens with no legal move (default pass)")),
                         opt("when", when), opt("after", named_statements("statements run after each move chosen"))},
                        "the player to move chooses a move")},
                   "a step");
  // a named step of a variant may give only the keys that change its base's step
  Value partial = map({opt("roll", name("the chance event rolled")),
                       opt("choose", any({words({"all"}, "every move"), list(name("a move"), "the moves offered")},
                                         "the moves offered")),
                       opt("if_none", words({"pass", "end", "lose"}, "what happens with no legal move (default pass)")),
                       opt("when", when), opt("after", named_statements("statements run after each move chosen"))},
                      "a step: 'roll' or 'choose' (a variant's step: the keys it changes)");
  return any({list(step, "the steps of a turn"), names(partial, "the steps of a turn, each with a name")},
             "the steps of a turn");
}

// An end rule; a variant's named rule (`partial`) gives only the keys it changes, so none is required there.
Value end_rule(bool partial) {
  const char* required = partial ? " (required but in a variant)" : "";
  auto need = [&](const char* key, Value v) { return partial ? opt(key, std::move(v)) : req(key, std::move(v)); };
  return map({opt("each", text("a player variable: the rule is tried for each player")),
              need("when", expr(std::string("the condition") + required)),
              need("result", expr(std::string("win(P), lose(P), draw or rank(EXPR)") + required)),
              opt("message", tmpl("shown when this rule ends the game")),
              opt("reason", tmpl("why the game ended, shown after the result (default: the rule's name)"))},
             partial ? "an end rule (a variant's rule: the keys it changes)" : "an end rule");
}

Value end() {
  return any({list(end_rule(false), "when the game ends, and its result"),
              names(end_rule(true), "when the game ends, and its result: rules with names")},
             "when the game ends, and its result");
}

Value build_rule_file() {
  Value piece = names(text("the owner (first key), or an attribute's value"), "a piece: {KIND: OWNER, ATTRIBUTE: VALUE}");
  return map(
      {req("game", map({opt("name", text("the game's name (required unless the file extends another)")),
                        opt("description", text("a description")),
                        opt("syntax", text("how a player types a move, in a few lines")),
                        opt("prompt", tmpl("what `play` prompts a human to move with (default: '{me}> ')")),
                        opt("notation_case", words({"insensitive", "sensitive"},
                                                   "whether a typed move's case matters (default insensitive)"))},
                       "the game's name, description, how to type its moves and prompt")),
       opt("params", names(any({scalar(Kind::Integer, "the default value"),
                                map({req("default", scalar(Kind::Integer, "the default value")),
                                     opt("min", scalar(Kind::Integer, "the smallest value")),
                                     opt("max", scalar(Kind::Integer, "the largest value")),
                                     opt("step", scalar(Kind::Integer, "the values are min plus a multiple of it")),
                                     opt("description", text("what it sets"))},
                                    "a parameter with its bounds")},
                               "a parameter: its default, or a mapping"),
                           "whole-number parameters, set from outside")),
       req("players", any({list(name("a player"), "the players, in turn order"),
                           map({req("count", count("the number of players")),
                                opt("names", tmpl("their names: {letter}, {LETTER} or {n} (default {letter})"))},
                               "a number of players named by a pattern")},
                          "the players")),
       opt("topology", topology(false)),
       opt("zones", names(any({scalar(Kind::Nothing, "a zone"),
                               map({opt("per_player", flag("one zone per player")),
                                    opt("label", text("how the zone is written"))},
                                   "a zone")},
                              "a zone"),
                          "zones off the board")),
       opt("pieces", pieces()),
       opt("start", map({opt("board", names(any({piece, list(piece, "pieces, bottom to top")}, "the site's pieces"),
                                            "the start board: sites to pieces"))},
                        "the start position")),
       opt("variables", values(true, "variable", "initial value")),
       opt("history", values(false, "history field", "default value")),
       opt("chance", names(map({opt("dice", map({req("count", count("the number of dice")),
                                                 req("faces", list(text("a face's value"), "the faces of each die"))},
                                                "dice: the value is the sum")),
                                opt("outcomes", any({expr("an expression of type ints, each equally likely"),
                                                     names(expr("the outcome's weight"), "values to weights")},
                                                    "explicit outcomes")),
                                opt("effects", statements("statements run after each roll"))},
                               "a chance event: dice or outcomes"),
                           "chance events")),
       opt("functions", functions()),
       opt("setup", statements("statements run once when the game is set up")),
       req("moves", moves()),
       req("turn", turn()),
       req("end", end()),
       opt("invariants", names(expr("a condition"), "conditions that hold in every position")),
       opt("display", tmpl("how a position is drawn")),
       opt("summary", tmpl("a position in one line")),
       opt("hidden", map({req("each", name("a piece variable")), req("when", expr("the piece is hidden from me")),
                          opt("attributes", list(name("an attribute"), "what is secret (default: every attribute)"))},
                         "what the player to move cannot see")),
       opt("evaluation", map({req("each", name("a player variable")),
                              req("value", expr("an int: how good the position is for the player, higher better"))},
                             "how good a position is for each player, for the alphabeta computer player")),
       opt("position_text",
           map({opt("rows", text("top_to_bottom (default) or bottom_to_top: the order of the grid's rows")),
                opt("separator", text("between rows (default '/')")),
                opt("empty", text("digits (default: a run of empty squares as its length) or the symbol of one")),
                req("pieces", names(piece, "a symbol (one character) to the piece it stands for")),
                opt("fields", list(map({opt("player", names(name("a player"), "a symbol to the player to move")),
                                        opt("flags", names(name("a bool variable: NAME or NAME[PLAYER]"),
                                                           "letters, each true when written ('-': none)")),
                                        opt("variable", name("a variable, written as a position writes it "
                                                             "('-': none)"))},
                                       "a field: one of player, flags, variable"),
                                   "the fields after the board, separated by spaces"))},
               "positions of the first grid as one line of text (FEN-like)")),
       opt("import", list(name("a library"), "libraries of the standard library")),
       opt("queries", list(name("a declared name"), "names offered to eval and tools: never reported as unused")),
       opt("extends", text("the base rule file's path (a .rules file under the directory of the rule file named "
                           "first, or of an --allow-dir): this file is a variant of it")),
       opt("remove", list(text("a path: 'moves.fly'"), "sections and entries of the base to drop"))},
      "a rule file");
}

Value build_library_file() {
  return map({opt("functions", functions()), opt("pieces", pieces()), opt("topology", topology(true))},
             "a library of the standard library");
}

// The value at `path` under `v` ('*': a Names entry, '[]': a list entry), following alternatives; null if none.
const Value* find(const Value& v, std::string_view path, std::string_view with) {
  if (v.kind == Kind::AnyOf) {
    for (const Value& alt : v.items)
      if (const Value* found = find(alt, path, with)) return found;
    return nullptr;
  }
  if (path.empty()) {
    if (v.kind != Kind::Map) return nullptr;
    if (with.empty()) return &v;
    for (const Field& f : v.fields)
      if (f.key == with) return &v;
    return nullptr;
  }
  std::string_view step = path;
  std::string_view rest;
  if (path.substr(0, 2) == "[]") {
    step = "[]";
    rest = path.substr(2);
  } else {
    size_t end = path.find_first_of(".[");
    step = path.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : path.substr(end);
  }
  if (!rest.empty() && rest[0] == '.') rest.remove_prefix(1);
  if (step == "[]") return v.kind == Kind::List ? find(v.items[0], rest, with) : nullptr;
  if (step == "*") return v.kind == Kind::Names ? find(v.items[0], rest, with) : nullptr;
  if (v.kind != Kind::Map) return nullptr;
  for (const Field& f : v.fields)
    if (f.key == step) return find(f.value, rest, with);
  return nullptr;
}


// --- the JSON Schema

// A JSON value being written: an object (members), an array (elements), or a scalar already in JSON (atom).
struct Member;
struct Json {
  std::vector<Member> members;  // (not pairs: clang rejects std::pair<std::string, Json> inside Json)
  std::vector<Json> elements;
  std::string atom;
  bool object = false;
  Json& add(std::string key, Json v);
};
struct Member {
  std::string first;
  Json second;
};
Json& Json::add(std::string key, Json v) {
  object = true;
  members.push_back({std::move(key), std::move(v)});
  return *this;
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}
Json atom(std::string a) {
  Json j;
  j.atom = std::move(a);
  return j;
}
Json str(const std::string& s) { return atom(quoted(s)); }
Json array(std::vector<Json> elements) {
  Json j;
  j.elements = std::move(elements);
  if (j.elements.empty()) j.atom = "[]";
  return j;
}
Json strings(const std::vector<std::string>& v) {
  std::vector<Json> out;
  for (auto& s : v) out.push_back(str(s));
  return array(std::move(out));
}

// Objects and arrays on indented lines, except arrays of scalars, on one.
void write(const Json& j, int indent, std::string& out) {
  std::string pad(static_cast<size_t>(indent) + 2, ' ');
  if (j.object) {
    out += "{\n";
    for (size_t i = 0; i < j.members.size(); ++i) {
      out += pad + quoted(j.members[i].first) + ": ";
      write(j.members[i].second, indent + 2, out);
      out += i + 1 < j.members.size() ? ",\n" : "\n";
    }
    out += std::string(static_cast<size_t>(indent), ' ') + "}";
  } else if (!j.elements.empty()) {
    bool flat = true;
    for (auto& e : j.elements) flat = flat && !e.object && e.elements.empty();
    out += flat ? "[" : "[\n";
    for (size_t i = 0; i < j.elements.size(); ++i) {
      if (!flat) out += pad;
      write(j.elements[i], indent + 2, out);
      if (i + 1 < j.elements.size()) out += flat ? ", " : ",\n";
    }
    out += flat ? "]" : "\n" + std::string(static_cast<size_t>(indent), ' ') + "]";
  } else {
    out += j.atom;
  }
}

// A YAML scalar, as a YAML reader turns it into JSON: a string, a number or a boolean.
Json any_scalar() { return strings({"string", "number", "boolean"}); }

Json to_json(const Value& v) {
  Json j;
  j.add("description", str(v.description));
  switch (v.kind) {
    case Kind::Text:
    case Kind::Name:
    case Kind::Expression:
    case Kind::Statement:
    case Kind::Template:
      if (!v.words.empty()) j.add("enum", strings(v.words));
      else j.add("type", any_scalar());
      break;
    case Kind::Integer:
      j.add("type", str("integer")).add("minimum", atom("-2147483648")).add("maximum", atom("2147483647"));
      break;
    case Kind::Length:
      j.add("type", str("integer")).add("minimum", atom("0")).add("maximum", atom("1000000"));
      break;
    case Kind::Count: {
      Json number, parameter;
      number.add("type", str("integer")).add("minimum", atom("0")).add("maximum", atom("1000000"));
      // a parameter's name, or arithmetic of numbers and parameters
      parameter.add("type", str("string")).add("pattern", str("^[A-Za-z0-9_ +*/%()-]*[A-Za-z0-9_)][A-Za-z0-9_ +*/%()-]*$"));
      j.add("anyOf", array({number, parameter}));
      break;
    }
    case Kind::Flag: j.add("type", str("boolean")); break;
    case Kind::Nothing: j.add("type", str("null")); break;
    case Kind::List: j.add("type", str("array")).add("items", to_json(v.items[0])); break;
    case Kind::Names: j.add("type", str("object")).add("additionalProperties", to_json(v.items[0])); break;
    case Kind::AnyOf: {
      std::vector<Json> alternatives;
      for (const Value& alt : v.items) alternatives.push_back(to_json(alt));
      j.add("anyOf", array(std::move(alternatives)));
      break;
    }
    case Kind::Map: {
      Json properties;
      properties.object = true;
      std::vector<std::string> required;
      for (const Field& f : v.fields) {
        properties.add(f.key, to_json(f.value));
        if (f.required) required.push_back(f.key);
      }
      j.add("type", str("object")).add("properties", properties);
      if (!required.empty()) j.add("required", strings(required));
      j.add("additionalProperties", atom("false"));
      break;
    }
  }
  return j;
}

}  // namespace

const Value& rule_file() {
  static const Value v = build_rule_file();
  return v;
}

const Value& library_file() {
  static const Value v = build_library_file();
  return v;
}

std::vector<std::string> keys(const Value& root, std::string_view path, std::string_view with) {
  const Value* v = find(root, path, with);
  if (!v) throw std::logic_error(fmt::format("the schema has no mapping at '{}'", path));
  std::vector<std::string> out;
  for (const Field& f : v->fields) out.push_back(f.key);
  return out;
}

// The rule file's schema, with its required sections lifted into a choice: a complete rule file has them, a
// variant ('extends') need not, and a library has only functions, pieces and topology.
std::string json_schema() {
  Json root = to_json(rule_file());
  Json top;
  top.add("$schema", str("http://json-schema.org/draft-07/schema#"));
  top.add("title", str("ruleinterp rule file"));
  std::vector<std::string> required;
  for (auto& [key, value] : root.members)
    if (key == "required") {
      for (auto& e : value.elements) required.push_back(e.atom.substr(1, e.atom.size() - 2));
      continue;
    } else {
      top.add(key, value);
    }
  Json complete, variant, library, library_keys;
  complete.add("required", strings(required));
  variant.add("required", strings({"extends"}));
  std::vector<std::string> library_sections;
  for (const Field& f : library_file().fields) library_sections.push_back(f.key);
  library_keys.add("enum", strings(library_sections));
  library.add("propertyNames", library_keys);
  top.add("anyOf", array({complete, variant, library}));
  std::string out;
  write(top, 0, out);
  return out + "\n";
}

}  // namespace ri::schema
