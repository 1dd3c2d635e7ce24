"""Requests as JSON text that keeps every number's text, and answers from the Rust engine."""

import json
import math
import numbers
from collections.abc import Mapping
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

    def __reduce__(self):
        # Pickled (a process pool's worker raising it) with all three parts, not the text.
        return (type(self), (self.kind, self.field, self.message))


# Shown as scorecheck.ScorecheckError in tracebacks, where users catch it.
ScorecheckError.__module__ = "scorecheck"


# The engine's limits, checked here before any text is built: a request nested deeper than
# MAX_DEPTH levels (the request dict is level 1) is refused, and so is a number of more than
# MAX_DIGITS digits (Python could not even write an int of more than 4,300 digits as text).
MAX_DEPTH = 128
MAX_DIGITS = 1000
# 2**3322 > 10**1000: an int of more bits has more than MAX_DIGITS digits.
_MAX_INT_BITS = 3322
_COUNTS = "counts go up to 18446744073709551615"


def _integer(value, path):
    """The decimal text of an int, or an error naming `path` for one too long to be a number
    (never str() on it: Python refuses to write ints of more than 4,300 digits)."""
    value = int(value)
    if value.bit_length() > _MAX_INT_BITS:
        raise ScorecheckError(
            "invalid_value",
            path or None,
            f"an integer of more than {MAX_DIGITS} digits (about 2**{value.bit_length() - 1}) "
            f"is out of range: numbers have at most {MAX_DIGITS} digits and {_COUNTS}",
        )
    return str(value)


def _number(value, path):
    """The JSON text of a number: floats by their shortest round-trip repr, Decimal as
    written (so Decimal("0.950") keeps three decimals); non-finite values become strings
    the engine refuses by name."""
    if isinstance(value, Decimal):
        if not value.is_finite():
            return json.dumps(str(value))
        return str(value)
    if isinstance(value, numbers.Integral):
        return _integer(value, path)
    if isinstance(value, numbers.Rational):
        return _fraction(value, path)
    if isinstance(value, float):
        if not math.isfinite(value):
            return json.dumps({math.inf: "Infinity", -math.inf: "-Infinity"}.get(value, "NaN"))
        # float.__repr__ also for subclasses (numpy.float64 reprs as "np.float64(...)").
        return float.__repr__(float(value))
    # numpy.float32 and other reals: their own shortest text where it is a JSON number.
    try:
        text = str(value)
        json.loads(text)
        float(text)
        return text
    except (ValueError, TypeError):
        pass
    try:
        as_float = float(value)
    except (ArithmeticError, ValueError, TypeError) as error:
        raise ScorecheckError(
            "invalid_value",
            path or None,
            f"the {type(value).__name__} {_short(value)} cannot be written as a decimal "
            f"number ({error}); pass a float, an int or a decimal.Decimal",
        ) from None
    return _number(as_float, path)


