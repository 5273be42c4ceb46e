//! Algorithms C and M against Knuth's figures and against brute force.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;

use crate::format;
use crate::matrix::{Matrix, MatrixBuilder};
use crate::{Dlx, FixError, Heuristic, Xcc, step::XccSearch};

/// (solutions, updates, cleansings, nodes) of a count.
fn figures(text: &str) -> (u64, u64, u64, u64) {
    let m = format::parse(text).expect("valid");
    let s = Xcc::new(&m).solve().count();
    (s.solutions, s.updates, s.cleansings, s.nodes)
}

// The opening examples of Knuth's DLX2 and DLX3 and TAOCP's (49), with the figures those
// programs print.
const DLX2_INTRO: &str = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
const DLX3_INTRO: &str = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
const TAOCP_49: &str = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";

#[test]
fn knuths_opening_examples_give_his_figures() {
    assert_eq!(figures(DLX2_INTRO), (1, 14, 5, 4));
    assert_eq!(figures(TAOCP_49), (1, 20, 3, 4));
    assert_eq!(figures(DLX3_INTRO), (1, 14, 7, 6));
}

#[test]
fn solutions_show_their_colours() {
    let m = format::parse(DLX3_INTRO).unwrap();
    let mut found = Vec::new();
    let stats = Xcc::new(&m).solve().run(|s| {
        let mut lines = s.lines(&m);
        lines.sort();
        found.push(lines);
        ControlFlow::Continue(())
    });
    assert_eq!(stats.solutions, 1);
    assert_eq!(found, [["A C X:1 Y:1", "B X:1", "C Y:1"]]);
}

#[test]
fn exact_cover_gives_the_plain_engines_figures() {
    let m = format::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
    for h in [Heuristic::Mrv, Heuristic::Leftmost] {
        let plain = Dlx::new(&m).solve().heuristic(h).count();
        let general = Xcc::new(&m).solve().heuristic(h).count();
        assert_eq!(general, plain, "{h:?}");
    }
    let queens = crate::lookahead::tests::queens(8);
    assert_eq!(
        Xcc::new(&queens).solve().count(),
        Dlx::new(&queens).solve().count()
    );
}

/// A random small problem: primary items with bounds, secondary items, options that may
/// colour their secondary entries with one of three colours.
#[derive(Debug, Clone)]
struct Problem {
    bounds: Vec<(u32, u32)>,
    secondaries: usize,
    options: Vec<Vec<(usize, u8)>>,
}

impl Problem {
    fn matrix(&self) -> Matrix {
        self.matrix_with(true)
    }

    /// The matrix, its primary items declared without bounds (exactly once each) when
    /// `bounds` is false.
    fn matrix_with(&self, bounds: bool) -> Matrix {
        let mut b = MatrixBuilder::new();
        for (k, &(lo, hi)) in self.bounds.iter().enumerate() {
            if bounds {
                b.primary_with(format!("p{k}"), lo, hi).unwrap();
            } else {
                b.primary(format!("p{k}")).unwrap();
            }
        }
        for k in 0..self.secondaries {
            b.secondary(format!("s{k}")).unwrap();
        }
        let n = self.bounds.len();
        for option in &self.options {
            let entries = option.iter().map(|&(i, c)| {
                if i < n {
                    (format!("p{i}"), None)
                } else {
                    (
                        format!("s{}", i - n),
                        (c > 0).then(|| ["r", "g", "b"][c as usize - 1]),
                    )
                }
            });
            b.option_coloured(entries).unwrap();
        }
        b.build().unwrap()
    }

