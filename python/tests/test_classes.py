"""Problem.classes: solutions counted up to symmetry, as `dlx polyomino --classes` counts them."""

import json
import os
import subprocess

import pytest

import dancing_links as dl
from conftest import dlx_binary


def test_classic_boards_give_their_published_counts():
    found = dl.polyomino("pentominoes-3x20").classes()
    assert (found["classes"], found["solutions"], found["group"]) == (2, 8, 4)
    assert found["splits"][0]["item"] == "X"
    found = dl.polyomino("pentominoes-8x8-hole").classes(threads=2)
    assert (found["classes"], found["solutions"], found["group"]) == (65, 520, 8)
    assert ("pentominoes-6x10", "the twelve pentominoes in a 6x10 rectangle") in dl.polyomino_names()


def test_figures_equal_the_command():
    dlx = os.environ.get("DLX_BIN")
    if not dlx:
        pytest.skip("DLX_BIN names no dlx command")
    out = subprocess.run(
        [dlx, "polyomino", "pentominoes-4x15", "--classes", "--json", "-q", "--threads", "1"],
        check=True, capture_output=True, text=True,
    ).stdout
    command = json.loads(out)
    found = dl.polyomino("pentominoes-4x15").classes(threads=1)
    assert found["classes"] == command["classes"] == 368
    assert found["counts"].updates == command["updates"]
    assert found["counts"].nodes == command["nodes"]


def test_symmetries_given_as_maps_of_items():
    # Two dominoes in a row of four cells and the row's mirror: {ab, cd} is its own image.
    p = dl.Problem.parse("a b c d\na b\nb c\nc d\n")
    found = p.classes([{"a": "d", "d": "a", "b": "c", "c": "b"}])
    assert (found["classes"], found["symmetric"], found["solutions"], found["group"]) == (1, 1, 1, 2)
    with pytest.raises(dl.MatrixError, match="is not an option"):
        p.classes([{"a": "b", "b": "a"}])
    with pytest.raises(dl.MatrixError, match="`z` is not an item"):
        p.classes([{"a": "z"}])
    with pytest.raises(dl.DlxError, match="no symmetries known"):
        p.classes()


def test_members_are_one_solution_of_each_class():
    p = dl.polyomino("pentominoes-4x15")
    found = p.classes(members=True, threads=1)
    members = found["members"]
    assert len(members) == found["classes"] == 368
    assert members == sorted(members) and all(m == sorted(m) for m in members)
    every = {tuple(sorted(s)) for s in p.solutions()}
    assert len(every) == found["solutions"]
    assert all(tuple(m) in every for m in members)
    assert len({tuple(m) for m in members}) == len(members)
    assert p.classes(members=True, threads=2)["members"] == members
    assert "members" not in p.classes(threads=1)


def test_queens_know_their_boards_symmetries():
    n = 8
    q = dl.queens(n)
    found = q.classes(members=True)
    # Option i * n + j is the queen on (i, j): each solution's least image under the
    # board's eight motions, worked out here.
    motions = [
        lambda i, j: (i, j), lambda i, j: (j, n - 1 - i), lambda i, j: (n - 1 - i, n - 1 - j),
        lambda i, j: (n - 1 - j, i), lambda i, j: (i, n - 1 - j), lambda i, j: (n - 1 - i, j),
        lambda i, j: (j, i), lambda i, j: (n - 1 - j, n - 1 - i),
    ]
    forms = set()
    for s in q.solutions():
        squares = [divmod(o, n) for o in s]
        forms.add(min(tuple(sorted(m(i, j) for i, j in squares)) for m in motions))
    assert (found["classes"], found["group"]) == (len(forms), 8)
    assert found["solutions"] == q.count().solutions
    assert len(found["members"]) == len(forms)
    assert dl.queens(n, ranks_only=True).classes()["group"] == 4


def test_polycubes_as_the_command_builds_them():
    soma = dl.polycube("soma")
    found = soma.classes(members=True, threads=1)
    assert found["group"] == 48 and len(found["members"]) == found["classes"]
    assert found["solutions"] == soma.count(threads=1).solutions
    assert ("soma", dict(dl.polycube_names())["soma"]) in dl.polycube_names()
    # A box and pieces, and Knuth's format, give the same matrix as the named problem.
    boxed = dl.polycube(box="3x3x3", pieces="soma")
    assert boxed.count(threads=1).solutions == found["solutions"]
    dlx = os.environ.get("DLX_BIN")
    if dlx:
        out = subprocess.run(
            [dlx, "polycube", "soma", "--classes", "--json", "-q", "--threads", "1"],
            check=True, capture_output=True, text=True,
        ).stdout
        command = json.loads(out)
        assert (found["classes"], found["counts"].updates) == (command["classes"], command["updates"])
    with pytest.raises(dl.PuzzleError, match="unknown polycube problem"):
        dl.polycube("no-such-cube")
    with pytest.raises(dl.PuzzleError):
        dl.polycube(box="3x3x3", board="###", pieces="soma")
    with pytest.raises(dl.PuzzleError, match="spec"):
        dl.polycube(spec="not a spec")


