//! Named pieces and the standard sets: pentominoes with Golomb's names, tetrominoes,
//! trominoes, the domino, the monomino, the hexominoes (numbered), and one-sided sets.

use std::collections::BTreeSet;

use crate::shape::{Shape, ShapeError};

/// A named shape.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The piece's name, also the name of its column in the matrix.
    pub name: String,
    /// Its shape in the reference orientation (the picture it was given as).
    pub shape: Shape,
}

impl Piece {
    /// A piece from a picture (see [`Shape::from_ascii`]).
    pub fn from_ascii(name: impl Into<String>, picture: &str) -> Result<Piece, ShapeError> {
        Ok(Piece {
            name: name.into(),
            shape: Shape::from_ascii(picture)?,
        })
    }

    /// A piece from a list of cells.
    pub fn from_cells(
        name: impl Into<String>,
        cells: impl IntoIterator<Item = (i32, i32)>,
    ) -> Result<Piece, ShapeError> {
        Ok(Piece {
            name: name.into(),
            shape: Shape::from_cells(cells)?,
        })
    }

    /// The piece turned over, named with a prime (`P` becomes `P'`).
    pub fn mirror_piece(&self) -> Piece {
        Piece {
            name: format!("{}'", self.name),
            shape: self.shape.mirrored(),
        }
    }
}

/// The pictures of `docs/paper-conventions.md` ("Pentominoes"), in Golomb's order.
pub const PENTOMINO_PICTURES: [(&str, &str); 12] = [
    ("F", ".##/##./.#."),
    ("I", "#####"),
    ("L", "####/#..."),
    ("P", "##/##/#."),
    ("N", "##../.###"),
    ("T", "###/.#./.#."),
    ("U", "#.#/###"),
    ("V", "#../#../###"),
    ("W", "#../##./.##"),
    ("X", ".#./###/.#."),
    ("Y", "####/.#.."),
    ("Z", "##./.#./.##"),
];

fn known(name: &str, picture: &str) -> Piece {
    Piece::from_ascii(name, picture).expect("built-in pictures are well formed")
}

/// The twelve pentominoes F I L P N T U V W X Y Z.
pub fn pentominoes() -> Vec<Piece> {
    PENTOMINO_PICTURES
        .iter()
        .map(|&(n, p)| known(n, p))
        .collect()
}

/// One pentomino by its Golomb name.
pub fn pentomino(name: &str) -> Option<Piece> {
    PENTOMINO_PICTURES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(n, p)| known(n, p))
}

/// The five tetrominoes I O T L N (O is the 2x2 square, N the skew piece).
pub fn tetrominoes() -> Vec<Piece> {
    [
        ("I", "####"),
        ("O", "##/##"),
        ("T", "###/.#."),
        ("L", "###/#.."),
        ("N", "##./.##"),
    ]
    .iter()
    .map(|&(n, p)| known(n, p))
    .collect()
}

/// The two trominoes I (straight) and V (bent).
pub fn trominoes() -> Vec<Piece> {
    [("I", "###"), ("V", "##/#.")]
        .iter()
        .map(|&(n, p)| known(n, p))
        .collect()
}

/// The monomino, named `M`.
pub fn monomino() -> Piece {
    known("M", "#")
}

/// The square tetromino `O` (Dudeney's extra piece).
pub fn square_tetromino() -> Piece {
    known("O", "##/##")
}

/// The domino, named `D`.
pub fn domino() -> Piece {
    known("D", "##")
}

/// Every free polyomino of `n` cells (every shape of `n` squares joined edge to edge, up to
/// turns and mirror images), each laid flat: of its orientations, the one with the fewest
/// rows, then the least list of cells read row by row. Sorted by that orientation, so the
/// straight piece comes first. Grown cell by cell from the monomino: 1, 1, 2, 5, 12, 35, 108
/// shapes for `n` = 1 to 7; empty for `n` = 0.
///
/// ```
/// let tetrominoes = dlx_polyomino::free_polyominoes(4);
/// let pictures: Vec<String> = tetrominoes.iter().map(|s| s.to_ascii()).collect();
/// assert_eq!(pictures, ["####", "###/#..", "###/.#.", "##/##", "##./.##"]);
/// ```
pub fn free_polyominoes(n: usize) -> Vec<Shape> {
    if n == 0 {
        return Vec::new();
    }
    let flat = |shape: &Shape| {
        (shape.orientations().into_iter())
            .min_by(|a, b| (a.height(), a.cells()).cmp(&(b.height(), b.cells())))
            .expect("a shape has an orientation")
    };
    let mut shapes: BTreeSet<(i32, Shape)> = BTreeSet::new();
    shapes.insert((1, Shape::from_cells([(0, 0)]).expect("one cell")));
    for _ in 1..n {
        let mut grown = BTreeSet::new();
        for (_, shape) in &shapes {
            for &(r, c) in shape.cells() {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let cell = (r + dr, c + dc);
                    if shape.cells().contains(&cell) {
                        continue;
                    }
                    let cells = shape.cells().iter().copied().chain([cell]);
                    let laid = flat(&Shape::from_cells(cells).expect("distinct cells"));
                    grown.insert((laid.height(), laid));
                }
            }
        }
        shapes = grown;
    }
    shapes.into_iter().map(|(_, shape)| shape).collect()
}

