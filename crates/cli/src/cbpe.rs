//! `scorecheck cbpe`: estimate performance on unlabelled data from calibrated probabilities.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use scorecheck_cbpe::{
    BusinessValueMatrix, BusinessValueNormalization, CalibrationDecision, CalibrationRule, Cbpe,
    CbpeOptions, ChunkEstimate, ChunkPeriod, Chunking, ConfusionMatrixNormalization, ErrorKind,
    Metric, MulticlassCbpe, MulticlassSample, Sample, Stop, Thresholds, Timestamp, MAX_CHUNKS,
    MAX_CONFUSION_MATRIX_CLASSES,
};
use serde_json::{json, Map, Value};

use crate::rows::{self, Column, Deadline, Layout, Stopped, DEFAULT_TIME_LIMIT_SECONDS};
use crate::{emit, Format, EXIT_CONSISTENT, EXIT_ERROR, EXIT_UNDECIDED};

/// Arguments of `scorecheck cbpe`.
#[derive(Args)]
pub(crate) struct CbpeArgs {
    /// Labelled reference data: CSV with a header row, JSON Lines or a JSON array of objects
    /// (by the extension `.csv`, `.jsonl`, `.json`, else by the content; `-` reads stdin).
    #[arg(long)]
    reference: PathBuf,
    /// Analysis data, labelled or not (labels give realised metrics), read as --reference is.
    #[arg(long)]
    analysis: PathBuf,
    /// Column of the positive-class probabilities (binary models; not with --class-columns).
    #[arg(long, default_value = "y_pred_proba", conflicts_with = "class_columns")]
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
    /// Rows per chunk (the last chunk keeps the remainder); at most 10,000 chunks result.
    #[arg(long, conflicts_with = "chunks")]
    chunk_size: Option<usize>,
    /// Number of chunks, as NannyML counts them (⌊n/K⌋ rows each, the remainder in one more);
    /// at most 10,000.
    #[arg(long)]
    chunks: Option<usize>,
    /// Column of each row's timestamp (NannyML's `timestamp_column_name`): ISO 8601 dates or
    /// date-times without time zone (`2024-01-31`, `2024-01-31 13:45:10.5`). Rows are then
    /// chunked in time order and each chunk reports its key and start and end dates.
    #[arg(long)]
    timestamp_column: Option<String>,
    /// One chunk per calendar period holding rows (NannyML's `chunk_period`, a pandas period
    /// alias): Y, Q, M, W, D, B, h, min, s, ms, us, ns, anchored as W-MON, Q-JAN or Y-JUN,
    /// with a multiple as 2D; needs --timestamp-column; at most 10,000 periods with rows.
    #[arg(long, requires = "timestamp_column", conflicts_with_all = ["chunk_size", "chunks"])]
    chunk_period: Option<String>,
    /// Metrics, comma separated: roc_auc, average_precision, any score name, confusion_matrix
    /// (binary: its four cells true_positive, true_negative, false_positive, false_negative;
    /// multiclass: a cell per pair of classes, true_CAT_pred_DOG, at most 50 classes; each cell
    /// may also be named alone), and for binary models business_value
    /// [default: roc_auc,f1,precision,recall,specificity,accuracy,average_precision].
    #[arg(long, value_delimiter = ',')]
    metrics: Vec<String>,
    /// How the confusion_matrix cells are normalised (NannyML's `normalize_confusion_matrix`):
    /// `none` counts rows, `all` divides by all rows, `pred` by the rows of the predicted
    /// class, `true` by the rows of the true class [default: none].
    #[arg(long, value_enum)]
    normalize_confusion_matrix: Option<CellNormalization>,
    /// The value of each cell for business_value, four numbers `TN,FP,FN,TP` (NannyML's
    /// `business_value_matrix` [[TN, FP], [FN, TP]] row by row; the brackets may be written),
    /// e.g. `--business-value-matrix=0,-5,-20,50`.
    #[arg(long, allow_hyphen_values = true)]
    business_value_matrix: Option<String>,
    /// How business_value is normalised (NannyML's `normalize_business_value`): `none` is the
    /// chunk's total value, `per_prediction` NannyML's per-prediction value [default: none].
    #[arg(long, value_enum)]
    normalize_business_value: Option<ValueNormalization>,
    /// Whether to calibrate: `auto` is NannyML's code (ten pooled splits), `documented` its
    /// documentation (three splits, every one must improve).
    #[arg(long, value_enum, default_value = "auto")]
    calibration: CalibrationChoice,
    /// Seed of the calibration splits and the average-precision bootstrap [default: 42]
    /// (refused where neither runs: `--calibration always` or `never` without
    /// average_precision).
    #[arg(long)]
    seed: Option<u64>,
    /// Wall-clock budget of the whole command, in seconds (reading included); past it the
    /// command prints no estimate and exits with status 3.
    #[arg(long, default_value_t = DEFAULT_TIME_LIMIT_SECONDS, allow_negative_numbers = true)]
    time_limit: f64,
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

/// `--normalize-confusion-matrix`.
#[derive(Clone, Copy, ValueEnum)]
enum CellNormalization {
    None,
    All,
    Pred,
    True,
}

/// `--normalize-business-value`.
#[derive(Clone, Copy, ValueEnum)]
enum ValueNormalization {
    None,
    #[value(name = "per_prediction", alias = "per-prediction")]
    PerPrediction,
}

/// The most classes `--class-columns` may name (as `check`'s multiclass datasets).
const MAX_CLASSES: usize = 1_000;

/// How far a multiclass row's probabilities may sum from 1 (rounding of the written
/// values); beyond it the row is an error, never silently renormalised.
const ROW_SUM_TOLERANCE: f64 = 0.01;

/// A class index not given (no label on this row).
const NO_CLASS: u32 = u32::MAX;

/// The columns of one input file, parsed as they are read: per row the probabilities (one,
/// or one per class), the predicted class and the true class (or [`NO_CLASS`]).
struct Columns {
    probabilities: Vec<f64>,
    predictions: Vec<u32>,
    labels: Option<Vec<u32>>,
    /// One per row when `--timestamp-column` is given.
    timestamps: Option<Vec<Timestamp>>,
}

/// A probability cell: a number in [0, 1].
fn probability(text: &str, at: &str) -> anyhow::Result<f64> {
    let value: f64 = text.parse().map_err(|_| {
        anyhow::anyhow!("{at}: {text:?} is not a number; give a probability in [0, 1]")
    })?;
    if !(0.0..=1.0).contains(&value) {
        bail!("{at}: probability {text} is outside [0, 1]; give calibrated scores of the positive class");
    }
    Ok(value)
}

/// A binary class label: 0 or 1 (also 0.0/1.0, false/true).
fn binary_class(text: &str, at: &str) -> anyhow::Result<u32> {
    match text.to_ascii_lowercase().as_str() {
        "1" | "1.0" | "true" => Ok(1),
        "0" | "0.0" | "false" => Ok(0),
        _ => bail!("{at}: {text:?} is not a class label; give 0 or 1"),
    }
}

/// A class named in `--class-columns`, as its index.
fn named_class(text: &str, at: &str, classes: &[(String, String)]) -> anyhow::Result<u32> {
    let index = classes
        .iter()
        .position(|(c, _)| c == text)
        .with_context(|| {
            let names: Vec<&str> = classes.iter().map(|(c, _)| c.as_str()).collect();
            format!(
                "{at}: {text:?} is not one of the classes {}; name every class in --class-columns",
                names.join(", ")
            )
        })?;
    // At most MAX_CLASSES classes, so the index fits.
    Ok(u32::try_from(index).unwrap_or(NO_CLASS))
}

/// Reads `path` row by row: the probability columns of `classes` (binary: `--proba-column`
/// alone), the predictions and, where given, the labels (required for the reference).
fn read_columns(
    path: &Path,
    args: &CbpeArgs,
    classes: Option<&[(String, String)]>,
    reference: bool,
    deadline: &Deadline,
) -> anyhow::Result<Columns> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    // By the extension, else by the content (as `eval` reads its input).
    let layout = match extension.as_str() {
        "csv" | "tsv" => Some(Layout::Csv),
        "jsonl" | "json" | "ndjson" => Some(Layout::Json),
        _ => None,
    };
    let mut columns: Vec<Column<'_>> = match classes {
        None => vec![Column {
            name: &args.proba_column,
            flag: "--proba-column",
            required: true,
        }],
        Some(classes) => classes
            .iter()
            .map(|(_, column)| Column {
                name: column,
                flag: "--class-columns",
                required: true,
            })
            .collect(),
    };
    let k = columns.len();
    columns.push(Column {
        name: &args.pred_column,
        flag: "--pred-column",
        required: true,
    });
    columns.push(Column {
        name: &args.label_column,
        flag: "--label-column",
        required: reference,
    });
    if let Some(name) = &args.timestamp_column {
        columns.push(Column {
            name,
            flag: "--timestamp-column",
            required: true,
        });
    }
    // One column read for two roles would leave the second empty (and blame its emptiness).
    for (i, first) in columns.iter().enumerate() {
        if let Some(second) = columns[i + 1..].iter().find(|c| c.name == first.name) {
            if first.flag == second.flag {
                bail!(
                    "{} names the column {:?} twice; name each class's column once",
                    first.flag,
                    first.name
                );
            }
            bail!(
                "{} and {} both name the column {:?}; each is a column of its own",
                first.flag,
                second.flag,
                first.name
            );
        }
    }
    let class_of = |text: &str, at: &str| match classes {
        None => binary_class(text, at),
        Some(classes) => named_class(text, at, classes),
    };
    let mut read = Columns {
        probabilities: Vec::new(),
        predictions: Vec::new(),
        labels: Some(Vec::new()),
        timestamps: args.timestamp_column.as_ref().map(|_| Vec::new()),
    };
    let labels = read.labels.get_or_insert_with(Vec::new);
    let timestamps = &mut read.timestamps;
    let (mut labelled, mut first_unlabelled, mut first_labelled) = (0usize, None, None);
    let rows = rows::read_rows(path, layout, &columns, deadline, &mut |place, cells| {
        let mut sum = 0.0;
        for (column, cell) in columns.iter().zip(&cells[..k]) {
            let text = cell.as_deref().unwrap_or_default();
            let p = probability(text, &place.at(column.name))?;
            sum += p;
            read.probabilities.push(p);
        }
        if classes.is_some() && (sum - 1.0).abs() > ROW_SUM_TOLERANCE {
            let names: Vec<&str> = columns[..k].iter().map(|c| c.name).collect();
            bail!(
                "{place}: the class probabilities ({}) sum to {sum}, not 1 (within {ROW_SUM_TOLERANCE}); give each row's probabilities of every class (is a class missing from --class-columns?)",
                names.join(", ")
            );
        }
        let prediction = cells[k].as_deref().unwrap_or_default();
        if prediction.is_empty() {
            bail!(
                "{}: the prediction is empty; give every row its predicted class",
                place.at(&args.pred_column)
            );
        }
        read.predictions
            .push(class_of(prediction, &place.at(&args.pred_column))?);
        if let (Some(times), Some(name)) = (timestamps.as_mut(), &args.timestamp_column) {
            let text = cells[k + 2].as_deref().unwrap_or_default();
            if text.is_empty() {
                bail!(
                    "{}: the timestamp is empty; give every row its timestamp",
                    place.at(name)
                );
            }
            let time =
                Timestamp::parse(text).map_err(|e| anyhow::anyhow!("{}: {e}", place.at(name)))?;
            times.push(time);
        }
        match cells[k + 1].as_deref().filter(|label| !label.is_empty()) {
            Some(label) => {
                labels.push(class_of(label, &place.at(&args.label_column))?);
                labelled += 1;
                first_labelled.get_or_insert_with(|| place.to_string());
            }
            None if reference => bail!(
                "{}: the label is empty; the reference needs every row's label",
                place.at(&args.label_column)
            ),
            None => {
                labels.push(NO_CLASS);
                first_unlabelled.get_or_insert_with(|| place.to_string());
            }
        }
        Ok(())
    })?;
    if rows == 0 {
        bail!("{}: no data rows; give at least one row", path.display());
    }
    if labelled == 0 {
        read.labels = None;
    } else if let (Some(unlabelled), Some(labelled)) = (first_unlabelled, first_labelled) {
        bail!(
            "{unlabelled}, column {:?}: no label, but {labelled} has one; give every row its label, or none (a row without one would silently drop out of the realised values)",
            args.label_column
        );
    }
    Ok(read)
}

