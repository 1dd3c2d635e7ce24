"""scorecheck: decide exactly whether reported ML performance scores can come from the
described experiment.

A drop-in for the reference mlscorecheck 1.0.3's call shapes, answered by the Rust engine:

    import scorecheck
    scorecheck.check({"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000},
                      "scores": {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, "eps": 1e-4})
    from scorecheck.check.binary import check_1_testset_no_kfold
    check_1_testset_no_kfold(testset={"p": 1000, "n": 6000},
                             scores={"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, eps=1e-4)

Results are dicts with the fields of `scorecheck check --format json` (`inconsistency`,
`verdict`, `n_valid_tptn_pairs`, `witness`, `explanation`, ...). A bad request raises
`ScorecheckError` with `.kind`, `.field` and `.message`.
"""

from ._request import (
    ScorecheckError,
    batch,
    check_json,
    check_names,
    merge_verdicts,
    split_configurations,
    to_json,
)
from ._table import check_table
from ._extract import extract
from . import check
from . import datasets

__all__ = [
    "ScorecheckError",
    "batch",
    "check",
    "check_json",
    "check_table",
    "check_names",
    "datasets",
    "extract",
    "merge_verdicts",
    "split_configurations",
    "to_json",
]
