// The rule file's invariants (language.md, section 2 (invariants)) evaluated in a game's position: what
// `ruleinterp check --playouts` and `ruleinterp replay` check after the setup and after every action.
#pragma once
#include <string>

#include "runtime/engine.hpp"

namespace ri {

// The index (into Program::invariants) of the first invariant, in the order written, that does not hold in g's
// position, or -1 when every one holds (or there is none). One game operation, each invariant a top-level
// evaluation with `me` = the player to move; a runtime error of an invariant is thrown (RuntimeError).
int broken_invariant(Game& g);

// "invariant 'NAME' does not hold after N actions": the message of a violation found after `actions` actions.
std::string invariant_message(const Program& p, int invariant, long long actions);

}  // namespace ri
