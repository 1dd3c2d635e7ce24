//! One exact refutation for every fold configuration at once.
//!
//! A fold with positive share w = p/(p + n) has acc = t + w·(s − t) for its sensitivity s and
//! specificity t. Whatever the configuration, w lies in [w⁻, w⁺] (the extremes the fold sizes
//! and the fold rules allow), so the point (s, t, acc) of every fold lies in
//! H = conv{(s, t, t + w·(s − t)) : s, t ∈ [0, 1], w ∈ [w⁻, w⁺]}, and so does the mean of any
//! number of folds, since H is convex. H is the set between two piecewise-linear envelopes with
//! a crease on s + t = 1:
//!
//! - below: L(s, t) = max(w⁻·s + (1 − w⁺)·t, w⁺·s + (1 − w⁻)·t − (w⁺ − w⁻)),
//! - above: U(s, t) = min(w⁺·s + (1 − w⁻)·t, w⁻·s + (1 − w⁺)·t + (w⁺ − w⁻)),
//!
//! (the convex and concave envelopes of the fold's extreme accuracies, which are determined by
//! the four corners of the unit square). The reported mean sensitivity, specificity and
//! balanced accuracy cut a polygon P out of the square; over P the mean accuracy can only lie
//! in [min L, max U], both attained at a vertex of P or where P meets the crease. When that
//! interval misses the reported accuracy, no configuration (and no integer counts) can give
//! the scores. Scores other than acc, sens, spec, bacc and their complements are left out,
//! which keeps the condition necessary. With several datasets the reported means are means of
//! the datasets' means, which lie in the H of the widest share range; each dataset's own bounds
//! are checked against its own H.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};
use scorecheck_folds::FoldSizes;

use super::{Evaluation, UnknownFolds};
use crate::sides::{Span, Windows};

/// The accuracy range of the hull H over the windows' polygon.
trait Hull {
    fn accuracy_range(&self, shares: &Span) -> Option<Span>;
    fn refuted(&self, shares: &Span) -> Option<String>;
}

fn q(v: u64) -> BigRational {
    BigRational::from_integer(BigInt::from(v))
}

impl Hull for Windows {
    fn accuracy_range(&self, (low, high): &Span) -> Option<Span> {
        let one = BigRational::one();
        let spread = high - low;
        let below = |s: &BigRational, t: &BigRational| {
            let a = low * s + (&one - high) * t;
            let b = high * s + (&one - low) * t - &spread;
            a.max(b)
        };
        let above = |s: &BigRational, t: &BigRational| {
            let a = high * s + (&one - low) * t;
            let b = low * s + (&one - high) * t + &spread;
            a.min(b)
        };
        // Lines s = c, t = c and s + t = c (the crease s + t = 1 among them); every vertex of
        // the pieces of P is where two of them cross.
        let s_lines = [&self.sens.0, &self.sens.1];
        let t_lines = [&self.spec.0, &self.spec.1];
        let sum_lines = [&self.sum.0, &self.sum.1, &one];
        let mut points = Vec::new();
        for s in s_lines {
            for t in t_lines {
                points.push((s.clone(), t.clone()));
            }
            for c in sum_lines {
                points.push((s.clone(), c - s));
            }
        }
        for t in t_lines {
            for c in sum_lines {
                points.push((c - t, t.clone()));
            }
        }
        let inside = |(s, t): &(BigRational, BigRational)| {
            let sum = s + t;
            &self.sens.0 <= s
                && s <= &self.sens.1
                && &self.spec.0 <= t
                && t <= &self.spec.1
                && self.sum.0 <= sum
                && sum <= self.sum.1
        };
        let mut range: Option<Span> = None;
        for point in points.iter().filter(|p| inside(p)) {
            let (l, u) = (below(&point.0, &point.1), above(&point.0, &point.1));
            range = Some(match range {
                None => (l, u),
                Some((a, b)) => (a.min(l), b.max(u)),
            });
        }
        range
    }

