//! The Python extension module `scorecheck._scorecheck`: the facade's JSON-text entry point,
//! answered with the GIL released, for the pure-Python package `scorecheck`.
//!
//! What it does: [`check_text`] answers one request given as JSON text, `batch_texts` a list
//! of them in parallel; `check_names` and `datasets` list the protocols and the registry.
//! The engine works on a thread of its own while the calling thread watches for Ctrl-C: an
//! interrupt cancels the work (the facade's `RunOptions::with_cancel`) and raises
//! `KeyboardInterrupt` within about 50 ms.
//! The request text is built in Python (floats by `repr`, `Decimal` as written), so a reported
//! `0.950` reaches the facade as the decimal it is.
//!
//! What it deliberately does not do: no conversion of Python objects to JSON values here (the
//! Python layer owns number text), no exceptions raised for bad requests (an error record
//! comes back and the Python layer raises `scorecheck.ScorecheckError`), no protocol logic.
//!
//! ```python
//! # pip install ./crates/python
//! import scorecheck
//! result = scorecheck.check({"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000},
//!                            "scores": {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, "eps": 1e-4})
//! assert result["n_valid_tptn_pairs"] == 2
//! ```
//!
//! Cargo features: none of its own; maturin switches on `pyo3/extension-module`
//! (`pyproject.toml`), which workspace builds leave off.

#![warn(unreachable_pub)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use pyo3::prelude::*;
use rayon::prelude::*;
use serde_json::json;

/// How often the calling thread looks for a signal (Ctrl-C) while the engine works.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// The stack of the thread that answers (the size of a Python main thread's), so that a
/// request answers the same as it did on the caller's thread.
const WORKER_STACK: usize = 8 << 20;

/// The answer to one request as JSON text: the result object, or `{"error": {...}}`, with
/// the request's `id` when it has one (as `scorecheck batch` writes its records).
pub fn answer(text: &str, options: &scorecheck::RunOptions) -> String {
    // A panic would be a bug; it must not take the interpreter down with it.
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        scorecheck::run_text_with_id(text, options)
    }));
    let (id, mut record) = match outcome {
        Ok((id, Ok(value))) => (id, value),
        Ok((id, Err(error))) => (id, json!({ "error": error.to_json() })),
        Err(_) => return internal_error(),
    };
    if let (Some(id), serde_json::Value::Object(map)) = (id, &mut record) {
        map.insert("id".into(), id);
    }
    record.to_string()
}

/// The error record of a bug (a panic, a lost worker): never a verdict.
fn internal_error() -> String {
    json!({"error": {
        "kind": "internal",
        "field": null,
        "message": "internal error while answering this request (a bug: please report the request)"
    }})
    .to_string()
}

/// Runs `work` on its own thread with the GIL released, while this thread looks for signals
/// every [`SIGNAL_POLL`]: on Ctrl-C (or any signal whose Python handler raises) the work is
/// cancelled through [`scorecheck::RunOptions::with_cancel`] (it stops at its next check and
/// its answer is dropped) and the handler's exception, `KeyboardInterrupt`, is raised at once.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&scorecheck::RunOptions) -> T + Send + 'static,
) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let options = scorecheck::RunOptions::default().with_cancel(Arc::clone(&cancel));
    let (sender, receiver) = mpsc::sync_channel(1);
    let spawned = std::thread::Builder::new()
        .name("scorecheck-call".into())
        .stack_size(WORKER_STACK)
        .spawn(move || {
            // The receiver is gone once the caller was interrupted: the answer is dropped.
            let _ = sender.send(work(&options));
        });
    if let Err(error) = spawned {
        return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
            "scorecheck could not start a thread to answer the request ({error}); \
             free some memory or threads and try again"
        )));
    }
    let mut receiver = receiver;
    loop {
        // The receiver goes into the GIL-free closure and comes back (it is Send, not Sync).
        let (received, back) = py.allow_threads(move || {
            let received = receiver.recv_timeout(SIGNAL_POLL);
            (received, receiver)
        });
        receiver = back;
        match received {
            Ok(answer) => return Ok(answer),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    return Err(interrupt);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(internal_error()))
            }
        }
    }
}

/// Answers one request given as JSON text, with the GIL released; Ctrl-C stops it and raises
/// `KeyboardInterrupt`.
#[pyfunction]
fn check_text(py: Python<'_>, request: String) -> PyResult<String> {
    interruptible(py, move |options| answer(&request, options))
}

/// Answers many requests in parallel, in order, with the GIL released; Ctrl-C stops them all
/// (requests not yet started are skipped) and raises `KeyboardInterrupt`.
#[pyfunction]
fn batch_texts(py: Python<'_>, requests: Vec<String>) -> PyResult<Vec<String>> {
    interruptible(py, move |options| {
        let cancelled = || {
            options
                .cancel
                .as_ref()
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
        };
        requests
            .par_iter()
            .map(|text| {
                if cancelled() {
                    // Never seen: the caller raised KeyboardInterrupt and dropped the batch.
                    String::new()
                } else {
                    answer(text, options)
                }
            })
            .collect()
    })
}

