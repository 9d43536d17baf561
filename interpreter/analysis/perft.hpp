// Perft: the number of action sequences of each length from a position (spec/cli.md, perft).
#pragma once
#include <cstdint>
#include <vector>

#include "runtime/engine.hpp"

namespace ri {

// counts[d] (d = 1..depth) is the number of action sequences of exactly d plies from g's position: a
// ply is one decision move or one chance outcome (every outcome is a branch, whatever its weight);
// automatic passes are not plies; a finished game is a leaf. counts[0] is 1. Uses apply/undo only,
// one MoveList per level; g is back at its position afterwards (unless a RuntimeError escapes).
std::vector<uint64_t> perft(Game& g, int depth);

}  // namespace ri
