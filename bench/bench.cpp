// ruleinterp_bench: the speed of perft and random playouts on rule files (not a test: run it by hand; bench/README.md).
//   ruleinterp_bench [FILE...] [--all] [--seconds T] [--depth D] [--playouts N] [--seed S] [--max-plies M]
//                    [--threads J] [--repeat R] [--against BINARY] [--engine interp|native]
//   ruleinterp_bench [FILE...] [--all] --mcts N [--seed S] [--repeat R]
// Without FILE (or with --all) it measures every shipped game, rules/*.rules, and prints a table: per game, random
// playouts/s, plies/s and perft nodes/s, each the best of R runs whose work (perft depth, playout count) is chosen
// to take about T seconds, unless given. With --against, every run is also made by BINARY, another
// ruleinterp_bench (an older revision's: scripts/bench-build), interleaved with this one's, and the table adds its
// figures and the ratios. One FILE with both --depth and --playouts prints the two lines that every version has
// printed (figures.hpp), which --against reads. See spec/cli.md for what perft and playouts count. With --mcts N, the
// table is instead the computer player's speed: per game, the iterations per second of an mcts:N search
// (search_speed.hpp). With --engine native, each game runs on its native build (spec/native.md), found in the cache
// or compiled first; the table is followed by each build's compile time; with --against too, BINARY runs each game on
// its own native build (compiled by BINARY, not timed).
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "against.hpp"
#include "analysis/parallel.hpp"
#include "figures.hpp"
#include "measure.hpp"
#include "native/build.hpp"
#include "pipeline/pipeline.hpp"
#include "search_speed.hpp"
#include "table.hpp"

namespace fs = std::filesystem;

