//! Exact ranges of the averaged scores in the mean-of-scores protocols (`"ranges"`).
//!
//! The experiment-level mean of a linear score (acc, sens, spec, bacc and their relatives)
//! is Σ cᵢ·xᵢ + c₀ over the integer unknowns of the program, an [`Objective`] whose extremes
//! over the integer points the `Feasibility` layer's optimisation entry point finds
//! ([`checked_optimize`]): the values lie on a grid, and a binary search on it, each step one
//! solve by the request's backend with the row "mean ≥ probe" (or "≤") added, ends on the
//! exact extreme, attained at an exactly checked point. A float backend's "infeasible" is
//! not a proof of an extreme, so here it counts as undecided ([`ExactOnly`]). A solve that
//! comes back undecided, or a passed deadline, ends the search with the bracket found so
//! far.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use scorecheck_algebra::Score;
use scorecheck_feasibility::{
    checked_optimize, Budget, Certainty, Feasibility, Objective, Optimum, Problem, Sense, VarId,
    Verdict,
};
use serde_json::{json, Map, Value};

use crate::dispatch::Request;
use crate::error::{Error, ErrorKind, Result};
use crate::json::Json;
use crate::mos::{linear_form, usable, Experiment};

/// Reads `ranges` for a mean-of-scores protocol: `"all"` (acc, sens, spec, bacc) or a
/// list of linear score names.
pub(crate) fn read(value: Option<&Json>) -> Result<Option<Vec<(Score, String)>>> {
    let Some(value) = value else {
        return Ok(None);
    };
    match value {
        Json::String(s) if s == "all" => Ok(Some(
            [Score::Acc, Score::Sens, Score::Spec, Score::Bacc]
                .iter()
                .map(|s| (*s, s.abbreviation().to_string()))
                .collect(),
        )),
        Json::Array(items) if !items.is_empty() => {
            let mut out: Vec<(Score, String)> = Vec::new();
            for (i, item) in items.iter().enumerate() {
                let field = crate::input::index("ranges", i);
                let name = item.as_str().unwrap_or_default();
                let score = Score::from_name(name).map_err(|e| {
                    Error::new(ErrorKind::UnknownScore, Some(&field), e.to_string())
                })?;
                if !usable(score) {
                    return Err(Error::new(
                        ErrorKind::Unsupported,
                        Some(&field),
                        format!("the range of the mean {score} is not computed: only acc, sens, spec, bacc and their complements (err, fnr, fpr) and bm are linear under averaging"),
                    ));
                }
                if !out.iter().any(|(s, _)| *s == score) {
                    out.push((score, name.to_string()));
                }
            }
            Ok(Some(out))
        }
        _ => Err(Error::new(
            ErrorKind::InvalidValue,
            Some("ranges"),
            "expected \"all\" or a list of score names, like [\"acc\", \"bacc\"]",
        )),
    }
}

/// The mean of `score` over the experiment as terms on the program's unknowns (tp, tn of
/// each fold in order, as `mos::build` makes them) and a constant; `None` where the score is
/// undefined on some fold.
fn mean_terms(
    experiment: &Experiment,
    score: Score,
) -> Option<(Vec<(VarId, BigRational)>, BigRational)> {
    let n_datasets = experiment.datasets.len() as u64;
    let mut terms = Vec::new();
    let mut constant = BigRational::zero();
    let mut var = 0usize;
    for dataset in &experiment.datasets {
        let k = dataset.folds.len() as u64;
        let weight = BigRational::new(BigInt::one(), BigInt::from(k * n_datasets));
        for fold in &dataset.folds {
            let (a, b, c) = linear_form(score, fold.p, fold.n)?;
            terms.push((VarId(var), &a * &weight));
            terms.push((VarId(var + 1), &b * &weight));
            constant += &c * &weight;
            var += 2;
        }
    }
    Some((terms, constant))
}

/// The request's backend with every "infeasible" that is not exact turned into
/// "undecided": the ranges claim exact extremes, so a float solver's word that nothing
/// better exists must not close a search.
struct ExactOnly<'a>(&'a dyn Feasibility);

impl Feasibility for ExactOnly<'_> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        match self.0.solve(problem, budget) {
            Verdict::Infeasible { certainty, reason } if certainty != Certainty::Exact => {
                Verdict::Undecided {
                    reason: format!("{reason} (certainty {certainty}, not an exact proof)"),
                }
            }
            other => other,
        }
    }
}

/// The `ranges` object of a consistent mean-of-scores result.
pub(crate) fn compute(
    experiment: &Experiment,
    problem: &Problem,
    witness: &[i64],
    targets: &[(Score, String)],
    request: &Request<'_>,
) -> Result<Value> {
    let engine = crate::backend::backend(request.options.backend)?;
    let exact = ExactOnly(engine.as_ref());
    let mut out = Map::new();
    for (score, key) in targets {
        let Some((terms, constant)) = mean_terms(experiment, *score) else {
            out.insert(key.clone(), Value::Null);
            continue;
        };
        let objective = Objective::new(terms, constant);
        let (natural_lo, natural_hi) = score.natural_range();
        let natural = |x: Option<i64>, up: bool| {
            BigRational::from_integer(BigInt::from(x.unwrap_or(if up { 1 } else { 0 })))
        };
        let mut entry = Map::new();
        let mut reasons = Vec::new();
        for up in [false, true] {
            let sense = if up { Sense::Maximize } else { Sense::Minimize };
            let name = if up { "max" } else { "min" };
            let budget = crate::backend::budget(&request.options);
            let (incumbent, bound) =
                match checked_optimize(&exact, problem, &objective, sense, &budget) {
                    Optimum::Optimal { value, .. } => {
                        entry.insert(name.to_string(), crate::render::rational(&value));
                        continue;
                    }
                    Optimum::Undecided {
                        incumbent, bound, ..
                    } => (incumbent.map(|(v, _)| v), bound.map(|(v, _)| v)),
                    // The program has the witness: any other answer leaves the extreme open.
                    _ => (None, None),
                };
            let reason = if request
                .options
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
            {
                "the time limit ran out during the search"
            } else {
                "a probe was not decided exactly within the budget"
            };
            // The extreme lies between the best point known and the best bound known.
            let value = incumbent
                .or_else(|| objective.value(witness))
                .unwrap_or_else(|| natural(if up { natural_lo } else { natural_hi }, !up));
            let limit = natural(if up { natural_hi } else { natural_lo }, up);
            let other = match bound {
                Some(b) if up && b < limit => b,
                Some(b) if !up && b > limit => b,
                _ => limit,
            };
            let (low, high) = if up { (value, other) } else { (other, value) };
            entry.insert(
                format!("{name}_between"),
                json!([
                    crate::render::rational(&low),
                    crate::render::rational(&high)
                ]),
            );
            reasons.push(format!("{name}: {reason}"));
        }
        if !reasons.is_empty() {
            entry.insert("undecided".into(), Value::from(reasons.join("; ")));
        }
        out.insert(key.clone(), Value::Object(entry));
    }
    Ok(Value::Object(out))
}
