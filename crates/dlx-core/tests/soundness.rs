//! Whatever a caller does through the safe API (leak a search, panic inside one, pass ids
//! that do not exist, feed one arena's plan to another), the arena stays sound: the next use
//! sees exactly what a fresh arena sees.
//!
//! A state machine of random call sequences: after every step the arena's structure is
//! checked and its figures compared with a fresh arena's. `cargo test` runs 300 sequences;
//! `cargo xtask slow` runs 20,000 longer ones.

use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use dlx_core::step::{Reduce, Search};
use dlx_core::{
    ActiveItems, ChosenRow, Dlx, FixError, Heuristic, Matrix, MinCover, Path, Solve, Stats,
};
use proptest::prelude::*;

mod common;

/// The panics these tests cause on purpose carry this word; the hook keeps them quiet.
const DELIBERATE: &str = "deliberate panic";

fn quiet_deliberate_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let text = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            if !text.contains(DELIBERATE) && !text.contains("does not exist") {
                default(info);
            }
        }));
    });
}

/// One call, or a misuse, of the public API.
#[derive(Debug, Clone)]
enum Step {
    /// Fix option `o` (perhaps out of range, perhaps clashing) in every later run.
    Fix(usize),
    /// Stop fixing the latest.
    Unfix,
    Count(Heuristic),
    Limit(u64),
    First,
    /// Take `k` solutions from the iterator, then drop it.
    Iterate(usize),
    /// Take `k` solutions, then `mem::forget` the search.
    Forget(usize),
    /// Take `k` solutions, then `mem::forget` the front door's iterator.
    ForgetIterator(usize),
    /// A custom column rule that panics on its `k`-th call, under `catch_unwind`.
    PanickingRule(usize),
    /// A visitor that panics at the `k`-th solution, under `catch_unwind`.
    PanickingVisitor(usize),
    /// A search stopped at its first node by a flag set beforehand.
    Interrupted,
    /// `Links::size` of a raw id (out of range panics, clearly).
    Size(usize),
    ParCount(usize),
    /// The subtree of the `k`-th path of a split at depth `d`, or a path of rows that do not
    /// exist.
    Subtree(usize, usize),
    ForeignSubtree(usize),
    /// Shard `k` of a plan for `n`.
    Shard(usize, usize),
    /// A plan made for another matrix.
    ForeignShard,
    /// A plan whose first path is edited to take option `o` as its last row (perhaps again,
    /// perhaps clashing, perhaps not an option), run on `t` threads and lazily.
    ForgedPlan(usize, usize),
    /// A plan for more shards than allowed.
    HugePlan,
    Estimate(u64),
    ReduceCount,
    /// Take `k` solutions from a search with propagation, then forget it.
    ReduceForget(usize),
    MinCover,
}

fn heuristic() -> impl Strategy<Value = Heuristic> {
    prop_oneof![
        Just(Heuristic::Mrv),
        Just(Heuristic::Leftmost),
        Just(Heuristic::MrvEager)
    ]
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0usize..30).prop_map(Step::Fix),
        2 => Just(Step::Unfix),
        1 => heuristic().prop_map(Step::Count),
        1 => (1u64..4).prop_map(Step::Limit),
        1 => Just(Step::First),
        1 => (0usize..4).prop_map(Step::Iterate),
        3 => (0usize..4).prop_map(Step::Forget),
        2 => (0usize..4).prop_map(Step::ForgetIterator),
        2 => (1usize..6).prop_map(Step::PanickingRule),
        1 => (1usize..3).prop_map(Step::PanickingVisitor),
        1 => Just(Step::Interrupted),
        1 => prop_oneof![0usize..12, Just(100_000), Just((1usize << 32) + 2)].prop_map(Step::Size),
        1 => (1usize..4).prop_map(Step::ParCount),
        1 => ((1usize..3), (0usize..8)).prop_map(|(d, k)| Step::Subtree(d, k)),
        1 => (0usize..100).prop_map(Step::ForeignSubtree),
        1 => ((1usize..4), (1usize..4)).prop_map(|(k, n)| Step::Shard(k, n)),
        1 => Just(Step::ForeignShard),
        1 => ((0usize..30), (1usize..3)).prop_map(|(o, t)| Step::ForgedPlan(o, t)),
        1 => Just(Step::HugePlan),
        1 => (1u64..20).prop_map(Step::Estimate),
        1 => Just(Step::ReduceCount),
        1 => (0usize..3).prop_map(Step::ReduceForget),
        1 => Just(Step::MinCover),
    ]
}

