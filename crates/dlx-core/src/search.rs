//! Algorithm DLX: iterative backtracking over the link arena.
//!
//! The loop is the paper's search(k) with the recursion replaced by the explicit arrays
//! `choice` (the row O_k tried at depth k) and `column` (the column c chosen there), written
//! in the goto style of dance.w so that it can pause at every solution and resume. Deep trees
//! cannot overflow the stack, and any caller — visitor, iterator, counter — drives one loop.
//! Before a row is covered, the dead-end test ([`crate::lookahead`]) may recognise that its
//! child would branch on an empty column, and charge the updates instead of making them.
//! The plain recursive search(k), as the paper prints it, is `reference.rs`; the tests hold
//! this loop to it.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::dlx::{Dlx, FixError, PathError};
use crate::engine::{Path, Split};
use crate::links::{Link, Links, ROOT, item_of};
use crate::lookahead::{self, Lookahead};
use crate::matrix::OptionId;
use crate::rule::{ChooseItem, Heuristic, Rule};
use crate::solution::{ChosenRow, Solution};
use crate::stats::{Level, Stats};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing covered yet.
    Start,
    /// Stopped at a solution at depth `level`: columns and rows of depths 0..=level covered.
    Paused,
    /// Reported the empty solution (every primary item was covered before the search).
    PausedEmpty,
    /// Finished or stopped; the arena is as it was before the search.
    Done,
    /// Inside [`Search::advance`]. Found anywhere else, a panic (from a custom column rule)
    /// left the search half-way through a step: its arrays no longer describe the links, so
    /// it must not go on, and the links stay marked as moved for their owner to rebuild.
    Running,
}

/// One run of Algorithm DLX over a [`Dlx`] arena, one step at a time: the state machine under
/// [`crate::Solve`] (see [`crate::step`]). Configure it with the builder methods, then drive
/// it with [`Search::next_solution`], [`Search::run`], [`Search::count`], [`Search::first`]
/// or as an iterator of [`Solution`]s. When it is dropped, finished or not, the arena is
/// restored exactly.
#[must_use = "a search does nothing until it is run, counted or iterated"]
pub struct Search<'a> {
    links: &'a mut Links,
    rule: Rule<'a>,
    state: State,
    level: usize,
    choice: Vec<Link>,
    column: Vec<Link>,
    profile: Vec<Level>,
    degrees: Option<Vec<Vec<u64>>>,
    solutions: u64,
    limit: Option<u64>,
    /// Set when the search was stopped before the tree was exhausted.
    stopped: bool,
    /// When splitting: the depth at which paths are recorded instead of searched.
    cutoff: Option<usize>,
    /// The paths recorded at the cutoff depth.
    paths: Vec<Vec<ChosenRow>>,
    /// A split recording more paths than this stops there ([`Search::split_at_most`]).
    most_paths: usize,
    /// The columns covered for the chosen rows, in order: uncovering pops them in reverse.
    /// Cheaper than finding a row's bounds again ([`Links::uncover_others`]): interleaved
    /// runs measured 4-7% on queens 13 and 14, 1.5-3.5% on 6x10, Scott within the noise.
    trail: Vec<Link>,
    /// Per depth, the trail's length before that depth's row was covered.
    mark: Vec<u32>,
    /// The trail's length.
    top: usize,
    /// Whether to charge dead ends without covering them ([`Search::dead_end_test`]).
    dead_end_test: bool,
    /// The rows to try before the dead-end test starts; `None`: [`lookahead::start_after`].
    dead_end_after: Option<u64>,
    /// The dead-end test ([`crate::lookahead`]).
    dead_ends: DeadEnds,
    /// Set from outside (a Ctrl-C handler) to stop the search at its next node.
    interrupt: &'a AtomicBool,
    /// Whether [`Search::interrupt`]'s flag stopped the search.
    interrupted: bool,
    /// Set by a run of several searches ([`crate::Solve`]) once its limit is reached or its
    /// visitor breaks: a stop that is not an interrupt.
    stop: &'a AtomicBool,
    /// The fraction of the tree done when the search was stopped early ([`Search::progress`]).
    stopped_at: Option<f64>,
    /// The caller's bound ([`Search::prune`]).
    prune: Option<Box<Prune<'a>>>,
    /// Options covered before the search, as if chosen above the root, and not reported.
    fixed: Vec<OptionId>,
    /// Rows covered before the search below `fixed`: the search is the subtree at the end of
    /// this path, its figures at their depths in the whole tree, its solutions led by it.
    path: Vec<ChosenRow>,
    /// Whether `fixed` and `path` are covered now.
    prefixed: bool,
}

