//! [`Dlx`]: a matrix laid out as the paper's link arena, searched any number of times.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use crate::engine::sealed::Searcher;
use crate::engine::{How, Owned, Path, Split, Stepper, Visitor};
use crate::estimate::{self, Estimate, Probe};
use crate::links::{self, Links};
use crate::matrix::{ItemId, Matrix, OptionId};
use crate::rule::{Heuristic, Rule};
use crate::search::Search;
use crate::solution::{ChosenRow, Solution};
use crate::solve::Solve;
use crate::stats::Stats;

/// A matrix without colours or multiplicities laid out as dancing links (the paper's link
/// arena), ready to be searched any number of times with [`Dlx::solve`].
///
/// Every search leaves the links exactly as it found them, so one arena serves many
/// searches: sudoku keeps one per board size and fixes each puzzle's givens
/// ([`Solve::fix`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dlx {
    links: Links,
    /// The matrix, when it has option costs: for [`Solve::min_cost`] (every other search
    /// refuses it).
    costed: Option<std::sync::Arc<Matrix>>,
}

/// Why an option cannot be fixed ([`Solve::fix`]) or a path searched ([`Solve::below`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FixError {
    /// The option does not exist.
    #[error("option {0} does not exist")]
    NoSuchOption(OptionId),
    /// One of its items is already covered by an earlier option.
    #[error("option {option} clashes with option {with} on item {item}")]
    Clash {
        /// The option asked for.
        option: OptionId,
        /// The earlier option that already covers the item.
        with: OptionId,
        /// The shared item.
        item: ItemId,
    },
    /// The option has no primary item: no search chooses it (Knuth's programs drop it).
    #[error("option {0} has no primary item, so no search chooses it")]
    NoPrimaryItem(OptionId),
    /// The options before it exclude it (with colours or multiplicities: an item they cover,
    /// or colour otherwise, or whose bound they exhaust).
    #[error("option {0} cannot be chosen with the options before it")]
    Excluded(OptionId),
    /// A path's row names an item the option does not hold: a search chooses a row from
    /// the list of one of its items.
    #[error("option {option} does not hold item {item}, the item it was chosen from")]
    NotItsItem {
        /// The option of the row.
        option: OptionId,
        /// The item the row names.
        item: ItemId,
    },
    /// A path's move does not exist at its node, or the moves before it lead to a solution
    /// or a dead end: the path is no node of this tree (with colours or multiplicities, a
    /// path numbers the moves at each node).
    #[error("move {0} leads to no node of the tree")]
    NoSuchMove(u32),
    /// A path cut from the tree of the other engine (rows for exact cover, numbered moves
    /// with colours or multiplicities).
    #[error("the path was cut from another engine's tree")]
    ForeignPath,
}

/// A path that is not one of this arena's tree ([`Solve::below`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("step {index} of the path cannot be taken: {source}")]
pub struct PathError {
    /// The step's place in the path (from 0): a row, or a numbered move.
    pub index: usize,
    /// Why it cannot be taken.
    #[source]
    pub source: FixError,
}

impl Dlx {
    /// Builds the link arena of a matrix.
    ///
    /// # Panics
    /// If the matrix has colours or bounds ([`Matrix::is_plain`] is false): Algorithm DLX
    /// would ignore them and count wrong solutions; [`crate::Xcc`] searches such matrices,
    /// and [`crate::Problem`] chooses between the two.
    pub fn new(matrix: &Matrix) -> Self {
        Dlx {
            links: Links::new(matrix),
            costed: matrix
                .has_costs()
                .then(|| std::sync::Arc::new(matrix.clone())),
        }
    }

