//! Ranges of averaged scores when a mean of per-fold AUCs is reported (and the range of the
//! mean AUC itself, reported or not), against brute force over every per-fold (tp, tn) and
//! every achievable AUC value k/(2pn) of each fold.

use std::collections::BTreeSet;

use num_rational::BigRational;
use proptest::prelude::*;
use scorecheck::algebra::parse_decimal;
use scorecheck::{run_text, RunOptions};
use serde_json::{json, Value};

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// Every (mean acc, mean sens, mean AUC) of one dataset's folds, exactly.
fn all_means(folds: &[(i64, i64)]) -> BTreeSet<(BigRational, BigRational, BigRational)> {
    let w = q(1, folds.len() as i64);
    let mut sums = BTreeSet::new();
    sums.insert((q(0, 1), q(0, 1), q(0, 1)));
    for &(p, n) in folds {
        let mut next = BTreeSet::new();
        for tp in 0..=p {
            for tn in 0..=n {
                let (lo, hi) = (2 * tp * tn, 2 * (p * n - (p - tp) * (n - tn)));
                for k in lo..=hi {
                    for (a, s, u) in &sums {
                        next.insert((
                            a + &w * q(tp + tn, p + n),
                            s + &w * q(tp, p),
                            u + &w * q(k, 2 * p * n),
                        ));
                    }
                }
            }
        }
        sums = next;
    }
    sums
}

fn within(v: &BigRational, reported: u32, eps: &BigRational) -> bool {
    let r = q(i64::from(reported), 100);
    *v >= &r - eps && *v <= &r + eps
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn ranges_with_a_reported_auc_match_brute_force(
        folds in prop::collection::vec((1i64..=3, 1i64..=3), 1..=2),
        acc in prop::option::of(0u32..=100),
        auc in prop::option::of(0u32..=100),
    ) {
        let p: i64 = folds.iter().map(|f| f.0).sum();
        let n: i64 = folds.iter().map(|f| f.1).sum();
        let text = |v: u32| format!("{:.2}", f64::from(v) / 100.0).parse::<Value>().unwrap();
        let mut scores = serde_json::Map::new();
        if let Some(a) = acc {
            scores.insert("acc".into(), text(a));
        }
        if let Some(u) = auc {
            scores.insert("auc".into(), text(u));
        }
        prop_assume!(!scores.is_empty());
        let request = json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": p, "n": n},
            "folding": {"folds": folds.iter().map(|(a, b)| json!({"p": a, "n": b})).collect::<Vec<_>>()},
            "scores": scores, "eps": 0.05, "ranges": ["acc", "sens", "auc"]});
        let result = run_text(&request.to_string(), &RunOptions::default()).unwrap();
        let eps = parse_decimal("0.05").unwrap() + parse_decimal("0.000001").unwrap();
        let fitting: Vec<_> = all_means(&folds)
            .into_iter()
            .filter(|(a, _, u)| acc.is_none_or(|r| within(a, r, &eps)) && auc.is_none_or(|r| within(u, r, &eps)))
            .collect();
        prop_assert_eq!(result["inconsistency"].clone(), Value::Bool(fitting.is_empty()), "{}", result);
        if fitting.is_empty() {
            return Ok(());
        }
        let extremes = |pick: &dyn Fn(&(BigRational, BigRational, BigRational)) -> BigRational| {
            let values: Vec<BigRational> = fitting.iter().map(pick).collect();
            (values.iter().min().unwrap().clone(), values.iter().max().unwrap().clone())
        };
        for (name, (lo, hi)) in [
            ("acc", extremes(&|t| t.0.clone())),
            ("sens", extremes(&|t| t.1.clone())),
            ("auc", extremes(&|t| t.2.clone())),
        ] {
            let (lo, hi) = (lo.to_string(), hi.to_string());
            prop_assert_eq!(result["ranges"][name]["min"]["exact"].as_str(), Some(lo.as_str()), "{} {}", name, result["ranges"]);
            prop_assert_eq!(result["ranges"][name]["max"]["exact"].as_str(), Some(hi.as_str()), "{} {}", name, result["ranges"]);
        }
    }
}
