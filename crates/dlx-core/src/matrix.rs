//! The exact cover problem as data: named items (the paper's columns) and options (rows).
//!
//! A [`Matrix`] is immutable and cheap to share; the search works on a [`crate::Dlx`] link
//! arena built from it.

use std::collections::HashMap;

use thiserror::Error;

/// The most nodes (option entries, headers, and a spacer after each option) a matrix may
/// have: every node of an arena, 16 bytes each, is addressed by a `u32` byte offset. The
/// spacers are counted because the arena of colours and multiplicities lays them out
/// ([`crate::Xcc`]); the exact cover arena needs none.
pub(crate) const MAX_NODES: usize = (u32::MAX / 16) as usize;

/// Index of an item in declaration order (0-based). A plain index, as domain crates use it
/// to index their own tables: every method that takes one checks it against its matrix or
/// arena (an error, or a documented panic; never undefined behaviour).
pub type ItemId = usize;
/// Index of an option in the order it was added (0-based), as Knuth's programs number rows;
/// checked wherever it is taken, as [`ItemId`] is.
pub type OptionId = usize;

/// Whether an item must be covered exactly once (primary) or at most once (secondary).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Must be covered by exactly one chosen option.
    Primary,
    /// May be covered by at most one chosen option (the paper's generalised cover).
    Secondary,
}

/// A named column of the matrix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The item's name, the paper's N field.
    pub name: String,
    /// Primary or secondary.
    pub kind: ItemKind,
    /// How many chosen options may contain the item: `[1, 1]` for a primary item of exact
    /// cover, `[0, 1]` for a secondary one; a primary item declared with
    /// [`MatrixBuilder::primary_with`] may ask for any `[a, b]` (Knuth's multiplicities).
    pub multiplicity: Multiplicity,
}

/// The bounds `[lower, upper]` on how many chosen options contain a primary item (Knuth's
/// Algorithm M, program DLX3): exact cover is `[1, 1]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Multiplicity {
    /// The fewest options that must contain the item.
    pub lower: u32,
    /// The most options that may contain the item.
    pub upper: u32,
}

impl Multiplicity {
    /// Exactly once: a primary item of exact cover.
    pub const ONCE: Multiplicity = Multiplicity { lower: 1, upper: 1 };
    /// At most once: a secondary item.
    pub const AT_MOST_ONCE: Multiplicity = Multiplicity { lower: 0, upper: 1 };
}

/// Why a count `N` or `LO-HI` cannot be read ([`Multiplicity::parse_count`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// Not `N` or `LO-HI` with whole numbers.
    #[error("`{0}` is not N or LO-HI with whole numbers")]
    Malformed(String),
    /// A number past what a count holds.
    #[error("{0} is more than {max}, the most a count holds", max = u32::MAX)]
    TooLarge(String),
    /// `LO` is more than `HI`.
    #[error("{lower}-{upper}: LO is more than HI")]
    Reversed {
        /// The fewest.
        lower: u32,
        /// The most.
        upper: u32,
    },
    /// The most is 0: the piece or item could never be used.
    #[error("a count of at most 0 allows nothing: the most must be 1 or more")]
    Zero,
}

impl Multiplicity {
    /// The count `lower` to `upper`, as puzzle descriptions take it: `lower <= upper` and
    /// `upper >= 1`.
    pub fn count(lower: u32, upper: u32) -> Result<Multiplicity, CountError> {
        if lower > upper {
            return Err(CountError::Reversed { lower, upper });
        }
        if upper == 0 {
            return Err(CountError::Zero);
        }
        Ok(Multiplicity { lower, upper })
    }

