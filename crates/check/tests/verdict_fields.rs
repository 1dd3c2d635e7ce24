//! Every result states its verdict the same way: `inconsistency`, `verdict` and `certainty`,
//! with a certainty exactly when the verdict is "inconsistent" (every conformance case of
//! every family, the bundles' combined results included).

use scorecheck::json::Json;
use scorecheck::{run_json, run_text, RunOptions};
use serde_json::Value;

#[test]
fn every_result_states_verdict_and_certainty() {
    let options = RunOptions::default().with_explain(false);
    let dir = format!("{}/../../testdata", env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    let mut inconsistent = 0;
    for entry in std::fs::read_dir(&dir).expect("testdata") {
        let path = entry.expect("an entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("jsonl")
            || path.file_name().and_then(|n| n.to_str()) == Some("hostile.jsonl")
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        for (i, line) in text.lines().enumerate() {
            let Some(request) = Json::parse(line)
                .ok()
                .and_then(|c| c.get("request").cloned())
            else {
                continue;
            };
            let Ok(result) = run_json(&request, &options) else {
                continue;
            };
            let at = format!("{}:{}", path.display(), i + 1);
            let verdict = result["verdict"]
                .as_str()
                .unwrap_or_else(|| panic!("{at}: no verdict"));
            let certainty = result
                .get("certainty")
                .unwrap_or_else(|| panic!("{at}: no certainty"));
            assert!(
                result.get("inconsistency").is_some(),
                "{at}: no inconsistency"
            );
            match verdict {
                "inconsistent" => {
                    inconsistent += 1;
                    assert!(
                        matches!(certainty.as_str(), Some("exact" | "solver")),
                        "{at}: {certainty}"
                    );
                }
                "consistent" | "undecided" => assert_eq!(certainty, &Value::Null, "{at}"),
                other => panic!("{at}: verdict {other}"),
            }
            checked += 1;
        }
    }
    assert!(
        checked > 120 && inconsistent > 50,
        "{checked} checked, {inconsistent} inconsistent"
    );
}

/// A score the averaging checks do not use (ppv, mcc, lrp) is listed as ignored; reported
/// where none of its values lies (ppv 3.5, mcc −5, lrp −1), no mean of its values reaches
/// it, whatever the folds or classes: inconsistent, exactly. Within its range it stays
/// ignored.
#[test]
fn an_ignored_score_outside_every_value_it_takes_is_an_inconsistency() {
    let families = [
        r#""check": "1_dataset_known_folds_mos", "dataset": {"p": 10, "n": 10}, "folding": {"n_folds": 2, "n_repeats": 1, "strategy": "stratified_sklearn"}"#,
        r#""check": "1_dataset_unknown_folds_mos", "dataset": {"p": 10, "n": 10}, "folding": {"n_folds": 2, "n_repeats": 1}"#,
        r#""check": "n_testsets_mos_no_kfold", "testsets": [{"p": 5, "n": 5}, {"p": 4, "n": 6}]"#,
        r#""check": "1_testset_no_kfold_macro", "testset": {"0": 5, "1": 6, "2": 7}"#,
    ];
    for family in families {
        for (score, value) in [("ppv", "3.5"), ("mcc", "-5"), ("lrp", "-1")] {
            let text = format!(
                r#"{{{family}, "scores": {{"acc": 0.5, "{score}": {value}}}, "eps": 0.01}}"#
            );
            let result = run_text(&text, &RunOptions::default()).unwrap();
            assert_eq!(result["verdict"], "inconsistent", "{text}: {result}");
            assert_eq!(result["certainty"], "exact", "{text}");
            assert!(
                result.to_string().contains("lies outside"),
                "{text}: {result}"
            );
        }
        // (Macro acc 0.5 on 5, 6 and 7 is itself inconsistent: the control is binary.)
        if !family.contains("macro") {
            let text =
                format!(r#"{{{family}, "scores": {{"acc": 0.5, "ppv": 0.5}}, "eps": 0.01}}"#);
            let result = run_text(&text, &RunOptions::default()).unwrap();
            assert_eq!(result["verdict"], "consistent", "{text}: {result}");
        }
    }
}

#[test]
fn a_mean_of_scores_part_that_checks_nothing_is_undecided() {
    // Only ppv, which no mean-of-scores check uses: the pooled (score of means) parts check it,
    // the mean-of-scores parts must not say "consistent" for a check that never ran.
    let text = r#"{"check": "drive_vessel_aggregated", "scores": {"ppv": 0.8}, "eps": 0.0001, "imageset": "test", "annotator": 1}"#;
    let result = run_text(text, &RunOptions::default()).unwrap();
    for part in ["all_mos", "fov_mos"] {
        let details = &result[format!("details_{part}").as_str()];
        assert_eq!(details["verdict"], "undecided", "{part}: {details}");
        assert_eq!(
            result["inconsistency"][format!("inconsistency_{part}").as_str()],
            Value::Null
        );
    }
    for part in ["all_som", "fov_som"] {
        assert_eq!(
            result[format!("details_{part}").as_str()]["verdict"],
            "consistent",
            "{part}"
        );
    }
}

#[test]
fn explanations_quote_figures_given_in_percent_as_percentages() {
    let single = r#"{"check": "1_testset_no_kfold", "testset": {"p": 1029, "n": 3118}, "scores": {"acc": 95.4, "sens": 93.4, "spec": 98.5}, "eps": 0.05, "percent": true}"#;
    let result = run_text(single, &RunOptions::default()).unwrap();
    assert!(
        result.to_string().contains("acc 95.4% and sens 93.4% with p=1029, n=3118 force spec into [96.02%, 96.12%]; reported 98.5%"),
        "{result}"
    );
    // The repairs too, in percent, the likelihood ratio as printed.
    let repaired = r#"{"check": "1_testset_no_kfold", "testset": {"p": 100, "n": 200}, "scores": {"acc": 80.0, "sens": 70.0, "spec": 99.0, "lrp": 3.0}, "eps": 0.05, "percent": true, "repair": true}"#;
    let result = run_text(repaired, &RunOptions::default()).unwrap();
    let messages: Vec<String> = std::iter::once(&result["repair"])
        .chain(result["repair"]["alternatives"].as_array().unwrap())
        .map(|r| r["message"].as_str().unwrap().to_string())
        .collect();
    assert!(
        messages.contains(
            &"spec 99% would need to be in [85.00%, 85.00%]; lrp 3 would need to be in [4.6666, 4.6667]"
                .to_string()
        ),
        "{messages:?}"
    );
    let mean = r#"{"check": "1_dataset_known_folds_mos", "dataset": {"p": 100, "n": 200}, "folding": {"n_folds": 5, "n_repeats": 1, "strategy": "stratified_sklearn"}, "scores": {"acc": 95.43}, "eps": 0.005, "percent": true}"#;
    let result = run_text(mean, &RunOptions::default()).unwrap();
    assert_eq!(result["verdict"], "inconsistent", "{result}");
    assert!(result.to_string().contains("(reported 95.43)"), "{result}");
    let outside = r#"{"check": "n_testsets_mos_no_kfold", "testsets": [{"p": 5, "n": 5}], "scores": {"acc": 50, "mcc": -350}, "eps": 0.5, "percent": true}"#;
    let result = run_text(outside, &RunOptions::default()).unwrap();
    assert!(
        result
            .to_string()
            .contains("mcc -350 lies outside [-100, 100]"),
        "{result}"
    ); // The AUC's sentences too: the single matrix's in percentages, the mean AUC's as given.
    for (request, sentence) in [
        (
            r#"{"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 20}, "scores": {"sens": 80, "spec": 70, "auc": 99}, "eps": 0.5, "percent": true}"#,
            "sens 80% and spec 70% with p=10, n=20 bound the AUC to [56.00%, 94.00%]; reported 99%",
        ),
        (
            r#"{"check": "1_testset_no_kfold", "testset": {"p": 7, "n": 9}, "scores": {"auc": 85.0}, "eps": 0.05, "percent": true}"#,
            "no AUC value k/(2pn) with p=7, n=9 lies in [84.9499%, 85.0501%] around the reported 85%",
        ),
        (
            r#"{"check": "1_dataset_known_folds_mos", "dataset": {"p": 50, "n": 100}, "folding": {"n_folds": 5, "n_repeats": 1, "strategy": "stratified_sklearn"}, "scores": {"sens": 80, "spec": 90, "auc": 10}, "eps": 0.01, "percent": true}"#,
            "can only lie in [70.00, 100.00] at fold operating points that fit the reported sens 80 and spec 90; reported 10",
        ),
    ] {
        let result = run_text(request, &RunOptions::default()).unwrap();
        assert_eq!(result["verdict"], "inconsistent", "{result}");
        assert!(
            result["explanation"]["message"]
                .as_str()
                .unwrap()
                .contains(sentence),
            "{result}"
        );
    }
}
