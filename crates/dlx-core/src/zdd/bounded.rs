//! The ZDD of a matrix with multiplicities, which DLX6 does not take: the same idea (cache
//! each remaining problem, reuse its diagram) on a state that bounds make larger.
//!
//! With bounds, the primary items left to cover no longer tell what is left of the problem:
//! an item may still want two options, or one, or none but allow one more. So the state is
//! written down whole: which options may still be chosen, and for each primary item how
//! many more options it needs (its lower bound less those chosen) and allows (its upper
//! bound less those chosen). Secondary items need nothing more: an option they rule out
//! (a clash of colours, an uncoloured item used twice) is simply no longer choosable, so the
//! choosable set carries their state. Two equal states have equal solutions, which makes
//! the cache sound.
//!
//! The branching is binary, which suits a ZDD node: the first choosable option `x` of the
//! item that needs an option and has the fewest choosable ones (or, when no item needs one,
//! the first choosable option), with `x` (HI) or without it (LO). A state with nothing
//! choosable is a solution when no item needs more, else none. These figures are not
//! Knuth's (no program of his makes this diagram); the counts are checked against
//! Algorithm M's.

use std::sync::atomic::{AtomicBool, Ordering};

use super::cache::Cache;
use super::search::{Input, MAX_NODES, Stop};
use super::{ZddNode, ZddStats};
use crate::matrix::OptionId;

/// The matrix and the state of the search.
pub(super) struct Bounded<'a> {
    input: &'a Input,
    /// The kept options (those with a primary item), numbered from 1 in this order.
    pub(super) options: Vec<OptionId>,
    /// The kept options containing each item.
    containing: Vec<Vec<u32>>,
    /// Whether each kept option may still be chosen, as bits.
    choosable: Vec<u64>,
    /// Per item, how many choosable options contain it, kept as options come and go.
    live: Vec<u32>,
    /// Per item: options still needed and still allowed (primary items).
    need: Vec<u32>,
    allow: Vec<u32>,
    /// Per secondary item: its colour once an option with it is chosen (`u32::MAX` for
    /// none yet).
    colour: Vec<u32>,
    nodes: Vec<ZddNode>,
    cache: Cache<u64>,
    pub(super) stats: ZddStats,
}

const NO_COLOUR: u32 = u32::MAX;

impl<'a> Bounded<'a> {
    pub(super) fn new(input: &'a Input) -> Self {
        let items = input.primary.len();
        let options: Vec<OptionId> = (0..input.options.len())
            .filter(|&o| input.options[o].iter().any(|&(i, _)| input.primary[i]))
            .collect();
        let mut containing = vec![Vec::new(); items];
        for (k, &o) in options.iter().enumerate() {
            for &(i, _) in &input.options[o] {
                containing[i].push(k as u32);
            }
        }
        let mut choosable = vec![0u64; options.len().div_ceil(64)];
        for k in 0..options.len() {
            choosable[k / 64] |= 1 << (k % 64);
        }
        let bound = |i: usize| input.bounds.get(i).copied().unwrap_or((1, 1));
        Bounded {
            input,
            need: (0..items).map(|i| bound(i).0).collect(),
            allow: (0..items).map(|i| bound(i).1).collect(),
            colour: vec![NO_COLOUR; items],
            live: containing.iter().map(|c| c.len() as u32).collect(),
            containing,
            choosable,
            options,
            nodes: Vec::new(),
            cache: Cache::new(),
            stats: ZddStats::default(),
        }
    }

    fn is_choosable(&self, k: u32) -> bool {
        self.choosable[k as usize / 64] >> (k % 64) & 1 == 1
    }

    fn set(&mut self, k: u32, on: bool) {
        if self.is_choosable(k) == on {
            return;
        }
        self.choosable[k as usize / 64] ^= 1u64 << (k % 64);
        for &(i, _) in self.row(k) {
            if on {
                self.live[i] += 1;
            } else {
                self.live[i] -= 1;
            }
        }
    }