    fn refuted(&self, shares: &Span) -> Option<String> {
        let show = |v: &BigRational| format!("{:.4}", v.to_f64().unwrap_or(f64::NAN));
        match self.accuracy_range(shares) {
            None => Some(format!(
                "no sensitivity and specificity fit the reported windows (sens in [{}, {}], spec in [{}, {}], sens + spec in [{}, {}])",
                show(&self.sens.0), show(&self.sens.1), show(&self.spec.0), show(&self.spec.1), show(&self.sum.0), show(&self.sum.1)
            )),
            Some((least, greatest)) if greatest < self.acc.0 || least > self.acc.1 => Some(format!(
                "with every fold's share of positives in [{}, {}], means of sensitivity and specificity in the reported windows bound the mean accuracy to [{}, {}]; the reported window is [{}, {}]",
                show(&shares.0), show(&shares.1), show(&least), show(&greatest), show(&self.acc.0), show(&self.acc.1)
            )),
            Some(_) => None,
        }
    }
}

/// The least and greatest share of positives p/(p + n) of any fold of `evaluation` that a
/// surviving configuration can have (`sens`/`spec`: the scores averaged need a positive or a
/// negative in every fold); `None` if there is no fold.
fn shares(evaluation: &Evaluation, rules_need: (bool, bool)) -> Option<Span> {
    let total = evaluation.p.checked_add(evaluation.n)?;
    let sizes = FoldSizes::plain_kfold(total, evaluation.n_folds).ok()?;
    let mut range: Option<Span> = None;
    for (count, size) in [
        (sizes.larger_folds, sizes.larger_size),
        (sizes.smaller_folds, sizes.smaller_size),
    ] {
        if count == 0 || size == 0 {
            continue;
        }
        let least = (size.saturating_sub(evaluation.n)).max(u64::from(rules_need.0));
        let most = evaluation
            .p
            .min(size.saturating_sub(u64::from(rules_need.1)));
        let (a, b) = (q(least) / q(size), q(most.max(least)) / q(size));
        range = Some(match range {
            None => (a, b),
            Some((x, y)) => (x.min(a), y.max(b)),
        });
    }
    range
}

/// Why every configuration of `experiment` is refuted at once, or `None` when this condition
/// does not refute them.
pub(crate) fn refuted(experiment: &UnknownFolds) -> Option<String> {
    let mut overall = Windows::new();
    let uses = overall.narrow(&experiment.windows);
    let mut per_dataset = Windows::new();
    let uses_bounds = per_dataset.narrow(&experiment.dataset_bounds);
    let rules = &experiment.rules;
    let mut widest: Option<Span> = None;
    for evaluation in &experiment.evaluations {
        // A fold without positives makes a reported mean sensitivity undefined, so no
        // configuration with one survives; likewise negatives and specificity.
        let need = (
            rules.require_positive_in_each_fold || uses.0 || uses_bounds.0,
            rules.require_negative_in_each_fold || uses.1 || uses_bounds.1,
        );
        let span = shares(evaluation, need)?;
        if !experiment.dataset_bounds.is_empty() {
            if let Some(reason) = per_dataset.refuted(&span) {
                return Some(format!("every dataset's own bounds: {reason}"));
            }
        }
        widest = Some(match widest {
            None => span,
            Some((x, y)) => (x.min(span.0), y.max(span.1)),
        });
    }
    overall.refuted(&widest?)
}

#[cfg(test)]
mod tests {
    use crate::test_support::Lcg;
    use num_bigint::BigInt;
    use num_rational::BigRational;
    use scorecheck_algebra::Score;
    use scorecheck_folds::FoldRules;

    use super::refuted;
    use crate::model::{build, Bound, DatasetSpec, Experiment, FoldSpec};
    use crate::unknown_folds::{space, Evaluation, UnknownFolds};

