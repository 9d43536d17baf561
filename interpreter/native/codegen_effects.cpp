// Effects -> C++ (codegen_effects.hpp), mirroring the statements' handlers (runtime/effects.cpp, Statements) one by
// one: what a handler checks is checked in the same order on the same values, a failing check is the machine's own
// error for that value (NativeHost::effect_error), and a mutation is the machine's (journaled, keyed).
#include "native/codegen_effects.hpp"

#include <fmt/format.h>

#include <string>

#include "runtime/state.hpp"

namespace ri {

bool statement_op(Op op) {
  switch (op) {
    case Op::SBlock: case Op::SIf: case Op::SFor: case Op::SWhile: case Op::SLet: case Op::SSetGlobal: case Op::SSetPer:
    case Op::SSetAttr: case Op::SSetOwner: case Op::SSetKind: case Op::SMove: case Op::SRemove: case Op::SExtraTurn:
    case Op::SContinueTurn: case Op::SContinueMove: case Op::SNop: case Op::SShuffle:
      return true;
    default: return false;
  }
}

namespace {

// what effect_error reports (runtime/native_abi.hpp)
enum Failure { kNoPiece = 0, kNoSite = 1, kNoPlayer = 2, kBeyond32 = 3 };

class EffectGen {
 public:
  EffectGen(const Program& P, const std::function<std::string(int)>& value) : P_(P), value_(value) {}

  // a statement run by its own handler (Machine::ex has counted its step): its work, written out
  std::string run(int n) {
    const Node& d = at(n);
    if (d.op == Op::SFor || d.op == Op::SWhile || d.op == Op::SShuffle || d.op == Op::SNop) return "";
    return fmt::format("// node {} (line {}, column {}): an effect\nstatic Value n{}(Machine& m, const XNode& x) {{\n"
                       "  (void)x;\n  Value* const F = &N::slot(m, 0); (void)F;\n  {}\n  return Value{{}};\n}}\n",
                       n, d.pos.line, d.pos.col, n, work(n));
  }

 private:
  const Program& P_;
  const std::function<std::string(int)>& value_;
  int tmp_ = 0;

  const Node& at(int n) const { return P_.code[static_cast<size_t>(n)]; }
  int kid(int n, int k) const { return P_.kid(at(n), k); }
  std::string t() { return fmt::format("e{}", tmp_++); }
  std::string iv(int k) { return "(" + value_(k) + ").i"; }
  // the machine's error at statement n for value v (an int64_t expression)
  static std::string fail(int n, Failure f, const std::string& v) {
    return fmt::format("H->effect_error(m, {}, {}, {});", n, static_cast<int>(f), v);
  }
  // kid k as a piece, a site, a player, into a new variable `name`: checked as the handler checks it
  std::string piece(int n, int k, const std::string& name) {
    return fmt::format("const int64_t {} = {}; if (static_cast<uint64_t>({}) >= N::npieces(m)) [[unlikely]] {} ", name,
                       iv(k), name, fail(n, kNoPiece, name));
  }
  std::string site(int n, int k, const std::string& name) {
    return fmt::format("const int64_t {} = {}; if (static_cast<uint64_t>({}) >= NS) [[unlikely]] {} ", name, iv(k), name,
                       fail(n, kNoSite, name));
  }
  std::string player(int n, int k, const std::string& name) {
    return fmt::format("const int64_t {} = {}; if (static_cast<uint64_t>({}) >= NP) [[unlikely]] {} ", name, iv(k), name,
                       fail(n, kNoPlayer, name));
  }
  // kid k's value for a variable or an attribute (32 bits)
  std::string fit(int n, int k, const std::string& name) {
    return fmt::format("const int64_t {} = {}; if ({} < INT32_MIN || {} > INT32_MAX) [[unlikely]] {} ", name, iv(k), name,
                       name, fail(n, kBeyond32, name));
  }
  // statement n nested in another (Machine::ex): a step, the budget of changes checked, then its work
  std::string nested(int n) {
    if (n < 0) return "";
    return fmt::format("{{ N::tick(m, H, {}); if (N::changes_over(m)) [[unlikely]] H->too_many_changes(m, {}); {} }}", n,
                       n, work(n));
  }
  // statement -> what its handler does (Statements in runtime/effects.cpp)
  std::string work(int n) {
    const Node& d = at(n);
    auto k = [&](int i) { return kid(n, i); };
    switch (d.op) {
      case Op::SBlock: {
        std::string s;
        for (int i = 0; i < d.nk; ++i) s += nested(k(i)) + " ";
        return s;
      }
      case Op::SIf: return fmt::format("if ({}) {} else {}", iv(k(0)), k(1) >= 0 ? nested(k(1)) : "{}",
                                       k(2) >= 0 ? nested(k(2)) : "{}");
      case Op::SLet: return fmt::format("F[{}] = {}; {}", d.a, value_(k(0)), nested(k(1)));
      case Op::SSetGlobal: {
        const std::string v = t();
        return "{ " + fit(n, k(0), v) + fmt::format("N::set_var(m, {}, {}); }}", P_.vars[static_cast<size_t>(d.a)].offset, v);
      }
      case Op::SSetPer: {
        const std::string p = t(), v = t();
        return "{ " + player(n, k(0), p) + fit(n, k(1), v) +
               fmt::format("N::set_var(m, {} + {}, {}); }}", P_.vars[static_cast<size_t>(d.a)].offset, p, v);
      }
      case Op::SSetAttr: {
        const std::string p = t(), v = t();
        return "{ " + piece(n, k(0), p) + fit(n, k(1), v) + fmt::format("H->set_attr(m, {}, {}, {}); }}", p, d.a, v);
      }
      case Op::SSetOwner: {
        const std::string p = t(), w = t();
        return "{ " + piece(n, k(0), p) + player(n, k(1), w) + fmt::format("H->set_owner(m, {}, {}); }}", p, w);
      }
      case Op::SSetKind: {
        const std::string p = t();
        return "{ " + piece(n, k(0), p) + fmt::format("H->set_kind(m, {}, {}); }}", p, iv(k(1)));
      }
      case Op::SMove: {
        const std::string p = t(), s = t();
        return "{ " + piece(n, k(0), p) + site(n, k(1), s) + fmt::format("H->place(m, {}, {}); }}", p, s);
      }
      case Op::SRemove: {
        const std::string p = t();
        return "{ " + piece(n, k(0), p) + fmt::format("H->place(m, {}, -1); }}", p);
      }
      case Op::SExtraTurn: return fmt::format("N::raise(m, {});", State::kExtraTurn);
      case Op::SContinueTurn: return fmt::format("N::raise(m, {});", State::kContinueTurn);
      case Op::SContinueMove: return fmt::format("N::raise(m, {});", State::kContinueMove);
      case Op::SNop: return "";
      default: return fmt::format("N::ev(m, {});", n);  // a loop, a shuffle: its handler
    }
  }
};

}  // namespace

std::string native_statement_fn(const Program& P, int s, const std::function<std::string(int)>& value) {
  return EffectGen(P, value).run(s);
}

}  // namespace ri
