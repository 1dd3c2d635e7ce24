//! The mean of per-fold AUCs in the mean-of-scores protocols against brute force over every
//! per-fold (tp, tn) and every achievable AUC value k/(2pn) of each fold.
//!
//! Tiny experiments (1 to 3 folds, p, n ≤ 4, in one or two datasets), reported acc, sens,
//! spec and bacc rounded from a true configuration and sometimes shifted, and an AUC from a
//! true choice of k per fold, rounded and sometimes shifted; eps one number or one per score.
//! Each of the three protocols that take the AUC must give the exhaustive answer (never
//! undecided on cases this small), and a consistent answer's witness must hold exactly.

use std::collections::{BTreeMap, BTreeSet};

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use scorecheck::algebra::{parse_decimal, Score};
use scorecheck::{run, RunOptions};
use serde_json::{json, Map, Value};

/// Datasets, each a list of folds (p, n).
type Datasets = Vec<Vec<(i64, i64)>>;

const OTHERS: [Score; 4] = [Score::Acc, Score::Sens, Score::Spec, Score::Bacc];

fn q(num: i64, den: i64) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}

/// The score of one fold, by its textbook formula.
fn score(score: Score, tp: i64, tn: i64, p: i64, n: i64) -> BigRational {
    match score {
        Score::Acc => q(tp + tn, p + n),
        Score::Sens => q(tp, p),
        Score::Spec => q(tn, n),
        Score::Bacc => (q(tp, p) + q(tn, n)) / BigRational::from_integer(2.into()),
        other => unreachable!("{other} is not drawn"),
    }
}

/// The least and largest k (2pn times the AUC) a ranking cut at (tp, tn) can have.
fn k_range(tp: i64, tn: i64, p: i64, n: i64) -> (i64, i64) {
    (2 * tp * tn, 2 * (p * n - (p - tp) * (n - tn)))
}

/// Every fold with its dataset's weight in the mean: 1/(folds of its dataset × datasets).
fn weights(datasets: &[Vec<(i64, i64)>]) -> Vec<BigRational> {
    datasets
        .iter()
        .flat_map(|folds| {
            let w = q(1, (folds.len() * datasets.len()) as i64);
            folds.iter().map(move |_| w.clone())
        })
        .collect()
}

/// The mean over datasets of the mean over folds of `s` at the per-fold (tp, tn) `cells`.
fn mean(s: Score, folds: &[(i64, i64)], w: &[BigRational], cells: &[(i64, i64)]) -> BigRational {
    folds
        .iter()
        .zip(cells)
        .zip(w)
        .map(|((&(p, n), &(tp, tn)), w)| score(s, tp, tn, p, n) * w)
        .sum()
}

/// A closed window.
#[derive(Clone, Debug)]
struct Range {
    lower: BigRational,
    upper: BigRational,
}

impl Range {
    fn holds(&self, x: &BigRational) -> bool {
        *x >= self.lower && *x <= self.upper
    }
}

/// Whether some k_f in [lo_f, hi_f] per fold gives Σ w_f·k_f/(2 p_f n_f) in `auc`: every
/// sum of the first folds, the last fold's progression met in O(1).
fn auc_reachable(
    folds: &[(i64, i64)],
    w: &[BigRational],
    ranges: &[(i64, i64)],
    auc: &Range,
) -> bool {
    let coef: Vec<BigRational> = folds
        .iter()
        .zip(w)
        .map(|(&(p, n), w)| w / BigRational::from_integer(BigInt::from(2 * p * n)))
        .collect();
    let m = coef.iter().fold(BigInt::one(), |acc, c| acc.lcm(c.denom()));
    let scale = BigRational::from_integer(m.clone());
    let units: Vec<i64> = coef
        .iter()
        .map(|c| (c * &scale).to_integer().try_into().unwrap())
        .collect();
    let lo: i64 = (&auc.lower * &scale)
        .ceil()
        .to_integer()
        .try_into()
        .unwrap();
    let hi: i64 = (&auc.upper * &scale)
        .floor()
        .to_integer()
        .try_into()
        .unwrap();
    let last = folds.len() - 1;
    let mut sums = BTreeSet::from([0i64]);
    for f in 0..last {
        let mut next = BTreeSet::new();
        for s in &sums {
            for k in ranges[f].0..=ranges[f].1 {
                next.insert(s + units[f] * k);
            }
        }
        sums = next;
    }
    let (c, (a, b)) = (units[last], ranges[last]);
    sums.iter().any(|s| {
        // Some k in [a, b] with lo ≤ s + c·k ≤ hi.
        let k_min = Integer::div_ceil(&(lo - s), &c).max(a);
        let k_max = Integer::div_floor(&(hi - s), &c).min(b);
        k_min <= k_max
    })
}

