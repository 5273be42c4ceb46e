//! Boards: the cells of a box, some of them absent, named as Knuth's polycube-dlx names them.

use thiserror::Error;

use crate::shape::{Cell, ShapeError, picture_cells};

/// Cells per side that names can tell apart: one "digit" `0-9a-zA-Z` a coordinate.
pub const MAX_SIDE: i32 = 62;

/// Why a board description is not a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The layer picture is malformed.
    #[error(transparent)]
    Picture(#[from] ShapeError),
    /// A board picture holds a character other than `#` (cell), `o` (a cell that may stay
    /// empty) and `.` (no cell).
    #[error(
        "layer {layer}, row {row}, column {col}: unexpected character `{ch}` (expected `#` a \
         cell, `o` a cell that may stay empty, or `.` none)"
    )]
    BadChar {
        /// 1-based layer.
        layer: usize,
        /// 1-based row of the layer.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The character found.
        ch: char,
    },
    /// The board has no cell.
    #[error("the board has no cell")]
    Empty,
    /// A cell lies outside the coordinates 0 to 61 that names can hold.
    #[error(
        "cell {},{},{} is outside the coordinates 0 to {} that cell names can hold",
        .0[0], .0[1], .0[2], MAX_SIDE - 1
    )]
    OutOfRange(Cell),
    /// A box size is not `AxBxC` with sides from 1 to 62.
    #[error("`{0}` is not a box size AxBxC with sides from 1 to {MAX_SIDE}")]
    BadSize(String),
    /// A cell said to be optional is not a cell of the board.
    #[error("cell {},{},{} may stay empty but is not a cell of the board", .0[0], .0[1], .0[2])]
    NotACell(Cell),
}

/// The name "digit" of a coordinate 0..62: `0-9`, then `a-z`, then `A-Z` (Knuth's extended
/// hexadecimal).
pub fn digit(n: i32) -> char {
    match n {
        0..=9 => (b'0' + n as u8) as char,
        10..=35 => (b'a' + (n - 10) as u8) as char,
        36..=61 => (b'A' + (n - 36) as u8) as char,
        _ => '?',
    }
}

/// The coordinate of a name "digit", if it is one.
pub fn digit_value(c: char) -> Option<i32> {
    match c {
        '0'..='9' => Some(c as i32 - '0' as i32),
        'a'..='z' => Some(c as i32 - 'a' as i32 + 10),
        'A'..='Z' => Some(c as i32 - 'A' as i32 + 36),
        _ => None,
    }
}

/// A set of cells inside a box of at most 62 cells a side. Cells are named `xyz`, one digit
/// per coordinate ([`digit`]), and listed by `x`, then `y`, then `z`, as in Knuth's
/// polycube-dlx.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    lo: Cell,
    size: [i32; 3],
    present: Vec<bool>,
    optional: Vec<bool>,
}

impl Board {
    /// The full box of `x` by `y` by `z` cells, from cell `000`.
    pub fn cuboid(x: i32, y: i32, z: i32) -> Result<Board, BoardError> {
        let size = [x, y, z];
        // Checked before the cells are allocated: a huge size is an error, not an abort.
        if size.iter().any(|&s| !(1..=MAX_SIDE).contains(&s)) {
            return Err(BoardError::BadSize(format!("{x}x{y}x{z}")));
        }
        Ok(Board {
            lo: [0; 3],
            size,
            present: vec![true; (x * y * z) as usize],
            optional: vec![false; (x * y * z) as usize],
        })
    }

