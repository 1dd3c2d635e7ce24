"""One side-by-side run of every row of issue 14's table: scorecheck and the reference.

Usage (from the workspace root, after `cargo build --release -p scorecheck-cli`):

    python benches/reference/side_by_side.py [--reference PYTHON] [--scorecheck BIN]
                                             [--callgrind] [--runs N] [--highs BIN]

Every case is written to `benches/cases/issue14/NAME.json` (our request; its fields are the
reference's keyword arguments) and answered by

- scorecheck: the whole process, `scorecheck check FILE --format json`, the least wall time
  of `--runs` runs (3 for cases over a second), and with `--callgrind` its instruction count
  (`valgrind --tool=callgrind`, both worker threads, process start-up included); and, for
  cases under 50 ms, per request in one process (`scorecheck batch` over many copies of the
  request, answered one after another), which is like for like with the reference timed
  in-process;
- the reference, mlscorecheck 1.0.3, in-process in the Python given by `--reference`
  (import excluded), the least of up to 3 runs. Where the reference takes minutes to hours
  it is not run: the row says so and uses the issue's figure or an extrapolation from a
  smaller size of the same case, marked as such.

Both verdicts are recorded; a reference verdict that differs from ours is listed (the
multiclass rows differ by design: we decide the K×K model, the reference the one-vs-rest
relaxation). The results go to `benches/reference/side_by_side.json`, and the table is
printed in Markdown for the README.
"""

import argparse
import json
import logging
import os
import platform
import random
import re
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CASES = ROOT / "benches" / "cases" / "issue14"
OUT = HERE / "side_by_side.json"
sys.path.insert(0, str(HERE))
from time_reference import mos_case, single_case  # noqa: E402

FIVE = ["acc", "sens", "spec", "ppv", "f1p"]


def single_inconsistent_1e12():
    """p = 1e12, n = 2e12: acc, sens, mcc of tp = 0.81 p + 7, tn = 0.73 n + 3, mcc moved by +0.003."""
    p, n = 10**12, 2 * 10**12
    tp, tn = p // 100 * 81 + 7, n // 100 * 73 + 3
    fp, fn = n - tn, p - tp
    mcc = (tp * tn - fp * fn) / ((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)) ** 0.5
    scores = {"acc": (tp + tn) / (p + n), "sens": tp / p, "mcc": mcc + 0.003}
    return {
        "check": "1_testset_no_kfold",
        "testset": {"p": p, "n": n},
        "scores": {k: round(v, 4) for k, v in scores.items()},
        "eps": 1e-4,
    }


def unknown_folds(acc, sens, spec):
    return {
        "check": "1_dataset_unknown_folds_mos",
        "dataset": {"p": 244, "n": 262},
        "folding": {"n_folds": 5, "n_repeats": 1},
        "scores": {"acc": acc, "sens": sens, "spec": spec},
        "eps": 1e-4,
    }


# Multiclass cases in the style of the hidden ones: K×K matrices of a classifier of random
# skill, the macro (or micro) scores rounded to 4 decimals, and each also with one score moved.


def _matrix(rng, counts, skill):
    k = len(counts)
    m = []
    for i, c in enumerate(counts):
        row = [0] * k
        for _ in range(c):
            row[i if rng.random() < skill else rng.randrange(k)] += 1
        m.append(row)
    return m


def _one_vs_rest(m):
    k, total = len(m), sum(map(sum, m))
    out = []
    for c in range(k):
        tp, p = m[c][c], sum(m[c])
        fp = sum(m[r][c] for r in range(k)) - tp
        out.append((tp, total - p - fp, p, total - p))
    return out


def _scores(tp, tn, p, n):
    fp, fn = n - tn, p - tp
    s = {"acc": Fraction(tp + tn, p + n), "sens": Fraction(tp, p), "spec": Fraction(tn, n)}
    if tp + fp:
        s["ppv"] = Fraction(tp, tp + fp)
    if tn + fn:
        s["npv"] = Fraction(tn, tn + fn)
    if 2 * tp + fp + fn:
        s["f1p"] = Fraction(2 * tp, 2 * tp + fp + fn)
    s["bacc"] = (s["sens"] + s["spec"]) / 2
    return s


