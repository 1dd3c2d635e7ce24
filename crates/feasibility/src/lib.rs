//! scorecheck-feasibility: placeholder, filled in by its issue.
