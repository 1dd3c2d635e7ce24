//! Equality elimination: an equality row with a coefficient ±1 (in integer form) defines one
//! of its variables by the others, so that variable and the row leave the problem.
//!
//! Multiclass programs tie variables by equalities (row sums of a K×K matrix, tn − tp fixed
//! per fold); single-variable and ±1-pair moves of the local search and the branch and bound's
//! bound changes break them at every step, so both stall on problems that are otherwise easy.
//! Substituted out, every point of the smaller problem is a point of the original one.
//!
//! Exactness: the row is scaled to coprime integers first, so `x_e = ±(c − Σ a_j·x_j)` is an
//! integer for every integer point of the others; the eliminated variable's bounds become a
//! row over the others. The reduced problem has an integer point iff the original has one,
//! and every witness is expanded and re-checked against the original problem.

use crate::stop::Stop;
use std::collections::BTreeMap;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use scorecheck_feasibility::{IntegerRow, Problem, VarId};

/// A row in integer form over the original variable indices.
struct Row {
    name: String,
    terms: BTreeMap<usize, BigInt>,
    lower: Option<BigInt>,
    upper: Option<BigInt>,
    live: bool,
}

/// `x_e = constant + Σ c_j·x_j`.
struct Definition {
    var: usize,
    constant: BigInt,
    terms: Vec<(usize, BigInt)>,
}

/// The problem without its eliminated variables, and how to get them back.
pub(crate) struct Reduced {
    pub(crate) problem: Problem,
    /// Per original variable, its index in the reduced problem (None: eliminated).
    kept: Vec<Option<usize>>,
    /// In elimination order.
    definitions: Vec<Definition>,
}

/// Rows may grow by substitution; elimination stops once the rows hold this many times the
/// original number of terms (plus a small allowance), so a dense chain of equalities cannot
/// make the problem larger than it was hard.
const MAX_FILL: usize = 4;

/// How many eliminations run between looks at the clock.
const CLOCK_EVERY: usize = 64;

/// The reduced problem, or `None` when no equality row has a ±1 coefficient (or the
/// deadline passed while eliminating: the caller then works on the original problem).
///
/// Cost: each elimination touches only the rows that hold its variable (an occurrence list
/// per variable), so a program of thousands of folds reduces in time linear in its terms.
pub(crate) fn eliminate(problem: &Problem, stop: &Stop) -> Option<Reduced> {
    let variables = problem.variables();
    let mut rows: Vec<Row> = problem
        .constraints()
        .iter()
        .filter(|c| c.lower.is_some() || c.upper.is_some())
        .map(|c| {
            let row = IntegerRow::from_constraint(c);
            Row {
                name: c.name.clone(),
                terms: row.terms().iter().map(|(v, a)| (v.0, a.clone())).collect(),
                lower: row.lower().cloned(),
                upper: row.upper().cloned(),
                live: true,
            }
        })
        .collect();
    // Rows holding each variable (entries may be stale: check `live` and the terms).
    let mut occurs: Vec<Vec<usize>> = vec![Vec::new(); variables.len()];
    for (i, r) in rows.iter().enumerate() {
        for &v in r.terms.keys() {
            if let Some(list) = occurs.get_mut(v) {
                list.push(i);
            }
        }
    }
    let mut total_terms: usize = rows.iter().map(|r| r.terms.len()).sum();
    let max_terms = MAX_FILL * total_terms + 64;
    let mut definitions: Vec<Definition> = Vec::new();
    let mut gone = vec![false; variables.len()];
    let mut i = 0;
    while i < rows.len() {
        let current = i;
        i += 1;
        let row = &rows[current];
        if !row.live || row.terms.len() < 2 || row.lower.is_none() || row.lower != row.upper {
            continue;
        }
        if definitions.len() % CLOCK_EVERY == CLOCK_EVERY - 1 && stop.passed() {
            return None;
        }
        // The unit-coefficient variable that occurs in the fewest rows (least fill).
        let Some(e) = row
            .terms
            .iter()
            .filter(|(&v, a)| a.abs().is_one() && v < variables.len())
            .map(|(&v, _)| v)
            .min_by_key(|&v| occurs[v].len())
        else {
            continue;
        };
        let a_e = row.terms[&e].clone();
        let c = row.lower.clone().unwrap_or_default();
        // a_e = ±1, so 1/a_e = a_e: x_e = a_e·c − Σ a_e·a_j·x_j.
        let constant = &a_e * &c;
        let terms: Vec<(usize, BigInt)> = row
            .terms
            .iter()
            .filter(|(&v, _)| v != e)
            .map(|(&v, a)| (v, -(&a_e * a)))
            .collect();
        let mut holders: Vec<usize> = occurs[e]
            .iter()
            .copied()
            .filter(|&r| r != current && rows[r].live && rows[r].terms.contains_key(&e))
            .collect();
        holders.sort_unstable();
        holders.dedup();
        let fill = holders.len() * terms.len().saturating_sub(1) + terms.len();
        if total_terms + fill > max_terms {
            break;
        }
        total_terms -= rows[current].terms.len();
        rows[current].live = false;
        for &h in &holders {
            let r = &mut rows[h];
            let before = r.terms.len();
            let Some(b) = r.terms.remove(&e) else {
                continue;
            };
            for (v, coef) in &terms {
                let entry = r.terms.entry(*v).or_insert_with(BigInt::zero);
                let new = entry.is_zero();
                *entry += &b * coef;
                if entry.is_zero() {
                    r.terms.remove(v);
                } else if new {
                    occurs[*v].push(h);
                }
            }
            let shift = &b * &constant;
            r.lower = r.lower.take().map(|l| l - &shift);
            r.upper = r.upper.take().map(|u| u - &shift);
            total_terms = total_terms + r.terms.len() - before;
        }
        // The eliminated variable's bounds, as a row over the others (unless implied).
        let (least, greatest) = terms.iter().fold(
            (constant.clone(), constant.clone()),
            |(lo, hi), (v, coef)| {
                let (l, u) = (
                    BigInt::from(variables[*v].lower),
                    BigInt::from(variables[*v].upper),
                );
                if coef.is_positive() {
                    (lo + coef * l, hi + coef * u)
                } else {
                    (lo + coef * u, hi + coef * l)
                }
            },
        );
        let (l_e, u_e) = (
            BigInt::from(variables[e].lower),
            BigInt::from(variables[e].upper),
        );
        if least < l_e || greatest > u_e {
            let index = rows.len();
            for (v, _) in &terms {
                occurs[*v].push(index);
            }
            total_terms += terms.len();
            rows.push(Row {
                name: format!("bounds of {}", variables[e].name),
                terms: terms.iter().cloned().collect(),
                lower: Some(&l_e - &constant),
                upper: Some(&u_e - &constant),
                live: true,
            });
        }
        gone[e] = true;
        definitions.push(Definition {
            var: e,
            constant,
            terms,
        });
    }
    if definitions.is_empty() {
        return None;
    }
    let mut reduced = Problem::new();
    let kept: Vec<Option<usize>> = variables
        .iter()
        .zip(&gone)
        .map(|(v, &g)| (!g).then(|| reduced.add_variable(v.name.clone(), v.lower, v.upper).0))
        .collect();
    let int = |a: &BigInt| BigRational::from_integer(a.clone());
    for r in rows.iter().filter(|r| r.live) {
        let terms = r
            .terms
            .iter()
            .map(|(v, a)| {
                (
                    VarId(kept[*v].expect("eliminated variables were substituted")),
                    int(a),
                )
            })
            .collect();
        reduced.add_constraint(
            r.name.clone(),
            terms,
            r.lower.as_ref().map(int),
            r.upper.as_ref().map(int),
        );
    }
    Some(Reduced {
        problem: reduced,
        kept,
        definitions,
    })
}

