//! A classifier's raw outputs (scores of positives and negatives), decision rules, and
//! confusion matrices at any number of thresholds.

use std::fmt;

use scorecheck_algebra::ConfusionMatrix;

use crate::error::{Error, ErrorKind};

/// One of the two classes of a binary problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BinaryClass {
    /// The positive class.
    Pos,
    /// The negative class.
    Neg,
}

impl BinaryClass {
    /// The other class.
    pub fn other(self) -> BinaryClass {
        match self {
            BinaryClass::Pos => BinaryClass::Neg,
            BinaryClass::Neg => BinaryClass::Pos,
        }
    }

    /// `"pos"` or `"neg"`, as score_analysis spells them.
    pub fn name(self) -> &'static str {
        match self {
            BinaryClass::Pos => "pos",
            BinaryClass::Neg => "neg",
        }
    }
}

/// How a score and a threshold decide the predicted class, as score_analysis defines it:
///
/// | score_class | equal_class | predicted positive when |
/// |---|---|---|
/// | pos | pos | score ≥ threshold |
/// | pos | neg | score > threshold |
/// | neg | pos | score ≤ threshold |
/// | neg | neg | score < threshold |
///
/// `score_class` says which class high scores point to; `equal_class` which class a score
/// equal to the threshold goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rule {
    /// The class that high scores indicate.
    pub score_class: BinaryClass,
    /// The class of a score equal to the threshold.
    pub equal_class: BinaryClass,
}

impl Default for Rule {
    /// score ≥ threshold means positive (score_analysis's default).
    fn default() -> Rule {
        Rule::new(BinaryClass::Pos, BinaryClass::Pos)
    }
}

impl Rule {
    /// The four rules: ≥, >, ≤, <.
    pub const ALL: [Rule; 4] = [
        Rule::new(BinaryClass::Pos, BinaryClass::Pos),
        Rule::new(BinaryClass::Pos, BinaryClass::Neg),
        Rule::new(BinaryClass::Neg, BinaryClass::Pos),
        Rule::new(BinaryClass::Neg, BinaryClass::Neg),
    ];

    /// The rule with these two classes.
    pub const fn new(score_class: BinaryClass, equal_class: BinaryClass) -> Rule {
        Rule {
            score_class,
            equal_class,
        }
    }

    /// Whether `score` is predicted positive at `threshold`.
    pub fn predicts_positive(self, score: f64, threshold: f64) -> bool {
        match (self.score_class, self.equal_class) {
            (BinaryClass::Pos, BinaryClass::Pos) => score >= threshold,
            (BinaryClass::Pos, BinaryClass::Neg) => score > threshold,
            (BinaryClass::Neg, BinaryClass::Pos) => score <= threshold,
            (BinaryClass::Neg, BinaryClass::Neg) => score < threshold,
        }
    }

    /// The comparison as text: `">="`, `">"`, `"<="` or `"<"`.
    pub fn operator(self) -> &'static str {
        match (self.score_class, self.equal_class) {
            (BinaryClass::Pos, BinaryClass::Pos) => ">=",
            (BinaryClass::Pos, BinaryClass::Neg) => ">",
            (BinaryClass::Neg, BinaryClass::Pos) => "<=",
            (BinaryClass::Neg, BinaryClass::Neg) => "<",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "score {} threshold", self.operator())
    }
}

/// The raw outputs of a binary classifier: the scores of the positives and of the
/// negatives, sorted, plus "easy" positives and negatives that have no score and are
/// counted as always classified correctly (score_analysis's `nb_easy_pos`, `nb_easy_neg`).
#[derive(Clone, Debug, PartialEq)]
pub struct Outputs {
    pos: Vec<f64>,
    neg: Vec<f64>,
    easy_pos: u64,
    easy_neg: u64,
    rule: Rule,
}

