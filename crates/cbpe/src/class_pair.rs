//! NannyML's multiclass confusion matrix: a metric per (true class, predicted class) pair,
//! the estimated and realised matrices of a chunk, and the sampling-error components.

use std::fmt;

use crate::confusion::ConfusionMatrixNormalization;

/// The most classes a multiclass model may have when its confusion matrix is estimated:
/// K classes make K² metrics per chunk, so 50 classes make 2,500.
pub const MAX_CONFUSION_MATRIX_CLASSES: usize = 50;

/// A cell of a multiclass confusion matrix, by class index (0..K, in the order of the
/// model's classes): the rows of true class `truth` predicted as class `predicted`.
///
/// Its name, NannyML's `true_{truth}_pred_{predicted}`, needs the class names:
/// [`ClassPair::name`].
///
/// ```
/// use scorecheck_cbpe::ClassPair;
/// let pairs = ClassPair::all(2);
/// let names: Vec<String> = pairs.iter().map(|p| p.name(&["cat", "dog"])).collect();
/// assert_eq!(names, ["true_cat_pred_cat", "true_cat_pred_dog", "true_dog_pred_cat", "true_dog_pred_dog"]);
/// assert_eq!(ClassPair::new(1, 0).to_string(), "true_1_pred_0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ClassPair {
    /// The index of the true class.
    pub truth: usize,
    /// The index of the predicted class.
    pub predicted: usize,
}

impl ClassPair {
    /// The cell of rows of true class `truth` predicted as `predicted`.
    pub fn new(truth: usize, predicted: usize) -> ClassPair {
        ClassPair { truth, predicted }
    }

    /// The K² cells of a K-class matrix in NannyML's order of columns: by true class, then
    /// by predicted class.
    pub fn all(classes: usize) -> Vec<ClassPair> {
        (0..classes)
            .flat_map(|truth| (0..classes).map(move |predicted| ClassPair { truth, predicted }))
            .collect()
    }

    /// NannyML's name of the cell, `true_{truth}_pred_{predicted}` with the class names
    /// (a class index where `classes` has no name for it).
    pub fn name<S: AsRef<str>>(&self, classes: &[S]) -> String {
        let class = |index: usize| {
            classes
                .get(index)
                .map_or_else(|| index.to_string(), |name| name.as_ref().to_string())
        };
        format!("true_{}_pred_{}", class(self.truth), class(self.predicted))
    }

    /// The cell a name `true_{a}_pred_{b}` stands for, with class names `a` and `b` among
    /// `classes` (exactly as written there).
    pub fn from_name<S: AsRef<str>>(name: &str, classes: &[S]) -> Option<ClassPair> {
        let rest = name.strip_prefix("true_")?;
        // Class names may hold `_pred_` themselves: try every class as the true one.
        classes.iter().enumerate().find_map(|(truth, class)| {
            let predicted = rest.strip_prefix(class.as_ref())?.strip_prefix("_pred_")?;
            let predicted = classes.iter().position(|c| c.as_ref() == predicted)?;
            Some(ClassPair { truth, predicted })
        })
    }
}

impl fmt::Display for ClassPair {
    /// The name with class indices for names, `true_0_pred_1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "true_{}_pred_{}", self.truth, self.predicted)
    }
}

/// A K×K matrix, row-major (rows: the true class; columns: the predicted class); NaN where a
/// value is undefined.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ClassMatrix {
    classes: usize,
    values: Vec<f64>,
}

impl ClassMatrix {
    /// The value of a cell, where defined.
    pub(crate) fn get(&self, pair: ClassPair) -> Option<f64> {
        let value = *self
            .values
            .get(pair.truth * self.classes + pair.predicted)?;
        value.is_finite().then_some(value)
    }

    /// Divides every cell as `normalization` says, by the sum of its row, its column or the
    /// whole matrix (numpy's division: a sum of 0 leaves NaN or an infinity).
    fn normalised(mut self, normalization: ConfusionMatrixNormalization) -> ClassMatrix {
        let k = self.classes;
        let row_sums: Vec<f64> = (0..k)
            .map(|i| self.values[i * k..(i + 1) * k].iter().sum())
            .collect();
        let column_sums: Vec<f64> = (0..k)
            .map(|j| (0..k).map(|i| self.values[i * k + j]).sum())
            .collect();
        let total: f64 = self.values.iter().sum();
        for (index, value) in self.values.iter_mut().enumerate() {
            let (i, j) = (index / k, index % k);
            match normalization {
                ConfusionMatrixNormalization::Counts => {}
                ConfusionMatrixNormalization::All => *value /= total,
                ConfusionMatrixNormalization::True => *value /= row_sums[i],
                ConfusionMatrixNormalization::Pred => *value /= column_sums[j],
            }
        }
        self
    }
}