namespace {

struct Options {
  std::vector<std::string> files;
  bool all = false;
  double seconds = 0.3;
  bench::Work work;
  bool depth_given = false, playouts_given = false;
  int repeat = 3;
  std::string against;
  uint64_t mcts = 0;  // --mcts N: the iterations of the searches timed (0: none)
  std::string engine = "interp";  // --engine
};

// With --engine native: per game, how its build was had ("compiled in S s" or "found in the cache"), for the table's
// footnote.
std::vector<std::string> builds;

// A game of the table: its name there and its rule file.
struct Entry {
  std::string name, file;
};

// The shipped games' folder: rules/ of the current directory, else of the source tree this program was built from;
// "" when neither exists.
std::string rules_dir() {
  std::error_code ec;
  if (fs::is_directory("rules", ec)) return "rules";
  const std::string built = RULEINTERP_SOURCE_DIR "/rules";
  return fs::is_directory(built, ec) ? built : "";
}

// The games to measure: the files given, named as given, and, when no file is given or with --all, every
// *.rules of `dir` (not of its subfolders), by name, each named without its folder and extension.
std::vector<Entry> entries(const Options& o, const std::string& dir) {
  std::vector<Entry> out;
  if ((o.files.empty() || o.all) && !dir.empty()) {
    for (const auto& e : fs::directory_iterator(dir))
      if (e.is_regular_file() && e.path().extension() == ".rules")
        out.push_back({e.path().stem().string(), (fs::path(dir) / e.path().filename()).string()});
    std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
  }
  for (const std::string& f : o.files) out.push_back({f, f});
  return out;
}

// The rule file compiled, or null after printing its problems. Variants may extend the games of `dir`. With
// `engine` native: its native build's program (null after saying why there is none).
std::shared_ptr<const ri::Program> load(const std::string& file, const std::string& dir,
                                        const std::string& engine = "interp") {
  ri::Diagnostics diags;
  ri::LoadOptions options;
  options.shipped_dir = dir;
  auto prog = ri::load_rules(file, diags, options);
  if (!prog) std::cerr << diags.format();
  if (!prog || engine != "native") return prog;
  const ri::NativeBuild b = ri::native_build(*prog, {});
  if (!b.code) {
    std::cerr << fmt::format("error: {}: no native engine: {}\n", file, b.error);
    return nullptr;
  }
  builds.push_back(fmt::format("{}: {} trees ({} nodes) and {} moves' candidates, {}", file, b.roots, b.nodes, b.moves,
                               b.compiled ? fmt::format("compiled in {:.1f} s", b.seconds) : "found in the cache"));
  return ri::with_native(*prog, b.code);
}

// A runtime error of the rule file, as a diagnostic at its position.
std::string runtime_error_text(const ri::Program& prog, const ri::RuntimeError& e) {
  return ri::format_diagnostic(ri::Diagnostic{prog.files.at(e.pos.file), e.pos, e.what()});
}

// One file with the work given: "rules: FILE" and the best figures as the two lines. Exit status 1 when the
// rule file fails.
int print_lines(const Options& o, const std::string& dir) {
  const std::string& file = o.files.front();
  auto prog = load(file, dir, o.engine);
  if (!prog) return 1;
  try {
    ri::Game g(prog);
    std::cout << fmt::format("rules: {}\n", file) << std::flush;
    bench::Work perft = o.work, playouts = o.work;  // perft's line printed before the playouts start
    perft.playouts = 0;
    playouts.depth = 0;
    if (auto f = bench::run_best(g, perft, o.repeat); f.perft) std::cout << bench::perft_line(*f.perft) << std::flush;
    if (auto f = bench::run_best(g, playouts, o.repeat); f.playouts) std::cout << bench::playouts_line(*f.playouts);
  } catch (const ri::RuntimeError& e) {
    std::cerr << runtime_error_text(*prog, e);
    return 1;
  }
  return 0;
}

// The work of a game's runs: the amounts given, the others chosen so that a run of each takes about the target.
bench::Work choose_work(ri::Game& g, const Options& o) {
  bench::Work w = o.work;
  if (!o.depth_given) w.depth = bench::choose_depth(g, w, o.seconds);
  if (!o.playouts_given) w.playouts = bench::choose_playouts(g, w, o.seconds);
  return w;
}

// Measures one game and prints its row; notes go to standard error. False when this benchmark failed on it.
bool measure_entry(const bench::Table& table, const Entry& e, const Options& o, const std::string& dir) {
  auto prog = load(e.file, dir, o.engine);
  bench::Work w{0, 0, o.work.seed, o.work.max_plies, o.work.threads};
  if (!prog) {
    std::cout << table.row(e.name, w, {});
    return false;
  }
  try {
    ri::Game g(prog);
    w = choose_work(g, o);
    if (o.against.empty()) {
      std::cout << table.row(e.name, w, bench::run_best(g, w, o.repeat)) << std::flush;
      return true;
    }
  } catch (const ri::RuntimeError& err) {
    std::cerr << runtime_error_text(*prog, err);
    std::cout << table.row(e.name, w, {});
    return false;
  }
  auto [mine, theirs] = bench::run_against("/proc/self/exe", o.against, e.file, w, o.repeat, o.engine);
  for (const std::string& d : bench::differences(e.name, mine.best, theirs.best)) std::cerr << "note: " << d << "\n";
  if (!mine.failure.empty()) std::cerr << fmt::format("error: {}: {}\n", e.name, mine.failure);
  if (!theirs.failure.empty()) std::cerr << fmt::format("note: {}: {} failed: {}\n", e.name, o.against, theirs.failure);
  std::cout << table.row(e.name, w, mine.best, theirs.best) << std::flush;
  return mine.failure.empty();
}

// The games of a table (entries) and the width of their names; none after saying so.
std::vector<Entry> table_games(const Options& o, const std::string& dir, size_t& width) {
  std::vector<Entry> games = entries(o, dir);
  if (games.empty())
    std::cerr << fmt::format("error: no rule file given, and no rules/ folder here or in {}\n", RULEINTERP_SOURCE_DIR);
  width = 0;
  for (const Entry& e : games) width = std::max(width, e.name.size());
  return games;
}

// The table of --mcts N: every game's search speed. Exit status 1 when a rule file fails, 2 when there is no game.
int print_search_table(const Options& o, const std::string& dir) {
  size_t width = 0;
  const std::vector<Entry> games = table_games(o, dir, width);
  if (games.empty()) return 2;
  std::cout << fmt::format("mcts:{} from the first decision with a choice that random play from seed {} reaches; the "
                           "fastest of {} search{}\n\n",
                           o.mcts, o.work.seed, o.repeat, o.repeat == 1 ? "" : "es")
            << bench::search_header(width) << std::flush;
  bool ok = true;
  for (const Entry& e : games) {
    auto prog = load(e.file, dir, o.engine);
    std::optional<bench::SearchFigures> f;
    if (prog) {
      try {
        ri::Game g(prog);
        f = bench::time_mcts(g, o.mcts, o.work.seed, o.repeat);
      } catch (const ri::RuntimeError& err) {
        std::cerr << runtime_error_text(*prog, err);
        ok = false;
      }
    } else {
      ok = false;
    }
    std::cout << bench::search_row(width, e.name, f) << std::flush;
  }
  return ok ? 0 : 1;
}

// The table of every game. Exit status 1 when this benchmark failed on any game (the other binary's failures are
// only noted), 2 when there is no game.
int print_table(const Options& o, const std::string& dir) {
  size_t width = 0;
  const std::vector<Entry> games = table_games(o, dir, width);
  if (games.empty()) return 2;
  bench::Table table(width, !o.against.empty());
  std::cout << fmt::format("best of {} run{} of each figure, its work chosen to take about {} s unless given; playouts "
                           "from seed {}, at most {} plies each{}{}\n\n",
                           o.repeat, o.repeat == 1 ? "" : "s", o.seconds, o.work.seed, o.work.max_plies,
                           o.work.threads == 1 ? "" : fmt::format("; {} threads", o.work.threads),
                           o.against.empty() ? "" : "; old: " + o.against + ", run alternately with this one")
            << table.header() << std::flush;
  bool ok = true;
  for (const Entry& e : games) ok = measure_entry(table, e, o, dir) && ok;
  if (!builds.empty()) std::cout << "\nnative builds:\n";
  for (const std::string& b : builds) std::cout << "  " << b << "\n";
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ruleinterp_bench: perft and random playout speed, for every shipped game (rules/*.rules) or the "
               "rule files given"};
  Options o;
  app.add_option("files", o.files, "rule files (default: every rules/*.rules)");
  app.add_flag("--all", o.all, "also every rules/*.rules when files are given");
  app.add_option("--seconds", o.seconds, "target time of a run, for the work not given (default 0.3)")
      ->check(CLI::Range(0.001, 3600.0));
  app.add_option("--depth", o.work.depth, "perft depth (0 skips perft; default: chosen per game)")->check(CLI::Range(0, 64));
  app.add_option("--playouts", o.work.playouts, "number of playouts (0 skips them; default: chosen per game)");
  app.add_option("--seed", o.work.seed, "playout seed (default 1)");
  app.add_option("--max-plies", o.work.max_plies, "playout length limit (default 10000)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  app.add_option("--threads", o.work.threads, "share perft and the playouts out over N threads (default 1)")
      ->type_name("N")
      ->check(CLI::Range(1, ri::kMaxThreads));
  app.add_option("--repeat", o.repeat, "runs of each; the best is shown (default 3)")->check(CLI::Range(1, 100));
  app.add_option("--mcts", o.mcts, "instead: time an mcts:N search per game (iterations/s)")
      ->check(CLI::Range(uint64_t{1}, uint64_t{100'000'000}));
  app.add_option("--against", o.against, "another ruleinterp_bench to run on the same work (scripts/bench-build)")
      ->check(CLI::ExistingFile);
  app.add_option("--engine", o.engine, "interp (default) or native: each game on its native build (spec/native.md)")
      ->check(CLI::IsMember({"interp", "native"}));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "error: " << e.what() << "\n\n" << app.help();
    return 2;
  }
  if (!o.against.empty() && access(o.against.c_str(), X_OK) != 0) {
    std::cerr << fmt::format("error: --against: {} is not an executable file\n", o.against);
    return 2;
  }
  o.depth_given = app.count("--depth") > 0;
  o.playouts_given = app.count("--playouts") > 0;
  const std::string dir = rules_dir();
  if (o.mcts > 0) return print_search_table(o, dir);
  if (o.files.size() == 1 && !o.all && o.against.empty() && o.depth_given && o.playouts_given)
    return print_lines(o, dir);
  return print_table(o, dir);
}
