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

/// The nodes of [`Search::deviate`]'s first round, without probing, before it starts again
/// with probing. Carving ten 16x16 puzzles and one 25x25 took 1.0-1.6 s and 48-55 s with 32,
/// 128 or 512, and 1.7 s and 47-67 s with probing from the first node, on a shared machine:
/// no clear winner, and 32 keeps the first round short where it fails.
const DEVIATE_NODES: u64 = 32;

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
pub(crate) fn bits(mut x: u64) -> impl Iterator<Item = usize> {
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
    #[inline]
    fn propagate(&mut self, l: &Units, q: &mut Queue) -> bool {
        self.propagate_rules::<true>(l, q)
    }

    /// [`State::propagate`], with locked candidates only when `LOCKED` (without, the single
    /// rule alone: naked and hidden singles).
    fn propagate_rules<const LOCKED: bool>(&mut self, l: &Units, q: &mut Queue) -> bool {
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
                    if LOCKED {
                        self.locked(l, q, u, d, p);
                    }
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

    /// An unsolved cell that no longer has `near`'s value open, with the fewest options;
    /// `None` when there is none.
    fn deviating(&self, near: &[u8]) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (cell, (&c, &v)) in self.cand.iter().zip(near).enumerate() {
            if self.value[cell] == 0 && c & (1 << (v - 1)) == 0 {
                let k = c.count_ones();
                if best.is_none_or(|(m, _)| k < m) {
                    best = Some((k, cell));
                }
            }
        }
        best.map(|(_, cell)| cell)
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
    /// Items of at most this many options are probed at each node of [`Search::search`].
    probe_size: usize,
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
    /// Repeated until a pass changes nothing; then the items of up to `max_size` options
    /// likewise. Returns false at a dead end, else the pair whose probes reduce the node
    /// most (the product of their removals), if any.
    fn probe_pairs(&mut self, max_size: usize) -> Result<Option<Item>, ()> {
        let l = self.units;
        let mut pairs = std::mem::take(&mut self.pairs);
        // Pairs to a fixed point, then one pass over the triples; back to the pairs when it
        // changed anything.
        let mut size = 2;
        let mut best: Option<(u64, Item)> = None;
        self.forget_probes();
        let result = 'pass: loop {
            if self.interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
                // What the passes so far removed stands; the caller reads the flag.
                break Ok(None);
            }
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
            } else if size < max_size.min(PROBE_SIZE) {
                size += 1;
            } else {
                break Ok(best.map(|(_, item)| item));
            }
        };
        self.pairs = pairs;
        result
    }

    /// Whether the propagated current node has a solution other than `near`, a solution of
    /// the puzzle, given that some cell can no longer take `near`'s value. Once every
    /// unsolved cell still has `near`'s value open, `near`'s values complete the node: two
    /// open cells never clash, since `near` is a solution, and an open cell never clashes
    /// with a solved one, whose value left its peers. So the search stops at the first node
    /// without a cell that lost `near`'s value, long before the board is full.
    ///
    /// It runs in two rounds. First, branching only on the cells that lost `near`'s value,
    /// the fewest options first, with the propagation rules alone: a solution other than
    /// `near` usually differs from it in a small region around the cell made to differ, and
    /// this search stays in that region. When that takes more than [`DEVIATE_NODES`] nodes
    /// (a large region, or no other solution to find), it starts again from the node with
    /// probing of the pairs at every node, branching on the best pair: the search of
    /// [`Search::search`], stopped by the same test. Triples are not probed there: on 16x16
    /// and 25x25 carving that halves the time of these searches, most of which find a
    /// solution quickly.
    fn deviate(&mut self, near: &[u8]) -> bool {
        let mark = self.queue.trail.len();
        let mut budget = DEVIATE_NODES;
        match self.deviate_within(near, &mut budget) {
            Some(found) => found,
            None => {
                self.state.undo_to(self.units, &mut self.queue, mark);
                self.deviate_probing(near)
            }
        }
    }

    /// The first round of [`Search::deviate`]; `None` when the node budget ran out.
    fn deviate_within(&mut self, near: &[u8], budget: &mut u64) -> Option<bool> {
        let l = self.units;
        let Some(cell) = self.state.deviating(near) else {
            return Some(true);
        };
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        self.nodes += 1;
        for d in bits(self.state.cand[cell]) {
            let mark = self.queue.trail.len();
            let q = &mut self.queue;
            let found = if self.state.assign(l, q, cell, d) && self.state.propagate(l, q) {
                self.deviate_within(near, budget)
            } else {
                Some(false)
            };
            self.state.undo_to(l, &mut self.queue, mark);
            if found != Some(false) {
                return found;
            }
        }
        Some(false)
    }

    /// The second round of [`Search::deviate`].
    fn deviate_probing(&mut self, near: &[u8]) -> bool {
        let l = self.units;
        let Ok(pair) = self.probe_pairs(2) else {
            return false;
        };
        if self.state.deviating(near).is_none() {
            return true;
        }
        // Some cell is unsolved (it lost `near`'s value), so there is an item to branch on.
        let Some(item) = pair.or_else(|| self.state.fewest(l)) else {
            return true;
        };
        self.nodes += 1;
        let choices: Vec<(usize, usize)> = self.state.options(l, item).collect();
        for (cell, d) in choices {
            let mark = self.queue.trail.len();
            let q = &mut self.queue;
            let found = self.state.assign(l, q, cell, d)
                && self.state.propagate(l, q)
                && self.deviate_probing(near);
            self.state.undo_to(l, &mut self.queue, mark);
            if found {
                return true;
            }
        }
        false
    }

    /// Algorithm X below the propagated current node.
    fn search(&mut self) -> ControlFlow<()> {
        self.search_probing(self.probe_size)
    }

    /// [`Search::search`], probing items of at most `probe_size` options at this node (and
    /// `self.probe_size` below it).
    fn search_probing(&mut self, probe_size: usize) -> ControlFlow<()> {
        let l = self.units;
        if self.interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return ControlFlow::Break(());
        }
        let Ok(pair) = self.probe_pairs(probe_size) else {
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

impl<'a, F: FnMut(&[u8])> Search<'a, F> {
    /// A search of the units' empty board, nothing chosen yet.
    fn new(units: &'a Units, limit: u64, interrupt: Option<&'a AtomicBool>, visit: F) -> Self {
        let options = units.side * units.side * units.side;
        Search {
            units,
            probe_size: units.probe_size,
            limit,
            solutions: 0,
            nodes: 0,
            probes: 0,
            visit,
            interrupt,
            state: State::empty(units),
            queue: Queue::new(units),
            pairs: Vec::new(),
            stamp: vec![0; options],
            hits: vec![0; options],
            memo_version: vec![0; options],
            memo_from: vec![0; options],
            memo_to: vec![0; options],
            memo: Vec::new(),
            version: 0,
            epoch: 0,
            both: Vec::new(),
        }
    }

    /// Chooses the givens (side² values, 0 for blank) and removes the option `without`
    /// (cell, value), if any: false when they clash. Nothing is propagated yet, but every
    /// item is queued, so that the rules look at the whole board.
    fn start(&mut self, cells: &[u8], without: Option<(usize, u8)>) -> bool {
        let (l, root, q) = (self.units, &mut self.state, &mut self.queue);
        debug_assert_eq!(cells.len(), l.side * l.side);
        let consistent = cells
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0)
            .all(|(cell, &v)| root.value[cell] == 0 && root.assign(l, q, cell, usize::from(v) - 1));
        if !consistent {
            return false;
        }
        if let Some((cell, v)) = without {
            let d = usize::from(v) - 1;
            if root.value[cell] != 0 {
                // A given there: with it, the option is the only one; without, none.
                if root.value[cell] == v {
                    return false;
                }
            } else if root.cand[cell] & (1 << d) != 0 {
                root.remove(l, q, cell, d);
            }
        }
        for x in 0..4 * l.side * l.side {
            q.push(x);
        }
        true
    }

    /// What it found, the queue left empty.
    fn found(&mut self) -> Found {
        self.queue.clear();
        Found {
            solutions: self.solutions,
            nodes: self.nodes,
            probes: self.probes,
        }
    }
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
    let mut search = Search::new(units, limit.unwrap_or(u64::MAX), interrupt, visit);
    if search.limit > 0
        && search.start(cells, None)
        && search.state.propagate(units, &mut search.queue)
    {
        let _ = search.search();
    }
    search.found()
}

