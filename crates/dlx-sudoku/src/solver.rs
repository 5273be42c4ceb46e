//! Solving: one dancing-links matrix per board size, built once and reused for every puzzle.
//! A puzzle's givens are fixed (their rows covered, as if chosen above the root) before the
//! search and unfixed after it, so no puzzle costs a rebuild.

use std::cell::RefCell;

use dlx_core::{ChosenRow, Dlx, Heuristic, Search, Stats};

use crate::grid::Grid;
use crate::matrix::{decode, matrix, option_of};

/// The column rule: the S heuristic that takes a forced cell or digit (a column with one row)
/// at once instead of scanning the other 323 columns for an empty one. No figure of the paper
/// is at stake here, and `cargo xtask bench sudoku` shows the scan is most of the time.
pub const SEARCH_RULE: Heuristic = Heuristic::MrvEager;

/// Solves puzzles of any supported size, keeping one [`Dlx`] per box size.
///
/// ```
/// use dlx_sudoku::{Grid, Solver};
/// let mut solver = Solver::new();
/// let puzzle: Grid = "1.3....2.3....4.".parse()?;
/// assert_eq!(solver.count(&puzzle, None), 1);
/// assert_eq!(solver.solve(&puzzle).unwrap().to_string(), "1234341243212143");
/// # Ok::<(), dlx_sudoku::SudokuError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Solver {
    /// `boards[n]`: the arena of box size n, built on first use.
    boards: Vec<Option<Dlx>>,
}

impl Solver {
    /// A solver with no matrix built yet; each size's matrix is built the first time a puzzle
    /// of that size arrives.
    pub fn new() -> Self {
        Self::default()
    }

    /// The arena for a puzzle with its givens fixed.
    fn place(&mut self, grid: &Grid) -> &mut Dlx {
        let n = grid.box_size();
        if self.boards.len() <= n {
            self.boards.resize(n + 1, None);
        }
        let dlx = self.boards[n]
            .get_or_insert_with(|| Dlx::new(&matrix(n).expect("grids have a supported box size")));
        // A `Solutions` iterator dropped early leaves its givens fixed: undo them first.
        dlx.unfix_all();
        let side = grid.side();
        for (cell, &v) in grid.values().iter().enumerate() {
            if v != 0 {
                dlx.fix(option_of(side, cell, v))
                    .expect("grids never hold clashing givens");
            }
        }
        dlx
    }

    /// The first solution found, or `None` when the puzzle has none.
    pub fn solve(&mut self, grid: &Grid) -> Option<Grid> {
        let dlx = self.place(grid);
        let found = dlx
            .search()
            .heuristic(SEARCH_RULE)
            .next_solution()
            .map(|view| fill(grid, view.rows()));
        dlx.unfix_all();
        found
    }

    /// The number of solutions, stopping at `limit` if given (so `Some(2)` is enough to tell
    /// unique from multiple).
    pub fn count(&mut self, grid: &Grid, limit: Option<u64>) -> u64 {
        self.stats(grid, limit).solutions
    }

    /// True when the puzzle has exactly one solution (the search stops at the second).
    pub fn is_unique(&mut self, grid: &Grid) -> bool {
        self.count(grid, Some(2)) == 1
    }

    /// The search's statistics (solutions, updates, nodes, profile), stopping at `limit`.
    /// The givens' covering is not counted: it happens before the root.
    pub fn stats(&mut self, grid: &Grid, limit: Option<u64>) -> Stats {
        let dlx = self.place(grid);
        let mut search = dlx.search().heuristic(SEARCH_RULE);
        if let Some(l) = limit {
            search = search.limit(l);
        }
        let stats = search.count();
        dlx.unfix_all();
        stats
    }

    /// Every solution, lazily, in the order the search finds them.
    ///
    /// ```
    /// use dlx_sudoku::{Grid, Solver};
    /// let puzzle: Grid = "12..34..........".parse()?;
    /// let mut solver = Solver::new();
    /// let all: Vec<Grid> = solver.solutions(&puzzle).collect();
    /// assert_eq!(all.len(), solver.count(&puzzle, None) as usize);
    /// assert!(all.iter().all(|s| s.solves(&puzzle)));
    /// # Ok::<(), dlx_sudoku::SudokuError>(())
    /// ```
    pub fn solutions(&mut self, grid: &Grid) -> Solutions<'_> {
        let search = self.place(grid).search().heuristic(SEARCH_RULE);
        Solutions {
            search,
            puzzle: grid.clone(),
        }
    }
}

/// The puzzle with the cells of a solution's rows filled in.
fn fill(puzzle: &Grid, rows: impl Iterator<Item = ChosenRow>) -> Grid {
    let side = puzzle.side();
    let mut cells = puzzle.values().to_vec();
    for row in rows {
        let (cell, v) = decode(side, row.option);
        cells[cell] = v;
    }
    puzzle.with_values(cells)
}

/// The solutions of a puzzle, from [`Solver::solutions`].
pub struct Solutions<'a> {
    search: Search<'a>,
    puzzle: Grid,
}

impl Iterator for Solutions<'_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let view = self.search.next_solution()?;
        Some(fill(&self.puzzle, view.rows()))
    }
}

thread_local! {
    /// The solver behind [`Grid::solve`] and friends: one per thread, so that casual calls
    /// reuse the matrices too.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

impl Grid {
    /// The first solution, or `None` when there is none. Uses a per-thread [`Solver`].
    pub fn solve(&self) -> Option<Grid> {
        SOLVER.with_borrow_mut(|s| s.solve(self))
    }

    /// The number of solutions, up to `limit` if given. Uses a per-thread [`Solver`].
    pub fn count(&self, limit: Option<u64>) -> u64 {
        SOLVER.with_borrow_mut(|s| s.count(self, limit))
    }

    /// True when there is exactly one solution. Uses a per-thread [`Solver`].
    pub fn is_unique(&self) -> bool {
        SOLVER.with_borrow_mut(|s| s.is_unique(self))
    }

    /// True when this grid is complete and agrees with every given of `puzzle`: a solution.
    /// (No grid holds clashing cells, so nothing else needs checking.)
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.side() == puzzle.side()
            && self.is_complete()
            && self
                .values()
                .iter()
                .zip(puzzle.values())
                .all(|(&a, &b)| b == 0 || a == b)
    }
}
