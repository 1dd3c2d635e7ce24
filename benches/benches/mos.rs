//! criterion benches: mos (filled in by its issue).
#![allow(missing_docs)] // criterion macros generate undocumented items.
use criterion::{criterion_group, criterion_main, Criterion};

fn placeholder(c: &mut Criterion) {
    c.bench_function("mos_placeholder", |b| b.iter(|| 1 + 1));
}

criterion_group!(benches, placeholder);
criterion_main!(benches);
