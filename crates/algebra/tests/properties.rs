//! Property tests of the score algebra: exact against float and against independent oracles, the laws between scores, definedness, and monotonicity.

mod oracle;

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use oracle::{exact_cmp, oracle_cmp, oracle_undefined, q, rat};
use proptest::prelude::*;
use scorecheck_algebra::{Arith, ConfusionMatrix, Exact, Params, Score, Trend};

/// A class size: small, moderate, or up to 1e12.
fn size() -> impl Strategy<Value = u64> {
    prop_oneof![1u64..=20, 1u64..=1_000_000, 1u64..=1_000_000_000_000]
}

/// A count in 0..=total, with the extremes 0 and total often.
fn entry(total: u64) -> impl Strategy<Value = u64> {
    prop_oneof![
        Just(0),
        Just(total),
        0..=total,
        total.saturating_sub(3)..=total
    ]
}

fn matrix() -> impl Strategy<Value = ConfusionMatrix> {
    (size(), size()).prop_flat_map(|(p, n)| {
        (entry(p), entry(n)).prop_map(move |(tp, tn)| ConfusionMatrix::new(tp, tn, p, n).unwrap())
    })
}

fn params() -> impl Strategy<Value = Params> {
    prop_oneof![
        Just(Params::default()),
        (1i64..=40, 1i64..=10, 1i64..=40, 1i64..=10)
            .prop_map(|(a, b, c, d)| Params::with_betas(q(a, b), q(c, d))),
    ]
}

fn value(m: &ConfusionMatrix, score: Score, params: &Params) -> Option<Exact> {
    m.exact(score, params)
}

fn is_exactly(x: &Exact, r: &BigRational) -> bool {
    x.cmp_rational(r) == Some(Ordering::Equal)
}

