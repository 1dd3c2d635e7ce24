//! Every score's definition, written once and generic over the number type.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::One;

use crate::arith::Arith;
use crate::score::Score;

/// The entries of a binary confusion matrix in terms of (tp, tn, p, n), in any number type.
///
/// fp = n − tn and fn = p − tp are derived. Fractional entries (expected counts) are fine for
/// number types that allow them.
#[derive(Clone, Debug, PartialEq)]
pub struct Counts<T> {
    /// True positives.
    pub tp: T,
    /// True negatives.
    pub tn: T,
    /// Positives (tp + fn).
    pub p: T,
    /// Negatives (tn + fp).
    pub n: T,
}

/// Parameters of the parametrised scores.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Params {
    /// beta of fbp (the reference's `beta_positive`); defaults to 1.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_rational::text"))]
    pub beta_positive: BigRational,
    /// beta of fbn (the reference's `beta_negative`); defaults to 1.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_rational::text"))]
    pub beta_negative: BigRational,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            beta_positive: BigRational::one(),
            beta_negative: BigRational::one(),
        }
    }
}

impl Params {
    /// Parameters with the given betas.
    ///
    /// ```
    /// use scorecheck_algebra::{BigRational, ConfusionMatrix, Params, Score};
    ///
    /// let two = BigRational::from_integer(2.into());
    /// let params = Params::with_betas(two.clone(), BigRational::from_integer(3.into()));
    /// assert_eq!(params.beta_positive, two);
    /// // F2 of tp = 3, fn = 1, fp = 2: 5·3 / (5·3 + 4·1 + 2) = 15/21.
    /// let m = ConfusionMatrix::new(3, 8, 4, 10)?;
    /// assert_eq!(m.exact(Score::Fbp, &params).unwrap().to_string(), "5/7");
    /// # Ok::<(), scorecheck_algebra::Error>(())
    /// ```
    pub fn with_betas(beta_positive: BigRational, beta_negative: BigRational) -> Params {
        Params {
            beta_positive,
            beta_negative,
        }
    }
}

fn two<T: Arith>() -> T {
    T::count(2)
}

