//! The brute-force oracle's limits, and the exact gate `checked` against misbehaving backends (the oracle against the conformance cases is in `scorecheck-conformance`).

use num_rational::BigRational;
use scorecheck_feasibility::testing::BruteForce;
use scorecheck_feasibility::{checked, Budget, Certainty, Feasibility, Problem, Verdict};

#[test]
fn brute_force_refuses_large_boxes() {
    let mut p = Problem::new();
    for i in 0..10 {
        p.add_variable(format!("x{i}"), 0, 100);
    }
    assert!(BruteForce::default()
        .solve(&p, &Budget::default())
        .is_undecided());
}

/// A backend that always answers with a fixed point.
struct Fixed(Vec<i64>);

impl Feasibility for Fixed {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        "fixed".into()
    }
    fn solve(&self, _: &Problem, _: &Budget) -> Verdict {
        Verdict::Feasible {
            witness: self.0.clone(),
        }
    }
}

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

#[test]
fn checked_repairs_a_slightly_wrong_witness() {
    let mut p = Problem::new();
    let x = p.add_variable("x", 0, 10);
    let y = p.add_variable("y", 0, 10);
    p.add_constraint(
        "sum",
        vec![(x, r(1, 3)), (y, r(1, 5))],
        Some(r(2, 1)),
        Some(r(2, 1)),
    );
    // 3 + 5 = 8 is not 2 (= 3/3 + 5/5 needs x = 3, y = 5); the backend is off by one in x.
    let verdict = checked(&Fixed(vec![4, 5]), &p, &Budget::default());
    let witness = verdict.witness().unwrap();
    assert!(p.check(witness).is_ok());
    // Out of bounds and wrong length are clamped and padded first.
    let verdict = checked(&Fixed(vec![99]), &p, &Budget::default());
    assert!(verdict.is_feasible() || verdict.is_undecided());
    if let Some(w) = verdict.witness() {
        assert!(p.check(w).is_ok());
    }
}

#[test]
fn checked_never_passes_a_wrong_witness_of_an_infeasible_problem() {
    let mut p = Problem::new();
    let x = p.add_variable("x", 0, 10);
    p.add_constraint("half", vec![(x, r(2, 1))], Some(r(1, 1)), Some(r(1, 1)));
    let verdict = checked(&Fixed(vec![0]), &p, &Budget::default());
    assert!(verdict.is_undecided(), "{verdict:?}");
}

#[test]
fn checked_answers_empty_ranges_exactly_and_malformed_problems_undecided() {
    let mut p = Problem::new();
    p.add_variable("x", 3, 2);
    let v = checked(&Fixed(vec![]), &p, &Budget::default());
    assert!(matches!(
        v,
        Verdict::Infeasible {
            certainty: Certainty::Exact,
            ..
        }
    ));
    let mut p = Problem::new();
    p.add_constraint(
        "bad",
        vec![(scorecheck_feasibility::VarId(7), r(1, 1))],
        None,
        None,
    );
    assert!(checked(&Fixed(vec![]), &p, &Budget::default()).is_undecided());
    assert!(p.check(&[]).is_err());
}

#[test]
fn check_reports_the_first_violation() {
    let mut p = Problem::new();
    let x = p.add_variable("x", 0, 3);
    p.add_constraint("le", vec![(x, r(1, 1))], None, Some(r(1, 1)));
    assert!(p.check(&[1]).is_ok());
    let e = p.check(&[2]).unwrap_err();
    assert!(e.to_string().contains("le"), "{e}");
    assert!(p.check(&[4]).is_err());
    assert!(p.check(&[1, 1]).is_err());
    assert_eq!(Certainty::Exact.to_string(), "exact");
    assert_eq!(Certainty::Solver.as_str(), "solver");
}
