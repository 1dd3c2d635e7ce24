//! criterion benches: mean-of-scores checks over growing experiments, on the reference's own cases.
#![allow(missing_docs)] // criterion macros generate undocumented items.

// The cases live in benches/cases/mos_*.json, written once by
// benches/reference/time_reference.py, which times mlscorecheck 1.0.3 on the very same files;
// reading them (rather than regenerating in Rust) is what makes the two timings comparable.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use scorecheck::algebra::{parse_decimal, reported_interval};
use scorecheck::{run, RunOptions};
use scorecheck_feasibility::{checked, Budget, Problem, VarId};
use scorecheck_feasibility_pure::PureBackend;
use serde_json::Value;

/// One committed case: its name, the facade request, and the reference's verdict.
struct Case {
    name: String,
    request: Value,
    expected_inconsistency: bool,
}

/// The case sizes, smallest first, so a slow large case cannot hide the small ones.
const SIZES: [&str; 5] = [
    "d1_k5_r1",
    "d1_k10_r1",
    "d5_k5_r1",
    "d10_k10_r1",
    "d10_k10_r5",
];

fn cases() -> Vec<Case> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases");
    let mut out = Vec::new();
    for size in SIZES {
        for label in ["feasible", "infeasible"] {
            let name = format!("mos_{size}_{label}");
            let path = dir.join(format!("{name}.json"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                panic!(
                    "{}: {e}; run benches/reference/time_reference.py generate",
                    path.display()
                )
            });
            let file: Value = serde_json::from_str(&text).expect("a case file is JSON");
            out.push(Case {
                name,
                request: file["request"].clone(),
                expected_inconsistency: file["expected_inconsistency"]
                    .as_bool()
                    .expect("a verdict"),
            });
        }
    }
    out
}

/// The request with `"backend"` set, so the facade picks that backend.
fn with_backend(request: &Value, backend: &str) -> Value {
    let mut request = request.clone();
    request["backend"] = Value::String(backend.to_string());
    request
}

/// The integer program the facade builds, rebuilt here so the bench can time the backend
/// alone: tp, tn per fold; each reported score's mean over datasets (each the mean over its
/// folds) within reported ± eps (tol 1e-6, as the reference's numerical tolerance).
fn problem_of(request: &Value) -> Problem {
    let eps = parse_decimal(&request["eps"].to_string()).expect("eps");
    let tol = parse_decimal("0.000001").expect("a decimal");
    let evaluations = request["evaluations"].as_array().expect("evaluations");
    let mut problem = Problem::new();
    // (p, n, tp, tn, weight) per fold, weight = 1 / (datasets · folds of its dataset).
    let mut folds = Vec::new();
    for (d, evaluation) in evaluations.iter().enumerate() {
        let list = evaluation["folding"]["folds"].as_array().expect("folds");
        let weight = num_rational(1, (evaluations.len() * list.len()) as u64);
        for (f, fold) in list.iter().enumerate() {
            let (p, n) = (
                fold["p"].as_u64().expect("p"),
                fold["n"].as_u64().expect("n"),
            );
            let tp = problem.add_variable(format!("tp[{d}][{f}]"), 0, p as i64);
            let tn = problem.add_variable(format!("tn[{d}][{f}]"), 0, n as i64);
            folds.push((p, n, tp, tn, weight.clone()));
        }
    }
    for (name, value) in request["scores"].as_object().expect("scores") {
        let reported = parse_decimal(&value.to_string()).expect("a decimal");
        let (lower, upper) = reported_interval(&reported, &eps, &tol);
        let mut terms: Vec<(VarId, _)> = Vec::new();
        for (p, n, tp, tn, weight) in &folds {
            // Every benched score is linear in (tp, tn) with no constant term.
            let (a, b) = match name.as_str() {
                "acc" => (num_rational(1, p + n), num_rational(1, p + n)),
                "sens" => (num_rational(1, *p), num_rational(0, 1)),
                "spec" => (num_rational(0, 1), num_rational(1, *n)),
                "bacc" => (num_rational(1, 2 * p), num_rational(1, 2 * n)),
                other => panic!("the mos cases report acc, sens, spec, bacc only, not {other}"),
            };
            terms.push((*tp, a * weight));
            terms.push((*tn, b * weight));
        }
        problem.add_constraint(name.clone(), terms, Some(lower), Some(upper));
    }
    problem
}

fn num_rational(num: u64, den: u64) -> scorecheck::algebra::BigRational {
    scorecheck::algebra::BigRational::new(num.into(), den.into())
}

fn mos(c: &mut Criterion) {
    let options = RunOptions::default();
    let mut group = c.benchmark_group("mos");
    // The largest cases take long enough that criterion's default 100 samples would not fit
    // the short measurement times the README numbers are taken with.
    group.sample_size(10);
    let mut backends = vec!["pure"];
    if cfg!(feature = "highs") {
        backends.push("highs");
    }
    for case in cases() {
        for backend in &backends {
            let request = with_backend(&case.request, backend);
            // A bench of a wrong answer measures nothing: check the verdict first.
            let result = run(&request, &options).expect("the request is valid");
            assert_eq!(
                result["inconsistency"],
                Value::Bool(case.expected_inconsistency),
                "{} on {backend}",
                case.name
            );
            group.bench_with_input(
                BenchmarkId::new(format!("facade_{backend}"), &case.name),
                &request,
                |b, request| b.iter(|| run(black_box(request), &options)),
            );
        }
        let problem = problem_of(&case.request);
        let verdict = checked(&PureBackend, &problem, &Budget::default());
        assert_eq!(
            verdict.is_infeasible(),
            case.expected_inconsistency,
            "{} on the bare pure backend",
            case.name
        );
        group.bench_with_input(
            BenchmarkId::new("pure_backend", &case.name),
            &problem,
            |b, problem| b.iter(|| checked(&PureBackend, black_box(problem), &Budget::default())),
        );
    }
    group.finish();
}

criterion_group!(benches, mos);
criterion_main!(benches);
