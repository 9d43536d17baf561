// The whole pipeline for one rule file: read -> load (YAML; a variant with its bases; imports) -> check -> compile ->
// compute the declarations computed at load. The composition root: the only stage that includes every other.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "compile/program.hpp"
#include "common/diagnostics.hpp"
#include "syntax/params.hpp"

namespace ri {

// The whole pipeline for one rule file: read, load (YAML, with the bases a variant extends: variants.hpp),
// check, compile. Reports every problem and returns null when there is any. The standard library is embedded
// in the binary: its prelude always included, its other files when the rule file imports them (imports.hpp).
// load_rules_text reads bases relative to the directory of `path`, and only rule files in the tree of that directory
// (or of LoadOptions::allowed_dirs: syntax/file_access.hpp).
// With `expressions`, those expressions are checked and compiled too, against the rule file's names, each as the
// text of a file of its own (named kExpressionFile, or "<expression N>" when there are several):
// Program::expressions holds their nodes (each node's type is its expression's).
std::shared_ptr<const Program> load_rules(const std::string& path, Diagnostics& diags,
                                          const std::vector<std::string>* expressions = nullptr);
std::shared_ptr<const Program> load_rules_text(const std::string& path, const std::string& text, Diagnostics& diags,
                                               const std::vector<std::string>* expressions = nullptr);

// What load_rules takes besides the rule file.
struct LoadOptions {
  // expressions to check and compile with the rule file (see above), or null
  const std::vector<std::string>* expressions = nullptr;
  // values for the rule file's parameters, in place of their defaults (language.md, section 2 (params))
  ParamValues params;
  // A value the rule file cannot take (params.hpp: setting_errors) is a bad argument of the caller, not a problem
  // of the rule file: its message is appended here and load_rules returns null without checking the rules (nor
  // reporting anything in `diags`). Null: such messages are reported in `diags`, without a position.
  std::vector<std::string>* param_errors = nullptr;
  // Directories whose trees hold rule files the rule file may extend, besides the tree of its own directory (the
  // command line's --allow-dir; syntax/file_access.hpp). A base elsewhere, or not named *.rules, is not read.
  std::vector<std::string> allowed_dirs;
  // The directory of the games shipped with the interpreter (`ruleinterp` gives its rules/), whose tree is allowed
  // too, so that the shipped variants extend the shipped games; "" for none.
  std::string shipped_dir;
  // Also report the warnings of a rule file without errors (check/warnings.hpp; `ruleinterp check`). A warning does
  // not make load_rules return null: with warnings only, `diags` is not empty and the program is returned.
  bool warnings = false;
};
std::shared_ptr<const Program> load_rules(const std::string& path, Diagnostics& diags, const LoadOptions& options);
std::shared_ptr<const Program> load_rules_text(const std::string& path, const std::string& text, Diagnostics& diags,
                                               const LoadOptions& options);

// Expressions checked and compiled against a loaded program, with its symbol table (Model::symbols), without loading
// the rule file again: a copy of `base` whose Program::expressions holds their nodes, or null after reporting their
// problems (each expression is a file of its own, as above).
std::shared_ptr<const Program> add_expressions(const Program& base, const std::vector<std::string>& expressions,
                                               Diagnostics& diags);

// The name diagnostics give the file of load_rules' only expression.
inline constexpr const char* kExpressionFile = "<expression>";

}  // namespace ri
