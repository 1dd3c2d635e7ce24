//! The results of `cargo xtask reference-tests` grouped by cause, and the committed list of
//! deliberate differences (`xtask/reference-differences.txt`) they are compared with.
//!
//! The list has one entry a line, `PATTERN | ROW`: a test id (as pytest names it under the
//! `tests/` directory, `check/...py::test[...]`) where `*` stands for any text, and the row of
//! GUIDE.md's table of deliberate differences the test falls under. `#` starts a comment line.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// The reference's check helpers that are not protocols, left the reference's when swapping.
pub const NOT_PROTOCOLS: &[&str] = &["regression.check_relations"];

/// How one test ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It passed.
    Passed,
    /// It was skipped.
    Skipped,
    /// It failed, hung or crashed, for this (normalised) cause.
    Failed {
        /// The exception's type and the first line of its message, normalised.
        cause: String,
    },
}

/// One test's outcome.
#[derive(Clone, Debug)]
pub struct TestResult {
    /// pytest's id of the test.
    pub nodeid: String,
    /// How it ended.
    pub outcome: Outcome,
    /// Seconds its call took (0 for a hung or crashed test, which has no report).
    pub seconds: f64,
}

impl TestResult {
    /// Whether it failed (or hung, or crashed).
    #[must_use]
    pub fn failed(&self) -> bool {
        matches!(self.outcome, Outcome::Failed { .. })
    }
}

/// The cause of a failure as grouped: `Type: first line of the message`, with every number
/// written as `N` and runs of white space as one space, cut at 200 characters.
#[must_use]
pub fn cause(exception: &str, message: &str) -> String {
    let mut normalised = String::new();
    let mut in_number = false;
    let mut last_space = false;
    for c in message.chars() {
        if c.is_ascii_digit() || (in_number && (c == '.' || c == 'e' || c == '-')) {
            if !in_number {
                normalised.push('N');
            }
            in_number = true;
            last_space = false;
            continue;
        }
        in_number = false;
        if c.is_whitespace() {
            if !last_space {
                normalised.push(' ');
            }
            last_space = true;
            continue;
        }
        last_space = false;
        normalised.push(c);
    }
    let mut cause = format!("{exception}: {}", normalised.trim());
    if cause.chars().count() > 200 {
        cause = cause.chars().take(200).collect::<String>() + "...";
    }
    cause
}

/// One entry of the list.
#[derive(Debug)]
pub struct Entry {
    /// The test id pattern (`*` is any text).
    pub pattern: String,
    /// The row of the deliberate differences it falls under.
    pub row: String,
}

/// The committed list of deliberate differences.
#[derive(Debug, Default)]
pub struct List {
    /// Its entries, in the file's order.
    pub entries: Vec<Entry>,
}

/// Whether `text` matches `pattern`, where `*` is any text (and nothing else is special:
/// test ids hold brackets).
#[must_use]
pub fn matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let (first, rest) = parts.split_first().unwrap_or((&"", &[]));
    let Some(mut remaining) = text.strip_prefix(first) else {
        return false;
    };
    let Some((last, middle)) = rest.split_last() else {
        return remaining.is_empty();
    };
    for part in middle {
        match remaining.find(part) {
            Some(at) => remaining = &remaining[at + part.len()..],
            None => return false,
        }
    }
    remaining.ends_with(last)
}

impl List {
    /// Reads the list's text.
    ///
    /// # Errors
    ///
    /// A line that is not `PATTERN | ROW` (with both parts non-empty), named by its number.
    pub fn parse(text: &str) -> anyhow::Result<List> {
        let mut entries = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (pattern, row) = line.split_once(" | ").ok_or_else(|| {
                anyhow::anyhow!(
                    "line {}: write `TEST-ID-PATTERN | ROW`, not {line:?}",
                    number + 1
                )
            })?;
            let (pattern, row) = (pattern.trim(), row.trim());
            anyhow::ensure!(
                !pattern.is_empty() && !row.is_empty(),
                "line {}: both the pattern and the row of the deliberate differences are needed",
                number + 1
            );
            entries.push(Entry {
                pattern: pattern.to_string(),
                row: row.to_string(),
            });
        }
        Ok(List { entries })
    }

    /// The first entry matching a test id.
    #[must_use]
    pub fn entry(&self, nodeid: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| matches(&e.pattern, nodeid))
    }
}

