//! The single-matrix engine without JSON: one paper's test set, three reported scores.
//!
//! Run with `cargo run -p scorecheck-single --example paper`.

use scorecheck_algebra::{parse_decimal, Score};
use scorecheck_single::{check, Options, Problem, Verdict, Window};

fn main() {
    // Reported to four decimals: the window of each score is v ± 0.0001 (plus a tolerance).
    let eps = parse_decimal("0.0001").expect("a decimal");
    let tol = parse_decimal("0.000001").expect("a decimal");
    let window = |score, text: &str| {
        Window::around(score, parse_decimal(text).expect("a decimal"), &eps, &tol)
    };
    for (label, spec) in [
        ("as published", "0.9847"),
        ("a typo in the specificity", "0.9962"),
    ] {
        let problem = Problem::new(
            38,
            262,
            vec![
                window(Score::Acc, "0.9500"),
                window(Score::Sens, "0.7105"),
                window(Score::Spec, spec),
            ],
        );
        let outcome = check(&problem, &Options::default().with_max_witnesses(3));
        match &outcome.verdict {
            Verdict::Consistent => println!(
                "{label}: consistent, e.g. (tp, tn) = {:?}; matrices that fit: {}",
                outcome.witnesses,
                outcome.n_valid_tptn_pairs.map_or(
                    "at least ".to_string() + &outcome.count_lower_bound.to_string(),
                    |c| c.to_string()
                )
            ),
            Verdict::Inconsistent => println!(
                "{label}: inconsistent: {}",
                outcome
                    .explanation
                    .as_ref()
                    .map_or("", |e| e.sentence.as_str())
            ),
            Verdict::Undecided { reason, covered } => {
                println!("{label}: undecided ({reason}; {covered})")
            }
            other => println!("{label}: {other:?}"),
        }
    }
}
