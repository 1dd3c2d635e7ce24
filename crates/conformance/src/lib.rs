//! The feasibility cases every backend of scorecheck must decide correctly, compiled into this crate, and [`run_conformance`], the runner a backend's tests call.
//!
//! A backend (a type implementing [`scorecheck_feasibility::Feasibility`]: the pure one,
//! HiGHS, CBC, microlp, or one of your own) is right when, through
//! [`scorecheck_feasibility::checked`] and the default [`Budget`], it answers every case
//! here as expected: degenerate programs (no rows, empty ranges, rows without terms),
//! programs infeasible only for integers (`2x = 1`, parity, knapsacks), and mean-of-scores
//! programs of 10 to 100 folds with windows narrower than a float solver's tolerance.
//! An "undecided" counts as a failure: every case is meant to be decidable well within the
//! default budget.
//!
//! The cases are the JSON files under this crate's `testdata/`, compiled in with
//! `include_str!`: nothing is read at run time, so the runner works wherever the crate
//! builds (a backend author's own repository, a wasm32 test), and no file name of the
//! build machine ends up in a binary.
//!
//! What it deliberately does not do: it is test support, not a layer of the checker. No
//! scorecheck crate depends on it outside `[dev-dependencies]`, it names no backend, and it
//! reads no file. Its cases are read with serde_json (every number in them is an integer;
//! rationals are strings such as `"1/50"` or `"0.9446"`), so this crate, unlike the engines,
//! depends on serde_json.
//!
//! Add it as a dev-dependency of your backend crate and call the runner from a test:
//!
//! ```
//! use scorecheck_conformance::{cases, run_conformance, Expected};
//! use scorecheck_feasibility::testing::BruteForce;
//!
//! // Brute force answers the small cases and leaves the large ones undecided: a failure
//! // report naming each undecided case, never a wrong answer.
//! let error = run_conformance(&BruteForce::default()).unwrap_err();
//! assert!(error.failures().iter().all(|f| f.to_string().contains("Undecided")));
//! let all = cases().unwrap();
//! assert!(all.iter().any(|c| c.name == "integrality_half" && c.expected == Expected::Infeasible));
//! ```
//!
//! Cargo features: none.

#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(unreachable_pub)]

use std::fmt;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use scorecheck_feasibility::{checked, Budget, Feasibility, Problem, VarId, Verdict};
use serde::Deserialize;

/// Every case file: its name (the file stem) and its text, compiled in.
const FILES: &[(&str, &str)] = &[
    (
        "degenerate_duplicate_terms",
        include_str!("../testdata/degenerate_duplicate_terms.json"),
    ),
    (
        "degenerate_empty",
        include_str!("../testdata/degenerate_empty.json"),
    ),
    (
        "degenerate_empty_row_range",
        include_str!("../testdata/degenerate_empty_row_range.json"),
    ),
    (
        "degenerate_empty_variable_range",
        include_str!("../testdata/degenerate_empty_variable_range.json"),
    ),
    (
        "degenerate_fixed_variables",
        include_str!("../testdata/degenerate_fixed_variables.json"),
    ),
    (
        "degenerate_no_constraints",
        include_str!("../testdata/degenerate_no_constraints.json"),
    ),
    (
        "degenerate_termless_row_contains_zero",
        include_str!("../testdata/degenerate_termless_row_contains_zero.json"),
    ),
    (
        "degenerate_termless_row_excludes_zero",
        include_str!("../testdata/degenerate_termless_row_excludes_zero.json"),
    ),
    (
        "integrality_even_sum",
        include_str!("../testdata/integrality_even_sum.json"),
    ),
    (
        "integrality_fold_of_three",
        include_str!("../testdata/integrality_fold_of_three.json"),
    ),
    (
        "integrality_half",
        include_str!("../testdata/integrality_half.json"),
    ),
    (
        "integrality_knapsack",
        include_str!("../testdata/integrality_knapsack.json"),
    ),
    (
        "integrality_knapsack_feasible",
        include_str!("../testdata/integrality_knapsack_feasible.json"),
    ),
    (
        "integrality_mixed_denominators",
        include_str!("../testdata/integrality_mixed_denominators.json"),
    ),
    (
        "integrality_two_rows",
        include_str!("../testdata/integrality_two_rows.json"),
    ),
    (
        "lp_infeasible_box",
        include_str!("../testdata/lp_infeasible_box.json"),
    ),
    (
        "mos_100_folds_feasible",
        include_str!("../testdata/mos_100_folds_feasible.json"),
    ),
    (
        "mos_10_folds_feasible",
        include_str!("../testdata/mos_10_folds_feasible.json"),
    ),
    (
        "mos_50_folds_bacc_contradiction",
        include_str!("../testdata/mos_50_folds_bacc_contradiction.json"),
    ),
    (
        "mos_50_folds_feasible",
        include_str!("../testdata/mos_50_folds_feasible.json"),
    ),
    (
        "mos_equal_folds_between_grid",
        include_str!("../testdata/mos_equal_folds_between_grid.json"),
    ),
    (
        "mos_small_feasible",
        include_str!("../testdata/mos_small_feasible.json"),
    ),
    (
        "mos_tight_window_9446",
        include_str!("../testdata/mos_tight_window_9446.json"),
    ),
    (
        "mos_tight_window_9446_infeasible",
        include_str!("../testdata/mos_tight_window_9446_infeasible.json"),
    ),
    (
        "negative_bounds",
        include_str!("../testdata/negative_bounds.json"),
    ),
    (
        "one_sided_rows",
        include_str!("../testdata/one_sided_rows.json"),
    ),
];

