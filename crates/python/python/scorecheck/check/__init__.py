"""`scorecheck.check(request)` answers a request dict; its submodules `binary`, `multiclass`,
`regression` and `bundles` hold the reference's functions (`check_1_testset_no_kfold`, ...)."""

import sys
import types

from .._request import run as _run


class _CallableModule(types.ModuleType):
    """The module `scorecheck.check`, callable like the function it also is."""

    def __call__(self, request):
        """Answers one request dict; raises scorecheck.ScorecheckError for a bad request."""
        return _run(request)


sys.modules[__name__].__class__ = _CallableModule

from . import binary, bundles, multiclass, regression  # noqa: E402

__all__ = ["binary", "bundles", "multiclass", "regression"]
