//! Making puzzles: a random full solution, then givens taken away (or cages merged) while
//! the solution stays unique. Everything is drawn from one [`SplitMix64`] seeded by the
//! caller, so a seed always makes the same puzzle.

use std::sync::Arc;

use dlx_core::estimate::SplitMix64;

use super::cover::Cover;
use super::layout::{Cage, Layout, box_shape};
use super::puzzle::{Form, NAMES, Puzzle, Variant, cage_notes, region_notes};
use crate::error::SudokuError;

/// The largest side [`generate`] makes: past 9x9 proving each removal keeps the solution
/// unique takes the dancing links too long.
pub const MAX_GENERATED_SIDE: usize = 9;

/// The largest cage [`generate`] makes for a killer, unless [`generate_killer`] is told
/// otherwise.
pub const DEFAULT_MAX_CAGE: usize = 5;

/// The nodes a search for a random solution may take before it gives up and draws again (a
/// random jigsaw's regions may allow no solution at all).
const SOLUTION_BUDGET: u64 = 200_000;

/// The nodes a killer's uniqueness proof may take before the merge it checks is given up:
/// dancing links prove most merges in a few thousand nodes, a few take millions.
const MERGE_BUDGET: u64 = 20_000;

/// The nodes the proof that a given can go may take before the given is kept: a 9x9's
/// proofs take hundreds, a few of a samurai's millions.
const PROOF_BUDGET: u64 = 100_000;

/// How many times a random solution (and, for a jigsaw, random regions) is drawn before
/// giving up.
const TRIES: usize = 50;

/// A generated puzzle and its solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: its only solution is `solution`.
    pub puzzle: Puzzle,
    /// The solution.
    pub solution: Puzzle,
    /// The seed it was made from.
    pub seed: u64,
}

/// Makes a puzzle of `variant` and side N (a samurai's side is 9: its grids') from `seed`,
/// with exactly one solution:
/// - classic, X, windoku and jigsaw (random regions: the boxes, or the rows when N has no
///   boxes, reshaped by many random moves that trade a cell between two neighbouring
///   regions and keep both connected) and samurai: a random solution, then every cell in random order loses its
///   given unless the puzzle would have a second solution. The puzzle is minimal: no given
///   can be taken away. A proof that needs more than 100,000 nodes (never met in 200 9x9s,
///   seeds 1-50 of each; in samurais, whose proofs sometimes take millions, a few givens a
///   puzzle) is put off, and made to the end once every other given has been tried.
/// - killer: a random solution, every cell its own cage, then neighbouring cages (in random
///   order, pass after pass until one changes nothing) merged unless the merged cage would
///   repeat a digit, exceed [`DEFAULT_MAX_CAGE`] cells, or let the puzzle have a second
///   solution. No givens. Each merge is proved to keep the solution unique; one whose proof
///   takes more than 20,000 nodes is not made (dancing links prove most in a few thousand,
///   a few would take millions), so no two neighbouring cages can be merged by a short
///   proof.
///
/// ```
/// use dlx_sudoku::variant::{Variant, VariantSolver, generate};
/// let made = generate(Variant::X, 4, 7)?;
/// let mut solver = VariantSolver::new();
/// assert_eq!(solver.count(&made.puzzle, None), 1);
/// assert!(made.solution.solves(&made.puzzle));
/// assert_eq!(generate(Variant::X, 4, 7)?, made); // the seed decides everything
/// # Ok::<(), dlx_sudoku::SudokuError>(())
/// ```
pub fn generate(variant: Variant, side: usize, seed: u64) -> Result<Generated, SudokuError> {
    if variant == Variant::Samurai && side != 9 {
        return Err(super::layout::bad(format!(
            "a samurai's grids are 9x9, not {side}x{side}"
        )));
    }
    if !(2..=MAX_GENERATED_SIDE).contains(&side) {
        return Err(super::layout::bad(format!(
            "side {side}: puzzles are generated with sides 2 to {MAX_GENERATED_SIDE}"
        )));
    }
    let mut rng = SplitMix64::new(seed);
    let (layout, solution, form, notes) = match variant {
        Variant::Killer => return generate_killer(side, DEFAULT_MAX_CAGE, seed),
        Variant::Jigsaw => jigsaw(side, &mut rng)?,
        Variant::Samurai => {
            let layout = Layout::samurai();
            let solution = solution_of(&layout, &mut rng)?;
            (layout, solution, Form::Grids, String::new())
        }
        Variant::Classic | Variant::X | Variant::Windoku => {
            let layout = match variant {
                Variant::X => Layout::x(side),
                Variant::Windoku => Layout::windoku(side),
                _ => Layout::classic(side),
            }?;
            let solution = solution_of(&layout, &mut rng)?;
            (layout, solution, Form::Cells, String::new())
        }
    };
    let givens = minimal(&layout, &solution, &mut rng);
    let layout = Arc::new(layout);
    let puzzle = Puzzle::named(variant, layout, givens, form, notes);
    Ok(Generated {
        solution: puzzle.with_values(solution),
        puzzle,
        seed,
    })
}

