//! Exact ranges of an averaged linear score over the integer points of a mean-of-scores
//! program.
//!
//! The experiment-level mean of a linear score (acc, sens, spec, bacc and their relatives)
//! is Σ cᵢ·xᵢ + c₀ over the program's unknowns ([`mean_objective`]). Its extremes over the
//! integer points are found by the feasibility layer's optimisation entry point
//! (`checked_optimize`): the values lie on a grid, and a binary search on it, each step one
//! solve with the row "mean ≥ probe" (or "≤") added, ends on the exact extreme, attained at
//! an exactly checked point. A float backend's "infeasible" is no proof that nothing better
//! exists, so the solves go through [`ExactOnly`]; a solve left undecided, or a passed
//! deadline, ends a side with the bracket found so far ([`Extreme`] with `attained` below
//! `proven` for a largest, above it for a least).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use scorecheck_algebra::Score;
use scorecheck_feasibility::{
    checked_optimize, Certainty, ExactOnly, Feasibility, Objective, Optimum, Problem, Sense, VarId,
};

use crate::mean_auc::{
    auc_extreme_within, linear_extreme_with_auc, AucEffort, AucModel, AucSolution, AucWindow,
    Extreme,
};
use crate::model::{linear_form, Experiment};
use crate::solve::Limits;

/// The mean of `score` over `experiment` as an objective on the unknowns of
/// [`build`](crate::build)'s program (tp, tn of each fold in order); `None` where the score
/// is undefined on some fold (a fold without positives under sens, say) or not linear.
pub fn mean_objective(experiment: &Experiment, score: Score) -> Option<Objective> {
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
    Some(Objective::new(terms, constant))
}

/// The least and the greatest mean of `score` over the integer points of `problem` (the
/// program of `experiment`, of which `witness` is a point), each exact where the search
/// closed and a bracket otherwise; `None` where [`mean_objective`] has none.
///
/// Every solve is `solver`'s under `limits`' budget, taken as the solve starts (so that a
/// deadline holds over both sides), with its inexact "infeasible"s taken as undecided. An open side is bracketed by the best point found (or `witness`) and the
/// best bound proven (or the score's natural end, 0 or 1 where it has none).
pub fn linear_range(
    experiment: &Experiment,
    problem: &Problem,
    witness: &[i64],
    score: Score,
    solver: &dyn Feasibility,
    limits: &Limits,
) -> Option<[Extreme; 2]> {
    let objective = mean_objective(experiment, score)?;
    let exact = ExactOnly(solver);
    let (natural_lo, natural_hi) = score.natural_range();
    let natural = |end: Option<i64>, up: bool| {
        BigRational::from_integer(BigInt::from(end.unwrap_or(i64::from(up))))
    };
    Some([false, true].map(|up| {
        let sense = if up { Sense::Maximize } else { Sense::Minimize };
        // Under a deadline the least side takes at most half of what is left, so that the
        // greatest has its share.
        let mut budget = limits.budget();
        if !up && limits.deadline.is_some() {
            budget.time_limit = budget.time_limit.map(|left| left / 2);
        }
        let (incumbent, bound) = match checked_optimize(&exact, problem, &objective, sense, &budget)
        {
            Optimum::Optimal { value, .. } => {
                return Extreme {
                    attained: value.clone(),
                    proven: value,
                    solution: None,
                }
            }
            Optimum::Undecided {
                incumbent, bound, ..
            } => (incumbent.map(|(v, _)| v), bound.map(|(v, _)| v)),
            // The program has the witness: any other answer leaves the extreme open.
            _ => (None, None),
        };
        let attained = incumbent
            .or_else(|| objective.value(witness))
            .unwrap_or_else(|| natural(if up { natural_lo } else { natural_hi }, !up));
        let limit = natural(if up { natural_hi } else { natural_lo }, up);
        let proven = match bound {
            Some(b) if up && b < limit => b,
            Some(b) if !up && b > limit => b,
            _ => limit,
        };
        Extreme {
            attained,
            proven,
            solution: None,
        }
    }))
}

