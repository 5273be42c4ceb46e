//! [`Solve`]: the one way to run a search, and [`Solutions`], its lazy iterator.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use crate::dlx::{Dlx, FixError, PathError};
use crate::engine::{Cut, Engine, How, NEVER, Owned, Path, PruneFn, Split, Stepper, Visitor};
use crate::estimate::Estimate;
use crate::matrix::OptionId;
use crate::mincost::{self, CostedSolution, MinCostError, MinCostParams, MinCostResult};
use crate::rule::{ChooseItem, Heuristic, SharedRule};
use crate::search::SolutionView;
use crate::shard::{self, ShardError, ShardPlan};
use crate::solution::Solution;
use crate::stats::Stats;

/// The most threads a run takes ([`Solve::threads`]): far more than the cores of any one
/// machine, so that only a mistaken count meets it.
pub const MAX_THREADS: usize = 1024;

/// A search to run: the one way to run a search.
///
/// [`crate::Dlx::solve`], [`crate::Xcc::solve`] and [`crate::Problem::solve`] return it.
/// Its options (the item-choice rule, a limit, the dead-end test, threads, a shard or a
/// plan's shard, a subtree, fixed options, an observer, an interrupt flag, a pruning test)
/// apply to every run it makes, whether on the calling thread, on several threads or as one
/// shard of many; its terminals count, visit, take the first solution, iterate lazily,
/// estimate, split the tree or plan its shards.
///
/// ```
/// use dlx_core::{format, Dlx};
/// use std::ops::ControlFlow;
///
/// let m = format::parse("a b c d\na b\nc d\na\nb\nc\nd\na c\nb d\n")?;
/// let mut dlx = Dlx::new(&m);
/// let all = dlx.solve().count();
/// assert_eq!(all.solutions, 7);
///
/// // The same figures on two threads, and from three shards added up.
/// assert_eq!(dlx.solve().threads(2).count(), all);
/// let mut total = dlx_core::Stats::default();
/// for k in 1..=3 {
///     total.merge(&dlx.solve().shard(k, 3)?.count());
/// }
/// total.complete = true;
/// assert_eq!(total, all);
///
/// // A limit holds on any number of threads: exactly two solutions are visited.
/// let mut seen = Vec::new();
/// let stats = dlx.solve().threads(2).limit(2).run(|s| {
///     seen.push(s.sorted_options());
///     ControlFlow::Continue(())
/// });
/// assert_eq!((seen.len(), stats.solutions, stats.complete), (2, 2, false));
///
/// // Lazily, in Knuth's order, with option 0 (`a b`) chosen before the search.
/// let rest: Vec<_> = dlx.solve().fix([0])?.iter().map(|s| s.sorted_options()).collect();
/// assert_eq!(rest, [vec![1], vec![4, 5]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A run on the calling thread without a shard or an observer is the plain sequential search
/// ([`crate::step::Search`]), whose figures, order of solutions and stops are exactly Knuth's.
/// Any other run cuts the tree at a small depth and searches the subtrees below the cut (in a
/// pool of threads, or one after the other), with the same figures when it runs to the end.
/// A run stopped early (a limit, a visitor's break) visits exactly the solutions its limit
/// allows, reports that many, and has `complete` false; which solutions they are, and the
/// nodes and updates spent, then depend on the threads' timing.
///
/// A matrix with option costs ([`crate::Matrix::has_costs`]) is searched by
/// [`Solve::min_cost`] (Knuth's DLX5) only: every other terminal would ignore the costs, and
/// panics instead. Read files with [`crate::format::parse`], which refuses costs, unless you
/// mean to search for the cheapest solutions.
#[must_use = "a Solve does nothing until a terminal method (count, run, first, iter, ...) runs it"]
pub struct Solve<'a, E: Engine> {
    engine: &'a mut E,
    settings: Settings<'a>,
    /// The cut of the shard, once computed ([`Solve::shard_cut`]).
    cut: Option<Cut>,
}

/// The options of a [`Solve`].
pub(crate) struct Settings<'a> {
    pub heuristic: Heuristic,
    /// Whether [`Solve::heuristic`] was called: a plan made with another rule is then refused.
    pub heuristic_set: bool,
    pub custom: Option<Box<dyn SharedRule + 'a>>,
    pub limit: Option<u64>,
    pub dead_end_test: bool,
    pub threads: usize,
    pub part: Part<'a>,
    pub observe: Option<Box<Observer<'a>>>,
    pub interrupt: &'a AtomicBool,
    pub prune: Option<Box<PruneFn<'a>>>,
    pub fixed: Vec<OptionId>,
}

/// `observe(part, done, total)`: see [`Solve::observe`].
pub(crate) type Observer<'a> = dyn Fn(&Stats, usize, usize) + Sync + 'a;

/// Which part of the tree a run searches.
#[derive(Debug, Clone)]
pub(crate) enum Part<'a> {
    /// All of it.
    Whole,
    /// Shard k of n, by the engine's own plan.
    Shard { k: usize, n: usize },
    /// Shard k of a plan made beforehand ([`Solve::plan_shards`]), whose rule wins.
    Plan { plan: &'a ShardPlan, k: usize },
    /// The subtree below a node ([`Solve::below`]).
    Below(Path),
}

