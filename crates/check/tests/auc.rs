//! The reported AUC against brute force: every ranking of a small test set, cut anywhere.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use num_rational::BigRational;
use proptest::prelude::*;
use scorecheck::algebra::{parse_decimal, reported_interval, ConfusionMatrix, Params, Score};
use scorecheck::{run_text, RunOptions};
use serde_json::{json, Value};

/// Every (tp, tn, k) some ranking of p positives and n negatives (scores in 0..p+n, ties
/// allowed) gives at some threshold, k being 2pn times its AUC (ties count ½).
fn rankings(p: usize, n: usize) -> BTreeSet<(u64, u64, u64)> {
    let levels = (p + n) as u32;
    let mut out = BTreeSet::new();
    for code in 0..(levels as usize).pow((p + n) as u32) {
        let mut c = code;
        let scores: Vec<u32> = (0..p + n)
            .map(|_| {
                let s = (c % levels as usize) as u32;
                c /= levels as usize;
                s
            })
            .collect();
        let (pos, neg) = scores.split_at(p);
        let k: u64 = pos
            .iter()
            .flat_map(|a| neg.iter().map(move |b| (a, b)))
            .map(|(a, b)| match a.cmp(b) {
                Ordering::Greater => 2,
                Ordering::Equal => 1,
                Ordering::Less => 0,
            })
            .sum();
        for t in 0..=levels {
            let tp = pos.iter().filter(|&&x| x >= t).count() as u64;
            let tn = neg.iter().filter(|&&x| x < t).count() as u64;
            out.insert((tp, tn, k));
        }
    }
    out
}

/// Whether some ranking fits every reported figure, by brute force.
fn brute(p: u64, n: u64, others: &[(Score, String)], auc: &str, eps: &str) -> bool {
    let eps_q = parse_decimal(eps).unwrap();
    let tol = parse_decimal("0.000001").unwrap();
    let window = |v: &str| reported_interval(&parse_decimal(v).unwrap(), &eps_q, &tol);
    let (auc_lo, auc_hi) = window(auc);
    rankings(p as usize, n as usize)
        .into_iter()
        .any(|(tp, tn, k)| {
            let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
            let value = BigRational::new(k.into(), (2 * p * n).into());
            value >= auc_lo
                && value <= auc_hi
                && others.iter().all(|(s, v)| {
                    let (lo, hi) = window(v);
                    m.exact(*s, &Params::default())
                        .is_some_and(|x| x.within(&lo, &hi))
                })
        })
}

fn verdict(p: u64, n: u64, others: &[(Score, String)], auc: &str, eps: &str) -> Value {
    let mut scores = serde_json::Map::new();
    for (s, v) in others {
        scores.insert(s.abbreviation().into(), v.parse::<Value>().unwrap());
    }
    scores.insert("auc".into(), auc.parse::<Value>().unwrap());
    let request = json!({"check": "1_testset_no_kfold", "testset": {"p": p, "n": n},
        "scores": scores, "eps": eps.parse::<Value>().unwrap()});
    run_text(&request.to_string(), &RunOptions::default()).unwrap()
}

const OTHERS: [Score; 6] = [
    Score::Acc,
    Score::Sens,
    Score::Spec,
    Score::Ppv,
    Score::F1p,
    Score::Mcc,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    #[test]
    fn auc_verdicts_match_every_ranking(
        p in 1u64..=3,
        n in 1u64..=3,
        auc in 0u32..=100,
        picks in prop::collection::vec((0usize..6, 0u32..=100), 0..3),
        eps in prop_oneof![Just("0.01"), Just("0.005"), Just("0.05")],
    ) {
        let auc = format!("{:.2}", f64::from(auc) / 100.0);
        let mut others: Vec<(Score, String)> = Vec::new();
        for (i, v) in picks {
            if others.iter().all(|(s, _)| *s != OTHERS[i]) {
                others.push((OTHERS[i], format!("{:.2}", f64::from(v) / 100.0)));
            }
        }
        let expected = brute(p, n, &others, &auc, eps);
        let result = verdict(p, n, &others, &auc, eps);
        prop_assert_eq!(result["inconsistency"].clone(), Value::Bool(!expected), "{}", result);
        if expected {
            // The witness and its AUC range are real: some ranking cut there has an AUC in it.
            let tp = result["witness"]["tp"].as_u64().unwrap();
            let tn = result["witness"]["tn"].as_u64().unwrap();
            let set = rankings(p as usize, n as usize);
            let lo: BigRational = result["scores_at_witness"]["auc"]["min"]["exact"].as_str().unwrap().parse().unwrap();
            let k = (lo * BigRational::from_integer((2 * p * n).into())).to_integer();
            prop_assert!(set.contains(&(tp, tn, u64::try_from(k).unwrap())));
        }
    }
}

#[test]
fn the_worked_example_bounds_the_auc() {
    // sens 0.80 and spec 0.70 with p = 50, n = 150: tp = 40, tn = 105, so the AUC lies in
    // [40·105, 7500 − 10·45] / 7500 = [0.56, 0.94].
    let fits = |auc: &str| {
        verdict(
            50,
            150,
            &[(Score::Sens, "0.80".into()), (Score::Spec, "0.70".into())],
            auc,
            "0.001",
        )["verdict"]
            .clone()
    };
    assert_eq!(fits("0.97"), "inconsistent");
    assert_eq!(fits("0.94"), "consistent");
    assert_eq!(fits("0.56"), "consistent");
    assert_eq!(fits("0.55"), "inconsistent");
}

#[test]
fn auc_is_refused_where_it_has_no_meaning_and_needs_both_classes() {
    let request = json!({"check": "1_dataset_kfold_som", "dataset": {"p": 10, "n": 20},
        "folding": {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"},
        "scores": {"auc": 0.8}, "eps": 0.01});
    let error = run_text(&request.to_string(), &RunOptions::default()).unwrap_err();
    assert_eq!(error.field(), Some("scores.auc"));
    let request = json!({"check": "1_testset_no_kfold", "testset": {"p": 0, "n": 20},
        "scores": {"auc": 0.8, "spec": 0.5}, "eps": 0.01});
    let result = run_text(&request.to_string(), &RunOptions::default()).unwrap();
    assert_eq!(result["verdict"], "inconsistent");
    let request = json!({"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 20},
        "scores": {"auc": 0.8, "roc_auc": 0.7}, "eps": 0.01});
    let error = run_text(&request.to_string(), &RunOptions::default()).unwrap_err();
    assert_eq!(error.field(), Some("scores.roc_auc"));
}
