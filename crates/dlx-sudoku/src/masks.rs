//! Sudoku of any box size searched over candidate masks: each cell's open digits, and each
//! unit's open places for each digit, as words of up to 64 bits.
//!
//! It is Algorithm X on the same exact cover (a cell, or a unit's digit, is an item; a
//! (cell, digit) pair is an option), kept as two views of the open options so that both
//! kinds of item are a mask. At every node, as [`dlx_core::step::Reduce`] does over dancing
//! links:
//! - the single rule: an item with one option left takes it, one with none is a dead end;
//! - the subset rule's sudoku case, locked candidates: a box's digit confined to one row or
//!   column leaves the rest of that line, a line's digit confined to one box the rest of it;
//! - probing: each option of every item with two options is chosen tentatively, propagated
//!   and undone. One that fails goes (the other is then chosen); when none fails, whatever
//!   all of them remove goes, since one of them will be chosen. Then the items with three
//!   options (boards up to 25x25; on 36x36 it costs more than it saves), and back to the
//!   pairs whenever something went.
//!
//! It branches on the pair whose two probes remove the most (the product of their
//! removals), or on an item with the fewest options when there is no pair. Changes go on a
//! trail of removed and chosen options, undone in reverse, so a probe costs its own changes,
//! not a copy of the board. A probe costs well under a microsecond to a few on 25x25 and
//! 36x36, where `Reduce` spends several, and the three-option probes prune trees that
//! `Reduce` does not finish; `cargo xtask bench sudoku --large` compares them. Its nodes and
//! probes are its own figures, not Knuth's updates.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

/// Items of at most this many options are probed (on boards whose [`Units::probe_size`]
/// allows it).
const PROBE_SIZE: usize = 3;

/// The board of one box size: which cells make up each unit.
#[derive(Clone, Debug)]
pub(crate) struct Units {
    /// The box size n.
    n: usize,
    /// The side n².
    side: usize,
    /// `unit_cells[u * side + i]`: cell i of unit u. Units are the rows, then the columns,
    /// then the boxes; a row's cells go by column, a column's by row, a box's row-major.
    unit_cells: Vec<u16>,
    /// `cell_units[3 * cell + k]`: the cell's row, column and box, each with the cell's
    /// place in it.
    cell_units: Vec<(u16, u8)>,
    /// `row_of_box[r]`: the places of row r of a box (bits r * n ..).
    row_of_box: Vec<u64>,
    /// `column_of_box[c]`: the places of column c of a box (bits c, c + n, ...).
    column_of_box: Vec<u64>,
    /// Items of at most this many options are probed: 3 up to 25x25, 2 on 36x36.
    probe_size: usize,
}

impl Units {
    /// The units of box size `n` (2..=8: a side of at most 64 fits a word).
    pub(crate) fn new(n: usize) -> Units {
        assert!((2..=8).contains(&n), "box sizes 2 to 8 fit the masks");
        let side = n * n;
        let mut unit_cells = vec![0u16; 3 * side * side];
        let mut cell_units = vec![(0u16, 0u8); 3 * side * side];
        for r in 0..side {
            for c in 0..side {
                let cell = r * side + c;
                let b = (r / n) * n + c / n;
                let i = (r % n) * n + c % n;
                for (k, (u, place)) in [(r, c), (side + c, r), (2 * side + b, i)]
                    .into_iter()
                    .enumerate()
                {
                    unit_cells[u * side + place] = cell as u16;
                    cell_units[3 * cell + k] = (u as u16, place as u8);
                }
            }
        }
        let row = (1u64 << n) - 1;
        let row_of_box = (0..n).map(|r| row << (r * n)).collect();
        let column_of_box = (0..n)
            .map(|c| (0..n).map(|r| 1u64 << (r * n + c)).sum())
            .collect();
        Units {
            n,
            side,
            probe_size: if n >= 6 { 2 } else { PROBE_SIZE },
            unit_cells,
            cell_units,
            row_of_box,
            column_of_box,
        }
    }

