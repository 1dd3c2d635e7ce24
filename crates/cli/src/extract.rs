//! `scorecheck extract FILE...` (documents' results tables as a CSV batch table) and
//! `scorecheck scan FILE...` (the same rows checked under each protocol the text allows).

use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;

use scorecheck_extract::{
    batch_cells as cells, score_columns, Format as DocFormat, Protocol, Row, LEADING, TRAILING,
};

/// The output format of `extract` and `scan`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum OutputFormat {
    /// A CSV table in the batch schema (`scorecheck batch` reads it as it is).
    Csv,
    /// One JSON object per row, the same columns as keys.
    Jsonl,
}

/// A document format, when the file's extension does not say it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum InputFormat {
    /// LaTeX source.
    Latex,
    /// Markdown.
    Markdown,
    /// HTML (arXiv's LaTeXML included).
    Html,
    /// JATS XML.
    Jats,
}

#[derive(clap::Args)]
pub struct ExtractArgs {
    /// The documents (`.tex`, `.md`, `.html`, `.xml`); `-` reads one from standard input
    /// (with `--input-format`; its `\\input` files are looked up in the current folder).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The output format.
    #[arg(long, value_enum, default_value = "csv")]
    format: OutputFormat,
    /// The documents' format [default: from each file's extension].
    #[arg(long, value_enum)]
    input_format: Option<InputFormat>,
}

#[derive(clap::Args)]
pub struct ScanArgs {
    #[command(flatten)]
    extract: ExtractArgs,
    /// Wall-clock budget per check, in seconds [default: 10]; rows left undecided by it
    /// (and no finding) are counted on stderr, and the exit status is 3.
    #[arg(long)]
    time_limit: Option<f64>,
    /// Wall-clock budget of the whole scan, in seconds [default: 600]; rows not reached
    /// in it are written as not checked, and the exit status is 3.
    #[arg(long)]
    total_time_limit: Option<f64>,
}

/// The scan's clock: each check's own limit, cut to what is left of the whole scan's.
struct Clock {
    options: scorecheck::RunOptions,
    per_check: std::time::Duration,
    deadline: std::time::Instant,
    /// Checks refused for want of time since the last [`Clock::take_refused`].
    refused: std::cell::Cell<usize>,
}

/// A row's verdict when the whole scan's budget ran out before its checks.
const OUT_OF_TIME: &str = "not checked: --total-time-limit ran out";

impl Clock {
    /// The options of the next check, `None` once the scan's budget is spent.
    fn options(&self) -> Option<scorecheck::RunOptions> {
        let left = self
            .deadline
            .checked_duration_since(std::time::Instant::now())
            .filter(|left| !left.is_zero())?;
        let mut options = self.options.clone();
        options.time_limit = Some(self.per_check.min(left));
        Some(options)
    }

    /// [`verdict`] under the next check's options, or [`OUT_OF_TIME`].
    fn verdict(&self, text: &str) -> (String, String) {
        match self.options() {
            Some(options) => verdict(text, &options),
            None => {
                self.refused.set(self.refused.get() + 1);
                (OUT_OF_TIME.to_string(), String::new())
            }
        }
    }

    /// How many checks were refused for want of time since the last call.
    fn take_refused(&self) -> usize {
        self.refused.replace(0)
    }
}

/// The assumptions `scan` checks, as (column, check name).
const ASSUMPTIONS: [(&str, &str); 3] = [
    ("verdict_one_testset", "1_testset_no_kfold"),
    ("verdict_kfold_som", "1_dataset_kfold_som"),
    ("verdict_kfold_mos", "1_dataset_known_folds_mos"),
];

/// Largest document read (the library's cap, checked before reading).
const MAX_FILE_BYTES: u64 = 16 << 20;

