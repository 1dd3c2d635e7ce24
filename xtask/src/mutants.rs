//! `cargo xtask mutants`: cargo-mutants on the verdict path of the exact core, every survivor either killed by a test or explained in `xtask/mutants-equivalent.txt`.
//!
//! The verdict path is the code whose mistake would turn into a wrong "consistent" or
//! "inconsistent"; [`TARGETS`] lists it file by file, and says why the rest of each crate
//! is left out. Each crate is mutated with its own tests only (cargo-mutants' default of
//! testing the mutated package), so a survivor means that crate's tests miss it, whatever
//! the facade's tests might notice later.
//!
//! A survivor that no test can kill (a fast path whose removal only costs time, a guard
//! that no reachable input trips) is listed in the equivalents file, one line per mutant:
//! the mutant's description as cargo-mutants prints it without its `:line:column` (so that
//! an edit above it does not stale the list), then ` # ` and why it is equivalent. Two
//! survivors with the same description (the same operator in one function) need two lines.
//!
//! Not run by CI: a mutant costs a build plus the crate's tests, several hundred mutants
//! take more than an hour on two cores.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;
use serde_json::Value;

/// One crate's verdict path.
pub struct Target {
    /// The short name `--crate` takes.
    pub name: &'static str,
    /// The cargo package.
    pub package: &'static str,
    /// The files mutated, relative to the workspace root.
    pub files: &'static [&'static str],
}

/// Seconds a mutant's build and tests may take before it counts as a timeout (a mutant that
/// loops forever); each crate's unmutated tests take under 10 s alone, and up to four
/// times that on a loaded two-core machine.
pub const TIMEOUT_SECONDS: u32 = 120;

/// The verdict path of the exact core.
///
/// Left out, because no verdict is decided there:
/// - algebra: `names.rs` (reading score names; a wrong name is an error, caught by the
///   request tests), `error.rs` (messages);
/// - single: `count.rs` and `walk.rs` (counting pairs and listing further witnesses, after
///   the verdict; every witness is re-checked with `ConfusionMatrix::exact`), `ranges.rs`,
///   `explain.rs`, `repair.rs`, `setups.rs`, `region.rs` (extremes, explanations, repairs,
///   splits and column listings built on the decision, not the decision), `auc.rs` (turning
///   a reported AUC into windows: a request-shaping step with its own brute-force tests);
/// - feasibility: `optimize.rs` (extremes, gated by `checked_optimize`), `float_kit.rs`
///   (the float backends' preliminaries; no default backend uses it, and their tests with
///   HiGHS, CBC and microlp need system libraries), `testing.rs` (the brute-force oracle
///   itself).
pub const TARGETS: &[Target] = &[
    Target {
        name: "rational",
        package: "scorecheck-rational",
        files: &["crates/rational/src/lib.rs"],
    },
    Target {
        name: "algebra",
        package: "scorecheck-algebra",
        files: &[
            "crates/algebra/src/exact.rs",
            "crates/algebra/src/arith.rs",
            "crates/algebra/src/decimal.rs",
            "crates/algebra/src/matrix.rs",
            "crates/algebra/src/formula.rs",
            "crates/algebra/src/score.rs",
            "crates/algebra/src/small.rs",
        ],
    },
    Target {
        name: "feasibility",
        package: "scorecheck-feasibility",
        files: &[
            "crates/feasibility/src/checked.rs",
            "crates/feasibility/src/problem.rs",
            "crates/feasibility/src/integer_row.rs",
            "crates/feasibility/src/verdict.rs",
        ],
    },
    Target {
        name: "single",
        package: "scorecheck-single",
        files: &[
            "crates/single/src/lib.rs",
            "crates/single/src/search.rs",
            "crates/single/src/grid.rs",
            "crates/single/src/fast.rs",
            "crates/single/src/eval.rs",
        ],
    },
];

/// Options of the run.
pub struct Options {
    /// The targets to run, by [`Target::name`]; all when empty.
    pub crates: Vec<String>,
    /// Files to mutate instead of the targets' own (each must belong to a chosen target).
    pub files: Vec<String>,
    /// Parallel cargo-mutants jobs.
    pub jobs: u32,
    /// Where cargo-mutants writes `mutants.out`.
    pub output: PathBuf,
    /// Copy the tree's `target/` into cargo-mutants' scratch copies, so that dependencies
    /// are not built again there (worth it when `target/` is warm and not huge).
    pub copy_target: bool,
    /// Only read the outcomes of an earlier run in `output`.
    pub report_only: bool,
}