/// Where a shard's part of the tree lies: the cut and how much of it is this shard's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardCut {
    /// The depth of the cut.
    pub depth: usize,
    /// The subproblems (nodes at the cut) this shard searches.
    pub subproblems: usize,
    /// The subproblems of all shards together.
    pub total: usize,
}

impl Settings<'_> {
    /// The settings every search of the run shares, with the limit ([`Settings::how`] has
    /// none: a cut, a plan or an estimate must see the whole tree).
    fn how_limited(&self) -> How<'_> {
        How {
            limit: self.limit,
            ..self.how()
        }
    }

    /// The settings every search of the run shares, but the limit, which a run in parts
    /// counts across its parts.
    pub(crate) fn how(&self) -> How<'_> {
        How {
            heuristic: self.heuristic,
            custom: self.custom.as_deref().map(|c| c as &dyn SharedRule),
            dead_end_test: self.dead_end_test,
            prune: self.prune.as_deref().map(|p| p as &PruneFn<'_>),
            fixed: &self.fixed,
            path: match &self.part {
                Part::Below(p) => Some(p),
                _ => None,
            },
            limit: None,
            interrupt: self.interrupt,
            stop: &NEVER,
        }
    }

    /// Whether the run is the plain sequential search.
    fn sequential(&self) -> bool {
        self.threads == 1
            && matches!(self.part, Part::Whole | Part::Below(_))
            && self.observe.is_none()
    }
}

impl<E: Engine> fmt::Debug for Solve<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.settings;
        f.debug_struct("Solve")
            .field("heuristic", &s.heuristic)
            .field("custom_rule", &s.custom.is_some())
            .field("limit", &s.limit)
            .field("dead_end_test", &s.dead_end_test)
            .field("threads", &s.threads)
            .field("part", &s.part)
            .field("fixed", &s.fixed)
            .field("observed", &s.observe.is_some())
            .field("pruned", &s.prune.is_some())
            .finish_non_exhaustive()
    }
}

impl<'a, E: Engine> Solve<'a, E> {
    pub(crate) fn new(engine: &'a mut E) -> Self {
        Solve {
            engine,
            settings: Settings {
                heuristic: Heuristic::Mrv,
                heuristic_set: false,
                custom: None,
                limit: None,
                dead_end_test: true,
                threads: 1,
                part: Part::Whole,
                observe: None,
                interrupt: &NEVER,
                prune: None,
                fixed: Vec::new(),
            },
            cut: None,
        }
    }

    /// Chooses items by a built-in rule (default [`Heuristic::Mrv`], Knuth's S heuristic). A
    /// shard plan given to [`Solve::shard_plan`] carries its own rule, which it must match.
    ///
    /// # Panics
    /// After [`Solve::shard_plan`], if `h` is not the plan's rule (set the rule first: the
    /// plan is then refused with an error). After [`Solve::below`] with a path of numbered
    /// moves (colours or multiplicities) that is no node of the tree `h` chooses by (set the
    /// rule first: the path is then refused with an error).
    pub fn heuristic(mut self, h: Heuristic) -> Self {
        if let Part::Plan { plan, .. } = self.settings.part {
            assert!(
                h == plan.heuristic,
                "the shard plan cuts the tree of the rule {}, not {h}",
                plan.heuristic
            );
        }
        if let Part::Below(path) = &self.settings.part {
            // Moves are numbered at each node, so the path is another under another rule.
            let how = How {
                heuristic: h,
                ..self.settings.how()
            };
            if let Err(e) = self.engine.check_path(&how, path) {
                panic!("the subtree's path is no node of the tree of the rule {h}: {e}");
            }
        }
        self.settings.heuristic = h;
        self.settings.heuristic_set = true;
        self.cut = None;
        self
    }

    /// Stops after `n` solutions, on any number of threads. A limit of 0 searches nothing:
    /// no solution, zero figures, not complete ([`Solve::min_cost`] refuses it).
    pub fn limit(mut self, n: u64) -> Self {
        self.settings.limit = Some(n);
        self
    }

    /// Whether to recognise dead ends before covering them ([`crate::step::Search::dead_end_test`];
    /// default on). The figures are the same either way; only the time differs. Algorithm
    /// DLX's only: searches with colours or multiplicities have no such test.
    pub fn dead_end_test(mut self, on: bool) -> Self {
        self.settings.dead_end_test = on;
        self
    }

    /// Searches on `n` threads (0 = one per core; the default 1 is the calling thread), at
    /// most [`MAX_THREADS`]: a larger `n` is taken as that many (each thread costs its stack
    /// and a copy of the arena, and a million of them would abort the process before the
    /// first node). The figures of a run to the end do not depend on `n`. Without the
    /// crate's `parallel` feature every run is on the calling thread.
    pub fn threads(mut self, n: usize) -> Self {
        self.settings.threads = n.min(MAX_THREADS);
        self
    }

