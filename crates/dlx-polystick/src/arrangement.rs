//! A solution as pieces on the board: crossings, and classes under the board's symmetries.

use std::collections::{BTreeMap, BTreeSet};

use crate::board::{Board, Transform};
use crate::piece::Piece;
use crate::stick::{Dir, Point, Seg, normalize};

/// One piece on the board.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placed {
    /// The piece's name, e.g. `F'`.
    pub name: String,
    /// Its segments, sorted.
    pub segs: Vec<Seg>,
}

/// Pieces on a board, sorted by name: a solution independent of the order rows were chosen.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Arrangement {
    /// The pieces, sorted.
    pub pieces: Vec<Placed>,
}

/// How a set of solutions falls into classes under a board's symmetries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Orbits {
    /// Number of classes (solutions "up to symmetry").
    pub classes: usize,
    /// Classes whose members are fixed by some symmetry other than the identity.
    pub symmetric: usize,
    /// The number of solutions in each class, in the order first met.
    pub sizes: Vec<usize>,
    /// One representative per class (the first met).
    pub representatives: Vec<Arrangement>,
}

impl Arrangement {
    /// Pieces in any order.
    pub fn new(mut pieces: Vec<Placed>) -> Self {
        for p in &mut pieces {
            p.segs.sort_unstable();
        }
        pieces.sort();
        Arrangement { pieces }
    }

    /// The piece covering a segment, if any.
    pub fn owner(&self, s: Seg) -> Option<&Placed> {
        self.pieces.iter().find(|p| p.segs.contains(&s))
    }

    /// The points where two pieces cross: one runs straight through horizontally and another
    /// straight through vertically (Figure 12). Sorted.
    pub fn crossings(&self) -> Vec<Point> {
        let mut straight: BTreeMap<Point, Vec<(Dir, usize)>> = BTreeMap::new();
        for (k, p) in self.pieces.iter().enumerate() {
            for &s in &p.segs {
                let next = match s.dir {
                    Dir::H => s.shift(1, 0),
                    Dir::V => s.shift(0, 1),
                };
                if p.segs.contains(&next) {
                    straight.entry(s.ends()[1]).or_default().push((s.dir, k));
                }
            }
        }
        straight
            .into_iter()
            .filter(|(_, v)| {
                v.iter()
                    .any(|&(d, k)| d == Dir::H && v.iter().any(|&(e, j)| e == Dir::V && j != k))
            })
            .map(|(p, _)| p)
            .collect()
    }

    /// The image under a board symmetry. Each piece is renamed to the piece of `pieces`
    /// whose shape it then has (its own name when that fits): a reflection turns F into F'
    /// in a one-sided set.
    pub fn transform(&self, t: Transform, pieces: &[Piece]) -> Arrangement {
        let moved = self
            .pieces
            .iter()
            .map(|p| {
                let segs: Vec<Seg> = p.segs.iter().map(|&s| t.seg(s)).collect();
                let shape = normalize(&segs);
                let fits = |q: &Piece| q.orientations().contains(&shape);
                let name = pieces
                    .iter()
                    .find(|q| q.name() == p.name && fits(q))
                    .or_else(|| pieces.iter().find(|q| fits(q)))
                    .map_or_else(|| p.name.clone(), |q| q.name().to_string());
                Placed { name, segs }
            })
            .collect();
        Arrangement::new(moved)
    }
}

