//! `scorecheck eval`: scores, thresholds, EER, AUC, intervals and reported-figure checks
//! from a classifier's raw outputs in a CSV or JSON Lines file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context};
use clap::{Args, ValueEnum};
use num_rational::BigRational;
use scorecheck::algebra::{parse_decimal, ConfusionMatrix, Params, Score};
use scorecheck_eval::{
    binomial_interval, rate_counts, BinaryClass, BootstrapMethod, BootstrapOptions, Interpolation,
    IntervalMethod, Outputs, Rate, Reported, Rule, Sampling,
};
use serde_json::{json, Map, Value};

use crate::{Format, EXIT_CONSISTENT, EXIT_ERROR, EXIT_INCONSISTENT};

/// How many fitting thresholds a `--check` answer lists (the count is always given).
const MAX_LISTED_FITS: usize = 100;

#[derive(Clone, Copy, ValueEnum)]
enum ClassArg {
    Pos,
    Neg,
}

impl ClassArg {
    fn class(self) -> BinaryClass {
        match self {
            ClassArg::Pos => BinaryClass::Pos,
            ClassArg::Neg => BinaryClass::Neg,
        }
    }
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum CiArg {
    Wilson,
    ClopperPearson,
    Bootstrap,
}

#[derive(Clone, Copy, ValueEnum)]
enum InterpolationArg {
    Linear,
    Lower,
    Higher,
}

#[derive(Clone, Copy, ValueEnum)]
enum BootstrapMethodArg {
    Quantile,
    Bc,
    Bca,
}

#[derive(Clone, Copy, ValueEnum)]
enum SamplingArg {
    Replacement,
    Stratified,
}

/// Arguments of `scorecheck eval`.
#[derive(Args)]
pub struct EvalArgs {
    /// The outputs: CSV with a header, or JSON Lines (one object per sample); by extension
    /// (.csv, .jsonl, .json) or, failing that, by content.
    #[arg(long)]
    input: PathBuf,
    /// The column (or key) holding the true label.
    #[arg(long, default_value = "label")]
    label_column: String,
    /// The column (or key) holding the score.
    #[arg(long, default_value = "score")]
    score_column: String,
    /// The label of the positive class; every other label is negative.
    #[arg(long, default_value = "1")]
    pos_label: String,
    /// Whether high scores point to the positive or the negative class.
    #[arg(long, value_enum, default_value = "pos")]
    score_class: ClassArg,
    /// The class of a score equal to the threshold.
    #[arg(long, value_enum, default_value = "pos")]
    equal_class: ClassArg,
    /// Thresholds at which to print the confusion matrix and every score (repeatable).
    #[arg(long, allow_hyphen_values = true)]
    threshold: Vec<f64>,
    /// Print the threshold at this false positive rate (repeatable).
    #[arg(long)]
    at_fpr: Vec<f64>,
    /// Print the threshold at this true positive rate (repeatable).
    #[arg(long)]
    at_tpr: Vec<f64>,
    /// Print the threshold at this true negative rate (repeatable).
    #[arg(long)]
    at_tnr: Vec<f64>,
    /// Print the threshold at this false negative rate (repeatable).
    #[arg(long)]
    at_fnr: Vec<f64>,
    /// Print the threshold at this test outcome positive rate (share of all samples
    /// predicted positive; repeatable).
    #[arg(long)]
    at_topr: Vec<f64>,
    /// Print the threshold at this test outcome negative rate (repeatable).
    #[arg(long)]
    at_tonr: Vec<f64>,
    /// Print every threshold at which a score of the algebra reaches a target, as
    /// `acc=0.9` (repeatable; a score that rises and falls can have several).
    #[arg(long, value_name = "SCORE=TARGET")]
    at_score: Vec<String>,
    /// Interpolation between scores for --at-* thresholds.
    #[arg(long, value_enum, default_value = "linear")]
    interpolation: InterpolationArg,
    /// Print the equal error rate and its threshold.
    #[arg(long)]
    eer: bool,
    /// Print the exact ROC-AUC and the average precision.
    #[arg(long)]
    auc: bool,
    /// Print the exact area under the ROC curve between two false positive rates, as
    /// `LOWER:UPPER` such as `0:0.1` (repeatable; not normalised).
    #[arg(long, value_name = "LOWER:UPPER")]
    partial_auc: Vec<String>,
    /// Confidence intervals of the rates at each --threshold (and, with bootstrap, of the
    /// EER and AUC).
    #[arg(long, value_enum)]
    ci: Option<CiArg>,
    /// Two-sided level of the intervals.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// Bootstrap samples.
    #[arg(long, default_value_t = 1000)]
    bootstrap_samples: usize,
    /// How bootstrap intervals are read off the samples.
    #[arg(long, value_enum, default_value = "bca")]
    bootstrap_method: BootstrapMethodArg,
    /// How bootstrap samples are drawn: from all samples, or within each label.
    #[arg(long, value_enum, default_value = "replacement")]
    bootstrap_sampling: SamplingArg,
    /// Seed of the bootstrap.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Check reported figures against the outputs: a JSON file
    /// `{"scores": {"acc": 0.8, "auc": 0.92}, "eps": 0.005}` (eps a number or per score).
    #[arg(long)]
    check: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

/// Runs the command.
pub fn run(args: &EvalArgs) -> ExitCode {
    match evaluate(args) {
        Ok(report) => {
            match args.format {
                Format::Json => crate::emit(&format!("{report}\n")),
                Format::Text => crate::emit(&text(&report)),
            }
            match report.pointer("/check/inconsistency") {
                Some(Value::Bool(true)) => ExitCode::from(EXIT_INCONSISTENT),
                _ => ExitCode::from(EXIT_CONSISTENT),
            }
        }
        Err(e) => {
            eprintln!("scorecheck eval: error: {e:#}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}

/// Labels and scores read from the input, in file order.
struct Samples {
    labels: Vec<String>,
    scores: Vec<f64>,
}

fn parse_score(text: &str, row: usize, column: &str) -> anyhow::Result<f64> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| anyhow!("row {row}, column {column:?}: {text:?} is not a number"))?;
    if !value.is_finite() {
        bail!("row {row}, column {column:?}: the score {text:?} is not finite; remove the sample or give it a finite score");
    }
    Ok(value)
}

/// Splits one CSV line into fields, honouring double quotes ("" inside quotes is a quote).
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    fields.push(field);
    fields.into_iter().map(|f| f.trim().to_string()).collect()
}

fn read_csv(text: &str, args: &EvalArgs) -> anyhow::Result<Samples> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, header) = lines.next().ok_or_else(|| {
        anyhow!("the CSV file is empty; it needs a header and one row per sample")
    })?;
    let header = csv_fields(header.trim_start_matches('\u{feff}'));
    let find = |name: &str, flag: &str| {
        header.iter().position(|h| h == name).ok_or_else(|| {
            anyhow!(
                "column {name:?} is not in the header (columns: {}); name the column with {flag}",
                header.join(", ")
            )
        })
    };
    let label_at = find(&args.label_column, "--label-column")?;
    let score_at = find(&args.score_column, "--score-column")?;
    let mut samples = Samples {
        labels: Vec::new(),
        scores: Vec::new(),
    };
    for (index, line) in lines {
        let row = index + 1;
        let fields = csv_fields(line);
        let field = |at: usize, name: &str| {
            fields.get(at).ok_or_else(|| {
                anyhow!(
                    "row {row}: has {} fields, so column {name:?} is missing",
                    fields.len()
                )
            })
        };
        samples
            .labels
            .push(field(label_at, &args.label_column)?.clone());
        samples.scores.push(parse_score(
            field(score_at, &args.score_column)?,
            row,
            &args.score_column,
        )?);
    }
    Ok(samples)
}

fn read_json_lines(text: &str, args: &EvalArgs) -> anyhow::Result<Samples> {
    let mut samples = Samples {
        labels: Vec::new(),
        scores: Vec::new(),
    };
    let objects: Vec<(usize, Value)> = if text.trim_start().starts_with('[') {
        let array: Vec<Value> =
            serde_json::from_str(text).context("the JSON array of samples does not parse")?;
        array
            .into_iter()
            .enumerate()
            .map(|(i, v)| (i + 1, v))
            .collect()
    } else {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| {
                serde_json::from_str(l)
                    .map(|v| (i + 1, v))
                    .map_err(|e| anyhow!("row {}: not a JSON object ({e})", i + 1))
            })
            .collect::<anyhow::Result<_>>()?
    };
    for (row, object) in objects {
        let get = |key: &str| {
            object
                .get(key)
                .ok_or_else(|| anyhow!("row {row}: key {key:?} is missing"))
        };
        let label = match get(&args.label_column)? {
            Value::String(s) => s.clone(),
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => n.to_string(),
            other => bail!(
                "row {row}, column {:?}: the label {other} is not a string, number or boolean",
                args.label_column
            ),
        };
        let score = match get(&args.score_column)? {
            Value::Number(n) => parse_score(&n.to_string(), row, &args.score_column)?,
            Value::String(s) => parse_score(s, row, &args.score_column)?,
            other => bail!(
                "row {row}, column {:?}: {other} is not a number",
                args.score_column
            ),
        };
        samples.labels.push(label);
        samples.scores.push(score);
    }
    Ok(samples)
}

