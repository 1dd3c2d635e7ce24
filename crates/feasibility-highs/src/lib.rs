//! scorecheck-feasibility-highs: placeholder, filled in by its issue.
