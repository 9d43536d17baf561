// How the games of `check --playouts` went. See playout_tally.hpp and spec/cli.md.
#include "analysis/playout_tally.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace ri {

PlayoutTally::PlayoutTally(const Program& p)
    : played(p.moves.size(), 0), legal(p.moves.size(), 0), P_(&p), seen_(p.moves.size(), 0) {
  rejected.resize(p.moves.size());
  for (size_t m = 0; m < p.moves.size(); ++m) rejected[m].assign(p.moves[m].nconditions(), 0);
}

void PlayoutTally::add_action(const Move& m, const MoveList& list) {
  if (m.type == Move::kChance) {
    ++chance;
    return;
  }
  // a move of several steps counts for each declared move its steps are (once each)
  ++nodes_;  // seen_ holds node numbers from 1: a move is counted once per node, and once per action played
  ++total_;
  for_each_step(*P_, m, [&](int t, int) {
    if (seen_[static_cast<size_t>(t)] != nodes_) seen_[static_cast<size_t>(t)] = nodes_, ++played[static_cast<size_t>(t)];
  });
  ++nodes_;
  for (int i = 0; i < list.size; ++i)
    for_each_step(*P_, list[i], [&](int t, int) {
      if (seen_[static_cast<size_t>(t)] != nodes_) seen_[static_cast<size_t>(t)] = nodes_, ++legal[static_cast<size_t>(t)];
    });
}

void PlayoutTally::add_playout(uint64_t n, bool over, uint32_t winners) {
  min_plies = playouts == 0 ? n : std::min(min_plies, n);
  max_plies = std::max(max_plies, n);
  ++playouts;
  plies += n;
  if (!over) {
    ++unfinished;
    return;
  }
  ++result(winners).count;
}

PlayoutTally::Result& PlayoutTally::result(uint32_t winners) {
  auto it = std::lower_bound(results.begin(), results.end(), winners,
                             [](const Result& r, uint32_t w) { return r.winners < w; });
  if (it == results.end() || it->winners != winners) it = results.insert(it, {winners, 0});
  return *it;
}

void PlayoutTally::merge(const PlayoutTally& o) {
  if (o.playouts > 0) {
    min_plies = playouts == 0 ? o.min_plies : std::min(min_plies, o.min_plies);
    max_plies = std::max(max_plies, o.max_plies);
  }
  playouts += o.playouts;
  unfinished += o.unfinished;
  plies += o.plies;
  for (const Result& r : o.results) result(r.winners).count += r.count;
  for (size_t m = 0; m < played.size(); ++m) {
    played[m] += o.played[m];
    legal[m] += o.legal[m];
    for (size_t r = 0; r < rejected[m].size(); ++r) rejected[m][r] |= o.rejected[m][r];
  }
  chance += o.chance;
  total_ += o.total_;
}

uint64_t PlayoutTally::wins(int p) const {
  uint64_t n = 0;
  for (const Result& r : results)
    if (r.winners >> p & 1) n += r.count;
  return n;
}

uint64_t PlayoutTally::moves() const { return total_; }

namespace {

uint64_t mean_tenths(uint64_t sum, uint64_t count) { return count ? (20 * sum + count) / (2 * count) : 0; }

}  // namespace

uint64_t mean_plies_tenths(const PlayoutTally& t) { return mean_tenths(t.plies, t.playouts); }
uint64_t mean_moves_tenths(const PlayoutTally& t) { return mean_tenths(t.moves(), t.playouts); }

namespace {

std::string tenths(uint64_t t) { return fmt::format("{}.{}", t / 10, t % 10); }

std::string playouts_text(uint64_t n) { return fmt::format("{} playout{}", n, n == 1 ? "" : "s"); }

}  // namespace

std::string requirement_name(const Program& P, const MoveInfo& mi, const RequireInfo& req) {
  size_t same = 0;
  for (size_t r = 0; r < mi.nconditions(); ++r) same += mi.condition(r).code == req.code;
  if (!req.code.empty() && same == 1) return req.code;
  std::string line = req.pos.file == 0 ? fmt::format("line {}", req.pos.line)
                                       : fmt::format("{}:{}", P.files.at(static_cast<size_t>(req.pos.file))->path,
                                                     req.pos.line);
  return req.code.empty() ? line : fmt::format("{} ({})", req.code, line);
}

void playout_warnings(const Program& P, const PlayoutTally& t, const PlayoutTally* base, Diagnostics& diags) {
  // moves no step offers have their own warning (check/warnings.hpp): never played, they are not reported again
  std::vector<uint8_t> offered(P.moves.size(), 0);
  for (const StepInfo& s : P.steps)
    for (int m : s.moves) offered[static_cast<size_t>(m)] = 1;
  for (size_t m = 0; m < P.moves.size(); ++m) {
    if (!offered[m] || t.played[m] > 0) continue;
    const MoveInfo& mi = P.moves[m];
    std::string why;
    if (t.legal[m] > 0) {
      why = fmt::format(", though legal at {} position{}", t.legal[m], t.legal[m] == 1 ? "" : "s");
    } else {
      std::vector<std::string> failed;  // the requirements that rejected its candidates
      for (size_t r = 0; r < mi.nconditions(); ++r)
        if (t.rejected[m][r])
          failed.push_back((mi.condition(r).code.empty() ? "the requirement at " : "") +
                           requirement_name(P, mi, mi.condition(r)));
      why = failed.empty() ? ": it was never legal"
                           : fmt::format(": it was never legal, its candidates failing {}", fmt::join(failed, ", "));
    }
    diags.warning(P.files, mi.pos,
                  fmt::format("move '{}' was never played in {}{}", mi.name, playouts_text(t.playouts), why));
  }

  uint64_t won = 0;  // the finished playouts with a winner
  for (const PlayoutTally::Result& r : t.results)
    if (r.winners) won += r.count;
  if (won >= kMinWinsPerPlayer * static_cast<uint64_t>(P.nplayers()))
    for (int p = 0; p < P.nplayers(); ++p)
      if (t.wins(p) == 0)
        diags.warning(P.files, Pos{}, fmt::format("player '{}' never won in {} ({} had a winner)", P.players[p],
                                                  playouts_text(t.playouts), won));

  if (base && P.extends.line > 0 && P.files.size() > 1 && t.playouts >= kMinPlayoutsToCompare &&
      base->playouts == t.playouts && 2 * t.moves() < base->moves())
    diags.warning(P.files, P.extends,
                  fmt::format("the games end far sooner than the base's ({}): {} moves a playout against {}, in {} "
                              "with the same seeds",
                              P.files[1]->path, tenths(mean_moves_tenths(t)), tenths(mean_moves_tenths(*base)),
                              playouts_text(t.playouts)));
}

}  // namespace ri
