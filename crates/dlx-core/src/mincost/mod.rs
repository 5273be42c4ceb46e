//! Minimum-cost exact cover, as Knuth's program DLX5 solves it: options carry costs, and the
//! search finds the cheapest solution, or the K cheapest, with DLX5's figures to the unit.
//!
//! ```
//! use dlx_core::{format, Problem};
//!
//! // Cover a, b, c: options 0 `a b` and 1 `c` cost 3 together; `a` `b c` cost 4, and so do
//! // `a` `b` `c`.
//! let m = format::parse_with_costs("a b c\na b |2\nc |1\na |1\nb c |3\nb |2\n")?;
//! let result = Problem::new(&m).solve().min_cost(2)?;
//! let costs: Vec<u64> = result.best.iter().map(|s| s.cost).collect();
//! assert_eq!(costs, [3, 4]);
//! assert_eq!(result.best[0].solution.sorted_options(), [0, 1]);
//! // Two solutions were found, each cheaper than the second best known then; the figures
//! // are those Knuth's DLX5 prints for this file with `k2`.
//! let s = &result.stats;
//! assert_eq!((s.solutions, s.updates, s.nodes, result.mems), (2, 8, 5, 255));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The method
//!
//! It is Algorithm C (colours included) with three changes, all DLX5's:
//!
//! - **Taxes.** Each primary item, left to right, is taxed the least cost of the options
//!   still containing it, and every option containing it costs that much less. A solution's
//!   cost is then its *net* cost plus the total tax, so the search compares net costs, and
//!   every item keeps an option of net cost 0.
//! - **Sorted lists and a cutoff.** Every item's list is sorted by net cost, cheapest first.
//!   Once K solutions are known, the K-th cheapest cost is the cutoff: an option that would
//!   bring the partial solution's net cost to the cutoff ends its list, covering an item
//!   hides only the options under the cutoff, and a node whose cheapest way of covering some
//!   item reaches the cutoff is a dead end. Every solution found is thus cheaper than the
//!   K-th best known at that moment, and the last K found (by cost) are the K cheapest.
//! - **Item choice.** The item with the fewest options under the cutoff, counted only up to
//!   [`MinCostParams::lookahead`] (beyond that the item's list length stands in); ties go to
//!   the item whose cheapest option costs most (it must be paid anyway), then to the
//!   leftmost.
//!
//! - **Lower bounds** for problems of a known shape, when asked for
//!   ([`MinCostParams::one_of_each`], [`MinCostParams::per_option`]): before choosing an
//!   item, a node is ruled out if the cheapest options of the items left, added up as the
//!   shape allows, already reach the cutoff.
//!
//! The figures ([`crate::Stats`]) count as DLX5 counts: `solutions` are the solutions found
//! (each an improvement), `nodes` the nodes entered plus the solutions, `updates` and
//! `cleansings` as in DLX2; [`MinCostResult::mems`] its mems of the search. Costs are the options' own (the tax added back). Bounds
//! (multiplicities) are not part of DLX5 and are refused.

mod arena;
mod bound;
mod search;
#[cfg(test)]
mod tests;

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use thiserror::Error;

use crate::matrix::Matrix;
use crate::solution::Solution;
use crate::stats::Stats;

/// The most cheapest solutions a search keeps ([`MinCostParams::best`]): it holds their costs
/// and their options in memory.
pub const MAX_BEST: usize = 1 << 24;

/// The settings of a minimum-cost search ([`crate::Solve::min_cost_with`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MinCostParams {
    /// How many of the cheapest solutions to find (DLX5's `k`, at least 1; default 1).
    pub best: usize,
    /// How far down an item's list the item choice counts options before taking the list's
    /// length instead (DLX5's `h`, at least 1; default 10).
    pub lookahead: usize,
    /// The first characters of primary item names of which every option (with a primary
    /// item) has exactly one (DLX5's `Z`; default none). With [`MinCostParams::per_option`]
    /// it gives DLX5's lower bound: the items left of each such kind, and the others, must
    /// each be paid for at their cheapest. Options of another shape are refused.
    pub one_of_each: String,
    /// How many primary items not starting with a character of
    /// [`MinCostParams::one_of_each`] every option has (DLX5's `z`; 0, the default, for
    /// no bound from them).
    pub per_option: usize,
}

