// YAML -> Document. The only file that knows YAML. yaml-cpp marks are 0-based; a missing key yields an
// invalid node that throws without a location, so every lookup goes through `find` and reports at the
// parent's mark; duplicate keys are accepted by yaml-cpp, so they are detected here.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fmt/format.h>
#include <initializer_list>

#include "document.hpp"
#include "source_map.hpp"

namespace ri {
namespace {

class Loader {
 public:
  Loader(std::shared_ptr<const SourceFile> f, Diagnostics& d) : file_(std::move(f)), diags_(d) {}

  void error(Pos p, std::string msg) { diags_.error(file_, p, std::move(msg)); }

  Pos pos_of(const YAML::Node& n, Pos fallback = {1, 1}) const {
    if (!n.IsDefined() || n.Mark().is_null()) return fallback;
    return {n.Mark().line + 1, n.Mark().column + 1};
  }

  const char* kind_name(const YAML::Node& n) const {
    if (n.IsMap()) return "a mapping";
    if (n.IsSequence()) return "a list";
    if (n.IsNull()) return "nothing";
    return "a scalar";
  }

  // scalar -> Text with its byte-to-file map
  bool text(const YAML::Node& n, Text& out, const char* what, Pos fallback) {
    if (!n.IsDefined() || !n.IsScalar()) {
      error(pos_of(n, fallback), fmt::format("{} must be a scalar, not {}", what, n.IsDefined() ? kind_name(n) : "nothing"));
      return false;
    }
    out.s = n.Scalar();
    out.pos = pos_of(n, fallback);
    if (!n.Mark().is_null() && n.Mark().pos >= 0)
      out.map = map_scalar(file_->text, static_cast<size_t>(n.Mark().pos), out.s);
    return true;
  }

  Text key_text(const YAML::Node& k) {
    Text t;
    text(k, t, "a key", {1, 1});
    return t;
  }

  bool expect_map(const YAML::Node& n, const std::string& what, Pos fallback) {
    if (n.IsMap()) return true;
    error(pos_of(n, fallback), fmt::format("'{}' must be a mapping, not {}", what, kind_name(n)));
    return false;
  }
  bool expect_seq(const YAML::Node& n, const std::string& what, Pos fallback) {
    if (n.IsSequence()) return true;
    error(pos_of(n, fallback), fmt::format("'{}' must be a list, not {}", what, kind_name(n)));
    return false;
  }

