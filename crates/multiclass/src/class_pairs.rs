//! The exact macro model with 2K unknowns per fold instead of K²: per-class (tp, tn) tied
//! by the conditions under which some K×K matrix has them.
//!
//! Every macro score of a fold is a function of the per-class binary matrices, that is of
//! tp_c = M_cc and fp_c = Σ_{r≠c} M_rc. Given those, a K×K matrix with row sums n_c exists
//! iff the off-diagonal part does: a transportation problem with supplies r_c = n_c − tp_c
//! (the class's misses), demands fp_c and the diagonal forbidden. By max-flow/min-cut its
//! only binding cuts are the empty one and the single rows (two rows together reach every
//! column), so it is feasible iff Σ r = Σ fp (=: S) and r_c + fp_c ≤ S for every class.
//! In the one-vs-rest unknowns (tp_c, tn_c), with fp_c = N − n_c − tn_c and N the fold's
//! size, these are linear:
//!
//! - Σ_c tn_c − Σ_c tp_c = (K − 2)·N (every miss is some other class's false positive);
//! - tp_c + tn_c ≥ Σ_j tp_j for every class c (no class's errors exceed all errors).
//!
//! So the exact model is the reference's one-vs-rest model plus these K + 1 rows per fold,
//! and a witness K×K matrix is rebuilt from the per-class counts (a greedy fill, a max-flow
//! where it gets stuck), checked against its sums before it is shown. The tests below check
//! the cut condition against brute force; `crates/check/tests/multiclass.rs` compares the
//! verdicts with brute force over every K×K matrix.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use scorecheck_feasibility::{Problem, VarId};

/// Adds the rows that make the one-vs-rest program of `folds` (one dataset per fold, one
/// binary fold per class, variables tp then tn in that order, as `scorecheck_experiment::build` makes them)
/// exactly the K×K model.
pub(crate) fn add_matrix_rows(problem: &mut Problem, folds: &[Vec<u64>]) {
    let mut first = 0usize;
    for (f, counts) in folds.iter().enumerate() {
        let k = counts.len();
        let total: u64 = counts.iter().sum();
        let tp = |c: usize| VarId(2 * (first + c));
        let tn = |c: usize| VarId(2 * (first + c) + 1);
        let one = BigRational::one();
        let mut terms = Vec::with_capacity(2 * k);
        for c in 0..k {
            terms.push((tn(c), one.clone()));
            terms.push((tp(c), -one.clone()));
        }
        let gap = BigRational::from_integer(BigInt::from(k as u64 - 2) * BigInt::from(total));
        problem.add_constraint(
            format!("fold {f}: every miss is another class's false positive"),
            terms,
            Some(gap.clone()),
            Some(gap),
        );
        // S = Σ_j tp_j as one unknown, so that each class's row has three terms and the
        // rows of a fold stay linear in K (K = 1,000 classes would otherwise give 10^6 terms).
        let sum = problem.add_variable(
            format!("trace of fold {f}"),
            0,
            i64::try_from(total).unwrap_or(i64::MAX),
        );
        let mut terms: Vec<(VarId, BigRational)> = (0..k).map(|c| (tp(c), one.clone())).collect();
        terms.push((sum, -one.clone()));
        problem.add_constraint(
            format!("fold {f}: its trace"),
            terms,
            Some(BigRational::zero()),
            Some(BigRational::zero()),
        );
        for c in 0..k {
            problem.add_constraint(
                format!("fold {f}: class {c}'s errors fit in the others'"),
                vec![
                    (tp(c), one.clone()),
                    (tn(c), one.clone()),
                    (sum, -one.clone()),
                ],
                Some(BigRational::zero()),
                None,
            );
        }
        first += k;
    }
}

/// A K×K matrix with row sums `counts`, diagonal `tp` and column sums `tp + fp`, if one
/// exists (see [`off_diagonal`]). Every returned matrix is checked against its sums.
pub(crate) fn matrix(counts: &[u64], tp: &[u64], fp: &[u64]) -> Option<Vec<Vec<u64>>> {
    let k = counts.len();
    if tp.len() != k || fp.len() != k || tp.iter().zip(counts).any(|(t, n)| t > n) {
        return None;
    }
    let supply: Vec<u64> = counts.iter().zip(tp).map(|(n, t)| n - t).collect();
    let off = off_diagonal(&supply, fp)?;
    let mut m = off;
    for c in 0..k {
        m[c][c] = tp[c];
    }
    let rows_ok = (0..k).all(|i| m[i].iter().sum::<u64>() == counts[i]);
    let cols_ok = (0..k).all(|j| (0..k).map(|i| m[i][j]).sum::<u64>() == tp[j] + fp[j]);
    (rows_ok && cols_ok).then_some(m)
}

