// Game: the state hash and the text renderings of a state (display, summary, prompt).
#include <fmt/format.h>

#include "runtime/engine.hpp"

namespace ri {

// The hash covers what decides the game's future: whose turn and which step, the end, every variable, and every
// piece on the board by where it is and what it is (State::board_key, kept as the board changes in a game that
// checks repetitions: no scan of the board; else the board scanned for each hash). Identical pieces are
// interchangeable, so a piece variable counts by where its piece is (or, off the board, by what it is), never by its
// number.
uint64_t Game::hash() const { return hash_of(false); }

uint64_t Game::hash_of(bool without_counters) const {
  const State& S = state();
  uint64_t h = hash_mix(0, static_cast<uint64_t>(S.player));
  h = hash_mix(h, static_cast<uint64_t>(S.step));
  h = hash_mix(h, static_cast<uint64_t>(S.over));
  h = hash_mix(h, S.winners);
  for (const VarInfo& v : P_->vars) {  // in State::vars order
    if (without_counters && v.counter) continue;
    int n = v.per_player ? P_->nplayers() : 1;
    for (int i = 0; i < n; ++i) {
      int32_t x = S.vars[v.offset + i];
      if (v.type != Type::Piece || x < 0) {
        h = hash_mix(h, static_cast<uint32_t>(x));
      } else if (S.site[x] >= 0) {
        h = hash_mix(h, uint64_t{1} << 32 | static_cast<uint64_t>(S.site[x]) << 16 | static_cast<uint16_t>(S.height[x]));
      } else {
        h = hash_mix(h, uint64_t{2} << 32 | static_cast<uint64_t>(S.kind[x]) << 16 | static_cast<uint16_t>(S.owner[x]));
        for (int a = 0; a < S.nattrs; ++a) h = hash_mix(h, static_cast<uint32_t>(S.attrs[static_cast<size_t>(x) * S.nattrs + a]));
      }
    }
  }
  return hash_mix(h, S.keyed ? S.board_key : board_key_of(S));  // the board (State::board_key)
}

// The rule file's display template, rendered for the player to move, or a plain listing of every occupied site
// when it has none (kinds and owners only: nothing a 'hidden' section can make secret).
std::string Game::render() {
  const Program& P = *P_;
  if (P.has_display) {
    M_.begin_operation();
    Showing h(M_);
    std::string out = write_with(P.display);
    if (!out.empty() && out.back() != '\n') out += '\n';
    return out;
  }
  const State& S = state();
  std::string out;
  for (int s = 0; s < P.nsites(); ++s) {
    if (!S.count[s]) continue;
    out += fmt::format("{}:", P.site_names[s]);
    for (int i = 0; i < S.count[s]; ++i) {
      int p = S.stack[static_cast<size_t>(s) * S.cap + i];
      out += fmt::format(" {}({})", P.kinds[S.kind[p]].name, P.players[S.owner[p]]);
    }
    out += '\n';
  }
  for (const VarInfo& v : P.vars) {
    int n = v.per_player ? P.nplayers() : 1;
    for (int p = 0; p < n; ++p)
      out += fmt::format("{}{} = {}\n", v.name, v.per_player ? "[" + P.players[p] + "]" : "",
                         M_.show(Value{S.vars[v.offset + p], 0, 0}, v.type));
  }
  return out;
}

// The summary template in one line, rendered for the player to move, or the default summary.
std::string Game::summary() {
  const Program& P = *P_;
  if (!P.has_summary) return default_summary();
  M_.begin_operation();
  Showing h(M_);
  std::string text = write_with(P.summary);
  // one line: the line breaks at the end are dropped, every other one (\n, \r\n or \r) becomes a space
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
    out += text[i] == '\n' || text[i] == '\r' ? ' ' : text[i];
  }
  return out;
}

// The prompt template rendered for the player to move, or "NAME> ".
std::string Game::prompt() {
  const Program& P = *P_;
  if (!P.has_prompt) return P.players[static_cast<size_t>(state().player)] + "> ";
  M_.begin_operation();
  Showing h(M_);
  return write_with(P.prompt);
}

}  // namespace ri
