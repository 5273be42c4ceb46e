//! A run in parts: the tree cut at a small depth, then the subtrees below the cut, on a pool
//! of threads ([`crate::parallel`]) or one after the other, with exactly the figures of the
//! sequential search.
//!
//! The cut charges the nodes and updates of the depths above it once, and every node at the
//! cut becomes an independent subproblem, the path of choices leading to it. A worker
//! searches the subtree below a path on its own copy of the arena: for exact cover it covers
//! the path's rows, after which the column lists, sizes and header order are exactly those
//! the sequential search sees at that node (the set of removed nodes does not depend on the
//! order of the covers, nor does the number of updates they cost), so the subtree is the same
//! tree, its profile shifted down by the depth of the cut; with colours it replays the moves.
//! Every solution passes one gate, so that a limit or a visitor's break holds across threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::engine::{Cut, Engine, How, Path, Visitor};
use crate::solution::Solution;
use crate::solve::{Observer, Settings};
use crate::stats::Stats;

/// How many subproblems per thread a run's cut aims for, so that work stealing can even out
/// subtrees of very different sizes. Each subtree has a cost of its own (covering its path,
/// a new search whose dead-end test waits and learns afresh), so more is not better: see
/// `docs/performance.md`.
pub(crate) const SUBPROBLEMS_PER_THREAD: usize = 8;

/// The probes of Knuth's estimate that size each subtree before a run on several threads
/// deals them, largest first. Dealt in the tree's order, a large subtree taken last runs on
/// alone while the other threads wait: on the cuts of 16 threads, list scheduling of the
/// subtrees' measured updates gives 14.2-15.2x in the tree's order, 15.5-15.8x in the order
/// of 16 probes' estimates, 15.9-16x in the order of the true sizes; 8 probes misjudged a
/// large subtree of the 9x10 shard (14.3x). See `docs/performance.md`.
const DEAL_PROBES: u64 = 16;

/// The threads a run on `n` threads (0 = one per core) uses.
pub(crate) fn threads(n: usize) -> usize {
    #[cfg(feature = "parallel")]
    if n != 1 {
        return crate::parallel::threads(n);
    }
    let _ = n;
    1
}

/// A shard's subproblems, split again below their paths when they are fewer than the
/// threads can share (a shard of a plan holds as few as one): each path is replaced by the
/// cut of its subtree, whose levels join the shard's figures above the new cut. The shard's
/// figures do not change, only how its tree is dealt out; what the plan records (its depth
/// and subproblems) is the plan's, not this.
pub(crate) fn refine<E: Engine>(
    engine: &mut E,
    how: &How<'_>,
    mut cut: Cut,
    threads: usize,
) -> Cut {
    let threads = self::threads(threads);
    let target = threads * SUBPROBLEMS_PER_THREAD;
    if threads <= 1 || !cut.sound || cut.paths.is_empty() || cut.paths.len() >= target {
        return cut;
    }
    let each = target.div_ceil(cut.paths.len());
    let mut paths = Vec::new();
    for path in std::mem::take(&mut cut.paths) {
        let below = How {
            path: Some(&path),
            ..*how
        };
        let split = engine.cut(&below, each);
        // An interrupt stopped this cut: the run is not the one every other run makes.
        cut.sound &= split.stats.complete;
        cut.stats.merge(&split.stats);
        cut.solutions.extend(split.solutions);
        paths.extend(split.paths);
    }
    cut.paths = paths;
    cut
}