    /// A count as puzzle descriptions write it (`--copies L=0-2`, `copies=3`): `N` (exactly
    /// N) or `LO-HI`, as [`Multiplicity::count`] takes them. (Knuth's prefix `a:b|`, which
    /// `Display` writes, is the matrix format's, read by [`crate::format`].)
    ///
    /// ```
    /// use dlx_core::Multiplicity;
    /// assert_eq!(Multiplicity::parse_count("0-2"), Ok(Multiplicity { lower: 0, upper: 2 }));
    /// assert_eq!(Multiplicity::parse_count("3"), Ok(Multiplicity { lower: 3, upper: 3 }));
    /// let e = Multiplicity::parse_count("1-4294967296").unwrap_err();
    /// assert_eq!(e.to_string(), "4294967296 is more than 4294967295, the most a count holds");
    /// assert!(Multiplicity::parse_count("2-1").is_err() && Multiplicity::parse_count("0").is_err());
    /// ```
    pub fn parse_count(text: &str) -> Result<Multiplicity, CountError> {
        let number = |n: &str| -> Result<u32, CountError> {
            if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                return Err(CountError::Malformed(text.to_string()));
            }
            n.parse().map_err(|_| CountError::TooLarge(n.to_string()))
        };
        let (lower, upper) = match text.split_once('-') {
            Some((lo, hi)) => (number(lo)?, number(hi)?),
            None => {
                let n = number(text)?;
                (n, n)
            }
        };
        Multiplicity::count(lower, upper)
    }
}

impl std::fmt::Display for Multiplicity {
    /// Knuth's prefix: `a:b|`, or `b|` when a = b.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.lower == self.upper {
            write!(f, "{}|", self.upper)
        } else {
            write!(f, "{}:{}|", self.lower, self.upper)
        }
    }
}

/// The longest name an error message quotes in full.
const SHOWN: usize = 60;

/// A name as an error message shows it: on one line (control characters escaped, as `\r` or
/// `\u{1c}`) and at most 60 characters, a longer one cut with `...`.
pub fn shown(name: &str) -> String {
    let mut out = String::new();
    for (k, c) in name.chars().enumerate() {
        if k == SHOWN {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Why a matrix could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MatrixError {
    /// A name that Knuth's format could not carry: empty, with white space, starting with
    /// `|` (an option line naming it first would read as a comment), or shaped like bounds
    /// (`2|x`, `1:3|x`: the item line would read bounds and the name `x`).
    #[error("item name `{}`: {why}", shown(name))]
    BadName {
        /// The name.
        name: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// Two items were given the same name.
    #[error("duplicate item `{}`", shown(name))]
    DuplicateItem {
        /// The repeated name.
        name: String,
    },
    /// An option names an item that was never declared.
    #[error("option {option}: unknown item `{}`", shown(name))]
    UnknownItem {
        /// The option's index.
        option: OptionId,
        /// The unknown name.
        name: String,
    },
    /// An option refers to an item id past the last item.
    #[error("option {option}: item id {id} is out of range (there are {items} items)")]
    ItemOutOfRange {
        /// The option's index.
        option: OptionId,
        /// The offending id.
        id: ItemId,
        /// How many items exist.
        items: usize,
    },
    /// An option lists the same item twice.
    #[error("option {option}: item `{}` appears twice", shown(name))]
    RepeatedItem {
        /// The option's index.
        option: OptionId,
        /// The repeated item's name.
        name: String,
    },
    /// An option lists no items.
    #[error("option {option} is empty")]
    EmptyOption {
        /// The option's index.
        option: OptionId,
    },
    /// The matrix has no primary item, so every empty selection would be a solution.
    #[error("the matrix has no primary items")]
    NoPrimaryItems,
    /// Bounds that no cover can meet: `lower > upper`, or `upper = 0`.
    #[error(
        "item `{}`: bounds [{lower}, {upper}] are empty (need lower <= upper and upper >= 1)",
        shown(name)
    )]
    BadBounds {
        /// The item.
        name: String,
        /// The lower bound given.
        lower: u32,
        /// The upper bound given.
        upper: u32,
    },
    /// A colour given to a primary item: only secondary items take colours.
    #[error("option {option}: primary item `{}` cannot take a colour", shown(name))]
    ColourOnPrimary {
        /// The option's index.
        option: OptionId,
        /// The item's name.
        name: String,
    },
    /// A colour Knuth's format could not carry: empty, or with white space, `:` or `|`.
    #[error(
        "option {option}: colour `{}` of item `{}`: {why}",
        shown(colour),
        shown(name)
    )]
    BadColour {
        /// The option's index.
        option: OptionId,
        /// The item's name.
        name: String,
        /// The colour.
        colour: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A cost given to an option that does not exist.
    #[error("option {option}: no such option to give a cost (there are {options} options)")]
    NoSuchOption {
        /// The option's index.
        option: OptionId,
        /// How many options exist.
        options: usize,
    },
    /// Costs given for a number of options that is not the matrix's.
    #[error("{costs} costs given for {options} options")]
    CostCount {
        /// The costs given.
        costs: usize,
        /// The options of the matrix.
        options: usize,
    },
    /// Option costs that add up to `u64::MAX` or more: the costs of all options together
    /// must stay below 2^64 - 1, so that no solution's cost can overflow.
    #[error("option {option}: the options' costs add up to 2^64 - 1 or more")]
    CostsTooLarge {
        /// The option whose cost passed the limit.
        option: OptionId,
    },
    /// The matrix is too large for the 32-bit link arena.
    #[error("the matrix has {nodes} nodes, more than the link arena's limit of {limit}")]
    TooLarge {
        /// Nodes needed.
        nodes: usize,
        /// The limit.
        limit: usize,
    },
}

/// An exact cover problem: items and options.
///
/// Primary items appear in the header list in the order they were declared; that order is
/// what the S heuristic's tie-break and the leftmost rule see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matrix {
    items: Vec<Item>,
    options: Vec<Vec<ItemId>>,
    colours: Colours,
    /// Per item, whether it was declared with bounds (even `[1, 1]`, as `1|x`): a matrix
    /// with any is one for Algorithm M and DLX3's counting.
    bounded: Vec<bool>,
    /// Per option, its cost (Knuth's DLX5), or empty when no option was given one.
    costs: Vec<u64>,
}

