// Tests for the benchmark's parts that do not time anything (bench/): the result lines every ruleinterp_bench
// prints and --against reads back, the choice of work from a run's counts, the table, and running a child program.
#include <catch2/catch.hpp>

#include "against.hpp"
#include "child.hpp"
#include "figures.hpp"
#include "measure.hpp"
#include "search_speed.hpp"
#include "support.hpp"
#include "table.hpp"

using namespace bench;

namespace {

// What bec62e1's ruleinterp_bench printed for `rules/ur.rules --depth 5 --playouts 200 --repeat 1`.
const char* kOldOutput =
    "rules: rules/ur.rules\n"
    "perft 5: 208 leaves, 319 nodes in 0.000 s: 872789 nodes/s\n"
    "playouts: 200 (0 unfinished), 290.7 plies each, in 0.064 s: 3148 playouts/s, 915351 plies/s\n";

}  // namespace

TEST_CASE("bench: the result lines keep the format older binaries print", "[bench]") {
  PerftFigures p{4, 197281, 206603, 1.25, 165282.4};
  CHECK(perft_line(p) == "perft 4: 197281 leaves, 206603 nodes in 1.250 s: 165282 nodes/s\n");
  ri::PlayoutStats st;
  st.count = 2000;
  st.unfinished = 3;
  st.plies = 581400;
  st.seconds = 0.625;
  CHECK(playouts_line(playout_figures(st)) ==
        "playouts: 2000 (3 unfinished), 290.7 plies each, in 0.625 s: 3200 playouts/s, 930240 plies/s\n");
  PerftFigures q = perft_figures({1, 20, 400, 8902}, 0.5);
  CHECK(q.depth == 3);
  CHECK(q.leaves == 8902);
  CHECK(q.nodes == 9322);
  CHECK(q.nodes_per_s == Approx(18644));
}

TEST_CASE("bench: an older binary's output reads back", "[bench]") {
  Figures f = parse_figures(kOldOutput);
  REQUIRE(f.perft);
  CHECK(f.perft->depth == 5);
  CHECK(f.perft->leaves == 208);
  CHECK(f.perft->nodes == 319);
  CHECK(f.perft->nodes_per_s == 872789);  // 0.000 s: the printed rate
  REQUIRE(f.playouts);
  CHECK(f.playouts->count == 200);
  CHECK(f.playouts->unfinished == 0);
  CHECK(f.playouts->plies_each == Approx(290.7));
  CHECK(f.playouts->playouts_per_s == 3148);  // the printed rate: 200 / 0.064 is less precise
  CHECK(f.playouts->plies_per_s == 915351);

  // A small rate is read from the count and the time, more precise than its rounded print.
  f = parse_figures("playouts: 15 (0 unfinished), 490.3 plies each, in 0.310 s: 48 playouts/s, 23724 plies/s\r\n");
  REQUIRE(f.playouts);
  CHECK(f.playouts->playouts_per_s == Approx(15 / 0.310));

  // What a line printed itself reads back.
  PerftFigures p{7, 1000, 1200, 0.25, 4800};
  CHECK(parse_figures(perft_line(p)).perft->nodes == 1200);
}

TEST_CASE("bench: a failed or foreign output has no figures", "[bench]") {
  Figures f = parse_figures("rules: x.rules\nperft 5: 208 leaves, 319 nodes in 0.000 s: 872789 nodes/s\n"
                            "x.rules:3:1: runtime error: oops\n");
  CHECK(f.perft);
  CHECK(!f.playouts);
  f = parse_figures("error: cannot read the file\nperft five: lots\nplayouts: many\n");
  CHECK(!f.perft);
  CHECK(!f.playouts);
}

TEST_CASE("bench: the faster run of each part is kept", "[bench]") {
  Figures best, slow, fast;
  slow.perft = PerftFigures{3, 1, 2, 2.0, 1.0};
  fast.perft = PerftFigures{3, 1, 2, 1.0, 2.0};
  fast.playouts = PlayoutFigures{10, 0, 5, 1.0, 10, 50};
  keep_faster(best, slow);
  keep_faster(best, fast);
  keep_faster(best, slow);
  CHECK(best.perft->nodes_per_s == 2.0);
  CHECK(best.playouts->playouts_per_s == 10);
}

TEST_CASE("bench: the work is chosen from a run's counts and time", "[bench]") {
  // 420 nodes in 0.1 s; one ply deeper adds some 8,000 leaves: 2 s.
  CHECK(!deeper_fits({1, 20, 400}, 0.1, 0.3));
  CHECK(deeper_fits({1, 20, 400}, 0.1, 3.0));
  CHECK(deeper_fits({1, 20}, 0.001, 0.3));
  CHECK(!deeper_fits({1, 20}, 0.5, 0.3));
  // a run too short to time (Amazons' depth 1: 2,176 leaves in 0.3 ms) goes deeper when that fits ten times the target
  CHECK(!deeper_fits({1, 2176}, 0.0003, 0.3));
  CHECK(deeper_worth({1, 2176}, 0.0003, 0.3));
  CHECK(!deeper_worth({1, 100000}, 0.005, 0.3));   // (1e10 leaves: far beyond)
  CHECK(!deeper_worth({1, 20, 400}, 0.1, 0.3));    // (long enough to time: the target holds)
  CHECK(scaled_count(10, 0.05, 0.3) == 60);
  CHECK(scaled_count(1, 2.0, 0.3) == 1);
  CHECK(scaled_count(7, 0.0, 0.3) == 7);
}

