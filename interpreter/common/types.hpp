// The expression language's static types.
#pragma once
#include <cstdint>
#include <string>

namespace ri {

enum class Type : uint8_t {
  Error,   // a sub-expression that already reported a problem: never reported again
  Void,    // statements
  Int,
  Bool,
  Str,
  Player,
  Site,
  Piece,
  Kind,    // a piece kind (declared in 'pieces')
  Line,    // a line of sites (declared in 'topology.lines')
  None,    // the literal 'none': compares with sites and pieces
  Ints,    // lists
  Sites,
  Players,
  Pieces,
  Lines,
};

inline bool is_list(Type t) {
  return t == Type::Ints || t == Type::Sites || t == Type::Players || t == Type::Pieces || t == Type::Lines;
}

inline Type elem_of(Type list) {
  switch (list) {
    case Type::Ints: return Type::Int;
    case Type::Sites: return Type::Site;
    case Type::Players: return Type::Player;
    case Type::Pieces: return Type::Piece;
    case Type::Lines: return Type::Line;
    default: return Type::Error;
  }
}

inline Type list_of(Type elem) {
  switch (elem) {
    case Type::Int: return Type::Ints;
    case Type::Site: return Type::Sites;
    case Type::Player: return Type::Players;
    case Type::Piece: return Type::Pieces;
    case Type::Line: return Type::Lines;
    default: return Type::Error;
  }
}

inline const char* type_name(Type t) {
  switch (t) {
    case Type::Error: return "error";
    case Type::Void: return "effect";
    case Type::Int: return "int";
    case Type::Bool: return "bool";
    case Type::Str: return "string";
    case Type::Player: return "player";
    case Type::Site: return "site";
    case Type::Piece: return "piece";
    case Type::Kind: return "kind";
    case Type::Line: return "line";
    case Type::None: return "none";
    case Type::Ints: return "ints";
    case Type::Sites: return "sites";
    case Type::Players: return "players";
    case Type::Pieces: return "pieces";
    case Type::Lines: return "lines";
  }
  return "?";
}

// Parses a type name as written in signatures and parameters; Type::Error when unknown.
inline Type parse_type(const std::string& s) {
  if (s == "int") return Type::Int;
  if (s == "bool") return Type::Bool;
  if (s == "string") return Type::Str;
  if (s == "player") return Type::Player;
  if (s == "site") return Type::Site;
  if (s == "piece") return Type::Piece;
  if (s == "kind") return Type::Kind;
  if (s == "line") return Type::Line;
  if (s == "ints") return Type::Ints;
  if (s == "sites") return Type::Sites;
  if (s == "players") return Type::Players;
  if (s == "pieces") return Type::Pieces;
  if (s == "lines") return Type::Lines;
  return Type::Error;
}

}  // namespace ri