    /// Every digit (or place) of a unit.
    fn full(&self) -> u64 {
        if self.side == 64 {
            u64::MAX
        } else {
            (1u64 << self.side) - 1
        }
    }
}

/// A node's state: the open options, seen from both kinds of item.
#[derive(Debug)]
struct State {
    /// `cand[cell]`: the digits still open in an unsolved cell (0 once solved).
    cand: Vec<u64>,
    /// `pos[u * side + d]`: the places of unit u where digit d is still open (0 once placed).
    pos: Vec<u64>,
    /// `placed[u]`: the digits placed in unit u.
    placed: Vec<u64>,
    /// The solved cells' digits, 1-based; 0 when unsolved.
    value: Vec<u8>,
    /// The open options of unsolved cells: how far the node is from a solution.
    open: u32,
}

/// The search's bookkeeping: the items whose options changed since the rules last looked at
/// them (cells 0..cells, then units' digits at cells + u * side + d), and the trail of
/// changes, undone in reverse.
#[derive(Debug)]
struct Queue {
    items: Vec<u32>,
    queued: Vec<bool>,
    /// Each change: `cell << 7 | d << 1 | chosen`, an option removed or chosen.
    trail: Vec<u32>,
}

impl Queue {
    fn new(l: &Units) -> Queue {
        Queue {
            items: Vec::new(),
            queued: vec![false; 4 * l.side * l.side],
            trail: Vec::new(),
        }
    }

    #[inline]
    fn push(&mut self, x: usize) {
        if !self.queued[x] {
            self.queued[x] = true;
            self.items.push(x as u32);
        }
    }

    fn clear(&mut self) {
        for x in self.items.drain(..) {
            self.queued[x as usize] = false;
        }
    }
}

/// The bits of a mask, lowest first.
fn bits(mut x: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let k = x.trailing_zeros() as usize;
            x &= x - 1;
            k
        })
    })
}

impl State {
    /// Everything open.
    fn empty(l: &Units) -> State {
        let cells = l.side * l.side;
        State {
            cand: vec![l.full(); cells],
            pos: vec![l.full(); 3 * l.side * l.side],
            placed: vec![0; 3 * l.side],
            value: vec![0; cells],
            open: (cells * l.side) as u32,
        }
    }

    /// Drops option (cell, d) from both views (it must be open), queueing its items.
    #[inline]
    fn remove(&mut self, l: &Units, q: &mut Queue, cell: usize, d: usize) {
        debug_assert!(self.cand[cell] & (1 << d) != 0);
        self.cand[cell] &= !(1 << d);
        self.open -= 1;
        q.trail.push((cell as u32) << 7 | (d as u32) << 1);
        q.push(cell);
        let cells = l.side * l.side;
        for &(u, place) in &l.cell_units[3 * cell..3 * cell + 3] {
            let ud = usize::from(u) * l.side + d;
            self.pos[ud] &= !(1 << place);
            q.push(cells + ud);
        }
    }

    /// Chooses option (cell, d): every option sharing an item with it goes. False when it
    /// is no longer open.
    fn assign(&mut self, l: &Units, q: &mut Queue, cell: usize, d: usize) -> bool {
        if self.cand[cell] & (1 << d) == 0 {
            return false;
        }
        for e in bits(self.cand[cell] & !(1 << d)) {
            self.remove(l, q, cell, e);
        }
        self.cand[cell] = 0;
        self.open -= 1;
        self.value[cell] = d as u8 + 1;
        q.trail.push((cell as u32) << 7 | (d as u32) << 1 | 1);
        for &(u, place) in &l.cell_units[3 * cell..3 * cell + 3] {
            let u = usize::from(u);
            self.placed[u] |= 1 << d;
            let peers = self.pos[u * l.side + d] & !(1 << place);
            self.pos[u * l.side + d] = 0;
            for i in bits(peers) {
                self.remove(l, q, usize::from(l.unit_cells[u * l.side + i]), d);
            }
        }
        true
    }

