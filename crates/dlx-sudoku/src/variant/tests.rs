//! Every count of the exact cover checked against a brute-force search that knows nothing of
//! it: cell by cell, each symbol that repeats nothing in a unit or cage and keeps each
//! cage's sum reachable.

use std::sync::Arc;

use dlx_core::estimate::SplitMix64;

use super::*;

/// Counts the solutions of `layout` with `givens` by plain backtracking over the cells.
fn brute_force(layout: &Layout, givens: &[u8]) -> u64 {
    let cells = layout.cell_count();
    let n = layout.symbols() as u8;
    // The groups (units and cages) each cell lies in; cage sums by group.
    let mut groups: Vec<(Vec<usize>, Option<u32>)> =
        layout.units().iter().map(|u| (u.clone(), None)).collect();
    groups.extend(
        layout
            .cages()
            .iter()
            .map(|c| (c.cells().to_vec(), Some(c.sum()))),
    );
    let mut of = vec![Vec::new(); cells];
    for (g, (members, _)) in groups.iter().enumerate() {
        for &k in members {
            of[k].push(g);
        }
    }
    fn fits(groups: &[(Vec<usize>, Option<u32>)], of: &[Vec<usize>], v: &[u8], k: usize) -> bool {
        of[k].iter().all(|&g| {
            let (members, sum) = &groups[g];
            let repeats = members.iter().any(|&m| m != k && v[m] == v[k]);
            let filled: Vec<u32> = members
                .iter()
                .filter(|&&m| v[m] != 0)
                .map(|&m| u32::from(v[m]))
                .collect();
            let total: u32 = filled.iter().sum();
            let sum_ok = match sum {
                None => true,
                Some(s) if filled.len() == members.len() => total == *s,
                Some(s) => total < *s,
            };
            !repeats && sum_ok
        })
    }
    fn go(
        groups: &[(Vec<usize>, Option<u32>)],
        of: &[Vec<usize>],
        n: u8,
        v: &mut Vec<u8>,
        fixed: &[u8],
        k: usize,
    ) -> u64 {
        if k == v.len() {
            return 1;
        }
        let choices: Vec<u8> = if fixed[k] != 0 {
            vec![fixed[k]]
        } else {
            (1..=n).collect()
        };
        let mut count = 0;
        for d in choices {
            v[k] = d;
            if fits(groups, of, v, k) {
                count += go(groups, of, n, v, fixed, k + 1);
            }
        }
        v[k] = 0;
        count
    }
    let mut v = vec![0; cells];
    go(&groups, &of, n, &mut v, givens, 0)
}

/// The count of the exact cover, and that each of the first solutions solves the puzzle.
fn by_cover(layout: &Layout, givens: &[u8]) -> u64 {
    let puzzle = Puzzle::new(layout.clone(), givens.to_vec()).unwrap();
    let mut solver = VariantSolver::new();
    let count = solver.count(&puzzle, None);
    if let Some(s) = solver.solve(&puzzle) {
        assert!(s.solves(&puzzle), "{s:?} does not solve {puzzle:?}");
    }
    count
}

/// A few random givens that repeat nothing, drawn from a random solution.
fn some_givens(layout: &Layout, how_many: usize, rng: &mut SplitMix64) -> Vec<u8> {
    let made = generate_on(layout, rng.next_u64()).unwrap();
    let mut givens = vec![0; layout.cell_count()];
    for _ in 0..how_many {
        let k = rng.below(layout.cell_count() as u32) as usize;
        givens[k] = made.solution.values()[k];
    }
    givens
}

#[test]
fn named_layouts_of_side_4_count_as_the_brute_force_does() {
    let cases = [
        (Layout::classic(4).unwrap(), 288),
        (Layout::x(4).unwrap(), 48),
        (Layout::windoku(4).unwrap(), 168),
        // Rows and columns only: the 576 latin squares of order 4.
        (Layout::jigsaw("abcdabcdabcdabcd").unwrap(), 576),
    ];
    for (layout, expected) in cases {
        let empty = vec![0; 16];
        let brute = brute_force(&layout, &empty);
        assert_eq!(by_cover(&layout, &empty), brute, "{layout:?}");
        assert_eq!(brute, expected, "{layout:?}");
    }
}

