//! The engines behind [`crate::Solver`]'s first solutions and counts, one trait for all:
//! the 9x9 band layer ([`Bands`]), the candidate masks ([`Masks`]) and dancing links
//! ([`Links`], plain or with propagation). Each searches the same exact cover and finds the
//! same solutions; what one needs for a box size lives in that size's [`Layout`].
//!
//! Dancing links also give the statistics and the solution iterator: [`Layout::links`]
//! makes that search for a puzzle, its givens fixed for the run ([`dlx_core::Solve::fix`],
//! [`Reduce::fix`]) and uncovered when it ends.

use std::sync::atomic::AtomicBool;

use dlx_core::step::Reduce;
use dlx_core::{Dlx, OptionId, Solution, Solve, Stats};

use crate::grid::Grid;
use crate::matrix::{decode, matrix, option_of};
use crate::solver::SEARCH_RULE;
use crate::{bands, masks};

/// Hands a solved grid's cells to the caller; counting alone passes none.
pub(crate) type Visit<'v> = Option<&'v mut dyn FnMut(&[u8])>;

/// A puzzle to search: its grid, how many solutions at most (all when `None`), and the flag
/// that stops the search once set.
#[derive(Clone, Copy)]
pub(crate) struct Query<'a> {
    pub(crate) grid: &'a Grid,
    pub(crate) limit: Option<u64>,
    pub(crate) interrupt: Option<&'a AtomicBool>,
}

/// A search for the solutions of a puzzle.
pub(crate) trait Engine {
    /// The number of solutions of the puzzle (of `layout`'s box size) up to its limit, each
    /// solved grid's cells handed to `visit` if given.
    fn solutions(&self, layout: &mut Layout, q: Query<'_>, visit: Visit<'_>) -> u64;
}

/// What the engines need for one box size: the candidate masks' units, and the dancing-links
/// arena, built on first use (36x36's holds 46,656 options) and reused for every puzzle.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// The box size n.
    n: usize,
    units: masks::Units,
    links: Option<Dlx>,
}

impl Layout {
    pub(crate) fn new(n: usize) -> Layout {
        Layout {
            n,
            units: masks::Units::new(n),
            links: None,
        }
    }

    /// The dancing-links search of a puzzle, its givens fixed for this run: with
    /// propagation, or plain DLX with [`SEARCH_RULE`].
    pub(crate) fn links<'a>(
        &'a mut self,
        grid: &Grid,
        limit: Option<u64>,
        interrupt: Option<&'a AtomicBool>,
        propagate: bool,
    ) -> Run<'a> {
        const CLASH: &str = "grids never hold clashing givens";
        let n = self.n;
        debug_assert_eq!(grid.box_size(), n);
        let dlx = self
            .links
            .get_or_insert_with(|| Dlx::new(&matrix(n).expect("grids have a supported box size")));
        if propagate {
            let givens: Vec<OptionId> = givens(grid).collect();
            let mut r = Reduce::new(dlx)
                .fix(&givens)
                .expect(CLASH)
                .subset_max(n as u32);
            if let Some(l) = limit {
                r = r.limit(l);
            }
            if let Some(flag) = interrupt {
                r = r.interrupt(flag);
            }
            Run::Reduce(Box::new(r))
        } else {
            let mut s = dlx
                .solve()
                .heuristic(SEARCH_RULE)
                .fix(givens(grid))
                .expect(CLASH);
            if let Some(l) = limit {
                s = s.limit(l);
            }
            if let Some(flag) = interrupt {
                s = s.interrupt(flag);
            }
            Run::Plain(Box::new(s))
        }
    }
}

/// A dancing-links search of one puzzle ([`Layout::links`]).
pub(crate) enum Run<'a> {
    // Both boxed: they are large and of different sizes, and one is made per puzzle, not
    // per node.
    Plain(Box<Solve<'a, Dlx>>),
    Reduce(Box<Reduce<'a>>),
}

impl<'a> Run<'a> {
    /// Counts the solutions: the search's figures.
    pub(crate) fn count(self) -> Stats {
        match self {
            Run::Plain(s) => (*s).count(),
            // `Reduce`'s own count, not the iterator's.
            Run::Reduce(r) => (*r).count(),
        }
    }

    /// Every solution, lazily, in the order the search finds them.
    pub(crate) fn iter(self) -> Box<dyn Iterator<Item = Solution> + 'a> {
        match self {
            Run::Plain(s) => Box::new((*s).iter()),
            Run::Reduce(r) => r,
        }
    }
}

/// The 9x9 band layer ([`crate::bands`]).
pub(crate) struct Bands;

impl Engine for Bands {
    fn solutions(&self, layout: &mut Layout, q: Query<'_>, visit: Visit<'_>) -> u64 {
        debug_assert_eq!(layout.n, 3);
        let cells = q.grid.values();
        match visit {
            // Counting has its own copy of the search, with nothing to call.
            None => bands::solutions(cells, q.limit, q.interrupt, |_| ()),
            Some(v) => bands::solutions(cells, q.limit, q.interrupt, v),
        }
    }
}

/// The candidate masks ([`crate::masks`]).
pub(crate) struct Masks;

impl Engine for Masks {
    fn solutions(&self, layout: &mut Layout, q: Query<'_>, visit: Visit<'_>) -> u64 {
        let (units, cells) = (&layout.units, q.grid.values());
        let found = match visit {
            None => masks::solutions(units, cells, q.limit, q.interrupt, |_| ()),
            Some(v) => masks::solutions(units, cells, q.limit, q.interrupt, v),
        };
        found.solutions
    }
}

/// Dancing links: plain DLX, or with propagation ([`Reduce`]).
pub(crate) struct Links {
    pub(crate) propagate: bool,
}

impl Engine for Links {
    fn solutions(&self, layout: &mut Layout, q: Query<'_>, visit: Visit<'_>) -> u64 {
        let run = layout.links(q.grid, q.limit, q.interrupt, self.propagate);
        let Some(visit) = visit else {
            return run.count().solutions;
        };
        let mut found = 0;
        for s in run.iter() {
            visit(&solved_cells(q.grid, &s));
            found += 1;
        }
        found
    }
}

/// The rows of a puzzle's givens.
fn givens(grid: &Grid) -> impl Iterator<Item = OptionId> + '_ {
    let side = grid.side();
    (grid.values().iter().enumerate())
        .filter(|&(_, &v)| v != 0)
        .map(move |(cell, &v)| option_of(side, cell, v))
}

/// The puzzle's cells with a solution's rows filled in.
pub(crate) fn solved_cells(puzzle: &Grid, solution: &Solution) -> Vec<u8> {
    let side = puzzle.side();
    let mut cells = puzzle.values().to_vec();
    for row in &solution.rows {
        let (cell, v) = decode(side, row.option);
        cells[cell] = v;
    }
    cells
}
