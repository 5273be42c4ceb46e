//! Parallel search with exactly the figures of the sequential one.
//!
//! The tree is split at a small depth d ([`crate::Search::split`]): the split run charges the
//! nodes and updates of depths below d once, and every node at depth d becomes an independent
//! subproblem, the path of rows leading to it. A worker fixes those rows on its own copy of
//! the arena ([`crate::Dlx::fix`]) and searches the subtree. After the fixes the column
//! lists, sizes and header order are exactly those the sequential search sees at that node
//! (the set of removed nodes does not depend on the order of the covers, nor does the number
//! of updates they cost), so the subtree is the same tree; its profile is shifted down by d
//! and added. Rayon's work stealing balances the subtrees.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::search::{Heuristic, Split};
use crate::solution::{ChosenRow, Solution};
use crate::stats::Stats;
use crate::{Dlx, FixError};

/// How many subproblems per thread the split aims for, so that work stealing can even out
/// subtrees of very different sizes. Each subtree has a cost of its own (fixing its path, a
/// new search whose dead-end test waits and learns afresh), so more is not better: on 2
/// threads 64 per thread split 6x10 into 548 subtrees and Scott into 544, for speed-ups of
/// 1.75-1.77x and 1.51x; 8 per thread gives 93 and 24, for 1.92-1.93x and 1.94-1.96x over
/// several bench runs (14 queens: 154 subtrees either way, 1.92-2.00x).
pub(crate) const SUBPROBLEMS_PER_THREAD: usize = 8;
/// Deepest split tried.
const MAX_SPLIT_DEPTH: usize = 8;

/// The shallowest cut (`split(depth)`, which also says how many subproblems it has) with
/// at least `target` subproblems, or none (the tree ends), or at [`MAX_SPLIT_DEPTH`].
pub(crate) fn shallowest_split<S>(target: usize, mut split: impl FnMut(usize) -> (S, usize)) -> S {
    let mut depth = 1;
    loop {
        let (s, paths) = split(depth);
        if paths >= target || paths == 0 || depth >= MAX_SPLIT_DEPTH {
            return s;
        }
        depth += 1;
    }
}

/// A pool of `threads` threads (0 = one per core), or `None` when the system refuses them
/// (a limit on processes or memory): the search then runs on the calling thread, slower but
/// with the same figures, rather than failing.
pub(crate) fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .ok()
}

/// Searches the subtree below each of `paths` with `search` and adds their figures: in `pool`,
/// each worker on its own copy of the arena, or without one on the calling thread, on one
/// copy.
pub(crate) fn search_paths<A: Clone + Send + Sync, P: Sync>(
    base: &A,
    pool: Option<&rayon::ThreadPool>,
    paths: &[P],
    search: impl Fn(&mut A, &P) -> Stats + Sync + Send,
) -> Stats {
    let empty = || Stats {
        complete: true,
        ..Stats::default()
    };
    let add = |mut a: Stats, b: Stats| {
        a.merge(&b);
        a
    };
    match pool {
        Some(pool) => pool.install(|| {
            paths
                .par_iter()
                .map_init(|| base.clone(), &search)
                .reduce(empty, add)
        }),
        None => {
            let mut arena = base.clone();
            paths
                .iter()
                .map(|path| search(&mut arena, path))
                .fold(empty(), add)
        }
    }
}

/// A path of rows that is not one of this arena's ([`Dlx::subtree`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("row {index} of the path cannot be fixed: {source}")]
pub struct PathError {
    /// The row's place in the path (from 0).
    pub index: usize,
    /// Why it cannot be fixed.
    #[source]
    pub source: FixError,
}

impl Dlx {
    /// Searches the subtree below a path of rows returned by [`crate::Search::split`], and
    /// returns its figures placed at their depths in the whole tree (its root, already
    /// counted by the split, is not counted again).
    ///
    /// A path whose rows cannot all be fixed (an option that does not exist, or two rows
    /// sharing an item: not a path of this arena's tree) is refused, and the arena is left
    /// as it was.
    pub fn subtree(
        &mut self,
        path: &[ChosenRow],
        heuristic: Heuristic,
        mut visit: impl FnMut(&Solution),
    ) -> Result<Stats, PathError> {
        self.subtree_with(path, heuristic, Some(&mut visit))
    }

