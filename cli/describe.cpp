// ruleinterp describe FILE [--set NAME=VALUE]... [--allow-dir DIR]...: what a game is and how to play it: its name,
// description, how to type a move, its players, its parameters, the game it extends (for a variant) and the shipped
// variants of it. See spec/cli.md.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "syntax/document.hpp"

namespace ri::cli {

namespace {

namespace fs = std::filesystem;

// A path as describe prints it: relative to the working directory when it lies inside it, else absolute.
std::string shown_path(const fs::path& p) {
  std::error_code ec;
  fs::path rel = fs::relative(p, fs::current_path(ec), ec);
  if (!ec && !rel.empty() && *rel.begin() != "..") return rel.generic_string();
  return fs::weakly_canonical(p, ec).generic_string();
}

// The top of a rule file: what it extends and its game's name and description, read without its bases (a file that
// cannot be read or loaded gives what could be read).
struct Headline {
  std::string extends, name, description;
};
Headline headline(const fs::path& path) {
  Headline h;
  std::string text;
  if (!read_file(path.string(), kMaxSourceBytes, text).empty()) return h;
  Document doc;
  Diagnostics ignored;  // a broken variant is still listed: its own check reports its problems
  load_document(std::make_shared<const SourceFile>(path.string(), std::move(text)), doc, ignored);
  return {doc.extends.s, doc.name.s, doc.description.s};
}

// The shipped rule files that extend `file` (the shipped games' directory and its variants/), sorted by path.
std::vector<fs::path> shipped_variants(const fs::path& file) {
  std::error_code ec;
  fs::path target = fs::weakly_canonical(file, ec);
  std::vector<fs::path> out;
  for (fs::path dir : {fs::path(kShippedRules), fs::path(kShippedRules) / "variants"}) {
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      const fs::path& p = it->path();
      if (p.extension() != ".rules" || !it->is_regular_file(ec)) continue;
      if (fs::weakly_canonical(p, ec) == target) continue;
      Headline h = headline(p);
      if (h.extends.empty()) continue;
      if (fs::weakly_canonical(p.parent_path() / h.extends, ec) == target) out.push_back(p);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A parameter: NAME = VALUE (--set; default D, RANGE): DESCRIPTION
std::string param_line(const RuleParam& p) {
  std::string range;
  if (p.min && p.max) range = fmt::format(", from {} to {}", *p.min, *p.max);
  else if (p.min) range = fmt::format(", at least {}", *p.min);
  else if (p.max) range = fmt::format(", at most {}", *p.max);
  if (p.step && *p.step > 1) range += fmt::format(" in steps of {}", *p.step);
  std::string set = p.value != p.def ? "--set; " : "";
  std::string what = p.description.empty() ? "" : ": " + p.description;
  while (!what.empty() && what.back() == '\n') what.pop_back();
  return fmt::format("  {} = {} ({}default {}{}){}\n", p.name, p.value, set, p.def, range, what);
}

int run_describe(const std::string& file, const std::vector<std::string>& set,
                 const std::vector<std::string>& allow_dirs) {
  ParamValues params;
  if (!gather_params(set, "", "", nullptr, params)) return 1;
  auto prog = load_or_report(file, nullptr, params, allow_dirs);
  if (!prog) return 1;
  const Program& P = *prog;
  std::string out = P.name + "\n" + file + "\n";
  if (P.extends.line > 0 && P.files.size() > 1) {
    Headline base = headline(P.files[1]->path);
    out += fmt::format("a variant of {}{}\n", P.files[1]->path, base.name.empty() ? "" : " (" + base.name + ")");
  }
  if (!P.description.empty()) out += "\n" + wrapped(P.description, 0);
  out += "\nHow to type a move:\n";
  out += P.syntax.empty() ? "  (the rule file does not say: `ruleinterp moves FILE` lists the legal moves)\n"
                          : wrapped(P.syntax, 2);
  out += "\nPlayers, in turn order: ";
  for (size_t i = 0; i < P.players.size(); ++i) out += (i ? ", " : "") + P.players[i];
  out += "\n";
  out += "\nParameters (--set NAME=VALUE):";
  out += P.params.empty() ? " none\n" : "\n";
  for (const RuleParam& p : P.params) out += param_line(p);
  std::vector<fs::path> variants = shipped_variants(file);
  out += "\nShipped variants:";
  out += variants.empty() ? " none\n" : "\n";
  for (const fs::path& v : variants) {
    Headline h = headline(v);
    out += fmt::format("  {}{}\n", shown_path(v), h.name.empty() ? "" : ": " + h.name);
    if (!h.description.empty()) out += wrapped(h.description, 4);
  }
  std::cout << out;
  return 0;
}

}  // namespace

void add_describe(CLI::App& app, std::vector<Command>& out) {
  struct Opts {
    std::string file;
    std::vector<std::string> set;
    std::vector<std::string> allow_dirs;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("describe",
                                 "Describe a game: its name, description, how to type a move, players, parameters and "
                                 "the shipped variants of it");
  cmd->add_option("file", o->file, "rule file")->required();
  add_set_option(cmd, o->set);
  add_allow_dir_option(cmd, o->allow_dirs);
  out.push_back({cmd, [o] { return run_describe(o->file, o->set, o->allow_dirs); }});
}

}  // namespace ri::cli