/// A caller's test on a partial solution ([`Search::prune`]).
type Prune<'a> = dyn FnMut(&SolutionView<'_>) -> bool + 'a;

/// The flag of a search nobody can interrupt.
pub(crate) static NEVER: AtomicBool = AtomicBool::new(false);

/// The dead-end test in one search.
enum DeadEnds {
    /// Not used: turned off, another column rule, a split, or given up.
    Off,
    /// To start once `rows` more rows have been tried, so that a short search (one sudoku)
    /// does not pay for setting it up.
    Pending {
        rows: u64,
        leftmost: bool,
    },
    On(Lookahead),
}

/// A solution (or, for [`crate::Solve::prune`], a partial one) as the search holds it at the
/// moment it is found; borrow-only, so counting allocates nothing.
pub struct SolutionView<'s> {
    links: &'s Links,
    /// The rows of the path the search started below.
    path: &'s [ChosenRow],
    choice: &'s [Link],
}

impl std::fmt::Debug for SolutionView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.rows()).finish()
    }
}

impl std::fmt::Debug for Search<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("level", &self.level)
            .field("solutions", &self.solutions)
            .field("limit", &self.limit)
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

impl SolutionView<'_> {
    /// The chosen rows, depth 0 first.
    pub fn rows(&self) -> impl Iterator<Item = ChosenRow> + '_ {
        self.path
            .iter()
            .copied()
            .chain(self.choice.iter().map(|&x| ChosenRow {
                option: self.links.option(x),
                item: item_of(self.links.column(x)),
            }))
    }

    /// Number of rows in the solution.
    pub fn len(&self) -> usize {
        self.path.len() + self.choice.len()
    }

    /// Whether no row was chosen (options fixed before the search covered every item).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// An owned copy.
    pub fn to_solution(&self) -> Solution {
        Solution {
            rows: self.rows().collect(),
        }
    }
}

impl<'a> Search<'a> {
    /// A search of the arena with the S heuristic, to be configured and driven.
    ///
    /// # Panics
    /// If the matrix has option costs ([`Dlx::has_costs`]), which this search would ignore.
    pub fn new(dlx: &'a mut Dlx) -> Self {
        assert!(
            !dlx.has_costs(),
            "the matrix has option costs, which this search would ignore: use Solve::min_cost"
        );
        Search::over(dlx.arena())
    }

    /// A search of the links themselves.
    pub(crate) fn over(links: &'a mut Links) -> Self {
        links.begin_moving();
        let depth = links.primary_count() + 1;
        let items = links.item_count();
        Search {
            links,
            rule: Rule::Mrv,
            state: State::Start,
            level: 0,
            choice: vec![0; depth],
            column: vec![0; depth],
            profile: vec![Level::default(); depth],
            degrees: None,
            solutions: 0,
            limit: None,
            stopped: false,
            cutoff: None,
            paths: Vec::new(),
            most_paths: usize::MAX,
            trail: vec![0; items + 1],
            mark: vec![0; depth],
            top: 0,
            dead_end_test: true,
            dead_end_after: None,
            dead_ends: DeadEnds::Off,
            interrupt: &NEVER,
            interrupted: false,
            stop: &NEVER,
            stopped_at: None,
            prune: None,
            fixed: Vec::new(),
            path: Vec::new(),
            prefixed: false,
        }
    }

    /// Covers `fixed` before the search, as if chosen above the root (they are in no
    /// solution and cost nothing), then the rows of `path`, so that the search is the
    /// subtree at the end of that path (its figures at their depths in the whole tree, its
    /// solutions led by the path's rows). An option that does not exist, or two that share
    /// an item, are refused.
    pub(crate) fn prefix(self, fixed: &[OptionId], path: &[ChosenRow]) -> Result<Self, PathError> {
        self.check_prefix(fixed, path)?;
        Ok(self.prefix_checked(fixed, path))
    }

    /// [`Search::prefix`] for options already checked together on this arena
    /// ([`crate::Solve::fix`] and [`crate::Solve::below`] check them, a cut's paths are its
    /// tree's), so that a puzzle's givens are not checked twice.
    pub(crate) fn prefix_checked(mut self, fixed: &[OptionId], path: &[ChosenRow]) -> Self {
        self.fixed = fixed.to_vec();
        self.path = path.to_vec();
        self
    }

    /// Fixes `options` before the search: see [`crate::Solve::fix`].
    ///
    /// # Panics
    /// If the search has begun.
    pub fn fix(self, options: &[OptionId]) -> Result<Self, FixError> {
        assert_eq!(
            self.state,
            State::Start,
            "options are fixed before the search begins"
        );
        self.prefix(options, &[]).map_err(|e| e.source)
    }

