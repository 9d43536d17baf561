// Alpha-beta search with the rule file's evaluation (`evaluation`, language.md, section 2): the `alphabeta:DEPTH`
// computer player (spec/cli.md, Players).
//
// The value of a position for the player P searching: a finished game is a win (P among the winners, alone: +1e9,
// less the plies it takes, so that sooner is better), a loss (-1e9, plus the plies) or a draw or shared win (0); at
// the search's depth, the evaluation of P less the largest evaluation of another player (in a game of one player,
// P's evaluation). P maximises at their decisions and every other player minimises it at theirs (the paranoid
// reduction of N players to two); at a chance node the value is the mean of its outcomes' values by their weights
// (expectimax: each outcome searched with a full window). DEPTH counts actions, as perft does: a decision's move and a
// chance outcome are one each (Ur's alphabeta:3 looks at a move, the roll after it and the opponent's move).
// The search moves the game with apply/undo and leaves it as it was given.
#pragma once
#include <cstdint>

#include "runtime/engine.hpp"
#include "search/player.hpp"

namespace ri {

// The most positions one alphabeta search visits (evaluation is bounded): past it the search stops and the best move
// found by the deepest whole iteration is played.
inline constexpr uint64_t kMaxAlphaBetaNodes = 50'000'000;

// The index into g.decisions() of the move an alphabeta search of `depth` actions chooses (g at a decision node of
// a rule file with an evaluation): the first of the best. The search deepens from 1 to `depth` (iterative deepening),
// each iteration trying the previous one's best move first. A RuntimeError of the rule file is thrown after g is back
// at its position.
int alphabeta_choose(Game& g, int depth, SearchStats* stats = nullptr);

}  // namespace ri
