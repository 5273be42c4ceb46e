//! Donald Knuth's *Dancing Links*: Algorithm DLX for exact cover, his Algorithms C and M
//! for colours and multiplicities, and his minimum-cost search, with statistics counted
//! exactly as his programs count them (dance.w, DLX2, DLX3, DLX5).
//!
//! Every search runs through one door, [`Solve`]: make a [`Matrix`] (from Knuth's text
//! format or a [`MatrixBuilder`]), lay it out as a [`Problem`] (or as the engine you want,
//! [`Dlx`] or [`Xcc`]), then configure the run and consume it.
//!
//! ```
//! use dlx_core::{format, Heuristic, Problem};
//!
//! // The paper's matrix (3).
//! let matrix = format::parse(
//!     "A B C D E F G\n\
//!      C E F\n\
//!      A D G\n\
//!      B C F\n\
//!      A D\n\
//!      B G\n\
//!      D E G\n",
//! )?;
//! let mut problem = Problem::new(&matrix);
//!
//! // Every solution, lazily; each prints as the paper prints it, each row starting with the
//! // column it was branched on.
//! let printed: Vec<_> = problem.solve().iter().map(|s| s.lines(&matrix)).collect();
//! assert_eq!(printed, [["A D", "E F C", "B G"]]);
//!
//! // The figures of the S heuristic are dance.w's, level by level.
//! let stats = problem.solve().count();
//! assert_eq!((stats.solutions, stats.updates, stats.nodes), (1, 30, 6));
//! let by_level: Vec<u64> = stats.levels.iter().map(|l| l.updates).collect();
//! assert_eq!(by_level, [12, 14, 4]);
//!
//! // The leftmost rule explores a bigger tree; threads change no figure.
//! let stats = problem.solve().heuristic(Heuristic::Leftmost).threads(2).count();
//! assert_eq!((stats.updates, stats.nodes), (35, 7));
//! # Ok::<(), dlx_core::FormatError>(())
//! ```
//!
//! The pieces, in the order data flows through them:
//! - [`MatrixBuilder`] / [`format::parse`] make a [`Matrix`] of named [`Item`]s (primary or
//!   secondary, with bounds) and options (with colours);
//! - [`Problem::new`] lays it out for the engine it needs: [`Dlx`], the paper's link arena
//!   and Algorithm DLX, or [`Xcc`], Knuth's DLX2/DLX3 arena and Algorithms C and M;
//! - [`Solve`] runs the search with every option (rule, limit, threads, shards, fixed
//!   options, subtrees, interrupt, ...) and terminal (count, run, first, iter, estimate,
//!   split, plan; [`Solve::classes`], the solutions counted up to a problem's
//!   [`symmetry::Symmetries`]; [`Solve::zdd`], every solution as a decision diagram,
//!   [`zdd`]);
//! - every run returns [`Stats`] (solutions, updates, cleansings, nodes, the per-level
//!   profile) and gives [`Solution`]s;
//! - options may carry costs (Knuth's DLX5, [`format::parse_with_costs`],
//!   [`MatrixBuilder::cost`]): [`Solve::min_cost`] finds the cheapest solutions
//!   ([`mincost`]), and the other terminals refuse such a matrix rather than ignore its costs.
//!
//! Before a search, [`pre::pre`] can make a problem smaller as Knuth's preprocessor DLX-PRE
//! does, removing exactly the options and items it removes, with the way back from the
//! smaller problem's solutions to the original's (exact cover and colours; multiplicities are
//! refused, as DLX-PRE refuses them).
//!
//! Below the front door, [`step`] holds the engines' state machines, stepped one solution at
//! a time, for callers who need what `Solve` does not offer (a search with propagation, the
//! branching degrees).

#![warn(missing_docs)]

pub mod classes;
pub mod estimate;
pub mod file;
pub mod format;
pub mod mincost;
pub mod mincover;
pub mod pre;
pub mod shard;
pub mod step;
pub mod stratified;
pub mod symmetry;
pub mod xcc;
pub mod zdd;

mod check;
mod dlx;
mod engine;
mod isa;
mod links;
mod lookahead;
mod matrix;
#[cfg(feature = "parallel")]
mod parallel;
mod parts;
mod problem;
mod reduce;
#[cfg(test)]
mod reference;
mod rowsets;
mod rule;
mod search;
mod solution;
mod solve;
mod stats;
mod wide;

pub use check::CoverError;
pub use dlx::{Dlx, FixError, PathError};
pub use engine::{Engine, Path, Split};
pub use estimate::{Estimate, Summary};
pub use format::{FormatError, FormatErrorKind};
pub use links::ActiveItems;
pub use matrix::{
    CountError, Item, ItemId, ItemKind, Matrix, MatrixBuilder, MatrixError, Multiplicity, OptionId,
    shown,
};
pub use mincost::{CostedSolution, MinCostError, MinCostParams, MinCostResult};
pub use mincover::{Bound, MinCover, MinCoverResult, MinCoverStats};
pub use problem::Problem;
pub use rule::{ChooseItem, Heuristic};
pub use search::SolutionView;
pub use shard::{MAX_PLAN_CUT, MAX_SHARDS, ShardError, ShardPlan};
pub use solution::{ChosenRow, Solution};
pub use solve::{MAX_THREADS, ShardCut, Solutions, Solve};
pub use stats::{Level, Stats};
pub use xcc::Xcc;
pub use zdd::{BigUint, Zdd, ZddError};

/// The examples of the crate's README, run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