    /// Solutions by brute force: the sets of options (each with a primary item) that cover
    /// every primary item within its bounds and give every secondary item one colour, or
    /// lie on it at most once.
    fn brute_force(&self) -> Vec<Vec<usize>> {
        let n = self.bounds.len();
        let usable: Vec<usize> = (0..self.options.len())
            .filter(|&o| self.options[o].iter().any(|&(i, _)| i < n))
            .collect();
        let mut found = Vec::new();
        for mask in 0u32..1 << usable.len() {
            let chosen: Vec<usize> = (0..usable.len())
                .filter(|&k| mask >> k & 1 == 1)
                .map(|k| usable[k])
                .collect();
            let mut count = vec![0u32; n];
            let mut colours: Vec<Vec<u8>> = vec![Vec::new(); self.secondaries];
            for &o in &chosen {
                for &(i, c) in &self.options[o] {
                    if i < n {
                        count[i] += 1;
                    } else {
                        colours[i - n].push(c);
                    }
                }
            }
            // A secondary item lies in one chosen option, or in several that all give it
            // the same colour (0 is none).
            let mut ok = colours
                .iter()
                .all(|cs| cs.len() <= 1 || cs.iter().all(|&c| c != 0 && c == cs[0]));
            ok &= (0..n).all(|i| self.bounds[i].0 <= count[i] && count[i] <= self.bounds[i].1);
            if ok {
                found.push(chosen);
            }
        }
        found.sort();
        found
    }
}

/// How a search is set up, for comparing two ways of running it.
#[derive(Debug, Default)]
struct Setup {
    limit: Option<u64>,
    path: Vec<u32>,
}

impl Setup {
    fn apply<'a>(&self, mut s: XccSearch<'a>) -> XccSearch<'a> {
        s = s.below(self.path.clone());
        if let Some(n) = self.limit {
            s = s.limit(n);
        }
        s
    }
}

/// The setups whose count must equal the state machine's stepped figures: the whole tree,
/// to `limit`, and below each path of a split at `depth`, under rule `h`.
fn setups(xcc: &mut Xcc, h: Heuristic, limit: u64, depth: usize) -> Vec<Setup> {
    let mut setups = vec![
        Setup::default(),
        Setup {
            limit: Some(limit),
            ..Setup::default()
        },
    ];
    for path in xcc.solve().heuristic(h).split(depth).paths {
        let path = path.moves().expect("moves").to_vec();
        setups.push(Setup {
            path,
            ..Setup::default()
        });
    }
    setups
}

/// Checks that a count (which may go without links) gives the figures of the state machine
/// stepped to the end, for `setup` and the interrupt flag `flag`; returns them.
fn counted_as_stepped(
    xcc: &mut Xcc,
    bounds: bool,
    h: Heuristic,
    setup: &Setup,
    flag: &AtomicBool,
) -> Result<crate::Stats, TestCaseError> {
    let stepped = {
        let mut search = setup.apply(
            XccSearch::over(xcc.arena(), bounds)
                .heuristic(h)
                .interrupt(flag),
        );
        while search.advance() {}
        search.stats()
    };
    let counted = setup
        .apply(
            XccSearch::over(xcc.arena(), bounds)
                .heuristic(h)
                .interrupt(flag),
        )
        .count();
    prop_assert_eq!(&counted, &stepped, "{:?} {:?}", h, setup);
    Ok(counted)
}

fn problem(max_bound: u32) -> impl Strategy<Value = Problem> {
    (1usize..=4, 0usize..=3).prop_flat_map(move |(n, s)| {
        let bounds = prop::collection::vec(
            (0..=max_bound, 1..=max_bound).prop_map(|(a, b)| (a.min(b), b)),
            n,
        );
        let option = prop::collection::btree_map(0..n + s, 0u8..=3, 1..=4)
            .prop_map(|m| m.into_iter().collect::<Vec<_>>());
        let options = prop::collection::vec(option, 0..=11);
        (bounds, Just(s), options).prop_map(|(bounds, secondaries, options)| Problem {
            bounds,
            secondaries,
            options,
        })
    })
}

