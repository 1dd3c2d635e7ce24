"""Pin fold-enumeration results of mlscorecheck 1.0.3 for scorecheck-folds' tests.

Run with the reference venv from the repository root:
    /work/refvenv/bin/python crates/folds/tools/pin_reference_counts.py
It writes crates/folds/testdata/reference_counts.json: for each case the number of
configurations mlscorecheck's fold_partitioning_generator yields, and a few of them (by index)
so that the enumeration order is pinned as well.
"""

import json
import os

from mlscorecheck.aggregated._fold_enumeration import fold_partitioning_generator

# (p, n, k, p_non_zero, n_non_zero): p_non_zero is True when sens or bacc is reported,
# n_non_zero when spec or bacc is.
CASES = [
    (38, 262, 5, True, True),
    (244, 262, 5, True, True),
    (10, 10, 3, True, True),
    (10, 10, 3, False, False),
    (10, 10, 3, True, False),
    (10, 10, 3, False, True),
    (5, 20, 4, True, True),
    (5, 20, 4, False, False),
    (1, 9, 2, False, False),
    (2, 9, 2, False, True),
    (3, 3, 6, False, False),
    (7, 3, 1, True, True),
    (7, 0, 2, True, False),
    (0, 7, 3, False, True),
    (20, 13, 7, True, True),
    (20, 13, 7, False, False),
    (50, 50, 10, True, True),
    (31, 17, 4, False, True),
    (100, 20, 5, True, True),
    (12, 40, 6, True, False),
    (60, 61, 3, False, False),
]

OUT = os.path.join(os.path.dirname(__file__), "..", "testdata", "reference_counts.json")


def main():
    cases = []
    for p, n, k, p_nz, n_nz in CASES:
        count = 0
        samples = {}
        configs = []
        for ps, _ns in fold_partitioning_generator(p=p, n=n, k=k, p_non_zero=p_nz, n_non_zero=n_nz):
            if count < 3:
                samples[count] = list(ps)
            if count % 997 == 0 and len(configs) < 5:
                configs.append((count, list(ps)))
            last = (count, list(ps))
            count += 1
        for idx, ps in configs:
            samples[idx] = ps
        if count:
            samples[last[0]] = last[1]
        cases.append(
            {
                "p": p,
                "n": n,
                "k": k,
                "require_positive_in_each_fold": p_nz,
                "require_negative_in_each_fold": n_nz,
                "count": count,
                "samples": [{"index": i, "positives": ps} for i, ps in sorted(samples.items())],
            }
        )
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump({"source": "mlscorecheck 1.0.3 fold_partitioning_generator", "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