/// The exhaustive answer: some per-fold (tp, tn) fitting every window, with achievable AUC
/// values whose mean lies in the AUC window.
fn brute_force(datasets: &[Vec<(i64, i64)>], windows: &[(Score, Range)], auc: &Range) -> bool {
    let folds: Vec<(i64, i64)> = datasets.iter().flatten().copied().collect();
    let w = weights(datasets);
    let mut cells = vec![(0i64, 0i64); folds.len()];
    let mut tried: BTreeMap<Vec<(i64, i64)>, bool> = BTreeMap::new();
    loop {
        if windows
            .iter()
            .all(|(s, r)| r.holds(&mean(*s, &folds, &w, &cells)))
        {
            let ranges: Vec<(i64, i64)> = folds
                .iter()
                .zip(&cells)
                .map(|(&(p, n), &(tp, tn))| k_range(tp, tn, p, n))
                .collect();
            let fits = *tried
                .entry(ranges.clone())
                .or_insert_with(|| auc_reachable(&folds, &w, &ranges, auc));
            if fits {
                return true;
            }
        }
        // The next assignment, as an odometer over (tp, tn) of every fold.
        let mut i = 0;
        loop {
            if i == folds.len() {
                return false;
            }
            let (p, n) = folds[i];
            let (tp, tn) = &mut cells[i];
            if *tn < n {
                *tn += 1;
                break;
            }
            *tn = 0;
            if *tp < p {
                *tp += 1;
                break;
            }
            *tp = 0;
            i += 1;
        }
    }
}

#[derive(Clone, Debug)]
struct Case {
    datasets: Vec<Vec<(i64, i64)>>,
    /// Per fold: the true (tp, tn) and where in its k range the true k lies (0..=100 %).
    truth: Vec<(i64, i64, u8)>,
    /// (score index, shift in units of the last decimal)
    reported: Vec<(usize, i64)>,
    auc_shift: i64,
    decimals: usize,
    auc_decimals: usize,
    /// eps: 0 one number, 1 one per score, 2 one number with the AUC's own.
    eps_kind: u8,
    eps_scale: u8,
}

fn case() -> impl Strategy<Value = Case> {
    let fold = (1i64..=4, 1i64..=4);
    (
        prop_oneof![
            prop::collection::vec(prop::collection::vec(fold.clone(), 1..=3), 1..=1),
            prop::collection::vec(prop::collection::vec(fold, 1..=2), 2..=2),
        ],
        prop::collection::vec(
            (0usize..4, prop_oneof![3 => Just(0i64), 1 => -2i64..=2]),
            0..=3,
        ),
        prop_oneof![1 => Just(0i64), 1 => -3i64..=3],
        2usize..=3,
        2usize..=3,
        0u8..3,
        1u8..=5,
        any::<u64>(),
    )
        .prop_filter("at most 3 folds", |(d, ..)| {
            d.iter().map(Vec::len).sum::<usize>() <= 3
        })
        .prop_map(
            |(datasets, reported, auc_shift, decimals, auc_decimals, eps_kind, eps_scale, seed)| {
                let mut state = seed;
                let mut below = |m: u64| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (state >> 33) % m
                };
                let truth = datasets
                    .iter()
                    .flatten()
                    .map(|&(p, n)| {
                        (
                            below(p as u64 + 1) as i64,
                            below(n as u64 + 1) as i64,
                            // The extremes of the range a third of the time each.
                            match below(3) {
                                0 => 0,
                                1 => 100,
                                _ => below(101) as u8,
                            },
                        )
                    })
                    .collect();
                Case {
                    datasets,
                    truth,
                    reported,
                    auc_shift,
                    decimals,
                    auc_decimals,
                    eps_kind,
                    eps_scale,
                }
            },
        )
}

/// `x` rounded to `decimals`, shifted by `shift` units of the last decimal.
fn report(x: &BigRational, decimals: usize, shift: i64) -> String {
    let unit = 10f64.powi(-(decimals as i32));
    let f = x.numer().to_string().parse::<f64>().unwrap()
        / x.denom().to_string().parse::<f64>().unwrap();
    format!("{:.*}", decimals, (f + shift as f64 * unit).clamp(0.0, 1.0))
}

fn folds_json(folds: &[(i64, i64)]) -> Value {
    folds
        .iter()
        .map(|&(p, n)| json!({"p": p, "n": n}))
        .collect()
}

