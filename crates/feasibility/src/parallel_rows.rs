//! An exact decision, without branch and bound, of programs whose rows all bound one linear form once tied variables are substituted away.
//!
//! Two-term equality rows `a·u − a·v = g` with `g/a` an integer tie `u = v + g/a`; tied
//! variables are merged into one (a union-find with offsets), whose range is the
//! intersection of its members' shifted bounds. Every other row then becomes, after its
//! constant moves to the range, `Σ c_r·r ∈ [lo, hi]` over the merged variables r. A row on
//! one variable only narrows that variable's range (integer ceil and floor of exact
//! rationals). If every row on two or more variables is a nonzero multiple of one vector c
//! (checked exactly), the rows together say `S = Σ c_r·r ∈ [S_lo, S_hi]`.
//!
//! Variables with equal coefficients are interchangeable: the sum A_j of the integers of group
//! j, each in its range [lo_r, hi_r], takes every integer in [Σ lo_r, Σ hi_r]. So the program
//! is feasible exactly when some integers A_j in those ranges give Σ_j c_j·A_j ∈ [S_lo, S_hi].
//! Scaled to integers, the groups but the widest are enumerated (a group's values are limited
//! to those the other groups can still complete), and the widest group's sum follows from one
//! division. An exhausted enumeration is a proof; a found point is split back over the
//! variables of each group greedily.
//!
//! The micro-averaged multiclass mean of scores has this shape (each fold's tn tied to its
//! tp, every reported mean a multiple of Σ_f t_f/T_f), where a branch and bound can run out
//! of nodes: its rows are thin slabs crossing many integer points' gaps.

use std::collections::HashMap;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use scorecheck_clock::Instant;

use crate::{Budget, Certainty, Feasibility, Problem, Verdict};

/// Enumeration steps [`ParallelRowsFirst`] allows before it hands the program on.
pub const MAX_PARALLEL_STEPS: u64 = 1_000_000;

/// How often (in steps) the deadline is read.
const DEADLINE_EVERY: u64 = 4_096;

/// Decides `problem` exactly when its rows, with tied variables merged, all bound one linear
/// form (see the module documentation): `None` when the problem is not of that shape, a
/// number overflows 128 bits, more than `max_steps` enumeration steps would be needed, or
/// `deadline` passes. Never an undecided verdict: `Some` is a witness or an exact proof.
///
/// The witness is not re-checked here; call it through [`ParallelRowsFirst`] and
/// [`crate::checked`], which check every witness exactly.
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_feasibility::{decide_parallel_rows, Problem, Verdict};
///
/// let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
/// // Two folds of 3 and 4 items; x/3 + y/4 must be exactly 5/6 (x = 1, y = 2).
/// let mut problem = Problem::new();
/// let x = problem.add_variable("x", 0, 3);
/// let y = problem.add_variable("y", 0, 4);
/// problem.add_constraint("mean", vec![(x, r(1, 3)), (y, r(1, 4))], Some(r(5, 6)), Some(r(5, 6)));
/// let verdict = decide_parallel_rows(&problem, 1_000, None).unwrap();
/// assert!(problem.check(verdict.witness().unwrap()).is_ok());
/// // 2x/6 + 2y/8 = 1/7 has no integer point: an exact proof.
/// problem.add_constraint("double", vec![(x, r(2, 6)), (y, r(2, 8))], None, Some(r(1, 7)));
/// assert!(matches!(decide_parallel_rows(&problem, 1_000, None), Some(Verdict::Infeasible { .. })));
/// ```
pub fn decide_parallel_rows(
    problem: &Problem,
    max_steps: u64,
    deadline: Option<Instant>,
) -> Option<Verdict> {
    if problem.unknown_variable().is_some() {
        return None;
    }
    let merged = Merged::of(problem)?;
    let form = match merged.form(problem)? {
        Ok(form) => form,
        Err(reason) => return Some(infeasible(reason)),
    };
    let groups = match Groups::of(&form)? {
        Ok(groups) => groups,
        Err(reason) => return Some(infeasible(reason)),
    };
    let sums = match groups.search(max_steps, deadline)? {
        Ok(sums) => sums,
        Err(reason) => return Some(infeasible(reason)),
    };
    let mut values: Vec<i128> = form.ranges.iter().map(|&(lo, _)| lo).collect();
    for (group, &sum) in groups.members.iter().zip(&sums) {
        let mut left = sum - group.iter().map(|&r| form.ranges[r].0).sum::<i128>();
        for &r in group {
            let (lo, hi) = form.ranges[r];
            let add = left.min(hi - lo);
            values[r] = lo + add;
            left -= add;
        }
    }
    let witness = (0..problem.variables().len())
        .map(|v| i64::try_from(values[merged.root[v]] + merged.offset[v]).ok())
        .collect::<Option<Vec<i64>>>()?;
    Some(Verdict::Feasible { witness })
}