fn solutions(xcc: &mut Xcc, h: Heuristic) -> (Vec<Vec<usize>>, crate::Stats) {
    let mut found = Vec::new();
    let stats = xcc.solve().heuristic(h).run(|s| {
        found.push(s.sorted_options());
        ControlFlow::Continue(())
    });
    found.sort();
    (found, stats)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every solution once, for colours alone (DLX2's counting) and with bounds (DLX3's),
    /// under both rules; the iterator, the limit and the first solution agree.
    #[test]
    fn each_solution_is_found_once(p in prop_oneof![problem(1), problem(3)]) {
        let m = p.matrix();
        let truth = p.brute_force();
        let mut xcc = Xcc::new(&m);
        for h in [Heuristic::Mrv, Heuristic::Leftmost] {
            let (found, stats) = solutions(&mut xcc, h);
            prop_assert_eq!(&found, &truth, "{:?}", h);
            prop_assert_eq!(stats.solutions, truth.len() as u64);
            prop_assert!(stats.complete);
            prop_assert_eq!(xcc.arena.check(), Ok(()));
        }
        // The figures of Knuth's recursive search(k), with his inverse operations.
        let s = xcc.solve().count();
        prop_assert_eq!((s.solutions, s.updates, s.cleansings, s.nodes), super::reference::figures(&m));
        let via_iterator: Vec<_> = xcc.solve().iter().collect();
        prop_assert_eq!(via_iterator.len(), truth.len());
        if !truth.is_empty() {
            let k = truth.len().div_ceil(2) as u64;
            let stats = xcc.solve().limit(k).count();
            prop_assert_eq!(stats.solutions, k);
            let first = xcc.solve().first();
            prop_assert!(truth.contains(&first.unwrap().sorted_options()));
        }
        prop_assert_eq!(xcc.arena.check(), Ok(()));
        prop_assert_eq!(&xcc.arena, &*xcc.pristine.0);
    }

    /// At every node entered the arena's invariants hold (`Arena::check`: among them, an
    /// option in an active item's list has all its nodes in their lists), with or without
    /// an option fixed first; the figures are those of the reference search (Knuth's
    /// inverse walks instead of the trail), and the search leaves the arena as built.
    #[test]
    fn the_arena_stays_sound_at_every_node(
        p in prop_oneof![problem(1), problem(3)],
        pick in any::<prop::sample::Index>(),
    ) {
        let m = p.matrix();
        let mut xcc = Xcc::new(&m);
        let bounds = xcc.has_bounds();
        let mut search = XccSearch::over(xcc.arena(), bounds);
        search.checked = true;
        let s = search.count();
        prop_assert_eq!((s.solutions, s.updates, s.cleansings, s.nodes), super::reference::figures(&m));
        prop_assert_eq!(&xcc.arena, &*xcc.pristine.0);
        if !p.options.is_empty() {
            let mut search = XccSearch::over(xcc.arena(), bounds);
            search.checked = true;
            if let Ok(search) = search.fix(&[pick.index(p.options.len())]) {
                let fixed = search.count();
                prop_assert!(fixed.solutions <= s.solutions);
            }
            prop_assert_eq!(&xcc.arena, &*xcc.pristine.0);
        }
    }

    /// With an option fixed, the search finds exactly the brute-force solutions that hold it
    /// (without it), for colours and bounds, sequentially, on threads and in shards; an
    /// option without a primary item, or one the first excludes, is refused.
    #[test]
    fn a_fixed_option_keeps_exactly_the_solutions_that_hold_it(
        p in prop_oneof![problem(1), problem(3)],
        pick in 0usize..12,
        second in 0usize..12,
    ) {
        let m = p.matrix();
        if pick >= m.options().len() {
            return Ok(());
        }
        let truth = p.brute_force();
        let mut xcc = Xcc::new(&m);
        let n = p.bounds.len();
        if !p.options[pick].iter().any(|&(i, _)| i < n) {
            prop_assert_eq!(xcc.solve().fix([pick]).err(), Some(FixError::NoPrimaryItem(pick)));
            return Ok(());
        }
        let with = |fixed: &[usize]| -> Vec<Vec<usize>> {
            let mut kept: Vec<Vec<usize>> = truth
                .iter()
                .filter(|s| fixed.iter().all(|f| s.contains(f)))
                .map(|s| s.iter().copied().filter(|o| !fixed.contains(o)).collect())
                .collect();
            kept.sort();
            kept
        };
        let expected = with(&[pick]);
        let mut found: Vec<Vec<usize>> = xcc
            .solve()
            .fix([pick])
            .unwrap()
            .iter()
            .map(|s| s.sorted_options())
            .collect();
        found.sort();
        prop_assert_eq!(&found, &expected);
        let whole = xcc.solve().fix([pick]).unwrap().count();
        prop_assert_eq!(whole.solutions, expected.len() as u64);
        prop_assert_eq!(xcc.solve().fix([pick]).unwrap().threads(2).count(), whole.clone());
        let mut total = crate::Stats { complete: true, ..Default::default() };
        for k in 1..=2 {
            total.merge(&xcc.solve().fix([pick]).unwrap().shard(k, 2).unwrap().count());
        }
        prop_assert_eq!(&total, &whole);
        // A second option: taken with the first, or refused when the first excludes it;
        // either way the solutions are those that hold both.
        if second < m.options().len() && second != pick {
            if let Ok(solve) = xcc.solve().fix([pick, second]) {
                let mut both: Vec<Vec<usize>> = solve.iter().map(|s| s.sorted_options()).collect();
                both.sort();
                prop_assert_eq!(both, with(&[pick, second]));
            } else {
                prop_assert!(with(&[pick, second]).is_empty());
            }
        }
        prop_assert_eq!(xcc.arena.check(), Ok(()));
        prop_assert_eq!(&xcc.arena, &*xcc.pristine.0);
    }

    /// A count on a small matrix with bounds and no colours runs on bit sets
    /// ([`super::bits`]); stepping the state machine gives the same figures, level by level,
    /// with a limit, below every path of a split, and when interrupted at once.
    #[test]
    fn the_count_on_bit_sets_is_the_state_machine(
        p in problem(3),
        limit in 1u64..4,
        depth in 1usize..4,
    ) {
        let mut p = p;
        for option in &mut p.options {
            for entry in option.iter_mut() {
                entry.1 = 0;
            }
        }
        let m = p.matrix();
        let mut xcc = Xcc::new(&m);
        if !xcc.has_bounds() {
            return Ok(());
        }
        prop_assert!(super::bits::Small::new(&xcc.arena).is_some());
        let (running, halted) = (AtomicBool::new(false), AtomicBool::new(true));
        for setup in &setups(&mut xcc, Heuristic::Mrv, limit, depth) {
            let _ = counted_as_stepped(&mut xcc, true, Heuristic::Mrv, setup, &running)?;
        }
        let counted = counted_as_stepped(&mut xcc, true, Heuristic::Mrv, &Setup::default(), &halted)?;
        prop_assert!(!counted.complete);
        prop_assert_eq!(&xcc.arena, &*xcc.pristine.0);
    }

    /// A count of a matrix with colours (or none) and no bounds runs on bit sets
    /// ([`super::colors`]); stepping the state machine gives DLX2's figures, level by level,
    /// under both rules, with a limit, below every path of a split, and when interrupted at
    /// once. A run does too: the same solutions in the same order and the same figures as
    /// the state machine's run, also when the visitor breaks.
    #[test]
    fn the_search_of_colours_on_bit_sets_is_the_state_machine(
        p in problem(1),
        limit in 1u64..4,
        depth in 1usize..4,
        stop in 1usize..4,
    ) {
        let m = p.matrix_with(false);
        let mut xcc = Xcc::new(&m);
        prop_assert!(!xcc.has_bounds());
        prop_assert!(super::colors::Tinted::new(&xcc.arena).is_some());
        let (running, halted) = (AtomicBool::new(false), AtomicBool::new(true));
        for h in [Heuristic::Mrv, Heuristic::Leftmost] {
            let counted = counted_as_stepped(&mut xcc, false, h, &Setup::default(), &halted)?;
            prop_assert!(!counted.complete);
            for setup in &setups(&mut xcc, h, limit, depth) {
                let _ = counted_as_stepped(&mut xcc, false, h, setup, &running)?;
                for breaks in [None, Some(stop)] {
                    let mut run = |checked: bool| {
                        let mut search = setup.apply(XccSearch::over(xcc.arena(), false).heuristic(h));
                        // A checked search runs on the state machine.
                        search.checked = checked;
                        let mut seen = Vec::new();
                        let stats = search.run(|s| {
                            seen.push(s.clone());
                            if breaks == Some(seen.len()) {
                                ControlFlow::Break(())
                            } else {
                                ControlFlow::Continue(())
                            }
                        });
                        (seen, stats)
                    };
                    let (fast, plain) = (run(false), run(true));
                    // The copy for the baseline target too (`crate::isa`).
                    let baseline = crate::isa::plain(|| run(false));
                    prop_assert_eq!(&baseline, &plain, "{:?} {:?} {:?} baseline", h, setup, breaks);
                    prop_assert_eq!(fast, plain, "{:?} {:?} {:?}", h, setup, breaks);
                }
            }
        }
        prop_assert_eq!(&xcc.arena, &*xcc.pristine.0);
    }

    /// Parallel and split searches give the sequential figures exactly.
    #[test]
    fn parallel_figures_equal_sequential(p in prop_oneof![problem(1), problem(3)], threads in 1usize..=3) {
        let m = p.matrix();
        let mut xcc = Xcc::new(&m);
        let whole = xcc.solve().count();
        prop_assert_eq!(xcc.solve().threads(threads).count(), whole.clone());
        for depth in 1..4 {
            let split = xcc.solve().split(depth);
            let mut total = split.stats.clone();
            for path in &split.paths {
                total.merge(&xcc.solve().below(path).unwrap().count());
            }
            prop_assert_eq!(&total, &whole, "depth {}", depth);
        }
        // Shards add up to the whole, and see every solution once.
        for n in [1, 3] {
            let mut total = crate::Stats { complete: true, ..Default::default() };
            let mut seen = 0;
            for k in 1..=n {
                let shard = xcc.solve().shard(k, n).unwrap().threads(threads).run(|_| {
                    seen += 1;
                    std::ops::ControlFlow::Continue(())
                });
                total.merge(&shard);
            }
            prop_assert_eq!(&total, &whole, "{} shards", n);
            prop_assert_eq!(seen, whole.solutions);
        }
        prop_assert_eq!(&xcc.arena, &*xcc.pristine.0);
    }
}

