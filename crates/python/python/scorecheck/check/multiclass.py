"""The reference's mlscorecheck.check.multiclass functions (check_...), answered exactly."""

from ._functions import export

__all__ = export(globals(), "multiclass")
