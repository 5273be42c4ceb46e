//! Matchsticks: their names, their numbers, and parsing both.

use std::fmt;

use crate::SquaresError;

/// One matchstick of an n x n grid.
///
/// Grid lines and cells are numbered from 0 at the top left. `H r.c` lies on horizontal line
/// `r` (0..=n) above cell column `c` (0..n); `V r.c` lies on vertical line `c` (0..=n) beside
/// cell row `r` (0..n). Displayed as `H0.1`, `V2.3`.
///
/// The sticks are also numbered 1..=2n(n+1) in reading order, as Gardner's figure and POJ
/// problem 1084 number them: the n horizontal sticks of line 0, then the n+1 vertical sticks
/// of row 0, then the horizontal sticks of line 1, and so on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stick {
    /// A horizontal stick.
    H {
        /// Horizontal grid line, 0..=n.
        row: usize,
        /// Cell column below/above it, 0..n.
        col: usize,
    },
    /// A vertical stick.
    V {
        /// Cell row beside it, 0..n.
        row: usize,
        /// Vertical grid line, 0..=n.
        col: usize,
    },
}

impl fmt::Display for Stick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stick::H { row, col } => write!(f, "H{row}.{col}"),
            Stick::V { row, col } => write!(f, "V{row}.{col}"),
        }
    }
}

impl Stick {
    /// The number of sticks of an n x n grid: 2n(n+1).
    ///
    /// # Panics
    /// If the count passes `usize::MAX` (n past about 3 billion on a 64-bit machine; a
    /// puzzle's grid is at most [`crate::MAX_N`]).
    pub fn count(n: usize) -> usize {
        n.checked_add(1)
            .and_then(|m| m.checked_mul(n))
            .and_then(|m| m.checked_mul(2))
            .expect("the sticks of an n x n grid number more than a usize holds")
    }

    /// True when the stick belongs to an n x n grid.
    pub fn fits(self, n: usize) -> bool {
        match self {
            Stick::H { row, col } => row <= n && col < n,
            Stick::V { row, col } => row < n && col <= n,
        }
    }

    /// The stick's 1-based number in reading order, if it belongs to an n x n grid.
    ///
    /// # Panics
    /// If [`Stick::count`] does for `n`: the numbers would pass `usize::MAX`.
    pub fn number(self, n: usize) -> Option<usize> {
        // Every number is at most the count: once the count fits a usize, they all do.
        Stick::count(n);
        self.fits(n).then(|| match self {
            Stick::H { row, col } => row * (2 * n + 1) + col + 1,
            Stick::V { row, col } => row * (2 * n + 1) + n + col + 1,
        })
    }

    /// The stick with 1-based number `k` in an n x n grid.
    ///
    /// # Panics
    /// If [`Stick::count`] does for `n`.
    pub fn from_number(n: usize, k: usize) -> Option<Stick> {
        if k == 0 || k > Stick::count(n) {
            return None;
        }
        let (row, at) = ((k - 1) / (2 * n + 1), (k - 1) % (2 * n + 1));
        Some(if at < n {
            Stick::H { row, col: at }
        } else {
            Stick::V { row, col: at - n }
        })
    }

    /// Every stick of an n x n grid, in number order.
    ///
    /// # Panics
    /// If [`Stick::count`] does for `n`.
    pub fn all(n: usize) -> impl Iterator<Item = Stick> {
        (1..=Stick::count(n)).filter_map(move |k| Stick::from_number(n, k))
    }

    /// Parses `H<row>.<col>`, `V<row>.<col>` (either case) or a number 1..=2n(n+1), for an
    /// n x n grid.
    pub fn parse(n: usize, text: &str) -> Result<Stick, SquaresError> {
        let unknown = || SquaresError::UnknownStick {
            stick: text.to_string(),
            n,
        };
        if let Ok(k) = text.parse::<usize>() {
            return Stick::from_number(n, k).ok_or_else(unknown);
        }
        let mut chars = text.chars();
        let kind = chars.next().map(|c| c.to_ascii_uppercase());
        let (row, col) = chars.as_str().split_once('.').ok_or_else(unknown)?;
        let (Ok(row), Ok(col)) = (row.parse(), col.parse()) else {
            return Err(unknown());
        };
        let stick = match kind {
            Some('H') => Stick::H { row, col },
            Some('V') => Stick::V { row, col },
            _ => return Err(unknown()),
        };
        if stick.fits(n) {
            Ok(stick)
        } else {
            Err(unknown())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "more than a usize holds")]
    fn a_grid_whose_sticks_pass_a_usize_is_refused_not_wrapped() {
        // 2n(n+1) wraps for n = 2^32 on 64 bits (and for n = 2^16 on 32): a number computed
        // from it would have named another stick.
        Stick::count(1 << (usize::BITS / 2));
    }

    #[test]
    fn numbers_run_in_reading_order() {
        for n in 1..6 {
            let all: Vec<Stick> = Stick::all(n).collect();
            assert_eq!(all.len(), Stick::count(n));
            for (k, s) in all.iter().enumerate() {
                assert_eq!(s.number(n), Some(k + 1));
                assert_eq!(Stick::parse(n, &s.to_string()), Ok(*s));
            }
        }
        // 2 x 2: 1 2 on top, 3 4 5 beside the first row, 6 7 in the middle line.
        assert_eq!(Stick::from_number(2, 5), Some(Stick::V { row: 0, col: 2 }));
        assert_eq!(Stick::from_number(2, 6), Some(Stick::H { row: 1, col: 0 }));
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in [
            "", "0", "25", "H", "H1", "X0.0", "H0.3", "V3.0", "H-1.0", "h0.0.1",
        ] {
            assert!(Stick::parse(3, bad).is_err(), "{bad}");
        }
        assert_eq!(Stick::parse(3, "v2.3"), Ok(Stick::V { row: 2, col: 3 }));
    }
}
