//! `cargo xtask diff-cbpe`: random reference and analysis data through NannyML 0.13.1's CBPE
//! (binary and multiclass) and through `scorecheck cbpe`, estimates, sampling errors,
//! thresholds and chunks compared.
//!
//! NannyML draws its calibration splits from numpy's `RandomState(42)` and its
//! average-precision bootstrap from numpy's unseeded global generator; ours come from a
//! seeded SplitMix64. So every case runs twice with the calibration decision forced (off,
//! then on, by replacing NannyML's `needs_calibration`), and everything deterministic is
//! compared to 1e-9; the free decisions of both are only listed, the bootstrap's sampling
//! error of average precision is compared by ratio, and the ROC AUC sampling error on tied
//! scores (where NannyML's result depends on numpy's unstable sort) is only reported.
//!
//! Each binary case also runs NannyML's `confusion_matrix` and `business_value` (a random
//! value matrix per case) under four settings that together cover every normalisation
//! (`normalize_confusion_matrix` None, all, pred, true; `normalize_business_value` None,
//! per_prediction), again with calibration forced off and on; their estimates, realised
//! values, sampling errors, thresholds, confidence bounds and alerts are compared, differences
//! relative to max(1, |NannyML's value|) since unnormalised counts and values run into the
//! thousands.
//!
//! Each multiclass case also runs NannyML's multiclass `confusion_matrix` (a column
//! `true_{a}_pred_{b}` per pair of classes) under each `normalize_confusion_matrix` (None,
//! all, pred, true), calibration forced off and on, and compares the same fields the same
//! way.
//!
//! The time-chunked cases (`timestamp_column_name` with `chunk_period` D, W and M over data in
//! random row order with a gap of empty periods, and with `chunk_size`) also compare each
//! chunk's key and start and end dates.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;
use serde_json::Value;

/// Options of the run.
pub struct Options {
    /// Python with `nannyml==0.13.1` installed.
    pub python: String,
    /// Seed of the data generator.
    pub seed: u64,
    /// Tolerance of the deterministic comparisons.
    pub tolerance: f64,
}

/// The metrics compared, NannyML's names.
const METRICS: [&str; 7] = [
    "roc_auc",
    "f1",
    "precision",
    "recall",
    "specificity",
    "accuracy",
    "average_precision",
];

/// The columns of `confusion_matrix` and `business_value`, NannyML's names.
const CONFUSION_METRICS: [&str; 5] = [
    "true_positive",
    "true_negative",
    "false_positive",
    "false_negative",
    "business_value",
];

/// Generates the data files and runs NannyML on them; prints one JSON object.
const NANNYML_SCRIPT: &str = r#"
import json, os, sys, warnings
os.environ["NML_DISABLE_USAGE_LOGGING"] = "1"
warnings.filterwarnings("ignore")
import numpy as np, pandas as pd
import nannyml as nml
import nannyml.performance_estimation.confidence_based.cbpe as cbpe_module
from nannyml.calibration import needs_calibration, IsotonicCalibrator

out_dir, seed = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(seed)
METRICS = ["roc_auc", "f1", "precision", "recall", "specificity", "accuracy", "average_precision"]

def frame(n, a, b, shift, decimals, honest):
    p = np.clip(rng.beta(a, b, n) + shift, 0.0, 1.0)
    if decimals is not None:
        p = np.round(p, decimals)
    # Labels from a miscalibrated truth, so that calibration matters (or from p itself).
    truth = p if honest else np.clip(0.05 + 0.9 * p ** 1.4, 0.0, 1.0)
    y = (rng.random(n) < truth).astype(int)
    return pd.DataFrame({"y_pred_proba": p, "y_pred": (p >= 0.5).astype(int), "y_true": y})

