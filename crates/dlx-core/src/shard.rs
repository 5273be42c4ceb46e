//! Shards: a deterministic K-th of a search tree, for runs spread over machines.
//!
//! The tree is cut at a small depth ([`crate::Solve::split`]); every node at the cut is a
//! subproblem, and each is given to one of N shards. Shard 1 also carries the figures of the
//! levels above the cut. Each shard is searched on its own (another machine, another day);
//! adding the N shards' [`Stats`](crate::Stats) with [`Stats::merge`](crate::Stats::merge)
//! gives exactly the figures of the unsharded search. For exact cover the assignment is
//! balanced by Knuth's Monte Carlo estimate of each subtree ([`crate::estimate`]): largest
//! first, each to the least loaded shard so far; with colours or multiplicities the shards
//! take the subproblems in turn. Either way it depends only on the matrix, the options fixed,
//! the rule and N, so every machine computes the same plan without talking to the others.
//!
//! ```
//! use dlx_core::{format, Dlx, Stats};
//! let m = format::parse("a b c d\na b\nc d\na\nb\nc\nd\na c\nb d\n")?;
//! let mut dlx = Dlx::new(&m);
//! let plan = dlx.solve().plan_shards(3)?;
//! let mut total = Stats::default();
//! for k in 1..=3 {
//!     // Each shard would run on its own machine, as `dlx.solve().shard(k, 3)?`.
//!     total.merge(&dlx.solve().shard_plan(&plan, k)?.count());
//! }
//! total.complete = true;
//! assert_eq!(total, dlx.solve().count());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::engine::{Engine, How, Split};
use crate::rule::Heuristic;

/// The most shards a plan is made for: far beyond any cluster's job array, and a bound on
/// what a shard number read from the command line or a shard file may ask for.
pub const MAX_SHARDS: usize = 1 << 20;
/// Subproblems per shard the cut aims for, so that the balance can even out sizes.
pub(crate) const SUBPROBLEMS_PER_SHARD: usize = 64;
/// The most subproblems a cut aims for, however many the shards: past about a million,
/// more only cost the plan's time (an estimate each) and memory.
pub(crate) const PLAN_TARGET: usize = 1 << 20;
/// The most subproblems a plan's cut holds: a cut that would hold more is not made (the
/// one above it is, or, at a depth given, the plan is refused), so that planning stays
/// within about half a gibibyte whatever the tree's width. The one exception is a first
/// depth that wide, with nothing above it, which a plan made for a number of shards holds
/// whole: the matrix has as many options.
pub const MAX_PLAN_CUT: usize = 1 << 21;

/// Which shard searches which subproblem: see the [module docs](crate::shard).
#[derive(Debug, Clone, PartialEq)]
pub struct ShardPlan {
    /// Number of shards, N.
    pub shards: usize,
    /// The cut: its depth, the figures above it (charged to shard 1) and the subproblems.
    pub split: Split,
    /// For each subproblem of `split.paths`, its shard (1-based).
    pub owner: Vec<usize>,
    /// For each shard (index k-1), the estimated nodes of its subtrees (exact cover), or its
    /// number of subproblems (colours and multiplicities).
    pub load: Vec<f64>,
    /// The problem the plan was made for (the engine's fingerprint with the options fixed):
    /// a plan is refused by any other, or with another heuristic, whose tree it does not cut.
    pub fingerprint: u64,
    /// The heuristic whose tree the plan cuts.
    pub heuristic: Heuristic,
    /// The options fixed before the search ([`crate::Solve::fix`]): a run of a shard of the
    /// plan fixes them too ([`crate::Solve::shard_plan`]).
    pub fixed: Vec<crate::OptionId>,
}

