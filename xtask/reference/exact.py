"""Exact brute-force ground truth for single-confusion-matrix binary checks.

Used by build_conformance.py, find_reference_errors.py and gen_problems.py.
Pure Python + fractions (numpy only as a *conservative* prefilter, see
``feasible_pairs``); does not import the reference package.

Semantics (the "truth" we compare against)
------------------------------------------
* A (tp, tn) pair with 0 <= tp <= p, 0 <= tn <= n matches a score s with
  reported value v if f_s(tp, tn, p, n) lies in the closed interval
  [v - eps_s - tol, v + eps_s + tol].  v, eps_s and tol (numerical_tolerance,
  default 1e-6) are taken as exact decimals of their shortest textual form
  (0.954 -> Fraction('0.954')).
* Score formulas follow mlscorecheck/scores/scores.json.  Square-root scores
  (gm, fm, mcc, pt) are written as a + b*sqrt(c) with rational a, b, c and
  compared exactly by squaring with sign care.
* Undefined scores: if (tp, tn) is listed in the score's 'nans' entry of
  scores.json, or any denominator of the formula is zero, the score is
  undefined there and the pair does NOT match that score.  kappa follows the
  'nans' list: (tp=0, tn=n) and (tp=p, tn=0) are undefined although the
  formula's denominator is non-zero there.  pt is additionally undefined
  wherever tpr == fpr (zero denominator, 0/0).
* Aliases (tpr, tnr, rec -> sens; prec -> ppv; f1 -> f1p) and complements
  (err = 1-acc, fnr = 1-sens, fpr = 1-spec, fdr = 1-ppv, for_ = 1-npv) are
  supported; complements are evaluated directly (exactly).
* Search: full (p+1)x(n+1) grid with a loose float64 prefilter (never drops
  a true match) then the exact check; for grids above GRID_LIMIT the tn range
  per tp is derived exactly from a linear score (acc/err/spec/fpr/bacc/bm)
  and the tp range from sens/fnr, then the same float prefilter + exact check.
* fbp/fbn need 'beta_positive'/'beta_negative' among the scores (as in the
  reference); those keys are parameters, not scores.
"""

import math
from fractions import Fraction as F

ALIASES = {"tpr": "sens", "tnr": "spec", "prec": "ppv", "rec": "sens", "f1": "f1p"}
COMPLEMENTS = {"err": "acc", "fnr": "sens", "fpr": "spec", "fdr": "ppv", "for_": "npv"}
PARAMS = ("beta_positive", "beta_negative")
NUMERICAL_TOLERANCE = 1e-6
GRID_LIMIT = 8_000_000  # above: anchored enumeration (needs an acc/spec/bacc/bm score)


def frac(x):
    """Exact decimal value of a number as written (shortest repr of a float)."""
    if isinstance(x, F):
        return x
    if isinstance(x, int):
        return F(x)
    return F(repr(float(x)))


def _sign(x):
    return (x > 0) - (x < 0)


def sign_sqrt_expr(d, b, c):
    """Exact sign of d + b*sqrt(c) (c >= 0), all rationals."""
    s1 = _sign(d)
    s2 = _sign(b) if c > 0 else 0
    if s2 == 0:
        return s1
    if s1 == 0 or s1 == s2:
        return s2 if s1 == 0 else s1
    lhs, rhs = d * d, b * b * c
    if lhs > rhs:
        return s1
    if lhs < rhs:
        return s2
    return 0


def score_expr(name, tp, tn, p, n, params=None):
    """Return (a, b, c) with score = a + b*sqrt(c), or None if undefined.

    name must be a base (non-alias, non-complement) score name.
    """
    params = params or {}
    fp, fn = n - tn, p - tp
    tp, tn, p, n, fp, fn = map(F, (tp, tn, p, n, fp, fn))

    def rat(num, den):
        return None if den == 0 else (num / den, F(0), F(0))

    if name == "acc":
        return rat(tp + tn, p + n)
    if name == "sens":
        return rat(tp, p)
    if name == "spec":
        return rat(tn, n)
    if name == "ppv":
        return rat(tp, tp + fp)
    if name == "npv":
        return rat(tn, tn + fn)
    if name == "bacc":
        if p == 0 or n == 0:
            return None
        return (tp / (2 * p) + tn / (2 * n), F(0), F(0))
    if name == "bm":
        if p == 0 or n == 0:
            return None
        return (tp / p + tn / n - 1, F(0), F(0))
    if name == "f1p":
        return rat(2 * tp, tp + p + fp)
    if name == "f1n":
        return rat(2 * tn, tn + n + fn)
    if name == "fbp":
        b2 = frac(params["beta_positive"]) ** 2
        return rat((1 + b2) * tp, tp + b2 * p + fp)
    if name == "fbn":
        b2 = frac(params["beta_negative"]) ** 2
        return rat((1 + b2) * tn, tn + b2 * n + fn)
    if name == "ji":
        return rat(tp, fp + p)
    if name == "upm":
        return rat(4 * tn * tp, tn * (n + p - tn + tp) + tp * (n + p + tn - tp))
    if name == "mk":
        if tp + fp == 0 or tn + fn == 0:
            return None
        return (tp / (tp + fp) + tn / (tn + fn) - 1, F(0), F(0))
    if name == "lrp":
        return rat(n * tp, fp * p)
    if name == "lrn":
        return rat(n * fn, tn * p)
    if name == "dor":
        return rat(tn * tp, fp * fn)
    if name == "kappa":
        if (tn == n and tp == 0) or (tp == p and tn == 0):  # 'nans' list
            return None
        return rat(2 * tn * tp - 2 * fp * fn, n * (fp + tp) + p * (p + tn - tp))
    if name == "gm":
        if p == 0 or n == 0:
            return None
        return (F(0), F(1), tp * tn / (p * n))
    if name == "fm":
        den = p * (fp + tp)
        if den == 0:
            return None
        return (F(0), tp, 1 / den)
    if name == "mcc":
        den = n * p * (tp + fp) * (tn + fn)
        if den == 0:
            return None
        return (F(0), tp * tn - fp * fn, 1 / den)
    if name == "pt":
        if p == 0 or n == 0:
            return None
        tpr, fpr = tp / p, fp / n
        if tpr == fpr:  # covers both 'nans' entries and every other 0/0 point
            return None
        return (-fpr / (tpr - fpr), 1 / (tpr - fpr), tpr * fpr)
    raise ValueError(f"unknown score {name!r}")


