//! The puzzle builders: N queens, polyomino packings (named, or described as the `dlx
//! polyomino` command reads them) and the paper's named problems, each a `Problem` that
//! draws its solutions as the command's `--print` does.

use std::sync::Arc;

use dlx_core::Heuristic;
use dlx_queens::{Order, Queens};
use pyo3::prelude::*;
use pyo3::types::PyDict;

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
    Ok(puzzle_problem(matrix, format!("{n} queens"), group, render))
}

/// A polyomino packing: a named problem of the paper (`pentomino-6x10`, `scott`, ...;
/// `polyomino_names()` lists them), or a board and pieces described as `dlx polyomino
/// --board --pieces` reads them: the board as rows of `#` (cell), `o` (a cell that may stay
/// empty) and `.` (hole), the pieces one a line (`pentominoes`, `one-sided pentominoes`,
/// `hexominoes` (`H1` to `H35`, as `dlx polyomino --show-pieces` draws them), `tetrominoes`,
/// `trominoes`, `domino`, `monomino`, or `piece NAME PICTURE [flags]`, rows of the picture separated
/// by `/`; flags `one-sided`, `copies`, `copies=N`, `copies=LO-HI`, and `suffix=TEXT`
/// ending each name of a set; `place NAME CELL...` keeps one placement of a piece, by the
/// cells it covers, `12` for row 1, column 2). Solutions draw as the tiling's outline with its symmetries.
/// A piece whose cells do not all touch is placed as given, with a `UserWarning`.
#[pyfunction]
#[pyo3(signature = (name=None, *, board=None, pieces=None))]
pub fn polyomino(
    py: Python<'_>,
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
            warn_scattered(py, &puzzle.scattered_pieces())?;
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
    let (matrix, group) = (packing.matrix.clone(), packing.symmetry_group().ok());
    let render = move |s: &dlx_core::Solution| {
        let t = packing.tiling(s);
        format!("{}hsym {}, vsym {}", t.to_outline(), t.hsym(), t.vsym())
    };
    Ok(puzzle_problem(matrix, title, group, render))
}

/// A polycube packing, as `dlx polycube` reads one: a named problem (`soma`,
/// `flat-pentacubes-3x4x5`, `bedlam`, ...; `polycube_names()` lists them), a board (`box`, a
/// size `AxBxC`, or `board`, layers of `#` cell, `o` a cell that may stay empty, `.` hole,
/// separated by blank lines) with `pieces` (one a line: `soma`, `tetracubes`,
/// `pentacubes`, `flat-pentacubes`, `bedlam`, each with `copies=` and `suffix=TEXT`, or
/// `piece NAME SHAPE [free] [copies=N | copies=LO-HI]`; `place NAME X,Y,Z...` keeps one
/// placement of a piece), or `spec`, a problem in the input
/// format of Knuth's polycube-dlx. Solutions draw as their layers side by side; `classes()` counts under the
/// symmetries of the board and pieces.
#[pyfunction]
#[pyo3(signature = (name=None, *, r#box=None, board=None, pieces=None, spec=None))]
pub fn polycube(
    py: Python<'_>,
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
            warn_scattered(py, &puzzle.scattered_pieces())?;
            ("polycube packing".to_string(), puzzle)
        }
        (None, None, None, Some(spec)) => {
            let puzzle = dlx_polycube::parse_spec(spec).map_err(|e| bad(format!("spec: {e}")))?;
            warn_scattered(py, &puzzle.scattered_pieces())?;
            ("polycube-dlx problem".to_string(), puzzle)
        }
        _ => {
            return Err(bad(
                "give a problem name, box= or board= with pieces=, or spec=".to_string(),
            ));
        }
    };
    let packing = puzzle.build().map_err(|e| bad(format!("{title}: {e}")))?;
    let (matrix, group) = (packing.matrix.clone(), packing.symmetry_group().ok());
    let render = move |s: &dlx_core::Solution| packing.filling(s).to_text();
    Ok(puzzle_problem(matrix, title, group, render))
}

