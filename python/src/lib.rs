//! `dancing_links._native`: the Rust half of the Python package `dancing_links`.
//!
//! A thin layer over dlx-core's front door, [`dlx_core::Solve`], and the domain crates: it
//! turns Python arguments into matrices and settings, runs the search with the GIL released
//! (watching for Ctrl-C), and turns figures and solutions back into Python objects. The
//! figures are the `dlx` command's, key for key. The Python half (`dancing_links/`) adds the
//! xcover-compatible generators, the sudoku front end and numpy conversions.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod counts;
mod domains;
mod errors;
mod items;
mod mincost;
mod pre;
mod problem;
mod solutions;
mod sudoku;
mod watch;
mod zdd;

create_exception!(
    dancing_links,
    DlxError,
    PyValueError,
    "Bad input to dancing_links: the message is the one line the `dlx` command prints."
);
create_exception!(
    dancing_links,
    FormatError,
    DlxError,
    "Text that is not a matrix in Knuth's format (line and column first)."
);
create_exception!(
    dancing_links,
    MatrixError,
    DlxError,
    "Items and options that do not make a matrix (an unknown or repeated item, a bad colour, ...)."
);
create_exception!(
    dancing_links,
    ShardError,
    DlxError,
    "A shard that does not exist, or shard figures that do not add up to one run."
);
create_exception!(
    dancing_links,
    PuzzleError,
    DlxError,
    "An unknown named problem, or a board, piece list or size the puzzle builders refuse."
);
create_exception!(
    dancing_links,
    SudokuError,
    DlxError,
    "A sudoku puzzle that cannot be read (size, alphabet, clashing givens)."
);

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("DlxError", py.get_type::<DlxError>())?;
    m.add("FormatError", py.get_type::<FormatError>())?;
    m.add("MatrixError", py.get_type::<MatrixError>())?;
    m.add("ShardError", py.get_type::<ShardError>())?;
    m.add("PuzzleError", py.get_type::<PuzzleError>())?;
    m.add("SudokuError", py.get_type::<SudokuError>())?;
    m.add_class::<problem::Problem>()?;
    m.add_class::<counts::Counts>()?;
    m.add_class::<counts::Estimate>()?;
    m.add_class::<counts::MinCover>()?;
    m.add_class::<pre::Pre>()?;
    m.add_class::<mincost::MinCost>()?;
    m.add_class::<solutions::Solutions>()?;
    m.add_class::<zdd::Zdd>()?;
    m.add_class::<zdd::ZddIter>()?;
    m.add_function(wrap_pyfunction!(counts::merge, m)?)?;
    m.add_function(wrap_pyfunction!(domains::queens, m)?)?;
    m.add_function(wrap_pyfunction!(domains::polyomino, m)?)?;
    m.add_function(wrap_pyfunction!(domains::paper, m)?)?;
    m.add_function(wrap_pyfunction!(domains::paper_names, m)?)?;
    m.add_function(wrap_pyfunction!(domains::polyomino_names, m)?)?;
    m.add_function(wrap_pyfunction!(domains::polycube, m)?)?;
    m.add_function(wrap_pyfunction!(domains::polyiamond, m)?)?;
    m.add_function(wrap_pyfunction!(domains::polycube_names, m)?)?;
    m.add_function(wrap_pyfunction!(domains::polystick, m)?)?;
    m.add_function(wrap_pyfunction!(domains::polystick_names, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_count, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_generate, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_grade, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_explain, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_variant_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_variant_count, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku::sudoku_variant_generate, m)?)?;
    Ok(())
}
