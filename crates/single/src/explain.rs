//! Explaining an inconsistency: a minimal inconsistent subset of the reported scores, and a
//! sentence saying what the others of that subset force on the last one.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

use super::count::column_runs;
use super::eval::{Evaluator, Run};
use super::grid::Grid;
use super::search::{first_feasible_tp, Coverage};
use super::{check, Explanation, Options, Problem, Verdict, Window};

/// Columns the range computation may visit before settling for a plainer sentence.
const RANGE_COLUMN_BUDGET: u64 = 500;

/// A minimal inconsistent subset by deletion filtering, and a sentence about it.
///
/// `problem` must be inconsistent. Each score in turn is dropped and kept dropped when the
/// rest is still inconsistent; every sub-decision is the same exact engine. A sub-decision
/// that comes back undecided keeps its score, so the subset is still inconsistent but may
/// not be minimal, and the sentence says so.
pub(crate) fn explain(problem: &Problem, options: &Options) -> Explanation {
    let sub_options = Options {
        max_witnesses: 1,
        max_steps: options.max_steps,
        count_budget: 0,
        explain: false,
        deadline: options.deadline,
        stop: options.stop.clone(),
        percent: options.percent,
    };
    let mut kept: Vec<usize> = (0..problem.windows.len()).collect();
    let mut uncertain = false;
    let mut i = 0;
    // The empty set is always consistent (the grid is never empty), so one score stays.
    while i < kept.len() && kept.len() > 1 {
        let mut trial = kept.clone();
        trial.remove(i);
        match check(&restrict(problem, &trial), &sub_options).verdict {
            Verdict::Inconsistent => kept = trial,
            Verdict::Consistent => i += 1,
            Verdict::Undecided { .. } => {
                uncertain = true;
                i += 1;
            }
        }
    }
    let subset = restrict(problem, &kept);
    let scores: Vec<_> = subset.windows.iter().map(|w| w.score).collect();
    let (mut sentence, forced_range) = describe(&subset, options);
    if uncertain {
        sentence.push_str(" (some sub-checks ran out of budget, so a smaller subset of these scores may already be inconsistent)");
    }
    Explanation {
        scores,
        sentence,
        forced_range,
    }
}

/// The problem with only the windows at `indices`.
fn restrict(problem: &Problem, indices: &[usize]) -> Problem {
    Problem {
        p: problem.p,
        n: problem.n,
        windows: indices
            .iter()
            .map(|&i| problem.windows[i].clone())
            .collect(),
        params: problem.params.clone(),
    }
}

/// "acc 0.954" (or "acc 95.4%" for figures given in percent), the score with its figure.
fn shown(window: &Window, percent: bool) -> String {
    format!(
        "{} {}",
        shown_name(window.score),
        shown_figure(window.score, &window.reported, percent)
    )
}

/// Whether a score's figure given in percent was a percentage.
fn in_percent(score: scorecheck_algebra::Score, percent: bool) -> bool {
    percent && score.printed_in_percent()
}

/// A reported figure (a fraction) as the paper printed it, for sentences: `0.954`, or
/// `95.4%` when the figures were given in percent (the likelihood ratios and the odds ratio
/// as they are: see [`scorecheck_algebra::Score::printed_in_percent`]).
pub fn shown_figure(
    score: scorecheck_algebra::Score,
    value: &BigRational,
    percent: bool,
) -> String {
    if in_percent(score, percent) {
        format!(
            "{}%",
            show_decimal(&(value * BigRational::from_integer(100.into())))
        )
    } else {
        show_decimal(value)
    }
}

/// The name of a window's score in sentences: the two windows an AUC becomes (on
/// sens·spec and fnr·fpr, see [`crate::is_auc_window`]) both read as the AUC they came from.
fn shown_name(score: scorecheck_algebra::Score) -> &'static str {
    if crate::is_auc_window(score) {
        "auc"
    } else {
        score.abbreviation()
    }
}

