//! NannyML's confusion-matrix and business-value metrics of binary models: the cells, their
//! normalisations, the value matrix, and their estimated and realised values.

use std::fmt;

use crate::error::{Error, ErrorKind};

/// A cell of the binary confusion matrix, one metric each (NannyML's `confusion_matrix`
/// metric is the four of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Cell {
    /// Predicted 1, label 1.
    TruePositive,
    /// Predicted 0, label 0.
    TrueNegative,
    /// Predicted 1, label 0.
    FalsePositive,
    /// Predicted 0, label 1.
    FalseNegative,
}

impl Cell {
    /// The four cells in NannyML's order of output columns.
    pub const ALL: [Cell; 4] = [
        Cell::TruePositive,
        Cell::TrueNegative,
        Cell::FalsePositive,
        Cell::FalseNegative,
    ];

    /// NannyML's column name: `true_positive`, `true_negative`, `false_positive`,
    /// `false_negative`.
    pub fn name(&self) -> &'static str {
        match self {
            Cell::TruePositive => "true_positive",
            Cell::TrueNegative => "true_negative",
            Cell::FalsePositive => "false_positive",
            Cell::FalseNegative => "false_negative",
        }
    }

    /// Whether the cell is of rows predicted 1.
    fn predicted_positive(&self) -> bool {
        matches!(self, Cell::TruePositive | Cell::FalsePositive)
    }

    /// Whether the cell is of rows labelled 1.
    fn actually_positive(&self) -> bool {
        matches!(self, Cell::TruePositive | Cell::FalseNegative)
    }

    /// The cell a row with this prediction and label falls in.
    fn of(predicted: bool, label: bool) -> Cell {
        match (predicted, label) {
            (true, true) => Cell::TruePositive,
            (false, false) => Cell::TrueNegative,
            (true, false) => Cell::FalsePositive,
            (false, true) => Cell::FalseNegative,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the confusion-matrix cells are normalised (NannyML's `normalize_confusion_matrix`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ConfusionMatrixNormalization {
    /// Counts of rows (NannyML's `None`, the default).
    #[default]
    Counts,
    /// Shares of all rows (`'all'`).
    All,
    /// Shares of the rows with the same predicted class (`'pred'`): columns sum to 1.
    Pred,
    /// Shares of the rows with the same true class (`'true'`): rows sum to 1.
    True,
}

impl ConfusionMatrixNormalization {
    /// The normalisation of a name: `none`, `all`, `pred` or `true` (NannyML's values).
    ///
    /// # Errors
    ///
    /// Any other name.
    pub fn from_name(name: &str) -> Result<ConfusionMatrixNormalization, Error> {
        match name.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(ConfusionMatrixNormalization::Counts),
            "all" => Ok(ConfusionMatrixNormalization::All),
            "pred" => Ok(ConfusionMatrixNormalization::Pred),
            "true" => Ok(ConfusionMatrixNormalization::True),
            _ => Err(Error::new(ErrorKind::InvalidOption {
                reason: format!(
                    "unknown confusion-matrix normalisation {name:?}; use none, all, pred or true"
                ),
            })),
        }
    }

    /// Whether the cells are shares (bounded by 1) rather than counts.
    pub(crate) fn is_share(&self) -> bool {
        *self != ConfusionMatrixNormalization::Counts
    }
}

/// How the business value is normalised (NannyML's `normalize_business_value`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BusinessValueNormalization {
    /// The total value of the chunk (NannyML's `None`, the default).
    #[default]
    Total,
    /// NannyML's `'per_prediction'`: as its code computes it, each column of the confusion
    /// matrix (rows predicted 0, rows predicted 1) is divided by its sum before the values
    /// are weighed in, so the result is the mean value of a predicted negative plus the mean
    /// value of a predicted positive (a column without rows counts 0). Its sampling error is
    /// the standard deviation of the per-row values on the reference over √n.
    PerPrediction,
}

impl BusinessValueNormalization {
    /// The normalisation of a name: `none` or `per_prediction` (NannyML's values).
    ///
    /// # Errors
    ///
    /// Any other name.
    pub fn from_name(name: &str) -> Result<BusinessValueNormalization, Error> {
        match name.trim().to_ascii_lowercase().replace('-', "_").as_str() {
            "none" => Ok(BusinessValueNormalization::Total),
            "per_prediction" => Ok(BusinessValueNormalization::PerPrediction),
            _ => Err(Error::new(ErrorKind::InvalidOption {
                reason: format!(
                    "unknown business-value normalisation {name:?}; use none or per_prediction"
                ),
            })),
        }
    }
}

