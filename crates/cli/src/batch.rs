//! `scorecheck batch`: JSON Lines in, JSON Lines out, one answer per line, flushed as ready.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::EngineArgs;

/// Answers every line of `file` (or stdin) after the first `skip`, in order, on `jobs`
/// threads (see [`crate::ordered`]): the answers are written and flushed as soon as they and
/// every answer before them are ready.
///
/// Lines travel between threads in chunks: a line and the complete lines already read into
/// the input buffer behind it (at most [`CHUNK_LINES`]), so a file goes by hundreds of lines
/// per hand-off while a pipe that sends one line at a time still gets each answer before it
/// sends the next (a chunk never waits for input that has not arrived). Handing lines over
/// one by one cost more in thread wake-ups than two cores gained.
pub fn run(file: Option<&Path>, skip: u64, jobs: usize, engine: &EngineArgs) -> anyhow::Result<()> {
    let options = Arc::new(engine.options()?);
    let input: Box<dyn Read + Send> = match file {
        Some(path) if path.as_os_str() != "-" => Box::new(open_input(path)?),
        _ => Box::new(std::io::stdin()),
    };
    let lines = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let chunks = Chunks {
        reader: BufReader::with_capacity(1 << 16, input),
        skip,
        read: 0,
        lines: Arc::clone(&lines),
        failed: None,
        in_long_line: false,
    };
    let gate = Arc::new(Gate::default());
    let work: crate::ordered::Work<std::io::Result<Vec<Line>>, std::io::Result<Vec<u8>>> =
        Arc::new(move |chunk| {
            let mut text = Vec::new();
            for line in chunk? {
                let weight = match &line {
                    Line::Text(bytes) => bytes.len(),
                    Line::TooLong(_) => 0,
                };
                let pass = gate.enter(weight);
                let record = answer(&line, &options);
                drop(pass);
                // Straight into bytes: Value's Display goes through fmt::Write, twice as slow.
                write_record(&mut text, &line, record)?;
                text.push(b'\n');
            }
            Ok(text)
        });
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let written = crate::ordered::in_order(chunks, jobs, chunk_bytes, work, |answers| {
        // Flush every chunk, so that killing a long batch loses no answered line.
        out.write_all(&answers?).and_then(|()| out.flush())
    });
    said_skip_past_end(
        skip,
        lines.load(std::sync::atomic::Ordering::Relaxed),
        "lines",
    );
    match written {
        Ok(()) => Ok(()),
        // The reader has gone (`scorecheck batch ... | head -1`): nobody wants the rest.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// The bytes of a chunk's lines (the read-ahead's measure; a line read past weighs nothing).
fn chunk_bytes(chunk: &std::io::Result<Vec<Line>>) -> usize {
    let lines = chunk.as_ref().map_or(&[][..], Vec::as_slice);
    let size = |line: &Line| match line {
        Line::Text(text) => text.len(),
        Line::TooLong(_) => 0,
    };
    lines.iter().map(size).sum()
}

/// The input file at `path`, opened; an error naming it when it cannot be, or is a folder
/// (which opens, and fails only when read, with no name).
pub(crate) fn open_input(path: &Path) -> anyhow::Result<std::fs::File> {
    let file = std::fs::File::open(path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        anyhow::bail!(
            "cannot read {}: a folder, not a file; give the input file",
            path.display()
        );
    }
    Ok(file)
}

/// Most bytes of request text being answered at once, on all threads together (one line of
/// any size always goes). A request costs about a hundred times its text once read and
/// built (1.8 MB of explicit folds: 170 MB), so the read-ahead's bound on bytes of text
/// alone let `--jobs 16` hold 2.8 GB where one thread held 0.3 GB; with this gate big lines
/// take turns and the peak stays near one thread's.
const ANSWERING_BYTES: usize = 4 << 20;

/// Lines shorter than this skip the gate: together they cannot weigh much, and they are
/// the lines whose answering is quick enough for a lock to show.
const UNGATED_BYTES: usize = 16 << 10;

/// The semaphore of [`ANSWERING_BYTES`].
#[derive(Default)]
struct Gate {
    answering: std::sync::Mutex<usize>,
    freed: std::sync::Condvar,
}

/// Leave to answer a line of `weight` bytes; its weight is given back when dropped.
struct Pass<'a> {
    gate: &'a Gate,
    weight: usize,
}

impl Gate {
    /// Waits until a line of `weight` bytes fits beside the lines being answered (or none
    /// is).
    fn enter(&self, weight: usize) -> Pass<'_> {
        if weight < UNGATED_BYTES {
            return Pass {
                gate: self,
                weight: 0,
            };
        }
        let mut answering = self.answering.lock().unwrap_or_else(|e| e.into_inner());
        while *answering > 0 && answering.saturating_add(weight) > ANSWERING_BYTES {
            answering = self
                .freed
                .wait(answering)
                .unwrap_or_else(|e| e.into_inner());
        }
        *answering += weight;
        Pass { gate: self, weight }
    }
}

