//! Presolve: rows in integer form ([`IntegerRow`]: coprime integer coefficients, ranges rounded inwards), singleton rows folded into bounds.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};
use scorecheck_feasibility::{Constraint, IntegerRow, Problem};

/// The presolved problem the simplex and the branch and bound work on.
#[derive(Debug, Clone)]
pub(crate) struct Model {
    pub lower: Vec<i64>,
    pub upper: Vec<i64>,
    /// The rows with two or more terms (singletons became bounds), in integer form.
    pub rows: Vec<IntegerRow>,
    /// Per variable: (row, exact coefficient, f64 coefficient for pricing).
    pub columns: Vec<Vec<(usize, BigRational, f64)>>,
    /// Euclidean norm of each column in f64 (pricing scale).
    pub norms: Vec<f64>,
    /// Each row in machine words, where its coefficients and range fit in `i64`.
    pub small_rows: Vec<Option<SmallRow>>,
}

/// A row whose coefficients and range fit in `i64`, for bound propagation in `i128`.
#[derive(Debug, Clone)]
pub(crate) struct SmallRow {
    terms: Vec<(usize, i128)>,
    lower: Option<i128>,
    upper: Option<i128>,
}

impl SmallRow {
    fn new(row: &IntegerRow) -> Option<SmallRow> {
        let word = |x: &BigInt| x.to_i64().map(i128::from);
        let terms = row
            .terms()
            .iter()
            .map(|(j, a)| Some((j.0, word(a)?)))
            .collect::<Option<Vec<_>>>()?;
        let bound = |b: Option<&BigInt>| match b {
            None => Some(None),
            Some(b) => word(b).map(Some),
        };
        Some(SmallRow {
            terms,
            lower: bound(row.lower())?,
            upper: bound(row.upper())?,
        })
    }
}

/// `ceil(q)` and `floor(q)` of a rational.
fn ceil(q: &BigRational) -> BigInt {
    q.ceil().to_integer()
}

fn floor(q: &BigRational) -> BigInt {
    q.floor().to_integer()
}

/// Converts to f64 for guidance only (never for a decision).
pub(crate) fn approx(q: &BigRational) -> f64 {
    q.to_f64().unwrap_or(f64::NAN)
}

/// Why a constraint without variables (every coefficient zero) cannot hold: its activity is
/// 0, so it says `0 ≥ lower` or `0 ≤ upper`, and one of them is false.
fn without_variables(c: &Constraint) -> String {
    let zero = BigRational::zero();
    let claim = match (&c.lower, &c.upper) {
        (Some(l), _) if l > &zero => format!("0 ≥ {l}"),
        (_, Some(u)) if u < &zero => format!("0 ≤ {u}"),
        (l, u) => format!(
            "{} ≤ 0 ≤ {}",
            l.as_ref().map_or("-∞".to_string(), ToString::to_string),
            u.as_ref().map_or("∞".to_string(), ToString::to_string)
        ),
    };
    format!(
        "constraint {}: {claim} cannot hold: a constraint without variables (every coefficient \
         zero) has the value 0 whatever the counts are, and that value is outside its range",
        c.name
    )
}

