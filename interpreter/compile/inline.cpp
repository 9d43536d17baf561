// Inlining: a call of a small function that cannot reach itself becomes a copy of the function's body. See
// inline.hpp.
#include "compile/inline.hpp"

#include <algorithm>
#include <unordered_map>

namespace ri {
namespace {

// The most nodes a body may have for its calls to be inlined (after the calls in it are inlined).
constexpr int kInlineMaxNodes = 48;

// Whether node n's `a` is a slot of its frame.
bool slot_op(Op op) {
  switch (op) {
    case Op::Local: case Op::LazyLet: case Op::Let: case Op::Bind:
    case Op::Any: case Op::All: case Op::Count: case Op::Sum: case Op::Min: case Op::Max:
    case Op::Filter: case Op::Map: case Op::JoinText: case Op::Reach: case Op::SFor: case Op::SLet:
      return true;
    default: return false;
  }
}

class Inliner {
 public:
  explicit Inliner(Program& p) : P_(p) { P_.inlined_in.resize(P_.code.size(), -1); }

  // The functions that cannot reach themselves through calls, callees before their callers; the others (recursive)
  // are marked in `recursive`.
  std::vector<int> order(std::vector<uint8_t>& recursive) const;
  // Inlines the calls of inlinable functions in the tree at n (a call's arguments too).
  void inline_tree(int n);
  // Inlines the call at node n when its function is inlinable: n becomes a Bind node.
  void inline_call(int n);
  // The number of nodes of the tree at n.
  int size(int n) const;

 private:
  // A copy of the tree at n for the Bind node `site`, its slots moved up by `shift`.
  int copy(int n, int shift, int site);
  // The copy of Bind node b made by this copy(), made now when the tree copied did not reach it.
  int copy_call(int b, int site);
  // The functions that calls in the tree at n call.
  void callees(int n, std::vector<int>& out) const;
  void set_inlined_in(int n, int site) {
    if (static_cast<size_t>(n) >= P_.inlined_in.size()) P_.inlined_in.resize(static_cast<size_t>(n) + 1, -1);
    P_.inlined_in[static_cast<size_t>(n)] = site;
  }

