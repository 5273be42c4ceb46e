"""Problem.zdd(): every solution as a ZDD (Knuth's DLX6): exact counts, samples, iteration."""

from __future__ import annotations

import random

import pytest

import dancing_links as dl

from conftest import EXAMPLES, sorted_solutions


def test_taocp_49_gives_dlx6s_figures_and_text():
    # `dlx6 m1 < examples/taocp-49.dlx`: 1 solution, 20 updates, 3 cleansings, 4 search
    # nodes, 4 ZDD nodes, 1+3 signatures, 1 hits, and these three lines.
    zdd = dl.Problem.read(EXAMPLES / "taocp-49.dlx").zdd()
    assert zdd.count() == 1 and len(zdd) == 1
    assert zdd.stats == {
        "solutions": 1, "updates": 20, "cleansings": 3, "nodes": 4, "zdd_nodes": 4,
        "signatures_failed": 1, "signatures_solved": 3, "hits": 1,
    }
    assert zdd.nodes == 2
    assert zdd.to_text() == "2: (~2?0:1)\n3: (~4?0:2)\n4: (~0?0:3)\n"


def test_iteration_and_count_equal_the_ordinary_search():
    rng = random.Random(5)
    for _ in range(40):
        options = [rng.sample(range(8), rng.randint(1, 3)) for _ in range(rng.randint(4, 18))]
        problem = dl.Problem(options, primary=range(8))
        zdd = problem.zdd()
        ours = [list(s) for s in problem.solutions()]
        assert list(zdd) == ours
        assert zdd.count() == problem.count().solutions


def test_count_past_two_to_the_64_is_a_python_int():
    # 30 disjoint copies of a problem with 7 solutions: 7**30 > 2**64.
    base = [["a", "b"], ["c", "d"], ["a"], ["b"], ["c"], ["d"], ["a", "c"], ["b", "d"]]
    assert dl.Problem(base).count().solutions == 7
    options = [[f"{i}{k}" for i in row] for k in range(30) for row in base]
    zdd = dl.Problem(options).zdd()
    assert zdd.count() == 7**30
    assert isinstance(zdd.count(), int) and zdd.count() > 2**64
    with pytest.raises(OverflowError):
        len(zdd)


def test_samples_are_reproducible_solutions():
    problem = dl.queens(8)
    zdd = problem.zdd()
    assert zdd.count() == 92
    all_solutions = sorted_solutions(problem.solutions())
    drawn = zdd.sample(50, seed=3)
    assert drawn == zdd.sample(50, seed=3)
    assert drawn != zdd.sample(50, seed=4)
    assert all(sorted(s) in all_solutions for s in drawn)
    named = zdd.sample(1, seed=3, names=True)
    # As `dlx sample` prints it: a row of item names for each of the eight queens.
    assert len(named[0]) == 8 and all(isinstance(row, str) for row in named[0])


def test_multiplicities_and_errors():
    zdd = dl.Problem.read(EXAMPLES / "dlx3-intro.dlx").zdd()
    assert zdd.count() == 1
    with pytest.raises(dl.DlxError, match="unknown heuristic"):
        dl.Problem([["a"]]).zdd(heuristic="nonsense")
    with pytest.raises(dl.DlxError, match="cannot branch by a rule other than mrv or leftmost"):
        dl.Problem([["a"]]).zdd(heuristic="mrv-eager")


def test_huge_requests_raise_instead_of_aborting():
    # 2**64 - 1 draws had filled the memory and aborted the interpreter.
    zdd = dl.queens(6).zdd()
    with pytest.raises(dl.DlxError, match="k: at most 1048576 draws a call"):
        zdd.sample(2**64 - 1)
    assert len(zdd.sample(3)) == 3
    # 2**63 solutions fit in 64 bits but not in len()'s index: the message says so.
    big = dl.Problem([[i] for i in range(63) for _ in range(2)]).zdd()
    assert big.count() == 2**63
    with pytest.raises(OverflowError, match="use count"):
        len(big)


def test_a_written_diagram_reads_back_and_another_problems_raises(tmp_path):
    problem = dl.queens(6)
    zdd = problem.zdd()
    path = tmp_path / "q.zdd"
    zdd.write(path)
    back = problem.read_zdd(path)
    assert back.count() == zdd.count() == 4
    assert list(back) == list(zdd)
    assert back.sample(3, seed=2) == zdd.sample(3, seed=2)
    assert problem.parse_zdd(zdd.to_text()).to_text() == zdd.to_text()
    with pytest.raises(dl.DlxError, match="a diagram read from text has no figures"):
        back.stats
    # Matrix (3)'s diagram names options 1 to 6, which 6 queens has too: refused by the
    # line where a path fails, not drawn from.
    other = dl.Problem.read(EXAMPLES / "matrix3.dlx").zdd()
    with pytest.raises(dl.FormatError, match=r"^line 2: a path from node 3 covers primary item `r0` 2 times, more than its 1"):
        problem.parse_zdd(other.to_text())
    other.write(path)
    with pytest.raises(dl.FormatError, match=r"q\.zdd: line 2: .*not a diagram of this matrix's solutions$"):
        problem.read_zdd(path)
    with pytest.raises(dl.FormatError, match="line 1: `hello` is not"):
        problem.parse_zdd("hello\n")
    with pytest.raises(FileNotFoundError):
        problem.read_zdd(tmp_path / "none.zdd")
