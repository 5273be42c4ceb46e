//! Plain enumeration of packings, for the polyform crates' tests to check their matrices
//! against: the board's cells are taken one by one in order; the first one not yet decided
//! is left empty (when it may stay empty) or covered by every orientation of every piece
//! with copies left, placed so that the orientation's least cell lies on it. Nothing here
//! knows about exact cover.

use std::collections::BTreeSet;

/// A piece to place: its name, its orientations (each sorted, least cell first) and how
/// many times it is placed, `lo..=hi`.
#[derive(Debug, Clone)]
pub struct FillPiece<C> {
    /// The name the packings give it.
    pub name: String,
    /// Its distinct orientations, each sorted, least cell first.
    pub orientations: Vec<Vec<C>>,
    /// The fewest copies placed.
    pub lo: u32,
    /// The most copies placed.
    pub hi: u32,
}

/// A packing: each placed piece by name with its cells, sorted.
pub type Packing<C> = BTreeSet<(String, Vec<C>)>;

/// The geometry of a grid, as [`fill`] needs it.
pub trait Grid<C> {
    /// An orientation (sorted, least cell first) moved so that its least cell is `anchor`,
    /// or `None` when no translation does that (a triangle pointing the other way).
    fn translate(&self, orientation: &[C], anchor: C) -> Option<Vec<C>>;

    /// Marks that two placed pieces must not share (the points a polystick passes straight
    /// through, where two pieces would cross); none by default.
    fn marks(&self, _cells: &[C]) -> Vec<C> {
        Vec::new()
    }
}

/// Squares `(row, col)`: a piece goes where its least cell is the anchor.
#[derive(Debug, Clone, Copy, Default)]
pub struct Squares;

impl Grid<(i32, i32)> for Squares {
    fn translate(&self, o: &[(i32, i32)], a: (i32, i32)) -> Option<Vec<(i32, i32)>> {
        let (r0, c0) = o[0];
        Some(
            o.iter()
                .map(|&(r, c)| (r - r0 + a.0, c - c0 + a.1))
                .collect(),
        )
    }
}

struct State<'a, C, G> {
    grid: &'a G,
    board: &'a [C],
    optional: &'a BTreeSet<C>,
    pieces: &'a [FillPiece<C>],
    filled: BTreeSet<C>,
    marked: BTreeSet<C>,
    used: Vec<u32>,
    current: Vec<(String, Vec<C>)>,
    out: BTreeSet<Packing<C>>,
}

fn go<C: Ord + Copy, G: Grid<C>>(s: &mut State<'_, C, G>, from: usize) {
    let Some(pos) = (from..s.board.len()).find(|&k| !s.filled.contains(&s.board[k])) else {
        if s.pieces.iter().zip(&s.used).all(|(p, &u)| u >= p.lo) {
            s.out.insert(s.current.iter().cloned().collect());
        }
        return;
    };
    let c = s.board[pos];
    if s.optional.contains(&c) {
        s.filled.insert(c);
        go(s, pos + 1);
        s.filled.remove(&c);
    }
    for k in 0..s.pieces.len() {
        if s.used[k] == s.pieces[k].hi {
            continue;
        }
        for o in 0..s.pieces[k].orientations.len() {
            let Some(mut placed) = s.grid.translate(&s.pieces[k].orientations[o], c) else {
                continue;
            };
            placed.sort();
            let marks = s.grid.marks(&placed);
            if placed
                .iter()
                .any(|p| s.board.binary_search(p).is_err() || s.filled.contains(p))
                || marks.iter().any(|m| s.marked.contains(m))
            {
                continue;
            }
            s.filled.extend(placed.iter().copied());
            s.marked.extend(marks.iter().copied());
            s.used[k] += 1;
            s.current.push((s.pieces[k].name.clone(), placed.clone()));
            go(s, pos + 1);
            s.current.pop();
            s.used[k] -= 1;
            for m in &marks {
                s.marked.remove(m);
            }
            for p in &placed {
                s.filled.remove(p);
            }
        }
    }
}

/// Every packing of `board` (its cells in any order; those in `optional` may stay empty) by
/// `pieces`, each placed between its `lo` and `hi` times.
pub fn fill<C: Ord + Copy, G: Grid<C>>(
    grid: &G,
    board: &[C],
    optional: &[C],
    pieces: &[FillPiece<C>],
) -> BTreeSet<Packing<C>> {
    let mut board = board.to_vec();
    board.sort();
    board.dedup();
    let optional: BTreeSet<C> = optional.iter().copied().collect();
    let mut state = State {
        grid,
        board: &board,
        optional: &optional,
        pieces,
        filled: BTreeSet::new(),
        marked: BTreeSet::new(),
        used: vec![0; pieces.len()],
        current: Vec::new(),
        out: BTreeSet::new(),
    };
    go(&mut state, 0);
    state.out
}

/// The distinct images of `cells` under `maps` (each sorted, then moved by `normal` so that
/// equal shapes compare equal), in the order first found.
pub fn orientations<C: Ord + Copy>(
    cells: &[C],
    maps: &[&dyn Fn(C) -> C],
    normal: impl Fn(Vec<C>) -> Vec<C>,
) -> Vec<Vec<C>> {
    let mut out: Vec<Vec<C>> = Vec::new();
    for map in maps {
        let mut v: Vec<C> = cells.iter().map(|&c| map(c)).collect();
        v.sort();
        let v = normal(v);
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dominoes_in_a_2x3_rectangle_and_an_optional_corner() {
        let board: Vec<(i32, i32)> = (0..2).flat_map(|r| (0..3).map(move |c| (r, c))).collect();
        let domino = FillPiece {
            name: "D".to_string(),
            orientations: vec![vec![(0, 0), (0, 1)], vec![(0, 0), (1, 0)]],
            lo: 0,
            hi: 3,
        };
        let mono = FillPiece {
            name: "M".to_string(),
            orientations: vec![vec![(0, 0)]],
            lo: 1,
            hi: 1,
        };
        assert_eq!(
            fill(&Squares, &board, &[], std::slice::from_ref(&domino)).len(),
            3
        );
        // The corner may stay empty and the monomino is placed once: 1 + 2k cells are
        // covered, so k = 2 dominoes on the 5 cells besides the corner. The monomino at
        // (0,1): 1 way; (0,2): none; (1,0): 2; (1,1): none; (1,2): 1.
        let n = fill(&Squares, &board, &[(0, 0)], &[domino, mono]).len();
        assert_eq!(n, 4);
    }
}