/// Presolves `problem`; `Err` holds the reason of an exact infeasibility.
pub(crate) fn presolve(problem: &Problem) -> Result<Model, String> {
    let n = problem.variables().len();
    let mut lower: Vec<i64> = problem.variables().iter().map(|v| v.lower).collect();
    let mut upper: Vec<i64> = problem.variables().iter().map(|v| v.upper).collect();
    let mut rows = Vec::new();
    for c in problem.constraints() {
        if c.lower.is_none() && c.upper.is_none() {
            continue;
        }
        let row = IntegerRow::from_constraint(c);
        if row.is_constant() {
            if row.is_empty() {
                return Err(without_variables(c));
            }
            continue;
        }
        // Scaled to coprime integer coefficients, the activity of an integer point is an
        // integer, so the range rounds inwards.
        if row.is_empty() {
            return Err(format!(
                "constraint {}: scaled to coprime integer coefficients its activity is an \
                 integer, and no integer lies in its range [{}, {}]",
                c.name,
                c.lower.as_ref().map(|x| x.to_string()).unwrap_or_default(),
                c.upper.as_ref().map(|x| x.to_string()).unwrap_or_default()
            ));
        }
        if let [(j, a)] = row.terms() {
            // a·x in [l, u] is a bound on x.
            let j = &j.0;
            let a = BigRational::from_integer(a.clone());
            let (lo, hi) = if a.is_positive() {
                (row.lower().cloned(), row.upper().cloned())
            } else {
                (row.upper().cloned(), row.lower().cloned())
            };
            if let Some(lo) = lo {
                let b = ceil(&(BigRational::from_integer(lo) / &a));
                if b > BigInt::from(lower[*j]) {
                    lower[*j] = b.to_i64().unwrap_or(i64::MAX);
                }
            }
            if let Some(hi) = hi {
                let b = floor(&(BigRational::from_integer(hi) / &a));
                if b < BigInt::from(upper[*j]) {
                    upper[*j] = b.to_i64().unwrap_or(i64::MIN);
                }
            }
            if lower[*j] > upper[*j] {
                return Err(format!(
                    "constraint {} leaves variable {} no integer value within its bounds",
                    c.name,
                    problem.variables()[*j].name
                ));
            }
            continue;
        }
        rows.push(row);
    }
    let mut columns: Vec<Vec<(usize, BigRational, f64)>> = vec![Vec::new(); n];
    for (i, row) in rows.iter().enumerate() {
        for (j, a) in row.terms() {
            let exact = BigRational::from_integer(a.clone());
            let f = approx(&exact);
            columns[j.0].push((i, exact, f));
        }
    }
    let norms = columns
        .iter()
        .map(|col| {
            col.iter()
                .map(|(_, _, f)| f * f)
                .sum::<f64>()
                .sqrt()
                .max(1e-300)
        })
        .collect();
    let small_rows = rows.iter().map(SmallRow::new).collect();
    Ok(Model {
        lower,
        upper,
        rows,
        columns,
        norms,
        small_rows,
    })
}

/// `ceil(p / q)` for `q ≠ 0`.
fn ceil_div(p: &BigInt, q: &BigInt) -> BigInt {
    -((-p).div_floor(q))
}

/// Rounds of bound propagation per branch-and-bound node.
const PROPAGATION_ROUNDS: usize = 4;

/// Tightens `lower`/`upper` by integer bound propagation over the rows: each variable's
/// range is cut to what the row range leaves once every other variable of the row takes
/// its most favourable bound, rounded inwards (the variables are integers). Exact
/// (`BigInt`); `false` means the box holds no integer point satisfying every row.
pub(crate) fn propagate(model: &Model, lower: &mut [i64], upper: &mut [i64]) -> bool {
    let mut updates = Vec::new();
    for _ in 0..PROPAGATION_ROUNDS {
        let mut changed = false;
        for (row, small) in model.rows.iter().zip(&model.small_rows) {
            // The same bounds in i128 where nothing overflows; the BigInt form otherwise.
            let step = small
                .as_ref()
                .and_then(|small| small_row_bounds(small, lower, upper, &mut updates))
                .unwrap_or_else(|| big_row_bounds(row, lower, upper, &mut updates));
            match step {
                RowStep::Empty => return false,
                RowStep::UnknownVariable => return true,
                RowStep::Bounds => {}
            }
            for &(j, new_lo, new_hi) in &updates {
                if let Some(b) = new_lo {
                    if b > lower[j] {
                        lower[j] = b;
                        changed = true;
                    }
                }
                if let Some(b) = new_hi {
                    if b < upper[j] {
                        upper[j] = b;
                        changed = true;
                    }
                }
                if lower[j] > upper[j] {
                    return false;
                }
            }
        }
        if !changed {
            break;
        }
    }
    true
}

/// What one row says about the box.
enum RowStep {
    /// No point of the box satisfies the row.
    Empty,
    /// A term's variable lies outside the box (cannot happen after presolve's checks).
    UnknownVariable,
    /// The bounds each variable gets from the row are in the update list.
    Bounds,
}

/// The bounds every variable of `row` gets from the row range once every other variable
/// takes its most favourable bound (read from the box as it was before this row), rounded
/// inwards; bounds beyond the i64 range are left out (weaker, still sound).
fn big_row_bounds(
    row: &IntegerRow,
    lower: &[i64],
    upper: &[i64],
    updates: &mut Vec<(usize, Option<i64>, Option<i64>)>,
) -> RowStep {
    updates.clear();
    let Some((least, greatest)) = row.activity_range(lower, upper) else {
        return RowStep::UnknownVariable;
    };
    if row.upper().is_some_and(|u| &least > u) || row.lower().is_some_and(|l| &greatest < l) {
        return RowStep::Empty;
    }
    for (j, a) in row.terms() {
        let j = j.0;
        let (own_least, own_greatest) = if a.is_positive() {
            (a * lower[j], a * upper[j])
        } else {
            (a * upper[j], a * lower[j])
        };
        // a·x ≤ U − (least − own_least) and a·x ≥ L − (greatest − own_greatest);
        // dividing by a < 0 swaps which one bounds x from below.
        let cap = row.upper().map(|u| u - (&least - &own_least));
        let base = row.lower().map(|l| l - (&greatest - &own_greatest));
        let (new_lo, new_hi) = if a.is_positive() {
            (base.map(|f| ceil_div(&f, a)), cap.map(|c| c.div_floor(a)))
        } else {
            (cap.map(|c| ceil_div(&c, a)), base.map(|f| f.div_floor(a)))
        };
        updates.push((
            j,
            new_lo.and_then(|b| b.to_i64()),
            new_hi.and_then(|b| b.to_i64()),
        ));
    }
    RowStep::Bounds
}

