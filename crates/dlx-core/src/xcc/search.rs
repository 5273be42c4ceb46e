//! search(k) for colours and multiplicities: Knuth's Algorithm M, which is Algorithm C when
//! every bound is `[1, 1]`, written as a resumable state machine so that it can be driven as
//! an iterator.
//!
//! At each node the search chooses an active primary item (the S heuristic: the smallest
//! *branching degree*, `len + min(slack, bound) - bound + 1`, ties to the smaller slack, then
//! the longer list, then the leftmost; for exact cover this is dance.w's rule) and tries its
//! *moves*: each option still in its list, and, when the item may stay below its upper bound,
//! finally the *null move* that leaves it as it is. An item that must take more options
//! (`bound > 1` or slack) is *tweaked* rather than covered: each option tried is taken out of
//! its list, so that later moves do not repeat it.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use std::sync::{Arc, OnceLock};

use super::arena::{Arena, SPACER, ix};
use super::{Counter, Xcc};
use crate::dlx::FixError;
use crate::engine::{NEVER, Path, Split};
use crate::estimate::{Probe, SplitMix64};
use crate::matrix::OptionId;
use crate::rule::Heuristic;
use crate::solution::{ChosenRow, Solution};
use crate::stats::{Level, Stats};

/// Where the state machine resumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Enter a new node at `level`.
    Forward,
    /// Try the move `choice[level]`.
    Advance,
    /// Restore the item chosen at `level` and leave the level.
    Backup,
    /// Return to the node above.
    Backdown,
    /// The tree is exhausted, or the search was stopped.
    Done,
}

/// One search over an [`Xcc`] arena, one step at a time: the state machine under
/// [`crate::Solve`] (see [`crate::step`]). Configure it with the builder methods, then drive
/// it with [`XccSearch::next_solution`], [`XccSearch::run`], [`XccSearch::count`],
/// [`XccSearch::first`] or as an iterator of [`Solution`]s. Dropping it, finished or not,
/// restores the arena exactly.
#[must_use = "a search does nothing until it is run, counted or iterated"]
pub struct XccSearch<'a> {
    arena: &'a mut Arena,
    /// Algorithm M's counting when the matrix has bounds (DLX3); else DLX2's, which covers
    /// an item with no options before backing up (1 update).
    bounds: bool,
    heuristic: Heuristic,
    step: Step,
    level: usize,
    /// Per level, what the level's node holds and counts ([`Frame`]); one more than the
    /// deepest level entered.
    frames: Vec<Frame>,
    solutions: u64,
    limit: Option<u64>,
    stopped: bool,
    interrupt: &'a AtomicBool,
    interrupted: bool,
    /// A stop that is not an interrupt (see [`crate::Search`]'s).
    stop: &'a AtomicBool,
    /// When splitting: the depth whose nodes are recorded as paths instead of searched.
    cutoff: Option<usize>,
    paths: Vec<Vec<u32>>,
    /// A split recording more paths than this stops there ([`XccSearch::split_at_most`]).
    most_paths: usize,
    /// When searching a subtree: the move to take at each level above it.
    path: Vec<u32>,
    /// When probing for an estimate: the generator that picks each level's move.
    rng: Option<SplitMix64>,
    /// Options chosen before the search ([`XccSearch::fix`]).
    fixed: Vec<OptionId>,
    /// Set by [`XccSearch::count`]: a solution is counted without leaving the loop.
    counting: bool,
    /// The owner's layout of the count without links, built by the first count that takes
    /// it (`None`: built afresh for each count).
    counter: Option<Arc<OnceLock<Option<Counter>>>>,
    /// The fixes made (undone in reverse when the search ends), or `None` before they are.
    fixes: Option<Vec<Fix>>,
    /// Set by tests: the arena's invariants are checked at every node entered.
    #[cfg(test)]
    pub(super) checked: bool,
}

/// One level of the search: its node's state and the figures counted at its depth, side by
/// side, so that a step reaches them through one bounds check (with ten vectors, one per
/// field, counting the 7 x 7 matrices with two ones in every line took 4.56 × 10^9
/// instructions; with frames, 4.05 × 10^9).
#[derive(Debug, Clone, Copy, Default)]
struct Frame {
    /// The node of the move (an option's node, or the item's header for the null move).
    choice: u32,
    /// The item branched on.
    best: u32,
    /// The move's number, and the branching degree.
    index: u32,
    degree: u32,
    /// The arena's trail mark before the item's cover and the tweaks, and before the
    /// current move's commit.
    entry_mark: usize,
    move_mark: usize,
    /// Nodes entered, updates and cleansings made at this depth.
    nodes: u64,
    updates: u64,
    cleansings: u64,
    /// The updates made on entering the node (covering the item chosen there, or DLX2's
    /// charge for an empty one), apart from those of the move tried.
    entry: u64,
}

