//! `cargo xtask bench-report` rewrites the current table between its markers and keeps the
//! table it replaces in the dated history; PERFORMANCE.md carries the markers.

use xtask::bench_report::{replace_table, Options, BEGIN, END, HISTORY};

fn table(date: &str, time: &str) -> String {
    format!("| case | ours | date |\n|---|---|---|\n| one | {time} | {date} |")
}

#[test]
fn a_new_table_replaces_the_current_one_and_the_old_goes_to_the_history() {
    let document = format!(
        "# P\n\n{BEGIN}\n\n{}\n\n{END}\n\nnotes\n\n## History\n\n{HISTORY}\n\n### older\n",
        table("2026-11-24 05:23 UTC", "1.49 ms")
    );
    let new = replace_table(&document, &table("2026-11-26 11:00 UTC", "1.30 ms")).unwrap();
    let current = &new[new.find(BEGIN).unwrap()..new.find(END).unwrap()];
    assert!(current.contains("1.30 ms") && !current.contains("1.49 ms"));
    let history = &new[new.find(HISTORY).unwrap()..];
    assert!(history.contains("### The table of 2026-11-24 05:23 UTC\n\n| case |"));
    assert!(history.contains("1.49 ms"));
    // Newest first: the replaced table comes before the older entries.
    assert!(history.find("1.49 ms").unwrap() < history.find("### older").unwrap());
    assert!(new.contains("notes"));
    // The same table again changes nothing.
    let again = replace_table(&new, &table("2026-11-26 11:00 UTC", "1.30 ms")).unwrap();
    assert_eq!(again, new);
}

#[test]
fn a_document_without_markers_is_an_error() {
    assert!(replace_table("# P\n", "| a |").is_err());
}

#[test]
fn performance_md_has_the_markers_and_a_generated_table() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap();
    let text = std::fs::read_to_string(root.join("PERFORMANCE.md")).unwrap();
    let start = text.find(BEGIN).expect("start marker");
    let end = text.find(END).expect("end marker");
    assert!(text.contains(HISTORY));
    let header = text[start..end].lines().nth(2).unwrap_or_default();
    assert!(header.ends_with("| method | machine | date |"), "{header}");
}

#[test]
fn the_flags_are_read_and_passed_on() {
    let args: Vec<String> = [
        "--from-json",
        "--reference",
        "py",
        "--runs",
        "3",
        "--callgrind",
    ]
    .map(String::from)
    .to_vec();
    let options = Options::parse(&args).unwrap();
    assert!(options.from_json);
    assert_eq!(
        options.script_args,
        ["--reference", "py", "--runs", "3", "--callgrind"]
    );
    assert!(Options::parse(&["--runs".to_string()]).is_err());
    assert!(Options::parse(&["--fast".to_string()]).is_err());
}
