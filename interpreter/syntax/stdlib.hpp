// The standard library's rule files, embedded at build time (stdlib/embed.cmake).
#pragma once
#include <vector>

namespace ri {

struct StdlibFile {
  const char* path;
  const char* text;
};

const std::vector<StdlibFile>& stdlib_files();

}  // namespace ri
