"""``Problem.pre()``: Knuth's DLX-PRE on a problem, and the way back to its options.

The figures are those of Knuth's ``dlx-pre v9`` on the same matrices (its output and its
closing line ``Removed X options and Y items, after ... mems, N rounds.``).
"""

from __future__ import annotations

import random

import pytest

import dancing_links as dl

from conftest import EXAMPLES, sorted_solutions


def test_taocp_49_gives_dlx_pre_output():
    # dlx-pre v9 < taocp-49.dlx: " p q | x", " p x:A", "| (from 2)", " q x:A", "| (from 4)";
    # "Removed 3 options and 2 items, after 353+636 mems, 2 rounds."
    problem = dl.Problem.read(EXAMPLES / "taocp-49.dlx")
    pre = problem.pre()
    assert (pre.removed_options, pre.removed_items, pre.rounds) == (3, 2, 2)
    assert pre.ignored_options == 0 and pre.infeasible is None
    assert pre.text() == " p q | x\n p x:A\n| (from 2)\n q x:A\n| (from 4)\n"
    assert pre.text(origins=False) == " p q | x\n p x:A\n q x:A\n"
    assert pre.origins == [1, 3]
    assert pre.problem.items == ["p", "q", "x"]
    solutions = [pre.original(s) for s in pre.problem.solutions()]
    assert sorted_solutions(solutions) == sorted_solutions(problem.solutions())


def test_rounds_limit():
    # dlx-pre v9 t2 on its first example: "Removed 1 option and 2 items, after 426+833 mems,
    # 2 rounds." (one round run), options from 2, 4, 3, 5, 1.
    problem = dl.Problem.parse("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
    pre = problem.pre(rounds=1)
    assert (pre.removed_options, pre.removed_items, pre.rounds) == (1, 2, 1)
    assert pre.origins == [1, 3, 2, 4, 0]
    assert problem.pre().rounds == 3


def test_infeasible_and_refused():
    # dlx-pre v9 prints "a" alone and "Removed 3 options and 5 items, after 211+63 mems,
    # 1 round."
    pre = dl.Problem.parse("a b c | x y\na x\nb x\nc y\nx\n").pre()
    assert pre.infeasible == "a"
    assert (pre.removed_options, pre.removed_items, pre.rounds) == (3, 5, 1)
    assert pre.text() == "a\n" and pre.problem.count().solutions == 0
    with pytest.raises(dl.DlxError, match="has bounds"):
        dl.Problem.read(EXAMPLES / "dlx3-intro.dlx").pre()
    with pytest.raises(dl.DlxError, match="out of range"):
        pre.original([0])


def test_random_problems_keep_their_solutions():
    rng = random.Random(39)
    for _ in range(200):
        primary = [f"p{i}" for i in range(rng.randint(1, 6))]
        secondary = [f"s{i}" for i in range(rng.randint(0, 4))]
        options = []
        for _ in range(rng.randint(1, 12)):
            items = rng.sample(primary + secondary, rng.randint(1, min(4, len(primary) + len(secondary))))
            options.append([f"{i}:{rng.choice('ab')}" if i in secondary and rng.random() < 0.5 else i for i in items])
        problem = dl.Problem(options, primary, secondary)
        pre = problem.pre()
        before = sorted_solutions(problem.solutions())
        after = sorted_solutions(pre.original(s) for s in pre.problem.solutions())
        assert before == after, options
