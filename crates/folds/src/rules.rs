//! Fold sizes of plain k-fold, the pruning rules, and the fold/configuration value types.

use crate::error::{Error, ErrorKind};

/// The fold sizes of plain (unshuffled, unstratified) k-fold over `total` samples:
/// `total mod k` folds of `⌊total/k⌋ + 1` samples, then the rest with `⌊total/k⌋`.
///
/// ```
/// use scorecheck_folds::FoldSizes;
///
/// let sizes = FoldSizes::plain_kfold(23, 5)?;
/// assert_eq!(sizes.sizes(), [5, 5, 5, 4, 4]);
/// assert_eq!(sizes.folds(), 5);
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
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
    /// The sizes of `k` folds over `total` samples.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::ZeroFolds`] for `k = 0` and [`ErrorKind::MoreFoldsThanSamples`] for
    /// `k > total`.
    ///
    /// ```
    /// use scorecheck_folds::{ErrorKind, FoldSizes};
    ///
    /// assert_eq!(FoldSizes::plain_kfold(10, 3)?.sizes(), [4, 3, 3]);
    /// assert_eq!(FoldSizes::plain_kfold(10, 0).unwrap_err().kind(), &ErrorKind::ZeroFolds);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
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
///
/// The fields can be read; to build rules, start from [`default`](Self::default),
/// [`none`](Self::none) or [`for_reported_scores`](Self::for_reported_scores) and use the
/// setters of the same names (the struct is `#[non_exhaustive]`, so rules may be added without
/// breaking callers).
///
/// ```
/// use scorecheck_folds::FoldRules;
///
/// let rules = FoldRules::none()
///     .require_positive_in_each_fold(true)
///     .require_two_folds_with_each_class(true);
/// assert!(rules.require_positive_in_each_fold && !rules.require_negative_in_each_fold);
/// assert_eq!(rules.require_negative_in_each_fold(true), FoldRules::default());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    ///
    /// ```
    /// use scorecheck_folds::FoldRules;
    ///
    /// assert_eq!(FoldRules::for_reported_scores(true, true, false), FoldRules::default());
    /// let accuracy_only = FoldRules::for_reported_scores(false, false, false);
    /// assert!(!accuracy_only.require_positive_in_each_fold);
    /// ```
    pub fn for_reported_scores(sens: bool, spec: bool, bacc: bool) -> Self {
        FoldRules {
            require_positive_in_each_fold: sens || bacc,
            require_negative_in_each_fold: spec || bacc,
            require_two_folds_with_each_class: true,
        }
    }

    /// No pruning at all: every composition of the folds the experiment allows.
    ///
    /// ```
    /// use scorecheck_folds::{BigUint, FoldRules, KFoldConfigurations};
    ///
    /// let all = KFoldConfigurations::new(1, 9, 2, &FoldRules::none())?;
    /// assert_eq!(all.count(), BigUint::from(1u32));
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn none() -> Self {
        FoldRules {
            require_positive_in_each_fold: false,
            require_negative_in_each_fold: false,
            require_two_folds_with_each_class: false,
        }
    }

    /// These rules with [`require_positive_in_each_fold`](#structfield.require_positive_in_each_fold) set to `yes`.
    ///
    /// ```
    /// use scorecheck_folds::FoldRules;
    ///
    /// assert!(FoldRules::none().require_positive_in_each_fold(true).require_positive_in_each_fold);
    /// ```
    #[must_use]
    pub fn require_positive_in_each_fold(mut self, yes: bool) -> Self {
        self.require_positive_in_each_fold = yes;
        self
    }

    /// These rules with [`require_negative_in_each_fold`](#structfield.require_negative_in_each_fold) set to `yes`.
    ///
    /// ```
    /// use scorecheck_folds::FoldRules;
    ///
    /// assert!(!FoldRules::default().require_negative_in_each_fold(false).require_negative_in_each_fold);
    /// ```
    #[must_use]
    pub fn require_negative_in_each_fold(mut self, yes: bool) -> Self {
        self.require_negative_in_each_fold = yes;
        self
    }

    /// These rules with [`require_two_folds_with_each_class`](#structfield.require_two_folds_with_each_class) set to `yes`.
    ///
    /// ```
    /// use scorecheck_folds::{BigUint, FoldRules, KFoldConfigurations};
    ///
    /// // Counting every configuration the experiment allows, with a positive in each fold.
    /// let rules = FoldRules::default()
    ///     .require_negative_in_each_fold(false)
    ///     .require_two_folds_with_each_class(false);
    /// assert_eq!(KFoldConfigurations::new(2, 0, 2, &rules)?.count(), BigUint::from(1u32));
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    #[must_use]
    pub fn require_two_folds_with_each_class(mut self, yes: bool) -> Self {
        self.require_two_folds_with_each_class = yes;
        self
    }
}

/// One fold's class counts.
///
/// ```
/// use scorecheck_folds::Fold;
///
/// let fold = Fold { p: 3, n: 7 };
/// assert_eq!(fold.p + fold.n, 10);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fold {
    /// Positives in the fold.
    pub p: u64,
    /// Negatives in the fold.
    pub n: u64,
}

/// The class counts of every fold of one k-fold split: the larger folds first, and within a
/// group of equal-size folds the positive counts are non-decreasing (the canonical order).
///
/// ```
/// use scorecheck_folds::{Fold, FoldConfiguration, FoldRules, KFoldConfigurations};
///
/// let space = KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?;
/// let configuration = FoldConfiguration {
///     folds: vec![Fold { p: 3, n: 4 }, Fold { p: 4, n: 3 }, Fold { p: 3, n: 3 }],
/// };
/// assert!(space.rank(&configuration).is_ok());
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FoldConfiguration {
    /// The folds.
    pub folds: Vec<Fold>,
}
