"""The reference's call shapes: one function per protocol, keyword arguments as the reference."""

from .._request import check_names, run

_BUNDLE_PREFIXES = ("drive_", "stare_", "chasedb1_", "hrf_", "diaretdb0_", "diaretdb1_",
                    "drishti_gs_", "tpehg", "isic2016", "isic2017")


def family(name):
    """Which submodule of scorecheck.check a protocol belongs to."""
    if name.startswith("regression_"):
        return "regression"
    if name.endswith(("_micro", "_macro")):
        return "multiclass"
    if name.startswith(_BUNDLE_PREFIXES):
        return "bundles"
    return "binary"


def make(name):
    """The function `check_<name>(**kwargs)` sending {"check": name, **kwargs}."""

    def function(*args, **kwargs):
        if args:
            raise TypeError(
                f"check_{name} takes keyword arguments, as the reference's examples pass them "
                "(testset=..., scores=..., eps=...)"
            )
        return run({"check": name, **kwargs})

    function.__name__ = f"check_{name}"
    function.__qualname__ = function.__name__
    function.__doc__ = (
        f"Checks the reported scores under the protocol {name!r} (the reference's "
        f"check_{name}); keyword arguments as the reference's; returns the result dict."
    )
    return function


def export(module_globals, wanted, strip=""):
    """Defines check_<name> in a module for every protocol of the family `wanted`."""
    names = []
    for name in check_names():
        if family(name) == wanted:
            public = "check_" + (name[len(strip):] if strip and name.startswith(strip) else name)
            module_globals[public] = make(name)
            names.append(public)
    return names