/// The `\input` resolver of a LaTeX file: names relative to its folder, never absolute or
/// above it, each at most the size cap. What it refuses or cannot find is pushed to
/// `unread`, for the caller to say.
fn resolver<'a>(
    file: &Path,
    unread: &'a std::cell::RefCell<Vec<String>>,
) -> impl Fn(&str) -> Option<String> + 'a {
    let folder = file.parent().map(Path::to_path_buf).unwrap_or_default();
    // The folder as the file system resolves it: an input must resolve inside it (a link
    // in a paper's archive must not reach a file elsewhere on the reader's machine).
    let root = std::fs::canonicalize(if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder.as_path()
    })
    .ok();
    move |name: &str| {
        let relative = Path::new(name);
        if relative
            .components()
            .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
        {
            unread.borrow_mut().push(format!(
                "\\input{{{name}}} not read: only files in the document's folder or below it are read; run extract on a copy of the project with the file there"
            ));
            return None;
        }
        let mut candidates = vec![folder.join(relative)];
        if relative.extension().is_none() {
            candidates.push(folder.join(format!("{name}.tex")));
        }
        let mut outside = false;
        let found = candidates.into_iter().find_map(|path| {
            // Only a regular file: opening a named pipe nobody writes to waits forever, and
            // a document does not choose what its reader waits for.
            if !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
                return None;
            }
            let inside = root.as_ref().is_some_and(|root| {
                std::fs::canonicalize(&path).is_ok_and(|real| real.starts_with(root))
            });
            if !inside {
                outside = true;
                return None;
            }
            let bytes = read_capped(&path).ok()?;
            (bytes.len() as u64 <= MAX_FILE_BYTES)
                .then(|| String::from_utf8(bytes).ok())
                .flatten()
        });
        if found.is_none() && outside {
            unread.borrow_mut().push(format!(
                "\\input{{{name}}} not read: it is a link to a file outside the document's folder, and only files in the folder or below it are read; copy the file there"
            ));
        } else if found.is_none() {
            unread.borrow_mut().push(format!(
                "\\input{{{name}}} not read: no such regular file of at most {MAX_FILE_BYTES} bytes, in UTF-8, beside the document"
            ));
        }
        found
    }
}

/// At most [`MAX_FILE_BYTES`] + 1 bytes of the file at `path` (a character device, a pipe or
/// a link to one reports no size, so the size is bounded as it is read).
fn read_capped(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(std::fs::File::open(path)?, MAX_FILE_BYTES + 1),
        &mut bytes,
    )?;
    Ok(bytes)
}

/// The rows of one document.
///
/// # Errors
///
/// A message naming the file: unreadable, too large, not UTF-8, an unknown extension, or
/// text the reader refuses.
pub fn extract_file(file: &Path, input: Option<InputFormat>) -> Result<Vec<Row>, String> {
    // Standard input is named as such in rows and messages (a bare `-` reads as a sign).
    let name = if file == Path::new("-") {
        "stdin".to_string()
    } else {
        file.display().to_string()
    };
    let format = match input {
        Some(InputFormat::Latex) => DocFormat::Latex,
        Some(InputFormat::Markdown) => DocFormat::Markdown,
        Some(InputFormat::Html) => DocFormat::Html,
        Some(InputFormat::Jats) => DocFormat::Jats,
        None if file == Path::new("-") => {
            return Err(format!(
                "{name}: standard input has no extension to tell its format; give --input-format (latex, markdown, html or jats)"
            ))
        }
        None => DocFormat::from_path(&name).ok_or_else(|| {
            format!("{name}: not a document extract reads by its extension; name it .tex, .md, .html or .xml, or give --input-format")
        })?,
    };
    let too_large = |size: u64| {
        format!(
            "{name}: {size} bytes is more than the {MAX_FILE_BYTES} a document may have; give the part with the tables"
        )
    };
    let stdin = file == Path::new("-");
    let bytes = if stdin {
        // At most one byte past the cap is read, so that a larger input is refused unread.
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(
            &mut std::io::Read::take(std::io::stdin().lock(), MAX_FILE_BYTES + 1),
            &mut bytes,
        )
        .map_err(|e| format!("{name}: cannot read standard input: {e}"))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(too_large(bytes.len() as u64));
        }
        bytes
    } else {
        let size = std::fs::metadata(file)
            .map_err(|e| format!("{name}: cannot read: {e}"))?
            .len();
        if size > MAX_FILE_BYTES {
            return Err(too_large(size));
        }
        // A device or a pipe reports no size: at most one byte past the cap is read.
        let bytes = read_capped(file).map_err(|e| format!("{name}: cannot read: {e}"))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(too_large(bytes.len() as u64));
        }
        bytes
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name}: not valid UTF-8 (at byte {}); save it as UTF-8",
            e.utf8_error().valid_up_to()
        )
    })?;
    let unread = std::cell::RefCell::new(Vec::new());
    let resolve = resolver(if stdin { Path::new("./-") } else { file }, &unread);
    let extraction = scorecheck_extract::extract_document(
        &text,
        format,
        &name,
        &scorecheck_extract::Limits::default(),
        &resolve,
    )
    .map_err(|e| format!("{name}: {e}"))?;
    drop(resolve);
    let mut said: Vec<String> = extraction
        .unread
        .iter()
        .map(|t| {
            let caption = if t.caption.is_empty() {
                String::new()
            } else {
                format!(" ({:?})", t.caption)
            };
            let why = t
                .why
                .trim_end_matches("; not read")
                .trim_end_matches(": not read");
            format!("table {}{caption}: {why}; not read", t.table)
        })
        .collect();
    for message in &said {
        say!("scorecheck extract: {name}: {message}");
    }
    for message in unread.into_inner() {
        if !said.contains(&message) {
            say!("scorecheck extract: {name}: {message}");
            said.push(message);
        }
    }
    Ok(extraction.rows)
}