    /// Searches only shard `k` of `n` (1-based): a part of the tree that depends only on the
    /// matrix, the options fixed, the rule and `n`, so that shards run anywhere add up
    /// ([`Stats::merge`]) to the unsharded figures. Shard 1 also carries the levels above
    /// the cut and their solutions. See [`crate::shard`].
    pub fn shard(mut self, k: usize, n: usize) -> Result<Self, ShardError> {
        shard::check_count(n)?;
        if k == 0 || k > n {
            return Err(ShardError::NoSuchShard { k, n });
        }
        self.settings.part = Part::Shard { k, n };
        self.cut = None;
        Ok(self)
    }

    /// Searches only shard `k` of a plan made beforehand ([`Solve::plan_shards`]), with the
    /// plan's rule and the options it was made with fixed (unless options are fixed here:
    /// then they must be the plan's). A plan made for another problem (matrix, fixed
    /// options) or another rule than one set by [`Solve::heuristic`] is refused, as is a
    /// shard it does not have, and a plan whose subproblems are not nodes of this tree or
    /// not each dealt to one of its shards. The cut is made again (the levels above it
    /// only) and must be the plan's to the unit: subproblems, solutions and figures; so a
    /// plan made with a rule of one's own ([`Solve::choose_with`]) or a [`Solve::prune`] is
    /// run with them given before this call.
    pub fn shard_plan(mut self, plan: &'a ShardPlan, k: usize) -> Result<Self, ShardError> {
        let s = &self.settings;
        let fixed = if s.fixed.is_empty() {
            &plan.fixed
        } else {
            &s.fixed
        };
        let this = self.engine.fingerprint_with(fixed);
        let foreign = ShardError::ForeignPlan {
            plan: plan.fingerprint,
            this,
        };
        if plan.fingerprint != this || (s.heuristic_set && s.heuristic != plan.heuristic) {
            return Err(foreign);
        }
        if k == 0 || k > plan.shards {
            return Err(ShardError::NoSuchShard { k, n: plan.shards });
        }
        let fixed = fixed.clone();
        // A plan's fields are public: its options are checked as any fixed options are, its
        // paths' steps as `below` checks them (a row covered twice would break the links),
        // and each path has its shard. The cut made again below then holds every path to
        // the tree's, so numbered moves are not replayed one path at a time.
        self.engine.check_fixed(&fixed).map_err(|_| foreign)?;
        let (paths, owner) = (&plan.split.paths, &plan.owner);
        if owner.len() != paths.len() || owner.iter().any(|&o| o == 0 || o > plan.shards) {
            return Err(ShardError::BadDeal {
                depth: plan.split.depth,
                why: format!(
                    "{} owners for {} subproblems, each a shard 1 to {}",
                    owner.len(),
                    paths.len(),
                    plan.shards
                ),
            });
        }
        for (index, path) in paths.iter().enumerate() {
            (self.engine.check_steps(&fixed, path))
                .map_err(|source| ShardError::BadPath { index, source })?;
        }
        check_cut(&plan.split)?;
        self.settings.fixed = fixed;
        self.settings.heuristic = plan.heuristic;
        self.settings.heuristic_set = true;
        // The cut is made again and must be the plan's: a subproblem left out, or a node of
        // compatible rows the search never meets, would give other figures without a word.
        // It is made over the whole tree (a subtree asked for before is replaced by the plan),
        // with the rule and prune given so far.
        self.settings.part = Part::Whole;
        let again = self.engine.split(&self.settings.how(), plan.split.depth);
        if !again.stats.complete {
            return Err(ShardError::Interrupted);
        }
        same_cut(&plan.split, &again)?;
        self.settings.part = Part::Plan { plan, k };
        self.cut = None;
        Ok(self)
    }

    /// Searches only the subtree below a node of this tree, from [`Solve::split`] (or a plan):
    /// its figures at their depths in the whole tree (its root, counted by the split, not
    /// again), its solutions with the path's choices first. Searching every path of a split
    /// and adding the figures to the split's gives the whole search's. A path that is not
    /// one of this tree's (another engine's, an option that does not exist, two rows that
    /// share an item, a move its node does not have) is refused. With colours or
    /// multiplicities a path numbers the moves at each node, so it is checked against the
    /// rule and the options fixed so far: set them first.
    pub fn below(mut self, path: &Path) -> Result<Self, PathError> {
        self.engine.check_path(&self.settings.how(), path)?;
        self.settings.part = Part::Below(path.clone());
        self.cut = None;
        Ok(self)
    }

    /// Chooses `options` before the search, as if chosen above the root: the search is the
    /// one of the matrix with their items covered, its solutions are those that contain them
    /// (without them), and covering them costs no updates. This is how a puzzle's givens are
    /// placed without rebuilding the matrix. Options that do not exist or clash are refused.
    /// With colours or multiplicities ([`crate::Xcc`]) each is taken as a move at its first
    /// primary item (its items covered, purified, or their bounds lowered), and an option
    /// the ones before it exclude is refused.
    ///
    /// # Panics
    /// After [`Solve::shard_plan`]: the plan was made for the options fixed then.
    pub fn fix(mut self, options: impl IntoIterator<Item = OptionId>) -> Result<Self, FixError> {
        assert!(
            !matches!(self.settings.part, Part::Plan { .. }),
            "fix options before naming the shard plan made with them"
        );
        let mut fixed = self.settings.fixed.clone();
        fixed.extend(options);
        self.engine.check_fixed(&fixed)?;
        if let Part::Below(path) = &self.settings.part {
            // The node must still be one of the tree with these options chosen first.
            let how = How {
                fixed: &fixed,
                ..self.settings.how()
            };
            (self.engine.check_path(&how, path)).map_err(|e| e.source)?;
        }
        self.settings.fixed = fixed;
        self.cut = None;
        Ok(self)
    }

