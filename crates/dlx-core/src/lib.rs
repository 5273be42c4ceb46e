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
//! - every run returns [`Stats`]: solutions, updates, nodes and the per-level profile;
//! - [`Xcc`] searches problems with colours or multiplicities (Knuth's Algorithms C and M,
//!   his programs DLX2 and DLX3), with the same [`Stats`] (plus cleansings) and
//!   [`Solution`]s: see the [`xcc`] module;
//! - [`bits::Bits`] searches small plain matrices with Algorithm X over bit masks and the
//!   single rule, with figures of its own instead of Knuth's: about the links' speed on
//!   9x9 sudoku, slower on queens and polyominoes (measured in its module).

#![warn(missing_docs)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub mod bits;
pub mod estimate;
pub mod file;
pub mod format;
mod links;
mod lookahead;
mod matrix;
pub mod mincover;
#[cfg(feature = "parallel")]
mod parallel;
pub mod reduce;
mod search;
#[cfg(feature = "parallel")]
pub mod shard;
mod solution;
mod solve;
mod stats;
#[cfg(feature = "parallel")]
pub mod stratified;
pub mod xcc;

pub use estimate::{Estimate, Summary};
pub use format::{FormatError, FormatErrorKind};
pub use links::{ActiveItems, Links};
pub use matrix::{
    Item, ItemId, ItemKind, Matrix, MatrixBuilder, MatrixError, Multiplicity, OptionId, shown,
};
pub use mincover::{Bound, MinCover, MinCoverResult, MinCoverStats};
#[cfg(feature = "parallel")]
pub use parallel::PathError;
pub use reduce::{Reduce, Reductions};
pub use search::{ChooseItem, Heuristic, Search, SolutionView, Split};
#[cfg(feature = "parallel")]
pub use shard::{MAX_SHARDS, ShardError, ShardPlan};
pub use solution::{ChosenRow, Solution};
#[cfg(feature = "parallel")]
pub use solve::ShardCut;
pub use solve::{Engine, Solve};
pub use stats::{Level, Stats};
pub use xcc::{Xcc, XccSearch, XccSplit};

/// A matrix laid out as dancing links, ready to be searched any number of times.
///
/// Every search leaves the links exactly as it found them. Options can be *fixed* before a
/// search ([`Dlx::fix`]): their items are covered as if the option had been chosen above the
/// root, which is how puzzle givens are placed without rebuilding the matrix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dlx {
    links: Links,
    /// Options fixed by [`Dlx::fix`], in order.
    fixed: Vec<OptionId>,
    /// Items covered by fixed options.
    covered: Vec<bool>,
    /// The flag that stops every search of this arena ([`Dlx::set_interrupt`]).
    interrupt: Interrupt,
}

/// A shared stop flag ([`Dlx::set_interrupt`]); it never makes two arenas differ.
type Interrupt = links::Derived<Option<Arc<AtomicBool>>>;

impl Interrupt {
    fn flag(&self) -> &AtomicBool {
        self.0.as_deref().unwrap_or(&search::NEVER)
    }
}

/// Why an option could not be fixed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FixError {
    /// The option does not exist.
    #[error("option {0} does not exist")]
    NoSuchOption(OptionId),
    /// One of its items is already covered by an earlier fixed option.
    #[error("option {option} clashes with fixed option {with} on item {item}")]
    Clash {
        /// The option asked for.
        option: OptionId,
        /// The fixed option that already covers the item.
        with: OptionId,
        /// The shared item.
        item: ItemId,
    },
}

impl Dlx {
    /// Builds the link arena of a matrix.
    ///
    /// # Panics
    /// If the matrix has colours or bounds ([`Matrix::is_plain`] is false): Algorithm DLX
    /// would ignore them and count wrong solutions; [`Xcc`] searches such matrices.
    pub fn new(matrix: &Matrix) -> Self {
        let links = Links::new(matrix);
        let covered = vec![false; links.item_count()];
        Dlx {
            links,
            fixed: Vec::new(),
            covered,
            interrupt: Interrupt::default(),
        }
    }

