//! Shard records and campaign folders: a long exact-cover search kept on disk, so that it
//! can be stopped, resumed, spread over machines and added up.
//!
//! A search too long for one sitting is cut into shards by `dlx-core`'s shard plan
//! ([`dlx_core::ShardPlan`]). Each finished shard becomes a [`ShardRecord`]: its figures,
//! the run it belongs to ([`RunKey`]: the matrix's fingerprint, the rule, the plan's shape,
//! the options fixed beforehand), its time, and the rows of its solutions if they are kept.
//! [`add_up`] gives the figures of the whole run, exactly those of one unsharded search.
//!
//! A [`Campaign`] is a folder: `campaign.json` (what is searched), `matrix.dlx` (the matrix
//! in Knuth's format, so the folder is all a machine needs) and one `shard-K-of-N.json` per
//! finished shard, each written whole and renamed into place, so a file that exists is a
//! finished shard; or, for a problem split into subcases, one such folder per subcase.
//! [`Campaign::run`] searches the shards without a record, each written as soon as it is
//! finished (the `dlx campaign run` command and `cargo xtask aztec` both call it). A folder
//! may also declare the problem's [`Symmetry`] (`symmetry.txt`), so that classes are counted.
//! Every record and `campaign.json` carries a digest of what it holds ([`DIGEST`]), written
//! with it and checked on every read, so a damaged file is named and never added up.
//!
//! ```
//! use dlx_campaign::{RunKey, ShardRecord, add_up};
//! use dlx_core::{Heuristic, Level, Stats};
//!
//! // Two shards of one run, as `dlx solve --shard K/2 --json` prints them.
//! let key = RunKey::new("0123456789abcdef", Heuristic::Mrv, 2, 1);
//! let shard = |k, nodes, updates, solutions| {
//!     let stats = Stats::from_levels(solutions, vec![Level { nodes, updates }], true);
//!     ShardRecord::new(key.clone(), k, 1, stats)
//! };
//! let text = shard(1, 3, 40, 1).to_json().to_string();
//! let first = ShardRecord::parse("shard-1-of-2.json", &text)?;
//! let whole = add_up(&[
//!     ("shard-1-of-2.json".into(), first),
//!     ("shard-2-of-2.json".into(), shard(2, 2, 25, 1)),
//! ])?;
//! assert_eq!((whole.stats.solutions, whole.stats.updates), (2, 65));
//! assert_eq!(whole.stats.nodes, 1 + 3 + 2); // the root once
//! # Ok::<(), dlx_campaign::RecordError>(())
//! ```

use itertools::Itertools;

mod digest;
mod folder;
mod lease;
mod plan;
mod record;
mod runner;
mod symmetry;

pub use digest::{DIGEST, seal_legacy};
pub use folder::{
    Campaign, CampaignError, Declared, FORMAT, NewSubcase, Progress, Shards, Split, StoppedIn,
    Subcase,
};
pub use lease::{MARKER_RENEW, MARKER_STALE};
pub use record::{Merged, RunKey, ShardRecord, add_subcases, add_up, add_up_so_far, matrix_hash};
pub use runner::{Event, RunOptions};
pub use symmetry::{MAX_ORDER, SYMMETRY_FILE, Symmetry, SymmetryError};

/// Why a shard record, or a set of them, cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A record is damaged, inconsistent or of another run.
    #[error("{file}: {reason}")]
    Record {
        /// The record's file.
        file: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Shards of the run have no record.
    #[error("shards missing: {} of {n}", shown(.missing))]
    Missing {
        /// Their numbers.
        missing: Vec<usize>,
        /// The number of shards of the run.
        n: usize,
    },
    /// No record was given.
    #[error("no shard records given")]
    Empty,
}

/// Test fixture: one subcase per option of `options`, named `o` and its number, each with
/// that option fixed.
#[cfg(test)]
pub(crate) fn subcases_fixing(matrix: &dlx_core::Matrix, options: &[usize]) -> Vec<NewSubcase> {
    (options.iter())
        .map(|&o| NewSubcase {
            subcase: Subcase {
                name: format!("o{o}"),
                about: format!("option {o}"),
                orbit: 1,
            },
            matrix: matrix.clone(),
            fixed: vec![o],
        })
        .collect()
}

/// The first few missing shards name the gap; thousands would drown it.
fn shown(missing: &[usize]) -> String {
    const SHOWN: usize = 20;
    let list = missing.iter().take(SHOWN).join(", ");
    if missing.len() > SHOWN {
        format!("{list}, ... ({} missing in all)", missing.len())
    } else {
        list
    }
}
