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
  return P_.kinds[kind_of(n)].name == s.substr(0, hash) ? n : -1;
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
      error(t.pos, fmt::format("there is no piece '{}': piece {} is {}#{}", clip(s), n, P_.kinds[kind_of(n)].name, n));
  } else {
    error(t.pos, fmt::format("{} is {}, not '{}'", what, type_name(type), clip(s)));
  }
  return false;
}

void match_pieces(const Model& P, std::vector<Wanted>& wanted, std::vector<bool>& free, bool other_kinds) {
  struct Group {
    std::vector<int> pieces;  // in creation order
    size_t next = 0;          // the first that may still be free
  };
  auto take = [&](Group& g) {
    while (g.next < g.pieces.size() && !free[static_cast<size_t>(g.pieces[g.next])]) ++g.next;
    if (g.next == g.pieces.size()) return -1;
    int p = g.pieces[g.next];
    free[static_cast<size_t>(p)] = false;
    return p;
  };
  std::map<std::pair<int, int>, Group> groups;
  for (size_t i = 0; i < P.pieces.size(); ++i)
    groups[group_of(P, P.pieces[i].kind, P.pieces[i].owner)].pieces.push_back(static_cast<int>(i));
  for (Wanted& w : wanted) {
    w.piece = -1;
    if (w.named >= 0) {
      if (free[static_cast<size_t>(w.named)]) {
        free[static_cast<size_t>(w.named)] = false;
        w.piece = w.named;
      }
    } else if (auto it = groups.find(group_of(P, w.kind, w.owner)); it != groups.end()) {
      w.piece = take(it->second);
    }
  }
  if (!other_kinds) return;
  // what is left: per owner, the pieces of a kind neither generated nor named, whatever their kind
  std::map<int, Group> spare;
  for (size_t i = 0; i < P.pieces.size(); ++i) {
    const KindInfo& k = P.kinds[static_cast<size_t>(P.pieces[i].kind)];
    if (!k.generated && !k.named) spare[P.pieces[i].owner].pieces.push_back(static_cast<int>(i));
  }
  for (Wanted& w : wanted)
    if (w.piece < 0 && w.named < 0 && !P.kinds[static_cast<size_t>(w.kind)].generated)
      if (auto it = spare.find(w.owner); it != spare.end()) w.piece = take(it->second);
}

