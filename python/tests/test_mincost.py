"""Minimum-cost exact cover (Knuth's DLX5): costs from text and from options, `min_cost`,
the figures DLX5 prints, and the same object `dlx solve --min-cost --json` prints."""

from __future__ import annotations

import itertools
import json
import random

import pytest

import dancing_links as dl

from conftest import EXAMPLES

# `dlx5 k3 m1` on this file finds solutions of cost 1, 6, 4, 5 (4 solutions, 340+251 mems,
# 8 updates, 0 cleansings, 6 nodes) and prints the optimum costs 1, 4, 5.
SMALL = "a b\na |3\nb |3\na b |5\na b |4\na b |1\n"


def test_min_cost_finds_what_dlx5_finds():
    problem = dl.Problem.parse(SMALL)
    assert problem.has_costs
    result = problem.min_cost(best=3)
    assert result.cost == 1
    assert [c for c, _ in result.found] == [1, 6, 4, 5]
    assert result.best == [(1, [4]), (4, [3]), (5, [2])]
    counts = result.counts
    assert (counts.solutions, counts.updates, counts.cleansings, counts.nodes) == (4, 8, 0, 6)
    assert counts.complete
    assert result.mems == 251
    limited = problem.min_cost(best=3, limit=2)
    assert [c for c, _ in limited.found] == [1, 6] and not limited.counts.complete


def test_costs_from_options_equal_costs_from_text():
    options = [["a"], ["b"], ["a", "b"], ["a", "b"], ["a", "b"]]
    built = dl.Problem(options, costs=[3, 3, 5, 4, 1])
    assert built.to_text() == "a b\na |3\nb |3\na b |5\na b |4\na b |1\n"
    assert built.min_cost(best=3).to_dict() == dl.Problem.parse(SMALL).min_cost(best=3).to_dict()
    with pytest.raises(dl.MatrixError, match="2 costs given for 5 options"):
        dl.Problem(options, costs=[1, 2])


def test_searches_that_would_ignore_costs_refuse_them():
    problem = dl.Problem.parse(SMALL)
    for search in (problem.count, problem.first, problem.solutions, problem.estimate, problem.min_cover):
        with pytest.raises(dl.MatrixError, match="use min_cost"):
            search()
    with pytest.raises(dl.MatrixError, match="no option costs"):
        dl.Problem.parse("a b\na\nb\n").min_cost()
    with pytest.raises(dl.FormatError, match="line 2, column 3: option cost `|x`"):
        dl.Problem.parse("a\na |x\n")


def test_the_cheapest_equal_brute_force():
    rng = random.Random(5)
    for _ in range(60):
        primary = ["p%d" % i for i in range(rng.randint(1, 5))]
        secondary = ["s%d" % i for i in range(rng.randint(0, 2))]
        options = []
        for _ in range(rng.randint(1, 10)):
            chosen = rng.sample(primary + secondary, rng.randint(1, min(3, len(primary + secondary))))
            options.append([x + (":" + rng.choice("AB") if x[0] == "s" and rng.random() < 0.5 else "") for x in chosen])
        costs = [rng.randint(0, 9) for _ in options]
        problem = dl.Problem(options, primary, secondary, costs=costs)
        every = []
        for r in range(len(options) + 1):
            # Options without a primary item are never chosen (DLX5 drops them).
            usable = [k for k, o in enumerate(options) if any(e in primary for e in o)]
            for subset in itertools.combinations(usable, r):
                colour = {}
                used = {}
                ok = True
                for k in subset:
                    for entry in options[k]:
                        name, _, c = entry.partition(":")
                        if c:
                            ok &= colour.setdefault(name, c) == c and used.get(name) != "plain"
                            used[name] = "coloured"
                        else:
                            ok &= name not in used
                            used[name] = "plain"
                if ok and all(sum(p in [e.partition(":")[0] for e in options[k]] for k in subset) == 1 for p in primary):
                    every.append(sum(costs[k] for k in subset))
        every.sort()
        for k in (1, 3):
            assert [c for c, _ in problem.min_cost(best=k).best] == every[:k], options


def test_to_dict_is_what_the_command_prints(dlx):
    path = EXAMPLES / "assignment.dlx"
    # `dlx5 k3`: 13 solutions, 264 updates, 0 cleansings, 55 nodes; optimum costs 16, 18, 19.
    result = dl.Problem.read(path).min_cost(best=3)
    assert [c for c, _ in result.best] == [16, 18, 19]
    assert (result.counts.updates, result.counts.nodes) == (264, 55)
    run = dlx("solve", "--min-cost", "--best", "3", "--json", str(path))
    assert run.returncode == 0, run.stderr
    assert result.to_dict() == json.loads(run.stdout)


def test_dlx5s_lower_bound_on_queens():
    # Eight queens, square (r, c) costing (3r + 5c) mod 7: `dlx5 k4 Zr z1` prints 8
    # solutions, 8513 updates, 405 nodes (8523 and 406 with `z2`; 9003 and 467 without).
    n = 8
    options = [["r%d" % r, "f%d" % c, "a%d" % (r + c), "b%d" % (n - 1 + r - c)] for r in range(n) for c in range(n)]
    primary = ["r%d" % i for i in range(n)] + ["f%d" % i for i in range(n)]
    costs = [(3 * r + 5 * c) % 7 for r in range(n) for c in range(n)]
    problem = dl.Problem(options, primary, costs=costs)
    for kwargs, figures in [
        ({"one_of_each": "r", "per_option": 1}, (8, 8513, 405)),
        ({"per_option": 2}, (8, 8523, 406)),
        ({}, (8, 9003, 467)),
    ]:
        result = problem.min_cost(best=4, **kwargs)
        assert (result.counts.solutions, result.counts.updates, result.counts.nodes) == figures
        assert [c for c, _ in result.best] == [7, 14, 14, 14]
    with pytest.raises(dl.MatrixError, match="not 3"):
        problem.min_cost(per_option=3)
