//! The shared conformance cases under `testdata/` and the runner every backend's tests call.

use std::path::{Path, PathBuf};

use crate::json::{self, Json};
use crate::{checked, Budget, Feasibility, Problem, Verdict};

/// What a conformance case expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// Some integer point exists.
    Feasible,
    /// No integer point exists.
    Infeasible,
}

/// One conformance case: a problem and its known answer.
#[derive(Debug, Clone)]
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
pub fn parse_case(name: &str, text: &str) -> Result<Case, String> {
    let doc = json::parse(text).map_err(|e| format!("{name}: {e}"))?;
    case_from_json(name, &doc)
}

fn case_from_json(name: &str, doc: &Json) -> Result<Case, String> {
    let fail = |what: &str| format!("{name}: {what}");
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
        let bound = |key: &str| -> Result<Option<num_rational::BigRational>, String> {
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
pub fn cases() -> Result<Vec<Case>, String> {
    let dir = testdata_dir();
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
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
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let doc = json::parse(&text).map_err(|e| format!("{name}: {e}"))?;
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
        return Err(format!("no conformance cases under {}", dir.display()));
    }
    Ok(out)
}

/// Runs every conformance case through [`checked`] with `backend` and the default budget.
///
/// Returns the number of cases run, or one line per case whose verdict differs from the
/// expected one (an undecided verdict counts as a failure: every case is meant to be
/// decidable well within the default budget).
pub fn run_conformance(backend: &dyn Feasibility) -> Result<usize, String> {
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
            failures.push(format!(
                "{} ({}): expected {:?}, backend {} answered {:?}",
                case.name,
                case.description,
                case.expected,
                backend.name(),
                verdict
            ));
        }
    }
    if failures.is_empty() {
        Ok(cases.len())
    } else {
        Err(failures.join("\n"))
    }
}
