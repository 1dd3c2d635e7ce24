//! Regression checks: scores of real residual vectors are consistent, rmse above √n·mae and
//! the other broken relations are caught, and the reference's documented examples hold.

use proptest::prelude::*;
use scorecheck::{run, RunOptions};
use serde_json::{json, Value};

fn check(var: &str, n: u64, scores: Value, eps: Value) -> Value {
    let request = json!({"check": "regression_1_testset_no_kfold", "var": var, "n_samples": n, "scores": scores, "eps": eps});
    run(&request, &RunOptions::default()).unwrap_or_else(|e| panic!("{request}: {e}"))
}

/// The scores of residuals `e` for targets of variance `var`, rounded to `decimals`.
fn scores_of(e: &[f64], var: f64, decimals: usize) -> Value {
    let n = e.len() as f64;
    let mae = e.iter().map(|x| x.abs()).sum::<f64>() / n;
    let mse = e.iter().map(|x| x * x).sum::<f64>() / n;
    let round = |x: f64| format!("{x:.decimals$}");
    json!({"mae": round(mae), "mse": round(mse), "rmse": round(mse.sqrt()), "r2": round(1.0 - mse / var)})
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Scores computed from any residual vector are consistent (of two samples at least: r2
    /// is undefined on one, whose target has variance 0).
    #[test]
    fn residual_vectors_are_consistent(e in prop::collection::vec(-3.0f64..3.0, 2..40), var in 0.5f64..5.0, decimals in 3usize..=6) {
        let eps = format!("{}", 10f64.powi(-(decimals as i32)));
        let var_text = format!("{var}");
        let result = check(&var_text, e.len() as u64, scores_of(&e, var_text.parse().unwrap(), decimals), json!(eps));
        prop_assert_eq!(&result["inconsistency"], &json!(false), "{}", result);
    }

    /// rmse clearly above √n·mae is caught, naming the relation; rmse clearly between mae
    /// and √n·mae is consistent (the relations are complete).
    #[test]
    fn rmse_beyond_sqrt_n_mae_is_inconsistent(n in 1u64..50, mae in 0.01f64..2.0, over in 1.02f64..3.0, inside in 0.0f64..1.0) {
        let eps = 1e-6;
        let high = (n as f64).sqrt() * mae;
        let bad = format!("{:.6}", high * over + 10.0 * eps);
        let result = check("1", n, json!({"mae": format!("{mae:.6}"), "rmse": bad}), json!(eps));
        prop_assert_eq!(&result["inconsistency"], &json!(true), "{}", result);
        prop_assert_eq!(&result["failed"], &json!(["rmse <= sqrt(n)*mae"]));
        // Strictly inside [mae, √n·mae] with room for rounding.
        let mae_text = format!("{mae:.6}");
        let a: f64 = mae_text.parse().unwrap();
        let r = a + (high - a) * (0.001 + 0.998 * inside);
        let result = check("1", n, json!({"mae": mae_text, "rmse": format!("{r:.6}")}), json!(eps));
        prop_assert_eq!(&result["inconsistency"], &json!(false), "{}", result);
    }
}

/// The extreme residual vectors sit exactly on the two boundaries.
#[test]
fn boundaries_are_attained() {
    // Equal residuals: rmse = mae.
    let r = check("1", 4, json!({"mae": 0.5, "rmse": 0.5}), json!(1e-9));
    assert_eq!(r["inconsistency"], false, "{r}");
    // One non-zero residual 2 among 4: mae = 0.5, rmse = 1 = √4·0.5.
    let r = check("1", 4, json!({"mae": 0.5, "mse": 1}), json!(1e-9));
    assert_eq!(r["inconsistency"], false, "{r}");
    let r = check("1", 4, json!({"mae": 0.5, "mse": 1.001}), json!("1e-9"));
    assert_eq!(r["failed"], json!(["rmse <= sqrt(n)*mae"]), "{r}");
    let r = check("1", 4, json!({"mae": 0.5, "mse": 0.249}), json!("1e-9"));
    assert_eq!(r["failed"], json!(["mae <= rmse"]), "{r}");
    // mae = 0 forces rmse = 0.
    let r = check("1", 10, json!({"mae": 0, "rmse": 0.01}), json!("1e-9"));
    assert_eq!(r["inconsistency"], true, "{r}");
}

/// Contradictions between mse, rmse and r2 are caught too (the reference never compares them).
#[test]
fn mse_rmse_r2_must_agree() {
    let r = check("2", 10, json!({"mse": 0.5, "rmse": 0.5}), json!(1e-4));
    assert_eq!(r["inconsistency"], true, "{r}");
    assert_eq!(r["failed"], json!(["mse = rmse^2"]), "{r}");
    let r = check("2", 10, json!({"mse": 0.5, "r2": 0.75}), json!(1e-4));
    assert_eq!(r["inconsistency"], false, "{r}");
    let r = check("2", 10, json!({"r2": 1.5}), json!(1e-4));
    assert_eq!(r["failed"], json!(["r2 <= 1"]), "{r}");
}

/// The reference's documented examples.
#[test]
fn reference_examples() {
    let r = check(
        "0.08316192579267838",
        100,
        json!({"mae": 0.0254, "r2": 0.9897}),
        json!(1e-4),
    );
    assert_eq!(r["inconsistency"], false, "{r}");
    let r = check(
        "0.08316192579267838",
        100,
        json!({"mae": 0.03, "r2": 0.9897}),
        json!(1e-4),
    );
    assert_eq!(r["inconsistency"], true, "{r}");
    assert_eq!(r["failed"], json!(["mae <= rmse"]));
}

/// Unknown score names suggest close ones; r2 with zero variance is refused.
#[test]
fn bad_inputs_name_the_field() {
    let err = run(&json!({"check": "regression_1_testset_no_kfold", "var": 1, "n_samples": 3, "scores": {"rmsee": 0.1}, "eps": 0.01}), &RunOptions::default()).unwrap_err();
    assert_eq!(err.field(), Some("scores.rmsee"));
    assert!(err.message().contains("rmse"), "{err}");
    let err = run(&json!({"check": "regression_1_testset_no_kfold", "var": 0, "n_samples": 3, "scores": {"r2": 0.1}, "eps": 0.01}), &RunOptions::default()).unwrap_err();
    assert_eq!(err.field(), Some("var"));
    let err = run(&json!({"check": "regression_1_testset_no_kfold", "var": 1, "n_samples": 0, "scores": {"mae": 0.1}, "eps": 0.01}), &RunOptions::default()).unwrap_err();
    assert_eq!(err.field(), Some("n_samples"));
    let ok = run(&json!({"check": "regression_1_testset_no_kfold", "var": 1, "n_samples": 3, "scores": {"mean_absolute_error": 0.1, "root_mean_squared_error": 0.1}, "eps": 0.01}), &RunOptions::default()).unwrap();
    assert_eq!(ok["inconsistency"], false);
}

/// The conformance cases of `testdata/regression.jsonl`.
#[test]
fn conformance_cases() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/regression.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let result = run(&case["request"], &RunOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", case["name"]));
        assert_eq!(
            result["inconsistency"], case["expected"]["inconsistency"],
            "{}: {result}",
            case["name"]
        );
        n += 1;
    }
    assert!(n > 0);
}

