// The language's structural limits: what the checker enforces and the runtime's fixed-capacity buffers rely on.
// spec/language.md ("Limits") states each.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ri {

constexpr int kMaxParams = 8;          // parameters of a move
constexpr int kMaxMoveValues = 32;     // values of one move, all its steps together (Move::args)
constexpr int kMaxMoveKinds = 32000;   // declared moves (Move::type is 16 bits)
constexpr int kMaxSites = 4096;
constexpr int kMaxPieces = 4096;
constexpr int kMaxMoves = 65536;       // legal moves in one position (MoveList: it grows as needed)
constexpr int kMaxOutcomes = 1024;     // outcomes of one chance event
constexpr int kMaxCallArgs = 16;       // parameters of a rule-file function
constexpr int kMaxListLiteral = 64;    // items of a list literal
constexpr int64_t kMaxRange = int64_t{1} << 30;  // items of a range a..b
constexpr size_t kMaxLines = 100000;          // lines of one family
constexpr int kMaxLineLength = 64;            // sites of a derived line
constexpr int64_t kMaxLineSteps = 10'000'000;  // partial chains examined to derive one family
constexpr int kMaxDice = 16;                  // dice of one chance event
constexpr size_t kMaxFaces = 64;              // faces of its dice
constexpr int64_t kMaxFace = 1000000;         // the largest value of a face (and the smallest, negated)
constexpr int64_t kMaxDiceSums = 16384;       // possible sums of a chance event's dice

}  // namespace ri
