//! Algorithm DLX as the paper prints it: the recursive search(k) over a plain arena of
//! L, R, U, D, C and S arrays (node 0 the root h, item i's header at node i + 1), with
//! cover(c) and uncover(c) exactly as given, and no trail, dead-end test, state machine or
//! unchecked access. Its figures are what the engine's must be, counted as dance.w counts
//! them; the tests below compare the two on random matrices, solution by solution.

use crate::matrix::Matrix;
use crate::rule::Heuristic;

/// What a reference search found: the solutions (option numbers, depth 0 first), updates
/// and nodes.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Found {
    pub solutions: Vec<Vec<usize>>,
    pub updates: u64,
    pub nodes: u64,
}

struct Arena {
    l: Vec<usize>,
    r: Vec<usize>,
    u: Vec<usize>,
    d: Vec<usize>,
    c: Vec<usize>,
    s: Vec<usize>,
    /// The option of each row node.
    row: Vec<usize>,
    /// O_k: the rows chosen at depths 0..k.
    o: Vec<usize>,
    leftmost: bool,
    found: Found,
}

/// Searches `matrix` (exact cover, primary and secondary items) with the rule `h`.
pub(crate) fn search(matrix: &Matrix, h: Heuristic) -> Found {
    let items = matrix.items().len();
    let mut a = Arena {
        l: Vec::new(),
        r: Vec::new(),
        u: Vec::new(),
        d: Vec::new(),
        c: Vec::new(),
        s: vec![0; items + 1],
        row: Vec::new(),
        o: Vec::new(),
        leftmost: h == Heuristic::Leftmost,
        found: Found::default(),
    };
    // The root and the headers: primary items in the header list, secondary ones alone.
    for x in 0..=items {
        a.l.push(x);
        a.r.push(x);
        a.u.push(x);
        a.d.push(x);
        a.c.push(x);
        a.row.push(usize::MAX);
    }
    let mut last = 0;
    for i in 0..matrix.primary_count() {
        let x = i + 1;
        a.l[x] = last;
        a.r[last] = x;
        last = x;
    }
    a.r[last] = 0;
    a.l[0] = last;
    // Each option's nodes, linked in a circle and at the bottom of their columns.
    for (o, option) in matrix.options().iter().enumerate() {
        let first = a.l.len();
        for (k, &item) in option.iter().enumerate() {
            let x = first + k;
            let col = item + 1;
            a.l.push(if k == 0 {
                first + option.len() - 1
            } else {
                x - 1
            });
            a.r.push(if k + 1 == option.len() { first } else { x + 1 });
            a.u.push(a.u[col]);
            a.d.push(col);
            a.c.push(col);
            a.row.push(o);
            let above = a.u[col];
            a.d[above] = x;
            a.u[col] = x;
            a.s[col] += 1;
        }
    }
    a.found.nodes = 1;
    a.search();
    a.found
}

impl Arena {
    /// search(k).
    fn search(&mut self) {
        if self.r[0] == 0 {
            self.found
                .solutions
                .push(self.o.iter().map(|&r| self.row[r]).collect());
            return;
        }
        let c = self.choose();
        self.cover(c);
        let mut r = self.d[c];
        while r != c {
            self.found.nodes += 1;
            self.o.push(r);
            let mut j = self.r[r];
            while j != r {
                self.cover(self.c[j]);
                j = self.r[j];
            }
            self.search();
            let r0 = self.o.pop().expect("pushed above");
            let mut j = self.l[r0];
            while j != r0 {
                self.uncover(self.c[j]);
                j = self.l[j];
            }
            r = self.d[r0];
        }
        self.uncover(c);
    }

    /// The S heuristic (the first column of smallest size), or the leftmost column.
    fn choose(&self) -> usize {
        let mut c = self.r[0];
        if self.leftmost {
            return c;
        }
        let (mut best, mut s) = (c, usize::MAX);
        while c != 0 {
            if self.s[c] < s {
                (best, s) = (c, self.s[c]);
            }
            c = self.r[c];
        }
        best
    }

    /// cover(c): 1 update for the header, 1 per node unlinked from its column.
    fn cover(&mut self, c: usize) {
        let (l, r) = (self.l[c], self.r[c]);
        self.l[r] = l;
        self.r[l] = r;
        self.found.updates += 1;
        let mut i = self.d[c];
        while i != c {
            let mut j = self.r[i];
            while j != i {
                let (u, d) = (self.u[j], self.d[j]);
                self.u[d] = u;
                self.d[u] = d;
                self.s[self.c[j]] -= 1;
                self.found.updates += 1;
                j = self.r[j];
            }
            i = self.d[i];
        }
    }

    /// uncover(c), the exact reverse.
    fn uncover(&mut self, c: usize) {
        let mut i = self.u[c];
        while i != c {
            let mut j = self.l[i];
            while j != i {
                self.s[self.c[j]] += 1;
                let (u, d) = (self.u[j], self.d[j]);
                self.u[d] = j;
                self.d[u] = j;
                j = self.l[j];
            }
            i = self.u[i];
        }
        let (l, r) = (self.l[c], self.r[c]);
        self.l[r] = c;
        self.r[l] = c;
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use proptest::prelude::*;

    use super::*;
    use crate::{Dlx, MatrixBuilder};

    fn matrix(primary: usize, secondary: usize, options: &[Vec<usize>]) -> Option<Matrix> {
        let mut b = MatrixBuilder::new();
        for i in 0..primary {
            b.primary(format!("p{i}")).ok()?;
        }
        for i in 0..secondary {
            b.secondary(format!("s{i}")).ok()?;
        }
        for o in options {
            b.option_ids(o.clone()).ok()?;
        }
        b.build().ok()
    }

    fn case() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
        (1usize..=7, 0usize..=3).prop_flat_map(|(p, s)| {
            let items = p + s;
            (
                Just(p),
                Just(s),
                prop::collection::vec(
                    prop::collection::btree_set(0..items, 1..=items.min(5)),
                    0..24,
                )
                .prop_map(|v| v.into_iter().map(|s| s.into_iter().collect()).collect()),
            )
        })
    }

    /// The engine's solutions, in order, and figures, through the front door.
    fn engine(m: &Matrix, h: Heuristic, threads: usize) -> Found {
        let mut solutions = Vec::new();
        let stats = Dlx::new(m).solve().heuristic(h).threads(threads).run(|s| {
            solutions.push(s.options());
            ControlFlow::Continue(())
        });
        assert!(stats.complete);
        Found {
            solutions,
            updates: stats.updates,
            nodes: stats.nodes,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// The engine finds the paper's search(k)'s solutions in the same order, with the
        /// same updates and nodes, under both of Knuth's rules; on two threads, the same
        /// solutions (in another order) and figures.
        #[test]
        fn the_engine_is_the_papers_search((p, s, options) in case()) {
            if let Some(m) = matrix(p, s, &options) {
                for h in [Heuristic::Mrv, Heuristic::Leftmost] {
                    let truth = search(&m, h);
                    prop_assert_eq!(&engine(&m, h, 1), &truth);
                    let mut two = engine(&m, h, 2);
                    let mut sorted = truth.solutions.clone();
                    for s in two.solutions.iter_mut().chain(&mut sorted) {
                        s.sort_unstable();
                    }
                    two.solutions.sort();
                    sorted.sort();
                    prop_assert_eq!(two.solutions, sorted);
                    prop_assert_eq!((two.updates, two.nodes), (truth.updates, truth.nodes));
                }
            }
        }
    }
}
