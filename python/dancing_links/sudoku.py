"""Sudoku of every size the Rust crate supports (4x4, 9x9, 16x16, 25x25, 36x36).

A puzzle is a string (one line of N² cells, ``.``, ``0`` or ``-`` for blanks, or a grid
layout, as ``dlx sudoku`` reads one puzzle) or a grid of cell values (0 = blank): a 2-D
numpy array, nested lists, or a flat list. The answer comes back in the same form: a string
in the puzzle's layout and alphabet, or an array (numpy when given numpy) of values.
"""

from __future__ import annotations

import math
import numbers
from typing import Any, List, Optional, Tuple, Union

from . import _native
from ._native import SudokuError

Grid = Union[str, List[int], List[List[int]], Any]

__all__ = ["solve", "count", "is_unique"]


def _value(v: Any, where: str, side: int) -> int:
    """A cell's value, a whole number from 0 to the side; anything else is refused."""
    if isinstance(v, numbers.Integral) and not isinstance(v, bool):
        n = int(v)
    elif isinstance(v, numbers.Real) and not isinstance(v, bool) and float(v).is_integer():
        n = int(v)
    else:
        raise SudokuError(f"{where}: {v!r} is not a whole number from 0 to {side}")
    if not 0 <= n <= side:
        raise SudokuError(f"{where}: {n} is not a number from 0 to {side}")
    return n


def _flatten(puzzle: Grid) -> Tuple[Union[str, List[int]], Optional[Tuple[str, Any]]]:
    """The puzzle as the native functions take it, and how to give an answer back."""
    if isinstance(puzzle, str):
        return puzzle, None
    if isinstance(puzzle, (bytes, bytearray)):
        raise TypeError("a sudoku puzzle is a str or a grid of numbers, not bytes: decode it")
    if hasattr(puzzle, "tolist"):
        rows = puzzle.tolist()
        form: Tuple[str, Any] = ("numpy", puzzle)
    else:
        rows = list(puzzle)
        form = ("lists", None)
    nested = bool(rows) and isinstance(rows[0], (list, tuple))
    if nested:
        # A square grid: as many cells in each row as rows, none ragged.
        side = len(rows)
        for r, row in enumerate(rows):
            if not isinstance(row, (list, tuple)) or len(row) != side:
                got = len(row) if isinstance(row, (list, tuple)) else repr(row)
                raise SudokuError(f"row {r + 1}: {got} cells in a grid of {side} rows")
        cells = [
            (f"cell r{r + 1}c{c + 1}", v) for r, row in enumerate(rows) for c, v in enumerate(row)
        ]
    else:
        side = math.isqrt(len(rows))
        cells = [(f"cell {k + 1}", v) for k, v in enumerate(rows)]
    flat = [_value(v, where, side) for where, v in cells]
    if form[0] == "lists" and not nested:
        form = ("flat", None)
    return flat, form


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
    if limit is not None and limit < 1:
        # As Problem.count: a count to 0 would say nothing.
        raise SudokuError("limit: at least 1 solution")
    flat, _ = _flatten(puzzle)
    return _native.sudoku_count(flat, limit, alphabet)


def is_unique(puzzle: Grid, alphabet: Optional[str] = None) -> bool:
    """Whether the puzzle has exactly one solution."""
    return count(puzzle, limit=2, alphabet=alphabet) == 1