bool resolve_board(const std::vector<BoardSite>& board, const Model& P, BoardOf whose, std::vector<bool>& free,
                   const SourceFiles& files, Diagnostics& diags, Position& out, const std::vector<BoardPiece>* off_board) {
  size_t before = diags.size();
  Names names(P, files, diags);
  // every piece written, resolved (those with a problem left out), in the order written, then matched to the pieces
  struct Item {
    const BoardPiece* bp;
    int site;  // -1: off the board
    std::vector<Position::Attr> attrs;
  };
  std::vector<Item> items;
  std::vector<Wanted> wanted;
  auto resolve = [&](const BoardPiece& bp, int site) {
    std::vector<Position::Attr> attrs;
    auto attributes = [&](int piece) {
      for (auto& [name, value] : bp.attributes) {
        int a = names.attribute(name);
        int32_t v = 0;
        if (names.int32(value, fmt::format("attribute '{}'", name.s), v) && a >= 0) attrs.push_back({piece, a, v});
      }
    };
    // a piece written by its name ({AS: Solo}): that very piece, given the owner written (a piece of a per-player
    // kind must be written with its own owner)
    if (int named = named_piece(P, bp.kind.s); named >= 0) {
      int owner = names.player(bp.owner);
      attributes(named);
      const PieceInit& pi = P.pieces[static_cast<size_t>(named)];
      bool generated = P.kinds[static_cast<size_t>(pi.kind)].generated;
      if (site == -2 || owner < 0 || (generated && whose == BoardOf::StartNames)) return;
      if (!generated && owner != pi.owner) {
        names.error(bp.owner.pos, fmt::format("piece '{}' belongs to '{}', not '{}'", bp.kind.s, P.players[pi.owner],
                                              bp.owner.s));
        return;
      }
      items.push_back({&bp, site, std::move(attrs)});
      wanted.push_back({pi.kind, owner, named});
      return;
    }
    if (!P.piece_names.empty() && index_of(kind_names(P), bp.kind.s) < 0) {  // neither a kind nor a piece's name
      std::vector<std::string> known = kind_names(P);
      for (const std::string& n : P.piece_names)
        if (!n.empty()) known.push_back(n);
      names.error(bp.kind.pos, fmt::format("undeclared piece kind or piece '{}'{}", clip(bp.kind.s), near_or_list(bp.kind.s, known)));
      return;
    }
    int kind = names.kind(bp.kind), owner = names.player(bp.owner);
    attributes(-1);
    if (site == -2 || kind < 0 || owner < 0) return;
    if (P.kinds[static_cast<size_t>(kind)].generated && whose == BoardOf::StartNames) return;  // placed at load
    items.push_back({&bp, site, std::move(attrs)});
    wanted.push_back({kind, owner});
  };
  for (const BoardSite& bs : board) {
    int site = names.site(bs.site);
    for (const BoardPiece& bp : bs.pieces) resolve(bp, site < 0 ? -2 : site);
  }
  if (off_board)
    for (const BoardPiece& bp : *off_board) resolve(bp, -1);
  match_pieces(P, wanted, free, whose == BoardOf::Position);
  // the pieces placed; of those too many, the first of each kind and owner (of a generated kind: of each kind)
  std::map<std::pair<int, int>, Pos> excess;
  std::vector<Pos> owner_first(P.players.size());  // a position's: the first piece too many of each owner
  for (size_t i = 0; i < items.size(); ++i) {
    const Wanted& w = wanted[i];
    const Item& it = items[i];
    if (w.piece < 0) {
      if (w.named >= 0) names.error(it.bp->kind.pos, fmt::format("piece '{}' is already on the board", it.bp->kind.s));
      else excess.try_emplace(group_of(P, w.kind, w.owner), it.bp->kind.pos);
      if (w.named < 0 && owner_first[static_cast<size_t>(w.owner)].line == 0)
        owner_first[static_cast<size_t>(w.owner)] = it.bp->kind.pos;
      continue;
    }
    bool generated = P.kinds[static_cast<size_t>(w.kind)].generated;
    int created = P.pieces[static_cast<size_t>(w.piece)].kind;
    out.places.push_back({w.piece, it.site, generated ? w.owner : -1, w.kind == created ? -1 : w.kind});
    for (const Position::Attr& a : it.attrs) out.attrs.push_back({w.piece, a.attr, a.value});
  }
  // a problem of too many pieces is reported once per owner (a position's) or per kind and owner
  std::vector<bool> owner_reported(P.players.size(), false);
  for (auto& [key, first] : excess) {
    auto count = [&](auto&& pred) {
      return static_cast<int>(std::count_if(wanted.begin(), wanted.end(), [&](const Wanted& w) { return w.named < 0 && pred(w); }));
    };
    auto created = [&](auto&& pred) {
      return static_cast<int>(std::count_if(P.pieces.begin(), P.pieces.end(), pred));
    };
    const std::string& kind = P.kinds[key.first].name;
    std::vector<int> group;
    for (size_t i = 0; i < P.pieces.size(); ++i)
      if (group_of(P, P.pieces[i].kind, P.pieces[i].owner) == key) group.push_back(static_cast<int>(i));
    int n = static_cast<int>(group.size());
    int placed_n = count([&](const Wanted& w) { return group_of(P, w.kind, w.owner) == key; });
    if (key.second < 0) {  // a generated kind
      std::string placed = fmt::format("places {} '{}' piece{}", placed_n, kind, plural(placed_n));
      int at = static_cast<int>(std::count_if(group.begin(), group.end(), [&](int p) { return P.pieces[p].site >= 0; }));
      if (whose == BoardOf::Position)
        names.error(first, fmt::format("the position {}; the rule file has {}", placed, n));
      else if (at == n)
        names.error(first, fmt::format("the start board {}; 'pieces.{}' makes {} and puts all of them on the "
                                       "board with 'at' (let 'at' be none to place them on the start board)",
                                       placed, kind, n));
      else if (at > 0)
        names.error(first, fmt::format("the start board {}; 'pieces.{}' makes {} and puts {} of them on the "
                                       "board with 'at'",
                                       placed, kind, n, at));
      else
        names.error(first, fmt::format("the start board {}; 'pieces.{}' makes {}", placed, kind, n));
      continue;
    }
    const int owner = key.second;
    std::string placed = fmt::format("places {} '{}' piece{} of '{}'", placed_n, kind, plural(placed_n), P.players[owner]);
    if (whose != BoardOf::Position) {
      if (n > 0 && P.pieces[group[0]].site >= 0)
        names.error(first, fmt::format("the start board {}; 'pieces.{}' puts all {} per player at '{}' (leave "
                                       "out 'at' to place them on the start board)",
                                       placed, kind, n, P.site_names[P.pieces[group[0]].site]));
      else
        names.error(first, fmt::format("the start board {}; 'pieces.{}' has {} per player", placed, kind, n));
      continue;
    }
    // a position's piece may take a piece of another kind of its owner: there were too few pieces of the owner
    if (owner_reported[owner]) continue;
    owner_reported[owner] = true;
    auto ungenerated = [&](int k) { return !P.kinds[static_cast<size_t>(k)].generated; };
    int written = count([&](const Wanted& w) { return w.owner == owner && ungenerated(w.kind); });
    int has = created([&](const PieceInit& pi) { return pi.owner == owner && ungenerated(pi.kind); });
    bool one_kind = written == placed_n && has == n;
    if (one_kind || written <= has) {  // (fewer written than the owner has: too few of the kind, the others named)
      names.error(first, fmt::format("the position {}; the rule file has {}", placed, n));
      continue;
    }
    std::string kinds;
    for (size_t k = 0; k < P.kinds.size(); ++k)
      if (int c = count([&](const Wanted& w) { return w.owner == owner && w.kind == static_cast<int>(k); }); c > 0)
        kinds += fmt::format("{}{} '{}'", kinds.empty() ? "" : ", ", c, P.kinds[k].name);
    names.error(owner_first[static_cast<size_t>(owner)],
                fmt::format("the position places {} pieces of '{}' ({}); the rule file has {}", written,
                                   P.players[owner], kinds, has));
  }
  return diags.size() == before;
}

}  // namespace ri
