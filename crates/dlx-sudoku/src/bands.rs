//! The 9x9 search, specialised: the exact cover's 729 options kept as 27 words of 27 bits,
//! one per (digit, band of three rows), so that a unit's options are a field of a word.
//!
//! It is still Algorithm X on the same matrix with the single rule (a cell, or a unit's
//! digit, with one option left is taken at once; one with none is a dead end), plus one
//! rule the generic engines would need a subset test for: in a band, a digit's three rows
//! and three boxes must pair up as a permutation, so a (row, box) segment in no perfect
//! pairing loses the digit (locked candidates, pointing and claiming alike). It branches on
//! a cell with the fewest digits left. It runs at the speed of dedicated 9x9 solvers
//! (`cargo xtask bench sudoku --peer`).
//!
//! How it stays fast: the words of a band lie side by side (word 9 * band + digit), so a
//! placed cell leaves its band's nine words in one run; the givens go in all at once; the
//! rules look only at the words changed since they last ran, in passes: a pass of the band
//! rule over the changed words collects their singles, which are placed after the pass,
//! several cells of a word at once; then the cell rule on the bands, then the column rules
//! on the digits, each from lookup tables rather than a branch per unit, since a
//! mispredicted branch costs more here than the work it would skip. The rules are monotone
//! (they only remove options), so the node where they stop does not depend on their order:
//! the search tree is the one the plain rules give.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::lanes::{equal, nonzero};

/// The 27 cells of a band: bit 9 * row + column.
const BAND: u32 = (1 << 27) - 1;
/// A row of a band (row 0).
const ROW: u32 = 0x1ff;
/// The nine digits' words of a band, in a set of words (band 0).
const DIGITS: u32 = 0x1ff;

/// `PAIRS[r]`: for the 9 cells of a row, which of its three box segments hold a bit.
const PAIRS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut r = 0;
    while r < 512 {
        let mut j = 0;
        while j < 3 {
            if (r >> (3 * j)) & 7 != 0 {
                t[r] |= 1 << j;
            }
            j += 1;
        }
        r += 1;
    }
    t
};

/// `ALONE[r]`: r when the 9 cells of a row hold one bit, else 0.
const ALONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut r = 1;
    while r < 512 {
        if r & (r - 1) == 0 {
            t[r] = r as u16;
        }
        r += 1;
    }
    t
};

/// `KEEP[p]`: for a set p of (row, box) segments (bit 3 * row + box) holding a digit, the
/// cells of the segments that lie in some perfect pairing of the band's rows with its boxes;
/// 0 when there is none (the band cannot hold the digit three times).
const KEEP: [u32; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut p = 0;
    while p < 512 {
        let mut k = 0;
        while k < 6 {
            let s = PERMUTATIONS[k];
            let pairs = (1 << s[0]) | (1 << (3 + s[1])) | (1 << (6 + s[2]));
            if p & pairs == pairs {
                let mut i = 0;
                while i < 3 {
                    t[p] |= 7 << (9 * i + 3 * s[i]);
                    i += 1;
                }
            }
            k += 1;
        }
        p += 1;
    }
    t
};

/// The segments (bit 3 * row + box) of a word that hold a bit.
#[inline]
fn segments(x: u32) -> usize {
    PAIRS[(x & ROW) as usize] as usize
        | (PAIRS[((x >> 9) & ROW) as usize] as usize) << 3
        | (PAIRS[((x >> 18) & ROW) as usize] as usize) << 6
}

/// The cells of box j of a band.
const BOX: [u32; 3] = [0x1c0e07, 0x1c0e07 << 3, 0x1c0e07 << 6];
/// A column's cells in a band.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// `PEERS[k]`: for cell k of a band (9 * row + column), the other cells of its row and box.
const PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut k = 0;
    while k < 27 {
        let (i, c) = (k / 9, k % 9);
        t[k] = ((ROW << (9 * i)) | BOX[c / 3]) & !(1 << k);
        k += 1;
    }
    t
};

