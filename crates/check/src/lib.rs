//! scorecheck: placeholder facade.
