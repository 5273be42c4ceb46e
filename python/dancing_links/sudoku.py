"""Sudoku of every size the Rust crate supports (4x4, 9x9, 16x16, 25x25, 36x36): solve,
count, check uniqueness; generate minimal puzzles, grade them, explain them step by step.

A puzzle is a string (one line of N² cells, ``.``, ``0`` or ``-`` for blanks, or a grid
layout, as ``dlx sudoku`` reads one puzzle) or a grid of cell values (0 = blank): a 2-D
numpy array, nested lists, or a flat list. The answer comes back in the same form: a string
in the puzzle's layout and alphabet, or an array (numpy when given numpy) of values.
"""

from __future__ import annotations

import math
import numbers
from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

from . import _native
from ._native import SudokuError

Grid = Union[str, List[int], List[List[int]], Any]

__all__ = ["solve", "count", "is_unique", "generate", "grade", "explain", "Rating", "Explanation", "VARIANTS"]


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
        try:
            puzzle.encode("utf-8")
        except UnicodeEncodeError as e:
            # A lone surrogate: said here, where the native side would raise pyo3's own
            # multi-line TypeError.
            raise SudokuError(f"character {e.start + 1}: {puzzle[e.start]!r} is not a character of text") from None
        return puzzle, None
    if isinstance(puzzle, (bytes, bytearray)):
        raise TypeError("a sudoku puzzle is a str or a grid of numbers, not bytes: decode it")
    if hasattr(puzzle, "tolist"):
        rows = puzzle.tolist()
        if not isinstance(rows, list):
            raise SudokuError(f"a grid of numbers, not the single value {rows!r}")
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


class Rating(NamedTuple):
    """A puzzle's grade, as ``dlx sudoku grade`` gives it: ``grade`` 1 to 4, its ``name``
    (``singles``, ``locked-candidates``, ``probing``, ``branching``), and for grade 4 the
    branch ``nodes`` of the search that proves the solution unique (0 otherwise)."""

    grade: int
    name: str
    nodes: int


class Explanation(NamedTuple):
    """A puzzle solved step by step by the grading rules, as ``dlx sudoku explain`` shows it.

    ``steps``: one dict a step, with its ``rule`` (``hidden-single``, ``naked-single``,
    ``pointing``, ``claiming``, ``probing``), its ``text`` (``r1c3=4: hidden single in box
    1``), and either ``cell`` (row, column, from 0) and ``digit`` (1 to the side) placed, or
    ``removed``, the (cell, digit) options it removes; a probe whose choice fails has the
    ``chain`` of steps (their texts) from the choice to the dead end. ``reached``: the grid the steps fill
    in, in the puzzle's form (the solution when ``solved``).
    """

    rating: Rating
    steps: List[Dict[str, Any]]
    reached: Any
    solved: bool


VARIANTS = ("classic", "x", "windoku", "jigsaw", "samurai", "killer")


def _variant_line(puzzle: Any, variant: str, alphabet: Optional[str]) -> str:
    """A variant puzzle is a line of its format, as ``dlx sudoku --variant`` reads it, whose
    symbols are fixed (``1``-``9``, then ``A``-``Z``)."""
    if alphabet is not None:
        raise SudokuError("alphabet is for classic puzzles: a variant's symbols are 1-9, then A-Z")
    if not isinstance(puzzle, str):
        raise TypeError(f"a {variant} puzzle is a str in its one-line format, not {type(puzzle).__name__}")
    return puzzle


def solve(puzzle: Grid, alphabet: Optional[str] = None, *, variant: Optional[str] = None) -> Optional[Any]:
    """A solution of the puzzle in its own form, or None when it has none.

    ``alphabet`` fixes the symbols of a string puzzle (a range such as ``1-9``, ``0-F``,
    ``A-Y``, or the symbols spelled out); by default it is detected. ``variant`` (one of
    ``VARIANTS``) reads the puzzle as ``dlx sudoku --variant`` does, one line in the
    variant's format (jigsaw ``GIVENS:REGIONS``, killer ``[GIVENS:]CAGES:SUMS``, ...), and
    gives the solution's cells as a line.
    """
    if variant is not None:
        return _native.sudoku_variant_solve(_variant_line(puzzle, variant, alphabet), variant)
    flat, form = _flatten(puzzle)
    solution = _native.sudoku_solve(flat, alphabet)
    if solution is None or form is None:
        return solution
    return _unflatten(solution, form)


