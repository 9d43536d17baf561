// What an arena run says (spec/cli.md, arena): per player spec and per seat, wins, draws and losses with a 95%
// confidence interval of the win rate (Wilson's score interval), and the game-evaluation metrics known from Ludii:
// balance, completion, drawishness, timeouts, duration, branching factor, decisiveness of decisions, board coverage.
// Pure arithmetic over the games' records; nothing here plays.
#pragma once
#include <string>
#include <vector>

#include "search/arena.hpp"

namespace ri {

struct Tally {
  uint64_t wins = 0, draws = 0, losses = 0;
  double win_rate = 0;          // wins / games (the games counted here: wins + draws + losses); 0 with none
  double ci_low = 0, ci_high = 0;  // Wilson score interval of the win rate, z = 1.96, within [0, 1]; 0, 0 with none
};

struct ArenaReport {
  uint64_t games = 0;
  std::vector<Tally> players;  // one per spec, in the specs' order
  std::vector<Tally> seats;    // one per seat (the rule file's players), in order
  // The metrics below are 0 when there are no games (balance: 1), never nan.
  double mean_plies = 0;
  double mean_turns = 0, sd_turns = 0;  // duration in turns: mean and standard deviation (population)
  double first_player_advantage = 0;    // seat 0's score share (wins + draws / 2) / games minus 1 / players (0: one)
  double balance = 0;        // 1 - (largest - smallest win rate among seats); 1 with one seat or no games
  double completion = 0;     // share of games with a winner
  double drawishness = 0;    // share of games that ended (finished) with no winner, over all games
  double timeouts = 0;       // share of games cut by max_plies (not finished)
  double branching = 0;      // legal moves per decision, over all decisions (sum of choices / sum of decisions)
  double decisive = 0;       // share of decisions with more than one legal move, over all decisions
  double coverage = 0;       // mean over games of the share of sites that held a piece (a game with no sites: 0)
};

// A game counts for a spec (and its seat) as a win when its seat is among the winners, a draw when the game has no
// winner (a draw, or a timeout), else a loss; with a single seat there is nobody to draw with, so no winner is a loss.
// A spec counts once for each seat it holds in a game. The seats are r.seats (or more, when a game's spec_of_seat is
// longer); a spec index out of range counts for no spec.
ArenaReport report(const ArenaResult& r);

// The report for people (spec/cli.md), several lines each ending in a newline: a header line (games, players,
// seconds), a table per player spec and per seat (name columns as wide as the longest name, three decimals for rates),
// then the metrics:
//   games: 4 (2 players; 3.2 s)
//   player  spec      wins  draws  losses  win rate  95% CI
//   1       mcts:200     4      0       0     1.000  [0.510, 1.000]
//   ...
//   length: 7.4 plies, 3.9 turns (sd 0.8)
//   first-player advantage: +0.040
//   balance 0.880, completion 0.920, drawishness 0.080, timeouts 0.000
//   branching factor 5.1, decisions with a choice 0.870, board coverage 0.910
std::string report_text(const ArenaResult& r, const ArenaReport& rep);
// The report as one JSON object on one line, no newline (spec/cli.md), keys in this order:
//   {"games": N, "seconds": S, "players": [{"spec": "mcts:200", "wins": W, "draws": D, "losses": L, "win_rate": R,
//    "ci95": [LO, HI]}, ...], "seats": [{"name": "X", same fields}, ...], "mean_plies": ..., "mean_turns": ...,
//    "sd_turns": ..., "first_player_advantage": ..., "balance": ..., "completion": ..., "drawishness": ...,
//    "timeouts": ..., "branching": ..., "decisive": ..., "coverage": ...}
// Strings as json_string writes them; doubles with up to 6 significant digits, 0 in place of nan or infinity.
std::string report_json(const ArenaResult& r, const ArenaReport& rep);

}  // namespace ri
