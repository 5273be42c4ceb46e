"""sudoku.solve / count / is_unique on strings, nested lists and numpy arrays of any size."""

from __future__ import annotations

import pytest

import dancing_links as dl
from dancing_links import sudoku

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SMALL = "1.3....2.3....4."


def valid(grid, side):
    box = int(side**0.5)
    units = [[grid[r][c] for c in range(side)] for r in range(side)]
    units += [[grid[r][c] for r in range(side)] for c in range(side)]
    units += [
        [grid[r][c] for r in range(br, br + box) for c in range(bc, bc + box)]
        for br in range(0, side, box)
        for bc in range(0, side, box)
    ]
    return all(sorted(u) == list(range(1, side + 1)) for u in units)


def as_rows(text, side):
    return [[0 if ch == "." else int(ch) for ch in text[r * side : (r + 1) * side]] for r in range(side)]


def test_strings():
    solution = sudoku.solve(PUZZLE)
    assert isinstance(solution, str) and len(solution) == 81
    assert valid(as_rows(solution, 9), 9)
    assert all(p in (".", s) for p, s in zip(PUZZLE, solution))
    assert sudoku.is_unique(PUZZLE)
    assert sudoku.count(PUZZLE) == 1
    assert sudoku.count("." * 16) == 288  # the number of 4x4 sudoku grids
    assert sudoku.count("." * 16, limit=10) == 10
    assert not sudoku.is_unique("." * 81)


def test_nested_lists_and_flat_lists():
    rows = as_rows(PUZZLE, 9)
    solution = sudoku.solve(rows)
    assert isinstance(solution, list) and len(solution) == 9
    assert valid(solution, 9)
    assert solution == as_rows(sudoku.solve(PUZZLE), 9)
    flat = [v for row in rows for v in row]
    assert sudoku.solve(flat) == [v for row in solution for v in row]
    assert sudoku.solve(as_rows(SMALL, 4)) == as_rows(sudoku.solve(SMALL), 4)


def test_numpy_arrays():
    np = pytest.importorskip("numpy")
    grid = np.array(as_rows(PUZZLE, 9), dtype=np.int8)
    solution = sudoku.solve(grid)
    assert isinstance(solution, np.ndarray)
    assert solution.dtype == np.int8 and solution.shape == (9, 9)
    assert solution.tolist() == as_rows(sudoku.solve(PUZZLE), 9)
    assert sudoku.is_unique(grid)
    # A 0-D array had raised `'int' object is not subscriptable`.
    with pytest.raises(dl.SudokuError, match="a grid of numbers, not the single value 5"):
        sudoku.solve(np.array(5))


def test_sixteen_by_sixteen():
    empty = [[0] * 16 for _ in range(16)]
    solution = sudoku.solve(empty)
    assert valid(solution, 16)
    assert sudoku.count(empty, limit=3) == 3


def test_no_solution_and_bad_puzzles():
    # r1c3 can be neither 1 nor 2 (its row) nor 3 nor 4 (its column).
    unsolvable = "12......" + "..3." + "..4."
    assert sudoku.count(unsolvable) == 0 and sudoku.solve(unsolvable) is None
    for bad in ("123", "11" + "." * 79, [[1, 1, 0, 0]] + [[0] * 4] * 3, [[5] + [0] * 3] + [[0] * 4] * 3):
        with pytest.raises(dl.SudokuError) as e:
            sudoku.solve(bad)
        assert isinstance(e.value, ValueError) and "\n" not in str(e.value)
    # A lone surrogate had raised pyo3's own multi-line TypeError.
    with pytest.raises(dl.SudokuError, match="character 3: '.ud800' is not a character of text"):
        sudoku.solve("12\ud800" + "." * 13)


def test_cells_must_be_whole_numbers_in_a_square_grid():
    # Truncated, misread or answered as 9x9 before (found by a fuzz audit).
    for puzzle, said in [
        ([1.7] + [0] * 80, "cell 1: 1.7 is not a whole number from 0 to 9"),
        ([[0] * 9] * 8 + [[0] * 17], "row 9: 17 cells in a grid of 9 rows"),
        ([[0] * 81], "row 1: 81 cells in a grid of 1 rows"),
        ([2**70] + [0] * 80, f"cell 1: {2**70} is not a number from 0 to 9"),
        ([[-1] + [0] * 8] + [[0] * 9] * 8, "cell r1c1: -1 is not a number from 0 to 9"),
    ]:
        with pytest.raises(dl.SudokuError, match=f"^{said}$".replace("(", r"\(").replace(")", r"\)")):
            sudoku.solve(puzzle)
    with pytest.raises(TypeError, match="not bytes"):
        sudoku.solve(b"." * 81)
    with pytest.raises(dl.SudokuError, match="limit: at least 1 solution"):
        sudoku.count("." * 81, limit=0)
    # Whole floats are whole numbers.
    ints = [1, 0, 3, 0, 0, 0, 0, 2, 0, 3, 0, 0, 0, 0, 4, 0]
    assert sudoku.solve([float(v) for v in ints]) == sudoku.solve(ints)
    assert sudoku.count([float(v) for v in ints]) == sudoku.count(ints) >= 1


