"""Pin scikit-learn's StratifiedKFold per-fold class counts for scorecheck-folds' tests.

Run with the reference venv from the repository root:
    /work/refvenv/bin/python crates/folds/tools/pin_stratified.py
It writes crates/folds/testdata/stratified_sklearn.json, one case per line:
  counts: class counts in order of first appearance in y (label i is class i; zero counts
          simply do not occur in y), k: n_splits,
  folds:  per-fold class counts of the test sets, or null when scikit-learn raises ValueError,
  reference_binary: for two classes [n, p], mlscorecheck's own stratified_configurations_sklearn(p, n, k)
          as [p, n] per fold (the reference labels negatives 0 and positives 1).
"""

import json
import os
import random
import warnings

import numpy as np
from sklearn.model_selection import StratifiedKFold

from mlscorecheck.aggregated._folding_utils import stratified_configurations_sklearn

OUT = os.path.join(os.path.dirname(__file__), "..", "testdata", "stratified_sklearn.json")


def sklearn_folds(counts, k):
    labels = np.hstack([np.repeat(label, c) for label, c in enumerate(counts)]).astype(int)
    try:
        splitter = StratifiedKFold(n_splits=k)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return [
                [int(v) for v in np.bincount(labels[test], minlength=len(counts))]
                for _, test in splitter.split(labels.reshape(-1, 1), labels)
            ]
    except ValueError:
        return None


def main():
    rng = random.Random(20261122)
    cases = []
    for i in range(2400):
        classes = 2 if i < 1200 else rng.randint(1, 5)
        scale = rng.choice([3, 10, 30, 200])
        counts = [rng.randint(0 if rng.random() < 0.1 else 1, scale) for _ in range(classes)]
        if sum(counts) == 0:
            counts[0] = 1
        k = rng.randint(1, min(12, sum(counts) + 2))
        case = {"counts": counts, "k": k, "folds": sklearn_folds(counts, k)}
        if classes == 2 and case["folds"] is not None:
            n, p = counts
            case["reference_binary"] = [
                [pp, nn] for nn, pp in stratified_configurations_sklearn(p=p, n=n, n_splits=k)
            ]
        cases.append(case)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("[\n")
        f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in cases))
        f.write("\n]\n")


if __name__ == "__main__":
    main()
