//! Algorithm X over bit sets, for small exact cover problems: every item keeps the options
//! still open to it as a bit mask, so that covering is a few word operations on memory that
//! stays in the first-level cache, where dancing links chase pointers.
//!
//! ```
//! use dlx_core::{bits::Bits, format};
//!
//! // The paper's matrix (3): one solution, rows 0, 3 and 4 ("C E F", "A D", "B G").
//! let matrix = format::parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let mut bits = Bits::new(&matrix)?;
//! let mut solution = bits.first().expect("one solution");
//! solution.sort_unstable();
//! assert_eq!(solution, [0, 3, 4]);
//! assert_eq!(bits.count(None).solutions, 1);
//!
//! // Fixed options are placed before the search, as with `Dlx::fix`.
//! bits.fix(1)?; // "A D G" leaves nothing for "E".
//! assert_eq!(bits.count(None).solutions, 0);
//! bits.unfix_all();
//! assert_eq!(bits.count(None).solutions, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The search is still Algorithm X with the S heuristic (branch on an item with the fewest
//! open options), plus the eager single rule: an item left with one option takes it at once,
//! without a branch node, and an item left with none ends the branch. The state of a node is
//! the masks and a count per item; a branch node saves it and each of its options starts
//! from the saved copy, so nothing is ever undone step by step.
//!
//! Where it pays, measured against [`crate::Dlx`] with the same column rule
//! (`cargo xtask bench bits`, `cargo xtask bench sudoku`): on 9x9 sudoku, whose 324 items
//! have 9 options each and where forced moves do most of the work, it about matches the
//! links (0.8-1.3x their speed over runs, first solutions and uniqueness on top1465); on N
//! queens 8 to 12 it reaches 0.7-0.85x (few forced moves, so a state copy per branch
//! node), on the pentomino rectangles 3x20, 4x15 and 6x10 about 0.5x (covering a piece
//! drops the same options the links unlink, at a higher cost per entry), on 4x4 sudoku
//! 0.7x. So it is a simple, allocation-free engine whose state is a plain copyable array,
//! not a faster one: [`crate::Dlx`] stays the engine for speed and for Knuth's update
//! counts ([`BitStats`] counts this engine's own work, not his). Fast 9x9 sudoku needed a
//! layer that knows the board (dlx-sudoku's band layer).
//!
//! Colours and multiplicities are not supported ([`BitsError`]); [`crate::Xcc`] searches
//! those.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::FixError;
use crate::matrix::{ItemId, ItemKind, Matrix, OptionId};

/// What a bit-set search did. These are this engine's own figures: they are not Knuth's
/// update counts (only [`crate::Dlx`] counts those) and not comparable with [`crate::Stats`].
///
/// ```
/// use dlx_core::{bits::Bits, format};
/// // a and b: either one option holding both, or the two halves.
/// let m = format::parse("a b c\na b\na\nb\nc\n")?;
/// let stats = Bits::new(&m)?.count(None);
/// // c has one option, taken at once; then a branch on a (2 options), after which the
/// // first leaves nothing open and the second forces b.
/// assert_eq!((stats.solutions, stats.nodes, stats.forced), (2, 2, 2));
/// assert!(stats.complete);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct BitStats {
    /// Solutions found.
    pub solutions: u64,
    /// Branch nodes: the options tried at an item that had two or more.
    pub nodes: u64,
    /// Options taken by the single rule (an item with one option left), fixed ones excluded.
    pub forced: u64,
    /// True when the whole tree was explored (no limit or interrupt cut it short).
    pub complete: bool,
}

/// Why a matrix cannot be searched with bit sets.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BitsError {
    /// Colours or multiplicities: Algorithm X over masks knows neither.
    #[error("the bit-set engine takes plain exact cover only (no colours or multiplicities)")]
    NotPlain,
    /// More options than its counts hold (2^31 - 2).
    #[error("{0} options are too many for the bit-set engine")]
    TooLarge(usize),
}

