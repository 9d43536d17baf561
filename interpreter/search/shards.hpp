// Runs split across machines (spec/cli.md, *Shards*): the result of one shard of `perft --shard I/K` or
// `arena --shard I/K` as a text file, and `ruleinterp merge`, which reads the K shards of a run and adds them up into
// the whole run's counts or games. Nothing here plays or prints.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "search/arena.hpp"

namespace ri {

// What identifies a run: the same in each of its shards.
struct ShardRun {
  std::string kind;   // "perft" or "arena"
  std::string rules;  // the rule file, as given
  std::string start;  // the options that set the game up (--set, --position, --log, ...), as the command wrote them
  int shard = 1, shards = 1;
};

// The most shards a run may be split into.
inline constexpr int kMaxShards = 1'000'000;

// Reads "I/K" (1 <= I <= K <= kMaxShards); false when it is not that.
bool parse_shard(const std::string& text, int& shard, int& shards);

// A shard's file: `ruleinterp shard: KIND`, then `key: value` lines (spec/cli.md, *Shards*). counts: perft_shard's.
std::string write_perft_shard(const ShardRun& run, const std::vector<uint64_t>& counts);
std::string write_arena_shard(const ShardRun& run, const ArenaResult& r);

// A file given to merge: its path (for the errors) and its text.
struct ShardFile {
  std::string path, text;
};

// The shards of one run added up: perft's counts (counts[d], d = 0..depth, counts[0] = 1) or the arena's games (in
// game order, the times added up).
struct Merged {
  std::string kind;
  std::vector<uint64_t> counts;
  ArenaResult arena;
};

// Reads the files and merges them. False with `errors` set (each `FILE:LINE: error: ...` or `FILE: error: ...`) when
// a file is not a shard's, when they are not the shards of one run (another kind, rule file, start, split or, for
// the arena, players, games, seed or length; for perft, depth), or when a shard of 1..K is missing or given twice.
bool merge_shards(const std::vector<ShardFile>& files, Merged& out, std::vector<std::string>& errors);

}  // namespace ri
