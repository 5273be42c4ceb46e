//! A packing puzzle — a board and pieces with their allowed orientations and placements —
//! turned into an exact cover matrix, one row per piece position.

use std::sync::Arc;

use dlx_core::{Matrix, MatrixBuilder, MatrixError, OptionId, Solution};
use thiserror::Error;

use crate::board::{Board, BoardError};
use crate::piece::Piece;
use crate::shape::ShapeError;
use crate::tiling::Tiling;

/// Why a puzzle could not be turned into a matrix.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A piece picture is malformed.
    #[error("piece {piece}: {source}")]
    Shape {
        /// The piece's name.
        piece: String,
        /// What is wrong.
        source: ShapeError,
    },
    /// The board is malformed.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// Two pieces that each have a column share a name.
    #[error("piece `{0}` is given twice (leave the piece column out for copies of a piece)")]
    DuplicatePiece(String),
    /// A piece has the name of one of the board's cells (its column would be the cell's).
    #[error("piece `{0}` has the name of a board cell: give it another name")]
    PieceNamedLikeCell(String),
    /// The column order names a piece that is not in the puzzle.
    #[error("the column order names piece `{0}`, which is not in the puzzle")]
    UnknownPiece(String),
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
    /// The pieces that must each be placed once cover more or fewer cells than the board
    /// has (more, when other pieces come in copies), so no packing can exist.
    #[error("the pieces cover {pieces} cells but the board has {board}{}", if *.copies { " (besides copies of the pieces without a column)" } else { "" })]
    AreaMismatch {
        /// Cells of the pieces placed once, together.
        pieces: usize,
        /// Cells of the board.
        board: usize,
        /// Whether some pieces come in any number of copies.
        copies: bool,
    },
    /// With piece counts or optional cells, the pieces can cover neither fewer cells than
    /// the board requires nor more than it has.
    #[error("the pieces cover {least} to {} cells but the board has {required} cells that must be covered and {board} in all", match .most { Some(m) => m.to_string(), None => "any number of".into() })]
    AreaOutOfRange {
        /// Cells of the pieces at their lower counts.
        least: usize,
        /// Cells of the pieces at their upper counts (none when some piece has no column).
        most: Option<usize>,
        /// Cells that must be covered.
        required: usize,
        /// Cells of the board, optional ones included.
        board: usize,
    },
    /// A piece count is empty (`lo > hi`) or zero at most.
    #[error("piece {piece}: the count {lo} to {hi} is empty or zero (need 0 <= lo <= hi, hi >= 1)")]
    BadCount {
        /// The piece's name.
        piece: String,
        /// The lower count.
        lo: u32,
        /// The upper count.
        hi: u32,
    },
    /// The matrix could not be built (e.g. a piece named like a cell).
    #[error(transparent)]
    Matrix(#[from] MatrixError),
}

/// Which orientations of a piece may be placed. Indices refer to [`crate::Shape::orientations`]
/// of the piece's picture, whose rotations come first.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Orientations {
    /// Rotations and reflections (a free piece).
    #[default]
    All,
    /// Rotations only (a one-sided piece, or a piece "not turned over").
    Rotations,
    /// Only these orientations.
    Only(Vec<usize>),
}

/// One position of a piece on the board: the row of the matrix it becomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// Index of the piece in the puzzle's piece list.
    pub piece: usize,
    /// Index of its orientation in [`crate::Shape::orientations`].
    pub orientation: usize,
    /// The board cells covered, row-major.
    pub cells: Vec<(usize, usize)>,
}

impl Placement {
    /// Top row and left column of the bounding box.
    pub fn origin(&self) -> (usize, usize) {
        let r = self.cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c = self.cells.iter().map(|c| c.1).min().unwrap_or(0);
        (r, c)
    }

    /// Centre of the bounding box, rounded up-left (exact for boxes of odd size, like X's).
    pub fn centre(&self) -> (usize, usize) {
        let (r0, c0) = self.origin();
        let r1 = self.cells.iter().map(|c| c.0).max().unwrap_or(0);
        let c1 = self.cells.iter().map(|c| c.1).max().unwrap_or(0);
        ((r0 + r1) / 2, (c0 + c1) / 2)
    }

    /// True when the placement covers `(row, col)`.
    pub fn covers(&self, row: usize, col: usize) -> bool {
        self.cells.contains(&(row, col))
    }
}

/// A predicate on placements: the restrictions that remove the board's symmetry.
pub type Rule = Arc<dyn Fn(&Placement) -> bool + Send + Sync>;

