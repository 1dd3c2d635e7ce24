//! Explanations of inconsistent mean-of-scores checks: the subset named is infeasible and every smaller one by a single removal is feasible, both by brute force over every fold's (tp, tn).

use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;
use scorecheck::algebra::{parse_decimal, reported_interval, Score};
use serde_json::{json, Value};

const SCORES: &[Score] = &[Score::Acc, Score::Sens, Score::Spec, Score::Bacc];

fn value(score: Score, tp: u64, tn: u64, p: u64, n: u64) -> BigRational {
    let q = |a: u64, b: u64| BigRational::new(BigInt::from(a), BigInt::from(b));
    match score {
        Score::Acc => q(tp + tn, p + n),
        Score::Sens => q(tp, p),
        Score::Spec => q(tn, n),
        _ => (q(tp, p) + q(tn, n)) / BigRational::from_integer(BigInt::from(2)),
    }
}

/// Whether per-fold (tp, tn) exist whose mean scores lie in `windows` and whose own
/// scores lie in `fold_bounds`, by enumerating every fold's (tp, tn).
fn feasible(
    folds: &[(u64, u64)],
    windows: &[(Score, BigRational, BigRational)],
    fold_bounds: &[(Score, BigRational, BigRational)],
) -> bool {
    fn walk(
        folds: &[(u64, u64)],
        at: usize,
        chosen: &mut Vec<(u64, u64)>,
        windows: &[(Score, BigRational, BigRational)],
        fold_bounds: &[(Score, BigRational, BigRational)],
    ) -> bool {
        if at == folds.len() {
            let k = BigRational::from_integer(BigInt::from(folds.len()));
            return windows.iter().all(|(s, lo, hi)| {
                let sum: BigRational = folds
                    .iter()
                    .zip(chosen.iter())
                    .map(|(&(p, n), &(tp, tn))| value(*s, tp, tn, p, n))
                    .sum();
                let mean = sum / &k;
                *lo <= mean && mean <= *hi
            });
        }
        let (p, n) = folds[at];
        for tp in 0..=p {
            for tn in 0..=n {
                let ok = fold_bounds.iter().all(|(s, lo, hi)| {
                    let v = value(*s, tp, tn, p, n);
                    *lo <= v && v <= *hi
                });
                if !ok {
                    continue;
                }
                chosen.push((tp, tn));
                let found = walk(folds, at + 1, chosen, windows, fold_bounds);
                chosen.pop();
                if found {
                    return true;
                }
            }
        }
        false
    }
    walk(folds, 0, &mut Vec::new(), windows, fold_bounds)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn the_subset_is_infeasible_and_minimal(
        folds in proptest::collection::vec((1u64..=4, 1u64..=4), 2..=3),
        reported in proptest::collection::vec((0usize..SCORES.len(), 0u32..=100), 1..=4),
        bound in proptest::option::of((0usize..SCORES.len(), 0u32..=100, 0u32..=100)),
    ) {
        let eps = parse_decimal("0.005").unwrap();
        let tol = parse_decimal("0.000001").unwrap();
        let mut windows = Vec::new();
        let mut scores = serde_json::Map::new();
        for (k, v) in reported {
            let score = SCORES[k];
            if windows.iter().any(|(s, _, _)| *s == score) {
                continue;
            }
            let text = format!("{:.2}", f64::from(v) / 100.0);
            let (lo, hi) = reported_interval(&parse_decimal(&text).unwrap(), &eps, &tol);
            windows.push((score, lo, hi));
            scores.insert(score.abbreviation().into(), serde_json::from_str::<Value>(&text).unwrap());
        }
        let mut fold_bounds = Vec::new();
        let mut bounds_json = serde_json::Map::new();
        if let Some((k, a, b)) = bound {
            let (a, b) = (a.min(b), a.max(b));
            let (lo, hi) = (format!("{:.2}", f64::from(a) / 100.0), format!("{:.2}", f64::from(b) / 100.0));
            fold_bounds.push((SCORES[k], parse_decimal(&lo).unwrap(), parse_decimal(&hi).unwrap()));
            bounds_json.insert(SCORES[k].abbreviation().into(),
                json!([serde_json::from_str::<Value>(&lo).unwrap(), serde_json::from_str::<Value>(&hi).unwrap()]));
        }
        let (p, n) = folds.iter().fold((0, 0), |(p, n), f| (p + f.0, n + f.1));
        let fold_list: Vec<Value> = folds.iter().map(|(p, n)| json!({"p": p, "n": n})).collect();
        let mut request = json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": p, "n": n},
            "folding": {"folds": fold_list}, "scores": scores, "eps": 0.005});
        if !bounds_json.is_empty() {
            request["fold_score_bounds"] = Value::Object(bounds_json);
        }
        let expected = feasible(&folds, &windows, &fold_bounds);
        let result = scorecheck::run(&request, &scorecheck::RunOptions::default()).unwrap();
        prop_assert_eq!(&result["inconsistency"], &json!(!expected), "{}", result);
        if expected {
            return Ok(());
        }
        let e = &result["explanation"];
        prop_assert_eq!(&e["minimal"], &json!(true), "{}", result);
        let named: Vec<&str> = e["scores"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        let named_bounds: Vec<&str> = e["bounds"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        prop_assert!(e["message"].as_str().unwrap().contains("hold"), "{}", result);
        let sub_windows: Vec<_> = windows.iter().filter(|w| named.contains(&w.0.abbreviation())).cloned().collect();
        let sub_bounds: Vec<_> = fold_bounds.iter().filter(|b| named_bounds.contains(&format!("fold_score_bounds.{}", b.0.abbreviation()).as_str())).cloned().collect();
        prop_assert_eq!(sub_windows.len() + sub_bounds.len(), named.len() + named_bounds.len());
        prop_assert!(!feasible(&folds, &sub_windows, &sub_bounds), "named subset is feasible: {}", result);
        for i in 0..sub_windows.len() {
            let mut fewer = sub_windows.clone();
            fewer.remove(i);
            prop_assert!(feasible(&folds, &fewer, &sub_bounds), "not minimal: {}", result);
        }
        for i in 0..sub_bounds.len() {
            let mut fewer = sub_bounds.clone();
            fewer.remove(i);
            prop_assert!(feasible(&folds, &sub_windows, &fewer), "not minimal: {}", result);
        }
    }
}