/// Counts of one run.
#[derive(Default, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Tests passed.
    pub passed: usize,
    /// Tests skipped.
    pub skipped: usize,
    /// Tests failed (hung and crashed included).
    pub failed: usize,
}

impl Counts {
    fn of(results: &[TestResult]) -> Counts {
        let mut counts = Counts::default();
        for result in results {
            match result.outcome {
                Outcome::Passed => counts.passed += 1,
                Outcome::Skipped => counts.skipped += 1,
                Outcome::Failed { .. } => counts.failed += 1,
            }
        }
        counts
    }
}

/// A swapped failure and what the list says of it.
#[derive(Debug)]
pub struct Failure {
    /// The test id.
    pub nodeid: String,
    /// The row of the deliberate differences it is listed under, if listed.
    pub row: Option<String>,
    /// Whether it fails against the reference too (then it needs no listing).
    pub fails_alone: bool,
}

/// Both runs compared with the list.
#[derive(Debug)]
pub struct Report {
    /// Counts of the reference alone.
    pub reference: Counts,
    /// Counts of the swapped run.
    pub swapped: Counts,
    /// The reference's own failures.
    pub reference_failures: Vec<(String, String)>,
    /// Swapped failures by cause.
    pub groups: BTreeMap<String, Vec<Failure>>,
    /// List entries matching no swapped failure.
    pub stale: Vec<String>,
    /// The slowest tests of the swapped run, slowest first, with their seconds.
    pub slowest: Vec<(String, f64)>,
}

impl Report {
    /// Groups the swapped failures and looks each up in the list.
    #[must_use]
    pub fn new(reference: &[TestResult], swapped: &[TestResult], list: &List) -> Report {
        let failing_alone: BTreeSet<&str> = reference
            .iter()
            .filter(|r| r.failed())
            .map(|r| r.nodeid.as_str())
            .collect();
        let mut groups: BTreeMap<String, Vec<Failure>> = BTreeMap::new();
        let mut used = BTreeSet::new();
        for result in swapped {
            if let Outcome::Failed { cause } = &result.outcome {
                let entry = list.entry(&result.nodeid);
                if let Some(entry) = entry {
                    used.insert(entry.pattern.clone());
                }
                groups.entry(cause.clone()).or_default().push(Failure {
                    nodeid: result.nodeid.clone(),
                    row: entry.map(|e| e.row.clone()),
                    fails_alone: failing_alone.contains(result.nodeid.as_str()),
                });
            }
        }
        let reference_failures = reference
            .iter()
            .filter_map(|r| match &r.outcome {
                Outcome::Failed { cause } => Some((r.nodeid.clone(), cause.clone())),
                _ => None,
            })
            .collect();
        let mut slowest: Vec<(String, f64)> = swapped
            .iter()
            .map(|r| (r.nodeid.clone(), r.seconds))
            .collect();
        slowest.sort_by(|a, b| b.1.total_cmp(&a.1));
        slowest.truncate(5);
        Report {
            slowest,
            reference: Counts::of(reference),
            swapped: Counts::of(swapped),
            reference_failures,
            groups,
            stale: list
                .entries
                .iter()
                .filter(|e| !used.contains(&e.pattern))
                .map(|e| e.pattern.clone())
                .collect(),
        }
    }

    /// Swapped failures neither listed nor failing against the reference too.
    #[must_use]
    pub fn unlisted(&self) -> usize {
        self.groups
            .values()
            .flatten()
            .filter(|f| f.row.is_none() && !f.fails_alone)
            .count()
    }