fn case() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
    (1usize..=6, 0usize..=2).prop_flat_map(|(p, s)| {
        let items = p + s;
        (
            Just(p),
            Just(s),
            prop::collection::vec(
                prop::collection::btree_set(0..items, 1..=items.min(4)),
                1..18,
            )
            .prop_map(|v| v.into_iter().map(|s| s.into_iter().collect()).collect()),
        )
    })
}

fn matrix(p: usize, s: usize, options: &[Vec<usize>]) -> Matrix {
    common::numbered(p, s, options).expect("options of distinct items")
}

/// A run of `dlx` with the model's fixed options.
fn solve<'a>(dlx: &'a mut Dlx, fixed: &[usize]) -> Solve<'a, Dlx> {
    dlx.solve().fix(fixed.iter().copied()).unwrap()
}

/// The figures and solutions of a full search, in order.
fn everything(dlx: &mut Dlx, h: Heuristic, fixed: &[usize]) -> (Stats, Vec<Vec<usize>>) {
    let mut found = Vec::new();
    let stats = solve(dlx, fixed).heuristic(h).run(|s| {
        found.push(s.options());
        ControlFlow::Continue(())
    });
    (stats, found)
}

/// What fixing `o` after `fixed` must answer, worked out from the matrix alone.
fn expected_fix(m: &Matrix, fixed: &[usize], o: usize) -> Result<(), FixError> {
    if o >= m.options().len() {
        return Err(FixError::NoSuchOption(o));
    }
    for &item in m.option(o) {
        if let Some(&with) = fixed.iter().find(|&&f| m.option(f).contains(&item)) {
            return Err(FixError::Clash {
                option: o,
                with,
                item,
            });
        }
    }
    Ok(())
}

