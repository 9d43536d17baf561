// Work shared out over threads (analysis/parallel.hpp): every task run once, the exception of the lowest failing task
// passed on; perft and playouts with --threads give the results of one thread (spec/cli.md, perft and playout), and a
// playout K is the game of its own seed S + K - 1 (spec/prng.md, Playouts).
#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "analysis/parallel.hpp"
#include "analysis/perft.hpp"
#include "analysis/playouts.hpp"
#include "support.hpp"

using namespace ri;

namespace {

// Dice of Doom for three players on a board of three by three, whose random games also end in ties.
std::shared_ptr<const Program> dice_of_doom_3() {
  static std::shared_ptr<const Program> p =
      testing::compile_file("rules/dice-of-doom.rules", {{"num_players", 3}, {"board_size", 3}});
  return p;
}

// The tallies as text: every result with its count and first playout, the unfinished playouts and the plies.
std::string tallies(const PlayoutStats& st) {
  std::string out;
  for (const auto& r : st.results)
    out += r.text + ": " + std::to_string(r.count) + " from " + std::to_string(r.first) + "\n";
  return out + std::to_string(st.count) + " playouts, " + std::to_string(st.unfinished) + " unfinished, " +
         std::to_string(st.plies) + " plies\n";
}

// The runtime error perft meets, as "LINE:COL: message" ("" when none).
std::string perft_error(Game& g, int depth, int threads) {
  try {
    perft(g, depth, threads);
  } catch (const RuntimeError& e) {
    return std::to_string(e.pos.line) + ":" + std::to_string(e.pos.col) + ": " + e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("run_tasks runs every task once, on any number of workers") {
  CHECK(worker_count(0, 4) == 1);
  CHECK(worker_count(3, 4) == 3);
  CHECK(worker_count(100, 4) == 4);
  CHECK(worker_count(100, 0) == 1);
  for (int workers = 1; workers <= 5; ++workers) {
    std::vector<std::atomic<int>> runs(1000);
    std::vector<std::atomic<int>> by_worker(static_cast<size_t>(workers));
    run_tasks(runs.size(), workers, [&](int w, uint64_t i) {
      ++runs[i];
      ++by_worker[static_cast<size_t>(w)];
    });
    int total = 0;
    for (auto& r : runs) CHECK(r.load() == 1);
    for (auto& b : by_worker) total += b.load();
    CHECK(total == 1000);
  }
  run_tasks(0, 3, [](int, uint64_t) { FAIL("no task to run"); });
}

TEST_CASE("run_tasks passes on the exception of the lowest task that threw, after every thread has ended") {
  // task 10 throws first; task 3, already started, throws only after it: task 3's exception is the one passed on
  std::atomic<bool> ten_threw{false};
  std::vector<std::atomic<int>> runs(100);
  auto task = [&](int, uint64_t i) {
    ++runs[i];
    if (i == 3) {
      while (!ten_threw) std::this_thread::yield();
      throw std::runtime_error("task 3");
    }
    if (i == 10) {
      ten_threw = true;
      throw std::runtime_error("task 10");
    }
  };
  try {
    run_tasks(runs.size(), 2, task);
    FAIL("no exception");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) == "task 3");
  }
  for (uint64_t i = 0; i <= 10; ++i) CHECK(runs[i] == 1);  // every task before the failure ran
  // one worker: task 3 throws at once, and no later task starts
  for (auto& r : runs) r = 0;
  ten_threw = true;
  try {
    run_tasks(runs.size(), 1, task);
    FAIL("no exception");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) == "task 3");
  }
  CHECK(runs[3] == 1);
  CHECK(runs[4] == 0);
}

TEST_CASE("perft on threads counts what one thread counts") {
  for (const char* file :
       {"rules/tic-tac-toe.rules", "rules/ur.rules", "tests/rules/energy.rules", "tests/rules/hops.rules"}) {
    INFO(file);
    auto prog = testing::compile_file(file);
    Game g(prog);
    const uint64_t hash = g.hash();
    std::vector<uint64_t> one = perft(g, 5);
    for (int threads : {2, 3, 7, 64}) {
      INFO(threads << " threads");
      CHECK(perft(g, 5, threads) == one);
      CHECK(g.hash() == hash);  // back at its position
    }
    CHECK(perft(g, 1, 4) == std::vector<uint64_t>(one.begin(), one.begin() + 2));
    CHECK(perft(g, 0, 4) == std::vector<uint64_t>{1});
  }
}

TEST_CASE("perft on threads meets the runtime error one thread meets first") {
  auto prog = testing::compile_file("tests/cli/perft-errors.rules");
  Game g(prog);
  const std::string first = "22:35: division by zero";
  CHECK(perft_error(g, 2, 1).empty());
  for (int depth : {3, 4})
    for (int threads : {1, 2, 3, 8, 100}) {
      INFO("depth " << depth << ", " << threads << " threads");
      Game fresh(prog);
      CHECK(perft_error(fresh, depth, threads) == first);
    }
}

TEST_CASE("playouts on threads tally what one thread tallies, in the same order") {
  auto prog = dice_of_doom_3();
  Prng setup(1);
  Game g(prog, setup);
  const uint64_t hash = g.hash();
  PlayoutRun run{300, 1, 10000, true, 1};
  const std::string one = tallies(playouts(g, run));
  CHECK(g.hash() == hash);
  CHECK(one.find(" tie: ") != std::string::npos);  // results beyond the wins and the draw
  for (int threads : {2, 3, 8}) {
    INFO(threads << " threads");
    run.threads = threads;
    CHECK(tallies(playouts(g, run)) == one);
    CHECK(g.hash() == hash);
  }
  run.count = 1;  // fewer playouts than threads
  run.threads = 4;
  PlayoutStats single = playouts(g, run);
  CHECK(single.count == 1);
}
