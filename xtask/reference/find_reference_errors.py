#!/usr/bin/env python3
"""Search for inputs on which the reference's check_1_testset_no_kfold errs.

Usage (from the workspace root):
    /work/refvenv/bin/python xtask/reference/find_reference_errors.py \
        [--seed 20261122] [--trials 6000] [--max 30] [--write] 2>/dev/null

Each trial draws p, n (1..200, sometimes tiny), a true (tp, tn) (sometimes at
the edges 0/p, 0/n), a random subset of 1-4 scores from ALL_SCORES, computes
their exact values, rounds them to 2-4 decimals (eps = 10**-k or 0.5*10**-k)
and sometimes perturbs one value by a few units.  The reference verdict is
compared with the exact brute force of exact.py (Fractions; undefined score
at (tp, tn) => that pair does not match; 'nans' lists of scores.json and zero
denominators define "undefined"; kappa follows its 'nans' list).

A disagreement is one of
  * false_inconsistency: reference says inconsistent, some (tp, tn) fits;
  * false_consistency:   reference says consistent, no (tp, tn) fits;
  * undefined_accepted:  reference says consistent only through a (tp, tn)
                         where a reported score is undefined (0/0); the
                         reference skips undefined scores, we do not match;
  * crash:               reference raises (e.g. kappa together with pt).
At most --max are kept, with per-kind quotas (QUOTA) for variety.  With
--write they replace the "deliberate_difference" lines of
testdata/binary_single.jsonl (documented examples are kept).
Deterministic for a given --seed/--trials.
"""

import argparse
import json
import logging
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import exact  # noqa: E402
import run_reference  # noqa: E402

ALL_SCORES = ["acc", "sens", "spec", "ppv", "npv", "bacc", "f1p", "f1n", "fbp", "fbn", "fm", "upm", "gm",
              "mk", "lrp", "lrn", "mcc", "bm", "pt", "dor", "ji", "kappa", "err", "fpr", "fnr"]
# scores the brief asks to exercise more often (non-linear / often undefined)
HEAVY = ["dor", "pt", "lrp", "lrn", "kappa", "mcc", "fm", "gm", "upm", "mk", "ji"]


def true_value(name, tp, tn, p, n, params):
    """Float of the exact score value (None if undefined) for rounding."""
    items, _ = exact.normalize_scores({name: 0})
    base, comp, _, _ = items[0]
    expr = exact.score_expr(base, tp, tn, p, n, params)
    if expr is None:
        return None
    a, b, c = expr
    if b == 0 or c == 0:
        val = a
        if comp:
            val = 1 - val
        return float(val)
    # a + b*sqrt(c) with high precision via integer sqrt of scaled fraction
    scale = 10 ** 30
    root = math.isqrt(int(c * scale * scale)) / scale
    val = float(a) + float(b) * root
    return 1 - val if comp else val


def gen_problem(rng):
    if rng.random() < 0.2:
        p, n = rng.randint(1, 12), rng.randint(1, 12)
    else:
        p, n = rng.randint(1, 200), rng.randint(1, 200)
    tp = rng.choice([0, p, rng.randint(0, p)]) if rng.random() < 0.25 else rng.randint(0, p)
    tn = rng.choice([0, n, rng.randint(0, n)]) if rng.random() < 0.25 else rng.randint(0, n)
    k = rng.choice([2, 3, 4])
    n_scores = rng.randint(1, 4)
    pool = HEAVY if rng.random() < 0.6 else ALL_SCORES
    names = rng.sample(pool, min(n_scores, len(pool)))
    params = {}
    if "fbp" in names:
        params["beta_positive"] = rng.choice([0.5, 1, 2])
    if "fbn" in names:
        params["beta_negative"] = rng.choice([0.5, 1, 2])
    scores = {}
    for name in names:
        val = true_value(name, tp, tn, p, n, params)
        if val is None or not math.isfinite(val):
            continue
        scores[name] = round(val, k)
    if not scores:
        return None
    perturbed = None
    if rng.random() < 0.35:
        perturbed = rng.choice(sorted(scores))
        scores[perturbed] = round(scores[perturbed] + rng.choice([-3, -2, -1, 1, 2, 3]) * 10 ** -k, k)
    eps = 10 ** -k if rng.random() < 0.6 else 0.5 * 10 ** -k
    eps = float(f"{eps:.1g}")
    scores.update(params)
    req = {"check": "1_testset_no_kfold", "testset": {"p": p, "n": n}, "scores": scores, "eps": eps}
    return req, (tp, tn), perturbed


