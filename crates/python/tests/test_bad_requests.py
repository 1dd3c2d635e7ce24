"""Requests Python can build but JSON cannot hold: each is a ScorecheckError naming its field
(never a ValueError, RecursionError or MemoryError from Python), and in `scorecheck.batch` an
error record for that item while the others are answered."""

import itertools

import pytest

import scorecheck
from scorecheck.check.binary import check_1_testset_no_kfold

GOOD = {"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 5}, "scores": {"acc": 0.6},
        "eps": 0.01}


def nested(depth):
    """A list nested `depth` levels deep (built without recursion)."""
    value = []
    for _ in range(depth - 1):
        value = [value]
    return value


def self_referencing():
    testset = {"p": 10, "n": 5}
    testset["again"] = testset
    return {**GOOD, "testset": testset}


def endless():
    """An endless generator of test sets, which fails the test (rather than filling the
    memory) if it is read far."""
    for index in itertools.count():
        assert index < 1000, "the endless generator was read"
        yield {"p": 10, "n": 5}


def with_generator():
    return {"check": "n_testsets_som_no_kfold", "testsets": endless(), "scores": {"acc": 0.6},
            "eps": 0.01}


# (request, kind, field): each built fresh, as a generator is used up by reading.
BAD = {
    "an integer past Python's 4,300-digit text limit": (
        lambda: {**GOOD, "testset": {"p": 10**5000, "n": 5}}, "invalid_value", "testset.p"),
    "an integer of 1,200 digits as a score": (
        lambda: {**GOOD, "scores": {"acc": 10**1200}}, "invalid_value", "scores.acc"),
    "a dict that contains itself": (self_referencing, "invalid_value", "testset.again"),
    "a list nested 3,000 deep": (
        lambda: {**GOOD, "scores": {"acc": nested(3000)}}, "invalid_json",
        "scores.acc" + "[0]" * 126),
    "an endless generator": (with_generator, "invalid_value", "testsets"),
    "an iterator": (lambda: {**GOOD, "scores": {"acc": iter([0.6])}}, "invalid_value",
                    "scores.acc"),
    "a set": (lambda: {**GOOD, "testset": {"p": 10, "n": 5}, "scores": {"acc": {0.6}}},
              "invalid_value", "scores.acc"),
    "an integer key past the text limit": (
        lambda: {**GOOD, "testset": {10**5000: 1}}, "invalid_value", "testset"),
}


@pytest.mark.parametrize("what", BAD)
def test_a_bad_request_is_a_scorecheck_error_naming_its_field(what):
    build, kind, field = BAD[what]
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        scorecheck.check(build())
    assert (raised.value.kind, raised.value.field) == (kind, field), raised.value.message


def test_batch_answers_the_others():
    requests = [GOOD] + [build() for build, _, _ in BAD.values()] + [GOOD]
    answers = scorecheck.batch(requests)
    assert answers[0]["verdict"] == answers[-1]["verdict"] == "consistent"
    assert [(a["error"]["kind"], a["error"]["field"]) for a in answers[1:-1]] == \
        [(kind, field) for _, kind, field in BAD.values()]


def test_the_depth_limit_is_the_engines():
    # 128 levels (the request dict is the first) are written; one more is refused.
    assert scorecheck.to_json({"a": nested(127)}).count("[") == 127
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        scorecheck.to_json({"a": nested(128)})
    assert raised.value.field == "a" + "[0]" * 127


def test_a_long_integer_below_the_limit_reaches_the_engine():
    # 301 digits is a number the engine reads (and refuses as a count in its own words).
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        scorecheck.check({**GOOD, "testset": {"p": 10**300, "n": 5}})
    assert raised.value.field == "testset.p"
    assert "too large" in raised.value.message


def test_a_check_keyword_cannot_replace_the_protocol_of_a_function():
    arguments = {"testset": {"p": 10, "n": 5}, "scores": {"acc": 0.6}, "eps": 0.01}
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        check_1_testset_no_kfold(check="1_dataset_kfold_som", **arguments)
    assert (raised.value.kind, raised.value.field) == ("contradiction", "check")
    # The function's own protocol named again changes nothing.
    assert check_1_testset_no_kfold(check="1_testset_no_kfold", **arguments)["verdict"] \
        == "consistent"


def test_a_score_given_as_none_is_refused_not_left_out():
    # None stands for an optional argument not given, never for a reported score.
    from scorecheck.check.binary import check_1_testset_no_kfold
    with pytest.raises(scorecheck.ScorecheckError) as error:
        check_1_testset_no_kfold(testset={"p": 10, "n": 20}, scores={"acc": 0.5, "npv": None},
                                 eps=0.01)
    assert error.value.field == "scores.npv"


def test_a_lone_surrogate_id_is_refused_not_replaced():
    # As an escape in JSON text and as a Python string: never answered with U+FFFD.
    text = '{"id": "\\ud800", "check": "1_testset_no_kfold", "testset": {"p": 5, "n": 5}, "scores": {"acc": 0.5}, "eps": 0.01}'
    with pytest.raises(scorecheck.ScorecheckError):
        scorecheck.check_json(text)
    with pytest.raises(scorecheck.ScorecheckError):
        scorecheck.check({"id": "\ud800", "check": "1_testset_no_kfold",
                          "testset": {"p": 5, "n": 5}, "scores": {"acc": 0.5}, "eps": 0.01})