/// An option chosen before the search, as a move at its first primary item: what undoes it.
#[derive(Debug, Clone, Copy)]
struct Fix {
    best: u32,
    cur: u32,
    entry_mark: usize,
    move_mark: usize,
}

impl<'a> XccSearch<'a> {
    /// A search of the arena with Knuth's choice of item, to be configured and driven.
    ///
    /// # Panics
    /// If the matrix has option costs ([`Xcc::has_costs`]), which this search would ignore.
    pub fn new(xcc: &'a mut Xcc) -> Self {
        assert!(
            !xcc.has_costs(),
            "the matrix has option costs, which this search would ignore: use Solve::min_cost"
        );
        XccSearch::of(xcc)
    }

    /// [`XccSearch::new`] for [`crate::Solve`], which refuses costs itself (or, checking
    /// fixed options, searches nothing).
    pub(crate) fn of(xcc: &'a mut Xcc) -> Self {
        let bounds = xcc.has_bounds();
        let counter = Arc::clone(&xcc.counter.0);
        let mut search = XccSearch::over(xcc.arena(), bounds);
        search.counter = Some(counter);
        search
    }

    pub(super) fn over(arena: &'a mut Arena, bounds: bool) -> Self {
        arena.moved = true;
        XccSearch {
            arena,
            bounds,
            heuristic: Heuristic::Mrv,
            step: Step::Forward,
            level: 0,
            frames: Vec::new(),
            solutions: 0,
            limit: None,
            stopped: false,
            interrupt: &NEVER,
            interrupted: false,
            stop: &NEVER,
            cutoff: None,
            paths: Vec::new(),
            most_paths: usize::MAX,
            path: Vec::new(),
            rng: None,
            fixed: Vec::new(),
            fixes: None,
            counting: false,
            counter: None,
            #[cfg(test)]
            checked: false,
        }
    }

    /// Chooses `options` before the search, as [`crate::Solve::fix`] does: each is taken as
    /// a move at its first primary item, its items covered, purified or their bounds lowered,
    /// and the search is the one of what remains, its figures without those moves. An option
    /// that does not exist, has no primary item, or is excluded by those before it is
    /// refused.
    ///
    /// # Panics
    /// If the search has begun, or options were fixed already.
    pub fn fix(mut self, options: &[OptionId]) -> Result<Self, FixError> {
        assert!(
            self.step == Step::Forward && self.level == 0 && self.fixed.is_empty(),
            "options are fixed once, before the search begins"
        );
        self.fixed = options.to_vec();
        // Tried once here, so that the search makes them without fail.
        self.make_fixes()?;
        self.undo_fixes();
        Ok(self)
    }

    /// Fixes options already checked ([`XccSearch::fix`] on the same arena).
    pub(crate) fn fixed_checked(mut self, options: &[OptionId]) -> Self {
        self.fixed = options.to_vec();
        self
    }

    /// Makes the moves of the fixed options.
    fn make_fixes(&mut self) -> Result<(), FixError> {
        let mut done = Vec::with_capacity(self.fixed.len());
        for &option in &self.fixed {
            let a = &mut *self.arena;
            let Some(&start) = a.option_start.get(option) else {
                self.fixes = Some(done);
                self.undo_fixes();
                return Err(FixError::NoSuchOption(option));
            };
            let found = (start != u32::MAX)
                .then(|| fixed_move(a, start, option))
                .flatten();
            let Some((best, cur)) = found else {
                self.fixes = Some(done);
                self.undo_fixes();
                return Err(if start == u32::MAX {
                    FixError::NoPrimaryItem(option)
                } else {
                    FixError::Excluded(option)
                });
            };
            // The item's entry, then the move, as Forward and Advance make them.
            let entry_mark = a.mark();
            a.item_mut(best).bound -= 1;
            if a.item(best).bound == 0 {
                a.cover(best);
                a.deactivate(best);
            }
            let (bound, slack) = (a.item(best).bound, a.item(best).slack);
            if bound != 0 || slack != 0 {
                a.tweak(cur, bound != 0);
            }
            let move_mark = a.mark();
            a.commit(cur);
            done.push(Fix {
                best,
                cur,
                entry_mark,
                move_mark,
            });
        }
        self.fixes = Some(done);
        Ok(())
    }