/// The requests of every protocol that fits the case's shape, each with the datasets its
/// mean is taken over.
fn requests(case: &Case, scores: &Map<String, Value>, eps: &Value) -> Vec<(Value, Datasets)> {
    let pooled = |folds: &[(i64, i64)]| {
        let (p, n) = folds.iter().fold((0, 0), |(a, b), &(p, n)| (a + p, b + n));
        json!({"p": p, "n": n})
    };
    let mut out = Vec::new();
    let evaluations: Vec<Value> = case
        .datasets
        .iter()
        .map(|folds| json!({"dataset": pooled(folds), "folding": {"folds": folds_json(folds)}}))
        .collect();
    out.push((
        json!({"check": "n_datasets_mos_known_folds_mos", "evaluations": evaluations, "scores": scores, "eps": eps}),
        case.datasets.clone(),
    ));
    if case.datasets.len() == 1 {
        let folds = &case.datasets[0];
        out.push((
            json!({"check": "1_dataset_known_folds_mos", "dataset": pooled(folds), "folding": {"folds": folds_json(folds)}, "scores": scores, "eps": eps}),
            case.datasets.clone(),
        ));
    }
    let testsets: Vec<(i64, i64)> = case.datasets.iter().flatten().copied().collect();
    out.push((
        json!({"check": "n_testsets_mos_no_kfold", "testsets": folds_json(&testsets), "scores": scores, "eps": eps}),
        testsets.iter().map(|&f| vec![f]).collect(),
    ));
    out
}

/// Checks a consistent answer's witness exactly: per-fold (tp, tn) and k, every window and
/// the mean AUC.
fn check_witness(
    result: &Value,
    datasets: &[Vec<(i64, i64)>],
    windows: &[(Score, Range)],
    auc: &Range,
) {
    let folds: Vec<(i64, i64)> = datasets.iter().flatten().copied().collect();
    let w = weights(datasets);
    let mut cells = Vec::new();
    let mut total = BigRational::zero();
    let mut f = 0;
    for d in result["witness"]["datasets"].as_array().unwrap() {
        for fold in d["folds"].as_array().unwrap() {
            let (p, n) = folds[f];
            let tp = fold["tp"].as_i64().unwrap();
            let tn = fold["tn"].as_i64().unwrap();
            let k = fold["auc"]["k"].as_i64().unwrap();
            let (lo, hi) = k_range(tp, tn, p, n);
            assert!(
                (lo..=hi).contains(&k),
                "k {k} outside [{lo}, {hi}]: {result}"
            );
            let value = q(k, 2 * p * n);
            assert_eq!(
                fold["scores"]["auc"]["exact"].as_str().unwrap(),
                value.to_string()
            );
            total += value * &w[f];
            cells.push((tp, tn));
            f += 1;
        }
    }
    assert_eq!(f, folds.len());
    assert!(
        auc.holds(&total),
        "mean AUC {total} outside the window: {result}"
    );
    assert_eq!(
        result["witness"]["scores"]["auc"]["exact"]
            .as_str()
            .unwrap(),
        total.to_string()
    );
    for (s, r) in windows {
        assert!(
            r.holds(&mean(*s, &folds, &w, &cells)),
            "{s} fails: {result}"
        );
    }
}

