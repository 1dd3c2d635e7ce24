//! criterion benches: every row of issue 14's table, the same requests as `benches/reference/side_by_side.py` (its case files), through the facade.
#![allow(missing_docs)] // criterion macros generate undocumented items.

// side_by_side.py writes benches/cases/issue14/*.json, answers them with the release CLI and
// the reference, and prints the README's table; this bench times the same requests
// in-process through `scorecheck::run`. The full sweep (about a second a run) is left out
// unless SCORECHECK_BIG_BENCH is set. Built with `--features highs`, the 1000-variable
// mean-of-scores cases are timed on HiGHS too (the table's "pure and HiGHS" row).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use scorecheck::{run, BackendChoice, RunOptions};
use serde_json::Value;

fn case_files() -> Vec<(String, Value)> {
    scorecheck_benches::case_files(
        "cases/issue14",
        |_| true,
        "run benches/reference/side_by_side.py",
    )
}

fn issue14(c: &mut Criterion) {
    let options = RunOptions::default();
    let highs = RunOptions::default().with_backend(BackendChoice::Highs);
    let big = std::env::var_os("SCORECHECK_BIG_BENCH").is_some();
    let mut group = c.benchmark_group("issue14");
    group.sample_size(10);
    for (name, request) in case_files() {
        if name == "sweep" && !big {
            continue;
        }
        // Every case is decided (the table's goals), whatever its verdict.
        let result = run(&request, &options).expect("the request is valid");
        let verdict = result["verdict"].as_str().unwrap_or("missing");
        assert!(
            verdict == "consistent" || verdict == "inconsistent",
            "{name}: {verdict}"
        );
        group.bench_with_input(
            BenchmarkId::from_parameter(&name),
            &request,
            |b, request| b.iter(|| run(black_box(request), &options)),
        );
        if cfg!(feature = "highs") && name.starts_with("mos_1000") {
            let on_highs = run(&request, &highs).expect("the request is valid");
            assert_eq!(on_highs["verdict"], result["verdict"], "{name} on HiGHS");
            group.bench_with_input(BenchmarkId::new("highs", &name), &request, |b, request| {
                b.iter(|| run(black_box(request), &highs))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, issue14);
criterion_main!(benches);