/// `count` puzzles of `variant` and side N, as `dlx sudoku generate --variant` makes them:
/// puzzle k (from 0) from seed `seed + k`, by [`generate`], or for a killer by
/// [`generate_killer`] with cages of at most `max_cage` cells. Each comes with its seed;
/// seeds that would pass `u64::MAX` are refused before anything is made.
///
/// ```
/// use dlx_sudoku::variant::{Variant, generate, generate_many};
/// let made: Vec<_> = generate_many(Variant::X, 4, 5, 7, 2)?.collect();
/// assert_eq!(made[1].0, 8);
/// assert_eq!(made[1].1.as_ref().unwrap(), &generate(Variant::X, 4, 8)?);
/// assert!(generate_many(Variant::X, 4, 5, u64::MAX, 2).is_err());
/// # Ok::<(), dlx_sudoku::SudokuError>(())
/// ```
pub fn generate_many(
    variant: Variant,
    side: usize,
    max_cage: usize,
    seed: u64,
    count: u64,
) -> Result<impl Iterator<Item = (u64, Result<Generated, SudokuError>)>, SudokuError> {
    if seed.checked_add(count.saturating_sub(1)).is_none() {
        return Err(super::layout::bad(format!(
            "seed {seed}, {count} puzzles: the seeds would pass {}",
            u64::MAX
        )));
    }
    Ok((0..count).map(move |k| {
        let seed = seed + k;
        let made = match variant {
            Variant::Killer => generate_killer(side, max_cage, seed),
            v => generate(v, side, seed),
        };
        (seed, made)
    }))
}

/// Makes a minimal puzzle of any layout from `seed`, as [`generate`] makes a classic one.
/// A layout without solutions (or whose random solution the search cannot find within its
/// budget, 50 times) is an error.
///
/// ```
/// use dlx_sudoku::variant::{Layout, VariantSolver, generate_on};
/// // Rows and columns of 5: a latin square puzzle.
/// let made = generate_on(&Layout::jigsaw(&"abcde".repeat(5))?, 3)?;
/// assert!(VariantSolver::new().is_unique(&made.puzzle));
/// # Ok::<(), dlx_sudoku::SudokuError>(())
/// ```
pub fn generate_on(layout: &Layout, seed: u64) -> Result<Generated, SudokuError> {
    let mut rng = SplitMix64::new(seed);
    let solution = solution_of(layout, &mut rng)?;
    let givens = minimal(layout, &solution, &mut rng);
    let puzzle = Puzzle::new(layout.clone(), givens)?;
    Ok(Generated {
        solution: puzzle.with_values(solution),
        puzzle,
        seed,
    })
}

/// A uniformly drawn index below `n`.
fn below(rng: &mut SplitMix64, n: usize) -> usize {
    rng.below(n as u32) as usize
}

/// Shuffles `v` (Fisher-Yates).
fn shuffle<T>(v: &mut [T], rng: &mut SplitMix64) {
    for i in (1..v.len()).rev() {
        v.swap(i, below(rng, i + 1));
    }
}

/// A random solution of the empty layout: the first one found with the options shuffled.
fn random_solution(layout: &Layout, rng: &mut SplitMix64) -> Option<Vec<u8>> {
    let empty = vec![0; layout.cell_count()];
    for _ in 0..TRIES {
        let found = Cover::new(layout, Some(&mut *rng)).search(
            &empty,
            Some(1),
            None,
            Some(SOLUTION_BUDGET),
        );
        if found.first.is_some() || found.complete {
            // A search that ran to its end without a solution proves there is none.
            return found.first;
        }
    }
    None
}

