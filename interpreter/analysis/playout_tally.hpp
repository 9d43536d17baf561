// How the random games of `ruleinterp check --playouts N` went (spec/cli.md, check, "All held"): what they
// tally while they are played (results, plies, the moves played and legal, the requirements that rejected
// candidates) and the warnings drawn from it. What is printed is the command line's (cli/).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "common/diagnostics.hpp"
#include "compile/program.hpp"
#include "runtime/engine.hpp"

namespace ri {

struct PlayoutTally {
  struct Result {
    uint32_t winners = 0;  // State::winners: a bit per player (0: a draw)
    uint64_t count = 0;
  };
  uint64_t playouts = 0;    // tallied (add_playout)
  uint64_t unfinished = 0;  // stopped by the most plies
  uint64_t plies = 0;       // the actions of every playout, summed
  uint64_t min_plies = 0, max_plies = 0;
  std::vector<Result> results;  // the finished playouts by their winners, sorted by `winners`
  // [move]: the moves played that it took part in (a move of several steps counts for each move its steps are)
  std::vector<uint64_t> played;
  std::vector<uint64_t> legal;   // [move]: the decision nodes the playouts drew a move at where it was legal
  uint64_t chance = 0;           // chance outcomes played
  // [move][requirement]: 1 once the requirement rejected a candidate (Game::record_rejections)
  std::vector<std::vector<uint8_t>> rejected;

  PlayoutTally() = default;
  explicit PlayoutTally(const Program& p);  // sized for p's moves and requirements, nothing tallied

  // One action drawn at `g`'s position (before it is played): at a decision node, `legal` holds its legal moves.
  void add_action(const Move& m, const MoveList& legal);
  // One playout ended (over: the game ended, with `winners`) or stopped unfinished, after `plies` actions.
  void add_playout(uint64_t plies, bool over, uint32_t winners);
  // Adds what `other` tallied (other playouts of the same program): the tally of all of them, whatever their order.
  void merge(const PlayoutTally& other);

  // The finished playouts that player p won (alone or with others).
  uint64_t wins(int p) const;
  // The moves played (chance outcomes are not moves).
  uint64_t moves() const;

 private:
  // The entry of `results` for these winners, made (in its place in the order) when there is none.
  Result& result(uint32_t winners);

  const Program* P_ = nullptr;
  std::vector<uint64_t> seen_;  // [move]: the last count (nodes_) at which it was counted
  uint64_t nodes_ = 0;
  uint64_t total_ = 0;  // the moves played
};

// The warnings about how the games went (spec/cli.md, check, "All held"), each reported in `diags` as a
// warning of the rule file `P` whose playouts `t` tallied:
//   - a move that some turn step offers and that was never played, at its declaration: "though legal at N positions",
//     or "it was never legal", with the requirements that rejected its candidates;
//   - a player who never won, when at least kMinWinsPerPlayer finished playouts per player had a winner (a player
//     would then have to be very unlucky to win none);
//   - for a variant (Model::extends) whose base's playouts `base` tallied (the same number, with the same seeds;
//     null: not compared), games that end far sooner: fewer than half as many moves a playout as the base's (moves,
//     not plies: a variant without the base's dice plays no chance outcomes), when there were at least
//     kMinPlayoutsToCompare playouts; at the variant's `extends`.
void playout_warnings(const Program& P, const PlayoutTally& t, const PlayoutTally* base, Diagnostics& diags);

// How reports name a requirement of the move `mi`: its error code ("AttackFirst"), with its line when the move has
// several requirements with that code ("JunctionEmpty (line 172)"), its line alone when it has none ("line 46"); a line
// of another file than the rule file's is written FILE:LINE.
std::string requirement_name(const Program& P, const MoveInfo& mi, const RequireInfo& req);

constexpr uint64_t kMinWinsPerPlayer = 10;
constexpr uint64_t kMinPlayoutsToCompare = 10;

// The mean of `t`'s plies, or of its moves, a playout in tenths, rounded half up (0 without playouts).
uint64_t mean_plies_tenths(const PlayoutTally& t);
uint64_t mean_moves_tenths(const PlayoutTally& t);

}  // namespace ri