def _macro(m, names):
    per = [_scores(*x) for x in _one_vs_rest(m)]
    return {nm: sum(s[nm] for s in per) / len(per) for nm in names if all(nm in s for s in per)}


def _micro(m, names):
    tp = tn = p = n = 0
    for a, b, c, d in _one_vs_rest(m):
        tp, tn, p, n = tp + a, tn + b, p + c, n + d
    s = _scores(tp, tn, p, n)
    return {nm: s[nm] for nm in names if nm in s}


def _moved(rng, request):
    bad = json.loads(json.dumps(request))
    name = rng.choice(sorted(bad["scores"]))
    bad["scores"][name] = round(bad["scores"][name] + rng.choice([-1, 1]) * rng.choice([0.002, 0.01]), 4)
    return bad


def _counts(rng, k, least):
    total = rng.randint(300, 500)
    w = [rng.random() + 0.3 for _ in range(k)]
    return [max(least, int(total * x / sum(w))) for x in w]


def multiclass_macro(seed):
    """1_testset_no_kfold_macro, K = 4 or 5, 300-500 items, ppv among the scores, half with class bounds."""
    rng = random.Random(seed)
    counts = _counts(rng, rng.choice([4, 5]), 5)
    m = _matrix(rng, counts, rng.uniform(0.4, 0.9))
    names = rng.choice([["acc", "sens", "spec", "ppv"], ["acc", "sens", "ppv", "f1p"], ["sens", "spec", "ppv", "npv"]])
    request = {
        "check": "1_testset_no_kfold_macro",
        "testset": {str(c): x for c, x in enumerate(counts)},
        "scores": {k: round(float(v), 4) for k, v in _macro(m, names).items()},
        "eps": 1e-4,
    }
    if seed % 2:
        per = [_scores(*x) for x in _one_vs_rest(m)]
        request["class_score_bounds"] = {
            "acc": [round(float(min(s["acc"] for s in per)) - 0.01, 4), round(float(max(s["acc"] for s in per)) + 0.01, 4)]
        }
    return request, _moved(rng, request)


def multiclass_mos(seed, kind):
    """1_dataset_known_folds_mos_{micro,macro}, K = 4, 3 × 3 stratified folds, one random matrix per fold."""
    rng = random.Random(seed)
    counts = _counts(rng, 4, 9)
    folds = []
    for _ in range(3):
        split = [[0] * 4 for _ in range(3)]
        for c, x in enumerate(counts):
            extra = rng.sample(range(3), x % 3)
            for f in range(3):
                split[f][c] = x // 3 + (1 if f in extra else 0)
        folds += split
    skill = rng.uniform(0.4, 0.9)
    names = rng.choice([["acc", "sens", "spec"], ["acc", "sens", "spec", "bacc"], ["acc", "sens", "spec", "f1p"]])
    average = _micro if kind == "micro" else _macro
    per = [average(_matrix(rng, f, skill), names) for f in folds]
    names = [nm for nm in names if all(nm in s for s in per)]
    if kind == "macro":
        names = [nm for nm in names if nm != "f1p"]
    request = {
        "check": f"1_dataset_known_folds_mos_{kind}",
        "dataset": {str(c): x for c, x in enumerate(counts)},
        "folding": {"folds": [{str(c): f[c] for c in range(4)} for f in folds]},
        "scores": {nm: round(float(sum(s[nm] for s in per) / len(per)), 4) for nm in names},
        "eps": 1e-4,
    }
    return request, _moved(rng, request)


def multiclass_cases():
    cases = {}
    for seed in range(6):
        good, bad = multiclass_macro(seed)
        cases[f"macro_{seed}"], cases[f"macro_{seed}_moved"] = good, bad
    for seed in range(4):
        for kind in ("micro", "macro"):
            good, bad = multiclass_mos(100 + seed, kind)
            cases[f"mos_{kind}_{seed}"], cases[f"mos_{kind}_{seed}_moved"] = good, bad
    return cases


