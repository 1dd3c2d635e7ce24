//! `score_eval`: at one matrix, exact and f64 evaluation agree, and every enclosure of a box around it contains the exact value.

use num_bigint::BigInt;
use num_rational::BigRational;
use scorecheck_algebra::{ConfusionMatrix, Exact, Params, Score};
use scorecheck_interval::{enclose, enclose_f64, enclose_monotone, Enclosure};

use super::bytes::Bytes;

/// The largest count the large-count mode draws (the brief's 1e12).
const HUGE: u64 = 1_000_000_000_000;

/// A decoded case: a matrix, a score, its parameters and a box of (tp, tn) around the matrix.
#[derive(Debug, Clone)]
pub struct Case {
    /// The matrix.
    pub matrix: ConfusionMatrix,
    /// The score.
    pub score: Score,
    /// fbp's and fbn's betas.
    pub params: Params,
    /// The tp range of the box (contains the matrix's tp).
    pub tp_box: (u64, u64),
    /// The tn range of the box (contains the matrix's tn).
    pub tn_box: (u64, u64),
}

/// Decodes a case from fuzzer bytes.
pub fn decode(data: &[u8]) -> Case {
    let mut input = Bytes::new(data);
    let score = Score::ALL[usize::from(input.u8()) % Score::ALL.len()];
    let mode = input.u8() % 4;
    let max = match mode {
        0 => 12,
        1 => 1_000,
        2 => 1 << 40,
        _ => HUGE,
    };
    let (p, n) = (input.at_most(max), input.at_most(max));
    let (tp, tn) = (input.at_most(p), input.at_most(n));
    let beta = |input: &mut Bytes<'_>| {
        BigRational::new(
            BigInt::from(input.between(1, 40)),
            BigInt::from(input.between(1, 8)),
        )
    };
    let params = if input.bool() {
        Params::with_betas(beta(&mut input), beta(&mut input))
    } else {
        Params::default()
    };
    // Boxes reach past p and n too: enclosures clip them.
    let tp_box = (
        tp - input.at_most(tp),
        tp.saturating_add(input.at_most(max)),
    );
    let tn_box = (
        tn - input.at_most(tn),
        tn.saturating_add(input.at_most(max)),
    );
    let matrix = match ConfusionMatrix::new(tp, tn, p, n) {
        Ok(m) => m,
        Err(e) => panic!("decoder invariant: tp ≤ p and tn ≤ n by construction ({e})"),
    };
    Case {
        matrix,
        score,
        params,
        tp_box,
        tn_box,
    }
}

/// Whether `value` lies in [lo, hi], decided exactly.
fn inside(value: &Exact, lo: &BigRational, hi: &BigRational) -> bool {
    value.within(lo, hi)
}

/// Checks one case; panics on a disagreement.
pub fn check(case: &Case) {
    let Case {
        matrix: m,
        score,
        params,
        tp_box,
        tn_box,
    } = case;
    let (score, p, n) = (*score, m.p(), m.n());
    let exact = m.exact(score, params);
    let float = m.float(score, params);
    assert_eq!(
        exact.is_some(),
        float.is_some(),
        "{score} at {m:?}: exact is {exact:?}, f64 is {float:?} (definedness differs)"
    );
    let Some(exact) = exact else { return };
    if let Some(float) = float {
        let reference = exact.to_f64();
        if reference.is_finite() && float.is_finite() {
            // Relative 1e-9, with an absolute floor for values near 0, where cancellation in
            // f64 (mcc, kappa, bm at counts near 1e12) leaves absolute errors of about 1e-16.
            let slack = 1e-9 * reference.abs().max(1.0);
            assert!(
                (reference - float).abs() <= slack,
                "{score} at {m:?}: exact {exact} ≈ {reference}, f64 {float}"
            );
        } else {
            assert_eq!(
                reference, float,
                "{score} at {m:?}: exact {exact}, f64 {float}"
            );
        }
    }
    for (name, enclosure) in [
        ("enclose", enclose(score, *tp_box, *tn_box, p, n, params)),
        (
            "enclose_monotone",
            enclose_monotone(score, *tp_box, *tn_box, p, n, params),
        ),
    ] {
        match enclosure {
            Enclosure::Within(interval) => assert!(
                inside(&exact, interval.lo(), interval.hi()),
                "{name}({score}, tp {tp_box:?}, tn {tn_box:?}, p {p}, n {n}) = {interval} misses the exact value {exact} at {m:?}"
            ),
            Enclosure::Empty => panic!("{name}({score}, tp {tp_box:?}, tn {tn_box:?}, p {p}, n {n}) is empty but holds {m:?}"),
            Enclosure::Unknown => {}
        }
    }
    match enclose_f64(score, *tp_box, *tn_box, p, n, params) {
        Enclosure::Within(interval) => {
            let below = |bound: f64| match BigRational::from_float(bound) {
                Some(b) => exact.cmp_rational(&b).is_some_and(|o| o.is_ge()),
                None => bound == f64::NEG_INFINITY,
            };
            let above = |bound: f64| match BigRational::from_float(bound) {
                Some(b) => exact.cmp_rational(&b).is_some_and(|o| o.is_le()),
                None => bound == f64::INFINITY,
            };
            assert!(
                below(interval.lo()) && above(interval.hi()),
                "enclose_f64({score}, tp {tp_box:?}, tn {tn_box:?}, p {p}, n {n}) = [{}, {}] misses the exact value {exact} at {m:?}",
                interval.lo(),
                interval.hi()
            );
        }
        Enclosure::Empty => panic!("enclose_f64({score}, tp {tp_box:?}, tn {tn_box:?}, p {p}, n {n}) is empty but holds {m:?}"),
        Enclosure::Unknown => {}
    }
}

/// Decodes and checks.
pub fn run(data: &[u8]) {
    check(&decode(data));
}