    /// Whether the options of `fixed` then `path` can all be chosen together.
    fn check_prefix(&self, fixed: &[OptionId], path: &[ChosenRow]) -> Result<(), PathError> {
        self.links.check_prefix(fixed, path)
    }

    /// Starts over below another path (checked as [`Search::prefix`] checks it), once this
    /// search is done: the figures start from zero, the settings stay.
    pub(crate) fn restart_below(&mut self, path: &[ChosenRow]) -> Result<(), PathError> {
        assert_eq!(self.state, State::Done, "a search restarts only once done");
        self.check_prefix(&self.fixed, path)?;
        self.path = path.to_vec();
        self.state = State::Start;
        self.level = 0;
        if matches!(self.dead_ends, DeadEnds::On(_)) {
            self.links.track_live(false);
        }
        self.dead_ends = DeadEnds::Off;
        self.profile.iter_mut().for_each(|l| *l = Level::default());
        self.solutions = 0;
        self.stopped = false;
        self.stopped_at = None;
        self.interrupted = false;
        if let Some(d) = &mut self.degrees {
            d.clear();
        }
        Ok(())
    }

    /// Covers the prefix ([`Search::prefix`]).
    fn cover_prefix(&mut self) {
        for &option in self.fixed.iter().chain(self.path.iter().map(|r| &r.option)) {
            self.links.cover_option(option);
        }
        self.prefixed = true;
    }

    /// Uncovers the prefix, in reverse.
    fn uncover_prefix(&mut self) {
        if std::mem::take(&mut self.prefixed) {
            for &option in self
                .fixed
                .iter()
                .chain(self.path.iter().map(|r| &r.option))
                .rev()
            {
                self.links.uncover_option(option);
            }
        }
    }

    /// Stops the search at its next node once `flag` is set (by a Ctrl-C handler, another
    /// thread, a deadline): the links are put back and the figures so far are final, with
    /// `complete` false, [`Search::interrupted`] true and [`Search::progress`] the estimated
    /// fraction of the tree searched. The flag is read once per node.
    pub fn interrupt(mut self, flag: &'a AtomicBool) -> Self {
        self.interrupt = flag;
        self
    }

    /// Also stops at the next node once `flag` is set, without counting as interrupted.
    pub(crate) fn stop_on(mut self, flag: &'a AtomicBool) -> Self {
        self.stop = flag;
        self
    }

    /// Whether the [`Search::interrupt`] flag stopped the search.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Chooses columns by a built-in rule (the default is [`Heuristic::Mrv`]).
    pub fn heuristic(mut self, h: Heuristic) -> Self {
        self.rule = h.into();
        self
    }

    /// Chooses columns by a caller-supplied rule.
    pub fn choose_with(mut self, rule: impl ChooseItem + 'a) -> Self {
        self.rule = Rule::Custom(Box::new(rule));
        self
    }

    /// [`Search::choose_with`], boxed already.
    pub(crate) fn choose_boxed(mut self, rule: Box<dyn ChooseItem + Send + 'a>) -> Self {
        self.rule = Rule::Custom(rule);
        self
    }

    /// Whether to recognise the rows whose child is a dead end (its column has no rows) before
    /// covering them, and charge their updates without moving a link (default: on). The tree,
    /// the solutions in their order and every figure are the same either way; only the time
    /// differs (the 6x10 pentominoes: 1.4-1.6 times faster). It applies under
    /// [`Heuristic::Mrv`] and [`Heuristic::Leftmost`], and not to [`Search::split`], whose
    /// paths are those of the plain search.
    pub fn dead_end_test(mut self, on: bool) -> Self {
        self.dead_end_test = on;
        self
    }

    /// Starts the dead-end test at the root, whatever the size of the search (for tests of
    /// small trees).
    #[cfg(test)]
    pub(crate) fn dead_end_test_from_the_root(mut self) -> Self {
        self.dead_end_after = Some(0);
        self
    }

