// The compiler: lowers the checked, typed ASTs into the Program's flat code.
#pragma once
#include <memory>

#include "check/checker.hpp"
#include "compile/program.hpp"

namespace ri {

// Lowers the checker's output into the program's flat code. The declarations computed at load are not computed yet:
// the pipeline does that next (pipeline/load_eval.hpp).
std::shared_ptr<Program> compile(Checked& checked);

}  // namespace ri
