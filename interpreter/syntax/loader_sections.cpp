// The rule file's top level and its sections, each YAML section into its part of the Document: game, params,
// players, zones, pieces, variables, history, chance, functions, invariants, hidden, display, summary, setup,
// and a variant's 'extends' and 'remove' and the 'import' of libraries. (topology: loader_topology.cpp; moves,
// turn and end: loader_moves.cpp; start: loader_positions.cpp.)
#include <algorithm>
#include <fmt/format.h>

#include "syntax/loader_impl.hpp"

namespace ri {

// rules -> { game, params, players, topology, zones, pieces, start, variables, history, chance, functions, setup,
//            moves, turn, end, invariants, display, summary, hidden, import, queries,
//            extends, remove }
void Loader::load(Document& doc) {
  YAML::Node root;
  const char* holds = "a YAML mapping of sections (game, players, moves, turn, end, ...)";
  if (!load_root(root, "a rule file", holds)) return;
  // a mapping without one section of a rule file is some other file: one error, naming none of its keys
  std::vector<std::string> sections = rule_keys("");
  bool any = false;
  for (auto it = root.begin(); it != root.end() && !any; ++it)
    any = it->first.IsScalar() && std::find(sections.begin(), sections.end(), it->first.Scalar()) != sections.end();
  if (!any) {
    error(pos_of(root.size() ? root.begin()->first : root),
          fmt::format("the file has no section of a rule file: a rule file is {}", holds));
    return;
  }
  check_keys(root, "", sections);
  load_extends(root, doc);
  note_sections(root, "", doc);
  if (auto v = root["import"]) load_imports(v, doc);
  auto section = [&](const char* k, bool required, auto fn) {
    if (auto v = root[k]) {
      (this->*fn)(v, doc);
    } else if (required && !variant_) {
      error({}, fmt::format("missing section '{}'", k));
    }
  };
  section("game", true, &Loader::load_game);
  section("params", false, &Loader::load_params);
  section("players", true, &Loader::load_players);
  section("topology", false, &Loader::load_topology);
  section("zones", false, &Loader::load_zones);
  section("pieces", false, &Loader::load_pieces);
  section("start", false, &Loader::load_start);
  section("variables", false, &Loader::load_variables);
  section("history", false, &Loader::load_history);
  section("chance", false, &Loader::load_chance);
  section("functions", false, &Loader::load_functions);
  section("moves", true, &Loader::load_moves);
  section("turn", true, &Loader::load_turn);
  section("end", true, &Loader::load_end);
  section("invariants", false, &Loader::load_invariants);
  section("hidden", false, &Loader::load_hidden);
  section("evaluation", false, &Loader::load_evaluation);
  section("position_text", false, &Loader::load_position_text);
  if (auto d = root["display"]) doc.has_display = text(d, doc.display, "'display'", {1, 1});
  if (auto d = root["summary"]) doc.has_summary = text(d, doc.summary, "'summary'", {1, 1});
  if (auto q = root["queries"]) {
    if (appended(q, "queries")) doc.appended.push_back("queries");
    scalar_list(q, "queries", doc.queries, pos_of(q));
  }
  if (auto d = root["setup"]) {
    if (appended(d, "setup")) doc.appended.push_back("setup");
    scalar_list(d, "setup", doc.setup, pos_of(d));
  }
}

// extends -> PATH ; remove -> '[' PATH (',' PATH)* ']'   (remove only with extends)
void Loader::load_extends(const YAML::Node& root, Document& doc) {
  if (auto v = root["extends"]) {
    variant_ = true;
    if (text(v, doc.extends, "'extends'", pos_of(v)) && doc.extends.s.empty())
      error(doc.extends.pos, "'extends' needs the path of the base rule file");
  }
  if (auto v = root["remove"]) scalar_list(v, "remove", doc.remove, pos_of(v));
  if (root["remove"] && !root["extends"])  // reported at the key
    for (auto it = root.begin(); it != root.end(); ++it)
      if (it->first.IsScalar() && it->first.Scalar() == "remove") error(pos_of(it->first), "'remove' needs 'extends'");
}

// import -> '[' NAME (',' NAME)* ']'   (the standard library's files, by name; each at most once)
void Loader::load_imports(const YAML::Node& n, Document& doc) {
  std::vector<Text> names;
  if (!scalar_list(n, "import", names, pos_of(n))) return;
  for (Text& t : names) {
    auto first = std::find_if(doc.imports.begin(), doc.imports.end(), [&](const ImportDecl& i) { return i.name.s == t.s; });
    if (first != doc.imports.end()) {
      error(t.pos, fmt::format("library '{}' is imported twice (first at line {})", t.s, first->name.pos.line));
      continue;
    }
    t.map.clear();
    doc.imports.push_back({std::move(t)});
  }
}

// Records the sections a mapping writes (their keys, as paths: prefix + key), so that a variant's merge knows
// what it replaces and what its base has.
void Loader::note_sections(const YAML::Node& map, const std::string& prefix, Document& doc) {
  for (auto it = map.begin(); it != map.end(); ++it) {
    if (!it->first.IsScalar() || it->first.Scalar() == "extends" || it->first.Scalar() == "remove") continue;
    Text t = key_text(it->first);
    t.s = prefix + t.s;
    t.map.clear();
    doc.sections.push_back(std::move(t));
  }
}

// game -> { name, description, syntax, prompt, notation_case }
void Loader::load_game(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "game", {1, 1})) return;
  check_keys(n, "game", rule_keys("game"));
  if (auto v = n["name"]) text(v, doc.name, "'game.name'", pos_of(n));
  else if (!variant_) error(pos_of(n), "missing key 'name' in 'game'");
  if (auto v = n["description"]) text(v, doc.description, "'game.description'", pos_of(n));
  if (auto v = n["syntax"]) text(v, doc.syntax, "'game.syntax'", pos_of(n));
  if (auto v = n["prompt"]) text(v, doc.prompt, "'game.prompt'", pos_of(n));
  if (auto v = n["notation_case"]) text(v, doc.notation_case, "'game.notation_case'", pos_of(n));
}