/// Why a shard cannot be planned or searched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// A shard number outside 1..=N.
    #[error("shard {k} does not exist: shards are numbered 1 to {n}")]
    NoSuchShard {
        /// The shard asked for.
        k: usize,
        /// The number of shards.
        n: usize,
    },
    /// More shards than [`MAX_SHARDS`], or none.
    #[error("{n} shards: a plan has 1 to {MAX_SHARDS}")]
    ShardCount {
        /// The number asked for.
        n: usize,
    },
    /// The interrupt flag stopped the planning: the plan would not be every machine's.
    #[error("interrupted while the shards were planned")]
    Interrupted,
    /// The cut at the depth asked for ([`crate::Solve::plan_shards_at`]) holds more than
    /// [`MAX_PLAN_CUT`] subproblems.
    #[error(
        "the cut at depth {depth} has more than {most} subproblems: choose a shallower one",
        most = MAX_PLAN_CUT
    )]
    CutTooWide {
        /// The depth asked for.
        depth: usize,
    },
    /// A deal read back ([`crate::Solve::plan_shards_dealt`]) does not fit the cut it names.
    #[error("the deal does not fit the cut at depth {depth}: {why}")]
    BadDeal {
        /// The cut's depth.
        depth: usize,
        /// What does not fit.
        why: String,
    },
    /// A subproblem of a plan read back or edited is not a node of this problem's tree.
    #[error("subproblem {index} of the plan: {source}")]
    BadPath {
        /// The subproblem's place in the plan's paths (from 0).
        index: usize,
        /// Why its path cannot be chosen.
        #[source]
        source: crate::PathError,
    },
    /// The plan was made for another matrix, other fixed options or another heuristic.
    #[error(
        "the plan was made for another matrix or heuristic (fingerprint {plan:016x}, this one {this:016x})"
    )]
    ForeignPlan {
        /// The plan's fingerprint.
        plan: u64,
        /// This arena's.
        this: u64,
    },
}

/// A plan has 1 to [`MAX_SHARDS`] shards.
pub(crate) fn check_count(n: usize) -> Result<(), ShardError> {
    if (1..=MAX_SHARDS).contains(&n) {
        Ok(())
    } else {
        Err(ShardError::ShardCount { n })
    }
}

/// Plans `shards` shards of the run `how` describes: the tree cut at `depth`, or as
/// shallowly as gives 64 subproblems per shard ([`PLAN_TARGET`] at most; or at depth 8, or
/// where it runs out), never past [`MAX_PLAN_CUT`] but at the first depth. A cut or an
/// estimate stopped by the interrupt flag would deal another plan than every other
/// machine's: it is refused.
pub(crate) fn plan<E: Engine>(
    engine: &mut E,
    how: &How<'_>,
    shards: usize,
    depth: Option<usize>,
    threads: usize,
) -> Result<ShardPlan, ShardError> {
    plan_within(engine, how, shards, depth, threads, MAX_PLAN_CUT)
}

/// [`plan`] with a cut of at most `most` subproblems.
fn plan_within<E: Engine>(
    engine: &mut E,
    how: &How<'_>,
    shards: usize,
    depth: Option<usize>,
    threads: usize,
    most: usize,
) -> Result<ShardPlan, ShardError> {
    check_count(shards)?;
    let split = match depth {
        Some(d) => engine
            .split_at_most(how, d, most)
            .ok_or(ShardError::CutTooWide { depth: d })?,
        None => {
            let target = shards.saturating_mul(SUBPROBLEMS_PER_SHARD);
            engine.cut_within(how, target.min(PLAN_TARGET), most)
        }
    };
    let (owner, load) = match sizes(engine, how, &split, threads) {
        Some(sizes) => {
            let (owner, load) = balance(&sizes, shards);
            (owner, load.into_iter().map(|x| x as f64).collect())
        }
        None => {
            let owner: Vec<usize> = (0..split.paths.len()).map(|i| i % shards + 1).collect();
            let mut load = vec![0.0; shards];
            for &k in &owner {
                load[k - 1] += 1.0;
            }
            (owner, load)
        }
    };
    if !split.stats.complete || how.interrupted() {
        return Err(ShardError::Interrupted);
    }
    Ok(finish(engine, how, shards, split, owner, load))
}

