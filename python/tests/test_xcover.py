"""xcover's README examples give the same solutions (as sets) through covers and
covers_bool, with xcover's argument shapes."""

from __future__ import annotations

import pytest

from dancing_links import MatrixError, covers, covers_bool

from conftest import sorted_solutions

README_OPTIONS = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
BOOL_MATRIX = [
    [1, 0, 0, 1, 0, 0, 1],
    [1, 0, 0, 1, 0, 0, 0],
    [0, 0, 0, 1, 1, 0, 1],
    [0, 0, 1, 0, 1, 1, 0],
    [0, 1, 1, 0, 0, 1, 1],
    [0, 1, 0, 0, 0, 0, 1],
]
COLOURED = [
    ["p", "q", "x", "y:A"],
    ["p", "r", "x:A", "y"],
    ["p", "x:B"],
    ["q", "x:A"],
    ["r", "y:B"],
]


def test_readme_exact_cover():
    assert sorted_solutions(covers(README_OPTIONS)) == [[1, 3, 5]]


def test_readme_colours_with_items_declared():
    got = covers(COLOURED, primary=["p", "q", "r"], secondary=["x", "y"], colored=True)
    assert sorted_solutions(got) == [[1, 3]]


def test_colours_with_items_inferred():
    # Only primary given: the rest are secondary, colours stripped (xcover's inference).
    assert sorted_solutions(covers(COLOURED, primary=["p", "q", "r"])) == [[1, 3]]
    # Only secondary given.
    assert sorted_solutions(covers(COLOURED, secondary=["x", "y"])) == [[1, 3]]
    # Neither: items given a colour are secondary.
    assert sorted_solutions(covers(COLOURED)) == [[1, 3]]


def test_readme_covers_bool_with_numpy():
    np = pytest.importorskip("numpy")
    matrix = np.array(BOOL_MATRIX, dtype=bool)
    assert next(covers_bool(matrix)) == [1, 3, 5]
    assert sorted_solutions(covers_bool(matrix)) == [[1, 3, 5]]
    assert sorted_solutions(covers_bool(np.array(BOOL_MATRIX, dtype=np.uint8))) == [[1, 3, 5]]


def test_covers_bool_with_nested_lists():
    assert sorted_solutions(covers_bool(BOOL_MATRIX)) == [[1, 3, 5]]


def test_any_hashable_items_and_many_solutions():
    # Tuples (with spaces in their str) and strings side by side; 2x2 board of monominoes
    # and dominoes on a 2x3 board, checked against brute force.
    cells = [(r, c) for r in range(2) for c in range(3)]
    options = [[cell] for cell in cells]
    options += [[(r, c), (r, c + 1)] for r in range(2) for c in range(2)]
    options += [[(0, c), (1, c)] for c in range(3)]
    got = sorted_solutions(covers(options))
    brute = []
    n = len(options)
    for mask in range(1 << n):
        chosen = [k for k in range(n) if mask >> k & 1]
        covered = [cell for k in chosen for cell in options[k]]
        if sorted(covered) == sorted(cells):
            brute.append(chosen)
    assert got == sorted(brute)


def test_unknown_item_is_a_value_error():
    with pytest.raises(MatrixError, match="option 1: unknown item `z`") as e:
        list(covers([["a"], ["z"]], primary=["a"], secondary=[]))
    assert isinstance(e.value, ValueError)