CASES = [
    # name, reference rows, analysis rows, chunking, beta a, b, shift, decimals
    ("small", 500, 300, {"chunk_size": 100}, 2, 2, 0.0, None),
    ("medium", 2000, 1500, {"chunk_size": 250}, 2, 3, 0.05, None),
    ("count", 3000, 2000, {"chunk_number": 7}, 3, 2, -0.05, None),
    ("large", 10000, 5000, {"chunk_size": 1000}, 2, 2, 0.1, None),
    ("imbalanced", 4000, 3000, {"chunk_size": 500}, 1, 4, 0.0, None),
    ("ties", 2000, 1000, {"chunk_size": 200}, 2, 2, 0.0, 2),
    ("well_calibrated", 3000, 2000, {"chunk_size": 400}, 2, 2, 0.0, None),
]

CONFUSION_COLUMNS = ["true_positive", "true_negative", "false_positive", "false_negative", "business_value"]
# (normalize_confusion_matrix, normalize_business_value): every value of each at least once.
CONFUSION_SETTINGS = [(None, None), ("all", "per_prediction"), ("pred", None), ("true", "per_prediction")]
FIELDS = ["value", "sampling_error", "realized", "lower_threshold", "upper_threshold", "alert"]
BOUNDS = ["lower_confidence_boundary", "upper_confidence_boundary"]

def run(reference, analysis, chunking, forced, classes=None, metrics=METRICS, columns=METRICS, fields=FIELDS, **options):
    original = cbpe_module.needs_calibration
    if forced is not None:
        cbpe_module.needs_calibration = lambda *args, **kwargs: forced
    try:
        if classes is None:
            proba, problem = "y_pred_proba", "classification_binary"
        else:
            proba, problem = {c: f"p_{c}" for c in classes}, "classification_multiclass"
        estimator = nml.CBPE(y_pred_proba=proba, y_pred="y_pred", y_true="y_true",
                             problem_type=problem, metrics=metrics, **chunking, **options)
        estimator.fit(reference)
        result = estimator.estimate(analysis).filter(period="analysis").to_df()
    finally:
        cbpe_module.needs_calibration = original
    chunks = []
    for _, row in result.iterrows():
        chunk = {"start": int(row[("chunk", "start_index")]), "end": int(row[("chunk", "end_index")]),
                 "key": str(row[("chunk", "key")]),
                 "start_date": None if pd.isna(row[("chunk", "start_date")]) else str(row[("chunk", "start_date")]),
                 "end_date": None if pd.isna(row[("chunk", "end_date")]) else str(row[("chunk", "end_date")])}
        for m in columns:
            def get(field):
                v = row[(m, field)]
                return None if v is None or (isinstance(v, float) and np.isnan(v)) else (bool(v) if field == "alert" else float(v))
            chunk[m] = {f: get(f) for f in fields}
        chunks.append(chunk)
    if classes is None:
        calibrated = bool(estimator.needs_calibration)
    else:
        calibrated = {c: type(estimator._calibrators[c]).__name__ != "NoopCalibrator" for c in classes}
    return {"calibrated": calibrated, "chunks": chunks}

# The value matrices come from their own generator, so the data of every case stay those
# drawn before these metrics were compared.
matrix_rng = np.random.default_rng(seed + 7919)
def confusion_runs(reference, analysis, chunking):
    matrix = np.round(matrix_rng.normal(0.0, 20.0, (2, 2)), 2).tolist()
    runs = []
    for cells, value in CONFUSION_SETTINGS:
        options = dict(metrics=["confusion_matrix", "business_value"], columns=CONFUSION_COLUMNS,
                       fields=FIELDS + BOUNDS, normalize_confusion_matrix=cells,
                       business_value_matrix=matrix, normalize_business_value=value)
        runs.append({
            "normalize_confusion_matrix": cells, "normalize_business_value": value, "matrix": matrix,
            "forced": {"false": run(reference, analysis, chunking, False, **options),
                       "true": run(reference, analysis, chunking, True, **options)},
        })
    return runs

