//! One builder for every way to run a search: [`Solve`].
//!
//! [`Dlx::solve`] and [`Xcc::solve`] return it. Its options (the item-choice rule, a limit,
//! the dead-end test, threads, a shard, an observer) apply to every run it makes, whether on
//! the calling thread, on several threads or as one shard of many; its terminals count,
//! visit, or take the first solution.
//!
//! ```
//! use dlx_core::{format, Dlx, Heuristic};
//! use std::ops::ControlFlow;
//!
//! let m = format::parse("a b c d\na b\nc d\na\nb\nc\nd\na c\nb d\n")?;
//! let mut dlx = Dlx::new(&m);
//! let all = dlx.solve().count();
//! assert_eq!(all.solutions, 7);
//!
//! // The same figures on two threads, and from three shards added up.
//! assert_eq!(dlx.solve().threads(2).count(), all);
//! let mut total = dlx_core::Stats::default();
//! for k in 1..=3 {
//!     total.merge(&dlx.solve().shard(k, 3)?.count());
//! }
//! total.complete = true;
//! assert_eq!(total, all);
//!
//! // A limit holds on any number of threads: exactly two solutions are visited.
//! let mut seen = Vec::new();
//! let stats = dlx.solve().threads(2).limit(2).run(|s| {
//!     seen.push(s.sorted_options());
//!     ControlFlow::Continue(())
//! });
//! assert_eq!((seen.len(), stats.solutions, stats.complete), (2, 2, false));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A run on the calling thread without shard or observer is the plain sequential search
//! ([`crate::Search`]), whose figures, order of solutions and stops are exactly Knuth's. Any
//! other run cuts the tree at a small depth and searches the subtrees below the cut (in a
//! pool of threads, or one after the other), with the same figures when it runs to the end.
//! A run stopped early (a limit, a visitor's break) visits exactly the solutions its limit
//! allows, reports that many, and has `complete` false; which solutions they are, and the
//! nodes and updates spent, then depend on the threads' timing.

use std::fmt;
use std::ops::ControlFlow;
#[cfg(feature = "parallel")]
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
#[cfg(feature = "parallel")]
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::search::{Heuristic, NEVER};
#[cfg(feature = "parallel")]
use crate::shard::{ShardError, ShardPlan};
use crate::solution::Solution;
use crate::stats::Stats;
use crate::{Dlx, Xcc};

/// A search to run, with its options; made by [`Dlx::solve`] or [`Xcc::solve`].
#[must_use = "a Solve does nothing until a terminal method (count, run, first) runs it"]
pub struct Solve<'a, E: Engine> {
    engine: &'a mut E,
    heuristic: Heuristic,
    /// Whether [`Solve::heuristic`] was called: a plan made with another rule is then refused.
    heuristic_set: bool,
    limit: Option<u64>,
    dead_end_test: bool,
    #[cfg(feature = "parallel")]
    threads: usize,
    #[cfg(feature = "parallel")]
    shard: Option<Shard>,
    /// The cut of the shard, once computed ([`Solve::shard_cut`]).
    #[cfg(feature = "parallel")]
    cut: Option<engine::Cut<E::Path>>,
    #[cfg(feature = "parallel")]
    observe: Option<Box<Observer<'a>>>,
}

/// `observe(part, done, total)`: see [`Solve::observe`].
#[cfg(feature = "parallel")]
type Observer<'a> = dyn Fn(&Stats, usize, usize) + Sync + 'a;

/// Which part of the tree a sharded run searches.
#[cfg(feature = "parallel")]
#[derive(Debug, Clone, Copy)]
enum Shard {
    /// Shard k of n, by the engine's own plan.
    Of { k: usize, n: usize },
    /// A shard of a plan made beforehand ([`Dlx::shard_plan`]), whose rule wins.
    Plan { heuristic: Heuristic },
}

