#!/usr/bin/env python3
"""python3 tests/play_colour.py RULEINTERP          (in the project root; ctest runs it as play/colour)

`play --color=auto` (the default) colours what the rule file styles only when standard output is a terminal and
NO_COLOR is not set or is empty (spec/cli.md, *Colour*). Each scenario runs `ruleinterp play rules/solitaire.rules
--seed 274` (whose first column shows the nine of hearts, styled red) under a pseudo-terminal, answers its prompt
with `quit`, and checks whether the output holds the escape sequence of red; `tree` of a rule file whose summary is
styled colours it on a terminal too, but not with --json unless --color=always. (The cases of tests/cli/ run with
standard output a pipe: auto never colours there.)
"""
import os
import select
import subprocess
import sys

RULEINTERP = sys.argv[1]
ARGS = ["play", "rules/solitaire.rules", "--seed", "274"]
PROMPT = b"Input command >> "
RED = b"\x1b[31m"
STALL = 120  # seconds without output before the test gives up (it would otherwise hang; not a measure of speed)


def run_on_terminal(extra, no_colour, args=ARGS):
    """The output of `ruleinterp ARGS EXTRA` under a pseudo-terminal (its stdin, stdout and stderr), `quit` typed at
    play's prompt. no_colour: NO_COLOR's value, or None to leave it unset."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    if no_colour is not None:
        env["NO_COLOR"] = no_colour
    master, slave = os.openpty()
    p = subprocess.Popen([RULEINTERP] + args + extra, stdin=slave, stdout=slave, stderr=slave, env=env,
                         close_fds=True)
    os.close(slave)
    out, sent = b"", False
    try:
        while True:
            ready, _, _ = select.select([master], [], [], STALL)
            if not ready:
                raise AssertionError(f"no output for {STALL} s; so far:\n{out.decode(errors='replace')}")
            try:
                data = os.read(master, 4096)
            except OSError:  # EIO: the program ended and the terminal closed
                break
            if not data:
                break
            out += data
            if not sent and PROMPT in out:
                os.write(master, b"quit\n")
                sent = True
    finally:
        os.close(master)
        if p.poll() is None:
            p.kill()
        p.wait()
    if p.returncode != 0:
        raise AssertionError(f"exit {p.returncode}:\n{out.decode(errors='replace')}")
    if not sent and args is ARGS:
        raise AssertionError(f"no prompt:\n{out.decode(errors='replace')}")
    return out


SCENARIOS = [
    # (--color, NO_COLOR, coloured?)
    ([], None, True),                      # auto on a terminal
    ([], "", True),                        # an empty NO_COLOR does not count
    ([], "1", False),                      # auto with NO_COLOR
    (["--color=auto"], "yes", False),
    (["--color=always"], "1", True),       # asked for: NO_COLOR does not stop it
    (["--color=never"], None, False),
    (["--color", "never"], None, False),
]

# tree on a terminal: a styled summary is coloured with auto, but not as JSON (for programs) unless asked for
TREE = ["tree", "tests/cli/styled-summary.rules"]
BOLD_RED, BOLD_RED_JSON = b"\x1b[1;31m", b"\\u001b[1;31m"  # JSON writes ESC as \u001b
TREE_SCENARIOS = [
    ([], True),
    (["--json"], False),
    (["--json", "--color=always"], True),
]

failures = []
for extra, coloured in TREE_SCENARIOS:
    name = f"tree {' '.join(extra) or '(default)'}"
    try:
        out = run_on_terminal(extra, None, TREE)
        if (BOLD_RED in out or BOLD_RED_JSON in out) != coloured:
            raise AssertionError(f"expected {'' if coloured else 'no '}colour:\n{out.decode(errors='replace')}")
        print(f"ok: {name}")
    except AssertionError as e:
        failures.append(name)
        print(f"FAILED: {name}: {e}")
for extra, no_colour, coloured in SCENARIOS:
    name = f"{' '.join(extra) or '(default)'} NO_COLOR={'unset' if no_colour is None else repr(no_colour)}"
    try:
        out = run_on_terminal(extra, no_colour)
        if (RED in out) != coloured:
            raise AssertionError(f"expected {'' if coloured else 'no '}colour:\n{out.decode(errors='replace')}")
        if b"\xe2\x99\xa5" + b"9" not in out:  # the card itself, coloured or not
            raise AssertionError(f"no nine of hearts:\n{out.decode(errors='replace')}")
        print(f"ok: {name}")
    except AssertionError as e:
        failures.append(name)
        print(f"FAILED: {name}: {e}")
sys.exit(1 if failures else 0)
