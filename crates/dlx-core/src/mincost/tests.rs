//! The minimum-cost search against brute force, and its refusals.

use std::ops::ControlFlow;

use super::{MinCostError, MinCostParams};
use crate::format;
use crate::matrix::{Matrix, MatrixBuilder};
use crate::{Dlx, Problem, Xcc};

/// A small random matrix with costs (and, half the time, colours), from a seed.
fn random(seed: u64) -> Matrix {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut b = MatrixBuilder::new();
    let (primary, secondary) = (1 + next(6) as usize, next(4) as usize);
    let colours = next(2) == 0;
    let dear = [1, 3, 10, 1000][next(4) as usize];
    for k in 0..primary {
        b.primary(format!("p{k}")).unwrap();
    }
    for k in 0..secondary {
        b.secondary(format!("s{k}")).unwrap();
    }
    let items = primary + secondary;
    for _ in 0..1 + next(14) {
        let mut entries: Vec<(String, Option<String>)> = Vec::new();
        for i in 0..items {
            if next(3) == 0 {
                let name = if i < primary {
                    format!("p{i}")
                } else {
                    format!("s{}", i - primary)
                };
                let colour = (i >= primary && colours && next(3) > 0)
                    .then(|| ["A", "B"][next(2) as usize].to_string());
                entries.push((name, colour));
            }
        }
        if entries.is_empty() {
            continue;
        }
        let o = b.option_coloured(entries).unwrap();
        b.cost(o, next(dear + 1)).unwrap();
    }
    if b.option_count() == 0 {
        let o = b.option(["p0"]).unwrap();
        b.cost(o, 0).unwrap();
    }
    b.build().unwrap()
}

/// Every solution's cost, cheapest first, by the plain search of the matrix without costs.
fn all_costs(m: &Matrix) -> Vec<u64> {
    let mut costs = Vec::new();
    let plain = m.without_costs();
    let _ = Problem::new(&plain).solve().run(|s| {
        costs.push(s.options().iter().map(|&o| m.cost(o)).sum());
        ControlFlow::Continue(())
    });
    costs.sort_unstable();
    costs
}

#[test]
fn the_best_costs_are_the_cheapest_of_all_solutions() {
    let mut several = 0;
    for seed in 0..400 {
        let m = random(seed);
        let costs = all_costs(&m);
        several += usize::from(costs.len() >= 2);
        for k in [1, 2, 3, 7] {
            let result = Xcc::new(&m).solve().min_cost(k).unwrap();
            let best: Vec<u64> = result.best.iter().map(|s| s.cost).collect();
            assert_eq!(best, costs[..k.min(costs.len())], "seed {seed}, k {k}");
            for s in &result.best {
                let sum: u64 = s.solution.options().iter().map(|&o| m.cost(o)).sum();
                assert_eq!(s.cost, sum, "seed {seed}");
            }
            assert!(result.stats.complete);
            // Every engine the matrix can be laid out in gives the same search.
            assert_eq!(Problem::new(&m).solve().min_cost(k).unwrap(), result);
            if !m.has_colours() {
                assert_eq!(Dlx::new(&m).solve().min_cost(k).unwrap(), result);
            }
        }
    }
    // The matrices are not all trivial.
    assert!(
        several >= 100,
        "{several} matrices with two solutions or more"
    );
}