    /// Calls `observe(part, done, total)` with the figures of each part of the tree as soon
    /// as it is searched (from any thread): first the levels above the cut (`done = 0`), then
    /// every subtree below it, `done` of `total` finished. A progress display adds the parts
    /// up. An observed run cuts the tree even on one thread.
    pub fn observe(mut self, observe: impl Fn(&Stats, usize, usize) + Sync + 'a) -> Self {
        self.settings.observe = Some(Box::new(observe));
        self
    }

    /// Stops the run at its next node once `flag` is set (by a Ctrl-C handler, another
    /// thread, a deadline): the links are put back and the figures reached are returned, with
    /// `complete` false. The flag is read once per node, on every thread.
    pub fn interrupt(mut self, flag: &'a AtomicBool) -> Self {
        self.settings.interrupt = flag;
        self
    }

    /// Where this run's shard lies in the tree (`None` without a shard). It is computed once
    /// and kept for the run.
    pub fn shard_cut(&mut self) -> Option<ShardCut> {
        if !matches!(self.settings.part, Part::Shard { .. } | Part::Plan { .. }) {
            return None;
        }
        let cut = self.shard_part();
        Some(ShardCut {
            depth: cut.depth,
            subproblems: cut.paths.len(),
            total: cut.total,
        })
    }

    /// The cheapest solution, or the `best` cheapest (at least 1), of a matrix with option
    /// costs, searched as Knuth's DLX5 searches it, with its figures: see [`crate::mincost`].
    /// A limit stops the search after that many solutions found (each cheaper than the
    /// `best`-th cheapest known then), an interrupt at its next node; the search runs on the
    /// calling thread (threads and the dead-end test do not apply) and chooses items as DLX5
    /// does, so a rule, fixed options, a shard, a subtree, an observer or a pruning test is
    /// refused, as is a matrix without costs or with bounds.
    pub fn min_cost(self, best: usize) -> Result<MinCostResult, MinCostError> {
        self.min_cost_with(MinCostParams::best(best), |_| ControlFlow::Continue(()))
    }

    /// [`Solve::min_cost`] with DLX5's other settings, calling `found` with every solution
    /// as the search finds it (each cheaper than the `best`-th cheapest found before it, as
    /// DLX5 prints them); `found` may stop the search.
    pub fn min_cost_with(
        self,
        params: MinCostParams,
        mut found: impl FnMut(&CostedSolution) -> ControlFlow<()>,
    ) -> Result<MinCostResult, MinCostError> {
        let s = &self.settings;
        let unsupported = if !s.fixed.is_empty() {
            Some("fixed options")
        } else if !matches!(s.part, Part::Whole) {
            Some("a shard or a subtree")
        } else if s.custom.is_some() {
            Some("a custom rule")
        } else if s.prune.is_some() {
            Some("a pruning test")
        } else if s.observe.is_some() {
            Some("an observer")
        } else if s.heuristic_set {
            Some("a rule (it chooses items as DLX5 does)")
        } else {
            None
        };
        if let Some(what) = unsupported {
            return Err(MinCostError::Unsupported(what));
        }
        let matrix = self.engine.costed().ok_or(MinCostError::NoCosts)?;
        if s.limit == Some(0) {
            return Err(MinCostError::Zero("the limit"));
        }
        mincost::run(matrix, &params, s.limit, s.interrupt, &mut found)
    }

    /// The items of each option of the problem searched, each option's in its order.
    pub(crate) fn option_items(&self) -> Vec<Vec<crate::ItemId>> {
        (self.engine.zdd_input().options.into_iter())
            .map(|o| o.into_iter().map(|(item, _)| item).collect())
            .collect()
    }

    /// Whether the matrix has option costs, which only [`Solve::min_cost`] reads.
    pub(crate) fn has_costs(&self) -> bool {
        self.engine.costed().is_some()
    }

