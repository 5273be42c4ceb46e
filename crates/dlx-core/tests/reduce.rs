//! The search with propagation ([`dlx_core::reduce`]) finds exactly the solutions plain
//! Algorithm DLX finds, with each of its rules on or off, on random small matrices with
//! primary and secondary items, and leaves the links as it found them.

use std::collections::BTreeSet;

mod common;

use dlx_core::step::Reduce;
use dlx_core::{Dlx, Heuristic, Matrix};
use proptest::prelude::*;

fn matrix(primary: usize, secondary: usize, options: &[Vec<usize>]) -> Matrix {
    common::numbered(primary, secondary, options).expect("the generated options are valid")
}

/// Up to 7 primary and 3 secondary items, up to 16 options of 1 to 4 items: dense enough
/// that every rule fires (subset columns, failed rows, implied rows) on many cases.
fn case() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
    (1usize..8, 0usize..4).prop_flat_map(|(p, s)| {
        let items = p + s;
        let options = prop::collection::vec(
            prop::collection::btree_set(0..items, 1..=items.min(4)),
            0..16,
        )
        .prop_map(|v| v.into_iter().map(|s| s.into_iter().collect()).collect());
        (Just(p), Just(s), options)
    })
}

/// The solutions of plain DLX, as sorted option lists.
fn plain(dlx: &mut Dlx, fixed: &[usize]) -> BTreeSet<Vec<usize>> {
    dlx.solve()
        .heuristic(Heuristic::Mrv)
        .fix(fixed.iter().copied())
        .unwrap()
        .iter()
        .map(|s| s.sorted_options())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn same_solutions_as_plain_dlx((p, s, options) in case()) {
        let m = matrix(p, s, &options);
        let mut dlx = Dlx::new(&m);
        let pristine = dlx.clone();
        let expected = plain(&mut dlx, &[]);
        for (subset, probe, probe_size) in [
            (false, false, 2),
            (true, false, 2),
            (false, true, 2),
            (true, true, 2),
            (true, true, 4),
        ] {
            let found: Vec<Vec<usize>> = Reduce::new(&mut dlx)
                .subset_rule(subset)
                .probe(probe)
                .probe_size(probe_size)
                .map(|s| s.sorted_options())
                .collect();
            prop_assert_eq!(&dlx, &pristine);
            let distinct: BTreeSet<Vec<usize>> = found.iter().cloned().collect();
            prop_assert_eq!(distinct.len(), found.len(), "a solution found twice");
            prop_assert_eq!(&distinct, &expected);

            let stats = Reduce::new(&mut dlx).subset_rule(subset).probe(probe).probe_size(probe_size).count();
            prop_assert_eq!(stats.solutions, expected.len() as u64);
            prop_assert!(stats.complete);
            prop_assert_eq!(stats.levels.iter().map(|l| l.nodes).sum::<u64>(), stats.nodes - 1);
            prop_assert_eq!(&dlx, &pristine);

            // A limit stops the count there; an iterator dropped early restores the links.
            let stats = Reduce::new(&mut dlx).subset_rule(subset).probe(probe).limit(1).count();
            prop_assert_eq!(stats.solutions, expected.len().min(1) as u64);
            let mut iter = Reduce::new(&mut dlx).subset_rule(subset).probe(probe);
            let first = iter.next();
            drop(iter);
            prop_assert_eq!(first.is_some(), !expected.is_empty());
            prop_assert_eq!(&dlx, &pristine);
        }
    }

    #[test]
    fn same_solutions_with_a_fixed_option((p, s, options) in case(), pick in any::<prop::sample::Index>()) {
        let m = matrix(p, s, &options);
        if m.options().is_empty() {
            return Ok(());
        }
        let mut dlx = Dlx::new(&m);
        let fixed = [pick.index(m.options().len())];
        let pristine = dlx.clone();
        let expected = plain(&mut dlx, &fixed);
        let found: BTreeSet<Vec<usize>> = Reduce::new(&mut dlx)
            .fix(&fixed)
            .unwrap()
            .map(|s| s.sorted_options())
            .collect();
        prop_assert_eq!(found, expected);
        prop_assert_eq!(&dlx, &pristine);
    }
}

/// The subset rule on a matrix built for it: every row of primary `x` covers `y`, so the
/// row `y z` can never be chosen; with the rule, no branching is needed.
#[test]
fn subset_rule_hides_a_dominated_row() {
    let m = dlx_core::format::parse("x y z w\nx y\nx y w\ny z\nz\nz w\n").unwrap();
    let mut dlx = Dlx::new(&m);
    let with = Reduce::new(&mut dlx).probe(false);
    let stats = with.count();
    assert_eq!(stats.solutions, 2);
    let mut r = Reduce::new(&mut dlx).probe(false);
    while r.next().is_some() {}
    assert_eq!(r.reductions().eliminated, 1);
    drop(r);
    // Without the rule the same solutions come out.
    assert_eq!(
        Reduce::new(&mut dlx)
            .probe(false)
            .subset_rule(false)
            .count()
            .solutions,
        2
    );
    assert_eq!(plain(&mut dlx, &[]).len(), 2);
}

/// A secondary column never dominates: every row of secondary `s` covers `a`, yet the row
/// `a b`, which does not cover `s`, is a solution, since `s` may stay uncovered.
#[test]
fn a_secondary_column_does_not_dominate() {
    let m = dlx_core::format::parse("a b | s\na s\na b\nb\n").unwrap();
    let mut dlx = Dlx::new(&m);
    let expected = plain(&mut dlx, &[]);
    let found: BTreeSet<Vec<usize>> = Reduce::new(&mut dlx).map(|s| s.sorted_options()).collect();
    assert_eq!(found, expected);
    assert!(expected.contains(&vec![1]));
}
