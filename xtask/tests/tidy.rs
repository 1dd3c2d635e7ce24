//! The tidy test: house conventions, checked under plain `cargo test`.

use std::fs;
use std::path::{Path, PathBuf};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
fn the_workspace_follows_the_conventions() {
    let violations = xtask::tidy::check(&workspace_root()).unwrap();
    assert!(violations.is_empty(), "tidy violations:\n{violations:#?}");
}

/// A fixture's folder, removed when the test ends (passing or failing).
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A throwaway workspace with one documented crate `scorecheck-a` and one `scorecheck-b`.
fn fixture(name: &str, b_lib: &str, b_deps: &str) -> Scratch {
    let root = std::env::temp_dir().join(format!("scorecheck-tidy-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    for (krate, lib, deps) in [
        (
            "a",
            "//! Crate a.\n//! Does a.\n//! Example.\n#![warn(unreachable_pub)]\n",
            "",
        ),
        ("b", b_lib, b_deps),
    ] {
        // Every fixture library carries the lint, except the one that tests its absence.
        let lint = "#![warn(unreachable_pub)]\n";
        let lib = if name == "lint" || lib.contains(lint) {
            lib.to_string()
        } else {
            format!("{lib}{lint}")
        };
        let dir = root.join("crates").join(krate);
        fs::create_dir_all(dir.join("src")).unwrap();
        fs::write(
            dir.join("Cargo.toml"),
            format!("[package]\nname = \"scorecheck-{krate}\"\n\n[dependencies]\n{deps}"),
        )
        .unwrap();
        fs::write(dir.join("src/lib.rs"), &lib).unwrap();
    }
    fs::write(
        root.join("ARCHITECTURE.md"),
        "# A\n```allowed-edges\nscorecheck-a:\nscorecheck-b: scorecheck-a\n```\n```engine-crates\nscorecheck-b\n```\n",
    )
    .unwrap();
    Scratch(root)
}

#[test]
fn tidy_accepts_a_clean_fixture() {
    let root = fixture(
        "clean",
        "//! Crate b.\n//! Does b.\n//! Example.\n#![warn(unreachable_pub)]\n",
        "scorecheck-a = { path = \"../a\" }\n",
    );
    assert_eq!(xtask::tidy::check(&root).unwrap(), vec![]);
}

#[test]
fn tidy_catches_an_undocumented_crate() {
    let root = fixture("undocumented", "pub fn f() {}\n", "");
    let violations = xtask::tidy::check(&root).unwrap();
    assert_eq!(violations.len(), 2, "{violations:?}");
    assert!(violations
        .iter()
        .any(|v| v.0.contains("lacks //! crate docs")));
}

#[test]
fn tidy_catches_a_forbidden_edge() {
    // a may not depend on b: layers point down only.
    let root = fixture("edge", "//! Crate b.\n//! Does b.\n//! Example.\n", "");
    fs::write(
        root.join("crates/a/Cargo.toml"),
        "[package]\nname = \"scorecheck-a\"\n\n[dependencies]\nscorecheck-b = { path = \"../b\" }\n",
    )
    .unwrap();
    let violations = xtask::tidy::check(&root).unwrap();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(violations[0]
        .0
        .contains("scorecheck-a depends on scorecheck-b"));
}

#[test]
fn tidy_catches_an_engine_that_reads_json() {
    let root = fixture(
        "engine",
        "//! Crate b.\n//! Does b.\n//! Example.\n",
        "serde_json = \"1\"\n",
    );
    let violations = xtask::tidy::check(&root).unwrap();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(violations[0]
        .0
        .contains("engine crate scorecheck-b depends on serde_json"));
}

#[test]
fn tidy_catches_a_crate_that_names_a_backend() {
    let root = fixture(
        "backend",
        "//! Crate b.\n//! Does b.\n//! Example.\n",
        "scorecheck-feasibility-pure = { path = \"../pure\" }\n",
    );
    let violations = xtask::tidy::check(&root).unwrap();
    assert!(
        violations
            .iter()
            .any(|v| v.0.contains("only the facade chooses a solver")),
        "{violations:?}"
    );
}

#[test]
fn tidy_catches_a_library_that_reads_files() {
    let root = fixture(
        "file-io",
        "//! Crate b.\n//! Does b.\n//! Example.\n// std::fs in a comment is fine.\npub fn f() -> String {\n    std::fs::read_to_string(\"cases.json\").unwrap_or_default()\n}\n",
        "",
    );
    let violations = xtask::tidy::check(&root).unwrap();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(
        violations[0].0.contains("lib.rs:6 uses std::fs"),
        "{violations:?}"
    );
    // The CLI may.
    fs::write(
        root.join("crates/b/Cargo.toml"),
        "[package]\nname = \"scorecheck-cli\"\n",
    )
    .unwrap();
    fs::write(
        root.join("ARCHITECTURE.md"),
        "```allowed-edges\nscorecheck-a:\nscorecheck-cli:\n```\n```engine-crates\n```\n",
    )
    .unwrap();
    assert_eq!(xtask::tidy::check(&root).unwrap(), vec![]);
}

#[test]
fn tidy_catches_a_library_without_the_unreachable_pub_lint() {
    let root = fixture("lint", "//! Crate b.\n//! Does b.\n//! Example.\n", "");
    let violations = xtask::tidy::check(&root).unwrap();
    assert!(
        violations.iter().any(|v| v.0.contains("unreachable_pub")),
        "{violations:?}"
    );
}

#[test]
fn tidy_catches_a_facade_file_naming_a_backend_crate() {
    let root = fixture(
        "facade",
        "//! Crate b.\n//! Does b.\n//! Example.\n#![warn(unreachable_pub)]\n",
        "",
    );
    let facade = root.join("crates").join("check");
    fs::create_dir_all(facade.join("src")).unwrap();
    fs::write(
        facade.join("Cargo.toml"),
        "[package]\nname = \"scorecheck\"\n\n[dependencies]\n",
    )
    .unwrap();
    let lib = "//! Facade.\n//! Does.\n//! Example.\n#![warn(unreachable_pub)]\n";
    fs::write(facade.join("src/lib.rs"), lib).unwrap();
    fs::write(
        facade.join("src/backend.rs"),
        "//! Chooses.\nuse scorecheck_feasibility_pure::PureBackend;\n",
    )
    .unwrap();
    fs::write(
        facade.join("src/family.rs"),
        "//! A family.\nfn f() { let _ = scorecheck_feasibility_pure::PureBackend; }\n",
    )
    .unwrap();
    let architecture = fs::read_to_string(root.join("ARCHITECTURE.md"))
        .unwrap()
        .replace("scorecheck-a:\n", "scorecheck-a:\nscorecheck:\n");
    fs::write(root.join("ARCHITECTURE.md"), architecture).unwrap();
    let violations = xtask::tidy::check(&root).unwrap();
    let named: Vec<_> = violations
        .iter()
        .filter(|v| v.0.contains("names a backend crate"))
        .collect();
    assert_eq!(named.len(), 1, "{violations:?}");
    assert!(named[0].0.contains("family.rs"), "{named:?}");
}
