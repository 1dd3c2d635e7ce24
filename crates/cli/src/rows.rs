//! Reading the rows of a CSV or JSON Lines file one at a time, for `eval` and `cbpe`.
//!
//! Only the columns a command asks for are kept, as text for the length of one row: the
//! caller parses each cell into its own typed column (f64, bool, class index), so memory
//! grows by a few bytes per row, never by a string per cell. A column asked for that the
//! file gives twice (a CSV header or a JSON key) is an error naming it, as are a CSV row
//! with another number of fields than its header, an unclosed quote and a line longer
//! than [`MAX_LINE_BYTES`]. Reading watches the command's `--time-limit`.

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

/// The longest line read (1 MiB): a row of model outputs is far shorter, and a file with
/// no line breaks must not be read whole into one line.
pub(crate) const MAX_LINE_BYTES: u64 = 1 << 20;

/// How many rows are read between two looks at the clock.
const ROWS_BETWEEN_CLOCK_READS: usize = 1 << 14;

/// How many bytes of lines are read between two looks at the clock, however few rows they
/// are (16,384 rows of up to 1 MiB each would be 16 GiB between two looks).
const BYTES_BETWEEN_CLOCK_READS: usize = 16 << 20;

/// The default `--time-limit` of `eval` and `cbpe`, in seconds.
pub(crate) const DEFAULT_TIME_LIMIT_SECONDS: f64 = 600.0;

/// What a command does with each row: its place and the cells of its columns.
pub(crate) type OnRow<'a> = dyn FnMut(&Place<'_>, &[Option<String>]) -> anyhow::Result<()> + 'a;

/// A column the command reads: its name, the flag that names it, and whether every row
/// must have it.
pub(crate) struct Column<'a> {
    pub name: &'a str,
    pub flag: &'a str,
    pub required: bool,
}

/// Whether a header (or key) `other` looks like a misspelling of the column `name`: the
/// same but for case, spaces, hyphens and underscores, or (names of five letters or more)
/// within two edits (`y_ture` for `y_true`). An optional column missing beside such a
/// column is an error, not silently absent.
fn close_to(other: &str, name: &str) -> bool {
    let squeezed = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    other != name
        && (squeezed(other) == squeezed(name)
            || (name.chars().count() >= 5 && edit_distance(other, name) <= 2))
}

/// The optional column `column` is missing; `present` is a header or key given instead.
fn near_miss_error(column: &Column<'_>, present: &str) -> String {
    format!(
        "no column {:?} ({}), but {present:?} is close to it: if it holds those values, name it with {} (or rename it); if not, rename it so that it cannot be taken for {:?}",
        column.name, column.flag, column.flag, column.name
    )
}

/// Levenshtein distance, for suggesting a known name for a misspelt one.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

/// Where a row is, for error messages: file, line (or array element) and row number.
pub(crate) struct Place<'a> {
    path: &'a Path,
    line: usize,
    element: bool,
    /// 1-based among the data rows.
    pub row: usize,
}

impl Place<'_> {
    /// "FILE line 3 (row 2), column "score"".
    pub(crate) fn at(&self, column: &str) -> String {
        format!("{self}, column {column:?}")
    }
}

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.element {
            write!(f, "{} element {}", self.path.display(), self.line)
        } else {
            write!(
                f,
                "{} line {} (row {})",
                self.path.display(),
                self.line,
                self.row
            )
        }
    }
}

/// Work cut short by `--time-limit`: the command prints no result and exits with status 3.
#[derive(Debug)]
pub(crate) struct Stopped(pub String);

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Stopped {}

/// The wall-clock budget of one command (`--time-limit`).
#[derive(Clone, Copy)]
pub(crate) struct Deadline {
    at: Instant,
    seconds: f64,
}

impl Deadline {
    /// `--time-limit SECONDS` from now, validated as `check`'s flag is.
    pub(crate) fn new(seconds: f64) -> anyhow::Result<Deadline> {
        let limit: Duration = scorecheck::time_limit(seconds, "--time-limit")?;
        // A limit beyond what the clock can hold never passes.
        let at = Instant::now()
            .checked_add(limit)
            .unwrap_or_else(|| Instant::now() + Duration::from_secs(u64::from(u32::MAX)));
        Ok(Deadline { at, seconds })
    }

    /// Whether the time is up.
    pub(crate) fn passed(&self) -> bool {
        Instant::now() >= self.at
    }

