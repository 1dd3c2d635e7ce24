//! Several datasets evaluated together: the Cartesian product of their repeated configurations.

use std::borrow::Cow;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive};

use crate::error::{Error, ErrorKind};
use crate::index::IntoIndex;
use crate::kfold::Cursor;
use crate::partitions::MAX_TABLE_CELLS;
use crate::repeats::RepeatedConfigurations;
use crate::rules::FoldConfiguration;

/// One item of a product: per dataset, the members of its repeat multiset.
///
/// ```
/// use scorecheck_folds::{ConfigurationProduct, ProductItem};
///
/// let only: ProductItem = ConfigurationProduct::new(vec![]).nth(0u64)?;
/// assert!(only.is_empty());
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
pub type ProductItem = Vec<Vec<FoldConfiguration>>;

/// The product of the configuration sets of several datasets, ordered like nested loops with
/// the last dataset innermost; random access at any size. `Clone + Send + Sync`.
///
/// ```
/// use scorecheck_folds::{
///     BigUint, ConfigurationProduct, FoldRules, KFoldConfigurations, RepeatedConfigurations,
/// };
///
/// let rules = FoldRules::default();
/// let first = RepeatedConfigurations::new(KFoldConfigurations::new(10, 10, 3, &rules)?, 1)?;
/// let second = RepeatedConfigurations::new(KFoldConfigurations::new(38, 262, 5, &rules)?, 1)?;
/// let product = ConfigurationProduct::new(vec![first, second]);
/// assert_eq!(product.count(), BigUint::from(13u32 * 918));
/// let item = product.nth(5000u64)?;
/// assert_eq!(product.rank(&item)?, BigUint::from(5000u32));
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct ConfigurationProduct {
    parts: Vec<RepeatedConfigurations>,
    counts: Vec<BigUint>,
}

impl ConfigurationProduct {
    /// The product of `parts` (an empty product has exactly one, empty, item).
    ///
    /// ```
    /// use scorecheck_folds::{BigUint, ConfigurationProduct};
    ///
    /// assert_eq!(ConfigurationProduct::new(vec![]).count(), BigUint::from(1u32));
    /// ```
    pub fn new(mut parts: Vec<RepeatedConfigurations>) -> Self {
        // One budget of random-access tables for the whole product: a thousand datasets
        // with a table each would hold a thousand times one dataset's memory.
        let share = MAX_TABLE_CELLS / (parts.len().max(1) as u128);
        for part in &mut parts {
            part.limit_tables(share);
        }
        let counts = parts.iter().map(RepeatedConfigurations::count).collect();
        ConfigurationProduct { parts, counts }
    }

    /// The datasets' configuration sets.
    ///
    /// ```
    /// use scorecheck_folds::ConfigurationProduct;
    ///
    /// assert!(ConfigurationProduct::new(vec![]).parts().is_empty());
    /// ```
    pub fn parts(&self) -> &[RepeatedConfigurations] {
        &self.parts
    }

    /// The product of the parts' counts.
    ///
    /// ```
    /// use scorecheck_folds::{BigUint, ConfigurationProduct, FoldRules, KFoldConfigurations, RepeatedConfigurations};
    ///
    /// let part = RepeatedConfigurations::new(KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?, 2)?;
    /// assert_eq!(ConfigurationProduct::new(vec![part.clone(), part]).count(), BigUint::from(91u32 * 91));
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn count(&self) -> BigUint {
        self.counts.iter().fold(BigUint::one(), |acc, c| acc * c)
    }

    /// The `index`-th item (`u64`, `u128`, `usize`, `u32` or `&BigUint`).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::IndexOutOfRange`] when `index` is at or beyond [`count`](Self::count), and
    /// [`ErrorKind::TooLarge`] as for [`KFoldConfigurations::range`](crate::KFoldConfigurations::range).
    ///
    /// ```
    /// use scorecheck_folds::{ConfigurationProduct, FoldRules, KFoldConfigurations, RepeatedConfigurations};
    ///
    /// let part = RepeatedConfigurations::new(KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?, 1)?;
    /// let product = ConfigurationProduct::new(vec![part.clone(), part]);
    /// assert_eq!(product.nth(20u64)?, product.iter().nth(20).unwrap());
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn nth(&self, index: impl IntoIndex) -> Result<ProductItem, Error> {
        let cursors = self.cursors_at(&index.into_index())?;
        Ok(self.to_item(&cursors))
    }

