// Evaluating the rule file's invariants in a game's position. See invariants.hpp.
#include "runtime/invariants.hpp"

#include <fmt/format.h>

namespace ri {

int broken_invariant(Game& g) {
  const Program& P = g.prog();
  if (P.invariants.empty()) return -1;
  Machine& M = g.machine();
  M.begin_operation();
  for (size_t i = 0; i < P.invariants.size(); ++i)
    if (M.evaluate(P.invariants[i].node).i == 0) return static_cast<int>(i);
  return -1;
}

std::string invariant_message(const Program& p, int invariant, long long actions) {
  return fmt::format("invariant '{}' does not hold after {} action{}", p.invariants.at(static_cast<size_t>(invariant)).name,
                     actions, actions == 1 ? "" : "s");
}

}  // namespace ri