/// One item of an option: where the option's bit sits in the item's mask.
#[derive(Debug, Clone, Copy)]
struct Entry {
    item: u32,
    word: u32,
    bit: u64,
}

/// The count of a covered item: above every open count, so the S heuristic never picks it.
const COVERED: u32 = u32::MAX;
/// Counts of primary items stay below this; secondary items start just below [`COVERED`]
/// and, losing at most one per option, stay above it: never 0 or 1 (no item needs them),
/// and a node whose smallest count is this high has every primary item covered.
const SECONDARY: u32 = 1 << 31;

/// A plain exact cover matrix laid out as bit masks, ready to be searched any number of
/// times, with options optionally fixed first (as [`crate::Dlx::fix`] does).
///
/// ```
/// use dlx_core::{bits::Bits, format, FixError};
/// let m = format::parse("a b\na b\na\nb\n")?;
/// let mut bits = Bits::new(&m)?;
/// assert_eq!(bits.count(Some(1)).solutions, 1); // stops at the limit
/// bits.fix(1)?; // option "a"
/// assert_eq!(bits.first(), Some(vec![1, 2])); // fixed options first
/// assert!(matches!(bits.fix(0), Err(FixError::Clash { option: 0, with: 1, item: 0 })));
/// assert!(matches!(bits.fix(9), Err(FixError::NoSuchOption(9))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Bits {
    /// `item_word[i]..item_word[i + 1]`: the words of item i's mask in `masks`.
    item_word: Vec<u32>,
    /// The options of each item in mask order: bit b of the item's word k is option
    /// `item_options[64 * item_word[i] + 64 * k + b]`.
    item_options: Vec<OptionId>,
    /// `option_entry[o]..option_entry[o + 1]`: the entries of option o in `entries`.
    option_entry: Vec<u32>,
    entries: Vec<Entry>,
    /// The state after the fixed options: masks and counts as the search starts from.
    fixed_masks: Vec<u64>,
    fixed_counts: Vec<u32>,
    /// The fixed options, oldest first.
    fixed: Vec<OptionId>,
    /// The state of the empty problem, to which [`Bits::unfix_all`] returns.
    base_masks: Vec<u64>,
    base_counts: Vec<u32>,
    /// The working state of a search.
    masks: Vec<u64>,
    counts: Vec<u32>,
    /// The chosen options, fixed ones first.
    chosen: Vec<OptionId>,
    /// Items that fell to one option and are waiting for the single rule.
    forced: Vec<u32>,
    /// The masks emptied by the option being chosen: (word, open options).
    taken: Vec<(u32, u64)>,
    /// Saved states, one per branch level.
    saved_masks: Vec<u64>,
    saved_counts: Vec<u32>,
    /// The options of each branch level's item, one level after another.
    branch: Vec<OptionId>,
    interrupt: Option<Arc<AtomicBool>>,
}

/// What a search carries down the tree besides the state.
struct Run<'f, F> {
    limit: u64,
    visit: &'f mut F,
    stats: BitStats,
}