/// Runs one step on `dlx` (the model's fixed options in `fixed`), checking what it returns.
fn apply(m: &Matrix, dlx: &mut Dlx, fixed: &mut Vec<usize>, step: &Step) {
    let mut truth = Dlx::new(m);
    let truth = &mut truth;
    match *step {
        Step::Fix(o) => {
            let expected = expected_fix(m, fixed, o);
            let all = fixed.iter().copied().chain([o]);
            assert_eq!(dlx.solve().fix(all).map(drop).err(), expected.clone().err());
            if expected.is_ok() {
                fixed.push(o);
            }
        }
        Step::Unfix => {
            fixed.pop();
        }
        Step::Count(h) => assert_eq!(
            solve(dlx, fixed).heuristic(h).count(),
            solve(truth, fixed).heuristic(h).count()
        ),
        Step::Limit(n) => assert_eq!(
            solve(dlx, fixed).limit(n).count(),
            solve(truth, fixed).limit(n).count()
        ),
        Step::First => assert_eq!(solve(dlx, fixed).first(), solve(truth, fixed).first()),
        Step::Iterate(k) => {
            let a: Vec<_> = solve(dlx, fixed).iter().take(k).collect();
            let b: Vec<_> = solve(truth, fixed).iter().take(k).collect();
            assert_eq!(a, b);
        }
        Step::Forget(k) => {
            let mut search = Search::new(dlx).fix(fixed).unwrap();
            search.by_ref().take(k).for_each(drop);
            std::mem::forget(search);
        }
        Step::ForgetIterator(k) => {
            let mut it = solve(dlx, fixed).iter();
            it.by_ref().take(k).for_each(drop);
            std::mem::forget(it);
        }
        Step::PanickingRule(k) => {
            let calls = AtomicUsize::new(0);
            let result = catch_unwind(AssertUnwindSafe(|| {
                let calls = &calls;
                solve(dlx, fixed)
                    .choose_with(move |items: ActiveItems| {
                        if calls.fetch_add(1, Ordering::Relaxed) + 1 == k {
                            panic!("{DELIBERATE} in a column rule");
                        }
                        items.min_by_key(|&(_, s)| s).unwrap().0
                    })
                    .count()
            }));
            // Either the search ended before the k-th choice, or it panicked.
            if let Ok(stats) = result {
                assert_eq!(stats, solve(truth, fixed).count());
            }
        }
        Step::PanickingVisitor(k) => {
            let mut seen = 0;
            let _ = catch_unwind(AssertUnwindSafe(|| {
                solve(dlx, fixed).run(|_| {
                    seen += 1;
                    if seen == k {
                        panic!("{DELIBERATE} in a visitor");
                    }
                    ControlFlow::Continue(())
                })
            }));
        }
        Step::Interrupted => {
            let flag = AtomicBool::new(true);
            let mut search = solve(dlx, fixed).interrupt(&flag).iter();
            while search.next().is_some() {}
            let stats = search.stats();
            let all = solve(truth, fixed).count();
            // It stops at the first row it covers that is not a solution (rows charged as dead
            // ends, and solutions, come before): a part of the tree, or all of it.
            assert!(stats.nodes <= all.nodes && stats.solutions <= all.solutions);
            assert!(
                stats.nodes - stats.solutions <= 2 || stats.levels.len() > 1,
                "{stats:?}"
            );
            assert!(!stats.complete || stats == all, "{stats:?}");
            let f = search.progress();
            assert!((0.0..=1.0).contains(&f), "{f}");
        }
        Step::Size(item) => {
            dlx.restore();
            let items = dlx.links().item_count();
            let got = catch_unwind(AssertUnwindSafe(|| dlx.links().size(item)));
            if item < items {
                assert_eq!(got.ok(), Some(truth.links().size(item)));
            } else {
                assert!(got.is_err(), "size({item}) of {items} items answered");
            }
        }
        Step::ParCount(threads) => {
            assert_eq!(
                solve(dlx, fixed).threads(threads).count(),
                solve(truth, fixed).count()
            );
        }
        Step::Subtree(depth, k) => {
            let split = solve(dlx, fixed).split(depth);
            if let Some(path) = split.paths.get(k) {
                let a = solve(dlx, fixed).below(path).unwrap().count();
                let b = solve(truth, fixed).below(path).unwrap().count();
                assert_eq!(a, b);
            }
        }
        Step::ForeignSubtree(o) => {
            // Rows that do not exist, or the same row twice: refused, nothing changed.
            let row = ChosenRow { option: o, item: 0 };
            let path = Path::from_rows(vec![row, row]);
            assert!(solve(dlx, fixed).below(&path).is_err());
            // A path of the other engine's tree is refused too.
            let moves = Path::from_moves(vec![0]);
            assert!(solve(dlx, fixed).below(&moves).is_err());
        }
        Step::Shard(k, n) => {
            let plan = solve(dlx, fixed).plan_shards(n).unwrap();
            let got = solve(dlx, fixed).shard_plan(&plan, k).map(|s| s.count());
            if k <= n {
                let mut total = Stats::default();
                for j in 1..=n {
                    let part = solve(truth, fixed).shard_plan(&plan, j).unwrap();
                    total.merge(&part.count());
                }
                total.complete = true;
                assert_eq!(total, solve(truth, fixed).count());
                assert!(got.is_ok());
            } else {
                assert!(got.is_err());
            }
        }
        Step::ForeignShard => {
            let other = matrix(2, 0, &[vec![0], vec![1], vec![0, 1]]);
            let plan = Dlx::new(&other).solve().plan_shards(2).unwrap();
            if !fixed.is_empty() || Dlx::new(&other).fingerprint() != dlx.fingerprint() {
                let s = solve(dlx, fixed).shard_plan(&plan, 1);
                assert!(s.map(|s| s.count()).is_err());
            }
            // Another heuristic's plan is refused too.
            let leftmost = Heuristic::Leftmost;
            let plan = solve(dlx, fixed)
                .heuristic(leftmost)
                .plan_shards(2)
                .unwrap();
            let mrv = solve(dlx, fixed)
                .heuristic(Heuristic::Mrv)
                .shard_plan(&plan, 1);
            assert!(mrv.map(|s| s.count()).is_err());
            // And a plan made with other options fixed.
            let s = solve(dlx, fixed).fix([usize::MAX]).map(drop);
            assert!(s.is_err());
        }
        Step::ForgedPlan(o, t) => {
            let Ok(mut plan) = solve(dlx, fixed).plan_shards(2) else {
                return;
            };
            let Some(first) = plan.split.paths.first().and_then(|p| p.rows()) else {
                return;
            };
            let mut rows = first.to_vec();
            let item = (o < m.options().len()).then(|| m.option(o)[0]);
            rows.push(ChosenRow {
                option: o,
                item: item.unwrap_or(0),
            });
            // Whether the edited path can still be chosen: its options exist and share no
            // item with each other or the fixed options.
            let options: Vec<usize> = (fixed.iter().copied())
                .chain(rows.iter().map(|r| r.option))
                .collect();
            let sound = truth.solve().fix(options).is_ok();
            plan.split.paths[0] = Path::from_rows(rows);
            let threaded = solve(dlx, fixed)
                .shard_plan(&plan, 1)
                .map(|s| s.threads(t).count());
            let lazy = solve(dlx, fixed)
                .shard_plan(&plan, 1)
                .map(|s| s.iter().count());
            if !sound {
                assert!(threaded.is_err() && lazy.is_err());
            }
        }
        Step::HugePlan => {
            assert!(solve(dlx, fixed).plan_shards(usize::MAX).is_err());
            assert!(solve(dlx, fixed).plan_shards(0).is_err());
        }
        Step::Estimate(samples) => {
            assert_eq!(
                solve(dlx, fixed).estimate_plain(samples, 7),
                solve(truth, fixed).estimate_plain(samples, 7)
            );
        }
        Step::ReduceCount => {
            let a = Reduce::new(dlx).fix(fixed).unwrap().count();
            assert_eq!(a, Reduce::new(truth).fix(fixed).unwrap().count());
        }
        Step::ReduceForget(k) => {
            let mut r = Reduce::new(dlx).fix(fixed).unwrap();
            r.by_ref().take(k).for_each(drop);
            std::mem::forget(r);
        }
        Step::MinCover => {
            let a = MinCover::new(m).solve();
            let b = MinCover::new(m).solve();
            assert_eq!(a, b);
        }
    }
}