/// The sizes of the cut's subtrees that a plan balances its shards by, or `None` to deal them
/// in turn. Each is an estimate seeded by its path's place, so that `threads` (the run's,
/// which make them side by side on copies of the arena: on the 9x10 pentominoes they had
/// taken most of a `--shard` run's time on one thread) change the time, never the plan.
fn sizes<E: Engine>(
    engine: &mut E,
    how: &How<'_>,
    split: &Split,
    threads: usize,
) -> Option<Vec<u64>> {
    let (first, rest) = split.paths.split_first()?;
    let first = engine.plan_size(how, first, 0)?;
    let rest = crate::parts::map_paths(engine, threads, rest, |e, i, p| {
        e.plan_size(how, p, i + 1).unwrap_or(0)
    });
    Some(std::iter::once(first).chain(rest).collect())
}

/// The plan whose cut is at `depth` and whose subproblems go to the shards `owner` names, as a
/// plan made before dealt them (`load` its loads): the cut is made again, which costs the top
/// of the tree only, and the estimates that chose the deal are not. Any deal of the cut's
/// subproblems to the shards adds up to the whole search; one that does not fit is refused.
pub(crate) fn dealt<E: Engine>(
    engine: &mut E,
    how: &How<'_>,
    shards: usize,
    depth: usize,
    owner: Vec<usize>,
    load: Vec<f64>,
) -> Result<ShardPlan, ShardError> {
    check_count(shards)?;
    let bad = |why: String| ShardError::BadDeal { depth, why };
    if depth == 0 {
        return Err(bad("a cut is at depth 1 or more".into()));
    }
    let split = engine.split(how, depth);
    if !split.stats.complete || how.interrupted() {
        return Err(ShardError::Interrupted);
    }
    if owner.len() != split.paths.len() {
        return Err(bad(format!(
            "{} subproblems dealt, the cut has {}",
            owner.len(),
            split.paths.len()
        )));
    }
    if let Some(&k) = owner.iter().find(|&&k| k == 0 || k > shards) {
        return Err(bad(format!("shard {k} is not one of 1 to {shards}")));
    }
    if load.len() != shards {
        return Err(bad(format!("{} loads for {shards} shards", load.len())));
    }
    Ok(finish(engine, how, shards, split, owner, load))
}

/// The plan of `how`'s run with its cut and deal.
fn finish<E: Engine>(
    engine: &E,
    how: &How<'_>,
    shards: usize,
    split: Split,
    owner: Vec<usize>,
    load: Vec<f64>,
) -> ShardPlan {
    ShardPlan {
        shards,
        split,
        owner,
        load,
        fingerprint: engine.fingerprint_with(how.fixed),
        heuristic: how.heuristic,
        fixed: how.fixed.to_vec(),
    }
}

/// Longest processing time first: the subproblems by decreasing size (ties by number), each
/// to the least loaded shard so far (ties to the lowest). Returns each subproblem's shard
/// (1-based) and each shard's load. A heap finds the least loaded shard, so many shards cost
/// log N each, not N.
fn balance(sizes: &[u64], shards: usize) -> (Vec<usize>, Vec<u64>) {
    use std::cmp::Reverse;
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by_key(|&i| (Reverse(sizes[i]), i));
    let mut least: std::collections::BinaryHeap<Reverse<(u64, usize)>> =
        (0..shards).map(|k| Reverse((0, k))).collect();
    let mut owner = vec![0; sizes.len()];
    for i in order {
        let Reverse((load, k)) = least.pop().expect("at least one shard");
        owner[i] = k + 1;
        least.push(Reverse((load.saturating_add(sizes[i]), k)));
    }
    let mut load = vec![0; shards];
    for Reverse((l, k)) in least {
        load[k] = l;
    }
    (owner, load)
}

#[cfg(test)]
mod tests {
    use super::{ShardError, balance, plan_within};
    use crate::dlx::tests::how;
    use crate::engine::Engine;
    use crate::{Dlx, Heuristic, Matrix, Xcc, format};

