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
    match (read.protocol.is_macro(), read.protocol.is_mean_of_scores()) {
        (true, _) => macro_avg::answer(read, options),
        (false, false) => micro::score_of_means(read, options),
        (false, true) => micro::mean_of_scores(read, options),
    }
}
