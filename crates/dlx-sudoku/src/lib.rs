//! Sudoku of any box size n = 2..=6 (4x4, 9x9, 16x16, 25x25, 36x36) solved as an exact cover
//! problem with dancing links: parse, solve, count solutions, check uniqueness, iterate;
//! generate minimal puzzles with one solution, grade puzzles by the rules they need, and
//! explain them step by step.
//!
//! ```
//! use dlx_sudoku::{Grid, Solver};
//!
//! // "top95" #1, one puzzle per line, `.` for blanks.
//! let puzzle: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!         .parse()?;
//! let mut solver = Solver::new(); // keeps one matrix per board size
//! let solution = solver.solve(&puzzle).expect("it has a solution");
//! assert_eq!(
//!     solution.to_string(),
//!     "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
//! );
//! assert!(solver.is_unique(&puzzle));
//!
//! // Grid layouts print back in their own format, separators and all.
//! let small: Grid = "1 . | 3 .\n\
//!                    . . | . 2\n\
//!                    ----+----\n\
//!                    . 3 | . .\n\
//!                    . . | 4 .".parse()?;
//! assert_eq!(
//!     solver.solve(&small).unwrap().to_string(),
//!     "1 2 | 3 4\n\
//!      3 4 | 1 2\n\
//!      ----+----\n\
//!      4 3 | 2 1\n\
//!      2 1 | 4 3"
//! );
//!
//! // Bad input says what and where; no solution is an answer, not an error.
//! let err = "11..............".parse::<Grid>().unwrap_err();
//! assert_eq!(err.to_string(), "line 1: r1c1 and r1c2 both hold 1");
//! let stuck: Grid = "12.....3.....4..".parse()?;
//! assert_eq!(solver.count(&stuck, None), 0);
//! # Ok::<(), dlx_sudoku::SudokuError>(())
//! ```
//!
//! The reduction is the seeds': for side N = n², 4N² primary columns (each cell holds a
//! digit; each row, column and box holds each digit), then N³ rows, one per (cell, digit),
//! each covering its four columns. [`Solver`] builds that matrix once per size and fixes a
//! puzzle's givens for each search by covering their rows ([`dlx_core::Solve::fix`],
//! [`dlx_core::step::Reduce::fix`]), so solving a puzzle never rebuilds or reallocates the
//! matrix. First solutions and counts of the larger boards go to candidate masks
//! ([`Solver::masks_from`]): the same exact cover kept as a word per cell and per unit's
//! digit, with singles, locked candidates and probing (every option of each item with two
//! options, or three below 36x36, tried and undone), which proves the hardest 25x25 and
//! 36x36 puzzles unique in seconds where the same rules over dancing links
//! ([`dlx_core::step::Reduce`], still used for statistics and [`Solver::solutions`] from
//! 16x16 up) took minutes. 9x9 first solutions and counts go to a layer over bit sets
//! instead ([`Solver::bands`]): the same 729 options as 27 words of 27 bits, one per digit
//! and band of three rows, with the single rule and locked candidates, about 10x faster
//! than DLX and at the speed of a dedicated 9x9 solver (`cargo xtask bench sudoku --peer`). The
//! pieces:
//! - [`Alphabet`]: which characters are symbols and blanks (`1-9`, `0-F`, `1-G`, `A-P`, ...);
//! - [`Grid`] / [`parse`] / [`parse_lines`]: boards, read from lines, grid layouts or numbers;
//! - [`matrix`] / [`puzzle_matrix`]: the exact cover matrices;
//! - [`Solver`]: solve, count, uniqueness and all solutions;
//! - [`generate`]: minimal puzzles with exactly one solution, reproducible from a seed,
//!   optionally symmetric or of a given grade;
//! - [`grade`]: a puzzle's grade, by the weakest rules that solve it (singles, locked
//!   candidates, probing, or a search and its node count);
//! - [`explain`]: a puzzle solved step by step by those rules, each step with its reason;
//! - [`judge`]: the online judges' formats (POJ 3074, POJ 3076 / UVa 1309), read and answered
//!   byte for byte;
//! - [`variant`]: X, windoku, jigsaw, samurai and killer (any units over any cells, and
//!   cages), solved, counted and generated on one exact cover;
//! - [`SudokuError`]: what is wrong with an input, and where.

#![warn(missing_docs)]

mod alphabet;
mod bands;
mod engine;
mod error;
pub mod explain;
pub mod generate;
pub mod grade;
mod grid;
pub mod judge;
mod lanes;
mod masks;
mod matrix;
mod parse;
mod solver;
pub mod variant;

pub use alphabet::Alphabet;
pub use error::SudokuError;
pub use grid::Grid;
pub use matrix::{decode, matrix, option_of, puzzle_matrix};
pub use parse::{Entry, parse, parse_lines};
pub use solver::{MASKS_FROM, PROPAGATE_FROM, SEARCH_RULE, Solutions, Solver};

pub(crate) use grid::box_size_of_side;

impl std::str::FromStr for Grid {
    type Err = SudokuError;

    /// Parses a puzzle, detecting its size and alphabet (see [`parse`]).
    fn from_str(s: &str) -> Result<Grid, SudokuError> {
        parse(s, None)
    }
}

impl Grid {
    /// Parses a puzzle in a given alphabet (which fixes the size); see [`parse`].
    ///
    /// ```
    /// use dlx_sudoku::{Alphabet, Grid};
    /// let puzzle = "1".repeat(1) + &".".repeat(255);
    /// // Alone, `1` fits both 0-F and 1-G: the alphabet has to be chosen.
    /// assert!(puzzle.parse::<Grid>().is_err());
    /// let g = Grid::parse_with(&puzzle, &Alphabet::from_spec("1-G")?)?;
    /// assert_eq!(g.side(), 16);
    /// # Ok::<(), dlx_sudoku::SudokuError>(())
    /// ```
    pub fn parse_with(text: &str, alphabet: &Alphabet) -> Result<Grid, SudokuError> {
        parse(text, Some(alphabet))
    }
}

/// The examples of the crate's README, run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