def undefined_at(req, pair):
    """Scores of the request that are undefined at (tp, tn) = pair."""
    p, n = req["testset"]["p"], req["testset"]["n"]
    items, params = exact.normalize_scores(req["scores"])
    return [key for base, _, key, _ in items if exact.score_expr(base, pair[0], pair[1], p, n, params) is None]


def classify(req, ref):
    p, n = req["testset"]["p"], req["testset"]["n"]
    pairs = exact.feasible_pairs(p, n, req["scores"], req["eps"])
    truth = len(pairs) == 0
    if "error" in ref:
        return "crash", pairs, f"reference crashes ({ref['error'][:120]}); truth: " + (
            "inconsistent" if truth else f"consistent, e.g. (tp, tn) = {pairs[0]}")
    if ref["inconsistency"] and not truth:
        return "false_inconsistency", pairs, (
            f"reference reports inconsistency but (tp, tn) = {pairs[0]} satisfies every score exactly "
            f"({len(pairs)} valid pairs)")
    if not ref["inconsistency"] and truth:
        ev = (ref.get("result") or {}).get("evidence")
        if ev is not None:
            pair = (int(ev["tp"]), int(ev["tn"]))
            und = undefined_at(req, pair)
            if und:
                return "undefined_accepted", pairs, (
                    f"reference reports consistency via (tp, tn) = {pair} where {', '.join(und)} "
                    f"is undefined (nans list / zero denominator): it treats an undefined score as matching any value; "
                    f"truth convention: undefined => no match, and no other (tp, tn) fits")
            return "false_consistency", pairs, (
                f"reference reports consistency (evidence (tp, tn) = {pair}) but no (tp, tn) "
                f"satisfies every score exactly")
        return "false_consistency", pairs, "reference reports consistency but no (tp, tn) satisfies every score"
    return None, pairs, None


QUOTA = {"false_consistency": 0.5, "undefined_accepted": 0.25, "crash": 0.1, "false_inconsistency": 1.0}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--trials", type=int, default=6000)
    ap.add_argument("--max", type=int, default=30)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    logging.disable(logging.CRITICAL)
    os.dup2(2, 1)
    rng = random.Random(args.seed)
    found, per_group, kinds = [], {}, {}
    for trial in range(args.trials):
        prob = gen_problem(rng)
        if prob is None:
            continue
        req, (tp, tn), perturbed = prob
        ref = run_reference.run_safe(req, full=True)
        kind, pairs, reason = classify(req, ref)
        ref.pop("result", None)
        if kind is None:
            continue
        kinds[kind] = kinds.get(kind, 0) + 1
        # variety: per-kind quotas, crashes further split by message
        group = kind if kind != "crash" else (kind, ref["error"][:40])
        if per_group.get(group, 0) >= QUOTA[kind] * args.max or len(found) >= args.max:
            continue
        per_group[group] = per_group.get(group, 0) + 1
        line = {
            "name": f"refdiff_{args.seed}_{trial}",
            "source": f"xtask/reference/find_reference_errors.py --seed {args.seed} (trial {trial})",
            "request": req,
            "expected": {"inconsistency": len(pairs) == 0, "n_valid_tptn_pairs": len(pairs)},
            "expected_source": "exact brute force",
            "reference": ref,
            "deliberate_difference": reason,
            "note": f"generated from (tp, tn) = ({tp}, {tn})"
                    + (f", {perturbed} perturbed" if perturbed else "") + f"; kind: {kind}",
        }
        found.append(line)
        print(f"[{trial}] {kind}: {json.dumps(req)} -> {reason}", file=sys.stderr)
    print(f"trials={args.trials} disagreements by kind={kinds} kept={len(found)}", file=sys.stderr)
    if args.write:
        path = os.path.join(HERE, "..", "..", "testdata", "binary_single.jsonl")
        with open(path, encoding="utf-8") as fh:
            lines = [json.loads(x) for x in fh if x.strip()]
        lines = [x for x in lines if "deliberate_difference" not in x] + found
        with open(path, "w", encoding="utf-8") as fh:
            for obj in lines:
                fh.write(json.dumps(obj) + "\n")


if __name__ == "__main__":
    main()