    /// The arena, ready to be searched: if a search over it was leaked (`mem::forget`) or
    /// unwound by a panic before putting its links back, they are rebuilt first and the fixed
    /// options covered again, so that the next search sees exactly what a fresh arena would.
    pub(crate) fn arena(&mut self) -> &mut Links {
        if self.links.moved() {
            self.links.relink();
            for &option in &self.fixed {
                self.links.cover_option(option);
            }
            debug_assert_eq!(self.links.check(), Ok(()));
        }
        &mut self.links
    }

    /// Fixes an option: covers each of its items, as the search does for a chosen row. The
    /// updates this costs are not part of any search's statistics.
    pub fn fix(&mut self, option: OptionId) -> Result<(), FixError> {
        let items = self
            .arena()
            .option_items(option)
            .ok_or(FixError::NoSuchOption(option))?;
        if let Some(&item) = items.iter().find(|&&i| self.covered[i]) {
            // A covered item belongs to a fixed option.
            let with = self
                .fixed
                .iter()
                .copied()
                .find(|&f| {
                    self.links
                        .option_items(f)
                        .is_some_and(|its| its.contains(&item))
                })
                .unwrap_or(option);
            return Err(FixError::Clash { option, with, item });
        }
        for &i in &items {
            self.covered[i] = true;
        }
        self.links.cover_option(option);
        self.fixed.push(option);
        Ok(())
    }

    /// Undoes the most recent [`Dlx::fix`], returning its option.
    pub fn unfix(&mut self) -> Option<OptionId> {
        self.arena();
        let option = self.fixed.pop()?;
        if let Some(items) = self.links.option_items(option) {
            for i in items {
                self.covered[i] = false;
            }
        }
        self.links.uncover_option(option);
        Some(option)
    }

    /// Undoes every fix, newest first.
    pub fn unfix_all(&mut self) {
        while self.unfix().is_some() {}
    }

    /// The fixed options, oldest first.
    pub fn fixed(&self) -> &[OptionId] {
        &self.fixed
    }

    /// The arena (read-only).
    ///
    /// # Panics
    /// If a search over this arena was leaked (`mem::forget`) or unwound by a panic and no
    /// method taking `&mut self` has run since: its links are not where a reader expects
    /// them. Any such method ([`Dlx::restore`], a search, a fix) puts them back first.
    pub fn links(&self) -> &Links {
        assert!(
            !self.links.moved(),
            "the arena is in the middle of a leaked or unwound search: call Dlx::restore first"
        );
        &self.links
    }

    /// Puts the links back after a search that was leaked or unwound by a panic (every other
    /// method taking `&mut self` does so by itself); does nothing otherwise.
    pub fn restore(&mut self) {
        self.arena();
    }

    /// A search with options for every way to run it (rule, limit, dead-end test, threads,
    /// shard, observer), all honoured together: see [`Solve`].
    pub fn solve(&mut self) -> Solve<'_, Dlx> {
        Solve::new(self)
    }

    /// Starts a sequential search with the S heuristic, to be stepped one solution at a time
    /// ([`Search::next_solution`]) or split; configure it with [`Search`]'s builder methods.
    pub fn search(&mut self) -> Search<'_> {
        self.arena();
        Search::new(&mut self.links).interrupt(self.interrupt.flag())
    }

    /// Makes every search of this arena (and of its clones: sequential, parallel, shards,
    /// estimates, [`Dlx::reduce`]) stop at its next node once `flag` is set, for example by a
    /// Ctrl-C handler. A stopped search puts the links back and reports the figures it
    /// reached, with `complete` false; see [`Search::interrupt`].
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = links::Derived(Some(flag));
    }

    /// A fingerprint of the problem this arena searches: its matrix's structure (which items
    /// are primary, the items of every option, in order) and the fixed options. Two arenas
    /// with the same fingerprint search the same tree; shard plans carry it.
    pub fn fingerprint(&self) -> u64 {
        let mut h = self.links.fingerprint();
        for &f in &self.fixed {
            h = links::fnv(h, f as u64);
        }
        h
    }

    /// Whether the flag given to [`Dlx::set_interrupt`] is set.
    pub fn interrupted(&self) -> bool {
        self.interrupt
            .flag()
            .load(std::sync::atomic::Ordering::Relaxed)
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