// params -> { NAME: INT32 | { default: INT32, min: INT32, max: INT32, step: INT32, description: TEXT } }
void Loader::load_params(const YAML::Node& n, Document& doc) {
  each_named(n, "params", pos_of(n), [&](Text name, const YAML::Node& b) {
    RuleParamDecl p;
    p.name = std::move(name);
    std::string where = "params." + p.name.s;
    if (b.IsMap()) {
      check_keys(b, where, rule_keys("params.*"));
      p.keys = keys_of(b);
      // (a variant's parameter may give only the keys that change its base's)
      if (auto v = variant_ ? b["default"] : need(b, "default", "'" + where + "'", pos_of(b)))
        int32_of(v, "'default'", p.def, p.def_pos, pos_of(b));
      if (auto v = b["min"]) int32_of(v, "'min'", p.min.emplace(), p.min_pos, pos_of(b));
      if (auto v = b["max"]) int32_of(v, "'max'", p.max.emplace(), p.max_pos, pos_of(b));
      if (auto v = b["step"]) int32_of(v, "'step'", p.step.emplace(), p.step_pos, pos_of(b));
      if (auto v = b["description"]) text(v, p.description, "'description'", pos_of(b));
    } else {
      int32_of(b, "'" + where + "'", p.def, p.def_pos, p.name.pos);
      p.keys.push_back({"default", p.name.pos, {}});
    }
    p.value = p.def;
    doc.params.push_back(std::move(p));
  });
}

// players -> '[' NAME (',' NAME)* ']' | { count: COUNT, names: PATTERN }
void Loader::load_players(const YAML::Node& n, Document& doc) {
  if (n.IsMap()) {
    check_keys(n, "players", rule_keys("players"));
    if (auto c = need(n, "count", "'players'", pos_of(n))) count_of(c, "count", doc.player_count.emplace(), pos_of(n));
    if (auto v = n["names"]) text(v, doc.player_names, "'names'", pos_of(n));
    else doc.player_names.s = "{letter}";
    return;
  }
  if (scalar_list(n, "players", doc.players, pos_of(n)) && doc.players.empty())
    error(pos_of(n), "'players' must name at least one player");
}

