//! Fold sizes of plain k-fold, the pruning rules, and the fold/configuration value types.

use crate::error::{Error, ErrorKind};

/// The fold sizes of plain (unshuffled, unstratified) k-fold over `total` samples:
/// `total mod k` folds of `⌊total/k⌋ + 1` samples, then the rest with `⌊total/k⌋`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoldSizes {
    /// How many folds have the larger size (`total mod k`).
    pub larger_folds: u64,
    /// The larger size, `⌊total/k⌋ + 1`.
    pub larger_size: u64,
    /// How many folds have the smaller size (`k - total mod k`).
    pub smaller_folds: u64,
    /// The smaller size, `⌊total/k⌋`.
    pub smaller_size: u64,
}

impl FoldSizes {
    /// The sizes of `k` folds over `total` samples; fails for `k = 0` or `k > total`.
    pub fn plain_kfold(total: u64, k: u64) -> Result<Self, Error> {
        if k == 0 {
            return Err(ErrorKind::ZeroFolds.into());
        }
        if k > total {
            return Err(ErrorKind::MoreFoldsThanSamples {
                folds: k,
                samples: total,
            }
            .into());
        }
        Ok(FoldSizes {
            larger_folds: total % k,
            larger_size: total / k + 1,
            smaller_folds: k - total % k,
            smaller_size: total / k,
        })
    }

    /// The number of folds.
    pub fn folds(&self) -> u64 {
        self.larger_folds + self.smaller_folds
    }

    /// Every fold's size, larger folds first (the order configurations use).
    pub fn sizes(&self) -> Vec<u64> {
        let mut out = vec![self.larger_size; self.larger_folds as usize];
        out.extend(std::iter::repeat_n(
            self.smaller_size,
            self.smaller_folds as usize,
        ));
        out
    }
}

/// Which configurations are kept. The default is the reference's behaviour when
/// sensitivity, specificity (or balanced accuracy) are among the reported scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoldRules {
    /// Every fold has at least one positive (needed for a per-fold sensitivity).
    pub require_positive_in_each_fold: bool,
    /// Every fold has at least one negative (needed for a per-fold specificity).
    pub require_negative_in_each_fold: bool,
    /// With `k >= 2`, at least two folds contain positives and at least two contain negatives.
    ///
    /// `mlscorecheck` 1.0.3 applies this unconditionally (`not_enough_diverse_folds` in
    /// `aggregated/_fold_enumeration.py`), whatever scores are reported; it is not implied by the
    /// experiment (for instance with one positive and `k >= 2` the reference finds no
    /// configuration at all). Turn it off to count every configuration the experiment allows.
    pub require_two_folds_with_each_class: bool,
}

impl Default for FoldRules {
    fn default() -> Self {
        FoldRules {
            require_positive_in_each_fold: true,
            require_negative_in_each_fold: true,
            require_two_folds_with_each_class: true,
        }
    }
}

impl FoldRules {
    /// The reference's rules for a set of reported scores: a positive in each fold when
    /// sensitivity or balanced accuracy is reported, a negative in each fold when specificity
    /// or balanced accuracy is, and the two-folds rule always.
    pub fn for_reported_scores(sens: bool, spec: bool, bacc: bool) -> Self {
        FoldRules {
            require_positive_in_each_fold: sens || bacc,
            require_negative_in_each_fold: spec || bacc,
            require_two_folds_with_each_class: true,
        }
    }

    /// No pruning at all: every composition of the folds the experiment allows.
    pub fn none() -> Self {
        FoldRules {
            require_positive_in_each_fold: false,
            require_negative_in_each_fold: false,
            require_two_folds_with_each_class: false,
        }
    }
}

/// One fold's class counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fold {
    /// Positives in the fold.
    pub p: u64,
    /// Negatives in the fold.
    pub n: u64,
}

/// The class counts of every fold of one k-fold split: the larger folds first, and within a
/// group of equal-size folds the positive counts are non-decreasing (the canonical order).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FoldConfiguration {
    /// The folds.
    pub folds: Vec<Fold>,
}