fn compare(case: &Case) {
    let tol = parse_decimal("0.000001").unwrap();
    let unit = |d: usize| format!("{:.*}", d, 10f64.powi(-(d as i32)));
    // eps: the unit of the last decimal times 1 to 5 halves, kept as exact decimal text.
    let eps_text = |d: usize| {
        let halves = parse_decimal(&unit(d)).unwrap() * q(i64::from(case.eps_scale), 2);
        let f = halves.numer().to_string().parse::<f64>().unwrap()
            / halves.denom().to_string().parse::<f64>().unwrap();
        format!("{:.*}", d + 1, f)
    };
    let folds: Vec<(i64, i64)> = case.datasets.iter().flatten().copied().collect();
    let w = weights(&case.datasets);
    let cells: Vec<(i64, i64)> = case.truth.iter().map(|&(tp, tn, _)| (tp, tn)).collect();
    let mut scores = Map::new();
    let mut eps_map = Map::new();
    let mut seen = BTreeSet::new();
    let mut windows: Vec<(Score, String, String)> = Vec::new();
    for &(i, shift) in &case.reported {
        let s = OTHERS[i];
        if !seen.insert(s) {
            continue;
        }
        let text = report(&mean(s, &folds, &w, &cells), case.decimals, shift);
        let e = eps_text(case.decimals);
        scores.insert(s.abbreviation().into(), Value::String(text.clone()));
        eps_map.insert(s.abbreviation().into(), Value::String(e.clone()));
        windows.push((s, text, e));
    }
    // The true AUC: each fold's k at its share of its range.
    let auc_true: BigRational = folds
        .iter()
        .zip(&case.truth)
        .zip(&w)
        .map(|((&(p, n), &(tp, tn, share)), w)| {
            let (lo, hi) = k_range(tp, tn, p, n);
            let k = lo + (hi - lo) * i64::from(share) / 100;
            q(k, 2 * p * n) * w
        })
        .sum();
    let auc_text = report(&auc_true, case.auc_decimals, case.auc_shift);
    let auc_eps = eps_text(case.auc_decimals);
    scores.insert("auc".into(), Value::String(auc_text.clone()));
    let common = eps_text(case.decimals.max(case.auc_decimals));
    let eps = match case.eps_kind {
        0 => Value::String(common.clone()),
        1 => {
            eps_map.insert("auc".into(), Value::String(auc_eps.clone()));
            Value::Object(eps_map)
        }
        _ => {
            // One number for the others; the AUC's own under a synonym.
            let mut m: Map<String, Value> = windows
                .iter()
                .map(|(s, _, _)| (s.abbreviation().to_string(), Value::String(common.clone())))
                .collect();
            m.insert("roc_auc".into(), Value::String(auc_eps.clone()));
            Value::Object(m)
        }
    };
    let eps_of = |own: &str| match case.eps_kind {
        0 | 2 => common.clone(),
        _ => own.to_string(),
    };
    let range = |v: &str, e: &str| {
        let v = parse_decimal(v).unwrap();
        let e = parse_decimal(e).unwrap() + &tol;
        Range {
            lower: &v - &e,
            upper: &v + &e,
        }
    };
    let exact_windows: Vec<(Score, Range)> = windows
        .iter()
        .map(|(s, v, e)| (*s, range(v, &eps_of(e))))
        .collect();
    let auc_window = range(
        &auc_text,
        &match case.eps_kind {
            0 => common.clone(),
            _ => auc_eps.clone(),
        },
    );
    for (request, datasets) in requests(case, &scores, &eps) {
        let truth = brute_force(&datasets, &exact_windows, &auc_window);
        for backend in backends() {
            let mut request = request.clone();
            request["backend"] = json!(backend);
            check_one(&request, truth, &datasets, &exact_windows, &auc_window);
        }
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

/// One request against the exhaustive answer `truth`: the same verdict, a witness that
/// holds exactly, an explanation for an inconsistency.
fn check_one(
    request: &Value,
    truth: bool,
    datasets: &[Vec<(i64, i64)>],
    windows: &[(Score, Range)],
    auc: &Range,
) {
    let result = run(request, &RunOptions::default()).unwrap_or_else(|e| panic!("{request}: {e}"));
    match &result["inconsistency"] {
        Value::Bool(inconsistent) => {
            assert_eq!(!inconsistent, truth, "{request}\n{result}");
        }
        _ => panic!("undecided on a tiny case: {request}\n{result}"),
    }
    if truth {
        check_witness(&result, datasets, windows, auc);
    } else {
        let message = result["explanation"]["message"]
            .as_str()
            .unwrap_or_default();
        assert!(!message.is_empty(), "no explanation: {result}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn mean_auc_matches_brute_force(case in case()) {
        compare(&case);
    }
}

/// Runs a request, expecting an answer.
fn answer(request: Value) -> Value {
    run(&request, &RunOptions::default()).unwrap_or_else(|e| panic!("{request}: {e}"))
}

#[test]
fn two_folds_of_ten_with_mean_sens_and_spec_090_bound_the_mean_auc_to_080_and_1() {
    // tp1 + tp2 = 18 and tn1 + tn2 = 18: the least mean AUC is min (tp1·tn1 + tp2·tn2)/200,
    // 160/200 at tp = (10, 8), tn = (8, 10); the largest is 1 at those points (fn·fp = 0).
    let request = |auc: &str| {
        json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 20, "n": 20},
            "folding": {"folds": [{"p": 10, "n": 10}, {"p": 10, "n": 10}]},
            "scores": {"sens": "0.90", "spec": "0.90", "auc": auc}, "eps": "0.0001"})
    };
    let low = answer(request("0.70"));
    assert_eq!(low["verdict"], "inconsistent", "{low}");
    assert_eq!(low["certainty"], "exact");
    assert_eq!(low["explanation"]["auc_range"]["min"]["exact"], "4/5");
    assert_eq!(low["explanation"]["auc_range"]["max"]["exact"], "1");
    let message = low["explanation"]["message"].as_str().unwrap();
    assert!(
        message.contains("mean AUC over the 2 folds can only lie in [0.8000, 1.0000]"),
        "{message}"
    );
    assert_eq!(answer(request("0.799"))["verdict"], "inconsistent");
    let edge = answer(request("0.80"));
    assert_eq!(edge["verdict"], "consistent", "{edge}");
    assert_eq!(edge["witness"]["scores"]["auc"]["exact"], "4/5");
    assert_eq!(answer(request("1.0"))["verdict"], "consistent");
}

