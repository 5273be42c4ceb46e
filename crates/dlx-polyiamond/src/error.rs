//! Everything that can go wrong describing a polyiamond puzzle.

use thiserror::Error;

/// Why a cell, shape, board or puzzle could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PolyiamondError {
    /// A cell name is not two base-36 digits optionally followed by `*`.
    #[error("bad cell name `{name}` (expected two base-36 digits and an optional `*`, e.g. `0a*`)")]
    BadCellName {
        /// The name as given.
        name: String,
    },
    /// A list of cell names names one cell twice.
    #[error("cell `{name}` is listed twice")]
    RepeatedCell {
        /// The cell's name.
        name: String,
    },
    /// An ASCII-art picture holds a character that is neither a cell nor a hole.
    #[error("line {line}, column {column}: unexpected character {found:?} in the picture")]
    BadArt {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        found: char,
    },
    /// An ASCII-art picture reaches past the 36 lines or 72 columns whose cells have names.
    #[error(
        "line {line}, column {column}: the picture is too large (cells must lie within 36 lines of 72 columns to have two base-36 digits)"
    )]
    ArtTooLarge {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// A shape or board without cells.
    #[error("the shape has no cells")]
    EmptyShape,
    /// A shape whose cells span more than [`crate::shape::MAX_EXTENT`] along an axis, so
    /// that its turns could not be counted in `i32` coordinates.
    #[error(
        "the shape's cells span more than {} along an axis",
        crate::shape::MAX_EXTENT
    )]
    ShapeTooLarge,
    /// A cell outside the named range 0..36.
    #[error("cell ({x},{y}) is off the grid: coordinates must lie in 0..36 to have a name")]
    OffGrid {
        /// Its x.
        x: i32,
        /// Its y.
        y: i32,
    },
    /// A rhombus size out of range.
    #[error("rhombus {m}x{n}: both sides must be between 1 and 36")]
    BadSize {
        /// Sides.
        m: i32,
        /// Sides.
        n: i32,
    },
    /// A piece label that names no hexiamond.
    #[error(
        "unknown piece `{label}` (expected one of I P F E C V G H J O S X, primed for the mirror image of a chiral one, or the label of a piece of one's own)"
    )]
    UnknownPiece {
        /// The label as given.
        label: String,
    },
    /// A piece of one's own ([`crate::Puzzle::own_piece`]) takes a label already given.
    #[error("piece `{label}` is given twice")]
    PieceGivenTwice {
        /// The label.
        label: String,
    },
    /// The pieces and the board differ in area, so no packing can exist (said at once,
    /// rather than after a search that cannot succeed).
    #[error("the pieces have {pieces} triangles but the board has {board}")]
    AreaMismatch {
        /// Triangles of the pieces together.
        pieces: usize,
        /// Triangles of the board.
        board: usize,
    },
    /// A triangle said to be optional is not on the board.
    #[error("cell ({x},{y}) may stay empty but is not on the board")]
    NotOnBoard {
        /// Column of the cell.
        x: i32,
        /// Strip of the cell.
        y: i32,
    },
    /// A piece count is empty or zero (`lo > hi` or `hi = 0`).
    #[error("piece {label}: the count {lo} to {hi} is empty or zero (need lo <= hi, hi >= 1)")]
    BadCount {
        /// The piece's label.
        label: String,
        /// The lower count.
        lo: u32,
        /// The upper count.
        hi: u32,
    },
    /// With piece counts or cells that may stay empty, the pieces can cover neither fewer
    /// triangles than the board requires nor more than it has.
    #[error(
        "the pieces have {least} to {most} triangles but the board has {required} that must be covered and {board} in all"
    )]
    AreaOutOfRange {
        /// Triangles of the pieces at their lower counts.
        least: usize,
        /// Triangles of the pieces at their upper counts.
        most: usize,
        /// Triangles that must be covered.
        required: usize,
        /// Triangles of the board, optional ones included.
        board: usize,
    },
    /// The matrix could not be built (e.g. two pieces with the same label).
    #[error(transparent)]
    Matrix(#[from] dlx_core::MatrixError),
}