#[test]
fn jigsaws_of_side_5_and_6_count_as_the_brute_force_does() {
    // janko.at Chaos-Sudoku 005's regions (5x5), and random regions of sides 5 and 6.
    let mut rng = SplitMix64::new(5);
    let mut layouts = vec![Layout::jigsaw("ddaaadddbaeecbaeccbbeeccb").unwrap()];
    for side in [5, 6] {
        let made = generate(Variant::Jigsaw, side, rng.next_u64()).unwrap();
        layouts.push(made.puzzle.layout().clone());
    }
    for layout in &layouts {
        let givens = some_givens(layout, layout.symbols(), &mut rng);
        let brute = brute_force(layout, &givens);
        assert!(brute >= 1);
        assert_eq!(by_cover(layout, &givens), brute, "{layout:?} {givens:?}");
    }
}

#[test]
fn partial_units_and_overlapping_grids_count_as_the_brute_force_does() {
    // Two 4x4 sudokus sharing a 2x2 box (a samurai in small: 28 cells in a 6x6 frame), and a
    // 3-cell unit (distinct, not every symbol: secondary items) across them.
    let mut cells = Vec::new();
    for r in 0..6 {
        for c in 0..6 {
            if (r < 4 && c < 4) || (r >= 2 && c >= 2) {
                cells.push((r, c));
            }
        }
    }
    let index = |r: usize, c: usize| cells.iter().position(|&p| p == (r, c)).unwrap();
    let mut units = Vec::new();
    for (r0, c0) in [(0, 0), (2, 2)] {
        for i in 0..4 {
            units.push((0..4).map(|j| index(r0 + i, c0 + j)).collect());
            units.push((0..4).map(|j| index(r0 + j, c0 + i)).collect());
            let (br, bc) = (r0 + i / 2 * 2, c0 + i % 2 * 2);
            units.push(vec![
                index(br, bc),
                index(br, bc + 1),
                index(br + 1, bc),
                index(br + 1, bc + 1),
            ]);
        }
    }
    let plain = Layout::new(6, 6, cells.clone(), 4, units.clone()).unwrap();
    assert_eq!(plain.units().len(), 23); // the shared box once
    units.push(vec![index(0, 0), index(3, 3), index(5, 5)]);
    let partial = Layout::new(6, 6, cells.clone(), 4, units).unwrap();
    let empty = vec![0; plain.cell_count()];
    for layout in [&plain, &partial] {
        let brute = brute_force(layout, &empty);
        assert_eq!(by_cover(layout, &empty), brute, "{layout:?}");
    }
    assert_eq!(brute_force(&plain, &empty), 288 * 12);
    assert!(brute_force(&partial, &empty) < 288 * 12);
}

#[test]
fn killer_cages_count_as_the_brute_force_does() {
    let mut rng = SplitMix64::new(36);
    for round in 0..12 {
        let side = if round < 8 { 4 } else { 6 };
        let base = Layout::classic(side).unwrap();
        let made = generate_on(&base, rng.next_u64()).unwrap();
        // Random cages of 1 to 4 cells, some cells in none, with the solution's sums: at
        // least that solution, often more.
        let mut label: Vec<Option<usize>> = vec![None; side * side];
        let mut cages = Vec::new();
        for start in 0..side * side {
            if label[start].is_some() || rng.below(5) == 0 {
                continue;
            }
            let mut members = vec![start];
            label[start] = Some(cages.len());
            let want = 1 + rng.below(4) as usize;
            while members.len() < want {
                let k = members[rng.below(members.len() as u32) as usize];
                let next = [k + 1, k + side].into_iter().find(|&m| {
                    m < side * side && (m % side != 0 || m == k + side) && label[m].is_none()
                });
                let Some(m) = next else { break };
                let values = made.solution.values();
                if members.iter().any(|&x| values[x] == values[m]) {
                    break;
                }
                label[m] = Some(cages.len());
                members.push(m);
            }
            let sum = members
                .iter()
                .map(|&k| u32::from(made.solution.values()[k]))
                .sum();
            cages.push(Cage::new(format!("c{}", cages.len()), members, sum));
        }
        let layout = base.with_cages(cages).unwrap();
        let givens = if side == 6 {
            some_givens(&layout, 10, &mut rng)
        } else {
            vec![0; 16]
        };
        let brute = brute_force(&layout, &givens);
        assert!(brute >= 1);
        assert_eq!(
            by_cover(&layout, &givens),
            brute,
            "round {round}: {layout:?}"
        );
    }
}