fn sorted_finite(mut scores: Vec<f64>, list: &'static str) -> Result<Vec<f64>, Error> {
    if let Some(index) = scores.iter().position(|s| !s.is_finite()) {
        return Err(Error::new(ErrorKind::NonFiniteScore { list, index }));
    }
    // -0.0 and 0.0 compare equal; normalising keeps sorted runs of equal scores contiguous.
    for s in &mut scores {
        if *s == 0.0 {
            *s = 0.0;
        }
    }
    scores.sort_by(f64::total_cmp);
    Ok(scores)
}

impl Outputs {
    /// Outputs from the scores of the positives and of the negatives, with the default rule
    /// (score ≥ threshold is positive) and no easy samples.
    ///
    /// # Errors
    ///
    /// A NaN or infinite score, or no positive or no negative.
    pub fn new(positives: Vec<f64>, negatives: Vec<f64>) -> Result<Outputs, Error> {
        let pos = sorted_finite(positives, "positives")?;
        let neg = sorted_finite(negatives, "negatives")?;
        if pos.is_empty() || neg.is_empty() {
            return Err(Error::new(ErrorKind::OneClassOnly {
                positives: pos.len(),
                negatives: neg.len(),
            }));
        }
        Ok(Outputs {
            pos,
            neg,
            easy_pos: 0,
            easy_neg: 0,
            rule: Rule::default(),
        })
    }

    /// Outputs from labels and scores: a sample is positive when its label equals
    /// `positive_label`, negative otherwise.
    ///
    /// # Errors
    ///
    /// Lengths differ, a score is NaN or infinite, or one class is missing.
    pub fn from_labels<L: PartialEq>(
        labels: &[L],
        scores: &[f64],
        positive_label: &L,
    ) -> Result<Outputs, Error> {
        if labels.len() != scores.len() {
            return Err(Error::new(ErrorKind::LengthMismatch {
                labels: labels.len(),
                scores: scores.len(),
            }));
        }
        if let Some(index) = scores.iter().position(|s| !s.is_finite()) {
            return Err(Error::new(ErrorKind::NonFiniteScore {
                list: "scores",
                index,
            }));
        }
        let (mut pos, mut neg) = (Vec::new(), Vec::new());
        for (label, &score) in labels.iter().zip(scores) {
            if label == positive_label {
                pos.push(score);
            } else {
                neg.push(score);
            }
        }
        Outputs::new(pos, neg)
    }

    /// Outputs from already sorted, finite, non-empty score lists (bootstrap samples).
    pub(crate) fn from_sorted(pos: Vec<f64>, neg: Vec<f64>, rule: Rule) -> Outputs {
        Outputs {
            pos,
            neg,
            easy_pos: 0,
            easy_neg: 0,
            rule,
        }
    }

    /// The same outputs under another decision rule.
    pub fn with_rule(mut self, rule: Rule) -> Outputs {
        self.rule = rule;
        self
    }

    /// The same outputs with `easy_pos` positives and `easy_neg` negatives that are always
    /// classified correctly.
    pub fn with_easy(mut self, easy_pos: u64, easy_neg: u64) -> Outputs {
        self.easy_pos = easy_pos;
        self.easy_neg = easy_neg;
        self
    }

    /// The positives' scores, sorted.
    pub fn positives(&self) -> &[f64] {
        &self.pos
    }
    /// The negatives' scores, sorted.
    pub fn negatives(&self) -> &[f64] {
        &self.neg
    }
    /// The decision rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }
    /// Easy positives and easy negatives.
    pub fn easy(&self) -> (u64, u64) {
        (self.easy_pos, self.easy_neg)
    }
    /// All positives, with and without scores.
    pub fn p(&self) -> u64 {
        self.pos.len() as u64 + self.easy_pos
    }
    /// All negatives, with and without scores.
    pub fn n(&self) -> u64 {
        self.neg.len() as u64 + self.easy_neg
    }