fn binary_sample(columns: Columns) -> anyhow::Result<Sample> {
    let predictions = columns.predictions.iter().map(|&c| c == 1).collect();
    let sample = Sample::new(columns.probabilities, predictions)?;
    let sample = match columns.labels {
        Some(labels) => sample.with_labels(labels.iter().map(|&c| c == 1).collect())?,
        None => sample,
    };
    Ok(match columns.timestamps {
        Some(times) => sample.with_timestamps(times)?,
        None => sample,
    })
}

/// Checks the size flags against their caps before any file is read.
fn check_sizes(args: &CbpeArgs) -> anyhow::Result<()> {
    if args.chunk_size == Some(0) {
        bail!("--chunk-size 0: give at least 1 row per chunk");
    }
    match args.chunks {
        Some(0) => bail!("--chunks 0: give at least 1 chunk"),
        Some(count) if count > MAX_CHUNKS => {
            bail!("--chunks {count}: give at most {MAX_CHUNKS} chunks")
        }
        _ => {}
    }
    if args.class_columns.len() > MAX_CLASSES {
        bail!(
            "--class-columns names {} classes; give at most {MAX_CLASSES}",
            args.class_columns.len()
        );
    }
    Ok(())
}

/// The chunks `rows` rows of `path` make, checked against [`MAX_CHUNKS`] with the flag named.
fn check_chunks(args: &CbpeArgs, path: &Path, rows: usize) -> anyhow::Result<()> {
    let (chunking, flag) = match (args.chunk_size, args.chunks) {
        (Some(size), _) => (Chunking::Size(size), "--chunk-size"),
        (None, Some(count)) => (Chunking::Count(count), "--chunks"),
        (None, None) if args.chunk_period.is_none() => {
            // The default count, which the user did not ask for: named as such.
            if let Chunking::Count(count) = Chunking::default() {
                if count > rows {
                    bail!(
                        "{} has {rows} rows, fewer than the {count} chunks made by default; give --chunks with at most {rows}, or --chunk-size",
                        path.display()
                    );
                }
            }
            return Ok(());
        }
        (None, None) => return Ok(()),
    };
    if let Chunking::Count(count) = chunking {
        if count > rows {
            bail!(
                "{flag} {count}: {} has {rows} rows, so chunks would be empty; ask for at most {rows} chunks",
                path.display()
            );
        }
    }
    if let Some(count) = chunking.count(rows) {
        if count > MAX_CHUNKS {
            bail!(
                "{flag}: the {rows} rows of {} make {count} chunks, more than the {MAX_CHUNKS} allowed; give chunks of at least {} rows",
                path.display(),
                rows.div_ceil(MAX_CHUNKS)
            );
        }
    }
    Ok(())
}

