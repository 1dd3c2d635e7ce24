"""Times the reference, mlscorecheck 1.0.3, on the cases our criterion benches run.

Usage (from the workspace root, with the reference installed):

    python benches/reference/time_reference.py generate   # writes benches/cases/*.json
    python benches/reference/time_reference.py time       # writes benches/reference/reference_timings.json

`generate` is deterministic (fixed seeds), so the committed case files can be regenerated
byte for byte; the Rust benches read the same files, so both sides answer identical problems.
Each case file holds `request` (our facade's JSON request, whose fields are the reference's
keyword arguments) and `expected_inconsistency` (the reference's verdict).
`time` runs every case a few times and stores the median wall-clock time, with a
description of the machine, because the numbers mean nothing without it.
"""

import json
import logging
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "cases"
OUT = ROOT / "reference" / "reference_timings.json"

# The mean-of-scores sizes: (datasets, folds, repeats); the last has 10*10*5 folds, i.e.
# 1000 integer variables (tp and tn per fold).
MOS_SIZES = [(1, 5, 1), (1, 10, 1), (5, 5, 1), (10, 10, 1), (10, 10, 5)]
MOS_SCORES = ["acc", "sens", "spec", "bacc"]
FIVE = ["acc", "sens", "spec", "ppv", "f1p"]