fn infeasible(reason: String) -> Verdict {
    Verdict::Infeasible {
        certainty: Certainty::Exact,
        reason,
    }
}

/// A backend that first tries [`decide_parallel_rows`] and asks `then` only when that does
/// not apply; `then` gets what is left of the time limit.
///
/// ```
/// use num_rational::BigRational;
/// use scorecheck_feasibility::{checked, testing::BruteForce, Budget, ParallelRowsFirst, Problem};
///
/// let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
/// let mut problem = Problem::new();
/// let x = problem.add_variable("x", 0, 3);
/// let y = problem.add_variable("y", 0, 4);
/// problem.add_constraint("mean", vec![(x, r(1, 3)), (y, r(1, 4))], Some(r(5, 6)), Some(r(5, 6)));
/// // A brute force that enumerates nothing: the presolve decides.
/// let nothing = BruteForce::new(0);
/// let backend = ParallelRowsFirst::new(&nothing);
/// assert!(checked(&backend, &problem, &Budget::default()).is_feasible());
/// ```
#[non_exhaustive]
pub struct ParallelRowsFirst<'a> {
    /// The backend asked when the presolve does not apply.
    pub then: &'a dyn Feasibility,
    /// The presolve's enumeration steps.
    pub max_steps: u64,
}

impl<'a> ParallelRowsFirst<'a> {
    /// The presolve with [`MAX_PARALLEL_STEPS`] steps, then `then`.
    pub fn new(then: &'a dyn Feasibility) -> Self {
        ParallelRowsFirst {
            then,
            max_steps: MAX_PARALLEL_STEPS,
        }
    }
}

impl Feasibility for ParallelRowsFirst<'_> {
    fn name(&self) -> std::borrow::Cow<'static, str> {
        self.then.name()
    }

    fn solve(&self, problem: &Problem, budget: &Budget) -> Verdict {
        let started = Instant::now();
        let deadline = budget.time_limit.and_then(|t| started.checked_add(t));
        if let Some(verdict) = decide_parallel_rows(problem, self.max_steps, deadline) {
            return verdict;
        }
        let left = budget
            .time_limit
            .map(|t| t.saturating_sub(started.elapsed()));
        self.then
            .solve(problem, &budget.clone().with_time_limit(left))
    }
}

/// The variables merged by the tie rows: variable v = merged variable `root[v]` + `offset[v]`.
struct Merged {
    root: Vec<usize>,
    offset: Vec<i128>,
    /// Which rows are ties (satisfied by construction once merged).
    tie: Vec<bool>,
}

/// A row's terms with repeated variables added up, zero coefficients dropped, by variable.
fn collect_terms(
    terms: impl IntoIterator<Item = (usize, BigRational)>,
) -> Vec<(usize, BigRational)> {
    let mut sorted: Vec<(usize, BigRational)> = terms.into_iter().collect();
    sorted.sort_by_key(|(v, _)| *v);
    let mut out: Vec<(usize, BigRational)> = Vec::with_capacity(sorted.len());
    for (v, c) in sorted {
        match out.last_mut() {
            Some((w, d)) if *w == v => *d += c,
            _ => out.push((v, c)),
        }
    }
    out.retain(|(_, c)| !c.is_zero());
    out
}

