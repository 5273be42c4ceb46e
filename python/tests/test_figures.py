"""Counts and figures from Python equal the `dlx` command's, key for key, on the paper's fast
problems and on the colours and multiplicities examples; and a few published counts."""

from __future__ import annotations

import json

import pytest

import dancing_links as dl

from conftest import EXAMPLES, cli_json

FAST_PAPER = [
    "matrix3",
    "queens-8",
    "scott-x23",
    "pentomino-3x20",
    "hexiamonds-rhombus",
    "tetrasticks-welded-4x4",
    "tetrasticks-unwelded-5x5",
    "pentomino-6x10",
]
EXAMPLE_FILES = sorted(p.name for p in EXAMPLES.glob("*.dlx"))


@pytest.mark.parametrize("name", FAST_PAPER)
def test_paper_problems_match_the_command(dlx, name):
    problem = dl.paper(name)
    ours = problem.count(threads=1).to_dict()
    assert ours == cli_json(dlx, "paper", name, "--threads", "1")
    # Threads change no figure.
    assert problem.count(threads=2).to_dict() == ours


@pytest.mark.parametrize("name", EXAMPLE_FILES)
def test_example_files_match_the_command(dlx, name):
    path = EXAMPLES / name
    problem = dl.Problem.read(path)
    if problem.has_costs:
        # Options with costs: the cheapest solutions, as `dlx solve --min-cost` finds them.
        for best in (1, 3):
            ours = problem.min_cost(best=best).to_dict()
            assert ours == cli_json(dlx, "solve", str(path), "--min-cost", "--best", str(best))
        return
    for rule in ("mrv", "leftmost"):
        ours = problem.count(threads=1, heuristic=rule).to_dict()
        assert ours == cli_json(dlx, "solve", str(path), "--heuristic", rule, "--threads", "1")
    # Solutions as the command lists them, in Knuth's order.
    listed = cli_json(dlx, "solve", str(path), "--print", "--threads", "1")["solution_list"]
    assert list(problem.solutions(names=True)) == listed


@pytest.mark.parametrize("limit", [1, 5, 50])
def test_a_limit_matches_the_command(dlx, limit):
    ours = dl.queens(8).count(limit=limit).to_dict()
    assert ours == cli_json(dlx, "queens", "8", "--limit", str(limit))


def test_estimate_and_min_cover_match_the_command(dlx):
    text = (EXAMPLES / "matrix3.dlx").read_text()
    problem = dl.Problem.parse(text)
    est = problem.estimate(samples=500, seed=7).to_dict()
    assert est == cli_json(dlx, "estimate", "--samples", "500", "--seed", "7", stdin=text)
    for args in ([], ["--all"]):
        ours = problem.min_cover(all=bool(args)).to_dict()
        assert ours == cli_json(dlx, "min-cover", *args, stdin=text)


def test_shards_match_the_command_and_add_up(dlx, tmp_path):
    problem = dl.queens(9)
    whole = problem.count(threads=1)
    parts = [problem.count(shard=(k, 3)) for k in (1, 2, 3)]
    files = []
    for k, part in enumerate(parts, start=1):
        record = cli_json(dlx, "queens", "9", "--shard", f"{k}/3")
        assert part.to_dict() == record
        files.append(tmp_path / f"{k}.json")
        files[-1].write_text(part.to_json() + "\n")
    merged = dl.merge(parts)
    assert merged == whole
    assert merged.to_dict() == cli_json(dlx, "merge", *map(str, files))


def test_published_counts():
    # 2,339 tilings of the 6x10 rectangle by the 12 pentominoes, each in 4 orientations of
    # the board; 14,200 solutions of 12 queens; Knuth's figures for the paper's 6x10 run.
    board = "\n".join(["#" * 10] * 6)
    assert dl.polyomino(board=board, pieces="pentominoes").count().solutions == 2339 * 4
    assert dl.queens(12).count().solutions == 14200
    counts = dl.paper("pentomino-6x10").count()
    assert (counts.solutions, counts.updates, counts.nodes) == (2339, 309134131, 904970)


def test_examples_give_the_figures_their_comments_state():
    # Each example file states Knuth's figures in its first comment lines.
    for name in EXAMPLE_FILES:
        text = (EXAMPLES / name).read_text()
        problem = dl.Problem.parse(text)
        counts = problem.min_cost().counts if problem.has_costs else problem.count()
        stated = " ".join(line for line in text.splitlines() if line.startswith("|"))
        assert f"{counts.updates} updates" in stated, name
        assert f"{counts.nodes} nodes" in stated, name
        if counts.cleansings:
            assert f"{counts.cleansings} cleansings" in stated, name


def test_counts_to_json_is_the_dict():
    counts = dl.paper("matrix3").count()
    assert json.loads(counts.to_json()) == counts.to_dict()
    assert counts.levels == [(l["nodes"], l["updates"]) for l in counts.to_dict()["levels"]]
