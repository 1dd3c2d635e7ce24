"""Shared helpers of the pytest suite: the workspace's conformance files, numbers kept exact."""

import json
import pathlib
from decimal import Decimal

ROOT = pathlib.Path(__file__).resolve().parents[3]
TESTDATA = ROOT / "testdata"


def cases(pattern="*.jsonl"):
    """(file name, line number, case) of every conformance line, decimals kept as written."""
    found = []
    for path in sorted(TESTDATA.glob(pattern)):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip():
                found.append((path.name, number, json.loads(line, parse_float=Decimal)))
    return found
