// Shards' files and their merge. See shards.hpp.
#include "search/shards.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <sstream>

#include "common/text.hpp"

namespace ri {

namespace {

constexpr const char* kMagic = "ruleinterp shard: ";


// The lines every shard's file starts with.
std::string header(const ShardRun& run) {
  return fmt::format("{}{}\nrules: {}\nstart: {}\nshard: {}/{}\n", kMagic, run.kind, run.rules, run.start, run.shard,
                     run.shards);
}

// One shard's file, read.
struct Shard {
  std::string path;
  ShardRun run;
  std::map<std::string, std::string> fields;  // the other single keys: depth, games, seed, max-plies, players, seconds
  std::vector<std::string> seats;
  std::vector<std::pair<int, uint64_t>> counts;  // perft: (depth, count)
  std::vector<ArenaGame> games;
};

// game -> 'game:' INDEX ' seats=' S,S,... ' winners=' W ' finished=' 0|1 ' plies=' ... ' covered=' C
std::string game_line(const ArenaGame& g) {
  std::string seats;
  for (size_t s = 0; s < g.spec_of_seat.size(); ++s) seats += fmt::format("{}{}", s ? "," : "", g.spec_of_seat[s]);
  return fmt::format("game: {} seats={} winners={} finished={} plies={} turns={} decisions={} choices={} multi={} "
                     "sites={} covered={}\n",
                     g.index, seats, g.winners, g.finished ? 1 : 0, g.plies, g.turns, g.decisions, g.choices, g.multi,
                     g.sites, g.covered);
}

// Reads a game line's value (after 'game: '); false when it is malformed.
bool read_game(const std::string& value, ArenaGame& g) {
  std::istringstream in(value);
  std::string index;
  in >> index;
  if (!parse_unsigned(index, g.index)) return false;
  std::map<std::string, std::string> kv;
  for (std::string item; in >> item;) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos || !kv.emplace(item.substr(0, eq), item.substr(eq + 1)).second) return false;
  }
  const char* keys[] = {"seats", "winners", "finished", "plies", "turns", "decisions", "choices", "multi", "sites", "covered"};
  if (kv.size() != std::size(keys)) return false;
  uint64_t v[std::size(keys)] = {};
  for (size_t k = 1; k < std::size(keys); ++k)
    if (!kv.count(keys[k]) || !parse_unsigned(kv[keys[k]], v[k])) return false;
  if (!kv.count("seats")) return false;
  std::string seats = kv["seats"];
  for (size_t at = 0; at <= seats.size();) {
    size_t comma = seats.find(',', at);
    if (comma == std::string::npos) comma = seats.size();
    uint64_t s = 0;
    if (!parse_unsigned(std::string_view(seats).substr(at, comma - at), s) || s > 1000) return false;
    g.spec_of_seat.push_back(static_cast<int>(s));
    at = comma + 1;
  }
  if (v[1] > UINT32_MAX || v[2] > 1 || v[3] > INT64_MAX || v[4] > INT64_MAX || v[8] > INT32_MAX || v[9] > v[8]) return false;
  g.winners = static_cast<uint32_t>(v[1]);
  g.finished = v[2] == 1;
  g.plies = static_cast<int64_t>(v[3]);
  g.turns = static_cast<int64_t>(v[4]);
  g.decisions = v[5];
  g.choices = v[6];
  g.multi = v[7];
  g.sites = static_cast<int>(v[8]);
  g.covered = static_cast<int>(v[9]);
  return true;
}

