//! Preprocessing as Knuth's DLX-PRE does it: a smaller problem with the same solutions.
//!
//! Two rules are applied, item by item, in rounds until a round changes nothing:
//! - **an item forced by another**: if hiding every option that contains item `c`
//!   (uncoloured) leaves some primary item `p` with no option, then every option with `p`
//!   contains `c`, so covering `p` covers `c`. Item `c` goes, every option with `c` but
//!   without `p` goes, and the options with both lose `c`.
//! - **a blocking option**: an option `r` whose first item is `c` goes if choosing it (hiding
//!   the options that contain `c` uncoloured, and those that clash with `r` at one of its
//!   other items) leaves a primary item outside `r` with no option.
//!
//! An item left in no option goes too; a primary one makes the problem infeasible, and then
//! the reduced problem is that item alone, with no option (as DLX-PRE prints it). Options
//! without a primary item are dropped first, as every one of Knuth's programs drops them.
//!
//! Each reduction keeps the set of solutions: a solution of the reduced problem, its options
//! mapped back with [`Pre::origin`], is a solution of the original one, and every solution
//! of the original one arises so. The order in which the rules are tried decides which
//! reductions are found (one reduction can hide another), and it is DLX-PRE's: items in
//! declaration order, in rounds; within an item, the options in input order; the options
//! marked as blocking are removed when the item is done. So the options and items removed,
//! the counts and the number of rounds are DLX-PRE's, and [`Pre::text`] prints the problem
//! it prints: the items left, in order, and each option left under its first item left, in
//! the order of that item's list, with its entries in their original order.
//!
//! Like DLX-PRE, this looks at an option for removal only when its first item left is the
//! item in hand and is uncoloured there, and it counts a clash only at the option's other
//! items: some options that could go stay (put coloured items last in each option to let
//! more go). Multiplicities (Knuth's DLX3 bounds) are beyond DLX-PRE and are refused:
//! [`PreError::Bounds`].
//!
//! ```
//! use dlx_core::{format, pre, Problem};
//!
//! // DLX-PRE's own first example: the paper's matrix (3) with F and G secondary.
//! let m = format::parse("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let p = pre::pre(&m).unwrap();
//! assert_eq!((p.removed_options, p.removed_items, p.rounds), (3, 4, 3));
//! assert_eq!(p.text(true), " A B E\n A\n| (from 4)\n B\n| (from 5)\n E\n| (from 1)\n");
//! // Option k of the reduced problem is option origin[k] of the original (from 0).
//! assert_eq!(p.origin, [3, 4, 0]);
//! let solution = Problem::new(&p.matrix).solve().first().unwrap();
//! assert_eq!(p.original_solution(&solution).sorted_options(), [0, 3, 4]);
//! # Ok::<(), dlx_core::FormatError>(())
//! ```

use std::sync::atomic::{AtomicBool, Ordering};

use thiserror::Error;

use crate::matrix::{ItemId, ItemKind, Matrix, MatrixBuilder, OptionId, shown};
use crate::solution::{ChosenRow, Solution};

/// Why a matrix cannot be preprocessed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PreError {
    /// The matrix has multiplicities (bounds on a primary item, even `1|x`): DLX-PRE reads
    /// only exact cover with colours, and its rules do not hold for bounds.
    #[error(
        "item `{}` has bounds ({bounds}): preprocessing (DLX-PRE) handles exact cover and colours, not multiplicities",
        shown(name)
    )]
    Bounds {
        /// The first item declared with bounds.
        name: String,
        /// Its bounds as Knuth's format writes them, `a:b|` or `b|`.
        bounds: String,
    },
    /// The matrix has option costs: DLX-PRE's reductions keep the solutions but say nothing
    /// of the cheapest, and its output has no costs.
    #[error("the options have costs, which preprocessing (DLX-PRE) would drop")]
    Costs,
    /// The interrupt flag of [`pre_interruptible`] stopped the preprocessing.
    #[error("the preprocessing was interrupted")]
    Interrupted,
}

