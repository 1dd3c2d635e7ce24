//! `scorecheck cbpe`: estimate performance on unlabelled data from calibrated probabilities.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use scorecheck_cbpe::{
    CalibrationDecision, CalibrationRule, Cbpe, CbpeOptions, ChunkEstimate, Chunking, Metric,
    MulticlassCbpe, MulticlassSample, Sample, Thresholds,
};
use serde_json::{json, Map, Value};

use crate::{emit, Format, EXIT_CONSISTENT, EXIT_ERROR};

/// Arguments of `scorecheck cbpe`.
#[derive(Args)]
pub(crate) struct CbpeArgs {
    /// Labelled reference data (CSV with a header row, or JSON Lines: `.jsonl`, `.ndjson`).
    #[arg(long)]
    reference: PathBuf,
    /// Analysis data, labelled or not (labels give realised metrics).
    #[arg(long)]
    analysis: PathBuf,
    /// Column of the positive-class probabilities.
    #[arg(long, default_value = "y_pred_proba")]
    proba_column: String,
    /// Column of the predicted labels (0/1).
    #[arg(long, default_value = "y_pred")]
    pred_column: String,
    /// Column of the true labels (0/1); optional in the analysis data.
    #[arg(long, default_value = "y_true")]
    label_column: String,
    /// Multiclass: the probability column of each class, `CLASS=COLUMN,...` (NannyML's
    /// `y_pred_proba` dictionary); predictions and labels are then class names.
    #[arg(long, value_delimiter = ',')]
    class_columns: Vec<String>,
    /// Rows per chunk (the last chunk keeps the remainder).
    #[arg(long, conflicts_with = "chunks")]
    chunk_size: Option<usize>,
    /// Number of chunks, as NannyML counts them (⌊n/K⌋ rows each, the remainder in one more).
    #[arg(long)]
    chunks: Option<usize>,
    /// Metrics, comma separated: roc_auc, average_precision, or any score name
    /// [default: roc_auc,f1,precision,recall,specificity,accuracy,average_precision].
    #[arg(long, value_delimiter = ',')]
    metrics: Vec<String>,
    /// Whether to calibrate: `auto` is NannyML's code (ten pooled splits), `documented` its
    /// documentation (three splits, every one must improve).
    #[arg(long, value_enum, default_value = "auto")]
    calibration: CalibrationChoice,
    /// Seed of the calibration splits and the average-precision bootstrap.
    #[arg(long, default_value_t = 42)]
    seed: u64,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum CalibrationChoice {
    Auto,
    Documented,
    Always,
    Never,
}

/// One column of an input file, as text, with the line of each row.
struct Table {
    path: PathBuf,
    columns: HashMap<String, Vec<String>>,
    lines: Vec<usize>,
}

impl Table {
    fn column(&self, name: &str) -> Option<&[String]> {
        self.columns.get(name).map(Vec::as_slice)
    }

    fn required(&self, name: &str, flag: &str) -> anyhow::Result<&[String]> {
        self.column(name).with_context(|| {
            let mut known: Vec<&str> = self.columns.keys().map(String::as_str).collect();
            known.sort_unstable();
            format!(
                "{}: no column {name:?} (columns: {}); name it with {flag}",
                self.path.display(),
                known.join(", ")
            )
        })
    }

    fn where_(&self, row: usize, column: &str) -> String {
        format!(
            "{} line {} (row {}), column {column:?}",
            self.path.display(),
            self.lines[row],
            row + 1
        )
    }
}

/// Splits one CSV line, with double-quoted fields ("" is a quote inside quotes).
fn csv_fields(line: &str) -> anyhow::Result<Vec<String>> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            ('"', true) => quoted = false,
            ('"', false) if field.trim().is_empty() => {
                field.clear();
                quoted = true;
            }
            (',', false) => fields.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    if quoted {
        bail!("a quoted field is not closed");
    }
    fields.push(field);
    Ok(fields.into_iter().map(|f| f.trim().to_string()).collect())
}

fn read_csv(path: &Path, text: &str) -> anyhow::Result<Table> {
    let mut rows = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, header) = rows
        .next()
        .with_context(|| format!("{}: the file is empty; give a header row", path.display()))?;
    let names = csv_fields(header.trim_start_matches('\u{feff}'))
        .with_context(|| format!("{} line 1", path.display()))?;
    let mut columns: Vec<Vec<String>> = vec![Vec::new(); names.len()];
    let mut lines = Vec::new();
    for (index, line) in rows {
        let fields =
            csv_fields(line).with_context(|| format!("{} line {}", path.display(), index + 1))?;
        if fields.len() != names.len() {
            bail!(
                "{} line {}: {} fields but the header has {}; give one value per column",
                path.display(),
                index + 1,
                fields.len(),
                names.len()
            );
        }
        for (column, field) in columns.iter_mut().zip(fields) {
            column.push(field);
        }
        lines.push(index + 1);
    }
    Ok(Table {
        path: path.to_path_buf(),
        columns: names.into_iter().zip(columns).collect(),
        lines,
    })
}

