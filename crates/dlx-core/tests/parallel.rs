//! Parallel search gives exactly the sequential figures: solutions, updates, nodes, profile.
//! (Without the `parallel` feature every run is on the calling thread, with the same figures.)

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

mod common;

use dlx_core::{Dlx, Heuristic, MatrixBuilder, format};
use proptest::prelude::*;

fn check(dlx: &mut Dlx, h: Heuristic) {
    let pristine = dlx.clone();
    let seq = dlx.solve().heuristic(h).count();
    let mut seq_solutions: Vec<_> = dlx
        .solve()
        .heuristic(h)
        .iter()
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
    let all: BTreeSet<_> = dlx.solve().iter().map(|s| s.sorted_options()).collect();
    for depth in 1..=4 {
        let split = dlx.solve().split(depth);
        let mut found: Vec<_> = split.solutions.iter().map(|s| s.sorted_options()).collect();
        let mut stats = split.stats.clone();
        for path in &split.paths {
            assert_eq!(path.depth(), depth);
            let part = dlx.solve().below(path).unwrap().run(|s| {
                found.push(s.sorted_options());
                ControlFlow::Continue(())
            });
            stats.merge(&part);
        }
        assert_eq!(found.iter().cloned().collect::<BTreeSet<_>>(), all);
        assert_eq!(found.len(), all.len(), "no solution twice");
        let mut seq = dlx.solve().count();
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

/// One thread is the calling thread; more search elsewhere; an observed run is cut into parts
/// either way, with the figures of the plain search.
#[test]
fn one_thread_runs_on_the_calling_thread_and_more_elsewhere() {
    let m = common::queens(7);
    let mut dlx = Dlx::new(&m);
    let truth = dlx.solve().count();
    let me = std::thread::current().id();
    for threads in [1, 2] {
        let (mut visits, mut elsewhere, parts) = (0, 0, AtomicUsize::new(0));
        let stats = dlx
            .solve()
            .threads(threads)
            .observe(|_, _, _| {
                parts.fetch_add(1, Ordering::Relaxed);
            })
            .run(|_| {
                visits += 1;
                if std::thread::current().id() != me {
                    elsewhere += 1;
                }
                ControlFlow::Continue(())
            });
        assert_eq!(stats, truth, "{threads} threads");
        assert_eq!(visits, truth.solutions);
        assert!(parts.into_inner() > 1);
        let parallel = cfg!(feature = "parallel") && threads > 1;
        assert_eq!(elsewhere > 0, parallel, "{elsewhere} visits elsewhere");
    }
}