/// Every file's rows; each unreadable file reported on stderr, the others read.
fn rows_of(args: &ExtractArgs, command: &str) -> (Vec<Row>, usize, usize) {
    let mut rows = Vec::new();
    let mut failed = 0;
    let mut read = 0;
    for file in &args.files {
        match extract_file(file, args.input_format) {
            Ok(found) => {
                read += 1;
                rows.extend(found);
            }
            Err(message) => {
                failed += 1;
                say!("scorecheck {command}: {message}");
            }
        }
    }
    (rows, read, failed)
}

fn write_rows(
    format: OutputFormat,
    header: &[String],
    rows: impl Iterator<Item = Vec<String>>,
) -> std::io::Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match format {
        OutputFormat::Csv => {
            let mut writer = csv::Writer::from_writer(&mut out);
            writer.write_record(header).map_err(csv_io)?;
            for row in rows {
                writer
                    .write_record(
                        row.iter()
                            .map(|c| scorecheck_table::neutralised(c).into_owned()),
                    )
                    .map_err(csv_io)?;
            }
            writer.flush()?;
        }
        OutputFormat::Jsonl => {
            for row in rows {
                let mut object = serde_json::Map::new();
                for (key, cell) in header.iter().zip(row) {
                    object.insert(key.clone(), cell.into());
                }
                writeln!(out, "{}", serde_json::Value::Object(object))?;
            }
            out.flush()?;
        }
    }
    Ok(())
}

/// The CSV writer's error as the I/O error it wraps, kind kept (a closed reader is a
/// broken pipe, which ends the output quietly, not an error).
fn csv_io(error: csv::Error) -> std::io::Error {
    match error.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => std::io::Error::other(format!("{other:?}")),
    }
}

fn finish(written: std::io::Result<()>, failed: usize, command: &str) -> ExitCode {
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            say!("scorecheck {command}: {e}");
            ExitCode::from(crate::EXIT_ERROR)
        }
        _ if failed > 0 => ExitCode::from(crate::EXIT_ERROR),
        _ => ExitCode::from(crate::EXIT_CONSISTENT),
    }
}

/// `scorecheck extract`.
pub fn run_extract(args: &ExtractArgs) -> ExitCode {
    let (rows, _, failed) = rows_of(args, "extract");
    let scores = score_columns(&rows);
    let mut header: Vec<String> = LEADING.iter().map(|c| (*c).to_string()).collect();
    header.extend(scores.iter().map(|s| (*s).to_string()));
    header.extend(TRAILING.iter().map(|c| (*c).to_string()));
    let written = write_rows(args.format, &header, rows.iter().map(|r| cells(r, &scores)));
    finish(written, failed, "extract")
}

/// The request of one row under one assumption.
fn request(row: &Row, check: &str, p: u64, n: u64, folds: Option<(u64, u64)>) -> String {
    request_rounded(row, check, p, n, folds, None)
}

