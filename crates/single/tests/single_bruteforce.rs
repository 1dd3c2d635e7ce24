//! The single-matrix engine against brute force over every (tp, tn), plus known cases.

use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;
use scorecheck_algebra::{parse_decimal, ConfusionMatrix, Params, Score};
use scorecheck_single::{check, Options, Problem, StopReason, Verdict, Window};

fn q(text: &str) -> BigRational {
    parse_decimal(text).unwrap()
}

fn window(score: Score, reported: BigRational, eps: &BigRational, tol: &BigRational) -> Window {
    Window::around(score, reported, eps, tol)
}

/// Whether every window holds at (tp, tn), by direct exact evaluation.
fn holds(problem: &Problem, tp: u64, tn: u64) -> bool {
    let m = ConfusionMatrix::new(tp, tn, problem.p, problem.n).unwrap();
    problem.windows.iter().all(|w| {
        m.exact(w.score, &problem.params)
            .is_some_and(|v| v.within(&w.lower, &w.upper))
    })
}

/// Every feasible pair in (tp, tn) order.
fn brute(problem: &Problem) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for tp in 0..=problem.p {
        for tn in 0..=problem.n {
            if holds(problem, tp, tn) {
                out.push((tp, tn));
            }
        }
    }
    out
}

fn subproblem(problem: &Problem, scores: &[Score]) -> Problem {
    let mut windows = Vec::new();
    for s in scores {
        // A subset keeps each window once, even when a score was reported twice.
        if let Some(w) = problem
            .windows
            .iter()
            .find(|w| w.score == *s && !windows.contains(*w))
        {
            windows.push(w.clone());
        }
    }
    let mut subset = problem.clone();
    subset.windows = windows;
    subset
}

fn rounded(x: f64, decimals: usize) -> BigRational {
    q(&format!("{x:.decimals$}"))
}

fn full_options(k: usize) -> Options {
    Options::default()
        .with_max_witnesses(k)
        .with_count_budget(u64::MAX)
}

/// Compares the engine with brute force on one problem.
fn compare(problem: &Problem, k: usize) {
    let expected = brute(problem);
    let outcome = check(problem, &full_options(k));
    let expected_verdict = if expected.is_empty() {
        Verdict::Inconsistent
    } else {
        Verdict::Consistent
    };
    assert_eq!(outcome.verdict, expected_verdict, "{problem:?}");
    assert_eq!(
        outcome.n_valid_tptn_pairs,
        Some(expected.len() as u128),
        "{problem:?}"
    );
    let first: Vec<_> = expected.iter().copied().take(k).collect();
    assert_eq!(outcome.witnesses, first, "{problem:?}");
    if expected.is_empty() {
        let explanation = outcome.explanation.expect("an inconsistency is explained");
        let subset = subproblem(problem, &explanation.scores);
        assert!(!subset.windows.is_empty());
        assert!(
            brute(&subset).is_empty(),
            "the subset is not inconsistent: {explanation:?} {problem:?}"
        );
        for i in 0..subset.windows.len() {
            let mut smaller = subset.clone();
            smaller.windows.remove(i);
            assert!(
                !brute(&smaller).is_empty(),
                "the subset is not minimal: {explanation:?} {problem:?}"
            );
        }
        assert!(!explanation.sentence.is_empty());
        if let Some((score, low, high)) = explanation.forced_range {
            // The displayed range contains the score at every matrix the others allow.
            let last = subset.windows.last().unwrap();
            assert_eq!(score, last.score);
            let mut others = subset.clone();
            others.windows.pop();
            for (tp, tn) in brute(&others) {
                let m = ConfusionMatrix::new(tp, tn, problem.p, problem.n).unwrap();
                if let Some(v) = m.exact(score, &problem.params) {
                    let x = v.to_f64();
                    assert!(
                        low <= x && x <= high,
                        "{x} outside [{low}, {high}]: {explanation:?} {problem:?}"
                    );
                }
            }
        }
    } else {
        assert!(outcome.explanation.is_none());
    }
}

fn beta(choice: u8) -> BigRational {
    match choice % 4 {
        0 => q("1"),
        1 => q("0.5"),
        2 => q("2"),
        _ => BigRational::new(BigInt::from(1), BigInt::from(3)),
    }
}

