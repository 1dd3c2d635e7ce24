//! The single-matrix protocols: one test set, and the score-of-means protocols that pool
//! folds, test sets or datasets into one matrix, answered typed.
//!
//! Score of means is scale invariant: the scores of the pooled matrix are what is reported,
//! so each protocol reduces to one (p, n) and the exact engine in [`crate::single`]. A
//! reported AUC (one test set only) adds the windows of its grid; the ranges and repairs a
//! request asks for are computed here too ([`ranges`], [`repair`]); a test set of known
//! size with an unknown split is [`splits`].

pub(crate) mod ranges;
pub(crate) mod repair;
pub(crate) mod splits;

use num_rational::BigRational;
use scorecheck_algebra::{ConfusionMatrix, Exact, Score};
use scorecheck_feasibility::{Certainty, Conclusion};
use scorecheck_request::figures::{Figures, ReportedAuc};
use scorecheck_request::input::Reported;
use scorecheck_request::single_matrix::SingleMatrixRequest;

use crate::options::RunOptions;
use crate::single;

pub use ranges::ScoreRange;
pub use repair::{FigureRepair, RepairOutcome};
pub use splits::SplitsOutcome;

/// The outcome of a single-matrix check: the engine's own outcome (verdict, witnesses,
/// count, explanation) on the pooled (p, n), with what the request asked for besides.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SingleMatrixOutcome {
    /// What the check concludes.
    pub conclusion: Conclusion,
    /// The problem the engine answered: (p, n), the exact windows, the betas.
    pub problem: single::Problem,
    /// The engine's outcome: verdict, witnesses (tp, tn), the count of feasible pairs, the
    /// explanation of an inconsistency.
    pub engine: single::Outcome,
    /// The exact value of each reported score at the first witness, in the order reported
    /// (`None` without a witness, or when a reported score is undefined there).
    pub scores_at_witness: Option<Vec<(Score, Exact)>>,
    /// The reported AUC, when there is one.
    pub auc: Option<AucDetails>,
    /// The exact ranges asked for (`"ranges"`), when the scores are consistent.
    pub ranges: Option<Vec<ScoreRange>>,
    /// The smallest repairs asked for (`"repair": true`), when they are inconsistent.
    pub repair: Option<RepairOutcome>,
}

/// A reported AUC: its window, and the AUC values the first witness can attain in it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct AucDetails {
    /// The reported value.
    pub value: BigRational,
    /// The window of AUC values the report allows.
    pub lower: BigRational,
    /// Its upper end.
    pub upper: BigRational,
    /// The least and greatest AUC in the window that some ranking attains at the first
    /// witness's (tp, tn).
    pub at_witness: Option<(BigRational, BigRational)>,
}

impl SingleMatrixOutcome {
    /// The outcome of the engine's `engine` on `problem` (no AUC, ranges or repairs).
    pub(crate) fn new(
        problem: single::Problem,
        reported: &Reported,
        engine: single::Outcome,
    ) -> SingleMatrixOutcome {
        let scores_at_witness = engine.witnesses.first().and_then(|&(tp, tn)| {
            let m = ConfusionMatrix::new(tp, tn, problem.p, problem.n).ok()?;
            reported
                .scores
                .iter()
                .map(|r| Some((r.score, m.exact(r.score, &problem.params)?)))
                .collect()
        });
        SingleMatrixOutcome {
            conclusion: decision(&engine.verdict),
            problem,
            engine,
            scores_at_witness,
            auc: None,
            ranges: None,
            repair: None,
        }
    }
}

/// The decision a single-matrix verdict states (its "inconsistent" is always exact).
pub(crate) fn decision(verdict: &single::Verdict) -> Conclusion {
    match verdict {
        single::Verdict::Consistent => Conclusion::Consistent,
        single::Verdict::Inconsistent => Conclusion::Inconsistent {
            certainty: Certainty::Exact,
        },
        // Undecided, and any verdict this facade does not know, conclude nothing.
        _ => Conclusion::Undecided,
    }
}