/// A problem after preprocessing, with the way back to the original.
#[derive(Debug, Clone)]
pub struct Pre {
    /// The reduced problem: the items left, in their original order, and the options left,
    /// in DLX-PRE's output order (grouped under their first item).
    pub matrix: Matrix,
    /// For each option of [`Pre::matrix`], the original option it comes from (its items are
    /// a subset of that option's, with the same colours).
    pub origin: Vec<OptionId>,
    /// For each item of [`Pre::matrix`], the original item.
    pub items: Vec<ItemId>,
    /// Options removed, as DLX-PRE counts them: without the options dropped for having no
    /// primary item; when the problem is infeasible, every option that has one.
    pub removed_options: usize,
    /// Items removed, as DLX-PRE counts them: when the problem is infeasible, every item
    /// (DLX-PRE's count, although the one uncoverable item is printed).
    pub removed_items: usize,
    /// Options dropped before preprocessing because they have no primary item.
    pub ignored_options: usize,
    /// Rounds, as DLX-PRE counts them: the last one is the round that changed nothing (or
    /// the round in which the problem was found infeasible; 0 if an item had no option from
    /// the start; the limit of [`pre_rounds`] if it stopped the preprocessing, where DLX-PRE
    /// says one more).
    pub rounds: usize,
    /// A primary item (original id) that no option can cover, if one was found: the problem
    /// has no solution, and the reduced problem is this item with no option.
    pub infeasible: Option<ItemId>,
}

impl Pre {
    /// A solution of the reduced problem as one of the original problem: each row's option
    /// and branching item mapped back.
    ///
    /// # Panics
    /// If the solution names an option or an item the smaller matrix does not have (it is
    /// not one of its solutions).
    pub fn original_solution(&self, solution: &Solution) -> Solution {
        Solution {
            rows: solution
                .rows
                .iter()
                .map(|r| ChosenRow {
                    option: self.origin[r.option],
                    item: self.items[r.item],
                })
                .collect(),
        }
    }

    /// The reduced problem laid out as DLX-PRE prints it, so that the two can be compared
    /// with `diff`: each name preceded by a space, ` |` before the secondary items (none if
    /// none is left), one option a line; with `origins`, each option followed by the comment
    /// `| (from N)`, N its original number from 1 (DLX-PRE's `v9`, except that DLX-PRE
    /// numbers only the options with a primary item, and this counts every option of the
    /// input). An infeasible problem is the uncoverable item's name alone on a line.
    pub fn text(&self, origins: bool) -> String {
        let m = &self.matrix;
        if self.infeasible.is_some() {
            return format!("{}\n", m.item(0).name);
        }
        let mut out = String::new();
        for kind in [ItemKind::Primary, ItemKind::Secondary] {
            let mut names = m.items().iter().filter(|i| i.kind == kind).peekable();
            if kind == ItemKind::Secondary && names.peek().is_some() {
                out.push_str(" |");
            }
            for item in names {
                out.push(' ');
                out.push_str(&item.name);
            }
        }
        out.push('\n');
        for (k, &from) in self.origin.iter().enumerate() {
            for e in 0..m.option(k).len() {
                out.push(' ');
                out.push_str(&m.entry_text(k, e));
            }
            out.push('\n');
            if origins {
                out.push_str(&format!("| (from {})\n", from + 1));
            }
        }
        out
    }
}

/// Preprocesses a matrix as DLX-PRE does (see the module docs): the reduced problem, the
/// mapping back and DLX-PRE's counts.
pub fn pre(matrix: &Matrix) -> Result<Pre, PreError> {
    pre_rounds(matrix, usize::MAX)
}

