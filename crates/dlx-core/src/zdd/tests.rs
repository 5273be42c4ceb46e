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
fn wide_matrices_keep_long_keys_as_bitsets_and_short_ones_as_lists() {
    // The random matrices above have under 32 items, so every key but the empty problem's
    // is a bitset. With 200 more primary items, each with an option of its own (which
    // leaves the solutions as they were), a key is a bitset of 7 words while the padding
    // lasts and a list of fewer words when few items are left: both kinds meet in one cache.
    let mut checked = 0;
    for seed in 0..300u64 {
        let kind = (seed % 3) as u32;
        let text = random_text(seed, kind);
        let (head, rows) = text.split_once('\n').unwrap();
        let pad: Vec<String> = (0..200).map(|j| format!("q{j}")).collect();
        // First in the header, so that the search takes them first (their one option each
        // ties with the shortest).
        let head = format!("{} {head}", pad.join(" "));
        let wide = format!("{head}\n{rows}{}\n", pad.join("\n"));
        let m = format::parse(&wide).unwrap_or_else(|e| panic!("{e}\n{wide}"));
        let mut problem = Problem::new(&m);
        let z = problem.solve().zdd().unwrap();
        let sorted = |v: Vec<Solution>| {
            let mut s: Vec<_> = v.iter().map(Solution::sorted_options).collect();
            s.sort();
            s
        };
        let ours = sorted(problem.solve().iter().collect());
        assert_eq!(z.count().to_u64(), Some(ours.len() as u64), "seed {seed}");
        assert_eq!(sorted(z.iter().collect()), ours, "seed {seed}");
        checked += usize::from(!ours.is_empty());
    }
    assert!(checked > 100, "{checked}");
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

/// Every set of options on the paths from `id`, in the order the path takes them.
fn paths_from(nodes: &[ZddNode], id: u32, out: &mut Vec<Vec<u32>>, path: &mut Vec<u32>) {
    match id {
        0 => {}
        1 => out.push(path.clone()),
        _ => {
            let n = nodes[id as usize - 2];
            paths_from(nodes, n.lo, out, path);
            path.push(n.option);
            paths_from(nodes, n.hi, out, path);
            path.pop();
        }
    }
}

/// Whether some node the root reaches has its own option again at a node below it.
fn option_again_below(nodes: &[ZddNode], root: u32) -> bool {
    fn below(nodes: &[ZddNode], id: u32, option: u32) -> bool {
        id > 1 && {
            let n = nodes[id as usize - 2];
            n.option == option || below(nodes, n.lo, option) || below(nodes, n.hi, option)
        }
    }
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        if id > 1 {
            let n = nodes[id as usize - 2];
            if below(nodes, n.lo, n.option) || below(nodes, n.hi, n.option) {
                return true;
            }
            stack.extend([n.lo, n.hi]);
        }
    }
    false
}

#[test]
fn a_diagram_is_read_exactly_when_each_path_is_a_solution_and_no_option_comes_again() {
    // Random diagrams over random matrices (plain, colours, bounds), against every path
    // checked by `check_cover` and every node's descendants walked: the reader's passes
    // item by item and 64 options at a time must agree with them, and what they accept
    // holds each set once (so its count is the number of its solutions).
    let mut accepted = [0usize; 2];
    for seed in 0..3000u64 {
        let text = random_text(seed / 5, (seed / 5 % 3) as u32);
        let m = format::parse(&text).unwrap();
        let kept: Vec<OptionId> = (0..m.options().len())
            .filter(|&o| {
                m.option(o)
                    .iter()
                    .any(|&i| m.item(i).kind == ItemKind::Primary)
            })
            .collect();
        let mut rng = SplitMix64::new(seed);
        let mut below = |n: u64| rng.next_u64() % n;
        // Half the time the search's own diagram, edited in one place; else made up.
        let mut nodes: Vec<ZddNode> = if seed % 2 == 0 {
            Problem::new(&m).solve().zdd().unwrap().nodes().to_vec()
        } else {
            Vec::new()
        };
        if nodes.is_empty() || below(4) != 0 {
            let k = nodes.len() as u64;
            let at = if k > 0 { below(k) as usize } else { usize::MAX };
            let count = if k > 0 { k } else { 1 + below(7) };
            nodes = (0..count as usize)
                .map(|j| {
                    let id = j as u64 + 2;
                    let random = ZddNode {
                        option: 1 + below(kept.len() as u64) as u32,
                        item: 0,
                        lo: below(id) as u32,
                        hi: 1 + below(id - 1) as u32,
                    };
                    if j == at || k == 0 { random } else { nodes[j] }
                })
                .collect();
        }
        let root = match below(5) {
            0 => below(nodes.len() as u64 + 2) as u32,
            _ => nodes.len() as u32 + 1,
        };
        let mut diagram = String::new();
        for (k, n) in nodes.iter().enumerate() {
            diagram += &format!("{:x}: (~{}?{:x}:{:x})\n", k + 2, n.option, n.lo, n.hi);
        }
        diagram += &format!("{:x}: (~0?0:{root:x})\n", nodes.len() + 2);
        let mut paths = Vec::new();
        paths_from(&nodes, root, &mut paths, &mut Vec::new());
        let sound = paths.iter().all(|p| {
            let options: Vec<OptionId> = p.iter().map(|&v| kept[v as usize - 1]).collect();
            m.check_cover(&options).is_ok()
        }) && !option_again_below(&nodes, root);
        let read = Zdd::read(&diagram, &m);
        assert_eq!(
            read.is_ok(),
            sound,
            "seed {seed}: {read:?}\n{text}\n{diagram}"
        );
        if let Ok(z) = read {
            let mut sets: Vec<Vec<u32>> = paths
                .into_iter()
                .map(|mut p| {
                    p.sort_unstable();
                    p
                })
                .collect();
            sets.sort();
            sets.dedup();
            assert_eq!(z.count().to_u64(), Some(sets.len() as u64), "seed {seed}");
            accepted[usize::from(!sets.is_empty())] += 1;
        }
    }
    // Both kinds were met, and the refused ones too.
    assert!(accepted[0] > 50 && accepted[1] > 200, "{accepted:?}");
}

