//! Convention checks run by the tidy test: crate docs, allowed dependency edges, and file I/O only in the CLI.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// One violation of the house conventions.
#[derive(Debug, PartialEq, Eq)]
pub struct Violation(pub String);

/// Reads the allowed edges from the `allowed-edges` block of ARCHITECTURE.md.
///
/// # Errors
///
/// When the block is missing or a line of it is not `crate: dependency, ...`.
pub fn allowed_edges(architecture: &str) -> anyhow::Result<BTreeMap<String, BTreeSet<String>>> {
    let start = architecture
        .find("```allowed-edges")
        .ok_or_else(|| anyhow::anyhow!("ARCHITECTURE.md has no ```allowed-edges block"))?;
    let body = &architecture[start..];
    let body = &body[body.find('\n').unwrap_or(body.len())..];
    let end = body
        .find("```")
        .ok_or_else(|| anyhow::anyhow!("unterminated allowed-edges block"))?;
    let mut edges = BTreeMap::new();
    for line in body[..end].lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (krate, deps) = line
            .split_once(':')
            .ok_or_else(|| anyhow::anyhow!("bad allowed-edges line {line:?}"))?;
        let deps = deps
            .split(',')
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .map(str::to_string)
            .collect();
        edges.insert(krate.trim().to_string(), deps);
    }
    Ok(edges)
}

/// What an engine crate (typed, JSON-free, solver-agnostic) must not depend on.
const ENGINE_FORBIDDEN: &[&str] = &[
    "serde_json",
    "clap",
    "indicatif",
    "highs",
    "good_lp",
    "scorecheck",
    "scorecheck-cli",
];

/// Reads the engine crates from the `engine-crates` block of ARCHITECTURE.md.
///
/// # Errors
///
/// When the block is missing.
pub fn engine_crates(architecture: &str) -> anyhow::Result<BTreeSet<String>> {
    let start = architecture
        .find("```engine-crates")
        .ok_or_else(|| anyhow::anyhow!("ARCHITECTURE.md has no ```engine-crates block"))?;
    let body = &architecture[start + "```engine-crates".len()..];
    let end = body
        .find("```")
        .ok_or_else(|| anyhow::anyhow!("unterminated engine-crates block"))?;
    Ok(body[..end].split_whitespace().map(str::to_string).collect())
}

/// An engine's normal dependencies: none of [`ENGINE_FORBIDDEN`], no backend crate.
fn check_engine(name: &str, manifest: &toml::Value, violations: &mut Vec<Violation>) {
    let Some(deps) = manifest.get("dependencies").and_then(|d| d.as_table()) else {
        return;
    };
    for dep in deps.keys() {
        if ENGINE_FORBIDDEN.contains(&dep.as_str()) || dep.starts_with("scorecheck-feasibility-") {
            violations.push(Violation(format!(
                "engine crate {name} depends on {dep}: engines are typed, JSON-free and take their solver from the caller"
            )));
        }
    }
}