    /// Whenever the family condition refutes, every configuration's exact integer program is
    /// infeasible (decided by brute force over the configurations); and it does refute cases.
    #[test]
    fn family_refutations_are_sound() {
        let mut rng = Lcg(7);
        let (mut refutations, mut consistent) = (0, 0);
        for _ in 0..300 {
            let p = 1 + rng.below(9);
            let n = 1 + rng.below(9);
            let k = 2 + rng.below(2).min(p + n - 2);
            let rules = if rng.below(2) == 0 {
                FoldRules::none()
            } else {
                FoldRules::default()
            };
            let mut experiment = UnknownFolds {
                evaluations: vec![Evaluation {
                    p,
                    n,
                    n_folds: k,
                    n_repeats: 1 + rng.below(2),
                    fold_bounds: Vec::new(),
                }],
                dataset_bounds: Vec::new(),
                windows: Vec::new(),
                rules,
            };
            let Ok(configurations) = space(&experiment) else {
                continue;
            };
            // Windows around the means of one configuration's random counts, one of them
            // moved in half of the cases.
            let count = u64::try_from(&configurations.count()).unwrap_or(1);
            let Ok(truth) = configurations.nth(rng.below(count)) else {
                continue;
            };
            let folds: Vec<(u64, u64)> = truth
                .iter()
                .flatten()
                .flat_map(|c| c.folds.iter())
                .map(|f| (f.p, f.n))
                .collect();
            let ratio = |a: u64, b: u64| BigRational::new(BigInt::from(a), BigInt::from(b.max(1)));
            let (mut acc, mut sens, mut spec) = (
                BigRational::from_integer(0.into()),
                BigRational::from_integer(0.into()),
                BigRational::from_integer(0.into()),
            );
            for &(fp, fn_) in &folds {
                let (tp, tn) = (rng.below(fp + 1), rng.below(fn_ + 1));
                acc += ratio(tp + tn, fp + fn_);
                sens += ratio(tp, fp);
                spec += ratio(tn, fn_);
            }
            let m = BigRational::from_integer(BigInt::from(folds.len()));
            let half = BigRational::new(BigInt::from(1 + rng.below(5)), BigInt::from(1000));
            let shift = if rng.below(2) == 0 {
                BigRational::new(BigInt::from(rng.below(40) as i64 - 20), BigInt::from(100))
            } else {
                BigRational::from_integer(0.into())
            };
            let bacc = (&sens + &spec) / (&m * BigRational::from_integer(2.into()));
            let values = [
                (Score::Acc, &acc / &m + &shift),
                (Score::Sens, &sens / &m),
                (Score::Spec, &spec / &m),
                (Score::Bacc, bacc),
            ];
            for (score, value) in values {
                if rng.below(4) == 0 && score != Score::Acc {
                    continue;
                }
                experiment.windows.push(Bound {
                    score,
                    lower: &value - &half,
                    upper: &value + &half,
                });
            }
            let family = refuted(&experiment);
            let mut any_feasible = false;
            for item in configurations.iter() {
                let folds = item
                    .iter()
                    .flatten()
                    .flat_map(|c| c.folds.iter())
                    .map(|f| FoldSpec {
                        p: f.p,
                        n: f.n,
                        bounds: Vec::new(),
                    })
                    .collect();
                let known = Experiment {
                    datasets: vec![DatasetSpec {
                        folds,
                        bounds: Vec::new(),
                    }],
                    windows: experiment.windows.clone(),
                };
                let Ok(problem) = build(&known) else {
                    continue;
                };
                let verdict = crate::test_support::exact_solve(&problem);
                if verdict.is_feasible() {
                    any_feasible = true;
                    break;
                }
            }
            assert!(
                !(any_feasible && family.is_some()),
                "refuted a consistent experiment: {experiment:?}: {family:?}"
            );
            refutations += usize::from(family.is_some());
            consistent += usize::from(any_feasible);
        }
        assert!(
            refutations > 20 && consistent > 20,
            "{refutations} {consistent}"
        );
    }
}
