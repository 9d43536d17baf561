// YAML -> Document. The only file that knows YAML. yaml-cpp marks are 0-based; a missing key yields an
// invalid node that throws without a location, so every lookup goes through `find` and reports at the
// parent's mark; duplicate keys are accepted by yaml-cpp, so they are detected here.
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <fmt/format.h>
#include <initializer_list>
#include <sstream>

#include "syntax/document.hpp"
#include "common/text.hpp"
#include "syntax/source_map.hpp"
#include "common/suggest.hpp"

namespace ri {
namespace {

// The allowed key closest to a misspelt one (within a third of its length), or "".
std::string closest(const std::string& key, std::initializer_list<const char*> allowed) {
  size_t best = std::max<size_t>(1, key.size() / 3) + 1;
  std::string pick;
  if (key.size() > 64) return pick;
  for (const char* a : allowed) {
    size_t d = edit_distance(key, a);
    if (d < best) {
      best = d;
      pick = a;
    }
  }
  return pick;
}

// Records which collections are open while yaml-cpp parses, so a syntax error can name the '[' or '{' left
// open, or the mapping whose indentation a line breaks.
struct OpenCollections : YAML::EventHandler {
  struct Open {
    YAML::Mark mark;
    bool flow;
    bool map;
  };
  std::vector<Open> open;
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value s) override {
    open.push_back({m, s == YAML::EmitterStyle::Flow, false});
  }
  void OnSequenceEnd() override { if (!open.empty()) open.pop_back(); }
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value s) override {
    open.push_back({m, s == YAML::EmitterStyle::Flow, true});
  }
  void OnMapEnd() override { if (!open.empty()) open.pop_back(); }
};

// The position just after the last character of content (not a comment) on the lines before `line`, back to
// line `first`: where a missing closing bracket belongs. {0, 0} when there is none.
Pos end_of_content(const SourceFile& f, int first, int line) {
  for (int l = line - 1; l >= first && l >= 1; --l) {
    std::string_view s = f.line(l);
    size_t end = s.size();
    for (size_t i = 0; i < s.size(); ++i)  // a '#' at the start or after white space begins a comment
      if (s[i] == '#' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t')) {
        end = i;
        break;
      }
    while (end > 0 && (s[end - 1] == ' ' || s[end - 1] == '\t')) --end;
    if (end > 0) return {l, static_cast<int>(end) + 1};
  }
  return {};
}

// Where the text stops being UTF-8 (or holds a NUL byte), after a byte-order mark: the offset, or npos.
size_t invalid_text(const std::string& t) {
  size_t bom = t.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  size_t at = invalid_utf8(std::string_view(t).substr(bom));
  return at == std::string_view::npos ? std::string::npos : at + bom;
}

class Loader {
 public:
  Loader(std::shared_ptr<const SourceFile> f, Diagnostics& d, int16_t index)
      : file_(std::move(f)), diags_(d), index_(index) {}

  void error(Pos p, std::string msg) { diags_.error(file_, p, std::move(msg)); }