    /// [`Dlx::subtree`]; without a visitor it only counts, as [`Dlx::count`] does. A visited
    /// solution is built in one buffer reused for every solution of the subtree: allocating
    /// one per solution made 14 queens' 365,596 solutions cost a quarter of the 2-thread
    /// speed-up (`cargo xtask bench search`).
    fn subtree_with(
        &mut self,
        path: &[ChosenRow],
        heuristic: Heuristic,
        visit: Option<&mut dyn FnMut(&Solution)>,
    ) -> Result<Stats, PathError> {
        for (index, row) in path.iter().enumerate() {
            if let Err(source) = self.fix(row.option) {
                for _ in 0..index {
                    self.unfix();
                }
                return Err(PathError { index, source });
            }
        }
        let search = self.search().heuristic(heuristic);
        let stats = match visit {
            None => search.count(),
            Some(visit) => {
                let mut solution = Solution {
                    rows: path.to_vec(),
                };
                search.run(|view| {
                    solution.rows.truncate(path.len());
                    solution.rows.extend(view.rows());
                    visit(&solution);
                    std::ops::ControlFlow::Continue(())
                })
            }
        };
        for _ in path {
            self.unfix();
        }
        let mut levels = vec![Default::default(); path.len()];
        levels.extend(stats.levels);
        Ok(Stats::from_levels(stats.solutions, levels, stats.complete))
    }

    /// Splits the tree as shallowly as gives enough subproblems for `threads` threads
    /// (the depth grows until there are 8 per thread, or the tree runs out).
    pub fn split_for_threads(&mut self, heuristic: Heuristic, threads: usize) -> Split {
        shallowest_split(threads.max(1) * SUBPROBLEMS_PER_THREAD, |depth| {
            let split = self.search().heuristic(heuristic).split(depth);
            let paths = split.paths.len();
            (split, paths)
        })
    }

    /// Counts every solution on `threads` threads (0 = all cores). The figures equal
    /// [`Dlx::count`]'s exactly.
    ///
    /// ```
    /// # use dlx_core::{format, Dlx, Heuristic};
    /// let m = format::parse("a b c\na b\nc\na\nb c\nb\n")?;
    /// let mut dlx = Dlx::new(&m);
    /// assert_eq!(dlx.par_count(Heuristic::Mrv, 2), dlx.count(Heuristic::Mrv));
    /// # Ok::<(), dlx_core::FormatError>(())
    /// ```
    pub fn par_count(&mut self, heuristic: Heuristic, threads: usize) -> Stats {
        self.par_search(heuristic, threads, None, &|_, _, _| {})
    }

    /// [`Dlx::par_count`], calling `observe(part, done, total)` as [`Dlx::par_run_observed`]
    /// does.
    pub fn par_count_observed(
        &mut self,
        heuristic: Heuristic,
        threads: usize,
        observe: impl Fn(&Stats, usize, usize) + Sync,
    ) -> Stats {
        self.par_search(heuristic, threads, None, &observe)
    }

    /// Visits every solution on `threads` threads (0 = all cores); solutions arrive in no
    /// particular order, from any thread. The figures equal the sequential search's.
    pub fn par_run(
        &mut self,
        heuristic: Heuristic,
        threads: usize,
        visit: impl Fn(&Solution) + Sync,
    ) -> Stats {
        self.par_run_observed(heuristic, threads, visit, |_, _, _| {})
    }

    /// [`Dlx::par_run`], calling `observe(part, done, total)` with the figures of each part of
    /// the tree as soon as it is searched (from any thread): first the levels above the split
    /// (`done = 0`), then every subtree, `done` of `total` subtrees finished. A progress
    /// display adds the parts up.
    pub fn par_run_observed(
        &mut self,
        heuristic: Heuristic,
        threads: usize,
        visit: impl Fn(&Solution) + Sync,
        observe: impl Fn(&Stats, usize, usize) + Sync,
    ) -> Stats {
        self.par_search(heuristic, threads, Some(&visit), &observe)
    }

