//! Integer confusion matrices, and exact and f64 evaluation on them.

use crate::arith::Arith;
use crate::error::{Error, ErrorKind};
use crate::exact::Exact;
use crate::formula::{counts_exact, evaluate, Counts, Params};
use crate::score::Score;

/// A validated integer confusion matrix: 0 ≤ tp ≤ p, 0 ≤ tn ≤ n.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConfusionMatrix {
    tp: u64,
    tn: u64,
    p: u64,
    n: u64,
}

impl ConfusionMatrix {
    /// A confusion matrix, or an error saying which count does not fit.
    ///
    /// # Errors
    ///
    /// An [`Error`] naming the count when `tp > p` or `tn > n`.
    pub fn new(tp: u64, tn: u64, p: u64, n: u64) -> Result<ConfusionMatrix, Error> {
        if tp > p {
            return Err(Error::new(ErrorKind::InvalidMatrix {
                reason: format!("tp = {tp} exceeds p = {p}; tp counts positives predicted positive, so it is at most p"),
            }));
        }
        if tn > n {
            return Err(Error::new(ErrorKind::InvalidMatrix {
                reason: format!("tn = {tn} exceeds n = {n}; tn counts negatives predicted negative, so it is at most n"),
            }));
        }
        Ok(ConfusionMatrix { tp, tn, p, n })
    }

    /// True positives.
    pub fn tp(&self) -> u64 {
        self.tp
    }
    /// True negatives.
    pub fn tn(&self) -> u64 {
        self.tn
    }
    /// Positives.
    pub fn p(&self) -> u64 {
        self.p
    }
    /// Negatives.
    pub fn n(&self) -> u64 {
        self.n
    }
    /// False positives, n − tn.
    pub fn fp(&self) -> u64 {
        self.n - self.tn
    }
    /// False negatives, p − tp.
    pub fn fn_(&self) -> u64 {
        self.p - self.tp
    }

    /// The exact value of `score`, or `None` where it is undefined.
    ///
    /// ```
    /// use scorecheck_algebra::{ConfusionMatrix, Params, Score};
    /// let m = ConfusionMatrix::new(743, 4031, 1000, 6000).unwrap();
    /// assert_eq!(m.exact(Score::Acc, &Params::default()).unwrap().to_string(), "341/500");
    /// assert!(m.exact(Score::Mcc, &Params::default()).unwrap().to_string().contains("sqrt"));
    /// ```
    pub fn exact(&self, score: Score, params: &Params) -> Option<Exact> {
        // In i128 fractions where every step fits (the same value), else in big rationals.
        if let Some(value) =
            crate::small::evaluate(score, (self.tp, self.tn, self.p, self.n), params)
        {
            return value;
        }
        evaluate(
            score,
            &counts_exact(self.tp, self.tn, self.p, self.n),
            params,
        )
    }

    /// The f64 value of `score` (display and pruning only), or `None` where undefined.
    pub fn float(&self, score: Score, params: &Params) -> Option<f64> {
        let counts = Counts {
            tp: f64::count(self.tp),
            tn: f64::count(self.tn),
            p: f64::count(self.p),
            n: f64::count(self.n),
        };
        evaluate(score, &counts, params)
    }
}

/// How a score moves when one entry of the matrix grows (p and n fixed), wherever defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trend {
    /// Never decreases.
    Rising,
    /// Never increases.
    Falling,
    /// Does not depend on that entry.
    Flat,
}

impl Score {
    /// How the score moves as tp grows with tn fixed, and as tn grows with tp fixed.
    ///
    /// Every score is monotone in each entry, and in the same sense in both (or flat in one):
    /// the single-matrix check relies on this, and a property test verifies it exactly.
    pub fn trends(self) -> (Trend, Trend) {
        use Trend::*;
        match self {
            Score::Sens => (Rising, Flat),
            Score::Fnr => (Falling, Flat),
            Score::Spec => (Flat, Rising),
            Score::Fpr => (Flat, Falling),
            Score::Err | Score::Fdr | Score::For | Score::Lrn | Score::Pt | Score::FnrTimesFpr => {
                (Falling, Falling)
            }
            _ => (Rising, Rising),
        }
    }
}
