//! Confidence intervals of binomial rates (Wilson, Clopper–Pearson) at a confusion matrix.
//!
//! score_analysis gives its rates Wald intervals (p̂ ± z·√(p̂(1 − p̂)/n)); we do not, because
//! Wald intervals collapse to a point at p̂ = 0 or 1 and leave [0, 1] near the ends.
//! Wilson's score interval and the Clopper–Pearson ("exact") interval do neither.

use scorecheck_algebra::ConfusionMatrix;

use crate::error::Error;
use crate::special::{beta_quantile, normal_quantile};

/// How a binomial rate's confidence interval is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IntervalMethod {
    /// Wilson's score interval.
    Wilson,
    /// The Clopper–Pearson interval from beta quantiles (conservative).
    ClopperPearson,
}

/// A rate of a confusion matrix as successes over trials.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RateCount {
    /// The rate's name: `tpr`, `tnr`, `fpr`, `fnr`, `ppv`, `npv` or `acc`.
    pub name: &'static str,
    /// Successes (the numerator).
    pub successes: u64,
    /// Trials (the denominator).
    pub trials: u64,
}

/// The rates that have binomial intervals, as counts at `m`, in a fixed order:
/// tpr, tnr, fpr, fnr, ppv, npv, acc.
pub fn rate_counts(m: &ConfusionMatrix) -> [RateCount; 7] {
    let rate = |name, successes, trials| RateCount {
        name,
        successes,
        trials,
    };
    [
        rate("tpr", m.tp(), m.p()),
        rate("tnr", m.tn(), m.n()),
        rate("fpr", m.fp(), m.n()),
        rate("fnr", m.fn_(), m.p()),
        rate("ppv", m.tp(), m.tp() + m.fp()),
        rate("npv", m.tn(), m.tn() + m.fn_()),
        rate("acc", m.tp() + m.tn(), m.p() + m.n()),
    ]
}

/// The smallest `alpha` the intervals take: below it 1 − alpha/2 is too close to 1 in
/// floating point for the quantiles (Clopper-Pearson's upper end stopped growing, Wilson's
/// interval became [0, 1]).
pub(crate) const MIN_ALPHA: f64 = 1e-12;

pub(crate) fn check_alpha(alpha: f64) -> Result<(), Error> {
    if (MIN_ALPHA..1.0).contains(&alpha) {
        Ok(())
    } else if alpha > 0.0 && alpha < MIN_ALPHA {
        Err(Error::option(format!(
            "alpha = {alpha} is below {MIN_ALPHA:e}, where 1 - alpha/2 is too close to 1 in floating point for the interval's quantiles: give alpha of 1e-12 or more"
        )))
    } else {
        Err(Error::option(format!(
            "alpha = {alpha} must be strictly between 0 and 1 (0.05 gives 95% intervals)"
        )))
    }
}

