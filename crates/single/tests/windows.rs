//! Windows as callers build them, and how an undecided search words what it covered.

use num_rational::BigRational;
use scorecheck_single::{Covered, Score, Window};

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

#[test]
fn a_point_window_is_a_window_and_a_reversed_one_names_its_field() {
    // lower = upper: an exactly reported figure (eps 0, no tolerance) is a window.
    let point = Window::reported(Score::Acc, q(9, 10), q(9, 10), q(9, 10)).unwrap();
    assert_eq!(point.lower, point.upper);
    let error = Window::reported(Score::Sens, q(1, 2), q(6, 10), q(5, 10)).unwrap_err();
    assert_eq!(error.score(), Score::Sens);
    assert_eq!(error.field(), "scores.sens");
}

#[test]
fn an_interior_search_says_its_share() {
    let covered = Covered::Interior {
        resolved: 1,
        total: 4,
    };
    let text = covered.to_string();
    assert!(
        text.starts_with("1 of 4 interior tp values (25.00%)"),
        "{text}"
    );
}

/// A reported figure's window at eps 1/10,000.
fn reported_4dp(score: Score, reported: &str) -> Window {
    let value = scorecheck_single::parse_decimal(reported).unwrap();
    let eps = q(1, 10_000);
    Window::reported(score, value.clone(), &value - &eps, &value + &eps).unwrap()
}

/// The request of the first batch-bench line: acc 0.3848, sens 0.1172, spec 0.4603 at
/// p = 1101, n = 4663, eps 1e-4; acc and sens force spec near 0.448.
fn inconsistent_problem() -> scorecheck_single::Problem {
    scorecheck_single::Problem::new(
        1101,
        4663,
        vec![
            reported_4dp(Score::Acc, "0.3848"),
            reported_4dp(Score::Sens, "0.1172"),
            reported_4dp(Score::Spec, "0.4603"),
        ],
    )
}

#[test]
fn an_explanation_under_a_generous_deadline_is_minimal_and_complete() {
    // The explanation's own budget is ten times the decision's, at least a second, never
    // past the caller's deadline: with a minute to spare no sub-check may run out.
    let deadline = scorecheck_single::Instant::now() + std::time::Duration::from_secs(60);
    let options = scorecheck_single::Options::default().with_deadline(Some(deadline));
    let outcome = scorecheck_single::check(&inconsistent_problem(), &options);
    assert_eq!(outcome.verdict, scorecheck_single::Verdict::Inconsistent);
    let explanation = outcome.explanation.expect("explained");
    assert!(
        !explanation.sentence.contains("ran out of budget"),
        "{}",
        explanation.sentence
    );
    assert_eq!(explanation.scores.len(), 3, "{}", explanation.sentence);
}