    /// Reads a box size `AxBxC` (`3x4x5`).
    pub fn parse_size(text: &str) -> Result<Board, BoardError> {
        let bad = || BoardError::BadSize(text.trim().to_string());
        let sides: Vec<i32> = text
            .trim()
            .split('x')
            .map(|s| s.parse::<i32>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        match sides.as_slice() {
            &[x, y, z] => Board::cuboid(x, y, z).map_err(|_| bad()),
            _ => Err(bad()),
        }
    }

    /// A board from a layer picture (see [`crate::Shape::from_layers`]): `#` a cell, `o` a
    /// cell that may stay empty ([`Board::with_optional`]), `.` a hole; the first layer is
    /// `z = 0`, in each layer the column is `x` and the row `y`.
    pub fn from_layers(picture: &str) -> Result<Board, BoardError> {
        // A piece's picture knows `#` and `.` only: a board's names its `o` too.
        let cells = |p: &str| {
            picture_cells(p).map_err(|e| match e {
                ShapeError::BadChar {
                    layer,
                    row,
                    col,
                    ch,
                } => BoardError::BadChar {
                    layer,
                    row,
                    col,
                    ch,
                },
                e => BoardError::Picture(e),
            })
        };
        if !picture.contains('o') {
            return Board::from_cells(cells(picture)?);
        }
        let board = Board::from_cells(cells(&picture.replace('o', "#"))?)?;
        // The same picture with only the optional cells drawn: the same coordinates.
        let optional = picture_cells(&picture.replace('#', ".").replace('o', "#"))?;
        board.with_optional(optional)
    }

    /// The board with the given cells marked as cells that may stay empty: each becomes a
    /// secondary item, covered at most once, where the other cells are covered exactly once.
    pub fn with_optional(
        mut self,
        cells: impl IntoIterator<Item = Cell>,
    ) -> Result<Board, BoardError> {
        for c in cells {
            match self.slot(c).filter(|&k| self.present[k]) {
                Some(k) => self.optional[k] = true,
                None => return Err(BoardError::NotACell(c)),
            }
        }
        Ok(self)
    }

    /// True when `c` is a cell that may stay empty.
    pub fn is_optional(&self, c: Cell) -> bool {
        self.slot(c).is_some_and(|k| self.optional[k])
    }

    /// Number of cells that must be covered (the volume less the optional cells).
    pub fn required_volume(&self) -> usize {
        self.volume() - self.optional.iter().filter(|&&o| o).count()
    }

    /// A board of the given cells (each coordinate from 0 to 61; a cell given twice is one
    /// cell).
    pub fn from_cells(cells: impl IntoIterator<Item = Cell>) -> Result<Board, BoardError> {
        let cells: Vec<Cell> = cells.into_iter().collect();
        if cells.is_empty() {
            return Err(BoardError::Empty);
        }
        if let Some(c) = cells
            .iter()
            .find(|c| c.iter().any(|v| !(0..MAX_SIDE).contains(v)))
        {
            return Err(BoardError::OutOfRange(*c));
        }
        let mut lo = [MAX_SIDE; 3];
        let mut hi = [0; 3];
        for c in &cells {
            for axis in 0..3 {
                lo[axis] = lo[axis].min(c[axis]);
                hi[axis] = hi[axis].max(c[axis]);
            }
        }
        let size = [hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1];
        let mut board = Board {
            lo,
            size,
            present: vec![false; (size[0] * size[1] * size[2]) as usize],
            optional: vec![false; (size[0] * size[1] * size[2]) as usize],
        };
        for c in cells {
            let k = board.slot(c).expect("inside the bounding box");
            board.present[k] = true;
        }
        Ok(board)
    }

    /// The least coordinates of the cells.
    pub fn lo(&self) -> Cell {
        self.lo
    }

    /// The sides of the bounding box.
    pub fn size(&self) -> [i32; 3] {
        self.size
    }

    /// The position of a cell of the bounding box in `x`, `y`, `z` order.
    pub(crate) fn slot(&self, c: Cell) -> Option<usize> {
        let mut k = 0usize;
        for ((&v, &lo), &size) in c.iter().zip(&self.lo).zip(&self.size) {
            let v = v - lo;
            if v < 0 || v >= size {
                return None;
            }
            k = k * size as usize + v as usize;
        }
        Some(k)
    }

    /// Cells in the bounding box, present or not.
    pub(crate) fn slots(&self) -> usize {
        self.present.len()
    }

    /// True when `c` is a cell of the board.
    pub fn contains(&self, c: Cell) -> bool {
        self.slot(c).is_some_and(|k| self.present[k])
    }

    /// The cells, by `x`, then `y`, then `z`.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let [sx, sy, sz] = self.size;
        let lo = self.lo;
        (0..sx)
            .flat_map(move |x| (0..sy).flat_map(move |y| (0..sz).map(move |z| [x, y, z])))
            .map(move |[x, y, z]| [lo[0] + x, lo[1] + y, lo[2] + z])
            .filter(|&c| self.contains(c))
    }

