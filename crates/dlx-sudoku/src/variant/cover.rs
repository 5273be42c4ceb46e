//! The exact cover of a [`Layout`], and [`VariantSolver`], which searches it.
//!
//! Items, as in Knuth's sudoku-general-dlx: a primary item per cell (it holds a symbol); per
//! unit and symbol d, an item "the unit holds d", primary when the unit has N cells (it
//! holds every symbol once) and secondary when smaller (at most once); per cage, a primary
//! item (its digit set is chosen) and a primary item per symbol d ("d is placed in the cage
//! or left out of its set"). Options: one per (cell, d), covering the cell, its units' d
//! and its cage's d; one per cage and digit set D adding up to its sum, covering the cage
//! and its d for every d outside D. Each cage-and-d item is covered exactly once, so the
//! cage's cells hold exactly the digits of D, all distinct: its sum is right.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use dlx_core::estimate::SplitMix64;
use dlx_core::{Dlx, MatrixBuilder, OptionId};

use super::layout::Layout;
use super::puzzle::Puzzle;

/// What an option of the cover does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Move {
    /// Put symbol `d` in a cell.
    Place { cell: u32, d: u8 },
    /// Choose a cage's digit set.
    Sum { cage: u32, set: u64 },
}

/// A layout's exact cover, laid out for Algorithm DLX (it has no colours: every option has
/// a primary item), with what each option means.
pub(crate) struct Cover {
    dlx: Dlx,
    symbols: usize,
    /// The option placing d in cell k, at `k * N + d - 1`.
    option_of: Vec<OptionId>,
    /// Each option's (cell, symbol); symbol 0 for a cage's digit set.
    placement: Vec<(u32, u8)>,
}

/// How a search ended.
pub(crate) struct Found {
    /// The solutions counted (up to the limit).
    pub count: u64,
    /// The first solution's values.
    pub first: Option<Vec<u8>>,
    /// Whether the search ran to its end (or to its limit): not stopped by a node budget or
    /// an interrupt.
    pub complete: bool,
}

impl Cover {
    /// The cover of `layout`, its options in random order when `shuffle` is given (so that
    /// the first solution found is a random one).
    pub(crate) fn new(layout: &Layout, shuffle: Option<&mut SplitMix64>) -> Cover {
        let n = layout.symbols();
        let cells = layout.cell_count();
        let mut b = MatrixBuilder::new();
        for k in 0..cells {
            b.primary(layout.cell_name(k))
                .expect("cell names are distinct");
        }
        // unit_base[i] + d - 1 is "unit i holds d".
        let mut unit_base = Vec::with_capacity(layout.units().len());
        let mut units_of = vec![Vec::new(); cells];
        for (i, unit) in layout.units().iter().enumerate() {
            unit_base.push(cells + i * n);
            for &k in unit {
                units_of[k].push(i);
            }
            for d in 1..=n {
                let name = format!("u{}={d}", i + 1);
                if unit.len() == n {
                    b.primary(name).expect("unit names are distinct");
                } else {
                    b.secondary(name).expect("unit names are distinct");
                }
            }
        }
        // cage_base[j] is "cage j's set is chosen"; cage_base[j] + d is "cage j and d".
        let first_cage = cells + layout.units().len() * n;
        let mut cage_of = vec![None; cells];
        let mut cage_base = Vec::with_capacity(layout.cages().len());
        for (j, cage) in layout.cages().iter().enumerate() {
            cage_base.push(first_cage + j * (n + 1));
            for &k in cage.cells() {
                cage_of[k] = Some(j);
            }
            b.primary(format!("k{}", j + 1))
                .expect("cage names are distinct");
            for d in 1..=n {
                b.primary(format!("k{}={d}", j + 1))
                    .expect("cage names are distinct");
            }
        }
        let mut moves: Vec<Move> = (0..cells)
            .flat_map(|k| (1..=n as u8).map(move |d| Move::Place { cell: k as u32, d }))
            .collect();
        for (j, sets) in layout.digit_sets().iter().enumerate() {
            moves.extend(sets.iter().map(|&set| Move::Sum {
                cage: j as u32,
                set,
            }));
        }
        if let Some(rng) = shuffle {
            for i in (1..moves.len()).rev() {
                let j = rng.below(i as u32 + 1) as usize;
                moves.swap(i, j);
            }
        }
        let mut option_of = vec![0; cells * n];
        let mut placement = Vec::with_capacity(moves.len());
        let mut ids = Vec::new();
        for m in moves {
            ids.clear();
            match m {
                Move::Place { cell, d } => {
                    let k = cell as usize;
                    ids.push(k);
                    ids.extend(units_of[k].iter().map(|&i| unit_base[i] + d as usize - 1));
                    if let Some(j) = cage_of[k] {
                        ids.push(cage_base[j] + d as usize);
                    }
                    option_of[k * n + d as usize - 1] = placement.len();
                    placement.push((cell, d));
                }
                Move::Sum { cage, set } => {
                    let base = cage_base[cage as usize];
                    ids.push(base);
                    ids.extend(
                        (1..=n)
                            .filter(|d| set >> (d - 1) & 1 == 0)
                            .map(|d| base + d),
                    );
                    placement.push((cage, 0));
                }
            }
            b.option_ids(ids.clone()).expect("items exist, each once");
        }
        let matrix = b
            .build()
            .expect("Layout bounds the cover well inside the arena");
        Cover {
            dlx: Dlx::new(&matrix),
            symbols: n,
            option_of,
            placement,
        }
    }

