//! The `scorecheck` command-line tool.
fn main() {}
