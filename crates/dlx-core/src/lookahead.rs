//! Dead ends charged without dancing: a child of the search whose S heuristic would find an
//! empty column is recognised before its row is covered, and its updates are counted instead
//! of performed.
//!
//! Under the S heuristic a child is a dead end exactly when, once the chosen row r is covered,
//! some uncovered primary column has no rows left. Column x loses precisely its rows that
//! share a column with r, so x is emptied when every live row of x conflicts with r. With
//! K_r, the set of rows meeting r's other columns (the union of those columns' row sets),
//! that is a walk down x's list until a row outside K_r turns up; the row found is remembered
//! and usually settles the next test of x at once. A dead child then costs, exactly as dance.w
//! counts it:
//! - at r's depth, covering r's other columns: 1 per column, plus len(i) - 1 for each live
//!   row i of K_r (each is removed once, from all its columns but the one being covered);
//! - at the child's depth, 1: the cover of the empty column, which has no row to try.
//!
//! The live rows are a bit set that cover and uncover keep ([`Links`]), so the sum is a few
//! masked popcounts. On the 6x10 pentominoes two children in three are dead ends and their
//! covers are 57% of all updates; on 14 queens the test costs more than it saves, so each
//! depth keeps the recent balance of the test (updates saved against its cost) and stops
//! testing, all but one row in [`SAMPLE`], where it is negative. The tree, every count and the
//! per-level profile are those of the plain search whatever is tested: the tests below check
//! each verdict against a real cover, and `search.rs` and `tests/lookahead.rs` whole searches.

use std::sync::Arc;

use crate::links::{Link, Links, NODE, ROOT};
use crate::rowsets::RowSets;

/// A search starts the test once it has tried this fraction of the set-up's size (nodes, and
/// words of row sets) in rows, so that the set-up never costs much of the search's time. On
/// 6x10 the set-up takes 60 µs (17 µs once the row sets are built and cached in the arena);
/// the 458 rows it waits for, about 450 µs.
const START_DIVISOR: u64 = 32;

/// The rows a search tries before it starts the test (see [`START_DIVISOR`]).
pub(crate) fn start_after(links: &Links) -> u64 {
    let words = links.option_count().div_ceil(64) as u64;
    (links.node_count() as u64 + (links.item_count() as u64 + 1) * words) / START_DIVISOR
}

/// Where the test does not pay, one row in this many is still tested, to notice a change.
const SAMPLE: u32 = 16;

/// The cost model of the balance, in nanoseconds on the hosts measured, fitted to timings of
/// 6x10, 14 queens (every row tested) and a subtree of the Aztec diamond: a test costs
/// [`TEST_COST`], plus [`WORD_COST`] per 16 words ORed into K_r, [`COLUMN_COST`] per column it
/// looks at and [`ROW_COST`] per row it checks; each update it saves (a node's cover and
/// uncover) is worth [`UPDATE_WORTH`].
const TEST_COST: i64 = 32;
const WORD_COST: i64 = 5;
const COLUMN_COST: i64 = 5;
const ROW_COST: i64 = 3;
const UPDATE_WORTH: i64 = 4;
/// The balance is a moving average over about this many tests (a power of two): recent
/// enough to follow the tree, long enough that one dead end's large saving does not swing it.
const WINDOW_SHIFT: u32 = 6;
/// Every this many rows (tested or not), the search gives the test up if no depth has a
/// positive balance: cover and uncover stop keeping the live rows, and the plain search goes
/// on. Counted in rows, not tests, so that a short search (a subtree of a parallel count, where
/// one row in [`SAMPLE`] is tested) reaches a review too.
const REVIEW: u32 = 2048;

/// No hint row.
const NO_ROW: u32 = u32::MAX;

/// The dead-end test of one search: its scratch state and, per depth, whether it pays.
#[derive(Debug)]
pub(crate) struct Lookahead {
    sets: Arc<RowSets>,
    /// K_r of the row being tested.
    k: Vec<u64>,
    /// `col_stamp[h] == epoch`: header h is one of the tested row's columns.
    col_stamp: Vec<u32>,
    /// Per header, a row of that column (an option, or [`NO_ROW`]): the last one found to
    /// survive a test, which usually survives the next test too, so that no walk down the
    /// column is needed.
    hint: Vec<u32>,
    /// The leftmost rule: only the first uncovered column counts.
    leftmost: bool,
    epoch: u32,
    /// Per depth: the balance of the test (updates saved less its cost, moving average over
    /// the last tests, scaled by 2^8), and the rows passed over untested since the last test
    /// while the balance is negative.
    balance: Vec<i64>,
    skipped: Vec<u32>,
    /// Per depth, whether a row was tested there.
    tested: Vec<bool>,
    /// Rows since the last review, and whether the last review gave the test up.
    since_review: u32,
    given_up: bool,
}

