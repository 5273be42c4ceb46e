"""Sudoku of every size the Rust crate supports (4x4, 9x9, 16x16, 25x25, 36x36).

A puzzle is a string (one line of N² cells, ``.``, ``0`` or ``-`` for blanks, or a grid
layout, as ``dlx sudoku`` reads one puzzle) or a grid of cell values (0 = blank): a 2-D
numpy array, nested lists, or a flat list. The answer comes back in the same form: a string
in the puzzle's layout and alphabet, or an array (numpy when given numpy) of values.
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple, Union

from . import _native

Grid = Union[str, List[int], List[List[int]], Any]

__all__ = ["solve", "count", "is_unique"]


def _flatten(puzzle: Grid) -> Tuple[Union[str, List[int]], Optional[Tuple[str, Any]]]:
    """The puzzle as the native functions take it, and how to give an answer back."""
    if isinstance(puzzle, str):
        return puzzle, None
    if hasattr(puzzle, "tolist"):
        rows = puzzle.tolist()
        form: Tuple[str, Any] = ("numpy", puzzle)
    else:
        rows = list(puzzle)
        form = ("lists", None)
    if rows and isinstance(rows[0], (list, tuple)):
        return [int(v) for row in rows for v in row], form
    return [int(v) for v in rows], ("flat", form[1]) if form[0] == "lists" else form


def _unflatten(values: List[int], form: Tuple[str, Any]) -> Any:
    kind, original = form
    if kind == "flat":
        return values
    side = int(round(len(values) ** 0.5))
    rows = [values[r * side : (r + 1) * side] for r in range(side)]
    if kind == "numpy":
        import numpy

        return numpy.asarray(rows, dtype=original.dtype).reshape(original.shape)
    return rows


def solve(puzzle: Grid, alphabet: Optional[str] = None) -> Optional[Any]:
    """A solution of the puzzle in its own form, or None when it has none.

    ``alphabet`` fixes the symbols of a string puzzle (a range such as ``1-9``, ``0-F``,
    ``A-Y``, or the symbols spelled out); by default it is detected.
    """
    flat, form = _flatten(puzzle)
    solution = _native.sudoku_solve(flat, alphabet)
    if solution is None or form is None:
        return solution
    return _unflatten(solution, form)


def count(puzzle: Grid, limit: Optional[int] = None, alphabet: Optional[str] = None) -> int:
    """The number of solutions of the puzzle, counting no further than ``limit``."""
    flat, _ = _flatten(puzzle)
    return _native.sudoku_count(flat, limit, alphabet)


def is_unique(puzzle: Grid, alphabet: Optional[str] = None) -> bool:
    """Whether the puzzle has exactly one solution."""
    return count(puzzle, limit=2, alphabet=alphabet) == 1