    /// Cuts subtrees by a caller's test, for branch and bound ("the best solution by a
    /// score"): each time a row is chosen and covered, `prune` sees the partial solution (the
    /// rows chosen so far, depth 0 first, the new row last; options fixed before the search
    /// are not in it) and returns true to cut the subtree below that row. The row still
    /// counts as a node with its updates, but nothing below it is searched, and if it
    /// completed a solution, that solution is neither reported nor counted. A test that
    /// never cuts changes nothing, and one that is not set costs one branch per node.
    ///
    /// The solutions are those of the whole search that pass every test on their way down, in
    /// the same order; the figures (updates, nodes, the level profile, [`Search::progress`])
    /// are this search's own, not Knuth's, since the cut subtrees are not counted. Rows whose
    /// child the dead-end test ([`Search::dead_end_test`]) recognises as empty are charged
    /// without being shown to `prune` (nothing below them is a solution), so the figures also
    /// depend on that setting. A [`Search::split`] records only the paths that pass.
    ///
    /// ```
    /// # use dlx_core::{format, step::Search, Dlx};
    /// // Options 0 `a`, 1 `b`, 2 `a b`: two solutions, one of them without option 0.
    /// let m = format::parse("a b\na\nb\na b\n")?;
    /// let mut dlx = Dlx::new(&m);
    /// assert_eq!(Search::new(&mut dlx).count().solutions, 2);
    /// let stats = Search::new(&mut dlx).prune(|s| s.rows().any(|r| r.option == 0)).count();
    /// assert_eq!(stats.solutions, 1);
    /// # Ok::<(), dlx_core::FormatError>(())
    /// ```
    pub fn prune(mut self, prune: impl FnMut(&SolutionView<'_>) -> bool + 'a) -> Self {
        self.prune = Some(Box::new(prune));
        self
    }

    /// Stops after `n` solutions.
    pub fn limit(mut self, n: u64) -> Self {
        self.limit = Some(n);
        self
    }

    /// Also records the branching-degree histogram ([`Stats::degrees`]).
    pub fn record_degrees(mut self) -> Self {
        self.degrees = Some(Vec::new());
        self
    }

    /// The statistics so far (final once the search is finished).
    pub fn stats(&self) -> Stats {
        let complete = self.state == State::Done && !self.stopped;
        let mut levels = vec![Level::default(); self.path.len()];
        levels.extend_from_slice(&self.profile);
        let mut s = Stats::from_levels(self.solutions, levels, complete);
        if let Some(d) = &self.degrees {
            s.degrees = d.clone();
        }
        s
    }

    /// The estimated fraction of the tree already explored, from the positions of the current
    /// branches (as Knuth's DLX programs print it): the sum over depths k of
    /// (index of the row tried at k among its column's rows) / (d_0 d_1 ... d_k), where d_j is
    /// the size of the column branched on at depth j. Meaningful while paused at a solution
    /// (0 before the search starts, 1 when it is done).
    /// After a stop (a limit, an interrupt, a visitor's break), the fraction where it stopped.
    pub fn progress(&self) -> f64 {
        match self.state {
            State::Start | State::Running => 0.0,
            State::Done => self.stopped_at.unwrap_or(1.0),
            State::PausedEmpty => 1.0,
            State::Paused => {
                let (mut fraction, mut scale) = (0.0, 1.0);
                for k in 0..=self.level {
                    // The chosen column stays linked vertically while its rows are tried.
                    let col = self.column[k];
                    scale /= f64::from(self.links.len(col).max(1));
                    let mut x = self.links.down(col);
                    let mut index = 0u32;
                    while x != self.choice[k] && x != col {
                        index += 1;
                        x = self.links.down(x);
                    }
                    fraction += f64::from(index) * scale;
                }
                fraction + scale
            }
        }
    }

    /// Finds the next solution; `None` when the tree is exhausted or the limit is reached.
    pub fn next_solution(&mut self) -> Option<SolutionView<'_>> {
        if self.advance() {
            let rows = if self.state == State::PausedEmpty {
                0
            } else {
                self.level + 1
            };
            Some(SolutionView {
                links: self.links,
                path: &self.path,
                choice: &self.choice[..rows],
            })
        } else {
            None
        }
    }

