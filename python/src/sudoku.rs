//! Sudoku of any size dlx-sudoku supports (4x4 to 36x36): puzzles as text (the `dlx sudoku`
//! input, one puzzle) or as cell values (0 = blank), answered in the same form.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use dlx_sudoku::generate::{ATTEMPTS, Generator};
use dlx_sudoku::grade::{self, Grade};
use dlx_sudoku::variant::{
    DEFAULT_MAX_CAGE, Puzzle as VariantPuzzle, Variant, VariantSolver, generate_many,
};
use dlx_sudoku::{Alphabet, Grid, Solver, explain};
use pyo3::prelude::*;

use crate::SudokuError;
use crate::errors::raise;
use crate::watch::watched;

/// A puzzle as Python gives it.
#[derive(FromPyObject)]
pub enum Puzzle {
    /// Text: one line of N² cells, a grid layout, or numbers.
    Text(String),
    /// Cell values, row by row (0 = blank).
    Values(Vec<i64>),
}

/// Solvers kept between calls, each with the flag that stops it: a solver keeps the matrices
/// of the sizes it has seen.
static POOL: Mutex<Vec<(Solver, Arc<AtomicBool>)>> = Mutex::new(Vec::new());

fn take_solver() -> (Solver, Arc<AtomicBool>) {
    let kept = POOL.lock().ok().and_then(|mut p| p.pop());
    kept.unwrap_or_else(|| {
        let flag = Arc::new(AtomicBool::new(false));
        (Solver::new().interrupt(Arc::clone(&flag)), flag)
    })
}

fn put_back(solver: (Solver, Arc<AtomicBool>)) {
    solver.1.store(false, Ordering::Relaxed);
    if let Ok(mut p) = POOL.lock() {
        p.push(solver);
    }
}

/// The grid of a puzzle, in the alphabet given (a range such as `1-9`, `0-F`, or the symbols
/// spelled out) or detected.
fn grid(puzzle: &Puzzle, alphabet: Option<&str>) -> PyResult<Grid> {
    let bad = raise::<SudokuError>;
    let alphabet = alphabet.map(Alphabet::from_spec).transpose().map_err(bad)?;
    match puzzle {
        Puzzle::Text(text) => dlx_sudoku::parse(text, alphabet.as_ref()).map_err(bad),
        Puzzle::Values(values) => {
            let side = (2..=6)
                .map(|n| n * n)
                .find(|s| s * s == values.len())
                .unwrap_or(0);
            let alphabet = match alphabet {
                Some(a) => a,
                None => Alphabet::builtin(side).into_iter().next().ok_or_else(|| {
                    raise::<SudokuError>(format!(
                        "found {} cells, expected 16, 81, 256, 625 or 1296 (a square grid of 4 to 36 a side)",
                        values.len()
                    ))
                })?,
            };
            let cells = values
                .iter()
                .enumerate()
                .map(|(k, &v)| {
                    u8::try_from(v).map_err(|_| {
                        raise::<SudokuError>(format!(
                            "cell {k}: {v} is not a number from 0 to {}",
                            alphabet.side()
                        ))
                    })
                })
                .collect::<PyResult<Vec<u8>>>()?;
            Grid::from_values(cells, alphabet).map_err(bad)
        }
    }
}

/// Runs a solver on a puzzle without the GIL, watched for Ctrl-C; a `quick` search on a 9x9
/// or smaller (a first solution, or a count to 2 at most: microseconds) runs right on this
/// thread instead, while a count without a limit (a blank 9x9 has 6.7 × 10^21 solutions)
/// is watched like any other.
fn with_solver<T: Send>(
    py: Python<'_>,
    grid: &Grid,
    quick: bool,
    work: impl FnOnce(&mut Solver, &Grid) -> T + Send,
) -> PyResult<T> {
    let (mut solver, flag) = take_solver();
    let result = if quick && grid.side() <= 9 {
        Ok(py.detach(|| work(&mut solver, grid)))
    } else {
        watched(py, &flag, |_| Ok(()), || work(&mut solver, grid))
    };
    put_back((solver, flag));
    result
}

/// A solution of the puzzle (None when it has none), in the puzzle's form: text in its
/// layout and alphabet, or cell values.
#[pyfunction]
#[pyo3(signature = (puzzle, alphabet=None))]
pub fn sudoku_solve(
    py: Python<'_>,
    puzzle: Puzzle,
    alphabet: Option<&str>,
) -> PyResult<Option<Py<PyAny>>> {
    let g = grid(&puzzle, alphabet)?;
    let Some(solution) = with_solver(py, &g, true, |s, g| s.solve(g))? else {
        return Ok(None);
    };
    in_form(py, &puzzle, &solution).map(Some)
}