    /// Refuses a matrix with option costs: see [`Solve`].
    fn refuse_costs(&self) {
        assert!(
            self.engine.costed().is_none(),
            "the matrix has option costs, which this search would ignore: use Solve::min_cost, \
             or Matrix::without_costs to drop them"
        );
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

    /// The first solution found (on one thread, Knuth's first; on several, the first any
    /// thread finds), or `None` when there is none. The figures of the search up to it are
    /// [`Solve::iter`]'s after its first step, or a count with [`Solve::limit`] 1.
    pub fn first(self) -> Option<Solution> {
        // A limit of 0 stays 0: no solution.
        let limit = self.settings.limit.map_or(1, |n| n.min(1));
        let mut first = None;
        let _ = self.limit(limit).run(|s| {
            first = Some(s.clone());
            ControlFlow::Break(())
        });
        first
    }

    /// Every solution, lazily, in Knuth's order, on the calling thread ([`Solve::threads`] and
    /// [`Solve::observe`] do not apply; every other option does, a shard's subtrees searched
    /// one after another). The iterator also tells the figures so far and the estimated
    /// fraction of the tree done; dropping it early puts the links back.
    pub fn iter(mut self) -> Solutions<'a> {
        self.refuse_costs();
        if self.settings.limit == Some(0) {
            return Solutions::empty(Self::nothing());
        }
        let parted = matches!(self.settings.part, Part::Shard { .. } | Part::Plan { .. });
        let cut = parted.then(|| self.shard_part().clone());
        let owned = Owned {
            custom: self.settings.custom.take().map(|c| c.into_rule()),
            prune: self.settings.prune.take(),
        };
        let interrupt = self.settings.interrupt;
        // A whole run's limit is its search's; a shard's is counted here, across its parts.
        let how = if parted {
            self.settings.how()
        } else {
            self.settings.how_limited()
        };
        let (first, top, paths, done, total) = match cut {
            None => {
                let nothing = Stats {
                    complete: true,
                    ..Stats::default()
                };
                (how.path.cloned(), Vec::new(), Vec::new(), nothing, 1)
            }
            Some(cut) if !cut.sound => {
                let stats = Stats {
                    complete: false,
                    ..cut.stats
                };
                return Solutions::empty(stats);
            }
            Some(cut) => {
                let total = cut.paths.len();
                let mut paths = cut.paths.into_iter();
                (
                    paths.next(),
                    cut.solutions,
                    paths.collect(),
                    cut.stats,
                    total,
                )
            }
        };
        let stepper = match (&first, parted) {
            (None, true) => None,
            _ => self
                .engine
                .stepper(&how, interrupt, first.as_ref(), owned)
                .ok(),
        };
        Solutions {
            limit: if parted { self.settings.limit } else { None },
            top: top.into_iter(),
            paths: paths.into_iter(),
            stepper,
            done,
            total,
            finished: 0,
            found: 0,
            merged: false,
        }
    }

