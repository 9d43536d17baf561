// Machine: the 'shuffle' effect of the setup (spec/language.md, sections 6 and 2 (setup)) and the deck that can decide its
// order instead of the generator (the command line's --deck, a move log's `deck:` header).
#include <fmt/format.h>

#include <algorithm>

#include "runtime/machine.hpp"
#include "common/suggest.hpp"

namespace ri {

// shuffle(SITE): the site's stack, bottom to top, is the list a[0..n-1] that spec/prng.md's `shuffle` permutes
// (n - 1 draws below(n), ..., below(2)); then a[0] is the bottom and a[n-1] the top. With a deck, the stack is the
// order the deck gives, and nothing is drawn.
void Machine::shuffle(const Node& n, int site) {
  std::vector<int> stack;  // bottom to top
  for (int i = 0; i < S_.count[site]; ++i) {
    tick(n);
    stack.push_back(S_.stack[static_cast<size_t>(site) * S_.cap + i]);
  }
  if (deck_) {
    stack = dealt(site, stack);
  } else {
    if (!rng_) fail(n, "'shuffle' can only be used in 'setup'");  // the checker sees to it
    rng_->shuffle(stack.data(), stack.size());
  }
  for (int p : stack) place(p, site);  // each on top of the others: stack[0] ends at the bottom
}

// deck -> NAME ((' ' | ',') NAME)*, the top piece first: the pieces of the stack `pieces` (bottom to top) in the order
// the deck names them, bottom to top. Each piece is named by how it is written (its name, else KIND#NUMBER), exactly;
// the deck must name every piece of the stack once, and nothing else (otherwise a DeckError says why).
std::vector<int> Machine::dealt(int site, const std::vector<int>& pieces) const {
  const std::string& where = P_->site_names[static_cast<size_t>(site)];
  std::vector<std::string> names;
  for (int p : pieces) names.push_back(show(Value{p, 0, 0}, Type::Piece));
  std::vector<char> used(pieces.size(), 0);
  std::vector<int> order;
  for (const std::string& d : *deck_) {
    std::vector<size_t> match;
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] == d) match.push_back(i);
    if (match.empty())
      throw DeckError(fmt::format("no piece on '{}' is named '{}'{}", where, d, did_you_mean(d, names)));
    if (match.size() > 1) throw DeckError(fmt::format("{} pieces on '{}' are named '{}'", match.size(), where, d));
    if (used[match[0]]) throw DeckError(fmt::format("'{}' is named twice", d));
    used[match[0]] = 1;
    order.push_back(pieces[match[0]]);
  }
  if (order.size() < pieces.size()) {
    constexpr size_t kListed = 5;
    std::string missing;
    size_t count = 0;
    for (size_t i = 0; i < pieces.size(); ++i)
      if (!used[i] && count++ < kListed) missing += (missing.empty() ? "'" : ", '") + names[i] + "'";
    if (count > kListed) missing += fmt::format(" and {} more", count - kListed);
    throw DeckError(fmt::format("the deck leaves out {} (it names {} of the {} pieces on '{}')", missing, order.size(),
                                pieces.size(), where));
  }
  std::reverse(order.begin(), order.end());  // the deck lists the top first; a stack lists the bottom first
  return order;
}

}  // namespace ri
