//! The ZDD search: DLX6's figures and text on Knuth's small examples, counts and solutions
//! equal to the ordinary search's on random matrices (plain, colours, bounds), a count
//! beyond 2^64, the text format read back, and the refusals.

use super::*;
use crate::{Problem, format};

const MATRIX3: &str = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
const TAOCP49: &str = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";

fn zdd_of(text: &str) -> Zdd {
    let m = format::parse(text).unwrap();
    Problem::new(&m).solve().zdd().unwrap()
}

/// The solutions and DLX6's other figures, in the order its last line prints them.
fn figures(z: &Zdd) -> (u64, [u64; 7]) {
    let s = z.stats().unwrap();
    (s.solutions.to_u64().unwrap(), s.figures())
}

#[test]
fn knuths_examples_give_dlx6_figures_and_text() {
    // `dlx6 m1 < examples/matrix3.dlx`: "1 solution, ... 30 updates, 0 cleansings, ...
    // 6 search nodes, 5 ZDD nodes, 2+4 signatures, 1 hits", and on standard output the
    // four lines below (the program built from Knuth's dlx6.w with ctangle and gcc).
    let z = zdd_of(MATRIX3);
    assert_eq!(figures(&z), (1, [30, 0, 6, 5, 2, 4, 1]));
    assert_eq!(
        z.to_text(),
        "2: (~5?0:1)\n3: (~1?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n"
    );
    // `dlx6 m1 < examples/taocp-49.dlx`: 1 solution, 20 updates, 3 cleansings, 4 search
    // nodes, 4 ZDD nodes, 1+3 signatures, 1 hits.
    let z = zdd_of(TAOCP49);
    assert_eq!(figures(&z), (1, [20, 3, 4, 4, 1, 3, 1]));
    assert_eq!(z.to_text(), "2: (~2?0:1)\n3: (~4?0:2)\n4: (~0?0:3)\n");
    // The leftmost rule: Knuth's change file dlx6-noMRV applied to dlx6.w (`ctangle dlx6.w
    // dlx6-noMRV.ch`), on the same two files: 35 updates, 0 cleansings, 7 search nodes,
    // 5 ZDD nodes, 3+4 signatures, 1 hits; 18 updates, 4 cleansings, 5 search nodes,
    // 4 ZDD nodes, 2+3 signatures, 1 hits.
    let leftmost = |text: &str| {
        let m = format::parse(text).unwrap();
        let z = Problem::new(&m)
            .solve()
            .heuristic(Heuristic::Leftmost)
            .zdd()
            .unwrap();
        figures(&z)
    };
    assert_eq!(leftmost(MATRIX3), (1, [35, 0, 7, 5, 3, 4, 1]));
    assert_eq!(leftmost(TAOCP49), (1, [18, 4, 5, 4, 2, 3, 1]));
}

#[test]
fn options_without_a_primary_item_are_left_out_of_the_numbering() {
    // DLX6 ignores `x y` and `y:2` and numbers the other five options 1 to 5. `dlx6 m1`
    // on this text: 3 solutions, 15 updates, 2 cleansings, 6 search nodes, 7 ZDD nodes,
    // 0+4 signatures, 3 hits, and the six lines below.
    let text = "a b c | x y\na x:1\nx y\nb y\nc\nb c x:1\ny:2\na b c\n";
    let z = zdd_of(text);
    assert_eq!(figures(&z), (3, [15, 2, 6, 7, 0, 4, 3]));
    assert_eq!(
        z.to_text(),
        "2: (~3?0:1)\n3: (~2?0:2)\n4: (~4?3:1)\n5: (~1?0:4)\n6: (~5?5:1)\n7: (~0?0:6)\n"
    );
    // Option numbers name the matrix's options 0, 2, 3, 4, 6.
    let named: Vec<_> = (1..=6).map(|k| z.option_of(k)).collect();
    assert_eq!(named, [Some(0), Some(2), Some(3), Some(4), Some(6), None]);
    let m = format::parse(text).unwrap();
    let mut all: Vec<_> = z.iter().map(|s| s.sorted_options()).collect();
    let mut ours: Vec<_> = Problem::new(&m)
        .solve()
        .iter()
        .map(|s| s.sorted_options())
        .collect();
    all.sort();
    ours.sort();
    assert_eq!(all, ours);
}

