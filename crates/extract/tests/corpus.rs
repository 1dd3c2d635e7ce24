//! Precision and recall of the extracted (table, dataset, method, score, value) triples
//! over the labelled corpus of real public documents in `testdata/extract/`, per format.
//!
//! Each document `NAME.ext` has a hand-checked `NAME.truth`: one line per (table, dataset,
//! method), `table | dataset | method | score=value ...`, written by reading the document.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use scorecheck_extract::{extract_with, Format, Limits};

type Triple = (String, String, String, String, String);

fn norm(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/extract")
}

fn truth(path: &Path) -> Vec<Triple> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split(" | ").collect();
        assert_eq!(parts.len(), 4, "{}: {line}", path.display());
        for pair in parts[3].split_whitespace() {
            let (score, value) = pair.split_once('=').unwrap();
            out.push((
                norm(parts[0]),
                norm(parts[1]),
                norm(parts[2]),
                score.to_string(),
                value.to_string(),
            ));
        }
    }
    out
}

fn extracted(path: &Path, format: Format) -> Vec<Triple> {
    let text = std::fs::read_to_string(path).unwrap();
    let folder = path.parent().unwrap().to_path_buf();
    let resolve = move |name: &str| {
        std::fs::read_to_string(folder.join(name))
            .or_else(|_| std::fs::read_to_string(folder.join(format!("{name}.tex"))))
            .ok()
    };
    let rows = extract_with(&text, format, "doc", &Limits::default(), &resolve).unwrap();
    rows.iter()
        .flat_map(|row| {
            row.scores.iter().map(move |(score, value)| {
                (
                    norm(&row.table),
                    norm(&row.dataset),
                    norm(&row.method),
                    (*score).to_string(),
                    value.clone(),
                )
            })
        })
        .collect()
}

/// Matched, extracted and true counts (multisets).
fn score(found: &[Triple], truth: &[Triple]) -> (usize, usize, usize) {
    let mut left = truth.to_vec();
    let mut matched = 0;
    for triple in found {
        if let Some(at) = left.iter().position(|t| t == triple) {
            left.remove(at);
            matched += 1;
        }
    }
    (matched, found.len(), truth.len())
}

#[test]
fn precision_and_recall_per_format_meet_the_goals() {
    let mut per_format: BTreeMap<&str, (usize, usize, usize, usize)> = BTreeMap::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.to_string_lossy().to_string();
        let Some(format) = Format::from_path(&name) else {
            continue;
        };
        let truth_path = path.with_extension("truth");
        if !truth_path.exists() {
            continue;
        }
        let found = extracted(&path, format);
        let truth = truth(&truth_path);
        let (matched, extracted, true_count) = score(&found, &truth);
        if matched != extracted || matched != true_count {
            let missing: Vec<_> = truth
                .iter()
                .filter(|t| !found.contains(t))
                .take(40)
                .collect();
            let wrong: Vec<_> = found
                .iter()
                .filter(|t| !truth.contains(t))
                .take(40)
                .collect();
            eprintln!("{name}: {matched}/{extracted} extracted right, {matched}/{true_count} found; missing {missing:?}; wrong {wrong:?}");
        }
        let entry = per_format.entry(format.as_str()).or_default();
        entry.0 += 1;
        entry.1 += matched;
        entry.2 += extracted;
        entry.3 += true_count;
    }
    assert!(!per_format.is_empty(), "no labelled documents found");
    for (format, (documents, matched, extracted, true_count)) in &per_format {
        // Nothing extracted is never a wrong value; nothing to find is never a miss.
        let precision = if *extracted == 0 {
            1.0
        } else {
            *matched as f64 / *extracted as f64
        };
        let recall = if *true_count == 0 {
            1.0
        } else {
            *matched as f64 / *true_count as f64
        };
        eprintln!("{format}: {documents} documents, {true_count} true values, {extracted} extracted, precision {precision:.3}, recall {recall:.3}");
        assert!(
            precision >= 0.97,
            "{format}: precision {precision:.3} below 0.97"
        );
        assert!(recall >= 0.90, "{format}: recall {recall:.3} below 0.90");
    }
}