    /// Undoes the fixed options' moves, newest first.
    fn undo_fixes(&mut self) {
        let a = &mut *self.arena;
        for f in self.fixes.take().unwrap_or_default().into_iter().rev() {
            let bound = a.item(f.best).bound;
            a.uncommit(f.cur, f.move_mark);
            a.undo(f.entry_mark);
            if bound == 0 {
                a.reactivate(f.best);
            }
            a.item_mut(f.best).bound += 1;
        }
    }

    /// Chooses the item to branch on: [`Heuristic::Mrv`] (the default, Knuth's) or
    /// [`Heuristic::Leftmost`]; [`Heuristic::MrvEager`] is taken as `Mrv` here.
    pub fn heuristic(mut self, h: Heuristic) -> Self {
        self.heuristic = h;
        self
    }

    /// Stops after `n` solutions.
    pub fn limit(mut self, n: u64) -> Self {
        self.limit = Some(n);
        self
    }

    /// Stops at the next node once `flag` is set (for example by a Ctrl-C handler); the
    /// figures then cover the part of the tree searched, with `complete` false.
    pub fn interrupt(mut self, flag: &'a AtomicBool) -> Self {
        self.interrupt = flag;
        self
    }

    /// Also stops at the next node once `flag` is set, without counting as interrupted.
    pub(crate) fn stop_on(mut self, flag: &'a AtomicBool) -> Self {
        self.stop = flag;
        self
    }

    /// Whether the interrupt flag stopped the search.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Searches only the subtree reached by the moves of `path` (from [`XccSearch::split`]);
    /// its figures count only the depths at and below the path's end. A move here may be a
    /// tweak or the null move, which fixing options cannot replay, so the search replays the
    /// moves themselves: it runs as the whole search does, skipping every move off the path,
    /// and counts only the depths at and below its end, where the two trees are the same.
    pub(crate) fn below(mut self, path: Vec<u32>) -> Self {
        self.path = path;
        self
    }

    /// Starts over below another path, once this search is done: the figures start from
    /// zero, the settings stay.
    pub(crate) fn restart_below(&mut self, path: &[u32]) {
        assert_eq!(self.step, Step::Done, "a search restarts only once done");
        self.arena.moved = true;
        self.path = path.to_vec();
        self.step = Step::Forward;
        self.level = 0;
        for f in &mut self.frames {
            (f.nodes, f.updates, f.cleansings, f.entry) = (0, 0, 0, 0);
        }
        self.solutions = 0;
        self.stopped = false;
        self.interrupted = false;
    }

    /// The figures so far.
    pub fn stats(&self) -> Stats {
        let from = self.path.len();
        let at = |field: fn(&Frame) -> u64, d: usize| {
            if d < from {
                0
            } else {
                self.frames.get(d).map_or(0, field)
            }
        };
        let levels = (0..self.frames.len())
            .map(|k| Level {
                nodes: at(|f| f.nodes, k + 1),
                updates: at(|f| f.updates, k),
            })
            .collect();
        // A subtree's root is counted at its depth, and `nodes` is one more than the levels'
        // sum, as for every `Stats` (and as `Stats::merge` makes it for the same subtree run
        // in parts): an audit found one thread and two disagreeing here by one.
        let mut stats = Stats::from_levels(
            self.solutions,
            levels,
            self.step == Step::Done && !self.stopped,
        );
        stats.cleansings = (0..self.frames.len())
            .map(|d| at(|f| f.cleansings, d))
            .sum();
        stats
    }

    /// Knuth's estimate of the fraction of the tree done, from the moves taken so far at
    /// each level and their branching degrees.
    pub fn progress(&self) -> f64 {
        if self.step == Step::Done && !self.stopped {
            return 1.0;
        }
        let (mut done, mut scale) = (0.0, 1.0);
        for l in 0..self.level.min(self.frames.len()) {
            let d = f64::from(self.frames[l].degree.max(1));
            done += scale * f64::from(self.frames[l].index) / d;
            scale /= d;
        }
        done
    }

    /// Grows the per-level arrays to hold `level`.
    fn reserve(&mut self, level: usize) {
        if self.frames.len() <= level + 1 {
            self.frames.resize(level + 2, Frame::default());
        }
    }

