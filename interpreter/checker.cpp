// Name resolution and type checking. See checker.hpp.
#include "checker.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <numeric>
#include <set>
#include <unordered_map>

#include "machine.hpp"
#include "parser.hpp"
#include "suggest.hpp"
#include "state.hpp"

namespace ri {
namespace {

struct GlobalSym {
  Sym sym;
  int id;
  Type type;
  Pos pos;
  bool library = false;  // declared by the standard library (pos is in its file)
};

struct BuiltinSig {
  const char* name;
  Op op;
  std::vector<Type> args;  // Type::Error = any list (len/nth/index are checked by hand)
  Type result;
};

const std::vector<BuiltinSig>& builtins() {
  static const std::vector<BuiltinSig> b = {
      {"next", Op::Next, {Type::Player}, Type::Player},
      {"opponent", Op::Opponent, {Type::Player}, Type::Player},
      {"pieces_at", Op::PiecesAt, {Type::Site}, Type::Pieces},
      {"size", Op::Size, {Type::Site}, Type::Int},
      {"top", Op::Top, {Type::Site}, Type::Piece},
      {"owner", Op::Owner, {Type::Piece}, Type::Player},
      {"site_of", Op::SiteOf, {Type::Piece}, Type::Site},
      {"kind_of", Op::KindOf, {Type::Piece}, Type::Kind},
      {"min", Op::MinF, {Type::Int, Type::Int}, Type::Int},
      {"max", Op::MaxF, {Type::Int, Type::Int}, Type::Int},
      {"abs", Op::Abs, {Type::Int}, Type::Int},
      {"len", Op::Len, {Type::Error}, Type::Int},
      {"nth", Op::Nth, {Type::Error, Type::Int}, Type::Error},
      {"index", Op::IndexOf, {Type::Error, Type::Error}, Type::Int},
      {"neighbours", Op::Related, {Type::Site, Type::Void}, Type::Sites},
      {"step", Op::Link, {Type::Site, Type::Void}, Type::Site},
  };
  return b;
}

const BuiltinSig* find_builtin(const std::string& n) {
  for (auto& b : builtins())
    if (n == b.name) return &b;
  return nullptr;
}

// "unknown type 'X'", with the type it was probably meant to be, or the list of types.
std::string unknown_type(const std::string& t) {
  static const std::vector<std::string> types = {"int",  "bool",  "string",  "player",  "site",  "piece",
                                                 "kind", "ints", "sites", "players", "pieces"};
  std::string dym = did_you_mean(t, types);
  if (!dym.empty()) return fmt::format("unknown type '{}'{}", t, dym);
  return fmt::format("unknown type '{}' (types: int, bool, string, player, site, piece, kind, ints, sites, players, pieces)", t);
}

// did_you_mean, or else the declared names when they are few: " (declared: a, b)", " (none is declared)".
std::string near_or_list(const std::string& name, const std::vector<std::string>& declared) {
  std::string dym = did_you_mean(name, declared);
  if (!dym.empty()) return dym;
  if (declared.empty()) return " (none is declared)";
  if (declared.size() > 8) return "";
  std::string list;
  for (auto& d : declared) list += (list.empty() ? "'" : ", '") + d + "'";
  return fmt::format(" (declared: {})", list);
}

bool comparable(Type a, Type b) {
  if (a == b) return a != Type::Void && !is_list(a);
  if (a == Type::None) return b == Type::Site || b == Type::Piece;
  if (b == Type::None) return a == Type::Site || a == Type::Piece;
  return false;
}

// unify for if-branches: none joins sites and pieces
Type join(Type a, Type b) {
  if (a == b) return a;
  if (a == Type::None && (b == Type::Site || b == Type::Piece)) return b;
  if (b == Type::None && (a == Type::Site || a == Type::Piece)) return a;
  return Type::Error;
}

class Checker {
 public:
  Checker(const Document& d, Checked& o, Diagnostics& g) : doc_(d), out_(o), P_(o.prog), diags_(g) {}

  bool run(const std::vector<const Document*>& libs);

 private:
  // ---- reporting ----
  void error(Pos p, std::string msg) { diags_.error(file_, p, std::move(msg)); }

  // ---- declarations ----
  bool declare(const std::string& name, Pos pos, Sym sym, int id, Type type);
  int add_list(std::vector<int32_t> items, Type t);
  int add_site(const std::string& name, const std::string& label);
  int site_id(const Text& t, int player);  // resolves a site name in a topology list; -1 after reporting
  void declare_players();
  void declare_topology();
  void declare_pieces();
  void check_attribute_inits();
  void declare_variables();
  void declare_chance();
  void declare_functions(const Document& d, bool library);
  void check_function(int f);
  void check_moves();
  void check_turn();
  void check_end();
  void check_display();

  // ---- expressions ----
  Type expr(Expr& e);
  Type expect(Expr& e, Type want, const char* what);
  Type call(Expr& e);
  Type builtin_call(Expr& e, const BuiltinSig& b);
  Type name(Expr& e);
  Type aggregate(Expr& e);
  void stmt(Stmt& s);
  int push_local(const std::string& name, Type t, Sym sym = Sym::Local, int id = -1);
  void pop_locals(size_t n) { locals_.resize(n); }
  void begin_frame() { next_slot_ = 0; max_slot_ = 0; locals_.clear(); }
  bool templ(const Text& t, Template& out);
  ExprP parse(const Text& t) { return parser_->expr(t); }

  struct Local {
    std::string name;
    int slot;
    Type type;
    Sym sym;
    int id;
  };

  const Document& doc_;
  Checked& out_;
  Program& P_;
  Diagnostics& diags_;
  std::shared_ptr<const SourceFile> file_;
  std::unique_ptr<Parser> parser_;
  std::unordered_map<std::string, GlobalSym> globals_;
  std::vector<Local> locals_;
  int next_slot_ = 0, max_slot_ = 0;
  bool in_move_ = false;
  bool generated_names_ = false;  // grid sites: their names follow the grid's pattern
  int move_lets_known_ = 0;  // lets of the current move with a known type
  std::vector<Type> let_types_;

  // functions: declaration info kept until bodies are checked
  struct FnDecl {
    const FuncDecl* decl;
    std::shared_ptr<const SourceFile> file;
    std::vector<std::string> param_names;
    Pos pos;
    bool declared_result = false;
    int state = 0;  // 0 unchecked, 1 in progress, 2 done
  };
  std::vector<FnDecl> fns_;
  std::vector<int> site_zone_player_;  // unused placeholder for future use
  // functions whose declaration was reported (bad signature or parameter type): uses of them stay quiet
  std::set<std::string> broken_functions_;
  const MoveDecl* move_decl_ = nullptr;  // the move being checked (for 'let' definitions used too early)

