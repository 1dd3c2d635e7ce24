#!/usr/bin/env python3
"""Run scorecheck-format requests through the reference (mlscorecheck 1.0.3).

Usage:
    /work/refvenv/bin/python xtask/reference/run_reference.py [FILE] < requests.jsonl

Input: JSON Lines, each a request in OUR format
    {"id": ..., "check": "<protocol>", <reference kwargs>...}
or a conformance line {"name": ..., "request": {...}} (then id = name).
Output (stdout): one JSON line per input line, in order:
    {"id": ..., "inconsistency": <bool | {bundle flags}>}
    {"id": ..., "error": "<ExceptionType>: <message>"}

<protocol> is the reference function name without the ``check_`` prefix:
binary (``1_testset_no_kfold`` ...), multiclass (``..._micro``/``..._macro``),
regression (``regression_1_testset_no_kfold``, ``regression_relations``) and
bundles (``drive_vessel_image``, ``tpehg``, ``isic2016`` ...).
Deterministic: the reference solvers involved are deterministic.
"""

import json
import logging
import os
import sys
import warnings


def _functions():
    import mlscorecheck.check.binary as binary
    import mlscorecheck.check.bundles.ehg as ehg
    import mlscorecheck.check.bundles.retina as retina
    import mlscorecheck.check.bundles.skinlesion as skin
    import mlscorecheck.check.multiclass as multiclass
    import mlscorecheck.check.regression as regression

    table = {}
    for mod, prefix in ((binary, ""), (multiclass, ""), (retina, ""), (ehg, ""), (skin, ""),
                        (regression, "regression_")):
        for name in dir(mod):
            if name.startswith("check_"):
                table[prefix + name[len("check_"):]] = getattr(mod, name)
    return table


_TABLE = None


def _int_keys(obj):
    """JSON object keys are strings; multiclass class labels in the reference's
    examples are ints ({0: 10, 1: 100}) and some reference code paths (sklearn
    stratification) crash on string labels, so decimal-string keys of class
    count dicts are turned back into ints."""
    if isinstance(obj, list):
        return [_int_keys(x) for x in obj]
    if isinstance(obj, dict):
        return {(int(k) if isinstance(k, str) and k.isdigit() else k): _int_keys(v) for k, v in obj.items()}
    return obj


def run_one(request):
    """Return the reference's full result dict for a request or raise."""
    global _TABLE
    if _TABLE is None:
        _TABLE = _functions()
    kwargs = {k: v for k, v in request.items() if k not in ("check", "id", "truth")}
    if request["check"].endswith(("_micro", "_macro")):
        for key in ("dataset", "testset", "folding"):
            if key in kwargs:
                kwargs[key] = _int_keys(kwargs[key])
    fun = _TABLE.get(request["check"])
    if fun is None:
        raise KeyError(f"unknown check {request['check']!r}")
    return fun(**kwargs)


def run_safe(request, full=False):
    """{"inconsistency": ...} or {"error": ...}; with full=True also "result"."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = run_one(request)
            out = {"inconsistency": res["inconsistency"]}
            if full:
                out["result"] = res
            return out
    except Exception as exc:  # noqa: BLE001 - the reference may crash in many ways
        return {"error": f"{type(exc).__name__}: {exc}"}


def main(argv):
    logging.disable(logging.CRITICAL)
    # the reference (and the CBC solver subprocess it spawns) print to fd 1:
    # keep our JSON on a private copy of stdout and send fd 1 to stderr
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    src = open(argv[1], encoding="utf-8") if len(argv) > 1 else sys.stdin
    for lineno, line in enumerate(src, 1):
        line = line.strip()
        if not line:
            continue
        obj = json.loads(line)
        if "request" in obj:
            rid, req = obj.get("name", lineno), obj["request"]
        else:
            rid, req = obj.get("id", lineno), obj
        res = run_safe(req)
        print(json.dumps({"id": rid, **res}), file=out, flush=True)


if __name__ == "__main__":
    main(sys.argv)
