//! Which splits fit (`testset: {"total": N}`): against brute force over every (p, tp, tn) on small N, the conformance file `testdata/setups.jsonl`, and the pruning on a large N.

use num_rational::BigRational;
use proptest::prelude::*;
use scorecheck::algebra::{parse_decimal, reported_interval, ConfusionMatrix, Params, Score};
use serde_json::{json, Value};

const SCORES: &[Score] = &[
    Score::Acc,
    Score::Sens,
    Score::Spec,
    Score::Ppv,
    Score::Npv,
    Score::F1p,
    Score::Mcc,
    Score::Bacc,
    Score::Fm,
    Score::Kappa,
];

/// The exact windows of two-decimal reports with eps and the default tolerance 1e-6.
fn windows(reported: &[(Score, String)], eps: &str) -> Vec<(Score, BigRational, BigRational)> {
    let eps = parse_decimal(eps).unwrap();
    let tol = parse_decimal("0.000001").unwrap();
    reported
        .iter()
        .map(|(s, text)| {
            let (lo, hi) = reported_interval(&parse_decimal(text).unwrap(), &eps, &tol);
            (*s, lo, hi)
        })
        .collect()
}

/// For every p of 0..=total that fits, the number of fitting (tp, tn), by brute force.
fn brute(total: u64, windows: &[(Score, BigRational, BigRational)]) -> Vec<(u64, u64)> {
    let params = Params::default();
    let mut out = Vec::new();
    for p in 0..=total {
        let n = total - p;
        let mut count = 0;
        for tp in 0..=p {
            for tn in 0..=n {
                let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
                if windows
                    .iter()
                    .all(|(s, lo, hi)| m.exact(*s, &params).is_some_and(|v| v.within(lo, hi)))
                {
                    count += 1;
                }
            }
        }
        if count > 0 {
            out.push((p, count));
        }
    }
    out
}

fn request(total: u64, reported: &[(Score, String)], eps: &str) -> Value {
    let scores: serde_json::Map<String, Value> = reported
        .iter()
        .map(|(s, text)| {
            (
                s.abbreviation().to_string(),
                serde_json::from_str::<Value>(text).unwrap(),
            )
        })
        .collect();
    json!({"check": "1_testset_no_kfold", "testset": {"total": total},
           "scores": scores, "eps": serde_json::from_str::<Value>(eps).unwrap(), "max_setups": 20})
}

