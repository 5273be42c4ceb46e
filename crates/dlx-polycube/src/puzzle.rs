//! A packing puzzle — a board and pieces with their allowed orientations — turned into an
//! exact cover matrix, one option per piece position.

use std::collections::BTreeSet;
use std::sync::Arc;

use dlx_core::{Matrix, MatrixBuilder, MatrixError, OptionId, Solution};
use thiserror::Error;

use crate::board::{Board, BoardError};
use crate::filling::Filling;
use crate::piece::Piece;
use crate::shape::{Cell, Shape};
use crate::symmetry::{Classes, Symmetry};

/// Why a puzzle could not be turned into a matrix.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The board is malformed.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The puzzle has no piece.
    #[error("the puzzle has no piece")]
    NoPieces,
    /// A piece has the name of one of the board's cells (its item would be the cell's).
    #[error("piece `{0}` has the name of a board cell: give it another name")]
    PieceNamedLikeCell(String),
    /// Two entries of one piece ask for different numbers of copies.
    #[error("piece `{piece}` is asked for {first} times, then {then} times")]
    InconsistentCopies {
        /// The piece's name.
        piece: String,
        /// The number asked for first.
        first: u32,
        /// The other number.
        then: u32,
    },
    /// A piece is asked for no times.
    #[error("piece `{0}` is asked for 0 times (leave it out instead)")]
    NoCopies(String),
    /// A piece's range of counts is empty (`lo > hi`).
    #[error("piece `{piece}` is asked for {lo} to {hi} times, an empty range")]
    BadCount {
        /// The piece's name.
        piece: String,
        /// The lower count.
        lo: u32,
        /// The upper count.
        hi: u32,
    },
    /// Two entries of one piece ask for different ranges of counts.
    #[error("piece `{piece}` is asked for {}..={} times, then {}..={} times", .first.0, .first.1, .then.0, .then.1)]
    InconsistentCounts {
        /// The range asked for first.
        first: (u32, u32),
        /// The other range.
        then: (u32, u32),
        /// The piece's name.
        piece: String,
    },
    /// With piece counts or cells that may stay empty, the pieces can cover neither fewer
    /// cells than the board requires nor more than it has.
    #[error(
        "the pieces cover {least} to {most} cells but the board has {required} cells that must be covered and {board} in all"
    )]
    AreaOutOfRange {
        /// Cells of the pieces at their lower counts.
        least: usize,
        /// Cells of the pieces at their upper counts.
        most: usize,
        /// Cells that must be covered.
        required: usize,
        /// Cells of the board, optional ones included.
        board: usize,
    },
    /// An allowed orientation index is out of range for the piece.
    #[error("piece {piece}: orientation {index} does not exist (it has {count})")]
    NoSuchOrientation {
        /// The piece's name.
        piece: String,
        /// The index asked for.
        index: usize,
        /// How many distinct orientations it has.
        count: usize,
    },
    /// The pieces cover more or fewer cells than the board has, so no packing can exist.
    #[error("the pieces cover {pieces} cells but the board has {board}")]
    AreaMismatch {
        /// Cells of the pieces, copies counted.
        pieces: usize,
        /// Cells of the board.
        board: usize,
    },
    /// The matrix could not be built.
    #[error(transparent)]
    Matrix(#[from] MatrixError),
}

/// Which orientations of a piece may be placed. Indices refer to [`Shape::orientations`] of
/// the piece's shape, whose rotations come first.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Orientations {
    /// Rotations only: a solid piece, which cannot be turned inside out (Knuth's
    /// polycube-dlx).
    #[default]
    Rotations,
    /// Rotations and reflections (a free piece: its mirror image may be used instead).
    All,
    /// Only these orientations.
    Only(Vec<usize>),
}

/// One position of a piece in the board: the option it becomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// Index of the piece entry in the puzzle's list ([`Puzzle::piece_specs`]).
    pub piece: usize,
    /// Index of its orientation in [`Shape::orientations`].
    pub orientation: usize,
    /// The board cells covered, sorted.
    pub cells: Vec<Cell>,
}

