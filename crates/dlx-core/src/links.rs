//! The link arena: the paper's R, U, D, C fields for every node, L for every column header,
//! S for every column, and the root h, in vectors of compact `u32` links (N, the names, stay
//! in the [`Matrix`]).
//!
//! Node 0 is the root h; item `i` has its column header at node `i + 1`; the nodes of the
//! options follow, option by option. Secondary headers point to themselves in L and R, so they
//! are never in the header list and never chosen, yet covering them works unchanged. A
//! header's C field is free (it would point to itself), so it holds the column size S.
//!
//! A row node has no L field: the nodes of a row are consecutive, so walking a row backwards
//! needs only its bounds, and uncover may restore a row's nodes left to right (they lie in
//! different columns, so their order does not matter). Only the header list needs L, kept in
//! its own small vector. A node is then 16 bytes, four to a cache line and never straddling
//! two; `cargo xtask bench search` measured the 6x10 count 6% faster than with 20-byte nodes.
//!
//! A link is the node's *byte offset* in the vector (its index times the 16-byte node size),
//! so that following a link is one address addition, as with Knuth's pointers in dance.w.
//! The inner loop of cover is then 10 instructions per node, the same as dance.w's.
//!
//! **The arena invariant**, on which the unchecked accesses rely: every link stored in a node
//! (R, U, D, and C of a row node) or in the L vector is the offset of a node of the vector,
//! i.e. a multiple of [`NODE`] below `nodes.len() * NODE`, and an L entry or a header's R is
//! the root's or a header's. [`Links::new`] stores only such offsets, and cover/uncover only
//! store values read from the arena, so the invariant holds forever. Debug builds assert it on
//! every access.

use std::mem::size_of;
use std::sync::{Arc, OnceLock};

use crate::dlx::{FixError, PathError};
use crate::matrix::{ItemId, ItemKind, Matrix, OptionId};
use crate::rowsets::RowSets;
use crate::solution::ChosenRow;

/// A node's byte offset in the arena.
pub(crate) type Link = u32;

/// The size of a node in bytes: the unit of links.
pub(crate) const NODE: Link = size_of::<Node>() as Link;

/// The most nodes an arena can hold, so that every offset fits in a `u32`.
pub(crate) const MAX_NODES: usize = crate::matrix::MAX_NODES;
const _: () = assert!(NODE == 16, "the matrix's node limit assumes 16-byte nodes");

/// The root h.
pub(crate) const ROOT: Link = 0;

/// One node's links. Kept together because cover and uncover touch them together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Node {
    r: Link,
    u: Link,
    d: Link,
    /// C: the column header of a row node; S, the column size, in a header.
    c: Link,
}

/// The dancing-links arena for one [`Matrix`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Links {
    nodes: Vec<Node>,
    /// The option each node belongs to, by node index (unused for headers): for reporting,
    /// and for the bounds of a chosen row in uncover_others.
    option_of: Vec<u32>,
    /// The live rows, for [`crate::lookahead`], which counts a dead end's updates with them.
    live: Derived<LiveRows>,
    /// The first node of each option.
    option_start: Vec<Link>,
    /// One past the last node of each option: a row's nodes are consecutive, so its L links
    /// need not be stored (see [`Links::uncover_others`]).
    option_end: Vec<Link>,
    /// L of each header, by header index: only the header list needs L links.
    left: Vec<Link>,
    items: usize,
    primaries: usize,
    /// The columns' row sets for [`crate::lookahead`], built on first use.
    row_sets: Derived<OnceLock<Option<Arc<RowSets>>>>,
    /// The matrix laid out for the search without links ([`crate::wide`]), built on first
    /// use; `None` if it does not fit.
    wide: Derived<OnceLock<Option<Arc<crate::wide::Wide>>>>,
    /// R of the root and of each header as built: the header list [`Links::relink`] restores.
    right0: Vec<Link>,
    /// L of the root and of each header as built.
    left0: Vec<Link>,
    /// Set while a search may have links moved; cleared once it has put them all back. A
    /// search that is leaked (`mem::forget`) or unwound by a panic leaves it set, and the
    /// owner ([`crate::Dlx`]) then rebuilds the links before their next use, as `Vec::drain`
    /// guards against leaks.
    moved: bool,
}