/// The colours of a matrix's options: most matrices have none, and then this is empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Colours {
    /// The colour names; colour `k` (1-based, as the arena numbers them) is `names[k - 1]`.
    names: Vec<String>,
    /// Per option, the colour of each entry (0: none), or empty if no entry has one.
    of: Vec<Vec<u32>>,
}

impl Matrix {
    /// All items in declaration order.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// One item.
    ///
    /// # Panics
    /// If `id` is not an item of the matrix (`id >= items().len()`).
    pub fn item(&self, id: ItemId) -> &Item {
        &self.items[id]
    }

    /// All options, each as the ids of its items in the order given.
    pub fn options(&self) -> &[Vec<ItemId>] {
        &self.options
    }

    /// One option.
    ///
    /// # Panics
    /// If `id` is not an option of the matrix (`id >= options().len()`).
    pub fn option(&self, id: OptionId) -> &[ItemId] {
        &self.options[id]
    }

    /// Number of primary items.
    pub fn primary_count(&self) -> usize {
        self.items
            .iter()
            .filter(|i| i.kind == ItemKind::Primary)
            .count()
    }

    /// Total number of item occurrences in the options (the 1s of the matrix).
    pub fn ones(&self) -> usize {
        self.options.iter().map(Vec::len).sum()
    }

    /// Whether some option gives a secondary item a colour (Knuth's Algorithm C).
    pub fn has_colours(&self) -> bool {
        !self.colours.names.is_empty()
    }

    /// Whether some primary item was declared with bounds ([`MatrixBuilder::primary_with`],
    /// or `a:b|x` in Knuth's format), even `[1, 1]`: then the search is Algorithm M's and
    /// counts as Knuth's DLX3 does.
    pub fn has_bounds(&self) -> bool {
        self.bounded.contains(&true)
    }

    /// Whether an item was declared with bounds (they are written out again).
    ///
    /// # Panics
    /// If `id` is not an item of the matrix.
    pub fn is_bounded(&self, id: ItemId) -> bool {
        self.bounded[id]
    }

    /// Whether this is exact cover as the paper poses it: no colours and no bounds, so that
    /// [`crate::Dlx`] searches it. Otherwise [`crate::Xcc`] does.
    pub fn is_plain(&self) -> bool {
        !self.has_colours() && !self.has_bounds()
    }

    /// How many options name no primary item. Knuth's programs drop such options on input
    /// (no search can choose them); [`crate::Xcc`] does too, while [`crate::Dlx`] keeps them
    /// in the secondary items' lists, where hiding them costs updates that Knuth's figures
    /// do not have.
    pub fn options_without_primary(&self) -> usize {
        self.options
            .iter()
            .filter(|o| !o.iter().any(|&i| self.items[i].kind == ItemKind::Primary))
            .count()
    }

