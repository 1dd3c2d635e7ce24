//! numpy's pairwise summation, for estimates that must round as NannyML's `np.mean` does.
//!
//! Where an estimate is compared with a threshold computed the same way, the last bit
//! decides an alert: `x * (1 / x)` is not 1 for every `x`, and a sum added in row order can
//! land one ulp from numpy's. This is numpy's `pairwise_sum` for contiguous float64 data
//! (blocks of 128 summed in eight interleaved partial sums, halves of larger runs summed
//! apart), written over an index so that no array of the terms is built.

/// numpy's `np.sum` of the `n` terms `term(0)`, ..., `term(n - 1)`.
pub(crate) fn numpy_sum(n: usize, term: &impl Fn(usize) -> f64) -> f64 {
    pairwise(term, 0, n)
}

fn pairwise(term: &impl Fn(usize) -> f64, start: usize, n: usize) -> f64 {
    if n < 8 {
        let mut sum = 0.0;
        for i in 0..n {
            sum += term(start + i);
        }
        sum
    } else if n <= 128 {
        let mut partial = [0.0; 8];
        for (j, p) in partial.iter_mut().enumerate() {
            *p = term(start + j);
        }
        let whole = n - n % 8;
        let mut i = 8;
        while i < whole {
            for (j, p) in partial.iter_mut().enumerate() {
                *p += term(start + i + j);
            }
            i += 8;
        }
        let mut sum = ((partial[0] + partial[1]) + (partial[2] + partial[3]))
            + ((partial[4] + partial[5]) + (partial[6] + partial[7]));
        for k in i..n {
            sum += term(start + k);
        }
        sum
    } else {
        let half = n / 2;
        let half = half - half % 8;
        pairwise(term, start, half) + pairwise(term, start + half, n - half)
    }
}

#[cfg(test)]
mod tests {
    use super::numpy_sum;

    #[test]
    fn small_runs_add_in_order_and_blocks_in_eight_partial_sums() {
        let terms = [1e16, 1.0, -1e16, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0];
        // Fewer than 8: in order (1e16 + 1 is 1e16). Nine: eight partial sums, combined
        // in pairs, then the ninth term. Both as numpy 2 prints them.
        assert_eq!(numpy_sum(3, &|i| terms[i]), 0.0);
        assert_eq!(numpy_sum(9, &|i| terms[i]), 5.0);
    }

    #[test]
    fn long_runs_as_numpy_sums_them() {
        // np.sum(np.array([((i*7919) % 1000) / 7.0 * 10.0**((i % 5) - 2) for i in
        // range(n)])) with numpy 2.x; adding in order gives 1582874.9999999988,
        // 4748624.999999997 and 15839629.607142923.
        let term = |i: usize| ((i * 7919) % 1000) as f64 / 7.0 * 10f64.powi((i % 5) as i32 - 2);
        assert_eq!(numpy_sum(1000, &term), 1582875.0);
        assert_eq!(numpy_sum(3001, &term), 4748625.0);
        assert_eq!(numpy_sum(10007, &term), 15839629.607142856);
    }
}