fn half() -> Exact {
    Exact::rational(&q(1, 2))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn exact_and_float_agree(m in matrix(), params in params()) {
        for &score in Score::ALL {
            let (exact, float) = (m.exact(score, &params), m.float(score, &params));
            let (Some(exact), Some(float)) = (exact, float) else { continue };
            prop_assert!(exact.is_representable());
            // pt = (√(tpr·fpr) − fpr) / (tpr − fpr) cancels catastrophically in f64 near the
            // line tpr = fpr: its float error grows like ε / |tpr − fpr|. That is a property
            // of the f64 formula (display and pruning only), not of the exact value, so the
            // tolerance follows the condition number there; every other score gets 1e-12.
            let conditioning = match score {
                Score::Pt | Score::OneMinusPt => 16.0 * f64::EPSILON / (m.tp() as f64 / m.p() as f64 - m.fp() as f64 / m.n() as f64).abs(),
                _ => 0.0,
            };
            let tolerance = rat(1e-12 * float.abs().max(1.0) + conditioning);
            let f = rat(float);
            prop_assert!(exact.within(&(&f - &tolerance), &(&f + &tolerance)), "{score} at {m:?}: exact {exact} ≈ {} vs float {float}", exact.to_f64());
        }
    }

    #[test]
    fn complements_sum_to_one(m in matrix()) {
        let params = Params::default();
        for &score in Score::ALL {
            let Some(base) = score.complement_of() else { continue };
            let (c, b) = (value(&m, score, &params), value(&m, base, &params));
            prop_assert_eq!(c.is_some(), b.is_some(), "{} and {} differ in definedness at {:?}", score, base, m);
            if let (Some(c), Some(b)) = (c, b) {
                prop_assert!(is_exactly(&c.add(&b), &BigRational::one()), "{score} + {base} ≠ 1 at {m:?}");
            }
        }
        let mcc = value(&m, Score::Mcc, &params);
        let nmcc = value(&m, Score::Nmcc, &params);
        prop_assert_eq!(mcc.is_some(), nmcc.is_some());
        if let (Some(mcc), Some(nmcc)) = (mcc, nmcc) {
            prop_assert!(mcc.add(&Exact::count(1)).mul(&half()).sub(&nmcc).is_zero());
        }
        let mk = value(&m, Score::Mk, &params);
        let nmk = value(&m, Score::Nmk, &params);
        prop_assert_eq!(mk.is_some(), nmk.is_some());
        if let (Some(mk), Some(nmk)) = (mk, nmk) {
            prop_assert!(mk.add(&Exact::count(1)).mul(&half()).sub(&nmk).is_zero());
        }
    }

    #[test]
    fn values_lie_in_the_natural_range(m in matrix(), params in params()) {
        for &score in Score::ALL {
            let Some(x) = value(&m, score, &params) else { continue };
            let (lower, upper) = score.natural_range();
            if let Some(lower) = lower {
                prop_assert_ne!(x.cmp_rational(&q(lower, 1)), Some(Ordering::Less), "{} = {} below {}", score, x, lower);
            }
            if let Some(upper) = upper {
                prop_assert_ne!(x.cmp_rational(&q(upper, 1)), Some(Ordering::Greater), "{} = {} above {}", score, x, upper);
            }
        }
    }

    #[test]
    fn identities_between_scores_hold_exactly(m in matrix()) {
        let params = Params::default();
        let v = |s: Score| value(&m, s, &params);
        let same = |x: &Exact, y: &Exact| x.sub(y).is_zero();
        let (sens, spec) = (v(Score::Sens).unwrap(), v(Score::Spec).unwrap());
        prop_assert!(same(&v(Score::Bacc).unwrap(), &sens.add(&spec).mul(&half())));
        prop_assert!(same(&v(Score::Bm).unwrap(), &sens.add(&spec).sub(&Exact::count(1))));
        prop_assert!(same(&v(Score::Gm).unwrap().mul(&v(Score::Gm).unwrap()), &sens.mul(&spec)));
        let prevalence = Exact::rational(&BigRational::new(BigInt::from(m.p()), BigInt::from(m.p() + m.n())));
        let mixed = prevalence.mul(&sens).add(&Exact::count(1).sub(&prevalence).mul(&spec));
        prop_assert!(same(&v(Score::Acc).unwrap(), &mixed));
        // f1p is the harmonic mean of ppv and sens (0 when tp = 0, where that mean is 0/0).
        if let (Some(f1p), Some(ppv)) = (v(Score::F1p), v(Score::Ppv)) {
            if m.tp() == 0 {
                prop_assert!(f1p.is_zero());
            } else {
                let harmonic = Exact::count(2).mul(&ppv).mul(&sens).div(&ppv.add(&sens)).unwrap();
                prop_assert!(same(&f1p, &harmonic));
            }
            let fm = v(Score::Fm).unwrap();
            prop_assert!(same(&fm.mul(&fm), &ppv.mul(&sens)));
            prop_assert!(same(&v(Score::Fbp).unwrap(), &f1p), "fbp with beta 1 is f1p");
            let ji = v(Score::Ji).unwrap();
            prop_assert!(same(&ji, &f1p.div(&Exact::count(2).sub(&f1p)).unwrap()), "ji = f1p / (2 − f1p)");
        }
        if let (Some(f1p), Some(f1n), Some(upm)) = (v(Score::F1p), v(Score::F1n), v(Score::Upm)) {
            let sum = f1p.add(&f1n);
            let harmonic = Exact::count(2).mul(&f1p).mul(&f1n).div(&sum).unwrap();
            prop_assert!(same(&upm, &harmonic), "upm = harmonic mean of f1p and f1n at {m:?}");
        }
        if let (Some(mcc), Some(mk)) = (v(Score::Mcc), v(Score::Mk)) {
            let bm = v(Score::Bm).unwrap();
            prop_assert!(same(&mcc.mul(&mcc), &bm.mul(&mk)), "mcc² = bm·mk at {m:?}");
            prop_assert!(mcc.cmp_rational(&BigRational::zero()) == bm.cmp_rational(&BigRational::zero()));
        }
        if let (Some(lrp), Some(lrn), Some(dor)) = (v(Score::Lrp), v(Score::Lrn), v(Score::Dor)) {
            prop_assert!(same(&dor, &lrp.div(&lrn).unwrap()), "dor = lrp / lrn");
        }
    }

    #[test]
    fn exact_comparisons_agree_with_independent_oracles(m in matrix(), params in params(), k in -40i64..=40, d in 1i64..=40) {
        for &score in Score::ALL {
            let x = value(&m, score, &params);
            prop_assert_eq!(x.is_none(), oracle_undefined(score, &m, &params), "{} definedness at {:?}", score, m);
            let Some(x) = x else { continue };
            prop_assert!(x.is_representable());
            // The float approximation and its neighbours probe the value closely.
            let f = x.to_f64();
            let mut probes = vec![q(k, d), BigRational::zero(), BigRational::one(), -BigRational::one()];
            if f.is_finite() {
                let r = rat(f);
                let ulp = rat(f.abs().max(1e-300) * f64::EPSILON);
                probes.extend([&r - &ulp, r.clone(), &r + &ulp]);
            }
            for r in probes {
                let expected = oracle_cmp(score, &m, &params, &r);
                prop_assert_eq!(x.cmp_rational(&r), expected, "{} = {} at {:?} against {}", score, x, m, r);
            }
        }
    }

    #[test]
    fn every_score_is_monotone_as_documented(m in matrix(), params in params()) {
        for &score in Score::ALL {
            let (tp_trend, tn_trend) = score.trends();
            let Some(here) = value(&m, score, &params) else { continue };
            let steps = [
                (m.tp() < m.p()).then(|| ConfusionMatrix::new(m.tp() + 1, m.tn(), m.p(), m.n()).unwrap()).map(|s| (s, tp_trend, "tp")),
                (m.tn() < m.n()).then(|| ConfusionMatrix::new(m.tp(), m.tn() + 1, m.p(), m.n()).unwrap()).map(|s| (s, tn_trend, "tn")),
            ];
            for (next, trend, entry) in steps.into_iter().flatten() {
                let Some(there) = value(&next, score, &params) else { continue };
                let moved = exact_cmp(&there, &here);
                let allowed = match trend {
                    Trend::Rising => moved != Ordering::Less,
                    Trend::Falling => moved != Ordering::Greater,
                    Trend::Flat => moved == Ordering::Equal,
                };
                prop_assert!(allowed, "{score} is not {trend:?} in {entry}: {here} at {m:?}, {there} after +1");
            }
        }
    }
}

