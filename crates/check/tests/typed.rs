//! Typed requests answer as their JSON does: every conformance case of the single-matrix,
//! mean-of-scores, unknown-folds, multiclass and regression families is read into its typed request and
//! answered through `answer_*`, and the result must equal `run_json`'s (without its `check`
//! field). With the `serde` feature each typed request also goes through serde_json and back
//! first, and must answer the same.

use scorecheck::json::Json;
use scorecheck::request::classes::{self, MulticlassProtocol};
use scorecheck::request::input::Object;
use scorecheck::request::{mean_of_scores, regression, single_matrix, unknown_folds};
use scorecheck::{
    answer_mean_of_scores, answer_multiclass, answer_regression, answer_single_matrix,
    answer_unknown_folds, run_json, Answer, Conclusion, RunOptions,
};
use serde_json::Value;

/// Options a request may carry that the typed requests leave to `RunOptions`.
const OPTION_FIELDS: &[&str] = &[
    "backend",
    "time_limit",
    "timeout",
    "max_configurations",
    "max_witnesses",
    "max_nodes",
    "count_budget",
    "explain",
    "power",
];

/// Drops what varies from run to run (timings, search statistics, how many configurations
/// a parallel sweep examined before it stopped early) and the `check` field only `run_json`
/// writes.
fn stable(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(k, _)| {
                    !matches!(
                        k.as_str(),
                        "seconds" | "statistics" | "check" | "configurations_examined" | "covered"
                    )
                })
                .map(|(k, v)| (k, stable(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(stable).collect()),
        other => other,
    }
}

#[cfg(feature = "serde")]
fn through_serde<T: serde::Serialize + serde::de::DeserializeOwned>(typed: T) -> T {
    let text = serde_json::to_string(&typed).expect("a typed request serializes");
    serde_json::from_str(&text).expect("and deserializes")
}

#[cfg(not(feature = "serde"))]
fn through_serde<T>(typed: T) -> T {
    typed
}

/// The typed answer of `request`, or `None` when its family has no typed entry point.
fn typed_answer(request: &Json, options: &RunOptions) -> Option<Result<Answer, scorecheck::Error>> {
    let fields = Object::new(request, "").ok()?;
    let check = request.get("check")?.as_str()?;
    let check = check.strip_prefix("check_").unwrap_or(check);
    let testset_total = request
        .get("testset")
        .is_some_and(single_matrix::asks_for_splits);
    let answer = match check {
        "1_testset_no_kfold" if !testset_total => single_matrix::read_testset(&fields)
            .and_then(|r| answer_single_matrix(&through_serde(r), options)),
        "1_dataset_kfold_som" => single_matrix::read_dataset_kfold(&fields)
            .and_then(|r| answer_single_matrix(&through_serde(r), options)),
        "n_testsets_som_no_kfold" => single_matrix::read_testsets_pooled(&fields)
            .and_then(|r| answer_single_matrix(&through_serde(r), options)),
        "n_datasets_som_kfold_som" => single_matrix::read_datasets_pooled(&fields)
            .and_then(|r| answer_single_matrix(&through_serde(r), options)),
        "1_dataset_known_folds_mos" => mean_of_scores::read_dataset_known_folds(&fields)
            .and_then(|r| answer_mean_of_scores(&through_serde(r), options)),
        "n_testsets_mos_no_kfold" => mean_of_scores::read_testsets(&fields)
            .and_then(|r| answer_mean_of_scores(&through_serde(r), options)),
        "n_datasets_mos_kfold_som" => mean_of_scores::read_datasets_pooled(&fields)
            .and_then(|r| answer_mean_of_scores(&through_serde(r), options)),
        "n_datasets_mos_known_folds_mos" => mean_of_scores::read_datasets_known_folds(&fields)
            .and_then(|r| answer_mean_of_scores(&through_serde(r), options)),
        "1_dataset_unknown_folds_mos" => unknown_folds::read_one(&fields)
            .and_then(|r| answer_unknown_folds(&through_serde(r), options)),
        "n_datasets_mos_unknown_folds_mos" => unknown_folds::read_many(&fields)
            .and_then(|r| answer_unknown_folds(&through_serde(r), options)),
        "1_testset_no_kfold_micro"
        | "1_dataset_known_folds_som_micro"
        | "1_dataset_known_folds_mos_micro"
        | "1_testset_no_kfold_macro"
        | "1_dataset_known_folds_som_macro"
        | "1_dataset_known_folds_mos_macro" => {
            let protocol = match check {
                "1_testset_no_kfold_micro" => MulticlassProtocol::TestsetMicro,
                "1_dataset_known_folds_som_micro" => MulticlassProtocol::DatasetSomMicro,
                "1_dataset_known_folds_mos_micro" => MulticlassProtocol::DatasetMosMicro,
                "1_testset_no_kfold_macro" => MulticlassProtocol::TestsetMacro,
                "1_dataset_known_folds_som_macro" => MulticlassProtocol::DatasetSomMacro,
                _ => MulticlassProtocol::DatasetMosMacro,
            };
            classes::read_multiclass(&fields, protocol)
                .and_then(|r| answer_multiclass(&through_serde(r), options))
        }
        "regression_1_testset_no_kfold" => regression::read_testset(&fields)
            .and_then(|r| answer_regression(&through_serde(r), options)),
        _ => return None,
    };
    Some(answer)
}

