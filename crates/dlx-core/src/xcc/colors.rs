//! Algorithm C without links, for counting and running matrices with colours and no bounds
//! (DLX2's search): at most 4,096 options, 64 primary items (each in at most 254 options) and 64
//! secondary items.
//!
//! The state of a node is held as `super::bits` holds Algorithm M's: the live options as a
//! bit set (with a word marking its words not yet empty), each primary item's list length in
//! a byte lane of `crate::wide`'s (255 once covered, so that the first minimum is DLX2's
//! choice), the purified secondary items as a word; a child starts from a copy of its
//! parent's state (the last child from the state itself), so nothing is undone. A cover kills its item's live options, each subtracting its vector of
//! ones from the lengths; a purification of item s with colour c kills the live options of s
//! with another colour (or none), and leaves s's options of colour c live, "cleansed".
//!
//! DLX2's figures come out to the unit, level by level. Hiding an option makes one update per
//! node of it that leaves a list: every node but the one in the list being walked, except the
//! cleansed ones, which DLX2 leaves where they are. A live option's node on a purified item
//! has that item's colour (purification killed the others), so it is cleansed: hiding option
//! o costs its size less one less the purified items among its own: one AND, a few ones counted.
//! A cover is 1 update more; a purification is 1 cleansing, and 1 more per option of the
//! item's colour left live. An empty branch item is covered all the same (1 update).
//!
//! Why: on MacMahon's triangles a node makes about 44 updates, each a link moved in a list
//! spread over memory; here an option hidden is a few vector subtractions on one cache line.
//! `XccSearch::count` and `XccSearch::run` take it when the matrix fits, with no option fixed
//! (subtrees of a run in parts included); a proptest holds it to the state machine's figures
//! and solutions, in order.

use std::ops::ControlFlow;

use super::arena::{Arena, NODE, SPACER, ix};
use super::bits::{Figures, Job, Tally};
use crate::solution::ChosenRow;
use crate::wide::Visit;
use crate::wide::lanes::{Bytes, Lanes};

/// A node's state: the live options (`W` words), each primary item's list length (a byte
/// lane each, [`Lanes::COVERED`] once covered), the purified secondary items.
#[derive(Clone, Copy, Debug)]
struct State<const W: usize, L: Lanes> {
    live: [u64; W],
    /// The words of `live` not yet 0: deep in the tree most options are dead, and a walk of
    /// an item's list visits only the words where both it and `live` have options.
    words: u64,
    len: L,
    purified: u64,
}

/// The layouts, by (words, lanes): the first that holds the matrix is taken, so that the
/// state copied per child is the smallest that fits.
macro_rules! tinted {
    ($($variant:ident => $w:literal, $l:ty;)*) => {
        /// [`Colors`] in the smallest layout that holds a matrix.
        #[derive(Debug)]
        pub(super) enum Tinted {
            $($variant(Box<Colors<$w, $l>>),)*
        }

        impl Tinted {
            /// The matrix of an arena at rest, or `None` when no layout holds it (see
            /// [`Colors::new`]).
            pub(super) fn new(a: &Arena) -> Option<Tinted> {
                let primaries = ix(a.second) - 1;
                let options = a.option_start.iter().filter(|&&s| s != u32::MAX).count();
                // The other limits hold for every layout alike: one is tried.
                $(if options <= 64 * $w && primaries <= <$l>::LEN {
                    return Colors::<$w, $l>::new(a)
                        .map(|c| Tinted::$variant(Box::new(c)));
                })*
                None
            }

            /// See [`Colors::count`].
            pub(super) fn count(&self, job: &Job<'_>, visit: Option<&mut Visit<'_>>) -> Figures {
                match self {
                    $(Tinted::$variant(c) => c.count(job, visit),)*
                }
            }
        }
    };
}

tinted! {
    C64x16 => 1, Bytes<1>;
    C256x32 => 4, Bytes<2>;
    C512x64 => 8, Bytes<4>;
    C1024x64 => 16, Bytes<4>;
    C1536x64 => 24, Bytes<4>;
    C2048x64 => 32, Bytes<4>;
    C4096x64 => 64, Bytes<4>;
}