    /// Every solution as a zero-suppressed decision diagram, by Knuth's DLX6: a search that
    /// remembers the remaining problems it has solved ([`crate::zdd`]). Its figures
    /// ([`crate::zdd::ZddStats`]) are DLX6's with [`Heuristic::Mrv`]; with
    /// [`Heuristic::Leftmost`] it branches on the first item, unless an item has no option
    /// left (then on the first such), and its figures are those of DLX6 with Knuth's change
    /// file dlx6-noMRV. The interrupt flag stops it; the diagram is of all
    /// the solutions, so a limit, a shard, a subtree, fixed options, a pruning test or a
    /// custom rule are refused. A matrix with multiplicities, which DLX6 does not take, is
    /// searched by a sound extension of its idea ([`crate::zdd`]). Threads do not apply.
    ///
    /// ```
    /// use dlx_core::{format, Problem};
    /// // The paper's matrix (3): DLX6 makes 3 option nodes (5 with the terminals).
    /// let m = format::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
    /// let zdd = Problem::new(&m).solve().zdd()?;
    /// assert_eq!((zdd.count().to_u64(), zdd.nodes().len()), (Some(1), 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn zdd(self) -> Result<crate::zdd::Zdd, crate::zdd::ZddError> {
        use crate::zdd::ZddError::Unsupported;
        let s = &self.settings;
        if s.limit.is_some() {
            return Err(Unsupported("stop at a limit"));
        }
        if !matches!(s.part, Part::Whole) {
            return Err(Unsupported("search a shard or a subtree"));
        }
        if !s.fixed.is_empty() {
            return Err(Unsupported("fix options"));
        }
        if s.prune.is_some() {
            return Err(Unsupported("prune"));
        }
        if s.custom.is_some() || s.heuristic == Heuristic::MrvEager {
            return Err(Unsupported("branch by a rule other than mrv or leftmost"));
        }
        if self.has_costs() {
            return Err(Unsupported("read option costs (`min_cost` does)"));
        }
        let input = self.engine.zdd_input();
        crate::zdd::build(&input, s.heuristic, s.interrupt)
    }

    /// Estimates the figures of this run (with [`Solve::shard`], of that shard's part only)
    /// from about `samples` random probes seeded with `seed`, stratified by the subtrees at a
    /// cut: see [`crate::stratified`].
    ///
    /// ```
    /// use dlx_core::{Dlx, format};
    /// // The paper's matrix (3): a tree smaller than the cut is simply counted.
    /// let m = format::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
    /// let est = Dlx::new(&m).solve().estimate(1000, 1);
    /// assert_eq!((est.solutions.mean, est.updates.mean, est.nodes.mean), (1.0, 30.0, 6.0));
    /// assert_eq!(est.updates.std_error, 0.0);
    /// # Ok::<(), dlx_core::FormatError>(())
    /// ```
    pub fn estimate(mut self, samples: u64, seed: u64) -> Estimate {
        self.refuse_costs();
        let cut = match self.settings.part {
            Part::Shard { .. } | Part::Plan { .. } => {
                self.shard_part();
                self.cut.take().expect("computed")
            }
            Part::Whole | Part::Below(_) => {
                let strata = crate::stratified::strata(samples);
                Cut::whole(self.engine.cut(&self.settings.how(), strata))
            }
        };
        let how = self.settings.how();
        crate::stratified::estimate(&cut, samples, seed, |path, n, seed, each| {
            self.engine.estimate_below(Some(path), &how, n, seed, each)
        })
    }

    /// Knuth's plain estimate of this run's tree ([`crate::estimate`]): `samples` random
    /// probes from the root (or the node of [`Solve::below`]), reproducible from `seed`.
    /// A shard's part is estimated by [`Solve::estimate`] only: here it is the whole tree.
    pub fn estimate_plain(self, samples: u64, seed: u64) -> Estimate {
        self.refuse_costs();
        let how = self.settings.how();
        self.engine
            .estimate_below(how.path, &how, samples, seed, &mut |_, _| {})
    }

    /// Cuts the tree (below the node of [`Solve::below`], if given) at `depth` (at least 1):
    /// the figures and solutions above the cut, and the nodes at it, each to be searched by
    /// [`Solve::below`] anywhere; the parts add up to the whole search.
    ///
    /// ```
    /// use dlx_core::{format, Dlx, Stats};
    /// let m = format::parse("a b c d\na b\nc d\na\nb\nc\nd\na c\nb d\n")?;
    /// let mut dlx = Dlx::new(&m);
    /// let split = dlx.solve().split(1);
    /// let mut total = split.stats.clone();
    /// for path in &split.paths {
    ///     total.merge(&dlx.solve().below(path)?.count());
    /// }
    /// assert_eq!(total, dlx.solve().count());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn split(self, depth: usize) -> Split {
        self.refuse_costs();
        self.engine.split(&self.settings.how(), depth)
    }

    /// Plans `shards` shards of this run's tree (1 to [`crate::MAX_SHARDS`]), cutting it as
    /// shallowly as gives 64 subproblems per shard, or 1,048,576 in all for more than 16,384
    /// shards (or at depth 8, or where the tree runs out): see [`crate::shard`]. A cut that
    /// would hold more than [`crate::MAX_PLAN_CUT`] subproblems is not made; the one above it
    /// is (the first depth, with none above, is held whole). Each shard is then searched
    /// with [`Solve::shard_plan`].
    pub fn plan_shards(self, shards: usize) -> Result<ShardPlan, ShardError> {
        self.refuse_costs();
        let threads = self.settings.threads;
        shard::plan(self.engine, &self.settings.how(), shards, None, threads)
    }

    /// [`Solve::plan_shards`] with the cut at `depth` (at least 1), refused
    /// ([`ShardError::CutTooWide`]) if it holds more than [`crate::MAX_PLAN_CUT`]
    /// subproblems.
    pub fn plan_shards_at(self, shards: usize, depth: usize) -> Result<ShardPlan, ShardError> {
        self.refuse_costs();
        let threads = self.settings.threads;
        shard::plan(
            self.engine,
            &self.settings.how(),
            shards,
            Some(depth.max(1)),
            threads,
        )
    }

    /// The plan of `shards` shards whose cut is at `depth` and whose subproblems go to the
    /// shards `owner` names (`load`: each shard's load, as the plan reported it): a plan made
    /// before, read back from its deal ([`ShardPlan::split`]'s depth, [`ShardPlan::owner`],
    /// [`ShardPlan::load`]) without estimating the subtrees again. A deal that does not fit
    /// the cut (another count of subproblems, a shard out of range) is refused.
    pub fn plan_shards_dealt(
        self,
        shards: usize,
        depth: usize,
        owner: Vec<usize>,
        load: Vec<f64>,
    ) -> Result<ShardPlan, ShardError> {
        self.refuse_costs();
        shard::dealt(
            self.engine,
            &self.settings.how(),
            shards,
            depth,
            owner,
            load,
        )
    }

    /// This shard's part of the tree, computed once.
    pub(crate) fn shard_part(&mut self) -> &Cut {
        self.refuse_costs();
        if self.cut.is_none() {
            let how = self.settings.how();
            let threads = self.settings.threads;
            let cut = match self.settings.part {
                Part::Plan { plan, k } => Cut::planned(plan, k),
                Part::Shard { k, n } => match shard::plan(self.engine, &how, n, None, threads) {
                    Ok(plan) => Cut::planned(&plan, k),
                    // The count was checked: the plan was interrupted.
                    Err(_) => Cut::unsound(),
                },
                Part::Whole | Part::Below(_) => {
                    let threads = crate::parts::threads(self.settings.threads);
                    let target = threads.max(1) * crate::parts::SUBPROBLEMS_PER_THREAD;
                    Cut::whole(self.engine.cut(&how, target))
                }
            };
            self.cut = Some(cut);
        }
        self.cut.as_ref().expect("just computed")
    }

    fn go(mut self, visit: Option<&mut Visitor<'_>>) -> Stats {
        self.refuse_costs();
        self.go_again(visit)
    }

    /// The run, leaving the `Solve` for another ([`Solve::classes`] makes several).
    fn go_again(&mut self, visit: Option<&mut Visitor<'_>>) -> Stats {
        if self.settings.limit == Some(0) {
            return Self::nothing();
        }
        if self.settings.sequential() {
            return self.engine.whole(&self.settings.how_limited(), visit);
        }
        self.shard_part();
        let mut cut = self.cut.take().expect("computed");
        if matches!(self.settings.part, Part::Shard { .. } | Part::Plan { .. }) {
            let how = self.settings.how();
            cut = crate::parts::refine(self.engine, &how, cut, self.settings.threads);
        }
        crate::parts::run(self.engine, &self.settings, cut, visit)
    }

    /// The figures of a run with a limit of 0 solutions: nothing searched, on every engine
    /// and route alike (each engine's own test of its limit comes after a solution), and not
    /// complete, since the limit stopped it.
    fn nothing() -> Stats {
        Stats {
            complete: false,
            ..Stats::default()
        }
    }

    /// One run with `fixed` chosen first instead of the options fixed so far (which come
    /// back after it); an error if they cannot be chosen together.
    pub(crate) fn run_fixed(
        &mut self,
        fixed: Vec<OptionId>,
        visit: Option<&mut Visitor<'_>>,
    ) -> Result<Stats, FixError> {
        self.engine.check_fixed(&fixed)?;
        let kept = std::mem::replace(&mut self.settings.fixed, fixed);
        self.cut = None;
        let stats = self.go_again(visit);
        self.settings.fixed = kept;
        self.cut = None;
        Ok(stats)
    }

    /// The options fixed so far, and whether the run is a whole search without a limit (a
    /// count by classes needs one).
    pub(crate) fn whole_fixed(&self) -> (Vec<OptionId>, bool) {
        let whole = matches!(self.settings.part, Part::Whole) && self.settings.limit.is_none();
        (self.settings.fixed.clone(), whole)
    }
}

