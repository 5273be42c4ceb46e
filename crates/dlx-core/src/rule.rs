//! The rules that choose the item to branch on: Knuth's S heuristic, the leftmost rule, and
//! a caller's own ([`ChooseItem`]).

use crate::links::{ActiveItems, Link, Links, ROOT, header};
use crate::matrix::ItemId;

/// How the search chooses the item (the paper's column) to branch on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Heuristic {
    /// Knuth's S heuristic ("minimum remaining values"): the first column of smallest size,
    /// scanning the header list from R\[h\].
    #[default]
    Mrv,
    /// The leftmost uncovered column, R\[h\].
    Leftmost,
    /// The S heuristic, but a column of size 0 or 1 is taken at once: one row is a forced
    /// move, so the rest of the scan is skipped. A size-1 column before a later size-0 column
    /// wins here, so the tree (and its figures) can differ from Knuth's: use it for speed
    /// (sudoku), never to reproduce the paper.
    MrvEager,
}

impl std::fmt::Display for Heuristic {
    /// The name [`Heuristic::from_str`](std::str::FromStr) reads back: `mrv`, `leftmost`,
    /// `mrv-eager`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Heuristic::Mrv => "mrv",
            Heuristic::Leftmost => "leftmost",
            Heuristic::MrvEager => "mrv-eager",
        })
    }
}

impl std::str::FromStr for Heuristic {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "mrv" | "s" | "shortest" => Ok(Heuristic::Mrv),
            "leftmost" | "left" | "first" => Ok(Heuristic::Leftmost),
            "mrv-eager" | "eager" => Ok(Heuristic::MrvEager),
            _ => Err(format!(
                "unknown heuristic `{s}` (expected `mrv`, `leftmost` or `mrv-eager`)"
            )),
        }
    }
}

/// A caller's item-choice rule. It sees the uncovered primary items with their sizes in
/// header order (never empty) and returns one of them.
///
/// Closures `FnMut(ActiveItems) -> ItemId` implement it. [`crate::Solve::choose_with`] takes
/// one that is also `Clone + Send + Sync`, since every thread of a run chooses with a copy:
/// ```
/// # use dlx_core::{format, ActiveItems, Dlx};
/// let m = format::parse("a b\na\nb\n")?;
/// // Branch on the *last* uncovered item.
/// let last = |items: ActiveItems| items.last().unwrap().0;
/// let stats = Dlx::new(&m).solve().choose_with(last).count();
/// assert_eq!(stats.solutions, 1);
/// # Ok::<(), dlx_core::FormatError>(())
/// ```
pub trait ChooseItem {
    /// Picks the item to branch on.
    fn choose(&mut self, items: ActiveItems<'_>) -> ItemId;
}

impl<F: FnMut(ActiveItems<'_>) -> ItemId> ChooseItem for F {
    fn choose(&mut self, items: ActiveItems<'_>) -> ItemId {
        self(items)
    }
}

/// A rule that a run on several threads can copy: one copy per search.
pub trait SharedRule: Send + Sync {
    /// A fresh copy for one search.
    fn copy(&self) -> Box<dyn ChooseItem + Send + '_>;

    /// The rule itself, for the one search of a sequential run.
    fn into_rule<'a>(self: Box<Self>) -> Box<dyn ChooseItem + Send + 'a>
    where
        Self: 'a;
}

impl<C: ChooseItem + Clone + Send + Sync> SharedRule for C {
    fn copy(&self) -> Box<dyn ChooseItem + Send + '_> {
        Box::new(self.clone())
    }

    fn into_rule<'a>(self: Box<Self>) -> Box<dyn ChooseItem + Send + 'a>
    where
        Self: 'a,
    {
        self
    }
}

/// The rule one search applies.
pub(crate) enum Rule<'a> {
    Mrv,
    MrvEager,
    Leftmost,
    Custom(Box<dyn ChooseItem + 'a>),
}

impl From<Heuristic> for Rule<'_> {
    fn from(h: Heuristic) -> Self {
        match h {
            Heuristic::Mrv => Rule::Mrv,
            Heuristic::MrvEager => Rule::MrvEager,
            Heuristic::Leftmost => Rule::Leftmost,
        }
    }
}

impl Rule<'_> {
    /// The column to branch on; the header list is not empty.
    #[inline]
    pub(crate) fn choose(&mut self, links: &Links) -> Link {
        match self {
            Rule::Leftmost => links.first(),
            Rule::Mrv | Rule::MrvEager => {
                // Knuth's rule stops only at an empty column; the eager one also at size 1.
                let good_enough = u32::from(matches!(self, Rule::MrvEager));
                let mut c = links.first();
                let mut best = c;
                let mut min = links.len(c);
                while min > good_enough {
                    c = links.next(c);
                    if c == ROOT {
                        break;
                    }
                    let s = links.len(c);
                    if s < min {
                        min = s;
                        best = c;
                    }
                }
                best
            }
            Rule::Custom(rule) => {
                let item = rule.choose(links.active_items());
                assert!(
                    links.active_items().any(|(i, _)| i == item),
                    "custom column rule returned item {item}, which is not an uncovered primary item"
                );
                header(item)
            }
        }
    }
}
