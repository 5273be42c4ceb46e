//! Cross-crate and snapshot tests of the workspace; the tests themselves are in `tests/`.
//!
//! `tests/paper.rs` pins every table of the paper the project reproduces as an insta snapshot
//! (`tests/snapshots/`). Tables that take more than a few seconds are `#[ignore]`d there and
//! run by `cargo xtask paper --full`. `tests/polycube.rs` pins the named polycube problems the
//! same way, each class count checked against its published number.

use std::time::{Duration, Instant};

/// Builds a registered table, timing it.
pub fn build_table(name: &str) -> (dlx_paper::Table, Duration) {
    let spec = dlx_paper::table(name).unwrap_or_else(|| panic!("no table named {name}"));
    let start = Instant::now();
    let table = spec.build();
    (table, start.elapsed())
}

/// The README's Rust examples, compiled and run as doctests so they cannot go stale.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