    /// The report as text: counts, the reference's own failures, the swapped failures by
    /// cause (each test with its row of the deliberate differences), the rows' totals, unlisted and stale entries.
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::new();
        let counts = |c: &Counts| {
            format!(
                "{} tests: {} passed, {} failed, {} skipped",
                c.passed + c.failed + c.skipped,
                c.passed,
                c.failed,
                c.skipped
            )
        };
        let _ = writeln!(out, "reference alone: {}", counts(&self.reference));
        let _ = writeln!(out, "swapped:         {}", counts(&self.swapped));
        for (nodeid, cause) in &self.reference_failures {
            let _ = writeln!(
                out,
                "  fails against the reference itself: {nodeid}: {cause}"
            );
        }
        let mut rows: BTreeMap<&str, usize> = BTreeMap::new();
        for (cause, failures) in &self.groups {
            let _ = writeln!(out, "\n{} failing swapped: {cause}", failures.len());
            for failure in failures {
                let row = match (&failure.row, failure.fails_alone) {
                    (Some(row), _) => row.as_str(),
                    (None, true) => "(fails against the reference too)",
                    (None, false) => "NOT LISTED",
                };
                *rows.entry(row).or_default() += 1;
                let _ = writeln!(out, "  {} | {row}", failure.nodeid);
            }
        }
        let _ = writeln!(
            out,
            "\nswapped failures by row of the deliberate differences (GUIDE.md):"
        );
        for (row, count) in &rows {
            let _ = writeln!(out, "  {count:5}  {row}");
        }
        let _ = writeln!(out, "not listed: {}", self.unlisted());
        let _ = writeln!(out, "slowest swapped tests:");
        for (nodeid, seconds) in &self.slowest {
            let _ = writeln!(out, "  {seconds:8.2} s  {nodeid}");
        }
        for pattern in &self.stale {
            let _ = writeln!(out, "listed but not failing (remove it): {pattern}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_ids_with_brackets_literally() {
        let id = "check/binary/test_a.py::test_b[mos-0.5-3]";
        assert!(matches("check/binary/test_a.py::*", id));
        assert!(matches("check/*::test_b[mos-*]", id));
        assert!(matches(id, id));
        assert!(!matches("check/binary/test_a.py::test_b[som-*]", id));
        assert!(!matches("check/binary/test_a.py", id));
    }

    #[test]
    fn causes_lose_their_numbers_and_spacing() {
        assert_eq!(
            cause(
                "ScorecheckError",
                "evaluations[12].folding:  bad value 0.25e-3"
            ),
            "ScorecheckError: evaluations[N].folding: bad value N"
        );
    }

    #[test]
    fn an_unlisted_failure_is_counted_and_a_listed_one_is_not() {
        let list = List::parse("# comment\ncheck/a.py::* | fbp needs its beta\n").unwrap();
        let failed = |nodeid: &str| TestResult {
            nodeid: nodeid.into(),
            outcome: Outcome::Failed {
                cause: "E: x".into(),
            },
            seconds: 0.5,
        };
        let report = Report::new(
            &[],
            &[failed("check/a.py::t[1]"), failed("check/b.py::t")],
            &list,
        );
        assert_eq!(report.unlisted(), 1);
        assert!(report.render().contains("check/b.py::t | NOT LISTED"));
        let report = Report::new(
            &[failed("check/b.py::t")],
            &[failed("check/b.py::t")],
            &list,
        );
        assert_eq!(report.unlisted(), 0);
        assert_eq!(report.stale, vec!["check/a.py::*".to_string()]);
    }

    #[test]
    fn a_line_without_its_row_is_refused_with_its_number() {
        let error = List::parse("check/a.py::*\n").unwrap_err().to_string();
        assert!(error.contains("line 1"), "{error}");
    }
}
