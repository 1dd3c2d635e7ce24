//! Presolve: rows scaled to coprime integer coefficients, integer rounding of their ranges, singleton rows folded into bounds.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use scorecheck_feasibility::Problem;

/// A row `lower ≤ Σ a·x ≤ upper` with coprime integer coefficients and integer bounds.
#[derive(Debug, Clone)]
pub(crate) struct Row {
    /// Merged terms with nonzero coefficients, by variable index.
    pub terms: Vec<(usize, BigInt)>,
    pub lower: Option<BigInt>,
    pub upper: Option<BigInt>,
}

/// The presolved problem the simplex and the branch and bound work on.
#[derive(Debug, Clone)]
pub(crate) struct Model {
    pub lower: Vec<i64>,
    pub upper: Vec<i64>,
    pub rows: Vec<Row>,
    /// Per variable: (row, exact coefficient, f64 coefficient for pricing).
    pub columns: Vec<Vec<(usize, BigRational, f64)>>,
    /// Euclidean norm of each column in f64 (pricing scale).
    pub norms: Vec<f64>,
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
        let mut merged: Vec<(usize, BigRational)> = Vec::new();
        let mut sorted: Vec<&(scorecheck_feasibility::VarId, BigRational)> =
            c.terms.iter().collect();
        sorted.sort_by_key(|(v, _)| v.0);
        for (var, coef) in sorted {
            match merged.last_mut() {
                Some((j, acc)) if *j == var.0 => *acc += coef,
                _ => merged.push((var.0, coef.clone())),
            }
        }
        merged.retain(|(_, a)| !a.is_zero());
        if merged.is_empty() {
            let zero = BigRational::zero();
            if c.lower.as_ref().is_some_and(|l| &zero < l)
                || c.upper.as_ref().is_some_and(|u| &zero > u)
            {
                return Err(format!(
                    "constraint {} has no terms and its range excludes 0",
                    c.name
                ));
            }
            continue;
        }
        // Scale by the lcm of the denominators and divide by the gcd of the numerators:
        // the activity of an integer point is then an integer, so the range rounds inwards.
        let mut denominators = BigInt::one();
        for (_, a) in &merged {
            denominators = denominators.lcm(a.denom());
        }
        let mut gcd = BigInt::zero();
        for (_, a) in &merged {
            gcd = gcd.gcd(&(a.numer() * (&denominators / a.denom())));
        }
        let scale = BigRational::new(denominators, gcd);
        let terms: Vec<(usize, BigInt)> = merged
            .iter()
            .map(|(j, a)| (*j, (a * &scale).to_integer()))
            .collect();
        let row_lower = c.lower.as_ref().map(|l| ceil(&(l * &scale)));
        let row_upper = c.upper.as_ref().map(|u| floor(&(u * &scale)));
        if let (Some(l), Some(u)) = (&row_lower, &row_upper) {
            if l > u {
                return Err(format!(
                    "constraint {}: scaled to coprime integer coefficients its activity is an \
                     integer, and no integer lies in its range [{}, {}]",
                    c.name,
                    c.lower.as_ref().map(|x| x.to_string()).unwrap_or_default(),
                    c.upper.as_ref().map(|x| x.to_string()).unwrap_or_default()
                ));
            }
        }
        if terms.len() == 1 {
            // a·x in [l, u] is a bound on x.
            let (j, a) = &terms[0];
            let a = BigRational::from_integer(a.clone());
            let (lo, hi) = if a.is_positive() {
                (row_lower.clone(), row_upper.clone())
            } else {
                (row_upper.clone(), row_lower.clone())
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
        rows.push(Row {
            terms,
            lower: row_lower,
            upper: row_upper,
        });
    }
    let mut columns: Vec<Vec<(usize, BigRational, f64)>> = vec![Vec::new(); n];
    for (i, row) in rows.iter().enumerate() {
        for (j, a) in &row.terms {
            let exact = BigRational::from_integer(a.clone());
            let f = approx(&exact);
            columns[*j].push((i, exact, f));
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
    Ok(Model {
        lower,
        upper,
        rows,
        columns,
        norms,
    })
}