/// The live rows (not removed by any cover), one bit per option, while `tracking`: cover
/// clears a row's bit when it removes the row from the other columns, uncover sets it again.
/// Kept only while a search's dead-end test needs it (the upkeep costs plain searches up to
/// 16% more instructions on queens), and rebuilt from the links when tracking starts.
#[derive(Debug, Clone, Default)]
struct LiveRows {
    bits: Vec<u64>,
    tracking: bool,
}

/// Data beside the links that never makes two arenas differ: a cache, the live rows, an
/// interrupt flag.
#[derive(Debug, Clone, Default)]
pub(crate) struct Derived<T>(pub(crate) T);

impl<T> PartialEq for Derived<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Derived<T> {}

impl Links {
    /// Builds the arena; every column lists its options top to bottom in option order.
    ///
    /// # Panics
    /// If the matrix has more nodes than 32-bit byte offsets can address, which
    /// [`crate::MatrixBuilder::build`] already refuses; or if it has colours or bounds,
    /// which Algorithm DLX would silently ignore: [`crate::Xcc`] searches those.
    pub fn new(matrix: &Matrix) -> Self {
        assert!(
            matrix.is_plain(),
            "the matrix has colours or bounds: search it with dlx_core::Xcc, not Dlx"
        );
        let items = matrix.items().len();
        let total = 1 + items + matrix.ones();
        assert!(total <= MAX_NODES, "matrix too large for the link arena");
        // Built with node indices first, then scaled to byte offsets.
        let mut nodes = Vec::with_capacity(total);
        let mut size = vec![0u32; items + 1];
        let mut option_of = vec![u32::MAX; total];
        let mut option_start = Vec::with_capacity(matrix.options().len());
        let mut option_end = Vec::with_capacity(matrix.options().len());
        let mut left: Vec<Link> = (0..=items as Link).collect();

        nodes.push(Node {
            r: 0,
            u: 0,
            d: 0,
            c: 0,
        });
        let mut last_primary = 0;
        let mut primaries = 0;
        for (id, item) in matrix.items().iter().enumerate() {
            let h = id as Link + 1;
            nodes.push(Node {
                r: h,
                u: h,
                d: h,
                c: h,
            });
            if item.kind == ItemKind::Primary {
                primaries += 1;
                // Append to the header list: L[h] = last, R[h] = root.
                left[h as usize] = last_primary;
                nodes[h as usize].r = 0;
                nodes[last_primary as usize].r = h;
                left[0] = h;
                last_primary = h;
            }
        }
        for (option, row) in matrix.options().iter().enumerate() {
            let first = nodes.len() as Link;
            option_start.push(first * NODE);
            let len = row.len() as Link;
            for (k, &item) in row.iter().enumerate() {
                let x = first + k as Link;
                let c = item as Link + 1;
                let up = nodes[c as usize].u;
                let k = k as Link;
                nodes.push(Node {
                    r: first + (k + 1) % len,
                    u: up,
                    d: c,
                    c,
                });
                nodes[up as usize].d = x;
                nodes[c as usize].u = x;
                size[c as usize] += 1;
                option_of[x as usize] = option as u32;
            }
            option_end.push(nodes.len() as Link * NODE);
        }
        for (k, n) in nodes.iter_mut().enumerate() {
            *n = Node {
                r: n.r * NODE,
                u: n.u * NODE,
                d: n.d * NODE,
                c: n.c * NODE,
            };
            if k <= items {
                n.c = size[k];
            }
        }
        for l in &mut left {
            *l *= NODE;
        }
        let right0 = nodes[..=items].iter().map(|n| n.r).collect();
        let left0 = left.clone();
        Links {
            nodes,
            live: Derived::default(),
            option_of,
            option_start,
            option_end,
            left,
            items,
            primaries,
            row_sets: Derived::default(),
            wide: Derived::default(),
            right0,
            left0,
            moved: false,
        }
    }

    /// A 64-bit FNV-1a hash of the parts no search changes: the items (which are primary)
    /// and every option's items in order.
    pub(crate) fn fingerprint(&self) -> u64 {
        let mut h = fnv(0xcbf2_9ce4_8422_2325, self.items as u64);
        for &r in &self.right0 {
            h = fnv(h, u64::from(r));
        }
        for (&s, &e) in self.option_start.iter().zip(&self.option_end) {
            h = fnv(h, u64::from((e - s) / NODE));
            for x in (s..e).step_by(NODE as usize) {
                h = fnv(h, u64::from(self.column(x)));
            }
        }
        h
    }

