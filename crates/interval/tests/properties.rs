//! Property tests: every enclosure contains the exact values, and the set operations obey their laws.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Signed;
use proptest::prelude::*;
use scorecheck_algebra::{Arith, ConfusionMatrix, Exact, Params, Score};
use scorecheck_interval::{
    enclose, enclose_f64, enclose_monotone, Enclosure, F64Interval, Interval, IntervalUnion,
};

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// A class size: tiny (including 0), moderate, or huge.
fn size() -> impl Strategy<Value = u64> {
    prop_oneof![0u64..=12, 1u64..=1_000_000, 1u64..=1_000_000_000_000]
}

/// A box of matrices with a point in it: (tp range, tn range, p, n, tp, tn).
#[derive(Clone, Debug)]
struct BoxAndPoint {
    tp: (u64, u64),
    tn: (u64, u64),
    p: u64,
    n: u64,
    point: (u64, u64),
}

/// A range inside 0..=total and a point in it; the width is narrow or anything.
fn range_and_point(total: u64) -> impl Strategy<Value = ((u64, u64), u64)> {
    (
        any::<u64>(),
        prop_oneof![0u64..=3, any::<u64>()],
        any::<u64>(),
    )
        .prop_map(move |(a, w, x)| {
            let lo = a % (total + 1);
            let hi = lo + w % (total - lo + 1);
            let point = lo + x % (hi - lo + 1);
            ((lo, hi), point)
        })
}

fn box_and_point() -> impl Strategy<Value = BoxAndPoint> {
    (size(), size()).prop_flat_map(|(p, n)| {
        (range_and_point(p), range_and_point(n)).prop_map(move |((tp, x), (tn, y))| BoxAndPoint {
            tp,
            tn,
            p,
            n,
            point: (x, y),
        })
    })
}

fn params() -> impl Strategy<Value = Params> {
    prop_oneof![
        Just(Params::default()),
        (1i64..=40, 1i64..=10, 1i64..=40, 1i64..=10)
            .prop_map(|(a, b, c, d)| Params::with_betas(q(a, b), q(c, d))),
    ]
}

fn exact_at(score: Score, tp: u64, tn: u64, p: u64, n: u64, params: &Params) -> Option<Exact> {
    ConfusionMatrix::new(tp, tn, p, n)
        .ok()?
        .exact(score, params)
}

fn f64_contains(interval: &F64Interval, value: &Exact) -> bool {
    let above_lo = match BigRational::from_float(interval.lo()) {
        Some(lo) => value.cmp_rational(&lo) != Some(Ordering::Less),
        None => interval.lo() == f64::NEG_INFINITY,
    };
    let below_hi = match BigRational::from_float(interval.hi()) {
        Some(hi) => value.cmp_rational(&hi) != Some(Ordering::Greater),
        None => interval.hi() == f64::INFINITY,
    };
    above_lo && below_hi
}

