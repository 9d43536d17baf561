// Perft counts. See perft.hpp and spec/cli.md.
#include "analysis/perft.hpp"

#include <algorithm>

namespace ri {

namespace {

struct Perft {
  Game& g;
  std::vector<MoveList>& lists;  // one per level, allocated once
  std::vector<uint64_t>& counts;
  int depth;

  // Counts the sequences below the current position, which is `ply` plies deep.
  void run(int ply) {
    MoveList& ml = lists[static_cast<size_t>(ply)];
    g.legal(ml);
    if (ply + 1 == depth) {  // the last level: count the actions without playing them
      counts[static_cast<size_t>(depth)] += static_cast<uint64_t>(ml.size);
      return;
    }
    for (int i = 0; i < ml.size; ++i) {
      size_t mark = g.apply(ml[i]);
      ++counts[static_cast<size_t>(ply) + 1];
      run(ply + 1);
      g.undo(mark);
    }
  }
};

}  // namespace

std::vector<uint64_t> perft(Game& g, int depth) {
  std::vector<uint64_t> counts(static_cast<size_t>(std::max(depth, 0)) + 1, 0);
  counts[0] = 1;
  if (depth <= 0) return counts;
  std::vector<MoveList> lists(static_cast<size_t>(depth));
  Perft p{g, lists, counts, depth};
  p.run(0);
  return counts;
}

}  // namespace ri
