//! scorecheck-algebra: placeholder, filled in by its issue.
