//! Polysticks for dancing links: pieces made of unit segments on the square lattice, placed
//! on a board so that every segment is covered once and no two pieces cross.
//!
//! The ten one-sided welded tetrasticks in the 4×4 grid (the paper's Figure 13): 16
//! solutions, which fall into 3 classes under the square's symmetries, 2 of them symmetric.
//!
//! ```
//! use dlx_core::Dlx;
//! use dlx_polystick::{Board, Puzzle, orbits, parse_piece_set};
//!
//! let puzzle = Puzzle::new(Board::grid(4, 4)?, parse_piece_set("one-sided-welded")?);
//! let built = puzzle.build()?;
//! let mut dlx = Dlx::new(&built.matrix);
//! let solutions: Vec<_> = dlx.solve().iter().map(|s| built.arrangement(&s)).collect();
//! assert_eq!(solutions.len(), 16);
//!
//! let classes = orbits(&solutions, &built.board, &built.pieces);
//! assert_eq!((classes.classes, classes.symmetric), (3, 2));
//! assert_eq!(dlx.solve().count().updates, 177_037);
//!
//! // Every solution drawn: each piece's letter along its segments (f is F').
//! let picture = dlx_polystick::draw::ascii(&built.board, &classes.representatives[0]);
//! assert_eq!(picture.lines().count(), 9);
//! # Ok::<(), dlx_polystick::PolystickError>(())
//! ```
//!
//! How the pieces fit together:
//! - [`stick`]: segments `Hxy` / `Vxy`, points `Ixy`, the eight symmetries of the square;
//! - [`piece`]: the 16 tetrasticks with the paper's names, orientations, one-sided sets;
//! - [`board`]: boards as grids, diamonds, diamond lattices (Figure 15's Aztec diamond) or
//!   segment lists;
//! - [`puzzle`]: the generalised cover matrix, with a secondary column `Ixy` for every
//!   interior point, which a row holds when its piece passes straight through the point;
//!   Board features: segments that may stay uncovered ([`Board::with_optional`], `H23?`
//!   in a segment list) are secondary items; [`Puzzle::count`] places a piece a number or
//!   range of times (its column's multiplicity, solved by the engine [`dlx_core::Problem`]
//!   picks; a piece placed once stays a plain primary column); each [`Piece`] is free or
//!   one-sided ([`Piece::one_sided`], [`Piece::free`]);
//! - [`arrangement`]: a solution as pieces on the board, its crossings (Figure 12), and
//!   classes of solutions under the board's symmetries;
//! - [`draw`]: ASCII and SVG pictures;
//! - [`subcase`]: a puzzle split by the place of one piece, the symmetry left in each part
//!   broken by restricting another.

#![warn(missing_docs)]

pub mod arrangement;
pub mod board;
pub mod draw;
mod error;
pub mod piece;
pub mod puzzle;
pub mod stick;
pub mod subcase;

pub use arrangement::{Arrangement, Orbits, Placed, orbits};
pub use board::{Board, Transform};
pub use error::PolystickError;
pub use piece::{Piece, one_sided, parse_piece_set, tetrastick, tetrasticks, unwelded, welded};
pub use puzzle::{Crossings, Placement, PolystickMatrix, Puzzle};
pub use stick::{Dir, Point, Seg, Symmetry, normalize as normalize_shape};
pub use subcase::{Subcase, subcases};

/// The examples of the crate's README, run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
