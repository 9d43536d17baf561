// The players of `play --players`, `arena --players` and `bestmove --ai` (spec/cli.md, Players): a person, a random
// player or a computer player that searches (mcts, alphabeta), written as a spec such as `human`, `random`, `mcts`,
// `mcts:500` (iterations per move), `mcts:2s` (seconds per move) or `alphabeta:3` (decisions deep), and the one call
// every computer player answers.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/prng.hpp"
#include "runtime/engine.hpp"

namespace ri {

struct PlayerSpec {
  enum Kind { Human, Random, Mcts, AlphaBeta };
  Kind kind = Random;
  uint64_t iterations = 0;  // mcts: the search's iterations per move (when seconds is 0)
  int depth = 0;            // alphabeta: the decisions searched
  double seconds = 0;       // mcts: the search's time per move (not reproducible: spec/cli.md)
  int64_t playout_plies = 0;  // mcts: the actions a playout plays before it is cut (0: kDefaultPlayoutPlies)
  std::string text;         // as written
};

// The iterations of a bare `mcts`.
inline constexpr uint64_t kDefaultMctsIterations = 1000;
// The actions an MCTS playout plays past the tree before it is cut, unless the spec says (mcts:500:playout=40), and
// the most it may say.
inline constexpr int64_t kDefaultPlayoutPlies = 1000;
inline constexpr int64_t kMaxPlayoutPlies = 1'000'000;
// The most iterations and seconds a spec may ask for per move.
inline constexpr uint64_t kMaxMctsIterations = 100'000'000;
inline constexpr double kMaxMctsSeconds = 3600;
// The depth of a bare `alphabeta`, and the deepest a spec may ask for.
inline constexpr int kDefaultAlphaBetaDepth = 3;
inline constexpr int kMaxAlphaBetaDepth = 30;

// Reads a spec: human, random, mcts, mcts:N (N iterations, 1 .. kMaxMctsIterations), mcts:Ts or mcts:Tms (T a
// number of seconds or milliseconds, above 0 and at most an hour), each mcts spec optionally followed by
// :playout=P (P actions a playout, 1 .. kMaxPlayoutPlies), alphabeta, alphabeta:D (1 .. kMaxAlphaBetaDepth).
// Empty with `error` set when it is none of these.
std::optional<PlayerSpec> parse_player(std::string_view text, std::string& error);

// The player a spec plays as on a rule file: alphabeta on a rule file without an `evaluation`, or with `hidden` (its
// search would read the secrets), plays as mcts (its text kept), `note` saying so; any other spec as it is (`note`
// empty).
PlayerSpec as_played(const Program& P, const PlayerSpec& spec, std::string& note);

// What a computer player's last choice cost (bestmove prints it; the benchmark times it).
struct SearchStats {
  uint64_t iterations = 0;
  uint64_t nodes = 0;    // tree nodes made
  double seconds = 0;
  double value = 0;      // the chosen move's mean result for the player to move, 0..1
  int max_depth = 0;     // the deepest tree node reached
};

// The action the player of `spec` (not human) takes at g's position (a decision or chance node, not over), drawing
// from `rng`: random: random_action; mcts: the most visited move of an MCTS search (search/mcts.hpp); alphabeta: the
// best move of an alphabeta search (search/alphabeta.hpp; as mcts without an evaluation); at a chance node the outcome
// is drawn by weight. g is left at the position it was given. False when the position has no action.
bool choose_action(Game& g, const PlayerSpec& spec, Prng& rng, Move& out, SearchStats* stats = nullptr);

}  // namespace ri
