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
//! let stats = xcc.solve().run(|s| {
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
mod bits;
mod colors;
#[cfg(test)]
mod reference;
mod search;
#[cfg(test)]
mod tests;

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use crate::dlx::{FixError, PathError};
use crate::engine::sealed::Searcher;
use crate::engine::{How, Owned, Path, Split, Stepper, Steps, Visitor, foreign_path};
use crate::estimate::{Estimate, Probe};
use crate::links::{Derived, fnv};
use crate::matrix::{Matrix, OptionId};
use crate::solution::Solution;
use crate::solve::Solve;
use crate::stats::Stats;

pub use search::XccSearch;

/// A matrix with colours or multiplicities (or neither) laid out for Algorithm C/M, ready to
/// be searched any number of times with [`Xcc::solve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Xcc {
    arena: arena::Arena,
    /// Whether the matrix has bounds: Algorithm M's counting (DLX3), else DLX2's.
    bounds: bool,
    /// The matrix's structure ([`Xcc::fingerprint`]).
    fingerprint: u64,
    /// The arena as built: what a leaked or unwound search is repaired from.
    pristine: Derived<Arc<arena::Arena>>,
    /// The matrix, when it has option costs: for [`Solve::min_cost`], which lays it out
    /// in an arena of its own.
    costed: Option<Arc<Matrix>>,
    /// The layout of the count without links, built by the first count that takes it and
    /// shared by every copy (each worker of a run in parts has one).
    counter: Derived<Arc<OnceLock<Option<Counter>>>>,
}

/// A count without links laid out for one matrix: Algorithm M's ([`bits`], bounds) or
/// DLX2's ([`colors`], colours without bounds).
#[derive(Debug)]
enum Counter {
    Bounds(Box<bits::Small>),
    Colors(colors::Tinted),
}

impl Counter {
    /// The layout for an arena at rest, if one holds it.
    fn new(a: &arena::Arena, bounds: bool) -> Option<Counter> {
        if bounds {
            bits::Small::new(a).map(|s| Counter::Bounds(Box::new(s)))
        } else {
            colors::Tinted::new(a).map(Counter::Colors)
        }
    }
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
            fingerprint: fingerprint(matrix),
            costed: matrix.has_costs().then(|| Arc::new(matrix.clone())),
            counter: Derived::default(),
        }
    }

    /// A search of this arena, to be configured and run: see [`Solve`].
    pub fn solve(&mut self) -> Solve<'_, Xcc> {
        Solve::new(self)
    }

    /// Whether the matrix has option costs: then [`Solve::min_cost`] is its only search.
    pub fn has_costs(&self) -> bool {
        self.costed.is_some()
    }

    /// Whether the searches count as DLX3 (the matrix has bounds) rather than DLX2.
    pub fn has_bounds(&self) -> bool {
        self.bounds
    }

    /// A fingerprint of the problem: which items are primary, their bounds, the items and
    /// colours of every option, in order. Shard plans carry it.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The matrix as laid out here, for the ZDD search ([`crate::zdd`]): each item's kind
    /// and bounds, each option's items and colours (options left out have none).
    pub(crate) fn zdd_input(&self) -> crate::zdd::Input {
        let a = &*self.pristine.0;
        let mut primary = vec![false; a.items];
        let mut bounds = vec![(1, 1); a.items];
        for h in 1..=a.items {
            let item = a.item_of[h] as usize;
            if (h as u32) * arena::NODE < a.second {
                primary[item] = true;
                bounds[item] = (a.rec[h].bound - a.rec[h].slack, a.rec[h].bound);
            }
        }
        let options = a
            .option_start
            .iter()
            .map(|&start| {
                let mut row = Vec::new();
                if start != u32::MAX {
                    let mut x = arena::ix(start);
                    while a.nodes[x].itm != arena::SPACER {
                        let n = a.nodes[x];
                        row.push((a.item_of[arena::ix(n.itm)] as usize, n.color.max(0) as u32));
                        x += 1;
                    }
                }
                row
            })
            .collect();
        crate::zdd::Input {
            primary,
            bounds: if self.bounds { bounds } else { Vec::new() },
            options,
        }
    }

    /// The arena, repaired first if a search was leaked (`mem::forget`) or unwound by a
    /// panic with links moved.
    fn arena(&mut self) -> &mut arena::Arena {
        if self.arena.moved {
            self.arena = (*self.pristine.0).clone();
        }
        &mut self.arena
    }

    /// The search `how` describes (the caller's rule and test are Algorithm DLX's only).
    fn searcher<'s>(&'s mut self, how: &How<'s>) -> XccSearch<'s> {
        let mut search = XccSearch::of(self)
            .heuristic(how.heuristic)
            .interrupt(how.interrupt)
            .stop_on(how.stop)
            .fixed_checked(how.fixed);
        if let Some(n) = how.limit {
            search = search.limit(n);
        }
        search
    }
}

/// The moves of a path of colours and multiplicities.
fn moves_of(path: &Path) -> Result<&[u32], PathError> {
    match &path.0 {
        Steps::Moves(m) => Ok(m),
        Steps::Rows(_) => Err(foreign_path()),
    }
}

