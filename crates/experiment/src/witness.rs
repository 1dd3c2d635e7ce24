//! The scores a witness of an [`Experiment`] gives: every fold's (tp, tn) and exact scores,
//! each dataset's mean over its folds, and the experiment's mean over its datasets.
//!
//! Evaluated exactly and independently of the integer program (through the linear forms of
//! [`linear_form`]), so that a reader can check a "consistent" by hand.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use scorecheck_algebra::Score;

use crate::model::{linear_form, Experiment};

/// One fold of a witness.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FoldScores {
    /// Positives of the fold.
    pub p: u64,
    /// Negatives of the fold.
    pub n: u64,
    /// The witness's true positives.
    pub tp: i64,
    /// The witness's true negatives.
    pub tn: i64,
    /// The value of each asked score (`None` where it is undefined, a zero count).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub scores: Vec<Option<BigRational>>,
}

/// One dataset of a witness: its folds and the mean of each score over them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DatasetScores {
    /// The folds, in the experiment's order.
    pub folds: Vec<FoldScores>,
    /// The mean over the folds (`None` where a fold leaves it undefined).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub means: Vec<Option<BigRational>>,
}

/// A witness evaluated: per dataset and fold, and the experiment's means, aligned with the
/// asked scores.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WitnessScores {
    /// The scores evaluated, in the order asked.
    pub scores: Vec<Score>,
    /// The datasets, in the experiment's order.
    pub datasets: Vec<DatasetScores>,
    /// The mean over the datasets of their means.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub means: Vec<Option<BigRational>>,
}

fn integer(x: impl Into<BigInt>) -> BigRational {
    BigRational::from_integer(x.into())
}

/// Adds `value` to `sum`, which stays `None` once a term is undefined.
fn accumulate(sum: &mut Option<BigRational>, value: Option<&BigRational>) {
    *sum = match (sum.take(), value) {
        (Some(s), Some(v)) => Some(s + v),
        _ => None,
    };
}

/// Evaluates `scores` at `witness` (tp, tn of every fold in dataset order, as
/// [`crate::build`] numbers the variables; missing entries count as 0).
pub fn witness_scores(experiment: &Experiment, witness: &[i64], scores: &[Score]) -> WitnessScores {
    let mut index = 0usize;
    let mut datasets = Vec::with_capacity(experiment.datasets.len());
    let mut sums: Vec<Option<BigRational>> = vec![Some(BigRational::zero()); scores.len()];
    for dataset in &experiment.datasets {
        let mut folds = Vec::with_capacity(dataset.folds.len());
        let mut fold_sums: Vec<Option<BigRational>> = vec![Some(BigRational::zero()); scores.len()];
        for fold in &dataset.folds {
            let tp = witness.get(index).copied().unwrap_or(0);
            let tn = witness.get(index + 1).copied().unwrap_or(0);
            index += 2;
            let values: Vec<Option<BigRational>> = scores
                .iter()
                .map(|&score| {
                    linear_form(score, fold.p, fold.n)
                        .map(|(a, b, c)| a * integer(tp) + b * integer(tn) + c)
                })
                .collect();
            for (sum, value) in fold_sums.iter_mut().zip(&values) {
                accumulate(sum, value.as_ref());
            }
            folds.push(FoldScores {
                p: fold.p,
                n: fold.n,
                tp,
                tn,
                scores: values,
            });
        }
        let k = integer(dataset.folds.len());
        let means: Vec<Option<BigRational>> =
            fold_sums.into_iter().map(|s| s.map(|s| s / &k)).collect();
        for (sum, mean) in sums.iter_mut().zip(&means) {
            accumulate(sum, mean.as_ref());
        }
        datasets.push(DatasetScores { folds, means });
    }
    let m = integer(experiment.datasets.len());
    WitnessScores {
        scores: scores.to_vec(),
        datasets,
        means: sums.into_iter().map(|s| s.map(|s| s / &m)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{DatasetSpec, FoldSpec};

    #[test]
    fn means_are_exact_per_fold_dataset_and_experiment() {
        let fold = |p, n| FoldSpec {
            p,
            n,
            bounds: Vec::new(),
        };
        let experiment = Experiment {
            datasets: vec![
                DatasetSpec {
                    folds: vec![fold(2, 3), fold(1, 4)],
                    bounds: Vec::new(),
                },
                DatasetSpec::single_fold(0, 5, Vec::new()),
            ],
            windows: Vec::new(),
        };
        let found = witness_scores(&experiment, &[1, 3, 1, 2, 0, 4], &[Score::Acc, Score::Sens]);
        let q = |a: i64, b: i64| Some(BigRational::new(a.into(), b.into()));
        assert_eq!(found.datasets[0].folds[0].scores, vec![q(4, 5), q(1, 2)]);
        assert_eq!(found.datasets[0].folds[1].scores, vec![q(3, 5), q(1, 1)]);
        assert_eq!(found.datasets[0].means, vec![q(7, 10), q(3, 4)]);
        // No positives in the second dataset: sens is undefined there and in the mean.
        assert_eq!(found.datasets[1].means, vec![q(4, 5), None]);
        assert_eq!(found.means, vec![q(3, 4), None]);
    }
}