impl Drop for Pass<'_> {
    fn drop(&mut self) {
        if self.weight == 0 {
            return;
        }
        let mut answering = self
            .gate
            .answering
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        *answering -= self.weight;
        drop(answering);
        self.gate.freed.notify_all();
    }
}

/// Most lines handed to a worker at once.
pub const CHUNK_LINES: usize = 64;

/// Most bytes of request text in one chunk (beyond its first line).
const CHUNK_BYTES: usize = 1 << 20;

/// Longest request a line (or `check`'s file) may hold (the facade's cap).
pub use scorecheck::MAX_REQUEST_BYTES;

/// One input line: its bytes, or the length of a line past [`MAX_REQUEST_BYTES`], which is
/// read past without being kept.
#[derive(Debug, PartialEq)]
enum Line {
    Text(Vec<u8>),
    TooLong(u64),
}

/// The input's lines (after the first `skip`) in chunks of the lines already buffered.
struct Chunks {
    reader: BufReader<Box<dyn Read + Send>>,
    skip: u64,
    /// Lines read so far, skipped ones included.
    read: u64,
    /// The same count, for the caller once the input is done.
    lines: Arc<std::sync::atomic::AtomicU64>,
    /// A read error met after the lines of a chunk, given out after that chunk; once given
    /// out, an empty `Some` ends the input.
    failed: Option<Option<std::io::Error>>,
    /// The line given out as too long goes on: its rest is read past before the next line.
    in_long_line: bool,
}

impl Chunks {
    /// The next line without its `\n`; `None` at the end of the input. A line past
    /// [`MAX_REQUEST_BYTES`] is read to its end but not kept.
    fn line(&mut self) -> Option<std::io::Result<Line>> {
        // The rest of a line already answered as too long (a line that never ends, as
        // `/dev/zero`, is answered once its first 16 MiB are read, not never).
        while self.in_long_line {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if buffer.is_empty() {
                return None;
            }
            let (part, ends) = match buffer.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buffer.len(), false),
            };
            self.reader.consume(part);
            self.in_long_line = !ends;
        }
        let mut line = Vec::new();
        let mut length = 0u64;
        let mut read_any = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if buffer.is_empty() {
                break;
            }
            read_any = true;
            let (part, ends) = match buffer.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (buffer.len(), false),
            };
            length += part as u64;
            if length <= MAX_REQUEST_BYTES as u64 {
                line.extend_from_slice(&buffer[..part]);
            } else {
                line = Vec::new();
            }
            self.reader.consume(part + usize::from(ends));
            if ends {
                break;
            }
            if length > MAX_REQUEST_BYTES as u64 {
                self.in_long_line = true;
                break;
            }
        }
        if !read_any {
            return None;
        }
        self.read += 1;
        self.lines
            .store(self.read, std::sync::atomic::Ordering::Relaxed);
        Some(Ok(if length > MAX_REQUEST_BYTES as u64 {
            Line::TooLong(length)
        } else {
            Line::Text(line)
        }))
    }
}

impl Iterator for Chunks {
    type Item = std::io::Result<Vec<Line>>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(failed) = &mut self.failed {
            return failed.take().map(Err);
        }
        let mut chunk = Vec::new();
        let mut bytes = 0usize;
        loop {
            // The first line may wait for input; the others only come from the buffer. A
            // chunk of long lines ends at CHUNK_BYTES: chunks in flight are a few per thread,
            // and 64 lines of a megabyte each would make that gigabytes on many cores.
            if !chunk.is_empty()
                && (chunk.len() == CHUNK_LINES
                    || bytes >= CHUNK_BYTES
                    || !self.reader.buffer().contains(&b'\n'))
            {
                return Some(Ok(chunk));
            }
            match self.line() {
                None => {
                    self.failed = Some(None);
                    return (!chunk.is_empty()).then_some(Ok(chunk));
                }
                Some(Err(e)) if chunk.is_empty() => {
                    self.failed = Some(None);
                    return Some(Err(e));
                }
                Some(Err(e)) => {
                    self.failed = Some(Some(e));
                    return Some(Ok(chunk));
                }
                Some(Ok(line)) => {
                    if self.read > self.skip {
                        bytes += match &line {
                            Line::Text(text) => text.len(),
                            Line::TooLong(_) => 0,
                        };
                        chunk.push(line);
                    }
                }
            }
        }
    }
}

