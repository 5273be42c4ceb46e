//! The paper's benchmark problems counted on several threads give exactly the sequential
//! figures: solutions, updates, nodes and the per-level profile. These are searches large
//! enough for the dead-end test to start inside each subtree (6x10, Scott) or to be given up
//! (queens), unlike the small matrices of dlx-core's own parallel tests.

use dlx_core::{Dlx, Heuristic};

fn same_figures_on_any_number_of_threads(name: &str) {
    let problem = dlx_paper::problem(name).unwrap();
    let mut dlx = Dlx::new(&problem.matrix);
    let seq = dlx.solve().heuristic(Heuristic::Mrv).count();
    assert!(seq.updates > 10_000_000, "{name} is a search of some size");
    for threads in [2, 3] {
        let par = dlx.solve().threads(threads).count();
        assert_eq!(par, seq, "{name} on {threads} threads");
    }
    // Every option of the builder at once: the rule and the dead-end test reach the threads.
    let leftmost = dlx.solve().heuristic(Heuristic::Leftmost).count();
    let par = dlx
        .solve()
        .heuristic(Heuristic::Leftmost)
        .dead_end_test(false)
        .threads(2)
        .count();
    assert_eq!(par, leftmost, "{name} by the leftmost rule on 2 threads");
    let plain = dlx.solve().dead_end_test(false).count();
    assert_eq!(plain, seq, "{name} without the dead-end test");
}

#[test]
#[ignore = "the check of scott_counts_the_same_in_parallel on a larger tree: about 50 s in the \
            test profile on 2 cores; run by cargo xtask slow"]
fn pentominoes_6x10_count_the_same_in_parallel() {
    same_figures_on_any_number_of_threads("pentomino-6x10");
}

#[test]
fn scott_counts_the_same_in_parallel() {
    same_figures_on_any_number_of_threads("scott");
}

#[test]
fn queens_13_counts_the_same_in_parallel() {
    same_figures_on_any_number_of_threads("queens-13");
}
