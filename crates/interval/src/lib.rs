//! scorecheck-interval: placeholder, filled in by its issue.
