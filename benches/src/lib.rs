//! Shared helpers for the criterion benches.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// Every `*.json` file of `dir` (relative to the benches crate) whose name passes `keep`,
/// sorted by name, as (file stem, parsed JSON). Panics with `how_to_make` when the
/// directory cannot be read: the case files are written by the reference scripts.
pub fn case_files(
    dir: &str,
    keep: impl Fn(&str) -> bool,
    how_to_make: &str,
) -> Vec<(String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}; {how_to_make}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.ends_with(".json") && keep(name)
        })
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let stem = path
                .file_stem()
                .and_then(|n| n.to_str())
                .expect("a file name");
            let text = std::fs::read_to_string(&path).expect("a readable case file");
            let value = serde_json::from_str(&text).expect("a case file is JSON");
            (stem.to_string(), value)
        })
        .collect()
}
