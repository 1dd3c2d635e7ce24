"""The reference's mlscorecheck.check.binary functions (check_...), answered exactly."""

from ._functions import export

__all__ = export(globals(), "binary")
