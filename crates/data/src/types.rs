//! Shared value types: test sets, per-image counts, assumptions, subsets and grey-level histograms.

use std::fmt;
use std::str::FromStr;

use crate::error::LookupError;

/// The class counts of one binary test set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TestSet {
    /// Number of positives.
    pub p: u64,
    /// Number of negatives.
    pub n: u64,
}

/// The binary test set of one image of a segmentation bundle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ImageStats {
    /// The image identifier as the reference spells it (e.g. `"21"`, `"im0235"`, `"11R"`).
    pub identifier: &'static str,
    /// Number of positive pixels.
    pub p: u64,
    /// Number of negative pixels.
    pub n: u64,
}

impl ImageStats {
    /// The counts without the identifier.
    pub fn test_set(&self) -> TestSet {
        TestSet {
            p: self.p,
            n: self.n,
        }
    }
}

/// The region of evaluation of a retinal image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Assumption {
    /// Only the pixels of the field of view (the reference's `"fov"`).
    Fov,
    /// All pixels of the image (the reference's `"all"`).
    All,
}

impl Assumption {
    /// Both assumptions, in the order the reference evaluates them.
    pub const ALL: [Assumption; 2] = [Assumption::Fov, Assumption::All];

    /// The reference's spelling: `"fov"` or `"all"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Assumption::Fov => "fov",
            Assumption::All => "all",
        }
    }
}

impl fmt::Display for Assumption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Assumption {
    type Err = LookupError;

    /// Parses the reference's spelling, `"fov"` or `"all"` (exactly).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "fov" => Ok(Assumption::Fov),
            "all" => Ok(Assumption::All),
            other => Err(LookupError::invalid("assumption", other, &["fov", "all"])),
        }
    }
}

/// The train or test split of a bundle that publishes one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Subset {
    /// The training images (`"train"`).
    Train,
    /// The test images (`"test"`).
    Test,
}

impl Subset {
    /// The reference's spelling: `"train"` or `"test"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Subset::Train => "train",
            Subset::Test => "test",
        }
    }
}

impl fmt::Display for Subset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Subset {
    type Err = LookupError;

    /// Parses the reference's spelling, `"train"` or `"test"` (exactly).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "train" => Ok(Subset::Train),
            "test" => Ok(Subset::Test),
            other => Err(LookupError::invalid("subset", other, &["train", "test"])),
        }
    }
}

/// A grey-level histogram of a soft ground truth: how many pixels carry each grey value.
///
/// The reference turns it into a binary test set by thresholding at `255 · confidence`:
/// pixels with a value at or above the threshold are positive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Histogram {
    values: &'static [u64],
    counts: &'static [u64],
}

impl Histogram {
    pub(crate) fn new(values: &'static [u64], counts: &'static [u64]) -> Self {
        Self { values, counts }
    }

    /// The grey values present, ascending as published.
    pub fn values(&self) -> &'static [u64] {
        self.values
    }

    /// The pixel count of each grey value (parallel to [`Histogram::values`]).
    pub fn counts(&self) -> &'static [u64] {
        self.counts
    }

    /// The number of pixels counted.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The test set at confidence `numerator / denominator`: a pixel is positive when its
    /// grey value `v` satisfies `v ≥ 255 · numerator / denominator`, decided exactly.
    ///
    /// The reference compares against the `f64` product `255 * confidence`, which can differ
    /// from the exact threshold by one rounding step; callers wanting the reference's exact
    /// behaviour at such a boundary can use [`Histogram::values`] and [`Histogram::counts`].
    ///
    /// # Errors
    ///
    /// A [`LookupError`] of kind `InvalidParameter` when `denominator` is zero.
    pub fn split_at_confidence(
        &self,
        numerator: u64,
        denominator: u64,
    ) -> Result<TestSet, LookupError> {
        if denominator == 0 {
            return Err(LookupError::new(
                crate::LookupErrorKind::InvalidParameter,
                "the confidence has a zero denominator; give it as numerator/denominator with denominator > 0",
            ));
        }
        let threshold = 255u128 * u128::from(numerator);
        let mut set = TestSet::default();
        for (&value, &count) in self.values.iter().zip(self.counts) {
            if u128::from(value) * u128::from(denominator) >= threshold {
                set.p += count;
            } else {
                set.n += count;
            }
        }
        Ok(set)
    }
}