    /// A search of this arena, to be configured and run: see [`Solve`].
    pub fn solve(&mut self) -> Solve<'_, Dlx> {
        Solve::new(self)
    }

    /// Whether the matrix has option costs: then [`Solve::min_cost`] is its only search.
    pub fn has_costs(&self) -> bool {
        self.costed.is_some()
    }

    /// The arena, ready to be searched: if a search over it was leaked (`mem::forget`) or
    /// unwound by a panic before putting its links back, they are rebuilt first, so that the
    /// next search sees exactly what a fresh arena would.
    pub(crate) fn arena(&mut self) -> &mut Links {
        if self.links.moved() {
            self.links.relink();
            debug_assert_eq!(self.links.check(), Ok(()));
        }
        &mut self.links
    }

    /// The arena (read-only).
    ///
    /// # Panics
    /// If a search over this arena was leaked (`mem::forget`) or unwound by a panic and no
    /// method taking `&mut self` has run since: its links are not where a reader expects
    /// them. Any such method ([`Dlx::restore`], a search) puts them back first.
    pub fn links(&self) -> &Links {
        assert!(
            !self.links.moved(),
            "the arena is in the middle of a leaked or unwound search: call Dlx::restore first"
        );
        &self.links
    }

    /// Puts the links back after a search that was leaked or unwound by a panic (every other
    /// method taking `&mut self` does so by itself); does nothing otherwise.
    pub fn restore(&mut self) {
        self.arena();
    }

    /// A fingerprint of the problem this arena searches: its matrix's structure (which items
    /// are primary, the items of every option, in order). Two arenas with the same
    /// fingerprint search the same tree; shard plans carry it, with the options fixed.
    pub fn fingerprint(&self) -> u64 {
        self.links.fingerprint()
    }

    /// The fingerprint of this arena's problem with `fixed` chosen first.
    pub(crate) fn fingerprint_with(&self, fixed: &[OptionId]) -> u64 {
        fixed
            .iter()
            .fold(self.fingerprint(), |h, &f| links::fnv(h, f as u64))
    }
}

impl crate::engine::Engine for Dlx {}

impl Searcher for Dlx {
    fn costed(&self) -> Option<&Matrix> {
        self.costed.as_deref()
    }

    fn zdd_input(&self) -> crate::zdd::Input {
        self.links.zdd_input()
    }

    fn fingerprint_with(&self, fixed: &[OptionId]) -> u64 {
        Dlx::fingerprint_with(self, fixed)
    }

    fn prepare(&mut self, how: &How<'_>) {
        // Built once here, the layout is shared (an `Arc`) by every copy made after.
        let _ = self.wide_for(how);
    }

    fn check_fixed(&mut self, fixed: &[OptionId]) -> Result<(), FixError> {
        (self.arena().check_choice(fixed.iter().copied())).map_err(|(_, e)| e)
    }

    fn whole(&mut self, how: &How<'_>, visit: Option<&mut Visitor<'_>>) -> Stats {
        let Ok(path) = how.path.map(rows_of).transpose() else {
            return Stats::default();
        };
        let visit = visit.map(|v| v as &mut RowVisitor<'_>);
        (self.run_below(how, path.unwrap_or(&[]), visit)).unwrap_or_default()
    }

    fn split_at_most(&mut self, how: &How<'_>, depth: usize, most: usize) -> Option<Split> {
        let path = how.path.map(rows_of).transpose().ok().flatten();
        let path = path.unwrap_or(&[]);
        match self
            .check_rows(how.fixed, path)
            .and_then(|()| self.searcher(how, path))
        {
            Ok(search) => search.split_at_most(depth, most),
            Err(_) => Some(Split {
                depth,
                stats: Stats::default(),
                solutions: Vec::new(),
                paths: Vec::new(),
            }),
        }
    }

    /// A visited solution is built in one buffer reused for every solution of the subtree:
    /// allocating one per solution made 14 queens' 365,596 solutions cost a quarter of the
    /// 2-thread speed-up.
    fn below(
        &mut self,
        path: &Path,
        how: &How<'_>,
        visit: Option<&mut dyn FnMut(&Solution)>,
    ) -> Result<Stats, PathError> {
        // A cut's paths are its tree's, but a plan's fields are public: `run_below` checks.
        let rows = rows_of(path)?;
        match visit {
            None => self.run_below(how, rows, None),
            Some(visit) => {
                let mut watch = |s: &Solution| {
                    visit(s);
                    ControlFlow::Continue(())
                };
                self.run_below(how, rows, Some(&mut watch))
            }
        }
    }

    fn plan_size(&mut self, how: &How<'_>, path: &Path, index: usize) -> Option<u64> {
        let est = self.estimate_below(Some(path), how, PLAN_PROBES, index as u64, &mut |_, _| {});
        // Integer sizes keep the plan independent of floating-point summation order.
        Some(est.nodes.mean as u64)
    }

    fn estimate_below(
        &mut self,
        path: Option<&Path>,
        how: &How<'_>,
        samples: u64,
        seed: u64,
        each: &mut dyn FnMut(u64, &Probe),
    ) -> Estimate {
        let rows = match path.map(rows_of).transpose() {
            Ok(rows) => rows.unwrap_or(&[]),
            Err(_) => &[],
        };
        let mut rule: Rule<'_> = match how.custom {
            Some(custom) => Rule::Custom(custom.copy()),
            None => how.heuristic.into(),
        };
        let prefix: Vec<OptionId> = (how.fixed.iter().copied())
            .chain(rows.iter().map(|r| r.option))
            .collect();
        if self.arena().check_choice(prefix.iter().copied()).is_err() {
            return estimate::sample(0, seed, |_, _| None, |_, _| {});
        }
        let links = self.arena();
        links.begin_moving();
        for &o in &prefix {
            links.cover_option(o);
        }
        let mut path = Vec::new();
        let est = estimate::sample(
            samples,
            seed,
            |rng, level_nodes| {
                (!how.interrupted())
                    .then(|| estimate::probe(links, &mut rule, rng, level_nodes, &mut path))
            },
            each,
        );
        for &o in prefix.iter().rev() {
            links.uncover_option(o);
        }
        links.end_moving();
        est
    }

