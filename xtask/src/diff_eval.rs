//! `cargo xtask diff-eval`: random outputs through score-analysis (Python) and through
//! `scorecheck eval`, compared to 1e-9 where both are deterministic and by distribution
//! where they draw bootstrap samples (the two draw different random numbers).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::Context;
use serde_json::{json, Value};

/// Options of the run.
pub struct Options {
    /// How many data sets.
    pub cases: u64,
    /// Seed of the generator.
    pub seed: u64,
    /// Python with `score-analysis` and `scikit-learn` installed.
    pub python: String,
}

/// The Python side: reads the jobs as JSON on stdin and answers one JSON list.
const PYTHON: &str = r#"
import json, sys, warnings
import numpy as np
from scipy.stats import beta, norm
from sklearn.metrics import average_precision_score
from score_analysis import Scores
from score_analysis.scores import BootstrapConfig

warnings.simplefilter("ignore")
jobs = json.load(sys.stdin)
answers = []
for job in jobs:
    labels = np.array(job["labels"])
    scores = np.array(job["scores"], dtype=float)
    s = Scores.from_labels(labels, scores, pos_label=1, score_class=job["score_class"], equal_class=job["equal_class"])
    out = {}
    cm = s.cm(np.array(job["thresholds"], dtype=float))
    out["matrices"] = [[int(x) for x in m.flatten()] for m in np.asarray(cm.matrix).reshape(-1, 2, 2)]
    at = {}
    for metric, targets in job["targets"].items():
        f = getattr(s, "threshold_at_" + metric)
        at[metric] = [float(f(t, method=job["method"])) for t in targets]
    out["at"] = at
    methods = {"acc": "accuracy", "sens": "tpr", "spec": "tnr", "fpr": "fpr", "ppv": "ppv", "npv": "npv"}
    out["at_score"] = []
    for name, target in job["score_targets"]:
        metric = (lambda m: lambda sc, t: getattr(sc.cm(t), m)())(methods[name])
        found = [float(x) for x in np.ravel(s.threshold_at_metric(target, metric))]
        # No crossing, and numpy's argmin took an undefined (NaN) point as the closest.
        points = np.sort(np.concatenate([s.pos, s.neg]))
        y = metric(s, points)
        crossing = ((y[:-1] <= target) & (y[1:] > target)) | ((y[:-1] >= target) & (y[1:] < target))
        nan_pick = bool(not crossing.any() and np.isnan(y[np.argmin(np.abs(y - target))]))
        out["at_score"].append({"found": found, "nan_pick": nan_pick})
    t, e = s.eer()
    out["eer"] = [float(t), float(e)]
    out["auc"] = float(s.auc())
    out["partial"] = [float(s.auc(a, b)) for a, b in job["partial"]]
    signed = scores if job["score_class"] == "pos" else -scores
    out["ap"] = float(average_precision_score(labels == 1, signed))
    a = job["alpha"]
    cp, wilson = [], []
    for k, n in job["binomial"]:
        if n == 0:
            cp.append([None, None]); wilson.append([None, None]); continue
        lo = 0.0 if k == 0 else beta.ppf(a / 2, k, n - k + 1)
        hi = 1.0 if k == n else beta.ppf(1 - a / 2, k + 1, n - k)
        cp.append([float(lo), float(hi)])
        z = norm.isf(a / 2); p = k / n
        c = (p + z * z / (2 * n)) / (1 + z * z / n)
        h = z / (1 + z * z / n) * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        wilson.append([0.0 if k == 0 else float(c - h), 1.0 if k == n else float(c + h)])
    out["clopper_pearson"] = cp
    out["wilson"] = wilson
    if job.get("bootstrap"):
        boot = {}
        for method in ["quantile", "bc", "bca"]:
            for sampling in ["replacement", "by_label"]:
                config = BootstrapConfig(nb_samples=job["bootstrap"], bootstrap_method=method,
                                         sampling_method="replacement",
                                         stratified_sampling=None if sampling == "replacement" else "by_label")
                np.random.seed(job["seed"])
                ci = s.bootstrap_ci("auc", alpha=a, config=config)
                boot[method + " " + sampling] = [float(x) for x in np.asarray(ci).flatten()]
                # The same with another seed: how far score-analysis moves from itself.
                np.random.seed(job["seed"] + 100000)
                ci = s.bootstrap_ci("auc", alpha=a, config=config)
                boot[method + " " + sampling + " again"] = [float(x) for x in np.asarray(ci).flatten()]
        out["bootstrap_auc"] = boot
    answers.append(out)