    fn row(&self, k: u32) -> &'a [(usize, u32)] {
        &self.input.options[self.options[k as usize]]
    }

    /// The state, as the cache's key: the choosable bits, then each primary item that some
    /// choosable option contains, with its need and its allowance. An item no choosable
    /// option contains has no say in what follows (a needy one makes the state a dead end
    /// before any key is made), and an allowance above the item's choosable options allows
    /// nothing more, so it is cut down to them: equal futures get equal keys.
    fn key(&self) -> Box<[u64]> {
        let mut key = self.choosable.clone();
        for (i, &p) in self.input.primary.iter().enumerate() {
            if !p {
                continue;
            }
            let n = self.live[i];
            debug_assert_eq!(
                n as usize,
                self.containing[i]
                    .iter()
                    .filter(|&&j| self.is_choosable(j))
                    .count()
            );
            if n > 0 {
                key.push(i as u64);
                key.push(u64::from(self.need[i]) << 32 | u64::from(self.allow[i].min(n)));
            }
        }
        key.into_boxed_slice()
    }

    /// Chooses option `k`: lowers its primary items' needs and allowances, colours its
    /// secondary items, and makes unchoosable every option that now breaks a bound or a
    /// colour. Returns what to undo: the options made unchoosable, and the secondary items
    /// coloured.
    fn choose(&mut self, k: u32) -> (Vec<u32>, Vec<usize>) {
        let mut off = Vec::new();
        let mut coloured = Vec::new();
        self.set(k, false);
        off.push(k);
        for &(i, c) in self.row(k) {
            if self.input.primary[i] {
                self.need[i] = self.need[i].saturating_sub(1);
                self.allow[i] -= 1;
                if self.allow[i] == 0 {
                    for n in 0..self.containing[i].len() {
                        let j = self.containing[i][n];
                        if self.is_choosable(j) {
                            self.set(j, false);
                            off.push(j);
                        }
                    }
                }
            } else if c == 0 || self.colour[i] == NO_COLOUR {
                // An uncoloured secondary item is used once; a coloured one takes its colour.
                if c != 0 {
                    self.colour[i] = c;
                    coloured.push(i);
                }
                for n in 0..self.containing[i].len() {
                    let j = self.containing[i][n];
                    let cj = self.input.options[self.options[j as usize]]
                        .iter()
                        .find(|&&(ii, _)| ii == i)
                        .map_or(0, |&(_, cj)| cj);
                    if self.is_choosable(j) && (c == 0 || cj != c) {
                        self.set(j, false);
                        off.push(j);
                    }
                }
            }
        }
        (off, coloured)
    }

    fn unchoose(&mut self, k: u32, off: &[u32], coloured: &[usize]) {
        for &(i, _) in self.row(k) {
            if self.input.primary[i] {
                self.allow[i] += 1;
            }
        }
        // Needs are recomputed from the bounds and the allowances: need = lower - chosen,
        // floored at 0, and chosen = upper - allow.
        for &(i, _) in self.row(k) {
            if self.input.primary[i] {
                let (lower, upper) = self.input.bounds.get(i).copied().unwrap_or((1, 1));
                self.need[i] = lower.saturating_sub(upper - self.allow[i]);
            }
        }
        for &i in coloured {
            self.colour[i] = NO_COLOUR;
        }
        for &j in off {
            self.set(j, true);
        }
    }

    /// The item to branch on and the option of it to try: the needy item with the fewest
    /// choosable options (its first one), or else the first choosable option. `None` when
    /// nothing is choosable; `Some((item, None))` when a needy item has no option left.
    fn branch(&self) -> Option<(usize, Option<u32>)> {
        let mut best: Option<(usize, u32)> = None;
        for (i, &p) in self.input.primary.iter().enumerate() {
            if !p || self.need[i] == 0 {
                continue;
            }
            let n = self.live[i];
            if best.is_none_or(|(_, m)| n < m) {
                best = Some((i, n));
            }
            if n == 0 {
                break;
            }
        }
        if let Some((i, _)) = best {
            let first = self.containing[i]
                .iter()
                .copied()
                .find(|&j| self.is_choosable(j));
            return Some((i, first));
        }
        let k = (0..self.options.len() as u32).find(|&k| self.is_choosable(k))?;
        let first_primary = self.row(k).iter().find(|&&(i, _)| self.input.primary[i]);
        Some((first_primary.map_or(0, |&(i, _)| i), Some(k)))
    }

    /// The diagram of the solutions of the current state (a node id; 0 none, 1 the empty
    /// solution only). The recursion "HI, then LO, then the node" runs on a stack of its
    /// own, since it is as deep as there are options.
    pub(super) fn solve(&mut self, interrupt: &AtomicBool) -> Result<u32, Stop> {
        /// What is left to do for a state whose option `k` is being tried.
        enum Then {
            /// Its HI diagram is being made: undo `k`, then make its LO diagram.
            Lo(Vec<u32>, Vec<usize>),
            /// Its LO diagram is being made (HI was the given node): make its node.
            Node(u32),
        }
        let mut stack: Vec<(Box<[u64]>, usize, u32, Then)> = Vec::new();
        let mut enter = true;
        let mut result = 0;
        loop {
            if enter {
                enter = false;
                self.stats.nodes += 1;
                if interrupt.load(Ordering::Relaxed) {
                    return Err(Stop::Interrupted);
                }
                match self.branch() {
                    None => result = 1,
                    Some((_, None)) => result = 0,
                    Some((item, Some(k))) => {
                        let key = self.key();
                        if let Some(z) = self.cache.get(&key) {
                            self.stats.hits += 1;
                            result = z;
                        } else {
                            let (off, coloured) = self.choose(k);
                            stack.push((key, item, k, Then::Lo(off, coloured)));
                            enter = true;
                        }
                    }
                }
                continue;
            }
            let Some((key, item, k, then)) = stack.pop() else {
                return Ok(result);
            };
            match then {
                Then::Lo(off, coloured) => {
                    self.unchoose(k, &off, &coloured);
                    self.set(k, false);
                    stack.push((key, item, k, Then::Node(result)));
                    enter = true;
                }
                Then::Node(hi) => {
                    self.set(k, true);
                    let lo = result;
                    result = if hi == 0 {
                        lo
                    } else {
                        if self.nodes.len() >= MAX_NODES {
                            return Err(Stop::TooLarge);
                        }
                        self.nodes.try_reserve(1).map_err(|_| Stop::OutOfMemory)?;
                        self.nodes.push(ZddNode {
                            option: k + 1,
                            item,
                            lo,
                            hi,
                        });
                        self.nodes.len() as u32 + 1
                    };
                    if result == 0 {
                        self.stats.signatures_failed += 1;
                    } else {
                        self.stats.signatures_solved += 1;
                    }
                    self.cache
                        .insert(&key, result)
                        .map_err(|_| Stop::OutOfMemory)?;
                }
            }
        }
    }

    pub(super) fn into_nodes(self) -> Vec<ZddNode> {
        self.nodes
    }
}