    /// The item to branch on and its branching degree; `None` when no primary item is
    /// active (a solution).
    fn choose(&self) -> Option<(u32, i64)> {
        let a = &*self.arena;
        let mut k = a.first_active();
        if k == 0 {
            return None;
        }
        if self.heuristic == Heuristic::Leftmost {
            let r = a.item(k);
            let s = r.slack.min(r.bound);
            return Some((
                k,
                i64::from(a.len(k)) + i64::from(s) - i64::from(r.bound) + 1,
            ));
        }
        if !self.bounds {
            // Exact cover's S heuristic: the shortest list, leftmost on ties; none is
            // shorter than empty.
            let (mut best, mut min) = (k, u32::MAX);
            while k != 0 {
                let len = a.len(k);
                if len < min {
                    (best, min) = (k, len);
                    if len == 0 {
                        break;
                    }
                }
                k = a.item(k).next;
            }
            return Some((best, i64::from(min)));
        }
        // The branching degree t, then the smaller slack s, then the longer list. An item
        // with t <= 0 ends the scan: the node then backs up whichever item it names, and
        // Algorithm M makes no update there.
        let (mut best, mut bt, mut bs, mut blen) = (k, i64::MAX, 0, 0);
        while k != 0 {
            let r = a.item(k);
            let (len, b) = (i64::from(a.len(k)), i64::from(r.bound));
            let s = i64::from(r.slack).min(b);
            let t = len + s - b + 1;
            if t < bt || (t == bt && (s < bs || (s == bs && len > blen))) {
                (best, bt, bs, blen) = (k, t, s, len);
                if t <= 0 {
                    break;
                }
            }
            k = r.next;
        }
        Some((best, bt))
    }

