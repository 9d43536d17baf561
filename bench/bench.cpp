// ruleinterp_bench: times perft and random playouts on any rule file (not a test: run it by hand).
//   ruleinterp_bench FILE [--depth D] [--playouts N] [--seed S] [--max-plies M] [--repeat R]
// Prints the best time of R runs of each: perft to depth D (nodes = action sequences of 1..D plies) and
// N playouts from one Prng(S). See spec/cli.md for what perft and playouts count.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <numeric>

#include "analysis/perft.hpp"
#include "analysis/playouts.hpp"
#include "pipeline/pipeline.hpp"

int main(int argc, char** argv) {
  CLI::App app{"ruleinterp_bench: perft and playout speed for a rule file"};
  std::string file;
  int depth = 8, repeat = 3;
  uint64_t count = 1000, seed = 1;
  int64_t max_plies = 10000;
  app.add_option("file", file, "rule file")->required();
  app.add_option("--depth", depth, "perft depth (default 8; 0 skips perft)")->check(CLI::Range(0, 64));
  app.add_option("--playouts", count, "number of playouts (default 1000; 0 skips them)");
  app.add_option("--seed", seed, "playout seed (default 1)");
  app.add_option("--max-plies", max_plies, "playout length limit (default 10000)")->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  app.add_option("--repeat", repeat, "runs of each; the best is shown (default 3)")->check(CLI::Range(1, 100));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "error: " << e.what() << "\n\n" << app.help();
    return 2;
  }
  ri::Diagnostics diags;
  auto prog = ri::load_rules(file, diags);
  if (!prog) {
    std::cerr << diags.format();
    return 1;
  }
  try {
    ri::Game g(prog);
    std::cout << fmt::format("rules: {}\n", file);
    if (depth > 0) {
      double best = 1e300;
      std::vector<uint64_t> c;
      for (int r = 0; r < repeat; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        c = ri::perft(g, depth);
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      }
      uint64_t nodes = std::accumulate(c.begin() + 1, c.end(), uint64_t{0});
      std::cout << fmt::format("perft {}: {} leaves, {} nodes in {:.3f} s: {:.0f} nodes/s\n", depth, c.back(), nodes, best,
                               best > 0 ? static_cast<double>(nodes) / best : 0.0);
    }
    if (count > 0) {
      ri::PlayoutStats best;
      best.seconds = 1e300;
      for (int r = 0; r < repeat; ++r) {
        ri::PlayoutStats st = ri::playouts(g, count, seed, max_plies);
        if (st.seconds < best.seconds) best = st;
      }
      std::cout << fmt::format("playouts: {} ({} unfinished), {:.1f} plies each, in {:.3f} s: {:.0f} playouts/s, {:.0f} plies/s\n",
                               best.count, best.unfinished,
                               static_cast<double>(best.plies) / static_cast<double>(best.count), best.seconds,
                               static_cast<double>(best.count) / best.seconds,
                               static_cast<double>(best.plies) / best.seconds);
    }
  } catch (const ri::RuntimeError& e) {
    std::cerr << ri::format_diagnostic(ri::Diagnostic{prog->files.at(e.pos.file), e.pos, e.what()});
    return 1;
  }
  return 0;
}
