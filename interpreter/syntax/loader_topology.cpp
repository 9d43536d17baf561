// The 'topology' section: sites, grids, relations (with edges, or computed), regions (listed or computed), lines
// (listed or derived along relations) and tracks, into the Document's declarations of the board.
#include <fmt/format.h>

#include "syntax/loader_impl.hpp"

namespace ri {

// topology -> { sites, grids, relations, regions, lines, tracks }
void Loader::load_topology(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "topology", pos_of(n))) return;
  check_keys(n, "topology", rule_keys("topology"));
  note_sections(n, "topology.", doc);
  if (auto v = n["sites"]) scalar_list(v, "topology.sites", doc.sites, pos_of(n));
  if (auto v = n["grids"]) load_grids(v, doc, pos_of(n));
  if (auto v = n["relations"]) load_relations(v, doc, pos_of(n));
  if (auto v = n["regions"]) load_regions(v, doc, pos_of(n));
  if (auto v = n["lines"]) load_lines(v, doc, pos_of(n));
  if (auto v = n["tracks"]) load_tracks(v, doc, pos_of(n));
}

// grids -> '[' { width: COUNT, height: COUNT, name: NAME, names: PATTERN, directions: FLAG, diagonals: FLAG } ... ']'
void Loader::load_grids(const YAML::Node& v, Document& doc, Pos parent) {
  if (!expect_seq(v, "topology.grids", parent)) return;
  for (auto g : v) {
    if (!expect_map(g, "a grid", pos_of(v))) continue;
    check_keys(g, "grid", rule_keys("topology.grids[]"));
    GridDecl gd;
    gd.pos = pos_of(g);
    if (auto w = need(g, "width", "grid", gd.pos)) count_of(w, "width", gd.width, gd.pos);
    if (auto h = need(g, "height", "grid", gd.pos)) count_of(h, "height", gd.height, gd.pos);
    if (auto nm = g["name"]) text(nm, gd.name, "a grid's 'name'", gd.pos);
    if (auto nm = g["names"]) text(nm, gd.names, "'names'", gd.pos); else gd.names.s = "{col}{row}";
    if (auto d = g["directions"]) flag(d, "directions", gd.directions);
    if (auto d = g["diagonals"]) flag(d, "diagonals", gd.diagonals);
    doc.grids.push_back(std::move(gd));
  }
}

// relations -> { NAME: EDGES | { symmetric: FLAG, edges: EDGES } | { each, to } }   EDGES -> '[' '[' SITE, SITE ']'... ']'
void Loader::load_relations(const YAML::Node& v, Document& doc, Pos parent) {
  each_named(v, "topology.relations", parent, [&](Text name, const YAML::Node& body) {
    RelationDecl r;
    r.name = std::move(name);
    YAML::Node edges;  // (reset, not '=': a Node's operator= writes into the node it refers to)
    edges.reset(body);
    if (body.IsMap()) {
      check_keys(body, "relation", rule_keys("topology.relations.*"));
      if (auto s = body["symmetric"]) flag(s, "symmetric", r.symmetric);
      if (body["each"] || body["to"]) {
        load_computed_relation(body, r);
        doc.relations.push_back(std::move(r));
        return;
      }
      YAML::Node listed = need(body, "edges", "relation", pos_of(body));
      if (!listed) return;
      edges.reset(listed);
    }
    if (!expect_seq(edges, "edges of relation '" + r.name.s + "'", r.name.pos)) return;
    for (auto e : edges) {
      if (!e.IsSequence() || e.size() != 2) {
        error(pos_of(e, r.name.pos), "an edge must be a list of two sites, like [A1, A2]");
        continue;
      }
      Text a, b;
      if (text(e[0], a, "a site", pos_of(e)) && text(e[1], b, "a site", pos_of(e))) r.edges.push_back({a, b});
    }
    doc.relations.push_back(std::move(r));
  });
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
    Text t;
    if (auto v = need(body, key, "relation", pos_of(body)))
      if (text(v, t, fmt::format("'{}'", key).c_str(), pos_of(body))) (key[0] == 'e' ? r.each : r.to) = std::move(t);
  }
}

// regions -> { NAME: '[' SITE (',' SITE)* ']' | EXPR }   (an expression of type sites: a computed region)
void Loader::load_regions(const YAML::Node& v, Document& doc, Pos parent) {
  each_named(v, "topology.regions", parent, [&](Text name, const YAML::Node& body) {
    NamedList r;
    r.name = std::move(name);
    if (body.IsScalar()) {
      text(body, r.computed.emplace(), "a region", r.name.pos);
    } else if (body.IsSequence()) {
      scalar_list(body, "region '" + r.name.s + "'", r.items, r.name.pos);
    } else {
      error(pos_of(body, r.name.pos),
            fmt::format("region '{}' must be a list of sites or an expression, not {}", r.name.s, kind_name(body)));
    }
    doc.regions.push_back(std::move(r));
  });
}

// lines -> { NAME: '[' '[' SITE... ']'... ']' | { along: [RELATION...], length: N } }
void Loader::load_lines(const YAML::Node& v, Document& doc, Pos parent) {
  each_named(v, "topology.lines", parent, [&](Text name, const YAML::Node& body) {
    LinesDecl l;
    l.name = std::move(name);
    l.pos = pos_of(body, l.name.pos);
    std::string what = "lines '" + l.name.s + "'";
    if (body.IsMap()) {
      check_keys(body, what, rule_keys("topology.lines.*"));
      l.derived = true;
      if (auto a = need(body, "along", what, l.pos)) scalar_list(a, what + ".along", l.along, l.pos);
      if (auto n = need(body, "length", what, l.pos)) int_of(n, "length", l.length, l.pos);
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
  });
}

// tracks -> { NAME: { PLAYER: '[' SITE (',' SITE)* ']' } }
void Loader::load_tracks(const YAML::Node& v, Document& doc, Pos parent) {
  each_named(v, "topology.tracks", parent, [&](Text name, const YAML::Node& body) {
    TrackDecl t;
    t.name = std::move(name);
    std::string where = "track '" + t.name.s + "'";
    each_named(body, where, t.name.pos, [&](Text player, const YAML::Node& sites) {
      NamedList l;
      l.name = std::move(player);
      scalar_list(sites, where + " of " + l.name.s, l.items, l.name.pos);
      t.per_player.push_back(std::move(l));
    });
    doc.tracks.push_back(std::move(t));
  });
}

}  // namespace ri
