//! Minimum cover against plain subset enumeration on random small matrices.

use proptest::prelude::*;

use super::{Bound, MinCover, is_cover};
use crate::{Matrix, MatrixBuilder, OptionId, format};

/// Builds a matrix with `primary` primary and `secondary` secondary items from bit masks.
fn matrix(primary: usize, secondary: usize, rows: &[u16]) -> Option<Matrix> {
    let mut b = MatrixBuilder::new();
    for i in 0..primary {
        b.primary(format!("p{i}")).ok()?;
    }
    for i in 0..secondary {
        b.secondary(format!("s{i}")).ok()?;
    }
    let items = primary + secondary;
    for &mask in rows {
        let ids: Vec<usize> = (0..items).filter(|&i| mask >> i & 1 == 1).collect();
        if !ids.is_empty() {
            b.option_ids(ids).ok()?;
        }
    }
    b.build().ok()
}

/// Every subset of the options, smallest first: the minimum and all covers of that size.
fn brute_force(m: &Matrix) -> Option<(usize, Vec<Vec<OptionId>>)> {
    let n = m.options().len();
    let mut best: Option<(usize, Vec<Vec<OptionId>>)> = None;
    for set in 0u32..1 << n {
        let rows: Vec<OptionId> = (0..n).filter(|&o| set >> o & 1 == 1).collect();
        if !is_cover(m, &rows) {
            continue;
        }
        match &mut best {
            Some((k, list)) if rows.len() == *k => list.push(rows),
            Some((k, _)) if rows.len() > *k => {}
            _ => best = Some((rows.len(), vec![rows])),
        }
    }
    if let Some((_, list)) = &mut best {
        list.sort_unstable();
    }
    best
}

