//! Algorithm M without links, for counting on small matrices with bounds and no colours (at
//! most 256 options and 48 primary items, each in at most 255 options, bounds up to 255).
//!
//! The state of a node is held the way `crate::wide` holds exact cover's: which options are
//! still live (a bit set of one to four words), each primary item's list length and bound
//! (bytes), and which primary items are active (a word). A child starts from a copy of its
//! parent's state (48 bytes for 64 options and 16 items, up to 144), so nothing is undone.
//! Covering an item kills its live options: each subtracts its vector of ones from the
//! lengths. The tree is Algorithm M's own (DLX3's), and so are its figures, level by level:
//! a cover makes 1 update plus, for each option it hides, the option's length less one; a
//! tweak with block hides the option and takes it out of the branch item's list (its
//! length), one without block only the latter (1). A covered branch item keeps its list as a
//! bit set of its own: the cover hid those options from every other item, and its tweaks take
//! them out of its list only.
//!
//! Why it pays: these searches make two to four updates a node (random bounds, k ones per
//! line), so a node's cost is the choice of an item and the bookkeeping, not the dancing; a
//! copy of a few vectors is cheaper than a trail to replay, and the S scan reads bytes of one
//! or two cache lines. The smaller the state the more it pays, so each matrix takes the
//! smallest layout that holds it (`docs/performance.md`). `XccSearch::count` uses it when the
//! matrix fits, under Knuth's rule, with no option fixed (subtrees of a run in parts
//! included); a proptest holds it to the state machine's figures.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use super::arena::{Arena, NODE, SPACER, ix};

/// A node's state: the live options (`W` words), each primary item's list length and bound
/// (`L` lanes of a byte), the active primary items. A child's copy is a few vector moves:
/// 48 bytes for 64 options and 16 items, 112 for 256 and 32.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(16))]
struct State<const W: usize, const L: usize> {
    live: [u64; W],
    len: [u8; L],
    bound: [u8; L],
    active: u64,
}

/// The layouts, by (words, lanes): the first that holds the matrix is taken, so that the
/// state copied per child is the smallest that fits.
macro_rules! small {
    ($($variant:ident => $w:literal, $l:literal;)*) => {
        /// [`Bits`] in the smallest layout that holds a matrix.
        #[derive(Debug)]
        pub(super) enum Small {
            $($variant(Bits<$w, $l>),)*
        }

        impl Small {
            /// The matrix of an arena at rest, or `None` when no layout holds it (see
            /// [`Bits::new`]).
            pub(super) fn new(a: &Arena) -> Option<Small> {
                let primaries = ix(a.second) - 1;
                let options = a.option_start.iter().filter(|&&s| s != u32::MAX).count();
                // The other limits hold for every layout alike: one is tried.
                $(if options <= 64 * $w && primaries <= $l {
                    return Bits::<$w, $l>::new(a).map(Small::$variant);
                })*
                None
            }

            /// See [`Bits::count`].
            pub(super) fn count(&self, job: &Job<'_>) -> Figures {
                match self {
                    $(Small::$variant(b) => b.count(job),)*
                }
            }
        }
    };
}

small! {
    O64I16 => 1, 16;
    O128I16 => 2, 16;
    O128I32 => 2, 32;
    O192I32 => 3, 32;
    O256I32 => 4, 32;
    O256I48 => 4, 48;
}

/// A matrix laid out for the search (built from the arena at rest).
#[derive(Debug)]
pub(super) struct Bits<const W: usize, const L: usize> {
    /// Per primary item, upper bound less lower bound.
    slack: [u8; L],
    /// Per item (primary, then secondary, in header order), the options in its list.
    lists: Vec<[u64; W]>,
    /// Each option's items in the arena's order (so that a commit goes round it from the
    /// node after the branch item's, as the arena's does), option o's at
    /// `items[start[o]..start[o + 1]]`.
    items: Vec<u32>,
    start: Vec<u32>,
    /// The most levels a search can go down: each level lowers a bound or ends an item.
    depth: usize,
    /// Per option, a 1 in the lane of each of its primary items.
    ones: Vec<[u8; L]>,
    primaries: usize,
    root: State<W, L>,
}

