//! criterion benches: `scorecheck-eval` on 1e4 to 1e6 scores (matrices at 1,000 thresholds, AUC, EER).
#![allow(missing_docs)] // criterion macros generate undocumented items.
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use scorecheck_algebra::{Params, Score};
use scorecheck_eval::Outputs;

/// The `index`-th uniform in [0, 1) of stream `seed` (splitmix64, counter-based so that
/// `benches/reference/time_eval.py` draws the very same numbers with numpy).
fn uniform(seed: u64, index: u64) -> f64 {
    let mut z = seed.wrapping_add((index + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

/// `count` scores, each the sum of three uniforms of stream `seed` plus `shift`: additions
/// only, so the Python side gets bit-identical scores.
fn scores(seed: u64, count: u64, shift: f64) -> Vec<f64> {
    (0..count)
        .map(|i| uniform(seed, 3 * i) + uniform(seed, 3 * i + 1) + uniform(seed, 3 * i + 2) + shift)
        .collect()
}

/// 1,000 thresholds evenly spaced over [-0.5, 4.1], covering every score.
fn thresholds() -> Vec<f64> {
    (0..1000)
        .map(|i| -0.5 + 4.6 * f64::from(i) / 999.0)
        .collect()
}

/// Every score of the algebra, in f64, at every matrix: the work per threshold.
fn every_score(outputs: &Outputs, thresholds: &[f64], params: &Params) -> f64 {
    let mut sum = 0.0;
    for m in outputs.matrices_at(thresholds) {
        for &score in Score::ALL {
            sum += m.float(score, params).unwrap_or(0.0);
        }
    }
    sum
}

fn eval(c: &mut Criterion) {
    let mut sizes = vec![("1e4", 10_000u64), ("1e5", 100_000)];
    // One million scores take seconds per case; they run on request.
    if std::env::var_os("SCORECHECK_BENCH_BIG").is_some() {
        sizes.push(("1e6", 1_000_000));
    }
    let (thresholds, params) = (thresholds(), Params::default());
    for (label, size) in sizes {
        // Half positives, half negatives; positives score 0.6 higher on average.
        let (pos, neg) = (scores(1, size / 2, 0.6), scores(2, size / 2, 0.0));
        let outputs = Outputs::new(pos.clone(), neg.clone()).expect("two classes");
        // Printed so that the Python side's figures can be compared with ours.
        let (auc, eer) = (outputs.auc(), outputs.eer());
        println!(
            "eval/{label}: auc {} eer {} at {}",
            auc.value(),
            eer.eer,
            eer.threshold
        );
        c.bench_function(&format!("eval/{label}/new"), |b| {
            b.iter_batched(
                || (pos.clone(), neg.clone()),
                |(pos, neg)| Outputs::new(pos, neg),
                BatchSize::LargeInput,
            );
        });
        c.bench_function(&format!("eval/{label}/matrices_1000"), |b| {
            b.iter(|| outputs.matrices_at(&thresholds));
        });
        c.bench_function(&format!("eval/{label}/thresholds_1000"), |b| {
            b.iter(|| every_score(&outputs, &thresholds, &params));
        });
        c.bench_function(&format!("eval/{label}/auc"), |b| {
            b.iter(|| outputs.auc().value());
        });
        c.bench_function(&format!("eval/{label}/eer"), |b| b.iter(|| outputs.eer()));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = eval
}
criterion_main!(benches);
