// Position files: resolving a board or a position against a game, and writing a game's state. See position.hpp.
#include "io/position.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <string_view>
#include <unordered_map>

#include "common/suggest.hpp"

namespace ri {
namespace {

template <class T>
int index_of(const std::vector<T>& names, const std::string& name) {
  auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

std::vector<std::string> kind_names(const Program& P) {
  std::vector<std::string> out;
  for (auto& k : P.kinds) out.push_back(k.name);
  return out;
}

// The names a board and a position refer to, resolved against one game; every lookup reports what it cannot
// find, with the names it may have meant.
class Names {
 public:
  Names(const Program& P, const SourceFiles& files, Diagnostics& diags) : P_(P), files_(files), diags_(diags) {
    for (int s = 0; s < P.nsites(); ++s) sites_.emplace(P.site_names[s], s);
  }

  void error(Pos p, std::string message) { diags_.error(files_, p, std::move(message)); }

  int site(const Text& t) {
    if (auto it = sites_.find(t.s); it != sites_.end()) return it->second;
    if (index_of(P_.zone_names, t.s) >= 0)
      error(t.pos, fmt::format("'{}' is a zone of each player: write {}[PLAYER]", t.s, t.s));
    else
      error(t.pos, fmt::format("undeclared site '{}'{}", t.s, near_or_list(t.s, P_.site_names)));
    return -1;
  }
  int player(const Text& t) {
    int p = index_of(P_.players, t.s);
    if (p < 0) error(t.pos, fmt::format("undeclared player '{}'{}", t.s, near_or_list(t.s, P_.players)));
    return p;
  }
  int kind(const Text& t) {
    std::vector<std::string> names = kind_names(P_);
    int k = index_of(names, t.s);
    if (k < 0) error(t.pos, fmt::format("undeclared piece kind '{}'{}", t.s, near_or_list(t.s, names)));
    return k;
  }
  int attribute(const Text& t) {
    int a = index_of(P_.attr_names, t.s);
    if (a < 0) error(t.pos, fmt::format("pieces have no attribute '{}'{}", t.s, near_or_list(t.s, P_.attr_names)));
    return a;
  }

  // A whole number that fits in a variable or attribute (32 bits). `what` names what holds it ("attribute 'a'").
  bool int32(const Text& t, const std::string& what, int32_t& out) {
    int64_t v = 0;
    const char* end = t.s.data() + t.s.size();
    auto [ptr, ec] = std::from_chars(t.s.data(), end, v);
    if (t.s.empty() || ptr != end || ec == std::errc::invalid_argument) {
      error(t.pos, fmt::format("{} is int, not '{}'", what, t.s));
      return false;
    }
    if (ec == std::errc::result_out_of_range || v < INT32_MIN || v > INT32_MAX) {
      error(t.pos, fmt::format("{} does not fit in a variable or attribute (32-bit integers)", t.s));
      return false;
    }
    out = static_cast<int32_t>(v);
    return true;
  }

  // A value of type `type`, written as a position writes it (write_value). `what` names what holds it.
  bool value(const Text& t, Type type, const std::string& what, int32_t& out);

 private:
  // The type of a value written so, when it is one of the game's values or a literal; Type::Error otherwise.
  Type type_of(const std::string& s) const;
  // KIND#NUMBER -> the piece, when that piece is of that kind; -1 otherwise.
  int piece(const std::string& s) const;
  // SITE-SITE-... -> the first line (of any family) with those sites; -1 otherwise.
  int line(const std::string& s) const;

  const Program& P_;
  const SourceFiles& files_;
  Diagnostics& diags_;
  std::unordered_map<std::string, int> sites_;
};

const char* plural(int n) { return n == 1 ? "" : "s"; }

// A whole number written in decimal, within 64 bits.
bool whole_number(const std::string& s, int64_t& v) {
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return !s.empty() && ec == std::errc() && ptr == s.data() + s.size();
}

// The pieces a board chooses among for a piece of this kind and owner: those of the kind and owner, or for a
// generated kind every piece of the kind (owner -1).
std::pair<int, int> group_of(const Program& P, int kind, int owner) {
  return {kind, P.kinds[static_cast<size_t>(kind)].generated ? -1 : owner};
}

// The piece whose name (a kind's `name` template, language.md section 4.5) is `s`, or -1 (also when `s` names a kind).
int named_piece(const Program& P, const std::string& s) {
  if (P.piece_names.empty()) return -1;
  for (const KindInfo& k : P.kinds)
    if (k.name == s) return -1;
  auto it = std::find(P.piece_names.begin(), P.piece_names.end(), s);
  return it == P.piece_names.end() ? -1 : static_cast<int>(it - P.piece_names.begin());
}

bool is_true(const std::string& s) { return s == "true" || s == "True" || s == "TRUE"; }
bool is_false(const std::string& s) { return s == "false" || s == "False" || s == "FALSE"; }

int Names::piece(const std::string& s) const {
  if (int named = named_piece(P_, s); named >= 0) return named;
  size_t hash = s.rfind('#');
  if (hash == std::string::npos || hash + 1 == s.size()) return -1;
  int n = 0;
  const char* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data() + hash + 1, end, n);
  if (ec != std::errc() || ptr != end || n < 0 || n >= static_cast<int>(P_.pieces.size())) return -1;
  return P_.kinds[P_.pieces[n].kind].name == s.substr(0, hash) ? n : -1;
}

int Names::line(const std::string& s) const {
  for (size_t l = 0; l < P_.line_sites.size(); ++l) {
    std::string written;
    for (int32_t site : P_.lists[P_.line_sites[l]]) written += (written.empty() ? "" : "-") + P_.site_names[site];
    if (written == s) return static_cast<int>(l);
  }
  return -1;
}

Type Names::type_of(const std::string& s) const {
  int64_t v;
  if (auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v); !s.empty() && ptr == s.data() + s.size())
    return Type::Int;
  if (is_true(s) || is_false(s)) return Type::Bool;
  if (s == "none") return Type::None;
  if (index_of(P_.players, s) >= 0) return Type::Player;
  if (sites_.count(s)) return Type::Site;
  if (index_of(kind_names(P_), s) >= 0) return Type::Kind;
  if (piece(s) >= 0) return Type::Piece;
  if (line(s) >= 0) return Type::Line;
  return Type::Error;
}

bool Names::value(const Text& t, Type type, const std::string& what, int32_t& out) {
  const std::string& s = t.s;
  int found = -1;
  switch (type) {
    case Type::Int:
      return int32(t, what, out);
    case Type::Bool:
      found = is_true(s) ? 1 : is_false(s) ? 0 : -1;
      break;
    case Type::Player:
      found = index_of(P_.players, s);
      break;
    case Type::Site:
      found = s == "none" ? -2 : sites_.count(s) ? sites_.at(s) : -1;
      break;
    case Type::Piece:
      found = s == "none" ? -2 : piece(s);
      break;
    case Type::Kind:
      found = index_of(kind_names(P_), s);
      break;
    case Type::Line:
      found = line(s);
      break;
    default:
      break;
  }
  if (found != -1) {
    out = found == -2 ? -1 : found;  // none is -1
    return true;
  }
  Type is = type_of(s);
  if (is != Type::Error) {
    error(t.pos, fmt::format("{} is {} but '{}' is {}", what, type_name(type), s, type_name(is)));
  } else if (type == Type::Player) {
    player(t);
  } else if (type == Type::Site) {
    site(t);
  } else if (type == Type::Kind) {
    kind(t);
  } else if (type == Type::Piece) {
    size_t hash = s.rfind('#');
    int n = -1;
    if (hash != std::string::npos) std::from_chars(s.data() + hash + 1, s.data() + s.size(), n);
    if (n < 0)
      error(t.pos, fmt::format("{} is piece, not '{}' (a piece is written KIND#NUMBER, or none)", what, s));
    else if (n >= static_cast<int>(P_.pieces.size()))
      error(t.pos, fmt::format("there is no piece '{}': the rule file has {} piece{}", s, P_.pieces.size(),
                               plural(static_cast<int>(P_.pieces.size()))));
    else
      error(t.pos, fmt::format("there is no piece '{}': piece {} is {}#{}", s, n, P_.kinds[P_.pieces[n].kind].name, n));
  } else {
    error(t.pos, fmt::format("{} is {}, not '{}'", what, type_name(type), s));
  }
  return false;
}

}  // namespace

