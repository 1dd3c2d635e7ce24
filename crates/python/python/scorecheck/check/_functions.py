"""The reference's call shapes: one function per protocol, arguments as the reference's.

Each `check_<name>` takes the reference mlscorecheck 1.0.3's arguments: the positional ones
in the reference's order (`POSITIONAL`), every one also by keyword; an optional argument
given as None counts as not given (as the reference reads it, also inside dicts such as an
evaluation's `"fold_score_bounds": None`); an evaluation's `"aggregation"` (what the
reference's `Evaluation.to_dict()` writes) is accepted where it agrees with the protocol
and an error naming it where it does not; and a `check=` naming another protocol is an
error, never a silent switch of protocol.

Where the reference goes on past a field it does not use, so do these functions, never
silently: the field is left out, and what was left out and why is said twice, as a Python
`warnings.warn` (a UserWarning, as the reference's) and in the result's `"warnings"` list
(present only when there is one). Those fields are a testset's `n_repeats`, `n_folds`,
`folds` and `aggregation` (the reference warns of them too), and an unknown-folds check's
`"strategy": "stratified_sklearn"` (every fold configuration is tried, the stratified one
among them). The answer's own warnings (a registry dataset whose counts are the reference's
and not the dataset's, checked with them as the reference does) are in that list too and
are warned of the same way.
"""

import inspect as _inspect
import warnings as _warnings

from .._request import ScorecheckError, check_names, run


class UnexpectedKeyword(ScorecheckError, TypeError):
    """A keyword argument a `check_*` function does not take: a TypeError, as Python's own
    unexpected keyword is, and a ScorecheckError naming the field."""

_BUNDLE_PREFIXES = ("drive_", "stare_", "chasedb1_", "hrf_", "diaretdb0_", "diaretdb1_",
                    "drishti_gs_", "tpehg", "isic2016", "isic2017")

# The reference's positional parameters (those before its `*`), by protocol name, read from
# the signatures of mlscorecheck 1.0.3; a protocol not listed takes keywords only there too.
POSITIONAL = {
    "1_testset_no_kfold": ("testset", "scores", "eps"),
    "1_dataset_kfold_som": ("dataset", "folding", "scores", "eps"),
    "1_dataset_known_folds_mos": ("dataset", "folding", "scores", "eps", "fold_score_bounds"),
    "1_dataset_unknown_folds_mos": ("dataset", "folding", "scores", "eps",
                                    "fold_score_bounds"),
    "n_testsets_som_no_kfold": ("testsets", "scores", "eps"),
    "n_testsets_mos_no_kfold": ("testsets", "scores", "eps", "testset_score_bounds"),
    "n_datasets_som_kfold_som": ("evaluations", "scores", "eps"),
    "n_datasets_mos_kfold_som": ("evaluations", "scores", "eps", "dataset_score_bounds"),
    "n_datasets_mos_known_folds_mos": ("evaluations", "scores", "eps",
                                       "dataset_score_bounds"),
    "n_datasets_mos_unknown_folds_mos": ("evaluations", "scores", "eps",
                                         "dataset_score_bounds"),
    "regression_1_testset_no_kfold": ("var", "n_samples", "scores", "eps",
                                      "numerical_tolerance"),
    "1_testset_no_kfold_micro": ("testset", "scores", "eps"),
    "1_testset_no_kfold_macro": ("testset", "scores", "eps"),
    "1_dataset_known_folds_som_micro": ("dataset", "folding", "scores", "eps"),
    "1_dataset_known_folds_som_macro": ("dataset", "folding", "scores", "eps"),
    "1_dataset_known_folds_mos_micro": ("dataset", "folding", "scores", "eps"),
    "1_dataset_known_folds_mos_macro": ("dataset", "folding", "scores", "eps"),
    "drive_vessel_aggregated": ("imageset", "annotator", "scores", "eps"),
    "drive_vessel_aggregated_mos_assumption": ("imageset", "assumption", "annotator",
                                               "scores", "eps"),
    "drive_vessel_aggregated_som_assumption": ("imageset", "assumption", "annotator",
                                               "scores", "eps"),
    "drive_vessel_image": ("image_identifier", "annotator", "scores", "eps"),
    "drive_vessel_image_assumption": ("image_identifier", "assumption", "annotator",
                                      "scores", "eps"),
    "stare_vessel_aggregated": ("imageset", "annotator", "scores", "eps"),
    "stare_vessel_aggregated_mos": ("imageset", "annotator", "scores", "eps"),
    "stare_vessel_aggregated_som": ("imageset", "annotator", "scores", "eps",
                                    "numerical_tolerance"),
    "stare_vessel_image": ("image_identifier", "annotator", "scores", "eps"),
    "chasedb1_vessel_aggregated": ("imageset", "annotator", "scores", "eps"),
    "chasedb1_vessel_aggregated_mos": ("imageset", "annotator", "scores", "eps"),
    "chasedb1_vessel_aggregated_som": ("imageset", "annotator", "scores", "eps",
                                       "numerical_tolerance"),
    "chasedb1_vessel_image": ("image_identifier", "annotator", "scores", "eps"),
    "hrf_vessel_aggregated": ("imageset", "scores", "eps"),
    "hrf_vessel_aggregated_mos_assumption": ("imageset", "assumption", "scores", "eps"),
    "hrf_vessel_aggregated_som_assumption": ("imageset", "assumption", "scores", "eps",
                                             "numerical_tolerance"),
    "hrf_vessel_image": ("image_identifier", "scores", "eps"),
    "hrf_vessel_image_assumption": ("image_identifier", "assumption", "scores", "eps"),
    "diaretdb0_class": ("subset", "batch", "class_name", "scores", "eps"),
    "diaretdb0_class_som": ("subset", "batch", "class_name", "scores", "eps"),
    "diaretdb0_class_mos": ("subset", "batch", "class_name", "scores", "eps"),
    "diaretdb1_class": (),
    "diaretdb1_segmentation_image": (),
    "diaretdb1_segmentation_image_assumption": (),
    "diaretdb1_segmentation_aggregated": (),
    "diaretdb1_segmentation_aggregated_assumption": (),
    "drishti_gs_segmentation_image": ("image_identifier", "confidence", "target", "scores",
                                      "eps"),
    "drishti_gs_segmentation_aggregated": ("subset", "confidence", "target", "scores", "eps"),
    "drishti_gs_segmentation_aggregated_mos": ("subset", "confidence", "target", "scores",
                                               "eps"),
    "drishti_gs_segmentation_aggregated_som": ("subset", "confidence", "target", "scores",
                                               "eps"),
    "tpehg": ("scores", "eps", "n_folds", "n_repeats"),
    "isic2016": (),
    "isic2017": (),
}


