//! The link arena of Algorithms C and M: the paper's dancing links, plus a colour per node
//! and a bound and slack per primary item.
//!
//! Node 0 is unused; the primary items' headers come next, in declaration order, then the
//! secondary items' (so that `h < second` tells a primary header); then a spacer, and each
//! option's nodes followed by a spacer, as in Knuth's DLX2 and DLX3. A header's `itm` field
//! holds the length of its list (the paper's S). A spacer's `itm` is [`SPACER`]; its `up` is
//! the first node of the option before it and its `down` the last node of the option after
//! it, so that a walk along a row that meets a spacer jumps to the row's other end.
//!
//! Colours: 0 is none; `c > 0` is colour `c`; [`CLEANSED`] marks an entry whose item was
//! purified with this entry's own colour, so that hiding its option leaves it alone (Knuth:
//! "we can save time by not removing nodes from secondary items that have been purified").
//!
//! Every index stored in a node is an index of `nodes` (checked by [`Arena::check`] in the
//! tests); the operations only store values read from the arena, so they stay in bounds. The
//! node accesses of the hot operations rely on that and skip the bounds check ([`Arena::at`]:
//! the invariant, the reason and the measurement are there); debug builds check each one.
//!
//! The inverse operations are one: [`Arena::undo`] replays a trail of the changes in exact
//! reverse, the dancing links' own rule, instead of walking the lists again.

use crate::links::Derived;
use crate::matrix::{ItemKind, Matrix};

/// The `itm` of a spacer node: no header has index 0.
pub(super) const SPACER: u32 = 0;
/// The colour of a purified entry.
pub(super) const CLEANSED: i32 = -1;
/// The colour of a spacer: negative like [`CLEANSED`], so that a row walk meets one test,
/// `color >= 0`, on the way of an ordinary node.
const SPACER_COLOR: i32 = i32::MIN;

/// One node: Knuth's ULINK, DLINK, TOP and COLOR.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Node {
    pub(super) up: u32,
    pub(super) down: u32,
    /// The header of a row node, a header's list length, or [`SPACER`].
    pub(super) itm: u32,
    pub(super) color: i32,
}

/// One item's record: its place in the active list and its bounds (Knuth's LLINK, RLINK,
/// BOUND and SLACK side by side), so that the S heuristic and a commit read one record of
/// 16 bytes, at the header's own byte offset, without a bounds check ([`Arena::item`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ItemRec {
    /// The active primary items as a doubly linked list, by header offset; record 0 is
    /// the root. A secondary item's links point to itself.
    pub(super) prev: u32,
    pub(super) next: u32,
    /// How many more options may still contain the item (Knuth's `bound`).
    pub(super) bound: u32,
    /// Upper bound minus lower bound (Knuth's `slack`), fixed.
    pub(super) slack: u32,
}

/// The arena for one matrix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Arena {
    pub(super) nodes: Vec<Node>,
    /// Per header (by index, [`ix`]; index 0 is the root): its [`ItemRec`].
    pub(super) rec: Vec<ItemRec>,
    /// The option of each row node (`u32::MAX` for headers and spacers): for reporting.
    pub(super) option_of: Vec<u32>,
    /// The first node of each option (`u32::MAX` for an option left out: no primary item).
    pub(super) option_start: Vec<u32>,
    /// Items (headers are 1..=items).
    pub(super) items: usize,
    /// The first secondary header's offset: primary headers are below it.
    pub(super) second: u32,
    /// The item of each header (index 0 unused).
    pub(super) item_of: Vec<u32>,
    /// Set while a search may have links moved; cleared once it has put them all back. The
    /// owner rebuilds an arena left moved by a leaked or panicking search.
    pub(super) moved: bool,
    /// Every change not yet undone, oldest first: a node unlinked (its offset), or a node
    /// cleansed (its offset with [`TAG`], after its colour). [`Arena::undo`] replays them in
    /// exact reverse, which restores the links as Knuth's uncover, unpurify and untweak
    /// would, without walking the lists again: 0.89x the time of those on MacMahon's
    /// hexagon. Scratch space beyond `top`, so it never makes two arenas differ.
    trail: Derived<Vec<u32>>,
    /// The trail's length: entries `trail[..top]` are live. The vector is allocated once at
    /// its largest (a node is unlinked at most once, and cleansed at most once, before it is
    /// put back), so a change is recorded without a capacity check.
    top: usize,
}

