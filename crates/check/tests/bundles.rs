//! The bundle checks: the documented examples of `testdata/bundles.jsonl` and bad parameters.

use num_bigint::BigInt;
use num_rational::BigRational;
use scorecheck::{run, ErrorKind, RunOptions};
use serde_json::{json, Value};

fn cases() -> Vec<Value> {
    let path = format!(
        "{}/../../testdata/bundles.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}: {l}")))
        .collect()
}

/// Every key of `expected` must be present in the result with the same value.
#[test]
fn documented_examples() {
    let cases = cases();
    assert_eq!(cases.len(), 18);
    let mut failures = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().unwrap_or("?");
        let result = match run(&case["request"], &RunOptions::default()) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{name}: error {e}"));
                continue;
            }
        };
        let Some(expected) = case["expected"].as_object() else {
            failures.push(format!("{name}: no expected object"));
            continue;
        };
        for (key, want) in expected {
            if &result[key] != want {
                failures.push(format!("{name}: {key} = {} (expected {want})", result[key]));
            }
        }
        eprintln!("{name}: {}", result["inconsistency"]);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn q(num: u64, den: u64) -> BigRational {
    BigRational::new(BigInt::from(num), BigInt::from(den))
}

/// An exact decimal from its text (`"0.0503"` is 503/10000).
fn decimal(text: &str) -> BigRational {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits: BigInt = format!("{whole}{fraction}")
        .parse()
        .unwrap_or_else(|_| panic!("not a decimal: {text}"));
    BigRational::new(digits, BigInt::from(10u64).pow(fraction.len() as u32))
}

/// `|value - reported| <= eps + tol` with eps = 1e-4 and the default tolerance 1e-6, exactly.
fn within(value: &BigRational, reported: &str) -> bool {
    let reported = decimal(reported);
    let slack = q(1, 10_000) + q(1, 1_000_000);
    let diff = if value > &reported {
        value - &reported
    } else {
        &reported - value
    };
    diff <= slack
}

fn number(value: &Value) -> u64 {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("not a count: {value}"))
}

/// The documented DIARETDB1 image example is consistent under "all pixels" on the repaired
/// data: the witness reproduces every reported score, checked here by plain arithmetic.
#[test]
fn diaretdb1_image_005_all_pixels_is_consistent() {
    let request = json!({"check": "diaretdb1_segmentation_image_assumption", "image_identifier": "005",
        "class_name": ["hardexudates", "softexudates"], "assumption": "all", "confidence": 0.75,
        "scores": {"acc": 0.5753, "sens": 0.0503, "spec": 0.6187, "f1p": 0.0178}, "eps": 0.0001});
    let result = run(&request, &RunOptions::default()).expect("a result");
    assert_eq!(result["inconsistency"], false, "{result}");
    let (p, n) = (number(&result["p"]), number(&result["n"]));
    assert_eq!((p, n), (132_038, 1_595_962));
    let (tp, tn) = (
        number(&result["witness"]["tp"]),
        number(&result["witness"]["tn"]),
    );
    assert!(within(&q(tp + tn, p + n), "0.5753"));
    assert!(within(&q(tp, p), "0.0503"));
    assert!(within(&q(tn, n), "0.6187"));
    assert!(within(&q(2 * tp, tp + p + n - tn), "0.0178"));
}