fn solution_of(layout: &Layout, rng: &mut SplitMix64) -> Result<Vec<u8>, SudokuError> {
    random_solution(layout, rng)
        .ok_or_else(|| super::layout::bad("the layout has no solution to make a puzzle from"))
}

/// Takes the givens of `solution` away in random order, each unless the puzzle would have a
/// second solution, or the proof that it has none takes more than [`PROOF_BUDGET`] nodes.
fn minimal(layout: &Layout, solution: &[u8], rng: &mut SplitMix64) -> Vec<u8> {
    let mut cover = Cover::new(layout, None);
    let mut givens = solution.to_vec();
    let mut order: Vec<usize> = (0..givens.len()).collect();
    shuffle(&mut order, rng);
    // Takes given `k` away if the puzzle stays unique, proved within `budget` nodes; says
    // whether the proof was cut.
    let mut try_without = |givens: &mut [u8], k: usize, budget: Option<u64>| {
        let v = std::mem::replace(&mut givens[k], 0);
        let proof = cover.search(givens, Some(2), None, budget);
        if !(proof.complete && proof.count == 1) {
            givens[k] = v;
        }
        !proof.complete
    };
    let cut: Vec<usize> = (order.into_iter())
        .filter(|&k| try_without(&mut givens, k, Some(PROOF_BUDGET)))
        .collect();
    // The givens kept only because their proofs ran past the budget are tried again, last
    // and to the end: taking givens away only adds solutions, so every given kept for a
    // second solution is still needed, and the puzzle is minimal.
    for k in cut {
        try_without(&mut givens, k, None);
    }
    givens
}

/// The four neighbours of a cell of an N x N square.
fn neighbours(side: usize, k: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (k / side, k % side);
    let up = (r > 0).then(|| k - side);
    let down = (r + 1 < side).then(|| k + side);
    let left = (c > 0).then(|| k - 1);
    let right = (c + 1 < side).then(|| k + 1);
    [up, down, left, right].into_iter().flatten()
}