/// Marks a trail entry as a cleansing: a node offset is a multiple of [`NODE`], so its low
/// bit is free, and every offset of a `u32` stays usable.
const TAG: u32 = 1;

/// The size of a node in bytes: links are byte offsets, multiples of it.
pub(super) const NODE: u32 = std::mem::size_of::<Node>() as u32;

// An item's record lies at its header's byte offset in `rec`, as its header in `nodes`.
const _: () = assert!(std::mem::size_of::<ItemRec>() == NODE as usize);
// The largest arena a matrix may ask for (its nodes and the first spacer) has every byte
// offset in a `u32`, and offsets leave the trail's tag bit free.
const _: () = assert!(crate::matrix::MAX_NODES as u64 * NODE as u64 <= u32::MAX as u64);
const _: () = assert!(NODE.is_multiple_of(2));

/// The element of `v` at byte offset `x`, without a bounds check (debug builds check it).
///
/// # Safety
/// `x` must be a multiple of `size_of::<T>()` below `v.len() * size_of::<T>()`.
#[inline(always)]
unsafe fn by_offset<T>(v: &[T], x: u32) -> &T {
    let size = std::mem::size_of::<T>();
    debug_assert!(
        (x as usize).is_multiple_of(size) && (x as usize) / size < v.len(),
        "offset {x} out of the arena"
    );
    // SAFETY: the caller's promise: the address of an element of `v`.
    unsafe { &*v.as_ptr().cast::<u8>().add(x as usize).cast::<T>() }
}

/// [`by_offset`], to change.
///
/// # Safety
/// As for [`by_offset`].
#[inline(always)]
unsafe fn by_offset_mut<T>(v: &mut [T], x: u32) -> &mut T {
    let size = std::mem::size_of::<T>();
    debug_assert!(
        (x as usize).is_multiple_of(size) && (x as usize) / size < v.len(),
        "offset {x} out of the arena"
    );
    // SAFETY: the caller's promise; `&mut` makes the reference unique.
    unsafe { &mut *v.as_mut_ptr().cast::<u8>().add(x as usize).cast::<T>() }
}

/// The index (in `nodes`, and in the per-item and per-node arrays) of a node's offset.
#[inline(always)]
pub(super) fn ix(x: u32) -> usize {
    (x / NODE) as usize
}

impl Arena {
    /// Lays a matrix out. Options without a primary item are left out, as Knuth's programs
    /// drop them on input: no search could choose them.
    pub(super) fn new(matrix: &Matrix) -> Self {
        let items = matrix.items().len();
        let mut nodes = Vec::with_capacity(items + 2 + matrix.ones() + matrix.options().len());
        let mut bound = vec![0; items + 1];
        let mut slack = vec![0; items + 1];
        nodes.push(Node {
            up: 0,
            down: 0,
            itm: 0,
            color: 0,
        });
        let (mut prev, mut next) = (vec![0; items + 1], vec![0; items + 1]);
        // Primary items first, then secondary ones, each in declaration order.
        let mut item_of = vec![u32::MAX];
        for kind in [ItemKind::Primary, ItemKind::Secondary] {
            for (id, item) in matrix.items().iter().enumerate() {
                if item.kind == kind {
                    item_of.push(id as u32);
                }
            }
        }
        let mut header = vec![0u32; items];
        for (h, &id) in item_of.iter().enumerate().skip(1) {
            header[id as usize] = h as u32;
        }
        let second = 1 + matrix.primary_count() as u32;
        let mut last = 0;
        for h in 1..=items as u32 {
            nodes.push(Node {
                up: h,
                down: h,
                itm: 0,
                color: 0,
            });
            if h < second {
                let m = matrix.item(item_of[h as usize] as usize).multiplicity;
                bound[h as usize] = m.upper;
                slack[h as usize] = m.upper - m.lower;
                prev[h as usize] = last;
                next[last as usize] = h;
                last = h;
            } else {
                prev[h as usize] = h;
                next[h as usize] = h;
            }
        }
        next[last as usize] = 0;
        prev[0] = last;
        let mut option_of = vec![u32::MAX; nodes.len()];
        let mut option_start = vec![u32::MAX; matrix.options().len()];
        // The first spacer.
        let mut spacer = nodes.len() as u32;
        nodes.push(Node {
            up: 0,
            down: 0,
            itm: SPACER,
            color: SPACER_COLOR,
        });
        option_of.push(u32::MAX);
        for (o, option) in matrix.options().iter().enumerate() {
            if !option
                .iter()
                .any(|&i| matrix.item(i).kind == ItemKind::Primary)
            {
                continue;
            }
            let first = nodes.len() as u32;
            option_start[o] = first * NODE;
            for (k, &i) in option.iter().enumerate() {
                let h = header[i];
                let x = nodes.len() as u32;
                let bottom = nodes[h as usize].up;
                nodes.push(Node {
                    up: bottom,
                    down: h,
                    itm: h,
                    color: matrix.colour_id(o, k).map_or(0, |c| c as i32),
                });
                nodes[bottom as usize].down = x;
                nodes[h as usize].up = x;
                nodes[h as usize].itm += 1;
                option_of.push(o as u32);
            }
            let last_node = nodes.len() as u32 - 1;
            nodes[spacer as usize].down = last_node;
            spacer = nodes.len() as u32;
            nodes.push(Node {
                up: first,
                down: 0,
                itm: SPACER,
                color: SPACER_COLOR,
            });
            option_of.push(u32::MAX);
        }
        let nodes_len = nodes.len();
        // The matrix counts a spacer for every option (`MatrixBuilder::grow`), so only the
        // first spacer is beyond its count, and the last node's offset fits in a `u32`.
        debug_assert!(nodes_len <= crate::matrix::MAX_NODES + 1);
        // Links become byte offsets (index * NODE), so that following one is an address
        // addition, as in the exact cover arena; a header's list length stays a count.
        for (k, n) in nodes.iter_mut().enumerate() {
            n.up *= NODE;
            n.down *= NODE;
            if k > items {
                n.itm *= NODE;
            }
        }
        for l in prev.iter_mut().chain(next.iter_mut()) {
            *l *= NODE;
        }
        let second = second * NODE;
        Arena {
            nodes,
            rec: (0..=items)
                .map(|h| ItemRec {
                    prev: prev[h],
                    next: next[h],
                    bound: bound[h],
                    slack: slack[h],
                })
                .collect(),
            option_of,
            option_start,
            items,
            second,
            item_of,
            moved: false,
            trail: Derived(vec![0; 3 * nodes_len]),
            top: 0,
        }
    }