/// A non-negative K×K matrix with zero diagonal, row sums `supply` and column sums
/// `demand`: a greedy fill, and a max-flow where the greedy fill gets stuck.
fn off_diagonal(supply: &[u64], demand: &[u64]) -> Option<Vec<Vec<u64>>> {
    let k = supply.len();
    if supply.iter().sum::<u64>() != demand.iter().sum::<u64>() {
        return None;
    }
    let mut m = vec![vec![0u64; k]; k];
    let mut left = supply.to_vec();
    let mut need = demand.to_vec();
    // Each row to the columns with the most room left.
    for i in 0..k {
        let mut order: Vec<usize> = (0..k).filter(|&j| j != i).collect();
        order.sort_by_key(|&j| std::cmp::Reverse(need[j]));
        for j in order {
            let x = left[i].min(need[j]);
            m[i][j] += x;
            left[i] -= x;
            need[j] -= x;
        }
    }
    // Where the fill is stuck (a row's items left with room only in its own column), an
    // exchange moves them: x from a cell (r, j) off row and column i to (i, j), and x to
    // (r, i); every row and column sum stays. (A max-flow over 2K nodes took seconds at
    // K = 1,000, where the exchanges take one pass.)
    for i in 0..k {
        while left[i] > 0 {
            if let Some(j) = (0..k).find(|&j| j != i && need[j] > 0) {
                let x = left[i].min(need[j]);
                m[i][j] += x;
                left[i] -= x;
                need[j] -= x;
                continue;
            }
            let cell = (0..k)
                .filter(|&r| r != i)
                .find_map(|r| (0..k).find(|&j| j != i && m[r][j] > 0).map(|j| (r, j)));
            let Some((r, j)) = cell.filter(|_| need[i] > 0) else {
                // No exchange: a max-flow finds a matrix whenever one exists.
                return max_flow(supply, demand);
            };
            let x = left[i].min(need[i]).min(m[r][j]);
            m[r][j] -= x;
            m[i][j] += x;
            m[r][i] += x;
            left[i] -= x;
            need[i] -= x;
        }
    }
    Some(m)
}

/// The exact construction when the greedy fill leaves supply: a max-flow by
/// Edmonds–Karp on the bipartite graph without its diagonal.
fn max_flow(supply: &[u64], demand: &[u64]) -> Option<Vec<Vec<u64>>> {
    let k = supply.len();
    // Nodes: 0 source, 1..=k rows, k+1..=2k columns, 2k+1 sink.
    let nodes = 2 * k + 2;
    let (source, sink) = (0usize, 2 * k + 1);
    let mut cap = vec![vec![0u128; nodes]; nodes];
    let total: u128 = supply.iter().map(|&s| u128::from(s)).sum();
    for i in 0..k {
        cap[source][1 + i] = u128::from(supply[i]);
        cap[1 + k + i][sink] = u128::from(demand[i]);
        for j in 0..k {
            if i != j {
                cap[1 + i][1 + k + j] = total;
            }
        }
    }
    let mut flow: u128 = 0;
    loop {
        let mut parent = vec![usize::MAX; nodes];
        parent[source] = source;
        let mut queue = std::collections::VecDeque::from([source]);
        while let Some(u) = queue.pop_front() {
            for v in 0..nodes {
                if parent[v] == usize::MAX && cap[u][v] > 0 {
                    parent[v] = u;
                    queue.push_back(v);
                }
            }
        }
        if parent[sink] == usize::MAX {
            break;
        }
        let mut bottleneck = u128::MAX;
        let mut v = sink;
        while v != source {
            let u = parent[v];
            bottleneck = bottleneck.min(cap[u][v]);
            v = u;
        }
        let mut v = sink;
        while v != source {
            let u = parent[v];
            cap[u][v] -= bottleneck;
            cap[v][u] += bottleneck;
            v = u;
        }
        flow += bottleneck;
    }
    if flow != total {
        return None;
    }
    let mut m = vec![vec![0u64; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i != j {
                // The flow on row i → column j is the reverse capacity.
                m[i][j] = u64::try_from(cap[1 + k + j][1 + i]).ok()?;
            }
        }
    }
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a zero-diagonal matrix with these sums exists, by brute force.
    fn exists(supply: &[u64], demand: &[u64]) -> bool {
        let k = supply.len();
        let cells: Vec<(usize, usize)> = (0..k)
            .flat_map(|i| (0..k).map(move |j| (i, j)))
            .filter(|(i, j)| i != j)
            .collect();
        fn go(
            cells: &[(usize, usize)],
            at: usize,
            left: &mut Vec<u64>,
            need: &mut Vec<u64>,
        ) -> bool {
            if at == cells.len() {
                return left.iter().all(|&x| x == 0) && need.iter().all(|&x| x == 0);
            }
            let (i, j) = cells[at];
            let most = left[i].min(need[j]);
            for x in 0..=most {
                left[i] -= x;
                need[j] -= x;
                let ok = go(cells, at + 1, left, need);
                left[i] += x;
                need[j] += x;
                if ok {
                    return true;
                }
            }
            false
        }
        go(&cells, 0, &mut supply.to_vec(), &mut demand.to_vec())
    }

    #[test]
    fn the_cut_condition_is_exact_and_the_construction_finds_every_matrix() {
        for k in 2..=4usize {
            let vectors: Vec<Vec<u64>> = (0..4u64.pow(k as u32))
                .map(|code| (0..k).map(|i| (code / 4u64.pow(i as u32)) % 4).collect())
                .collect();
            for supply in &vectors {
                for demand in &vectors {
                    let s: u64 = supply.iter().sum();
                    if s != demand.iter().sum::<u64>() {
                        continue;
                    }
                    let condition = (0..k).all(|i| supply[i] + demand[i] <= s);
                    assert_eq!(exists(supply, demand), condition, "{supply:?} {demand:?}");
                    let built = off_diagonal(supply, demand);
                    assert_eq!(built.is_some(), condition, "{supply:?} {demand:?}");
                    if let Some(m) = built {
                        for i in 0..k {
                            assert_eq!(m[i][i], 0);
                            assert_eq!(m[i].iter().sum::<u64>(), supply[i]);
                            assert_eq!((0..k).map(|r| m[r][i]).sum::<u64>(), demand[i]);
                        }
                    }
                }
            }
        }
    }
}
