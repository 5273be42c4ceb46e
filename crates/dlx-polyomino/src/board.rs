//! Boards: a grid of cells, some of them absent, and the names of their columns.

use thiserror::Error;

/// Why a board description is not a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// A picture holds a character other than `#`/`o`/`.`.
    #[error(
        "board row {row}, column {col}: unexpected character `{ch}` (expected `#`, `o` or `.`)"
    )]
    BadChar {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The character found.
        ch: char,
    },
    /// The board has no cell.
    #[error("the board has no cell")]
    Empty,
    /// A removed or optional cell lies outside the rectangle (or, for an optional cell, on a
    /// hole).
    #[error("cell ({row}, {col}) is not a cell of the {height}x{width} board")]
    Outside {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// Board height.
        height: usize,
        /// Board width.
        width: usize,
    },
    /// The cells cannot be named with the chosen scheme (too many rows or columns).
    #[error("a {height}x{width} board is too large for {scheme} cell names")]
    TooLargeForNames {
        /// Board height.
        height: usize,
        /// Board width.
        width: usize,
        /// The naming scheme.
        scheme: &'static str,
    },
}

/// How cells are named in the matrix (the paper's `ij`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CellNames {
    /// `ij` with 1-based rank i and file j, one digit each (boards up to 9x9): Scott's board.
    OneBased,
    /// `rc` with 0-based row and column, each one base-36 digit `0-9a-z` (up to 36x36).
    #[default]
    Base36,
}

impl CellNames {
    fn digit(n: usize) -> char {
        char::from_digit(n as u32, 36).expect("checked against the board size")
    }
}

/// Refuses a board whose cells the naming scheme cannot name.
fn check_size(height: usize, width: usize, names: CellNames) -> Result<(), BoardError> {
    let (limit, scheme) = match names {
        CellNames::OneBased => (9, "one-based `ij`"),
        CellNames::Base36 => (36, "base-36 `rc`"),
    };
    if height > limit || width > limit {
        return Err(BoardError::TooLargeForNames {
            height,
            width,
            scheme,
        });
    }
    Ok(())
}

/// A rectangle of `height` x `width` squares, some of which may be absent, and some of which
/// may stay empty (optional cells: secondary items, covered at most once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    height: usize,
    width: usize,
    present: Vec<bool>,
    optional: Vec<bool>,
    names: CellNames,
}

impl Board {
    /// The full rectangle, cells named [`CellNames::Base36`].
    pub fn rectangle(height: usize, width: usize) -> Result<Board, BoardError> {
        if height == 0 || width == 0 {
            return Err(BoardError::Empty);
        }
        // Checked before the cells are allocated: a huge size is an error, not an abort.
        check_size(height, width, CellNames::Base36)?;
        Ok(Board {
            height,
            width,
            present: vec![true; height * width],
            optional: vec![false; height * width],
            names: CellNames::Base36,
        })
    }

