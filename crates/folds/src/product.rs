//! Several datasets evaluated together: the Cartesian product of their repeated configurations.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive};

use crate::error::{Error, ErrorKind};
use crate::kfold::Cursor;
use crate::repeats::RepeatedConfigurations;
use crate::rules::FoldConfiguration;

/// One item of a product: per dataset, the members of its repeat multiset.
pub type ProductItem = Vec<Vec<FoldConfiguration>>;

/// The product of the configuration sets of several datasets, ordered like nested loops with
/// the last dataset innermost.
#[derive(Debug)]
pub struct ConfigurationProduct {
    parts: Vec<RepeatedConfigurations>,
    counts: Vec<BigUint>,
}

impl ConfigurationProduct {
    /// The product of `parts` (an empty product has exactly one, empty, item).
    pub fn new(parts: Vec<RepeatedConfigurations>) -> Self {
        let counts = parts.iter().map(RepeatedConfigurations::count).collect();
        ConfigurationProduct { parts, counts }
    }

    /// The datasets' configuration sets.
    pub fn parts(&self) -> &[RepeatedConfigurations] {
        &self.parts
    }

    /// The product of the parts' counts.
    pub fn count(&self) -> BigUint {
        self.counts.iter().fold(BigUint::one(), |acc, c| acc * c)
    }

    /// The `index`-th item.
    pub fn nth(&self, index: &BigUint) -> Result<ProductItem, Error> {
        let cursors = self.cursors_at(index)?;
        Ok(self.to_item(&cursors))
    }

    /// The index of an item (one member list per dataset).
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
    pub fn iter(&self) -> ProductIter<'_> {
        let cursors = self
            .parts
            .iter()
            .map(RepeatedConfigurations::first_cursors)
            .collect::<Option<Vec<_>>>();
        ProductIter {
            space: self,
            cursors,
            remaining: None,
        }
    }

    /// The items with indices in `start..end` (clamped to the count), lazily.
    pub fn range(&self, start: &BigUint, end: &BigUint) -> Result<ProductIter<'_>, Error> {
        let end = end.min(&self.count()).clone();
        if start >= &end {
            return Ok(ProductIter {
                space: self,
                cursors: None,
                remaining: Some(0),
            });
        }
        let cursors = self.cursors_at(start)?;
        let len = (&end - start).to_u128().unwrap_or(u128::MAX);
        Ok(ProductIter {
            space: self,
            cursors: Some(cursors),
            remaining: Some(len),
        })
    }

    fn cursors_at(&self, index: &BigUint) -> Result<Vec<Vec<Cursor>>, Error> {
        if index >= &self.count() {
            return Err(ErrorKind::IndexOutOfRange.into());
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

/// Lazy iterator over [`ConfigurationProduct`].
#[derive(Debug, Clone)]
pub struct ProductIter<'a> {
    space: &'a ConfigurationProduct,
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
