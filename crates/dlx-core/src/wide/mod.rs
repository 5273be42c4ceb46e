//! Algorithm DLX without links, for matrices of up to 4,096 options and 128 primary items:
//! the same tree, the same solutions in the same order, and dance.w's figures to the unit,
//! from bit sets and vector registers instead of the link arena.
//!
//! The paper's search keeps two things per node: which rows are still live (in the links)
//! and the size S of each primary column (in the headers). A small matrix holds the first in
//! a few hundred bits and the second in a few vector registers ([`lanes`]), so a node copies
//! its state (no uncover: a child starts from its parent's copy), covering the columns of a
//! row is an AND NOT per word against a precomputed set of the rows it clashes with, and the
//! S heuristic is a vector minimum instead of a walk of the header list. The updates are
//! counted as dance.w counts them, from the rows removed: 1 per column covered plus, per row
//! removed, its length less one (`search`'s docs).
//!
//! The layout is built on the first search that can use it and kept beside the links: per
//! option, its set of clashing options and two lane vectors (about 100 bytes for 4 words and
//! two byte lanes, about 1 KB for 64 words and 128 16-bit lanes: 4 MB at most).
//!
//! The links stay the engine of record: [`crate::Dlx`] runs this one only where a search's
//! settings allow it (Knuth's S heuristic, the leftmost or the eager rule; no custom rule, no
//! pruning) and the matrix fits; everything else (steppers, splits, estimates) runs on the
//! links. Tests compare the two on every setting this one takes.
//!
//! Measured (`docs/performance.md`): 14 queens in about half the links' time, 6x10
//! pentominoes and Scott's problem in 0.4x to 0.5x; the secondary items (the queens'
//! diagonals) cost nothing here, since no size of theirs is kept.

pub(crate) mod lanes;
mod search;
mod table;

pub(crate) use search::{Job, Outcome, Visit};

use lanes::{Bytes, Lanes, Words};
use table::Table;

use crate::matrix::ItemId;

/// The largest number of options laid out (64 words of live bits).
pub(crate) const MAX_OPTIONS: usize = 64 * 64;

macro_rules! wide {
    ($($variant:ident => $w:literal, $lanes:ty;)*) => {
        /// A matrix laid out for the search without links, at the smallest width that holds
        /// it (words of option bits, lanes of sizes).
        #[derive(Debug)]
        pub(crate) enum Wide {
            $($variant(Box<Table<$w, $lanes>>),)*
        }

        impl Wide {
            /// The first layout, in this order, that holds the matrix.
            fn build(primaries: &[ItemId], items: usize, options: &[Vec<ItemId>]) -> Option<Wide> {
                $(
                    if options.len() <= 64 * $w && primaries.len() <= <$lanes>::LEN {
                        if let Some(t) = Table::<$w, $lanes>::new(primaries, items, options) {
                            return Some(Wide::$variant(Box::new(t)));
                        }
                    }
                )*
                None
            }

            /// Runs a job: see [`search::run`].
            pub(crate) fn run(&self, job: &Job<'_>, visit: Option<&mut Visit<'_>>) -> Option<Outcome> {
                match self {
                    $(Wide::$variant(t) => search::run(t, job, visit),)*
                }
            }
        }
    };
}

// Byte lanes first (sizes up to 254), 16-bit lanes for longer columns; the fewest words.
// Nine 16-bit registers hold the 72 items of a pentomino board (60 cells, 12 pieces): with
// sixteen, the registers of a cover no longer fit in the processor's and spill.
wide! {
    W4B2 => 4, Bytes<2>;
    W4B4 => 4, Bytes<4>;
    W4B8 => 4, Bytes<8>;
    W4S4 => 4, Words<4>;
    W4S9 => 4, Words<9>;
    W4S16 => 4, Words<16>;
    W8B2 => 8, Bytes<2>;
    W8B4 => 8, Bytes<4>;
    W8B8 => 8, Bytes<8>;
    W8S4 => 8, Words<4>;
    W8S9 => 8, Words<9>;
    W8S16 => 8, Words<16>;
    W16B2 => 16, Bytes<2>;
    W16B4 => 16, Bytes<4>;
    W16B8 => 16, Bytes<8>;
    W16S4 => 16, Words<4>;
    W16S9 => 16, Words<9>;
    W16S16 => 16, Words<16>;
    W32B2 => 32, Bytes<2>;
    W32B4 => 32, Bytes<4>;
    W32B8 => 32, Bytes<8>;
    W32S4 => 32, Words<4>;
    W32S9 => 32, Words<9>;
    W32S16 => 32, Words<16>;
    W64B2 => 64, Bytes<2>;
    W64B4 => 64, Bytes<4>;
    W64B8 => 64, Bytes<8>;
    W64S4 => 64, Words<4>;
    W64S9 => 64, Words<9>;
    W64S16 => 64, Words<16>;
}

impl Wide {
    /// Lays out a matrix given as which items are primary (in header order, which is item
    /// order) and each option's items; `None` if it does not fit.
    pub(crate) fn new(primary: &[bool], options: &[Vec<ItemId>]) -> Option<Wide> {
        let primaries: Vec<ItemId> = (0..primary.len()).filter(|&i| primary[i]).collect();
        if primaries.is_empty() || options.len() > MAX_OPTIONS {
            return None;
        }
        Wide::build(&primaries, primary.len(), options)
    }
}

#[cfg(test)]
mod tests;
