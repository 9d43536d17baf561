// Progress (analysis/progress.hpp): the progress line's text, and the hook that run_tasks, perft and the playouts call
// as their work gets done (the command line draws the line only on a terminal: cli/progress.hpp).
#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "analysis/parallel.hpp"
#include "analysis/perft.hpp"
#include "analysis/playouts.hpp"
#include "analysis/progress.hpp"
#include "support.hpp"

using namespace ri;

TEST_CASE("the progress line's text") {
  struct Row {
    std::string unit;
    uint64_t done, total;
    double seconds;
    std::string text;
  };
  const std::vector<Row> rows = {
      {"games", 45, 200, 0, "45/200 games (22%)"},
      {"games", 45, 200, 10, "45/200 games (22%), 4.50 games/s, about 34 s left"},
      {"games", 200, 200, 10, "200/200 games (100%), 20.0 games/s"},
      {"games", 0, 200, 10, "0/200 games (0%)"},
      {"subtrees", 1, 400, 2, "1/400 subtrees (0%), 0.500 subtrees/s, about 13 min 18 s left"},
      {"playouts", 5000, 1000000, 1, "5000/1000000 playouts (0%), 5000 playouts/s, about 3 min 19 s left"},
      {"playouts", 1, 100000, 1, "1/100000 playouts (0%), 1.00 playouts/s, about 27 h 46 min left"},
      {"nodes", 1234, 0, 2, "1234 nodes, 617 nodes/s"},
      {"nodes", 1234, 0, 0, "1234 nodes"},
  };
  for (const Row& r : rows) {
    INFO(r.text);
    CHECK(progress_text(r.unit, r.done, r.total, r.seconds) == r.text);
  }
}

TEST_CASE("run_tasks reports every task done, from any thread, up to the count") {
  for (int workers : {1, 2, 3}) {
    INFO(workers);
    std::mutex m;
    std::multiset<uint64_t> seen;
    ProgressFn fn = [&](uint64_t done, uint64_t total) {
      std::lock_guard<std::mutex> lock(m);
      CHECK(total == 50);
      seen.insert(done);
    };
    run_tasks(50, workers, [](int, uint64_t) {}, &fn);
    REQUIRE(seen.size() == 50);
    uint64_t k = 1;
    for (uint64_t d : seen) CHECK(d == k++);  // 1, 2, ..., 50: each once
  }
}

TEST_CASE("perft and the playouts with a progress hook: the same counts, and the work reported done") {
  auto prog = testing::compile_file("rules/tic-tac-toe.rules");
  Game g(prog);
  std::atomic<uint64_t> last{0}, total{0}, calls{0};
  ProgressFn fn = [&](uint64_t done, uint64_t t) {
    ++calls;
    if (done > last) last = done;
    total = t;
  };
  CHECK(perft(g, 4, 1, &fn) == perft(g, 4));  // cut as for 8 threads on one: the same counts
  CHECK(calls > 1);
  CHECK(last == total);
  calls = 0;
  last = 0;
  PlayoutRun run{30, 5, 10000, false, 2, &fn};
  const PlayoutStats st = playouts(g, run);
  CHECK(st.count == 30);
  CHECK(calls == 30);
  CHECK(last == 30);
  CHECK(total == 30);
}
