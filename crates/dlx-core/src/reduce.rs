//! A search that reduces the matrix at every node before it branches: exact cover with
//! propagation, for problems (big sudoku) whose trees explode under plain Algorithm DLX.
//!
//! At each node, before choosing a column, three rules are applied until none fires:
//! - a primary column with no rows is a dead end;
//! - a primary column with one row forces that row (chosen as if branched on);
//! - **the column subset rule**: if every row of a primary column X also covers column Y,
//!   then X will be covered by one of those rows, which covers Y too, so any row of Y that
//!   does not cover X can never be in a solution: it is hidden. (X must be primary: a
//!   secondary X need not be covered at all. Y may be either.) For sudoku this is locked
//!   candidates, pointing and claiming.
//!
//! Then **probing**, repeated until it hides nothing: each row of each primary column of at
//! most [`Reduce::probe_size`] rows (2 by default) is chosen tentatively and the rules above
//! are applied; a row that leads to a dead end is hidden; and when every row of a column
//! survives, the rows hidden under each of them are hidden, since one of them must be chosen.
//!
//! The search then branches on the two-row column whose rows both reduce the matrix most
//! when probed (the product of their trail lengths, a lookahead rule), or without probing
//! on the shortest primary column, as the S heuristic does. Rows are
//! removed one at a time (U and D links only, [`Links`]'s `hide_row`), the header of a column
//! whose row was chosen is covered once the column is empty, and every change goes on a trail
//! that is undone in exact reverse, so the links come back exactly as they were, as with
//! [`crate::step::Search`].
//!
//! ```
//! use dlx_core::{format, step::Reduce, Dlx};
//!
//! let matrix = format::parse(
//!     "A B C D E F G\n\
//!      C E F\n\
//!      A D G\n\
//!      B C F\n\
//!      A D\n\
//!      B G\n\
//!      D E G\n",
//! )?;
//! let mut dlx = Dlx::new(&matrix);
//! let solutions: Vec<Vec<usize>> = Reduce::new(&mut dlx).map(|s| s.sorted_options()).collect();
//! assert_eq!(solutions, [[0, 3, 4]]);
//! // Propagation alone solves it: no branching, the root is the only node.
//! let stats = Reduce::new(&mut dlx).count();
//! assert_eq!((stats.solutions, stats.nodes), (1, 1));
//! # Ok::<(), dlx_core::FormatError>(())
//! ```

use std::sync::atomic::{AtomicBool, Ordering};

use crate::dlx::{Dlx, FixError};
use crate::engine::NEVER;
use crate::links::{Link, Links, ROOT, item_of};
use crate::matrix::OptionId;
use crate::solution::{ChosenRow, Solution};
use crate::stats::{Level, Stats};

/// One change to the links, undone in reverse order.
#[derive(Debug, Clone, Copy)]
enum Undo {
    /// A row hidden from its columns (by its node).
    Hide(Link),
    /// An empty column's header unlinked from the header list.
    Cover(Link),
}

/// One node of the search tree on the explicit stack.
#[derive(Debug, Clone, Copy)]
struct Frame {
    /// Trail and chosen-row lengths when the node was entered (before propagation).
    trail: usize,
    chosen: usize,
    /// The column branched on, or [`ROOT`] for a leaf (dead end or solution).
    column: Link,
    /// The row of `column` tried last; `column` itself before the first.
    row: Link,
    /// Trail and chosen-row lengths after propagation, before a row of `column` is chosen.
    branch_trail: usize,
    branch_chosen: usize,
}

/// Where the search resumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Entering a new node: propagate, then branch or report a leaf.
    Enter,
    /// Back at the top frame: try its next row, or leave it.
    Next,
    /// The tree is exhausted or the limit reached; the links are restored.
    Done,
}

/// What propagation did, beyond the figures of [`Stats`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Reductions {
    /// Rows chosen because their column had no other row (naked and hidden singles).
    pub forced: u64,
    /// Rows hidden by the column subset rule (locked candidates).
    pub eliminated: u64,
    /// Rows chosen tentatively by probing (their own forced and eliminated rows are not
    /// counted above).
    pub probes: u64,
    /// Rows hidden because choosing them led to a dead end by propagation.
    pub failed: u64,
    /// Rows hidden because every row of some column, when probed, hid them.
    pub implied: u64,
    /// Dead ends found by propagation (a primary column left with no rows).
    pub dead_ends: u64,
}

