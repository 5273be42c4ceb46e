//! Fixing options before a search (puzzle givens): the run is restricted, the arena untouched.

use dlx_core::{Dlx, FixError, Heuristic, Problem, format};

const MATRIX3: &str = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

#[test]
fn fixing_an_option_restricts_the_search_and_leaves_the_arena_as_it_was() {
    let m = format::parse(MATRIX3).unwrap();
    let mut dlx = Dlx::new(&m);
    let pristine = dlx.clone();

    // A D, the option of the only solution.
    let s = dlx.solve().fix([3]).unwrap().count();
    assert_eq!(s.solutions, 1);
    let first = dlx.solve().fix([3]).unwrap().first().unwrap();
    assert_eq!(first.sorted_options(), vec![0, 4]);

    assert_eq!(
        dlx.solve().fix([3, 1]).err(),
        Some(FixError::Clash {
            option: 1,
            with: 3,
            item: 0
        })
    );
    assert_eq!(
        dlx.solve().fix([99]).err(),
        Some(FixError::NoSuchOption(99))
    );

    // Everything is covered: the empty selection is the one solution, at the root.
    let s = dlx.solve().fix([3, 0]).unwrap().fix([4]).unwrap().count();
    assert_eq!((s.solutions, s.nodes, s.updates), (1, 1, 0));
    let first = dlx.solve().fix([3, 0, 4]).unwrap().first();
    assert_eq!(first.unwrap().rows.len(), 0);
    assert_eq!(dlx, pristine);
}

#[test]
fn fixing_a_dead_option_leaves_no_solution() {
    let m = format::parse(MATRIX3).unwrap();
    let mut dlx = Dlx::new(&m);
    // A D G is in no solution.
    let leftmost = || Heuristic::Leftmost;
    let s = dlx.solve().heuristic(leftmost()).fix([1]).unwrap().count();
    assert_eq!(s.solutions, 0);
    assert_eq!(dlx.solve().heuristic(leftmost()).count().solutions, 1);
}

#[test]
fn fixed_options_hold_on_threads_shards_and_the_iterator() {
    let m = format::parse("a b c d\na b\nc d\na\nb\nc\nd\na c\nb d\n").unwrap();
    let mut dlx = Dlx::new(&m);
    // Option 2 (`a`) chosen first: the solutions that hold it, without it.
    let whole = dlx.solve().fix([2]).unwrap().count();
    assert_eq!(whole.solutions, 3);
    assert_eq!(dlx.solve().fix([2]).unwrap().threads(2).count(), whole);
    let mut total = dlx_core::Stats::default();
    for k in 1..=2 {
        total.merge(&dlx.solve().fix([2]).unwrap().shard(k, 2).unwrap().count());
    }
    total.complete = true;
    assert_eq!(total, whole);
    let listed: Vec<_> = dlx
        .solve()
        .fix([2])
        .unwrap()
        .iter()
        .map(|s| s.sorted_options())
        .collect();
    assert_eq!(listed, [vec![1, 3], vec![3, 4, 5], vec![4, 7]]);
}

#[test]
fn a_matrix_with_colours_fixes_options_too() {
    // TAOCP's toy problem (49): its one solution is `q x:A` and `p r x:A y`.
    let m = format::parse("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n").unwrap();
    let mut problem = Problem::new(&m);
    let rest: Vec<_> = problem.solve().fix([3]).unwrap().iter().collect();
    assert_eq!(rest.len(), 1);
    assert_eq!(rest[0].sorted_options(), [1]);
    // `p x:B` gives x another colour than `q x:A`: excluded.
    assert_eq!(
        problem.solve().fix([3, 2]).err(),
        Some(FixError::Excluded(2))
    );
    assert_eq!(
        problem.solve().fix([7]).err(),
        Some(FixError::NoSuchOption(7))
    );
    assert_eq!(problem.solve().count().solutions, 1);
}