    /// A board from a picture: rows separated by `/` or newlines, `#` a cell, `o` a cell that
    /// may stay empty (see [`Board::with_optional`]), `.` a hole; the rectangle is as wide as
    /// the longest row.
    pub fn from_ascii(picture: &str) -> Result<Board, BoardError> {
        let rows: Vec<&str> = picture
            .split(['/', '\n'])
            .map(str::trim)
            .skip_while(|r| r.is_empty())
            .collect();
        let rows: Vec<&str> = match rows.iter().rposition(|r| !r.is_empty()) {
            Some(last) => rows[..=last].to_vec(),
            None => return Err(BoardError::Empty),
        };
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        check_size(rows.len(), width, CellNames::Base36)?;
        let mut present = vec![false; rows.len() * width];
        let mut optional = vec![false; rows.len() * width];
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '#' => present[r * width + c] = true,
                    'o' => {
                        present[r * width + c] = true;
                        optional[r * width + c] = true;
                    }
                    '.' => {}
                    _ => {
                        return Err(BoardError::BadChar {
                            row: r + 1,
                            col: c + 1,
                            ch,
                        });
                    }
                }
            }
        }
        if !present.contains(&true) {
            return Err(BoardError::Empty);
        }
        Board {
            height: rows.len(),
            width,
            present,
            optional,
            names: CellNames::Base36,
        }
        .checked()
    }

    /// The board without the given cells `(row, column)`, 0-based.
    pub fn without(
        mut self,
        cells: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<Board, BoardError> {
        for (row, col) in cells {
            if row >= self.height || col >= self.width {
                return Err(BoardError::Outside {
                    row,
                    col,
                    height: self.height,
                    width: self.width,
                });
            }
            self.present[row * self.width + col] = false;
            self.optional[row * self.width + col] = false;
        }
        if !self.present.contains(&true) {
            return Err(BoardError::Empty);
        }
        Ok(self)
    }

    /// The board with the given cells `(row, column)`, 0-based, marked as cells that may stay
    /// empty: each becomes a secondary item, covered at most once, where the other cells are
    /// covered exactly once. A cell outside the board or a hole is an error.
    pub fn with_optional(
        mut self,
        cells: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<Board, BoardError> {
        for (row, col) in cells {
            if !self.contains(row as i64, col as i64) {
                return Err(BoardError::Outside {
                    row,
                    col,
                    height: self.height,
                    width: self.width,
                });
            }
            self.optional[row * self.width + col] = true;
        }
        Ok(self)
    }

    /// True when `(row, col)` is a cell that may stay empty.
    pub fn is_optional(&self, row: usize, col: usize) -> bool {
        row < self.height && col < self.width && self.optional[row * self.width + col]
    }

    /// Number of cells that must be covered (the area less the optional cells).
    pub fn required_area(&self) -> usize {
        self.area() - self.optional.iter().filter(|&&o| o).count()
    }

    /// The same board with another cell-naming scheme.
    pub fn with_names(mut self, names: CellNames) -> Result<Board, BoardError> {
        self.names = names;
        self.checked()
    }

    fn checked(self) -> Result<Board, BoardError> {
        check_size(self.height, self.width, self.names)?;
        Ok(self)
    }

    /// Rows of the enclosing rectangle.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Columns of the enclosing rectangle.
    pub fn width(&self) -> usize {
        self.width
    }

    /// True when `(row, col)` is a cell of the board.
    pub fn contains(&self, row: i64, col: i64) -> bool {
        row >= 0
            && col >= 0
            && (row as usize) < self.height
            && (col as usize) < self.width
            && self.present[row as usize * self.width + col as usize]
    }

    /// The cells, row-major.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.height)
            .flat_map(move |r| (0..self.width).map(move |c| (r, c)))
            .filter(|&(r, c)| self.present[r * self.width + c])
    }

    /// Number of cells.
    pub fn area(&self) -> usize {
        self.present.iter().filter(|&&p| p).count()
    }

    /// The column name of a cell.
    ///
    /// # Panics
    /// If the cell is outside the board's bounding rectangle.
    pub fn cell_name(&self, row: usize, col: usize) -> String {
        assert!(
            row < self.height() && col < self.width(),
            "cell ({row}, {col}) of a {}x{} board",
            self.height(),
            self.width()
        );
        match self.names {
            CellNames::OneBased => format!("{}{}", row + 1, col + 1),
            CellNames::Base36 => format!("{}{}", CellNames::digit(row), CellNames::digit(col)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board too large to name is refused before its cells are allocated: a 1.4 MB
    /// picture, one row of 1,000,000 cells over 200,001 rows, would take 200 GB.
    #[test]
    fn a_huge_board_is_refused_before_it_is_allocated() {
        let picture = format!("{}{}", "#".repeat(1_000_000), "\n#".repeat(200_000));
        assert_eq!(
            Board::from_ascii(&picture),
            Err(BoardError::TooLargeForNames {
                height: 200_001,
                width: 1_000_000,
                scheme: "base-36 `rc`"
            })
        );
        assert!(matches!(
            Board::rectangle(usize::MAX, usize::MAX),
            Err(BoardError::TooLargeForNames { .. })
        ));
    }

    #[test]
    fn scott_board_names_and_area() {
        let b = Board::rectangle(8, 8)
            .unwrap()
            .without([(3, 3), (3, 4), (4, 3), (4, 4)])
            .unwrap()
            .with_names(CellNames::OneBased)
            .unwrap();
        assert_eq!(b.area(), 60);
        let names: Vec<String> = b.cells().map(|(r, c)| b.cell_name(r, c)).collect();
        assert_eq!(&names[..3], ["11", "12", "13"]);
        assert!(!names.contains(&"44".to_string()));
        assert_eq!(
            Board::rectangle(15, 15).unwrap().cell_name(14, 11),
            "eb".to_string()
        );
    }

    #[test]
    fn pictures_and_errors() {
        let b = Board::from_ascii("###/#.#").unwrap();
        assert_eq!((b.height(), b.width(), b.area()), (2, 3, 5));
        assert!(!b.contains(1, 1));
        assert_eq!(
            Board::from_ascii("##/#?"),
            Err(BoardError::BadChar {
                row: 2,
                col: 2,
                ch: '?'
            })
        );
        assert!(matches!(
            Board::rectangle(2, 2).unwrap().without([(2, 0)]),
            Err(BoardError::Outside { .. })
        ));
        assert!(matches!(
            Board::rectangle(10, 10)
                .unwrap()
                .with_names(CellNames::OneBased),
            Err(BoardError::TooLargeForNames { .. })
        ));
    }
}