def normalize_scores(scores):
    """Split a scores dict into ([(base_name, complemented, value)], params)."""
    items, params = [], {}
    for key, val in scores.items():
        if key in PARAMS:
            params[key] = val
            continue
        name = ALIASES.get(key, key)
        comp = name in COMPLEMENTS
        items.append((COMPLEMENTS.get(name, name), comp, key, val))
    return items, params


def eps_of(eps, key, base):
    if isinstance(eps, dict):
        for k in (key, base):
            if k in eps:
                return frac(eps[k])
        raise KeyError(f"no eps for {key}")
    return frac(eps)


def matches(tp, tn, p, n, items, params, eps, tol):
    for base, comp, key, val in items:
        expr = score_expr(base, tp, tn, p, n, params)
        if expr is None:
            return False
        a, b, c = expr
        if comp:  # 1 - (a + b sqrt c)
            a, b = 1 - a, -b
        e = eps_of(eps, key, base) + tol
        v = frac(val)
        lo, hi = v - e, v + e
        if sign_sqrt_expr(a - lo, b, c) < 0 or sign_sqrt_expr(a - hi, b, c) > 0:
            return False
    return True


def _float_keep(tp, tn, p, n, items, params, eps, tol):
    """Boolean mask over float arrays tp, tn: False only where the pair surely
    fails some score.

    A pair is dropped only if its float value is outside the interval by more
    than 1e-7 * max(1, |value|) -- far beyond float64 rounding of these
    formulas -- so no truly matching pair can be lost.  NaN/inf keep the pair
    (the exact check decides).
    """
    import numpy as np

    P, N = float(p), float(n)
    fp, fn = N - tn, P - tp
    keep = np.ones(tp.shape, dtype=bool)
    with np.errstate(all="ignore"):
        for base, comp, key, val in items:
            if base == "fbp":
                b2 = float(params["beta_positive"]) ** 2
                x = (1 + b2) * tp / (tp + b2 * P + fp)
            elif base == "fbn":
                b2 = float(params["beta_negative"]) ** 2
                x = (1 + b2) * tn / (tn + b2 * N + fn)
            else:
                x = {
                    "acc": lambda: (tp + tn) / (P + N),
                    "sens": lambda: tp / P,
                    "spec": lambda: tn / N,
                    "ppv": lambda: tp / (tp + fp),
                    "npv": lambda: tn / (tn + fn),
                    "bacc": lambda: tp / (2 * P) + tn / (2 * N),
                    "bm": lambda: tp / P + tn / N - 1,
                    "f1p": lambda: 2 * tp / (tp + P + fp),
                    "f1n": lambda: 2 * tn / (tn + N + fn),
                    "ji": lambda: tp / (fp + P),
                    "upm": lambda: 4 * tn * tp / (tn * (N + P - tn + tp) + tp * (N + P + tn - tp)),
                    "mk": lambda: tp / (tp + fp) + tn / (tn + fn) - 1,
                    "lrp": lambda: N * tp / (fp * P),
                    "lrn": lambda: N * fn / (tn * P),
                    "dor": lambda: tn * tp / (fp * fn),
                    "kappa": lambda: (2 * tn * tp - 2 * fp * fn) / (N * (fp + tp) + P * (P + tn - tp)),
                    "gm": lambda: np.sqrt(tp * tn / (P * N)),
                    "fm": lambda: tp / np.sqrt(P * (fp + tp)),
                    "mcc": lambda: (tp * tn - fp * fn) / np.sqrt(N * P * (tp + fp) * (tn + fn)),
                    "pt": lambda: (np.sqrt((tp / P) * (fp / N)) - fp / N) / (tp / P - fp / N),
                }[base]()
            if comp:
                x = 1 - x
            e = float(eps_of(eps, key, base) + tol)
            v = float(val)
            margin = 1e-7 * np.maximum(1.0, np.abs(x))
            bad = np.isfinite(x) & ((x < v - e - margin) | (x > v + e + margin))
            keep &= ~bad
    return keep