  // Reports unknown and duplicate keys of a mapping.
  void check_keys(const YAML::Node& map, const std::string& where, std::initializer_list<const char*> allowed) {
    std::vector<std::pair<std::string, Pos>> seen;
    for (auto it = map.begin(); it != map.end(); ++it) {
      if (!it->first.IsScalar()) {
        error(pos_of(it->first), fmt::format("keys of '{}' must be scalars", where));
        continue;
      }
      std::string k = it->first.Scalar();
      Pos p = pos_of(it->first);
      auto dup = std::find_if(seen.begin(), seen.end(), [&](auto& s) { return s.first == k; });
      if (dup != seen.end())
        error(p, fmt::format("duplicate key '{}' (first at line {})", k, dup->second.line));
      else
        seen.push_back({k, p});
      if (allowed.size() && std::find_if(allowed.begin(), allowed.end(), [&](const char* a) { return k == a; }) == allowed.end()) {
        std::string list;
        for (auto* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
        error(p, fmt::format("unknown key '{}' in '{}' (expected one of: {})", k, where, list));
      }
    }
  }

  // Duplicate detection for mappings whose keys are names (any key allowed).
  void check_dups(const YAML::Node& map, const std::string& where) { check_keys(map, where, {}); }

  void load(Document& doc);
  void load_game(const YAML::Node& n, Document& doc);
  void load_players(const YAML::Node& n, Document& doc);
  void load_topology(const YAML::Node& n, Document& doc);
  void load_zones(const YAML::Node& n, Document& doc);
  void load_pieces(const YAML::Node& n, Document& doc);
  void load_variables(const YAML::Node& n, Document& doc);
  void load_chance(const YAML::Node& n, Document& doc);
  void load_functions(const YAML::Node& n, Document& doc);
  void load_moves(const YAML::Node& n, Document& doc);
  void load_move(const Text& name, const YAML::Node& n, MoveDecl& m);
  void load_turn(const YAML::Node& n, Document& doc);
  void load_end(const YAML::Node& n, Document& doc);
  bool scalar_list(const YAML::Node& n, const std::string& what, std::vector<Text>& out, Pos fallback);
  bool int_of(const YAML::Node& n, const std::string& what, int& out, Pos fallback);

 private:
  std::shared_ptr<const SourceFile> file_;
  Diagnostics& diags_;
};

// list -> '[' scalar (',' scalar)* ']'
bool Loader::scalar_list(const YAML::Node& n, const std::string& what, std::vector<Text>& out, Pos fallback) {
  if (!expect_seq(n, what, fallback)) return false;
  for (auto item : n) {
    Text t;
    if (text(item, t, fmt::format("an entry of '{}'", what).c_str(), pos_of(n, fallback))) out.push_back(std::move(t));
  }
  return true;
}

bool Loader::int_of(const YAML::Node& n, const std::string& what, int& out, Pos fallback) {
  Text t;
  if (!text(n, t, what.c_str(), fallback)) return false;
  try {
    size_t used = 0;
    long v = std::stol(t.s, &used);
    if (used != t.s.size() || v < 0 || v > 1000000) throw std::invalid_argument("");
    out = static_cast<int>(v);
    return true;
  } catch (...) {
    error(t.pos, fmt::format("'{}' must be a whole number from 0 to 1000000, not '{}'", what, t.s));
    return false;
  }
}

// game -> { name, description }
void Loader::load_game(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "game", {1, 1})) return;
  check_keys(n, "game", {"name", "description"});
  if (auto v = n["name"]) text(v, doc.name, "'game.name'", pos_of(n));
  else error(pos_of(n), "missing key 'name' in 'game'");
  if (auto v = n["description"]) text(v, doc.description, "'game.description'", pos_of(n));
}

// players -> '[' NAME (',' NAME)* ']'
void Loader::load_players(const YAML::Node& n, Document& doc) {
  if (scalar_list(n, "players", doc.players, pos_of(n)) && doc.players.empty())
    error(pos_of(n), "'players' must name at least one player");
}

// topology -> { sites, grids, relations, regions, tracks }
void Loader::load_topology(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "topology", pos_of(n))) return;
  check_keys(n, "topology", {"sites", "grids", "relations", "regions", "tracks"});
  if (auto v = n["sites"]) scalar_list(v, "topology.sites", doc.sites, pos_of(n));
  if (auto v = n["grids"]) {
    if (expect_seq(v, "topology.grids", pos_of(n)))
      for (auto g : v) {
        if (!expect_map(g, "a grid", pos_of(v))) continue;
        check_keys(g, "grid", {"width", "height", "names", "directions", "diagonals"});
        GridDecl gd;
        gd.pos = pos_of(g);
        if (auto w = g["width"]) int_of(w, "width", gd.width, gd.pos); else error(gd.pos, "missing key 'width' in grid");
        if (auto h = g["height"]) int_of(h, "height", gd.height, gd.pos); else error(gd.pos, "missing key 'height' in grid");
        if (auto nm = g["names"]) text(nm, gd.names, "'names'", gd.pos); else gd.names.s = "{col}{row}";
        if (auto d = g["directions"]) gd.directions = d.IsScalar() && d.Scalar() == "true";
        if (auto d = g["diagonals"]) gd.diagonals = d.IsScalar() && d.Scalar() == "true";
        doc.grids.push_back(std::move(gd));
      }
  }
  if (auto v = n["relations"]) {
    if (expect_map(v, "topology.relations", pos_of(n))) {
      check_dups(v, "topology.relations");
      for (auto it = v.begin(); it != v.end(); ++it) {
        RelationDecl r;
        r.name = key_text(it->first);
        YAML::Node body = it->second;
        YAML::Node edges = body;
        if (body.IsMap()) {
          check_keys(body, "relation", {"symmetric", "edges"});
          if (auto s = body["symmetric"]) r.symmetric = s.IsScalar() && s.Scalar() == "true";
          edges = body["edges"];
          if (!edges) { error(pos_of(body), "missing key 'edges' in relation"); continue; }
        }
        if (!expect_seq(edges, "edges of relation '" + r.name.s + "'", r.name.pos)) continue;
        for (auto e : edges) {
          if (!e.IsSequence() || e.size() != 2) {
            error(pos_of(e, r.name.pos), "an edge must be a list of two sites, like [A1, A2]");
            continue;
          }
          Text a, b;
          if (text(e[0], a, "a site", pos_of(e)) && text(e[1], b, "a site", pos_of(e))) r.edges.push_back({a, b});
        }
        doc.relations.push_back(std::move(r));
      }
    }
  }
  if (auto v = n["regions"]) {
    if (expect_map(v, "topology.regions", pos_of(n))) {
      check_dups(v, "topology.regions");
      for (auto it = v.begin(); it != v.end(); ++it) {
        NamedList r;
        r.name = key_text(it->first);
        scalar_list(it->second, "region '" + r.name.s + "'", r.items, r.name.pos);
        doc.regions.push_back(std::move(r));
      }
    }
  }
  if (auto v = n["tracks"]) {
    if (expect_map(v, "topology.tracks", pos_of(n))) {
      check_dups(v, "topology.tracks");
      for (auto it = v.begin(); it != v.end(); ++it) {
        TrackDecl t;
        t.name = key_text(it->first);
        if (expect_map(it->second, "track '" + t.name.s + "'", t.name.pos)) {
          check_dups(it->second, "track '" + t.name.s + "'");
          for (auto pit = it->second.begin(); pit != it->second.end(); ++pit) {
            NamedList l;
            l.name = key_text(pit->first);
            scalar_list(pit->second, "track '" + t.name.s + "' of " + l.name.s, l.items, l.name.pos);
            t.per_player.push_back(std::move(l));
          }
        }
        doc.tracks.push_back(std::move(t));
      }
    }
  }
}