/// A predicate on placements, to restrict a piece (and so remove the board's symmetry).
pub type Rule = Arc<dyn Fn(&Placement) -> bool + Send + Sync>;

/// A piece of a puzzle with its restrictions.
#[derive(Clone)]
pub struct PieceSpec {
    /// The piece.
    pub piece: Piece,
    /// Orientations allowed.
    pub orientations: Orientations,
    /// How many times the piece is placed (its item's multiplicity), at most when
    /// [`PieceSpec::count`] gave a range.
    pub copies: u32,
    lower: Option<u32>,
    allow: Vec<Rule>,
}

impl std::fmt::Debug for PieceSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PieceSpec")
            .field("piece", &self.piece)
            .field("orientations", &self.orientations)
            .field("copies", &self.copies)
            .field("lower", &self.lower)
            .field("rules", &self.allow.len())
            .finish()
    }
}

impl PieceSpec {
    /// Rotations and reflections.
    pub fn free(&mut self) -> &mut Self {
        self.orientations = Orientations::All;
        self
    }

    /// Only the given orientations (indices into [`Shape::orientations`]).
    pub fn only_orientations(&mut self, indices: &[usize]) -> &mut Self {
        self.orientations = Orientations::Only(indices.to_vec());
        self
    }

    /// Keeps only the placements for which `rule` holds (several rules must all hold).
    pub fn allow(
        &mut self,
        rule: impl Fn(&Placement) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.allow.push(Arc::new(rule));
        self
    }

    /// Places the piece `n` times: its item gets the multiplicity `n` (Knuth's `n*NAME`),
    /// and the copies are not told apart.
    pub fn copies(&mut self, n: u32) -> &mut Self {
        self.copies = n;
        self.lower = None;
        self
    }

    /// Places the piece between `lo` and `hi` times (`lo = 0`: it may be left out): its item
    /// gets the multiplicity `lo:hi|`, solved by the engine [`dlx_core::Problem`] picks (at
    /// most once, `0-1`, it is a secondary item: [`dlx_core::MatrixBuilder::counted`]).
    pub fn count(&mut self, lo: u32, hi: u32) -> &mut Self {
        self.copies = hi;
        self.lower = Some(lo);
        self
    }

    /// How many times the piece is placed, `(lo, hi)`.
    pub fn counts(&self) -> (u32, u32) {
        (self.lower.unwrap_or(self.copies), self.copies)
    }

    /// The shapes this entry may be placed in, with their indices in [`Shape::orientations`].
    fn shapes(&self) -> Result<Vec<(usize, Shape)>, PuzzleError> {
        let shape = &self.piece.shape;
        match &self.orientations {
            Orientations::Rotations => Ok(shape.rotations().into_iter().enumerate().collect()),
            Orientations::All => Ok(shape.orientations().into_iter().enumerate().collect()),
            Orientations::Only(v) => {
                let all = shape.orientations();
                v.iter()
                    .map(|&o| {
                        all.get(o).cloned().map(|s| (o, s)).ok_or_else(|| {
                            PuzzleError::NoSuchOrientation {
                                piece: self.piece.name.clone(),
                                index: o,
                                count: all.len(),
                            }
                        })
                    })
                    .collect()
            }
        }
    }
}

/// A piece name with its counts `(lo, hi)`.
type Named<'a> = (&'a str, (u32, u32));

/// A board and its pieces.
///
/// Items: the board's cells ([`Board::cells`] order), then one per piece name, in order of
/// first appearance (with its multiplicity when a piece is placed several times or a range
/// of times, [`PieceSpec::count`]), then the cells that may stay empty
/// ([`Board::with_optional`], secondary). Several
/// entries with one name are one piece whose placements are those of every entry, as Knuth's
/// polycube-dlx combines the lines of one piece (a position two entries share is two options).
/// Options: entry by entry, orientation by orientation, positions by `x`, then `y`, then `z`;
/// each names the piece, then its cells in order. For the pieces of a file of Knuth's this is
/// his program's matrix, item for item and option for option.
#[derive(Debug, Clone)]
pub struct Puzzle {
    board: Board,
    pieces: Vec<PieceSpec>,
}

