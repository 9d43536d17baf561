#!/usr/bin/env python3
"""python3 tests/play_signals.py RULEINTERP          (in the project root; ctest runs it as play/signals)

`play --log-out LOG` writes every action as it is played, so the log left behind by a signal, or by the program
being killed, holds the whole game so far and replays (spec/cli.md, play: *Saved games*). Each scenario plays Ur,
Red a human fed over a pipe, Green random: it answers Red's prompts with `1` (the first legal move), reading the
output to know when the game waits for input (never sleeping), then sends a signal and checks the exit code, the
message, and that `ruleinterp replay` replays the log with every move typed. `play --log LOG --log-out LOG` then
continues a game into the file it came from: the old log stays its beginning, and the whole game replays.
"""
import os
import select
import signal
import subprocess
import sys
import tempfile

RULEINTERP = sys.argv[1]
RULES = "rules/ur.rules"
PROMPT = b"Red> "
STALL = 120  # seconds without output before the test gives up (it would otherwise hang; not a measure of speed)
failures = []
started = []  # every play started, so that none outlives a failed scenario


def fail(why):
    raise AssertionError(why)


def tail(text, n=1500):
    """The end of a long output, for a report."""
    return text if len(text) <= n else "...\n" + text[-n:]


def default_signals():
    # the test's own environment may ignore signals (a background job of a script): play keeps ignored ones ignored
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)


def ignore_sighup():
    default_signals()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


class Play:
    """ruleinterp play RULES ARGS, its standard input a pipe the test writes to."""

    def __init__(self, args, preexec=default_signals):
        self.args = [RULEINTERP, "play", RULES] + args
        self.p = subprocess.Popen(self.args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  preexec_fn=preexec)
        started.append(self.p)
        self.out = b""

    def wait_for_prompt(self, n):
        """Reads the output until Red's prompt has been printed n times: the game waits for Red's input, and every
        action before it has been played (and written to the log)."""
        while self.out.count(PROMPT) < n:
            ready, _, _ = select.select([self.p.stdout], [], [], STALL)
            if not ready:
                fail(f"{' '.join(self.args)}: no output for {STALL} s, waiting for prompt {n}:\n{tail(self.out.decode())}")
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                fail(f"{' '.join(self.args)}: the output ended before prompt {n}:\n{tail(self.out.decode())}")
            self.out += chunk

    def type(self, line):
        self.p.stdin.write(line.encode() + b"\n")
        self.p.stdin.flush()

    def play_moves(self, n):
        """Answers n prompts with `1` and waits for the next one."""
        for k in range(1, n + 1):
            self.wait_for_prompt(k)
            self.type("1")
        self.wait_for_prompt(n + 1)

    def finish(self):
        """Closes the input, waits for the end; returns (exit code, stdout, stderr)."""
        out, err = self.p.communicate(timeout=STALL)
        self.out += out
        return self.p.returncode, self.out.decode(), err.decode()


def run(args):
    r = subprocess.run([RULEINTERP] + args, capture_output=True, text=True, timeout=STALL)
    return r.returncode, r.stdout, r.stderr


def replays(log, expectations=0):
    """The log replays; returns its text."""
    rc, out, err = run(["replay", RULES, log])
    if rc != 0:
        fail(f"replay {log}: exit {rc}\n{out}{err}\n--- the log\n{open(log).read()}")
    if not out.startswith("ok: ") or not out.rstrip().endswith(f"{expectations} expectation" +
                                                                ("" if expectations == 1 else "s")):
        fail(f"replay {log}: {out}")
    return open(log).read()


def red_moves(text):
    return sum(1 for line in text.splitlines() if line.startswith("Red: "))


def interrupted(tmp, sig, word):
    """A game stopped by `sig` after Red's third move: exit 128 + sig, the message, the log with the three moves."""
    log = os.path.join(tmp, f"signal-{int(sig)}.log")
    game = Play(["--seed", "3", "--log-out", log])
    game.play_moves(3)
    os.kill(game.p.pid, sig)  # play waits for input: the signal is handled before it could read anything more
    rc, out, err = game.finish()
    if rc != 128 + sig:
        fail(f"{word}: exit {rc}, not {128 + sig}\n{tail(out)}{err}")
    if err != f"\n{word}: the game so far is in {log}\n":
        fail(f"{word}: the error output is {err!r}")
    text = replays(log)
    if red_moves(text) != 3:
        fail(f"{word}: the log has {red_moves(text)} moves of Red, not the 3 typed:\n{text}")


