//! criterion benches: mean-of-scores checks over growing experiments, on the reference's own cases.
#![allow(missing_docs)] // criterion macros generate undocumented items.

// The cases live in benches/cases/mos_*.json, written once by
// benches/reference/time_reference.py, which times mlscorecheck 1.0.3 on the very same files;
// reading them (rather than regenerating in Rust) is what makes the two timings comparable.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use scorecheck::algebra::Score;
use scorecheck::algebra::{parse_decimal, reported_interval};
use scorecheck::{run, RunOptions};
use scorecheck_experiment::{build, verdict, Bound, DatasetSpec, Experiment, FoldSpec, Limits};
use scorecheck_feasibility::{checked, Budget};
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

/// The case as the engine's typed experiment: the folds of every evaluation, and each
/// reported score's window reported ± eps (tol 1e-6, as the reference's numerical tolerance).
fn experiment_of(request: &Value) -> Experiment {
    let eps = parse_decimal(&request["eps"].to_string()).expect("eps");
    let tol = parse_decimal("0.000001").expect("a decimal");
    let datasets = request["evaluations"]
        .as_array()
        .expect("evaluations")
        .iter()
        .map(|evaluation| {
            DatasetSpec::from_folds(
                evaluation["folding"]["folds"]
                    .as_array()
                    .expect("folds")
                    .iter()
                    .map(|fold| {
                        FoldSpec::new(
                            fold["p"].as_u64().expect("p"),
                            fold["n"].as_u64().expect("n"),
                        )
                    })
                    .collect(),
            )
        })
        .collect();
    let windows = request["scores"]
        .as_object()
        .expect("scores")
        .iter()
        .map(|(name, value)| {
            let score = Score::from_name(name).expect("a score name");
            let reported = parse_decimal(&value.to_string()).expect("a decimal");
            let (lower, upper) = reported_interval(&reported, &eps, &tol);
            Bound::new(score, lower, upper)
        })
        .collect();
    Experiment::new(datasets, windows)
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
        let experiment = experiment_of(&case.request);
        // The engine alone (enumeration, then the backend), and the backend alone on the
        // engine's integer program.
        let limits = Limits::new();
        let engine = verdict(&experiment, &PureBackend, &limits).expect("the program builds");
        assert_eq!(
            engine.is_infeasible(),
            case.expected_inconsistency,
            "{} on the engine",
            case.name
        );
        group.bench_with_input(
            BenchmarkId::new("engine_pure", &case.name),
            &experiment,
            |b, experiment| b.iter(|| verdict(black_box(experiment), &PureBackend, &limits)),
        );
        let problem = build(&experiment).expect("the program builds");
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