/// What an item of an option asks when the option is committed.
#[derive(Clone, Copy, Debug)]
enum Act {
    /// Cover item k (a primary item, or a secondary one without colour).
    Cover { k: u16 },
    /// Purify secondary item `s` (its bit in the purified word) with the colour whose
    /// options of `s` are `same` (an index of `Colors::tints`).
    Purify { s: u8, same: u32 },
}

impl Act {
    /// The item it acts on, of a matrix with `primaries` primary items.
    fn item(self, primaries: usize) -> usize {
        match self {
            Act::Cover { k } => usize::from(k),
            Act::Purify { s, .. } => primaries + usize::from(s),
        }
    }
}

/// A matrix laid out for the search (built from the arena at rest).
#[derive(Debug)]
pub(super) struct Colors<const W: usize, L: Lanes> {
    /// Per item (primary, then secondary, in header order), the options in its list, and
    /// the words where it has some.
    lists: Vec<[u64; W]>,
    spans: Vec<u64>,
    /// Per (secondary item, colour) met in an option, the options of that item with that
    /// colour.
    tints: Vec<[u64; W]>,
    /// Each option's items in the arena's order (so that a commit goes round it from the
    /// node after the branch item's, as the arena's does), option o's at
    /// `acts[start[o]..start[o + 1]]`.
    acts: Vec<Act>,
    start: Vec<u32>,
    /// Per option, what hiding it takes.
    hidden: Vec<Hidden<L>>,
    /// Per primary item, [`Lanes::COVERED`] in its lane: OR-ed in, it covers the item.
    covered: Vec<L>,
    primaries: usize,
    /// Per option (as numbered here), its option id; per primary item, its item id.
    option_ids: Vec<u32>,
    item_ids: Vec<u32>,
    root: State<W, L>,
}

/// What hiding an option takes: a 1 in the lane of each of its primary items, its secondary
/// items (bits), its size less one. One record, so that the loop that hides options keeps one
/// base address and one bounds check in its registers, not three.
#[derive(Clone, Copy, Debug)]
struct Hidden<L> {
    ones: L,
    seconds: u64,
    rest: u32,
}

/// One count: the matrix, where it stops, and the figures so far.
struct Run<'a, 'v, 'f, const W: usize, L: Lanes> {
    colors: &'a Colors<W, L>,
    /// The leftmost rule instead of Knuth's.
    leftmost: bool,
    t: Tally<'a>,
    visit: Option<&'v mut Visit<'f>>,
    /// The row chosen at each depth (as deep as the search is: the rest is stale).
    rows: Vec<ChosenRow>,
}

