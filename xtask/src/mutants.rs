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
    /// Seconds a mutant's tests may take before it counts as a timeout (a mutant that
    /// loops forever); the unmutated tests take under 10 s for each crate.
    pub timeout_seconds: u32,
}

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
/// - feasibility: `optimize.rs` (extremes, gated by `checked_optimize`), `json.rs` and
///   `conformance.rs` (reading test data), `testing.rs` (the brute-force oracle itself).
pub const TARGETS: &[Target] = &[
    Target {
        name: "rational",
        package: "scorecheck-rational",
        files: &["crates/rational/src/lib.rs"],
        timeout_seconds: 60,
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
        ],
        timeout_seconds: 60,
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
        timeout_seconds: 60,
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
        timeout_seconds: 90,
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
    /// Where each target's `mutants.out` goes (`<output>/<name>/mutants.out`).
    pub output: PathBuf,
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

/// The counts and the names of the missed mutants in a cargo-mutants `outcomes.json`.
///
/// # Errors
///
/// When the file is not the JSON cargo-mutants writes.
pub fn read_outcomes(json: &str) -> anyhow::Result<(Counts, Vec<String>)> {
    let outcomes: Value = serde_json::from_str(json).context("outcomes.json is not JSON")?;
    let count = |key: &str| {
        outcomes[key]
            .as_u64()
            .with_context(|| format!("outcomes.json has no count `{key}`"))
    };
    let counts = Counts {
        total: count("total_mutants")?,
        caught: count("caught")?,
        missed: count("missed")?,
        unviable: count("unviable")?,
        timeout: count("timeout")?,
    };
    let missed = outcomes["outcomes"]
        .as_array()
        .context("outcomes.json has no `outcomes` list")?
        .iter()
        .filter(|o| o["summary"] == "MissedMutant")
        .filter_map(|o| o["scenario"]["Mutant"]["name"].as_str().map(String::from))
        .collect();
    Ok((counts, missed))
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

fn run_target(
    root: &Path,
    target: &Target,
    files: &[&str],
    options: &Options,
) -> anyhow::Result<()> {
    let mut command = Command::new("cargo");
    command
        .args(["mutants", "--package", target.package, "--no-shuffle"])
        .args(["--timeout", &target.timeout_seconds.to_string()])
        .args(["--jobs", &options.jobs.to_string()])
        .arg("--output")
        .arg(options.output.join(target.name))
        .current_dir(root)
        // cargo-mutants builds each mutant in a scratch copy of the tree with its own target
        // directory; a CARGO_TARGET_DIR shared with them would make the parallel jobs
        // overwrite each other's builds of the mutated crate.
        .env_remove("CARGO_TARGET_DIR");
    for file in files {
        command.args(["--file", file]);
    }
    eprintln!("mutating {} ({})", target.package, files.join(", "));
    let status = command.status().context("cannot run cargo mutants")?;
    // cargo-mutants exits 2 when mutants were missed and 3 on timeouts: the outcomes decide.
    match status.code() {
        Some(0 | 2 | 3) => Ok(()),
        _ => anyhow::bail!(
            "cargo mutants failed on {} ({status}); see {}",
            target.package,
            options
                .output
                .join(target.name)
                .join("mutants.out/debug.log")
                .display()
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
    let chosen: Vec<&Target> = TARGETS
        .iter()
        .filter(|t| options.crates.is_empty() || options.crates.iter().any(|c| c == t.name))
        .collect();
    for file in &options.files {
        anyhow::ensure!(
            chosen.iter().any(|t| t.files.contains(&file.as_str())),
            "--file {file}: not on the verdict path of the chosen crates (see xtask/src/mutants.rs)"
        );
    }
    let equivalents_path = root.join("xtask/mutants-equivalent.txt");
    let equivalents = read_equivalents(
        &std::fs::read_to_string(&equivalents_path)
            .with_context(|| format!("cannot read {}", equivalents_path.display()))?,
    )
    .with_context(|| format!("in {}", equivalents_path.display()))?;
    if !options.report_only {
        check_installed()?;
    }
    let mut survivors = Vec::new();
    let mut report = Vec::new();
    for target in chosen {
        let files: Vec<&str> = if options.files.is_empty() {
            target.files.to_vec()
        } else {
            target
                .files
                .iter()
                .copied()
                .filter(|f| options.files.iter().any(|g| g == f))
                .collect()
        };
        if files.is_empty() {
            continue;
        }
        if !options.report_only {
            run_target(root, target, &files, options)?;
        }
        let outcomes_path = options
            .output
            .join(target.name)
            .join("mutants.out/outcomes.json");
        let (counts, missed) = read_outcomes(
            &std::fs::read_to_string(&outcomes_path)
                .with_context(|| format!("cannot read {}", outcomes_path.display()))?,
        )
        .with_context(|| format!("in {}", outcomes_path.display()))?;
        let left = unexplained(&missed, &equivalents);
        report.push(format!(
            "{:<12} {counts}; {} explained as equivalent, {} unexplained",
            target.name,
            missed.len() - left.len(),
            left.len()
        ));
        survivors.extend(left);
    }
    for line in &report {
        println!("{line}");
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
    fn outcomes_give_counts_and_missed_names() {
        let json = r#"{"total_mutants": 3, "caught": 1, "missed": 1, "unviable": 1, "timeout": 0,
            "outcomes": [
                {"scenario": "Baseline", "summary": "Success"},
                {"scenario": {"Mutant": {"name": "a.rs:1:2: replace x"}}, "summary": "MissedMutant"},
                {"scenario": {"Mutant": {"name": "a.rs:3:4: replace y"}}, "summary": "CaughtMutant"}
            ]}"#;
        let (counts, missed) = read_outcomes(json).unwrap();
        assert_eq!((counts.total, counts.caught, counts.missed), (3, 1, 1));
        assert_eq!(missed, vec!["a.rs:1:2: replace x".to_string()]);
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