/// The value of each cell of the confusion matrix, for the `business_value` metric.
///
/// ```
/// use scorecheck_cbpe::{BusinessValueMatrix, Cell};
/// // NannyML's layout: [[TN, FP], [FN, TP]].
/// let values = BusinessValueMatrix::new([[0.0, -5.0], [-20.0, 100.0]])?;
/// assert_eq!(values.value(Cell::FalseNegative), -20.0);
/// assert!(BusinessValueMatrix::new([[0.0, f64::NAN], [0.0, 1.0]]).is_err());
/// # Ok::<(), scorecheck_cbpe::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BusinessValueMatrix {
    /// NannyML's layout: [[TN, FP], [FN, TP]].
    values: [[f64; 2]; 2],
}

impl BusinessValueMatrix {
    /// The matrix in NannyML's layout, `[[tn_value, fp_value], [fn_value, tp_value]]`
    /// (rows: the true class 0, 1; columns: the predicted class 0, 1).
    ///
    /// # Errors
    ///
    /// A value that is not a finite number.
    pub fn new(values: [[f64; 2]; 2]) -> Result<BusinessValueMatrix, Error> {
        for (row, truth) in values.iter().zip([false, true]) {
            for (&value, predicted) in row.iter().zip([false, true]) {
                if !value.is_finite() {
                    return Err(Error::new(ErrorKind::InvalidOption {
                        reason: format!(
                            "the business value of {} is {value}; give a finite number for every cell",
                            Cell::of(predicted, truth)
                        ),
                    }));
                }
            }
        }
        Ok(BusinessValueMatrix { values })
    }

    /// The value of one cell.
    pub fn value(&self, cell: Cell) -> f64 {
        self.values[usize::from(cell.actually_positive())][usize::from(cell.predicted_positive())]
    }

    /// The matrix in NannyML's layout, [[TN, FP], [FN, TP]].
    pub fn values(&self) -> [[f64; 2]; 2] {
        self.values
    }
}

/// The mean of each cell's expected share over the rows, `[tn, fp, fn, tp]`, as NannyML
/// computes them (`np.mean(np.where(...))`); `None` without rows.
fn expected_ratios(calibrated: &[f64], predictions: &[bool]) -> Option<[f64; 4]> {
    let n = calibrated.len().min(predictions.len());
    if n == 0 {
        return None;
    }
    // NannyML: `np.mean(np.where(y_pred == 1, y_pred_proba, 0))` and the like, summed as
    // numpy sums (an alert can turn on the last bit).
    let cell = |k: usize| {
        let term = |i: usize| {
            let (p, predicted) = (calibrated[i], predictions[i]);
            match (k, predicted) {
                (0, false) | (1, true) => 1.0 - p,
                (2, false) | (3, true) => p,
                _ => 0.0,
            }
        };
        crate::numpy_sum::numpy_sum(n, &term) / n as f64
    };
    Some([cell(0), cell(1), cell(2), cell(3)])
}

/// Index of a cell in the `[tn, fp, fn, tp]` order of NannyML's flattened matrix.
fn flat(cell: Cell) -> usize {
    2 * usize::from(cell.actually_positive()) + usize::from(cell.predicted_positive())
}

/// The two cells sharing `cell`'s true class (`true`) or its predicted class (`pred`), in
/// the order NannyML adds them.
fn partner(cell: Cell, by_prediction: bool) -> Cell {
    if by_prediction {
        Cell::of(cell.predicted_positive(), !cell.actually_positive())
    } else {
        Cell::of(!cell.predicted_positive(), cell.actually_positive())
    }
}

/// The estimated value of a cell on calibrated probabilities, as NannyML's
/// `get_*_estimate`; `None` where it is undefined (a normalising sum of 0).
pub(crate) fn estimate_cell(
    cell: Cell,
    calibrated: &[f64],
    predictions: &[bool],
    normalization: ConfusionMatrixNormalization,
) -> Option<f64> {
    let ratios = expected_ratios(calibrated, predictions)?;
    let n = calibrated.len().min(predictions.len()) as f64;
    let own = ratios[flat(cell)];
    let shared = |by_prediction: bool| {
        let other = ratios[flat(partner(cell, by_prediction))];
        own * (1.0 / (own + other))
    };
    let value = match normalization {
        ConfusionMatrixNormalization::Counts => own * n,
        ConfusionMatrixNormalization::All => own,
        ConfusionMatrixNormalization::True => shared(false),
        ConfusionMatrixNormalization::Pred => shared(true),
    };
    value.is_finite().then_some(value)
}