/// What a conformance case expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Expected {
    /// Some integer point exists.
    Feasible,
    /// No integer point exists.
    Infeasible,
}

/// One conformance case: a problem and its known answer (made by [`parse_case`] and
/// [`cases`]).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Case {
    /// The file stem.
    pub name: String,
    /// What the case is about.
    pub description: String,
    /// The known answer.
    pub expected: Expected,
    /// The problem.
    pub problem: Problem,
}

/// What went wrong with one conformance case.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaseErrorKind {
    /// The case's JSON is malformed or does not describe a problem.
    Malformed,
    /// The backend's verdict differs from the expected one (an undecided verdict counts:
    /// every case is meant to be decidable within the default budget).
    WrongVerdict {
        /// The known answer.
        expected: Expected,
        /// What the backend answered, through [`checked`].
        verdict: Verdict,
    },
}

/// A conformance case that could not be read or that a backend got wrong: the case's name
/// and what went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseError {
    case: String,
    kind: CaseErrorKind,
    message: String,
}

impl CaseError {
    fn new(case: &str, kind: CaseErrorKind, message: impl Into<String>) -> Self {
        CaseError {
            case: case.to_string(),
            kind,
            message: message.into(),
        }
    }

    /// The case's name.
    pub fn case(&self) -> &str {
        &self.case
    }

    /// What went wrong.
    pub fn kind(&self) -> &CaseErrorKind {
        &self.kind
    }
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.case, self.message)
    }
}

impl std::error::Error for CaseError {}

/// Why [`run_conformance`] failed: a case could not be read, or some verdicts were wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConformanceError {
    failures: Vec<CaseError>,
}

impl ConformanceError {
    /// Every failing case, in name order (at least one).
    pub fn failures(&self) -> &[CaseError] {
        &self.failures
    }
}

impl fmt::Display for ConformanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, failure) in self.failures.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{failure}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConformanceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.failures
            .first()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl From<CaseError> for ConformanceError {
    fn from(error: CaseError) -> Self {
        ConformanceError {
            failures: vec![error],
        }
    }
}

