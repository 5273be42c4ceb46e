//! The two search engines behind one face: Algorithm DLX for exact cover ([`Dlx`]), and
//! Algorithms C and M for colours and multiplicities ([`Xcc`]). The commands choose by the
//! matrix: a plain one goes to DLX, whose figures are dance.w's; one with colours, bounds, or
//! options without a primary item (which Knuth's programs drop, as Xcc does) goes to Xcc.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use std::ops::ControlFlow;

use dlx_campaign::{RunKey, matrix_hash};
use dlx_core::{Dlx, Heuristic, Matrix, ShardCut, ShardPlan, Solution, Solve, Stats, Xcc};

use crate::error::CliError;

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

    /// The shard plan of `n` shards, made once for many shards of one run; `None` for an
    /// engine that deals its subproblems without one.
    pub fn plan(&mut self, heuristic: Heuristic, n: usize) -> Result<Option<ShardPlan>, CliError> {
        match self {
            Engine::Plain(d) => match d.shard_plan(heuristic, n) {
                Ok(plan) => Ok(Some(plan)),
                Err(dlx_core::ShardError::Interrupted) => Err(CliError::Stopped(
                    "stopped while the shards were planned; nothing was lost".into(),
                )),
                Err(e) => Err(CliError::Shard(e.to_string())),
            },
            Engine::General(_) => Ok(None),
        }
    }

    /// Chooses `options` (0-based) before the search, as a subcase fixes a piece; exact
    /// cover only.
    pub fn fix(&mut self, options: &[usize]) -> Result<(), CliError> {
        match self {
            Engine::Plain(d) => options.iter().try_for_each(|&o| {
                d.fix(o)
                    .map_err(|e| CliError::Campaign(format!("cannot fix option {o}: {e}")))
            }),
            Engine::General(_) if options.is_empty() => Ok(()),
            Engine::General(_) => Err(CliError::Campaign(
                "options can be fixed only in a matrix without colours or multiplicities".into(),
            )),
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

    /// A run in parts: on several threads, or one shard, or both, with the rule and the
    /// limit; every solution to `visit` if given, else only counted. With a shard, also the
    /// key of its run (nothing fixed: the caller adds that) and its number of subproblems,
    /// which its record carries.
    #[allow(clippy::too_many_arguments)]
    pub fn in_parts(
        &mut self,
        matrix: &Matrix,
        heuristic: Heuristic,
        threads: usize,
        limit: Option<u64>,
        shard: Option<(usize, usize)>,
        plan: Option<&ShardPlan>,
        visit: Option<&mut (dyn FnMut(&Solution) + Send)>,
        observe: &(dyn Fn(&Stats, usize, usize) + Sync),
    ) -> Result<(Stats, Option<(RunKey, usize)>), CliError> {
        let run = Parts {
            heuristic,
            threads,
            limit,
            shard,
            visit,
            observe,
        };
        let (stats, cut) = match (self, plan, shard) {
            // A plan made once for many shards of one run (`dlx campaign run`).
            (Engine::Plain(d), Some(plan), Some((k, _))) => d
                .solve()
                .shard_plan(plan, k)
                .and_then(|solve| run.go(solve, true)),
            (Engine::Plain(d), _, _) => run.go(d.solve(), false),
            (Engine::General(x), _, _) => run.go(x.solve(), false),
        }
        .map_err(|e| CliError::Shard(e.to_string()))?;
        let key = shard.zip(cut).map(|((_, n), cut)| {
            (
                RunKey::new(matrix_hash(matrix), heuristic, n, cut.depth),
                cut.subproblems,
            )
        });
        Ok((stats, key))
    }
}

/// The options of [`Engine::in_parts`], for either engine's [`Solve`].
struct Parts<'v, 'o> {
    heuristic: Heuristic,
    threads: usize,
    limit: Option<u64>,
    shard: Option<(usize, usize)>,
    visit: Option<&'v mut (dyn FnMut(&Solution) + Send)>,
    observe: &'o (dyn Fn(&Stats, usize, usize) + Sync),
}

impl Parts<'_, '_> {
    /// Runs `solve` with the options; `planned`: its shard is set already.
    fn go<E: dlx_core::Engine>(
        self,
        solve: Solve<'_, E>,
        planned: bool,
    ) -> Result<(Stats, Option<ShardCut>), dlx_core::ShardError> {
        let mut solve = solve
            .heuristic(self.heuristic)
            .threads(self.threads)
            .observe(self.observe);
        if let Some(n) = self.limit {
            solve = solve.limit(n);
        }
        let mut cut = None;
        if let Some((k, n)) = self.shard {
            if !planned {
                solve = solve.shard(k, n)?;
            }
            cut = solve.shard_cut();
        }
        let stats = match self.visit {
            Some(visit) => solve.run(|s| {
                visit(s);
                ControlFlow::Continue(())
            }),
            None => solve.count(),
        };
        Ok((stats, cut))
    }
}