impl Reduced {
    /// The original point of a point of the reduced problem (`None` if a value leaves i64).
    pub(crate) fn expand(&self, witness: &[i64]) -> Option<Vec<i64>> {
        let mut full = vec![0i64; self.kept.len()];
        for (v, k) in self.kept.iter().enumerate() {
            if let Some(k) = k {
                full[v] = *witness.get(*k)?;
            }
        }
        for d in self.definitions.iter().rev() {
            let value = d
                .terms
                .iter()
                .fold(d.constant.clone(), |acc, (v, c)| acc + c * full[*v]);
            full[d.var] = value.to_i64()?;
        }
        Some(full)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64) -> BigRational {
        BigRational::from_integer(n.into())
    }

    #[test]
    fn an_equality_defines_a_variable_and_its_bounds_become_a_row() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 10);
        let y = p.add_variable("y", 0, 10);
        let z = p.add_variable("z", 0, 3);
        // y − x = 4 and x + y + z ≥ 15.
        p.add_constraint("tie", vec![(x, r(-1)), (y, r(1))], Some(r(4)), Some(r(4)));
        p.add_constraint(
            "sum",
            vec![(x, r(1)), (y, r(1)), (z, r(1))],
            Some(r(15)),
            None,
        );
        let reduced = eliminate(
            &p,
            &Stop::new(
                &scorecheck_feasibility::Budget::unlimited(),
                scorecheck_clock::Instant::now(),
            ),
        )
        .unwrap();
        assert_eq!(reduced.problem.variables().len(), 2);
        // One of x, y was eliminated; whichever, every reduced point expands to a point of p.
        let kept: Vec<usize> = reduced.kept.iter().flatten().copied().collect();
        assert_eq!(kept, vec![0, 1]);
        for a in 0..=10 {
            for c in 0..=3 {
                let point = [a, c];
                if reduced.problem.check(&point).is_ok() {
                    let full = reduced.expand(&point).unwrap();
                    assert!(p.check(&full).is_ok(), "{full:?}");
                }
            }
        }
        // And every point of p reduces to a point of the reduced problem.
        for a in 0..=10 {
            for b in 0..=10 {
                for c in 0..=3 {
                    if p.check(&[a, b, c]).is_ok() {
                        let e = reduced.definitions[0].var;
                        let point: Vec<i64> = [a, b, c]
                            .iter()
                            .enumerate()
                            .filter(|(v, _)| *v != e)
                            .map(|(_, &x)| x)
                            .collect();
                        assert!(reduced.problem.check(&point).is_ok());
                    }
                }
            }
        }
    }

    #[test]
    fn no_unit_coefficient_means_no_reduction() {
        let mut p = Problem::new();
        let x = p.add_variable("x", 0, 10);
        let y = p.add_variable("y", 0, 10);
        p.add_constraint("tie", vec![(x, r(2)), (y, r(3))], Some(r(12)), Some(r(12)));
        assert!(eliminate(
            &p,
            &Stop::new(
                &scorecheck_feasibility::Budget::unlimited(),
                scorecheck_clock::Instant::now()
            )
        )
        .is_none());
    }
}
