// ruleinterp merge FILE... [--json]: the shards of a run (`perft --shard`, `arena --shard`) added up into what the
// whole run prints. See spec/cli.md, *Shards*.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "search/arena_report.hpp"
#include "search/shards.hpp"

namespace ri::cli {

namespace {

struct MergeOpts {
  std::vector<std::string> files;
  bool json = false;
};

// The most bytes a shard's file may have.
constexpr std::streamoff kMaxShardFile = std::streamoff{1} << 30;

int run_merge(const MergeOpts& o) {
  std::vector<ShardFile> files;
  for (const std::string& path : o.files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::cerr << fmt::format("{}: error: cannot read the file\n", path);
      return 1;
    }
    in.seekg(0, std::ios::end);
    if (in.tellg() > kMaxShardFile) {
      std::cerr << fmt::format("{}: error: the file is larger than a shard's result may be (1 GiB)\n", path);
      return 1;
    }
    in.seekg(0);
    std::ostringstream text;
    text << in.rdbuf();
    files.push_back({path, text.str()});
  }
  Merged m;
  std::vector<std::string> errors;
  if (!merge_shards(files, m, errors)) {
    for (const std::string& e : errors) std::cerr << e << '\n';
    return 1;
  }
  if (m.kind == "perft") {
    if (o.json) throw UsageError("--json: merged perft counts print as perft prints them");
    for (size_t d = 1; d < m.counts.size(); ++d) std::cout << fmt::format("{} {}\n", d, m.counts[d]);
    return 0;
  }
  const ArenaReport rep = report(m.arena);
  if (o.json) {
    std::cout << report_json(m.arena, rep) << '\n';
  } else {
    std::cout << fmt::format("seed: {}\n", m.arena.seed);
    std::cout << report_text(m.arena, rep);
  }
  return 0;
}

}  // namespace

void add_merge(CLI::App& app, std::vector<Command>& out) {
  auto o = std::make_shared<MergeOpts>();
  auto* cmd = app.add_subcommand("merge", "Add up the shards of a run (perft --shard, arena --shard) into what the "
                                          "whole run prints");
  cmd->add_option("files", o->files, "the shards' results, one file each, all K of them")->required();
  cmd->add_flag("--json", o->json, "an arena's report as one JSON object");
  out.push_back({cmd, [o] { return run_merge(*o); }});
}

}  // namespace ri::cli
