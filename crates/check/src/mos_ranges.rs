//! Exact ranges of the averaged scores in the mean-of-scores protocols (`"ranges"`).
//!
//! The experiment-level mean of a linear score (acc, sens, spec, bacc and their relatives)
//! is Σ cᵢ·xᵢ + c₀ over the integer unknowns of the program, so its values lie on the grid
//! c₀ + (1/L)·ℤ, L the least common denominator of the cᵢ. Its exact maximum is the largest
//! grid value m/L for which the program with the row Σ cᵢ·xᵢ ≥ m/L is still feasible: a
//! binary search over m from the witness's value, each step one exact solve by the request's
//! backend (a feasible answer only counts after the exact witness check; an "infeasible"
//! of a float backend carries its certainty). The minimum likewise. A solve that comes back
//! undecided, or a passed deadline, ends the search with the bracket found so far.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use scorecheck_algebra::Score;
use scorecheck_feasibility::{Certainty, Problem, VarId, Verdict};
use serde_json::{json, Map, Value};

use crate::dispatch::Request;
use crate::error::{Error, ErrorKind, Result};
use crate::mos::{linear_form, usable, Experiment};

/// Reads `ranges` for a mean-of-scores protocol: `"all"` (acc, sens, spec, bacc) or a
/// list of linear score names.
pub(crate) fn read(value: Option<&Value>) -> Result<Option<Vec<(Score, String)>>> {
    let Some(value) = value else {
        return Ok(None);
    };
    match value {
        Value::String(s) if s == "all" => Ok(Some(
            [Score::Acc, Score::Sens, Score::Spec, Score::Bacc]
                .iter()
                .map(|s| (*s, s.abbreviation().to_string()))
                .collect(),
        )),
        Value::Array(items) if !items.is_empty() => {
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

/// The value of the terms at a witness.
fn at(terms: &[(VarId, BigRational)], constant: &BigRational, witness: &[i64]) -> BigRational {
    terms.iter().fold(constant.clone(), |acc, (v, c)| {
        acc + c * BigRational::from_integer(BigInt::from(witness.get(v.0).copied().unwrap_or(0)))
    })
}

/// Whether the program with `lower ≤ Σ terms ≤ upper` added has an integer point.
fn feasible_with(
    problem: &Problem,
    terms: &[(VarId, BigRational)],
    lower: Option<BigRational>,
    upper: Option<BigRational>,
    request: &Request<'_>,
) -> Result<Option<bool>> {
    let mut p = problem.clone();
    p.add_constraint("range probe", terms.to_vec(), lower, upper);
    Ok(match crate::backend::solve(&p, &request.options)? {
        Verdict::Feasible { .. } => Some(true),
        Verdict::Infeasible {
            certainty: Certainty::Exact,
            ..
        } => Some(false),
        // A float solver's "infeasible" is not a proof of an extreme.
        _ => None,
    })
}

fn show(x: &BigRational) -> Value {
    json!({"exact": x.to_string(), "value": crate::binary_som::finite(x.to_f64().unwrap_or(f64::NAN))})
}

/// The `ranges` object of a consistent mean-of-scores result.
pub(crate) fn compute(
    experiment: &Experiment,
    problem: &Problem,
    witness: &[i64],
    targets: &[(Score, String)],
    request: &Request<'_>,
) -> Result<Value> {
    let mut out = Map::new();
    for (score, key) in targets {
        let Some((terms, constant)) = mean_terms(experiment, *score) else {
            out.insert(key.clone(), Value::Null);
            continue;
        };
        // The grid of values: constant + m/L.
        let l = terms
            .iter()
            .fold(BigInt::one(), |acc, (_, c)| acc.lcm(c.denom()));
        let lr = BigRational::from_integer(l.clone());
        let start = ((at(&terms, &constant, witness) - &constant) * &lr).to_integer();
        let (natural_lo, natural_hi) = score.natural_range();
        let bound = |x: Option<i64>, up: bool| -> BigInt {
            let x = BigRational::from_integer(BigInt::from(x.unwrap_or(if up { 1 } else { 0 })));
            let v = (x - &constant) * &lr;
            if up {
                v.floor().to_integer()
            } else {
                v.ceil().to_integer()
            }
        };
        let mut entry = Map::new();
        let mut reasons = Vec::new();
        for up in [false, true] {
            // Invariant: the extreme lies between `limit` and `known` (inclusive), so when
            // they meet it is known exactly, and attained.
            let mut undecided: Option<String> = None;
            let mut known = start.clone();
            let mut limit = bound(if up { natural_hi } else { natural_lo }, up);
            while if up { known < limit } else { known > limit } {
                if request
                    .options
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d)
                {
                    undecided = Some("the time limit ran out during the search".to_string());
                    break;
                }
                let mid: BigInt = if up {
                    (&known + &limit + BigInt::one()).div_floor(&BigInt::from(2))
                } else {
                    (&known + &limit).div_floor(&BigInt::from(2))
                };
                let probe = BigRational::new(mid.clone(), l.clone());
                let answer = if up {
                    feasible_with(problem, &terms, Some(probe), None, request)?
                } else {
                    feasible_with(problem, &terms, None, Some(probe), request)?
                };
                match answer {
                    Some(true) => known = mid,
                    Some(false) => {
                        limit = if up {
                            mid - BigInt::one()
                        } else {
                            mid + BigInt::one()
                        }
                    }
                    None => {
                        undecided =
                            Some("a probe was not decided exactly within the budget".to_string());
                        break;
                    }
                }
            }
            let value = &constant + BigRational::new(known.clone(), l.clone());
            let name = if up { "max" } else { "min" };
            if let Some(reason) = undecided {
                let other = &constant + BigRational::new(limit.clone(), l.clone());
                let (low, high) = if up { (value, other) } else { (other, value) };
                entry.insert(format!("{name}_between"), json!([show(&low), show(&high)]));
                reasons.push(format!("{name}: {reason}"));
            } else {
                entry.insert(name.to_string(), show(&value));
            }
        }
        if !reasons.is_empty() {
            entry.insert("undecided".into(), Value::from(reasons.join("; ")));
        }
        out.insert(key.clone(), Value::Object(entry));
    }
    Ok(Value::Object(out))
}
