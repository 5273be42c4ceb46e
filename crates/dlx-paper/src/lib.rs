//! Every named problem and table of Knuth's *Dancing Links*, one interface for the `dlx paper`
//! command, `cargo xtask paper` and the snapshot tests.
//!
//! ```
//! let problem = dlx_paper::problem("matrix3")?;
//! let stats = dlx_core::Dlx::new(&problem.matrix)
//!     .solve()
//!     .heuristic(problem.heuristic)
//!     .count();
//! assert_eq!((stats.solutions, stats.updates), (1, 30));
//!
//! let table = dlx_paper::table("matrix3").unwrap();
//! assert!(table.build().all_match());
//! # Ok::<(), dlx_paper::PaperError>(())
//! ```
//!
//! A *problem* is one matrix (with the column rule the paper used and a way to draw its
//! solutions); a *table* runs several problems and sets our figures next to the paper's, which
//! live in `paper-figures.tsv`, typed once from the paper.

#![warn(missing_docs)]

pub mod aztec;
pub use aztec::{PaperSplit, split_named as split};
pub mod figures;
mod matrix3;
pub mod polyiamond;
pub mod polyomino;
pub mod polystick;
mod queens;
pub mod table;

use dlx_core::{Heuristic, Matrix, Solution};
use thiserror::Error;

pub use table::{Cell, Table};

/// Draws a solution of a problem (a board, a list of rows, ...).
pub type Render = Box<dyn Fn(&Solution) -> String + Send + Sync>;

/// One named problem of the paper: its matrix, the column rule the paper used, and how to
/// draw a solution.
pub struct Problem {
    /// The name `dlx paper NAME` knows it by.
    pub name: String,
    /// One line on what it is.
    pub about: String,
    /// The exact cover matrix, with the column order `docs/paper-conventions.md` specifies.
    pub matrix: Matrix,
    /// The column rule behind the paper's figures.
    pub heuristic: Heuristic,
    /// Draws a solution; the default prints the rows as the paper does.
    pub render: Render,
}

impl Problem {
    /// A problem whose solutions print as rows of item names, one per line.
    pub fn new(name: impl Into<String>, about: impl Into<String>, matrix: Matrix) -> Self {
        let shared = matrix.clone();
        Problem {
            name: name.into(),
            about: about.into(),
            matrix,
            heuristic: Heuristic::Mrv,
            render: Box::new(move |s| s.lines(&shared).join("\n") + "\n"),
        }
    }

    /// Replaces the solution renderer.
    pub fn with_render(
        mut self,
        render: impl Fn(&Solution) -> String + Send + Sync + 'static,
    ) -> Self {
        self.render = Box::new(render);
        self
    }

    /// Sets the column rule the paper used for this problem.
    pub fn with_heuristic(mut self, h: Heuristic) -> Self {
        self.heuristic = h;
        self
    }
}

/// Why a problem name could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PaperError {
    /// No family of problems has this name.
    #[error("unknown problem `{name}`; `dlx paper list` shows the names")]
    Unknown {
        /// The name asked for.
        name: String,
    },
    /// The name matches a family but its parameter is out of range or malformed.
    #[error("problem `{name}`: {reason}")]
    BadParameter {
        /// The name asked for.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// A family of named problems, e.g. `queens-N`.
pub struct Family {
    /// The name or pattern shown by `dlx paper list`, e.g. `queens-N`.
    pub pattern: &'static str,
    /// One line on what it is.
    pub about: &'static str,
    /// Builds the problem if `name` belongs to this family.
    pub make: fn(&str) -> Option<Result<Problem, PaperError>>,
}

impl std::fmt::Debug for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Problem")
            .field("name", &self.name)
            .field("about", &self.about)
            .field("matrix", &self.matrix)
            .field("heuristic", &self.heuristic)
            .finish_non_exhaustive()
    }
}

impl std::fmt::Debug for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Family")
            .field("pattern", &self.pattern)
            .field("about", &self.about)
            .finish_non_exhaustive()
    }
}

