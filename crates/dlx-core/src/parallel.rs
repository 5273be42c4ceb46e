//! The subtrees of a run in parts ([`crate::parts`]) on a pool of threads, each worker taking
//! the next path as it finishes one (which evens out subtrees of very different sizes): the
//! crate's only use of threads, behind its `parallel` feature.

use std::sync::atomic::{AtomicUsize, Ordering};

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

/// Searches the subtree below each of `paths` on a pool of `threads` threads and adds their
/// figures; `None` when no pool can be made. Each worker clones the arena once and takes the
/// paths in their order from one counter until none is left: a clone per stolen piece of
/// work (rayon's `map_init`) cost each piece the copy, and on the 9x10 pentominoes a layout
/// of the search without links built afresh, 10 ms a piece.
pub(crate) fn search_paths<E: Engine>(
    engine: &E,
    threads: usize,
    paths: &[Path],
    search: &(impl Fn(&mut E, &Path) -> Stats + Sync + Send),
) -> Option<Stats> {
    let pool = pool(threads)?;
    let next = AtomicUsize::new(0);
    let parts = pool.broadcast(|_| {
        let mut arena: Option<E> = None;
        let mut sum = empty();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(path) = paths.get(i) else {
                return sum;
            };
            let arena = arena.get_or_insert_with(|| engine.clone());
            sum = add(sum, search(arena, path));
        }
    });
    Some(parts.into_iter().fold(empty(), add))
}
