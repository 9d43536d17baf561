// Compiling, caching and loading native builds (build.hpp).
#include "native/build.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>
#include <vector>

#include "native/abi_key.hpp"  // generated at build time: RI_NATIVE_HEADERS, RI_NATIVE_INCLUDE, RI_NATIVE_CXX
#include "runtime/native_abi.hpp"

extern char** environ;

namespace ri {
namespace {

namespace fs = std::filesystem;

// 128 bits of two 64-bit FNV-1a hashes (a cache key; the source kept beside the build is compared on load, so a
// collision costs a rebuild, never a wrong build)
std::string key_of(const std::string& text) {
  uint64_t a = 0xcbf29ce484222325ull, b = 0x84222325cbf29ce4ull;
  for (unsigned char c : text) {
    a = (a ^ c) * 0x100000001b3ull;
    b = (b ^ c) * 0x100000001b3ull;
    b ^= b >> 29;
  }
  return fmt::format("{:016x}{:016x}", a, b);
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  out = s.str();
  return true;
}

// writes `text` to `path` through a file beside it renamed into place (a reader never sees half of it)
bool write_file(const std::string& path, const std::string& text, std::string& error) {
  const std::string tmp = fmt::format("{}.tmp{}", path, getpid());
  {
    std::remove(tmp.c_str());
    const int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0) {
      error = fmt::format("cannot write '{}': {}", path, std::strerror(errno));
      return false;
    }
    close(fd);
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) {
      error = fmt::format("cannot write '{}': {}", path, std::strerror(errno));
      std::remove(tmp.c_str());
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    error = fmt::format("cannot write '{}': {}", path, std::strerror(errno));
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

// What names the compiler: its path, size and time of change (a compiler upgraded is another compiler).
std::string compiler_identity(const std::string& cxx) {
  std::string path = cxx;
  if (cxx.find('/') == std::string::npos)
    if (const char* p = std::getenv("PATH"))
      for (std::string dirs = p; !dirs.empty();) {
        const size_t c = dirs.find(':');
        const std::string d = dirs.substr(0, c);
        dirs = c == std::string::npos ? "" : dirs.substr(c + 1);
        if (!d.empty() && access((d + "/" + cxx).c_str(), X_OK) == 0) {
          path = d + "/" + cxx;
          break;
        }
      }
  struct stat st {};
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  if (ec || stat(real.c_str(), &st) != 0) return cxx;
  return fmt::format("{} {} {}", real.string(), st.st_size, st.st_mtime);
}

// The optimisation every build is compiled with (part of the cache's key): -O3's inlining, which the listings' nested
// loops of small calls gain most from (breakthrough +14%, connect four +11% random playouts a second over -O2), without
// its vectorisation of loops (chess -2%; the loops are short). (Flags that g++ and clang++ both take.)
constexpr const char* kOptimise[] = {"-O3", "-fno-tree-vectorize", "-fno-tree-slp-vectorize"};

// The flags every build is compiled with: those the generated code and the headers need, and the optimisation.
std::vector<std::string> compile_args(const std::string& cxx, const std::string& src, const std::string& out) {
  std::vector<std::string> args = {cxx, "-std=c++20"};
  args.insert(args.end(), std::begin(kOptimise), std::end(kOptimise));
  args.insert(args.end(), {"-fPIC", "-shared", "-w", "-fno-plt", "-I", RI_NATIVE_INCLUDE, "-o", out, src});
  return args;
}

// Runs the compiler (no shell: argv as given), its output to `log`; false with `error` set when it cannot be run or
// fails.
bool run_compiler(const std::vector<std::string>& args, const std::string& log, const NativeOptions& options,
                  std::string& error) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    error = fmt::format("cannot run the C++ compiler '{}': {}", args[0], std::strerror(rc));
    return false;
  }
  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  for (int slept = 0;; ++slept) {
    const pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) {
      error = fmt::format("cannot wait for the C++ compiler '{}': {}", args[0], std::strerror(errno));
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (options.progress && slept % 10 == 9)
      options.progress(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
  std::string out;
  read_file(log, out);
  std::string first;
  for (std::istringstream in(out); std::getline(in, first);)
    if (first.find("error") != std::string::npos) break;
  if (first.size() > 300) first = first.substr(0, 300) + "...";
  error = WIFEXITED(status) && WEXITSTATUS(status) == 127
              ? fmt::format("cannot run the C++ compiler '{}'", args[0])
              : fmt::format("the C++ compiler '{}' failed{}{} (its output: {})", args[0], first.empty() ? "" : ": ",
                            first, log);
  return false;
}

using Fn = void (*)(const NativeHost*);

// Whether the file at `path` is the user's own and nobody else may write it (a build another user could have changed
// is never loaded: loading runs its code).
bool own_file(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
         (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

// Loads the shared object at `path` for P, whose source is `source` (checked against what it was built from); null
// with `error` set when it does not load or is not P's build for these headers.
std::shared_ptr<const NativeCode> load(const Program& P, const std::string& path, const std::string& key,
                                       std::string& error) {
  void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char* e = dlerror();
    error = fmt::format("cannot load the native build '{}': {}", path, e ? e : "unknown error");
    return nullptr;
  }
  std::shared_ptr<void> lib(h, [](void* p) { dlclose(p); });
  const auto* abi = static_cast<const int*>(dlsym(h, "ri_native_abi"));
  const auto* k = static_cast<const char*>(dlsym(h, "ri_native_key"));
  const auto* nodes = static_cast<const long long*>(dlsym(h, "ri_native_nodes"));
  const auto* count = static_cast<const long long*>(dlsym(h, "ri_native_count"));
  const auto* entries = static_cast<const NativeEntry*>(dlsym(h, "ri_native_entries"));
  const auto* nmoves = static_cast<const long long*>(dlsym(h, "ri_native_nmoves"));
  const auto* moves = static_cast<const NativeMove*>(dlsym(h, "ri_native_moves"));
  const auto* steps = static_cast<const NativeStep*>(dlsym(h, "ri_native_steps"));
  const auto* ends = static_cast<const NativeEndsFn*>(dlsym(h, "ri_native_ends"));
  const auto bind = reinterpret_cast<Fn>(dlsym(h, "ri_native_bind"));
  if (!abi || !k || !nodes || !count || !entries || !nmoves || !moves || !steps || !ends || !*ends || !bind || *abi != kNativeAbi || key != k ||
      *nodes != static_cast<long long>(P.code.size()) || *count < 0 || *nmoves < 0 ||
      *nmoves > static_cast<long long>(P.moves.size())) {
    error = fmt::format("'{}' is not a native build of this rule file for this ruleinterp", path);
    return nullptr;
  }
  auto code = std::make_shared<NativeCode>();
  for (long long i = 0; i < *count; ++i) {
    const NativeEntry& e = entries[i];
    if (e.node < 0 || static_cast<size_t>(e.node) >= P.code.size() || !e.fn) {
      error = fmt::format("'{}' is not a native build of this rule file for this ruleinterp", path);
      return nullptr;
    }
    code->entries.push_back(e);
  }
  code->moves.assign(P.moves.size(), nullptr);
  for (long long i = 0; i < *nmoves; ++i) {
    const NativeMove& g = moves[i];
    if (g.move < 0 || static_cast<size_t>(g.move) >= P.moves.size() || !g.fn) {
      error = fmt::format("'{}' is not a native build of this rule file for this ruleinterp", path);
      return nullptr;
    }
    code->moves[static_cast<size_t>(g.move)] = g.fn;
  }
  code->steps.assign(P.moves.size(), nullptr);
  for (size_t i = 0; i < P.moves.size(); ++i) {  // (one for each move, in order)
    const NativeStep& r = steps[i];
    if (r.move != static_cast<int32_t>(i) || !r.fn) {
      error = fmt::format("'{}' is not a native build of this rule file for this ruleinterp", path);
      return nullptr;
    }
    code->steps[i] = r.fn;
  }
  code->ends = *ends;
  bind(&Native::host);
  code->library = std::move(lib);
  return code;
}

std::string source_key(const std::string& compiler) {
  std::string identity = compiler_identity(compiler);
  for (const char* flag : kOptimise) identity += std::string(" ") + flag;
  return fmt::format("{}-{}-{}", RI_NATIVE_HEADERS, kNativeAbi, key_of(identity));
}

}  // namespace

std::string native_cache_dir() {
  if (const char* d = std::getenv("RULEINTERP_CACHE"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return std::string(d) + "/ruleinterp";
  if (const char* d = std::getenv("HOME"); d && *d) return std::string(d) + "/.cache/ruleinterp";
  return "";
}

std::string native_compiler(const NativeOptions& options) {
  if (!options.compiler.empty()) return options.compiler;
  if (const char* c = std::getenv("CXX"); c && *c) return c;
  return RI_NATIVE_CXX;
}

namespace {

// The generated source `src` for the compiler `cxx`: what the result reports of it.
NativeSource generated(const Program& P, const std::string& cxx, NativeBuild& r) {
  NativeSource src = native_source(P, source_key(cxx));
  r.key = key_of(src.text);
  r.roots = src.roots;
  r.nodes = src.nodes;
  r.effects = src.effects;
  r.moves = src.moves;
  return src;
}

// Compiles `src` with `cxx` into the shared object `out` (its source kept beside it, OUT.cpp).
bool compile_source(const NativeSource& src, const std::string& cxx, const NativeOptions& options,
                    const std::string& out, NativeBuild& r) {
  if (src.text.size() > kMaxNativeSource) {  // (the compiler's time and memory grow with it)
    r.error = fmt::format("the rule file's C++ would take {} bytes, more than the {} a native build may have",
                          src.text.size(), kMaxNativeSource);
    return false;
  }
  const std::string cpp = out + ".cpp";
  if (!write_file(cpp, src.text, r.error)) return false;
  const std::string tmp = fmt::format("{}.tmp{}", out, getpid());
  const auto start = std::chrono::steady_clock::now();
  const bool ok = run_compiler(compile_args(cxx, cpp, tmp), out + ".log", options, r.error);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!ok) {
    std::remove(tmp.c_str());
    return false;
  }
  chmod(tmp.c_str(), 0700);  // (nobody else may change what is loaded)
  if (std::rename(tmp.c_str(), out.c_str()) != 0) {
    r.error = fmt::format("cannot write '{}': {}", out, std::strerror(errno));
    std::remove(tmp.c_str());
    return false;
  }
  std::remove((out + ".log").c_str());
  r.compiled = true;
  r.library = out;
  return true;
}

}  // namespace

bool compile_native_to(const Program& P, const NativeOptions& options, const std::string& out, NativeBuild& r) {
  const std::string cxx = native_compiler(options);
  return compile_source(generated(P, cxx, r), cxx, options, out, r);
}

bool write_native_source(const Program& P, const NativeOptions& options, const std::string& out, NativeBuild& r) {
  const NativeSource src = generated(P, native_compiler(options), r);
  return write_file(out, src.text, r.error);
}

NativeBuild native_build(const Program& P, const NativeOptions& options, bool compile) {
  NativeBuild r;
  const std::string cxx = native_compiler(options);
  const std::string key = source_key(cxx);
  const NativeSource src = generated(P, cxx, r);
  const std::string dir = options.cache_dir.empty() ? native_cache_dir() : options.cache_dir;
  if (dir.empty()) {
    r.error = "no cache directory for native builds (set RULEINTERP_CACHE or HOME)";
    return r;
  }
  const std::string base = dir + "/" + r.key;
  r.library = base + ".so";
  // a build in the cache: its source must be this one (then it is this program's), and it must load
  std::string kept;
  if (own_file(r.library) && own_file(r.library + ".cpp") && read_file(r.library + ".cpp", kept) && kept == src.text) {
    std::string why;
    if ((r.code = load(P, r.library, key, why))) return r;
  }
  if (!compile) {
    r.error = "no native build of this rule file in the cache";
    return r;
  }
  std::error_code ec;
  if (fs::create_directories(dir, ec) && !ec)
    fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace, ec);  // (a new cache: the user's alone)
  if (ec || access(dir.c_str(), W_OK) != 0) {
    r.error = fmt::format("cannot write the native build cache '{}': {}", dir,
                          ec ? ec.message() : std::string(std::strerror(errno)));
    return r;
  }
  if (compile_source(src, cxx, options, r.library, r)) r.code = load(P, r.library, key, r.error);
  return r;
}

std::shared_ptr<const Program> with_native(const Program& P, std::shared_ptr<const NativeCode> code) {
  auto q = std::make_shared<Program>(P);
  q->native = std::move(code);
  return q;
}

}  // namespace ri
