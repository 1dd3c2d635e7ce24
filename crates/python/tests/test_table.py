"""scorecheck.check_table: the CSV batch's table schema over Python rows, pandas DataFrames
and pyarrow Tables, the same answers as row-by-row checks."""

import csv
import pathlib
from decimal import Decimal

import pytest

import scorecheck

PAPERS = pathlib.Path(__file__).resolve().parents[3] / "examples" / "papers.csv"
RESULT_COLUMNS = ["verdict", "explanation", "witness_tp", "witness_tn", "n_valid_tptn_pairs",
                  "error_field", "error_message"]
EXPECTED = {"paper-example": "consistent", "opening-question": "inconsistent",
            "auc-too-high": "inconsistent", "truncated-third": "consistent",
            "mean-over-folds": "inconsistent", "pooled-folds": "consistent",
            "typo-in-counts": "error"}


def papers():
    with open(PAPERS, newline="") as file:
        return list(csv.DictReader(file))


def test_rows_of_dicts_give_rows_of_dicts():
    rows = papers()
    answered = scorecheck.check_table(rows)
    assert [row["id"] for row in answered] == [row["id"] for row in rows]
    assert list(answered[0]) == list(rows[0]) + RESULT_COLUMNS
    assert {row["id"]: row["verdict"] for row in answered} == EXPECTED
    typo = next(row for row in answered if row["id"] == "typo-in-counts")
    assert typo["error_field"] == "p"
    example = next(row for row in answered if row["id"] == "paper-example")
    assert (example["witness_tp"], example["witness_tn"], example["n_valid_tptn_pairs"]) == \
        ("743", "4031", "2")


def test_values_keep_their_digits_and_empty_cells_are_not_reported():
    # 0.950 as Decimal keeps three decimals for eps auto; None and NaN are not reported.
    rows = [{"p": 20, "n": 20, "acc": Decimal("0.950"), "sens": None, "spec": float("nan"),
             "eps": "auto"}]
    assert scorecheck.check_table(rows)[0]["verdict"] == "consistent"
    rows = [{"p": 3, "n": 3, "sens": "0.34", "eps": "auto", "rounding": "floor"}]
    assert scorecheck.check_table(rows)[0]["verdict"] == "inconsistent"


def test_a_header_against_the_rules_names_the_column():
    with pytest.raises(scorecheck.ScorecheckError) as error:
        scorecheck.check_table([{"p": 10, "n": 10, "sesitivity": 0.5, "eps": 0.01}])
    assert "sesitivity" in error.value.message and "sensitivity" in error.value.message
    with pytest.raises(scorecheck.ScorecheckError):
        scorecheck.check_table({"p": 10})


def test_a_pandas_frame_gives_a_frame_with_its_index():
    pd = pytest.importorskip("pandas")
    frame = pd.read_csv(PAPERS, dtype=str).set_index(pd.Index(range(100, 107)))
    answered = scorecheck.check_table(frame)
    assert isinstance(answered, pd.DataFrame)
    assert list(answered.index) == list(frame.index)
    assert list(answered.columns) == list(frame.columns) + RESULT_COLUMNS
    assert dict(zip(answered["id"], answered["verdict"])) == EXPECTED
    empty = scorecheck.check_table(frame.iloc[:0])
    assert list(empty.columns) == list(answered.columns) and len(empty) == 0


def test_narrow_float_columns_keep_their_own_digits():
    # float32's 0.954 widened to float64 is 0.9539999961853027, which auto eps reads as a
    # figure of 16 decimals: the README's paper example would be "inconsistent".
    np = pytest.importorskip("numpy")
    pd = pytest.importorskip("pandas")
    scores = {key: np.array([value], dtype=np.float32)
              for key, value in [("acc", 0.954), ("sens", 0.934), ("spec", 0.961)]}
    frame = pd.DataFrame({"p": [1029], "n": [3118], **scores, "eps": ["auto"]})
    answered = scorecheck.check_table(frame)
    assert list(answered["acc"]) == ["0.954"]
    assert list(answered["verdict"]) == ["consistent"]


def test_narrow_float_columns_of_pyarrow_keep_their_own_digits():
    pa = pytest.importorskip("pyarrow")
    table = pa.table({"p": [1029], "n": [3118], "acc": pa.array([0.954], pa.float32()),
                      "sens": pa.array([0.934], pa.float32()), "spec": pa.array([0.961], pa.float32()),
                      "eps": ["auto"]})
    assert scorecheck.check_table(table).column("verdict").to_pylist() == ["consistent"]


def test_a_pyarrow_table_gives_a_pyarrow_table():
    pa = pytest.importorskip("pyarrow")
    answered = scorecheck.check_table(pa.Table.from_pylist(papers()))
    assert isinstance(answered, pa.Table)
    assert dict(zip(answered.column("id").to_pylist(), answered.column("verdict").to_pylist())) \
        == EXPECTED


def test_ray_data_takes_check_table_as_it_is():
    ray = pytest.importorskip("ray")
    pd = pytest.importorskip("pandas")
    table = pd.read_csv(PAPERS, dtype=str)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        checked = ray.data.from_pandas(table).map_batches(
            scorecheck.check_table, batch_format="pandas").to_pandas()
    finally:
        ray.shutdown()
    assert dict(zip(checked["id"], checked["verdict"])) == EXPECTED


def test_a_cell_no_number_can_hold_is_its_rows_error_and_the_others_are_answered():
    good = {"p": 1000, "n": 6000, "acc": 0.6821, "eps": 1e-4}
    rows = [good, {**good, "p": 2**5000}, {**good, "n": float("inf")}, good]
    answered = scorecheck.check_table(rows)
    assert [r["verdict"] for r in answered] == ["consistent", "error", "error", "consistent"]
    assert [r["error_field"] for r in answered[1:3]] == ["p", "n"]


def test_a_series_or_two_keys_of_one_column_are_refused_by_name():
    pd = pytest.importorskip("pandas")
    with pytest.raises(scorecheck.ScorecheckError, match="not a Series"):
        scorecheck.check_table(pd.Series([1, 2]))
    # 1 and "1" are one column of the table: one of the two cells would be lost.
    with pytest.raises(scorecheck.ScorecheckError, match="both the column '1'"):
        scorecheck.check_table([{1: 100, "1": 200, "p": 10, "n": 20}])


def test_a_cell_that_is_not_unicode_is_its_rows_error_and_the_others_are_answered():
    base = {"id": "a", "p": 1000, "n": 6000, "eps": "auto", "acc": 0.6821}
    answered = scorecheck.check_table([dict(base, note="a\ud800b"), dict(base, id="b")])
    assert answered[0]["error_field"] == "note"
    assert "not valid Unicode" in answered[0]["error_message"]
    assert answered[0]["verdict"] == "error" and answered[0]["note"] == "a\ud800b"
    assert answered[1]["verdict"] == "consistent"
    with pytest.raises(scorecheck.ScorecheckError, match="name of column 1"):
        scorecheck.check_table([{"\ud800": 1, **base}])
