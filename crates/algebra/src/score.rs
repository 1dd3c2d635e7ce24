//! The catalogue of binary scores: identities, names, synonyms and natural ranges.

use std::fmt;

/// A binary classification score.
///
/// The 27 scores of the reference (mlscorecheck 1.0.3) plus the normalised forms of the
/// metrics tutorial (`nmcc`, `nmk`, `one_minus_pt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Score {
    /// Accuracy, (tp + tn) / (p + n).
    Acc,
    /// Error rate, 1 − acc.
    Err,
    /// Sensitivity (recall, true positive rate), tp / p.
    Sens,
    /// False negative rate, 1 − sens.
    Fnr,
    /// Specificity (true negative rate), tn / n.
    Spec,
    /// False positive rate, 1 − spec.
    Fpr,
    /// Positive predictive value (precision), tp / (tp + fp).
    Ppv,
    /// False discovery rate, 1 − ppv.
    Fdr,
    /// Negative predictive value, tn / (tn + fn).
    Npv,
    /// False omission rate, 1 − npv.
    For,
    /// Balanced accuracy, (sens + spec) / 2.
    Bacc,
    /// F1 of the positive class, 2tp / (tp + p + fp).
    F1p,
    /// F1 of the negative class, 2tn / (tn + n + fn).
    F1n,
    /// F-beta of the positive class (beta from `beta_positive`).
    Fbp,
    /// F-beta of the negative class (beta from `beta_negative`).
    Fbn,
    /// Fowlkes–Mallows index, √(ppv · sens).
    Fm,
    /// Unified performance measure, harmonic mean of f1p and f1n.
    Upm,
    /// Geometric mean of sens and spec.
    Gm,
    /// Markedness, ppv + npv − 1.
    Mk,
    /// Bookmaker informedness, sens + spec − 1.
    Bm,
    /// Matthews correlation coefficient.
    Mcc,
    /// Positive likelihood ratio, sens / (1 − spec).
    Lrp,
    /// Negative likelihood ratio, (1 − sens) / spec.
    Lrn,
    /// Prevalence threshold.
    Pt,
    /// Diagnostic odds ratio, tp·tn / (fp·fn).
    Dor,
    /// Jaccard index, tp / (tp + fp + fn).
    Ji,
    /// Cohen's kappa.
    Kappa,
    /// Normalised MCC, (mcc + 1) / 2.
    Nmcc,
    /// Normalised markedness, (mk + 1) / 2.
    Nmk,
    /// One minus the prevalence threshold (higher is better).
    OneMinusPt,
    /// sens · spec = tp·tn / (p·n): twice it is the least AUC (in units of 1/(2pn)) of a
    /// ranking whose threshold gives (tp, tn). Not a reported score: not in [`Score::ALL`]
    /// and not nameable; the checker uses it to express an AUC window as a window on counts.
    SensTimesSpec,
    /// fnr · fpr = fn·fp / (p·n): the AUC of a ranking whose threshold gives (tp, tn) is at
    /// most 1 − fnr·fpr. Internal like [`Score::SensTimesSpec`].
    FnrTimesFpr,
}

/// A score in a serialized pair `(Score, "a/b")` is its own serde (its name).
#[cfg(feature = "serde")]
impl scorecheck_rational::text::TextForm for Score {
    fn serialize_text<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(self, serializer)
    }

    fn deserialize_text<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Self, D::Error> {
        serde::Deserialize::deserialize(deserializer)
    }
}

/// Static facts about one score.
struct Spec {
    abbreviation: &'static str,
    name: &'static str,
    synonyms: &'static [&'static str],
    /// Natural range as (numerator, denominator) pairs; `None` means unbounded.
    lower: Option<i64>,
    upper: Option<i64>,
    higher_is_better: bool,
}

