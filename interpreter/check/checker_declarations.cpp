// The checker: topology, pieces, variables, chance and functions.
#include "check/checker_impl.hpp"

namespace ri::checking {

// Resolves a site named in a topology list. In a per-player list, a per-player zone's name means that
// player's zone.
int Checker::site_id(const Text& t, int player) {
  auto it = globals_.find(t.s);
  if (it != globals_.end()) {
    if (it->second.sym == Sym::Site || it->second.sym == Sym::Zone) return it->second.id;
    if (it->second.sym == Sym::ZoneEach) {
      if (player >= 0) return P_.zone_sites[it->second.id][player];
      error(t.pos, fmt::format("'{}' is a zone of each player; name it in a per-player list", t.s));
      return -1;
    }
  }
  std::vector<std::string> names;
  for (auto& [n, g] : globals_)
    if (g.sym == Sym::Site || g.sym == Sym::Zone || (g.sym == Sym::ZoneEach && player >= 0)) names.push_back(n);
  error(t.pos, fmt::format("undeclared site '{}'{}", t.s, did_you_mean(t.s, names)));
  return -1;
}

void Checker::declare_topology() {
  // named sites (too many is reported at the first one too many, in the list where it is written; then once)
  bool too_many = doc_.sites.size() > static_cast<size_t>(kMaxSites);
  if (too_many)
    error(doc_.sites[static_cast<size_t>(kMaxSites)].pos, fmt::format("at most {} sites are supported", kMaxSites));
  for (auto& s : doc_.sites) {
    int id = add_site(s.s, s.s);
    declare(s.s, s.pos, Sym::Site, id, Type::Site);
  }
  // grids: sites named by pattern, directions as relations; a named grid's region, declared with the regions
  std::vector<std::pair<const Text*, std::vector<int>>> grid_regions;
  for (auto& g : doc_.grids) {
    std::optional<int> w = count(g.width), h = count(g.height);
    if (!w || !h) continue;
    const int width = *w, height = *h;
    if (width < 1 || height < 1 || width > 26 || height > 99) {
      error(g.pos, "a grid's width must be 1 to 26 and its height 1 to 99");
      continue;
    }
    if (P_.site_names.size() + static_cast<size_t>(width) * height > static_cast<size_t>(kMaxSites)) {
      if (!too_many) error(g.pos, fmt::format("at most {} sites are supported", kMaxSites));
      too_many = true;  // its names are still declared (no tables are built): what names them is not reported
    }
    std::vector<std::vector<int>> at(width, std::vector<int>(height, -1));
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        std::string n = g.names.s;
        auto repl = [&](const std::string& key, const std::string& v) {
          for (size_t p; (p = n.find(key)) != std::string::npos;) n.replace(p, key.size(), v);
        };
        repl("{col}", std::string(1, static_cast<char>('a' + x)));
        repl("{row}", std::to_string(y + 1));
        repl("{x}", std::to_string(x + 1));
        repl("{y}", std::to_string(y + 1));
        repl("{i}", std::to_string((height - 1 - y) * width + x));  // reading order from the north-west corner
        int id = add_site(n, n);
        generated_names_ = true;
        declare(n, g.names.pos.line ? g.names.pos : g.pos, Sym::Site, id, Type::Site);
        generated_names_ = false;
        at[x][y] = id;
      }
    // coordinates: each site's place, and the grid's sites by place
    GridInfo gi{width, height, {}};
    P_.grid_place.resize(P_.site_names.size());
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        gi.sites.push_back(at[x][y]);
        P_.grid_place[at[x][y]] = {static_cast<int32_t>(P_.grids.size()), x + 1, y + 1};
      }
    if (!g.name.s.empty()) grid_regions.push_back({&g.name, gi.sites});  // in the order of 'sites'
    P_.grids.push_back(std::move(gi));
    D_.grids.emplace_back();
    if (g.directions) {
      struct Dir { const char* name; int dx, dy; bool diag; };
      static const Dir dirs[] = {{"north", 0, 1, false},    {"south", 0, -1, false},    {"east", 1, 0, false},
                                 {"west", -1, 0, false},    {"northeast", 1, 1, true},  {"northwest", -1, 1, true},
                                 {"southeast", 1, -1, true}, {"southwest", -1, -1, true}};
      for (auto& d : dirs) {
        if (d.diag && !g.diagonals) continue;
        int rel;
        auto it = globals_.find(d.name);
        if (it != globals_.end() && it->second.sym == Sym::Relation) {
          rel = it->second.id;
        } else {
          rel = static_cast<int>(P_.relation_names.size());
          P_.relation_names.push_back(d.name);
          declare(d.name, g.pos, Sym::Relation, rel, Type::Void);
        }
        D_.grids.back().directions.push_back({rel, d.dx, d.dy});
      }
    }
  }
  // zones
  for (size_t z = 0; z < doc_.zones.size(); ++z) {
    auto& zd = doc_.zones[z];
    if (zd.per_player) {
      int zi = static_cast<int>(P_.zone_names.size());
      P_.zone_names.push_back(zd.name.s);
      P_.zone_sites.emplace_back();
      for (size_t p = 0; p < P_.players.size(); ++p)
        P_.zone_sites[zi].push_back(add_site(zd.name.s + "[" + P_.players[p] + "]", zd.label.s));
      declare(zd.name.s, zd.name.pos, Sym::ZoneEach, zi, Type::Site);
    } else {
      int id = add_site(zd.name.s, zd.label.s);
      declare(zd.name.s, zd.name.pos, Sym::Zone, id, Type::Site);
    }
  }
  P_.grid_place.resize(P_.site_names.size());  // the zones are on no grid
  if (P_.site_names.size() > static_cast<size_t>(kMaxSites)) {
    if (!too_many)
      error(doc_.sites.empty() ? Pos{1, 1} : doc_.sites[0].pos, fmt::format("at most {} sites are supported", kMaxSites));
    return;  // no tables for a board this size
  }
  D_.topology = true;
  // relations (explicit edges, or computed at load: no site has a neighbour until then)
  for (auto& r : doc_.relations) {
    int rel = static_cast<int>(P_.relation_names.size());
    if (!declare(r.name.s, r.name.pos, Sym::Relation, rel, Type::Void)) continue;
    P_.relation_names.push_back(r.name.s);
    ResolvedRelation rd;
    rd.relation = rel;
    rd.computed = r.each.has_value();
    rd.symmetric = r.symmetric;
    if (r.each) add_load_item(LoadItem::Relation, r.name, rel, r.each->pos);
    for (auto& [a, b] : r.edges) {
      int sa = site_id(a, -1), sb = site_id(b, -1);
      if (sa >= 0 && sb >= 0) rd.edges.push_back({sa, sb});
    }
    D_.relations.push_back(std::move(rd));
  }
  // the named grids' regions, then the regions (a computed one is filled in at load)
  for (auto& [name, sites] : grid_regions) {
    declare(name->s, name->pos, Sym::Region, static_cast<int>(D_.regions.size()), Type::Sites);
    ResolvedRegion rd;
    rd.sites = std::move(sites);
    D_.regions.push_back(std::move(rd));
  }
  for (auto& r : doc_.regions) {
    int region = static_cast<int>(D_.regions.size());
    ResolvedRegion rd;
    rd.computed = r.computed.has_value();
    if (r.computed) {
      if (declare(r.name.s, r.name.pos, Sym::Region, region, Type::Sites))
        add_load_item(LoadItem::Region, r.name, region, {});
    } else {
      for (auto& s : r.items)
        if (int id = site_id(s, -1); id >= 0) rd.sites.push_back(id);
      declare(r.name.s, r.name.pos, Sym::Region, region, Type::Sites);
    }
    D_.regions.push_back(std::move(rd));
  }
  declare_lines();
  // tracks
  for (auto& t : doc_.tracks) {
    int ti = static_cast<int>(P_.track_names.size());
    P_.track_names.push_back(t.name.s);
    ResolvedTrack td;
    td.per_player.resize(P_.players.size());
    std::vector<bool> listed(P_.players.size());
    bool misnamed = false;  // a list for an undeclared player: "no list for player" would repeat that error
    for (auto& pl : t.per_player) {
      auto it = std::find(P_.players.begin(), P_.players.end(), pl.name.s);
      if (it == P_.players.end()) {
        error(pl.name.pos, fmt::format("undeclared player '{}' in track '{}'{}", pl.name.s, t.name.s,
                                       did_you_mean(pl.name.s, P_.players)));
        misnamed = true;
        continue;
      }
      size_t p = static_cast<size_t>(it - P_.players.begin());
      listed[p] = true;
      td.per_player[p].clear();
      for (auto& s : pl.items)
        if (int id = site_id(s, static_cast<int>(p)); id >= 0) td.per_player[p].push_back(id);
    }
    for (size_t p = 0; p < P_.players.size(); ++p)
      if (!listed[p] && !misnamed)
        error(t.name.pos, fmt::format("track '{}' has no list for player '{}'", t.name.s, P_.players[p]));
    D_.tracks.push_back(std::move(td));
    declare(t.name.s, t.name.pos, Sym::TrackEach, ti, Type::Sites);
  }
}

