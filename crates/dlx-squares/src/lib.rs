//! The square destroyer: an n x n grid of matchsticks, some perhaps already removed; remove
//! the fewest further sticks so that no square of any size is left (Martin Gardner's puzzle,
//! POJ problem 1084). It is a minimum cover problem, solved by
//! [`dlx_core::mincover`]'s IDA* on repeat-cover dancing links.
//!
//! ```
//! use dlx_squares::{Grid, destroy};
//! use dlx_core::Bound;
//!
//! let grid = Grid::full(2)?;
//! let answer = destroy(&grid, Bound::Seed);
//! assert_eq!(answer.minimum, 3);
//! // Removing the sticks of the first minimum cover leaves no square.
//! let mut after = grid.clone();
//! for &stick in &answer.removals[0] {
//!     after.remove(stick);
//! }
//! assert!(after.intact_squares().is_empty());
//! println!("remove {:?}\n{}", answer.removals[0], after.picture());
//! # Ok::<(), dlx_squares::SquaresError>(())
//! ```
//!
//! # The matrix
//!
//! - Columns (all primary): the squares still intact, named `s<size>@<row>.<col>` (side length
//!   and top left cell), smallest first, then top to bottom and left to right. That order is
//!   what the S heuristic's tie-break and the bound h see.
//! - Rows: the sticks still present that lie on an intact square, in stick-number order, each
//!   holding the intact squares it lies on. Sticks are named `H<row>.<col>` / `V<row>.<col>`
//!   or numbered in reading order (see [`Stick`]).
//!
//! A set of rows covers every column exactly when removing those sticks breaks every square.
//!
//! [`judge`] reads POJ 1084's input as the judge gives it and answers as it expects.

#![warn(missing_docs)]

mod grid;
pub mod judge;
mod stick;

use std::sync::atomic::AtomicBool;

use dlx_core::mincover::{Bound, MinCover, MinCoverResult, MinCoverStats};
use dlx_core::{Matrix, MatrixBuilder};
use thiserror::Error;

pub use grid::{Grid, Square};
pub use stick::Stick;

/// The largest grid accepted: the search for larger grids would not finish in reasonable
/// time, so bigger sizes are treated as input errors.
pub const MAX_N: usize = 8;

/// Bad input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SquaresError {
    /// The grid size is not in 1..=[`MAX_N`].
    #[error("grid size {n} is out of range (1..={max})", max = MAX_N)]
    SizeOutOfRange {
        /// The size asked for.
        n: usize,
    },
    /// A stick name or number does not belong to the grid.
    #[error(
        "unknown stick `{stick}` for a {n} x {n} grid (expected H<row>.<col> with row 0..={n} \
         and col 0..{n}, V<row>.<col> with row 0..{n} and col 0..={n}, or a number 1..={count})",
        count = Stick::count(*n)
    )]
    UnknownStick {
        /// The text given.
        stick: String,
        /// The grid size.
        n: usize,
    },
    /// A list of sticks names one stick twice (by name or number).
    #[error("stick {stick} (number {number}) is listed twice")]
    RepeatedStick {
        /// The stick.
        stick: Stick,
        /// Its number in the grid.
        number: usize,
    },
    /// An online judge's input departs from its format (see [`judge`]).
    #[error("line {line}: {reason}")]
    Input {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

/// A grid's square-destroyer problem as a minimum-cover matrix.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The matrix; `None` when no square is intact (nothing to destroy).
    pub matrix: Option<Matrix>,
    /// The stick of each option (row) of the matrix.
    pub sticks: Vec<Stick>,
    /// The square of each item (column) of the matrix.
    pub squares: Vec<Square>,
}

/// Builds the matrix of a grid.
///
/// ```
/// let p = dlx_squares::puzzle(&dlx_squares::Grid::full(1)?);
/// let m = p.matrix.unwrap();
/// assert_eq!(m.items()[0].name, "s1@0.0");
/// assert_eq!(p.sticks.len(), 4);
/// # Ok::<(), dlx_squares::SquaresError>(())
/// ```
pub fn puzzle(grid: &Grid) -> Puzzle {
    let squares = grid.intact_squares();
    if squares.is_empty() {
        return Puzzle {
            matrix: None,
            sticks: Vec::new(),
            squares,
        };
    }
    let mut b = MatrixBuilder::new();
    for sq in &squares {
        b.primary(sq.name()).expect("square names are distinct");
    }
    let mut sticks = Vec::new();
    for stick in grid.present() {
        let on: Vec<usize> = squares
            .iter()
            .enumerate()
            .filter(|(_, sq)| sq.sticks().any(|s| s == stick))
            .map(|(k, _)| k)
            .collect();
        if !on.is_empty() {
            b.option_ids(on).expect("distinct, existing items");
            sticks.push(stick);
        }
    }
    let matrix = b
        .build()
        .expect("at least one square, every option non-empty");
    Puzzle {
        matrix: Some(matrix),
        sticks,
        squares,
    }
}