/// The estimated matrix of a chunk, as NannyML's `_get_multiclass_confusion_matrix_estimate`:
/// cell (i, j) is the mean over the rows of the calibrated probability of class i where the
/// prediction is j (0 elsewhere); then ×rows for counts, else divided by the sum of its row
/// (`true`), its column (`pred`) or all cells (`all`). `None` without rows.
pub(crate) fn estimated_matrix(
    calibrated: &[&[f64]],
    predictions: &[usize],
    normalization: ConfusionMatrixNormalization,
) -> Option<ClassMatrix> {
    let k = calibrated.len();
    let rows = predictions.len();
    if rows == 0 {
        return None;
    }
    let mut sums = vec![0.0; k * k];
    for (row, &predicted) in predictions.iter().enumerate() {
        for (truth, column) in calibrated.iter().enumerate() {
            sums[truth * k + predicted] += column[row];
        }
    }
    let n = rows as f64;
    let mut means = ClassMatrix {
        classes: k,
        values: sums.into_iter().map(|s| s / n).collect(),
    };
    if normalization == ConfusionMatrixNormalization::Counts {
        means.values.iter_mut().for_each(|v| *v *= n);
        return Some(means);
    }
    Some(means.normalised(normalization))
}

/// Counts of rows per (true class, predicted class), row-major.
pub(crate) fn class_counts(predictions: &[usize], labels: &[usize], classes: usize) -> Vec<usize> {
    let mut counts = vec![0; classes * classes];
    for (&predicted, &truth) in predictions.iter().zip(labels) {
        counts[truth * classes + predicted] += 1;
    }
    counts
}

/// The realised matrix of labelled rows, as NannyML's: undefined (`None`) when the labels or
/// the predictions hold fewer than two classes, else scikit-learn's `confusion_matrix` with
/// the normalisation, an undefined share (0/0) counting 0 as its `nan_to_num`.
pub(crate) fn realized_matrix(
    predictions: &[usize],
    labels: &[usize],
    classes: usize,
    normalization: ConfusionMatrixNormalization,
) -> Option<ClassMatrix> {
    let several = |values: &[usize]| values.iter().any(|&v| v != values[0]);
    if labels.is_empty() || !several(labels) || !several(predictions) {
        return None;
    }
    let counts = ClassMatrix {
        classes,
        values: class_counts(predictions, labels, classes)
            .into_iter()
            .map(|c| c as f64)
            .collect(),
    };
    let mut matrix = counts.normalised(normalization);
    for value in &mut matrix.values {
        if value.is_nan() {
            *value = 0.0;
        }
    }
    Some(matrix)
}

/// What the sampling error of one cell keeps from the reference, as NannyML's
/// `multiclass_confusion_matrix_sampling_error_components`: the standard deviation of a 0/1
/// array over the relevant reference rows (all of them, or those of the cell's true or
/// predicted class) with a 1 for each row in the cell, and the share of the reference the
/// relevant rows are (`None` for counts).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CellComponents {
    std: f64,
    proportion: Option<f64>,
}

impl CellComponents {
    /// The components of `pair` from the reference counts ([`class_counts`]) of `rows` rows.
    pub(crate) fn new(
        counts: &[usize],
        classes: usize,
        pair: ClassPair,
        normalization: ConfusionMatrixNormalization,
        rows: usize,
    ) -> CellComponents {
        let own = counts[pair.truth * classes + pair.predicted];
        let true_marginal: usize = counts[pair.truth * classes..(pair.truth + 1) * classes]
            .iter()
            .sum();
        let pred_marginal: usize = (0..classes)
            .map(|i| counts[i * classes + pair.predicted])
            .sum();
        let share = |part: usize| part as f64 / rows as f64;
        let (relevant, proportion) = match normalization {
            ConfusionMatrixNormalization::Counts => (rows, None),
            ConfusionMatrixNormalization::All => (rows, Some(1.0)),
            ConfusionMatrixNormalization::True => (true_marginal, Some(share(true_marginal))),
            ConfusionMatrixNormalization::Pred => (pred_marginal, Some(share(pred_marginal))),
        };
        CellComponents {
            std: ones_std(own, relevant),
            proportion,
        }
    }

