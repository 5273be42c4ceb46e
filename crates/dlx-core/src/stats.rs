//! Search statistics, counted exactly as Knuth's dance.w counts them.

/// The figures of one level of the search tree (one line of the paper's profile tables).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Level {
    /// Nodes at depth k+1: the options tried at depth k (solution leaves included).
    pub nodes: u64,
    /// Updates made at depth k: covering the branch column and the other columns of the
    /// options chosen there.
    pub updates: u64,
}

/// What a search did.
#[must_use]
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Solutions found.
    pub solutions: u64,
    /// Link updates: each cover adds 1 for the header plus 1 per node it unlinks from a column.
    pub updates: u64,
    /// Nodes of the search tree: the root plus every option tried, solution leaves included
    /// (dance.w's "Total").
    pub nodes: u64,
    /// Knuth's *cleansings* (programs DLX2 and DLX3), counted only by searches with colours
    /// or multiplicities ([`crate::Xcc`]): 1 per purified item plus 1 per option of the same
    /// colour it marks as done. Always 0 for exact cover ([`crate::Dlx`]).
    pub cleansings: u64,
    /// The per-level profile: `levels[k]` holds the nodes at depth k+1 and the updates at depth
    /// k. `levels.iter().map(|l| l.nodes).sum::<u64>() == nodes - 1`.
    pub levels: Vec<Level>,
    /// Branching-degree histogram, if requested: `degrees[k][d]` counts the times the column
    /// chosen at depth k had d options.
    pub degrees: Vec<Vec<u64>>,
    /// True when the whole tree was explored (no limit or early stop cut it short).
    pub complete: bool,
}

impl Stats {
    /// Builds the totals from the per-level profile (trailing empty levels dropped).
    ///
    /// # Panics
    /// If a total would pass `u64::MAX` ([`Stats::checked_from_levels`] says `None` instead).
    pub fn from_levels(solutions: u64, mut levels: Vec<Level>, complete: bool) -> Self {
        while levels
            .last()
            .is_some_and(|l| l.nodes == 0 && l.updates == 0)
        {
            levels.pop();
        }
        let sum = |f: fn(&Level) -> u64, from: u64| {
            levels
                .iter()
                .try_fold(from, |t, l| t.checked_add(f(l)))
                .expect("the figures of a search stay below 2^64; use Stats::checked_from_levels for figures read from elsewhere")
        };
        let (updates, nodes) = (sum(|l| l.updates, 0), sum(|l| l.nodes, 1));
        Stats {
            solutions,
            updates,
            nodes,
            cleansings: 0,
            levels,
            degrees: Vec::new(),
            complete,
        }
    }

    /// [`Stats::from_levels`] for figures read from elsewhere (a file, another machine):
    /// `None` if the totals would pass `u64::MAX`, which no search reaches.
    pub fn checked_from_levels(solutions: u64, levels: Vec<Level>, complete: bool) -> Option<Self> {
        levels
            .iter()
            .try_fold(0u64, |t, l| t.checked_add(l.updates))?;
        levels
            .iter()
            .try_fold(1u64, |t, l| t.checked_add(l.nodes))?;
        Some(Stats::from_levels(solutions, levels, complete))
    }

    /// The paper-style level table: one line per level with its nodes and updates, then the
    /// totals.
    pub fn profile_table(&self) -> String {
        let mut out = String::from("level        nodes          updates\n");
        for (k, l) in self.levels.iter().enumerate() {
            out.push_str(&format!("{k:>5} {:>12} {:>16}\n", l.nodes, l.updates));
        }
        out.push_str(&format!(
            "total {:>12} {:>16}   ({} nodes with the root)\n",
            // A run that searched nothing (a limit of 0, a path not of the tree) has no root.
            self.nodes.saturating_sub(1),
            self.updates,
            self.nodes
        ));
        out
    }
}

impl Stats {
    /// Adds the figures of another part of the same tree (profiles aligned by depth).
    pub fn merge(&mut self, other: &Stats) {
        self.checked_merge(other)
            .expect("the figures of one search stay below 2^64");
    }

    /// [`Stats::merge`], for figures read from elsewhere (shard files) too: `None`, and `self`
    /// unchanged, if a sum would pass `u64::MAX`.
    pub fn checked_merge(&mut self, other: &Stats) -> Option<()> {
        let level = |s: &Stats, k: usize| s.levels.get(k).copied().unwrap_or_default();
        let levels = (0..self.levels.len().max(other.levels.len()))
            .map(|k| {
                let (a, b) = (level(self, k), level(other, k));
                Some(Level {
                    nodes: a.nodes.checked_add(b.nodes)?,
                    updates: a.updates.checked_add(b.updates)?,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let cleansings = self.cleansings.checked_add(other.cleansings)?;
        *self = Stats::checked_from_levels(
            self.solutions.checked_add(other.solutions)?,
            levels,
            self.complete && other.complete,
        )?;
        self.cleansings = cleansings;
        Some(())
    }
}