void Checker::add_load_item(LoadItem::Kind kind, const Text& name, int id, Pos each_pos) {
  LoadItem it;
  it.kind = kind;
  it.name = name.s;
  it.id = id;
  it.pos = name.pos;
  it.each_pos = each_pos;
  P_.load_items.push_back(std::move(it));
  out_.load.emplace_back();
}

// lines: each family is a list of lines (type lines); each line a list of sites. A derived family is derived by the
// elaborator (elaborate/lines.hpp), or at load when it runs along a relation computed there.
void Checker::declare_lines() {
  for (auto& ld : doc_.lines) {
    ResolvedFamily fd;
    fd.name = ld.name.s;
    fd.pos = ld.pos;
    fd.derived = ld.derived;
    fd.length = ld.length;
    if (ld.derived) {
      if (ld.length < 1 || ld.length > kMaxLineLength) {
        error(ld.pos, fmt::format("the lines of '{}' have a length from 1 to {}, not {}", ld.name.s, kMaxLineLength,
                                  ld.length));
        continue;
      }
      for (auto& r : ld.along) {
        auto it = globals_.find(r.s);
        if (it == globals_.end() || it->second.sym != Sym::Relation) {
          std::vector<std::string> relations;
          for (auto& [n, g] : globals_)
            if (g.sym == Sym::Relation) relations.push_back(n);
          std::sort(relations.begin(), relations.end());
          error(r.pos, fmt::format("undeclared relation '{}'{}", r.s, near_or_list(r.s, relations)));
          continue;
        }
        fd.along.push_back(it->second.id);
        for (auto& item : P_.load_items)
          fd.deferred = fd.deferred || (item.kind == LoadItem::Relation && item.id == it->second.id);
      }
    } else {
      for (auto& l : ld.lists) {
        std::vector<int32_t> items;
        for (auto& s : l) {
          int id = site_id(s, -1);
          if (id >= 0) items.push_back(id);
        }
        if (l.empty()) error(ld.pos, fmt::format("a line of '{}' has no site", ld.name.s));
        fd.lines.push_back(std::move(items));
      }
    }
    int f = static_cast<int>(P_.family_names.size());
    if (!declare(ld.name.s, ld.name.pos, Sym::Lines, f, Type::Lines)) continue;
    P_.family_names.push_back(ld.name.s);
    if (fd.deferred) {
      add_load_item(LoadItem::Lines, ld.name, f, {});
      P_.load_items.back().pos = ld.pos;
      P_.load_items.back().along = fd.along;
      P_.load_items.back().length = ld.length;
    }
    D_.families.push_back(std::move(fd));
  }
}

