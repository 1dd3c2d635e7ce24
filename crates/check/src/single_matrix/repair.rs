//! What would make an inconsistent report consistent (`"repair": true`): found by
//! `scorecheck_single::repairs` and named.
//!
//! The engine gives the smallest sets of reported figures whose removal leaves the others
//! consistent and the exact range each removed figure would need (see that module); this
//! module names them and writes a sentence per repair: "spec 0.985 would need to be in
//! [0.9602, 0.9612]".

use scorecheck_request::figures::ReportedAuc;
use scorecheck_request::input;

use crate::single;

/// The repairs found for an inconsistent report.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct RepairOutcome {
    /// The smallest repairs, the first the one shown first (empty when none was found).
    pub repairs: Vec<FigureRepair>,
    /// Sub-checks that came back undecided within the time limit.
    pub undecided_subchecks: usize,
    /// Why no repair was found, when none was.
    pub none_found: Option<String>,
    /// Whether more repairs of the least size exist than the `max_repairs` listed.
    pub more: bool,
}

/// One repair: the reported figures to change, those kept, and the exact range each changed
/// figure would need.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct FigureRepair {
    /// The figures to change, by the names the request used.
    pub change: Vec<String>,
    /// The figures kept.
    pub keep: Vec<String>,
    /// The range each changed figure would need, in the order of `change`.
    pub needed: Vec<(String, single::RangeOutcome)>,
    /// "spec 0.985 would need to be in [0.9602, 0.9612]", one clause per changed figure.
    pub message: String,
}

/// The repairs of an inconsistent single-matrix problem. `auc_impossible` is set when the
/// reported AUC holds no grid value at all (its windows are then not in `problem`).
pub(crate) fn repair(
    problem: &single::Problem,
    auc: Option<&ReportedAuc>,
    auc_impossible: bool,
    max_repairs: usize,
    options: &single::Options,
) -> RepairOutcome {
    let figure = match (auc, auc_impossible) {
        (None, _) => single::AucFigure::Absent,
        (Some(_), false) => single::AucFigure::InProblem,
        (Some(_), true) => single::AucFigure::Unattainable,
    };
    let found = single::repairs(problem, figure, max_repairs, options);
    // Each figure's key and reported value, for the result and its sentences.
    let names: Vec<(String, String, bool)> = found
        .figures
        .iter()
        .map(|f| match (f.target, auc) {
            (single::RangeTarget::Score(score), _) => (
                score.abbreviation().to_string(),
                f.windows
                    .first()
                    .map(|&i| input::show(&problem.windows[i].reported))
                    .unwrap_or_default(),
                options.percent && score.printed_in_percent(),
            ),
            (_, Some(a)) => ("auc".to_string(), input::show(&a.value), options.percent),
            (_, None) => ("auc".to_string(), String::new(), options.percent),
        })
        .collect();
    // A figure and a range as the paper printed them: in percent when it gave percentages
    // (the likelihood ratios and the odds ratio as they are), as the explanation does.
    let shown = |text: &str, percent: bool| match text.parse::<f64>() {
        Ok(value) if percent => format!("{}%", trimmed(value * 100.0)),
        _ => text.to_string(),
    };
    let interval = |lo: f64, hi: f64, percent: bool| {
        if percent {
            format!("[{:.2}%, {:.2}%]", lo * 100.0, hi * 100.0)
        } else {
            format!("[{lo:.4}, {hi:.4}]")
        }
    };
    let name_of = |i: usize| names[i].0.clone();
    let repairs = found
        .repairs
        .iter()
        .map(|repair| {
            let mut sentences = Vec::new();
            for (&i, needed) in repair.change.iter().zip(&repair.needed) {
                let (key, reported, percent) = &names[i];
                let figure = shown(reported, *percent);
                // Every changed score has its sentence: its range, or why it has none.
                match needed {
                    single::RangeOutcome::Range { min, max, .. }
                        if min.to_f64().is_finite() && max.to_f64().is_finite() =>
                    {
                        let (lo, hi) = (min.to_f64(), max.to_f64());
                        let (lo, hi) = (
                            (lo * 10_000.0).floor() / 10_000.0,
                            (hi * 10_000.0).ceil() / 10_000.0,
                        );
                        // A figure inside the range that no matrix reaches within its
                        // rounding (the values between are a grid): said so, for the
                        // sentence only (the verdict is the exact search's).
                        let inside = reported
                            .parse::<f64>()
                            .is_ok_and(|r| lo <= r && r <= hi);
                        sentences.push(if inside {
                            format!(
                                "{key} {figure} would need another value: {} it lies in {}, but takes no value within {figure}'s rounding",
                                if repair.keep(names.len()).is_empty() {
                                    "on every matrix"
                                } else {
                                    "where the other figures hold"
                                },
                                interval(lo, hi, *percent)
                            )
                        } else {
                            format!(
                                "{key} {figure} would need to be in {}",
                                interval(lo, hi, *percent)
                            )
                        });
                    }
                    single::RangeOutcome::Range { .. } => sentences.push(format!(
                        "{key} {figure} would need another value (its range is too wide to print)"
                    )),
                    single::RangeOutcome::Undefined => sentences.push(format!(
                        "{key} {figure} would need to be left out (it is undefined on every matrix the other figures allow)"
                    )),
                    single::RangeOutcome::Undecided(why) => sentences.push(format!(
                        "{key} {figure} would need another value (its range was not computed: {why})"
                    )),
                    _ => sentences.push(format!("{key} {figure} would need another value")),
                }
            }
            FigureRepair {
                change: repair.change.iter().map(|&i| name_of(i)).collect(),
                keep: repair.keep(names.len()).into_iter().map(name_of).collect(),
                needed: repair
                    .change
                    .iter()
                    .zip(&repair.needed)
                    .map(|(&i, needed)| (name_of(i), needed.clone()))
                    .collect(),
                message: sentences.join("; "),
            }
        })
        .collect::<Vec<_>>();
    let undecided = found.undecided;
    let none_found = repairs.is_empty().then(|| {
        if undecided > 0 {
            format!("{undecided} sub-checks were undecided within the time limit; no repair was found among the rest")
        } else {
            "not even changing every reported score makes the report consistent".to_string()
        }
    });
    RepairOutcome {
        repairs,
        undecided_subchecks: undecided,
        none_found,
        more: found.more,
    }
}

/// A percentage as printed: at most four decimals, no trailing zeros (`80`, `89.3333`).
fn trimmed(value: f64) -> String {
    let text = format!("{value:.4}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}
