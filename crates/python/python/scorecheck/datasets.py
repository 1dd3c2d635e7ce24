"""The named-dataset registry (the reference's `common_datasets.*` and others): counts by name."""

from . import _scorecheck


def _all():
    return {name: {"p": p, "n": n} for name, p, n in _scorecheck.datasets()}


def names():
    """Every dataset name, in registry order."""
    return [name for name, _, _ in _scorecheck.datasets()]


def _text(value, argument):
    if not isinstance(value, str):
        raise TypeError(f"{argument}: expected a str, found a {type(value).__name__}")
    return value


def get(name):
    """The counts {"p", "n"} of a dataset, by name (any case); KeyError if unknown."""
    wanted = _text(name, "name").lower()
    for known, p, n in _scorecheck.datasets():
        if known.lower() == wanted:
            return {"p": p, "n": n}
    raise KeyError(f"unknown dataset {name!r}; see scorecheck.datasets.search(...)")


def search(text=""):
    """The datasets whose name contains `text` (any case): {name: {"p", "n"}}."""
    needle = _text(text, "text").lower()
    return {name: counts for name, counts in _all().items() if needle in name.lower()}