def test_pieces_in_several_parts_are_warned_of():
    with pytest.warns(UserWarning, match="piece D is in 2 parts"):
        p = dl.polyomino(board="##\n##", pieces="piece D #./.# copies=2")
    assert p.count(threads=1).solutions == 1
    with pytest.warns(UserWarning, match="piece A is in 2 parts"):
        p = dl.polycube(board="#.#", pieces="piece A 0,0,0 2,0,0")
    assert p.count(threads=1).solutions == 1
    with pytest.warns(UserWarning, match="piece A is in 2 parts"):
        p = dl.polycube(spec="[0-2]00\nA 000 200\nB 100\n")
    assert p.count(threads=1).solutions == 1
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dl.polyomino(board="##\n##", pieces="piece D ## copies=2")


def test_piece_lists_take_place_and_suffix_lines():
    two = "piece A ##\npiece B ##\n"
    assert dl.polyomino(board="##\n##", pieces=two).count(threads=1).solutions == 4
    placed = dl.polyomino(board="##\n##", pieces=two + "place A 00 01")
    assert placed.count(threads=1).solutions == 1
    with pytest.raises(dl.PuzzleError, match="no placement of A"):
        dl.polyomino(board="##\n##", pieces=two + "place A 00 11")
    both = dl.polyomino(
        board="#####\n####o", pieces="pentominoes copies=0-1\ntetrominoes suffix=4 copies=0-1"
    )
    assert "I4" in both.items and "I" in both.items
    # Two pieces of either set fill the 2x5 box, its corner left empty or not.
    assert both.count(threads=1).solutions > 0
    cubes = dl.polycube(box="2x2x1", pieces=two + "place B 0,1,0 1,1,0")
    assert cubes.count(threads=1).solutions == 1


def test_polyiamonds_as_the_command_builds_them():
    rhombus = dl.polyiamond(rhombus="9x4")
    found = rhombus.classes(threads=1)
    assert found["solutions"] == rhombus.count(threads=1).solutions
    dlx = os.environ.get("DLX_BIN")
    if dlx:
        out = subprocess.run(
            [dlx, "polyiamond", "--rhombus", "9x4", "--classes", "--json", "-q", "--threads", "1"],
            check=True, capture_output=True, text=True,
        ).stdout
        command = json.loads(out)
        assert (found["classes"], found["group"]) == (command["classes"], command["group"])
        assert found["counts"].updates == command["updates"]
    # The nineteen one-sided pieces do not fit a board of 72 triangles: said, not searched.
    with pytest.raises(dl.PuzzleError, match="114 triangles but the board has 72"):
        dl.polyiamond(rhombus="9x4", pieces="one-sided")
    with pytest.raises(dl.PuzzleError, match="expected MxN"):
        dl.polyiamond(rhombus="9by4")
    with pytest.raises(dl.PuzzleError, match="hexiamonds"):
        dl.polyiamond(rhombus="9x4", pieces="pentiamonds")
    with pytest.raises(dl.PuzzleError):
        dl.polyiamond(rhombus="9x4", cells="00")
    with pytest.raises(dl.PuzzleError, match="unknown polyiamond problem"):
        dl.polyiamond("no-such-board")


def command_json(*args):
    """The `--json` figures of a `dlx` command, or None when none is built."""
    dlx = dlx_binary()
    if dlx is None:
        return None
    out = subprocess.run(
        [dlx, *args, "--json", "-q", "--threads", "1"], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out)


ALL_TWICE = {piece: (0, 2) for piece in "FHIJLNOPRSTUVWXY"}


def test_polysticks_as_the_command_builds_them():
    welded = dl.polystick("tetrasticks-welded-4x4")
    counts = welded.count(threads=1)
    assert counts == dl.paper("tetrasticks-welded-4x4").count(threads=1)
    found = welded.classes(threads=1)
    assert found["solutions"] == counts.solutions
    assert ("tetrasticks-welded-4x4", "Figure 13: the ten one-sided welded tetrasticks in the 4x4 grid") in dl.polystick_names()
    # A described board, each of the sixteen pieces up to twice, P in one orientation.
    fixed = {"P": "H00 H01 V00 V11"}
    free = dl.polystick(board="3x3", pieces="all", copies=ALL_TWICE)
    one_p = dl.polystick(board="3x3", pieces="all", copies=ALL_TWICE, fix=fixed)
    free_counts, one_p_counts = free.count(threads=1), one_p.count(threads=1)
    assert 0 < one_p_counts.solutions < free_counts.solutions
    assert free.classes(threads=1)["solutions"] == free_counts.solutions
    drawn = free.render(free.first())
    assert drawn.count("\n") >= 3
    crossing = dl.polystick(board="3x3", pieces="all", copies=ALL_TWICE, allow_crossings=True)
    assert crossing.count(threads=1).solutions > free_counts.solutions
    copies = [f"--copies={p}=0-2" for p in ALL_TWICE]
    for problem, counts, extra in [
        (welded, counts, ["tetrasticks-welded-4x4"]),
        (free, free_counts, ["--board", "3x3", "--pieces", "all", *copies]),
        (one_p, one_p_counts, ["--board", "3x3", "--pieces", "all", *copies, "--fix", "P=H00 H01 V00 V11"]),
    ]:
        command = command_json("polystick", *extra)
        if command is not None:
            assert (counts.solutions, counts.updates, counts.nodes) == (
                command["solutions"], command["updates"], command["nodes"])
            classes = command_json("polystick", *extra, "--classes")
            assert problem.classes(threads=1)["classes"] == classes["classes"]


