//! Gaussian binomial coefficients on demand, with a small cache: rank and unrank of bounded partitions at any size.
//!
//! `T(l, h, t)` is the number of multisets of `l` values from `[0, h]` with sum `t`, the
//! coefficient of `q^t` in the Gaussian binomial `[l + h choose l]_q`.
//! Ranking a non-decreasing vector needs two such counts per position and unranking a binary
//! search over the position's value, so random access costs `O(k log h)` coefficients, each a
//! truncated product of `min(l, h)` factors: polynomial in the sizes, with memory linear in
//! the sum (no table over every `(l, h, t)`).

use std::collections::HashMap;
use std::fmt;
use std::ops::{AddAssign, SubAssign};
use std::sync::{Arc, Mutex};

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};

use crate::error::{Error, ErrorKind};
use crate::partitions::{MAX_CELLS, MAX_WORK};
use crate::repeats::binomial;
use crate::Stop;

/// Coefficients kept in the cache, summed over its entries; past this the cache starts over.
/// Each coefficient takes 16 bytes (or a few words when it outgrows `i128`), so the cache
/// stays in the tens of megabytes.
const CACHE_CELLS: usize = 1 << 20;

/// The coefficients `0..len` of one Gaussian binomial, in machine integers when they fit.
#[derive(Debug)]
pub(crate) enum Coefficients {
    /// Every coefficient (and every intermediate of the product formula) fits in an `i128`.
    Small(Vec<i128>),
    /// The general case.
    Big(Vec<BigInt>),
}

impl Coefficients {
    /// The coefficients `0..len` of `[small + large choose small]_q` by the product formula
    /// `prod_{i=1..small} (1 - q^(large + i)) / (1 - q^i)`, truncated: `O(small * len)` additions.
    ///
    /// # Errors
    ///
    /// `TooLarge` when the additions would pass [`MAX_WORK`]: a count (or a rank) that would
    /// take more than a few seconds is refused rather than computed without a bound.
    ///
    /// `Stopped` when `stop` holds between two factors of the product (each `O(len)`
    /// additions).
    pub(crate) fn gaussian(
        small: u64,
        large: u64,
        len: usize,
        stop: &dyn Fn() -> bool,
    ) -> Result<Self, Error> {
        let steps = (small as u128).min(len as u128) * len as u128;
        if steps > MAX_WORK {
            return Err(Error::new(ErrorKind::TooLarge {
                what:
                    "counting the fold configurations (folds times the positives a fold may hold)",
            }));
        }
        // Every coefficient of every partial product is at most C(small + large, small), and
        // multiplying by (1 - q^a) at most doubles magnitudes before the division brings them
        // back, so this bound decides whether `i128` is exact.
        let bound = binomial(&(BigUint::from(small) + large), small);
        Ok(if bound.bits() < 126 {
            Coefficients::Small(gaussian_prefix(small, large, len, stop)?)
        } else {
            Coefficients::Big(gaussian_prefix(small, large, len, stop)?)
        })
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            Coefficients::Small(v) => v.len(),
            Coefficients::Big(v) => v.len(),
        }
    }

    /// Coefficient `t`, zero beyond the stored ones.
    pub(crate) fn get(&self, t: usize) -> BigUint {
        match self {
            Coefficients::Small(v) => v
                .get(t)
                .and_then(|&c| u128::try_from(c).ok())
                .map(BigUint::from)
                .unwrap_or_default(),
            Coefficients::Big(v) => v.get(t).and_then(BigInt::to_biguint).unwrap_or_default(),
        }
    }

    /// All coefficients as `BigUint`.
    pub(crate) fn into_biguints(self) -> Vec<BigUint> {
        match self {
            Coefficients::Small(v) => v
                .into_iter()
                .map(|c| u128::try_from(c).map(BigUint::from).unwrap_or_default())
                .collect(),
            Coefficients::Big(v) => v
                .into_iter()
                .map(|c| c.to_biguint().unwrap_or_default())
                .collect(),
        }
    }
}