impl Lookahead {
    /// The test for the S heuristic, or for the leftmost rule if `leftmost`; the links keep
    /// their live rows from now on.
    pub(crate) fn new(
        links: &mut Links,
        sets: Arc<RowSets>,
        depths: usize,
        leftmost: bool,
    ) -> Self {
        links.track_live(true);
        // Each column's first row as its hint (whatever is covered now: membership is static).
        let mut hint = vec![NO_ROW; links.item_count() + 1];
        for o in (0..links.option_count()).rev() {
            for c in links.option_columns(o) {
                hint[(c / NODE) as usize] = o as u32;
            }
        }
        Lookahead {
            hint,
            leftmost,
            k: vec![0; sets.words],
            sets,
            col_stamp: vec![0; links.item_count() + 1],
            epoch: 0,
            balance: vec![0; depths],
            skipped: vec![0; depths],
            tested: vec![false; depths],
            since_review: 0,
            given_up: false,
        }
    }

    /// Whether to test a row at depth `level`: always while the test pays there, else one
    /// row in [`SAMPLE`].
    #[inline(always)]
    pub(crate) fn worth_testing(&mut self, level: usize) -> bool {
        self.since_review += 1;
        if self.since_review == REVIEW {
            self.review();
        }
        if self.balance[level] >= 0 {
            return true;
        }
        self.skipped[level] += 1;
        if self.skipped[level] < SAMPLE {
            return false;
        }
        self.skipped[level] = 0;
        true
    }

    /// Gives the test up if no depth where a row was tested has a positive balance.
    #[cold]
    fn review(&mut self) {
        self.since_review = 0;
        self.given_up = !(self.tested.iter().zip(&self.balance)).any(|(&t, &b)| t && b >= 0);
    }

    /// If choosing the row of node `x` (its own column already covered) leads to a child that
    /// branches on an empty column (under the S heuristic: some uncovered primary column is
    /// empty; under the leftmost rule: the first one is), the updates that covering the row's
    /// other columns would cost; `None` when the child has rows to try or is a solution. The
    /// arena is only read.
    pub(crate) fn dead_end(&mut self, links: &Links, x: Link, level: usize) -> Option<u64> {
        let epoch = self.next_epoch();
        let sets = &*self.sets;
        // K_r: the rows of x's row's other columns (those of x's column are no longer live).
        self.k.fill(0);
        self.col_stamp[(links.column(x) / NODE) as usize] = epoch;
        let mut j = links.next(x);
        while j != x {
            let c = links.column(j);
            self.col_stamp[(c / NODE) as usize] = epoch;
            self.k
                .iter_mut()
                .zip(sets.column((c / NODE) as usize))
                .for_each(|(k, m)| *k |= m);
            j = links.next(j);
        }
        let (k, live) = (&self.k, links.live());
        let bit = |set: &[u64], o: usize| set[o / 64] >> (o % 64) & 1 != 0;
        let (mut columns, mut rows) = (0i64, 0i64);
        let mut c = links.first();
        let dead = loop {
            if c == ROOT {
                // No uncovered column is emptied (or none is left: a solution).
                break false;
            }
            let h = (c / NODE) as usize;
            if self.col_stamp[h] != epoch {
                columns += 1;
                // A live row lies in the list of every uncovered column it has.
                let hint = self.hint[h];
                let survives = hint != NO_ROW && {
                    let hint = hint as usize;
                    bit(live, hint) && !bit(k, hint)
                };
                if !survives {
                    let mut i = links.down(c);
                    while i != c {
                        rows += 1;
                        let o = links.option(i);
                        if !bit(k, o) {
                            self.hint[h] = o as u32;
                            break;
                        }
                        i = links.down(i);
                    }
                    if i == c {
                        break true;
                    }
                }
                if self.leftmost {
                    // The child branches on this column, which keeps a row.
                    break false;
                }
            }
            c = links.next(c);
        };
        let words = (self.k.len() * (links.option_len(links.option(x)) as usize - 1)) as i64;
        let mut gain =
            -(TEST_COST + WORD_COST * words / 16 + COLUMN_COST * columns + ROW_COST * rows);
        let result = dead.then(|| {
            // Covering the row's other columns: 1 per column, and each live row of K_r is
            // removed from all its columns but one.
            let updates = links.option_len(links.option(x)) as u64 - 1 + sets.weight(k, live);
            gain += UPDATE_WORTH * updates as i64;
            updates
        });
        let b = &mut self.balance[level];
        *b += ((gain << 8) - *b) >> WINDOW_SHIFT;
        self.tested[level] = true;
        result
    }

    /// True when the test does not pay at any depth: the search had better drop it.
    pub(crate) fn given_up(&self) -> bool {
        self.given_up
    }

