// A position a search comes back to: the undo mark and the state's version where it was taken, so that undoing to it
// gives the position its version again (Machine::restore_version) and what was listed there is not listed anew.
#pragma once
#include <cstddef>
#include <cstdint>

#include "runtime/engine.hpp"

namespace ri {

class Rewind {
 public:
  explicit Rewind(Game& g) : g_(g), mark_(g.machine().mark()), version_(g.machine().version()) {}
  // Undoes everything since this was made.
  void back() {
    g_.undo(mark_);
    g_.machine().restore_version(version_);
  }

 private:
  Game& g_;
  size_t mark_;
  uint64_t version_;
};

}  // namespace ri
