//! The reduction to exact cover, as in the seeds: for side N, 4N² primary columns (cells, then
//! row-digit, column-digit and box-digit, in that order) and N³ rows, one per (cell, digit).

use dlx_core::{ItemId, Matrix, MatrixBuilder, OptionId};

use crate::error::SudokuError;
use crate::grid::Grid;

/// The row of the full matrix that puts `value` (1..=N) in cell `cell` (row-major):
/// rows are numbered cell by cell, digit by digit.
///
/// # Panics
/// If `value` is 0 (an empty cell has no option).
#[inline]
pub fn option_of(side: usize, cell: usize, value: u8) -> OptionId {
    cell * side + value as usize - 1
}

/// The (cell, value) a row of the full matrix stands for.
///
/// # Panics
/// If `side` is 0.
#[inline]
pub fn decode(side: usize, option: OptionId) -> (usize, u8) {
    (option / side, (option % side + 1) as u8)
}

/// The four columns of (cell, value): cell, row-digit, column-digit, box-digit.
#[inline]
fn columns(n: usize, cell: usize, value: u8) -> [ItemId; 4] {
    let side = n * n;
    let area = side * side;
    let (r, c) = (cell / side, cell % side);
    let b = (r / n) * n + c / n;
    let d = value as usize - 1;
    [
        cell,
        area + r * side + d,
        2 * area + c * side + d,
        3 * area + b * side + d,
    ]
}

/// Declares the 4N² primary columns, named `r1c1` (the cell has a digit), `r1=1` (row 1 holds
/// digit 1), `c1=1` and `b1=1`.
fn declare_columns(n: usize) -> MatrixBuilder {
    let side = n * n;
    let mut b = MatrixBuilder::new();
    let mut add = |name: String| {
        b.primary(name).expect("column names are distinct");
    };
    for r in 1..=side {
        for c in 1..=side {
            add(format!("r{r}c{c}"));
        }
    }
    for kind in ['r', 'c', 'b'] {
        for u in 1..=side {
            for d in 1..=side {
                add(format!("{kind}{u}={d}"));
            }
        }
    }
    b
}

/// The full matrix of the empty n²×n² board (box size n = 2..=6): 4N² columns, N³ rows.
/// Row `option_of(N, cell, value)` places `value` in `cell`.
///
/// ```
/// let m = dlx_sudoku::matrix(3)?;
/// assert_eq!((m.items().len(), m.options().len()), (324, 729));
/// assert_eq!(m.option_names_from(0, 0), ["r1c1", "r1=1", "c1=1", "b1=1"]);
/// # Ok::<(), dlx_sudoku::SudokuError>(())
/// ```
pub fn matrix(n: usize) -> Result<Matrix, SudokuError> {
    if !(2..=6).contains(&n) {
        return Err(SudokuError::BadBoxSize(n));
    }
    let side = n * n;
    let mut b = declare_columns(n);
    for cell in 0..side * side {
        for v in 1..=side as u8 {
            b.option_ids(columns(n, cell, v).to_vec())
                .expect("columns exist");
        }
    }
    Ok(b.build().expect("the sudoku matrix is well formed"))
}

/// The matrix of one puzzle the way the seeds build it: every empty cell gets its N rows, a
/// given cell only the row of its given. Returns the matrix and, for each of its rows, the
/// (cell, value) it places. Rebuilding this for every puzzle is what a generic exact cover
/// library does; [`crate::Solver`] instead reuses one full matrix per size.
pub fn puzzle_matrix(grid: &Grid) -> (Matrix, Vec<(usize, u8)>) {
    let (n, side) = (grid.box_size(), grid.side());
    let mut b = declare_columns(n);
    let mut rows = Vec::new();
    for (cell, &given) in grid.values().iter().enumerate() {
        let values = if given == 0 {
            1..=side as u8
        } else {
            given..=given
        };
        for v in values {
            b.option_ids(columns(n, cell, v).to_vec())
                .expect("columns exist");
            rows.push((cell, v));
        }
    }
    (b.build().expect("the sudoku matrix is well formed"), rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_has_its_four_columns() {
        let m = matrix(2).unwrap();
        assert_eq!((m.items().len(), m.options().len()), (64, 64));
        // Row r2c3 = 4 (cell 6): row 2 digit 4, column 3 digit 4, box 2 digit 4.
        let o = option_of(4, 6, 4);
        assert_eq!(decode(4, o), (6, 4));
        assert_eq!(m.option_names_from(o, 6), ["r2c3", "r2=4", "c3=4", "b2=4"]);
        assert!(matrix(7).is_err());
    }
}