/// The answer to a square-destroyer problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destroyed {
    /// The fewest sticks whose removal leaves no square.
    pub minimum: usize,
    /// Minimum sets of sticks to remove (one, or all of them), each in stick-number order.
    pub removals: Vec<Vec<Stick>>,
    /// True when `removals` lists every minimum set.
    pub all: bool,
    /// The stop flag of [`destroy_all_until`] ended the search after the minimum was known:
    /// `removals` holds the sets found so far, and `all` is false.
    pub interrupted: bool,
    /// The search's statistics (empty when no square was intact).
    pub stats: MinCoverStats,
}

/// A search stopped by its flag before it knew the minimum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unfinished {
    /// No set of fewer sticks breaks every square: the pass allowing this many was under way
    /// (0 when the search stopped before its first pass).
    pub at_least: usize,
    /// The search's statistics up to the stop.
    pub stats: MinCoverStats,
}

/// The minimum number of sticks to remove, and one way to do it.
pub fn destroy(grid: &Grid, bound: Bound) -> Destroyed {
    finished(solve(grid, bound, None, &AtomicBool::new(false)))
}

/// The minimum number of sticks to remove, and every way to do it (at most `max` of them).
pub fn destroy_all(grid: &Grid, bound: Bound, max: Option<u64>) -> Destroyed {
    finished(solve(grid, bound, Some(max), &AtomicBool::new(false)))
}

/// [`destroy`], stopped at the search's next node once `stop` is set (by a Ctrl-C handler,
/// another thread, a deadline): the full 8 x 8 grid takes tens of seconds, all its minimum
/// sets far longer.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use dlx_core::Bound;
/// use dlx_squares::{Grid, destroy_until};
///
/// let grid = Grid::full(4)?;
/// let stopped = destroy_until(&grid, Bound::Seed, &AtomicBool::new(true)).unwrap_err();
/// // The bound h alone shows that fewer than 8 sticks cannot do it.
/// assert_eq!(stopped.at_least, 8);
/// assert_eq!(destroy_until(&grid, Bound::Seed, &AtomicBool::new(false)).unwrap().minimum, 9);
/// # Ok::<(), dlx_squares::SquaresError>(())
/// ```
pub fn destroy_until(
    grid: &Grid,
    bound: Bound,
    stop: &AtomicBool,
) -> Result<Destroyed, Unfinished> {
    solve(grid, bound, None, stop)
}

/// [`destroy_all`], stopped as [`destroy_until`] is: once the minimum is known, a stop keeps
/// the sets found so far ([`Destroyed::interrupted`]).
pub fn destroy_all_until(
    grid: &Grid,
    bound: Bound,
    max: Option<u64>,
    stop: &AtomicBool,
) -> Result<Destroyed, Unfinished> {
    solve(grid, bound, Some(max), stop)
}

/// The answer of a search whose stop flag was never set.
fn finished(answer: Result<Destroyed, Unfinished>) -> Destroyed {
    match answer {
        Ok(d) => d,
        Err(_) => unreachable!("a search that is never stopped finishes"),
    }
}

fn solve(
    grid: &Grid,
    bound: Bound,
    all: Option<Option<u64>>,
    stop: &AtomicBool,
) -> Result<Destroyed, Unfinished> {
    let p = puzzle(grid);
    let Some(matrix) = &p.matrix else {
        return Ok(Destroyed {
            minimum: 0,
            removals: vec![Vec::new()],
            all: true,
            interrupted: false,
            stats: MinCoverStats::default(),
        });
    };
    let mut mc = MinCover::new(matrix).with_bound(bound);
    let r: MinCoverResult = match all {
        None => mc.solve_until(stop),
        Some(max) => mc.solve_all_until(max, stop),
    };
    let Some(minimum) = r.minimum else {
        // Every square has 4 sticks, so every column has rows and a cover exists: only a
        // stop leaves the minimum unknown.
        debug_assert!(r.interrupted, "every square can be broken");
        return Err(Unfinished {
            at_least: r.stats.iterations.last().map_or(0, |i| i.limit),
            stats: r.stats,
        });
    };
    let removals = r
        .covers
        .iter()
        .map(|cover| cover.iter().map(|&o| p.sticks[o]).collect())
        .collect();
    Ok(Destroyed {
        minimum,
        removals,
        all: r.all,
        interrupted: r.interrupted,
        stats: r.stats,
    })
}

/// The examples of the crate's README, run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