#[test]
fn generated_puzzles_are_unique_minimal_and_reproducible() {
    let mut solver = VariantSolver::new();
    for variant in Variant::ALL {
        for (side, seed) in [(4, 1), (9, 2)] {
            let made = match generate(variant, side, seed) {
                Ok(m) => m,
                Err(e) => {
                    assert_eq!((variant, side), (Variant::Samurai, 4), "{e}");
                    continue;
                }
            };
            let p = &made.puzzle;
            assert_eq!(solver.count(p, None), 1, "{variant} {side}: {p}");
            assert!(made.solution.solves(p));
            assert_eq!(generate(variant, side, seed).unwrap(), made);
            // The puzzle reads back from its own line.
            let again = variant.parse(&p.to_string()).unwrap();
            assert_eq!((again.values(), again.layout()), (p.values(), p.layout()));
            if variant == Variant::Killer {
                assert_eq!(p.givens(), 0);
                continue;
            }
            // Minimal: every given is needed.
            for k in (0..p.values().len()).filter(|&k| p.values()[k] != 0) {
                let mut fewer = p.values().to_vec();
                fewer[k] = 0;
                let q = Puzzle::new(Arc::new(p.layout().clone()), fewer).unwrap();
                assert_eq!(
                    solver.count(&q, Some(2)),
                    2,
                    "{variant}: given {k} is not needed"
                );
            }
        }
    }
}

/// Found by an audit: a given whose proof ran past the budget stayed, so a few samurais
/// were not minimal (seed 8: 2 givens to spare, found by an independent SAT count). Such
/// proofs are now put off and made to the end.
#[test]
#[ignore = "makes a samurai and shows each of its 90 givens needed: about 85 s on 2 cores; run by cargo xtask slow"]
fn a_samurai_whose_proofs_ran_long_is_still_minimal() {
    let made = generate(Variant::Samurai, 9, 8).unwrap();
    let p = &made.puzzle;
    let mut solver = VariantSolver::new();
    assert_eq!(solver.count(p, Some(2)), 1);
    for k in (0..p.values().len()).filter(|&k| p.values()[k] != 0) {
        let mut fewer = p.values().to_vec();
        fewer[k] = 0;
        let q = Puzzle::new(Arc::new(p.layout().clone()), fewer).unwrap();
        assert_eq!(solver.count(&q, Some(2)), 2, "given {k} is not needed");
    }
}