/// How one target's mutants fared.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Counts {
    /// Mutants generated.
    pub total: u64,
    /// Killed by a failing test.
    pub caught: u64,
    /// Survived every test.
    pub missed: u64,
    /// Did not build.
    pub unviable: u64,
    /// Tests ran past the timeout (a mutant that loops: caught, in effect).
    pub timeout: u64,
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} mutants: {} caught, {} missed, {} unviable, {} timeouts",
            self.total, self.caught, self.missed, self.unviable, self.timeout
        )
    }
}

/// A mutant's description without the `:line:column` cargo-mutants puts after the file:
/// `crates/x/src/a.rs:48:14: replace == with != in f` becomes
/// `crates/x/src/a.rs: replace == with != in f`.
///
/// ```
/// assert_eq!(
///     xtask::mutants::description("crates/x/src/a.rs:48:14: replace == with != in f"),
///     "crates/x/src/a.rs: replace == with != in f"
/// );
/// ```
pub fn description(name: &str) -> String {
    let Some((file, rest)) = name.split_once(": ") else {
        return name.to_string();
    };
    let mut parts = file.rsplitn(3, ':');
    let (column, line, path) = (parts.next(), parts.next(), parts.next());
    let numeric = |s: Option<&str>| s.is_some_and(|s| s.bytes().all(|b| b.is_ascii_digit()));
    match path {
        Some(path) if numeric(column) && numeric(line) => format!("{path}: {rest}"),
        _ => name.to_string(),
    }
}

/// The explained equivalent mutants: how many of each description are excused, with the
/// line numbers (in the file) that list them.
///
/// # Errors
///
/// A line that is not empty, not a `#` comment and not `description # reason` with both
/// parts present; the error names the line.
pub fn read_equivalents(text: &str) -> anyhow::Result<BTreeMap<String, Vec<usize>>> {
    let mut listed: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (mutant, reason) = line.split_once(" # ").with_context(|| {
            format!("line {number}: write `<mutant description> # <why it is equivalent>`")
        })?;
        anyhow::ensure!(
            !mutant.trim().is_empty() && !reason.trim().is_empty(),
            "line {number}: both the mutant's description and the reason are needed"
        );
        listed
            .entry(description(mutant.trim()))
            .or_default()
            .push(number);
    }
    Ok(listed)
}

/// One package's outcome in a cargo-mutants run: the counts and the missed mutants' names.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PackageOutcome {
    /// The counts.
    pub counts: Counts,
    /// The names of the missed mutants, as cargo-mutants prints them.
    pub missed: Vec<String>,
}

/// Each package's counts and missed mutants in a cargo-mutants `outcomes.json`, from its
/// list of outcomes (the totals cargo-mutants writes beside it are for the whole run).
///
/// # Errors
///
/// When the file is not the JSON cargo-mutants writes, or holds an outcome this code does
/// not know (a newer cargo-mutants).
pub fn read_outcomes(json: &str) -> anyhow::Result<BTreeMap<String, PackageOutcome>> {
    let outcomes: Value = serde_json::from_str(json).context("outcomes.json is not JSON")?;
    let mut packages: BTreeMap<String, PackageOutcome> = BTreeMap::new();
    for outcome in outcomes["outcomes"]
        .as_array()
        .context("outcomes.json has no `outcomes` list")?
    {
        let Some(mutant) = outcome["scenario"].get("Mutant") else {
            continue; // the baseline
        };
        let (Some(name), Some(package)) = (mutant["name"].as_str(), mutant["package"].as_str())
        else {
            anyhow::bail!("outcomes.json has a mutant without a name or package: {mutant}");
        };
        let entry = packages.entry(package.to_string()).or_default();
        entry.counts.total += 1;
        match outcome["summary"].as_str() {
            Some("CaughtMutant") => entry.counts.caught += 1,
            Some("MissedMutant") => {
                entry.counts.missed += 1;
                entry.missed.push(name.to_string());
            }
            Some("Unviable") => entry.counts.unviable += 1,
            Some("Timeout") => entry.counts.timeout += 1,
            other => anyhow::bail!("outcomes.json: {name} has the unknown summary {other:?}"),
        }
    }
    Ok(packages)
}

