// ruleinterp tree FILE [--position POS] [--log LOG] [--depth D] [--max-nodes N] [--json] [--hash] [--display]
// [--seed N]: the game tree of any rule file, from its start (or POS, or the position LOG reaches), as an indented
// text tree or as JSON. The whole tree is built first (with the public Game API: legal, apply, undo, outcomes, write,
// summary, render, hash, result_text) and printed only when it has at most N nodes. See spec/cli.md.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "progress.hpp"

namespace ri::cli {

namespace {

struct TreeOpts {
  std::string file;
  Start start;
  int depth = -1;  // -1: to the end of every line of play
  int64_t max_nodes = 100000;
  bool json = false;
  bool hash = false;     // the text shows each node's state hash after its summary
  bool display = false;  // each node's display is shown under it
  std::string colour = "auto";  // --color (auto: never with --json, which is for programs)
};

// How a node was reached from its parent: a move, or a chance outcome with its probability (none for the root).
struct Edge {
  std::string move;  // the move's first notation, or `NAME VALUE` for an outcome
  bool outcome = false;
  std::string chance;  // the chance event rolled
  int64_t value = 0;
  uint64_t weight = 0, total = 0;
};

// One node of the tree: a position reached by the actions from the root. Nodes are kept in pre-order (a node, then
// its children's subtrees in the order of the actions), each with its depth.
struct TreeNode {
  Edge edge;
  int depth = 0;
  std::string player;  // the player to move (at a chance node, the one who rolls; at the end, whose turn it was)
  Game::NodeKind kind = Game::NodeKind::Decision;
  std::string state;   // Game::summary(): the rule file's summary, or the default one
  std::string display;  // Game::render(), with --display
  uint64_t hash = 0;
  std::string result;  // Game::result_text() when the game is over
  bool cut = false;    // at the deepest level (--depth) and not over: its actions are not followed
  bool last = true;    // the last child of its parent (or the root)
};

// The tree is larger than --max-nodes allows.
struct TooManyNodes {};

// Builds the tree below g's position, depth first with apply/undo (g is back at its position afterwards). An
// explicit stack of the nodes being expanded (each with its actions, their edges, and the mark that undoes the action
// that led to it) keeps the C++ stack flat however deep the tree is. Throws TooManyNodes as soon as the tree has
// more than `max_nodes` nodes.
std::vector<TreeNode> build_tree(Game& g, int max_depth, int64_t max_nodes, bool display, const ProgressFn* progress) {
  struct Frame {
    std::vector<Move> actions;
    std::vector<Edge> edges;
    size_t next = 0;
    size_t mark = 0;  // undoes the action that led here
    bool root = false;
  };
  std::vector<TreeNode> nodes;
  std::vector<Frame> stack;
  auto scratch = std::make_unique<MoveList>();
  // records the node at g's position; returns whether it is expanded (a frame for it was pushed)
  auto enter = [&](Edge edge, int depth) {
    TreeNode n;
    n.edge = std::move(edge);
    n.depth = depth;
    n.kind = g.node();
    n.player = g.prog().players[static_cast<size_t>(g.player())];
    n.state = g.summary();
    if (display) n.display = g.render();
    n.hash = g.hash();
    if (n.kind == Game::NodeKind::Over) n.result = g.result_text();
    n.cut = n.kind != Game::NodeKind::Over && depth == max_depth;
    bool expand = n.kind != Game::NodeKind::Over && !n.cut;
    nodes.push_back(std::move(n));
    if (static_cast<int64_t>(nodes.size()) > max_nodes) throw TooManyNodes{};
    if (progress) (*progress)(nodes.size(), 0);
    if (!expand) return false;
    Frame f;
    g.legal(*scratch);
    f.actions.assign(scratch->begin(), scratch->end());
    if (Game::Outcomes o = g.outcomes(); o.chance) {
      for (size_t i = 0; i < o.values.size(); ++i) {
        Edge e;
        e.move = fmt::format("{} {}", o.chance->name, o.values[i]);
        e.outcome = true;
        e.chance = o.chance->name;
        e.value = o.values[i];
        e.weight = o.weights[i];
        e.total = o.total;
        f.edges.push_back(std::move(e));
      }
    } else {
      for (const Move& m : f.actions) {
        Edge e;
        e.move = g.write(m);
        f.edges.push_back(std::move(e));
      }
    }
    stack.push_back(std::move(f));
    return true;
  };
  if (enter({}, 0)) stack.back().root = true;
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == f.actions.size()) {
      bool root = f.root;
      size_t mark = f.mark;
      stack.pop_back();
      if (!root) g.undo(mark);
      continue;
    }
    size_t i = f.next++;
    Move m = f.actions[i];
    Edge e = f.edges[i];
    size_t mark = g.apply(m);
    if (enter(std::move(e), static_cast<int>(stack.size()))) stack.back().mark = mark;
    else g.undo(mark);
  }
  // a node is its parent's last child when the next node at its depth or above is not at its depth
  for (size_t i = 0; i < nodes.size(); ++i) {
    size_t j = i + 1;
    while (j < nodes.size() && nodes[j].depth > nodes[i].depth) ++j;
    nodes[i].last = j == nodes.size() || nodes[j].depth < nodes[i].depth;
  }
  return nodes;
}

