// Position files: resolving a board or a position against a game, and writing a game's state. See position.hpp.
#include "io/position.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "common/suggest.hpp"
#include "common/text.hpp"

namespace ri {
namespace {

const char* plural(int n) { return n == 1 ? "" : "s"; }

}  // namespace

bool parse_position(std::shared_ptr<const SourceFile> file, const Program& P, Position& out, Diagnostics& diags) {
  PositionDecl d;
  if (!load_position_document(file, d, diags)) return false;
  return resolve_position(d, SourceFiles{file}, P, out, diags);
}

bool resolve_position(const PositionDecl& d, const SourceFiles& files, const Program& P, Position& out,
                      Diagnostics& diags) {
  size_t before = diags.size();
  Names names(P, files, diags);
  out = Position{};
  // the parameters the position is for: the game's must have those values
  std::vector<std::string> param_names;
  for (const RuleParam& p : P.params) param_names.push_back(p.name);
  for (auto& [name, value] : d.params) {
    int i = index_of(param_names, name.s);
    int64_t v = 0;
    if (i < 0)
      names.error(name.pos, fmt::format("undeclared parameter '{}'{}", clip(name.s), near_or_list(name.s, param_names)));
    else if (!parse_whole(value.s, v))
      names.error(value.pos, fmt::format("parameter '{}' is a whole number, not '{}'", name.s, clip(value.s)));
    else if (v != P.params[static_cast<size_t>(i)].value)
      names.error(value.pos, fmt::format("the position is for {}={}, but the rules are loaded with {}={}", name.s, v,
                                         name.s, P.params[static_cast<size_t>(i)].value));
  }
  if (d.player.pos.line) out.player = std::max(0, names.player(d.player));
  const int nsteps = static_cast<int>(P.steps.size());
  if (d.step.pos.line) {
    int64_t step = -1;
    if (!parse_whole(d.step.s, step) || step < 0 || step >= nsteps)
      names.error(d.step.pos, fmt::format("'step' is the index of a step of 'turn', 0 to {} (the turn has {} step{}), "
                                          "not '{}'",
                                          nsteps - 1, nsteps, plural(nsteps), clip(d.step.s)));
    else
      out.step = static_cast<int>(step);
  }
  if (d.turn.pos.line) {
    int64_t turn = 0;
    if (!parse_whole(d.turn.s, turn) || turn < 1 || turn > INT32_MAX)
      names.error(d.turn.pos, fmt::format("'turn' is a whole number from 1 to 2147483647, not '{}'", clip(d.turn.s)));
    else
      out.turn = static_cast<int>(turn);
  }
  std::vector<bool> free(P.pieces.size(), true);
  resolve_board(d.board, P, BoardOf::Position, free, files, diags, out, &d.off_board);
  std::vector<int> kinds(P.pieces.size());  // each piece's kind once loaded: a piece value names it so
  for (size_t i = 0; i < P.pieces.size(); ++i) kinds[i] = P.pieces[i].kind;
  for (const Position::Place& pl : out.places)
    if (pl.kind >= 0) kinds[static_cast<size_t>(pl.piece)] = pl.kind;
  names.set_kinds(&kinds);
  std::vector<std::string> var_names;
  for (const VarInfo& v : P.vars) var_names.push_back(v.name);
  for (auto& [key, value] : d.variables) {
    // NAME or NAME[PLAYER]
    size_t open = key.s.find('[');
    std::string name = key.s.substr(0, open);
    int v = index_of(var_names, name);
    if (v < 0) {
      names.error(key.pos, fmt::format("undeclared variable '{}'{}", clip(name), near_or_list(name, var_names)));
      continue;
    }
    const VarInfo& vi = P.vars[static_cast<size_t>(v)];
    int player = 0;
    if (open == std::string::npos) {
      if (vi.per_player) {
        names.error(key.pos, fmt::format("'{}' has a value for each player: write {}[PLAYER]", name, name));
        continue;
      }
    } else if (!vi.per_player) {
      names.error(key.pos, fmt::format("'{}' is not a per-player variable: write {}", name, name));
      continue;
    } else if (key.s.back() != ']') {
      names.error(key.at(open), fmt::format("expected '{}[PLAYER]', not '{}'", name, clip(key.s)));
      continue;
    } else {
      Text who{key.s.substr(open + 1, key.s.size() - open - 2), key.at(open + 1), {}};
      if ((player = names.player(who)) < 0) continue;
    }
    int32_t v32 = 0;
    if (names.value(value, vi.type, fmt::format("variable '{}'", name), v32))
      out.vars.push_back({vi.offset + player, v32});
  }
  out.over = d.over;
  out.lost = d.lost;
  if (d.lost && !d.winners.empty()) names.error(d.winners_pos, "'over: lost' has no winners");
  if (d.winners_pos.line && !d.over) names.error(d.winners_pos, "'winners' needs 'over: true'");
  for (const Text& w : d.winners) {
    int p = names.player(w);
    if (p < 0) continue;
    if (out.winners & (1u << p)) names.error(w.pos, fmt::format("'{}' is listed twice", clip(w.s)));
    out.winners |= 1u << p;
  }
  return diags.size() == before;
}

bool read_position_params(const std::string& path, ParamValues& out, Diagnostics& diags) {
  std::string text;
  if (!read_source(path, kMaxSourceBytes, text, diags)) return false;
  auto file = std::make_shared<SourceFile>(path, std::move(text));
  PositionDecl d;
  if (!load_position_document(file, d, diags)) return false;
  size_t before = diags.size();
  for (auto& [name, value] : d.params) {
    int64_t v = 0;
    if (parse_whole(value.s, v)) out.push_back({name.s, v});
    else diags.error(file, value.pos, fmt::format("parameter '{}' is a whole number, not '{}'", clip(name.s), clip(value.s)));
  }
  return diags.size() == before;
}

bool read_position(const std::string& path, const Program& P, Position& out, Diagnostics& diags) {
  std::string text;
  if (!read_source(path, kMaxSourceBytes, text, diags)) return false;
  return parse_position(std::make_shared<SourceFile>(path, std::move(text)), P, out, diags);
}

namespace {

// Whether a name is written plain: it reads back as the same text (else it is single-quoted).
bool plain(const std::string& s) {
  bool ok = !s.empty() && (std::isalnum(static_cast<unsigned char>(s[0])) || s[0] == '_' || s[0] == '.' || s[0] == '/') &&
            s != "null" && s != "Null" && s != "NULL";
  for (char c : s)
    ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_-[]#./").find(c) != std::string_view::npos);
  return ok;
}

// A name or a value as text: plain when that reads back as the same text, else single-quoted.
void scalar(YAML::Emitter& e, const std::string& s) {
  if (plain(s)) e << s;
  else e << YAML::SingleQuoted << s;
}

bool has_name(const Program& P, int p) { return !P.piece_names.empty() && !P.piece_names[static_cast<size_t>(p)].empty(); }

// How a state is written: the pieces of `off_board` (none when it is not written), and the number each piece has
// once the written position is loaded. The pieces written, those on the board in site order and bottom to top and
// then those of `off_board`, are matched as reading matches them (match_pieces); the pieces off the board that are
// not written take the numbers left, of their kind and owner, in order. `off_board` is written when, without it,
// the pieces left off the board would not be those of the state (of their kinds and owners), and with it every
// piece written is matched (not so when the owner of a piece of a kind that is not generated changed): then it
// lists every piece off the board that has no name, by owner, kind and attributes.
struct Plan {
  std::vector<int> off_board;
  std::vector<int> number;
};

Plan plan(const Program& P, const State& S) {
  const size_t np = P.pieces.size();
  std::vector<int> written;
  for (int s = 0; s < P.nsites(); ++s)
    for (int h = 0; h < S.count[s]; ++h) written.push_back(S.stack[static_cast<size_t>(s) * S.cap + h]);
  auto wanted_of = [&](const std::vector<int>& pieces) {
    std::vector<Wanted> out;
    for (int p : pieces)
      out.push_back(has_name(P, p) ? Wanted{S.kind[p], S.owner[p], p} : Wanted{S.kind[p], S.owner[p]});
    return out;
  };
  std::vector<Wanted> wanted = wanted_of(written);
  std::vector<bool> free(np, true);
  match_pieces(P, wanted, free, true);
  // the kinds and owners of the pieces left off the board as the board alone would leave them, less those of the
  // state's pieces off the board: all zero, or 'off_board' is needed
  std::map<std::pair<int, int>, int> left;
  for (size_t p = 0; p < np; ++p) {
    if (has_name(P, static_cast<int>(p))) continue;
    if (free[p]) ++left[{P.pieces[p].kind, P.pieces[p].owner}];
    if (S.site[p] < 0) --left[{S.kind[p], S.owner[p]}];
  }
  Plan out;
  if (std::any_of(left.begin(), left.end(), [](auto& kv) { return kv.second != 0; })) {
    for (size_t p = 0; p < np; ++p)
      if (S.site[p] < 0 && !has_name(P, static_cast<int>(p))) out.off_board.push_back(static_cast<int>(p));
    auto key = [&](int p) {
      auto a = S.attrs.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(p) * S.nattrs);
      return std::make_tuple(S.owner[p], S.kind[p], std::vector<int32_t>(a, a + S.nattrs), p);
    };
    std::sort(out.off_board.begin(), out.off_board.end(), [&](int a, int b) { return key(a) < key(b); });
    std::vector<int> all = written;
    all.insert(all.end(), out.off_board.begin(), out.off_board.end());
    std::vector<Wanted> all_wanted = wanted_of(all);
    std::vector<bool> all_free(np, true);
    match_pieces(P, all_wanted, all_free, true);
    if (std::all_of(all_wanted.begin(), all_wanted.end(), [](const Wanted& w) { return w.piece >= 0; })) {
      written = std::move(all);
      wanted = std::move(all_wanted);
      free = std::move(all_free);
    } else {
      out.off_board.clear();  // it cannot be read back either (an owner changed): the board alone
    }
  }
  out.number.assign(np, -1);
  for (size_t i = 0; i < written.size(); ++i) out.number[static_cast<size_t>(written[i])] = wanted[i].piece;
  // the others off the board: the numbers left of their kind and owner, in order
  std::vector<int> rest;
  for (size_t p = 0; p < np; ++p)
    if (out.number[p] < 0 && S.site[p] < 0 && !has_name(P, static_cast<int>(p))) rest.push_back(static_cast<int>(p));
  std::vector<Wanted> others = wanted_of(rest);
  match_pieces(P, others, free, false);
  for (size_t i = 0; i < rest.size(); ++i) out.number[static_cast<size_t>(rest[i])] = others[i].piece;
  for (size_t p = 0; p < np; ++p)
    if (out.number[p] < 0) out.number[p] = static_cast<int>(p);  // (a state that cannot be read back: its own)
  return out;
}

// A variable's value as a position writes it: like a template shows it (spec/language.md, section 4 (Written forms)), but a
// site by its name (a per-player zone as NAME[PLAYER]) and a piece by the number it has once loaded.
void write_value(YAML::Emitter& e, const Program& P, const State& S, const std::vector<int>& number, Type t, int32_t v) {
  auto in = [&](size_t n) { return v >= 0 && static_cast<size_t>(v) < n; };
  auto name = [&](bool valid, const std::string& text) {
    if (valid) scalar(e, text);
    else e << "none";
  };
  switch (t) {
    case Type::Bool: e << (v ? "true" : "false"); return;
    case Type::Player: return name(in(P.players.size()), in(P.players.size()) ? P.players[v] : "");
    case Type::Site: return name(in(P.site_names.size()), in(P.site_names.size()) ? P.site_names[v] : "");
    case Type::Kind: return name(in(P.kinds.size()), in(P.kinds.size()) ? P.kinds[v].name : "");
    case Type::Piece:
      if (!in(P.pieces.size())) return name(false, "");
      if (!P.piece_names.empty() && !P.piece_names[static_cast<size_t>(v)].empty()) return name(true, P.piece_names[v]);
      return name(true, fmt::format("{}#{}", P.kinds[S.kind[v]].name, number[v]));
    case Type::Line: {
      if (!in(P.line_sites.size())) return name(false, "");
      std::string out;
      for (int32_t s : P.lists[P.line_sites[v]]) out += (out.empty() ? "" : "-") + P.site_names[s];
      return name(true, out);
    }
    default: e << v; return;
  }
}

// {KIND: OWNER, ATTRIBUTE: VALUE, ...} ({NAME: OWNER, ...} for a piece with a name): the attributes the piece's kind
// declares, then any other that is not 0.
void write_piece(YAML::Emitter& e, const Program& P, const State& S, int p) {
  const KindInfo& k = P.kinds[S.kind[p]];
  bool named = !P.piece_names.empty() && !P.piece_names[static_cast<size_t>(p)].empty();
  e << YAML::Flow << YAML::BeginMap << YAML::Key;
  scalar(e, named ? P.piece_names[p] : k.name);
  e << YAML::Value;
  scalar(e, P.players[S.owner[p]]);
  auto attr = [&](int a) {
    e << YAML::Key;
    scalar(e, P.attr_names[a]);
    e << YAML::Value << S.attrs[static_cast<size_t>(p) * S.nattrs + a];
  };
  for (int a : k.attrs) attr(a);
  for (int a = 0; a < S.nattrs; ++a)
    if (S.attrs[static_cast<size_t>(p) * S.nattrs + a] != 0 && std::find(k.attrs.begin(), k.attrs.end(), a) == k.attrs.end())
      attr(a);
  e << YAML::EndMap;
}

}  // namespace

