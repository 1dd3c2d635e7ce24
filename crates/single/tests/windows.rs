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