/// The two-sided confidence interval of `successes / trials` at level 1 − `alpha`, or
/// `None` when there are no trials.
///
/// ```
/// use scorecheck_eval::{binomial_interval, IntervalMethod};
/// let (lo, hi) = binomial_interval(0, 10, 0.05, IntervalMethod::ClopperPearson).unwrap().unwrap();
/// assert_eq!(lo, 0.0);
/// assert!((hi - 0.3084971078187608).abs() < 1e-10);
/// ```
///
/// # Errors
///
/// `alpha` not strictly between 0 and 1, or more successes than trials.
pub fn binomial_interval(
    successes: u64,
    trials: u64,
    alpha: f64,
    method: IntervalMethod,
) -> Result<Option<(f64, f64)>, Error> {
    check_alpha(alpha)?;
    if successes > trials {
        return Err(Error::option(format!(
            "{successes} successes out of {trials} trials; successes cannot exceed trials"
        )));
    }
    if trials == 0 {
        return Ok(None);
    }
    let (k, n) = (successes as f64, trials as f64);
    Ok(Some(match method {
        IntervalMethod::Wilson => {
            // The upper quantile from the lower tail (`isf(alpha / 2)`): `1 - alpha / 2`
            // rounds away the digits of a small alpha.
            let z = -normal_quantile(alpha / 2.0);
            let p = k / n;
            let z2 = z * z;
            let denominator = 1.0 + z2 / n;
            let center = (p + z2 / (2.0 * n)) / denominator;
            let half = z / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
            // At 0 and n successes the ends are 0 and 1 exactly; rounding would miss them.
            let lower = if successes == 0 {
                0.0
            } else {
                (center - half).max(0.0)
            };
            let upper = if successes == trials {
                1.0
            } else {
                (center + half).min(1.0)
            };
            (lower, upper)
        }
        IntervalMethod::ClopperPearson => {
            let lower = if successes == 0 {
                0.0
            } else {
                beta_quantile(alpha / 2.0, k, n - k + 1.0)
            };
            let upper = if successes == trials {
                1.0
            } else {
                // I_x(a, b) = 1 - I_{1-x}(b, a): the upper quantile from the lower tail.
                1.0 - beta_quantile(alpha / 2.0, n - k, k + 1.0)
            };
            (lower, upper)
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_alphas_keep_their_digits() {
        // At alpha 1e-12, z = norm.isf(5e-13) = 7.130506848171324 (scipy); 1 of 1 gives the
        // Wilson lower end 1 / (1 + z²), and 0 of 3 the Clopper–Pearson upper end
        // 1 - (alpha / 2)^(1/3).
        let alpha = 1e-12;
        let z: f64 = 7.130_506_848_171_324;
        let (lower, _) = binomial_interval(1, 1, alpha, IntervalMethod::Wilson)
            .unwrap()
            .unwrap();
        assert!((lower - 1.0 / (1.0 + z * z)).abs() < 1e-15, "{lower}");
        let (_, upper) = binomial_interval(0, 3, alpha, IntervalMethod::ClopperPearson)
            .unwrap()
            .unwrap();
        let exact = 1.0 - (alpha / 2.0f64).powf(1.0 / 3.0);
        assert!((upper - exact).abs() < 1e-15, "{upper} {exact}");
    }

    #[test]
    fn an_alpha_too_small_for_the_quantiles_is_refused() {
        for method in [IntervalMethod::Wilson, IntervalMethod::ClopperPearson] {
            assert!(binomial_interval(103, 200, 1e-16, method).is_err());
            assert!(binomial_interval(103, 200, 1e-12, method).is_ok());
        }
    }

    #[test]
    fn intervals_contain_the_estimate_and_nest_by_alpha() {
        for (k, n) in [(0u64, 5u64), (3, 10), (10, 10), (743, 1000)] {
            for method in [IntervalMethod::Wilson, IntervalMethod::ClopperPearson] {
                let (lo, hi) = binomial_interval(k, n, 0.05, method).unwrap().unwrap();
                let (lo99, hi99) = binomial_interval(k, n, 0.01, method).unwrap().unwrap();
                let p = k as f64 / n as f64;
                assert!(
                    lo <= p && p <= hi && lo99 <= lo && hi <= hi99,
                    "{k}/{n} {method:?}: [{lo}, {hi}] [{lo99}, {hi99}]"
                );
            }
        }
        assert_eq!(
            binomial_interval(0, 0, 0.05, IntervalMethod::Wilson),
            Ok(None)
        );
        assert!(binomial_interval(1, 2, 0.0, IntervalMethod::Wilson).is_err());
    }

    #[test]
    fn wilson_matches_its_closed_form_for_a_textbook_case() {
        // 81 of 263 at 95%: Wilson gives [0.2553, 0.3662] (Newcombe 1998, table I style).
        let (lo, hi) = binomial_interval(81, 263, 0.05, IntervalMethod::Wilson)
            .unwrap()
            .unwrap();
        assert!(
            (lo - 0.2553).abs() < 1e-4 && (hi - 0.3662).abs() < 1e-4,
            "{lo} {hi}"
        );
    }
}
