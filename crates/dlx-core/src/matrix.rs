//! The exact cover problem as data: named items (the paper's columns) and options (rows).
//!
//! A [`Matrix`] is immutable and cheap to share; the search works on a [`crate::Dlx`] link
//! arena built from it.

use std::collections::HashMap;

use thiserror::Error;

/// Index of an item in declaration order (0-based).
pub type ItemId = usize;
/// Index of an option in the order it was added (0-based), as Knuth's programs number rows.
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
pub enum MatrixError {
    /// A name that Knuth's format could not carry: empty, with white space, or starting with
    /// `|` (an option line naming it first would read as a comment).
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
}

impl Matrix {
    /// All items in declaration order.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// One item.
    pub fn item(&self, id: ItemId) -> &Item {
        &self.items[id]
    }

    /// All options, each as the ids of its items in the order given.
    pub fn options(&self) -> &[Vec<ItemId>] {
        &self.options
    }

    /// One option.
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

    /// The id of the item with this name, if any.
    pub fn find_item(&self, name: &str) -> Option<ItemId> {
        self.items.iter().position(|i| i.name == name)
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
    /// Per item, 1 + the last option that named it: a repeated item is found in one pass.
    seen: Vec<usize>,
    /// Nodes of the arena so far (root, headers, one per entry of an option).
    nodes: usize,
}

impl MatrixBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Declares an item and returns its id. Its name must be one Knuth's format can carry
    /// (not empty, no white space, not starting with `|`), so that every matrix can be written
    /// out and read back.
    pub fn item(&mut self, name: impl Into<String>, kind: ItemKind) -> Result<ItemId, MatrixError> {
        let name = name.into();
        let why = if name.is_empty() {
            Some("empty")
        } else if name.contains(char::is_whitespace) {
            Some("white space inside a name")
        } else if name.starts_with('|') {
            Some("starts with `|`, which begins a comment line in Knuth's format")
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
        self.items.push(Item { name, kind });
        self.seen.push(0);
        Ok(id)
    }

    /// Declares a primary item.
    pub fn primary(&mut self, name: impl Into<String>) -> Result<ItemId, MatrixError> {
        self.item(name, ItemKind::Primary)
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
        for &id in &ids {
            if id >= self.items.len() {
                return Err(MatrixError::ItemOutOfRange {
                    option,
                    id,
                    items: self.items.len(),
                });
            }
            if self.seen[id] == option + 1 {
                return Err(MatrixError::RepeatedItem {
                    option,
                    name: self.items[id].name.clone(),
                });
            }
            self.seen[id] = option + 1;
        }
        self.grow(ids.len())?;
        self.options.push(ids);
        Ok(option)
    }

    /// Counts `more` nodes, refusing a matrix past the arena's limit before it takes the
    /// memory.
    fn grow(&mut self, more: usize) -> Result<(), MatrixError> {
        let limit = crate::links::MAX_NODES;
        let nodes = self.nodes.max(1).saturating_add(more);
        if nodes > limit {
            return Err(MatrixError::TooLarge { nodes, limit });
        }
        self.nodes = nodes;
        Ok(())
    }

    /// Finishes the matrix.
    pub fn build(self) -> Result<Matrix, MatrixError> {
        if !self.items.iter().any(|i| i.kind == ItemKind::Primary) {
            return Err(MatrixError::NoPrimaryItems);
        }
        // Every item and option went through `grow`, so the arena fits.
        debug_assert!(self.nodes <= crate::links::MAX_NODES);
        Ok(Matrix {
            items: self.items,
            options: self.options,
        })
    }
}
