"""The reference's mlscorecheck.check.regression: check_1_testset_no_kfold (our protocol
regression_1_testset_no_kfold), also under its full name."""

from ._functions import export

__all__ = export(globals(), "regression", strip="regression_") + export(globals(), "regression")