/// What a count is asked: the moves to replay above the subtree counted (see
/// `XccSearch::below`), the limit, and the flags that stop it (read once a node).
#[derive(Debug)]
pub(super) struct Job<'a> {
    pub(super) path: &'a [u32],
    /// The leftmost rule instead of Knuth's (`super::colors` only).
    pub(super) leftmost: bool,
    pub(super) limit: Option<u64>,
    pub(super) interrupt: &'a AtomicBool,
    pub(super) stop: &'a AtomicBool,
}

/// What a count found: per level (depth), the nodes entered and the updates made there, as
/// the state machine's frames hold them; the solutions; how it ended.
#[derive(Debug, Default)]
pub(super) struct Figures {
    pub(super) nodes: Vec<u64>,
    pub(super) updates: Vec<u64>,
    /// Per level, the cleansings (colours only; empty for bounds).
    pub(super) cleansings: Vec<u64>,
    /// The deepest level entered.
    pub(super) deepest: usize,
    pub(super) solutions: u64,
    pub(super) stopped: bool,
    pub(super) interrupted: bool,
}

/// What a count keeps as it goes, in this module and in `super::colors`: where it stops and
/// the figures so far.
pub(super) struct Tally<'a> {
    /// The moves to replay above the subtree counted (see `XccSearch::below`).
    pub(super) path: &'a [u32],
    limit: u64,
    interrupt: &'a AtomicBool,
    stop: &'a AtomicBool,
    pub(super) fig: Figures,
    /// The level of a stop on entering it (an interrupt), else 0.
    entered: usize,
}

impl<'a> Tally<'a> {
    /// A count asked `job`, of a tree at most `levels` deep (below the path).
    pub(super) fn new(job: &Job<'a>, levels: usize) -> Self {
        let levels = levels.max(job.path.len()) + 1;
        Tally {
            path: job.path,
            limit: job.limit.unwrap_or(u64::MAX),
            interrupt: job.interrupt,
            stop: job.stop,
            fig: Figures {
                nodes: vec![0; levels],
                updates: vec![0; levels],
                cleansings: vec![0; levels],
                ..Figures::default()
            },
            entered: 0,
        }
    }

    /// Enters a node at `level`: a stop if one is asked, else the node counted.
    #[inline(always)]
    pub(super) fn enter(&mut self, level: usize) -> ControlFlow<()> {
        if self.interrupt.load(Ordering::Relaxed) || self.stop.load(Ordering::Relaxed) {
            self.fig.interrupted = self.interrupt.load(Ordering::Relaxed);
            self.fig.stopped = true;
            self.entered = level;
            return ControlFlow::Break(());
        }
        self.fig.nodes[level] += 1;
        ControlFlow::Continue(())
    }

