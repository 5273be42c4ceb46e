//! Algorithm DLX over one matrix's [`Table`]: the paper's search(k), with the links replaced
//! by a set of live options and the sizes S by [`Lanes`].
//!
//! Where dance.w covers column c by unlinking each node of each row of c from its column,
//! here the rows of c still live are `rows(c) & live`, and removing them is one AND NOT per
//! word; the updates Knuth counts for it are still 1 + the sum of (length - 1) over those
//! rows, and the sizes of the primary items lose 1 per removed row that has them. Nothing
//! is undone: each child starts from a copy of its parent's state, a few hundred bytes.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use super::lanes::Lanes;
use super::table::Table;
use crate::rule::Heuristic;
use crate::solution::ChosenRow;
use crate::stats::{Level, Stats};

/// What a run of a [`Table`] is asked to do: the settings of [`crate::engine::How`] that
/// this engine takes (no custom rule, no pruning).
pub(crate) struct Job<'a> {
    pub heuristic: Heuristic,
    /// Options covered before the search without being counted, not reported in solutions.
    pub fixed: &'a [crate::matrix::OptionId],
    /// The rows every solution starts with (a subtree's path), covered after the fixed
    /// options without being counted.
    pub path: &'a [ChosenRow],
    pub limit: Option<u64>,
    pub interrupt: &'a AtomicBool,
    pub stop: &'a AtomicBool,
}

/// A visitor of solutions, given the chosen rows (the path's first).
pub(crate) type Visit<'v> = dyn FnMut(&[ChosenRow]) -> ControlFlow<()> + 'v;

/// One search in progress.
struct Run<'a, 'v, 'f, const W: usize, L: Lanes> {
    table: &'a Table<W, L>,
    heuristic: Heuristic,
    levels: Vec<Level>,
    solutions: u64,
    limit: u64,
    interrupt: &'a AtomicBool,
    stop: &'a AtomicBool,
    /// Whether a limit, a visitor, an interrupt or another thread's stop ended the run.
    halted: bool,
    visit: Option<&'v mut Visit<'f>>,
    /// The path's rows, then the row chosen at each depth below it (as deep as the search
    /// is: the rest is stale).
    rows: Vec<ChosenRow>,
    /// After a halt, from the deepest level up: the index of the row being tried among its
    /// column's and the column's size (for [`Outcome::progress`]).
    trail: Vec<(u32, u32)>,
}

/// What a run did.
#[derive(Debug)]
pub(crate) struct Outcome {
    pub stats: Stats,
    /// The estimated fraction of the tree done: 1 when complete, else as
    /// [`crate::search::Search::progress`] computes it where the run stopped.
    pub progress: f64,
}

/// Runs `job` over `table`: the figures dance.w would give for the same search, or `None`
/// if the prefix cannot be chosen (then the links' search reports it).
pub(crate) fn run<const W: usize, L: Lanes>(
    table: &Table<W, L>,
    job: &Job<'_>,
    visit: Option<&mut Visit<'_>>,
) -> Option<Outcome> {
    let (live, sizes) = table.after(job.fixed, job.path)?;
    let depth = job.path.len();
    let mut run = Run {
        table,
        heuristic: job.heuristic,
        // Each depth covers at least one primary item.
        levels: vec![Level::default(); depth + table.lane_count() + 1],
        solutions: 0,
        limit: job.limit.unwrap_or(u64::MAX),
        interrupt: job.interrupt,
        stop: job.stop,
        halted: false,
        visit,
        rows: {
            let mut rows = job.path.to_vec();
            let unset = ChosenRow { option: 0, item: 0 };
            rows.resize(depth + table.lane_count() + 1, unset);
            rows
        },
        trail: Vec::new(),
    };
    let _ = run.search(depth, live, sizes);
    let complete = !run.halted;
    let progress = if complete {
        1.0
    } else {
        // Sum over depths k of index_k / (d_0 ... d_k), plus the share of the node reached.
        let (mut fraction, mut scale) = (0.0, 1.0);
        for &(index, size) in run.trail.iter().rev() {
            scale /= f64::from(size.max(1));
            fraction += f64::from(index) * scale;
        }
        fraction + scale
    };
    Some(Outcome {
        stats: Stats::from_levels(run.solutions, run.levels, complete),
        progress,
    })
}

