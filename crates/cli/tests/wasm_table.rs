//! The page's table of papers against `scorecheck batch`: the WebAssembly module's table
//! functions (ordinary functions on native targets) answer a CSV a chunk of rows at a time,
//! and its header plus every row's `csv`, joined by newlines, is byte for byte what the
//! binary writes for the same file.

use std::path::{Path, PathBuf};
use std::process::Command;

use scorecheck_wasm::OpenTable;
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What `scorecheck batch FILE` writes on stdout.
fn batch(path: &Path) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .arg("batch")
        .arg(path)
        .output()
        .expect("the scorecheck binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The table answered through the module, `chunk` rows per call: the CSV text its header
/// and rows make, and every row's JSON.
fn module(path: &Path, chunk: u32) -> (String, Vec<Value>) {
    let mut table = OpenTable::open(std::fs::read(path).unwrap()).unwrap();
    let opened: Value = serde_json::from_str(&table.opened()).unwrap();
    let mut text = format!("{}\n", opened["header"].as_str().unwrap());
    let mut rows = Vec::new();
    loop {
        let next: Value = serde_json::from_str(&table.next(chunk, 10.0)).unwrap();
        let answered = next["rows"].as_array().unwrap();
        assert!(answered.len() <= chunk as usize);
        for row in answered {
            text.push_str(row["csv"].as_str().unwrap());
            text.push('\n');
            rows.push(row.clone());
        }
        if next["done"] == true {
            break;
        }
        assert!(!answered.is_empty(), "not done, yet no rows");
    }
    assert_eq!(rows.len() as u64, opened["rows"].as_u64().unwrap());
    for (index, row) in rows.iter().enumerate() {
        assert_eq!(row["row"], index as u64 + 1);
    }
    (text, rows)
}

/// A result without the fields that measure time or count work.
fn untimed(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(key, _)| !matches!(key.as_str(), "seconds" | "statistics"))
                .map(|(key, value)| (key.clone(), untimed(value)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(untimed).collect()),
        other => other.clone(),
    }
}

#[test]
fn the_example_table_is_what_batch_writes() {
    let path = root().join("examples/papers.csv");
    let (text, rows) = module(&path, 3);
    assert_eq!(text, batch(&path));
    // Each row's result is what the module's check answers for the row's request.
    for row in &rows {
        if row["request"].is_null() {
            assert_eq!(row["verdict"], "error");
            assert!(row["result"]["error"]["message"].is_string(), "{row}");
            continue;
        }
        let request = row["request"].to_string();
        let mut checked: Value =
            serde_json::from_str(&scorecheck_wasm::answer(&request, 10.0)).unwrap();
        // The check gives the request's id back, and so does the row's result (as "show"
        // shows it), beside the row's own id.
        assert_eq!(checked["id"], row["id"], "{row}");
        if row["verdict"] == "error" {
            checked.as_object_mut().unwrap().remove("id");
            assert!(checked["error"].is_object(), "{row}");
        } else {
            assert_eq!(untimed(&checked), untimed(&row["result"]), "{row}");
        }
    }
    let first = &rows[0];
    assert_eq!(first["id"], "paper-example");
    assert_eq!(first["line"], 2);
    assert_eq!(first["verdict"], "consistent");
    assert_eq!(first["result"]["witness"]["tp"], 743);
    let typo = rows.iter().find(|r| r["id"] == "typo-in-counts").unwrap();
    assert_eq!(typo["result"]["error"]["field"], "p");
}

#[test]
fn a_thousand_rows_are_what_batch_writes() {
    let path = root().join("testdata/papers-1000.csv");
    let (text, rows) = module(&path, 64);
    assert_eq!(rows.len(), 1000);
    let expected = batch(&path);
    if text != expected {
        let line = text
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "line {} differs:\n module: {:?}\n batch:  {:?}",
            line + 1,
            text.lines().nth(line),
            expected.lines().nth(line)
        );
    }
    // The table mixes what it should: every verdict, several protocols.
    for verdict in ["consistent", "inconsistent", "error"] {
        assert!(rows.iter().any(|r| r["verdict"] == verdict), "{verdict}");
    }
    for check in ["1_dataset_kfold_som", "1_dataset_known_folds_mos"] {
        assert!(
            rows.iter().any(|r| r["request"]["check"] == check),
            "{check}"
        );
    }
    assert!(rows
        .iter()
        .any(|r| r["request"]["dataset"]["dataset_name"].is_string()));
}

#[test]
fn a_refused_header_names_the_column_like_batch() {
    let csv = "id,p,n,sesitivity\na,1,2,0.5\n";
    let error: Value =
        serde_json::from_str(&OpenTable::open(csv.as_bytes().to_vec()).err().unwrap()).unwrap();
    let message = error["error"]["message"].as_str().unwrap();
    let dir = std::env::temp_dir().join(format!("scorecheck-wasm-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("refused.csv");
    std::fs::write(&path, csv).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
        .arg("batch")
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!output.status.success());
    assert!(message.contains("\"sesitivity\" (column 4)"), "{message}");
    assert!(
        String::from_utf8_lossy(&output.stderr).contains(message),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The module's extraction (a dropped paper on the page) against `scorecheck extract`: the
/// same CSV text, byte for byte, for every document of the extraction corpus that needs no
/// `\input` file (the page has no other files), named as the binary names it.
#[test]
fn the_module_extracts_what_scorecheck_extract_writes() {
    let corpus = root().join("testdata/extract");
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&corpus)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("tex" | "md" | "html" | "xml")
            )
        })
        .collect();
    entries.sort();
    let mut compared = 0;
    for path in entries {
        let text = std::fs::read_to_string(&path).unwrap();
        if text.contains("\\input") || text.contains("\\include") {
            continue;
        }
        let name = path.to_str().unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
            .arg("extract")
            .arg(&path)
            .output()
            .unwrap();
        assert!(output.status.success(), "{name}");
        let answer: Value =
            serde_json::from_str(&scorecheck_wasm::extract_csv(name, None, &text)).unwrap();
        assert_eq!(
            answer["csv"].as_str().unwrap(),
            String::from_utf8(output.stdout).unwrap(),
            "{name}"
        );
        compared += 1;
    }
    assert!(compared >= 25, "{compared} documents compared");
    // An unknown extension without a format, and a format named: as the binary says them.
    let answer: Value =
        serde_json::from_str(&scorecheck_wasm::extract_csv("notes.docx", None, "x")).unwrap();
    assert_eq!(answer["error"]["field"], "format");
    let answer: Value = serde_json::from_str(&scorecheck_wasm::extract_request(
        r#"{"name": "notes.txt", "format": "markdown", "text": "| Model | Acc |\n|---|---|\n| A | 0.9 |\n"}"#,
    ))
    .unwrap();
    assert_eq!(answer["rows"], 1, "{answer}");
}
