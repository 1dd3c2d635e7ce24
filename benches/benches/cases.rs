//! criterion benches: the single-matrix and unknown-folds cases the reference is timed on, through the facade.
#![allow(missing_docs)] // criterion macros generate undocumented items.

// benches/reference/time_reference.py writes benches/cases/*.json and times mlscorecheck
// 1.0.3 on them; this bench answers the same files through `scorecheck::run`, so the two
// medians in PERFORMANCE.md are of identical requests. (The mean-of-scores cases have
// their own bench, mos.rs, which also times the backend alone.)

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use scorecheck::{run, RunOptions};
use serde_json::Value;

fn case_files() -> Vec<(String, Value)> {
    // Named by the "name" field, as the reference's timings are.
    scorecheck_benches::case_files(
        "cases",
        |name| !name.starts_with("mos_"),
        "run benches/reference/time_reference.py generate",
    )
    .into_iter()
    .map(|(_, file)| (file["name"].as_str().expect("a name").to_string(), file))
    .collect()
}

fn cases(c: &mut Criterion) {
    let options = RunOptions::default();
    let mut group = c.benchmark_group("cases");
    // The unknown-folds case walks hundreds of fold configurations; ten samples keep the
    // whole bench within the short measurement times the README numbers are taken with.
    group.sample_size(10);
    for (name, file) in case_files() {
        let request = &file["request"];
        let result = run(request, &options).expect("the request is valid");
        // Cases the reference was not run on (p = n = 1e6) carry no verdict to compare with.
        if let Some(expected) = file["expected_inconsistency"].as_bool() {
            assert_eq!(result["inconsistency"], Value::Bool(expected), "{name}");
        }
        group.bench_with_input(BenchmarkId::from_parameter(&name), request, |b, request| {
            b.iter(|| run(black_box(request), &options))
        });
    }
    group.finish();
}

criterion_group!(benches, cases);
criterion_main!(benches);