# The rows of issue 14's table: (key, description, cases, how the reference is timed, goal).
# Reference: "run" (in-process), ("issue", seconds) (not run: the figure),
# ("times", key, factor) (not run: that row's measured reference time times factor),
# None (the reference cannot answer).
ROWS = [
    ("five_1e6", "1 testset, p = n = 1e6, acc/sens/spec/ppv/f1p at 4 decimals (consistent)",
     {"five_1e6": single_case(10**6, FIVE, 0.0)}, "run", "ratio >= 10"),
    ("mcc_1e5", "1 testset, p = n = 1e5, mcc only",
     {"mcc_1e5": single_case(10**5, ["mcc"], 0.0)}, "run", "ratio >= 1,000"),
    ("mcc_1e6", "1 testset, p = n = 1e6, mcc only, exact count",
     {"mcc_1e6": single_case(10**6, ["mcc"], 0.0)}, ("times", "mcc_1e5", 10), "ratio >= 10,000, exact count"),
    ("inconsistent_1e12", "1 testset, p = 1e12, n = 2e12, acc/sens/mcc (inconsistent)",
     {"inconsistent_1e12": single_inconsistent_1e12()}, None, "<= 50 ms"),
    ("first_feasible", "unknown folds, p = 244, n = 262, k = 5, acc/sens/spec (consistent: first feasible configuration)",
     {"first_feasible": unknown_folds(0.9447, 0.9139, 0.9733)}, "run", "ratio >= 100"),
    ("sweep", "unknown folds, same dataset, a score set no configuration fits (all 2,616,607 configurations)",
     {"sweep": unknown_folds(0.95, 0.7404, 0.8526)}, ("issue", 4 * 3600), "<= 2 s"),
    ("multiclass", "multiclass hidden-style cases, pure backend (macro with ppv and class bounds, K = 4-5; MoS 3 × 3 folds, K = 4)",
     multiclass_cases(), "run", "every one decided, each <= 1 s"),
    ("mos_1000", "1000-variable MoS (10 datasets × 10 folds × 5 repeats), pure backend",
     {"mos_1000_feasible": mos_case(10, 10, 5, 0.0), "mos_1000_infeasible": mos_case(10, 10, 5, 0.01)}, "run", "keep (12-16×)"),
    ("mos_1000_highs", "1000-variable MoS, the same two cases, HiGHS backend (`--highs BIN`)",
     {"mos_1000_feasible": mos_case(10, 10, 5, 0.0), "mos_1000_infeasible": mos_case(10, 10, 5, 0.01)}, ("times", "mos_1000", 1), "keep (12-16×)"),
]

# Rows answered by a build with the HiGHS backend (`--highs BIN`), with these arguments.
HIGHS_ROWS = {"mos_1000_highs": ["--backend", "highs"]}


def call_reference(request):
    from mlscorecheck.check import binary, multiclass

    fields = {k: v for k, v in request.items() if k != "check"}
    module = multiclass if request["check"].endswith(("_micro", "_macro")) else binary
    if request["check"] != "1_testset_no_kfold":
        fields["verbosity"] = 0
    return getattr(module, "check_" + request["check"])(**fields)


def reference_worker():
    """Runs inside the reference's Python: reads {path, runs} lines, answers time and verdict."""
    logging.disable(logging.INFO)
    import mlscorecheck  # noqa: F401  (imported before timing)

    for line in sys.stdin:
        job = json.loads(line)
        request = json.loads(Path(job["path"]).read_text())
        times, verdict, error = [], None, None
        for _ in range(job["runs"]):
            start = time.perf_counter()
            try:
                verdict = bool(call_reference(request)["inconsistency"])
            except Exception as e:  # the reference raising is a result too
                error = repr(e)[:200]
                break
            times.append(time.perf_counter() - start)
            if times[-1] > 5:
                break
        print(json.dumps({"times": times, "inconsistency": verdict, "error": error}), flush=True)


