//! The interval layer alone: which boxes of (tp, tn) can hold a matrix whose scores fit
//! the reported windows, by enclosures (floats rounded outward prune; they never conclude).
//!
//! Run with `cargo run -p scorecheck-interval --example prune_boxes`.

use scorecheck_algebra::{parse_decimal, reported_interval, BigRational, Params, Score};
use scorecheck_interval::{enclose_monotone, Enclosure};

fn main() -> Result<(), scorecheck_algebra::Error> {
    let (p, n) = (1000u64, 6000u64);
    let params = Params::default();
    let eps = parse_decimal("0.0001")?;
    let tol = parse_decimal("0.000001")?;
    let reported: Vec<(Score, (BigRational, BigRational))> = [
        (Score::Acc, "0.6821"),
        (Score::Npv, "0.9401"),
        (Score::F1p, "0.4004"),
    ]
    .into_iter()
    .map(|(score, text)| Ok((score, reported_interval(&parse_decimal(text)?, &eps, &tol))))
    .collect::<Result<_, scorecheck_algebra::Error>>()?;
    // 10 × 10 boxes over tp ∈ [0, p], tn ∈ [0, n]; a box is dropped when one score's
    // enclosure over it misses that score's window.
    let (mut kept, mut dropped) = (Vec::new(), 0);
    for i in 0..10u64 {
        for j in 0..10u64 {
            let tp = (i * p / 10, ((i + 1) * p / 10).min(p));
            let tn = (j * n / 10, ((j + 1) * n / 10).min(n));
            let misses = reported.iter().any(|(score, (lower, upper))| {
                match enclose_monotone(*score, tp, tn, p, n, &params) {
                    Enclosure::Within(range) => range.hi() < lower || range.lo() > upper,
                    Enclosure::Empty => true,
                    Enclosure::Unknown => false,
                }
            });
            if misses {
                dropped += 1;
            } else {
                kept.push((tp, tn));
            }
        }
    }
    println!("{dropped} of 100 boxes dropped; kept: {kept:?}");
    // The two matrices that fit, (743, 4031) and (743, 4032), lie in a kept box.
    assert!(kept
        .iter()
        .any(|&(tp, tn)| tp.0 <= 743 && 743 <= tp.1 && tn.0 <= 4031 && 4032 <= tn.1));
    Ok(())
}