impl<const W: usize, L: Lanes> Colors<W, L> {
    /// The matrix of an arena at rest, or `None` when it does not fit: bounds, more than 64 W
    /// options, `L::LEN` primary items or 64 secondary ones, a primary item in more than 254
    /// options.
    pub(super) fn new(a: &Arena) -> Option<Self> {
        let primaries = ix(a.second) - 1;
        let secondaries = a.items - primaries;
        let options = a.option_start.iter().filter(|&&s| s != u32::MAX).count();
        if primaries == 0 || primaries > L::LEN || secondaries > 64 || options > W * 64 {
            return None;
        }
        if a.rec[1..=primaries]
            .iter()
            .any(|r| r.bound != 1 || r.slack != 0)
        {
            return None;
        }
        let mut live = [0u64; W];
        let mut lists = vec![[0u64; W]; a.items];
        let mut tints: Vec<[u64; W]> = Vec::new();
        let mut tint_of = std::collections::HashMap::new();
        let (mut acts, mut start) = (Vec::new(), vec![0u32]);
        let mut hidden = Vec::with_capacity(options);
        let mut option_ids = Vec::with_capacity(options);
        for (id, &first) in a.option_start.iter().enumerate() {
            if first == u32::MAX {
                continue;
            }
            option_ids.push(id as u32);
            let o = hidden.len();
            let (mut mine, mut second) = (Vec::new(), 0u64);
            let mut x = first;
            while a.nodes[ix(x)].itm != SPACER {
                let n = a.nodes[ix(x)];
                let k = ix(n.itm) - 1;
                lists[k][o / 64] |= 1 << (o % 64);
                // At most 64 primary and 64 secondary items: k fits.
                if k < primaries {
                    mine.push(k);
                    acts.push(Act::Cover { k: k as u16 });
                } else {
                    let s = k - primaries;
                    second |= 1 << s;
                    if n.color == 0 {
                        acts.push(Act::Cover { k: k as u16 });
                    } else {
                        let next = tints.len() as u32;
                        let same = *tint_of.entry((k, n.color)).or_insert(next);
                        if same == next {
                            tints.push([0; W]);
                        }
                        tints[same as usize][o / 64] |= 1 << (o % 64);
                        acts.push(Act::Purify { s: s as u8, same });
                    }
                }
                x += NODE;
            }
            live[o / 64] |= 1 << (o % 64);
            start.push(acts.len() as u32);
            hidden.push(Hidden {
                ones: L::from_fn(|i| u32::from(mine.contains(&i))),
                seconds: second,
                rest: (acts.len() - start[o] as usize) as u32 - 1,
            });
        }
        let lens: Vec<u32> = lists[..primaries]
            .iter()
            .map(|list| list.iter().map(|w| w.count_ones()).sum())
            .collect();
        // A length must stay below COVERED.
        if lens.iter().any(|&n| n >= L::COVERED) {
            return None;
        }
        let spans = lists
            .iter()
            .map(|list| {
                (list.iter().enumerate())
                    .filter(|(_, w)| **w != 0)
                    .fold(0u64, |m, (i, _)| m | 1 << i)
            })
            .collect();
        let root = State {
            words: (live.iter().enumerate())
                .filter(|(_, w)| **w != 0)
                .fold(0u64, |m, (i, _)| m | 1 << i),
            live,
            len: L::from_fn(|i| lens.get(i).copied().unwrap_or(L::COVERED)),
            purified: 0,
        };
        let covered = (0..primaries)
            .map(|k| L::from_fn(|i| if i == k { L::COVERED } else { 0 }))
            .collect();
        Some(Colors {
            lists,
            spans,
            tints,
            acts,
            start,
            hidden,
            covered,
            primaries,
            option_ids,
            item_ids: (1..=primaries).map(|h| a.item_of[h]).collect(),
            root,
        })
    }

    /// Counts the tree (below the job's path, if any) up to its limit, under the leftmost
    /// rule or Knuth's. With `visit`, each solution's rows (the path's first) are shown to it
    /// as the state machine shows them (a break stops the count there).
    pub(super) fn count(&self, job: &Job<'_>, visit: Option<&mut Visit<'_>>) -> Figures {
        // Each level covers a primary item.
        let t = Tally::new(job, self.primaries + 1);
        let unset = ChosenRow { option: 0, item: 0 };
        let rows = vec![
            unset;
            if visit.is_some() {
                t.fig.nodes.len()
            } else {
                0
            }
        ];
        let mut run = Run {
            colors: self,
            leftmost: job.leftmost,
            t,
            visit,
            rows,
        };
        let mut root = self.root;
        #[cfg(target_arch = "x86_64")]
        if crate::isa::v3() {
            // SAFETY: the invariant of a `#[target_feature]` call is that the processor has
            // the features. `node_v3` is compiled for x86-64-v3's (`crate::isa`), and
            // `isa::v3`, in the test just above, has asked the processor for each of them.
            // Nothing a caller passes reaches that answer (a leaked or panicked search, a
            // wrong index change the figures at most, never the processor), and `node_v3` is
            // private: this call is the only way in. Its body is `node`'s, token for token.
            let _ = unsafe { run.node_v3(&mut root, 0) };
            return run.t.finish();
        }
        let _ = run.node(&mut root, 0);
        run.t.finish()
    }

