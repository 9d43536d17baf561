// What a long run reports as it goes: the command line shows it as a progress line on a terminal (spec/cli.md,
// *Progress*). The library only calls the hook; nothing here prints.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

namespace ri {

// Called with the work done so far and the whole (0 when it is not known), from any worker thread, after each unit
// of work (a playout, a game, a subtree of perft, a node of a tree): it must be thread-safe and cheap.
using ProgressFn = std::function<void(uint64_t done, uint64_t total)>;

// The progress line's text: `45/200 games (22%), 12.3 games/s, about 13 s left`; without a total `45 nodes, 12.3
// nodes/s`; the rate and the time left once `seconds` is above 0 and something is done.
std::string progress_text(const std::string& unit, uint64_t done, uint64_t total, double seconds);

}  // namespace ri