def test_generate_grade_and_explain_agree_with_the_command():
    puzzles = sudoku.generate(5, seed=7)
    assert puzzles == sudoku.generate(5, seed=7), "the same seed, the same puzzles"
    assert len(puzzles) == 5 and all(sudoku.is_unique(p) for p in puzzles)
    for p in puzzles:
        rating = sudoku.grade(p)
        e = sudoku.explain(p)
        assert e.rating == rating
        assert e.solved and e.reached == sudoku.solve(p)
        solution = as_rows(e.reached, 9)
        for step in e.steps:
            if "cell" in step:
                r, c = step["cell"]
                assert solution[r][c] == step["digit"], step["text"]
            else:
                assert step["removed"] and all(solution[r][c] != d for (r, c), d in step["removed"])


def test_each_grade_asked_for_is_the_grade_given():
    for wanted, name in [(1, "singles"), (2, "locked-candidates"), (3, "probing"), (4, "branching")]:
        (p,) = sudoku.generate(1, seed=5, grade=wanted)
        assert sudoku.generate(1, seed=5, grade=name) == [p]
        rating = sudoku.grade(p)
        assert (rating.grade, rating.name) == (wanted, name)
        assert (rating.nodes > 0) == (wanted == 4)
        e = sudoku.explain(p)
        assert e.rating == rating and e.solved == (wanted < 4)
        chains = [s for s in e.steps if "chain" in s]
        assert all(s["rule"] == "probing" and " leaves " in s["text"] for s in chains)
        assert all(all(isinstance(t, str) for t in s["chain"]) for s in chains)
        assert {s["rule"] for s in e.steps} <= {"hidden-single", "naked-single", "pointing", "claiming", "probing"}


def test_explain_keeps_the_puzzles_form_and_refuses_what_has_no_grade():
    rows = as_rows(SMALL, 4)
    e = sudoku.explain(rows)
    assert e.reached == sudoku.solve(rows) and e.solved
    assert sudoku.explain("." * 16) is None and sudoku.grade("." * 16) is None
    assert sudoku.explain("12.....3.....4..") is None
    with pytest.raises(dl.SudokuError, match="size 5"):
        sudoku.generate(size=5)
    with pytest.raises(dl.SudokuError, match="not a grade"):
        sudoku.generate(grade=7)
    with pytest.raises(dl.SudokuError):
        sudoku.generate(grade=4, size=4, attempts=3)


def test_variants_as_the_command_reads_and_makes_them():
    import os
    import subprocess

    killer = "aabcadbcedbfedff:a=9,b=8,c=3,d=7,e=4,f=9"
    solution = sudoku.solve(killer, variant="killer")
    assert isinstance(solution, str) and len(solution) == 16
    assert sudoku.is_unique(killer, variant="killer")
    jigsaw = "..5....1..4..........23..:ddaaadddbaeecbaeccbbeeccb"
    assert sudoku.count(jigsaw, variant="jigsaw") == 1
    assert sudoku.count("." * 16 + ":" + "aabbaabbccddccdd", variant="jigsaw", limit=5) == 5
    for variant, size in [("x", 6), ("windoku", 9), ("jigsaw", 5), ("killer", 4), ("classic", 6)]:
        made = sudoku.generate(3, size=size, seed=11, variant=variant)
        assert made == sudoku.generate(3, size=size, seed=11, variant=variant)
        assert len(made) == 3 and all(sudoku.is_unique(p, variant=variant) for p in made)
        dlx = os.environ.get("DLX_BIN")
        if dlx:
            out = subprocess.run(
                [dlx, "sudoku", "generate", "--variant", variant, "--size", str(size),
                 "--seed", "11", "--count", "3", "-q"],
                check=True, capture_output=True, text=True,
            ).stdout
            assert out.splitlines() == made
            answers = subprocess.run(
                [dlx, "sudoku", "--variant", variant, "-q"], input=out,
                check=True, capture_output=True, text=True,
            ).stdout.splitlines()
            assert answers == [sudoku.solve(p, variant=variant) for p in made]
    with pytest.raises(dl.SudokuError, match="unknown variant `hexagonal`"):
        sudoku.solve("....", variant="hexagonal")
    with pytest.raises(TypeError):
        sudoku.solve([0] * 16, variant="x")
    with pytest.raises(dl.SudokuError, match="killer"):
        sudoku.generate(variant="x", max_cage=3)
    with pytest.raises(dl.SudokuError, match="sides 2 to"):
        sudoku.generate(variant="x", size=40)
    with pytest.raises(dl.SudokuError):
        sudoku.generate(variant="x", symmetric=True)
    with pytest.raises(dl.SudokuError, match="alphabet is for classic puzzles"):
        sudoku.solve(killer, variant="killer", alphabet="1-4")
    # Numbers the native side cannot take are bad input, by name, never an OverflowError.
    for bad in [dict(seed=-1), dict(size=-1, variant="x"), dict(max_cage=10**30, variant="killer"),
                dict(count=2**64), dict(attempts=0)]:
        with pytest.raises(dl.SudokuError, match=next(iter(bad))):
            sudoku.generate(**bad)
    with pytest.raises(dl.SudokuError, match="limit"):
        sudoku.count(killer, variant="killer", limit=2**70)
