//! The feasibility layer alone: a mean-of-scores integer program, a backend of one's own
//! behind the `Feasibility` trait, the exact gate every answer passes, and the shared
//! conformance data every backend must pass.
//!
//! Run with `cargo run -p scorecheck-feasibility --example own_backend`.

use std::sync::atomic::{AtomicU64, Ordering};

use num_rational::BigRational;
use scorecheck_conformance::run_conformance;
use scorecheck_feasibility::testing::BruteForce;
use scorecheck_feasibility::{checked, Budget, Feasibility, Problem, Verdict};

/// A backend that counts its calls and asks the enumerating oracle.
struct Counting {
    calls: AtomicU64,
    inner: BruteForce,
}

impl Feasibility for Counting {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "counting brute force".into()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        self.calls.fetch_add(1, Ordering::Relaxed);
        self.inner.solve(problem, budget)
    }
}

fn main() {
    // Two folds of 3 and 5 positives, 4 and 6 negatives; mean sensitivity 0.53 and mean
    // specificity 0.71, each ± 0.005.
    let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
    let mut problem = Problem::new();
    let tp0 = problem.add_variable("tp_0", 0, 3);
    let tn0 = problem.add_variable("tn_0", 0, 4);
    let tp1 = problem.add_variable("tp_1", 0, 5);
    let tn1 = problem.add_variable("tn_1", 0, 6);
    problem.add_constraint(
        "mean sensitivity",
        vec![(tp0, r(1, 6)), (tp1, r(1, 10))],
        Some(r(525, 1000)),
        Some(r(535, 1000)),
    );
    problem.add_constraint(
        "mean specificity",
        vec![(tn0, r(1, 8)), (tn1, r(1, 12))],
        Some(r(705, 1000)),
        Some(r(715, 1000)),
    );
    let backend = Counting {
        calls: AtomicU64::new(0),
        inner: BruteForce::new(1_000_000),
    };
    // `checked` re-checks a "feasible" witness exactly before it counts.
    let verdict = checked(&backend, &problem, &Budget::default());
    println!("{verdict:?}");
    let witness = verdict.witness().expect("tp = (2, 2), tn = (3, 4) fits");
    assert!(problem.check(witness).is_ok());
    // The conformance cases of scorecheck-conformance that every backend crate runs in its tests
    // (HiGHS, CBC, microlp and the pure backend pass them all). Brute force leaves the large
    // ones undecided, never wrong, and the report lists each case it did not answer.
    match run_conformance(&backend) {
        Ok(cases) => println!("{} passed all {cases} conformance cases", backend.name()),
        Err(e) => {
            let report = e.to_string();
            let failed = report.lines().filter(|l| l.contains(": expected ")).count();
            let undecided = report
                .lines()
                .filter(|l| l.contains("answered Undecided"))
                .count();
            // Not one wrong answer: every case it failed, it left undecided.
            assert_eq!(failed, undecided, "{report}");
            println!(
                "{}: {undecided} conformance cases not answered (too large to enumerate)",
                backend.name()
            );
        }
    }
    println!("{} calls", backend.calls.load(Ordering::Relaxed));
}
