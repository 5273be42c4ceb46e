//! Shards merged give exactly the figures of the unsharded search.

mod common;

use common::queens;
use dlx_core::{Dlx, Heuristic, ShardError, ShardPlan, Stats, format};
use std::ops::ControlFlow;
use std::sync::Mutex;

fn merged(dlx: &mut Dlx, h: Heuristic, n: usize, threads: usize) -> (Stats, Vec<Vec<usize>>) {
    let plan = dlx.solve().heuristic(h).plan_shards(n).unwrap();
    assert_eq!(plan.owner.len(), plan.split.paths.len());
    let found = Mutex::new(Vec::new());
    let mut total = Stats::default();
    for k in 1..=n {
        let s = dlx
            .solve()
            .shard_plan(&plan, k)
            .unwrap()
            .threads(threads)
            .run(|sol| {
                found.lock().unwrap().push(sol.sorted_options());
                ControlFlow::Continue(())
            });
        assert!(s.complete);
        total.merge(&s);
    }
    total.complete = true;
    let mut found = found.into_inner().unwrap();
    found.sort();
    (total, found)
}

#[test]
fn one_three_and_eight_shards_merge_to_the_single_run() {
    let matrix3 = format::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
    for (m, h) in [
        (queens(6), Heuristic::Mrv),
        (queens(8), Heuristic::Mrv),
        (queens(8), Heuristic::Leftmost),
        (queens(9), Heuristic::Mrv),
        (matrix3, Heuristic::Mrv),
    ] {
        let mut dlx = Dlx::new(&m);
        let truth = dlx.solve().heuristic(h).count();
        let mut all: Vec<Vec<usize>> = dlx
            .solve()
            .heuristic(h)
            .iter()
            .map(|s| s.sorted_options())
            .collect();
        all.sort();
        // One thread searches on the caller's, more in a pool: the same figures.
        for (n, threads) in [(1, 1), (3, 1), (8, 1), (3, 2), (8, 3)] {
            let (total, found) = merged(&mut dlx, h, n, threads);
            assert_eq!(total, truth, "{n} shards, {threads} threads");
            assert_eq!(found, all, "{n} shards, {threads} threads: solutions");
        }
    }
}

#[test]
fn one_thread_is_the_callers_own() {
    // So the caller can time a shard by its own CPU clock.
    let m = queens(8);
    let mut dlx = Dlx::new(&m);
    let plan = dlx.solve().plan_shards(2).unwrap();
    let me = std::thread::current().id();
    let elsewhere = Mutex::new(0);
    let mut solutions = 0;
    for k in 1..=2 {
        let s = dlx.solve().shard_plan(&plan, k).unwrap().run(|_| {
            if std::thread::current().id() != me {
                *elsewhere.lock().unwrap() += 1;
            }
            ControlFlow::Continue(())
        });
        solutions += s.solutions;
    }
    assert_eq!(solutions, 92);
    assert_eq!(*elsewhere.lock().unwrap(), 0);
}

#[test]
fn a_shard_of_few_subproblems_is_shared_by_its_threads() {
    // A plan deals whole subtrees, and a shard can get a single one (the largest subtrees of
    // the 9x10 campaign are shards of their own). On several threads such a shard is split
    // again below its path, with the figures it has on one thread.
    for (m, h) in [
        (queens(12), Heuristic::Mrv),
        (queens(10), Heuristic::Leftmost),
        (grid_colourings(4, 3), Heuristic::Mrv),
    ] {
        let mut problem = dlx_core::Problem::new(&m);
        let truth = problem.solve().heuristic(h).count();
        let mut plan = problem.solve().heuristic(h).plan_shards(2).unwrap();
        // Shard 1 gets the first subtree alone, shard 2 all the others.
        plan.owner = (0..plan.owner.len())
            .map(|i| if i == 0 { 1 } else { 2 })
            .collect();
        let mut total = Stats::default();
        for k in 1..=2 {
            let one = problem.solve().shard_plan(&plan, k).unwrap().count();
            let parts = Mutex::new(0);
            let four = (problem.solve().shard_plan(&plan, k).unwrap().threads(4))
                .observe(|_, _, n| *parts.lock().unwrap() = n)
                .count();
            assert_eq!(four, one, "shard {k}, {h:?}");
            // Without the `parallel` feature every run is on the calling thread, uncut.
            if k == 1 && cfg!(feature = "parallel") {
                let parts = parts.into_inner().unwrap();
                assert!(parts >= 4, "one subtree on four threads: {parts} parts");
            }
            total.merge(&four);
        }
        total.complete = true;
        assert_eq!(total, truth, "{h:?}");
    }
}