/// A piece of a puzzle with its restrictions.
#[derive(Clone)]
pub struct PieceSpec {
    /// The piece.
    pub piece: Piece,
    /// Orientations allowed.
    pub orientations: Orientations,
    /// Whether the piece has its own primary column (leave it out for any number of copies).
    pub column: bool,
    count: (u32, u32),
    allow: Vec<Rule>,
    marks: Vec<(String, Rule)>,
}

impl std::fmt::Debug for PieceSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PieceSpec")
            .field("piece", &self.piece)
            .field("orientations", &self.orientations)
            .field("column", &self.column)
            .field("count", &self.count)
            .field("rules", &self.allow.len())
            .field(
                "marks",
                &self.marks.iter().map(|m| &m.0).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl PieceSpec {
    /// Rotations only.
    pub fn one_sided(&mut self) -> &mut Self {
        self.orientations = Orientations::Rotations;
        self
    }

    /// Only the given orientations (indices into [`crate::Shape::orientations`]).
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

    /// Adds the secondary column `name` to the rows for which `rule` holds (declared after
    /// every primary column, in order of first mention).
    pub fn mark(
        &mut self,
        name: impl Into<String>,
        rule: impl Fn(&Placement) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.marks.push((name.into(), Arc::new(rule)));
        self
    }

    /// Leaves the piece column out, so that the piece may be placed any number of times.
    pub fn without_column(&mut self) -> &mut Self {
        self.column = false;
        self
    }

    /// Places the piece between `lo` and `hi` times (`lo = 0`: it may be left out). Its column
    /// gets Knuth's multiplicity `lo:hi|` and the matrix needs the engine for multiplicities
    /// ([`dlx_core::Problem`] picks it); with `lo = hi = 1`, the default, the column stays a
    /// plain primary item, and with `lo = 0, hi = 1` it is a secondary one (the same
    /// solutions, searched by exact cover: [`dlx_core::MatrixBuilder::counted`]). The copies
    /// are not told apart. Gives the piece its column back if [`PieceSpec::without_column`]
    /// took it.
    pub fn count(&mut self, lo: u32, hi: u32) -> &mut Self {
        self.column = true;
        self.count = (lo, hi);
        self
    }

    /// Places the piece exactly `n` times: [`PieceSpec::count`]`(n, n)`.
    pub fn copies(&mut self, n: u32) -> &mut Self {
        self.count(n, n)
    }

    /// How many times the piece is placed, `(lo, hi)` (meaningful with a column).
    pub fn counts(&self) -> (u32, u32) {
        self.count
    }
}

/// A slot of the header list: what decides the S heuristic's tie-break and the leftmost rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    /// The board cells, row-major.
    Cells,
    /// One piece's column.
    Piece(String),
}

/// A board and its pieces.
///
/// Header order: the slots given to [`Puzzle::order`], then the cells (if not listed), then
/// the remaining piece columns in piece order, then the cells that may stay empty
/// ([`Board::with_optional`], secondary), then the other secondary columns. A piece placed a
/// number or range of times ([`PieceSpec::count`]) has that multiplicity on its column.
/// Rows: piece by piece,
/// orientation by orientation, positions row-major; each row lists the piece column, the cells
/// row-major, then its secondary columns.
#[derive(Debug, Clone)]
pub struct Puzzle {
    board: Board,
    pieces: Vec<PieceSpec>,
    order: Vec<Slot>,
}

