//! The search without links against the links' search ([`crate::search::Search`]): the same
//! solutions in the same order and the same figures, level by level, under every rule it
//! takes, with limits, fixed options and subtrees.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;

use super::{Job, Wide};
use crate::Matrix;
use crate::links::Links;
use crate::matrix::OptionId;
use crate::rule::Heuristic;
use crate::search::Search;
use crate::search::tests::matrix;
use crate::solution::{ChosenRow, Solution};
use crate::stats::Stats;

static NEVER: AtomicBool = AtomicBool::new(false);

const RULES: [Heuristic; 3] = [Heuristic::Mrv, Heuristic::Leftmost, Heuristic::MrvEager];

/// The links' run: every solution in order and the figures.
fn links_run(
    m: &Matrix,
    h: Heuristic,
    limit: Option<u64>,
    fixed: &[OptionId],
    path: &[ChosenRow],
) -> Option<(Vec<Solution>, Stats)> {
    let mut links = Links::new(m);
    links.check_prefix(fixed, path).ok()?;
    let mut search = Search::over(&mut links)
        .heuristic(h)
        .prefix_checked(fixed, path);
    if let Some(n) = limit {
        search = search.limit(n);
    }
    let mut solutions = Vec::new();
    let stats = search.run(|s| {
        solutions.push(s.to_solution());
        ControlFlow::Continue(())
    });
    Some((solutions, stats))
}

/// The same run without links.
fn wide_run(
    m: &Matrix,
    h: Heuristic,
    limit: Option<u64>,
    fixed: &[OptionId],
    path: &[ChosenRow],
) -> Option<(Vec<Solution>, Stats)> {
    let links = Links::new(m);
    let wide = links.wide()?;
    let job = Job {
        heuristic: h,
        fixed,
        path,
        limit,
        interrupt: &NEVER,
        stop: &NEVER,
    };
    let mut solutions = Vec::new();
    let mut visit = |rows: &[ChosenRow]| {
        solutions.push(Solution {
            rows: rows.to_vec(),
        });
        ControlFlow::Continue(())
    };
    let outcome = wide.run(&job, Some(&mut visit))?;
    Some((solutions, outcome.stats))
}

/// Random matrices of a few items (some secondary), options in any item order.
fn case() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
    (1usize..=8, 0usize..=4).prop_flat_map(|(p, s)| {
        let items = p + s;
        (
            Just(p),
            Just(s),
            prop::collection::vec(
                prop::collection::btree_set(0..items, 1..=items.min(5))
                    .prop_flat_map(|set| Just(set.into_iter().collect::<Vec<_>>()).prop_shuffle()),
                0..28,
            ),
        )
    })
}

fn agree(m: &Matrix) {
    for h in RULES {
        for limit in [None, Some(1), Some(2), Some(5)] {
            let links = links_run(m, h, limit, &[], &[]).expect("no prefix");
            let wide = wide_run(m, h, limit, &[], &[]).expect("a small matrix fits");
            assert_eq!(wide, links, "{h:?}, limit {limit:?}");
            // The copy for the baseline target too, wherever the other runs (`crate::isa`).
            let baseline = crate::isa::plain(|| wide_run(m, h, limit, &[], &[]));
            assert_eq!(
                baseline.as_ref(),
                Some(&links),
                "{h:?}, limit {limit:?}, baseline"
            );
        }
        // Every subtree of a cut, as a run in parts searches them.
        for depth in 1..=2 {
            let mut l = Links::new(m);
            let split = Search::over(&mut l).heuristic(h).split(depth);
            for path in &split.paths {
                let rows = path.rows().expect("the links' paths are rows");
                let links = links_run(m, h, None, &[], rows).expect("a path of the tree");
                let wide = wide_run(m, h, None, &[], rows).expect("a path of the tree");
                assert_eq!(wide, links, "{h:?}, below {rows:?}");
            }
        }
        // A fixed option, whenever the links take it.
        for option in 0..m.options().len().min(6) {
            if let Some(links) = links_run(m, h, None, &[option], &[]) {
                let wide = wide_run(m, h, None, &[option], &[]).expect("a fixed option");
                assert_eq!(wide, links, "{h:?}, option {option} fixed");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_search_without_links_is_the_links_search((p, s, options) in case()) {
        if let Some(m) = matrix(p, s, &options) {
            agree(&m);
        }
    }
}

/// N queens as Knuth's generator makes it (organ-pipe ranks and files, diagonals secondary).
fn queens(n: usize) -> Matrix {
    crate::lookahead::tests::queens(n)
}

#[test]
fn queens_agree_to_the_unit() {
    for n in [4, 5, 6, 8] {
        agree(&queens(n));
    }
}

/// A primary item with 300 options needs 16-bit lanes; 4,000 options the widest sets.
#[test]
fn long_columns_and_many_options_agree() {
    let long: Vec<Vec<usize>> = (0..300).map(|i| vec![0, 1 + i % 7]).collect();
    let m = matrix(1, 7, &long).expect("a matrix");
    let links = links_run(&m, Heuristic::Mrv, None, &[], &[]).expect("runs");
    assert_eq!(links.1.solutions, 300);
    assert_eq!(wide_run(&m, Heuristic::Mrv, None, &[], &[]), Some(links));

    // 4,000 options over 40 primary items (pairs and triples) and 8 secondary ones.
    let mut seed = 7u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % 48) as usize
    };
    let many: Vec<Vec<usize>> = (0..4_000)
        .map(|i| {
            let mut row = vec![i % 40];
            for _ in 0..(1 + i % 2) {
                let x = next();
                if !row.contains(&x) {
                    row.push(x);
                }
            }
            row
        })
        .collect();
    let m = matrix(40, 8, &many).expect("a matrix");
    for limit in [Some(1), Some(1_000)] {
        let links = links_run(&m, Heuristic::Mrv, limit, &[], &[]).expect("runs");
        assert_eq!(wide_run(&m, Heuristic::Mrv, limit, &[], &[]), Some(links));
    }
    let too_many: Vec<Vec<usize>> = (0..4_097).map(|i| vec![i % 40]).collect();
    let m = matrix(40, 0, &too_many).expect("a matrix");
    assert!(Links::new(&m).wide().is_none());
}

/// A matrix the layout refuses falls back to the links: more than 128 primary items.
#[test]
fn too_many_primary_items_do_not_fit() {
    let options: Vec<Vec<usize>> = (0..129).map(|i| vec![i]).collect();
    let m = matrix(129, 0, &options).expect("a matrix");
    assert!(Links::new(&m).wide().is_none());
    let options: Vec<Vec<usize>> = (0..128).map(|i| vec![i]).collect();
    let m = matrix(128, 0, &options).expect("a matrix");
    assert!(Links::new(&m).wide().is_some());
    assert!(Wide::new(&[false], &[vec![0]]).is_none(), "no primary item");
}