/// A polyiamond packing, as `dlx polyiamond` reads one: a named problem of the paper
/// (`hexiamonds-rhombus`, ...; `paper_names()` lists them), or a described board, `rhombus`
/// (`MxN`, e.g. `9x4`), `board` (ASCII art: a line per strip, two characters a unit, `.` a
/// hole, `?` a triangle that may stay empty) or `cells` (names, `01?` one that may stay
/// empty), filled with `pieces`: `hexiamonds` (the twelve free ones), `one-sided` (the
/// nineteen) or `none`, and `own`, pieces of one's own (`{"T": "00 00* 01"}`, free).
/// Solutions draw as the board's triangles; `classes()` counts under the board's symmetries
/// that the pieces allow.
#[pyfunction]
#[pyo3(signature = (
    name=None, *, rhombus=None, board=None, cells=None, pieces="hexiamonds", copies=None,
    one_sided=None, own=None
))]
#[allow(clippy::too_many_arguments)]
pub fn polyiamond(
    name: Option<&str>,
    rhombus: Option<&str>,
    board: Option<&str>,
    cells: Option<&str>,
    pieces: &str,
    copies: Option<&Bound<'_, PyDict>>,
    one_sided: Option<Vec<String>>,
    own: Option<&Bound<'_, PyDict>>,
) -> PyResult<Problem> {
    use dlx_polyiamond::Board;
    let bad = |e: String| raise::<PuzzleError>(e);
    let extra = Extra {
        copies: piece_counts(copies)?,
        one_sided: one_sided.unwrap_or_default(),
        own: own_pieces(own)?,
    };
    if name.is_some()
        && !(extra.copies.is_empty() && extra.one_sided.is_empty() && extra.own.is_empty())
    {
        return Err(bad(
            "copies=, one_sided= and own= are for a described board, not a named problem".into(),
        ));
    }
    let fill = |board, pieces| described(board, pieces, &extra);
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
            (format!("{m}x{n} rhombus"), fill(board, pieces)?)
        }
        (None, None, Some(art), None) => {
            let board = Board::from_art(art).map_err(|e| bad(format!("board: {e}")))?;
            ("polyiamond board".to_string(), fill(board, pieces)?)
        }
        (None, None, None, Some(names)) => {
            let board = Board::parse(names).map_err(|e| bad(format!("cells: {e}")))?;
            ("polyiamond board".to_string(), fill(board, pieces)?)
        }
        _ => {
            return Err(bad(
                "give a problem name, or one of rhombus=, board= and cells=".to_string(),
            ));
        }
    };
    let (matrix, group) = (placed.matrix.clone(), placed.symmetry_group().ok());
    let render = move |s: &dlx_core::Solution| {
        dlx_polyiamond::render::text(&placed.board, &placed.labelling(s))
    };
    Ok(puzzle_problem(matrix, title, group, render))
}

/// What a described polyiamond board adds to its piece set: pieces of one's own, counts and
/// one-sided pieces.
struct Extra {
    copies: Vec<(String, (u32, u32))>,
    one_sided: Vec<String>,
    own: Vec<(String, String)>,
}

/// A described polyiamond `board` filled with the piece set named `pieces`.
fn described(
    board: dlx_polyiamond::Board,
    pieces: &str,
    extra: &Extra,
) -> PyResult<dlx_polyiamond::Placed> {
    let bad = |e: String| raise::<PuzzleError>(e);
    let set = dlx_polyiamond::hexiamonds::named_set(pieces).ok_or_else(|| {
        bad(format!(
            "pieces {pieces}: expected `hexiamonds`, `one-sided` or `none`"
        ))
    })?;
    let mut puzzle = dlx_polyiamond::Puzzle::new(board);
    puzzle.pieces(set);
    for (label, cells) in &extra.own {
        (puzzle.own_piece(label, cells)).map_err(|e| bad(format!("own[{label:?}]: {e}")))?;
    }
    for (k, label) in extra.one_sided.iter().enumerate() {
        if extra.one_sided[..k].contains(label) {
            return Err(bad(format!("one_sided: piece `{label}` is given twice")));
        }
        (puzzle.one_sided(label)).map_err(|e| bad(format!("one_sided {label}: {e}")))?;
    }
    for (label, (lo, hi)) in &extra.copies {
        (puzzle.count(label, *lo, *hi)).map_err(|e| bad(format!("copies[{label:?}]: {e}")))?;
    }
    puzzle.build().map_err(|e| bad(e.to_string()))
}

/// Pieces of one's own given as a dict, a label to its cell names, in the dict's order.
fn own_pieces(own: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let Some(own) = own else {
        return Ok(Vec::new());
    };
    let mut pieces = Vec::new();
    for (key, value) in own.iter() {
        let label: String = key.extract().map_err(|_| {
            raise::<PuzzleError>(format!("own: a piece's label is a string, not {key}"))
        })?;
        let cells: String = value.extract().map_err(|_| {
            raise::<PuzzleError>(format!(
                "own[{label:?}]: the cells are one string of names (\"00 00* 01\"), not {value}"
            ))
        })?;
        pieces.push((label, cells));
    }
    Ok(pieces)
}

/// Piece counts given as a dict, a piece's name to `N` or `(LO, HI)`, in the dict's order.
fn piece_counts(copies: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, (u32, u32))>> {
    let Some(copies) = copies else {
        return Ok(Vec::new());
    };
    let mut counts = Vec::new();
    for (key, value) in copies.iter() {
        let name: String = key
            .extract()
            .map_err(|_| raise::<PuzzleError>(format!("copies: a piece's name, not {key}")))?;
        let (lo, hi) = (value.extract::<u32>().map(|n| (n, n)))
            .or_else(|_| value.extract::<(u32, u32)>())
            .map_err(|_| {
                raise::<PuzzleError>(format!(
                    "copies[{name:?}] = {value}: expected N or (LO, HI), whole numbers from 0 \
                     to {}",
                    u32::MAX
                ))
            })?;
        let m = dlx_core::Multiplicity::count(lo, hi)
            .map_err(|e| raise::<PuzzleError>(format!("copies[{name:?}] = {value}: {e}")))?;
        counts.push((name, (m.lower, m.upper)));
    }
    Ok(counts)
}

