// The elaborator's order. See elaborate.hpp.
#include "elaborate/elaborate.hpp"

#include "elaborate/elaborate_impl.hpp"

namespace ri {

bool elaborate(Checked& checked, Diagnostics& diags) {
  const Declarations& d = checked.declared;
  bool ok = elaboration::topology(d, checked.model, diags);
  ok = elaboration::chance(d, checked.model, diags) && ok;
  ok = elaboration::pieces(d, checked.model, diags) && ok;
  return elaboration::position_text(d, checked.model, diags) && ok;
}

}  // namespace ri