/// Runs the levels above `cut`, then the subtrees below it.
pub(crate) fn run<E: Engine>(
    engine: &mut E,
    settings: &Settings<'_>,
    cut: Cut,
    visit: Option<&mut Visitor<'_>>,
) -> Stats {
    if !cut.sound {
        // Stopped before the cut was made: nothing is searched, nothing is complete.
        let mut stats = cut.stats;
        stats.complete = false;
        return stats;
    }
    let observe: &Observer<'_> = match &settings.observe {
        Some(o) => o.as_ref(),
        None => &|_, _, _| {},
    };
    let stop = AtomicBool::new(false);
    let gate = Gate {
        visit: visit.map(Mutex::new),
        visited: Mutex::new(0),
        limit: settings.limit,
        stop: &stop,
    };
    for s in &cut.solutions {
        gate.offer(s);
    }
    let total = cut.paths.len();
    observe(&cut.stats, 0, total);
    let done = AtomicUsize::new(0);
    let how = How {
        stop: &stop,
        ..settings.how()
    };
    let gated = gate.visit.is_some() || gate.limit.is_some();
    engine.prepare(&how);
    // A run to a limit stops early, so the order of its tail does not matter; it deals in
    // the tree's order, without the estimates' delay.
    let size = |e: &mut E, i: usize, p: &Path| {
        if stop.load(Ordering::Relaxed) {
            return 0.0;
        }
        let est = e.estimate_below(Some(p), &how, DEAL_PROBES, i as u64, &mut |_, _| {});
        est.updates.mean
    };
    let size = settings.limit.is_none().then_some(&size);
    let below = search_paths(engine, settings.threads, &cut.paths, size, |e, p| {
        if stop.load(Ordering::Relaxed) {
            // Stopped: the subtrees not yet begun are left, and the run is not complete.
            return Stats::default();
        }
        let part = if gated {
            e.below(p, &how, Some(&mut |s| gate.offer(s)))
        } else {
            e.below(p, &how, None)
        };
        // A cut's paths are paths of its tree; nothing else is counted.
        let part = part.unwrap_or_default();
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

/// Searches the subtree below each of `paths` with `search` and adds their figures: on a
/// pool of `threads` threads, each worker on its own copy of the arena, dealt largest first
/// by `size(arena, index, path)` if given; or on the calling thread, on one copy, in order.
fn search_paths<E: Engine, S>(
    engine: &E,
    threads: usize,
    paths: &[Path],
    size: Option<&S>,
    search: impl Fn(&mut E, &Path) -> Stats + Sync + Send,
) -> Stats
where
    S: Fn(&mut E, usize, &Path) -> f64 + Sync,
{
    #[cfg(feature = "parallel")]
    if threads != 1
        && let Some(stats) = crate::parallel::search_paths(engine, threads, paths, size, &search)
    {
        return stats;
    }
    let _ = (threads, size);
    let mut arena = engine.clone();
    paths
        .iter()
        .map(|path| search(&mut arena, path))
        .fold(empty(), add)
}

/// `f(arena, index, path)` for each of `paths`, in their order: on a pool of `threads` threads,
/// each worker on its own copy of the arena, or on the calling thread, on `engine` itself.
/// For work whose answer does not depend on the copy it is made on (a plan's estimates).
pub(crate) fn map_paths<E: Engine, R: Send>(
    engine: &mut E,
    threads: usize,
    paths: &[Path],
    f: impl Fn(&mut E, usize, &Path) -> R + Sync,
) -> Vec<R> {
    #[cfg(feature = "parallel")]
    if threads != 1
        && paths.len() > 1
        && let Some(all) = crate::parallel::map_paths(engine, threads, paths, &f)
    {
        return all;
    }
    let _ = threads;
    (paths.iter().enumerate())
        .map(|(i, p)| f(engine, i, p))
        .collect()
}

/// The figures of no part.
pub(crate) fn empty() -> Stats {
    Stats {
        complete: true,
        ..Stats::default()
    }
}

/// Two parts' figures together.
pub(crate) fn add(mut a: Stats, b: Stats) -> Stats {
    a.merge(&b);
    a
}

/// The door every solution of a run in parts passes: one at a time, counted, and none after
/// the limit or a visitor's break, which stop the run.
struct Gate<'r, 'v, 's> {
    visit: Option<Mutex<&'r mut Visitor<'v>>>,
    visited: Mutex<u64>,
    limit: Option<u64>,
    stop: &'s AtomicBool,
}

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
