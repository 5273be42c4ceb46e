//! The repeat-cover link arena: the paper's L, R, U, D, C fields as `u32` indices in one
//! vector, laid out like [`crate::Links`] but danced differently.
//!
//! Index 0 is the root h; the `k`-th *primary* item has its header at `k + 1`; the nodes of
//! the kept options follow, option by option, so a row's nodes are contiguous. Secondary items
//! are left out altogether (they need not be covered), and so are options without a primary
//! item (they can never help a cover).
//!
//! Two operations, each undone by its exact reverse in last-in-first-out order:
//! - [`RepeatLinks::cover`]: a column is covered. Its header leaves the header list and each of
//!   its nodes is unlinked from its *row* (L/R), not its column: the rows stay available for
//!   other columns, so several chosen rows may share a column. A row's L/R ring therefore
//!   always holds exactly its nodes in uncovered columns.
//! - [`RepeatLinks::forbid`]: a row is excluded from the rest of this subtree. Its nodes in
//!   uncovered columns are unlinked from their columns (U/D), and those columns' sizes S drop.
//!   This is what makes the branching canonical (see the module docs of `mincover`).

use crate::matrix::{ItemKind, Matrix, OptionId};

/// Index of a node, header or the root.
pub(super) type Link = u32;

/// The root h.
pub(super) const ROOT: Link = 0;

/// One node's links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Node {
    pub(super) l: Link,
    pub(super) r: Link,
    pub(super) u: Link,
    pub(super) d: Link,
    /// The column header (a header's C is itself).
    pub(super) c: Link,
}

/// The arena.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RepeatLinks {
    pub(super) nodes: Vec<Node>,
    /// S: rows not forbidden in each column, indexed by header link.
    pub(super) size: Vec<u32>,
    /// Whether each header is still in the header list (its column is uncovered).
    pub(super) active: Vec<bool>,
    /// Number of nodes in each arena row's L/R ring (its uncovered columns).
    pub(super) row_len: Vec<u32>,
    /// The arena row of each non-header node (`u32::MAX` for headers and the root).
    pub(super) row_of: Vec<u32>,
    /// First node of each arena row, plus one past the last node.
    pub(super) row_start: Vec<u32>,
    /// The matrix option of each arena row.
    pub(super) option: Vec<OptionId>,
    /// The matrix item of each header (index `h - 1`).
    pub(super) item: Vec<usize>,
}

impl RepeatLinks {
    /// Lays out the primary items and the options that meet one of them.
    pub(super) fn new(matrix: &Matrix) -> Self {
        let mut header_of = vec![ROOT; matrix.items().len()];
        let mut item = Vec::new();
        for (id, it) in matrix.items().iter().enumerate() {
            if it.kind == ItemKind::Primary {
                item.push(id);
                header_of[id] = item.len() as Link;
            }
        }
        let headers = item.len();
        let mut nodes = Vec::with_capacity(1 + headers + matrix.ones());
        for h in 0..=headers as Link {
            // The header list is a ring through the root in declaration order.
            let l = if h == 0 { headers as Link } else { h - 1 };
            let r = if h as usize == headers { ROOT } else { h + 1 };
            nodes.push(Node {
                l,
                r,
                u: h,
                d: h,
                c: h,
            });
        }
        let mut size = vec![0u32; headers + 1];
        let mut row_of = vec![u32::MAX; headers + 1];
        let mut row_start = Vec::new();
        let mut row_len = Vec::new();
        let mut option = Vec::new();
        for (opt, items) in matrix.options().iter().enumerate() {
            let cols: Vec<Link> = items
                .iter()
                .map(|&i| header_of[i])
                .filter(|&h| h != ROOT)
                .collect();
            if cols.is_empty() {
                continue;
            }
            let row = option.len() as u32;
            let first = nodes.len() as Link;
            let len = cols.len() as Link;
            for (k, &c) in cols.iter().enumerate() {
                let x = first + k as Link;
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
                row_of.push(row);
            }
            row_start.push(first);
            row_len.push(len);
            option.push(opt);
        }
        row_start.push(nodes.len() as Link);
        RepeatLinks {
            nodes,
            active: vec![true; headers + 1],
            size,
            row_len,
            row_of,
            row_start,
            option,
            item,
        }
    }