    /// The confusion matrix at `threshold` under the outputs' rule, in O(log n).
    ///
    /// ```
    /// use scorecheck_eval::Outputs;
    /// let outputs = Outputs::new(vec![1.0, 2.0, 3.0], vec![0.5, 1.5]).unwrap();
    /// let m = outputs.matrix_at(1.5);
    /// assert_eq!((m.tp(), m.fn_(), m.fp(), m.tn()), (2, 1, 1, 1));
    /// ```
    pub fn matrix_at(&self, threshold: f64) -> ConfusionMatrix {
        // Counts of scores strictly below, or at most, the threshold.
        let below = |sorted: &[f64]| -> u64 {
            let strictly = matches!(
                (self.rule.score_class, self.rule.equal_class),
                (BinaryClass::Pos, BinaryClass::Pos) | (BinaryClass::Neg, BinaryClass::Neg)
            );
            let count = if strictly {
                sorted.partition_point(|&s| s < threshold)
            } else {
                sorted.partition_point(|&s| s <= threshold)
            };
            count as u64
        };
        let (pos_below, neg_below) = (below(&self.pos), below(&self.neg));
        let (pos_above, neg_above) = (
            self.pos.len() as u64 - pos_below,
            self.neg.len() as u64 - neg_below,
        );
        let (tp, tn) = match self.rule.score_class {
            BinaryClass::Pos => (pos_above, neg_below),
            BinaryClass::Neg => (pos_below, neg_above),
        };
        ConfusionMatrix::new(tp + self.easy_pos, tn + self.easy_neg, self.p(), self.n())
            .expect("counts below and above a threshold fit their class sizes")
    }

    /// Confusion matrices at every threshold, in O((n + t) log n) for t thresholds.
    pub fn matrices_at(&self, thresholds: &[f64]) -> Vec<ConfusionMatrix> {
        thresholds.iter().map(|&t| self.matrix_at(t)).collect()
    }

    /// Every score with its label (true for positives), hard samples only.
    pub(crate) fn labelled(&self) -> Vec<(f64, bool)> {
        let mut all: Vec<(f64, bool)> = self
            .pos
            .iter()
            .map(|&s| (s, true))
            .chain(self.neg.iter().map(|&s| (s, false)))
            .collect();
        all.sort_by(|a, b| a.0.total_cmp(&b.0));
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn scores() -> impl Strategy<Value = Vec<f64>> {
        // Small integers halved: many ties, and thresholds that hit scores exactly.
        prop::collection::vec((-6i32..6).prop_map(|v| f64::from(v) / 2.0), 1..25)
    }

    proptest! {
        #[test]
        fn matrices_equal_a_direct_count_for_all_four_rules(
            pos in scores(), neg in scores(),
            thresholds in prop::collection::vec((-14i32..14).prop_map(|v| f64::from(v) / 4.0), 0..10),
            easy_pos in 0u64..3, easy_neg in 0u64..3,
        ) {
            for rule in Rule::ALL {
                let outputs = Outputs::new(pos.clone(), neg.clone()).unwrap()
                    .with_rule(rule).with_easy(easy_pos, easy_neg);
                let matrices = outputs.matrices_at(&thresholds);
                for (&t, m) in thresholds.iter().zip(&matrices) {
                    let tp = pos.iter().filter(|&&s| rule.predicts_positive(s, t)).count() as u64;
                    let fp = neg.iter().filter(|&&s| rule.predicts_positive(s, t)).count() as u64;
                    prop_assert_eq!(m.tp(), tp + easy_pos);
                    prop_assert_eq!(m.fp(), fp);
                    prop_assert_eq!(m.p(), pos.len() as u64 + easy_pos);
                    prop_assert_eq!(m.n(), neg.len() as u64 + easy_neg);
                }
            }
        }
    }

    #[test]
    fn bad_outputs_are_rejected_with_their_position() {
        let e = Outputs::new(vec![1.0, f64::NAN], vec![0.0]).unwrap_err();
        assert_eq!(
            e.kind(),
            &ErrorKind::NonFiniteScore {
                list: "positives",
                index: 1
            }
        );
        let e = Outputs::from_labels(&[1, 1], &[0.1, 0.2], &1).unwrap_err();
        assert!(e.to_string().contains("2 positives and 0 negatives"), "{e}");
        assert!(Outputs::from_labels(&[1], &[0.1, 0.2], &1).is_err());
    }
}
