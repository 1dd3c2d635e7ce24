//! The committed `testdata/papers-1000.csv` is what `cargo xtask papers-csv` writes.

#[test]
fn the_committed_table_is_the_generated_one() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let committed = std::fs::read_to_string(root.join(xtask::papers_csv::PATH)).unwrap();
    let generated = xtask::papers_csv::generate();
    assert!(
        committed == generated,
        "{} differs from what `cargo xtask papers-csv` writes; run it and commit the file",
        xtask::papers_csv::PATH
    );
    // Every row is a row: the header, ROWS rows and the blank lines between some of them.
    let rows = generated.lines().filter(|l| !l.is_empty()).count();
    assert_eq!(rows, xtask::papers_csv::ROWS + 1);
}
