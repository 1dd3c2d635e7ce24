//! Bundles with one published test set: TPEHG (EHG) and the ISIC 2016 / 2017 skin lesion test sets.

use crate::error::LookupError;
use crate::registry::{ISIC2016, ISIC2017, TPEHG};
use crate::types::TestSet;

/// The TPEHG term/preterm EHG recordings: p = 38 preterm, n = 262 term.
pub fn tpehg() -> TestSet {
    TestSet {
        p: TPEHG.0,
        n: TPEHG.1,
    }
}

/// The ISIC 2016 melanoma test set: p = 75, n = 304.
pub fn isic2016() -> TestSet {
    TestSet {
        p: ISIC2016.0,
        n: ISIC2016.1,
    }
}

/// A class of the ISIC 2017 test set, coded as in the reference (`"M"`, `"SK"`, `"N"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Isic2017Class {
    /// Melanoma (`"M"`), 117 images.
    Melanoma,
    /// Seborrheic keratosis (`"SK"`), 90 images.
    SeborrheicKeratosis,
    /// Nevus (`"N"`), 393 images.
    Nevus,
}

impl Isic2017Class {
    /// The three classes in the reference's order M, SK, N.
    pub const ALL: [Isic2017Class; 3] = [
        Isic2017Class::Melanoma,
        Isic2017Class::SeborrheicKeratosis,
        Isic2017Class::Nevus,
    ];

    /// The number of test images of this class.
    pub fn count(self) -> u64 {
        match self {
            Isic2017Class::Melanoma => ISIC2017.0,
            Isic2017Class::SeborrheicKeratosis => ISIC2017.1,
            Isic2017Class::Nevus => ISIC2017.2,
        }
    }

    /// The reference's code: `"M"`, `"SK"` or `"N"`.
    pub fn code(self) -> &'static str {
        match self {
            Isic2017Class::Melanoma => "M",
            Isic2017Class::SeborrheicKeratosis => "SK",
            Isic2017Class::Nevus => "N",
        }
    }
}

impl std::str::FromStr for Isic2017Class {
    type Err = LookupError;

    /// Parses the reference's code `"M"`, `"SK"` or `"N"` (exactly).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Isic2017Class::ALL
            .into_iter()
            .find(|class| class.code() == text)
            .ok_or_else(|| LookupError::invalid("ISIC 2017 class", text, &["M", "SK", "N"]))
    }
}

/// The ISIC 2017 binary test set with `target` classes positive and `against` classes negative.
///
/// `against = None` means every class not in `target` (the default of the reference's later
/// releases; 1.0.3 requires `against`). Counts are plain sums, as in the reference: validating
/// the choice (non-empty, disjoint sides) is the caller's business.
pub fn isic2017(target: &[Isic2017Class], against: Option<&[Isic2017Class]>) -> TestSet {
    let p = target.iter().map(|class| class.count()).sum();
    let n = match against {
        Some(against) => against.iter().map(|class| class.count()).sum(),
        None => Isic2017Class::ALL
            .into_iter()
            .filter(|c| !target.contains(c))
            .map(|c| c.count())
            .sum(),
    };
    TestSet { p, n }
}
