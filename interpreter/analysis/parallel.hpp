// Work spread over threads with results that do not depend on how many there are: perft and random playouts with
// `--threads N` (spec/cli.md). Each worker plays on a game of its own; the program is shared (immutable).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "analysis/progress.hpp"
#include "runtime/engine.hpp"

namespace ri {

// The most threads the command lines (`--threads` of ruleinterp and ruleinterp_bench) let one ask for.
inline constexpr int kMaxThreads = 256;

// How many workers `count` tasks get when `threads` are asked for: min(threads, count), at least 1.
int worker_count(uint64_t count, int threads);

// The games of the workers: worker 0 plays on g itself, each other one on a copy of g made when this is constructed
// (the copies share g's compiled code, which is immutable).
class WorkerGames {
 public:
  WorkerGames(Game& g, int workers);
  Game& operator[](int worker) { return worker == 0 ? g_ : *copies_[static_cast<size_t>(worker) - 1]; }

 private:
  Game& g_;
  std::vector<std::unique_ptr<Game>> copies_;
};

// Calls task(worker, i) for every i in 0 .. count - 1 on `workers` workers (worker 0 is the calling thread, the others
// std::threads started here), handing the indices out in increasing order through an atomic counter. When tasks
// throw, no index after the lowest one that threw is started any more, every thread is joined, and the exception of
// the lowest index is rethrown: the one that a single thread running the tasks in order meets first.
// With `progress` (not null), it is called after each task that returns, with the tasks done so far and `count`.
void run_tasks(uint64_t count, int workers, const std::function<void(int worker, uint64_t index)>& task,
               const ProgressFn* progress = nullptr);

}  // namespace ri
