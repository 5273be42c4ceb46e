//! Triangles that may stay empty and piece counts checked against plain enumeration: an
//! independent filler that takes the triangles one by one, trying every orientation of every
//! piece with copies left (or leaving an optional triangle empty), finds the same packings as
//! the matrix. Orientations are computed here on the triangles' corners, with no help from
//! the crate.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_core::Problem;
use dlx_polyiamond::{Board, Cell, Puzzle, Shape};
use dlx_test_data::fill::{self, FillPiece, Grid};

/// A triangle as `(x, y, down)`: up triangles have corners (x,y), (x+1,y), (x,y+1), down
/// ones (x+1,y), (x,y+1), (x+1,y+1).
type Tri = (i32, i32, bool);

/// A packing: each placed piece by label with its triangles, sorted.
type Packing = fill::Packing<Tri>;

fn corners((x, y, down): Tri) -> [(i32, i32); 3] {
    if down {
        [(x + 1, y), (x, y + 1), (x + 1, y + 1)]
    } else {
        [(x, y), (x + 1, y), (x, y + 1)]
    }
}

fn from_corners(v: [(i32, i32); 3]) -> Tri {
    let x = v.iter().map(|p| p.0).min().unwrap();
    let y = v.iter().map(|p| p.1).min().unwrap();
    let excess: i32 = v.iter().map(|p| p.0 + p.1 - x - y).sum();
    (x, y, excess == 4)
}

/// Every distinct orientation (rotations by 60°, and reflections unless `one_sided`), sorted
/// and shifted so that the least triangle is at x = y = 0.
fn orientations(tris: &[Tri], one_sided: bool) -> Vec<Vec<Tri>> {
    let map = |turns: usize, mirror: bool| {
        move |t: Tri| {
            from_corners(corners(t).map(|(a, b)| {
                let (mut a, mut b) = if mirror { (b, a) } else { (a, b) };
                for _ in 0..turns {
                    (a, b) = (a + b, -a);
                }
                (a, b)
            }))
        }
    };
    let maps: Vec<Box<dyn Fn(Tri) -> Tri>> = (0..12)
        .filter(|k| !(one_sided && k / 6 == 1))
        .map(|k| Box::new(map(k % 6, k / 6 == 1)) as Box<dyn Fn(Tri) -> Tri>)
        .collect();
    let maps: Vec<&dyn Fn(Tri) -> Tri> = maps.iter().map(|m| m.as_ref()).collect();
    fill::orientations(tris, &maps, |v| {
        let (x0, y0) = (v[0].0, v[0].1);
        v.iter().map(|&(x, y, d)| (x - x0, y - y0, d)).collect()
    })
}

/// Triangles: a piece goes where its least triangle, pointing the same way, is the anchor.
struct Triangles;

impl Grid<Tri> for Triangles {
    fn translate(&self, o: &[Tri], anchor: Tri) -> Option<Vec<Tri>> {
        let least = o[0];
        (least.2 == anchor.2).then(|| {
            o.iter()
                .map(|&(x, y, d)| (x + anchor.0 - least.0, y + anchor.1 - least.1, d))
                .collect()
        })
    }
}

struct Spec {
    label: &'static str,
    tris: Vec<Tri>,
    lo: u32,
    hi: u32,
    one_sided: bool,
}

fn spec(label: &'static str, tris: &[Tri], lo: u32, hi: u32) -> Spec {
    Spec {
        label,
        tris: tris.to_vec(),
        lo,
        hi,
        one_sided: false,
    }
}

/// Every packing of the triangles `board`, those in `optional` may stay empty.
fn brute_force(board: &[Tri], optional: &[Tri], specs: &[Spec]) -> BTreeSet<Packing> {
    let pieces: Vec<FillPiece<Tri>> = specs
        .iter()
        .map(|p| FillPiece {
            name: p.label.to_string(),
            orientations: orientations(&p.tris, p.one_sided),
            lo: p.lo,
            hi: p.hi,
        })
        .collect();
    fill::fill(&Triangles, board, optional, &pieces)
}

fn cell((x, y, down): Tri) -> Cell {
    if down {
        Cell::down(x, y)
    } else {
        Cell::up(x, y)
    }
}

fn tri(c: Cell) -> Tri {
    (c.x, c.y, c.is_down())
}

