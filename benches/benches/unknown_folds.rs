//! criterion benches: unknown-folds checks (every fold configuration tried) and counting.
#![allow(missing_docs)] // criterion macros generate undocumented items.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use scorecheck::algebra::{parse_decimal, reported_interval, Score};
use scorecheck::{count_fold_configurations, run, RunOptions};
use scorecheck_experiment::{
    search, space, Bound, Evaluation, Limits, SearchOutcome, UnknownFolds,
};
use scorecheck_feasibility_pure::PureBackend;
use serde_json::{json, Value};

/// The reference (mlscorecheck 1.0.3, CBC, 2-core machine) on the EHG case: 3.6 s.
const REFERENCE_EHG_SECONDS: f64 = 3.6;
/// The reference's estimate for the full sweep of p = 244: about four hours.
const REFERENCE_SWEEP_SECONDS: f64 = 4.0 * 3600.0;
/// The reference on the EHG scores with p = 244 (consistent; it stops at its 963rd
/// configuration): 5.7 s (issue 14).
const REFERENCE_FIRST_FEASIBLE_SECONDS: f64 = 5.7;

fn ehg(p: u64, acc: f64) -> Value {
    json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": p, "n": 262},
           "folding": {"n_folds": 5, "n_repeats": 1},
           "scores": {"acc": acc, "sens": 0.9139, "spec": 0.9733}, "eps": 1e-4})
}

fn report_ratio(name: &str, seconds: f64, reference: f64) {
    eprintln!(
        "{name}: {seconds:.3} s, {:.0}x faster than the reference ({reference} s)",
        reference / seconds
    );
}

fn small(c: &mut Criterion) {
    let mut group = c.benchmark_group("unknown_folds/small");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    let request = ehg(38, 0.9447);
    group.bench_function("ehg_918_configurations", |b| {
        b.iter(|| {
            let out = run(&request, &RunOptions::default()).unwrap();
            assert_eq!(out["inconsistency"], true);
        })
    });
    group.bench_function("count_p244_n262_k5", |b| {
        b.iter(|| {
            count_fold_configurations(244, 262, 5, 1, &[Score::Acc, Score::Sens, Score::Spec])
                .unwrap()
        })
    });
    group.finish();
    let started = Instant::now();
    let _ = run(&request, &RunOptions::default());
    report_ratio(
        "ehg_918_configurations (one run)",
        started.elapsed().as_secs_f64(),
        REFERENCE_EHG_SECONDS,
    );
}

/// p = 244: the first feasible configuration (the EHG scores), and scores no configuration
/// fits, refuted at once (before: all 2,616,607 configurations examined one by one).
fn p244(c: &mut Criterion) {
    let mut group = c.benchmark_group("unknown_folds/p244");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    let consistent = ehg(244, 0.9447);
    let refuted = ehg(244, 0.5);
    group.bench_function("first_feasible", |b| {
        b.iter(|| {
            let out = run(&consistent, &RunOptions::default()).unwrap();
            assert_eq!(out["inconsistency"], false);
        })
    });
    // The engine alone, through its typed API (no JSON): the same search.
    let q = |v: &str| parse_decimal(v).expect("a decimal");
    let window = |score, v: &str| {
        let (lower, upper) = reported_interval(&q(v), &q("0.0001"), &q("0.000001"));
        Bound::new(score, lower, upper)
    };
    let windows = vec![
        window(Score::Acc, "0.9447"),
        window(Score::Sens, "0.9139"),
        window(Score::Spec, "0.9733"),
    ];
    let unknown = UnknownFolds::new(vec![Evaluation::new(244, 262, 5, 1)], windows);
    let configurations = space(&unknown).expect("the configurations can be formed");
    group.bench_function("engine_first_feasible", |b| {
        b.iter(|| {
            let (outcome, _) =
                search(&unknown, &configurations, &PureBackend, &Limits::new()).unwrap();
            assert!(matches!(outcome, SearchOutcome::Consistent { .. }));
        })
    });
    group.bench_function("no_configuration_fits_refuted_at_once", |b| {
        b.iter(|| {
            let out = run(&refuted, &RunOptions::default()).unwrap();
            assert_eq!(out["inconsistency"], true);
            assert_eq!(out["configurations_examined"], 2_616_607);
        })
    });
    group.finish();
    let started = Instant::now();
    let _ = run(&consistent, &RunOptions::default());
    report_ratio(
        "first_feasible_p244 (one run)",
        started.elapsed().as_secs_f64(),
        REFERENCE_FIRST_FEASIBLE_SECONDS,
    );
    let started = Instant::now();
    let _ = run(&refuted, &RunOptions::default());
    report_ratio(
        "no_configuration_fits_p244 (one run)",
        started.elapsed().as_secs_f64(),
        REFERENCE_SWEEP_SECONDS,
    );
}

/// A full sweep no bound over all configurations shortens (acc 0.95 with sens 0.7404 and
/// spec 0.8526: each configuration refuted on its own); one timed run.
fn big(_c: &mut Criterion) {
    if std::env::var("SCORECHECK_BIG_BENCH").as_deref() != Ok("1") {
        eprintln!("unknown_folds/big: skipped (set SCORECHECK_BIG_BENCH=1)");
        return;
    }
    let request = json!({"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 244, "n": 262},
           "folding": {"n_folds": 5, "n_repeats": 1},
           "scores": {"acc": 0.95, "sens": 0.7404, "spec": 0.8526}, "eps": 1e-4});
    let started = Instant::now();
    let out = run(&request, &RunOptions::default()).unwrap();
    assert_eq!(out["inconsistency"], true);
    assert_eq!(out["configurations_examined"], 2_616_607);
    report_ratio(
        "sweep_p244_all_2616607_configurations",
        started.elapsed().as_secs_f64(),
        REFERENCE_SWEEP_SECONDS,
    );
}

criterion_group!(benches, small, p244, big);
criterion_main!(benches);
