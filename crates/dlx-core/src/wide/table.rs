//! One matrix laid out for [`super::search`]: for each primary item (a lane) and each option,
//! the sets and lane vectors a cover needs, built once.

use super::lanes::Lanes;
use std::ops::ControlFlow;

use crate::matrix::{ItemId, OptionId};
use crate::solution::ChosenRow;

/// A matrix of at most `64 * W` options and `L::LEN` primary items.
#[derive(Debug)]
pub(crate) struct Table<const W: usize, L: Lanes> {
    /// By lane, its primary item.
    pub lanes: Vec<Lane<W, L>>,
    /// By option, what covering and removing it need, side by side: option `64 * w + b` at
    /// `[w][b]`, so that the words and bits of a set index it without a bounds check. The
    /// entries past the last option are never reached (no set holds them).
    pub options: Box<[[Entry<W, L>; 64]; W]>,
    /// The number of options.
    count: usize,
    /// Every option live, and the sizes of the primary items, before any cover.
    live: [u64; W],
    sizes: L,
}

/// One primary item in a [`Table`].
#[derive(Debug)]
pub(crate) struct Lane<const W: usize, L: Lanes> {
    /// Its options.
    pub rows: [u64; W],
    /// `COVERED` in its lane, 0 in the others.
    pub cover: L,
    /// The item, for the solutions' rows.
    pub item: ItemId,
}

/// One option in a [`Table`].
#[derive(Debug)]
pub(crate) struct Entry<const W: usize, L: Lanes> {
    /// 1 in the lanes of its primary items: what its removal takes from the sizes.
    pub drop: L,
    /// Its length less one: the updates of removing it from its other columns.
    pub others: u32,
    /// `COVERED` in the lanes of its primary items: what choosing it covers.
    pub take: L,
    /// Every option sharing an item with it, itself included: once it is chosen, the live
    /// ones among them are the rows its other columns' covers remove.
    pub clash: [u64; W],
}

impl<const W: usize, L: Lanes> Table<W, L> {
    /// Lays out a matrix given as its primary items in header order and each option's items
    /// in row order: `None` if it has too many options or primary items, or a primary item
    /// with more options than a lane holds.
    pub(crate) fn new(primaries: &[ItemId], items: usize, options: &[Vec<ItemId>]) -> Option<Self> {
        if options.len() > 64 * W || primaries.len() > L::LEN {
            return None;
        }
        let mut lane_of = vec![None; items];
        for (lane, &item) in primaries.iter().enumerate() {
            *lane_of.get_mut(item)? = Some(lane);
        }
        let mut rows = vec![[0u64; W]; items];
        for (option, row) in options.iter().enumerate() {
            for &item in row {
                rows.get_mut(item)?[option / 64] |= 1 << (option % 64);
            }
        }
        let count = |set: &[u64; W]| set.iter().map(|w| w.count_ones()).sum::<u32>();
        let sizes: Vec<u32> = primaries.iter().map(|&i| count(&rows[i])).collect();
        if sizes.iter().any(|&s| s >= L::COVERED) {
            return None;
        }
        let lanes_of =
            |row: &[ItemId]| -> Vec<usize> { row.iter().filter_map(|&i| lane_of[i]).collect() };
        let mut entries = Vec::with_capacity(64 * W);
        for row in options {
            let mut clash = [0u64; W];
            for &item in row {
                for (s, r) in clash.iter_mut().zip(&rows[item]) {
                    *s |= r;
                }
            }
            let lanes = lanes_of(row);
            entries.push(Entry {
                drop: L::from_fn(|l| u32::from(lanes.contains(&l))),
                others: u32::try_from(row.len().saturating_sub(1)).unwrap_or(u32::MAX),
                take: L::from_fn(|l| if lanes.contains(&l) { L::COVERED } else { 0 }),
                clash,
            });
        }
        while entries.len() < 64 * W {
            entries.push(Entry {
                drop: L::from_fn(|_| 0),
                others: 0,
                take: L::from_fn(|_| 0),
                clash: [0; W],
            });
        }
        let mut entries = entries.into_iter();
        let chunks: Vec<[Entry<W, L>; 64]> = (0..W)
            .map(|_| std::array::from_fn(|_| entries.next().expect("64 * W entries")))
            .collect();
        let laid_out: Box<[[Entry<W, L>; 64]; W]> = chunks.into_boxed_slice().try_into().ok()?;
        let mut live = [0u64; W];
        for option in 0..options.len() {
            live[option / 64] |= 1 << (option % 64);
        }
        Some(Table {
            lanes: (primaries.iter().enumerate())
                .map(|(lane, &item)| Lane {
                    rows: rows[item],
                    cover: L::from_fn(|l| if l == lane { L::COVERED } else { 0 }),
                    item,
                })
                .collect(),
            options: laid_out,
            count: options.len(),
            live,
            sizes: L::from_fn(|l| sizes.get(l).copied().unwrap_or(L::COVERED)),
        })
    }

    /// The number of primary items.
    pub(crate) fn lane_count(&self) -> usize {
        self.lanes.len()
    }

    /// An option's entry, by the word and bit of its number.
    #[inline(always)]
    pub(crate) fn entry(&self, word: usize, bit: usize) -> &Entry<W, L> {
        &self.options[word][bit & 63]
    }

    /// Removes the live options of `set`: they leave `live` and the sizes of their primary
    /// items. Returns them, and the updates dance.w counts for unlinking them from their
    /// other columns (each one's length less one).
    #[inline(always)]
    pub(crate) fn remove(
        &self,
        set: &[u64; W],
        live: &mut [u64; W],
        sizes: &mut L,
    ) -> ([u64; W], u64) {
        let mut removed = [0u64; W];
        for ((r, l), s) in removed.iter_mut().zip(live.iter_mut()).zip(set) {
            *r = s & *l;
            *l &= !*r;
        }
        let mut updates = 0;
        let _ = super::search::each(&removed, |w, b| {
            let entry = self.entry(w, b);
            updates += u64::from(entry.others);
            sizes.sub(&entry.drop);
            ControlFlow::Continue(())
        });
        (removed, updates)
    }

    /// The live options and sizes once the `fixed` options, then the `path`'s, are chosen,
    /// without counting: the state below them. `None` if one of them is not live then (it
    /// clashes with an earlier one) or does not exist.
    pub(crate) fn after(&self, fixed: &[OptionId], path: &[ChosenRow]) -> Option<([u64; W], L)> {
        let (mut live, mut sizes) = (self.live, self.sizes);
        for option in fixed.iter().copied().chain(path.iter().map(|r| r.option)) {
            if option >= self.count || live[option / 64] & (1 << (option % 64)) == 0 {
                return None;
            }
            let entry = self.options.get(option / 64)?.get(option % 64)?;
            self.remove(&entry.clash, &mut live, &mut sizes);
            sizes.or(&entry.take);
        }
        Some((live, sizes))
    }
}
