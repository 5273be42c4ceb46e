//! Everything that can go wrong when a puzzle is described.

use thiserror::Error;

/// Why a board, a piece set or a puzzle could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PolystickError {
    /// A segment name is not `Hxy` or `Vxy` with base-36 digits.
    #[error("`{name}` is not a segment name (expected H or V and two base-36 digits, e.g. H23)")]
    BadSegment {
        /// The offending text.
        name: String,
    },
    /// A board description could not be read.
    #[error("board description, line {line}, item {item} (`{text}`): {reason}")]
    BadBoard {
        /// 1-based line of the description holding the offending item.
        line: usize,
        /// 1-based position of the offending item (word) in the description.
        item: usize,
        /// The offending text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A board has no segments.
    #[error("the board has no segments")]
    EmptyBoard,
    /// A board lies (partly) outside the coordinates that base-36 names can express.
    #[error("segment ({x},{y}) lies outside 0..36, where columns have base-36 names")]
    OffTheMap {
        /// Abscissa.
        x: i32,
        /// Ordinate.
        y: i32,
    },
    /// A piece name is not one of the tetrasticks (with `'` for a mirror image).
    #[error(
        "unknown piece `{name}` (the tetrasticks are F H I J L N O P R S T U V W X Y; add ' for a mirror image)"
    )]
    UnknownPiece {
        /// The offending name.
        name: String,
    },
    /// A piece appears twice in a set.
    #[error("piece `{name}` appears twice")]
    DuplicatePiece {
        /// The repeated name.
        name: String,
    },
    /// A mirror image was asked for a piece that has none.
    #[error("piece `{name}` is its own mirror image, so `{name}'` does not exist")]
    NoMirror {
        /// The achiral piece.
        name: String,
    },
    /// A piece set description could not be read.
    #[error("piece set `{text}`: {reason}")]
    BadPieceSet {
        /// The offending description.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An orientation restriction names a shape the piece cannot take.
    #[error(
        "piece `{piece}` has no orientation `{shape}` (give its four segments, e.g. H00 H10 H20 H30)"
    )]
    NoSuchOrientation {
        /// The piece.
        piece: String,
        /// The shape asked for, as segment names.
        shape: String,
    },
    /// A restriction names a piece that is not in the puzzle.
    #[error("piece `{name}` is not in the puzzle")]
    PieceNotInPuzzle {
        /// The piece.
        name: String,
    },
    /// A symmetry-breaking restriction whose group does not map the piece onto itself.
    #[error(
        "piece `{piece}` at {place} is not mapped onto a place of `{piece}` by the symmetries \
         given (a chiral one-sided piece under a reflection?), so they cannot be broken with it"
    )]
    NotInvariant {
        /// The piece.
        piece: String,
        /// A placement whose image is not a placement of the piece, as segment names.
        place: String,
    },
    /// The pieces' segments do not add up to the board's.
    #[error("the pieces have {pieces} segments but the board has {board}")]
    AreaMismatch {
        /// Segments of all pieces together.
        pieces: usize,
        /// Segments of the board.
        board: usize,
    },
    /// A segment said to be optional is not on the board.
    #[error("segment {seg} may stay uncovered but is not on the board")]
    NotOnBoard {
        /// The segment's name.
        seg: String,
    },
    /// A piece count is empty or zero (`lo > hi` or `hi = 0`).
    #[error("piece {name}: the count {lo} to {hi} is empty or zero (need lo <= hi, hi >= 1)")]
    BadCount {
        /// The piece's name.
        name: String,
        /// The lower count.
        lo: u32,
        /// The upper count.
        hi: u32,
    },
    /// With piece counts or segments that may stay uncovered, the pieces can cover neither
    /// fewer segments than the board requires nor more than it has.
    #[error(
        "the pieces have {least} to {most} segments but the board has {required} that must be covered and {board} in all"
    )]
    AreaOutOfRange {
        /// Segments of the pieces at their lower counts.
        least: usize,
        /// Segments of the pieces at their upper counts.
        most: usize,
        /// Segments that must be covered.
        required: usize,
        /// Segments of the board, optional ones included.
        board: usize,
    },
    /// A named puzzle is unknown.
    #[error("unknown polystick puzzle `{name}`")]
    UnknownPuzzle {
        /// The name asked for.
        name: String,
    },
    /// The exact cover matrix could not be built.
    #[error(transparent)]
    Matrix(#[from] dlx_core::MatrixError),
}
