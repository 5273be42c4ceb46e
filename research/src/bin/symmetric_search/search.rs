//! The most symmetric tilings of a rectangle, by branch and bound on [`Solve::prune`]
//! (Figure 10's question: "Is this the most symmetrical way to pack one-sided pentominoes
//! into a rectangle?").
//!
//! A tiling's symmetry score along an axis is the number of edges between pieces whose
//! mirror image is also an edge between pieces ([`Tiling::hsym`], [`Tiling::vsym`]). When
//! every piece is placed exactly once, the number B of edges between pieces is the same in
//! every tiling, so the score is B minus the mismatched mirror pairs (one edge between
//! pieces, its image inside a piece). An edge's status is known as soon as a piece covers
//! one of its cells (that piece covers the other cell or not), so the mismatches of a
//! partial tiling only grow: the search cuts a row once B minus the mismatches so far falls
//! below the target. Each placement's incident and boundary edges (and their mirror images)
//! are bit sets computed once; a node costs a few word operations.
//!
//! [`Solve::prune`]: dlx_core::Solve::prune

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use dlx_core::{ActiveItems, Dlx, ItemId, OptionId, SolutionView, Solve, Stats};
use dlx_polyomino::{Packing, Tiling};

/// Edge sets of up to 256 edges.
type Edges = [u64; 4];

/// The mirror line of a score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Axis {
    /// Left-right reflection: [`Tiling::hsym`].
    LeftRight,
    /// Top-bottom reflection: [`Tiling::vsym`].
    TopBottom,
}

impl Axis {
    /// The tiling's score along this axis.
    pub fn score(self, t: &Tiling) -> usize {
        match self {
            Axis::LeftRight => t.hsym(),
            Axis::TopBottom => t.vsym(),
        }
    }

    /// `hsym` or `vsym`.
    pub fn name(self) -> &'static str {
        match self {
            Axis::LeftRight => "hsym",
            Axis::TopBottom => "vsym",
        }
    }
}

/// How the search chooses the item to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Knuth's S heuristic, with the dead-end test.
    Mrv,
    /// Mirror pairs first: a column of size 0 or 1 at once, else the smallest cell whose
    /// mirror cell is covered (so that mismatches show early), else the S heuristic.
    Mirror,
    /// The S heuristic, ties broken towards a cell whose mirror cell is covered.
    Ties,
}

/// What to look for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Every tiling scoring at least this much.
    AtLeast(usize),
    /// The tilings of the highest score, if it is at least `from`: the target starts at
    /// `from` and rises to each better score found, so ties of the maximum are all kept.
    Best {
        /// The lowest score worth finding.
        from: usize,
    },
}

/// The outcome of a search ([`search`]).
#[derive(Debug, Clone)]
pub struct Found {
    /// The axis scored.
    pub axis: Axis,
    /// The goal searched for.
    pub goal: Goal,
    /// The edges between pieces in every tiling (B).
    pub between: usize,
    /// The tilings kept (at least the final target), best first, each as its options.
    pub tilings: Vec<(usize, Vec<OptionId>)>,
    /// How many tilings of each score were found while the score was at least the target;
    /// for [`Goal::AtLeast`] exact for every score at or above it.
    pub by_score: BTreeMap<usize, u64>,
    /// The final target: every tiling scoring at least this was found.
    pub target: usize,
    /// The split's and the subtrees' figures, added up (the pruned search's own).
    pub stats: Stats,
    /// Subtrees below the split.
    pub subtrees: usize,
    /// Subtrees searched: all of them unless sampled.
    pub searched: usize,
    /// Wall time.
    pub elapsed: Duration,
}

impl Found {
    /// The tilings of the highest score found, and that score.
    pub fn best(&self) -> Option<(usize, Vec<&[OptionId]>)> {
        let top = self.tilings.first()?.0;
        Some((
            top,
            self.tilings
                .iter()
                .filter(|(s, _)| *s == top)
                .map(|(_, o)| o.as_slice())
                .collect(),
        ))
    }
}

/// The edges of a full rectangle and the bit sets of each placement.
struct Geometry {
    /// Edges between pieces in every tiling.
    between: usize,
    /// Per option: edges touching its cells, edges on its boundary, and their mirror images.
    options: Vec<[Edges; 4]>,
    /// The other three symmetries of the rectangle, as edge permutations.
    images: [Vec<usize>; 3],
}

fn set(e: &mut Edges, i: usize) {
    e[i / 64] |= 1 << (i % 64);
}

fn permute(e: &Edges, map: &[usize]) -> Edges {
    let mut out = [0; 4];
    for (i, &j) in map.iter().enumerate() {
        if e[i / 64] >> (i % 64) & 1 == 1 {
            set(&mut out, j);
        }
    }
    out
}

