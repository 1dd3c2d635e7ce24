//! Estimates accuracy and ROC AUC on unlabelled chunks and checks them against the labels.
//!
//! Labels are drawn from the probabilities themselves, so the probabilities are calibrated
//! and the estimates must be close to the realised values.

use scorecheck_cbpe::{Cbpe, CbpeOptions, Chunking, Metric, Sample};

/// A tiny deterministic generator (xorshift), enough for an example.
fn uniforms(seed: u64, count: usize) -> Vec<f64> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64
        })
        .collect()
}

fn sample(seed: u64, rows: usize) -> Result<Sample, scorecheck_cbpe::Error> {
    let scores = uniforms(seed, rows);
    let draws = uniforms(seed + 1, rows);
    let labels: Vec<bool> = scores.iter().zip(&draws).map(|(p, u)| u < p).collect();
    let predictions: Vec<bool> = scores.iter().map(|&p| p >= 0.5).collect();
    Sample::new(scores, predictions)?.with_labels(labels)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let reference = sample(1, 5_000)?;
    let analysis = sample(7, 5_000)?;
    let options = CbpeOptions::default()
        .with_metrics(vec![Metric::from_name("accuracy")?, Metric::RocAuc])
        .with_chunking(Chunking::Size(1_000));
    let cbpe = Cbpe::fit(&reference, options)?;
    let estimate = cbpe.estimate(&analysis)?;
    println!("calibrated: {}", estimate.calibration.calibrated);
    for chunk in &estimate.chunks {
        for m in &chunk.metrics {
            let (e, r, se) = (
                m.estimated.ok_or("no estimate")?,
                m.realized.ok_or("no realised value")?,
                m.sampling_error.ok_or("no sampling error")?,
            );
            println!(
                "rows {:>4}..={:>4} {:<9} estimated {e:.4} realised {r:.4} ± {:.4}",
                chunk.chunk.start,
                chunk.chunk.end,
                m.metric.name(),
                3.0 * se
            );
            // Calibrated probabilities: the realised value lies within a few standard errors.
            assert!((e - r).abs() < 5.0 * se, "{} off by {}", m.metric, e - r);
        }
    }
    Ok(())
}