/// Answers a table of reported results (the CSV batch's columns: `scorecheck-table`) given
/// as its column names and rows of text cells, in parallel with the GIL released: the output
/// column names and one row of output cells per row. A header that breaks the header rules
/// raises `ValueError` with the rule's message (the Python layer turns it into a
/// `ScorecheckError`); a bad row gets its error columns and the others are answered.
#[pyfunction]
fn check_table_rows(
    py: Python<'_>,
    names: Vec<String>,
    rows: Vec<Vec<String>>,
) -> PyResult<(Vec<String>, Vec<Vec<String>>)> {
    let table =
        scorecheck_table::Table::new(names).map_err(pyo3::exceptions::PyValueError::new_err)?;
    interruptible(py, move |options| {
        let cancelled = || {
            options
                .cancel
                .as_ref()
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
        };
        let answered = rows
            .into_par_iter()
            .map(|cells| {
                if cancelled() {
                    // Never seen: the caller raised KeyboardInterrupt and dropped the table.
                    Vec::new()
                } else {
                    table.answer(cells, options).output_cells(&table)
                }
            })
            .collect();
        (table.output_columns(), answered)
    })
}

/// The protocol names, as the facade dispatches them.
#[pyfunction]
fn check_names() -> Vec<&'static str> {
    scorecheck::check_names()
}

/// The named datasets of the registry as (name, p, n).
#[pyfunction]
fn datasets() -> Vec<(&'static str, u64, u64)> {
    scorecheck::registry_datasets()
        .map(|d| (d.name, d.p, d.n))
        .collect()
}

/// `parts` ranges of the configuration indices of an unknown-folds request (JSON text), as
/// JSON text: `[{"start": "0", "end": "654152"}, ...]`, or `{"error": {...}}`.
#[pyfunction]
fn split_text(request: String, parts: u64) -> String {
    match scorecheck::split_request_configurations(&request, parts) {
        Ok(ranges) => serde_json::Value::Array(
            ranges
                .into_iter()
                .map(|(start, end)| json!({"start": start, "end": end}))
                .collect(),
        )
        .to_string(),
        Err(error) => json!({ "error": error.to_json() }).to_string(),
    }
}

/// The rows `scorecheck extract` writes for one document given as text: the column names
/// (the CSV batch's, in order) and one row of text cells per (table, dataset, method).
/// `format` is `latex`, `markdown`, `html` or `jats` (anything else raises `ValueError`
/// naming `format`); `resolve`, when given, is called with the name of a LaTeX `\input` or
/// `\include` and returns its text or `None` (the Python layer reads it relative to the
/// file). A document the reader refuses raises `ValueError` with its message.
#[pyfunction]
#[pyo3(signature = (text, format, source, resolve=None))]
fn extract_rows(
    py: Python<'_>,
    text: &str,
    format: &str,
    source: &str,
    resolve: Option<PyObject>,
) -> PyResult<(Vec<String>, Vec<Vec<String>>)> {
    use scorecheck_extract::Format;
    let format = match format {
        "latex" => Format::Latex,
        "markdown" => Format::Markdown,
        "html" => Format::Html,
        "jats" => Format::Jats,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "format: {other:?} is not a document format; give \"latex\", \"markdown\", \"html\" or \"jats\""
            )))
        }
    };
    // The resolver runs with the GIL held (extraction is quick; a resolver that raises or
    // returns something else than a string leaves the command as it is).
    let lookup = |name: &str| -> Option<String> {
        let callable = resolve.as_ref()?;
        callable
            .call1(py, (name,))
            .ok()?
            .extract::<Option<String>>(py)
            .ok()
            .flatten()
    };
    let extraction = scorecheck_extract::extract_document(
        text,
        format,
        source,
        &scorecheck_extract::Limits::default(),
        &lookup,
    )
    .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("{source}: {e}")))?;
    // A results table that gives no rows is said, as the CLI says it on stderr.
    for table in &extraction.unread {
        let message = std::ffi::CString::new(format!(
            "{source}: table {}: {}; not read",
            table.table, table.why
        ))
        .unwrap_or_default();
        PyErr::warn(
            py,
            &py.get_type::<pyo3::exceptions::PyUserWarning>(),
            &message,
            1,
        )?;
    }
    let rows = extraction.rows;
    let scores = scorecheck_extract::score_columns(&rows);
    let cells = rows
        .iter()
        .map(|row| scorecheck_extract::batch_cells(row, &scores))
        .collect();
    Ok((scorecheck_extract::batch_header(&rows), cells))
}

/// The extension module.
#[pymodule]
fn _scorecheck(module: &Bound<'_, PyModule>) -> PyResult<()> {
    // The pool that answers batches and sweeps, its threads named (they would otherwise take
    // the name of the thread that first used the pool). An error means a pool already exists
    // (the module was loaded again): that pool serves as well.
    let _ = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("scorecheck-{i}"))
        .build_global();
    module.add_function(wrap_pyfunction!(check_text, module)?)?;
    module.add_function(wrap_pyfunction!(batch_texts, module)?)?;
    module.add_function(wrap_pyfunction!(check_names, module)?)?;
    module.add_function(wrap_pyfunction!(datasets, module)?)?;
    module.add_function(wrap_pyfunction!(split_text, module)?)?;
    module.add_function(wrap_pyfunction!(check_table_rows, module)?)?;
    module.add_function(wrap_pyfunction!(extract_rows, module)?)?;
    Ok(())
}