    /// Marks the links as possibly moved, before a search starts covering.
    #[inline]
    pub(crate) fn begin_moving(&mut self) {
        self.moved = true;
    }

    /// Marks the links as back where they were, once a search has undone every cover.
    #[inline]
    pub(crate) fn end_moving(&mut self) {
        self.moved = false;
    }

    /// Whether a search left links moved (it was leaked or unwound by a panic).
    #[inline]
    pub(crate) fn moved(&self) -> bool {
        self.moved
    }

    /// Puts every link back as [`Links::new`] laid it out, from the parts that no cover ever
    /// changes: a row node's R and C, the rows' bounds, the header list as built. Whatever
    /// state a search left (even half-way through a cover), the arena is then exactly a fresh
    /// one's. O(nodes).
    pub(crate) fn relink(&mut self) {
        for h in 0..=self.items {
            let x = h as Link * NODE;
            self.nodes[h] = Node {
                r: self.right0[h],
                u: x,
                d: x,
                c: 0,
            };
        }
        self.nodes[0].c = 0;
        self.left.copy_from_slice(&self.left0);
        let first_row = self.items + 1;
        for k in first_row..self.nodes.len() {
            let x = k as Link * NODE;
            let c = self.nodes[k].c;
            let ci = (c / NODE) as usize;
            let up = self.nodes[ci].u;
            self.nodes[k].u = up;
            self.nodes[k].d = c;
            self.nodes[(up / NODE) as usize].d = x;
            self.nodes[ci].u = x;
            self.nodes[ci].c += 1;
        }
        self.live.0 = LiveRows::default();
        self.moved = false;
    }

    /// Checks that every column list is doubly linked, every size counts its list, the header
    /// list is doubly linked and holds only uncovered primary headers: the structure cover and
    /// uncover keep. For tests and debug checks; O(nodes).
    pub fn check(&self) -> Result<(), String> {
        let n = self.nodes.len() as Link * NODE;
        let ok = |x: Link| x.is_multiple_of(NODE) && x < n;
        for h in 1..=self.items {
            let c = h as Link * NODE;
            let (mut x, mut count) = (self.nodes[h].d, 0u32);
            let mut prev = c;
            while x != c {
                if !ok(x) || x <= header(self.items - 1) || count as usize > self.nodes.len() {
                    return Err(format!("column {} links to {x}", h - 1));
                }
                let node = &self.nodes[(x / NODE) as usize];
                if node.u != prev || node.c != c {
                    return Err(format!("column {}: node {x} is not linked back", h - 1));
                }
                prev = x;
                x = node.d;
                count += 1;
            }
            if self.nodes[h].u != prev {
                return Err(format!(
                    "column {}: U of the header is not the last node",
                    h - 1
                ));
            }
            if self.nodes[h].c != count {
                return Err(format!(
                    "column {}: size {} but {count} nodes",
                    h - 1,
                    self.nodes[h].c
                ));
            }
        }
        let mut x = ROOT;
        for _ in 0..=self.items + 1 {
            let r = self.nodes[(x / NODE) as usize].r;
            if !ok(r) || r > header(self.items - 1) || self.left[(r / NODE) as usize] != x {
                return Err(format!("the header list breaks after {x}"));
            }
            if r == ROOT {
                return Ok(());
            }
            x = r;
        }
        Err("the header list does not return to the root".into())
    }

    /// The columns' row sets (built on the first call), or `None` if the matrix is too
    /// large for them.
    pub(crate) fn row_sets(&self) -> Option<Arc<RowSets>> {
        self.row_sets
            .0
            .get_or_init(|| self.build_row_sets().map(Arc::new))
            .clone()
    }

    /// The matrix laid out for the search without links, if it fits ([`crate::wide`]).
    pub(crate) fn wide(&self) -> Option<Arc<crate::wide::Wide>> {
        self.wide
            .0
            .get_or_init(|| {
                if self.option_count() > crate::wide::MAX_OPTIONS {
                    return None;
                }
                let input = self.zdd_input();
                let options: Vec<Vec<ItemId>> = input
                    .options
                    .into_iter()
                    .map(|row| row.into_iter().map(|(item, _)| item).collect())
                    .collect();
                crate::wide::Wide::new(&input.primary, &options).map(Arc::new)
            })
            .clone()
    }