/// [`big_row_bounds`] in `i128`, or `None` where an intermediate value would overflow (the
/// caller then takes the BigInt form, so the result is the same either way).
fn small_row_bounds(
    row: &SmallRow,
    lower: &[i64],
    upper: &[i64],
    updates: &mut Vec<(usize, Option<i64>, Option<i64>)>,
) -> Option<RowStep> {
    updates.clear();
    let ends = |j: usize, a: i128| -> Option<(i128, i128)> {
        let (lo, hi) = (i128::from(*lower.get(j)?), i128::from(*upper.get(j)?));
        // |a|, |lo|, |hi| ≤ 2^63: the products fit.
        Some(if a > 0 {
            (a * lo, a * hi)
        } else {
            (a * hi, a * lo)
        })
    };
    let (mut least, mut greatest) = (0i128, 0i128);
    for &(j, a) in &row.terms {
        let Some((own_least, own_greatest)) = ends(j, a) else {
            return Some(RowStep::UnknownVariable);
        };
        least = least.checked_add(own_least)?;
        greatest = greatest.checked_add(own_greatest)?;
    }
    if row.upper.is_some_and(|u| least > u) || row.lower.is_some_and(|l| greatest < l) {
        return Some(RowStep::Empty);
    }
    let word = |b: i128| i64::try_from(b).ok();
    for &(j, a) in &row.terms {
        let (own_least, own_greatest) = ends(j, a)?;
        let cap = match row.upper {
            Some(u) => Some(u.checked_sub(least.checked_sub(own_least)?)?),
            None => None,
        };
        let base = match row.lower {
            Some(l) => Some(l.checked_sub(greatest.checked_sub(own_greatest)?)?),
            None => None,
        };
        // ⌊p/a⌋ (None only for i128::MIN / −1) and ⌈p/a⌉ = −⌊−p/a⌋.
        let floor = |p: i128| -> Option<i128> {
            (p != i128::MIN || a != -1).then(|| Integer::div_floor(&p, &a))
        };
        let ceil = |p: i128| -> Option<i128> { floor(p.checked_neg()?)?.checked_neg() };
        let (new_lo, new_hi) = if a > 0 {
            (base.map(ceil), cap.map(floor))
        } else {
            (cap.map(ceil), base.map(floor))
        };
        let (new_lo, new_hi) = (
            new_lo.map_or(Some(None), |b| b.map(Some))?,
            new_hi.map_or(Some(None), |b| b.map(Some))?,
        );
        updates.push((j, new_lo.and_then(word), new_hi.and_then(word)));
    }
    Some(RowStep::Bounds)
}