// zones -> { NAME: { per_player: FLAG, label: TEXT } | nothing }
void Loader::load_zones(const YAML::Node& n, Document& doc) {
  each_named(n, "zones", pos_of(n), [&](Text name, const YAML::Node& b) {
    ZoneDecl z;
    z.name = std::move(name);
    if (b.IsMap()) {
      check_keys(b, "zone '" + z.name.s + "'", rule_keys("zones.*"));
      z.keys = keys_of(b);
      if (auto v = b["per_player"]) flag(v, "per_player", z.per_player);
      if (auto v = b["label"]) text(v, z.label, "'label'", pos_of(b));
    } else if (!b.IsNull()) {
      error(pos_of(b, z.name.pos), fmt::format("zone '{}' must be a mapping, not {}", z.name.s, kind_name(b)));
    }
    if (z.label.s.empty()) z.label = z.name;
    doc.zones.push_back(std::move(z));
  });
}

// pieces -> { NAME: { per_player, at, name, attributes: { NAME: EXPR } } | { each, at, owner, name, attributes } }
void Loader::load_pieces(const YAML::Node& n, Document& doc) {
  each_named(n, "pieces", pos_of(n), [&](Text name, const YAML::Node& b) {
    PieceDecl p;
    p.name = std::move(name);
    std::string where = "piece '" + p.name.s + "'";
    if (!expect_map(b, where, p.name.pos)) return;
    check_keys(b, where, rule_keys("pieces.*"));
    p.keys = keys_of(b);
    if (auto v = b["each"]) {
      text(v, p.each.emplace(), "'each'", pos_of(b));
      if (b["per_player"])
        error(pos_of(v), fmt::format("piece '{}' has both 'per_player' and 'each': keep one", p.name.s));
    }
    if (auto v = b["owner"]) {
      text(v, p.owner.emplace(), "'owner'", pos_of(b));
      if (!b["each"])
        error(pos_of(v), "'owner' is for generated pieces: it needs 'each' ('per_player' gives each player pieces)");
    }
    if (auto v = b["per_player"]) {
      Count k;
      if (count_of(v, "per_player", k, pos_of(b))) p.per_player = k;
    }
    if (auto v = b["at"]) text(v, p.at, "'at'", pos_of(b));
    if (auto v = b["name"]) text(v, p.piece_name.emplace(), "'name'", pos_of(b));
    if (auto v = b["attributes"])
      each_named(v, "attributes", pos_of(b), [&](Text attribute, const YAML::Node& init) {
        AttrDecl a;
        a.name = std::move(attribute);
        text(init, a.init, "an attribute's initial value", a.name.pos);
        p.attributes.push_back(std::move(a));
      });
    doc.pieces.push_back(std::move(p));
  });
}

// variables -> { NAME: EXPR | { type, init, per_player, counter } }
void Loader::load_variables(const YAML::Node& n, Document& doc) {
  load_values(n, "variables", "variable", "initial value", true, doc.variables);
}

// history -> { NAME: EXPR | { type, init } }
void Loader::load_history(const YAML::Node& n, Document& doc) {
  load_values(n, "history", "history field", "default value", false, doc.history);
}

// Named values with an expression: NAME: EXPR (the value) or NAME: { type, init, per_player? }. `noun` names
// one ("variable"), `value` its expression ("initial value").
void Loader::load_values(const YAML::Node& n, const char* section, const char* noun, const char* value, bool per_player,
                         std::vector<VarDecl>& out) {
  each_named(n, section, pos_of(n), [&](Text name, const YAML::Node& b) {
    VarDecl v;
    v.name = std::move(name);
    std::string where = fmt::format("{} '{}'", noun, v.name.s);
    if (b.IsMap()) {
      check_keys(b, where, rule_keys(std::string(section) + ".*"));
      if (auto t = b["type"]) text(t, v.type, "'type'", pos_of(b));
      if (auto t = need(b, "init", where, pos_of(b))) text(t, v.init, "'init'", pos_of(b));
      if (auto t = b["per_player"]; t && per_player) flag(t, "per_player", v.per_player);
      if (auto t = b["counter"]; t && per_player) flag(t, "counter", v.counter);
    } else {
      text(b, v.init, fmt::format("a {}'s {}", noun, value).c_str(), v.name.pos);
    }
    out.push_back(std::move(v));
  });
}

