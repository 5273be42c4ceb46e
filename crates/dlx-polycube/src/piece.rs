//! Named pieces and the standard sets: the Soma pieces, the tetracubes, the pentacubes (the
//! twelve flat ones with the pentominoes' names, the seventeen others with Kadon's names), and
//! the pieces of the Bedlam cube.

use crate::shape::{Shape, ShapeError};

/// A named shape.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The piece's name, also the name of its item in the matrix.
    pub name: String,
    /// Its shape in the reference orientation (as it was given).
    pub shape: Shape,
}

impl Piece {
    /// A piece from a layer picture (see [`Shape::from_layers`]).
    pub fn from_layers(name: impl Into<String>, picture: &str) -> Result<Piece, ShapeError> {
        Ok(Piece {
            name: name.into(),
            shape: Shape::from_layers(picture)?,
        })
    }

    /// A piece from a cell list `x,y,z x,y,z ...` (see [`Shape::parse_cells`]).
    pub fn from_cell_list(name: impl Into<String>, list: &str) -> Result<Piece, ShapeError> {
        Ok(Piece {
            name: name.into(),
            shape: Shape::parse_cells(list)?,
        })
    }

    /// The piece reflected, named with a prime (`L1` becomes `L1'`).
    pub fn mirror_piece(&self) -> Piece {
        Piece {
            name: format!("{}'", self.name),
            shape: self.shape.mirrored(),
        }
    }
}

fn known(name: &str, cells: &str) -> Piece {
    Piece::from_cell_list(name, cells).expect("built-in shapes are well formed")
}

fn set(table: &[(&str, &str)]) -> Vec<Piece> {
    table.iter().map(|&(n, c)| known(n, c)).collect()
}

/// The screw `A` of the Soma and tetracube sets: +x, then +y, then +z. `B` is its mirror
/// image.
const SCREW_A: &str = "0,0,0 1,0,0 1,1,0 1,1,1";
const SCREW_B: &str = "0,0,1 1,0,1 1,1,1 1,1,0";
/// The tripod `P`: three arms from a corner.
const TRIPOD: &str = "0,0,0 1,0,0 0,1,0 0,0,1";

/// Piet Hein's seven Soma pieces with Conway's names: the tricube `V`, the flat tetracubes
/// `L`, `T`, `Z`, the screws `A` and `B` (mirror images of each other) and the tripod `P`.
/// 27 cubes.
pub fn soma() -> Vec<Piece> {
    set(&[
        ("V", "0,0,0 1,0,0 0,1,0"),
        ("L", "0,0,0 1,0,0 2,0,0 0,1,0"),
        ("T", "0,0,0 1,0,0 2,0,0 1,1,0"),
        ("Z", "0,0,0 1,0,0 1,1,0 2,1,0"),
        ("A", SCREW_A),
        ("B", SCREW_B),
        ("P", TRIPOD),
    ])
}

/// The eight tetracubes, mirror images told apart: `I`, `O`, `T`, `L`, `S` (flat), and the
/// Soma cube's `A`, `B` and `P`. 32 cubes.
pub fn tetracubes() -> Vec<Piece> {
    set(&[
        ("I", "0,0,0 1,0,0 2,0,0 3,0,0"),
        ("O", "0,0,0 1,0,0 0,1,0 1,1,0"),
        ("T", "0,0,0 1,0,0 2,0,0 1,1,0"),
        ("L", "0,0,0 1,0,0 2,0,0 0,1,0"),
        ("S", "0,0,0 1,0,0 1,1,0 2,1,0"),
        ("A", SCREW_A),
        ("B", SCREW_B),
        ("P", TRIPOD),
    ])
}