/// [`pre`] stopped after at most `rounds` rounds (DLX-PRE's option `t` with `rounds + 1`):
/// the problem is then smaller but perhaps not as small as it can be made. When the limit
/// stops it, [`Pre::rounds`] is `rounds`, where DLX-PRE's closing line says one more.
///
/// ```
/// use dlx_core::{format, pre};
///
/// let m = format::parse("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
/// // `dlx-pre t2 v9`: "Removed 1 option and 2 items, after 426+833 mems, 2 rounds."
/// let p = pre::pre_rounds(&m, 1).unwrap();
/// assert_eq!((p.removed_options, p.removed_items, p.rounds), (1, 2, 1));
/// assert_eq!(p.origin, [1, 3, 2, 4, 0]);
/// # Ok::<(), dlx_core::FormatError>(())
/// ```
pub fn pre_rounds(matrix: &Matrix, rounds: usize) -> Result<Pre, PreError> {
    pre_interruptible(matrix, rounds, &AtomicBool::new(false))
}

/// [`pre_rounds`] that gives up with [`PreError::Interrupted`] once `interrupt` is set (by
/// a Ctrl-C handler, another thread, a deadline): the flag is read before each item of each
/// round, so a large matrix stops within one item's tests.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use dlx_core::{format, pre};
///
/// let m = format::parse("A B C\nA B\nB C\nC\nA\n")?;
/// let stop = AtomicBool::new(true);
/// assert_eq!(
///     pre::pre_interruptible(&m, usize::MAX, &stop).unwrap_err(),
///     pre::PreError::Interrupted
/// );
/// # Ok::<(), dlx_core::FormatError>(())
/// ```
pub fn pre_interruptible(
    matrix: &Matrix,
    rounds: usize,
    interrupt: &AtomicBool,
) -> Result<Pre, PreError> {
    if let Some(id) = (0..matrix.items().len()).find(|&i| matrix.is_bounded(i)) {
        let item = matrix.item(id);
        return Err(PreError::Bounds {
            name: item.name.clone(),
            bounds: item.multiplicity.to_string(),
        });
    }
    if matrix.has_costs() {
        return Err(PreError::Costs);
    }
    let mut state = State::new(matrix);
    let outcome = state
        .reduce(rounds, interrupt)
        .map_err(|Interrupted| PreError::Interrupted)?;
    Ok(state.finish(outcome))
}

/// An entry of an option: the item and its colour (0: none).
type Entry = (ItemId, u32);

/// The working problem: options as lists of the entries left, items as lists of options.
struct State<'a> {
    matrix: &'a Matrix,
    primary: Vec<bool>,
    /// The entries left of each option, in their original order.
    options: Vec<Vec<Entry>>,
    alive: Vec<bool>,
    /// Per item, the options containing it (and its colour there), in input order; an
    /// option no longer alive is skipped, and dropped at the start of each round.
    lists: Vec<Vec<(OptionId, u32)>>,
    /// Per item, how many live options contain it, less those hidden for the test at hand.
    len: Vec<usize>,
    /// Per option, whether the item in hand hides it (it contains the item uncoloured).
    hidden: Vec<bool>,
    /// Per option, the test that last hid it for clashing; per item, the test whose option
    /// contains it.
    clash_mark: Vec<u64>,
    item_mark: Vec<u64>,
    test: u64,
    removed_options: usize,
    removed_items: usize,
    ignored_options: usize,
    rounds: usize,
    changed: bool,
}

/// A primary item shown to be in no option: the problem is infeasible.
struct Infeasible(ItemId);

/// The interrupt flag was seen set.
struct Interrupted;

impl<'a> State<'a> {
    fn new(matrix: &'a Matrix) -> Self {
        let n = matrix.items().len();
        let primary: Vec<bool> = matrix
            .items()
            .iter()
            .map(|i| i.kind == ItemKind::Primary)
            .collect();
        let mut options = Vec::with_capacity(matrix.options().len());
        let mut alive = Vec::with_capacity(matrix.options().len());
        let mut lists = vec![Vec::new(); n];
        let mut len = vec![0; n];
        let mut ignored_options = 0;
        for (o, items) in matrix.options().iter().enumerate() {
            let entries: Vec<Entry> = items
                .iter()
                .enumerate()
                .map(|(k, &i)| (i, matrix.colour_id(o, k).unwrap_or(0)))
                .collect();
            let keep = items.iter().any(|&i| primary[i]);
            if keep {
                for &(i, colour) in &entries {
                    lists[i].push((o, colour));
                    len[i] += 1;
                }
            } else {
                ignored_options += 1;
            }
            options.push(if keep { entries } else { Vec::new() });
            alive.push(keep);
        }
        let count = options.len();
        State {
            matrix,
            primary,
            options,
            alive,
            lists,
            len,
            hidden: vec![false; count],
            clash_mark: vec![0; count],
            item_mark: vec![0; n],
            test: 0,
            removed_options: 0,
            removed_items: 0,
            ignored_options,
            rounds: 0,
            changed: false,
        }
    }