TEST_CASE("bench: the table", "[bench]") {
  CHECK(format_rate(2148000.4) == "2,148,000");
  CHECK(format_rate(930) == "930");
  CHECK(format_rate(49.64) == "49.6");
  Table t(5, false);
  CHECK(t.header() == "| game  | playouts | playouts/s |     plies/s | depth |     nodes/s |\n"
                      "| ----- | -------: | ---------: | ----------: | ----: | ----------: |\n");
  Figures f;
  f.perft = PerftFigures{3, 8902, 9322, 0.05, 186440};
  CHECK(t.row("chess", Work{3, 0, 1, 100}, f) ==
        "| chess |        - |          - |           - |     3 |     186,440 |\n");
  Table a(2, true);
  Figures mine, theirs;
  mine.playouts = PlayoutFigures{1000, 0, 10, 0.1, 10000, 100000};
  theirs.playouts = PlayoutFigures{1000, 0, 10, 0.4, 2500, 25000};
  CHECK(a.row("ur", Work{0, 1000, 1, 100}, mine, theirs) ==
        "| ur   |    1,000 |     10,000 |      2,500 |    4.00 |     100,000 |      25,000 |    4.00 |     - "
        "|           - |           - |       - |\n");
}

TEST_CASE("bench: the computer player's table, and its search from the first decision with a choice", "[bench]") {
  CHECK(bench::search_header(4) ==
        "| game |   ply | iterations |     nodes | iterations/s |\n| ---- | ----: | ---------: | --------: | -----------: |\n");
  bench::SearchFigures f;
  f.ply = 5;
  f.iterations = 2000;
  f.nodes = 1234;
  f.seconds = 0.5;
  f.per_s = 4000;
  CHECK(bench::search_row(4, "ur", f) == "| ur   |     5 |      2,000 |     1,234 |        4,000 |\n");
  CHECK(bench::search_row(4, "ur", std::nullopt) == "| ur   |     - |          - |         - |            - |\n");
  // Ur starts with a roll, and its first decisions have one move: the search is from later, the game left at its start
  ri::Game g(ri::testing::compile_file("rules/ur.rules"));
  const uint64_t hash = g.hash();
  const auto t = bench::time_mcts(g, 50, 1, 1);
  REQUIRE(t);
  CHECK(t->ply > 1);
  CHECK(t->iterations == 50);
  CHECK(g.hash() == hash);
}

TEST_CASE("bench: --against drives any version through the same arguments", "[bench]") {
  CHECK(bench_command("old/bench", "-x.rules", Work{4, 100, 7, 500}) ==
        std::vector<std::string>{"old/bench", "./-x.rules", "--depth", "4", "--playouts", "100", "--seed", "7",
                                 "--max-plies", "500", "--repeat", "1"});
  // more threads than one: the option, which a version without it refuses (its figures are then missing)
  CHECK(bench_command("old/bench", "x.rules", Work{4, 100, 7, 500, 2}) ==
        std::vector<std::string>{"old/bench", "x.rules", "--depth", "4", "--playouts", "100", "--seed", "7",
                                 "--max-plies", "500", "--repeat", "1", "--threads", "2"});
  // another engine than the interpreter: the option, which a version without it refuses
  CHECK(bench_command("old/bench", "x.rules", Work{4, 100, 7, 500}, "native") ==
        std::vector<std::string>{"old/bench", "x.rules", "--depth", "4", "--playouts", "100", "--seed", "7",
                                 "--max-plies", "500", "--repeat", "1", "--engine", "native"});
  Figures mine = parse_figures(kOldOutput), theirs = mine;
  CHECK(differences("ur", mine, theirs).empty());
  theirs.perft->leaves = 209;
  theirs.playouts->plies_each = 280.1;
  CHECK(differences("ur", mine, theirs).size() == 2);
}

TEST_CASE("bench: a child program runs without a shell", "[bench]") {
  ChildResult r = run_child({"/bin/echo", "a b;$(echo hi)", "*"});
  CHECK(r.started);
  CHECK(r.status == 0);
  CHECK(r.output == "a b;$(echo hi) *\n");
  r = run_child({"/bin/sh", "-c", "echo out; echo err >&2; exit 3"});
  CHECK(r.status == 3);
  CHECK(r.output == "out\nerr\n");
  CHECK(!run_child({"/nonexistent/program"}).started);
}