/// [`solutions`] up to 2, probing at the root only what grade 3 of the grading scale probes:
/// a puzzle those rules leave open then has at least one branch node. Below the root, on the
/// boards the solver searches here (box size [`crate::MASKS_FROM`] and up), it is the
/// solver's own search, with the probe sizes chosen for those boards (the pairs alone do not
/// finish some 25x25 trees). On 9x9 and smaller, where the solver does not come, the triples
/// cost more than they save.
pub(crate) fn graded_search(units: &Units, cells: &[u8], stop: Option<&AtomicBool>) -> Found {
    let mut search = Search::new(units, 2, stop, |_: &[u8]| ());
    if units.n < crate::MASKS_FROM {
        search.probe_size = GRADE_PROBE_SIZE;
    }
    if search.start(cells, None) && search.state.propagate(units, &mut search.queue) {
        let _ = search.search_probing(GRADE_PROBE_SIZE);
    }
    search.found()
}

/// True when the puzzle (side² values, 0 for blank) has a solution other than `near`, a
/// solution of it: one that does not put `near`'s value in `cell`. See [`Search::deviate`].
pub(crate) fn other_solution(units: &Units, cells: &[u8], near: &[u8], cell: usize) -> bool {
    let mut search = Search::new(units, 1, None, |_: &[u8]| ());
    let found = search.start(cells, Some((cell, near[cell])))
        && search.state.propagate(units, &mut search.queue)
        && search.deviate(near);
    search.found();
    found
}