#[test]
fn no_solution_gives_dlx6s_single_node() {
    // No solution: DLX6 counts one ZDD node (the empty terminal) and writes a root to 0
    // (`printf 'a b\na\n' | dlx6 m1`: "0 solutions, ... 1 updates, 0 cleansings, ...
    // 1 search nodes, 1 ZDD node, 1+1 signatures, 0 hits", and the line below).
    let z = zdd_of("a b\na\n");
    assert_eq!(figures(&z), (0, [1, 0, 1, 1, 1, 1, 0]));
    assert!(z.count().is_zero());
    assert_eq!(z.stats().unwrap().zdd_nodes, 1);
    assert_eq!(z.to_text(), "2: (~0?0:0)\n");
    assert_eq!(z.iter().count(), 0);
    assert!(z.sample(&mut SplitMix64::new(1)).is_none());
}

/// A random matrix in Knuth's format: `kind` 0 plain, 1 colours, 2 bounds (and colours).
fn random_text(seed: u64, kind: u32) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut below = |n: u64| rng.next_u64() % n;
    let primaries = 4 + below(7) as usize;
    let secondaries = below(4) as usize;
    let mut text = String::new();
    for p in 0..primaries {
        if kind == 2 && below(3) == 0 {
            let lo = below(2);
            text += &format!("{lo}:{}|", lo + 1 + below(2));
        }
        text += &format!("p{p} ");
    }
    if secondaries > 0 {
        text += "|";
        for s in 0..secondaries {
            text += &format!(" s{s}");
        }
    }
    text += "\n";
    for _ in 0..6 + below(22) {
        let mut used = vec![false; primaries];
        for _ in 0..1 + below(3) {
            used[below(primaries as u64) as usize] = true;
        }
        let mut row: Vec<String> = (0..primaries)
            .filter(|&p| used[p])
            .map(|p| format!("p{p}"))
            .collect();
        if secondaries > 0 && below(2) == 0 {
            let s = below(secondaries as u64);
            row.push(if kind > 0 && below(4) != 0 {
                format!("s{s}:{}", ["a", "b"][below(2) as usize])
            } else {
                format!("s{s}")
            });
        }
        text += &row.join(" ");
        text += "\n";
    }
    text
}

#[test]
fn counts_and_solutions_equal_the_ordinary_search_on_random_matrices() {
    let mut checked = [0; 3];
    for seed in 0..600u64 {
        let kind = (seed % 3) as u32;
        let text = random_text(seed, kind);
        let m = format::parse(&text).unwrap();
        let mut problem = Problem::new(&m);
        let z = problem.solve().zdd().unwrap();
        let ours: Vec<Solution> = problem.solve().iter().collect();
        assert_eq!(
            z.count().to_u64(),
            Some(ours.len() as u64),
            "seed {seed}\n{text}"
        );
        let listed: Vec<Solution> = z.iter().collect();
        if kind < 2 {
            // The same search order and branching items as Algorithm C's (DLX2's), whose
            // MRV choices see the same primary lengths.
            assert_eq!(listed, ours, "seed {seed}\n{text}");
        } else {
            let sorted = |v: &[Solution]| {
                let mut s: Vec<_> = v.iter().map(Solution::sorted_options).collect();
                s.sort();
                s
            };
            assert_eq!(sorted(&listed), sorted(&ours), "seed {seed}\n{text}");
        }
        // Ranks give the listed solutions in order.
        for (r, s) in listed.iter().enumerate() {
            assert_eq!(z.solution(&BigUint::from(r as u64)).as_ref(), Some(s));
        }
        assert!(z.solution(&BigUint::from(listed.len() as u64)).is_none());
        // The text reads back into the same diagram (items aside) and count.
        let back = Zdd::read(&z.to_text(), &m).unwrap();
        assert_eq!(back.count(), z.count());
        assert_eq!(back.to_text(), z.to_text());
        let options =
            |v: Vec<Solution>| -> Vec<Vec<OptionId>> { v.iter().map(Solution::options).collect() };
        assert_eq!(options(back.iter().collect()), options(listed));
        checked[kind as usize] += usize::from(!z.count().is_zero());
    }
    // Enough of each kind had solutions to mean something.
    assert!(checked.iter().all(|&c| c > 50), "{checked:?}");
}