/// The most estimates (metrics × chunks) one run may make: each keeps its estimate, error,
/// bounds, realised value and alert, so 50 classes' 2,500 confusion-matrix cells over
/// 10,000 chunks would take gigabytes.
const MAX_ESTIMATES: usize = 2_000_000;

/// Refuses a run whose metrics × chunks of `rows` rows (timed ones split by period) would
/// pass [`MAX_ESTIMATES`], before anything is fitted.
fn check_estimates(
    options: &scorecheck_cbpe::CbpeOptions,
    path: &Path,
    rows: usize,
    timestamps: Option<&[Timestamp]>,
) -> anyhow::Result<()> {
    let chunks = match (&options.chunking, timestamps) {
        (Chunking::Period(_), Some(times)) => options.chunking.split_timed(times)?.1.len(),
        (chunking, _) => chunking.count(rows).unwrap_or(MAX_CHUNKS),
    };
    let estimates = options.metrics.len().saturating_mul(chunks);
    if estimates > MAX_ESTIMATES {
        bail!(
            "--metrics: {} metrics over the {chunks} chunks of {} make {estimates} estimates, more than the {MAX_ESTIMATES} one run may make; ask for fewer metrics (one confusion-matrix cell, `true_a_pred_b`, rather than all) or fewer, larger chunks",
            options.metrics.len(),
            path.display(),
        );
    }
    Ok(())
}

