// The sections that say how the game is played: 'moves' (each move's parameters, definitions, requirements,
// effects, notation and record), 'turn' (the steps of a turn) and 'end' (when the game ends, and its result).
#include <fmt/format.h>

#include "syntax/loader_impl.hpp"

namespace ri {

// moves -> { NAME: MOVE }
void Loader::load_moves(const YAML::Node& n, Document& doc) {
  each_named(n, "moves", pos_of(n), [&](Text name, const YAML::Node& body) {
    MoveDecl m;
    load_move(name, body, m);
    doc.moves.push_back(std::move(m));
  });
}

// move -> { params: { NAME: TYPE }, let: { NAME: EXPR }, requires: REQUIREMENTS, effects: STATEMENTS,
//           ensures: REQUIREMENTS, notation: TEMPLATE | [TEMPLATE...], record: { FIELD: EXPR } }
void Loader::load_move(const Text& name, const YAML::Node& b, MoveDecl& m) {
  m.name = name;
  std::string where = "moves." + name.s;
  if (!expect_map(b, where, name.pos)) return;
  check_keys(b, where, rule_keys("moves.*"));
  m.keys = keys_of(b);
  if (auto p = b["params"]) {
    // param -> TYPE | { type: TYPE, error: CODE, message: TEMPLATE }
    each_named(p, where + ".params", pos_of(b), [&](Text name, const YAML::Node& v) {
      ParamDecl pd;
      pd.name = std::move(name);
      if (v.IsMap()) {
        check_keys(v, where + ".params." + pd.name.s, rule_keys("moves.*.params.*"));
        if (auto t = need(v, "type", "a parameter", pos_of(v, pd.name.pos))) text(t, pd.spec, "'type'", pd.name.pos);
        else return;
        if (auto e = v["error"]) text(e, pd.error, "'error'", pd.name.pos);
        if (auto e = v["message"]) text(e, pd.message, "'message'", pd.name.pos);
      } else if (!text(v, pd.spec, "a parameter's type", pd.name.pos)) {
        return;
      }
      m.params.push_back(std::move(pd));
    });
  }
  if (auto l = b["let"]) named_texts(l, where + ".let", "a definition", pos_of(b), m.lets);
  if (auto r = b["requires"]) load_requires(r, where + ".requires", pos_of(b), m.requires_);
  if (auto r = b["ensures"]) load_requires(r, where + ".ensures", pos_of(b), m.ensures);
  if (auto e = b["effects"]) {
    if (appended(e, where + ".effects")) m.appended.push_back("effects");
    statement_list(e, where + ".effects", m.effects, m.effect_names, pos_of(b));
  }
  if (auto nt = b["notation"]) {
    if (appended(nt, where + ".notation")) m.appended.push_back("notation");
    if (nt.IsSequence()) scalar_list(nt, where + ".notation", m.notation, pos_of(b));
    else { Text t; if (text(nt, t, "'notation'", pos_of(b))) m.notation.push_back(t); }
  }
  if (auto r = b["record"]) named_texts(r, where + ".record", "a recorded value", pos_of(b), m.record);
}

// requires -> '[' ( EXPR | { check: EXPR, error: CODE, message: TEMPLATE } )* ']'   (and 'ensures')
void Loader::load_requires(const YAML::Node& r, const std::string& where, Pos fallback, std::vector<Requirement>& out) {
  if (!expect_seq(r, where, fallback)) return;
  for (auto item : r) {
    Requirement req;
    if (item.IsMap()) {
      check_keys(item, where, rule_keys("moves.*.requires[]"));
      if (auto c = need(item, "check", "a requirement", pos_of(item))) text(c, req.check, "'check'", pos_of(item));
      else continue;
      if (auto e = item["error"]) text(e, req.error, "'error'", pos_of(item));
      if (auto e = item["message"]) text(e, req.message, "'message'", pos_of(item));
    } else if (!text(item, req.check, "a requirement", pos_of(r))) {
      continue;
    }
    out.push_back(std::move(req));
  }
}

// turn -> '[' STEP* ']' | '{' NAME ':' STEP (',' NAME ':' STEP)* '}'   (named: a variant can change or remove one)
void Loader::load_turn(const YAML::Node& n, Document& doc) {
  doc.turn_pos = pos_of(n);
  if (n.IsMap()) {
    doc.turn_named = true;
    each_named(n, "turn", doc.turn_pos, [&](Text name, const YAML::Node& s) {
      StepDecl st;
      name.map.clear();
      st.name = std::move(name);
      st.pos = pos_of(s, st.name.pos);
      if (!expect_map(s, "turn step '" + st.name.s + "'", st.pos)) return;
      load_step(s, st, variant_);
      doc.turn.push_back(std::move(st));
    });
  } else {
    if (!expect_seq(n, "turn", pos_of(n))) return;
    if (appended(n, "turn")) doc.appended.push_back("turn");
    for (auto s : n) {
      StepDecl st;
      st.pos = pos_of(s, doc.turn_pos);
      if (!expect_map(s, "a turn step", st.pos)) continue;
      load_step(s, st, false);
      doc.turn.push_back(std::move(st));
    }
  }
  if (doc.turn.empty() && !variant_) error(doc.turn_pos, "'turn' needs at least one step");
}

// step -> { roll: CHANCE, when: EXPR } | { choose: [MOVE...] | all, if_none: pass|end|lose, when: EXPR, after: STATEMENTS }
// A variant's named step may be `partial`: it gives only the keys that change its base's step.
void Loader::load_step(const YAML::Node& s, StepDecl& st, bool partial) {
  st.keys = keys_of(s);
  if (auto r = s["roll"]) {
    check_keys(s, "turn step", rule_keys("turn[]", "roll"));
    st.kind = StepDecl::Roll;
    text(r, st.chance, "'roll'", st.pos);
  } else if (s["choose"] || partial) {
    check_keys(s, "turn step", rule_keys("turn[]", "choose"));
    st.kind = StepDecl::Choose;
    if (auto c = s["choose"]) {
      if (appended(c, "choose")) st.appended.push_back("choose");
      if (c.IsScalar() && c.Scalar() == "all") {
      } else if (scalar_list(c, "choose", st.moves, st.pos) && st.moves.empty()) {
        error(pos_of(c, st.pos), "'choose' offers no move: name the moves, or write 'choose: all'");
      }
    }
    if (auto w = s["if_none"]) text(w, st.when_none, "'if_none'", st.pos);
    if (auto a = s["after"]) {
      if (appended(a, "after")) st.appended.push_back("after");
      scalar_list(a, "after", st.after, st.pos);
    }
  } else {
    error(st.pos, "a turn step must be 'roll: CHANCE' or 'choose: [MOVES]'");
    return;
  }
  if (auto w = s["when"]) text(w, st.when.emplace(), "'when'", st.pos);
}

// end -> '[' RULE* ']' | '{' NAME ':' RULE (',' NAME ':' RULE)* '}'   (named: a variant can change or remove one)
void Loader::load_end(const YAML::Node& n, Document& doc) {
  if (n.IsMap()) {
    doc.end_named = true;
    each_named(n, "end", pos_of(n), [&](Text name, const YAML::Node& e) {
      EndDecl ed;
      name.map.clear();
      ed.name = std::move(name);
      ed.pos = pos_of(e, ed.name.pos);
      if (!expect_map(e, "end rule '" + ed.name.s + "'", ed.pos)) return;
      if (load_end_rule(e, ed, variant_)) doc.end.push_back(std::move(ed));
    });
    return;
  }
  if (!expect_seq(n, "end", pos_of(n))) return;
  if (appended(n, "end")) doc.appended.push_back("end");
  for (auto e : n) {
    EndDecl ed;
    ed.pos = pos_of(e, pos_of(n));
    if (!expect_map(e, "an end condition", ed.pos)) continue;
    if (load_end_rule(e, ed, false)) doc.end.push_back(std::move(ed));
  }
}

// rule -> { each?, when, result, message?, reason? }   (a variant's named rule may be `partial`: only the keys it changes)
// False when a key the rule needs is missing (reported).
bool Loader::load_end_rule(const YAML::Node& e, EndDecl& ed, bool partial) {
  check_keys(e, "end", rule_keys("end[]"));
  ed.keys = keys_of(e);
  if (auto v = e["each"]) text(v, ed.each, "'each'", ed.pos);
  if (auto v = partial ? e["when"] : need(e, "when", "an end condition", ed.pos)) text(v, ed.when, "'when'", ed.pos);
  else if (!partial) return false;
  if (auto v = partial ? e["result"] : need(e, "result", "an end condition", ed.pos)) text(v, ed.result, "'result'", ed.pos);
  else if (!partial) return false;
  if (auto v = e["message"]) text(v, ed.message.emplace(), "'message'", ed.pos);
  if (auto v = e["reason"]) text(v, ed.reason.emplace(), "'reason'", ed.pos);
  return true;
}

}  // namespace ri