/// A case file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    #[serde(default)]
    description: String,
    expected: Expected,
    variables: Vec<VariableFile>,
    #[serde(default)]
    constraints: Option<Vec<ConstraintFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariableFile {
    name: Option<String>,
    lower: i64,
    upper: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConstraintFile {
    name: Option<String>,
    terms: Vec<(usize, RationalText)>,
    #[serde(default)]
    lower: Option<RationalText>,
    #[serde(default)]
    upper: Option<RationalText>,
}

/// A rational as written: text such as `"1/50"`, `"-0.9446"` or `"7"`, or a JSON integer.
#[derive(Deserialize)]
#[serde(untagged)]
enum RationalText {
    Integer(i64),
    Text(String),
}

impl RationalText {
    fn value(&self) -> Option<BigRational> {
        match self {
            RationalText::Integer(k) => Some(BigRational::from_integer(BigInt::from(*k))),
            RationalText::Text(text) => parse_rational(text),
        }
    }
}

/// Parses `"p/q"`, a decimal `"-12.345"` or an integer exactly (no exponent notation).
fn parse_rational(text: &str) -> Option<BigRational> {
    let text = text.trim();
    if let Some((p, q)) = text.split_once('/') {
        let p: BigInt = p.trim().parse().ok()?;
        let q: BigInt = q.trim().parse().ok()?;
        return (!q.is_zero()).then(|| BigRational::new(p, q));
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = whole
        .chars()
        .chain(fraction.chars())
        .all(|c| c.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !all_digits {
        return None;
    }
    let numerator: BigInt = format!("{whole}{fraction}").parse().ok()?;
    let denominator = (0..fraction.len()).fold(BigInt::one(), |d, _| d * 10);
    let value = BigRational::new(numerator, denominator);
    Some(if negative { -value } else { value })
}

/// Parses one case from its JSON text.
///
/// The format: `{"description": str, "expected": "feasible" | "infeasible",
/// "variables": [{"name": str, "lower": int, "upper": int}, ...],
/// "constraints": [{"name": str, "terms": [[var index, rational], ...],
/// "lower": rational | null, "upper": rational | null}, ...]}`, where a rational is a
/// string such as `"1/50"`, `"0.9446"` or `"-3"` (or a plain JSON integer).
///
/// # Errors
///
/// A [`CaseError`] of kind [`CaseErrorKind::Malformed`] when the text is not JSON of this
/// format (naming the field to fix).
pub fn parse_case(name: &str, text: &str) -> Result<Case, CaseError> {
    let fail = |what: String| CaseError::new(name, CaseErrorKind::Malformed, what);
    let file: CaseFile = serde_json::from_str(text).map_err(|e| fail(e.to_string()))?;
    let mut problem = Problem::new();
    for (i, v) in file.variables.into_iter().enumerate() {
        let var_name = v.name.unwrap_or_else(|| format!("x{i}"));
        problem.add_variable(var_name, v.lower, v.upper);
    }
    for (i, c) in file.constraints.unwrap_or_default().into_iter().enumerate() {
        let mut terms = Vec::with_capacity(c.terms.len());
        for (var, coef) in &c.terms {
            let coef = coef.value().ok_or_else(|| {
                fail(format!(
                    "constraint {i}: a term's coefficient is not a rational"
                ))
            })?;
            terms.push((VarId(*var), coef));
        }
        let bound = |key: &str, b: &Option<RationalText>| match b {
            None => Ok(None),
            Some(b) => b
                .value()
                .map(Some)
                .ok_or_else(|| fail(format!("constraint {i}: \"{key}\" is not a rational"))),
        };
        let lower = bound("lower", &c.lower)?;
        let upper = bound("upper", &c.upper)?;
        let row_name = c.name.unwrap_or_else(|| format!("row{i}"));
        problem.add_constraint(row_name, terms, lower, upper);
    }
    if let Some((row, var)) = problem.unknown_variable() {
        return Err(fail(format!(
            "constraint {row} refers to variable {} which does not exist",
            var.0
        )));
    }
    Ok(Case {
        name: name.to_string(),
        description: file.description,
        expected: file.expected,
        problem,
    })
}

/// Every case, sorted by name.
///
/// # Errors
///
/// A [`CaseError`] for the first case that does not parse ([`CaseErrorKind::Malformed`]);
/// the crate's own tests make sure none does.
pub fn cases() -> Result<Vec<Case>, CaseError> {
    FILES
        .iter()
        .map(|(name, text)| parse_case(name, text))
        .collect()
}

/// Runs every conformance case through [`checked`] with `backend` and the default budget.
///
/// Returns the number of cases run.
///
/// # Errors
///
/// A [`ConformanceError`] listing every case whose verdict differs from the expected one
/// ([`CaseErrorKind::WrongVerdict`]; an undecided verdict counts as a failure: every case
/// is meant to be decidable well within the default budget), or the case that could not be
/// read.
pub fn run_conformance(backend: &dyn Feasibility) -> Result<usize, ConformanceError> {
    let cases = cases()?;
    let budget = Budget::default();
    let mut failures = Vec::new();
    for case in &cases {
        let verdict = checked(backend, &case.problem, &budget);
        let ok = matches!(
            (&verdict, case.expected),
            (Verdict::Feasible { .. }, Expected::Feasible)
                | (Verdict::Infeasible { .. }, Expected::Infeasible)
        );
        if !ok {
            let message = format!(
                "({}): expected {:?}, backend {} answered {:?}",
                case.description,
                case.expected,
                backend.name(),
                verdict
            );
            let kind = CaseErrorKind::WrongVerdict {
                expected: case.expected,
                verdict,
            };
            failures.push(CaseError::new(&case.name, kind, message));
        }
    }
    if failures.is_empty() {
        Ok(cases.len())
    } else {
        Err(ConformanceError { failures })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rationals_are_read_exactly() {
        let q = |n: i64, d: i64| Some(BigRational::new(n.into(), d.into()));
        assert_eq!(parse_rational("1/50"), q(1, 50));
        assert_eq!(parse_rational("-0.9446"), q(-9446, 10000));
        assert_eq!(parse_rational(" 7 "), q(7, 1));
        assert_eq!(parse_rational(".5"), q(1, 2));
        for bad in ["1/0", "", "-", "1e3", "0.5.1", "x/2"] {
            assert_eq!(parse_rational(bad), None, "{bad}");
        }
    }

    #[test]
    fn malformed_cases_name_what_to_fix() {
        let says = |text: &str, what: &str| {
            let message = parse_case("bad", text).unwrap_err().to_string();
            assert!(
                message.starts_with("bad: ") && message.contains(what),
                "{message}"
            );
        };
        says("{", "EOF");
        let case = |constraint: &str| {
            format!(
                r#"{{"expected": "feasible", "variables": [{{"lower": 0, "upper": 1}}],
                "constraints": [{constraint}]}}"#
            )
        };
        says(
            &case(r#"{"terms": [[3, "1"]], "lower": "0"}"#),
            "variable 3",
        );
        says(
            &case(r#"{"terms": [[0, "1"]], "upper": "1/0"}"#),
            "\"upper\"",
        );
        says(&case(r#"{"terms": [[0, "x"]]}"#), "coefficient");
        says(
            r#"{"expected": "feasible", "variables": [], "constriants": []}"#,
            "constriants",
        );
        says(r#"{"expected": "maybe", "variables": []}"#, "maybe");
    }
}
