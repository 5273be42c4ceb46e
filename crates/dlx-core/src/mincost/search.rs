//! The minimum-cost search: Algorithm C with a cutoff, as a loop over the states of
//! Knuth's DLX5 (enter a node, try an option, back up).

use std::collections::{BinaryHeap, HashMap};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use super::arena::{Arena, INFINITE};
use super::bound::Shape;
use super::{CostedSolution, MinCostParams};
use crate::solution::{ChosenRow, Solution};
use crate::stats::{Level, Stats};

/// What the search found: the best solutions (by cost, then order found) and its figures.
pub(super) struct Outcome {
    pub best: Vec<CostedSolution>,
    pub stats: Stats,
    pub total_tax: u64,
    pub mems: u64,
}

/// The states of the search loop.
enum State {
    /// A new node: choose an item and try its cheapest option.
    Forward,
    /// Cover the rest of the option tried at this level.
    Advance,
    /// Uncover the item branched on at this level, then back down.
    Backup,
    /// Return to the level above, or stop at the root.
    Backdown,
    /// Undo the option tried at this level and try the next one.
    Recover,
}

/// Searches the arena for the `params.best` cheapest solutions; `found` sees every solution
/// found, each cheaper than the `best`-th cheapest known when it was found.
pub(super) fn search(
    mut a: Arena,
    mut shape: Option<Shape>,
    params: &MinCostParams,
    limit: Option<u64>,
    interrupt: &AtomicBool,
    found: &mut dyn FnMut(&CostedSolution) -> ControlFlow<()>,
) -> Outcome {
    let k_best = params.best.max(1);
    let lookahead = params.lookahead.max(1);
    let mut levels: Vec<Level> = Vec::new();
    let mut choice: Vec<usize> = Vec::new();
    let mut partcost: Vec<u64> = Vec::new();
    let mut thresh0: Vec<u64> = Vec::new();
    let mut thresh: Vec<u64> = Vec::new();
    // The net costs of the best solutions so far with the order found (the dearest, and of
    // those the last found, on top), and those solutions by the order found.
    let mut heap: BinaryHeap<(u64, u64)> = BinaryHeap::new();
    let mut kept: HashMap<u64, Vec<ChosenRow>> = HashMap::new();
    // Knuth's heap of the best net costs (the largest on top), for the cutoff and its mems:
    // k slots, then a 0 that a full path down the heap may compare with.
    let mut heap_costs = vec![INFINITE; k_best + 1];
    heap_costs[k_best] = 0;
    a.mems += k_best as u64;
    let mut cutoff = INFINITE;
    let (mut level, mut curcost, mut nextcost) = (0usize, 0u64, 0u64);
    let (mut best_itm, mut cur_node) = (0usize, 0usize);
    let mut count = 0u64;
    let mut complete = true;
    let mut state = State::Forward;
    // Figures per level: a node entered at level l is counted at depth l, level l - 1.
    let at = |levels: &mut Vec<Level>, l: usize| -> usize {
        if levels.len() <= l {
            levels.resize(l + 1, Level::default());
        }
        l
    };
    loop {
        match state {
            State::Forward => {
                if level > 0 {
                    let l = at(&mut levels, level - 1);
                    levels[l].nodes += 1;
                }
                if interrupt.load(Ordering::Relaxed) {
                    complete = false;
                    break;
                }
                if shape
                    .as_mut()
                    .is_some_and(|s| s.rules_out(&mut a, level, curcost, cutoff))
                {
                    state = State::Backdown;
                    continue;
                }
                match choose(&mut a, cutoff - curcost, lookahead) {
                    Some(c) => best_itm = c,
                    None => {
                        state = State::Backdown;
                        continue;
                    }
                }
                choice.resize(level + 1, 0);
                for v in [&mut partcost, &mut thresh0, &mut thresh] {
                    v.resize(level + 1, 0);
                }
                partcost[level] = curcost;
                cur_node = a.nd[best_itm].down;
                choice[level] = cur_node;
                nextcost = curcost + a.nd[cur_node].cost;
                thresh0[level] = cutoff - nextcost;
                a.mems += 5;
                let before = a.updates;
                a.cover(best_itm, thresh0[level]);
                let l = at(&mut levels, level);
                levels[l].updates += a.updates - before;
                state = State::Advance;
            }
            State::Advance => {
                thresh[level] = cutoff - nextcost;
                let before = a.updates;
                a.others(cur_node, thresh[level], false);
                let l = at(&mut levels, level);
                levels[l].updates += a.updates - before;
                a.mems += 1;
                if a.next[0] == 0 {
                    // A solution, cheaper than the cutoff: it takes the place of the dearest
                    // of the best known.
                    levels[l].nodes += 1;
                    count += 1;
                    let rows: Vec<ChosenRow> = choice[..=level]
                        .iter()
                        .map(|&p| ChosenRow {
                            option: a.option_of[p],
                            item: a.item_of[a.nd[p].itm as usize],
                        })
                        .collect();
                    let solution = CostedSolution {
                        cost: a.total_tax + nextcost,
                        solution: Solution { rows },
                    };
                    heap.push((nextcost, count));
                    kept.insert(count, solution.solution.rows.clone());
                    if heap.len() > k_best
                        && let Some((_, gone)) = heap.pop()
                    {
                        kept.remove(&gone);
                    }
                    cutoff = knuth_heap(&mut heap_costs, nextcost, &mut a.mems);
                    let stop = found(&solution).is_break() || limit.is_some_and(|n| count >= n);
                    if stop {
                        complete = false;
                        break;
                    }
                    state = State::Recover;
                    continue;
                }
                level += 1;
                curcost = nextcost;
                state = State::Forward;
            }
            State::Backup => {
                a.mems += 1;
                a.uncover(best_itm, thresh0[level]);
                state = State::Backdown;
            }
            State::Backdown => {
                if level == 0 {
                    break;
                }
                level -= 1;
                a.mems += 3;
                cur_node = choice[level];
                best_itm = a.nd[cur_node].itm as usize;
                curcost = partcost[level];
                state = State::Recover;
            }
            State::Recover => {
                a.others(cur_node, thresh[level], true);
                cur_node = a.nd[cur_node].down;
                choice[level] = cur_node;
                a.mems += 2;
                if cur_node == best_itm {
                    state = State::Backup;
                    continue;
                }
                nextcost = curcost + a.nd[cur_node].cost;
                a.mems += 1;
                state = if nextcost >= cutoff {
                    State::Backup
                } else {
                    State::Advance
                };
            }
        }
    }
    let best = heap
        .into_sorted_vec()
        .into_iter()
        .map(|(cost, order)| CostedSolution {
            cost: a.total_tax + cost,
            solution: Solution {
                rows: kept.remove(&order).unwrap_or_default(),
            },
        })
        .collect();
    let mut stats = Stats::from_levels(count, levels, complete);
    stats.cleansings = a.cleansings;
    Outcome {
        best,
        stats,
        total_tax: a.total_tax,
        mems: a.mems,
    }
}

