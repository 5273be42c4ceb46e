//! The rows of every column as bit sets, for the dead-end test ([`crate::lookahead`]): built
//! once per matrix and shared by every search of it.

/// The most bits of row sets built for one matrix (items × rows): 16 MiB.
const MAX_BITS: usize = 1 << 27;

/// The most row lengths weighed by masks; beyond, a dead end's rows are weighed one by one.
pub(crate) const MAX_CLASSES: usize = 4;

/// The rows of every column, as bit sets indexed by option, and the rows' lengths. Static:
/// built from the rows' items, whatever the arena's state.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct RowSets {
    /// u64 words per set.
    pub(crate) words: usize,
    /// By header index.
    columns: Vec<u64>,
    /// The rows by length, as (length - 1, the rows of that length), when there are at most
    /// [`MAX_CLASSES`] lengths; empty otherwise (then `lengths` is read row by row).
    pub(crate) classes: Vec<(u64, Vec<u64>)>,
    /// Length - 1 of every row.
    lengths: Vec<u64>,
}

impl RowSets {
    /// The row sets of `headers` columns (by header index) over `rows` rows, where
    /// `row(o)` gives row o's headers; `None` when they would take more than [`MAX_BITS`].
    pub(crate) fn new<I: Iterator<Item = usize>>(
        headers: usize,
        rows: usize,
        row: impl Fn(usize) -> I,
    ) -> Option<Self> {
        let words = rows.div_ceil(64);
        if headers.checked_mul(words * 64)? > MAX_BITS {
            return None;
        }
        let mut columns = vec![0u64; headers * words];
        let mut lengths: Vec<u64> = Vec::with_capacity(rows);
        for o in 0..rows {
            let mut len = 0;
            for h in row(o) {
                columns[h * words + o / 64] |= 1 << (o % 64);
                len += 1;
            }
            lengths.push(len - 1);
        }
        let mut classes: Vec<(u64, Vec<u64>)> = Vec::new();
        for (o, &w) in lengths.iter().enumerate() {
            let at = match classes.iter().position(|(l, _)| *l == w) {
                Some(at) => at,
                None => {
                    classes.push((w, vec![0; words]));
                    classes.len() - 1
                }
            };
            classes[at].1[o / 64] |= 1 << (o % 64);
        }
        if classes.len() > MAX_CLASSES {
            classes.clear();
        }
        Some(RowSets {
            words,
            columns,
            classes,
            lengths,
        })
    }

    /// The rows of the column with header index `h`.
    #[inline(always)]
    pub(crate) fn column(&self, h: usize) -> &[u64] {
        let at = h * self.words;
        &self.columns[at..at + self.words]
    }

    /// The sum of length - 1 over the rows in both `k` and `live`.
    pub(crate) fn weight(&self, k: &[u64], live: &[u64]) -> u64 {
        let both = || k.iter().zip(live).map(|(k, l)| k & l);
        match self.classes.as_slice() {
            [(w, _)] => w * both().map(|b| u64::from(b.count_ones())).sum::<u64>(),
            [] => {
                let mut total = 0;
                for (at, mut bits) in both().enumerate() {
                    while bits != 0 {
                        total += self.lengths[at * 64 + bits.trailing_zeros() as usize];
                        bits &= bits - 1;
                    }
                }
                total
            }
            classes => classes
                .iter()
                .map(|(w, mask)| {
                    w * both()
                        .zip(mask)
                        .map(|(b, m)| u64::from((b & m).count_ones()))
                        .sum::<u64>()
                })
                .sum(),
        }
    }
}
