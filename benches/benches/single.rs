//! criterion benches: the exact single-matrix engine at p = n = 1e5, 1e6 and 1e12, and at
//! p = 1e12, n = 2e12 (the single-matrix rows of issue 14).
#![allow(missing_docs)] // criterion macros generate undocumented items.
use criterion::{criterion_group, criterion_main, Criterion};
use scorecheck::algebra::{parse_decimal, ConfusionMatrix, Params, Score};
use scorecheck::single::{check, Options, Problem, Verdict, Window};

const FIVE: [Score; 5] = [Score::Acc, Score::Sens, Score::Spec, Score::Ppv, Score::F1p];

/// Windows at 4 decimals (eps 1e-4, tol 1e-6) around the scores of a true matrix at
/// 0.81·p, 0.73·n (p = n = `size`); `shift` moves the last score away to make the report
/// inconsistent.
fn problem(size: u64, scores: &[Score], shift: f64) -> Problem {
    problem_pn(size, size, scores, shift)
}

/// [`problem`] with p positives and n negatives.
fn problem_pn(p: u64, n: u64, scores: &[Score], shift: f64) -> Problem {
    let params = Params::default();
    let (tp, tn) = (p / 100 * 81 + 7, n / 100 * 73 + 3);
    let m = ConfusionMatrix::new(tp, tn, p, n).expect("a valid matrix");
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

fn decision_only() -> Options {
    Options::default().with_count_budget(0).with_explain(false)
}

fn bench_case(
    c: &mut Criterion,
    name: &str,
    problem: &Problem,
    options: &Options,
    expected: &Verdict,
) {
    let outcome = check(problem, options);
    assert_eq!(&outcome.verdict, expected, "{name}");
    c.bench_function(name, |b| b.iter(|| check(problem, options)));
}

/// The single-matrix rows of issue 14, each with the default options (decision, count,
/// explanation) and decision only: mcc alone at p = n = 1e5 and 1e6 (the count exact), the
/// five scores at 1e6, and acc, sens and mcc at p = 1e12, n = 2e12 with mcc moved by 0.003.
fn issue_14(c: &mut Criterion) {
    let acc_sens_mcc = [Score::Acc, Score::Sens, Score::Mcc];
    let cases = [
        (
            "1e5/mcc",
            problem(100_000, &[Score::Mcc], 0.0),
            Verdict::Consistent,
        ),
        (
            "1e6/mcc",
            problem(1_000_000, &[Score::Mcc], 0.0),
            Verdict::Consistent,
        ),
        (
            "1e6/five",
            problem(1_000_000, &FIVE, 0.0),
            Verdict::Consistent,
        ),
        (
            "1e12x2e12/acc_sens_mcc_inconsistent",
            problem_pn(1_000_000_000_000, 2_000_000_000_000, &acc_sens_mcc, 0.003),
            Verdict::Inconsistent,
        ),
    ];
    for (name, problem, expected) in cases {
        let outcome = check(&problem, &Options::default());
        if expected == Verdict::Consistent {
            eprintln!(
                "issue14/{name}: n_valid_tptn_pairs = {:?}, lower bound {}",
                outcome.n_valid_tptn_pairs, outcome.count_lower_bound
            );
        }
        bench_case(
            c,
            &format!("issue14/{name}/default"),
            &problem,
            &Options::default(),
            &expected,
        );
        bench_case(
            c,
            &format!("issue14/{name}/decide"),
            &problem,
            &decision_only(),
            &expected,
        );
    }
}

fn single(c: &mut Criterion) {
    // The reference (mlscorecheck 1.0.3) takes 149 s for the mcc-only check at 1e6.
    let consistent = Verdict::Consistent;
    let inconsistent = Verdict::Inconsistent;
    let mut sizes = vec![("1e6", 1_000_000u64)];
    // Counting at 1e12 runs to its budget; the big cases run on request.
    let big = std::env::var_os("SCORECHECK_BENCH_BIG").is_some();
    sizes.push(("1e12", 1_000_000_000_000u64));
    for (label, size) in sizes {
        let cases = [
            ("five", &FIVE[..], 0.0, &consistent),
            ("five_inconsistent", &FIVE[..], 0.003, &inconsistent),
            ("mcc", &[Score::Mcc][..], 0.0, &consistent),
            ("mcc_inconsistent", &[Score::Mcc][..], 2.0, &inconsistent),
        ];
        for (name, scores, shift, expected) in cases {
            let problem = problem(size, scores, shift);
            bench_case(
                c,
                &format!("single/{label}/{name}/decide"),
                &problem,
                &decision_only(),
                expected,
            );
            if size < 1_000_000_000_000 || big {
                bench_case(
                    c,
                    &format!("single/{label}/{name}/default"),
                    &problem,
                    &Options::default(),
                    expected,
                );
            }
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = issue_14, single
}
criterion_main!(benches);
