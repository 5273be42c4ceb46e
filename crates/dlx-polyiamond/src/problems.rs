//! The paper's hexiamond puzzles, built exactly as `docs/paper-conventions.md` (section
//! "Polyiamonds") specifies their matrices.

use crate::board::{Board, unit_hexagon};
use crate::cell::{Cell, Point};
use crate::hexiamonds::{free_set, one_sided_set, rhombus_order};
use crate::puzzle::Puzzle;
use crate::shape::Shape;

/// The sphinx's three orientations in the rhombus: `00 00* 10 10* 11 20` and the same shape
/// turned 60° counter-clockwise and 60° clockwise. One representative of each orbit under the
/// rhombus's symmetry group of order 4, so each solution is counted once.
pub fn sphinx_three() -> Vec<Shape> {
    let base = Shape::parse("00 00* 10 10* 11 20").expect("well formed");
    let cw = base.rotated_cw();
    let mut ccw = base.clone();
    for _ in 0..5 {
        ccw = ccw.rotated_cw();
    }
    vec![base, ccw, cw]
}

/// The twelve hexiamonds in the 6x6 rhombus: 72 cell columns, then `H F S X C I P O J V G E`,
/// the sphinx P limited to [`sphinx_three`]. 1,677 rows; 156 solutions.
pub fn rhombus() -> Puzzle {
    let board = Board::rhombus(6, 6).expect("6x6 is a valid size");
    let mut set = free_set(&rhombus_order()).expect("the order names the twelve");
    for (label, orientations) in &mut set.pieces {
        if label == "P" {
            *orientations = sphinx_three();
        }
    }
    let mut p = Puzzle::new(board);
    p.pieces(set);
    p
}

/// The twelve hexiamonds on any board, every orientation allowed, column order
/// `H F S X C I P O J V G E` (no symmetry is broken: each solution appears in all its images).
pub fn hexiamonds_on(board: Board) -> Puzzle {
    let mut p = Puzzle::new(board);
    p.pieces(free_set(&rhombus_order()).expect("the order names the twelve"));
    p
}

/// The lattice point the hexagon piece O sits around in the paper's subcase (c): (2, 6), at
/// distance √7 from the centre (5, 5).
pub const SUBCASE_C: Point = (2, 6);

/// O'Beirne's hexagon with the 19 one-sided hexiamonds (columns: 114 cells, then the verified
/// piece order), the hexagon piece O fixed around lattice point `o` (one row), every other
/// piece in every fitting rotation.
pub fn hexagon_with_o_at(o: Point) -> Puzzle {
    let mut p = Puzzle::new(Board::obeirne_hexagon());
    for (label, orientations) in one_sided_set().pieces {
        if label == "O" {
            p.piece_where(label, orientations, around(o));
        } else {
            p.piece(label, orientations);
        }
    }
    p
}

/// Keeps only the placement that is the unit hexagon around `o`.
fn around(o: Point) -> impl Fn(&[Cell]) -> bool + Send + Sync + 'static {
    let mut want = unit_hexagon(o).to_vec();
    want.sort_unstable();
    move |cells| {
        let mut c = cells.to_vec();
        c.sort_unstable();
        c == want
    }
}

/// Subcase (c), Figure 8(c): O at [`SUBCASE_C`]. 3,446 rows; 6,675 solutions.
pub fn hexagon_c() -> Puzzle {
    hexagon_with_o_at(SUBCASE_C)
}

/// The black pairs of the six colour subproblems in the paper's order (955, 1208, 1164,
/// 1106, 1272, 970 solutions), black being the down triangles.
pub const COLOUR_PAIRS: [[&str; 2]; 6] = [
    ["P", "P'"],
    ["P'", "F"],
    ["P", "F"],
    ["P'", "F'"],
    ["P", "F'"],
    ["F", "F'"],
];

/// The four pieces with a colour bias.
pub const BIASED: [&str; 4] = ["P", "P'", "F", "F'"];

/// A colour subproblem of "A failed experiment": subcase (c) with the two pieces of `black`
/// limited to placements covering 4 down (black) triangles, and the other two biased pieces
/// to placements covering 2.
pub fn colour(black: [&str; 2]) -> Puzzle {
    let mut p = Puzzle::new(Board::obeirne_hexagon());
    for (label, orientations) in one_sided_set().pieces {
        if label == "O" {
            p.piece_where(label, orientations, around(SUBCASE_C));
        } else if BIASED.contains(&label.as_str()) {
            let downs = if black.contains(&label.as_str()) {
                4
            } else {
                2
            };
            p.piece_where(label, orientations, move |cells| {
                cells.iter().filter(|c| c.is_down()).count() == downs
            });
        } else {
            p.piece(label, orientations);
        }
    }
    p
}

