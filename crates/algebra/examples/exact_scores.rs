//! The algebra layer alone: every score of one confusion matrix, exactly, and whether a
//! reported figure's window holds it.
//!
//! Run with `cargo run -p scorecheck-algebra --example exact_scores`.

use std::cmp::Ordering;

use scorecheck_algebra::{parse_decimal, reported_interval, ConfusionMatrix, Params, Score};

fn main() -> Result<(), scorecheck_algebra::Error> {
    // The worked example of the reference's paper: p = 1000, n = 6000, (tp, tn) = (743, 4031).
    let m = ConfusionMatrix::new(743, 4031, 1000, 6000)?;
    let params = Params::default();
    for &score in Score::ALL {
        match m.exact(score, &params) {
            Some(value) => println!(
                "{:>8} = {value} ≈ {:.6}",
                score.abbreviation(),
                value.to_f64()
            ),
            None => println!("{:>8} undefined here", score.abbreviation()),
        }
    }
    // A reported "f1p 0.4004" with eps 1e-4 and tolerance 1e-6: the exact window, and
    // where the exact value lies against its ends (no rounding anywhere).
    let f1p = Score::from_name("f1_score")?;
    let (lower, upper) = reported_interval(
        &parse_decimal("0.4004")?,
        &parse_decimal("0.0001")?,
        &parse_decimal("0.000001")?,
    );
    let value = m
        .exact(f1p, &params)
        .expect("f1p is defined at this matrix");
    let inside = value.cmp_rational(&lower) != Some(Ordering::Less)
        && value.cmp_rational(&upper) != Some(Ordering::Greater);
    println!("f1p {value} in [{lower}, {upper}]: {inside}");
    assert!(inside);
    // An irrational score compares exactly too: mcc = a·√c, against any decimal.
    let mcc = m
        .exact(Score::Mcc, &params)
        .expect("mcc is defined at this matrix");
    println!(
        "mcc {mcc} < 0.5: {}",
        mcc.cmp_rational(&parse_decimal("0.5")?) == Some(Ordering::Less)
    );
    Ok(())
}
