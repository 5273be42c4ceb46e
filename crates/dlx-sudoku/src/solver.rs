//! Solving: one layout per board size (the candidate masks' units, a dancing-links matrix),
//! built once and reused for every puzzle. On dancing links a puzzle's givens are fixed for
//! the run (their rows covered, as if chosen above the root, and uncovered when it ends), so
//! no puzzle costs a rebuild.
//!
//! First solutions and counts go through one engine, picked by box size and settings
//! (`engine.rs`). Boards of box size [`MASKS_FROM`] and up (16x16 to 36x36) run on candidate
//! masks (`masks.rs`: the same exact cover as a word per cell and per unit's digit, with
//! singles, locked candidates and probing, undone along a trail), which prove the hardest
//! 25x25 and 36x36 puzzles unique in seconds where the same rules over dancing links
//! ([`dlx_core::step::Reduce`]) took minutes. 9x9 ones run on the band layer (`bands.rs`: 27
//! bit words, with singles and locked candidates), about 10x faster than DLX and at the
//! speed of dedicated 9x9 solvers. Statistics and the solution iterator stay with dancing links:
//! boards of box size [`PROPAGATE_FROM`] and up are searched there with propagation
//! ([`dlx_core::step::Reduce`]), since plain DLX's tree explodes on hard 25x25 puzzles;
//! smaller boards use plain DLX ([`dlx_core::Solve`]), which is faster there.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dlx_core::{Heuristic, Stats};

use crate::engine::{Bands, Engine, Layout, Links, Masks, Query, Run, Visit, solved_cells};
use crate::grid::Grid;

/// The column rule: the S heuristic that takes a forced cell or digit (a column with one row)
/// at once instead of scanning the other 323 columns for an empty one. No figure of the paper
/// is at stake here, and `cargo xtask bench sudoku` shows the scan is most of the time.
pub const SEARCH_RULE: Heuristic = Heuristic::MrvEager;

/// The smallest box size searched with propagation by default (16x16 boards and up).
pub const PROPAGATE_FROM: usize = 4;

/// The smallest box size whose first solution and counts are searched by default with the
/// candidate masks (`masks.rs`: singles and locked candidates over a word per cell and per
/// unit's digit): 4, that is 16x16 and up. [`Solver::masks_from`] moves it.
pub const MASKS_FROM: usize = 4;

/// Dancing links without and with propagation, as engines.
const PLAIN: Links = Links { propagate: false };
const PROPAGATING: Links = Links { propagate: true };

/// Solves puzzles of any supported size, keeping one layout (a dancing-links matrix and the
/// candidate masks' units) per box size.
///
/// ```
/// use dlx_sudoku::{Grid, Solver};
/// let mut solver = Solver::new();
/// let puzzle: Grid = "1.3....2.3....4.".parse()?;
/// assert_eq!(solver.count(&puzzle, None), 1);
/// assert_eq!(solver.solve(&puzzle).unwrap().to_string(), "1234341243212143");
/// # Ok::<(), dlx_sudoku::SudokuError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    /// `layouts[n]`: what the engines need for box size n, built on first use.
    layouts: Vec<Option<Layout>>,
    /// The smallest box size solved and counted with the candidate masks.
    masks_from: usize,
    /// Whether 9x9 first solutions and counts use the band layer ([`crate::bands`]).
    bands: bool,
    /// The smallest box size searched with propagation.
    propagate_from: usize,
    /// The flag that stops every search ([`Solver::interrupt`]).
    interrupt: Option<Arc<AtomicBool>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver {
            layouts: Vec::new(),
            masks_from: MASKS_FROM,
            bands: true,
            propagate_from: PROPAGATE_FROM,
            interrupt: None,
        }
    }
}

impl Solver {
    /// A solver with no matrix built yet; each size's matrix is built the first time a puzzle
    /// of that size arrives.
    pub fn new() -> Self {
        Self::default()
    }

    /// Searches boards of box size `n` and up with propagation, smaller ones with plain DLX
    /// (default [`PROPAGATE_FROM`]; 2 means always, 7 never). Both find the same solutions.
    ///
    /// ```
    /// use dlx_sudoku::{Grid, Solver};
    /// let puzzle: Grid = "1.3....2.3....4.".parse()?;
    /// let mut always = Solver::new().propagate_from(2);
    /// assert_eq!(always.solve(&puzzle), Solver::new().solve(&puzzle));
    /// # Ok::<(), dlx_sudoku::SudokuError>(())
    /// ```
    pub fn propagate_from(mut self, n: usize) -> Self {
        self.propagate_from = n;
        self
    }