/// Counts of `[tn, fp, fn, tp]` among labelled rows.
fn counts(predictions: &[bool], labels: &[bool]) -> [usize; 4] {
    let mut counts = [0; 4];
    for (&predicted, &label) in predictions.iter().zip(labels) {
        counts[flat(Cell::of(predicted, label))] += 1;
    }
    counts
}

/// scikit-learn's `confusion_matrix(..., normalize=...)` as `[tn, fp, fn, tp]`: an undefined
/// share (no rows of that class) is 0, as its `nan_to_num`.
fn realized_matrix(
    predictions: &[bool],
    labels: &[bool],
    normalization: ConfusionMatrixNormalization,
) -> [f64; 4] {
    let counts = counts(predictions, labels).map(|c| c as f64);
    let share = |numerator: f64, denominator: f64| {
        let value = numerator / denominator;
        if value.is_nan() {
            0.0
        } else {
            value
        }
    };
    let mut matrix = counts;
    for cell in Cell::ALL {
        let own = counts[flat(cell)];
        matrix[flat(cell)] = match normalization {
            ConfusionMatrixNormalization::Counts => own,
            ConfusionMatrixNormalization::All => share(own, counts.iter().sum()),
            ConfusionMatrixNormalization::True => {
                let row = if cell.actually_positive() {
                    counts[2] + counts[3]
                } else {
                    counts[0] + counts[1]
                };
                share(own, row)
            }
            ConfusionMatrixNormalization::Pred => {
                let column = if cell.predicted_positive() {
                    counts[1] + counts[3]
                } else {
                    counts[0] + counts[2]
                };
                share(own, column)
            }
        };
    }
    matrix
}

/// The realised value of a cell on labelled rows (NannyML's, through scikit-learn's
/// `confusion_matrix`); `None` without rows.
pub(crate) fn realize_cell(
    cell: Cell,
    predictions: &[bool],
    labels: &[bool],
    normalization: ConfusionMatrixNormalization,
) -> Option<f64> {
    if labels.is_empty() {
        return None;
    }
    Some(realized_matrix(predictions, labels, normalization)[flat(cell)])
}

/// The business value of a confusion matrix `[tn, fp, fn, tp]`: per prediction, each column
/// divided by its sum first (0 where the sum is 0); then Σ value·cell in NannyML's order.
fn business_value(
    mut matrix: [f64; 4],
    values: &BusinessValueMatrix,
    normalization: BusinessValueNormalization,
) -> f64 {
    if normalization == BusinessValueNormalization::PerPrediction {
        let columns = [matrix[0] + matrix[2], matrix[1] + matrix[3]];
        for (i, cell) in matrix.iter_mut().enumerate() {
            let value = *cell / columns[i % 2];
            *cell = if value.is_nan() { 0.0 } else { value };
        }
    }
    let weights = values.values();
    let weights = [weights[0][0], weights[0][1], weights[1][0], weights[1][1]];
    let mut total = 0.0;
    for (cell, weight) in matrix.iter().zip(weights) {
        total += weight * cell;
    }
    total
}

/// The estimated business value on calibrated probabilities, as NannyML's
/// `estimate_business_value`; `None` without rows.
pub(crate) fn estimate_business_value(
    calibrated: &[f64],
    predictions: &[bool],
    values: &BusinessValueMatrix,
    normalization: BusinessValueNormalization,
) -> Option<f64> {
    let ratios = expected_ratios(calibrated, predictions)?;
    let n = calibrated.len().min(predictions.len()) as f64;
    let value = business_value(ratios.map(|r| r * n), values, normalization);
    value.is_finite().then_some(value)
}

/// The realised business value on labelled rows; `None` without rows.
pub(crate) fn realize_business_value(
    predictions: &[bool],
    labels: &[bool],
    values: &BusinessValueMatrix,
    normalization: BusinessValueNormalization,
) -> Option<f64> {
    if labels.is_empty() {
        return None;
    }
    let matrix = counts(predictions, labels).map(|c| c as f64);
    let value = business_value(matrix, values, normalization);
    value.is_finite().then_some(value)
}

/// The rows NannyML's sampling error of a cell counts as relevant: all of them for counts
/// and shares of all, else those of the cell's true class (`true`) or predicted class
/// (`pred`); with the number of them in the cell.
pub(crate) fn relevant_rows(
    cell: Cell,
    predictions: &[bool],
    labels: &[bool],
    normalization: ConfusionMatrixNormalization,
) -> (usize, usize) {
    let counts = counts(predictions, labels);
    let own = counts[flat(cell)];
    let relevant = match normalization {
        ConfusionMatrixNormalization::Counts | ConfusionMatrixNormalization::All => {
            counts.iter().sum()
        }
        ConfusionMatrixNormalization::True => own + counts[flat(partner(cell, false))],
        ConfusionMatrixNormalization::Pred => own + counts[flat(partner(cell, true))],
    };
    (own, relevant)
}

