//! Whether to calibrate: Expected Calibration Error on stratified shuffle splits.
//!
//! NannyML 0.13.1 decides in code (`needs_calibration`) as follows, and
//! [`CalibrationRule::Pooled`] does the same: no calibration when the reference has one class
//! or a ROC AUC above 0.999; otherwise ten stratified shuffle splits with test parts of 10 %,
//! an isotonic calibrator fitted on each train part and applied to its test part, the test
//! parts pooled, and calibration chosen when the pooled ECE (ten equal-count bins) is lower
//! after calibration than before. Its documentation describes another rule (three splits,
//! no calibration if any split gets worse), which is [`CalibrationRule::EveryFold`].
//! The splits here come from our own seeded generator, so they are reproducible but not
//! NannyML's (it draws them with numpy's `RandomState(42)`).

use crate::error::{Error, ErrorKind};
use crate::expected::realized_roc_auc;
use crate::isotonic::IsotonicCalibrator;

/// How to decide whether to calibrate the probabilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CalibrationRule {
    /// NannyML's code: pool the test parts of `splits` splits; calibrate when the pooled ECE
    /// improves (the default, with 10 splits).
    Pooled {
        /// Number of stratified shuffle splits.
        splits: usize,
    },
    /// NannyML's documentation: calibrate only when the ECE improves on every one of
    /// `splits` splits (3 in the documentation).
    EveryFold {
        /// Number of stratified shuffle splits.
        splits: usize,
    },
    /// Always calibrate (no check).
    Always,
    /// Never calibrate.
    Never,
}

impl Default for CalibrationRule {
    fn default() -> CalibrationRule {
        CalibrationRule::Pooled { splits: 10 }
    }
}

/// The outcome of the calibration check.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct CalibrationDecision {
    /// Whether the probabilities are calibrated.
    pub calibrated: bool,
    /// ECE of the raw probabilities on the test parts (pooled, or the mean over splits for
    /// [`CalibrationRule::EveryFold`]); `None` when the rule did not measure it.
    pub ece_before: Option<f64>,
    /// ECE of the calibrated probabilities on the same test parts.
    pub ece_after: Option<f64>,
    /// Per split (before, after), for [`CalibrationRule::EveryFold`]; empty otherwise.
    pub per_split: Vec<(f64, f64)>,
}

/// Bin boundaries of NannyML's equal-count bins over `length` sorted values.
///
/// With `length ≤ 2·bins` the bin count drops to `length / 2`; the last bin takes the
/// remainder (so there can be more than `bins` bins, as in NannyML). `None` when fewer than
/// 2 bins fit.
pub fn equal_count_bins(length: usize, bins: usize) -> Option<Vec<(usize, usize)>> {
    let mut bins = bins;
    if length <= 2 * bins {
        bins = length / 2;
    }
    if bins < 2 {
        return None;
    }
    let width = length / bins;
    let mut edges: Vec<usize> = (0..=length).step_by(width).collect();
    if let Some(last) = edges.last_mut() {
        *last = length;
    }
    Some(edges.windows(2).map(|w| (w[0], w[1])).collect())
}

/// Expected Calibration Error over equal-count bins of the probabilities sorted increasing:
/// Σ (bin size / n)·|mean probability − mean label|. Ties keep their input order.
///
/// `None` when fewer than 2 bins fit (fewer than 4 rows).
///
/// ```
/// use scorecheck_cbpe::expected_calibration_error;
/// // Two bins: {0.1, 0.2} with labels {0, 0} and {0.7, 0.9} with labels {1, 1}.
/// let ece = expected_calibration_error(&[0.9, 0.1, 0.7, 0.2], &[true, false, true, false], 10).unwrap();
/// assert!((ece - (0.5 * 0.15 + 0.5 * 0.2)).abs() < 1e-12);
/// ```
pub fn expected_calibration_error(
    probabilities: &[f64],
    labels: &[bool],
    bins: usize,
) -> Option<f64> {
    let n = probabilities.len().min(labels.len());
    let edges = equal_count_bins(n, bins)?;
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| probabilities[a].total_cmp(&probabilities[b]));
    let mut ece = 0.0;
    for (left, right) in edges {
        let size = (right - left) as f64;
        let mean_p = order[left..right]
            .iter()
            .map(|&i| probabilities[i])
            .sum::<f64>()
            / size;
        let mean_y = order[left..right].iter().filter(|&&i| labels[i]).count() as f64 / size;
        ece += size / n as f64 * (mean_p - mean_y).abs();
    }
    Some(ece)
}

