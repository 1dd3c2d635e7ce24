//! Numerically hard problems: tiny coefficients, windows narrower than HiGHS's tolerance, and large mean-of-scores models.

use std::time::{Duration, Instant};

use num_rational::BigRational;
use scorecheck_feasibility::testing::BruteForce;
use scorecheck_feasibility::{checked, Budget, Certainty, Feasibility, Problem, VarId, Verdict};
use scorecheck_feasibility_highs::HighsBackend;

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// A small deterministic generator, so the tests need no seed handling.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// The mean of `values[i] / sizes[i]` as an exact rational.
fn exact_mean(values: &[i64], sizes: &[i64]) -> BigRational {
    let sum: BigRational = values.iter().zip(sizes).map(|(&v, &s)| r(v, s)).sum();
    sum / BigRational::from_integer((values.len() as i64).into())
}

/// A mean-of-scores problem over `folds` folds: per fold `tp ∈ [0, p]`, `tn ∈ [0, n]`,
/// rows for mean sensitivity, mean specificity and mean accuracy, each with a window of
/// half-width `half_width` around the value at a hidden point (so it is feasible).
fn mean_of_scores(folds: usize, seed: u64, half_width: BigRational) -> Problem {
    let mut rng = Lcg(seed);
    let mut problem = Problem::new();
    let (mut tp, mut tn) = (Vec::new(), Vec::new());
    let (mut ps, mut ns, mut tps, mut tns) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for i in 0..folds {
        let p = 20 + rng.below(80) as i64;
        let n = 20 + rng.below(120) as i64;
        tp.push(problem.add_variable(format!("tp_{i}"), 0, p));
        tn.push(problem.add_variable(format!("tn_{i}"), 0, n));
        tps.push(p - rng.below((p / 5) as u64) as i64);
        tns.push(n - rng.below((n / 4) as u64) as i64);
        ps.push(p);
        ns.push(n);
    }
    let k = folds as i64;
    let window = |centre: BigRational| (Some(&centre - &half_width), Some(&centre + &half_width));
    let sens: Vec<_> = (0..folds).map(|i| (tp[i], r(1, k * ps[i]))).collect();
    let (lo, hi) = window(exact_mean(&tps, &ps));
    problem.add_constraint("mean sensitivity", sens, lo, hi);
    let spec: Vec<_> = (0..folds).map(|i| (tn[i], r(1, k * ns[i]))).collect();
    let (lo, hi) = window(exact_mean(&tns, &ns));
    problem.add_constraint("mean specificity", spec, lo, hi);
    let totals: Vec<i64> = (0..folds).map(|i| ps[i] + ns[i]).collect();
    let correct: Vec<i64> = (0..folds).map(|i| tps[i] + tns[i]).collect();
    let acc: Vec<_> = (0..folds)
        .flat_map(|i| [(tp[i], r(1, k * totals[i])), (tn[i], r(1, k * totals[i]))])
        .collect();
    let (lo, hi) = window(exact_mean(&correct, &totals));
    problem.add_constraint("mean accuracy", acc, lo, hi);
    problem
}

#[test]
fn tiny_coefficients_and_a_tight_window_are_solved() {
    // Five folds of about 3.6 million samples each: coefficients near 1/1.8e7, the regime
    // where unscaled HiGHS answered "infeasible". The window has half-width 1e-9.
    let sizes = [3_600_000i64, 3_600_011, 3_599_993, 3_600_037, 3_600_101];
    let hidden = [3_400_001i64, 3_511_111, 3_222_222, 3_599_000, 3_333_333];
    let mut problem = Problem::new();
    let vars: Vec<VarId> = sizes
        .iter()
        .enumerate()
        .map(|(i, &p)| problem.add_variable(format!("tp_{i}"), 0, p))
        .collect();
    let terms = vars
        .iter()
        .zip(&sizes)
        .map(|(&v, &p)| (v, r(1, 5 * p)))
        .collect();
    let mean = exact_mean(&hidden, &sizes);
    let eps = r(1, 1_000_000_000);
    problem.add_constraint(
        "mean sensitivity",
        terms,
        Some(&mean - &eps),
        Some(&mean + &eps),
    );
    let verdict = checked(&HighsBackend::new(), &problem, &Budget::default());
    let witness = verdict.witness().unwrap_or_else(|| panic!("{verdict:?}"));
    assert!(problem.check(witness).is_ok());
}

