//! Boards: the set of triangles to cover.

use std::collections::BTreeSet;

use crate::cell::{Cell, Point};
use crate::error::PolyiamondError;
use crate::shape::cells_from_art;

/// A board: a set of triangles, in the column order of the paper (lexicographic `(x, y, z)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    cells: BTreeSet<Cell>,
    optional: BTreeSet<Cell>,
    centre: Option<Point>,
}

/// The six triangles around lattice point `(a, b)`: a unit hexagon, the hexagon piece O's
/// only shape.
pub fn unit_hexagon((a, b): Point) -> [Cell; 6] {
    [
        Cell::up(a, b),
        Cell::up(a - 1, b),
        Cell::up(a, b - 1),
        Cell::down(a - 1, b - 1),
        Cell::down(a - 1, b),
        Cell::down(a, b - 1),
    ]
}

impl Board {
    /// A board of these cells. Cells need names (`0 <= x, y < 36`) to become columns.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Result<Self, PolyiamondError> {
        let cells: BTreeSet<Cell> = cells.into_iter().collect();
        if cells.is_empty() {
            return Err(PolyiamondError::EmptyShape);
        }
        if let Some(c) = cells.iter().find(|c| c.name().is_none()) {
            return Err(PolyiamondError::OffGrid { x: c.x, y: c.y });
        }
        Ok(Board {
            cells,
            optional: BTreeSet::new(),
            centre: None,
        })
    }

    /// The m x n rhombus (parallelogram with a horizontal base and sides at 60°): every cell
    /// with `0 <= x < m`, `0 <= y < n`. The paper's rhombus is `rhombus(6, 6)`, 72 triangles.
    pub fn rhombus(m: i32, n: i32) -> Result<Self, PolyiamondError> {
        if !(1..=36).contains(&m) || !(1..=36).contains(&n) {
            return Err(PolyiamondError::BadSize { m, n });
        }
        let cells =
            (0..m).flat_map(|x| (0..n).flat_map(move |y| [Cell::up(x, y), Cell::down(x, y)]));
        Board::new(cells)
    }

    /// O'Beirne's hexagon: 19 unit hexagons in a honeycomb cluster (114 triangles), centred on
    /// lattice point (5, 5). The unit hexagons sit around (5+i−j, 5+i+2j) for
    /// |i|, |j|, |i+j| ≤ 2.
    pub fn obeirne_hexagon() -> Self {
        let mut cells = BTreeSet::new();
        for i in -2..=2i32 {
            for j in -2..=2i32 {
                if (i + j).abs() <= 2 {
                    cells.extend(unit_hexagon((5 + i - j, 5 + i + 2 * j)));
                }
            }
        }
        Board {
            cells,
            optional: BTreeSet::new(),
            centre: Some((5, 5)),
        }
    }

    /// A board drawn as ASCII art (see [`crate::Shape::from_art`]); the bottom line is strip 0.
    /// A `?` draws a triangle that may stay empty ([`Board::with_optional`]).
    pub fn from_art(art: &str) -> Result<Self, PolyiamondError> {
        let board = Board::new(cells_from_art(art)?)?;
        if !art.contains('?') {
            return Ok(board);
        }
        // The same picture with only the `?` triangles drawn: the same coordinates.
        let only: String = art
            .chars()
            .map(|c| match c {
                '?' => '#',
                '\n' => '\n',
                _ => '.',
            })
            .collect();
        board.with_optional(cells_from_art(&only)?)
    }

    /// A board given by cell names separated by blanks; a name ending in `?` (`01?`, `00*?`)
    /// is a triangle that may stay empty. A cell named twice (`00 00`, `00 00?`) is refused.
    pub fn parse(names: &str) -> Result<Self, PolyiamondError> {
        let mut cells = BTreeSet::new();
        let mut optional = Vec::new();
        for word in names.split_whitespace() {
            let (name, may_stay_empty) = match word.strip_suffix('?') {
                Some(name) => (name, true),
                None => (word, false),
            };
            let c = Cell::parse(name)?;
            // A repeat is a slip (or says both "must be covered" and "may stay empty"):
            // refused rather than merged.
            if !cells.insert(c) {
                return Err(PolyiamondError::RepeatedCell {
                    name: c.to_string(),
                });
            }
            if may_stay_empty {
                optional.push(c);
            }
        }
        Board::new(cells)?.with_optional(optional)
    }

    /// The board with these triangles marked as cells that may stay empty: each becomes a
    /// secondary item, covered at most once, where the others are covered exactly once.
    pub fn with_optional(
        mut self,
        cells: impl IntoIterator<Item = Cell>,
    ) -> Result<Self, PolyiamondError> {
        for c in cells {
            if !self.cells.contains(&c) {
                return Err(PolyiamondError::NotOnBoard { x: c.x, y: c.y });
            }
            self.optional.insert(c);
        }
        Ok(self)
    }

    /// True when the board has this cell and it may stay empty.
    pub fn is_optional(&self, c: Cell) -> bool {
        self.optional.contains(&c)
    }

    /// Number of triangles that must be covered (the others may stay empty).
    pub fn required_len(&self) -> usize {
        self.cells.len() - self.optional.len()
    }

    /// The cells, in column order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells.iter().copied()
    }

    /// Number of triangles.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a board has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// True when the board has this cell.
    pub fn contains(&self, c: Cell) -> bool {
        self.cells.contains(&c)
    }

    /// The lattice point the board's six-fold symmetry turns about, if it has one.
    pub fn centre(&self) -> Option<Point> {
        self.centre
    }

    /// Declares the centre of six-fold symmetry (used by the symmetry scores).
    pub fn with_centre(mut self, centre: Point) -> Self {
        self.centre = Some(centre);
        self
    }

    /// The internal edges: pairs of adjacent board cells, each once (up cell first).
    pub fn internal_edges(&self) -> Vec<(Cell, Cell)> {
        self.cells
            .iter()
            .filter(|c| !c.is_down())
            .flat_map(|&c| c.neighbours().into_iter().map(move |n| (c, n)))
            .filter(|&(_, n)| self.contains(n))
            .collect()
    }

    /// The range of x and y the board spans.
    pub fn bounds(&self) -> (i32, i32, i32, i32) {
        let xs = self.cells.iter().map(|c| c.x);
        let ys = self.cells.iter().map(|c| c.y);
        (
            xs.clone().min().unwrap_or(0),
            xs.max().unwrap_or(0),
            ys.clone().min().unwrap_or(0),
            ys.max().unwrap_or(0),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rhombus_has_72_cells_and_knuths_first_names() {
        let b = Board::rhombus(6, 6).unwrap();
        assert_eq!(b.len(), 72);
        let names: Vec<String> = b.cells().take(4).map(|c| c.to_string()).collect();
        assert_eq!(names, ["00", "00*", "01", "01*"]);
        assert!(Board::rhombus(0, 3).is_err());
    }

    #[test]
    fn hexagon_has_114_cells_and_156_internal_edges() {
        let b = Board::obeirne_hexagon();
        assert_eq!(b.len(), 114);
        assert_eq!(b.internal_edges().len(), 156);
        let names: Vec<String> = b.cells().take(5).map(|c| c.to_string()).collect();
        assert_eq!(names, ["06*", "07", "07*", "14*", "15"]);
        let last: Vec<String> = b.cells().skip(112).map(|c| c.to_string()).collect();
        assert_eq!(last, ["92*", "93"]);
    }

    #[test]
    fn bad_boards_are_errors() {
        assert!(Board::parse("00 zz* 0").is_err());
        for (names, cell) in [("00 01 00", "00"), ("00 0A 0a", "0a"), ("00* 00*?", "00*")] {
            assert_eq!(
                Board::parse(names).unwrap_err().to_string(),
                format!("cell `{cell}` is listed twice")
            );
        }
        assert_eq!(
            Board::parse("00 00*? 00?").unwrap_err(),
            PolyiamondError::RepeatedCell { name: "00".into() }
        );
        assert_eq!(
            Board::new([Cell::up(-1, 0)]),
            Err(PolyiamondError::OffGrid { x: -1, y: 0 })
        );
    }
}
