//! Named pieces and the standard sets: pentominoes with Golomb's names, tetrominoes,
//! trominoes, the domino, the monomino, and one-sided sets.

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
}