/// The truncated product formula in any ring of integers that holds the coefficients exactly.
fn gaussian_prefix<T>(
    small: u64,
    large: u64,
    len: usize,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<T>, Error>
where
    T: Clone + Zero + One + for<'a> AddAssign<&'a T> + for<'a> SubAssign<&'a T>,
{
    let mut poly = vec![T::zero(); len];
    let Some(first) = poly.first_mut() else {
        return Ok(poly);
    };
    *first = T::one();
    // Factors with i beyond the largest stored power change nothing in the truncation.
    for i in 1..=small.min(len as u64 - 1) {
        if stop() {
            return Err(Error::new(ErrorKind::Stopped));
        }
        // Multiply by (1 - q^(large + i)), then divide by (1 - q^i); after both steps the
        // polynomial is again a Gaussian binomial, so it is non-negative.
        if let Some(a) = large.checked_add(i).and_then(|a| usize::try_from(a).ok()) {
            for t in (a..len).rev() {
                let (before, from_t) = poly.split_at_mut(t);
                from_t[0] -= &before[t - a];
            }
        }
        let i = i as usize;
        for t in i..len {
            let (before, from_t) = poly.split_at_mut(t);
            from_t[0] += &before[t - i];
        }
    }
    Ok(poly)
}

/// `T(l, h, t)` on demand, remembering recent Gaussian binomials.
///
/// The cache sits behind a mutex so that a configuration set can be shared by worker threads;
/// a coefficient list is computed outside the lock and shared by `Arc`.
#[derive(Default)]
pub(crate) struct BoxCounter {
    cache: Mutex<Cache>,
    /// Asked between the factors of each product: counts past a deadline are not finished.
    stop: Option<Stop>,
}

#[derive(Default)]
struct Cache {
    /// Keyed by `(min(l, h), max(l, h))`; holds a prefix of the coefficients.
    entries: HashMap<(u64, u64), Arc<Coefficients>>,
    cells: usize,
}

impl Clone for BoxCounter {
    /// A clone starts with an empty cache (the cache is only a speed-up) and the same stop
    /// condition.
    fn clone(&self) -> Self {
        BoxCounter {
            cache: Mutex::default(),
            stop: self.stop.clone(),
        }
    }
}

impl fmt::Debug for BoxCounter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoxCounter").finish_non_exhaustive()
    }
}

impl BoxCounter {
    /// A counter whose products end with [`ErrorKind::Stopped`] once `stop` holds.
    pub(crate) fn stopping(stop: Stop) -> BoxCounter {
        BoxCounter {
            cache: Mutex::default(),
            stop: Some(stop),
        }
    }