/// An engine error, with a stop by the deadline turned into [`Stopped`].
fn engine_error(error: scorecheck_cbpe::Error, deadline: &Deadline) -> anyhow::Error {
    match error.kind() {
        ErrorKind::Stopped { stage, done, total } => {
            deadline.stopped(stage, &format!("{done} of {total} steps"))
        }
        _ => anyhow::Error::new(error),
    }
}

/// The options of the run; `classes` are a multiclass run's class names, in their order.
fn options(
    args: &CbpeArgs,
    deadline: &Deadline,
    classes: Option<&[String]>,
) -> anyhow::Result<CbpeOptions> {
    let mut options = CbpeOptions::default()
        .with_stop(Stop::new(deadline.hook()))
        .with_seed(args.seed.unwrap_or(42))
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
    if let Some(period) = &args.chunk_period {
        let period =
            ChunkPeriod::parse(period).map_err(|e| anyhow::anyhow!("--chunk-period: {e}"))?;
        options = options.with_chunking(Chunking::Period(period));
    }
    if !args.metrics.is_empty() {
        // Each metric with the name that asked for it (confusion_matrix asks for four).
        let mut named: Vec<(Metric, &str)> = Vec::new();
        for name in &args.metrics {
            let metrics = match classes {
                None => Metric::from_names(name),
                Some(classes) => {
                    refuse_binary_only(name)?;
                    Metric::from_names_for_classes(name, classes)
                }
            }
            .with_context(|| "--metrics".to_string())?;
            if let Some(classes) = classes {
                // Before the K² cells meet the check for duplicates.
                check_multiclass_metrics(&metrics, classes.len())?;
            }
            for metric in metrics {
                if let Some((_, first)) = named.iter().find(|(m, _)| *m == metric) {
                    bail!(
                        "--metrics names {} twice ({first:?} and {name:?}); name each metric once",
                        metric.name_with_classes(classes.unwrap_or_default())
                    );
                }
                named.push((metric, name));
            }
        }
        options = options.with_metrics(named.into_iter().map(|(m, _)| m).collect());
    }
    // A seed feeds the calibration's splits and the average-precision bootstrap: where
    // neither runs, it would change nothing.
    if let Some(seed) = args.seed {
        let splits = matches!(
            args.calibration,
            CalibrationChoice::Auto | CalibrationChoice::Documented
        );
        let bootstrap = options
            .metrics
            .iter()
            .any(|m| matches!(m, Metric::AveragePrecision));
        if !splits && !bootstrap {
            bail!(
                "--seed {seed} changes nothing here: it seeds the calibration's splits (--calibration auto or documented) and the average_precision bootstrap, and neither runs; drop it"
            );
        }
    }
    confusion_options(args, options)
}