/// A duplicate item while the piece items are declared is a piece named like a cell.
fn piece_named_like_cell(e: MatrixError) -> PuzzleError {
    match e {
        MatrixError::DuplicateItem { name } => PuzzleError::PieceNamedLikeCell(name),
        e => e.into(),
    }
}

/// What [`Puzzle::each_placement`] calls: a placement's number of cells and a way to make it.
type Visit<'a> = dyn FnMut(usize, &dyn Fn() -> Placement) -> Result<(), PuzzleError> + 'a;

impl Puzzle {
    /// A puzzle on `board` with no pieces yet.
    pub fn new(board: Board) -> Self {
        Puzzle {
            board,
            pieces: Vec::new(),
        }
    }

    /// Adds a piece, placed once with its rotations, and returns it for restrictions.
    pub fn piece(&mut self, piece: Piece) -> &mut PieceSpec {
        self.pieces.push(PieceSpec {
            piece,
            orientations: Orientations::Rotations,
            copies: 1,
            lower: None,
            allow: Vec::new(),
        });
        self.pieces.last_mut().expect("just pushed")
    }

    /// Adds several pieces, each placed once with its rotations.
    pub fn pieces(&mut self, pieces: impl IntoIterator<Item = Piece>) -> &mut Self {
        for p in pieces {
            self.piece(p);
        }
        self
    }

    /// The first entry of the piece named `name`, for restrictions.
    pub fn spec(&mut self, name: &str) -> Option<&mut PieceSpec> {
        self.pieces.iter_mut().find(|p| p.piece.name == name)
    }

    /// The piece entries.
    pub fn piece_specs(&self) -> &[PieceSpec] {
        &self.pieces
    }