    /// Undoes the trail's changes back to length `mark`, newest first.
    fn undo_to(&mut self, l: &Units, q: &mut Queue, mark: usize) {
        while q.trail.len() > mark {
            let e = q.trail.pop().expect("longer than mark") as usize;
            let (cell, d) = (e >> 7, (e >> 1) & 63);
            // A chosen option gets back its own bits, which were its last; its other
            // options and its peers' come back from their own entries.
            if e & 1 == 1 {
                self.value[cell] = 0;
                for &(u, _) in &l.cell_units[3 * cell..3 * cell + 3] {
                    self.placed[usize::from(u)] &= !(1 << d);
                }
            }
            self.cand[cell] |= 1 << d;
            self.open += 1;
            for &(u, place) in &l.cell_units[3 * cell..3 * cell + 3] {
                self.pos[usize::from(u) * l.side + d] |= 1 << place;
            }
        }
    }

    /// Removes d from the places `places` of unit u.
    fn clear(&mut self, l: &Units, q: &mut Queue, u: usize, d: usize, places: u64) {
        for i in bits(places & self.pos[u * l.side + d]) {
            self.remove(l, q, usize::from(l.unit_cells[u * l.side + i]), d);
        }
    }

    /// The rules on the queued items until the queue is empty: a cell or a unit's digit with
    /// no option is a dead end, one with one option takes it, and a unit's digit confined to
    /// the crossing of its unit with another unit leaves the rest of that other unit (locked
    /// candidates). False on a dead end, with the queue emptied.
    fn propagate(&mut self, l: &Units, q: &mut Queue) -> bool {
        let side = l.side;
        let cells = side * side;
        while let Some(x) = q.items.pop() {
            let x = x as usize;
            q.queued[x] = false;
            let ok = if x < cells {
                let c = self.cand[x];
                self.value[x] != 0
                    || (c != 0
                        && (c & (c - 1) != 0 || self.assign(l, q, x, c.trailing_zeros() as usize)))
            } else {
                let (u, d) = ((x - cells) / side, (x - cells) % side);
                let p = self.pos[x - cells];
                if self.placed[u] & (1 << d) != 0 {
                    true
                } else if p == 0 {
                    false
                } else if p & (p - 1) == 0 {
                    let cell = usize::from(l.unit_cells[u * side + p.trailing_zeros() as usize]);
                    self.assign(l, q, cell, d)
                } else {
                    self.locked(l, q, u, d, p);
                    true
                }
            };
            if !ok {
                q.clear();
                return false;
            }
        }
        true
    }

    /// Locked candidates for unit u's digit d, open at places p (two or more): pointing when
    /// u is a box, claiming when it is a row or column.
    fn locked(&mut self, l: &Units, q: &mut Queue, u: usize, d: usize, p: u64) {
        let (n, side) = (l.n, l.side);
        let segment = (1u64 << n) - 1;
        let first = p.trailing_zeros() as usize;
        if u >= 2 * side {
            let b = u - 2 * side;
            let (r, c) = (first / n, first % n);
            if p & !l.row_of_box[r] == 0 {
                let row = (b / n) * n + r;
                self.clear(l, q, row, d, !(segment << ((b % n) * n)));
            }
            if p & !l.column_of_box[c] == 0 {
                let column = (b % n) * n + c;
                self.clear(l, q, side + column, d, !(segment << ((b / n) * n)));
            }
        } else {
            let j = first / n;
            if p & !(segment << (j * n)) == 0 {
                let (b, keep) = if u < side {
                    ((u / n) * n + j, l.row_of_box[u % n])
                } else {
                    let column = u - side;
                    (j * n + column / n, l.column_of_box[column % n])
                };
                self.clear(l, q, 2 * side + b, d, !keep);
            }
        }
    }

