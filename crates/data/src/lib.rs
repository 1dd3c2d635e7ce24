//! scorecheck-data: placeholder, filled in by its issue.
