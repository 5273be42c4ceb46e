//! Parallel search for colours and multiplicities, with exactly the sequential figures.
//!
//! As for exact cover ([`crate::Solve::threads`]), the tree is split at a small depth d: the
//! split run charges the depths above d once and records each node at depth d as the
//! numbers of the moves that lead to it ([`XccSearch::split`]). A move here may be a tweak
//! or the null move, which fixing options cannot replay, so a worker replays the moves
//! themselves: it runs the same search, skipping every move off the path, and counts only
//! the depths at and below d, where the two runs' trees are the same.

use super::{Xcc, XccSearch, XccSplit};
use crate::parallel::shallowest_split;
use crate::search::Heuristic;
use crate::solution::Solution;
use crate::solve::engine::How;
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
        let how = How {
            heuristic,
            dead_end_test: true,
            stop: &crate::search::NEVER,
        };
        self.subtree_with(path, &how, Some(&mut { visit }))
    }

    pub(crate) fn subtree_with(
        &mut self,
        path: &[u32],
        how: &How<'_>,
        visit: Option<&mut dyn FnMut(&Solution)>,
    ) -> Stats {
        let search: XccSearch<'_> = self
            .search()
            .heuristic(how.heuristic)
            .stop_on(how.stop)
            .below(path.to_vec());
        match visit {
            None => search.count(),
            Some(visit) => search.run(|s| {
                visit(s);
                std::ops::ControlFlow::Continue(())
            }),
        }
    }

    /// The shallowest cut with `target` subproblems (see [`shallowest_split`]).
    pub(crate) fn shallowest_split(&mut self, heuristic: Heuristic, target: usize) -> XccSplit {
        shallowest_split(target, |depth| {
            let split = self.search().heuristic(heuristic).split(depth);
            let paths = split.paths.len();
            (split, paths)
        })
    }
}