    /// Rounds of reductions until one changes nothing (or `limit` rounds), or the problem is
    /// seen infeasible; `Err` when `interrupt` is set first.
    fn reduce(
        &mut self,
        limit: usize,
        interrupt: &AtomicBool,
    ) -> Result<Result<(), Infeasible>, Interrupted> {
        for i in 0..self.len.len() {
            if self.len[i] == 0
                && let Err(e) = self.gone(i)
            {
                return Ok(Err(e));
            }
        }
        while self.rounds < limit {
            self.rounds += 1;
            self.changed = false;
            for list in &mut self.lists {
                list.retain(|&(o, _)| self.alive[o]);
            }
            for c in 0..self.len.len() {
                if interrupt.load(Ordering::Relaxed) {
                    return Err(Interrupted);
                }
                if self.len[c] > 0
                    && let Err(e) = self.try_item(c)
                {
                    return Ok(Err(e));
                }
            }
            if !self.changed {
                break;
            }
        }
        Ok(Ok(()))
    }

    /// An item left in no option: counted; a primary one ends the preprocessing.
    fn gone(&mut self, item: ItemId) -> Result<(), Infeasible> {
        self.removed_items += 1;
        if self.primary[item] {
            Err(Infeasible(item))
        } else {
            Ok(())
        }
    }

    /// The live options of an item, in order.
    fn live(&self, item: ItemId) -> Vec<(OptionId, u32)> {
        self.lists[item]
            .iter()
            .copied()
            .filter(|&(o, _)| self.alive[o])
            .collect()
    }

    /// The entries of an option in cyclic order starting after item `c`'s (without it).
    fn after(&self, option: OptionId, c: ItemId) -> Vec<Entry> {
        let row = &self.options[option];
        let at = row.iter().position(|&(i, _)| i == c).unwrap_or(0);
        row[at + 1..].iter().chain(&row[..at]).copied().collect()
    }

    /// Both rules, with item `c` in hand.
    fn try_item(&mut self, c: ItemId) -> Result<(), Infeasible> {
        let list = self.live(c);
        let hide: Vec<OptionId> = list
            .iter()
            .filter(|&&(_, colour)| colour == 0)
            .map(|&(o, _)| o)
            .collect();
        // Hide them, in DLX-PRE's order: the primary item emptied last forces `c`.
        let mut forcing = None;
        for &o in &hide {
            self.hidden[o] = true;
            for (i, _) in self.after(o, c) {
                self.len[i] -= 1;
                if self.len[i] == 0 && self.primary[i] {
                    forcing = Some(i);
                }
            }
        }
        let mut blocking = Vec::new();
        if forcing.is_none() {
            for &(r, colour) in &list {
                if colour == 0 && self.options[r][0].0 == c && self.blocks(r) {
                    blocking.push(r);
                }
            }
        }
        for &o in &hide {
            self.hidden[o] = false;
            for (i, _) in self.after(o, c) {
                self.len[i] += 1;
            }
        }
        if let Some(p) = forcing {
            for &(r, _) in &list {
                if self.options[r].iter().any(|&(i, _)| i == p) {
                    self.options[r].retain(|&(i, _)| i != c);
                } else {
                    self.delete(r, c, false)?;
                }
            }
            self.lists[c].clear();
            self.len[c] = 0;
            self.removed_items += 1;
            self.changed = true;
        } else {
            self.changed |= !blocking.is_empty();
            for &r in blocking.iter().rev() {
                self.delete(r, c, true)?;
            }
        }
        Ok(())
    }

