//! One builder drives every run: its options hold together on one thread, several threads
//! and shards, for both engines.

#![cfg(feature = "parallel")]

mod common;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::queens;
use dlx_core::step::{Search, XccSearch};
use dlx_core::{Dlx, FixError, Heuristic, Stats, Xcc, format};

/// Colours: the 5-cycle's proper 3-colourings (30), edges primary, vertices coloured.
fn colourings() -> dlx_core::Matrix {
    let mut text = String::from("e0 e1 e2 e3 e4 | v0 v1 v2 v3 v4\n");
    for e in 0..5 {
        for a in 0..3 {
            for b in 0..3 {
                if a != b {
                    text.push_str(&format!("e{e} v{e}:{a} v{}:{b}\n", (e + 1) % 5));
                }
            }
        }
    }
    format::parse(&text).unwrap()
}

#[test]
fn a_limit_holds_on_any_number_of_threads_and_in_shards() {
    let m = queens(8);
    let mut dlx = Dlx::new(&m);
    let all = dlx.solve().count();
    assert_eq!(all.solutions, 92);
    for threads in [1, 2, 3] {
        for limit in [1, 5, 91, 92, 200] {
            let mut seen = Vec::new();
            let stats = dlx.solve().threads(threads).limit(limit).run(|s| {
                seen.push(s.sorted_options());
                ControlFlow::Continue(())
            });
            let expect = limit.min(92);
            assert_eq!(
                seen.len() as u64,
                expect,
                "{threads} threads, limit {limit}"
            );
            assert_eq!(stats.solutions, expect);
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len() as u64, expect, "no solution twice");
            // Counting honours it too, without a visitor.
            let counted = dlx.solve().threads(threads).limit(limit).count();
            assert_eq!(counted.solutions, expect);
            if limit > 92 {
                assert_eq!(counted, all, "a limit never reached changes nothing");
            }
        }
    }
    // A shard with a limit: at most that many of its own solutions.
    let shard = dlx.solve().shard(2, 3).unwrap().count();
    let limited = dlx.solve().shard(2, 3).unwrap().threads(2).limit(3).count();
    assert_eq!(limited.solutions, shard.solutions.min(3));
    assert_eq!(
        *dlx.links(),
        *Dlx::new(&m).links(),
        "the links are put back"
    );
}

/// A limit of 0 finds nothing on every route: one thread or several, a shard, an observer,
/// exact cover or colours, `count`, `run`, `iter` and the expert layer alike (the runs in
/// parts and the colour search had tested their limit after a solution, and found one).
#[test]
fn a_limit_of_zero_finds_nothing_anywhere() {
    let nothing = Stats {
        complete: false,
        ..Stats::default()
    };
    let plain = queens(6);
    let colours = colourings();
    for m in [&plain, &colours] {
        let mut p = dlx_core::Problem::new(m);
        let whole = p.solve().count();
        assert!(whole.solutions > 0);
        for threads in [1, 2] {
            let mut visits = 0;
            let ran = p.solve().threads(threads).limit(0).run(|_| {
                visits += 1;
                ControlFlow::Continue(())
            });
            assert_eq!(
                (visits, ran.clone()),
                (0, nothing.clone()),
                "{threads} threads"
            );
            assert!(ran.profile_table().contains("(0 nodes with the root)"));
            assert_eq!(p.solve().threads(threads).limit(0).count(), nothing);
            let observed = p.solve().threads(threads).observe(|_, _, _| {}).limit(0);
            assert_eq!(observed.count(), nothing);
            let shard = p.solve().shard(1, 1).unwrap().threads(threads).limit(0);
            assert_eq!(shard.count(), nothing);
        }
        // `first` keeps the limit of 0 (an audit found it replaced by 1).
        assert_eq!(p.solve().limit(0).first(), None);
        assert!(p.solve().limit(5).first().is_some());
        let mut iter = p.solve().limit(0).iter();
        assert!(iter.next().is_none());
        assert_eq!(iter.stats(), nothing);
        drop(iter);
        assert_eq!(p.solve().count(), whole, "the problem is whole after");
    }
    let mut xcc = Xcc::new(&colours);
    assert_eq!(XccSearch::new(&mut xcc).limit(0).count().solutions, 0);
    let mut dlx = Dlx::new(&plain);
    assert_eq!(Search::new(&mut dlx).limit(0).count().solutions, 0);
}

/// A count of threads past `MAX_THREADS` is taken as that many, not tried (a million
/// threads had aborted the process); the figures do not change.
#[test]
fn a_huge_count_of_threads_is_capped() {
    let m = queens(6);
    let mut dlx = Dlx::new(&m);
    let whole = dlx.solve().count();
    assert_eq!(dlx.solve().threads(usize::MAX).count(), whole);
}