// zones -> { NAME: { per_player, label } }
void Loader::load_zones(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "zones", pos_of(n))) return;
  check_dups(n, "zones");
  for (auto it = n.begin(); it != n.end(); ++it) {
    ZoneDecl z;
    z.name = key_text(it->first);
    YAML::Node b = it->second;
    if (b.IsMap()) {
      check_keys(b, "zone '" + z.name.s + "'", {"per_player", "label"});
      if (auto v = b["per_player"]) z.per_player = v.IsScalar() && v.Scalar() == "true";
      if (auto v = b["label"]) text(v, z.label, "'label'", pos_of(b));
    } else if (!b.IsNull()) {
      error(pos_of(b, z.name.pos), fmt::format("zone '{}' must be a mapping, not {}", z.name.s, kind_name(b)));
    }
    if (z.label.s.empty()) z.label = z.name;
    doc.zones.push_back(std::move(z));
  }
}

// pieces -> { NAME: { per_player, at, attributes: { NAME: EXPR } } }
void Loader::load_pieces(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "pieces", pos_of(n))) return;
  check_dups(n, "pieces");
  for (auto it = n.begin(); it != n.end(); ++it) {
    PieceDecl p;
    p.name = key_text(it->first);
    YAML::Node b = it->second;
    if (!expect_map(b, "piece '" + p.name.s + "'", p.name.pos)) continue;
    check_keys(b, "piece '" + p.name.s + "'", {"per_player", "at", "attributes"});
    if (auto v = b["per_player"]) {
      int k = 0;
      p.per_player_pos = pos_of(v);
      if (int_of(v, "per_player", k, pos_of(b))) p.per_player = k;
    }
    if (auto v = b["at"]) text(v, p.at, "'at'", pos_of(b));
    if (p.per_player && p.at.s.empty()) error(pos_of(b), fmt::format("piece '{}' needs 'at', where its pieces start", p.name.s));
    if (auto v = b["attributes"]) {
      if (expect_map(v, "attributes", pos_of(b))) {
        check_dups(v, "attributes");
        for (auto a = v.begin(); a != v.end(); ++a) {
          AttrDecl ad;
          ad.name = key_text(a->first);
          text(a->second, ad.init, "an attribute's initial value", ad.name.pos);
          p.attributes.push_back(std::move(ad));
        }
      }
    }
    doc.pieces.push_back(std::move(p));
  }
}

