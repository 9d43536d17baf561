// The typed AST: what the parser builds from the parse tree, once. Every node carries its file position;
// the checker fills in `type` and the resolution fields (`sym`, `slot`, `id`).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/diagnostics.hpp"
#include "common/types.hpp"
#include "syntax/operations.hpp"

namespace ri {

enum class ExprKind : uint8_t {
  Int, Bool, Str, None,
  Name,       // an identifier: resolved by the checker
  Call,       // name(args)
  Index,      // kids[0][kids[1]]
  Field,      // kids[0].name
  Neg, Not,
  Binary,     // op: kids[0] op kids[1]
  If,         // kids: cond, then, else
  Let,        // name = kids[0]; kids[1]
  Aggregate,  // agg(name in kids[0] (where kids[1])? (: kids[2])?): kids[1] and kids[2] may be null
  List,       // [kids...]
  Range,      // kids[0]..kids[1]
};

// A binary operator, loosest first (spec/language.md: precedence).
enum class BinOp : uint8_t { Or, And, Eq, Ne, Lt, Le, Gt, Ge, In, NotIn, Concat, Add, Sub, Mul, Div, Mod };

// How the operator is written.
inline const char* spelling(BinOp op) {
  static const char* const s[] = {"or", "and", "==", "!=", "<", "<=", ">", ">=", "in", "not in", "++", "+", "-", "*", "/", "%"};
  return s[static_cast<int>(op)];
}

enum class StmtKind : uint8_t { If, For, While, Let, Set, Block, Call };

// What a name or a call resolved to (filled by the checker).
enum class Sym : uint8_t {
  Unresolved,
  Local,        // slot
  LazyLocal,    // a move's 'let': slot, evaluated on first use; id = let index
  Move,         // id = move index (a name that is not a value)
  Global,       // id = variable index
  PerPlayer,    // id = variable index (needs [player])
  Me,
  Player,       // id
  Site,         // id
  Zone,         // id = site (shared zone)
  ZoneEach,     // id = zone index (needs [player])
  Region,       // id = constant list
  TrackEach,    // id = track index (needs [player])
  AllPlayers, AllSites, AllPieces,
  CannotMove,   // the built-in name cannot_move
  GameOver,     // the built-in name game_over
  Continuing,   // the built-in name continuing
  Kind,         // id
  Builtin,      // id = Builtin (an expression) or Effect (a statement): a row of operations.def
  Function,     // id = function index
  Relation,     // id
  Lines,        // id = family of lines
  HistoryField, // id = field index
  Param,        // id = rule-file parameter (Program::params): an int constant
};

struct Expr;
using ExprP = std::unique_ptr<Expr>;

struct Expr {
  ExprKind kind;
  Pos pos;
  std::string name;  // an identifier: Name, the callee of Call, the field of Field, the variable of Let and Aggregate
  std::string text;  // Str: the literal's characters
  int64_t ival = 0;  // Int, Bool
  BinOp op = BinOp::Or;              // Binary
  Aggregate agg = Aggregate::any;    // Aggregate
  bool overflow = false;             // Int: the literal does not fit in 64 bits (the checker reports it)
  std::vector<ExprP> kids;
  // filled by the checker
  Type type = Type::Error;
  Sym sym = Sym::Unresolved;
  int id = -1;
  int slot = -1;
};

struct Stmt;
using StmtP = std::unique_ptr<Stmt>;

struct Stmt {
  StmtKind kind;
  Pos pos;
  std::string name;            // for/let variable, call name
  std::vector<ExprP> exprs;    // If, While: cond; For: domain, where?; Let: value; Set: target, value; Call: args
  std::vector<StmtP> body;     // If: then, else?; For/While/Let: body; Block: statements
  bool has_where = false;
  // filled by the checker
  Sym sym = Sym::Unresolved;
  int id = -1;
  int slot = -1;
};

// A parsed template ("{from}-{to}"): literal text and expressions, alternating.
struct Template {
  std::vector<std::string> literals;  // literals.size() == exprs.size() + 1
  std::vector<ExprP> exprs;
};

}  // namespace ri
