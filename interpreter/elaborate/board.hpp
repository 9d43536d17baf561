// Boards written as text (a rule file's `start`, a position file's `board`), resolved against the checked model:
// every site, piece kind, owner, attribute and value name to its id. Shared by the elaborator (the start board) and
// io/position (position files).
#pragma once
#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <utility>
#include <unordered_map>
#include <vector>

#include "check/model.hpp"
#include "common/suggest.hpp"
#include "common/text.hpp"
#include "syntax/document.hpp"

namespace ri {

// The names of the model's piece kinds, by id.
std::vector<std::string> kind_names(const Model& P);
// The index of `name` in `names`, or -1.
int index_of(const std::vector<std::string>& names, const std::string& name);
// The pieces a board chooses among for a piece of this kind and owner: those of the kind and owner, or for a
// generated kind every piece of the kind (owner -1).
std::pair<int, int> group_of(const Model& P, int kind, int owner);

// The names a board and a position refer to, resolved against one game; every lookup reports what it cannot
// find, with the names it may have meant.
class Names {
 public:
  Names(const Model& P, const SourceFiles& files, Diagnostics& diags) : P_(P), files_(files), diags_(diags) {
    for (int s = 0; s < P.nsites(); ++s) sites_.emplace(P.site_names[s], s);
  }

  void error(Pos p, std::string message) { diags_.error(files_, p, std::move(message)); }

  int site(const Text& t) {
    if (auto it = sites_.find(t.s); it != sites_.end()) return it->second;
    if (index_of(P_.zone_names, t.s) >= 0)
      error(t.pos, fmt::format("'{}' is a zone of each player: write {}[PLAYER]", t.s, t.s));  // (a zone's name)
    else
      error(t.pos, fmt::format("undeclared site '{}'{}", clip(t.s), near_or_list(t.s, P_.site_names)));
    return -1;
  }
  int player(const Text& t) {
    int p = index_of(P_.players, t.s);
    if (p < 0) error(t.pos, fmt::format("undeclared player '{}'{}", clip(t.s), near_or_list(t.s, P_.players)));
    return p;
  }
  int kind(const Text& t) {
    std::vector<std::string> names = kind_names(P_);
    int k = index_of(names, t.s);
    if (k < 0) error(t.pos, fmt::format("undeclared piece kind '{}'{}", clip(t.s), near_or_list(t.s, names)));
    return k;
  }
  int attribute(const Text& t) {
    int a = index_of(P_.attr_names, t.s);
    if (a < 0) error(t.pos, fmt::format("pieces have no attribute '{}'{}", clip(t.s), near_or_list(t.s, P_.attr_names)));
    return a;
  }

  // A whole number that fits in a variable or attribute (32 bits). `what` names what holds it ("attribute 'a'").
  bool int32(const Text& t, const std::string& what, int32_t& out) {
    int64_t v = 0;
    bool digits = !t.s.empty() && t.s.find_first_not_of("0123456789", t.s[0] == '-' ? 1 : 0) == std::string::npos &&
                  t.s != "-";
    if (!digits) {
      error(t.pos, fmt::format("{} is int, not '{}'", what, clip(t.s)));
      return false;
    }
    if (!parse_whole(t.s, v) || v < INT32_MIN || v > INT32_MAX) {
      error(t.pos, fmt::format("{} does not fit in a variable or attribute (32-bit integers)", clip(t.s)));
      return false;
    }
    out = static_cast<int32_t>(v);
    return true;
  }

  // A value of type `type`, written as a position writes it (write_value). `what` names what holds it.
  bool value(const Text& t, Type type, const std::string& what, int32_t& out);

  // The kind of each piece once the position is loaded (KIND#NUMBER must name it so); by default the kind each piece
  // is created with. `kinds` must outlive this.
  void set_kinds(const std::vector<int>* kinds) { kinds_ = kinds; }

 private:
  // The type of a value written so, when it is one of the game's values or a literal; Type::Error otherwise.
  Type type_of(const std::string& s) const;
  // KIND#NUMBER -> the piece, when that piece is of that kind; -1 otherwise.
  int piece(const std::string& s) const;
  // SITE-SITE-... -> the first line (of any family) with those sites; -1 otherwise.
  int line(const std::string& s) const;

  const Model& P_;
  const SourceFiles& files_;
  Diagnostics& diags_;
  std::unordered_map<std::string, int> sites_;
  const std::vector<int>* kinds_ = nullptr;
  int kind_of(int64_t piece) const { return kinds_ ? (*kinds_)[static_cast<size_t>(piece)] : P_.pieces[piece].kind; }
};

// Whose board resolve_board reads: the rule file's start board (checked with the rule file), the same checked for
// its names only (the rule file has generated pieces, made at load: their number is not known yet), or a
// position's.
enum class BoardOf { Start, StartNames, Position };

// A piece a board asks for: of a kind and owner, or a piece by its name (`named`); `piece` is the one it gets (-1:
// none is left).
struct Wanted {
  int kind = -1, owner = -1;
  int named = -1;
  int piece = -1;
};

// Gives each piece wanted, in order, a piece still free (`free`, which it updates): a named one that very piece;
// one of a kind and owner the lowest-numbered of that kind and owner, or of a generated kind the lowest-numbered of
// the kind whatever its owner. With `other_kinds` (a position's board, spec/position.md "The board"), a piece of a
// kind that is not generated for which none is left then takes, in a second pass in order, the lowest-numbered
// free piece of its owner whose kind is neither generated nor named (its kind is then the kind wanted).
void match_pieces(const Model& P, std::vector<Wanted>& wanted, std::vector<bool>& free, bool other_kinds);

// Resolves a board written as text: each site, piece kind, owner and attribute name to its id, each attribute
// value to a 32-bit int, then each piece matched as match_pieces says (a position's with `other_kinds`), in the
// board's order and then that of `off_board` (a position's pieces off the board: matched, not placed). A piece of
// a generated kind takes the owner written; one matched to a piece of another kind gets the kind written. Too few
// free pieces is an error. Appends the places and the attribute values to `out`. Reports every problem at its
// position (Pos::file indexes `files`); false when there was any.
bool resolve_board(const std::vector<BoardSite>& board, const Model& P, BoardOf whose, std::vector<bool>& free,
                   const SourceFiles& files, Diagnostics& diags, Position& out,
                   const std::vector<BoardPiece>* off_board = nullptr);

}  // namespace ri
