//! `regression_1_testset_no_kfold`: the request is read into `scorecheck-regression`'s typed
//! problem (var, n_samples, a window per reported mae, mse, rmse or r2 from its eps and
//! `numerical_tolerance`) and answered with a [`RegressionOutcome`]: `failed` names each
//! relation that fails (`"rmse <= sqrt(n)*mae"`, `"mae <= rmse"`, ...), `feasible_mse` the
//! range of mse otherwise. The conditions and their proof are in that crate's documentation.

use num_rational::BigRational;
use scorecheck_feasibility::{Certainty, Conclusion};
use scorecheck_regression::{check, Reported};

use crate::options::RunOptions;
use crate::{Error, Result};
use scorecheck_request::regression::RegressionRequest;

/// The outcome of a regression check: whether some residual vector gives every reported
/// score, the relations that fail, and the range of mse otherwise.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct RegressionOutcome {
    /// Consistent when every relation holds; inconsistent (exactly) otherwise.
    pub conclusion: Conclusion,
    /// The window of each reported score, in the order reported.
    pub windows: Vec<Reported>,
    /// The relations that fail (`"rmse <= sqrt(n)*mae"`, `"mae <= rmse"`, ...); empty when
    /// consistent.
    pub failed: Vec<String>,
    /// When consistent, the least mse and the greatest (`None`: unbounded) that some residual
    /// vector gives with every reported score.
    pub feasible_mse: Option<(BigRational, Option<BigRational>)>,
    /// The explanation's sentence: why the relations fail, or that they hold together.
    pub explanation: String,
}

/// Decides a regression request that has been read (the options are not used: the check is
/// a handful of exact comparisons, with nothing to budget).
///
/// # Errors
///
/// An [`Error`] naming `var` when r2 is reported with a zero variance.
pub(crate) fn answer(read: &RegressionRequest, _options: &RunOptions) -> Result<RegressionOutcome> {
    let RegressionRequest {
        var,
        n_samples: n,
        windows,
        ..
    } = read;
    let outcome =
        check(*n, var, windows).map_err(|e| Error::contradiction("var", e.to_string()))?;
    let conclusion = if outcome.is_consistent() {
        Conclusion::Consistent
    } else {
        Conclusion::Inconsistent {
            certainty: Certainty::Exact,
        }
    };
    let explanation = if outcome.feasible_mse.is_some() {
        format!("some {n} residuals give every reported score: the relations mae ≤ rmse ≤ √n·mae, rmse² = mse and mse = var·(1 − r2) hold together (mse may lie in the range given in feasible_mse)")
    } else {
        outcome.messages.join("; ")
    };
    Ok(RegressionOutcome {
        conclusion,
        windows: windows.clone(),
        failed: outcome.failed,
        feasible_mse: outcome.feasible_mse,
        explanation,
    })
}
