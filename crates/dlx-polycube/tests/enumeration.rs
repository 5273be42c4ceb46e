//! Cells that may stay empty and piece counts checked against plain enumeration: an
//! independent filler that takes the cells one by one, trying every rotation (and reflection,
//! for a free piece) of every piece with copies left, or leaving an optional cell empty,
//! finds the same packings as the matrix.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_core::Problem;
use dlx_polycube::{Board, Cell, Piece, Puzzle, Shape, parse_puzzle};
use dlx_test_data::fill::{self, FillPiece, Grid};

/// A packing: each placed piece by name with its cells, sorted.
type Packing = fill::Packing<Cell>;

/// One piece for the brute force.
struct Spec {
    name: &'static str,
    cells: Vec<Cell>,
    lo: u32,
    hi: u32,
    free: bool,
}

fn spec(name: &'static str, cells: &[Cell], lo: u32, hi: u32) -> Spec {
    Spec {
        name,
        cells: cells.to_vec(),
        lo,
        hi,
        free: false,
    }
}

/// Sorted and shifted so that the least cell is the origin.
fn normal(mut v: Vec<Cell>) -> Vec<Cell> {
    v.sort();
    let o = v[0];
    v.iter()
        .map(|c| [c[0] - o[0], c[1] - o[1], c[2] - o[2]])
        .collect()
}

/// The distinct orientations of `cells` (the 24 rotations, closed under two quarter turns,
/// and their mirror images when `free`), computed here with no help from the crate.
fn orientations(cells: &[Cell], free: bool) -> Vec<Vec<Cell>> {
    let turn_z = |c: Cell| [-c[1], c[0], c[2]];
    let turn_x = |c: Cell| [c[0], -c[2], c[1]];
    let mut seen: Vec<Vec<Cell>> = vec![normal(cells.to_vec())];
    let mut k = 0;
    while k < seen.len() {
        for turn in [&turn_z as &dyn Fn(Cell) -> Cell, &turn_x] {
            let next = normal(seen[k].iter().map(|&c| turn(c)).collect());
            if !seen.contains(&next) {
                seen.push(next);
            }
        }
        k += 1;
    }
    if free {
        let mirrored: Vec<Vec<Cell>> = seen
            .iter()
            .map(|v| normal(v.iter().map(|c| [-c[0], c[1], c[2]]).collect()))
            .collect();
        for m in mirrored {
            if !seen.contains(&m) {
                seen.push(m);
            }
        }
    }
    seen
}

/// Cubes: a piece goes where its least cube is the anchor.
struct Cubes;

impl Grid<Cell> for Cubes {
    fn translate(&self, o: &[Cell], a: Cell) -> Option<Vec<Cell>> {
        let l = o[0];
        Some(
            o.iter()
                .map(|c| [c[0] - l[0] + a[0], c[1] - l[1] + a[1], c[2] - l[2] + a[2]])
                .collect(),
        )
    }
}

/// The cells of the box `size` whose kind (0 = hole, 1 = cell, 2 = cell that may stay
/// empty) `kind` gives, and those that may stay empty.
fn cells_of(size: [i32; 3], kind: &dyn Fn(Cell) -> u8) -> (Vec<Cell>, Vec<Cell>) {
    let mut cells = Vec::new();
    let mut optional = Vec::new();
    for x in 0..size[0] {
        for y in 0..size[1] {
            for z in 0..size[2] {
                match kind([x, y, z]) {
                    0 => {}
                    1 => cells.push([x, y, z]),
                    _ => {
                        cells.push([x, y, z]);
                        optional.push([x, y, z]);
                    }
                }
            }
        }
    }
    (cells, optional)
}

/// Every packing of the box `size` whose cell kinds are given by `kind` (0 = hole, 1 = cell,
/// 2 = cell that may stay empty).
fn brute_force(size: [i32; 3], kind: &dyn Fn(Cell) -> u8, specs: &[Spec]) -> BTreeSet<Packing> {
    let (cells, optional) = cells_of(size, kind);
    let pieces: Vec<FillPiece<Cell>> = specs
        .iter()
        .map(|p| FillPiece {
            name: p.name.to_string(),
            orientations: orientations(&p.cells, p.free),
            lo: p.lo,
            hi: p.hi,
        })
        .collect();
    fill::fill(&Cubes, &cells, &optional, &pieces)
}