    /// A solution at `level`: counted if below the path (a path that is not one of the
    /// tree's may end above its end), a stop at the limit.
    #[inline(always)]
    pub(super) fn solution(&mut self, level: usize) -> ControlFlow<()> {
        if level >= self.path.len() {
            self.fig.solutions += 1;
        }
        if self.fig.solutions >= self.limit {
            self.fig.stopped = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// The figures, once the count has ended.
    pub(super) fn finish(mut self) -> Figures {
        let fig = &mut self.fig;
        fig.deepest = fig.nodes.iter().rposition(|&n| n > 0).unwrap_or(0);
        // A stop on entering a level leaves it with no node counted: the state machine had
        // grown its frames to it all the same.
        fig.deepest = fig.deepest.max(self.entered);
        self.fig
    }
}

/// One count: the matrix, where it stops, and the figures so far.
struct Run<'a, const W: usize, const L: usize> {
    bits: &'a Bits<W, L>,
    t: Tally<'a>,
}

impl<const W: usize, const L: usize> Bits<W, L> {
    /// The matrix of an arena at rest, or `None` when it does not fit: colours, more than
    /// 64 W options or L primary items, a primary item in more than 255 options, a bound
    /// above 255.
    pub(super) fn new(a: &Arena) -> Option<Self> {
        let primaries = ix(a.second) - 1;
        let options = a.option_start.iter().filter(|&&s| s != u32::MAX).count();
        if primaries == 0 || primaries > L || options > W * 64 {
            return None;
        }
        let mut slack = [0u8; L];
        let mut root = State {
            live: [0; W],
            len: [0; L],
            bound: [0; L],
            active: (1u64 << primaries) - 1,
        };
        for ((b, s), r) in root
            .bound
            .iter_mut()
            .zip(&mut slack)
            .zip(&a.rec[1..=primaries])
        {
            *b = u8::try_from(r.bound).ok()?;
            *s = u8::try_from(r.slack).ok()?;
        }
        let mut lists = vec![[0u64; W]; a.items];
        let mut items = Vec::new();
        let mut starts = vec![0u32];
        let mut ones = Vec::with_capacity(options);
        for &start in a.option_start.iter().filter(|&&s| s != u32::MAX) {
            let o = ones.len();
            let mut one = [0u8; L];
            let mut x = start;
            while a.nodes[ix(x)].itm != SPACER {
                let n = a.nodes[ix(x)];
                if n.color != 0 {
                    return None;
                }
                let k = ix(n.itm) - 1;
                items.push(k as u32);
                lists[k][o / 64] |= 1 << (o % 64);
                if k < primaries {
                    one[k] = 1;
                }
                x += NODE;
            }
            root.live[o / 64] |= 1 << (o % 64);
            starts.push(items.len() as u32);
            ones.push(one);
        }
        for (len, list) in root.len.iter_mut().zip(&lists[..primaries]) {
            *len = u8::try_from(list.iter().map(|w| w.count_ones()).sum::<u32>()).ok()?;
        }
        let depth = (0..primaries)
            .map(|k| usize::from(root.bound[k]) + 1)
            .sum::<usize>()
            + 1;
        Some(Bits {
            slack,
            lists,
            items,
            start: starts,
            depth,
            ones,
            primaries,
            root,
        })
    }

    /// Counts the tree (below the job's path, if any) up to its limit.
    pub(super) fn count(&self, job: &Job<'_>) -> Figures {
        let mut run = Run {
            bits: self,
            t: Tally::new(job, self.depth),
        };
        let mut root = self.root;
        let _ = run.node(&mut root, 0);
        run.t.finish()
    }

    /// Kills the options of `set` (all live): they leave the live set and their primary
    /// items' lengths. Returns the updates of hiding them: each one's length less one.
    #[inline]
    fn kill(&self, st: &mut State<W, L>, set: &[u64; W]) -> u64 {
        let mut updates = 0;
        // The lengths in a local array, so that the subtractions stay in registers.
        let mut len = st.len;
        for (w, &word) in set.iter().enumerate() {
            st.live[w] &= !word;
            let mut bits = word;
            while bits != 0 {
                let o = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let one = &self.ones[o];
                for k in 0..L {
                    len[k] = len[k].wrapping_sub(one[k]);
                }
                updates += u64::from(self.start[o + 1] - self.start[o]) - 1;
            }
        }
        st.len = len;
        updates
    }

    /// The live options in item `k`'s list.
    #[inline]
    fn live_in(&self, st: &State<W, L>, k: usize) -> [u64; W] {
        let mut set = self.lists[k];
        for (s, &l) in set.iter_mut().zip(&st.live) {
            *s &= l;
        }
        set
    }

    /// Covers item `k`, whose live options are `set`: 1 update, and those options hidden
    /// from the other items. Its own length goes stale: a covered item is never chosen again
    /// in this state, and a covered branch item counts its list apart.
    #[inline]
    fn cover(&self, st: &mut State<W, L>, set: &[u64; W]) -> u64 {
        1 + self.kill(st, set)
    }

    /// Commits option `o`, chosen at item `at`: its other items from the one after `at`,
    /// round the option. A primary item loses one from its bound and is covered at 0; a
    /// secondary item is covered.
    #[inline]
    fn commit(&self, st: &mut State<W, L>, o: usize, at: usize) -> u64 {
        let its = &self.items[self.start[o] as usize..self.start[o + 1] as usize];
        let from = its
            .iter()
            .position(|&k| k as usize == at)
            .map_or(0, |p| p + 1);
        let mut updates = 0;
        for &k in its[from..].iter().chain(&its[..from.saturating_sub(1)]) {
            let k = k as usize;
            if k < self.primaries {
                st.bound[k] -= 1;
                if st.bound[k] == 0 {
                    updates += self.cover(st, &self.live_in(st, k));
                    st.active &= !(1 << k);
                }
            } else {
                updates += self.cover(st, &self.live_in(st, k));
            }
        }
        updates
    }

