//! The symmetries of a board, and of a puzzle's matrix: the motions of the square grid that
//! map the board onto itself, less those that the piece set does not allow (a one-sided set
//! without its mirror images loses the reflections).

use dlx_core::symmetry::{Symmetries, SymmetryError};

use crate::board::Board;
use crate::puzzle::Packing;

/// One of the eight motions of the square grid that keep a square in place (four turns, four
/// mirrors), acting on a board about the centre of its cells' bounding box: the cell's
/// offsets in the box are swapped (`transpose`), then counted from the far side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Motion {
    transpose: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Motion {
    /// The identity.
    pub const IDENTITY: Motion = Motion {
        transpose: false,
        flip_rows: false,
        flip_cols: false,
    };

    /// All eight, the identity first, then the other turns, then the mirrors.
    pub fn all() -> Vec<Motion> {
        let mut out: Vec<Motion> = (0..8u8)
            .map(|b| Motion {
                transpose: b & 4 != 0,
                flip_rows: b & 2 != 0,
                flip_cols: b & 1 != 0,
            })
            .collect();
        out.sort_by_key(|m| (!m.is_rotation(), *m != Motion::IDENTITY));
        out
    }

    /// True for the four turns (the identity and the half turn among them).
    pub fn is_rotation(&self) -> bool {
        self.transpose == (self.flip_rows != self.flip_cols)
    }

    /// The image of cell `(row, col)` of the box with corner `(r0, c0)` and sides `h` x `w`
    /// (square when the motion transposes).
    fn apply(
        &self,
        (row, col): (usize, usize),
        (r0, c0, h, w): (usize, usize, usize, usize),
    ) -> (usize, usize) {
        let (mut dr, mut dc) = (row - r0, col - c0);
        let (mut h, mut w) = (h, w);
        if self.transpose {
            (dr, dc, h, w) = (dc, dr, w, h);
        }
        if self.flip_rows {
            dr = h - 1 - dr;
        }
        if self.flip_cols {
            dc = w - 1 - dc;
        }
        (r0 + dr, c0 + dc)
    }
}

impl Board {
    /// The bounding box of the cells: top row, left column, height, width.
    fn bounding_box(&self) -> (usize, usize, usize, usize) {
        let (mut r0, mut c0, mut r1, mut c1) = (usize::MAX, usize::MAX, 0, 0);
        for (r, c) in self.cells() {
            (r0, c0, r1, c1) = (r0.min(r), c0.min(c), r1.max(r), c1.max(c));
        }
        (r0, c0, r1 + 1 - r0, c1 + 1 - c0)
    }

    /// The motions that map the board onto itself, cells that may stay empty onto cells that
    /// may stay empty: 4 for a rectangle, 8 for a square, 1 for a board without symmetry.
    ///
    /// ```
    /// use dlx_polyomino::Board;
    /// assert_eq!(Board::rectangle(6, 10)?.symmetries().len(), 4);
    /// assert_eq!(Board::from_ascii("###/#../#..")?.symmetries().len(), 2);
    /// # Ok::<(), dlx_polyomino::BoardError>(())
    /// ```
    pub fn symmetries(&self) -> Vec<Motion> {
        let bbox = self.bounding_box();
        Motion::all()
            .into_iter()
            .filter(|m| !m.transpose || bbox.2 == bbox.3)
            .filter(|m| {
                self.cells().all(|cell| {
                    let (r, c) = m.apply(cell, bbox);
                    self.contains(r as i64, c as i64)
                        && self.is_optional(r, c) == self.is_optional(cell.0, cell.1)
                })
            })
            .collect()
    }

    /// The image of a cell under one of the board's motions ([`Board::symmetries`]).
    pub fn moved(&self, motion: Motion, cell: (usize, usize)) -> (usize, usize) {
        motion.apply(cell, self.bounding_box())
    }
}

impl Packing {
    /// The symmetries of the puzzle: the board's motions ([`Board::symmetries`]) that map
    /// the matrix onto itself, each piece going to itself or to its mirror image in the set
    /// (found by matching placements). Restrictions that break a motion (a piece held in one
    /// quarter) remove it. [`dlx_core::Solve::classes`] counts the solutions up to them.
    ///
    /// ```
    /// use dlx_core::Problem;
    /// use dlx_polyomino::{Board, Puzzle, pentominoes};
    /// let mut puzzle = Puzzle::new(Board::rectangle(3, 20)?);
    /// puzzle.pieces(pentominoes());
    /// let packing = puzzle.build()?;
    /// let group = packing.symmetry_group()?;
    /// let found = Problem::new(&packing.matrix).solve().classes(&group)?;
    /// assert_eq!((found.group, found.classes, found.solutions), (4, 2, 8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn symmetry_group(&self) -> Result<Symmetries, SymmetryError> {
        let board = self.board();
        let motions = board.symmetries().into_iter().map(|motion| {
            board.cells().map(move |cell| {
                let (r, c) = board.moved(motion, cell);
                (board.cell_name(cell.0, cell.1), board.cell_name(r, c))
            })
        });
        Symmetries::find_named(&self.matrix, motions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Puzzle, parse_puzzle, pentominoes};
    use dlx_core::Problem;

    /// Classes by the restricted search equal classes by comparing every solution with its
    /// images, on boards with and without middle lines, holes and optional cells.
    #[test]
    fn classes_equal_those_of_every_solution_compared() {
        let cases = [
            (
                "####/####/####/####",
                "piece I ####\npiece O ##/##\npiece L ###/#..\npiece J ###/..#",
            ),
            (
                "#####/#####/#####/#####",
                "piece P ##/##/#.\npiece L ####/#...\npiece U #.#/###\npiece Y ####/.#..",
            ),
            (
                "####/####/####/####",
                "piece O ##/## copies=0-4\npiece I #### copies=0-4",
            ),
            (
                "#####/#####/#####",
                "piece V ##/#. \npiece L ###/#..\npiece I ###\npiece O ##/##\npiece M #",
            ),
            ("o####/#####/####o", "domino copies"),
            ("######/#....#/######", "domino copies"),
        ];
        for (board, pieces) in cases {
            let puzzle = parse_puzzle(board, pieces).unwrap();
            let packing = puzzle.build().unwrap();
            let group = packing.symmetry_group().unwrap();
            let mut problem = Problem::new(&packing.matrix);
            let found = problem.solve().classes(&group).unwrap();
            let all: Vec<Vec<usize>> = problem.solve().iter().map(|s| s.sorted_options()).collect();
            let forms: std::collections::HashSet<_> =
                all.iter().map(|s| group.canonical(s).unwrap()).collect();
            assert!(found.classes > 0, "{board} with {pieces}");
            assert_eq!(found.classes, forms.len() as u64, "{board} with {pieces}");
            assert_eq!(found.solutions, all.len() as u64, "{board} with {pieces}");
        }
    }

    #[test]
    fn one_sided_pieces_keep_the_turns_only() {
        let mut puzzle = Puzzle::new(Board::rectangle(3, 20).unwrap());
        puzzle.pieces(pentominoes());
        puzzle.spec("F").unwrap().one_sided();
        let group = puzzle.build().unwrap().symmetry_group().unwrap();
        assert_eq!(group.order(), 2);
    }
}