def family(name):
    """Which submodule of scorecheck.check a protocol belongs to."""
    if name.startswith("regression_"):
        return "regression"
    if name.endswith(("_micro", "_macro")):
        return "multiclass"
    if name.startswith(_BUNDLE_PREFIXES):
        return "bundles"
    return "binary"


def _fold_aggregation(name):
    """How the protocol aggregates over each evaluation's folds ("mos" or "som"), where its
    evaluations are listed (the n_datasets_* protocols); None elsewhere."""
    if name.startswith("n_datasets_") and name.endswith(("_mos", "_som")):
        return name[-3:]
    return None


def _evaluations_agreeing(name, evaluations):
    """The evaluations without an `"aggregation"` that agrees with the protocol (the
    reference's `Evaluation.to_dict()` writes it); an error naming one that contradicts it."""
    wanted = _fold_aggregation(name)
    if wanted is None or not isinstance(evaluations, (list, tuple)):
        return evaluations
    kept = []
    for index, evaluation in enumerate(evaluations):
        if isinstance(evaluation, dict) and "aggregation" in evaluation:
            given = evaluation["aggregation"]
            if given is not None and given != wanted:
                raise ScorecheckError(
                    "contradiction",
                    f"evaluations[{index}].aggregation",
                    f"{given!r} contradicts the protocol {name!r}, which averages over each "
                    f"evaluation's folds by {wanted!r}; drop the key, or use the protocol "
                    "that aggregates as you did",
                )
            evaluation = {k: v for k, v in evaluation.items() if k != "aggregation"}
        kept.append(evaluation)
    return kept


# A testset's fields the reference's check_1_testset_no_kfold warns of and then ignores.
_TESTSET_IGNORED = ("n_repeats", "n_folds", "folds", "aggregation")


def _testset_without_folding(testset, said):
    """The testset without the fields of a dataset's folding, each left out said in `said`."""
    if not isinstance(testset, dict):
        return testset
    ignored = [key for key in _TESTSET_IGNORED if key in testset]
    if not ignored:
        return testset
    said.append(
        f"testset: {', '.join(ignored)} left out: one testset is checked on its p and n (or "
        "its name) alone, as the reference does (it warns of the same fields); for folds or "
        "repeats use a check of a dataset, e.g. check_1_dataset_kfold_som"
    )
    return {key: value for key, value in testset.items() if key not in ignored}


def _folding_without_stratified(folding, path, said):
    """An unknown-folds folding without `"strategy": "stratified_sklearn"`, said in `said`:
    the reference ignores the strategy there, and trying every fold configuration includes
    the stratified one, so an inconsistency found holds for it too."""
    if not isinstance(folding, dict) or folding.get("strategy") != "stratified_sklearn" \
            or folding.get("folds") is not None:
        return folding
    said.append(
        f"{path}.strategy: \"stratified_sklearn\" left out: an unknown-folds check tries every "
        "fold configuration (the stratified one among them), as the reference does, so "
        "\"consistent\" means some configuration fits; to check the stratified folds alone, "
        "call check_1_dataset_known_folds_mos (or check_n_datasets_mos_known_folds_mos) with "
        "this folding"
    )
    return {key: value for key, value in folding.items() if key != "strategy"}


