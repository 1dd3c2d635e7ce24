//! `"repair": true` against brute force: the smallest sets of scores to change, and the
//! exact ranges they would need.

use proptest::prelude::*;
use scorecheck::algebra::{parse_decimal, reported_interval, ConfusionMatrix, Params, Score};
use scorecheck::{run_text, RunOptions};
use serde_json::{json, Value};

const SCORES: [Score; 5] = [Score::Acc, Score::Sens, Score::Spec, Score::Ppv, Score::Mcc];

fn fits(
    p: u64,
    n: u64,
    windows: &[(
        Score,
        (num_rational::BigRational, num_rational::BigRational),
    )],
) -> Vec<(u64, u64)> {
    (0..=p)
        .flat_map(|tp| (0..=n).map(move |tn| (tp, tn)))
        .filter(|&(tp, tn)| {
            let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
            windows.iter().all(|(s, (lo, hi))| {
                m.exact(*s, &Params::default())
                    .is_some_and(|v| v.within(lo, hi))
            })
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    #[test]
    fn repairs_are_smallest_and_their_ranges_exact(
        p in 1u64..=10,
        n in 1u64..=10,
        picks in prop::collection::vec((0usize..5, 0u32..=100), 2..5),
    ) {
        let eps = parse_decimal("0.005").unwrap();
        let tol = parse_decimal("0.000001").unwrap();
        let mut scores = serde_json::Map::new();
        let mut windows = Vec::new();
        for (i, v) in picks {
            let s = SCORES[i];
            if windows.iter().any(|(w, _)| *w == s) { continue; }
            let text = format!("{:.2}", f64::from(v) / 100.0);
            windows.push((s, reported_interval(&parse_decimal(&text).unwrap(), &eps, &tol)));
            scores.insert(s.abbreviation().into(), text.parse::<Value>().unwrap());
        }
        let request = json!({"check": "1_testset_no_kfold", "testset": {"p": p, "n": n}, "scores": scores, "eps": 0.005, "repair": true, "max_repairs": 100});
        let result = run_text(&request.to_string(), &RunOptions::default()).unwrap();
        if !fits(p, n, &windows).is_empty() {
            prop_assert!(result.get("repair").is_none());
            return Ok(());
        }
        // Brute force: the least number of scores whose removal leaves a fit (removing every
        // score leaves no constraint, which every matrix fits).
        let k = windows.len();
        let mut smallest: Option<usize> = None;
        let mut all_smallest = Vec::new();
        for mask in 1u32..(1 << k) {
            let size = mask.count_ones() as usize;
            let rest: Vec<_> = windows.iter().enumerate().filter(|(i, _)| mask & (1 << i) == 0).map(|(_, w)| w.clone()).collect();
            if !fits(p, n, &rest).is_empty() {
                match smallest {
                    Some(s) if s < size => {}
                    Some(s) if s == size => all_smallest.push(mask),
                    _ => { smallest = Some(size); all_smallest = vec![mask]; }
                }
            }
        }
        let repair = &result["repair"];
        match smallest {
            None => prop_assert!(repair["change"].is_null(), "{}", repair),
            Some(size) => {
                let change = repair["change"].as_array().unwrap();
                prop_assert_eq!(change.len(), size, "{}", repair);
                prop_assert_eq!(repair["n_repairs"].as_u64().unwrap() as usize, all_smallest.len());
                prop_assert_eq!(&repair["more_repairs"], &Value::Bool(false));
                // The needed ranges are exact over the kept scores' fits.
                let removed: Vec<Score> = change.iter().map(|c| Score::from_name(c.as_str().unwrap()).unwrap()).collect();
                let rest: Vec<_> = windows.iter().filter(|(s, _)| !removed.contains(s)).cloned().collect();
                let points = fits(p, n, &rest);
                for s in removed {
                    let values: Vec<f64> = points.iter().filter_map(|&(tp, tn)| ConfusionMatrix::new(tp, tn, p, n).unwrap().exact(s, &Params::default()).map(|v| v.to_f64())).collect();
                    let entry = &repair["needed"][s.abbreviation()];
                    if values.is_empty() {
                        prop_assert!(entry.is_null());
                        continue;
                    }
                    let lo = values.iter().cloned().fold(f64::INFINITY, f64::min);
                    let hi = values.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                    prop_assert!((entry["min"]["value"].as_f64().unwrap() - lo).abs() < 1e-12);
                    prop_assert!((entry["max"]["value"].as_f64().unwrap() - hi).abs() < 1e-12);
                }
            }
        }
    }
}

#[test]
fn repair_conformance_file() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/repair.jsonl");
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let case: Value = serde_json::from_str(line).unwrap();
        let result = run_text(&request_text(line), &RunOptions::default()).unwrap();
        let repair = &result["repair"];
        assert_eq!(
            repair["change"], case["expected"]["change"],
            "{}: {repair}",
            case["name"]
        );
        for (score, range) in case["expected"]["needed"].as_object().unwrap() {
            assert_eq!(
                repair["needed"][score]["min"]["exact"], range["min"],
                "{}: {score}",
                case["name"]
            );
            assert_eq!(
                repair["needed"][score]["max"]["exact"], range["max"],
                "{}: {score}",
                case["name"]
            );
        }
    }
}

/// The `request` of a test-data line as JSON text, numbers as written and keys in order
/// (a `serde_json::Value` keeps neither).
fn request_text(line: &str) -> String {
    scorecheck::json::Json::parse(line).expect("a JSON line")["request"].to_string()
}

#[test]
fn more_repairs_says_whether_sets_of_the_least_size_were_left_out() {
    // Two smallest repairs: change spec, or change acc.
    let request = |max: u64| {
        json!({"check": "1_testset_no_kfold", "testset": {"p": 50, "n": 150},
            "scores": {"sens": 0.8, "spec": 0.7, "acc": 0.95}, "eps": 0.001,
            "repair": true, "max_repairs": max})
        .to_string()
    };
    let one = run_text(&request(1), &RunOptions::default()).unwrap();
    assert_eq!(one["repair"]["n_repairs"], 1);
    assert_eq!(one["repair"]["more_repairs"], true);
    let two = run_text(&request(2), &RunOptions::default()).unwrap();
    assert_eq!(two["repair"]["n_repairs"], 2);
    assert_eq!(two["repair"]["more_repairs"], false);
}

#[test]
fn every_score_to_change_is_named_in_the_message_even_without_its_range() {
    // So many consistent matrices that the ranges are not computed: the repair still says
    // which figures would change, and why no interval is given.
    let request = json!({"check": "1_testset_no_kfold", "testset": {"p": u64::MAX, "n": 1},
        "scores": {"acc": 0.5, "upm": 0.3, "pt": 0.2}, "eps": 1e-4, "repair": true});
    let result: Value = run_text(&request.to_string(), &RunOptions::default()).unwrap();
    let repair = &result["repair"];
    assert_eq!(repair["change"], json!(["pt", "upm"]), "{result}");
    let message = repair["message"].as_str().unwrap();
    for said in [
        "upm 0.3 would need another value",
        "pt 0.2 would need another value",
    ] {
        assert!(message.contains(said), "{message}");
    }
}
