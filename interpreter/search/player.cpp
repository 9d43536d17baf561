// Reading player specs and the actions of computer players. See player.hpp.
#include "search/player.hpp"

#include <fmt/format.h>

#include <cmath>

#include "analysis/playouts.hpp"
#include "common/text.hpp"
#include "search/alphabeta.hpp"
#include "search/mcts.hpp"

namespace ri {
namespace {

// A decimal number with an optional fraction (digits, then optionally '.' and digits), all of s.
bool decimal(std::string_view s, double& v) {
  const size_t dot = s.find('.');
  uint64_t whole_part = 0, frac = 0;
  if (!parse_unsigned(s.substr(0, dot), whole_part)) return false;
  v = static_cast<double>(whole_part);
  if (dot == std::string_view::npos) return true;
  const std::string_view f = s.substr(dot + 1);
  if (f.size() > 9 || !parse_unsigned(f, frac)) return false;
  v += static_cast<double>(frac) / std::pow(10.0, static_cast<double>(f.size()));
  return true;
}

}  // namespace

// spec -> 'human' | 'random' | 'mcts' [':' (N | T 's' | T 'ms')] [':playout=' P] | 'alphabeta' [':' D]
std::optional<PlayerSpec> parse_player(std::string_view text, std::string& error) {
  PlayerSpec p;
  p.text = std::string(text);
  if (text == "human") {
    p.kind = PlayerSpec::Human;
    return p;
  }
  if (text == "random") {
    p.kind = PlayerSpec::Random;
    return p;
  }
  const std::string_view name = text.substr(0, text.find(':'));
  if (name == "alphabeta") {
    p.kind = PlayerSpec::AlphaBeta;
    p.depth = kDefaultAlphaBetaDepth;
    if (name.size() == text.size()) return p;
    uint64_t d = 0;
    if (!parse_unsigned(text.substr(name.size() + 1), d) || d < 1 || d > static_cast<uint64_t>(kMaxAlphaBetaDepth)) {
      error = fmt::format("player '{}': the depth of alphabeta must be 1 to {} (alphabeta:3)", text, kMaxAlphaBetaDepth);
      return std::nullopt;
    }
    p.depth = static_cast<int>(d);
    return p;
  }
  if (name != "mcts") {
    error = fmt::format("unknown player '{}' (expected human, random, mcts, mcts:ITERATIONS, mcts:SECONDSs or "
                        "alphabeta:DEPTH)",
                        text);
    return std::nullopt;
  }
  p.kind = PlayerSpec::Mcts;
  p.iterations = kDefaultMctsIterations;
  std::string_view rest = text.substr(name.size());
  // the playout's length, last
  const size_t at = rest.rfind(":playout=");
  if (at != std::string_view::npos) {
    uint64_t n = 0;
    if (!parse_unsigned(rest.substr(at + 9), n) || n < 1 || n > static_cast<uint64_t>(kMaxPlayoutPlies)) {
      error = fmt::format("player '{}': the playout's length must be 1 to {} actions (mcts:500:playout=40)", text,
                          kMaxPlayoutPlies);
      return std::nullopt;
    }
    p.playout_plies = static_cast<int64_t>(n);
    rest = rest.substr(0, at);
  }
  if (rest.empty()) return p;
  const std::string_view budget = rest.substr(1);
  uint64_t n = 0;
  if (parse_unsigned(budget, n)) {
    if (n < 1 || n > kMaxMctsIterations) {
      error = fmt::format("player '{}': the iterations per move must be 1 to {}", text, kMaxMctsIterations);
      return std::nullopt;
    }
    p.iterations = n;
    return p;
  }
  double t = 0;
  const bool ms = budget.ends_with("ms");
  const bool s = !ms && budget.ends_with("s");
  if ((ms || s) && decimal(budget.substr(0, budget.size() - (ms ? 2 : 1)), t)) {
    if (ms) t /= 1000;
    if (t <= 0 || t > kMaxMctsSeconds) {
      error = fmt::format("player '{}': the time per move must be above 0 and at most an hour", text);
      return std::nullopt;
    }
    p.seconds = t;
    p.iterations = 0;
    return p;
  }
  error = fmt::format("player '{}': expected mcts:ITERATIONS (mcts:500) or a time per move (mcts:2s, mcts:500ms), "
                      "then optionally :playout=ACTIONS",
                      text);
  return std::nullopt;
}

PlayerSpec as_played(const Program& P, const PlayerSpec& spec, std::string& note) {
  note.clear();
  if (spec.kind != PlayerSpec::AlphaBeta || (P.evaluation.value >= 0 && P.hidden.when < 0)) return spec;
  if (P.hidden.when >= 0)
    note = fmt::format("alphabeta searches the real position and would see what 'hidden' hides: '{}' plays as mcts "
                       "({} iterations a move)",
                       spec.text, kDefaultMctsIterations);
  else
    note = fmt::format("the rule file has no 'evaluation': '{}' plays as mcts ({} iterations a move)", spec.text,
                       kDefaultMctsIterations);
  PlayerSpec m = spec;
  m.kind = PlayerSpec::Mcts;
  m.iterations = kDefaultMctsIterations;
  return m;
}

bool choose_action(Game& g, const PlayerSpec& given, Prng& rng, Move& out, SearchStats* stats) {
  if (stats) *stats = SearchStats{};
  std::string note;
  const PlayerSpec spec = as_played(g.prog(), given, note);
  if ((spec.kind != PlayerSpec::Mcts && spec.kind != PlayerSpec::AlphaBeta) || g.node() != Game::NodeKind::Decision)
    return random_action(g, rng, out);
  if (g.decisions().empty()) return false;
  if (spec.kind == PlayerSpec::AlphaBeta) {
    const int i = alphabeta_choose(g, spec.depth, stats);
    out = g.decisions()[static_cast<size_t>(i)];
    return true;
  }
  MctsOptions o;
  o.iterations = spec.iterations;
  o.seconds = spec.seconds;
  if (spec.playout_plies > 0) o.playout_plies = spec.playout_plies;
  const int i = mcts_choose(g, o, rng, stats);
  out = g.decisions()[static_cast<size_t>(i)];
  return true;
}

}  // namespace ri