    /// Whether options carry costs (Knuth's DLX5: `|n` after an option in his format, or
    /// [`MatrixBuilder::cost`]), even if every cost is 0. Only a minimum-cost search
    /// ([`crate::Solve::min_cost`]) reads them; the other searches refuse such a matrix
    /// rather than ignore its costs (drop them on purpose with [`Matrix::without_costs`]).
    pub fn has_costs(&self) -> bool {
        !self.costs.is_empty()
    }

    /// The cost of an option (0 when the matrix has no costs).
    pub fn cost(&self, option: OptionId) -> u64 {
        self.costs.get(option).copied().unwrap_or(0)
    }

    /// The same matrix with these option costs, one per option (see
    /// [`MatrixBuilder::cost`]); refused when their number is not the options' or they add
    /// up to `u64::MAX` or more.
    pub fn with_costs(&self, costs: Vec<u64>) -> Result<Matrix, MatrixError> {
        let options = self.options.len();
        if costs.len() != options {
            return Err(MatrixError::CostCount {
                costs: costs.len(),
                options,
            });
        }
        let mut total = 0u64;
        for (option, &c) in costs.iter().enumerate() {
            total = total
                .checked_add(c)
                .filter(|&t| t < u64::MAX)
                .ok_or(MatrixError::CostsTooLarge { option })?;
        }
        Ok(Matrix {
            costs,
            ..self.clone()
        })
    }

    /// The same matrix with its option costs dropped, for a search that ignores them.
    pub fn without_costs(&self) -> Matrix {
        Matrix {
            costs: Vec::new(),
            ..self.clone()
        }
    }

    /// The colour names, in order of first use.
    pub fn colour_names(&self) -> &[String] {
        &self.colours.names
    }

    /// The colour of the `k`-th entry of an option (numbered from 0), if it has one.
    pub fn colour(&self, option: OptionId, k: usize) -> Option<&str> {
        self.colour_id(option, k)
            .map(|c| self.colours.names[c as usize - 1].as_str())
    }

    /// The colour number (from 1) of the `k`-th entry of an option, if it has one.
    pub(crate) fn colour_id(&self, option: OptionId, k: usize) -> Option<u32> {
        let c = *self.colours.of.get(option)?.get(k)?;
        (c != 0).then_some(c)
    }

    /// An option's entries as Knuth's format writes them: `name`, or `name:colour` for a
    /// coloured secondary item.
    ///
    /// # Panics
    /// If `option` is not an option of the matrix or `k` not one of its entries.
    pub fn entry_text(&self, option: OptionId, k: usize) -> String {
        let name = &self.items[self.options[option][k]].name;
        match self.colour(option, k) {
            Some(c) => format!("{name}:{c}"),
            None => name.clone(),
        }
    }

    /// The id of the item with this name, if any.
    pub fn find_item(&self, name: &str) -> Option<ItemId> {
        self.items.iter().position(|i| i.name == name)
    }

    /// Every item's id by its name: for looking many names up, where [`Matrix::find_item`]
    /// scans the items for each.
    pub fn item_ids(&self) -> HashMap<&str, ItemId> {
        (self.items.iter().enumerate())
            .map(|(k, item)| (item.name.as_str(), k))
            .collect()
    }

    /// The names of an option's items, starting with `first` and continuing cyclically, the
    /// way the paper prints a chosen row (starting with the item it was branched on).
    pub fn option_names_from(&self, option: OptionId, first: ItemId) -> Vec<&str> {
        let row = &self.options[option];
        let start = row.iter().position(|&i| i == first).unwrap_or(0);
        row[start..]
            .iter()
            .chain(&row[..start])
            .map(|&i| self.items[i].name.as_str())
            .collect()
    }

    /// [`Matrix::option_names_from`] with each coloured entry written `name:colour`.
    pub fn option_text_from(&self, option: OptionId, first: ItemId) -> Vec<String> {
        let row = &self.options[option];
        let start = row.iter().position(|&i| i == first).unwrap_or(0);
        (start..row.len())
            .chain(0..start)
            .map(|k| self.entry_text(option, k))
            .collect()
    }
}

