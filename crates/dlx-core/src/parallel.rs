//! The subtrees of a run in parts ([`crate::parts`]) on a pool of threads, each worker taking
//! the next path as it finishes one, the largest first when they are sized (which evens out
//! subtrees of very different sizes): the crate's only use of threads, behind its `parallel`
//! feature.

use std::sync::Mutex;
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

/// The threads a pool of `n` (0 = one per core) has, or 1 when none can be made. A count
/// given is taken as it is, without making a pool of that many only to count it (the run
/// makes its own, and falls back to the calling thread if it cannot).
pub(crate) fn threads(n: usize) -> usize {
    if n > 0 {
        return n;
    }
    pool(n).map_or(1, |p| p.current_num_threads())
}

/// Searches the subtree below each of `paths` on a pool of `threads` threads and adds their
/// figures; `None` when no pool can be made. Each worker clones the arena once and takes the
/// paths from one counter until none is left: a clone per stolen piece of work (rayon's
/// `map_init`) cost each piece the copy, and on the 9x10 pentominoes a layout of the search
/// without links built afresh, 10 ms a piece. With `size`, and more paths than threads, the
/// workers first size every path the same way, and the paths are then taken largest first
/// (ties in the tree's order), so that the last ones taken are small.
pub(crate) fn search_paths<E: Engine, S>(
    engine: &E,
    threads: usize,
    paths: &[Path],
    size: Option<&S>,
    search: &(impl Fn(&mut E, &Path) -> Stats + Sync + Send),
) -> Option<Stats>
where
    S: Fn(&mut E, usize, &Path) -> f64 + Sync,
{
    let pool = pool(threads)?;
    let workers = Workers::new(&pool, engine);
    let mut order: Vec<usize> = (0..paths.len()).collect();
    if let Some(size) = size
        && paths.len() > pool.current_num_threads()
    {
        let sized = workers.each(paths.len(), Vec::new, |arena, i, sized| {
            sized.push((size(arena, i, &paths[i]), i));
        });
        let mut sized: Vec<(f64, usize)> = sized.into_iter().flatten().collect();
        // Equal sizes stay in the tree's order.
        sized.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        order = sized.into_iter().map(|(_, i)| i).collect();
    }
    let parts = workers.each(paths.len(), empty, |arena, i, sum| {
        let part = search(arena, &paths[order[i]]);
        sum.merge(&part);
    });
    Some(parts.into_iter().fold(empty(), add))
}

/// `f(arena, index, path)` for each of `paths` on a pool of `threads` threads, each worker
/// on its own copy of the arena, taking the next path from one counter; the answers in the
/// paths' order, or `None` when no pool can be made.
pub(crate) fn map_paths<E: Engine, R: Send>(
    engine: &E,
    threads: usize,
    paths: &[Path],
    f: &(impl Fn(&mut E, usize, &Path) -> R + Sync),
) -> Option<Vec<R>> {
    let pool = pool(threads)?;
    let workers = Workers::new(&pool, engine);
    let done = workers.each(paths.len(), Vec::new, |arena, i, acc| {
        acc.push((i, f(arena, i, &paths[i])));
    });
    let mut all: Vec<(usize, R)> = done.into_iter().flatten().collect();
    all.sort_unstable_by_key(|&(i, _)| i);
    Some(all.into_iter().map(|(_, r)| r).collect())
}

/// A pool's workers, each with its copy of the arena, made on first use and kept from one
/// round of work to the next.
struct Workers<'p, E> {
    pool: &'p rayon::ThreadPool,
    engine: &'p E,
    arenas: Vec<Mutex<Option<E>>>,
}

impl<'p, E: Engine> Workers<'p, E> {
    /// The pool's workers, none of whom has copied the arena yet.
    fn new(pool: &'p rayon::ThreadPool, engine: &'p E) -> Self {
        let arenas = (0..pool.current_num_threads())
            .map(|_| Mutex::new(None))
            .collect();
        Workers {
            pool,
            engine,
            arenas,
        }
    }

    /// Does `work(arena, i, acc)` for every i below `n`, each worker taking the next i from
    /// one counter, with its own copy of the arena and its own accumulator (from `init`):
    /// the accumulators.
    fn each<R: Send>(
        &self,
        n: usize,
        init: impl Fn() -> R + Sync,
        work: impl Fn(&mut E, usize, &mut R) + Sync,
    ) -> Vec<R> {
        let next = AtomicUsize::new(0);
        self.pool.broadcast(|ctx| {
            // Only this worker locks its slot; a lock poisoned by a panic in an earlier round
            // still holds a whole arena (a search puts its links back before it unwinds, or
            // marks them moved).
            let mut slot = self.arenas[ctx.index()]
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            let arena = slot.get_or_insert_with(|| self.engine.clone());
            let mut acc = init();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    return acc;
                }
                work(arena, i, &mut acc);
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sealed::Searcher;
    use crate::{Dlx, Heuristic};

    /// Sized, the paths are taken largest first, and their figures still add up to the
    /// whole search's; a run to a limit (no sizes) takes them in the tree's order.
    #[test]
    fn sized_paths_are_taken_largest_first_and_add_up() {
        let p = crate::lookahead::tests::queens(7);
        let how = crate::dlx::tests::how(Heuristic::Mrv);
        let mut dlx = Dlx::new(&p);
        let split = dlx.cut(&how, 12);
        let n = split.paths.len();
        assert!(n > 3, "{n} paths");
        // Sizes that put the tree's order upside down: the last path is the largest.
        let size = |_: &mut Dlx, i: usize, _: &Path| i as f64;
        for sized in [true, false] {
            let taken = Mutex::new(Vec::new());
            let search = |e: &mut Dlx, path: &Path| {
                let i = split.paths.iter().position(|q| q == path).unwrap();
                taken.lock().unwrap().push(i);
                e.below(path, &how, None).unwrap()
            };
            // One worker, so the order taken is the order dealt.
            let below = search_paths(&dlx, 1, &split.paths, sized.then_some(&size), &search);
            let mut whole = split.stats.clone();
            whole.merge(&below.unwrap());
            assert_eq!(
                whole,
                Dlx::new(&p).solve().heuristic(Heuristic::Mrv).count()
            );
            let expected: Vec<usize> = if sized {
                (0..n).rev().collect()
            } else {
                (0..n).collect()
            };
            assert_eq!(taken.into_inner().unwrap(), expected);
        }
    }
}