/// Sorts solutions into classes under the board's symmetries (pieces renamed under
/// reflections as [`Arrangement::transform`] does). A class holds as many of the given
/// solutions as lie in it; when `solutions` are all solutions, each class is a full orbit.
///
/// Every motion of the board is applied: right when the piece set allows each one (every
/// one-sided piece's mirror image in the set with the same bounds, as in the paper's sets).
/// Where it does not, an image may be no solution and classes merge; count those under
/// [`crate::PolystickMatrix::symmetry_group`] (dlx-core's classes), which keeps only the
/// motions that map options onto options, as `dlx polystick --count` and `--classes` do.
pub fn orbits(solutions: &[Arrangement], board: &Board, pieces: &[Piece]) -> Orbits {
    let symmetries = board.symmetries();
    let mut class_of: BTreeMap<Arrangement, usize> = BTreeMap::new();
    let mut out = Orbits {
        classes: 0,
        symmetric: 0,
        sizes: Vec::new(),
        representatives: Vec::new(),
    };
    for sol in solutions {
        let images: BTreeSet<Arrangement> = symmetries
            .iter()
            .map(|&t| sol.transform(t, pieces))
            .collect();
        let canonical = images.iter().next().expect("the identity is a symmetry");
        match class_of.get(canonical) {
            Some(&k) => out.sizes[k] += 1,
            None => {
                class_of.insert(canonical.clone(), out.classes);
                out.classes += 1;
                out.sizes.push(1);
                out.representatives.push(sol.clone());
                if images.len() < symmetries.len() {
                    out.symmetric += 1;
                }
            }
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::stick::Symmetry;

    /// A piece from segment names (shared with the drawing tests).
    pub(crate) fn placed(name: &str, segs: &[&str]) -> Placed {
        Placed {
            name: name.to_string(),
            segs: segs.iter().map(|s| s.parse().unwrap()).collect(),
        }
    }

    #[test]
    fn the_v_and_z_of_figure_12_cross_at_3_3() {
        let a = Arrangement::new(vec![
            placed("V", &["H23", "H33", "V43", "V44"]),
            placed("S", &["H24", "V33", "V32", "H32"]),
        ]);
        assert_eq!(a.crossings(), [Point::new(3, 3)]);
    }

    #[test]
    fn touching_is_not_crossing() {
        // Two pieces meeting end to end at (1,0), and a T-junction of two pieces.
        let a = Arrangement::new(vec![
            placed("I", &["H10", "H20", "H30", "H40"]),
            placed("L", &["H00", "V00", "V01", "V02"]),
            placed("V", &["V20", "V21", "H22", "H32"]),
        ]);
        assert!(a.crossings().is_empty());
    }

    #[test]
    fn reflections_rename_one_sided_pieces() {
        let pieces = crate::piece::one_sided(&crate::piece::welded());
        let f = crate::piece::tetrastick("F").unwrap();
        let a = Arrangement::new(vec![Placed {
            name: "F".to_string(),
            segs: f.base().to_vec(),
        }]);
        let board = Board::grid(4, 4).unwrap();
        let flip = board
            .symmetries()
            .into_iter()
            .find(|t| t.sym.reflect)
            .unwrap();
        assert_eq!(a.transform(flip, &pieces).pieces[0].name, "F'");
        let turn = board
            .symmetries()
            .into_iter()
            .find(|t| {
                t.sym
                    == Symmetry {
                        reflect: false,
                        turns: 1,
                    }
            })
            .unwrap();
        assert_eq!(a.transform(turn, &pieces).pieces[0].name, "F");
    }

    #[test]
    fn orbits_of_a_lone_asymmetric_piece_have_size_8() {
        // P alone, at each of its 16 places in a 2x2 grid (8 orientations, 2 translates
        // each): P has no symmetry, so two classes of 8.
        let board = Board::grid(2, 2).unwrap();
        let pieces = vec![crate::piece::tetrastick("P").unwrap()];
        let sols: Vec<Arrangement> = crate::puzzle::Puzzle::new(board.clone(), pieces.clone())
            .placements()
            .into_iter()
            .map(|pl| {
                Arrangement::new(vec![Placed {
                    name: "P".to_string(),
                    segs: pl.segs,
                }])
            })
            .collect();
        assert_eq!(sols.len(), 16);
        let o = orbits(&sols, &board, &pieces);
        assert_eq!(
            (o.classes, o.symmetric, o.sizes.clone()),
            (2, 0, vec![8, 8])
        );
        // The O piece fills the unit square: a single symmetric class.
        let o_piece = vec![crate::piece::tetrastick("O").unwrap()];
        let sol = Arrangement::new(vec![placed("O", &["H00", "H01", "V00", "V10"])]);
        let o = orbits(&[sol], &Board::grid(1, 1).unwrap(), &o_piece);
        assert_eq!((o.classes, o.symmetric), (1, 1));
    }
}