def ours(binary, path, runs, callgrind, extra=()):
    times, out = [], None
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([binary, "check", str(path), "--format", "json", *extra], capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        out = json.loads(done.stdout)
        if times[-1] > 1 and len(times) >= 3:
            break
    result = {"time_s": min(times), "times_s": times, "verdict": out.get("verdict"), "inconsistency": out.get("inconsistency")}
    if min(times) < 0.05:
        # Like for like with the reference timed in-process: one `scorecheck batch` process
        # answering many copies of the request (in order, one at a time), per request.
        copies = max(10, min(500, int(0.3 / min(times))))
        with tempfile.TemporaryDirectory() as tmp:
            lines = Path(tmp) / "copies.jsonl"
            lines.write_text((json.dumps(json.loads(Path(path).read_text())) + "\n") * copies)
            per_request = []
            for _ in range(3):
                start = time.perf_counter()
                subprocess.run([binary, "batch", str(lines), *extra], capture_output=True, check=True)
                per_request.append((time.perf_counter() - start) / copies)
        result["in_process_s"] = min(per_request)
        result["copies"] = copies
    if "n_valid_tptn_pairs" in out:
        result["n_valid_tptn_pairs"] = out["n_valid_tptn_pairs"]
        result["count_exact"] = "n_valid_tptn_pairs_lower_bound" not in out
    if callgrind:
        with tempfile.TemporaryDirectory() as tmp:
            done = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", binary, "check", str(path), "--format", "json", *extra],
                capture_output=True, text=True,
            )
            found = re.search(r"Collected : (\d+)", done.stderr)
            result["instructions"] = int(found.group(1)) if found else None
    return result


