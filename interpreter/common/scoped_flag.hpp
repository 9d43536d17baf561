// ScopedFlag: an object's on/off setting changed for a scope, and set back as it was after it (also when what runs
// meanwhile throws).
#pragma once

namespace ri {

// While it lives, o's setting is `on` (through Set); then as it was (read through Get) when it was made.
template <class T, bool (T::*Get)() const, void (T::*Set)(bool)>
class ScopedFlag {
 public:
  ScopedFlag(T& o, bool on) : o_(o), was_((o.*Get)()) { (o_.*Set)(on); }
  ~ScopedFlag() { (o_.*Set)(was_); }
  ScopedFlag(const ScopedFlag&) = delete;
  ScopedFlag& operator=(const ScopedFlag&) = delete;

 private:
  T& o_;
  bool was_;
};

}  // namespace ri