    /// Kills the options of word `w` of a set (all live): they leave the live set and their
    /// primary items' lengths (`len`, the state's, kept apart by the caller so that it stays
    /// in registers). Returns the updates of hiding them: each one's nodes but the one in the
    /// list walked and the cleansed ones (on the purified items).
    #[inline(always)]
    fn kill_word<const POPCNT: bool>(
        &self,
        st: &mut State<W, L>,
        len: &mut L,
        w: usize,
        word: u64,
    ) -> u32 {
        st.live[w] &= !word;
        if st.live[w] == 0 {
            st.words &= !(1 << w);
        }
        let mut updates = 0;
        let mut bits = word;
        while bits != 0 {
            let o = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let h = &self.hidden[o];
            len.sub(&h.ones);
            let cleansed = h.seconds & st.purified;
            updates += h.rest
                - if POPCNT {
                    cleansed.count_ones()
                } else {
                    sparse_ones(cleansed)
                };
        }
        updates
    }

    /// Hides the live options of item `k`'s list, but those of `same` (a purification's
    /// colour). Returns the updates, and how many live options `same` kept.
    #[inline(always)]
    fn hide<const POPCNT: bool>(
        &self,
        st: &mut State<W, L>,
        k: usize,
        same: Option<&[u64; W]>,
    ) -> (u64, u64) {
        let mut len = st.len;
        let (mut updates, mut kept) = (0, 0);
        let mut m = self.spans[k] & st.words;
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut word = self.lists[k][w] & st.live[w];
            if let Some(same) = same {
                // Without a branch: how many options of the colour a word keeps varies too
                // much for the processor to foresee a loop's end, where an option's few
                // purified items (`kill_word`) it foresees well.
                kept += (word & same[w]).count_ones();
                word &= !same[w];
            }
            if word != 0 {
                updates += self.kill_word::<POPCNT>(st, &mut len, w, word);
            }
        }
        st.len = len;
        (u64::from(updates), u64::from(kept))
    }

    /// Kills the options of `set` (all live), in the words of `m`. Returns the updates.
    #[inline(always)]
    fn kill<const POPCNT: bool>(&self, st: &mut State<W, L>, set: &[u64; W], mut m: u64) -> u64 {
        let mut len = st.len;
        let mut updates = 0;
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            updates += self.kill_word::<POPCNT>(st, &mut len, w, set[w]);
        }
        st.len = len;
        u64::from(updates)
    }

    /// The live options of item `k`'s list, written into `out` (its other words left as they
    /// are), and the words where it has some. Written in place: a returned array is copied.
    #[inline(always)]
    fn live(&self, st: &State<W, L>, k: usize, out: &mut [u64; W]) -> u64 {
        let mut some = 0u64;
        let mut m = self.spans[k] & st.words;
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            out[w] = self.lists[k][w] & st.live[w];
            if out[w] != 0 {
                some |= 1 << w;
            }
        }
        some
    }

    /// Commits option `o`, chosen at item `at`: its other items from the one after `at`,
    /// round the option, each covered or purified (an item purified already with the
    /// option's colour is left alone: its node is cleansed). Returns (updates, cleansings).
    #[inline(always)]
    fn commit<const POPCNT: bool>(&self, st: &mut State<W, L>, o: usize, at: usize) -> (u64, u64) {
        let (from, to) = (self.start[o] as usize, self.start[o + 1] as usize);
        let acts = &self.acts[from..to];
        let place = acts
            .iter()
            .position(|act| act.item(self.primaries) == at)
            .map_or(0, |p| p + 1);
        let (mut updates, mut cleansings) = (0, 0);
        for act in acts[place..].iter().chain(&acts[..place.saturating_sub(1)]) {
            match *act {
                Act::Cover { k } => {
                    let k = usize::from(k);
                    updates += 1 + self.hide::<POPCNT>(st, k, None).0;
                    if k < self.primaries {
                        st.len.or(&self.covered[k]);
                    }
                }
                Act::Purify { s, same } => {
                    if st.purified & (1 << s) != 0 {
                        continue;
                    }
                    let k = self.primaries + usize::from(s);
                    let (hid, kept) = self.hide::<POPCNT>(st, k, Some(&self.tints[same as usize]));
                    updates += hid;
                    cleansings += 1 + kept;
                    st.purified |= 1 << s;
                }
            }
        }
        (updates, cleansings)
    }

    /// DLX2's choice: the uncovered primary item with the shortest list, the leftmost on
    /// ties (or the leftmost uncovered item, under the leftmost rule), and whether its list is
    /// known to be empty (a minimum of 0); `None` when every primary item is covered.
    #[inline(always)]
    fn choose(st: &State<W, L>, leftmost: bool) -> Option<(usize, bool)> {
        if leftmost {
            st.len.first_open().map(|k| (k, false))
        } else {
            st.len.first_min().map(|(k, least)| (k, least == 0))
        }
    }
}

