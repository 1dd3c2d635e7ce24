//! The unknown-folds checks: conformance with the paper and the reference, exhaustive
//! comparison with the known-folds integer program on small cases, and budgets.

use scorecheck::algebra::Score;
use scorecheck::{count_fold_configurations, run, RunOptions};
use scorecheck_folds::{FoldRules, KFoldConfigurations};
use serde_json::{json, Value};

fn answer(request: Value) -> Value {
    run(&request, &RunOptions::default()).unwrap_or_else(|e| panic!("{request}: {e}"))
}

fn ehg(p: u64, scores: Value) -> Value {
    json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": p, "n": 262},
           "folding": {"n_folds": 5, "n_repeats": 1}, "scores": scores, "eps": 1e-4})
}

#[test]
fn ehg_all_918_configurations_are_inconsistent() {
    let out = answer(ehg(
        38,
        json!({"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}),
    ));
    assert_eq!(out["inconsistency"], true, "{out}");
    assert_eq!(out["verdict"], "inconsistent");
    assert_eq!(out["certainty"], "exact");
    assert_eq!(out["configurations_total"], 918);
    assert_eq!(out["configurations_examined"], 918);
    assert_eq!(out["ignored_scores"], json!([]));
}

#[test]
fn ehg_with_244_positives_has_the_references_configuration() {
    let out = answer(ehg(
        244,
        json!({"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}),
    ));
    assert_eq!(out["inconsistency"], false, "{out}");
    assert_eq!(out["configurations_total"], 2_616_607);
    // The stratified configuration is tried first and fits: found without a sweep.
    assert_eq!(out["configurations_examined"], 1, "{out}");
    let folds: Vec<(u64, u64)> = out["configuration"]["folds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["p"].as_u64().unwrap(), f["n"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        folds,
        vec![(49, 53), (48, 53), (49, 52), (49, 52), (49, 52)]
    );
    assert_eq!(out["configuration"]["index"], 1_337_357);
    // The reference stops at its 963rd configuration (index 962 in the same order): it fits
    // too, as a known-folds check.
    let reference = [(1, 101), (4, 97), (40, 61), (99, 2), (100, 1)];
    let known = answer(
        json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 244, "n": 262},
        "folding": {"folds": reference.iter().map(|(p, n)| json!({"p": p, "n": n})).collect::<Vec<_>>()},
        "scores": {"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}, "eps": 1e-4}),
    );
    assert_eq!(known["inconsistency"], false, "{known}");
    let witness = &out["witness"]["datasets"][0]["folds"];
    assert_eq!(witness.as_array().unwrap().len(), 5);
}

#[test]
fn counts_match_the_reference() {
    use Score::*;
    let cases: &[(u64, u64, u64, &[Score], &str)] = &[
        (38, 262, 5, &[Acc, Sens, Spec], "918"),
        (30, 300, 5, &[Acc, Sens, Spec], "377"),
        (13, 73, 4, &[Acc], "166"),
        (7, 26, 3, &[Sens], "4"),
        (19, 97, 3, &[Acc, Spec, Sens], "81"),
        (10, 10, 3, &[Acc], "24"),
        (5, 40, 4, &[Spec], "14"),
        (126, 131, 2, &[Acc, Sens, Bacc], "125"),
        (244, 262, 5, &[Acc, Sens, Spec], "2616607"),
    ];
    for &(p, n, k, scores, expected) in cases {
        assert_eq!(
            count_fold_configurations(p, n, k, 1, scores)
                .unwrap()
                .to_string(),
            expected,
            "p={p} n={n} k={k}"
        );
    }
    // Repeats are multisets: C(918 + 1, 2).
    assert_eq!(
        count_fold_configurations(38, 262, 5, 2, &[Acc, Sens, Spec])
            .unwrap()
            .to_string(),
        "421821"
    );
    assert!(count_fold_configurations(1, 1, 0, 1, &[Acc]).is_err());
}

/// A tiny deterministic generator (no dependency needed).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

fn decimal(num: u64, den: u64, digits: u32) -> f64 {
    let scale = 10f64.powi(digits as i32);
    ((num as f64 / den as f64) * scale).round() / scale
}

#[test]
fn agrees_with_the_known_folds_program_on_every_configuration() {
    let mut rng = Lcg(7);
    let mut consistent = 0;
    for case in 0..40 {
        let (p, n, k) = (2 + rng.below(9), 2 + rng.below(12), 2 + rng.below(2));
        if k > p + n {
            continue;
        }
        // Scores from a random configuration's random counts, sometimes perturbed.
        let space = KFoldConfigurations::new(p, n, k, &FoldRules::default()).unwrap();
        let Some(count) = space.count_u64().filter(|&c| c > 0) else {
            continue;
        };
        let config = space.nth_u64(rng.below(count)).unwrap();
        let (mut sens, mut spec, mut acc) = (0.0, 0.0, 0.0);
        for f in &config.folds {
            let (tp, tn) = (rng.below(f.p + 1), rng.below(f.n + 1));
            sens += tp as f64 / f.p as f64;
            spec += tn as f64 / f.n as f64;
            acc += (tp + tn) as f64 / (f.p + f.n) as f64;
        }
        let kf = k as f64;
        let shift = if case % 3 == 0 {
            0.01 * rng.below(3) as f64
        } else {
            0.0
        };
        let scores = json!({"acc": decimal((acc / kf * 1e6) as u64, 1_000_000, 3) + shift,
                            "sens": decimal((sens / kf * 1e6) as u64, 1_000_000, 3),
                            "spec": decimal((spec / kf * 1e6) as u64, 1_000_000, 3)});
        let unknown = answer(
            json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": p, "n": n},
            "folding": {"n_folds": k}, "scores": scores, "eps": 1e-3}),
        );
        let any_feasible = space.iter().any(|c| {
            let folds: Vec<Value> = c
                .folds
                .iter()
                .map(|f| json!({"p": f.p, "n": f.n}))
                .collect();
            let known = answer(
                json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": p, "n": n},
                "folding": {"folds": folds}, "scores": scores, "eps": 1e-3}),
            );
            known["inconsistency"] == false
        });
        assert_eq!(
            unknown["inconsistency"], !any_feasible,
            "p={p} n={n} k={k} scores={scores}: {unknown}"
        );
        consistent += usize::from(any_feasible);
    }
    assert!(
        consistent > 3,
        "the cases should include consistent ones ({consistent})"
    );
}