fn arb_matrix() -> impl Strategy<Value = Matrix> {
    (1usize..=7, 0usize..=2)
        .prop_flat_map(|(p, s)| {
            let full = (1u16 << (p + s)) - 1;
            (Just(p), Just(s), prop::collection::vec(1u16..=full, 1..=10))
        })
        .prop_filter_map("some option has an item", |(p, s, rows)| {
            matrix(p, s, &rows)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn all_minimum_covers_match_brute_force(m in arb_matrix()) {
        let expected = brute_force(&m);
        for bound in [Bound::Seed, Bound::Strong] {
            let mut mc = MinCover::new(&m).with_bound(bound);
            let before = mc.links.clone();
            let all = mc.solve_all(None);
            prop_assert_eq!(&mc.links, &before, "links restored");
            let one = mc.solve();
            prop_assert_eq!(&mc.links, &before, "links restored");
            prop_assert!(all.all);
            match &expected {
                None => {
                    prop_assert_eq!(all.minimum, None);
                    prop_assert_eq!(one.minimum, None);
                    prop_assert!(!all.uncoverable.is_empty());
                }
                Some((k, list)) => {
                    prop_assert_eq!(all.minimum, Some(*k));
                    prop_assert_eq!(&all.covers, list, "{:?}", bound);
                    prop_assert_eq!(one.minimum, Some(*k));
                    prop_assert_eq!(one.covers.len(), 1);
                    prop_assert!(is_cover(&m, &one.covers[0]));
                    prop_assert!(list.contains(&one.covers[0]));
                    // Root bound admissible, and one pass per limit from it to the minimum.
                    let root = mc.root_bound().unwrap();
                    prop_assert!(root <= *k);
                    prop_assert_eq!(all.stats.iterations.len(), k - root + 1);
                }
            }
        }
    }

    #[test]
    fn strong_bound_never_explores_more(m in arb_matrix()) {
        let seed = MinCover::new(&m).solve_all(None);
        let strong = MinCover::new(&m).with_bound(Bound::Strong).solve_all(None);
        prop_assert!(strong.stats.nodes <= seed.stats.nodes);
        let seed = MinCover::new(&m).solve();
        let strong = MinCover::new(&m).with_bound(Bound::Strong).solve();
        prop_assert!(strong.stats.nodes <= seed.stats.nodes);
        prop_assert_eq!(seed.covers, strong.covers, "same first cover: same branching order");
    }
}

#[test]
fn matrix3_statistics() {
    let m = format::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
    let mut mc = MinCover::new(&m);
    // Seven columns, no row longer than three: at least three rows; the bound sees it.
    assert_eq!(mc.root_bound(), Some(3));
    let r = mc.solve_all(None);
    assert_eq!(r.minimum, Some(3));
    assert_eq!(r.stats.iterations.len(), 1);
    assert_eq!(r.stats.iterations[0].limit, 3);
    // The exact cover {A D, B G, C E F} is one of them.
    assert!(r.covers.contains(&vec![0, 3, 4]));
    assert_eq!(r.stats.nodes, r.stats.iterations[0].nodes);
}

#[test]
fn cap_on_the_number_of_covers() {
    // Four columns, each row covers one: 2 * 2 * 2 * 2 minimum covers of size 4.
    let m = format::parse("a b c d\na\na\nb\nb\nc\nc\nd\nd\n").unwrap();
    let all = MinCover::new(&m).solve_all(None);
    assert_eq!(
        (all.minimum, all.covers.len(), all.all),
        (Some(4), 16, true)
    );
    let some = MinCover::new(&m).solve_all(Some(5));
    assert_eq!((some.covers.len(), some.all), (5, false));
    assert!(some.covers.iter().all(|c| all.covers.contains(c)));
}

#[test]
fn uncoverable_items_are_named() {
    let m = format::parse("a b c | x\na x\nc\n").unwrap();
    let r = MinCover::new(&m).solve();
    assert_eq!(r.minimum, None);
    assert_eq!(r.uncoverable, [1]);
}

#[test]
fn secondary_items_need_no_cover() {
    let m = format::parse("a | x y\nx y\na\n").unwrap();
    let r = MinCover::new(&m).solve_all(None);
    assert_eq!((r.minimum, r.covers), (Some(1), vec![vec![1]]));
}

#[test]
fn bound_names_parse() {
    assert_eq!("seed".parse::<Bound>(), Ok(Bound::Seed));
    assert_eq!("Strong".parse::<Bound>(), Ok(Bound::Strong));
    assert!("tight".parse::<Bound>().is_err());
}

/// The fewest queens that reach every square of the n x n board, as a set cover.
fn queens_domination(n: usize) -> Matrix {
    format::parse(&dlx_test_data::matrices::queens_domination(n)).unwrap()
}

#[test]
fn a_stop_flag_ends_the_search_and_puts_the_links_back() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let m = queens_domination(8);
    let fresh = MinCover::new(&m);
    let mut mc = fresh.clone();
    let stopped = mc.solve_all_until(None, &AtomicBool::new(true));
    assert!(stopped.interrupted && !stopped.all && stopped.covers.is_empty());
    assert_eq!(stopped.minimum, None);
    assert_eq!(stopped.stats.iterations.len(), 1);
    assert_eq!(stopped.stats.nodes, 0);
    assert_eq!(mc.links, fresh.links);
    let whole = mc.solve_all_until(None, &AtomicBool::new(false));
    assert!(!whole.interrupted && whole.all);
    assert_eq!((whole.minimum, whole.covers.len()), (Some(5), 4860));
    // Stopped part way through a long pass (11 x 11 takes seconds): the links are put back
    // from wherever the search stood, and the pass under way is the last one counted.
    let big = queens_domination(11);
    let mut mc = MinCover::new(&big);
    let stop = AtomicBool::new(false);
    let stopped = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        });
        mc.solve_until(&stop)
    });
    // (A machine fast enough to find the first cover within the 100 ms ends unstopped.)
    assert!(
        (stopped.interrupted && stopped.minimum.is_none()) || stopped.minimum == Some(5),
        "{stopped:?}"
    );
    assert!(stopped.stats.nodes > 0);
    assert_eq!(mc.links, MinCover::new(&big).links);
}
