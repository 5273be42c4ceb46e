//! A packing puzzle as an exact cover matrix: one column per board cell, one per piece, one
//! row per placement.

use std::collections::BTreeMap;

use dlx_core::{Matrix, MatrixBuilder, Solution};

use crate::board::Board;
use crate::cell::Cell;
use crate::error::PolyiamondError;
use crate::hexiamonds::PieceSet;
use crate::shape::Shape;

/// Decides whether a placement (the piece's cells on the board) is allowed.
pub type Filter = Box<dyn Fn(&[Cell]) -> bool + Send + Sync>;

/// A piece of a puzzle: its column label, the orientations it may take and an optional
/// restriction on its placements.
pub struct Piece {
    /// The column name (`P`, `P'`, ...).
    pub label: String,
    /// Allowed orientations (normalised shapes): all of them for a free piece, the
    /// rotations only for a one-sided one ([`Shape::orientations`], [`Shape::rotations`]).
    pub orientations: Vec<Shape>,
    /// How many times the piece is placed, `(lo, hi)`: `(1, 1)` unless [`Puzzle::count`]
    /// says otherwise.
    pub count: (u32, u32),
    filter: Option<Filter>,
}

impl std::fmt::Debug for Piece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Piece")
            .field("label", &self.label)
            .field("orientations", &self.orientations)
            .field("count", &self.count)
            .field("restricted", &self.filter.is_some())
            .finish()
    }
}

/// A board and the pieces to pack into it, in column order.
#[derive(Debug)]
pub struct Puzzle {
    board: Board,
    pieces: Vec<Piece>,
}

/// One row of the matrix: a piece at a place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// Index of the piece in the puzzle's order.
    pub piece: usize,
    /// The piece's label.
    pub label: String,
    /// The triangles it covers, in the order of its shape.
    pub cells: Vec<Cell>,
}

/// A built puzzle: the matrix and what each of its rows means.
#[derive(Debug, Clone)]
pub struct Placed {
    /// Columns: the board's cells in lexicographic `(x, y, z)` order, then the pieces, all
    /// primary (a piece placed a number or range of times with its multiplicity), then the
    /// cells that may stay empty, secondary. Rows: `label cell cell ...`, in the order of [`Placed::placements`].
    pub matrix: Matrix,
    /// The board.
    pub board: Board,
    /// Row `k` of the matrix places `placements[k]`.
    pub placements: Vec<Placement>,
}

impl Puzzle {
    /// A puzzle on `board` without pieces yet.
    pub fn new(board: Board) -> Self {
        Puzzle {
            board,
            pieces: Vec::new(),
        }
    }

    /// Adds a piece, in every translate of every given orientation that fits.
    pub fn piece(&mut self, label: impl Into<String>, orientations: Vec<Shape>) -> &mut Self {
        self.pieces.push(Piece {
            label: label.into(),
            orientations,
            count: (1, 1),
            filter: None,
        });
        self
    }

    /// Adds a piece whose placements must also satisfy `keep` (e.g. a fixed position, or a
    /// colour bias).
    pub fn piece_where(
        &mut self,
        label: impl Into<String>,
        orientations: Vec<Shape>,
        keep: impl Fn(&[Cell]) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.pieces.push(Piece {
            label: label.into(),
            orientations,
            count: (1, 1),
            filter: Some(Box::new(keep)),
        });
        self
    }

    /// Adds a piece of one's own, free (every orientation), from its cell names (see
    /// [`Shape::parse`]): `"00 00* 01"` is a triamond. Says
    /// [`PolyiamondError::PieceGivenTwice`] when the label is taken.
    ///
    /// ```
    /// use dlx_polyiamond::{Board, Puzzle};
    /// let mut puzzle = Puzzle::new(Board::rhombus(1, 3)?);
    /// puzzle.own_piece("T", "00 00* 01")?.own_piece("U", "00 00* 01")?;
    /// let count = dlx_core::Problem::new(&puzzle.build()?.matrix).solve().count();
    /// assert_eq!(count.solutions, 2);
    /// assert!(puzzle.own_piece("T", "00").is_err());
    /// # Ok::<(), dlx_polyiamond::PolyiamondError>(())
    /// ```
    pub fn own_piece(&mut self, label: &str, cells: &str) -> Result<&mut Self, PolyiamondError> {
        let shape = Shape::parse(cells)?;
        if self.pieces.iter().any(|p| p.label == label) {
            return Err(PolyiamondError::PieceGivenTwice {
                label: label.to_string(),
            });
        }
        Ok(self.piece(label, shape.orientations()))
    }

    /// Adds every piece of a set.
    pub fn pieces(&mut self, set: PieceSet) -> &mut Self {
        for (label, orientations) in set.pieces {
            self.piece(label, orientations);
        }
        self
    }