namespace {

// Places the piece a board names ({NAME: OWNER, ATTRIBUTE: VALUE, ...}) on `site`: that piece, given the owner
// written (a piece of a per-player kind must be written with its own owner), with the attributes written.
void place_named(const Program& P, Names& names, BoardOf whose, const BoardPiece& bp, int piece, int site,
                 std::vector<bool>& free, Position& out) {
  int owner = names.player(bp.owner);
  std::vector<Position::Attr> attrs;
  for (auto& [name, value] : bp.attributes) {
    int a = names.attribute(name);
    int32_t v = 0;
    if (names.int32(value, fmt::format("attribute '{}'", name.s), v) && a >= 0) attrs.push_back({piece, a, v});
  }
  const PieceInit& pi = P.pieces[static_cast<size_t>(piece)];
  bool generated = P.kinds[static_cast<size_t>(pi.kind)].generated;
  if (site < 0 || owner < 0 || (generated && whose == BoardOf::StartNames)) return;
  if (!generated && owner != pi.owner) {
    names.error(bp.owner.pos, fmt::format("piece '{}' belongs to '{}', not '{}'", bp.kind.s, P.players[pi.owner],
                                          bp.owner.s));
    return;
  }
  if (!free[static_cast<size_t>(piece)]) {
    names.error(bp.kind.pos, fmt::format("piece '{}' is already on the board", bp.kind.s));
    return;
  }
  free[static_cast<size_t>(piece)] = false;
  out.places.push_back({piece, site, generated ? owner : -1});
  out.attrs.insert(out.attrs.end(), attrs.begin(), attrs.end());
}

}  // namespace

