//! The regression engine without JSON: the reference's README example (var 0.0831619, 100
//! samples, mae 0.0254, r2 0.9897 at 4 decimals) and the same scores with mae 0.03, which
//! mae ≤ rmse rules out.
//!
//! Run: `cargo run -p scorecheck-regression --example residuals`.

use num_bigint::BigInt;
use num_rational::BigRational;
use scorecheck_regression::{check, RegressionScore, Reported};

/// A decimal written as `digits / 10^places`.
fn decimal(digits: i64, places: u32) -> BigRational {
    BigRational::new(BigInt::from(digits), BigInt::from(10i64.pow(places)))
}

/// A figure reported at 4 decimals: its window ± 0.0001.
fn reported(score: RegressionScore, digits: i64) -> Reported {
    let value = decimal(digits, 4);
    let eps = decimal(1, 4);
    Reported::new(score, value.clone(), &value - &eps, &value + &eps)
}

fn main() {
    let var = decimal(831_619, 7);
    for mae in [254, 300] {
        let outcome = check(
            100,
            &var,
            &[
                reported(RegressionScore::Mae, mae),
                reported(RegressionScore::R2, 9897),
            ],
        )
        .expect("a valid problem");
        if outcome.is_consistent() {
            println!("mae 0.{mae:04}: consistent");
        } else {
            println!(
                "mae 0.{mae:04}: inconsistent ({}): {}",
                outcome.failed.join(", "),
                outcome.messages.join("; ")
            );
        }
    }
}
