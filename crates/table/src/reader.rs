//! Reading a CSV table one record at a time, in memory bounded per row: the separator
//! found on the header line, quotes tracked to the line they opened on.
//!
//! The csv crate reads records as well, but it cannot say where an unclosed quote opened,
//! nor stop a single record from growing without bound; this reader does both, and reads
//! the same dialect otherwise (RFC 4180 quoting, `""` for a quote inside a quoted cell, a
//! quote inside an unquoted cell kept as text, `\n` or `\r\n` ending a record, blank lines
//! skipped).

use std::io::{BufRead, Read};

/// The most bytes one record (the header or a row) may take; a longer row is an error
/// for that row, read past without being kept.
pub const MAX_ROW_BYTES: usize = 1 << 20;

/// The separators a header line may use.
const SEPARATORS: [(u8, &str); 3] = [(b',', "','"), (b';', "';'"), (b'\t', "tab")];

/// One record: its cells as bytes and the line it starts on (line 1 is the header).
pub(crate) struct Record {
    /// The cells, in order.
    pub(crate) cells: Vec<Vec<u8>>,
    /// The line the record starts on.
    pub(crate) first_line: u64,
    /// A quoted cell that spans lines: the lines its quote opened and closed on.
    pub(crate) multiline_quote: Option<(u64, u64)>,
}

/// A record that cannot be read; the reader goes on with the next one where there is one.
pub(crate) enum RecordError {
    /// The record is longer than [`MAX_ROW_BYTES`]; it was read past, not kept.
    TooLong {
        /// The line the record starts on.
        first_line: u64,
        /// The line it ends on.
        last_line: u64,
    },
    /// The input ends inside a quoted cell.
    UnclosedQuote {
        /// The line the record starts on.
        first_line: u64,
        /// The line the quote opened on.
        quote_line: u64,
        /// The last line of the input.
        last_line: u64,
        /// The cells before the quoted one.
        cells: Vec<Vec<u8>>,
    },
    /// Text follows a quoted cell's closing quote (`"q4"x`): the cell's value is not clear.
    TextAfterQuote {
        /// The line the record starts on.
        first_line: u64,
        /// The line of the text.
        line: u64,
        /// The 0-based index of the cell.
        column: usize,
        /// The record's cells as read (the cell with its text after the quote).
        cells: Vec<Vec<u8>>,
    },
    /// Reading failed.
    Io(std::io::Error),
}

/// `line 7`, or `lines 7-9`.
fn lines(first: u64, last: u64) -> String {
    if first == last {
        format!("line {first}")
    } else {
        format!("lines {first}-{last}")
    }
}

impl RecordError {
    /// The line the record starts on (`None` when reading failed).
    pub(crate) fn first_line(&self) -> Option<u64> {
        match self {
            RecordError::TooLong { first_line, .. }
            | RecordError::UnclosedQuote { first_line, .. }
            | RecordError::TextAfterQuote { first_line, .. } => Some(*first_line),
            RecordError::Io(_) => None,
        }
    }

    /// The message of a row error: what happened, where, and what to change.
    ///
    /// (`line 7` for one line, `lines 7-9` for several.)
    pub(crate) fn message(&self) -> String {
        match self {
            RecordError::TooLong {
                first_line,
                last_line,
            } => format!(
                "the row on {} is longer than {} MiB, the most one row may take; it was read past, not checked (a quote that never closes makes rows this long)",
                lines(*first_line, *last_line),
                MAX_ROW_BYTES >> 20
            ),
            RecordError::UnclosedQuote {
                quote_line,
                last_line,
                ..
            } => format!(
                "the quote opened at line {quote_line} never closes: {}, the rest of the table, were read as one cell; close the quote (a quote inside a quoted cell is written \"\")",
                lines(*quote_line, *last_line)
            ),
            RecordError::TextAfterQuote { line, column, cells, .. } => format!(
                "line {line}, column {}: text after the closing quote of a quoted cell ({}); quote the whole cell and write a quote inside it as \"\"",
                column + 1,
                String::from_utf8_lossy(cells.get(*column).map_or(&[][..], Vec::as_slice)),
            ),
            RecordError::Io(e) => format!("the table cannot be read: {e}"),
        }
    }
}

/// Where the parser is inside a record.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// At the start of a cell.
    CellStart,
    /// Inside an unquoted cell.
    Unquoted,
    /// Inside a quoted cell.
    Quoted,
    /// Just after a quote inside a quoted cell: the end of the quoting or the first of `""`.
    QuoteInQuoted,
    /// After a quoted cell's closing quote and blanks: only a separator or the line's end
    /// may come.
    AfterQuote,
}

/// Reads records from `input`, the separator found on the header line.
pub(crate) struct RecordReader<R> {
    input: R,
    separator: u8,
    /// The line the next byte is on.
    line: u64,
}