def count(
    puzzle: Grid,
    limit: Optional[int] = None,
    alphabet: Optional[str] = None,
    *,
    variant: Optional[str] = None,
) -> int:
    """The number of solutions of the puzzle, counting no further than ``limit``; of a
    ``variant`` puzzle as ``solve`` reads it."""
    if limit is not None:
        if isinstance(limit, numbers.Real) and limit < 1:
            # As Problem.count: a count to 0 would say nothing.
            raise SudokuError("limit: at least 1 solution")
        _whole("limit", limit, 1)
    if variant is not None:
        return _native.sudoku_variant_count(_variant_line(puzzle, variant, alphabet), variant, limit)
    flat, _ = _flatten(puzzle)
    return _native.sudoku_count(flat, limit, alphabet)


def is_unique(puzzle: Grid, alphabet: Optional[str] = None, *, variant: Optional[str] = None) -> bool:
    """Whether the puzzle (of ``variant``, as ``solve`` reads it) has exactly one solution."""
    return count(puzzle, limit=2, alphabet=alphabet, variant=variant) == 1


def generate(
    count: int = 1,
    *,
    size: int = 9,
    seed: int = 1,
    symmetric: bool = False,
    grade: Optional[Union[int, str]] = None,
    attempts: Optional[int] = None,
    variant: Optional[str] = None,
    max_cage: Optional[int] = None,
) -> List[str]:
    """``count`` minimal puzzles with exactly one solution, as ``dlx sudoku generate`` makes
    them: the same ones for the same ``seed`` on every machine, one line each.

    ``size`` is the side (4, 9, 16, 25 or 36); ``symmetric`` keeps the clues in 180°
    rotational symmetry; ``grade`` (1 to 4, or ``singles``, ``locked-candidates``,
    ``probing``, ``branching``) makes minimal puzzles until one has it, at most ``attempts``
    for each (10,000 by default; then ``SudokuError``). ``variant`` (one of ``VARIANTS``) makes that variant's
    puzzles, in its one-line format, of side 2 to 9 (a samurai's grids are 9x9), as
    ``dlx sudoku generate --variant`` does; ``max_cage`` bounds a killer's cages (5 cells
    by default).
    """
    # Numbers past what the native side takes are refused here, by name, as bad input.
    _whole("count", count, 0)
    _whole("size", size, 0)
    _whole("seed", seed, 0)
    if attempts is not None:
        _whole("attempts", attempts, 1)
    if max_cage is not None:
        _whole("max_cage", max_cage, 1)
    if variant is not None:
        if symmetric or grade is not None or attempts is not None:
            raise SudokuError("symmetric, grade and attempts are for classic puzzles, not a variant")
        if max_cage is not None and variant != "killer":
            raise SudokuError(f"max_cage is for the killer variant, not {variant}")
        return _native.sudoku_variant_generate(variant, count, size, seed, max_cage)
    if max_cage is not None:
        raise SudokuError("max_cage is for the killer variant")
    wanted = None if grade is None else str(grade)
    return _native.sudoku_generate(count, size, seed, symmetric, wanted, 10000 if attempts is None else attempts)


def _whole(name: str, value: Any, least: int) -> None:
    """Refuses a number that is not a whole number from ``least`` to 2^64 - 1."""
    if not isinstance(value, numbers.Integral) or isinstance(value, bool) or not least <= value < 2**64:
        raise SudokuError(f"{name}: {value!r} is not a whole number from {least} to 2^64 - 1")


def grade(puzzle: Grid, alphabet: Optional[str] = None) -> Optional[Rating]:
    """The puzzle's grade by the weakest rules that solve it, or None when it has no solution
    or several (``count`` tells which). A Ctrl-C stops it at once (KeyboardInterrupt)."""
    flat, _ = _flatten(puzzle)
    rated = _native.sudoku_grade(flat, alphabet)
    return None if rated is None else Rating(*rated)


def explain(puzzle: Grid, alphabet: Optional[str] = None) -> Optional[Explanation]:
    """The puzzle solved step by step by the grading rules, the simplest deduction that
    applies each time, each step with its reason; None when it has no solution or several.
    The steps end where ``grade``'s rules end, and the rating is ``grade``'s. A Ctrl-C stops
    it at once (KeyboardInterrupt)."""
    flat, form = _flatten(puzzle)
    explained = _native.sudoku_explain(flat, alphabet)
    if explained is None:
        return None
    rated, raw, reached, solved = explained
    steps: List[Dict[str, Any]] = []
    for rule, text, placed, removed, chain in raw:
        step: Dict[str, Any] = {"rule": rule, "text": text}
        if placed is not None:
            step["cell"], step["digit"] = placed
        else:
            step["removed"] = removed
        if chain is not None:
            step["chain"] = chain
        steps.append(step)
    if form is not None and not isinstance(reached, str):
        reached = _unflatten(reached, form)
    return Explanation(Rating(*rated), steps, reached, solved)