    /// Runs the state machine until the next solution (true) or the end (false).
    fn step(&mut self) -> bool {
        if self.limit == Some(0) && self.fixes.is_none() && self.step != Step::Done {
            // A limit of 0 searches nothing (the limit is tested after each solution, so
            // the search would find one first), as Algorithm DLX's search does.
            self.stopped = true;
            self.step = Step::Done;
            self.arena.moved = false;
            return false;
        }
        if self.fixes.is_none() && self.step != Step::Done && self.make_fixes().is_err() {
            // Checked by `fix`: the arena is the same at every start. Nothing is claimed.
            self.stopped = true;
            self.step = Step::Done;
            self.arena.moved = false;
            return false;
        }
        loop {
            match self.step {
                Step::Done => return false,
                Step::Forward => {
                    let level = self.level;
                    self.reserve(level);
                    if self.interrupt.load(Ordering::Relaxed) || self.stop.load(Ordering::Relaxed) {
                        self.interrupted = self.interrupt.load(Ordering::Relaxed);
                        self.stop();
                        return false;
                    }
                    if self.cutoff == Some(level) {
                        self.paths
                            .push(self.frames[..level].iter().map(|f| f.index).collect());
                        if self.paths.len() > self.most_paths {
                            // The cut is wider than the caller can hold.
                            self.stop();
                            return false;
                        }
                        self.step = Step::Backdown;
                        continue;
                    }
                    self.frames[level].nodes += 1;
                    #[cfg(test)]
                    if self.checked {
                        let checked = self.arena.check();
                        assert_eq!(checked, Ok(()), "at a node of depth {level}");
                    }
                    let Some((best, degree)) = self.choose() else {
                        self.step = Step::Backdown;
                        // Only a subtree's own solutions count: a path that is not one of
                        // this tree's may run on past a solution, which is then no solution
                        // of the subtree, counted or visited.
                        if level < self.path.len() {
                            continue;
                        }
                        self.solutions += 1;
                        if self.limit.is_some_and(|n| self.solutions >= n) {
                            self.stopped = true;
                        }
                        if self.counting {
                            continue;
                        }
                        return true;
                    };
                    if degree <= 0 {
                        if !self.bounds {
                            // DLX2 covers the empty item, then finds no option to try.
                            let f = &mut self.frames[level];
                            f.updates += 1;
                            f.entry = 1;
                        }
                        self.step = Step::Backdown;
                        continue;
                    }
                    if let Some(rng) = &mut self.rng
                        && self.path.len() == level
                    {
                        // A probe takes one move, at random (below the path it starts from).
                        self.path
                            .push(rng.below(degree.min(i64::from(u32::MAX)) as u32));
                    }
                    let a = &mut *self.arena;
                    let f = &mut self.frames[level];
                    f.choice = a.down(best);
                    f.best = best;
                    f.index = 0;
                    f.degree = degree as u32;
                    f.entry_mark = a.mark();
                    a.item_mut(best).bound -= 1;
                    f.entry = 0;
                    if a.item(best).bound == 0 {
                        let u = a.cover(best);
                        f.updates += u;
                        f.entry = u;
                        a.deactivate(best);
                    }
                    self.step = Step::Advance;
                }
                Step::Advance => {
                    let level = self.level;
                    let a = &mut *self.arena;
                    let f = &mut self.frames[level];
                    let (best, cur) = (f.best, f.choice);
                    let (bound, slack) = (a.item(best).bound, a.item(best).slack);
                    let mut tweaked = 0;
                    if bound == 0 && slack == 0 {
                        if cur == best {
                            self.step = Step::Backup;
                            continue;
                        }
                    } else if i64::from(a.len(best)) <= i64::from(bound) - i64::from(slack) {
                        self.step = Step::Backup;
                        continue;
                    } else if cur != best {
                        tweaked = a.tweak(cur, bound != 0);
                    } else if bound != 0 {
                        a.deactivate(best);
                    }
                    if level < self.path.len() && f.index != self.path[level] {
                        // Not on the way to the subtree: skip this move, or, past it, leave
                        // the level as the null move's return would (reactivating the item
                        // if the null move or a cover took it out).
                        if f.index > self.path[level] || cur == best {
                            if cur == best || (bound == 0 && slack != 0) {
                                a.reactivate(best);
                            }
                            self.step = Step::Backup;
                        } else {
                            f.choice = a.down(cur);
                            f.index += 1;
                        }
                        // The tweak of a move skipped belongs to a sibling's subtree, which
                        // neither a worker nor a probe counts.
                        continue;
                    }
                    f.updates += tweaked;
                    f.move_mark = a.mark();
                    if cur != best {
                        let (u, c) = a.commit(cur);
                        f.updates += u;
                        f.cleansings += c;
                    }
                    self.level += 1;
                    self.step = Step::Forward;
                }
                Step::Backup => {
                    let f = &self.frames[self.level];
                    let best = f.best;
                    let a = &mut *self.arena;
                    // The item's cover and its tweaks, from the trail. A covered item is
                    // taken back into the active list here; an item with slack was taken
                    // back when its null move returned.
                    a.undo(f.entry_mark);
                    if a.item(best).bound == 0 && a.item(best).slack == 0 {
                        a.reactivate(best);
                    }
                    a.item_mut(best).bound += 1;
                    self.step = Step::Backdown;
                }
                Step::Backdown => {
                    if self.level == 0 {
                        self.undo_fixes();
                        self.step = Step::Done;
                        self.arena.moved = false;
                        return false;
                    }
                    if self.stopped {
                        // A limit: unwind without trying further moves.
                        self.unwind();
                        return false;
                    }
                    self.level -= 1;
                    let a = &mut *self.arena;
                    let f = &mut self.frames[self.level];
                    let (best, cur) = (f.best, f.choice);
                    if cur == best {
                        // The null move was the last.
                        a.reactivate(best);
                        self.step = Step::Backup;
                        continue;
                    }
                    a.uncommit(cur, f.move_mark);
                    f.choice = a.down(cur);
                    f.index += 1;
                    self.step = Step::Advance;
                }
            }
        }
    }

    /// Stops the search where it stands: the links are put back, and the figures reached
    /// are final, with `complete` false.
    pub(crate) fn halt(&mut self) {
        if self.step != Step::Done {
            self.stopped = true;
            self.unwind();
        }
    }

    /// Stops the search: the links are put back at once.
    fn stop(&mut self) {
        self.step = Step::Backdown;
        self.stopped = true;
        self.unwind();
    }