    /// Visits every solution until the visitor breaks, and returns the statistics.
    pub fn run(mut self, mut visit: impl FnMut(&SolutionView<'_>) -> ControlFlow<()>) -> Stats {
        while let Some(sol) = self.next_solution() {
            if visit(&sol).is_break() {
                self.unwind();
                break;
            }
        }
        self.stats()
    }

    /// Counts the solutions (up to the limit, if set).
    pub fn count(mut self) -> Stats {
        while self.advance() {}
        self.stats()
    }

    /// The first solution, and the statistics of the search up to it.
    pub fn first(mut self) -> (Option<Solution>, Stats) {
        let sol = self.next_solution().map(|s| s.to_solution());
        self.unwind();
        (sol, self.stats())
    }

    /// Splits the search tree at `depth` (at least 1; 0 is taken as 1): runs the search down
    /// to that depth, charging the nodes and updates of depths `0..depth` and listing the
    /// solutions found above it, and returns every node at `depth` still to be searched as
    /// the path of rows leading to it. Searching each path's subtree
    /// ([`crate::Solve::below`]) and adding the figures gives exactly the figures of the
    /// whole search.
    pub fn split(self, depth: usize) -> Split {
        self.split_at_most(depth, usize::MAX)
            .expect("no split has more than usize::MAX paths")
    }

    /// [`Search::split`], given up (`None`) as soon as the cut holds more than `most`
    /// nodes: a cut too wide to hold is known without holding it.
    pub(crate) fn split_at_most(mut self, depth: usize, most: usize) -> Option<Split> {
        let depth = depth.max(1);
        self.cutoff = Some(depth.saturating_sub(self.path.len()).max(1));
        self.most_paths = most;
        let mut solutions = Vec::new();
        while let Some(view) = self.next_solution() {
            solutions.push(view.to_solution());
        }
        if self.paths.len() > most {
            return None;
        }
        let paths = std::mem::take(&mut self.paths);
        Some(Split {
            depth,
            stats: self.stats(),
            solutions,
            paths: paths.into_iter().map(Path::from_rows).collect(),
        })
    }

    /// Runs Algorithm DLX until the next solution. Returns true when paused at one.
    fn advance(&mut self) -> bool {
        if self.limit.is_some_and(|l| self.solutions >= l) {
            self.unwind();
            return false;
        }
        let links = &mut *self.links;
        let mut level = self.level;
        // `recover`: the row `node` at `level` has been tried; undo it and try the next one.
        // Otherwise choose a column at `level` (the paper's search(k) being entered).
        let (mut col, mut node, mut recover) = match self.state {
            State::Done => return false,
            State::Running => panic!("a search cannot go on after a panic inside it"),
            State::PausedEmpty => {
                self.finish();
                return false;
            }
            State::Start if !(self.prefixed || self.fixed.is_empty() && self.path.is_empty()) => {
                self.cover_prefix();
                return self.advance();
            }
            State::Start if links.all_covered() => {
                // Fixed options already cover every primary item: the root is a solution.
                self.solutions += 1;
                self.state = State::PausedEmpty;
                return true;
            }
            State::Start => {
                // The dead-end test knows the S heuristic and the leftmost rule; a split runs
                // without it, as its paths must be the plain search's, node for node.
                let leftmost = match self.rule {
                    Rule::Mrv => Some(false),
                    Rule::Leftmost => Some(true),
                    Rule::MrvEager | Rule::Custom(_) => None,
                }
                .filter(|_| self.dead_end_test && self.cutoff.is_none());
                if let Some(leftmost) = leftmost {
                    let rows = self
                        .dead_end_after
                        .unwrap_or_else(|| lookahead::start_after(links));
                    self.dead_ends = DeadEnds::Pending { rows, leftmost };
                }
                (ROOT, ROOT, false)
            }
            State::Paused => (self.column[level], self.choice[level], true),
        };
        self.state = State::Running;
        let cutoff = self.cutoff.unwrap_or(usize::MAX);
        let mut top = self.top;
        let (interrupt, stop) = (self.interrupt, self.stop);
        // The per-depth arrays have `primaries + 1` entries, and the depth never exceeds the
        // number of primary items (each chosen row covers at least one), so `level` is in
        // bounds. Indexing checks it all the same (1% on queens, docs/performance.md), so that no
        // state of the links can make the search write out of bounds.
        loop {
            if recover {
                let mark = self.mark[level] as usize;
                while top > mark {
                    top -= 1;
                    links.uncover(self.trail[top]);
                }
                node = links.down(node);
            } else if level == cutoff {
                // Splitting: record the subproblem below this node and backtrack as if it had
                // no rows; whoever searches it charges the work from this depth on.
                let view = SolutionView {
                    links,
                    path: &self.path,
                    choice: &self.choice[..level],
                };
                self.paths.push(view.rows().collect());
                level -= 1;
                col = self.column[level];
                node = self.choice[level];
                if self.paths.len() > self.most_paths {
                    // The cut is wider than the caller can hold: stop here, paused as at a
                    // solution (every depth to `level` covered), which `unwind` undoes.
                    self.level = level;
                    self.top = top;
                    self.state = State::Paused;
                    self.unwind();
                    return false;
                }
                recover = true;
                continue;
            } else {
                col = self.rule.choose(links);
                if let Some(degrees) = &mut self.degrees {
                    record_degree(degrees, level, links.len(col) as usize);
                }
                self.profile[level].updates += links.cover(col);
                self.column[level] = col;
                node = links.down(col);
            }
            match &mut self.dead_ends {
                DeadEnds::On(lookahead) => {
                    // Rows whose child is a dead end are charged without being covered.
                    while node != col && lookahead.worth_testing(level) {
                        let Some(updates) = lookahead.dead_end(links, node, level) else {
                            break;
                        };
                        let profile = &mut self.profile[level];
                        profile.nodes += 1;
                        profile.updates += updates;
                        self.profile[level + 1].updates += 1;
                        if let Some(degrees) = &mut self.degrees {
                            record_degree(degrees, level + 1, 0);
                        }
                        node = links.down(node);
                    }
                    if lookahead.given_up() {
                        self.dead_ends = DeadEnds::Off;
                        links.track_live(false);
                    }
                }
                DeadEnds::Pending { rows, leftmost } if node != col => {
                    // Counts down the rows tried; at zero the test starts, from the next row on.
                    if *rows == 0 {
                        let (depths, leftmost) = (self.profile.len(), *leftmost);
                        self.dead_ends = match links.row_sets() {
                            Some(sets) => {
                                DeadEnds::On(Lookahead::new(links, sets, depths, leftmost))
                            }
                            None => DeadEnds::Off,
                        };
                    } else {
                        *rows -= 1;
                    }
                }
                _ => {}
            }
            if node == col {
                // Every row of this column has been tried: backtrack.
                links.uncover(col);
                if level == 0 {
                    debug_assert_eq!(top, 0);
                    self.top = top;
                    self.finish();
                    return false;
                }
                level -= 1;
                col = self.column[level];
                node = self.choice[level];
                recover = true;
                continue;
            }
            self.choice[level] = node;
            self.mark[level] = top as u32;
            let trail = &mut self.trail;
            let updates = links.cover_others_with(node, |c| {
                // In bounds: a column is covered at most once along a path, so the trail
                // never holds more than the item count (a bounds check per cover is nothing
                // beside the cover).
                trail[top] = c;
                top += 1;
            });
            let profile = &mut self.profile[level];
            profile.nodes += 1;
            profile.updates += updates;
            if let Some(prune) = &mut self.prune {
                let view = SolutionView {
                    links,
                    path: &self.path,
                    choice: &self.choice[..=level],
                };
                if prune(&view) {
                    // As if the row had no solution below it: undo it, try the next one.
                    recover = true;
                    continue;
                }
            }
            if links.all_covered() {
                self.solutions += 1;
                self.level = level;
                self.top = top;
                self.state = State::Paused;
                return true;
            }
            if interrupt.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                // Stopped from outside: the state is a paused one (every depth to `level`
                // covered), which `unwind` knows how to undo.
                self.level = level;
                self.top = top;
                self.state = State::Paused;
                self.interrupted = interrupt.load(Ordering::Relaxed);
                self.unwind();
                return false;
            }
            level += 1;
            recover = false;
        }
    }