/// `u − v = d` when the row is a tie `a·u − a·v = g` with `d = g/a` an integer.
fn tie(row: &crate::Constraint) -> Option<(usize, usize, i128)> {
    let (Some(lo), Some(hi)) = (&row.lower, &row.upper) else {
        return None;
    };
    if lo != hi {
        return None;
    }
    let terms = collect_terms(row.terms.iter().map(|(v, c)| (v.0, c.clone())));
    let [(u, a), (v, b)] = terms.as_slice() else {
        return None;
    };
    if !(a + b).is_zero() {
        return None;
    }
    let d = lo / a;
    d.is_integer().then_some(())?;
    Some((*u, *v, d.to_integer().to_i128()?))
}

impl Merged {
    /// Merges the variables tied by the rows; `None` on overflow or contradictory ties (left
    /// to the backend).
    fn of(problem: &Problem) -> Option<Merged> {
        let n = problem.variables().len();
        let mut merged = Merged {
            root: (0..n).collect(),
            offset: vec![0; n],
            tie: vec![false; problem.constraints().len()],
        };
        // The variables under each root (the smaller list moves: n log n in all).
        let mut members: Vec<Vec<usize>> = (0..n).map(|v| vec![v]).collect();
        for (i, row) in problem.constraints().iter().enumerate() {
            let Some((u, v, d)) = tie(row) else {
                continue;
            };
            let (ru, ou) = merged.find(u);
            let (rv, ov) = merged.find(v);
            if ru == rv {
                if ou.checked_sub(ov)? != d {
                    return None;
                }
            } else {
                // u = ru + ou = v + d = rv + ov + d, so ru = rv + (ov + d − ou).
                let shift = ov.checked_add(d)?.checked_sub(ou)?;
                let (from, to, shift) = if members[ru].len() <= members[rv].len() {
                    (ru, rv, shift)
                } else {
                    (rv, ru, shift.checked_neg()?)
                };
                for w in std::mem::take(&mut members[from]) {
                    merged.root[w] = to;
                    merged.offset[w] = merged.offset[w].checked_add(shift)?;
                    members[to].push(w);
                }
            }
            merged.tie[i] = true;
        }
        Some(merged)
    }

    /// The root of `v` and v − root.
    fn find(&self, v: usize) -> (usize, i128) {
        (self.root[v], self.offset[v])
    }