/// Every family of named problems.
pub fn families() -> Vec<Family> {
    let mut all = vec![matrix3::family()];
    all.extend(queens::families());
    all.extend(polyomino::families());
    all.extend(polyiamond::families());
    all.extend(polystick::families());
    all
}

/// Resolves a problem by name.
pub fn problem(name: &str) -> Result<Problem, PaperError> {
    // More than one family may claim a name (`queens-N` reads `queens-8-ranks` as N =
    // `8-ranks`): the first that makes it wins, and otherwise the last refusal, whose family
    // (the suffixed one, listed after the bare) read the most of the name.
    let mut refused = None;
    for family in families() {
        match (family.make)(name) {
            Some(Ok(problem)) => return Ok(problem),
            Some(Err(e)) => refused = Some(e),
            None => {}
        }
    }
    Err(refused.unwrap_or_else(|| PaperError::Unknown {
        name: name.to_string(),
    }))
}

/// A reproducible table of the paper.
#[derive(Debug, Clone, Copy)]
pub struct TableSpec {
    /// The name `cargo xtask paper --only` and the snapshot use.
    pub name: &'static str,
    /// One line on what it holds.
    pub about: &'static str,
    /// True when it takes more than a few seconds: run by `cargo xtask paper --full` and by
    /// `#[ignore]`d snapshot tests only.
    pub slow: bool,
    build: fn() -> Table,
}

impl TableSpec {
    /// Declares a table.
    pub const fn new(
        name: &'static str,
        about: &'static str,
        slow: bool,
        build: fn() -> Table,
    ) -> Self {
        TableSpec {
            name,
            about,
            slow,
            build,
        }
    }

    /// Runs every search of the table.
    pub fn build(&self) -> Table {
        (self.build)()
    }
}

/// Every table, fast ones first within each domain.
pub fn tables() -> Vec<TableSpec> {
    let mut all = vec![matrix3::TABLE];
    all.extend(queens::TABLES);
    all.extend(polyomino::TABLES);
    all.extend(polyiamond::TABLES);
    all.extend(polystick::TABLES);
    all
}

/// One table by name.
pub fn table(name: &str) -> Option<TableSpec> {
    tables().into_iter().find(|t| t.name == name)
}

/// Parses the numeric parameter of a name like `queens-12` (the part after `prefix`).
pub fn parameter(name: &str, prefix: &str, suffix: &str) -> Option<Result<u64, PaperError>> {
    let rest = name.strip_prefix(prefix)?.strip_suffix(suffix)?;
    Some(rest.parse::<u64>().map_err(|_| PaperError::BadParameter {
        name: name.to_string(),
        reason: format!("`{rest}` is not a number"),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_two_families_claim_goes_to_the_one_that_makes_it() {
        // `queens-N` claims `queens-8-ranks` too (N = `8-ranks`): the R-variant must win.
        let full = problem("queens-8").unwrap();
        let ranks = problem("queens-8-ranks").unwrap();
        let plain = problem("queens-8-plain").unwrap();
        assert_eq!(full.matrix.primary_count(), 16);
        assert_eq!(ranks.matrix.primary_count(), 8);
        assert_eq!(plain.matrix.primary_count(), 16);
        assert_ne!(full.matrix.items(), plain.matrix.items());
        for p in [&full, &ranks, &plain] {
            let stats = dlx_core::Problem::new(&p.matrix)
                .solve()
                .heuristic(p.heuristic)
                .count();
            assert_eq!(stats.solutions, 92, "{}", p.name);
        }
        // Refused by both: the error is the suffixed family's, about what stands for N.
        let e = problem("queens-x-ranks").unwrap_err().to_string();
        assert!(e.contains("`x` is not a number"), "{e}");
        assert!(matches!(problem("queens"), Err(PaperError::Unknown { .. })));
    }
}

/// The examples of the crate's README, run as doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
