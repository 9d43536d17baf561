// The checker's internals, shared by its files: checker.cpp (declarations of names, moves, turn, end,
// display), checker_params.cpp (rule-file parameters, structural counts, players), checker_declarations.cpp
// (topology, pieces, variables, chance, functions), checker_load.cpp (declarations computed at load and their order)
// and checker_expressions.cpp (name resolution and typing of expressions and effects, by the rows of
// syntax/operations.def).
#pragma once
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "check/checker.hpp"
#include "common/limits.hpp"
#include "common/suggest.hpp"
#include "common/text.hpp"
#include "syntax/operations.hpp"
#include "syntax/parser.hpp"

namespace ri::checking {

// What the name argument (ArgKind::Relation, Family, Field) of a built-in names.
inline const char* name_arg_kind(ArgKind k) {
  return k == ArgKind::Field ? "history field" : k == ArgKind::Family ? "family of lines" : "relation";
}

// The kind of code being checked, which decides what it may do (Context).
enum class Code : uint8_t { Init, Function, Load, Move, Chance, Setup, After, StepWhen, End, Invariant, Display, Hidden,
                            Evaluation, Expression };

// The code being checked: its kind, and for a move the declaration (a 'let' used before its definition is reported
// by name) and whether its parameters' domains are being checked (no 'let' exists yet). `me` is a player in all of
// them: the mover (Move, Chance, After, StepWhen), the first player (Setup, Load, Init), the player to move (End,
// Invariant, Expression) or the viewer (Display, Hidden); a function's body means whatever its caller's does.
struct Context {
  Code code = Code::Init;
  const MoveDecl* move = nullptr;
  bool domains = false;

  // extra_turn and continue_turn: only a move's effects request them
  bool allows(Where w) const { return w == Where::Anywhere || (w == Where::Move ? code == Code::Move : code == Code::Setup); }
  // how a message names the code, for effects it may not use
  const char* description() const {
    return code == Code::Setup ? "'setup'" : code == Code::After ? "a step's 'after'" : "the effects of a chance";
  }
};

// "unknown type 'X'", with the type it was probably meant to be, or the list of types.
inline std::string unknown_type(const std::string& t) {
  static const std::vector<std::string> types = {"int",  "bool", "string", "player",  "site",   "piece", "kind",
                                                 "line", "ints", "sites",  "players", "pieces", "lines"};
  std::string dym = did_you_mean(t, types);
  if (!dym.empty()) return fmt::format("unknown type '{}'{}", t, dym);
  return fmt::format("unknown type '{}' (types: int, bool, string, player, site, piece, kind, line, ints, sites, players, "
                     "pieces, lines)", t);
}

// Whether the expression's type comes only from where it stands: an empty list literal '[]', an 'if' both of whose
// branches are such, a 'let' whose body is one, the '++' of two such.
inline bool needs_context(const Expr& e) {
  switch (e.kind) {
    case ExprKind::List: return e.kids.empty();
    case ExprKind::If: return needs_context(*e.kids[1]) && needs_context(*e.kids[2]);
    case ExprKind::Let: return needs_context(*e.kids[1]);
    case ExprKind::Binary: return e.op == BinOp::Concat && needs_context(*e.kids[0]) && needs_context(*e.kids[1]);
    default: return false;
  }
}

inline bool comparable(Type a, Type b) {
  if (a == b) return a != Type::Void && !is_list(a);
  if (a == Type::None) return b == Type::Site || b == Type::Piece;
  if (b == Type::None) return a == Type::Site || a == Type::Piece;
  return false;
}

// unify for if-branches: none joins sites and pieces
inline Type join(Type a, Type b) {
  if (a == b) return a;
  if (a == Type::None && (b == Type::Site || b == Type::Piece)) return b;
  if (b == Type::None && (a == Type::Site || a == Type::Piece)) return a;
  return Type::Error;
}

// Why a declared name cannot be written in an expression, or "" when it can: letters, digits and '_', not
// starting with a digit, and not a keyword.
inline std::string bad_name(const std::string& s) {
  static const char* keywords[] = {"let", "in", "if", "then", "else", "and", "or", "not",
                                   "true", "false", "none", "where", "set", "for", "while"};
  for (auto* k : keywords)
    if (s == k) return fmt::format("'{}' is a keyword and cannot be a name", s);
  bool ok = !s.empty() && !std::isdigit(static_cast<unsigned char>(s[0]));
  for (char c : s) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (ok) return "";
  return fmt::format("'{}' cannot be a name: use letters, digits and '_', not starting with a digit", s);
}

// The variable of an 'each' that did not parse, when it starts with one ("s of cells": s), so that the expressions
// using it are not reported too; "" otherwise.
inline std::string leading_name(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n"), e = b;
  while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
  return b == std::string::npos || e == b ? std::string() : s.substr(b, e - b);
}

class Checker {
 public:
  Checker(const Document& d, Checked& o, Diagnostics& g)
      : doc_(d), out_(o), P_(o.model), D_(o.declared), diags_(g) {}

  // libs: the standard library's files; files: the file table every position indexes (Pos::file)
  bool run(const std::vector<const Document*>& libs, const SourceFiles& files);
  // Checks expressions against the finished model out.model (a copy of a checked one, with its symbols), each as if
  // written in a function without parameters: any type, every global name.
  bool run_expressions(const std::vector<Text>& expressions);

 private:
  // ---- reporting: in the file the position is in ----
  void error(Pos p, std::string msg) { diags_.error(P_.files, p, std::move(msg)); }
  // "line L, column C" in the same file as `from`, else "FILE:L:C"
  std::string where(Pos p, Pos from) const;