/// After any step: the arena is whole and equals a fresh one, and a search of it with the
/// model's fixed options gives the same figures and solutions in the same order.
fn check(m: &Matrix, dlx: &mut Dlx, fixed: &[usize]) {
    let mut truth = Dlx::new(m);
    dlx.restore();
    dlx.links().check().unwrap();
    assert_eq!(dlx, &truth);
    for h in [Heuristic::Mrv, Heuristic::Leftmost] {
        assert_eq!(everything(dlx, h, fixed), everything(&mut truth, h, fixed));
    }
}

/// Runs the steps on a fresh arena of the matrix, checking after each one.
fn run_steps(p: usize, s: usize, options: &[Vec<usize>], steps: &[Step]) {
    quiet_deliberate_panics();
    let m = matrix(p, s, options);
    let mut dlx = Dlx::new(&m);
    let mut fixed = Vec::new();
    for step in steps {
        apply(&m, &mut dlx, &mut fixed, step);
        check(&m, &mut dlx, &fixed);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn no_sequence_of_calls_leaves_the_arena_unsound(
        (p, s, options) in case(),
        steps in prop::collection::vec(step(), 1..12),
    ) {
        run_steps(p, s, &options, &steps);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    #[ignore = "20,000 sequences of up to 40 calls (5 s in release, more in the test profile): run by `cargo xtask slow`"]
    fn no_long_sequence_of_calls_leaves_the_arena_unsound(
        (p, s, options) in case(),
        steps in prop::collection::vec(step(), 1..40),
    ) {
        run_steps(p, s, &options, &steps);
    }
}

/// The reproduction: a paused search leaked, then a fix, then a count. It used to
/// cover the leaked columns a second time and write past the search's per-depth arrays.
#[test]
fn a_leaked_search_then_a_fix_counts_as_a_fresh_arena() {
    let m = dlx_core::format::parse("p0 p1 p2 p3\np1 p3\np1 p2\np1 p0 p2\np0\np3\np3\n").unwrap();
    let mut dlx = Dlx::new(&m);
    let mut search = Search::new(&mut dlx);
    assert!(search.next_solution().is_some());
    std::mem::forget(search);
    let mut truth = Dlx::new(&m);
    assert_eq!(
        dlx.solve().fix([1]).unwrap().count(),
        truth.solve().fix([1]).unwrap().count()
    );
    // Without the fix, the paper's matrix (3) after a leak still has its one solution.
    let m3 =
        dlx_core::format::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
    let mut dlx = Dlx::new(&m3);
    let mut search = Search::new(&mut dlx);
    assert!(search.next_solution().is_some());
    std::mem::forget(search);
    assert_eq!(dlx.solve().count().solutions, 1);
}

#[test]
fn reading_the_links_of_a_leaked_search_is_refused_clearly() {
    quiet_deliberate_panics();
    let m = dlx_core::format::parse("a b\na\nb\na b\n").unwrap();
    let mut dlx = Dlx::new(&m);
    let mut search = Search::new(&mut dlx);
    assert!(search.next_solution().is_some());
    std::mem::forget(search);
    let refused = catch_unwind(AssertUnwindSafe(|| dlx.links().size(0)));
    let message = *refused.unwrap_err().downcast::<&str>().unwrap();
    assert!(message.contains("Dlx::restore"), "{message}");
    dlx.restore();
    assert_eq!(dlx.links().size(0), 2);
    let size = catch_unwind(AssertUnwindSafe(|| dlx.links().size(100_000)));
    let message = *size.unwrap_err().downcast::<String>().unwrap();
    assert_eq!(
        message,
        "item 100000 does not exist: the matrix has 2 items"
    );
}

/// An interrupt set while a search runs (from another thread) stops it with the figures
/// reached, and the arena is whole afterwards.
#[test]
fn an_interrupt_from_another_thread_stops_a_long_count() {
    // 12 queens (14,200 solutions): stopped once the search has found its first one.
    let m = common::queens(12);
    let mut dlx = Dlx::new(&m);
    let flag = Arc::new(AtomicBool::new(false));
    let found = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let stopper = std::thread::spawn({
        let (flag, found) = (Arc::clone(&flag), Arc::clone(&found));
        move || {
            while found.load(std::sync::atomic::Ordering::Relaxed) == 0 {
                std::thread::yield_now();
            }
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    let mut search = dlx.solve().interrupt(&flag).iter();
    while search.next().is_some() {
        found.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        // Give the other thread time to see it before the tree runs out.
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let (stats, fraction) = (search.stats(), search.progress());
    drop(search);
    stopper.join().unwrap();
    assert!(!stats.complete);
    assert!(stats.solutions < 14_200, "{stats:?}");
    assert!((0.0..1.0).contains(&fraction), "{fraction}");
    // Cleared, the same arena counts the whole tree.
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    dlx.links().check().unwrap();
    let all = dlx.solve().interrupt(&flag).count();
    assert_eq!((all.solutions, all.complete), (14_200, true));
    // On several threads too.
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    let par = dlx.solve().interrupt(&flag).threads(2).count();
    assert!(!par.complete);
    assert!(par.solutions < 14_200);
}