/// The separator of a header line: the one of comma, semicolon and tab used outside
/// quotes (a comma when none is: a one-column table).
///
/// # Errors
///
/// A message naming the separators when the line uses more than one.
pub(crate) fn separator_of(header_line: &[u8]) -> Result<u8, String> {
    let mut counts = [0usize; SEPARATORS.len()];
    let mut quoted = false;
    for &byte in header_line {
        if byte == b'"' {
            quoted = !quoted;
        } else if !quoted {
            if let Some(i) = SEPARATORS.iter().position(|(s, _)| *s == byte) {
                counts[i] += 1;
            }
        }
    }
    let used: Vec<usize> = (0..SEPARATORS.len()).filter(|&i| counts[i] > 0).collect();
    match used.as_slice() {
        [] => Ok(b','),
        [one] => Ok(SEPARATORS[*one].0),
        several => {
            let names: Vec<String> = several
                .iter()
                .map(|&i| match counts[i] {
                    1 => format!("{} (once)", SEPARATORS[i].1),
                    n => format!("{} ({n} times)", SEPARATORS[i].1),
                })
                .collect();
            Err(format!(
                "the header line separates its column names with {}: a table uses one separator (comma, semicolon or tab); use one, and quote a column name that contains another",
                names.join(" and ")
            ))
        }
    }
}

impl<R: BufRead> RecordReader<std::io::Chain<std::io::Cursor<Vec<u8>>, R>> {
    /// A reader of `input` whose separator is found on its first line (a UTF-8 byte
    /// order mark is dropped).
    ///
    /// # Errors
    ///
    /// A message when the first line cannot be read, is longer than [`MAX_ROW_BYTES`] or
    /// uses more than one separator.
    pub(crate) fn open(mut input: R) -> Result<Self, String> {
        let mut first = Vec::new();
        (&mut input)
            .take(MAX_ROW_BYTES as u64 + 1)
            .read_until(b'\n', &mut first)
            .map_err(|e| format!("cannot read the header row: {e}"))?;
        if first.len() > MAX_ROW_BYTES {
            return Err(format!(
                "the header line is longer than {} MiB; the first line names the columns (id, p, n, acc, ...)",
                MAX_ROW_BYTES >> 20
            ));
        }
        // A byte order mark, or several (files converted twice), before the header.
        while first.starts_with(b"\xef\xbb\xbf") {
            first.drain(..3);
        }
        // Lines ended by a bare CR (old Mac files) would read as one long header.
        if first
            .windows(2)
            .any(|pair| pair[0] == b'\r' && pair[1] != b'\n')
        {
            return Err(
                "the lines end in a bare CR (\\r, old Mac line endings); save the table with LF or CRLF line endings"
                    .to_string(),
            );
        }
        let separator = separator_of(&first)?;
        Ok(RecordReader {
            input: std::io::Cursor::new(first).chain(input),
            separator,
            line: 1,
        })
    }
}

impl<R: BufRead> RecordReader<R> {
    /// The separator in use.
    pub(crate) fn separator(&self) -> u8 {
        self.separator
    }

    /// The next record, `None` at the end of the input; blank lines are skipped.
    pub(crate) fn next_record(&mut self) -> Option<Result<Record, RecordError>> {
        loop {
            match self.read_record() {
                Ok(Some(record)) if record.cells.len() == 1 && record.cells[0].is_empty() => {}
                Ok(Some(record)) => return Some(Ok(record)),
                Ok(None) => return None,
                Err(e) => return Some(Err(e)),
            }
        }
    }