fn read_samples(path: &Path, args: &EvalArgs) -> anyhow::Result<Samples> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?;
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let json = match extension.as_deref() {
        Some("csv") => false,
        Some("jsonl" | "json" | "ndjson") => true,
        _ => matches!(text.trim_start().chars().next(), Some('{' | '[')),
    };
    let samples = if json {
        read_json_lines(&text, args)?
    } else {
        read_csv(&text, args)?
    };
    if samples.scores.is_empty() {
        bail!("{} has no samples", path.display());
    }
    Ok(samples)
}

/// Whether a label is the positive one: the same text, or the same number (1 and 1.0).
fn is_positive(label: &str, positive: &str) -> bool {
    label == positive
        || matches!((label.parse::<f64>(), positive.parse::<f64>()), (Ok(a), Ok(b)) if a == b)
}

fn number(v: f64) -> Value {
    serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
}

fn pair(interval: Option<(f64, f64)>) -> Value {
    interval.map_or(Value::Null, |(lo, hi)| json!([number(lo), number(hi)]))
}

fn scores_at(m: &ConfusionMatrix) -> Value {
    let params = Params::default();
    let map: Map<String, Value> = Score::ALL
        .iter()
        .map(|&s| {
            let exact = m.exact(s, &params);
            (
                s.abbreviation().to_string(),
                json!({
                    "exact": exact.as_ref().map(ToString::to_string),
                    "value": exact.map_or(Value::Null, |e| number(e.to_f64())),
                }),
            )
        })
        .collect();
    Value::Object(map)
}

