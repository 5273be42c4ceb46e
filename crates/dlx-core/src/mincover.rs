//! Minimum cover, the "repeat cover" variant of exact cover: choose the fewest rows so that
//! every primary column holds *at least* one 1 (a minimum set cover; read as a bipartite graph,
//! a smallest set of left vertices dominating every right vertex). Secondary columns need not
//! be covered at all and are ignored.
//!
//! ```
//! use dlx_core::{format, mincover::{Bound, MinCover}};
//!
//! // The paper's matrix (3). Its exact cover {A D, B G, C E F} is one of five minimum covers
//! // once a column may be covered more than once; none has fewer than 3 rows.
//! let matrix = format::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let result = MinCover::new(&matrix).solve_all(None);
//! assert_eq!(result.minimum, Some(3));
//! // Options are numbered from 0 in input order; {A D G, B C F, D E G} is [1, 2, 5].
//! assert_eq!(
//!     result.covers,
//!     [vec![0, 1, 2], vec![0, 1, 4], vec![0, 3, 4], vec![1, 2, 5], vec![2, 3, 5]]
//! );
//! assert_eq!((result.stats.nodes, result.stats.iterations.len()), (13, 1));
//!
//! // A stronger admissible bound explores no more nodes and finds the same covers.
//! let strong = MinCover::new(&matrix).with_bound(Bound::Strong).solve_all(None);
//! assert_eq!(strong.covers, result.covers);
//! assert!(strong.stats.nodes <= result.stats.nodes);
//! # Ok::<(), dlx_core::FormatError>(())
//! ```
//!
//! # The method
//!
//! IDA*: a depth-first search that refuses to go beyond `limit` rows, run with `limit` = the
//! lower bound at the root, then one more, and so on; the first pass that finds a cover finds
//! a minimum one. A node at depth d is pruned when d + h exceeds the limit, where h is an
//! admissible lower bound ([`Bound`]; the classic contest bound h, `Bound::Seed`, is the default).
//!
//! The links (repeat cover): choosing a row covers its uncovered columns, and
//! covering a column unlinks only that column's nodes from their *rows*, so the rows that
//! meet it stay available to cover other columns.
//!
//! # Each set of rows is reached once
//!
//! In a repeat-cover search the same set of rows can be reached in several orders (choose r
//! for column a and then s for b, or s for a and then r for c). This search branches
//! canonically: on the column c chosen by the S heuristic, the j-th row tried is taken with
//! the rows tried before it *forbidden* in its subtree (unlinked from their columns, so they
//! also shrink the sizes S and the bound). A cover is then found only in the branch of its
//! first row in column order, at every level, so each minimum cover is reported exactly once
//! and [`MinCover::solve_all`] needs no deduplication. Every cover is returned as the sorted
//! list of its [`OptionId`]s, and the list of covers is sorted.
//!
//! # Statistics
//!
//! [`MinCoverStats`]: nodes of all passes (each pass counts its root and its cover leaves),
//! updates (1 per header or node unlinked, as dance.w counts), bound evaluations, and one
//! [`Iteration`] per limit tried.

mod bound;
mod links;
mod search;
#[cfg(test)]
mod tests;

use crate::matrix::{ItemId, Matrix, OptionId};

pub use bound::Bound;
use bound::Scratch;
use links::RepeatLinks;
use search::{Ida, Pass, Want};
use std::sync::atomic::AtomicBool;

/// A matrix laid out as repeat-cover links, ready for any number of minimum-cover searches.
#[derive(Debug, Clone)]
pub struct MinCover {
    links: RepeatLinks,
    scratch: Scratch,
    bound: Bound,
    uncoverable: Vec<ItemId>,
}

/// One pass of IDA*: the limit on the number of rows, and what the pass cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Iteration {
    /// The limit (the largest number of rows this pass allowed).
    pub limit: usize,
    /// Nodes of this pass, its root and cover leaves included.
    pub nodes: u64,
    /// Updates made in this pass.
    pub updates: u64,
}

/// What a minimum-cover search did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct MinCoverStats {
    /// Search-tree nodes, summed over all passes.
    pub nodes: u64,
    /// Link updates, summed over all passes.
    pub updates: u64,
    /// Times the lower bound was evaluated (the root's included).
    pub bound_evaluations: u64,
    /// One entry per pass, in order of increasing limit.
    pub iterations: Vec<Iteration>,
}

/// The answer of a minimum-cover search.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MinCoverResult {
    /// The least number of rows covering every primary column; `None` when no cover exists,
    /// or when the search was stopped before it found one ([`MinCoverResult::interrupted`]).
    pub minimum: Option<usize>,
    /// Minimum covers found, each the sorted list of its options; sorted.
    pub covers: Vec<Vec<OptionId>>,
    /// True when `covers` holds every minimum cover: after [`MinCover::solve_all`] that did
    /// not stop at its cap, or when no cover exists. [`MinCover::solve`] stops at the first
    /// cover and reports false.
    pub all: bool,
    /// Primary items that no option contains (why no cover exists).
    pub uncoverable: Vec<ItemId>,
    /// The stop flag of [`MinCover::solve_until`] or [`MinCover::solve_all_until`] ended the
    /// search: `covers` holds those found so far (then `minimum` is known, since the first
    /// pass that finds a cover finds minimum ones), `all` is false, and the last pass in the
    /// statistics is the one under way, so no cover has fewer rows than its limit.
    pub interrupted: bool,
    /// The cost of the search.
    pub stats: MinCoverStats,
}