// Reads one file; false after adding its errors.
bool read_shard(const ShardFile& f, Shard& s, std::vector<std::string>& errors) {
  s.path = f.path;
  std::istringstream in(f.text);
  std::string line;
  int n = 0;
  auto fail = [&](const std::string& what) {
    errors.push_back(fmt::format("{}:{}: error: {}", f.path, n, what));
    return false;
  };
  if (!std::getline(in, line) || line.rfind(kMagic, 0) != 0) {
    errors.push_back(fmt::format("{}: error: not a shard's result (it starts with '{}KIND')", f.path, kMagic));
    return false;
  }
  n = 1;
  s.run.kind = line.substr(std::string(kMagic).size());
  if (s.run.kind != "perft" && s.run.kind != "arena") return fail(fmt::format("unknown kind of shard '{}'", s.run.kind));
  bool has_rules = false, has_start = false, has_shard = false;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    // key: value (an empty value may have lost the space after the colon)
    const size_t colon = line.back() == ':' ? line.size() - 1 : line.find(": ");
    if (colon == std::string::npos) return fail(fmt::format("expected 'key: value', not '{}'", line));
    const std::string key = line.substr(0, colon), value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    if (key == "rules") {
      s.run.rules = value;
      has_rules = true;
    } else if (key == "start") {
      s.run.start = value;
      has_start = true;
    } else if (key == "shard") {
      if (!parse_shard(value, s.run.shard, s.run.shards)) return fail(fmt::format("expected 'shard: I/K', not '{}'", value));
      has_shard = true;
    } else if (key == "count" && s.run.kind == "perft") {
      uint64_t d = 0, c = 0;
      const size_t space = value.find(' ');
      if (space == std::string::npos || !parse_unsigned(value.substr(0, space), d) || !parse_unsigned(value.substr(space + 1), c) || d < 1 ||
          d > 64)
        return fail(fmt::format("expected 'count: DEPTH N', not '{}'", value));
      s.counts.emplace_back(static_cast<int>(d), c);
    } else if (key == "seat" && s.run.kind == "arena") {
      s.seats.push_back(value);
    } else if (key == "game" && s.run.kind == "arena") {
      ArenaGame g;
      if (!read_game(value, g)) return fail(fmt::format("a malformed game: '{}'", value));
      s.games.push_back(std::move(g));
    } else if ((key == "depth" && s.run.kind == "perft") ||
               ((key == "games" || key == "seed" || key == "max-plies" || key == "players" || key == "seconds") &&
                s.run.kind == "arena")) {
      if (!s.fields.emplace(key, value).second) return fail(fmt::format("'{}' is given twice", key));
    } else {
      return fail(fmt::format("unknown key '{}' in a shard of {}", key, s.run.kind));
    }
  }
  if (!has_rules || !has_start || !has_shard) {
    errors.push_back(fmt::format("{}: error: the shard's file lacks its '{}' line", f.path,
                                 !has_rules ? "rules" : !has_start ? "start" : "shard"));
    return false;
  }
  const std::vector<std::string> needed =
      s.run.kind == "perft" ? std::vector<std::string>{"depth"}
                            : std::vector<std::string>{"games", "seed", "max-plies", "players", "seconds"};
  for (const std::string& k : needed)
    if (!s.fields.count(k)) {
      errors.push_back(fmt::format("{}: error: the shard's file lacks its '{}' line", f.path, k));
      return false;
    }
  return true;
}

// The arena result of a shard's fields (the games aside); false after adding an error.
bool arena_fields(const Shard& s, ArenaResult& r, std::vector<std::string>& errors) {
  auto fail = [&](const std::string& what) {
    errors.push_back(fmt::format("{}: error: {}", s.path, what));
    return false;
  };
  uint64_t games = 0, seed = 0, max_plies = 0;
  if (!parse_unsigned(s.fields.at("games"), games)) return fail("'games' is not a number");
  if (!parse_unsigned(s.fields.at("seed"), seed)) return fail("'seed' is not a number");
  if (!parse_unsigned(s.fields.at("max-plies"), max_plies) || max_plies > INT64_MAX) return fail("'max-plies' is not a number");
  double seconds = 0;
  try {
    seconds = std::stod(s.fields.at("seconds"));
  } catch (...) {
    return fail("'seconds' is not a number");
  }
  r.scheduled = games;
  r.seed = seed;
  r.max_plies = static_cast<int64_t>(max_plies);
  r.seconds = seconds;
  r.seats = s.seats;
  r.specs.clear();
  std::istringstream in(s.fields.at("players"));
  for (std::string p; in >> p;) r.specs.push_back(p);
  if (r.specs.empty() || r.specs.size() != r.seats.size()) return fail("the players do not match the seats");
  return true;
}

}  // namespace

bool parse_shard(const std::string& text, int& shard, int& shards) {
  const size_t slash = text.find('/');
  uint64_t i = 0, k = 0;
  if (slash == std::string::npos || !parse_unsigned(std::string_view(text).substr(0, slash), i) ||
      !parse_unsigned(std::string_view(text).substr(slash + 1), k) || i < 1 || k < i || k > static_cast<uint64_t>(kMaxShards))
    return false;
  shard = static_cast<int>(i);
  shards = static_cast<int>(k);
  return true;
}

std::string write_perft_shard(const ShardRun& run, const std::vector<uint64_t>& counts) {
  std::string out = header(run) + fmt::format("depth: {}\n", counts.size() - 1);
  for (size_t d = 1; d < counts.size(); ++d) out += fmt::format("count: {} {}\n", d, counts[d]);
  return out;
}

std::string write_arena_shard(const ShardRun& run, const ArenaResult& r) {
  std::string players;
  for (size_t i = 0; i < r.specs.size(); ++i) players += (i ? " " : "") + r.specs[i];
  std::string out = header(run) + fmt::format("games: {}\nseed: {}\nmax-plies: {}\nplayers: {}\n", r.scheduled, r.seed,
                                              r.max_plies, players);
  for (const std::string& s : r.seats) out += fmt::format("seat: {}\n", s);
  out += fmt::format("seconds: {}\n", r.seconds);
  for (const ArenaGame& g : r.games) out += game_line(g);
  return out;
}