#[cfg(test)]
mod tests {
    use super::*;
    use scorecheck_feasibility::VarId;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn rows_become_coprime_integers_with_inward_rounded_ranges() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 9);
        let y = p.add_variable("y", 0, 9);
        // x/6 + y/4 in [0.3, 0.9] is 2x + 3y in [3.6, 10.8], so [4, 10].
        p.add_constraint(
            "row",
            vec![(x, r(1, 6)), (y, r(1, 4))],
            Some(r(3, 10)),
            Some(r(9, 10)),
        );
        let m = presolve(&p).unwrap();
        assert_eq!(m.rows.len(), 1);
        let coefs: Vec<i64> = m.rows[0]
            .terms()
            .iter()
            .map(|(_, a)| a.to_i64().unwrap())
            .collect();
        assert_eq!(coefs, vec![2, 3]);
        assert_eq!(m.rows[0].lower(), Some(&4.into()));
        assert_eq!(m.rows[0].upper(), Some(&10.into()));
    }

    #[test]
    fn singleton_rows_become_bounds_and_empty_ones_are_proven() {
        let mut p = Problem::new();
        let x = p.add_variable("x", -10, 10);
        p.add_constraint("neg", vec![(x, r(-2, 3))], Some(r(-3, 1)), Some(r(1, 1)));
        let m = presolve(&p).unwrap();
        // -2x/3 in [-3, 1] is x in [-1.5, 4.5], so [-1, 4].
        assert!(m.rows.is_empty());
        assert_eq!((m.lower[0], m.upper[0]), (-1, 4));
        p.add_constraint("half", vec![(x, r(2, 1))], Some(r(1, 1)), Some(r(1, 1)));
        assert!(presolve(&p).is_err());
    }

    #[test]
    fn a_constraint_without_variables_says_what_cannot_hold() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 1);
        p.add_constraint("gone", vec![(x, r(0, 1))], Some(r(3, 1)), None);
        assert_eq!(
            presolve(&p).err().as_deref(),
            Some(
                "constraint gone: 0 ≥ 3 cannot hold: a constraint without variables (every \
                 coefficient zero) has the value 0 whatever the counts are, and that value is \
                 outside its range"
            )
        );
        let mut q = Problem::new();
        q.add_constraint("below", vec![], Some(r(-5, 1)), Some(r(-1, 2)));
        assert!(presolve(&q)
            .unwrap_err()
            .starts_with("constraint below: 0 ≤ -1/2 cannot hold"));
    }

    #[test]
    fn propagation_rounds_inwards_and_detects_empty_boxes() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 6);
        let y = p.add_variable("y", 0, 6);
        p.add_constraint(
            "diff",
            vec![(x, r(1, 1)), (y, r(-1, 1))],
            Some(r(5, 1)),
            Some(r(5, 1)),
        );
        let m = presolve(&p).unwrap();
        let (mut lo, mut hi) = (m.lower.clone(), m.upper.clone());
        assert!(propagate(&m, &mut lo, &mut hi));
        assert_eq!((lo, hi), (vec![5, 0], vec![6, 1]));
        // 3x + 2y ≥ 31 cannot hold with x, y ≤ 6 (at most 30).
        p.add_constraint(
            "big",
            vec![(x, r(3, 1)), (y, r(2, 1))],
            Some(r(31, 1)),
            None,
        );
        let m = presolve(&p).unwrap();
        let (mut lo, mut hi) = (m.lower.clone(), m.upper.clone());
        assert!(!propagate(&m, &mut lo, &mut hi));
    }

    proptest::proptest! {
        #[test]
        fn machine_word_propagation_matches_big_integers(
            coefficients in proptest::collection::vec(
                proptest::prop_oneof![-9i64..10, proptest::prelude::any::<i64>()], 2..6),
            range in (proptest::prelude::any::<Option<i64>>(), proptest::prelude::any::<Option<i64>>()),
            small in proptest::prelude::any::<bool>(),
            ends in proptest::collection::vec(
                (proptest::prop_oneof![-20i64..20, proptest::prelude::any::<i64>()],
                 proptest::prop_oneof![0i64..20, proptest::prelude::any::<i64>()]), 6),
        ) {
            let whole = |x: i64| BigRational::from_integer(BigInt::from(x));
            let terms: Vec<(VarId, BigRational)> = coefficients
                .iter()
                .enumerate()
                .filter(|(_, a)| **a != 0)
                .map(|(j, a)| (VarId(j), whole(*a)))
                .collect();
            let shrink = |x: i64| if small { x % 1000 } else { x };
            let (lo, hi) = (range.0.map(shrink).map(whole), range.1.map(shrink).map(whole));
            let row = IntegerRow::new(&terms, lo.as_ref(), hi.as_ref());
            let lower: Vec<i64> = ends.iter().map(|&(l, _)| shrink(l)).collect();
            let upper: Vec<i64> = ends
                .iter()
                .map(|&(l, w)| shrink(l).saturating_add(shrink(w).abs()))
                .collect();
            let (mut big, mut word) = (Vec::new(), Vec::new());
            let big_step = big_row_bounds(&row, &lower, &upper, &mut big);
            let Some(small_row) = SmallRow::new(&row) else {
                return Ok(());
            };
            if let Some(word_step) = small_row_bounds(&small_row, &lower, &upper, &mut word) {
                proptest::prop_assert_eq!(
                    std::mem::discriminant(&word_step),
                    std::mem::discriminant(&big_step)
                );
                if matches!(big_step, RowStep::Bounds) {
                    proptest::prop_assert_eq!(word, big);
                }
            }
        }
    }
}