    /// The merged variables' ranges and the one linear form every other row bounds, or why
    /// no point exists (`Err`); `None` when the rows bound different forms.
    fn form(&self, problem: &Problem) -> Option<Result<Form, String>> {
        let n = problem.variables().len();
        let mut ranges: Vec<(i128, i128)> = vec![(i128::MIN, i128::MAX); n];
        let mut is_root = vec![false; n];
        for (v, var) in problem.variables().iter().enumerate() {
            let r = self.root[v];
            is_root[r] = true;
            let lo = i128::from(var.lower).checked_sub(self.offset[v])?;
            let hi = i128::from(var.upper).checked_sub(self.offset[v])?;
            ranges[r] = (ranges[r].0.max(lo), ranges[r].1.min(hi));
        }
        let mut direction: Option<Vec<(usize, BigRational)>> = None;
        let (mut s_lo, mut s_hi): (Option<BigRational>, Option<BigRational>) = (None, None);
        for (i, row) in problem.constraints().iter().enumerate() {
            if self.tie[i] || (row.lower.is_none() && row.upper.is_none()) {
                continue;
            }
            let mut constant = BigRational::zero();
            for (v, c) in &row.terms {
                constant += c * BigRational::from_integer(BigInt::from(self.offset[v.0]));
            }
            let lo = row.lower.as_ref().map(|l| l - &constant);
            let hi = row.upper.as_ref().map(|u| u - &constant);
            let terms = collect_terms(row.terms.iter().map(|(v, c)| (self.root[v.0], c.clone())));
            match terms.as_slice() {
                [] => {
                    let zero = BigRational::zero();
                    if lo.as_ref().is_some_and(|l| l > &zero)
                        || hi.as_ref().is_some_and(|h| h < &zero)
                    {
                        return Some(Err(format!(
                            "constraint {} is constant once tied variables are substituted, and its range excludes that constant",
                            row.name
                        )));
                    }
                }
                [(r, c)] => {
                    // c·x ∈ [lo, hi]: x ∈ [lo/c, hi/c], the sides swapped when c < 0.
                    let (a, b) = if c.is_positive() { (lo, hi) } else { (hi, lo) };
                    if let Some(a) = a {
                        let bound = clamp_i128(&(a / c).ceil().to_integer());
                        ranges[*r].0 = ranges[*r].0.max(bound);
                    }
                    if let Some(b) = b {
                        let bound = clamp_i128(&(b / c).floor().to_integer());
                        ranges[*r].1 = ranges[*r].1.min(bound);
                    }
                }
                _ => {
                    let first = direction.get_or_insert_with(|| terms.clone());
                    let ratio = parallel(first, &terms)?;
                    // ratio·S ∈ [lo, hi]: S ∈ [lo/ratio, hi/ratio], swapped when ratio < 0.
                    let (a, b) = (lo.map(|l| l / &ratio), hi.map(|h| h / &ratio));
                    let (a, b) = if ratio.is_positive() { (a, b) } else { (b, a) };
                    if let Some(a) = a {
                        s_lo = Some(s_lo.map_or(a.clone(), |s| s.max(a)));
                    }
                    if let Some(b) = b {
                        s_hi = Some(s_hi.map_or(b.clone(), |s| s.min(b)));
                    }
                }
            }
        }
        if let Some(r) = (0..n).find(|&r| is_root[r] && ranges[r].0 > ranges[r].1) {
            return Some(Err(format!(
                "variable {} (with the variables tied to it) has an empty range once every row on it alone is applied",
                problem.variables()[r].name
            )));
        }
        Some(Ok(Form {
            ranges,
            direction: direction.unwrap_or_default(),
            lower: s_lo,
            upper: s_hi,
        }))
    }
}

/// A BigInt as an i128, saturating (a bound beyond i128 changes nothing: ranges come from i64).
fn clamp_i128(x: &BigInt) -> i128 {
    x.to_i128().unwrap_or(if x.is_negative() {
        i128::MIN
    } else {
        i128::MAX
    })
}

/// λ with `terms = λ·first`, if the two are parallel.
fn parallel(first: &[(usize, BigRational)], terms: &[(usize, BigRational)]) -> Option<BigRational> {
    if first.len() != terms.len() {
        return None;
    }
    let ratio = &terms[0].1 / &first[0].1;
    first
        .iter()
        .zip(terms)
        .all(|((r, c), (s, d))| r == s && &(c * &ratio) == d)
        .then_some(ratio)
}

/// The merged variables' ranges (by root) and the form `S = Σ c_r·r ∈ [lower, upper]`.
struct Form {
    ranges: Vec<(i128, i128)>,
    direction: Vec<(usize, BigRational)>,
    lower: Option<BigRational>,
    upper: Option<BigRational>,
}

/// The form scaled to integers, its variables grouped by coefficient: Σ_j scale_j·A_j must lie
/// in [lower, upper] with A_j ∈ [sum_lo_j, sum_hi_j].
#[derive(Debug)]
struct Groups {
    members: Vec<Vec<usize>>,
    scale: Vec<i128>,
    sum_lo: Vec<i128>,
    sum_hi: Vec<i128>,
    lower: i128,
    upper: i128,
}