cases = []
for name, n_ref, n_ana, chunking, a, b, shift, decimals in CASES:
    honest = name == "well_calibrated"
    reference = frame(n_ref, a, b, 0.0, decimals, honest)
    analysis = frame(n_ana, a, b, shift, decimals, honest)
    paths = {}
    for part, df in [("reference", reference), ("analysis", analysis)]:
        path = os.path.join(out_dir, f"{name}_{part}.csv")
        with open(path, "w") as f:
            f.write("y_pred_proba,y_pred,y_true\n")
            for p, yp, y in zip(df.y_pred_proba, df.y_pred, df.y_true):
                f.write(f"{float(p)!r},{int(yp)},{int(y)}\n")
        paths[part] = path
    natural = bool(needs_calibration(reference.y_true.to_numpy(), reference.y_pred_proba.to_numpy(), IsotonicCalibrator()))
    cases.append({
        "name": name, "paths": paths, "chunking": chunking, "natural_calibration": natural,
        "forced": {"false": run(reference, analysis, chunking, False), "true": run(reference, analysis, chunking, True)},
        "confusion": confusion_runs(reference, analysis, chunking),
    })
def multiclass_frame(n, classes, concentration, decimals):
    p = rng.dirichlet([concentration] * len(classes), n)
    if decimals is not None:
        p = np.round(p, decimals)
    # Labels drawn from sharpened probabilities, so that calibration matters.
    sharp = p ** 1.5 / np.sum(p ** 1.5, axis=1, keepdims=True)
    u = rng.random(n)
    y = np.minimum((u[:, None] > np.cumsum(sharp, axis=1)).sum(axis=1), len(classes) - 1)
    frame = pd.DataFrame({f"p_{c}": p[:, i] for i, c in enumerate(classes)})
    frame["y_pred"] = [classes[i] for i in np.argmax(p, axis=1)]
    frame["y_true"] = [classes[i] for i in y]
    return frame

MULTICLASS_CASES = [
    ("multiclass3", ["a", "b", "c"], 3000, 2000, {"chunk_size": 500}, 1.5, None),
    ("multiclass4", ["w", "x", "y", "z"], 5000, 3000, {"chunk_number": 5}, 2.0, None),
]
for name, classes, n_ref, n_ana, chunking, concentration, decimals in MULTICLASS_CASES:
    reference = multiclass_frame(n_ref, classes, concentration, decimals)
    analysis = multiclass_frame(n_ana, classes, concentration, decimals)
    paths = {}
    for part, df in [("reference", reference), ("analysis", analysis)]:
        path = os.path.join(out_dir, f"{name}_{part}.csv")
        columns = [f"p_{c}" for c in classes]
        with open(path, "w") as f:
            f.write(",".join(columns + ["y_pred", "y_true"]) + "\n")
            for row in df.itertuples(index=False):
                values = [repr(float(getattr(row, c))) for c in columns]
                f.write(",".join(values + [row.y_pred, row.y_true]) + "\n")
        paths[part] = path
    natural = run(reference, analysis, chunking, None, classes)["calibrated"]
    cells = [f"true_{t}_pred_{p}" for t in classes for p in classes]
    multiclass_confusion = []
    for normalization in [None, "all", "pred", "true"]:
        options = dict(metrics=["confusion_matrix"], columns=cells, fields=FIELDS + BOUNDS,
                       normalize_confusion_matrix=normalization)
        multiclass_confusion.append({
            "normalize_confusion_matrix": normalization, "columns": cells,
            "forced": {"false": run(reference, analysis, chunking, False, classes, **options),
                       "true": run(reference, analysis, chunking, True, classes, **options)},
        })
    cases.append({
        "name": name, "paths": paths, "chunking": chunking, "classes": classes,
        "natural_calibration": natural,
        "forced": {"false": run(reference, analysis, chunking, False, classes),
                   "true": run(reference, analysis, chunking, True, classes)},
        "multiclass_confusion": multiclass_confusion,
    })