fn compare(total: u64, reported: &[(Score, String)], eps: &str) {
    let expected = brute(total, &windows(reported, eps));
    let req = request(total, reported, eps);
    let result = scorecheck::run(&req, &scorecheck::RunOptions::default()).unwrap();
    let got: Vec<(u64, u64)> = result["setups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            assert_eq!(s["p"].as_u64().unwrap() + s["n"].as_u64().unwrap(), total);
            // The witness is one of the fitting matrices.
            let (p, n) = (s["p"].as_u64().unwrap(), s["n"].as_u64().unwrap());
            let (tp, tn) = (
                s["witness"]["tp"].as_u64().unwrap(),
                s["witness"]["tn"].as_u64().unwrap(),
            );
            let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
            for (score, lo, hi) in windows(reported, eps) {
                assert!(m
                    .exact(score, &Params::default())
                    .is_some_and(|v| v.within(&lo, &hi)));
            }
            (p, s["n_valid_tptn_pairs"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(got, expected, "{req}");
    assert_eq!(result["n_setups"], json!(expected.len()), "{req}");
    assert_eq!(result["inconsistency"], json!(expected.is_empty()), "{req}");
}

fn two_decimals(x: f64) -> String {
    format!("{x:.2}")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Scores of a true matrix, rounded to two decimals (mostly consistent).
    #[test]
    fn rounded_scores_of_a_matrix(
        total in 1u64..=12,
        p_share in 0.0f64..=1.0,
        tp_share in 0.0f64..=1.0,
        tn_share in 0.0f64..=1.0,
        picks in proptest::collection::vec(0usize..SCORES.len(), 1..=3),
        nudge in -2i32..=2,
        eps in prop_oneof![Just("0.005"), Just("0.01"), Just("0.0001")],
    ) {
        let p = (p_share * total as f64).round() as u64;
        let n = total - p;
        let tp = (tp_share * p as f64).round() as u64;
        let tn = (tn_share * n as f64).round() as u64;
        let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
        let mut reported = Vec::new();
        for (i, &k) in picks.iter().enumerate() {
            let score = SCORES[k];
            if reported.iter().any(|(s, _)| *s == score) {
                continue;
            }
            let Some(v) = m.float(score, &Params::default()) else { continue };
            // The first score is sometimes moved off its true value.
            let v = if i == 0 { v + f64::from(nudge) * 0.01 } else { v };
            reported.push((score, two_decimals(v)));
        }
        prop_assume!(!reported.is_empty());
        compare(total, &reported, eps);
    }

    /// Arbitrary two-decimal reports (mostly inconsistent).
    #[test]
    fn arbitrary_reports(
        total in 1u64..=12,
        values in proptest::collection::vec((0usize..SCORES.len(), 0u32..=100), 1..=3),
    ) {
        let mut reported = Vec::new();
        for (k, v) in values {
            let score = SCORES[k];
            if reported.iter().any(|(s, _)| *s == score) {
                continue;
            }
            let v = if matches!(score, Score::Mcc | Score::Kappa) {
                f64::from(v) / 50.0 - 1.0
            } else {
                f64::from(v) / 100.0
            };
            reported.push((score, two_decimals(v)));
        }
        compare(total, &reported, "0.005");
    }
}

#[test]
fn a_large_total_costs_far_fewer_exact_checks_than_splits() {
    let req = json!({"check": "1_testset_no_kfold", "testset": {"total": 1_000_000},
        "scores": {"acc": 0.9567, "sens": 0.8545, "spec": 0.9734}, "eps": 0.0001, "max_setups": 2});
    let result = scorecheck::run(&req, &scorecheck::RunOptions::default()).unwrap();
    assert_eq!(result["verdict"], "consistent");
    let checks = result["search"]["exact_checks"].as_u64().unwrap();
    let fitting = result["n_setups"].as_u64().unwrap();
    assert!(fitting > 0 && checks < 10 * fitting + 100, "{result}");
    assert!(checks < 1_000_000 / 100, "{result}");
    assert_eq!(result["setups"].as_array().unwrap().len(), 2);
}

#[test]
fn a_passed_deadline_answers_undecided_with_the_share_covered() {
    let req = json!({"check": "1_testset_no_kfold", "testset": {"total": 1_000_000},
        "scores": {"acc": 0.9567, "sens": 0.8545, "spec": 0.9734}, "eps": 0.0001});
    let options = scorecheck::RunOptions::default().with_deadline(std::time::Instant::now());
    let result = scorecheck::run(&req, &options).unwrap();
    assert_eq!(result["verdict"], "undecided", "{result}");
    assert!(result["n_setups"].is_null());
    assert!(result["undecided"]["covered"]
        .as_str()
        .unwrap()
        .contains("splits"));
}

/// Every line of `testdata/setups.jsonl`: the verdict, `n_setups`, the listed p (when the
/// case gives them) and errors naming their field.
#[test]
fn conformance_file() {
    let path = format!("{}/../../testdata/setups.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut cases = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let name = case["name"].as_str().unwrap();
        let expected = &case["expected"];
        cases += 1;
        match scorecheck::run(&case["request"], &scorecheck::RunOptions::default()) {
            Err(e) => {
                assert_eq!(
                    Some(e.field().unwrap_or("")),
                    expected["error"]["field"].as_str(),
                    "{name}: {e}"
                );
            }
            Ok(result) => {
                assert!(expected.get("error").is_none(), "{name}: {result}");
                for key in ["inconsistency", "verdict", "n_setups"] {
                    if let Some(want) = expected.get(key) {
                        assert_eq!(&result[key], want, "{name}: {key} in {result}");
                    }
                }
                if let Some(Value::Array(ps)) = expected.get("p") {
                    let got: Vec<Value> = result["setups"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|s| s["p"].clone())
                        .collect();
                    assert_eq!(&got, ps, "{name}");
                }
            }
        }
    }
    assert!(cases >= 5);
}
