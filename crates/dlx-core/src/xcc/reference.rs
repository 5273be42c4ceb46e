//! A plain reference for the engine: Algorithm M as Knuth's recursive search(k), on the same
//! node layout, with his inverse operations (uncover, unpurify, untweak walk the lists
//! again) instead of the engine's trail, and no state machine, split or prefetch. Its figures
//! are what the engine's must be; the tests compare them on random matrices.

use super::arena::{CLEANSED, NODE, SPACER};
use crate::matrix::Matrix;

/// The figures of a reference search: solutions, updates, cleansings, nodes.
pub(super) type Figures = (u64, u64, u64, u64);

/// Searches `matrix` and returns its figures.
pub(super) fn figures(matrix: &Matrix) -> Figures {
    // The arena's layout, with its byte offsets back to plain indices.
    let a = super::arena::Arena::new(matrix);
    let index = |x: &u32| x / NODE;
    let headers = matrix.items().len();
    let mut r = Reference {
        up: a.nodes.iter().map(|n| index(&n.up)).collect(),
        down: a.nodes.iter().map(|n| index(&n.down)).collect(),
        itm: (a.nodes.iter().enumerate())
            .map(|(k, n)| {
                if (1..=headers).contains(&k) {
                    n.itm
                } else {
                    index(&n.itm)
                }
            })
            .collect(),
        color: a.nodes.iter().map(|n| n.color).collect(),
        prev: a.rec.iter().map(|r| index(&r.prev)).collect(),
        next: a.rec.iter().map(|r| index(&r.next)).collect(),
        bound: a.rec.iter().map(|r| r.bound).collect(),
        slack: a.rec.iter().map(|r| r.slack).collect(),
        second: a.second / NODE,
        bounds: matrix.has_bounds(),
        figures: (0, 0, 0, 0),
    };
    r.search();
    r.figures
}

struct Reference {
    up: Vec<u32>,
    down: Vec<u32>,
    /// A row node's item, a header's list length, or [`SPACER`].
    itm: Vec<u32>,
    color: Vec<i32>,
    prev: Vec<u32>,
    next: Vec<u32>,
    bound: Vec<u32>,
    slack: Vec<u32>,
    second: u32,
    bounds: bool,
    figures: Figures,
}

impl Reference {
    /// search(k): count the node, choose an item, try each of its moves.
    fn search(&mut self) {
        self.figures.3 += 1;
        let Some((best, degree)) = self.choose() else {
            self.figures.0 += 1;
            return;
        };
        if degree <= 0 {
            if !self.bounds {
                self.figures.1 += 1; // DLX2 covers the empty item first
            }
            return;
        }
        let b = best as usize;
        self.bound[b] -= 1;
        if self.bound[b] == 0 {
            self.cover(best);
            self.deactivate(best);
        }
        let first = self.down[b];
        let mut cur = first;
        loop {
            let (bound, slack) = (self.bound[b], self.slack[b]);
            if bound == 0 && slack == 0 {
                if cur == best {
                    break;
                }
            } else if i64::from(self.itm[b]) <= i64::from(bound) - i64::from(slack) {
                break;
            } else if cur != best {
                self.tweak(cur, bound != 0);
            } else if bound != 0 {
                self.deactivate(best);
            }
            if cur != best {
                self.commit(cur);
            }
            self.search();
            if cur == best {
                // The null move is the last.
                self.reactivate(best);
                break;
            }
            self.uncommit(cur);
            cur = self.down[cur as usize];
        }
        if self.bound[b] == 0 && self.slack[b] == 0 {
            self.uncover(best);
            self.reactivate(best);
        } else {
            self.untweak(best, first, self.bound[b] != 0);
        }
        self.bound[b] += 1;
    }

    /// The smallest branching degree, ties to the smaller slack, the longer list, the
    /// leftmost; `None` if no primary item is active.
    fn choose(&self) -> Option<(u32, i64)> {
        let mut best: Option<(u32, (i64, i64, i64))> = None;
        let mut k = self.next[0];
        while k != 0 {
            let (b, len) = (
                i64::from(self.bound[k as usize]),
                i64::from(self.itm[k as usize]),
            );
            let s = i64::from(self.slack[k as usize]).min(b);
            let key = (len + s - b + 1, s, -len);
            if best.is_none_or(|(_, best)| key < best) {
                best = Some((k, key));
            }
            k = self.next[k as usize];
        }
        best.map(|(k, key)| (k, key.0))
    }

