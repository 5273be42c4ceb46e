//! Named problems: the Soma cube, the flat pentacubes in their three boxes, the tetracubes in
//! two, and the Bedlam cube, with the published numbers of essentially different solutions.

use crate::board::Board;
use crate::describe::piece_set;
use crate::puzzle::Puzzle;

/// A named problem: a full box and a standard piece set, each piece placed once with its
/// rotations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Problem {
    /// The name (`dlx polycube NAME`).
    pub name: &'static str,
    /// What it is.
    pub about: &'static str,
    /// The box's sides along `x`, `y`, `z`: the longest along `x`, so that a solution's
    /// layers are few and wide.
    pub size: [i32; 3],
    /// The piece set ([`crate::SETS`]).
    pub set: &'static str,
    /// The published number of solutions up to the box's symmetries, and where it was
    /// published; `None` where we know of no count in print.
    pub published: Option<(u64, &'static str)>,
}

impl Problem {
    /// The puzzle: its box and its pieces.
    pub fn puzzle(&self) -> Puzzle {
        let [x, y, z] = self.size;
        let board = Board::cuboid(x, y, z).expect("the named boxes are valid");
        let mut puzzle = Puzzle::new(board);
        puzzle.pieces(piece_set(self.set).expect("the named sets exist"));
        puzzle
    }
}

/// The named problems.
pub const PROBLEMS: [Problem; 7] = [
    Problem {
        name: "soma",
        about: "the Soma cube: Piet Hein's seven pieces in a 3x3x3 cube",
        size: [3, 3, 3],
        set: "soma",
        published: Some((
            240,
            "Berlekamp, Conway and Guy, Winning Ways for your Mathematical Plays, chapter 24",
        )),
    },
    Problem {
        name: "flat-pentacubes-3x4x5",
        about: "the twelve flat pentacubes (solid pentominoes) in a 3x4x5 box",
        size: [5, 4, 3],
        set: "flat-pentacubes",
        published: Some((
            3_940,
            "C. J. Bouwkamp, Packing a rectangular box with the twelve solid pentominoes, J. Combinatorial Theory 7 (1969)",
        )),
    },
    Problem {
        name: "flat-pentacubes-2x5x6",
        about: "the twelve flat pentacubes in a 2x5x6 box",
        size: [6, 5, 2],
        set: "flat-pentacubes",
        published: Some((264, "Bouwkamp (1969)")),
    },
    Problem {
        name: "flat-pentacubes-2x3x10",
        about: "the twelve flat pentacubes in a 2x3x10 box",
        size: [10, 3, 2],
        set: "flat-pentacubes",
        published: Some((12, "Bouwkamp (1969)")),
    },
    Problem {
        name: "tetracubes-2x2x8",
        about: "the eight tetracubes in a 2x2x8 box",
        size: [8, 2, 2],
        set: "tetracubes",
        published: None,
    },
    Problem {
        name: "tetracubes-2x4x4",
        about: "the eight tetracubes in a 2x4x4 box",
        size: [4, 4, 2],
        set: "tetracubes",
        published: None,
    },
    Problem {
        name: "bedlam",
        about: "the Bedlam cube: thirteen pieces in a 4x4x4 cube (a long search)",
        size: [4, 4, 4],
        set: "bedlam",
        published: Some((
            19_186,
            "the Bedlam cube's package; enumerated again by Scott Kurowski",
        )),
    },
];

/// A named problem by name.
pub fn problem(name: &str) -> Option<&'static Problem> {
    PROBLEMS.iter().find(|p| p.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_problem_builds() {
        for p in &PROBLEMS {
            let packing = p
                .puzzle()
                .build()
                .unwrap_or_else(|e| panic!("{}: {e}", p.name));
            let [x, y, z] = p.size;
            assert_eq!(packing.board().volume(), (x * y * z) as usize, "{}", p.name);
        }
        assert_eq!(problem("soma").map(|p| p.size), Some([3, 3, 3]));
        assert!(problem("hexacubes").is_none());
    }
}
