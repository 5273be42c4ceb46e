//! The 48 symmetries of the cube, those of a board, and solutions sorted into classes under
//! them.

use std::collections::HashMap;

use dlx_core::symmetry::{Symmetries, SymmetryError};

use crate::board::Board;
use crate::filling::Filling;
use crate::puzzle::Packing;
use crate::shape::Cell;

/// One of the 48 symmetries of the cube (24 rotations, 24 with a reflection): coordinate `i`
/// of the image is coordinate `axes[i]` of the cell, reversed when `reversed[i]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Symmetry {
    axes: [usize; 3],
    reversed: [bool; 3],
}

const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
    [2, 1, 0],
    [1, 0, 2],
];

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry {
        axes: [0, 1, 2],
        reversed: [false; 3],
    };

    /// All 48, the identity first, then the other rotations, then the 24 with a reflection.
    pub fn all() -> Vec<Symmetry> {
        let mut out = Vec::with_capacity(48);
        for axes in PERMUTATIONS {
            for bits in 0..8u8 {
                let reversed = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0];
                out.push(Symmetry { axes, reversed });
            }
        }
        out.sort_by_key(|s| (!s.is_rotation(), *s != Symmetry::IDENTITY));
        out
    }

    /// True for the 24 rotations (determinant +1).
    pub fn is_rotation(&self) -> bool {
        // The three odd permutations come last in PERMUTATIONS.
        let odd_permutation = PERMUTATIONS[3..].contains(&self.axes);
        let reversals = self.reversed.iter().filter(|&&r| r).count();
        odd_permutation == (reversals % 2 == 1)
    }

    /// The image of a cell of the box from `lo` with sides `size`, when the symmetry maps that
    /// box onto itself.
    fn on_box(&self, c: Cell, lo: Cell, size: [i32; 3]) -> Cell {
        let mut out = [0; 3];
        for i in 0..3 {
            let j = self.axes[i];
            let v = c[j] - lo[j];
            out[i] = lo[i] + if self.reversed[i] { size[j] - 1 - v } else { v };
        }
        out
    }
}

impl Board {
    /// The symmetries of the cube that map the board onto itself (8 for a box with three
    /// different sides, 16 for `a x a x c`, 48 for a cube), identity first, rotations before
    /// reflections.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        let (lo, size) = (self.lo(), self.size());
        Symmetry::all()
            .into_iter()
            .filter(|s| (0..3).all(|i| size[s.axes[i]] == size[i]))
            .filter(|s| self.cells().all(|c| self.contains(s.on_box(c, lo, size))))
            // Cells that may stay empty go to cells that may stay empty.
            .filter(|s| {
                self.cells()
                    .all(|c| self.is_optional(c) == self.is_optional(s.on_box(c, lo, size)))
            })
            .collect()
    }

    /// The image of a cell under one of the board's symmetries ([`Board::symmetries`]).
    pub fn moved(&self, symmetry: Symmetry, cell: Cell) -> Cell {
        symmetry.on_box(cell, self.lo(), self.size())
    }
}

impl Packing {
    /// The symmetries of the puzzle as dlx-core counts classes under them
    /// ([`dlx_core::Solve::classes`]): the board's symmetries ([`Board::symmetries`]) that map
    /// the matrix onto itself, each piece going to itself or to its mirror image in the set
    /// (found by matching placements: the Soma cube's two screws change places under a
    /// reflection).
    ///
    /// ```
    /// use dlx_core::Problem;
    /// use dlx_polycube::{Board, Puzzle, soma};
    /// let mut puzzle = Puzzle::new(Board::cuboid(3, 3, 3)?);
    /// puzzle.pieces(soma());
    /// let packing = puzzle.build()?;
    /// let group = packing.symmetry_group()?;
    /// let found = Problem::new(&packing.matrix).solve().classes(&group)?;
    /// assert_eq!((found.group, found.classes, found.solutions), (48, 240, 11_520));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn symmetry_group(&self) -> Result<Symmetries, SymmetryError> {
        let board = self.board();
        let motions = board.symmetries().into_iter().map(|s| {
            board
                .cells()
                .map(move |c| (board.cell_name(c), board.cell_name(board.moved(s, c))))
        });
        Symmetries::find_named(&self.matrix, motions)
    }
}

