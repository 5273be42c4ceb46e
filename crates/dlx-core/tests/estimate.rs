//! Knuth's Monte Carlo estimator against exactly counted trees.

mod common;

use common::queens;
use dlx_core::{Dlx, Heuristic, format};

#[test]
fn probes_restore_the_arena() {
    let m = queens(6);
    let mut dlx = Dlx::new(&m);
    let before = dlx.clone();
    let truth = dlx.solve().count();
    let _ = dlx.solve().estimate_plain(500, 7);
    assert_eq!(dlx, before);
    assert_eq!(dlx.solve().count(), truth);
}

#[test]
fn a_uniform_tree_is_estimated_exactly() {
    // Three independent pairs of rows: every probe sees degrees 2, 2, 2 and the same updates.
    let m = format::parse("a b c\na\na\nb\nb\nc\nc\n").unwrap();
    let mut dlx = Dlx::new(&m);
    let truth = dlx.solve().heuristic(Heuristic::Leftmost).count();
    let est = dlx
        .solve()
        .heuristic(Heuristic::Leftmost)
        .estimate_plain(20, 3);
    assert_eq!(est.nodes.mean, truth.nodes as f64);
    assert_eq!(est.updates.mean, truth.updates as f64);
    assert_eq!(est.solutions.mean, truth.solutions as f64);
    assert_eq!(est.nodes.std_dev, 0.0);
    let levels: Vec<f64> = truth.levels.iter().map(|l| l.nodes as f64).collect();
    assert_eq!(est.level_nodes, levels);
}

#[test]
fn the_same_seed_gives_the_same_estimate() {
    let m = queens(7);
    let mut dlx = Dlx::new(&m);
    let a = dlx.solve().estimate_plain(300, 42);
    let b = dlx.solve().estimate_plain(300, 42);
    let c = dlx.solve().estimate_plain(300, 43);
    assert_eq!(a, b);
    assert_ne!(a, c);
}

/// The mean converges to the truth: within 4 standard errors (a fixed seed, so the test is
/// deterministic; a biased estimator would miss by far more at these sample counts).
#[test]
fn the_mean_estimates_nodes_updates_and_solutions() {
    for (n, h) in [
        (6, Heuristic::Mrv),
        (8, Heuristic::Mrv),
        (8, Heuristic::Leftmost),
    ] {
        let m = queens(n);
        let mut dlx = Dlx::new(&m);
        let truth = dlx.solve().heuristic(h).count();
        let est = dlx.solve().heuristic(h).estimate_plain(20_000, 2026);
        for (what, s, t) in [
            ("nodes", est.nodes, truth.nodes),
            ("updates", est.updates, truth.updates),
            ("solutions", est.solutions, truth.solutions),
        ] {
            let t = t as f64;
            assert!(
                (s.mean - t).abs() <= 4.0 * s.std_error,
                "queens {n} {h:?} {what}: estimate {} ± {} vs truth {t}",
                s.mean,
                s.std_error
            );
        }
        for (k, l) in truth.levels.iter().enumerate() {
            let e = est.level_nodes[k];
            assert!(
                (e - l.nodes as f64).abs() <= 0.2 * l.nodes as f64 + 2.0,
                "level {k}: {e} vs {}",
                l.nodes
            );
        }
    }
}

#[test]
fn an_unsolvable_root_and_a_solved_root() {
    let m = format::parse("a b\na\n").unwrap();
    let mut dlx = Dlx::new(&m);
    let truth = dlx.solve().count();
    let est = dlx.solve().estimate_plain(10, 1);
    assert_eq!(
        (est.nodes.mean, est.updates.mean, est.solutions.mean),
        (truth.nodes as f64, truth.updates as f64, 0.0)
    );
    let m = format::parse("a\na\n").unwrap();
    let mut dlx = Dlx::new(&m);
    let est = dlx.solve().fix([0]).unwrap().estimate_plain(3, 1);
    assert_eq!((est.nodes.mean, est.solutions.mean), (1.0, 1.0));
}

/// The search's own estimate of the fraction done grows from solution to solution, stays in
/// (0, 1], and is exact on a tree whose degree depends only on the depth.
#[test]
fn progress_grows_with_the_search() {
    let m = queens(8);
    let mut dlx = Dlx::new(&m);
    let mut search = dlx.solve().iter();
    assert_eq!(search.progress(), 0.0);
    let mut last = 0.0;
    while search.next().is_some() {
        let p = search.progress();
        assert!(p > last && p <= 1.0, "{p} after {last}");
        last = p;
    }
    assert_eq!(search.progress(), 1.0);
    let m = format::parse("a b\na\na\nb\nb\n").unwrap();
    let mut dlx = Dlx::new(&m);
    let mut search = dlx.solve().iter();
    let mut seen = Vec::new();
    while search.advance() {
        seen.push(search.progress());
    }
    assert_eq!(seen, [0.25, 0.5, 0.75, 1.0]);
}