/// SplitMix64: a small generator whose stream is fixed by its definition, so a seed means
/// the same splits on every platform and with every version of every dependency.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    pub(crate) fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `bound` (> 0), by Lemire's multiply-shift with rejection.
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        let bound = bound as u64;
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if (product as u64) >= threshold {
                return (product >> 64) as usize;
            }
        }
    }

    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// One stratified shuffle split: (train rows, test rows).
///
/// The test part has ⌈fraction·n⌉ rows, shared between the classes in proportion to their
/// sizes (rounded half up for the positives); within each class the rows are drawn at random.
pub(crate) fn stratified_split(
    labels: &[bool],
    test_fraction: f64,
    rng: &mut SplitMix64,
) -> (Vec<usize>, Vec<usize>) {
    let n = labels.len();
    let test_total = ((test_fraction * n as f64).ceil() as usize).clamp(1, n.saturating_sub(1));
    let positives: Vec<usize> = (0..n).filter(|&i| labels[i]).collect();
    let negatives: Vec<usize> = (0..n).filter(|&i| !labels[i]).collect();
    let exact_positive = test_total as f64 * positives.len() as f64 / n as f64;
    // Round half up: the class with the larger remainder gets the odd row.
    let test_positive = ((exact_positive + 0.5).floor() as usize).min(positives.len());
    let test_negative = (test_total - test_positive).min(negatives.len());
    let mut train = Vec::with_capacity(n);
    let mut test = Vec::with_capacity(test_total);
    for (mut class, take) in [(positives, test_positive), (negatives, test_negative)] {
        rng.shuffle(&mut class);
        test.extend_from_slice(&class[..take]);
        train.extend_from_slice(&class[take..]);
    }
    (train, test)
}

/// Options of the calibration check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CheckOptions {
    pub(crate) rule: CalibrationRule,
    pub(crate) seed: u64,
    pub(crate) test_fraction: f64,
    pub(crate) bins: usize,
}

fn pick(values: &[f64], rows: &[usize]) -> Vec<f64> {
    rows.iter().map(|&i| values[i]).collect()
}

fn pick_labels(labels: &[bool], rows: &[usize]) -> Vec<bool> {
    rows.iter().map(|&i| labels[i]).collect()
}