#[test]
fn a_mean_no_fold_counts_reach_is_named_alone() {
    let request = json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 50, "n": 100},
        "folding": {"n_folds": 5, "n_repeats": 1, "strategy": "stratified_sklearn"},
        "scores": {"acc": 0.9, "sens": 0.85, "spec": 0.99, "bacc": 0.9}, "eps": 0.0001});
    let result = scorecheck::run(&request, &scorecheck::RunOptions::default()).unwrap();
    assert_eq!(result["verdict"], "inconsistent");
    assert_eq!(result["explanation"]["scores"], json!(["sens"]));
    assert_eq!(
        result["explanation"]["message"],
        "the mean of sens over the 5 folds (reported 0.85) alone cannot hold: no whole numbers tp and tn per fold satisfy it (exact integer program)"
    );
    assert!(result["explanation"]["reason"].is_string());
}

#[test]
fn testsets_name_their_aggregation_and_bounds() {
    let request = json!({"check": "n_testsets_mos_no_kfold",
        "testsets": [{"p": 10, "n": 20}, {"p": 20, "n": 10}],
        "scores": {"acc": 0.5}, "eps": 0.001,
        "testset_score_bounds": {"acc": [0.8, 1.0]}});
    let result = scorecheck::run(&request, &scorecheck::RunOptions::default()).unwrap();
    assert_eq!(result["verdict"], "inconsistent");
    assert_eq!(result["explanation"]["scores"], json!(["acc"]));
    assert_eq!(
        result["explanation"]["bounds"],
        json!(["testset_score_bounds.acc"])
    );
    let message = result["explanation"]["message"].as_str().unwrap();
    assert!(
        message.contains("the mean of acc over the 2 testsets")
            && message.contains("on every testset"),
        "{message}"
    );
}