    /// The parallel search behind the public entry points; with no visitor, the subtrees are
    /// only counted.
    fn par_search(
        &mut self,
        heuristic: Heuristic,
        threads: usize,
        visit: Option<&(dyn Fn(&Solution) + Sync)>,
        observe: &(dyn Fn(&Stats, usize, usize) + Sync),
    ) -> Stats {
        self.par_search_in(pool(threads).as_ref(), heuristic, visit, observe)
    }

    /// [`Dlx::par_search`] in `pool`, or, without one, on the calling thread.
    fn par_search_in(
        &mut self,
        pool: Option<&rayon::ThreadPool>,
        heuristic: Heuristic,
        visit: Option<&(dyn Fn(&Solution) + Sync)>,
        observe: &(dyn Fn(&Stats, usize, usize) + Sync),
    ) -> Stats {
        par_search(self, pool, heuristic, visit, observe)
    }
}

/// What the parallel search needs of an engine ([`Dlx`], [`crate::Xcc`]): the top of its
/// tree cut for some threads, and the search of the subtree below one path of the cut.
pub(crate) trait Subtrees: Clone + Send + Sync {
    /// A node at the cut, as the engine replays it.
    type Path: Sync;
    /// The figures above the cut, its solutions, and the paths to the nodes at the cut.
    fn cut(
        &mut self,
        heuristic: Heuristic,
        threads: usize,
    ) -> (Stats, Vec<Solution>, Vec<Self::Path>);
    /// The subtree below `path`, its figures at their depths in the whole tree.
    fn below(
        &mut self,
        path: &Self::Path,
        heuristic: Heuristic,
        visit: Option<&mut dyn FnMut(&Solution)>,
    ) -> Stats;
}

impl Subtrees for Dlx {
    type Path = Vec<ChosenRow>;

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
            .expect("the split's paths are paths of this arena")
    }
}

/// The parallel search of any engine: the cut, then its subtrees in `pool` (or, without
/// one, on the calling thread), `observe(part, done, total)` told of each part; with no
/// visitor the subtrees are only counted.
pub(crate) fn par_search<E: Subtrees>(
    engine: &mut E,
    pool: Option<&rayon::ThreadPool>,
    heuristic: Heuristic,
    visit: Option<&(dyn Fn(&Solution) + Sync)>,
    observe: &(dyn Fn(&Stats, usize, usize) + Sync),
) -> Stats {
    let (above, solutions, paths) =
        engine.cut(heuristic, pool.map_or(1, |p| p.current_num_threads()));
    if let Some(visit) = visit {
        solutions.iter().for_each(visit);
    }
    let total = paths.len();
    observe(&above, 0, total);
    let done = AtomicUsize::new(0);
    let below = search_paths(engine, pool, &paths, |e, path| {
        let part = match visit {
            Some(visit) => e.below(path, heuristic, Some(&mut |s| visit(s))),
            None => e.below(path, heuristic, None),
        };
        observe(&part, done.fetch_add(1, Ordering::Relaxed) + 1, total);
        part
    });
    let mut total = above;
    total.merge(&below);
    total
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

    use crate::{Dlx, Heuristic};

    #[test]
    fn without_a_pool_the_same_search_runs_on_the_calling_thread() {
        let m = crate::lookahead::tests::queens(7);
        let mut dlx = Dlx::new(&m);
        let truth = dlx.count(Heuristic::Mrv);
        let me = std::thread::current().id();
        let pool = super::pool(2).expect("2 threads");
        for pool in [None, Some(&pool)] {
            let (visits, parts, elsewhere) =
                (AtomicU64::new(0), AtomicUsize::new(0), AtomicUsize::new(0));
            let visit = |_: &crate::Solution| {
                visits.fetch_add(1, Ordering::Relaxed);
                if std::thread::current().id() != me {
                    elsewhere.fetch_add(1, Ordering::Relaxed);
                }
            };
            let observe = |_: &crate::Stats, _: usize, _: usize| {
                parts.fetch_add(1, Ordering::Relaxed);
            };
            let stats = dlx.par_search_in(pool, Heuristic::Mrv, Some(&visit), &observe);
            assert_eq!(stats, truth, "pool: {}", pool.is_some());
            assert_eq!(visits.into_inner(), truth.solutions);
            assert!(parts.into_inner() > 1);
            if pool.is_none() {
                assert_eq!(elsewhere.into_inner(), 0);
            }
        }
    }
}
