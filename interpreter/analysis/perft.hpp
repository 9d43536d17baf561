// Perft: the number of action sequences of each length from a position (spec/cli.md, perft).
#pragma once
#include <cstdint>
#include <vector>

#include "analysis/progress.hpp"
#include "runtime/engine.hpp"

namespace ri {

// counts[d] (d = 1..depth) is the number of action sequences of exactly d plies from g's position: a
// ply is one decision move or one chance outcome (every outcome is a branch, whatever its weight);
// automatic passes are not plies; a finished game is a leaf. counts[0] is 1. Uses apply/undo only,
// one MoveList per level and thread; g is back at its position afterwards (unless a RuntimeError escapes).
// With `threads` above 1, the tree is cut at the shallowest ply with at least 8 positions a thread (at most one ply
// above the last) and the subtrees below are counted on that many threads (analysis/parallel.hpp), each on a copy of
// g: the same counts, and the same RuntimeError, the first one a single thread meets. With `progress`, the tree is cut
// as for 8 threads at least (also on one), and progress is called with the subtrees counted and their number.
std::vector<uint64_t> perft(Game& g, int depth, int threads = 1, const ProgressFn* progress = nullptr);

// One shard of perft (`perft --shard I/K`, spec/cli.md): the counts of the root's actions r (from 0, in legal() order)
// with r mod shards == shard - 1, and of their subtrees; each subtree counted by perft(g, depth - 1, threads). The
// counts of shards 1..shards, added up ply by ply, are perft(g, depth)'s (counts[0] is 1 in every shard).
// With `progress`, it is called with the shard's root actions counted and their number.
std::vector<uint64_t> perft_shard(Game& g, int depth, int shard, int shards, int threads = 1,
                                  const ProgressFn* progress = nullptr);

}  // namespace ri