bool resolve_board(const std::vector<BoardSite>& board, const Program& P, BoardOf whose, std::vector<bool>& free,
                   const SourceFiles& files, Diagnostics& diags, Position& out) {
  size_t before = diags.size();
  Names names(P, files, diags);
  // the pieces of each kind and owner, and how many the board places (with the first one too many)
  struct Group {
    std::vector<int> pieces;  // in creation order
    size_t next = 0;          // the first that may still be free
    int placed = 0;
    Pos first_excess;
  };
  std::map<std::pair<int, int>, Group> groups;
  for (size_t i = 0; i < P.pieces.size(); ++i)
    groups[group_of(P, P.pieces[i].kind, P.pieces[i].owner)].pieces.push_back(static_cast<int>(i));
  for (const BoardSite& bs : board) {
    int site = names.site(bs.site);
    for (const BoardPiece& bp : bs.pieces) {
      // a piece written by its name ({AS: Solo}): that very piece
      if (int named = named_piece(P, bp.kind.s); named >= 0) {
        place_named(P, names, whose, bp, named, site, free, out);
        continue;
      }
      if (!P.piece_names.empty() && index_of(kind_names(P), bp.kind.s) < 0) {  // neither a kind nor a piece's name
        std::vector<std::string> known = kind_names(P);
        for (const std::string& n : P.piece_names)
          if (!n.empty()) known.push_back(n);
        names.error(bp.kind.pos, fmt::format("undeclared piece kind or piece '{}'{}", bp.kind.s, near_or_list(bp.kind.s, known)));
        continue;
      }
      int kind = names.kind(bp.kind), owner = names.player(bp.owner);
      std::vector<Position::Attr> attrs;
      for (auto& [name, value] : bp.attributes) {
        int a = names.attribute(name);
        int32_t v = 0;
        if (names.int32(value, fmt::format("attribute '{}'", name.s), v) && a >= 0) attrs.push_back({-1, a, v});
      }
      if (site < 0 || kind < 0 || owner < 0) continue;
      bool generated = P.kinds[static_cast<size_t>(kind)].generated;
      if (generated && whose == BoardOf::StartNames) continue;  // placed at load, once its pieces are made
      Group& g = groups[group_of(P, kind, owner)];
      while (g.next < g.pieces.size() && !free[static_cast<size_t>(g.pieces[g.next])]) ++g.next;
      ++g.placed;
      if (g.next == g.pieces.size()) {
        if (g.first_excess.line == 0) g.first_excess = bp.kind.pos;
        continue;
      }
      int piece = g.pieces[g.next];
      free[static_cast<size_t>(piece)] = false;
      out.places.push_back({piece, site, generated ? owner : -1});
      for (auto& a : attrs) out.attrs.push_back({piece, a.attr, a.value});
    }
  }
  for (auto& [key, g] : groups) {
    if (g.first_excess.line == 0) continue;
    const std::string& kind = P.kinds[key.first].name;
    int n = static_cast<int>(g.pieces.size());
    if (key.second < 0) {  // a generated kind
      std::string placed = fmt::format("places {} '{}' piece{}", g.placed, kind, plural(g.placed));
      int at = static_cast<int>(std::count_if(g.pieces.begin(), g.pieces.end(), [&](int p) { return P.pieces[p].site >= 0; }));
      if (whose == BoardOf::Position)
        names.error(g.first_excess, fmt::format("the position {}; the rule file has {}", placed, n));
      else if (at == n)
        names.error(g.first_excess, fmt::format("the start board {}; 'pieces.{}' makes {} and puts all of them on the "
                                                "board with 'at' (let 'at' be none to place them on the start board)",
                                                placed, kind, n));
      else if (at > 0)
        names.error(g.first_excess, fmt::format("the start board {}; 'pieces.{}' makes {} and puts {} of them on the "
                                                "board with 'at'",
                                                placed, kind, n, at));
      else
        names.error(g.first_excess, fmt::format("the start board {}; 'pieces.{}' makes {}", placed, kind, n));
      continue;
    }
    std::string placed =
        fmt::format("places {} '{}' piece{} of '{}'", g.placed, kind, plural(g.placed), P.players[key.second]);
    if (whose == BoardOf::Position)
      names.error(g.first_excess, fmt::format("the position {}; the rule file has {}", placed, n));
    else if (n > 0 && P.pieces[g.pieces[0]].site >= 0)
      names.error(g.first_excess, fmt::format("the start board {}; 'pieces.{}' puts all {} per player at '{}' (leave "
                                              "out 'at' to place them on the start board)",
                                              placed, kind, n, P.site_names[P.pieces[g.pieces[0]].site]));
    else
      names.error(g.first_excess, fmt::format("the start board {}; 'pieces.{}' has {} per player", placed, kind, n));
  }
  return diags.size() == before;
}