/// The value of each labelled row's cell, in row order (NannyML's `combined_and_weighted`).
pub(crate) fn row_values(
    predictions: &[bool],
    labels: &[bool],
    values: &BusinessValueMatrix,
) -> Vec<f64> {
    predictions
        .iter()
        .zip(labels)
        .map(|(&predicted, &label)| values.value(Cell::of(predicted, label)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_sit_where_nannyml_puts_them() {
        let values = BusinessValueMatrix::new([[1.0, 2.0], [3.0, 4.0]]).unwrap();
        assert_eq!(values.value(Cell::TrueNegative), 1.0);
        assert_eq!(values.value(Cell::FalsePositive), 2.0);
        assert_eq!(values.value(Cell::FalseNegative), 3.0);
        assert_eq!(values.value(Cell::TruePositive), 4.0);
        assert_eq!(partner(Cell::TruePositive, true), Cell::FalsePositive);
        assert_eq!(partner(Cell::TruePositive, false), Cell::FalseNegative);
        assert_eq!(partner(Cell::TrueNegative, true), Cell::FalseNegative);
        assert_eq!(partner(Cell::TrueNegative, false), Cell::FalsePositive);
    }

    #[test]
    fn normalised_realised_matrices_sum_to_one_where_they_should() {
        let predictions = [true, true, false, false, true, false, false];
        let labels = [true, false, false, true, true, false, false];
        let all = realized_matrix(&predictions, &labels, ConfusionMatrixNormalization::All);
        assert!((all.iter().sum::<f64>() - 1.0).abs() < 1e-15);
        let by_truth = realized_matrix(&predictions, &labels, ConfusionMatrixNormalization::True);
        assert!((by_truth[0] + by_truth[1] - 1.0).abs() < 1e-15);
        assert!((by_truth[2] + by_truth[3] - 1.0).abs() < 1e-15);
        let by_pred = realized_matrix(&predictions, &labels, ConfusionMatrixNormalization::Pred);
        assert!((by_pred[0] + by_pred[2] - 1.0).abs() < 1e-15);
        assert!((by_pred[1] + by_pred[3] - 1.0).abs() < 1e-15);
        // No row predicted 1: the predicted-positive column is 0, as scikit-learn's nan_to_num.
        let none = realized_matrix(
            &[false, false],
            &[true, false],
            ConfusionMatrixNormalization::Pred,
        );
        assert_eq!(none, [0.5, 0.0, 0.5, 0.0]);
    }

    #[test]
    fn estimates_of_certain_probabilities_are_the_realised_matrix() {
        let predictions = [true, true, false, false, true, false];
        let labels = [true, false, false, true, true, false];
        let certain: Vec<f64> = labels.iter().map(|&y| f64::from(u8::from(y))).collect();
        let values = BusinessValueMatrix::new([[1.0, -2.0], [-3.0, 5.0]]).unwrap();
        for normalization in [
            ConfusionMatrixNormalization::Counts,
            ConfusionMatrixNormalization::All,
            ConfusionMatrixNormalization::Pred,
            ConfusionMatrixNormalization::True,
        ] {
            for cell in Cell::ALL {
                let e = estimate_cell(cell, &certain, &predictions, normalization).unwrap();
                let r = realize_cell(cell, &predictions, &labels, normalization).unwrap();
                assert!(
                    (e - r).abs() < 1e-12,
                    "{cell} {normalization:?}: {e} vs {r}"
                );
            }
        }
        for normalization in [
            BusinessValueNormalization::Total,
            BusinessValueNormalization::PerPrediction,
        ] {
            let e =
                estimate_business_value(&certain, &predictions, &values, normalization).unwrap();
            let r = realize_business_value(&predictions, &labels, &values, normalization).unwrap();
            assert!((e - r).abs() < 1e-12, "{normalization:?}: {e} vs {r}");
        }
        // Total: 2 TP·5 + 1 FP·(−2) + 1 FN·(−3) + 2 TN·1 = 7.
        let total = realize_business_value(
            &predictions,
            &labels,
            &values,
            BusinessValueNormalization::Total,
        );
        assert_eq!(total, Some(7.0));
    }

    #[test]
    fn a_normalising_sum_of_zero_leaves_the_estimate_undefined() {
        // Every row predicted 1 with probability 1: no expected negatives at all.
        let estimate = estimate_cell(
            Cell::TrueNegative,
            &[1.0, 1.0],
            &[true, true],
            ConfusionMatrixNormalization::True,
        );
        assert_eq!(estimate, None);
    }
}
