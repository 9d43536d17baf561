// Running another program without a shell (no quoting of file names needed), and collecting what it prints.
#pragma once
#include <string>
#include <vector>

namespace bench {

struct ChildResult {
  bool started = false;  // false: it could not be run; `output` says why
  int status = 0;        // its exit code, or 128 + the signal that ended it
  std::string output;    // its standard output and standard error, interleaved as written
};

// Runs argv[0] (a path, not searched in PATH) with `argv`, standard input from /dev/null, and waits for it.
ChildResult run_child(const std::vector<std::string>& argv);

}  // namespace bench