#[test]
fn budgets_give_undecided_never_a_verdict() {
    let mut request = ehg(38, json!({"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}));
    request["max_configurations"] = json!(10);
    let out = answer(request);
    assert_eq!(out["verdict"], "undecided", "{out}");
    assert_eq!(out["inconsistency"], Value::Null);
    assert_eq!(out["configurations_examined"], 10);
    assert!(out["covered"].as_f64().unwrap() < 0.02);

    let options = RunOptions::default().with_max_configurations(5);
    let out = run(
        &ehg(38, json!({"acc": 0.9447, "sens": 0.9139, "spec": 0.9733})),
        &options,
    )
    .unwrap();
    assert_eq!(out["verdict"], "undecided");

    // A time limit far too short for the sweep of 2.6 million configurations (scores that
    // no bound over all configurations refutes at once, while each is refuted on its own).
    let mut request = ehg(244, json!({"acc": 0.95, "sens": 0.7404, "spec": 0.8526}));
    request["time_limit"] = json!(0.05);
    let out = answer(request.clone());
    assert_eq!(out["verdict"], "undecided", "{out}");
    assert_eq!(out["inconsistency"], Value::Null);
    // Scores no configuration can give are refuted at once, whatever the time limit.
    request["scores"] = json!({"acc": 0.9447, "sens": 0.9139, "spec": 0.9734, "bacc": 0.3});
    let out = answer(request);
    assert_eq!(out["verdict"], "inconsistent", "{out}");
    assert_eq!(out["statistics"]["refuted_at_once"], true, "{out}");
}

#[test]
fn options_and_aliases() {
    let mut request = ehg(38, json!({"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}));
    request["fold_rules"] = json!("none");
    let out = answer(request.clone());
    assert_eq!(out["fold_rules"], "none");
    assert_eq!(out["inconsistency"], true);
    assert!(out["configurations_total"].as_u64().unwrap() > 918);
    request["fold_rules"] = json!("all");
    let err = run(&request, &RunOptions::default()).unwrap_err();
    assert_eq!(err.field(), Some("fold_rules"));
    // The reference's keyword `score_bounds` is accepted.
    let mut request = ehg(38, json!({"acc": 0.9447}));
    request["score_bounds"] = json!({"acc": [0.0, 1.0]});
    assert_eq!(answer(request)["verdict"], "inconsistent");
}

#[test]
fn several_datasets() {
    let request = |bacc: f64| {
        json!({"check": "n_datasets_mos_unknown_folds_mos",
        "evaluations": [{"dataset": {"p": 13, "n": 73}, "folding": {"n_folds": 4, "n_repeats": 1}},
                        {"dataset": {"p": 7, "n": 26}, "folding": {"n_folds": 3, "n_repeats": 1}}],
        "scores": {"acc": 0.357, "sens": 0.323, "spec": 0.362, "bacc": bacc}, "eps": 1e-3})
    };
    assert_eq!(answer(request(0.343))["inconsistency"], false);
    assert_eq!(answer(request(0.9))["inconsistency"], true);
}

#[test]
fn conformance_lines() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/unknown_folds.jsonl"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let out = answer(case["request"].clone());
        assert_eq!(
            out["inconsistency"], case["expected"]["inconsistency"],
            "{}: {out}",
            case["name"]
        );
        if let Some(total) = case["expected"].get("n_fold_configurations") {
            assert_eq!(&out["configurations_total"], total, "{}", case["name"]);
        }
        checked += 1;
    }
    assert!(checked > 0);
}

/// The verdict of a check split into ranges: consistent if one range is, inconsistent only
/// if every range is refuted, undecided otherwise.
fn merged(verdicts: &[String]) -> &'static str {
    if verdicts.iter().any(|v| v == "consistent") {
        "consistent"
    } else if verdicts.iter().all(|v| v == "inconsistent") {
        "inconsistent"
    } else {
        "undecided"
    }
}

#[test]
fn a_split_check_gives_the_verdict_of_the_whole() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/unknown_folds.jsonl"
    );
    let mut extra: Vec<Value> = vec![
        // Refuted configuration by configuration (not at once), and a consistent one found
        // late in the order.
        json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 20, "n": 30}, "folding": {"n_folds": 3}, "scores": {"acc": 0.61, "sens": 0.4, "spec": 0.7}, "eps": 0.01}),
        json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 12, "n": 17}, "folding": {"n_folds": 3}, "scores": {"acc": 0.5172, "sens": 0.4306, "spec": 0.5784}, "eps": 0.0001}),
    ];
    let cases: Vec<Value> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap()["request"].clone())
        .chain(extra.drain(..))
        .collect();
    let mut compared = 0;
    for request in cases {
        let whole = answer(request.clone());
        let Some(verdict) = whole["verdict"].as_str().filter(|v| *v != "undecided") else {
            continue;
        };
        for parts in [1, 2, 5] {
            let ranges = scorecheck::split_request_configurations(&request.to_string(), parts)
                .expect("an unknown-folds request");
            let verdicts: Vec<String> = ranges
                .iter()
                .map(|(start, end)| {
                    let mut part = request.clone();
                    part["configurations"] = json!({"start": start, "end": end});
                    let result = answer(part);
                    assert_eq!(result["configurations_range"]["start"], json!(start));
                    // A consistent range's configuration lies in the range.
                    if result["verdict"] == "consistent" {
                        let index: u128 = result["configuration"]["index"]
                            .to_string()
                            .trim_matches('"')
                            .parse()
                            .unwrap();
                        assert!(index >= start.parse().unwrap() && index < end.parse().unwrap());
                    }
                    result["verdict"].as_str().unwrap().to_string()
                })
                .collect();
            assert_eq!(
                merged(&verdicts),
                verdict,
                "{request} in {parts} parts: {verdicts:?}"
            );
        }
        compared += 1;
    }
    assert!(compared >= 6, "only {compared} decided cases");
}