#[test]
fn equal_tiny_folds_between_grid_points_are_exactly_infeasible() {
    // With equal fold sizes the mean lies on a grid of step 1/(5·3.6e6); a window strictly
    // between two grid points is empty, which the exact row scaling proves on its own.
    let p = 3_600_000i64;
    let mut problem = Problem::new();
    let terms = (0..5)
        .map(|i| (problem.add_variable(format!("tp_{i}"), 0, p), r(1, 5 * p)))
        .collect();
    let k = 17_000_003i64;
    problem.add_constraint(
        "mean sensitivity",
        terms,
        Some(r(4 * k + 1, 4 * 5 * p)),
        Some(r(4 * k + 3, 4 * 5 * p)),
    );
    let verdict = checked(&HighsBackend::new(), &problem, &Budget::default());
    assert!(
        matches!(
            verdict,
            Verdict::Infeasible {
                certainty: Certainty::Exact,
                ..
            }
        ),
        "{verdict:?}"
    );
}

/// `x + y = 10` and `x/p + y/q + z/s` in a window, with `z` fixed at 0.
///
/// With `p`, `q`, `s` coprime and near 3.6e7 the integer form of the second row has
/// coefficients near 1.3e15, so it is normalised to a largest coefficient of 1; along the
/// first row its activity then moves by only about 2.8e-8 per unit of `x`, below HiGHS's
/// feasibility tolerance.
fn sub_tolerance_problem(
    window: impl Fn(BigRational, BigRational) -> (BigRational, BigRational),
) -> Problem {
    let (p, q, s) = (36_000_001i64, 36_000_002i64, 36_000_007i64);
    let mut problem = Problem::new();
    let x = problem.add_variable("x", 0, 10);
    let y = problem.add_variable("y", 0, 10);
    let z = problem.add_variable("z", 0, 0);
    problem.add_constraint(
        "sum",
        vec![(x, r(1, 1)), (y, r(1, 1))],
        Some(r(10, 1)),
        Some(r(10, 1)),
    );
    // Activity at (x, 10 - x, 0) is 10/q + x·d with d = 1/p - 1/q.
    let at = |x0: i64| r(x0, p) + r(10 - x0, q);
    let d = r(1, p) - r(1, q);
    let (lo, hi) = window(at(4), d);
    problem.add_constraint(
        "mean",
        vec![(x, r(1, p)), (y, r(1, q)), (z, r(1, s))],
        Some(lo),
        Some(hi),
    );
    problem
}

#[test]
fn a_point_inside_highs_tolerance_but_outside_the_window_is_never_feasible() {
    // The window lies strictly between the activities at x = 4 and x = 5: no integer point,
    // but (4, 6, 0) misses it by about 3e-9 after normalisation, inside HiGHS's tolerance.
    let problem = sub_tolerance_problem(|a, d| {
        let third = &d / BigRational::from_integer(3.into());
        (&a + &third, &a + &third + &third)
    });
    assert!(checked(&BruteForce::default(), &problem, &Budget::default()).is_infeasible());
    let verdict = checked(&HighsBackend::new(), &problem, &Budget::default());
    assert!(!verdict.is_feasible(), "{verdict:?}");
}

#[test]
fn a_single_exact_point_is_found_even_when_neighbours_pass_highs_tolerance() {
    // The window is the single activity at x = 4; x = 3 or 5 pass HiGHS's tolerance but not
    // the exact check, so a wrong neighbour has to be repaired into (4, 6, 0).
    let problem = sub_tolerance_problem(|a, _| (a.clone(), a));
    let verdict = checked(&HighsBackend::new(), &problem, &Budget::default());
    assert_eq!(verdict.witness(), Some(&[4, 6, 0][..]), "{verdict:?}");
    // Also without the shared gate, which would repair too.
    let direct = HighsBackend::new().solve(&problem, &Budget::default());
    assert_eq!(direct.witness(), Some(&[4, 6, 0][..]), "{direct:?}");
}