    /// Solves and counts boards of box size `n` and up with the candidate masks (default
    /// [`MASKS_FROM`]: 16x16 and up; 9x9 only when [`Solver::bands`] is off), smaller ones
    /// with dancing links. 7 turns them off, leaving dancing links with propagation
    /// ([`Solver::propagate_from`]). The same solutions either way.
    ///
    /// ```
    /// use dlx_sudoku::{Grid, Solver};
    /// let puzzle: Grid = "1.3....2.3....4.".parse()?;
    /// let mut masks = Solver::new().masks_from(2);
    /// assert_eq!(masks.solve(&puzzle), Solver::new().masks_from(7).solve(&puzzle));
    /// assert!(masks.is_unique(&puzzle));
    /// # Ok::<(), dlx_sudoku::SudokuError>(())
    /// ```
    pub fn masks_from(mut self, n: usize) -> Self {
        self.masks_from = n;
        self
    }

    /// Whether 9x9 first solutions and counts use the 9x9 layer over bit sets (the default:
    /// 27 words, one per digit and band of three rows, with the single rule and locked
    /// candidates), or else the engine the other settings choose: dancing links, or the
    /// candidate masks with [`Solver::masks_from`] at 3 or below. The same solutions either
    /// way.
    ///
    /// ```
    /// use dlx_sudoku::{Grid, Solver};
    /// let puzzle: Grid =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///         .parse()?;
    /// let mut links = Solver::new().bands(false);
    /// assert_eq!(links.solve(&puzzle), Solver::new().solve(&puzzle));
    /// assert!(links.is_unique(&puzzle));
    /// # Ok::<(), dlx_sudoku::SudokuError>(())
    /// ```
    pub fn bands(mut self, on: bool) -> Self {
        self.bands = on;
        self
    }

    /// Stops the search of the puzzle at hand once `flag` is set (a Ctrl-C handler): its
    /// answer is then incomplete (a solve may find nothing, a count may fall short), so a
    /// caller that sets the flag discards the puzzle it was working on.
    pub fn interrupt(mut self, flag: Arc<AtomicBool>) -> Self {
        self.interrupt = Some(flag);
        self
    }

    /// The engine of first solutions and counts for box size `n`.
    fn engine(&self, n: usize) -> &'static dyn Engine {
        if self.bands && n == 3 {
            &Bands
        } else if n >= self.masks_from {
            &Masks
        } else if n >= self.propagate_from {
            &PROPAGATING
        } else {
            &PLAIN
        }
    }

    /// The layout of box size `n`, built on first use.
    fn layout(layouts: &mut Vec<Option<Layout>>, n: usize) -> &mut Layout {
        if layouts.len() <= n {
            layouts.resize(n + 1, None);
        }
        layouts[n].get_or_insert_with(|| Layout::new(n))
    }

    /// The number of solutions up to `limit`, each handed to `visit` if given, from the
    /// engine of the puzzle's size.
    fn search(&mut self, grid: &Grid, limit: Option<u64>, visit: Visit<'_>) -> u64 {
        let n = grid.box_size();
        let engine = self.engine(n);
        let layout = Self::layout(&mut self.layouts, n);
        let interrupt = self.interrupt.as_deref();
        let q = Query {
            grid,
            limit,
            interrupt,
        };
        engine.solutions(layout, q, visit)
    }

    /// The dancing-links search of a puzzle (statistics, the solution iterator).
    fn links(&mut self, grid: &Grid, limit: Option<u64>) -> Run<'_> {
        let n = grid.box_size();
        let propagate = n >= self.propagate_from;
        let layout = Self::layout(&mut self.layouts, n);
        layout.links(grid, limit, self.interrupt.as_deref(), propagate)
    }

    /// The first solution found, or `None` when the puzzle has none.
    pub fn solve(&mut self, grid: &Grid) -> Option<Grid> {
        let mut found = None;
        self.search(
            grid,
            Some(1),
            Some(&mut |cells| found = Some(cells.to_vec())),
        );
        found.map(|cells| grid.with_values(cells))
    }

    /// The number of solutions, stopping at `limit` if given (so `Some(2)` is enough to tell
    /// unique from multiple).
    pub fn count(&mut self, grid: &Grid, limit: Option<u64>) -> u64 {
        self.search(grid, limit, None)
    }

    /// True when the puzzle has exactly one solution (the search stops at the second).
    pub fn is_unique(&mut self, grid: &Grid) -> bool {
        self.count(grid, Some(2)) == 1
    }

    /// The search's statistics (solutions, updates, nodes, profile), stopping at `limit`.
    /// The givens' covering is not counted: it happens before the root. With propagation
    /// (box size [`PROPAGATE_FROM`] and up) only branch nodes count as nodes, as
    /// [`dlx_core::step::Reduce`] counts them.
    pub fn stats(&mut self, grid: &Grid, limit: Option<u64>) -> Stats {
        self.links(grid, limit).count()
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
        Solutions {
            run: self.links(grid, None).iter(),
            puzzle: grid.clone(),
        }
    }
}