void Checker::declare_pieces() {
  out_.attr_inits.resize(doc_.pieces.size());
  for (size_t k = 0; k < doc_.pieces.size(); ++k) {
    auto& pd = doc_.pieces[k];
    KindInfo ki;
    ki.name = pd.name.s;
    ki.generated = pd.each.has_value();
    bool declared = declare(pd.name.s, pd.name.pos, Sym::Kind, static_cast<int>(k), Type::Kind);
    if (declared && pd.each) add_load_item(LoadItem::Pieces, pd.name, static_cast<int>(k), pd.each->pos);
    // a kind not declared (reported) still has its 'each' variable, so that its attributes and name say nothing more
    else if (pd.each) each_vars_[static_cast<int>(k)] = {leading_name(pd.each->s), Type::Error};
    for (auto& a : pd.attributes) {
      if (std::string why = bad_name(a.name.s); !why.empty()) {
        error(a.name.pos, why);
        continue;
      }
      if (a.name.s == "owner" || a.name.s == "site" || a.name.s == "kind") {
        error(a.name.pos, fmt::format("'{}' is a built-in field of every piece", a.name.s));
        continue;
      }
      auto it = std::find(P_.attr_names.begin(), P_.attr_names.end(), a.name.s);
      int id = static_cast<int>(it - P_.attr_names.begin());
      if (it == P_.attr_names.end()) P_.attr_names.push_back(a.name.s);
      ki.attrs.push_back(id);
    }
    P_.kinds.push_back(std::move(ki));
  }
}