// variables -> { NAME: EXPR | { type, init, per_player } }
void Loader::load_variables(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "variables", pos_of(n))) return;
  check_dups(n, "variables");
  for (auto it = n.begin(); it != n.end(); ++it) {
    VarDecl v;
    v.name = key_text(it->first);
    YAML::Node b = it->second;
    if (b.IsMap()) {
      check_keys(b, "variable '" + v.name.s + "'", {"type", "init", "per_player"});
      if (auto t = b["type"]) text(t, v.type, "'type'", pos_of(b));
      if (auto t = b["init"]) text(t, v.init, "'init'", pos_of(b));
      else error(pos_of(b), fmt::format("missing key 'init' in variable '{}'", v.name.s));
      if (auto t = b["per_player"]) v.per_player = t.IsScalar() && t.Scalar() == "true";
    } else {
      text(b, v.init, "a variable's initial value", v.name.pos);
    }
    doc.variables.push_back(std::move(v));
  }
}

// chance -> { NAME: { dice: { count, faces } } | { outcomes: { VALUE: WEIGHT } } }
void Loader::load_chance(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "chance", pos_of(n))) return;
  check_dups(n, "chance");
  for (auto it = n.begin(); it != n.end(); ++it) {
    ChanceDecl c;
    c.name = key_text(it->first);
    c.pos = c.name.pos;
    YAML::Node b = it->second;
    if (!expect_map(b, "chance '" + c.name.s + "'", c.pos)) continue;
    check_keys(b, "chance '" + c.name.s + "'", {"dice", "outcomes"});
    if (auto d = b["dice"]) {
      if (expect_map(d, "dice", pos_of(b))) {
        check_keys(d, "dice", {"count", "faces"});
        int k = 0;
        if (auto cnt = d["count"]) { if (int_of(cnt, "count", k, pos_of(d))) c.dice_count = k; }
        else error(pos_of(d), "missing key 'count' in 'dice'");
        if (auto f = d["faces"]) scalar_list(f, "faces", c.faces, pos_of(d));
        else error(pos_of(d), "missing key 'faces' in 'dice'");
      }
    } else if (auto o = b["outcomes"]) {
      if (expect_map(o, "outcomes", pos_of(b))) {
        check_dups(o, "outcomes");
        for (auto oi = o.begin(); oi != o.end(); ++oi) {
          Text v = key_text(oi->first), w;
          if (text(oi->second, w, "a weight", v.pos)) c.outcomes.push_back({v, w});
        }
      }
    } else {
      error(pos_of(b), fmt::format("chance '{}' needs 'dice' or 'outcomes'", c.name.s));
    }
    doc.chance.push_back(std::move(c));
  }
}

