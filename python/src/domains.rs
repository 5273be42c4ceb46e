//! The puzzle builders: N queens, polyomino packings (named, or described as the `dlx
//! polyomino` command reads them) and the paper's named problems, each a `Problem` that
//! draws its solutions as the command's `--print` does.

use std::sync::Arc;

use dlx_core::Heuristic;
use dlx_queens::{Order, Queens};
use pyo3::prelude::*;

use crate::PuzzleError;
use crate::errors::raise;
use crate::problem::Problem;

/// N queens with Knuth's matrix: ranks and files primary in organ-pipe order (or plain with
/// `plain_order`), diagonals secondary; `ranks_only` makes the files secondary too (the
/// paper's R-variant). Solutions draw as boards; `classes()` counts the fundamental solutions
/// under the board's turns and reflections.
#[pyfunction]
#[pyo3(signature = (n, *, ranks_only=false, plain_order=false))]
pub fn queens(n: usize, ranks_only: bool, plain_order: bool) -> PyResult<Problem> {
    let order = if plain_order {
        Order::Plain
    } else {
        Order::OrganPipe
    };
    let queens = Queens::new(n)
        .map_err(|e| {
            raise::<PuzzleError>(dlx_paper::PaperError::BadParameter {
                name: format!("queens {n}"),
                reason: e.to_string(),
            })
        })?
        .with_order(order)
        .ranks_only(ranks_only);
    let matrix = queens.matrix();
    let group = queens.symmetry_group().ok();
    let render = move |s: &dlx_core::Solution| queens.board(s).ascii();
    Ok(Problem::named(
        matrix,
        format!("{n} queens"),
        Heuristic::Mrv,
        Some(Arc::new(render)),
    )
    .with_symmetries(group))
}

/// A polyomino packing: a named problem of the paper (`pentomino-6x10`, `scott`, ...;
/// `polyomino_names()` lists them), or a board and pieces described as `dlx polyomino
/// --board --pieces` reads them: the board as rows of `#` (cell), `o` (a cell that may stay
/// empty) and `.` (hole), the pieces one a line (`pentominoes`, `one-sided pentominoes`,
/// `tetrominoes`, `domino`, or `piece NAME PICTURE [flags]`, rows of the picture separated
/// by `/`; flags `one-sided`, `copies`, `copies=N`, `copies=LO-HI`). Solutions draw as the
/// tiling's outline with its symmetries.
#[pyfunction]
#[pyo3(signature = (name=None, *, board=None, pieces=None))]
pub fn polyomino(
    name: Option<&str>,
    board: Option<&str>,
    pieces: Option<&str>,
) -> PyResult<Problem> {
    let (title, packing) = match (name, board, pieces) {
        (Some(name), None, None) if dlx_polyomino::problems::Problem::named(name).is_some() => {
            let p = dlx_polyomino::problems::Problem::named(name).expect("just found");
            let packing =
                (p.puzzle().build()).map_err(|e| raise::<PuzzleError>(format!("{name}: {e}")))?;
            (name.to_string(), packing)
        }
        (Some(name), None, None) => {
            let puzzle = dlx_paper::polyomino::puzzle(name).ok_or_else(|| {
                raise::<PuzzleError>(format!(
                    "unknown polyomino problem `{name}`; polyomino_names() lists the names"
                ))
            })?;
            let packing = puzzle
                .build()
                .map_err(|e| raise::<PuzzleError>(format!("{name}: {e}")))?;
            (name.to_string(), packing)
        }
        (None, Some(board), Some(pieces)) => {
            let puzzle =
                dlx_polyomino::parse_puzzle(board, pieces).map_err(raise::<PuzzleError>)?;
            let packing = puzzle
                .build()
                .map_err(|e| raise::<PuzzleError>(format!("pieces: {e}")))?;
            ("polyomino packing".to_string(), packing)
        }
        _ => {
            return Err(raise::<PuzzleError>(
                "give a problem name, or both board= and pieces=",
            ));
        }
    };
    let matrix = packing.matrix.clone();
    let group = packing.symmetry_group().ok();
    let render = move |s: &dlx_core::Solution| {
        let t = packing.tiling(s);
        format!("{}hsym {}, vsym {}", t.to_outline(), t.hsym(), t.vsym())
    };
    Ok(
        Problem::named(matrix, title, Heuristic::Mrv, Some(Arc::new(render)))
            .with_symmetries(group),
    )
}