/// Squared distance between two lattice points, in units of the lattice spacing.
pub fn distance2((a, b): Point, (c, d): Point) -> i32 {
    let (u, v) = (a - c, b - d);
    u * u + u * v + v * v
}

/// The 43 lattice points O can sit around in O'Beirne's hexagon, with their squared distance
/// from the centre, sorted by distance then point.
pub fn o_positions() -> Vec<(i32, Point)> {
    let board = Board::obeirne_hexagon();
    let centre = board.centre().expect("the hexagon has a centre");
    let (x0, x1, y0, y1) = board.bounds();
    let mut out = Vec::new();
    for a in x0..=x1 + 1 {
        for b in y0..=y1 + 1 {
            if unit_hexagon((a, b)).iter().all(|&c| board.contains(c)) {
                out.push((distance2((a, b), centre), (a, b)));
            }
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sphinx_orientations_are_references() {
        let names: Vec<String> = sphinx_three().iter().map(Shape::names).collect();
        assert_eq!(
            names,
            [
                "00 00* 10 10* 11 20",
                "02* 10* 11 11* 12 12*",
                "02* 11* 12 20* 21 21*"
            ]
        );
        let all = crate::hexiamonds::hexiamond("P")
            .unwrap()
            .shape()
            .orientations();
        assert!(sphinx_three().iter().all(|s| all.contains(s)));
    }

    #[test]
    fn rhombus_has_1677_rows_and_84_columns() {
        let placed = rhombus().build().unwrap();
        assert_eq!(placed.matrix.items().len(), 84);
        assert_eq!(placed.placements.len(), 1677);
        // Three of the sphinx's orientations fit 56 ways.
        assert_eq!(
            placed.placements.iter().filter(|p| p.label == "P").count(),
            56
        );
        let x = placed.matrix.find_item("X").unwrap();
        assert!(x < placed.matrix.find_item("O").unwrap());
    }

    #[test]
    fn hexagon_has_3445_rows_and_the_o_row_of_the_reference() {
        let placed = hexagon_c().build().unwrap();
        assert_eq!(placed.matrix.items().len(), 133);
        // 3,445 rows, not 3,446: the rows of each piece below are multiples of its number of
        // rotations (the board has six-fold symmetry), and they sum to 3,445.
        let per_piece: Vec<usize> = crate::hexiamonds::HEXAGON_ORDER
            .iter()
            .map(|l| placed.placements.iter().filter(|p| p.label == *l).count())
            .collect();
        assert_eq!(
            per_piece,
            [
                216, 228, 114, 114, 210, 102, 114, 216, 102, 1, 228, 216, 228, 228, 228, 228, 216,
                228, 228
            ]
        );
        assert_eq!(placed.placements.len(), 3445);
        let o: Vec<_> = placed
            .placements
            .iter()
            .filter(|p| p.label == "O")
            .collect();
        assert_eq!(o.len(), 1);
        let mut names: Vec<String> = o[0].cells.iter().map(|c| c.to_string()).collect();
        names.sort();
        assert_eq!(names, ["15*", "16", "16*", "25", "25*", "26"]);
    }

    #[test]
    fn colour_runs_keep_half_of_the_biased_rows() {
        let count = |placed: &crate::Placed, label: &str| {
            placed
                .placements
                .iter()
                .filter(|p| p.label == label)
                .count()
        };
        let full = hexagon_c().build().unwrap();
        for pair in COLOUR_PAIRS {
            let placed = colour(pair).build().unwrap();
            for label in BIASED {
                assert_eq!(2 * count(&placed, label), count(&full, label), "{label}");
            }
            let biased: usize = BIASED.iter().map(|l| count(&placed, l)).sum();
            assert_eq!(biased, 444);
        }
        assert_eq!(BIASED.iter().map(|l| count(&full, l)).sum::<usize>(), 888);
    }

    #[test]
    fn o_positions_group_into_seven_classes() {
        let pos = o_positions();
        assert_eq!(pos.len(), 43);
        let mut classes: Vec<(i32, usize)> = Vec::new();
        for (d, _) in pos {
            match classes.last_mut() {
                Some((e, n)) if *e == d => *n += 1,
                _ => classes.push((d, 1)),
            }
        }
        assert_eq!(
            classes,
            [(0, 1), (1, 6), (3, 6), (4, 6), (7, 12), (9, 6), (12, 6)]
        );
        assert_eq!(distance2(SUBCASE_C, (5, 5)), 7);
    }
}
