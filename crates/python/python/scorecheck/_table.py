"""Tables of reported results, one row per result: the CSV batch's columns (`scorecheck batch
papers.csv`), read from Python rows, pandas DataFrames or pyarrow Tables by the same Rust
schema, so a Dask or Ray partition is checked with one call."""

import math
import numbers
from decimal import Decimal

from . import _scorecheck
from ._request import ScorecheckError, _number


def _cell(value):
    """A cell as text: numbers by the text that keeps their digits (`Decimal("0.950")` stays
    `0.950`, a float its shortest repr), empty for None, NaN and pandas' NA."""
    if value is None or type(value).__name__ in ("NAType", "NaTType"):
        return ""
    if isinstance(value, str):
        return value
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, float) and math.isnan(value):
        return ""
    if isinstance(value, float) and math.isinf(value):
        # The cell's text, refused by the row's own error (not JSON's quoted string).
        return "inf" if value > 0 else "-inf"
    if isinstance(value, (numbers.Number, Decimal)) and not isinstance(value, complex):
        if isinstance(value, Decimal) and value.is_nan():
            return ""
        if isinstance(value, Decimal) and not value.is_finite():
            return str(value)
        if hasattr(value, "item") and not isinstance(value, (int, float)):
            item = value.item()
            if isinstance(value, numbers.Integral) or not isinstance(item, float):
                return _cell(item)
            if math.isnan(item) or math.isinf(item):
                return _cell(item)
            # numpy.float32 and other narrow reals: their own shortest text (0.954), not the
            # float64 that .item() widens them to (0.9539999961853027, another figure).
            return _number(value, "")
        try:
            return _number(value, "")
        except ScorecheckError:
            # A value no cell can hold (an int of thousands of digits): its row's error
            # names the column, and the other rows are answered.
            bits = value.bit_length() if isinstance(value, numbers.Integral) else None
            return f"an integer of {bits} bits" if bits else f"a {type(value).__name__}"
    return str(value)


def _names_and_rows(rows):
    """The kind of input, its column names and its rows of text cells."""
    module = type(rows).__module__ or ""
    if module.startswith("pandas") and hasattr(rows, "columns"):
        names = [str(name) for name in rows.columns]
        # Column by column in each column's own type: rows (itertuples) widen a float32
        # 0.954 to the float64 0.9539999961853027, another figure.
        columns = [rows.iloc[:, j].to_numpy() for j in range(len(names))]
        cells = [[_cell(column[i]) for column in columns] for i in range(len(rows))]
        return "pandas", names, cells
    if module.startswith("pyarrow"):
        names = [str(name) for name in rows.column_names]
        cells = [[_cell(row.get(name)) for name in rows.column_names] for row in rows.to_pylist()]
        # A narrow float column keeps its own digits (to_pylist widens it to float64).
        for j, name in enumerate(rows.column_names):
            column = rows.column(name)
            if str(column.type) in ("float", "halffloat"):
                for i, value in enumerate(column.to_numpy(zero_copy_only=False)):
                    cells[i][j] = _cell(value)
        return "pyarrow", names, cells
    if isinstance(rows, dict):
        raise ScorecheckError("invalid_value", None,
                              "check_table takes a list of dicts (one per row), a pandas "
                              "DataFrame or a pyarrow Table; for one request use scorecheck.check")
    if module.startswith("pandas") or not hasattr(rows, "__iter__") or isinstance(rows, (str, bytes)):
        raise ScorecheckError("invalid_value", None,
                              f"check_table takes a list of dicts (one per row), a pandas DataFrame or "
                              f"a pyarrow Table, not a {type(rows).__name__}")
    names, records = [], []
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            raise ScorecheckError("invalid_value", f"rows[{index}]",
                                  f"expected a dict of column to cell, found a {type(row).__name__}")
        record = {}
        for name, value in row.items():
            if str(name) in record:
                # `1` and `"1"`: one column in the table, two cells in the row.
                raise ScorecheckError("invalid_value", f"rows[{index}]",
                                      f"two keys of this row are both the column {str(name)!r} "
                                      "(such as 1 and \"1\"); keep one")
            record[str(name)] = value
            if str(name) not in names:
                names.append(str(name))
        records.append(record)
    return "rows", names, [[_cell(record.get(name)) for name in names] for record in records]


_RESULT_COLUMNS = ("verdict", "explanation", "witness_tp", "witness_tn", "n_valid_tptn_pairs",
                   "error_field", "error_message")


def _not_utf8(text):
    """The index of the first character of `text` that UTF-8 cannot encode (a lone
    surrogate), or None."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return error.start
    return None


def check_table(rows):
    """Checks a table of reported results: a list of dicts (one per row), a pandas DataFrame
    or a pyarrow Table whose columns are the CSV batch's (`id`, `check`, `p`, `n`, `dataset`,
    `folds`, `repeats`, one per score under any name the engine knows, `eps`, `rounding`,
    `percent`, ...; every other column is carried through). Gives back the same kind of table
    with the input's columns and `verdict`, `explanation`, `witness_tp`, `witness_tn`,
    `n_valid_tptn_pairs`, `error_field`, `error_message` (every cell as text), row for row.

    A header that breaks the table's rules (a near-miss of a score name, a column given twice)
    raises ScorecheckError; a bad row gets its error columns and the others are answered.
    Values are read by their text: give figures whose written digits matter (`0.950`) as
    strings or Decimal, e.g. `pandas.read_csv(path, dtype=str)`."""
    kind, names, cells = _names_and_rows(rows)
    for index, name in enumerate(names):
        where = _not_utf8(name)
        if where is not None:
            raise ScorecheckError(
                "invalid_table", None,
                f"the name of column {index + 1} is not valid Unicode (a lone surrogate at "
                f"character {where}); name it with text that encodes as UTF-8")
    # A cell that is not valid Unicode cannot reach the engine: its row is answered with an
    # error naming the column, the cell kept as given, and the other rows are checked.
    unreadable = {}
    for i, row in enumerate(cells):
        for j, text in enumerate(row):
            where = _not_utf8(text)
            if where is not None and i not in unreadable:
                unreadable[i] = (j, where, text)
            if where is not None:
                row[j] = ""
    try:
        columns, answered = _scorecheck.check_table_rows(names, cells)
    except ValueError as error:
        raise ScorecheckError("invalid_table", None, str(error)) from None
    for i, (j, where, text) in unreadable.items():
        answered[i] = list(answered[i])
        for k, column in enumerate(columns):
            if column in _RESULT_COLUMNS:
                answered[i][k] = ""
        if "verdict" in columns:
            answered[i][columns.index("verdict")] = "error"
        answered[i][columns.index("error_field")] = names[j]
        answered[i][columns.index("error_message")] = (
            f"column {names[j]!r}: the text is not valid Unicode (a lone surrogate at "
            f"character {where}); give text that encodes as UTF-8")
        answered[i][j] = text
    if kind == "pandas":
        import pandas
        return pandas.DataFrame(answered, columns=columns, index=rows.index, dtype=object)
    if kind == "pyarrow":
        import pyarrow
        return pyarrow.table({name: pyarrow.array([row[i] for row in answered], pyarrow.string())
                              for i, name in enumerate(columns)})
    return [dict(zip(columns, row)) for row in answered]