// Big-rational evaluation of 30 scores is slow in debug builds; these cases keep the
// suite near a minute while still mixing tiny, moderate and 1e12-sized matrices.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(80))]

    #[test]
    fn enclosures_contain_every_defined_value(b in box_and_point(), params in params()) {
        for &score in Score::ALL {
            let Some(value) = exact_at(score, b.point.0, b.point.1, b.p, b.n, &params) else { continue };
            prop_assert!(value.is_representable());
            match enclose(score, b.tp, b.tn, b.p, b.n, &params) {
                Enclosure::Within(range) => prop_assert!(value.within(range.lo(), range.hi()), "{score} {b:?}: {value} not in {range}"),
                Enclosure::Unknown => {}
                Enclosure::Empty => prop_assert!(false, "{score} {b:?}: box with a valid point called empty"),
            }
            match enclose_f64(score, b.tp, b.tn, b.p, b.n, &params) {
                Enclosure::Within(range) => prop_assert!(f64_contains(&range, &value), "{score} {b:?}: {value} not in f64 {range}"),
                Enclosure::Unknown => {}
                Enclosure::Empty => prop_assert!(false, "{score} {b:?}: f64 box called empty"),
            }
            match enclose_monotone(score, b.tp, b.tn, b.p, b.n, &params) {
                Enclosure::Within(range) => prop_assert!(value.within(range.lo(), range.hi()), "{score} {b:?}: {value} not in monotone {range}"),
                Enclosure::Unknown => {}
                Enclosure::Empty => prop_assert!(false, "{score} {b:?}: monotone box called empty"),
            }
        }
    }

    #[test]
    fn monotone_enclosure_is_known_when_every_corner_is_defined(b in box_and_point()) {
        let params = Params::default();
        for &score in Score::ALL {
            let corners = [(b.tp.0, b.tn.0), (b.tp.0, b.tn.1), (b.tp.1, b.tn.0), (b.tp.1, b.tn.1)];
            let values: Vec<Option<Exact>> = corners.iter().map(|&(x, y)| exact_at(score, x, y, b.p, b.n, &params)).collect();
            if values.iter().any(Option::is_none) {
                continue;
            }
            let Enclosure::Within(range) = enclose_monotone(score, b.tp, b.tn, b.p, b.n, &params) else {
                prop_assert!(false, "{score} {b:?}: corners defined but no monotone enclosure");
                unreachable!();
            };
            for value in values.iter().flatten() {
                prop_assert!(value.within(range.lo(), range.hi()), "{score} {b:?}: corner {value} not in {range}");
            }
        }
    }

    #[test]
    fn point_boxes_enclose_tightly(b in box_and_point()) {
        // On a single matrix the monotone enclosure is the value itself (to ~128 bits).
        let params = Params::default();
        for &score in Score::ALL {
            let (x, y) = b.point;
            let Some(value) = exact_at(score, x, y, b.p, b.n, &params) else { continue };
            let Enclosure::Within(range) = enclose_monotone(score, (x, x), (y, y), b.p, b.n, &params) else {
                prop_assert!(false, "{score} {b:?}: a defined point has no enclosure");
                unreachable!();
            };
            prop_assert!(value.within(range.lo(), range.hi()));
            match value.as_rational() {
                Some(r) => prop_assert_eq!(range, Interval::point(r.clone())),
                None => {
                    let scale = range.lo().abs().max(range.hi().abs()).max(q(1, 1));
                    prop_assert!(range.width() <= scale * q(1, 1_000_000_000_000_000_000), "{score}: {range} too wide");
                }
            }
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn rational_interval_operations_enclose_pointwise(
        a in (-50i64..50, 1i64..9), w in (0i64..50, 1i64..9), t in 0i64..=8,
        c in (-50i64..50, 1i64..9), v in (0i64..50, 1i64..9), u in 0i64..=8,
    ) {
        let x_lo = q(a.0, a.1);
        let x = Interval::new(x_lo.clone(), &x_lo + q(w.0, w.1)).unwrap();
        let y_lo = q(c.0, c.1);
        let y = Interval::new(y_lo.clone(), &y_lo + q(v.0, v.1)).unwrap();
        // Points at fractions t/8 and u/8 of the way across.
        let xp = x.lo() + x.width() * q(t, 8);
        let yp = y.lo() + y.width() * q(u, 8);
        prop_assert!(x.add(&y).contains(&(&xp + &yp)));
        prop_assert!(x.sub(&y).contains(&(&xp - &yp)));
        prop_assert!(x.mul(&y).contains(&(&xp * &yp)));
        match x.div(&y) {
            Some(z) => prop_assert!(z.contains(&(&xp / &yp))),
            None => prop_assert!(y.contains(&q(0, 1))),
        }
        if let Some(root) = x.sqrt() {
            if xp >= q(0, 1) {
                prop_assert!(root.lo() * root.lo() <= xp && xp <= root.hi() * root.hi());
            }
        } else {
            prop_assert!(x.hi() < &q(0, 1));
        }
        // The same with outward-rounded floats.
        let fx = F64Interval::rational(x.lo()).hull(&F64Interval::rational(x.hi()));
        let fy = F64Interval::rational(y.lo()).hull(&F64Interval::rational(y.hi()));
        let inside = |z: &F64Interval, r: &BigRational| f64_contains(z, &Exact::rational(r));
        prop_assert!(inside(&fx.add(&fy), &(&xp + &yp)));
        prop_assert!(inside(&fx.sub(&fy), &(&xp - &yp)));
        prop_assert!(inside(&fx.mul(&fy), &(&xp * &yp)));
        if let Some(z) = fx.div(&fy) {
            prop_assert!(inside(&z, &(&xp / &yp)));
        }
        if let (Some(root), true) = (fx.sqrt(), xp >= q(0, 1)) {
            let lo = BigRational::from_float(root.lo()).unwrap();
            let hi = BigRational::from_float(root.hi()).unwrap();
            prop_assert!(&lo * &lo <= xp && xp <= &hi * &hi);
        }
    }

    #[test]
    fn integer_hull_matches_brute_force(a in -60i64..60, b in 1i64..7, w in 0i64..60, d in 1i64..7) {
        let lo = q(a, b);
        let x = Interval::new(lo.clone(), lo + q(w, d)).unwrap();
        let inside: Vec<i64> = (-70i64..=130).filter(|k| x.contains(&q(*k, 1))).collect();
        let expected = inside.first().zip(inside.last()).map(|(s, l)| (BigInt::from(*s), BigInt::from(*l)));
        prop_assert_eq!(x.integer_hull(), expected);
    }

    #[test]
    fn unions_are_normalised_and_mean_the_sets(
        xs in prop::collection::vec((-20i64..20, 0i64..8), 0..6),
        ys in prop::collection::vec((-20i64..20, 0i64..8), 0..6),
    ) {
        let make = |v: &Vec<(i64, i64)>| IntervalUnion::from_intervals(v.iter().map(|&(lo, w)| Interval::new(q(lo, 2), q(lo + w, 2)).unwrap()));
        let (a, b) = (make(&xs), make(&ys));
        for set in [&a, &b, &a.union(&b), &a.intersection(&b)] {
            for pair in set.intervals().windows(2) {
                prop_assert!(pair[0].hi() < pair[1].lo(), "not normalised: {set}");
            }
        }
        prop_assert_eq!(a.union(&b), b.union(&a));
        prop_assert_eq!(a.intersection(&b), b.intersection(&a));
        prop_assert_eq!(a.union(&a), a.clone());
        prop_assert_eq!(a.intersection(&a), a.clone());
        prop_assert_eq!(a.union(&IntervalUnion::empty()), a.clone());
        prop_assert!(a.intersection(&IntervalUnion::empty()).is_empty());
        prop_assert_eq!(a.is_empty(), xs.is_empty());
        // Membership, on a grid of quarters that hits every end and every gap.
        for k in -100i64..=100 {
            let r = q(k, 4);
            let in_a = xs.iter().any(|&(lo, w)| q(lo, 2) <= r && r <= q(lo + w, 2));
            let in_b = ys.iter().any(|&(lo, w)| q(lo, 2) <= r && r <= q(lo + w, 2));
            prop_assert_eq!(a.contains(&r), in_a);
            prop_assert_eq!(a.union(&b).contains(&r), in_a || in_b);
            prop_assert_eq!(a.intersection(&b).contains(&r), in_a && in_b);
        }
    }
}

#[test]
fn invalid_boxes_are_empty_and_clipped_boxes_are_not() {
    let params = Params::default();
    assert_eq!(
        enclose(Score::Acc, (5, 3), (0, 1), 10, 10, &params),
        Enclosure::Empty
    );
    assert_eq!(
        enclose(Score::Acc, (11, 12), (0, 1), 10, 10, &params),
        Enclosure::Empty
    );
    assert_eq!(
        enclose_monotone(Score::Acc, (0, 1), (4, 2), 10, 10, &params),
        Enclosure::Empty
    );
    assert_eq!(
        enclose_f64(Score::Acc, (0, 1), (4, 2), 10, 10, &params),
        Enclosure::Empty
    );
    let clipped = enclose_monotone(Score::Sens, (5, 99), (0, 10), 10, 10, &params);
    assert_eq!(
        clipped.interval().map(ToString::to_string),
        Some("[1/2, 1]".to_string())
    );
}

#[test]
fn undefined_corners_fall_back() {
    // ppv is undefined at tp = 0, tn = n: a corner of this box.
    let params = Params::default();
    assert_eq!(
        enclose_monotone(Score::Ppv, (0, 5), (8, 10), 10, 10, &params),
        Enclosure::Unknown
    );
    // pt's undefined line tp/p + tn/n = 1 crosses this box's interior, between its corners.
    let pt = enclose_monotone(Score::Pt, (3, 6), (3, 6), 10, 10, &params);
    let range = pt.interval().unwrap();
    assert!(exact_at(Score::Pt, 4, 6, 10, 10, &params).is_none());
    for tp in 3..=6 {
        for tn in 3..=6 {
            if let Some(value) = exact_at(Score::Pt, tp, tn, 10, 10, &params) {
                assert!(value.within(range.lo(), range.hi()), "({tp}, {tn})");
            }
        }
    }
}
