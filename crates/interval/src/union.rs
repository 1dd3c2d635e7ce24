//! Finite unions of closed rational intervals, kept sorted, disjoint and merged.

use std::fmt;

use num_rational::BigRational;

use crate::rational::Interval;

/// A finite union of closed intervals in normal form: sorted by lower end, pairwise disjoint,
/// and with overlapping or touching intervals merged (so `[0, 1] ∪ [1, 2]` is `[0, 2]`).
///
/// Two unions hold the same set exactly when they are equal (`==`). The empty union is the
/// empty set.
///
/// ```
/// use scorecheck_interval::{Interval, IntervalUnion};
/// let a = IntervalUnion::from_intervals([Interval::from_integers(0, 1).unwrap(), Interval::from_integers(3, 4).unwrap()]);
/// let b = IntervalUnion::from_intervals([Interval::from_integers(1, 3).unwrap()]);
/// assert_eq!(a.union(&b).to_string(), "[0, 4]");
/// assert_eq!(a.intersection(&b).to_string(), "[1, 1] ∪ [3, 3]");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct IntervalUnion {
    parts: Vec<Interval>,
}

impl IntervalUnion {
    /// The empty set.
    pub fn empty() -> IntervalUnion {
        IntervalUnion { parts: Vec::new() }
    }

    /// The union of `intervals`, normalised.
    pub fn from_intervals(intervals: impl IntoIterator<Item = Interval>) -> IntervalUnion {
        let mut parts: Vec<Interval> = intervals.into_iter().collect();
        parts.sort_by(|a, b| a.lo().cmp(b.lo()).then_with(|| a.hi().cmp(b.hi())));
        let mut merged: Vec<Interval> = Vec::with_capacity(parts.len());
        for part in parts {
            match merged.last_mut() {
                // Sorted by lower end, so `part` touches or overlaps the last interval
                // exactly when it starts no later than that interval ends.
                Some(last) if part.lo() <= last.hi() => *last = last.hull(&part),
                _ => merged.push(part),
            }
        }
        IntervalUnion { parts: merged }
    }

    /// The intervals of the normal form, in increasing order.
    pub fn intervals(&self) -> &[Interval] {
        &self.parts
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// Whether `value` belongs to the set.
    pub fn contains(&self, value: &BigRational) -> bool {
        // The parts are sorted and disjoint: find the last one starting at or below value.
        let index = self.parts.partition_point(|part| part.lo() <= value);
        index > 0 && self.parts[index - 1].contains(value)
    }

    /// The union of two sets.
    pub fn union(&self, other: &IntervalUnion) -> IntervalUnion {
        IntervalUnion::from_intervals(self.parts.iter().chain(&other.parts).cloned())
    }

    /// The intersection of two sets.
    pub fn intersection(&self, other: &IntervalUnion) -> IntervalUnion {
        // Sweep both sorted lists; each step drops the interval that ends first.
        let (mut i, mut j) = (0, 0);
        let mut out = Vec::new();
        while let (Some(a), Some(b)) = (self.parts.get(i), other.parts.get(j)) {
            if let Some(common) = a.intersection(b) {
                out.push(common);
            }
            if a.hi() <= b.hi() {
                i += 1;
            } else {
                j += 1;
            }
        }
        // The pieces are sorted and disjoint already; normalising again costs little and
        // keeps the invariant in one place.
        IntervalUnion::from_intervals(out)
    }

    /// The smallest single interval containing the set, or `None` when it is empty.
    pub fn hull(&self) -> Option<Interval> {
        let first = self.parts.first()?;
        let last = self.parts.last()?;
        Interval::new(first.lo().clone(), last.hi().clone())
    }
}

impl From<Interval> for IntervalUnion {
    fn from(interval: Interval) -> IntervalUnion {
        IntervalUnion {
            parts: vec![interval],
        }
    }
}

impl fmt::Display for IntervalUnion {
    /// `∅` for the empty set, otherwise the parts joined by ` ∪ `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.parts.is_empty() {
            return f.write_str("∅");
        }
        for (k, part) in self.parts.iter().enumerate() {
            if k > 0 {
                f.write_str(" ∪ ")?;
            }
            write!(f, "{part}")?;
        }
        Ok(())
    }
}
