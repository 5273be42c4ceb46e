//! The arena of the minimum-cost search: the DLX2 layout (items, options as runs of nodes
//! between spacers) with a net cost in every node and every item's list sorted by it.

use crate::matrix::{ItemKind, Matrix, OptionId};

/// The cost no solution reaches: the cutoff before K solutions are known.
pub(super) const INFINITE: u64 = u64::MAX;

/// One node: an entry of an option, a spacer between options, or an item's header.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Node {
    /// Item lists: neighbours. A spacer's `up` is the first node of the option before it,
    /// its `down` the last node of the option after it.
    pub up: usize,
    pub down: usize,
    /// The item (from 1), or for a spacer 0 or minus the option's number.
    pub itm: i64,
    /// The colour (from 1), 0 for none, -1 once the item has been given this colour.
    pub color: i64,
    /// The option's net cost (its cost less the taxes on its items).
    pub cost: u64,
}

/// The links and counters of one search.
#[derive(Debug, Clone)]
pub(super) struct Arena {
    pub nd: Vec<Node>,
    /// The doubly linked list of items still to cover: primary ones from the root 0,
    /// secondary ones in a list of their own.
    pub prev: Vec<usize>,
    pub next: Vec<usize>,
    /// Per primary item, the nodes in its list (secondary items' lengths are not kept).
    pub len: Vec<usize>,
    /// The first secondary item; headers are `0..last_itm`.
    pub second: usize,
    pub last_itm: usize,
    /// Per node, the matrix's option it belongs to (spacers and headers: unused).
    pub option_of: Vec<OptionId>,
    /// Per arena item, the matrix's item.
    pub item_of: Vec<usize>,
    /// The taxes collected: a solution costs this plus its net cost.
    pub total_tax: u64,
    pub updates: u64,
    pub cleansings: u64,
    /// DLX5's mems: one per access to a 64-bit word of its data, counted where it counts
    /// them.
    pub mems: u64,
}

impl Arena {
    /// Lays out a matrix: primary items first, then secondary ones, each in declaration order;
    /// options without a primary item left out; taxes assessed item by item, left to right;
    /// every item's list sorted by net cost, stably.
    pub fn new(matrix: &Matrix) -> Arena {
        let items = matrix.items();
        let mut item_of = vec![usize::MAX];
        item_of.extend((0..items.len()).filter(|&i| items[i].kind == ItemKind::Primary));
        let second = item_of.len();
        item_of.extend((0..items.len()).filter(|&i| items[i].kind == ItemKind::Secondary));
        let last_itm = item_of.len();
        let mut arena_item = vec![0; items.len()];
        for (k, &i) in item_of.iter().enumerate().skip(1) {
            arena_item[i] = k;
        }
        let mut nd = vec![Node::default(); last_itm + 1];
        let mut option_of = vec![usize::MAX; last_itm + 1];
        // The item lists in input order, and each kept option's first node and net cost.
        let mut lists: Vec<Vec<usize>> = vec![Vec::new(); last_itm];
        let mut kept: Vec<(usize, usize, u64)> = Vec::new();
        for (o, option) in matrix.options().iter().enumerate() {
            if !option.iter().any(|&i| items[i].kind == ItemKind::Primary) {
                continue;
            }
            let spacer = nd.len() - 1;
            for (k, &i) in option.iter().enumerate() {
                let c = arena_item[i];
                let color = matrix.colour_id(o, k).map_or(0, i64::from);
                lists[c].push(nd.len());
                nd.push(Node {
                    itm: c as i64,
                    color,
                    ..Node::default()
                });
                option_of.push(o);
            }
            let last = nd.len() - 1;
            nd[spacer].down = last;
            kept.push((spacer + 1, last, matrix.cost(o)));
            nd.push(Node {
                up: spacer + 1,
                itm: -(kept.len() as i64),
                ..Node::default()
            });
            option_of.push(usize::MAX);
        }
        // Taxes: each primary item, in turn, pays the least net cost of its options, which
        // all of them then cost less.
        let mut total_tax = 0u64;
        let mut net: Vec<u64> = kept.iter().map(|k| k.2).collect();
        let mut kept_of = vec![usize::MAX; nd.len()];
        for (j, &(first, last, _)) in kept.iter().enumerate() {
            kept_of[first..=last].fill(j);
        }
        for list in &lists[1..second] {
            let Some(tax) = list.iter().map(|&p| net[kept_of[p]]).min() else {
                continue;
            };
            total_tax += tax;
            for &p in list {
                net[kept_of[p]] -= tax;
            }
        }
        for (j, &(first, last, _)) in kept.iter().enumerate() {
            for node in &mut nd[first..=last] {
                node.cost = net[j];
            }
        }
        // Every item's list, sorted by net cost (stably: ties keep the input order).
        let mut len = vec![0; second];
        for (c, list) in lists.iter_mut().enumerate().skip(1) {
            list.sort_by_key(|&p| nd[p].cost);
            let mut above = c;
            for &p in list.iter() {
                nd[above].down = p;
                nd[p].up = above;
                above = p;
            }
            nd[above].down = c;
            nd[c].up = above;
            if c < second {
                len[c] = list.len();
            }
        }
        let mut prev: Vec<usize> = (0..last_itm).map(|k| k.wrapping_sub(1)).collect();
        let mut next: Vec<usize> = (1..=last_itm).collect();
        // Two rings: the root and the primary items; the secondary items (possibly none).
        prev[0] = second - 1;
        next[second - 1] = 0;
        if second < last_itm {
            prev[second] = last_itm - 1;
            next[last_itm - 1] = second;
        }
        Arena {
            nd,
            prev,
            next,
            len,
            second,
            last_itm,
            option_of,
            item_of,
            total_tax,
            updates: 0,
            cleansings: 0,
            mems: 0,
        }
    }