/// A search with propagation ([`Reduce::new`]): count, first solution, a limit, or
/// iterate [`Solution`]s. Dropping it early restores the links.
///
/// Its [`Stats`] count as [`crate::step::Search`]'s do, but only *branch* nodes are nodes: the root
/// plus every row tried on a column of two or more rows; forced rows are not nodes. Updates
/// are 1 per node unlinked from a column (hiding a row) plus 1 per header covered, at the
/// level where they happen.
#[derive(Debug)]
pub struct Reduce<'a> {
    links: &'a mut Links,
    trail: Vec<Undo>,
    chosen: Vec<ChosenRow>,
    frames: Vec<Frame>,
    phase: Phase,
    /// Apply the column subset rule (off: singles only, as plain DLX with the S heuristic).
    subset_rule: bool,
    /// Probe the rows of short columns at every node.
    probe: bool,
    /// Columns of at most this many rows have their rows probed.
    probe_size: u32,
    /// The subset rule looks only at columns X of at most this many rows.
    subset_max: u32,
    /// Per option: the probe pass that last tried it, and the trail entries its choice and
    /// propagation made then (how much it reduces the matrix).
    probed: Vec<u32>,
    gain: Vec<u32>,
    /// Per option: the rows (by node) its last successful probe hid.
    implies: Vec<Vec<Link>>,
    /// Per option: hidden now (by the search or a probe).
    hidden: Vec<bool>,
    /// Per option: chosen in the probe being recorded; how many rows of the column being
    /// intersected hid it.
    chosen_in_probe: Vec<bool>,
    hits: Vec<u32>,
    pass: u32,
    /// Scratch: the short columns of a probe pass.
    pairs: Vec<Link>,
    /// By item: a primary item still to be covered.
    active: Vec<bool>,
    /// By item: a primary item, i.e. in the header list when the search started.
    primary: Vec<bool>,
    /// Columns whose rows changed since the subset rule last looked at them.
    queue: Vec<Link>,
    queued: Vec<bool>,
    /// Columns that dropped to one row or none.
    small: Vec<Link>,
    /// Scratch for the subset rule: per item, how many rows of X cover it (valid when
    /// `stamp` is the current epoch); per option, whether it is a row of X.
    count: Vec<u32>,
    stamp: Vec<u32>,
    row_stamp: Vec<u32>,
    epoch: u32,
    candidates: Vec<Link>,
    limit: Option<u64>,
    /// Set from outside to stop at the next node ([`Reduce::interrupt`]).
    interrupt: &'a AtomicBool,
    interrupted: bool,
    solutions: u64,
    levels: Vec<Level>,
    reductions: Reductions,
    /// Options covered before the search ([`Reduce::fix`]), uncovered after it.
    fixed: Vec<OptionId>,
}

impl<'a> Reduce<'a> {
    /// A search with propagation of the arena. It finds exactly the solutions
    /// [`crate::Solve`] finds, in another order, usually in a far smaller tree.
    ///
    /// # Panics
    /// If the matrix has option costs ([`Dlx::has_costs`]), which this search would ignore.
    pub fn new(dlx: &'a mut Dlx) -> Self {
        assert!(
            !dlx.has_costs(),
            "the matrix has option costs, which this search would ignore: use Solve::min_cost"
        );
        let links = dlx.arena();
        links.begin_moving();
        let items = links.item_count();
        let active = primaries(links);
        let options = links.option_count();
        Reduce {
            links,
            trail: Vec::new(),
            chosen: Vec::new(),
            frames: Vec::new(),
            phase: Phase::Enter,
            subset_rule: true,
            probe: true,
            probe_size: 2,
            subset_max: u32::MAX,
            probed: vec![0; options],
            gain: vec![0; options],
            implies: vec![Vec::new(); options],
            hidden: vec![false; options],
            chosen_in_probe: vec![false; options],
            hits: vec![0; options],
            pass: 0,
            pairs: Vec::new(),
            primary: active.clone(),
            active,
            queue: Vec::new(),
            queued: vec![false; items],
            small: Vec::new(),
            count: vec![0; items],
            stamp: vec![0; items],
            row_stamp: vec![0; options],
            epoch: 0,
            candidates: Vec::new(),
            limit: None,
            interrupt: &NEVER,
            interrupted: false,
            solutions: 0,
            levels: Vec::new(),
            reductions: Reductions::default(),
            fixed: Vec::new(),
        }
    }