/// Builds a [`Matrix`] item by item and option by option.
///
/// ```
/// use dlx_core::MatrixBuilder;
/// let mut b = MatrixBuilder::new();
/// b.primary("a")?;
/// b.secondary("x")?;
/// b.option(["a", "x"])?;
/// let m = b.build()?;
/// assert_eq!(m.options().len(), 1);
/// # Ok::<(), dlx_core::MatrixError>(())
/// ```
#[derive(Debug, Default, Clone)]
pub struct MatrixBuilder {
    items: Vec<Item>,
    index: HashMap<String, ItemId>,
    options: Vec<Vec<ItemId>>,
    colours: Colours,
    bounded: Vec<bool>,
    /// Colour numbers by name.
    colour_index: HashMap<String, u32>,
    /// Per item, 1 + the last option that named it: a repeated item is found in one pass.
    seen: Vec<usize>,
    /// Nodes of the arena so far (root, headers, one per entry of an option and its spacer).
    nodes: usize,
    /// Per option, its cost, once some option was given one ([`MatrixBuilder::cost`]).
    costs: Option<Vec<u64>>,
    /// The sum of `costs`.
    cost_total: u128,
    /// Items declared `[0, 1]` by [`MatrixBuilder::counted`], secondary unless an option
    /// would be left without a primary item.
    soft: Vec<ItemId>,
}

impl MatrixBuilder {
    /// The most nodes a matrix may have, each item, each entry of an option and each
    /// option's spacer counting one: past it [`MatrixBuilder`] answers
    /// [`MatrixError::TooLarge`]. A domain that makes many long options can count them
    /// against this limit before it keeps them.
    pub const MAX_NODES: usize = MAX_NODES;

    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Declares an item and returns its id. Its name must be one Knuth's format can carry
    /// (not empty, no white space, not starting with `|`, not shaped like DLX3's bounds
    /// `2|x` or `1:3|x`), so that every matrix can be written out and read back.
    pub fn item(&mut self, name: impl Into<String>, kind: ItemKind) -> Result<ItemId, MatrixError> {
        let name = name.into();
        let why = if name.is_empty() {
            Some("empty")
        } else if name.contains(char::is_whitespace) {
            Some("white space inside a name")
        } else if name.starts_with('|') {
            Some("starts with `|`, which begins a comment line in Knuth's format")
        } else if crate::format::bounds_prefix(&name).is_some() {
            // Inside a name `|` is a character, as in dance.w, but on the item line
            // `2|x` and `1:3|x` are bounds (DLX3), so such a name would not read back.
            Some("reads as bounds (`2|x`, `1:3|x`) on the item line of Knuth's format")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(MatrixError::BadName { name, why });
        }
        if self.index.contains_key(&name) {
            return Err(MatrixError::DuplicateItem { name });
        }
        let id = self.items.len();
        self.grow(1)?;
        self.index.insert(name.clone(), id);
        let multiplicity = match kind {
            ItemKind::Primary => Multiplicity::ONCE,
            ItemKind::Secondary => Multiplicity::AT_MOST_ONCE,
        };
        self.items.push(Item {
            name,
            kind,
            multiplicity,
        });
        self.seen.push(0);
        Ok(id)
    }

    /// Declares a primary item.
    pub fn primary(&mut self, name: impl Into<String>) -> Result<ItemId, MatrixError> {
        self.item(name, ItemKind::Primary)
    }

    /// Declares a primary item that chosen options must contain between `lower` and `upper`
    /// times (Knuth's multiplicities; `[1, 1]` is [`MatrixBuilder::primary`]).
    ///
    /// ```
    /// use dlx_core::{MatrixBuilder, Xcc};
    /// // Choose exactly 2 of the 3 options.
    /// let mut b = MatrixBuilder::new();
    /// b.primary_with("pick", 2, 2)?;
    /// for _ in 0..3 {
    ///     b.option(["pick"])?;
    /// }
    /// let m = b.build()?;
    /// assert_eq!(Xcc::new(&m).solve().count().solutions, 3);
    /// # Ok::<(), dlx_core::MatrixError>(())
    /// ```
    pub fn primary_with(
        &mut self,
        name: impl Into<String>,
        lower: u32,
        upper: u32,
    ) -> Result<ItemId, MatrixError> {
        let name = name.into();
        if lower > upper || upper == 0 {
            return Err(MatrixError::BadBounds { name, lower, upper });
        }
        let id = self.item(name, ItemKind::Primary)?;
        self.items[id].multiplicity = Multiplicity { lower, upper };
        self.bounded.resize(self.items.len(), false);
        self.bounded[id] = true;
        Ok(id)
    }

