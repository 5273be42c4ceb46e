//! The paper's tetrastick problems, counted by running the search (`docs/paper-conventions.md`,
//! "Tetrasticks"). Each figure here is also pinned in the snapshot tables.

use dlx_core::Dlx;
use dlx_polystick::{Board, Crossings, Puzzle, one_sided, orbits, parse_piece_set, tetrasticks};

fn figure_11(left_out: &str) -> Puzzle {
    Puzzle::new(
        Board::grid(5, 5).unwrap(),
        parse_piece_set(&format!("all -{left_out}")).unwrap(),
    )
    .fix_orientation("P", "H00 H01 V00 V11")
    .unwrap()
}

#[test]
fn welded_one_sided_in_4x4_three_classes_two_symmetric() {
    let puzzle = Puzzle::new(
        Board::grid(4, 4).unwrap(),
        parse_piece_set("one-sided-welded").unwrap(),
    );
    let built = puzzle.build().unwrap();
    assert_eq!(built.matrix.items().len(), 10 + 40 + 9);
    let mut dlx = Dlx::new(&built.matrix);
    let sols: Vec<_> = dlx.solve().iter().map(|s| built.arrangement(&s)).collect();
    let stats = dlx.solve().count();
    assert_eq!(
        (stats.solutions, stats.updates, stats.nodes),
        (16, 177_037, 1_264)
    );
    let o = orbits(&sols, &built.board, &built.pieces);
    let mut sizes = o.sizes.clone();
    sizes.sort_unstable();
    assert_eq!((o.classes, o.symmetric, sizes), (3, 2, vec![4, 4, 8]));
    // The paper: the third solution "has the X piece in the middle".
    for (rep, size) in o.representatives.iter().zip(&o.sizes) {
        let x = rep.pieces.iter().find(|p| p.name == "X").unwrap();
        let centre = x
            .segs
            .iter()
            .all(|s| s.ends().contains(&dlx_polystick::Point::new(2, 2)));
        assert_eq!(
            centre,
            *size == 8,
            "X in the middle exactly in the asymmetric class"
        );
    }
    assert!(sols.iter().all(|a| a.crossings().is_empty()));
}

#[test]
fn unwelded_one_sided_in_5x5_has_no_solution() {
    let puzzle = Puzzle::new(
        Board::grid(5, 5).unwrap(),
        parse_piece_set("one-sided-unwelded").unwrap(),
    );
    let built = puzzle.build().unwrap();
    let stats = Dlx::new(&built.matrix).solve().count();
    assert_eq!(
        (stats.solutions, stats.updates, stats.nodes),
        (0, 932_413, 2_091)
    );
}

#[test]
fn aztec_diamond_matrix() {
    let built = Puzzle::new(Board::parse("aztec").unwrap(), one_sided(&tetrasticks()))
        .build()
        .unwrap();
    assert_eq!(built.matrix.options().len(), 2_945);
    assert_eq!(built.matrix.primary_count(), 125);
    assert_eq!(built.matrix.items().len(), 165);
}

#[test]
fn without_secondary_columns_figure_11c_admits_crossings() {
    // Figure 12: the matrix of Figure 11(c) without the I columns has solutions whose pieces
    // cross; the first one the search finds already does or soon will.
    let built = Puzzle::new(
        Board::grid(5, 5).unwrap(),
        parse_piece_set("all -L").unwrap(),
    )
    .with_crossings(Crossings::Allowed)
    .build()
    .unwrap();
    let mut dlx = Dlx::new(&built.matrix);
    let crossing = dlx
        .solve()
        .iter()
        .map(|s| built.arrangement(&s))
        .find(|a| !a.crossings().is_empty())
        .expect("some cover crosses");
    // Every segment is covered once, and at each crossing one piece runs across, another up.
    let mut segs: Vec<_> = crossing
        .pieces
        .iter()
        .flat_map(|p| p.segs.clone())
        .collect();
    segs.sort_unstable();
    assert_eq!(segs, built.board.segments());
}

#[test]
#[ignore = "0.9 G updates, about 30 s in release (also pinned by the tetrasticks-5x5 table)"]
fn figure_11_leaving_out_h() {
    let built = figure_11("H").build().unwrap();
    let stats = Dlx::new(&built.matrix).solve().count();
    assert_eq!(
        (stats.solutions, stats.updates, stats.nodes),
        (72, 918_419_093, 3_330_758)
    );
}