  // Every position the loader keeps is in this file: Pos::file is its index.
  Pos pos_of(const YAML::Node& n, Pos fallback = {1, 1}) const {
    Pos p = fallback;
    if (n.IsDefined() && !n.Mark().is_null()) p = {n.Mark().line + 1, n.Mark().column + 1};
    p.file = index_;
    return p;
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
      out.map = map_scalar(file_->text, file_->line_starts, static_cast<size_t>(n.Mark().pos), out.s, index_);
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
    if (n.IsScalar() && !n.Scalar().empty() && n.Scalar().size() <= 60 && n.Scalar().find('\n') == std::string::npos)
      error(pos_of(n, fallback), fmt::format("'{}' must be a list, like [{}], not a scalar", what, n.Scalar()));
    else
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
        std::string list, near = closest(k, allowed);
        for (auto* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
        std::string hint = near.empty() ? fmt::format("expected one of: {}", list) : fmt::format("did you mean '{}'?", near);
        if (where.empty()) error(p, fmt::format("unknown {} '{}' ({})", top_level_, k, hint));
        else error(p, fmt::format("unknown key '{}' in '{}' ({})", k, where, hint));
      }
    }
  }

  // Duplicate detection for mappings whose keys are names (any key allowed).
  void check_dups(const YAML::Node& map, const std::string& where) { check_keys(map, where, {}); }

  void load(Document& doc);
  void load_position(PositionDecl& pos);
  bool load_root(YAML::Node& root, const char* what, const char* holds);
  void load_board(const YAML::Node& n, const std::string& where, std::vector<BoardSite>& out);
  void load_board_piece(const YAML::Node& n, Pos fallback, std::vector<BoardPiece>& out);
  void load_start(const YAML::Node& n, Document& doc);
  void load_extends(const YAML::Node& root, Document& doc);
  void load_imports(const YAML::Node& n, Document& doc);
  void note_sections(const YAML::Node& map, const std::string& prefix, Document& doc);
  void yaml_error(const YAML::ParserException& e);
  bool quotes_closed(const YAML::Node& n);
  void load_game(const YAML::Node& n, Document& doc);
  void load_players(const YAML::Node& n, Document& doc);
  void load_topology(const YAML::Node& n, Document& doc);
  void load_lines(const YAML::Node& n, Document& doc, Pos parent);
  void load_computed_relation(const YAML::Node& body, RelationDecl& r);
  void load_history(const YAML::Node& n, Document& doc);
  void load_values(const YAML::Node& n, const char* section, const char* noun, const char* value, bool per_player,
                   std::vector<VarDecl>& out);
  void load_zones(const YAML::Node& n, Document& doc);
  void load_pieces(const YAML::Node& n, Document& doc);
  void load_variables(const YAML::Node& n, Document& doc);
  void load_chance(const YAML::Node& n, Document& doc);
  void load_functions(const YAML::Node& n, Document& doc);
  void load_moves(const YAML::Node& n, Document& doc);
  void load_move(const Text& name, const YAML::Node& n, MoveDecl& m);
  void load_turn(const YAML::Node& n, Document& doc);
  void load_end(const YAML::Node& n, Document& doc);
  void load_invariants(const YAML::Node& n, Document& doc);
  void load_hidden(const YAML::Node& n, Document& doc);
  bool scalar_list(const YAML::Node& n, const std::string& what, std::vector<Text>& out, Pos fallback);
  bool int_of(const YAML::Node& n, const std::string& what, int& out, Pos fallback);
  bool count_of(const YAML::Node& n, const std::string& what, Count& out, Pos fallback);
  bool int32_of(const YAML::Node& n, const std::string& what, int32_t& out, Pos& at, Pos fallback);
  void load_params(const YAML::Node& n, Document& doc);
  // a yes/no setting: true or false (as YAML 1.2 writes them)
  void flag(const YAML::Node& n, const char* what, bool& out) {
    static const char* yes[] = {"true", "True", "TRUE"};
    static const char* no[] = {"false", "False", "FALSE"};
    if (n.IsScalar()) {
      for (auto* y : yes) if (n.Scalar() == y) { out = true; return; }
      for (auto* f : no) if (n.Scalar() == f) { out = false; return; }
    }
    error(pos_of(n), fmt::format("'{}' is true or false, not {}", what, n.IsScalar() ? "'" + n.Scalar() + "'" : kind_name(n)));
  }

 private:
  std::shared_ptr<const SourceFile> file_;
  Diagnostics& diags_;
  int16_t index_;        // the file's index in the file table (Pos::file)
  bool variant_ = false; // the file says 'extends': its required sections may come from the base
  const char* top_level_ = "section";  // what the top-level keys are called in "unknown ..." messages
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

// count -> WHOLE_NUMBER (0 to 1000000) | PARAMETER   (a parameter's name: letters, digits, '_', not a digit first)
bool Loader::count_of(const YAML::Node& n, const std::string& what, Count& out, Pos fallback) {
  Text t;
  if (!text(n, t, what.c_str(), fallback)) return false;
  out.pos = t.pos;
  bool name = !t.s.empty() && (std::isalpha(static_cast<unsigned char>(t.s[0])) || t.s[0] == '_');
  for (char c : t.s) name = name && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (name) {
    out.param = std::move(t);
    return true;
  }
  try {
    size_t used = 0;
    long v = std::stol(t.s, &used);
    if (used != t.s.size() || v < 0 || v > 1000000) throw std::invalid_argument("");
    out.value = static_cast<int>(v);
    return true;
  } catch (...) {
    error(t.pos, fmt::format("'{}' must be a whole number from 0 to 1000000 or a parameter, not '{}'", what, t.s));
    return false;
  }
}

// int32 -> ['-'] DIGITS, from -2147483648 to 2147483647   (a parameter's default, min and max)
bool Loader::int32_of(const YAML::Node& n, const std::string& what, int32_t& out, Pos& at, Pos fallback) {
  Text t;
  if (!text(n, t, what.c_str(), fallback)) return false;
  at = t.pos;
  try {
    size_t used = 0;
    long long v = std::stoll(t.s, &used);
    if (used != t.s.size() || v < INT32_MIN || v > INT32_MAX || t.s[0] == '+' || std::isspace(static_cast<unsigned char>(t.s[0])))
      throw std::invalid_argument("");
    out = static_cast<int32_t>(v);
    return true;
  } catch (...) {
    error(t.pos, fmt::format("{} must be a whole number from -2147483648 to 2147483647, not '{}'", what, t.s));
    return false;
  }
}

// params -> { NAME: INT32 | { default: INT32, min: INT32, max: INT32, description: TEXT } }
void Loader::load_params(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "params", pos_of(n))) return;
  check_dups(n, "params");
  for (auto it = n.begin(); it != n.end(); ++it) {
    RuleParamDecl p;
    p.name = key_text(it->first);
    YAML::Node b = it->second;
    std::string where = "params." + p.name.s;
    if (b.IsMap()) {
      check_keys(b, where, {"default", "min", "max", "description"});
      if (auto v = b["default"]) int32_of(v, "'default'", p.def, p.def_pos, pos_of(b));
      else error(pos_of(b), fmt::format("missing key 'default' in '{}'", where));
      if (auto v = b["min"]) int32_of(v, "'min'", p.min.emplace(), p.min_pos, pos_of(b));
      if (auto v = b["max"]) int32_of(v, "'max'", p.max.emplace(), p.max_pos, pos_of(b));
      if (auto v = b["description"]) text(v, p.description, "'description'", pos_of(b));
    } else {
      int32_of(b, "'" + where + "'", p.def, p.def_pos, p.name.pos);
    }
    p.value = p.def;
    doc.params.push_back(std::move(p));
  }
}

