//! The engine contract: what [`crate::Solve`] asks of a search engine, and the pieces of a
//! run it passes between them (a cut of the tree, its paths, a sequential stepper).
//!
//! Three engines implement it: [`crate::Dlx`] (Algorithm DLX), [`crate::Xcc`] (Algorithms C
//! and M) and [`crate::Problem`], which holds whichever of the two a matrix needs. The trait
//! is sealed: what it asks of an engine is internal, and [`crate::Solve`] is the one way to
//! drive it.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use crate::dlx::{FixError, PathError};
use crate::estimate::{Estimate, Probe};
use crate::matrix::OptionId;
use crate::rule::{Heuristic, SharedRule};
use crate::search::SolutionView;
use crate::shard::ShardPlan;
use crate::solution::{ChosenRow, Solution};
use crate::stats::Stats;

/// A node of a search tree below its root, as the choices that lead to it: what a
/// [`Split`] lists and [`crate::Solve::below`] searches. Each engine records its own kind
/// of choices (rows for [`crate::Dlx`], numbered moves for [`crate::Xcc`]), so a path is
/// searched by the engine of the tree it was cut from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Path(pub(crate) Steps);

/// The choices of a [`Path`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Steps {
    /// The rows chosen, depth 0 first (exact cover).
    Rows(Vec<ChosenRow>),
    /// The number of the move taken at each depth (colours and multiplicities, where a move
    /// may also be a tweak or the null move).
    Moves(Vec<u32>),
}

impl Path {
    /// A node of an exact-cover tree ([`crate::Dlx`]) by the rows chosen on the way, depth 0
    /// first: what [`Path::rows`] gives back, for paths sent to another machine.
    pub fn from_rows(rows: Vec<ChosenRow>) -> Path {
        Path(Steps::Rows(rows))
    }

    /// A node of a tree with colours or multiplicities ([`crate::Xcc`]) by the number of the
    /// move taken at each depth: what [`Path::moves`] gives back.
    pub fn from_moves(moves: Vec<u32>) -> Path {
        Path(Steps::Moves(moves))
    }

    /// The numbered moves on the way, for a path of colours or multiplicities.
    pub fn moves(&self) -> Option<&[u32]> {
        match &self.0 {
            Steps::Moves(m) => Some(m),
            Steps::Rows(_) => None,
        }
    }

    /// The depth of the node: how many choices lead to it.
    pub fn depth(&self) -> usize {
        match &self.0 {
            Steps::Rows(r) => r.len(),
            Steps::Moves(m) => m.len(),
        }
    }

    /// The rows chosen on the way, depth 0 first, for a path of exact cover.
    pub fn rows(&self) -> Option<&[ChosenRow]> {
        match &self.0 {
            Steps::Rows(r) => Some(r),
            Steps::Moves(_) => None,
        }
    }
}

/// The top of a search tree, cut at a depth ([`crate::Solve::split`]): the figures and
/// solutions above the cut, and the nodes at it, whose subtrees ([`crate::Solve::below`])
/// add up to the rest of the tree.
#[must_use]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The depth of the cut.
    pub depth: usize,
    /// Nodes and updates of the depths above the cut, and the solutions found there.
    pub stats: Stats,
    /// The solutions found above the cut.
    pub solutions: Vec<Solution>,
    /// The nodes at the cut, in the order the search meets them.
    pub paths: Vec<Path>,
}

/// A caller's test on a partial solution ([`crate::Solve::prune`]).
pub type PruneFn<'a> = dyn Fn(&SolutionView<'_>) -> bool + Send + Sync + 'a;

/// A visitor of solutions.
pub type Visitor<'v> = dyn FnMut(&Solution) -> ControlFlow<()> + Send + 'v;

/// How every search of a run goes: the settings of its [`crate::Solve`].
#[derive(Clone, Copy)]
pub struct How<'s> {
    pub heuristic: Heuristic,
    /// A caller's rule, copied into each search ([`crate::Solve::choose_with`]).
    pub custom: Option<&'s dyn SharedRule>,
    pub dead_end_test: bool,
    pub prune: Option<&'s PruneFn<'s>>,
    /// Options chosen above the root ([`crate::Solve::fix`]).
    pub fixed: &'s [OptionId],
    /// The node whose subtree is searched ([`crate::Solve::below`]).
    pub path: Option<&'s Path>,
    pub limit: Option<u64>,
    /// The caller's stop flag ([`crate::Solve::interrupt`]).
    pub interrupt: &'s AtomicBool,
    /// Set when a run in parts stops early (a limit, a break).
    pub stop: &'s AtomicBool,
}

impl fmt::Debug for How<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("How")
            .field("heuristic", &self.heuristic)
            .field("custom", &self.custom.is_some())
            .field("fixed", &self.fixed)
            .field("path", &self.path)
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

/// The flag of a search nobody stops.
pub(crate) static NEVER: AtomicBool = AtomicBool::new(false);