    /// The columns' row sets, built afresh.
    pub(crate) fn build_row_sets(&self) -> Option<RowSets> {
        RowSets::new(self.item_count() + 1, self.option_count(), |o| {
            self.option_columns(o).map(|c| (c / NODE) as usize)
        })
    }

    /// The column headers of an option's nodes, in row order: static, whatever is covered.
    pub(crate) fn option_columns(&self, option: OptionId) -> impl Iterator<Item = Link> + '_ {
        (self.option_start[option]..self.option_end[option])
            .step_by(NODE as usize)
            .map(|x| self.column(x))
    }

    /// The number of nodes of an option.
    #[inline(always)]
    pub(crate) fn option_len(&self, option: OptionId) -> u32 {
        (self.option_end[option] - self.option_start[option]) / NODE
    }

    /// Number of items (column headers).
    pub fn item_count(&self) -> usize {
        self.items
    }

    /// Number of primary items.
    pub fn primary_count(&self) -> usize {
        self.primaries
    }

    /// Number of nodes, the root and the headers included.
    pub(crate) fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Number of options (rows).
    pub(crate) fn option_count(&self) -> usize {
        self.option_start.len()
    }

    /// The current size S of an item's column.
    ///
    /// # Panics
    /// If the item does not exist (`item >= item_count()`).
    pub fn size(&self, item: ItemId) -> usize {
        assert!(
            item < self.items,
            "item {item} does not exist: the matrix has {} items",
            self.items
        );
        self.len(header(item)) as usize
    }

    /// The primary items still in the header list (not covered), in header order, with their
    /// current sizes. This is what a column-choice rule looks at.
    pub fn active_items(&self) -> ActiveItems<'_> {
        ActiveItems {
            links: self,
            at: self.first(),
        }
    }

    /// True when every primary item is covered.
    #[inline(always)]
    pub fn all_covered(&self) -> bool {
        self.first() == ROOT
    }

    /// A node, without a bounds check.
    #[inline(always)]
    fn at(&self, x: Link) -> &Node {
        debug_assert!(
            x.is_multiple_of(NODE) && ((x / NODE) as usize) < self.nodes.len(),
            "link {x} outside the arena"
        );
        // SAFETY: every link is the offset of a node (the arena invariant, module docs).
        unsafe { &*self.nodes.as_ptr().byte_add(x as usize) }
    }

    /// R\[h\]: the first uncovered primary column, or the root if none.
    #[inline(always)]
    pub(crate) fn first(&self) -> Link {
        self.at(ROOT).r
    }

    /// R of a node (in the header list, for a header).
    #[inline(always)]
    pub(crate) fn next(&self, x: Link) -> Link {
        self.at(x).r
    }

    /// D of a node.
    #[inline(always)]
    pub(crate) fn down(&self, x: Link) -> Link {
        self.at(x).d
    }

    /// C of a row node: its column header.
    #[inline(always)]
    pub(crate) fn column(&self, x: Link) -> Link {
        debug_assert!(x > header(self.items - 1), "C of a header is its size");
        self.at(x).c
    }

    /// S of a column header.
    #[inline(always)]
    pub(crate) fn len(&self, c: Link) -> u32 {
        debug_assert!(c <= header(self.items - 1), "{c} is not a header");
        self.at(c).c
    }

    /// Covers the columns of the other nodes of x's row, left to right (R\[x\], R\[R\[x\]\],
    /// ...), as the search does after choosing the row; returns the updates.
    #[inline(always)]
    pub(crate) fn cover_others(&mut self, x: Link) -> u64 {
        self.cover_others_with(x, |_| {})
    }

    /// [`Links::cover_others`], telling `covered` each column as it is covered: the search
    /// keeps them on its trail, to uncover them in reverse without finding the row again.
    #[inline(always)]
    pub(crate) fn cover_others_with(&mut self, x: Link, mut covered: impl FnMut(Link)) -> u64 {
        let mut updates = 0;
        let mut j = self.next(x);
        while j != x {
            let c = self.column(j);
            covered(c);
            updates += self.cover(c);
            j = self.next(j);
        }
        updates
    }

    /// The reverse of [`Links::cover_others`], right to left. A row's nodes are consecutive
    /// from its start `s` to its end `e`, and cover_others went x+1 .. e-1, then s .. x-1, so
    /// this goes x-1 down to s, then e-1 down to x+1: L is never needed.
    #[inline(always)]
    pub(crate) fn uncover_others(&mut self, x: Link) {
        let option = self.option_of[(x / NODE) as usize] as usize;
        let (s, e) = (self.option_start[option], self.option_end[option]);
        debug_assert!(s <= x && x < e);
        let mut j = x;
        while j > s {
            j -= NODE;
            self.uncover(self.column(j));
        }
        j = e;
        while j > x + NODE {
            j -= NODE;
            self.uncover(self.column(j));
        }
    }

    /// The option a row node belongs to.
    pub(crate) fn option(&self, x: Link) -> OptionId {
        debug_assert!(x > header(self.items - 1));
        self.option_of[(x / NODE) as usize] as OptionId
    }

    /// The matrix as laid out here, for the ZDD search ([`crate::zdd`]): which items are
    /// primary (their headers are in the header list as built) and each option's items.
    pub(crate) fn zdd_input(&self) -> crate::zdd::Input {
        let primary = (0..self.items)
            .map(|i| self.right0[i + 1] != header(i))
            .collect();
        let options = (0..self.option_count())
            .map(|o| {
                let items = self.option_items(o).unwrap_or_default();
                items.into_iter().map(|i| (i, 0)).collect()
            })
            .collect();
        crate::zdd::Input {
            primary,
            bounds: Vec::new(),
            options,
        }
    }

    /// The item ids of an option, in row order, if the option exists.
    pub(crate) fn option_items(&self, option: OptionId) -> Option<Vec<ItemId>> {
        let start = *self.option_start.get(option)?;
        let mut items = vec![item_of(self.column(start))];
        let mut j = self.next(start);
        while j != start {
            items.push(item_of(self.column(j)));
            j = self.next(j);
        }
        Some(items)
    }

    /// Whether `options` can all be chosen together: each exists, and no two share an item.
    /// Otherwise the place of the first that cannot, and why.
    pub(crate) fn check_choice(
        &self,
        options: impl IntoIterator<Item = OptionId>,
    ) -> Result<(), (usize, FixError)> {
        let mut by = vec![None; self.item_count()];
        for (index, option) in options.into_iter().enumerate() {
            let items = self
                .option_items(option)
                .ok_or((index, FixError::NoSuchOption(option)))?;
            for item in items {
                if let Some(with) = by[item] {
                    return Err((index, FixError::Clash { option, with, item }));
                }
                by[item] = Some(option);
            }
        }
        Ok(())
    }

    /// Whether the options of `fixed` then the rows of `path` can all be chosen together;
    /// otherwise the place in the path of the first that cannot (0 for a fixed option).
    pub(crate) fn check_prefix(
        &self,
        fixed: &[OptionId],
        path: &[ChosenRow],
    ) -> Result<(), PathError> {
        let options = fixed.iter().copied().chain(path.iter().map(|r| r.option));
        self.check_choice(options)
            .map_err(|(index, source)| PathError {
                index: index.saturating_sub(fixed.len()),
                source,
            })?;
        // Each option exists now; the item a row names must be one of its own, or the
        // solutions would carry a row the matrix cannot print.
        for (index, row) in path.iter().enumerate() {
            if !(self.option_items(row.option)).is_some_and(|items| items.contains(&row.item)) {
                return Err(PathError {
                    index,
                    source: FixError::NotItsItem {
                        option: row.option,
                        item: row.item,
                    },
                });
            }
        }
        Ok(())
    }

    /// Covers every item of an option, left to right, as the search does for a chosen row.
    pub(crate) fn cover_option(&mut self, option: OptionId) -> u64 {
        let first = self.option_start[option];
        self.cover(self.column(first)) + self.cover_others(first)
    }

    /// The exact reverse of [`Links::cover_option`].
    pub(crate) fn uncover_option(&mut self, option: OptionId) {
        let first = self.option_start[option];
        self.uncover_others(first);
        self.uncover(self.column(first));
    }

    /// The paper's cover(c): unlink c from the header list and every other node of every row
    /// in c from its column. Returns the updates, counted as dance.w counts them: 1 for the
    /// header plus 1 per node unlinked from a column.
    #[inline]
    pub(crate) fn cover(&mut self, c: Link) -> u64 {
        // The live rows' upkeep is chosen once per cover, not tested once per row: a search
        // without the dead-end test runs the loop with no trace of it.
        if self.live.0.tracking {
            self.cover_with::<true>(c)
        } else {
            self.cover_with::<false>(c)
        }
    }

    /// [`Links::cover`], keeping the live rows if `TRACK`.
    #[inline(always)]
    fn cover_with<const TRACK: bool>(&mut self, c: Link) -> u64 {
        let nodes = Raw::new(&mut self.nodes);
        let node = |x: Link| nodes.at(x);
        let (l, r) = (self.header_left(c), node(c).r);
        node(l).r = r;
        self.set_header_left(r, l);
        let mut updates = 1u64;
        let mut i = node(c).d;
        while i != c {
            // The next row is somewhere else in the arena: start fetching it now.
            let next = node(i).d;
            nodes.prefetch(next);
            if TRACK {
                self.set_live(i, false);
            }
            let mut j = node(i).r;
            while j != i {
                let Node {
                    u, d, c: cj, r: rj, ..
                } = *node(j);
                node(u).d = d;
                node(d).u = u;
                node(cj).c -= 1;
                updates += 1;
                j = rj;
            }
            i = next;
        }
        updates
    }

    /// The paper's uncover(c): the exact reverse of cover(c), rows bottom to top. Within a
    /// row it goes left to right, unlike the paper: the nodes of one row lie in different
    /// columns, so the order in which they return does not matter, and R is at hand.
    #[inline]
    pub(crate) fn uncover(&mut self, c: Link) {
        if self.live.0.tracking {
            self.uncover_with::<true>(c)
        } else {
            self.uncover_with::<false>(c)
        }
    }

    /// [`Links::uncover`], keeping the live rows if `TRACK`.
    #[inline(always)]
    fn uncover_with<const TRACK: bool>(&mut self, c: Link) {
        let nodes = Raw::new(&mut self.nodes);
        let node = |x: Link| nodes.at(x);
        let mut i = node(c).u;
        while i != c {
            let next = node(i).u;
            nodes.prefetch(next);
            if TRACK {
                self.set_live(i, true);
            }
            let mut j = node(i).r;
            while j != i {
                let Node {
                    u, d, c: cj, r: rj, ..
                } = *node(j);
                node(cj).c += 1;
                node(u).d = j;
                node(d).u = j;
                j = rj;
            }
            i = next;
        }
        let (l, r) = (self.header_left(c), node(c).r);
        node(l).r = c;
        self.set_header_left(r, c);
    }

    /// Marks the row of node `x` live or removed.
    #[inline(always)]
    fn set_live(&mut self, x: Link, live: bool) {
        let o = self.option_of[(x / NODE) as usize] as usize;
        let (w, bit) = (&mut self.live.0.bits[o / 64], 1u64 << (o % 64));
        if live { *w |= bit } else { *w &= !bit }
    }

    /// The live rows, one bit per option (meaningful while tracked).
    #[inline(always)]
    pub(crate) fn live(&self) -> &[u64] {
        debug_assert!(self.live.0.tracking);
        &self.live.0.bits
    }

    /// Whether the live rows are being kept.
    #[cfg(test)]
    pub(crate) fn live_tracked(&self) -> bool {
        self.live.0.tracking
    }

    /// Starts or stops keeping the live rows. Starting rebuilds them: a row is live when each
    /// of its nodes is still linked in its column (U\[x\]'s D is x).
    pub(crate) fn track_live(&mut self, on: bool) {
        if on && !self.live.0.tracking {
            let options = self.option_count();
            let mut bits = vec![0u64; options.div_ceil(64)];
            for (o, (&s, &e)) in self.option_start.iter().zip(&self.option_end).enumerate() {
                if (s..e)
                    .step_by(NODE as usize)
                    .all(|x| self.down(self.at(x).u) == x)
                {
                    bits[o / 64] |= 1 << (o % 64);
                }
            }
            self.live.0.bits = bits;
        }
        self.live.0.tracking = on;
    }

    /// L of a header (or the root).
    #[inline(always)]
    fn header_left(&self, h: Link) -> Link {
        let k = (h / NODE) as usize;
        debug_assert!(k < self.left.len(), "{h} is not a header");
        // SAFETY: `h` is the root or a header (only those are in the header list), and
        // `left` has an entry for each.
        unsafe { *self.left.get_unchecked(k) }
    }

    /// Sets L of a header (or the root).
    #[inline(always)]
    fn set_header_left(&mut self, h: Link, l: Link) {
        let k = (h / NODE) as usize;
        debug_assert!(k < self.left.len(), "{h} is not a header");
        // SAFETY: as in `header_left`.
        unsafe { *self.left.get_unchecked_mut(k) = l }
    }

    /// Hides one row for [`crate::reduce`]: unlinks each of its nodes from its column (U and
    /// D only, S decremented), from x rightwards. Its R links stay, so the row can still be
    /// walked and restored. Returns the updates: 1 per node unlinked.
    #[inline]
    pub(crate) fn hide_row(&mut self, x: Link) -> u64 {
        let nodes = Raw::new(&mut self.nodes);
        let node = |x: Link| nodes.at(x);
        let mut updates = 0;
        let mut j = x;
        loop {
            let Node { u, d, c, r, .. } = *node(j);
            node(u).d = d;
            node(d).u = u;
            node(c).c -= 1;
            updates += 1;
            j = r;
            if j == x {
                return updates;
            }
        }
    }

    /// The exact reverse of [`Links::hide_row`]: relinks the row's nodes. They lie in
    /// different columns, so their order does not matter; the row is walked by its bounds.
    #[inline]
    pub(crate) fn unhide_row(&mut self, x: Link) {
        let option = self.option_of[(x / NODE) as usize] as usize;
        let (s, e) = (self.option_start[option], self.option_end[option]);
        let nodes = Raw::new(&mut self.nodes);
        let node = |x: Link| nodes.at(x);
        let mut j = s;
        while j < e {
            let Node { u, d, c, .. } = *node(j);
            node(c).c += 1;
            node(u).d = j;
            node(d).u = j;
            j += NODE;
        }
    }
}