/// Answers a single-matrix request: the exact engine on the pooled (p, n), the reported
/// AUC's grid windows with it (a reported AUC that no k/(2pn) lies in is an inconsistency
/// the engine states), then the ranges or repairs asked for.
pub(crate) fn answer(request: &SingleMatrixRequest, options: &RunOptions) -> SingleMatrixOutcome {
    let SingleMatrixRequest {
        p,
        n,
        figures: Figures {
            reported,
            windows,
            percent,
        },
        auc,
        ranges: targets,
        repair: max_repairs,
        ..
    } = request;
    let (p, n) = (*p, *n);
    let mut windows = windows.clone();
    let mut no_auc_value = None;
    if let Some(a) = auc {
        if p == 0 || n == 0 {
            no_auc_value = Some(format!(
                "the AUC is undefined with p={p}, n={n}: it needs both positives and negatives; reported {}",
                auc_figure(a, &a.value)
            ));
        } else {
            match single::auc_windows(&a.window(), &a.value, p, n) {
                Some(extra) => windows.extend(extra),
                None => {
                    no_auc_value = Some(format!(
                        "no AUC value k/(2pn) with p={p}, n={n} lies in [{}, {}] around the reported {}",
                        auc_figure(a, &a.lower),
                        auc_figure(a, &a.upper),
                        auc_figure(a, &a.value)
                    ))
                }
            }
        }
    }
    let problem = single::Problem::new(p, n, windows).with_params(reported.params.clone());
    let engine_options = crate::backend::single_options(options).with_percent(*percent);
    let mut engine = match &no_auc_value {
        // The engine's own statement of an inconsistency found before any search.
        Some(sentence) => single::Outcome::inconsistent_because(sentence.clone()),
        None => single::check(&problem, &engine_options),
    };
    if let (Some(a), Some(explanation)) = (auc, engine.explanation.as_mut()) {
        explain_auc(explanation, a, &problem, &engine_options);
    }
    if let (Some(explanation), None) = (engine.explanation.as_mut(), &no_auc_value) {
        explain_library_zeros(explanation, &problem);
        if !percent {
            explain_percentages(explanation, &problem, reported);
        }
    }
    let auc_details = auc.as_ref().map(|a| AucDetails {
        value: a.value.clone(),
        lower: a.lower.clone(),
        upper: a.upper.clone(),
        at_witness: engine
            .witnesses
            .first()
            .and_then(|&(tp, tn)| single::achievable_auc(tp, tn, p, n, Some(&a.window()))),
    });
    let mut outcome = SingleMatrixOutcome::new(problem, reported, engine);
    outcome.auc = auc_details;
    let verdict = &outcome.engine.verdict;
    if let (Some(targets), single::Verdict::Consistent) = (targets, verdict) {
        outcome.ranges = Some(ranges::compute(
            &outcome.problem,
            auc.as_ref(),
            targets,
            &engine_options,
        ));
    }
    if let (Some(max_repairs), single::Verdict::Inconsistent) = (max_repairs, verdict) {
        outcome.repair = Some(repair::repair(
            &outcome.problem,
            auc.as_ref(),
            no_auc_value.is_some(),
            *max_repairs,
            &engine_options,
        ));
    }
    outcome
}

/// Scores that libraries print as 0 where they are undefined (scikit-learn's precision and
/// F1 by `zero_division`, its MCC with one class predicted).
const LIBRARY_ZEROS: [Score; 10] = [
    Score::Ppv,
    Score::Fdr,
    Score::Npv,
    Score::For,
    Score::F1p,
    Score::F1n,
    Score::Mcc,
    Score::Mk,
    Score::Fm,
    Score::Ji,
];