/// The shown windows, each once (an AUC's two windows show as one).
fn shown_all(windows: &[Window], percent: bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in windows {
        let s = shown(w, percent);
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// "a", "a and b", "a, b and c".
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The sentence for an inconsistent subset, and the forced range of its last score.
fn describe(
    subset: &Problem,
    options: &Options,
) -> (String, Option<(scorecheck_algebra::Score, f64, f64)>) {
    let (p, n) = (subset.p, subset.n);
    let Some((last, others)) = subset.windows.split_last() else {
        return (format!("no scores to explain with p={p}, n={n}"), None);
    };
    let all = shown_all(&subset.windows, options.percent);
    if all.len() == 1 {
        return (
            format!("{} alone cannot be reached with p={p}, n={n}", all[0]),
            None,
        );
    }
    let names: Vec<String> = shown_all(others, options.percent);
    let plain = format!("{} cannot all hold with p={p}, n={n}", join(&all));
    // The range forced on an AUC window's internal score is not in AUC units: say it plainly.
    if crate::is_auc_window(last.score) {
        return (plain, None);
    }
    let rest = Problem {
        p,
        n,
        windows: others.to_vec(),
        params: subset.params.clone(),
    };
    let Ok(Some((low, high))) = forced_range(&rest, last, options) else {
        return (plain, None);
    };
    // Rounded outwards for display, but never past the score's natural range (a forced
    // minimum of exactly 0 is shown as 0, not -0.0001).
    let (floor, ceiling) = last.score.natural_range();
    let low = floor.map_or(round_down(low), |f| round_down(low).max(f as f64));
    let high = ceiling.map_or(round_up(high), |c| round_up(high).min(c as f64));
    let verb = if names.len() == 1 { "forces" } else { "force" };
    let reaches_window = high >= rational_f64(&last.lower) && low <= rational_f64(&last.upper);
    let range = if in_percent(last.score, options.percent) {
        format!("[{:.2}%, {:.2}%]", low * 100.0, high * 100.0)
    } else {
        format!("[{low:.4}, {high:.4}]")
    };
    let reported = shown_figure(last.score, &last.reported, options.percent);
    let sentence = if reaches_window {
        format!(
            "{} with p={p}, n={n} {verb} {} into {range}, yet none of the matrices allowed puts it within the reported {reported}",
            join(&names),
            last.score,
        )
    } else {
        format!(
            "{} with p={p}, n={n} {verb} {} into {range}; reported {reported}",
            join(&names),
            last.score,
        )
    };
    (sentence, Some((last.score, low, high)))
}

/// The least and greatest value (f64, display only) of `target`'s score over the matrices
/// where every window of `rest` holds; `None` when `rest` alone is infeasible or the scan
/// would exceed its budget.
///
/// Each feasible tp contributes runs of consecutive tn, and on a run the score is monotone
/// in tn, so its extremes over the run are at the run's ends.
fn forced_range(rest: &Problem, target: &Window, options: &Options) -> Run<Option<(f64, f64)>> {
    let mut ev = Evaluator::new(
        rest.p,
        rest.n,
        &rest.windows,
        &rest.params,
        options.max_steps,
    );
    ev.deadline = options.deadline;
    ev.stop = options.stop.clone();
    let grid = Grid::build(&mut ev)?;
    // The target is evaluated by an evaluator that knows its window.
    let targets = [target.clone()];
    let mut target_ev = Evaluator::new(rest.p, rest.n, &targets, &rest.params, u64::MAX);
    target_ev.deadline = options.deadline;
    target_ev.stop = options.stop.clone();
    let mut range: Option<(f64, f64)> = None;
    let mut from = 0;
    let mut visited = 0;
    loop {
        let mut coverage = Coverage::default();
        let Some(tp) = first_feasible_tp(&grid, &mut ev, from, &mut coverage)? else {
            break;
        };
        visited += 1;
        if visited > RANGE_COLUMN_BUDGET {
            return Ok(None);
        }
        let (runs, _) = column_runs(&grid, &mut ev, tp)?;
        for run in runs {
            for tn in [run.lo, run.lo + 1, run.hi - 1, run.hi] {
                if !run.contains(tn) {
                    continue;
                }
                // Extending pt by its limit keeps the range an outer bound.
                if let Some((x, y)) = target_ev.display_bounds(0, tp as u64, tn as u64)? {
                    if x.is_finite() && y.is_finite() {
                        range = Some(match range {
                            None => (x, y),
                            Some((lo, hi)) => (lo.min(x), hi.max(y)),
                        });
                    }
                }
            }
        }
        from = tp + 1;
    }
    Ok(range)
}

fn rational_f64(r: &BigRational) -> f64 {
    r.to_f64().unwrap_or(f64::NAN)
}

/// Rounds down to 4 decimals, with a margin for the f64 image of the exact value.
fn round_down(x: f64) -> f64 {
    ((x - 1e-12) * 1e4).floor() / 1e4
}

/// Rounds up to 4 decimals, with a margin for the f64 image of the exact value.
fn round_up(x: f64) -> f64 {
    ((x + 1e-12) * 1e4).ceil() / 1e4
}

/// A rational as the decimal it was parsed from when it is one (`0.954`), else as f64.
pub(crate) fn show_decimal(r: &BigRational) -> String {
    let Some((scaled, digits)) = small_decimal(r).or_else(|| big_decimal(r)) else {
        return format!("{}", rational_f64(r));
    };
    let negative = scaled.is_negative();
    let text = scaled.abs().to_string();
    let body = if digits == 0 {
        text
    } else {
        let padded = format!("{text:0>width$}", width = digits + 1);
        let (int, frac) = padded.split_at(padded.len() - digits);
        let frac = frac.trim_end_matches('0');
        if frac.is_empty() {
            int.to_string()
        } else {
            format!("{int}.{frac}")
        }
    };
    if negative && !scaled.is_zero() {
        format!("-{body}")
    } else {
        body
    }
}

/// `r` as `scaled / 10^digits` with the fewest digits, in machine integers: `None` when a
/// part does not fit or `r` has no such form within 18 digits ([`big_decimal`] decides).
fn small_decimal(r: &BigRational) -> Option<(BigInt, usize)> {
    let (n, d) = (r.numer().to_i64()?, r.denom().to_u64()?);
    // The fewest digits are the largest power of 2 or 5 in the denominator (d = 2^a·5^b
    // needs max(a, b)); 10^18 is the largest power of ten in a u64.
    let mut scale = 1u64;
    for digits in 0..=18 {
        if scale % d == 0 {
            return Some((BigInt::from(i128::from(n) * i128::from(scale / d)), digits));
        }
        scale *= 10;
    }
    None
}

/// `r` as `scaled / 10^digits` with the fewest digits (at most 60), or `None` when its
/// denominator has a prime factor other than 2 and 5.
fn big_decimal(r: &BigRational) -> Option<(BigInt, usize)> {
    let mut denominator = r.denom().clone();
    let (two, five, ten) = (BigInt::from(2), BigInt::from(5), BigInt::from(10));
    let mut digits = 0usize;
    let mut scale = BigInt::from(1);
    // A terminating decimal has only 2s and 5s in its denominator.
    while denominator != BigInt::from(1) && digits < 60 {
        if denominator.is_multiple_of(&ten) {
            denominator /= &ten;
        } else if denominator.is_multiple_of(&two) {
            denominator /= &two;
        } else if denominator.is_multiple_of(&five) {
            denominator /= &five;
        } else {
            return None;
        }
        digits += 1;
        scale *= &ten;
    }
    if denominator != BigInt::from(1) {
        return None;
    }
    Some(((r * BigRational::from_integer(scale)).to_integer(), digits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use scorecheck_algebra::parse_decimal;

    #[test]
    fn machine_integers_find_the_same_decimal_as_big_ones() {
        let mut denominators: Vec<u64> = (1..=400).collect();
        denominators.extend([
            1 << 20,
            5u64.pow(20),
            1 << 40,
            10u64.pow(18),
            2 * 10u64.pow(18),
            u64::MAX,
        ]);
        for d in denominators {
            for n in [0i64, 1, -1, 7, -954, 123_456_789, i64::MAX, i64::MIN] {
                let r = BigRational::new(BigInt::from(n), BigInt::from(d));
                if let Some(small) = small_decimal(&r) {
                    assert_eq!(Some(small), big_decimal(&r), "{r}");
                }
            }
        }
    }

    #[test]
    fn decimals_are_shown_as_reported() {
        for text in ["0.954", "0.5", "1", "0", "-0.25", "0.0001", "12.5"] {
            assert_eq!(show_decimal(&parse_decimal(text).unwrap()), text);
        }
    }

    #[test]
    fn outward_rounding_brackets_the_value() {
        for x in [0.95889999999, 0.9589, 0.95891, -0.3, 1.0] {
            assert!(round_down(x) <= x && x <= round_up(x));
        }
    }
}