impl Geometry {
    /// `None` unless the board is a full rectangle of at most 256 internal edges, as large as
    /// the pieces (each placed once: every piece must have its column).
    fn new(packing: &Packing, axis: Axis) -> Option<Geometry> {
        let board = packing.board();
        let (h, w) = (board.height(), board.width());
        let cells = (0..h).flat_map(|r| (0..w).map(move |c| (r, c)));
        if board.area() != h * w {
            return None;
        }
        // Edge (r, c)-(r, c+1) is r * (w - 1) + c; edge (r, c)-(r+1, c) comes after them.
        let across = h * (w - 1);
        let count = across + (h - 1) * w;
        if count > 256 {
            return None;
        }
        let edge = |(r, c): (usize, usize), (r2, c2): (usize, usize)| {
            if r == r2 {
                r * (w - 1) + c.min(c2)
            } else {
                across + r.min(r2) * w + c
            }
        };
        let ends: Vec<((usize, usize), (usize, usize))> = cells
            .flat_map(|(r, c)| {
                let right = (c + 1 < w).then_some(((r, c), (r, c + 1)));
                let down = (r + 1 < h).then_some(((r, c), (r + 1, c)));
                right.into_iter().chain(down)
            })
            .collect();
        let image = |f: &dyn Fn((usize, usize)) -> (usize, usize)| -> Vec<usize> {
            let mut map = vec![0; count];
            for &(a, b) in &ends {
                map[edge(a, b)] = edge(f(a), f(b));
            }
            map
        };
        let lr = image(&|(r, c)| (r, w - 1 - c));
        let tb = image(&|(r, c)| (h - 1 - r, c));
        let turn = image(&|(r, c)| (h - 1 - r, w - 1 - c));
        let mirror = if axis == Axis::LeftRight { &lr } else { &tb };
        let mut inside = 0;
        let mut counted = vec![false; packing.placements().len()];
        let options = packing
            .placements()
            .iter()
            .map(|p| {
                let (mut touch, mut boundary) = ([0; 4], [0; 4]);
                let mut own = 0;
                for &(a, b) in &ends {
                    match (p.covers(a.0, a.1), p.covers(b.0, b.1)) {
                        (true, true) => {
                            set(&mut touch, edge(a, b));
                            own += 1;
                        }
                        (true, false) | (false, true) => {
                            set(&mut touch, edge(a, b));
                            set(&mut boundary, edge(a, b));
                        }
                        (false, false) => {}
                    }
                }
                if !counted[p.piece] {
                    counted[p.piece] = true;
                    inside += own;
                }
                [
                    touch,
                    boundary,
                    permute(&touch, mirror),
                    permute(&boundary, mirror),
                ]
            })
            .collect();
        // Every piece once: its cells add up to the board's.
        let pieces_area: usize = (0..counted.len())
            .filter_map(|k| packing.placements().iter().find(|p| p.piece == k))
            .map(|p| p.cells.len())
            .sum();
        (pieces_area == h * w).then_some(Geometry {
            between: count - inside,
            options,
            images: [lr, tb, turn],
        })
    }

    /// The canonical form of a tiling's boundary under the rectangle's symmetries: the same
    /// for the four tilings of a class.
    fn class(&self, boundary: &Edges) -> Edges {
        self.images
            .iter()
            .map(|map| permute(boundary, map))
            .fold(*boundary, |a, b| a.max(b))
    }
}

/// What is known of a partial tiling: edges touched, edges between pieces, and the same
/// mirrored.
#[derive(Clone, Copy, Default)]
struct Partial([Edges; 4]);

impl Partial {
    fn with(&self, option: &[Edges; 4]) -> Partial {
        let mut out = self.0;
        for (set, add) in out.iter_mut().zip(option) {
            for (w, a) in set.iter_mut().zip(add) {
                *w |= a;
            }
        }
        Partial(out)
    }

    /// Mismatched mirror pairs so far.
    fn mismatches(&self) -> usize {
        let [known, between, known_m, between_m] = &self.0;
        let bits: u32 = (0..4)
            .map(|i| (known[i] & known_m[i] & (between[i] ^ between_m[i])).count_ones())
            .sum();
        bits as usize / 2
    }
}

