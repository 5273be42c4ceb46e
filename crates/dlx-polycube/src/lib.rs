//! Polycube packing as exact cover: solid pieces made of unit cubes, their 24 rotations (48
//! with reflections), boxes and other shapes to fill, one matrix option per piece position,
//! and solutions drawn layer by layer or in isometric view. It reads the input of Knuth's
//! polycube-dlx as it is, so that his problem files run unchanged.
//!
//! The Soma cube: Piet Hein's seven pieces fill the 3x3x3 cube in 11,520 ways, which the
//! cube's 48 symmetries sort into the 240 of Conway and Guy.
//!
//! ```
//! use dlx_core::Problem;
//! use dlx_polycube::{Board, Puzzle, soma};
//!
//! let mut puzzle = Puzzle::new(Board::cuboid(3, 3, 3)?);
//! puzzle.pieces(soma());
//! let packing = puzzle.build()?;
//! // 27 cells, then the 7 pieces; an option = the piece and its cells.
//! assert_eq!(packing.matrix.items().len(), 34);
//! assert_eq!(packing.matrix.options().len(), 688);
//!
//! let mut classes = packing.classes();
//! let mut problem = Problem::new(&packing.matrix);
//! for solution in problem.solve().iter() {
//!     classes.add(&packing.filling(&solution));
//! }
//! assert_eq!((classes.solutions(), classes.group(), classes.classes()), (11_520, 48, 240));
//!
//! let first = problem.solve().first();
//! let filling = packing.filling(&first.expect("a solution"));
//! // Three layers side by side, three rows each.
//! assert_eq!(filling.to_text().lines().count(), 3);
//! let svg = dlx_polycube::to_svg(&filling, &Default::default());
//! assert!(svg.contains("<svg"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A piece is placed with its rotations only, as a solid piece is
//! ([`PieceSpec::free`] allows its mirror image too); a piece may come in copies
//! ([`PieceSpec::copies`], the item's multiplicity) or a range of times
//! ([`PieceSpec::count`]; `lo = 0` lets it be left out); the positions can be restricted
//! ([`PieceSpec::allow`], [`PieceSpec::only_orientations`]). Cells of the board may stay
//! empty ([`Board::with_optional`], `o` in a layer picture): they are secondary items.
//!
//! Modules, in the order data flows through them: [`Shape`] (cubes, rotations, reflections),
//! [`Piece`] and the standard sets, [`Board`], [`Puzzle`] and the [`Packing`] it builds; the
//! descriptions that make them ([`parse_puzzle`], and [`parse_spec`] for Knuth's format) and
//! the named problems ([`PROBLEMS`]); a solution as a [`Filling`], drawn as text or by
//! [`to_svg`], and sorted into [`Classes`] under the board's [`Symmetry`]s.

#![warn(missing_docs)]

mod board;
mod describe;
mod filling;
mod piece;
mod problems;
mod puzzle;
mod shape;
mod spec;
mod svg;
mod symmetry;

pub use board::{Board, BoardError, MAX_SIDE, digit, digit_value};
pub use describe::{DescribeError, SETS, parse_board, parse_puzzle, piece_set};
pub use filling::Filling;
pub use piece::{Piece, bedlam, flat_pentacubes, pentacube, pentacubes, soma, tetracubes};
pub use problems::{PROBLEMS, Problem, problem};
pub use puzzle::{Orientations, Packing, PieceSpec, Placement, Puzzle, PuzzleError, Rule};
pub use shape::{Cell, Shape, ShapeError};
pub use spec::{SpecError, parse_spec};
pub use svg::{MAX_EXPLODE, SvgStyle, View, to_svg};
pub use symmetry::{Class, Classes, Symmetry};

/// The examples of the crate's README, run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