    /// Number of cells.
    pub fn volume(&self) -> usize {
        self.present.iter().filter(|&&p| p).count()
    }

    /// True when every cell of the bounding box is present.
    pub fn is_cuboid(&self) -> bool {
        self.present.iter().all(|&p| p)
    }

    /// The item name of a cell: its three coordinates as [`digit`]s (`3a0`).
    pub fn cell_name(&self, c: Cell) -> String {
        c.iter().map(|&v| digit(v)).collect()
    }

    /// True when `name` is the name of one of the board's cells.
    pub fn contains_name(&self, name: &str) -> bool {
        let coords: Vec<Option<i32>> = name.chars().map(digit_value).collect();
        match coords.as_slice() {
            &[Some(x), Some(y), Some(z)] => self.contains([x, y, z]),
            _ => false,
        }
    }

    /// A short description: `3x4x5` for a full box, else the bounding box and the cells.
    pub fn describe(&self) -> String {
        let [x, y, z] = self.size;
        if self.is_cuboid() {
            format!("{x}x{y}x{z}")
        } else {
            format!("{} cells in {x}x{y}x{z}", self.volume())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_digits_and_sizes() {
        assert_eq!(
            (0..62).map(digit).collect::<String>(),
            "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        );
        assert!((0..62).all(|n| digit_value(digit(n)) == Some(n)));
        assert_eq!(digit_value('-'), None);
        let b = Board::parse_size("3x4x5").unwrap();
        assert_eq!(b.volume(), 60);
        assert_eq!(b.cell_name([2, 3, 4]), "234");
        let names: Vec<String> = b.cells().take(3).map(|c| b.cell_name(c)).collect();
        assert_eq!(names, ["000", "001", "002"]);
        assert_eq!(b.describe(), "3x4x5");
        for bad in ["3x4", "0x1x1", "63x1x1", "axbxc", "1x1x1x1", "-1x2x2"] {
            assert_eq!(
                Board::parse_size(bad),
                Err(BoardError::BadSize(bad.into())),
                "{bad}"
            );
        }
    }

    #[test]
    fn pictures_and_errors() {
        // Two layers: a 2x2 square, then one cube above its corner.
        let b = Board::from_layers("##\n##\n\n#.\n..\n").unwrap();
        assert_eq!((b.size(), b.volume()), ([2, 2, 2], 5));
        assert!(b.contains([0, 0, 1]) && !b.contains([1, 0, 1]));
        assert_eq!(b.describe(), "5 cells in 2x2x2");
        assert_eq!(Board::from_layers("..//.."), Err(BoardError::Empty));
        assert!(matches!(
            Board::from_layers("#?"),
            Err(BoardError::BadChar { ch: '?', .. })
        ));
        assert!(
            (Board::from_layers("o#\n#x").unwrap_err().to_string()).starts_with(
                "layer 1, row 2, column 2: unexpected character `x` (expected `#` a cell, `o`"
            )
        );
        // A picture too wide to name is refused before the box is allocated.
        let wide = "#".repeat(1_000_000);
        assert_eq!(
            Board::from_layers(&wide),
            Err(BoardError::OutOfRange([62, 0, 0]))
        );
    }
}
