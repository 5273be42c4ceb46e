//! Parallel search gives exactly the sequential figures: solutions, updates, nodes, profile.

#![cfg(feature = "parallel")]

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_core::{Dlx, Heuristic, MatrixBuilder, format};
use proptest::prelude::*;

fn check(dlx: &mut Dlx, h: Heuristic) {
    let pristine = dlx.clone();
    let seq = dlx.count(h);
    let mut seq_solutions: Vec<_> = dlx
        .search()
        .heuristic(h)
        .map(|s| s.sorted_options())
        .collect();
    seq_solutions.sort();
    for threads in [1, 2, 3] {
        let mut found = Vec::new();
        let par = dlx.solve().heuristic(h).threads(threads).run(|s| {
            found.push(s.sorted_options());
            ControlFlow::Continue(())
        });
        assert_eq!(par, seq, "{threads} threads, {h:?}");
        found.sort();
        assert_eq!(found, seq_solutions);
        assert_eq!(*dlx, pristine);
        // Counting takes its own path (no solution is built), with the same figures.
        assert_eq!(
            dlx.solve().heuristic(h).threads(threads).count(),
            seq,
            "counting, {threads} threads, {h:?}"
        );
        assert_eq!(*dlx, pristine);
    }
}

#[test]
fn knuths_queens_files_give_identical_figures_in_parallel() {
    for n in 1..=9 {
        let Some(text) = dlx_test_data::read(format!("exact_cover/knuth_format/queens-{n}.dlx"))
        else {
            return;
        };
        let m = format::parse(&text).unwrap();
        for h in [Heuristic::Mrv, Heuristic::Leftmost] {
            check(&mut Dlx::new(&m), h);
        }
    }
}

#[test]
fn split_paths_partition_the_solutions() {
    let m = format::parse("a b c d\na b\nc d\na c\nb d\na\nb\nc\nd\n").unwrap();
    let mut dlx = Dlx::new(&m);
    let all: BTreeSet<_> = dlx.solutions().map(|s| s.sorted_options()).collect();
    for depth in 1..=4 {
        let split = dlx.search().split(depth);
        let mut found: Vec<_> = split.solutions.iter().map(|s| s.sorted_options()).collect();
        let mut stats = split.stats.clone();
        for path in &split.paths {
            assert_eq!(path.len(), depth);
            let part = dlx
                .subtree(path, Heuristic::Mrv, |s| found.push(s.sorted_options()))
                .unwrap();
            stats.merge(&part);
        }
        assert_eq!(found.iter().cloned().collect::<BTreeSet<_>>(), all);
        assert_eq!(found.len(), all.len(), "no solution twice");
        let mut seq = dlx.count(Heuristic::Mrv);
        seq.complete = stats.complete;
        assert_eq!(stats, seq, "depth {depth}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_matrices_give_identical_figures_in_parallel(
        primary in 1usize..7,
        secondary in 0usize..3,
        options in prop::collection::vec(prop::collection::btree_set(0usize..9, 1..4), 0..24),
    ) {
        let mut b = MatrixBuilder::new();
        for i in 0..primary { b.primary(format!("p{i}")).unwrap(); }
        for i in 0..secondary { b.secondary(format!("s{i}")).unwrap(); }
        let items = primary + secondary;
        for o in options {
            let o: Vec<usize> = o.into_iter().filter(|&i| i < items).collect();
            if !o.is_empty() { b.option_ids(o).unwrap(); }
        }
        let m = b.build().unwrap();
        for h in [Heuristic::Mrv, Heuristic::Leftmost] {
            check(&mut Dlx::new(&m), h);
        }
    }
}