/// A polycube packing, as `dlx polycube` reads one: a named problem (`soma`,
/// `flat-pentacubes-3x4x5`, `bedlam`, ...; `polycube_names()` lists them), a board (`box`, a
/// size `AxBxC`, or `board`, layers of `#` cell, `o` a cell that may stay empty, `.` hole,
/// separated by blank lines) with `pieces` (one a line: `soma`, `tetracubes`,
/// `pentacubes`, `flat-pentacubes`, `bedlam`, or `piece NAME SHAPE [free]
/// [copies=N | copies=LO-HI]`), or `spec`, a problem in the input format of Knuth's
/// polycube-dlx. Solutions draw as their layers side by side; `classes()` counts under the
/// symmetries of the board and pieces.
#[pyfunction]
#[pyo3(signature = (name=None, *, r#box=None, board=None, pieces=None, spec=None))]
pub fn polycube(
    name: Option<&str>,
    r#box: Option<&str>,
    board: Option<&str>,
    pieces: Option<&str>,
    spec: Option<&str>,
) -> PyResult<Problem> {
    let bad = |e: String| raise::<PuzzleError>(e);
    let (title, puzzle) = match (name, r#box.or(board), pieces, spec) {
        (Some(name), None, None, None) => {
            let p = dlx_polycube::problem(name).ok_or_else(|| {
                bad(format!(
                    "unknown polycube problem `{name}`; polycube_names() lists the names"
                ))
            })?;
            (name.to_string(), p.puzzle())
        }
        (None, Some(shape), Some(pieces), None) if r#box.is_none() || board.is_none() => {
            dlx_polycube::parse_board(shape).map_err(|e| bad(format!("board: {e}")))?;
            let puzzle = dlx_polycube::parse_puzzle(shape, pieces)
                .map_err(|e| bad(format!("pieces: {e}")))?;
            ("polycube packing".to_string(), puzzle)
        }
        (None, None, None, Some(spec)) => {
            let puzzle = dlx_polycube::parse_spec(spec).map_err(|e| bad(format!("spec: {e}")))?;
            ("polycube-dlx problem".to_string(), puzzle)
        }
        _ => {
            return Err(bad(
                "give a problem name, box= or board= with pieces=, or spec=".to_string(),
            ));
        }
    };
    let packing = puzzle.build().map_err(|e| bad(format!("{title}: {e}")))?;
    let matrix = packing.matrix.clone();
    let group = packing.symmetry_group().ok();
    let render = move |s: &dlx_core::Solution| packing.filling(s).to_text();
    Ok(
        Problem::named(matrix, title, Heuristic::Mrv, Some(Arc::new(render)))
            .with_symmetries(group),
    )
}

