// Work spread over threads. See parallel.hpp.
#include "analysis/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <limits>
#include <mutex>
#include <system_error>
#include <thread>

namespace ri {

namespace {

// What the workers share: the next index to hand out, and the lowest index whose task threw, with its exception.
struct Shared {
  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> failed{std::numeric_limits<uint64_t>::max()};
  std::atomic<uint64_t> done{0};  // tasks that returned
  std::mutex mutex;  // guards `error` and the writes of `failed`
  std::exception_ptr error;

  // Records that task i threw e, when no lower index has.
  void fail(uint64_t i, std::exception_ptr e) {
    std::lock_guard<std::mutex> lock(mutex);
    if (i >= failed.load()) return;
    failed.store(i);
    error = std::move(e);
  }
};

// One worker: runs the tasks it takes until they run out or the one it takes comes after a task that threw.
void work(Shared& s, uint64_t count, int worker, const std::function<void(int, uint64_t)>& task,
          const ProgressFn* progress) {
  for (;;) {
    uint64_t i = s.next.fetch_add(1);
    if (i >= count || i > s.failed.load()) return;
    try {
      task(worker, i);
      const uint64_t done = s.done.fetch_add(1) + 1;
      if (progress) (*progress)(done, count);
    } catch (...) {
      s.fail(i, std::current_exception());
    }
  }
}

// Threads joined when this goes out of scope.
struct Joined {
  std::vector<std::thread> threads;
  ~Joined() {
    for (std::thread& t : threads) t.join();
  }
};

}  // namespace

int worker_count(uint64_t count, int threads) {
  const auto asked = static_cast<uint64_t>(std::max(threads, 1));
  return static_cast<int>(std::max<uint64_t>(1, std::min(count, asked)));
}

WorkerGames::WorkerGames(Game& g, int workers) : g_(g) {
  for (int w = 1; w < workers; ++w) copies_.push_back(std::make_unique<Game>(g));
}

void run_tasks(uint64_t count, int workers, const std::function<void(int worker, uint64_t index)>& task,
               const ProgressFn* progress) {
  Shared s;
  {
    Joined joined;  // the threads, joined when the block ends (also when this one throws)
    for (int w = 1; w < workers; ++w) {
      try {
        joined.threads.emplace_back(work, std::ref(s), count, w, std::cref(task), progress);
      } catch (const std::system_error&) {
        break;  // no more threads to be had: the workers started share the tasks (the results are the same)
      }
    }
    work(s, count, 0, task, progress);
  }
  if (s.error) std::rethrow_exception(s.error);
}

}  // namespace ri
