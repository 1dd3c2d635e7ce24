//! The K×K matrices of a macro witness and their macro scores, evaluated exactly and
//! independently of the integer program (each class one-vs-rest, through the binary score
//! formulas of the algebra).

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use scorecheck_algebra::{ConfusionMatrix, Score};

use crate::macro_avg::{cell, MacroExperiment};

/// One fold of a macro witness.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MacroFold {
    /// Its K×K matrix: row = true class, column = predicted class.
    pub matrix: Vec<Vec<u64>>,
    /// The macro average of each asked score over the classes (`None` where a class leaves
    /// it undefined).
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub means: Vec<Option<BigRational>>,
}

/// A macro witness evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MacroWitness {
    /// The scores evaluated, in the order asked.
    pub scores: Vec<Score>,
    /// Every fold, in the experiment's order.
    pub folds: Vec<MacroFold>,
    /// The mean over the folds of their macro averages.
    #[cfg_attr(feature = "serde", serde(with = "scorecheck_algebra::serde_text"))]
    pub means: Vec<Option<BigRational>>,
}

fn integer(v: u64) -> BigRational {
    BigRational::from_integer(BigInt::from(v))
}

/// The matrices of `witness` (cells numbered by [`cell`]; missing or negative entries count
/// as 0) and their macro `scores`.
pub fn macro_witness(ex: &MacroExperiment, witness: &[i64], scores: &[Score]) -> MacroWitness {
    let mut sums: Vec<Option<BigRational>> = vec![Some(BigRational::zero()); scores.len()];
    let mut folds = Vec::with_capacity(ex.folds.len());
    for (f, counts) in ex.folds.iter().enumerate() {
        let k = counts.len();
        let total: u64 = counts.iter().sum();
        let matrix: Vec<Vec<u64>> = (0..k)
            .map(|i| {
                (0..k)
                    .map(|j| witness.get(cell(k, f, i, j)).copied().unwrap_or(0).max(0) as u64)
                    .collect()
            })
            .collect();
        let means: Vec<Option<BigRational>> = scores
            .iter()
            .map(|&score| {
                let mut sum = Some(BigRational::zero());
                for c in 0..k {
                    let column: u64 = (0..k).map(|r| matrix[r][c]).sum();
                    let fp = column.saturating_sub(matrix[c][c]);
                    let n = total.saturating_sub(counts[c]);
                    let value =
                        ConfusionMatrix::new(matrix[c][c], n.saturating_sub(fp), counts[c], n)
                            .ok()
                            .and_then(|cm| cm.exact(score, &Default::default()))
                            .and_then(|e| e.as_rational().cloned());
                    sum = sum.zip(value).map(|(a, b)| a + b);
                }
                sum.map(|s| s / integer(k as u64))
            })
            .collect();
        for (sum, mean) in sums.iter_mut().zip(&means) {
            *sum = sum.take().zip(mean.clone()).map(|(a, b)| a + b);
        }
        folds.push(MacroFold { matrix, means });
    }
    let m = integer(ex.folds.len() as u64);
    MacroWitness {
        scores: scores.to_vec(),
        folds,
        means: sums.into_iter().map(|s| s.map(|x| x / &m)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perfect_matrix_has_macro_accuracy_one() {
        let ex = MacroExperiment {
            labels: vec!["a".into(), "b".into(), "c".into()],
            folds: vec![vec![2, 1, 1]],
            class_bounds: Vec::new(),
            fold_bounds: Vec::new(),
            windows: Vec::new(),
        };
        let witness = [2, 0, 0, 0, 1, 0, 0, 0, 1];
        let found = macro_witness(&ex, &witness, &[Score::Acc, Score::Sens]);
        let one = Some(BigRational::from_integer(1.into()));
        assert_eq!(
            found.folds[0].matrix,
            vec![vec![2, 0, 0], vec![0, 1, 0], vec![0, 0, 1]]
        );
        assert_eq!(found.folds[0].means, vec![one.clone(), one.clone()]);
        assert_eq!(found.means, vec![one.clone(), one]);
        // One error: a is predicted as b; class b's sens stays 1, a's drops to 1/2.
        let found = macro_witness(&ex, &[1, 1, 0, 0, 1, 0, 0, 0, 1], &[Score::Sens]);
        let q = |a: i64, b: i64| Some(BigRational::new(a.into(), b.into()));
        assert_eq!(found.means, vec![q(5, 6)]);
    }
}
