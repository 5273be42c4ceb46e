//! What can be wrong with a puzzle's text: each error says what and where.

use thiserror::Error;

/// Bad input. A puzzle that merely has no solution is not an error: it counts 0 solutions.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SudokuError {
    /// The number of cells is not the square of a supported side.
    #[error("line {line}: found {found} cells, expected {expected}")]
    WrongLength {
        /// The (first) line of the puzzle.
        line: usize,
        /// Cells found.
        found: usize,
        /// The accepted sizes, e.g. `81 (9x9)` or `16 (4x4), 81 (9x9), ...`.
        expected: String,
    },
    /// A character that is neither a symbol of the alphabet, a blank nor a separator.
    #[error(
        "line {line}, position {position}: unknown character `{}` ({accepted})",
        ch.escape_debug()
    )]
    UnknownChar {
        /// 1-based line.
        line: usize,
        /// 1-based character position in that line.
        position: usize,
        /// The character.
        ch: char,
        /// What the line may contain instead.
        accepted: String,
    },
    /// In the numbers layout, a token that is not a value 0..=N.
    #[error("line {line}: `{token}` is not a number from 0 to {max}")]
    BadNumber {
        /// 1-based line.
        line: usize,
        /// The token.
        token: String,
        /// The largest value (the side N).
        max: usize,
    },
    /// The givens use symbols that fit more than one alphabet of this size.
    #[error("line {line}: the alphabet is ambiguous ({candidates}); choose one")]
    AmbiguousAlphabet {
        /// The (first) line of the puzzle.
        line: usize,
        /// The alphabets that fit, e.g. `0-F or 1-G`.
        candidates: String,
    },
    /// Two givens share a row, column or box and hold the same symbol.
    #[error("line {line}: {first} and {second} both hold {symbol}")]
    Clash {
        /// The (first) line of the puzzle.
        line: usize,
        /// The earlier cell, e.g. `r1c1`.
        first: String,
        /// The later cell, e.g. `r1c5`.
        second: String,
        /// The symbol both hold, as written.
        symbol: String,
    },
    /// An alphabet specification that cannot be used.
    #[error("bad alphabet `{spec}`: {reason}")]
    BadAlphabet {
        /// The specification given.
        spec: String,
        /// Why it was refused.
        reason: String,
    },
    /// An online judge's input departs from its format, or breaks a promise of its statement
    /// (see [`crate::judge`]).
    #[error("line {line}: {reason}")]
    Judge {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// [`crate::generate::Generator::grade`]: no generated puzzle had the grade asked for.
    #[error(
        "no {size} puzzle of grade {grade} among {attempts} minimal{} puzzles generated",
        if *symmetric { " symmetric" } else { "" }
    )]
    GradeNotReached {
        /// The grade, e.g. `4 (branching)`.
        grade: String,
        /// The minimal puzzles generated.
        attempts: u64,
        /// The board, e.g. `9x9`.
        size: String,
        /// Whether they were symmetric.
        symmetric: bool,
    },
    /// A box size outside the supported range.
    #[error("box size {0} is not supported (2 to 6: 4x4 to 36x36)")]
    BadBoxSize(usize),
    /// A variant's puzzle or layout that cannot be used: a region or cage of the wrong size,
    /// a sum no digits make, a field missing (see [`crate::variant`]).
    #[error("line {line}: {reason}")]
    Variant {
        /// 1-based line (1 for a layout built in code).
        line: usize,
        /// What is wrong, naming the cell, region or cage.
        reason: String,
    },
}

impl SudokuError {
    /// The same error, its line numbers moved down by `by` lines (for puzzles read from the
    /// middle of a file).
    pub fn shift_lines(mut self, by: usize) -> Self {
        match &mut self {
            SudokuError::WrongLength { line, .. }
            | SudokuError::UnknownChar { line, .. }
            | SudokuError::BadNumber { line, .. }
            | SudokuError::AmbiguousAlphabet { line, .. }
            | SudokuError::Clash { line, .. }
            | SudokuError::Judge { line, .. }
            | SudokuError::Variant { line, .. } => *line += by,
            SudokuError::BadAlphabet { .. }
            | SudokuError::GradeNotReached { .. }
            | SudokuError::BadBoxSize(_) => {}
        }
        self
    }
}