/// Writes a line's record with its `id` as the line wrote it (see
/// [`scorecheck::record_text`]).
fn write_record(out: &mut Vec<u8>, line: &Line, record: Value) -> std::io::Result<()> {
    match line {
        Line::Text(bytes) => {
            let text = String::from_utf8_lossy(bytes);
            out.extend_from_slice(scorecheck::record_text(&text, record).as_bytes());
            Ok(())
        }
        Line::TooLong(_) => serde_json::to_writer(out, &record).map_err(std::io::Error::from),
    }
}

/// The output record of one input line (the line is read once: its `id` comes from the
/// same reading as its answer).
fn answer(line: &Line, options: &scorecheck::RunOptions) -> Value {
    let line = match line {
        Line::Text(line) => line,
        Line::TooLong(_) => {
            let error =
                scorecheck::check_request_size(MAX_REQUEST_BYTES + 1).expect_err("past the cap");
            return json!({ "error": error.to_json() });
        }
    };
    let text = match std::str::from_utf8(line) {
        Ok(text) => text.trim_end_matches('\r'),
        Err(e) => {
            // The id may still be readable where the bad bytes are elsewhere in the line.
            let id = serde_json::from_str::<Value>(&String::from_utf8_lossy(line))
                .ok()
                .and_then(|v| v.get("id").cloned())
                .filter(|id| {
                    id.is_number() || id.as_str().is_some_and(|s| !s.contains('\u{fffd}'))
                });
            return error_record(
                id,
                "invalid_json",
                &format!(
                    "the line is not valid UTF-8 (byte {} is not); save the file as UTF-8",
                    e.valid_up_to() + 1
                ),
                None,
            );
        }
    };
    if text.trim().is_empty() {
        return error_record(
            None,
            "invalid_json",
            "the line is empty; give one JSON request per line",
            None,
        );
    }
    // A panic would be a bug; contain it to its line so the batch goes on.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        scorecheck::run_text_with_id(text, options)
    }));
    let (id, mut record) = match result {
        Ok((id, Ok(value))) => (id, value),
        Ok((id, Err(error))) => {
            let mut error = error.to_json();
            // A line is one request: the JSON reader's "line 1" is this line, not the file's
            // first (the record's place in the output is the line's).
            if let Some(Value::String(message)) = error.get_mut("message") {
                *message = message.replace(" at line 1 column ", " at column ");
                // A table's line read as JSON Lines (stdin, a `.txt` file): said how to read it.
                let start = text.trim_start();
                if !start.starts_with(['{', '[', '"'])
                    && start.contains([',', ';', '\t'])
                    && message.starts_with("the request is not valid JSON")
                {
                    message.push_str("; this line looks like a row of a CSV table: give --input-format csv (a FILE ending in .csv, .tsv or .tab is read as one)");
                }
            }
            (id, json!({ "error": error }))
        }
        Err(_) => (
            None,
            error_record(
                None,
                "internal",
                "internal error while answering this line (a bug: please report the line)",
                None,
            ),
        ),
    };
    if let (Some(id), Value::Object(map)) = (id, &mut record) {
        // serde_json's map keeps its keys sorted, so `id` takes its place among them.
        map.insert("id".into(), id);
    }
    record
}

fn error_record(id: Option<Value>, kind: &str, message: &str, field: Option<&str>) -> Value {
    let mut record = json!({ "error": { "kind": kind, "message": message, "field": field } });
    if let Some(id) = id {
        record["id"] = id;
    }
    record
}