    /// A test of the deadline that engines can hold (they read no clock themselves).
    pub(crate) fn hook(&self) -> impl Fn() -> bool + Send + Sync + 'static {
        let at = self.at;
        move || Instant::now() >= at
    }

    /// The error of work cut short while `doing`, having done `done`.
    pub(crate) fn stopped(&self, doing: &str, done: &str) -> anyhow::Error {
        anyhow::Error::new(Stopped(format!(
            "stopped by --time-limit ({} s) while {doing}, after {done}; no result is printed: raise --time-limit or ask for less work",
            self.seconds
        )))
    }

    /// `Err(Stopped)` when the time is up.
    pub(crate) fn check(&self, doing: &str, done: impl FnOnce() -> String) -> anyhow::Result<()> {
        if self.passed() {
            return Err(self.stopped(doing, &done()));
        }
        Ok(())
    }
}

/// The two layouts a file of rows may have.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// A header row, then one row per line.
    Csv,
    /// One JSON object per line, or one JSON array of objects.
    Json,
}

/// The first byte of what `reader` holds that is not white space (a byte order mark
/// skipped), looked at without consuming it, to tell JSON (`{`, `[`) from CSV by content:
/// a pipe is read once.
fn first_byte(reader: &mut impl BufRead, path: &Path) -> anyhow::Result<Option<u8>> {
    let head = reader
        .fill_buf()
        .map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?;
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    Ok(head.iter().copied().find(|b| !b.is_ascii_whitespace()))
}

/// Splits one CSV line into trimmed fields, with double-quoted fields ("" is a quote inside
/// quotes).
///
/// # Errors
///
/// A quote left open at the end of the line (quoted fields cannot span lines here).
pub(crate) fn csv_fields(line: &str) -> anyhow::Result<Vec<String>> {
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
        bail!("a quoted field is not closed on this line (quoted fields cannot span lines); close the quote");
    }
    fields.push(field);
    Ok(fields.into_iter().map(|f| f.trim().to_string()).collect())
}

/// Reads the lines of a file, each at most [`MAX_LINE_BYTES`], as UTF-8 without the line
/// break; the first without a byte order mark.
struct Lines<R> {
    reader: R,
    number: usize,
    buffer: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    fn next_line(&mut self, path: &Path) -> anyhow::Result<Option<(usize, &str)>> {
        self.buffer.clear();
        let read = (&mut self.reader)
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut self.buffer)
            .map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        let line = self.number;
        if self.buffer.len() as u64 > MAX_LINE_BYTES {
            bail!(
                "{} line {line}: longer than {MAX_LINE_BYTES} bytes; give one row per line",
                path.display()
            );
        }
        let mut bytes = self.buffer.as_slice();
        if line == 1 {
            bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        }
        let text = std::str::from_utf8(bytes).map_err(|e| {
            anyhow!(
                "{} line {line}: not UTF-8 (at byte {}); save the file as UTF-8",
                path.display(),
                e.valid_up_to()
            )
        })?;
        Ok(Some((line, text.trim_end_matches(['\n', '\r']))))
    }
}

/// Calls `on_row` with the cells of `columns` (in that order; `None` where a row lacks an
/// optional column, or a JSON value is null) for every data row of `path`, in order, and
/// returns the number of rows.
///
/// # Errors
///
/// The file cannot be read; a required column is missing (naming its flag); a column asked
/// for is given twice; a CSV row has another number of fields than the header; a JSON row
/// is not an object, or a value asked for is an array or object; `on_row` fails; or the
/// deadline passes ([`Stopped`]).
pub(crate) fn read_rows(
    path: &Path,
    layout: Option<Layout>,
    columns: &[Column<'_>],
    deadline: &Deadline,
    on_row: &mut OnRow<'_>,
) -> anyhow::Result<usize> {
    // `-` is standard input; a file or a pipe is opened once and read once.
    let input: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        Box::new(File::open(path).map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?)
    };
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let first = first_byte(&mut reader, path)?;
    let layout = layout.unwrap_or(match first {
        Some(b'{' | b'[') => Layout::Json,
        _ => Layout::Csv,
    });
    let mut lines = Lines {
        reader,
        number: 0,
        buffer: Vec::new(),
    };
    let rows = match layout {
        Layout::Csv => read_csv(path, &mut lines, columns, deadline, on_row)?,
        Layout::Json => {
            let array = first == Some(b'[');
            if array {
                let mut reader = lines.reader;
                let bom = reader
                    .fill_buf()
                    .map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?
                    .starts_with(b"\xef\xbb\xbf");
                if bom {
                    reader.consume(3);
                }
                read_json_array(path, reader, columns, deadline, on_row)?
            } else {
                read_json_lines(path, &mut lines, columns, deadline, on_row)?
            }
        }
    };
    Ok(rows)
}

fn reading(path: &Path) -> String {
    format!("reading {}", path.display())
}