    /// Whether `rr` is an option of its list cheaper than `thresh` (a mem for its cost).
    fn under(&mut self, rr: usize, thresh: u64) -> bool {
        if rr < self.last_itm {
            return false;
        }
        self.mems += 1;
        self.nd[rr].cost < thresh
    }

    /// The node below `rr` (a mem).
    fn down(&mut self, rr: usize) -> usize {
        self.mems += 1;
        self.nd[rr].down
    }

    /// Takes option `rr`'s other nodes out of their lists (all but cleansed ones), or puts
    /// them back.
    fn hide(&mut self, rr: usize, hide: bool) {
        let mut nn = rr + 1;
        while nn != rr {
            let node = self.nd[nn];
            self.mems += 1;
            if node.color >= 0 {
                self.mems += 1;
                if node.itm <= 0 {
                    nn = node.up;
                    continue;
                }
                let cc = node.itm as usize;
                self.mems += 2;
                if hide {
                    self.nd[node.up].down = node.down;
                    self.nd[node.down].up = node.up;
                    self.updates += 1;
                } else {
                    self.nd[node.up].down = nn;
                    self.nd[node.down].up = nn;
                }
                if cc < self.second {
                    self.mems += 2;
                    self.len[cc] = if hide {
                        self.len[cc] - 1
                    } else {
                        self.len[cc] + 1
                    };
                }
            }
            nn += 1;
        }
    }

    /// Covers item `c`, hiding only the options that cost less than `thresh` (the others
    /// cannot be in a solution cheaper than the cutoff).
    pub fn cover(&mut self, c: usize, thresh: u64) {
        let (l, r) = (self.prev[c], self.next[c]);
        self.next[l] = r;
        self.prev[r] = l;
        self.updates += 1;
        self.mems += 3;
        let mut rr = self.down(c);
        while self.under(rr, thresh) {
            self.hide(rr, true);
            rr = self.down(rr);
        }
    }

    /// Undoes [`Arena::cover`] with the same threshold (the options in the same order).
    pub fn uncover(&mut self, c: usize, thresh: u64) {
        let mut rr = self.down(c);
        while self.under(rr, thresh) {
            self.hide(rr, false);
            rr = self.down(rr);
        }
        let (l, r) = (self.prev[c], self.next[c]);
        self.next[l] = c;
        self.prev[r] = c;
        self.mems += 3;
    }

    /// Gives node `p`'s item its colour: options with another colour are hidden, those with
    /// the same one marked done (cleansed).
    pub fn purify(&mut self, p: usize, thresh: u64) {
        let (cc, x) = (self.nd[p].itm as usize, self.nd[p].color);
        self.cleansings += 1;
        self.mems += 1;
        let mut rr = self.down(cc);
        while self.under(rr, thresh) {
            self.mems += 1;
            if self.nd[rr].color != x {
                self.hide(rr, true);
            } else if rr != p {
                self.cleansings += 1;
                self.mems += 1;
                self.nd[rr].color = -1;
            }
            rr = self.down(rr);
        }
    }

    /// Undoes [`Arena::purify`] with the same threshold.
    pub fn unpurify(&mut self, p: usize, thresh: u64) {
        let (cc, x) = (self.nd[p].itm as usize, self.nd[p].color);
        self.mems += 1;
        let mut rr = self.down(cc);
        while self.under(rr, thresh) {
            self.mems += 1;
            if self.nd[rr].color < 0 {
                self.mems += 1;
                self.nd[rr].color = x;
            } else if rr != p {
                self.hide(rr, false);
            }
            rr = self.down(rr);
        }
    }

    /// Covers or purifies the items of `node`'s option other than its own, left to right
    /// (`undo` false), or undoes that, right to left.
    pub fn others(&mut self, node: usize, thresh: u64, undo: bool) {
        let step = |p: usize| if undo { p - 1 } else { p + 1 };
        let mut pp = step(node);
        // DLX5 charges a mem for the threshold, kept in a register.
        self.mems += 1;
        while pp != node {
            let n = self.nd[pp];
            self.mems += 1;
            if n.itm <= 0 {
                // A spacer: on to the option's other end.
                self.mems += 1;
                pp = if undo { n.down } else { n.up };
                continue;
            }
            match (n.color, undo) {
                (0, false) => self.cover(n.itm as usize, thresh),
                (0, true) => self.uncover(n.itm as usize, thresh),
                (1.., false) => self.purify(pp, thresh),
                (1.., true) => self.unpurify(pp, thresh),
                _ => {}
            }
            pp = step(pp);
        }
    }
}