/// A grid in the form of the puzzle it came from: text in the puzzle's layout and alphabet,
/// or cell values.
fn in_form(py: Python<'_>, puzzle: &Puzzle, grid: &Grid) -> PyResult<Py<PyAny>> {
    let value = match puzzle {
        Puzzle::Text(_) => grid.to_string().into_pyobject(py)?.into_any(),
        Puzzle::Values(_) => {
            let values: Vec<u32> = grid.values().iter().map(|&v| u32::from(v)).collect();
            values.into_pyobject(py)?.into_any()
        }
    };
    Ok(value.unbind())
}

/// The number of solutions of the puzzle, up to `limit`.
#[pyfunction]
#[pyo3(signature = (puzzle, limit=None, alphabet=None))]
pub fn sudoku_count(
    py: Python<'_>,
    puzzle: Puzzle,
    limit: Option<u64>,
    alphabet: Option<&str>,
) -> PyResult<u64> {
    let g = grid(&puzzle, alphabet)?;
    let quick = limit.is_some_and(|l| l <= 2);
    with_solver(py, &g, quick, |s, g| s.count(g, limit))
}

/// Minimal puzzles with one solution, as `dlx sudoku generate` makes them: `count` from
/// `seed`, of side `size`, optionally in 180° symmetry or of a grade (1 to 4 or its name),
/// one line each. Made without the GIL; a Ctrl-C stops it after the puzzle under way.
#[pyfunction]
#[pyo3(signature = (count=1, size=9, seed=1, symmetric=false, grade=None, attempts=ATTEMPTS))]
pub fn sudoku_generate(
    py: Python<'_>,
    count: u64,
    size: usize,
    seed: u64,
    symmetric: bool,
    grade: Option<String>,
    attempts: u64,
) -> PyResult<Vec<String>> {
    let n = (2..=6).find(|n| n * n == size).ok_or_else(|| {
        raise::<SudokuError>(format!(
            "size {size}: sides are 4, 9, 16, 25 or 36 (boxes 2x2 to 6x6)"
        ))
    })?;
    if attempts == 0 {
        return Err(raise::<SudokuError>("attempts: at least 1"));
    }
    let mut generator = Generator::new(n)
        .map_err(raise::<SudokuError>)?
        .seed(seed)
        .symmetric(symmetric)
        .attempts(attempts);
    if let Some(g) = grade {
        generator = generator.grade(g.parse::<Grade>().map_err(raise::<SudokuError>)?);
    }
    let puzzles = (0..count).map(|_| generator.generate().map(|g| g.puzzle.to_line()));
    let made = making(py, puzzles)?;
    made.map_err(raise::<SudokuError>)
}

/// The puzzles `made` makes, one at a time (its first error ends it), without the GIL; a
/// Ctrl-C stops it after the puzzle under way, raising KeyboardInterrupt.
fn making<E: Send>(
    py: Python<'_>,
    mut made: impl Iterator<Item = Result<String, E>> + Send,
) -> PyResult<Result<Vec<String>, E>> {
    let stop = AtomicBool::new(false);
    watched(
        py,
        &stop,
        |_| Ok(()),
        || {
            // Each puzzle is made when it is taken: the flag is looked at before.
            let mut all = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                match made.next() {
                    Some(puzzle) => all.push(puzzle?),
                    None => break,
                }
            }
            Ok(all)
        },
    )
}

/// A grade as Python is given it: (number, name, nodes).
type RatingTuple = (u8, &'static str, u64);

/// A puzzle's grade as `dlx sudoku grade` gives it: (number, name, nodes), or None when it
/// has no solution or several.
#[pyfunction]
#[pyo3(signature = (puzzle, alphabet=None))]
pub fn sudoku_grade(
    py: Python<'_>,
    puzzle: Puzzle,
    alphabet: Option<&str>,
) -> PyResult<Option<RatingTuple>> {
    let g = grid(&puzzle, alphabet)?;
    let rating = graded(py, &g, |grader, stop| grader.grade_until(&g, stop))?;
    Ok(rating
        .ok()
        .map(|r| (r.grade.number(), r.grade.name(), r.nodes)))
}

/// Runs `work` with a grader: watched for Ctrl-C from 16x16 up (a hard 36x36 takes half a
/// minute), right on this thread without the GIL for 9x9 and smaller (microseconds, less than
/// starting a watched thread).
fn graded<T: Send>(
    py: Python<'_>,
    g: &Grid,
    work: impl FnOnce(&mut grade::Grader, &AtomicBool) -> Option<T> + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    let mut grader = grade::Grader::new();
    let done = if g.side() <= 9 {
        py.detach(|| work(&mut grader, &stop))
    } else {
        watched(py, &stop, |_| Ok(()), || work(&mut grader, &stop))?
    };
    // The flag is only set when the watcher raises, which `watched` passes on.
    done.ok_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("grading stopped"))
}

/// One step of an explanation: its rule, its text, and either the cell (row, column from 0)
/// and digit (1 to the side) it places, or the (cell, digit) options it removes; for a probe
/// that fails, the texts of the steps to its dead end.
type ExplainedStep = (
    &'static str,
    String,
    Option<((usize, usize), u8)>,
    Vec<((usize, usize), u8)>,
    Option<Vec<String>>,
);