/// Checks every crate under `root/crates`: `//!` docs on lib.rs (or main.rs) and on every
/// .rs file, and dependency edges between our crates against ARCHITECTURE.md.
///
/// # Errors
///
/// When a crate's manifest or sources cannot be read or parsed, or ARCHITECTURE.md lacks
/// its blocks.
pub fn check(root: &Path) -> anyhow::Result<Vec<Violation>> {
    let architecture = fs::read_to_string(root.join("ARCHITECTURE.md"))?;
    let allowed = allowed_edges(&architecture)?;
    let engines = engine_crates(&architecture)?;
    let mut violations = Vec::new();
    let mut crate_dirs: Vec<_> = fs::read_dir(root.join("crates"))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").exists())
        .collect();
    crate_dirs.sort();
    for dir in crate_dirs {
        let manifest: toml::Value = toml::from_str(&fs::read_to_string(dir.join("Cargo.toml"))?)?;
        let name = manifest
            .get("package")
            .and_then(|p| p.get("name"))
            .and_then(|n| n.as_str())
            .unwrap_or("?")
            .to_string();
        let Some(allowed_deps) = allowed.get(&name) else {
            violations.push(Violation(format!(
                "crate {name} ({}) is not listed in ARCHITECTURE.md's allowed-edges block",
                dir.display()
            )));
            continue;
        };
        for table in ["dependencies", "dev-dependencies", "build-dependencies"] {
            let Some(deps) = manifest.get(table).and_then(|d| d.as_table()) else {
                continue;
            };
            for dep in deps.keys() {
                let ours = dep == "scorecheck" || dep.starts_with("scorecheck-");
                if ours && !allowed_deps.contains(dep) && table != "dev-dependencies" {
                    violations.push(Violation(format!(
                        "{name} depends on {dep} ([{table}]), an edge ARCHITECTURE.md does not allow"
                    )));
                }
            }
        }
        if engines.contains(&name) {
            check_engine(&name, &manifest, &mut violations);
        }
        if let Some(deps) = manifest.get("dependencies").and_then(|d| d.as_table()) {
            for dep in deps.keys() {
                let backend = dep.starts_with("scorecheck-feasibility-");
                if backend && name != "scorecheck" && !name.starts_with("scorecheck-feasibility-") {
                    violations.push(Violation(format!(
                        "{name} names the backend crate {dep}: only the facade chooses a solver"
                    )));
                }
            }
        }
        let root_file = ["src/lib.rs", "src/main.rs"]
            .iter()
            .map(|f| dir.join(f))
            .find(|p| p.exists());
        match root_file {
            None => violations.push(Violation(format!(
                "{name} has neither src/lib.rs nor src/main.rs"
            ))),
            Some(path) => {
                let text = fs::read_to_string(&path)?;
                let docs = text.lines().take_while(|l| l.starts_with("//!")).count();
                let minimum = if path.ends_with("lib.rs") { 3 } else { 1 };
                if docs < minimum {
                    violations.push(Violation(format!(
                        "{} lacks //! crate docs (what the layer does and does not do, an example)",
                        path.display()
                    )));
                }
                let library = path.ends_with("lib.rs");
                let lint = ["#![warn(unreachable_pub)]", "#![deny(unreachable_pub)]"];
                if library && !lint.iter().any(|l| text.contains(l)) {
                    violations.push(Violation(format!(
                        "{} does not warn on unreachable_pub: add #![warn(unreachable_pub)] (a pub item no one outside the crate can reach says more than it means)",
                        path.display()
                    )));
                }
            }
        }
        if name == "scorecheck" {
            check_backend_names(&dir.join("src"), &mut violations)?;
        }
        // The CLI is the only crate with file I/O; xtask is not under crates/.
        let file_io_allowed = name == "scorecheck-cli";
        check_sources(&dir.join("src"), file_io_allowed, &mut violations)?;
    }
    Ok(violations)
}

/// Every .rs file under `dir` starts with a `//!` line and, unless `file_io_allowed`,
/// touches no file (`std::fs` outside comments): libraries take text, not paths.
fn check_sources(
    dir: &Path,
    file_io_allowed: bool,
    violations: &mut Vec<Violation>,
) -> anyhow::Result<()> {
    if !dir.exists() {
        return Ok(());
    }
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            check_sources(&path, file_io_allowed, violations)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path)?;
            if !text.starts_with("//!") {
                violations.push(Violation(format!(
                    "{} does not start with a //! line",
                    path.display()
                )));
            }
            if !file_io_allowed {
                if let Some(line) = file_io_line(&text) {
                    violations.push(Violation(format!(
                        "{}:{line} uses std::fs: only the CLI and xtask touch files (compile data in with include_str!, or take text from the caller)",
                        path.display()
                    )));
                }
            }
        }
    }
    Ok(())
}

/// The facade's files other than `backend.rs` (which chooses the solver) and `lib.rs`
/// (which re-exports what the features build) name no backend crate.
fn check_backend_names(dir: &Path, violations: &mut Vec<Violation>) -> anyhow::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            check_backend_names(&path, violations)?;
            continue;
        }
        let top = path.parent() == Some(dir) || path.parent().is_some_and(|p| p.ends_with("src"));
        let exempt = top
            && path
                .file_name()
                .is_some_and(|f| f == "backend.rs" || f == "lib.rs");
        if exempt || path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = fs::read_to_string(&path)?;
        let named = text.lines().position(|line| {
            let code = line.split("//").next().unwrap_or_default();
            code.contains("scorecheck_feasibility_")
        });
        if let Some(line) = named {
            violations.push(Violation(format!(
                "{}:{} names a backend crate: only the facade's backend.rs chooses a solver",
                path.display(),
                line + 1
            )));
        }
    }
    Ok(())
}