impl Groups {
    /// Groups the variables of `form` (`None` on overflow; `Err` when the form's range misses
    /// every value the ranges reach).
    fn of(form: &Form) -> Option<Result<Groups, String>> {
        let mut coefficients: Vec<BigRational> = Vec::new();
        let mut members: Vec<Vec<usize>> = Vec::new();
        let mut index: HashMap<&BigRational, usize> = HashMap::new();
        for (r, c) in &form.direction {
            let j = *index.entry(c).or_insert_with(|| {
                coefficients.push(c.clone());
                members.push(Vec::new());
                members.len() - 1
            });
            members[j].push(*r);
        }
        // Integer scales: times the lcm of the denominators, over the gcd of the numerators.
        let lcm = coefficients
            .iter()
            .fold(BigInt::one(), |l, c| l.lcm(c.denom()));
        let scaled: Vec<BigInt> = coefficients
            .iter()
            .map(|c| (c * BigRational::from_integer(lcm.clone())).to_integer())
            .collect();
        let gcd = scaled.iter().fold(BigInt::zero(), |g, s| g.gcd(s));
        let factor = if gcd.is_zero() {
            BigRational::one()
        } else {
            BigRational::new(lcm, gcd.clone())
        };
        let scale = scaled
            .iter()
            .map(|s| (s / &gcd).to_i128())
            .collect::<Option<Vec<i128>>>()
            .unwrap_or_default();
        if scale.len() != scaled.len() {
            return None;
        }
        let sum = |pick: fn(&(i128, i128)) -> i128, group: &[usize]| {
            group
                .iter()
                .try_fold(0i128, |acc, &r| acc.checked_add(pick(&form.ranges[r])))
        };
        let sum_lo = members
            .iter()
            .map(|g| sum(|r| r.0, g))
            .collect::<Option<Vec<_>>>()?;
        let sum_hi = members
            .iter()
            .map(|g| sum(|r| r.1, g))
            .collect::<Option<Vec<_>>>()?;
        // What Σ scale_j·A_j can reach, and the form's range within it.
        let (mut least, mut most) = (0i128, 0i128);
        for j in 0..scale.len() {
            let (a, b) = (
                scale[j].checked_mul(sum_lo[j])?,
                scale[j].checked_mul(sum_hi[j])?,
            );
            least = least.checked_add(a.min(b))?;
            most = most.checked_add(a.max(b))?;
        }
        let lower = form.lower.as_ref().map_or(least, |l| {
            clamp_i128(&(l * &factor).ceil().to_integer()).max(least)
        });
        let upper = form.upper.as_ref().map_or(most, |u| {
            clamp_i128(&(u * &factor).floor().to_integer()).min(most)
        });
        if lower > upper {
            return Some(Err(
                "every row on several variables bounds the same weighted sum, and no integer values within the variables' ranges bring it into the rows' common range".to_string(),
            ));
        }
        let mut groups = Groups {
            members,
            scale,
            sum_lo,
            sum_hi,
            lower,
            upper,
        };
        // The widest group last: its sum is solved for, never enumerated.
        if let Some(widest) =
            (0..groups.scale.len()).max_by_key(|&j| groups.sum_hi[j] - groups.sum_lo[j])
        {
            let last = groups.scale.len() - 1;
            groups.members.swap(widest, last);
            groups.scale.swap(widest, last);
            groups.sum_lo.swap(widest, last);
            groups.sum_hi.swap(widest, last);
        }
        Some(Ok(groups))
    }

