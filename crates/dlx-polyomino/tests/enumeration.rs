//! Optional cells and piece counts checked against plain enumeration: an independent tiler
//! that fills the board cell by cell, trying every orientation of every piece with copies
//! left (or leaving an optional cell empty), finds the same packings as the matrix.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_core::Problem;
use dlx_polyomino::{Board, Piece, Puzzle, hexominoes, parse_puzzle};
use dlx_test_data::fill::{self, FillPiece, Squares};

/// A packing: each placed piece by name with its cells, sorted.
type Packing = BTreeSet<(String, Vec<(usize, usize)>)>;

/// One piece for the brute force: its cells, counts and whether it may be turned over.
struct Spec {
    name: String,
    cells: Vec<(i32, i32)>,
    lo: u32,
    hi: u32,
    one_sided: bool,
}

fn spec(name: &str, cells: &[(i32, i32)], lo: u32, hi: u32) -> Spec {
    Spec {
        name: name.to_string(),
        cells: cells.to_vec(),
        lo,
        hi,
        one_sided: false,
    }
}

/// The distinct orientations of `cells`, each shifted so that its least cell in row-major
/// order is `(0, 0)`, computed here with no help from the crate.
fn orientations(cells: &[(i32, i32)], one_sided: bool) -> Vec<Vec<(i32, i32)>> {
    let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
    for flip in [false, true] {
        if flip && one_sided {
            continue;
        }
        for turn in 0..4 {
            let mut v: Vec<(i32, i32)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (mut r, mut c) = if flip { (r, -c) } else { (r, c) };
                    for _ in 0..turn {
                        (r, c) = (c, -r);
                    }
                    (r, c)
                })
                .collect();
            v.sort();
            let (r0, c0) = v[0];
            for cell in &mut v {
                *cell = (cell.0 - r0, cell.1 - c0);
            }
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// Every packing of `board` (0 = hole, 1 = cell, 2 = cell that may stay empty).
fn brute_force(board: &[&[u8]], specs: &[Spec]) -> BTreeSet<Packing> {
    let mut cells = Vec::new();
    let mut optional = Vec::new();
    for (r, row) in board.iter().enumerate() {
        for (c, &kind) in row.iter().enumerate() {
            let cell = (r as i32, c as i32);
            if kind != 0 {
                cells.push(cell);
            }
            if kind == 2 {
                optional.push(cell);
            }
        }
    }
    let pieces: Vec<FillPiece<(i32, i32)>> = specs
        .iter()
        .map(|s| FillPiece {
            name: s.name.to_string(),
            orientations: orientations(&s.cells, s.one_sided),
            lo: s.lo,
            hi: s.hi,
        })
        .collect();
    fill::fill(&Squares, &cells, &optional, &pieces)
        .into_iter()
        .map(|packing| {
            packing
                .into_iter()
                .map(|(name, cells)| {
                    let cells = cells
                        .into_iter()
                        .map(|(r, c)| (r as usize, c as usize))
                        .collect();
                    (name, cells)
                })
                .collect()
        })
        .collect()
}

/// Every packing the crate's matrix has, through [`Problem`].
fn by_matrix(puzzle: &Puzzle) -> BTreeSet<Packing> {
    let packing = puzzle.build().expect("the puzzle builds");
    let mut problem = Problem::new(&packing.matrix);
    let mut out = BTreeSet::new();
    let stats = problem.solve().run(|s| {
        out.insert(
            s.sorted_options()
                .into_iter()
                .map(|o| {
                    let p = &packing.placements()[o];
                    let mut cells = p.cells.clone();
                    cells.sort();
                    (packing.piece_name(p).to_string(), cells)
                })
                .collect(),
        );
        ControlFlow::Continue(())
    });
    assert_eq!(
        stats.solutions as usize,
        out.len(),
        "a packing was found twice"
    );
    out
}

/// The board as the crate's [`Board`]: picture characters `#`, `o` and `.`.
fn picture(board: &[&[u8]]) -> String {
    board
        .iter()
        .map(|row| {
            row.iter()
                .map(|&b| match b {
                    0 => '.',
                    1 => '#',
                    _ => 'o',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn puzzle_of(board: &[&[u8]], specs: &[Spec]) -> Puzzle {
    let mut puzzle = Puzzle::new(Board::from_ascii(&picture(board)).unwrap());
    for s in specs {
        let spec = puzzle.piece(Piece::from_cells(&s.name, s.cells.iter().copied()).unwrap());
        if s.one_sided {
            spec.one_sided();
        }
        spec.count(s.lo, s.hi);
    }
    puzzle
}

/// Checks the crate against the brute force and returns the number of packings.
fn check(board: &[&[u8]], specs: &[Spec]) -> usize {
    let expected = brute_force(board, specs);
    let found = by_matrix(&puzzle_of(board, specs));
    assert_eq!(found, expected);
    found.len()
}

const MONO: &[(i32, i32)] = &[(0, 0)];
const DOMINO: &[(i32, i32)] = &[(0, 0), (0, 1)];
const STRAIGHT: &[(i32, i32)] = &[(0, 0), (0, 1), (0, 2)];
const ELL: &[(i32, i32)] = &[(0, 0), (1, 0), (1, 1)];
const ELL4: &[(i32, i32)] = &[(0, 0), (1, 0), (2, 0), (2, 1)];

const FULL_2X3: &[&[u8]] = &[&[1, 1, 1], &[1, 1, 1]];
const FULL_3X4: &[&[u8]] = &[&[1, 1, 1, 1], &[1, 1, 1, 1], &[1, 1, 1, 1]];

#[test]
fn piece_counts_on_a_2x3_board() {
    // Every count from 0 to 3 of the monomino, domino and straight tromino, at once: each
    // choice of (lo, hi) for the three pieces.
    let mut counts = Vec::new();
    for lo in 0..=3 {
        for hi in lo.max(1)..=3 {
            let n = check(
                FULL_2X3,
                &[
                    spec("M", MONO, lo, hi),
                    spec("D", DOMINO, 0, hi),
                    spec("T", STRAIGHT, lo.min(1), 2),
                ],
            );
            counts.push(n);
        }
    }
    // (lo, hi) = (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3).
    assert_eq!(counts, [5, 16, 21, 4, 4, 6, 0, 2, 2]);
}

#[test]
fn exact_counts_and_ranges_on_a_3x4_board() {
    // Six dominoes exactly: the 11 domino tilings of 3x4.
    assert_eq!(check(FULL_3X4, &[spec("D", DOMINO, 6, 6)]), 11);
    // Dominoes and L trominoes, each 0 to 3 times.
    let n = check(FULL_3X4, &[spec("D", DOMINO, 0, 3), spec("L", ELL, 0, 3)]);
    assert_eq!(n, 40);
    // Monominoes 2 to 4 with one domino and L trominoes 1 to 2.
    let n = check(
        FULL_3X4,
        &[
            spec("M", MONO, 2, 4),
            spec("D", DOMINO, 1, 1),
            spec("L", ELL, 1, 2),
        ],
    );
    assert_eq!(n, 430);
}

#[test]
fn optional_cells() {
    // Two optional corners on a 3x4 board, dominoes any number up to 6.
    let board: &[&[u8]] = &[&[2, 1, 1, 1], &[1, 1, 1, 1], &[1, 1, 1, 2]];
    let n = check(board, &[spec("D", DOMINO, 0, 6)]);
    assert_eq!(n, 16);
    // The same with a one-sided L tetromino once and a monomino at most twice.
    let mut specs = vec![
        spec("L", ELL4, 1, 1),
        spec("M", MONO, 0, 2),
        spec("D", DOMINO, 0, 4),
    ];
    specs[0].one_sided = true;
    assert_eq!(check(board, &specs), 334);
    // A board with a hole and an optional cell, pieces placed once (plain primary items).
    let holed: &[&[u8]] = &[&[1, 1, 1], &[1, 2, 1], &[0, 1, 1]];
    let n = check(
        holed,
        &[
            spec("L", ELL, 1, 1),
            spec("T", STRAIGHT, 1, 1),
            spec("M", MONO, 1, 1),
        ],
    );
    assert_eq!(n, 2);
}

#[test]
fn piece_files_give_the_same_packings() {
    let board = "o###\n####\n###o";
    let pieces = "piece D ## copies=0-6\n";
    let found = by_matrix(&parse_puzzle(board, pieces).unwrap());
    let expected = brute_force(
        &[&[2, 1, 1, 1], &[1, 1, 1, 1], &[1, 1, 1, 2]],
        &[spec("D", DOMINO, 0, 6)],
    );
    assert_eq!(found, expected);
    // Found by an audit: a piece in any number of copies (no column) placed wholly on
    // cells that may stay empty made an option without a primary item, never chosen, so
    // those packings were lost (the monomino alone on a corner, the domino on `oo`).
    let board = "oo##\n####\n###o";
    let pieces = "piece M # copies\npiece D ## copies\n";
    let found = by_matrix(&parse_puzzle(board, pieces).unwrap());
    let expected = brute_force(
        &[&[2, 2, 1, 1], &[1, 1, 1, 1], &[1, 1, 1, 2]],
        &[spec("M", MONO, 0, 12), spec("D", DOMINO, 0, 6)],
    );
    assert_eq!(found, expected);
    let found =
        by_matrix(&parse_puzzle("###\n###", "piece M # copies=2\ndomino copies=2").unwrap());
    let expected = brute_force(FULL_2X3, &[spec("M", MONO, 2, 2), spec("D", DOMINO, 2, 2)]);
    assert_eq!(found, expected);
}

/// Every fixed polyomino of `n` cells (each placed with its least cell at `(0, 0)`), grown
/// here square by square with no help from the crate.
fn fixed_polyominoes(n: usize) -> BTreeSet<Vec<(i32, i32)>> {
    let mut shapes = BTreeSet::from([vec![(0, 0)]]);
    for _ in 1..n {
        let mut grown = BTreeSet::new();
        for shape in &shapes {
            for &(r, c) in shape {
                for cell in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
                    if shape.contains(&cell) {
                        continue;
                    }
                    let mut v: Vec<(i32, i32)> = shape.iter().copied().chain([cell]).collect();
                    v.sort();
                    let (r0, c0) = v[0];
                    grown.insert(v.into_iter().map(|(r, c)| (r - r0, c - c0)).collect());
                }
            }
        }
        shapes = grown;
    }
    shapes
}

/// The crate's hexominoes as brute-force pieces, each placed `lo` to `hi` times.
fn hexomino_specs(lo: u32, hi: u32) -> Vec<Spec> {
    hexominoes()
        .iter()
        .map(|p| spec(&p.name, p.shape.cells(), lo, hi))
        .collect()
}

#[test]
fn hexominoes_are_every_shape_of_six_squares() {
    // Their orientations, turned here, are the 216 fixed hexominoes, each once.
    let mut seen = BTreeSet::new();
    for p in hexominoes() {
        for o in orientations(p.shape.cells(), false) {
            assert!(seen.insert(o), "{} repeats a shape", p.name);
        }
    }
    assert_eq!(seen.len(), 216);
    assert_eq!(seen, fixed_polyominoes(6));
}

#[test]
fn hexominoes_on_small_boards() {
    // Two hexominoes, any of them, any number of times, in a 2x6 box and a 3x4 box.
    let two_by_six: &[&[u8]] = &[&[1; 6], &[1; 6]];
    assert_eq!(check(two_by_six, &hexomino_specs(0, 2)), 6);
    assert_eq!(check(FULL_3X4, &hexomino_specs(0, 2)), 19);
    // Each at most once, on a 3x6 box above a row of six cells that may stay empty: three
    // pieces, or four filling the row too.
    let board: &[&[u8]] = &[&[1; 6], &[1; 6], &[1; 6], &[2; 6]];
    assert_eq!(check(board, &hexomino_specs(0, 1)), 1512);
    // The same through a piece file: the set's line and its flags.
    let found = by_matrix(&parse_puzzle("######\n######", "hexominoes copies\n").unwrap());
    assert_eq!(found, brute_force(two_by_six, &hexomino_specs(0, 2)));
}
