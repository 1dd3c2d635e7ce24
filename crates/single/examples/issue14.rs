//! The four single-matrix cases of issue 14, each checked once with the default options or,
//! with the argument `decide`, deciding only; for instruction counts
//! (`perf stat -e instructions`, `valgrind --tool=callgrind`).
//!
//! Run with `cargo run --release -p scorecheck-single --example issue14 [decide] [case]`,
//! `case` one of `1e5_mcc`, `1e6_mcc`, `1e6_five`, `1e12_inconsistent` (all when absent).

use scorecheck_algebra::{parse_decimal, ConfusionMatrix, Params, Score};
use scorecheck_single::{check, Options, Problem, Window};

/// Windows at 4 decimals (eps 1e-4, tol 1e-6) around the scores of the matrix at 0.81·p + 7,
/// 0.73·n + 3; `shift` moves the last score (the benches' cases).
fn problem(p: u64, n: u64, scores: &[Score], shift: f64) -> Problem {
    let params = Params::default();
    let m = ConfusionMatrix::new(p / 100 * 81 + 7, n / 100 * 73 + 3, p, n).expect("a matrix");
    let eps = parse_decimal("0.0001").expect("a decimal");
    let tol = parse_decimal("0.000001").expect("a decimal");
    let windows = scores
        .iter()
        .enumerate()
        .map(|(i, &score)| {
            let v = m.float(score, &params).expect("defined");
            let v = if i + 1 == scores.len() { v + shift } else { v };
            let reported = parse_decimal(&format!("{v:.4}")).expect("a decimal");
            Window::around(score, reported, &eps, &tol)
        })
        .collect();
    Problem::new(p, n, windows).with_params(params)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let decide = args.iter().any(|a| a == "decide");
    let only = args.iter().find(|a| *a != "decide");
    let options = if decide {
        Options::default().with_count_budget(0).with_explain(false)
    } else {
        Options::default()
    };
    let five = [Score::Acc, Score::Sens, Score::Spec, Score::Ppv, Score::F1p];
    let cases = [
        ("1e5_mcc", problem(100_000, 100_000, &[Score::Mcc], 0.0)),
        ("1e6_mcc", problem(1_000_000, 1_000_000, &[Score::Mcc], 0.0)),
        ("1e6_five", problem(1_000_000, 1_000_000, &five, 0.0)),
        (
            "1e12_inconsistent",
            problem(
                1_000_000_000_000,
                2_000_000_000_000,
                &[Score::Acc, Score::Sens, Score::Mcc],
                0.003,
            ),
        ),
    ];
    for (name, problem) in cases {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let outcome = check(&problem, &options);
        println!(
            "{name}: {:?}, count {:?} (at least {})",
            outcome.verdict, outcome.n_valid_tptn_pairs, outcome.count_lower_bound
        );
    }
}
