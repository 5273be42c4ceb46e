//! The link arena: the paper's L, R, U, D, C fields for every node, S and N for every column
//! header, and the root h, stored as compact `u32` indices into one vector.
//!
//! Index 0 is the root h; item `i` has its column header at index `i + 1`; the nodes of the
//! options follow, option by option. Secondary headers point to themselves in L and R, so they
//! are never in the header list and never chosen, yet covering them works unchanged.

use crate::matrix::{ItemId, ItemKind, Matrix, OptionId};

/// Index of a node (or header, or the root) in the arena.
pub(crate) type Link = u32;

/// The root h.
pub(crate) const ROOT: Link = 0;

/// One node's links. Kept together because cover and uncover touch them together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) l: Link,
    pub(crate) r: Link,
    pub(crate) u: Link,
    pub(crate) d: Link,
    /// The column header this node belongs to (a header's C is itself).
    pub(crate) c: Link,
}

/// The dancing-links arena for one [`Matrix`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Links {
    pub(crate) nodes: Vec<Node>,
    /// S: the number of nodes currently in each column, indexed by header link.
    pub(crate) size: Vec<u32>,
    /// The option each node belongs to (unused for headers); read only when reporting.
    pub(crate) option_of: Vec<u32>,
    /// The first node of each option.
    pub(crate) option_start: Vec<u32>,
    pub(crate) items: usize,
    pub(crate) primaries: usize,
}

impl Links {
    /// Builds the arena; every column lists its options top to bottom in option order.
    pub fn new(matrix: &Matrix) -> Self {
        let items = matrix.items().len();
        let total = 1 + items + matrix.ones();
        let mut nodes = Vec::with_capacity(total);
        let mut size = vec![0u32; items + 1];
        let mut option_of = vec![u32::MAX; total];
        let mut option_start = Vec::with_capacity(matrix.options().len());

        nodes.push(Node {
            l: ROOT,
            r: ROOT,
            u: ROOT,
            d: ROOT,
            c: ROOT,
        });
        let mut last_primary = ROOT;
        let mut primaries = 0;
        for (id, item) in matrix.items().iter().enumerate() {
            let h = header(id);
            nodes.push(Node {
                l: h,
                r: h,
                u: h,
                d: h,
                c: h,
            });
            if item.kind == ItemKind::Primary {
                primaries += 1;
                // Append to the header list: L[h] = last, R[h] = root.
                nodes[h as usize].l = last_primary;
                nodes[h as usize].r = ROOT;
                nodes[last_primary as usize].r = h;
                nodes[ROOT as usize].l = h;
                last_primary = h;
            }
        }
        for (option, row) in matrix.options().iter().enumerate() {
            let first = nodes.len() as Link;
            option_start.push(first);
            let len = row.len() as Link;
            for (k, &item) in row.iter().enumerate() {
                let x = first + k as Link;
                let c = header(item);
                let up = nodes[c as usize].u;
                let k = k as Link;
                nodes.push(Node {
                    l: first + (k + len - 1) % len,
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
        }
        Links {
            nodes,
            size,
            option_of,
            option_start,
            items,
            primaries,
        }
    }

    /// Number of items (column headers).
    pub fn item_count(&self) -> usize {
        self.items
    }

    /// Number of primary items.
    pub fn primary_count(&self) -> usize {
        self.primaries
    }

    /// The current size S of an item's column.
    pub fn size(&self, item: ItemId) -> usize {
        self.size[header(item) as usize] as usize
    }

    /// The primary items still in the header list (not covered), in header order, with their
    /// current sizes. This is what a column-choice rule looks at.
    pub fn active_items(&self) -> ActiveItems<'_> {
        ActiveItems {
            links: self,
            at: self.nodes[ROOT as usize].r,
        }
    }

    /// True when every primary item is covered.
    pub fn all_covered(&self) -> bool {
        self.nodes[ROOT as usize].r == ROOT
    }

    /// The option a (non-header) node belongs to.
    pub(crate) fn option(&self, x: Link) -> OptionId {
        debug_assert!(x as usize > self.items);
        self.option_of[x as usize] as OptionId
    }

    /// The item ids of an option, in row order, if the option exists.
    pub(crate) fn option_items(&self, option: OptionId) -> Option<Vec<ItemId>> {
        let start = *self.option_start.get(option)?;
        let mut items = vec![item_of(self.nodes[start as usize].c)];
        let mut j = self.nodes[start as usize].r;
        while j != start {
            items.push(item_of(self.nodes[j as usize].c));
            j = self.nodes[j as usize].r;
        }
        Some(items)
    }

    /// Covers every item of an option, left to right, as the search does for a chosen row.
    pub(crate) fn cover_option(&mut self, option: OptionId) -> u64 {
        let start = self.option_start[option];
        let mut updates = self.cover(self.nodes[start as usize].c);
        let mut j = self.nodes[start as usize].r;
        while j != start {
            updates += self.cover(self.nodes[j as usize].c);
            j = self.nodes[j as usize].r;
        }
        updates
    }

    /// The exact reverse of [`Links::cover_option`].
    pub(crate) fn uncover_option(&mut self, option: OptionId) {
        let start = self.option_start[option];
        let mut j = self.nodes[start as usize].l;
        while j != start {
            self.uncover(self.nodes[j as usize].c);
            j = self.nodes[j as usize].l;
        }
        self.uncover(self.nodes[start as usize].c);
    }

    /// The paper's cover(c): unlink c from the header list and every other node of every row
    /// in c from its column. Returns the updates, counted as dance.w counts them: 1 for the
    /// header plus 1 per node unlinked from a column.
    #[inline]
    pub(crate) fn cover(&mut self, c: Link) -> u64 {
        let n = &mut self.nodes;
        let Node { l, r, .. } = n[c as usize];
        n[l as usize].r = r;
        n[r as usize].l = l;
        let mut updates = 1u64;
        let mut i = n[c as usize].d;
        while i != c {
            let mut j = n[i as usize].r;
            while j != i {
                let Node {
                    u, d, c: cj, r: rj, ..
                } = n[j as usize];
                n[u as usize].d = d;
                n[d as usize].u = u;
                self.size[cj as usize] -= 1;
                updates += 1;
                j = rj;
            }
            i = n[i as usize].d;
        }
        updates
    }

    /// The paper's uncover(c): the exact reverse of cover(c), bottom to top, right to left.
    #[inline]
    pub(crate) fn uncover(&mut self, c: Link) {
        let n = &mut self.nodes;
        let mut i = n[c as usize].u;
        while i != c {
            let mut j = n[i as usize].l;
            while j != i {
                let Node {
                    u, d, c: cj, l: lj, ..
                } = n[j as usize];
                self.size[cj as usize] += 1;
                n[u as usize].d = j;
                n[d as usize].u = j;
                j = lj;
            }
            i = n[i as usize].u;
        }
        let Node { l, r, .. } = n[c as usize];
        n[l as usize].r = c;
        n[r as usize].l = c;
    }
}

/// The header link of an item.
#[inline]
pub(crate) fn header(item: ItemId) -> Link {
    (item + 1) as Link
}

/// The item of a header link.
#[inline]
pub(crate) fn item_of(h: Link) -> ItemId {
    h as usize - 1
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
        self.at = self.links.nodes[h as usize].r;
        Some((item_of(h), self.links.size[h as usize] as usize))
    }
}
