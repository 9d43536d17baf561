// libFuzzer target: the input is a move log (untrusted), parsed and replayed. See README.md in this folder.
//
// The log is replayed against the rule file its `rules:` header names when that is one of the repository's
// (games.hpp; otherwise rules/ur.rules), loaded with the parameters of its `set:` header, the setup drawing from its
// `seed:` and dealing its `deck:` (a `position:` header is not followed: the game starts at the rule file's start).
// ri::RuntimeError and a deck the setup cannot deal (ri::DeckError) are allowed outcomes; anything else escaping, a
// crash, a sanitizer report or a hang is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "games.hpp"
#include "io/movelog.hpp"
#include "runtime/engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1u << 16)) return 0;
  std::string text(reinterpret_cast<const char*>(data), size);
  auto file = std::make_shared<ri::SourceFile>("fuzz.log", text);
  ri::Diagnostics diags;
  ri::MoveLog log;
  bool ok = ri::parse_log(file, log, diags);
  (void)diags.format();
  // formatting a parsed log must work, and must parse again
  if (ok) {
    std::string again = ri::format_log(log);
    ri::Diagnostics d2;
    ri::MoveLog log2;
    (void)ri::parse_log(std::make_shared<ri::SourceFile>("again.log", again), log2, d2);
  }
  if (!ok) return 0;
  auto rules = log.header.find("rules");
  static const uint64_t ur = fuzz::rule_file_index("rules/ur.rules");
  const std::string& rules_file = fuzz::rule_file(rules == log.header.end() ? "" : rules->second, ur);
  std::shared_ptr<const ri::Program> prog = fuzz::program(rules_file, log.params);
  if (!prog) return 0;
  uint64_t seed = 0;
  if (auto it = log.header.find("seed"); it != log.header.end()) seed = std::strtoull(it->second.c_str(), nullptr, 10);
  try {
    ri::Prng rng(seed);
    ri::Game g(prog, rng, log.deck);
    g.machine().limits.steps = 200'000;
    g.machine().limits.candidates = 200'000;
    g.machine().limits.operation_steps = 2'000'000;
    ri::ReplayResult r = ri::replay(g, log);
    (void)r;
    (void)g.render();
    (void)g.result_text();
    // the position reached: every legal action can be written as a log line
    static ri::MoveList moves;
    g.legal(moves);
    for (int i = 0; i < moves.size && i < 8; ++i) (void)ri::action_text(g, moves[i]);
    if (g.node() != ri::Game::NodeKind::Over) {
      size_t mark = ri::resign(g, g.player());
      g.undo(mark);
    }
  } catch (const ri::RuntimeError&) {
  } catch (const ri::DeckError&) {
  }
  return 0;
}
