// The loader's insides, shared by its files (not an interface: document.hpp declares the entry points). The
// loader converts YAML into a Document and is the only code that knows YAML. yaml-cpp marks are 0-based; a
// missing key yields an invalid node that throws without a location, so every lookup goes through `find`-like
// tests (`if (auto v = n["key"])`) and reports at the parent's mark; duplicate keys are accepted by yaml-cpp, so
// they are detected here. The files, one job each:
//   loader_yaml_errors.cpp  reading the file: UTF-8, YAML syntax errors explained, unterminated quotes
//   loader_scalars.cpp      positions, scalars, lists, numbers, counts, yes/no, key checks
//   loader_sections.cpp     the rule file's top level and its sections (but topology, moves and turn)
//   loader_topology.cpp     the 'topology' section
//   loader_moves.cpp        the 'moves', 'turn' and 'end' sections
//   loader_positions.cpp    boards ('start' and a position file's 'board') and the position file
//   loader.cpp              the entry points and the library file
#pragma once
#include <yaml-cpp/yaml.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/document.hpp"

namespace ri {

class Loader {
 public:
  Loader(std::shared_ptr<const SourceFile> f, Diagnostics& d, int16_t index)
      : file_(std::move(f)), diags_(d), index_(index) {}

  void error(Pos p, std::string msg) { diags_.error(file_, p, std::move(msg)); }

  // --- reading the file (loader_yaml_errors.cpp)
  // The file's YAML, which must be a mapping: false after reporting why not (not UTF-8, invalid YAML, empty, not
  // a mapping). `what` is the kind of file ("a rule file"), `holds` what its mapping holds.
  bool load_root(YAML::Node& root, const char* what, const char* holds);
  void yaml_error(const YAML::ParserException& e);
  bool quotes_closed(const YAML::Node& n);

  // --- scalars and shapes (loader_scalars.cpp)
  // Every position the loader keeps is in this file: Pos::file is its index.
  Pos pos_of(const YAML::Node& n, Pos fallback = {1, 1}) const;
  const char* kind_name(const YAML::Node& n) const;
  bool text(const YAML::Node& n, Text& out, const char* what, Pos fallback);
  Text key_text(const YAML::Node& k);
  bool expect_map(const YAML::Node& n, const std::string& what, Pos fallback);
  bool expect_seq(const YAML::Node& n, const std::string& what, Pos fallback);
  // The keys the rule file's mapping at `path` allows (syntax/schema.hpp: "moves.*.requires[]").
  static std::vector<std::string> rule_keys(std::string_view path, std::string_view with = "");
  // Reports unknown and duplicate keys of a mapping (any key allowed when `allowed` is empty).
  void check_keys(const YAML::Node& map, const std::string& where, const std::vector<std::string>& allowed);
  // Duplicate detection for mappings whose keys are names (any key allowed).
  void check_dups(const YAML::Node& map, const std::string& where) { check_keys(map, where, {}); }
  // The value of a key the mapping must have, or an invalid node after "missing key 'KEY' in WHERE".
  YAML::Node need(const YAML::Node& map, const char* key, const std::string& where, Pos at);
  // Calls f(name, value) for each entry of a mapping whose keys are names, after reporting a value that is not a
  // mapping ('WHERE' must be a mapping) and duplicate keys.
  template <class F>
  void each_named(const YAML::Node& n, const std::string& where, Pos fallback, F&& f) {
    if (!expect_map(n, where, fallback)) return;
    check_dups(n, where);
    for (auto it = n.begin(); it != n.end(); ++it) {
      Text name = key_text(it->first);
      YAML::Node value = it->second;
      f(std::move(name), value);
    }
  }
  // A mapping of names to scalars: each value `what` ("a definition"), reported at its name when it is not one.
  void named_texts(const YAML::Node& n, const std::string& where, const char* what, Pos fallback,
                   std::vector<std::pair<Text, Text>>& out);
  bool scalar_list(const YAML::Node& n, const std::string& what, std::vector<Text>& out, Pos fallback);
  // A list of statements, or a mapping of named statements (`names` gets each one's name, or an empty Text).
  bool statement_list(const YAML::Node& n, const std::string& what, std::vector<Text>& out, std::vector<Text>& names,
                      Pos fallback);
  // The keys a mapping writes (in a variant, its entry merges with the base's by these).
  Keys keys_of(const YAML::Node& map);
  // Whether a list is tagged '!append' (a variant's list appended to its base's); reported where not allowed.
  bool appended(const YAML::Node& n, const std::string& what);
  bool int_of(const YAML::Node& n, const std::string& what, int& out, Pos fallback);
  bool count_of(const YAML::Node& n, const std::string& what, Count& out, Pos fallback);
  bool int32_of(const YAML::Node& n, const std::string& what, int32_t& out, Pos& at, Pos fallback);
  void flag(const YAML::Node& n, const char* what, bool& out);