    /// Node `x`. Every index the operations below pass is one the arena stored (Arena::new
    /// stores only indices of its nodes, and the operations store only values read from
    /// it) or a neighbour in a row, which a spacer bounds on both sides; the arena is private
    /// to this module and its searches, so no caller can hand in another index. Unchecked,
    /// because with bounds checks MacMahon's hexagon took 1.3x as long (13.1-13.7 s against
    /// 10.2-10.4 s to its millionth solution, interleaved runs); debug builds check every
    /// access.
    #[inline(always)]
    fn at(&self, x: u32) -> &Node {
        // SAFETY: x is a multiple of NODE below nodes.len() * NODE, by the invariant above:
        // the address of a node of the vector. No safe call breaks it: the arena is private
        // to the xcc module; a leaked or panicking search leaves only offsets it read from the
        // arena (and `Xcc::search` rebuilds a moved arena from its pristine copy); the only
        // numbers from a caller, the moves of a subtree's path, never become node offsets.
        unsafe { by_offset(&self.nodes, x) }
    }

    /// Node `x`, to change: see [`Arena::at`].
    #[inline(always)]
    fn at_mut(&mut self, x: u32) -> &mut Node {
        // SAFETY: as for `at`.
        unsafe { by_offset_mut(&mut self.nodes, x) }
    }

    /// The record of item `h` (a header's byte offset, or 0 for the root). Unchecked as
    /// [`Arena::at`] is, by the same invariant: every `h` passed is 0, a header offset the
    /// arena stored (a row node's `itm`, a record's `prev` or `next`), or a primary header
    /// the search chose from them; `rec` has one record per header and the root, so such
    /// an offset is a multiple of NODE below `rec.len() * NODE`. Debug builds check it.
    #[inline(always)]
    pub(super) fn item(&self, h: u32) -> &ItemRec {
        // SAFETY: h is a multiple of NODE = size_of::<ItemRec>() below rec.len() * NODE,
        // by the invariant above: the address of a record of the vector.
        unsafe { by_offset(&self.rec, h) }
    }

    /// The record of item `h`, to change: see [`Arena::item`].
    #[inline(always)]
    pub(super) fn item_mut(&mut self, h: u32) -> &mut ItemRec {
        // SAFETY: as for `item`.
        unsafe { by_offset_mut(&mut self.rec, h) }
    }

    /// The node below `x` in its list.
    #[inline(always)]
    pub(super) fn down(&self, x: u32) -> u32 {
        self.at(x).down
    }