    /// Chooses `options` before the search, as [`crate::Solve::fix`] does: the search is
    /// the one of the matrix with their items covered. Options that do not exist or clash
    /// are refused.
    ///
    /// # Panics
    /// If the search has begun, or options were fixed already.
    pub fn fix(mut self, options: &[OptionId]) -> Result<Self, FixError> {
        assert!(
            self.phase == Phase::Enter && self.frames.is_empty() && self.fixed.is_empty(),
            "options are fixed once, before the search begins"
        );
        self.links
            .check_choice(options.iter().copied())
            .map_err(|(_, e)| e)?;
        for &o in options {
            self.links.cover_option(o);
        }
        self.fixed = options.to_vec();
        self.active = primaries(self.links);
        self.primary = self.active.clone();
        Ok(self)
    }

    /// Stops after `n` solutions.
    pub fn limit(mut self, n: u64) -> Self {
        self.limit = Some(n);
        self
    }

    /// Stops the search at its next node once `flag` is set, as [`crate::step::Search::interrupt`]
    /// does: the links are put back, and the figures so far are final with `complete` false.
    pub fn interrupt(mut self, flag: &'a AtomicBool) -> Self {
        self.interrupt = flag;
        self
    }

    /// Whether the [`Reduce::interrupt`] flag stopped the search.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Turns the column subset rule on (the default) or off; off leaves only the single-row
    /// rule, for comparing trees.
    pub fn subset_rule(mut self, on: bool) -> Self {
        self.subset_rule = on;
        self
    }

    /// Turns probing on (the default) or off (module docs).
    pub fn probe(mut self, on: bool) -> Self {
        self.probe = on;
        self
    }

    /// The subset rule looks only at columns X of at most `k` rows (default: all). A
    /// problem that knows its rule cannot fire on longer columns saves the look (sudoku of
    /// box size n: only a box-digit or line-digit column of at most n rows lies in one line
    /// or box).
    pub fn subset_max(mut self, k: u32) -> Self {
        self.subset_max = k;
        self
    }

    /// Probes the rows of columns of up to `k` rows (default 2).
    pub fn probe_size(mut self, k: u32) -> Self {
        self.probe_size = k.max(2);
        self
    }

    /// The figures so far.
    pub fn stats(&self) -> Stats {
        Stats::from_levels(
            self.solutions,
            self.levels.clone(),
            self.phase == Phase::Done && !self.limit_reached() && !self.interrupted,
        )
    }

    /// What propagation did so far.
    pub fn reductions(&self) -> Reductions {
        self.reductions
    }

    /// Counts the solutions (up to the limit).
    pub fn count(mut self) -> Stats {
        while self.advance() {}
        self.stats()
    }

    /// The first solution, if any, and the figures of the search that found it.
    pub fn first(mut self) -> (Option<Solution>, Stats) {
        self.limit = Some(1);
        let found = self.advance().then(|| self.solution());
        while self.advance() {}
        (found, self.stats())
    }

    fn solution(&self) -> Solution {
        Solution {
            rows: self.chosen.clone(),
        }
    }

    fn limit_reached(&self) -> bool {
        self.limit.is_some_and(|l| self.solutions >= l)
    }

    fn level(&mut self) -> &mut Level {
        let depth = self.frames.len().saturating_sub(1);
        if self.levels.len() <= depth {
            self.levels.resize(depth + 1, Level::default());
        }
        &mut self.levels[depth]
    }

