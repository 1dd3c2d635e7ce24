"""The README's Dask recipe: a table of papers checked on a Dask DataFrame with a
dask.distributed LocalCluster (skipped where dask[distributed] is not installed)."""

import pathlib
from decimal import Decimal

import pytest

import scorecheck

dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("dask.distributed")
pd = pytest.importorskip("pandas")

PAPERS = pathlib.Path(__file__).resolve().parents[3] / "examples" / "papers.csv"
SCORES = ["acc", "sens", "spec", "npv", "f1p", "auc"]


def verdict(row):
    """The verdict of one row, or the error that names what to fix."""
    try:
        return scorecheck.check(request(row))["verdict"]
    except (scorecheck.ScorecheckError, ValueError, ArithmeticError) as error:
        return f"error: {error}"


def request(row):
    """One row of examples/papers.csv (read as text, so 0.80 keeps its decimals) as a request."""
    def number(text):
        return None if pd.isna(text) else Decimal(text)
    counts = ({"dataset_name": row["dataset"]} if not pd.isna(row["dataset"])
              else {"p": int(row["p"]), "n": int(row["n"])})
    check = row["check"] if not pd.isna(row["check"]) else "1_testset_no_kfold"
    built = {"check": check, "scores": {s: number(row[s]) for s in SCORES
                                          if not pd.isna(row[s])}}
    if check.startswith("1_dataset"):
        built["dataset"] = counts
        built["folding"] = {"n_folds": int(row["folds"]), "n_repeats": 1,
                              "strategy": "stratified_sklearn"}
    else:
        built["testset"] = counts
    built["eps"] = "auto" if row["eps"] == "auto" else number(row["eps"])
    if not pd.isna(row["rounding"]):
        built["rounding"] = row["rounding"]
    return built


def test_check_table_is_the_whole_recipe():
    # The table read as text (digits kept), checked partition by partition on the cluster.
    table = pd.read_csv(PAPERS, dtype=str)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster, \
            distributed.Client(cluster):
        frame = dd.from_pandas(table, npartitions=3)
        checked = frame.map_partitions(scorecheck.check_table,
                                       meta=scorecheck.check_table(table.iloc[:0])).compute()
    assert checked.equals(scorecheck.check_table(table))
    assert dict(zip(checked["id"], checked["verdict"]))["opening-question"] == "inconsistent"


def test_a_table_of_papers_on_a_local_cluster():
    table = pd.read_csv(PAPERS, dtype=str)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster, \
            distributed.Client(cluster):
        frame = dd.from_pandas(table, npartitions=2)
        verdicts = frame.apply(verdict, axis=1, meta=("verdict", "object")).compute()
    by_id = dict(zip(table["id"], verdicts))
    assert by_id["paper-example"] == "consistent"
    assert by_id["opening-question"] == "inconsistent"
    assert by_id["mean-over-folds"] == "inconsistent"
    assert by_id["typo-in-counts"].startswith("error")