#[test]
fn typed_requests_answer_as_their_json_does() {
    let options = RunOptions::default();
    let mut compared = 0;
    let mut concluded = 0;
    for family in [
        "binary_single",
        "binary_mos",
        "multiclass",
        "unknown_folds",
        "regression",
        "auc",
        "ranges",
        "rounding",
        "repair",
    ] {
        let path = format!(
            "{}/../../testdata/{family}.jsonl",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("testdata is readable");
        for (i, line) in text.lines().enumerate() {
            let Ok(case) = Json::parse(line) else {
                continue;
            };
            let Some(request) = case.get("request") else {
                continue;
            };
            if OPTION_FIELDS.iter().any(|f| request.get(f).is_some()) {
                continue;
            }
            let Ok(expected) = run_json(request, &options) else {
                // Bad input: the typed readers give the same error (they are what run_json
                // reads with), which the bad-input tests check.
                continue;
            };
            let Some(typed) = typed_answer(request, &options) else {
                continue;
            };
            let typed = typed.unwrap_or_else(|e| panic!("{family}:{}: {e}", i + 1));
            // The typed conclusion states the case's expected verdict, where the data file
            // gives one.
            let expected_inconsistency = case
                .get("expected")
                .and_then(|e| e.get("inconsistency"))
                .and_then(Json::as_bool);
            match (expected_inconsistency, typed.conclusion) {
                (None, _)
                | (Some(false), Conclusion::Consistent)
                | (Some(true), Conclusion::Inconsistent { .. }) => {}
                (Some(inconsistency), conclusion) => panic!(
                    "{family}:{}: expected inconsistency {inconsistency}, the typed answer concludes {conclusion:?}",
                    i + 1
                ),
            }
            concluded += usize::from(expected_inconsistency.is_some());
            assert_eq!(
                stable(typed.to_json()),
                stable(expected),
                "{family}:{}: the typed answer differs",
                i + 1
            );
            compared += 1;
        }
    }
    eprintln!("{compared} cases compared, {concluded} of them with an expected verdict");
    assert!(compared >= 100, "only {compared} cases were compared");
    assert!(
        concluded >= 80,
        "only {concluded} conclusions were compared"
    );
}

/// The engines' outcomes go through serde_json and back unchanged: a single-matrix outcome
/// (consistent with witnesses, and inconsistent with its explanation), a mean-of-scores
/// verdict with its witness evaluated, and a macro witness.
#[cfg(feature = "serde")]
#[test]
fn engine_outcomes_round_trip_through_serde() {
    use scorecheck::experiment::{verdict, witness_scores, Limits};
    use scorecheck::feasibility::Verdict;
    use scorecheck::feasibility_pure::PureBackend;
    use scorecheck::single;

    fn round_trip<
        T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    >(
        value: &T,
    ) {
        let text = serde_json::to_string(value).expect("serializes");
        let back: T = serde_json::from_str(&text).expect("deserializes");
        assert_eq!(&back, value, "{text}");
    }
    round_trip(&Conclusion::Inconsistent {
        certainty: scorecheck::feasibility::Certainty::Exact,
    });
    round_trip(&Conclusion::Undecided);
    let read = |text: &str| Json::parse(text).expect("a request");
    for text in [
        r#"{"testset": {"p": 100, "n": 200}, "scores": {"acc": 0.9, "sens": 0.8, "mcc": 0.77}, "eps": 0.01}"#,
        r#"{"testset": {"p": 100, "n": 200}, "scores": {"acc": 0.9, "sens": 0.95, "spec": 0.5}, "eps": 0.001}"#,
    ] {
        let json = read(text);
        let request = single_matrix::read_testset(&Object::new(&json, "").unwrap()).unwrap();
        let problem = single::Problem::new(request.p, request.n, request.figures.windows.clone())
            .with_params(request.figures.reported.params.clone());
        round_trip(&problem);
        round_trip(&single::check(&problem, &single::Options::default()));
    }
    let json = read(
        r#"{"dataset": {"p": 126, "n": 131}, "folding": {"folds": [{"p": 52, "n": 94}, {"p": 74, "n": 37}]},
            "scores": {"acc": 0.573, "sens": 0.768, "bacc": 0.662}, "eps": 0.001}"#,
    );
    let request =
        mean_of_scores::read_dataset_known_folds(&Object::new(&json, "").unwrap()).unwrap();
    let found = verdict(&request.experiment, &PureBackend, &Limits::default()).unwrap();
    round_trip(&found);
    let Verdict::Feasible { witness } = found else {
        panic!("the README's example is consistent");
    };
    round_trip(&witness_scores(
        &request.experiment,
        &witness,
        &[
            scorecheck::algebra::Score::Acc,
            scorecheck::algebra::Score::Sens,
        ],
    ));
}

