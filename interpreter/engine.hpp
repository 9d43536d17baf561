// The game: setup, legal-move generation, chance nodes, apply/undo, the turn state machine, the end and
// its result, the state hash, notation and rendering. Knows no game: everything comes from the Program.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "machine.hpp"
#include "program.hpp"
#include "state.hpp"

namespace ri {

class Game {
 public:
  explicit Game(std::shared_ptr<const Program> p);

  const Program& prog() const { return *P_; }
  std::shared_ptr<const Program> program() const { return P_; }
  Machine& machine() { return M_; }
  const State& state() const { return M_.state(); }

  // The initial position, settled to the first decision or chance node.
  void reset();

  enum class NodeKind { Decision, Chance, Over };
  NodeKind node() const;
  int player() const { return state().player; }
  const ChanceInfo* pending_chance() const;  // the chance event to roll at a chance node

  // Decision: the legal moves in declaration order. Chance: one move per outcome.
  void legal(MoveList& out);
  // Applies a legal move or outcome; returns the mark to undo it with.
  size_t apply(const Move& m);
  void undo(size_t mark) { M_.rollback(mark); }

  // The move as written by its first notation (a chance outcome: its value).
  std::string write(const Move& m);

  // Reads a move or outcome written in notation. On failure `error` says why: for a recognised but
  // illegal move, the first failing requirement's code and message.
  struct Reading {
    bool ok = false;
    Move move;
    std::string code;     // the requirement's error code (empty when not a requirement)
    std::string message;  // human-readable
  };
  Reading read(std::string_view text);

  uint64_t hash() const;
  std::string render();
  std::string result_text() const;  // "Red wins", "draw", "Red and Green tie"
  uint32_t winners() const { return state().winners; }

  // How many automatic passes the last apply()/reset() made (for the user interface only).
  int last_passes() const { return passes_; }

 private:
  void settle();
  void next_step();
  bool check_end();
  void finish_without_rule();
  bool any_legal();
  // Binds each combination of the move's parameters and calls f() (which returns false to stop). With
  // `legal_only`, combinations failing a requirement are skipped, each requirement checked as soon as the
  // parameters it depends on are bound.
  template <class F>
  void candidates(int move, bool legal_only, F&& f);
  std::string write_with(const TemplateInfo& t);
  void record(const MoveInfo& mi);
  void bind(const Move& m);

  std::shared_ptr<const Program> P_;
  Machine M_;
  int passes_ = 0;
  std::vector<int32_t> entry_;  // the history entry being recorded
};

// Normalises written moves for comparison: lower case, single spaces, trimmed.
std::string normalize_notation(std::string_view s);

}  // namespace ri
