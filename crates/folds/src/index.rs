//! The index types accepted by random access: machine integers and `BigUint`.

use num_bigint::BigUint;

mod sealed {
    pub trait Sealed {}
}

/// An index into a configuration set: `u32`, `u64`, `u128`, `usize`, or `&BigUint`.
///
/// Every `nth` and `range` of this crate takes `impl IntoIndex`, so indices below 2^64 need no
/// conversion and indices beyond 2^128 still work.
/// A `BigUint` is passed by reference, as before this trait existed (so existing calls such as
/// `nth(&BigUint::from(i))` neither change nor draw clippy's `needless_borrows_for_generic_args`).
/// Integer literals need a suffix (`space.nth(10u64)`): an unsuffixed literal defaults to `i32`,
/// which is not an index.
/// The trait is sealed: the set of index types may grow, but it cannot be implemented outside
/// this crate.
///
/// ```
/// use scorecheck_folds::{BigUint, FoldRules, KFoldConfigurations};
///
/// let space = KFoldConfigurations::new(38, 262, 5, &FoldRules::default())?;
/// let by_u64 = space.nth(10u64)?;
/// assert_eq!(space.nth(10u128)?, by_u64);
/// assert_eq!(space.nth(&BigUint::from(10u32))?, by_u64);
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
pub trait IntoIndex: sealed::Sealed {
    /// The index as a `BigUint`.
    fn into_index(self) -> BigUint;
}

macro_rules! machine_index {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl IntoIndex for $t {
            fn into_index(self) -> BigUint {
                BigUint::from(self)
            }
        }
    )*};
}

machine_index!(u32, u64, u128, usize);

impl sealed::Sealed for &BigUint {}
impl IntoIndex for &BigUint {
    fn into_index(self) -> BigUint {
        self.clone()
    }
}