/// The least and greatest mean AUC over the solutions of `model` whose mean AUC lies in
/// `window` (open sides: no limit), by bisection from `start` (whose `k` may be empty: a
/// point of the other scores only).
pub fn auc_range(
    model: &AucModel,
    window: &AucWindow,
    start: &AucSolution,
    solver: &dyn Feasibility,
    limits: &Limits,
) -> [Extreme; 2] {
    let mut effort = AucEffort::default();
    [false, true]
        .map(|up| auc_extreme_within(model, window, start, up, solver, limits, &mut effort))
}

/// The least and greatest mean of the linear `score` over the solutions of `model` whose
/// mean AUC lies in `window`, from the verified `solution`; `None` where the score's mean is
/// not a linear objective of the program (undefined on a fold), and a side `None` where the
/// objective does not fit `model`'s program (`model` not made of `experiment`).
///
/// Each side first finds the extreme without the AUC exactly (through [`ExactOnly`]): where
/// the point attaining it admits AUC values in the window, that is the extreme; otherwise a
/// bisection with the AUC search (`linear_extreme_with_auc`) closes in on it.
pub fn linear_range_with_auc(
    experiment: &Experiment,
    model: &AucModel,
    window: &AucWindow,
    solution: &AucSolution,
    score: Score,
    solver: &dyn Feasibility,
    limits: &Limits,
) -> Option<[Option<Extreme>; 2]> {
    let objective = mean_objective(experiment, score)?;
    let exact = ExactOnly(solver);
    let mut effort = AucEffort::default();
    let sides = [false, true].map(|up| {
        let sense = if up { Sense::Maximize } else { Sense::Minimize };
        let known =
            match checked_optimize(&exact, model.base(), &objective, sense, &limits.budget()) {
                Optimum::Optimal {
                    value,
                    argopt,
                    certainty: Certainty::Exact,
                } => Some((value, argopt)),
                _ => None,
            };
        linear_extreme_with_auc(
            model,
            window,
            &objective,
            solution,
            up,
            known.as_ref().map(|(v, at)| (v, at.as_slice())),
            solver,
            limits,
            &mut effort,
        )
    });
    Some(sides)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{build, DatasetSpec, FoldSpec};
    use scorecheck_feasibility::testing::BruteForce;

    /// Two small folds: every integer point is enumerated by the oracle, and the range of
    /// the mean accuracy is checked against the extremes over all points.
    #[test]
    fn ranges_are_the_extremes_over_every_point() {
        let experiment = Experiment {
            datasets: vec![DatasetSpec {
                folds: vec![FoldSpec::new(3, 4), FoldSpec::new(2, 5)],
                bounds: Vec::new(),
            }],
            windows: Vec::new(),
        };
        let problem = build(&experiment).expect("a program");
        let witness = vec![0; problem.variables().len()];
        let solver = BruteForce::default();
        for score in [Score::Acc, Score::Sens, Score::Spec, Score::Bacc] {
            let [low, high] = linear_range(
                &experiment,
                &problem,
                &witness,
                score,
                &solver,
                &Limits::new(),
            )
            .expect("linear");
            let objective = mean_objective(&experiment, score).expect("linear");
            let mut values = Vec::new();
            for tp0 in 0..=3 {
                for tn0 in 0..=4 {
                    for tp1 in 0..=2 {
                        for tn1 in 0..=5 {
                            values.push(objective.value(&[tp0, tn0, tp1, tn1]).unwrap());
                        }
                    }
                }
            }
            assert!(low.is_exact() && high.is_exact(), "{score}");
            assert_eq!(&low.attained, values.iter().min().unwrap(), "{score}");
            assert_eq!(&high.attained, values.iter().max().unwrap(), "{score}");
        }
    }
}