/// A random problem: windows around the scores of a random true matrix.
fn problem_strategy() -> impl Strategy<Value = (Problem, usize)> {
    (
        0u64..=40,
        0u64..=40,
        prop::collection::vec(
            (0usize..30, 2usize..=4, 0u8..4, -3i32..=3, any::<bool>()),
            1..=4,
        ),
        any::<(u16, u16)>(),
        (0u8..4, 0u8..4),
        1usize..=4,
    )
        .prop_map(|(p, n, picks, (a, b), (bp, bn), k)| {
            let tp = u64::from(a) % (p + 1);
            let tn = u64::from(b) % (n + 1);
            let params = Params::with_betas(beta(bp), beta(bn));
            let truth = ConfusionMatrix::new(tp, tn, p, n).unwrap();
            let tol = q("0.000001");
            let mut seen = Vec::new();
            let windows = picks
                .into_iter()
                // A request names each score once.
                .filter(|pick| {
                    let fresh = !seen.contains(&pick.0);
                    seen.push(pick.0);
                    fresh
                })
                .map(|(index, decimals, eps_kind, shift, use_truth)| {
                    let score = Score::ALL[index];
                    let unit = 10f64.powi(-(decimals as i32));
                    let value = match truth.float(score, &params) {
                        Some(v) if use_truth || shift == 0 => v,
                        Some(v) => v + f64::from(shift) * unit,
                        None => f64::from(shift) / 4.0,
                    };
                    let reported = rounded(value, decimals);
                    let eps = match eps_kind {
                        0 => q("0"),
                        1 => rounded(unit, decimals),
                        2 => rounded(unit / 2.0, decimals + 1),
                        _ => rounded(unit * 10.0, decimals),
                    };
                    let tol = if eps_kind == 0 { q("0") } else { tol.clone() };
                    window(score, reported, &eps, &tol)
                })
                .collect();
            (Problem::new(p, n, windows).with_params(params), k)
        })
}

proptest! {
    // 256 cases under plain `cargo test`; PROPTEST_CASES=2000 (release) was run and passes.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(256),
        ..ProptestConfig::default()
    })]

    #[test]
    fn engine_matches_brute_force((problem, k) in problem_strategy()) {
        compare(&problem, k);
    }
}

#[test]
fn every_single_score_matches_brute_force_on_a_grid() {
    // Each score alone, every true matrix of a small grid, exact and rounded windows.
    let params = Params::with_betas(q("2"), q("0.5"));
    for (p, n) in [(0, 5), (5, 0), (1, 1), (4, 7), (6, 6), (9, 3)] {
        for &score in Score::ALL {
            for tp in 0..=p {
                for tn in 0..=n {
                    let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
                    let Some(v) = m.exact(score, &params) else {
                        continue;
                    };
                    let exact = match v.as_rational() {
                        Some(r) => window(score, r.clone(), &q("0"), &q("0")),
                        None => window(score, rounded(v.to_f64(), 3), &q("0.001"), &q("0")),
                    };
                    let problem = Problem::new(p, n, vec![exact]).with_params(params.clone());
                    compare(&problem, 3);
                }
            }
        }
    }
}

#[test]
fn pt_windows_around_its_hole_match_brute_force() {
    // pt is undefined where tpr = fpr, and tends to 1/2 there: windows around 1/2 have bands
    // of tn that hold the hole, which is no matrix and must not be counted as one.
    // Radius 0.5 takes every defined pt: the band is the whole column, the same at every
    // tp, and the count subtracts the holes of a range of columns at once.
    for (p, n) in [(4, 4), (6, 6), (3, 6), (10, 5), (7, 7), (12, 18), (20, 30)] {
        for radius in ["0.0001", "0.01", "0.03", "0.1", "0.3", "0.5"] {
            for centre in ["0.5", "0.49", "0.52"] {
                let pt = window(Score::Pt, q(centre), &q(radius), &q("0"));
                // Alone, and with specificity in [0.3, 0.7], which narrows every column's
                // band to the same tn range (so holes are counted against its ends).
                let spec = window(Score::Spec, q("0.5"), &q("0.2"), &q("0"));
                for windows in [vec![pt.clone()], vec![pt, spec]] {
                    let problem = Problem::new(p, n, windows);
                    compare(&problem, 3);
                }
            }
        }
    }
}

#[test]
fn wide_windows_without_pt_count_every_matrix() {
    // Windows holding every value give the same band at every tp, so the count takes whole
    // ranges of columns at once; without pt there is no hole to subtract there.
    for (p, n) in [(20, 20), (12, 18), (6, 9)] {
        for scores in [&[Score::Acc][..], &[Score::Acc, Score::Bacc], &[Score::Npv]] {
            let problem = Problem::new(
                p,
                n,
                scores
                    .iter()
                    .map(|&score| window(score, q("0.5"), &q("0.5"), &q("0")))
                    .collect(),
            );
            compare(&problem, 3);
        }
    }
}

fn paper(acc: &str) -> Problem {
    let (eps, tol) = (q("0.0001"), q("0.000001"));
    Problem::new(
        1000,
        6000,
        vec![
            window(Score::Acc, q(acc), &eps, &tol),
            window(Score::Npv, q("0.9401"), &eps, &tol),
            window(Score::F1p, q("0.4004"), &eps, &tol),
        ],
    )
}