/// The options of the confusion-matrix and business-value metrics, each flag checked against
/// the metrics it serves: a flag that would change nothing is an error, never ignored.
fn confusion_options(args: &CbpeArgs, mut options: CbpeOptions) -> anyhow::Result<CbpeOptions> {
    let has_cell = options.metrics.iter().any(|m| {
        matches!(
            m,
            Metric::ConfusionMatrix(_) | Metric::MulticlassConfusionMatrix(_)
        )
    });
    let has_value = options.metrics.contains(&Metric::BusinessValue);
    if let Some(normalization) = args.normalize_confusion_matrix {
        if !has_cell {
            bail!("--normalize-confusion-matrix is given but --metrics names no confusion_matrix cell; add confusion_matrix to --metrics or drop the flag");
        }
        options = options.with_normalize_confusion_matrix(match normalization {
            CellNormalization::None => ConfusionMatrixNormalization::Counts,
            CellNormalization::All => ConfusionMatrixNormalization::All,
            CellNormalization::Pred => ConfusionMatrixNormalization::Pred,
            CellNormalization::True => ConfusionMatrixNormalization::True,
        });
    }
    for (given, flag) in [
        (
            args.business_value_matrix.is_some(),
            "--business-value-matrix",
        ),
        (
            args.normalize_business_value.is_some(),
            "--normalize-business-value",
        ),
    ] {
        if given && !has_value {
            bail!("{flag} is given but --metrics does not name business_value; add business_value to --metrics or drop the flag");
        }
    }
    match &args.business_value_matrix {
        Some(text) => options = options.with_business_value_matrix(value_matrix(text)?),
        None if has_value => bail!(
            "--metrics business_value needs --business-value-matrix TN,FP,FN,TP, the value of each cell of the confusion matrix (NannyML's [[TN, FP], [FN, TP]] row by row), e.g. --business-value-matrix=0,-5,-20,50"
        ),
        None => {}
    }
    if let Some(normalization) = args.normalize_business_value {
        options = options.with_normalize_business_value(match normalization {
            ValueNormalization::None => BusinessValueNormalization::Total,
            ValueNormalization::PerPrediction => BusinessValueNormalization::PerPrediction,
        });
    }
    Ok(options)
}

/// The largest magnitude of a business value: a chunk's value sums up to 10^9 rows' values
/// and squares them for its sampling error, so larger ones overflow to infinity.
const MAX_BUSINESS_VALUE: f64 = 1e12;

