// Boards written as text, and the position file: a rule file's 'start' board and a position file's 'board' are
// the same mapping of sites to pieces; the position file (spec/position.md) also names its rules, parameters,
// player to move, step, turn, variables and result. Everything stays text; io/position.cpp resolves it.
#include <fmt/format.h>

#include "syntax/loader_impl.hpp"

namespace ri {

// start -> { board: BOARD }
void Loader::load_start(const YAML::Node& n, Document& doc) {
  if (!expect_map(n, "start", pos_of(n))) return;
  check_keys(n, "start", rule_keys("start"));
  if (auto b = n["board"]) load_board(b, "start.board", doc.start);
}

// board -> { SITE: PIECE | '[' PIECE (',' PIECE)* ']' }   (a rule file's start board, a position's board)
void Loader::load_board(const YAML::Node& n, const std::string& where, std::vector<BoardSite>& out) {
  each_named(n, where, pos_of(n), [&](Text site, const YAML::Node& v) {
    BoardSite s;
    s.site = std::move(site);
    if (v.IsSequence()) {
      for (auto p : v) load_board_piece(p, pos_of(v, s.site.pos), s.pieces);
    } else {
      load_board_piece(v, s.site.pos, s.pieces);
    }
    out.push_back(std::move(s));
  });
}

// piece -> { KIND: OWNER (',' ATTRIBUTE: VALUE)* }   (the first key is the kind)
void Loader::load_board_piece(const YAML::Node& n, Pos fallback, std::vector<BoardPiece>& out) {
  if (!n.IsMap() || n.size() == 0) {
    error(pos_of(n, fallback), fmt::format("a piece is written {{KIND: OWNER}} or {{KIND: OWNER, ATTRIBUTE: VALUE, ...}}, "
                                           "not {}", n.IsMap() ? "an empty mapping" : kind_name(n)));
    return;
  }
  check_dups(n, "a piece");
  BoardPiece p;
  auto it = n.begin();
  p.kind = key_text(it->first);
  if (!text(it->second, p.owner, "a piece's owner", p.kind.pos)) return;
  for (++it; it != n.end(); ++it) {
    Text k = key_text(it->first), v;
    if (text(it->second, v, "an attribute's value", k.pos)) p.attributes.push_back({k, v});
  }
  out.push_back(std::move(p));
}

// position_text -> { rows, separator, empty, pieces: { SYMBOL: PIECE }, fields: '[' FIELD (',' FIELD)* ']' }
// FIELD -> { player: { SYMBOL: PLAYER } } | { flags: { LETTER: VARIABLE } } | { variable: VARIABLE }
void Loader::load_position_text(const YAML::Node& n, Document& doc) {
  PositionTextDecl d;
  d.pos = pos_of(n);
  if (!expect_map(n, "position_text", d.pos)) return;
  check_keys(n, "position_text", rule_keys("position_text"));
  if (auto v = n["rows"]) text(v, d.rows, "'rows'", d.pos);
  if (auto v = n["separator"]) text(v, d.separator, "'separator'", d.pos);
  if (auto v = n["empty"]) text(v, d.empty, "'empty'", d.pos);
  if (auto v = need(n, "pieces", "'position_text'", d.pos))
    each_named(v, "position_text.pieces", pos_of(v), [&](Text symbol, const YAML::Node& p) {
      std::vector<BoardPiece> one;
      load_board_piece(p, symbol.pos, one);
      if (!one.empty()) d.pieces.push_back({std::move(symbol), std::move(one[0])});
    });
  if (auto v = n["fields"]; v && expect_seq(v, "position_text.fields", pos_of(v)))
    for (auto f : v) {
      if (!expect_map(f, "a field of position_text", pos_of(f, pos_of(v)))) continue;
      check_keys(f, "a field of position_text", rule_keys("position_text.fields[]"));
      if (f.size() != 1) {
        error(pos_of(f), "a field of position_text is one of {player: ...}, {flags: ...}, {variable: ...}");
        continue;
      }
      PositionTextField field;
      field.kind = key_text(f.begin()->first);
      const YAML::Node value = f.begin()->second;  // a copy: the iterator (and the node it holds) is a temporary
      if (field.kind.s == "variable")
        text(value, field.variable, "'variable'", field.kind.pos);
      else if (field.kind.s == "player" || field.kind.s == "flags")
        named_texts(value, "position_text.fields." + field.kind.s,
                    field.kind.s == "player" ? "a player" : "a variable", field.kind.pos, field.symbols);
      else
        continue;  // (reported as an unknown key)
      d.fields.push_back(std::move(field));
    }
  doc.position_text = std::move(d);
}

// position -> { rules, params, player, step, turn, board, off_board, variables, over, winners }   (spec/position.md)
void Loader::load_position(PositionDecl& pos) {
  YAML::Node root;
  if (!load_root(root, "a position file", "a YAML mapping (player, board, variables, ...)")) return;
  top_level_ = "key";
  check_keys(root, "", {"rules", "params", "player", "step", "turn", "board", "off_board", "variables", "over", "winners"});
  if (auto v = root["rules"]) text(v, pos.rules, "'rules'", pos_of(v));
  if (auto v = root["params"]) named_texts(v, "params", "a parameter's value", pos_of(v), pos.params);
  if (auto v = root["player"]) text(v, pos.player, "'player'", pos_of(v));
  if (auto v = root["step"]) text(v, pos.step, "'step'", pos_of(v));
  if (auto v = root["turn"]) text(v, pos.turn, "'turn'", pos_of(v));
  if (auto v = root["board"]) load_board(v, "board", pos.board);
  else error({}, "missing key 'board' (write 'board: {}' for an empty board)");
  if (auto v = root["off_board"]) {  // a list of pieces, or one piece
    if (v.IsSequence())
      for (auto p : v) load_board_piece(p, pos_of(v), pos.off_board);
    else
      load_board_piece(v, pos_of(v), pos.off_board);
  }
  if (auto v = root["variables"]) named_texts(v, "variables", "a variable's value", pos_of(v), pos.variables);
  if (auto v = root["over"]) {
    pos.over_pos = pos_of(v);
    if (v.IsScalar() && v.Scalar() == "lost") pos.over = pos.lost = true;  // nobody won (a game of one player)
    else flag(v, "over", pos.over);
  }
  if (auto v = root["winners"]) {
    pos.winners_pos = pos_of(v);
    scalar_list(v, "winners", pos.winners, pos_of(v));
  }
}

}  // namespace ri