    /// Places the pieces labelled `label` between `lo` and `hi` times (`lo = 0`: they may be
    /// left out): the piece's column gets Knuth's multiplicity, solved by the engine
    /// [`dlx_core::Problem`] picks. A piece placed once (the default) stays a plain primary
    /// column, and one placed at most once is a secondary one
    /// ([`dlx_core::MatrixBuilder::counted`]). Says [`PolyiamondError::UnknownPiece`] when no piece has the label.
    pub fn count(&mut self, label: &str, lo: u32, hi: u32) -> Result<&mut Self, PolyiamondError> {
        let mut found = false;
        for p in self.pieces.iter_mut().filter(|p| p.label == label) {
            p.count = (lo, hi);
            found = true;
        }
        if !found {
            return Err(PolyiamondError::UnknownPiece {
                label: label.to_string(),
            });
        }
        Ok(self)
    }

    /// Lets the pieces labelled `label` take the rotations of their first orientation only
    /// (a one-sided piece: not turned over). Says [`PolyiamondError::UnknownPiece`] when no
    /// piece has the label.
    pub fn one_sided(&mut self, label: &str) -> Result<&mut Self, PolyiamondError> {
        let mut found = false;
        for p in self.pieces.iter_mut().filter(|p| p.label == label) {
            if let Some(first) = p.orientations.first() {
                p.orientations = first.rotations();
            }
            found = true;
        }
        if !found {
            return Err(PolyiamondError::UnknownPiece {
                label: label.to_string(),
            });
        }
        Ok(self)
    }