/// The bit-set count takes a matrix only when a layout holds it: no colours, at most 256
/// options and 48 primary items, lists of at most 255 options, bounds up to 255 (and the
/// count asks for bounds: without them the figures are DLX2's).
#[test]
fn the_bit_set_layouts_hold_only_what_fits() {
    let fits = |text: &str| {
        let m = format::parse(text).expect("valid");
        super::bits::Small::new(&Xcc::new(&m).arena).is_some()
    };
    let items = |n: usize| {
        (0..n)
            .map(|k| format!("2|i{k}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let options = |n: usize, items: usize| {
        (0..n)
            .map(|o| format!("i{} i{}\n", o % items, (o + 1) % items))
            .collect::<String>()
    };
    let matrix = |i: usize, o: usize| format!("{}\n{}", items(i), options(o, i));
    assert!(fits(&matrix(16, 64)));
    assert!(fits(&matrix(17, 65)));
    assert!(fits(&matrix(48, 256)));
    assert!(!fits(&matrix(49, 100)), "49 primary items");
    assert!(!fits(&matrix(40, 257)), "257 options");
    assert!(
        fits(&matrix(1, 255).replace("i0 i0", "i0")),
        "a list of 255"
    );
    // One item in 256 options.
    let long = format!("2|a b\n{}", "a b\n".repeat(128) + &"a\n".repeat(128));
    assert!(!fits(&long));
    assert!(!fits("2:256|a b\na b\n"), "a bound of 256");
    assert!(!fits("2|a | x\na x:c\na x:c\n"), "colours");
}

/// The bit-set count with colours takes a matrix only when a layout holds it: no bounds, at
/// most 4,096 options, 64 primary items in lists of at most 254 options, 64 secondary items.
#[test]
fn the_colour_layouts_hold_only_what_fits() {
    let fits = |text: &str| {
        let m = format::parse(text).expect("valid");
        super::colors::Tinted::new(&Xcc::new(&m).arena).is_some()
    };
    let matrix = |primaries: usize, secondaries: usize, options: usize| {
        let p: Vec<String> = (0..primaries).map(|k| format!("p{k}")).collect();
        let s: Vec<String> = (0..secondaries).map(|k| format!("s{k}")).collect();
        let mut text = format!("{} | {}\n", p.join(" "), s.join(" "));
        for o in 0..options {
            let colour = ["a", "b"][o % 2];
            text += &format!("p{} s{}:{colour}\n", o % primaries, o % secondaries.max(1));
        }
        text
    };
    assert!(fits(&matrix(64, 64, 4096)));
    assert!(!fits(&matrix(65, 64, 4096)), "65 primary items");
    assert!(!fits(&matrix(64, 65, 4096)), "65 secondary items");
    assert!(!fits(&matrix(64, 64, 4097)), "4,097 options");
    assert!(fits(&matrix(1, 1, 254)), "a list of 254");
    assert!(!fits(&matrix(1, 1, 255)), "a list of 255");
    assert!(!fits("1:2|a | x\na x:c\na x:c\n"), "bounds");
}

/// The layout of the count without links is built once, by the first count, and shared by
/// every copy of the arena (the workers of a run in parts count with copies).
#[test]
fn copies_share_the_layout_of_the_count() {
    let m = format::parse(DLX2_INTRO).unwrap();
    let mut xcc = Xcc::new(&m);
    let copy = xcc.clone();
    assert!(copy.counter.0.get().is_none());
    let counted = xcc.solve().count();
    assert!(matches!(
        copy.counter.0.get(),
        Some(Some(super::Counter::Colors(_)))
    ));
    let mut copy = copy;
    assert_eq!(copy.solve().count(), counted);
}

#[test]
fn a_leaked_search_is_repaired() {
    let m = format::parse(DLX3_INTRO).unwrap();
    let mut xcc = Xcc::new(&m);
    let truth = xcc.solve().count();
    let mut search = XccSearch::new(&mut xcc);
    assert!(search.next_solution().is_some());
    std::mem::forget(search);
    assert_eq!(xcc.solve().count(), truth);
}

#[test]
fn graph_colourings_count_the_chromatic_polynomial() {
    // The 5-cycle: P(q) = (q - 1)^5 - (q - 1); edges primary, vertices coloured.
    let cycle: Vec<(usize, usize)> = (0..5).map(|e| (e, (e + 1) % 5)).collect();
    for q in 1..=4u64 {
        let m = colouring(5, &cycle, q as usize);
        let expected = (q - 1).pow(5) as i64 - (q as i64 - 1);
        assert_eq!(
            Xcc::new(&m).solve().count().solutions as i64,
            expected,
            "q = {q}"
        );
    }
}

#[test]
fn row_and_column_sums_count_oeis_a001499() {
    // n x n 0/1 matrices with every row and column sum 2: 1, 6, 90, 2040 (A001499).
    for (n, expected) in [(2, 1), (3, 6), (4, 90), (5, 2040)] {
        let mut b = MatrixBuilder::new();
        for i in 0..n {
            b.primary_with(format!("r{i}"), 2, 2).unwrap();
        }
        for j in 0..n {
            b.primary_with(format!("c{j}"), 2, 2).unwrap();
        }
        for i in 0..n {
            for j in 0..n {
                b.option([format!("r{i}"), format!("c{j}")]).unwrap();
            }
        }
        let m = b.build().unwrap();
        assert_eq!(Xcc::new(&m).solve().count().solutions, expected, "n = {n}");
    }
}

/// n x n 0/1 arrays with two 1s in every row and one to three in every column (DLX3).
fn two_per_row(n: usize) -> Matrix {
    let mut sums = MatrixBuilder::new();
    for i in 0..n {
        sums.primary_with(format!("r{i}"), 2, 2).unwrap();
        sums.primary_with(format!("c{i}"), 1, 3).unwrap();
    }
    for i in 0..n {
        for j in 0..n {
            sums.option([format!("r{i}"), format!("c{j}")]).unwrap();
        }
    }
    sums.build().unwrap()
}

#[test]
fn the_estimate_converges_to_the_true_figures() {
    // Small trees of both kinds: colours (DLX2's counting) and bounds (DLX3's).
    let mut colouring = MatrixBuilder::new();
    for e in 0..5 {
        colouring.primary(format!("e{e}")).unwrap();
    }
    for v in 0..5 {
        colouring.secondary(format!("v{v}")).unwrap();
    }
    for e in 0..5 {
        for (a, b) in [
            ("0", "1"),
            ("1", "0"),
            ("0", "2"),
            ("2", "0"),
            ("1", "2"),
            ("2", "1"),
        ] {
            let (u, w) = (format!("v{e}"), format!("v{}", (e + 1) % 5));
            colouring
                .option_coloured([(format!("e{e}"), None), (u, Some(a)), (w, Some(b))])
                .unwrap();
        }
    }
    for m in [
        colouring.build().unwrap(),
        two_per_row(4),
        format::parse(DLX3_INTRO).unwrap(),
    ] {
        let mut xcc = Xcc::new(&m);
        let truth = xcc.solve().count();
        let est = xcc.solve().estimate_plain(40_000, 7);
        let close = |what: &str, mean: f64, truth: u64| {
            let t = truth as f64;
            assert!(
                (mean - t).abs() <= 0.05 * t + 0.5,
                "{what}: estimate {mean}, truth {t}"
            );
        };
        close("nodes", est.nodes.mean, truth.nodes);
        close("updates", est.updates.mean, truth.updates);
        close("solutions", est.solutions.mean, truth.solutions);
        let by_level: f64 = est.level_nodes.iter().sum();
        close("levels", by_level + 1.0, truth.nodes);
        assert_eq!(xcc.solve().count(), truth, "the probes restore the arena");
    }
}

#[test]
#[should_panic(expected = "search it with dlx_core::Xcc")]
fn algorithm_dlx_refuses_colours_rather_than_ignoring_them() {
    let m = format::parse(TAOCP_49).unwrap();
    let _ = Dlx::new(&m);
}

/// The k-colourings of a graph: a primary item per edge, whose options give its two ends
/// different colours, the vertices secondary items coloured by them.
fn colouring(vertices: usize, edges: &[(usize, usize)], k: usize) -> Matrix {
    let mut b = MatrixBuilder::new();
    for e in 0..edges.len() {
        b.primary(format!("e{e}")).unwrap();
    }
    for v in 0..vertices {
        b.secondary(format!("v{v}")).unwrap();
    }
    for (e, &(u, w)) in edges.iter().enumerate() {
        for a in 0..k {
            for c in (0..k).filter(|&c| c != a) {
                let (a, c) = (a.to_string(), c.to_string());
                b.option_coloured([
                    (format!("e{e}"), None),
                    (format!("v{u}"), Some(a.as_str())),
                    (format!("v{w}"), Some(c.as_str())),
                ])
                .unwrap();
            }
        }
    }
    b.build().unwrap()
}

#[test]
fn the_stratified_estimate_brackets_the_truth_with_colours_and_bounds() {
    // 3-colourings of the 3x4 grid (DLX2's counting) and row sums 2, column sums 1..3 in a
    // 5x5 array (DLX3's): trees cut into strata, each probed below its path.
    let (rows, cols) = (3, 4);
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let v = r * cols + c;
            if c + 1 < cols {
                edges.push((v, v + 1));
            }
            if r + 1 < rows {
                edges.push((v, v + cols));
            }
        }
    }
    for m in [colouring(rows * cols, &edges, 3), two_per_row(5)] {
        let mut xcc = Xcc::new(&m);
        let truth = xcc.solve().count();
        for seed in 1..=3 {
            let est = xcc.solve().estimate(4000, seed);
            assert!(est.strata > 1, "the tree is cut");
            for (what, s, t) in [
                ("nodes", est.nodes, truth.nodes),
                ("updates", est.updates, truth.updates),
                ("solutions", est.solutions, truth.solutions),
            ] {
                let gap = (s.mean - t as f64).abs();
                assert!(
                    gap <= 4.0 * s.std_error,
                    "seed {seed}, {what}: {s:?} vs {t}"
                );
                assert!(s.std_error > 0.0, "{what}: probed, not counted");
            }
            let by_level: f64 = est.level_nodes.iter().sum();
            assert!((by_level + 1.0 - est.nodes.mean).abs() < 1e-6 * est.nodes.mean);
        }
        // Each shard's estimate is of its own part: together they estimate the whole.
        let (mut mean, mut var) = (0.0, 0.0);
        for k in 1..=3 {
            let e = xcc.solve().shard(k, 3).unwrap().estimate(3000, 7);
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
        assert_eq!(xcc.solve().count(), truth, "the probes restore the arena");
    }
}
