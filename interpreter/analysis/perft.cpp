// Perft counts. See perft.hpp and spec/cli.md.
#include "analysis/perft.hpp"

#include <algorithm>
#include <exception>
#include <memory>

#include "analysis/parallel.hpp"

namespace ri {

namespace {

// The positions a thread is handed out per thread, at least, where the tree is cut.
constexpr uint64_t kTasksPerThread = 8;

// What one worker counts with: its game, its move lists (one per level, each allocated when first reached) and its
// counts.
struct Perft {
  Game& g;
  std::vector<std::unique_ptr<MoveList>>& lists;
  std::vector<uint64_t>& counts;
  int depth;

  // Counts the sequences below the current position, which is `ply` plies deep.
  void run(int ply) {
    if (ply + 1 == depth) {  // the last level: count the actions without playing them
      counts[static_cast<size_t>(depth)] += static_cast<uint64_t>(g.legal_count());
      return;
    }
    std::unique_ptr<MoveList>& level = lists[static_cast<size_t>(ply)];
    if (!level) level = std::make_unique<MoveList>();
    MoveList& ml = *level;
    g.legal(ml);
    for (int i = 0; i < ml.size; ++i) {
      size_t mark = g.apply(ml[i]);
      ++counts[static_cast<size_t>(ply) + 1];
      run(ply + 1);
      g.undo(mark);
    }
  }
};

// A position below the root: the actions that lead there.
using Path = std::vector<Move>;

// Where the tree is cut: the positions `ply` plies below the root, in the order a single thread visits them, and the
// runtime error met while cutting (null when none), which a single thread meets after the subtrees of all of them.
struct Cut {
  std::vector<Path> paths{Path{}};
  int ply = 0;
  std::exception_ptr error;
};

// Cuts the tree ply after ply, on g (a copy: a failure may leave it anywhere), until there are `wanted` positions or
// the next ply is the last; counts[1..ply] are the numbers of positions at the plies passed.
Cut cut(Game g, int depth, uint64_t wanted, std::vector<uint64_t>& counts) {
  Cut c;
  auto ml = std::make_unique<MoveList>();
  while (c.paths.size() < wanted && c.ply + 1 < depth) {
    std::vector<Path> next;
    for (const Path& p : c.paths) {
      size_t mark = g.machine().mark();
      try {
        for (const Move& m : p) g.apply(m);
        g.legal(*ml);
      } catch (...) {  // after the subtrees of the positions listed in `next`, before those of the later ones
        c.error = std::current_exception();
        next.swap(c.paths);
        ++c.ply;
        return c;
      }
      for (const Move& m : *ml) {
        next.push_back(p);
        next.back().push_back(m);
      }
      g.undo(mark);
    }
    next.swap(c.paths);
    counts[static_cast<size_t>(++c.ply)] = c.paths.size();
  }
  return c;
}

// Counts the sequences below the position at `path` into `counts`, on g, which is left at its position.
void count_below(Game& g, const Path& path, int ply, std::vector<std::unique_ptr<MoveList>>& lists,
                 std::vector<uint64_t>& counts, int depth) {
  size_t mark = g.machine().mark();
  for (const Move& m : path) g.apply(m);
  Perft{g, lists, counts, depth}.run(ply);
  g.undo(mark);
}

}  // namespace

std::vector<uint64_t> perft(Game& g, int depth, int threads, const ProgressFn* progress) {
  std::vector<uint64_t> counts(static_cast<size_t>(std::max(depth, 0)) + 1, 0);
  counts[0] = 1;
  if (depth <= 0) return counts;
  const uint64_t cut_for = static_cast<uint64_t>(progress ? std::max(threads, 8) : threads);
  Cut c = cut_for > 1 ? cut(g, depth, kTasksPerThread * cut_for, counts) : Cut{};
  const int workers = worker_count(c.paths.size(), threads);
  WorkerGames games(g, workers);
  std::vector<std::vector<std::unique_ptr<MoveList>>> lists(static_cast<size_t>(workers));
  std::vector<std::vector<uint64_t>> sums(static_cast<size_t>(workers), std::vector<uint64_t>(counts.size(), 0));
  for (auto& l : lists) l.resize(static_cast<size_t>(depth));
  run_tasks(c.paths.size(), workers, [&](int w, uint64_t i) {
    count_below(games[w], c.paths[i], c.ply, lists[static_cast<size_t>(w)], sums[static_cast<size_t>(w)], depth);
  }, progress);
  if (c.error) std::rethrow_exception(c.error);
  for (const auto& s : sums)
    for (size_t d = static_cast<size_t>(c.ply) + 1; d < counts.size(); ++d) counts[d] += s[d];
  return counts;
}

std::vector<uint64_t> perft_shard(Game& g, int depth, int shard, int shards, int threads, const ProgressFn* progress) {
  std::vector<uint64_t> counts(static_cast<size_t>(depth) + 1, 0);
  counts[0] = 1;
  MoveList root;
  g.legal(root);
  const auto mine = static_cast<uint64_t>(root.size >= shard ? (root.size - shard) / shards + 1 : 0);
  for (int r = shard - 1; r < root.size; r += shards) {
    ++counts[1];
    if (progress) (*progress)(counts[1] - 1, mine);
    if (depth == 1) continue;
    const size_t mark = g.apply(root[r]);
    std::vector<uint64_t> below;
    try {
      below = perft(g, depth - 1, threads);
    } catch (...) {
      g.undo(mark);
      throw;
    }
    g.undo(mark);
    for (int d = 1; d < depth; ++d) counts[static_cast<size_t>(d) + 1] += below[static_cast<size_t>(d)];
  }
  if (progress) (*progress)(mine, mine);
  return counts;
}

}  // namespace ri
