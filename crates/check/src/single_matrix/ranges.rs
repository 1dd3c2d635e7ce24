//! `"ranges"` of the single-matrix protocols: each range computed by
//! `scorecheck_single::range` (exact extremes over the consistent matrices, with a matrix
//! attaining each; see that module), in parallel over the targets.

use rayon::prelude::*;
use scorecheck_request::figures::ReportedAuc;
use scorecheck_request::single_matrix::Target;

use crate::single;

/// The exact range of one score over the consistent matrices.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ScoreRange {
    /// The name the request used for the score (`"auc"` for the AUC).
    pub key: String,
    /// The range with a matrix attaining each end, undefined, or undecided.
    pub outcome: single::RangeOutcome,
}

/// The ranges of `targets`, in the order asked, over the matrices consistent with `problem`.
pub(crate) fn compute(
    problem: &single::Problem,
    auc: Option<&ReportedAuc>,
    targets: &[Target],
    options: &single::Options,
) -> Vec<ScoreRange> {
    let columns = single::consistent_columns(problem, options);
    let window = auc.map(ReportedAuc::window);
    // The targets are independent: one thread each, as the pool allows.
    targets
        .par_iter()
        .map(|target| ScoreRange {
            key: target.key(),
            outcome: single::range(problem, window.as_ref(), target.engine(), &columns, options),
        })
        .collect()
}