    /// The group sums A_j with Σ scale_j·A_j in [lower, upper]: `Err` when the enumeration is
    /// exhausted (a proof), `None` when it ran out of steps or time.
    fn search(
        &self,
        max_steps: u64,
        deadline: Option<Instant>,
    ) -> Option<Result<Vec<i128>, String>> {
        let m = self.scale.len();
        if m == 0 {
            return Some(Ok(Vec::new()));
        }
        // What groups j.. can still add: [rest_lo[j], rest_hi[j]].
        let mut rest_lo = vec![0i128; m + 1];
        let mut rest_hi = vec![0i128; m + 1];
        for j in (0..m).rev() {
            let a = self.scale[j].checked_mul(self.sum_lo[j])?;
            let b = self.scale[j].checked_mul(self.sum_hi[j])?;
            rest_lo[j] = rest_lo[j + 1].checked_add(a.min(b))?;
            rest_hi[j] = rest_hi[j + 1].checked_add(a.max(b))?;
        }
        // The values of A_j after `partial` from the groups before it that the groups after
        // it can still complete.
        let range = |j: usize, partial: i128| -> Option<(i128, i128)> {
            let a = self
                .lower
                .checked_sub(partial)?
                .checked_sub(rest_hi[j + 1])?;
            let b = self
                .upper
                .checked_sub(partial)?
                .checked_sub(rest_lo[j + 1])?;
            let s = self.scale[j];
            let (lo, hi) = if s > 0 {
                (ceil_div(a, s)?, floor_div(b, s)?)
            } else {
                (ceil_div(b, s)?, floor_div(a, s)?)
            };
            Some((lo.max(self.sum_lo[j]), hi.min(self.sum_hi[j])))
        };
        let mut value = vec![0i128; m];
        let mut top = vec![0i128; m];
        let mut partial = vec![0i128; m + 1];
        let mut steps = 0u64;
        let mut level = 0;
        loop {
            // One step per group sum tried or range computed.
            steps += 1;
            if steps > max_steps
                || (steps % DEADLINE_EVERY == 0 && deadline.is_some_and(|d| Instant::now() >= d))
            {
                return None;
            }
            let (lo, hi) = range(level, partial[level])?;
            if lo <= hi {
                value[level] = lo;
                top[level] = hi;
                if level + 1 == m {
                    return Some(Ok(value));
                }
                partial[level + 1] =
                    partial[level].checked_add(self.scale[level].checked_mul(lo)?)?;
                level += 1;
                continue;
            }
            // Back up to the deepest group with a value left, and try its next value.
            loop {
                if level == 0 {
                    return Some(Err(format!(
                        "every row on several variables bounds the same weighted sum; every combination of the sums of its {m} groups of interchangeable variables was enumerated ({steps} steps) and none brings it into the rows' common range"
                    )));
                }
                level -= 1;
                if value[level] < top[level] {
                    break;
                }
            }
            value[level] += 1;
            partial[level + 1] =
                partial[level].checked_add(self.scale[level].checked_mul(value[level])?)?;
            level += 1;
        }
    }
}

/// ⌊a / d⌋ (`None` for d = 0 or on overflow).
fn floor_div(a: i128, d: i128) -> Option<i128> {
    let q = a.checked_div(d)?;
    Some(if a % d != 0 && ((a < 0) != (d < 0)) {
        q - 1
    } else {
        q
    })
}