/// The first line (1-based) of `text` that uses `std::fs` (or `fs::` after a `use std::{fs}`),
/// comments left out.
fn file_io_line(text: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            let code = line.split("//").next().unwrap_or_default();
            code.contains("std::fs") || code.contains("std::{fs") || {
                code.match_indices("fs::").any(|(at, _)| {
                    !code[..at]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_')
                })
            }
        })
        .map(|i| i + 1)
}

/// The attribute that shows on docs.rs which feature an item needs.
const DOC_CFG: &str = "#![cfg_attr(docsrs, feature(doc_cfg))]";

/// Every published library crate under `root/crates` states its cargo features truthfully in
/// its `lib.rs` opening (each feature of `[features]` but `default` named in backticks, or
/// "features: none" when it has none), builds its docs.rs page with its features and the
/// `docsrs` cfg (`[package.metadata.docs.rs]`), and carries `#![cfg_attr(docsrs, feature(doc_cfg))]` so feature-gated
/// items say which feature they need.
///
/// # Errors
///
/// When a manifest or `lib.rs` cannot be read or parsed.
pub fn library_docs(root: &Path) -> anyhow::Result<Vec<Violation>> {
    let mut violations = Vec::new();
    let mut dirs: Vec<_> = fs::read_dir(root.join("crates"))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").exists() && p.join("src/lib.rs").exists())
        .collect();
    dirs.sort();
    for dir in dirs {
        let manifest: toml::Value = toml::from_str(&fs::read_to_string(dir.join("Cargo.toml"))?)?;
        let package = manifest.get("package");
        let name = package
            .and_then(|p| p.get("name"))
            .and_then(|n| n.as_str())
            .unwrap_or("?");
        if package
            .and_then(|p| p.get("publish"))
            .and_then(|p| p.as_bool())
            == Some(false)
        {
            continue;
        }
        let lib = fs::read_to_string(dir.join("src/lib.rs"))?;
        let docs: String = lib
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .map(|l| format!("{}\n", l.trim_start_matches("//!")))
            .collect();
        let features: Vec<&String> = manifest
            .get("features")
            .and_then(|f| f.as_table())
            .map(|t| t.keys().filter(|k| *k != "default").collect())
            .unwrap_or_default();
        let lower = docs.to_lowercase();
        let says_none = lower.contains("features: none") || lower.contains("no cargo features");
        if features.is_empty() && !says_none {
            violations.push(Violation(format!(
                "{name}'s lib.rs does not say \"Cargo features: none.\" (it has no features)"
            )));
        }
        if !features.is_empty() && says_none {
            violations.push(Violation(format!(
                "{name}'s lib.rs says it has no features, but its Cargo.toml has {features:?}"
            )));
        }
        for feature in &features {
            if !docs.contains(&format!("`{feature}`")) {
                violations.push(Violation(format!(
                    "{name}'s lib.rs opening does not name its feature `{feature}`: say what it switches on"
                )));
            }
        }
        let docs_rs = package
            .and_then(|p| p.get("metadata"))
            .and_then(|m| m.get("docs"))
            .and_then(|d| d.get("rs"));
        let builds_features = docs_rs.is_some_and(|d| {
            d.get("all-features").and_then(|a| a.as_bool()) == Some(true)
                || d.get("features").is_some()
        });
        let cfg = docs_rs
            .and_then(|d| d.get("rustdoc-args"))
            .and_then(|a| a.as_array())
            .is_some_and(|args| args.iter().any(|a| a.as_str() == Some("docsrs")));
        if !builds_features || !cfg {
            violations.push(Violation(format!(
                "{name}'s Cargo.toml lacks [package.metadata.docs.rs] with all-features = true (or its features) and rustdoc-args = [\"--cfg\", \"docsrs\"]"
            )));
        }
        if !lib.contains(DOC_CFG) {
            violations.push(Violation(format!(
                "{name}'s lib.rs lacks {DOC_CFG} (docs.rs then does not say which feature an item needs)"
            )));
        }
    }
    Ok(violations)
}
