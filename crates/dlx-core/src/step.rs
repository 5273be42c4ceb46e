//! The expert layer: the engines' state machines, one step at a time.
//!
//! [`crate::Solve`] is the front door; it drives these. Use them directly only for what it
//! does not offer: a search paused and resumed at each solution with the borrowed view of
//! it ([`Search::next_solution`]), the branching-degree histogram
//! ([`Search::record_degrees`]), a caller's rule or test that is not `Send`, or a search
//! with propagation ([`Reduce`], whose tree and figures are its own). As in regex-automata,
//! where `meta::Regex` stands over the lower engines, everything here is also reachable
//! through `Solve` with Knuth's figures, except the last.
//!
//! ```
//! use dlx_core::{format, step::Search, Dlx};
//!
//! let m = format::parse("a b\na\nb\na b\n")?;
//! let mut dlx = Dlx::new(&m);
//! let mut search = Search::new(&mut dlx).record_degrees();
//! let mut found = 0;
//! while let Some(view) = search.next_solution() {
//!     found += 1;
//!     assert!(view.len() >= 1);
//! }
//! assert_eq!(found, 2);
//! assert_eq!(search.stats().degrees[0], [0, 0, 1]);
//! # Ok::<(), dlx_core::FormatError>(())
//! ```

pub use crate::links::Links;
pub use crate::reduce::{Reduce, Reductions};
pub use crate::search::Search;
pub use crate::xcc::XccSearch;