// game -> { name, description }
void Loader::load_game(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "game", {1, 1})) return;
  check_keys(n, "game", {"name", "description"});
  if (auto v = n["name"]) text(v, doc.name, "'game.name'", pos_of(n));
  else if (!variant_) error(pos_of(n), "missing key 'name' in 'game'");
  if (auto v = n["description"]) text(v, doc.description, "'game.description'", pos_of(n));
}

// players -> '[' NAME (',' NAME)* ']' | { count: COUNT, names: PATTERN }
void Loader::load_players(const YAML::Node& n, Document& doc) {
  if (n.IsMap()) {
    check_keys(n, "players", {"count", "names"});
    if (auto c = n["count"]) count_of(c, "count", doc.player_count.emplace(), pos_of(n));
    else error(pos_of(n), "missing key 'count' in 'players'");
    if (auto v = n["names"]) text(v, doc.player_names, "'names'", pos_of(n));
    else doc.player_names.s = "{letter}";
    return;
  }
  if (scalar_list(n, "players", doc.players, pos_of(n)) && doc.players.empty())
    error(pos_of(n), "'players' must name at least one player");
}

// topology -> { sites, grids, relations, regions, lines, tracks }
void Loader::load_topology(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "topology", pos_of(n))) return;
  check_keys(n, "topology", {"sites", "grids", "relations", "regions", "lines", "tracks"});
  note_sections(n, "topology.", doc);
  if (auto v = n["sites"]) scalar_list(v, "topology.sites", doc.sites, pos_of(n));
  if (auto v = n["grids"]) {
    if (expect_seq(v, "topology.grids", pos_of(n)))
      for (auto g : v) {
        if (!expect_map(g, "a grid", pos_of(v))) continue;
        check_keys(g, "grid", {"width", "height", "names", "directions", "diagonals"});
        GridDecl gd;
        gd.pos = pos_of(g);
        if (auto w = g["width"]) count_of(w, "width", gd.width, gd.pos); else error(gd.pos, "missing key 'width' in grid");
        if (auto h = g["height"]) count_of(h, "height", gd.height, gd.pos); else error(gd.pos, "missing key 'height' in grid");
        if (auto nm = g["names"]) text(nm, gd.names, "'names'", gd.pos); else gd.names.s = "{col}{row}";
        if (auto d = g["directions"]) flag(d, "directions", gd.directions);
        if (auto d = g["diagonals"]) flag(d, "diagonals", gd.diagonals);
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
          check_keys(body, "relation", {"symmetric", "edges", "each", "to"});
          if (auto s = body["symmetric"]) flag(s, "symmetric", r.symmetric);
          if (body["each"] || body["to"]) {
            load_computed_relation(body, r);
            doc.relations.push_back(std::move(r));
            continue;
          }
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
        if (it->second.IsScalar()) {  // computed: an expression of type sites
          r.computed.emplace();
          text(it->second, *r.computed, "a region", r.name.pos);
        } else if (it->second.IsSequence()) {
          scalar_list(it->second, "region '" + r.name.s + "'", r.items, r.name.pos);
        } else {
          error(pos_of(it->second, r.name.pos), fmt::format("region '{}' must be a list of sites or an expression, not {}",
                                                            r.name.s, kind_name(it->second)));
        }
        doc.regions.push_back(std::move(r));
      }
    }
  }
  if (auto v = n["lines"]) load_lines(v, doc, pos_of(n));
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

// relation -> { each: "NAME in LIST", to: "EXPR" }   (a computed relation: directed, no 'edges', no 'symmetric')
void Loader::load_computed_relation(const YAML::Node& body, RelationDecl& r) {
  const char* first = body["each"] ? "each" : "to";
  if (body["edges"])
    error(pos_of(body[first]), fmt::format("relation '{}' has both 'edges' and '{}': keep one", r.name.s, first));
  if (auto s = body["symmetric"])
    error(pos_of(s), fmt::format("relation '{}' is computed with 'each', so it is directed: leave out 'symmetric' (write "
                                 "each site's own list in 'to')",
                                 r.name.s));
  for (const char* key : {"each", "to"}) {
    auto v = body[key];
    if (!v) {
      error(pos_of(body), fmt::format("missing key '{}' in relation", key));
      continue;
    }
    Text t;
    if (text(v, t, fmt::format("'{}'", key).c_str(), pos_of(body))) (key[0] == 'e' ? r.each : r.to) = std::move(t);
  }
}

