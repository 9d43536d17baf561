// The language's structural limits: what the checker enforces and the runtime's fixed-capacity buffers rely on.
// spec/language.md ("Limits") states each.
#pragma once
#include <cstdint>

namespace ri {

constexpr int kMaxParams = 4;          // parameters of a move (Move::args)
constexpr int kMaxMoveKinds = 32000;   // declared moves (Move::type is 16 bits)
constexpr int kMaxSites = 4096;
constexpr int kMaxPieces = 4096;
constexpr int kMaxMoves = 1024;        // legal moves in one position (MoveList), and outcomes of one chance
constexpr int kMaxCallArgs = 16;       // parameters of a rule-file function
constexpr int kMaxListLiteral = 64;    // items of a list literal
constexpr int64_t kMaxRange = int64_t{1} << 30;  // items of a range a..b

}  // namespace ri