#[test]
fn the_sequential_limit_keeps_knuths_order_and_figures() {
    let m = queens(8);
    let mut dlx = Dlx::new(&m);
    let knuth = Search::new(&mut dlx).limit(10).count();
    assert_eq!(dlx.solve().limit(10).count(), knuth);
    assert_eq!(dlx.solve().first(), Search::new(&mut dlx).first().0);
    let stats = dlx.solve().limit(1).count();
    assert_eq!(stats, Search::new(&mut dlx).limit(1).count());
}

#[test]
fn a_break_stops_every_thread_and_no_solution_follows_it() {
    let m = queens(10);
    let mut dlx = Dlx::new(&m);
    for threads in [1, 2] {
        let mut visits = 0;
        let stats = dlx.solve().threads(threads).run(|_| {
            visits += 1;
            if visits == 7 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(visits, 7, "{threads} threads");
        assert_eq!((stats.solutions, stats.complete), (7, false));
    }
}

#[test]
fn the_rule_and_the_dead_end_test_reach_every_thread_and_shard() {
    let m = queens(9);
    let mut dlx = Dlx::new(&m);
    for h in [Heuristic::Mrv, Heuristic::Leftmost] {
        let truth = dlx.solve().heuristic(h).count();
        for test in [true, false] {
            let par = dlx
                .solve()
                .heuristic(h)
                .dead_end_test(test)
                .threads(2)
                .count();
            assert_eq!(par, truth, "{h}, dead-end test {test}");
            let mut total = Stats::default();
            for k in 1..=4 {
                let s = dlx.solve().heuristic(h).dead_end_test(test).shard(k, 4);
                total.merge(&s.unwrap().threads(2).count());
            }
            total.complete = true;
            assert_eq!(total, truth, "{h} in 4 shards");
        }
    }
}

#[test]
fn shards_of_the_builder_are_those_of_the_plan() {
    let m = queens(9);
    let mut dlx = Dlx::new(&m);
    let plan = dlx.solve().plan_shards(5).unwrap();
    for k in 1..=5 {
        let mut own = dlx.solve().shard(k, 5).unwrap();
        let cut = own.shard_cut().unwrap();
        assert_eq!(cut.depth, plan.split.depth);
        assert_eq!(cut.total, plan.split.paths.len());
        assert_eq!(
            cut.subproblems,
            plan.owner.iter().filter(|&&o| o == k).count()
        );
        let own = own.count();
        let planned = dlx.solve().shard_plan(&plan, k).unwrap().count();
        assert_eq!(own, planned, "shard {k}");
    }
    // A plan of another rule is refused when the rule was set, and taken when it was not.
    let leftmost = dlx
        .solve()
        .heuristic(Heuristic::Leftmost)
        .plan_shards(2)
        .unwrap();
    let refused = dlx
        .solve()
        .heuristic(Heuristic::Mrv)
        .shard_plan(&leftmost, 1);
    assert!(refused.is_err());
    drop(refused);
    let taken = dlx.solve().shard_plan(&leftmost, 1).unwrap().count();
    let mut total = taken;
    total.merge(&dlx.solve().shard_plan(&leftmost, 2).unwrap().count());
    assert_eq!(total, dlx.solve().heuristic(Heuristic::Leftmost).count());
}

#[test]
#[should_panic(expected = "the shard plan cuts the tree of the rule")]
fn another_rule_after_a_plan_is_a_clear_panic() {
    let mut dlx = Dlx::new(&queens(6));
    let plan = dlx.solve().plan_shards(2).unwrap();
    let _ = dlx
        .solve()
        .shard_plan(&plan, 1)
        .unwrap()
        .heuristic(Heuristic::Leftmost);
}

#[test]
fn the_observer_sees_parts_that_add_up_to_the_whole() {
    let m = queens(9);
    let mut dlx = Dlx::new(&m);
    let truth = dlx.solve().count();
    for threads in [1, 2] {
        let parts = std::sync::Mutex::new(Stats::default());
        let calls = AtomicUsize::new(0);
        let stats = dlx
            .solve()
            .threads(threads)
            .observe(|part, done, total| {
                assert!(done <= total);
                parts.lock().unwrap().merge(part);
                calls.fetch_add(1, Ordering::Relaxed);
            })
            .count();
        assert_eq!(stats, truth);
        let mut sum = parts.into_inner().unwrap();
        sum.complete = true;
        assert_eq!(sum, truth, "{threads} threads");
        assert!(calls.into_inner() > 2);
    }
}

#[test]
fn colours_take_the_same_options() {
    let m = colourings();
    let mut xcc = Xcc::new(&m);
    let all = xcc.solve().count();
    assert_eq!(all.solutions, 30);
    assert_eq!(xcc.solve().threads(2).count(), all);
    let mut total = Stats::default();
    for k in 1..=3 {
        total.merge(&xcc.solve().shard(k, 3).unwrap().threads(2).count());
    }
    total.complete = true;
    assert_eq!(total, all);
    for threads in [1, 2] {
        let mut seen = 0;
        let stats = xcc.solve().threads(threads).limit(4).run(|_| {
            seen += 1;
            ControlFlow::Continue(())
        });
        assert_eq!((seen, stats.solutions, stats.complete), (4, 4, false));
    }
    assert_eq!(xcc.solve().first(), XccSearch::new(&mut xcc).first().0);
    assert!(xcc.solve().shard(4, 3).is_err());
}

#[test]
fn a_shard_planned_under_an_interrupt_is_never_complete() {
    // An interrupted plan is not every machine's plan: its shard must not pass for done.
    let m = queens(8);
    let mut dlx = Dlx::new(&m);
    let flag = std::sync::atomic::AtomicBool::new(true);
    assert_eq!(
        dlx.solve().interrupt(&flag).plan_shards(3).unwrap_err(),
        dlx_core::ShardError::Interrupted
    );
    for k in 1..=3 {
        for threads in [1, 2] {
            let s = dlx.solve().interrupt(&flag).shard(k, 3).unwrap();
            let s = s.threads(threads).count();
            assert!(!s.complete, "shard {k} on {threads} threads");
        }
    }
    let mut xcc = Xcc::new(&colourings());
    let s = xcc.solve().interrupt(&flag).shard(2, 3).unwrap().count();
    assert!(!s.complete);
    flag.store(false, Ordering::Relaxed);
    let whole: u64 = (1..=3)
        .map(|k| dlx.solve().shard(k, 3).unwrap().count().solutions)
        .sum();
    assert_eq!(whole, 92);
}

#[test]
fn the_stratified_estimate_brackets_the_truth_and_its_shards_add_up() {
    let m = queens(10);
    let mut dlx = Dlx::new(&m);
    let truth = dlx.solve().count();
    for seed in 1..=5 {
        let est = dlx.solve().estimate(4000, seed);
        assert!(est.strata > 1, "the tree is cut");
        for (what, s, t) in [
            ("nodes", est.nodes, truth.nodes),
            ("updates", est.updates, truth.updates),
            ("solutions", est.solutions, truth.solutions),
        ] {
            assert!(s.is_bounded(), "{what}: {s:?}");
            let gap = (s.mean - t as f64).abs();
            assert!(
                gap <= 4.0 * s.std_error,
                "seed {seed}, {what}: {s:?} vs {t}"
            );
        }
    }
    // Each shard's estimate is of its own part: together they estimate the whole.
    let (mut mean, mut var) = (0.0, 0.0);
    for k in 1..=3 {
        let e = dlx.solve().shard(k, 3).unwrap().estimate(3000, 7);
        mean += e.updates.mean;
        var += e.updates.std_error.powi(2);
    }
    let gap = (mean - truth.updates as f64).abs();
    assert!(
        gap <= 4.0 * var.sqrt(),
        "{mean} ± {} vs {}",
        var.sqrt(),
        truth.updates
    );
    // The arena is left as it was.
    assert_eq!(dlx.solve().count(), truth);
}

/// `Solutions::count_rest` (the `dlx` command's count on one thread) ends with the figures
/// and progress of stepping with `advance` to the end, for both engines, after some solutions
/// were taken one at a time, with a limit, and in shards (with and without their limit).
#[test]
fn counting_the_rest_ends_where_advancing_does() {
    let (q, c) = (queens(8), colourings());
    let (mut dlx, mut xcc) = (Dlx::new(&q), Xcc::new(&c));
    for (name, whole) in [
        ("queens", dlx.solve().count()),
        ("colourings", xcc.solve().count()),
    ] {
        assert_eq!(whole.solutions, if name == "queens" { 92 } else { 30 });
    }
    // Each case: a fresh iterator made by `$make`, `$taken` solutions stepped first.
    macro_rules! check {
        ($make:expr, $taken:expr, $what:expr) => {{
            let (stats, progress) = {
                let mut stepped = $make;
                while stepped.advance() {}
                (stepped.stats(), stepped.progress())
            };
            let mut counted = $make;
            for _ in 0..$taken {
                counted.advance();
            }
            counted.count_rest();
            assert_eq!(counted.stats(), stats, "{}, {} taken first", $what, $taken);
            assert_eq!(counted.progress(), progress, "{}", $what);
            assert!(!counted.advance(), "{}: nothing follows", $what);
        }};
    }
    for taken in [0, 1, 7] {
        check!(dlx.solve().iter(), taken, "queens");
        check!(dlx.solve().limit(20).iter(), taken, "queens, limit 20");
        check!(
            dlx.solve().shard(2, 3).unwrap().iter(),
            taken,
            "queens, shard 2/3"
        );
        check!(
            dlx.solve().shard(1, 3).unwrap().limit(30).iter(),
            taken,
            "queens, shard 1/3 to 30"
        );
        check!(xcc.solve().iter(), taken, "colourings");
        check!(xcc.solve().limit(12).iter(), taken, "colourings, limit 12");
        check!(
            xcc.solve().shard(1, 2).unwrap().iter(),
            taken,
            "colourings, shard 1/2"
        );
    }
    assert_eq!(
        dlx.solve().limit(20).iter().stats().solutions,
        0,
        "nothing before a step"
    );
    let mut limited = xcc.solve().limit(12).iter();
    limited.count_rest();
    assert_eq!(limited.stats().solutions, 12);
    assert_eq!(
        *dlx.links(),
        *Dlx::new(&q).links(),
        "the links are put back"
    );
}

#[test]
fn a_subtree_with_bounds_or_colours_gives_the_same_figures_on_any_terminal() {
    // Found by an audit of the API: below a path, one thread counted the nodes one fewer
    // than two threads (and than `nodes - 1 == the levels' sum` allows).
    let m = format::parse("2|a\na\na\na\n").unwrap();
    let mut p = dlx_core::Problem::new(&m);
    let paths = p.solve().split(1).paths;
    assert!(!paths.is_empty());
    for path in &paths {
        let one = p.solve().below(path).unwrap().count();
        assert_eq!(one, p.solve().below(path).unwrap().threads(2).count());
        assert_eq!(
            one.levels.iter().map(|l| l.nodes).sum::<u64>(),
            one.nodes - 1
        );
    }
    // A path that runs on past a solution, or takes a move its node does not have, is no
    // node of the tree: refused, naming the step, as a row path of the links is. (Such paths
    // were once searched, and held no solutions without a word.)
    let m = format::parse("a b | x\na x:1\nb x:1\n").unwrap();
    let mut p = dlx_core::Problem::new(&m);
    let past = dlx_core::Path::from_moves(vec![0, 0, 0]);
    let e = p.solve().below(&past).unwrap_err();
    assert_eq!((e.index, e.source.clone()), (2, FixError::NoSuchMove(0)));
    assert_eq!(
        e.to_string(),
        "step 2 of the path cannot be taken: move 0 leads to no node of the tree"
    );
    let beyond = dlx_core::Path::from_moves(vec![0, 7]);
    let e = p.solve().below(&beyond).unwrap_err();
    assert_eq!((e.index, e.source), (1, FixError::NoSuchMove(7)));
    // Every path of a cut is one of the tree's, at any depth, and its subtrees add up.
    for depth in 1..=3 {
        let split = p.solve().split(depth);
        let below: u64 = (split.paths.iter())
            .map(|path| p.solve().below(path).unwrap().count().solutions)
            .sum();
        assert_eq!(split.stats.solutions + below, 1, "depth {depth}");
    }
    assert_eq!(p.solve().count().solutions, 1);
    // Options fixed after the path make another tree: the path is checked again.
    let two = dlx_core::Path::from_moves(vec![0, 0]);
    let e = p.solve().below(&two).unwrap().fix([0]).unwrap_err();
    assert_eq!(e, FixError::NoSuchMove(0));
    assert_eq!(p.solve().fix([0]).unwrap().count().solutions, 1);
}

/// Moves are numbered at each node, so a path of moves is another under another rule: one
/// taken below under the leftmost rule cannot be kept when the rule changes after it.
#[test]
#[should_panic(expected = "the subtree's path is no node of the tree of the rule mrv")]
fn a_path_of_moves_is_checked_again_when_the_rule_changes() {
    // Leftmost branches on a (two moves); the S heuristic on b (one).
    let m = format::parse("a b | x\na x:1\na x:2\nb x:1\n").unwrap();
    let mut p = dlx_core::Problem::new(&m);
    let second = dlx_core::Path::from_moves(vec![1]);
    assert!(p.solve().below(&second).is_err());
    let leftmost = p
        .solve()
        .heuristic(Heuristic::Leftmost)
        .below(&second)
        .unwrap();
    let _ = leftmost.heuristic(Heuristic::Mrv);
}