    /// The standard error on a chunk of `rows` rows, as NannyML's
    /// `multiclass_confusion_matrix_sampling_error`: std/√m·m for counts, else
    /// std/√(m·proportion); `None` where undefined (no relevant reference rows).
    pub(crate) fn standard_error(&self, rows: usize) -> Option<f64> {
        let m = rows as f64;
        let se = match self.proportion {
            None => self.std / m.sqrt() * m,
            Some(proportion) => self.std / (m * proportion).sqrt(),
        };
        se.is_finite().then_some(se)
    }
}

/// numpy's `np.std` of `length` values of which the first `ones` are 1 and the rest 0, by its
/// two passes (mean, then the mean squared deviation); NaN when empty, as numpy's.
fn ones_std(ones: usize, length: usize) -> f64 {
    let n = length as f64;
    let mean = ones as f64 / n;
    let zeros = (length - ones.min(length)) as f64;
    let squares = ones as f64 * (1.0 - mean) * (1.0 - mean) + zeros * mean * mean;
    (squares / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_of_certain_probabilities_are_the_realised_matrix() {
        let labels = [0, 1, 2, 2, 1, 0, 2];
        let predictions = [0, 2, 2, 1, 1, 0, 0];
        let columns: Vec<Vec<f64>> = (0..3)
            .map(|class| {
                labels
                    .iter()
                    .map(|&y| f64::from(u8::from(y == class)))
                    .collect()
            })
            .collect();
        let columns: Vec<&[f64]> = columns.iter().map(Vec::as_slice).collect();
        for normalization in [
            ConfusionMatrixNormalization::Counts,
            ConfusionMatrixNormalization::All,
            ConfusionMatrixNormalization::Pred,
            ConfusionMatrixNormalization::True,
        ] {
            let e = estimated_matrix(&columns, &predictions, normalization).unwrap();
            let r = realized_matrix(&predictions, &labels, 3, normalization).unwrap();
            for pair in ClassPair::all(3) {
                let (e, r) = (e.get(pair).unwrap(), r.get(pair).unwrap());
                assert!(
                    (e - r).abs() < 1e-12,
                    "{pair} {normalization:?}: {e} vs {r}"
                );
            }
        }
        // Counts: true class 2 predicted as 1 once.
        let counts = realized_matrix(
            &predictions,
            &labels,
            3,
            ConfusionMatrixNormalization::Counts,
        )
        .unwrap();
        assert_eq!(counts.get(ClassPair::new(2, 1)), Some(1.0));
        assert_eq!(counts.get(ClassPair::new(1, 0)), Some(0.0));
    }

    #[test]
    fn a_class_never_predicted_leaves_its_column_undefined_or_zero() {
        let predictions = [0, 0, 1];
        let labels = [0, 2, 1];
        let column = [0.5, 0.5, 0.2];
        let other = [0.25, 0.25, 0.4];
        let columns: [&[f64]; 3] = [&column, &other, &other];
        let estimate =
            estimated_matrix(&columns, &predictions, ConfusionMatrixNormalization::Pred).unwrap();
        assert_eq!(estimate.get(ClassPair::new(0, 2)), None);
        let realized =
            realized_matrix(&predictions, &labels, 3, ConfusionMatrixNormalization::Pred).unwrap();
        assert_eq!(realized.get(ClassPair::new(0, 2)), Some(0.0));
        // One class of labels: undefined, as NannyML's.
        assert!(realized_matrix(&[0, 1], &[1, 1], 3, ConfusionMatrixNormalization::All).is_none());
        // No reference row predicted 2: no sampling error of that column under `pred`.
        let counts = class_counts(&predictions, &labels, 3);
        let components = CellComponents::new(
            &counts,
            3,
            ClassPair::new(0, 2),
            ConfusionMatrixNormalization::Pred,
            3,
        );
        assert_eq!(components.standard_error(10), None);
    }

    #[test]
    fn the_standard_deviation_is_numpys() {
        assert_eq!(ones_std(0, 4), 0.0);
        assert!((ones_std(1, 4) - (0.1875f64).sqrt()).abs() < 1e-16);
        assert!(ones_std(0, 0).is_nan());
    }
}
