//! IDA* over the repeat-cover links: depth-first search under a limit on the number of rows,
//! deepened one row at a time until a cover fits.
//!
//! The loop is iterative (explicit frames and an undo log), so deep covers cannot overflow the
//! stack. Each frame is one level of the paper's search(k): the column c branched on and the
//! row tried in it.

use super::bound::{Bound, INFEASIBLE, Scratch, evaluate};
use super::links::{Link, ROOT, RepeatLinks, Undo};
use super::{Iteration, MinCoverStats};
use crate::matrix::OptionId;
use std::sync::atomic::{AtomicBool, Ordering};

/// One level of the search: the column branched on, the node of the row being tried (the
/// header itself before the first), and the undo-log lengths to return to.
#[derive(Debug, Clone, Copy)]
struct Frame {
    col: Link,
    x: Link,
    /// Log length when the level was entered: undoing to it permits the forbidden siblings.
    mark: usize,
    /// Log length just before the current row was chosen.
    choice_mark: usize,
}

/// How many covers a run collects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Want {
    /// Stop at the first minimum cover.
    One,
    /// Every minimum cover, up to the given number.
    All(Option<u64>),
}

/// How a pass of IDA* ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pass {
    /// Every node under the limit was searched.
    Complete,
    /// It stopped at the cap on the number of covers (or at the first, for [`Want::One`]).
    Capped,
    /// The stop flag was set.
    Interrupted,
}

/// The reusable state of one IDA* run.
pub(super) struct Ida<'a> {
    pub(super) links: &'a mut RepeatLinks,
    pub(super) scratch: &'a mut Scratch,
    pub(super) bound: Bound,
    pub(super) stats: MinCoverStats,
    pub(super) covers: Vec<Vec<OptionId>>,
    /// Read at every node: once set, the pass puts the links back and ends.
    pub(super) stop: &'a AtomicBool,
}

impl Ida<'_> {
    /// Deepens the limit from the root bound until covers are found. Returns the limit of the
    /// last pass and how it ended, or `None` when no cover exists.
    pub(super) fn run(&mut self, want: Want) -> Option<(usize, Pass)> {
        self.stats.bound_evaluations += 1;
        let root = evaluate(self.links, self.scratch, self.bound, usize::MAX);
        if root == INFEASIBLE {
            return None;
        }
        let mut limit = root;
        loop {
            let pass = self.iterate(limit, want);
            if !self.covers.is_empty() || pass == Pass::Interrupted {
                return Some((limit, pass));
            }
            limit += 1;
        }
    }

    /// One depth-first pass under `limit`. Leaves the links exactly as it found them.
    fn iterate(&mut self, limit: usize, want: Want) -> Pass {
        let mut it = Iteration {
            limit,
            nodes: 0,
            updates: 0,
        };
        let mut log: Vec<Undo> = Vec::new();
        let mut frames: Vec<Frame> = Vec::new();
        let mut pass = Pass::Complete;
        'node: loop {
            if self.stop.load(Ordering::Relaxed) {
                pass = Pass::Interrupted;
                self.links.undo_to(&mut log, 0);
                break 'node;
            }
            it.nodes += 1;
            let depth = frames.len();
            if self.links.all_covered() {
                // Every smaller cover was ruled out by the previous pass, so depth == limit.
                debug_assert_eq!(depth, limit);
                let mut cover: Vec<OptionId> = frames
                    .iter()
                    .map(|f| self.links.option[self.links.row_of[f.x as usize] as usize])
                    .collect();
                cover.sort_unstable();
                self.covers.push(cover);
                let stop = match want {
                    Want::One => true,
                    Want::All(Some(max)) => self.covers.len() as u64 >= max,
                    Want::All(None) => false,
                };
                if stop {
                    pass = Pass::Capped;
                    self.links.undo_to(&mut log, 0);
                    break 'node;
                }
            } else {
                self.stats.bound_evaluations += 1;
                let h = evaluate(self.links, self.scratch, self.bound, limit - depth);
                if h != INFEASIBLE && depth + h <= limit {
                    let col = self.shortest_column();
                    frames.push(Frame {
                        col,
                        x: col,
                        mark: log.len(),
                        choice_mark: log.len(),
                    });
                }
            }
            // Move to the next row to try, backing up through exhausted levels.
            loop {
                let Some(f) = frames.last_mut() else {
                    break 'node;
                };
                if f.x != f.col {
                    self.links.undo_to(&mut log, f.choice_mark);
                    if self.links.nodes[f.x as usize].d != f.col {
                        // Every cover containing this row has been seen below it: forbid the
                        // row for its later siblings, so no set of rows is reached twice.
                        it.updates += self.links.forbid(f.x);
                        log.push(Undo::Forbid(f.x));
                    }
                }
                let x = self.links.nodes[f.x as usize].d;
                if x == f.col {
                    self.links.undo_to(&mut log, f.mark);
                    frames.pop();
                    continue;
                }
                f.x = x;
                f.choice_mark = log.len();
                let row = self.links.row_of[x as usize] as usize;
                it.updates += self.links.choose_row(row, &mut log);
                continue 'node;
            }
        }
        debug_assert!(log.is_empty());
        self.stats.nodes += it.nodes;
        self.stats.updates += it.updates;
        self.stats.iterations.push(it);
        pass
    }

    /// Knuth's S heuristic: the first uncovered column with the fewest rows left.
    fn shortest_column(&self) -> Link {
        let n = &self.links.nodes;
        let mut c = n[ROOT as usize].r;
        let mut best = c;
        let mut min = u32::MAX;
        while c != ROOT {
            let s = self.links.size[c as usize];
            if s < min {
                min = s;
                best = c;
                if s <= 1 {
                    break;
                }
            }
            c = n[c as usize].r;
        }
        best
    }
}