/// The missed mutants the equivalents do not excuse (each listed line excuses one).
pub fn unexplained(missed: &[String], equivalents: &BTreeMap<String, Vec<usize>>) -> Vec<String> {
    let mut left: BTreeMap<&str, usize> = equivalents
        .iter()
        .map(|(d, lines)| (d.as_str(), lines.len()))
        .collect();
    missed
        .iter()
        .filter(|name| match left.get_mut(description(name).as_str()) {
            Some(n) if *n > 0 => {
                *n -= 1;
                false
            }
            _ => true,
        })
        .cloned()
        .collect()
}

fn check_installed() -> anyhow::Result<()> {
    let version = Command::new("cargo")
        .args(["mutants", "--version"])
        .output();
    match version {
        Ok(out) if out.status.success() => {
            eprintln!("{}", String::from_utf8_lossy(&out.stdout).trim());
            Ok(())
        }
        _ => anyhow::bail!(
            "cargo-mutants is not installed; install it with `cargo install cargo-mutants --locked` (this was written against 27.1.0)"
        ),
    }
}

/// One cargo-mutants run over every chosen file, so that the scratch copies' dependencies
/// are built once; each mutant is tested with its own package's tests only (cargo-mutants'
/// default), never the whole workspace's.
fn run_cargo_mutants(
    root: &Path,
    chosen: &[(&Target, Vec<&str>)],
    options: &Options,
) -> anyhow::Result<()> {
    let mut command = Command::new("cargo");
    command
        .args(["mutants", "--no-shuffle"])
        .args(["--timeout", &TIMEOUT_SECONDS.to_string()])
        .args(["--jobs", &options.jobs.to_string()])
        .arg("--output")
        .arg(&options.output)
        .current_dir(root)
        // cargo-mutants builds each mutant in a scratch copy of the tree with its own target
        // directory; a CARGO_TARGET_DIR shared with them would make the parallel jobs
        // overwrite each other's builds of the mutated crate.
        .env_remove("CARGO_TARGET_DIR")
        // A mutant that fails a property test fails it on the first counterexample; shrinking
        // that to the smallest one would take most of the run (tens of seconds a mutant).
        .env("PROPTEST_MAX_SHRINK_ITERS", "0");
    if options.copy_target {
        command.args(["--copy-target", "true"]);
    }
    for (target, files) in chosen {
        command.args(["--package", target.package]);
        for file in files {
            command.args(["--file", file]);
        }
        eprintln!("mutating {} ({})", target.package, files.join(", "));
    }
    let status = command.status().context("cannot run cargo mutants")?;
    // cargo-mutants exits 2 when mutants were missed and 3 on timeouts: the outcomes decide.
    match status.code() {
        Some(0 | 2 | 3) => Ok(()),
        _ => anyhow::bail!(
            "cargo mutants failed ({status}); see {}",
            options.output.join("mutants.out/debug.log").display()
        ),
    }
}

