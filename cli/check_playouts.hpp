// `ruleinterp check --playouts N`: random playouts of a rule file that passed the check, its invariants evaluated
// after the setup and after every action (spec/cli.md, check; language.md, section 2 (`invariants`)). The games are
// the library's (analysis/invariant_playouts.hpp); this prints what they found.
#pragma once
#include <memory>
#include <string>

#include "analysis/invariant_playouts.hpp"

namespace ri::cli {

// Plays the playouts of `check --playouts` on `prog` (loaded from `file`, the path as given). When every invariant
// holds everywhere and nothing fails, prints the summary line and how the games went on stdout, appends the warnings
// about them to `warnings` (playout_warnings: with `base`, a variant's base loaded on its own, whose games are played
// with the same seeds to compare with) and returns true. Otherwise stops at the first invariant that does not hold,
// or the first runtime error of the rule file (an invariant's too), prints it on stderr and the playout's game as a
// move log on stdout, and returns false.
bool check_playouts(const std::shared_ptr<const Program>& prog, const std::string& file, const PlayoutCheck& opts,
                    const std::shared_ptr<const Program>& base, Diagnostics& warnings);

}  // namespace ri::cli
