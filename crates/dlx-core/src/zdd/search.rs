//! The memoised search of DLX6: Algorithm C on its own arena, a cache of the remaining
//! problems it has solved, and a ZDD node for every option that leads to a solution.
//!
//! The arena differs from [`crate::Xcc`]'s in one way that changes the figures: hiding an
//! option lowers the length of a purified secondary item too (its node stays in place, as
//! in DLX2, but the length drops), and a secondary item whose length reaches zero leaves a
//! list of *active* secondary items. The remaining problem at a node is then known from the
//! primary items still to cover and, for each active secondary item, its colour (none yet,
//! or the one it was purified to): that list of numbers is the node's signature, the key of
//! the cache. Two nodes with one signature have the same remaining options, so the same
//! solutions below them, and the second reuses the first's ZDD node. A long signature is
//! kept as a bitset of its items instead (with the secondary items' colours after it when
//! the matrix has colours), which holds the same facts in a word per 32 items.
//!
//! Counting as DLX6 counts: an update for each item covered and each node hidden (a cleansed
//! node too, though it stays linked); a cleansing for each item purified and each node of
//! its colour marked; a search node for each node entered, a cache hit included, and one
//! for each solution; a hit for each cache hit and each solution.

use std::sync::atomic::{AtomicBool, Ordering};

use super::cache::Cache;
use super::{ZddNode, ZddStats};
use crate::matrix::{ItemId, OptionId};
use crate::rule::Heuristic;

/// The matrix as an engine laid it out: what the ZDD search needs.
#[derive(Debug, Clone)]
pub struct Input {
    /// Whether each item is primary.
    pub(crate) primary: Vec<bool>,
    /// Each item's bounds (lower, upper), or empty when the matrix has none.
    pub(crate) bounds: Vec<(u32, u32)>,
    /// Each option's items with their colours (0 for none).
    pub(crate) options: Vec<Vec<(ItemId, u32)>>,
}

/// One node of the arena: the links of its item's list, its item (a header's list length,
/// a spacer's option number as `-k`), and its colour (0 none, -1 cleansed).
#[derive(Debug, Clone, Copy)]
struct Node {
    up: u32,
    down: u32,
    itm: i32,
    color: i32,
}

/// The arena and the figures of one run.
pub(super) struct Dlx6 {
    nodes: Vec<Node>,
    /// The item lists: the primary items to cover from 0 (the root), the active secondary
    /// items from `last_itm`.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// Headers `1..second` are primary, `second..last_itm` secondary; `last_itm` is also
    /// the first spacer, so a node below it is a header.
    second: u32,
    last_itm: u32,
    /// The item of each header.
    item_of: Vec<ItemId>,
    /// The option of each kept option number (1-based) minus one.
    pub(super) options: Vec<OptionId>,
    /// The words of a signature's bitset: a bit for each header `0..last_itm`.
    words: usize,
    /// The items in the two lists as that bitset, kept as items leave and come back, and
    /// the length the signature has as a list (two numbers a secondary item, one a
    /// primary item).
    active: Vec<u32>,
    listed: usize,
    /// Whether some option gives an item a colour (else no colour goes into a bitset key).
    colours: bool,
    pub(super) stats: ZddStats,
}

/// Why a search stopped before its end.
pub(crate) enum Stop {
    /// The interrupt flag was set.
    Interrupted,
    /// The diagram outgrew [`MAX_NODES`].
    TooLarge,
    /// The memory for the cache or the diagram was refused.
    OutOfMemory,
}

/// The most option nodes a diagram may have: ids are `u32`, and 0 and 1 are the terminals.
pub(crate) const MAX_NODES: usize = u32::MAX as usize - 2;