  Program& P_;
  std::unordered_map<int, int> copied_;  // during copy(): the Bind nodes of the body copied, old -> new
};

void Inliner::callees(int n, std::vector<int>& out) const {
  if (n < 0) return;
  const Node& nd = P_.code[static_cast<size_t>(n)];
  if (nd.op == Op::Call) out.push_back(nd.a);
  for (int k = 0; k < nd.nk; ++k) callees(P_.kid(nd, k), out);
}

int Inliner::size(int n) const {
  if (n < 0) return 0;
  const Node& nd = P_.code[static_cast<size_t>(n)];
  int s = 1;
  for (int k = 0; k < nd.nk && s <= kInlineMaxNodes; ++k) s += size(P_.kid(nd, k));
  return s;
}

std::vector<int> Inliner::order(std::vector<uint8_t>& recursive) const {
  const size_t nf = P_.functions.size();
  std::vector<std::vector<int>> calls(nf);
  for (size_t f = 0; f < nf; ++f) {
    callees(P_.functions[f].body, calls[f]);
    std::sort(calls[f].begin(), calls[f].end());
    calls[f].erase(std::unique(calls[f].begin(), calls[f].end()), calls[f].end());
  }
  // f is recursive when it is reachable from its callees
  recursive.assign(nf, 0);
  std::vector<uint8_t> seen(nf);
  std::vector<int> todo;
  for (size_t f = 0; f < nf; ++f) {
    std::fill(seen.begin(), seen.end(), 0);
    todo.assign(calls[f].begin(), calls[f].end());
    while (!todo.empty() && !recursive[f]) {
      const int g = todo.back();
      todo.pop_back();
      if (seen[static_cast<size_t>(g)]) continue;
      seen[static_cast<size_t>(g)] = 1;
      if (static_cast<size_t>(g) == f) recursive[f] = 1;
      todo.insert(todo.end(), calls[static_cast<size_t>(g)].begin(), calls[static_cast<size_t>(g)].end());
    }
  }
  // callees first: a function is placed once every function it calls that is not recursive is placed
  std::vector<int> out;
  std::vector<uint8_t> placed(nf);
  for (bool progress = true; progress;) {
    progress = false;
    for (size_t f = 0; f < nf; ++f) {
      if (placed[f] || recursive[f]) continue;
      if (std::all_of(calls[f].begin(), calls[f].end(),
                      [&](int g) { return placed[static_cast<size_t>(g)] || recursive[static_cast<size_t>(g)]; })) {
        placed[f] = 1;
        out.push_back(static_cast<int>(f));
        progress = true;
      }
    }
  }
  return out;
}

int Inliner::copy(int n, int shift, int site) {
  if (n < 0) return n;
  Node nd = P_.code[static_cast<size_t>(n)];  // by value: the code grows below
  const int id = static_cast<int>(P_.code.size());
  P_.code.push_back(nd);
  if (nd.op == Op::Bind) copied_[n] = id;
  std::vector<int> kids(static_cast<size_t>(nd.nk));
  for (int k = 0; k < nd.nk; ++k) kids[static_cast<size_t>(k)] = copy(P_.kid(nd, k), shift, site);
  if (slot_op(nd.op)) nd.a += shift;
  if (nd.op == Op::Call) nd.b += shift;
  nd.first = static_cast<int32_t>(P_.kids.size());
  P_.kids.insert(P_.kids.end(), kids.begin(), kids.end());
  P_.code[static_cast<size_t>(id)] = nd;
  // a node of a call inlined in the body stays within that call's copy, which is within this one
  const int was = n < static_cast<int>(P_.inlined_in.size()) ? P_.inlined_in[static_cast<size_t>(n)] : -1;
  set_inlined_in(id, was >= 0 ? copy_call(was, site) : site);
  return id;
}

int Inliner::copy_call(int b, int site) {
  if (auto it = copied_.find(b); it != copied_.end()) return it->second;
  // a call the body no longer reaches (its arguments propagated, compile/propagate.hpp), named by the nodes copied
  // from its body: a copy of it for them, within the calls it was within
  const Node nd = P_.code[static_cast<size_t>(b)];
  const int id = static_cast<int>(P_.code.size());
  P_.code.push_back(nd);
  copied_[b] = id;
  const int was = b < static_cast<int>(P_.inlined_in.size()) ? P_.inlined_in[static_cast<size_t>(b)] : -1;
  set_inlined_in(id, was >= 0 ? copy_call(was, site) : site);
  return id;
}

void Inliner::inline_call(int n) {
  const Node call = P_.code[static_cast<size_t>(n)];
  if (call.op != Op::Call || !P_.inlinable[static_cast<size_t>(call.a)]) return;
  FunctionInfo& f = P_.functions[static_cast<size_t>(call.a)];
  copied_.clear();
  const int body = copy(f.body, call.b, n);
  Node& bind = P_.code[static_cast<size_t>(n)];
  bind.op = Op::Bind;
  bind.a = call.b;
  bind.b = call.a;
  bind.first = static_cast<int32_t>(P_.kids.size());
  bind.nk = call.nk + 1;
  for (int k = 0; k < call.nk; ++k) P_.kids.push_back(P_.kid(call, k));
  P_.kids.push_back(body);
  P_.max_frame = std::max(P_.max_frame, call.b + f.frame);
}

void Inliner::inline_tree(int n) {
  if (n < 0) return;
  const Node nd = P_.code[static_cast<size_t>(n)];
  for (int k = 0; k < nd.nk; ++k) inline_tree(P_.kid(nd, k));
  inline_call(n);
}

// Inlines the calls in function f's body; its frame grows by the frames of the calls inlined.
void inline_body(Inliner& in, Program& P, FunctionInfo& f) {
  const int before = P.max_frame;
  P.max_frame = f.frame;  // inline_call raises it to the frames the copies need
  in.inline_tree(f.body);
  f.frame = P.max_frame;
  P.max_frame = std::max(before, f.frame);
}

// Marks the calls of function f in the tail position n of f's body (the body; a branch of an `if` or the body of a
// `let` there) as Op::TailCall; returns whether there is one. An inlined call's copy (Bind) is not looked into: it
// cannot call f (its function would reach itself through f).
bool mark_tail_calls(Program& P, int f, int n) {
  if (n < 0) return false;
  Node& nd = P.code[static_cast<size_t>(n)];
  switch (nd.op) {
    case Op::If: {
      const bool then = mark_tail_calls(P, f, P.kid(nd, 1));
      return mark_tail_calls(P, f, P.kid(nd, 2)) || then;
    }
    case Op::Let: return mark_tail_calls(P, f, P.kid(nd, 1));
    case Op::Call:
      if (nd.a != f) return false;
      nd.op = Op::TailCall;
      return true;
    default: return false;
  }
}

}  // namespace

void inline_calls(Program& P) {
  Inliner in(P);
  const int end = static_cast<int>(P.code.size());
  std::vector<uint8_t>& recursive = P.recursive;
  P.inlinable.assign(P.functions.size(), 0);
  for (int f : in.order(recursive)) {
    FunctionInfo& fi = P.functions[static_cast<size_t>(f)];
    inline_body(in, P, fi);
    P.inlinable[static_cast<size_t>(f)] = in.size(fi.body) <= kInlineMaxNodes;
  }
  P.tail_calls.assign(P.functions.size(), 0);
  for (size_t f = 0; f < P.functions.size(); ++f) {
    if (!recursive[f]) continue;
    inline_body(in, P, P.functions[f]);
    P.tail_calls[f] = mark_tail_calls(P, static_cast<int>(f), P.functions[f].body);
  }
  inline_calls_from(P, 0, end);
}

void inline_calls_from(Program& P, int first, int end) {
  Inliner in(P);
  if (P.inlinable.size() != P.functions.size()) return;
  for (int n = first; n < end; ++n) in.inline_call(n);
}

}  // namespace ri