    /// Declares the item of something used `lower` to `upper` times (a puzzle's piece): a
    /// plain primary item for `[1, 1]`; a secondary item for `[0, 1]`, which holds the same
    /// solutions (at most once) and leaves the matrix to the exact-cover search, several
    /// times faster than the one for multiplicities; else a primary item with those bounds.
    /// A `[0, 1]` item is made primary with those bounds after all, by
    /// [`MatrixBuilder::build`], if some option holding it has no other primary item: exact
    /// cover never chooses an option without one, and its solutions would be lost. Such an
    /// item takes no colour.
    ///
    /// ```
    /// use dlx_core::{MatrixBuilder, Problem};
    /// let mut b = MatrixBuilder::new();
    /// b.counted("cell", 1, 1)?;
    /// b.counted("maybe", 0, 1)?;
    /// b.option(["cell"])?;
    /// b.option(["cell", "maybe"])?;
    /// let m = b.build()?;
    /// assert!(m.is_plain() && m.primary_count() == 1);
    /// assert_eq!(Problem::new(&m).solve().count().solutions, 2);
    ///
    /// // An option holding only `maybe` and secondary items: `maybe` stays primary, `0:1|`.
    /// let mut b = MatrixBuilder::new();
    /// b.counted("cell", 1, 1)?;
    /// b.counted("maybe", 0, 1)?;
    /// b.secondary("spare")?;
    /// b.option(["cell"])?;
    /// b.option(["maybe", "spare"])?;
    /// let m = b.build()?;
    /// assert!(!m.is_plain() && m.primary_count() == 2);
    /// assert_eq!(Problem::new(&m).solve().count().solutions, 2);
    /// # Ok::<(), dlx_core::MatrixError>(())
    /// ```
    pub fn counted(
        &mut self,
        name: impl Into<String>,
        lower: u32,
        upper: u32,
    ) -> Result<ItemId, MatrixError> {
        match (lower, upper) {
            (1, 1) => self.primary(name),
            (0, 1) => {
                let id = self.secondary(name)?;
                self.soft.push(id);
                Ok(id)
            }
            _ => self.primary_with(name, lower, upper),
        }
    }

    /// Declares a secondary item.
    pub fn secondary(&mut self, name: impl Into<String>) -> Result<ItemId, MatrixError> {
        self.item(name, ItemKind::Secondary)
    }

    /// The id of an already declared item.
    pub fn id(&self, name: &str) -> Option<ItemId> {
        self.index.get(name).copied()
    }

    /// Number of options added so far.
    pub fn option_count(&self) -> usize {
        self.options.len()
    }

