//! Segments that may stay uncovered and piece counts checked against plain enumeration: an
//! independent filler that takes the segments one by one, trying every orientation of every
//! piece with copies left (or leaving an optional segment uncovered), with no two pieces
//! crossing, finds the same packings as the matrix. Orientations are computed here on the
//! segments' end points, with no help from the crate.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_core::Problem;
use dlx_polystick::{Board, Piece, Puzzle, Seg};
use dlx_test_data::fill::{self, FillPiece, Grid};

/// A segment as `(vertical, x, y)`, from its lower-left end: the order of segment names.
type S = (bool, i32, i32);

/// A packing: each placed piece by name with its segments, sorted.
type Packing = fill::Packing<S>;

fn ends((v, x, y): S) -> [(i32, i32); 2] {
    if v {
        [(x, y), (x, y + 1)]
    } else {
        [(x, y), (x + 1, y)]
    }
}

fn from_ends([a, b]: [(i32, i32); 2]) -> S {
    let (lo, hi) = (a.min(b), a.max(b));
    (lo.0 == hi.0, lo.0, lo.1)
}

/// The distinct orientations (rotations by 90°, and reflections unless `one_sided`), sorted
/// and shifted so that the least segment starts at the origin.
fn orientations(segs: &[S], one_sided: bool) -> Vec<Vec<S>> {
    let map = |turns: usize, mirror: bool| {
        move |s: S| {
            from_ends(ends(s).map(|(x, y)| {
                let (mut x, mut y) = if mirror { (y, x) } else { (x, y) };
                for _ in 0..turns {
                    (x, y) = (-y, x);
                }
                (x, y)
            }))
        }
    };
    let maps: Vec<Box<dyn Fn(S) -> S>> = (0..8)
        .filter(|k| !(one_sided && k / 4 == 1))
        .map(|k| Box::new(map(k % 4, k / 4 == 1)) as Box<dyn Fn(S) -> S>)
        .collect();
    let maps: Vec<&dyn Fn(S) -> S> = maps.iter().map(|m| m.as_ref()).collect();
    fill::orientations(segs, &maps, |v| {
        let (x0, y0) = (v[0].1, v[0].2);
        v.iter().map(|&(d, x, y)| (d, x - x0, y - y0)).collect()
    })
}

/// The points a set of segments passes straight through (where two pieces would cross), as
/// `(false, x, y)`.
fn straight(segs: &[S]) -> Vec<S> {
    let mut out = Vec::new();
    for &(v, x, y) in segs {
        // The far end of this segment, and the segment going on from it.
        let (p, next) = if v {
            ((x, y + 1), (true, x, y + 1))
        } else {
            ((x + 1, y), (false, x + 1, y))
        };
        if segs.contains(&next) {
            out.push((false, p.0, p.1));
        }
    }
    out
}

/// Unit segments: a piece goes where its least segment, of the same direction, is the
/// anchor; two pieces may not both pass straight through a point.
struct Sticks;

impl Grid<S> for Sticks {
    fn translate(&self, o: &[S], anchor: S) -> Option<Vec<S>> {
        let least = o[0];
        (least.0 == anchor.0).then(|| {
            o.iter()
                .map(|&(d, x, y)| (d, x + anchor.1 - least.1, y + anchor.2 - least.2))
                .collect()
        })
    }

    fn marks(&self, cells: &[S]) -> Vec<S> {
        straight(cells)
    }
}

struct Spec {
    name: &'static str,
    segs: Vec<S>,
    lo: u32,
    hi: u32,
    one_sided: bool,
}

fn spec(name: &'static str, segs: &[S], lo: u32, hi: u32) -> Spec {
    Spec {
        name,
        segs: segs.to_vec(),
        lo,
        hi,
        one_sided: false,
    }
}

/// Every packing of `board` whose `optional` segments may stay uncovered.
fn brute_force(board: &[S], optional: &[S], specs: &[Spec]) -> BTreeSet<Packing> {
    let pieces: Vec<FillPiece<S>> = specs
        .iter()
        .map(|p| FillPiece {
            name: p.name.to_string(),
            orientations: orientations(&p.segs, p.one_sided),
            lo: p.lo,
            hi: p.hi,
        })
        .collect();
    fill::fill(&Sticks, board, optional, &pieces)
}

fn seg((v, x, y): S) -> Seg {
    if v { Seg::v(x, y) } else { Seg::h(x, y) }
}

fn unseg(s: Seg) -> S {
    (s.dir == dlx_polystick::Dir::V, s.x, s.y)
}

