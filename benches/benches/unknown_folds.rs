//! criterion benches: unknown-folds checks (every fold configuration tried) and counting.
#![allow(missing_docs)] // criterion macros generate undocumented items.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use scorecheck::algebra::Score;
use scorecheck::{count_fold_configurations, run, RunOptions};
use serde_json::{json, Value};

/// The reference (mlscorecheck 1.0.3, CBC, 2-core machine) on the EHG case: 3.6 s.
const REFERENCE_EHG_SECONDS: f64 = 3.6;
/// The reference's estimate for the full sweep of p = 244: about four hours.
const REFERENCE_SWEEP_SECONDS: f64 = 4.0 * 3600.0;

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

/// The full sweep of all 2,616,607 configurations of p = 244 with an accuracy no
/// configuration can produce; one timed run (criterion's ten samples would take minutes).
fn big(_c: &mut Criterion) {
    if std::env::var("SCORECHECK_BIG_BENCH").as_deref() != Ok("1") {
        eprintln!("unknown_folds/big: skipped (set SCORECHECK_BIG_BENCH=1)");
        return;
    }
    let started = Instant::now();
    let out = run(&ehg(244, 0.5), &RunOptions::default()).unwrap();
    assert_eq!(out["inconsistency"], true);
    assert_eq!(out["configurations_examined"], 2_616_607);
    report_ratio(
        "sweep_p244_all_2616607_configurations",
        started.elapsed().as_secs_f64(),
        REFERENCE_SWEEP_SECONDS,
    );
}

criterion_group!(benches, small, big);
criterion_main!(benches);