  // --- the rule file (loader_sections.cpp)
  void load(Document& doc);
  void load_extends(const YAML::Node& root, Document& doc);
  void load_imports(const YAML::Node& n, Document& doc);
  void note_sections(const YAML::Node& map, const std::string& prefix, Document& doc);
  void load_game(const YAML::Node& n, Document& doc);
  void load_params(const YAML::Node& n, Document& doc);
  void load_players(const YAML::Node& n, Document& doc);
  void load_zones(const YAML::Node& n, Document& doc);
  void load_pieces(const YAML::Node& n, Document& doc);
  void load_variables(const YAML::Node& n, Document& doc);
  void load_history(const YAML::Node& n, Document& doc);
  void load_values(const YAML::Node& n, const char* section, const char* noun, const char* value, bool per_player,
                   std::vector<VarDecl>& out);
  void load_chance(const YAML::Node& n, Document& doc);
  void load_functions(const YAML::Node& n, Document& doc);
  void load_invariants(const YAML::Node& n, Document& doc);
  void load_hidden(const YAML::Node& n, Document& doc);
  void load_evaluation(const YAML::Node& n, Document& doc);

  // --- topology (loader_topology.cpp)
  void load_topology(const YAML::Node& n, Document& doc);
  void load_grids(const YAML::Node& n, Document& doc, Pos parent);
  void load_relations(const YAML::Node& n, Document& doc, Pos parent);
  void load_computed_relation(const YAML::Node& body, RelationDecl& r);
  void load_regions(const YAML::Node& n, Document& doc, Pos parent);
  void load_lines(const YAML::Node& n, Document& doc, Pos parent);
  void load_tracks(const YAML::Node& n, Document& doc, Pos parent);

  // --- moves, turn, end (loader_moves.cpp)
  void load_moves(const YAML::Node& n, Document& doc);
  void load_move(const Text& name, const YAML::Node& n, MoveDecl& m);
  void load_requires(const YAML::Node& r, const std::string& where, Pos fallback, std::vector<Requirement>& out);
  void load_turn(const YAML::Node& n, Document& doc);
  void load_step(const YAML::Node& s, StepDecl& st, bool partial);
  void load_end(const YAML::Node& n, Document& doc);
  bool load_end_rule(const YAML::Node& e, EndDecl& ed, bool partial);

  // --- boards and positions (loader_positions.cpp)
  void load_start(const YAML::Node& n, Document& doc);
  void load_board(const YAML::Node& n, const std::string& where, std::vector<BoardSite>& out);
  void load_board_piece(const YAML::Node& n, Pos fallback, std::vector<BoardPiece>& out);
  void load_position(PositionDecl& pos);
  void load_position_text(const YAML::Node& n, Document& doc);

 private:
  std::shared_ptr<const SourceFile> file_;
  Diagnostics& diags_;
  int16_t index_;        // the file's index in the file table (Pos::file)
  bool variant_ = false; // the file says 'extends': its required sections may come from the base
  const char* top_level_ = "section";  // what the top-level keys are called in "unknown ..." messages
};

}  // namespace ri