/// The check that answers an assumption for `row`: the mean of per-fold scores is checked
/// over scikit-learn's stratified folds only where the protocol's sentence says the folds
/// were stratified; otherwise over every fold configuration of the dataset (folds of equal
/// size, any class counts), since folds of another composition reach other means, and a
/// finding must hold for whatever folds the text allows.
fn check_for<'a>(row: &Row, check: &'a str) -> &'a str {
    if check == "1_dataset_known_folds_mos" && !says_stratified(&row.protocol_text) {
        "1_dataset_unknown_folds_mos"
    } else {
        check
    }
}

/// Whether a protocol's sentence says its folds were stratified, not that they were not
/// (`random (not stratified) folds`, `no stratified sampling`, `non-stratified`, `did not
/// stratify`, `without stratification`).
fn says_stratified(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    lower.match_indices("stratif").any(|(at, _)| {
        let before: String = lower[..at]
            .chars()
            .rev()
            .take(24)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let words: Vec<&str> = before
            .split(|c: char| !c.is_alphanumeric() && c != '\'')
            .filter(|w| !w.is_empty())
            .collect();
        let close = words.iter().rev().take(3);
        let negated = before.ends_with("un")
            || before.ends_with("non-")
            || before.ends_with("non")
            || close.clone().any(|w| {
                matches!(
                    *w,
                    "not" | "no" | "non" | "without" | "never" | "nor" | "neither"
                ) || w.ends_with("n't")
            });
        !negated
    })
}

/// Whether `check` takes `score`: the AUC is no function of pooled counts, and over unknown
/// folds it is not checked (it is in one test set and as a mean over known folds).
fn checks_score(check: &str, score: &str) -> bool {
    score != "auc" || !matches!(check, "1_dataset_kfold_som" | "1_dataset_unknown_folds_mos")
}

/// [`request`] with a `rounding` field (`"any"`: nearest, down or up).
fn request_rounded(
    row: &Row,
    check: &str,
    p: u64,
    n: u64,
    folds: Option<(u64, u64)>,
    rounding: Option<&str>,
) -> String {
    request_with(row, &row.scores, check, (p, n), folds, rounding)
}

/// The request of `row` with the classes' roles swapped: the paper's positive class is the
/// registry's negative one (its scores as printed, p and n exchanged).
fn request_swapped(
    row: &Row,
    check: &str,
    (p, n): (u64, u64),
    folds: Option<(u64, u64)>,
    rounding: Option<&str>,
) -> String {
    request_with(row, &row.scores, check, (n, p), folds, rounding)
}

/// The mean-of-scores request of `row` over the folds scikit-learn's `StratifiedKFold` made
/// before version 0.22 (each class split by `KFold` on its own: fold i has p/k positives,
/// one more for the first p mod k folds, and likewise negatives), each of the `r`
/// repetitions the same, figures rounded any way.
fn request_legacy_stratified(row: &Row, (p, n): (u64, u64), (k, r): (u64, u64)) -> String {
    let fold = |i: u64| {
        let share = |count: u64| count / k + u64::from(i < count % k);
        format!("{{\"p\":{},\"n\":{}}}", share(p), share(n))
    };
    let one: Vec<String> = (0..k).map(fold).collect();
    let folds = vec![one.join(","); usize::try_from(r).unwrap_or(1)].join(",");
    let scores: Vec<String> = row
        .scores
        .iter()
        .filter(|(s, _)| checks_score("1_dataset_known_folds_mos", s))
        .map(|(s, v)| format!("{s:?}:{v}"))
        .collect();
    format!(
        "{{\"check\":\"1_dataset_known_folds_mos\",\"dataset\":{{\"p\":{p},\"n\":{n}}},\"folding\":{{\"folds\":[{folds}]}},\"scores\":{{{}}},\"eps\":\"auto\",\"percent\":{},\"rounding\":\"any\"}}",
        scores.join(","),
        row.percent
    )
}