/// Whether the cells labelled `label` are connected through their neighbours.
fn connected(side: usize, labels: &[usize], label: usize) -> bool {
    let Some(start) = labels.iter().position(|&l| l == label) else {
        return true;
    };
    let mut seen = vec![false; labels.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 1;
    while let Some(k) = stack.pop() {
        for m in neighbours(side, k) {
            if !seen[m] && labels[m] == label {
                seen[m] = true;
                reached += 1;
                stack.push(m);
            }
        }
    }
    reached == labels.iter().filter(|&&l| l == label).count()
}

/// Random jigsaw regions of side N: the boxes (or rows), reshaped by moves that hand a cell
/// of one region to a neighbouring region and take back another of its cells, whenever both
/// regions stay connected.
fn random_regions(side: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let cells = side * side;
    let mut regions: Vec<usize> = match box_shape(side) {
        Some((h, w)) => (0..cells)
            .map(|k| (k / side / h) * (side / w) + (k % side) / w)
            .collect(),
        None => (0..cells).map(|k| k / side).collect(),
    };
    for _ in 0..20 * cells {
        // Cell a leaves region ra for a neighbouring region rb...
        let a = below(rng, cells);
        let around: Vec<usize> = neighbours(side, a).collect();
        let (ra, rb) = (regions[a], regions[around[below(rng, around.len())]]);
        if ra == rb {
            continue;
        }
        // ...and a cell of rb touching ra elsewhere than at a comes back to ra.
        let back: Vec<usize> = (0..cells)
            .filter(|&c| {
                regions[c] == rb && neighbours(side, c).any(|m| m != a && regions[m] == ra)
            })
            .collect();
        if back.is_empty() {
            continue;
        }
        let b = back[below(rng, back.len())];
        regions[a] = rb;
        regions[b] = ra;
        if !(connected(side, &regions, ra) && connected(side, &regions, rb)) {
            regions[a] = ra;
            regions[b] = rb;
        }
    }
    regions
}

/// Random regions with a random solution, drawn until the regions allow one.
fn jigsaw(
    side: usize,
    rng: &mut SplitMix64,
) -> Result<(Layout, Vec<u8>, Form, String), SudokuError> {
    let names: Vec<char> = NAMES.chars().collect();
    for _ in 0..TRIES {
        let regions = random_regions(side, rng);
        let text: String = regions.iter().map(|&r| names[r]).collect();
        let layout = Layout::jigsaw(&text)?;
        if let Some(solution) = random_solution(&layout, rng) {
            return Ok((layout, solution, Form::Cells, region_notes(&regions)));
        }
    }
    Err(super::layout::bad(format!(
        "no {side}x{side} jigsaw regions with a solution in {TRIES} draws"
    )))
}

/// Makes a killer of side N (4, 6, 8 or 9) from `seed` with cages of at most `max_cage`
/// cells (see [`generate`]).
///
/// ```
/// use dlx_sudoku::variant::{VariantSolver, generate_killer};
/// let made = generate_killer(4, 3, 11)?;
/// assert_eq!(made.puzzle.givens(), 0);
/// assert!(made.puzzle.layout().cages().iter().all(|c| c.cells().len() <= 3));
/// assert!(VariantSolver::new().is_unique(&made.puzzle));
/// # Ok::<(), dlx_sudoku::SudokuError>(())
/// ```
pub fn generate_killer(side: usize, max_cage: usize, seed: u64) -> Result<Generated, SudokuError> {
    if max_cage == 0 {
        return Err(super::layout::bad("max cage 0: a cage has a cell at least"));
    }
    if !(2..=MAX_GENERATED_SIDE).contains(&side) {
        return Err(super::layout::bad(format!(
            "side {side}: puzzles are generated with sides 2 to {MAX_GENERATED_SIDE}"
        )));
    }
    let mut rng = SplitMix64::new(seed);
    let base = Layout::classic(side)?;
    let solution = solution_of(&base, &mut rng)?;
    let cells = side * side;
    // Each cell's cage, named by its first cell; at first every cell is its own cage.
    let mut label: Vec<usize> = (0..cells).collect();
    let mut edges: Vec<(usize, usize)> = (0..cells)
        .flat_map(|k| {
            neighbours(side, k)
                .filter(move |&m| m > k)
                .map(move |m| (k, m))
        })
        .collect();
    shuffle(&mut edges, &mut rng);
    let digits = |label: &[usize], l: usize| -> (usize, u64) {
        let members = (0..cells).filter(|&k| label[k] == l);
        members.fold((0, 0), |(n, set), k| (n + 1, set | 1 << (solution[k] - 1)))
    };
    let mut layout = caged(&base, &label, &solution)?;
    loop {
        let mut changed = false;
        for &(a, b) in &edges {
            let (la, lb) = (label[a], label[b]);
            if la == lb {
                continue;
            }
            let ((na, da), (nb, db)) = (digits(&label, la), digits(&label, lb));
            if na + nb > max_cage || da & db != 0 {
                continue;
            }
            let (keep, gone) = (la.min(lb), la.max(lb));
            let before = label.clone();
            label
                .iter_mut()
                .filter(|l| **l == gone)
                .for_each(|l| *l = keep);
            let merged = caged(&base, &label, &solution)?;
            let empty = vec![0; cells];
            let proof = Cover::new(&merged, None).search(&empty, Some(2), None, Some(MERGE_BUDGET));
            if proof.complete && proof.count == 1 {
                layout = merged;
                changed = true;
            } else {
                label = before;
            }
        }
        if !changed {
            break;
        }
    }
    let notes = cage_notes(cells, layout.cages());
    let puzzle = Puzzle::named(
        Variant::Killer,
        Arc::new(layout),
        vec![0; cells],
        Form::Cells,
        notes,
    );
    Ok(Generated {
        solution: puzzle.with_values(solution),
        puzzle,
        seed,
    })
}

/// The layout with a cage per label, in the order of their first cells, named from
/// [`NAMES`], each adding up to its digits in `solution`.
fn caged(base: &Layout, label: &[usize], solution: &[u8]) -> Result<Layout, SudokuError> {
    let names: Vec<char> = NAMES.chars().collect();
    let mut firsts: Vec<usize> = label.to_vec();
    firsts.sort_unstable();
    firsts.dedup();
    let cages = firsts
        .iter()
        .enumerate()
        .map(|(i, &l)| {
            let cells: Vec<usize> = (0..label.len()).filter(|&k| label[k] == l).collect();
            let sum = cells.iter().map(|&k| u32::from(solution[k])).sum();
            Cage::new(names[i].to_string(), cells, sum)
        })
        .collect();
    base.clone().with_cages(cages)
}
