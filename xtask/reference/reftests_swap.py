"""pytest plugin of `cargo xtask reference-tests`: replaces mlscorecheck's check functions.

Loaded with `-p reftests_swap` before any test module is imported, it replaces every
`check_*` function defined under `mlscorecheck.check` (binary, multiclass, regression and
the bundles) by scorecheck's function of the same name and family, in every mlscorecheck
module that holds it (where it is defined and wherever it is re-exported), so that a test's
`from mlscorecheck.check.binary import check_...` receives scorecheck's. The tests' own
problem generators stay the reference's. The names swapped and the ones left (helpers with
no scorecheck counterpart) are written to the record file as one "swap" event.
"""

import importlib
import inspect
import json
import os
import pkgutil
import sys

# The reference's check helpers that are not protocols (scorecheck has no counterpart).
NOT_PROTOCOLS = {"check_relations"}


def _family(module_name):
    """scorecheck's submodule answering a function defined in the reference's `module_name`."""
    parts = module_name.split(".")
    if parts[:2] != ["mlscorecheck", "check"] or len(parts) < 3:
        return None
    return parts[2] if parts[2] in ("binary", "multiclass", "regression", "bundles") else None


def swap():
    """Replaces the functions; returns (swapped names, names left)."""
    import mlscorecheck.check
    import scorecheck.check

    for module in pkgutil.walk_packages(mlscorecheck.check.__path__, "mlscorecheck.check."):
        importlib.import_module(module.name)
    swapped, left = set(), set()
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith("mlscorecheck") or module is None:
            continue
        for attribute, value in list(vars(module).items()):
            if not (attribute.startswith("check_") and inspect.isfunction(value)):
                continue
            family = _family(value.__module__)
            if family is None:
                continue
            ours = getattr(getattr(scorecheck.check, family), attribute, None)
            if ours is None or attribute in NOT_PROTOCOLS:
                left.add(f"{family}.{attribute}")
                continue
            setattr(module, attribute, ours)
            swapped.add(f"{family}.{attribute}")
    return sorted(swapped), sorted(left)


def pytest_configure(config):
    swapped, left = swap()
    record = os.environ.get("SCORECHECK_REFTESTS_RECORD")
    if record:
        with open(record, "a", encoding="utf-8") as out:
            out.write(json.dumps({"event": "swap", "swapped": swapped, "left": left}) + "\n")