#[test]
fn every_solution_found_beats_the_kth_best_known() {
    for seed in 0..100 {
        let m = random(seed);
        let mut found = Vec::new();
        let result = Problem::new(&m)
            .solve()
            .min_cost_with(MinCostParams::best(2), |s| {
                found.push(s.cost);
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(found.len() as u64, result.stats.solutions);
        for (n, &c) in found.iter().enumerate() {
            let mut before = found[..n].to_vec();
            before.sort_unstable();
            if let Some(&second) = before.get(1) {
                assert!(c < second, "seed {seed}: {found:?}");
            }
        }
    }
}

#[test]
fn a_limit_or_a_break_stops_the_search() {
    // `dlx5 k3 m1` finds solutions of cost 1, 6, 4, 5 (4 solutions, 340+251 mems, 8 updates,
    // 6 nodes) and prints the best costs 1, 4, 5.
    let m = format::parse_with_costs("a b\na |3\nb |3\na b |5\na b |4\na b |1\n").unwrap();
    let mut problem = Problem::new(&m);
    let mut found = Vec::new();
    let all = problem
        .solve()
        .min_cost_with(MinCostParams::best(3), |s| {
            found.push(s.cost);
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(found, [1, 6, 4, 5]);
    let best: Vec<u64> = all.best.iter().map(|s| s.cost).collect();
    assert_eq!(best, [1, 4, 5]);
    let s = &all.stats;
    assert_eq!(
        (s.solutions, s.updates, s.nodes, s.complete),
        (4, 8, 6, true)
    );
    let two = problem.solve().limit(2).min_cost(3).unwrap();
    assert_eq!((two.stats.solutions, two.stats.complete), (2, false));
    let best: Vec<u64> = two.best.iter().map(|s| s.cost).collect();
    assert_eq!(best, [1, 6]);
    let broken = problem
        .solve()
        .min_cost_with(MinCostParams::best(3), |_| ControlFlow::Break(()))
        .unwrap();
    assert_eq!(broken.stats.solutions, 1);
    assert_eq!(broken.best[0].cost, 1);
}

#[test]
fn what_the_search_does_not_take_is_refused() {
    let plain = format::parse("a b\na\nb\n").unwrap();
    let err = Problem::new(&plain).solve().min_cost(1).unwrap_err();
    assert_eq!(err, MinCostError::NoCosts);
    let bounded = format::parse_with_costs("2|a\na |1\na |2\n").unwrap();
    let err = Problem::new(&bounded).solve().min_cost(1).unwrap_err();
    assert_eq!(err, MinCostError::Bounds);
    let m = format::parse_with_costs("a b\na |1\nb\n").unwrap();
    let mut p = Problem::new(&m);
    assert_eq!(
        p.solve().min_cost(0).unwrap_err(),
        MinCostError::Zero("the number of solutions")
    );
    let err = p.solve().min_cost(super::MAX_BEST + 1).unwrap_err();
    assert_eq!(err, MinCostError::TooMany(super::MAX_BEST + 1));
    let lookahead = MinCostParams {
        lookahead: 0,
        ..MinCostParams::default()
    };
    let err = p
        .solve()
        .min_cost_with(lookahead, |_| ControlFlow::Continue(()));
    assert_eq!(err.unwrap_err(), MinCostError::Zero("the lookahead"));
    let err = p.solve().fix([0]).unwrap().min_cost(1).unwrap_err();
    assert_eq!(err, MinCostError::Unsupported("fixed options"));
    let err = p.solve().shard(1, 2).unwrap().min_cost(1).unwrap_err();
    assert_eq!(err, MinCostError::Unsupported("a shard or a subtree"));
    let err = (p.solve().heuristic(crate::Heuristic::Leftmost)).min_cost(1);
    assert!(matches!(err, Err(MinCostError::Unsupported(_))));
}

#[test]
#[should_panic(expected = "the matrix has option costs")]
fn a_search_that_would_ignore_costs_refuses_them() {
    let m = format::parse_with_costs("a b\na |1\nb\n").unwrap();
    let _ = Problem::new(&m).solve().count();
}

#[test]
fn costs_dropped_on_purpose_are_searched_plainly() {
    let m = format::parse_with_costs("a b\na |1\nb\na b |0\n").unwrap();
    assert!(m.has_costs());
    let plain = m.without_costs();
    assert!(!plain.has_costs());
    assert_eq!(Problem::new(&plain).solve().count().solutions, 2);
    // The plain reader refuses the costs, naming the line.
    let err = format::parse("a b\na\nb |1\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 3, column 3: option cost `|1`: costs need a minimum-cost search"
    );
}

#[test]
fn bad_costs_are_one_line_errors_naming_the_line() {
    for (text, message) in [
        (
            "a\na |x\n",
            "line 2, column 3: option cost `|x`: not a decimal number",
        ),
        (
            "a\na |1x\n",
            "line 2, column 3: option cost `|1x`: not a decimal number",
        ),
        (
            "a\na |-1\n",
            "line 2, column 3: option cost `|-1`: not a decimal number",
        ),
        (
            "a\na\na |18446744073709551616\n",
            "line 3, column 3: option cost `|18446744073709551616`: past 2^64 - 1",
        ),
        (
            "a\na |18446744073709551615 |1\n",
            "line 2, column 25: option cost `|1`: the option's costs add up past 2^64 - 1",
        ),
        (
            "a\na |18446744073709551614\na |1\n",
            "line 3, column 1: option cost `|1`: the costs of all options add up to 2^64 - 1 or more",
        ),
        (
            "a\na | 1\n",
            "line 2, column 3: option cost `|`: no number after `|` (a cost is written `|n`)",
        ),
        (
            "a\na |\n",
            "line 2, column 3: option cost `|`: no number after `|` (a cost is written `|n`)",
        ),
    ] {
        let err = format::parse_with_costs(text).unwrap_err();
        assert_eq!(err.to_string(), message, "{text:?}");
    }
    // A line starting with `|` is a comment, in DLX5 as here: no cost before the items.
    let m = format::parse_with_costs("a\n|3 a\na |2\n").unwrap();
    assert_eq!((m.options().len(), m.cost(0)), (1, 2));
}

#[test]
fn costs_are_written_back_and_read_again() {
    let text = "a b | x\na x:R |2 |3\nb |0\na b\n";
    let m = format::parse_with_costs(text).unwrap();
    assert_eq!((m.cost(0), m.cost(1), m.cost(2)), (5, 0, 0));
    let written = format::write(&m, None);
    assert_eq!(written, "a b | x\na x:R |5\nb |0\na b |0\n");
    assert_eq!(format::parse_with_costs(&written).unwrap(), m);
    let mut b = MatrixBuilder::new();
    b.primary("a").unwrap();
    let o = b.option(["a"]).unwrap();
    assert!(b.cost(o + 1, 1).is_err());
    b.cost(o, u64::MAX - 1).unwrap();
    assert!(b.cost(o, u64::MAX).is_err());
}

/// A random matrix whose options have one `a` item and `z` `p` items each, with costs.
fn shaped(seed: u64, z: usize) -> Matrix {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let n = 3 + next(3);
    let mut b = MatrixBuilder::new();
    for k in 0..n {
        b.primary(format!("a{k}")).unwrap();
    }
    for k in 0..n * z {
        b.primary(format!("p{k}")).unwrap();
    }
    for _ in 0..10 + next(30) {
        let mut names = vec![format!("a{}", next(n))];
        while names.len() < 1 + z {
            let p = format!("p{}", next(n * z));
            if !names.contains(&p) {
                names.push(p);
            }
        }
        let o = b.option(names).unwrap();
        b.cost(o, next(30) as u64).unwrap();
    }
    b.build().unwrap()
}

#[test]
fn the_lower_bounds_keep_the_cheapest_solutions() {
    let mut pruned = 0;
    for seed in 0..200 {
        let z = 1 + seed as usize % 2;
        let m = shaped(seed, z);
        let costs = all_costs(&m);
        for (one_of_each, per_option) in [("a", z), ("", z + 1), ("a", 0)] {
            for k in [1, 3] {
                let params = MinCostParams {
                    best: k,
                    one_of_each: one_of_each.into(),
                    per_option,
                    ..MinCostParams::default()
                };
                let r = Problem::new(&m)
                    .solve()
                    .min_cost_with(params, |_| ControlFlow::Continue(()))
                    .unwrap();
                let best: Vec<u64> = r.best.iter().map(|s| s.cost).collect();
                assert_eq!(best, costs[..k.min(costs.len())], "seed {seed}");
                let plain = Problem::new(&m).solve().min_cost(k).unwrap();
                pruned += usize::from(r.stats.nodes < plain.stats.nodes);
            }
        }
    }
    assert!(
        pruned >= 10,
        "the bounds ruled out nodes in {pruned} searches only"
    );
}

#[test]
fn options_of_another_shape_are_refused() {
    let m = format::parse_with_costs("a1 a2 p1 p2\na1 p1 |1\na2 p2 |2\na1 a2 |0\n").unwrap();
    for (one_of_each, per_option, message) in [
        (
            "a",
            1,
            "option 2 has 2 primary items starting with `a`, not 1",
        ),
        ("", 3, "option 0 has 2 other primary items, not 3"),
        ("aa", 0, "`a` is given twice"),
    ] {
        let params = MinCostParams {
            one_of_each: one_of_each.into(),
            per_option,
            ..MinCostParams::default()
        };
        let err = Problem::new(&m)
            .solve()
            .min_cost_with(params, |_| ControlFlow::Continue(()))
            .unwrap_err();
        assert!(err.to_string().contains(message), "{err}");
    }
    // Options of two primary items cannot cover three.
    let m = format::parse_with_costs("a b c\na b |1\nb c |2\n").unwrap();
    let params = MinCostParams {
        per_option: 2,
        ..MinCostParams::default()
    };
    let err = (Problem::new(&m).solve())
        .min_cost_with(params, |_| ControlFlow::Continue(()))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the lower bound's shape: 3 primary items cannot be split into options of 2 each"
    );
}

#[test]
#[should_panic(expected = "the matrix has option costs")]
fn the_step_layer_refuses_costs_too() {
    let m = format::parse_with_costs("a b | x\na x:R |1\nb\n").unwrap();
    let mut xcc = Xcc::new(&m);
    assert!(xcc.has_costs());
    let _ = crate::step::XccSearch::new(&mut xcc);
}
