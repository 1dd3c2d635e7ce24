"""pytest plugin of `cargo xtask reference-tests`: one JSON line per test, as it happens.

`SCORECHECK_REFTESTS_RECORD` names the file appended to: a "start" event when a test begins
and a "result" event when it ends (outcome, the seconds its call took, and for a failure
the exception's type and the first line of its message), each flushed at once, so that when a hung test's process is
ended the file says which test was running. `SCORECHECK_REFTESTS_SKIP` names a file of test
ids (one a line) to deselect: those a previous process of the same file already ran.
"""

import json
import os

import pytest

_record = None
_phases = {}


def _write(event):
    global _record
    path = os.environ.get("SCORECHECK_REFTESTS_RECORD")
    if not path:
        return
    if _record is None:
        _record = open(path, "a", encoding="utf-8")
    _record.write(json.dumps(event) + "\n")
    _record.flush()


def pytest_collection_modifyitems(config, items):
    path = os.environ.get("SCORECHECK_REFTESTS_SKIP")
    if not path or not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as lines:
        skip = {line.rstrip("\n") for line in lines if line.strip()}
    kept = [item for item in items if item.nodeid not in skip]
    config.hook.pytest_deselected(items=[item for item in items if item.nodeid in skip])
    items[:] = kept


def pytest_runtest_logstart(nodeid, location):
    _phases[nodeid] = None
    _write({"event": "start", "nodeid": nodeid})


def _first_line(text):
    for line in str(text).splitlines():
        if line.strip():
            return line.strip()
    return ""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    # The first failing phase's exception, kept for the "result" event (the report holds
    # only its rendering).
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        _seconds[item.nodeid] = report.duration
    if report.failed and call.excinfo is not None and _phases.get(item.nodeid) is None:
        _phases[item.nodeid] = {
            "when": report.when,
            "exception": call.excinfo.typename,
            "message": _first_line(call.excinfo.value),
        }


def pytest_runtest_logreport(report):
    if report.failed and _phases.get(report.nodeid) is None:
        # A failure that reached no exception interaction still has a report to read.
        _phases[report.nodeid] = {
            "when": report.when,
            "exception": "Failed",
            "message": _first_line(report.longreprtext),
        }
    if report.skipped and report.when in ("setup", "call"):
        _skipped.add(report.nodeid)
    if report.when != "teardown":
        return
    failure = _phases.pop(report.nodeid, None)
    seconds = {"seconds": round(_seconds.pop(report.nodeid, 0.0), 3)}
    if failure is not None:
        _write({"event": "result", "nodeid": report.nodeid, "outcome": "failed", **failure,
                **seconds})
    elif report.nodeid in _skipped:
        _write({"event": "result", "nodeid": report.nodeid, "outcome": "skipped", **seconds})
    else:
        _write({"event": "result", "nodeid": report.nodeid, "outcome": "passed", **seconds})
    _skipped.discard(report.nodeid)


_skipped = set()
_seconds = {}


def pytest_unconfigure(config):
    global _record
    if _record is not None:
        _record.close()
        _record = None
