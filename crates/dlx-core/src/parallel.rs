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

use rayon::prelude::*;

use crate::search::Heuristic;
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
        let how = crate::solve::engine::How {
            heuristic,
            dead_end_test: true,
            stop: &crate::search::NEVER,
        };
        self.subtree_with(path, &how, Some(&mut visit))
    }

    /// [`Dlx::subtree`]; without a visitor it only counts, as [`Dlx::count`] does. A visited
    /// solution is built in one buffer reused for every solution of the subtree: allocating
    /// one per solution made 14 queens' 365,596 solutions cost a quarter of the 2-thread
    /// speed-up (`cargo xtask bench search`).
    pub(crate) fn subtree_with(
        &mut self,
        path: &[ChosenRow],
        how: &crate::solve::engine::How<'_>,
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
        let search = self
            .search()
            .heuristic(how.heuristic)
            .dead_end_test(how.dead_end_test)
            .stop_on(how.stop);
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
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use crate::{Dlx, Heuristic};

    #[test]
    fn one_thread_runs_on_the_calling_thread_and_more_elsewhere() {
        let m = crate::lookahead::tests::queens(7);
        let mut dlx = Dlx::new(&m);
        let truth = dlx.count(Heuristic::Mrv);
        let me = std::thread::current().id();
        for threads in [1, 2] {
            let (mut visits, mut elsewhere, parts) = (0, 0, AtomicUsize::new(0));
            let stats = dlx
                .solve()
                .threads(threads)
                .observe(|_, _, _| {
                    parts.fetch_add(1, Ordering::Relaxed);
                })
                .run(|_| {
                    visits += 1;
                    if std::thread::current().id() != me {
                        elsewhere += 1;
                    }
                    ControlFlow::Continue(())
                });
            assert_eq!(stats, truth, "{threads} threads");
            assert_eq!(visits, truth.solutions);
            assert!(parts.into_inner() > 1);
            assert_eq!(elsewhere == 0, threads == 1, "{elsewhere} visits elsewhere");
        }
    }
}