bool parse_position(std::shared_ptr<const SourceFile> file, const Program& P, Position& out, Diagnostics& diags) {
  PositionDecl d;
  if (!load_position_document(file, d, diags)) return false;
  size_t before = diags.size();
  SourceFiles files{file};
  Names names(P, files, diags);
  out = Position{};
  // the parameters the position is for: the game's must have those values
  std::vector<std::string> param_names;
  for (const RuleParam& p : P.params) param_names.push_back(p.name);
  for (auto& [name, value] : d.params) {
    int i = index_of(param_names, name.s);
    int64_t v = 0;
    if (i < 0)
      names.error(name.pos, fmt::format("undeclared parameter '{}'{}", name.s, near_or_list(name.s, param_names)));
    else if (!whole_number(value.s, v))
      names.error(value.pos, fmt::format("parameter '{}' is a whole number, not '{}'", name.s, value.s));
    else if (v != P.params[static_cast<size_t>(i)].value)
      names.error(value.pos, fmt::format("the position is for {}={}, but the rules are loaded with {}={}", name.s, v,
                                         name.s, P.params[static_cast<size_t>(i)].value));
  }
  if (d.player.pos.line) out.player = std::max(0, names.player(d.player));
  const int nsteps = static_cast<int>(P.steps.size());
  if (d.step.pos.line) {
    int32_t step = -1;
    auto [ptr, ec] = std::from_chars(d.step.s.data(), d.step.s.data() + d.step.s.size(), step);
    if (ec != std::errc() || ptr != d.step.s.data() + d.step.s.size() || step < 0 || step >= nsteps)
      names.error(d.step.pos, fmt::format("'step' is the index of a step of 'turn', 0 to {} (the turn has {} step{}), "
                                          "not '{}'",
                                          nsteps - 1, nsteps, plural(nsteps), d.step.s));
    else
      out.step = step;
  }
  if (d.turn.pos.line) {
    int32_t turn = 0;
    auto [ptr, ec] = std::from_chars(d.turn.s.data(), d.turn.s.data() + d.turn.s.size(), turn);
    if (ec != std::errc() || ptr != d.turn.s.data() + d.turn.s.size() || turn < 1)
      names.error(d.turn.pos, fmt::format("'turn' is a whole number from 1 to 2147483647, not '{}'", d.turn.s));
    else
      out.turn = turn;
  }
  std::vector<bool> free(P.pieces.size(), true);
  resolve_board(d.board, P, BoardOf::Position, free, files, diags, out);
  std::vector<std::string> var_names;
  for (const VarInfo& v : P.vars) var_names.push_back(v.name);
  for (auto& [key, value] : d.variables) {
    // NAME or NAME[PLAYER]
    size_t open = key.s.find('[');
    std::string name = key.s.substr(0, open);
    int v = index_of(var_names, name);
    if (v < 0) {
      names.error(key.pos, fmt::format("undeclared variable '{}'{}", name, near_or_list(name, var_names)));
      continue;
    }
    const VarInfo& vi = P.vars[static_cast<size_t>(v)];
    int player = 0;
    if (open == std::string::npos) {
      if (vi.per_player) {
        names.error(key.pos, fmt::format("'{}' has a value for each player: write {}[PLAYER]", name, name));
        continue;
      }
    } else if (!vi.per_player) {
      names.error(key.pos, fmt::format("'{}' is not a per-player variable: write {}", name, name));
      continue;
    } else if (key.s.back() != ']') {
      names.error(key.at(open), fmt::format("expected '{}[PLAYER]', not '{}'", name, key.s));
      continue;
    } else {
      Text who{key.s.substr(open + 1, key.s.size() - open - 2), key.at(open + 1), {}};
      if ((player = names.player(who)) < 0) continue;
    }
    int32_t v32 = 0;
    if (names.value(value, vi.type, fmt::format("variable '{}'", name), v32))
      out.vars.push_back({vi.offset + player, v32});
  }
  out.over = d.over;
  if (d.winners_pos.line && !d.over) names.error(d.winners_pos, "'winners' needs 'over: true'");
  for (const Text& w : d.winners) {
    int p = names.player(w);
    if (p < 0) continue;
    if (out.winners & (1u << p)) names.error(w.pos, fmt::format("'{}' is listed twice", w.s));
    out.winners |= 1u << p;
  }
  return diags.size() == before;
}

