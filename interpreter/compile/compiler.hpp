// The compiler: lowers the checked, typed ASTs into the Program's flat code.
#pragma once
#include <memory>

#include "check/checker.hpp"
#include "compile/program.hpp"

namespace ri {

// Lowers the checker's output into the program's flat code. The declarations computed at load are not computed yet:
// the pipeline does that next (pipeline/load_eval.hpp).
std::shared_ptr<Program> compile(Checked& checked);

// A copy of `base` with the expressions that check_expressions checked against it compiled too: their nodes follow
// base's code, Program::expressions lists them.
std::shared_ptr<Program> compile_expressions(const Program& base, Checked& checked);

}  // namespace ri