/// A polystick puzzle, as `dlx polystick` reads one: a named problem
/// (`tetrasticks-welded-4x4`, ...; `polystick_names()` lists them), or a `board` (`WxH`, a
/// grid of unit squares; `diamond-R`; `lattice-N`, `aztec`; or segments `H00 V10 ...`,
/// `H00?` one that may stay uncovered) with `pieces` (tetrastick names, `F'` a mirror image;
/// `all`, `welded`, `unwelded`, `one-sided`, ...; `-L` leaves L out). `fix` keeps one
/// orientation of a piece (`{"P": "H00 H01 V00 V11"}`), `copies` places a piece N or LO to
/// HI times (`{"L": 2, "X": (0, 1)}`), and `allow_crossings` lets pieces cross. Solutions
/// draw as the command's `--print` draws them; `classes()` counts under the board's
/// symmetries that the pieces allow.
#[pyfunction]
#[pyo3(signature = (
    name=None, *, board=None, pieces=None, fix=None, copies=None, allow_crossings=false
))]
pub fn polystick(
    name: Option<&str>,
    board: Option<&str>,
    pieces: Option<&str>,
    fix: Option<&Bound<'_, PyDict>>,
    copies: Option<&Bound<'_, PyDict>>,
    allow_crossings: bool,
) -> PyResult<Problem> {
    use dlx_polystick::{Board, Crossings, Puzzle, parse_piece_set};
    let bad = |e: String| raise::<PuzzleError>(e);
    let (title, mut puzzle) = match (name, board, pieces) {
        (Some(name), None, None) => {
            let puzzle = dlx_paper::polystick::puzzle(name)
                .ok_or_else(|| {
                    bad(format!(
                        "unknown polystick problem `{name}`; polystick_names() lists the names"
                    ))
                })?
                .map_err(|e| bad(e.to_string()))?;
            (name.to_string(), puzzle)
        }
        (None, Some(board), Some(pieces)) => {
            let board = Board::parse(board).map_err(|e| bad(format!("board: {e}")))?;
            let set = parse_piece_set(pieces).map_err(|e| bad(format!("pieces: {e}")))?;
            ("polystick board".to_string(), Puzzle::new(board, set))
        }
        _ => {
            return Err(bad(
                "give a problem name, or both board= and pieces=".to_string()
            ));
        }
    };
    for (piece, shape) in fix
        .map(|f| f.iter().collect::<Vec<_>>())
        .unwrap_or_default()
    {
        let (Ok(piece), Ok(shape)) = (piece.extract::<String>(), shape.extract::<String>()) else {
            return Err(bad(format!(
                "fix: expected a piece's name to its segments, not {piece}: {shape}"
            )));
        };
        puzzle = (puzzle.fix_orientation(piece.trim(), &shape))
            .map_err(|e| bad(format!("fix[{piece:?}]: {e}")))?;
    }
    for (piece, (lo, hi)) in piece_counts(copies)? {
        puzzle =
            (puzzle.count(&piece, lo, hi)).map_err(|e| bad(format!("copies[{piece:?}]: {e}")))?;
    }
    if allow_crossings {
        puzzle = puzzle.with_crossings(Crossings::Allowed);
    }
    let built = puzzle.build().map_err(|e| bad(format!("{title}: {e}")))?;
    let (matrix, group) = (built.matrix.clone(), built.symmetry_group().ok());
    let render = move |s: &dlx_core::Solution| {
        dlx_polystick::draw::ascii(&built.board, &built.arrangement(s))
    };
    Ok(puzzle_problem(matrix, title, group, render))
}

/// The named polystick problems as `(name, description)` pairs (`dlx polystick list`).
#[pyfunction]
pub fn polystick_names() -> Vec<(String, String)> {
    (dlx_paper::polystick::PUZZLES.iter())
        .map(|(n, a)| (n.to_string(), a.to_string()))
        .collect()
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

/// A puzzle builder's problem: its matrix, searched by the S heuristic, its solutions drawn by
/// `render`, and the symmetries its domain found for `classes()`.
fn puzzle_problem(
    matrix: dlx_core::Matrix,
    title: String,
    group: Option<dlx_core::symmetry::Symmetries>,
    render: impl Fn(&dlx_core::Solution) -> String + Send + Sync + 'static,
) -> Problem {
    Problem::named(matrix, title, Heuristic::Mrv, Some(Arc::new(render))).with_symmetries(group)
}

/// A `UserWarning` for each piece of a described puzzle whose cells do not all touch: placed
/// as given (Knuth's polycube-dlx takes any cells too), but most often a typo in a picture.
fn warn_scattered(py: Python<'_>, pieces: &[(&str, usize)]) -> PyResult<()> {
    for (name, parts) in pieces {
        let text = format!(
            "piece {name} is in {parts} parts (its cells do not all touch); it is placed as given"
        );
        let text = std::ffi::CString::new(text.replace('\0', "\\0")).expect("no NUL left");
        let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
        PyErr::warn(py, category.as_any(), &text, 1)?;
    }
    Ok(())
}