/// The twelve pentominoes as layer pictures, in Golomb's order: the flat pentacubes.
const FLAT_PENTACUBES: [(&str, &str); 12] = [
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

/// The seventeen pentacubes that do not lie in a plane, with the names of Kadon's
/// *Superquints*: the L tetromino with a cube above its end (`L1`), its middle (`L2`), its
/// corner (`L3`) or its foot (`L4`), and the mirror images `J1`, `J2`, `J4` (`L3` is its own);
/// the skew tetromino with a cube above an end (`S1`) or a middle cube (`S2`), mirror images
/// `N1`, `N2`; the T tetromino with a cube above the middle of its bar (`T1`) or its stem
/// (`T2`); the chiral pair `V1`, `V2`; the square with a cube above a corner (`Q`); and `A`.
const SOLID_PENTACUBES: [(&str, &str); 17] = [
    ("A", "0,0,0 1,0,0 1,1,0 0,0,1 1,1,1"),
    ("J1", "0,0,1 1,0,1 2,0,1 2,1,1 0,0,0"),
    ("J2", "0,0,1 1,0,1 2,0,1 2,1,1 1,0,0"),
    ("J4", "0,0,1 1,0,1 2,0,1 2,1,1 2,1,0"),
    ("L1", "0,0,0 1,0,0 2,0,0 2,1,0 0,0,1"),
    ("L2", "0,0,0 1,0,0 2,0,0 2,1,0 1,0,1"),
    ("L3", "0,0,0 1,0,0 2,0,0 2,1,0 2,0,1"),
    ("L4", "0,0,0 1,0,0 2,0,0 2,1,0 2,1,1"),
    ("N1", "0,0,1 1,0,1 1,1,1 2,1,1 0,0,0"),
    ("N2", "0,0,1 1,0,1 1,1,1 2,1,1 1,0,0"),
    ("Q", "0,0,0 1,0,0 0,1,0 1,1,0 0,0,1"),
    ("S1", "0,0,0 1,0,0 1,1,0 2,1,0 0,0,1"),
    ("S2", "0,0,0 1,0,0 1,1,0 2,1,0 1,0,1"),
    ("T1", "0,0,0 0,1,0 0,2,0 1,1,0 0,1,1"),
    ("T2", "0,0,0 0,1,0 0,2,0 1,1,0 1,1,1"),
    ("V1", "0,1,0 1,1,0 1,2,0 0,1,1 0,0,1"),
    ("V2", "0,0,0 1,0,0 1,1,0 1,1,1 2,1,1"),
];

/// The twelve flat pentacubes ("solid pentominoes") `F I L P N T U V W X Y Z`. Each is its own
/// mirror image, so its rotations are all its orientations.
pub fn flat_pentacubes() -> Vec<Piece> {
    FLAT_PENTACUBES
        .iter()
        .map(|&(n, p)| Piece::from_layers(n, p).expect("built-in pictures are well formed"))
        .collect()
}

/// The 29 pentacubes, mirror images told apart: the twelve flat ones, then the seventeen
/// others (see [`pentacube`] for the names).
pub fn pentacubes() -> Vec<Piece> {
    let mut out = flat_pentacubes();
    out.extend(set(&SOLID_PENTACUBES));
    out
}

/// One pentacube by name: a pentomino letter for a flat one, or `A`, `J1`, `J2`, `J4`, `L1`,
/// `L2`, `L3`, `L4`, `N1`, `N2`, `Q`, `S1`, `S2`, `T1`, `T2`, `V1`, `V2` (Kadon's names).
pub fn pentacube(name: &str) -> Option<Piece> {
    pentacubes().into_iter().find(|p| p.name == name)
}

/// The thirteen pieces of the Bedlam cube (4x4x4): the screw tetracube `B` and twelve
/// pentacubes, `F`, `W`, `X`, `J1`, `J2`, `L3`, `L4`, `N1`, `N2`, `T1`, `T2`, `V1`, each
/// placed with its rotations only. By rotations, seven pieces have 24, five have 12 (the screw
/// among them) and the cross `X` has 3.
pub fn bedlam() -> Vec<Piece> {
    let mut out = vec![known("B", SCREW_B)];
    for name in [
        "F", "W", "X", "J1", "J2", "L3", "L4", "N1", "N2", "T1", "T2", "V1",
    ] {
        out.push(pentacube(name).expect("a pentacube of the set"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Every polycube of `n` cubes, one shape per rotation class, grown cube by cube.
    fn all_polycubes(n: usize) -> HashSet<Shape> {
        let mut current: HashSet<Shape> = [Shape::from_cells([[0, 0, 0]]).unwrap()].into();
        for _ in 1..n {
            let mut next = HashSet::new();
            for s in &current {
                for c in s.cells() {
                    for d in [
                        [1, 0, 0],
                        [-1, 0, 0],
                        [0, 1, 0],
                        [0, -1, 0],
                        [0, 0, 1],
                        [0, 0, -1],
                    ] {
                        let new = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
                        if s.cells().contains(&new) {
                            continue;
                        }
                        let grown = Shape::from_cells(s.cells().iter().copied().chain([new]));
                        next.insert(grown.unwrap().canonical());
                    }
                }
            }
            current = next;
        }
        current
    }

    fn classes(pieces: &[Piece]) -> HashSet<Shape> {
        pieces.iter().map(|p| p.shape.canonical()).collect()
    }

    #[test]
    fn the_sets_are_every_polycube_once() {
        assert_eq!(all_polycubes(4).len(), 8);
        assert_eq!(classes(&tetracubes()), all_polycubes(4));
        assert_eq!(tetracubes().len(), 8);
        assert_eq!(all_polycubes(5).len(), 29);
        assert_eq!(classes(&pentacubes()), all_polycubes(5));
        assert_eq!(pentacubes().len(), 29);
        // Soma: the tetracubes that are not straight, square or skew... plus the V.
        let soma = soma();
        assert_eq!(soma.iter().map(|p| p.shape.len()).sum::<usize>(), 27);
        assert_eq!(classes(&soma).len(), 7);
        assert!(flat_pentacubes().iter().all(|p| p.shape.is_flat()));
    }

    #[test]
    fn chiral_pairs_are_mirror_images() {
        let mirror = |a: &str, b: &str| {
            let (a, b) = (pentacube(a).unwrap(), pentacube(b).unwrap());
            assert!(!a.shape.is_achiral(), "{}", a.name);
            assert_eq!(
                a.shape.mirrored().canonical(),
                b.shape.canonical(),
                "{}",
                a.name
            );
        };
        for (a, b) in [
            ("L1", "J1"),
            ("L2", "J2"),
            ("L4", "J4"),
            ("S1", "N1"),
            ("S2", "N2"),
            ("V1", "V2"),
        ] {
            mirror(a, b);
        }
        for name in ["L3", "T1", "T2", "Q", "A"] {
            assert!(pentacube(name).unwrap().shape.is_achiral(), "{name}");
        }
        let soma = soma();
        let b = soma[4].mirror_piece();
        assert_eq!(b.name, "A'");
        assert_eq!(b.shape.canonical(), soma[5].shape.canonical());
    }

    #[test]
    fn bedlam_orientations_are_the_published_ones() {
        // Kurowski: seven pieces with 24 rotations, five with 12, one with 3.
        let mut counts: Vec<usize> = bedlam().iter().map(|p| p.shape.rotations().len()).collect();
        counts.sort_unstable();
        assert_eq!(counts, [3, 12, 12, 12, 12, 12, 24, 24, 24, 24, 24, 24, 24]);
        assert_eq!(bedlam().iter().map(|p| p.shape.len()).sum::<usize>(), 64);
    }
}