/// A polyiamond packing, as `dlx polyiamond` reads one: a named problem of the paper
/// (`hexiamonds-rhombus`, ...; `paper_names()` lists them), or a described board, `rhombus`
/// (`MxN`, e.g. `9x4`), `board` (ASCII art: a line per strip, two characters a unit, `.` a
/// hole, `?` a triangle that may stay empty) or `cells` (names, `01?` one that may stay
/// empty), filled with `pieces`: `hexiamonds` (the twelve free ones) or `one-sided` (the
/// nineteen). Solutions draw as the board's triangles; `classes()` counts under the board's
/// symmetries that the pieces allow.
#[pyfunction]
#[pyo3(signature = (name=None, *, rhombus=None, board=None, cells=None, pieces="hexiamonds"))]
pub fn polyiamond(
    name: Option<&str>,
    rhombus: Option<&str>,
    board: Option<&str>,
    cells: Option<&str>,
    pieces: &str,
) -> PyResult<Problem> {
    use dlx_polyiamond::Board;
    let bad = |e: String| raise::<PuzzleError>(e);
    let (title, placed) = match (name, rhombus, board, cells) {
        (Some(name), None, None, None) => {
            let placed = dlx_paper::polyiamond::placed(name)
                .ok_or_else(|| bad(format!("unknown polyiamond problem `{name}`")))?
                .map_err(|e| bad(e.to_string()))?;
            (name.to_string(), placed)
        }
        (None, Some(size), None, None) => {
            let (m, n) = (size.split_once('x'))
                .and_then(|(m, n)| Some((m.parse::<i32>().ok()?, n.parse::<i32>().ok()?)))
                .ok_or_else(|| bad(format!("rhombus {size}: expected MxN, e.g. 6x6")))?;
            let board = Board::rhombus(m, n).map_err(|e| bad(format!("rhombus {size}: {e}")))?;
            (format!("{m}x{n} rhombus"), described(board, pieces)?)
        }
        (None, None, Some(art), None) => {
            let board = Board::from_art(art).map_err(|e| bad(format!("board: {e}")))?;
            ("polyiamond board".to_string(), described(board, pieces)?)
        }
        (None, None, None, Some(names)) => {
            let board = Board::parse(names).map_err(|e| bad(format!("cells: {e}")))?;
            ("polyiamond board".to_string(), described(board, pieces)?)
        }
        _ => {
            return Err(bad(
                "give a problem name, or one of rhombus=, board= and cells=".to_string(),
            ));
        }
    };
    let matrix = placed.matrix.clone();
    let group = placed.symmetry_group().ok();
    let render = move |s: &dlx_core::Solution| {
        dlx_polyiamond::render::text(&placed.board, &placed.labelling(s))
    };
    Ok(
        Problem::named(matrix, title, Heuristic::Mrv, Some(Arc::new(render)))
            .with_symmetries(group),
    )
}

/// A described polyiamond `board` filled with the piece set named `pieces`.
fn described(board: dlx_polyiamond::Board, pieces: &str) -> PyResult<dlx_polyiamond::Placed> {
    let set = dlx_polyiamond::hexiamonds::named_set(pieces).ok_or_else(|| {
        raise::<PuzzleError>(format!(
            "pieces {pieces}: expected `hexiamonds` or `one-sided`"
        ))
    })?;
    let mut puzzle = dlx_polyiamond::Puzzle::new(board);
    puzzle.pieces(set);
    puzzle
        .build()
        .map_err(|e| raise::<PuzzleError>(e.to_string()))
}

/// The named polycube problems as `(name, description)` pairs (`dlx polycube list`).
#[pyfunction]
pub fn polycube_names() -> Vec<(String, String)> {
    (dlx_polycube::PROBLEMS.iter())
        .map(|p| (p.name.to_string(), p.about.to_string()))
        .collect()
}

/// A named problem of the paper (`matrix3`, `queens-8`, `pentomino-6x10`, ...;
/// `paper_names()` lists them), with the rule behind the paper's figures as its default and
/// the paper's picture of a solution: `dlx paper NAME`.
#[pyfunction]
pub fn paper(name: &str) -> PyResult<Problem> {
    let p = dlx_paper::problem(name).map_err(raise::<PuzzleError>)?;
    let render = p.render;
    Ok(Problem::named(
        p.matrix,
        p.name,
        p.heuristic,
        Some(Arc::new(move |s: &dlx_core::Solution| render(s))),
    ))
}

/// The paper's named problems as `(pattern, description)` pairs, as `dlx paper list`
/// prints them (a pattern such as `queens-N` stands for a family).
#[pyfunction]
pub fn paper_names() -> Vec<(String, String)> {
    dlx_paper::families()
        .iter()
        .map(|f| (f.pattern.to_string(), f.about.to_string()))
        .collect()
}

/// The named polyomino problems as `(name, description)` pairs (`dlx polyomino list`).
#[pyfunction]
pub fn polyomino_names() -> Vec<(String, String)> {
    let classic = dlx_polyomino::problems::PROBLEMS
        .iter()
        .map(|p| (p.name, p.about));
    (classic.chain(dlx_paper::polyomino::NAMES.iter().copied()))
        .map(|(n, a)| (n.to_string(), a.to_string()))
        .collect()
}
