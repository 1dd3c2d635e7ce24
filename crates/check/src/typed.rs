//! Typed requests answered: what [`crate::run_text`] does after reading a request, for one
//! built in code or deserialized with serde (cargo feature `serde`).
//!
//! The requests are `scorecheck-request`'s ([`crate::request`]), built of the engines' own
//! types; its readers turn a JSON request into one. The answer is an [`Answer`]: the typed
//! [`Conclusion`], and the JSON result [`crate::run_text`] gives, without its `check` field.
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
//! assert_eq!(answer.result["verdict"], "consistent");
//! # Ok::<(), scorecheck::Error>(())
//! ```

use scorecheck_feasibility::Conclusion;
use serde_json::Value;

use scorecheck_request::classes::MulticlassRequest;
use scorecheck_request::input::Object;
use scorecheck_request::json::{Json, JsonMap};
use scorecheck_request::mean_of_scores::MeanOfScoresRequest;
use scorecheck_request::regression::RegressionRequest;
use scorecheck_request::single_matrix::SingleMatrixRequest;
use scorecheck_request::unknown_folds::UnknownFoldsRequest;

use crate::dispatch::{tidy, Request, RunOptions};
use crate::Result;

/// The answer to a typed request.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Answer {
    /// What the result concludes.
    pub conclusion: Conclusion,
    /// The whole result, as [`crate::run_text`] writes it without its `check` field.
    pub result: Value,
}

impl Answer {
    /// The answer of a [`crate::run_text`] result: [`Conclusion::from_fields`] of its fields.
    pub fn new(result: Value) -> Answer {
        let field = |name| result.get(name).and_then(Value::as_str);
        Answer {
            conclusion: Conclusion::from_fields(field("verdict"), field("certainty")),
            result,
        }
    }
}

/// Runs `answer` on a request with no JSON fields and `options` started.
fn typed(
    options: &RunOptions,
    answer: impl FnOnce(&Request<'_>) -> Result<Value>,
) -> Result<Answer> {
    let empty = Json::Object(JsonMap::new());
    let mut options = options.clone();
    options.start();
    let request = Request {
        fields: Object::new(&empty, "")?,
        options,
    };
    let mut result = answer(&request)?;
    tidy(&mut result, &request.options);
    Ok(Answer::new(result))
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
    typed(options, |r| crate::mos::answer(request, r))
}

/// Answers an unknown-folds request (`1_dataset_unknown_folds_mos`,
/// `n_datasets_mos_unknown_folds_mos`).
///
/// # Errors
///
/// When the fold configurations cannot be formed or the named backend is not built in.
pub fn answer_unknown_folds(request: &UnknownFoldsRequest, options: &RunOptions) -> Result<Answer> {
    typed(options, |r| {
        crate::unknown_folds::answer(
            &request.experiment,
            &request.ignored,
            request.range.as_ref(),
            r,
        )
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
    typed(options, |r| crate::binary_som::decide(r, request.clone()))
}

/// Answers a multiclass request (micro or macro averages, on a test set or over known folds).
///
/// # Errors
///
/// When the pooled counts or the model exceed the supported sizes, or the named backend is
/// not built in.
pub fn answer_multiclass(request: &MulticlassRequest, options: &RunOptions) -> Result<Answer> {
    typed(options, |r| crate::multiclass::answer(r, request))
}

/// Answers a regression request (`regression_1_testset_no_kfold`).
///
/// # Errors
///
/// When r2 is reported with a zero variance.
pub fn answer_regression(request: &RegressionRequest, options: &RunOptions) -> Result<Answer> {
    typed(options, |_| crate::regression::answer(request))
}
