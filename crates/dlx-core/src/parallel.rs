//! The subtrees of a run in parts ([`crate::parts`]) on a pool of threads (rayon's work
//! stealing balances them): the crate's only use of threads, behind its `parallel` feature.

use rayon::prelude::*;

use crate::engine::{Engine, Path};
use crate::parts::{add, empty};
use crate::stats::Stats;

/// A pool of `threads` threads (0 = one per core), or `None` when the system refuses them
/// (a limit on processes or memory): the search then runs on the calling thread, slower but
/// with the same figures, rather than failing.
fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .ok()
}

/// The threads a pool of `n` (0 = one per core) has, or 1 when none can be made.
pub(crate) fn threads(n: usize) -> usize {
    pool(n).map_or(1, |p| p.current_num_threads())
}

/// Searches the subtree below each of `paths` on a pool of `threads` threads, each worker on
/// its own copy of the arena, and adds their figures; `None` when no pool can be made.
pub(crate) fn search_paths<E: Engine>(
    engine: &E,
    threads: usize,
    paths: &[Path],
    search: &(impl Fn(&mut E, &Path) -> Stats + Sync + Send),
) -> Option<Stats> {
    let pool = pool(threads)?;
    Some(pool.install(|| {
        paths
            .par_iter()
            .map_init(|| engine.clone(), search)
            .reduce(empty, add)
    }))
}
