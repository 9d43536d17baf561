// Argument propagation, after inlining: an inlined call (Op::Bind) whose arguments are all read directly (a slot of
// the caller, a constant, `me`, a variable, `home[me]`-style reads) stores nothing: its copy of the body reads those directly instead of the parameters'
// slots, and the nodes that had the call as a kid have the body instead. The Bind node stays where errors look for
// it: the copy's nodes still name it as the call they were inlined for (Program::inlined_in), so an error in the body
// names the same calls as before. Calls that generation remembers (compile/memo.hpp) keep their arguments: they are
// the call's key.
#pragma once
#include "compile/program.hpp"

namespace ri {

// Propagates the arguments of every such call among nodes first .. end - 1 (the copies of bodies included).
void propagate_arguments(Program& P, int first, int end);

}  // namespace ri