def _fraction(value, path):
    """The exact decimal text of a fraction whose denominator divides a power of ten (3/8 is
    0.375); any other (1/3) is refused: a float would silently change its value."""
    numerator, denominator = int(value.numerator), int(value.denominator)
    twos = fives = 0
    rest = denominator
    while rest % 2 == 0:
        rest //= 2
        twos += 1
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    if rest != 1 or max(twos, fives) > MAX_DIGITS:
        raise ScorecheckError(
            "invalid_value",
            path or None,
            f"the {type(value).__name__} {_short(value)} has no exact decimal form, and a "
            "float of it is another number; give the figure as reported (a float, or a "
            "decimal.Decimal such as Decimal(\"0.333\"))",
        )
    places = max(twos, fives)
    scaled = abs(numerator) * (10**places // denominator)
    # Through _integer: an error naming the field, never Python's 4,300-digit ValueError.
    digits = _integer(scaled, path).rjust(places + 1, "0")
    text = digits[: len(digits) - places] + ("." + digits[len(digits) - places :] if places else "")
    return ("-" if numerator < 0 else "") + text


def _short(value):
    """A short description of a value for an error message (never its whole text)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        return f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:40] + "..." + text[-10:]


def _key(key, path):
    """The JSON text of a dict key: strings as they are, integers (class labels, e.g.
    {0: 10, 1: 100}) as their decimal text."""
    if isinstance(key, str):
        return json.dumps(_encodable(key, path))
    if isinstance(key, numbers.Integral) and not isinstance(key, bool):
        return json.dumps(_integer(key, path))
    raise ScorecheckError(
        "invalid_value",
        path or None,
        f"a dict key must be a string or an integer, found the {type(key).__name__} "
        f"{_short(key)}",
    )


def _encodable(text, path):
    """`text`, refused by `path` when it holds a lone surrogate (no UTF-8 text, so no
    request's)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ScorecheckError(
            "invalid_value",
            path or None,
            f"the string holds a lone surrogate at character {error.start} "
            f"({_short(text[error.start:error.start + 1])}), which no UTF-8 text can hold; "
            "give text that encodes as UTF-8",
        ) from None
    return text


def _join(path, key):
    return f"{path}.{key}" if path else str(key)


def _write(value, path, out, depth, open_containers, drop_none=False):
    """Appends the JSON text of `value` (at `path`, nested `depth` levels deep, inside the
    containers whose ids are in `open_containers`) to `out`; with `drop_none`, a dict entry
    whose value is None is left out (the reference's "not given")."""
    if value is None:
        out.append("null")
    elif value is True or value is False:
        out.append("true" if value else "false")
    elif isinstance(value, str):
        out.append(json.dumps(_encodable(value, path)))
    elif isinstance(value, Decimal) or isinstance(value, numbers.Real):
        out.append(_number(value, path))
    elif isinstance(value, (dict, list, tuple)):
        _container(value, path, out, depth, open_containers, drop_none)
    elif isinstance(value, Mapping):
        # A UserDict, MappingProxyType or other mapping: its items, as a dict's.
        _container(dict(value.items()), path, out, depth, open_containers, drop_none)
    elif hasattr(value, "tolist") and not isinstance(value, type):
        # numpy arrays and scalars, pandas Series: their plain Python values.
        try:
            plain = value.tolist()
        except Exception as error:  # noqa: BLE001 - any failure of the user's object
            raise ScorecheckError(
                "invalid_value", path or None,
                f"the {type(value).__name__}'s tolist() failed ({error}); pass a list",
            ) from None
        if isinstance(plain, (dict, list, tuple, str, bool, numbers.Number)) or plain is None:
            _write(plain, path, out, depth, open_containers, drop_none)
        else:
            raise ScorecheckError(
                "invalid_value", path or None,
                f"the {type(value).__name__}'s tolist() gave a {type(plain).__name__}; "
                "pass a list",
            )
    elif hasattr(value, "__iter__") and not isinstance(value, (bytes, bytearray)):
        # Not read at all: a generator or iterator may never end (and is used up by reading),
        # a set has no order.
        why = ("it has no order" if isinstance(value, (set, frozenset))
               else "it may never end, and reading it would use it up")
        raise ScorecheckError(
            "invalid_value",
            path or None,
            f"a {type(value).__name__} cannot be part of a request ({why}); pass a list, "
            "e.g. list(...)",
        )
    else:
        raise ScorecheckError(
            "invalid_value",
            path or None,
            f"a {type(value).__name__} cannot be part of a request; use numbers, strings, "
            "lists and dicts",
        )


def _container(value, path, out, depth, open_containers, drop_none):
    """Appends a dict, list or tuple, refusing one nested too deep or inside itself."""
    if id(value) in open_containers:
        raise ScorecheckError(
            "invalid_value",
            path or None,
            f"this {type(value).__name__} contains itself (a request must be a tree to be "
            "written as JSON); pass a copy without the reference to itself",
        )
    if depth > MAX_DEPTH:
        raise ScorecheckError(
            "invalid_json",
            path or None,
            f"the request is nested deeper than {MAX_DEPTH} levels (the engine's limit) here; "
            "flatten it",
        )
    open_containers.add(id(value))
    if isinstance(value, dict):
        out.append("{")
        first = True
        # A dict of counts (class counts {0: 10, 1: 20, 2: None}, or p and n) keeps its
        # None: left out, the class would silently leave the test set; the engine refuses it
        # by name (and reads a None of an optional field beside counts as not given).
        given = [item for item in value.values() if item is not None]
        counts = bool(given) and all(
            isinstance(item, numbers.Integral) and not isinstance(item, bool) for item in given
        )
        for key, item in value.items():
            if drop_none and item is None and not counts:
                continue
            if not first:
                out.append(",")
            first = False
            out.append(_key(key, path))
            out.append(":")
            name = key if isinstance(key, str) else _integer(key, path)
            # A reported score given as None is no "not given": the engine refuses it by
            # name rather than the check silently leaving it out.
            keep_none = name in ("scores", "class_counts")
            _write(item, _join(path, name), out, depth + 1, open_containers,
                   drop_none and not keep_none)
        out.append("}")
    else:
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(",")
            _write(item, f"{path}[{index}]", out, depth + 1, open_containers, drop_none)
        out.append("]")
    open_containers.discard(id(value))


def to_json(request, none_is_absent=False):
    """The JSON text of a request dict, every number's text kept (see `_number`); with
    `none_is_absent`, dict entries whose value is None are left out, as the reference's
    functions read an optional argument given as None.

    Raises ScorecheckError naming the field for what cannot be a request: a value nested
    deeper than MAX_DEPTH levels or inside itself, an integer of more than MAX_DIGITS digits,
    a generator, iterator or set (pass a list), or an object of another kind."""
    out = []
    try:
        _write(request, "", out, 1, set(), none_is_absent)
    except RecursionError:
        # Only where the caller's own stack was already nearly full: the depth is bounded.
        raise ScorecheckError(
            "invalid_json", None,
            "the request could not be written: Python's recursion limit was reached",
        ) from None
    return "".join(out)


def _answer(text):
    result = json.loads(text)
    error = result.get("error") if isinstance(result, dict) else None
    # An error record keeps the request's `id` beside the error.
    if isinstance(error, dict) and set(result) <= {"error", "id"}:
        raise ScorecheckError(error.get("kind"), error.get("field"), error.get("message"))
    return result


def split_configurations(request, parts):
    """`parts` ranges of the fold configurations of an unknown-folds request (a dict), as
    `[{"start": "0", "end": "654152"}, ...]` (indices as decimal text, `end` exclusive): give
    each worker the request with `"configurations": range` added, and merge their verdicts
    (consistent if one range is, inconsistent only if every range is refuted)."""
    # (Any integer: numpy's too, as requests read them.)
    if not isinstance(parts, numbers.Integral) or isinstance(parts, bool):
        raise ScorecheckError(
            "invalid_value", "parts",
            f"expected a whole number of ranges, found the {type(parts).__name__} "
            f"{_short(parts)}; give 1 to 1000000 ranges",
        )
    parts = int(parts)
    if not 1 <= parts <= 1_000_000:
        raise ScorecheckError(
            "invalid_value", "parts", f"{parts} ranges asked; give 1 to 1000000 ranges"
        )
    if not isinstance(request, dict):
        raise ScorecheckError(
            "invalid_json", None, f"expected a dict request, found a {type(request).__name__}"
        )
    return _answer(_scorecheck.split_text(to_json(request), parts))


_VERDICTS = ("consistent", "inconsistent", "undecided")


def _iterable(value):
    """Whether `for item in value` works (a list, a generator, a pandas Series...)."""
    try:
        iter(value)
    except TypeError:
        return False
    return True


def merge_verdicts(verdicts):
    """The verdict of a check split into ranges, from each range's verdict: a list of
    verdict strings ("consistent", "inconsistent", "undecided") or of the ranges' result
    dicts. Raises TypeError or ValueError naming an item that is neither.

    Result dicts carry their range ("configurations_range") and the request's number of
    configurations ("configurations_total"): "inconsistent" then needs the ranges given to
    cover every configuration (a lost worker's range leaves the merge "undecided"), and
    results of requests with different totals are refused. Bare verdict strings carry no
    range: give every range's verdict."""
    if isinstance(verdicts, (str, bytes, dict)) or not _iterable(verdicts):
        raise TypeError(
            f"verdicts: expected a list of verdicts or results, found a {type(verdicts).__name__}"
        )
    merged = []
    ranges = []
    whole = False
    total = None
    for index, item in enumerate(verdicts):
        if isinstance(item, dict):
            span = item.get("configurations_range")
            if span is None:
                # The whole request's own result: every configuration was its to refute.
                whole = True
            else:
                try:
                    start, end = int(span["start"]), int(span["end"])
                except (TypeError, KeyError, ValueError):
                    raise ValueError(
                        f"verdicts[{index}]: configurations_range is not a range of "
                        "configurations as split_configurations gives (start and end)"
                    ) from None
                if not 0 <= start <= end:
                    raise ValueError(
                        f"verdicts[{index}]: configurations_range {start}..{end} is no range "
                        "(0 <= start <= end); give the range split_configurations gave"
                    )
                ranges.append((start, end, index))
                count = item.get("configurations_total")
                if count is not None:
                    if total is not None and int(count) != total:
                        raise ValueError(
                            f"verdicts[{index}]: a result of another request ({count} "
                            f"configurations where the others have {total}); merge the "
                            "ranges of one request"
                        )
                    total = int(count)
        verdict = item.get("verdict") if isinstance(item, dict) else item
        if not isinstance(verdict, str):
            raise TypeError(
                f"verdicts[{index}]: expected a verdict string or a result dict with "
                f"\"verdict\", found {type(item).__name__}"
            )
        if verdict not in _VERDICTS:
            raise ValueError(
                f"verdicts[{index}]: {verdict!r} is not a verdict; expected one of "
                + ", ".join(repr(v) for v in _VERDICTS)
            )
        merged.append(verdict)
    # A range past the configurations there are covers nothing more than the total.
    for start, end, index in ranges:
        if total is not None and end > total:
            raise ValueError(
                f"verdicts[{index}]: configurations_range {start}..{end} runs past the "
                f"{total} configurations of the request; give the range split_configurations gave"
            )
    ranges = [(start, end) for start, end, _ in ranges]
    verdicts = merged
    if "consistent" in verdicts:
        return "consistent"
    if verdicts and all(v == "inconsistent" for v in verdicts):
        if ranges and not whole and not _covers(ranges, total):
            return "undecided"
        return "inconsistent"
    return "undecided"


def _covers(ranges, total):
    """Whether the ranges [start, end) cover every configuration 0 .. total - 1 (an unknown
    total covers nothing for certain)."""
    if total is None:
        return False
    reached = 0
    for start, end in sorted(ranges):
        if start > reached:
            return False
        reached = max(reached, end)
    return reached >= total


def check_json(text):
    """Answers one request given as JSON text (numbers read exactly as written)."""
    if not isinstance(text, str):
        raise TypeError(f"text: expected a str of JSON, found a {type(text).__name__}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ScorecheckError(
            "invalid_json", None,
            f"text: not valid Unicode at character {error.start} (a lone surrogate); "
            "send text that encodes as UTF-8",
        ) from None
    return _answer(_scorecheck.check_text(text))


def _refuse_non_finite_id(request):
    """A float id that is not finite (NaN, inf) has no JSON number: refused by name rather
    than sent as the text "NaN"."""
    ident = request.get("id") if isinstance(request, dict) else None
    if isinstance(ident, float) and not math.isfinite(ident):
        raise ScorecheckError("invalid_value", "id", f"the id {ident!r} is not a number a "
                              "result can carry; give a finite number or a string")


def run(request, none_is_absent=False):
    """Answers one request dict; raises ScorecheckError for a bad request (`none_is_absent`:
    see `to_json`)."""
    if isinstance(request, Mapping) and not isinstance(request, dict):
        request = dict(request.items())
    if not isinstance(request, dict):
        raise ScorecheckError(
            "invalid_json", None, f"expected a dict request, found a {type(request).__name__}"
        )
    _refuse_non_finite_id(request)
    return check_json(to_json(request, none_is_absent))


def batch(requests):
    """Answers an iterable of request dicts in parallel (the GIL released), in order.

    Each answer is the result dict, or {"error": {"kind", "field", "message"}} for a bad
    request, as `scorecheck batch` writes it (with the request's `id`, when it has one);
    one bad request does not stop the rest."""
    if isinstance(requests, (dict, str, bytes)) or not _iterable(requests):
        raise TypeError(
            f"requests: expected an iterable of request dicts, found a {type(requests).__name__}"
            " (for one request, use check)"
        )
    texts, failures = [], {}
    for index, request in enumerate(requests):
        try:
            if isinstance(request, Mapping) and not isinstance(request, dict):
                request = dict(request.items())
            if not isinstance(request, dict):
                raise ScorecheckError(
                    "invalid_json", None,
                    f"expected a dict request, found a {type(request).__name__}",
                )
            _refuse_non_finite_id(request)
            texts.append(to_json(request))
        except ScorecheckError as error:
            # The record keeps the request's id as the caller gave it (any value), unless
            # the id is what was refused.
            has_id = isinstance(request, dict) and "id" in request and error.field != "id"
            failures[index] = (error, has_id, request.get("id") if has_id else None)
            texts.append("null")
    answers = [json.loads(text) for text in _scorecheck.batch_texts(texts)]
    for index, (error, has_id, ident) in failures.items():
        answers[index] = {"error": {"kind": error.kind, "field": error.field,
                                    "message": error.message}}
        if has_id:
            answers[index]["id"] = ident
    return answers


def check_names():
    """Every protocol name the engine answers."""
    return list(_scorecheck.check_names())