/// Where a shard's part of the tree lies: the cut and how much of it is this shard's.
#[cfg(feature = "parallel")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardCut {
    /// The depth of the cut.
    pub depth: usize,
    /// The subproblems (nodes at the cut) this shard searches.
    pub subproblems: usize,
    /// The subproblems of all shards together.
    pub total: usize,
}

impl<E: Engine> fmt::Debug for Solve<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Solve");
        d.field("heuristic", &self.heuristic)
            .field("limit", &self.limit)
            .field("dead_end_test", &self.dead_end_test);
        #[cfg(feature = "parallel")]
        d.field("threads", &self.threads)
            .field("shard", &self.shard)
            .field("observed", &self.observe.is_some());
        d.finish_non_exhaustive()
    }
}

impl<'a, E: Engine> Solve<'a, E> {
    pub(crate) fn new(engine: &'a mut E) -> Self {
        Solve {
            engine,
            heuristic: Heuristic::Mrv,
            heuristic_set: false,
            limit: None,
            dead_end_test: true,
            #[cfg(feature = "parallel")]
            threads: 1,
            #[cfg(feature = "parallel")]
            shard: None,
            #[cfg(feature = "parallel")]
            cut: None,
            #[cfg(feature = "parallel")]
            observe: None,
        }
    }

    /// Chooses items by a built-in rule (default [`Heuristic::Mrv`], Knuth's S heuristic). A
    /// shard plan given to [`Solve::shard_plan`] carries its own rule, which it must match.
    ///
    /// # Panics
    /// After [`Solve::shard_plan`], if `h` is not the plan's rule (set the rule first: the
    /// plan is then refused with an error).
    pub fn heuristic(mut self, h: Heuristic) -> Self {
        self.heuristic = h;
        self.heuristic_set = true;
        #[cfg(feature = "parallel")]
        match self.shard {
            Some(Shard::Plan { heuristic }) => assert!(
                h == heuristic,
                "the shard plan cuts the tree of the rule {heuristic}, not {h}"
            ),
            _ => self.cut = None,
        }
        self
    }

    /// Stops after `n` solutions, on any number of threads.
    pub fn limit(mut self, n: u64) -> Self {
        self.limit = Some(n);
        self
    }