    /// True when every primary column is covered.
    #[inline]
    pub(super) fn all_covered(&self) -> bool {
        self.nodes[ROOT as usize].r == ROOT
    }

    /// Covers column `c`: unlinks the header from the header list and each node of the column
    /// from its row. Returns the updates: 1 for the header plus 1 per node unlinked.
    pub(super) fn cover(&mut self, c: Link) -> u64 {
        let n = &mut self.nodes;
        let Node { l, r, .. } = n[c as usize];
        n[l as usize].r = r;
        n[r as usize].l = l;
        self.active[c as usize] = false;
        let mut updates = 1;
        let mut i = n[c as usize].d;
        while i != c {
            let Node { l, r, d, .. } = n[i as usize];
            n[l as usize].r = r;
            n[r as usize].l = l;
            self.row_len[self.row_of[i as usize] as usize] -= 1;
            updates += 1;
            i = d;
        }
        updates
    }

    /// The exact reverse of [`RepeatLinks::cover`]: bottom to top, then the header.
    pub(super) fn uncover(&mut self, c: Link) {
        let n = &mut self.nodes;
        let mut i = n[c as usize].u;
        while i != c {
            let Node { l, r, u, .. } = n[i as usize];
            n[l as usize].r = i;
            n[r as usize].l = i;
            self.row_len[self.row_of[i as usize] as usize] += 1;
            i = u;
        }
        let Node { l, r, .. } = n[c as usize];
        n[l as usize].r = c;
        n[r as usize].l = c;
        self.active[c as usize] = true;
    }

    /// Forbids the row of node `x` (which must be in an uncovered column): unlinks every node
    /// of its ring from its column. Returns the updates, 1 per node unlinked.
    pub(super) fn forbid(&mut self, x: Link) -> u64 {
        let n = &mut self.nodes;
        let mut j = x;
        let mut updates = 0;
        loop {
            let Node { u, d, c, r, .. } = n[j as usize];
            n[u as usize].d = d;
            n[d as usize].u = u;
            self.size[c as usize] -= 1;
            updates += 1;
            j = r;
            if j == x {
                return updates;
            }
        }
    }

    /// The exact reverse of [`RepeatLinks::forbid`]: right to left from `x`'s left neighbour.
    pub(super) fn permit(&mut self, x: Link) {
        let n = &mut self.nodes;
        let mut j = n[x as usize].l;
        loop {
            let Node { u, d, c, l, .. } = n[j as usize];
            n[u as usize].d = j;
            n[d as usize].u = j;
            self.size[c as usize] += 1;
            if j == x {
                return;
            }
            j = l;
        }
    }

    /// Covers every still uncovered column of `row`, left to right, pushing them on `log`.
    /// The row's nodes are contiguous, so covering (which unlinks them from the row's ring)
    /// does not disturb the walk.
    pub(super) fn choose_row(&mut self, row: usize, log: &mut Vec<Undo>) -> u64 {
        let mut updates = 0;
        for x in self.row_start[row]..self.row_start[row + 1] {
            let c = self.nodes[x as usize].c;
            if self.active[c as usize] {
                updates += self.cover(c);
                log.push(Undo::Cover(c));
            }
        }
        updates
    }

    /// Undoes the log back to `mark`, newest first.
    pub(super) fn undo_to(&mut self, log: &mut Vec<Undo>, mark: usize) {
        while log.len() > mark {
            match log.pop() {
                Some(Undo::Cover(c)) => self.uncover(c),
                Some(Undo::Forbid(x)) => self.permit(x),
                None => unreachable!("the log is longer than the mark"),
            }
        }
    }
}

/// One step of the undo log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Undo {
    /// A column was covered.
    Cover(Link),
    /// The row through this node was forbidden.
    Forbid(Link),
}
