//! criterion benches: enclosures of every score over boxes of matrices (natural rational, f64, and monotone), small and 1e12-sized.
#![allow(missing_docs)] // criterion macros generate undocumented items.
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use scorecheck_algebra::{Params, Score};
use scorecheck_interval::{enclose, enclose_f64, enclose_monotone, Enclosure};

/// A box: (tp range, tn range, p, n).
type MatrixBox = ((u64, u64), (u64, u64), u64, u64);

/// Boxes by size, each strictly inside the matrix range so every score has defined corners.
fn boxes() -> [(&'static str, MatrixBox); 2] {
    [
        ("small", ((700, 760), (4000, 4100), 1000, 6000)),
        (
            "1e12",
            (
                (743_000_000_000, 744_000_000_000),
                (403_000_000_000, 404_000_000_000),
                1_000_000_000_000,
                600_000_000_007,
            ),
        ),
    ]
}

fn bench_enclosures(c: &mut Criterion) {
    let params = Params::default();
    for (size, (tp, tn, p, n)) in boxes() {
        let mut group = c.benchmark_group(format!("interval/{size}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(100))
            .measurement_time(Duration::from_millis(500))
            .throughput(Throughput::Elements(Score::ALL.len() as u64));
        group.bench_function("enclose_all_scores", |b| {
            b.iter(|| {
                Score::ALL
                    .iter()
                    .filter(|&&s| {
                        matches!(
                            enclose(s, black_box(tp), tn, p, n, &params),
                            Enclosure::Within(_)
                        )
                    })
                    .count()
            })
        });
        group.bench_function("enclose_f64_all_scores", |b| {
            b.iter(|| {
                Score::ALL
                    .iter()
                    .filter(|&&s| {
                        matches!(
                            enclose_f64(s, black_box(tp), tn, p, n, &params),
                            Enclosure::Within(_)
                        )
                    })
                    .count()
            })
        });
        group.bench_function("enclose_monotone_all_scores", |b| {
            b.iter(|| {
                Score::ALL
                    .iter()
                    .filter(|&&s| {
                        matches!(
                            enclose_monotone(s, black_box(tp), tn, p, n, &params),
                            Enclosure::Within(_)
                        )
                    })
                    .count()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench_enclosures);
criterion_main!(benches);
