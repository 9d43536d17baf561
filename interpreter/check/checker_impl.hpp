// The checker's internals, shared by its files: checker.cpp (declarations of names, moves, turn, end,
// display), checker_params.cpp (rule-file parameters, structural counts, players), checker_declarations.cpp
// (topology, pieces, variables, chance, functions) and checker_expressions.cpp (name resolution and typing of
// expressions and effects).
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
#include "check/lines.hpp"
#include "runtime/machine.hpp"
#include "syntax/parser.hpp"
#include "runtime/state.hpp"
#include "common/suggest.hpp"

namespace ri::checking {

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
  std::vector<Type> args;  // Type::Error = any list (len/nth/index/unique are checked by hand)
  Type result;
};

inline const std::vector<BuiltinSig>& builtins() {
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
      {"lines_through", Op::LinesThrough, {Type::Site, Type::Void}, Type::Lines},
      {"line_sites", Op::LineSites, {Type::Line}, Type::Sites},
      {"history_len", Op::HistLen, {}, Type::Int},
      {"mover", Op::Mover, {Type::Int}, Type::Player},
      {"last_turn", Op::LastTurn, {Type::Player}, Type::Int},
      {"recorded", Op::Recorded, {Type::Int, Type::Void}, Type::Error},
      {"x_of", Op::XOf, {Type::Site}, Type::Int},
      {"y_of", Op::YOf, {Type::Site}, Type::Int},
      {"site_at", Op::SiteAt, {Type::Int, Type::Int}, Type::Site},
      {"offset", Op::Offset, {Type::Site, Type::Int, Type::Int}, Type::Site},
      {"unique", Op::Unique, {Type::Error}, Type::Error},
      {"slice", Op::Slice, {Type::Error, Type::Int, Type::Int}, Type::Error},
      {"reverse", Op::Reverse, {Type::Error}, Type::Error},
      {"random", Op::Random, {Type::Int}, Type::Int},  // only in 'setup'
      {"all_pieces", Op::KindPieces, {Type::Kind}, Type::Pieces},
  };
  return b;
}

// What the name argument (Type::Void) of a built-in names.
inline const char* name_arg_kind(Op op) {
  return op == Op::Recorded ? "history field" : op == Op::LinesThrough ? "family of lines" : "relation";
}

inline const BuiltinSig* find_builtin(const std::string& n) {
  for (auto& b : builtins())
    if (n == b.name) return &b;
  return nullptr;
}

// "unknown type 'X'", with the type it was probably meant to be, or the list of types.
inline std::string unknown_type(const std::string& t) {
  static const std::vector<std::string> types = {"int",  "bool", "string", "player",  "site",   "piece", "kind",
                                                 "line", "ints", "sites",  "players", "pieces", "lines"};
  std::string dym = did_you_mean(t, types);
  if (!dym.empty()) return fmt::format("unknown type '{}'{}", t, dym);
  return fmt::format("unknown type '{}' (types: int, bool, string, player, site, piece, kind, line, ints, sites, players, "
                     "pieces, lines)", t);
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
  Checker(const Document& d, Checked& o, Diagnostics& g, const std::vector<Text>* expressions = nullptr)
      : doc_(d), out_(o), P_(o.prog), diags_(g), expressions_(expressions) {}

  // libs: the standard library's files; files: the file table every position indexes (Pos::file)
  bool run(const std::vector<const Document*>& libs, const SourceFiles& files);

 private:
  // ---- reporting: in the file the position is in ----
  void error(Pos p, std::string msg) { diags_.error(P_.files, p, std::move(msg)); }
  // "line L, column C" in the same file as `from`, else "FILE:L:C"
  std::string where(Pos p, Pos from) const;

  // ---- declarations ----
  bool declare(const std::string& name, Pos pos, Sym sym, int id, Type type);
  const ImportDecl* imported(Pos p) const;  // the import whose library `p` is in, or null
  int add_list(std::vector<int32_t> items, Type t);
  int add_site(const std::string& name, const std::string& label);
  int site_id(const Text& t, int player);  // resolves a site name in a topology list; -1 after reporting
  void declare_params();
  std::optional<int> count(const Count& c);  // a structural count's value; none after reporting its parameter
  void declare_players();
  void declare_topology();
  void declare_lines();
  // a declaration computed at load (Program::load_items, Checked::load), declared at `name`
  void add_load_item(LoadItem::Kind kind, const Text& name, int id, Pos each_pos);
  void check_load_items();  // their expressions
  void sort_load_items();   // into the order they are computed
  void declare_history();
  Type stored_value(const VarDecl& v, ExprP& e, const char* noun, const char* init);
  void declare_pieces();
  void check_attribute_inits();
  void check_piece_names();
  void declare_variables();
  void declare_chance();
  bool chance_outcomes(const ChanceDecl& c, ChanceInfo& ci);
  void check_chance();
  void declare_functions(const Document& d, bool library);
  void check_function(int f);
  void check_moves();
  void check_turn();
  void check_end();
  void check_invariants();
  void check_setup();
  void check_display();
  void check_hidden();
  void check_expression(const Text& t);

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
  const std::vector<Text>* expressions_;  // extra expressions to check and compile (load_rules'), or null
  std::unique_ptr<Parser> parser_;
  std::unordered_map<std::string, GlobalSym> globals_;
  std::vector<Local> locals_;
  int next_slot_ = 0, max_slot_ = 0;
  bool in_move_ = false;
  bool in_chance_ = false;        // checking a chance event's effects (no extra_turn, continue_turn)
  bool in_setup_ = false;         // checking 'setup' (no extra_turn, continue_turn; the only place for 'random')
  bool in_after_ = false;         // checking a step's 'after' (no extra_turn, continue_turn)
  std::vector<int> chance_ids_;   // per declared chance event: its Program::chance index, or -1 when rejected
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
  // functions whose declaration was reported (bad signature or parameter type): uses of them stay quiet
  std::set<std::string> broken_functions_;
  bool in_domains_ = false;
  int inference_depth_ = 0;  // functions being checked to infer a caller's type
  static constexpr int kMaxInferenceDepth = 32;  // checking a move's parameter domains (its lets do not exist yet)
  const MoveDecl* move_decl_ = nullptr;  // the move being checked (for 'let' definitions used too early)

  // what a global name was declared as, for "already declared as ..."
  std::string kind_of(const std::string& name, const GlobalSym& g) const;
  // names that a misspelt value, function call or move may have meant
  std::vector<std::string> value_names() const;
  std::vector<std::string> function_names() const;
};

}  // namespace ri::checking
