//! The queens matrix is Knuth's, and its figures are the paper's.

use dlx_core::{Dlx, format};
use dlx_queens::{MOTIONS, Motion, Order, Queens, QueensError};

/// Knuth's queens-dlx output for N, from the optional data folder (`DLX_DATA_DIR`): `None`,
/// after one `skipped:` line, when it is absent.
fn knuth_file(n: usize) -> Option<String> {
    dlx_test_data::read(format!("exact_cover/knuth_format/queens-{n}.dlx"))
}

#[test]
fn the_matrix_is_byte_for_byte_what_queens_dlx_writes() {
    for n in 1..=16 {
        let Some(knuth) = knuth_file(n) else { return };
        let matrix = Queens::new(n).unwrap().matrix();
        assert_eq!(format::parse(&knuth).unwrap(), matrix, "queens {n}");
        // For N = 1 queens-dlx writes a bare `|` before its empty list of diagonals.
        if n > 1 {
            let ours = format::write(
                &matrix,
                Some(&format!("This data produced by ./queens-dlx {n}")),
            );
            assert_eq!(ours, knuth, "queens {n}");
        }
    }
}

#[test]
fn solutions_are_peaceful_boards_with_n_queens() {
    for n in 4..=8 {
        let q = Queens::new(n).unwrap();
        let m = q.matrix();
        for sol in Dlx::new(&m).solve().iter() {
            let board = q.board(&sol);
            assert_eq!(board.queens().len(), n);
            assert!(board.is_peaceful(), "{}", board.ascii());
        }
    }
}

#[test]
fn the_r_variant_counts_the_same_solutions_with_the_papers_figures() {
    // The paper's table: N = 8, R-nodes 1,223 and R-updates 18,849.
    let q = Queens::new(8).unwrap().ranks_only(true);
    let s = Dlx::new(&q.matrix()).solve().count();
    assert_eq!((s.solutions, s.nodes, s.updates), (92, 1_223, 18_849));
}

#[test]
fn plain_order_changes_the_tree_not_the_count() {
    let organ = Dlx::new(&Queens::new(10).unwrap().matrix()).solve().count();
    let plain = Dlx::new(&Queens::new(10).unwrap().with_order(Order::Plain).matrix())
        .solve()
        .count();
    assert_eq!(organ.solutions, plain.solutions);
    assert_ne!(organ.updates, plain.updates);
}

#[test]
fn names_stay_distinct_beyond_one_character_indices() {
    let m = Queens::new(25).unwrap().matrix();
    assert_eq!(m.options().len(), 625);
    assert!(m.find_item("a47").is_some());
    let first = Dlx::new(&m).solve().first().unwrap();
    assert!(Queens::new(25).unwrap().board(&first).is_peaceful());
}

#[test]
fn out_of_range_sizes_are_errors() {
    assert_eq!(Queens::new(0), Err(QueensError::OutOfRange(0)));
    assert!(Queens::new(1001).is_err());
}

#[test]
fn pictures_show_every_queen() {
    let q = Queens::new(4).unwrap();
    let sol = Dlx::new(&q.matrix()).solve().first().unwrap();
    let board = q.board(&sol);
    assert_eq!(board.ascii().matches('Q').count(), 4);
    assert_eq!(board.svg().matches("<circle").count(), 4);
}

#[test]
fn the_tie_break_decides_the_figures_the_snapshots_pin() {
    // Knuth's rule takes the *first* smallest column; taking the last one explores another
    // tree, so a change of tie-break cannot slip past the queens snapshot.
    let m = Queens::new(8).unwrap().matrix();
    let knuth = Dlx::new(&m).solve().count();
    let last_smallest = |items: dlx_core::ActiveItems| {
        let min = items.clone().map(|(_, s)| s).min().expect("never empty");
        items
            .filter(|&(_, s)| s == min)
            .last()
            .expect("one has the minimum")
            .0
    };
    let other = Dlx::new(&m).solve().choose_with(last_smallest).count();
    assert_eq!(other.solutions, knuth.solutions);
    assert_ne!((other.nodes, other.updates), (knuth.nodes, knuth.updates));
    assert_eq!((knuth.nodes, knuth.updates), (1_049, 16_680));
}

/// The classes of every board's solutions under the board's motions, worked out on the
/// boards themselves: each solution's least image among `motions`.
fn classes_on_boards(queens: &Queens, motions: &[Motion]) -> usize {
    let n = queens.n();
    let matrix = queens.matrix();
    let mut dlx = dlx_core::Dlx::new(&matrix);
    let forms: std::collections::HashSet<Vec<(usize, usize)>> = (dlx.solve().iter())
        .map(|s| {
            let squares = queens.board(&s).queens().to_vec();
            (motions.iter())
                .map(|m| {
                    let mut image: Vec<(usize, usize)> =
                        squares.iter().map(|&(i, j)| m(n, i, j)).collect();
                    image.sort_unstable();
                    image
                })
                .min()
                .expect("the identity at least")
        })
        .collect();
    forms.len()
}

#[test]
fn classes_under_the_boards_symmetries_are_the_fundamental_solutions() {
    let square = MOTIONS;
    // Files secondary: only the motions that keep ranks as ranks.
    let upright = [square[0], square[2], square[4], square[5]];
    for n in 2..=9 {
        for ranks_only in [false, true] {
            let queens = Queens::new(n).unwrap().ranks_only(ranks_only);
            let group = queens.symmetry_group().unwrap();
            let motions: &[_] = if ranks_only { &upright } else { &square };
            assert_eq!(group.order(), motions.len(), "n = {n}");
            let found = (dlx_core::Problem::new(&queens.matrix()).solve())
                .classes(&group)
                .unwrap();
            assert_eq!(
                found.classes as usize,
                classes_on_boards(&queens, motions),
                "n = {n}, ranks only: {ranks_only}"
            );
            let all = dlx_core::Dlx::new(&queens.matrix()).solve().count();
            assert_eq!(found.solutions, all.solutions, "n = {n}");
        }
    }
}