    fn deactivate(&mut self, h: u32) {
        let (l, r) = (self.prev[h as usize], self.next[h as usize]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
    }

    fn reactivate(&mut self, h: u32) {
        let (l, r) = (self.prev[h as usize], self.next[h as usize]);
        self.next[l as usize] = h;
        self.prev[r as usize] = h;
    }

    fn unlink(&mut self, x: u32) {
        let (u, d, c) = (
            self.up[x as usize],
            self.down[x as usize],
            self.itm[x as usize],
        );
        self.down[u as usize] = d;
        self.up[d as usize] = u;
        self.itm[c as usize] -= 1;
        self.figures.1 += 1;
    }

    fn relink(&mut self, x: u32) {
        let (u, d, c) = (
            self.up[x as usize],
            self.down[x as usize],
            self.itm[x as usize],
        );
        self.down[u as usize] = x;
        self.up[d as usize] = x;
        self.itm[c as usize] += 1;
    }

    /// The nodes of row node `r`'s option other than `r`, left to right from `r`.
    fn others(&self, r: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut x = r + 1;
        while x != r {
            if self.itm[x as usize] == SPACER {
                x = self.up[x as usize];
                continue;
            }
            out.push(x);
            x += 1;
        }
        out
    }

    /// The rows of item `h`'s list, top to bottom.
    fn rows(&self, h: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mut r = self.down[h as usize];
        while r != h {
            out.push(r);
            r = self.down[r as usize];
        }
        out
    }

    fn hide(&mut self, r: u32) {
        for x in self.others(r) {
            if self.color[x as usize] >= 0 {
                self.unlink(x);
            }
        }
    }

    fn unhide(&mut self, r: u32) {
        for x in self.others(r).into_iter().rev() {
            if self.color[x as usize] >= 0 {
                self.relink(x);
            }
        }
    }

    fn cover(&mut self, h: u32) {
        self.figures.1 += 1;
        for r in self.rows(h) {
            self.hide(r);
        }
    }

    fn uncover(&mut self, h: u32) {
        for r in self.rows(h).into_iter().rev() {
            self.unhide(r);
        }
    }

    fn purify(&mut self, p: u32) {
        let (h, c) = (self.itm[p as usize], self.color[p as usize]);
        self.figures.2 += 1;
        for r in self.rows(h) {
            if self.color[r as usize] != c {
                self.hide(r);
            } else if r != p {
                self.color[r as usize] = CLEANSED;
                self.figures.2 += 1;
            }
        }
    }

    fn unpurify(&mut self, p: u32) {
        let (h, c) = (self.itm[p as usize], self.color[p as usize]);
        for r in self.rows(h).into_iter().rev() {
            if self.color[r as usize] < 0 {
                self.color[r as usize] = c;
            } else if r != p {
                self.unhide(r);
            }
        }
    }

    fn commit(&mut self, x: u32) {
        for p in self.others(x) {
            let h = self.itm[p as usize];
            if h < self.second {
                self.bound[h as usize] -= 1;
                if self.bound[h as usize] == 0 {
                    self.cover(h);
                    self.deactivate(h);
                }
            } else if self.color[p as usize] == 0 {
                self.cover(h);
            } else if self.color[p as usize] > 0 {
                self.purify(p);
            }
        }
    }

    fn uncommit(&mut self, x: u32) {
        for p in self.others(x).into_iter().rev() {
            let h = self.itm[p as usize];
            if h < self.second {
                if self.bound[h as usize] == 0 {
                    self.uncover(h);
                    self.reactivate(h);
                }
                self.bound[h as usize] += 1;
            } else if self.color[p as usize] == 0 {
                self.uncover(h);
            } else if self.color[p as usize] > 0 {
                self.unpurify(p);
            }
        }
    }

    /// Takes row node `x` out of its list, and with `block` hides its option.
    fn tweak(&mut self, x: u32, block: bool) {
        if block {
            self.hide(x);
        }
        self.unlink(x);
    }

    /// Knuth's untweak: the tweaked rows still point down to each other from `first`, so
    /// the list is rebuilt from them; then their options come back, or the item is
    /// uncovered.
    fn untweak(&mut self, h: u32, first: u32, unblock: bool) {
        let z = self.down[h as usize];
        self.down[h as usize] = first;
        let (mut r, mut above, mut k) = (first, h, 0);
        while r != z {
            self.up[r as usize] = above;
            k += 1;
            if unblock {
                self.unhide(r);
            }
            above = r;
            r = self.down[r as usize];
        }
        self.up[z as usize] = above;
        self.itm[h as usize] += k;
        if !unblock {
            self.uncover(h);
        }
    }
}