/// Decides whether to calibrate probabilities `scores` with reference `labels` (both classes
/// present, as the caller checked), asking `check_stop` before each split (a split of
/// millions of rows fits an isotonic regression: seconds).
pub(crate) fn decide(
    scores: &[f64],
    labels: &[bool],
    options: &CheckOptions,
    check_stop: &dyn Fn() -> Result<(), Error>,
) -> Result<CalibrationDecision, Error> {
    let decision = |calibrated, before, after, per_split| CalibrationDecision {
        calibrated,
        ece_before: before,
        ece_after: after,
        per_split,
    };
    let splits = match options.rule {
        CalibrationRule::Always => return Ok(decision(true, None, None, vec![])),
        CalibrationRule::Never => return Ok(decision(false, None, None, vec![])),
        CalibrationRule::Pooled { splits } | CalibrationRule::EveryFold { splits } => splits,
    };
    if splits == 0 {
        return Err(Error::new(ErrorKind::InvalidOption {
            reason: "the calibration check needs at least one split".into(),
        }));
    }
    if realized_roc_auc(scores, labels).is_some_and(|auc| auc > 0.999) {
        return Ok(decision(false, None, None, vec![]));
    }
    let too_few = || Error::new(ErrorKind::TooFewForCalibration { rows: scores.len() });
    if scores.len() < 2 {
        return Err(too_few());
    }
    let mut rng = SplitMix64::new(options.seed);
    let (mut pooled_labels, mut pooled_raw, mut pooled_calibrated) = (vec![], vec![], vec![]);
    let mut per_split = Vec::new();
    for _ in 0..splits {
        check_stop()?;
        let (train, test) = stratified_split(labels, options.test_fraction, &mut rng);
        let calibrator =
            IsotonicCalibrator::fit(&pick(scores, &train), &pick_labels(labels, &train))
                .ok_or_else(too_few)?;
        let raw = pick(scores, &test);
        let calibrated: Vec<f64> = raw.iter().map(|&s| calibrator.predict(s)).collect();
        let test_labels = pick_labels(labels, &test);
        if let CalibrationRule::EveryFold { .. } = options.rule {
            let before =
                expected_calibration_error(&raw, &test_labels, options.bins).ok_or_else(too_few)?;
            let after = expected_calibration_error(&calibrated, &test_labels, options.bins)
                .ok_or_else(too_few)?;
            per_split.push((before, after));
        }
        pooled_labels.extend(test_labels);
        pooled_raw.extend(raw);
        pooled_calibrated.extend(calibrated);
    }
    if let CalibrationRule::EveryFold { .. } = options.rule {
        let count = per_split.len() as f64;
        let before = per_split.iter().map(|s| s.0).sum::<f64>() / count;
        let after = per_split.iter().map(|s| s.1).sum::<f64>() / count;
        let calibrated = per_split.iter().all(|&(b, a)| a < b);
        return Ok(decision(calibrated, Some(before), Some(after), per_split));
    }
    let before = expected_calibration_error(&pooled_raw, &pooled_labels, options.bins)
        .ok_or_else(too_few)?;
    let after = expected_calibration_error(&pooled_calibrated, &pooled_labels, options.bins)
        .ok_or_else(too_few)?;
    Ok(decision(before > after, Some(before), Some(after), vec![]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn bins_follow_nannyml() {
        assert_eq!(
            equal_count_bins(20, 4).unwrap(),
            vec![(0, 5), (5, 10), (10, 15), (15, 20)]
        );
        // 25 rows, 10 bins: width 2, and the last bin takes the remainder.
        let bins = equal_count_bins(25, 10).unwrap();
        assert_eq!(bins.len(), 12);
        assert_eq!(bins[11], (22, 25));
        // Few rows: the bin count halves the length.
        assert_eq!(equal_count_bins(9, 10).unwrap().len(), 4);
        assert_eq!(equal_count_bins(3, 10), None);
    }

    #[test]
    fn ece_of_perfectly_calibrated_bins_is_zero() {
        // Bins of 4: probabilities 0.25 with one positive, 0.75 with three.
        let p = [0.25, 0.25, 0.25, 0.25, 0.75, 0.75, 0.75, 0.75];
        let y = [true, false, false, false, true, true, false, true];
        assert_eq!(expected_calibration_error(&p, &y, 2), Some(0.0));
        // Shift every probability by 0.125: the ECE is 0.125.
        let shifted: Vec<f64> = p.iter().map(|v| v + 0.125).collect();
        assert_eq!(expected_calibration_error(&shifted, &y, 2), Some(0.125));
    }

    #[test]
    fn a_stop_ends_the_calibration_check_between_splits() {
        let scores: Vec<f64> = (0..400).map(|i| f64::from(i % 97) / 97.0).collect();
        let labels: Vec<bool> = (0..400).map(|i| i % 3 == 0).collect();
        let options = CheckOptions {
            rule: CalibrationRule::Pooled { splits: 10 },
            seed: 1,
            test_fraction: 0.1,
            bins: 10,
        };
        let asked = std::cell::Cell::new(0);
        let outcome = decide(&scores, &labels, &options, &|| {
            asked.set(asked.get() + 1);
            if asked.get() > 3 {
                Err(Error::stopped("fitting", 3, 10))
            } else {
                Ok(())
            }
        });
        assert!(outcome.is_err());
        assert_eq!(asked.get(), 4, "asked before each split until it said stop");
        assert!(decide(&scores, &labels, &options, &|| Ok(())).is_ok());
    }

    #[test]
    fn splits_are_seeded_and_stratified() {
        let labels: Vec<bool> = (0..100).map(|i| i % 4 == 0).collect();
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        let first = stratified_split(&labels, 0.1, &mut a);
        assert_eq!(first, stratified_split(&labels, 0.1, &mut b));
        assert_eq!(first.1.len(), 10);
        // 25 % positives: 2.5 of 10, rounded to 3 (remainder ½ goes to the positives).
        assert_eq!(first.1.iter().filter(|&&i| labels[i]).count(), 3);
    }

    proptest! {
        #[test]
        fn splits_partition_the_rows(
            labels in proptest::collection::vec(any::<bool>(), 2..200),
            seed in any::<u64>(),
            tenths in 1u32..=9,
        ) {
            let mut rng = SplitMix64::new(seed);
            let (train, test) = stratified_split(&labels, f64::from(tenths) / 10.0, &mut rng);
            let mut all: Vec<usize> = train.iter().chain(&test).copied().collect();
            all.sort_unstable();
            prop_assert_eq!(all, (0..labels.len()).collect::<Vec<_>>());
            prop_assert!(!test.is_empty());
        }

        #[test]
        fn ece_is_between_zero_and_one(
            rows in proptest::collection::vec((0u16..=1000, any::<bool>()), 4..100),
        ) {
            let p: Vec<f64> = rows.iter().map(|r| f64::from(r.0) / 1000.0).collect();
            let y: Vec<bool> = rows.iter().map(|r| r.1).collect();
            let ece = expected_calibration_error(&p, &y, 10).unwrap();
            prop_assert!((0.0..=1.0).contains(&ece));
        }
    }
}
