#!/usr/bin/env python3
"""Write N random single-matrix requests with their exact truth (JSON Lines).

Usage (from the workspace root):
    /work/refvenv/bin/python xtask/reference/gen_problems.py N [--seed S] > problems.jsonl

Each line is a request in our CLI format plus "id" and "truth":
    {"id": "gen-S-i", "check": "1_testset_no_kfold" | "n_testsets_som_no_kfold",
     "testset(s)": ..., "scores": {...}, "eps": ..., "truth": {"inconsistency": bool,
     "n_valid_tptn_pairs": int}}
Problems are drawn like in find_reference_errors.py (random p, n <= 200, a true
(tp, tn), 1-4 random scores rounded to 2-4 decimals, sometimes perturbed);
about 15% are re-expressed as n_testsets_som_no_kfold by splitting p and n over
2-3 testsets (SoM = one matrix with the summed counts).  The truth comes from
exact.py (exact Fractions; undefined score => no match).  Feed the output to
run_reference.py and to our CLI (both ignore/strip "id" and "truth") and
classify disagreements with "truth" (cargo xtask diff-reference).
Deterministic for a given (N, seed).  Needs only numpy (optional) + stdlib.
"""

import argparse
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import exact  # noqa: E402
from find_reference_errors import gen_problem  # noqa: E402


def split(total, parts, rng):
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    bounds = [0] + cuts + [total]
    return [b - a for a, b in zip(bounds, bounds[1:])]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", type=int)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    i = 0
    while i < args.n:
        prob = gen_problem(rng)
        if prob is None:
            continue
        req, _, _ = prob
        p, n = req["testset"]["p"], req["testset"]["n"]
        pairs = exact.feasible_pairs(p, n, req["scores"], req["eps"])
        if rng.random() < 0.15 and p >= 3 and n >= 3:
            k = rng.randint(2, 3)
            ps, ns = split(p, k, rng), split(n, k, rng)
            del req["testset"]
            req = {"check": "n_testsets_som_no_kfold",
                   "testsets": [{"p": a, "n": b} for a, b in zip(ps, ns)], **req}
            req["check"] = "n_testsets_som_no_kfold"
        line = {"id": f"gen-{args.seed}-{i}", **req,
                "truth": {"inconsistency": len(pairs) == 0, "n_valid_tptn_pairs": len(pairs)}}
        print(json.dumps(line))
        i += 1


if __name__ == "__main__":
    main()
