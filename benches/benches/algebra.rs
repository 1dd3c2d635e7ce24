//! criterion benches: exact and f64 evaluation of every score, and exact interval membership, on a small and a 1e12-sized matrix.
#![allow(missing_docs)] // criterion macros generate undocumented items.
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use scorecheck_algebra::{parse_decimal, reported_interval, ConfusionMatrix, Params, Score};

/// The matrices, by size: a typical small test set and one with 1e12-sized classes.
fn matrices() -> [(&'static str, ConfusionMatrix); 2] {
    [
        (
            "small",
            ConfusionMatrix::new(743, 4031, 1000, 6000).unwrap(),
        ),
        (
            "1e12",
            ConfusionMatrix::new(
                743_123_456_789,
                403_198_765_432,
                1_000_000_000_000,
                600_000_000_007,
            )
            .unwrap(),
        ),
    ]
}

fn configure(
    c: &mut Criterion,
    name: String,
) -> criterion::BenchmarkGroup<'_, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(300));
    group
}

fn exact_evaluation(c: &mut Criterion) {
    let params = Params::default();
    for (size, m) in matrices() {
        let mut group = configure(c, format!("algebra_exact/{size}"));
        for &score in Score::ALL {
            group.bench_function(BenchmarkId::from_parameter(score), |b| {
                b.iter(|| black_box(&m).exact(score, &params))
            });
        }
        group.finish();
    }
}

fn exact_membership(c: &mut Criterion) {
    let params = Params::default();
    let eps = parse_decimal("0.00005").unwrap();
    let tol = parse_decimal("0.000001").unwrap();
    for (size, m) in matrices() {
        let mut group = configure(c, format!("algebra_within/{size}"));
        for &score in Score::ALL {
            let Some(value) = m.exact(score, &params) else {
                continue;
            };
            // A reported value of four decimals near the true value, as a paper would print.
            let printed = parse_decimal(&format!("{:.4}", value.to_f64())).unwrap();
            let (lower, upper) = reported_interval(&printed, &eps, &tol);
            group.bench_function(BenchmarkId::from_parameter(score), |b| {
                b.iter(|| black_box(&value).within(black_box(&lower), black_box(&upper)))
            });
        }
        group.finish();
    }
}

fn float_evaluation(c: &mut Criterion) {
    let params = Params::default();
    for (size, m) in matrices() {
        let mut group = configure(c, format!("algebra_f64/{size}"));
        group.throughput(Throughput::Elements(Score::ALL.len() as u64));
        group.bench_function("all_scores", |b| {
            b.iter(|| {
                Score::ALL
                    .iter()
                    .filter_map(|&score| black_box(&m).float(score, &params))
                    .sum::<f64>()
            })
        });
        group.finish();
    }
}

criterion_group!(
    benches,
    exact_evaluation,
    exact_membership,
    float_evaluation
);
criterion_main!(benches);
