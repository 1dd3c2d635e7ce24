//! How telling a "consistent" is (`"power": true`): against brute force over every (tp, tn) on small sets, and the conformance file `testdata/power.jsonl`.

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
];

/// Whether some (tp, tn) puts every two-decimal report within eps (tolerance 1e-6).
fn fits(p: u64, n: u64, reported: &[(Score, String)], eps: &str) -> bool {
    let eps = parse_decimal(eps).unwrap();
    let tol = parse_decimal("0.000001").unwrap();
    let windows: Vec<(Score, BigRational, BigRational)> = reported
        .iter()
        .map(|(s, t)| {
            let (lo, hi) = reported_interval(&parse_decimal(t).unwrap(), &eps, &tol);
            (*s, lo, hi)
        })
        .collect();
    (0..=p).any(|tp| {
        (0..=n).any(|tn| {
            let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
            windows.iter().all(|(s, lo, hi)| {
                m.exact(*s, &Params::default())
                    .is_some_and(|v| v.within(lo, hi))
            })
        })
    })
}

/// One hundredth up or down, in the score's natural range.
fn moved(score: Score, text: &str, step: i64) -> Option<String> {
    let hundredths: i64 = (text.parse::<f64>().unwrap() * 100.0).round() as i64 + step;
    let (lo, hi) = score.natural_range();
    if lo.is_some_and(|l| hundredths < l * 100) || hi.is_some_and(|h| hundredths > h * 100) {
        return None;
    }
    let sign = if hundredths < 0 { "-" } else { "" };
    Some(format!(
        "{sign}{}.{:02}",
        hundredths.abs() / 100,
        hundredths.abs() % 100
    ))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn flagged_moves_are_those_no_matrix_fits(
        p in 1u64..=15,
        n in 1u64..=15,
        tp_share in 0.0f64..=1.0,
        tn_share in 0.0f64..=1.0,
        picks in proptest::collection::vec(0usize..SCORES.len(), 1..=3),
        eps in prop_oneof![Just("0.005"), Just("0.01")],
    ) {
        let tp = (tp_share * p as f64).round() as u64;
        let tn = (tn_share * n as f64).round() as u64;
        let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
        let mut reported: Vec<(Score, String)> = Vec::new();
        for &k in &picks {
            let score = SCORES[k];
            if reported.iter().any(|(s, _)| *s == score) {
                continue;
            }
            if let Some(v) = m.float(score, &Params::default()) {
                reported.push((score, format!("{v:.2}")));
            }
        }
        prop_assume!(!reported.is_empty());
        // As text: the figures' written decimals ("0.50") decide the size of a move.
        let scores: Vec<String> = reported
            .iter()
            .map(|(s, t)| format!("\"{}\": {t}", s.abbreviation()))
            .collect();
        let request = format!(
            r#"{{"check": "1_testset_no_kfold", "testset": {{"p": {p}, "n": {n}}}, "scores": {{{}}}, "eps": {eps}, "power": true}}"#,
            scores.join(", ")
        );
        let result = scorecheck::run_text(&request, &scorecheck::RunOptions::default()).unwrap();
        prop_assert_eq!(&result["verdict"], "consistent");
        let mut perturbations = 0;
        let mut flagged = 0;
        for (i, (score, text)) in reported.iter().enumerate() {
            let mut hits = 0;
            for step in [-1, 1] {
                let Some(new) = moved(*score, text, step) else { continue };
                perturbations += 1;
                let mut changed = reported.clone();
                changed[i].1 = new;
                if !fits(p, n, &changed, eps) {
                    hits += 1;
                }
            }
            flagged += hits;
            prop_assert_eq!(&result["power"]["flagged_by_score"][score.abbreviation()], &json!(hits), "{}", result);
        }
        prop_assert_eq!(&result["power"]["perturbations"], &json!(perturbations));
        prop_assert_eq!(&result["power"]["flagged"], &json!(flagged));
    }
}

#[test]
fn power_is_refused_where_it_is_not_measured() {
    let request = json!({"check": "n_testsets_mos_no_kfold", "testsets": [{"p": 5, "n": 5}],
        "scores": {"acc": 0.5}, "eps": 0.01, "power": true});
    let error = scorecheck::run(&request, &scorecheck::RunOptions::default()).unwrap_err();
    assert_eq!(error.field(), Some("power"));
    let request = json!({"check": "1_testset_no_kfold", "testset": {"p": 5, "n": 5},
        "scores": {"acc": 0.5}, "eps": 0.01, "power": "yes"});
    let error = scorecheck::run(&request, &scorecheck::RunOptions::default()).unwrap_err();
    assert_eq!(error.field(), Some("power"));
}

/// Every line of `testdata/power.jsonl`: verdict and the `power` object's counts.
#[test]
fn conformance_file() {
    let path = format!("{}/../../testdata/power.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut cases = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let name = case["name"].as_str().unwrap();
        let expected = &case["expected"];
        cases += 1;
        let result = scorecheck::run_text(&request_text(line), &scorecheck::RunOptions::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(result["verdict"], expected["verdict"], "{name}: {result}");
        for key in ["perturbations", "flagged", "flagged_by_score", "skipped"] {
            if let Some(want) = expected["power"].get(key) {
                assert_eq!(&result["power"][key], want, "{name}: {key} in {result}");
            }
        }
    }
    assert!(cases >= 4);
}

/// The `request` of a test-data line as JSON text, numbers as written and keys in order
/// (a `serde_json::Value` keeps neither).
fn request_text(line: &str) -> String {
    scorecheck::json::Json::parse(line).expect("a JSON line")["request"].to_string()
}

#[test]
fn a_reported_auc_is_moved_too() {
    // p = 2, n = 4: an AUC is a multiple of 1/16 = 0.0625; 0.6875 = 11/16 is one, and
    // neither 0.6874 nor 0.6876 (eps 0.00005 from their four decimals) holds one.
    let result = scorecheck::run_text(
        r#"{"check": "1_testset_no_kfold", "testset": {"p": 2, "n": 4}, "scores": {"auc": 0.6875}, "eps": "auto", "power": true}"#,
        &scorecheck::RunOptions::default(),
    )
    .unwrap();
    assert_eq!(result["power"]["perturbations"], 2, "{result}");
    assert_eq!(result["power"]["flagged_by_score"]["auc"], 2, "{result}");
}
