// The progress line. See progress.hpp.
#include "progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace ri::cli {

ProgressLine::ProgressLine(std::string what, std::string unit)
    : what_(std::move(what)), unit_(std::move(unit)), enabled_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()), last_(start_) {
  fn_ = [this](uint64_t done, uint64_t total) { update(done, total); };
}

ProgressLine::~ProgressLine() {
  if (shown_ == 0) return;
  std::fprintf(stderr, "\r%*s\r", static_cast<int>(shown_), "");
  std::fflush(stderr);
}

void ProgressLine::update(uint64_t done, uint64_t total) {
  const auto now = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return;  // another thread is drawing it
  if (now - start_ < std::chrono::seconds(1) || now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  const std::string text =
      what_ + ": " + progress_text(unit_, done, total, std::chrono::duration<double>(now - start_).count());
  std::fprintf(stderr, "\r%s%*s", text.c_str(), static_cast<int>(shown_ > text.size() ? shown_ - text.size() : 0), "");
  std::fflush(stderr);
  shown_ = std::max(shown_, text.size());
}

}  // namespace ri::cli
