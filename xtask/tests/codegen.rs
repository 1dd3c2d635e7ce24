//! The generated protocol tables of README.md and GUIDE.md are up to date, and a stale one is
//! caught (`cargo xtask codegen --check` runs the same comparison, and more, in CI).

use std::fs;
use std::path::{Path, PathBuf};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
fn the_committed_protocol_tables_are_up_to_date() {
    let stale = xtask::codegen::protocol_tables(&workspace_root(), true).unwrap();
    assert!(
        stale.is_empty(),
        "{stale:?} out of date: run `cargo xtask codegen` and commit"
    );
}

#[test]
fn a_stale_protocol_table_is_caught_and_rewritten() {
    let dir = std::env::temp_dir().join(format!("xtask-codegen-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    for name in ["README.md", "GUIDE.md"] {
        let text = fs::read_to_string(workspace_root().join(name)).unwrap();
        // A protocol dropped by hand from the committed table.
        let edited = text.replacen("| `regression_1_testset_no_kfold` |", "| `regression` |", 1);
        assert_ne!(edited, text, "{name} lists the regression protocol");
        fs::write(dir.join(name), edited).unwrap();
    }
    let stale = xtask::codegen::protocol_tables(&dir, true).unwrap();
    assert_eq!(stale.len(), 2, "{stale:?}");
    // Without --check the tables are rewritten, and then up to date.
    xtask::codegen::protocol_tables(&dir, false).unwrap();
    assert!(xtask::codegen::protocol_tables(&dir, true)
        .unwrap()
        .is_empty());
    let table = xtask::codegen::protocol_table();
    assert!(table.contains("| `1_testset_no_kfold` | one matrix (exact engine) |"));
    assert!(table.contains("`tpehg`"));
    fs::remove_dir_all(&dir).unwrap();
}