#[test]
fn the_papers_example_is_consistent_with_exactly_two_pairs() {
    let problem = paper("0.6821");
    let outcome = check(&problem, &full_options(10));
    assert_eq!(outcome.verdict, Verdict::Consistent);
    assert_eq!(outcome.witnesses, vec![(743, 4031), (743, 4032)]);
    assert_eq!(outcome.n_valid_tptn_pairs, Some(2));
    for &(tp, tn) in &outcome.witnesses {
        assert!(holds(&problem, tp, tn));
    }
}

#[test]
fn the_papers_perturbed_example_is_inconsistent_and_explained() {
    let problem = paper("0.6811");
    let outcome = check(&problem, &Options::default());
    assert_eq!(outcome.verdict, Verdict::Inconsistent);
    let explanation = outcome.explanation.unwrap();
    let subset = subproblem(&problem, &explanation.scores);
    assert_eq!(
        check(&subset, &Options::default()).verdict,
        Verdict::Inconsistent
    );
    assert!(
        explanation.sentence.contains("p=1000, n=6000"),
        "{}",
        explanation.sentence
    );
}

/// Windows at 4 decimals (eps 1e-4, tol 1e-6) around the scores of (tp, tn).
fn around(tp: u64, tn: u64, p: u64, n: u64, scores: &[Score], shift: f64) -> Problem {
    let params = Params::default();
    let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
    let (eps, tol) = (q("0.0001"), q("0.000001"));
    let windows = scores
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let v = m.float(s, &params).unwrap();
            // Only the last score is shifted, so the others stay consistent.
            let v = if i + 1 == scores.len() { v + shift } else { v };
            window(s, rounded(v, 4), &eps, &tol)
        })
        .collect();
    Problem::new(p, n, windows).with_params(params)
}

const FIVE: [Score; 5] = [Score::Acc, Score::Sens, Score::Spec, Score::Ppv, Score::F1p];

#[test]
fn huge_counts_are_decided_with_rechecked_witnesses() {
    let big = 1_000_000_000_000u64;
    let small_count = Options::default().with_count_budget(100);
    for scores in [
        &FIVE[..],
        &[Score::Mcc][..],
        &[Score::Acc, Score::Mcc, Score::Npv][..],
    ] {
        let problem = around(812_345_678_901, 734_567_890_123, big, big, scores, 0.0);
        let outcome = check(&problem, &small_count);
        assert_eq!(outcome.verdict, Verdict::Consistent, "{scores:?}");
        let &(tp, tn) = outcome.witnesses.first().unwrap();
        assert!(holds(&problem, tp, tn));
        assert!(outcome.count_lower_bound >= 1);
    }
    let problem = around(812_345_678_901, 734_567_890_123, big, big, &FIVE, 0.003);
    let outcome = check(&problem, &small_count);
    assert_eq!(outcome.verdict, Verdict::Inconsistent);
    assert_eq!(
        outcome.explanation.unwrap().scores.last(),
        Some(&Score::F1p)
    );
}

#[test]
fn an_impossible_mcc_at_huge_counts_is_inconsistent() {
    let big = 1_000_000_000_000u64;
    let params = Params::default();
    // mcc = 1 needs tp = p and tn = n; 1 − 1e-13 is out of reach of every other matrix.
    let (eps, zero) = (q("0"), q("0"));
    let problem = Problem::new(
        big,
        big,
        vec![window(Score::Mcc, q("0.9999999999999"), &eps, &zero)],
    )
    .with_params(params);
    let outcome = check(&problem, &Options::default());
    assert_eq!(outcome.verdict, Verdict::Inconsistent);
}

#[test]
fn a_tiny_budget_gives_undecided_not_a_verdict() {
    let problem = around(812_345, 734_567, 1_000_000, 1_000_000, &FIVE, 0.003);
    let outcome = check(&problem, &Options::default().with_max_steps(10));
    assert!(
        matches!(outcome.verdict, Verdict::Undecided { .. }),
        "{:?}",
        outcome.verdict
    );
}