/// The seven rates of `rate_counts` as f64 (NaN where undefined), for the bootstrap.
fn rates(m: &ConfusionMatrix) -> Vec<f64> {
    rate_counts(m)
        .iter()
        .map(|r| {
            if r.trials == 0 {
                f64::NAN
            } else {
                r.successes as f64 / r.trials as f64
            }
        })
        .collect()
}

fn bootstrap_options(args: &EvalArgs) -> BootstrapOptions {
    BootstrapOptions::default()
        .samples(args.bootstrap_samples)
        .alpha(args.alpha)
        .seed(args.seed)
        .method(match args.bootstrap_method {
            BootstrapMethodArg::Quantile => BootstrapMethod::Quantile,
            BootstrapMethodArg::Bc => BootstrapMethod::Bc,
            BootstrapMethodArg::Bca => BootstrapMethod::Bca,
        })
        .sampling(match args.bootstrap_sampling {
            SamplingArg::Replacement => Sampling::Replacement,
            SamplingArg::Stratified => Sampling::StratifiedByLabel,
        })
}

fn evaluate(args: &EvalArgs) -> anyhow::Result<Value> {
    if let Some(t) = args.threshold.iter().find(|t| !t.is_finite()) {
        bail!("--threshold {t} is not a finite number");
    }
    if !(args.alpha > 0.0 && args.alpha < 1.0) {
        bail!("--alpha must be strictly between 0 and 1 (0.05 gives 95% intervals)");
    }
    let samples = read_samples(&args.input, args)?;
    let flags: Vec<bool> = samples
        .labels
        .iter()
        .map(|l| is_positive(l, &args.pos_label))
        .collect();
    let outputs = Outputs::from_labels(&flags, &samples.scores, &true)
        .map_err(|e| {
            anyhow!(
                "{e} (the positive label is {:?}; set it with --pos-label)",
                args.pos_label
            )
        })?
        .with_rule(Rule::new(
            args.score_class.class(),
            args.equal_class.class(),
        ));
    let mut report = Map::new();
    report.insert("p".into(), json!(outputs.p()));
    report.insert("n".into(), json!(outputs.n()));
    let bootstrap = args.ci == Some(CiArg::Bootstrap);
    let options = bootstrap_options(args);
    if !args.threshold.is_empty() {
        let matrices = outputs.matrices_at(&args.threshold);
        let bootstrap_intervals = if bootstrap {
            let thresholds = args.threshold.clone();
            Some(outputs.bootstrap_ci(
                |o| o.matrices_at(&thresholds).iter().flat_map(rates).collect(),
                &options,
            )?)
        } else {
            None
        };
        let mut rows = Vec::new();
        for (i, (&threshold, m)) in args.threshold.iter().zip(&matrices).enumerate() {
            let mut row = json!({
                "threshold": number(threshold),
                "tp": m.tp(), "fn": m.fn_(), "fp": m.fp(), "tn": m.tn(),
                "scores": scores_at(m),
            });
            if let Some(method) = args.ci {
                let mut ci = Map::new();
                for (k, rate) in rate_counts(m).iter().enumerate() {
                    let interval = match method {
                        CiArg::Wilson => binomial_interval(
                            rate.successes,
                            rate.trials,
                            args.alpha,
                            IntervalMethod::Wilson,
                        )?,
                        CiArg::ClopperPearson => binomial_interval(
                            rate.successes,
                            rate.trials,
                            args.alpha,
                            IntervalMethod::ClopperPearson,
                        )?,
                        CiArg::Bootstrap => bootstrap_intervals.as_ref().and_then(|b| b[i * 7 + k]),
                    };
                    ci.insert(rate.name.into(), pair(interval));
                }
                row["ci"] = Value::Object(ci);
            }
            rows.push(row);
        }
        report.insert("thresholds".into(), Value::Array(rows));
    }
    let method = match args.interpolation {
        InterpolationArg::Linear => Interpolation::Linear,
        InterpolationArg::Lower => Interpolation::Lower,
        InterpolationArg::Higher => Interpolation::Higher,
    };
    let mut at = Vec::new();
    for (rate, targets) in [
        (Rate::Fpr, &args.at_fpr),
        (Rate::Tpr, &args.at_tpr),
        (Rate::Tnr, &args.at_tnr),
        (Rate::Fnr, &args.at_fnr),
        (Rate::Topr, &args.at_topr),
        (Rate::Tonr, &args.at_tonr),
    ] {
        for &target in targets {
            let threshold = outputs
                .threshold_at(rate, target, method)
                .map_err(|e| anyhow!("--at-{}: {e}", rate.name()))?;
            at.push(json!({"metric": rate.name(), "target": number(target), "threshold": number(threshold)}));
        }
    }
    for request in &args.at_score {
        let (name, target) = request.split_once('=').ok_or_else(|| {
            anyhow!("--at-score {request:?}: write it as SCORE=TARGET, e.g. acc=0.9")
        })?;
        let score = Score::from_name(name.trim()).map_err(|e| anyhow!("--at-score: {e}"))?;
        let target: f64 = target
            .trim()
            .parse()
            .map_err(|_| anyhow!("--at-score {request:?}: {target:?} is not a number"))?;
        let thresholds = outputs
            .thresholds_at_score(score, target, &Params::default())
            .map_err(|e| anyhow!("--at-score {request:?}: {e}"))?;
        at.push(json!({
            "metric": score.abbreviation(),
            "target": number(target),
            "thresholds": thresholds.into_iter().map(number).collect::<Vec<_>>(),
        }));
    }
    if !at.is_empty() {
        report.insert("at".into(), Value::Array(at));
    }
    if args.eer {
        let eer = outputs.eer();
        let mut value = json!({"threshold": number(eer.threshold), "eer": number(eer.eer)});
        if bootstrap {
            let ci = outputs.bootstrap_ci(
                |o| {
                    let e = o.eer();
                    vec![e.threshold, e.eer]
                },
                &options,
            )?;
            value["ci"] = json!({"threshold": pair(ci[0]), "eer": pair(ci[1])});
        }
        report.insert("eer".into(), value);
    }
    if args.auc {
        let auc = outputs.auc();
        let mut value = json!({"value": number(auc.value()), "exact": auc.exact().to_string()});
        let average_precision = outputs.average_precision();
        if bootstrap {
            let ci =
                outputs.bootstrap_ci(|o| vec![o.auc().value(), o.average_precision()], &options)?;
            value["ci"] = pair(ci[0]);
            report.insert("auc".into(), value);
            report.insert("average_precision".into(), number(average_precision));
            report.insert("average_precision_ci".into(), pair(ci[1]));
        } else {
            report.insert("auc".into(), value);
            report.insert("average_precision".into(), number(average_precision));
        }
    }
    let mut partial = Vec::new();
    for bounds in &args.partial_auc {
        let (lower, upper) = bounds.split_once(':').ok_or_else(|| {
            anyhow!("--partial-auc {bounds:?}: write it as LOWER:UPPER, e.g. 0:0.1")
        })?;
        let (lower, upper) = (
            parse_decimal(lower).map_err(|e| anyhow!("--partial-auc: {e}"))?,
            parse_decimal(upper).map_err(|e| anyhow!("--partial-auc: {e}"))?,
        );
        let area = outputs
            .partial_auc(&lower, &upper)
            .map_err(|e| anyhow!("--partial-auc: {e}"))?;
        partial.push(json!({
            "lower": lower.to_string(),
            "upper": upper.to_string(),
            "value": number(scorecheck::algebra::Exact::from_rational(area.clone()).to_f64()),
            "exact": area.to_string(),
        }));
    }
    if !partial.is_empty() {
        report.insert("partial_auc".into(), Value::Array(partial));
    }
    if let Some(path) = &args.check {
        report.insert("check".into(), check(&outputs, path)?);
    }
    Ok(Value::Object(report))
}

