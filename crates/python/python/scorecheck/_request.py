"""Requests as JSON text that keeps every number's text, and answers from the Rust engine."""

import json
import math
import numbers
from decimal import Decimal

from . import _scorecheck


class ScorecheckError(ValueError):
    """A request that cannot be answered: `.kind` (e.g. "unknown_score"), `.field` (the
    dotted path of the field to change, e.g. "scores.acuracy", or None) and `.message`."""

    def __init__(self, kind, field, message):
        self.kind = kind
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)


# Shown as scorecheck.ScorecheckError in tracebacks, where users catch it.
ScorecheckError.__module__ = "scorecheck"


def _number(value, path):
    """The JSON text of a number: floats by their shortest round-trip repr, Decimal as
    written (so Decimal("0.950") keeps three decimals); non-finite values become strings
    the engine refuses by name."""
    if isinstance(value, Decimal):
        if not value.is_finite():
            return json.dumps(str(value))
        return str(value)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, float):
        if not math.isfinite(value):
            return json.dumps({math.inf: "Infinity", -math.inf: "-Infinity"}.get(value, "NaN"))
        # float.__repr__ also for subclasses (numpy.float64 reprs as "np.float64(...)").
        return float.__repr__(float(value))
    # numpy.float32 and other reals: their own shortest text where it is a JSON number.
    text = str(value)
    try:
        json.loads(text)
        float(text)
        return text
    except ValueError:
        return _number(float(value), path)


def _write(value, path, out):
    if value is None:
        out.append("null")
    elif value is True or value is False:
        out.append("true" if value else "false")
    elif isinstance(value, str):
        out.append(json.dumps(value))
    elif isinstance(value, (numbers.Number, Decimal)) and not isinstance(value, complex):
        out.append(_number(value, path))
    elif isinstance(value, dict):
        out.append("{")
        for index, (key, item) in enumerate(value.items()):
            if index:
                out.append(",")
            # Class labels may be ints in Python ({0: 10, 1: 100}); JSON keys are strings.
            out.append(json.dumps(str(key)))
            out.append(":")
            _write(item, f"{path}.{key}" if path else str(key), out)
        out.append("}")
    elif hasattr(value, "tolist"):
        _write(value.tolist(), path, out)
    elif isinstance(value, (list, tuple)) or hasattr(value, "__iter__"):
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(",")
            _write(item, f"{path}[{index}]", out)
        out.append("]")
    else:
        raise ScorecheckError(
            "invalid_value",
            path or None,
            f"a {type(value).__name__} cannot be part of a request; use numbers, strings, "
            "lists and dicts",
        )


def to_json(request):
    """The JSON text of a request dict, every number's text kept (see `_number`)."""
    out = []
    _write(request, "", out)
    return "".join(out)


def _answer(text):
    result = json.loads(text)
    error = result.get("error") if isinstance(result, dict) else None
    if isinstance(error, dict) and set(result) == {"error"}:
        raise ScorecheckError(error.get("kind"), error.get("field"), error.get("message"))
    return result


def check_json(text):
    """Answers one request given as JSON text (numbers read exactly as written)."""
    return _answer(_scorecheck.check_text(text))


def run(request):
    """Answers one request dict; raises ScorecheckError for a bad request."""
    if not isinstance(request, dict):
        raise ScorecheckError(
            "invalid_json", None, f"expected a dict request, found a {type(request).__name__}"
        )
    return check_json(to_json(request))


def batch(requests):
    """Answers an iterable of request dicts in parallel (the GIL released), in order.

    Each answer is the result dict, or {"error": {"kind", "field", "message"}} for a bad
    request, as `scorecheck batch` writes it; one bad request does not stop the rest."""
    texts, failures = [], {}
    for index, request in enumerate(requests):
        try:
            if not isinstance(request, dict):
                raise ScorecheckError(
                    "invalid_json", None,
                    f"expected a dict request, found a {type(request).__name__}",
                )
            texts.append(to_json(request))
        except ScorecheckError as error:
            failures[index] = error
            texts.append("null")
    answers = [json.loads(text) for text in _scorecheck.batch_texts(texts)]
    for index, error in failures.items():
        answers[index] = {"error": {"kind": error.kind, "field": error.field,
                                    "message": error.message}}
    return answers


def check_names():
    """Every protocol name the engine answers."""
    return list(_scorecheck.check_names())