    /// Searches on `n` threads (0 = one per core; the default 1 is the calling thread). The
    /// figures of a run to the end do not depend on `n`.
    #[cfg(feature = "parallel")]
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = n;
        self
    }

    /// Searches only shard `k` of `n` (1-based): a part of the tree that depends only on the
    /// matrix, the rule and `n`, so that shards run anywhere add up ([`Stats::merge`]) to the
    /// unsharded figures. Shard 1 also carries the levels above the cut and their solutions.
    /// See [`crate::shard`] for the plan of [`Dlx`]; [`Xcc`] deals the subproblems in turn.
    #[cfg(feature = "parallel")]
    pub fn shard(mut self, k: usize, n: usize) -> Result<Self, ShardError> {
        if n == 0 || n > crate::MAX_SHARDS {
            return Err(ShardError::ShardCount { n });
        }
        if k == 0 || k > n {
            return Err(ShardError::NoSuchShard { k, n });
        }
        self.shard = Some(Shard::Of { k, n });
        self.cut = None;
        Ok(self)
    }

    /// Calls `observe(part, done, total)` with the figures of each part of the tree as soon
    /// as it is searched (from any thread): first the levels above the cut (`done = 0`), then
    /// every subtree below it, `done` of `total` finished. A progress display adds the parts
    /// up. An observed run cuts the tree even on one thread.
    #[cfg(feature = "parallel")]
    pub fn observe(mut self, observe: impl Fn(&Stats, usize, usize) + Sync + 'a) -> Self {
        self.observe = Some(Box::new(observe));
        self
    }

    /// Where this run's shard lies in the tree (`None` without a shard). It is computed once
    /// and kept for the run.
    #[cfg(feature = "parallel")]
    pub fn shard_cut(&mut self) -> Option<ShardCut> {
        self.shard?;
        let cut = self.shard_part();
        Some(ShardCut {
            depth: cut.depth,
            subproblems: cut.paths.len(),
            total: cut.total,
        })
    }

    /// Counts the solutions (up to the limit).
    pub fn count(self) -> Stats {
        self.go(None)
    }

    /// Visits every solution (up to the limit) until the visitor breaks, and returns the
    /// figures. On several threads the solutions arrive in no particular order, one at a time.
    pub fn run(self, mut visit: impl FnMut(&Solution) -> ControlFlow<()> + Send) -> Stats {
        self.go(Some(&mut visit))
    }

    /// The first solution found, and the figures of the search up to it.
    pub fn first(self) -> (Option<Solution>, Stats) {
        let mut first = None;
        let stats = self.limit(1).run(|s| {
            first = Some(s.clone());
            ControlFlow::Break(())
        });
        (first, stats)
    }

    /// The rule the run uses: a shard plan's, or the one set.
    #[cfg(feature = "parallel")]
    pub(crate) fn rule(&self) -> Heuristic {
        if let Some(Shard::Plan { heuristic }) = self.shard {
            return heuristic;
        }
        self.heuristic
    }

    /// The engine, for drivers that are not searches (estimates).
    #[cfg(feature = "parallel")]
    pub(crate) fn engine_mut(&mut self) -> &mut E {
        self.engine
    }

    /// This run's shard part, if it has a shard (taken: the run is then used up).
    #[cfg(feature = "parallel")]
    pub(crate) fn take_shard_cut(&mut self) -> Option<engine::Cut<E::Path>> {
        self.shard?;
        self.shard_part();
        self.cut.take()
    }

    fn go(self, visit: Option<&mut Visitor<'_>>) -> Stats {
        let how = engine::How {
            heuristic: self.heuristic,
            dead_end_test: self.dead_end_test,
            stop: &NEVER,
        };
        #[cfg(feature = "parallel")]
        if self.threads != 1 || self.shard.is_some() || self.observe.is_some() {
            return self.in_parts(how, visit);
        }
        self.engine.whole(&how, self.limit, visit)
    }
}

/// A visitor of solutions.
type Visitor<'v> = dyn FnMut(&Solution) -> ControlFlow<()> + Send + 'v;

#[cfg(feature = "parallel")]
impl<'a, E: Engine> Solve<'a, E> {
    /// This shard's part of the tree, computed once.
    fn shard_part(&mut self) -> &engine::Cut<E::Path> {
        if self.cut.is_none() {
            // A plan's cut is made with the plan (`shard_plan`), and kept.
            if let Some(Shard::Of { k, n }) = self.shard {
                self.cut = Some(self.engine.shard(self.heuristic, k, n));
            }
        }
        self.cut.as_ref().expect("just computed")
    }