def killed(tmp):
    """SIGKILL cannot be handled: the log is complete all the same, having been written action by action."""
    log = os.path.join(tmp, "killed.log")
    game = Play(["--seed", "5", "--log-out", log])
    game.play_moves(4)
    game.p.kill()
    rc, out, err = game.finish()
    if rc != -signal.SIGKILL:
        fail(f"killed: exit {rc}\n{tail(out)}{err}")
    text = replays(log)
    if red_moves(text) != 4:
        fail(f"killed: the log has {red_moves(text)} moves of Red, not the 4 typed:\n{text}")


def undo(tmp):
    """An undo takes the undone actions out of the log file at once."""
    log = os.path.join(tmp, "undo.log")
    game = Play(["--seed", "3", "--log-out", log])
    game.play_moves(2)
    game.type("undo")
    game.wait_for_prompt(4)  # the prompt after `undone: ...`
    os.kill(game.p.pid, signal.SIGINT)
    rc, out, err = game.finish()
    if rc != 130 or "undone: back to Red's previous move" not in out:
        fail(f"undo: exit {rc}\n{tail(out)}{err}")
    text = replays(log)
    if red_moves(text) != 1:
        fail(f"undo: the log has {red_moves(text)} moves of Red, not 1 (2 played, 1 undone):\n{text}")


def without_log():
    game = Play(["--seed", "3"])
    game.play_moves(1)
    os.kill(game.p.pid, signal.SIGINT)
    rc, out, err = game.finish()
    if rc != 130 or err != "\ninterrupted: the game is left unfinished\n":
        fail(f"without a log: exit {rc}, error output {err!r}")


def sighup_ignored(tmp):
    """A signal ignored when play starts (as under nohup) stays ignored: the game goes on."""
    log = os.path.join(tmp, "nohup.log")
    game = Play(["--seed", "3", "--log-out", log], preexec=ignore_sighup)
    game.play_moves(1)
    os.kill(game.p.pid, signal.SIGHUP)
    game.type("1")
    game.wait_for_prompt(3)  # still playing
    rc, out, err = game.finish()  # the input ends: the game is left unfinished
    if rc != 0 or "game left unfinished" not in out:
        fail(f"SIGHUP ignored: exit {rc}\n{tail(out)}{err}")
    if red_moves(replays(log)) != 2:
        fail("SIGHUP ignored: the log does not have Red's 2 moves")


def continued(tmp):
    """play --log LOG --log-out LOG goes on with the game in LOG, appending to it: interrupted, then to the end."""
    log = os.path.join(tmp, f"signal-{int(signal.SIGINT)}.log")  # left by the SIGINT scenario: Red played 3 moves
    old = open(log).read()
    game = Play(["--log", log, "--log-out", log, "--seed", "11"])
    game.play_moves(2)
    if "continuing the game of " + log not in game.out.decode():
        fail(f"continued: no 'continuing the game of {log}' in\n{tail(game.out.decode())}")
    os.kill(game.p.pid, signal.SIGINT)
    rc, out, err = game.finish()
    if rc != 130:
        fail(f"continued: exit {rc}\n{tail(out)}{err}")
    text = replays(log)
    if not text.startswith(old) or red_moves(text) != 5:
        fail(f"continued: the log does not hold the 3 moves before and the 2 after:\n--- before\n{old}--- after\n{text}")
    # and to the end, random players on both sides: the result closes the log
    rc, out, err = run(["play", RULES, "--log", log, "--log-out", log, "--players", "random,random", "--seed", "1"])
    if rc != 0 or "result: " not in out:
        fail(f"continued to the end: exit {rc}\n{tail(out)}{err}")
    end = replays(log, expectations=1)
    if not end.startswith(text) or "\nexpect result " not in end:
        fail(f"continued to the end: the log lost its beginning or has no result:\n{end}")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        tests = [
            ("SIGINT", lambda: interrupted(tmp, signal.SIGINT, "interrupted")),
            ("SIGTERM", lambda: interrupted(tmp, signal.SIGTERM, "terminated")),
            ("SIGHUP", lambda: interrupted(tmp, signal.SIGHUP, "hung up")),
            ("SIGKILL", lambda: killed(tmp)),
            ("undo", lambda: undo(tmp)),
            ("no log", without_log),
            ("SIGHUP ignored", lambda: sighup_ignored(tmp)),
            ("continued", lambda: continued(tmp)),  # after SIGINT: continues its log
        ]
        for name, test in tests:
            try:
                test()
                print(f"ok: {name}")
            except (AssertionError, subprocess.TimeoutExpired) as e:
                failures.append(name)
                print(f"FAILED: {name}: {e}")
            finally:
                for p in started:
                    if p.poll() is None:
                        p.kill()
                        p.wait()
    if failures:
        print(f"{len(failures)} of {len(tests)} failed: {', '.join(failures)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