    /// Runs until the next solution (true) or the end (false, links restored).
    fn advance(&mut self) -> bool {
        loop {
            match self.phase {
                Phase::Done => return false,
                Phase::Enter => {
                    if self.interrupt.load(Ordering::Relaxed) {
                        self.interrupted = true;
                    }
                    if self.limit_reached() || self.interrupted {
                        self.finish();
                        return false;
                    }
                    let (trail, chosen) = (self.trail.len(), self.chosen.len());
                    self.frames.push(Frame {
                        trail,
                        chosen,
                        column: ROOT,
                        row: ROOT,
                        branch_trail: trail,
                        branch_chosen: chosen,
                    });
                    if self.frames.len() == 1 {
                        self.queue_all();
                    }
                    self.phase = Phase::Next;
                    if !self.propagate() || (self.probe && !self.probe_pairs()) {
                        self.reductions.dead_ends += 1;
                        continue;
                    }
                    let Some(c) = self.choose() else {
                        self.solutions += 1;
                        return true;
                    };
                    let (trail, chosen) = (self.trail.len(), self.chosen.len());
                    let f = self.frames.last_mut().expect("just pushed");
                    (f.column, f.row, f.branch_trail, f.branch_chosen) = (c, c, trail, chosen);
                }
                Phase::Next => {
                    let Some(&f) = self.frames.last() else {
                        self.phase = Phase::Done;
                        return false;
                    };
                    if f.column != ROOT && f.row != f.column {
                        self.undo_to(f.branch_trail);
                        self.chosen.truncate(f.branch_chosen);
                    }
                    let row = if f.column == ROOT || self.limit_reached() {
                        f.column
                    } else {
                        self.links.down(f.row)
                    };
                    if row == f.column {
                        self.undo_to(f.trail);
                        self.chosen.truncate(f.chosen);
                        self.frames.pop();
                        continue;
                    }
                    self.frames.last_mut().expect("nonempty").row = row;
                    self.level().nodes += 1;
                    self.select(row, f.column);
                    self.phase = Phase::Enter;
                }
            }
        }
    }