    /// Runs the whole of a search not yet begun without links ([`crate::wide`]), when its
    /// settings and the matrix allow, leaving it done with the figures, the progress and the
    /// stop the links' search would have: true if it ran, false if the links must.
    pub(crate) fn finish_wide(&mut self) -> bool {
        let heuristic = match self.rule {
            Rule::Mrv => Heuristic::Mrv,
            Rule::MrvEager => Heuristic::MrvEager,
            Rule::Leftmost => Heuristic::Leftmost,
            Rule::Custom(_) => return false,
        };
        let plain = self.state == State::Start
            && self.cutoff.is_none()
            && self.degrees.is_none()
            && self.prune.is_none()
            && self.limit != Some(0);
        if !plain {
            return false;
        }
        let Some(wide) = self.links.wide() else {
            return false;
        };
        let job = crate::wide::Job {
            heuristic,
            fixed: &self.fixed,
            path: &self.path,
            limit: self.limit,
            interrupt: self.interrupt,
            stop: self.stop,
        };
        let Some(outcome) = wide.run(&job, None) else {
            return false;
        };
        let levels = outcome.stats.levels.get(self.path.len()..).unwrap_or(&[]);
        self.profile.iter_mut().for_each(|l| *l = Level::default());
        if self.profile.len() < levels.len() {
            self.profile.resize(levels.len(), Level::default());
        }
        self.profile[..levels.len()].copy_from_slice(levels);
        self.solutions = outcome.stats.solutions;
        self.stopped = !outcome.stats.complete;
        if self.stopped {
            self.stopped_at = Some(outcome.progress);
            self.interrupted = self.interrupt.load(Ordering::Relaxed);
        }
        self.state = State::Done;
        true
    }

    /// Stops the search where it stands: the links are put back, and the figures reached
    /// are final, with `complete` false.
    pub(crate) fn halt(&mut self) {
        self.unwind();
    }

