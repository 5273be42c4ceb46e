//! Algorithm DLX: iterative backtracking over the link arena.
//!
//! The loop is the paper's search(k) with the recursion replaced by the explicit arrays
//! `choice` (the row O_k tried at depth k) and `column` (the column c chosen there), written
//! in the goto style of dance.w so that it can pause at every solution and resume. Deep trees
//! cannot overflow the stack, and any caller — visitor, iterator, counter — drives one loop.

use std::ops::ControlFlow;

use crate::links::{ActiveItems, Link, Links, ROOT, header, item_of};
use crate::matrix::ItemId;
use crate::solution::{ChosenRow, Solution};
use crate::stats::{Level, Stats};

/// How the search chooses the column to branch on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// Knuth's S heuristic ("minimum remaining values"): the first column of smallest size,
    /// scanning the header list from R\[h\].
    #[default]
    Mrv,
    /// The leftmost uncovered column, R\[h\].
    Leftmost,
}

impl std::str::FromStr for Heuristic {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "mrv" | "s" | "shortest" => Ok(Heuristic::Mrv),
            "leftmost" | "left" | "first" => Ok(Heuristic::Leftmost),
            _ => Err(format!(
                "unknown heuristic `{s}` (expected `mrv` or `leftmost`)"
            )),
        }
    }
}

/// A caller-supplied column-choice rule. It sees the uncovered primary items with their sizes
/// in header order (never empty) and returns one of them.
///
/// Closures `FnMut(ActiveItems) -> ItemId` implement it:
/// ```
/// # use dlx_core::{format, Dlx};
/// let m = format::parse("a b\na\nb\n")?;
/// // Branch on the *last* uncovered item.
/// let stats = Dlx::new(&m).search().choose_with(|items: dlx_core::ActiveItems| {
///     items.last().unwrap().0
/// }).count();
/// assert_eq!(stats.solutions, 1);
/// # Ok::<(), dlx_core::FormatError>(())
/// ```
pub trait ChooseItem {
    /// Picks the item to branch on.
    fn choose(&mut self, items: ActiveItems<'_>) -> ItemId;
}

impl<F: FnMut(ActiveItems<'_>) -> ItemId> ChooseItem for F {
    fn choose(&mut self, items: ActiveItems<'_>) -> ItemId {
        self(items)
    }
}

enum Rule<'a> {
    Mrv,
    Leftmost,
    Custom(Box<dyn ChooseItem + 'a>),
}

impl Rule<'_> {
    #[inline]
    fn choose(&mut self, links: &Links) -> Link {
        match self {
            Rule::Leftmost => links.nodes[ROOT as usize].r,
            Rule::Mrv => {
                let mut c = links.nodes[ROOT as usize].r;
                let mut best = c;
                let mut min = links.size[c as usize];
                while min > 0 {
                    c = links.nodes[c as usize].r;
                    if c == ROOT {
                        break;
                    }
                    let s = links.size[c as usize];
                    if s < min {
                        min = s;
                        best = c;
                    }
                }
                best
            }
            Rule::Custom(rule) => {
                let item = rule.choose(links.active_items());
                assert!(
                    links.active_items().any(|(i, _)| i == item),
                    "custom column rule returned item {item}, which is not an uncovered primary item"
                );
                header(item)
            }
        }
    }
}

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
}

/// One run of Algorithm DLX over a [`Dlx`] arena. Configure it with the builder methods, then
/// drive it with [`Search::run`], [`Search::count`], [`Search::first`] or as an iterator of
/// [`Solution`]s. When it is dropped, finished or not, the arena is restored exactly.
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
}

/// A solution as the search holds it at the moment it is found; borrow-only, so counting
/// allocates nothing.
pub struct SolutionView<'s> {
    links: &'s Links,
    choice: &'s [Link],
}

impl SolutionView<'_> {
    /// The chosen rows, depth 0 first.
    pub fn rows(&self) -> impl Iterator<Item = ChosenRow> + '_ {
        self.choice.iter().map(|&x| ChosenRow {
            option: self.links.option(x),
            item: item_of(self.links.nodes[x as usize].c),
        })
    }

    /// Number of rows in the solution.
    pub fn len(&self) -> usize {
        self.choice.len()
    }

    /// Always false: every solution chooses at least one row.
    pub fn is_empty(&self) -> bool {
        self.choice.is_empty()
    }

    /// An owned copy.
    pub fn to_solution(&self) -> Solution {
        Solution {
            rows: self.rows().collect(),
        }
    }
}