/// The typed outcome through `answer_regression`: failed relations, the range of mse.
mod typed {
    use num_rational::BigRational;
    use scorecheck::feasibility::{Certainty, Conclusion};
    use scorecheck::outcomes::RegressionOutcome;
    use scorecheck::regression_engine::{RegressionScore, Reported};
    use scorecheck::request::regression::RegressionRequest;
    use scorecheck::{answer_regression, Outcome, RunOptions};

    fn answer(
        request: &RegressionRequest,
        options: &RunOptions,
    ) -> scorecheck::Result<RegressionOutcome> {
        answer_regression(request, options).map(|answer| match answer.outcome {
            Outcome::Regression(outcome) => outcome,
            other => panic!("a regression outcome, not {other:?}"),
        })
    }

    fn q(a: i64, b: i64) -> BigRational {
        BigRational::new(a.into(), b.into())
    }

    fn window(score: RegressionScore, value: BigRational) -> Reported {
        Reported::exactly(score, value)
    }

    #[test]
    fn a_failed_relation_is_a_typed_inconsistent_outcome() {
        // mae = 2 > rmse = 1 cannot be: mae ≤ rmse always.
        let request = RegressionRequest::new(
            q(1, 1),
            10,
            vec![
                window(RegressionScore::Mae, q(2, 1)),
                window(RegressionScore::Rmse, q(1, 1)),
            ],
        );
        let outcome = answer(&request, &RunOptions::default()).unwrap();
        assert_eq!(
            outcome.conclusion,
            Conclusion::Inconsistent {
                certainty: Certainty::Exact
            }
        );
        assert_eq!(outcome.failed, vec!["mae <= rmse".to_string()]);
        assert!(outcome.feasible_mse.is_none());
        assert!(outcome.explanation.contains("mae"));
    }

    #[test]
    fn consistent_scores_give_the_range_of_mse() {
        let request =
            RegressionRequest::new(q(1, 1), 10, vec![window(RegressionScore::Rmse, q(1, 2))]);
        let outcome = answer(&request, &RunOptions::default()).unwrap();
        assert_eq!(outcome.conclusion, Conclusion::Consistent);
        assert!(outcome.failed.is_empty());
        let (low, high) = outcome.feasible_mse.unwrap();
        assert_eq!(low, q(1, 4));
        assert_eq!(high, Some(q(1, 4)));
    }
}
