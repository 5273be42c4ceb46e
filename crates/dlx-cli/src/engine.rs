//! The two search engines behind one face: Algorithm DLX for exact cover ([`Dlx`]), and
//! Algorithms C and M for colours and multiplicities ([`Xcc`]). The commands choose by the
//! matrix: a plain one goes to DLX, whose figures are dance.w's; one with colours, bounds, or
//! options without a primary item (which Knuth's programs drop, as Xcc does) goes to Xcc.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dlx_core::{Dlx, Heuristic, Matrix, Solution, Stats, Xcc};
use serde_json::{Value, json};

use crate::error::CliError;
use crate::report::matrix_hash;

/// The arena of one problem.
#[derive(Debug)]
pub enum Engine {
    /// Exact cover.
    Plain(Dlx),
    /// Colours or multiplicities.
    General(Xcc),
}

/// A sequential search of either engine, driven one solution at a time.
pub trait Sequential {
    /// The next solution (built only when `want`), `None` at the end.
    fn advance(&mut self, want: bool) -> Option<Option<Solution>>;
    /// The figures so far.
    fn stats(&self) -> Stats;
    /// The estimated fraction of the tree done.
    fn progress(&self) -> f64;
}

impl Sequential for dlx_core::Search<'_> {
    fn advance(&mut self, want: bool) -> Option<Option<Solution>> {
        self.next_solution().map(|v| want.then(|| v.to_solution()))
    }
    fn stats(&self) -> Stats {
        dlx_core::Search::stats(self)
    }
    fn progress(&self) -> f64 {
        dlx_core::Search::progress(self)
    }
}

impl Sequential for dlx_core::XccSearch<'_> {
    fn advance(&mut self, want: bool) -> Option<Option<Solution>> {
        if want {
            self.next_solution().map(Some)
        } else {
            dlx_core::XccSearch::advance(self).then_some(None)
        }
    }
    fn stats(&self) -> Stats {
        dlx_core::XccSearch::stats(self)
    }
    fn progress(&self) -> f64 {
        dlx_core::XccSearch::progress(self)
    }
}

impl Engine {
    /// The engine the matrix needs.
    pub fn new(matrix: &Matrix) -> Engine {
        if matrix.is_plain() && matrix.options_without_primary() == 0 {
            Engine::Plain(Dlx::new(matrix))
        } else {
            Engine::General(Xcc::new(matrix))
        }
    }

    /// Whether the figures include Knuth's cleansings.
    pub fn cleansings(&self) -> bool {
        matches!(self, Engine::General(_))
    }

    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        match self {
            Engine::Plain(d) => d.set_interrupt(flag),
            Engine::General(x) => x.set_interrupt(flag),
        }
    }

    pub fn interrupted(&self) -> bool {
        match self {
            Engine::Plain(d) => d.interrupted(),
            Engine::General(x) => x.interrupted(),
        }
    }

    /// Runs `body` on a sequential search with the heuristic and limit.
    pub fn sequential<R>(
        &mut self,
        heuristic: Heuristic,
        limit: Option<u64>,
        body: impl FnOnce(&mut dyn Sequential) -> R,
    ) -> R {
        match self {
            Engine::Plain(d) => {
                let mut s = d.search().heuristic(heuristic);
                if let Some(n) = limit {
                    s = s.limit(n);
                }
                body(&mut s)
            }
            Engine::General(x) => {
                let mut s = x.search().heuristic(heuristic);
                if let Some(n) = limit {
                    s = s.limit(n);
                }
                body(&mut s)
            }
        }
    }

    /// The parallel search: every solution to `keep` if given, else only counted.
    pub fn parallel(
        &mut self,
        heuristic: Heuristic,
        threads: usize,
        keep: Option<&(dyn Fn(&Solution) + Sync)>,
        observe: &(dyn Fn(&Stats, usize, usize) + Sync),
    ) -> Stats {
        match (self, keep) {
            (Engine::Plain(d), Some(keep)) => d.par_run_observed(heuristic, threads, keep, observe),
            (Engine::Plain(d), None) => d.par_count_observed(heuristic, threads, observe),
            (Engine::General(x), Some(keep)) => {
                x.par_run_observed(heuristic, threads, keep, observe)
            }
            (Engine::General(x), None) => x.par_count_observed(heuristic, threads, observe),
        }
    }

    /// Shard `k` of `n`: its figures and the JSON `shard` record `dlx merge` checks.
    pub fn shard(
        &mut self,
        matrix: &Matrix,
        heuristic: Heuristic,
        (k, n): (usize, usize),
        threads: usize,
        visit: &(dyn Fn(&Solution) + Sync),
    ) -> Result<(Stats, Value), CliError> {
        let shard_err = |e: dlx_core::ShardError| CliError::Shard(e.to_string());
        let (stats, depth, subproblems) = match self {
            Engine::Plain(d) => {
                let plan = d.shard_plan(heuristic, n).map_err(shard_err)?;
                let stats = d
                    .shard(heuristic, &plan, k, threads, visit)
                    .map_err(shard_err)?;
                let mine = plan.owner.iter().filter(|&&o| o == k).count();
                (stats, plan.split.depth, mine)
            }
            Engine::General(x) => {
                let s = x
                    .shard(heuristic, k, n, threads, visit)
                    .map_err(shard_err)?;
                (s.stats, s.depth, s.subproblems)
            }
        };
        let info = json!({
            "k": k,
            "n": n,
            "depth": depth,
            "subproblems": subproblems,
            "matrix": matrix_hash(matrix),
        });
        Ok((stats, info))
    }
}
