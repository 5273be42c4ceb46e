//! On random small matrices the search finds exactly the exact covers a brute-force
//! enumeration of all option subsets finds, with either column rule.

use std::collections::BTreeSet;

mod common;

use dlx_core::{Dlx, Heuristic, Matrix};
use proptest::prelude::*;

fn matrix(primary: usize, secondary: usize, options: &[Vec<usize>]) -> Option<Matrix> {
    common::numbered(primary, secondary, options)
}

/// All subsets of options covering every primary item exactly once and every secondary at
/// most once, using only options with a primary item: an option of secondary items only is
/// never chosen (no primary column leads to it), as in Knuth's program.
fn brute_force(m: &Matrix) -> BTreeSet<Vec<usize>> {
    let n = m.options().len();
    let mut found = BTreeSet::new();
    for mask in 0u32..(1 << n) {
        let mut count = vec![0; m.items().len()];
        let chosen: Vec<usize> = (0..n).filter(|&k| mask >> k & 1 == 1).collect();
        let has_primary = |k: &usize| {
            m.option(*k)
                .iter()
                .any(|&i| m.item(i).kind == dlx_core::ItemKind::Primary)
        };
        if !chosen.iter().all(has_primary) {
            continue;
        }
        for &k in &chosen {
            for &i in m.option(k) {
                count[i] += 1;
            }
        }
        let ok = m
            .items()
            .iter()
            .zip(&count)
            .all(|(item, &c)| match item.kind {
                dlx_core::ItemKind::Primary => c == 1,
                dlx_core::ItemKind::Secondary => c <= 1,
            });
        if ok {
            found.insert(chosen);
        }
    }
    found
}

fn options_strategy(items: usize) -> impl Strategy<Value = Vec<Vec<usize>>> {
    prop::collection::vec(
        prop::collection::btree_set(0..items, 1..=items.min(4)),
        0..12,
    )
    .prop_map(|v| v.into_iter().map(|s| s.into_iter().collect()).collect())
}

fn case() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
    (1usize..6, 0usize..4).prop_flat_map(|(p, s)| (Just(p), Just(s), options_strategy(p + s)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn dlx_finds_exactly_the_brute_force_covers((p, s, options) in case()) {
        let m = matrix(p, s, &options).unwrap();
        let expected = brute_force(&m);
        for h in [Heuristic::Mrv, Heuristic::Leftmost] {
            let mut dlx = Dlx::new(&m);
            let pristine = dlx.clone();
            let found: BTreeSet<Vec<usize>> = dlx.solve().heuristic(h).iter().map(|s| s.sorted_options()).collect();
            prop_assert_eq!(&found, &expected);
            let stats = dlx.solve().heuristic(h).count();
            prop_assert_eq!(stats.solutions, expected.len() as u64);
            prop_assert_eq!(stats.levels.iter().map(|l| l.nodes).sum::<u64>(), stats.nodes - 1);
            prop_assert_eq!(stats.levels.iter().map(|l| l.updates).sum::<u64>(), stats.updates);
            prop_assert_eq!(&dlx, &pristine);
        }
    }

    #[test]
    fn custom_rule_last_item_finds_the_same_covers((p, s, options) in case()) {
        let m = matrix(p, s, &options).unwrap();
        let expected = brute_force(&m);
        let mut dlx = Dlx::new(&m);
        let found: BTreeSet<Vec<usize>> = dlx
            .solve()
            .choose_with(|items: dlx_core::ActiveItems| items.last().unwrap().0)
            .iter()
            .map(|s| s.sorted_options())
            .collect();
        prop_assert_eq!(found, expected);
    }

    /// With an option fixed, the search finds exactly the covers that contain it (without
    /// it), whatever the order of the items in the options; on two threads and lazily too.
    #[test]
    fn a_fixed_option_keeps_exactly_the_covers_that_hold_it((p, s, options) in case(), fix in 0usize..12) {
        // Every other option lists its items backwards: their order must not matter.
        let options: Vec<Vec<usize>> = (options.iter().enumerate())
            .map(|(k, o)| if k % 2 == 1 { o.iter().rev().copied().collect() } else { o.clone() })
            .collect();
        let m = matrix(p, s, &options).unwrap();
        let expected = brute_force(&m);
        if fix < options.len() {
            let mut dlx = Dlx::new(&m);
            let has_primary = m.option(fix).iter().any(|&i| m.item(i).kind == dlx_core::ItemKind::Primary);
            let with: BTreeSet<Vec<usize>> = expected
                .iter()
                .filter(|c| c.contains(&fix))
                .map(|c| c.iter().copied().filter(|&o| o != fix).collect())
                .collect();
            let found: BTreeSet<Vec<usize>> = dlx
                .solve()
                .fix([fix])
                .unwrap()
                .iter()
                .map(|s| s.sorted_options())
                .collect();
            if has_primary {
                prop_assert_eq!(&found, &with);
            }
            let stats = dlx.solve().fix([fix]).unwrap().count();
            prop_assert_eq!(stats.solutions, found.len() as u64);
            prop_assert_eq!(dlx.solve().fix([fix]).unwrap().threads(2).count(), stats);
            // The same option twice clashes with itself.
            prop_assert!(dlx.solve().fix([fix, fix]).is_err());
        }
    }
}