impl Dlx6 {
    /// Lays the input out: primary items first, then secondary ones, each in the input's
    /// order; options without a primary item are left out, as DLX6 leaves them out.
    pub(super) fn new(input: &Input) -> Self {
        let items = input.primary.len();
        let mut header = vec![0u32; items];
        let mut item_of = vec![usize::MAX];
        for want in [true, false] {
            for (id, &p) in input.primary.iter().enumerate() {
                if p == want {
                    header[id] = item_of.len() as u32;
                    item_of.push(id);
                }
            }
        }
        let second = 1 + input.primary.iter().filter(|&&p| p).count() as u32;
        let last_itm = items as u32 + 1;
        let mut nodes: Vec<Node> = (0..=last_itm)
            .map(|h| Node {
                up: h,
                down: h,
                itm: 0,
                color: 0,
            })
            .collect();
        // The first spacer.
        nodes[last_itm as usize] = Node {
            up: 0,
            down: 0,
            itm: 0,
            color: 0,
        };
        let mut options = Vec::new();
        for (o, row) in input.options.iter().enumerate() {
            if !row.iter().any(|&(i, _)| input.primary[i]) {
                continue;
            }
            options.push(o);
            let spacer = nodes.len() as u32 - 1;
            let first = nodes.len() as u32;
            for &(i, colour) in row {
                let h = header[i];
                let x = nodes.len() as u32;
                let bottom = nodes[h as usize].up;
                nodes.push(Node {
                    up: bottom,
                    down: h,
                    itm: h as i32,
                    color: colour as i32,
                });
                nodes[bottom as usize].down = x;
                nodes[h as usize].up = x;
                nodes[h as usize].itm += 1;
            }
            nodes[spacer as usize].down = nodes.len() as u32 - 1;
            nodes.push(Node {
                up: first,
                down: 0,
                itm: -(options.len() as i32),
                color: 0,
            });
        }
        // Two circular lists: the primary items from the root, the secondary items that
        // some option uses from `last_itm`.
        let mut prev = vec![0; last_itm as usize + 1];
        let mut next = vec![0; last_itm as usize + 1];
        let mut link = |list: u32, members: &mut dyn Iterator<Item = u32>| {
            let mut last = list;
            for h in members {
                prev[h as usize] = last;
                next[last as usize] = h;
                last = h;
            }
            next[last as usize] = list;
            prev[list as usize] = last;
        };
        link(0, &mut (1..second));
        link(
            last_itm,
            &mut (second..last_itm).filter(|&h| nodes[h as usize].itm > 0),
        );
        let words = (last_itm as usize).div_ceil(32);
        let mut active = vec![0u32; words];
        let mut listed = 0;
        for h in 1..last_itm {
            if h < second || nodes[h as usize].itm > 0 {
                active[h as usize / 32] |= 1 << (h % 32);
                listed += if h < second { 1 } else { 2 };
            }
        }
        Dlx6 {
            nodes,
            prev,
            next,
            second,
            last_itm,
            item_of,
            options,
            words,
            active,
            listed,
            colours: input.options.iter().flatten().any(|&(_, c)| c != 0),
            stats: ZddStats::default(),
        }
    }

    /// Flips item `h` in [`Dlx6::active`] as it leaves or rejoins its list.
    fn flip(&mut self, h: u32, joins: bool) {
        self.active[h as usize / 32] ^= 1 << (h % 32);
        let numbers = if h < self.second { 1 } else { 2 };
        if joins {
            self.listed += numbers;
        } else {
            self.listed -= numbers;
        }
    }

    fn len(&self, h: u32) -> i32 {
        self.nodes[h as usize].itm
    }

    fn add_len(&mut self, h: u32, d: i32) -> i32 {
        let n = &mut self.nodes[h as usize].itm;
        *n += d;
        *n
    }

