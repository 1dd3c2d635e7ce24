//! `scorecheck batch`: JSON Lines in, JSON Lines out, one answer per line, flushed as ready.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::EngineArgs;

/// Answers every line of `file` (or stdin) after the first `skip`, in order, on `jobs`
/// threads (see [`crate::ordered`]): each answer is written and flushed as soon as it and
/// every answer before it are ready.
pub fn run(file: Option<&Path>, skip: u64, jobs: usize, engine: &EngineArgs) -> anyhow::Result<()> {
    let options = Arc::new(engine.options()?);
    let reader: Box<dyn BufRead + Send> = match file {
        Some(path) if path.as_os_str() != "-" => {
            Box::new(BufReader::new(std::fs::File::open(path).map_err(|e| {
                anyhow::anyhow!("cannot read {}: {e}", path.display())
            })?))
        }
        _ => Box::new(BufReader::new(std::io::stdin())),
    };
    let lines = reader
        .split(b'\n')
        .enumerate()
        .filter(move |(number, _)| *number as u64 >= skip)
        .map(|(_, line)| line);
    let work: crate::ordered::Work<std::io::Result<Vec<u8>>, std::io::Result<String>> =
        Arc::new(move |line| line.map(|line| answer(&line, &options).to_string()));
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let written = crate::ordered::in_order(lines, jobs, work, |answer| {
        // Flush every answer, so that killing a long batch loses no answered line.
        out.write_all(answer?.as_bytes())
            .and_then(|()| out.write_all(b"\n"))
            .and_then(|()| out.flush())
    });
    match written {
        Ok(()) => Ok(()),
        // The reader has gone (`scorecheck batch ... | head -1`): nobody wants the rest.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// The output record of one input line (the line is read once: its `id` comes from the
/// same reading as its answer).
fn answer(line: &[u8], options: &scorecheck::RunOptions) -> Value {
    let text = match std::str::from_utf8(line) {
        Ok(text) => text.trim_end_matches('\r'),
        Err(_) => return error_record(None, "invalid_json", "the line is not valid UTF-8", None),
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
        Ok((id, Err(error))) => (id, json!({ "error": error.to_json() })),
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
        let mut ordered = serde_json::Map::new();
        ordered.insert("id".into(), id);
        for (k, v) in std::mem::take(map) {
            ordered.insert(k, v);
        }
        *map = ordered;
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
