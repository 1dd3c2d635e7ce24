//! `scorecheck eval`: scores, thresholds, EER, AUC, intervals and reported-figure checks
//! from a classifier's raw outputs in a CSV or JSON Lines file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail};
use clap::{Args, ValueEnum};
use num_rational::BigRational;
use scorecheck::algebra::{parse_decimal, ConfusionMatrix, Params, Score};
use scorecheck_eval::{
    binomial_interval, rate_counts, BinaryClass, BootstrapMethod, BootstrapOptions, ErrorKind,
    Interpolation, IntervalMethod, Outputs, Rate, Reported, Rule, Sampling, Stop,
    MAX_BOOTSTRAP_SAMPLES, MAX_BOOTSTRAP_VALUES,
};
use serde_json::{json, Map, Value};

use crate::rows::{self, Column, Deadline, Layout, Stopped, DEFAULT_TIME_LIMIT_SECONDS};
use crate::{Format, EXIT_CONSISTENT, EXIT_ERROR, EXIT_INCONSISTENT, EXIT_UNDECIDED};

/// How many fitting thresholds a `--check` answer lists (the count is always given).
const MAX_LISTED_FITS: usize = 100;

/// How many thresholds an `--at-score` answer lists (the count is always given).
const MAX_LISTED_SOLUTIONS: usize = 1_000;

/// How many times each repeatable flag (`--threshold`, `--at-*`, `--at-score`,
/// `--partial-auc`) may be given.
const MAX_REPEATS: usize = 1_000;

/// The fields a `--check` request may have.
const CHECK_FIELDS: [&str; 3] = ["scores", "eps", "numerical_tolerance"];

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
    /// (.csv, .jsonl, .json) or, failing that, by content. `-` reads standard input; a pipe
    /// is read once.
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
    /// Whether high scores point to the positive or the negative class [default: pos]
    /// (`--check` tries all four rules: not with it).
    #[arg(long, value_enum)]
    score_class: Option<ClassArg>,
    /// The class of a score equal to the threshold [default: pos] (`--check` tries all four
    /// rules: not with it).
    #[arg(long, value_enum)]
    equal_class: Option<ClassArg>,
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
    /// Interpolation between scores for --at-* thresholds [default: linear].
    #[arg(long, value_enum)]
    interpolation: Option<InterpolationArg>,
    /// Print the equal error rate and its threshold.
    #[arg(long)]
    eer: bool,
    /// Print the exact ROC-AUC and the average precision.
    #[arg(long)]
    auc: bool,
    /// Print the exact area under the ROC curve between two false positive rates, as
    /// `LOWER:UPPER` such as `0:0.1` (repeatable; not normalised).
    // A value starting with a minus (`-0.1:0.2`) reaches the flag's own check.
    #[arg(long, value_name = "LOWER:UPPER", allow_hyphen_values = true)]
    partial_auc: Vec<String>,
    /// Confidence intervals of the rates at each --threshold (and, with bootstrap, of the
    /// EER and AUC).
    #[arg(long, value_enum)]
    ci: Option<CiArg>,
    /// Two-sided level of the intervals (with --ci).
    #[arg(long, default_value_t = 0.05, requires = "ci")]
    alpha: f64,
    /// Bootstrap samples (with --ci bootstrap) [default: 1000].
    #[arg(long)]
    bootstrap_samples: Option<usize>,
    /// How bootstrap intervals are read off the samples (with --ci bootstrap) [default: bca].
    #[arg(long, value_enum)]
    bootstrap_method: Option<BootstrapMethodArg>,
    /// How bootstrap samples are drawn: from all samples, or within each label (with --ci
    /// bootstrap) [default: replacement].
    #[arg(long, value_enum)]
    bootstrap_sampling: Option<SamplingArg>,
    /// Seed of the bootstrap (with --ci bootstrap) [default: 1].
    #[arg(long)]
    seed: Option<u64>,
    /// Check reported figures against the outputs: a JSON file
    /// `{"scores": {"acc": 0.8, "auc": 0.92}, "eps": 0.005}` (eps a number or per score).
    #[arg(long)]
    check: Option<PathBuf>,
    /// Wall-clock budget of the whole command, in seconds (reading included); past it the
    /// command prints no result and exits with status 3.
    #[arg(long, default_value_t = DEFAULT_TIME_LIMIT_SECONDS, allow_negative_numbers = true)]
    time_limit: f64,
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
            let stopped = e.downcast_ref::<Stopped>().is_some();
            if stopped {
                say!("scorecheck eval: {e:#}");
            } else {
                say!("scorecheck eval: error: {e:#}");
            }
            // Every failure gets its JSON record, so a caller parsing stdout always can.
            if args.format == Format::Json {
                let record = crate::command_error_record(format!("{e:#}"), stopped);
                crate::emit(&format!("{record}\n"));
            }
            ExitCode::from(if stopped { EXIT_UNDECIDED } else { EXIT_ERROR })
        }
    }
}

