// The translation of a compiled program into C++ (spec/native.md): the largest trees of the expressions the language
// computes without lists of its own (logic, arithmetic, comparisons, `let`, `if`, inlined calls, the board's reads,
// offsets, membership of and aggregates over constant lists, ranges and relations) become one C++ function each, with
// the program's constants and the board's tables compiled in; a kid it does not translate (a call, a cached part, a
// list made at run time) is evaluated through its closure. The machine runs each function in place of its root's
// closure (runtime/native_abi.hpp). Nothing of the rule file's text enters the source: only numbers (ids, constants,
// tables), so that no name or string of an untrusted rule file can be code.
#pragma once
#include <string>

#include "compile/program.hpp"

namespace ri {

struct NativeSource {
  std::string text;  // the C++ source
  int roots = 0;     // the functions (trees) it defines
  int nodes = 0;     // the nodes they compute
  int effects = 0;   // the effects it runs (codegen_effects.hpp)
  int direct = 0;    // the functions it calls directly
  int moves = 0;     // the moves whose candidates it lists (codegen_moves.hpp)
};

// The source of P's native build. `key` names the headers it is compiled with (native/build.hpp), compiled in so that
// the loader can check it.
NativeSource native_source(const Program& P, const std::string& key);

}  // namespace ri
