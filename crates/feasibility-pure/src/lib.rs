//! scorecheck-feasibility-pure: placeholder, filled in by its issue.
