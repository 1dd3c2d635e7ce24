//! The single-confusion-matrix engine (placeholder; being written).