fn read_json_lines(path: &Path, text: &str) -> anyhow::Result<Table> {
    let mut columns: HashMap<String, Vec<String>> = HashMap::new();
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(line)
            .with_context(|| format!("{} line {}: not JSON", path.display(), index + 1))?;
        let Value::Object(object) = value else {
            bail!(
                "{} line {}: give one JSON object per line",
                path.display(),
                index + 1
            );
        };
        let row = lines.len();
        for (key, value) in object {
            let text = match value {
                Value::String(s) => s,
                Value::Null => String::new(),
                other => other.to_string(),
            };
            let column = columns.entry(key).or_default();
            // A key missing on earlier lines counts as empty there.
            column.resize(row, String::new());
            column.push(text);
        }
        lines.push(index + 1);
    }
    for column in columns.values_mut() {
        column.resize(lines.len(), String::new());
    }
    Ok(Table {
        path: path.to_path_buf(),
        columns,
        lines,
    })
}

fn read_table(path: &Path) -> anyhow::Result<Table> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let table = if extension == "jsonl" || extension == "ndjson" {
        read_json_lines(path, &text)?
    } else {
        read_csv(path, &text)?
    };
    if table.lines.is_empty() {
        bail!("{}: no data rows; give at least one row", path.display());
    }
    Ok(table)
}

fn probabilities(table: &Table, column: &str) -> anyhow::Result<Vec<f64>> {
    let values = table.required(column, "--proba-column")?;
    values
        .iter()
        .enumerate()
        .map(|(row, text)| {
            let value: f64 = text.parse().map_err(|_| {
                anyhow::anyhow!(
                    "{}: {text:?} is not a number; give a probability in [0, 1]",
                    table.where_(row, column)
                )
            })?;
            if !(0.0..=1.0).contains(&value) {
                bail!(
                    "{}: probability {text} is outside [0, 1]; give calibrated scores of the positive class",
                    table.where_(row, column)
                );
            }
            Ok(value)
        })
        .collect()
}

fn binary(table: &Table, values: &[String], column: &str) -> anyhow::Result<Vec<bool>> {
    values
        .iter()
        .enumerate()
        .map(|(row, text)| match text.to_ascii_lowercase().as_str() {
            "1" | "1.0" | "true" => Ok(true),
            "0" | "0.0" | "false" => Ok(false),
            _ => bail!(
                "{}: {text:?} is not a class label; give 0 or 1",
                table.where_(row, column)
            ),
        })
        .collect()
}

fn sample(table: &Table, args: &CbpeArgs, labels_required: bool) -> anyhow::Result<Sample> {
    let proba = probabilities(table, &args.proba_column)?;
    let predictions = binary(
        table,
        table.required(&args.pred_column, "--pred-column")?,
        &args.pred_column,
    )?;
    let sample = Sample::new(proba, predictions)?;
    let labels = if labels_required {
        Some(table.required(&args.label_column, "--label-column")?)
    } else {
        table.column(&args.label_column)
    };
    Ok(match labels {
        Some(values) => sample.with_labels(binary(table, values, &args.label_column)?)?,
        None => sample,
    })
}

fn options(args: &CbpeArgs) -> anyhow::Result<CbpeOptions> {
    let mut options = CbpeOptions::default()
        .with_seed(args.seed)
        .with_calibration(match args.calibration {
            CalibrationChoice::Auto => CalibrationRule::Pooled { splits: 10 },
            CalibrationChoice::Documented => CalibrationRule::EveryFold { splits: 3 },
            CalibrationChoice::Always => CalibrationRule::Always,
            CalibrationChoice::Never => CalibrationRule::Never,
        });
    if let Some(size) = args.chunk_size {
        options = options.with_chunking(Chunking::Size(size));
    }
    if let Some(count) = args.chunks {
        options = options.with_chunking(Chunking::Count(count));
    }
    if !args.metrics.is_empty() {
        let metrics = args
            .metrics
            .iter()
            .map(|name| Metric::from_name(name).with_context(|| "--metrics".to_string()))
            .collect::<anyhow::Result<Vec<_>>>()?;
        options = options.with_metrics(metrics);
    }
    Ok(options)
}