def test_a_class_count_given_as_none_is_refused_not_left_out():
    from scorecheck.check.multiclass import check_1_testset_no_kfold_macro

    with pytest.raises(scorecheck.ScorecheckError) as error:
        check_1_testset_no_kfold_macro({0: 10, 1: 20, 2: None}, {"acc": 0.7, "sens": 0.5}, 0.01)
    assert error.value.field == "testset.2"
    # An optional argument given as None is still not given.
    result = check_1_testset_no_kfold(testset={"p": 10, "n": 5}, scores={"acc": 0.6}, eps=0.01,
                                      numerical_tolerance=None)
    assert result["verdict"] == "consistent"


def test_a_huge_fraction_is_an_error_naming_its_field_and_batch_goes_on():
    from fractions import Fraction

    huge = dict(GOOD, scores={"acc": Fraction(10**5000, 1)})
    with pytest.raises(scorecheck.ScorecheckError) as error:
        scorecheck.check(huge)
    assert error.value.field == "scores.acc"
    answers = scorecheck.batch([huge, GOOD])
    assert answers[0]["error"]["field"] == "scores.acc"
    assert answers[1]["verdict"] == "consistent"


def test_a_complex_figure_is_refused():
    with pytest.raises(scorecheck.ScorecheckError) as error:
        scorecheck.check(dict(GOOD, scores={"acc": 0.5 + 7j}))
    assert error.value.field == "scores.acc"


def test_the_error_pickles_with_its_kind_and_field():
    import pickle

    with pytest.raises(scorecheck.ScorecheckError) as error:
        scorecheck.check(dict(GOOD, scores={"acuracy": 0.6}))
    again = pickle.loads(pickle.dumps(error.value))
    assert (again.kind, again.field, str(again)) == (
        error.value.kind, error.value.field, str(error.value))


def test_a_request_of_a_range_is_split_within_it():
    request = {"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 50, "n": 70},
               "folding": {"n_folds": 5, "n_repeats": 1}, "scores": {"acc": 0.6, "sens": 0.5},
               "eps": 0.01, "configurations": {"start": "5", "end": "15"}}
    ranges = scorecheck.split_configurations(request, 3)
    assert ranges == [{"start": "5", "end": "9"}, {"start": "9", "end": "12"},
                      {"start": "12", "end": "15"}]


def test_batch_and_merge_of_something_not_iterable_say_what_they_expected():
    for call, name in ((scorecheck.batch, "requests"), (scorecheck.merge_verdicts, "verdicts")):
        for bad in (None, 5, 0.5):
            with pytest.raises(TypeError, match=f"^{name}: expected"):
                call(bad)
    # Any iterable still works: a generator of requests.
    answers = scorecheck.batch(
        {"check": "1_testset_no_kfold", "testset": {"p": 5, "n": 5},
         "scores": {"acc": a / 10}, "eps": 0.01} for a in range(3))
    assert [a["verdict"] for a in answers] == ["consistent"] * 3


def test_the_reference_functions_pickle_and_show_their_parameters():
    import inspect
    import pickle
    from scorecheck.check.binary import check_1_dataset_known_folds_mos
    from scorecheck.check.bundles import check_drive_vessel_image

    again = pickle.loads(pickle.dumps(check_1_dataset_known_folds_mos))
    assert again is check_1_dataset_known_folds_mos
    assert list(inspect.signature(check_1_dataset_known_folds_mos).parameters) == [
        "dataset", "folding", "scores", "eps", "fold_score_bounds", "kwargs"]
    assert pickle.loads(pickle.dumps(check_drive_vessel_image)) is check_drive_vessel_image
    result = again({"p": 10, "n": 10}, {"n_folds": 2, "n_repeats": 1,
                                        "strategy": "stratified_sklearn"},
                   {"acc": 0.5}, 0.01)
    assert result["verdict"] == "consistent"


def test_a_lone_surrogate_in_a_dict_is_refused_naming_its_field():
    request = {"check": "1_testset_no_kfold", "testset": {"p": 5, "n": 5},
               "scores": {"acc": 0.5}, "eps": 0.01, "rounding": "\udc80"}
    with pytest.raises(scorecheck.ScorecheckError) as error:
        scorecheck.check(request)
    assert error.value.field == "rounding"
    assert "surrogate" in error.value.message
    answers = scorecheck.batch([dict(request, id=1.5)])
    assert answers[0]["error"]["field"] == "rounding" and answers[0]["id"] == 1.5


def test_split_configurations_reads_any_integer():
    numpy = pytest.importorskip("numpy")
    request = {"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 20, "n": 20},
               "folding": {"n_folds": 3, "n_repeats": 1}, "scores": {"acc": 0.5}, "eps": 0.01}
    assert len(scorecheck.split_configurations(request, numpy.int64(3))) == 3
    with pytest.raises(scorecheck.ScorecheckError) as error:
        scorecheck.split_configurations(request, 3.0)
    assert error.value.field == "parts"