    /// Adds an option given by item names and returns its id.
    pub fn option<I, S>(&mut self, names: I) -> Result<OptionId, MatrixError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let option = self.options.len();
        let ids = names
            .into_iter()
            .map(|n| {
                let n = n.as_ref();
                self.index
                    .get(n)
                    .copied()
                    .ok_or_else(|| MatrixError::UnknownItem {
                        option,
                        name: n.to_string(),
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.option_ids(ids)
    }

    /// Adds an option given by item ids and returns its id.
    pub fn option_ids(&mut self, ids: impl Into<Vec<ItemId>>) -> Result<OptionId, MatrixError> {
        let ids = ids.into();
        let option = self.options.len();
        if ids.is_empty() {
            return Err(MatrixError::EmptyOption { option });
        }
        if let Some(&id) = ids.iter().find(|&&id| id >= self.items.len()) {
            return Err(MatrixError::ItemOutOfRange {
                option,
                id,
                items: self.items.len(),
            });
        }
        for (k, &id) in ids.iter().enumerate() {
            if self.seen[id] == option + 1 {
                // The option is not added, and the next one takes its number: its marks go,
                // or a caller who goes on after the error would meet repeats that are not.
                self.unmark(&ids[..k]);
                return Err(MatrixError::RepeatedItem {
                    option,
                    name: self.items[id].name.clone(),
                });
            }
            self.seen[id] = option + 1;
        }
        // Its entries and its spacer in the arena of colours ([`MAX_NODES`]).
        if let Err(e) = self.grow(ids.len() + 1) {
            self.unmark(&ids);
            return Err(e);
        }
        self.options.push(ids);
        Ok(option)
    }

    /// Forgets the marks of an option that was refused (0 is no option's mark).
    fn unmark(&mut self, ids: &[ItemId]) {
        for &id in ids {
            self.seen[id] = 0;
        }
    }

    /// Adds an option whose entries may give secondary items a colour (Knuth's `x:c`):
    /// `(name, None)` or `(name, Some(colour))`. Options that give an item the same colour
    /// may be chosen together; an item without a colour is covered at most once, as before.
    ///
    /// ```
    /// use dlx_core::{MatrixBuilder, Xcc};
    /// let mut b = MatrixBuilder::new();
    /// b.primary("p")?;
    /// b.primary("q")?;
    /// b.secondary("x")?;
    /// b.option_coloured([("p", Some("red")), ("x", Some("red"))]).unwrap_err(); // p is primary
    /// b.option_coloured([("p", None), ("x", Some("red"))])?;
    /// b.option_coloured([("q", None), ("x", Some("red"))])?;
    /// b.option_coloured([("q", None), ("x", Some("blue"))])?;
    /// let m = b.build()?;
    /// assert_eq!(m.entry_text(1, 1), "x:red");
    /// assert_eq!(Xcc::new(&m).solve().count().solutions, 1);
    /// # Ok::<(), dlx_core::MatrixError>(())
    /// ```
    pub fn option_coloured<I, S, C>(&mut self, entries: I) -> Result<OptionId, MatrixError>
    where
        I: IntoIterator<Item = (S, Option<C>)>,
        S: AsRef<str>,
        C: AsRef<str>,
    {
        let option = self.options.len();
        let mut ids = Vec::new();
        let mut given = Vec::new();
        for (name, colour) in entries {
            let name = name.as_ref();
            let id = self
                .index
                .get(name)
                .copied()
                .ok_or_else(|| MatrixError::UnknownItem {
                    option,
                    name: name.to_string(),
                })?;
            if let Some(c) = &colour {
                self.check_colour(option, id, c.as_ref())?;
            }
            ids.push(id);
            given.push(colour);
        }
        self.option_ids(ids)?;
        let given: Vec<Option<&str>> = given
            .iter()
            .map(|c| c.as_ref().map(|c| c.as_ref()))
            .collect();
        self.colour_last(&given);
        Ok(option)
    }

    /// Gives the entries of the option just added their colours (checked already).
    pub(crate) fn colour_last(&mut self, colours: &[Option<&str>]) {
        if colours.iter().any(Option::is_some) {
            let option = self.options.len() - 1;
            let colours = colours
                .iter()
                .map(|c| c.map_or(0, |c| self.colour_number(c)))
                .collect();
            self.colours.of.resize(option, Vec::new());
            self.colours.of.push(colours);
        }
    }

    /// Refuses a colour on a primary item, or one Knuth's format could not carry.
    pub(crate) fn check_colour(
        &self,
        option: OptionId,
        id: ItemId,
        colour: &str,
    ) -> Result<(), MatrixError> {
        let item = &self.items[id];
        if item.kind == ItemKind::Primary {
            return Err(MatrixError::ColourOnPrimary {
                option,
                name: item.name.clone(),
            });
        }
        let why = if colour.is_empty() {
            Some("empty")
        } else if colour.contains(char::is_whitespace) {
            Some("white space inside a colour")
        } else if colour.contains([':', '|']) {
            Some("a colour cannot contain `:` or `|`")
        } else {
            None
        };
        match why {
            Some(why) => Err(MatrixError::BadColour {
                option,
                name: item.name.clone(),
                colour: colour.to_string(),
                why,
            }),
            None => Ok(()),
        }
    }

    /// The number (from 1) of a colour, numbering a new one.
    fn colour_number(&mut self, colour: &str) -> u32 {
        if let Some(&c) = self.colour_index.get(colour) {
            return c;
        }
        self.colours.names.push(colour.to_string());
        let c = self.colours.names.len() as u32;
        self.colour_index.insert(colour.to_string(), c);
        c
    }

    /// Gives an option a cost (Knuth's DLX5; replacing any cost given before), making this a
    /// matrix for a minimum-cost search ([`crate::Solve::min_cost`]): the other searches
    /// refuse a matrix with costs, even all 0. The costs of all options together must stay
    /// below `u64::MAX`.
    ///
    /// ```
    /// use dlx_core::MatrixBuilder;
    /// let mut b = MatrixBuilder::new();
    /// b.primary("a")?;
    /// let cheap = b.option(["a"])?;
    /// let dear = b.option(["a"])?;
    /// b.cost(dear, 7)?;
    /// let m = b.build()?;
    /// assert!(m.has_costs());
    /// assert_eq!((m.cost(cheap), m.cost(dear)), (0, 7));
    /// # Ok::<(), dlx_core::MatrixError>(())
    /// ```
    pub fn cost(&mut self, option: OptionId, cost: u64) -> Result<(), MatrixError> {
        let options = self.options.len();
        if option >= options {
            return Err(MatrixError::NoSuchOption { option, options });
        }
        let costs = self.costs.get_or_insert_with(Vec::new);
        costs.resize(options, 0);
        let total = self.cost_total - u128::from(costs[option]) + u128::from(cost);
        if total >= u128::from(u64::MAX) {
            return Err(MatrixError::CostsTooLarge { option });
        }
        costs[option] = cost;
        self.cost_total = total;
        Ok(())
    }

    /// Counts `more` nodes, refusing a matrix past the arena's limit before it takes the
    /// memory.
    fn grow(&mut self, more: usize) -> Result<(), MatrixError> {
        let limit = MAX_NODES;
        let nodes = self.nodes.max(1).saturating_add(more);
        if nodes > limit {
            return Err(MatrixError::TooLarge { nodes, limit });
        }
        self.nodes = nodes;
        Ok(())
    }

    /// Finishes the matrix.
    pub fn build(mut self) -> Result<Matrix, MatrixError> {
        self.harden_soft_items();
        if !self.items.iter().any(|i| i.kind == ItemKind::Primary) {
            return Err(MatrixError::NoPrimaryItems);
        }
        // Every item and option went through `grow`, so the arena fits.
        debug_assert!(self.nodes <= MAX_NODES);
        let mut bounded = self.bounded;
        bounded.resize(self.items.len(), false);
        let mut costs = self.costs.unwrap_or_default();
        if !costs.is_empty() {
            costs.resize(self.options.len(), 0);
        }
        Ok(Matrix {
            items: self.items,
            options: self.options,
            colours: self.colours,
            bounded,
            costs,
        })
    }
}

impl MatrixBuilder {
    /// Makes each `[0, 1]` item of [`MatrixBuilder::counted`] that an option without a
    /// primary item holds a primary item bounded `[0, 1]`, so that the option can be chosen.
    fn harden_soft_items(&mut self) {
        if self.soft.is_empty() {
            return;
        }
        let mut hard = vec![false; self.items.len()];
        for option in &self.options {
            if option
                .iter()
                .all(|&x| self.items[x].kind != ItemKind::Primary)
            {
                for &x in option {
                    hard[x] = true;
                }
            }
        }
        self.bounded.resize(self.items.len(), false);
        for &x in self.soft.iter().filter(|&&x| hard[x]) {
            self.items[x].kind = ItemKind::Primary;
            self.items[x].multiplicity = Multiplicity { lower: 0, upper: 1 };
            self.bounded[x] = true;
        }
    }
}

#[cfg(test)]
mod limit_tests {
    use super::*;

    /// An option takes its entries and a spacer from the limit, so that the arena of colours,
    /// which lays the spacers out, never outgrows the `u32` offsets the limit promises.
    #[test]
    fn an_option_counts_its_spacer_against_the_node_limit() {
        let mut b = MatrixBuilder::new();
        b.item("a", ItemKind::Primary).unwrap();
        // As if the options so far had filled the arena up to two nodes below the limit.
        b.nodes = MAX_NODES - 2;
        b.option(["a"]).unwrap();
        assert_eq!(b.nodes, MAX_NODES);
        assert_eq!(
            b.option(["a"]),
            Err(MatrixError::TooLarge {
                nodes: MAX_NODES + 2,
                limit: MAX_NODES
            })
        );
    }
}
