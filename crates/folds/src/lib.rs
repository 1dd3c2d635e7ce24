//! scorecheck-folds: placeholder, filled in by its issue.
