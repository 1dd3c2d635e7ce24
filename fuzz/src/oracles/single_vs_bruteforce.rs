//! `single_vs_bruteforce`: the single-matrix engine's verdict, count and witnesses against enumerating every (tp, tn).

use num_bigint::BigInt;
use num_rational::BigRational;
use scorecheck::single::{check as engine, Options, Problem, Verdict, Window};
use scorecheck_algebra::{ConfusionMatrix, Params, Score};

use super::bytes::Bytes;

/// The largest p and n drawn (the whole grid is enumerated).
const MAX_COUNT: u64 = 30;

fn rational(numerator: i64, denominator: i64) -> BigRational {
    BigRational::new(BigInt::from(numerator), BigInt::from(denominator.max(1)))
}

/// A window for `score`: around its value at a random matrix (so that consistent cases are
/// common), or between two random rationals.
fn window(input: &mut Bytes<'_>, score: Score, p: u64, n: u64, params: &Params) -> Window {
    let around = if input.u8() % 4 == 0 {
        None
    } else {
        let (tp, tn) = (input.at_most(p), input.at_most(n));
        ConfusionMatrix::new(tp, tn, p, n)
            .ok()
            .and_then(|m| m.exact(score, params))
            .map(|v| match v.as_rational() {
                Some(r) => r.clone(),
                // An irrational value: its f64, which is a nearby rational.
                None => BigRational::from_float(v.to_f64()).unwrap_or_default(),
            })
    };
    let (lower, upper) = match around {
        Some(centre) => {
            // Widths of 0 make degenerate windows [v, v], which only an exact engine gets right.
            let below = rational(input.between(0, 50), 1_000 * input.between(1, 4));
            let above = rational(input.between(0, 50), 1_000 * input.between(1, 4));
            (&centre - below, &centre + above)
        }
        None => {
            let a = rational(input.between(-300, 3_000), input.between(1, 1_000));
            let b = rational(input.between(-300, 3_000), input.between(1, 1_000));
            if a <= b {
                (a, b)
            } else {
                (b, a)
            }
        }
    };
    let reported = (&lower + &upper) / rational(2, 1);
    Window::new(score, lower, upper)
        .unwrap()
        .with_reported(reported)
}

/// Decodes a problem from fuzzer bytes: p, n ≤ 30 and one to three windows.
pub fn decode(data: &[u8]) -> Problem {
    let mut input = Bytes::new(data);
    let (p, n) = (input.at_most(MAX_COUNT), input.at_most(MAX_COUNT));
    let params = if input.u8() % 4 == 0 {
        let beta = |input: &mut Bytes<'_>| rational(input.between(1, 12), input.between(1, 4));
        Params::with_betas(beta(&mut input), beta(&mut input))
    } else {
        Params::default()
    };
    let count = 1 + input.at_most(2);
    let windows = (0..count)
        .map(|_| {
            let score = Score::ALL[usize::from(input.u8()) % Score::ALL.len()];
            window(&mut input, score, p, n, &params)
        })
        .collect();
    Problem::new(p, n, windows).with_params(params)
}

/// Every (tp, tn) at which every window holds, in (tp, tn) order.
pub fn brute_force(problem: &Problem) -> Vec<(u64, u64)> {
    let mut feasible = Vec::new();
    for tp in 0..=problem.p {
        for tn in 0..=problem.n {
            let Ok(m) = ConfusionMatrix::new(tp, tn, problem.p, problem.n) else {
                continue;
            };
            let holds = problem.windows.iter().all(|w| {
                m.exact(w.score, &problem.params)
                    .is_some_and(|v| v.within(&w.lower, &w.upper))
            });
            if holds {
                feasible.push((tp, tn));
            }
        }
    }
    feasible
}

/// Checks one problem; panics on a disagreement.
pub fn check(problem: &Problem) {
    let options = Options::default()
        .with_max_witnesses(3)
        // Far more columns than the grid has: the count must come out exact.
        .with_count_budget(10_000);
    let outcome = engine(problem, &options);
    let expected = brute_force(problem);
    let describe = || {
        let windows: Vec<String> = problem
            .windows
            .iter()
            .map(|w| format!("{} in [{}, {}]", w.score, w.lower, w.upper))
            .collect();
        format!(
            "p = {}, n = {}, betas {} and {}, windows {}",
            problem.p,
            problem.n,
            problem.params.beta_positive,
            problem.params.beta_negative,
            windows.join(", ")
        )
    };
    match &outcome.verdict {
        Verdict::Consistent => assert!(
            !expected.is_empty(),
            "engine says consistent, brute force finds nothing: {}",
            describe()
        ),
        Verdict::Inconsistent => assert!(
            expected.is_empty(),
            "engine says inconsistent, brute force finds {} pairs, e.g. {:?}: {}",
            expected.len(),
            expected.first(),
            describe()
        ),
        Verdict::Undecided { reason, covered } => {
            panic!(
                "engine undecided on a {}×{} grid ({reason}; {covered}): {}",
                problem.p + 1,
                problem.n + 1,
                describe()
            )
        }
        other => panic!("unknown verdict {other:?}: {}", describe()),
    }
    assert_eq!(
        outcome.n_valid_tptn_pairs,
        Some(expected.len() as u128),
        "count differs from brute force: {}",
        describe()
    );
    let first: Vec<(u64, u64)> = expected
        .iter()
        .copied()
        .take(options.max_witnesses)
        .collect();
    assert_eq!(
        outcome.witnesses,
        first,
        "witnesses are not the first feasible pairs: {}",
        describe()
    );
}

/// Decodes and checks.
pub fn run(data: &[u8]) {
    check(&decode(data));
}