    /// The run cut at a small depth: the levels above the cut, then the subtrees below it.
    fn in_parts(mut self, mut how: engine::How<'_>, visit: Option<&mut Visitor<'_>>) -> Stats {
        if let Some(Shard::Plan { heuristic }) = self.shard {
            how.heuristic = heuristic;
        }
        let pool = if self.threads == 1 {
            None
        } else {
            crate::parallel::pool(self.threads)
        };
        let cut = match self.shard {
            Some(_) => {
                self.shard_part();
                self.cut.take().expect("computed")
            }
            None => {
                let threads = pool.as_ref().map_or(1, |p| p.current_num_threads());
                self.engine.cut(
                    how.heuristic,
                    threads.max(1) * crate::parallel::SUBPROBLEMS_PER_THREAD,
                )
            }
        };
        if !cut.sound {
            // Stopped before the cut was made: nothing is searched, nothing is complete.
            let mut stats = cut.stats;
            stats.complete = false;
            return stats;
        }
        let observe: &Observer<'_> = match &self.observe {
            Some(o) => o.as_ref(),
            None => &|_, _, _| {},
        };
        let stop = AtomicBool::new(false);
        let gate = Gate {
            visit: visit.map(Mutex::new),
            visited: Mutex::new(0),
            limit: self.limit,
            stop: &stop,
        };
        for s in &cut.solutions {
            gate.offer(s);
        }
        let total = cut.paths.len();
        observe(&cut.stats, 0, total);
        let done = AtomicUsize::new(0);
        let how = engine::How { stop: &stop, ..how };
        let gated = gate.visit.is_some() || gate.limit.is_some();
        let below =
            crate::parallel::search_paths(self.engine, pool.as_ref(), &cut.paths, |e, p| {
                if stop.load(Ordering::Relaxed) {
                    // Stopped: the subtrees not yet begun are left, and the run is not complete.
                    return Stats::default();
                }
                let part = if gated {
                    e.below(p, &how, Some(&mut |s| gate.offer(s)))
                } else {
                    e.below(p, &how, None)
                };
                observe(&part, done.fetch_add(1, Ordering::Relaxed) + 1, total);
                part
            });
        let mut stats = cut.stats;
        stats.merge(&below);
        if stop.load(Ordering::Relaxed) {
            stats.solutions = *gate.visited.lock().unwrap_or_else(|e| e.into_inner());
            stats.complete = false;
        }
        stats
    }
}

/// The door every solution of a run in parts passes: one at a time, counted, and none after
/// the limit or a visitor's break, which stop the run.
#[cfg(feature = "parallel")]
struct Gate<'r, 'v, 's> {
    visit: Option<Mutex<&'r mut Visitor<'v>>>,
    visited: Mutex<u64>,
    limit: Option<u64>,
    stop: &'s AtomicBool,
}