/// The packings of the crate's matrix, through [`Problem`].
fn by_matrix(puzzle: &Puzzle) -> BTreeSet<Packing> {
    let built = puzzle.build().expect("the puzzle builds");
    let mut out = BTreeSet::new();
    let stats = Problem::new(&built.matrix).solve().run(|s| {
        out.insert(
            s.sorted_options()
                .into_iter()
                .map(|o| {
                    let p = &built.placements[o];
                    let mut segs: Vec<S> = p.segs.iter().map(|&s| unseg(s)).collect();
                    segs.sort();
                    (built.pieces[p.piece].name().to_string(), segs)
                })
                .collect(),
        );
        ControlFlow::Continue(())
    });
    assert_eq!(stats.solutions as usize, out.len(), "a packing found twice");
    out
}

/// Checks the crate against the brute force on the w x h grid and returns the count.
fn check(w: i32, h: i32, optional: &[S], specs: &[Spec]) -> usize {
    let mut board: Vec<S> = Vec::new();
    for x in 0..=w {
        for y in 0..=h {
            if x < w {
                board.push((false, x, y));
            }
            if y < h {
                board.push((true, x, y));
            }
        }
    }
    board.sort();
    let expected = brute_force(&board, optional, specs);
    let b = Board::grid(w, h)
        .unwrap()
        .with_optional(optional.iter().map(|&s| seg(s)))
        .unwrap();
    let pieces: Vec<Piece> = specs
        .iter()
        .map(|s| {
            let base: Vec<Seg> = s.segs.iter().map(|&t| seg(t)).collect();
            Piece::new(s.name, &base, s.one_sided)
        })
        .collect();
    let mut puzzle = Puzzle::new(b, pieces);
    for s in specs {
        puzzle = puzzle.count(s.name, s.lo, s.hi).unwrap();
    }
    assert_eq!(by_matrix(&puzzle), expected);
    expected.len()
}

const MONO: &[S] = &[(false, 0, 0)];
const BAR: &[S] = &[(false, 0, 0), (false, 1, 0)];
const ELL: &[S] = &[(false, 0, 0), (true, 0, 0)];
/// A chiral tristick, the S: up, across, up; its mirror image is no rotation of it.
const ESS: &[S] = &[(true, 0, 0), (false, 0, 1), (true, 1, 1)];

#[test]
fn piece_counts_on_small_grids() {
    let mut counts = Vec::new();
    for lo in 0..=3 {
        for hi in lo.max(1)..=3 {
            counts.push(check(
                1,
                2,
                &[],
                &[
                    spec("M", MONO, lo, hi),
                    spec("I", BAR, 0, hi),
                    spec("L", ELL, lo.min(1), 3),
                ],
            ));
        }
    }
    // (lo, hi) = (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3).
    assert_eq!(counts, [14, 14, 39, 14, 14, 38, 0, 24, 24]);
}

#[test]
fn segments_that_may_stay_uncovered() {
    // Two opposite corner segments of the 2x2 grid may stay uncovered.
    let corners = [(false, 0, 0), (true, 2, 1)];
    assert_eq!(check(2, 2, &corners, &[spec("L", ELL, 0, 6)]), 10);
    let mut specs = vec![
        spec("S", ESS, 1, 1),
        spec("M", MONO, 0, 2),
        spec("L", ELL, 0, 5),
    ];
    assert_eq!(check(2, 2, &corners, &specs), 140);
    // One-sided, the S may not be turned over: half the packings.
    specs[0].one_sided = true;
    assert_eq!(check(2, 2, &corners, &specs), 70);
}

#[test]
fn the_tetrasticks_each_at_most_once() {
    // The 16 free tetrasticks, each 0 or 1 times, on the 2x2 grid whose two opposite corner
    // segments may stay uncovered (`dlx polystick` runs the same, end to end).
    const NAMES: [&str; 16] = [
        "F", "H", "I", "J", "L", "N", "O", "P", "R", "S", "T", "U", "V", "W", "X", "Y",
    ];
    let specs: Vec<Spec> = NAMES
        .iter()
        .map(|&name| {
            let piece = dlx_polystick::tetrastick(name).unwrap();
            let segs: Vec<S> = piece.base().iter().map(|&s| unseg(s)).collect();
            spec(name, &segs, 0, 1)
        })
        .collect();
    assert_eq!(check(2, 2, &[(false, 0, 0), (true, 2, 1)], &specs), 32);
}