def stratified_folds(p, n, k):
    """Fold counts as sklearn's StratifiedKFold deals them: the first p % k folds get one more."""
    ps = [p // k + (1 if i < p % k else 0) for i in range(k)]
    ns = [n // k + (1 if i < n % k else 0) for i in range(k)]
    return [{"p": a, "n": b} for a, b in zip(ps, ns)]


def fold_scores(fold, tp, tn):
    p, n = fold["p"], fold["n"]
    return {
        "acc": (tp + tn) / (p + n),
        "sens": tp / p,
        "spec": tn / n,
        "bacc": (tp / p + tn / n) / 2,
    }


def mos_case(n_datasets, n_folds, n_repeats, shift):
    """A random experiment (seeded by its size) and the mean of its per-fold scores.

    Every repeat deals the same stratified folds, as the reference's stratified_sklearn
    folding does; the true (tp, tn) differ per fold of every repeat.
    """
    rng = random.Random(1000 * n_datasets + 10 * n_folds + n_repeats)
    evaluations, dataset_means = [], []
    for _ in range(n_datasets):
        p, n = rng.randint(50, 500), rng.randint(50, 500)
        folds = stratified_folds(p, n, n_folds) * n_repeats
        per_fold = []
        for fold in folds:
            # A plausible classifier: sensitivity 0.6-0.95, specificity 0.6-0.95.
            tp = round(fold["p"] * rng.uniform(0.6, 0.95))
            tn = round(fold["n"] * rng.uniform(0.6, 0.95))
            per_fold.append(fold_scores(fold, tp, tn))
        dataset_means.append({s: statistics.fmean(f[s] for f in per_fold) for s in MOS_SCORES})
        evaluations.append({"dataset": {"p": p, "n": n}, "folding": {"folds": folds}})
    scores = {s: round(statistics.fmean(d[s] for d in dataset_means), 4) for s in MOS_SCORES}
    # Shifting acc can stay reachable (acc moves between folds at fixed mean sens and spec);
    # bacc is the mean of sens and spec on every fold, so shifting it by 100 eps never is.
    scores["bacc"] = round(scores["bacc"] + shift, 4)
    return {
        "check": "n_datasets_mos_known_folds_mos",
        "evaluations": evaluations,
        "scores": scores,
        "eps": 1e-4,
    }


def single_case(size, names, shift):
    """The single-matrix case of benches/benches/single.rs: tp = 0.81 p + 7, tn = 0.73 n + 3."""
    p = n = size
    tp, tn = size // 100 * 81 + 7, size // 100 * 73 + 3
    fp, fn = n - tn, p - tp
    ppv, sens = tp / (tp + fp), tp / p
    every = {
        "acc": (tp + tn) / (p + n),
        "sens": sens,
        "spec": tn / n,
        "ppv": ppv,
        "f1p": 2 * tp / (2 * tp + fp + fn),
        "mcc": (tp * tn - fp * fn) / ((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)) ** 0.5,
    }
    scores = {}
    for i, name in enumerate(names):
        v = every[name] + (shift if i + 1 == len(names) else 0.0)
        scores[name] = float(f"{v:.4f}")
    return {"check": "1_testset_no_kfold", "testset": {"p": p, "n": n}, "scores": scores, "eps": 1e-4}


def all_cases():
    """Name -> (request, whether the reference is timed on it)."""
    cases = {}
    for d, k, r in MOS_SIZES:
        for label, shift in (("feasible", 0.0), ("infeasible", 0.01)):
            cases[f"mos_d{d}_k{k}_r{r}_{label}"] = (mos_case(d, k, r, shift), True)
    for label, size in (("1e4", 10**4), ("1e5", 10**5), ("1e6", 10**6)):
        # The reference is linear in min(p, n); at 1e6 it is only extrapolated.
        timed = size < 10**6
        cases[f"single_five_{label}"] = (single_case(size, FIVE, 0.0), timed)
        cases[f"single_five_inconsistent_{label}"] = (single_case(size, FIVE, 0.003), timed)
        cases[f"single_mcc_{label}"] = (single_case(size, ["mcc"], 0.0), timed)
    cases["unknown_folds_ehg"] = (
        {
            "check": "1_dataset_unknown_folds_mos",
            "dataset": {"p": 38, "n": 262},
            "folding": {"n_folds": 5, "n_repeats": 1},
            "scores": {"acc": 0.9447, "sens": 0.9139, "spec": 0.9733},
            "eps": 1e-4,
        },
        True,
    )
    return cases


def call_reference(request):
    """Runs one request through the reference; returns its result dict."""
    from mlscorecheck.check import binary

    fields = {k: v for k, v in request.items() if k != "check"}
    function = getattr(binary, "check_" + request["check"])
    if request["check"] != "1_testset_no_kfold":
        fields["verbosity"] = 0
    return function(**fields)


def count_folds(p, n, k):
    """The reference's fold enumeration, counted the only way it can: by walking it."""
    from mlscorecheck.aggregated import fold_partitioning_generator

    return sum(1 for _ in fold_partitioning_generator(p=p, n=n, k=k))


def generate():
    CASES.mkdir(exist_ok=True)
    for name, (request, _) in all_cases().items():
        path = CASES / f"{name}.json"
        verdict = call_reference(request)["inconsistency"] if not name.endswith("1e6") else None
        with path.open("w") as f:
            json.dump({"name": name, "request": request, "expected_inconsistency": verdict}, f, indent=1)
            f.write("\n")
        print(name, "inconsistency:", verdict, flush=True)


# Runs the reference's CBC subprocess gave up on ("Pulp: Error while executing cbc"), which
# happened now and then on the loaded machine; such a run is repeated, not timed.
SOLVER_FAILURES = []


def median_time(function, repetitions):
    times = []
    while len(times) < repetitions:
        start = time.perf_counter()
        try:
            function()
        except Exception as error:  # pulp.PulpSolverError, imported lazily with the reference
            if len(SOLVER_FAILURES) > 20 or "Pulp" not in repr(error):
                raise
            SOLVER_FAILURES.append(repr(error)[:200])
            continue
        times.append(time.perf_counter() - start)
    return (statistics.median(times) if times else None), times


def machine_load():
    return subprocess.run("uptime", shell=True, capture_output=True, text=True).stdout.strip()


def machine():
    def run(command):
        return subprocess.run(command, shell=True, capture_output=True, text=True).stdout.strip()

    return {
        "nproc": run("nproc"),
        "lscpu": run("lscpu | head -20"),
        "python": sys.version,
        "platform": platform.platform(),
        "uptime_at_start": run("uptime"),
    }


def timing(only=None):
    import mlscorecheck

    results = json.loads(OUT.read_text()) if OUT.exists() and only else {}
    results["machine"] = machine()
    results["reference_version"] = getattr(mlscorecheck, "__version__", "1.0.3")
    results.setdefault("cases", {})
    for path in sorted(CASES.glob("*.json")):
        case = json.loads(path.read_text())
        name = case["name"]
        if only and not any(o in name for o in only):
            continue
        if case["expected_inconsistency"] is None:
            continue
        # The first run counts as a sample too; slow cases get fewer repetitions: at least
        # three runs, so a median is not one outlier, except a case over a minute (mcc alone
        # at 1e5), which is run once: its time is dominated by one linear loop, not by noise.
        first, _ = median_time(lambda: call_reference(case["request"]), 1)
        repetitions = 4 if first < 5 else 2 if first < 60 else 0
        med, times = median_time(lambda: call_reference(case["request"]), repetitions)
        times = [first] + times
        med = statistics.median(times)
        results["cases"][name] = {"median_s": med, "times_s": times, "uptime": machine_load()}
        results["solver_failures_retried"] = len(SOLVER_FAILURES)
        print(f"{name}: median {med:.4f} s over {times}", flush=True)
        # Saved after every case: a long run that is cut short keeps what it measured.
        OUT.write_text(json.dumps(results, indent=1) + "\n")
    if not only or any("fold" in o for o in only):
        count = count_folds(244, 262, 5)
        med, times = median_time(lambda: count_folds(244, 262, 5), 3)
        results["cases"]["fold_count_p244_n262_k5"] = {"median_s": med, "times_s": times, "count": count}
        print(f"fold count p244 n262 k5 ({count}): median {med:.3f} s", flush=True)
    # mcc alone enumerates every tp (and a tn interval for each): its time grows linearly
    # in min(p, n), so the 1e5 median extrapolates to the p = n = 1e6. The five-score
    # case intersects intervals and hardly grows, so it is not extrapolated.
    cases = results["cases"]
    if "single_mcc_1e5" in cases:
        results["extrapolated"] = {
            "single_mcc_1e6_s": cases["single_mcc_1e5"]["median_s"] * 10,
            "growth_1e4_to_1e5": cases["single_mcc_1e5"]["median_s"] / cases["single_mcc_1e4"]["median_s"]
            if "single_mcc_1e4" in cases
            else None,
            "issue_figure_single_mcc_1e6_s": 149.0,
        }
    results["machine"]["uptime_at_end"] = subprocess.run("uptime", shell=True, capture_output=True, text=True).stdout.strip()
    OUT.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    # The reference logs every interval step at INFO; printing it would be timed too.
    logging.disable(logging.INFO)
    if len(sys.argv) < 2 or sys.argv[1] not in ("generate", "time"):
        sys.exit(__doc__)
    if sys.argv[1] == "generate":
        generate()
    else:
        timing(sys.argv[2:] or None)