#[cfg(feature = "parallel")]
impl Gate<'_, '_, '_> {
    fn offer(&self, s: &Solution) {
        // A visitor that panicked poisons the locks; the panic itself reaches the caller.
        let mut visited = self.visited.lock().unwrap_or_else(|e| e.into_inner());
        if self.stop.load(Ordering::Relaxed) {
            return;
        }
        *visited += 1;
        let broke = match &self.visit {
            Some(v) => (v.lock().unwrap_or_else(|e| e.into_inner()))(s).is_break(),
            None => false,
        };
        if broke || self.limit.is_some_and(|l| *visited >= l) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

impl<'a> Solve<'a, Dlx> {
    /// Whether to recognise dead ends before covering them ([`crate::Search::dead_end_test`];
    /// default on). The figures are the same either way; only the time differs.
    pub fn dead_end_test(mut self, on: bool) -> Self {
        self.dead_end_test = on;
        self
    }

    /// Searches only shard `k` of a plan made beforehand ([`Dlx::shard_plan`],
    /// [`Dlx::shard_plan_at`]), with the plan's rule. A plan made for another arena (matrix,
    /// fixed options) or another rule than one set by [`Solve::heuristic`] is refused, as is
    /// a shard it does not have.
    #[cfg(feature = "parallel")]
    pub fn shard_plan(mut self, plan: &'a ShardPlan, k: usize) -> Result<Self, ShardError> {
        let this = self.engine.fingerprint();
        if plan.fingerprint != this || (self.heuristic_set && self.heuristic != plan.heuristic) {
            return Err(ShardError::ForeignPlan {
                plan: plan.fingerprint,
                this,
            });
        }
        if k == 0 || k > plan.shards {
            return Err(ShardError::NoSuchShard { k, n: plan.shards });
        }
        self.heuristic = plan.heuristic;
        self.heuristic_set = true;
        self.shard = Some(Shard::Plan {
            heuristic: plan.heuristic,
        });
        self.cut = Some(self.engine.planned(plan, k));
        Ok(self)
    }
}

/// What [`Solve`] needs of a search engine. It is sealed: [`Dlx`] and [`Xcc`] are the two.
pub(crate) mod engine {
    use super::*;

    /// How a search below the top runs.
    #[derive(Debug, Clone, Copy)]
    pub struct How<'s> {
        pub heuristic: Heuristic,
        pub dead_end_test: bool,
        /// Set when the run stops early (a limit, a break).
        pub stop: &'s AtomicBool,
    }

    /// A cut of the tree: the figures and solutions above it, and the nodes at it to search.
    #[cfg(feature = "parallel")]
    #[derive(Debug, Clone)]
    pub struct Cut<P> {
        pub stats: Stats,
        pub solutions: Vec<Solution>,
        pub paths: Vec<P>,
        pub depth: usize,
        /// The subproblems of all shards (of a shard's cut), or `paths.len()`.
        pub total: usize,
        /// False when the interrupt flag stopped the cut or its plan: then it is not the cut
        /// every other run makes, and nothing below it may be searched as if it were.
        pub sound: bool,
    }

    #[cfg(feature = "parallel")]
    impl<P> Cut<P> {
        /// A cut whose subproblems are all searched.
        pub fn whole(stats: Stats, solutions: Vec<Solution>, paths: Vec<P>, depth: usize) -> Self {
            let total = paths.len();
            Cut::shard(stats, solutions, paths, depth, total, 1)
        }

        /// The cut `split` as shard `k` of `n` sees it: the part above only in shard 1.
        pub fn shard(
            stats: Stats,
            solutions: Vec<Solution>,
            paths: Vec<P>,
            depth: usize,
            total: usize,
            k: usize,
        ) -> Self {
            let sound = stats.complete;
            let (stats, solutions) = if k == 1 {
                (stats, solutions)
            } else {
                (
                    Stats {
                        complete: true,
                        ..Stats::default()
                    },
                    Vec::new(),
                )
            };
            Cut {
                sound,
                stats,
                solutions,
                paths,
                depth,
                total,
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

    /// A search engine: the whole search on the calling thread, and for runs in parts its
    /// tree cut at a depth and the subtree below a node of the cut.
    pub trait Searcher: Clone + Send + Sync {
        /// A node at the cut, as the engine replays it.
        #[cfg(feature = "parallel")]
        type Path: Sync + Send + Clone + fmt::Debug;

        /// The sequential search.
        fn whole(
            &mut self,
            how: &How<'_>,
            limit: Option<u64>,
            visit: Option<&mut Visitor<'_>>,
        ) -> Stats;

        /// The shallowest cut with at least `target` subproblems (or where the tree ends,
        /// or at depth 8).
        #[cfg(feature = "parallel")]
        fn cut(&mut self, heuristic: Heuristic, target: usize) -> Cut<Self::Path>;

        /// The subtree below `path`, its figures at their depths in the whole tree.
        #[cfg(feature = "parallel")]
        fn below(
            &mut self,
            path: &Self::Path,
            how: &How<'_>,
            visit: Option<&mut dyn FnMut(&Solution)>,
        ) -> Stats;

        /// Shard `k` of `n` (both checked) by the engine's own plan.
        #[cfg(feature = "parallel")]
        fn shard(&mut self, heuristic: Heuristic, k: usize, n: usize) -> Cut<Self::Path>;
    }
}

/// A search engine that [`Solve`] drives: [`Dlx`] (exact cover) or [`Xcc`] (colours and
/// multiplicities). Sealed: what it asks of an engine is internal.
pub trait Engine: engine::Searcher {}

impl Engine for Dlx {}
impl Engine for Xcc {}

impl engine::Searcher for Dlx {
    #[cfg(feature = "parallel")]
    type Path = Vec<crate::ChosenRow>;

    fn whole(
        &mut self,
        how: &engine::How<'_>,
        limit: Option<u64>,
        visit: Option<&mut Visitor<'_>>,
    ) -> Stats {
        let mut search = self
            .search()
            .heuristic(how.heuristic)
            .dead_end_test(how.dead_end_test);
        if let Some(n) = limit {
            search = search.limit(n);
        }
        match visit {
            None => search.count(),
            Some(visit) => {
                // One buffer for every solution.
                let mut solution = Solution { rows: Vec::new() };
                search.run(|view| {
                    solution.rows.clear();
                    solution.rows.extend(view.rows());
                    visit(&solution)
                })
            }
        }
    }

    #[cfg(feature = "parallel")]
    fn cut(&mut self, heuristic: Heuristic, target: usize) -> engine::Cut<Self::Path> {
        let split = crate::parallel::shallowest_split(target, |depth| {
            let split = self.search().heuristic(heuristic).split(depth);
            let paths = split.paths.len();
            (split, paths)
        });
        engine::Cut::whole(split.stats, split.solutions, split.paths, split.depth)
    }

    #[cfg(feature = "parallel")]
    fn below(
        &mut self,
        path: &Self::Path,
        how: &engine::How<'_>,
        visit: Option<&mut dyn FnMut(&Solution)>,
    ) -> Stats {
        self.subtree_with(path, how, visit)
            .expect("the cut's paths are paths of this arena")
    }

    #[cfg(feature = "parallel")]
    fn shard(&mut self, heuristic: Heuristic, k: usize, n: usize) -> engine::Cut<Self::Path> {
        match self.shard_plan(heuristic, n) {
            Ok(plan) => self.planned(&plan, k),
            // The count was checked: the plan was interrupted.
            Err(_) => engine::Cut::unsound(),
        }
    }
}

impl Dlx {
    /// Shard `k` of a plan (checked to fit).
    #[cfg(feature = "parallel")]
    fn planned(&self, plan: &ShardPlan, k: usize) -> engine::Cut<Vec<crate::ChosenRow>> {
        let mine: Vec<_> = plan
            .split
            .paths
            .iter()
            .zip(&plan.owner)
            .filter(|&(_, &o)| o == k)
            .map(|(p, _)| p.clone())
            .collect();
        engine::Cut::shard(
            plan.split.stats.clone(),
            plan.split.solutions.clone(),
            mine,
            plan.split.depth,
            plan.split.paths.len(),
            k,
        )
    }
}

impl engine::Searcher for Xcc {
    #[cfg(feature = "parallel")]
    type Path = Vec<u32>;

    fn whole(
        &mut self,
        how: &engine::How<'_>,
        limit: Option<u64>,
        visit: Option<&mut Visitor<'_>>,
    ) -> Stats {
        let mut search = self.search().heuristic(how.heuristic);
        if let Some(n) = limit {
            search = search.limit(n);
        }
        match visit {
            None => search.count(),
            Some(visit) => search.run(visit),
        }
    }

    #[cfg(feature = "parallel")]
    fn cut(&mut self, heuristic: Heuristic, target: usize) -> engine::Cut<Self::Path> {
        let split = self.shallowest_split(heuristic, target);
        engine::Cut::whole(split.stats, split.solutions, split.paths, split.depth)
    }

    #[cfg(feature = "parallel")]
    fn below(
        &mut self,
        path: &Self::Path,
        how: &engine::How<'_>,
        visit: Option<&mut dyn FnMut(&Solution)>,
    ) -> Stats {
        self.subtree_with(path, how, visit)
    }

    #[cfg(feature = "parallel")]
    fn shard(&mut self, heuristic: Heuristic, k: usize, n: usize) -> engine::Cut<Self::Path> {
        let split = self.shallowest_split(heuristic, n * crate::xcc::SUBPROBLEMS_PER_SHARD);
        let total = split.paths.len();
        let mine = split.paths.iter().skip(k - 1).step_by(n).cloned().collect();
        let mut cut = engine::Cut::shard(split.stats, split.solutions, mine, split.depth, total, k);
        cut.sound &= !self.interrupted();
        cut
    }
}