#[test]
fn counting_beyond_its_budget_gives_a_lower_bound() {
    let problem = around(812_345, 734_567, 1_000_000, 1_000_000, &[Score::Acc], 0.0);
    let outcome = check(&problem, &Options::default().with_count_budget(10));
    assert_eq!(outcome.verdict, Verdict::Consistent);
    assert_eq!(outcome.n_valid_tptn_pairs, None);
    assert!(outcome.count_lower_bound >= 1);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A deadline that has already passed may cost the verdict, never its correctness.
    #[test]
    fn a_passed_deadline_gives_undecided_or_the_true_verdict((problem, k) in problem_strategy()) {
        let expected = brute(&problem);
        let options = full_options(k).with_deadline(Some(std::time::Instant::now()));
        let outcome = check(&problem, &options);
        match &outcome.verdict {
            Verdict::Undecided { reason, .. } => prop_assert_eq!(reason, &StopReason::TimeLimit),
            Verdict::Consistent => {
                prop_assert!(!expected.is_empty());
                prop_assert!(!outcome.witnesses.is_empty());
                for w in &outcome.witnesses {
                    prop_assert!(expected.contains(w));
                }
                if let Some(count) = outcome.n_valid_tptn_pairs {
                    prop_assert_eq!(count, expected.len() as u128);
                }
                prop_assert!(outcome.count_lower_bound <= expected.len() as u128);
            }
            Verdict::Inconsistent => prop_assert!(expected.is_empty()),
            other => prop_assert!(false, "unknown verdict {other:?}"),
        }
    }
}

#[test]
fn a_passed_deadline_stops_a_long_search() {
    // Millions of counts and two non-monotone scores: deciding takes many exact evaluations,
    // and the clock is looked at before each.
    let (eps, tol) = (q("0.0001"), q("0.000001"));
    let problem = Problem::new(
        7_340_691,
        2_330_722,
        vec![
            window(Score::OneMinusPt, q("0.5463"), &eps, &tol),
            window(Score::Mk, q("0.0649"), &eps, &tol),
        ],
    );
    let unhurried = check(&problem, &Options::default());
    assert_eq!(unhurried.verdict, Verdict::Consistent);
    assert!(unhurried.steps > 1_000, "{} steps", unhurried.steps);
    let hurried = check(
        &problem,
        &Options::default().with_deadline(Some(std::time::Instant::now())),
    );
    match hurried.verdict {
        Verdict::Undecided { reason, covered } => {
            assert_eq!(reason, StopReason::TimeLimit);
            assert!(reason.to_string().contains("time limit"), "{reason}");
            assert!(!covered.to_string().is_empty());
        }
        other => panic!("expected undecided, got {other:?}"),
    }
}

#[test]
fn mcc_alone_at_a_million_is_counted_exactly_by_default() {
    // The count walks about half a million tp columns with integer polynomials; the
    // default budget covers it (the brute-force tests above check the walk's counts).
    let (eps, tol) = (q("0.0001"), q("0.000001"));
    let problem = Problem::new(
        1_000_000,
        1_000_000,
        vec![window(Score::Mcc, q("0.7"), &eps, &tol)],
    );
    let outcome = check(&problem, &Options::default());
    assert_eq!(outcome.verdict, Verdict::Consistent);
    let count = outcome.n_valid_tptn_pairs.expect("an exact count");
    assert_eq!(count, outcome.count_lower_bound);
    // Every tp column from about 0.59·p on holds dozens of pairs.
    assert!(count > 10_000_000, "{count}");
    let &(tp, tn) = outcome.witnesses.first().unwrap();
    assert!(holds(&problem, tp, tn));
}

/// Windows whose ends do not fit 128-bit integers (an eps with 41 decimals) leave the
/// fixed-width path and go through the interval filter (rigorous f64 enclosures) and the
/// exact evaluation: every score, alone and beside accuracy, on every true matrix of small
/// grids, border rows and columns included, against brute force. The filter may only save
/// exact work; this holds it to the exact answer where its enclosure decides.
#[test]
fn windows_past_fixed_width_match_brute_force_through_the_interval_filter() {
    let params = Params::with_betas(q("2"), q("0.5"));
    // 0.02 + 10^-41: its denominator 10^41 is past 2^127.
    let eps = q("0.02000000000000000000000000000000000000001");
    let tight = q("0.00000000000000000000000000000000000000001");
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        state >> 33
    };
    for (p, n) in [(3, 4), (5, 5), (6, 2), (1, 6), (7, 7)] {
        for &score in Score::ALL {
            for _ in 0..3 {
                let (tp, tn) = (next() % (p + 1), next() % (n + 1));
                let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
                let Some(v) = m.float(score, &params) else {
                    continue;
                };
                // Around the true value, and shifted off it, wide and point-like.
                let shift = [0.0, 0.05, -0.11][(next() % 3) as usize];
                let reported = rounded(v + shift, 3);
                let width = if next() % 4 == 0 { &tight } else { &eps };
                let alone = window(score, reported.clone(), width, &q("0"));
                let acc = window(
                    Score::Acc,
                    rounded(m.float(Score::Acc, &params).unwrap_or(0.5), 2),
                    &eps,
                    &q("0"),
                );
                for windows in [vec![alone.clone()], vec![alone, acc]] {
                    let problem = Problem::new(p, n, windows).with_params(params.clone());
                    compare(&problem, 2);
                }
            }
        }
    }
}
