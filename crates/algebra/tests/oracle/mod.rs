//! Independent oracles for the property tests: each score written again from its textbook form, an exact comparator of two surds, and definedness by the documented conventions.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use scorecheck_algebra::{ConfusionMatrix, Exact, Params, Score};

/// The rational n/d.
pub fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// The exact value of a finite f64.
pub fn rat(x: f64) -> BigRational {
    BigRational::from_float(x).unwrap_or_else(BigRational::zero)
}

fn int(x: u64) -> BigRational {
    BigRational::from_integer(BigInt::from(x))
}

/// Quotient, `None` for a zero divisor.
fn div(a: BigRational, b: BigRational) -> Option<BigRational> {
    (!b.is_zero()).then(|| a / b)
}

/// Whether the documented conventions (see `scorecheck_algebra::evaluate`) make the score
/// undefined at `m`: a zero denominator of its textbook form, plus the reference's extra
/// rule that mk and mcc are undefined when tp + fp = 0 or tn + fn = 0.
pub fn oracle_undefined(score: Score, m: &ConfusionMatrix, params: &Params) -> bool {
    let (tp, tn, p, n, fp, fn_) = (m.tp(), m.tn(), m.p(), m.n(), m.fp(), m.fn_());
    let (pp, pn) = (tp + fp, tn + fn_);
    match score {
        Score::Acc | Score::Err => p + n == 0,
        Score::Sens | Score::Fnr => p == 0,
        Score::Spec | Score::Fpr => n == 0,
        Score::Bacc | Score::Bm | Score::Gm => p == 0 || n == 0,
        Score::Ppv | Score::Fdr => pp == 0,
        Score::Fm => p == 0 || pp == 0,
        Score::Npv | Score::For => pn == 0,
        Score::Mk | Score::Nmk => pp == 0 || pn == 0,
        // (observed − chance) / (1 − chance): 1 − chance = (n·pp + p·pn) / (p + n)².
        Score::Kappa => p + n == 0 || (n == 0 || pp == 0) && (p == 0 || pn == 0),
        Score::Mcc | Score::Nmcc => p == 0 || n == 0 || pp == 0 || pn == 0,
        Score::F1p => 2 * tp + fp + fn_ == 0,
        Score::F1n => 2 * tn + fp + fn_ == 0,
        Score::Fbp => oracle_rational(score, m, params).is_none(),
        Score::Fbn => oracle_rational(score, m, params).is_none(),
        // The documented rule is tp = tn = 0; the formula's denominator
        // 4·tp·tn + (tp + tn)(fp + fn) also vanishes when one class is empty and every
        // matrix entry but one is zero (p = 0, tn = n, or n = 0, tp = p).
        Score::Upm => (tp == 0 || tn == 0) && (tp + tn == 0 || fp + fn_ == 0),
        Score::Lrp => p == 0 || n == 0 || fp == 0,
        Score::Lrn => p == 0 || n == 0 || tn == 0,
        Score::Dor => fp == 0 || fn_ == 0,
        Score::Ji => tp + fp + fn_ == 0,
        Score::Pt | Score::OneMinusPt => p == 0 || n == 0 || int(tp) / int(p) == int(fp) / int(n),
        _ => panic!("score {score} is new: add it to the test oracle"),
    }
}