/// FNV-1a over the matrix's structure.
fn fingerprint(matrix: &Matrix) -> u64 {
    let mut h = fnv(0xcbf2_9ce4_8422_2325, matrix.items().len() as u64);
    for item in matrix.items() {
        let m = item.multiplicity;
        h = fnv(h, u64::from(item.kind == crate::ItemKind::Primary));
        h = fnv(fnv(h, u64::from(m.lower)), u64::from(m.upper));
    }
    for (o, items) in matrix.options().iter().enumerate() {
        h = fnv(h, u64::MAX);
        for (k, &i) in items.iter().enumerate() {
            h = fnv(h, i as u64);
            h = fnv(h, matrix.colour_id(o, k).map_or(0, |c| u64::from(c) + 1));
        }
    }
    h
}

impl crate::engine::Engine for Xcc {}

impl Searcher for Xcc {
    fn costed(&self) -> Option<&Matrix> {
        self.costed.as_deref()
    }

    fn zdd_input(&self) -> crate::zdd::Input {
        Xcc::zdd_input(self)
    }

    fn fingerprint_with(&self, fixed: &[OptionId]) -> u64 {
        fixed
            .iter()
            .fold(self.fingerprint, |h, &f| fnv(h, f as u64))
    }

    fn check_fixed(&mut self, fixed: &[OptionId]) -> Result<(), FixError> {
        XccSearch::of(self).fix(fixed).map(drop)
    }

    fn whole(&mut self, how: &How<'_>, visit: Option<&mut Visitor<'_>>) -> Stats {
        let path = match how.path.map(moves_of).transpose() {
            Ok(p) => p.unwrap_or(&[]).to_vec(),
            Err(_) => return Stats::default(),
        };
        let search = self.searcher(how).below(path);
        match visit {
            None => search.count(),
            Some(visit) => search.run(visit),
        }
    }

    fn split_at_most(&mut self, how: &How<'_>, depth: usize, most: usize) -> Option<Split> {
        let path = how.path.map(moves_of).transpose().ok().flatten();
        self.searcher(how)
            .below(path.unwrap_or(&[]).to_vec())
            .split_at_most(depth, most)
    }

    fn below(
        &mut self,
        path: &Path,
        how: &How<'_>,
        visit: Option<&mut dyn FnMut(&Solution)>,
    ) -> Result<Stats, PathError> {
        let search = self.searcher(how).below(moves_of(path)?.to_vec());
        Ok(match visit {
            None => search.count(),
            Some(visit) => search.run(|s| {
                visit(s);
                std::ops::ControlFlow::Continue(())
            }),
        })
    }

    fn plan_size(&mut self, _: &How<'_>, _: &Path, _: usize) -> Option<u64> {
        // Dealt in turn: many small subproblems even out the shards' sizes.
        None
    }

    fn estimate_below(
        &mut self,
        path: Option<&Path>,
        how: &How<'_>,
        samples: u64,
        seed: u64,
        each: &mut dyn FnMut(u64, &Probe),
    ) -> Estimate {
        let path = match path.map(moves_of).transpose() {
            Ok(p) => p.unwrap_or(&[]).to_vec(),
            Err(_) => Vec::new(),
        };
        crate::estimate::sample(
            samples,
            seed,
            |rng, level_nodes| {
                (!how.interrupted()).then(|| {
                    XccSearch::of(self)
                        .heuristic(how.heuristic)
                        .fixed_checked(how.fixed)
                        .below(path.clone())
                        .probe(rng, level_nodes)
                })
            },
            each,
        )
    }

    fn check_path(&mut self, how: &How<'_>, path: &Path) -> Result<(), PathError> {
        // Any numbers are moves, and a number past a node's last move leads nowhere: the
        // moves are replayed, cutting the tree at the path's end. The replay visits only the
        // nodes on the way, each skipping the moves off it.
        let moves = moves_of(path)?;
        let mut reaches = |depth: usize| {
            let split = XccSearch::of(self)
                .heuristic(how.heuristic)
                .fixed_checked(how.fixed)
                .below(moves[..depth].to_vec())
                .split(depth);
            split.paths.len() == 1
        };
        if moves.is_empty() || reaches(moves.len()) {
            return Ok(());
        }
        // The first move that leaves the tree, for the error.
        let index = (1..moves.len())
            .find(|&d| !reaches(d))
            .map_or(moves.len() - 1, |d| d - 1);
        Err(PathError {
            index,
            source: FixError::NoSuchMove(moves[index]),
        })
    }

    fn check_steps(&mut self, _: &[OptionId], path: &Path) -> Result<(), PathError> {
        moves_of(path).map(drop)
    }

    fn stepper<'s>(
        &'s mut self,
        how: &How<'_>,
        interrupt: &'s AtomicBool,
        path: Option<&Path>,
        _: Owned<'s>,
    ) -> Result<Stepper<'s>, PathError> {
        let path = path.map(moves_of).transpose()?.unwrap_or(&[]).to_vec();
        let mut search = XccSearch::of(self)
            .heuristic(how.heuristic)
            .interrupt(interrupt)
            .fixed_checked(how.fixed);
        if let Some(n) = how.limit {
            search = search.limit(n);
        }
        Ok(Stepper::Xcc(Box::new(search.below(path))))
    }
}