impl EvalArgs {
    fn bootstrap_samples(&self) -> usize {
        self.bootstrap_samples.unwrap_or(1000)
    }
}

/// Refuses flags that would change nothing, by name: a setting of the bootstrap without
/// `--ci bootstrap`, intervals with nothing to bound, an interpolation without `--at-*`.
fn unused_flags(args: &EvalArgs) -> anyhow::Result<()> {
    let bootstrap = args.ci == Some(CiArg::Bootstrap);
    for (flag, given) in [
        ("--bootstrap-samples", args.bootstrap_samples.is_some()),
        ("--bootstrap-method", args.bootstrap_method.is_some()),
        ("--bootstrap-sampling", args.bootstrap_sampling.is_some()),
        ("--seed", args.seed.is_some()),
    ] {
        if given && !bootstrap {
            bail!("{flag} sets the bootstrap, which only --ci bootstrap runs; add --ci bootstrap or drop {flag}");
        }
    }
    if args.ci.is_some() && args.threshold.is_empty() && !(bootstrap && (args.eer || args.auc)) {
        bail!("--ci gives intervals of the rates at each --threshold (and, with --ci bootstrap, of --eer and --auc): add a --threshold, or drop --ci");
    }
    let at_rates = [
        &args.at_fpr,
        &args.at_tpr,
        &args.at_tnr,
        &args.at_fnr,
        &args.at_topr,
        &args.at_tonr,
    ];
    if args.interpolation.is_some() && at_rates.iter().all(|v| v.is_empty()) {
        bail!("--interpolation applies to --at-fpr, --at-tpr, --at-tnr, --at-fnr, --at-topr and --at-tonr; add one or drop --interpolation");
    }
    // A tie with the threshold decides a matrix at a threshold; the AUC counts ties as half.
    let thresholded = !args.threshold.is_empty()
        || at_rates.iter().any(|v| !v.is_empty())
        || !args.at_score.is_empty()
        || args.eer;
    if args.equal_class.is_some() && !thresholded && args.check.is_none() {
        bail!("--equal-class decides which class a score equal to a threshold gets, and nothing asked for uses a threshold (the AUC counts such ties as half): add --threshold, --at-*, --at-score or --eer, or drop --equal-class");
    }
    Ok(())
}

/// Checks every size flag against its cap before anything is read or allocated.
fn check_sizes(args: &EvalArgs) -> anyhow::Result<()> {
    if !(2..=MAX_BOOTSTRAP_SAMPLES).contains(&args.bootstrap_samples()) {
        bail!(
            "--bootstrap-samples {}: give between 2 and {MAX_BOOTSTRAP_SAMPLES} (1000 is usual)",
            args.bootstrap_samples()
        );
    }
    let repeated: [(&str, usize); 9] = [
        ("--threshold", args.threshold.len()),
        ("--at-fpr", args.at_fpr.len()),
        ("--at-tpr", args.at_tpr.len()),
        ("--at-tnr", args.at_tnr.len()),
        ("--at-fnr", args.at_fnr.len()),
        ("--at-topr", args.at_topr.len()),
        ("--at-tonr", args.at_tonr.len()),
        ("--at-score", args.at_score.len()),
        ("--partial-auc", args.partial_auc.len()),
    ];
    for (flag, count) in repeated {
        if count > MAX_REPEATS {
            bail!("{flag} is given {count} times; give it at most {MAX_REPEATS} times");
        }
    }
    // The bootstrap keeps seven rates per threshold for every sample.
    if args.ci == Some(CiArg::Bootstrap) {
        let values = 7 * args.threshold.len() * args.bootstrap_samples();
        if values > MAX_BOOTSTRAP_VALUES {
            bail!(
                "--bootstrap-samples {} with {} --threshold values keeps {values} bootstrap values, more than the {MAX_BOOTSTRAP_VALUES} allowed; give at most {} samples or fewer thresholds",
                args.bootstrap_samples(),
                args.threshold.len(),
                MAX_BOOTSTRAP_VALUES / (7 * args.threshold.len())
            );
        }
    }
    Ok(())
}

