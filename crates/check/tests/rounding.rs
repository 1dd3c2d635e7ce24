//! `"eps": "auto"`, `"rounding"` and `"percent"` against brute force over every (tp, tn).

use num_rational::BigRational;
use proptest::prelude::*;
use scorecheck::algebra::{parse_decimal, ConfusionMatrix, Params, Score};
use scorecheck::json::{Json, JsonMap, Number};
use scorecheck::{run_text, RunOptions};
use serde_json::Value;

const SCORES: [Score; 5] = [Score::Acc, Score::Sens, Score::Spec, Score::Ppv, Score::F1p];
const MODES: [&str; 4] = ["nearest", "floor", "ceil", "any"];

fn q(text: &str) -> BigRational {
    parse_decimal(text).unwrap()
}

/// The window the issue defines, written out independently of the implementation.
fn window(
    text: &str,
    decimals: usize,
    mode: &str,
    percent: bool,
    eps: Option<&str>,
) -> (BigRational, BigRational) {
    let scale = if percent { q("0.01") } else { q("1") };
    let v = q(text) * &scale;
    let (x, auto) = match eps {
        Some(e) => (q(e) * &scale, false),
        None => (q(&format!("1e-{decimals}")) * &scale, true),
    };
    let half = &x / BigRational::from_integer(2.into());
    let tol = q("0.000001");
    let (lo, hi) = match (mode, auto) {
        ("nearest", true) => (&v - &half, &v + &half),
        ("nearest", false) | ("any", _) => (&v - &x, &v + &x),
        ("floor", _) => (v.clone(), &v + &x),
        _ => (&v - &x, v.clone()),
    };
    (lo - &tol, hi + &tol)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn rounding_modes_match_brute_force(
        p in 1u64..=20,
        n in 1u64..=20,
        picks in prop::collection::vec((0usize..5, 0u32..=1000, 1usize..=3, 0usize..4), 1..4),
        percent in any::<bool>(),
        explicit in prop_oneof![Just(None), Just(Some("0.01")), Just(Some("0.005"))],
        per_score in any::<bool>(),
    ) {
        // Built as the request tree: the figures' written decimals matter.
        let mut scores = JsonMap::new();
        let mut rounding = JsonMap::new();
        let mut windows = Vec::new();
        let mut used = Vec::new();
        let first_mode = MODES[picks[0].3];
        for (i, v, decimals, m) in picks {
            let score = SCORES[i];
            if used.contains(&score) {
                continue;
            }
            used.push(score);
            // A value with exactly `decimals` decimals (in percent: two fewer digits after the point).
            let value = f64::from(v) / 1000.0;
            let text = if percent {
                let d = decimals.saturating_sub(2);
                format!("{:.*}", d, value * 100.0)
            } else {
                format!("{:.*}", decimals, value)
            };
            let shown_decimals = text.split('.').nth(1).map_or(0, str::len);
            let mode = if per_score { MODES[m] } else { first_mode };
            let eps = explicit.map(|e| if percent { if e == "0.01" { "1" } else { "0.5" } } else { e });
            windows.push((score, window(&text, shown_decimals, mode, percent, eps)));
            scores.insert(score.abbreviation(), Json::Number(Number::parse(&text).unwrap()));
            rounding.insert(score.abbreviation(), Json::from(mode));
        }
        let number = |text: &str| Json::Number(Number::parse(text).unwrap());
        let eps_value = match explicit {
            None => Json::from("auto"),
            Some(e) => if percent { number(if e == "0.01" { "1" } else { "0.5" }) } else { number(e) },
        };
        let rounding_value = if per_score { Json::Object(rounding) } else { Json::from(first_mode) };
        let mut testset = JsonMap::new();
        testset.insert("p", Json::from(p));
        testset.insert("n", Json::from(n));
        let mut fields = JsonMap::new();
        fields.insert("check", Json::from("1_testset_no_kfold"));
        fields.insert("testset", Json::Object(testset));
        fields.insert("scores", Json::Object(scores));
        fields.insert("eps", eps_value);
        fields.insert("rounding", rounding_value);
        fields.insert("percent", Json::from(percent));
        let request = Json::Object(fields);
        let expected = (0..=p).any(|tp| (0..=n).any(|tn| {
            let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
            windows.iter().all(|(s, (lo, hi))| m.exact(*s, &Params::default()).is_some_and(|v| v.within(lo, hi)))
        }));
        let result = run_text(&request.to_string(), &RunOptions::default()).unwrap();
        prop_assert_eq!(result["inconsistency"].clone(), Value::Bool(!expected), "{} -> {}", request, result);
    }
}

#[test]
fn rounding_conformance_file() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/rounding.jsonl");
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let case: Value = serde_json::from_str(line).unwrap();
        let result = run_text(&request_text(line), &RunOptions::default());
        match (&result, case["expected"].get("error")) {
            (Err(e), Some(field)) => assert_eq!(
                Some(e.field().unwrap_or("")),
                field.as_str(),
                "{}",
                case["name"]
            ),
            (Ok(v), None) => assert_eq!(
                v["inconsistency"], case["expected"]["inconsistency"],
                "{}: {v}",
                case["name"]
            ),
            (other, _) => panic!("{}: {other:?}", case["name"]),
        }
    }
}

/// The `request` of a test-data line as JSON text, numbers as written and keys in order
/// (a `serde_json::Value` keeps neither).
fn request_text(line: &str) -> String {
    scorecheck::json::Json::parse(line).expect("a JSON line")["request"].to_string()
}

#[test]
fn eps_auto_is_read_in_any_case_for_the_whole_request_only() {
    let ask = |eps: &str| {
        let text = format!(
            r#"{{"check": "1_testset_no_kfold", "testset": {{"p": 10, "n": 10}}, "scores": {{"acc": 0.5}}, "eps": {eps}}}"#
        );
        run_text(&text, &RunOptions::default())
    };
    let lower = ask(r#""auto""#).unwrap();
    for spelling in [r#""AUTO""#, r#""Auto""#] {
        let result = ask(spelling).unwrap();
        assert_eq!(result["windows"], lower["windows"], "{spelling}");
    }
    let per_score = ask(r#"{"acc": "auto"}"#).unwrap_err();
    assert_eq!(per_score.field(), Some("eps.acc"));
    assert!(
        per_score.to_string().contains("whole request"),
        "{per_score}"
    );
    let empty_rounding = run_text(
        r#"{"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 10}, "scores": {"sens": 0.34}, "eps": "auto", "rounding": {}}"#,
        &RunOptions::default(),
    )
    .unwrap_err();
    assert_eq!(empty_rounding.field(), Some("rounding"));
}