def _float_prefilter(p, n, items, params, eps, tol):
    """Candidate pairs of the full (p+1) x (n+1) grid (None without numpy)."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover
        return None
    tp, tn = np.meshgrid(np.arange(p + 1, dtype=float), np.arange(n + 1, dtype=float), indexing="ij")
    idx = np.argwhere(_float_keep(tp, tn, p, n, items, params, eps, tol))
    return [(int(a), int(b)) for a, b in idx]


# scores linear in tn for fixed tp: value = A(tp) + B * tn
def _tn_linear(base, comp, tp, p, n):
    tp, p, n = F(tp), F(p), F(n)
    if n == 0 or p == 0:
        return None
    a, b = {
        "acc": (tp / (p + n), 1 / (p + n)),
        "spec": (F(0), 1 / n),
        "bacc": (tp / (2 * p), 1 / (2 * n)),
        "bm": (tp / p - 1, 1 / n),
    }.get(base, (None, None))
    if a is None:
        return None
    return (1 - a, -b) if comp else (a, b)


def _solve_linear(a, b, lo, hi, top):
    """Integers x in [0, top] with lo <= a + b*x <= hi (b != 0)."""
    x1, x2 = (lo - a) / b, (hi - a) / b
    if x1 > x2:
        x1, x2 = x2, x1
    return max(0, math.ceil(x1)), min(top, math.floor(x2))


def _anchored_candidates(p, n, items, eps, tol):
    """Candidate pairs for large p, n: tp range from sens/fnr, tn range per tp
    from acc/err/spec/fpr/bacc/bm (exact interval inversion); None if no
    tn-anchor exists."""
    tp_lo, tp_hi = 0, p
    for base, comp, key, val in items:
        if base == "sens":
            e, v = eps_of(eps, key, base) + tol, frac(val)
            a, b = (F(1), -1 / F(p)) if comp else (F(0), 1 / F(p))
            lo, hi = _solve_linear(a, b, v - e, v + e, p)
            tp_lo, tp_hi = max(tp_lo, lo), min(tp_hi, hi)
    anchors = [it for it in items if it[0] in ("acc", "spec", "bacc", "bm")]
    if not anchors:
        return None
    out = []
    for tp in range(tp_lo, tp_hi + 1):
        lo_tn, hi_tn = 0, n
        for base, comp, key, val in anchors:
            e, v = eps_of(eps, key, base) + tol, frac(val)
            a, b = _tn_linear(base, comp, tp, p, n)
            lo, hi = _solve_linear(a, b, v - e, v + e, n)
            lo_tn, hi_tn = max(lo_tn, lo), min(hi_tn, hi)
        if lo_tn <= hi_tn:
            out.append((tp, lo_tn, hi_tn))
    return out


def feasible_pairs(p, n, scores, eps, numerical_tolerance=NUMERICAL_TOLERANCE, limit=None):
    """All (tp, tn) pairs exactly consistent with the scores (sorted)."""
    items, params = normalize_scores(scores)
    tol = frac(numerical_tolerance)
    if (p + 1) * (n + 1) <= GRID_LIMIT:
        cands = _float_prefilter(p, n, items, params, eps, tol)
        if cands is None:
            cands = ((tp, tn) for tp in range(p + 1) for tn in range(n + 1))
    else:
        import numpy as np

        ranges = _anchored_candidates(p, n, items, eps, tol)
        if ranges is None:
            raise NotImplementedError("large p, n without an acc/spec/bacc/bm score")
        tps = np.concatenate([np.full(hi - lo + 1, tp, dtype=float) for tp, lo, hi in ranges] or [np.zeros(0)])
        tns = np.concatenate([np.arange(lo, hi + 1, dtype=float) for tp, lo, hi in ranges] or [np.zeros(0)])
        keep = _float_keep(tps, tns, p, n, items, params, eps, tol)
        cands = [(int(a), int(b)) for a, b in zip(tps[keep], tns[keep])]
    out = []
    for tp, tn in cands:
        if matches(tp, tn, p, n, items, params, eps, tol):
            out.append((tp, tn))
            if limit is not None and len(out) >= limit:
                break
    return out


def som_totals(items):
    """Totals (p, n) for SoM aggregation of a list of {'p','n'} (with optional
    'n_repeats' multiplier)."""
    P = sum(it["p"] * it.get("n_repeats", 1) for it in items)
    N = sum(it["n"] * it.get("n_repeats", 1) for it in items)
    return P, N


if __name__ == "__main__":  # tiny self-check: the paper's example
    pairs = feasible_pairs(1000, 6000, {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, 1e-4)
    print(pairs)
    assert pairs == [(743, 4031), (743, 4032)], pairs
