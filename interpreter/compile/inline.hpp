// Inlining, the compiler's last pass: a call of a small function that cannot reach itself through calls becomes a
// copy of the function's body (an Op::Bind node: the arguments, evaluated in order and then stored in the slots the
// callee's frame would have had, then the copy, its slots moved up by the caller's frame). The result is the same;
// a call costs no frame switch and no evaluation step, and an error in the copy names the calls it was inlined for
// (Program::inline_chain).
#pragma once
#include "compile/program.hpp"

namespace ri {

// Inlines the calls of the whole program: function bodies first (callees before callers), then the other code.
// Decides which functions are inlinable and which recursive (Program::inlinable, Program::recursive) and grows the
// frames the copies need. A recursive function's calls of itself in the tail position of its body (the body, a
// branch of an `if` or the body of a `let` there) become Op::TailCall (Program::tail_calls): the runtime reuses the
// frame for them.
void inline_calls(Program& P);

// Inlines the calls among nodes first .. end - 1 (code compiled after inline_calls, e.g. `eval`'s expressions).
void inline_calls_from(Program& P, int first, int end);

}  // namespace ri