/// An engine error, with a stop by the deadline turned into [`Stopped`].
fn engine_error(e: scorecheck_eval::Error, deadline: &Deadline, doing: &str) -> anyhow::Error {
    match e.kind() {
        ErrorKind::Stopped { done, total } => {
            deadline.stopped(doing, &format!("{done} of {total} bootstrap samples"))
        }
        _ => anyhow::Error::new(e),
    }
}

/// The scores of the positives and of the negatives, in file order.
struct Samples {
    positives: Vec<f64>,
    negatives: Vec<f64>,
}

fn parse_score(text: &str, at: &str) -> anyhow::Result<f64> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| anyhow!("{at}: {text:?} is not a number; give the score as a number"))?;
    if !value.is_finite() {
        bail!(
            "{at}: the score {text:?} is not finite; remove the sample or give it a finite score"
        );
    }
    if !holds_its_text(text.trim(), value) {
        bail!(
            "{at}: the score {text:?} is not held by a 64-bit float (it reads as {value:e}), and two such scores that differ could be read as a tie; give at most 17 significant digits, of a size within about 1e-308 .. 1e308"
        );
    }
    Ok(value)
}

/// Whether `value`, the float read from the decimal `text`, is the text's own number to the
/// text's precision: printed with as many significant digits as the text has, it gives the
/// text's digits back. Scores of at most 17 digits as printed from floats do; a longer text,
/// or one past the float's range (`1e-400` reads as 0), does not, and two such texts that
/// differ may read as one float, a tie that changes every rank statistic.
fn holds_its_text(text: &str, value: f64) -> bool {
    let Some((digits, exponent)) = decimal_digits(text) else {
        // Not a plain decimal (Rust also reads `inf`, refused above): nothing to compare.
        return true;
    };
    if digits.is_empty() {
        return value == 0.0;
    }
    // Up to 15 significant digits of a normal float's size always come back (f64 holds 15.9).
    if digits.len() <= 15 && value.is_normal() {
        return true;
    }
    if digits.len() > 17 || value == 0.0 {
        return false;
    }
    let printed = format!("{:.*e}", digits.len() - 1, value.abs());
    decimal_digits(&printed) == Some((digits, exponent))
}

/// A decimal's significant digits (no leading or trailing zeros; empty for zero) and the
/// power of ten of its first digit: `0.0125` is ("125", -2); `None` for other text.
fn decimal_digits(text: &str) -> Option<(String, i64)> {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (mantissa, power) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i64>().ok()?),
        None => (unsigned, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if whole.is_empty() && fraction.is_empty()
        || !whole
            .chars()
            .chain(fraction.chars())
            .all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let all: String = whole.chars().chain(fraction.chars()).collect();
    let leading = all.chars().take_while(|c| *c == '0').count();
    let digits = all[leading..].trim_end_matches('0').to_string();
    let whole_len = i64::try_from(whole.len()).ok()?;
    let leading = i64::try_from(leading).ok()?;
    Some((digits, power.checked_add(whole_len - 1 - leading)?))
}