#[test]
fn definedness_follows_the_documented_conventions_on_every_small_matrix() {
    // Exhaustive over p, n ≤ 6, including empty classes.
    let params = Params::default();
    for p in 0..=6u64 {
        for n in 0..=6u64 {
            for tp in 0..=p {
                for tn in 0..=n {
                    let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
                    for &score in Score::ALL {
                        let x = m.exact(score, &params);
                        assert_eq!(
                            x.is_none(),
                            oracle_undefined(score, &m, &params),
                            "{score} at {m:?}"
                        );
                        assert_eq!(
                            m.float(score, &params).is_none(),
                            x.is_none(),
                            "{score} float definedness at {m:?}"
                        );
                        if let Some(x) = x {
                            assert!(x.is_representable());
                            for r in [q(0, 1), q(1, 2), q(1, 1), q(-1, 3), q(7, 5)] {
                                assert_eq!(
                                    x.cmp_rational(&r),
                                    oracle_cmp(score, &m, &params, &r),
                                    "{score} = {x} at {m:?} vs {r}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn monotonicity_holds_on_every_small_matrix() {
    let params = Params::default();
    // p, n ≤ 7: every adjacent pair of small matrices (the random test covers large ones).
    for p in 0..=7u64 {
        for n in 0..=7u64 {
            for tp in 0..=p {
                for tn in 0..=n {
                    let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
                    for &score in Score::ALL {
                        let (tp_trend, tn_trend) = score.trends();
                        let Some(here) = m.exact(score, &params) else {
                            continue;
                        };
                        let mut steps = Vec::new();
                        if tp < p {
                            steps.push((ConfusionMatrix::new(tp + 1, tn, p, n).unwrap(), tp_trend));
                        }
                        if tn < n {
                            steps.push((ConfusionMatrix::new(tp, tn + 1, p, n).unwrap(), tn_trend));
                        }
                        for (next, trend) in steps {
                            let Some(there) = next.exact(score, &params) else {
                                continue;
                            };
                            let moved = exact_cmp(&there, &here);
                            let ok = match trend {
                                Trend::Rising => moved != Ordering::Less,
                                Trend::Falling => moved != Ordering::Greater,
                                Trend::Flat => moved == Ordering::Equal,
                            };
                            assert!(
                                ok,
                                "{score} not {trend:?}: {here} at {m:?}, {there} at {next:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn exact_comparator_is_exact_on_close_surds() {
    // √2 vs 1.4142135623730951 (the f64 nearest √2, which is above it) and 1 + √3 vs √2 + √3.
    let root2 = Exact::count(2).sqrt().unwrap();
    assert_eq!(
        exact_cmp(&root2, &Exact::rational(&rat(std::f64::consts::SQRT_2))),
        Ordering::Less
    );
    let a = Exact::count(1).add(&Exact::count(3).sqrt().unwrap());
    let b = Exact::count(3)
        .sqrt()
        .unwrap()
        .add(&Exact::rational(&q(1_000_000_000_001, 1_000_000_000_000)));
    assert_eq!(exact_cmp(&a, &b), Ordering::Less);
    assert_eq!(
        exact_cmp(&root2, &Exact::count(8).sqrt().unwrap().mul(&half())),
        Ordering::Equal
    );
}

#[test]
fn a_trend_is_flat_exactly_where_the_score_ignores_that_entry() {
    // The monotonicity test accepts Rising for a flat score; this one pins Flat down: a
    // score said to rise (or fall) in an entry does move with it on some small matrix, and
    // a score said to be flat never does.
    let params = Params::default();
    for &score in Score::ALL {
        let (tp_trend, tn_trend) = score.trends();
        let (mut tp_moves, mut tn_moves) = (false, false);
        for p in 1..=6u64 {
            for n in 1..=6u64 {
                for tp in 0..=p {
                    for tn in 0..=n {
                        let value = |tp, tn| {
                            ConfusionMatrix::new(tp, tn, p, n)
                                .unwrap()
                                .exact(score, &params)
                        };
                        let here = value(tp, tn);
                        if here.is_none() {
                            continue;
                        }
                        if tp < p && value(tp + 1, tn).is_some_and(|v| Some(&v) != here.as_ref()) {
                            tp_moves = true;
                        }
                        if tn < n && value(tp, tn + 1).is_some_and(|v| Some(&v) != here.as_ref()) {
                            tn_moves = true;
                        }
                    }
                }
            }
        }
        assert_eq!(
            tp_trend == Trend::Flat,
            !tp_moves,
            "{score}: tp trend {tp_trend:?}"
        );
        assert_eq!(
            tn_trend == Trend::Flat,
            !tn_moves,
            "{score}: tn trend {tn_trend:?}"
        );
    }
}

#[test]
fn natural_ranges_and_directions_are_the_scores_own() {
    // The property test checks that values lie inside the ranges; these pin the ranges and
    // the direction of goodness down (a range of (None, None) or a constant direction
    // would pass it).
    assert_eq!(Score::Acc.natural_range(), (Some(0), Some(1)));
    assert_eq!(Score::Mcc.natural_range(), (Some(-1), Some(1)));
    assert_eq!(Score::Lrp.natural_range(), (Some(0), None));
    for &score in Score::ALL {
        if let Some(base) = score.complement_of() {
            assert_ne!(
                score.higher_is_better(),
                base.higher_is_better(),
                "{score} and {base}"
            );
        }
    }
    assert!(Score::Acc.higher_is_better());
    assert!(!Score::Err.higher_is_better());
}

/// A matrix (tp, tn, p, n) and a score's exact value there (None where undefined).
type Valued = ((u64, u64, u64, u64), Option<scorecheck_algebra::Exact>);

/// Every score's exact value on every matrix with 1 ≤ p, n ≤ 6.
fn small_values(score: Score) -> Vec<Valued> {
    let params = Params::default();
    let mut out = Vec::new();
    for p in 1..=6u64 {
        for n in 1..=6u64 {
            for tp in 0..=p {
                for tn in 0..=n {
                    let m = ConfusionMatrix::new(tp, tn, p, n).unwrap();
                    out.push(((tp, tn, p, n), m.exact(score, &params)));
                }
            }
        }
    }
    out
}

#[test]
fn complements_square_roots_and_linearity_are_what_the_values_show() {
    use num_traits::One;
    let one = BigRational::one();
    let values: Vec<_> = Score::ALL.iter().map(|&s| (s, small_values(s))).collect();
    // Complements: s = 1 − b wherever both are defined, for exactly the pairs listed (one
    // direction each).
    for (s, vs) in &values {
        for (b, vb) in &values {
            if s == b {
                continue;
            }
            let mut both = 0;
            let complements = vs.iter().zip(vb).all(|((_, x), (_, y))| match (x, y) {
                (Some(x), Some(y)) => {
                    both += 1;
                    scorecheck_algebra::Arith::add(x, y)
                        == scorecheck_algebra::Exact::from_rational(one.clone())
                }
                _ => true,
            });
            let listed = s.complement_of() == Some(*b) || b.complement_of() == Some(*s);
            assert_eq!(complements && both > 0, listed, "{s} and {b}");
        }
    }
    for (s, vs) in &values {
        // A square root shows as an irrational value on some small matrix.
        let irrational = vs
            .iter()
            .any(|(_, v)| v.as_ref().is_some_and(|v| v.as_rational().is_none()));
        assert_eq!(s.has_square_root(), irrational, "{s}");
        // Linear: the steps in tp and in tn are the same everywhere (for each p, n).
        let value = |tp: u64, tn: u64, p: u64, n: u64| {
            vs.iter()
                .find(|((a, b, c, d), _)| (*a, *b, *c, *d) == (tp, tn, p, n))
                .and_then(|(_, v)| v.as_ref())
                .and_then(|v| v.as_rational().cloned())
        };
        let mut linear = true;
        for p in 1..=6u64 {
            for n in 1..=6u64 {
                let (Some(base), Some(x), Some(y)) =
                    (value(0, 0, p, n), value(1, 0, p, n), value(0, 1, p, n))
                else {
                    linear = false;
                    continue;
                };
                for tp in 0..=p {
                    for tn in 0..=n {
                        let expected = &base
                            + (&x - &base) * BigRational::from_integer(tp.into())
                            + (&y - &base) * BigRational::from_integer(tn.into());
                        if value(tp, tn, p, n) != Some(expected) {
                            linear = false;
                        }
                    }
                }
            }
        }
        assert_eq!(s.is_linear(), linear, "{s}");
        assert_eq!(s.to_string(), s.abbreviation());
    }
}