    /// The index of an item (one member list per dataset); the inverse of [`nth`](Self::nth).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::NotAMember`] when the item has the wrong number of datasets or a dataset's
    /// members are not one of its multisets, and [`ErrorKind::TooLarge`] as for
    /// [`KFoldConfigurations::range`](crate::KFoldConfigurations::range).
    ///
    /// ```
    /// use scorecheck_folds::{BigUint, ConfigurationProduct, FoldRules, KFoldConfigurations, RepeatedConfigurations};
    ///
    /// let part = RepeatedConfigurations::new(KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?, 2)?;
    /// let product = ConfigurationProduct::new(vec![part.clone(), part]);
    /// let item = product.nth(1234u64)?;
    /// assert_eq!(product.rank(&item)?, BigUint::from(1234u32));
    /// assert!(product.rank(&item[..1]).is_err());
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn rank(&self, item: &[Vec<FoldConfiguration>]) -> Result<BigUint, Error> {
        if item.len() != self.parts.len() {
            return Err(ErrorKind::NotAMember.into());
        }
        let mut index = BigUint::ZERO;
        for ((part, count), members) in self.parts.iter().zip(&self.counts).zip(item) {
            index = index * count + part.rank(members)?;
        }
        Ok(index)
    }

    /// The items in order, lazily.
    ///
    /// ```
    /// use scorecheck_folds::{ConfigurationProduct, ProductItem};
    ///
    /// // The empty product has one, empty, item.
    /// let items: Vec<ProductItem> = ConfigurationProduct::new(vec![]).iter().collect();
    /// assert_eq!(items, [ProductItem::new()]);
    /// ```
    pub fn iter(&self) -> ProductIter<'_> {
        let cursors = self
            .parts
            .iter()
            .map(RepeatedConfigurations::first_cursors)
            .collect::<Option<Vec<_>>>();
        ProductIter {
            space: Cow::Borrowed(self),
            cursors,
            remaining: None,
        }
    }

    /// [`ConfigurationProduct::range`] taking the space along: the iterator owns it, so it
    /// can be moved into a thread of its own (a worker handed one range of a split).
    ///
    /// # Errors
    ///
    /// As [`ConfigurationProduct::range`].
    ///
    /// ```
    /// use scorecheck_folds::{split_ranges, ConfigurationProduct, FoldRules, KFoldConfigurations, RepeatedConfigurations};
    ///
    /// let part = RepeatedConfigurations::new(KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?, 1)?;
    /// let product = ConfigurationProduct::new(vec![part.clone(), part]);
    /// let workers: Vec<_> = split_ranges(&product.count(), 3)
    ///     .into_iter()
    ///     .map(|(start, end)| {
    ///         let walk = product.clone().into_range(&start, &end).unwrap();
    ///         std::thread::spawn(move || walk.count())
    ///     })
    ///     .collect();
    /// let total: usize = workers.into_iter().map(|w| w.join().unwrap()).sum();
    /// assert_eq!(total, 169);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn into_range(
        self,
        start: impl IntoIndex,
        end: impl IntoIndex,
    ) -> Result<ProductIter<'static>, Error> {
        let ProductIter {
            cursors, remaining, ..
        } = self.range(start, end)?;
        Ok(ProductIter {
            space: Cow::Owned(self),
            cursors,
            remaining,
        })
    }

    /// The items with indices in `start..end` (`end` clamped to the count), lazily: one
    /// unrank of `start`, then successor steps.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::TooLarge`] as for
    /// [`KFoldConfigurations::range`](crate::KFoldConfigurations::range); an empty range is not
    /// an error.
    ///
    /// ```
    /// use scorecheck_folds::{ConfigurationProduct, FoldRules, KFoldConfigurations, RepeatedConfigurations};
    ///
    /// let part = RepeatedConfigurations::new(KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?, 1)?;
    /// let product = ConfigurationProduct::new(vec![part.clone(), part]);
    /// assert_eq!(product.range(100u64, 200u64)?.count(), 69);
    /// # Ok::<(), scorecheck_folds::Error>(())
    /// ```
    pub fn range(
        &self,
        start: impl IntoIndex,
        end: impl IntoIndex,
    ) -> Result<ProductIter<'_>, Error> {
        let (start, end) = (start.into_index(), end.into_index());
        let end = end.min(self.count());
        if start >= end {
            return Ok(ProductIter {
                space: Cow::Borrowed(self),
                cursors: None,
                remaining: Some(0),
            });
        }
        let cursors = self.cursors_at(&start)?;
        let len = (&end - &start).to_u128().unwrap_or(u128::MAX);
        Ok(ProductIter {
            space: Cow::Borrowed(self),
            cursors: Some(cursors),
            remaining: Some(len),
        })
    }

    fn cursors_at(&self, index: &BigUint) -> Result<Vec<Vec<Cursor>>, Error> {
        let count = self.count();
        if index >= &count {
            return Err(Error::out_of_range(index, &count));
        }
        let mut rest = index.clone();
        let mut out = Vec::with_capacity(self.parts.len());
        for (part, count) in self.parts.iter().zip(&self.counts).rev() {
            let (quotient, digit) = rest.div_rem(count);
            out.push(part.cursors_at(&digit)?);
            rest = quotient;
        }
        out.reverse();
        Ok(out)
    }

    fn to_item(&self, cursors: &[Vec<Cursor>]) -> ProductItem {
        self.parts
            .iter()
            .zip(cursors)
            .map(|(part, c)| part.to_items(c))
            .collect()
    }

    /// Odometer step: advance the last dataset, wrapping to its first item and carrying left.
    fn advance(&self, cursors: &mut [Vec<Cursor>]) -> bool {
        for (part, c) in self.parts.iter().zip(cursors.iter_mut()).rev() {
            if part.advance(c) {
                return true;
            }
            match part.first_cursors() {
                Some(first) => *c = first,
                None => return false,
            }
        }
        false
    }
}