/// `unions(parts)[m]`: the union of the parts in the set m (bit i for part i).
const fn unions(parts: [u32; 3]) -> [u32; 8] {
    let mut t = [0u32; 8];
    let mut m = 0;
    while m < 8 {
        let mut i = 0;
        while i < 3 {
            if m >> i & 1 != 0 {
                t[m] |= parts[i];
            }
            i += 1;
        }
        m += 1;
    }
    t
}

/// `ROWS[r]`: the cells of the rows of a band in the set r (bit i for row i).
const ROWS: [u32; 8] = unions([ROW, ROW << 9, ROW << 18]);

/// `BOXES[j]`: the cells of the boxes of a band in the set j (bit j for box j).
const BOXES: [u32; 8] = unions(BOX);

/// The column rules' tables, box by box: [`POINT`] (`claim` false) or [`CLAIM`].
const fn by_box(claim: bool) -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut c = 0;
    while c < 512 {
        let mut j = 0;
        while j < 3 {
            let seg = (c >> (3 * j)) & 7;
            let one = seg != 0 && seg & (seg - 1) == 0;
            if claim && seg != 0 {
                t[c] |= ((7 & !seg) << (3 * j)) as u16;
                if !one {
                    t[c] |= DEAD;
                }
            } else if !claim && one {
                t[c] |= (seg << (3 * j)) as u16;
            }
            j += 1;
        }
        c += 1;
    }
    t
}

/// `POINT[c]`: for a set c of a band's columns where a digit is open, those alone in their
/// box (the box's cells of the digit all lie in that column).
const POINT: [u16; 512] = by_box(false);

/// `CLAIM[o]`: for a set o of a band's columns where a digit is open in this band only, the
/// other columns of their boxes, which the digit leaves; [`DEAD`] set when a box holds two
/// such columns (it cannot hold the digit twice).
const CLAIM: [u16; 512] = by_box(true);

/// What [`State::band_rules`] returns on a dead end (never a set of cells).
const DEAD_END: u32 = u32::MAX;

/// The flag of a dead end in [`CLAIM`].
const DEAD: u16 = 1 << 15;

/// The rows and boxes of a set of cells of a band, the cells themselves included.
#[inline]
fn lines(cells: u32) -> u32 {
    let rows = usize::from(cells & ROW != 0)
        | usize::from(cells & (ROW << 9) != 0) << 1
        | usize::from(cells >> 18 != 0) << 2;
    let columns = (cells | cells >> 9 | cells >> 18) & ROW;
    ROWS[rows] | BOXES[PAIRS[columns as usize] as usize]
}

/// Which of a band's nine words hold any of `cells`: bit e for word e.
#[inline]
fn holding(words: &[u32; 9], cells: u32) -> u32 {
    nonzero(&words.map(|w| w & cells))
}

/// True when two of the cells share a row or box of their band.
#[inline]
fn crowded(cells: u32) -> bool {
    let mut two = 0;
    for unit in [ROW, ROW << 9, ROW << 18, BOX[0], BOX[1], BOX[2]] {
        let m = cells & unit;
        two |= m & m.wrapping_sub(1);
    }
    two != 0
}

/// A node's state: the options still open, and which cells are placed.
#[derive(Clone, Copy, Debug)]
struct State {
    /// `open[9 * b + d]`: the cells of band b where digit d + 1 may go or is placed.
    open: [u32; 27],
    /// The placed cells of each band.
    placed: [u32; 3],
    /// The (digit, band) words changed since their rules last ran (bit 9 * b + d).
    dirty: u32,
}

/// The search of one 9x9 puzzle, from [`solutions`].
struct Search<'a, F> {
    limit: u64,
    solutions: u64,
    visit: F,
    interrupt: Option<&'a AtomicBool>,
}