# Time-chunked cases: distinct timestamps (whole seconds) in random row order, the analysis
# with a gap of empty periods; written as text, as a CSV read without parse_dates gives them.
TIMED_CASES = [
    # name, reference rows, analysis rows, chunking, days spanned, gap (first day, days)
    ("daily", 3000, 2000, {"chunk_period": "D"}, 20, (6, 3)),
    ("weekly", 4000, 3000, {"chunk_period": "W"}, 120, (30, 20)),
    ("monthly", 6000, 4000, {"chunk_period": "M"}, 200, (59, 45)),
    ("size_timed", 2000, 1500, {"chunk_size": 300}, 90, None),
]
def timestamps(n, start, days, gap):
    skip = 0 if gap is None else gap[1]
    seconds = rng.choice((days - skip) * 86400, n, replace=False)
    if gap is not None:
        seconds = np.where(seconds >= gap[0] * 86400, seconds + skip * 86400, seconds)
    return (pd.Timestamp(start) + pd.to_timedelta(seconds, unit="s")).strftime("%Y-%m-%d %H:%M:%S")
for name, n_ref, n_ana, chunking, days, gap in TIMED_CASES:
    reference = frame(n_ref, 2, 2, 0.0, None, False)
    analysis = frame(n_ana, 2, 2, 0.05, None, False)
    reference["timestamp"] = list(timestamps(n_ref, "2023-01-02", days, None))
    analysis["timestamp"] = list(timestamps(n_ana, "2024-01-01", days, gap))
    chunking = dict(chunking, timestamp_column_name="timestamp")
    paths = {}
    for part, df in [("reference", reference), ("analysis", analysis)]:
        path = os.path.join(out_dir, f"{name}_{part}.csv")
        with open(path, "w") as f:
            f.write("y_pred_proba,y_pred,y_true,timestamp\n")
            for p, yp, y, t in zip(df.y_pred_proba, df.y_pred, df.y_true, df.timestamp):
                f.write(f"{float(p)!r},{int(yp)},{int(y)},{t}\n")
        paths[part] = path
    natural = bool(needs_calibration(reference.y_true.to_numpy(), reference.y_pred_proba.to_numpy(), IsotonicCalibrator()))
    cases.append({
        "name": name, "paths": paths, "chunking": chunking, "natural_calibration": natural,
        "forced": {"false": run(reference, analysis, chunking, False), "true": run(reference, analysis, chunking, True)},
    })
print(json.dumps({"cases": cases}))
"#;

fn scorecheck_binary(root: &Path) -> anyhow::Result<PathBuf> {
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "-q", "-p", "scorecheck-cli"])
        .current_dir(root)
        .status()
        .context("cannot run cargo build")?;
    anyhow::ensure!(status.success(), "cargo build -p scorecheck-cli failed");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    Ok(target.join("debug").join("scorecheck"))
}

/// Running tallies of one kind of comparison.
#[derive(Default)]
struct Tally {
    compared: u64,
    over: u64,
    worst: f64,
    worst_at: String,
}

impl Tally {
    fn add(&mut self, ours: Option<f64>, theirs: Option<f64>, tolerance: f64, at: &str) {
        self.add_scaled(ours, theirs, tolerance, at, false);
    }

    /// With `relative`, the difference over max(1, |NannyML's value|).
    fn add_scaled(
        &mut self,
        ours: Option<f64>,
        theirs: Option<f64>,
        tolerance: f64,
        at: &str,
        relative: bool,
    ) {
        self.compared += 1;
        let difference = match (ours, theirs) {
            (Some(a), Some(b)) if relative => (a - b).abs() / b.abs().max(1.0),
            (Some(a), Some(b)) => (a - b).abs(),
            (None, None) => 0.0,
            _ => f64::INFINITY,
        };
        if difference > tolerance {
            self.over += 1;
        }
        if difference > self.worst || self.worst_at.is_empty() {
            self.worst = self.worst.max(difference);
            self.worst_at = format!("{at} (ours {ours:?}, NannyML {theirs:?})");
        }
    }
}

