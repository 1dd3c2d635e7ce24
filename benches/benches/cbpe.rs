//! criterion benches: `scorecheck-cbpe` fit and estimate on 1e4 to 1e6 rows, ten chunks.
#![allow(missing_docs)] // criterion macros generate undocumented items.
use criterion::{criterion_group, criterion_main, Criterion};
use scorecheck_cbpe::{Cbpe, CbpeOptions, Chunking, Sample};

/// The `index`-th uniform in [0, 1) of stream `seed` (splitmix64, counter-based so that
/// `benches/reference/time_cbpe.py` draws the very same numbers with numpy).
fn uniform(seed: u64, index: u64) -> f64 {
    let mut z = seed.wrapping_add((index + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

/// `rows` calibrated probabilities (uniform), predictions at 0.5, and labels drawn from the
/// probabilities (stream `seed` for the probabilities, `seed + 1` for the labels).
fn sample(seed: u64, rows: u64) -> Sample {
    let probabilities: Vec<f64> = (0..rows).map(|i| uniform(seed, i)).collect();
    let predictions = probabilities.iter().map(|&p| p >= 0.5).collect();
    let labels = (0..rows)
        .zip(&probabilities)
        .map(|(i, &p)| uniform(seed + 1, i) < p)
        .collect();
    Sample::new(probabilities, predictions)
        .and_then(|s| s.with_labels(labels))
        .expect("probabilities in [0, 1], both classes")
}

fn cbpe(c: &mut Criterion) {
    let mut sizes = vec![("1e4", 10_000u64), ("1e5", 100_000)];
    // One million rows take seconds per case; they run on request.
    if std::env::var_os("SCORECHECK_BENCH_BIG").is_some() {
        sizes.push(("1e6", 1_000_000));
    }
    for (label, size) in sizes {
        let (reference, analysis) = (sample(1, size), sample(3, size));
        // NannyML's seven default metrics, its default calibration rule, ten chunks of
        // `size / 10` rows (the Python side passes the same `chunk_size`).
        let options = CbpeOptions::default().with_chunking(Chunking::Size(size as usize / 10));
        let fitted = Cbpe::fit(&reference, options.clone()).expect("fits");
        let estimate = fitted.estimate(&analysis).expect("estimates");
        println!(
            "cbpe/{label}: calibrated {}, {} chunks",
            estimate.calibration.calibrated,
            estimate.chunks.len()
        );
        c.bench_function(&format!("cbpe/{label}/fit"), |b| {
            b.iter(|| Cbpe::fit(&reference, options.clone()));
        });
        c.bench_function(&format!("cbpe/{label}/estimate"), |b| {
            b.iter(|| fitted.estimate(&analysis));
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = cbpe
}
criterion_main!(benches);