def test_polysticks_refuse_what_the_command_refuses():
    for bad, message in [
        (dict(copies={"L": (2, 1)}), "2-1: LO is more than HI"),
        (dict(copies={"L": -1}), "whole numbers"),
        (dict(copies={"L": "two"}), "expected N or"),
        (dict(copies={"Q": 1}), "piece `Q` is not in the puzzle"),
        (dict(fix={"P": 3}), "fix: expected a piece's name to its segments"),
        (dict(fix={"P": "H00"}), "fix"),
    ]:
        with pytest.raises(dl.PuzzleError, match=message):
            dl.polystick(board="3x3", pieces="all", **bad)
    with pytest.raises(dl.PuzzleError, match="the pieces have 64 segments but the board has 40"):
        dl.polystick(board="4x4", pieces="all")
    with pytest.raises(dl.PuzzleError, match="both board= and pieces="):
        dl.polystick(board="4x4")
    with pytest.raises(dl.PuzzleError, match="unknown polystick problem"):
        dl.polystick("no-such-board")


def test_polyiamond_piece_counts_and_one_sided_pieces():
    # A 3x6 rhombus (36 triangles) from the twelve hexiamonds, each at most once, I up to
    # twice, X exactly once; then with P not turned over.
    copies = {**{p: (0, 1) for p in "IPFECVGHJOSX"}, "I": (0, 2), "X": 1}
    some = dl.polyiamond(rhombus="3x6", copies=copies)
    one_sided = dl.polyiamond(rhombus="3x6", copies=copies, one_sided=["P"])
    a, b = some.count(threads=1), one_sided.count(threads=1)
    assert 0 < b.solutions < a.solutions
    assert some.classes(threads=1)["solutions"] == a.solutions
    spelled = [f"--copies={p}={r[0]}-{r[1]}" for p, r in copies.items() if p != "X"]
    for problem, counts, extra in [
        (some, a, []),
        (one_sided, b, ["--one-sided", "P"]),
    ]:
        command = command_json("polyiamond", "--rhombus", "3x6", *spelled, "--copies", "X=1", *extra)
        if command is not None:
            assert (counts.solutions, counts.updates) == (command["solutions"], command["updates"])
    for bad, message in [
        (dict(one_sided=["P", "P"]), "given twice"),
        (dict(one_sided=["Q"]), "Q"),
        (dict(copies={"Q": 1}), "Q"),
        (dict(copies={"I": (0, 0)}), "the most must be 1 or more"),
    ]:
        with pytest.raises(dl.PuzzleError, match=message):
            dl.polyiamond(rhombus="6x6", **bad)
    with pytest.raises(dl.PuzzleError, match="for a described board"):
        dl.polyiamond("hexiamonds-rhombus", copies={"I": 2})


def test_polyiamond_pieces_of_ones_own():
    strip = dict(rhombus="1x3", pieces="none")
    two = dl.polyiamond(**strip, own={"T": "00 00* 01", "U": "00 00* 01"})
    assert two.count(threads=1).solutions == 2
    twice = dl.polyiamond(**strip, own={"T": "00 00* 01"}, copies={"T": 2})
    assert twice.count(threads=1).solutions == 1
    with pytest.raises(dl.PuzzleError, match="piece `I` is given twice"):
        dl.polyiamond(rhombus="1x3", own={"I": "00 00* 01"})
    with pytest.raises(dl.PuzzleError, match="one string of names"):
        dl.polyiamond(**strip, own={"T": ["00"]})
    with pytest.raises(dl.PuzzleError, match="for a described board"):
        dl.polyiamond("hexiamonds-rhombus", own={"T": "00"})


def test_hexominoes_are_a_set():
    # A 2x6 box: the straight piece twice, or a cut from a top cell to a bottom one (5).
    box = dl.polyomino(board="######\n######", pieces="hexominoes copies")
    assert box.count(threads=1).solutions == 6
    # Each hexomino at most once: none, since a half turn of the box swaps the two halves
    # of every one of those cuts, so each uses one shape twice.
    once = dl.polyomino(board="######\n######", pieces="hexominoes copies=0-1")
    assert once.count(threads=1).solutions == 0
