"""The reference's bundles of published experiments: mlscorecheck.check.bundles.retina
(drive, stare, chasedb1, hrf, diaretdb0, diaretdb1, drishti_gs), .ehg (tpehg) and
.skinlesion (isic2016, isic2017), every function also directly here."""

import sys
import types

from ._functions import export

__all__ = export(globals(), "bundles")


def _submodule(short, prefixes):
    module = types.ModuleType(f"{__name__}.{short}")
    module.__doc__ = f"The reference's mlscorecheck.check.bundles.{short} functions."
    module.__all__ = [name for name in __all__ if name[len("check_"):].startswith(prefixes)]
    for name in module.__all__:
        setattr(module, name, globals()[name])
    sys.modules[module.__name__] = module
    return module


retina = _submodule("retina", ("drive_", "stare_", "chasedb1_", "hrf_", "diaretdb0_",
                               "diaretdb1_", "drishti_gs_"))
ehg = _submodule("ehg", ("tpehg",))
skinlesion = _submodule("skinlesion", ("isic2016", "isic2017"))