/// Searches a packing (a full rectangle, every piece placed once) for its most symmetric
/// tilings along `axis`: the top of the tree is split at `depth` and the subtrees searched
/// on `threads` threads, all sharing the target. `every` > 1 searches only every `every`-th
/// subtree (a sample to time a run by, which proves nothing). `None` if the packing is not
/// such a rectangle.
pub fn search(
    packing: &Packing,
    axis: Axis,
    goal: Goal,
    order: Order,
    depth: usize,
    threads: usize,
    every: usize,
) -> Option<Found> {
    let geometry = Geometry::new(packing, axis)?;
    let mirror = mirror_items(packing, axis);
    let start = Instant::now();
    let first = match goal {
        Goal::AtLeast(t) => t,
        Goal::Best { from } => from,
    };
    let target = AtomicUsize::new(first);
    let raise = matches!(goal, Goal::Best { .. });
    let kept: Kept = Mutex::default();
    let between = geometry.between;
    let over = |p: &Partial| between.saturating_sub(p.mismatches());

    let mut dlx = Dlx::new(&packing.matrix);
    let stack = Mutex::new(vec![Partial::default(); packing.matrix.items().len() + 1]);
    let split = ordered(dlx.solve(), order, &mirror)
        .prune(|view| cut(view, &geometry, &stack, &target, &over))
        .split(depth.max(1));
    for s in &split.solutions {
        let options = s.options();
        let p = partial(&options, &geometry);
        keep(&kept, &target, raise, over(&p), options, p.0[1]);
    }
    let next = AtomicUsize::new(0);
    let stats = Mutex::new(split.stats.clone());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let mut dlx = dlx.clone();
            let (geometry, target, kept, next, stats, paths, mirror) = (
                &geometry,
                &target,
                &kept,
                &next,
                &stats,
                &split.paths,
                &mirror,
            );
            scope.spawn(move || {
                // This thread's own: each search below is sequential, so never contended.
                let stack = Mutex::new(vec![Partial::default(); packing.matrix.items().len() + 1]);
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed) * every.max(1);
                    let Some(path) = paths.get(k) else { break };
                    let rows = path.rows().expect("a path of exact cover");
                    let options: Vec<OptionId> = rows.iter().map(|r| r.option).collect();
                    let base = partial(&options, geometry);
                    if over(&base) < target.load(Ordering::Relaxed) {
                        continue;
                    }
                    // The search below sees the path's rows first, the first new row at
                    // depth `rows.len() + 1`.
                    stack.lock().expect("no panic while held")[rows.len()] = base;
                    let s = ordered(dlx.solve(), order, mirror)
                        .prune(|view| cut(view, geometry, &stack, target, &over))
                        .below(path)
                        .expect("the split's own path")
                        .run(|s| {
                            let options = s.options();
                            let p = partial(&options, geometry);
                            keep(kept, target, raise, over(&p), options, p.0[1]);
                            ControlFlow::Continue(())
                        });
                    stats.lock().expect("no panic while held").merge(&s);
                }
            });
        }
    });
    let (mut tilings, by_score) = kept.into_inner().expect("no panic while held");
    let target = target.into_inner();
    tilings.retain(|t| t.0 >= target);
    tilings.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    for (score, options, _) in &tilings {
        assert_eq!(axis.score(&packing.tiling_of(options)), *score);
    }
    let by_score = by_score.into_iter().filter(|&(s, _)| s >= target).collect();
    // One tiling per class, best first.
    let mut seen = std::collections::HashSet::new();
    let tilings = tilings
        .into_iter()
        .filter(|(_, _, b)| seen.insert(geometry.class(b)))
        .map(|(s, o, _)| (s, o))
        .collect();
    Some(Found {
        axis,
        goal,
        between,
        tilings,
        by_score,
        target,
        stats: stats.into_inner().expect("no panic while held"),
        subtrees: split.paths.len(),
        searched: split.paths.len().div_ceil(every.max(1)),
        elapsed: start.elapsed(),
    })
}

/// Per item, the item of the mirror cell (`None` for the pieces' items).
fn mirror_items(packing: &Packing, axis: Axis) -> Vec<Option<ItemId>> {
    let m = &packing.matrix;
    let board = packing.board();
    let (h, w) = (board.height(), board.width());
    let id = |r: usize, c: usize| {
        let name = board.cell_name(r, c);
        m.items().iter().position(|i| i.name == name)
    };
    let mut out = vec![None; m.items().len()];
    for (r, c) in board.cells() {
        let (r2, c2) = match axis {
            Axis::LeftRight => (r, w - 1 - c),
            Axis::TopBottom => (h - 1 - r, c),
        };
        if let (Some(a), b) = (id(r, c), id(r2, c2)) {
            out[a] = b;
        }
    }
    out
}

/// A search under an [`Order`]'s rule.
fn ordered<'a>(
    solve: Solve<'a, Dlx>,
    order: Order,
    mirror: &'a [Option<ItemId>],
) -> Solve<'a, Dlx> {
    match order {
        Order::Mrv => solve,
        Order::Mirror => solve.choose_with(rule(mirror, usize::MAX / 2)),
        Order::Ties => solve.choose_with(rule(mirror, 0)),
    }
}