    /// Whether the stop condition holds now (never, without one).
    pub(crate) fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|stop| stop())
    }

    /// Forgets every remembered coefficient list.
    pub(crate) fn clear(&self) {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.entries.clear();
        cache.cells = 0;
    }

    /// Coefficients remembered now, summed over the cached lists.
    pub(crate) fn cached(&self) -> usize {
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).cells
    }

    /// `T(l, h, t)`: multisets of `l` values from `[0, h]` with sum `t`.
    pub(crate) fn count(&self, l: usize, h: u64, t: u128) -> Result<BigUint, Error> {
        let reach = l as u128 * h as u128;
        if t > reach {
            return Ok(BigUint::zero());
        }
        // The coefficients are symmetric (complement every value), so only the lower half is
        // ever computed; and `T(l, h, t) = T(h, l, t)` (conjugate partitions), so the product
        // formula runs over the smaller of the two.
        let t = t.min(reach - t);
        if t == 0 {
            return Ok(BigUint::one());
        }
        let (small, large) = if (l as u64) <= h {
            (l as u64, h)
        } else {
            (h, l as u64)
        };
        let t = usize::try_from(t)
            .ok()
            .filter(|&t| (t as u128) < MAX_CELLS)
            .ok_or(Error::new(ErrorKind::TooLarge {
                what: "the sum to partition",
            }))?;
        Ok(self.coefficients(small, large, t + 1)?.get(t))
    }

    /// At least the first `len` coefficients of `[small + large choose small]_q`.
    fn coefficients(&self, small: u64, large: u64, len: usize) -> Result<Arc<Coefficients>, Error> {
        let key = (small, large);
        let half = (small as u128 * large as u128 / 2 + 1).min(MAX_CELLS) as usize;
        let previous = {
            let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
            match cache.entries.get(&key) {
                Some(entry) if entry.len() >= len => return Ok(Arc::clone(entry)),
                Some(entry) => entry.len(),
                None => 0,
            }
        };
        // Growing geometrically bounds the recomputations when later requests reach further.
        let len = len.max(previous.saturating_mul(2)).min(half).max(len);
        let stop = || self.stop.as_ref().is_some_and(|stop| stop());
        let entry = Arc::new(Coefficients::gaussian(small, large, len, &stop)?);
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if len <= CACHE_CELLS {
            if cache.cells + len > CACHE_CELLS {
                cache.entries.clear();
                cache.cells = 0;
            }
            if let Some(old) = cache.entries.insert(key, Arc::clone(&entry)) {
                cache.cells -= old.len();
            }
            cache.cells += len;
        }
        Ok(entry)
    }

    /// Non-decreasing vectors of `l` values from `[y, width]` with sum `remaining`.
    fn at_least(&self, l: usize, y: u64, width: u64, remaining: u64) -> Result<BigUint, Error> {
        let need = l as u128 * y as u128;
        if y > width || need > remaining as u128 {
            return Ok(BigUint::zero());
        }
        self.count(l, width - y, remaining as u128 - need)
    }

    /// The `index`-th non-decreasing vector of `parts` values in `[0, width]` with sum `total`,
    /// in lexicographic order.
    pub(crate) fn unrank(
        &self,
        mut index: BigUint,
        parts: usize,
        width: u64,
        total: u64,
    ) -> Result<Vec<u64>, Error> {
        let asked = index.clone();
        let out_of_range = || {
            let count = self.at_least(parts, 0, width, total).unwrap_or_default();
            Error::out_of_range(&asked, &count)
        };
        let mut out = Vec::with_capacity(parts);
        let mut remaining = total;
        let mut previous = 0u64;
        for j in 0..parts {
            let l = parts - j;
            if l == 1 {
                // The last value is whatever is left.
                if remaining < previous || remaining > width || !index.is_zero() {
                    return Err(out_of_range());
                }
                out.push(remaining);
                remaining = 0;
                break;
            }
            let within = self.at_least(l, previous, width, remaining)?;
            if index >= within {
                return Err(out_of_range());
            }
            // before(y) = vectors here whose value at j is below y; it grows with y, and the
            // value at j is the largest y with before(y) <= index.
            let (mut lo, mut hi) = (previous, width.min(remaining / l as u64));
            let mut before_lo = BigUint::zero();
            while lo < hi {
                let mid = lo + (hi - lo).div_ceil(2);
                let before = &within - self.at_least(l, mid, width, remaining)?;
                if before <= index {
                    lo = mid;
                    before_lo = before;
                } else {
                    hi = mid - 1;
                }
            }
            index -= before_lo;
            out.push(lo);
            remaining -= lo;
            previous = lo;
        }
        if remaining != 0 || !index.is_zero() {
            return Err(out_of_range());
        }
        Ok(out)
    }

    /// The lexicographic index of a member vector (values in `[0, width]`, sum `total`).
    pub(crate) fn rank(&self, x: &[u64], width: u64, total: u64) -> Result<BigUint, Error> {
        let mut index = BigUint::zero();
        let mut remaining = total;
        let mut previous = 0u64;
        for (j, &v) in x.iter().enumerate() {
            let l = x.len() - j;
            if v > previous && l > 1 {
                index += self.at_least(l, previous, width, remaining)?
                    - self.at_least(l, v, width, remaining)?;
            }
            remaining = remaining
                .checked_sub(v)
                .ok_or(Error::new(ErrorKind::NotAMember))?;
            previous = v;
        }
        Ok(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partitions::BoxTable;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The on-demand counts agree with the table on every cell, and so do rank and unrank.
        #[test]
        fn counter_agrees_with_the_table(parts in 0usize..7, width in 0u64..9, total in 0u64..40) {
            let table = BoxTable::build(parts, width, total, u128::MAX).unwrap();
            let counter = BoxCounter::default();
            for l in 0..=parts {
                for h in 0..=width {
                    for t in 0..=total {
                        prop_assert_eq!(counter.count(l, h, t as u128).unwrap(), BigUint::from(table.get(l, h, t)));
                    }
                }
            }
            let n = table.get(parts, width, total);
            for i in 0..n {
                let x = table.unrank(i, parts, total).unwrap();
                prop_assert_eq!(&counter.unrank(BigUint::from(i), parts, width, total).unwrap(), &x);
                prop_assert_eq!(counter.rank(&x, width, total).unwrap(), BigUint::from(i));
            }
            prop_assert!(counter.unrank(BigUint::from(n), parts, width, total).is_err());
        }
    }

    #[test]
    fn small_and_big_coefficients_agree() {
        // C(130, 65) > 2^126, so this runs in `BigInt`; the same prefix in `i128` must agree
        // while it fits.
        let big = Coefficients::gaussian(65, 65, 200, &|| false).unwrap();
        assert!(matches!(big, Coefficients::Big(_)));
        let small: Vec<i128> = gaussian_prefix(65, 65, 200, &|| false).unwrap();
        for (t, &c) in small.iter().enumerate().take(60) {
            assert_eq!(big.get(t), BigUint::from(c as u128));
        }
    }

    #[test]
    fn the_cache_stays_bounded() {
        // About 1.6 million coefficients in all, past the cache's 2^20.
        let counter = BoxCounter::default();
        for h in 0..800u64 {
            counter.count(10, h, 5 * h as u128).unwrap();
        }
        let cache = counter.cache.lock().unwrap();
        assert!(cache.cells <= CACHE_CELLS);
        assert_eq!(
            cache.cells,
            cache.entries.values().map(|e| e.len()).sum::<usize>()
        );
    }
}