/// `--business-value-matrix`: four finite numbers `TN,FP,FN,TP`, at most 10^12 in
/// magnitude, or NannyML's 2 x 2 matrix `[[0, -5], [-20, 50]]`; spaces allowed.
fn value_matrix(text: &str) -> anyhow::Result<BusinessValueMatrix> {
    let example = "give four numbers TN,FP,FN,TP (NannyML's [[TN, FP], [FN, TP]] row by row), e.g. --business-value-matrix=0,-5,-20,50";
    let bare: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    // Four numbers, or NannyML's 2 x 2 matrix `[[TN, FP], [FN, TP]]`: no other shape.
    let flat = if bare.contains(['[', ']']) {
        let rows = bare
            .strip_prefix("[[")
            .and_then(|b| b.strip_suffix("]]"))
            .and_then(|b| b.split_once("],["))
            .filter(|(a, b)| {
                !a.contains(['[', ']'])
                    && !b.contains(['[', ']'])
                    && a.matches(',').count() == 1
                    && b.matches(',').count() == 1
            });
        match rows {
            Some((first, second)) => format!("{first},{second}"),
            None => {
                let shown: String = text.chars().take(60).collect();
                let more = if text.chars().count() > 60 { "..." } else { "" };
                bail!("--business-value-matrix \"{shown}{more}\" is not a 2 x 2 matrix [[TN, FP], [FN, TP]] (two rows of two numbers, the rows separated by a comma); {example}");
            }
        }
    } else {
        bare
    };
    if flat.is_empty() {
        bail!("--business-value-matrix is empty; {example}");
    }
    let parts: Vec<&str> = flat.split(',').collect();
    if parts.len() != 4 {
        let shown: String = text.chars().take(60).collect();
        let more = if text.chars().count() > 60 { "..." } else { "" };
        bail!(
            "--business-value-matrix \"{shown}{more}\" has {} values; {example}",
            parts.len()
        );
    }
    let mut values = [0.0; 4];
    for (value, (part, cell)) in values
        .iter_mut()
        .zip(parts.iter().zip(["TN", "FP", "FN", "TP"]))
    {
        let number: f64 = part.parse().map_err(|_| {
            anyhow::anyhow!("--business-value-matrix: the {cell} value {part:?} is not a number; give four numbers TN,FP,FN,TP")
        })?;
        if !number.is_finite() {
            bail!("--business-value-matrix: the {cell} value {part:?} is not a finite number; give four finite numbers TN,FP,FN,TP");
        }
        if number.abs() > MAX_BUSINESS_VALUE {
            bail!("--business-value-matrix: the {cell} value {part:?} is larger than 10^12 in magnitude (a chunk's sums and squares of such values overflow); give values in a larger unit (thousands, millions)");
        }
        *value = number;
    }
    Ok(BusinessValueMatrix::new([
        [values[0], values[1]],
        [values[2], values[3]],
    ])?)
}

/// A metric of binary models only named with `--class-columns`: an error naming the flags.
fn refuse_binary_only(name: &str) -> anyhow::Result<()> {
    match Metric::from_name(name) {
        Ok(metric @ Metric::ConfusionMatrix(_)) => bail!(
            "--metrics {metric} is a cell of the binary confusion matrix, not one of a model with --class-columns, whose cells are true_CLASS_pred_CLASS (e.g. true_cat_pred_dog); name confusion_matrix for all of them, or the cells you want"
        ),
        Ok(metric) if metric.binary_only() => bail!(
            "--metrics {metric} is supported for binary models only, not with --class-columns (NannyML's multiclass business value, with a K×K value matrix, is not implemented here); drop {metric} from --metrics"
        ),
        _ => Ok(()),
    }
}

/// The cap on classes of a multiclass confusion matrix (K classes make K² metrics per
/// chunk): an error naming the flag, before any file is read.
fn check_multiclass_metrics(metrics: &[Metric], classes: usize) -> anyhow::Result<()> {
    if classes > MAX_CONFUSION_MATRIX_CLASSES && metrics.iter().any(Metric::multiclass_only) {
        bail!(
            "--class-columns names {classes} classes, but --metrics confusion_matrix is estimated for at most {MAX_CONFUSION_MATRIX_CLASSES} classes ({classes} classes would make {} metrics per chunk); give at most {MAX_CONFUSION_MATRIX_CLASSES} classes, or drop confusion_matrix from --metrics",
            classes * classes
        );
    }
    Ok(())
}

