"""Times NannyML 0.13.1's CBPE on the work of `benches/benches/cbpe.rs`, on the same rows.

Usage (from the workspace root, with nannyml==0.13.1 installed, e.g. in /work/venv-cbpe):

    NML_DISABLE_USAGE_LOGGING=1 /work/venv-cbpe/bin/python benches/reference/time_cbpe.py [1e4 1e5 1e6]

The rows are drawn with the bench's counter-based splitmix64 generator (vectorised with
numpy's wrapping uint64 arithmetic), so they are bit-identical to ours: uniform probabilities,
predictions at 0.5, labels drawn from the probabilities.
Both sides estimate NannyML's seven binary metrics with ten chunks of `rows / 10`
(`chunk_size`); fit and estimate are timed in-process (import and data generation excluded),
best of several runs.
"""

import os
import platform
import sys
import time

os.environ.setdefault("NML_DISABLE_USAGE_LOGGING", "1")

import nannyml  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

GAMMA = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
METRICS = ["roc_auc", "f1", "precision", "recall", "specificity", "accuracy", "average_precision"]


def uniforms(seed, count):
    """The bench's `uniform(seed, index)` for index 0..count."""
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + (np.arange(count, dtype=np.uint64) + np.uint64(1)) * GAMMA
        z = (z ^ (z >> np.uint64(30))) * M1
        z = (z ^ (z >> np.uint64(27))) * M2
        z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) / float(1 << 53)


def sample(seed, rows):
    p = uniforms(seed, rows)
    return pd.DataFrame(
        {
            "y_pred_proba": p,
            "y_pred": (p >= 0.5).astype(int),
            "y_true": (uniforms(seed + 1, rows) < p).astype(int),
        }
    )


def best_of(function, runs):
    """The shortest of `runs` wall-clock times and the last result."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def estimator(rows):
    return nannyml.CBPE(
        y_pred_proba="y_pred_proba",
        y_pred="y_pred",
        y_true="y_true",
        problem_type="classification_binary",
        metrics=METRICS,
        chunk_size=rows // 10,
    )


def main():
    sizes = [int(float(a)) for a in sys.argv[1:]] or [10_000, 100_000, 1_000_000]
    print(f"python {platform.python_version()}, numpy {np.__version__}, nannyml {nannyml.__version__}")
    for size in sizes:
        reference, analysis = sample(1, size), sample(3, size)
        runs = 5 if size <= 100_000 else 3
        fit, fitted = best_of(lambda: estimator(size).fit(reference), runs)
        print(f"cbpe/{size:.0e}/fit: {fit * 1e3:.1f} ms (best of {runs})", flush=True)
        est, result = best_of(lambda: fitted.estimate(analysis), runs)
        print(f"cbpe/{size:.0e}/estimate: {est * 1e3:.1f} ms (best of {runs})", flush=True)
        chunks = result.filter(period="analysis").to_df()
        print(f"cbpe/{size:.0e}: calibrated {fitted.needs_calibration}, {len(chunks)} analysis chunks")


if __name__ == "__main__":
    main()
