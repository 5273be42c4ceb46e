//! Polyiamonds on the triangular grid as exact cover problems: the twelve hexiamonds, the 6x6
//! rhombus, O'Beirne's hexagon of the nineteen one-sided hexiamonds.
//!
//! The twelve hexiamonds tile a 6x6 rhombus in 156 ways; with Knuth's column order and the
//! sphinx limited to three orientations, Algorithm DLX makes exactly the paper's 37,313,405
//! updates:
//!
//! ```
//! use dlx_core::Dlx;
//!
//! let placed = dlx_polyiamond::problems::rhombus().build()?;
//! let mut dlx = Dlx::new(&placed.matrix);
//! let stats = dlx.solve().count();
//! assert_eq!((stats.solutions, stats.nodes, stats.updates), (156, 70_505, 37_313_405));
//!
//! // A solution as labelled triangles: one line per strip, the top strip first.
//! let first = dlx.solve().first().unwrap();
//! let picture = dlx_polyiamond::render::text(&placed.board, &placed.labelling(&first));
//! assert_eq!(picture.lines().count(), 6);
//! # Ok::<(), dlx_polyiamond::PolyiamondError>(())
//! ```
//!
//! The pieces, in the order data flows through them:
//! - [`Cell`]: a triangle `(x, y, z)`, named `xy` (up) or `xy*` (down) as in Knuth's
//!   `polyiamonds.w`; [`cell`] documents the coordinates and the symmetries;
//! - [`Shape`]: a polyiamond, from cell names or ASCII art, with its rotations and
//!   orientations; [`hexiamonds`] holds the twelve and the nineteen one-sided ones;
//! - [`Board`]: the cells to cover (rhombus, O'Beirne's hexagon, any shape);
//! - [`Puzzle`]: a board and pieces, each with its orientations and an optional placement
//!   filter, built into a [`Placed`] matrix (cell columns in lexicographic order, then pieces);
//!   Board features: triangles that may stay empty ([`Board::with_optional`], `?` in a
//!   picture, `01?` among names) are secondary items; [`Puzzle::count`] places a piece a
//!   number or range of times (its column's multiplicity, solved by the engine
//!   [`dlx_core::Problem`] picks; a piece placed once stays a plain primary column);
//!   [`Puzzle::one_sided`] keeps a piece's rotations only;
//! - [`problems`]: the paper's puzzles; [`render`] draws solutions as text or SVG;
//!   [`symmetry`] scores them as the paper does; [`subcase`] splits the hexagon by the
//!   distance of O and counts solution classes exactly.

#![warn(missing_docs)]

pub mod board;
pub mod cell;
mod error;
pub mod hexiamonds;
pub mod problems;
pub mod puzzle;
pub mod render;
pub mod shape;
pub mod subcase;
pub mod symmetry;

pub use board::Board;
pub use cell::{Cell, Orient};
pub use error::PolyiamondError;
pub use puzzle::{Labelling, Placed, Placement, Puzzle};
pub use shape::Shape;

/// The examples of the crate's README, run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