/// Puts a new solution's net cost in place of the dearest of the best known, in Knuth's
/// heap (with his mems), and returns the new cutoff: the dearest of the best.
fn knuth_heap(best: &mut [u64], cost: u64, mems: &mut u64) -> u64 {
    let k = best.len() - 1;
    let (mut h, mut hh) = (0, 2);
    while hh <= k {
        *mems += 2;
        let child = if best[hh] > best[hh - 1] { hh } else { hh - 1 };
        if cost >= best[child] {
            break;
        }
        *mems += 1;
        best[h] = best[child];
        h = child;
        hh = h + h + 2;
    }
    best[h] = cost;
    *mems += 2;
    best[0]
}

/// The item to branch on, or `None` when some item has no option cheaper than `budget`: the
/// item with the fewest options under the budget (counted up to `lookahead`, past which its
/// list's length stands in), ties to the one whose cheapest option costs most, then to the
/// leftmost.
fn choose(a: &mut Arena, budget: u64, lookahead: usize) -> Option<usize> {
    let (mut t, mut best, mut best_min) = (usize::MAX, 0, 0u64);
    let mut k = a.next[0];
    a.mems += 1;
    while k != 0 {
        let mut p = a.nd[k].down;
        a.mems += 1;
        if p == k {
            return None;
        }
        let mincost = a.nd[p].cost;
        a.mems += 1;
        if mincost >= budget {
            return None;
        }
        let mut s = 1;
        p = a.nd[p].down;
        a.mems += 1;
        let more = loop {
            if p < a.last_itm {
                break false;
            }
            a.mems += 1;
            if a.nd[p].cost >= budget {
                break false;
            }
            if s == t {
                break true;
            }
            if s >= lookahead {
                s = a.len[k];
                a.mems += 1;
                break false;
            }
            p = a.nd[p].down;
            a.mems += 1;
            s += 1;
        };
        if !more && (s < t || (s == t && mincost > best_min)) {
            (t, best, best_min) = (s, k, mincost);
        }
        k = a.next[k];
        a.mems += 1;
    }
    Some(best)
}
