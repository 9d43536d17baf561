// A growing buffer of trivially copyable items whose append is a compare, a store and an increment, inlined wherever it
// is called (the generated code of a native build included), growing out of line: the machine's list arena and undo
// journal. The part of std::vector's interface the machine uses, with its meaning (growing by resize() fills with T{}).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <vector>

namespace ri {

template <class T>
class GrowBuffer {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  T* data() { return buf_.data(); }
  const T* data() const { return buf_.data(); }
  T* begin() { return buf_.data(); }
  T* end() { return buf_.data() + n_; }
  const T* begin() const { return buf_.data(); }
  const T* end() const { return buf_.data() + n_; }
  T& operator[](size_t i) { return buf_[i]; }
  const T& operator[](size_t i) const { return buf_[i]; }
  T& back() { return buf_[n_ - 1]; }

  [[gnu::always_inline]] void push_back(const T& v) {
    if (n_ == buf_.size()) [[unlikely]] grow(n_ + 1);
    buf_[n_++] = v;
  }
  // v written after the items, kept when `keep` (no branch: room for it reserved first)
  [[gnu::always_inline]] void push_if(const T& v, bool keep) {
    buf_[n_] = v;
    n_ += keep;
  }
  // Room for k more items: where they go, written by the caller, who then says where they end (close): a loop that
  // appends keeps its end in a local pointer, not in the buffer (whose count an item's store might alias).
  T* open(size_t k) {
    reserve(n_ + k);
    return buf_.data() + n_;
  }
  void close(const T* end) { n_ = static_cast<size_t>(end - buf_.data()); }
  void pop_back() { --n_; }
  void resize(size_t n) {
    if (n > buf_.size()) grow(n);
    if (n > n_) std::fill(buf_.begin() + static_cast<std::ptrdiff_t>(n_), buf_.begin() + static_cast<std::ptrdiff_t>(n), T{});
    n_ = n;
  }
  void clear() { n_ = 0; }
  void reserve(size_t n) {
    if (n > buf_.size()) grow(n);
  }
  // Becomes o's items, copied into this buffer (grown when they do not fit): a copy that keeps the capacity, where a
  // copy assignment takes o's.
  void assign(const GrowBuffer& o) {
    if (o.n_ > buf_.size()) grow(o.n_);
    if (o.n_) std::memcpy(buf_.data(), o.buf_.data(), o.n_ * sizeof(T));
    n_ = o.n_;
  }
  // Appends [first, last) (not from the buffer itself).
  void append(const T* first, const T* last) {
    const size_t k = static_cast<size_t>(last - first);
    if (n_ + k > buf_.size()) grow(n_ + k);
    T* to = buf_.data() + n_;
    for (size_t i = 0; i < k; ++i) to[i] = first[i];  // (mostly a few items: no call of memmove)
    n_ += k;
  }

 private:
  // Room for at least `need` items: the buffer doubled (at least), its items kept.
  [[gnu::noinline]] void grow(size_t need) { buf_.resize(std::max({need, 2 * buf_.size(), size_t{64}})); }

  std::vector<T> buf_;  // its size is the capacity
  size_t n_ = 0;        // the items in use
};

}  // namespace ri