// Attribute initial values may use functions and variables: checked once those are declared. Those of a
// generated kind may use its 'each' variable (slot 0).
void Checker::check_attribute_inits() {
  for (size_t k = 0; k < doc_.pieces.size(); ++k)
    for (auto& a : doc_.pieces[k].attributes) {
      if (a.name.s == "owner" || a.name.s == "site" || a.name.s == "kind" || !bad_name(a.name.s).empty()) continue;
      Frame frame(*this, {Code::Init});
      auto var = each_vars_.find(static_cast<int>(k));
      if (var != each_vars_.end()) push_local(var->second.first, var->second.second);
      ExprP e = parse(a.init);
      if (e) expect(*e, Type::Int, "an attribute's initial value");
      P_.init_frame = std::max(P_.init_frame, frame.size());
      out_.attr_inits[k].push_back(std::move(e));
    }
}

// The pieces' names: a template per named kind, with `me` (the piece's owner) and, for a generated kind, its 'each'
// variable (slot 0); evaluated once per piece at load (load_eval.cpp).
void Checker::check_piece_names() {
  out_.piece_names.resize(doc_.pieces.size());
  for (size_t k = 0; k < doc_.pieces.size() && k < P_.kinds.size(); ++k) {
    const PieceDecl& pd = doc_.pieces[k];
    if (!pd.piece_name) continue;
    Frame frame(*this, {Code::Init});
    auto var = each_vars_.find(static_cast<int>(k));
    if (var != each_vars_.end()) push_local(var->second.first, var->second.second);
    P_.kinds[k].named = templ(*pd.piece_name, out_.piece_names[k]);
    P_.kinds[k].name_pos = pd.piece_name->pos;
    P_.init_frame = std::max(P_.init_frame, frame.size());
  }
}

// The value a variable or history field holds: its initial value (or default) parsed and typed against the
// optional `type`. `noun` names what is declared ("variable"), `init` its value ("initial value").
Type Checker::stored_value(const VarDecl& v, ExprP& e, const char* noun, const char* init) {
  Frame frame(*this, {Code::Init});
  e = parse(v.init);
  Type t = e ? expr(*e) : Type::Error;
  if (!v.type.s.empty()) {
    Type want = parse_type(v.type.s);
    if (want == Type::Error || is_list(want) || want == Type::Str)
      error(v.type.pos, fmt::format("a {}'s type is int, bool, player, site, piece, kind or line, not '{}'", noun, v.type.s));
    else if (t != Type::Error && !comparable(t, want) && t != want)
      error(e->pos, fmt::format("{} '{}' is {} but its {} is {}", noun, v.name.s, type_name(want), init, type_name(t)));
    t = want;
  }
  if (t == Type::None) t = Type::Site;
  if (is_list(t) || t == Type::Str || t == Type::Void) {
    error(v.init.pos, fmt::format("a {} holds an int, bool, player, site, piece, kind or line, not {}", noun, type_name(t)));
    t = Type::Error;
  }
  P_.init_frame = std::max(P_.init_frame, frame.size());
  return t;
}

void Checker::declare_variables() {
  for (auto& v : doc_.variables) {
    VarInfo vi;
    vi.name = v.name.s;
    vi.per_player = v.per_player;
    vi.counter = v.counter;
    ExprP e;
    vi.type = stored_value(v, e, "variable", "initial value");
    vi.offset = P_.nvars;
    P_.nvars += vi.per_player ? static_cast<int>(P_.players.size()) : 1;
    int id = static_cast<int>(P_.vars.size());
    P_.vars.push_back(vi);
    out_.var_inits.push_back(std::move(e));
    declare(v.name.s, v.name.pos, v.per_player ? Sym::PerPlayer : Sym::Global, id, vi.type);
  }
}