/// The tallies of the confusion-matrix and business-value comparisons.
#[derive(Default)]
struct ConfusionTallies {
    estimates: Tally,
    realized: Tally,
    sampling_errors: Tally,
    thresholds: Tally,
    bounds: Tally,
    runs: u64,
    alerts_compared: u64,
    alert_mismatches: u64,
}

impl ConfusionTallies {
    /// Prints the tallies under a heading.
    fn print(&self, heading: &str) {
        println!(
            "  {heading} ({} runs; differences relative to max(1, |NannyML's|)):",
            self.runs
        );
        for (label, tally) in [
            ("estimates", &self.estimates),
            ("realised values", &self.realized),
            ("sampling errors", &self.sampling_errors),
            ("thresholds", &self.thresholds),
            ("confidence bounds", &self.bounds),
        ] {
            println!(
                "    {label}: {} compared, {} over tolerance, largest difference {:e} at {}",
                tally.compared, tally.over, tally.worst, tally.worst_at
            );
        }
        println!(
            "    alerts: {} compared, {} differ",
            self.alerts_compared, self.alert_mismatches
        );
    }

    /// Comparisons over the tolerance, and differing alerts.
    fn over(&self) -> u64 {
        self.estimates.over
            + self.realized.over
            + self.sampling_errors.over
            + self.thresholds.over
            + self.bounds.over
            + self.alert_mismatches
    }
}

/// Compares one confusion-matrix run of NannyML (`theirs`) with ours, metric by metric
/// (`metrics`: NannyML's column names, ours the same), into `tallies`; false when the chunks
/// differ in number.
fn compare_confusion(
    theirs: &Value,
    ours: &Value,
    metrics: &[&str],
    label: &str,
    tolerance: f64,
    tallies: &mut ConfusionTallies,
) -> anyhow::Result<bool> {
    tallies.runs += 1;
    let their_chunks = theirs["chunks"].as_array().context("chunks")?;
    let our_chunks = ours["chunks"].as_array().context("chunks")?;
    if their_chunks.len() != our_chunks.len() {
        return Ok(false);
    }
    for (index, (t, o)) in their_chunks.iter().zip(our_chunks).enumerate() {
        for &metric in metrics {
            let at = format!("{label} chunk {index} {metric}");
            let theirs = &t[metric];
            for (ours_field, field) in [
                ("estimated", "value"),
                ("realized", "realized"),
                ("sampling_error", "sampling_error"),
                ("lower_confidence_boundary", "lower_confidence_boundary"),
                ("upper_confidence_boundary", "upper_confidence_boundary"),
            ] {
                let tally = match field {
                    "value" => &mut tallies.estimates,
                    "realized" => &mut tallies.realized,
                    "sampling_error" => &mut tallies.sampling_errors,
                    _ => &mut tallies.bounds,
                };
                tally.add_scaled(
                    o[ours_field][metric].as_f64(),
                    theirs[field].as_f64(),
                    tolerance,
                    &at,
                    true,
                );
            }
            let our_thresholds = &ours["thresholds"][metric];
            for (side, field) in [("lower", "lower_threshold"), ("upper", "upper_threshold")] {
                tallies.thresholds.add_scaled(
                    our_thresholds[side].as_f64(),
                    theirs[field].as_f64(),
                    tolerance,
                    &at,
                    true,
                );
            }
            tallies.alerts_compared += 1;
            if o["alerts"][metric].as_bool() != theirs["alert"].as_bool() {
                tallies.alert_mismatches += 1;
            }
        }
    }
    Ok(true)
}