/// The 35 hexominoes, named `H1` to `H35` in the order of [`free_polyominoes`] (`H1` is the
/// straight piece; `dlx polyomino --show-pieces` draws them all).
pub fn hexominoes() -> Vec<Piece> {
    (free_polyominoes(6).into_iter().enumerate())
        .map(|(k, shape)| Piece {
            name: format!("H{}", k + 1),
            shape,
        })
        .collect()
}

/// The one-sided set: every piece, then, in the same order, the mirror image of each piece
/// whose mirror image is not one of its rotations (named with a prime). Each is meant to be
/// placed with its rotations only ([`crate::Orientations::Rotations`]).
pub fn one_sided(pieces: &[Piece]) -> Vec<Piece> {
    let mut out = pieces.to_vec();
    out.extend(
        pieces
            .iter()
            .filter(|p| !p.shape.is_achiral())
            .map(Piece::mirror_piece),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_have_the_known_sizes() {
        let p = pentominoes();
        assert_eq!(p.len(), 12);
        assert!(p.iter().all(|p| p.shape.len() == 5));
        let total: usize = p.iter().map(|p| p.shape.orientations().len()).sum();
        assert_eq!(total, 63);
        let names: Vec<String> = one_sided(&p).into_iter().map(|p| p.name).collect();
        assert_eq!(names.join(" "), "F I L P N T U V W X Y Z F' L' P' N' Y' Z'");
        assert_eq!(one_sided(&tetrominoes()).len(), 7);
        assert_eq!(one_sided(&trominoes()).len(), 2);
        let cells: Vec<usize> = trominoes().iter().map(|p| p.shape.len()).collect();
        assert_eq!((cells, monomino().shape.len()), (vec![3, 3], 1));
        assert_eq!(pentomino("Q"), None);
    }

    /// The counts of free, one-sided and fixed polyominoes (OEIS A000105, A000988, A001168),
    /// and the named sets as the generator finds them.
    #[test]
    fn polyominoes_of_each_size() {
        let mut free = Vec::new();
        let mut sided = Vec::new();
        let mut fixed = Vec::new();
        for n in 1..=7 {
            let shapes = free_polyominoes(n);
            assert!(shapes.iter().all(|s| s.len() == n));
            let pieces: Vec<Piece> = (shapes.iter().enumerate())
                .map(|(k, s)| Piece {
                    name: k.to_string(),
                    shape: s.clone(),
                })
                .collect();
            free.push(shapes.len());
            sided.push(one_sided(&pieces).len());
            fixed.push(shapes.iter().map(|s| s.orientations().len()).sum::<usize>());
        }
        assert_eq!(free, [1, 1, 2, 5, 12, 35, 108]);
        assert_eq!(sided, [1, 1, 2, 7, 18, 60, 196]);
        assert_eq!(fixed, [1, 2, 6, 19, 63, 216, 760]);
        assert!(free_polyominoes(0).is_empty());
        // The sets with names are the same shapes.
        let same = |named: Vec<Piece>, n: usize| {
            let mut a: Vec<Shape> = named.iter().map(|p| p.shape.clone()).collect();
            let mut b = free_polyominoes(n);
            let canon = |s: &Shape| s.orientations().into_iter().min().expect("one");
            a = a.iter().map(canon).collect();
            b = b.iter().map(canon).collect();
            a.sort();
            b.sort();
            a == b
        };
        assert!(same(pentominoes(), 5) && same(tetrominoes(), 4) && same(trominoes(), 3));
        let h = hexominoes();
        assert_eq!(h.len(), 35);
        assert_eq!(
            (h[0].name.as_str(), h[0].shape.to_ascii()),
            ("H1", "######".into())
        );
        assert_eq!(h[34].name, "H35");
        assert_eq!(one_sided(&h).len(), 60);
    }
}