// functions -> { SIGNATURE: EXPR }
void Loader::load_functions(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "functions", pos_of(n))) return;
  check_dups(n, "functions");
  for (auto it = n.begin(); it != n.end(); ++it) {
    FuncDecl f;
    f.signature = key_text(it->first);
    if (text(it->second, f.body, "a function's body", f.signature.pos)) doc.functions.push_back(std::move(f));
  }
}

// move -> { params, let, requires, effects, notation }
void Loader::load_move(const Text& name, const YAML::Node& b, MoveDecl& m) {
  m.name = name;
  std::string where = "moves." + name.s;
  if (!expect_map(b, where, name.pos)) return;
  check_keys(b, where, {"params", "let", "requires", "effects", "notation"});
  if (auto p = b["params"]) {
    if (expect_map(p, where + ".params", pos_of(b))) {
      check_dups(p, where + ".params");
      for (auto it = p.begin(); it != p.end(); ++it) {
        ParamDecl pd;
        pd.name = key_text(it->first);
        if (text(it->second, pd.spec, "a parameter's type", pd.name.pos)) m.params.push_back(std::move(pd));
      }
    }
  }
  if (auto l = b["let"]) {
    if (expect_map(l, where + ".let", pos_of(b))) {
      check_dups(l, where + ".let");
      for (auto it = l.begin(); it != l.end(); ++it) {
        Text k = key_text(it->first), v;
        if (text(it->second, v, "a definition", k.pos)) m.lets.push_back({k, v});
      }
    }
  }
  if (auto r = b["requires"]) {
    if (expect_seq(r, where + ".requires", pos_of(b))) {
      for (auto item : r) {
        Requirement req;
        if (item.IsMap()) {
          check_keys(item, where + ".requires", {"check", "error", "message"});
          if (auto c = item["check"]) text(c, req.check, "'check'", pos_of(item));
          else { error(pos_of(item), "missing key 'check' in a requirement"); continue; }
          if (auto e = item["error"]) text(e, req.error, "'error'", pos_of(item));
          if (auto e = item["message"]) text(e, req.message, "'message'", pos_of(item));
        } else if (!text(item, req.check, "a requirement", pos_of(r))) {
          continue;
        }
        m.requires_.push_back(std::move(req));
      }
    }
  }
  if (auto e = b["effects"]) scalar_list(e, where + ".effects", m.effects, pos_of(b));
  if (auto nt = b["notation"]) {
    if (nt.IsSequence()) scalar_list(nt, where + ".notation", m.notation, pos_of(b));
    else { Text t; if (text(nt, t, "'notation'", pos_of(b))) m.notation.push_back(t); }
  }
}

void Loader::load_moves(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "moves", pos_of(n))) return;
  check_dups(n, "moves");
  for (auto it = n.begin(); it != n.end(); ++it) {
    MoveDecl m;
    load_move(key_text(it->first), it->second, m);
    doc.moves.push_back(std::move(m));
  }
}

// turn -> '[' ( { roll: CHANCE } | { choose: [MOVE...] | all, if_none: pass|end } )* ']'
void Loader::load_turn(const YAML::Node& n, Document& doc) {
  doc.turn_pos = pos_of(n);
  if (!expect_seq(n, "turn", pos_of(n))) return;
  for (auto s : n) {
    StepDecl st;
    st.pos = pos_of(s, doc.turn_pos);
    if (!expect_map(s, "a turn step", st.pos)) continue;
    if (auto r = s["roll"]) {
      check_keys(s, "turn step", {"roll"});
      st.kind = StepDecl::Roll;
      text(r, st.chance, "'roll'", st.pos);
    } else if (auto c = s["choose"]) {
      check_keys(s, "turn step", {"choose", "if_none"});
      st.kind = StepDecl::Choose;
      if (c.IsScalar() && c.Scalar() == "all") {
      } else {
        scalar_list(c, "choose", st.moves, st.pos);
      }
      if (auto w = s["if_none"]) text(w, st.when_none, "'if_none'", st.pos);
    } else {
      error(st.pos, "a turn step must be 'roll: CHANCE' or 'choose: [MOVES]'");
      continue;
    }
    doc.turn.push_back(std::move(st));
  }
  if (doc.turn.empty()) error(doc.turn_pos, "'turn' needs at least one step");
}

