//! Exact covering with colours and multiplicities: Knuth's Algorithms C and M (TAOCP
//! 7.2.2.1; his programs DLX2 and DLX3), with their statistics counted as those programs
//! count them.
//!
//! - **Colours** (XCC): an option may give a secondary item a colour, `x:c`. Options that
//!   give `x` the same colour may be chosen together; once `x` has a colour, an option that
//!   gives it another colour, or none, is excluded.
//! - **Multiplicities** (MCC): a primary item may carry bounds `[a, b]`; it must then lie in
//!   at least `a` and at most `b` chosen options.
//!
//! ```
//! use dlx_core::{format, Xcc};
//!
//! // The toy problem (49) of TAOCP 7.2.2.1: p, q, r primary; x, y secondary.
//! let m = format::parse("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n")?;
//! let mut xcc = Xcc::new(&m);
//! let mut found = Vec::new();
//! let stats = xcc.search().run(|s| {
//!     found.push(s.lines(&m));
//!     std::ops::ControlFlow::Continue(())
//! });
//! assert_eq!(found, [["q x:A", "p r x:A y"]]);
//! // Knuth's DLX2 prints the same figures.
//! assert_eq!((stats.solutions, stats.updates, stats.cleansings, stats.nodes), (1, 20, 3, 4));
//! # Ok::<(), dlx_core::FormatError>(())
//! ```
//!
//! The figures equal DLX2's on a matrix without bounds and DLX3's on one with bounds (the two
//! programs differ by one update at each node where an item has no option left: DLX2 covers
//! it before backing up, DLX3 backs up at once). On exact cover they equal [`crate::Dlx`]'s.

mod arena;
#[cfg(feature = "parallel")]
mod parallel;
#[cfg(test)]
mod reference;
mod search;
#[cfg(test)]
mod tests;

/// Subproblems per shard the cut aims for: the shards take the subproblems in turn, so many
/// small ones even out their sizes.
#[cfg(feature = "parallel")]
pub(crate) const SUBPROBLEMS_PER_SHARD: usize = 64;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::estimate::{Estimate, Probe};
use crate::links::Derived;
use crate::matrix::Matrix;
use crate::search::Heuristic;
use crate::stats::Stats;

pub use search::{XccSearch, XccSplit};

/// A matrix with colours or multiplicities (or neither) laid out for Algorithm C/M, ready to
/// be searched any number of times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Xcc {
    arena: arena::Arena,
    /// Whether the matrix has bounds: Algorithm M's counting (DLX3), else DLX2's.
    bounds: bool,
    /// The arena as built: what a leaked or unwound search is repaired from.
    pristine: Derived<Arc<arena::Arena>>,
    interrupt: Derived<Option<Arc<AtomicBool>>>,
}

impl Xcc {
    /// Lays a matrix out. Options without a primary item are left out, as Knuth's programs
    /// drop them: no search could choose them.
    pub fn new(matrix: &Matrix) -> Self {
        let arena = arena::Arena::new(matrix);
        Xcc {
            pristine: Derived(Arc::new(arena.clone())),
            arena,
            bounds: matrix.has_bounds(),
            interrupt: Derived(None),
        }
    }

    /// Starts a search with the S heuristic (Knuth's choice of item); configure it with
    /// [`XccSearch`]'s builder methods.
    pub fn search(&mut self) -> XccSearch<'_> {
        if self.arena.moved {
            // A search was leaked (`mem::forget`) or unwound by a panic with links moved.
            self.arena = (*self.pristine.0).clone();
        }
        let flag = self.interrupt.0.as_deref().unwrap_or(&crate::search::NEVER);
        XccSearch::new(&mut self.arena, self.bounds, flag)
    }

    /// A search with options for every way to run it (limit, threads, shard, observer):
    /// see [`crate::Solve`].
    pub fn solve(&mut self) -> crate::Solve<'_, Xcc> {
        crate::Solve::new(self)
    }

    /// Counts every solution.
    pub fn count(&mut self) -> Stats {
        self.search().count()
    }

    /// Makes every search of this arena (and of its clones, in parallel searches) stop at
    /// its next node once `flag` is set.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Derived(Some(flag));
    }

    /// Whether the flag given to [`Xcc::set_interrupt`] is set.
    pub fn interrupted(&self) -> bool {
        self.interrupt
            .0
            .as_ref()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Knuth's Monte Carlo estimate of the search tree ([`crate::estimate`]): `samples`
    /// random root-to-leaf probes, reproducible from `seed`. Updates are estimated as the
    /// search counts them (DLX2's or DLX3's way).
    pub fn estimate(&mut self, heuristic: Heuristic, samples: u64, seed: u64) -> Estimate {
        self.estimate_with(heuristic, samples, seed, |_, _| {})
    }

    /// [`Xcc::estimate`], calling `each(k, probe)` after the k-th probe.
    pub fn estimate_with(
        &mut self,
        heuristic: Heuristic,
        samples: u64,
        seed: u64,
        each: impl FnMut(u64, &Probe),
    ) -> Estimate {
        crate::estimate::sample(
            samples,
            seed,
            |rng, level_nodes| {
                (!self.interrupted())
                    .then(|| self.search().heuristic(heuristic).probe(rng, level_nodes))
            },
            each,
        )
    }

    /// Whether the searches count as DLX3 (the matrix has bounds) rather than DLX2.
    pub fn has_bounds(&self) -> bool {
        self.bounds
    }
}
