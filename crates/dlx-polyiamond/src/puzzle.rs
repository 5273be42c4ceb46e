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
    /// Allowed orientations (normalised shapes).
    pub orientations: Vec<Shape>,
    filter: Option<Filter>,
}

impl std::fmt::Debug for Piece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Piece")
            .field("label", &self.label)
            .field("orientations", &self.orientations)
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
    /// primary. Rows: `label cell cell ...`, in the order of [`Placed::placements`].
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
            filter: Some(Box::new(keep)),
        });
        self
    }

    /// Adds every piece of a set.
    pub fn pieces(&mut self, set: PieceSet) -> &mut Self {
        for (label, orientations) in set.pieces {
            self.piece(label, orientations);
        }
        self
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
        // Every cell and every piece is a primary column: the areas must agree.
        let pieces: usize = self
            .pieces
            .iter()
            .map(|p| p.orientations.first().map_or(0, |s| s.cells().len()))
            .sum();
        if pieces != cells.len() {
            return Err(PolyiamondError::AreaMismatch {
                pieces,
                board: cells.len(),
            });
        }
        let mut cell_item = BTreeMap::new();
        for &c in &cells {
            let name = c
                .name()
                .ok_or(PolyiamondError::OffGrid { x: c.x, y: c.y })?;
            cell_item.insert(c, b.primary(name)?);
        }
        let piece_items = self
            .pieces
            .iter()
            .map(|p| b.primary(p.label.clone()))
            .collect::<Result<Vec<_>, _>>()?;
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
    fn duplicate_labels_are_errors() {
        let mut p = Puzzle::new(Board::rhombus(1, 1).unwrap());
        let s = Shape::parse("00").unwrap();
        p.piece("A", vec![s.clone()]).piece("A", vec![s]);
        assert!(matches!(p.build(), Err(PolyiamondError::Matrix(_))));
    }
}