    /// n queens: ranks and files primary, diagonals secondary.
    fn queens(n: usize) -> Matrix {
        let mut text = String::new();
        text.extend((0..n).map(|i| format!("r{i} c{i} ")));
        text.push('|');
        text.extend((0..2 * n - 1).map(|d| format!(" a{d} b{d}")));
        for r in 0..n {
            for c in 0..n {
                text.push_str(&format!("\nr{r} c{c} a{} b{}", r + c, n - 1 + r - c));
            }
        }
        format::parse(&text).unwrap()
    }

    /// A split given up as soon as its cut passes `most` puts the links back, and a cut
    /// within `most` stops at the depth above the first one too wide.
    fn cuts_within_their_bound<E: Engine>(engine: &mut E) {
        let plain = how(Heuristic::Mrv);
        let whole = engine.split(&plain, 30).stats;
        let widths: Vec<usize> = (1..=4)
            .map(|d| engine.split(&plain, d).paths.len())
            .collect();
        assert_eq!(widths[0], 8, "the first file's 8 squares");
        assert!(widths.windows(2).all(|w| w[0] < w[1]), "{widths:?}");
        for (d, &w) in (1..).zip(&widths) {
            let held = engine.split_at_most(&plain, d, w).unwrap();
            assert_eq!(held.paths.len(), w);
            assert!(held.stats.complete);
            assert!(engine.split_at_most(&plain, d, w - 1).is_none());
            // The search given up left the links as it found them.
            assert_eq!(engine.split(&plain, 30).stats, whole);
        }
        // Aiming for more than depth 3 holds, within fewer than it has: depth 2.
        let cut = engine.cut_within(&plain, widths[2] + 1, widths[2] - 1);
        assert_eq!((cut.depth, cut.paths.len()), (2, widths[1]));
        // Within its bound, the cut is the plain one.
        let cut = engine.cut_within(&plain, widths[2], widths[2]);
        assert_eq!((cut.depth, cut.paths.len()), (3, widths[2]));
        // The first depth is held whole even past the bound: nothing above it.
        let cut = engine.cut_within(&plain, 100, 3);
        assert_eq!((cut.depth, cut.paths.len()), (1, 8));
        // A plan at a depth too wide is refused, by name; one aiming past the bound is
        // made at the depth above.
        assert_eq!(
            plan_within(engine, &plain, 2, Some(3), 1, widths[2] - 1),
            Err(ShardError::CutTooWide { depth: 3 })
        );
        let planned = plan_within(engine, &plain, 1 << 10, None, 1, widths[2] - 1).unwrap();
        assert_eq!(planned.split.depth, 2);
        assert_eq!(planned.owner.len(), widths[1]);
    }

    #[test]
    fn a_cut_too_wide_is_given_up_and_the_one_above_taken() {
        let m = queens(8);
        cuts_within_their_bound(&mut Dlx::new(&m));
        cuts_within_their_bound(&mut Xcc::new(&m));
    }

    /// The plan's first form: a scan of every shard for the least loaded. Plans made by it
    /// (shard files kept under version control) must stay valid.
    fn balance_by_scan(sizes: &[u64], shards: usize) -> (Vec<usize>, Vec<u64>) {
        let mut order: Vec<usize> = (0..sizes.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(sizes[i]), i));
        let mut load = vec![0u64; shards];
        let mut owner = vec![0; sizes.len()];
        for i in order {
            let k = (0..shards).min_by_key(|&k| (load[k], k)).unwrap();
            load[k] += sizes[i];
            owner[i] = k + 1;
        }
        (owner, load)
    }

    #[test]
    fn the_heap_deals_exactly_as_the_scan_did() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for (n, shards, spread) in [(0, 3, 10), (5, 8, 3), (200, 7, 4), (4096, 64, 1 << 40)] {
            // Small spreads make many ties, which both must break the same way.
            let sizes: Vec<u64> = (0..n)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x % spread
                })
                .collect();
            assert_eq!(
                balance(&sizes, shards),
                balance_by_scan(&sizes, shards),
                "{n} sizes below {spread} into {shards} shards"
            );
        }
    }
}