/// A duplicate item while the cell and piece columns are declared is a piece named like a
/// cell.
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
            order: Vec::new(),
        }
    }

    /// Adds a free piece with its column and returns it for restrictions.
    pub fn piece(&mut self, piece: Piece) -> &mut PieceSpec {
        self.pieces.push(PieceSpec {
            piece,
            orientations: Orientations::All,
            column: true,
            count: (1, 1),
            allow: Vec::new(),
            marks: Vec::new(),
        });
        self.pieces.last_mut().expect("just pushed")
    }

    /// Adds several free pieces.
    pub fn pieces(&mut self, pieces: impl IntoIterator<Item = Piece>) -> &mut Self {
        for p in pieces {
            self.piece(p);
        }
        self
    }

    /// The piece named `name`, for restrictions.
    pub fn spec(&mut self, name: &str) -> Option<&mut PieceSpec> {
        self.pieces.iter_mut().find(|p| p.piece.name == name)
    }

    /// The pieces.
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

    /// The pieces, for restrictions.
    pub fn piece_specs_mut(&mut self) -> &mut [PieceSpec] {
        &mut self.pieces
    }

    /// Sets the first slots of the header list.
    pub fn order(&mut self, slots: impl IntoIterator<Item = Slot>) -> &mut Self {
        self.order = slots.into_iter().collect();
        self
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Every allowed placement, in row order.
    ///
    /// A matrix whose options would pass [`MatrixBuilder::MAX_NODES`] is refused
    /// ([`MatrixError::TooLarge`]) after a first pass that counts them and keeps none, so
    /// that many large pieces fail at once instead of taking the memory.
    pub fn placements(&self) -> Result<Vec<Placement>, PuzzleError> {
        // Each option: its cells and its spacer at least (its piece's item and marks may add).
        let mut nodes = 0usize;
        self.each_placement(&mut |cells, _| {
            nodes = nodes.saturating_add(cells + 1);
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

    /// Calls `f` for every allowed placement, in row order, with its number of cells and a
    /// way to make it (a count need not make it).
    fn each_placement(&self, f: &mut Visit<'_>) -> Result<(), PuzzleError> {
        for (k, spec) in self.pieces.iter().enumerate() {
            let all = spec.piece.shape.orientations();
            let chosen: Vec<usize> = match &spec.orientations {
                Orientations::All => (0..all.len()).collect(),
                Orientations::Rotations => (0..spec.piece.shape.rotations().len()).collect(),
                Orientations::Only(v) => v.clone(),
            };
            for &o in &chosen {
                let shape = all.get(o).ok_or_else(|| PuzzleError::NoSuchOrientation {
                    piece: spec.piece.name.clone(),
                    index: o,
                    count: all.len(),
                })?;
                // Only where the shape's box lies inside the board's.
                let rows = self.board.height() as i64 - i64::from(shape.height()) + 1;
                let cols = self.board.width() as i64 - i64::from(shape.width()) + 1;
                for r in 0..rows.max(0) {
                    for c in 0..cols.max(0) {
                        let fits = shape
                            .cells()
                            .iter()
                            .all(|&(dr, dc)| self.board.contains(r + dr as i64, c + dc as i64));
                        if !fits {
                            continue;
                        }
                        let make = || Placement {
                            piece: k,
                            orientation: o,
                            cells: shape
                                .cells()
                                .iter()
                                .map(|&(dr, dc)| {
                                    ((r + dr as i64) as usize, (c + dc as i64) as usize)
                                })
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
        Ok(())
    }

    /// Builds the matrix.
    pub fn build(&self) -> Result<Packing, PuzzleError> {
        let mut b = MatrixBuilder::new();
        let with_column: Vec<&PieceSpec> = self.pieces.iter().filter(|p| p.column).collect();
        for p in &with_column {
            let (lo, hi) = p.count;
            if lo > hi || hi == 0 {
                return Err(PuzzleError::BadCount {
                    piece: p.piece.name.clone(),
                    lo,
                    hi,
                });
            }
        }
        // Every cell is a primary column (secondary when it may stay empty), and so is every
        // piece, with its count as multiplicity.
        let least: usize = with_column
            .iter()
            .map(|p| p.piece.shape.len() * p.count.0 as usize)
            .sum();
        let most: usize = with_column
            .iter()
            .map(|p| p.piece.shape.len() * p.count.1 as usize)
            .sum();
        let board = self.board.area();
        let required = self.board.required_area();
        let copies = with_column.len() < self.pieces.len();
        if least > board || (!copies && most < required) {
            let plain = required == board && with_column.iter().all(|p| p.count == (1, 1));
            return Err(if plain {
                PuzzleError::AreaMismatch {
                    pieces: least,
                    board,
                    copies,
                }
            } else {
                PuzzleError::AreaOutOfRange {
                    least,
                    most: (!copies).then_some(most),
                    required,
                    board,
                }
            });
        }
        for (k, p) in with_column.iter().enumerate() {
            if with_column[..k]
                .iter()
                .any(|q| q.piece.name == p.piece.name)
            {
                return Err(PuzzleError::DuplicatePiece(p.piece.name.clone()));
            }
        }
        let mut slots = self.order.clone();
        for slot in &slots {
            if let Slot::Piece(n) = slot
                && !with_column.iter().any(|p| &p.piece.name == n)
            {
                return Err(PuzzleError::UnknownPiece(n.clone()));
            }
        }
        if !slots.contains(&Slot::Cells) {
            slots.push(Slot::Cells);
        }
        for p in &with_column {
            let slot = Slot::Piece(p.piece.name.clone());
            if !slots.contains(&slot) {
                slots.push(slot);
            }
        }
        for slot in &slots {
            match slot {
                // Cell names and piece names are each distinct (checked above): a clash is
                // between a piece and a cell, whichever comes first in the order.
                Slot::Cells => {
                    for (r, c) in self.board.cells() {
                        if !self.board.is_optional(r, c) {
                            b.primary(self.board.cell_name(r, c))
                                .map_err(piece_named_like_cell)?;
                        }
                    }
                }
                Slot::Piece(n) => {
                    let (lo, hi) = with_column
                        .iter()
                        .find(|p| &p.piece.name == n)
                        .map_or((1, 1), |p| p.count);
                    b.counted(n.clone(), lo, hi)
                        .map_err(piece_named_like_cell)?;
                }
            }
        }
        let placements = self.placements()?;
        // A piece in any number of copies has no column, so a placement of it wholly on
        // cells that may stay empty would hold no primary item, and exact cover never
        // chooses such an option: the solutions with it would be lost without a word. Those
        // options alone hold one more primary item, which any number of them up to the
        // count of such cells may cover (none included), so that they are counted as a
        // bounded piece's are.
        let on_optional = |p: &Placement| {
            !self.pieces[p.piece].column
                && p.cells.iter().all(|&(r, c)| self.board.is_optional(r, c))
        };
        let spare = if placements.iter().any(on_optional) {
            let optional = self.board.area() - self.board.required_area();
            let mut name = String::from("o*");
            let taken = |name: &str| {
                b.id(name).is_some()
                    || (self.board.cells()).any(|(r, c)| self.board.cell_name(r, c) == name)
                    || (self.pieces.iter()).any(|p| p.marks.iter().any(|(m, _)| m == name))
            };
            while taken(&name) {
                name.push('*');
            }
            // Primary whatever its bounds, `[0, 1]` included: a secondary item would leave
            // these options without a primary one again.
            b.primary_with(name.clone(), 0, u32::try_from(optional).unwrap_or(u32::MAX))?;
            Some(name)
        } else {
            None
        };
        // Cells that may stay empty: secondary items, after every primary one.
        for (r, c) in self.board.cells() {
            if self.board.is_optional(r, c) {
                b.secondary(self.board.cell_name(r, c))
                    .map_err(piece_named_like_cell)?;
            }
        }
        for spec in &self.pieces {
            for (name, _) in &spec.marks {
                if b.id(name).is_none() {
                    b.secondary(name.clone())?;
                }
            }
        }
        for p in &placements {
            let spec = &self.pieces[p.piece];
            let mut names: Vec<String> = Vec::with_capacity(p.cells.len() + 2);
            if spec.column {
                names.push(spec.piece.name.clone());
            }
            if let Some(spare) = spare.as_ref().filter(|_| on_optional(p)) {
                names.push(spare.clone());
            }
            names.extend(p.cells.iter().map(|&(r, c)| self.board.cell_name(r, c)));
            names.extend(
                spec.marks
                    .iter()
                    .filter(|(_, rule)| rule(p))
                    .map(|(n, _)| n.clone()),
            );
            b.option(&names)?;
        }
        Ok(Packing {
            matrix: b.build()?,
            placements,
            board: self.board.clone(),
            names: self.pieces.iter().map(|p| p.piece.name.clone()).collect(),
        })
    }
}

/// A puzzle's matrix, with the placement behind each row.
#[derive(Debug, Clone)]
pub struct Packing {
    /// The exact cover matrix.
    pub matrix: Matrix,
    placements: Vec<Placement>,
    board: Board,
    names: Vec<String>,
}

impl Packing {
    /// The placement of each row, indexed by option id.
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

    /// The first row whose placement satisfies `pred` (e.g. the X centred at 23, to fix it).
    pub fn find(&self, pred: impl Fn(&str, &Placement) -> bool) -> Option<OptionId> {
        self.placements
            .iter()
            .position(|p| pred(&self.names[p.piece], p))
    }

    /// The board labelled with piece names for a set of chosen rows.
    ///
    /// # Panics
    /// If an option is not one of this packing's matrix.
    pub fn tiling_of(&self, options: &[OptionId]) -> Tiling {
        Tiling::new(
            &self.board,
            options.iter().map(|&o| {
                let p = &self.placements[o];
                (self.names[p.piece].clone(), p.cells.clone())
            }),
        )
    }

    /// The board labelled with piece names for a solution.
    pub fn tiling(&self, solution: &Solution) -> Tiling {
        self.tiling_of(&solution.sorted_options())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pentominoes;

    #[test]
    fn areas_that_cannot_match_are_refused_before_any_search() {
        // 100 cells for the 60 of the twelve pentominoes.
        let mut too_big = Puzzle::new(Board::rectangle(10, 10).unwrap());
        too_big.pieces(pentominoes());
        let err = too_big.build().unwrap_err();
        assert_eq!(
            err,
            PuzzleError::AreaMismatch {
                pieces: 60,
                board: 100,
                copies: false
            }
        );
        assert_eq!(
            err.to_string(),
            "the pieces cover 60 cells but the board has 100"
        );
        let mut clash = Puzzle::new(Board::rectangle(1, 2).unwrap());
        clash.piece(Piece::from_ascii("01", "##").unwrap());
        assert_eq!(
            clash.build().unwrap_err().to_string(),
            "piece `01` has the name of a board cell: give it another name"
        );
        clash.order([Slot::Piece("01".into()), Slot::Cells]);
        assert_eq!(
            clash.build().unwrap_err(),
            PuzzleError::PieceNamedLikeCell("01".into())
        );
        // Copies of a piece without a column may fill the rest, but not less than nothing.
        let domino = Piece::from_ascii("D", "##").unwrap();
        let mut copies = Puzzle::new(Board::rectangle(2, 2).unwrap());
        copies.piece(domino.clone()).without_column();
        assert_eq!(copies.build().unwrap().matrix.primary_count(), 4);
        let mut over = Puzzle::new(Board::rectangle(1, 2).unwrap());
        over.piece(Piece::from_ascii("T", "###").unwrap());
        over.piece(domino).without_column();
        assert!(
            over.build()
                .unwrap_err()
                .to_string()
                .ends_with("(besides copies of the pieces without a column)")
        );
    }

    #[test]
    fn placements_past_the_arena_are_refused_before_they_are_kept() {
        // An 18x36 rectangle has 38 places on a 36x36 board, 649 nodes each: 10,900 of
        // them pass the arena's 268,435,455 nodes.
        let picture = vec!["#".repeat(36); 18].join("\n");
        let slab = Piece::from_ascii("S", &picture).unwrap();
        let mut huge = Puzzle::new(Board::rectangle(36, 36).unwrap());
        huge.pieces(std::iter::repeat_n(slab, 10_900));
        match huge.placements() {
            Err(PuzzleError::Matrix(MatrixError::TooLarge { nodes, limit })) => {
                assert_eq!(limit, MatrixBuilder::MAX_NODES);
                assert!(nodes > limit && nodes <= limit + 649, "{nodes}");
            }
            other => panic!("{:?}", other.map(|p| p.len())),
        }
    }

    #[test]
    fn counts_and_optional_cells_bound_the_area() {
        let domino = Piece::from_ascii("D", "##").unwrap();
        let board = Board::rectangle(2, 3)
            .unwrap()
            .with_optional([(0, 0)])
            .unwrap();
        let mut few = Puzzle::new(board.clone());
        few.piece(domino.clone()).count(1, 2);
        assert_eq!(
            few.build().unwrap_err(),
            PuzzleError::AreaOutOfRange {
                least: 2,
                most: Some(4),
                required: 5,
                board: 6
            }
        );
        let mut many = Puzzle::new(board.clone());
        many.piece(domino.clone()).copies(4);
        assert!(
            many.build()
                .unwrap_err()
                .to_string()
                .starts_with("the pieces cover 8 to 8 cells")
        );
        let mut empty = Puzzle::new(board.clone());
        empty.piece(domino.clone()).count(2, 1);
        assert_eq!(
            empty.build().unwrap_err(),
            PuzzleError::BadCount {
                piece: "D".into(),
                lo: 2,
                hi: 1
            }
        );
        empty.spec("D").unwrap().count(0, 0);
        assert!(matches!(empty.build(), Err(PuzzleError::BadCount { .. })));
        // Dominoes 0 to 3 times on the 2x3 board whose corner may stay empty: dominoes cover
        // an even number of cells and 5 must be covered, so the corner is covered too and
        // the packings are the 3 domino tilings.
        let mut fits = Puzzle::new(board);
        fits.piece(domino).count(0, 3);
        let packing = fits.build().unwrap();
        assert_eq!(packing.matrix.primary_count(), 6);
        let count = dlx_core::Problem::new(&packing.matrix).solve().count();
        assert_eq!(count.solutions, 3);
        assert!(matches!(
            Board::rectangle(2, 2).unwrap().with_optional([(2, 0)]),
            Err(BoardError::Outside { .. })
        ));
    }
}
