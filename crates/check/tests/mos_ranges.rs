//! Exact ranges of averaged scores in the mean-of-scores protocols against brute force over
//! every per-fold (tp, tn).

use num_rational::BigRational;
use proptest::prelude::*;
use scorecheck::algebra::parse_decimal;
use scorecheck::{run_text, RunOptions};
use serde_json::{json, Value};

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// acc, sens, spec, bacc of one fold.
fn fold_scores(tp: i64, tn: i64, p: i64, n: i64) -> [Option<BigRational>; 4] {
    [
        (p + n > 0).then(|| q(tp + tn, p + n)),
        (p > 0).then(|| q(tp, p)),
        (n > 0).then(|| q(tn, n)),
        (p > 0 && n > 0).then(|| (q(tp, p) + q(tn, n)) / BigRational::from_integer(2.into())),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    #[test]
    fn mean_ranges_match_brute_force(
        folds in prop::collection::vec((1i64..=4, 1i64..=4), 2..=3),
        acc in 0u32..=100,
        sens in prop::option::of(0u32..=100),
    ) {
        let p: i64 = folds.iter().map(|f| f.0).sum();
        let n: i64 = folds.iter().map(|f| f.1).sum();
        let mut scores = serde_json::Map::new();
        let text = |v: u32| format!("{:.2}", f64::from(v) / 100.0);
        scores.insert("acc".into(), text(acc).parse::<Value>().unwrap());
        if let Some(s) = sens {
            scores.insert("sens".into(), text(s).parse::<Value>().unwrap());
        }
        let request = json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": p, "n": n},
            "folding": {"folds": folds.iter().map(|(a, b)| json!({"p": a, "n": b})).collect::<Vec<_>>()},
            "scores": scores, "eps": 0.05, "ranges": "all"});
        let result = run_text(&request.to_string(), &RunOptions::default()).unwrap();
        let eps = parse_decimal("0.05").unwrap() + parse_decimal("0.000001").unwrap();
        let window = |v: u32| (q(i64::from(v), 100) - &eps, q(i64::from(v), 100) + &eps);
        // Every combination of per-fold (tp, tn), with the means of the four scores.
        let k = folds.len();
        let mut ranges: [Option<(BigRational, BigRational)>; 4] = [None, None, None, None];
        let mut any = false;
        let mut choice = vec![(0i64, 0i64); k];
        loop {
            let mut means = [BigRational::from_integer(0.into()), BigRational::from_integer(0.into()), BigRational::from_integer(0.into()), BigRational::from_integer(0.into())];
            for (f, &(tp, tn)) in choice.iter().enumerate() {
                let s = fold_scores(tp, tn, folds[f].0, folds[f].1);
                for i in 0..4 {
                    means[i] += s[i].clone().unwrap() / BigRational::from_integer((k as i64).into());
                }
            }
            let (alo, ahi) = window(acc);
            let fits = means[0] >= alo && means[0] <= ahi
                && sens.is_none_or(|s| { let (lo, hi) = window(s); means[1] >= lo && means[1] <= hi });
            if fits {
                any = true;
                for i in 0..4 {
                    ranges[i] = Some(match ranges[i].take() {
                        None => (means[i].clone(), means[i].clone()),
                        Some((lo, hi)) => (lo.min(means[i].clone()), hi.max(means[i].clone())),
                    });
                }
            }
            // Next combination.
            let mut f = 0;
            loop {
                if f == k { break; }
                choice[f].1 += 1;
                if choice[f].1 > folds[f].1 { choice[f].1 = 0; choice[f].0 += 1; }
                if choice[f].0 > folds[f].0 { choice[f] = (0, 0); f += 1; continue; }
                break;
            }
            if f == k { break; }
        }
        prop_assert_eq!(result["inconsistency"].clone(), Value::Bool(!any), "{}", result);
        if any {
            for (i, name) in ["acc", "sens", "spec", "bacc"].iter().enumerate() {
                let (lo, hi) = ranges[i].clone().unwrap();
                prop_assert_eq!(result["ranges"][name]["min"]["exact"].as_str().unwrap(), lo.to_string(), "{} {}", name, result["ranges"]);
                prop_assert_eq!(result["ranges"][name]["max"]["exact"].as_str().unwrap(), hi.to_string(), "{} {}", name, result["ranges"]);
            }
        }
    }
}