/// The value of a rational score from its textbook form, `None` where undefined.
pub fn oracle_rational(score: Score, m: &ConfusionMatrix, params: &Params) -> Option<BigRational> {
    let (tp, tn, p, n, fp, fn_) = (
        int(m.tp()),
        int(m.tn()),
        int(m.p()),
        int(m.n()),
        int(m.fp()),
        int(m.fn_()),
    );
    let one = BigRational::one;
    let two = || q(2, 1);
    let total = &p + &n;
    let sens = || div(tp.clone(), p.clone());
    let spec = || div(tn.clone(), n.clone());
    let ppv = || div(tp.clone(), &tp + &fp);
    let npv = || div(tn.clone(), &tn + &fn_);
    let f_beta =
        |beta: &BigRational, hit: &BigRational, miss: &BigRational, false_alarm: &BigRational| {
            let b2 = beta * beta;
            let weight = &b2 + one();
            div(&weight * hit, &weight * hit + &b2 * miss + false_alarm)
        };
    Some(match score {
        Score::Acc => div(&tp + &tn, total)?,
        Score::Err => div(&fp + &fn_, total)?,
        Score::Sens => sens()?,
        Score::Fnr => div(fn_, p)?,
        Score::Spec => spec()?,
        Score::Fpr => div(fp, n)?,
        Score::Ppv => ppv()?,
        Score::Fdr => div(fp.clone(), &tp + &fp)?,
        Score::Npv => npv()?,
        Score::For => div(fn_.clone(), &tn + &fn_)?,
        Score::Bacc => (sens()? + spec()?) / two(),
        Score::Bm => sens()? + spec()? - one(),
        Score::F1p => div(two() * &tp, two() * &tp + &fp + &fn_)?,
        Score::F1n => div(two() * &tn, two() * &tn + &fp + &fn_)?,
        Score::Fbp => f_beta(&params.beta_positive, &tp, &fn_, &fp)?,
        Score::Fbn => f_beta(&params.beta_negative, &tn, &fp, &fn_)?,
        // P4 = 4 / (1/ppv + 1/sens + 1/spec + 1/npv), cleared of fractions.
        Score::Upm => div(
            q(4, 1) * &tp * &tn,
            q(4, 1) * &tp * &tn + (&tp + &tn) * (&fp + &fn_),
        )?,
        Score::Mk => ppv()? + npv()? - one(),
        Score::Nmk => (ppv()? + npv()?) / two(),
        Score::Lrp => div(sens()?, div(fp, n)?)?,
        Score::Lrn => div(div(fn_, p)?, spec()?)?,
        Score::Dor => div(&tp * &tn, &fp * &fn_)?,
        Score::Ji => div(tp.clone(), &tp + &fp + &fn_)?,
        Score::Kappa => {
            let observed = div(&tp + &tn, total.clone())?;
            let chance = div((&tp + &fp) * &p + (&tn + &fn_) * &n, &total * &total)?;
            div(observed - &chance, one() - chance)?
        }
        _ => return None,
    })
}

/// sign(v − r) for v = s·√square (s the sign of v).
fn signed_root_cmp(sign: Ordering, square: &BigRational, r: &BigRational) -> Ordering {
    let zero = BigRational::zero();
    match sign {
        Ordering::Equal => zero.cmp(r),
        Ordering::Greater if *r <= zero => Ordering::Greater,
        Ordering::Greater => square.cmp(&(r * r)),
        Ordering::Less if *r >= zero => Ordering::Less,
        Ordering::Less => (r * r).cmp(square),
    }
}

/// sign(pt − r) with pt = √f / (√t + √f) = 1 / (1 + √(t/f)), and pt = 0 when f = 0 < t.
fn pt_cmp(t: &BigRational, f: &BigRational, r: &BigRational) -> Ordering {
    let (zero, one) = (BigRational::zero(), BigRational::one());
    if f.is_zero() {
        return zero.cmp(r);
    }
    if *r <= zero {
        return Ordering::Greater;
    }
    if *r >= one {
        return if t.is_zero() {
            one.cmp(r)
        } else {
            Ordering::Less
        };
    }
    // 1 / (1 + x) vs r  ⇔  y = 1/r − 1 vs x, with x = √(t/f) ≥ 0 and y > 0.
    let y = one / r - BigRational::one();
    (&y * &y).cmp(&(t / f))
}

/// sign(score − r), computed independently of the algebra; `None` where undefined.
pub fn oracle_cmp(
    score: Score,
    m: &ConfusionMatrix,
    params: &Params,
    r: &BigRational,
) -> Option<Ordering> {
    if oracle_undefined(score, m, params) {
        return None;
    }
    let (tp, tn, p, n, fp, fn_) = (
        int(m.tp()),
        int(m.tn()),
        int(m.p()),
        int(m.n()),
        int(m.fp()),
        int(m.fn_()),
    );
    let sign = |x: &BigRational| x.cmp(&BigRational::zero());
    let mcc_cmp = |r: &BigRational| {
        let numerator = &tp * &tn - &fp * &fn_;
        let denominator = &p * &n * (&tp + &fp) * (&tn + &fn_);
        signed_root_cmp(
            sign(&numerator),
            &(&numerator * &numerator / denominator),
            r,
        )
    };
    let rates = || (&tp / &p, &fp / &n);
    let one = BigRational::one();
    Some(match score {
        Score::Mcc => mcc_cmp(r),
        Score::Nmcc => mcc_cmp(&(r * q(2, 1) - &one)),
        Score::Gm => signed_root_cmp(sign(&(&tp * &tn)), &(&tp * &tn / (&p * &n)), r),
        Score::Fm => signed_root_cmp(sign(&tp), &(&tp * &tp / (&p * (&tp + &fp))), r),
        Score::Pt => {
            let (t, f) = rates();
            pt_cmp(&t, &f, r)
        }
        Score::OneMinusPt => {
            let (t, f) = rates();
            pt_cmp(&t, &f, &(&one - r)).reverse()
        }
        _ => oracle_rational(score, m, params)?.cmp(r),
    })
}

