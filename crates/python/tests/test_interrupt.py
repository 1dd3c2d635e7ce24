"""Ctrl-C during a long check: `KeyboardInterrupt` is raised and the engine's work stops.

An unknown-folds sweep over p = n = 6000 and 10 folds without a time limit runs for its
default 10 minutes; each test starts one in a subprocess, sends SIGINT once the call is under
way, and waits (at most 60 s, a guard against a hang, not a measure of speed) for the child
to report the interrupt and for the thread that answered the call to end.
"""

import os
import pathlib
import select
import signal
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(
    not pathlib.Path("/proc/self/task").is_dir() or os.name != "posix",
    reason="counts the process's threads through Linux's /proc/self/task",
)

CHILD = textwrap.dedent("""
    import os, sys, time
    import scorecheck
    from scorecheck.check.binary import check_1_dataset_unknown_folds_mos

    LONG = {"dataset": {"p": 6000, "n": 6000}, "folding": {"n_folds": 10, "n_repeats": 1},
            "scores": {"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}, "eps": 0.000001}
    QUICK = {"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 5},
             "scores": {"acc": 0.6}, "eps": 0.01}

    def workers():
        # The threads answering a call (the extension names them "scorecheck-call").
        names = []
        for task in os.listdir("/proc/self/task"):
            try:
                names.append(open(f"/proc/self/task/{task}/comm").read().strip())
            except OSError:  # the thread ended meanwhile
                pass
        return names.count("scorecheck-call")

    scorecheck.batch([QUICK, QUICK])
    while workers():  # the last call's thread ends just after its answer
        time.sleep(0.01)
    how = sys.argv[1]
    print("calling", flush=True)
    try:
        if how == "check":
            scorecheck.check({"check": "1_dataset_unknown_folds_mos", **LONG})
        elif how == "function":
            check_1_dataset_unknown_folds_mos(**LONG)
        else:
            scorecheck.batch([{"check": "1_dataset_unknown_folds_mos", **LONG}, QUICK])
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        # The engine's thread ends once the sweep has seen the cancellation.
        while workers():
            time.sleep(0.05)
        print("stopped", flush=True)
        # Still usable afterwards.
        print(scorecheck.check(QUICK)["verdict"], flush=True)
        sys.exit(0)
    print("answered without an interrupt", flush=True)
    sys.exit(1)
""")


@pytest.mark.parametrize("how", ["check", "function", "batch"])
def test_ctrl_c_raises_keyboard_interrupt_and_stops_the_work(how):
    child = subprocess.Popen([sys.executable, "-c", CHILD, how], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([child.stdout], [], [], 60)
        assert ready and child.stdout.readline().strip() == "calling"
        # Once the call is under way (the sweep runs for minutes; a signal that came before
        # the call would be a KeyboardInterrupt from Python itself).
        try:
            child.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            pass
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        pytest.fail(f"the call was neither interrupted and stopped within 60 s: {out!r} {err!r}")
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert out.split() == ["interrupted", "stopped", "consistent"], (out, err)
    assert child.returncode == 0, err
