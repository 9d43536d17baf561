// The language's integer arithmetic on 64 bits, shared by the runtime (which evaluates it) and the compiler (which
// folds constants with it): overflow is an error, division floors (-1 / 2 == -1, -1 % 2 == 1 on every machine).
#pragma once
#include <cstdint>

namespace ri {

enum class ArithOp : uint8_t { Add, Sub, Mul, Div, Mod };
enum class ArithError : uint8_t { None, Overflow, DivisionByZero, RemainderByZero };

// a OP b into r; what went wrong otherwise (r is then unspecified).
inline ArithError arith(ArithOp op, int64_t a, int64_t b, int64_t& r) {
  switch (op) {
    case ArithOp::Add: return __builtin_add_overflow(a, b, &r) ? ArithError::Overflow : ArithError::None;
    case ArithOp::Sub: return __builtin_sub_overflow(a, b, &r) ? ArithError::Overflow : ArithError::None;
    case ArithOp::Mul: return __builtin_mul_overflow(a, b, &r) ? ArithError::Overflow : ArithError::None;
    case ArithOp::Div:
    case ArithOp::Mod: {
      if (b == 0) return op == ArithOp::Div ? ArithError::DivisionByZero : ArithError::RemainderByZero;
      if (a == INT64_MIN && b == -1) return ArithError::Overflow;
      int64_t q = a / b, m = a % b;
      if (m != 0 && ((m < 0) != (b < 0))) --q, m += b;
      r = op == ArithOp::Div ? q : m;
      return ArithError::None;
    }
  }
  return ArithError::None;
}

// How a runtime error names what went wrong.
inline const char* arith_message(ArithError e) {
  switch (e) {
    case ArithError::Overflow: return "integer overflow";
    case ArithError::DivisionByZero: return "division by zero";
    case ArithError::RemainderByZero: return "remainder of division by zero";
    case ArithError::None: break;
  }
  return "";
}

}  // namespace ri