/// Runs cargo-mutants on the chosen targets, prints the counts per crate and fails on a
/// missed mutant the equivalents file does not explain.
///
/// # Errors
///
/// When cargo-mutants is missing or fails, a flag names no target or file, the
/// equivalents file is malformed, or a mutant survives unexplained.
pub fn run(root: &Path, options: &Options) -> anyhow::Result<()> {
    for name in &options.crates {
        anyhow::ensure!(
            TARGETS.iter().any(|t| t.name == name),
            "--crate {name}: not one of {}",
            TARGETS
                .iter()
                .map(|t| t.name)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let chosen: Vec<(&Target, Vec<&str>)> = TARGETS
        .iter()
        .filter(|t| options.crates.is_empty() || options.crates.iter().any(|c| c == t.name))
        .map(|t| {
            let files = t
                .files
                .iter()
                .copied()
                .filter(|f| options.files.is_empty() || options.files.iter().any(|g| g == f))
                .collect::<Vec<_>>();
            (t, files)
        })
        .filter(|(_, files)| !files.is_empty())
        .collect();
    for file in &options.files {
        anyhow::ensure!(
            chosen.iter().any(|(_, files)| files.contains(&file.as_str())),
            "--file {file}: not on the verdict path of the chosen crates (see TARGETS in xtask/src/mutants.rs)"
        );
    }
    anyhow::ensure!(!chosen.is_empty(), "no file to mutate");
    let equivalents_path = root.join("xtask/mutants-equivalent.txt");
    let equivalents = read_equivalents(
        &std::fs::read_to_string(&equivalents_path)
            .with_context(|| format!("cannot read {}", equivalents_path.display()))?,
    )
    .with_context(|| format!("in {}", equivalents_path.display()))?;
    if !options.report_only {
        check_installed()?;
        run_cargo_mutants(root, &chosen, options)?;
    }
    let outcomes_path = options.output.join("mutants.out/outcomes.json");
    let packages = read_outcomes(
        &std::fs::read_to_string(&outcomes_path)
            .with_context(|| format!("cannot read {}", outcomes_path.display()))?,
    )
    .with_context(|| format!("in {}", outcomes_path.display()))?;
    let mut survivors = Vec::new();
    for (target, _) in &chosen {
        let Some(outcome) = packages.get(target.package) else {
            println!("{:<12} not in {}", target.name, outcomes_path.display());
            continue;
        };
        let left = unexplained(&outcome.missed, &equivalents);
        println!(
            "{:<12} {}; {} explained as equivalent, {} unexplained",
            target.name,
            outcome.counts,
            outcome.missed.len() - left.len(),
            left.len()
        );
        survivors.extend(left);
    }
    for name in &survivors {
        eprintln!("unexplained survivor: {name}");
    }
    anyhow::ensure!(
        survivors.is_empty(),
        "{} mutants survive unexplained: kill each with a test, or list it with the reason in {}",
        survivors.len(),
        equivalents_path.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_listed_line_excuses_one_survivor() {
        let listed = read_equivalents(
            "# comment\n\ncrates/a.rs: replace == with != in f # unreachable guard\ncrates/a.rs:9:1: replace == with != in f # the other guard\n",
        )
        .unwrap();
        let missed = |lines: &[&str]| lines.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(unexplained(
            &missed(&[
                "crates/a.rs:3:4: replace == with != in f",
                "crates/a.rs:5:6: replace == with != in f"
            ]),
            &listed
        )
        .is_empty());
        assert_eq!(
            unexplained(
                &missed(&[
                    "crates/a.rs:3:4: replace == with != in f",
                    "crates/a.rs:5:6: replace == with != in f",
                    "crates/a.rs:7:8: replace == with != in f",
                    "crates/a.rs:7:8: replace < with <= in f",
                ]),
                &listed
            ),
            missed(&[
                "crates/a.rs:7:8: replace == with != in f",
                "crates/a.rs:7:8: replace < with <= in f"
            ])
        );
    }

    #[test]
    fn a_line_without_a_reason_is_refused_with_its_number() {
        let error = read_equivalents("a # b\ncrates/a.rs: replace f with None\n").unwrap_err();
        assert!(error.to_string().contains("line 2"), "{error}");
        assert!(read_equivalents("crates/a.rs: x #  \n").is_err());
    }

    #[test]
    fn outcomes_give_counts_and_missed_names_per_package() {
        let json = r#"{"total_mutants": 4, "outcomes": [
                {"scenario": "Baseline", "summary": "Success"},
                {"scenario": {"Mutant": {"name": "a.rs:1:2: replace x", "package": "a"}}, "summary": "MissedMutant"},
                {"scenario": {"Mutant": {"name": "a.rs:3:4: replace y", "package": "a"}}, "summary": "CaughtMutant"},
                {"scenario": {"Mutant": {"name": "a.rs:5:6: replace z", "package": "a"}}, "summary": "Timeout"},
                {"scenario": {"Mutant": {"name": "b.rs:1:2: replace w", "package": "b"}}, "summary": "Unviable"}
            ]}"#;
        let packages = read_outcomes(json).unwrap();
        let a = &packages["a"];
        assert_eq!(
            a.counts,
            Counts {
                total: 3,
                caught: 1,
                missed: 1,
                unviable: 0,
                timeout: 1
            }
        );
        assert_eq!(a.missed, vec!["a.rs:1:2: replace x".to_string()]);
        assert_eq!(packages["b"].counts.unviable, 1);
        assert!(read_outcomes(&json.replace("Unviable", "Exploded")).is_err());
    }

    #[test]
    fn every_target_file_exists() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for target in TARGETS {
            for file in target.files {
                assert!(root.join(file).is_file(), "{file} is gone: update TARGETS");
            }
        }
    }
}