// history: the fields every entry holds, each with a type and a default value (for the moves that do not record
// it), checked like variables' initial values.
void Checker::declare_history() {
  for (auto& v : doc_.history) {
    VarInfo vi;
    vi.name = v.name.s;
    if (std::string why = bad_name(v.name.s); !why.empty()) error(v.name.pos, why);
    ExprP e;
    vi.type = stored_value(v, e, "history field", "default");
    int id = static_cast<int>(P_.history.size());
    P_.history.push_back(vi);
    out_.history_defaults.push_back(std::move(e));
    declare(v.name.s, v.name.pos, Sym::HistoryField, id, vi.type);
  }
}

// The outcomes of a chance declaration as written: its dice (`dice.count` > 0; the elaborator computes their
// distribution) or its outcomes and weights; false after reporting why there are none.
bool Checker::chance_outcomes(const ChanceDecl& c, ChanceInfo& ci, ResolvedDice& dice) {
  auto num = [&](const Text& t, int64_t& v) {
    if (parse_whole(t.s, v)) return true;
    error(t.pos, fmt::format("expected a whole number, not '{}'", t.s));
    return false;
  };
  if (c.computed) return true;  // evaluated at each roll (check_chance types the expression)
  if (c.dice_count) {
    std::optional<int> count_value = count(*c.dice_count);
    if (!count_value) return false;
    int n = *count_value;
    if (n < 1 || n > kMaxDice || c.faces.empty() || c.faces.size() > kMaxFaces) {
      error(c.pos, fmt::format("dice need a count from 1 to {} and from 1 to {} faces", kMaxDice, kMaxFaces));
      return false;
    }
    for (auto& f : c.faces) {
      int64_t v;
      if (!num(f, v)) continue;
      if (v < -kMaxFace || v > kMaxFace) error(f.pos, fmt::format("a face's value is from {} to {}", -kMaxFace, kMaxFace));
      else dice.faces.push_back(v);
    }
    if (dice.faces.size() != c.faces.size()) return false;
    dice.count = n;
    return true;
  }
  for (auto& [vt, wt] : c.outcomes) {
    int64_t v, w;
    if (!num(vt, v) || !num(wt, w)) continue;
    if (w <= 0) {
      error(wt.pos, "a weight must be positive");
      continue;
    }
    if (v < -1000000000 || v > 1000000000) {
      error(vt.pos, "an outcome's value is from -1000000000 to 1000000000");
      continue;
    }
    ci.values.push_back(v);
    ci.weights.push_back(static_cast<uint64_t>(w));
  }
  if (ci.values.empty()) {
    error(c.pos, fmt::format("chance '{}' has no outcomes", c.name.s));
    return false;
  }
  return true;
}

// Each chance event and the integer variable its outcome is stored in. The variable is declared even when
// the outcomes are rejected, so that expressions reading it are not reported again.
void Checker::declare_chance() {
  for (auto& c : doc_.chance) {
    ChanceInfo ci;
    ci.name = c.name.s;
    ci.pos = c.pos;
    ResolvedDice dice;
    bool ok = chance_outcomes(c, ci, dice);
    VarInfo vi;
    vi.name = c.name.s;
    vi.type = Type::Int;
    vi.offset = P_.nvars++;
    ci.var = static_cast<int>(P_.vars.size());
    P_.vars.push_back(vi);
    out_.var_inits.push_back(nullptr);
    declare(c.name.s, c.name.pos, Sym::Global, ci.var, Type::Int);
    chance_ids_.push_back(ok ? static_cast<int>(P_.chance.size()) : -1);
    if (!ok) continue;
    if (dice.count > 0) {
      dice.chance = static_cast<int>(P_.chance.size());
      D_.dice.push_back(std::move(dice));
    }
    P_.chance.push_back(std::move(ci));
  }
}

