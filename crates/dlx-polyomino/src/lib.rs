//! Polyomino packing as exact cover, as in Knuth's *Dancing Links*: pieces, their
//! orientations, boards, one matrix row per piece position, and solutions drawn as the
//! paper's figures, with its symmetry scores.
//!
//! The twelve pentominoes in a 3x20 rectangle: with every orientation allowed, each of the
//! 2 essentially different solutions is found in its 4 mirror images.
//!
//! ```
//! use dlx_core::Dlx;
//! use dlx_polyomino::{Board, Puzzle, pentominoes};
//!
//! let mut puzzle = Puzzle::new(Board::rectangle(3, 20)?);
//! puzzle.pieces(pentominoes());
//! let packing = puzzle.build()?;
//! // 60 cells, then the 12 piece columns; a row = the piece column and its 5 cells.
//! assert_eq!(packing.matrix.items().len(), 72);
//! assert_eq!(packing.matrix.option(0).len(), 6);
//!
//! let mut dlx = Dlx::new(&packing.matrix);
//! assert_eq!(dlx.solve().count().solutions, 8);
//!
//! let first = dlx.solve().first();
//! let tiling = packing.tiling(&first.expect("a solution"));
//! assert_eq!(tiling.to_ascii().lines().count(), 3);
//! assert!(tiling.hsym() <= tiling.piece_edges());
//! let svg = dlx_polyomino::to_svg(&tiling, &Default::default());
//! assert!(svg.contains("<svg"));
//! # Ok::<(), dlx_polyomino::PuzzleError>(())
//! ```
//!
//! Restrictions remove the board's symmetry, e.g. the X centred in the upper-left quarter
//! ([`PieceSpec::allow`]), the P not turned over ([`PieceSpec::one_sided`]); a secondary
//! column can be added to chosen rows ([`PieceSpec::mark`]), and the header order is set with
//! [`Puzzle::order`], which is what makes the paper's counts of updates come out to the unit.
//!
//! Board features: cells that may stay empty ([`Board::with_optional`], `o` in a board
//! picture) are secondary items, covered at most once; a piece may be placed a number or a
//! range of times ([`PieceSpec::count`], [`PieceSpec::copies`]; `lo = 0` lets it be left
//! out), which gives its column Knuth's multiplicity and needs the engine that
//! [`dlx_core::Problem`] picks; each piece is free or one-sided ([`PieceSpec::one_sided`]).
//! A piece placed once stays a plain primary item. In a piece file ([`parse_puzzle`]) the
//! flags are `one-sided`, `copies=N` and `copies=LO-HI`:
//!
//! ```
//! use dlx_core::Problem;
//! // A 3x4 board whose two corners may stay empty, dominoes up to 6 times: 16 packings
//! // (the 11 tilings, and 5 that leave both corners empty).
//! let puzzle = dlx_polyomino::parse_puzzle("o###\n####\n###o", "domino copies=0-6")?;
//! let packing = puzzle.build()?;
//! assert_eq!(Problem::new(&packing.matrix).solve().count().solutions, 16);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Distinct solutions: [`Board::symmetries`] finds the motions that map a board onto itself,
//! [`Packing::symmetry_group`] keeps those the pieces allow (a one-sided piece goes to its
//! mirror image, if the set has it), and [`dlx_core::Solve::classes`] counts the solutions
//! up to them, holding one piece to one place of each orbit; [`problems`] names the classic
//! boards with their published counts (6x10: 2,339).
//!
//! Modules, in the order data flows through them: [`Shape`] (cells, rotations, reflections),
//! [`Piece`] and the standard sets, [`Board`], [`Puzzle`] (restrictions and column order) and
//! the [`Packing`] it builds, the solved [`Tiling`] with its ASCII pictures and symmetry
//! scores, and [`to_svg`].

#![warn(missing_docs)]

mod board;
mod describe;
mod piece;
pub mod problems;
mod puzzle;
mod shape;
mod svg;
mod symmetry;
mod tiling;

pub use board::{Board, BoardError, CellNames};
pub use describe::{DescribeError, parse_puzzle};
pub use piece::{
    PENTOMINO_PICTURES, Piece, domino, free_polyominoes, hexominoes, monomino, one_sided,
    pentomino, pentominoes, square_tetromino, tetrominoes, trominoes,
};
pub use puzzle::{Orientations, Packing, PieceSpec, Placement, Puzzle, PuzzleError, Rule, Slot};
pub use shape::{MAX_EXTENT, Shape, ShapeError};
pub use svg::{SvgStyle, to_svg};
pub use symmetry::Motion;
pub use tiling::Tiling;

/// The examples of the crate's README, run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