#[test]
fn another_matrixs_diagram_is_refused_by_the_line_where_it_fails() {
    let m = format::parse(TAOCP49).unwrap();
    let err = |t: &str| Zdd::read(t, &m).unwrap_err().to_string();
    // The empty set alone leaves p, q and r uncovered: the root's line.
    assert_eq!(
        err("2: (~0?0:1)\n"),
        "line 1: a path from the root covers primary item `p` 0 times, fewer than its 1: \
         not a diagram of this matrix's solutions"
    );
    // Options 1 (`p q x y:A`) and 2 (`p r x:A y`) share p.
    assert_eq!(
        err("2: (~2?0:1)\n3: (~1?0:2)\n4: (~0?0:3)\n"),
        "line 2: a path from node 3 covers primary item `p` 2 times, more than its 1: \
         not a diagram of this matrix's solutions"
    );
    // Option 4 (`q x:A`), then option 3 (`p x:B`) and option 5 (`r y:B`): x given A and B.
    assert_eq!(
        err("2: (~5?0:1)\n3: (~3?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n"),
        "line 3: node 4 takes option 4 (`q x:A`), and a path below it gives secondary \
         item `x` to another option with another colour or none: not a diagram of this \
         matrix's solutions"
    );
    // The search's diagram (4 (`q x:A`) then 2 (`p r x:A y`)), with node 3 again below its
    // LO branch: its one solution twice.
    assert_eq!(
        err("2: (~2?0:1)\n3: (~4?0:2)\n4: (~4?3:2)\n5: (~0?0:4)\n"),
        "line 3: option 4 of node 4 appears again below its LO branch, so that a set of \
         options may be held twice: not a diagram of this matrix's solutions"
    );
    // Bounds that allow an item twice: option 1 (`a`) twice on one path is still refused.
    let twice = format::parse("2|a\na\n").unwrap();
    assert_eq!(
        Zdd::read("2: (~1?0:1)\n3: (~1?0:2)\n4: (~0?0:3)\n", &twice)
            .unwrap_err()
            .to_string(),
        "line 2: option 1 of node 3 appears again below its HI branch, so that a path takes \
         it twice: not a diagram of this matrix's solutions"
    );
    // What is not reached from the root is not looked at.
    let z = Zdd::read("2: (~1?0:1)\n3: (~2?0:1)\n4: (~4?0:3)\n5: (~0?0:4)\n", &m).unwrap();
    assert_eq!(z.count().to_u64(), Some(1));
}

#[test]
fn options_met_twice_are_checked_64_at_a_time_past_the_first_64() {
    // Items x0..x69 each allowed twice, an option `xk` for each and one `y`: two LO chains
    // of the 70 options (each option at two nodes, neither below the other), the root
    // taking `y` or not. Then the node of option 69 in the second chain points HI to its
    // namesake in the first: option 69 twice on a path, which only the 64-at-a-time pass of
    // options met twice sees (x68's bound allows it), and only in its second word.
    let mut text: String = (0..70).map(|k| format!("0:2|x{k} ")).collect();
    text += "0:1|y\n";
    for k in 0..70 {
        text += &format!("x{k}\n");
    }
    text += "y\n";
    let m = format::parse(&text).unwrap();
    let diagram = |fault: bool| {
        let mut lines = Vec::new();
        // Chain A: ids 2..=71, option k + 1 at id k + 2; chain B: ids 72..=141.
        for chain in 0..2u32 {
            for k in 0..70u32 {
                let id = 2 + chain * 70 + k;
                let lo = if k == 0 { 0 } else { id - 1 };
                let hi = if fault && chain == 1 && k == 68 {
                    2 + k
                } else {
                    1
                };
                lines.push(format!("{id:x}: (~{}?{lo:x}:{hi:x})", k + 1));
            }
        }
        lines.push(format!("{:x}: (~71?{:x}:{:x})", 142, 71, 141));
        lines.push(format!("{:x}: (~0?0:{:x})", 143, 142));
        lines.join("\n")
    };
    let z = Zdd::read(&diagram(false), &m).unwrap();
    assert_eq!(z.count().to_u64(), Some(140));
    assert_eq!(
        Zdd::read(&diagram(true), &m).unwrap_err().to_string(),
        "line 139: option 69 of node 8c appears again below its HI branch, so that a path \
         takes it twice: not a diagram of this matrix's solutions"
    );
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