impl Bits {
    /// Lays out a plain matrix (no colours or bounds).
    ///
    /// ```
    /// use dlx_core::{bits::Bits, format};
    /// let coloured = format::parse("a | x\na x:red\na x:blue\n")?;
    /// assert!(Bits::new(&coloured).is_err());
    /// # Ok::<(), dlx_core::FormatError>(())
    /// ```
    pub fn new(matrix: &Matrix) -> Result<Bits, BitsError> {
        if !matrix.is_plain() {
            return Err(BitsError::NotPlain);
        }
        // Counts are u32 with room above for the secondary items (see SECONDARY), and
        // entries and words are numbered by u32.
        if matrix.options().len() >= SECONDARY as usize - 2 || matrix.ones() >= SECONDARY as usize {
            return Err(BitsError::TooLarge(matrix.options().len()));
        }
        let items = matrix.items();
        let mut of_item: Vec<Vec<OptionId>> = vec![Vec::new(); items.len()];
        for (o, its) in matrix.options().iter().enumerate() {
            for &i in its {
                of_item[i].push(o);
            }
        }
        let mut item_word = Vec::with_capacity(items.len() + 1);
        let mut item_options = Vec::new();
        let mut base_masks = Vec::new();
        // Each option's entries, in item order (the order within an option never matters).
        let mut entries = vec![
            Entry {
                item: 0,
                word: 0,
                bit: 0
            };
            matrix.ones()
        ];
        let mut filled = vec![0usize; matrix.options().len()];
        let mut option_entry = Vec::with_capacity(matrix.options().len() + 1);
        let mut total = 0u32;
        for its in matrix.options() {
            option_entry.push(total);
            total += its.len() as u32;
        }
        option_entry.push(total);
        for (i, opts) in of_item.iter().enumerate() {
            item_word.push(base_masks.len() as u32);
            let words = opts.len().div_ceil(64);
            let first = base_masks.len();
            base_masks.resize(first + words, 0);
            item_options.resize(64 * (first + words), OptionId::MAX);
            for (k, &o) in opts.iter().enumerate() {
                let (w, bit) = (first + k / 64, 1u64 << (k % 64));
                base_masks[w] |= bit;
                item_options[64 * first + k] = o;
                entries[option_entry[o] as usize + filled[o]] = Entry {
                    item: i as u32,
                    word: w as u32,
                    bit,
                };
                filled[o] += 1;
            }
        }
        item_word.push(base_masks.len() as u32);
        let base_counts: Vec<u32> = items
            .iter()
            .zip(&of_item)
            .map(|(item, opts)| match item.kind {
                ItemKind::Primary => opts.len() as u32,
                ItemKind::Secondary => COVERED - 1,
            })
            .collect();
        Ok(Bits {
            item_word,
            item_options,
            option_entry,
            entries,
            fixed_masks: base_masks.clone(),
            fixed_counts: base_counts.clone(),
            fixed: Vec::new(),
            masks: base_masks.clone(),
            counts: base_counts.clone(),
            base_masks,
            base_counts,
            chosen: Vec::new(),
            forced: Vec::new(),
            taken: Vec::new(),
            saved_masks: Vec::new(),
            saved_counts: Vec::new(),
            branch: Vec::new(),
            interrupt: None,
        })
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.option_entry.len() - 1
    }

    /// Makes every later search stop at its next branch node once `flag` is set (a Ctrl-C
    /// handler); the search then reports `complete` false.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// Fixes an option before the search: its items are covered and the options that share
    /// an item with it are dropped, as if it had been chosen above the root. Fixing options
    /// that leave an item with nothing is allowed: the search then finds no solution.
    pub fn fix(&mut self, option: OptionId) -> Result<(), FixError> {
        if option >= self.option_count() {
            return Err(FixError::NoSuchOption(option));
        }
        // Work on the fixed state in place: swapped in and out, never copied.
        std::mem::swap(&mut self.masks, &mut self.fixed_masks);
        std::mem::swap(&mut self.counts, &mut self.fixed_counts);
        let result = self.fix_here(option);
        std::mem::swap(&mut self.masks, &mut self.fixed_masks);
        std::mem::swap(&mut self.counts, &mut self.fixed_counts);
        result
    }

    /// [`Bits::fix`] on the working state.
    fn fix_here(&mut self, option: OptionId) -> Result<(), FixError> {
        let entries = self.option_entry[option] as usize..self.option_entry[option + 1] as usize;
        // Only an option sharing an item with a fixed one is ever dropped before the search.
        if let Some(e) = self.entries[entries]
            .iter()
            .find(|e| self.masks[e.word as usize] & e.bit == 0)
        {
            let item = e.item as ItemId;
            let with = self
                .fixed
                .iter()
                .copied()
                .find(|&f| self.option_items(f).any(|i| i == item))
                .unwrap_or(option);
            return Err(FixError::Clash { option, with, item });
        }
        // A primary item left with no option is remembered by its count of 0; the drops go
        // on past it, so that every later clash is still seen.
        self.choose::<false>(option);
        self.fixed.push(option);
        Ok(())
    }