// The display of node n under its line: each line after the branches that go on past it (`open`, its ancestors',
// and its own when it has children), its trailing spaces dropped.
void print_display(const TreeNode& n, const std::vector<bool>& open, bool children, std::ostream& out) {
  std::string prefix;
  for (size_t d = 0; d < open.size() && n.depth > 0; ++d) prefix += open[d] ? "|   " : "    ";
  prefix += children ? "|   " : "    ";
  for (size_t at = 0; at < n.display.size();) {
    size_t end = std::min(n.display.find('\n', at), n.display.size());
    std::string line = prefix + n.display.substr(at, end - at);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
    at = end + 1;
  }
}

// text -> one line per node: its branches drawn with `|-- `, `` `-- `` and `|   ` (ASCII), then
//   [EDGE: ]PLAYER STATE[ [HASH]][ -- over: RESULT | -- cut]      EDGE = NOTATION | NAME VALUE (WEIGHT/TOTAL)
// and with `display` the node's display under it, each line after the branches of the node's subtree.
void print_text(const std::vector<TreeNode>& nodes, bool hash, bool display, std::ostream& out) {
  std::vector<bool> open;  // open[d]: the ancestor at depth d + 1 has later siblings (its branch line goes on)
  for (size_t k = 0; k < nodes.size(); ++k) {
    const TreeNode& n = nodes[k];
    std::string line;
    if (n.depth > 0) {
      open.resize(static_cast<size_t>(n.depth - 1));
      for (bool o : open) line += o ? "|   " : "    ";
      line += n.last ? "`-- " : "|-- ";
      line += n.edge.move;
      if (n.edge.outcome) line += fmt::format(" ({}/{})", n.edge.weight, n.edge.total);
      line += ": ";
      open.push_back(!n.last);
    }
    line += n.player + " " + n.state;
    if (hash) line += " [" + hash_text(n.hash) + "]";
    if (n.kind == Game::NodeKind::Over) line += " -- over: " + n.result;
    if (n.cut) line += " -- cut";
    out << line << '\n';
    if (display) print_display(n, open, k + 1 < nodes.size() && nodes[k + 1].depth > n.depth, out);
  }
}

// A JSON string: quoted, with '"', '\' and the control characters escaped.
std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", static_cast<unsigned char>(c));
        else out += c;
    }
  }
  return out + "\"";
}