    /// Knuth's choice: the smallest branching degree t = len + min(slack, bound) - bound + 1,
    /// then the smaller slack, then the longer list, then the leftmost; an item with t <= 0
    /// at once. The three keys in one number (t is at least 1 and below 2^9 there, the slack
    /// below 2^8, the length complemented in the low byte), compared once per item.
    #[inline]
    fn choose(&self, st: &State<W, L>) -> Option<(usize, i32)> {
        let mut bits = st.active;
        if bits == 0 {
            return None;
        }
        let (mut best, mut key) = (0, u32::MAX);
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (len, b) = (i32::from(st.len[k]), i32::from(st.bound[k]));
            let s = i32::from(self.slack[k]).min(b);
            let t = len + s - b + 1;
            if t <= 0 {
                return Some((k, t));
            }
            let this = (t as u32) << 16 | (s as u32) << 8 | (255 - len as u32);
            if this < key {
                (best, key) = (k, this);
            }
        }
        Some((best, (key >> 16) as i32))
    }
}

impl<const W: usize, const L: usize> Run<'_, W, L> {
    /// A node at `level`, in state `e`, which it changes (its caller's copy for this child):
    /// Algorithm M's steps in the state machine's order.
    fn node(&mut self, e: &mut State<W, L>, level: usize) -> ControlFlow<()> {
        self.t.enter(level)?;
        let bits = self.bits;
        let Some((i, t)) = bits.choose(e) else {
            return self.t.solution(level);
        };
        if t <= 0 {
            // Algorithm M backs up at once: no update.
            return ControlFlow::Continue(());
        }
        e.bound[i] -= 1;
        let (b, s) = (e.bound[i], bits.slack[i]);
        let covered = b == 0;
        // A covered item's list, kept apart: its options are dead everywhere else.
        let mut list = [0u64; W];
        if covered {
            list = bits.live_in(e, i);
            self.t.fig.updates[level] += bits.cover(e, &list);
            e.active &= !(1 << i);
        }
        let mut next = 0;
        let mut index = 0u32;
        loop {
            // The move: the first option of the list from `next` on, else the null move.
            let cur = (next / 64..W).find_map(|w| {
                let word = if covered {
                    list[w]
                } else {
                    bits.lists[i][w] & e.live[w]
                };
                let word = if w == next / 64 {
                    word & (u64::MAX << (next % 64))
                } else {
                    word
                };
                (word != 0).then(|| w * 64 + word.trailing_zeros() as usize)
            });
            let len = |e: &State<W, L>| -> u32 {
                if covered {
                    list.iter().map(|w| w.count_ones()).sum()
                } else {
                    u32::from(e.len[i])
                }
            };
            let mut tweaked = 0;
            if b == 0 && s == 0 {
                if cur.is_none() {
                    break;
                }
            } else if i64::from(len(e)) <= i64::from(b) - i64::from(s) {
                break;
            } else if let Some(o) = cur {
                if covered {
                    list[o / 64] &= !(1 << (o % 64));
                    tweaked = 1;
                } else {
                    let mut one = [0u64; W];
                    one[o / 64] = 1 << (o % 64);
                    tweaked = bits.kill(e, &one) + 1;
                }
            } else if b != 0 {
                e.active &= !(1 << i);
            }
            if level < self.t.path.len() && index != self.t.path[level] {
                // Off the way to the subtree: a later move, or none.
                if index > self.t.path[level] || cur.is_none() {
                    break;
                }
                next = cur.map_or(next, |o| o + 1);
                index += 1;
                continue;
            }
            let Some(o) = cur else {
                // The null move, the last.
                self.t.fig.updates[level] += tweaked;
                self.node(e, level + 1)?;
                break;
            };
            let mut child = *e;
            let updates = tweaked + bits.commit(&mut child, o, i);
            self.t.fig.updates[level] += updates;
            self.node(&mut child, level + 1)?;
            next = o + 1;
            index += 1;
        }
        ControlFlow::Continue(())
    }
}