/// What the command reports, for binary and multiclass runs alike.
struct Report {
    /// Class names of a multiclass run, in NannyML's (sorted) order.
    classes: Option<Vec<String>>,
    calibration: Vec<CalibrationDecision>,
    thresholds: Vec<(Metric, Thresholds)>,
    chunks: Vec<ChunkEstimate>,
}

fn run_binary(args: &CbpeArgs, deadline: &Deadline) -> anyhow::Result<Report> {
    let options = options(args, deadline, None)?;
    // Errors of reading name the file, line and column themselves.
    let reference = binary_sample(read_columns(&args.reference, args, None, true, deadline)?)?;
    check_chunks(args, &args.reference, reference.len())?;
    let analysis = binary_sample(read_columns(&args.analysis, args, None, false, deadline)?)?;
    check_chunks(args, &args.analysis, analysis.len())?;
    let cbpe = Cbpe::fit(&reference, options)
        .map_err(|e| engine_error(e, deadline))
        .with_context(|| format!("reference {}", args.reference.display()))?;
    drop(reference);
    let estimate = cbpe
        .estimate(&analysis)
        .map_err(|e| engine_error(e, deadline))
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
    if let Some((class, column)) = pairs.iter().find(|(c, col)| c.is_empty() || col.is_empty()) {
        bail!(
            "--class-columns: {class:?}={column:?} lacks a class or a column; write e.g. cat=p_cat"
        );
    }
    pairs.sort();
    if let Some(twice) = pairs.windows(2).find(|w| w[0].0 == w[1].0) {
        bail!(
            "--class-columns: class {:?} is given twice ({:?} and {:?}); give each class one probability column",
            twice[0].0,
            twice[0].1,
            twice[1].1
        );
    }
    if pairs.len() < 2 {
        bail!("--class-columns needs at least two distinct classes, each once");
    }
    for (i, (class, column)) in pairs.iter().enumerate() {
        if let Some((other, _)) = pairs[..i].iter().find(|(_, c)| c == column) {
            bail!("--class-columns maps column {column:?} to both {other:?} and {class:?}; give each class its own column");
        }
    }
    Ok(pairs)
}

fn multiclass_sample(columns: Columns, classes: usize) -> anyhow::Result<MulticlassSample> {
    let predictions = columns.predictions.iter().map(|&c| c as usize).collect();
    let sample = MulticlassSample::new(classes, columns.probabilities, predictions)?;
    let sample = match columns.labels {
        Some(labels) => sample.with_labels(labels.iter().map(|&c| c as usize).collect())?,
        None => sample,
    };
    Ok(match columns.timestamps {
        Some(times) => sample.with_timestamps(times)?,
        None => sample,
    })
}

fn run_multiclass(args: &CbpeArgs, deadline: &Deadline) -> anyhow::Result<Report> {
    let classes = class_columns(args)?;
    let names: Vec<String> = classes.iter().map(|(c, _)| c.clone()).collect();
    let options = options(args, deadline, Some(&names))?;
    let k = classes.len();
    let reference = read_columns(&args.reference, args, Some(&classes), true, deadline)?;
    let reference = multiclass_sample(reference, k)?;
    check_chunks(args, &args.reference, reference.len())?;
    check_estimates(
        &options,
        &args.reference,
        reference.len(),
        reference.timestamps(),
    )?;
    let analysis = read_columns(&args.analysis, args, Some(&classes), false, deadline)?;
    let analysis = multiclass_sample(analysis, k)?;
    check_chunks(args, &args.analysis, analysis.len())?;
    check_estimates(
        &options,
        &args.analysis,
        analysis.len(),
        analysis.timestamps(),
    )?;
    let cbpe = MulticlassCbpe::fit(&reference, options)
        .map_err(|e| match e.kind() {
            // The class by its name, as --class-columns gives it.
            scorecheck_cbpe::ErrorKind::MissingClass { class } => anyhow::anyhow!(
                "class {:?} (--class-columns) never occurs among the reference labels; the reference needs every class",
                names.get(*class).map_or("?", String::as_str)
            ),
            _ => engine_error(e, deadline),
        })
        .with_context(|| format!("reference {}", args.reference.display()))?;
    drop(reference);
    let estimate = cbpe
        .estimate(&analysis)
        .map_err(|e| engine_error(e, deadline))
        .with_context(|| format!("analysis {}", args.analysis.display()))?;
    Ok(Report {
        classes: Some(names),
        calibration: estimate.calibration,
        thresholds: estimate.thresholds,
        chunks: estimate.chunks,
    })
}

