//! `cargo xtask`: project chores.
fn main() {}