// json -> one object per node, on a line of its own indented by its depth, its children in its "children" array:
//   {["move": M, ]["chance": C, "outcome": V, "probability": "W/T", ]"player": P, "node": K, "state": S,
//    ["display": D, ]"hash": H, "over": B, ["result": R, ]"cut": B, "children": [...]}
void print_json(const std::vector<TreeNode>& nodes, bool display, std::ostream& out) {
  static const char* kinds[] = {"decision", "chance", "over"};
  for (size_t i = 0; i < nodes.size(); ++i) {
    const TreeNode& n = nodes[i];
    std::string line(static_cast<size_t>(n.depth) * 2, ' ');
    line += "{";
    if (n.depth > 0) line += "\"move\": " + json_string(n.edge.move) + ", ";
    if (n.edge.outcome)
      line += fmt::format("\"chance\": {}, \"outcome\": {}, \"probability\": \"{}/{}\", ", json_string(n.edge.chance),
                          n.edge.value, n.edge.weight, n.edge.total);
    line += fmt::format("\"player\": {}, \"node\": \"{}\", \"state\": {}, ", json_string(n.player),
                        kinds[static_cast<int>(n.kind)], json_string(n.state));
    if (display) line += "\"display\": " + json_string(n.display) + ", ";
    line += fmt::format("\"hash\": \"{}\", \"over\": {}, ", hash_text(n.hash),
                        n.kind == Game::NodeKind::Over ? "true" : "false");
    if (n.kind == Game::NodeKind::Over) line += "\"result\": " + json_string(n.result) + ", ";
    line += fmt::format("\"cut\": {}, \"children\": [", n.cut ? "true" : "false");
    bool has_children = i + 1 < nodes.size() && nodes[i + 1].depth > n.depth;
    if (has_children) {
      out << line << '\n';
      continue;
    }
    line += "]}";
    // close the ancestors whose last child this node ends
    for (size_t d = static_cast<size_t>(n.depth), next = i + 1 < nodes.size() ? static_cast<size_t>(nodes[i + 1].depth) : 0;
         d > next; --d) {
      line += '\n';
      line.append((d - 1) * 2, ' ');
      line += "]}";
    }
    if (i + 1 < nodes.size()) line += ",";
    out << line << '\n';
  }
}

int run_tree(const TreeOpts& o) {
  return with_game(o.file, o.start, [&](Game& g) {
    g.set_colour(o.json && o.colour == "auto" ? false : colour_wanted(o.colour));
    std::vector<TreeNode> nodes;
    try {
      ProgressLine line("tree", "nodes");
      nodes = build_tree(g, o.depth, o.max_nodes, o.display, line.hook());
    } catch (const TooManyNodes&) {
      std::string within = o.depth >= 0 ? fmt::format(" (to depth {})", o.depth) : "";
      std::cerr << fmt::format("error: the tree{} has more than {} nodes: cut it with --depth, or raise --max-nodes\n",
                               within, o.max_nodes);
      return 1;
    }
    if (o.json) print_json(nodes, o.display, std::cout);
    else print_text(nodes, o.hash, o.display, std::cout);
    return 0;
  });
}

}  // namespace

void add_tree(CLI::App& app, std::vector<Command>& out) {
  auto o = std::make_shared<TreeOpts>();
  auto* cmd = app.add_subcommand(
      "tree", "Print the game tree: every node's player, the action that led to it, its state (the rule file's summary, "
              "else the occupied sites and the variables) and, at the end, the result");
  cmd->add_option("file", o->file, "rule file")->required();
  add_start_options(cmd, o->start, "the tree of the position after this move log");
  cmd->add_option("--depth", o->depth, "follow at most this many actions from the root; deeper nodes are cut (default: "
                                       "no limit)")
      ->check(CLI::Range(0, 1000000000));
  cmd->add_option("--max-nodes", o->max_nodes,
                  "fail, printing nothing, when the tree has more nodes (1 to 10000000; default 100000)")
      ->check(CLI::Range(int64_t{1}, int64_t{10'000'000}));
  cmd->add_flag("--json", o->json, "print the tree as JSON: nested objects, one node per line");
  cmd->add_flag("--hash", o->hash, "show each node's state hash after its state, [16 hex digits] (JSON always has it)");
  cmd->add_flag("--display", o->display, "show each node's display (the rule file's display) under it");
  add_colour_option(cmd, o->colour);
  out.push_back({cmd, [o] { return run_tree(*o); }});
}

}  // namespace ri::cli