fn timed_mean_of_scores(folds: usize) -> Duration {
    let problem = mean_of_scores(folds, 7 + folds as u64, r(5, 100_000));
    let start = Instant::now();
    let verdict = checked(&HighsBackend::new(), &problem, &Budget::default());
    let elapsed = start.elapsed();
    let witness = verdict
        .witness()
        .unwrap_or_else(|| panic!("{folds} folds: {verdict:?}"));
    assert!(problem.check(witness).is_ok());
    eprintln!(
        "{folds} folds ({} variables): {elapsed:?}",
        problem.variables().len()
    );
    elapsed
}

#[test]
fn mean_of_scores_with_100_variables() {
    assert!(timed_mean_of_scores(50) < Duration::from_secs(30));
}

#[test]
fn mean_of_scores_with_1000_variables() {
    assert!(timed_mean_of_scores(500) < Duration::from_secs(60));
}

#[test]
fn a_zero_time_limit_is_undecided_never_feasible() {
    let problem = mean_of_scores(50, 3, r(5, 100_000));
    let budget = Budget::new(u64::MAX, Some(Duration::ZERO));
    let verdict = HighsBackend::new().solve(&problem, &budget);
    assert!(verdict.is_undecided(), "{verdict:?}");
}

/// A market-split instance (Cornuéjols–Dawande): 0/1 variables, rows `Σ a·x = ⌊Σ a / 2⌋`
/// with random coefficients. These are hard for branch and bound, so a node limit bites.
fn market_split(rows: usize, vars: usize, seed: u64) -> Problem {
    let mut rng = Lcg(seed);
    let mut problem = Problem::new();
    let ids: Vec<VarId> = (0..vars)
        .map(|i| problem.add_variable(format!("x{i}"), 0, 1))
        .collect();
    for row in 0..rows {
        let coefficients: Vec<i64> = (0..vars).map(|_| rng.below(100) as i64).collect();
        let target = coefficients.iter().sum::<i64>() / 2;
        let terms = ids
            .iter()
            .zip(&coefficients)
            .map(|(&v, &a)| (v, r(a, 1)))
            .collect();
        problem.add_constraint(
            format!("split{row}"),
            terms,
            Some(r(target, 1)),
            Some(r(target, 1)),
        );
    }
    problem
}

#[test]
fn the_node_limit_gives_undecided_and_a_full_budget_agrees_with_brute_force() {
    let problem = market_split(3, 16, 11);
    let truth = checked(&BruteForce::default(), &problem, &Budget::default());
    let full = checked(&HighsBackend::new(), &problem, &Budget::default());
    assert_eq!(
        truth.is_feasible(),
        full.is_feasible(),
        "{truth:?} vs {full:?}"
    );
    assert!(!full.is_undecided(), "{full:?}");
    let limited = checked(&HighsBackend::new(), &problem, &Budget::nodes(1));
    match &limited {
        Verdict::Feasible { witness } => assert!(problem.check(witness).is_ok()),
        Verdict::Infeasible { .. } => panic!("one node cannot prove this: {limited:?}"),
        Verdict::Undecided { .. } => {}
        other => panic!("an answer this test does not know: {other:?}"),
    }
}

/// A variable bound beyond 2^53 is not exact in `f64`: HiGHS is not asked, the answer is
/// undecided (the float backends' shared preliminaries, `float_kit::prepare`), never an
/// "infeasible" a rounded bound could have made wrong.
#[test]
fn a_bound_beyond_two_to_the_53_is_undecided_without_highs() {
    let mut p = Problem::new();
    let x = p.add_variable("x", 0, (1 << 53) + 2);
    p.add_constraint(
        "x is huge",
        vec![(x, r(1, 1))],
        Some(r((1 << 53) + 1, 1)),
        None,
    );
    let verdict = HighsBackend::new().solve(&p, &Budget::default());
    let Verdict::Undecided { reason } = verdict else {
        panic!("expected undecided, got {verdict:?}");
    };
    assert!(reason.contains("2^53"), "{reason}");
}