  // ---- declarations ----
  bool declare(const std::string& name, Pos pos, Sym sym, int id, Type type);
  const ImportDecl* imported(Pos p) const;  // the import whose library `p` is in, or null
  int add_site(const std::string& name, const std::string& label);
  int site_id(const Text& t, int player);  // resolves a site name in a topology list; -1 after reporting
  void declare_params();
  std::optional<int> count(const Count& c);  // a structural count's value; none after reporting its problem
  std::optional<int64_t> constant(const Expr& e);  // a count expression's value; none after reporting
  void declare_players();
  void declare_topology();
  void declare_lines();
  // a declaration computed at load (Model::load_items, Checked::load), declared at `name`
  void add_load_item(LoadItem::Kind kind, const Text& name, int id, Pos each_pos);
  void check_load_items();  // their expressions
  void sort_load_items();   // into the order they are computed
  void check_load_order();  // that each reads only those computed before it
  // The computed declarations an expression reads, directly or through the functions it calls.
  struct LoadRef {
    int item;    // Model::load_items index
    Pos at;      // where it is read
    Pos called;  // the call, in the expression, of the function that reads it ({} when read directly)
  };
  void load_refs(const Expr& e, Pos called, std::vector<LoadRef>& out, std::vector<char>& visiting);
  int load_item_of(LoadItem::Kind kind, int id) const;
  void declare_history();
  Type stored_value(const VarDecl& v, ExprP& e, const char* noun, const char* init);
  void declare_pieces();
  void check_attribute_inits();
  void check_piece_names();
  void declare_variables();
  void declare_chance();
  bool chance_outcomes(const ChanceDecl& c, ChanceInfo& ci, ResolvedDice& dice);
  void check_chance();
  void declare_functions(const Document& d, bool library);
  void check_function(int f);
  void check_moves();
  void check_turn();
  void check_end();
  void check_invariants();
  void check_queries();
  void check_setup();
  void check_display();
  void check_hidden();
  void check_evaluation();
  void check_expression(const Text& t);

  // ---- expressions ----
  Type expr(Expr& e);
  // expr(e) where a value of type `want` is expected: a list type there is the type of an empty list literal '[]'
  // in e (also in an 'if' branch, a 'let' body or a '++' operand of e)
  Type expr_as(Expr& e, Type want);
  Type expect(Expr& e, Type want, const char* what);
  Type call(Expr& e);
  Type builtin_call(Expr& e, const Operation& b);
  Type list_builtin_call(Expr& e, const Operation& b);
  Type name_arg_call(Expr& e, const Operation& b);
  void check_style(const Expr& style);  // the styles of styled() written out
  Type name(Expr& e);
  Type aggregate(Expr& e);
  void stmt(Stmt& s);
  int push_local(const std::string& name, Type t, Sym sym = Sym::Local, int id = -1);
  void pop_locals(size_t n) { locals_.resize(n); }
  struct Local {
    std::string name;
    int slot;
    Type type;
    Sym sym;
    int id;
  };

  // While it lives, the checker checks code of its context in a frame of its own, with no local name; size() is the
  // number of slots the code uses so far. The caller's context, frame and local names are restored after.
  class Frame {
   public:
    Frame(Checker& c, Context ctx);
    ~Frame();
    Frame(const Frame&) = delete;
    Frame& operator=(const Frame&) = delete;
    int size() const { return c_.max_slot_; }

   private:
    Checker& c_;
    Context ctx_;
    std::vector<Local> locals_;
    int next_ = 0, max_ = 0;
  };
  bool templ(const Text& t, Template& out);
  ExprP parse(const Text& t) { return parser_->expr(t); }
  // the hint for a type error about `e` when it is the quoted part of a value written half-quoted, else ""
  std::string quoted(const Expr& e) const { return e.kind == ExprKind::Str ? parser_->half_quoted_hint(e.pos) : ""; }


  const Document& doc_;
  Checked& out_;
  Model& P_;
  Declarations& D_;  // what the elaborator turns into the model's tables
  Diagnostics& diags_;
  std::unique_ptr<Parser> parser_;
  Symbols symbols_;
  std::unordered_map<std::string, GlobalSym>& globals_ = symbols_.globals;
  std::vector<Local> locals_;
  int next_slot_ = 0, max_slot_ = 0;
  Context ctx_;  // the code being checked
  Type want_ = Type::Error;  // the type expr_as expects of the expression checked next (taken by expr)
  std::vector<int> chance_ids_;   // per declared chance event: its Model::chance index, or -1 when rejected
  std::map<int, std::pair<std::string, Type>> each_vars_;  // generated kinds: the 'each' variable and its type
  bool generated_names_ = false;  // grid sites: their names follow the grid's pattern
  int move_lets_known_ = 0;  // lets of the current move with a known type
  std::vector<Type> let_types_;

  // functions: declaration info kept until bodies are checked
  struct FnDecl {
    const FuncDecl* decl;
    std::vector<std::string> param_names;
    Pos pos;
    bool declared_result = false;
    int state = 0;  // 0 unchecked, 1 in progress, 2 done
  };
  std::vector<FnDecl> fns_;
  std::set<std::string>& broken_functions_ = symbols_.broken_functions;
  int inference_depth_ = 0;  // functions being checked to infer a caller's type
  static constexpr int kMaxInferenceDepth = 32;

  // what a global name was declared as, for "already declared as ..."
  std::string kind_of(const std::string& name, const GlobalSym& g) const;
  // names that a misspelt value, function call or move may have meant
  std::vector<std::string> value_names() const;
  std::vector<std::string> function_names() const;
};

}  // namespace ri::checking