#[test]
fn a_budget_spent_on_the_border_says_so() {
    let options = scorecheck_single::Options::default().with_max_steps(1);
    let outcome = scorecheck_single::check(&inconsistent_problem(), &options);
    match outcome.verdict {
        scorecheck_single::Verdict::Undecided { covered, .. } => {
            assert_eq!(covered, Covered::Border)
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_auc_windows_are_named_as_such() {
    assert!(scorecheck_single::is_auc_window(Score::SensTimesSpec));
    assert!(scorecheck_single::is_auc_window(Score::FnrTimesFpr));
    assert!(!scorecheck_single::is_auc_window(Score::Acc));
}

#[test]
fn an_interior_search_stopped_by_its_budget_counts_what_it_decided() {
    // acc 0.9 with mcc 0.1 at p = n = 100,000 cannot be (balanced classes at 90% accuracy
    // give mcc near 0.8), and no single row or edge says so: the interior is searched. A
    // budget that runs out there reports how many of its tp values were decided: some, and
    // never more than there are.
    let problem = scorecheck_single::Problem::new(
        100_000,
        100_000,
        vec![
            reported_4dp(Score::Acc, "0.9"),
            reported_4dp(Score::Mcc, "0.1"),
        ],
    );
    let mut interior = 0;
    for steps in (1..400).step_by(7) {
        let options = scorecheck_single::Options::default().with_max_steps(steps);
        if let scorecheck_single::Verdict::Undecided {
            covered: Covered::Interior { resolved, total },
            ..
        } = scorecheck_single::check(&problem, &options).verdict
        {
            interior += 1;
            assert!(
                resolved > 0 && resolved <= total,
                "{resolved} of {total} at {steps} steps"
            );
        }
    }
    assert!(interior > 0, "no budget stopped in the interior");
}

#[test]
fn every_small_matrix_is_found_from_its_own_scores_flat_ones_included() {
    // sens is flat in tn and spec flat in tp: on a grid two wide (p = 2) a flat score's
    // window is a single-point segment on the edges, where an off-by-one empty span once
    // went unnoticed by the other tests. Each matrix's own figures must come back
    // consistent, with a witness, whatever subset of them is reported.
    let eps = q(1, 1_000_000);
    for p in 1..=4u64 {
        for n in 1..=4u64 {
            for tp in 0..=p {
                for tn in 0..=n {
                    let m = exact_scores(tp, tn, p, n);
                    for scores in [
                        vec![Score::Sens, Score::Spec],
                        vec![Score::Spec],
                        vec![Score::Sens, Score::Acc],
                        vec![Score::Spec, Score::Acc],
                    ] {
                        let windows = scores
                            .iter()
                            .map(|&s| {
                                let v = m(s);
                                Window::reported(s, v.clone(), &v - &eps, &v + &eps).unwrap()
                            })
                            .collect();
                        let problem = scorecheck_single::Problem::new(p, n, windows);
                        let outcome = scorecheck_single::check(&problem, &Default::default());
                        assert_eq!(
                            outcome.verdict,
                            scorecheck_single::Verdict::Consistent,
                            "tp {tp}, tn {tn}, p {p}, n {n}, {scores:?}"
                        );
                        assert!(!outcome.witnesses.is_empty());
                    }
                }
            }
        }
    }
}

/// The exact (rational) value of each score at (tp, tn) of (p, n).
fn exact_scores(tp: u64, tn: u64, p: u64, n: u64) -> impl Fn(Score) -> BigRational {
    move |score| match score {
        Score::Sens => q(tp as i64, p as i64),
        Score::Spec => q(tn as i64, n as i64),
        Score::Acc => q((tp + tn) as i64, (p + n) as i64),
        other => panic!("{other} is not used here"),
    }
}

/// A budget of exactly the exact evaluations a check spends decides it as an unbounded one
/// does, and one evaluation decides none of these. Checked on the fixed-width path and on the
/// big-rational one (pt has no integer form, so its windows are evaluated as rationals),
/// consistent and inconsistent.
#[test]
fn a_budget_of_exactly_the_steps_spent_suffices_and_one_step_does_not() {
    let window = |score, reported: &str, eps: BigRational| {
        let value = scorecheck_single::parse_decimal(reported).unwrap();
        Window::reported(score, value.clone(), &value - &eps, &value + &eps).unwrap()
    };
    let problems = [
        inconsistent_problem(),
        scorecheck_single::Problem::new(
            40,
            60,
            vec![
                window(Score::Acc, "0.85", q(1, 200)),
                window(Score::Sens, "0.8", q(1, 200)),
            ],
        ),
        scorecheck_single::Problem::new(
            40,
            60,
            vec![
                window(Score::Pt, "0.35", q(1, 200)),
                window(Score::Acc, "0.7", q(1, 200)),
            ],
        ),
        // pt alone: every evaluation is a big-rational one.
        scorecheck_single::Problem::new(40, 60, vec![window(Score::Pt, "0.35", q(1, 200))]),
        scorecheck_single::Problem::new(40, 60, vec![window(Score::Pt, "0.9", q(1, 2000))]),
        scorecheck_single::Problem::new(
            40,
            60,
            vec![
                window(Score::Pt, "0.35", q(1, 2000)),
                window(Score::Sens, "0.5", q(1, 2000)),
                window(Score::Spec, "0.5", q(1, 2000)),
            ],
        ),
    ];
    for (k, problem) in problems.iter().enumerate() {
        let options = scorecheck_single::Options::default();
        let free = scorecheck_single::check(problem, &options);
        assert!(
            !matches!(free.verdict, scorecheck_single::Verdict::Undecided { .. }),
            "problem {k}: {:?}",
            free.verdict
        );
        assert!(free.steps > 0, "problem {k}");
        let exact = scorecheck_single::check(problem, &options.clone().with_max_steps(free.steps));
        assert_eq!(
            exact.verdict, free.verdict,
            "problem {k}: {} steps",
            free.steps
        );
        eprintln!("problem {k}: {:?} in {} steps", free.verdict, free.steps);
        if free.steps > 1 {
            // However the steps are spent, one exact evaluation decides none of these.
            let one = scorecheck_single::check(problem, &options.clone().with_max_steps(1));
            assert!(
                matches!(one.verdict, scorecheck_single::Verdict::Undecided { .. }),
                "problem {k}: {:?} in one step",
                one.verdict
            );
        }
    }
}

#[test]
fn an_explanation_shows_the_figures_as_given_in_fractions_or_in_percent() {
    use scorecheck_single::{check, Options, Problem};
    // The paper's ADA example: acc 0.954 and sens 0.934 force spec below the reported 0.985.
    let around = |score, value: BigRational, eps: BigRational| {
        Window::reported(score, value.clone(), &value - &eps, &value + &eps).unwrap()
    };
    let eps = q(5, 10_000);
    let problem = Problem::new(
        1029,
        3118,
        vec![
            around(Score::Acc, q(954, 1000), eps.clone()),
            around(Score::Sens, q(934, 1000), eps.clone()),
            around(Score::Spec, q(985, 1000), eps),
        ],
    );
    let sentence = |options: Options| {
        check(&problem, &options)
            .explanation
            .map(|e| e.sentence)
            .unwrap_or_default()
    };
    assert_eq!(
        sentence(Options::default()),
        "acc 0.954 and sens 0.934 with p=1029, n=3118 force spec into [0.9602, 0.9612]; reported 0.985"
    );
    assert_eq!(
        sentence(Options::default().with_percent(true)),
        "acc 95.4% and sens 93.4% with p=1029, n=3118 force spec into [96.02%, 96.12%]; reported 98.5%"
    );
}

/// A caller's stop (a client that left) ends every search where the deadline would: the
/// decision, the listing of the consistent columns (once it is running) and the search over
/// splits.
#[test]
fn a_stop_ends_every_search_as_the_deadline_does() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    // Answers true from its fourth question on: the searches below have started by then.
    let after = |questions: u64| {
        let asked = Arc::new(AtomicU64::new(0));
        scorecheck_single::Stop::new(move || asked.fetch_add(1, Ordering::Relaxed) >= questions)
    };
    let problem = scorecheck_single::Problem::new(
        100_000,
        100_000,
        vec![
            reported_4dp(Score::Acc, "0.9"),
            reported_4dp(Score::Mcc, "0.1"),
        ],
    );
    // The decision looks at the stop at its exact evaluations (this one makes 46, few of
    // them looking): a stop already asked for leaves it undecided.
    let stopped = scorecheck_single::Options::default().with_stop(after(0));
    match scorecheck_single::check(&problem, &stopped).verdict {
        scorecheck_single::Verdict::Undecided { reason, .. } => {
            assert_eq!(reason, scorecheck_single::StopReason::TimeLimit)
        }
        other => panic!("{other:?}"),
    }
    // Without the stop the same check is decided.
    let free = scorecheck_single::Options::default().with_stop(scorecheck_single::Stop::never());
    assert_eq!(
        scorecheck_single::check(&problem, &free).verdict,
        scorecheck_single::Verdict::Inconsistent
    );

    let wide =
        scorecheck_single::Problem::new(100_000, 100_000, vec![reported_4dp(Score::Acc, "0.5")]);
    let columns = scorecheck_single::consistent_columns(
        &wide,
        &scorecheck_single::Options::default().with_stop(after(3)),
    );
    assert!(columns.is_err(), "the columns were listed past the stop");

    let splits = scorecheck_single::splits(
        &scorecheck_single::SplitProblem::new(100_000, vec![reported_4dp(Score::Acc, "0.5")]),
        10,
        &scorecheck_single::Options::default().with_stop(after(0)),
    );
    assert_eq!(
        splits.stopped,
        Some(scorecheck_single::SplitStop::TimeLimit)
    );
}