/// The column rule of [`Order::Mirror`].
fn rule(
    mirror: &[Option<ItemId>],
    slack: usize,
) -> impl FnMut(ActiveItems<'_>) -> ItemId + Clone + Send + Sync + '_ {
    let mut active = vec![false; mirror.len()];
    move |items: ActiveItems<'_>| {
        let (mut best, mut min) = (usize::MAX, usize::MAX);
        for (i, size) in items.clone() {
            active[i] = true;
            if size < min {
                (best, min) = (i, size);
            }
        }
        let mut chosen = best;
        if min > 1 {
            let mut paired = usize::MAX;
            for (i, size) in items.clone() {
                if size < paired && size <= min + slack && mirror[i].is_some_and(|j| !active[j]) {
                    (chosen, paired) = (i, size);
                }
            }
        }
        for (i, _) in items {
            active[i] = false;
        }
        chosen
    }
}

fn partial(options: &[OptionId], geometry: &Geometry) -> Partial {
    options
        .iter()
        .fold(Partial::default(), |p, &o| p.with(&geometry.options[o]))
}

/// The prune test: extends the partial tiling of the rows above by the new row. `stack[d]`
/// holds the partial tiling of the first `d` rows; one search at a time uses it.
fn cut(
    view: &SolutionView<'_>,
    geometry: &Geometry,
    stack: &Mutex<Vec<Partial>>,
    target: &AtomicUsize,
    over: &impl Fn(&Partial) -> usize,
) -> bool {
    let mut stack = stack.lock().expect("no panic while held");
    let depth = view.len();
    let row = view.rows().last().expect("a prune sees at least one row");
    stack[depth] = stack[depth - 1].with(&geometry.options[row.option]);
    over(&stack[depth]) < target.load(Ordering::Relaxed)
}

/// The tilings kept (score, options, boundary) and the count of each score.
/// The tilings kept (score, options, boundary) and the count of each score.
type Kept = Mutex<(Vec<(usize, Vec<OptionId>, Edges)>, BTreeMap<usize, u64>)>;

fn keep(
    kept: &Kept,
    target: &AtomicUsize,
    raise: bool,
    score: usize,
    options: Vec<OptionId>,
    boundary: Edges,
) {
    let mut kept = kept.lock().expect("no panic while held");
    if score < target.load(Ordering::Relaxed) {
        return;
    }
    if raise && score > target.load(Ordering::Relaxed) {
        target.store(score, Ordering::Relaxed);
        kept.0.retain(|t| t.0 >= score);
    }
    *kept.1.entry(score).or_default() += 1;
    kept.0.push((score, options, boundary));
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_paper::polyomino::packing;

    /// Every tiling of the packing, by a plain search.
    fn all_tilings(packing: &Packing) -> Vec<Tiling> {
        let mut out = Vec::new();
        let _ = Dlx::new(&packing.matrix).solve().run(|s| {
            out.push(packing.tiling(s));
            ControlFlow::Continue(())
        });
        out
    }

    /// The bound finds exactly what scoring every tiling finds: the maximum with all its
    /// ties, and every tiling at or above a threshold, on 1 and 2 threads.
    #[test]
    fn branch_and_bound_agrees_with_scoring_every_tiling() {
        for name in ["pentomino-6x10", "one-sided-3x30"] {
            let p = packing(name).unwrap();
            let all = all_tilings(&p);
            for (axis, order) in [
                (Axis::LeftRight, Order::Mrv),
                (Axis::TopBottom, Order::Mrv),
                (Axis::LeftRight, Order::Mirror),
                (Axis::TopBottom, Order::Mirror),
            ] {
                let scores: Vec<usize> = all.iter().map(|t| axis.score(t)).collect();
                let max = *scores.iter().max().unwrap();
                let ties = scores.iter().filter(|&&s| s == max).count() as u64;
                let found = search(&p, axis, Goal::Best { from: 0 }, order, 2, 2, 1).unwrap();
                assert_eq!(found.target, max, "{name} {}", axis.name());
                assert_eq!(found.by_score, BTreeMap::from([(max, ties)]));
                assert_eq!(found.best().unwrap().0, max);
                let at = max - 3;
                let found = search(&p, axis, Goal::AtLeast(at), order, 3, 1, 1).unwrap();
                let mut expect = BTreeMap::new();
                for &s in scores.iter().filter(|&&s| s >= at) {
                    *expect.entry(s).or_insert(0u64) += 1;
                }
                assert_eq!(found.by_score, expect, "{name} {}", axis.name());
                assert!(found.stats.nodes > 0);
            }
        }
    }

    #[test]
    fn boards_with_holes_are_refused() {
        assert!(Geometry::new(&packing("scott").unwrap(), Axis::LeftRight).is_none());
    }
}
