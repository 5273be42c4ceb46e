//! Named problems: the classic pentomino boards, whole (every orientation of every piece,
//! nothing restricted), with the published numbers of essentially different solutions that
//! a count by classes ([`crate::Packing::symmetry_group`]) reproduces.

use crate::board::Board;
use crate::piece::pentominoes;
use crate::puzzle::Puzzle;

/// A named problem: the twelve pentominoes, each placed once, on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Problem {
    /// The name (`dlx polyomino NAME`).
    pub name: &'static str,
    /// What it is.
    pub about: &'static str,
    /// The board's height and width.
    pub size: (usize, usize),
    /// Whether the 2x2 square at the board's centre is cut out.
    pub centre_hole: bool,
    /// The published number of solutions up to the board's symmetries, and where.
    pub published: (u64, &'static str),
}

const HASELGROVE: &str =
    "C. B. Haselgrove and J. Haselgrove, A computer program for pentominoes, Eureka 23 (1960)";

/// The named problems.
pub const PROBLEMS: [Problem; 5] = [
    Problem {
        name: "pentominoes-6x10",
        about: "the twelve pentominoes in a 6x10 rectangle",
        size: (6, 10),
        centre_hole: false,
        published: (2_339, HASELGROVE),
    },
    Problem {
        name: "pentominoes-5x12",
        about: "the twelve pentominoes in a 5x12 rectangle",
        size: (5, 12),
        centre_hole: false,
        published: (1_010, HASELGROVE),
    },
    Problem {
        name: "pentominoes-4x15",
        about: "the twelve pentominoes in a 4x15 rectangle",
        size: (4, 15),
        centre_hole: false,
        published: (368, HASELGROVE),
    },
    Problem {
        name: "pentominoes-3x20",
        about: "the twelve pentominoes in a 3x20 rectangle",
        size: (3, 20),
        centre_hole: false,
        published: (2, HASELGROVE),
    },
    Problem {
        name: "pentominoes-8x8-hole",
        about: "the twelve pentominoes in the 8x8 board without its central 2x2 square",
        size: (8, 8),
        centre_hole: true,
        published: (
            65,
            "D. S. Scott, Programming a combinatorial puzzle, Princeton University (1958)",
        ),
    },
];

impl Problem {
    /// The named problem called `name`.
    pub fn named(name: &str) -> Option<&'static Problem> {
        PROBLEMS.iter().find(|p| p.name == name)
    }

    /// The puzzle: the board, cells first, then the twelve pieces.
    pub fn puzzle(&self) -> Puzzle {
        let (h, w) = self.size;
        let mut board = Board::rectangle(h, w).expect("the named boards are valid");
        if self.centre_hole {
            let (r, c) = (h / 2 - 1, w / 2 - 1);
            board = (board.without([(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]))
                .expect("the centre is on the board");
        }
        let mut puzzle = Puzzle::new(board);
        puzzle.pieces(pentominoes());
        puzzle
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_board_has_sixty_cells_and_its_symmetries() {
        for p in &PROBLEMS {
            let packing = p.puzzle().build().expect("builds");
            assert_eq!(packing.board().area(), 60, "{}", p.name);
            let order = packing.symmetry_group().expect("found").order();
            assert_eq!(
                order,
                if p.size.0 == p.size.1 { 8 } else { 4 },
                "{}",
                p.name
            );
        }
    }
}
