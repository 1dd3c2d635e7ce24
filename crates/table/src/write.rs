//! Writing answered rows as CSV: every cell neutralised against formula injection, quoted
//! only where RFC 4180 needs it (the csv crate's writer), each record ending in `\n`.

use std::borrow::Cow;
use std::io::Write;

/// Writes one record (the output header or an answered row) and its `\n` to `out`, every
/// cell neutralised ([`neutralised`]); the caller flushes.
///
/// # Errors
///
/// A failed write.
pub fn write_record<W: Write>(out: &mut W, cells: &[String]) -> std::io::Result<()> {
    let mut writer = csv::WriterBuilder::new()
        .buffer_capacity(1 << 10)
        .from_writer(out);
    writer
        .write_record(cells.iter().map(|cell| neutralised(cell).into_owned()))
        .map_err(|e| match e.into_kind() {
            csv::ErrorKind::Io(io) => io,
            other => std::io::Error::other(format!("{other:?}")),
        })?;
    writer.flush()
}

/// One record as [`write_record`] writes it, without its `\n`.
///
/// ```
/// let line = scorecheck_table::csv_record(&["a,b".into(), "=1+1".into(), "-0.5".into()]);
/// assert_eq!(line, "\"a,b\",'=1+1,-0.5");
/// ```
pub fn csv_record(cells: &[String]) -> String {
    let mut bytes = Vec::new();
    // Writing to memory does not fail, and every cell is valid UTF-8 (a String).
    if write_record(&mut bytes, cells).is_err() {
        return String::new();
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    }
    String::from_utf8(bytes).unwrap_or_default()
}

/// A cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or
/// carriage return) behind a leading `'`, as OWASP advises; a cell that is entirely a
/// decimal number (`-0.5`, `+1e-3`) is data and stays as it is.
///
/// ```
/// use scorecheck_table::neutralised;
/// assert_eq!(neutralised("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
/// assert_eq!(neutralised("-1e-3"), "-1e-3");
/// assert_eq!(neutralised("0.95"), "0.95");
/// ```
pub fn neutralised(cell: &str) -> Cow<'_, str> {
    match cell.as_bytes().first() {
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r') if !is_decimal(cell) => {
            Cow::Owned(format!("'{cell}"))
        }
        _ => Cow::Borrowed(cell),
    }
}

/// `[+-]digits[.digits][e[+-]digits]` (or `.digits`), nothing else.
fn is_decimal(text: &str) -> bool {
    let text = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e.strip_prefix(['+', '-']).unwrap_or(e))),
        None => (text, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    (!whole.is_empty() || !fraction.is_empty())
        && digits(whole)
        && digits(fraction)
        && exponent.is_none_or(|e| !e.is_empty() && digits(e))
}
