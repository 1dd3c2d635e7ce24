"""The reference's argument shapes (mlscorecheck 1.0.3): positional arguments in its order,
None for an optional argument not given, and an evaluation's aggregation that agrees with
the protocol."""

import inspect

import pytest

import scorecheck
from scorecheck.check import binary, bundles, multiclass, regression
from scorecheck.check._functions import POSITIONAL

PAPER = {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}
EVALUATIONS = [
    {"dataset": {"p": 126, "n": 131},
     "folding": {"folds": [{"p": 52, "n": 94}, {"p": 74, "n": 37}]}},
]


def test_every_protocol_has_its_references_positional_arguments():
    assert set(POSITIONAL) == set(scorecheck.check_names())


def test_positional_arguments_in_the_references_order():
    by_keyword = binary.check_1_testset_no_kfold(testset={"p": 1000, "n": 6000}, scores=PAPER,
                                                 eps=1e-4)
    assert binary.check_1_testset_no_kfold({"p": 1000, "n": 6000}, PAPER, 1e-4) == by_keyword
    assert binary.check_1_testset_no_kfold({"p": 1000, "n": 6000}, PAPER, eps=1e-4) \
        == by_keyword
    # The reference's regression harness: check_1_testset_no_kfold(var, n_samples, scores, eps)
    result = regression.check_1_testset_no_kfold(0.0831, 100, {"mae": 0.2, "rmse": 0.25}, 1e-4)
    assert result == regression.check_1_testset_no_kfold(
        var=0.0831, n_samples=100, scores={"mae": 0.2, "rmse": 0.25}, eps=1e-4)


def test_too_many_or_twice_given_positional_arguments_are_type_errors():
    with pytest.raises(TypeError, match="at most 3 positional"):
        binary.check_1_testset_no_kfold({"p": 10, "n": 5}, {"acc": 0.6}, 0.01, 1e-6)
    with pytest.raises(TypeError, match="multiple values for argument 'testset'"):
        binary.check_1_testset_no_kfold({"p": 10, "n": 5}, testset={"p": 10, "n": 5},
                                        scores={"acc": 0.6}, eps=0.01)
    with pytest.raises(TypeError, match="keyword arguments only"):
        bundles.check_isic2016({"acc": 0.5}, 1e-4)


def test_none_is_an_optional_argument_not_given():
    bare = binary.check_n_datasets_mos_known_folds_mos(
        evaluations=EVALUATIONS, scores={"acc": 0.573, "sens": 0.768, "bacc": 0.662},
        eps=0.001)
    with_nones = binary.check_n_datasets_mos_known_folds_mos(
        evaluations=[{**e, "fold_score_bounds": None} for e in EVALUATIONS],
        scores={"acc": 0.573, "sens": 0.768, "bacc": 0.662}, eps=0.001,
        dataset_score_bounds=None, timeout=None, solver_name=None)
    assert with_nones["verdict"] == bare["verdict"] == "consistent"
    # A required argument given as None is missing, by name.
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        binary.check_1_testset_no_kfold(testset={"p": 10, "n": 5}, scores={"acc": 0.6},
                                        eps=None)
    assert (raised.value.kind, raised.value.field) == ("missing_field", "eps")


def test_an_evaluations_aggregation_must_agree_with_the_protocol():
    scores = {"acc": 0.573, "sens": 0.768, "bacc": 0.662}
    agreeing = [{**e, "aggregation": "mos"} for e in EVALUATIONS]
    assert binary.check_n_datasets_mos_known_folds_mos(agreeing, scores, 0.001)["verdict"] \
        == "consistent"
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        binary.check_n_datasets_som_kfold_som(agreeing, scores, 0.001)
    assert (raised.value.kind, raised.value.field) == \
        ("contradiction", "evaluations[0].aggregation")


def test_scorecheck_check_keeps_the_json_contract():
    # The dict entry point reads exactly what the CLI reads: null and unknown keys are errors.
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        scorecheck.check({"check": "n_datasets_mos_known_folds_mos",
                          "evaluations": [{**EVALUATIONS[0], "aggregation": "mos"}],
                          "scores": {"acc": 0.573}, "eps": 0.001})
    assert raised.value.field == "evaluations[0].aggregation"


def test_signatures_document_the_positional_arguments():
    assert "positional: testset, scores, eps" in binary.check_1_testset_no_kfold.__doc__
    assert "keywords only" in bundles.check_isic2016.__doc__
    assert callable(multiclass.check_1_testset_no_kfold_macro)
    assert inspect.isfunction(binary.check_1_testset_no_kfold)
