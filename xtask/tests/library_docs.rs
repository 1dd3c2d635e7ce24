//! Every published library crate states its features truthfully and builds its docs.rs page
//! with them (`xtask::tidy::library_docs`), and a crate that does not is caught.

use std::fs;
use std::path::Path;

#[test]
fn every_library_states_its_features_and_builds_them_on_docs_rs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let violations = xtask::tidy::library_docs(root).unwrap();
    assert!(violations.is_empty(), "{violations:#?}");
}

#[test]
fn a_library_that_hides_or_invents_features_is_caught() {
    let root = std::env::temp_dir().join(format!("scorecheck-library-docs-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let docs_rs =
        "[package.metadata.docs.rs]\nall-features = true\nrustdoc-args = [\"--cfg\", \"docsrs\"]\n";
    let cfg = "#![cfg_attr(docsrs, feature(doc_cfg))]\n";
    let crates = [
        // Says "none" but has serde (as algebra, feasibility and folds did).
        (
            "liar",
            "[features]\nserde = []\n",
            docs_rs,
            "//! A.\n//!\n//! Cargo features: none.\n",
            cfg,
        ),
        // Has serde and does not say so (as single did), and no docs.rs metadata.
        ("silent", "[features]\nserde = []\n", "", "//! B.\n", cfg),
        // Truthful, but without the doc_cfg attribute.
        (
            "nocfg",
            "",
            docs_rs,
            "//! C.\n//!\n//! Cargo features: none.\n",
            "",
        ),
        // Truthful and complete.
        (
            "good",
            "[features]\ndefault = [\"rayon\"]\nrayon = []\n",
            docs_rs,
            "//! D.\n//!\n//! Cargo features: `rayon`.\n",
            cfg,
        ),
        // Not published: not checked.
        ("private", "[features]\nx = []\n", "", "//! E.\n", ""),
    ];
    for (name, features, meta, docs, attr) in crates {
        let dir = root.join("crates").join(name);
        fs::create_dir_all(dir.join("src")).unwrap();
        let publish = if name == "private" {
            "publish = false\n"
        } else {
            ""
        };
        fs::write(
            dir.join("Cargo.toml"),
            format!("[package]\nname = \"{name}\"\n{publish}\n{meta}\n{features}"),
        )
        .unwrap();
        fs::write(dir.join("src/lib.rs"), format!("{docs}\n{attr}")).unwrap();
    }
    let violations: Vec<String> = xtask::tidy::library_docs(&root)
        .unwrap()
        .into_iter()
        .map(|v| v.0)
        .collect();
    let of = |name: &str| {
        violations
            .iter()
            .filter(|v| v.starts_with(&format!("{name}'s")))
            .count()
    };
    assert_eq!(of("liar"), 2, "{violations:#?}");
    assert_eq!(of("silent"), 2, "{violations:#?}");
    assert_eq!(of("nocfg"), 1, "{violations:#?}");
    assert_eq!(of("good"), 0, "{violations:#?}");
    assert_eq!(of("private"), 0, "{violations:#?}");
    fs::remove_dir_all(&root).unwrap();
}
