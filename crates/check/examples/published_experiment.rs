//! A published experiment checked without JSON: the DRIVE test images (annotator 1) from
//! `scorecheck-data`, the figures a paper reports for them, and typed requests for the two
//! ways the figures may have been aggregated (the mean of the per-image scores, or the
//! scores of the pooled counts), under each assumption about the pixels that were counted
//! (the field of view, or the whole image).
//!
//! This is what the `drive_vessel_aggregated` bundle does from a JSON request; the example
//! ends by checking that the bundle concludes the same. Run with
//! `cargo run -p scorecheck --example published_experiment` (CI runs it).

use scorecheck::algebra::{parse_decimal, reported_interval, BigRational, Params, Score};
use scorecheck::experiment::{Bound, DatasetSpec, Experiment};
use scorecheck::request::figures::Figures;
use scorecheck::request::mean_of_scores::{MeanOfScoresRequest, MeanProtocol};
use scorecheck::request::single_matrix::SingleMatrixRequest;
use scorecheck::single::Window;
use scorecheck::{answer_mean_of_scores, answer_single_matrix, run_text, Conclusion, RunOptions};
use scorecheck_data::{drive_images, Assumption, Subset};

fn decimal(text: &str) -> BigRational {
    parse_decimal(text).expect("a decimal written in this file")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A paper's figures: accuracy, sensitivity and specificity at four decimals.
    let reported = [
        (Score::Acc, "0.9494"),
        (Score::Sens, "0.745"),
        (Score::Spec, "0.9793"),
    ];
    let eps = decimal("0.0001");
    let tolerance = decimal("0.000001"); // the reference's numerical_tolerance
    let options = RunOptions::default();

    let mut conclusions = Vec::new();
    for (assumption, key) in [(Assumption::Fov, "fov"), (Assumption::All, "all")] {
        let images = drive_images(Subset::Test, 1, assumption)?;

        // Mean of scores: one test set per image, the reported figures bound the means.
        let windows = reported
            .iter()
            .map(|&(score, value)| {
                let (lower, upper) = reported_interval(&decimal(value), &eps, &tolerance);
                Bound::new(score, lower, upper)
            })
            .collect();
        let datasets = images
            .iter()
            .map(|image| DatasetSpec::single_fold(image.p, image.n, Vec::new()))
            .collect();
        let experiment = Experiment::new(datasets, windows);
        let mos = answer_mean_of_scores(
            &MeanOfScoresRequest::new(MeanProtocol::Testsets, experiment),
            &options,
        )?;

        // Score of means: one confusion matrix of the pooled counts.
        let (p, n) = images
            .iter()
            .fold((0, 0), |(p, n), image| (p + image.p, n + image.n));
        let windows = reported
            .iter()
            .map(|&(score, value)| Window::around(score, decimal(value), &eps, &tolerance))
            .collect();
        let figures = Figures::from_windows(windows, Params::default());
        let som = answer_single_matrix(&SingleMatrixRequest::new(p, n, figures), &options)?;

        for (aggregation, answer) in [("mos", mos), ("som", som)] {
            println!(
                "{} images, {key}, {aggregation}: {:?}",
                images.len(),
                answer.conclusion
            );
            conclusions.push((
                format!("inconsistency_{key}_{aggregation}"),
                answer.conclusion,
            ));
        }
    }

    // The bundle answers the same question from JSON.
    let bundle = run_text(
        r#"{"check": "drive_vessel_aggregated", "imageset": "test", "annotator": 1,
            "scores": {"acc": 0.9494, "sens": 0.745, "spec": 0.9793}, "eps": 0.0001}"#,
        &options,
    )?;
    for (flag, conclusion) in conclusions {
        let expected = match bundle["inconsistency"][&flag].as_bool() {
            Some(true) => matches!(conclusion, Conclusion::Inconsistent { .. }),
            Some(false) => conclusion == Conclusion::Consistent,
            None => conclusion == Conclusion::Undecided,
        };
        if !expected {
            return Err(
                format!("{flag}: the bundle says {}", bundle["inconsistency"][&flag]).into(),
            );
        }
    }
    println!("the drive_vessel_aggregated bundle concludes the same");
    Ok(())
}