/// Lazy iterator over (a range of) [`ConfigurationProduct`]; `Clone` and `Send`. It borrows
/// its space ([`ConfigurationProduct::iter`], [`ConfigurationProduct::range`]) or owns it
/// ([`ConfigurationProduct::into_range`]: `'static`, for a thread of its own).
///
/// ```
/// use scorecheck_folds::{ConfigurationProduct, FoldRules, KFoldConfigurations, RepeatedConfigurations};
///
/// let part = RepeatedConfigurations::new(KFoldConfigurations::new(10, 10, 3, &FoldRules::default())?, 1)?;
/// let product = ConfigurationProduct::new(vec![part.clone(), part]);
/// let walk = product.range(150u64, 169u64)?;
/// assert_eq!(walk.clone().count(), 19);
/// assert_eq!(walk.last(), product.nth(168u64).ok());
/// # Ok::<(), scorecheck_folds::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct ProductIter<'a> {
    space: Cow<'a, ConfigurationProduct>,
    cursors: Option<Vec<Vec<Cursor>>>,
    remaining: Option<u128>,
}

impl Iterator for ProductIter<'_> {
    type Item = ProductItem;

    fn next(&mut self) -> Option<ProductItem> {
        if self.remaining == Some(0) {
            return None;
        }
        let cursors = self.cursors.as_mut()?;
        let item = self.space.to_item(cursors);
        self.remaining = self.remaining.map(|r| r - 1);
        if !self.space.advance(cursors) {
            self.cursors = None;
        }
        Some(item)
    }
}