// Computed outcomes and effects, checked once every global name is declared (also those of an event whose
// declared outcomes were rejected, so that all their problems are reported).
void Checker::check_chance() {
  out_.chance.resize(P_.chance.size());
  for (size_t k = 0; k < doc_.chance.size(); ++k) {
    const ChanceDecl& c = doc_.chance[k];
    CheckedChance cc;
    Frame frame(*this, {Code::Chance});
    if (c.computed) {
      cc.computed = parse(*c.computed);
      if (cc.computed) expect(*cc.computed, Type::Ints, fmt::format("the outcomes of chance '{}'", c.name.s).c_str());
    }
    for (auto& ef : c.effects) {
      StmtP s = parser_->stmt(ef);
      if (s) stmt(*s);
      cc.effects.push_back(std::move(s));
    }
    if (chance_ids_[k] < 0) continue;
    P_.chance[chance_ids_[k]].frame = frame.size();
    out_.chance[chance_ids_[k]] = std::move(cc);
  }
}

void Checker::declare_functions(const Document& d, bool library) {
  for (auto& f : d.functions) {
    std::string name;
    Pos pos;
    std::vector<ParsedParam> params;
    ParsedParam result;
    if (!parser_->signature(f.signature, name, pos, params, result)) {
      // keep calls to it quiet: their only problem is the declaration, which was reported
      if (std::string n = f.name(); !n.empty()) broken_functions_.insert(n);
      continue;
    }
    FunctionInfo fi;
    fi.name = name;
    fi.nparams = static_cast<int>(params.size());
    FnDecl fd{&f, {}, pos};
    bool ok = true;
    if (params.size() > static_cast<size_t>(kMaxCallArgs)) {
      error(params[kMaxCallArgs].type_pos, fmt::format("a function has at most {} parameters", kMaxCallArgs));
      ok = false;
    }
    for (auto& pp : params) {
      Type t = parse_type(pp.type);
      if (t == Type::Error) {
        error(pp.type_pos, unknown_type(pp.type));
        ok = false;
      }
      if (std::find(fd.param_names.begin(), fd.param_names.end(), pp.name) != fd.param_names.end()) {
        error(pp.pos, fmt::format("duplicate parameter '{}'", pp.name));
        ok = false;
      }
      fi.params.push_back(t);
      fd.param_names.push_back(pp.name);
    }
    if (!result.type.empty()) {
      fi.result = parse_type(result.type);
      fd.declared_result = fi.result != Type::Error;
      if (!fd.declared_result) error(result.type_pos, unknown_type(result.type));
    }
    if (find_builtin(name)) {
      error(pos, fmt::format("'{}' is a built-in function", name));
      ok = false;
    }
    int id = static_cast<int>(P_.functions.size());
    if (!ok && !globals_.count(name)) broken_functions_.insert(name);
    if (ok && declare(name, pos, Sym::Function, id, fi.result)) {
      globals_[name].library = library;
      P_.functions.push_back(fi);
      fns_.push_back(std::move(fd));
      out_.functions.emplace_back();
    }
  }
}

// Checks a function's body on first use, so results are typed before their callers need them.
void Checker::check_function(int f) {
  FnDecl& fd = fns_[f];
  if (fd.state != 0) return;
  fd.state = 1;
  // a body is checked once, whoever calls it: in a context of its own (it cannot draw, whoever calls it)
  Frame frame(*this, {Code::Function});
  FunctionInfo& fi = P_.functions[f];
  for (size_t i = 0; i < fd.param_names.size(); ++i) push_local(fd.param_names[i], fi.params[i]);
  ExprP body = parser_->expr(fd.decl->body);
  if (body) {
    Type t = fd.declared_result ? expr_as(*body, fi.result) : expr(*body);  // '-> ints': '[]' is an ints
    if (fd.declared_result) {
      if (t != Type::Error && join(t, fi.result) != fi.result)
        error(body->pos, fmt::format("function '{}' is declared {} but its body is {}{}", fi.name, type_name(fi.result),
                                     type_name(t), quoted(*body)));
    } else {
      P_.functions[f].result = t == Type::None ? Type::Site : t;
    }
  } else if (!fd.declared_result) {
    P_.functions[f].result = Type::Error;
  }
  P_.functions[f].frame = frame.size();
  out_.functions[f].body = std::move(body);
  globals_[fi.name].type = P_.functions[f].result;
  fd.state = 2;
}

}  // namespace ri::checking
