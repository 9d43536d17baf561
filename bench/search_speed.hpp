// The speed of the computer players (interpreter/search/): an MCTS search's iterations per second on a game, measured
// in this process, and the table of `ruleinterp_bench --mcts N`.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "runtime/engine.hpp"

namespace bench {

struct SearchFigures {
  int64_t ply = 0;          // the position searched: the first decision with more than one move that random play
                            // from the seed reaches, this many actions from the start
  uint64_t iterations = 0;  // of one search
  uint64_t nodes = 0;       // the tree's nodes at its end
  double seconds = 0, per_s = 0;  // the fastest of the runs
};

// The best of `repeat` searches of `iterations` (mcts:N) from that position of g (random play drawing from
// Prng(seed); none when the game ends first, or after 10,000 actions). g is left at its start.
std::optional<SearchFigures> time_mcts(ri::Game& g, uint64_t iterations, uint64_t seed, int repeat);

// The table's header and a game's row: `| game | ply | iterations | nodes | iterations/s |`.
std::string search_header(size_t name_width);
std::string search_row(size_t name_width, const std::string& name, const std::optional<SearchFigures>& f);

}  // namespace bench
