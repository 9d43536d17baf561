// The games that fuzz_log and fuzz_position play: the rule files of the repository that a log's or a position's
// `rules:` header may name (rules/, tests/rules/, tests/variants/, tests/cli/), each loaded once per set of parameter
// values and kept (at most kMaxPrograms). Header-only: each target includes it once.
#pragma once
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "syntax/params.hpp"

#ifndef RI_ROOT
#error "RI_ROOT (the repository's root) must be defined"
#endif

namespace fuzz {

// The rule files a header may name, as written in the repository's logs and positions ("rules/ur.rules"), sorted.
inline const std::vector<std::string>& rule_files() {
  static const std::vector<std::string> files = [] {
    std::vector<std::string> out;
    for (const char* dir : {"rules", "tests/rules", "tests/variants", "tests/cli"}) {
      std::error_code ec;
      for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(RI_ROOT) / dir, ec))
        if (e.path().extension() == ".rules") out.push_back(std::string(dir) + "/" + e.path().filename().string());
    }
    std::sort(out.begin(), out.end());
    if (out.empty()) {
      std::fprintf(stderr, "fuzz: no rule files under %s\n", RI_ROOT);
      std::abort();
    }
    return out;
  }();
  return files;
}

// The rule file the header names when it is one of rule_files(), else `fallback` (modulo their number).
inline const std::string& rule_file(std::string_view header, uint64_t fallback) {
  const std::vector<std::string>& files = rule_files();
  auto it = std::lower_bound(files.begin(), files.end(), header);
  if (it != files.end() && *it == header) return *it;
  return files[fallback % files.size()];
}

// The index of `file` in rule_files() (it must be there).
inline uint64_t rule_file_index(std::string_view file) {
  const std::vector<std::string>& files = rule_files();
  auto it = std::lower_bound(files.begin(), files.end(), file);
  if (it == files.end() || *it != file) {
    std::fprintf(stderr, "fuzz: no %s under %s\n", std::string(file).c_str(), RI_ROOT);
    std::abort();
  }
  return static_cast<uint64_t>(it - files.begin());
}

// The program of `file` with `params`; null when it does not load (with these values: some rule files under tests/
// do not load at all, on purpose).
inline std::shared_ptr<const ri::Program> program(const std::string& file, const ri::ParamValues& params) {
  constexpr size_t kMaxPrograms = 64;
  static std::map<std::string, std::shared_ptr<const ri::Program>> cache;
  std::string key = file;
  for (const auto& [name, value] : params) key += "\n" + name + "=" + std::to_string(value);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  ri::Diagnostics diags;
  ri::LoadOptions options;
  options.params = params;
  std::vector<std::string> param_errors;
  options.param_errors = &param_errors;
  options.allowed_dirs = {std::string(RI_ROOT) + "/rules"};  // tests/variants/ extend the shipped games
  auto prog = ri::load_rules(std::string(RI_ROOT) + "/" + file, diags, options);
  if (cache.size() >= kMaxPrograms) cache.clear();
  cache.emplace(key, prog);
  return prog;
}

inline uint64_t hash_of(const uint8_t* data, size_t size) {
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 1099511628211ULL;
  return h;
}

}  // namespace fuzz
