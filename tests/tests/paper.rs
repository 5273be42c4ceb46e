//! The paper's tables as snapshots: every figure is produced by running the search.
//!
//! A table whose snapshot changes means the search, a matrix or a count changed: compare the
//! new figures with ../shared/paper/REFERENCE.md before accepting it. Slow tables are
//! `#[ignore]`d with their running time and run by `cargo xtask paper --full`.

use dancing_links_tests::build_table;

fn check(name: &str) {
    let (table, took) = build_table(name);
    let text = table.render();
    println!("{text}(built in {:.2} s)", took.as_secs_f64());
    insta::assert_snapshot!(name, text);
}

/// Every registered table, fast and slow, has a test below.
const TESTED: &[&str] = &["matrix3"];

#[test]
fn every_registered_table_is_tested() {
    let mut registered: Vec<&str> = dlx_paper::tables().iter().map(|t| t.name).collect();
    let mut tested = TESTED.to_vec();
    registered.sort_unstable();
    tested.sort_unstable();
    assert_eq!(registered, tested);
}

#[test]
fn matrix3() {
    check("matrix3");
}