    fn stepper<'s>(
        &'s mut self,
        how: &How<'_>,
        interrupt: &'s AtomicBool,
        path: Option<&Path>,
        owned: Owned<'s>,
    ) -> Result<Stepper<'s>, PathError> {
        let rows = path.map(rows_of).transpose()?.unwrap_or(&[]);
        self.check_rows(how.fixed, rows)?;
        let mut search = Search::over(self.arena())
            .heuristic(how.heuristic)
            .dead_end_test(how.dead_end_test)
            .interrupt(interrupt);
        if let Some(custom) = owned.custom {
            search = search.choose_boxed(custom);
        }
        if let Some(prune) = owned.prune {
            search = search.prune(move |v| prune(v));
        }
        if let Some(n) = how.limit {
            search = search.limit(n);
        }
        Ok(Stepper::Dlx(Box::new(
            search.prefix_checked(how.fixed, rows),
        )))
    }

    fn check_path(&mut self, how: &How<'_>, path: &Path) -> Result<(), PathError> {
        self.check_steps(how.fixed, path)
    }

    fn check_steps(&mut self, fixed: &[OptionId], path: &Path) -> Result<(), PathError> {
        let rows = rows_of(path)?;
        self.arena().check_prefix(fixed, rows)
    }
}

impl Dlx {
    /// Whether a path's rows can be chosen below the fixed options: each an option that
    /// exists, named by one of its items, none sharing an item with another or with the fixed
    /// options. A cut's paths are its tree's, but a plan's fields are public, and covering a
    /// row twice would break the links (Knuth's cover assumes its column is still in the
    /// list): every route that covers a path checks it first. The fixed options alone were
    /// checked by `Solve::fix`, so an empty path costs nothing (a puzzle's givens are not
    /// checked twice).
    fn check_rows(&mut self, fixed: &[OptionId], rows: &[ChosenRow]) -> Result<(), PathError> {
        if rows.is_empty() {
            return Ok(());
        }
        self.arena().check_prefix(fixed, rows)
    }
}

/// Probes per subproblem when the shards of a plan are balanced by estimated sizes.
const PLAN_PROBES: u64 = 64;

/// The rows of an exact-cover path.
/// A visitor of one search: a [`Visitor`] without the `Send` a run in parts needs.
type RowVisitor<'v> = dyn FnMut(&Solution) -> ControlFlow<()> + 'v;

fn rows_of(path: &Path) -> Result<&[ChosenRow], PathError> {
    path.rows().ok_or_else(crate::engine::foreign_path)
}