    /// Starts fetching node `x` (the next row of a list: somewhere else in the arena), as
    /// the exact cover arena does. Only a hint: it never faults and changes no memory.
    #[inline(always)]
    fn prefetch(&self, x: u32) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // `x` is a byte offset: step by bytes, not by nodes.
            let p = self.nodes.as_ptr().cast::<u8>().wrapping_add(x as usize) as *const i8;
            // SAFETY: a prefetch never faults and changes no memory, whatever the address;
            // `wrapping_add` makes the address without any pointer rule at stake.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = x;
    }

    /// The length of an item's list.
    #[inline]
    pub(super) fn len(&self, h: u32) -> u32 {
        self.at(h).itm
    }

    /// Removes a primary item from the active list.
    #[inline]
    pub(super) fn deactivate(&mut self, h: u32) {
        let ItemRec { prev, next, .. } = *self.item(h);
        self.item_mut(prev).next = next;
        self.item_mut(next).prev = prev;
    }

    /// Puts a primary item back into the active list.
    #[inline]
    pub(super) fn reactivate(&mut self, h: u32) {
        let ItemRec { prev, next, .. } = *self.item(h);
        self.item_mut(prev).next = h;
        self.item_mut(next).prev = h;
    }

    /// Unlinks node `x` from its item's list, on the trail.
    #[inline]
    fn unlink(&mut self, x: u32) {
        let Node { up, down, itm, .. } = *self.at(x);
        self.at_mut(up).down = down;
        self.at_mut(down).up = up;
        self.at_mut(itm).itm -= 1;
        self.record(x);
    }

    /// Puts an entry on the trail.
    #[inline(always)]
    fn record(&mut self, e: u32) {
        self.trail.0[self.top] = e;
        self.top += 1;
    }

    /// The trail's length: the point [`Arena::undo`] returns to.
    #[inline]
    pub(super) fn mark(&self) -> usize {
        self.top
    }

    /// Undoes every change made since `mark`, newest first: each node goes back into its
    /// list (the dancing links' exact-reverse rule), each cleansed node gets its colour back.
    #[inline]
    pub(super) fn undo(&mut self, mark: usize) {
        let mut top = self.top;
        while top > mark {
            top -= 1;
            let e = self.trail.0[top];
            if e & TAG == 0 {
                self.relink(e);
            } else {
                top -= 1;
                let colour = self.trail.0[top] as i32;
                self.at_mut(e & !TAG).color = colour;
            }
        }
        self.top = top;
    }

    /// Links node `x` back where it was.
    #[inline]
    fn relink(&mut self, x: u32) {
        let Node { up, down, itm, .. } = *self.at(x);
        self.at_mut(up).down = x;
        self.at_mut(down).up = x;
        self.at_mut(itm).itm += 1;
    }

    /// Hides the option of row node `r`: unlinks its other nodes from their lists, except
    /// cleansed ones. Returns the nodes unlinked (Knuth's updates).
    #[inline]
    fn hide(&mut self, r: u32) -> u64 {
        let mut count = 0;
        let mut x = r + NODE;
        while x != r {
            let n = *self.at(x);
            if n.color >= 0 {
                self.unlink(x);
                count += 1;
            } else if n.color == SPACER_COLOR {
                x = n.up;
                continue;
            }
            x += NODE;
        }
        count
    }

    /// Covers item `h`: hides every option in its list. The caller takes the item out of
    /// the active list. Returns the updates: 1 for the item plus 1 per node unlinked.
    pub(super) fn cover(&mut self, h: u32) -> u64 {
        let mut count = 1;
        let mut r = self.at(h).down;
        while r != h {
            let next = self.at(r).down;
            self.prefetch(next);
            count += self.hide(r);
            r = next;
        }
        count
    }

    /// Purifies the item of row node `p`, whose colour it takes: hides every option that
    /// gives the item another colour (or none) and marks those of the same colour cleansed.
    /// Returns (updates, cleansings): 1 cleansing for the call plus 1 per option marked.
    pub(super) fn purify(&mut self, p: u32) -> (u64, u64) {
        let Node { itm: h, color, .. } = *self.at(p);
        let (mut updates, mut cleansings) = (0, 1);
        let mut r = self.at(h).down;
        while r != h {
            let next = self.at(r).down;
            self.prefetch(next);
            if self.at(r).color != color {
                updates += self.hide(r);
            } else if r != p {
                self.at_mut(r).color = CLEANSED;
                self.record(color as u32);
                self.record(r | TAG);
                cleansings += 1;
            }
            r = next;
        }
        (updates, cleansings)
    }

    /// Covers or purifies the other items of the option of row node `x` (Algorithm M's
    /// "cover or partially cover"): a primary item with bound > 1 only loses one from its
    /// bound. Returns (updates, cleansings). Inlined into the search's loop: called from a
    /// second place (fixed options), it was not, and MacMahon's hexagon took 1.7% more
    /// instructions and 3-5% more time (docs/performance.md).
    #[inline(always)]
    pub(super) fn commit(&mut self, x: u32) -> (u64, u64) {
        let (mut updates, mut cleansings) = (0, 0);
        let mut p = x + NODE;
        while p != x {
            let n = *self.at(p);
            if n.itm == SPACER {
                p = n.up;
                continue;
            }
            let h = n.itm;
            if h < self.second {
                self.item_mut(h).bound -= 1;
                if self.item(h).bound == 0 {
                    updates += self.cover(h);
                    self.deactivate(h);
                }
            } else if n.color == 0 {
                updates += self.cover(h);
            } else if n.color > 0 {
                let (u, c) = self.purify(p);
                updates += u;
                cleansings += c;
            }
            p += NODE;
        }
        (updates, cleansings)
    }

    /// Undoes [`Arena::commit`] of row node `x`, whose changes to the links began at `mark`:
    /// the links from the trail, then the bounds of its primary items, right to left.
    pub(super) fn uncommit(&mut self, x: u32, mark: usize) {
        self.undo(mark);
        let mut p = x - NODE;
        while p != x {
            let n = *self.at(p);
            if n.itm == SPACER {
                p = n.down;
                continue;
            }
            let h = n.itm;
            if h < self.second {
                if self.item(h).bound == 0 {
                    self.reactivate(h);
                }
                self.item_mut(h).bound += 1;
            }
            p -= NODE;
        }
    }

    /// Tweaks row node `x` (Algorithm M): takes it out of its item's list, and, if `block`,
    /// hides its whole option. Returns the nodes unlinked.
    pub(super) fn tweak(&mut self, x: u32, block: bool) -> u64 {
        if !block {
            self.unlink(x);
            return 1;
        }
        self.hide(x) + {
            self.unlink(x);
            1
        }
    }

    /// The first active primary item, or 0 if none is left.
    #[inline]
    pub(super) fn first_active(&self) -> u32 {
        self.item(0).next
    }

    /// Checks the arena's invariants, at any point of a search: every link in range, every
    /// list consistent in both directions, lengths equal to the lists', no primary node
    /// cleansed, and every option with a node in an active item's list live: each of its
    /// nodes in its list (a cleansed one too: it is left linked). At rest no node is
    /// cleansed (the tests also compare the arena with the one built). For tests.
    #[cfg(test)]
    pub(super) fn check(&self) -> Result<(), String> {
        let n = self.nodes.len() as u32 * NODE;
        for h in (1..=self.items as u32).map(|k| k * NODE) {
            let mut len = 0;
            let mut x = h;
            loop {
                let d = self.nodes[ix(x)].down;
                if d >= n || !d.is_multiple_of(NODE) || self.nodes[ix(d)].up != x {
                    return Err(format!("list of header {h} broken at node {x}"));
                }
                if d == h {
                    break;
                }
                if self.nodes[ix(d)].itm != h {
                    return Err(format!(
                        "node {d} in the list of header {h} belongs elsewhere"
                    ));
                }
                if h < self.second && self.nodes[ix(d)].color != 0 {
                    return Err(format!("primary node {d} cleansed"));
                }
                len += 1;
                x = d;
            }
            if len != self.len(h) {
                return Err(format!(
                    "header {h}: length {} but {len} nodes",
                    self.len(h)
                ));
            }
        }
        let mut k = self.first_active();
        while k != 0 {
            let mut r = self.down(k);
            while r != k {
                // The option's nodes: back to its spacer, then on to the next.
                let mut x = r;
                while self.nodes[ix(x) - 1].itm != SPACER {
                    x -= NODE;
                }
                while self.nodes[ix(x)].itm != SPACER {
                    if self.nodes[ix(self.nodes[ix(x)].up)].down != x {
                        return Err(format!("node {x} of a live option out of its list"));
                    }
                    x += NODE;
                }
                r = self.down(r);
            }
            k = self.item(k).next;
        }
        Ok(())
    }
}