/// The packings of the crate's matrix, through [`Problem`].
fn by_matrix(puzzle: &Puzzle) -> BTreeSet<Packing> {
    let placed = puzzle.build().expect("the puzzle builds");
    let mut out = BTreeSet::new();
    let stats = Problem::new(&placed.matrix).solve().run(|s| {
        out.insert(
            placed
                .chosen(s)
                .into_iter()
                .map(|p| {
                    let mut t: Vec<Tri> = p.cells.iter().map(|&c| tri(c)).collect();
                    t.sort();
                    (p.label.clone(), t)
                })
                .collect(),
        );
        ControlFlow::Continue(())
    });
    assert_eq!(stats.solutions as usize, out.len(), "a packing found twice");
    out
}

/// Checks the crate against the brute force on the m x n rhombus and returns the count.
fn check(m: i32, n: i32, optional: &[Tri], specs: &[Spec]) -> usize {
    let mut board: Vec<Tri> = (0..m)
        .flat_map(|x| (0..n).flat_map(move |y| [(x, y, false), (x, y, true)]))
        .collect();
    board.sort();
    let expected = brute_force(&board, optional, specs);
    let b = Board::rhombus(m, n)
        .unwrap()
        .with_optional(optional.iter().map(|&t| cell(t)))
        .unwrap();
    let mut puzzle = Puzzle::new(b);
    for s in specs {
        let shape = Shape::new(s.tris.iter().map(|&t| cell(t))).unwrap();
        puzzle.piece(s.label, shape.orientations());
        if s.one_sided {
            puzzle.one_sided(s.label).unwrap();
        }
        puzzle.count(s.label, s.lo, s.hi).unwrap();
    }
    assert_eq!(by_matrix(&puzzle), expected);
    expected.len()
}

const MONO: &[Tri] = &[(0, 0, false)];
const DIAMOND: &[Tri] = &[(0, 0, false), (0, 0, true)];
const TRIAMOND: &[Tri] = &[(0, 0, false), (0, 0, true), (1, 0, false)];
/// The triangle tetriamond: a down triangle and its three neighbours.
const TETRA: &[Tri] = &[(0, 0, false), (0, 0, true), (1, 0, false), (0, 1, false)];

#[test]
fn piece_counts_on_small_rhombi() {
    // Diamonds exactly 4 times in the 2x2 rhombus.
    // Diamonds exactly 4 times in the 2x2 rhombus: one way (MacMahon's formula for a
    // hexagon of sides 2, 2, 0).
    let n = check(2, 2, &[], &[spec("D", DIAMOND, 4, 4)]);
    assert_eq!(n, 1);
    let mut counts = Vec::new();
    for lo in 0..=3 {
        for hi in lo.max(1)..=3 {
            counts.push(check(
                2,
                2,
                &[],
                &[
                    spec("M", MONO, lo, hi),
                    spec("D", DIAMOND, 0, hi),
                    spec("T", TRIAMOND, lo.min(1), 2),
                ],
            ));
        }
    }
    // (lo, hi) = (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3).
    assert_eq!(counts, [2, 29, 73, 0, 27, 61, 15, 49, 34]);
}

#[test]
fn triangles_that_may_stay_empty() {
    let corners = [(0, 0, false), (2, 1, true)];
    assert_eq!(check(3, 2, &corners, &[spec("D", DIAMOND, 0, 6)]), 4);
    // The triangle tetriamond once (achiral: one-sided or not is the same), monoiamonds up
    // to twice, diamonds up to 4 times.
    let specs = [
        spec("T", TETRA, 1, 1),
        spec("M", MONO, 0, 2),
        spec("D", DIAMOND, 0, 4),
    ];
    assert_eq!(check(3, 2, &corners, &specs), 48);
    // The chiral hexiamond P in the 3x3 rhombus, two corners of which may stay empty, with
    // diamonds and monoiamonds: one-sided, it may not be turned over.
    let p: Vec<Tri> = dlx_polyiamond::hexiamonds::hexiamond("P")
        .unwrap()
        .shape()
        .cells()
        .iter()
        .map(|&c| tri(c))
        .collect();
    let corners = [(0, 0, false), (2, 2, true)];
    let mut specs = vec![
        Spec {
            label: "P",
            tris: p,
            lo: 1,
            hi: 1,
            one_sided: false,
        },
        spec("M", MONO, 0, 2),
        spec("D", DIAMOND, 2, 6),
    ];
    assert_eq!(check(3, 3, &corners, &specs), 336);
    specs[0].one_sided = true;
    assert_eq!(check(3, 3, &corners, &specs), 168);
}
