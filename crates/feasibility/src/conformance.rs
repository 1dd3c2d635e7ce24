//! The shared conformance cases under `testdata/` and the runner every backend's tests call.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::json::{self, Json};
use crate::{checked, Budget, Feasibility, Problem, Verdict};

/// What a conformance case expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    /// The file stem (plus `#index` for files holding several cases).
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
    /// A file or directory could not be read.
    Io,
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

    /// The case's name (the file stem plus `#index` for files holding several cases), or
    /// the path for an unreadable directory.
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

/// Why [`run_conformance`] failed: the cases could not be read, or some verdicts were wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConformanceError {
    failures: Vec<CaseError>,
}

impl ConformanceError {
    /// Every failing case, in file order (at least one).
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

/// The directory holding the conformance files of this crate.
pub fn testdata_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
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
    let doc = json::parse(text)
        .map_err(|e| CaseError::new(name, CaseErrorKind::Malformed, e.to_string()))?;
    case_from_json(name, &doc)
}

fn case_from_json(name: &str, doc: &Json) -> Result<Case, CaseError> {
    let fail = |what: &str| CaseError::new(name, CaseErrorKind::Malformed, what);
    let expected = match doc.get("expected").and_then(Json::as_str) {
        Some("feasible") => Expected::Feasible,
        Some("infeasible") => Expected::Infeasible,
        _ => return Err(fail("\"expected\" must be \"feasible\" or \"infeasible\"")),
    };
    let description = doc
        .get("description")
        .and_then(Json::as_str)
        .unwrap_or_default()
        .to_string();
    let mut problem = Problem::new();
    let variables = doc
        .get("variables")
        .and_then(Json::as_array)
        .ok_or_else(|| fail("\"variables\" must be an array"))?;
    for (i, v) in variables.iter().enumerate() {
        let var_name = v
            .get("name")
            .and_then(Json::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| format!("x{i}"));
        let lower = v.get("lower").and_then(Json::as_i64);
        let upper = v.get("upper").and_then(Json::as_i64);
        let (Some(lower), Some(upper)) = (lower, upper) else {
            return Err(fail(&format!(
                "variable {i} needs integer \"lower\" and \"upper\""
            )));
        };
        problem.add_variable(var_name, lower, upper);
    }
    let constraints = match doc.get("constraints") {
        None | Some(Json::Null) => &[][..],
        Some(c) => c
            .as_array()
            .ok_or_else(|| fail("\"constraints\" must be an array"))?,
    };
    for (i, c) in constraints.iter().enumerate() {
        let row_name = c
            .get("name")
            .and_then(Json::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| format!("row{i}"));
        let terms_json = c
            .get("terms")
            .and_then(Json::as_array)
            .ok_or_else(|| fail(&format!("constraint {i} needs a \"terms\" array")))?;
        let mut terms = Vec::with_capacity(terms_json.len());
        for t in terms_json {
            let pair = t.as_array().unwrap_or_default();
            let var = pair.first().and_then(Json::as_i64);
            let coef = pair.get(1).and_then(Json::as_rational);
            match (var, coef) {
                (Some(var), Some(coef)) if var >= 0 && pair.len() == 2 => {
                    terms.push((crate::VarId(var as usize), coef));
                }
                _ => {
                    return Err(fail(&format!(
                        "constraint {i}: a term must be [variable index, rational]"
                    )))
                }
            }
        }
        let bound = |key: &str| -> Result<Option<num_rational::BigRational>, CaseError> {
            match c.get(key) {
                None | Some(Json::Null) => Ok(None),
                Some(b) => b
                    .as_rational()
                    .map(Some)
                    .ok_or_else(|| fail(&format!("constraint {i}: \"{key}\" is not a rational"))),
            }
        };
        problem.add_constraint(row_name, terms, bound("lower")?, bound("upper")?);
    }
    if let Some((row, var)) = problem.unknown_variable() {
        return Err(fail(&format!(
            "constraint {row} refers to variable {} which does not exist",
            var.0
        )));
    }
    Ok(Case {
        name: name.to_string(),
        description,
        expected,
        problem,
    })
}

/// Every case under [`testdata_dir`], sorted by file name.
///
/// # Errors
///
/// A [`CaseError`] for the first file that cannot be read ([`CaseErrorKind::Io`]) or
/// parsed ([`CaseErrorKind::Malformed`]), or when the directory holds no case.
pub fn cases() -> Result<Vec<Case>, CaseError> {
    let dir = testdata_dir();
    let io = |path: &Path, e: std::io::Error| {
        CaseError::new(
            &path.display().to_string(),
            CaseErrorKind::Io,
            e.to_string(),
        )
    };
    let entries = std::fs::read_dir(&dir).map_err(|e| io(&dir, e))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
        let doc = json::parse(&text)
            .map_err(|e| CaseError::new(&name, CaseErrorKind::Malformed, e.to_string()))?;
        // A file holds one case or an array of cases.
        match doc.as_array() {
            Some(items) => {
                for (i, item) in items.iter().enumerate() {
                    out.push(case_from_json(&format!("{name}#{i}"), item)?);
                }
            }
            None => out.push(case_from_json(&name, &doc)?),
        }
    }
    if out.is_empty() {
        return Err(CaseError::new(
            &dir.display().to_string(),
            CaseErrorKind::Malformed,
            "the directory holds no conformance case (*.json)",
        ));
    }
    Ok(out)
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
