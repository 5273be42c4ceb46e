//! The N queens problem as a generalised exact cover, with the matrix Knuth's generator
//! `queens-dlx` writes, so that the search statistics agree with his program to the unit.
//!
//! ```
//! use dlx_core::Dlx;
//! use dlx_queens::Queens;
//!
//! let queens = Queens::new(8)?;
//! let matrix = queens.matrix();
//! let mut dlx = Dlx::new(&matrix);
//!
//! // The paper's table with the S heuristic (the default rule): 92 solutions,
//! // 1,049 nodes and 16,680 updates for N = 8.
//! let stats = dlx.solve().count();
//! assert_eq!((stats.solutions, stats.nodes, stats.updates), (92, 1_049, 16_680));
//!
//! // Solutions come back as queens on a board.
//! let first = dlx.solve().first().unwrap();
//! let board = queens.board(&first);
//! assert_eq!(board.queens().len(), 8);
//! println!("{}", board.ascii());
//! # Ok::<(), dlx_queens::QueensError>(())
//! ```
//!
//! Each option is `r(i) c(j) a(i+j) b(N-1-i+j)`: a queen on rank i and file j occupies its rank,
//! its file, and two diagonals. Ranks and files are primary (exactly one queen each);
//! diagonals are secondary (at most one queen), and the four one-cell diagonals (index 0 and
//! 2N-2) are left out, as Knuth does.

#![warn(missing_docs)]

mod board;
mod matrix;

pub use board::Board;
pub use matrix::{MAX_N, MOTIONS, Motion, Order, Queens, QueensError};

/// The examples of the crate's README, run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
