// Monte Carlo tree search (UCT) for any rule file: the `mcts` computer player (spec/cli.md, Players).
//
// Each iteration starts at the position searched from, selects down the tree (at a decision node the child that
// maximises the mean result of the player to move there plus c * sqrt(ln N / n), a child never tried first, drawn at
// random among those; at a chance node an outcome drawn by its weight), makes the node reached one level deeper,
// plays a random game from there (random_action) and adds its result to every node on the way. A node's children are
// its actions in the order legal() lists them, so a tree holds action indices, not moves. N players: each node keeps
// every player's summed result; the player to move maximises their own. Results: a winner gets 1 (tied winners share
// 1), a loser 0, a draw 1/N each. A game cut by the playout's length is shared by the rule file's `evaluation`, read
// on the scale of chess's centipawns as win odds: player p gets 10^(v_p/400) / (the sum of 10^(v_q/400) over all
// players q), in a one-player game 10^(v/400) / (10^(v/400) + 1) (as against a player valued 0); without an
// evaluation, 1/N each (0 in a one-player game: not a win).
// Hidden information (the rule file's `hidden`): each iteration first draws a state the player to move cannot tell
// from the real one: the secret attributes of the pieces hidden from them are dealt out again among the hidden pieces
// of the same kind, in an order drawn from the generator (journaled, undone after the iteration). What is drawn
// depends only on which secrets are hidden (a deck's face-down cards, which the player can work out), never on which
// piece holds which: two states that differ only there get the same search. An iteration whose drawn state offers the
// player other moves than the real one is not counted in the tree.
// The game is moved with apply/undo (the runtime's generation and undo) and left as it was given.
#pragma once
#include <cstdint>
#include <vector>

#include "common/prng.hpp"
#include "runtime/engine.hpp"
#include "search/player.hpp"

namespace ri {

struct MctsOptions {
  uint64_t iterations = kDefaultMctsIterations;  // when seconds is 0
  double seconds = 0;                            // > 0: search this long instead (not reproducible)
  double exploration = 1.4142135623730951;       // UCT's c (sqrt 2)
  int64_t playout_plies = kDefaultPlayoutPlies;  // a playout is cut after this many actions past the tree
};

// The most tree nodes one search makes (memory stays bounded): past it, iterations still play out and count, and the
// tree stops growing.
inline constexpr size_t kMaxTreeNodes = size_t{1} << 21;

// The index, into g.decisions(), of the move an MCTS search from g's position (a decision node) chooses: the most
// visited child of the root (the first of those tied). With one legal move it is chosen without a search, and so is
// the first move that ends the game with the player to move its only winner (without `hidden`). g is left
// at its position (its undo journal as it was); a RuntimeError of the rule file met on the way is thrown after that.
int mcts_choose(Game& g, const MctsOptions& opts, Prng& rng, SearchStats* stats = nullptr);

}  // namespace ri
