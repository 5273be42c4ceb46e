//! Fixing options before a search (puzzle givens), and undoing it.

use dlx_core::{Dlx, FixError, Heuristic, format};

const MATRIX3: &str = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

#[test]
fn fixing_an_option_restricts_the_search_and_unfix_restores_the_arena() {
    let m = format::parse(MATRIX3).unwrap();
    let mut dlx = Dlx::new(&m);
    let pristine = dlx.clone();

    dlx.fix(3).unwrap(); // A D, the option of the only solution
    let s = dlx.count(Heuristic::Mrv);
    assert_eq!(s.solutions, 1);
    assert_eq!(dlx.first().unwrap().sorted_options(), vec![0, 4]);

    assert_eq!(
        dlx.fix(1),
        Err(FixError::Clash {
            option: 1,
            with: 3,
            item: 0
        })
    );
    assert_eq!(dlx.fix(99), Err(FixError::NoSuchOption(99)));

    dlx.fix(0).unwrap();
    dlx.fix(4).unwrap();
    // Everything is covered: the empty selection is the one solution, at the root.
    let s = dlx.count(Heuristic::Mrv);
    assert_eq!((s.solutions, s.nodes, s.updates), (1, 1, 0));
    assert_eq!(dlx.first().unwrap().rows.len(), 0);
    assert_eq!(dlx.fixed(), &[3, 0, 4]);

    dlx.unfix_all();
    assert_eq!(dlx, pristine);
}

#[test]
fn fixing_a_dead_option_leaves_no_solution() {
    let m = format::parse(MATRIX3).unwrap();
    let mut dlx = Dlx::new(&m);
    dlx.fix(1).unwrap(); // A D G is in no solution
    assert_eq!(dlx.count(Heuristic::Leftmost).solutions, 0);
    assert_eq!(dlx.unfix(), Some(1));
    assert_eq!(dlx.count(Heuristic::Leftmost).solutions, 1);
}