// lines -> { NAME: '[' '[' SITE... ']'... ']' | { along: [RELATION...], length: N } }
void Loader::load_lines(const YAML::Node& v, Document& doc, Pos parent) {
  if (!expect_map(v, "topology.lines", parent)) return;
  check_dups(v, "topology.lines");
  for (auto it = v.begin(); it != v.end(); ++it) {
    LinesDecl l;
    l.name = key_text(it->first);
    YAML::Node body = it->second;
    l.pos = pos_of(body, l.name.pos);
    std::string what = "lines '" + l.name.s + "'";
    if (body.IsMap()) {
      check_keys(body, what, {"along", "length"});
      l.derived = true;
      if (auto a = body["along"]) scalar_list(a, what + ".along", l.along, l.pos);
      else error(l.pos, fmt::format("missing key 'along' in {}", what));
      if (auto n = body["length"]) int_of(n, "length", l.length, l.pos);
      else error(l.pos, fmt::format("missing key 'length' in {}", what));
    } else if (expect_seq(body, what, l.name.pos)) {
      for (auto line : body) {
        l.lists.emplace_back();
        if (!line.IsSequence()) {
          error(pos_of(line, l.pos), "a line must be a list of sites, like [A1, A2, A3]");
          continue;
        }
        scalar_list(line, what, l.lists.back(), pos_of(line, l.pos));
      }
    }
    doc.lines.push_back(std::move(l));
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
      if (auto v = b["per_player"]) flag(v, "per_player", z.per_player);
      if (auto v = b["label"]) text(v, z.label, "'label'", pos_of(b));
    } else if (!b.IsNull()) {
      error(pos_of(b, z.name.pos), fmt::format("zone '{}' must be a mapping, not {}", z.name.s, kind_name(b)));
    }
    if (z.label.s.empty()) z.label = z.name;
    doc.zones.push_back(std::move(z));
  }
}

// pieces -> { NAME: { per_player, at, name, attributes: { NAME: EXPR } } | { each, at, owner, name, attributes } }
void Loader::load_pieces(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "pieces", pos_of(n))) return;
  check_dups(n, "pieces");
  for (auto it = n.begin(); it != n.end(); ++it) {
    PieceDecl p;
    p.name = key_text(it->first);
    YAML::Node b = it->second;
    if (!expect_map(b, "piece '" + p.name.s + "'", p.name.pos)) continue;
    check_keys(b, "piece '" + p.name.s + "'", {"per_player", "at", "name", "attributes", "each", "owner"});
    if (auto v = b["each"]) {
      p.each.emplace();
      text(v, *p.each, "'each'", pos_of(b));
      if (b["per_player"])
        error(pos_of(v), fmt::format("piece '{}' has both 'per_player' and 'each': keep one", p.name.s));
    }
    if (auto v = b["owner"]) {
      p.owner.emplace();
      text(v, *p.owner, "'owner'", pos_of(b));
      if (!b["each"])
        error(pos_of(v), "'owner' is for generated pieces: it needs 'each' ('per_player' gives each player pieces)");
    }
    if (auto v = b["per_player"]) {
      Count k;
      if (count_of(v, "per_player", k, pos_of(b))) p.per_player = k;
    }
    if (auto v = b["at"]) text(v, p.at, "'at'", pos_of(b));
    if (auto v = b["name"]) {
      p.piece_name.emplace();
      text(v, *p.piece_name, "'name'", pos_of(b));
    }
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

// start -> { board: BOARD }
void Loader::load_start(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "start", pos_of(n))) return;
  check_keys(n, "start", {"board"});
  if (auto b = n["board"]) load_board(b, "start.board", doc.start);
}

// board -> { SITE: PIECE | '[' PIECE (',' PIECE)* ']' }   (a rule file's start board, a position's board)
void Loader::load_board(const YAML::Node& n, const std::string& where, std::vector<BoardSite>& out) {
  if (!expect_map(n, where, pos_of(n))) return;
  check_dups(n, where);
  for (auto it = n.begin(); it != n.end(); ++it) {
    BoardSite s;
    s.site = key_text(it->first);
    const YAML::Node& v = it->second;
    if (v.IsSequence()) {
      for (auto p : v) load_board_piece(p, pos_of(v, s.site.pos), s.pieces);
    } else {
      load_board_piece(v, s.site.pos, s.pieces);
    }
    out.push_back(std::move(s));
  }
}

// piece -> { KIND: OWNER (',' ATTRIBUTE: VALUE)* }   (the first key is the kind)
void Loader::load_board_piece(const YAML::Node& n, Pos fallback, std::vector<BoardPiece>& out) {
  if (!n.IsMap() || n.size() == 0) {
    error(pos_of(n, fallback), fmt::format("a piece is written {{KIND: OWNER}} or {{KIND: OWNER, ATTRIBUTE: VALUE, ...}}, "
                                           "not {}", n.IsMap() ? "an empty mapping" : kind_name(n)));
    return;
  }
  check_dups(n, "a piece");
  BoardPiece p;
  auto it = n.begin();
  p.kind = key_text(it->first);
  if (!text(it->second, p.owner, "a piece's owner", p.kind.pos)) return;
  for (++it; it != n.end(); ++it) {
    Text k = key_text(it->first), v;
    if (text(it->second, v, "an attribute's value", k.pos)) p.attributes.push_back({k, v});
  }
  out.push_back(std::move(p));
}