bool read_position_params(const std::string& path, ParamValues& out, Diagnostics& diags) {
  std::string text;
  if (!read_source(path, kMaxSourceBytes, text, diags)) return false;
  auto file = std::make_shared<SourceFile>(path, std::move(text));
  PositionDecl d;
  if (!load_position_document(file, d, diags)) return false;
  size_t before = diags.size();
  for (auto& [name, value] : d.params) {
    int64_t v = 0;
    if (whole_number(value.s, v)) out.push_back({name.s, v});
    else diags.error(file, value.pos, fmt::format("parameter '{}' is a whole number, not '{}'", name.s, value.s));
  }
  return diags.size() == before;
}

bool read_position(const std::string& path, const Program& P, Position& out, Diagnostics& diags) {
  std::string text;
  if (!read_source(path, kMaxSourceBytes, text, diags)) return false;
  return parse_position(std::make_shared<SourceFile>(path, std::move(text)), P, out, diags);
}

namespace {

// A YAML scalar: plain when that reads back as the same text, else single-quoted.
std::string scalar(const std::string& s) {
  bool plain = !s.empty() &&
               (std::isalnum(static_cast<unsigned char>(s[0])) || s[0] == '_' || s[0] == '.' || s[0] == '/') &&
               s != "null" && s != "Null" && s != "NULL";
  for (char c : s)
    plain = plain && (std::isalnum(static_cast<unsigned char>(c)) ||
                      std::string_view("_-[]#./").find(c) != std::string_view::npos);
  if (plain) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// The number each piece has once the written position is loaded: the pieces on the board, in site order and
// bottom to top, take the lowest numbers of their kind and owner (of a generated kind: of their kind), the pieces
// off the board the rest in order. (A
// piece whose kind or owner changed during the game may have none: it keeps its own.)
std::vector<int> loaded_numbers(const Program& P, const State& S) {
  std::map<std::pair<int, int>, std::pair<std::vector<int>, size_t>> groups;  // pieces in creation order, next
  for (size_t i = 0; i < P.pieces.size(); ++i)
    groups[group_of(P, P.pieces[i].kind, P.pieces[i].owner)].first.push_back(static_cast<int>(i));
  std::vector<int> number(P.pieces.size(), -1);
  auto take = [&](int piece, int kind, int owner) {
    if (!P.piece_names.empty() && !P.piece_names[static_cast<size_t>(piece)].empty()) return;  // written by its name
    auto it = groups.find(group_of(P, kind, owner));
    if (it != groups.end() && it->second.second < it->second.first.size())
      number[static_cast<size_t>(piece)] = it->second.first[it->second.second++];
  };
  for (int s = 0; s < P.nsites(); ++s)
    for (int h = 0; h < S.count[s]; ++h) {
      int p = S.stack[static_cast<size_t>(s) * S.cap + h];
      take(p, S.kind[p], S.owner[p]);
    }
  for (size_t p = 0; p < P.pieces.size(); ++p)
    if (S.site[p] < 0) take(static_cast<int>(p), P.pieces[p].kind, P.pieces[p].owner);
  for (size_t p = 0; p < number.size(); ++p)
    if (number[p] < 0) number[p] = static_cast<int>(p);
  return number;
}

// A variable's value as a position writes it: like a template shows it (spec/language.md, section 10.5), but a
// site by its name (a per-player zone as NAME[PLAYER]) and a piece by the number it has once loaded.
std::string write_value(const Program& P, const State& S, const std::vector<int>& number, Type t, int32_t v) {
  auto in = [&](size_t n) { return v >= 0 && static_cast<size_t>(v) < n; };
  switch (t) {
    case Type::Int:
      return std::to_string(v);
    case Type::Bool:
      return v ? "true" : "false";
    case Type::Player:
      return in(P.players.size()) ? scalar(P.players[v]) : "none";
    case Type::Site:
      return in(P.site_names.size()) ? scalar(P.site_names[v]) : "none";
    case Type::Kind:
      return in(P.kinds.size()) ? scalar(P.kinds[v].name) : "none";
    case Type::Piece:
      if (!in(P.pieces.size())) return "none";
      if (!P.piece_names.empty() && !P.piece_names[static_cast<size_t>(v)].empty()) return scalar(P.piece_names[v]);
      return scalar(fmt::format("{}#{}", P.kinds[S.kind[v]].name, number[v]));
    case Type::Line: {
      if (!in(P.line_sites.size())) return "none";
      std::string out;
      for (int32_t s : P.lists[P.line_sites[v]]) out += (out.empty() ? "" : "-") + P.site_names[s];
      return scalar(out);
    }
    default:
      return std::to_string(v);
  }
}

// {KIND: OWNER, ATTRIBUTE: VALUE, ...} ({NAME: OWNER, ...} for a piece with a name): the attributes the piece's kind
// declares, then any other that is not 0.
std::string write_piece(const Program& P, const State& S, int p) {
  const KindInfo& k = P.kinds[S.kind[p]];
  bool named = !P.piece_names.empty() && !P.piece_names[static_cast<size_t>(p)].empty();
  std::string out = fmt::format("{{{}: {}", scalar(named ? P.piece_names[p] : k.name), scalar(P.players[S.owner[p]]));
  auto attr = [&](int a) { return S.attrs[static_cast<size_t>(p) * S.nattrs + a]; };
  for (int a : k.attrs) out += fmt::format(", {}: {}", scalar(P.attr_names[a]), attr(a));
  for (int a = 0; a < S.nattrs; ++a)
    if (attr(a) != 0 && std::find(k.attrs.begin(), k.attrs.end(), a) == k.attrs.end())
      out += fmt::format(", {}: {}", scalar(P.attr_names[a]), attr(a));
  return out + "}";
}

}  // namespace

std::string write_position(const Game& g, const std::string& rules) {
  const Program& P = g.prog();
  const State& S = g.state();
  std::vector<int> number = loaded_numbers(P, S);
  std::string out;
  if (!rules.empty()) out += fmt::format("rules: {}\n", scalar(rules));
  if (!P.params.empty()) {
    std::string list;
    for (const RuleParam& p : P.params) list += fmt::format("{}{}: {}", list.empty() ? "" : ", ", p.name, p.value);
    out += fmt::format("params: {{{}}}\n", list);
  }
  out += fmt::format("player: {}\nstep: {}\nturn: {}\n", scalar(P.players[S.player]), S.step, S.turn);
  std::string board;
  for (int s = 0; s < P.nsites(); ++s) {
    if (S.count[s] == 0) continue;
    std::string stack;
    for (int h = 0; h < S.count[s]; ++h)
      stack += (h ? ", " : "") + write_piece(P, S, S.stack[static_cast<size_t>(s) * S.cap + h]);
    board += fmt::format("  {}: {}\n", scalar(P.site_names[s]), S.count[s] == 1 ? stack : "[" + stack + "]");
  }
  out += board.empty() ? "board: {}\n" : "board:\n" + board;
  if (!P.vars.empty()) out += "variables:\n";
  for (const VarInfo& v : P.vars)
    for (int p = 0; p < (v.per_player ? P.nplayers() : 1); ++p)
      out += fmt::format("  {}{}: {}\n", v.name, v.per_player ? "[" + P.players[p] + "]" : "",
                         write_value(P, S, number, v.type, S.vars[static_cast<size_t>(v.offset + p)]));
  if (S.over) {
    std::string winners;
    for (int p = 0; p < P.nplayers(); ++p)
      if (S.winners & (1u << p)) winners += (winners.empty() ? "" : ", ") + scalar(P.players[p]);
    out += fmt::format("over: true\nwinners: [{}]\n", winners);
  }
  return out;
}

}  // namespace ri
