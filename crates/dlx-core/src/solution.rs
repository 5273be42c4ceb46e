//! Solutions: the options chosen, level by level.

use crate::matrix::{ItemId, Matrix, OptionId};

/// One option of a solution together with the item the search branched on to choose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChosenRow {
    /// The option (row) chosen.
    pub option: OptionId,
    /// The item (column) whose list it was chosen from.
    pub item: ItemId,
}

/// A solution: the chosen options in the order the search chose them (depth 0 first).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Solution {
    /// The chosen rows, depth 0 first.
    pub rows: Vec<ChosenRow>,
}

impl Solution {
    /// The chosen option ids, depth 0 first.
    pub fn options(&self) -> Vec<OptionId> {
        self.rows.iter().map(|r| r.option).collect()
    }

    /// The chosen option ids in increasing order: a canonical form for comparing solutions.
    pub fn sorted_options(&self) -> Vec<OptionId> {
        let mut v = self.options();
        v.sort_unstable();
        v
    }

    /// The rows as the paper prints them: the item names of each row, starting with the item
    /// it was branched on, e.g. `["A D", "E F C", "B G"]`; a coloured entry shows its colour,
    /// `x:c`, as Knuth's DLX2 prints it.
    ///
    /// # Panics
    /// If a row names an option or item that `matrix` does not have (a solution of another matrix).
    pub fn lines(&self, matrix: &Matrix) -> Vec<String> {
        self.rows
            .iter()
            .map(|r| matrix.option_text_from(r.option, r.item).join(" "))
            .collect()
    }
}