#[test]
fn a_window_between_two_grid_values_of_the_mean_is_inconsistent() {
    // One testset of p = 2, n = 3 twice: every AUC is k/12, so the mean is a multiple of
    // 1/24 (0.2917 and 0.3333 around 0.31); with the AUC alone no operating point helps.
    let request = json!({"check": "n_testsets_mos_no_kfold",
        "testsets": [{"p": 2, "n": 3}, {"p": 2, "n": 3}],
        "scores": {"auc": "0.31"}, "eps": "0.001"});
    let result = answer(request);
    assert_eq!(result["verdict"], "inconsistent", "{result}");
    let hit = json!({"check": "n_testsets_mos_no_kfold",
        "testsets": [{"p": 2, "n": 3}, {"p": 2, "n": 3}],
        "scores": {"auc": "0.2917"}, "eps": "0.0001"});
    assert_eq!(answer(hit)["verdict"], "consistent");
}

#[test]
fn the_auc_is_still_refused_where_it_has_no_meaning() {
    for request in [
        json!({"check": "n_datasets_mos_kfold_som", "evaluations": [{"dataset": {"p": 10, "n": 10},
            "folding": {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"}}],
            "scores": {"sens": 0.9, "auc": 0.9}, "eps": 0.01}),
        json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 10, "n": 10},
            "folding": {"n_folds": 2, "n_repeats": 1}, "scores": {"acc": 0.9, "auroc": 0.9}, "eps": 0.01}),
        json!({"check": "1_dataset_kfold_som", "dataset": {"p": 10, "n": 10},
            "folding": {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"},
            "scores": {"auc": 0.9}, "eps": 0.01}),
    ] {
        let error = run(&request, &RunOptions::default()).unwrap_err();
        assert!(
            error.field().is_some_and(|f| f.starts_with("scores.")),
            "{request}: {error}"
        );
        assert!(error.to_string().contains("AUC"), "{error}");
    }
    // Bounds on the AUC are not supported.
    let bound = json!({"check": "n_testsets_mos_no_kfold", "testsets": [{"p": 3, "n": 3}],
        "scores": {"auc": 0.5}, "eps": 0.01, "testset_score_bounds": {"auc": [0.1, 0.9]}});
    let error = run(&bound, &RunOptions::default()).unwrap_err();
    assert_eq!(error.field(), Some("testset_score_bounds.auc"), "{error}");
    let ranges = json!({"check": "n_testsets_mos_no_kfold", "testsets": [{"p": 3, "n": 3}],
        "scores": {"acc": 0.5, "auc": 0.5}, "eps": 0.01, "ranges": "all"});
    // Ranges with an AUC are computed ("all" covers the AUC too; tests/mos_auc_ranges.rs
    // checks them against brute force).
    let result = run(&ranges, &RunOptions::default()).unwrap();
    assert_eq!(result["verdict"], "consistent", "{result}");
    assert_eq!(result["ranges"]["auc"]["min"]["exact"], "1/2", "{result}");
    assert_eq!(result["ranges"]["acc"]["max"]["exact"], "1/2", "{result}");
    // A fold without negatives has no AUC.
    let empty = json!({"check": "n_testsets_mos_no_kfold", "testsets": [{"p": 3, "n": 3}, {"p": 3, "n": 0}],
        "scores": {"auc": 0.5}, "eps": 0.01});
    let error = run(&empty, &RunOptions::default()).unwrap_err();
    assert_eq!(error.field(), Some("scores.auc"), "{error}");
}

#[test]
fn a_passed_deadline_is_undecided_never_a_verdict() {
    let request = json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 500, "n": 1000},
        "folding": {"n_folds": 10, "n_repeats": 1, "strategy": "stratified_sklearn"},
        "scores": {"acc": 0.9, "sens": 0.85, "auc": 0.70}, "eps": 0.0001});
    let options = RunOptions::default().with_deadline(std::time::Instant::now());
    let result = run(&request, &options).unwrap();
    assert_eq!(result["verdict"], "undecided", "{result}");
    assert_eq!(result["inconsistency"], Value::Null);
}
