// The compiler: lowers the checked, typed ASTs into the Program's flat code.
#pragma once
#include <memory>

#include "checker.hpp"
#include "program.hpp"

namespace ri {

// Consumes the checker's output and returns the finished program.
std::shared_ptr<const Program> compile(Checked&& checked);

// The whole pipeline for one rule file: read, load (YAML, with the bases a variant extends: variants.hpp),
// check, compile. Reports every problem and returns null when there is any. The standard library is embedded
// in the binary and always included. load_rules_text reads bases relative to the directory of `path`.
// With `expression`, that expression is checked and compiled too, against the rule file's names, as the text of a
// file named kExpressionFile: Program::expression is its node (the node's type is the expression's).
std::shared_ptr<const Program> load_rules(const std::string& path, Diagnostics& diags,
                                          const std::string* expression = nullptr);
std::shared_ptr<const Program> load_rules_text(const std::string& path, const std::string& text, Diagnostics& diags,
                                               const std::string* expression = nullptr);

// The name diagnostics give the file of load_rules' `expression`.
inline constexpr const char* kExpressionFile = "<expression>";

}  // namespace ri