  // what a global name was declared as, for "already declared as ..."
  std::string kind_of(const std::string& name, const GlobalSym& g) const;
  // names that a misspelt value, function call or move may have meant
  std::vector<std::string> value_names() const;
  std::vector<std::string> function_names() const;
};

std::string Checker::kind_of(const std::string& name, const GlobalSym& g) const {
  switch (g.sym) {
    case Sym::Player: return "a player";
    case Sym::Site: return "a site";
    case Sym::Zone:
    case Sym::ZoneEach: return "a zone";
    case Sym::Region: return "a region";
    case Sym::TrackEach: return "a track";
    case Sym::Kind: return "a piece kind";
    case Sym::Function: return "a function";
    case Sym::Relation: return "a relation";
    case Sym::Unresolved: return "a move";
    case Sym::Global:
      if (std::any_of(P_.chance.begin(), P_.chance.end(), [&](auto& c) { return c.name == name; })) return "a chance";
      return "a variable";
    case Sym::PerPlayer: return "a variable";
    default: return "a name";
  }
}

std::vector<std::string> Checker::value_names() const {
  std::vector<std::string> out;
  for (auto& l : locals_) out.push_back(l.name);
  for (auto& [n, g] : globals_)
    if (g.sym != Sym::Function && g.sym != Sym::Unresolved && g.sym != Sym::Relation) out.push_back(n);
  return out;
}

std::vector<std::string> Checker::function_names() const {
  std::vector<std::string> out;
  for (auto& [n, g] : globals_)
    if (g.sym == Sym::Function) out.push_back(n);
  for (auto& b : builtins()) out.push_back(b.name);
  for (const char* a : {"any", "all", "count", "sum"}) out.push_back(a);
  return out;
}

// Why a declared name cannot be written in an expression, or "" when it can: letters, digits and '_', not
// starting with a digit, and not a keyword.
static std::string bad_name(const std::string& s) {
  static const char* keywords[] = {"let", "in", "if", "then", "else", "and", "or", "not",
                                   "true", "false", "none", "where", "set", "for"};
  for (auto* k : keywords)
    if (s == k) return fmt::format("'{}' is a keyword and cannot be a name", s);
  bool ok = !s.empty() && !std::isdigit(static_cast<unsigned char>(s[0]));
  for (char c : s) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (ok) return "";
  return fmt::format("'{}' cannot be a name: use letters, digits and '_', not starting with a digit", s);
}

bool Checker::declare(const std::string& name, Pos pos, Sym sym, int id, Type type) {
  if (!generated_names_) {
    std::string why = bad_name(name);
    if (!why.empty()) {
      error(pos, why);
      return false;
    }
  }
  auto it = globals_.find(name);
  if (it != globals_.end()) {
    const Pos& first = it->second.pos;
    if (it->second.library)
      error(pos, fmt::format("'{}' is already declared as {} of the standard library", name, kind_of(name, it->second)));
    else if (first.line > 0)
      error(pos, fmt::format("'{}' is already declared as {} (at line {}, column {})", name, kind_of(name, it->second),
                             first.line, first.col));
    else
      error(pos, fmt::format("'{}' is a built-in name", name));
    return false;
  }
  globals_[name] = {sym, id, type, pos};
  return true;
}

int Checker::add_list(std::vector<int32_t> items, Type t) {
  P_.lists.push_back(std::move(items));
  P_.list_types.push_back(t);
  P_.list_member.emplace_back();
  P_.list_index.emplace_back();
  return static_cast<int>(P_.lists.size()) - 1;
}

int Checker::add_site(const std::string& name, const std::string& label) {
  P_.site_names.push_back(name);
  P_.site_labels.push_back(label);
  return static_cast<int>(P_.site_names.size()) - 1;
}

void Checker::declare_players() {
  for (auto& p : doc_.players) {
    int id = static_cast<int>(P_.players.size());
    P_.players.push_back(p.s);
    declare(p.s, p.pos, Sym::Player, id, Type::Player);
  }
  if (P_.players.size() > 32) error(doc_.players[32].pos, "at most 32 players are supported");
}

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
  // named sites
  for (auto& s : doc_.sites) {
    int id = add_site(s.s, s.s);
    declare(s.s, s.pos, Sym::Site, id, Type::Site);
  }
  // grids: sites named by pattern, directions as relations
  for (auto& g : doc_.grids) {
    if (g.width < 1 || g.height < 1 || g.width > 26 || g.height > 99) {
      error(g.pos, "a grid's width must be 1 to 26 and its height 1 to 99");
      continue;
    }
    std::vector<std::vector<int>> at(g.width, std::vector<int>(g.height, -1));
    for (int y = 0; y < g.height; ++y)
      for (int x = 0; x < g.width; ++x) {
        std::string n = g.names.s;
        auto repl = [&](const std::string& key, const std::string& v) {
          for (size_t p; (p = n.find(key)) != std::string::npos;) n.replace(p, key.size(), v);
        };
        repl("{col}", std::string(1, static_cast<char>('a' + x)));
        repl("{row}", std::to_string(y + 1));
        repl("{x}", std::to_string(x + 1));
        repl("{y}", std::to_string(y + 1));
        int id = add_site(n, n);
        generated_names_ = true;
        declare(n, g.names.pos.line ? g.names.pos : g.pos, Sym::Site, id, Type::Site);
        generated_names_ = false;
        at[x][y] = id;
      }
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
          P_.relation_lists.emplace_back();
          declare(d.name, g.pos, Sym::Relation, rel, Type::Void);
        }
        auto& lists = P_.relation_lists[rel];
        for (int x = 0; x < g.width; ++x)
          for (int y = 0; y < g.height; ++y) {
            int s = at[x][y], nx = x + d.dx, ny = y + d.dy;
            std::vector<int32_t> to;
            if (nx >= 0 && ny >= 0 && nx < g.width && ny < g.height) to.push_back(at[nx][ny]);
            if (lists.size() <= static_cast<size_t>(s)) lists.resize(s + 1, -1);
            lists[s] = add_list(std::move(to), Type::Sites);
          }
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
  if (P_.site_names.size() > 4096) error(doc_.sites.empty() ? Pos{1, 1} : doc_.sites[0].pos, "at most 4096 sites are supported");
  // relations (explicit edges)
  for (auto& r : doc_.relations) {
    int rel = static_cast<int>(P_.relation_names.size());
    if (!declare(r.name.s, r.name.pos, Sym::Relation, rel, Type::Void)) continue;
    P_.relation_names.push_back(r.name.s);
    std::vector<std::vector<int32_t>> adj(P_.site_names.size());
    for (auto& [a, b] : r.edges) {
      int sa = site_id(a, -1), sb = site_id(b, -1);
      if (sa < 0 || sb < 0) continue;
      adj[sa].push_back(sb);
      if (r.symmetric) adj[sb].push_back(sa);
    }
    P_.relation_lists.emplace_back();
    for (auto& l : adj) P_.relation_lists.back().push_back(add_list(std::move(l), Type::Sites));
  }
  // grids may have created relations before later sites existed: pad with empty lists
  for (auto& lists : P_.relation_lists) {
    int empty = -1;
    for (auto& l : lists)
      if (l < 0) l = empty >= 0 ? empty : (empty = add_list({}, Type::Sites));
    while (lists.size() < P_.site_names.size()) lists.push_back(empty >= 0 ? empty : (empty = add_list({}, Type::Sites)));
  }
  // regions
  for (auto& r : doc_.regions) {
    std::vector<int32_t> items;
    for (auto& s : r.items) {
      int id = site_id(s, -1);
      if (id >= 0) items.push_back(id);
    }
    int li = add_list(std::move(items), Type::Sites);
    declare(r.name.s, r.name.pos, Sym::Region, li, Type::Sites);
  }
  // tracks
  for (auto& t : doc_.tracks) {
    int ti = static_cast<int>(P_.track_names.size());
    P_.track_names.push_back(t.name.s);
    P_.track_lists.emplace_back(P_.players.size(), -1);
    bool misnamed = false;  // a list for an undeclared player: "no list for player" would repeat that error
    for (auto& pl : t.per_player) {
      auto it = std::find(P_.players.begin(), P_.players.end(), pl.name.s);
      if (it == P_.players.end()) {
        error(pl.name.pos, fmt::format("undeclared player '{}' in track '{}'{}", pl.name.s, t.name.s,
                                       did_you_mean(pl.name.s, P_.players)));
        misnamed = true;
        continue;
      }
      int p = static_cast<int>(it - P_.players.begin());
      std::vector<int32_t> items;
      for (auto& s : pl.items) {
        int id = site_id(s, p);
        if (id >= 0) items.push_back(id);
      }
      P_.track_lists[ti][p] = add_list(std::move(items), Type::Sites);
    }
    for (size_t p = 0; p < P_.players.size(); ++p)
      if (P_.track_lists[ti][p] < 0) {
        if (!misnamed) error(t.name.pos, fmt::format("track '{}' has no list for player '{}'", t.name.s, P_.players[p]));
        P_.track_lists[ti][p] = add_list({}, Type::Sites);
      }
    declare(t.name.s, t.name.pos, Sym::TrackEach, ti, Type::Sites);
  }
  // built-in lists
  std::vector<int32_t> all_players(P_.players.size()), all_sites(P_.site_names.size());
  std::iota(all_players.begin(), all_players.end(), 0);
  std::iota(all_sites.begin(), all_sites.end(), 0);
  globals_["players"] = {Sym::AllPlayers, add_list(all_players, Type::Players), Type::Players, {}};
  globals_["sites"] = {Sym::AllSites, add_list(all_sites, Type::Sites), Type::Sites, {}};
  // membership tables for site lists
  for (size_t l = 0; l < P_.lists.size(); ++l)
    if (P_.list_types[l] == Type::Sites) {
      P_.list_member[l].assign(P_.site_names.size(), 0);
      for (int s : P_.lists[l]) P_.list_member[l][s] = 1;
      P_.list_index[l].assign(P_.site_names.size(), -1);
      for (size_t i = P_.lists[l].size(); i-- > 0;) P_.list_index[l][P_.lists[l][i]] = static_cast<int16_t>(i);
    }
}

void Checker::declare_pieces() {
  out_.attr_inits.resize(doc_.pieces.size());
  for (size_t k = 0; k < doc_.pieces.size(); ++k) {
    auto& pd = doc_.pieces[k];
    KindInfo ki;
    ki.name = pd.name.s;
    declare(pd.name.s, pd.name.pos, Sym::Kind, static_cast<int>(k), Type::Kind);
    for (auto& a : pd.attributes) {
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

// Attribute initial values may use functions and variables: checked once those are declared.
void Checker::check_attribute_inits() {
  for (size_t k = 0; k < doc_.pieces.size(); ++k)
    for (auto& a : doc_.pieces[k].attributes) {
      if (a.name.s == "owner" || a.name.s == "site" || a.name.s == "kind") continue;
      begin_frame();
      ExprP e = parse(a.init);
      if (e) expect(*e, Type::Int, "an attribute's initial value");
      P_.init_frame = std::max(P_.init_frame, max_slot_);
      out_.attr_inits[k].push_back(std::move(e));
    }
}

void Checker::declare_variables() {
  for (auto& v : doc_.variables) {
    VarInfo vi;
    vi.name = v.name.s;
    vi.per_player = v.per_player;
    begin_frame();
    ExprP e = parse(v.init);
    Type t = e ? expr(*e) : Type::Error;
    if (!v.type.s.empty()) {
      Type want = parse_type(v.type.s);
      if (want == Type::Error || is_list(want) || want == Type::Str)
        error(v.type.pos, fmt::format("a variable's type is int, bool, player, site or piece, not '{}'", v.type.s));
      else if (t != Type::Error && !comparable(t, want) && t != want)
        error(e->pos, fmt::format("variable '{}' is {} but its initial value is {}", v.name.s, type_name(want), type_name(t)));
      t = want;
    }
    if (t == Type::None) t = Type::Site;
    if (is_list(t) || t == Type::Str || t == Type::Void) {
      error(v.init.pos, fmt::format("a variable holds an int, bool, player, site or piece, not {}", type_name(t)));
      t = Type::Error;
    }
    P_.init_frame = std::max(P_.init_frame, max_slot_);
    vi.type = t;
    vi.offset = P_.nvars;
    P_.nvars += vi.per_player ? static_cast<int>(P_.players.size()) : 1;
    int id = static_cast<int>(P_.vars.size());
    P_.vars.push_back(vi);
    out_.var_inits.push_back(std::move(e));
    declare(v.name.s, v.name.pos, v.per_player ? Sym::PerPlayer : Sym::Global, id, t);
  }
}

void Checker::declare_chance() {
  for (auto& c : doc_.chance) {
    ChanceInfo ci;
    ci.name = c.name.s;
    auto num = [&](const Text& t, int64_t& v) {
      try {
        size_t used = 0;
        v = std::stoll(t.s, &used);
        if (used == t.s.size()) return true;
      } catch (...) {
      }
      error(t.pos, fmt::format("expected a whole number, not '{}'", t.s));
      return false;
    };
    if (c.dice_count) {
      int n = *c.dice_count;
      if (n < 1 || n > 16 || c.faces.empty()) {
        error(c.pos, "dice need a count from 1 to 16 and at least one face");
        continue;
      }
      std::vector<int64_t> faces;
      for (auto& f : c.faces) {
        int64_t v;
        if (!num(f, v)) continue;
        if (v < -1000000 || v > 1000000) error(f.pos, "a face's value is from -1000000 to 1000000");
        else faces.push_back(v);
      }
      if (faces.size() != c.faces.size()) continue;
      // exact distribution of the sum: convolve n times (weights are counts of equally likely throws)
      std::vector<std::pair<int64_t, uint64_t>> dist = {{0, 1}};
      bool overflow = false;
      for (int i = 0; i < n && !overflow; ++i) {
        std::vector<std::pair<int64_t, uint64_t>> next;
        for (auto& [v, w] : dist)
          for (int64_t f : faces) {
            auto it = std::find_if(next.begin(), next.end(), [&](auto& p) { return p.first == v + f; });
            if (it == next.end()) next.push_back({v + f, w});
            else overflow |= __builtin_add_overflow(it->second, w, &it->second);
          }
        dist = std::move(next);
      }
      if (overflow) {
        error(c.pos, fmt::format("the {} dice of chance '{}' have more than 2^64 equally likely throws", n, c.name.s));
        continue;
      }
      std::sort(dist.begin(), dist.end());
      for (auto& [v, w] : dist) {
        ci.values.push_back(v);
        ci.weights.push_back(w);
      }
    } else {
      for (auto& [vt, wt] : c.outcomes) {
        int64_t v, w;
        if (!num(vt, v) || !num(wt, w)) continue;
        if (w <= 0) {
          error(wt.pos, "a weight must be positive");
          continue;
        }
        ci.values.push_back(v);
        ci.weights.push_back(static_cast<uint64_t>(w));
      }
      if (ci.values.empty()) {
        error(c.pos, fmt::format("chance '{}' has no outcomes", c.name.s));
        continue;
      }
    }
    bool overflow = false;
    for (auto w : ci.weights) overflow |= __builtin_add_overflow(ci.total, w, &ci.total);
    if (overflow) {
      error(c.pos, fmt::format("the weights of chance '{}' add up to more than 2^64", c.name.s));
      continue;
    }
    if (ci.values.size() > static_cast<size_t>(kMaxMoves)) {
      error(c.pos, fmt::format("chance '{}' has {} outcomes; at most {}", c.name.s, ci.values.size(), kMaxMoves));
      continue;
    }
    VarInfo vi;
    vi.name = c.name.s;
    vi.type = Type::Int;
    vi.offset = P_.nvars++;
    ci.var = static_cast<int>(P_.vars.size());
    P_.vars.push_back(vi);
    out_.var_inits.push_back(nullptr);
    declare(c.name.s, c.name.pos, Sym::Global, ci.var, Type::Int);
    P_.chance.push_back(std::move(ci));
  }
}

void Checker::declare_functions(const Document& d, bool library) {
  Parser p(d.file, diags_);
  for (auto& f : d.functions) {
    std::string name;
    Pos pos;
    std::vector<ParsedParam> params;
    ParsedParam result;
    if (!p.signature(f.signature, name, pos, params, result)) {
      // keep calls to it quiet: their only problem is the declaration, which was reported
      const std::string& sig = f.signature.s;
      size_t b = sig.find_first_not_of(" \t\r\n"), e = b;
      while (e < sig.size() && (std::isalnum(static_cast<unsigned char>(sig[e])) || sig[e] == '_')) ++e;
      if (b != std::string::npos && e > b) broken_functions_.insert(sig.substr(b, e - b));
      continue;
    }
    FunctionInfo fi;
    fi.name = name;
    fi.nparams = static_cast<int>(params.size());
    FnDecl fd{&f, d.file, {}, pos};
    auto saved = file_;
    file_ = d.file;
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
    file_ = saved;
  }
}

// Checks a function's body on first use, so results are typed before their callers need them.
void Checker::check_function(int f) {
  FnDecl& fd = fns_[f];
  if (fd.state != 0) return;
  fd.state = 1;
  // save the caller's context
  auto saved_locals = std::move(locals_);
  int saved_next = next_slot_, saved_max = max_slot_;
  bool saved_in_move = in_move_;
  auto saved_file = file_;
  file_ = fd.file;
  in_move_ = false;
  begin_frame();
  FunctionInfo& fi = P_.functions[f];
  for (size_t i = 0; i < fd.param_names.size(); ++i) push_local(fd.param_names[i], fi.params[i]);
  Parser p(fd.file, diags_);
  ExprP body = p.expr(fd.decl->body);
  if (body) {
    Type t = expr(*body);
    if (fd.declared_result) {
      if (t != Type::Error && join(t, fi.result) != fi.result)
        error(body->pos, fmt::format("function '{}' is declared {} but its body is {}", fi.name, type_name(fi.result), type_name(t)));
    } else {
      P_.functions[f].result = t == Type::None ? Type::Site : t;
    }
  } else if (!fd.declared_result) {
    P_.functions[f].result = Type::Error;
  }
  P_.functions[f].frame = max_slot_;
  out_.functions[f].body = std::move(body);
  globals_[fi.name].type = P_.functions[f].result;
  fd.state = 2;
  locals_ = std::move(saved_locals);
  next_slot_ = saved_next;
  max_slot_ = saved_max;
  in_move_ = saved_in_move;
  file_ = saved_file;
}

int Checker::push_local(const std::string& name, Type t, Sym sym, int id) {
  int slot = next_slot_++;
  max_slot_ = std::max(max_slot_, next_slot_);
  locals_.push_back({name, slot, t, sym, id});
  return slot;
}

Type Checker::expect(Expr& e, Type want, const char* what) {
  Type t = expr(e);
  if (t == Type::Error || t == want) return t;
  if (want == Type::Site || want == Type::Piece) {
    if (t == Type::None) return want;
  }
  error(e.pos, fmt::format("{} must be {}, not {}", what, type_name(want), type_name(t)));
  return Type::Error;
}

Type Checker::name(Expr& e) {
  for (auto it = locals_.rbegin(); it != locals_.rend(); ++it)
    if (it->name == e.name) {
      e.sym = it->sym;
      e.slot = it->slot;
      e.id = it->id;
      if (it->sym == Sym::LazyLocal && it->id >= move_lets_known_) {
        error(e.pos, fmt::format("'{}' is used before its definition", e.name));
        return e.type = Type::Error;
      }
      return e.type = it->type;
    }
  if (e.name == "me") {
    e.sym = Sym::Me;
    return e.type = Type::Player;
  }
  auto it = globals_.find(e.name);
  if (it == globals_.end()) {
    if (find_builtin(e.name)) {
      error(e.pos, fmt::format("'{}' is a function: call it as {}(...)", e.name, e.name));
      return e.type = Type::Error;
    }
    if (broken_functions_.count(e.name)) return e.type = Type::Error;
    if (parse_type(e.name) != Type::Error) {
      error(e.pos, fmt::format("'{}' is a type, not a value", e.name));
      return e.type = Type::Error;
    }
    if (in_move_ && move_decl_)
      for (size_t l = static_cast<size_t>(move_lets_known_); l < move_decl_->lets.size(); ++l)
        if (move_decl_->lets[l].first.s == e.name) {
          if (l == static_cast<size_t>(move_lets_known_))
            error(e.pos, fmt::format("'{}' is used in its own definition", e.name));
          else
            error(e.pos, fmt::format("'{}' is defined later in 'let' (line {}); a definition can only use those before it",
                                     e.name, move_decl_->lets[l].first.pos.line));
          return e.type = Type::Error;
        }
    error(e.pos, fmt::format("undeclared name '{}'{}", e.name, did_you_mean(e.name, value_names())));
    return e.type = Type::Error;
  }
  const GlobalSym& g = it->second;
  e.sym = g.sym;
  e.id = g.id;
  switch (g.sym) {
    case Sym::PerPlayer:
      error(e.pos, fmt::format("'{}' has a value for each player: write {}[PLAYER]", e.name, e.name));
      return e.type = Type::Error;
    case Sym::ZoneEach:
      error(e.pos, fmt::format("'{}' is a zone of each player: write {}[PLAYER]", e.name, e.name));
      return e.type = Type::Error;
    case Sym::TrackEach:
      error(e.pos, fmt::format("'{}' is a track of each player: write {}[PLAYER]", e.name, e.name));
      return e.type = Type::Error;
    case Sym::Function:
      error(e.pos, fmt::format("'{}' is a function: call it as {}(...)", e.name, e.name));
      return e.type = Type::Error;
    case Sym::Relation:
      error(e.pos, fmt::format("'{}' is a relation: use neighbours(SITE, {}) or step(SITE, {})", e.name, e.name, e.name));
      return e.type = Type::Error;
    case Sym::Unresolved:
      error(e.pos, fmt::format("'{}' is a move, not a value", e.name));
      return e.type = Type::Error;
    default:
      return e.type = g.type;
  }
}

Type Checker::builtin_call(Expr& e, const BuiltinSig& b) {
  e.sym = Sym::Builtin;
  e.id = static_cast<int>(b.op);
  if (e.kids.size() != b.args.size()) {
    std::string sig;
    for (Type t : b.args) sig += (sig.empty() ? "" : ", ") + std::string(t == Type::Error ? "list" : t == Type::Void ? "relation" : type_name(t));
    error(e.pos, fmt::format("'{}' takes {} argument{} ({}), not {}", b.name, b.args.size(), b.args.size() == 1 ? "" : "s",
                             sig, e.kids.size()));
    // the arguments may have problems of their own (a relation's name is not a value: skip it)
    for (size_t i = 0; i < e.kids.size(); ++i)
      if (!((b.op == Op::Related || b.op == Op::Link) && i == 1)) expr(*e.kids[i]);
    return e.type = Type::Error;
  }
  if (b.op == Op::Related || b.op == Op::Link) {
    expect(*e.kids[0], Type::Site, fmt::format("the first argument of '{}'", b.name).c_str());
    Expr& r = *e.kids[1];
    auto it = r.kind == ExprKind::Name ? globals_.find(r.name) : globals_.end();
    if (it == globals_.end() || it->second.sym != Sym::Relation) {
      bool local = r.kind == ExprKind::Name &&
                   std::any_of(locals_.begin(), locals_.end(), [&](auto& l) { return l.name == r.name; });
      if (r.kind == ExprKind::Name && it == globals_.end() && !local) {
        std::vector<std::string> relations;
        for (auto& [n, g] : globals_)
          if (g.sym == Sym::Relation) relations.push_back(n);
        std::sort(relations.begin(), relations.end());
        error(r.pos, fmt::format("undeclared relation '{}'{}", r.name, near_or_list(r.name, relations)));
      } else {
        error(r.pos, fmt::format("the second argument of '{}' must be a relation's name", b.name));
      }
      return e.type = Type::Error;
    }
    r.sym = Sym::Relation;
    r.id = it->second.id;
    r.type = Type::Void;
    return e.type = b.result;
  }
  if (b.op == Op::Opponent && P_.players.size() != 2) {
    error(e.pos, "'opponent' needs exactly two players; use next(PLAYER)");
    return e.type = Type::Error;
  }
  if (b.op == Op::Len || b.op == Op::Nth || b.op == Op::IndexOf) {
    Type l = expr(*e.kids[0]);
    if (l != Type::Error && !is_list(l)) {
      error(e.kids[0]->pos, fmt::format("the first argument of '{}' must be a list, not {}", b.name, type_name(l)));
      return e.type = Type::Error;
    }
    if (b.op == Op::Len) return e.type = Type::Int;
    if (b.op == Op::Nth) {
      expect(*e.kids[1], Type::Int, "a position");
      return e.type = l == Type::Error ? Type::Error : elem_of(l);
    }
    Type x = expr(*e.kids[1]);
    if (l != Type::Error && x != Type::Error && !comparable(x, elem_of(l)))
      error(e.kids[1]->pos, fmt::format("cannot look for {} in {}", type_name(x), type_name(l)));
    return e.type = Type::Int;
  }
  bool ok = true;
  for (size_t i = 0; i < b.args.size(); ++i)
    if (expect(*e.kids[i], b.args[i], fmt::format("argument {} of '{}'", i + 1, b.name).c_str()) == Type::Error) ok = false;
  return e.type = ok ? b.result : Type::Error;
}

Type Checker::call(Expr& e) {
  for (auto& l : locals_)
    if (l.name == e.name) {
      error(e.pos, fmt::format("'{}' is a value, not a function", e.name));
      return e.type = Type::Error;
    }
  if (auto* b = find_builtin(e.name)) return builtin_call(e, *b);
  auto it = globals_.find(e.name);
  if (it == globals_.end()) {
    if (!broken_functions_.count(e.name))
      error(e.pos, fmt::format("undeclared function '{}'{}", e.name, did_you_mean(e.name, function_names())));
    for (auto& k : e.kids) expr(*k);
    return e.type = Type::Error;
  }
  if (it->second.sym != Sym::Function) {
    error(e.pos, fmt::format("'{}' is not a function", e.name));
    return e.type = Type::Error;
  }
  int f = it->second.id;
  e.sym = Sym::Function;
  e.id = f;
  const FunctionInfo& fi = P_.functions[f];
  if (e.kids.size() != static_cast<size_t>(fi.nparams)) {
    std::string sig;
    for (int i = 0; i < fi.nparams; ++i)
      sig += fmt::format("{}{} {}", i ? ", " : "", type_name(fi.params[i]), fns_[f].param_names[i]);
    error(e.pos, fmt::format("function '{}' takes {} argument{} ({}), not {}", e.name, fi.nparams, fi.nparams == 1 ? "" : "s",
                             sig, e.kids.size()));
    for (auto& k : e.kids) expr(*k);
    return e.type = Type::Error;
  }
  bool ok = true;
  for (size_t i = 0; i < e.kids.size(); ++i) {
    Type t = expr(*e.kids[i]);
    Type want = fi.params[i];
    if (t != Type::Error && join(t, want) != want) {
      error(e.kids[i]->pos, fmt::format("argument {} of '{}' must be {}, not {}", i + 1, e.name, type_name(want), type_name(t)));
      ok = false;
    }
  }
  if (fns_[f].state == 0) check_function(f);
  if (fns_[f].state == 1 && !fns_[f].declared_result) {
    error(e.pos, fmt::format("recursive function '{}' needs a declared result type, like '{}(...) -> int'", e.name, e.name));
    return e.type = Type::Error;
  }
  return e.type = ok ? P_.functions[f].result : Type::Error;
}

Type Checker::aggregate(Expr& e) {
  // e.name = "KIND VAR"
  std::string kind = e.name.substr(0, e.name.find(' '));
  std::string var = e.name.substr(e.name.find(' ') + 1);
  Type d = e.kids[0] ? expr(*e.kids[0]) : Type::Error;
  if (d != Type::Error && !is_list(d)) {
    error(e.kids[0]->pos, fmt::format("'{}' ranges over a list, not {}", kind, type_name(d)));
    d = Type::Error;
  }
  size_t mark = locals_.size();
  int saved = next_slot_;
  e.slot = push_local(var, d == Type::Error ? Type::Error : elem_of(d));
  if (e.kids[1]) expect(*e.kids[1], Type::Bool, "a 'where' condition");
  Type result = Type::Error;
  if (kind == "any" || kind == "all" || kind == "count") {
    if (e.kids[2]) expect(*e.kids[2], Type::Bool, fmt::format("the body of '{}'", kind).c_str());
    else if (kind != "count") error(e.pos, fmt::format("'{}' needs a condition: {}({} in LIST : CONDITION)", kind, kind, var));
    result = kind == "count" ? Type::Int : Type::Bool;
  } else {
    if (e.kids[2]) expect(*e.kids[2], Type::Int, fmt::format("the body of '{}'", kind).c_str());
    else error(e.pos, fmt::format("'{}' needs a value: {}({} in LIST : VALUE)", kind, kind, var));
    result = Type::Int;
  }
  pop_locals(mark);
  next_slot_ = saved;
  return e.type = result;
}

Type Checker::expr(Expr& e) {
  switch (e.kind) {
    case ExprKind::Int:
      if (e.name == "overflow") error(e.pos, "number too large");
      return e.type = Type::Int;
    case ExprKind::Bool: return e.type = Type::Bool;
    case ExprKind::Str: {
      auto it = std::find(P_.strings.begin(), P_.strings.end(), e.name);
      e.id = static_cast<int>(it - P_.strings.begin());
      if (it == P_.strings.end()) P_.strings.push_back(e.name);
      return e.type = Type::Str;
    }
    case ExprKind::None: return e.type = Type::None;
    case ExprKind::Name: return name(e);
    case ExprKind::Call: return call(e);
    case ExprKind::Index: {
      Expr& base = *e.kids[0];
      if (base.kind == ExprKind::Name) {
        bool local = std::any_of(locals_.begin(), locals_.end(), [&](auto& l) { return l.name == base.name; });
        auto it = globals_.find(base.name);
        if (!local && it != globals_.end() &&
            (it->second.sym == Sym::PerPlayer || it->second.sym == Sym::ZoneEach || it->second.sym == Sym::TrackEach)) {
          base.sym = it->second.sym;
          base.id = it->second.id;
          base.type = it->second.type;
          expect(*e.kids[1], Type::Player, fmt::format("the index of '{}'", base.name).c_str());
          e.sym = base.sym;
          e.id = base.id;
          return e.type = it->second.type;
        }
      }
      Type l = expr(base);
      if (l == Type::Error) return e.type = Type::Error;
      if (!is_list(l)) {
        error(e.pos, fmt::format("cannot index {} with [...]", type_name(l)));
        return e.type = Type::Error;
      }
      expect(*e.kids[1], Type::Int, "a position");
      return e.type = elem_of(l);
    }
    case ExprKind::Field: {
      Type t = expr(*e.kids[0]);
      if (t == Type::Error) return e.type = Type::Error;
      if (t != Type::Piece) {
        error(e.pos, fmt::format("'.{}' needs a piece, not {}", e.name, type_name(t)));
        return e.type = Type::Error;
      }
      if (e.name == "owner") return e.type = Type::Player;
      if (e.name == "site") return e.type = Type::Site;
      if (e.name == "kind") return e.type = Type::Kind;
      auto it = std::find(P_.attr_names.begin(), P_.attr_names.end(), e.name);
      if (it == P_.attr_names.end()) {
        std::vector<std::string> fields = P_.attr_names;
        fields.insert(fields.end(), {"owner", "site", "kind"});
        error(e.pos, fmt::format("pieces have no attribute '{}'{}", e.name, did_you_mean(e.name, fields)));
        return e.type = Type::Error;
      }
      e.id = static_cast<int>(it - P_.attr_names.begin());
      return e.type = Type::Int;
    }
    case ExprKind::Neg: return e.type = expect(*e.kids[0], Type::Int, "the operand of '-'") == Type::Int ? Type::Int : Type::Error;
    case ExprKind::Not: return e.type = expect(*e.kids[0], Type::Bool, "the operand of 'not'") == Type::Bool ? Type::Bool : Type::Error;
    case ExprKind::Binary: {
      const std::string& op = e.name;
      if (op == "and" || op == "or") {
        Type a = expect(*e.kids[0], Type::Bool, fmt::format("the left operand of '{}'", op).c_str());
        Type b = expect(*e.kids[1], Type::Bool, fmt::format("the right operand of '{}'", op).c_str());
        return e.type = (a == Type::Error || b == Type::Error) ? Type::Error : Type::Bool;
      }
      if (op == "in" || op == "not in") {
        Type a = expr(*e.kids[0]);
        Type b = expr(*e.kids[1]);
        if (a == Type::Error || b == Type::Error) return e.type = Type::Error;
        if (!is_list(b)) {
          error(e.kids[1]->pos, fmt::format("the right operand of '{}' must be a list, not {}", op, type_name(b)));
          return e.type = Type::Error;
        }
        if (!comparable(a, elem_of(b))) {
          error(e.pos, fmt::format("cannot look for {} in {}", type_name(a), type_name(b)));
          return e.type = Type::Error;
        }
        return e.type = Type::Bool;
      }
      Type a = expr(*e.kids[0]);
      Type b = expr(*e.kids[1]);
      if (a == Type::Error || b == Type::Error) return e.type = Type::Error;
      if (op == "==" || op == "!=") {
        if (!comparable(a, b)) {
          error(e.pos, fmt::format("cannot compare {} with {}", type_name(a), type_name(b)));
          return e.type = Type::Error;
        }
        return e.type = Type::Bool;
      }
      if (a != Type::Int && b == Type::Int) {
        error(e.kids[0]->pos, fmt::format("the left operand of '{}' must be int, not {}", op, type_name(a)));
        return e.type = Type::Error;
      }
      if (a == Type::Int && b != Type::Int) {
        error(e.kids[1]->pos, fmt::format("the right operand of '{}' must be int, not {}", op, type_name(b)));
        return e.type = Type::Error;
      }
      if (a != Type::Int || b != Type::Int) {
        error(e.pos, fmt::format("operator '{}' needs int operands, not {} and {}", op, type_name(a), type_name(b)));
        return e.type = Type::Error;
      }
      bool cmp = op == "<" || op == "<=" || op == ">" || op == ">=";
      return e.type = cmp ? Type::Bool : Type::Int;
    }
    case ExprKind::If: {
      expect(*e.kids[0], Type::Bool, "an 'if' condition");
      Type a = expr(*e.kids[1]);
      Type b = expr(*e.kids[2]);
      if (a == Type::Error || b == Type::Error) return e.type = Type::Error;
      Type j = join(a, b);
      if (j == Type::Error) {
        error(e.kids[2]->pos, fmt::format("the branches of 'if' must have the same type: 'then' is {}, 'else' is {}",
                                          type_name(a), type_name(b)));
        return e.type = Type::Error;
      }
      return e.type = j;
    }
    case ExprKind::Let: {
      Type v = expr(*e.kids[0]);
      size_t mark = locals_.size();
      int saved = next_slot_;
      e.slot = push_local(e.name, v);
      Type r = expr(*e.kids[1]);
      pop_locals(mark);
      next_slot_ = saved;
      return e.type = r;
    }
    case ExprKind::Aggregate: return aggregate(e);
    case ExprKind::List: {
      if (e.kids.empty()) {
        error(e.pos, "an empty list literal has no type; leave it out");
        return e.type = Type::Error;
      }
      Type t = Type::Error;
      bool bad = false;
      for (auto& k : e.kids) {
        Type kt = expr(*k);
        if (kt == Type::Error) { bad = true; continue; }
        if (t == Type::Error) t = kt;
        else if (kt != t) {
          error(k->pos, fmt::format("a list's items must all be {}, not {}", type_name(t), type_name(kt)));
          bad = true;
        }
      }
      if (bad || t == Type::Error) return e.type = Type::Error;
      Type lt = list_of(t);
      if (lt == Type::Error) error(e.pos, fmt::format("cannot make a list of {}", type_name(t)));
      return e.type = lt;
    }
    case ExprKind::Range: {
      Type a = expect(*e.kids[0], Type::Int, "the start of a range");
      Type b = expect(*e.kids[1], Type::Int, "the end of a range");
      return e.type = (a == Type::Error || b == Type::Error) ? Type::Error : Type::Ints;
    }
  }
  return Type::Error;
}

void Checker::stmt(Stmt& s) {
  switch (s.kind) {
    case StmtKind::If:
      expect(*s.exprs[0], Type::Bool, "an 'if' condition");
      for (auto& b : s.body) stmt(*b);
      return;
    case StmtKind::For: {
      Type d = expr(*s.exprs[0]);
      if (d != Type::Error && !is_list(d)) {
        error(s.exprs[0]->pos, fmt::format("'for' ranges over a list, not {}", type_name(d)));
        d = Type::Error;
      }
      size_t mark = locals_.size();
      int saved = next_slot_;
      s.slot = push_local(s.name, d == Type::Error ? Type::Error : elem_of(d));
      if (s.has_where) expect(*s.exprs[1], Type::Bool, "a 'where' condition");
      stmt(*s.body[0]);
      pop_locals(mark);
      next_slot_ = saved;
      return;
    }
    case StmtKind::Let: {
      Type v = expr(*s.exprs[0]);
      size_t mark = locals_.size();
      int saved = next_slot_;
      s.slot = push_local(s.name, v);
      stmt(*s.body[0]);
      pop_locals(mark);
      next_slot_ = saved;
      return;
    }
    case StmtKind::Set: {
      Expr& target = *s.exprs[0];
      Type want = Type::Error;
      if (target.kind == ExprKind::Name) {
        auto it = globals_.find(target.name);
        bool local = std::any_of(locals_.begin(), locals_.end(), [&](auto& l) { return l.name == target.name; });
        if (local || it == globals_.end() || it->second.sym != Sym::Global) {
          error(target.pos, local ? fmt::format("'{}' is a local name and cannot be set", target.name)
                                  : it == globals_.end() ? fmt::format("undeclared variable '{}'", target.name)
                                                         : fmt::format("'{}' is not a variable", target.name));
        } else {
          target.sym = Sym::Global;
          target.id = it->second.id;
          want = target.type = it->second.type;
        }
      } else if (target.kind == ExprKind::Index && target.kids[0]->kind == ExprKind::Name &&
                 globals_.count(target.kids[0]->name) && globals_[target.kids[0]->name].sym == Sym::PerPlayer) {
        want = expr(target);
      } else if (target.kind == ExprKind::Field) {
        want = expr(target);
        if (want != Type::Error && target.name == "site") {
          error(target.pos, "a piece's site changes with move(PIECE, SITE)");
          want = Type::Error;
        }
      } else {
        error(target.pos, "only a variable, VARIABLE[PLAYER] or PIECE.FIELD can be set");
      }
      Type v = expr(*s.exprs[1]);
      if (want != Type::Error && v != Type::Error && join(v, want) != want) {
        std::string what = target.kind == ExprKind::Field ? "." + target.name
                           : target.kind == ExprKind::Index ? target.kids[0]->name + "[...]"
                                                            : target.name;
        error(s.exprs[1]->pos, fmt::format("cannot set '{}' ({}) to {}", what, type_name(want), type_name(v)));
      }
      return;
    }
    case StmtKind::Block:
      for (auto& b : s.body) stmt(*b);
      return;
    case StmtKind::Call: {
      struct EffectSig { const char* name; Op op; std::vector<Type> args; };
      static const EffectSig effects[] = {
          {"move", Op::SMove, {Type::Piece, Type::Site}},
          {"remove", Op::SRemove, {Type::Piece}},
          {"extra_turn", Op::SExtraTurn, {}},
          {"continue_turn", Op::SContinueTurn, {}},
          {"pass", Op::SNop, {}},
      };
      for (auto& ef : effects)
        if (s.name == ef.name) {
          s.id = static_cast<int>(ef.op);
          s.sym = Sym::Builtin;
          if (s.exprs.size() != ef.args.size()) {
            std::string sig;
            for (Type t : ef.args) sig += (sig.empty() ? "" : ", ") + std::string(type_name(t));
            error(s.pos, fmt::format("'{}' takes {} argument{}{}, not {}", ef.name, ef.args.size(), ef.args.size() == 1 ? "" : "s",
                                     sig.empty() ? "" : " (" + sig + ")", s.exprs.size()));
            return;
          }
          for (size_t i = 0; i < ef.args.size(); ++i)
            expect(*s.exprs[i], ef.args[i], fmt::format("argument {} of '{}'", i + 1, ef.name).c_str());
          return;
        }
      auto it = globals_.find(s.name);
      if (it != globals_.end() && it->second.sym == Sym::Function)
        error(s.pos, fmt::format("'{}' is a function that computes a value, not an effect", s.name));
      else
      {
        std::vector<std::string> names;
        for (auto& ef : effects) names.push_back(ef.name);
        std::string dym = did_you_mean(s.name, names);
        if (!dym.empty()) error(s.pos, fmt::format("unknown effect '{}'{}", s.name, dym));
        else error(s.pos, fmt::format("unknown effect '{}' (effects: move, remove, set, extra_turn, continue_turn, pass, if, for, let)", s.name));
      }
      return;
    }
  }
}

bool Checker::templ(const Text& t, Template& out) {
  if (!parser_->templ(t, out)) return false;
  bool ok = true;
  for (auto& e : out.exprs) {
    if (!e) { ok = false; continue; }
    Type ty = expr(*e);
    if (ty == Type::Void || is_list(ty)) {
      error(e->pos, fmt::format("a template shows a single value, not {}", type_name(ty)));
      ok = false;
    }
  }
  return ok;
}

void Checker::check_moves() {
  for (auto& md : doc_.moves) {
    MoveInfo mi;
    mi.name = md.name.s;
    mi.pos = md.name.pos;
    CheckedMove cm;
    int id = static_cast<int>(P_.moves.size());
    declare(md.name.s, md.name.pos, Sym::Unresolved, id, Type::Void);
    begin_frame();
    in_move_ = true;
    move_decl_ = &md;
    move_lets_known_ = 0;
    // parameters: each may range over a domain that refers to earlier parameters
    if (md.params.size() > static_cast<size_t>(kMaxParams))
      error(md.params[kMaxParams].name.pos, fmt::format("a move has at most {} parameters", kMaxParams));
    for (auto& pd : md.params) {
      ParamInfo pi;
      pi.name = pd.name.s;
      std::string tname;
      Pos tpos;
      ExprP domain;
      if (parser_->param_spec(pd.spec, tname, tpos, domain)) {
        pi.type = parse_type(tname);
        if (pi.type == Type::Error || is_list(pi.type) || pi.type == Type::Str || pi.type == Type::Bool || pi.type == Type::Kind) {
          if (pi.type == Type::Error)
            error(tpos, fmt::format("unknown type '{}' (a parameter is a site, player, piece or int)", tname));
          else
            error(tpos, fmt::format("a parameter is a site, player, piece or int, not '{}'", tname));
          pi.type = Type::Error;
        } else if (domain) {
          Type d = expr(*domain);
          if (d != Type::Error && d != list_of(pi.type)) {
            error(domain->pos, fmt::format("parameter '{}' is {} but ranges over {}", pi.name, type_name(pi.type), type_name(d)));
          }
        } else if (pi.type == Type::Int) {
          error(tpos, fmt::format("int parameter '{}' needs a domain, like 'int in 1..6'", pi.name));
        }
      }
      push_local(pi.name, pi.type);
      mi.params.push_back(pi);
      cm.params.push_back({std::move(domain)});
    }
    // lets: lazily evaluated, typed in order
    for (auto& [k, v] : md.lets) {
      if (std::any_of(md.params.begin(), md.params.end(), [&](auto& pd) { return pd.name.s == k.s; }))
        error(k.pos, fmt::format("'{}' is already a parameter of move '{}'", k.s, md.name.s));
      ExprP e = parse(v);
      Type t = e ? expr(*e) : Type::Error;
      if (t == Type::None) t = Type::Site;
      int slot = push_local(k.s, t, Sym::LazyLocal, static_cast<int>(cm.lets.size()));
      cm.let_slots.push_back(slot);
      cm.lets.push_back(std::move(e));
      ++move_lets_known_;
    }
    mi.nlets = static_cast<int>(cm.lets.size());
    if (mi.nlets > 64) error(md.name.pos, "a move has at most 64 'let' definitions");
    for (auto& r : md.requires_) {
      RequireInfo ri;
      ri.code = r.error.s;
      ri.message = r.message.s;
      ri.text = r.check.s;
      ri.pos = r.check.pos;
      ExprP e = parse(r.check);
      if (e) expect(*e, Type::Bool, "a requirement");
      mi.requires_.push_back(ri);
      cm.requires_.push_back({std::move(e)});
    }
    for (auto& ef : md.effects) {
      StmtP s = parser_->stmt(ef);
      if (s) stmt(*s);
      cm.effects.push_back(std::move(s));
    }
    for (auto& nt : md.notation) {
      Template t;
      templ(nt, t);
      cm.notation.push_back(std::move(t));
    }
    if (md.notation.empty()) {
      // default notation: the move's name and its parameters
      Text t;
      t.s = md.name.s;
      for (auto& pd : md.params) t.s += " {" + pd.name.s + "}";
      t.pos = md.name.pos;
      Template tp;
      templ(t, tp);
      cm.notation.push_back(std::move(tp));
    }
    mi.frame = max_slot_;
    in_move_ = false;
    move_decl_ = nullptr;
    P_.moves.push_back(std::move(mi));
    out_.moves.push_back(std::move(cm));
  }
  // move names are not values: remove them from the global table (they only matter in 'turn')
}

void Checker::check_turn() {
  for (auto& st : doc_.turn) {
    StepInfo si;
    if (st.kind == StepDecl::Roll) {
      si.kind = StepInfo::Roll;
      auto it = std::find_if(P_.chance.begin(), P_.chance.end(), [&](auto& c) { return c.name == st.chance.s; });
      if (it == P_.chance.end()) {
        std::vector<std::string> names;
        for (auto& c : P_.chance) names.push_back(c.name);
        error(st.chance.pos, fmt::format("undeclared chance '{}'{}", st.chance.s, near_or_list(st.chance.s, names)));
      }
      else si.chance = static_cast<int>(it - P_.chance.begin());
    } else {
      si.kind = StepInfo::Choose;
      if (st.moves.empty())
        for (size_t m = 0; m < P_.moves.size(); ++m) si.moves.push_back(static_cast<int>(m));
      for (auto& m : st.moves) {
        auto it = std::find_if(P_.moves.begin(), P_.moves.end(), [&](auto& mv) { return mv.name == m.s; });
        if (it == P_.moves.end()) {
          std::vector<std::string> names;
          for (auto& mv : P_.moves) names.push_back(mv.name);
          error(m.pos, fmt::format("undeclared move '{}'{}", m.s, near_or_list(m.s, names)));
        }
        else si.moves.push_back(static_cast<int>(it - P_.moves.begin()));
      }
      if (st.when_none.s == "end") si.end_if_none = true;
      else if (!st.when_none.s.empty() && st.when_none.s != "pass")
        error(st.when_none.pos, fmt::format("'if_none' is 'pass' or 'end', not '{}'", st.when_none.s));
    }
    P_.steps.push_back(std::move(si));
  }
}

void Checker::check_end() {
  for (auto& ed : doc_.end) {
    EndInfo ei;
    ei.pos = ed.pos;
    CheckedEnd ce;
    begin_frame();
    if (!ed.each.s.empty()) {
      ei.each = true;
      push_local(ed.each.s, Type::Player);
    }
    ce.when = parse(ed.when);
    if (ce.when) expect(*ce.when, Type::Bool, "an end condition");
    ExprP r = parse(ed.result);
    if (r) {
      if (r->kind == ExprKind::Name && r->name == "draw") {
        ei.result = EndInfo::Draw;
      } else if (r->kind == ExprKind::Call && r->name == "win" && r->kids.size() == 1) {
        ei.result = EndInfo::Win;
        expect(*r->kids[0], Type::Player, "the winner");
        ce.arg = std::move(r->kids[0]);
      } else if (r->kind == ExprKind::Call && r->name == "rank" && r->kids.size() == 1) {
        ei.result = EndInfo::Rank;
        if (!ei.each) error(r->pos, "'rank(VALUE)' needs 'each: PLAYER' (the value is computed for every player)");
        expect(*r->kids[0], Type::Int, "a ranking value");
        ce.arg = std::move(r->kids[0]);
      } else if (r->kind == ExprKind::Call && (r->name == "win" || r->name == "rank")) {
        error(r->pos, fmt::format("'{}' takes 1 argument ({}), not {}", r->name, r->name == "win" ? "player" : "int",
                                  r->kids.size()));
      } else if (r->kind == ExprKind::Call || r->kind == ExprKind::Name) {
        error(r->pos, fmt::format("a result is win(PLAYER), draw or rank(VALUE), not '{}{}'", r->name,
                                  r->kind == ExprKind::Call ? "(...)" : ""));
      } else {
        error(r->pos, "a result is win(PLAYER), draw or rank(VALUE)");
      }
    }
    ei.frame = std::max(1, max_slot_);
    P_.ends.push_back(ei);
    out_.ends.push_back(std::move(ce));
  }
}

void Checker::check_display() {
  if (!doc_.has_display) return;
  begin_frame();
  P_.has_display = templ(doc_.display, out_.display);
  P_.display_frame = max_slot_;
}

bool Checker::run(const std::vector<const Document*>& libs) {
  size_t before = diags_.size();
  file_ = doc_.file;
  parser_ = std::make_unique<Parser>(doc_.file, diags_);
  P_.file = doc_.file;
  P_.name = doc_.name.s;
  P_.description = doc_.description.s;
  globals_["me"] = {Sym::Me, 0, Type::Player, {}};
  // the built-in lists (filled in by declare_topology) and the standard library come first, so a rule file
  // that declares one of their names is told so, at its own declaration
  globals_["players"] = {Sym::AllPlayers, -1, Type::Players, {}};
  globals_["sites"] = {Sym::AllSites, -1, Type::Sites, {}};
  for (auto* lib : libs) declare_functions(*lib, true);
  declare_players();
  declare_topology();
  declare_pieces();
  declare_chance();
  declare_functions(doc_, false);
  declare_variables();
  for (size_t f = 0; f < fns_.size(); ++f) check_function(static_cast<int>(f));
  check_attribute_inits();
  check_moves();
  check_turn();
  check_end();
  check_display();
  // initial pieces
  for (size_t k = 0; k < doc_.pieces.size(); ++k) {
    auto& pd = doc_.pieces[k];
    if (!pd.per_player) continue;
    for (int p = 0; p < static_cast<int>(P_.players.size()); ++p) {
      int site = -1;
      auto it = globals_.find(pd.at.s);
      if (it != globals_.end() && (it->second.sym == Sym::Site || it->second.sym == Sym::Zone)) site = it->second.id;
      else if (it != globals_.end() && it->second.sym == Sym::ZoneEach) site = P_.zone_sites[it->second.id][p];
      else {
        if (p == 0) {
          std::vector<std::string> names;
          for (auto& [n, g] : globals_)
            if (g.sym == Sym::Site || g.sym == Sym::Zone || g.sym == Sym::ZoneEach) names.push_back(n);
          error(pd.at.pos, fmt::format("undeclared site or zone '{}'{}", pd.at.s, did_you_mean(pd.at.s, names)));
        }
        continue;
      }
      for (int i = 0; i < *pd.per_player; ++i) P_.pieces.push_back({static_cast<int>(k), p, site});
    }
  }
  if (P_.pieces.size() > 4096) error(doc_.pieces.front().name.pos, "at most 4096 pieces are supported");
  P_.max_stack = std::max<int>(1, static_cast<int>(P_.pieces.size()));
  return diags_.size() == before;
}

}  // namespace

bool check(const Document& doc, const std::vector<const Document*>& libraries, Checked& out, Diagnostics& diags) {
  Checker c(doc, out, diags);
  return c.run(libraries);
}

}  // namespace ri