fn decimal(value: &Value, path: &str) -> anyhow::Result<BigRational> {
    let text = match value {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        other => bail!("{path}: {other} is not a number; write the reported figure like 0.954"),
    };
    parse_decimal(&text).map_err(|e| anyhow!("{path}: {e}"))
}

/// Reads the `--check` request and answers it.
fn check(outputs: &Outputs, path: &Path) -> anyhow::Result<Value> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?;
    let request: Value =
        serde_json::from_str(&text).map_err(|e| anyhow!("{}: not JSON ({e})", path.display()))?;
    let scores = request
        .get("scores")
        .and_then(Value::as_object)
        .ok_or_else(|| {
            anyhow!(
                "{}: needs \"scores\", an object such as {{\"acc\": 0.954}}",
                path.display()
            )
        })?;
    if scores.is_empty() {
        bail!(
            "{}: \"scores\" is empty; report at least one score",
            path.display()
        );
    }
    let eps_of = |name: &str| -> anyhow::Result<BigRational> {
        match request.get("eps") {
            None => bail!("{}: needs \"eps\", the rounding uncertainty (e.g. 0.0005 for 3 decimals), a number or one per score", path.display()),
            Some(Value::Object(per_score)) => decimal(
                per_score.get(name).ok_or_else(|| anyhow!("eps: no uncertainty for {name:?}; add \"{name}\" to eps"))?,
                &format!("eps.{name}"),
            ),
            Some(value) => decimal(value, "eps"),
        }
    };
    let mut reported = Reported::new().tolerance(match request.get("numerical_tolerance") {
        Some(v) => decimal(v, "numerical_tolerance")?,
        None => parse_decimal("1e-6")?,
    });
    for (name, value) in scores {
        let eps = eps_of(name)?;
        let value = decimal(value, &format!("scores.{name}"))?;
        if matches!(
            name.to_ascii_lowercase().as_str(),
            "auc" | "roc_auc" | "auroc"
        ) {
            reported = reported.auc(value, eps);
        } else {
            let score = Score::from_name(name).map_err(|e| anyhow!("scores.{name}: {e}"))?;
            reported = reported.score(score, value, eps);
        }
    }
    let scores_reported = scores.keys().any(|name| {
        !matches!(
            name.to_ascii_lowercase().as_str(),
            "auc" | "roc_auc" | "auroc"
        )
    });
    let outcome = outputs.check_reported(&reported)?;
    let fits: Vec<Value> = outcome
        .fits
        .iter()
        .take(MAX_LISTED_FITS)
        .map(|f| {
            json!({
                "rule": f.rule.operator(),
                "score_class": f.rule.score_class.name(),
                "equal_class": f.rule.equal_class.name(),
                "threshold": number(f.threshold),
                "tp": f.matrix.tp(), "fn": f.matrix.fn_(), "fp": f.matrix.fp(), "tn": f.matrix.tn(),
            })
        })
        .collect();
    let mut answer = json!({
        "inconsistency": outcome.inconsistency,
        "scores_reported": scores_reported,
        "fits_total": outcome.fits.len(),
        "fits": fits,
    });
    if let Some(auc) = &outcome.auc {
        answer["auc"] = json!({
            "exact": auc.auc.exact().to_string(),
            "interval": [auc.lower.to_string(), auc.upper.to_string()],
            "contained": auc.contained,
        });
    }
    Ok(answer)
}

