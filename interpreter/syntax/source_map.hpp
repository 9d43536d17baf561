// Maps byte offsets inside a decoded YAML scalar back to 1-based file positions, so diagnostics
// about expressions embedded in YAML point at the right character of the rule file.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.hpp"
#include "syntax/document.hpp"

namespace ri {

// Returns a vector of decoded.size() + 1 positions: element i is the file position (1-based line
// and column) of decoded byte i; the last element is the position just after the last decoded
// character (when that character came from a line break, it is the end of that line instead).
//
// file_text is the whole document as given to yaml-cpp, mark_pos is the scalar node's
// Mark().pos (yaml-cpp does not count a leading UTF-8 byte order mark, so neither does
// mark_pos), decoded is node.as<std::string>(). Handles plain, single-quoted, double-quoted,
// literal (|) and folded (>) scalars, node properties (tags, anchors) before the scalar, and
// "\r\n" line endings. Columns count bytes, not code points, like the rest of the project
// (a multi-byte UTF-8 character advances the column by its byte length).
//
// Never throws for inconsistent input: where the decoded text cannot be aligned with the file
// text (e.g. an alias node), the remaining bytes get the last position that did align.
std::vector<Pos> map_scalar(std::string_view file_text, size_t mark_pos, const std::string& decoded);

// The same as runs of positions (PosMap), given the offsets at which the file's lines start
// (SourceFile::line_starts): positions cost a binary search instead of a scan, so mapping every scalar of a file is
// not quadratic in its size, and the memory is that of the runs, not a position per byte. Every position gets the
// file index `file` (Pos::file).
PosMap map_scalar(std::string_view file_text, const std::vector<size_t>& line_starts, size_t mark_pos,
                  const std::string& decoded, int16_t file = 0);

}  // namespace ri
