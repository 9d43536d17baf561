// play's --log-out: the move log written as the game goes, one write per action, so that the file is a complete,
// replayable move log at every moment; and the signals that end `play` (spec/cli.md, play: *Saved games*).
#pragma once
#include <cstddef>
#include <string>

namespace ri::cli {

// A move log file that grows as the game is played. Each append is written to the file at once (write(2), no
// buffer of ours), so what was appended survives the program being killed, by a signal or a crash.
class LogOut {
 public:
  LogOut() = default;
  LogOut(const LogOut&) = delete;
  LogOut& operator=(const LogOut&) = delete;
  ~LogOut();

  // Creates (or empties) the file `path` and writes `text` to it: a new game's header. False, with `error` set, when
  // it cannot.
  bool create(const std::string& path, const std::string& text, std::string& error);
  // Opens `path` to continue the game of the log file `from`, whose text was read as `history`. When `path` is that
  // file (the same file, by device and inode, whatever the path says), nothing is rewritten: it is appended to (so no
  // moment leaves it with less than the history). Otherwise `path` is created with the history. Either way a line end
  // is added when the history's last line has none. Appended lines end as the history's do (CRLF when it has CRLF).
  bool continue_log(const std::string& path, const std::string& from, const std::string& history, std::string& error);

  bool is_open() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }
  // The size of the file: what has been written.
  size_t size() const { return size_; }
  // Writes `text` (lines ending in '\n') at the end of the file. False when the file cannot be written.
  bool append(const std::string& text);
  // Cuts the file back to an earlier size() (an undo): one ftruncate(2), so the file is always a whole log.
  bool truncate(size_t size);
  // Closes the file; false when closing reports an error.
  bool close();

 private:
  bool open(const std::string& path, int flags, std::string& error);
  bool write_all(const std::string& text);

  int fd_ = -1;
  size_t size_ = 0;
  bool crlf_ = false;
  std::string path_;
};

// Makes SIGINT, SIGTERM and SIGHUP end `play` at once: the handler writes one line to stderr, `interrupted: the game
// so far is in LOG` (`terminated: ...` for SIGTERM, `hung up: ...` for SIGHUP; without a log, `...: the game is left
// unfinished`), and exits with 128 + the signal's number (130, 143, 129). The log needs nothing more: every action
// is in the file as soon as it is played. A signal that was ignored when the program started (`nohup`, a background
// job of a script) stays ignored.
void exit_on_signals(const std::string& log_path);

}  // namespace ri::cli