/// The documented DIARETDB1 aggregated example: the mean of scores under "all pixels" is
/// consistent on the repaired data; the witness's per-image matrices are re-checked here.
#[test]
fn diaretdb1_aggregated_all_pixels_mos_is_consistent() {
    let request = json!({"check": "diaretdb1_segmentation_aggregated_assumption", "subset": "test",
        "class_name": "hardexudates", "assumption": "all", "confidence": 0.5, "only_valid": true,
        "scores": {"acc": 0.7143, "sens": 0.3775, "spec": 0.7244}, "eps": 0.0001});
    let result = run(&request, &RunOptions::default()).expect("a result");
    assert_eq!(
        result["inconsistency"]["inconsistency_mos"], false,
        "{result}"
    );
    let images = scorecheck_data::diaretdb1_images(scorecheck_data::Subset::Test).expect("images");
    let expected: Vec<(u64, u64)> = scorecheck_data::diaretdb1_pixel_level(
        &images,
        &["hardexudates"],
        scorecheck_data::Assumption::All,
        1,
        2,
    )
    .expect("test sets")
    .into_iter()
    .filter(|t| t.p > 0 && t.n > 0)
    .map(|t| (t.p, t.n))
    .collect();
    let datasets = result["details_mos"]["witness"]["datasets"]
        .as_array()
        .expect("witness");
    assert_eq!(datasets.len(), expected.len());
    let k = datasets.len() as u64;
    let (mut acc, mut sens, mut spec) = (q(0, 1), q(0, 1), q(0, 1));
    for (dataset, &(p, n)) in datasets.iter().zip(&expected) {
        let fold = &dataset["folds"][0];
        assert_eq!((number(&fold["p"]), number(&fold["n"])), (p, n));
        let (tp, tn) = (number(&fold["tp"]), number(&fold["tn"]));
        assert!(tp <= p && tn <= n);
        acc += q(tp + tn, (p + n) * k);
        sens += q(tp, p * k);
        spec += q(tn, n * k);
    }
    assert!(within(&acc, "0.7143"));
    assert!(within(&sens, "0.3775"));
    assert!(within(&spec, "0.7244"));
}

fn error_of(request: Value) -> scorecheck::Error {
    match run(&request, &RunOptions::default()) {
        Ok(v) => panic!("expected an error, got {v}"),
        Err(e) => e,
    }
}

const SCORES: &str = r#"{"acc": 0.9, "sens": 0.8, "spec": 0.9}"#;

fn with_scores(mut request: Value) -> Value {
    request["scores"] = serde_json::from_str(SCORES).unwrap_or(Value::Null);
    request["eps"] = json!(0.0001);
    request
}

#[test]
fn unknown_drive_image_names_the_field() {
    let e = error_of(with_scores(
        json!({"check": "drive_vessel_image", "image_identifier": "41", "annotator": 1}),
    ));
    assert_eq!(e.field(), Some("image_identifier"));
    assert_eq!(e.kind(), ErrorKind::InvalidValue);
    assert!(e.message().contains("\"41\""), "{e}");
}

#[test]
fn drive_annotator_2_has_no_training_images() {
    let e = error_of(with_scores(
        json!({"check": "drive_vessel_image", "image_identifier": "21", "annotator": 2}),
    ));
    assert_eq!(e.field(), Some("annotator"));
    assert!(e.message().contains("training"), "{e}");
    let e = error_of(with_scores(
        json!({"check": "drive_vessel_aggregated", "imageset": "train", "annotator": 2}),
    ));
    assert_eq!(e.field(), Some("annotator"));
    let e = error_of(with_scores(
        json!({"check": "drive_vessel_aggregated", "imageset": ["01", "22"], "annotator": 2}),
    ));
    assert_eq!(e.field(), Some("annotator"));
}

#[test]
fn bad_annotators_name_the_field() {
    let e = error_of(with_scores(
        json!({"check": "drive_vessel_image", "image_identifier": "01", "annotator": 3}),
    ));
    assert_eq!(e.field(), Some("annotator"));
    let e = error_of(with_scores(
        json!({"check": "stare_vessel_image", "image_identifier": "im0235", "annotator": "xx"}),
    ));
    assert_eq!(e.field(), Some("annotator"));
    assert!(e.message().contains("\"ah\""), "{e}");
    let e = error_of(with_scores(
        json!({"check": "chasedb1_vessel_aggregated", "imageset": ["11R", "99L"], "annotator": "manual1"}),
    ));
    assert_eq!(e.field(), Some("imageset"));
}