    /// The pieces whose cells do not all touch ([`crate::Shape::parts`] more than 1), with
    /// their number of parts: placed as given, but most often a typo in a picture.
    pub fn scattered_pieces(&self) -> Vec<(&str, usize)> {
        (self.pieces.iter())
            .map(|spec| (spec.piece.name.as_str(), spec.piece.shape.parts()))
            .filter(|&(_, parts)| parts > 1)
            .collect()
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Every allowed placement, in option order.
    ///
    /// A matrix whose options would pass [`MatrixBuilder::MAX_NODES`] is refused
    /// ([`MatrixError::TooLarge`]) after a first pass that counts them and keeps none, so
    /// that a small file asking for a huge box fails at once instead of taking the memory.
    pub fn placements(&self) -> Result<Vec<Placement>, PuzzleError> {
        // Each option: its piece's item, its cells, its spacer.
        let mut nodes = 0usize;
        self.each_placement(&mut |cells, _| {
            nodes = nodes.saturating_add(cells + 2);
            if nodes > MatrixBuilder::MAX_NODES {
                let limit = MatrixBuilder::MAX_NODES;
                return Err(MatrixError::TooLarge { nodes, limit }.into());
            }
            Ok(())
        })?;
        let mut out = Vec::new();
        self.each_placement(&mut |_, make| {
            out.push(make());
            Ok(())
        })?;
        Ok(out)
    }

    /// Calls `f` for every allowed placement, in option order, with its number of cells and
    /// a way to make it (a count need not make it).
    fn each_placement(&self, f: &mut Visit<'_>) -> Result<(), PuzzleError> {
        let (lo, size) = (self.board.lo(), self.board.size());
        for (k, spec) in self.pieces.iter().enumerate() {
            for (o, shape) in spec.shapes()? {
                let extent = shape.size();
                // Positions by x, then y, then z, the shape's corner running over the box.
                for dx in lo[0]..=lo[0] + size[0] - extent[0] {
                    for dy in lo[1]..=lo[1] + size[1] - extent[1] {
                        for dz in lo[2]..=lo[2] + size[2] - extent[2] {
                            let fits = shape
                                .cells()
                                .iter()
                                .all(|&[x, y, z]| self.board.contains([x + dx, y + dy, z + dz]));
                            if !fits {
                                continue;
                            }
                            let make = || Placement {
                                piece: k,
                                orientation: o,
                                cells: shape
                                    .cells()
                                    .iter()
                                    .map(|&[x, y, z]| [x + dx, y + dy, z + dz])
                                    .collect(),
                            };
                            let cells = shape.cells().len();
                            if spec.allow.is_empty() {
                                f(cells, &make)?;
                            } else {
                                let p = make();
                                if spec.allow.iter().all(|rule| rule(&p)) {
                                    f(cells, &|| p.clone())?;
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The distinct piece names in order of first appearance, each with its counts.
    fn names(&self) -> Result<Vec<Named<'_>>, PuzzleError> {
        let mut names: Vec<Named<'_>> = Vec::new();
        for spec in &self.pieces {
            let name = spec.piece.name.as_str();
            let (lo, hi) = spec.counts();
            if hi == 0 {
                return Err(PuzzleError::NoCopies(name.to_string()));
            }
            if lo > hi {
                return Err(PuzzleError::BadCount {
                    piece: name.to_string(),
                    lo,
                    hi,
                });
            }
            match names.iter().find(|(n, _)| *n == name) {
                Some(&(_, first)) if first != (lo, hi) => {
                    return Err(if first.0 == first.1 && lo == hi {
                        PuzzleError::InconsistentCopies {
                            piece: name.to_string(),
                            first: first.1,
                            then: hi,
                        }
                    } else {
                        PuzzleError::InconsistentCounts {
                            piece: name.to_string(),
                            first,
                            then: (lo, hi),
                        }
                    });
                }
                Some(_) => {}
                None => names.push((name, (lo, hi))),
            }
        }
        Ok(names)
    }

    /// Refuses pieces that cannot fill the board: their cells, copies counted, are not the
    /// board's (with counts or optional cells: cannot cover the cells that must be covered,
    /// or cover more than the board). A piece whose entries have shapes of different sizes is
    /// not checked.
    fn check_area(&self, names: &[Named<'_>]) -> Result<(), PuzzleError> {
        let (mut least, mut most) = (0, 0);
        for &(name, (lo, hi)) in names {
            let sizes: BTreeSet<usize> = self
                .pieces
                .iter()
                .filter(|p| p.piece.name == name)
                .map(|p| p.piece.shape.len())
                .collect();
            match sizes.iter().collect::<Vec<_>>().as_slice() {
                [size] => {
                    least += *size * lo as usize;
                    most += *size * hi as usize;
                }
                _ => return Ok(()),
            }
        }
        let board = self.board.volume();
        let required = self.board.required_volume();
        if least == most && required == board {
            if least != board {
                return Err(PuzzleError::AreaMismatch {
                    pieces: least,
                    board,
                });
            }
        } else if least > board || most < required {
            return Err(PuzzleError::AreaOutOfRange {
                least,
                most,
                required,
                board,
            });
        }
        Ok(())
    }

    /// The symmetries of the board that map the pieces onto pieces: every rotation of the
    /// board, and its reflections when the mirror images of the pieces are the pieces.
    fn symmetries(&self, names: &[Named<'_>]) -> Result<Vec<Symmetry>, PuzzleError> {
        // A piece as the rotation classes of the shapes it may take, with its counts.
        let key = |name: &str, copies: (u32, u32), mirror: bool| -> Result<_, PuzzleError> {
            let mut classes = BTreeSet::new();
            for spec in self.pieces.iter().filter(|p| p.piece.name == name) {
                for (_, s) in spec.shapes()? {
                    classes.insert(if mirror { s.mirrored() } else { s }.canonical());
                }
            }
            Ok((classes, copies))
        };
        let mut keys = Vec::new();
        let mut mirrored = Vec::new();
        for &(name, copies) in names {
            keys.push(key(name, copies, false)?);
            mirrored.push(key(name, copies, true)?);
        }
        keys.sort();
        mirrored.sort();
        let reflections = keys == mirrored;
        Ok(self
            .board
            .symmetries()
            .into_iter()
            .filter(|s| reflections || s.is_rotation())
            .collect())
    }

    /// Builds the matrix.
    pub fn build(&self) -> Result<Packing, PuzzleError> {
        if self.pieces.is_empty() {
            return Err(PuzzleError::NoPieces);
        }
        let names = self.names()?;
        self.check_area(&names)?;
        let mut b = MatrixBuilder::new();
        for c in self.board.cells() {
            if !self.board.is_optional(c) {
                b.primary(self.board.cell_name(c))?;
            }
        }
        for &(name, (lo, hi)) in &names {
            b.counted(name, lo, hi).map_err(piece_named_like_cell)?;
        }
        // Cells that may stay empty: secondary items, after every primary one.
        for c in self.board.cells() {
            if self.board.is_optional(c) {
                b.secondary(self.board.cell_name(c))
                    .map_err(piece_named_like_cell)?;
            }
        }
        let placements = self.placements()?;
        for p in &placements {
            let mut items = Vec::with_capacity(p.cells.len() + 1);
            items.push(self.pieces[p.piece].piece.name.clone());
            items.extend(p.cells.iter().map(|&c| self.board.cell_name(c)));
            b.option(&items)?;
        }
        Ok(Packing {
            matrix: b.build()?,
            placements,
            board: self.board.clone(),
            names: self.pieces.iter().map(|p| p.piece.name.clone()).collect(),
            symmetries: self.symmetries(&names)?,
        })
    }
}

/// A puzzle's matrix, with the placement behind each option.
#[derive(Debug, Clone)]
pub struct Packing {
    /// The exact cover matrix.
    pub matrix: Matrix,
    placements: Vec<Placement>,
    board: Board,
    names: Vec<String>,
    symmetries: Vec<Symmetry>,
}

impl Packing {
    /// The placement of each option, indexed by option id.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The name of the piece of a placement.
    pub fn piece_name(&self, placement: &Placement) -> &str {
        &self.names[placement.piece]
    }

    /// The first option whose placement satisfies `pred`.
    pub fn find(&self, pred: impl Fn(&str, &Placement) -> bool) -> Option<OptionId> {
        self.placements
            .iter()
            .position(|p| pred(&self.names[p.piece], p))
    }

    /// The board filled by a set of chosen options.
    pub fn filling_of(&self, options: &[OptionId]) -> Filling {
        Filling::new(
            &self.board,
            options.iter().map(|&o| {
                let p = &self.placements[o];
                (self.names[p.piece].clone(), p.cells.clone())
            }),
        )
    }

    /// The board filled by a solution.
    pub fn filling(&self, solution: &Solution) -> Filling {
        self.filling_of(&solution.sorted_options())
    }

    /// The symmetries of the puzzle: those of the board ([`Board::symmetries`]), less the
    /// reflections when the pieces' mirror images are not pieces of the puzzle (the Soma
    /// pieces' are: the screws are each other's).
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.symmetries
    }

    /// An empty tally of classes of solutions under [`Packing::symmetries`].
    pub fn classes(&self) -> Classes {
        Classes::new(&self.board, &self.symmetries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{soma, tetracubes};

    #[test]
    fn areas_copies_and_names_are_checked_before_any_search() {
        let mut too_big = Puzzle::new(Board::cuboid(3, 3, 4).unwrap());
        too_big.pieces(soma());
        assert_eq!(
            too_big.build().unwrap_err().to_string(),
            "the pieces cover 27 cells but the board has 36"
        );
        let mut clash = Puzzle::new(Board::cuboid(1, 1, 2).unwrap());
        clash.piece(Piece::from_layers("001", "#//#").unwrap());
        assert_eq!(
            clash.build().unwrap_err(),
            PuzzleError::PieceNamedLikeCell("001".into())
        );
        let domino = Piece::from_layers("D", "##").unwrap();
        let mut copies = Puzzle::new(Board::cuboid(2, 2, 2).unwrap());
        copies.piece(domino.clone()).copies(4);
        let packing = copies.build().unwrap();
        // 12 positions of a domino in the 2x2x2 cube; 9 ways to fill it with 4 dominoes.
        assert_eq!(packing.matrix.options().len(), 12);
        let mut classes = packing.classes();
        for s in dlx_core::Problem::new(&packing.matrix).solve().iter() {
            classes.add(&packing.filling(&s));
        }
        assert_eq!(classes.solutions(), 9);
        // All four parallel (3 ways), or two layers crossed (6 ways): two classes under the
        // cube's 48 symmetries, each fixed by some of them.
        assert_eq!(
            (classes.group(), classes.classes(), classes.symmetric()),
            (48, 2, 2)
        );
        copies.piece(domino).copies(2);
        assert_eq!(
            copies.build().unwrap_err(),
            PuzzleError::InconsistentCopies {
                piece: "D".into(),
                first: 4,
                then: 2
            }
        );
        assert_eq!(
            Puzzle::new(Board::cuboid(1, 1, 1).unwrap())
                .build()
                .unwrap_err(),
            PuzzleError::NoPieces
        );
    }

    #[test]
    fn counts_and_cells_that_may_stay_empty_bound_the_volume() {
        let domino = Piece::from_layers("D", "##").unwrap();
        let board = Board::cuboid(2, 2, 2)
            .unwrap()
            .with_optional([[0, 0, 0]])
            .unwrap();
        let mut few = Puzzle::new(board.clone());
        few.piece(domino.clone()).count(1, 3);
        assert_eq!(
            few.build().unwrap_err(),
            PuzzleError::AreaOutOfRange {
                least: 2,
                most: 6,
                required: 7,
                board: 8
            }
        );
        let mut empty = Puzzle::new(board.clone());
        empty.piece(domino.clone()).count(3, 2);
        assert_eq!(
            empty.build().unwrap_err().to_string(),
            "piece `D` is asked for 3 to 2 times, an empty range"
        );
        let mut twice = Puzzle::new(board.clone());
        twice.piece(domino.clone()).count(0, 4);
        twice.piece(domino.clone()).count(1, 4);
        assert!(matches!(
            twice.build(),
            Err(PuzzleError::InconsistentCounts { .. })
        ));
        // Dominoes cover an even number of cells and 7 must be: the corner is covered too,
        // and the packings are the 9 of the full cube.
        let mut fits = Puzzle::new(board);
        fits.piece(domino).count(0, 4);
        let packing = fits.build().unwrap();
        assert_eq!(packing.matrix.primary_count(), 8);
        let count = dlx_core::Problem::new(&packing.matrix).solve().count();
        assert_eq!(count.solutions, 9);
        assert_eq!(
            Board::cuboid(1, 1, 2)
                .unwrap()
                .with_optional([[0, 0, 2]])
                .unwrap_err(),
            BoardError::NotACell([0, 0, 2])
        );
    }

    #[test]
    fn symmetries_of_puzzles() {
        let mut soma_cube = Puzzle::new(Board::cuboid(3, 3, 3).unwrap());
        soma_cube.pieces(soma());
        assert_eq!(soma_cube.build().unwrap().symmetries().len(), 48);
        // Without B, the mirror image of A is no piece: rotations only (the area check is
        // not what is tested, so the board is the pieces' 24 cells).
        let mut lopsided = Puzzle::new(Board::cuboid(2, 3, 4).unwrap());
        lopsided.pieces(
            soma()
                .into_iter()
                .filter(|p| p.name != "B" && p.name != "V"),
        );
        lopsided.piece(tetracubes()[0].clone());
        assert_eq!(lopsided.build().unwrap().symmetries().len(), 4);
    }
}