impl MinCover {
    /// Builds the repeat-cover links of a matrix, with the classic contest bound h.
    ///
    /// # Panics
    /// If the matrix has colours, bounds or option costs, which the repeat cover does not
    /// read (the `dlx` command and the Python package refuse such input with an error first).
    pub fn new(matrix: &Matrix) -> Self {
        assert!(
            matrix.is_plain(),
            "the matrix has colours or bounds, which a minimum cover does not read"
        );
        assert!(
            !matrix.has_costs(),
            "the matrix has option costs, which a minimum cover would ignore: use Solve::min_cost"
        );
        let links = RepeatLinks::new(matrix);
        let uncoverable = links
            .item
            .iter()
            .enumerate()
            .filter(|&(k, _)| links.size[k + 1] == 0)
            .map(|(_, &item)| item)
            .collect();
        let scratch = Scratch::new(links.item.len(), links.option.len());
        MinCover {
            links,
            scratch,
            bound: Bound::Seed,
            uncoverable,
        }
    }

    /// Chooses the lower bound IDA* prunes with.
    pub fn with_bound(mut self, bound: Bound) -> Self {
        self.bound = bound;
        self
    }

    /// The bound in use.
    pub fn bound(&self) -> Bound {
        self.bound
    }

    /// The lower bound at the root (where IDA* starts), or `None` when no cover exists.
    pub fn root_bound(&mut self) -> Option<usize> {
        let h = bound::evaluate(&self.links, &mut self.scratch, self.bound, usize::MAX);
        (h != bound::INFEASIBLE).then_some(h)
    }

    /// Finds the minimum and one minimum cover.
    pub fn solve(&mut self) -> MinCoverResult {
        self.run(Want::One, &AtomicBool::new(false))
    }

    /// Finds the minimum and every minimum cover (at most `max` of them, if given; `all` in
    /// the result tells whether the list is complete).
    pub fn solve_all(&mut self, max: Option<u64>) -> MinCoverResult {
        self.run(Want::All(max), &AtomicBool::new(false))
    }

    /// [`MinCover::solve`], stopped at its next node once `stop` is set (by a Ctrl-C
    /// handler, another thread, a deadline): the result then says
    /// [`MinCoverResult::interrupted`], and the links are put back.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// let matrix = dlx_core::format::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
    /// let mut mc = dlx_core::MinCover::new(&matrix);
    /// let stopped = mc.solve_until(&AtomicBool::new(true));
    /// assert!(stopped.interrupted && stopped.minimum.is_none());
    /// // No cover has fewer rows than the pass under way allowed.
    /// assert_eq!(stopped.stats.iterations.last().map(|i| i.limit), Some(3));
    /// assert_eq!(mc.solve_until(&AtomicBool::new(false)).minimum, Some(3));
    /// # Ok::<(), dlx_core::FormatError>(())
    /// ```
    pub fn solve_until(&mut self, stop: &AtomicBool) -> MinCoverResult {
        self.run(Want::One, stop)
    }

    /// [`MinCover::solve_all`], stopped as [`MinCover::solve_until`] is.
    pub fn solve_all_until(&mut self, max: Option<u64>, stop: &AtomicBool) -> MinCoverResult {
        self.run(Want::All(max), stop)
    }

    fn run(&mut self, want: Want, stop: &AtomicBool) -> MinCoverResult {
        if !self.uncoverable.is_empty() {
            return MinCoverResult {
                all: true,
                uncoverable: self.uncoverable.clone(),
                ..MinCoverResult::default()
            };
        }
        let mut ida = Ida {
            links: &mut self.links,
            scratch: &mut self.scratch,
            bound: self.bound,
            stats: MinCoverStats::default(),
            covers: Vec::new(),
            stop,
        };
        let found = ida.run(want);
        let (stats, mut covers) = (ida.stats, ida.covers);
        covers.sort_unstable();
        let (minimum, all) = match found {
            Some((m, pass)) => (
                (!covers.is_empty()).then_some(m),
                pass == Pass::Complete && want != Want::One,
            ),
            None => (None, true),
        };
        MinCoverResult {
            minimum,
            covers,
            all,
            uncoverable: Vec::new(),
            interrupted: matches!(found, Some((_, Pass::Interrupted))),
            stats,
        }
    }
}

/// True when the options cover every primary item of the matrix at least once.
///
/// ```
/// let m = dlx_core::format::parse("a b | x\na x\nb\n")?;
/// assert!(dlx_core::mincover::is_cover(&m, &[0, 1]));
/// assert!(!dlx_core::mincover::is_cover(&m, &[0]));
/// # Ok::<(), dlx_core::FormatError>(())
/// ```
pub fn is_cover(matrix: &Matrix, options: &[OptionId]) -> bool {
    let mut covered = vec![false; matrix.items().len()];
    for &o in options {
        let Some(row) = matrix.options().get(o) else {
            return false;
        };
        for &i in row {
            covered[i] = true;
        }
    }
    matrix
        .items()
        .iter()
        .zip(&covered)
        .all(|(item, &c)| c || item.kind == crate::ItemKind::Secondary)
}