/// Requests built in code, from windows and the engines' types, answer as the JSON request
/// with the same figures does.
#[test]
fn requests_built_in_code_answer_as_their_json() {
    use scorecheck::algebra::{parse_decimal, Params, Score};
    use scorecheck::experiment::{Evaluation, UnknownFolds};
    use scorecheck::request::figures::Figures;
    use scorecheck::request::single_matrix::SingleMatrixRequest;
    use scorecheck::request::unknown_folds::UnknownFoldsRequest;
    use scorecheck::single::Window;

    let q = |t: &str| parse_decimal(t).unwrap();
    let tol = q("0.000001");
    let windows = |figures: &[(Score, &str)], eps: &str| -> Vec<Window> {
        figures
            .iter()
            .map(|&(score, value)| Window::around(score, q(value), &q(eps), &tol))
            .collect()
    };
    let options = RunOptions::default();
    let json = |text: &str| stable(scorecheck::run_text(text, &options).unwrap());

    let figures = Figures::from_windows(
        windows(
            &[
                (Score::Acc, "0.6821"),
                (Score::Npv, "0.9401"),
                (Score::F1p, "0.4004"),
            ],
            "0.0001",
        ),
        Params::default(),
    );
    let typed = answer_single_matrix(&SingleMatrixRequest::new(1000, 6000, figures), &options);
    assert_eq!(
        stable(typed.unwrap().to_json()),
        json(
            r#"{"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000},
            "scores": {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, "eps": 0.0001}"#
        )
    );

    let figures = [
        (Score::Acc, "0.95"),
        (Score::Sens, "0.6"),
        (Score::Spec, "0.97"),
    ];
    let bounds: Vec<_> = windows(&figures, "0.01")
        .into_iter()
        .map(|w| scorecheck::experiment::Bound::new(w.score, w.lower, w.upper))
        .collect();
    let experiment = UnknownFolds::new(vec![Evaluation::new(38, 262, 5, 1)], bounds);
    let typed = answer_unknown_folds(&UnknownFoldsRequest::new(experiment), &options);
    assert_eq!(
        stable(typed.unwrap().to_json()),
        json(
            r#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 38, "n": 262},
            "folding": {"n_folds": 5, "n_repeats": 1},
            "scores": {"acc": 0.95, "sens": 0.6, "spec": 0.97}, "eps": 0.01}"#
        )
    );
}

#[test]
fn a_conclusion_never_claims_more_than_its_result() {
    let of = |result: Value| {
        let field = |name| result.get(name).and_then(Value::as_str).map(str::to_string);
        Conclusion::from_fields(field("verdict").as_deref(), field("certainty").as_deref())
    };
    assert_eq!(
        of(serde_json::json!({"verdict": "consistent"})),
        Conclusion::Consistent
    );
    assert!(
        of(serde_json::json!({"verdict": "inconsistent", "certainty": "exact"}))
            .is_proven_inconsistent()
    );
    // A certainty this version does not know is not a proof.
    for certainty in [
        serde_json::json!("solver"),
        serde_json::json!("heuristic"),
        Value::Null,
    ] {
        let conclusion = of(serde_json::json!({"verdict": "inconsistent", "certainty": certainty}));
        assert_eq!(
            conclusion,
            Conclusion::Inconsistent {
                certainty: scorecheck::feasibility::Certainty::Solver
            }
        );
        assert!(!conclusion.is_proven_inconsistent());
    }
    for result in [
        serde_json::json!({"verdict": "undecided"}),
        serde_json::json!({"verdict": "maybe"}),
        serde_json::json!({"inconsistency": true}),
        serde_json::json!([]),
    ] {
        assert_eq!(of(result), Conclusion::Undecided);
    }
}