impl Score {
    /// Every score, in catalogue order.
    pub const ALL: &'static [Score] = &[
        Score::Acc,
        Score::Err,
        Score::Sens,
        Score::Fnr,
        Score::Spec,
        Score::Fpr,
        Score::Ppv,
        Score::Fdr,
        Score::Npv,
        Score::For,
        Score::Bacc,
        Score::F1p,
        Score::F1n,
        Score::Fbp,
        Score::Fbn,
        Score::Fm,
        Score::Upm,
        Score::Gm,
        Score::Mk,
        Score::Bm,
        Score::Mcc,
        Score::Lrp,
        Score::Lrn,
        Score::Pt,
        Score::Dor,
        Score::Ji,
        Score::Kappa,
        Score::Nmcc,
        Score::Nmk,
        Score::OneMinusPt,
    ];

    /// The 20 base scores (the reference's score set without complements, F-beta and
    /// normalised variants): what `"ranges": "all"` covers.
    pub const BASE: &'static [Score] = &[
        Score::Acc,
        Score::Sens,
        Score::Spec,
        Score::Bacc,
        Score::Ppv,
        Score::Npv,
        Score::F1p,
        Score::F1n,
        Score::Fm,
        Score::Upm,
        Score::Gm,
        Score::Mk,
        Score::Bm,
        Score::Mcc,
        Score::Lrp,
        Score::Lrn,
        Score::Pt,
        Score::Dor,
        Score::Ji,
        Score::Kappa,
    ];

    fn spec(self) -> Spec {
        let s = |abbreviation, name, synonyms, lower, upper, higher_is_better| Spec {
            abbreviation,
            name,
            synonyms,
            lower,
            upper,
            higher_is_better,
        };
        match self {
            Score::Acc => s("acc", "accuracy", &[], Some(0), Some(1), true),
            Score::SensTimesSpec => s(
                "sens_times_spec",
                "sens_times_spec",
                &[],
                Some(0),
                Some(1),
                true,
            ),
            Score::FnrTimesFpr => s(
                "fnr_times_fpr",
                "fnr_times_fpr",
                &[],
                Some(0),
                Some(1),
                false,
            ),
            Score::Err => s("err", "error_rate", &["error"], Some(0), Some(1), false),
            Score::Sens => s(
                "sens",
                "sensitivity",
                &["recall", "true_positive_rate", "tpr", "hit_rate", "rec"],
                Some(0),
                Some(1),
                true,
            ),
            Score::Fnr => s(
                "fnr",
                "false_negative_rate",
                &["miss_rate"],
                Some(0),
                Some(1),
                false,
            ),
            Score::Spec => s(
                "spec",
                "specificity",
                &["selectivity", "true_negative_rate", "tnr"],
                Some(0),
                Some(1),
                true,
            ),
            Score::Fpr => s(
                "fpr",
                "false_positive_rate",
                &["false_alarm", "fall_out", "fallout"],
                Some(0),
                Some(1),
                false,
            ),
            Score::Ppv => s(
                "ppv",
                "positive_predictive_value",
                &["precision", "prec"],
                Some(0),
                Some(1),
                true,
            ),
            Score::Fdr => s("fdr", "false_discovery_rate", &[], Some(0), Some(1), false),
            Score::Npv => s(
                "npv",
                "negative_predictive_value",
                &[],
                Some(0),
                Some(1),
                true,
            ),
            Score::For => s(
                "for",
                "false_omission_rate",
                &["for_"],
                Some(0),
                Some(1),
                false,
            ),
            Score::Bacc => s("bacc", "balanced_accuracy", &[], Some(0), Some(1), true),
            Score::F1p => s(
                "f1p",
                "f1_positive",
                &["f1", "f1_score", "f_1"],
                Some(0),
                Some(1),
                true,
            ),
            Score::F1n => s("f1n", "f1_negative", &[], Some(0), Some(1), true),
            Score::Fbp => s("fbp", "f_beta_positive", &[], Some(0), Some(1), true),
            Score::Fbn => s("fbn", "f_beta_negative", &[], Some(0), Some(1), true),
            Score::Fm => s(
                "fm",
                "fowlkes_mallows_index",
                &["fowlkes_mallows"],
                Some(0),
                Some(1),
                true,
            ),
            Score::Upm => s(
                "upm",
                "unified_performance_measure",
                &["p4"],
                Some(0),
                Some(1),
                true,
            ),
            Score::Gm => s(
                "gm",
                "geometric_mean",
                &["g_mean", "gmean"],
                Some(0),
                Some(1),
                true,
            ),
            Score::Mk => s(
                "mk",
                "markedness",
                &["delta_p", "deltap"],
                Some(-1),
                Some(1),
                true,
            ),
            Score::Bm => s(
                "bm",
                "bookmaker_informedness",
                &["informedness", "youden_index", "youdens_j"],
                Some(-1),
                Some(1),
                true,
            ),
            Score::Mcc => s(
                "mcc",
                "matthews_correlation_coefficient",
                &["phi_coefficient", "phi", "matthews_correlation"],
                Some(-1),
                Some(1),
                true,
            ),
            Score::Lrp => s(
                "lrp",
                "positive_likelihood_ratio",
                &["plr", "lr+"],
                Some(0),
                None,
                true,
            ),
            Score::Lrn => s(
                "lrn",
                "negative_likelihood_ratio",
                &["nlr", "lr-"],
                Some(0),
                None,
                false,
            ),
            Score::Pt => s("pt", "prevalence_threshold", &[], Some(0), Some(1), false),
            Score::Dor => s("dor", "diagnostic_odds_ratio", &[], Some(0), None, true),
            Score::Ji => s(
                "ji",
                "jaccard_index",
                &[
                    "threat_score",
                    "ratio_of_verification",
                    "critical_success_index",
                    "tanimoto_coefficient",
                    "jaccard",
                    "csi",
                    "ts",
                ],
                Some(0),
                Some(1),
                true,
            ),
            Score::Kappa => s(
                "kappa",
                "cohens_kappa",
                &["cohen_kappa", "kappa_score"],
                Some(-1),
                Some(1),
                true,
            ),
            Score::Nmcc => s(
                "nmcc",
                "normalized_mcc",
                &["normalised_mcc"],
                Some(0),
                Some(1),
                true,
            ),
            Score::Nmk => s(
                "nmk",
                "normalized_markedness",
                &["normalised_markedness"],
                Some(0),
                Some(1),
                true,
            ),
            Score::OneMinusPt => s(
                "one_minus_pt",
                "one_minus_prevalence_threshold",
                &["1-pt", "1_minus_pt", "inverse_prevalence_threshold"],
                Some(0),
                Some(1),
                true,
            ),
        }
    }

    /// The short name used in requests and results (`acc`, `sens`, `f1p`, ...).
    pub fn abbreviation(self) -> &'static str {
        self.spec().abbreviation
    }

    /// The full name (`accuracy`, `sensitivity`, ...).
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The synonyms accepted besides the abbreviation and the full name.
    pub fn synonyms(self) -> &'static [&'static str] {
        self.spec().synonyms
    }

    /// Whether larger values mean a better classifier.
    pub fn higher_is_better(self) -> bool {
        self.spec().higher_is_better
    }

    /// The natural range of the score, as integers (`None` where unbounded).
    pub fn natural_range(self) -> (Option<i64>, Option<i64>) {
        let spec = self.spec();
        (spec.lower, spec.upper)
    }

    /// Whether a paper giving its figures in percent prints this score as a percentage: all
    /// but the likelihood ratios and the odds ratio, which are printed as they are beside
    /// percentages (`LR+ 26.2`).
    pub fn printed_in_percent(self) -> bool {
        !matches!(self, Score::Lrp | Score::Lrn | Score::Dor)
    }

    /// The score this one is the complement of (`err` → `acc`), if any.
    ///
    /// A complement `c` of base `b` satisfies `c = 1 − b` wherever both are defined.
    pub fn complement_of(self) -> Option<Score> {
        match self {
            Score::Err => Some(Score::Acc),
            Score::Fnr => Some(Score::Sens),
            Score::Fpr => Some(Score::Spec),
            Score::Fdr => Some(Score::Ppv),
            Score::For => Some(Score::Npv),
            Score::OneMinusPt => Some(Score::Pt),
            _ => None,
        }
    }

    /// Whether the exact value can be irrational (contains a square root).
    pub fn has_square_root(self) -> bool {
        matches!(
            self,
            Score::Fm | Score::Gm | Score::Mcc | Score::Pt | Score::Nmcc | Score::OneMinusPt
        )
    }

    /// Whether the score is linear in the confusion matrix for fixed p and n, so that its
    /// mean over folds is a linear function of the per-fold counts.
    pub fn is_linear(self) -> bool {
        matches!(
            self,
            Score::Acc
                | Score::Err
                | Score::Sens
                | Score::Fnr
                | Score::Spec
                | Score::Fpr
                | Score::Bacc
                | Score::Bm
        )
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.abbreviation())
    }
}

/// A score is written by its abbreviation (`"acc"`) and read by any of its names.
#[cfg(feature = "serde")]
impl serde::Serialize for Score {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.abbreviation())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Score {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Score, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Score::from_name(&name).map_err(serde::de::Error::custom)
    }
}
