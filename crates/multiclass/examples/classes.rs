//! The multiclass engine without JSON: micro-averaged scores of a 3-class test set decided by
//! the trace search, and macro-averaged scores decided on K×K matrices (the exact model) and by
//! the reference's one-vs-rest relaxation, which accepts what no K×K matrix gives.
//!
//! Run: `cargo run -p scorecheck-multiclass --example classes`.

use num_rational::BigRational;
use scorecheck_algebra::{parse_decimal, reported_interval, Params, Score};
use scorecheck_experiment::{verdict, Bound, Limits};
use scorecheck_feasibility::Verdict;
use scorecheck_feasibility_pure::PureBackend;
use scorecheck_multiclass::{
    decide_exact, matrix_with_trace, one_vs_rest, search_trace, MacroExperiment, Trace,
};
use scorecheck_single::Window;

/// The window of a figure reported at `eps` (tolerance 1e-6).
fn window(value: &str, eps: &str) -> (BigRational, BigRational, BigRational) {
    let q = |v: &str| parse_decimal(v).expect("a decimal");
    let (lower, upper) = reported_interval(&q(value), &q(eps), &q("0.000001"));
    (q(value), lower, upper)
}

fn main() {
    // Micro: 3 classes of 40, 30 and 30 items; micro acc 0.8667 and micro f1 0.8 at 4 decimals.
    let counts = [40u64, 30, 30];
    let total: u64 = counts.iter().sum();
    let q = |v: &str| parse_decimal(v).expect("a decimal");
    let windows: Vec<Window> = [(Score::Acc, "0.8667"), (Score::F1p, "0.8")]
        .iter()
        .map(|&(score, v)| Window::around(score, q(v), &q("0.0001"), &q("0.000001")))
        .collect();
    match search_trace(total, counts.len() as u64, &windows, &Params::default()) {
        Trace::Found(trace) => println!(
            "micro: consistent, trace {trace}, e.g. {:?}",
            matrix_with_trace(&counts, trace)
        ),
        other => println!("micro: {other:?}"),
    }

    // Macro: two classes of 5; macro sens 0.9 with macro spec 0.5. With two classes one
    // class's misses are the other's false positives, so macro spec equals macro sens.
    let bound = |score, v: &str| {
        let (_, lower, upper) = window(v, "0.001");
        Bound::new(score, lower, upper)
    };
    let experiment = MacroExperiment::new(
        vec!["a".into(), "b".into()],
        vec![vec![5, 5]],
        vec![bound(Score::Sens, "0.9"), bound(Score::Spec, "0.5")],
    );
    let limits = Limits::new();
    let exact = decide_exact(&experiment, &PureBackend, &limits).expect("the model builds");
    let relaxed = verdict(&one_vs_rest(&experiment), &PureBackend, &limits).expect("it builds");
    println!(
        "macro, K×K matrices: {}; one-vs-rest: {}",
        name(&exact),
        name(&relaxed)
    );
    assert!(exact.is_infeasible() && matches!(relaxed, Verdict::Feasible { .. }));
}

fn name(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Feasible { .. } => "consistent",
        Verdict::Infeasible { .. } => "inconsistent",
        _ => "undecided",
    }
}