/// ⌈a / d⌉ (`None` for d = 0 or on overflow).
fn ceil_div(a: i128, d: i128) -> Option<i128> {
    let q = a.checked_div(d)?;
    Some(if a % d != 0 && ((a < 0) == (d < 0)) {
        q + 1
    } else {
        q
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Brute force over the traces: every t in the box of the even variables, each odd one
    /// set by its tie, checked exactly.
    fn traces(problem: &Problem) -> Verdict {
        let vars = problem.variables();
        let folds = vars.len() / 2;
        let gaps: Vec<i64> = problem.constraints()[..folds]
            .iter()
            .map(|row| row.lower.as_ref().unwrap().to_integer().try_into().unwrap())
            .collect();
        let mut t: Vec<i64> = vec![0; folds];
        loop {
            let point: Vec<i64> = t
                .iter()
                .zip(&gaps)
                .flat_map(|(&t, &g)| [t, t + g])
                .collect();
            if problem.check(&point).is_ok() {
                return Verdict::Feasible { witness: point };
            }
            let Some(f) = (0..folds).find(|&f| t[f] < vars[2 * f].upper) else {
                return Verdict::Infeasible {
                    certainty: Certainty::Exact,
                    reason: String::new(),
                };
            };
            t[f] += 1;
            t[..f].iter_mut().for_each(|x| *x = 0);
        }
    }

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    /// The micro-averaged mean of scores shape: per fold f a trace t_f ∈ [0, size_f] and
    /// u_f = t_f + gap_f tied by a row; `rows` are (weight, lower, upper) on
    /// Σ_f weight·(t_f + u_f)/size_f.
    fn folds(
        sizes: &[i64],
        gaps: &[i64],
        rows: &[(BigRational, BigRational, BigRational)],
    ) -> Problem {
        let mut problem = Problem::new();
        for (f, (&size, &gap)) in sizes.iter().zip(gaps).enumerate() {
            let t = problem.add_variable(format!("t{f}"), 0, size);
            let u = problem.add_variable(format!("u{f}"), 0, size + gap);
            assert_eq!((t.0, u.0), (2 * f, 2 * f + 1));
        }
        for (f, &gap) in gaps.iter().enumerate() {
            problem.add_constraint(
                format!("tie {f}"),
                vec![
                    (VarIdOf(2 * f + 1).into(), q(1, 1)),
                    (VarIdOf(2 * f).into(), q(-1, 1)),
                ],
                Some(q(gap, 1)),
                Some(q(gap, 1)),
            );
        }
        for (i, (weight, lower, upper)) in rows.iter().enumerate() {
            let terms = sizes
                .iter()
                .enumerate()
                .flat_map(|(f, &size)| {
                    let c = weight / q(size, 1);
                    [
                        (VarIdOf(2 * f).into(), c.clone()),
                        (VarIdOf(2 * f + 1).into(), c),
                    ]
                })
                .collect();
            problem.add_constraint(
                format!("row {i}"),
                terms,
                Some(lower.clone()),
                Some(upper.clone()),
            );
        }
        problem
    }

    struct VarIdOf(usize);

    impl From<VarIdOf> for crate::VarId {
        fn from(v: VarIdOf) -> Self {
            crate::VarId(v.0)
        }
    }

    #[test]
    fn groups_follow_equal_coefficients_and_the_widest_is_solved_for() {
        // Sizes 2, 3, 2, 3: two groups (1/2 and 1/3), two rows that are multiples of each other.
        let problem = folds(
            &[2, 3, 2, 3],
            &[1, 1, 1, 1],
            &[
                (q(1, 1), q(0, 1), q(100, 1)),
                (q(-2, 1), q(-100, 1), q(0, 1)),
            ],
        );
        let merged = Merged::of(&problem).unwrap();
        // Each fold's two variables merged, one unit apart.
        for f in 0..4 {
            assert_eq!(merged.root[2 * f], merged.root[2 * f + 1]);
            assert_eq!(merged.offset[2 * f + 1] - merged.offset[2 * f], 1);
        }
        let roots: Vec<usize> = (0..4).map(|f| merged.root[2 * f]).collect();
        let form = merged.form(&problem).unwrap().unwrap();
        // The trace t ∈ [0, size], so its root's range is [0, size] shifted by t's offset.
        for (f, size) in [2, 3, 2, 3].into_iter().enumerate() {
            let shift = merged.offset[2 * f];
            assert_eq!(form.ranges[roots[f]], (-shift, size - shift));
        }
        let groups = Groups::of(&form).unwrap().unwrap();
        // Coefficients 2/2 and 2/3 scale to 3 and 2; the 1/3 group (sums over 7 values) is
        // the widest and comes last.
        assert_eq!(
            groups.members,
            vec![vec![roots[0], roots[2]], vec![roots[1], roots[3]]]
        );
        assert_eq!(groups.scale, vec![3, 2]);
        assert_eq!(groups.sum_hi[0] - groups.sum_lo[0], 4);
        assert_eq!(groups.sum_hi[1] - groups.sum_lo[1], 6);
    }

    #[test]
    fn an_exhausted_enumeration_is_a_proof_and_a_found_point_is_a_witness() {
        // 3·A + 5·B + 7·C = 1 with A, B, C ≥ 0: never; = 15 (A = 5, or B = 3, or ...): found.
        let mut problem = Problem::new();
        let a = problem.add_variable("a", 0, 5);
        let b = problem.add_variable("b", 0, 3);
        let c = problem.add_variable("c", 0, 2);
        let terms = vec![(a, q(3, 10)), (b, q(5, 10)), (c, q(7, 10))];
        let mut never = problem.clone();
        never.add_constraint("sum", terms.clone(), Some(q(1, 10)), Some(q(1, 10)));
        assert!(matches!(
            decide_parallel_rows(&never, 1_000, None),
            Some(Verdict::Infeasible {
                certainty: Certainty::Exact,
                ..
            })
        ));
        // 3·A + 5·B + 7·C = 29 needs C = 2, B = 3 and A = 0 or ..., a lattice point.
        problem.add_constraint("sum", terms, Some(q(29, 10)), Some(q(29, 10)));
        let found = decide_parallel_rows(&problem, 1_000, None).unwrap();
        assert!(problem.check(found.witness().unwrap()).is_ok(), "{found:?}");
        // Too few steps: handed on, never a guess.
        assert_eq!(decide_parallel_rows(&never.clone(), 1, None), None);
    }

    #[test]
    fn rows_on_different_forms_are_left_to_the_backend() {
        let mut problem = Problem::new();
        let a = problem.add_variable("a", 0, 5);
        let b = problem.add_variable("b", 0, 5);
        problem.add_constraint("sum", vec![(a, q(1, 1)), (b, q(1, 1))], Some(q(3, 1)), None);
        problem.add_constraint(
            "diff",
            vec![(a, q(1, 1)), (b, q(-1, 1))],
            Some(q(1, 1)),
            None,
        );
        assert_eq!(decide_parallel_rows(&problem, 1_000, None), None);
        // A row on one variable only narrows its range: still decided.
        let mut single = Problem::new();
        let a = single.add_variable("a", 0, 5);
        let b = single.add_variable("b", 0, 5);
        single.add_constraint("sum", vec![(a, q(1, 1)), (b, q(1, 1))], Some(q(9, 1)), None);
        single.add_constraint("a small", vec![(a, q(2, 1))], None, Some(q(7, 1)));
        assert!(matches!(
            decide_parallel_rows(&single, 1_000, None),
            Some(Verdict::Infeasible { .. })
        ));
    }

    /// A random problem of the micro shape, with an optional row on one fold.
    fn shaped() -> impl Strategy<Value = Problem> {
        (
            prop::collection::vec((1i64..6, 0i64..4), 2..5),
            prop::collection::vec(
                (
                    prop_oneof![Just(1i64), Just(-2), Just(3)],
                    0i64..40,
                    0i64..6,
                ),
                1..3,
            ),
            prop::option::of((0usize..4, 0i64..4, 0i64..3)),
        )
            .prop_map(|(folds_, rows, single)| {
                let sizes: Vec<i64> = folds_.iter().map(|f| f.0).collect();
                let gaps: Vec<i64> = folds_.iter().map(|f| f.1).collect();
                let n = sizes.len() as i64;
                // Windows of width/20 around centre/10 on the mean of (t + u)/size, scaled.
                let rows: Vec<_> = rows
                    .iter()
                    .map(|&(weight, centre, width)| {
                        let w = q(weight, n);
                        let (a, b) = (&w * q(centre, 10), &w * q(centre * 2 + width, 20));
                        if weight > 0 {
                            (w, a, b)
                        } else {
                            (w, b, a)
                        }
                    })
                    .collect();
                let mut problem = folds(&sizes, &gaps, &rows);
                if let Some((f, lo, width)) = single {
                    let f = f % sizes.len();
                    problem.add_constraint(
                        "one fold",
                        vec![(crate::VarId(2 * f), q(1, 2))],
                        Some(q(lo, 2)),
                        Some(q(lo + width, 2)),
                    );
                }
                problem
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// On small programs of the micro shape the decision always applies and agrees with
        /// brute force; its witnesses pass the exact check.
        #[test]
        fn agrees_with_brute_force(problem in shaped()) {
            let decided = decide_parallel_rows(&problem, 1_000_000, None);
            let truth = traces(&problem);
            match decided {
                Some(Verdict::Feasible { witness }) => {
                    prop_assert!(problem.check(&witness).is_ok());
                    prop_assert!(truth.is_feasible());
                }
                Some(Verdict::Infeasible { certainty, .. }) => {
                    prop_assert_eq!(certainty, Certainty::Exact);
                    prop_assert!(truth.is_infeasible(), "{:?}", truth);
                }
                other => prop_assert!(false, "not decided: {:?}", other),
            }
        }
    }
}