/// The request of `row` under one assumption, with `scores` and counts given.
fn request_with(
    row: &Row,
    scores: &[(&'static str, String)],
    check: &str,
    (p, n): (u64, u64),
    folds: Option<(u64, u64)>,
    rounding: Option<&str>,
) -> String {
    let scores: Vec<String> = scores
        .iter()
        .filter(|(s, _)| checks_score(check, s))
        .map(|(s, v)| format!("{s:?}:{v}"))
        .collect();
    let counts = format!("{{\"p\":{p},\"n\":{n}}}");
    let (key, folding) = match folds {
        // The unknown-folds checks try every fold configuration: no strategy.
        Some((k, r)) if check == "1_dataset_unknown_folds_mos" => (
            "dataset",
            format!(",\"folding\":{{\"n_folds\":{k},\"n_repeats\":{r}}}"),
        ),
        Some((k, r)) => (
            "dataset",
            format!(",\"folding\":{{\"n_folds\":{k},\"n_repeats\":{r},\"strategy\":\"stratified_sklearn\"}}"),
        ),
        None => ("testset", String::new()),
    };
    let rounding = rounding.map_or(String::new(), |r| format!(",\"rounding\":{r:?}"));
    format!(
        "{{\"check\":{check:?},{key:?}:{counts}{folding},\"scores\":{{{}}},\"eps\":\"auto\",\"percent\":{}{rounding}}}",
        scores.join(","),
        row.percent
    )
}

/// The verdict of one check, and its explanation when inconsistent.
fn verdict(text: &str, options: &scorecheck::RunOptions) -> (String, String) {
    match scorecheck::run_text(text, options) {
        Ok(value) => {
            // No fold configuration at all (fewer of a class than folds, a reported score
            // undefined on some fold in each) refutes nothing the paper's library computed:
            // scikit-learn, say, scores an undefined recall as 0.
            if value.get("configurations_total") == Some(&serde_json::json!(0)) {
                return (
                    "no configuration".to_string(),
                    "no fold configuration gives every reported score a value on every fold (a class has fewer items than there are folds); how the paper scored empty folds is not known".to_string(),
                );
            }
            let verdict = value
                .get("verdict")
                .and_then(serde_json::Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| match value.get("inconsistency") {
                    Some(serde_json::Value::Bool(true)) => "inconsistent".to_string(),
                    Some(serde_json::Value::Bool(false)) => "consistent".to_string(),
                    _ => "undecided".to_string(),
                });
            let why = value
                .pointer("/explanation/message")
                .and_then(serde_json::Value::as_str)
                .unwrap_or_default()
                .to_string();
            (verdict, why)
        }
        Err(error) => (format!("error: {error}"), String::new()),
    }
}

/// `scorecheck scan`.
pub fn run_scan(args: &ScanArgs) -> ExitCode {
    let limit = |seconds: Option<f64>, default: f64, flag: &str| {
        scorecheck::time_limit(seconds.unwrap_or(default), flag)
    };
    let (per_check, total) = match (
        limit(args.time_limit, 10.0, "--time-limit"),
        limit(args.total_time_limit, 600.0, "--total-time-limit"),
    ) {
        (Ok(per_check), Ok(total)) => (per_check, total),
        (Err(e), _) | (_, Err(e)) => {
            say!("scorecheck scan: {e}");
            return ExitCode::from(crate::EXIT_ERROR);
        }
    };
    let clock = Clock {
        options: scorecheck::RunOptions::default(),
        per_check,
        deadline: std::time::Instant::now() + total,
        refused: std::cell::Cell::new(0),
    };
    let (rows, documents, failed) = rows_of(&args.extract, "scan");
    let scores = score_columns(&rows);
    let mut header: Vec<String> = LEADING.iter().map(|c| (*c).to_string()).collect();
    header.extend(scores.iter().map(|s| (*s).to_string()));
    header.extend(TRAILING.iter().map(|c| (*c).to_string()));
    header.extend(ASSUMPTIONS.iter().map(|(c, _)| (*c).to_string()));
    header.push("finding".to_string());
    let mut tables: Vec<(String, String)> = rows
        .iter()
        .map(|r| (r.source.clone(), r.table.clone()))
        .collect();
    tables.dedup();
    let (mut checked, mut findings, mut unreached) = (0usize, 0usize, 0usize);
    // Rows with a check that ran out of its --time-limit and no finding: nothing decided.
    let mut undecided = 0usize;
    let mut out_rows = Vec::new();
    for row in &rows {
        let mut line = cells(row, &scores);
        let (verdicts, finding) = scan_row(row, &clock);
        // A row whose checks (its verdicts', or the finding's re-checks) the budget cut.
        if clock.take_refused() > 0 {
            unreached += 1;
        }
        if verdicts
            .iter()
            .any(|v| v == "consistent" || v == "inconsistent" || v == "undecided")
        {
            checked += 1;
        }
        if !finding.is_empty() {
            findings += 1;
        } else if verdicts.iter().any(|v| v == "undecided") {
            undecided += 1;
        }
        line.extend(verdicts);
        line.push(finding);
        out_rows.push(line);
    }
    let written = write_rows(args.extract.format, &header, out_rows.into_iter());
    say!(
        "scorecheck scan: {documents} documents, {} tables, {} rows, {checked} checked, {findings} findings{}{}{}",
        tables.len(),
        rows.len(),
        if failed > 0 { format!(", {failed} files not read") } else { String::new() },
        if undecided > 0 {
            format!(", {undecided} rows undecided (a check ran out of its --time-limit of {} s: raise it to decide them)", per_check.as_secs_f64())
        } else {
            String::new()
        },
        if unreached > 0 {
            format!("; the --total-time-limit ({} s) ran out: {unreached} rows not (fully) checked, marked {OUT_OF_TIME:?}; raise it to check them", total.as_secs_f64())
        } else {
            String::new()
        }
    );
    if (unreached > 0 || undecided > 0) && written.is_ok() {
        return ExitCode::from(crate::EXIT_UNDECIDED);
    }
    finish(written, failed, "scan")
}

/// One row's verdict under each assumption and its finding.
fn scan_row(row: &Row, clock: &Clock) -> (Vec<String>, String) {
    let Some((p, n)) = row.counts() else {
        return (vec!["needs p and n".to_string(); 3], String::new());
    };
    let mut verdicts = Vec::new();
    let mut explanations = Vec::new();
    let mut ran: Vec<(&str, Option<(u64, u64)>)> = Vec::new();
    // A classification report's figures are one confusion matrix's, its support's counts:
    // one test set, whatever the text says of the protocol.
    let report = row.support.is_some();
    for (column, check) in ASSUMPTIONS {
        let check = check_for(row, check);
        let (text, allowed) = match (&row.protocol, column) {
            (_, "verdict_one_testset") if report || row.matrix.is_some() => {
                (request(row, check, p, n, None), true)
            }
            (_, _) if report => (String::new(), false),
            // One test set: no protocol stated (the whole dataset, for information only:
            // see `finding`), or a hold-out split whose own counts the row gives.
            (None | Some(Protocol::HoldOut), "verdict_one_testset") => {
                (request(row, check, p, n, None), true)
            }
            (None, _) => (String::new(), false),
            // Leave-one-out: the pooled predictions are one test set of the whole dataset
            // (a k-fold score of means over p + n folds; the mean of per-fold accuracies is
            // the pooled accuracy, other per-fold scores of one sample are undefined).
            (Some(Protocol::LeaveOneOut), "verdict_one_testset") => {
                (request(row, check, p, n, None), true)
            }
            (Some(Protocol::LeaveOneOut), _) => {
                verdicts.push("leave-one-out: see verdict_one_testset (no finding)".to_string());
                continue;
            }
            // Folds R's caret made: their sizes may differ by two, which neither stratified
            // nor unknown folds here form; the pooled score of means does not depend on them.
            (
                Some(Protocol::KFold { .. } | Protocol::RepeatedKFold { .. }),
                "verdict_kfold_mos",
            ) if row.folds_made_by.is_some() => {
                verdicts.push(format!(
                    "not checked: the folds are {}'s, which no mean-of-scores check forms",
                    row.folds_made_by.unwrap_or_default()
                ));
                continue;
            }
            (
                Some(Protocol::KFold { folds: Some(k) }),
                "verdict_kfold_som" | "verdict_kfold_mos",
            ) => (request(row, check, p, n, Some((*k, 1))), true),
            (
                Some(Protocol::RepeatedKFold {
                    folds: Some(k),
                    repeats: Some(r),
                }),
                "verdict_kfold_som" | "verdict_kfold_mos",
            ) => (request(row, check, p, n, Some((*k, *r))), true),
            (
                Some(Protocol::KFold { folds: None } | Protocol::RepeatedKFold { folds: None, .. }),
                "verdict_kfold_som" | "verdict_kfold_mos",
            ) => {
                verdicts.push("needs the number of folds".to_string());
                continue;
            }
            (
                Some(Protocol::RepeatedKFold { repeats: None, .. }),
                "verdict_kfold_som" | "verdict_kfold_mos",
            ) => {
                // Repeated an unstated number of times: no count of repetitions is the
                // text's, and r repetitions reach figures that fewer do not.
                verdicts.push("needs the number of repetitions".to_string());
                continue;
            }
            _ => (String::new(), false),
        };
        if !allowed {
            verdicts.push("not stated".to_string());
            continue;
        }
        if !row.scores.iter().any(|(s, _)| checks_score(check, s)) {
            verdicts.push(format!("not checked: {check} does not take the AUC"));
            continue;
        }
        let (verdict, why) = clock.verdict(&text);
        if verdict == "inconsistent" {
            explanations.push(format!("{}: {why}", check));
        }
        // The one-test-set check has no folds, whatever the text says of the protocol (a
        // report's or a row's own matrix under a k-fold sentence): its re-checks neither.
        let folds = (column != "verdict_one_testset")
            .then(|| folds_of(row))
            .flatten();
        ran.push((check, folds));
        verdicts.push(verdict);
    }
    let run: Vec<&String> = verdicts
        .iter()
        .filter(|v| {
            matches!(
                v.as_str(),
                "consistent" | "inconsistent" | "undecided" | "no configuration"
            ) || v.starts_with("error")
        })
        .collect();
    // The text says nothing of how its figures were rounded: a finding must also hold when
    // they were truncated or rounded up (`"rounding": "any"`), not only rounded to nearest.
    // Figures a program printed (scikit-learn's report, Weka's run, a printed data frame)
    // are rounded to nearest: theirs must hold as printed.
    let rounding = (!row.printed).then_some("any");
    // Counts from the registry say which class is the minority, not which one the paper took
    // as positive (some take the majority): a finding must hold with the roles swapped too.
    // A row's own matrix or report says which is which.
    let own_counts = report || row.matrix.is_some();
    // A matrix printed as a table of its own had its positive class inferred from names.
    let roles_known = own_counts && !row.matrix_roles_inferred;
    // Libraries print 0 (or, asked, 1) where a score is undefined (scikit-learn's precision,
    // F1 and MCC of a classifier predicting one class): a finding must also hold without the
    // scores printed as such a convention could have written them.
    let zeros = library_placeholders(row);
    let robust = || {
        ran.iter().all(|(check, folds)| {
            let text = request_rounded(row, check, p, n, *folds, rounding);
            clock.verdict(&text).0 == "inconsistent"
                && (roles_known || {
                    let text = request_swapped(row, check, (p, n), *folds, rounding);
                    clock.verdict(&text).0 == "inconsistent"
                })
                && (!matches!(
                    *check,
                    "1_dataset_known_folds_mos" | "1_dataset_unknown_folds_mos"
                ) || folds.is_none_or(|(k, r)| {
                    // scikit-learn's StratifiedKFold before 0.22 split each class on its
                    // own, its first folds taking both classes' extra items (sizes may
                    // differ by two): folds neither check above forms.
                    let legacy = |(p, n): (u64, u64)| {
                        // Too many folds to write out: not checked, so no finding.
                        if k.saturating_mul(r) > 100_000 {
                            return false;
                        }
                        let text = request_legacy_stratified(row, (p, n), (k, r));
                        clock.verdict(&text).0 == "inconsistent"
                    };
                    legacy((p, n)) && (roles_known || legacy((n, p)))
                }))
                && (zeros.is_empty()
                    || zeros.len() < row.scores.len() && {
                        let kept: Vec<(&'static str, String)> = row
                            .scores
                            .iter()
                            .filter(|(s, _)| !zeros.contains(s))
                            .cloned()
                            .collect();
                        let text = request_with(row, &kept, check, (p, n), *folds, rounding);
                        clock.verdict(&text).0 == "inconsistent"
                    })
        })
    };
    // A text that states no protocol allows any: a hold-out split of unknown size, averaged
    // runs; the whole dataset as one test set is only one of them, so no finding is made
    // (a README's hold-out accuracy on Pima, 111/154, is no k/768).
    // Leave-one-out is checked as one test set for information only: its figures are as
    // often means of one-sample folds (scikit-learn's `cross_val_score` makes a recall
    // tp/N) or of resampled data as they are pooled predictions of the stated dataset, and
    // no second assumption tempers that one check.
    let leave_one_out = row.protocol == Some(Protocol::LeaveOneOut);
    let stated = (row.protocol.is_some() && !leave_one_out) || report;
    // A table's own TP, FP, FN and TN beside figures of a k-fold cross-validation may be one
    // fold's counts, or pooled counts beside means, or a part's (the text rarely says which):
    // the one matrix they give is one of several readings, so no finding is made of them.
    // (A report's supports and a printed evaluation's matrix are its figures' own.)
    let table_matrix_under_folds = !report
        && row.matrix.is_some()
        && matches!(
            row.protocol,
            Some(Protocol::KFold { .. } | Protocol::RepeatedKFold { .. })
        );
    // A row's own matrix or report's supports, where the text says figures are means over
    // runs, seeds or folds, may be a rounded mean matrix, and where it says counts are of
    // another split, another set's: its checks are information only.
    let means = own_counts && row.counts_doubt.is_some();
    // A class's own figures (a per-class table's row): information only.
    let class_figures = row.figures_doubt.is_some();
    // A mean over folds no check here forms (caret's): the pooled check alone is one reading
    // of the figures, the other one unchecked.
    let unformed_folds = row.folds_made_by.is_some()
        && matches!(
            row.protocol,
            Some(Protocol::KFold { .. } | Protocol::RepeatedKFold { .. })
        );
    // A class with no item (a report's zero support) leaves its recall, precision and F1
    // undefined, printed as a library's placeholder (scikit-learn's `zero_division`): no
    // finding rests on them.
    let empty_class = p == 0 || n == 0;
    let finding = if stated
        && !empty_class
        && !means
        && !class_figures
        && !unformed_folds
        && !table_matrix_under_folds
        && !run.is_empty()
        && run.iter().all(|v| *v == "inconsistent")
        && robust()
    {
        format!(
            "inconsistent under every assumption the text allows, {}: {}",
            if row.printed {
                "its figures rounded to nearest as the program that printed them rounds"
            } else {
                "however its figures were rounded"
            },
            explanations.join("; ")
        )
    } else {
        String::new()
    };
    (verdicts, finding)
}

/// The row's scores printed as a value that a library prints where they are undefined: 0
/// (precision and NPV with nothing predicted in their class, F1 with no item of it, MCC and
/// markedness with one class predicted), or 1 for precision and NPV (scikit-learn's
/// `zero_division=1`): such a figure may be no value of the matrix.
fn library_placeholders(row: &Row) -> Vec<&'static str> {
    let one = if row.percent { 100.0 } else { 1.0 };
    row.scores
        .iter()
        .filter(|(score, value)| {
            let value = value.trim().parse::<f64>();
            matches!(
                *score,
                "ppv" | "npv" | "f1p" | "f1n" | "mcc" | "mk" | "fdr" | "for"
            ) && value.as_ref().is_ok_and(|v| *v == 0.0)
                || matches!(*score, "ppv" | "npv") && value.is_ok_and(|v| v == one)
        })
        .map(|(score, _)| *score)
        .collect()
}

/// The folds and repetitions of a row's k-fold protocol, as the scan's requests take them.
fn folds_of(row: &Row) -> Option<(u64, u64)> {
    match row.protocol {
        Some(Protocol::KFold { folds: Some(k) }) => Some((k, 1)),
        Some(Protocol::RepeatedKFold {
            folds: Some(k),
            repeats: Some(r),
        }) => Some((k, r)),
        _ => None,
    }
}