    /// One record, blank or not; `None` at the end of the input.
    fn read_record(&mut self) -> Result<Option<Record>, RecordError> {
        let first_line = self.line;
        let mut cells: Vec<Vec<u8>> = Vec::new();
        let mut cell: Vec<u8> = Vec::new();
        let mut state = State::CellStart;
        // A `\r` outside quotes, held until the next byte says whether it ends the line.
        let mut pending_cr = false;
        let mut quote_line = 0;
        let mut multiline_quote = None;
        let mut size = 0usize;
        let mut too_long = false;
        let mut any = false;
        let mut after_newline = false;
        // The line and cell of text after a closing quote: the record is an error.
        let mut text_after_quote: Option<(u64, usize)> = None;
        loop {
            let buffer = self.input.fill_buf().map_err(RecordError::Io)?;
            if buffer.is_empty() {
                if !any {
                    return Ok(None);
                }
                // The input's last line, not the empty one after its final newline.
                let last_line = if after_newline {
                    self.line - 1
                } else {
                    self.line
                };
                if state == State::Quoted {
                    return Err(RecordError::UnclosedQuote {
                        first_line,
                        quote_line,
                        last_line,
                        cells: if too_long { Vec::new() } else { cells },
                    });
                }
                if too_long {
                    return Err(RecordError::TooLong {
                        first_line,
                        last_line,
                    });
                }
                cells.push(cell);
                if let Some((line, column)) = text_after_quote {
                    return Err(RecordError::TextAfterQuote {
                        first_line,
                        line,
                        column,
                        cells,
                    });
                }
                return Ok(Some(Record {
                    cells,
                    first_line,
                    multiline_quote,
                }));
            }
            any = true;
            let mut used = 0;
            let mut ended = false;
            for &byte in buffer {
                used += 1;
                size += 1;
                if size > MAX_ROW_BYTES && !too_long {
                    too_long = true;
                    cells = Vec::new();
                    cell = Vec::new();
                }
                after_newline = byte == b'\n';
                if after_newline {
                    self.line += 1;
                }
                if pending_cr {
                    pending_cr = false;
                    if byte == b'\n' {
                        ended = true;
                        break;
                    }
                    if !too_long {
                        cell.push(b'\r');
                    }
                    state = State::Unquoted;
                }
                match state {
                    State::Quoted => {
                        if byte == b'"' {
                            state = State::QuoteInQuoted;
                        } else if !too_long {
                            cell.push(byte);
                        }
                    }
                    State::QuoteInQuoted if byte == b'"' => {
                        state = State::Quoted;
                        if !too_long {
                            cell.push(b'"');
                        }
                    }
                    State::CellStart if byte == b'"' => {
                        state = State::Quoted;
                        quote_line = self.line;
                    }
                    _ if byte == self.separator => {
                        if !too_long {
                            cells.push(std::mem::take(&mut cell));
                        }
                        state = State::CellStart;
                    }
                    _ if byte == b'\n' => {
                        ended = true;
                        break;
                    }
                    _ if byte == b'\r' => pending_cr = true,
                    State::QuoteInQuoted | State::AfterQuote if byte == b' ' || byte == b'\t' => {
                        state = State::AfterQuote;
                    }
                    State::QuoteInQuoted | State::AfterQuote => {
                        text_after_quote.get_or_insert((self.line, cells.len()));
                        state = State::Unquoted;
                        if !too_long {
                            cell.push(byte);
                        }
                    }
                    _ => {
                        state = State::Unquoted;
                        if !too_long {
                            cell.push(byte);
                        }
                    }
                }
                if state == State::QuoteInQuoted && quote_line < self.line {
                    multiline_quote = Some((quote_line, self.line));
                }
            }
            self.input.consume(used);
            if ended {
                if too_long {
                    return Err(RecordError::TooLong {
                        first_line,
                        last_line: self.line - 1,
                    });
                }
                cells.push(cell);
                if let Some((line, column)) = text_after_quote {
                    return Err(RecordError::TextAfterQuote {
                        first_line,
                        line,
                        column,
                        cells,
                    });
                }
                return Ok(Some(Record {
                    cells,
                    first_line,
                    multiline_quote,
                }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(text: &str) -> Vec<Result<Vec<String>, String>> {
        let mut reader =
            RecordReader::open(std::io::Cursor::new(text.as_bytes().to_vec())).unwrap();
        std::iter::from_fn(|| reader.next_record())
            .map(|r| {
                r.map(|r| {
                    r.cells
                        .iter()
                        .map(|c| String::from_utf8_lossy(c).into_owned())
                        .collect()
                })
                .map_err(|e| e.message())
            })
            .collect()
    }

    #[test]
    fn the_dialect_of_the_csv_crate() {
        let text = "a,b,c\r\n1,\"x,\"\"y\"\"\",z\n\n\"multi\nline\",2,\r\n4,5\"6,7";
        let got = records(text);
        let cells = |row: &[&str]| Ok(row.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(got[0], cells(&["a", "b", "c"]));
        assert_eq!(got[1], cells(&["1", "x,\"y\"", "z"]));
        assert_eq!(got[2], cells(&["multi\nline", "2", ""]));
        assert_eq!(got[3], cells(&["4", "5\"6", "7"]));
        assert_eq!(got.len(), 4);
    }

    #[test]
    fn the_separator_comes_from_the_header_line() {
        assert_eq!(separator_of(b"a;b;\"c,d\"\n"), Ok(b';'));
        assert_eq!(separator_of(b"a\tb\n"), Ok(b'\t'));
        assert_eq!(separator_of(b"acc\n"), Ok(b','));
        assert!(separator_of(b"a,b;c\n").is_err());
    }

    #[test]
    fn an_unclosed_quote_names_its_line_and_the_last_line() {
        let got = records("a,b\n1,2\n3,\"open\n4,5\n");
        assert_eq!(got.len(), 3);
        let message = got[2].clone().unwrap_err();
        assert!(
            message.contains("line 3 never closes: lines 3-4"),
            "{message}"
        );
    }

    #[test]
    fn text_after_a_closing_quote_is_an_error_naming_line_and_column() {
        let got = records("a,b\n\"q4\"x,1\n\"q5\" ,2\n3,\"4\"\"5\"\"\"6\n");
        assert_eq!(got.len(), 4);
        let message = got[1].clone().unwrap_err();
        assert!(
            message.contains("line 2, column 1") && message.contains("(q4x)"),
            "{message}"
        );
        // Blanks after the quote are nothing; `""` inside quotes is a quote.
        assert_eq!(got[2], Ok(vec!["q5".to_string(), "2".to_string()]));
        let message = got[3].clone().unwrap_err();
        assert!(message.contains("line 4, column 2"), "{message}");
    }

    #[test]
    fn a_carriage_return_inside_a_cell_is_kept() {
        let got = records("a,b\nx\ry,\"z\r\"\n");
        assert_eq!(got[1], Ok(vec!["x\ry".to_string(), "z\r".to_string()]));
    }
}
