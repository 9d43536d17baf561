// What an arena run says (arena_report.hpp): the tallies per spec and per seat with their wilson intervals, the game
// metrics, and the two ways of writing them (a table for people, one line of json for tools). Pure arithmetic over
// the games' records.
#include "search/arena_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string_view>

#include "common/diagnostic_formats.hpp"

namespace ri {

namespace {

// x, or 0 when x is nan or infinite: neither the text nor the json ever shows those.
double finite(double x) { return std::isfinite(x) ? x : 0; }

// a / b, 0 when b is 0.
double ratio(double a, double b) { return b > 0 ? a / b : 0; }

// the seats of the run: the rule file's players, or more when some game seated more specs than there are names.
size_t seat_count(const ArenaResult& r) {
  size_t n = r.seats.size();
  for (const ArenaGame& g : r.games) n = std::max(n, g.spec_of_seat.size());
  return n;
}

// fills in the win rate and the wilson score interval (z = 1.96) of `wins` out of the tally's games
// (wins + draws + losses); all 0 when it has none. the bounds are clamped to [0, 1]: rounding may put the lower one
// a hair below 0 when there is no win.
void finish(Tally& t) {
  double n = double(t.wins + t.draws + t.losses);
  if (n == 0) {
    t.win_rate = t.ci_low = t.ci_high = 0;
    return;
  }
  const double z = 1.96, z2 = z * z;
  double p = t.wins / n;
  double denom = 1 + z2 / n;
  double centre = (p + z2 / (2 * n)) / denom;
  double half = z / denom * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  t.win_rate = p;
  t.ci_low = std::clamp(centre - half, 0.0, 1.0);
  t.ci_high = std::clamp(centre + half, 0.0, 1.0);
}

// counts one game's result into t from one seat's point of view: won (its bit among the winners), a draw (no
// winner) or lost. with a single seat there is nobody to draw with: no winner is a loss.
void count(Tally& t, const ArenaGame& g, size_t seat, size_t nseats) {
  bool won = seat < 32 && (g.winners >> seat & 1u);
  if (won)
    ++t.wins;
  else if (g.winners == 0 && nseats > 1)
    ++t.draws;
  else
    ++t.losses;
}

// a double for json: up to 6 significant digits, 0 for nan, infinities and -0.
std::string json_number(double x) {
  x = finite(x);
  if (x == 0) return "0";
  return fmt::format("{:.6g}", x);
}

// one tally as json fields (after the name's field): "wins": W, ..., "ci95": [LO, HI].
std::string json_tally(const Tally& t) {
  return fmt::format("\"wins\": {}, \"draws\": {}, \"losses\": {}, \"win_rate\": {}, \"ci95\": [{}, {}]", t.wins,
                     t.draws, t.losses, json_number(t.win_rate), json_number(t.ci_low), json_number(t.ci_high));
}

// a rate for people: three decimals (nan and infinities as 0).
std::string rate(double x) { return fmt::format("{:.3f}", finite(x)); }

// one table of tallies: a header row, then a row per tally. `first` names the first column (player or seat) and
// `firsts` its cells; `second` and `seconds` the same for an optional second column (the spec). the name columns are
// as wide as their longest cell, the numbers as wide as their header or their largest value.
std::string table(std::string_view first, const std::vector<std::string>& firsts, std::string_view second,
                  const std::vector<std::string>& seconds, const std::vector<Tally>& tallies) {
  auto widest = [](std::string_view header, const std::vector<std::string>& cells) {
    size_t w = header.size();
    for (const std::string& c : cells) w = std::max(w, c.size());
    return w;
  };
  size_t w1 = widest(first, firsts), w2 = second.empty() ? 0 : widest(second, seconds);
  size_t ww = 4, wd = 5, wl = 6;  // "wins", "draws", "losses"
  for (const Tally& t : tallies) {
    ww = std::max(ww, fmt::formatted_size("{}", t.wins));
    wd = std::max(wd, fmt::formatted_size("{}", t.draws));
    wl = std::max(wl, fmt::formatted_size("{}", t.losses));
  }
  auto row = [&](std::string_view a, std::string_view b, std::string_view wins, std::string_view draws,
                 std::string_view losses, std::string_view win_rate, std::string_view ci) {
    std::string line = fmt::format("{:<{}}  ", a, w1);
    if (w2) line += fmt::format("{:<{}}  ", b, w2);
    line += fmt::format("{:>{}}  {:>{}}  {:>{}}  {:>8}  {}", wins, ww, draws, wd, losses, wl, win_rate, ci);
    return line + "\n";
  };
  std::string out = row(first, second, "wins", "draws", "losses", "win rate", "95% CI");
  for (size_t i = 0; i < tallies.size(); ++i) {
    const Tally& t = tallies[i];
    out += row(i < firsts.size() ? firsts[i] : "", i < seconds.size() ? seconds[i] : "", std::to_string(t.wins),
               std::to_string(t.draws), std::to_string(t.losses), rate(t.win_rate),
               fmt::format("[{}, {}]", rate(t.ci_low), rate(t.ci_high)));
  }
  return out;
}

}  // namespace

ArenaReport report(const ArenaResult& r) {
  ArenaReport rep;
  const size_t nseats = seat_count(r);
  rep.games = r.games.size();
  rep.players.resize(r.specs.size());
  rep.seats.resize(nseats);
  uint64_t decided = 0, drawn = 0, cut = 0, decisions = 0, choices = 0, multi = 0;
  double plies = 0, turns = 0, coverage = 0;
  for (const ArenaGame& g : r.games) {
    for (size_t s = 0; s < nseats; ++s) {
      count(rep.seats[s], g, s, nseats);
      // a spec index out of range (a malformed record) counts for no spec
      int spec = s < g.spec_of_seat.size() ? g.spec_of_seat[s] : -1;
      if (spec >= 0 && size_t(spec) < rep.players.size()) count(rep.players[size_t(spec)], g, s, nseats);
    }
    if (g.winners != 0)
      ++decided;
    else if (g.finished)
      ++drawn;
    if (!g.finished) ++cut;
    plies += double(g.plies);
    turns += double(g.turns);
    decisions += g.decisions;
    choices += g.choices;
    multi += g.multi;
    coverage += g.sites > 0 ? double(g.covered) / g.sites : 0;
  }
  for (Tally& t : rep.players) finish(t);
  for (Tally& t : rep.seats) finish(t);

  const double n = double(rep.games);
  rep.mean_plies = ratio(plies, n);
  rep.mean_turns = ratio(turns, n);
  // population standard deviation, in a second pass (no cancellation of large sums)
  double squares = 0;
  for (const ArenaGame& g : r.games) squares += (double(g.turns) - rep.mean_turns) * (double(g.turns) - rep.mean_turns);
  rep.sd_turns = std::sqrt(ratio(squares, n));

  // seat 0's score share (a draw counts half) against the fair share 1 / seats; 0 in a game of one player
  if (rep.games > 0 && nseats > 1) {
    const Tally& first = rep.seats[0];
    rep.first_player_advantage = (first.wins + first.draws / 2.0) / n - 1.0 / double(nseats);
  }
  // 1 - the spread of the seats' win rates; 1 when there is nothing to compare (one seat, no games)
  rep.balance = 1;
  if (rep.games > 0 && nseats > 1) {
    auto [lo, hi] = std::minmax_element(rep.seats.begin(), rep.seats.end(),
                                        [](const Tally& a, const Tally& b) { return a.win_rate < b.win_rate; });
    rep.balance = 1 - (hi->win_rate - lo->win_rate);
  }
  rep.completion = ratio(double(decided), n);
  // finished with no winner, over all games; in a game of one player that is a loss, never a draw
  rep.drawishness = nseats == 1 ? 0.0 : ratio(double(drawn), n);
  rep.timeouts = ratio(double(cut), n);
  rep.branching = ratio(double(choices), double(decisions));
  rep.decisive = ratio(double(multi), double(decisions));
  rep.coverage = ratio(coverage, n);
  return rep;
}

std::string report_text(const ArenaResult& r, const ArenaReport& rep) {
  const size_t nseats = rep.seats.size();
  std::string out = fmt::format("games: {} ({} player{}; {:.1f} s)\n", rep.games, nseats, nseats == 1 ? "" : "s",
                                finite(r.seconds));
  // per spec: its number (from 1) and the spec as written
  std::vector<std::string> numbers, specs;
  for (size_t i = 0; i < rep.players.size(); ++i) {
    numbers.push_back(std::to_string(i + 1));
    specs.push_back(i < r.specs.size() ? r.specs[i] : "");
  }
  out += table("player", numbers, "spec", specs, rep.players);
  // per seat: the rule file's player name (its number when the result has none)
  std::vector<std::string> seats;
  for (size_t s = 0; s < nseats; ++s) seats.push_back(s < r.seats.size() ? r.seats[s] : std::to_string(s + 1));
  out += table("seat", seats, "", {}, rep.seats);

  out += fmt::format("length: {:.1f} plies, {:.1f} turns (sd {:.1f})\n", finite(rep.mean_plies),
                     finite(rep.mean_turns), finite(rep.sd_turns));
  // shown as +0.000 (not -0.000) when it rounds to nothing
  double fpa = finite(rep.first_player_advantage);
  out += fmt::format("first-player advantage: {:+.3f}\n", std::fabs(fpa) < 0.0005 ? 0.0 : fpa);
  out += fmt::format("balance {}, completion {}, drawishness {}, timeouts {}\n", rate(rep.balance),
                     rate(rep.completion), rate(rep.drawishness), rate(rep.timeouts));
  out += fmt::format("branching factor {:.1f}, decisions with a choice {}, board coverage {}\n", finite(rep.branching),
                     rate(rep.decisive), rate(rep.coverage));
  return out;
}

std::string report_json(const ArenaResult& r, const ArenaReport& rep) {
  std::string out = fmt::format("{{\"games\": {}, \"seed\": {}, \"max_plies\": {}, \"seconds\": {}, \"players\": [",
                                rep.games, r.seed, r.max_plies, json_number(r.seconds));
  for (size_t i = 0; i < rep.players.size(); ++i)
    out += fmt::format("{}{{\"spec\": {}, {}}}", i ? ", " : "", json_string(i < r.specs.size() ? r.specs[i] : ""),
                       json_tally(rep.players[i]));
  out += "], \"seats\": [";
  for (size_t s = 0; s < rep.seats.size(); ++s)
    out += fmt::format("{}{{\"name\": {}, {}}}", s ? ", " : "",
                       json_string(s < r.seats.size() ? r.seats[s] : std::to_string(s + 1)), json_tally(rep.seats[s]));
  out += "]";
  const std::pair<const char*, double> metrics[] = {
      {"mean_plies", rep.mean_plies},
      {"mean_turns", rep.mean_turns},
      {"sd_turns", rep.sd_turns},
      {"first_player_advantage", rep.first_player_advantage},
      {"balance", rep.balance},
      {"completion", rep.completion},
      {"drawishness", rep.drawishness},
      {"timeouts", rep.timeouts},
      {"branching", rep.branching},
      {"decisive", rep.decisive},
      {"coverage", rep.coverage},
  };
  for (const auto& [key, value] : metrics) out += fmt::format(", \"{}\": {}", key, json_number(value));
  return out + "}";
}

}  // namespace ri