/// Unchecked mutable access to the nodes inside cover and uncover, which hold several
/// node references at once (a node and its neighbours), as the paper's pointer code does.
struct Raw {
    base: *mut Node,
    count: usize,
}

impl Raw {
    fn new(nodes: &mut [Node]) -> Self {
        Raw {
            base: nodes.as_mut_ptr(),
            count: nodes.len(),
        }
    }

    /// Asks the processor to bring the node at offset `x` into the cache, without waiting.
    /// cover and uncover fetch the next row of the column while they relink the current
    /// one: `cargo xtask bench search` and interleaved runs measured 3-12% on 6x10 and 9% on
    /// Scott's problem, nothing lost on queens.
    #[inline(always)]
    fn prefetch(&self, x: Link) {
        debug_assert!(
            x.is_multiple_of(NODE) && ((x / NODE) as usize) < self.count,
            "link {x} outside the arena"
        );
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let p = self.base.wrapping_byte_add(x as usize) as *const i8;
            // SAFETY: a prefetch is only a hint: it never faults and changes no memory, so
            // any address is sound; `x` is in the arena anyway (the arena invariant), and the
            // address is computed with wrapping arithmetic, so no pointer rule is at stake.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = x;
    }

    /// The node at offset `x`.
    #[inline(always)]
    #[allow(clippy::mut_from_ref)]
    fn at<'a>(&self, x: Link) -> &'a mut Node {
        debug_assert!(
            x.is_multiple_of(NODE) && ((x / NODE) as usize) < self.count,
            "link {x} outside the arena"
        );
        // SAFETY: every link read from the arena is the offset of one of its nodes (the arena
        // invariant, module docs). A returned reference is used for one field access and
        // dropped before the next `at`, so no two of them are alive at once; `Raw` lives only
        // inside cover/uncover (and hide_row/unhide_row), which hold the arena's `&mut` for
        // their whole run.
        unsafe { &mut *self.base.byte_add(x as usize) }
    }
}

/// One step of FNV-1a over the eight bytes of `x`.
pub(crate) fn fnv(mut h: u64, x: u64) -> u64 {
    for b in x.to_le_bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The header link of an item.
#[inline(always)]
pub(crate) fn header(item: ItemId) -> Link {
    (item as Link + 1) * NODE
}

/// The item of a header link.
#[inline(always)]
pub(crate) fn item_of(h: Link) -> ItemId {
    (h / NODE) as usize - 1
}

/// Iterator over the uncovered primary items and their sizes, in header order.
#[derive(Debug, Clone)]
pub struct ActiveItems<'a> {
    links: &'a Links,
    at: Link,
}

impl Iterator for ActiveItems<'_> {
    type Item = (ItemId, usize);

    fn next(&mut self) -> Option<Self::Item> {
        if self.at == ROOT {
            return None;
        }
        let h = self.at;
        self.at = self.links.next(h);
        Some((item_of(h), self.links.len(h) as usize))
    }
}