impl<'a> Solve<'a, Dlx> {
    /// Chooses items by a caller's rule instead of a built-in one ([`ChooseItem`]); every
    /// search of the run (every thread) chooses with a copy of it. The dead-end test does
    /// not apply to a caller's rule.
    pub fn choose_with(mut self, rule: impl ChooseItem + Clone + Send + Sync + 'a) -> Self {
        self.settings.custom = Some(Box::new(rule));
        self.cut = None;
        self
    }

    /// Cuts subtrees by a caller's test, for branch and bound ("the best solution by a
    /// score"): each time a row is chosen and covered, `prune` sees the partial solution and
    /// returns true to cut the subtree below it. See [`crate::step::Search::prune`]: the
    /// solutions are those of the whole search that pass every test on their way down, and
    /// the figures are this search's own, not Knuth's. On several threads the test is called
    /// from each of them.
    ///
    /// ```
    /// # use dlx_core::{format, Dlx};
    /// // Options 0 `a`, 1 `b`, 2 `a b`: two solutions, one of them without option 0.
    /// let m = format::parse("a b\na\nb\na b\n")?;
    /// let mut dlx = Dlx::new(&m);
    /// let stats = dlx.solve().prune(|s| s.rows().any(|r| r.option == 0)).count();
    /// assert_eq!(stats.solutions, 1);
    /// # Ok::<(), dlx_core::FormatError>(())
    /// ```
    pub fn prune(mut self, prune: impl Fn(&SolutionView<'_>) -> bool + Send + Sync + 'a) -> Self {
        self.settings.prune = Some(Box::new(prune));
        self.cut = None;
        self
    }
}

/// Every solution of a run, lazily: see [`Solve::iter`].
pub struct Solutions<'a> {
    /// The solutions above a shard's cut.
    top: std::vec::IntoIter<Solution>,
    /// The subtrees of a shard not yet begun.
    paths: std::vec::IntoIter<Path>,
    /// The search of the current subtree (the whole tree without a shard).
    stepper: Option<Stepper<'a>>,
    /// The figures of the parts searched to the end (with a shard: the cut's first).
    done: Stats,
    /// Whether the stepper's figures are in `done`.
    merged: bool,
    /// The parts: the subtrees of a shard, or 1.
    total: usize,
    /// The parts finished before the current one.
    finished: usize,
    /// A shard's limit, counted here across its subtrees (a whole run's is the search's).
    limit: Option<u64>,
    found: u64,
}

impl fmt::Debug for Solutions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solutions")
            .field("found", &self.found)
            .field("finished", &self.finished)
            .field("total", &self.total)
            .finish_non_exhaustive()
    }
}