/// The cells of the puzzle (81 values, 0 for blank) as a state, or `None` when the givens
/// already clash. The givens go in all at once, not one by one: each (digit, band) word is
/// the band's unplaced cells less the rows, boxes and columns of that digit's givens, plus
/// the givens themselves.
fn start(cells: &[u8]) -> Option<State> {
    debug_assert_eq!(cells.len(), 81);
    debug_assert!(cells.iter().all(|&v| v <= 9));
    // `given[10 * b + v]`: the cells of band b holding value v (v = 0: the blanks), set
    // without a branch per cell.
    let mut given = [0u32; 30];
    for (band, values) in cells.chunks_exact(27).enumerate() {
        // Padded to two SSE2 registers with a byte no value equals.
        let mut padded = [u8::MAX; 32];
        padded[..27].copy_from_slice(values);
        for (v, g) in given[10 * band..10 * band + 10].iter_mut().enumerate() {
            *g = equal(&padded, v as u8);
        }
    }
    let mut s = State {
        open: [0; 27],
        placed: [0, 1, 2].map(|b| BAND & !given[10 * b]),
        dirty: BAND,
    };
    for d in 0..9 {
        let words = [given[d + 1], given[d + 11], given[d + 21]];
        let column = |x: u32| ((x | x >> 9 | x >> 18) & ROW) * COLUMN;
        let columns = [column(words[0]), column(words[1]), column(words[2])];
        for b in 0..3 {
            let mine = words[b];
            let mut peers = columns[(b + 1) % 3] | columns[(b + 2) % 3];
            let mut rest = mine;
            while rest != 0 {
                peers |= PEERS[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            if mine & peers != 0 {
                return None;
            }
            s.open[9 * b + d] = (BAND & !s.placed[b] & !peers) | mine;
        }
    }
    Some(s)
}

impl State {
    /// Puts digit d in cell k of band b (when it is still open there): drops every option
    /// sharing an item with it. False on a clash.
    #[inline]
    fn place(&mut self, d: usize, b: usize, k: usize) -> bool {
        let bit = 1u32 << k;
        if self.open[9 * b + d] & bit == 0 {
            return false;
        }
        if self.placed[b] & bit != 0 {
            return true;
        }
        self.place_cells(d, b, bit);
        true
    }

    /// Puts digit d in the cells `cells` of band b at once, all of them open for d there, not
    /// yet placed, and no two in a row or box (so no clash can arise): one pass over the
    /// words for several singles of a digit in a band.
    #[inline]
    fn place_cells(&mut self, d: usize, b: usize, cells: u32) {
        debug_assert!(cells != 0 && cells & !self.open[9 * b + d] == 0);
        debug_assert_eq!(cells & self.placed[b], 0);
        debug_assert!(!crowded(cells));
        let peers = lines(cells);
        self.placed[b] |= cells;
        // Every digit leaves the cells (d comes back below), with no branch per digit and
        // the changed words gathered in a register.
        let words: &mut [u32; 9] = (&mut self.open[9 * b..9 * b + 9])
            .try_into()
            .expect("a band has nine words");
        let dirty = holding(words, cells);
        for word in words.iter_mut() {
            *word &= !cells;
        }
        words[d] = (words[d] & !peers) | cells;
        self.dirty |= dirty << (9 * b);
        let column = ((cells | cells >> 9 | cells >> 18) & ROW) * COLUMN;
        for other in [(b + 1) % 3, (b + 2) % 3] {
            self.clear(9 * other + d, column);
        }
    }

    /// The rules of one (digit, band) word: the pairing rule, and the cells of rows or boxes
    /// with one open cell left, which take the digit: returned, not placed, so that the
    /// caller places them later without a branch here on whether there are any. [`DEAD_END`]
    /// on a dead end.
    #[inline]
    fn band_rules(&mut self, w: usize) -> u32 {
        let b = w / 9;
        let x = self.open[w];
        // No branch on whether there is anything to do: every row in every box (half the
        // words looked at) keeps the whole word and finds no single, as the rest does.
        let keep = KEEP[segments(x) & 0o777];
        if keep == 0 {
            return DEAD_END;
        }
        let x = x & keep;
        self.open[w] = x;
        // Hidden singles, without a branch per unit: the cells of every row that holds one
        // open cell, less those where the digit is placed. A box with one open cell needs no
        // test of its own: every pairing pairs it with that cell's row, so the pairing rule
        // has already left that row nothing else.
        let single = u32::from(ALONE[(x & ROW) as usize])
            | u32::from(ALONE[((x >> 9) & ROW) as usize]) << 9
            | u32::from(ALONE[((x >> 18) & ROW) as usize]) << 18;
        single & !self.placed[b]
    }

    /// Places the singles that [`State::band_rules`] found (`singles[w]` for each word w in
    /// `words`). A single whose cell has since left its word leaves its row without the
    /// digit: a dead end. False on a dead end.
    #[inline]
    fn place_singles(&mut self, singles: &[u32; 27], mut words: u32) -> bool {
        while words != 0 {
            let w = words.trailing_zeros() as usize;
            words &= words - 1;
            let (d, b) = (w % 9, w / 9);
            let cells = singles[w];
            if cells & !self.open[w] != 0 {
                return false;
            }
            let cells = cells & !self.placed[b];
            if cells != 0 {
                self.place_cells(d, b, cells);
            }
        }
        true
    }

    /// A digit's columns and stacks: a column with no open cell is a dead end, one with a
    /// single open cell takes the digit there; a box whose open cells lie in one column
    /// takes that column from the other bands (pointing), and a column open in one band only
    /// takes its box there from the box's other columns (claiming).
    #[inline]
    fn column_rules(&mut self, d: usize) -> bool {
        let (mut ones, mut twos, mut done) = (0u32, 0u32, 0u32);
        let mut columns = [0u32; 3];
        for (b, column) in columns.iter_mut().enumerate() {
            let x = self.open[9 * b + d];
            let (r0, r1, r2) = (x & ROW, (x >> 9) & ROW, x >> 18);
            let any = r0 | r1 | r2;
            twos |= (r0 & r1) | (r2 & (r0 | r1)) | (ones & any);
            ones |= any;
            *column = any;
            let placed = x & self.placed[b];
            done |= (placed | placed >> 9 | placed >> 18) & ROW;
        }
        if ones != ROW {
            return false;
        }
        // Without a branch per box: the dead ends are gathered and looked at once, and
        // each band's word loses what the three bands' rules take from it in one go.
        let mut dead = 0;
        let mut lose = [0u32; 3];
        for b in 0..3 {
            let (b1, b2) = ((b + 1) % 3, (b + 2) % 3);
            let only = columns[b] & !(columns[b1] | columns[b2]);
            // A box with no open cell is a dead end.
            dead |= u16::from(PAIRS[columns[b] as usize] != 7) * DEAD;
            let point = u32::from(POINT[columns[b] as usize]);
            let claim = CLAIM[only as usize];
            dead |= claim & DEAD;
            // A set of columns as the cells of a band: each column's three cells.
            let cells = |c: u32| (c & ROW) * COLUMN;
            lose[b] |= cells(u32::from(claim));
            lose[b1] |= cells(point);
            lose[b2] |= cells(point);
        }
        let mut changed = 0;
        for (b, &mask) in lose.iter().enumerate() {
            changed |= self.strip(9 * b + d, mask) << (9 * b);
        }
        self.dirty |= changed << d;
        if dead != 0 {
            return false;
        }
        // Columns with one open cell, less those where the digit is placed: placed band by
        // band, all at once, not column by column.
        let single = ones & !twos & !done;
        if single != 0 {
            for b in 0..3 {
                let cells = self.open[9 * b + d] & (single * COLUMN);
                if cells != 0 {
                    // Two of them in a row or box of the band: a dead end.
                    if cells & cells.wrapping_sub(1) != 0 && crowded(cells) {
                        return false;
                    }
                    self.place_cells(d, b, cells);
                }
            }
        }
        true
    }

    /// Drops the cells `mask` from word w, marking it changed if it held any.
    #[inline]
    fn clear(&mut self, w: usize, mask: u32) {
        self.dirty |= self.strip(w, mask) << w;
    }

    /// Drops the cells `mask` from word w: 1 if it held any, else 0 (for the caller to
    /// mark it changed).
    #[inline]
    fn strip(&mut self, w: usize, mask: u32) -> u32 {
        let before = self.open[w];
        self.open[w] = before & !mask;
        u32::from(before & mask != 0)
    }

    /// How many digits each cell of band b has open, as bit slices: at least one, at least
    /// two, at least three.
    #[inline]
    fn cell_counts(&self, b: usize) -> (u32, u32, u32) {
        let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let x = self.open[9 * b + d];
            threes |= twos & x;
            twos |= ones & x;
            ones |= x;
        }
        (ones, twos, threes)
    }

    /// Cells with one digit left take it. False on a cell with none.
    #[inline]
    fn cell_rules(&mut self, b: usize) -> bool {
        let (ones, twos, _) = self.cell_counts(b);
        if ones != BAND {
            return false;
        }
        let single = ones & !twos & !self.placed[b];
        if single == 0 {
            return true;
        }
        // Digit by digit, not cell by cell: nine tests find every single's digit.
        for d in 0..9 {
            let cells = self.open[9 * b + d] & single;
            if cells != 0 {
                // The digit alone in two cells of a row or box: a dead end.
                if crowded(cells) {
                    return false;
                }
                self.place_cells(d, b, cells);
            }
        }
        true
    }

    /// Every rule until none changes anything. False on a dead end. The cheap rules of a
    /// (digit, band) word run first, a pass over the changed words and then their singles
    /// placed, to their fixpoint; the cell rules and then the column rules run only on what
    /// changed since they last looked.
    fn propagate(&mut self) -> bool {
        let (mut cells, mut columns) = (0u32, 0u32);
        let mut singles = [0u32; 27];
        loop {
            let mut found = 0;
            // The band rule changes only its own word and marks none: each changed word
            // is looked at once a pass.
            let mut todo = std::mem::take(&mut self.dirty);
            cells |= todo;
            columns |= todo;
            while todo != 0 {
                let w = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let single = self.band_rules(w);
                if single == DEAD_END {
                    return false;
                }
                singles[w] = single;
                found |= u32::from(single != 0) << w;
            }
            if found != 0 {
                if !self.place_singles(&singles, found) {
                    return false;
                }
                continue;
            }
            if cells != 0 {
                for b in 0..3 {
                    if cells & (DIGITS << (9 * b)) != 0 && !self.cell_rules(b) {
                        return false;
                    }
                }
                cells = 0;
                if self.dirty != 0 {
                    continue;
                }
            }
            if columns == 0 {
                return true;
            }
            let mut digits = (columns | columns >> 9 | columns >> 18) & DIGITS;
            while digits != 0 {
                if !self.column_rules(digits.trailing_zeros() as usize) {
                    return false;
                }
                digits &= digits - 1;
            }
            columns = 0;
            if self.dirty == 0 {
                return true;
            }
        }
    }

    /// The cell to branch on, as (band, cell): of the two-digit cells, the one with the
    /// most unplaced peers, whose choice then reaches furthest (this halves the branch
    /// nodes of top1465 and forum_hardest against the first two-digit cell); with none,
    /// the first cell with the fewest digits.
    fn branch_cell(&self) -> Option<(usize, usize)> {
        let free = [0, 1, 2].map(|b| !self.placed[b] & BAND);
        let mut best: Option<(u32, usize, usize)> = None;
        for b in 0..3 {
            let (_, twos, threes) = self.cell_counts(b);
            let mut pairs = twos & !threes & free[b];
            while pairs != 0 {
                let k = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let column = COLUMN << (k % 9);
                let peers = (free[b] & PEERS[k]).count_ones()
                    + (free[(b + 1) % 3] & column).count_ones()
                    + (free[(b + 2) % 3] & column).count_ones();
                if best.is_none_or(|(m, _, _)| peers > m) {
                    best = Some((peers, b, k));
                }
            }
        }
        if best.is_some() {
            return best.map(|(_, b, k)| (b, k));
        }
        for (b, &cells) in free.iter().enumerate() {
            let mut rest = cells;
            while rest != 0 {
                let k = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let n = (0..9)
                    .filter(|&d| self.open[9 * b + d] & (1 << k) != 0)
                    .count() as u32;
                if best.is_none_or(|(m, _, _)| n < m) {
                    best = Some((n, b, k));
                }
            }
        }
        best.map(|(_, b, k)| (b, k))
    }

    /// The solved grid's 81 values.
    fn values(&self) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.open[9 * b + d];
                while x != 0 {
                    let k = x.trailing_zeros() as usize;
                    x &= x - 1;
                    cells[27 * b + k] = d as u8 + 1;
                }
            }
        }
        cells
    }
}