    /// Undoes every cover of a paused search, leaving the arena as before the search.
    fn unwind(&mut self) {
        if self.state == State::Running {
            // After a panic inside the search: the links stay marked as moved.
            self.stopped = true;
            return;
        }
        if self.state != State::Done {
            self.stopped = true;
            self.stopped_at = Some(self.progress());
        }
        if self.state == State::Paused {
            for k in (0..=self.level).rev() {
                while self.top > self.mark[k] as usize {
                    self.top -= 1;
                    self.links.uncover(self.trail[self.top]);
                }
                self.links.uncover(self.column[k]);
            }
        }
        self.finish();
    }

    /// Ends the search once every level is undone: the prefix goes too.
    fn finish(&mut self) {
        self.uncover_prefix();
        self.state = State::Done;
    }
}

/// Counts a chosen column's size in the branching-degree histogram.
fn record_degree(degrees: &mut Vec<Vec<u64>>, level: usize, d: usize) {
    if degrees.len() <= level {
        degrees.resize(level + 1, Vec::new());
    }
    let row = &mut degrees[level];
    if row.len() <= d {
        row.resize(d + 1, 0);
    }
    row[d] += 1;
}

impl Iterator for Search<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.next_solution().map(|s| s.to_solution())
    }
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        if matches!(self.dead_ends, DeadEnds::On(_)) {
            self.links.track_live(false);
        }
        // Unwinding from a panic, or after one, the arrays may not describe the links: leave
        // them marked as moved, and their owner rebuilds them (`Links::relink`).
        if self.state != State::Running && !std::thread::panicking() {
            self.unwind();
            self.links.end_moving();
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::lookahead::tests::queens;
    use crate::{Matrix, MatrixBuilder};

    /// Every solution in order, and the figures with the degrees, up to `limit` solutions;
    /// the dead-end test off, or on from the root.
    fn run(m: &Matrix, h: Heuristic, test: bool, limit: Option<u64>) -> (Vec<Solution>, Stats) {
        let mut links = Links::new(m);
        let pristine = links.clone();
        let mut search = Search::over(&mut links)
            .heuristic(h)
            .dead_end_test(test)
            .record_degrees();
        if test {
            search = search.dead_end_test_from_the_root();
        }
        if let Some(n) = limit {
            search = search.limit(n);
        }
        let mut solutions = Vec::new();
        let stats = search.run(|s| {
            solutions.push(s.to_solution());
            ControlFlow::Continue(())
        });
        assert_eq!(links, pristine);
        (solutions, stats)
    }

    pub(crate) fn matrix(
        primary: usize,
        secondary: usize,
        options: &[Vec<usize>],
    ) -> Option<Matrix> {
        let mut b = MatrixBuilder::new();
        for i in 0..primary {
            b.primary(format!("p{i}")).ok()?;
        }
        for i in 0..secondary {
            b.secondary(format!("s{i}")).ok()?;
        }
        for o in options {
            b.option_ids(o.clone()).ok()?;
        }
        b.build().ok()
    }

    fn case() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
        (1usize..=7, 0usize..=3).prop_flat_map(|(p, s)| {
            let items = p + s;
            (
                Just(p),
                Just(s),
                prop::collection::vec(
                    prop::collection::btree_set(0..items, 1..=items.min(5)),
                    0..24,
                )
                .prop_map(|v| v.into_iter().map(|s| s.into_iter().collect()).collect()),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// With the dead-end test on from the root, a search finds the same solutions in the
        /// same order with the same figures, complete or stopped at a limit, under both rules
        /// it applies to.
        #[test]
        fn the_dead_end_test_changes_no_figure((p, s, options) in case(), limit in 0u64..4) {
            if let Some(m) = matrix(p, s, &options) {
                for h in [Heuristic::Mrv, Heuristic::Leftmost] {
                    for limit in [None, Some(limit).filter(|&l| l > 0)] {
                        prop_assert_eq!(run(&m, h, true, limit), run(&m, h, false, limit));
                    }
                }
            }
        }
    }

    /// The solutions and figures of a search that cuts every subtree holding a forbidden
    /// option; the arena is checked to be restored.
    fn pruned(m: &Matrix, test: bool, forbidden: &[usize]) -> (Vec<Solution>, Stats) {
        let mut links = Links::new(m);
        let pristine = links.clone();
        let mut search = Search::over(&mut links)
            .dead_end_test(test)
            .prune(|s| s.rows().any(|r| forbidden.contains(&r.option)));
        if test {
            search = search.dead_end_test_from_the_root();
        }
        let solutions = search.by_ref().collect();
        let stats = search.stats();
        drop(search);
        assert_eq!(links, pristine);
        (solutions, stats)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Cutting the subtrees of forbidden options finds exactly the solutions without
        /// them, in the same order, with or without the dead-end test.
        #[test]
        fn pruning_keeps_the_solutions_that_pass(
            (p, s, options) in case(),
            forbidden in prop::collection::vec(0usize..24, 0..4),
        ) {
            if let Some(m) = matrix(p, s, &options) {
                let (all, _) = run(&m, Heuristic::Mrv, false, None);
                let kept: Vec<Solution> = all
                    .into_iter()
                    .filter(|s| s.rows.iter().all(|r| !forbidden.contains(&r.option)))
                    .collect();
                for test in [false, true] {
                    prop_assert_eq!(&pruned(&m, test, &forbidden).0, &kept);
                }
            }
        }
    }

    /// A test that never cuts leaves every figure as it was.
    #[test]
    fn a_prune_that_never_cuts_changes_nothing() {
        let m = queens(8);
        let mut links = Links::new(&m);
        let plain = Search::over(&mut links).count();
        let never = Search::over(&mut links).prune(|_| false).count();
        assert_eq!((plain.solutions, never), (92, plain));
    }

    /// 8 queens with the queen of the first row forbidden everywhere but column c: the
    /// known split of the 92 solutions by that queen, 4 8 16 18 18 16 8 4; the cut
    /// search makes fewer nodes than the whole one.
    #[test]
    fn pruning_the_first_row_gives_the_known_split_of_8_queens() {
        let m = queens(8);
        let whole = Search::over(&mut Links::new(&m)).count().nodes;
        let by_column: Vec<u64> = (0..8)
            .map(|c| {
                // Option r * 8 + col places the queen of row r in column col.
                let forbidden: Vec<usize> = (0..8).filter(|&col| col != c).collect();
                let (solutions, stats) = pruned(&m, false, &forbidden);
                assert_eq!(solutions.len() as u64, stats.solutions);
                assert!(stats.nodes < whole, "{} nodes of {whole}", stats.nodes);
                stats.solutions
            })
            .collect();
        assert_eq!(by_column, [4, 8, 16, 18, 18, 16, 8, 4]);
    }

    /// On queens the dead-end test costs more than it saves: the search starts it after its
    /// first rows, gives it up part way (the links stop keeping their live rows), and its
    /// figures stay those of the plain search.
    #[test]
    fn a_test_that_does_not_pay_is_given_up() {
        let mut links = Links::new(&queens(11));
        let plain = Search::over(&mut links).dead_end_test(false).count();
        let mut search = Search::over(&mut links);
        let mut started = false;
        while search.next_solution().is_some() {
            started |= matches!(search.dead_ends, DeadEnds::On(_));
        }
        assert!(started, "the test started");
        assert!(
            matches!(search.dead_ends, DeadEnds::Off),
            "the test was given up"
        );
        assert!(!search.links.live_tracked());
        assert_eq!(search.stats(), plain);
    }

    /// The test waits until the search has tried the rows set by the arena's size, so a
    /// short search never starts it.
    #[test]
    fn the_test_starts_after_rows_in_proportion_to_the_arena() {
        // 20 primary items with two one-item options each: a solution every row or two;
        // options of secondary items only (never chosen) make the arena larger.
        let mut b = MatrixBuilder::new();
        for i in 0..20 {
            b.primary(format!("p{i}")).unwrap();
        }
        for i in 0..300 {
            b.secondary(format!("s{i}")).unwrap();
        }
        for i in 0..20 {
            b.option_ids([i]).unwrap();
            b.option_ids([i]).unwrap();
        }
        for i in 0..100 {
            b.option_ids([20 + 3 * i, 21 + 3 * i, 22 + 3 * i]).unwrap();
        }
        let mut links = Links::new(&b.build().unwrap());
        let after = lookahead::start_after(&links);
        assert!(after > 20, "{after}");
        let mut search = Search::over(&mut links).limit(300);
        let (mut pending, mut on) = (0, 0);
        while search.next_solution().is_some() {
            // Every row tried is a node below the root.
            let tried = search.stats().nodes - 1;
            match search.dead_ends {
                DeadEnds::Pending { .. } => {
                    assert!(tried <= after, "{tried} rows tried");
                    pending += 1;
                }
                DeadEnds::On(_) => {
                    assert!(tried > after, "{tried} rows tried");
                    on += 1;
                }
                DeadEnds::Off => {}
            }
        }
        assert!(
            pending > 0 && on > 0,
            "{pending} solutions before the start, {on} after"
        );
    }
}