#[test]
fn a_count_past_2_pow_64_is_the_power_of_the_copies() {
    // 25 disjoint copies of a matrix with 7 solutions (the one in `Solve`'s docs) have
    // 7^25 = 1341068619663964900807 solutions (> 2^64); the ordinary count of one copy
    // gives 7, and the power is computed apart from the diagram.
    let items: Vec<String> = (0..25).map(|k| format!("a{k} b{k} c{k} d{k}")).collect();
    let mut text = items.join(" ") + "\n";
    for k in 0..25 {
        for row in ["a b", "c d", "a", "b", "c", "d", "a c", "b d"] {
            let named: Vec<String> = row.split(' ').map(|i| format!("{i}{k}")).collect();
            text += &(named.join(" ") + "\n");
        }
    }
    let one = format::parse("a b c d\na b\nc d\na\nb\nc\nd\na c\nb d\n").unwrap();
    let m = Problem::new(&one).solve().count().solutions;
    assert_eq!(m, 7);
    let z = zdd_of(&text);
    assert_eq!(*z.count(), BigUint::power_of(m, 25));
    assert_eq!(z.count().to_string(), "1341068619663964900807");
    assert!(z.count().to_u64().is_none());
    // A sample is a solution: one option of each copy's solutions, 25 copies covered.
    let s = z.sample(&mut SplitMix64::new(3)).unwrap();
    let mut covered: Vec<usize> = s
        .options()
        .iter()
        .flat_map(|&o| z_items(&text, o))
        .collect();
    covered.sort_unstable();
    assert_eq!(covered, (0..100).collect::<Vec<_>>());
}

/// The items of option `o` of the matrix `text`.
fn z_items(text: &str, o: OptionId) -> Vec<ItemId> {
    format::parse(text).unwrap().option(o).to_vec()
}

#[test]
fn optional_items_make_a_deep_diagram_of_all_subsets() {
    // n options, each with an item of its own that it may cover (bounds 0:1): every subset
    // of the options is a solution, 2^n of them. The search is n deep (binary branching on
    // options), on a stack of its own; the ordinary search agrees for n = 10.
    let text = |n: usize| {
        let items: Vec<String> = (0..n).map(|k| format!("0:1|p{k}")).collect();
        let rows: Vec<String> = (0..n).map(|k| format!("p{k}")).collect();
        format!("{}\n{}\n", items.join(" "), rows.join("\n"))
    };
    let m = format::parse(&text(10)).unwrap();
    let mut problem = Problem::new(&m);
    assert_eq!(problem.solve().count().solutions, 1024);
    assert_eq!(problem.solve().zdd().unwrap().count().to_u64(), Some(1024));
    let z = zdd_of(&text(3000));
    assert_eq!(*z.count(), BigUint::power_of(2, 3000));
    assert_eq!(z.nodes().len(), 3000);
}

#[test]
fn bad_text_is_refused_with_its_line() {
    let m = format::parse(TAOCP49).unwrap();
    let err = |t: &str| Zdd::read(t, &m).unwrap_err().to_string();
    assert_eq!(
        err("2: (~2?0:1)\nhello\n"),
        "line 2: `hello` is not `ID: (~V?LO:HI)`"
    );
    assert_eq!(
        err("2: (~2?0:3)\n"),
        "line 1: node 3 is used before its line"
    );
    assert_eq!(
        err("2: (~9?0:1)\n"),
        "line 1: option 9 does not exist: the matrix has 5"
    );
    assert_eq!(
        err("2: (~2?0:1)\n"),
        "line 1: no root line `ID: (~0?0:ROOT)`"
    );
    assert_eq!(
        err("2: (~0?0:1)\n3: (~1?0:1)\n"),
        "line 2: a line after the root's"
    );
    assert_eq!(
        err("2: (~2?0:0)\n"),
        "line 1: node 2 has HI 0, which a ZDD never has"
    );
}

#[test]
fn settings_a_diagram_cannot_honour_are_refused() {
    let m = format::parse(MATRIX3).unwrap();
    let mut p = Problem::new(&m);
    assert!(matches!(
        p.solve().limit(1).zdd(),
        Err(ZddError::Unsupported(_))
    ));
    assert!(matches!(
        p.solve().fix([3]).unwrap().zdd(),
        Err(ZddError::Unsupported(_))
    ));
    assert!(matches!(
        p.solve().heuristic(Heuristic::MrvEager).zdd(),
        Err(ZddError::Unsupported(_))
    ));
    let flag = AtomicBool::new(true);
    assert_eq!(
        p.solve().interrupt(&flag).zdd().unwrap_err(),
        ZddError::Interrupted
    );
    // The leftmost rule makes another diagram of the same solutions.
    let z = p.solve().heuristic(Heuristic::Leftmost).zdd().unwrap();
    assert_eq!(z.count().to_u64(), Some(1));
}