/// An explanation as Python is given it: (rating, steps, the grid reached, solved).
type ExplainedTuple = (RatingTuple, Vec<ExplainedStep>, Py<PyAny>, bool);

/// A puzzle solved step by step by the grading rules, as `dlx sudoku explain` shows it:
/// ((number, name, nodes), steps, the grid reached in the puzzle's form, whether that is the
/// solution), or None when it has no solution or several.
#[pyfunction]
#[pyo3(signature = (puzzle, alphabet=None))]
pub fn sudoku_explain(
    py: Python<'_>,
    puzzle: Puzzle,
    alphabet: Option<&str>,
) -> PyResult<Option<ExplainedTuple>> {
    let g = grid(&puzzle, alphabet)?;
    let Ok(e) = graded(py, &g, |grader, stop| grader.explain_until(&g, stop))? else {
        return Ok(None);
    };
    let at = |c: explain::Cell| (c.row, c.column);
    let steps = (e.steps.iter())
        .map(|s| {
            let placed = s.placed().map(|(c, d)| (at(c), d));
            let removed = s.removed().into_iter().map(|(c, d)| (at(c), d)).collect();
            let text = s.display(g.alphabet()).to_string();
            let chain = match s {
                explain::Step::Probe {
                    outcome: explain::Outcome::Fails { chain, .. },
                    ..
                } => Some(
                    chain
                        .iter()
                        .map(|c| c.display(g.alphabet()).to_string())
                        .collect(),
                ),
                _ => None,
            };
            (s.rule(), text, placed, removed, chain)
        })
        .collect();
    let r = e.rating;
    Ok(Some((
        (r.grade.number(), r.grade.name(), r.nodes),
        steps,
        in_form(py, &puzzle, &e.reached)?,
        e.reached.is_complete(),
    )))
}

/// The variant named `name` (`classic`, `x`, `windoku`, `jigsaw`, `samurai`, `killer`).
fn variant(name: &str) -> PyResult<Variant> {
    name.parse::<Variant>().map_err(raise::<SudokuError>)
}

/// A variant puzzle read from its one-line format (`dlx sudoku --variant NAME` reads them).
fn variant_puzzle(line: &str, name: &str) -> PyResult<VariantPuzzle> {
    variant(name)?.parse(line).map_err(raise::<SudokuError>)
}

/// Runs a variant solver on a puzzle without the GIL, watched for Ctrl-C.
fn with_variant_solver<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut VariantSolver) -> T + Send,
) -> PyResult<T> {
    let flag = Arc::new(AtomicBool::new(false));
    let mut solver = VariantSolver::new().interrupt(Arc::clone(&flag));
    watched(py, &flag, |_| Ok(()), || work(&mut solver))
}

/// A solution of a variant puzzle in its one-line format (None when it has none).
#[pyfunction]
pub fn sudoku_variant_solve(py: Python<'_>, line: &str, name: &str) -> PyResult<Option<String>> {
    let puzzle = variant_puzzle(line, name)?;
    let solved = with_variant_solver(py, |s| s.solve(&puzzle))?;
    Ok(solved.map(|s| s.to_line()))
}

/// The number of solutions of a variant puzzle, up to `limit`.
#[pyfunction]
#[pyo3(signature = (line, name, limit=None))]
pub fn sudoku_variant_count(
    py: Python<'_>,
    line: &str,
    name: &str,
    limit: Option<u64>,
) -> PyResult<u64> {
    let puzzle = variant_puzzle(line, name)?;
    with_variant_solver(py, |s| s.count(&puzzle, limit))
}

/// Variant puzzles with one solution, as `dlx sudoku generate --variant NAME` makes them:
/// puzzle k from seed `seed + k`, of side `size`, killer cages of at most `max_cage` cells
/// ([`DEFAULT_MAX_CAGE`] when not given). Made without the GIL; a Ctrl-C stops it after the
/// puzzle under way.
#[pyfunction]
#[pyo3(signature = (name, count, size, seed, max_cage=None))]
pub fn sudoku_variant_generate(
    py: Python<'_>,
    name: &str,
    count: u64,
    size: usize,
    seed: u64,
    max_cage: Option<usize>,
) -> PyResult<Vec<String>> {
    let v = variant(name)?;
    let max_cage = max_cage.unwrap_or(DEFAULT_MAX_CAGE);
    let puzzles = generate_many(v, size, max_cage, seed, count).map_err(raise::<SudokuError>)?;
    let puzzles =
        puzzles.map(|(seed, made)| made.map(|g| g.puzzle.to_string()).map_err(|e| (seed, e)));
    let made = making(py, puzzles)?;
    made.map_err(|(seed, e): (u64, dlx_sudoku::SudokuError)| {
        // A layout's errors say `line 1`: here there is no line, only the seed.
        let reason = match e {
            dlx_sudoku::SudokuError::Variant { reason, .. } => reason,
            e => e.to_string(),
        };
        raise::<SudokuError>(format!("variant {name}, seed {seed}: {reason}"))
    })
}