// chance -> { NAME: { dice: { count, faces } } | { outcomes: { VALUE: WEIGHT } | EXPR }, effects: [STMT] } }
void Loader::load_chance(const YAML::Node& n, Document& doc) {
  each_named(n, "chance", pos_of(n), [&](Text name, const YAML::Node& b) {
    ChanceDecl c;
    c.name = std::move(name);
    c.pos = c.name.pos;
    if (!expect_map(b, "chance '" + c.name.s + "'", c.pos)) return;
    check_keys(b, "chance '" + c.name.s + "'", rule_keys("chance.*"));
    if (b["dice"] && b["outcomes"])
      error(pos_of(b["outcomes"]), fmt::format("chance '{}' has both 'dice' and 'outcomes': keep one", c.name.s));
    if (auto d = b["dice"]) {
      if (expect_map(d, "dice", pos_of(b))) {
        check_keys(d, "dice", rule_keys("chance.*.dice"));
        Count k;
        if (auto cnt = need(d, "count", "'dice'", pos_of(d))) { if (count_of(cnt, "count", k, pos_of(d))) c.dice_count = k; }
        if (auto f = need(d, "faces", "'dice'", pos_of(d))) scalar_list(f, "faces", c.faces, pos_of(d));
      }
    } else if (auto o = b["outcomes"]) {
      if (o.IsScalar())
        text(o, c.computed.emplace(), "'outcomes'", pos_of(b));
      else if (o.IsSequence())
        error(pos_of(o), "'outcomes' must be a mapping or an expression, not a list (quote it: \"[1, 2, 3]\")");
      else
        named_texts(o, "outcomes", "a weight", pos_of(b), c.outcomes);
    } else {
      error(pos_of(b), fmt::format("chance '{}' needs 'dice' or 'outcomes'", c.name.s));
    }
    if (auto e = b["effects"]) scalar_list(e, "chance." + c.name.s + ".effects", c.effects, pos_of(b));
    doc.chance.push_back(std::move(c));
  });
}

// functions -> { SIGNATURE: EXPR }
void Loader::load_functions(const YAML::Node& n, Document& doc) {
  std::vector<std::pair<Text, Text>> functions;
  named_texts(n, "functions", "a function's body", pos_of(n), functions);
  for (auto& [signature, body] : functions) doc.functions.push_back({std::move(signature), std::move(body)});
}

// invariants -> { NAME: EXPR }
void Loader::load_invariants(const YAML::Node& n, Document& doc) {
  each_named(n, "invariants", pos_of(n), [&](Text name, const YAML::Node& v) {
    InvariantDecl inv;
    inv.name = std::move(name);
    std::string what = fmt::format("invariant '{}'", inv.name.s);
    if (v.IsNull())  // `NAME:` alone: reported at the name (a null node has the next key's position)
      error(inv.name.pos, fmt::format("{} must be a scalar, not nothing", what));
    else if (text(v, inv.check, what.c_str(), inv.name.pos))
      doc.invariants.push_back(std::move(inv));
  });
}

// evaluation -> { each: NAME, value: EXPR }
void Loader::load_evaluation(const YAML::Node& n, Document& doc) {
  EvaluationDecl e;
  e.pos = pos_of(n);
  if (!expect_map(n, "evaluation", e.pos)) return;
  check_keys(n, "evaluation", rule_keys("evaluation"));
  if (auto v = need(n, "each", "'evaluation'", e.pos)) text(v, e.each, "'each'", e.pos);
  if (auto v = need(n, "value", "'evaluation'", e.pos)) text(v, e.value, "'value'", e.pos);
  doc.evaluation = std::move(e);
}

// hidden -> { each: NAME, when: EXPR, attributes: '[' ATTRIBUTE (',' ATTRIBUTE)* ']' }   (attributes optional)
void Loader::load_hidden(const YAML::Node& n, Document& doc) {
  HiddenDecl h;
  h.pos = pos_of(n);
  if (!expect_map(n, "hidden", h.pos)) return;
  check_keys(n, "hidden", rule_keys("hidden"));
  if (auto v = need(n, "each", "'hidden'", h.pos)) text(v, h.each, "'each'", h.pos);
  if (auto v = need(n, "when", "'hidden'", h.pos)) text(v, h.when, "'when'", h.pos);
  if (auto v = n["attributes"]) scalar_list(v, "hidden.attributes", h.attributes.emplace(), h.pos);
  doc.hidden = std::move(h);
}

}  // namespace ri
