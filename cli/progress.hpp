// The progress line of a long run (spec/cli.md, *Progress*): on standard error, only when it is a terminal, from one
// second into the run, redrawn at most five times a second with the work done, the rate and the time left
// (progress_text), and erased when the run ends; nothing at all when standard error is piped, so logs stay clean.
#pragma once
#include <chrono>
#include <mutex>
#include <string>

#include "analysis/progress.hpp"

namespace ri::cli {

class ProgressLine {
 public:
  // `what` names the run ("perft", "arena"), `unit` what it counts ("games", "subtrees").
  ProgressLine(std::string what, std::string unit);
  ~ProgressLine();  // erases the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // The hook to hand to the library: null when standard error is not a terminal.
  const ProgressFn* hook() const { return enabled_ ? &fn_ : nullptr; }

 private:
  void update(uint64_t done, uint64_t total);

  std::string what_, unit_;
  bool enabled_ = false;
  ProgressFn fn_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point start_, last_;
  size_t shown_ = 0;  // the width of the line on the terminal (0: nothing shown)
};

}  // namespace ri::cli
