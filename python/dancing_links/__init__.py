"""Knuth's Dancing Links from Rust: exact cover, with colours and multiplicities.

The figures (solutions, updates, nodes, cleansings, the per-level profile) are those of
Knuth's programs, and of the ``dlx`` command, to the unit; searches release the GIL and a
Ctrl-C stops them within a fraction of a second.

- ``covers`` and ``covers_bool``: xcover's generators (change ``from xcover import covers``
  to ``from dancing_links import covers``);
- ``Problem``: a matrix from options, from Knuth's text (``Problem.parse``, ``Problem.read``)
  or from a 0/1 array (``Problem.from_array``), with ``count``, ``solutions``, ``first``,
  ``estimate``, ``min_cover``, ``pre`` (Knuth's DLX-PRE: a smaller problem, a ``Pre``),
  ``min_cost`` for options with costs (Knuth's DLX5), ``zdd`` (every solution as a ZDD: the
  exact count, uniform samples); ``merge`` adds up the figures of shards;
- puzzles: ``queens``, ``polyomino``, ``polyiamond``, ``polystick``, ``polycube``, ``paper``
  (the paper's named problems) and the module
  ``sudoku``.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Iterator, List, Optional

from . import sudoku
from ._native import (
    Counts,
    DlxError,
    Estimate,
    FormatError,
    MatrixError,
    MinCost,
    MinCover,
    Pre,
    Problem,
    PuzzleError,
    ShardError,
    Solutions,
    SudokuError,
    Zdd,
    merge,
    paper,
    paper_names,
    polycube,
    polycube_names,
    polyiamond,
    polyomino,
    polyomino_names,
    polystick,
    polystick_names,
    queens,
)

__all__ = [
    "Counts",
    "DlxError",
    "Estimate",
    "FormatError",
    "MatrixError",
    "MinCost",
    "MinCover",
    "Pre",
    "Problem",
    "PuzzleError",
    "ShardError",
    "Solutions",
    "SudokuError",
    "Zdd",
    "covers",
    "covers_bool",
    "merge",
    "paper",
    "paper_names",
    "polycube",
    "polycube_names",
    "polyiamond",
    "polyomino",
    "polyomino_names",
    "polystick",
    "polystick_names",
    "queens",
    "sudoku",
]


def covers(
    options: Iterable[Iterable[Hashable]],
    primary: Optional[Iterable[Hashable]] = None,
    secondary: Optional[Iterable[Hashable]] = None,
    colored: bool = True,
) -> Iterator[List[int]]:
    """Every exact cover of the options, as xcover's ``covers`` gives them.

    ``options`` is a list of options, each a list of items (any hashable values); with
    ``colored``, a string ``"x:c"`` gives the secondary item ``x`` the colour ``c``. Items not
    declared in ``primary`` or ``secondary`` are inferred: with neither, every item is
    primary except those given a colour; with one, the others are of the other kind.

    Yields each solution as a list of option indices, in the order the search chose them.
    """
    yield from Problem(options, primary, secondary, colored=colored).solutions()


def covers_bool(matrix: Any) -> Iterator[List[int]]:
    """Every exact cover of a 0/1 matrix (a numpy array or nested lists), as xcover's
    ``covers_bool`` gives them: rows are options, columns items, all primary.

    Yields each solution as a list of row indices.
    """
    yield from Problem.from_array(matrix).solutions()


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("dancing-links")
    except Exception:  # not installed as a distribution (a bare build)
        return "unknown"


__version__ = _version()