    /// The options of `item` still open, as (cell, digit) pairs.
    fn options<'s>(
        &'s self,
        l: &'s Units,
        item: Item,
    ) -> impl Iterator<Item = (usize, usize)> + 's {
        let mask = match item {
            Item::Cell(cell) => self.cand[cell],
            Item::Place(u, d) => self.pos[u * l.side + d],
        };
        bits(mask).map(move |k| match item {
            Item::Cell(cell) => (cell, k),
            Item::Place(u, d) => (usize::from(l.unit_cells[u * l.side + k]), d),
        })
    }

    /// An unsolved item with the fewest options, cells first on ties; `None` when every
    /// cell is solved.
    fn fewest(&self, l: &Units) -> Option<Item> {
        let side = l.side;
        let mut best: Option<(u32, Item)> = None;
        for cell in 0..side * side {
            if self.value[cell] == 0 {
                let k = self.cand[cell].count_ones();
                if best.is_none_or(|(m, _)| k < m) {
                    best = Some((k, Item::Cell(cell)));
                }
            }
        }
        for u in 0..3 * side {
            for d in bits(l.full() & !self.placed[u]) {
                let k = self.pos[u * side + d].count_ones();
                if best.is_none_or(|(m, _)| k < m) {
                    best = Some((k, Item::Place(u, d)));
                }
            }
        }
        best.map(|(_, b)| b)
    }

    /// The items with `size` options.
    fn pairs(&self, l: &Units, size: usize, out: &mut Vec<Item>) {
        let side = l.side;
        out.clear();
        for cell in 0..side * side {
            if self.value[cell] == 0 && self.cand[cell].count_ones() as usize == size {
                out.push(Item::Cell(cell));
            }
        }
        for u in 0..3 * side {
            for d in bits(l.full() & !self.placed[u]) {
                if self.pos[u * side + d].count_ones() as usize == size {
                    out.push(Item::Place(u, d));
                }
            }
        }
    }
}

/// An item of the exact cover: a cell (its options are its digits) or a unit's digit (its
/// options are its places).
#[derive(Clone, Copy, Debug)]
enum Item {
    Cell(usize),
    Place(usize, usize),
}

/// The search of one puzzle: one state, changed and restored along the trail.
struct Search<'a, F> {
    units: &'a Units,
    limit: u64,
    solutions: u64,
    nodes: u64,
    probes: u64,
    visit: F,
    interrupt: Option<&'a AtomicBool>,
    state: State,
    queue: Queue,
    /// Scratch: the pairs of a node; per option (cell * side + d), the pair whose first
    /// probe removed it; the options both probes of a pair removed.
    pairs: Vec<Item>,
    stamp: Vec<u32>,
    hits: Vec<u8>,
    epoch: u32,
    /// Per option: the state (`version`) of its last successful probe, and where its
    /// removals lie in `memo`.
    memo_version: Vec<u32>,
    memo_from: Vec<u32>,
    memo_to: Vec<u32>,
    memo: Vec<u32>,
    version: u32,
    both: Vec<(usize, usize)>,
}