def show_time(seconds):
    if seconds is None:
        return ""
    if seconds >= 3600:
        return f"≈ {seconds / 3600:.0f} h"
    if seconds >= 1:
        return f"{seconds:.2f} s" if seconds < 10 else f"{seconds:.1f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds * 1e6:.3g} µs"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reference", help="a Python with mlscorecheck==1.0.3")
    parser.add_argument("--scorecheck", default=str(ROOT / "target" / "release" / "scorecheck"))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--highs", help="a scorecheck built with `--features highs`, for the HiGHS rows")
    parser.add_argument("--table", action="store_true", help="only print the table of the last run (side_by_side.json)")
    args = parser.parse_args()
    if args.table:
        print(table(json.loads(OUT.read_text())))
        return
    CASES.mkdir(parents=True, exist_ok=True)
    worker = None
    if args.reference:
        worker = subprocess.Popen([args.reference, __file__, "--worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def reference(path, runs):
        worker.stdin.write(json.dumps({"path": str(path), "runs": runs}) + "\n")
        worker.stdin.flush()
        return json.loads(worker.stdout.readline())

    results = json.loads(OUT.read_text()) if OUT.exists() and args.only else {}
    results["machine"] = {
        "nproc": os.cpu_count(),
        "cpu": next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor()),
        "platform": platform.platform(),
        "arch": platform.machine(),
        "load_at_start": os.getloadavg(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    rows = results.setdefault("rows", {})
    for key, description, cases, how, goal in ROWS:
        if args.only and key not in args.only:
            continue
        if key in HIGHS_ROWS and not args.highs:
            continue
        row = {"description": description, "goal": goal, "cases": {}}
        for name, request in cases.items():
            path = CASES / f"{name}.json"
            path.write_text(json.dumps(request, indent=1) + "\n")
            binary, extra = (args.highs, HIGHS_ROWS[key]) if key in HIGHS_ROWS else (args.scorecheck, [])
            case = {"ours": ours(binary, path, args.runs, args.callgrind and key != "multiclass", extra)}
            if how == "run" and worker:
                case["reference"] = reference(path, 3)
            case["load"] = os.getloadavg()[0]
            row["cases"][name] = case
            print(key, name, json.dumps(case), flush=True)
        row["reference"] = how if isinstance(how, (str, type(None))) else list(how)
        rows[key] = row
        OUT.write_text(json.dumps(results, indent=1) + "\n")
    results["machine"]["load_at_end"] = os.getloadavg()
    OUT.write_text(json.dumps(results, indent=1) + "\n")
    print(table(results))


def table(results):
    rows = results["rows"]
    info = results["machine"]
    arch = info.get("arch") or next((a for a in ("x86_64", "aarch64", "arm64") if a in info.get("platform", "")), "?")
    machine = f"{arch}, {info['cpu']}, {info['nproc']} cores (shared)"
    date = info["date"]
    lines = [
        "| case | reference | scorecheck, whole process | instructions | ratio | scorecheck, per request in one process | ratio | goal | met | method | machine | date |",
        "|---|---:|---:|---:|---:|---:|---:|---|---|---|---|---|",
    ]
    for key, description, _, how, goal in ROWS:
        row = rows.get(key)
        if not row:
            continue
        cases = row["cases"]
        our_times = [c["ours"]["time_s"] for c in cases.values()]
        decided = all(c["ours"]["verdict"] in ("consistent", "inconsistent") for c in cases.values())
        ref_times = [min(c["reference"]["times"]) for c in cases.values() if c.get("reference", {}).get("times")]
        if how == "run":
            ref = max(ref_times) if len(cases) > 1 and ref_times else (ref_times[0] if ref_times else None)
            ref_note = show_time(ref) if len(cases) == 1 else f"{show_time(min(ref_times))}–{show_time(max(ref_times))}" if ref_times else ""
        elif how is None:
            ref, ref_note = None, "cannot"
        elif how[0] == "issue":
            ref, ref_note = how[1], f"{show_time(how[1])} (issue's figure, not run)"
        else:
            base = rows.get(how[1])
            base_times = [min(c["reference"]["times"]) for c in base["cases"].values() if c.get("reference", {}).get("times")] if base else []
            ref = max(base_times) * how[2] if base_times else None
            ref_note = f"{show_time(ref)} (×{how[2]} of the {how[1]} row, not run)" if ref else ""
        ours_time = max(our_times)
        ours_note = show_time(ours_time) if len(cases) == 1 else f"{show_time(min(our_times))}–{show_time(ours_time)}, {'all decided' if decided else 'NOT all decided'}"
        count = next((c["ours"].get("n_valid_tptn_pairs") for c in cases.values() if "n_valid_tptn_pairs" in c["ours"]), None)
        exact = all(c["ours"].get("count_exact", True) for c in cases.values())
        if count is not None and key.startswith("mcc"):
            ours_note += f" (count {count:,}, {'exact' if exact else 'a lower bound'})"
        instructions = [c["ours"].get("instructions") for c in cases.values() if c["ours"].get("instructions")]
        ins = " / ".join(f"{i / 1e6:,.1f} M" for i in instructions)
        ratio = ref / ours_time if ref else None
        ratio_note = f"{ratio:,.0f}" if ratio and ratio >= 10 else f"{ratio:.2f}" if ratio else "—"
        met = goal_met(goal, ratio, ours_time, decided)
        inside = [c["ours"].get("in_process_s") for c in cases.values()]
        if all(inside):
            inside_time = max(inside)
            inside_note = show_time(inside_time) if len(cases) == 1 else f"{show_time(min(inside))}–{show_time(inside_time)}"
            inside_ratio = ref / inside_time if ref else None
            inside_ratio_note = f"{inside_ratio:,.0f}" if inside_ratio and inside_ratio >= 10 else f"{inside_ratio:.2f}" if inside_ratio else "—"
        else:
            inside_note, inside_ratio_note = "", ""
        method = row_method(cases, how, bool(instructions))
        lines.append(f"| {description} | {ref_note} | {ours_note} | {ins} | {ratio_note} | {inside_note} | {inside_ratio_note} | {goal} | {met} | {method} | {machine} | {date} |")
    return "\n".join(lines)


def row_method(cases, how, callgrind):
    """How a row was measured, in one cell."""
    runs = max(len(c["ours"].get("times_s", [])) for c in cases.values())
    parts = [f"release CLI, whole process, least of {runs} runs"]
    copies = [c["ours"].get("copies") for c in cases.values() if c["ours"].get("copies")]
    if copies:
        parts.append(f"per request: `batch` of {max(copies)} copies")
    if callgrind:
        parts.append("instructions: callgrind")
    if how == "run":
        parts.append("reference in-process, least of 3 (import excluded)")
    return "; ".join(parts)


def goal_met(goal, ratio, ours_time, decided):
    found = re.match(r"ratio >= ([\d,]+)", goal)
    if found:
        return "yes" if ratio and ratio >= float(found.group(1).replace(",", "")) else "no"
    if goal.startswith("<= "):
        value, unit = goal[3:].split()
        limit = float(value) * (1e-3 if unit == "ms" else 1)
        return "yes" if ours_time <= limit else "no"
    if goal.startswith("every one decided"):
        return "yes" if decided and ours_time <= 1 else "no"
    return "yes" if ratio and ratio >= 10 else "no"


if __name__ == "__main__":
    if "--worker" in sys.argv:
        reference_worker()
    else:
        main()