bool merge_shards(const std::vector<ShardFile>& files, Merged& out, std::vector<std::string>& errors) {
  std::vector<Shard> shards(files.size());
  bool ok = true;
  for (size_t i = 0; i < files.size(); ++i) ok = read_shard(files[i], shards[i], errors) && ok;
  if (!ok) return false;
  if (shards.empty()) {
    errors.push_back("error: no shard's file given");
    return false;
  }
  const Shard& first = shards[0];
  // the same run in every file
  for (const Shard& s : shards) {
    auto differs = [&](const char* what, const std::string& a, const std::string& b) {
      if (a == b) return false;
      errors.push_back(fmt::format("{}: error: not a shard of the run of {}: its {} is '{}', not '{}'", s.path, first.path,
                                   what, b, a));
      return true;
    };
    if (differs("kind", first.run.kind, s.run.kind) || differs("rule file", first.run.rules, s.run.rules) ||
        differs("start", first.run.start, s.run.start) ||
        differs("number of shards", std::to_string(first.run.shards), std::to_string(s.run.shards)))
      return false;
    for (const auto& [key, value] : first.fields)
      if (key != "seconds" && differs(key.c_str(), value, s.fields.at(key))) return false;
    std::string a, b;
    for (const std::string& x : first.seats) a += x + "\n";
    for (const std::string& x : s.seats) b += x + "\n";
    if (differs("seats", a, b)) return false;
  }
  // each shard once
  std::vector<const Shard*> by_shard(static_cast<size_t>(first.run.shards), nullptr);
  for (const Shard& s : shards) {
    const Shard*& at = by_shard[static_cast<size_t>(s.run.shard - 1)];
    if (at) {
      errors.push_back(fmt::format("{}: error: shard {}/{} is given twice (also {})", s.path, s.run.shard, s.run.shards, at->path));
      return false;
    }
    at = &s;
  }
  for (size_t i = 0; i < by_shard.size(); ++i)
    if (!by_shard[i]) {
      errors.push_back(fmt::format("error: shard {}/{} of the run of {} is missing", i + 1, first.run.shards, first.path));
      return false;
    }
  out.kind = first.run.kind;
  if (out.kind == "perft") {
    uint64_t depth = 0;
    if (!parse_unsigned(first.fields.at("depth"), depth) || depth < 1 || depth > 64) {
      errors.push_back(fmt::format("{}: error: 'depth' must be 1 to 64", first.path));
      return false;
    }
    out.counts.assign(depth + 1, 0);
    out.counts[0] = 1;
    for (const Shard& s : shards) {
      std::vector<bool> seen(depth + 1, false);
      for (const auto& [d, c] : s.counts) {
        if (static_cast<uint64_t>(d) > depth || seen[static_cast<size_t>(d)]) {
          errors.push_back(fmt::format("{}: error: the counts are not one per depth 1 to {}", s.path, depth));
          return false;
        }
        seen[static_cast<size_t>(d)] = true;
        out.counts[static_cast<size_t>(d)] += c;
      }
      if (std::count(seen.begin() + 1, seen.end(), true) != static_cast<std::ptrdiff_t>(depth)) {
        errors.push_back(fmt::format("{}: error: the counts are not one per depth 1 to {}", s.path, depth));
        return false;
      }
    }
    return true;
  }
  // the arena: every game of the schedule once, each in its shard
  if (!arena_fields(first, out.arena, errors)) return false;
  out.arena.seconds = 0;
  const uint64_t scheduled = out.arena.scheduled;
  // (sorted by index rather than placed in a vector of `scheduled` entries: a file's count is not trusted)
  std::vector<std::pair<const ArenaGame*, const Shard*>> games;
  for (const Shard& s : shards) {
    ArenaResult r;
    if (!arena_fields(s, r, errors)) return false;
    out.arena.seconds += r.seconds;
    for (const ArenaGame& g : s.games) {
      if (g.index >= scheduled || g.index % static_cast<uint64_t>(s.run.shards) != static_cast<uint64_t>(s.run.shard - 1) ||
          g.spec_of_seat.size() != out.arena.seats.size()) {
        errors.push_back(fmt::format("{}: error: game {} does not belong to shard {}/{} of {} games", s.path, g.index,
                                     s.run.shard, s.run.shards, scheduled));
        return false;
      }
      games.emplace_back(&g, &s);
    }
  }
  std::stable_sort(games.begin(), games.end(), [](const auto& a, const auto& b) { return a.first->index < b.first->index; });
  for (size_t k = 0; k < games.size(); ++k) {
    if (k > 0 && games[k].first->index == games[k - 1].first->index) {
      errors.push_back(fmt::format("{}: error: game {} is given twice", games[k].second->path, games[k].first->index));
      return false;
    }
  }
  for (uint64_t k = 0; k < scheduled; ++k) {
    if (k >= games.size() || games[k].first->index != k) {
      const uint64_t i = k % static_cast<uint64_t>(first.run.shards);
      errors.push_back(fmt::format("{}: error: game {} of shard {}/{} is missing", by_shard[i]->path, k, i + 1,
                                   first.run.shards));
      return false;
    }
    out.arena.games.push_back(*games[k].first);
  }
  return true;
}

}  // namespace ri
