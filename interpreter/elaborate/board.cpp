// Boards written as text, resolved against the model. See board.hpp.
#include "elaborate/board.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>

#include "common/suggest.hpp"
#include "common/text.hpp"

namespace ri {

int index_of(const std::vector<std::string>& names, const std::string& name) {
  auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

std::pair<int, int> group_of(const Model& P, int kind, int owner) {
  return {kind, P.kinds[static_cast<size_t>(kind)].generated ? -1 : owner};
}

std::vector<std::string> kind_names(const Model& P) {
  std::vector<std::string> out;
  for (auto& k : P.kinds) out.push_back(k.name);
  return out;
}

namespace {




const char* plural(int n) { return n == 1 ? "" : "s"; }



// The piece whose name (a kind's `name` template, language.md section 2 (pieces)) is `s`, or -1 (also when `s` names a kind).
int named_piece(const Model& P, const std::string& s) {
  if (P.piece_names.empty()) return -1;
  for (const KindInfo& k : P.kinds)
    if (k.name == s) return -1;
  auto it = std::find(P.piece_names.begin(), P.piece_names.end(), s);
  return it == P.piece_names.end() ? -1 : static_cast<int>(it - P.piece_names.begin());
}

bool is_true(const std::string& s) { return s == "true" || s == "True" || s == "TRUE"; }
bool is_false(const std::string& s) { return s == "false" || s == "False" || s == "FALSE"; }

}  // namespace

int Names::piece(const std::string& s) const {
  if (int named = named_piece(P_, s); named >= 0) return named;
  size_t hash = s.rfind('#');
  if (hash == std::string::npos || hash + 1 == s.size()) return -1;
  int64_t n = 0;
  if (!parse_whole(std::string_view(s).substr(hash + 1), n) || n < 0 || n >= static_cast<int64_t>(P_.pieces.size()))
    return -1;
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
  if (parse_whole(s, v)) return Type::Int;
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
    error(t.pos, fmt::format("{} is {} but '{}' is {}", what, type_name(type), clip(s), type_name(is)));
  } else if (type == Type::Player) {
    player(t);
  } else if (type == Type::Site) {
    site(t);
  } else if (type == Type::Kind) {
    kind(t);
  } else if (type == Type::Piece) {
    size_t hash = s.rfind('#');
    int64_t n = -1;
    if (hash == std::string::npos || !parse_whole(std::string_view(s).substr(hash + 1), n)) n = -1;
    if (n < 0)
      error(t.pos, fmt::format("{} is piece, not '{}' (a piece is written KIND#NUMBER, or none)", what, clip(s)));
    else if (n >= static_cast<int>(P_.pieces.size()))
      error(t.pos, fmt::format("there is no piece '{}': the rule file has {} piece{}", clip(s), P_.pieces.size(),
                               plural(static_cast<int>(P_.pieces.size()))));
    else
      error(t.pos, fmt::format("there is no piece '{}': piece {} is {}#{}", clip(s), n, P_.kinds[P_.pieces[n].kind].name, n));
  } else {
    error(t.pos, fmt::format("{} is {}, not '{}'", what, type_name(type), clip(s)));
  }
  return false;
}

namespace {

// Places the piece a board names ({NAME: OWNER, ATTRIBUTE: VALUE, ...}) on `site`: that piece, given the owner
// written (a piece of a per-player kind must be written with its own owner), with the attributes written.
void place_named(const Model& P, Names& names, BoardOf whose, const BoardPiece& bp, int piece, int site,
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

bool resolve_board(const std::vector<BoardSite>& board, const Model& P, BoardOf whose, std::vector<bool>& free,
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
        names.error(bp.kind.pos, fmt::format("undeclared piece kind or piece '{}'{}", clip(bp.kind.s), near_or_list(bp.kind.s, known)));
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

}  // namespace ri