def _left_out(name, fields):
    """The fields with what the reference ignores left out, and the sentences saying so."""
    said = []
    if name == "1_testset_no_kfold" and "testset" in fields:
        fields["testset"] = _testset_without_folding(fields["testset"], said)
    if name == "1_dataset_unknown_folds_mos" and "folding" in fields:
        fields["folding"] = _folding_without_stratified(fields["folding"], "folding", said)
    if name == "n_datasets_mos_unknown_folds_mos" and isinstance(fields.get("evaluations"),
                                                                  (list, tuple)):
        fields["evaluations"] = [
            {**evaluation,
             "folding": _folding_without_stratified(evaluation["folding"],
                                                    f"evaluations[{index}].folding", said)}
            if isinstance(evaluation, dict) and "folding" in evaluation else evaluation
            for index, evaluation in enumerate(fields["evaluations"])
        ]
    return fields, said


def _arguments(name, public, args, kwargs):
    """The request fields of a call: positional arguments named in the reference's order,
    `check` checked, evaluations' agreeing aggregations dropped."""
    positional = POSITIONAL.get(name, ())
    if len(args) > len(positional):
        takes = (f"at most {len(positional)} positional arguments ({', '.join(positional)})"
                 if positional else "keyword arguments only")
        raise TypeError(f"{public}() takes {takes}, as the reference's does; "
                        f"{len(args)} were given")
    fields = dict(kwargs)
    for parameter, value in zip(positional, args):
        if parameter in fields:
            raise TypeError(f"{public}() got multiple values for argument {parameter!r}")
        fields[parameter] = value
    if "check" in fields:
        given = fields.pop("check")
        if given != name:
            raise ScorecheckError(
                "contradiction",
                "check",
                f"{public} answers the protocol {name!r}; check={given!r} would replace it: "
                f"drop check=, or call scorecheck.check({{'check': {given!r}, ...}})",
            )
    if "evaluations" in fields:
        fields["evaluations"] = _evaluations_agreeing(name, fields["evaluations"])
    return fields


def make(name):
    """The function `check_<name>(...)` sending {"check": name, ...} with the reference's
    argument shapes (see the module's documentation)."""
    public = f"check_{name}"

    def function(*args, **kwargs):
        fields, said = _left_out(name, _arguments(name, public, args, kwargs))
        for sentence in said:
            _warnings.warn(sentence, UserWarning, stacklevel=2)
        try:
            result = run({"check": name, **fields}, none_is_absent=True)
        except ScorecheckError as error:
            # A keyword the protocol does not take is a TypeError, as a Python function's
            # unexpected keyword is (and the reference's is), and still a ScorecheckError.
            if error.kind == "unknown_field" and error.field in kwargs:
                raise UnexpectedKeyword(error.kind, error.field,
                                        f"{public}() got an unexpected keyword argument "
                                        f"{error.field!r}: {error.message}") from None
            raise
        # The answer's own warnings (a registry dataset checked with the reference's counts).
        if isinstance(result, dict):
            for sentence in result.get("warnings", []):
                _warnings.warn(sentence, UserWarning, stacklevel=2)
        if said and isinstance(result, dict):
            result["warnings"] = list(result.get("warnings", [])) + said
        return result

    positional = POSITIONAL.get(name, ())
    function.__name__ = public
    function.__qualname__ = public
    # What help() and inspect show: the reference's positional parameters, then its keywords.
    function.__signature__ = _inspect.Signature(
        [_inspect.Parameter(p, _inspect.Parameter.POSITIONAL_OR_KEYWORD) for p in positional]
        + [_inspect.Parameter("kwargs", _inspect.Parameter.VAR_KEYWORD)]
    )
    function.__doc__ = (
        f"Checks the reported scores under the protocol {name!r} (the reference's "
        f"{public}); arguments as the reference's"
        + (f" (positional: {', '.join(positional)})" if positional else " (keywords only)")
        + "; an optional argument given as None counts as not given; returns the result "
        "dict, or raises scorecheck.ScorecheckError naming the field to change."
    )
    return function


def export(module_globals, wanted, strip=""):
    """Defines check_<name> in a module for every protocol of the family `wanted`."""
    names = []
    for name in check_names():
        if family(name) == wanted:
            public = "check_" + (name[len(strip):] if strip and name.startswith(strip) else name)
            function = make(name)
            # Where pickle (and multiprocessing, dask, ray) finds it again by name.
            function.__module__ = module_globals["__name__"]
            module_globals[public] = function
            names.append(public)
    return names