/// The items grade 3 of the grading scale probes: those with two options, at every size.
const GRADE_PROBE_SIZE: usize = 2;

/// The rules of the grading scale, each with those before it: the single rule (naked and
/// hidden singles), locked candidates, probing (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rules {
    Singles,
    Locked,
    Probing,
}

/// Where the rules left a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Deduced {
    /// Every cell is solved: the only solution.
    Solved,
    /// Some cells are still open: the rules need help.
    Stuck,
    /// A dead end: the puzzle has no solution.
    Contradiction,
}

/// A puzzle's root node, worked on by the rules alone, one set after another ([`Rules`]):
/// the search's own rules, without the search.
pub(crate) struct Deduction<'a> {
    search: Search<'a, fn(&[u8])>,
    dead: bool,
}

impl<'a> Deduction<'a> {
    /// The puzzle's givens chosen (a clash is a dead end), no rule applied yet.
    pub(crate) fn new(units: &'a Units, cells: &[u8], stop: Option<&'a AtomicBool>) -> Self {
        let mut search = Search::new(units, 1, stop, (|_| ()) as fn(&[u8]));
        let dead = !search.start(cells, None);
        Deduction { search, dead }
    }

    /// Applies `rules` (with every weaker one) until nothing changes, and says where that
    /// leaves the puzzle. Applying a weaker set after a stronger one changes nothing.
    pub(crate) fn apply(&mut self, rules: Rules) -> Deduced {
        if self.dead {
            return Deduced::Contradiction;
        }
        let s = &mut self.search;
        let l = s.units;
        for x in 0..4 * l.side * l.side {
            s.queue.push(x);
        }
        let ok = match rules {
            Rules::Singles => s.state.propagate_rules::<false>(l, &mut s.queue),
            Rules::Locked => s.state.propagate(l, &mut s.queue),
            Rules::Probing => {
                s.state.propagate(l, &mut s.queue) && s.probe_pairs(GRADE_PROBE_SIZE).is_ok()
            }
        };
        self.dead = !ok;
        if self.dead {
            s.queue.clear();
            Deduced::Contradiction
        } else if s.state.open == 0 {
            Deduced::Solved
        } else {
            Deduced::Stuck
        }
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
