// Running two benchmarks on the same work. See against.hpp.
#include "against.hpp"

#include <fmt/format.h>

#include <sstream>

#include "child.hpp"

namespace bench {

namespace {

// A file name as an argument that no program takes for an option.
std::string file_argument(const std::string& file) { return file.starts_with("-") ? "./" + file : file; }

// Why a run gave no figure for a part it was asked, or "": the first line of its output that is neither the
// `rules:` line nor a figure, with its exit status.
std::string failure(const ChildResult& r, const Work& w, const Figures& f) {
  if (!r.started) return "cannot run it: " + r.output;
  if (r.status == 0 && (w.depth == 0 || f.perft) && (w.playouts == 0 || f.playouts)) return "";
  std::istringstream lines(r.output);
  std::string line, why = "no figures in its output";
  while (std::getline(lines, line))
    if (!line.starts_with("rules:") && !line.starts_with("perft ") && !line.starts_with("playouts:") &&
        !line.empty()) {
      why = line;
      break;
    }
  return fmt::format("exit {}: {}", r.status, why);
}

// One run of `binary`, its figures added to `side`'s best; its first failure kept.
void run_side(const std::string& binary, const std::string& file, const Work& w, const std::string& engine,
              Side& side) {
  ChildResult r = run_child(bench_command(binary, file, w, engine));
  Figures f = r.started ? parse_figures(r.output) : Figures{};
  keep_faster(side.best, f);
  if (side.failure.empty()) side.failure = failure(r, w, f);
}

}  // namespace

std::vector<std::string> bench_command(const std::string& binary, const std::string& file, const Work& w,
                                       const std::string& engine) {
  std::vector<std::string> args = {binary,        file_argument(file),         "--depth",  std::to_string(w.depth),
                                   "--playouts",  std::to_string(w.playouts),  "--seed",   std::to_string(w.seed),
                                   "--max-plies", std::to_string(w.max_plies), "--repeat", "1"};
  if (w.threads > 1) args.insert(args.end(), {"--threads", std::to_string(w.threads)});
  if (engine != "interp") args.insert(args.end(), {"--engine", engine});
  return args;
}

std::pair<Side, Side> run_against(const std::string& mine, const std::string& theirs, const std::string& file,
                                  const Work& w, int repeat, const std::string& engine) {
  Side m, t;
  for (int r = 0; r < repeat; ++r) {
    run_side(mine, file, w, engine, m);
    run_side(theirs, file, w, engine, t);
  }
  return {m, t};
}

std::vector<std::string> differences(const std::string& name, const Figures& mine, const Figures& theirs) {
  std::vector<std::string> out;
  if (mine.perft && theirs.perft && (mine.perft->leaves != theirs.perft->leaves || mine.perft->nodes != theirs.perft->nodes))
    out.push_back(fmt::format("{}: perft {} counts differ: {} nodes, {} leaves here; {} nodes, {} leaves there", name,
                              mine.perft->depth, mine.perft->nodes, mine.perft->leaves, theirs.perft->nodes,
                              theirs.perft->leaves));
  if (mine.playouts && theirs.playouts &&
      (mine.playouts->plies_each != theirs.playouts->plies_each ||
       mine.playouts->unfinished != theirs.playouts->unfinished))
    out.push_back(fmt::format("{}: the playouts played other games ({:.1f} plies each here, {:.1f} there): compare "
                              "plies/s, not playouts/s",
                              name, mine.playouts->plies_each, theirs.playouts->plies_each));
  return out;
}

}  // namespace bench
