// Game::default_summary(): the one-line form of a position for a rule file without a `summary` template.
#include <fmt/format.h>

#include "common/text.hpp"
#include "runtime/engine.hpp"

namespace ri {

namespace {

// The widest default summary, in bytes: a longer one is cut (at a UTF-8 character) and ends with "...".
constexpr size_t kDefaultSummaryBytes = 200;

// `text` cut to `width` bytes with "..." at its end when it is longer, never splitting a UTF-8 character.
std::string clipped(const std::string& text, size_t width) {
  if (text.size() <= width) return text;
  size_t end = 0;
  while (end < text.size()) {
    size_t n = utf8_length(text, end);
    if (n == 0) n = 1;
    if (end + n > width - 3) break;
    end += n;
  }
  return text.substr(0, end) + "...";
}

}  // namespace

// summary -> [SITE ':' STACK { ' ' SITE ':' STACK }] [' '] [VAR '=' VALUE { ' ' VAR '=' VALUE }]   (or "empty")
//   STACK -> PIECE ['*' COUNT] { ',' PIECE ['*' COUNT] }    bottom to top, a run of equal pieces counted
//   PIECE -> NAME | OWNER | KIND | KIND '(' OWNER ')'
// Every occupied site in site order, then every variable (as the display's listing orders them). A piece is written
// by its name when its kind names its pieces (??? while it is hidden from the player to move), else by its owner
// when the game has one kind of piece, by its kind when it has one player, else as KIND(OWNER).
std::string Game::default_summary() {
  const Program& P = *P_;
  const State& S = state();
  M_.begin_operation();
  Showing showing(M_);
  auto piece_text = [&](int p) -> std::string {
    if (static_cast<size_t>(p) < P.piece_names.size() && !P.piece_names[p].empty()) {
      try {
        return M_.show(Value{p, 0, 0}, Type::Piece);
      } catch (const SecretRead&) {
        return "???";
      }
    }
    std::string owner = S.owner[p] >= 0 && S.owner[p] < P.nplayers() ? P.players[S.owner[p]] : "none";
    if (P.kinds.size() == 1) return owner;
    if (P.nplayers() == 1) return P.kinds[S.kind[p]].name;
    return fmt::format("{}({})", P.kinds[S.kind[p]].name, owner);
  };
  std::string out;
  auto add = [&](const std::string& item) {
    if (!out.empty()) out += ' ';
    out += item;
  };
  for (int s = 0; s < P.nsites() && out.size() <= kDefaultSummaryBytes; ++s) {
    if (!S.count[s]) continue;
    std::string stack;
    std::string run;
    int times = 0;
    auto flush = [&] {
      if (times == 0) return;
      stack += (stack.empty() ? "" : ",") + run + (times > 1 ? fmt::format("*{}", times) : "");
    };
    for (int i = 0; i < S.count[s]; ++i) {
      std::string text = piece_text(S.stack[static_cast<size_t>(s) * S.cap + i]);
      if (times > 0 && text == run) {
        ++times;
        continue;
      }
      flush();
      run = std::move(text);
      times = 1;
    }
    flush();
    add(P.site_names[s] + ":" + stack);
  }
  for (const VarInfo& v : P.vars) {
    int n = v.per_player ? P.nplayers() : 1;
    for (int p = 0; p < n && out.size() <= kDefaultSummaryBytes; ++p) {
      std::string value;
      try {
        value = M_.show(Value{S.vars[v.offset + p], 0, 0}, v.type);
      } catch (const SecretRead&) {
        value = "???";
      }
      add(fmt::format("{}{}={}", v.name, v.per_player ? "[" + P.players[p] + "]" : "", value));
    }
  }
  return out.empty() ? "empty" : clipped(out, kDefaultSummaryBytes);
}

}  // namespace ri