    /// Whether choosing option `r` (whose first item is `c`, uncoloured) leaves a primary
    /// item outside `r` with no option, the options with `c` being hidden already.
    fn blocks(&mut self, r: OptionId) -> bool {
        self.test += 1;
        let test = self.test;
        for &(i, _) in &self.options[r] {
            self.item_mark[i] = test;
        }
        let mut clashing = Vec::new();
        let mut blocked = false;
        'items: for k in 1..self.options[r].len() {
            let (cc, colour) = self.options[r][k];
            for &(p, pc) in &self.lists[cc] {
                if !self.alive[p] || self.hidden[p] || self.clash_mark[p] == test {
                    continue;
                }
                if colour != 0 && pc == colour {
                    continue;
                }
                self.clash_mark[p] = test;
                clashing.push(p);
                for &(i, _) in &self.options[p] {
                    self.len[i] -= 1;
                    if self.len[i] == 0 && self.primary[i] && self.item_mark[i] != test {
                        blocked = true;
                    }
                }
                if blocked {
                    break 'items;
                }
            }
        }
        for p in clashing {
            for &(i, _) in &self.options[p] {
                self.len[i] += 1;
            }
        }
        blocked
    }

    /// Removes option `r`, its entries taken in cyclic order after item `c`'s, and `c`'s
    /// own last if `with_c`.
    fn delete(&mut self, r: OptionId, c: ItemId, with_c: bool) -> Result<(), Infeasible> {
        self.removed_options += 1;
        self.alive[r] = false;
        let mut order = self.after(r, c);
        if with_c {
            order.push((c, 0));
        }
        for (i, _) in order {
            self.len[i] -= 1;
            if self.len[i] == 0 {
                self.gone(i)?;
            }
        }
        Ok(())
    }

    /// The reduced problem, in DLX-PRE's output order.
    fn finish(self, outcome: Result<(), Infeasible>) -> Pre {
        let m = self.matrix;
        let counted = m.options().len() - self.ignored_options;
        let mut b = MatrixBuilder::new();
        let mut items = Vec::new();
        let declare = |b: &mut MatrixBuilder, i: ItemId, items: &mut Vec<ItemId>| {
            let item = m.item(i);
            b.item(item.name.clone(), item.kind)
                .expect("a name of a valid matrix");
            items.push(i);
        };
        if let Err(Infeasible(p)) = outcome {
            declare(&mut b, p, &mut items);
            return Pre {
                matrix: b.build().expect("a primary item"),
                origin: Vec::new(),
                items,
                removed_options: counted,
                removed_items: m.items().len(),
                ignored_options: self.ignored_options,
                rounds: self.rounds,
                infeasible: Some(p),
            };
        }
        for kind in [ItemKind::Primary, ItemKind::Secondary] {
            for i in 0..m.items().len() {
                if m.item(i).kind == kind && self.len[i] > 0 {
                    declare(&mut b, i, &mut items);
                }
            }
        }
        let mut origin = Vec::new();
        for c in 0..m.items().len() {
            if self.len[c] == 0 {
                continue;
            }
            for &(r, _) in &self.lists[c] {
                let row = &self.options[r];
                if !self.alive[r] || row[0].0 != c {
                    continue;
                }
                let entries: Vec<(&str, Option<&str>)> = row
                    .iter()
                    .map(|&(i, colour)| {
                        let name = m.item(i).name.as_str();
                        let colour =
                            (colour != 0).then(|| m.colour_names()[colour as usize - 1].as_str());
                        (name, colour)
                    })
                    .collect();
                b.option_coloured(entries)
                    .expect("a subset of a valid option");
                origin.push(r);
            }
        }
        Pre {
            matrix: b.build().expect("a primary item is left"),
            origin,
            items,
            removed_options: self.removed_options,
            removed_items: self.removed_items,
            ignored_options: self.ignored_options,
            rounds: self.rounds,
            infeasible: None,
        }
    }
}