/// Runs the comparison and prints a summary; fails on a deterministic disagreement.
///
/// # Errors
///
/// When the Python or the binary cannot be run, their output cannot be read, or a
/// deterministic quantity disagrees.
pub fn run(root: &Path, options: &Options) -> anyhow::Result<()> {
    let work = std::env::temp_dir().join(format!("diff-cbpe-{}", std::process::id()));
    std::fs::create_dir_all(&work)?;
    let script = work.join("nannyml_cbpe.py");
    std::fs::write(&script, NANNYML_SCRIPT)?;
    eprintln!("running NannyML ({}) ...", options.python);
    let output = Command::new(&options.python)
        .arg(&script)
        .arg(&work)
        .arg(options.seed.to_string())
        .env("NML_DISABLE_USAGE_LOGGING", "1")
        .output()
        .context("cannot run python with nannyml")?;
    anyhow::ensure!(
        output.status.success(),
        "the NannyML script failed (is nannyml==0.13.1 installed for {}?): {}",
        options.python,
        String::from_utf8_lossy(&output.stderr)
    );
    let reference: Value = serde_json::from_slice(&output.stdout)?;
    let binary = scorecheck_binary(root)?;
    let mut estimates = Tally::default();
    let mut sampling_errors = Tally::default();
    let mut realized = Tally::default();
    let mut thresholds = Tally::default();
    let (mut boundary_mismatches, mut alert_mismatches, mut alerts_compared) = (0u64, 0u64, 0u64);
    // With tied scores NannyML's ROC AUC components depend on the order numpy's unstable
    // sort leaves tied rows in; they are reported, not required to agree.
    let mut tied_roc_auc_errors = Tally::default();
    let mut ap_ratios: Vec<f64> = Vec::new();
    let mut decisions = Vec::new();
    let mut confusion = ConfusionTallies::default();
    let mut multiclass_confusion = ConfusionTallies::default();
    let (mut dated_chunks, mut date_mismatches) = (0u64, 0u64);
    let cases = reference["cases"].as_array().context("cases")?;
    for case in cases {
        let name = case["name"].as_str().unwrap_or("?");
        let mut base = vec![
            "cbpe".to_string(),
            "--reference".into(),
            case["paths"]["reference"].as_str().context("path")?.into(),
            "--analysis".into(),
            case["paths"]["analysis"].as_str().context("path")?.into(),
            "--metrics".into(),
            METRICS.join(","),
            "--format".into(),
            "json".into(),
        ];
        if let Some(classes) = case["classes"].as_array() {
            let pairs: Vec<String> = classes
                .iter()
                .filter_map(Value::as_str)
                .map(|c| format!("{c}=p_{c}"))
                .collect();
            base.extend(["--class-columns".into(), pairs.join(",")]);
        }
        if let Some(size) = case["chunking"]["chunk_size"].as_u64() {
            base.extend(["--chunk-size".into(), size.to_string()]);
        }
        if let Some(count) = case["chunking"]["chunk_number"].as_u64() {
            base.extend(["--chunks".into(), count.to_string()]);
        }
        if let Some(column) = case["chunking"]["timestamp_column_name"].as_str() {
            base.extend(["--timestamp-column".into(), column.into()]);
        }
        if let Some(period) = case["chunking"]["chunk_period"].as_str() {
            base.extend(["--chunk-period".into(), period.into()]);
        }
        let ours = |calibration: &str| -> anyhow::Result<Value> {
            let out = Command::new(&binary)
                .args(&base)
                .args(["--calibration", calibration])
                .output()?;
            anyhow::ensure!(
                out.status.success(),
                "scorecheck cbpe failed on {name}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            Ok(serde_json::from_slice(&out.stdout)?)
        };
        let auto = ours("auto")?;
        decisions.push(format!(
            "{name}: NannyML {} / ours {} (ECE {} → {})",
            case["natural_calibration"], auto["calibrated"], auto["ece_before"], auto["ece_after"]
        ));
        for (forced, rule) in [("false", "never"), ("true", "always")] {
            let theirs = &case["forced"][forced];
            let ours = ours(rule)?;
            anyhow::ensure!(
                theirs["calibrated"] == ours["calibrated"],
                "{name}: the forced calibration did not take ({} against {})",
                theirs["calibrated"],
                ours["calibrated"]
            );
            let their_chunks = theirs["chunks"].as_array().context("chunks")?;
            let our_chunks = ours["chunks"].as_array().context("chunks")?;
            if their_chunks.len() != our_chunks.len() {
                boundary_mismatches += 1;
                continue;
            }
            for (index, (t, o)) in their_chunks.iter().zip(our_chunks).enumerate() {
                if t["start"] != o["start"] || t["end"] != o["end"] {
                    boundary_mismatches += 1;
                }
                // Keys and dates of time-chunked cases (pandas prints a space for our `T`).
                if case["chunking"]["timestamp_column_name"].is_string() {
                    let date = |v: &Value| v.as_str().map(|d| d.replacen('T', " ", 1));
                    dated_chunks += 1;
                    if t["key"] != o["key"]
                        || date(&t["start_date"]) != date(&o["start_date"])
                        || date(&t["end_date"]) != date(&o["end_date"])
                    {
                        date_mismatches += 1;
                        eprintln!(
                            "{name} chunk {index}: NannyML {} {} {}, ours {} {} {}",
                            t["key"],
                            t["start_date"],
                            t["end_date"],
                            o["key"],
                            o["start_date"],
                            o["end_date"]
                        );
                    }
                }
                for metric in METRICS {
                    let at = format!("{name} calibrated={forced} chunk {index} {metric}");
                    let theirs = &t[metric];
                    estimates.add(
                        o["estimated"][metric].as_f64(),
                        theirs["value"].as_f64(),
                        options.tolerance,
                        &at,
                    );
                    realized.add(
                        o["realized"][metric].as_f64(),
                        theirs["realized"].as_f64(),
                        options.tolerance,
                        &at,
                    );
                    let our_se = o["sampling_error"][metric].as_f64();
                    if metric == "roc_auc" && name == "ties" {
                        tied_roc_auc_errors.add(
                            our_se,
                            theirs["sampling_error"].as_f64(),
                            options.tolerance,
                            &at,
                        );
                    } else if metric == "average_precision" {
                        if let (Some(a), Some(b)) = (our_se, theirs["sampling_error"].as_f64()) {
                            ap_ratios.push(a / b);
                        }
                    } else {
                        sampling_errors.add(
                            our_se,
                            theirs["sampling_error"].as_f64(),
                            options.tolerance,
                            &at,
                        );
                    }
                    let our_thresholds = &ours["thresholds"][metric];
                    thresholds.add(
                        our_thresholds["lower"].as_f64(),
                        theirs["lower_threshold"].as_f64(),
                        options.tolerance,
                        &at,
                    );
                    thresholds.add(
                        our_thresholds["upper"].as_f64(),
                        theirs["upper_threshold"].as_f64(),
                        options.tolerance,
                        &at,
                    );
                    alerts_compared += 1;
                    if o["alerts"][metric].as_bool() != theirs["alert"].as_bool() {
                        alert_mismatches += 1;
                    }
                }
            }
        }
        for setting in case["multiclass_confusion"]
            .as_array()
            .into_iter()
            .flatten()
        {
            let cells = setting["normalize_confusion_matrix"]
                .as_str()
                .unwrap_or("none");
            let columns: Vec<&str> = setting["columns"]
                .as_array()
                .context("columns")?
                .iter()
                .filter_map(Value::as_str)
                .collect();
            for (forced, rule) in [("false", "never"), ("true", "always")] {
                let out = Command::new(&binary)
                    .args(&base[..5])
                    .args([
                        "--metrics",
                        "confusion_matrix",
                        "--format",
                        "json",
                        "--normalize-confusion-matrix",
                        cells,
                        "--calibration",
                        rule,
                    ])
                    .args(&base[9..])
                    .output()?;
                anyhow::ensure!(
                    out.status.success(),
                    "scorecheck cbpe failed on {name} (multiclass confusion_matrix, {cells}): {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let ours: Value = serde_json::from_slice(&out.stdout)?;
                let label = format!("{name} {cells} calibrated={forced}");
                if !compare_confusion(
                    &setting["forced"][forced],
                    &ours,
                    &columns,
                    &label,
                    options.tolerance,
                    &mut multiclass_confusion,
                )? {
                    boundary_mismatches += 1;
                }
            }
        }
        for setting in case["confusion"].as_array().into_iter().flatten() {
            let cells = setting["normalize_confusion_matrix"]
                .as_str()
                .unwrap_or("none");
            let value = setting["normalize_business_value"]
                .as_str()
                .unwrap_or("none");
            let matrix: Vec<String> = setting["matrix"]
                .as_array()
                .context("matrix")?
                .iter()
                .flat_map(|row| row.as_array().into_iter().flatten())
                .map(|v| v.as_f64().map(|v| v.to_string()).context("a matrix value"))
                .collect::<anyhow::Result<_>>()?;
            for (forced, rule) in [("false", "never"), ("true", "always")] {
                let theirs = &setting["forced"][forced];
                let out = Command::new(&binary)
                    .args(&base[..5])
                    .args([
                        "--metrics",
                        "confusion_matrix,business_value",
                        "--format",
                        "json",
                        "--normalize-confusion-matrix",
                        cells,
                        "--normalize-business-value",
                        value,
                        &format!("--business-value-matrix={}", matrix.join(",")),
                        "--calibration",
                        rule,
                    ])
                    .args(&base[9..])
                    .output()?;
                anyhow::ensure!(
                    out.status.success(),
                    "scorecheck cbpe failed on {name} ({cells}, {value}): {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let ours: Value = serde_json::from_slice(&out.stdout)?;
                let label = format!("{name} {cells}/{value} calibrated={forced}");
                if !compare_confusion(
                    theirs,
                    &ours,
                    &CONFUSION_METRICS,
                    &label,
                    options.tolerance,
                    &mut confusion,
                )? {
                    boundary_mismatches += 1;
                }
            }
        }
    }
    println!(
        "diff-cbpe: {} cases × calibration forced off and on, seed {}, tolerance {:e}",
        cases.len(),
        options.seed,
        options.tolerance
    );
    for (label, tally) in [
        ("estimates", &estimates),
        ("realised values", &realized),
        ("sampling errors (all but AP)", &sampling_errors),
        ("thresholds", &thresholds),
    ] {
        println!(
            "  {label}: {} compared, {} over tolerance, largest difference {:e} at {}",
            tally.compared, tally.over, tally.worst, tally.worst_at
        );
    }
    confusion.print(
        "binary confusion_matrix and business_value (every normalisation, calibration forced off and on)",
    );
    multiclass_confusion.print(
        "multiclass confusion_matrix (a cell per pair of classes; every normalisation, calibration forced off and on)",
    );
    println!(
        "  ROC AUC sampling errors with tied scores (NannyML's unstable sort orders the ties): {} compared, largest difference {:e}",
        tied_roc_auc_errors.compared, tied_roc_auc_errors.worst
    );
    println!("  chunk boundary mismatches: {boundary_mismatches}");
    println!(
        "  time-chunked cases: {dated_chunks} chunks' keys and start/end dates compared, {date_mismatches} differ"
    );
    println!("  alerts: {alerts_compared} compared, {alert_mismatches} differ");
    if !ap_ratios.is_empty() {
        let (low, high) = ap_ratios
            .iter()
            .fold((f64::INFINITY, 0.0f64), |(l, h), &r| (l.min(r), h.max(r)));
        println!(
            "  AP sampling error (bootstraps with different random draws): ours / NannyML's in [{low:.3}, {high:.3}] over {} chunks",
            ap_ratios.len()
        );
    }
    println!("  free calibration decisions (different random splits):");
    for decision in &decisions {
        println!("    {decision}");
    }
    let _ = std::fs::remove_dir_all(&work);
    anyhow::ensure!(
        estimates.over
            + realized.over
            + sampling_errors.over
            + thresholds.over
            + boundary_mismatches
            + date_mismatches
            + alert_mismatches
            + confusion.over()
            + multiclass_confusion.over()
            == 0,
        "scorecheck cbpe disagrees with NannyML beyond the tolerance"
    );
    Ok(())
}