impl<F: FnMut(&[u8])> Search<'_, F> {
    /// Chooses option (cell, d) tentatively and propagates; then undoes it all. Returns
    /// whether no dead end came and how many options it removed. This is probe i of k for
    /// one item: an option removed by probes 0..=i is counted in `hits`, and gathered into
    /// `both` when the last probe removes it too. An option already probed in this state
    /// (it may belong to a cell's pair and to a unit's) reads its removals from `memo`.
    fn try_option(&mut self, (cell, d): (usize, usize), i: u8, k: u8) -> (bool, u64) {
        let l = self.units;
        let me = cell * l.side + d;
        let (from, ok) = if self.memo_version[me] == self.version {
            (self.memo_from[me] as usize, true)
        } else {
            self.probes += 1;
            let start = self.queue.trail.len();
            let ok = self.state.assign(l, &mut self.queue, cell, d)
                && self.state.propagate(l, &mut self.queue);
            let from = self.memo.len();
            if ok {
                let removed = self.queue.trail[start..].iter().filter(|&&e| e & 1 == 0);
                self.memo
                    .extend(removed.map(|&e| (e >> 7) * l.side as u32 + ((e >> 1) & 63)));
                self.memo_version[me] = self.version;
                self.memo_from[me] = from as u32;
                self.memo_to[me] = self.memo.len() as u32;
            }
            self.state.undo_to(l, &mut self.queue, start);
            (from, ok)
        };
        if !ok {
            return (false, 0);
        }
        let to = self.memo_to[me] as usize;
        for &option in &self.memo[from..to] {
            let option = option as usize;
            if i == 0 {
                self.stamp[option] = self.epoch;
                self.hits[option] = 1;
            } else if self.stamp[option] == self.epoch && self.hits[option] == i {
                self.hits[option] = i + 1;
                if i + 1 == k {
                    self.both.push((option / l.side, option % l.side));
                }
            }
        }
        (true, (to - from) as u64)
    }

    /// A new state for probing: earlier probes' removals no longer hold.
    fn forget_probes(&mut self) {
        self.memo.clear();
        self.version = self.version.wrapping_add(1);
        if self.version == 0 {
            self.memo_version.fill(0);
            self.version = 1;
        }
    }

    /// Probing at the current node: both options of every item with two are tried. One
    /// that fails is dropped, so the other is chosen (both failing: a dead end); when both
    /// survive, every option that both remove goes, since one of them will be chosen.
    /// Repeated until a pass changes nothing. Returns false at a dead end, else the pair
    /// whose probes reduce the node most (the product of their removals), if any.
    fn probe_pairs(&mut self) -> Result<Option<Item>, ()> {
        let l = self.units;
        let mut pairs = std::mem::take(&mut self.pairs);
        // Pairs to a fixed point, then one pass over the triples; back to the pairs when it
        // changed anything.
        let mut size = 2;
        let mut best: Option<(u64, Item)> = None;
        self.forget_probes();
        let result = 'pass: loop {
            self.state.pairs(l, size, &mut pairs);
            let mut changed = false;
            if size == 2 {
                best = None;
            }
            for &item in &pairs {
                let mut some = [(0, 0); PROBE_SIZE];
                let mut k = 0;
                for o in self.state.options(l, item) {
                    if k < PROBE_SIZE {
                        some[k] = o;
                    }
                    k += 1;
                }
                if k != size {
                    continue;
                }
                self.epoch = self.epoch.wrapping_add(1);
                if self.epoch == 0 {
                    self.stamp.fill(0);
                    self.epoch = 1;
                }
                self.both.clear();
                let mut failed = [false; PROBE_SIZE];
                let mut score = 1;
                for (i, &o) in some[..k].iter().enumerate() {
                    let (ok, removed) = self.try_option(o, i as u8, k as u8);
                    failed[i] = !ok;
                    score *= removed;
                }
                if failed[..k].iter().any(|&f| f) || !self.both.is_empty() {
                    self.forget_probes();
                }
                let q = &mut self.queue;
                if failed[..k].iter().all(|&f| f) {
                    break 'pass Err(());
                } else if failed[..k].iter().any(|&f| f) {
                    for (&(cell, d), _) in some[..k].iter().zip(failed).filter(|&(_, f)| f) {
                        self.state.remove(l, q, cell, d);
                    }
                    changed = true;
                } else {
                    if k == 2 && best.is_none_or(|(s, _)| score > s) {
                        best = Some((score, item));
                    }
                    if !self.both.is_empty() {
                        for &(cell, d) in &self.both {
                            if self.state.cand[cell] & (1 << d) != 0 {
                                self.state.remove(l, q, cell, d);
                            }
                        }
                        changed = true;
                    }
                }
                if !self.state.propagate(l, q) {
                    break 'pass Err(());
                }
            }
            if changed {
                size = 2;
            } else if size < l.probe_size {
                size += 1;
            } else {
                break Ok(best.map(|(_, item)| item));
            }
        };
        self.pairs = pairs;
        result
    }

    /// Algorithm X below the propagated current node.
    fn search(&mut self) -> ControlFlow<()> {
        let l = self.units;
        if self.interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return ControlFlow::Break(());
        }
        let Ok(pair) = self.probe_pairs() else {
            return ControlFlow::Continue(());
        };
        let Some(item) = pair.or_else(|| self.state.fewest(l)) else {
            self.solutions += 1;
            (self.visit)(&self.state.value);
            return if self.solutions >= self.limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            };
        };
        self.nodes += 1;
        let choices: Vec<(usize, usize)> = self.state.options(l, item).collect();
        for (cell, d) in choices {
            let mark = self.queue.trail.len();
            let q = &mut self.queue;
            if self.state.assign(l, q, cell, d) && self.state.propagate(l, q) {
                self.search()?;
            }
            self.state.undo_to(l, &mut self.queue, mark);
        }
        ControlFlow::Continue(())
    }
}

