//! Sudoku variants on one exact cover: any set of units (cells holding distinct symbols)
//! over any set of cells, as Knuth's sudoku-general-dlx builds them, and killer cages.
//!
//! - [`Layout`]: the cells (anywhere in a rectangle), the number of symbols, the units and
//!   the cages; named layouts [`Layout::classic`] (any side with boxes, 6x6 and 12x12
//!   included), [`Layout::x`], [`Layout::windoku`], [`Layout::jigsaw`], [`Layout::samurai`],
//!   and [`Layout::with_cages`] for killers;
//! - [`Variant`] and [`Puzzle`]: the one-line formats below, read and written;
//! - [`VariantSolver`]: solve, count and check uniqueness by dancing links;
//! - [`generate`], [`generate_killer`], [`generate_on`]: minimal puzzles from a seed.
//!
//! # The exact cover
//!
//! For N symbols: a primary item per cell; per unit and symbol, "the unit holds it",
//! primary for a unit of N cells (every symbol once) and secondary for a smaller one (at
//! most once), as sudoku-general-dlx tells them apart. A killer cage adds a primary item for
//! itself and one per symbol. The options: one per cell and symbol, covering the cell, the
//! symbol's item in each of the cell's units and in its cage; and one per cage and set of
//! distinct digits adding up to its sum, covering the cage and the items of the digits
//! *outside* the set. Each cage-and-digit item is then covered exactly once, by a cell or
//! by the set, so the cage holds exactly the set's digits, once each: the sum is right
//! without colours. The test suite checks every count against a brute-force search.
//!
//! # One-line formats
//!
//! A file holds one puzzle per line; blank lines and `#` lines are skipped. Cells are one
//! character each: the symbols 1..=N are `1`-`9` then `A`-`Z` (either case), and `.`, `0`
//! or `-` is an empty cell.
//!
//! - **classic**, **x**, **windoku**: the N x N cells row by row (81 characters for 9x9).
//!   Classic takes any side that has boxes (4x4, 6x6 with 2x3 boxes, 8x8 with 2x4, 9x9,
//!   12x12 with 3x4, 16x16, ...); windoku needs square boxes.
//! - **jigsaw**: `GIVENS:REGIONS`, N x N cells then N x N characters naming each cell's
//!   region (any characters; N regions of N cells each). Any side up to 35, 5x5 and 7x7
//!   included.
//! - **samurai**: 405 characters, the five 9x9 grids one after another (top-left, top-right,
//!   centre, bottom-left, bottom-right), each row by row; a box two grids share is written in
//!   both, which must agree where both give it. Or 441 characters, the 21x21 square row by
//!   row with `.` where there is no cell. A solution is written in the form it was read in.
//! - **killer**: `[GIVENS:]CAGES:SUMS`: the optional givens, then N x N characters naming
//!   each cell's cage (`.` for a cell in no cage; names are any characters but `,`, `=`,
//!   `:` and white space), then `NAME=TOTAL` for every cage, separated by commas. The cells
//!   of a cage hold distinct digits adding up to its total.
//!
//! ```
//! use dlx_sudoku::variant::{Variant, VariantSolver};
//!
//! let mut solver = VariantSolver::new();
//! // janko.at Killer-Sudoku 001 (4x4): six cages, a-f, and their sums.
//! let killer = Variant::Killer.parse("aabcadbcedbfedff:a=9,b=8,c=3,d=7,e=4,f=9")?;
//! assert_eq!((killer.layout().cages().len(), killer.givens()), (6, 0));
//! assert_eq!(solver.count(&killer, None), 1);
//! assert_eq!(solver.solve(&killer).unwrap().to_line(), "2341413232141423");
//!
//! // janko.at Chaos-Sudoku 005: a jigsaw of side 5, where no boxes exist.
//! let jigsaw = Variant::Jigsaw.parse("..5....1..4..........23..:ddaaadddbaeecbaeccbbeeccb")?;
//! let (count, solution) = solver.solve_unique(&jigsaw);
//! assert_eq!(count, 1);
//! assert_eq!(solution.unwrap().to_line(), "2354154132452133142512354");
//!
//! // Bad input names the line and the place: here a region with too few cells.
//! let err = Variant::Jigsaw.parse("..5....1..4..........23..:ddaaadddbaeecbaeccbbeeccc");
//! assert_eq!(err.unwrap_err().to_string(), "line 1: region `b` has 4 cells, not 5");
//! # Ok::<(), dlx_sudoku::SudokuError>(())
//! ```

mod cover;
mod generate;
mod layout;
mod puzzle;

pub use cover::VariantSolver;
pub use generate::{
    DEFAULT_MAX_CAGE, Generated, MAX_GENERATED_SIDE, generate, generate_killer, generate_many,
    generate_on,
};
pub use layout::{Cage, Layout, MAX_SYMBOLS};
pub use puzzle::{Puzzle, Variant, VariantEntry};

#[cfg(test)]
mod tests;
