"""Differential test against the reference mlscorecheck 1.0.3, where it is installed.

Every conformance case of a binary protocol runs through both; a disagreement is allowed
only where the case is marked `deliberate_difference` (the reference is wrong there: the
expected answer comes from exact brute force, see testdata/README.md) or the reference
crashed. `cargo xtask diff-reference` does the same on random problems with a brute force.
"""

import importlib

import pytest

import scorecheck
from conftest import cases

mlscorecheck = pytest.importorskip("mlscorecheck")

SINGLE = [c for c in cases("binary_single.jsonl")]


def reference_answer(request):
    module = importlib.import_module("mlscorecheck.check.binary")
    function = getattr(module, "check_" + request["check"])
    arguments = {k: (float(v) if hasattr(v, "as_tuple") else v)
                 for k, v in request.items() if k != "check"}
    arguments["scores"] = {k: float(v) for k, v in request["scores"].items()}
    return function(**arguments)


@pytest.mark.parametrize("case", SINGLE, ids=[f"{c[0]}:{c[1]}" for c in SINGLE])
def test_agrees_with_the_reference_or_knows_why_not(case):
    _, _, line = case
    ours = scorecheck.check(line["request"])["inconsistency"]
    assert ours == line["expected"]["inconsistency"]
    try:
        theirs = reference_answer(line["request"])["inconsistency"]
    except Exception:  # noqa: BLE001 - a crash of the reference is one of the known kinds
        assert "deliberate_difference" in line, "the reference crashed on an unmarked case"
        return
    if theirs != ours:
        assert "deliberate_difference" in line, (
            f"unexplained disagreement: reference {theirs}, scorecheck {ours}")