    /// The pieces so far.
    pub fn piece_list(&self) -> &[Piece] {
        &self.pieces
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Every placement of every piece, piece by piece, orientation by orientation.
    pub fn placements(&self) -> Vec<Placement> {
        let (x0, x1, y0, y1) = self.board.bounds();
        let mut out = Vec::new();
        for (k, piece) in self.pieces.iter().enumerate() {
            for shape in &piece.orientations {
                for dx in x0..=x1 {
                    for dy in y0..=y1 {
                        let cells: Vec<Cell> =
                            shape.cells().iter().map(|c| c.shifted(dx, dy)).collect();
                        if cells.iter().all(|&c| self.board.contains(c))
                            && piece.filter.as_ref().is_none_or(|keep| keep(&cells))
                        {
                            out.push(Placement {
                                piece: k,
                                label: piece.label.clone(),
                                cells,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// The exact cover matrix.
    pub fn build(&self) -> Result<Placed, PolyiamondError> {
        let mut b = MatrixBuilder::new();
        let cells: Vec<Cell> = self.board.cells().collect();
        for p in &self.pieces {
            let (lo, hi) = p.count;
            if lo > hi || hi == 0 {
                return Err(PolyiamondError::BadCount {
                    label: p.label.clone(),
                    lo,
                    hi,
                });
            }
        }
        // Every cell and every piece is a primary column (a cell that may stay empty is
        // secondary, a piece's column has its count as multiplicity): the areas must agree.
        let size = |p: &Piece| p.orientations.first().map_or(0, |s| s.cells().len());
        let least: usize = self
            .pieces
            .iter()
            .map(|p| size(p) * p.count.0 as usize)
            .sum();
        let most: usize = self
            .pieces
            .iter()
            .map(|p| size(p) * p.count.1 as usize)
            .sum();
        let required = self.board.required_len();
        if least == most && required == cells.len() {
            if least != cells.len() {
                return Err(PolyiamondError::AreaMismatch {
                    pieces: least,
                    board: cells.len(),
                });
            }
        } else if least > cells.len() || most < required {
            return Err(PolyiamondError::AreaOutOfRange {
                least,
                most,
                required,
                board: cells.len(),
            });
        }
        let name = |c: Cell| c.name().ok_or(PolyiamondError::OffGrid { x: c.x, y: c.y });
        let mut cell_item = BTreeMap::new();
        for &c in cells.iter().filter(|&&c| !self.board.is_optional(c)) {
            cell_item.insert(c, b.primary(name(c)?)?);
        }
        let piece_items = self
            .pieces
            .iter()
            .map(|p| b.counted(p.label.clone(), p.count.0, p.count.1))
            .collect::<Result<Vec<_>, _>>()?;
        // Cells that may stay empty: secondary items, after every primary one.
        for &c in cells.iter().filter(|&&c| self.board.is_optional(c)) {
            cell_item.insert(c, b.secondary(name(c)?)?);
        }
        let placements = self.placements();
        for p in &placements {
            let mut row = vec![piece_items[p.piece]];
            row.extend(p.cells.iter().map(|c| cell_item[c]));
            b.option_ids(row)?;
        }
        Ok(Placed {
            matrix: b.build()?,
            board: self.board.clone(),
            placements,
        })
    }
}

impl Placed {
    /// The placements a solution chose, in the order the search chose them.
    pub fn chosen<'a>(&'a self, solution: &Solution) -> Vec<&'a Placement> {
        solution
            .rows
            .iter()
            .map(|r| &self.placements[r.option])
            .collect()
    }

    /// Which piece covers each cell, for the cells a solution covers.
    pub fn labelling(&self, solution: &Solution) -> Labelling {
        let mut map = BTreeMap::new();
        for p in self.chosen(solution) {
            for &c in &p.cells {
                map.insert(c, p.label.clone());
            }
        }
        Labelling(map)
    }
}

/// A solution as labelled triangles: the piece label of every covered cell.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Labelling(pub BTreeMap<Cell, String>);

impl Labelling {
    /// The label of a cell, if covered.
    pub fn get(&self, c: Cell) -> Option<&str> {
        self.0.get(&c).map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diamond_in_a_1x1_rhombus() {
        let mut p = Puzzle::new(Board::rhombus(1, 1).unwrap());
        p.piece("D", Shape::parse("00 00*").unwrap().orientations());
        let placed = p.build().unwrap();
        assert_eq!(placed.placements.len(), 1);
        assert_eq!(format!("{:?}", placed.matrix.items().len()), "3");
        let mut dlx = dlx_core::Dlx::new(&placed.matrix);
        let sol = dlx.solve().first().unwrap();
        assert_eq!(placed.labelling(&sol).get(Cell::down(0, 0)), Some("D"));
    }

    #[test]
    fn areas_that_cannot_match_are_refused_before_any_search() {
        let mut p = Puzzle::new(Board::rhombus(2, 1).unwrap());
        p.piece("D", Shape::parse("00 00*").unwrap().orientations());
        let err = p.build().err().unwrap();
        assert!(matches!(
            err,
            PolyiamondError::AreaMismatch {
                pieces: 2,
                board: 4
            }
        ));
        assert_eq!(
            err.to_string(),
            "the pieces have 2 triangles but the board has 4"
        );
    }

    #[test]
    fn counts_one_sided_pieces_and_triangles_that_may_stay_empty() {
        let diamond = Shape::parse("00 00*").unwrap();
        // The 2x1 rhombus drawn with its last triangle `?`, and by names.
        let board = Board::from_art("###?").unwrap();
        assert_eq!(board, Board::parse("00 00* 10 10*?").unwrap());
        assert!(board.is_optional(Cell::down(1, 0)) && !board.is_optional(Cell::up(1, 0)));
        assert_eq!((board.len(), board.required_len()), (4, 3));
        let mut p = Puzzle::new(board.clone());
        p.piece("D", diamond.orientations());
        p.piece("M", Shape::parse("00").unwrap().orientations());
        p.count("D", 0, 2).unwrap().count("M", 0, 1).unwrap();
        let placed = p.build().unwrap();
        assert!(placed.matrix.has_bounds());
        // Two diamonds; or, the last triangle empty, a diamond on the first two triangles or
        // the middle two, and the monoiamond on the one left.
        let count = dlx_core::Problem::new(&placed.matrix).solve().count();
        assert_eq!(count.solutions, 3);
        assert!(matches!(
            p.count("Q", 1, 2),
            Err(PolyiamondError::UnknownPiece { .. })
        ));
        assert!(matches!(
            p.one_sided("Q"),
            Err(PolyiamondError::UnknownPiece { .. })
        ));
        p.count("D", 2, 1).unwrap();
        assert!(matches!(p.build(), Err(PolyiamondError::BadCount { .. })));
        let mut m = Puzzle::new(
            Board::rhombus(2, 1)
                .unwrap()
                .with_optional([Cell::up(0, 0)])
                .unwrap(),
        );
        m.piece("D", diamond.orientations());
        assert_eq!(
            m.build().unwrap_err().to_string(),
            "the pieces have 2 to 2 triangles but the board has 3 that must be covered and 4 in all"
        );
        assert!(matches!(
            Board::rhombus(1, 1)
                .unwrap()
                .with_optional([Cell::up(3, 3)]),
            Err(PolyiamondError::NotOnBoard { x: 3, y: 3 })
        ));
        // One-sided, the chiral P keeps its 6 rotations of 12 orientations.
        let p_shape = crate::hexiamonds::hexiamond("P").unwrap().shape();
        let mut one = Puzzle::new(Board::rhombus(3, 2).unwrap());
        one.piece("P", p_shape.orientations());
        one.one_sided("P").unwrap();
        assert_eq!(one.piece_list()[0].orientations.len(), 6);
        assert_eq!(p_shape.orientations().len(), 12);
    }

    #[test]
    fn duplicate_labels_are_errors() {
        let mut p = Puzzle::new(Board::rhombus(1, 1).unwrap());
        let s = Shape::parse("00").unwrap();
        p.piece("A", vec![s.clone()]).piece("A", vec![s]);
        assert!(matches!(p.build(), Err(PolyiamondError::Matrix(_))));
    }
}