/// "914999/1000000" as 0.914999, for the text report (the JSON keeps the exact fraction).
fn fraction_as_decimal(fraction: &str) -> String {
    let value = match fraction.split_once('/') {
        Some((numerator, denominator)) => numerator
            .parse::<f64>()
            .ok()
            .zip(denominator.parse::<f64>().ok())
            .map(|(a, b)| a / b),
        None => fraction.parse::<f64>().ok(),
    };
    value.map_or_else(|| fraction.to_string(), |v| v.to_string())
}

fn show(v: &Value) -> String {
    match v {
        Value::Null => "undefined".into(),
        Value::Array(a) => format!("[{}]", a.iter().map(show).collect::<Vec<_>>().join(", ")),
        other => other.to_string(),
    }
}

/// The human-readable report of the JSON answer.
fn text(report: &Value) -> String {
    let mut out = format!("p={} n={}\n", report["p"], report["n"]);
    if let Some(rows) = report.get("thresholds").and_then(Value::as_array) {
        for row in rows {
            out.push_str(&format!(
                "\nthreshold {}: tp={} fn={} fp={} tn={}\n",
                show(&row["threshold"]),
                row["tp"],
                row["fn"],
                row["fp"],
                row["tn"]
            ));
            if let Some(scores) = row["scores"].as_object() {
                for (name, s) in scores {
                    match s["exact"].as_str() {
                        Some(exact) => out
                            .push_str(&format!("  {name:<13} {:<22} {exact}\n", show(&s["value"]))),
                        None => {
                            out.push_str(&format!("  {name:<13} undefined (zero denominator)\n"))
                        }
                    }
                }
            }
            if let Some(ci) = row.get("ci").and_then(Value::as_object) {
                for (name, interval) in ci {
                    out.push_str(&format!("  ci {name:<4} {}\n", show(interval)));
                }
            }
        }
    }
    if let Some(at) = report.get("at").and_then(Value::as_array) {
        out.push('\n');
        for a in at {
            let found = a
                .get("threshold")
                .or_else(|| a.get("thresholds"))
                .unwrap_or(&Value::Null);
            out.push_str(&format!(
                "threshold at {} = {}: {}\n",
                a["metric"].as_str().unwrap_or(""),
                show(&a["target"]),
                show(found)
            ));
        }
    }
    if let Some(eer) = report.get("eer") {
        out.push_str(&format!(
            "\nEER {} at threshold {}\n",
            show(&eer["eer"]),
            show(&eer["threshold"])
        ));
        if let Some(ci) = eer.get("ci") {
            out.push_str(&format!(
                "  ci eer {}, threshold {}\n",
                show(&ci["eer"]),
                show(&ci["threshold"])
            ));
        }
    }
    if let Some(auc) = report.get("auc") {
        out.push_str(&format!(
            "\nROC-AUC {} = {}\n",
            show(&auc["value"]),
            auc["exact"].as_str().unwrap_or("")
        ));
        if let Some(ci) = auc.get("ci") {
            out.push_str(&format!("  ci {}\n", show(ci)));
        }
        out.push_str(&format!(
            "average precision {}\n",
            show(&report["average_precision"])
        ));
    }
    for p in report
        .get("partial_auc")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        out.push_str(&format!(
            "partial ROC-AUC for FPR in [{}, {}]: {} = {}\n",
            fraction_as_decimal(p["lower"].as_str().unwrap_or("")),
            fraction_as_decimal(p["upper"].as_str().unwrap_or("")),
            show(&p["value"]),
            p["exact"].as_str().unwrap_or("")
        ));
    }
    if let Some(check) = report.get("check") {
        let inconsistent = check["inconsistency"].as_bool() == Some(true);
        out.push_str(&format!(
            "\n{}\n",
            if inconsistent {
                "INCONSISTENT: the reported figures cannot come from these outputs"
            } else {
                "consistent: the reported figures can come from these outputs"
            }
        ));
        if let Some(auc) = check.get("auc") {
            let ends: Vec<String> = auc["interval"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|end| fraction_as_decimal(end.as_str().unwrap_or("")))
                .collect();
            out.push_str(&format!(
                "  AUC {} {} the reported interval [{}]\n",
                auc["exact"].as_str().unwrap_or(""),
                if auc["contained"].as_bool() == Some(true) {
                    "is in"
                } else {
                    "is outside"
                },
                ends.join(", ")
            ));
        }
        let total = check["fits_total"].as_u64().unwrap_or(0);
        let reported_scores = check["scores_reported"] == true;
        if total > 0 {
            out.push_str(&format!(
                "  the reported scores hold at {total} thresholds and rules:\n"
            ));
        } else if reported_scores {
            out.push_str("  no threshold and rule gives all the reported scores\n");
        }
        for fit in check["fits"].as_array().into_iter().flatten() {
            out.push_str(&format!(
                "  score {} {}: tp={} fn={} fp={} tn={}\n",
                fit["rule"].as_str().unwrap_or(""),
                show(&fit["threshold"]),
                fit["tp"],
                fit["fn"],
                fit["fp"],
                fit["tn"]
            ));
        }
    }
    out
}
