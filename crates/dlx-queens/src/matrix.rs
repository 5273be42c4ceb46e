//! The queens matrix: names, header order, and the rank/file variants of the paper's table.

use dlx_core::symmetry::{Symmetries, SymmetryError};
use dlx_core::{ItemKind, Matrix, MatrixBuilder, OptionId, Solution};
use thiserror::Error;

use crate::board::Board;

/// Largest board handled (a million options at N = 1000 is already far beyond any search).
pub const MAX_N: usize = 1000;

/// A motion of the N x N board: where square (rank, file) goes, given N.
pub type Motion = fn(usize, usize, usize) -> (usize, usize);

/// The eight motions of the square board: the identity, the three turns, the four
/// reflections (left to right, top to bottom, and the two diagonals).
///
/// ```
/// use dlx_queens::MOTIONS;
///
/// // A quarter turn of the 8x8 board takes the corner (0, 0) to (0, 7).
/// assert_eq!(MOTIONS[1](8, 0, 0), (0, 7));
/// // Each motion maps the board onto itself.
/// for m in MOTIONS {
///     let mut image: Vec<_> = (0..8).flat_map(|i| (0..8).map(move |j| m(8, i, j))).collect();
///     image.sort_unstable();
///     image.dedup();
///     assert_eq!(image.len(), 64);
/// }
/// ```
pub const MOTIONS: [Motion; 8] = [
    |_, i, j| (i, j),
    |n, i, j| (j, n - 1 - i),
    |n, i, j| (n - 1 - i, n - 1 - j),
    |n, i, j| (n - 1 - j, i),
    |n, i, j| (i, n - 1 - j),
    |n, i, j| (n - 1 - i, j),
    |_, i, j| (j, i),
    |n, i, j| (n - 1 - j, n - 1 - i),
];

/// Why a queens problem could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum QueensError {
    /// N is 0 or too large.
    #[error("N = {0} is out of range: the board size must be 1 to {MAX_N}")]
    OutOfRange(usize),
}

/// The order of the primary columns in the header list, which the S heuristic's tie-break
/// and the leftmost rule depend on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Knuth's "organ pipe" order, middle ranks and files first: for j = 0..N-1 the pair
    /// `r(t) c(t)` with t = (j odd ? N-1-j : N+j) / 2, e.g. `r4 c4 r3 c3 r5 c5 ...` for N = 8.
    /// The paper's table uses it.
    #[default]
    OrganPipe,
    /// `r0 .. r(N-1) c0 .. c(N-1)`.
    Plain,
}

/// An N queens problem and the conventions of its matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Queens {
    n: usize,
    order: Order,
    ranks_only: bool,
}

impl Queens {
    /// The N queens problem in Knuth's organ-pipe order, ranks and files primary.
    pub fn new(n: usize) -> Result<Self, QueensError> {
        if n == 0 || n > MAX_N {
            return Err(QueensError::OutOfRange(n));
        }
        Ok(Queens {
            n,
            order: Order::OrganPipe,
            ranks_only: false,
        })
    }

    /// Chooses the order of the primary columns.
    pub fn with_order(mut self, order: Order) -> Self {
        self.order = order;
        self
    }