impl<const W: usize, L: Lanes> Run<'_, '_, '_, W, L> {
    /// The item to branch on, as its lane, and whether its column is known to be empty;
    /// `None` when every primary item is covered.
    #[inline(always)]
    fn choose(&self, sizes: &L) -> Option<(usize, bool)> {
        match self.heuristic {
            Heuristic::Leftmost => sizes.first_open().map(|lane| (lane, false)),
            Heuristic::MrvEager => sizes
                .first_at_most_one()
                .or_else(|| sizes.first_min().map(|(lane, _)| lane))
                .map(|lane| (lane, false)),
            // Mrv, and any rule added later that the caller lets through.
            _ => sizes.first_min().map(|(lane, size)| (lane, size == 0)),
        }
    }

    /// search(k) from its start: the node at depth `k`, whose live options and sizes are
    /// given; on the copy compiled for x86-64-v3 (`crate::isa`) where this processor runs
    /// it.
    fn search(&mut self, k: usize, live: [u64; W], sizes: L) -> ControlFlow<()> {
        match self.choose(&sizes) {
            None => self.solution(k),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the invariant of a `#[target_feature]` call is that the processor has
            // the features. `branch_v3` is compiled for x86-64-v3's, and `isa::v3`, in the
            // guard of this very arm, has just asked the processor for each of them. Nothing
            // a caller passes reaches that answer (a leaked or panicked search, a wrong index
            // change the figures at most, never the processor), and `branch_v3` is private:
            // this arm is the only way in. Its body is `branch`'s, token for token.
            Some((lane, _)) if crate::isa::v3() => unsafe { self.branch_v3(k, live, sizes, lane) },
            Some((lane, _)) => self.branch(k, live, sizes, lane),
        }
    }
}

/// search(k) once it has chosen its column, written once and compiled twice
/// (`crate::isa`): the attributes, then the name it calls itself by.
macro_rules! branch {
    // Its counts of ones are `count_ones`, whatever the copy: the popcount flag is not used.
    ($(#[$attr:meta])* $name:ident, $popcnt:literal) => {
    $(#[$attr])*
    /// search(k) once it has chosen the column in `lane` (not empty, or not known to be).
    fn $name(
        &mut self,
        k: usize,
        mut live: [u64; W],
        mut sizes: L,
        lane: usize,
    ) -> ControlFlow<()> {
        if self.interrupt.load(Ordering::Relaxed) || self.stop.load(Ordering::Relaxed) {
            self.halted = true;
            return ControlFlow::Break(());
        }
        let t = self.table;
        let column = &t.lanes[lane];
        // Cover the chosen column c: its live rows leave every other column.
        let (removed, updates) = t.remove(&column.rows, &mut live, &mut sizes);
        sizes.or(&column.cover);
        self.levels[k].updates += 1 + updates;
        // Try each row r of c, top to bottom (option order, as the links keep it).
        let mut index = 0;
        each(&removed, |w, b| {
            let entry = t.entry(w, b);
            let (mut live, mut sizes) = (live, sizes);
            // Cover the other columns of r: every row still live that meets r.
            let (_, others) = t.remove(&entry.clash, &mut live, &mut sizes);
            let updates = u64::from(entry.others) + others;
            sizes.or(&entry.take);
            let level = &mut self.levels[k];
            level.nodes += 1;
            level.updates += updates;
            self.rows[k] = ChosenRow {
                option: 64 * w + b,
                item: column.item,
            };
            // The child chooses here, so that a child that is a solution or branches on an
            // empty column (its one update, no row to try) costs no call.
            let flow = match self.choose(&sizes) {
                None => self.solution(k + 1),
                Some((_, true)) => {
                    self.levels[k + 1].updates += 1;
                    ControlFlow::Continue(())
                }
                Some((lane, false)) => self.$name(k + 1, live, sizes, lane),
            };
            if flow.is_break() {
                let size = removed.iter().map(|w| w.count_ones()).sum::<u32>();
                self.trail.push((index, size));
                return ControlFlow::Break(());
            }
            index += 1;
            ControlFlow::Continue(())
        })
    }
    };
}

impl<const W: usize, L: Lanes> Run<'_, '_, '_, W, L> {
    crate::isa::twice!(branch, branch, branch_v3);

    /// Every primary item is covered at depth `k`: a solution.
    fn solution(&mut self, k: usize) -> ControlFlow<()> {
        self.solutions += 1;
        let rows = &self.rows[..k];
        let broke = (self.visit.as_mut()).is_some_and(|visit| visit(rows).is_break());
        if broke || self.solutions >= self.limit {
            self.halted = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// Calls `f(w, b)` on the options `64 * w + b` of a set, in increasing order, until it
/// breaks.
#[inline(always)]
pub(crate) fn each<const W: usize>(
    set: &[u64; W],
    mut f: impl FnMut(usize, usize) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for (w, &word) in set.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(w, bits.trailing_zeros() as usize)?;
            bits &= bits - 1;
        }
    }
    ControlFlow::Continue(())
}
