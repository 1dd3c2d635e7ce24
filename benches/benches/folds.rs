//! criterion benches: fold configurations (counting, enumeration, unranking), big cases behind SCORECHECK_BIG_BENCH=1.
#![allow(missing_docs)] // criterion macros generate undocumented items.
use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use scorecheck_folds::{FoldRules, KFoldConfigurations, RepeatedConfigurations};

/// mlscorecheck 1.0.3 enumerates the 2,616,607 configurations of p=244, n=262, k=5 to count
/// them; measured at 7.1 s on the reference machine.
const REFERENCE_COUNT_SECONDS: f64 = 7.1;

fn space(p: u64, n: u64, k: u64) -> KFoldConfigurations {
    KFoldConfigurations::new(p, n, k, &FoldRules::default()).expect("valid dataset")
}

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("folds/count");
    for &(p, n, k) in &[(38u64, 262u64, 5u64), (244, 262, 5)] {
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("p{p}_n{n}_k{k}")),
            &(p, n, k),
            |b, &(p, n, k)| b.iter(|| space(black_box(p), black_box(n), black_box(k)).count()),
        );
    }
    group.finish();
    // The ratio to the reference, from one timed run (criterion's numbers above are the precise ones).
    let runs = 100;
    let start = Instant::now();
    for _ in 0..runs {
        black_box(space(244, 262, 5).count());
    }
    let ours = start.elapsed().as_secs_f64() / runs as f64;
    eprintln!(
        "folds/count p244_n262_k5: {:.3} ms, reference {REFERENCE_COUNT_SECONDS} s, ratio {:.0}x",
        ours * 1e3,
        REFERENCE_COUNT_SECONDS / ours
    );
}

fn enumeration(c: &mut Criterion) {
    let s = space(244, 262, 5);
    let count = s.count_u64().expect("fits");
    let mut group = c.benchmark_group("folds/enumerate");
    group.sample_size(10);
    group.throughput(Throughput::Elements(count));
    group.bench_function("p244_n262_k5_positives", |b| {
        b.iter(|| {
            let mut total = 0u64;
            s.iter().for_each_positives(|x| total += x[0]);
            total
        })
    });
    group.bench_function("p244_n262_k5_configurations", |b| {
        b.iter(|| s.iter().map(|c| c.folds[0].p).sum::<u64>())
    });
    group.finish();
}

fn random_access(c: &mut Criterion) {
    let s = space(244, 262, 5);
    let middle = s.count() / 2u32;
    let item = s.nth(&middle).expect("in range");
    let mut group = c.benchmark_group("folds/random_access");
    group.bench_function("nth_p244_n262_k5", |b| b.iter(|| s.nth(black_box(&middle))));
    group.bench_function("rank_p244_n262_k5", |b| b.iter(|| s.rank(black_box(&item))));
    group.bench_function("range_1000_p244_n262_k5", |b| {
        b.iter(|| {
            s.range(black_box(&middle), &(&middle + 1000u32))
                .map(|it| it.count())
        })
    });
    let repeated = RepeatedConfigurations::new(space(244, 262, 5), 5).expect("valid");
    let middle = repeated.count() / 2u32;
    group.bench_function("nth_p244_n262_k5_r5", |b| {
        b.iter(|| repeated.nth(black_box(&middle)))
    });
    group.finish();
}

fn big(c: &mut Criterion) {
    if std::env::var("SCORECHECK_BIG_BENCH").as_deref() != Ok("1") {
        return;
    }
    let mut group = c.benchmark_group("folds/big");
    group.sample_size(10);
    group.bench_function("count_p1000_n1000_k10", |b| {
        b.iter(|| space(1000, 1000, 10).count())
    });
    group.bench_function("count_p5000_n5000_k10", |b| {
        b.iter(|| space(5000, 5000, 10).count())
    });
    let s = space(1000, 1000, 10);
    let middle = s.count() / 2u32;
    group.bench_function("first_nth_p1000_n1000_k10", |b| {
        b.iter(|| space(1000, 1000, 10).nth(&middle))
    });
    group.bench_function("nth_p1000_n1000_k10", |b| {
        b.iter(|| s.nth(black_box(&middle)))
    });
    let repeated = RepeatedConfigurations::new(space(1000, 1000, 10), 10).expect("valid");
    let middle = repeated.count() / 3u32;
    group.bench_function("count_p1000_n1000_k10_r10", |b| b.iter(|| repeated.count()));
    group.bench_function("nth_p1000_n1000_k10_r10", |b| {
        b.iter(|| repeated.nth(black_box(&middle)))
    });
    group.finish();
}

/// `nth` as a search meets it: indices spread over a space too large for rank tables, where
/// counts come from the unrank cache (`KFoldConfigurations::clear_cache`). At one fixed index
/// the cache holds everything the next call needs, which measures far less work than a
/// sweep or a worker given a new range does; the three rows show the difference.
fn unrank_cache(c: &mut Criterion) {
    let s = space(6000, 6000, 10);
    let count = s.count();
    let spread: Vec<_> = (1..=64u32).map(|i| &count * i / 65u32).collect();
    let middle = &spread[31];
    let mut group = c.benchmark_group("folds/unrank_cache");
    group.sample_size(10);
    group.bench_function("nth_p6000_n6000_k10_fixed_index_warm", |b| {
        b.iter(|| s.nth(black_box(middle)))
    });
    let mut next = spread.iter().cycle();
    group.bench_function("nth_p6000_n6000_k10_spread_indices", |b| {
        b.iter(|| s.nth(black_box(next.next().expect("cycles"))))
    });
    group.bench_function("nth_p6000_n6000_k10_cold", |b| {
        b.iter(|| {
            s.clear_cache();
            s.nth(black_box(middle))
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    counting,
    enumeration,
    random_access,
    unrank_cache,
    big
);
criterion_main!(benches);
