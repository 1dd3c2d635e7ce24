//! Binary mean-of-scores checks against brute force over every per-fold (tp, tn).
//!
//! Small folds, every linear score, reported figures rounded from a true configuration and
//! sometimes shifted, optional fold- and dataset-level bounds; the verdict of every
//! mean-of-scores protocol must equal the exhaustive answer, on every backend compiled in.

use std::collections::BTreeSet;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use scorecheck::algebra::{parse_decimal, Score};
use scorecheck::{run, RunOptions};
use serde_json::{json, Map, Value};

/// The scores a mean of per-fold scores can be checked on: those linear in (tp, tn).
fn linear_scores() -> Vec<Score> {
    Score::ALL
        .iter()
        .copied()
        .filter(|s| s.is_linear())
        .collect()
}

fn q(num: u64, den: u64) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}

/// The score of one fold, by its textbook formula.
fn score(score: Score, tp: u64, tn: u64, p: u64, n: u64) -> BigRational {
    let sens = q(tp, p);
    let spec = q(tn, n);
    let one = BigRational::one();
    match score {
        Score::Acc => q(tp + tn, p + n),
        Score::Err => one - q(tp + tn, p + n),
        Score::Sens => sens,
        Score::Fnr => one - sens,
        Score::Spec => spec,
        Score::Fpr => one - spec,
        Score::Bacc => (sens + spec) / BigRational::from_integer(2.into()),
        Score::Bm => sens + spec - one,
        other => unreachable!("{other} is not linear"),
    }
}

/// A closed interval of exact values.
#[derive(Clone, Debug)]
struct Range {
    score: Score,
    lower: BigRational,
    upper: BigRational,
}

impl Range {
    fn holds(&self, x: &BigRational) -> bool {
        *x >= self.lower && *x <= self.upper
    }
}

/// One generated problem: datasets of folds (p, n), a true (tp, tn) per fold.
#[derive(Clone, Debug)]
struct Case {
    datasets: Vec<Vec<(u64, u64)>>,
    truth: Vec<Vec<(u64, u64)>>,
    /// (score index, decimals shift in units of the last decimal)
    reported: Vec<(usize, i64)>,
    decimals: usize,
    fold_bound: Option<(usize, u8, u8)>,
    dataset_bound: Option<(usize, u8, u8)>,
}

fn case() -> impl Strategy<Value = Case> {
    let fold = (1u64..=4, 1u64..=4);
    (
        prop::collection::vec(prop::collection::vec(fold, 1..=2), 1..=2),
        prop::collection::vec(
            (0usize..8, prop_oneof![3 => Just(0i64), 1 => -3i64..=3]),
            1..=3,
        ),
        1usize..=3,
        prop::option::weighted(0.3, (0usize..8, 0u8..=10, 0u8..=10)),
        prop::option::weighted(0.3, (0usize..8, 0u8..=10, 0u8..=10)),
        any::<u64>(),
    )
        .prop_map(
            |(datasets, reported, decimals, fold_bound, dataset_bound, seed)| {
                let mut state = seed;
                let mut below = |m: u64| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (state >> 33) % m
                };
                let truth = datasets
                    .iter()
                    .map(|folds| {
                        folds
                            .iter()
                            .map(|&(p, n)| (below(p + 1), below(n + 1)))
                            .collect()
                    })
                    .collect();
                Case {
                    datasets,
                    truth,
                    reported,
                    decimals,
                    fold_bound,
                    dataset_bound,
                }
            },
        )
}

fn tenths(lo: u8, hi: u8) -> (BigRational, BigRational) {
    let (lo, hi) = (lo.min(hi), lo.max(hi));
    (q(lo.into(), 10), q(hi.into(), 10))
}

