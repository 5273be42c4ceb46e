//! Donald Knuth's *Dancing Links*: Algorithm DLX for exact cover, with statistics counted
//! exactly as his program dance.w counts them.
//!
//! The paper's matrix (3), solved with the S heuristic; the solution prints as the paper
//! prints it, each row starting with the column it was branched on:
//!
//! ```
//! use dlx_core::{format, Dlx, Heuristic};
//!
//! let matrix = format::parse(
//!     "A B C D E F G\n\
//!      C E F\n\
//!      A D G\n\
//!      B C F\n\
//!      A D\n\
//!      B G\n\
//!      D E G\n",
//! )?;
//! let mut dlx = Dlx::new(&matrix);
//!
//! let mut printed = Vec::new();
//! let stats = dlx.search().run(|solution| {
//!     printed.push(solution.to_solution().lines(&matrix));
//!     std::ops::ControlFlow::Continue(())
//! });
//! assert_eq!(printed, [["A D", "E F C", "B G"]]);
//! assert_eq!((stats.solutions, stats.updates, stats.nodes), (1, 30, 6));
//! let by_level: Vec<u64> = stats.levels.iter().map(|l| l.updates).collect();
//! assert_eq!(by_level, [12, 14, 4]);
//!
//! // The leftmost rule explores a bigger tree.
//! let stats = dlx.search().heuristic(Heuristic::Leftmost).count();
//! assert_eq!((stats.updates, stats.nodes), (35, 7));
//! # Ok::<(), dlx_core::FormatError>(())
//! ```
//!
//! The pieces, in the order data flows through them:
//! - [`MatrixBuilder`] / [`format::parse`] make a [`Matrix`] of named [`Item`]s (primary or
//!   secondary) and options;
//! - [`Dlx::new`] lays the matrix out as the paper's link arena ([`Links`]);
//! - [`Dlx::search`] runs Algorithm DLX: visit, count, first, limit, or iterate solutions;
//! - every run returns [`Stats`]: solutions, updates, nodes and the per-level profile.

#![warn(missing_docs)]

pub mod format;
mod links;
mod matrix;
mod search;
mod solution;
mod stats;

pub use format::{FormatError, FormatErrorKind};
pub use links::{ActiveItems, Links};
pub use matrix::{Item, ItemId, ItemKind, Matrix, MatrixBuilder, MatrixError, OptionId};
pub use search::{ChooseItem, Heuristic, Search, SolutionView};
pub use solution::{ChosenRow, Solution};
pub use stats::{Level, Stats};

/// A matrix laid out as dancing links, ready to be searched any number of times.
///
/// Every search leaves the links exactly as it found them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dlx {
    links: Links,
}

impl Dlx {
    /// Builds the link arena of a matrix.
    pub fn new(matrix: &Matrix) -> Self {
        Dlx {
            links: Links::new(matrix),
        }
    }

    /// The arena (read-only).
    pub fn links(&self) -> &Links {
        &self.links
    }

    /// Starts a search with the S heuristic; configure it with [`Search`]'s builder methods.
    pub fn search(&mut self) -> Search<'_> {
        Search::new(&mut self.links)
    }

    /// Counts all solutions with the given heuristic.
    pub fn count(&mut self, heuristic: Heuristic) -> Stats {
        self.search().heuristic(heuristic).count()
    }

    /// The first solution found with the S heuristic, if any.
    pub fn first(&mut self) -> Option<Solution> {
        self.search().first().0
    }

    /// Every solution, as an iterator (S heuristic).
    pub fn solutions(&mut self) -> Search<'_> {
        self.search()
    }
}