    /// Unwinds everything: the links are as they were before the search.
    fn finish(&mut self) {
        self.undo_to(0);
        self.chosen.clear();
        self.frames.clear();
        self.phase = Phase::Done;
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("longer than mark") {
                Undo::Hide(x) => {
                    self.links.unhide_row(x);
                    self.hidden[self.links.option(x)] = false;
                }
                Undo::Cover(c) => {
                    self.links.uncover(c);
                    self.active[item_of(c)] = self.primary[item_of(c)];
                }
            }
        }
    }

    /// Puts every active primary column up for the rules (at the root).
    fn queue_all(&mut self) {
        let mut c = self.links.first();
        while c != ROOT {
            self.touch(c);
            c = self.links.next(c);
        }
    }

    /// Notes that column c lost rows.
    #[inline]
    fn touch(&mut self, c: Link) {
        let i = item_of(c);
        if !self.active[i] {
            return;
        }
        if self.links.len(c) <= 1 {
            self.small.push(c);
        }
        if self.subset_rule && !self.queued[i] {
            self.queued[i] = true;
            self.queue.push(c);
        }
    }

    /// Hides the row of node x and notes the columns it leaves.
    #[inline]
    fn hide(&mut self, x: Link) {
        let updates = self.links.hide_row(x);
        self.hidden[self.links.option(x)] = true;
        self.level().updates += updates;
        self.trail.push(Undo::Hide(x));
        let mut j = x;
        loop {
            self.touch(self.links.column(j));
            j = self.links.next(j);
            if j == x {
                break;
            }
        }
    }

    /// Chooses the row of node r (from column `from`): hides every other row that shares a
    /// column with it, then the row itself, then covers its (now empty) columns.
    fn select(&mut self, r: Link, from: Link) {
        self.chosen.push(ChosenRow {
            option: self.links.option(r),
            item: item_of(from),
        });
        let mut j = r;
        loop {
            self.active[item_of(self.links.column(j))] = false;
            j = self.links.next(j);
            if j == r {
                break;
            }
        }
        loop {
            let c = self.links.column(j);
            let mut i = self.links.down(c);
            while i != c {
                let next = self.links.down(i);
                if i != j {
                    self.hide(i);
                }
                i = next;
            }
            j = self.links.next(j);
            if j == r {
                break;
            }
        }
        self.hide(r);
        loop {
            let c = self.links.column(j);
            self.links.cover(c);
            self.level().updates += 1;
            self.trail.push(Undo::Cover(c));
            j = self.links.next(j);
            if j == r {
                break;
            }
        }
    }

    /// Applies the rules until none fires; false at a dead end.
    fn propagate(&mut self) -> bool {
        loop {
            while let Some(c) = self.small.pop() {
                if !self.active[item_of(c)] {
                    continue;
                }
                match self.links.len(c) {
                    0 => {
                        self.clear_queues();
                        return false;
                    }
                    1 => {
                        self.reductions.forced += 1;
                        let r = self.links.down(c);
                        self.select(r, c);
                    }
                    _ => {}
                }
            }
            let Some(x) = self.queue.pop() else {
                return true;
            };
            self.queued[item_of(x)] = false;
            if self.active[item_of(x)]
                && self.links.len(x) >= 2
                && self.links.len(x) <= self.subset_max
            {
                self.subset(x);
            }
        }
    }

    /// Probing: tries each row of each short column (each row once per pass). A row whose
    /// choice propagates to a dead end is hidden; and when every row of a column survives,
    /// the rows that each of them hides are hidden too, since one of them will be chosen.
    /// Passes repeat until one hides nothing. False at a dead end.
    fn probe_pairs(&mut self) -> bool {
        loop {
            self.pass = self.pass.wrapping_add(1);
            if self.pass == 0 {
                self.probed.fill(0);
                self.pass = 1;
            }
            self.pairs.clear();
            let mut c = self.links.first();
            while c != ROOT {
                if self.links.len(c) <= self.probe_size {
                    self.pairs.push(c);
                }
                c = self.links.next(c);
            }
            let mut changed = false;
            for k in 0..self.pairs.len() {
                let c = self.pairs[k];
                if !self.active[item_of(c)] {
                    continue;
                }
                let mut all_ok = true;
                let mut r = self.links.down(c);
                while r != c {
                    let option = self.links.option(r);
                    if self.probed[option] != self.pass {
                        self.probed[option] = self.pass;
                        if !self.try_row(r, c) {
                            self.reductions.failed += 1;
                            self.hide(r);
                            if !self.propagate() {
                                return false;
                            }
                            changed = true;
                            all_ok = false;
                            break;
                        }
                    }
                    r = self.links.down(r);
                }
                if all_ok && self.implied(c) {
                    changed = true;
                    if !self.propagate() {
                        return false;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// A fresh stamp value for `stamp` and `row_stamp` (marks from earlier calls become
    /// stale without clearing the arrays, except on the rare wrap-around).
    fn next_epoch(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.row_stamp.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }

    /// Hides the rows that every row of column c hides when probed; true if any.
    fn implied(&mut self, c: Link) -> bool {
        let epoch = self.next_epoch();
        let size = self.links.len(c);
        let first = self.links.down(c);
        let mut r = first;
        while r != c {
            let o = self.links.option(r);
            for k in 0..self.implies[o].len() {
                let x = self.implies[o][k];
                let ox = self.links.option(x);
                if r == first {
                    self.row_stamp[ox] = epoch;
                    self.hits[ox] = 1;
                } else if self.row_stamp[ox] == epoch {
                    self.hits[ox] += 1;
                }
            }
            r = self.links.down(r);
        }
        let o = self.links.option(first);
        let mut any = false;
        for k in 0..self.implies[o].len() {
            let x = self.implies[o][k];
            let ox = self.links.option(x);
            if self.hits[ox] == size && !self.hidden[ox] {
                self.reductions.implied += 1;
                self.hide(x);
                any = true;
            }
        }
        any
    }

    /// Chooses row r tentatively, propagates, and undoes it all; true if no dead end came.
    /// On success the rows it hid (not those it chose) are kept in `implies`.
    fn try_row(&mut self, r: Link, from: Link) -> bool {
        let (trail, chosen) = (self.trail.len(), self.chosen.len());
        let before = self.reductions;
        self.select(r, from);
        let ok = self.propagate();
        let o = self.links.option(r);
        self.gain[o] = (self.trail.len() - trail) as u32;
        let mut list = std::mem::take(&mut self.implies[o]);
        list.clear();
        if ok {
            for row in &self.chosen[chosen..] {
                self.chosen_in_probe[row.option] = true;
            }
            for u in &self.trail[trail..] {
                if let Undo::Hide(x) = *u
                    && !self.chosen_in_probe[self.links.option(x)]
                {
                    list.push(x);
                }
            }
            for row in &self.chosen[chosen..] {
                self.chosen_in_probe[row.option] = false;
            }
        }
        self.implies[o] = list;
        self.undo_to(trail);
        self.chosen.truncate(chosen);
        self.reductions = Reductions {
            probes: before.probes + 1,
            ..before
        };
        ok
    }

    fn clear_queues(&mut self) {
        self.small.clear();
        for c in self.queue.drain(..) {
            self.queued[item_of(c)] = false;
        }
    }

    /// The column subset rule for primary column x (two rows or more).
    fn subset(&mut self, x: Link) {
        let epoch = self.next_epoch();
        let size = self.links.len(x);
        // The candidates Y are the other columns of x's first row; each later row keeps
        // those it also covers.
        self.candidates.clear();
        let first = self.links.down(x);
        let mut i = first;
        while i != x {
            self.row_stamp[self.links.option(i)] = epoch;
            let mut j = self.links.next(i);
            while j != i {
                let y = item_of(self.links.column(j));
                if i == first {
                    self.stamp[y] = epoch;
                    self.count[y] = 1;
                    self.candidates.push(self.links.column(j));
                } else if self.stamp[y] == epoch {
                    self.count[y] += 1;
                }
                j = self.links.next(j);
            }
            i = self.links.down(i);
        }
        for k in 0..self.candidates.len() {
            let y = self.candidates[k];
            // Equal sizes mean equal row sets: nothing to hide.
            if self.count[item_of(y)] != size || self.links.len(y) == size {
                continue;
            }
            let mut i = self.links.down(y);
            while i != y {
                let next = self.links.down(i);
                if self.row_stamp[self.links.option(i)] != epoch {
                    self.reductions.eliminated += 1;
                    self.hide(i);
                }
                i = next;
            }
        }
    }

    /// The column to branch on; `None` when every primary column is covered (a solution).
    /// With probing, the probed two-row column with the best lookahead score; otherwise (or
    /// if there is none) the shortest primary column, the first in header order. Propagation
    /// leaves no column shorter than 2, so a column of 2 ends the scan.
    fn choose(&self) -> Option<Link> {
        let mut c = self.links.first();
        if c == ROOT {
            return None;
        }
        if self.probe {
            // Lookahead: the two-row column whose rows both reduce the matrix most.
            let mut best = None;
            let mut best_score = 0u64;
            for &c in &self.pairs {
                if !self.active[item_of(c)] || self.links.len(c) != 2 {
                    continue;
                }
                let a = self.links.down(c);
                let b = self.links.down(a);
                let (ga, gb) = (
                    self.gain[self.links.option(a)] as u64,
                    self.gain[self.links.option(b)] as u64,
                );
                let score = ga * gb * 1024 + ga + gb;
                if best.is_none() || score > best_score {
                    best = Some(c);
                    best_score = score;
                }
            }
            if best.is_some() {
                return best;
            }
        }
        let mut best = c;
        let mut best_len = u32::MAX;
        while c != ROOT {
            let len = self.links.len(c);
            if len < best_len {
                best = c;
                best_len = len;
                if len <= 2 {
                    break;
                }
            }
            c = self.links.next(c);
        }
        Some(best)
    }
}

/// By item: whether it is in the header list (a primary item not covered).
fn primaries(links: &Links) -> Vec<bool> {
    let mut active = vec![false; links.item_count()];
    let mut c = links.first();
    while c != ROOT {
        active[item_of(c)] = true;
        c = links.next(c);
    }
    active
}

impl Iterator for Reduce<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.advance().then(|| self.solution())
    }
}

impl Drop for Reduce<'_> {
    fn drop(&mut self) {
        // Unwinding from a panic, the trail may not match the links: leave them marked as
        // moved, and their owner rebuilds them (see `Links::relink`).
        if !std::thread::panicking() {
            self.finish();
            for &o in self.fixed.iter().rev() {
                self.links.uncover_option(o);
            }
            self.links.end_moving();
        }
    }
}