    /// Searches the puzzle `givens` (0 = empty, one value per cell): the solutions up to
    /// `limit`, the first one's values, stopped by `interrupt` or after `budget` nodes.
    pub(crate) fn search(
        &mut self,
        givens: &[u8],
        limit: Option<u64>,
        interrupt: Option<&AtomicBool>,
        budget: Option<u64>,
    ) -> Found {
        let n = self.symbols;
        let fixed: Vec<OptionId> = givens
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0)
            .map(|(k, &v)| self.option_of[k * n + v as usize - 1])
            .collect();
        let never = AtomicBool::new(false);
        let nodes = AtomicU64::new(0);
        let cut = AtomicBool::new(false);
        let mut solve = self.dlx.solve().interrupt(interrupt.unwrap_or(&never));
        if let Some(limit) = limit {
            solve = solve.limit(limit);
        }
        if let Some(budget) = budget {
            // Past the budget every node is cut: the search unwinds at once.
            let (nodes, cut) = (&nodes, &cut);
            solve = solve.prune(move |_| {
                let over = nodes.fetch_add(1, Ordering::Relaxed) >= budget;
                if over {
                    cut.store(true, Ordering::Relaxed);
                }
                over
            });
        }
        // Givens that share an item clash: the puzzle has no solution.
        let Ok(solve) = solve.fix(fixed) else {
            return Found {
                count: 0,
                first: None,
                complete: true,
            };
        };
        let placement = &self.placement;
        let mut first: Option<Vec<u8>> = None;
        let stats = solve.run(|s| {
            if first.is_none() {
                let mut values = givens.to_vec();
                for o in s.options() {
                    let (cell, d) = placement[o];
                    if d != 0 {
                        values[cell as usize] = d;
                    }
                }
                first = Some(values);
            }
            ControlFlow::Continue(())
        });
        let stopped =
            interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) || cut.load(Ordering::Relaxed);
        Found {
            count: stats.solutions,
            first,
            complete: !stopped,
        }
    }
}

/// Solves, counts and checks the uniqueness of [`Puzzle`]s of any layout, by dancing links
/// over the layout's exact cover (see the [module](super) documentation for the items and
/// options). It keeps the cover of the last layout it met and reuses it while the puzzles
/// share their layout (a file of X-sudokus, samurais, ...), placing each puzzle's givens by
/// choosing their options before the search ([`dlx_core::Solve::fix`]).
///
/// ```
/// use dlx_sudoku::variant::{Variant, VariantSolver};
/// // Wikipedia's hypersudoku (File:Oceans_Hypersudoku18_Puzzle.svg, by oceanh, CC BY 2.5).
/// let puzzle = Variant::Windoku.parse(
///     ".......1...2....34....51........65...7.3...8...3..........8....58....9..69.......",
/// )?;
/// let mut solver = VariantSolver::new();
/// assert_eq!(solver.count(&puzzle, None), 1);
/// let solution = solver.solve(&puzzle).expect("it has one");
/// assert_eq!(
///     solution.to_line(),
///     "946832715152697834738451296819726543475319682263548179327985461584163927691274358"
/// );
/// # Ok::<(), dlx_sudoku::SudokuError>(())
/// ```
#[derive(Default)]
pub struct VariantSolver {
    cover: Option<(Arc<Layout>, Cover)>,
    interrupt: Option<Arc<AtomicBool>>,
}

impl fmt::Debug for VariantSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VariantSolver")
            .field("layout", &self.cover.as_ref().map(|(l, _)| l))
            .field("interrupt", &self.interrupt.is_some())
            .finish()
    }
}

impl VariantSolver {
    /// A solver with no cover built yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Stops the search of the puzzle at hand once `flag` is set (a Ctrl-C handler): its
    /// answer is then incomplete, so a caller that sets the flag discards it.
    pub fn interrupt(mut self, flag: Arc<AtomicBool>) -> Self {
        self.interrupt = Some(flag);
        self
    }

    /// The cover of `layout`, built unless it is the last one's.
    fn cover(&mut self, layout: &Arc<Layout>) -> &mut Cover {
        let same = matches!(&self.cover, Some((l, _)) if Arc::ptr_eq(l, layout) || **l == **layout);
        if !same {
            self.cover = Some((Arc::clone(layout), Cover::new(layout, None)));
        }
        &mut self.cover.as_mut().expect("built above").1
    }

    fn search(&mut self, puzzle: &Puzzle, limit: Option<u64>) -> Found {
        let interrupt = self.interrupt.clone();
        let cover = self.cover(puzzle.layout_arc());
        cover.search(puzzle.values(), limit, interrupt.as_deref(), None)
    }

    /// The first solution found, or `None` when the puzzle has none.
    pub fn solve(&mut self, puzzle: &Puzzle) -> Option<Puzzle> {
        let values = self.search(puzzle, Some(1)).first?;
        Some(puzzle.with_values(values))
    }

    /// The number of solutions, stopping at `limit` if given (`Some(2)` tells unique from
    /// multiple).
    pub fn count(&mut self, puzzle: &Puzzle, limit: Option<u64>) -> u64 {
        self.search(puzzle, limit).count
    }

    /// True when the puzzle has exactly one solution (the search stops at the second).
    pub fn is_unique(&mut self, puzzle: &Puzzle) -> bool {
        self.count(puzzle, Some(2)) == 1
    }

    /// The number of solutions up to 2 and the first one: what `--unique` prints, in one
    /// search.
    pub fn solve_unique(&mut self, puzzle: &Puzzle) -> (u64, Option<Puzzle>) {
        let found = self.search(puzzle, Some(2));
        (found.count, found.first.map(|v| puzzle.with_values(v)))
    }
}