/// The mean over datasets of the mean over folds of `s`, for per-fold matrices `m`.
fn mean(s: Score, datasets: &[Vec<(u64, u64)>], m: &[Vec<(u64, u64)>]) -> BigRational {
    let mut total = BigRational::zero();
    for (folds, cells) in datasets.iter().zip(m) {
        let mut sum = BigRational::zero();
        for (&(p, n), &(tp, tn)) in folds.iter().zip(cells) {
            sum += score(s, tp, tn, p, n);
        }
        total += sum / BigRational::from_integer(BigInt::from(folds.len()));
    }
    total / BigRational::from_integer(BigInt::from(datasets.len()))
}

/// Rounds `x` to `decimals` and shifts it by `shift` units of the last decimal.
fn report(x: &BigRational, decimals: usize, shift: i64) -> String {
    let unit = 10f64.powi(-(decimals as i32));
    let f = x.numer().to_string().parse::<f64>().unwrap()
        / x.denom().to_string().parse::<f64>().unwrap();
    format!("{:.*}", decimals, (f + shift as f64 * unit).clamp(0.0, 1.0))
}

/// Every assignment of (tp, tn) to the folds of `datasets`.
fn assignments(datasets: &[Vec<(u64, u64)>]) -> Vec<Vec<Vec<(u64, u64)>>> {
    let mut out: Vec<Vec<Vec<(u64, u64)>>> = vec![vec![Vec::new(); datasets.len()]];
    for (d, folds) in datasets.iter().enumerate() {
        for &(p, n) in folds {
            let mut next = Vec::with_capacity(out.len() * ((p + 1) * (n + 1)) as usize);
            for partial in &out {
                for tp in 0..=p {
                    for tn in 0..=n {
                        let mut m = partial.clone();
                        m[d].push((tp, tn));
                        next.push(m);
                    }
                }
            }
            out = next;
        }
    }
    out
}

/// The exhaustive answer: does any assignment satisfy every window and bound?
fn brute_force(
    datasets: &[Vec<(u64, u64)>],
    windows: &[Range],
    fold_bound: Option<&Range>,
    dataset_bound: Option<&Range>,
) -> bool {
    assignments(datasets).iter().any(|m| {
        let folds_ok = fold_bound.is_none_or(|b| {
            datasets.iter().zip(m).all(|(folds, cells)| {
                folds
                    .iter()
                    .zip(cells)
                    .all(|(&(p, n), &(tp, tn))| b.holds(&score(b.score, tp, tn, p, n)))
            })
        });
        let datasets_ok = dataset_bound.is_none_or(|b| {
            datasets.iter().zip(m).all(|(folds, cells)| {
                b.holds(&mean(
                    b.score,
                    std::slice::from_ref(folds),
                    std::slice::from_ref(cells),
                ))
            })
        });
        folds_ok && datasets_ok && windows.iter().all(|w| w.holds(&mean(w.score, datasets, m)))
    })
}

fn folds_json(folds: &[(u64, u64)]) -> Value {
    Value::Array(
        folds
            .iter()
            .map(|&(p, n)| json!({"p": p, "n": n}))
            .collect(),
    )
}

fn bounds_json(b: &Range) -> Value {
    let text = |x: &BigRational| {
        format!(
            "{:.1}",
            x.numer().to_string().parse::<f64>().unwrap()
                / x.denom().to_string().parse::<f64>().unwrap()
        )
    };
    json!({ b.score.abbreviation(): [text(&b.lower).parse::<f64>().unwrap(), text(&b.upper).parse::<f64>().unwrap()] })
}

fn verdict(request: &Value, backend: &str) -> bool {
    let mut request = request.clone();
    request["backend"] = json!(backend);
    let result = run(&request, &RunOptions::default()).unwrap_or_else(|e| panic!("{request}: {e}"));
    match result["inconsistency"] {
        Value::Bool(b) => b,
        _ => panic!("undecided: {result}"),
    }
}

fn backends() -> Vec<&'static str> {
    let mut all = vec!["pure"];
    if cfg!(feature = "highs") {
        all.push("highs");
    }
    if cfg!(feature = "cbc") {
        all.push("cbc");
    }
    if cfg!(feature = "microlp") {
        all.push("microlp");
    }
    all
}