#[test]
fn bad_bundle_parameters_name_the_field() {
    let e = error_of(with_scores(
        json!({"check": "diaretdb1_segmentation_image", "image_identifier": "005",
        "class_name": "exudates", "confidence": 0.5}),
    ));
    assert_eq!(e.field(), Some("class_name"));
    let e = error_of(with_scores(
        json!({"check": "diaretdb1_segmentation_image", "image_identifier": "905",
        "class_name": "hardexudates", "confidence": 0.5}),
    ));
    assert_eq!(e.field(), Some("image_identifier"));
    let e = error_of(with_scores(
        json!({"check": "diaretdb1_class", "subset": "test",
        "class_name": "hardexudates", "confidence": 1.5}),
    ));
    assert_eq!(e.field(), Some("confidence"));
    let e = error_of(with_scores(
        json!({"check": "drishti_gs_segmentation_image", "image_identifier": "053",
        "target": "XX", "confidence": 0.5}),
    ));
    assert_eq!(e.field(), Some("target"));
    let e = error_of(with_scores(
        json!({"check": "diaretdb0_class", "subset": "test", "batch": "12",
        "class_name": "hardexudates"}),
    ));
    assert_eq!(e.field(), Some("batch"));
    let e = error_of(with_scores(
        json!({"check": "isic2017", "target": "M", "against": ["M", "N"]}),
    ));
    assert_eq!(e.field(), Some("against"));
    let e = error_of(with_scores(
        json!({"check": "hrf_vessel_image_assumption", "image_identifier": "13_h",
        "assumption": "roi"}),
    ));
    assert_eq!(e.field(), Some("assumption"));
    let e = error_of(with_scores(
        json!({"check": "drive_vessel_aggregated_som_assumption", "imageset": "test",
        "annotator": 1, "assumption": "fov", "score_bounds": {"acc": [0.5, 1.0]}}),
    ));
    assert_eq!(e.field(), Some("score_bounds"));
}

/// A bundle whose only fitting assumption is a mean of scores, which reads acc, sens, spec
/// and bacc only: its "consistent" says nothing of a reported F1, and the top of the answer
/// says so (the F1 was listed only inside the assumption's details).
#[test]
fn scores_no_fitting_assumption_used_are_said_at_the_top() {
    let result = scorecheck::run(
        &serde_json::json!({"check": "drive_vessel_aggregated",
            "scores": {"acc": 0.9494, "sens": 0.745, "spec": 0.9793, "f1p": 0.999},
            "eps": 0.0001, "imageset": "test", "annotator": 1}),
        &scorecheck::RunOptions::default(),
    )
    .unwrap();
    assert_eq!(result["verdict"], "consistent", "{result}");
    assert_eq!(
        result["ignored_scores"],
        serde_json::json!(["f1p"]),
        "{result}"
    );
    // Without the F1 nothing is left out.
    let plain = scorecheck::run(
        &serde_json::json!({"check": "drive_vessel_aggregated",
            "scores": {"acc": 0.9494, "sens": 0.745, "spec": 0.9793},
            "eps": 0.0001, "imageset": "test", "annotator": 1}),
        &scorecheck::RunOptions::default(),
    )
    .unwrap();
    assert!(plain.get("ignored_scores").is_none(), "{plain}");
}

/// A confidence is thresholded as the reference thresholds it (`v >= 255 * confidence` in
/// floats): the float of 128/255 (`0.5019607843137255`, a hair above 128/255) sets the
/// threshold at grey level 128, as 128/255 does, and a short decimal its exact threshold.
#[test]
fn a_confidence_thresholds_grey_levels_as_the_reference_does() {
    let od = scorecheck::data::drishti_gs_histogram("001", "OD").unwrap();
    for (confidence, numerator, denominator) in [
        (json!(0.5019607843137255), 128, 255),
        (json!(0.75), 3, 4),
        (json!(0.5), 1, 2),
    ] {
        let request = json!({"check": "drishti_gs_segmentation_image", "image_identifier": "001",
            "confidence": confidence, "target": "OD", "scores": {"acc": 0.5}, "eps": 0.4999});
        let result = run(&request, &RunOptions::default()).unwrap();
        let set = od.split_at_confidence(numerator, denominator).unwrap();
        assert_eq!(
            (result["p"].as_u64(), result["n"].as_u64()),
            (Some(set.p), Some(set.n)),
            "{confidence}"
        );
    }
}