impl Default for MinCostParams {
    fn default() -> Self {
        MinCostParams {
            best: 1,
            lookahead: 10,
            one_of_each: String::new(),
            per_option: 0,
        }
    }
}

impl MinCostParams {
    /// The `best` cheapest solutions, with DLX5's other defaults.
    pub fn best(best: usize) -> Self {
        MinCostParams {
            best,
            ..Self::default()
        }
    }
}

/// A solution with its cost (the sum of its options' costs).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CostedSolution {
    /// The sum of the costs of the chosen options.
    pub cost: u64,
    /// The options chosen, in the order the search chose them.
    pub solution: Solution,
}

impl CostedSolution {
    /// The rows as `dlx solve --min-cost` prints them: [`Solution::lines`], each followed by
    /// ` |n`, its option's cost, when that is not 0.
    pub fn lines(&self, matrix: &Matrix) -> Vec<String> {
        let rows = self.solution.rows.iter();
        (self.solution.lines(matrix).into_iter().zip(rows))
            .map(|(line, r)| match matrix.cost(r.option) {
                0 => line,
                cost => format!("{line} |{cost}"),
            })
            .collect()
    }
}

/// What a minimum-cost search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MinCostResult {
    /// The cheapest solutions found (up to [`MinCostParams::best`]), cheapest first; among
    /// equal costs, in the order found. After a search to the end, their costs are the K
    /// lowest costs of all solutions.
    pub best: Vec<CostedSolution>,
    /// The figures, as DLX5 counts them: see [the module](self).
    pub stats: Stats,
    /// The total of the taxes (DLX5's `v8` report): what every solution pays before the net
    /// costs the search compares.
    pub total_tax: u64,
    /// The search's mems as DLX5 counts them (the second of the two figures it prints as
    /// `input+search mems`): one per access to a 64-bit word, charged where DLX5 charges
    /// them. Reading the input, DLX5's first figure, is not counted.
    pub mems: u64,
}

/// Why a minimum-cost search could not run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MinCostError {
    /// The matrix has no option costs ([`Matrix::has_costs`]): every solution costs 0.
    #[error("the matrix has no option costs: every solution costs 0")]
    NoCosts,
    /// The matrix has bounds (multiplicities), which DLX5 does not handle.
    #[error("a minimum-cost search does not take bounds (multiplicities) on primary items")]
    Bounds,
    /// `best`, `lookahead` or the limit ([`crate::Solve::limit`]) is 0.
    #[error("{0} must be at least 1")]
    Zero(&'static str),
    /// More cheapest solutions asked for than [`MAX_BEST`].
    #[error("at most {MAX_BEST} cheapest solutions can be asked for, not {0}")]
    TooMany(usize),
    /// Options that do not have the shape [`MinCostParams::one_of_each`] and
    /// [`MinCostParams::per_option`] give, or primary items that such options cannot cover.
    #[error("the lower bound's shape: {0}")]
    Shape(String),
    /// A setting of the [`crate::Solve`] that the minimum-cost search does not have.
    #[error("a minimum-cost search does not take {0}")]
    Unsupported(&'static str),
}

/// Runs the search on a matrix with costs (checked by the caller).
pub(crate) fn run(
    matrix: &Matrix,
    params: &MinCostParams,
    limit: Option<u64>,
    interrupt: &AtomicBool,
    found: &mut dyn FnMut(&CostedSolution) -> ControlFlow<()>,
) -> Result<MinCostResult, MinCostError> {
    if !matrix.has_costs() {
        return Err(MinCostError::NoCosts);
    }
    if matrix.has_bounds() {
        return Err(MinCostError::Bounds);
    }
    if params.best == 0 {
        return Err(MinCostError::Zero("the number of solutions"));
    }
    if params.best > MAX_BEST {
        return Err(MinCostError::TooMany(params.best));
    }
    if params.lookahead == 0 {
        return Err(MinCostError::Zero("the lookahead"));
    }
    let arena = arena::Arena::new(matrix);
    let shape = bound::Shape::new(matrix, params, &arena)?;
    let outcome = search::search(arena, shape, params, limit, interrupt, found);
    Ok(MinCostResult {
        best: outcome.best,
        stats: outcome.stats,
        total_tax: outcome.total_tax,
        mems: outcome.mems,
    })
}