impl<F: FnMut(&[u8])> Search<'_, F> {
    /// Algorithm X below a propagated node.
    fn search(&mut self, s: &State) -> ControlFlow<()> {
        let Some((b, k)) = s.branch_cell() else {
            self.solutions += 1;
            (self.visit)(&s.values()[..]);
            return if self.solutions >= self.limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            };
        };
        if self.interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return ControlFlow::Break(());
        }
        for d in 0..9 {
            if s.open[9 * b + d] & (1 << k) != 0 {
                let mut child = *s;
                if child.place(d, b, k) && child.propagate() {
                    self.search(&child)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Counts the solutions of a 9x9 puzzle (81 values, 0 for blank) up to `limit`, calling
/// `visit` with each; stops early when `interrupt` is set.
pub(crate) fn solutions(
    cells: &[u8],
    limit: Option<u64>,
    interrupt: Option<&AtomicBool>,
    visit: impl FnMut(&[u8]),
) -> u64 {
    let limit = limit.unwrap_or(u64::MAX);
    let mut search = Search {
        limit,
        solutions: 0,
        visit,
        interrupt,
    };
    if limit == 0 {
        return 0;
    }
    if let Some(mut s) = start(cells)
        && s.propagate()
    {
        let _ = search.search(&s);
    }
    search.solutions
}

/// Givens placed on the empty board, not yet propagated. Two sets of givens taken from one
/// solution combine in a few word operations ([`Givens::with`]): the generator tests many
/// puzzles that share most of their clues, and combines each from the clues kept so far and
/// those not yet tried instead of placing every clue again.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Givens(State);

impl Givens {
    /// No givens.
    pub(crate) fn none() -> Givens {
        Givens(State {
            open: [BAND; 27],
            placed: [0; 3],
            dirty: BAND,
        })
    }

    /// Places `value` (1..=9) in `cell` (0..81). False on a clash.
    pub(crate) fn place(&mut self, cell: usize, value: u8) -> bool {
        self.0.place(usize::from(value) - 1, cell / 27, cell % 27)
    }

    /// These givens and `other`'s, all of them clues of one solution. A placed cell keeps
    /// only its digit, and a cell left blank loses every digit a given in its units holds,
    /// so placing both sets leaves an option open exactly where each set alone leaves it
    /// open: the words' intersection.
    pub(crate) fn with(&self, other: &Givens) -> Givens {
        let mut s = self.0;
        for (w, o) in s.open.iter_mut().zip(other.0.open) {
            *w &= o;
        }
        for (p, o) in s.placed.iter_mut().zip(other.0.placed) {
            *p |= o;
        }
        // The rules look at the whole board, as after `start`.
        s.dirty = BAND;
        Givens(s)
    }
}

/// A solution of a puzzle, as [`other_solution`] reads it: its values, and where each digit
/// goes in each band.
pub(crate) struct Near<'a> {
    cells: &'a [u8],
    words: [u32; 27],
}

impl<'a> Near<'a> {
    pub(crate) fn new(cells: &'a [u8]) -> Near<'a> {
        let mut words = [0u32; 27];
        for (k, &v) in cells.iter().enumerate() {
            words[9 * (k / 27) + usize::from(v) - 1] |= 1 << (k % 27);
        }
        Near { cells, words }
    }
}

/// True when the puzzle of these givens has a solution other than `near`, a solution of it:
/// one that does not put `near`'s digit in `cell`. The search branches only on cells that
/// lost `near`'s digit, as `masks::Search::deviate` does (where the reason is given); with
/// none left, `near`'s digits complete the node.
pub(crate) fn other_solution(givens: Givens, near: &Near<'_>, cell: usize) -> bool {
    let mut s = givens.0;
    let (w, bit) = (
        9 * (cell / 27) + usize::from(near.cells[cell]) - 1,
        1u32 << (cell % 27),
    );
    if s.placed[cell / 27] & bit != 0 {
        // A given there: the puzzle puts `near`'s digit there, or clashes with `near`.
        return s.open[w] & bit == 0 && s.propagate() && deviate(&s, &near.words);
    }
    s.clear(w, bit);
    s.propagate() && deviate(&s, &near.words)
}

/// [`other_solution`] below a propagated node.
fn deviate(s: &State, near: &[u32; 27]) -> bool {
    // The unplaced cells of each band that lost `near`'s digit, and of those the ones with
    // two digits left.
    let mut branch = None;
    for b in 0..3 {
        let mut lost = 0;
        for d in 0..9 {
            lost |= near[9 * b + d] & !s.open[9 * b + d];
        }
        lost &= !s.placed[b];
        if lost != 0 {
            let (_, twos, threes) = s.cell_counts(b);
            let pairs = lost & twos & !threes;
            if pairs != 0 {
                branch = Some((b, pairs.trailing_zeros() as usize));
                break;
            }
            if branch.is_none() {
                branch = Some((b, lost.trailing_zeros() as usize));
            }
        }
    }
    let Some((b, k)) = branch else {
        return true;
    };
    (0..9).any(|d| {
        s.open[9 * b + d] & (1 << k) != 0 && {
            let mut child = *s;
            child.place(d, b, k) && child.propagate() && deviate(&child, near)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pairing_table_keeps_only_perfect_pairings() {
        // Everything open: every segment lies in some pairing.
        assert_eq!(KEEP[0o777], BAND);
        // Row 0 only in box 0: boxes 0 of rows 1 and 2 lose the digit (claiming).
        let p = 0o001 | 0o070 | 0o700;
        assert_eq!(KEEP[p], 7 | 0o770 << 9 | 0o770 << 18);
        // Rows 1 and 2 both only in box 2: no pairing.
        assert_eq!(KEEP[0o447], 0);
    }

    #[test]
    fn an_empty_grid_has_many_solutions_and_a_clash_none() {
        let mut n = 0;
        assert_eq!(solutions(&[0; 81], Some(3), None, |_| n += 1), 3);
        assert_eq!(n, 3);
        let mut clash = [0u8; 81];
        clash[0] = 5;
        clash[80] = 5;
        clash[8] = 5; // Row 1 holds 5 twice.
        assert_eq!(solutions(&clash, None, None, |_| ()), 0);
    }

    /// The band layer against dancing links (`Solver::bands(false)`, plain DLX) on random
    /// puzzles: clues kept at random from a shuffled solved grid (one to hundreds of
    /// solutions) and random clues that need not come from any grid (mostly none). The
    /// counts, to a limit and in full below it, and the solutions as sets must agree.
    #[test]
    fn random_puzzles_count_as_dancing_links_do() {
        const LIMIT: u64 = 300;
        let mut grid = Vec::new();
        solutions(&[0; 81], Some(1), None, |v| grid = v.to_vec());
        let mut links = crate::Solver::new().bands(false);
        let mut rng = dlx_core::estimate::SplitMix64::new(2026);
        let (mut unique, mut multiple, mut none) = (0, 0, 0);
        for round in 0..600 {
            // A solved grid under a random relabelling of digits, of rows within bands and
            // of columns within stacks, and of bands and stacks.
            let shuffle = |rng: &mut dlx_core::estimate::SplitMix64, n: usize| {
                let mut p: Vec<usize> = (0..n).collect();
                for i in (1..n).rev() {
                    p.swap(i, rng.below(i as u32 + 1) as usize);
                }
                p
            };
            let digits = shuffle(&mut rng, 9);
            let (bands, stacks) = (shuffle(&mut rng, 3), shuffle(&mut rng, 3));
            let within: Vec<Vec<usize>> = (0..6).map(|_| shuffle(&mut rng, 3)).collect();
            let rows: Vec<usize> = (0..9)
                .map(|r| 3 * bands[r / 3] + within[r / 3][r % 3])
                .collect();
            let columns: Vec<usize> = (0..9)
                .map(|c| 3 * stacks[c / 3] + within[3 + c / 3][c % 3])
                .collect();
            let mut cells = [0u8; 81];
            if round % 4 == 3 {
                // Random clues, any digit, kept only where they do not clash.
                for _ in 0..25 + rng.below(25) {
                    let (k, v) = (rng.below(81) as usize, rng.below(9) as u8 + 1);
                    let mut line: Vec<u8> = cells.to_vec();
                    line[k] = v;
                    let text: String = line.iter().map(|&v| char::from(b'0' + v)).collect();
                    if text.parse::<crate::Grid>().is_ok() {
                        cells[k] = v;
                    }
                }
            } else {
                let blank = 30 + rng.below(25);
                for r in 0..9 {
                    for c in 0..9 {
                        if rng.below(81) >= blank {
                            let v = grid[9 * rows[r] + columns[c]];
                            cells[9 * r + c] = digits[usize::from(v) - 1] as u8 + 1;
                        }
                    }
                }
            }
            let text: String = cells.iter().map(|&v| char::from(b'0' + v)).collect();
            let puzzle: crate::Grid = text.parse().unwrap();
            let mut ours = Vec::new();
            let n = solutions(&cells, Some(LIMIT), None, |v| ours.push(v.to_vec()));
            assert_eq!(n, ours.len() as u64);
            assert_eq!(n, links.count(&puzzle, Some(LIMIT)), "{text}");
            for limit in [1, 2] {
                assert_eq!(solutions(&cells, Some(limit), None, |_| ()), n.min(limit));
            }
            if n < LIMIT {
                let mut theirs: Vec<Vec<u8>> = links
                    .solutions(&puzzle)
                    .map(|g| g.values().to_vec())
                    .collect();
                ours.sort_unstable();
                theirs.sort_unstable();
                assert_eq!(ours, theirs, "{text}");
            }
            unique += usize::from(n == 1);
            multiple += usize::from(n > 1);
            none += usize::from(n == 0);
        }
        // Every kind of puzzle came up.
        assert!(
            unique > 100 && multiple > 100 && none > 30,
            "{unique} {multiple} {none}"
        );
    }

    #[test]
    fn givens_combined_are_the_givens_placed_together() {
        let mut grid = Vec::new();
        solutions(&[0; 81], Some(1), None, |v| grid = v.to_vec());
        let mut rng = dlx_core::estimate::SplitMix64::new(7);
        for _ in 0..100 {
            // Two random sets of clues of the grid, overlapping.
            let (mut a, mut b, mut both) = ([0u8; 81], [0u8; 81], [0u8; 81]);
            for k in 0..81 {
                let r = rng.below(4);
                if r & 1 == 1 {
                    a[k] = grid[k];
                }
                if r & 2 == 2 {
                    b[k] = grid[k];
                }
                if r != 0 {
                    both[k] = grid[k];
                }
            }
            let (a, b) = (start(&a).unwrap(), start(&b).unwrap());
            let combined = Givens(a).with(&Givens(b)).0;
            let placed = start(&both).unwrap();
            assert_eq!(combined.open, placed.open);
            assert_eq!(combined.placed, placed.placed);
            // A unique puzzle less a clue: a solution with another digit there exactly when
            // counting to 2 finds two.
            let unique = solutions(&both, Some(2), None, |_| ()) == 1;
            if unique && both[0] != 0 {
                let mut without = both;
                without[0] = 0;
                let g = Givens(start(&without).unwrap());
                let other = other_solution(g, &Near::new(&grid), 0);
                assert_eq!(other, solutions(&without, Some(2), None, |_| ()) == 2);
            }
        }
    }
}