/// Reads the samples row by row, keeping a score per row (8 bytes) and nothing else.
fn read_samples(path: &Path, args: &EvalArgs, deadline: &Deadline) -> anyhow::Result<Samples> {
    if args.label_column == args.score_column {
        bail!(
            "--label-column and --score-column both name {:?}: the labels and the scores are two columns; name each",
            args.label_column
        );
    }
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    // By the extension, else by the content.
    let layout = match extension.as_deref() {
        Some("csv") => Some(Layout::Csv),
        Some("jsonl" | "json" | "ndjson") => Some(Layout::Json),
        _ => None,
    };
    let columns = [
        Column {
            name: &args.label_column,
            flag: "--label-column",
            required: true,
        },
        Column {
            name: &args.score_column,
            flag: "--score-column",
            required: true,
        },
    ];
    let mut samples = Samples {
        positives: Vec::new(),
        negatives: Vec::new(),
    };
    let rows = rows::read_rows(path, layout, &columns, deadline, &mut |place, cells| {
        let (Some(label), Some(score)) = (&cells[0], &cells[1]) else {
            bail!("{place}: a column is missing");
        };
        // Spaces around a label are no part of it, in JSON strings as in CSV cells (`" 1"`
        // is the positive label 1, not a negative).
        let label = label.trim();
        if label.is_empty() {
            bail!(
                "{}: the label is empty; give every sample its label (or remove the row)",
                place.at(&args.label_column)
            );
        }
        let score = parse_score(score, &place.at(&args.score_column))?;
        // A character that prints as nothing (a byte-order mark of concatenated files, a
        // zero-width space of a copy) would make `1` count as negative unseen.
        if let Some(c) = label.chars().find(|&c| invisible(c)) {
            bail!(
                "{}: the label {label:?} holds the invisible character U+{:04X}, so it is not the label it looks like (it would count as negative); remove it from the file",
                place.at(&args.label_column),
                u32::from(c)
            );
        }
        let positive = is_positive(label, &args.pos_label);
        if !positive && label.eq_ignore_ascii_case(&args.pos_label) {
            bail!(
                "{}: the label {label:?} differs from the positive label {:?} only in case, and labels are compared as written (it would count as negative); give --pos-label {label:?}, or write the labels in one case",
                place.at(&args.label_column),
                args.pos_label
            );
        }
        if positive {
            samples.positives.push(score);
        } else {
            samples.negatives.push(score);
        }
        Ok(())
    })?;
    if rows == 0 {
        bail!("{} has no samples", path.display());
    }
    Ok(samples)
}

/// Whether a character prints as nothing: a byte-order mark, a zero-width space or joiner,
/// a word joiner, a soft hyphen, a directional mark.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{feff}' | '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{00ad}' | '\u{202a}'..='\u{202e}'
    )
}

/// Whether a label is the positive one: the same text, or the same number (1 and 1.0).
/// Whether `label` is the positive label: as written, or as the same number (`1.0` is `1`),
/// a boolean label counting as 1 or 0 against a number (`true` is `1`, as numpy compares
/// them; cbpe reads it so).
fn is_positive(label: &str, positive: &str) -> bool {
    // (Against a positive label written as text, `True`, labels compare as written.)
    let label_number = match label.to_ascii_lowercase().as_str() {
        "true" => Some(1.0),
        "false" => Some(0.0),
        other => other.parse::<f64>().ok(),
    };
    label == positive
        || matches!((label_number, positive.parse::<f64>()), (Some(a), Ok(b)) if a == b)
}

fn number(v: f64) -> Value {
    serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
}

fn pair(interval: Option<(f64, f64)>) -> Value {
    interval.map_or(Value::Null, |(lo, hi)| json!([number(lo), number(hi)]))
}

