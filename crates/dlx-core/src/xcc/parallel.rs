//! Parallel search for colours and multiplicities, with exactly the sequential figures.
//!
//! As for exact cover ([`crate::Dlx::par_count`]), the tree is split at a small depth d: the
//! split run charges the depths above d once and records each node at depth d as the
//! numbers of the moves that lead to it ([`XccSearch::split`]). A move here may be a tweak
//! or the null move, which fixing options cannot replay, so a worker replays the moves
//! themselves: it runs the same search, skipping every move off the path, and counts only
//! the depths at and below d, where the two runs' trees are the same.

use super::{Xcc, XccSearch, XccSplit};
use crate::parallel::{
    SUBPROBLEMS_PER_THREAD, Subtrees, par_search, pool, search_paths, shallowest_split,
};
use crate::search::Heuristic;
use crate::solution::Solution;
use crate::stats::Stats;

impl Xcc {
    /// Searches the subtree reached by a path of moves from [`XccSearch::split`], and returns
    /// its figures at their depths in the whole tree (its root counted, the levels above it
    /// not). `visit` sees every solution of the subtree, the path's options included.
    pub fn subtree(
        &mut self,
        path: &[u32],
        heuristic: Heuristic,
        visit: impl FnMut(&Solution),
    ) -> Stats {
        self.subtree_with(path, heuristic, Some(&mut { visit }))
    }

    fn subtree_with(
        &mut self,
        path: &[u32],
        heuristic: Heuristic,
        visit: Option<&mut dyn FnMut(&Solution)>,
    ) -> Stats {
        let search: XccSearch<'_> = self.search().heuristic(heuristic).below(path.to_vec());
        match visit {
            None => search.count(),
            Some(visit) => search.run(|s| {
                visit(s);
                std::ops::ControlFlow::Continue(())
            }),
        }
    }

    /// Splits the tree as shallowly as gives enough subproblems for `threads` threads.
    pub fn split_for_threads(&mut self, heuristic: Heuristic, threads: usize) -> XccSplit {
        self.shallowest_split(heuristic, threads.max(1) * SUBPROBLEMS_PER_THREAD)
    }

    /// The shallowest cut with `target` subproblems (see [`shallowest_split`]).
    fn shallowest_split(&mut self, heuristic: Heuristic, target: usize) -> XccSplit {
        shallowest_split(target, |depth| {
            let split = self.search().heuristic(heuristic).split(depth);
            let paths = split.paths.len();
            (split, paths)
        })
    }

    /// Counts every solution on `threads` threads (0 = all cores), with the figures of
    /// [`Xcc::count`].
    ///
    /// ```
    /// # use dlx_core::{format, Xcc};
    /// let m = format::parse("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n")?;
    /// let mut xcc = Xcc::new(&m);
    /// assert_eq!(xcc.par_count(Default::default(), 2), xcc.count());
    /// # Ok::<(), dlx_core::FormatError>(())
    /// ```
    pub fn par_count(&mut self, heuristic: Heuristic, threads: usize) -> Stats {
        self.par_search(heuristic, threads, None, &|_, _, _| {})
    }

    /// [`Xcc::par_count`], calling `observe(part, done, total)` as each part of the tree is
    /// searched: first the levels above the split (`done = 0`), then every subtree.
    pub fn par_count_observed(
        &mut self,
        heuristic: Heuristic,
        threads: usize,
        observe: impl Fn(&Stats, usize, usize) + Sync,
    ) -> Stats {
        self.par_search(heuristic, threads, None, &observe)
    }

    /// Visits every solution on `threads` threads (0 = all cores), in no particular order,
    /// calling `observe` as [`Xcc::par_count_observed`] does.
    pub fn par_run_observed(
        &mut self,
        heuristic: Heuristic,
        threads: usize,
        visit: impl Fn(&Solution) + Sync,
        observe: impl Fn(&Stats, usize, usize) + Sync,
    ) -> Stats {
        self.par_search(heuristic, threads, Some(&visit), &observe)
    }

    fn par_search(
        &mut self,
        heuristic: Heuristic,
        threads: usize,
        visit: Option<&(dyn Fn(&Solution) + Sync)>,
        observe: &(dyn Fn(&Stats, usize, usize) + Sync),
    ) -> Stats {
        par_search(self, pool(threads).as_ref(), heuristic, visit, observe)
    }
}

impl Subtrees for Xcc {
    type Path = Vec<u32>;

    fn cut(
        &mut self,
        heuristic: Heuristic,
        threads: usize,
    ) -> (Stats, Vec<Solution>, Vec<Self::Path>) {
        let split = self.split_for_threads(heuristic, threads);
        (split.stats, split.solutions, split.paths)
    }

    fn below(
        &mut self,
        path: &Self::Path,
        heuristic: Heuristic,
        visit: Option<&mut dyn FnMut(&Solution)>,
    ) -> Stats {
        self.subtree_with(path, heuristic, visit)
    }
}

/// One shard of an [`Xcc`] search ([`Xcc::shard`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XccShard {
    /// The shard's figures at their depths in the whole tree; shard 1 holds the levels above
    /// the cut. Shards add up with [`Stats::merge`] to the unsharded figures.
    pub stats: Stats,
    /// The depth of the cut.
    pub depth: usize,
    /// The subproblems this shard searched.
    pub subproblems: usize,
}

/// Subproblems per shard the cut aims for: the shards take the subproblems in turn, so many
/// small ones even out their sizes.
const SUBPROBLEMS_PER_SHARD: usize = 64;

impl Xcc {
    /// Searches shard `k` of `n` (1-based) on `threads` threads: the tree is cut at the
    /// shallowest depth with 64 subproblems per shard (at most depth 8), and shard `k` takes
    /// subproblems `k`, `k + n`, `k + 2n`, ... The cut depends only on the matrix and the
    /// heuristic, so shards run anywhere add up to the whole search's figures.
    pub fn shard(
        &mut self,
        heuristic: Heuristic,
        k: usize,
        n: usize,
        threads: usize,
        visit: impl Fn(&Solution) + Sync,
    ) -> Result<XccShard, crate::ShardError> {
        if n == 0 || n > crate::MAX_SHARDS {
            return Err(crate::ShardError::ShardCount { n });
        }
        if k == 0 || k > n {
            return Err(crate::ShardError::NoSuchShard { k, n });
        }
        let split = self.shallowest_split(heuristic, n * SUBPROBLEMS_PER_SHARD);
        let mut stats = if k == 1 {
            split.solutions.iter().for_each(&visit);
            split.stats.clone()
        } else {
            Stats {
                complete: true,
                ..Stats::default()
            }
        };
        let mine: Vec<&Vec<u32>> = split.paths.iter().skip(k - 1).step_by(n).collect();
        let pool = if threads == 1 { None } else { pool(threads) };
        let below = search_paths(self, pool.as_ref(), &mine, |xcc, path| {
            xcc.subtree_with(path, heuristic, Some(&mut |s| visit(s)))
        });
        stats.merge(&below);
        Ok(XccShard {
            stats,
            depth: split.depth,
            subproblems: mine.len(),
        })
    }
}