    /// Puts every link back from wherever the state machine stands, level by level. The
    /// machine stops only on entering a node (a solution, an interrupt), so every level
    /// below holds a move made: undo it, then the item's choice, as the return from that
    /// move and the level's backup would.
    fn unwind(&mut self) {
        debug_assert!(matches!(
            self.step,
            Step::Forward | Step::Backdown | Step::Done
        ));
        while self.level > 0 {
            self.level -= 1;
            let (best, cur) = (self.frames[self.level].best, self.frames[self.level].choice);
            let a = &mut *self.arena;
            let bound = a.item(best).bound;
            if cur != best {
                a.uncommit(cur, self.frames[self.level].move_mark);
            }
            a.undo(self.frames[self.level].entry_mark);
            // Out of the active list after a cover (bound 0) or the null move.
            if bound == 0 || cur == best {
                a.reactivate(best);
            }
            a.item_mut(best).bound += 1;
        }
        self.undo_fixes();
        self.step = Step::Done;
        self.arena.moved = false;
    }

    /// The solution just found: the options chosen (null moves leave none), each with the
    /// item branched on.
    fn solution_rows(&self) -> impl Iterator<Item = ChosenRow> + '_ {
        let a = &*self.arena;
        (0..self.level)
            .filter(|&l| self.frames[l].choice != self.frames[l].best)
            .map(move |l| ChosenRow {
                option: a.option_of[ix(self.frames[l].choice)] as usize,
                item: a.item_of[ix(self.frames[l].best)] as usize,
            })
    }

    /// One random root-to-leaf probe for Knuth's estimate: each level takes one of its moves
    /// at random; a node reached through branching degrees d_0, ..., d_{k-1} stands for
    /// d_0 ⋯ d_{k-1} nodes, the updates on entering it for as many, and a move's own updates
    /// (its tweak and commit) for as many as its child. `level_nodes[k]` receives the weight
    /// of the node met at depth k + 1. After [`XccSearch::below`], the probe follows the
    /// path and starts at its end, as from a root: weights, nodes and `level_nodes` count
    /// from there, the node at the path's end once.
    pub(crate) fn probe(mut self, rng: &mut SplitMix64, level_nodes: &mut Vec<f64>) -> Probe {
        let from = self.path.len();
        self.rng = Some(rng.clone());
        let solution = self.step();
        if solution {
            self.stopped = true;
            self.unwind();
        } else {
            while self.step() {}
        }
        let leaf = self.path.len();
        let (mut weight, mut nodes, mut updates) = (1.0f64, 1.0f64, 0.0f64);
        for l in from..=leaf {
            let entry = self.frames.get(l).map_or(0, |f| f.entry);
            updates += weight * entry as f64;
            if l == leaf {
                break;
            }
            let child = weight * f64::from(self.frames[l].degree);
            updates += child * (self.frames[l].updates - entry) as f64;
            if level_nodes.len() <= l - from {
                level_nodes.push(0.0);
            }
            level_nodes[l - from] += child;
            nodes += child;
            weight = child;
        }
        *rng = self.rng.take().expect("set above");
        Probe {
            nodes,
            updates,
            solutions: if solution { weight } else { 0.0 },
        }
    }

    /// Moves to the next solution without building it (for counting one at a time): false
    /// when the tree is exhausted or a limit reached.
    pub fn advance(&mut self) -> bool {
        self.step()
    }

    /// The next solution, or `None` when the tree is exhausted or a limit reached.
    pub fn next_solution(&mut self) -> Option<Solution> {
        if self.step() {
            Some(Solution {
                rows: self.solution_rows().collect(),
            })
        } else {
            None
        }
    }

    /// Visits every solution until the visitor breaks; returns the figures.
    pub fn run(mut self, mut visit: impl FnMut(&Solution) -> ControlFlow<()>) -> Stats {
        let mut solution = Solution { rows: Vec::new() };
        let mut show = |rows: &[ChosenRow]| {
            solution.rows.clear();
            solution.rows.extend_from_slice(rows);
            visit(&solution)
        };
        if self.small(Some(&mut show)) {
            return self.stats();
        }
        while self.step() {
            solution.rows.clear();
            solution.rows.extend(self.solution_rows());
            if visit(&solution).is_break() {
                self.stopped = true;
                self.unwind();
            }
        }
        self.stats()
    }

    /// Counts every solution.
    pub fn count(mut self) -> Stats {
        self.count_rest();
        self.stats()
    }

    /// Counts every solution left, in place: the figures are then in [`XccSearch::stats`].
    pub(crate) fn count_rest(&mut self) {
        if self.small(None) {
            return;
        }
        self.counting = true;
        while self.step() {}
        self.counting = false;
    }

    /// Searches without links when the search has not begun, with no option fixed, and the
    /// matrix fits: [`super::bits`] counts a matrix with bounds under Knuth's rule,
    /// [`super::colors`] counts (or, given `visit`, runs) one without bounds. The same
    /// figures, level by level, in the same frames, and the same solutions in the same
    /// order. False when it does not apply.
    fn small(&mut self, visit: Option<&mut crate::wide::Visit<'_>>) -> bool {
        let fresh = self.step == Step::Forward
            && self.level == 0
            && self.fixes.is_none()
            && self.fixed.is_empty()
            && self.cutoff.is_none()
            && self.rng.is_none()
            && self.limit != Some(0);
        if !fresh {
            return false;
        }
        // A test that checks the arena at every node wants the state machine.
        #[cfg(test)]
        if self.checked {
            return false;
        }
        let leftmost = self.heuristic == Heuristic::Leftmost;
        let job = super::bits::Job {
            path: &self.path,
            leftmost,
            limit: self.limit,
            interrupt: self.interrupt,
            stop: self.stop,
        };
        // The search has not begun: the arena is at rest, as the layout wants it.
        let built;
        let counter = match &self.counter {
            Some(cell) => cell.get_or_init(|| Counter::new(self.arena, self.bounds)),
            None => {
                built = Counter::new(self.arena, self.bounds);
                &built
            }
        };
        let fig = match counter {
            Some(Counter::Bounds(bits)) if !leftmost && visit.is_none() => bits.count(&job),
            Some(Counter::Colors(colors)) => colors.count(&job, visit),
            _ => return false,
        };
        self.reserve(fig.deepest);
        for (k, f) in self.frames.iter_mut().enumerate() {
            let at = |v: &Vec<u64>| v.get(k).copied().unwrap_or(0);
            f.nodes += at(&fig.nodes);
            f.updates += at(&fig.updates);
            f.cleansings += at(&fig.cleansings);
        }
        self.solutions = fig.solutions;
        self.stopped = fig.stopped;
        self.interrupted = fig.interrupted;
        self.step = Step::Done;
        self.arena.moved = false;
        true
    }

    /// The first solution, and the figures up to it.
    pub fn first(mut self) -> (Option<Solution>, Stats) {
        let s = self.next_solution();
        if s.is_some() {
            self.stopped = true;
            self.unwind();
        }
        (s, self.stats())
    }

    /// Searches the tree down to `depth` only, returning the figures above it and the paths
    /// to the nodes at it (the parallel search's and the shards' subproblems).
    pub fn split(self, depth: usize) -> Split {
        self.split_at_most(depth, usize::MAX)
            .expect("no split has more than usize::MAX paths")
    }

    /// [`XccSearch::split`], given up (`None`) as soon as the cut holds more than `most`
    /// nodes.
    pub(crate) fn split_at_most(mut self, depth: usize, most: usize) -> Option<Split> {
        self.cutoff = Some(depth.max(1));
        self.most_paths = most;
        let mut solutions = Vec::new();
        while let Some(s) = self.next_solution() {
            solutions.push(s);
        }
        if self.paths.len() > most {
            return None;
        }
        Some(Split {
            depth: depth.max(1),
            stats: self.stats(),
            solutions,
            paths: std::mem::take(&mut self.paths)
                .into_iter()
                .map(Path::from_moves)
                .collect(),
        })
    }
}

impl Iterator for XccSearch<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.next_solution()
    }
}

impl Drop for XccSearch<'_> {
    fn drop(&mut self) {
        if self.step != Step::Done && !std::thread::panicking() {
            self.stopped = true;
            self.unwind();
        }
    }
}

impl std::fmt::Debug for XccSearch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("XccSearch")
            .field("level", &self.level)
            .field("solutions", &self.solutions)
            .field("heuristic", &self.heuristic)
            .finish_non_exhaustive()
    }
}

/// The move that chooses `option` (its first node at `start`): its first primary item and
/// its node in that item's list, if the item may take one more option and the node is still
/// in the list (not hidden by an earlier move).
fn fixed_move(a: &Arena, start: u32, option: OptionId) -> Option<(u32, u32)> {
    let mut x = start;
    let best = loop {
        let h = a.nodes[ix(x)].itm;
        if h == SPACER {
            return None;
        }
        if h < a.second {
            break h;
        }
        x += super::arena::NODE;
    };
    if a.item(best).bound == 0 {
        return None;
    }
    let mut y = a.down(best);
    while y != best {
        if a.option_of[ix(y)] as usize == option {
            return Some((best, y));
        }
        y = a.down(y);
    }
    None
}