    /// A fresh stamp value; the stamps are cleared when the counter wraps (after 2^32 tests).
    fn next_epoch(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.col_stamp.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rule::{Heuristic, Rule};
    use crate::{Matrix, MatrixBuilder};

    /// Walks the whole tree with real covers, and at every row checks the test's verdict and
    /// its updates against what covering the row does. Returns (dead ends, other rows).
    fn check_tree(links: &mut Links, la: &mut Lookahead, h: Heuristic, level: usize) -> (u64, u64) {
        let mut seen = (0, 0);
        let c = Rule::from(h).choose(links);
        links.cover(c);
        let mut x = links.down(c);
        while x != c {
            let predicted = la.dead_end(links, x, level);
            let updates = links.cover_others(x);
            let dead = !links.all_covered() && links.len(Rule::from(h).choose(links)) == 0;
            assert_eq!(
                predicted,
                dead.then_some(updates),
                "row {}",
                links.option(x)
            );
            if dead {
                seen.0 += 1;
            } else {
                seen.1 += 1;
                if !links.all_covered() {
                    let below = check_tree(links, la, h, level + 1);
                    seen = (seen.0 + below.0, seen.1 + below.1);
                }
            }
            links.uncover_others(x);
            x = links.down(x);
        }
        links.uncover(c);
        seen
    }

    fn check(matrix: &Matrix) -> (u64, u64) {
        let mut links = Links::new(matrix);
        let pristine = links.clone();
        let sets = links.row_sets().expect("a small matrix");
        let mut seen = (0, 0);
        for (h, leftmost) in [(Heuristic::Mrv, false), (Heuristic::Leftmost, true)] {
            let depths = links.primary_count() + 1;
            let mut la = Lookahead::new(&mut links, sets.clone(), depths, leftmost);
            let s = check_tree(&mut links, &mut la, h, 0);
            seen = (seen.0 + s.0, seen.1 + s.1);
        }
        assert_eq!(links, pristine);
        // The live rows kept through every cover and uncover equal those rebuilt afresh.
        let mut fresh = pristine.clone();
        fresh.track_live(true);
        assert_eq!(links.live(), fresh.live());
        seen
    }

    /// n queens with Knuth's diagonals as secondary items.
    pub(crate) fn queens(n: usize) -> Matrix {
        let mut b = MatrixBuilder::new();
        for i in 0..n {
            b.primary(format!("r{i}")).unwrap();
            b.primary(format!("c{i}")).unwrap();
        }
        for d in 0..2 * n - 1 {
            b.secondary(format!("a{d}")).unwrap();
            b.secondary(format!("b{d}")).unwrap();
        }
        for r in 0..n {
            for c in 0..n {
                b.option([
                    format!("r{r}"),
                    format!("c{c}"),
                    format!("a{}", r + c),
                    format!("b{}", n - 1 + r - c),
                ])
                .unwrap();
            }
        }
        b.build().unwrap()
    }

    /// A pseudo-random matrix whose options have 1 to 7 items (more lengths than
    /// [`crate::rowsets::MAX_CLASSES`]), some of them secondary.
    fn scattered(seed: u64) -> Matrix {
        let mut state = seed;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let (primary, secondary) = (14, 4);
        let mut b = MatrixBuilder::new();
        for i in 0..primary {
            b.primary(format!("p{i}")).unwrap();
        }
        for i in 0..secondary {
            b.secondary(format!("s{i}")).unwrap();
        }
        for _ in 0..60 {
            let len = 1 + next(7) as usize;
            let mut items: Vec<usize> = Vec::new();
            while items.len() < len {
                let i = next(primary + secondary) as usize;
                if !items.contains(&i) {
                    items.push(i);
                }
            }
            b.option_ids(items).unwrap();
        }
        b.build().unwrap()
    }

    #[test]
    fn verdicts_and_updates_equal_real_covers_on_queens() {
        let (dead, alive) = check(&queens(6));
        assert!(
            dead > 100 && alive > 100,
            "{dead} dead ends, {alive} other rows"
        );
    }

    #[test]
    fn verdicts_and_updates_equal_real_covers_with_many_row_lengths() {
        let mut total = (0, 0);
        for seed in 1..=20 {
            let m = scattered(seed);
            let sets = Links::new(&m).build_row_sets().unwrap();
            assert!(
                sets.classes.is_empty(),
                "rows of more than {} lengths",
                crate::rowsets::MAX_CLASSES
            );
            let seen = check(&m);
            total = (total.0 + seen.0, total.1 + seen.1);
        }
        assert!(total.0 > 100 && total.1 > 100, "{total:?}");
    }

    #[test]
    fn verdicts_and_updates_equal_real_covers_after_a_fixed_option() {
        let m = queens(8);
        let mut links = Links::new(&m);
        links.cover_option(9);
        let sets = links.row_sets().unwrap();
        let depths = links.primary_count() + 1;
        let mut la = Lookahead::new(&mut links, sets, depths, false);
        let (dead, alive) = check_tree(&mut links, &mut la, Heuristic::Mrv, 0);
        assert!(
            dead > 10 && alive > 10,
            "{dead} dead ends, {alive} other rows"
        );
        links.uncover_option(9);
        assert_eq!(links, Links::new(&m));
    }

    #[test]
    fn too_many_bits_build_no_row_sets() {
        // 2^14 items by 2^14 options is 2^28 bits, over the limit.
        let n = 1 << 14;
        let mut b = MatrixBuilder::new();
        for i in 0..n {
            b.primary(format!("i{i}")).unwrap();
        }
        for i in 0..n {
            b.option_ids([i]).unwrap();
        }
        let m = b.build().unwrap();
        assert!(Links::new(&m).build_row_sets().is_none());
        // The search runs without the test.
        assert_eq!(crate::Dlx::new(&m).solve().count().solutions, 1);
    }
}
