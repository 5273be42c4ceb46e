//! The named polycube problems as snapshots: every count is the search's, every class count
//! is the tally of the solutions found under the symmetries of the box and pieces, and each is
//! checked against the published number of essentially different solutions.
//!
//! Where no class is symmetric, the group acts freely, so the search's total is the published
//! number times the group's order: the Soma cube's 11,520 = 240 x 48. The long searches are
//! `#[ignore]`d with their running time and run by `cargo xtask slow`.

use std::time::Instant;

use dlx_core::Problem;
use dlx_polycube::problem;

/// Runs a named problem on `threads` threads (0: every core) and describes what it found.
fn report(name: &str, threads: usize) -> String {
    let named = problem(name).unwrap_or_else(|| panic!("no polycube problem {name}"));
    let packing = named.puzzle().build().expect("the named problems build");
    let start = Instant::now();
    let mut classes = packing.classes();
    let mut first = None;
    let stats = Problem::new(&packing.matrix)
        .solve()
        .threads(threads)
        .run(|s| {
            let filling = packing.filling(s);
            classes.add(&filling);
            first.get_or_insert(filling);
            std::ops::ControlFlow::Continue(())
        });
    println!("{name}: searched in {:.2} s", start.elapsed().as_secs_f64());
    assert_eq!(classes.solutions(), stats.solutions);
    let mut text = format!(
        "{name}: {}\n\
         {} solutions, {} updates, {} nodes\n\
         {} classes under {} symmetries, {} symmetric\n",
        named.about,
        stats.solutions,
        stats.updates,
        stats.nodes,
        classes.classes(),
        classes.group(),
        classes.symmetric(),
    );
    if let Some((published, source)) = named.published {
        assert_eq!(classes.classes() as u64, published, "{name}: {source}");
        if classes.symmetric() == 0 {
            assert_eq!(stats.solutions, published * classes.group() as u64);
        }
        text.push_str(&format!("published: {published} ({source})\n"));
    }
    // Only one thread finds the solutions in Knuth's order: the picture of the first is his.
    if threads == 1 {
        let first = first.expect("a solution");
        text.push_str(&format!("first solution found:\n{}", first.to_text()));
    }
    text
}

#[test]
fn soma() {
    insta::assert_snapshot!("soma", report("soma", 1));
}

#[test]
fn flat_pentacubes_2x3x10() {
    insta::assert_snapshot!(
        "flat-pentacubes-2x3x10",
        report("flat-pentacubes-2x3x10", 1)
    );
}

#[test]
fn flat_pentacubes_2x5x6() {
    // 1.3 G updates: about 5 s in the test profile.
    insta::assert_snapshot!("flat-pentacubes-2x5x6", report("flat-pentacubes-2x5x6", 1));
}

#[test]
fn tetracubes() {
    insta::assert_snapshot!("tetracubes-2x2x8", report("tetracubes-2x2x8", 1));
    insta::assert_snapshot!("tetracubes-2x4x4", report("tetracubes-2x4x4", 1));
}

#[test]
#[ignore = "14.7 G updates on one thread: 70 s in the test profile on an idle core, 300 s on a loaded 2-core machine; `cargo xtask slow`"]
fn flat_pentacubes_3x4x5() {
    insta::assert_snapshot!("flat-pentacubes-3x4x5", report("flat-pentacubes-3x4x5", 1));
}

#[test]
#[ignore = "322 G updates on every core: 26 CPU minutes in the test profile, 37 minutes on a loaded 2-core machine; `cargo xtask slow`"]
fn bedlam() {
    // Seven of the pieces are chiral and none of their mirror images is in the set, so only
    // the 24 rotations are symmetries: 460,464 solutions = 19,186 x 24.
    insta::assert_snapshot!("bedlam", report("bedlam", 0));
}