/// Every packing the crate's matrix has, through [`Problem`].
fn by_matrix(puzzle: &Puzzle) -> BTreeSet<Packing> {
    let packing = puzzle.build().expect("the puzzle builds");
    let mut out = BTreeSet::new();
    let stats = Problem::new(&packing.matrix).solve().run(|s| {
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
    assert_eq!(stats.solutions as usize, out.len(), "a packing found twice");
    out
}

/// Checks the crate against the brute force and returns the number of packings.
fn check(size: [i32; 3], kind: &dyn Fn(Cell) -> u8, specs: &[Spec]) -> usize {
    let (cells, optional) = cells_of(size, kind);
    let board = Board::from_cells(cells)
        .unwrap()
        .with_optional(optional)
        .unwrap();
    let mut puzzle = Puzzle::new(board);
    for s in specs {
        let spec = puzzle.piece(Piece {
            name: s.name.to_string(),
            shape: Shape::from_cells(s.cells.iter().copied()).unwrap(),
        });
        if s.free {
            spec.free();
        }
        spec.count(s.lo, s.hi);
    }
    let expected = brute_force(size, kind, specs);
    assert_eq!(by_matrix(&puzzle), expected);
    expected.len()
}

const MONO: &[Cell] = &[[0, 0, 0]];
const DI: &[Cell] = &[[0, 0, 0], [1, 0, 0]];
const STRAIGHT: &[Cell] = &[[0, 0, 0], [1, 0, 0], [2, 0, 0]];
const VEE: &[Cell] = &[[0, 0, 0], [1, 0, 0], [0, 1, 0]];
/// A chiral tetracube (a screw): its mirror image is no rotation of it.
const SCREW: &[Cell] = &[[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]];

fn full(_: Cell) -> u8 {
    1
}

#[test]
fn piece_counts_in_small_boxes() {
    // Dicubes exactly 4 times in the 2x2x2 cube: 9 packings.
    assert_eq!(check([2, 2, 2], &full, &[spec("D", DI, 4, 4)]), 9);
    let mut counts = Vec::new();
    for lo in 0..=3 {
        for hi in lo.max(1)..=3 {
            counts.push(check(
                [2, 2, 2],
                &full,
                &[
                    spec("M", MONO, lo, hi),
                    spec("D", DI, 0, hi),
                    spec("V", VEE, lo.min(1), 2),
                ],
            ));
        }
    }
    // (lo, hi) = (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3).
    assert_eq!(counts, [36, 204, 368, 0, 168, 288, 72, 192, 120]);
    assert_eq!(
        check(
            [1, 2, 3],
            &full,
            &[spec("I", STRAIGHT, 0, 2), spec("D", DI, 0, 3)]
        ),
        4
    );
}

#[test]
fn cells_that_may_stay_empty() {
    // Two opposite corners of the 2x2x3 box may stay empty.
    let corners = |c: Cell| {
        if c == [0, 0, 0] || c == [1, 1, 2] {
            2
        } else {
            1
        }
    };
    assert_eq!(check([2, 2, 3], &corners, &[spec("D", DI, 0, 6)]), 32);
    let mut specs = vec![
        spec("S", SCREW, 1, 1),
        spec("M", MONO, 0, 2),
        spec("D", DI, 0, 4),
    ];
    assert_eq!(check([2, 2, 3], &corners, &specs), 708);
    // Free, the screw may be its mirror image too: twice the packings.
    specs[0].free = true;
    assert_eq!(check([2, 2, 3], &corners, &specs), 1416);
}

#[test]
fn piece_files_give_the_same_packings() {
    // The 2x2x2 cube, layer z = 0 with one corner that may stay empty.
    let found = by_matrix(&parse_puzzle("o#\n##\n\n##\n##", "piece D ## copies=0-4").unwrap());
    let corner = |c: Cell| if c == [0, 0, 0] { 2 } else { 1 };
    assert_eq!(
        found,
        brute_force([2, 2, 2], &corner, &[spec("D", DI, 0, 4)])
    );
    assert!(!found.is_empty());
}