// end -> '[' { each?, when, result } ']'
void Loader::load_end(const YAML::Node& n, Document& doc) {
  if (!expect_seq(n, "end", pos_of(n))) return;
  for (auto e : n) {
    EndDecl ed;
    ed.pos = pos_of(e, pos_of(n));
    if (!expect_map(e, "an end condition", ed.pos)) continue;
    check_keys(e, "end", {"each", "when", "result"});
    if (auto v = e["each"]) text(v, ed.each, "'each'", ed.pos);
    if (auto v = e["when"]) text(v, ed.when, "'when'", ed.pos);
    else { error(ed.pos, "missing key 'when' in an end condition"); continue; }
    if (auto v = e["result"]) text(v, ed.result, "'result'", ed.pos);
    else { error(ed.pos, "missing key 'result' in an end condition"); continue; }
    doc.end.push_back(std::move(ed));
  }
}

void Loader::load(Document& doc) {
  YAML::Node root;
  try {
    root = YAML::Load(file_->text);
  } catch (const YAML::ParserException& e) {
    error({e.mark.line + 1, e.mark.column + 1}, fmt::format("invalid YAML: {}", e.msg));
    return;
  }
  if (!root.IsMap()) {
    error({1, 1}, "a rule file must be a YAML mapping of sections (game, players, moves, turn, end, ...)");
    return;
  }
  check_keys(root, "the rule file",
             {"game", "players", "topology", "zones", "pieces", "variables", "chance", "functions", "moves", "turn",
              "end", "display"});
  auto section = [&](const char* k, bool required, auto fn) {
    if (auto v = root[k]) {
      (this->*fn)(v, doc);
    } else if (required) {
      error({1, 1}, fmt::format("missing section '{}'", k));
    }
  };
  section("game", true, &Loader::load_game);
  section("players", true, &Loader::load_players);
  section("topology", false, &Loader::load_topology);
  section("zones", false, &Loader::load_zones);
  section("pieces", false, &Loader::load_pieces);
  section("variables", false, &Loader::load_variables);
  section("chance", false, &Loader::load_chance);
  section("functions", false, &Loader::load_functions);
  section("moves", true, &Loader::load_moves);
  section("turn", true, &Loader::load_turn);
  section("end", true, &Loader::load_end);
  if (auto d = root["display"]) {
    doc.has_display = text(d, doc.display, "'display'", {1, 1});
  }
}

}  // namespace

bool load_library(std::shared_ptr<const SourceFile> file, Document& doc, Diagnostics& diags) {
  size_t before = diags.size();
  doc.file = file;
  Loader l(file, diags);
  try {
    YAML::Node root = YAML::Load(file->text);
    if (!root.IsMap()) {
      diags.error(file, {1, 1}, "a library must be a YAML mapping with 'functions'");
      return false;
    }
    l.check_keys(root, "a library", {"functions"});
    if (auto f = root["functions"]) l.load_functions(f, doc);
  } catch (const YAML::Exception& e) {
    diags.error(file, {e.mark.line + 1, e.mark.column + 1}, fmt::format("invalid YAML: {}", e.msg));
  }
  return diags.size() == before;
}

bool load_document(std::shared_ptr<const SourceFile> file, Document& doc, Diagnostics& diags) {
  size_t before = diags.size();
  doc.file = file;
  Loader l(file, diags);
  try {
    l.load(doc);
  } catch (const YAML::Exception& e) {
    diags.error(file, {e.mark.line + 1, e.mark.column + 1}, fmt::format("invalid YAML: {}", e.msg));
  }
  return diags.size() == before;
}

}  // namespace ri