impl How<'_> {
    /// Whether the caller's flag is set.
    pub(crate) fn interrupted(&self) -> bool {
        self.interrupt.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// A cut of the tree: the figures and solutions above it, and the nodes at it to search.
#[derive(Debug, Clone)]
pub struct Cut {
    pub stats: Stats,
    pub solutions: Vec<Solution>,
    pub paths: Vec<Path>,
    pub depth: usize,
    /// The subproblems of all shards (of a shard's cut), or `paths.len()`.
    pub total: usize,
    /// False when the interrupt flag stopped the cut or its plan: then it is not the cut
    /// every other run makes, and nothing below it may be searched as if it were.
    pub sound: bool,
}

impl Cut {
    /// A cut whose subproblems are all searched.
    pub fn whole(split: Split) -> Self {
        let sound = split.stats.complete;
        Cut {
            total: split.paths.len(),
            stats: split.stats,
            solutions: split.solutions,
            paths: split.paths,
            depth: split.depth,
            sound,
        }
    }

    /// Shard `k` of a plan (checked to fit): its subproblems, and the part above the cut
    /// only in shard 1. Every shard's figures count the root among their nodes, as every
    /// [`Stats`] does (1 + the levels' nodes), so that its search, its estimate and its
    /// lazy iterator agree; merging shards adds their levels, so the root counts once.
    pub fn planned(plan: &ShardPlan, k: usize) -> Self {
        let split = &plan.split;
        let paths = (split.paths.iter().zip(&plan.owner))
            .filter(|&(_, &o)| o == k)
            .map(|(p, _)| p.clone())
            .collect();
        let (stats, solutions) = if k == 1 {
            (split.stats.clone(), split.solutions.clone())
        } else {
            (Stats::from_levels(0, Vec::new(), true), Vec::new())
        };
        Cut {
            stats,
            solutions,
            paths,
            depth: split.depth,
            total: split.paths.len(),
            sound: split.stats.complete,
        }
    }

    /// The cut of a run stopped while it was being made.
    pub fn unsound() -> Self {
        Cut {
            stats: Stats::default(),
            solutions: Vec::new(),
            paths: Vec::new(),
            depth: 0,
            total: 0,
            sound: false,
        }
    }
}

/// Deepest cut tried.
pub(crate) const MAX_SPLIT_DEPTH: usize = 8;

/// A sequential search of either engine, stepped one solution at a time (the lazy iterator,
/// [`crate::Solutions`]).
pub enum Stepper<'s> {
    Dlx(Box<crate::search::Search<'s>>),
    Xcc(Box<crate::xcc::XccSearch<'s>>),
}

impl Stepper<'_> {
    /// The next solution, built when `want`; `None` at the end.
    pub fn next(&mut self, want: bool) -> Option<Option<Solution>> {
        match self {
            Stepper::Dlx(s) => s.next_solution().map(|v| want.then(|| v.to_solution())),
            Stepper::Xcc(s) => {
                if want {
                    s.next_solution().map(Some)
                } else {
                    s.advance().then_some(None)
                }
            }
        }
    }

    /// Runs to the end (or the limit, or an interrupt) without stopping at each solution,
    /// counting them: the colour engine then stays in its loop (Dlx steps as before).
    pub fn finish(&mut self) {
        match self {
            Stepper::Dlx(s) => {
                if !s.finish_wide() {
                    while s.next_solution().is_some() {}
                }
            }
            Stepper::Xcc(s) => s.count_rest(),
        }
    }

    pub fn stats(&self) -> Stats {
        match self {
            Stepper::Dlx(s) => s.stats(),
            Stepper::Xcc(s) => s.stats(),
        }
    }

    pub fn progress(&self) -> f64 {
        match self {
            Stepper::Dlx(s) => s.progress(),
            Stepper::Xcc(s) => s.progress(),
        }
    }

    /// Stops the search where it stands, putting the links back.
    pub fn halt(&mut self) {
        match self {
            Stepper::Dlx(s) => s.halt(),
            Stepper::Xcc(s) => s.halt(),
        }
    }

    /// Starts over below another path of the same tree, once done.
    pub fn restart_below(&mut self, path: &Path) -> Result<(), PathError> {
        match (self, &path.0) {
            (Stepper::Dlx(s), Steps::Rows(rows)) => s.restart_below(rows),
            (Stepper::Xcc(s), Steps::Moves(moves)) => {
                s.restart_below(moves);
                Ok(())
            }
            _ => Err(foreign_path()),
        }
    }
}

/// The error of a path of another engine's tree.
pub(crate) fn foreign_path() -> PathError {
    PathError {
        index: 0,
        source: FixError::ForeignPath,
    }
}

/// What a sequential stepper owns: the caller's rule and test, moved into it.
pub struct Owned<'s> {
    pub custom: Option<Box<dyn crate::rule::ChooseItem + Send + 's>>,
    pub prune: Option<Box<PruneFn<'s>>>,
}

pub(crate) mod sealed {
    use super::*;

    /// A search engine: the whole search on the calling thread, and for runs in parts its
    /// tree cut at a depth and the subtree below a node of the cut.
    pub trait Searcher: Clone + Send + Sync + fmt::Debug {
        /// The fingerprint of the problem with `fixed` chosen first.
        fn fingerprint_with(&self, fixed: &[OptionId]) -> u64;