/// When an inconsistency disappears once the scores a library prints as 0 where undefined
/// are read so, says so: at one of the two matrices that predict one class only, every
/// Says, beside an inconsistency, which reported figures are well above 1 where their score
/// is at most 1 and were read as written (not as percentages): the paper's percentages read
/// as fractions, which `"percent": true` reads as such.
fn explain_percentages(
    explanation: &mut single::Explanation,
    problem: &single::Problem,
    reported: &Reported,
) {
    // Above 3/2: a figure just past 1 (`pt 1.002`) is more likely a slip than a percentage.
    let past = BigRational::new(3.into(), 2.into());
    let above: Vec<String> = reported
        .scores
        .iter()
        .filter(|r| matches!(r.score.natural_range().1, Some(1)) && r.value > past)
        .filter(|r| {
            problem
                .windows
                .iter()
                .any(|w| w.score == r.score && w.lower <= r.value && r.value <= w.upper)
        })
        .map(|r| r.key.clone())
        .collect();
    if !above.is_empty() {
        let verb = if above.len() == 1 { "is" } else { "are" };
        explanation.sentence.push_str(&format!(
            "; {} {verb} above 1, which no fraction is: for figures in percent, set \"percent\": true (the flag --percent, a CSV table's percent column)",
            crate::text::and_list(&above)
        ));
    }
}

/// reported score holds or is such a score, undefined there, reported as 0 (a classifier
/// predicting every item negative has no precision nor MCC, and scikit-learn prints 0.0).
/// The verdict stays: an undefined score matches no reported figure.
fn explain_library_zeros(explanation: &mut single::Explanation, problem: &single::Problem) {
    let (p, n) = (problem.p, problem.n);
    let zero = BigRational::from_integer(0.into());
    for (tp, tn, what) in [
        (0, n, "nothing predicted positive"),
        (p, 0, "nothing predicted negative"),
    ] {
        let Ok(m) = ConfusionMatrix::new(tp, tn, p, n) else {
            continue;
        };
        let mut zeros = Vec::new();
        let fits = problem
            .windows
            .iter()
            .all(|w| match m.exact(w.score, &problem.params) {
                Some(value) => value.within(&w.lower, &w.upper),
                None if LIBRARY_ZEROS.contains(&w.score) && w.lower <= zero && zero <= w.upper => {
                    zeros.push(w.score.abbreviation().to_string());
                    true
                }
                None => false,
            });
        if fits && !zeros.is_empty() {
            let verb = if zeros.len() == 1 { "is" } else { "are" };
            explanation.sentence.push_str(&format!(
                "; at tp={tp}, tn={tn} ({what}) {} {verb} undefined, and libraries such as scikit-learn print 0 there: read so, the figures fit that matrix",
                crate::text::and_list(&zeros)
            ));
            return;
        }
    }
}

/// When an explanation's subset holds the AUC, says what the other scores of the subset
/// allow for it: "sens 0.8 and spec 0.7 with p=50, n=150 bound the AUC to [0.5600, 0.9400];
/// reported 0.97" (the range exact, shown rounded outward).
fn explain_auc(
    explanation: &mut single::Explanation,
    auc: &ReportedAuc,
    problem: &single::Problem,
    options: &single::Options,
) {
    if !explanation.scores.iter().any(|s| single::is_auc_window(*s)) {
        return;
    }
    let others: Vec<single::Window> = problem
        .windows
        .iter()
        .filter(|w| explanation.scores.contains(&w.score) && !single::is_auc_window(w.score))
        .cloned()
        .collect();
    if others.is_empty() {
        return;
    }
    let names: Vec<String> = others
        .iter()
        .map(|w| {
            let figure = single::shown_figure(w.score, &w.reported, auc.percent);
            format!("{} {figure}", w.score)
        })
        .collect();
    let mut rest = problem.clone();
    rest.windows = others;
    let Some((lo, hi)) = single::auc_range(&rest, options) else {
        return;
    };
    let verb = if names.len() == 1 { "bounds" } else { "bound" };
    let list = crate::text::and_list(&names);
    let sign = if auc.percent { "%" } else { "" };
    explanation.sentence = format!(
        "{list} with p={}, n={} {verb} the AUC to [{}{sign}, {}{sign}]; reported {}",
        problem.p,
        problem.n,
        auc.shown_bound(&lo, false),
        auc.shown_bound(&hi, true),
        auc_figure(auc, &auc.value)
    );
}

/// An AUC value as the single-matrix sentences show figures: `0.85`, or `85%` when the
/// request gave its figures in percent.
fn auc_figure(auc: &ReportedAuc, value: &BigRational) -> String {
    if auc.percent {
        format!("{}%", auc.shown(value))
    } else {
        auc.shown(value)
    }
}