#[test]
fn a_configuration_range_is_read_strictly() {
    let base = json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 20, "n": 30}, "folding": {"n_folds": 3}, "scores": {"acc": 0.61}, "eps": 0.01});
    for (range, field) in [
        (json!({"start": 5, "end": 5}), "configurations"),
        (json!({"start": "-1", "end": 5}), "configurations.start"),
        (json!({"start": 0.5, "end": 5}), "configurations.start"),
        (json!({"start": 0}), "configurations.end"),
        (
            json!({"start": 0, "end": 5, "step": 1}),
            "configurations.step",
        ),
        (
            json!({"start": "100000", "end": "100001"}),
            "configurations.start",
        ),
    ] {
        let mut request = base.clone();
        request["configurations"] = range.clone();
        let error = scorecheck::run_text(&request.to_string(), &scorecheck::RunOptions::default())
            .expect_err("a bad range");
        assert_eq!(error.field(), Some(field), "{range}: {error}");
    }
    // Indices as decimal text past u64.
    let mut request = base;
    request["configurations"] = json!({"start": "0", "end": "100000000000000000000000"});
    let result = answer(request);
    assert_eq!(result["configurations_range"]["end"], "109");
}

#[test]
fn a_split_too_large_to_write_is_refused_naming_parts() {
    // 10^6 ranges of indices with thousands of digits each once took gigabytes.
    let error = scorecheck::split_fold_configurations(5000, 5000, 100, 100, &[], 1_000_000)
        .expect_err("too large");
    assert_eq!(error.field(), Some("parts"));
    assert!(
        error.message().contains("give at most"),
        "{}",
        error.message()
    );
    // A split within the bound is answered, and a small space with many parts gives one
    // range per configuration.
    let ranges = scorecheck::split_fold_configurations(5000, 5000, 100, 100, &[], 1000).unwrap();
    assert_eq!(ranges.len(), 1000);
    let ranges = scorecheck::split_fold_configurations(6, 6, 2, 1, &[], 1_000_000).unwrap();
    assert!(ranges.len() < 100, "{}", ranges.len());
}