/// The ones of a word that has few: one step per one (without the processor's popcount
/// instruction, which the baseline x86-64 target lacks, `count_ones` is a dozen operations).
#[inline(always)]
fn sparse_ones(mut x: u64) -> u32 {
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}

/// The search's node, written once and compiled twice (`crate::isa`): the attributes, the
/// name it calls itself by, and whether the processor has the popcount instruction (the
/// purified items of a hidden option are then counted with it rather than one by one).
macro_rules! node {
    ($(#[$attr:meta])* $name:ident, $popcnt:literal) => {
        $(#[$attr])*
        /// A node at `level`, in state `e`, which it changes (its caller's copy for this child):
        /// DLX2's steps.
        fn $name(&mut self, e: &mut State<W, L>, level: usize) -> ControlFlow<()> {
            self.t.enter(level)?;
            let colors = self.colors;
            let Some((i, empty)) = Colors::choose(e, self.leftmost) else {
                let Some(visit) = self.visit.as_deref_mut() else {
                    return self.t.solution(level);
                };
                if level < self.t.path.len() {
                    // Above the end of a path that is not one of the tree's: no solution of
                    // the subtree, not shown.
                    return ControlFlow::Continue(());
                }
                // Counted first, then shown, then the limit: the state machine's order.
                let limited = self.t.solution(level);
                if visit(&self.rows[..level]).is_break() {
                    self.t.fig.stopped = true;
                    return ControlFlow::Break(());
                }
                return limited;
            };
            // The branch item's list, kept apart: its options are dead everywhere else. An item
            // known to be empty (a minimum of 0: many of the nodes) has no list to read.
            let mut list = [0u64; W];
            let some = if empty {
                0
            } else {
                colors.live(e, i, &mut list)
            };
            if some == 0 {
                // DLX2 covers the empty item, then finds no option to try.
                self.t.fig.updates[level] += 1;
                return ControlFlow::Continue(());
            }
            self.t.fig.updates[level] += 1 + colors.kill::<$popcnt>(e, &list, some);
            e.len.or(&colors.covered[i]);
            let mut index = 0u32;
            let mut m = some;
            while m != 0 {
                let w = m.trailing_zeros() as usize;
                m &= m - 1;
                let mut bits = list[w];
                while bits != 0 {
                    let o = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if level < self.t.path.len() && index != self.t.path[level] {
                        // Off the way to the subtree: a later move, or none.
                        if index > self.t.path[level] {
                            return ControlFlow::Continue(());
                        }
                        index += 1;
                        continue;
                    }
                    if self.visit.is_some() {
                        self.rows[level] = ChosenRow {
                            option: colors.option_ids[o] as usize,
                            item: colors.item_ids[i] as usize,
                        };
                    }
                    // The last child takes this node's state itself: nothing reads it after.
                    let mut copy;
                    let child = if m == 0 && bits == 0 {
                        &mut *e
                    } else {
                        copy = *e;
                        &mut copy
                    };
                    let (updates, cleansings) = colors.commit::<$popcnt>(child, o, i);
                    self.t.fig.updates[level] += updates;
                    self.t.fig.cleansings[level] += cleansings;
                    self.$name(child, level + 1)?;
                    index += 1;
                }
            }
            ControlFlow::Continue(())
        }
    };
}

impl<const W: usize, L: Lanes> Run<'_, '_, '_, W, L> {
    crate::isa::twice!(node, node, node_v3);
}
