//! What an answer that reached no verdict covered: shared by every family's outcome (a leaf:
//! it names no family).

/// Why a search ended without a verdict, and how much of it was done.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Undecided {
    /// Why no verdict was reached ("the time limit of 2.000 s ran out ...").
    pub reason: String,
    /// What part of the search was completed, in words.
    pub covered: String,
}

impl Undecided {
    /// An undecided answer with its reason and coverage.
    pub fn new(reason: impl Into<String>, covered: impl Into<String>) -> Undecided {
        Undecided {
            reason: reason.into(),
            covered: covered.into(),
        }
    }
}