// position -> rules? params? player step turn board variables? (over winners)?   (spec/position.md)
std::string write_position(const Game& g, const std::string& rules) {
  const Program& P = g.prog();
  const State& S = g.state();
  Plan written = plan(P, S);
  const std::vector<int>& number = written.number;
  YAML::Emitter e;
  e << YAML::BeginMap;
  if (!rules.empty()) {
    e << YAML::Key << "rules" << YAML::Value;
    scalar(e, rules);
  }
  if (params_set(P.params)) {
    e << YAML::Key << "params" << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const RuleParam& p : P.params) e << YAML::Key << p.name << YAML::Value << p.value;
    e << YAML::EndMap;
  }
  e << YAML::Key << "player" << YAML::Value;
  scalar(e, P.players[S.player]);
  e << YAML::Key << "step" << YAML::Value << S.step << YAML::Key << "turn" << YAML::Value << S.turn;
  e << YAML::Key << "board" << YAML::Value;
  bool empty = std::all_of(S.count.begin(), S.count.end(), [](int16_t c) { return c == 0; });
  e << (empty ? YAML::Flow : YAML::Block) << YAML::BeginMap;
  for (int s = 0; s < P.nsites(); ++s) {
    if (S.count[s] == 0) continue;
    e << YAML::Key;
    scalar(e, P.site_names[s]);
    e << YAML::Value;
    if (S.count[s] > 1) e << YAML::Flow << YAML::BeginSeq;
    for (int h = 0; h < S.count[s]; ++h) write_piece(e, P, S, S.stack[static_cast<size_t>(s) * S.cap + h]);
    if (S.count[s] > 1) e << YAML::EndSeq;
  }
  e << YAML::EndMap;
  if (!written.off_board.empty()) {
    e << YAML::Key << "off_board" << YAML::Value << YAML::BeginSeq;
    for (int p : written.off_board) write_piece(e, P, S, p);
    e << YAML::EndSeq;
  }
  if (!P.vars.empty()) {
    e << YAML::Key << "variables" << YAML::Value << YAML::BeginMap;
    for (const VarInfo& v : P.vars)
      for (int p = 0; p < (v.per_player ? P.nplayers() : 1); ++p) {
        e << YAML::Key << v.name + (v.per_player ? "[" + P.players[p] + "]" : "") << YAML::Value;
        write_value(e, P, S, number, v.type, S.vars[static_cast<size_t>(v.offset + p)]);
      }
    e << YAML::EndMap;
  }
  if (S.over) {
    e << YAML::Key << "over" << YAML::Value;
    if (S.over == State::kLost) e << "lost";
    else e << true;
    e << YAML::Key << "winners" << YAML::Value << YAML::Flow
      << YAML::BeginSeq;
    for (int p = 0; p < P.nplayers(); ++p)
      if (S.winners & (1u << p)) scalar(e, P.players[p]);
    e << YAML::EndSeq;
  }
  e << YAML::EndMap;
  return std::string(e.c_str()) + "\n";
}

}  // namespace ri