/// (a, b, c) with x = a + b·√c, read from the documented `Display` form `a + b*sqrt(c)`.
fn parts(x: &Exact) -> (BigRational, BigRational, BigInt) {
    if let Some(r) = x.as_rational() {
        return (r.clone(), BigRational::zero(), BigInt::zero());
    }
    let text = x.to_string();
    let parse = |s: &str| -> BigRational {
        s.parse()
            .unwrap_or_else(|_| panic!("unparsable {s:?} in {text}"))
    };
    let start = text.find("sqrt(").expect("a surd prints a sqrt");
    let c: BigInt = text[start + 5..text.len() - 1]
        .parse()
        .expect("integer radicand");
    let prefix = &text[..start];
    let (a, sign, coefficient) = if let Some((a, rest)) = prefix.split_once(" + ") {
        (parse(a), BigRational::one(), rest)
    } else if let Some((a, rest)) = prefix.split_once(" - ") {
        (parse(a), -BigRational::one(), rest)
    } else {
        (BigRational::zero(), BigRational::one(), prefix)
    };
    let b = match coefficient {
        "" => BigRational::one(),
        "-" => -BigRational::one(),
        s => parse(s.strip_suffix('*').expect("coefficient ends in *")),
    };
    (a, sign * b, c)
}

/// sign(r + s·√m) for m ≥ 0, exactly.
fn sign_with_root(r: &BigRational, s: &BigRational, m: &BigRational) -> Ordering {
    let zero = BigRational::zero();
    let (sr, ss) = (
        r.cmp(&zero),
        if m.is_zero() {
            Ordering::Equal
        } else {
            s.cmp(&zero)
        },
    );
    match (sr, ss) {
        (Ordering::Equal, x) | (x, Ordering::Equal) => x,
        (x, y) if x == y => x,
        // Opposite signs: the larger magnitude wins; compare squares.
        (Ordering::Greater, _) => (r * r).cmp(&(s * s * m)),
        _ => (s * s * m).cmp(&(r * r)),
    }
}

/// Exact order of two score values (any radicands), by squaring with sign tracking.
pub fn exact_cmp(x: &Exact, y: &Exact) -> Ordering {
    let (a1, b1, c1) = parts(x);
    let (a2, b2, c2) = parts(y);
    let (c1, c2) = (BigRational::from_integer(c1), BigRational::from_integer(c2));
    // sign(A + T) with A = a1 − a2 and T = b1·√c1 − b2·√c2.
    let a = &a1 - &a2;
    let b2 = -b2;
    let t_sign = {
        let s1 = if c1.is_zero() {
            Ordering::Equal
        } else {
            b1.cmp(&BigRational::zero())
        };
        let s2 = if c2.is_zero() {
            Ordering::Equal
        } else {
            b2.cmp(&BigRational::zero())
        };
        match (s1, s2) {
            (Ordering::Equal, x) | (x, Ordering::Equal) => x,
            (x, y) if x == y => x,
            (Ordering::Greater, _) => (&b1 * &b1 * &c1).cmp(&(&b2 * &b2 * &c2)),
            _ => (&b2 * &b2 * &c2).cmp(&(&b1 * &b1 * &c1)),
        }
    };
    let a_sign = a.cmp(&BigRational::zero());
    match (a_sign, t_sign) {
        (Ordering::Equal, x) | (x, Ordering::Equal) => x,
        (x, y) if x == y => x,
        _ => {
            // Opposite signs: compare A² with T² = b1²c1 + b2²c2 + 2·b1·b2·√(c1·c2).
            let rest = &a * &a - &b1 * &b1 * &c1 - &b2 * &b2 * &c2;
            let a_wins = sign_with_root(&rest, &(-(q(2, 1)) * &b1 * &b2), &(&c1 * &c2));
            if a_sign == Ordering::Greater {
                a_wins
            } else {
                a_wins.reverse()
            }
        }
    }
}
