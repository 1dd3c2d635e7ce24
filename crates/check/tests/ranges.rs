//! Exact ranges of scores (`"ranges"`) against brute force over every (tp, tn).

use proptest::prelude::*;
use scorecheck::algebra::{parse_decimal, reported_interval, ConfusionMatrix, Params, Score};
use scorecheck::{run_text, RunOptions};
use serde_json::{json, Value};

const REPORTABLE: [Score; 6] = [
    Score::Acc,
    Score::Sens,
    Score::Spec,
    Score::Ppv,
    Score::F1p,
    Score::Mcc,
];
fn run(request: &Value) -> Value {
    run_text(&request.to_string(), &RunOptions::default()).unwrap()
}

proptest! {
    // Wide windows on grids up to 30 × 30 give tall runs of tn and many columns, so the
    // candidate points (run ends and their neighbours) are tested against every matrix.
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(96)
    ))]
    #[test]
    fn ranges_match_brute_force(
        p in 1u64..=30,
        n in 1u64..=30,
        picks in prop::collection::vec((0usize..6, 0u32..=100), 1..3),
        eps_pick in 0usize..3,
    ) {
        let mut scores = serde_json::Map::new();
        for (i, v) in &picks {
            scores.insert(REPORTABLE[*i].abbreviation().into(), format!("{:.2}", f64::from(*v) / 100.0).parse::<Value>().unwrap());
        }
        let eps_text = ["0.01", "0.05", "0.2"][eps_pick];
        let eps_value: Value = eps_text.parse().unwrap();
        let request = json!({"check": "1_testset_no_kfold", "testset": {"p": p, "n": n}, "scores": scores,
            "eps": eps_value, "ranges": Score::BASE.iter().map(|s| s.abbreviation()).chain(["auc"]).collect::<Vec<_>>()});
        let result = run(&request);
        let eps = parse_decimal(eps_text).unwrap();
        let tol = parse_decimal("0.000001").unwrap();
        let windows: Vec<(Score, _, _)> = scores.iter().map(|(k, v)| {
            let (lo, hi) = reported_interval(&parse_decimal(&v.to_string()).unwrap(), &eps, &tol);
            (Score::from_name(k).unwrap(), lo, hi)
        }).collect();
        let fits: Vec<(u64, u64)> = (0..=p).flat_map(|tp| (0..=n).map(move |tn| (tp, tn))).filter(|&(tp, tn)| {
            let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
            windows.iter().all(|(s, lo, hi)| m.exact(*s, &Params::default()).is_some_and(|v| v.within(lo, hi)))
        }).collect();
        if fits.is_empty() {
            prop_assert_eq!(result["verdict"].clone(), Value::from("inconsistent"));
            prop_assert!(result.get("ranges").is_none());
            return Ok(());
        }
        for &target in Score::BASE {
            let values: Vec<f64> = fits.iter().filter_map(|&(tp, tn)| ConfusionMatrix::new(tp, tn, p, n).unwrap().exact(target, &Params::default()).map(|v| v.to_f64())).collect();
            let entry = &result["ranges"][target.abbreviation()];
            if values.is_empty() {
                prop_assert!(entry.is_null(), "{}: {}", target, entry);
                continue;
            }
            let lo = values.iter().cloned().fold(f64::INFINITY, f64::min);
            let hi = values.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            prop_assert!((entry["min"]["value"].as_f64().unwrap() - lo).abs() < 1e-12, "{} min {} vs {}", target, entry, lo);
            prop_assert!((entry["max"]["value"].as_f64().unwrap() - hi).abs() < 1e-12, "{} max {} vs {}", target, entry, hi);
            // The arg points fit and attain the extremes exactly.
            for (arg, bound) in [("argmin", "min"), ("argmax", "max")] {
                let (tp, tn) = (entry[arg]["tp"].as_u64().unwrap(), entry[arg]["tn"].as_u64().unwrap());
                prop_assert!(fits.contains(&(tp, tn)));
                let v = ConfusionMatrix::new(tp, tn, p, n).unwrap().exact(target, &Params::default()).unwrap();
                prop_assert_eq!(v.to_string(), entry[bound]["exact"].as_str().unwrap().to_string());
            }
        }
        // The AUC: the least tp·tn/(pn) and the largest 1 − fn·fp/(pn).
        let lo = fits.iter().map(|&(tp, tn)| (tp * tn) as f64 / (p * n) as f64).fold(f64::INFINITY, f64::min);
        let hi = fits.iter().map(|&(tp, tn)| 1.0 - ((p - tp) * (n - tn)) as f64 / (p * n) as f64).fold(f64::NEG_INFINITY, f64::max);
        prop_assert!((result["ranges"]["auc"]["min"]["value"].as_f64().unwrap() - lo).abs() < 1e-12);
        prop_assert!((result["ranges"]["auc"]["max"]["value"].as_f64().unwrap() - hi).abs() < 1e-12);
    }
}

#[test]
fn ranges_in_the_data_file_hold() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/ranges.jsonl");
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let case: Value = serde_json::from_str(line).unwrap();
        let result = run(&case["request"]);
        for (score, expected) in case["expected_ranges"].as_object().unwrap() {
            let got = &result["ranges"][score];
            if expected.is_null() {
                assert!(got.is_null(), "{}: {score} {got}", case["name"]);
                continue;
            }
            assert_eq!(
                got["min"]["exact"], expected["min"],
                "{}: {score}",
                case["name"]
            );
            assert_eq!(
                got["max"]["exact"], expected["max"],
                "{}: {score}",
                case["name"]
            );
        }
    }
}

#[test]
fn ranges_that_cannot_be_listed_are_undecided_not_guessed() {
    // 10^5 columns of consistent matrices (4·10^8 matrices) are read; 10^12 columns are not.
    let request = json!({"check": "1_testset_no_kfold", "testset": {"p": 100000, "n": 100000},
        "scores": {"acc": 0.5}, "eps": 0.01, "ranges": ["mcc"]});
    let result = run(&request);
    assert_eq!(result["verdict"], "consistent");
    assert_eq!(
        result["ranges"]["mcc"]["min"]["exact"], "-1/33*sqrt(11)",
        "{}",
        result["ranges"]
    );
    let request = json!({"check": "1_testset_no_kfold", "testset": {"p": 1_000_000_000_000u64, "n": 1_000_000_000_000u64},
        "scores": {"acc": 0.5}, "eps": 0.01, "ranges": ["mcc"], "time_limit": 0.5});
    let result = run(&request);
    assert_eq!(result["verdict"], "consistent");
    assert!(
        result["ranges"]["mcc"]["undecided"]
            .as_str()
            .unwrap()
            .contains("time limit"),
        "{}",
        result["ranges"]
    );
    let bad = json!({"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 10},
        "scores": {"acc": 0.5}, "eps": 0.01, "ranges": ["mcx"]});
    let error = run_text(&bad.to_string(), &RunOptions::default()).unwrap_err();
    assert_eq!(error.field(), Some("ranges[0]"));
}
