// The symbol table the checker builds: what every global name of a rule file was declared as. It outlives checking
// (Model::symbols), so that expressions can be checked against a finished program without checking the rule file
// again (check_expressions: `ruleinterp eval`, a REPL).
#pragma once
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "common/diagnostics.hpp"
#include "common/types.hpp"
#include "syntax/ast.hpp"

namespace ri {

struct GlobalSym {
  Sym sym;
  int id;
  Type type;
  Pos pos;
  bool library = false;  // declared by the standard library (pos is in its file)
};

struct Symbols {
  std::unordered_map<std::string, GlobalSym> globals;
  std::vector<std::vector<std::string>> param_names;  // per function (Model::functions): its parameters' names
  // functions whose declaration was reported (bad signature or parameter type): uses of them stay quiet
  std::set<std::string> broken_functions;
};

}  // namespace ri
