//! scorecheck: exact consistency checks of reported performance scores (facade crate).
pub mod single;
