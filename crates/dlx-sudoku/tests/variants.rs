//! Published sudoku variants against their published solutions: X, windoku, jigsaw (sides 5
//! to 9), samurai and killer (sides 4 to 9) from janko.at, Wikipedia, Sudopedia, the UK
//! Puzzle Association and freesamuraisudoku.com, vendored in `tests/data/variants.txt`
//! with the source of each above it. Each must have exactly one solution, the published one.

use dlx_sudoku::variant::{Variant, VariantSolver};

const PUBLISHED: &str = include_str!("data/variants.txt");

/// The data file's puzzles: (line, variant, puzzle, solution).
fn published() -> Vec<(usize, Variant, &'static str, &'static str)> {
    PUBLISHED
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!(f.len(), 3, "line {}", i + 1);
            (i + 1, f[0].parse().unwrap(), f[1], f[2])
        })
        .collect()
}

#[test]
fn every_published_puzzle_has_its_published_solution_and_no_other() {
    let mut solver = VariantSolver::new();
    let mut seen = Vec::new();
    for (line, variant, puzzle, solution) in published() {
        let p = variant
            .parse(puzzle)
            .unwrap_or_else(|e| panic!("line {line}: {e}"));
        let (count, found) = solver.solve_unique(&p);
        assert_eq!(count, 1, "line {line}: {variant}");
        let found = found.unwrap();
        assert_eq!(found.to_line(), solution, "line {line}: {variant}");
        assert!(found.solves(&p));
        assert_eq!(solver.count(&p, None), 1, "line {line}: counted to the end");
        seen.push(variant);
    }
    // Every variant but classic is there: windoku once, the others at least twice.
    for v in [
        Variant::X,
        Variant::Windoku,
        Variant::Jigsaw,
        Variant::Samurai,
        Variant::Killer,
    ] {
        let n = seen.iter().filter(|&&s| s == v).count();
        let least = if v == Variant::Windoku { 1 } else { 2 };
        assert!(n >= least, "{v}: {n}");
    }
}

#[test]
fn a_published_solution_with_one_cell_changed_is_refused() {
    // The solution checker is the cover-free one: a wrong digit breaks a unit or a cage sum.
    for (line, variant, puzzle, solution) in published() {
        let p = variant.parse(puzzle).unwrap();
        let right: Vec<u8> = {
            let mut solver = VariantSolver::new();
            solver.solve(&p).unwrap().values().to_vec()
        };
        assert!(p.layout().is_solution(&right), "line {line}");
        let k = p.values().iter().position(|&v| v == 0).unwrap();
        let mut wrong = right.clone();
        wrong[k] = wrong[k] % p.layout().symbols() as u8 + 1;
        assert!(!p.layout().is_solution(&wrong), "line {line}: {solution}");
    }
}

#[test]
fn a_killer_without_room_for_a_cell_in_a_cage_is_refused() {
    let e = dlx_sudoku::variant::generate_killer(4, 0, 1).unwrap_err();
    assert!(e.to_string().contains("a cage has a cell at least"), "{e}");
    // The batch the command makes refuses it too, puzzle by puzzle, with its seed.
    let (seed, made) = (dlx_sudoku::variant::generate_many(Variant::Killer, 4, 0, 9, 1))
        .unwrap()
        .next()
        .unwrap();
    assert_eq!(seed, 9);
    assert!(made.is_err());
}
