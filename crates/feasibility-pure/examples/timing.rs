//! Times the pure backend on every conformance case and on generated mean-of-scores problems.

use std::time::Instant;

use num_rational::BigRational;
use scorecheck_conformance::cases;
use scorecheck_feasibility::{checked, Budget, Problem, Verdict};
use scorecheck_feasibility_pure::PureBackend;

/// A deterministic generator (splitmix64) so the example needs no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % ((hi - lo + 1) as u64)) as i64
    }
}

/// Mean accuracy, sensitivity, specificity and balanced accuracy over `folds` folds, each
/// window of width 2e-4 around the 4-decimal rounding of a real point (moved by `shift`).
fn mos(folds: usize, seed: u64, shift: i64) -> Problem {
    let mut rng = Rng(seed);
    let mut problem = Problem::new();
    let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
    let k = folds as i64;
    let (mut sens, mut spec, mut acc, mut bacc) = (vec![], vec![], vec![], vec![]);
    let mut values = [r(0, 1), r(0, 1), r(0, 1), r(0, 1)];
    for i in 0..folds {
        let p = rng.range(5, 60);
        let n = rng.range(5, 90);
        let tp = rng.range(p * 8 / 10, p);
        let tn = rng.range(n * 7 / 10, n);
        let vp = problem.add_variable(format!("tp_{i}"), 0, p);
        let vn = problem.add_variable(format!("tn_{i}"), 0, n);
        sens.push((vp, r(1, k * p)));
        spec.push((vn, r(1, k * n)));
        acc.push((vp, r(1, k * (p + n))));
        acc.push((vn, r(1, k * (p + n))));
        bacc.push((vp, r(1, 2 * k * p)));
        bacc.push((vn, r(1, 2 * k * n)));
        values[0] += r(tp + tn, k * (p + n));
        values[1] += r(tp, k * p);
        values[2] += r(tn, k * n);
        values[3] += r(tp, 2 * k * p) + r(tn, 2 * k * n);
    }
    for (idx, (name, terms)) in [("acc", acc), ("sens", sens), ("spec", spec), ("bacc", bacc)]
        .into_iter()
        .enumerate()
    {
        let centre = (&values[idx] * r(10_000, 1)).round() / r(10_000, 1)
            + if idx == 3 { r(shift, 10_000) } else { r(0, 1) };
        problem.add_constraint(
            name,
            terms,
            Some(&centre - r(1, 10_000)),
            Some(&centre + r(1, 10_000)),
        );
    }
    problem
}

fn show(name: &str, problem: &Problem) {
    let t = Instant::now();
    let v = checked(&PureBackend, problem, &Budget::default());
    let what = match &v {
        Verdict::Feasible { .. } => "feasible".to_string(),
        Verdict::Infeasible { certainty, .. } => format!("infeasible ({certainty})"),
        Verdict::Undecided { reason } => format!("undecided: {reason}"),
        // A kind of answer added later: undecided as far as this example knows.
        _ => "undecided".to_string(),
    };
    println!(
        "{name:<48} {:>5} vars {:>9.3} ms  {what}",
        problem.variables().len(),
        t.elapsed().as_secs_f64() * 1e3
    );
}

fn main() {
    let only = std::env::args().nth(1);
    if only.is_none() || only.as_deref() == Some("conformance") {
        for case in cases().unwrap_or_default() {
            show(&case.name, &case.problem);
        }
    }
    for folds in [10usize, 50, 500] {
        for seed in [42u64, 7, 2024] {
            show(
                &format!("generated MoS, {folds} folds, seed {seed}, feasible"),
                &mos(folds, seed, 0),
            );
            show(
                &format!("generated MoS, {folds} folds, seed {seed}, bacc moved 0.01"),
                &mos(folds, seed, 100),
            );
        }
    }
}