    /// Undoes every fix at once.
    pub fn unfix_all(&mut self) {
        self.fixed.clear();
        self.fixed_masks.clone_from(&self.base_masks);
        self.fixed_counts.clone_from(&self.base_counts);
    }

    /// The fixed options, oldest first.
    pub fn fixed(&self) -> &[OptionId] {
        &self.fixed
    }

    /// The items of an option.
    fn option_items(&self, option: OptionId) -> impl Iterator<Item = ItemId> + '_ {
        let range = self.option_entry[option] as usize..self.option_entry[option + 1] as usize;
        self.entries[range].iter().map(|e| e.item as ItemId)
    }

    /// Counts solutions, stopping at `limit` if given (`Some(2)` tells unique from not).
    pub fn count(&mut self, limit: Option<u64>) -> BitStats {
        self.run(limit, |_| ControlFlow::Continue(()))
    }

    /// The first solution found: its options, fixed ones first, then in the order chosen.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        let mut found = None;
        let _ = self.run(Some(1), |s| {
            found = Some(s.to_vec());
            ControlFlow::Break(())
        });
        found
    }

    /// Calls `visit` with each solution's options (fixed ones first), until it breaks or
    /// `limit` solutions have been found.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dlx_core::{bits::Bits, format};
    /// // Two ways to cover a and b.
    /// let m = format::parse("a b\na b\na\nb\n")?;
    /// let mut all = Vec::new();
    /// let stats = Bits::new(&m)?.run(None, |s| {
    ///     let mut s = s.to_vec();
    ///     s.sort_unstable();
    ///     all.push(s);
    ///     ControlFlow::Continue(())
    /// });
    /// all.sort();
    /// assert_eq!(all, [vec![0], vec![1, 2]]);
    /// assert_eq!((stats.solutions, stats.complete), (2, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<F>(&mut self, limit: Option<u64>, mut visit: F) -> BitStats
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        let mut run = Run {
            limit: limit.unwrap_or(u64::MAX),
            visit: &mut visit,
            stats: BitStats::default(),
        };
        if run.limit == 0 {
            return run.stats;
        }
        self.masks.clone_from(&self.fixed_masks);
        self.counts.clone_from(&self.fixed_counts);
        self.chosen.clone_from(&self.fixed);
        self.forced.clear();
        let mut alive = true;
        for (i, &c) in self.counts.iter().enumerate() {
            match c {
                0 => alive = false,
                1 => self.forced.push(i as u32),
                _ => {}
            }
        }
        let flow = if alive && self.propagate(&mut run.stats) {
            self.search(0, &mut run)
        } else {
            ControlFlow::Continue(())
        };
        run.stats.complete = flow.is_continue();
        run.stats
    }

    /// Takes an option: covers its items and drops every option that shares one of them.
    /// False when some primary item is left with no option; `STOP`: return at once then.
    #[inline]
    fn choose<const STOP: bool>(&mut self, option: OptionId) -> bool {
        let range = self.option_entry[option] as usize..self.option_entry[option + 1] as usize;
        // Cover every item first, emptying its mask, so that the drops below touch only
        // open items: a covered item's count is a sentinel, never decremented.
        let mut taken = std::mem::take(&mut self.taken);
        taken.clear();
        for e in &self.entries[range] {
            let i = e.item as usize;
            self.counts[i] = COVERED;
            for w in self.item_word[i] as usize..self.item_word[i + 1] as usize {
                taken.push((w as u32, std::mem::take(&mut self.masks[w])));
            }
        }
        let mut alive = true;
        'drops: for &(w, mut open) in &taken {
            while open != 0 {
                let b = open.trailing_zeros() as usize;
                open &= open - 1;
                let dropped = self.item_options[64 * w as usize + b];
                if !self.drop_option::<STOP>(dropped) {
                    alive = false;
                    if STOP {
                        break 'drops;
                    }
                }
            }
        }
        self.taken = taken;
        alive
    }

    /// Removes an option from the masks of its items that are still open. False when that
    /// leaves a primary item with nothing.
    #[inline]
    fn drop_option<const STOP: bool>(&mut self, option: OptionId) -> bool {
        let mut alive = true;
        let range = self.option_entry[option] as usize..self.option_entry[option + 1] as usize;
        for e in &self.entries[range] {
            let w = e.word as usize;
            if self.masks[w] & e.bit != 0 {
                self.masks[w] &= !e.bit;
                let i = e.item as usize;
                self.counts[i] -= 1;
                match self.counts[i] {
                    0 if STOP => return false,
                    0 => alive = false,
                    1 => self.forced.push(e.item),
                    _ => {}
                }
            }
        }
        alive
    }

    /// The single rule until no item has one option left. False on a dead end.
    fn propagate(&mut self, stats: &mut BitStats) -> bool {
        while let Some(i) = self.forced.pop() {
            let i = i as usize;
            // Covered since it was queued (by the option it was waiting for, or a rival).
            if self.counts[i] != 1 {
                continue;
            }
            let option = self
                .open_options(i)
                .next()
                .expect("a count of 1 has one option");
            stats.forced += 1;
            self.chosen.push(option);
            if !self.choose::<true>(option) {
                return false;
            }
        }
        true
    }

    /// The options still open to an item, in mask order.
    fn open_options(&self, item: usize) -> impl Iterator<Item = OptionId> + '_ {
        let words = self.item_word[item] as usize..self.item_word[item + 1] as usize;
        words.flat_map(move |w| {
            let mut open = self.masks[w];
            std::iter::from_fn(move || {
                (open != 0).then(|| {
                    let b = open.trailing_zeros() as usize;
                    open &= open - 1;
                    self.item_options[64 * w + b]
                })
            })
        })
    }

    /// The item with the fewest open options (the first such), and that number.
    #[inline]
    fn fewest(&self) -> (usize, u32) {
        let mut best = (0, COVERED);
        for (i, &c) in self.counts.iter().enumerate() {
            if c < best.1 {
                best = (i, c);
                // After the single rule no open primary item has fewer than 2.
                if c <= 2 {
                    break;
                }
            }
        }
        best
    }

    /// Algorithm X below a node whose single rule has run.
    fn search<F>(&mut self, depth: usize, run: &mut Run<'_, F>) -> ControlFlow<()>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        let (item, count) = self.fewest();
        if count >= SECONDARY {
            run.stats.solutions += 1;
            (run.visit)(&self.chosen)?;
            return if run.stats.solutions >= run.limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            };
        }
        if self
            .interrupt
            .as_deref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            return ControlFlow::Break(());
        }
        // Save the node's state; each option below starts from it.
        let (words, items) = (self.masks.len(), self.counts.len());
        self.saved_masks.truncate(depth * words);
        self.saved_masks.extend_from_slice(&self.masks);
        self.saved_counts.truncate(depth * items);
        self.saved_counts.extend_from_slice(&self.counts);
        let chosen = self.chosen.len();
        let start = self.branch.len();
        for w in self.item_word[item] as usize..self.item_word[item + 1] as usize {
            let mut open = self.masks[w];
            while open != 0 {
                let b = open.trailing_zeros() as usize;
                open &= open - 1;
                self.branch.push(self.item_options[64 * w + b]);
            }
        }
        for k in start..self.branch.len() {
            if k > start {
                self.masks
                    .copy_from_slice(&self.saved_masks[depth * words..(depth + 1) * words]);
                self.counts
                    .copy_from_slice(&self.saved_counts[depth * items..(depth + 1) * items]);
                self.chosen.truncate(chosen);
            }
            let option = self.branch[k];
            run.stats.nodes += 1;
            self.chosen.push(option);
            self.forced.clear();
            if self.choose::<true>(option) && self.propagate(&mut run.stats) {
                let flow = self.search(depth + 1, run);
                if flow.is_break() {
                    self.branch.truncate(start);
                    return flow;
                }
            }
        }
        self.branch.truncate(start);
        ControlFlow::Continue(())
    }
}
