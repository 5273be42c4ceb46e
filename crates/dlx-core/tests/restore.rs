//! Every search, complete or stopped early, leaves the link arena exactly as it was.

use std::ops::ControlFlow;

use dlx_core::{Dlx, Heuristic, format};

const MICRO: &str = "c0 c1 c2 c3\nc0\nc1 c2\nc0 c3\nc2 c3\nc1\nc2\n";

#[test]
fn arena_is_restored_after_complete_and_interrupted_searches() {
    let m = format::parse(MICRO).unwrap();
    let mut dlx = Dlx::new(&m);
    let pristine = dlx.clone();

    assert_eq!(dlx.solve().count().solutions, 3);
    assert_eq!(dlx, pristine);

    let stats = dlx.solve().run(|_| ControlFlow::Break(()));
    assert_eq!(stats.solutions, 1);
    assert!(!stats.complete);
    assert_eq!(dlx, pristine);

    let stats = dlx.solve().heuristic(Heuristic::Leftmost).limit(2).count();
    assert_eq!(stats.solutions, 2);
    assert!(!stats.complete);
    assert_eq!(dlx, pristine);

    assert!(dlx.solve().first().is_some());
    assert_eq!(dlx, pristine);

    // An iterator dropped half-way.
    let mut it = dlx.solve().iter();
    assert!(it.next().is_some());
    drop(it);
    assert_eq!(dlx, pristine);

    // And the full enumeration still finds everything afterwards.
    let all: Vec<_> = dlx.solve().iter().map(|s| s.sorted_options()).collect();
    assert_eq!(all.len(), 3);
    assert_eq!(dlx, pristine);
}

#[test]
fn limit_larger_than_the_count_completes() {
    let m = format::parse(MICRO).unwrap();
    let stats = Dlx::new(&m).solve().limit(10).count();
    assert_eq!(stats.solutions, 3);
    assert!(stats.complete);
}

#[test]
fn first_on_a_matrix_without_solutions_is_none_and_complete() {
    let m = format::parse("a b\na\n").unwrap();
    let mut dlx = Dlx::new(&m);
    let mut search = dlx.solve().iter();
    let (sol, stats) = (search.next(), search.stats());
    assert!(sol.is_none());
    assert!(stats.complete);
    // The S heuristic picks the empty column b at once: covering it costs 1, only the root.
    assert_eq!((stats.nodes, stats.updates), (1, 1));
    // Leftmost: cover a (1), try row `a` (a node), then b has no rows: covering it costs 1.
    drop(search);
    let mut search = dlx.solve().heuristic(Heuristic::Leftmost).iter();
    let (_, stats) = (search.next(), search.stats());
    assert_eq!((stats.nodes, stats.updates), (2, 2));
}