/// Solutions sorted into classes under a group of symmetries of the board: two solutions are
/// in one class when a symmetry maps the cells of each piece of one onto those of a piece of
/// the other (pieces of the same shape are not told apart, even under two names; to tell
/// them apart, count under [`crate::Packing::symmetry_group`], dlx-core's classes, as
/// `dlx polycube --count` and `--classes` do).
#[derive(Debug, Clone)]
pub struct Classes {
    /// For each symmetry, the slot of the bounding box each slot goes to.
    maps: Vec<Vec<usize>>,
    /// Each class's least labelling, and whether a symmetry other than the identity fixes it.
    seen: HashMap<Vec<u32>, bool>,
    solutions: u64,
}

/// The class of one solution ([`Classes::class_of`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Class {
    least: Vec<u32>,
    fixed: bool,
}

/// No piece: a hole of the board, or a cell outside it.
const NONE: u32 = u32::MAX;

impl Classes {
    /// An empty tally for solutions on `board` under `symmetries`, the identity first (each
    /// must map the board onto itself, as those of [`Board::symmetries`] do).
    pub fn new(board: &Board, symmetries: &[Symmetry]) -> Classes {
        let (lo, size) = (board.lo(), board.size());
        let maps = symmetries
            .iter()
            .map(|s| {
                let mut map = vec![0; board.slots()];
                for x in 0..size[0] {
                    for y in 0..size[1] {
                        for z in 0..size[2] {
                            let c = [lo[0] + x, lo[1] + y, lo[2] + z];
                            let from = board.slot(c).expect("in the box");
                            map[from] = board.slot(s.on_box(c, lo, size)).expect("in the box");
                        }
                    }
                }
                map
            })
            .collect();
        Classes {
            maps,
            seen: HashMap::new(),
            solutions: 0,
        }
    }

    /// Counts one solution.
    pub fn add(&mut self, filling: &Filling) {
        let class = self.class_of(filling);
        self.add_class(class);
    }

    /// The class of a solution, to be counted by [`Classes::add_class`]: the work of
    /// [`Classes::add`] that needs no `&mut`, for searches on several threads.
    pub fn class_of(&self, filling: &Filling) -> Class {
        let labels = filling.slot_labels();
        let images: Vec<Vec<u32>> = self.maps.iter().map(|m| relabelled(&labels, m)).collect();
        // The identity comes first: the solution itself, numbered as every image is.
        let own = &images[0];
        // Fixed by a symmetry other than the identity: its class is smaller than the group.
        let fixed = images.iter().filter(|i| *i == own).count() > 1;
        let least = images.iter().min().expect("the identity at least").clone();
        Class { least, fixed }
    }

    /// Counts one solution of the given class.
    pub fn add_class(&mut self, class: Class) {
        self.solutions += 1;
        self.seen.entry(class.least).or_insert(class.fixed);
    }

    /// Solutions counted.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// Classes found.
    pub fn classes(&self) -> usize {
        self.seen.len()
    }

    /// Classes whose solutions a symmetry other than the identity maps onto themselves (they
    /// have fewer members than the group).
    pub fn symmetric(&self) -> usize {
        self.seen.values().filter(|&&f| f).count()
    }

    /// The order of the group.
    pub fn group(&self) -> usize {
        self.maps.len()
    }
}

/// The labelling moved by `map`, pieces renumbered in order of first appearance.
fn relabelled(labels: &[u32], map: &[usize]) -> Vec<u32> {
    let mut moved = vec![NONE; labels.len()];
    for (from, &to) in map.iter().enumerate() {
        moved[to] = labels[from];
    }
    let pieces = labels
        .iter()
        .filter(|&&l| l != NONE)
        .max()
        .map_or(0, |&m| m as usize + 1);
    let mut renumber = vec![NONE; pieces];
    let mut next = 0;
    for l in &mut moved {
        if *l != NONE {
            let new = &mut renumber[*l as usize];
            if *new == NONE {
                *new = next;
                next += 1;
            }
            *l = *new;
        }
    }
    moved
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_groups_of_boxes() {
        let all = Symmetry::all();
        assert_eq!(all.len(), 48);
        assert_eq!(all[0], Symmetry::IDENTITY);
        assert_eq!(all.iter().filter(|s| s.is_rotation()).count(), 24);
        assert!(all[..24].iter().all(Symmetry::is_rotation));
        let order = |x, y, z| Board::cuboid(x, y, z).unwrap().symmetries().len();
        assert_eq!(
            (order(3, 4, 5), order(2, 2, 8), order(4, 4, 4)),
            (8, 16, 48)
        );
        // A corner missing from a 2x2x2 cube: the six symmetries that fix the opposite corner.
        let b = Board::from_cells(Board::cuboid(2, 2, 2).unwrap().cells().skip(1)).unwrap();
        assert_eq!(b.symmetries().len(), 6);
    }
}
