"""Every testdata/*.jsonl case through the Python API: verdicts, counts and errors."""

import pytest

import scorecheck
from conftest import cases


def _id(case):
    name, number, line = case
    return f"{name}:{number}"


ANSWERED = [c for c in cases() if "request" in c[2] and "expected" in c[2]]
BAD_INPUT = [c for c in cases("bad_input.jsonl")]


def test_the_suite_is_not_empty():
    assert len(ANSWERED) > 100
    assert len(BAD_INPUT) > 40


@pytest.mark.parametrize("case", ANSWERED, ids=[_id(c) for c in ANSWERED])
def test_case(case):
    _, _, line = case
    expected = line["expected"]
    if "error" in expected:
        with pytest.raises(scorecheck.ScorecheckError) as raised:
            scorecheck.check(line["request"])
        wanted = expected["error"]
        if isinstance(wanted, str):
            assert raised.value.field == wanted
        else:
            assert raised.value.kind == wanted["kind"]
            assert raised.value.field == wanted["field"]
        return
    result = scorecheck.check(line["request"])
    for key in ("inconsistency", "n_valid_tptn_pairs", "verdict", "n_setups"):
        if key in expected:
            assert result[key] == expected[key], key


@pytest.mark.parametrize("case", BAD_INPUT, ids=[_id(c) for c in BAD_INPUT])
def test_bad_input(case):
    _, _, line = case
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        if "request_text" in line:
            scorecheck.check_json(line["request_text"])
        else:
            scorecheck.check(line["request"])
    assert raised.value.kind == line["kind"]
    assert raised.value.field == line["field"]
    if "message_contains" in line:
        assert line["message_contains"] in raised.value.message
