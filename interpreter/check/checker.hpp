// The checker: builds the symbol tables and topology from a Document, parses every expression, resolves
// every name to a slot or an id and gives every expression its type. It reports every problem it finds.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "syntax/ast.hpp"
#include "syntax/document.hpp"
#include "check/declarations.hpp"
#include "check/model.hpp"
#include "check/symbols.hpp"

namespace ri {

struct CheckedFunction {
  ExprP body;
};

struct CheckedParam {
  ExprP domain;  // null: the type's whole domain
};

struct CheckedRequire {
  ExprP check;
};

struct CheckedMove {
  std::vector<CheckedParam> params;
  std::vector<ExprP> lets;  // lets[i]->slot is its slot
  std::vector<int> let_slots;
  std::vector<CheckedRequire> requires_;
  std::vector<StmtP> effects;
  std::vector<CheckedRequire> ensures;
  std::vector<Template> notation;
  std::vector<ExprP> record;  // per history field; null: the field's default
};

struct CheckedChance {
  ExprP computed;              // null: declared outcomes
  std::vector<StmtP> effects;
};

struct CheckedEnd {
  ExprP when, arg;
  Template message;  // when the rule has one (EndInfo::has_message)
  Template reason;   // when the rule has one (EndInfo::has_reason)
};

// A declaration computed at load (Model::load_items, same index): its expressions.
struct CheckedLoad {
  ExprP list;   // the region's sites, or the list 'each' ranges over
  ExprP value;  // a relation's 'to', the pieces' 'at'
  ExprP owner;  // the pieces' 'owner'
};

// The checker's output: the model (the program's names and declarations; the elaborator adds the tables of
// `declared`) and the typed, resolved ASTs the compiler lowers into code.
struct Checked {
  Model model;
  std::vector<CheckedFunction> functions;
  std::vector<CheckedMove> moves;
  std::vector<ExprP> var_inits;
  std::vector<ExprP> history_defaults;
  std::vector<std::vector<ExprP>> attr_inits;  // per kind, per attribute
  std::vector<Template> piece_names;           // per kind: its pieces' name (KindInfo::named says whether it has one)
  std::vector<CheckedChance> chance;  // per Model::chance
  std::vector<ExprP> step_when;       // per step; null: always taken
  std::vector<std::vector<StmtP>> step_after;  // per step: its 'after' statements
  std::vector<CheckedEnd> ends;
  std::vector<ExprP> invariants;   // per Model::invariants
  Template display;
  Template summary;
  Template prompt;  // game.prompt (empty: none)
  ExprP hidden_when;  // 'hidden.when' (null: no 'hidden')
  ExprP evaluation_value;  // 'evaluation.value' (null: no 'evaluation')
  std::vector<StmtP> setup;
  std::vector<ExprP> expressions;  // check_expressions' (null where one failed to parse)
  std::vector<CheckedLoad> load;   // per Model::load_items
  Declarations declared;           // the topology, dice and pieces, for the elaborator
};

// Checks a rule file (and the standard library's functions, which come first). `files` is the table the
// positions of `doc` and the libraries index (Pos::file); it becomes Model::files. The model keeps the symbol table
// (Model::symbols). Returns false when any problem was reported; `out` is only meaningful when it returns true.
bool check(const Document& doc, const std::vector<const Document*>& libraries, const SourceFiles& files, Checked& out,
           Diagnostics& diags);

// Checks expressions against a checked model, with its symbol table, without checking the rule file again: each as
// if written in a function without parameters (any type, every global name, `me`). `files` is the model's file table
// with the expressions' files after it (their Text positions index it). `out.model` becomes a copy of `model` that
// also holds the expressions' strings; `out.expressions` holds their typed ASTs (null where one failed to parse).
bool check_expressions(const Model& model, const SourceFiles& files, const std::vector<Text>& expressions, Checked& out,
                       Diagnostics& diags);

}  // namespace ri
