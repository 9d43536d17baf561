// play's --log-out, written as the game goes, and the signals that end `play`. See log_out.hpp.
#include "log_out.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ri::cli {

LogOut::~LogOut() { close(); }

bool LogOut::open(const std::string& path, int flags, std::string& error) {
  fd_ = ::open(path.c_str(), flags | O_WRONLY | O_APPEND | O_CLOEXEC, 0666);
  if (fd_ < 0) {
    error = "cannot write the log file";
    return false;
  }
  path_ = path;
  return true;
}

bool LogOut::create(const std::string& path, const std::string& text, std::string& error) {
  if (!open(path, O_CREAT | O_TRUNC, error)) return false;
  if (!write_all(text)) {
    error = "cannot write the log file";
    return false;
  }
  return true;
}

bool LogOut::continue_log(const std::string& path, const std::string& from, const std::string& history,
                          std::string& error) {
  crlf_ = history.find("\r\n") != std::string::npos;
  struct stat in {}, out {};
  const bool same = ::stat(from.c_str(), &in) == 0 && ::stat(path.c_str(), &out) == 0 && in.st_dev == out.st_dev &&
                    in.st_ino == out.st_ino;
  if (same) {
    // the history is in the file already: append to it, never truncate it
    if (!open(path, 0, error)) return false;
    struct stat now {};
    if (::fstat(fd_, &now) != 0 || static_cast<size_t>(now.st_size) != history.size()) {
      error = "the log file changed while it was read";
      return false;
    }
    size_ = history.size();
  } else {
    if (!open(path, O_CREAT | O_TRUNC, error)) return false;
    if (!write_all(history)) {
      error = "cannot write the log file";
      return false;
    }
  }
  if (!history.empty() && history.back() != '\n' && !append("\n")) {
    error = "cannot write the log file";
    return false;
  }
  return true;
}

bool LogOut::append(const std::string& text) {
  if (!crlf_) return write_all(text);
  std::string t;
  for (char c : text) t += c == '\n' ? std::string("\r\n") : std::string(1, c);
  return write_all(t);
}

bool LogOut::write_all(const std::string& text) {
  if (fd_ < 0) return false;
  size_t done = 0;
  while (done < text.size()) {  // a regular file takes it in one write; a short write (a full disk) is retried
    ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
    size_ += static_cast<size_t>(n);
  }
  return true;
}

bool LogOut::truncate(size_t size) {
  if (fd_ < 0 || size > size_) return false;
  if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) return false;
  size_ = size;  // O_APPEND: the next write goes to the new end
  return true;
}

bool LogOut::close() {
  if (fd_ < 0) return true;
  int r = ::close(fd_);
  fd_ = -1;
  return r == 0;
}

namespace {

// The line each handled signal writes, made before the handlers are installed: the handler only reads them.
struct SignalMessage {
  int signal;
  const char* what;
  std::string text;
};
SignalMessage g_messages[] = {{SIGINT, "interrupted", {}}, {SIGTERM, "terminated", {}}, {SIGHUP, "hung up", {}}};

// Async-signal-safe: write(2) and _exit(2) only. Nothing is left to save: the log holds every action played, and an
// action being applied when the signal came is in it already (it is written before it is applied).
extern "C" void on_signal(int sig) {
  for (const SignalMessage& m : g_messages)
    if (m.signal == sig) {
      ssize_t ignored = ::write(STDERR_FILENO, m.text.data(), m.text.size());
      (void)ignored;
    }
  ::_exit(128 + sig);
}

}  // namespace

void exit_on_signals(const std::string& log_path) {
  for (SignalMessage& m : g_messages) {
    m.text = std::string("\n") + m.what +
             (log_path.empty() ? ": the game is left unfinished\n" : ": the game so far is in " + log_path + "\n");
    struct sigaction old {};
    if (::sigaction(m.signal, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigfillset(&sa.sa_mask);  // one handler at a time: it does not return
    ::sigaction(m.signal, &sa, nullptr);
  }
}

}  // namespace ri::cli