fn compare(case: &Case) {
    assert_eq!(
        linear_scores().len(),
        8,
        "the strategy draws indices below 8"
    );
    let eps = format!("{:.*}", case.decimals, 10f64.powi(-(case.decimals as i32)));
    let tol = parse_decimal("0.000001").unwrap();
    let e = parse_decimal(&eps).unwrap() + &tol;
    let mut seen = BTreeSet::new();
    let mut scores = Map::new();
    let mut windows = Vec::new();
    for &(i, shift) in &case.reported {
        let s = linear_scores()[i];
        if !seen.insert(s) {
            continue;
        }
        let text = report(&mean(s, &case.datasets, &case.truth), case.decimals, shift);
        let v = parse_decimal(&text).unwrap();
        windows.push(Range {
            score: s,
            lower: &v - &e,
            upper: &v + &e,
        });
        scores.insert(s.abbreviation().to_string(), Value::String(text));
    }
    let range = |b: Option<(usize, u8, u8)>| {
        b.map(|(i, lo, hi)| {
            let (lower, upper) = tenths(lo, hi);
            Range {
                score: linear_scores()[i],
                lower,
                upper,
            }
        })
    };
    let fold_bound = range(case.fold_bound);
    let dataset_bound = range(case.dataset_bound);
    let mut requests = Vec::new();
    // Every dataset's folds as its own evaluation.
    let mut evaluations = Vec::new();
    for folds in &case.datasets {
        let (p, n) = folds.iter().fold((0, 0), |(a, b), &(p, n)| (a + p, b + n));
        let mut e = json!({"dataset": {"p": p, "n": n}, "folding": {"folds": folds_json(folds)}});
        if let Some(b) = &fold_bound {
            e["fold_score_bounds"] = bounds_json(b);
        }
        evaluations.push(e);
    }
    let mut nested = json!({"check": "n_datasets_mos_known_folds_mos", "evaluations": evaluations, "scores": scores, "eps": eps});
    if let Some(b) = &dataset_bound {
        nested["dataset_score_bounds"] = bounds_json(b);
    }
    requests.push((
        nested,
        fold_bound.clone(),
        dataset_bound.clone(),
        case.datasets.clone(),
    ));
    if case.datasets.len() == 1 {
        // One dataset: the known-folds protocol; its dataset bound is the experiment's.
        let folds = &case.datasets[0];
        let (p, n) = folds.iter().fold((0, 0), |(a, b), &(p, n)| (a + p, b + n));
        let mut single = json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": p, "n": n}, "folding": {"folds": folds_json(folds)}, "scores": scores, "eps": eps});
        if let Some(b) = &fold_bound {
            single["fold_score_bounds"] = bounds_json(b);
        }
        requests.push((single, fold_bound.clone(), None, case.datasets.clone()));
    }
    // Every fold as a testset of its own.
    let testsets: Vec<(u64, u64)> = case.datasets.iter().flatten().copied().collect();
    let as_datasets: Vec<Vec<(u64, u64)>> = testsets.iter().map(|&f| vec![f]).collect();
    let mut flat = json!({"check": "n_testsets_mos_no_kfold", "testsets": folds_json(&testsets), "scores": scores, "eps": eps});
    if let Some(b) = &fold_bound {
        flat["testset_score_bounds"] = bounds_json(b);
    }
    requests.push((flat, fold_bound.clone(), None, as_datasets));
    for (request, fold_bound, dataset_bound, datasets) in requests {
        let truth = !brute_force(
            &datasets,
            &windows,
            fold_bound.as_ref(),
            dataset_bound.as_ref(),
        );
        for backend in backends() {
            assert_eq!(verdict(&request, backend), truth, "{backend} on {request}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn mean_of_scores_matches_brute_force(case in case()) {
        compare(&case);
    }
}