/// What a search found: its solutions (up to the limit), its branch nodes and its probes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) solutions: u64,
    pub(crate) nodes: u64,
    pub(crate) probes: u64,
}

/// Counts the solutions of a puzzle (side² values, 0 for blank, of the units' box size) up to
/// `limit`, calling `visit` with each solved grid; stops early when `interrupt` is set.
pub(crate) fn solutions(
    units: &Units,
    cells: &[u8],
    limit: Option<u64>,
    interrupt: Option<&AtomicBool>,
    visit: impl FnMut(&[u8]),
) -> Found {
    debug_assert_eq!(cells.len(), units.side * units.side);
    let mut search = Search {
        units,
        limit: limit.unwrap_or(u64::MAX),
        solutions: 0,
        nodes: 0,
        probes: 0,
        visit,
        interrupt,
        state: State::empty(units),
        queue: Queue::new(units),
        pairs: Vec::new(),
        stamp: vec![0; units.side * units.side * units.side],
        hits: vec![0; units.side * units.side * units.side],
        memo_version: vec![0; units.side * units.side * units.side],
        memo_from: vec![0; units.side * units.side * units.side],
        memo_to: vec![0; units.side * units.side * units.side],
        memo: Vec::new(),
        version: 0,
        epoch: 0,
        both: Vec::new(),
    };
    let root = &mut search.state;
    let q = &mut search.queue;
    let consistent = cells
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v != 0)
        .all(|(cell, &v)| root.value[cell] == 0 && root.assign(units, q, cell, usize::from(v) - 1));
    if search.limit > 0 && consistent {
        // Every item once, so that locked candidates look at the whole board.
        for x in 0..4 * units.side * units.side {
            q.push(x);
        }
        if root.propagate(units, q) {
            let _ = search.search();
        }
    }
    search.queue.clear();
    Found {
        solutions: search.solutions,
        nodes: search.nodes,
        probes: search.probes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_4x4_has_288_solutions_each_a_latin_square_with_boxes() {
        let l = Units::new(2);
        let mut seen = std::collections::HashSet::new();
        let found = solutions(&l, &[0; 16], None, None, |v| {
            for u in 0..12 {
                let digits: u32 = (0..4)
                    .map(|i| 1u32 << v[usize::from(l.unit_cells[u * 4 + i])])
                    .sum();
                assert_eq!(digits, 0b11110, "unit {u}");
            }
            assert!(seen.insert(v.to_vec()));
        });
        assert_eq!(found.solutions, 288);
        assert_eq!(seen.len(), 288);
        assert_eq!(solutions(&l, &[0; 16], Some(5), None, |_| ()).solutions, 5);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let l = Units::new(3);
        let mut cells = [0u8; 81];
        cells[0] = 5;
        cells[8] = 5;
        assert_eq!(solutions(&l, &cells, None, None, |_| ()).solutions, 0);
    }
}