/// What the command reports, for binary and multiclass runs alike.
struct Report {
    /// Class names of a multiclass run, in NannyML's (sorted) order.
    classes: Option<Vec<String>>,
    calibration: Vec<CalibrationDecision>,
    thresholds: Vec<(Metric, Thresholds)>,
    chunks: Vec<ChunkEstimate>,
}

fn run_binary(args: &CbpeArgs) -> anyhow::Result<Report> {
    // Errors of reading name the file, line and column themselves.
    let reference = sample(&read_table(&args.reference)?, args, true)?;
    let analysis = sample(&read_table(&args.analysis)?, args, false)?;
    let cbpe = Cbpe::fit(&reference, options(args)?)
        .with_context(|| format!("reference {}", args.reference.display()))?;
    let estimate = cbpe
        .estimate(&analysis)
        .with_context(|| format!("analysis {}", args.analysis.display()))?;
    Ok(Report {
        classes: None,
        calibration: vec![estimate.calibration],
        thresholds: estimate.thresholds,
        chunks: estimate.chunks,
    })
}

/// The classes and their probability columns, sorted by class name as NannyML sorts them.
fn class_columns(args: &CbpeArgs) -> anyhow::Result<Vec<(String, String)>> {
    let mut pairs = args
        .class_columns
        .iter()
        .map(|pair| {
            let (class, column) = pair.split_once('=').with_context(|| {
                format!("--class-columns: {pair:?} is not CLASS=COLUMN; write e.g. cat=p_cat")
            })?;
            Ok((class.trim().to_string(), column.trim().to_string()))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    pairs.sort();
    if pairs.len() < 2 || pairs.windows(2).any(|w| w[0].0 == w[1].0) {
        bail!("--class-columns needs at least two distinct classes, each once");
    }
    Ok(pairs)
}

fn classes_of(
    table: &Table,
    values: &[String],
    column: &str,
    classes: &[(String, String)],
) -> anyhow::Result<Vec<usize>> {
    values
        .iter()
        .enumerate()
        .map(|(row, text)| {
            classes.iter().position(|(c, _)| c == text).with_context(|| {
                let names: Vec<&str> = classes.iter().map(|(c, _)| c.as_str()).collect();
                format!(
                    "{}: {text:?} is not one of the classes {}; name every class in --class-columns",
                    table.where_(row, column),
                    names.join(", ")
                )
            })
        })
        .collect()
}

fn multiclass_sample(
    table: &Table,
    args: &CbpeArgs,
    classes: &[(String, String)],
    labels_required: bool,
) -> anyhow::Result<MulticlassSample> {
    let columns = classes
        .iter()
        .map(|(_, column)| probabilities(table, column))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let rows = table.lines.len();
    let flat: Vec<f64> = (0..rows)
        .flat_map(|row| columns.iter().map(move |c| c[row]))
        .collect();
    let predictions = classes_of(
        table,
        table.required(&args.pred_column, "--pred-column")?,
        &args.pred_column,
        classes,
    )?;
    let sample = MulticlassSample::new(classes.len(), flat, predictions)?;
    let labels = if labels_required {
        Some(table.required(&args.label_column, "--label-column")?)
    } else {
        table.column(&args.label_column)
    };
    Ok(match labels {
        Some(values) => {
            sample.with_labels(classes_of(table, values, &args.label_column, classes)?)?
        }
        None => sample,
    })
}

fn run_multiclass(args: &CbpeArgs) -> anyhow::Result<Report> {
    let classes = class_columns(args)?;
    let reference = multiclass_sample(&read_table(&args.reference)?, args, &classes, true)?;
    let analysis = multiclass_sample(&read_table(&args.analysis)?, args, &classes, false)?;
    let cbpe = MulticlassCbpe::fit(&reference, options(args)?)
        .with_context(|| format!("reference {}", args.reference.display()))?;
    let estimate = cbpe
        .estimate(&analysis)
        .with_context(|| format!("analysis {}", args.analysis.display()))?;
    Ok(Report {
        classes: Some(classes.into_iter().map(|(c, _)| c).collect()),
        calibration: estimate.calibration,
        thresholds: estimate.thresholds,
        chunks: estimate.chunks,
    })
}

fn number(value: Option<f64>) -> Value {
    value.map_or(Value::Null, |v| json!(v))
}

/// The report as the JSON object the command prints: for a multiclass run the calibration
/// fields are objects keyed by class.
fn to_json(report: &Report) -> Value {
    let mut thresholds = Map::new();
    for (metric, t) in &report.thresholds {
        thresholds.insert(
            metric.name().into(),
            json!({ "lower": number(t.lower), "upper": number(t.upper) }),
        );
    }
    let chunks: Vec<Value> = report
        .chunks
        .iter()
        .map(|chunk| {
            let mut fields: [Map<String, Value>; 6] = Default::default();
            for m in &chunk.metrics {
                let name = m.metric.name().to_string();
                let values = [
                    number(m.estimated),
                    number(m.realized),
                    number(m.sampling_error),
                    number(m.lower_confidence),
                    number(m.upper_confidence),
                    Value::Bool(m.alert),
                ];
                for (map, value) in fields.iter_mut().zip(values) {
                    map.insert(name.clone(), value);
                }
            }
            let [estimated, realized, sampling_error, lower, upper, alerts] = fields;
            json!({
                "start": chunk.chunk.start,
                "end": chunk.chunk.end,
                "estimated": estimated,
                "realized": realized,
                "sampling_error": sampling_error,
                "lower_confidence_boundary": lower,
                "upper_confidence_boundary": upper,
                "alerts": alerts,
                "alert": chunk.alert,
            })
        })
        .collect();
    let per_class = |field: &dyn Fn(&CalibrationDecision) -> Value| match &report.classes {
        None => field(&report.calibration[0]),
        Some(classes) => Value::Object(
            classes
                .iter()
                .zip(&report.calibration)
                .map(|(class, decision)| (class.clone(), field(decision)))
                .collect(),
        ),
    };
    let mut object = json!({
        "calibrated": per_class(&|d| Value::Bool(d.calibrated)),
        "ece_before": per_class(&|d| number(d.ece_before)),
        "ece_after": per_class(&|d| number(d.ece_after)),
        "thresholds": thresholds,
        "chunks": chunks,
    });
    if let Some(classes) = &report.classes {
        object["classes"] = json!(classes);
    }
    object
}

fn show(value: Option<f64>) -> String {
    value.map_or_else(|| "-".to_string(), |v| format!("{v:.4}"))
}

/// A readable report: the calibration decision, then one line per chunk and metric.
fn to_text(report: &Report) -> String {
    let mut out = String::new();
    for (index, c) in report.calibration.iter().enumerate() {
        let class = match &report.classes {
            Some(classes) => format!(" of class {}", classes[index]),
            None => String::new(),
        };
        out.push_str(&format!(
            "calibration{class}: {} (ECE before {}, after {})\n",
            if c.calibrated {
                "applied"
            } else {
                "not applied"
            },
            show(c.ece_before),
            show(c.ece_after)
        ));
    }
    out.push_str("thresholds:");
    for (metric, t) in &report.thresholds {
        out.push_str(&format!(" {metric} [{}, {}]", show(t.lower), show(t.upper)));
    }
    out.push('\n');
    out.push_str(&format!(
        "{:<13} {:<18} {:>9} {:>9} {:>9}  alert\n",
        "rows", "metric", "estimate", "±3·SE", "realised"
    ));
    for chunk in &report.chunks {
        let rows = format!("{}..={}", chunk.chunk.start, chunk.chunk.end);
        for m in &chunk.metrics {
            let line = format!(
                "{:<13} {:<18} {:>9} {:>9} {:>9}  {}",
                rows,
                m.metric.name(),
                show(m.estimated),
                show(m.sampling_error.map(|se| 3.0 * se)),
                show(m.realized),
                if m.alert { "ALERT" } else { "" }
            );
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    let alerts = report.chunks.iter().filter(|c| c.alert).count();
    out.push_str(&format!(
        "{} chunks, {alerts} with an alert\n",
        report.chunks.len()
    ));
    out
}

/// Runs `scorecheck cbpe`.
pub(crate) fn run(args: &CbpeArgs) -> ExitCode {
    let report = if args.class_columns.is_empty() {
        run_binary(args)
    } else {
        run_multiclass(args)
    };
    match report {
        Ok(report) => {
            match args.format {
                Format::Json => emit(&format!("{}\n", to_json(&report))),
                Format::Text => emit(&to_text(&report)),
            }
            ExitCode::from(EXIT_CONSISTENT)
        }
        Err(error) => {
            eprintln!("scorecheck cbpe: {error:#}");
            if args.format == Format::Json {
                emit(&format!("{}\n", json!({ "error": format!("{error:#}") })));
            }
            ExitCode::from(EXIT_ERROR)
        }
    }
}
