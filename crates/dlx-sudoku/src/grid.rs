//! A board: its box size, the value of every cell, and how it was written (so a solution
//! prints in the puzzle's own format).

use std::fmt;
use std::sync::Arc;

use crate::alphabet::Alphabet;
use crate::error::SudokuError;

/// One piece of a written grid: literal text (spaces, separators, newlines) or a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Piece {
    Text(String),
    Cell,
}

/// How a grid is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Layout {
    /// One line of N² characters.
    Line,
    /// The input's text with its cells replaced: whitespace and separators kept.
    Template(Arc<[Piece]>),
    /// Cells written as decimal numbers (0 = empty), between the template's texts.
    Numbers(Arc<[Piece]>),
}

/// An n²×n² sudoku board: box size n (2..=6), side N = n², N² cells holding 0 (empty) or a
/// value 1..=N.
///
/// A `Grid` never has two equal givens in a row, column or box: every constructor checks.
/// It prints (`Display`) in the layout and alphabet it was read in; [`Grid::to_line`] gives
/// the compact one-line form.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    pub(crate) n: usize,
    pub(crate) cells: Vec<u8>,
    pub(crate) alphabet: Arc<Alphabet>,
    pub(crate) blank: char,
    pub(crate) layout: Layout,
    /// The line the puzzle started on, for error messages.
    pub(crate) line: usize,
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Grid({}x{}, {})",
            self.side(),
            self.side(),
            self.to_line()
        )
    }
}

/// The box size of a side N, if N is a supported n² (n = 2..=6).
pub(crate) fn box_size_of_side(side: usize) -> Option<usize> {
    (2..=6).find(|&n| n * n == side)
}

impl Grid {
    /// A grid from its cell values, row-major (0 = empty, 1..=N = a given), written in one
    /// line with `alphabet` (which must have N symbols).
    ///
    /// ```
    /// use dlx_sudoku::{Alphabet, Grid};
    /// let mut cells = vec![0; 16];
    /// cells[0] = 1;
    /// cells[5] = 1; // same 2x2 box as cell 0
    /// let err = Grid::from_values(cells, Alphabet::from_spec("1-4")?).unwrap_err();
    /// assert_eq!(err.to_string(), "line 1: r1c1 and r2c2 both hold 1");
    /// # Ok::<(), dlx_sudoku::SudokuError>(())
    /// ```
    pub fn from_values(cells: Vec<u8>, alphabet: Alphabet) -> Result<Grid, SudokuError> {
        let side = alphabet.side();
        let n = box_size_of_side(side).expect("alphabets have a supported side");
        if cells.len() != side * side {
            return Err(SudokuError::WrongLength {
                line: 1,
                found: cells.len(),
                expected: crate::parse::describe_size(side),
            });
        }
        if let Some((k, &v)) = cells.iter().enumerate().find(|&(_, &v)| v as usize > side) {
            return Err(SudokuError::BadNumber {
                line: 1,
                token: format!("{v} (cell {})", cell_name(side, k)),
                max: side,
            });
        }
        let grid = Grid {
            n,
            cells,
            alphabet: Arc::new(alphabet),
            blank: '.',
            layout: Layout::Line,
            line: 1,
        };
        grid.check_clashes()?;
        Ok(grid)
    }

    /// The empty board of box size `n` (2..=6) in the first built-in alphabet of its size.
    pub fn empty(n: usize) -> Result<Grid, SudokuError> {
        if !(2..=6).contains(&n) {
            return Err(SudokuError::BadBoxSize(n));
        }
        let alphabet = Alphabet::builtin(n * n).remove(0);
        Grid::from_values(vec![0; n.pow(4)], alphabet)
    }

    /// The box size n.
    pub fn box_size(&self) -> usize {
        self.n
    }

    /// The side N = n²: the number of rows, columns, boxes and symbols.
    pub fn side(&self) -> usize {
        self.n * self.n
    }

    /// The cell values, row-major: 0 for empty, 1..=N for a symbol.
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// The value of the cell in row `r`, column `c` (0-based); 0 when empty.
    ///
    /// # Panics
    /// If `r` or `c` is not below the grid's side.
    pub fn get(&self, r: usize, c: usize) -> u8 {
        let side = self.side();
        // Without it a column past the side would read a cell of the next row.
        assert!(
            r < side && c < side,
            "cell ({r}, {c}) of a {side}x{side} grid"
        );
        self.cells[r * side + c]
    }

    /// The symbol written in a cell (0-based row and column), `None` when empty.
    ///
    /// # Panics
    /// If `r` or `c` is not below the grid's side.
    pub fn symbol(&self, r: usize, c: usize) -> Option<char> {
        match self.get(r, c) {
            0 => None,
            v => Some(self.alphabet.symbol(v)),
        }
    }

    /// The number of givens (filled cells).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when every cell is filled (and, as for every grid, nothing clashes): a solution.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The alphabet it is written in.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The line of the input the puzzle started on (1 for a single puzzle).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The compact form: N² characters, row-major, empty cells as the input's blank.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&v| self.char_of(v)).collect()
    }

    /// The same board with other cell values (a solution of this puzzle), written the same way.
    pub(crate) fn with_values(&self, cells: Vec<u8>) -> Grid {
        Grid {
            cells,
            alphabet: Arc::clone(&self.alphabet),
            layout: self.layout.clone(),
            ..*self
        }
    }

    #[inline]
    fn char_of(&self, v: u8) -> char {
        if v == 0 {
            self.blank
        } else {
            self.alphabet.symbol(v)
        }
    }

    /// Finds the first given (row-major) that repeats an earlier given's value in its row,
    /// column or box.
    pub(crate) fn check_clashes(&self) -> Result<(), SudokuError> {
        let (n, side) = (self.n, self.side());
        // seen[unit][value] = 1 + the cell holding it; units: rows, then columns, then boxes.
        let mut seen = vec![0usize; 3 * side * (side + 1)];
        for (k, &v) in self.cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let (r, c) = (k / side, k % side);
            let b = (r / n) * n + c / n;
            for unit in [r, side + c, 2 * side + b] {
                let slot = &mut seen[unit * (side + 1) + v as usize];
                if *slot != 0 {
                    return Err(SudokuError::Clash {
                        line: self.line,
                        first: cell_name(side, *slot - 1),
                        second: cell_name(side, k),
                        symbol: self.alphabet.symbol(v).to_string(),
                    });
                }
            }
            for unit in [r, side + c, 2 * side + b] {
                seen[unit * (side + 1) + v as usize] = k + 1;
            }
        }
        Ok(())
    }
}

/// `r1c5`: a cell's 1-based row and column.
pub(crate) fn cell_name(side: usize, k: usize) -> String {
    format!("r{}c{}", k / side + 1, k % side + 1)
}

impl fmt::Display for Grid {
    /// The grid as it was read: the same layout, separators and alphabet.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (pieces, numbers) = match &self.layout {
            Layout::Line => return f.write_str(&self.to_line()),
            Layout::Template(p) => (p, false),
            Layout::Numbers(p) => (p, true),
        };
        let mut cells = self.cells.iter();
        for piece in pieces.iter() {
            match piece {
                Piece::Text(t) => f.write_str(t)?,
                Piece::Cell => {
                    let v = *cells
                        .next()
                        .expect("a template has one cell piece per cell");
                    if numbers {
                        write!(f, "{v}")?;
                    } else {
                        write!(f, "{}", self.char_of(v))?;
                    }
                }
            }
        }
        Ok(())
    }
}