#[test]
fn a_request_of_a_range_is_split_within_its_range() {
    let request = |range: &str| {
        format!(
            r#"{{"check": "1_dataset_unknown_folds_mos", "dataset": {{"p": 50, "n": 70}},
            "folding": {{"n_folds": 5, "n_repeats": 1}}, "scores": {{"acc": 0.6, "sens": 0.5}},
            "eps": 0.01{range}}}"#
        )
    };
    let whole = scorecheck::split_request_configurations(&request(""), 1).unwrap();
    let count: u64 = whole[0].1.parse().unwrap();
    let ranges = scorecheck::split_request_configurations(
        &request(r#", "configurations": {"start": "5", "end": "15"}"#),
        3,
    )
    .unwrap();
    let owned = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        ranges,
        [owned("5", "9"), owned("9", "12"), owned("12", "15")]
    );
    // An end past the last configuration is clamped; a start past it is an error.
    let tail = format!(
        r#", "configurations": {{"start": "{}", "end": "99999"}}"#,
        count - 2
    );
    let ranges = scorecheck::split_request_configurations(&request(&tail), 5).unwrap();
    assert_eq!(ranges.last().unwrap().1, count.to_string());
    assert_eq!(ranges.len(), 2);
    let past = format!(r#", "configurations": {{"start": "{count}", "end": "99999"}}"#);
    let error = scorecheck::split_request_configurations(&request(&past), 2).unwrap_err();
    assert_eq!(error.field(), Some("configurations"));
}

/// A configuration refuted because a reported score (or a fold bound) is undefined on one of
/// its folds is said to be so in the explanation, with the library convention that prints 0
/// there: p = 1 over two folds puts the positive in one fold only.
#[test]
fn configurations_refuted_by_an_undefined_score_are_said() {
    let out = answer(
        json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 1, "n": 5},
        "folding": {"n_folds": 2, "n_repeats": 1}, "scores": {"acc": 0.5, "sens": 0.5},
        "eps": 0.01, "fold_rules": "none"}),
    );
    assert_eq!(out["verdict"], "inconsistent", "{out}");
    let why = out["explanation"]["message"].as_str().unwrap_or_default();
    assert!(
        why.contains("1 of them because a fold holds no positives"),
        "{out}"
    );
    assert!(why.contains("scikit-learn print 0"), "{out}");
}

/// A fold bound on a score undefined on a known fold is refused naming the bound.
#[test]
fn a_fold_bound_on_an_undefined_score_is_named_as_a_bound() {
    let request = json!({"check": "1_dataset_known_folds_mos", "dataset": {"p": 1, "n": 5},
        "folding": {"folds": [{"p": 0, "n": 3}, {"p": 1, "n": 2}]},
        "fold_score_bounds": {"sens": [0, 1]}, "scores": {"acc": 0.5}, "eps": 0.1});
    let error = run(&request, &RunOptions::default()).unwrap_err();
    assert_eq!(error.field(), Some("fold_score_bounds.sens"));
    assert!(
        error
            .to_string()
            .contains("no value there meets its fold bound"),
        "{error}"
    );
}
