"""Times score_analysis on the work of `benches/benches/eval.rs`, on the very same scores.

Usage (from the workspace root, with score-analysis installed, e.g. in /work/venv-eval):

    /work/venv-eval/bin/python benches/reference/time_eval.py [1e4 1e5 1e6]

The scores are drawn with the bench's counter-based splitmix64 generator (vectorised here
with numpy's wrapping uint64 arithmetic) and summed in the same order, so they are
bit-identical to ours; the AUC and EER printed can be compared with the bench's output.
Each case is timed in-process (import and data generation excluded), best of several runs.
"""

import platform
import sys
import time
from importlib.metadata import version

import numpy as np
from score_analysis import Scores

GAMMA = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)


def uniforms(seed, indices):
    """The bench's `uniform(seed, index)` for every index."""
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + (indices.astype(np.uint64) + np.uint64(1)) * GAMMA
        z = (z ^ (z >> np.uint64(30))) * M1
        z = (z ^ (z >> np.uint64(27))) * M2
        z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) / float(1 << 53)


def scores(seed, count, shift):
    i = np.arange(count, dtype=np.uint64)
    three = np.uint64(3)
    return (
        uniforms(seed, three * i)
        + uniforms(seed, three * i + np.uint64(1))
        + uniforms(seed, three * i + np.uint64(2))
        + shift
    )


def best_of(function, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def every_metric(s, thresholds):
    """Confusion matrices at every threshold and every rate score_analysis's matrix has."""
    cm = s.cm(thresholds)
    return [
        cm.accuracy(),
        cm.error_rate(),
        cm.tpr(),
        cm.tnr(),
        cm.fpr(),
        cm.fnr(),
        cm.topr(),
        cm.tonr(),
        cm.ppv(),
        cm.npv(),
        cm.fdr(),
        cm.for_(),
    ]


def main():
    sizes = [int(float(a)) for a in sys.argv[1:]] or [10_000, 100_000, 1_000_000]
    print(f"python {platform.python_version()}, numpy {np.__version__}, "
          f"score_analysis {version('score-analysis')}")
    thresholds = -0.5 + 4.6 * np.arange(1000, dtype=np.float64) / 999.0
    for size in sizes:
        pos, neg = scores(1, size // 2, 0.6), scores(2, size // 2, 0.0)
        s = Scores(pos, neg)
        threshold, eer = s.eer()
        print(f"eval/{size:.0e}: auc {s.auc()} eer {eer} at {threshold}")
        runs = 5 if size <= 100_000 else 3
        cases = {
            "new": lambda: Scores(pos, neg),
            "matrices_1000": lambda: s.cm(thresholds),
            "thresholds_1000": lambda: every_metric(s, thresholds),
            "auc": lambda: s.auc(),
            "eer": lambda: s.eer(),
        }
        for name, function in cases.items():
            seconds = best_of(function, runs)
            print(f"eval/{size:.0e}/{name}: {seconds * 1e3:.3f} ms (best of {runs})", flush=True)


if __name__ == "__main__":
    main()