impl Dlx {
    /// The search `how` describes below `path` (checked by the caller; none for the whole
    /// tree): without links ([`crate::wide`]) where its settings and the matrix allow, else
    /// on the links. A visited solution is built in one buffer reused for every solution:
    /// allocating one per solution made 14 queens' 365,596 solutions cost a quarter of the
    /// 2-thread speed-up.
    fn run_below(
        &mut self,
        how: &How<'_>,
        path: &[ChosenRow],
        mut visit: Option<&mut RowVisitor<'_>>,
    ) -> Result<Stats, PathError> {
        self.check_rows(how.fixed, path)?;
        let mut solution = Solution { rows: Vec::new() };
        if let Some(wide) = self.wide_for(how) {
            let job = crate::wide::Job {
                heuristic: how.heuristic,
                fixed: how.fixed,
                path,
                limit: how.limit,
                interrupt: how.interrupt,
                stop: how.stop,
            };
            let outcome = match visit.as_deref_mut() {
                None => wide.run(&job, None),
                Some(visit) => wide.run(
                    &job,
                    Some(&mut |rows: &[ChosenRow]| {
                        solution.rows.clear();
                        solution.rows.extend_from_slice(rows);
                        visit(&solution)
                    }),
                ),
            };
            if let Some(outcome) = outcome {
                return Ok(outcome.stats);
            }
        }
        let search = self.searcher(how, path)?;
        Ok(match visit {
            None => search.count(),
            Some(visit) => search.run(|view| {
                solution.rows.clear();
                solution.rows.extend(view.rows());
                visit(&solution)
            }),
        })
    }

    /// The layout for the search without links, if the matrix fits it and `how` asks for
    /// nothing it lacks (a custom rule, pruning; a limit of 0, which the links report).
    fn wide_for(&self, how: &How<'_>) -> Option<std::sync::Arc<crate::wide::Wide>> {
        let rule = matches!(
            how.heuristic,
            Heuristic::Mrv | Heuristic::Leftmost | Heuristic::MrvEager
        );
        if !rule || how.custom.is_some() || how.prune.is_some() || how.limit == Some(0) {
            return None;
        }
        self.links.wide()
    }

    /// The search `how` describes, below `path`.
    fn searcher<'s>(
        &'s mut self,
        how: &How<'s>,
        path: &[ChosenRow],
    ) -> Result<Search<'s>, PathError> {
        let mut search = Search::over(self.arena())
            .heuristic(how.heuristic)
            .dead_end_test(how.dead_end_test)
            .interrupt(how.interrupt)
            .stop_on(how.stop);
        if let Some(custom) = how.custom {
            search = search.choose_boxed(custom.copy());
        }
        if let Some(prune) = how.prune {
            search = search.prune(move |v| prune(v));
        }
        if let Some(n) = how.limit {
            search = search.limit(n);
        }
        Ok(search.prefix_checked(how.fixed, path))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::NEVER;

    /// The settings of a plain search under `heuristic`.
    pub(crate) fn how(heuristic: Heuristic) -> How<'static> {
        How {
            heuristic,
            custom: None,
            dead_end_test: true,
            prune: None,
            fixed: &[],
            path: None,
            limit: None,
            interrupt: &NEVER,
            stop: &NEVER,
        }
    }

    /// A run in parts copies the arena for each worker: prepared first, the copies share
    /// one layout of the search without links instead of each building its own.
    #[test]
    fn copies_of_a_prepared_arena_share_its_layout() {
        let m = crate::format::parse("a b c d\na b\nc d\na c\nb d\n").unwrap();
        let mut dlx = Dlx::new(&m);
        dlx.prepare(&how(Heuristic::Mrv));
        let copy = dlx.clone();
        let (ours, theirs) = (dlx.links.wide().unwrap(), copy.links.wide().unwrap());
        assert!(std::sync::Arc::ptr_eq(&ours, &theirs));
        // Unprepared, a copy builds its own.
        let fresh = Dlx::new(&m);
        let copy = fresh.clone();
        let (ours, theirs) = (fresh.links.wide().unwrap(), copy.links.wide().unwrap());
        assert!(!std::sync::Arc::ptr_eq(&ours, &theirs));
    }
}