    /// The paper's R-variant: only the ranks are primary; files become secondary (listed
    /// before the diagonals), so a solution needs a queen in every rank only.
    pub fn ranks_only(mut self, yes: bool) -> Self {
        self.ranks_only = yes;
        self
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The column order.
    pub fn order(&self) -> Order {
        self.order
    }

    /// True for the R-variant.
    pub fn is_ranks_only(&self) -> bool {
        self.ranks_only
    }

    /// The name of index k: one character 0-9, a-z as Knuth's generator writes it when every
    /// index fits (N <= 19), else the decimal number.
    fn name(&self, prefix: char, k: usize) -> String {
        if 2 * self.n <= 38 {
            let c = std::char::from_digit(k as u32, 36).expect("index below 36");
            format!("{prefix}{c}")
        } else {
            format!("{prefix}{k}")
        }
    }

    /// The ranks (or files) in header order.
    fn line_order(&self) -> Vec<usize> {
        let n = self.n;
        match self.order {
            Order::OrganPipe => (0..n)
                .map(|j| {
                    if j % 2 == 1 {
                        (n - 1 - j) / 2
                    } else {
                        (n + j) / 2
                    }
                })
                .collect(),
            Order::Plain => (0..n).collect(),
        }
    }

    /// The matrix, item for item and option for option what `queens-dlx` writes: options are
    /// listed rank by rank, file by file, so option `i * N + j` is the queen on (i, j).
    pub fn matrix(&self) -> Matrix {
        let n = self.n;
        let mut b = MatrixBuilder::new();
        let lines = self.line_order();
        let file_kind = if self.ranks_only {
            ItemKind::Secondary
        } else {
            ItemKind::Primary
        };
        let add = |b: &mut MatrixBuilder, name: String, kind| {
            b.item(name, kind).expect("queens item names are distinct");
        };
        match (self.order, self.ranks_only) {
            (Order::OrganPipe, false) => {
                for &t in &lines {
                    add(&mut b, self.name('r', t), ItemKind::Primary);
                    add(&mut b, self.name('c', t), ItemKind::Primary);
                }
            }
            (Order::Plain, false) => {
                for &t in &lines {
                    add(&mut b, self.name('r', t), ItemKind::Primary);
                }
                for &t in &lines {
                    add(&mut b, self.name('c', t), ItemKind::Primary);
                }
            }
            (_, true) => {
                for &t in &lines {
                    add(&mut b, self.name('r', t), ItemKind::Primary);
                }
                for &t in &lines {
                    add(&mut b, self.name('c', t), file_kind);
                }
            }
        }
        for d in 1..2 * n - 2 {
            add(&mut b, self.name('a', d), ItemKind::Secondary);
            add(&mut b, self.name('b', d), ItemKind::Secondary);
        }
        for i in 0..n {
            for j in 0..n {
                let mut row = vec![self.name('r', i), self.name('c', j)];
                for (prefix, d) in [('a', i + j), ('b', n - 1 - i + j)] {
                    if d != 0 && d != 2 * n - 2 {
                        row.push(self.name(prefix, d));
                    }
                }
                b.option(row).expect("queens options name declared items");
            }
        }
        b.build().expect("the queens matrix has primary items")
    }

    /// The symmetries of [`Queens::matrix`]: the motions of the square board (turns and
    /// reflections, 8 from N = 2 on) that keep primary items primary, each mapping ranks and
    /// files to ranks and files and diagonals to diagonals. With files secondary
    /// ([`Queens::ranks_only`]), the four that keep ranks as ranks. Counted by classes
    /// ([`dlx_core::Solve::classes`]), the solutions give the fundamental solutions of the
    /// puzzle (12 for N = 8).
    ///
    /// ```
    /// use dlx_core::Problem;
    /// use dlx_queens::Queens;
    ///
    /// let queens = Queens::new(8)?;
    /// let group = queens.symmetry_group().unwrap();
    /// let found = Problem::new(&queens.matrix()).solve().classes(&group).unwrap();
    /// assert_eq!((group.order(), found.classes, found.solutions), (8, 12, 92));
    /// # Ok::<(), dlx_queens::QueensError>(())
    /// ```
    pub fn symmetry_group(&self) -> Result<Symmetries, SymmetryError> {
        let n = self.n;
        let matrix = self.matrix();
        // Each names where the ranks and files go (a rank's squares all land on one line);
        // the diagonals follow from the options, as `find_named` matches them.
        if n == 1 {
            // One square: its rank and file are not told apart by any option.
            return Ok(Symmetries::trivial(&matrix));
        }
        let named = MOTIONS.iter().map(|motion| {
            let mut pairs = Vec::with_capacity(2 * n);
            for t in 0..n {
                // Rank t holds (t, 0) and (t, n - 1), file t (0, t) and (n - 1, t): two
                // squares whose images share a rank or a file, the line's image.
                let rank = [motion(n, t, 0), motion(n, t, n - 1)];
                let file = [motion(n, 0, t), motion(n, n - 1, t)];
                for (prefix, [(a, b), (c, _)]) in [('r', rank), ('c', file)] {
                    let image = if a == c {
                        self.name('r', a)
                    } else {
                        self.name('c', b)
                    };
                    pairs.push((self.name(prefix, t), image));
                }
            }
            pairs
        });
        Symmetries::find_named(&matrix, named)
    }

    /// The square (rank, file) of an option.
    ///
    /// # Panics
    /// If the matrix has no such option (one of the n² squares).
    pub fn square(&self, option: OptionId) -> (usize, usize) {
        assert!(
            option < self.n * self.n,
            "option {option} is not a square of the {n}x{n} board",
            n = self.n
        );
        (option / self.n, option % self.n)
    }

    /// The board of a solution: a queen on the square of every chosen option.
    ///
    /// # Panics
    /// If the solution names an option the matrix does not have ([`Queens::square`]).
    pub fn board(&self, solution: &Solution) -> Board {
        Board::new(
            self.n,
            solution
                .rows
                .iter()
                .map(|r| self.square(r.option))
                .collect(),
        )
    }
}