/// Evaluates `score` at `m` in the number type `T`; `None` where the score is undefined.
///
/// Undefined means a zero denominator, with these conventions (following the reference,
/// mlscorecheck 1.0.3, `scores.json` "nans"):
/// - ppv, fdr, fm: undefined when tp + fp = 0; npv, for: when tn + fn = 0;
/// - mk and mcc: undefined when tp + fp = 0 or tn + fn = 0;
/// - kappa: when its denominator n·(tp + fp) + p·(tn + fn) vanishes (p = 0 or n = 0 with
///   every item predicted the other class). A classifier predicting one class has kappa 0
///   (observed agreement equals chance agreement), as scikit-learn's `cohen_kappa_score`
///   reports; the reference's table of undefined points lists it, but its formula is
///   defined there, and its own checks accept kappa 0 at such a matrix;
/// - lrp: when fp = 0; lrn: when tn = 0; dor: when fp = 0 or fn = 0; upm: when its
///   denominator 4·tp·tn + (tp + tn)(fp + fn) vanishes (tp = tn = 0, or p = 0 with tn = n,
///   or n = 0 with tp = p);
/// - pt: when sens = 1 − spec (its formula is 0/0 on that line, which contains both
///   points the reference lists);
/// - scores dividing by p or n: when that count is 0.
///
/// ```
/// use scorecheck_algebra::{evaluate, Counts, Exact, Params, Score, Arith};
/// let m = Counts { tp: Exact::count(743), tn: Exact::count(4031), p: Exact::count(1000), n: Exact::count(6000) };
/// let acc = evaluate(Score::Acc, &m, &Params::default()).unwrap();
/// assert_eq!(acc.to_string(), "341/500");
/// ```
pub fn evaluate<T: Arith>(score: Score, m: &Counts<T>, params: &Params) -> Option<T> {
    let Counts { tp, tn, p, n } = m;
    let fp = n.sub(tn);
    let fn_ = p.sub(tp);
    let one = T::count(1);
    // Predicted positives and predicted negatives.
    let pp = tp.add(&fp);
    let pn = tn.add(&fn_);
    match score {
        Score::Acc => tp.add(tn).div(&p.add(n)),
        Score::Err => fp.add(&fn_).div(&p.add(n)),
        Score::Sens => tp.div(p),
        Score::Fnr => fn_.div(p),
        Score::Spec => tn.div(n),
        Score::Fpr => fp.div(n),
        Score::Ppv => tp.div(&pp),
        Score::Fdr => fp.div(&pp),
        Score::Npv => tn.div(&pn),
        Score::For => fn_.div(&pn),
        Score::Bacc => tp.div(p)?.add(&tn.div(n)?).div(&two()),
        Score::F1p => two::<T>().mul(tp).div(&tp.add(p).add(&fp)),
        Score::F1n => two::<T>().mul(tn).div(&tn.add(n).add(&fn_)),
        Score::Fbp => {
            let b2 = T::rational(&(&params.beta_positive * &params.beta_positive));
            one.add(&b2).mul(tp).div(&tp.add(&b2.mul(p)).add(&fp))
        }
        Score::Fbn => {
            let b2 = T::rational(&(&params.beta_negative * &params.beta_negative));
            one.add(&b2).mul(tn).div(&tn.add(&b2.mul(n)).add(&fn_))
        }
        Score::Fm => tp.div(&p.mul(&pp).sqrt()?),
        Score::Upm => {
            let total = p.add(n);
            let denominator = tn
                .mul(&total.sub(tn).add(tp))
                .add(&tp.mul(&total.add(tn).sub(tp)));
            T::count(4).mul(tp).mul(tn).div(&denominator)
        }
        Score::Gm => tp.mul(tn).div(&p.mul(n))?.sqrt(),
        Score::SensTimesSpec => tp.mul(tn).div(&p.mul(n)),
        Score::FnrTimesFpr => fn_.mul(&fp).div(&p.mul(n)),
        Score::Mk => Some(tp.div(&pp)?.add(&tn.div(&pn)?).sub(&one)),
        Score::Bm => Some(tp.div(p)?.add(&tn.div(n)?).sub(&one)),
        Score::Mcc => mcc(tp, tn, &fp, &fn_, p, n, &pp, &pn),
        Score::Lrp => n.mul(tp).div(&p.mul(&fp)),
        Score::Lrn => n.mul(&fn_).div(&p.mul(tn)),
        Score::Pt => pt(tp, &fp, p, n),
        Score::Dor => tp.mul(tn).div(&fp.mul(&fn_)),
        Score::Ji => tp.div(&tp.add(&fp).add(&fn_)),
        Score::Kappa => {
            let numerator = two::<T>().mul(&tp.mul(tn).sub(&fn_.mul(&fp)));
            numerator.div(&n.mul(&pp).add(&p.mul(&pn)))
        }
        Score::Nmcc => mcc(tp, tn, &fp, &fn_, p, n, &pp, &pn)?
            .add(&one)
            .div(&two()),
        Score::Nmk => tp.div(&pp)?.add(&tn.div(&pn)?).div(&two()),
        Score::OneMinusPt => Some(one.sub(&pt(tp, &fp, p, n)?)),
    }
}

#[allow(clippy::too_many_arguments)]
fn mcc<T: Arith>(tp: &T, tn: &T, fp: &T, fn_: &T, p: &T, n: &T, pp: &T, pn: &T) -> Option<T> {
    let numerator = tp.mul(tn).sub(&fp.mul(fn_));
    numerator.div(&p.mul(n).mul(pp).mul(pn).sqrt()?)
}

fn pt<T: Arith>(tp: &T, fp: &T, p: &T, n: &T) -> Option<T> {
    let tpr = tp.div(p)?;
    let fpr = fp.div(n)?;
    // The reference's (√(tpr·fpr) − fpr)/(tpr − fpr) is 0/0 on the line tpr = fpr: undefined.
    if tpr.sub(&fpr).is_zero() {
        return None;
    }
    if fpr.is_zero() {
        return Some(fpr);
    }
    // Off that line it equals √fpr/(√tpr + √fpr) = fpr/(√(tpr·fpr) + fpr): one square root,
    // as the exact type needs, and no cancellation, so f64 and intervals stay accurate.
    fpr.div(&tpr.mul(&fpr).sqrt()?.add(&fpr))
}

/// Exact counts of a confusion matrix as big rationals, for callers that build `Counts`.
pub fn counts_exact(tp: u64, tn: u64, p: u64, n: u64) -> Counts<crate::Exact> {
    let c = |v: u64| crate::Exact::rational(&BigRational::from_integer(BigInt::from(v)));
    Counts {
        tp: c(tp),
        tn: c(tn),
        p: c(p),
        n: c(n),
    }
}