impl<'a> Search<'a> {
    pub(crate) fn new(links: &'a mut Links) -> Self {
        let depth = links.primary_count() + 1;
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
        }
    }

    /// Chooses columns by a built-in rule (the default is [`Heuristic::Mrv`]).
    pub fn heuristic(mut self, h: Heuristic) -> Self {
        self.rule = match h {
            Heuristic::Mrv => Rule::Mrv,
            Heuristic::Leftmost => Rule::Leftmost,
        };
        self
    }

    /// Chooses columns by a caller-supplied rule.
    pub fn choose_with(mut self, rule: impl ChooseItem + 'a) -> Self {
        self.rule = Rule::Custom(Box::new(rule));
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
        let mut s = Stats::from_levels(self.solutions, self.profile.clone(), complete);
        if let Some(d) = &self.degrees {
            s.degrees = d.clone();
        }
        s
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

    /// Runs Algorithm DLX until the next solution. Returns true when paused at one.
    fn advance(&mut self) -> bool {
        if self.limit.is_some_and(|l| self.solutions >= l) {
            self.unwind();
            return false;
        }
        #[derive(Clone, Copy)]
        enum Step {
            Forward,
            Advance,
            Recover,
        }
        let links = &mut *self.links;
        let mut level = self.level;
        let (mut step, mut col, mut node) = match self.state {
            State::Done => return false,
            State::PausedEmpty => {
                self.state = State::Done;
                return false;
            }
            State::Start if links.all_covered() => {
                // Fixed options already cover every primary item: the root is a solution.
                self.solutions += 1;
                self.state = State::PausedEmpty;
                return true;
            }
            State::Start => (Step::Forward, ROOT, ROOT),
            State::Paused => (Step::Recover, self.column[level], self.choice[level]),
        };
        loop {
            match step {
                Step::Forward => {
                    col = self.rule.choose(links);
                    if let Some(degrees) = &mut self.degrees {
                        if degrees.len() <= level {
                            degrees.resize(level + 1, Vec::new());
                        }
                        let d = links.size[col as usize] as usize;
                        let row = &mut degrees[level];
                        if row.len() <= d {
                            row.resize(d + 1, 0);
                        }
                        row[d] += 1;
                    }
                    self.profile[level].updates += links.cover(col);
                    self.column[level] = col;
                    node = links.nodes[col as usize].d;
                    step = Step::Advance;
                }
                Step::Advance => {
                    if node == col {
                        // Every row of this column has been tried: backtrack.
                        links.uncover(col);
                        if level == 0 {
                            self.state = State::Done;
                            return false;
                        }
                        level -= 1;
                        col = self.column[level];
                        node = self.choice[level];
                        step = Step::Recover;
                        continue;
                    }
                    self.choice[level] = node;
                    self.profile[level].nodes += 1;
                    let mut updates = 0;
                    let mut j = links.nodes[node as usize].r;
                    while j != node {
                        updates += links.cover(links.nodes[j as usize].c);
                        j = links.nodes[j as usize].r;
                    }
                    self.profile[level].updates += updates;
                    if links.all_covered() {
                        self.solutions += 1;
                        self.level = level;
                        self.state = State::Paused;
                        return true;
                    }
                    level += 1;
                    step = Step::Forward;
                }
                Step::Recover => {
                    let mut j = links.nodes[node as usize].l;
                    while j != node {
                        links.uncover(links.nodes[j as usize].c);
                        j = links.nodes[j as usize].l;
                    }
                    node = links.nodes[node as usize].d;
                    step = Step::Advance;
                }
            }
        }
    }

    /// Undoes every cover of a paused search, leaving the arena as before the search.
    fn unwind(&mut self) {
        if self.state != State::Done {
            self.stopped = true;
        }
        if self.state == State::Paused {
            for k in (0..=self.level).rev() {
                let node = self.choice[k];
                let mut j = self.links.nodes[node as usize].l;
                while j != node {
                    self.links.uncover(self.links.nodes[j as usize].c);
                    j = self.links.nodes[j as usize].l;
                }
                self.links.uncover(self.column[k]);
            }
        }
        self.state = State::Done;
    }
}

impl Iterator for Search<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.next_solution().map(|s| s.to_solution())
    }
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        self.unwind();
    }
}