fn read_csv<R: BufRead>(
    path: &Path,
    lines: &mut Lines<R>,
    columns: &[Column<'_>],
    deadline: &Deadline,
    on_row: &mut OnRow<'_>,
) -> anyhow::Result<usize> {
    let header = loop {
        match lines.next_line(path)? {
            None => bail!(
                "{}: the file is empty; give a header row, then one row per sample",
                path.display()
            ),
            Some((_, line)) if line.trim().is_empty() => continue,
            Some((number, line)) => {
                break csv_fields(line)
                    .with_context(|| format!("{} line {number}", path.display()))?
            }
        }
    };
    let mut positions = Vec::with_capacity(columns.len());
    for column in columns {
        let found: Vec<usize> = header
            .iter()
            .enumerate()
            .filter(|(_, h)| *h == column.name)
            .map(|(i, _)| i + 1)
            .collect();
        match found.as_slice() {
            [] if column.required => {
                // `label;score` as one column: another separator than the comma.
                let separator = [';', '\t', '|']
                    .into_iter()
                    .find(|c| header.len() == 1 && header[0].contains(*c));
                let hint = separator.map_or(String::new(), |c| {
                    format!(" (the header is one column holding {c:?}: the file is read as comma-separated; save it with commas)")
                });
                bail!(
                    "{}: no column {:?} in the header (columns: {}){hint}; name it with {}",
                    path.display(),
                    column.name,
                    header.join(", "),
                    column.flag
                )
            }
            [] => {
                if let Some(present) = header.iter().find(|h| close_to(h, column.name)) {
                    bail!("{}: {}", path.display(), near_miss_error(column, present));
                }
                positions.push(None);
            }
            [at] => positions.push(Some(at - 1)),
            [first, second, ..] => bail!(
                "{}: the header gives column {:?} twice (fields {first} and {second}); rename or remove one, or name another column with {}",
                path.display(),
                column.name,
                column.flag
            ),
        }
    }
    let mut rows = 0;
    let mut cells: Vec<Option<String>> = vec![None; columns.len()];
    let mut bytes_since_clock = 0usize;
    while let Some((line, text)) = lines.next_line(path)? {
        if text.trim().is_empty() {
            continue;
        }
        rows += 1;
        let place = Place {
            path,
            line,
            element: false,
            row: rows,
        };
        bytes_since_clock += text.len();
        if rows % ROWS_BETWEEN_CLOCK_READS == 0 || bytes_since_clock >= BYTES_BETWEEN_CLOCK_READS {
            bytes_since_clock = 0;
            deadline.check(&reading(path), || format!("{} rows", rows - 1))?;
        }
        let mut fields = csv_fields(text).with_context(|| place.to_string())?;
        if fields.len() != header.len() {
            bail!(
                "{place}: {} fields but the header has {}; give one value per column (quote a value that holds a comma)",
                fields.len(),
                header.len()
            );
        }
        for (cell, at) in cells.iter_mut().zip(&positions) {
            *cell = at.map(|at| std::mem::take(&mut fields[at]));
        }
        on_row(&place, &cells)?;
    }
    Ok(rows)
}

/// The cells of one JSON object: the values of the columns asked for, as text.
struct RowSeed<'a> {
    columns: &'a [Column<'a>],
}

impl<'de> DeserializeSeed<'de> for RowSeed<'_> {
    type Value = Vec<Option<String>>;

    fn deserialize<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for RowSeed<'_> {
    type Value = Vec<Option<String>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object, one per sample")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut cells: Vec<Option<String>> = vec![None; self.columns.len()];
        let mut seen = vec![false; self.columns.len()];
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            let Some(at) = self.columns.iter().position(|c| c.name == key) else {
                if let Some(column) = self
                    .columns
                    .iter()
                    .find(|c| !c.required && close_to(&key, c.name))
                {
                    return Err(de::Error::custom(near_miss_error(column, &key)));
                }
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            if std::mem::replace(&mut seen[at], true) {
                return Err(de::Error::custom(format!(
                    "key {key:?} given twice in one object (keep one)"
                )));
            }
            // A number keeps its text as written (`0.30000000000000000001` is not `0.3`).
            let raw = map.next_value::<Box<serde_json::value::RawValue>>()?;
            let text = raw.get().trim();
            cells[at] = match serde_json::from_str::<Value>(text).map_err(de::Error::custom)? {
                Value::Null => None,
                Value::String(s) => Some(s),
                Value::Bool(b) => Some(b.to_string()),
                Value::Number(_) => Some(text.to_string()),
                Value::Array(_) | Value::Object(_) => {
                    return Err(de::Error::custom(format!(
                        "key {key:?} holds an array or object (give a number or a label)"
                    )))
                }
            };
        }
        Ok(cells)
    }
}