// variables -> { NAME: EXPR | { type, init, per_player } }
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
  if (!expect_map(n, section, pos_of(n))) return;
  check_dups(n, section);
  for (auto it = n.begin(); it != n.end(); ++it) {
    VarDecl v;
    v.name = key_text(it->first);
    YAML::Node b = it->second;
    std::string where = fmt::format("{} '{}'", noun, v.name.s);
    if (b.IsMap()) {
      if (per_player) check_keys(b, where, {"type", "init", "per_player"});
      else check_keys(b, where, {"type", "init"});
      if (auto t = b["type"]) text(t, v.type, "'type'", pos_of(b));
      if (auto t = b["init"]) text(t, v.init, "'init'", pos_of(b));
      else error(pos_of(b), fmt::format("missing key 'init' in {}", where));
      if (auto t = b["per_player"]; t && per_player) flag(t, "per_player", v.per_player);
    } else {
      text(b, v.init, fmt::format("a {}'s {}", noun, value).c_str(), v.name.pos);
    }
    out.push_back(std::move(v));
  }
}

// chance -> { NAME: { dice: { count, faces } } | { outcomes: { VALUE: WEIGHT } | EXPR }, effects: [STMT] } }
void Loader::load_chance(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "chance", pos_of(n))) return;
  check_dups(n, "chance");
  for (auto it = n.begin(); it != n.end(); ++it) {
    ChanceDecl c;
    c.name = key_text(it->first);
    c.pos = c.name.pos;
    YAML::Node b = it->second;
    if (!expect_map(b, "chance '" + c.name.s + "'", c.pos)) continue;
    check_keys(b, "chance '" + c.name.s + "'", {"dice", "outcomes", "effects"});
    if (b["dice"] && b["outcomes"])
      error(pos_of(b["outcomes"]), fmt::format("chance '{}' has both 'dice' and 'outcomes': keep one", c.name.s));
    if (auto d = b["dice"]) {
      if (expect_map(d, "dice", pos_of(b))) {
        check_keys(d, "dice", {"count", "faces"});
        Count k;
        if (auto cnt = d["count"]) { if (count_of(cnt, "count", k, pos_of(d))) c.dice_count = k; }
        else error(pos_of(d), "missing key 'count' in 'dice'");
        if (auto f = d["faces"]) scalar_list(f, "faces", c.faces, pos_of(d));
        else error(pos_of(d), "missing key 'faces' in 'dice'");
      }
    } else if (auto o = b["outcomes"]) {
      if (o.IsScalar()) {
        text(o, c.computed.emplace(), "'outcomes'", pos_of(b));
      } else if (o.IsSequence()) {
        error(pos_of(o), "'outcomes' must be a mapping or an expression, not a list (quote it: \"[1, 2, 3]\")");
      } else if (expect_map(o, "outcomes", pos_of(b))) {
        check_dups(o, "outcomes");
        for (auto oi = o.begin(); oi != o.end(); ++oi) {
          Text v = key_text(oi->first), w;
          if (text(oi->second, w, "a weight", v.pos)) c.outcomes.push_back({v, w});
        }
      }
    } else {
      error(pos_of(b), fmt::format("chance '{}' needs 'dice' or 'outcomes'", c.name.s));
    }
    if (auto e = b["effects"]) scalar_list(e, "chance." + c.name.s + ".effects", c.effects, pos_of(b));
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

// move -> { params, let, requires, effects, notation, record }
void Loader::load_move(const Text& name, const YAML::Node& b, MoveDecl& m) {
  m.name = name;
  std::string where = "moves." + name.s;
  if (!expect_map(b, where, name.pos)) return;
  check_keys(b, where, {"params", "let", "requires", "effects", "notation", "record"});
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
  if (auto r = b["record"]) {
    if (expect_map(r, where + ".record", pos_of(b))) {
      check_dups(r, where + ".record");
      for (auto it = r.begin(); it != r.end(); ++it) {
        Text k = key_text(it->first), v;
        if (text(it->second, v, "a recorded value", k.pos)) m.record.push_back({k, v});
      }
    }
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

// turn -> '[' ( { roll: CHANCE, when: EXPR }
//              | { choose: [MOVE...] | all, if_none: pass|end|lose, when: EXPR, after: [STMT...] } )* ']'
void Loader::load_turn(const YAML::Node& n, Document& doc) {
  doc.turn_pos = pos_of(n);
  if (!expect_seq(n, "turn", pos_of(n))) return;
  for (auto s : n) {
    StepDecl st;
    st.pos = pos_of(s, doc.turn_pos);
    if (!expect_map(s, "a turn step", st.pos)) continue;
    if (auto r = s["roll"]) {
      check_keys(s, "turn step", {"roll", "when"});
      st.kind = StepDecl::Roll;
      text(r, st.chance, "'roll'", st.pos);
    } else if (auto c = s["choose"]) {
      check_keys(s, "turn step", {"choose", "if_none", "when", "after"});
      st.kind = StepDecl::Choose;
      if (c.IsScalar() && c.Scalar() == "all") {
      } else if (scalar_list(c, "choose", st.moves, st.pos) && st.moves.empty()) {
        error(pos_of(c, st.pos), "'choose' offers no move: name the moves, or write 'choose: all'");
      }
      if (auto w = s["if_none"]) text(w, st.when_none, "'if_none'", st.pos);
      if (auto a = s["after"]) scalar_list(a, "after", st.after, st.pos);
    } else {
      error(st.pos, "a turn step must be 'roll: CHANCE' or 'choose: [MOVES]'");
      continue;
    }
    if (auto w = s["when"]) text(w, st.when.emplace(), "'when'", st.pos);
    doc.turn.push_back(std::move(st));
  }
  if (doc.turn.empty()) error(doc.turn_pos, "'turn' needs at least one step");
}

// end -> '[' { each?, when, result, message? } ']'
void Loader::load_end(const YAML::Node& n, Document& doc) {
  if (!expect_seq(n, "end", pos_of(n))) return;
  for (auto e : n) {
    EndDecl ed;
    ed.pos = pos_of(e, pos_of(n));
    if (!expect_map(e, "an end condition", ed.pos)) continue;
    check_keys(e, "end", {"each", "when", "result", "message"});
    if (auto v = e["each"]) text(v, ed.each, "'each'", ed.pos);
    if (auto v = e["when"]) text(v, ed.when, "'when'", ed.pos);
    else { error(ed.pos, "missing key 'when' in an end condition"); continue; }
    if (auto v = e["result"]) text(v, ed.result, "'result'", ed.pos);
    else { error(ed.pos, "missing key 'result' in an end condition"); continue; }
    if (auto v = e["message"]) text(v, ed.message.emplace(), "'message'", ed.pos);
    doc.end.push_back(std::move(ed));
  }
}

// invariants -> { NAME: EXPR }
void Loader::load_invariants(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "invariants", pos_of(n))) return;
  check_dups(n, "invariants");
  for (auto it = n.begin(); it != n.end(); ++it) {
    InvariantDecl inv;
    inv.name = key_text(it->first);
    std::string what = fmt::format("invariant '{}'", inv.name.s);
    if (it->second.IsNull())  // `NAME:` alone: reported at the name (a null node has the next key's position)
      error(inv.name.pos, fmt::format("{} must be a scalar, not nothing", what));
    else if (text(it->second, inv.check, what.c_str(), inv.name.pos))
      doc.invariants.push_back(std::move(inv));
  }
}

// hidden -> { each: NAME, when: EXPR, attributes: '[' ATTRIBUTE (',' ATTRIBUTE)* ']' }   (attributes optional)
void Loader::load_hidden(const YAML::Node& n, Document& doc) {
  HiddenDecl h;
  h.pos = pos_of(n);
  if (!expect_map(n, "hidden", h.pos)) return;
  check_keys(n, "hidden", {"each", "when", "attributes"});
  if (auto v = n["each"]) text(v, h.each, "'each'", h.pos);
  else error(h.pos, "missing key 'each' in 'hidden'");
  if (auto v = n["when"]) text(v, h.when, "'when'", h.pos);
  else error(h.pos, "missing key 'when' in 'hidden'");
  if (auto v = n["attributes"]) scalar_list(v, "hidden.attributes", h.attributes.emplace(), h.pos);
  doc.hidden = std::move(h);
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

// Reports a YAML syntax error, in words about the rule file rather than yaml-cpp's parser states.
void Loader::yaml_error(const YAML::ParserException& e) {
  Pos at{e.mark.line + 1, e.mark.column + 1};
  std::string_view line = file_->line(at.line);
  // YAML indents with spaces only; yaml-cpp reports a tab in indentation as whatever it broke
  size_t indent = line.find_first_not_of(" \t");
  size_t tab = line.substr(0, indent).find('\t');
  if (tab != std::string_view::npos) {
    error({at.line, static_cast<int>(tab) + 1}, "invalid YAML: tab character in indentation (indent with spaces)");
    return;
  }
  // the collections open when the parse stopped (yaml-cpp reports the same error again)
  OpenCollections oc;
  try {
    std::istringstream in(file_->text);
    YAML::Parser parser(in);
    while (parser.HandleNextDocument(oc)) {
    }
  } catch (const YAML::Exception&) {
  }
  auto innermost = [&](bool flow, bool map) -> const OpenCollections::Open* {
    for (auto it = oc.open.rbegin(); it != oc.open.rend(); ++it)
      if (it->flow == flow && it->map == map) return &*it;
    return nullptr;
  };
  char here = at.col >= 1 && static_cast<size_t>(at.col) <= line.size() ? line[at.col - 1] : '\0';
  const std::string& m = e.msg;
  if (m == YAML::ErrorMsg::END_OF_SEQ_FLOW || m == YAML::ErrorMsg::END_OF_MAP_FLOW) {
    bool map = m == YAML::ErrorMsg::END_OF_MAP_FLOW;
    char open = map ? '{' : '[', close = map ? '}' : ']';
    if (const auto* o = innermost(true, map)) {
      Pos opener{o->mark.line + 1, o->mark.column + 1};
      // the closing bracket belongs after the last content before the line where parsing broke down (at the end
      // of the file, yaml-cpp's mark may even come before the opener)
      bool before = at.line < opener.line || (at.line == opener.line && at.col < opener.col);
      int stop = before ? static_cast<int>(file_->line_starts.size()) + 1 : at.line;
      if (before || at.line > opener.line)
        if (Pos p = end_of_content(*file_, opener.line, stop); p.line > 0) at = p;
      error(at, fmt::format("invalid YAML: expected '{}' (to close '{}' at line {}, column {})", close, open, opener.line,
                            opener.col));
    } else {
      error(at, fmt::format("invalid YAML: expected '{}'", close));
    }
    return;
  }
  if (m == YAML::ErrorMsg::FLOW_END && (here == ']' || here == '}')) {
    error(at, fmt::format("invalid YAML: unmatched '{}'", here));
    return;
  }
  if (m == YAML::ErrorMsg::END_OF_MAP || m == YAML::ErrorMsg::END_OF_SEQ) {
    bool map = m == YAML::ErrorMsg::END_OF_MAP;
    if (const auto* o = innermost(false, map)) {
      int line1 = o->mark.line + 1, col1 = o->mark.column + 1;
      if (map && here == '-')
        error(at, fmt::format("invalid YAML: a list item where the mapping at line {} expects a key (at column {})", line1,
                              col1));
      else if (map)
        error(at, fmt::format("invalid YAML: bad indentation (the keys of the mapping at line {} are at column {})", line1,
                              col1));
      else
        error(at, fmt::format("invalid YAML: bad indentation (the items of the list at line {} are at column {})", line1,
                              col1));
      return;
    }
  }
  if (m.rfind(YAML::ErrorMsg::INVALID_ESCAPE, 0) == 0) {
    size_t bs = line.substr(0, at.col > 0 ? static_cast<size_t>(at.col) : 0).rfind('\\');
    if (bs != std::string_view::npos && bs + 1 < line.size() && static_cast<unsigned char>(line[bs + 1]) < 0x80) {
      error({at.line, static_cast<int>(bs) + 1},
            fmt::format("invalid YAML: unknown escape '\\{}' in a double-quoted string (write '\\\\' for a backslash, or "
                        "use single quotes)", line[bs + 1]));
      return;
    }
  }
  if (m == YAML::ErrorMsg::MAP_VALUE && here == ':') {
    error(at, "invalid YAML: unexpected ':' (check the indentation, or quote a value that contains ': ')");
    return;
  }
  if (m == YAML::ErrorMsg::BLOCK_ENTRY) {
    error(at, "invalid YAML: a list item cannot start here (check the indentation, or quote a value that starts with '- ')");
    return;
  }
  if (m == YAML::ErrorMsg::UNKNOWN_TOKEN && here != '\0' && static_cast<unsigned char>(here) < 0x80) {
    error(at, fmt::format("invalid YAML: a value cannot start with '{}' (quote it)", here));
    return;
  }
  error(at, fmt::format("invalid YAML: {}", m));
}

// yaml-cpp accepts a quoted scalar left open at the end of the file, taking the rest of the file as its text.
// Such a scalar can only be the document's last one: follow the last entries down to it (not every node: an
// alias shares its anchor's nodes, and a walk through every use can take exponential time). Reports it at its
// opening quote; false when there is one.
bool Loader::quotes_closed(const YAML::Node& root) {
  // (YAML::Node's operator= writes into the node it refers to; reset() makes it refer to another one)
  YAML::Node n;
  n.reset(root);
  for (int depth = 0; depth < 1000 && (n.IsMap() || n.IsSequence()) && n.size() > 0; ++depth) {
    YAML::Node next;
    if (n.IsSequence()) {
      for (auto item : n) next.reset(item);
    } else {
      for (auto it = n.begin(); it != n.end(); ++it)
        next.reset(it->second.IsDefined() && !it->second.IsNull() ? it->second : it->first);
    }
    n.reset(next);
  }
  if (!n.IsDefined() || !n.IsScalar() || n.Mark().is_null() || n.Mark().pos < 0) return true;
  const std::string& t = file_->text;
  size_t p = static_cast<size_t>(n.Mark().pos) + (t.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0);
  while (p < t.size() && (t[p] == '!' || t[p] == '&')) {  // tags and anchors before the scalar
    while (p < t.size() && t[p] != ' ' && t[p] != '\t' && t[p] != '\n') ++p;
    while (p < t.size() && (t[p] == ' ' || t[p] == '\t' || t[p] == '\n' || t[p] == '\r')) ++p;
  }
  if (p >= t.size() || (t[p] != '"' && t[p] != '\'')) return true;
  char q = t[p];
  for (size_t i = p + 1; i < t.size(); ++i) {
    if (q == '"' && t[i] == '\\') ++i;
    else if (q == '\'' && t[i] == '\'' && i + 1 < t.size() && t[i + 1] == '\'') ++i;
    else if (t[i] == q) return true;
  }
  error(pos_of(n), fmt::format("invalid YAML: unterminated string: no closing {} before the end of the file", q));
  return false;
}

// The file's YAML, which must be a mapping: false after reporting why not (not UTF-8, invalid YAML, empty, not
// a mapping). `what` is the kind of file ("a rule file"), `holds` what its mapping holds.
bool Loader::load_root(YAML::Node& root, const char* what, const char* holds) {
  if (size_t bad = invalid_text(file_->text); bad != std::string::npos) {
    size_t line_start = file_->text.rfind('\n', bad == 0 ? 0 : bad - 1);
    line_start = line_start == std::string::npos || bad == 0 ? 0 : line_start + 1;
    int line = static_cast<int>(std::count(file_->text.begin(), file_->text.begin() + static_cast<long>(bad), '\n')) + 1;
    unsigned byte = static_cast<unsigned char>(file_->text[bad]);
    error({line, static_cast<int>(bad - line_start) + 1},
          byte == 0 ? fmt::format("the file contains a NUL byte: {} is UTF-8 text", what)
                    : fmt::format("the file is not valid UTF-8 (byte 0x{:02X}): {} is UTF-8 text", byte, what));
    return false;
  }
  try {
    root = YAML::Load(file_->text);
  } catch (const YAML::DeepRecursion& e) {
    error({e.mark.line + 1, e.mark.column + 1}, "invalid YAML: nested too deeply");
    return false;
  } catch (const YAML::ParserException& e) {
    yaml_error(e);
    return false;
  }
  if (!quotes_closed(root)) return false;
  if (!root.IsDefined() || root.IsNull()) {
    error({}, fmt::format("the file has no content: {} is {}", what, holds));
    return false;
  }
  if (!root.IsMap()) {
    error(pos_of(root), fmt::format("the file is {}: {} is {}", kind_name(root), what, holds));
    return false;
  }
  return true;
}

void Loader::load(Document& doc) {
  YAML::Node root;
  if (!load_root(root, "a rule file", "a YAML mapping of sections (game, players, moves, turn, end, ...)")) return;
  check_keys(root, "",
             {"game", "params", "players", "topology", "zones", "pieces", "start", "variables", "history", "chance",
              "functions", "setup", "moves", "turn", "end", "invariants", "display", "summary", "hidden", "import",
              "extends", "remove"});
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
  if (auto d = root["display"]) {
    doc.has_display = text(d, doc.display, "'display'", {1, 1});
  }
  if (auto d = root["summary"]) doc.has_summary = text(d, doc.summary, "'summary'", {1, 1});
  if (auto d = root["setup"]) scalar_list(d, "setup", doc.setup, pos_of(d));
}

// position -> { rules, params, player, step, turn, board, variables, over, winners }   (spec/position.md)
void Loader::load_position(PositionDecl& pos) {
  YAML::Node root;
  if (!load_root(root, "a position file", "a YAML mapping (player, board, variables, ...)")) return;
  top_level_ = "key";
  check_keys(root, "", {"rules", "params", "player", "step", "turn", "board", "variables", "over", "winners"});
  if (auto v = root["rules"]) text(v, pos.rules, "'rules'", pos_of(v));
  if (auto v = root["params"]) {
    if (expect_map(v, "params", pos_of(v))) {
      check_dups(v, "params");
      for (auto it = v.begin(); it != v.end(); ++it) {
        Text k = key_text(it->first), value;
        if (text(it->second, value, "a parameter's value", k.pos)) pos.params.push_back({k, value});
      }
    }
  }
  if (auto v = root["player"]) text(v, pos.player, "'player'", pos_of(v));
  if (auto v = root["step"]) text(v, pos.step, "'step'", pos_of(v));
  if (auto v = root["turn"]) text(v, pos.turn, "'turn'", pos_of(v));
  if (auto v = root["board"]) load_board(v, "board", pos.board);
  else error({}, "missing key 'board' (write 'board: {}' for an empty board)");
  if (auto v = root["variables"]) {
    if (expect_map(v, "variables", pos_of(v))) {
      check_dups(v, "variables");
      for (auto it = v.begin(); it != v.end(); ++it) {
        Text k = key_text(it->first), value;
        if (text(it->second, value, "a variable's value", k.pos)) pos.variables.push_back({k, value});
      }
    }
  }
  if (auto v = root["over"]) {
    pos.over_pos = pos_of(v);
    flag(v, "over", pos.over);
  }
  if (auto v = root["winners"]) {
    pos.winners_pos = pos_of(v);
    scalar_list(v, "winners", pos.winners, pos_of(v));
  }
}

// Runs one of the loader's entry points, reporting what yaml-cpp throws past them.
template <class F>
bool run_loader(const std::shared_ptr<const SourceFile>& file, Diagnostics& diags, F&& f) {
  size_t before = diags.size();
  try {
    f();
  } catch (const YAML::Exception& e) {
    diags.error(file, {e.mark.line + 1, e.mark.column + 1}, fmt::format("invalid YAML: {}", e.msg));
  }
  return diags.size() == before;
}

}  // namespace

// library -> { functions, pieces, topology: { regions } }   (a file of the standard library: stdlib/*.rules)
bool load_library(std::shared_ptr<const SourceFile> file, Document& doc, Diagnostics& diags, int16_t index) {
  doc.file = file;
  Loader l(file, diags, index);
  return run_loader(file, diags, [&] {
    YAML::Node root;
    if (!l.load_root(root, "a library", "a YAML mapping with 'functions', 'pieces' and 'topology'")) return;
    l.check_keys(root, "a library", {"functions", "pieces", "topology"});
    if (auto f = root["functions"]) l.load_functions(f, doc);
    if (auto p = root["pieces"]) l.load_pieces(p, doc);
    if (auto t = root["topology"]) {
      if (t.IsMap()) l.check_keys(t, "topology", {"regions"});
      l.load_topology(t, doc);
    }
  });
}

bool load_document(std::shared_ptr<const SourceFile> file, Document& doc, Diagnostics& diags, int16_t index) {
  doc.file = file;
  Loader l(file, diags, index);
  return run_loader(file, diags, [&] { l.load(doc); });
}

bool load_position_document(std::shared_ptr<const SourceFile> file, PositionDecl& out, Diagnostics& diags) {
  out.file = file;
  Loader l(file, diags, 0);
  return run_loader(file, diags, [&] { l.load_position(out); });
}

}  // namespace ri