fn number(value: Option<f64>) -> Value {
    value.map_or(Value::Null, |v| json!(v))
}

impl Report {
    /// The name of a metric in the outputs (a multiclass cell's with its class names).
    fn name(&self, metric: &Metric) -> String {
        metric
            .name_with_classes(self.classes.as_deref().unwrap_or_default())
            .into_owned()
    }
}

/// The report as the JSON object the command prints: for a multiclass run the calibration
/// fields are objects keyed by class.
fn to_json(report: &Report) -> Value {
    let mut thresholds = Map::new();
    for (metric, t) in &report.thresholds {
        thresholds.insert(
            report.name(metric),
            json!({ "lower": number(t.lower), "upper": number(t.upper) }),
        );
    }
    let chunks: Vec<Value> = report
        .chunks
        .iter()
        .map(|chunk| {
            let mut fields: [Map<String, Value>; 6] = Default::default();
            for m in &chunk.metrics {
                let name = report.name(&m.metric);
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
            let date = |t: Option<Timestamp>| t.map_or(Value::Null, |t| json!(t.to_string()));
            json!({
                "key": chunk.chunk.key(),
                "start": chunk.chunk.start,
                "end": chunk.chunk.end,
                "start_date": date(chunk.chunk.start_time),
                "end_date": date(chunk.chunk.end_time),
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
        out.push_str(&format!(
            " {} [{}, {}]",
            report.name(metric),
            show(t.lower),
            show(t.upper)
        ));
    }
    out.push('\n');
    // Rows by position (in time order when there are timestamps), or the period's key.
    let label = |chunk: &ChunkEstimate| match &chunk.chunk.period {
        Some(period) => period.to_string(),
        None => format!("{}..={}", chunk.chunk.start, chunk.chunk.end),
    };
    let width = report
        .chunks
        .iter()
        .map(|c| label(c).chars().count())
        .max()
        .unwrap_or(0)
        .max(13);
    let dated = report.chunks.iter().any(|c| c.chunk.start_time.is_some());
    out.push_str(&format!(
        "{:<width$} {:<18} {:>9} {:>9} {:>9}  alert\n",
        if report.chunks.iter().any(|c| c.chunk.period.is_some()) {
            "period"
        } else {
            "rows"
        },
        "metric",
        "estimate",
        "±3·SE",
        "realised"
    ));
    for chunk in &report.chunks {
        let rows = label(chunk);
        if dated {
            let show_time = |t: Option<Timestamp>| t.map_or_else(|| "-".into(), |t| t.to_string());
            out.push_str(&format!(
                "{rows}: rows {}..={} in time order, {} to {}\n",
                chunk.chunk.start,
                chunk.chunk.end,
                show_time(chunk.chunk.start_time),
                show_time(chunk.chunk.end_time)
            ));
        }
        for m in &chunk.metrics {
            let line = format!(
                "{:<width$} {:<18} {:>9} {:>9} {:>9}  {}",
                rows,
                report.name(&m.metric),
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
    let one_stdin = if args.reference.as_os_str() == "-" && args.analysis.as_os_str() == "-" {
        Err(anyhow::anyhow!("--analysis: --reference and --analysis both read standard input (-), which can be read once; give one of them as a file"))
    } else {
        Ok(())
    };
    let report = one_stdin
        .and_then(|()| check_sizes(args))
        .and_then(|()| Deadline::new(args.time_limit))
        .and_then(|deadline| {
            if args.class_columns.is_empty() {
                run_binary(args, &deadline)
            } else {
                run_multiclass(args, &deadline)
            }
        });
    match report {
        Ok(report) => {
            match args.format {
                Format::Json => emit(&format!("{}\n", to_json(&report))),
                Format::Text => emit(&to_text(&report)),
            }
            ExitCode::from(EXIT_CONSISTENT)
        }
        Err(error) => {
            say!("scorecheck cbpe: {error:#}");
            let stopped = error.downcast_ref::<Stopped>().is_some();
            if args.format == Format::Json {
                let record = crate::command_error_record(format!("{error:#}"), stopped);
                emit(&format!("{record}\n"));
            }
            ExitCode::from(if stopped { EXIT_UNDECIDED } else { EXIT_ERROR })
        }
    }
}