/// Every score of the matrix but the F-betas, whose beta eval takes no flag for (at beta 1
/// they are `f1p` and `f1n`, listed already).
fn scores_at(m: &ConfusionMatrix) -> Value {
    let params = Params::default();
    let map: Map<String, Value> = Score::ALL
        .iter()
        .filter(|s| !matches!(s.abbreviation(), "fbp" | "fbn"))
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

fn bootstrap_options(args: &EvalArgs, deadline: &Deadline) -> BootstrapOptions {
    BootstrapOptions::default()
        .stop(Stop::new(deadline.hook()))
        .samples(args.bootstrap_samples())
        .alpha(args.alpha)
        .seed(args.seed.unwrap_or(1))
        .method(
            match args.bootstrap_method.unwrap_or(BootstrapMethodArg::Bca) {
                BootstrapMethodArg::Quantile => BootstrapMethod::Quantile,
                BootstrapMethodArg::Bc => BootstrapMethod::Bc,
                BootstrapMethodArg::Bca => BootstrapMethod::Bca,
            },
        )
        .sampling(
            match args.bootstrap_sampling.unwrap_or(SamplingArg::Replacement) {
                SamplingArg::Replacement => Sampling::Replacement,
                SamplingArg::Stratified => Sampling::StratifiedByLabel,
            },
        )
}

fn evaluate(args: &EvalArgs) -> anyhow::Result<Value> {
    if args.threshold.iter().any(|t| !t.is_finite()) {
        bail!("--threshold: a threshold is not a finite number (inf, nan, or beyond ±1.8e308 such as 1e309); give finite thresholds");
    }
    if !(args.alpha > 0.0 && args.alpha < 1.0) {
        bail!("--alpha must be strictly between 0 and 1 (0.05 gives 95% intervals)");
    }
    if args.alpha < 1e-12 {
        bail!("--alpha {} is below 1e-12, where 1 - alpha/2 is too close to 1 in floating point for the intervals' quantiles: give --alpha 1e-12 or more", args.alpha);
    }
    unused_flags(args)?;
    if args.input.as_os_str() == "-" && args.check.as_ref().is_some_and(|c| c.as_os_str() == "-") {
        bail!("--check: --input and --check both read standard input (-), which can be read once; give one of them as a file");
    }
    check_sizes(args)?;
    let deadline = Deadline::new(args.time_limit)?;
    let samples = read_samples(&args.input, args, &deadline)?;
    let outputs = Outputs::new(samples.positives, samples.negatives)
        .map_err(|e| {
            anyhow!(
                "{e} (the positive label is {:?}; set it with --pos-label)",
                args.pos_label
            )
        })?
        .with_rule(Rule::new(
            args.score_class.unwrap_or(ClassArg::Pos).class(),
            args.equal_class.unwrap_or(ClassArg::Pos).class(),
        ));
    let mut report = Map::new();
    report.insert("p".into(), json!(outputs.p()));
    report.insert("n".into(), json!(outputs.n()));
    let bootstrap = args.ci == Some(CiArg::Bootstrap);
    let options = bootstrap_options(args, &deadline);
    let stage = |doing: &str| deadline.check(doing, || "the steps before it".into());
    if !args.threshold.is_empty() {
        stage("computing the --threshold rows")?;
        let matrices = outputs.matrices_at(&args.threshold);
        let bootstrap_intervals = if bootstrap {
            let thresholds = args.threshold.clone();
            let doing = "bootstrapping the --threshold intervals";
            Some(
                outputs
                    .bootstrap_ci(
                        |o| o.matrices_at(&thresholds).iter().flat_map(rates).collect(),
                        &options,
                    )
                    .map_err(|e| engine_error(e, &deadline, doing))?,
            )
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
    let method = match args.interpolation.unwrap_or(InterpolationArg::Linear) {
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
            stage("finding thresholds at operating points")?;
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
        if matches!(score, Score::Fbp | Score::Fbn) {
            bail!("--at-score {request:?}: {score} is an F-beta whose beta eval takes no flag for; ask f1p or f1n (beta 1)");
        }
        let target: f64 = target
            .trim()
            .parse()
            .map_err(|_| anyhow!("--at-score {request:?}: {target:?} is not a number"))?;
        let (lowest, highest) = score.natural_range();
        let below = lowest.is_some_and(|l| target < l as f64);
        let above = highest.is_some_and(|h| target > h as f64);
        if below || above || !target.is_finite() {
            // An unbounded end is open: `[0, inf)` (an infinite target is no target).
            let low = lowest.map_or("(-inf".to_string(), |b| format!("[{b}"));
            let high = highest.map_or("inf)".to_string(), |b| format!("{b}]"));
            let finite = if target.is_finite() {
                ""
            } else {
                " (a target must be a finite number)"
            };
            bail!(
                "--at-score {request:?}: {} never reaches {target}: its values lie in {low}, {high}{finite}; give a target in that range",
                score.abbreviation(),
            );
        }
        stage("finding thresholds at --at-score targets")?;
        let solutions = outputs
            .solutions_at_score(score, target, &Params::default())
            .map_err(|e| anyhow!("--at-score {request:?}: {e}"))?;
        let total = solutions.thresholds.len();
        at.push(json!({
            "metric": score.abbreviation(),
            "target": number(target),
            "reached": solutions.reached,
            "thresholds_total": total,
            "thresholds": solutions.thresholds.into_iter().take(MAX_LISTED_SOLUTIONS).map(number).collect::<Vec<_>>(),
        }));
    }
    if !at.is_empty() {
        report.insert("at".into(), Value::Array(at));
    }
    if args.eer {
        stage("computing the equal error rate")?;
        let eer = outputs.eer();
        let mut value = json!({"threshold": number(eer.threshold), "eer": number(eer.eer)});
        if bootstrap {
            let ci = outputs
                .bootstrap_ci(
                    |o| {
                        let e = o.eer();
                        vec![e.threshold, e.eer]
                    },
                    &options,
                )
                .map_err(|e| engine_error(e, &deadline, "bootstrapping the EER interval"))?;
            value["ci"] = json!({"threshold": pair(ci[0]), "eer": pair(ci[1])});
        }
        report.insert("eer".into(), value);
    }
    if args.auc {
        stage("computing the AUC")?;
        let auc = outputs.auc();
        let mut value = json!({"value": number(auc.value()), "exact": auc.exact().to_string()});
        let average_precision = outputs.average_precision();
        if bootstrap {
            let ci = outputs
                .bootstrap_ci(|o| vec![o.auc().value(), o.average_precision()], &options)
                .map_err(|e| engine_error(e, &deadline, "bootstrapping the AUC interval"))?;
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
        stage("computing partial AUCs")?;
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
    if let (Some(_), Some(flag)) = (
        &args.check,
        [
            ("--score-class", args.score_class.is_some()),
            ("--equal-class", args.equal_class.is_some()),
        ]
        .into_iter()
        .find(|(_, given)| *given),
    ) {
        bail!("{}: --check tries every rule (high scores positive or negative, a tie either class) and lists the ones that fit; a rule of one's own is not used there: leave {} out, or run the check without it", flag.0, flag.0);
    }
    if let Some(path) = &args.check {
        stage("checking the reported figures")?;
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
    // `-` is standard input (refused beside `--input -` before anything is read).
    let text = crate::read_input(Some(path))?;
    let request: Value = serde_json::from_str(text.strip_prefix('\u{feff}').unwrap_or(&text))
        .map_err(|e| anyhow!("{}: not JSON ({e})", path.display()))?;
    if let Some(key) = scorecheck::request::first_duplicate_key(&text) {
        bail!(
            "{}: the key {key:?} is given twice in one object; keep one (JSON readers differ on which one wins)",
            path.display()
        );
    }
    let Value::Object(fields) = &request else {
        bail!(
            "{}: give a JSON object such as {{\"scores\": {{\"acc\": 0.954}}, \"eps\": 0.0005}}",
            path.display()
        );
    };
    for key in fields.keys() {
        if !CHECK_FIELDS.contains(&key.as_str()) {
            let suggestion = CHECK_FIELDS
                .iter()
                .filter(|known| rows::edit_distance(key, known) <= 3)
                .min_by_key(|known| rows::edit_distance(key, known))
                .map(|known| format!("; did you mean {known:?}?"))
                .unwrap_or_default();
            bail!(
                "{}: unknown field {key:?}{suggestion} (accepted here: {})",
                path.display(),
                CHECK_FIELDS.join(", ")
            );
        }
    }
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
    let is_beta = |name: &str| matches!(name, "beta_positive" | "beta_negative");
    if let Some(Value::Object(per_score)) = request.get("eps") {
        if let Some(name) = per_score
            .keys()
            .find(|name| !scores.contains_key(*name) || is_beta(name))
        {
            bail!(
                "{}: eps.{name}: no score {name:?} is reported; give eps for the reported scores ({}) only",
                path.display(),
                scores.keys().cloned().collect::<Vec<_>>().join(", ")
            );
        }
    }
    // An eps or tolerance of 1 or more admits every value of a score in [0, 1]: it would
    // check nothing.
    let non_negative = |value: BigRational, field: &str| -> anyhow::Result<BigRational> {
        if value < BigRational::from_integer(0.into()) {
            bail!("{}: {field} is negative; give 0 or more", path.display());
        }
        if value >= BigRational::from_integer(1.into()) {
            bail!(
                "{}: {field} must be below 1; an uncertainty of 1 or more checks nothing (0.0005 is 3 decimals rounded)",
                path.display()
            );
        }
        Ok(value)
    };
    let eps_of = |name: &str| -> anyhow::Result<BigRational> {
        match request.get("eps") {
            None => bail!("{}: needs \"eps\", the rounding uncertainty (e.g. 0.0005 for 3 decimals), a number or one per score", path.display()),
            Some(Value::Object(per_score)) => {
                let field = format!("eps.{name}");
                non_negative(decimal(
                    per_score.get(name).ok_or_else(|| anyhow!("eps: no uncertainty for {name:?}; add \"{name}\" to eps"))?,
                    &field,
                )?, &field)
            }
            Some(Value::String(auto)) if auto == "auto" => bail!("{}: eps \"auto\" is not offered by eval --check (its figures are read as numbers, their trailing zeros lost); give the uncertainty as a number, e.g. 0.0005 for 3 decimals, or one per score", path.display()),
            Some(value) => non_negative(decimal(value, "eps")?, "eps"),
        }
    };
    // `null` is the field left out, as `check` reads it.
    let mut reported = Reported::new().tolerance(match request.get("numerical_tolerance") {
        None | Some(Value::Null) => parse_decimal("1e-6")?,
        Some(v) => non_negative(decimal(v, "numerical_tolerance")?, "numerical_tolerance")?,
    });
    // One score under two names (acc and accuracy) would be two constraints on one figure.
    let mut seen: Vec<(String, &str)> = Vec::new();
    let mut params = Params::default();
    for (name, value) in scores {
        if is_beta(name) {
            let beta = decimal(value, &format!("scores.{name}"))?;
            if beta <= BigRational::from_integer(0.into()) {
                bail!(
                    "{}: scores.{name}: beta must be positive (1 gives the F1 score)",
                    path.display()
                );
            }
            if name == "beta_positive" {
                params.beta_positive = beta;
            } else {
                params.beta_negative = beta;
            }
            continue;
        }
        let eps = eps_of(name)?;
        let value = decimal(value, &format!("scores.{name}"))?;
        let canonical = if matches!(
            name.to_ascii_lowercase().as_str(),
            "auc" | "roc_auc" | "auroc"
        ) {
            reported = reported.auc(value, eps);
            "auc".to_string()
        } else {
            let score = Score::from_name(name).map_err(|e| anyhow!("scores.{name}: {e}"))?;
            reported = reported.score(score, value, eps);
            score.abbreviation().to_string()
        };
        if let Some((_, first)) = seen.iter().find(|(c, _)| *c == canonical) {
            bail!(
                "{}: scores.{name} and scores.{first} are the same score; report it once",
                path.display()
            );
        }
        seen.push((canonical, name));
    }
    for (score, beta) in [(Score::Fbp, "beta_positive"), (Score::Fbn, "beta_negative")] {
        let abbreviation = score.abbreviation();
        if seen.iter().any(|(c, _)| c == abbreviation) && !scores.contains_key(beta) {
            bail!(
                "{}: scores.{beta}: {abbreviation} needs its beta: add \"{beta}\" to the scores (1 gives the F1 score)",
                path.display()
            );
        }
    }
    reported = reported.params(params);
    let scores_reported = scores.keys().any(|name| {
        !is_beta(name)
            && !matches!(
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
            let listed = found.as_array().map_or(0, Vec::len) as u64;
            let total = a["thresholds_total"].as_u64().unwrap_or(listed);
            let more = if total > listed {
                format!(" (the first {listed} of {total})")
            } else {
                String::new()
            };
            let (metric, target) = (a["metric"].as_str().unwrap_or(""), show(&a["target"]));
            if a["reached"] == false {
                out.push_str(&format!(
                    "threshold at {metric} = {target}: not reached; closest at {}\n",
                    show(found)
                ));
            } else {
                out.push_str(&format!(
                    "threshold at {metric} = {target}: {}{more}\n",
                    show(found)
                ));
            }
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

#[cfg(test)]
mod tests {
    use super::{decimal_digits, holds_its_text};

    #[test]
    fn decimals_are_read_as_digits_and_a_power_of_ten() {
        assert_eq!(decimal_digits("0.0125"), Some(("125".into(), -2)));
        assert_eq!(decimal_digits("-12.50e3"), Some(("125".into(), 4)));
        assert_eq!(decimal_digits("0.000").map(|d| d.0), Some(String::new()));
        assert_eq!(decimal_digits("inf"), None);
        assert_eq!(decimal_digits("."), None);
    }

    #[test]
    fn a_score_is_kept_only_when_its_float_holds_its_text() {
        let holds = |text: &str| holds_its_text(text, text.parse().unwrap());
        for kept in [
            "0.1",
            "0.10000000000000001",
            "0.30000000000000004",
            "1e-320",
            "4.9e-324",
            "0",
            "-0.0",
            "123456789012345",
            "1.7976931348623157e308",
        ] {
            assert!(holds(kept), "{kept}");
        }
        for refused in [
            "1e-400",
            "0.1000000000000000000001",
            "0.12345678901234567890",
            "123456789012345678",
        ] {
            assert!(!holds(refused), "{refused}");
        }
    }
}