/// The solutions of a puzzle, from [`Solver::solutions`].
pub struct Solutions<'a> {
    run: Box<dyn Iterator<Item = dlx_core::Solution> + 'a>,
    puzzle: Grid,
}

impl std::fmt::Debug for Solutions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solutions")
            .field("puzzle", &self.puzzle)
            .finish_non_exhaustive()
    }
}

impl Iterator for Solutions<'_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let solution = self.run.next()?;
        Some(
            self.puzzle
                .with_values(solved_cells(&self.puzzle, &solution)),
        )
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The candidate masks and dancing links agree on 9x9 and 16x16 puzzles blanked from a
    /// solved grid, from unique to thousands of solutions: the same counts, to a limit and
    /// in full, and first solutions that solve the puzzle.
    #[test]
    fn masks_count_as_dancing_links_do() {
        for n in [3usize, 4] {
            let side = n * n;
            let mut masks = Solver::new().bands(false).masks_from(2);
            let mut links = Solver::new().bands(false).masks_from(7);
            let solved = masks.solve(&Grid::empty(n).unwrap()).unwrap();
            assert!(solved.is_complete());
            for blanks in [0usize, 20, 35, 50, 55, 60] {
                let cells: Vec<u8> = (solved.values().iter().enumerate())
                    .map(|(k, &v)| if (k * 37) % 100 < blanks { 0 } else { v })
                    .collect();
                let puzzle = solved.with_values(cells);
                let full = if side == 9 || blanks <= 35 {
                    None
                } else {
                    Some(5000)
                };
                let count = links.count(&puzzle, full);
                assert!(count >= 1);
                assert_eq!(
                    masks.count(&puzzle, full),
                    count,
                    "{side}x{side}, {blanks}%"
                );
                for limit in [1, 2, 7] {
                    assert_eq!(masks.count(&puzzle, Some(limit)), count.min(limit));
                }
                assert!(masks.solve(&puzzle).unwrap().solves(&puzzle));
                assert_eq!(masks.is_unique(&puzzle), count == 1);
            }
        }
    }

    /// Plain DLX and the search with propagation agree: same solutions (as sets), same
    /// counts and limits, and the solver stays usable after an iterator is dropped early.
    #[test]
    fn propagation_finds_the_same_solutions() {
        // A solved 9x9 grid with cells blanked: the first row and a scatter, so that the
        // puzzles have from one to many solutions.
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut plain = Solver::new().propagate_from(7);
        let mut propagating = Solver::new().propagate_from(2);
        for blanks in [10usize, 30, 45, 52] {
            let line: String = solved
                .chars()
                .enumerate()
                .map(|(k, c)| if (k * 37) % 81 < blanks { '.' } else { c })
                .collect();
            let puzzle: Grid = line.parse().unwrap();
            let mut a: Vec<String> = plain.solutions(&puzzle).map(|g| g.to_line()).collect();
            let mut b: Vec<String> = propagating
                .solutions(&puzzle)
                .map(|g| g.to_line())
                .collect();
            a.sort_unstable();
            b.sort_unstable();
            assert!(!a.is_empty());
            assert_eq!(a, b, "{blanks} blanks");
            let n = a.len() as u64;
            assert_eq!(propagating.count(&puzzle, None), n);
            assert_eq!(propagating.count(&puzzle, Some(2)), n.min(2));
            assert_eq!(propagating.is_unique(&puzzle), n == 1);
            assert!(propagating.solve(&puzzle).unwrap().solves(&puzzle));
            // Dropped after one solution: the next puzzle still starts from clean links.
            assert!(propagating.solutions(&puzzle).next().is_some());
        }
    }
}