/// Checks the required cells of a JSON row.
fn required_present(
    place: &Place<'_>,
    columns: &[Column<'_>],
    cells: &[Option<String>],
) -> anyhow::Result<()> {
    for (column, cell) in columns.iter().zip(cells) {
        if column.required && cell.is_none() {
            bail!(
                "{place}: key {:?} is missing or null; give it on every row, or name another key with {}",
                column.name,
                column.flag
            );
        }
    }
    Ok(())
}

fn read_json_lines<R: BufRead>(
    path: &Path,
    lines: &mut Lines<R>,
    columns: &[Column<'_>],
    deadline: &Deadline,
    on_row: &mut OnRow<'_>,
) -> anyhow::Result<usize> {
    let mut rows = 0;
    let mut bytes_since_clock = 0usize;
    while let Some((line, text)) = lines.next_line(path)? {
        if text.trim().is_empty() {
            continue;
        }
        rows += 1;
        let place = Place {
            path,
            line,
            element: false,
            row: rows,
        };
        bytes_since_clock += text.len();
        if rows % ROWS_BETWEEN_CLOCK_READS == 0 || bytes_since_clock >= BYTES_BETWEEN_CLOCK_READS {
            bytes_since_clock = 0;
            deadline.check(&reading(path), || format!("{} rows", rows - 1))?;
        }
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let cells = RowSeed { columns }
            .deserialize(&mut deserializer)
            .and_then(|cells| deserializer.end().map(|()| cells))
            .map_err(|e| anyhow!("{place}: {e}"))?;
        required_present(&place, columns, &cells)?;
        on_row(&place, &cells)?;
    }
    Ok(rows)
}

/// The elements of a top-level JSON array, each handed to `on_row` as it is read.
struct ArraySeed<'a, 'b, 'c> {
    path: &'a Path,
    columns: &'a [Column<'a>],
    deadline: &'a Deadline,
    on_row: &'b mut OnRow<'b>,
    failure: &'c mut Option<anyhow::Error>,
    /// The bytes read since the last element ended ([`Capped`]).
    since: &'a std::cell::Cell<u64>,
}

impl<'de> Visitor<'de> for ArraySeed<'_, '_, '_> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON array of objects, one per sample")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<usize, A::Error> {
        let mut rows = 0;
        loop {
            let place = Place {
                path: self.path,
                line: rows + 1,
                element: true,
                row: rows + 1,
            };
            let cells = match seq.next_element_seed(RowSeed {
                columns: self.columns,
            }) {
                Ok(Some(cells)) => {
                    // (The reader's buffer may hold the next element's first bytes: the
                    // cap is the element's and at most one buffer more.)
                    self.since.set(0);
                    cells
                }
                Ok(None) => return Ok(rows),
                Err(e) => {
                    *self.failure = Some(anyhow!("{place}: {e}"));
                    return Err(de::Error::custom("bad element"));
                }
            };
            rows += 1;
            let outcome = (|| {
                if rows % ROWS_BETWEEN_CLOCK_READS == 0 {
                    self.deadline
                        .check(&reading(self.path), || format!("{} rows", rows - 1))?;
                }
                required_present(&place, self.columns, &cells)?;
                (self.on_row)(&place, &cells)
            })();
            if let Err(e) = outcome {
                *self.failure = Some(e);
                return Err(de::Error::custom("bad element"));
            }
        }
    }
}

/// A reader that refuses to hand out more than [`MAX_LINE_BYTES`] between two resets of
/// `since` (one array element each): an element as long as a line may be, no longer.
struct Capped<R> {
    inner: R,
    since: std::rc::Rc<std::cell::Cell<u64>>,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.since.get() > MAX_LINE_BYTES {
            return Err(std::io::Error::other(format!(
                "an element is longer than {MAX_LINE_BYTES} bytes; give each sample as a short object"
            )));
        }
        let n = self.inner.read(buf)?;
        self.since.set(self.since.get() + n as u64);
        Ok(n)
    }
}

fn read_json_array<R: Read>(
    path: &Path,
    reader: R,
    columns: &[Column<'_>],
    deadline: &Deadline,
    on_row: &mut OnRow<'_>,
) -> anyhow::Result<usize> {
    let mut failure = None;
    let since = std::rc::Rc::new(std::cell::Cell::new(0));
    let reader = Capped {
        inner: reader,
        since: since.clone(),
    };
    let mut deserializer = serde_json::Deserializer::from_reader(reader);
    let seed = ArraySeed {
        path,
        columns,
        deadline,
        on_row,
        failure: &mut failure,
        since: &since,
    };
    let outcome = serde::Deserializer::deserialize_seq(&mut deserializer, seed)
        .and_then(|rows| deserializer.end().map(|()| rows));
    match (outcome, failure) {
        (_, Some(error)) => Err(error),
        (Ok(rows), None) => Ok(rows),
        (Err(e), None) => Err(anyhow!(
            "{}: the JSON array of samples does not parse ({e})",
            path.display()
        )),
    }
}
