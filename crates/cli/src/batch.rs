//! `scorecheck batch`: JSON Lines in, JSON Lines out, one answer per line, flushed as ready.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use serde_json::{json, Value};

use crate::EngineArgs;

/// Answers every line of `file` (or stdin) after the first `skip`, in order.
pub fn run(file: Option<&Path>, skip: u64, engine: &EngineArgs) -> anyhow::Result<()> {
    let options = engine.options()?;
    let reader: Box<dyn BufRead> = match file {
        Some(path) if path.as_os_str() != "-" => {
            Box::new(BufReader::new(std::fs::File::open(path).map_err(|e| {
                anyhow::anyhow!("cannot read {}: {e}", path.display())
            })?))
        }
        _ => Box::new(BufReader::new(std::io::stdin())),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (number, line) in reader.split(b'\n').enumerate() {
        if (number as u64) < skip {
            continue;
        }
        let line = line?;
        let answer = answer(&line, &options);
        // Flush every answer, so that killing a long batch loses no answered line.
        let written = serde_json::to_writer(&mut out, &answer)
            .map_err(std::io::Error::from)
            .and_then(|()| out.write_all(b"\n"))
            .and_then(|()| out.flush());
        match written {
            Ok(()) => {}
            // The reader has gone (`scorecheck batch ... | head -1`): nobody wants the rest.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// The output record of one input line.
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
    let id = serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|v| v.get("id").cloned());
    // A panic would be a bug; contain it to its line so the batch goes on.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        scorecheck::run_text(text, options)
    }));
    let mut record = match result {
        Ok(Ok(value)) => value,
        Ok(Err(error)) => json!({ "error": error.to_json() }),
        Err(_) => error_record(
            None,
            "internal",
            "internal error while answering this line (a bug: please report the line)",
            None,
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