/// Says on stderr that `--skip` passed every one of the input's `count` rows or lines
/// (`what`), so that an empty output is not taken for a batch that answered.
pub(crate) fn said_skip_past_end(skip: u64, count: u64, what: &str) {
    if skip > 0 && count <= skip {
        say!(
            "scorecheck batch: the input has {count} {what} and --skip {skip} passes them all: nothing answered"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Input that arrives in the given pieces, one per read, then fails if `fail` is set.
    struct Pieces {
        pieces: std::collections::VecDeque<Vec<u8>>,
        fail: bool,
    }

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match self.pieces.pop_front() {
                Some(mut piece) => {
                    // A piece larger than the reader's buffer arrives over several reads.
                    let n = piece.len().min(buf.len());
                    buf[..n].copy_from_slice(&piece[..n]);
                    if n < piece.len() {
                        self.pieces.push_front(piece.split_off(n));
                    }
                    Ok(n)
                }
                None if self.fail => Err(std::io::Error::other("the disk went away")),
                None => Ok(0),
            }
        }
    }

    fn chunks(pieces: &[&str], skip: u64, fail: bool) -> Vec<Result<Vec<String>, String>> {
        let input = Pieces {
            pieces: pieces.iter().map(|p| p.as_bytes().to_vec()).collect(),
            fail,
        };
        Chunks {
            reader: BufReader::new(Box::new(input)),
            skip,
            read: 0,
            lines: Arc::default(),
            failed: None,
            in_long_line: false,
        }
        .map(|c| {
            c.map(|lines| {
                lines
                    .into_iter()
                    .map(|l| match l {
                        Line::Text(l) => String::from_utf8(l).unwrap(),
                        Line::TooLong(n) => format!("<{n} bytes>"),
                    })
                    .collect()
            })
            .map_err(|e| e.to_string())
        })
        .collect()
    }

    #[test]
    fn big_lines_take_turns_at_the_gate_small_ones_and_a_lone_giant_pass() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let gate = Gate::default();
        let (now, most) = (AtomicUsize::new(0), AtomicUsize::new(0));
        // Six lines of 3 MiB on six threads: no two fit under ANSWERING_BYTES together.
        std::thread::scope(|scope| {
            for _ in 0..6 {
                scope.spawn(|| {
                    let _pass = gate.enter(3 << 20);
                    let inside = now.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(inside, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(5));
                    now.fetch_sub(1, Ordering::SeqCst);
                });
            }
        });
        assert_eq!(most.load(Ordering::SeqCst), 1);
        // While a line past the whole budget is answered, small lines still go.
        let giant = gate.enter(ANSWERING_BYTES * 4);
        let small = gate.enter(UNGATED_BYTES - 1);
        drop((small, giant));
        assert_eq!(*gate.answering.lock().unwrap(), 0);
    }

    #[test]
    fn a_chunk_takes_the_lines_already_read_and_never_waits_for_more() {
        // Each read brings what a pipe would: the chunks follow the reads, and a line not
        // yet complete in the buffer ("e", until the end of the input) starts a new chunk.
        assert_eq!(
            chunks(&["a\nb\n", "c\n", "d\ne"], 0, false),
            vec![
                Ok(vec!["a".into(), "b".into()]),
                Ok(vec!["c".into()]),
                Ok(vec!["d".into()]),
                Ok(vec!["e".into()]),
            ]
        );
    }

    #[test]
    fn chunks_hold_at_most_chunk_lines_and_skip_counts_every_line() {
        let text: String = (0..200).map(|i| format!("{i}\n")).collect();
        let got = chunks(&[&text], 10, false);
        let lens: Vec<usize> = got.iter().map(|c| c.as_ref().unwrap().len()).collect();
        assert!(lens.iter().all(|&l| l <= CHUNK_LINES), "{lens:?}");
        let all: Vec<String> = got.into_iter().flat_map(Result::unwrap).collect();
        assert_eq!(all, (10..200).map(|i| i.to_string()).collect::<Vec<_>>());
    }

    #[test]
    fn a_line_past_the_request_cap_is_read_past_not_kept() {
        let long = "x".repeat(MAX_REQUEST_BYTES + 10);
        let text = format!("a\n{long}\nb");
        // Pieces of 1 MiB, as a pipe would bring them.
        let pieces: Vec<&str> = text
            .as_bytes()
            .chunks(1 << 20)
            .map(|c| std::str::from_utf8(c).unwrap())
            .collect();
        let all: Vec<String> = chunks(&pieces, 0, false)
            .into_iter()
            .flat_map(Result::unwrap)
            .collect();
        // Answered once past the cap (a line that never ends is answered too), its rest
        // read past.
        assert_eq!(all.len(), 3, "{:?}", &all[..all.len().min(3)]);
        assert_eq!((all[0].as_str(), all[2].as_str()), ("a", "b"));
        assert!(all[1].starts_with('<') && all[1].ends_with(" bytes>"));
        let record = answer(&Line::TooLong(17 << 20), &scorecheck::RunOptions::default());
        assert_eq!(record["error"]["kind"], "invalid_json");
        assert!(record["error"]["message"]
            .as_str()
            .unwrap()
            .contains("16 MiB"));
    }

    #[test]
    fn a_read_error_comes_after_the_lines_read_before_it() {
        assert_eq!(
            chunks(&["a\nb\n"], 0, true),
            vec![
                Ok(vec!["a".into(), "b".into()]),
                Err("the disk went away".into())
            ]
        );
    }
}