json.dump(answers, sys.stdout)
"#;

/// A small deterministic generator (SplitMix64) for the data sets.
struct Generator(u64);

impl Generator {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn below(&mut self, n: usize) -> usize {
        (self.unit() * n as f64) as usize % n
    }
    fn normal(&mut self) -> f64 {
        let (u, v) = (self.unit().max(1e-300), self.unit());
        (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
    }
}

/// One random data set and what to ask of it.
struct Case {
    labels: Vec<u8>,
    scores: Vec<f64>,
    score_class: &'static str,
    equal_class: &'static str,
    method: &'static str,
    thresholds: Vec<f64>,
    targets: BTreeMap<&'static str, Vec<f64>>,
    score_targets: Vec<(&'static str, f64)>,
    /// FPR bounds of partial AUCs, and whether both are ROC vertices (multiples of 1/n).
    partial: Vec<(f64, f64, bool)>,
    bootstrap: usize,
}

fn make_case(g: &mut Generator, index: u64) -> Case {
    let sizes = [4usize, 10, 30, 100, 400, 1500];
    let n = sizes[index as usize % sizes.len()] + g.below(5);
    // Rounding to few decimals makes ties, within and across the classes.
    let decimals = [0i32, 1, 2, 6][g.below(4)];
    let scale = 10f64.powi(decimals);
    let shift = g.unit() * 2.0;
    let mut labels: Vec<u8> = (0..n).map(|_| u8::from(g.unit() < 0.4)).collect();
    labels[0] = 1;
    labels[1] = 0;
    let scores: Vec<f64> = labels
        .iter()
        .map(|&l| ((g.normal() + shift * f64::from(l)) * scale).round() / scale)
        .collect();
    let mut thresholds: Vec<f64> = (0..4).map(|_| scores[g.below(n)]).collect();
    thresholds.extend((0..3).map(|_| (g.normal() * 2.0 * 1000.0).round() / 1000.0));
    let p = labels.iter().filter(|&&l| l == 1).count();
    let score_class = ["pos", "neg"][g.below(2)];
    let mut targets = BTreeMap::new();
    for metric in ["fpr", "tpr", "tnr", "fnr", "topr", "tonr"] {
        let count = match metric {
            "tpr" | "fnr" => p,
            "fpr" | "tnr" => n - p,
            _ => n,
        };
        let mut t = vec![0.0, 1.0, g.unit(), g.unit()];
        // Targets on the grid k/count hit order statistics exactly.
        t.push(g.below(count + 1) as f64 / count as f64);
        targets.insert(metric, t);
    }
    Case {
        labels: labels.clone(),
        scores: scores.clone(),
        score_class,
        equal_class: ["pos", "neg"][g.below(2)],
        method: ["linear", "lower", "higher"][g.below(3)],
        thresholds,
        targets,
        score_targets: (0..3)
            .map(|_| {
                let name = ["acc", "sens", "spec", "fpr", "ppv", "npv"][g.below(6)];
                (name, (g.unit() * 1000.0).round() / 1000.0)
            })
            .collect(),
        partial: {
            // ROC vertices: the FPR at each cut between distinct scores (ties make them
            // sparser than the multiples of 1/n).
            let negatives: Vec<f64> = labels
                .iter()
                .zip(&scores)
                .filter(|(l, _)| **l == 0)
                .map(|(_, s)| *s)
                .collect();
            let mut vertices: Vec<f64> = scores
                .iter()
                .map(|&v| {
                    let beyond = negatives
                        .iter()
                        .filter(|&&s| if score_class == "pos" { s >= v } else { s <= v })
                        .count();
                    beyond as f64 / negatives.len() as f64
                })
                .chain([0.0])
                .collect();
            vertices.sort_by(f64::total_cmp);
            vertices.dedup();
            let k1 = g.below(vertices.len() - 1);
            let k2 = k1 + 1 + g.below(vertices.len() - 1 - k1);
            let (a, b) = (g.unit() * 0.5, 0.5 + g.unit() * 0.5);
            vec![
                (vertices[k1], vertices[k2], true),
                (0.0, 1.0, true),
                (a, b, false),
            ]
        },
        bootstrap: if index % 5 == 2 && n >= 30 { 2000 } else { 0 },
    }
}

fn run_with_stdin(mut command: Command, stdin: &str) -> anyhow::Result<String> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .with_context(|| format!("cannot start {command:?}"))?;
    let mut pipe = child.stdin.take().context("stdin")?;
    let input = stdin.to_owned();
    let writer = std::thread::spawn(move || pipe.write_all(input.as_bytes()));
    let output = child.wait_with_output()?;
    writer
        .join()
        .map_err(|_| anyhow::anyhow!("the stdin writer panicked"))??;
    anyhow::ensure!(output.status.success(), "{command:?} failed");
    Ok(String::from_utf8(output.stdout)?)
}

/// Largest absolute difference seen for one quantity, and how many comparisons.
#[derive(Default)]
struct Tally {
    compared: usize,
    sum: f64,
    max_diff: f64,
    over: usize,
    worst: String,
}

impl Tally {
    fn add(&mut self, ours: f64, theirs: f64, tolerance: f64, label: impl FnOnce() -> String) {
        self.compared += 1;
        let diff = if ours == theirs {
            0.0
        } else {
            (ours - theirs).abs()
        };
        let diff = if diff.is_nan() { f64::INFINITY } else { diff };
        self.sum += diff;
        if diff > tolerance {
            self.over += 1;
        }
        if diff > self.max_diff || (self.worst.is_empty() && diff > tolerance) {
            self.max_diff = diff;
            self.worst = label();
        }
    }
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

/// Whether `eer` is a root too: our thresholds at FPR = eer and at FNR = eer coincide.
fn eer_is_a_root(binary: &Path, path: &Path, case: &Case, eer: f64) -> anyhow::Result<bool> {
    let out = Command::new(binary)
        .args([
            "eval",
            "--input",
            &path.display().to_string(),
            "--score-class",
            case.score_class,
            "--equal-class",
            case.equal_class,
        ])
        .args([format!("--at-fpr={eer}"), format!("--at-fnr={eer}")])
        .args(["--format", "json"])
        .output()?;
    anyhow::ensure!(
        out.status.success(),
        "scorecheck eval --at-fpr failed on {}",
        path.display()
    );
    let v: Value = serde_json::from_slice(&out.stdout)?;
    Ok(v["at"][0]["threshold"] == v["at"][1]["threshold"])
}

/// Runs the comparison and prints a table; fails where a deterministic quantity differs by
/// more than its tolerance.
///
/// # Errors
///
/// When the Python or the binary cannot be run, their output cannot be read, or a
/// deterministic quantity differs by more than its tolerance.
pub fn run(root: &Path, options: &Options) -> anyhow::Result<()> {
    let status = Command::new("cargo")
        .args(["build", "--release", "-q", "-p", "scorecheck-cli"])
        .current_dir(root)
        .status()?;
    anyhow::ensure!(status.success(), "building the CLI failed");
    let target = std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| root.join("target"));
    let binary = target.join("release/scorecheck");
    let work = std::env::temp_dir().join(format!("scorecheck-diff-eval-{}", std::process::id()));
    std::fs::create_dir_all(&work)?;
    let alpha = 0.05;
    let mut g = Generator(options.seed);
    let cases: Vec<Case> = (0..options.cases).map(|i| make_case(&mut g, i)).collect();