    fn unlink_item(&mut self, h: u32) {
        let (l, r) = (self.prev[h as usize], self.next[h as usize]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
        self.flip(h, false);
    }

    fn relink_item(&mut self, h: u32) {
        let (l, r) = (self.prev[h as usize], self.next[h as usize]);
        self.next[l as usize] = h;
        self.prev[r as usize] = h;
        self.flip(h, true);
    }

    /// Hides the option of `rr` from every list but its own item's, one update a node.
    fn hide(&mut self, rr: u32) {
        let mut nn = rr + 1;
        while nn != rr {
            let n = self.nodes[nn as usize];
            if n.itm <= 0 {
                nn = n.up;
                continue;
            }
            if n.color >= 0 {
                self.nodes[n.up as usize].down = n.down;
                self.nodes[n.down as usize].up = n.up;
            }
            self.stats.updates += 1;
            let cc = n.itm as u32;
            if self.add_len(cc, -1) == 0 && cc >= self.second {
                self.unlink_item(cc);
            }
            nn += 1;
        }
    }

    /// Undoes [`Dlx6::hide`], right to left.
    fn unhide(&mut self, rr: u32) {
        let mut nn = rr - 1;
        while nn != rr {
            let n = self.nodes[nn as usize];
            if n.itm <= 0 {
                nn = n.down;
                continue;
            }
            if n.color >= 0 {
                self.nodes[n.up as usize].down = nn;
                self.nodes[n.down as usize].up = nn;
            }
            let cc = n.itm as u32;
            if self.add_len(cc, 1) == 1 && cc >= self.second {
                self.relink_item(cc);
            }
            nn -= 1;
        }
    }

    fn cover(&mut self, c: u32) {
        self.unlink_item(c);
        self.stats.updates += 1;
        let mut rr = self.nodes[c as usize].down;
        while rr >= self.last_itm {
            self.hide(rr);
            rr = self.nodes[rr as usize].down;
        }
    }

    fn uncover(&mut self, c: u32) {
        let mut rr = self.nodes[c as usize].up;
        while rr >= self.last_itm {
            self.unhide(rr);
            rr = self.nodes[rr as usize].up;
        }
        self.relink_item(c);
    }

    /// Gives the secondary item of node `p` the colour of `p`: the options of another colour
    /// (or none) are hidden, those of the same colour are marked cleansed. A purified item
    /// with no option left leaves the active list, its length set to -1 to say so.
    fn purify(&mut self, p: u32) {
        let cc = self.nodes[p as usize].itm as u32;
        let x = self.nodes[p as usize].color;
        self.nodes[cc as usize].color = x;
        let mut tt = self.len(cc);
        self.stats.cleansings += 1;
        let mut rr = self.nodes[cc as usize].down;
        while rr >= self.last_itm {
            if self.nodes[rr as usize].color != x {
                tt -= 1;
                self.hide(rr);
            } else {
                self.stats.cleansings += 1;
                self.nodes[rr as usize].color = -1;
            }
            rr = self.nodes[rr as usize].down;
        }
        if tt > 0 {
            self.nodes[cc as usize].itm = tt;
        } else {
            self.nodes[cc as usize].itm = -1;
            self.unlink_item(cc);
        }
    }

    fn unpurify(&mut self, p: u32) {
        let cc = self.nodes[p as usize].itm as u32;
        let x = self.nodes[p as usize].color;
        self.nodes[cc as usize].color = 0;
        let mut tt = self.len(cc);
        if tt < 0 {
            tt = 0;
            self.relink_item(cc);
        }
        let mut rr = self.nodes[cc as usize].up;
        while rr >= self.last_itm {
            if self.nodes[rr as usize].color < 0 {
                self.nodes[rr as usize].color = x;
            } else {
                tt += 1;
                self.unhide(rr);
            }
            rr = self.nodes[rr as usize].up;
        }
        self.nodes[cc as usize].itm = tt;
    }

    /// Covers or purifies the other items of the option of `cur`, left to right; a secondary
    /// item already without options is left alone.
    fn cover_others(&mut self, cur: u32) {
        let mut pp = cur + 1;
        while pp != cur {
            let n = self.nodes[pp as usize];
            if n.itm <= 0 {
                pp = n.up;
                continue;
            }
            let cc = n.itm as u32;
            if cc < self.second || self.len(cc) != 0 {
                if n.color == 0 {
                    self.cover(cc);
                } else if n.color > 0 {
                    self.purify(pp);
                }
            }
            pp += 1;
        }
    }

    /// Undoes [`Dlx6::cover_others`], right to left, and returns the option's number.
    fn uncover_others(&mut self, cur: u32) -> u32 {
        let mut number = 0;
        let mut pp = cur - 1;
        while pp != cur {
            let n = self.nodes[pp as usize];
            if n.itm <= 0 {
                number = (1 - n.itm) as u32;
                pp = n.down;
                continue;
            }
            let cc = n.itm as u32;
            if cc < self.second || self.len(cc) != 0 {
                if n.color == 0 {
                    self.uncover(cc);
                } else if n.color > 0 {
                    self.unpurify(pp);
                }
            }
            pp -= 1;
        }
        number
    }

    /// The signature of the remaining problem: each active secondary item with its colour
    /// (as a pair), then the primary items to cover. The lists keep their order, so equal
    /// problems give equal signatures. When that list would have [`Dlx6::words`] numbers
    /// or more, the key is the bitset of its items instead ([`Dlx6::active`], then the
    /// secondary items' colours in order, if the matrix has colours): `bits` holds it and
    /// the answer is true. A list key is shorter than `words` and a bitset key is not, so
    /// the two kinds never meet.
    fn signature(&self, sig: &mut Vec<u32>, bits: &mut Vec<u32>) -> bool {
        let walk = |sig: &mut Vec<u32>, colours_only: bool| {
            // An item leaves the secondary list when its length reaches 0, so every item
            // listed has options.
            let mut k = self.next[self.last_itm as usize];
            while k != self.last_itm {
                debug_assert_ne!(self.len(k), 0);
                if !colours_only {
                    sig.push(k);
                }
                sig.push(self.nodes[k as usize].color as u32);
                k = self.next[k as usize];
            }
            if colours_only {
                return;
            }
            let mut k = self.next[0];
            while k != 0 {
                sig.push(k);
                k = self.next[k as usize];
            }
        };
        if self.listed < self.words {
            sig.clear();
            walk(sig, false);
            debug_assert_eq!(sig.len(), self.listed);
            return false;
        }
        if cfg!(debug_assertions) {
            // The bitset kept up to date is the one the lists give.
            let mut want = vec![0u32; self.words];
            let mut k = self.next[0];
            while k != 0 {
                want[k as usize / 32] |= 1 << (k % 32);
                k = self.next[k as usize];
            }
            let mut k = self.next[self.last_itm as usize];
            while k != self.last_itm {
                want[k as usize / 32] |= 1 << (k % 32);
                k = self.next[k as usize];
            }
            debug_assert_eq!(want, self.active);
        }
        bits.clear();
        bits.extend_from_slice(&self.active);
        if self.colours {
            walk(bits, true);
        }
        true
    }

    /// The item to branch on: the first with the fewest options (DLX6's rule), or with the
    /// leftmost rule the first item, unless an item has no option left: then the first such
    /// (Knuth's change file dlx6-noMRV).
    fn choose(&self, heuristic: Heuristic) -> u32 {
        let mut k = self.next[0];
        if heuristic == Heuristic::Leftmost {
            while k != 0 {
                if self.len(k) == 0 {
                    return k;
                }
                k = self.next[k as usize];
            }
            return self.next[0];
        }
        let (mut best, mut t) = (k, i32::MAX);
        while t != 0 && k != 0 {
            if self.len(k) < t {
                best = k;
                t = self.len(k);
            }
            k = self.next[k as usize];
        }
        best
    }

    /// Runs the search to its end: the ZDD's nodes (children before parents, node `k` of
    /// the vector having the id `k + 2`) and its root (0 with no solution).
    pub(super) fn run(
        &mut self,
        heuristic: Heuristic,
        interrupt: &AtomicBool,
    ) -> Result<(Vec<ZddNode>, u32), Stop> {
        // The cache: a signature's ZDD node (0 while unknown or without solutions).
        let mut cache: Cache<u32> = Cache::new();
        let mut zdd: Vec<ZddNode> = Vec::new();
        let mut choice: Vec<u32> = Vec::new();
        let mut best: Vec<u32> = Vec::new();
        let mut savez: Vec<u32> = Vec::new();
        // The cache id of each level's signature, whose node is learnt on the way back.
        let mut memo_of: Vec<usize> = Vec::new();
        let (mut sig, mut bits) = (Vec::new(), Vec::new());
        let mut level = 0usize;
        let mut znode = 0u32;
        // The states of DLX6's loop: enter a node; try the next option of the level; a
        // level is done; leave a finished (or cached) level; undo an option with `zsol` below it.
        enum At {
            Forward,
            Advance(u32),
            Backup,
            Backdown,
            Recover(u32, u32),
        }
        if self.next[0] == 0 {
            // No primary item: the empty set is the one solution, a node and a hit.
            self.stats.nodes = 1;
            self.stats.hits = 1;
            self.stats.complete = true;
            return Ok((Vec::new(), 1));
        }
        let mut at = At::Forward;
        let ok = loop {
            at = match at {
                At::Forward => {
                    self.stats.nodes += 1;
                    if interrupt.load(Ordering::Relaxed) {
                        break false;
                    }
                    let key = if self.signature(&mut sig, &mut bits) {
                        &bits
                    } else {
                        &sig
                    };
                    if let Some(known) = cache.get(key) {
                        self.stats.hits += 1;
                        znode = known;
                        At::Backdown
                    } else {
                        let id = cache.insert(key, 0).map_err(|_| Stop::OutOfMemory)?;
                        memo_of.truncate(level);
                        memo_of.push(id);
                        self.stats.signatures_failed += 1;
                        znode = 0;
                        let b = self.choose(heuristic);
                        self.cover(b);
                        let cur = self.nodes[b as usize].down;
                        choice.truncate(level);
                        choice.push(cur);
                        best.truncate(level);
                        best.push(b);
                        At::Advance(cur)
                    }
                }
                At::Advance(cur) => {
                    if cur == best[level] {
                        At::Backup
                    } else {
                        self.cover_others(cur);
                        if self.next[0] == 0 {
                            // A solution: a node and a hit of its own, as in DLX6.
                            self.stats.nodes += 1;
                            self.stats.hits += 1;
                            At::Recover(cur, 1)
                        } else {
                            savez.truncate(level);
                            savez.push(znode);
                            level += 1;
                            At::Forward
                        }
                    }
                }
                At::Backup => {
                    self.uncover(best[level]);
                    if znode != 0 {
                        cache.set(memo_of[level], znode);
                        self.stats.signatures_failed -= 1;
                        self.stats.signatures_solved += 1;
                    }
                    At::Backdown
                }
                At::Backdown => {
                    if level == 0 {
                        break true;
                    }
                    level -= 1;
                    let zsol = znode;
                    znode = savez[level];
                    At::Recover(choice[level], zsol)
                }
                At::Recover(cur, zsol) => {
                    let number = self.uncover_others(cur);
                    if zsol != 0 {
                        if zdd.len() >= MAX_NODES {
                            return Err(Stop::TooLarge);
                        }
                        zdd.try_reserve(1).map_err(|_| Stop::OutOfMemory)?;
                        let item = self.item_of[best[level] as usize];
                        zdd.push(ZddNode {
                            option: number,
                            item,
                            lo: znode,
                            hi: zsol,
                        });
                        znode = zdd.len() as u32 + 1;
                    }
                    let next = self.nodes[cur as usize].down;
                    choice[level] = next;
                    At::Advance(next)
                }
            };
        };
        self.stats.complete = ok;
        // DLX6 counts the empty problem's signature among the solved ones.
        self.stats.signatures_solved += 1;
        if ok {
            Ok((zdd, znode))
        } else {
            Err(Stop::Interrupted)
        }
    }
}
