//! The grid: which sticks are present, which squares are intact, and its picture.

use crate::{MAX_N, SquaresError, Stick};

/// A square of the grid: `size` cells wide, its top left cell at (`row`, `col`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Side length in sticks, 1..=n.
    pub size: usize,
    /// Top cell row, 0..=n-size.
    pub row: usize,
    /// Left cell column, 0..=n-size.
    pub col: usize,
}

impl Square {
    /// The 4·size sticks of its outline: top, bottom, left, right.
    pub fn sticks(&self) -> impl Iterator<Item = Stick> + '_ {
        let Square { size, row, col } = *self;
        (0..size).flat_map(move |k| {
            [
                Stick::H { row, col: col + k },
                Stick::H {
                    row: row + size,
                    col: col + k,
                },
                Stick::V { row: row + k, col },
                Stick::V {
                    row: row + k,
                    col: col + size,
                },
            ]
        })
    }

    /// Its column name in the matrix: `s<size>@<row>.<col>`.
    pub fn name(&self) -> String {
        format!("s{}@{}.{}", self.size, self.row, self.col)
    }
}

/// An n x n grid of matchsticks, some of them possibly removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    n: usize,
    /// Indexed by stick number - 1.
    present: Vec<bool>,
}

impl Grid {
    /// The full n x n grid, 1 <= n <= [`MAX_N`].
    pub fn full(n: usize) -> Result<Grid, SquaresError> {
        if !(1..=MAX_N).contains(&n) {
            return Err(SquaresError::SizeOutOfRange { n });
        }
        Ok(Grid {
            n,
            present: vec![true; Stick::count(n)],
        })
    }

    /// The full grid with the sticks of `list` removed: names or numbers (see [`Stick`])
    /// separated by commas and/or white space, each stick once.
    ///
    /// ```
    /// let g = dlx_squares::Grid::with_removed(2, "H0.0, 5 V1.1")?;
    /// assert_eq!(g.present().count(), 12 - 3);
    /// # Ok::<(), dlx_squares::SquaresError>(())
    /// ```
    pub fn with_removed(n: usize, list: &str) -> Result<Grid, SquaresError> {
        let mut grid = Grid::full(n)?;
        for name in list
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
        {
            let stick = Stick::parse(n, name)?;
            // A stick listed twice (`1,1`, `1,H0.0`) is a slip in the list: refused, not
            // removed once.
            if let Some(number) = stick.number(n).filter(|_| !grid.has(stick)) {
                return Err(SquaresError::RepeatedStick { stick, number });
            }
            grid.remove(stick);
        }
        Ok(grid)
    }

    /// The side length n.
    pub fn n(&self) -> usize {
        self.n
    }

    /// True when the stick belongs to the grid and is still there.
    pub fn has(&self, stick: Stick) -> bool {
        stick.number(self.n).is_some_and(|k| self.present[k - 1])
    }

    /// Removes a stick (nothing happens if it is already gone or not in the grid).
    pub fn remove(&mut self, stick: Stick) {
        if let Some(k) = stick.number(self.n) {
            self.present[k - 1] = false;
        }
    }

    /// The sticks still present, in number order.
    pub fn present(&self) -> impl Iterator<Item = Stick> + '_ {
        Stick::all(self.n).filter(|&s| self.has(s))
    }

    /// Every square of the grid, smallest first, then top to bottom, left to right.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        let n = self.n;
        (1..=n).flat_map(move |size| {
            (0..=n - size)
                .flat_map(move |row| (0..=n - size).map(move |col| Square { size, row, col }))
        })
    }

    /// The squares whose every stick is present.
    pub fn intact_squares(&self) -> Vec<Square> {
        self.squares()
            .filter(|sq| sq.sticks().all(|s| self.has(s)))
            .collect()
    }

    /// The grid as ASCII art: `+` corners, `--` and `|` for present sticks.
    ///
    /// ```
    /// let g = dlx_squares::Grid::with_removed(2, "H1.0 V0.1")?;
    /// assert_eq!(g.picture(), "+--+--+\n|     |\n+  +--+\n|  |  |\n+--+--+\n");
    /// # Ok::<(), dlx_squares::SquaresError>(())
    /// ```
    pub fn picture(&self) -> String {
        let n = self.n;
        let mut out = String::new();
        for row in 0..=n {
            out.push('+');
            for col in 0..n {
                out.push_str(if self.has(Stick::H { row, col }) {
                    "--+"
                } else {
                    "  +"
                });
            }
            out.push('\n');
            if row == n {
                break;
            }
            for col in 0..=n {
                out.push(if self.has(Stick::V { row, col }) {
                    '|'
                } else {
                    ' '
                });
                if col < n {
                    out.push_str("  ");
                }
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_counts() {
        for n in 1..=6 {
            let g = Grid::full(n).unwrap();
            // Σ_{s=1..n} (n-s+1)^2 squares, all intact in a full grid.
            let expected: usize = (1..=n).map(|s| (n - s + 1) * (n - s + 1)).sum();
            assert_eq!(g.squares().count(), expected);
            assert_eq!(g.intact_squares().len(), expected);
            for sq in g.squares() {
                assert_eq!(sq.sticks().filter(|&s| s.fits(n)).count(), 4 * sq.size);
            }
        }
    }

    #[test]
    fn removing_a_corner_stick_breaks_the_squares_through_it() {
        let g = Grid::with_removed(3, "H0.0").unwrap();
        // The 1x1, 2x2 and 3x3 squares at the top left corner all use H0.0.
        assert_eq!(g.intact_squares().len(), 14 - 3);
        assert!(Grid::full(0).is_err());
        assert!(Grid::full(MAX_N + 1).is_err());
        assert!(Grid::with_removed(3, "H0.0,Q1").is_err());
        for list in ["1,1", "1 H0.0", "h0.0, H0.0"] {
            assert_eq!(
                Grid::with_removed(3, list).unwrap_err().to_string(),
                "stick H0.0 (number 1) is listed twice"
            );
        }
    }
}
