// Native builds (spec/native.md): a program's generated C++ (codegen.hpp) compiled by the system's C++ compiler into a
// shared object, kept in a cache keyed by the source (which holds the program's code and tables, so the rule file, its
// bases and imports and the --set values), the headers it is compiled against and the compiler, then loaded and
// checked. Nothing of the rule file chooses a path: the cache's files are named by the key alone, and the compiler is
// run without a shell, its arguments ours.
#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "compile/program.hpp"
#include "native/codegen.hpp"

namespace ri {

// The largest generated source compiled (a rule file cannot make the compiler run for hours).
inline constexpr size_t kMaxNativeSource = size_t{16} << 20;

struct NativeOptions {
  std::string compiler;   // the C++ compiler; "" for $CXX, else the one ruleinterp was configured with
  std::string cache_dir;  // "" for native_cache_dir()
  // Called about every half second while the compiler runs, with the seconds so far (a progress line on a terminal);
  // null: nothing.
  std::function<void(double)> progress;
};

// The directory of the cache: $RULEINTERP_CACHE, else $XDG_CACHE_HOME/ruleinterp, else $HOME/.cache/ruleinterp.
std::string native_cache_dir();
// The compiler a build uses: options.compiler, else $CXX, else the one ruleinterp was configured with.
std::string native_compiler(const NativeOptions& options);

struct NativeBuild {
  std::shared_ptr<const NativeCode> code;  // null when none is loaded (error says why)
  std::string library;                     // the shared object's path
  std::string key;                         // the cache's key (its files are KEY.cpp and KEY.so)
  bool compiled = false;                   // compiled now (not found in the cache)
  double seconds = 0;                      // the compile's time
  int roots = 0, nodes = 0, effects = 0, moves = 0;  // what the source translates (NativeSource)
  std::string error;                       // one line: why there is no build
};

// P's native build from the cache when it holds a sound one (a file that does not load, or was built for other
// headers or another program, is built again), else compiled now when `compile` (else error says there is none).
NativeBuild native_build(const Program& P, const NativeOptions& options, bool compile = true);

// Compiles P's native build into the shared object `out` (no cache); false with `error` set on failure.
bool compile_native_to(const Program& P, const NativeOptions& options, const std::string& out, NativeBuild& result);

// Writes P's generated C++ source to `out` (nothing compiled); false with `error` set on failure.
bool write_native_source(const Program& P, const NativeOptions& options, const std::string& out, NativeBuild& result);

// A copy of P that runs `code` in place of the closures it replaces (Program::native).
std::shared_ptr<const Program> with_native(const Program& P, std::shared_ptr<const NativeCode> code);

}  // namespace ri