        /// The matrix, when it has option costs (a minimum-cost search reads them, every
        /// other search refuses them).
        fn costed(&self) -> Option<&crate::matrix::Matrix> {
            None
        }

        /// The matrix as this engine laid it out, for the ZDD search ([`crate::zdd`]).
        fn zdd_input(&self) -> crate::zdd::Input;

        /// Builds what the searches `how` describes share and build on first use (the layout
        /// of the search without links), so that the copies a run in parts makes for its
        /// workers share it instead of each building its own.
        fn prepare(&mut self, how: &How<'_>) {
            let _ = how;
        }

        /// Whether `fixed` can be chosen together.
        fn check_fixed(&mut self, fixed: &[OptionId]) -> Result<(), FixError>;

        /// The sequential search (below `how.path` if set), to `how.limit`.
        fn whole(&mut self, how: &How<'_>, visit: Option<&mut Visitor<'_>>) -> Stats;

        /// The tree (below `how.path` if set) cut at `depth` (at least 1).
        fn split(&mut self, how: &How<'_>, depth: usize) -> Split {
            self.split_at_most(how, depth, usize::MAX)
                .expect("no split has more than usize::MAX paths")
        }

        /// [`Searcher::split`], given up (`None`) as soon as the cut holds more than `most`
        /// nodes.
        fn split_at_most(&mut self, how: &How<'_>, depth: usize, most: usize) -> Option<Split>;

        /// The subtree below `path` (a full path from the root, `how.path` ignored), its
        /// figures at their depths in the whole tree.
        fn below(
            &mut self,
            path: &Path,
            how: &How<'_>,
            visit: Option<&mut dyn FnMut(&Solution)>,
        ) -> Result<Stats, PathError>;

        /// The size a plan balances its shards by, of the subtree below `path`, the
        /// `index`-th of the cut (its estimate's seed, so that the size does not depend on
        /// which copy of the arena or which thread makes it); `None` when this engine's
        /// plans deal the paths in turn.
        fn plan_size(&mut self, how: &How<'_>, path: &Path, index: usize) -> Option<u64>;

        /// Knuth's plain estimate of the subtree below `path` (the whole tree for `None`),
        /// as from its root; `each(k, probe)` after the k-th probe.
        fn estimate_below(
            &mut self,
            path: Option<&Path>,
            how: &How<'_>,
            samples: u64,
            seed: u64,
            each: &mut dyn FnMut(u64, &Probe),
        ) -> Estimate;

        /// Whether `path` is a node of this engine's tree with `how.fixed` chosen first (and,
        /// where the moves are numbered, `how`'s rule choosing the items).
        fn check_path(&mut self, how: &How<'_>, path: &Path) -> Result<(), PathError>;

        /// Whether `path`'s steps are this engine's and, where that costs no search, can be
        /// taken with `fixed` chosen first (rows: options that exist, none sharing an item):
        /// what a plan's paths need before its cut is made again, which then holds each of
        /// them to the tree's. Numbered moves are only checked by replaying them.
        fn check_steps(&mut self, fixed: &[OptionId], path: &Path) -> Result<(), PathError>;

        /// A sequential search below `path` (or the whole tree), to be stepped; it keeps
        /// `interrupt` and what `owned` holds, and copies the rest of `how`.
        fn stepper<'s>(
            &'s mut self,
            how: &How<'_>,
            interrupt: &'s AtomicBool,
            path: Option<&Path>,
            owned: Owned<'s>,
        ) -> Result<Stepper<'s>, PathError>;

        /// The shallowest cut with at least `target` subproblems (or where the tree ends, or
        /// at depth [`MAX_SPLIT_DEPTH`]).
        fn cut(&mut self, how: &How<'_>, target: usize) -> Split {
            self.cut_within(how, target, usize::MAX)
        }

        /// [`Searcher::cut`], but never a cut of more than `most` subproblems: where the
        /// next depth would pass `most`, the cut above it (a tree's width can grow a
        /// hundredfold from one depth to the next, and each subproblem is held in memory).
        fn cut_within(&mut self, how: &How<'_>, target: usize, most: usize) -> Split {
            let base = how.path.map_or(0, Path::depth);
            let mut depth = base + 1;
            let mut above = None;
            loop {
                let Some(split) = self.split_at_most(how, depth, most) else {
                    // Where the first depth is already that wide, the matrix has as many
                    // options: its cut is held whole.
                    return above.unwrap_or_else(|| self.split(how, depth));
                };
                if split.paths.len() >= target
                    || split.paths.is_empty()
                    || depth - base >= MAX_SPLIT_DEPTH
                {
                    return split;
                }
                above = Some(split);
                depth += 1;
            }
        }
    }
}

/// A search engine that [`crate::Solve`] drives: [`crate::Dlx`] (exact cover),
/// [`crate::Xcc`] (colours and multiplicities) or [`crate::Problem`] (whichever a matrix
/// needs). Sealed: what it asks of an engine is internal.
pub trait Engine: sealed::Searcher {}
