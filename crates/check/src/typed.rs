//! Typed requests answered: what [`crate::run_text`] does after reading a request, for one
//! built in code or deserialized with serde (cargo feature `serde`).
//!
//! The requests are `scorecheck-request`'s ([`crate::request`]), built of the engines' own
//! types; its readers turn a JSON request into one. The answer is an [`Answer`]: the typed
//! [`crate::Conclusion`] and [`crate::Outcome`], rendered by [`Answer::to_json`] as
//! [`crate::run_text`] writes it, without its `check` field.
//!
//! ```
//! use scorecheck::experiment::{Bound, DatasetSpec, Experiment, FoldSpec};
//! use scorecheck::request::mean_of_scores::{MeanOfScoresRequest, MeanProtocol};
//! use scorecheck::{algebra::Score, answer_mean_of_scores, Conclusion, RunOptions};
//! # use num_rational::BigRational;
//! let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
//! let fold = |p, n| FoldSpec::new(p, n);
//! // A mean accuracy of 0.55 over two folds of 10 items: 11 right answers in 20.
//! let experiment = Experiment::new(
//!     vec![DatasetSpec::from_folds(vec![fold(5, 5), fold(5, 5)])],
//!     vec![Bound::new(Score::Acc, q(55, 100), q(55, 100))],
//! );
//! let request = MeanOfScoresRequest::new(MeanProtocol::DatasetKnownFolds, experiment);
//! let answer = answer_mean_of_scores(&request, &RunOptions::default())?;
//! assert_eq!(answer.conclusion, Conclusion::Consistent);
//! assert_eq!(answer.to_json()["verdict"], "consistent");
//! # Ok::<(), scorecheck::Error>(())
//! ```

use scorecheck_request::classes::MulticlassRequest;
use scorecheck_request::mean_of_scores::MeanOfScoresRequest;
use scorecheck_request::regression::RegressionRequest;
use scorecheck_request::single_matrix::SingleMatrixRequest;
use scorecheck_request::unknown_folds::UnknownFoldsRequest;

use crate::options::RunOptions;
use crate::outcome::{Answer, Outcome};
use crate::Result;

/// Answers with `answer` under `options` started now.
fn typed(
    options: &RunOptions,
    answer: impl FnOnce(&RunOptions) -> Result<Outcome>,
) -> Result<Answer> {
    let mut options = options.clone();
    options.start();
    let outcome = answer(&options)?;
    Ok(Answer::new(None, outcome, options.explains()))
}

/// Answers a mean-of-scores request (`1_dataset_known_folds_mos`, `n_testsets_mos_no_kfold`,
/// `n_datasets_mos_kfold_som`, `n_datasets_mos_known_folds_mos`).
///
/// # Errors
///
/// When the experiment cannot be modelled (an undefined score, counts beyond the program's
/// sizes) or the named backend is not built in.
pub fn answer_mean_of_scores(
    request: &MeanOfScoresRequest,
    options: &RunOptions,
) -> Result<Answer> {
    typed(options, |o| {
        crate::mos::answer(request, o).map(Outcome::MeanOfScores)
    })
}

/// Answers an unknown-folds request (`1_dataset_unknown_folds_mos`,
/// `n_datasets_mos_unknown_folds_mos`).
///
/// # Errors
///
/// When the fold configurations cannot be formed or the named backend is not built in.
pub fn answer_unknown_folds(request: &UnknownFoldsRequest, options: &RunOptions) -> Result<Answer> {
    typed(options, |o| {
        crate::unknown_folds::answer(request, o).map(Outcome::UnknownFolds)
    })
}

/// Answers a single-matrix request (`1_testset_no_kfold`, `1_dataset_kfold_som`,
/// `n_testsets_som_no_kfold`, `n_datasets_som_kfold_som`).
///
/// # Errors
///
/// None today (every single-matrix search ends in a verdict or "undecided"); the `Result` is
/// kept for the checks a request may ask for later.
pub fn answer_single_matrix(request: &SingleMatrixRequest, options: &RunOptions) -> Result<Answer> {
    typed(options, |o| {
        Ok(Outcome::SingleMatrix(crate::single_matrix::answer(
            request, o,
        )))
    })
}

/// Answers a multiclass request (micro or macro averages, on a test set or over known folds).
///
/// # Errors
///
/// When the pooled counts or the model exceed the supported sizes, or the named backend is
/// not built in.
pub fn answer_multiclass(request: &MulticlassRequest, options: &RunOptions) -> Result<Answer> {
    typed(options, |o| {
        crate::multiclass::answer(request, o).map(Outcome::Multiclass)
    })
}

/// Answers a regression request (`regression_1_testset_no_kfold`).
///
/// # Errors
///
/// When r2 is reported with a zero variance.
pub fn answer_regression(request: &RegressionRequest, options: &RunOptions) -> Result<Answer> {
    typed(options, |o| {
        crate::regression::answer(request, o).map(Outcome::Regression)
    })
}