/// The proper colourings of the `side` x `side` grid graph with `q` colours, with colours:
/// an edge is a primary item, a vertex a secondary one, each option an edge with a colour on
/// each end.
fn grid_colourings(side: usize, q: usize) -> dlx_core::Matrix {
    let v = |r: usize, c: usize| format!("v{r}_{c}");
    let mut edges = Vec::new();
    for r in 0..side {
        for c in 0..side {
            if c + 1 < side {
                edges.push((v(r, c), v(r, c + 1)));
            }
            if r + 1 < side {
                edges.push((v(r, c), v(r + 1, c)));
            }
        }
    }
    let primary: Vec<String> = (0..edges.len()).map(|e| format!("e{e}")).collect();
    let secondary: Vec<String> = (0..side * side).map(|i| v(i / side, i % side)).collect();
    let mut text = format!("{} | {}\n", primary.join(" "), secondary.join(" "));
    for (e, (a, b)) in edges.iter().enumerate() {
        for x in 0..q {
            for y in (0..q).filter(|&y| y != x) {
                text.push_str(&format!("e{e} {a}:{x} {b}:{y}\n"));
            }
        }
    }
    format::parse(&text).unwrap()
}

#[test]
fn plans_are_deterministic_and_balanced() {
    let m = queens(10);
    let mut dlx = Dlx::new(&m);
    let a = dlx.solve().plan_shards(4).unwrap();
    let b = Dlx::new(&m).solve().plan_shards(4).unwrap();
    assert_eq!(a, b);
    assert!(a.split.paths.len() >= 64);
    // The estimates are made side by side on several threads, each seeded by its path's
    // place: the same plan on any number of them, and the same shard searched.
    for threads in [2, 3, 0] {
        let c = dlx.solve().threads(threads).plan_shards(4).unwrap();
        assert_eq!(a, c, "{threads} threads");
        let k2 = dlx.solve().shard(2, 4).unwrap().threads(threads).count();
        assert_eq!(k2, dlx.solve().shard_plan(&a, 2).unwrap().count());
    }
    // Every shard gets work, and the estimated loads are within a factor 2 of each other.
    for k in 1..=4 {
        assert!(a.owner.contains(&k));
    }
    let (lo, hi) = a
        .load
        .iter()
        .fold((f64::MAX, 0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    assert!(hi <= 2.0 * lo, "loads {:?}", a.load);
}

#[test]
fn a_plan_is_made_again_from_its_deal() {
    let m = queens(9);
    let mut dlx = Dlx::new(&m);
    let plan = dlx.solve().plan_shards(5).unwrap();
    let again = dlx
        .solve()
        .plan_shards_dealt(5, plan.split.depth, plan.owner.clone(), plan.load.clone())
        .unwrap();
    assert_eq!(again, plan);
    let (depth, n) = (plan.split.depth, plan.owner.len());
    let deal = |owner: Vec<usize>, depth: usize| {
        Dlx::new(&m)
            .solve()
            .plan_shards_dealt(5, depth, owner, plan.load.clone())
    };
    let mut zero = plan.owner.clone();
    zero[n / 2] = 0;
    let mut six = plan.owner.clone();
    six[0] = 6;
    for (what, owner, depth) in [
        ("short", plan.owner[1..].to_vec(), depth),
        ("shard 0", zero, depth),
        ("shard 6 of 5", six, depth),
        ("another depth", plan.owner.clone(), depth + 1),
        ("depth 0", plan.owner.clone(), 0),
    ] {
        let e = deal(owner, depth).unwrap_err();
        assert!(matches!(e, ShardError::BadDeal { .. }), "{what}: {e}");
    }
    // Any fitting deal adds up to the whole search.
    let turns: Vec<usize> = (0..n).map(|i| i % 5 + 1).collect();
    let other = deal(turns, depth).unwrap();
    let mut total = Stats::default();
    for k in 1..=5 {
        total.merge(&dlx.solve().shard_plan(&other, k).unwrap().count());
    }
    total.complete = true;
    assert_eq!(total, dlx.solve().count());
}

#[test]
fn a_missing_shard_number_is_an_error() {
    let m = queens(5);
    let mut dlx = Dlx::new(&m);
    let plan = dlx.solve().plan_shards(3).unwrap();
    assert!(dlx.solve().shard_plan(&plan, 0).map(|s| s.count()).is_err());
    let e = dlx
        .solve()
        .shard_plan(&plan, 4)
        .map(|s| s.count())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "shard 4 does not exist: shards are numbered 1 to 3"
    );
}

/// Why shard 1 of `plan` is refused, the same on one thread and on two.
fn refusal(dlx: &mut Dlx, plan: &ShardPlan) -> ShardError {
    let [one, two] = [1, 2].map(|threads| {
        dlx.solve()
            .threads(threads)
            .shard_plan(plan, 1)
            .map(|s| s.count())
            .unwrap_err()
    });
    assert_eq!(one.to_string(), two.to_string());
    one
}

/// A plan's fields are public, and plans travel: a path edited or damaged (a row twice, two
/// rows sharing an item, an option that does not exist, a row named by an item not its own)
/// or a deal that gives a subproblem no shard is refused by name, on every route, and the
/// arena is left whole (a row covered twice had corrupted the links, and a later run crashed).
#[test]
fn an_edited_plan_is_refused_and_the_arena_stays_whole() {
    use dlx_core::{ChosenRow, Path};
    let m = queens(10);
    let mut dlx = Dlx::new(&m);
    let whole = dlx.solve().count();
    let plan = dlx.solve().plan_shards(4).unwrap();
    assert!(plan.split.depth > 0 && !plan.split.paths.is_empty());
    let first = plan.split.paths[0].rows().unwrap()[0];
    let clash = (0..m.options().len())
        .find(|&o| o != first.option && m.option(o).contains(&first.item))
        .unwrap();
    let foreign_item = (0..m.items().len())
        .find(|i| !m.option(first.option).contains(i))
        .unwrap();
    let row = |option, item| ChosenRow { option, item };
    for (rows, message) in [
        (
            vec![first, first],
            format!("subproblem 0 of the plan: step 1 of the path cannot be taken: option {} clashes with option {} on item", first.option, first.option),
        ),
        (
            vec![first, row(clash, first.item)],
            format!("subproblem 0 of the plan: step 1 of the path cannot be taken: option {clash} clashes with option {}", first.option),
        ),
        (
            vec![row(10_000, 0)],
            "subproblem 0 of the plan: step 0 of the path cannot be taken: option 10000 does not exist".to_string(),
        ),
        (
            vec![row(first.option, foreign_item)],
            format!("subproblem 0 of the plan: step 0 of the path cannot be taken: option {} does not hold item {foreign_item}", first.option),
        ),
    ] {
        let mut forged = plan.clone();
        forged.split.paths[0] = Path::from_rows(rows);
        let e = refusal(&mut dlx, &forged);
        assert!(e.to_string().starts_with(&message), "{e} / {message}");
        assert!(dlx.solve().shard_plan(&forged, 1).map(|s| s.iter().count()).is_err());
        dlx.links().check().unwrap();
        assert_eq!(dlx.solve().count(), whole);
    }
    let mut forged = plan.clone();
    forged.owner.pop();
    let e = dlx
        .solve()
        .shard_plan(&forged, 1)
        .map(|s| s.count())
        .unwrap_err();
    assert!(matches!(e, ShardError::BadDeal { .. }), "{e}");
    let mut forged = plan.clone();
    forged.owner[0] = plan.shards + 1;
    assert!(dlx.solve().shard_plan(&forged, 1).is_err());
    // Found by an audit: a subproblem twice (counted twice), a solution added above the
    // cut, a cut at another depth, figures that are not their levels' sums.
    let twice = |p: &mut ShardPlan| {
        let again = p.split.paths[0].clone();
        p.split.paths.push(again);
        p.owner.push(1);
    };
    let more = |p: &mut ShardPlan| {
        let extra = p.split.paths[0].clone();
        p.split.solutions.push(dlx_core::Solution {
            rows: extra.rows().unwrap().to_vec(),
        });
    };
    let deeper = |p: &mut ShardPlan| p.split.depth += 4;
    let sums = |p: &mut ShardPlan| p.split.stats.updates = u64::MAX;
    for (what, forge, message) in [
        ("twice", &twice as &dyn Fn(&mut ShardPlan), "comes twice"),
        ("more", &more, "solutions listed above the cut"),
        ("deeper", &deeper, "not at the cut"),
        ("sums", &sums, "not the sums of its levels"),
    ] {
        let mut forged = plan.clone();
        forge(&mut forged);
        let e = dlx
            .solve()
            .shard_plan(&forged, 1)
            .map(|s| s.count())
            .unwrap_err();
        assert!(matches!(e, ShardError::BadDeal { .. }), "{what}: {e}");
        assert!(e.to_string().contains(message), "{what}: {e}");
    }
    // Found by an audit: what fits every check above and is still not the tree's cut. A
    // subproblem left out (its shard's figures short without a word), a row named by
    // another of its option's items (a node of compatible rows the search never meets), and
    // levels above the cut near 2^64 whose sums fit (adding a shard's figures overflowed).
    let dropped = |p: &mut ShardPlan| {
        p.split.paths.pop();
        p.owner.pop();
    };
    let renamed = |p: &mut ShardPlan| {
        let mut rows = p.split.paths[0].rows().unwrap().to_vec();
        let last = rows.last_mut().unwrap();
        last.item = *m
            .option(last.option)
            .iter()
            .find(|&&i| i != last.item)
            .unwrap();
        p.split.paths[0] = Path::from_rows(rows);
    };
    let huge = |p: &mut ShardPlan| {
        let levels = &mut p.split.stats.levels;
        let (u, n) = (levels[1..].iter()).fold((0, 0), |(u, n), l| (u + l.updates, n + l.nodes));
        levels[0].updates = u64::MAX - 5 - u;
        levels[0].nodes = u64::MAX - 6 - n;
        (p.split.stats.updates, p.split.stats.nodes) = (u64::MAX - 5, u64::MAX - 5);
    };
    for (what, forge, message) in [
        (
            "dropped",
            &dropped as &dyn Fn(&mut ShardPlan),
            "subproblems, the tree has",
        ),
        ("renamed", &renamed, "subproblem 0 is not the node"),
        ("huge", &huge, "figures above the cut are not this tree's"),
    ] {
        let mut forged = plan.clone();
        forge(&mut forged);
        let e = refusal(&mut dlx, &forged);
        assert!(matches!(e, ShardError::BadDeal { .. }), "{what}: {e}");
        assert!(e.to_string().contains(message), "{what}: {e}");
        dlx.links().check().unwrap();
    }
    // A plan made with a rule of one's own runs with the rule given before `shard_plan`,
    // and after a subtree was asked for (the plan replaces it).
    let last = |items: dlx_core::ActiveItems| items.last().unwrap().0;
    let own = dlx.solve().choose_with(last).plan_shards(3).unwrap();
    let mut total = Stats::default();
    for k in 1..=3 {
        let below = dlx.solve().below(&plan.split.paths[0]).unwrap();
        total.merge(&below.choose_with(last).shard_plan(&own, k).unwrap().count());
    }
    total.complete = true;
    assert_eq!(total, dlx.solve().choose_with(last).count());
    let e = dlx
        .solve()
        .shard_plan(&own, 1)
        .map(|s| s.count())
        .unwrap_err();
    assert!(e.to_string().contains("a rule of one's own"), "{e}");
    // The plan itself still runs, its shards adding up to the whole search.
    let mut total = Stats::default();
    for k in 1..=plan.shards {
        total.merge(&dlx.solve().shard_plan(&plan, k).unwrap().count());
    }
    total.complete = true;
    assert_eq!(total, whole);
    // The paths are still searched when asked for directly, and checked there too.
    let bad = Path::from_rows(vec![first, first]);
    assert!(dlx.solve().below(&bad).is_err());
    dlx.links().check().unwrap();
}

/// With colours, a path numbers the moves at each node: a plan holding a number past a
/// node's last move, or moves that run on past the cut, is refused by name before anything
/// is searched, and the plan itself still adds up.
#[test]
fn an_edited_plan_of_moves_is_refused() {
    use dlx_core::{Path, Xcc};
    let m = grid_colourings(3, 3);
    let mut xcc = Xcc::new(&m);
    let whole = xcc.solve().count();
    let plan = xcc.solve().plan_shards(4).unwrap();
    let moves = plan.split.paths[0].moves().unwrap().to_vec();
    let mut past = moves.clone();
    *past.last_mut().unwrap() = 1_000;
    let mut deeper = moves.clone();
    deeper.extend([1_000, 0]);
    for (forged_moves, message) in [
        (past, "subproblem 0 is not the node the search meets there"),
        (deeper, "not at the cut"),
    ] {
        let mut forged = plan.clone();
        forged.split.paths[0] = Path::from_moves(forged_moves);
        let e = xcc
            .solve()
            .shard_plan(&forged, 1)
            .map(|s| s.count())
            .unwrap_err();
        assert!(e.to_string().contains(message), "{e} / {message}");
    }
    let mut total = Stats::default();
    for k in 1..=plan.shards {
        total.merge(&xcc.solve().shard_plan(&plan, k).unwrap().count());
    }
    total.complete = true;
    assert_eq!(total, whole);
}

#[test]
fn figures_from_elsewhere_are_added_without_passing_u64_max() {
    let m = queens(6);
    let mut dlx = Dlx::new(&m);
    let plan = dlx.solve().plan_shards(2).unwrap();
    let one = dlx.solve().shard_plan(&plan, 1).map(|s| s.count()).unwrap();
    let two = dlx.solve().shard_plan(&plan, 2).map(|s| s.count()).unwrap();
    let mut checked = one.clone();
    assert_eq!(checked.checked_merge(&two), Some(()));
    let mut plain = one.clone();
    plain.merge(&two);
    assert_eq!(checked, plain);
    // A forged level near the top: refused, and the sum left as it was.
    let huge = Stats::checked_from_levels(
        0,
        vec![dlx_core::Level {
            nodes: 1,
            updates: u64::MAX - 1,
        }],
        true,
    )
    .unwrap();
    let before = checked.clone();
    assert_eq!(checked.checked_merge(&huge), None);
    assert_eq!(checked, before);
    let levels = vec![
        dlx_core::Level {
            nodes: u64::MAX,
            updates: 0,
        };
        1
    ];
    assert_eq!(Stats::checked_from_levels(0, levels, true), None);
}

/// Eight binary choices, the first of three: every node of a depth branches alike, so every
/// probe of it is exact, wherever the tree is cut.
fn uniform() -> dlx_core::Matrix {
    format::parse("a b c d e f g h\na\na\na\nb\nb\nc\nc\nd\nd\ne\ne\nf\nf\ng\ng\nh\nh\n").unwrap()
}

/// The figures of an estimate, to compare with a search's.
fn estimated(e: &dlx_core::Estimate) -> [f64; 3] {
    [e.nodes.mean, e.updates.mean, e.solutions.mean]
}

fn counted(s: &Stats) -> [f64; 3] {
    [s.nodes as f64, s.updates as f64, s.solutions as f64]
}

/// A shard's estimate counts what its search counts, the shard's root included (a shard
/// past the first has no levels above its cut, but its figures count the root as every
/// search's do): equal wherever the probes cannot vary. Below depth n - 1 of n queens one
/// rank is left, whose item has at most one option, so each subtree there is one path.
#[test]
fn a_shards_estimate_counts_the_root_as_its_search_does() {
    let cases = [
        ("8 queens", queens(8), 7, &[1, 2, 3, 5, 8][..]),
        ("6 queens", queens(6), 5, &[2, 3, 16][..]),
        ("binary choices", uniform(), 6, &[1, 2, 3, 100][..]),
    ];
    for (name, m, depth, counts) in cases {
        let mut dlx = Dlx::new(&m);
        for &n in counts {
            let plan = dlx.solve().plan_shards_at(n, depth).unwrap();
            let mut empty = 0;
            for k in 1..=n {
                let truth = dlx.solve().shard_plan(&plan, k).unwrap().count();
                let est = dlx.solve().shard_plan(&plan, k).unwrap().estimate(500, 3);
                assert_eq!(
                    estimated(&est),
                    counted(&truth),
                    "{name}, shard {k}/{n} of a cut at {depth}"
                );
                assert_eq!(est.nodes.std_error, 0.0, "{name}, shard {k}/{n}");
                if !plan.owner.contains(&k) {
                    empty += 1;
                    assert_eq!(counted(&truth), [1.0, 0.0, 0.0], "{name}, shard {k}/{n}");
                }
            }
            assert_eq!(empty > 0, n > plan.split.paths.len(), "{name}, {n} shards");
        }
    }
    // Planned as `dlx solve --shard K/N` plans: 8 queens in 16 or more shards is cut where
    // the tree runs out, all of it in shard 1 and the others empty.
    let m = queens(8);
    let mut dlx = Dlx::new(&m);
    let whole = dlx.solve().count();
    for n in [16, 40] {
        for k in 1..=n {
            let truth = dlx.solve().shard(k, n).unwrap().count();
            let est = dlx.solve().shard(k, n).unwrap().estimate(1000, 1);
            assert_eq!(estimated(&est), counted(&truth), "shard {k}/{n}");
            let expect = if k == 1 {
                counted(&whole)
            } else {
                [1.0, 0.0, 0.0]
            };
            assert_eq!(counted(&truth), expect, "shard {k}/{n}");
            // The lazy iterator counts the same.
            let mut it = dlx.solve().shard(k, n).unwrap().iter();
            while it.advance() {}
            assert_eq!(it.stats(), truth, "shard {k}/{n}, one solution at a time");
        }
    }
}