#[test]
fn lines_are_read_and_refused_with_the_place_named() {
    let err = |v: Variant, s: &str| v.parse(s).unwrap_err().to_string();
    let dots = ".".repeat(81);
    assert_eq!(
        err(Variant::X, &format!("1{}1", &dots[2..])),
        "line 1: r1c1 and r9c9 both hold 1"
    );
    assert_eq!(
        err(Variant::Windoku, "12345"),
        "line 1: found 5 cells, expected 16 (4x4), 36 (6x6), 64 (8x8), 81 (9x9), 256 (16x16), ... up to 1225 (35x35)"
    );
    assert_eq!(
        err(Variant::Classic, &"1".repeat(25)),
        "line 1: side 5 cannot be cut into boxes (a jigsaw can have any side)"
    );
    assert_eq!(
        err(Variant::X, &format!("{}x", &dots[1..])),
        "line 1, position 81: unknown character `x` (symbols 1-9 and blanks . 0 -)"
    );
    assert_eq!(
        err(Variant::Jigsaw, &dots),
        "line 1: a jigsaw line is GIVENS:REGIONS, N x N characters each"
    );
    assert_eq!(
        err(Variant::Jigsaw, "....:aab"),
        "line 1: 3 region characters for 4 cells"
    );
    assert_eq!(
        err(Variant::Jigsaw, "....:aabc"),
        "line 1: region `c` is one too many: a 2x2 jigsaw has 2 regions"
    );
    assert_eq!(
        err(Variant::Samurai, &".".repeat(400)),
        "line 1: found 400 cells, expected 405 (five 9x9 grids) or 441 (the 21x21 square)"
    );
    let mut square = ".".repeat(441);
    square.replace_range(9..10, "5");
    assert_eq!(
        err(Variant::Samurai, &square),
        "line 1: position 10 (r1c10) lies outside the five grids: it must be blank"
    );
    // The centre grid's top-left box is the top-left grid's bottom-right box.
    let mut grids = ".".repeat(405);
    grids.replace_range(60..61, "1"); // grid 1, r7c7
    grids.replace_range(162..163, "2"); // grid 3, its r1c1: the same cell
    assert_eq!(
        err(Variant::Samurai, &grids),
        "line 1: r7c7 is 1 in grid 1 and 2 in grid 3"
    );
    assert_eq!(
        err(Variant::Killer, "aabb"),
        "line 1: a killer line is [GIVENS:]CAGES:SUMS, e.g. aab...:a=3,b=17,..."
    );
    assert_eq!(
        err(Variant::Killer, "aabcadbcedbfedff:a=9,b=8,c=3,d=7,e=4"),
        "line 1: cage `f` has no sum"
    );
    assert_eq!(
        err(
            Variant::Killer,
            "aabcadbcedbfedff:a=9,b=8,c=3,d=7,e=4,f=9,g=1"
        ),
        "line 1: the sum `g=1` names no cage of the map"
    );
    assert_eq!(
        err(Variant::Killer, "aabcadbcedbfedff:a=9,a=7"),
        "line 1: cage `a` has two sums"
    );
    assert_eq!(
        err(Variant::Killer, "aabcadbcedbfedff:a=x"),
        "line 1: `a=x` is not a cage's sum, NAME=TOTAL like a=10"
    );
    assert_eq!(
        err(Variant::Killer, "aabcadbcedbfedff:a=2,b=8,c=3,d=7,e=4,f=9"),
        "line 1: cage `a`: no 3 distinct symbols of 1-4 add up to 2"
    );
    assert_eq!(
        err(
            Variant::Killer,
            "11..:aabcadbcedbfedff:a=9,b=8,c=3,d=7,e=4,f=9"
        ),
        "line 1: 4 givens for 16 cage cells"
    );
    // Errors in a file name their lines; good lines still read.
    let entries = Variant::Jigsaw.parse_lines("# comment\n1...:aabb\n\n1...:abab\n");
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].line, 2);
    assert!(entries[0].puzzle.is_ok());
    // Regions `abab` are the columns: r1c1 and r2c1 share region `a`... and a column.
    assert_eq!(entries[1].line, 4);
    assert!(entries[1].puzzle.is_ok());
    let entries = Variant::Jigsaw.parse_lines("1...:aabb\n1...:aaab\n");
    assert_eq!(
        entries[1].puzzle.as_ref().unwrap_err().to_string(),
        "line 2: region `a` has 3 cells, not 2"
    );
}

#[test]
fn variants_are_named_and_puzzles_written_in_their_form() {
    for v in Variant::ALL {
        assert_eq!(v.name().parse::<Variant>(), Ok(v));
    }
    assert_eq!("hyper".parse::<Variant>(), Ok(Variant::Windoku));
    assert_eq!(
        "sudoku-z".parse::<Variant>().unwrap_err(),
        "unknown variant `sudoku-z` (one of classic, x, windoku, jigsaw, samurai, killer)"
    );
    // A samurai read as its 21x21 square is written back as one.
    let mut square = ".".repeat(441);
    square.replace_range(0..1, "7");
    let p = Variant::Samurai.parse(&square).unwrap();
    assert_eq!(p.to_line(), square);
    assert_eq!(p.to_string(), square);
    // Killers without givens are written CAGES:SUMS, with them GIVENS:CAGES:SUMS.
    let line = "aabcadbcedbfedff:a=9,b=8,c=3,d=7,e=4,f=9";
    assert_eq!(Variant::Killer.parse(line).unwrap().to_string(), line);
    let with = format!("2...............:{line}");
    assert_eq!(Variant::Killer.parse(&with).unwrap().to_string(), with);
}