    let mut jobs = Vec::new();
    let mut ours = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let path = work.join(format!("case{i}.csv"));
        let mut csv = String::from("label,score\n");
        for (l, s) in case.labels.iter().zip(&case.scores) {
            writeln!(csv, "{l},{s}")?;
        }
        std::fs::write(&path, csv)?;
        let mut args: Vec<String> = vec![
            "eval".into(),
            "--input".into(),
            path.display().to_string(),
            "--score-class".into(),
            case.score_class.into(),
            "--equal-class".into(),
            case.equal_class.into(),
            "--eer".into(),
            "--auc".into(),
            "--format".into(),
            "json".into(),
        ];
        for t in &case.thresholds {
            args.push(format!("--threshold={t}"));
        }
        for (metric, targets) in &case.targets {
            for t in targets {
                args.push(format!("--at-{metric}={t}"));
            }
        }
        // `eval` refuses an interpolation with no --at-* target, and intervals with no threshold.
        if case.targets.iter().any(|(_, targets)| !targets.is_empty()) {
            args.extend(["--interpolation".into(), case.method.into()]);
        }
        for (lower, upper, _) in &case.partial {
            args.push(format!("--partial-auc={lower}:{upper}"));
        }
        for (name, target) in &case.score_targets {
            args.push(format!("--at-score={name}={target}"));
        }
        let mut answers = Vec::new();
        for ci in ["wilson", "clopper-pearson"] {
            let mut a = args.clone();
            if !case.thresholds.is_empty() {
                a.extend([
                    "--ci".into(),
                    ci.into(),
                    "--alpha".into(),
                    alpha.to_string(),
                ]);
            }
            let out = Command::new(&binary).args(&a).output()?;
            anyhow::ensure!(
                out.status.success(),
                "scorecheck eval failed on case {i}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            answers.push(serde_json::from_slice::<Value>(&out.stdout)?);
        }
        let mut boot = BTreeMap::new();
        if case.bootstrap > 0 {
            for (sampling, method, flag) in [
                ("quantile replacement", "quantile", "replacement"),
                ("quantile by_label", "quantile", "stratified"),
                ("bc replacement", "bc", "replacement"),
                ("bc by_label", "bc", "stratified"),
                ("bca replacement", "bca", "replacement"),
                ("bca by_label", "bca", "stratified"),
            ] {
                let out = Command::new(&binary)
                    .args([
                        "eval",
                        "--input",
                        &path.display().to_string(),
                        "--score-class",
                        case.score_class,
                        // No --equal-class: the AUC counts a tie as half, and eval refuses a
                        // flag that changes nothing.
                        "--auc",
                        "--ci",
                        "bootstrap",
                        "--bootstrap-method",
                        method,
                        "--bootstrap-sampling",
                        flag,
                        "--bootstrap-samples",
                        &case.bootstrap.to_string(),
                        "--seed",
                        &i.to_string(),
                        "--format",
                        "json",
                    ])
                    .output()?;
                anyhow::ensure!(
                    out.status.success(),
                    "scorecheck eval (bootstrap) failed on case {i}"
                );
                let v: Value = serde_json::from_slice(&out.stdout)?;
                boot.insert(sampling, v["auc"]["ci"].clone());
            }
        }
        // The binomial counts whose intervals we print: the seven rates at each threshold.
        let binomial: Vec<[u64; 2]> = answers[0]["thresholds"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| {
                let c = |k: &str| row[k].as_u64().unwrap_or(0);
                let (tp, fn_, fp, tn) = (c("tp"), c("fn"), c("fp"), c("tn"));
                [
                    [tp, tp + fn_],
                    [tn, tn + fp],
                    [fp, fp + tn],
                    [fn_, fn_ + tp],
                    [tp, tp + fp],
                    [tn, tn + fn_],
                    [tp + tn, tp + tn + fp + fn_],
                ]
            })
            .collect();
        jobs.push(json!({
            "labels": case.labels, "scores": case.scores,
            "score_class": case.score_class, "equal_class": case.equal_class, "method": case.method,
            "thresholds": case.thresholds, "targets": case.targets, "alpha": alpha,
            "binomial": binomial, "bootstrap": case.bootstrap, "seed": i,
            "score_targets": case.score_targets,
            "partial": case.partial.iter().map(|&(a, b, _)| [a, b]).collect::<Vec<_>>(),
        }));
        ours.push((answers, boot));
    }
    let script = work.join("score_analysis_side.py");
    std::fs::write(&script, PYTHON)?;
    let mut python = Command::new(&options.python);
    python.arg(&script);
    let theirs: Vec<Value> = serde_json::from_str(
        &run_with_stdin(python, &serde_json::to_string(&jobs)?)
            .context("score-analysis failed; install it with `pip install score-analysis scikit-learn` into the python given by --python")?,
    )?;

    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut boot_rows = Vec::new();
    for (i, ((answers, boot), reference)) in ours.iter().zip(&theirs).enumerate() {
        let ours = &answers[0];
        let rows = ours["thresholds"].as_array().cloned().unwrap_or_default();
        for (k, row) in rows.iter().enumerate() {
            let m = &reference["matrices"][k];
            for (j, key) in ["tp", "fn", "fp", "tn"].iter().enumerate() {
                tallies.entry("confusion matrix entries").or_default().add(
                    f(&row[key]),
                    f(&m[j]),
                    0.0,
                    || format!("case {i} threshold {k} {key}"),
                );
            }
        }
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        let mut score_slot = 0;
        for a in ours["at"].as_array().into_iter().flatten() {
            if let Some(found) = a.get("thresholds").and_then(Value::as_array) {
                let theirs = reference["at_score"][score_slot]["found"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                score_slot += 1;
                let key: &'static str = match a["metric"].as_str().unwrap_or("") {
                    "acc" => "threshold_at_metric solutions: acc",
                    "sens" => "threshold_at_metric solutions: sens",
                    "spec" => "threshold_at_metric solutions: spec",
                    "fpr" => "threshold_at_metric solutions: fpr",
                    "ppv" => "threshold_at_metric solutions: ppv",
                    _ => "threshold_at_metric solutions: npv",
                };
                let label = || {
                    format!(
                        "case {i} {} {} target {} ({} vs {})",
                        cases[i].score_class,
                        cases[i].equal_class,
                        a["target"],
                        Value::Array(found.clone()),
                        Value::Array(theirs.clone())
                    )
                };
                let key = if reference["at_score"][score_slot - 1]["nan_pick"] == true {
                    // score-analysis's fallback picked a point where the score is undefined
                    // (numpy's argmin returns the first NaN); ours skips undefined points.
                    "threshold_at_metric, no solution, numpy picked a NaN point"
                } else {
                    key
                };
                let tolerance = if key.contains("NaN") {
                    f64::INFINITY
                } else {
                    1e-9
                };
                let tally = tallies.entry(key).or_default();
                if found.len() != theirs.len() {
                    tally.add(f64::INFINITY, 0.0, tolerance, label);
                    continue;
                }
                for (o, t) in found.iter().zip(&theirs) {
                    let scale = 1.0f64.max(f(t).abs());
                    tally.add(f(o) / scale, f(t) / scale, tolerance, label);
                }
                continue;
            }
            let metric = a["metric"].as_str().unwrap_or("").to_string();
            let slot = seen.entry(metric.clone()).or_default();
            let theirs = &reference["at"][&metric][*slot];
            *slot += 1;
            let scale = 1.0f64.max(f(theirs).abs());
            tallies
                .entry("threshold_at_{fpr,tpr,tnr,fnr,topr,tonr}")
                .or_default()
                .add(f(&a["threshold"]) / scale, f(theirs) / scale, 1e-9, || {
                    format!("case {i} {metric} target {}", a["target"])
                });
        }
        let (our_eer, their_eer) = (f(&ours["eer"]["eer"]), f(&reference["eer"][1]));
        if (our_eer - their_eer).abs() > 1e-9
            && eer_is_a_root(
                &binary,
                &work.join(format!("case{i}.csv")),
                &cases[i],
                their_eer,
            )?
        {
            // Both are roots of FPR − FNR on one tied stretch: score-analysis's bisection
            // stopped inside it (its interpolation misses tied scores by an ulp), ours is
            // the stretch's exact midpoint.
            tallies
                .entry("eer (rate), both on one tied stretch")
                .or_default()
                .add(our_eer, their_eer, f64::INFINITY, || format!("case {i}"));
        } else {
            tallies
                .entry("eer (rate)")
                .or_default()
                .add(our_eer, their_eer, 1e-9, || format!("case {i}"));
        }
        let scale = 1.0f64.max(f(&reference["eer"][0]).abs());
        tallies.entry("eer threshold (relative)").or_default().add(
            f(&ours["eer"]["threshold"]) / scale,
            f(&reference["eer"][0]) / scale,
            1e-6,
            || format!("case {i}"),
        );
        tallies.entry("roc auc").or_default().add(
            f(&ours["auc"]["value"]),
            f(&reference["auc"]),
            1e-9,
            || format!("case {i}"),
        );
        for (k, &(lower, upper, on_vertices)) in cases[i].partial.iter().enumerate() {
            let (key, tolerance) = if on_vertices {
                ("partial auc, bounds on ROC vertices", 1e-9)
            } else {
                // score-analysis pads with the nearest point's TPR instead of interpolating.
                (
                    "partial auc, bounds inside segments (documented)",
                    f64::INFINITY,
                )
            };
            tallies.entry(key).or_default().add(
                f(&ours["partial_auc"][k]["value"]),
                f(&reference["partial"][k]),
                tolerance,
                || format!("case {i} [{lower}, {upper}]"),
            );
        }
        tallies
            .entry("average precision (sklearn)")
            .or_default()
            .add(
                f(&ours["average_precision"]),
                f(&reference["ap"]),
                1e-9,
                || format!("case {i}"),
            );
        for (name, answer, key) in [
            ("wilson", &answers[0], "wilson"),
            ("clopper-pearson", &answers[1], "clopper_pearson"),
        ] {
            let mut r = 0;
            for row in answer["thresholds"].as_array().into_iter().flatten() {
                for rate in ["tpr", "tnr", "fpr", "fnr", "ppv", "npv", "acc"] {
                    let ci = &row["ci"][rate];
                    let theirs = &reference[key][r];
                    r += 1;
                    if ci.is_null() {
                        continue;
                    }
                    for side in 0..2 {
                        tallies
                            .entry(if name == "wilson" {
                                "wilson interval ends (vs scipy closed form)"
                            } else {
                                "clopper-pearson ends (vs scipy beta.ppf)"
                            })
                            .or_default()
                            .add(f(&ci[side]), f(&theirs[side]), 1e-9, || {
                                format!("case {i} {rate}")
                            });
                    }
                }
            }
        }
        for (sampling, ci) in boot {
            let theirs = &reference["bootstrap_auc"][sampling];
            boot_rows.push(format!(
                "case {i} ({} samples, {sampling}): ours [{:.4}, {:.4}], score-analysis [{:.4}, {:.4}]",
                jobs[i]["labels"].as_array().map_or(0, Vec::len),
                f(&ci[0]), f(&ci[1]), f(&theirs[0]), f(&theirs[1])
            ));
            // Different random streams: compare the ends in units of the interval's width.
            // With 2000 samples a tail quantile's Monte Carlo error is about 2% of the width,
            // so 15% is a wide margin that still catches a wrong sampling scheme.
            let width = (f(&theirs[1]) - f(&theirs[0])).max(1e-9);
            let again = &reference["bootstrap_auc"][format!("{sampling} again")];
            for side in 0..2 {
                tallies
                    .entry(match sampling.split(' ').next() {
                        Some("quantile") => {
                            "bootstrap auc ci (quantile): score-analysis vs itself / width"
                        }
                        Some("bc") => "bootstrap auc ci (bc): score-analysis vs itself / width",
                        _ => "bootstrap auc ci (bca): score-analysis vs itself / width",
                    })
                    .or_default()
                    .add(
                        f(&again[side]) / width,
                        f(&theirs[side]) / width,
                        f64::INFINITY,
                        || format!("case {i} {sampling}"),
                    );
            }
            for side in 0..2 {
                tallies
                    .entry(match sampling.split(' ').next() {
                        Some("quantile") => {
                            "bootstrap auc ci (quantile): ours vs score-analysis / width"
                        }
                        Some("bc") => "bootstrap auc ci (bc): ours vs score-analysis / width",
                        _ => "bootstrap auc ci (bca): ours vs score-analysis / width",
                    })
                    .or_default()
                    .add(f(&ci[side]) / width, f(&theirs[side]) / width, 0.15, || {
                        format!("case {i} {sampling}")
                    });
            }
        }
    }
    println!(
        "data sets: {} (sizes 4 to 1504, scores rounded to 0, 1, 2 or 6 decimals, all four rules)",
        cases.len()
    );
    println!(
        "{:<62} {:>9} {:>12} {:>12} {:>6}  worst",
        "quantity", "compared", "mean |diff|", "max |diff|", "over"
    );
    let mut failed = false;
    for (name, t) in &tallies {
        println!(
            "{name:<62} {:>9} {:>12.3e} {:>12.3e} {:>6}  {}",
            t.compared,
            t.sum / t.compared.max(1) as f64,
            t.max_diff,
            t.over,
            t.worst
        );
        failed |= t.over > 0;
    }
    for row in &boot_rows {
        println!("{row}");
    }
    anyhow::ensure!(
        !failed,
        "some quantities differ beyond their tolerance; the data sets are kept in {}",
        work.display()
    );
    std::fs::remove_dir_all(&work).ok();
    Ok(())
}
