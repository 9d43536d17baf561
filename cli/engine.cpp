// The engines a command can run a rule file on (--engine) and `ruleinterp compile` (spec/cli.md, *Engines*): the
// interpreter, or a native build of the rule file (interpreter/native/), found in the cache or compiled now.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "native/build.hpp"

namespace ri::cli {

namespace {

// A line on a terminal while the compiler runs (nothing elsewhere): what is compiled and the seconds so far.
struct CompileLine {
  explicit CompileLine(const std::string& file) : file_(file), on_(isatty(STDERR_FILENO) != 0) {}
  ~CompileLine() {
    if (shown_) std::fprintf(stderr, "\r%*s\r", static_cast<int>(shown_), ""), std::fflush(stderr);
  }
  std::function<void(double)> hook() {
    if (!on_) return nullptr;
    return [this](double s) {
      const std::string text = fmt::format("compiling {} to native code: {:.0f} s", file_, s);
      std::fprintf(stderr, "\r%s", text.c_str());
      std::fflush(stderr);
      shown_ = std::max(shown_, text.size());
    };
  }
  std::string file_;
  bool on_;
  size_t shown_ = 0;
};

}  // namespace

void add_engine_option(CLI::App* cmd, Start& start, const std::string& fallback) {
  start.engine = fallback;
  cmd->add_option("--engine", start.engine,
                  fmt::format("interp (the interpreter), native (the rule file compiled to C++: found in the cache or "
                              "compiled now) or auto (a native build in the cache, or one compiled now when the job is "
                              "long; else the interpreter); default {}", fallback))
      ->check(CLI::IsMember({"interp", "native", "auto"}));
}

std::shared_ptr<const Program> with_engine(std::shared_ptr<const Program> prog, const std::string& engine,
                                           bool long_job, const std::string& file) {
  if (!prog || engine == "interp" || engine.empty()) return prog;
  NativeOptions options;
  CompileLine line(file);
  options.progress = line.hook();
  const bool compile = engine == "native" || long_job;
  NativeBuild b = native_build(*prog, options, compile);
  if (b.code) return with_native(*prog, b.code);
  if (engine == "native") {
    std::cerr << fmt::format("{}: error: no native engine: {}\n", file, b.error);
    return nullptr;
  }
  if (compile) std::cerr << fmt::format("{}: note: no native engine ({}); running on the interpreter\n", file, b.error);
  return prog;
}

void add_compile(CLI::App& app, std::vector<Command>& out) {
  struct Opts {
    std::string file, out;
    std::vector<std::string> set, allow_dirs;
  };
  auto o = std::make_shared<Opts>();
  auto* cmd = app.add_subcommand("compile",
                                 "Compile a rule file to native code (C++ built by the system's compiler) for --engine "
                                 "native; prints the shared object's path");
  cmd->add_option("file", o->file, "rule file")->required();
  cmd->add_option("-o,--output", o->out,
                  "write the shared object here instead of the cache (a name ending in .cpp: the C++ source only)");
  add_set_option(cmd, o->set);
  add_allow_dir_option(cmd, o->allow_dirs);
  out.push_back({cmd, [o] {
                   Start start;
                   start.set = o->set;
                   start.allow_dirs = o->allow_dirs;
                   Opened opened;
                   auto prog = load_started(o->file, start, opened);
                   if (!prog) return 1;
                   NativeOptions options;
                   CompileLine line(o->file);
                   options.progress = line.hook();
                   NativeBuild b;
                   const std::string& to = o->out;
                   if (to.size() > 4 && to.compare(to.size() - 4, 4, ".cpp") == 0) {
                     if (!write_native_source(*prog, options, to, b)) {
                       std::cerr << fmt::format("{}: error: {}\n", o->file, b.error);
                       return 1;
                     }
                     std::cout << fmt::format("{}: {} trees ({} nodes), {} effects and {} moves' candidates as C++: {}\n",
                                              o->file, b.roots, b.nodes, b.effects, b.moves, to);
                     return 0;
                   }
                   const bool ok = to.empty() ? (b = native_build(*prog, options)).code != nullptr
                                              : compile_native_to(*prog, options, to, b);
                   if (!ok) {
                     std::cerr << fmt::format("{}: error: no native engine: {}\n", o->file, b.error);
                     return 1;
                   }
                   std::cout << fmt::format("{}: {} trees ({} nodes), {} effects and {} moves' candidates {}: {}\n", o->file,
                                            b.roots, b.nodes, b.effects, b.moves,
                                            b.compiled ? fmt::format("compiled in {:.1f} s", b.seconds)
                                                       : std::string("found in the cache"),
                                            b.library);
                   return 0;
                 }});
}

}  // namespace ri::cli