impl Solutions<'_> {
    /// An iterator with nothing to search: a shard whose plan was interrupted.
    fn empty(done: Stats) -> Self {
        Solutions {
            top: Vec::new().into_iter(),
            paths: Vec::new().into_iter(),
            stepper: None,
            done,
            merged: true,
            total: 1,
            finished: 0,
            limit: None,
            found: 0,
        }
    }

    /// The figures so far (final once the iterator has returned `None`).
    pub fn stats(&self) -> Stats {
        let mut stats = self.done.clone();
        match &self.stepper {
            Some(s) if !self.merged => stats.merge(&s.stats()),
            _ => {}
        }
        stats
    }

    /// The estimated fraction of the tree done, from the positions of the current branches
    /// (as Knuth's programs print it) and, for a shard, its subtrees finished.
    pub fn progress(&self) -> f64 {
        let current = match &self.stepper {
            Some(s) => s.progress(),
            None => 1.0,
        };
        ((self.finished as f64 + current) / self.total.max(1) as f64).min(1.0)
    }

    /// Moves to the next solution without building it (for counting one at a time); false
    /// at the end.
    pub fn advance(&mut self) -> bool {
        self.step(false).is_some()
    }

    /// Counts every solution left without coming back at each one, as [`Solve::count`]
    /// does on one thread (the colour engine then counts inside its loop: about 0.9x the
    /// time of [`Solutions::advance`] to the end where a third of the nodes are solutions);
    /// the figures, the progress and the stop by interrupt are then as after `advance`
    /// returned false. With a shard's limit, which is counted here, it steps as `advance`.
    pub fn count_rest(&mut self) {
        if self.limit.is_some() {
            while self.advance() {}
            return;
        }
        // The solutions above a shard's cut are in its figures already.
        self.found += self.top.by_ref().count() as u64;
        loop {
            let Some(stepper) = self.stepper.as_mut() else {
                return;
            };
            if self.merged {
                return;
            }
            stepper.finish();
            if !self.next_part() {
                return;
            }
        }
    }

    fn step(&mut self, want: bool) -> Option<Option<Solution>> {
        if self.limit.is_some_and(|l| self.found >= l) {
            self.halt();
            return None;
        }
        if let Some(s) = self.top.next() {
            self.found += 1;
            return Some(Some(s));
        }
        loop {
            let stepper = self.stepper.as_mut()?;
            if self.merged {
                return None;
            }
            if let Some(s) = stepper.next(want) {
                self.found += 1;
                return Some(s);
            }
            if !self.next_part() {
                return None;
            }
        }
    }

    /// Once the current part's search has ended: its figures go into `done`, and the next
    /// subtree of a shard, if any, begins. False when nothing is left to search.
    fn next_part(&mut self) -> bool {
        let Some(stepper) = self.stepper.as_mut() else {
            return false;
        };
        let stats = stepper.stats();
        self.done.merge(&stats);
        self.merged = true;
        if !stats.complete {
            // Interrupted: the rest is not searched.
            self.done.complete = false;
            return false;
        }
        let Some(path) = self.paths.next() else {
            return false;
        };
        if stepper.restart_below(&path).is_err() {
            // Not a path of this tree: a cut's paths always are, but nothing is claimed.
            self.done.complete = false;
            return false;
        }
        self.finished += 1;
        self.merged = false;
        true
    }

    /// Stops at a limit: the current search puts its links back, the rest is not searched.
    fn halt(&mut self) {
        if let Some(s) = &mut self.stepper
            && !self.merged
        {
            s.halt();
            self.done.merge(&s.stats());
            self.merged = true;
        }
        self.done.complete = false;
    }
}

impl Iterator for Solutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.step(true).flatten()
    }
}

/// A plan's cut against the one this tree has at its depth: the same subproblems in the
/// same order, the same solutions and figures above it.
fn same_cut(plan: &Split, tree: &Split) -> Result<(), ShardError> {
    let bad = |why: String| ShardError::BadDeal {
        depth: plan.depth,
        why,
    };
    if let Some(i) =
        (0..plan.paths.len().min(tree.paths.len())).find(|&i| plan.paths[i] != tree.paths[i])
    {
        return Err(bad(format!(
            "subproblem {i} is not the node the search meets there (a plan made with a rule \
             of one's own or a prune runs with them given before `shard_plan`)"
        )));
    }
    if plan.paths.len() != tree.paths.len() {
        return Err(bad(format!(
            "{} subproblems, the tree has {} at the cut",
            plan.paths.len(),
            tree.paths.len()
        )));
    }
    if plan.solutions != tree.solutions {
        return Err(bad("the solutions above the cut are not this tree's".into()));
    }
    let figures = |s: &Stats| (s.solutions, s.nodes, s.updates, s.levels.clone());
    if figures(&plan.stats) != figures(&tree.stats) {
        return Err(bad("the figures above the cut are not this tree's".into()));
    }
    Ok(())
}

/// The cut of a plan read back or edited (its fields are public) is one a split makes: every
/// subproblem at its depth and met once, the solutions above it as many as its figures say,
/// and those figures their levels' sums, above the cut.
fn check_cut(split: &Split) -> Result<(), ShardError> {
    let bad = |why: String| ShardError::BadDeal {
        depth: split.depth,
        why,
    };
    if let Some((i, p)) = split
        .paths
        .iter()
        .enumerate()
        .find(|(_, p)| p.depth() != split.depth)
    {
        return Err(bad(format!(
            "subproblem {i} lies at depth {}, not at the cut",
            p.depth()
        )));
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(i) = split.paths.iter().position(|p| !seen.insert(p)) {
        return Err(bad(format!("subproblem {i} comes twice")));
    }
    let stats = &split.stats;
    if stats.solutions != split.solutions.len() as u64 {
        return Err(bad(format!(
            "{} solutions listed above the cut, {} in its figures",
            split.solutions.len(),
            stats.solutions
        )));
    }
    let sums = Stats::checked_from_levels(stats.solutions, stats.levels.clone(), stats.complete);
    if stats.levels.len() > split.depth
        || sums.is_none_or(|s| (s.nodes, s.updates) != (stats.nodes, stats.updates))
    {
        return Err(bad(
            "the figures above the cut are not the sums of its levels above it".into(),
        ));
    }
    Ok(())
}
