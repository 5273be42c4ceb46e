//! The dead-end test changes nothing but the time: with it on or off, a search finds the same
//! solutions in the same order, with the same updates, nodes, per-level profile and branching
//! degrees, complete or stopped at a limit, and leaves the arena as it found it. (Random small
//! matrices, whose trees end before the test would start, are checked inside the crate with
//! the test started at the root.)

mod common;

use dlx_core::step::Search;
use dlx_core::{Dlx, Heuristic, Matrix, OptionId, Solution, Stats};

/// Every solution in order and the figures (degrees included), up to `limit` solutions, with
/// `fixed` chosen first.
fn run(
    dlx: &mut Dlx,
    h: Heuristic,
    test: bool,
    limit: Option<u64>,
    fixed: &[OptionId],
) -> (Vec<Solution>, Stats) {
    let mut search = Search::new(dlx)
        .heuristic(h)
        .dead_end_test(test)
        .record_degrees()
        .fix(fixed)
        .unwrap();
    if let Some(n) = limit {
        search = search.limit(n);
    }
    let mut solutions = Vec::new();
    let stats = search.run(|s| {
        solutions.push(s.to_solution());
        std::ops::ControlFlow::Continue(())
    });
    (solutions, stats)
}

fn same_with_and_without(m: &Matrix, limit: Option<u64>) {
    let mut dlx = Dlx::new(m);
    let pristine = dlx.clone();
    for h in [Heuristic::Mrv, Heuristic::Leftmost] {
        let plain = run(&mut dlx, h, false, limit, &[]);
        let tested = run(&mut dlx, h, true, limit, &[]);
        assert_eq!(tested, plain, "{h:?}, limit {limit:?}");
        assert_eq!(dlx, pristine);
    }
}

#[test]
fn queens_figures_are_unchanged() {
    for n in 4..=9 {
        same_with_and_without(&common::queens(n), None);
        same_with_and_without(&common::queens(n), Some(3));
    }
}

#[test]
fn queens_figures_are_unchanged_below_fixed_options() {
    let m = common::queens(9);
    let mut dlx = Dlx::new(&m);
    for h in [Heuristic::Mrv, Heuristic::Leftmost] {
        let plain = run(&mut dlx, h, false, None, &[1, 12]);
        let tested = run(&mut dlx, h, true, None, &[1, 12]);
        assert!(plain.1.solutions > 0);
        assert_eq!(tested, plain);
    }
}

#[test]
fn the_rules_without_the_test_are_untouched() {
    // MrvEager and custom rules never test; the switch must not matter to them either.
    let m = common::queens(8);
    let mut dlx = Dlx::new(&m);
    let a = dlx.solve().heuristic(Heuristic::MrvEager).count();
    let b = dlx
        .solve()
        .heuristic(Heuristic::MrvEager)
        .dead_end_test(false)
        .count();
    assert_eq!(a, b);
    assert_eq!(a.solutions, 92);
}
