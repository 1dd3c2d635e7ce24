//! The multiclass protocols: micro and macro averages on one testset or over known folds,
//! decided on the K×K confusion matrices themselves.
//!
//! Requests are read into `scorecheck-multiclass`'s typed experiments (the models, their
//! proofs and the deliberate differences from the reference are documented there), and
//! answered with a [`MulticlassOutcome`]: `"model": "exact"` (the default) or
//! `"one_vs_rest"`, and the result says which model decided (`"model"`).

mod macro_avg;
mod micro;
mod outcome;

use crate::classes::MulticlassRequest;
use crate::options::RunOptions;
use crate::Result;
use scorecheck_feasibility::Conclusion;

pub use outcome::{
    FoldMatrix, MacroMatrices, MulticlassDecision, MulticlassOutcome, TraceAnswer, TraceWitness,
};

/// Answers a multiclass request that has been read.
///
/// # Errors
///
/// When the pooled counts or the model exceed the supported sizes, or the named backend is
/// not built in.
pub(crate) fn answer(read: &MulticlassRequest, options: &RunOptions) -> Result<MulticlassOutcome> {
    let first = answer_on(read, options)?;
    // A mean over scikit-learn's stratified folds: which folds it made depends on the order
    // in which the classes first appear in `y`, which the request does not give. The
    // figures are inconsistent only if they are under every order; else the first
    // consistent order's answer (its witness's folds say which), or an undecided one.
    if !read.protocol.is_mean_of_scores()
        || !matches!(first.conclusion, Conclusion::Inconsistent { .. })
    {
        return Ok(first);
    }
    let others = read.setup.other_stratified_folds();
    let lists = others.lists.len() + 1;
    // The other orders' checks end by the request's deadline, or within ten seconds of
    // their own without one.
    let stop = options
        .deadline
        .unwrap_or_else(|| scorecheck_clock::Instant::now() + std::time::Duration::from_secs(10));
    let inner = options.inner(stop);
    let mut undecided = None;
    // (The request's own list was checked first.)
    for (checked, folds) in (1..).zip(others.lists) {
        if scorecheck_clock::Instant::now() >= stop {
            let mut first = first;
            first.conclusion = Conclusion::Undecided;
            first.unstated_order = Some(format!(
                "scikit-learn's stratified folds depend on the order in which the classes first appear in y, which the request does not give: the figures are inconsistent with each of {checked} of the {lists} distinct fold lists the orders tried make, and the time ran out before the others were checked; give the folds explicitly (folding.folds), or a longer time_limit, to decide"
            ));
            return Ok(first);
        }
        let mut other = read.clone();
        other.setup.folds = folds;
        let outcome = answer_on(&other, &inner)?;
        match outcome.conclusion {
            Conclusion::Consistent => return Ok(outcome),
            Conclusion::Inconsistent { .. } => {}
            _ => {
                undecided.get_or_insert(outcome);
            }
        }
    }
    if let Some(undecided) = undecided {
        return Ok(undecided);
    }
    if others.complete {
        return Ok(first);
    }
    // Orders left untried: the figures may fit the folds of one of them.
    let (tried, all) = others.orders;
    let all = all.map_or_else(|| "more than 2^64".to_string(), |n| n.to_string());
    let mut first = first;
    first.conclusion = Conclusion::Undecided;
    first.unstated_order = Some(format!(
        "scikit-learn's stratified folds depend on the order in which the classes first appear in y, which the request does not give: the figures are inconsistent with each of the {lists} distinct fold lists of {tried} of the {all} orders that can differ, the other orders were not tried; give the folds explicitly (folding.folds) to decide"
    ));
    Ok(first)
}

/// Answers a multiclass request on its folds as given.
fn answer_on(read: &MulticlassRequest, options: &RunOptions) -> Result<MulticlassOutcome> {
    match (read.protocol.is_macro(), read.protocol.is_mean_of_scores()) {
        (true, _) => macro_avg::answer(read, options),
        (false, false) => micro::score_of_means(read, options),
        (false, true) => micro::mean_of_scores(read, options),
    }
}
