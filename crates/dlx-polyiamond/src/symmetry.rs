//! The paper's symmetry scores: how many edges between pieces stay edges between pieces when
//! the arrangement is reflected.
//!
//! O'Beirne's hexagon has 156 internal edges and the 19 one-sided hexiamonds have 96 internal
//! non-edges, so 60 edges lie between pieces: a perfectly symmetric arrangement would score 60.
//! The *horizontal* symmetry reflects left-right, the *vertical* top-bottom, in the paper's
//! drawing, where the triangles point left and right: a quarter turn of ours. Our horizontal
//! axis is therefore the paper's vertical one.

use crate::board::Board;
use crate::cell::{Cell, symmetry};
use crate::puzzle::Labelling;

/// The number of edges between pieces.
pub fn piece_edges(board: &Board, labelling: &Labelling) -> usize {
    board
        .internal_edges()
        .into_iter()
        .filter(|&(a, b)| labelling.get(a) != labelling.get(b))
        .count()
}

/// The score under each of the six reflections about the board's centre; entry `k` is the
/// reflection in the 30° line followed by `k` clockwise 60° turns, whose axis lies at
/// 30° − 30k. `None` if the board has no centre of six-fold symmetry or is not symmetric.
pub fn reflection_scores(board: &Board, labelling: &Labelling) -> Option<[u32; 6]> {
    let centre = board.centre()?;
    let edges = board.internal_edges();
    let mut out = [0; 6];
    for (k, score) in out.iter_mut().enumerate() {
        let f = symmetry(centre, k as u32, true);
        if board.cells().any(|c| !board.contains(c.map(&f))) {
            return None;
        }
        for &(a, b) in &edges {
            let (fa, fb) = (a.map(&f), b.map(&f));
            if labelling.get(a) != labelling.get(b) && labelling.get(fa) != labelling.get(fb) {
                *score += 1;
            }
        }
    }
    Some(out)
}

/// A way to draw a solution of a six-fold symmetric board, and its two scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Scores {
    /// The paper's horizontal symmetry (left-right in its drawing).
    pub horizontal: u32,
    /// The paper's vertical symmetry (top-bottom in its drawing).
    pub vertical: u32,
}

/// The three pairs of perpendicular reflections, one for each way of turning the picture
/// (turning it by 180° or reflecting it changes no score). In the paper's drawing, turned a
/// quarter from ours, the horizontal score uses the axis at 0°, 120°, 60° of our picture and
/// the vertical score the perpendicular axis at 90°, 30°, 150°.
pub fn drawings(scores: [u32; 6]) -> [Scores; 3] {
    [(1, 4), (3, 0), (5, 2)].map(|(h, v)| Scores {
        horizontal: scores[h],
        vertical: scores[v],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Cell;

    #[test]
    fn a_symmetric_labelling_scores_every_edge() {
        // Label each cell by its unit hexagon: symmetric under every reflection.
        let board = Board::obeirne_hexagon();
        let mut l = Labelling::default();
        for i in -2..=2i32 {
            for j in -2..=2i32 {
                if (i + j).abs() <= 2 {
                    for c in crate::board::unit_hexagon((5 + i - j, 5 + i + 2 * j)) {
                        l.0.insert(c, format!("{i},{j}"));
                    }
                }
            }
        }
        let edges = piece_edges(&board, &l) as u32;
        assert_eq!(edges, 156 - 19 * 6);
        assert_eq!(reflection_scores(&board, &l), Some([edges; 6]));
        assert_eq!(reflection_scores(&Board::rhombus(2, 2).unwrap(), &l), None);
        let one = Board::new([Cell::up(5, 5)]).unwrap().with_centre((5, 5));
        assert_eq!(reflection_scores(&one, &l), None);
    }
}

/// One of the twelve motions of the triangular grid (six turns, six reflections) followed by
/// a shift, as it maps a board onto itself: `k` clockwise 60° turns about the origin, after
/// the reflection in the 30° line when `mirror`, then a shift by `shift`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Motion {
    /// Clockwise 60° turns.
    pub k: u32,
    /// Whether the reflection comes first.
    pub mirror: bool,
    /// The shift after the turn, in lattice coordinates.
    pub shift: crate::cell::Point,
}

impl Motion {
    /// The image of a cell.
    pub fn apply(&self, cell: Cell) -> Cell {
        let turn = symmetry((0, 0), self.k, self.mirror);
        cell.map(|p| {
            let (a, b) = turn(p);
            (a + self.shift.0, b + self.shift.1)
        })
    }
}

impl Board {
    /// The motions of the grid that map the board onto itself, cells that may stay empty
    /// onto cells that may stay empty, the identity first: 12 for O'Beirne's hexagon, 4 for
    /// a rhombus of two different sides... as the board allows.
    ///
    /// ```
    /// use dlx_polyiamond::Board;
    /// assert_eq!(Board::obeirne_hexagon().symmetries().len(), 12);
    /// assert_eq!(Board::rhombus(6, 6)?.symmetries().len(), 4);
    /// # Ok::<(), dlx_polyiamond::PolyiamondError>(())
    /// ```
    pub fn symmetries(&self) -> Vec<Motion> {
        // The least vertex of a set of cells moves with the set under a shift.
        let least = |cells: &mut dyn Iterator<Item = Cell>| {
            cells.flat_map(|c| c.vertices()).min().unwrap_or((0, 0))
        };
        let origin = least(&mut self.cells());
        let mut out = Vec::new();
        for mirror in [false, true] {
            for k in 0..6 {
                let turned = Motion {
                    k,
                    mirror,
                    shift: (0, 0),
                };
                let corner = least(&mut self.cells().map(|c| turned.apply(c)));
                let motion = Motion {
                    shift: (origin.0 - corner.0, origin.1 - corner.1),
                    ..turned
                };
                let onto = self.cells().all(|c| {
                    let image = motion.apply(c);
                    self.contains(image) && self.is_optional(image) == self.is_optional(c)
                });
                if onto {
                    out.push(motion);
                }
            }
        }
        out
    }
}

impl crate::Placed {
    /// The symmetries of the puzzle as dlx-core counts classes under them
    /// ([`dlx_core::Solve::classes`]): the board's motions ([`Board::symmetries`]) that map
    /// the matrix onto itself, each piece going to itself or, in a one-sided set, to its
    /// mirror image (found by matching placements).
    pub fn symmetry_group(
        &self,
    ) -> Result<dlx_core::symmetry::Symmetries, dlx_core::symmetry::SymmetryError> {
        let board = &self.board;
        let name = |c: Cell| c.name().unwrap_or_default();
        let motions = board
            .symmetries()
            .into_iter()
            .map(|m| board.cells().map(move |c| (name(c), name(m.apply(c)))));
        dlx_core::symmetry::Symmetries::find_named(&self.matrix, motions)
    }
}
