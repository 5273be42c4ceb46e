"""The native API: building problems, searching them, errors, progress, the GIL and Ctrl-C."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

import dancing_links as dl

from conftest import EXAMPLES, sorted_solutions

DLX3_INTRO = [
    ["A", "B", "X:0", "Y:0"],
    ["A", "C", "X:1", "Y:1"],
    ["C", "X:0"],
    ["B", "X:1"],
    ["C", "Y:1"],
]


def test_options_with_colours_and_bounds_equal_knuths_text():
    built = dl.Problem(DLX3_INTRO, ["A", "B", "C"], ["X", "Y"], bounds={"C": (2, 3)})
    read = dl.Problem.read(EXAMPLES / "dlx3-intro.dlx")
    assert built.counts_cleansings and read.counts_cleansings
    assert built.count().to_dict() == read.count().to_dict()
    assert built.to_text() == dl.Problem.parse(built.to_text()).to_text()
    assert built.items == ["A", "B", "C", "X", "Y"]
    assert built.primary_count == 3
    assert built.option(1) == ["A", "C", "X:1", "Y:1"]


def test_bounds_of_one_number_and_item_values():
    # Choose exactly 2 of 3 options.
    problem = dl.Problem([[("pick", 1)]] * 3, bounds={("pick", 1): 2})
    assert sorted_solutions(problem.solutions()) == [[0, 1], [0, 2], [1, 2]]
    assert problem.item_values == [("pick", 1)]
    assert problem.items == ["('pick',1)"]


def test_solutions_first_and_render():
    problem = dl.paper("matrix3")
    assert list(problem.solutions(names=True)) == [["A D", "E F C", "B G"]]
    first = problem.first()
    assert first == next(iter(problem.solutions()))
    assert problem.render(first) == "A D\nC E F\nB G\n" or "A D" in problem.render(first)
    board = dl.queens(4).render(dl.queens(4).first())
    assert board.count("Q") == 4
    solutions = problem.solutions()
    assert solutions.counts is None
    assert len(list(solutions)) == 1
    assert solutions.counts == problem.count(threads=1)


def test_solutions_are_lazy_and_close():
    solutions = dl.queens(16).solutions()
    taken = [next(solutions) for _ in range(3)]
    assert len({tuple(s) for s in taken}) == 3
    solutions.close()
    del solutions
    limited = list(dl.queens(8).solutions(limit=10))
    assert limited == list(dl.queens(8).solutions())[:10]


def test_from_array_secondary_columns():
    # Two options, one of them covering secondary column 2.
    problem = dl.Problem.from_array([[1, 0, 1], [0, 1, 0], [1, 1, 0]], secondary=1)
    assert problem.items == ["0", "1", "2"]
    assert sorted_solutions(problem.solutions()) == [[0, 1], [2]]


def test_estimate_of_a_small_tree_is_exact():
    est = dl.paper("matrix3").estimate(samples=1000, seed=1)
    assert (est.solutions["mean"], est.updates["mean"], est.nodes["mean"]) == (1.0, 30.0, 6.0)


def test_min_cover():
    result = dl.paper("matrix3").min_cover()
    assert result.minimum == 3
    assert result.covers == [[0, 1, 2]]
    with pytest.raises(dl.MatrixError, match="colours or bounds"):
        dl.Problem.read(EXAMPLES / "taocp-49.dlx").min_cover()


def test_malformed_problems_raise_clear_exceptions(dlx, tmp_path):
    bad = tmp_path / "bad.dlx"
    bad.write_text("a b | c\na b\nb d\n")
    with pytest.raises(dl.FormatError) as e:
        dl.Problem.read(bad)
    done = dlx("solve", str(bad))
    assert done.returncode == 2
    assert f"dlx: {e.value}\n" == done.stderr
    with pytest.raises(dl.FormatError, match=r"^line 3, column 3: unknown item `d`$"):
        dl.Problem.parse("a b | c\na b\nb d\n")
    with pytest.raises(FileNotFoundError, match="no-such.dlx"):
        dl.Problem.read(tmp_path / "no-such.dlx")


def test_bad_arguments_raise_value_errors():
    problem = dl.paper("matrix3")
    for call in (
        lambda: problem.count(heuristic="nonsense"),
        lambda: problem.count(limit=0),
        lambda: problem.count(threads=5000),
        lambda: problem.count(shard=(4, 3)),
        lambda: problem.estimate(samples=0),
        lambda: problem.min_cover(bound="weak"),
        lambda: dl.paper("no-such-problem"),
        lambda: dl.queens(0),
        lambda: dl.polyomino(board="##", pieces="piece X #/##/#"),
        lambda: dl.Problem([["a", "a"]]),
        lambda: dl.Problem([["a", "x:"]], primary=["a"]),
        lambda: dl.Problem([["a"]], bounds={"a": (3, 2)}),
        lambda: dl.merge([problem.count()]),
        lambda: dl.merge([problem.count(shard=(1, 2))]),
    ):
        with pytest.raises(dl.DlxError) as e:
            call()
        assert isinstance(e.value, ValueError)
        assert "\n" not in str(e.value) and str(e.value)


def test_progress_callback_reports_and_figures_hold():
    problem = dl.paper("pentomino-5x12")
    seen = []
    counts = problem.count(threads=1, progress=seen.append, interval=0.01)
    assert counts == problem.count(threads=1)
    assert seen, "the callback was never called"
    assert all(0.0 <= f["fraction"] <= 1.0 for f in seen)
    assert all(f["solutions"] <= counts.solutions for f in seen)


def test_a_progress_report_changes_no_figure_of_a_limited_count():
    # Found by an audit: a callback ran the limited count in parts, on every core, so that
    # 9 queens to 5 solutions took 3,365 updates instead of Knuth's 573.
    queens = dl.queens(9)
    plain = queens.count(limit=5)
    assert (plain.updates, plain.nodes) == (573, 35)
    assert queens.count(limit=5, progress=lambda _: None) == plain
    assert queens.count(limit=5, threads=1, progress=lambda _: None) == plain
    # Long enough for reports: the figures so far, in Knuth's order.
    problem = dl.paper("pentomino-5x12")
    seen = []
    counts = problem.count(limit=3000, progress=seen.append, interval=0.01)
    assert counts == problem.count(limit=3000)
    assert seen, "the callback was never called"
    assert all(0.0 <= f["fraction"] <= 1.0 for f in seen)
    assert all(f["solutions"] <= counts.solutions and f["updates"] <= counts.updates for f in seen)


def test_an_exception_in_the_callback_stops_the_search():
    def fail(_):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        dl.queens(20).count(progress=fail, interval=0.01)


def test_the_search_releases_the_gil():
    ticks = 0
    done = threading.Event()

    def search():
        dl.paper("pentomino-6x10").count(threads=1)
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert ticks > 50


@pytest.fixture
def ctrl_c():
    """Python's own Ctrl-C handler for the test: a process started in the background by a
    shell without job control (`cmd &` in a script, nohup) inherits SIGINT ignored, and
    Python then installs none, so the signal these tests send would never arrive."""
    kept = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, kept)


def interrupted_within_a_second(call, after=0.5):
    """Sends Ctrl-C `after` seconds (half a second) into `call()` and asserts it raised
    KeyboardInterrupt within a second of the signal."""
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(after, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
        stopped = time.monotonic()
    finally:
        timer.cancel()
    assert sent and stopped - sent[0] < 1.0


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_long_count_within_a_second(threads, ctrl_c):
    problem = dl.queens(20)
    interrupted_within_a_second(lambda: problem.count(threads=threads))
    # The problem is whole afterwards.
    assert problem.count(limit=3).solutions == 3


def test_ctrl_c_stops_a_waiting_iterator(ctrl_c):
    # 16 queens and one more primary item that no option holds, searched leftmost: no
    # solution, and a tree far larger than the test waits for.
    items, *rows = dl.queens(16).to_text().splitlines()
    primary, secondary = items.split(" | ")
    text = "\n".join([f"{primary} nowhere | {secondary}", *rows]) + "\n"
    solutions = dl.Problem.parse(text).solutions(heuristic="leftmost")
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            next(solutions)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 1.5


def test_ctrl_c_stops_a_sudoku_count_and_preprocessing(ctrl_c):
    # Found by an audit: a 9x9 ran on the calling thread unwatched (a blank grid has
    # 6.7 x 10^21 solutions), and pre() held the GIL to its end (36 s for 600 queens).
    from dancing_links import sudoku

    interrupted_within_a_second(lambda: sudoku.count("." * 81))
    assert sudoku.count("." * 16) == 288
    big = dl.queens(600)
    interrupted_within_a_second(big.pre)
    assert dl.queens(6).pre().problem.count().solutions == 4


# A minimal 25x25 puzzle whose grading needs a search of 367 branch nodes (`dlx sudoku
# generate --size 25 --seed 3`): a second and a half here.
HARD_25 = "H..BE.....U.RDS.Q..N..O.....RUQ.J.ENWY.....F.T..G.C..X..B.WA..OVL.....JUNR.N.OG.....VCT.J.MAL..E.BI.AWIYV.U..OE.HBG.RXK.L...C.R......ELB.A.V..H.G...J...B.QX..Y.WR......L.HK.....GT..J..QDH..O.U.R..FI..I..P........L..JFO..D.A.YJNH...DBF..YX.......PO..T......FEN.Y...KLO..Q...VW..A..M....HQ.N..CV....S..Q.RK.....X..C.W.E.J.A.G...S...YRI.B....E.....F..ODB..FG.A..CJX..PUH...IL....QEV.DG....UB...LR...J..MT.XDACO..Y.K..RNI.Q...P.F..KO.E..XSF......G.UB..Y......U...R.VWHIY...CXD.SL.HP..FNWI.X..Y..K.....QT.PJS....XO...V..Q..NLKWT..G.VN.T....I.S.FB.W...EXLRX....SC.U.G.T..FJ.PK.Q..V..U..I..LF...XH.SM...P...WC..F.Q.....J..H.....I..."


def test_ctrl_c_stops_grading_and_explaining(ctrl_c):
    # Found by a review: the grader had no interrupt, so a Ctrl-C was answered only once the
    # puzzle was graded (half a minute for a hard 36x36).
    from dancing_links import sudoku

    for call in (sudoku.grade, sudoku.explain):
        interrupted_within_a_second(lambda: call(HARD_25), after=0.2)
    assert sudoku.grade(HARD_25).nodes == 367


def queens_domination(n):
    """The fewest queens that reach every square of the n x n board, as a set cover."""
    cells = [(r, c) for r in range(n) for c in range(n)]
    return dl.Problem(
        [[f"{a}_{b}" for a, b in cells if a == r or b == c or a - b == r - c or a + b == r + c]
         for r, c in cells]
    )


def test_ctrl_c_stops_a_minimum_cover(ctrl_c):
    # It had run to its end (seconds for 11 x 11), raising the Ctrl-C only then.
    big = queens_domination(11)
    interrupted_within_a_second(lambda: big.min_cover(all=True))
    # 4,860 sets of five queens reach every square of the 8 x 8 board.
    found = queens_domination(8).min_cover(all=True)
    assert (found.minimum, len(found.covers)) == (5, 4860)


def test_bad_arguments_raise_before_any_search():
    # Found by a fuzz audit: a NaN interval panicked, a non-callable progress was refused
    # only when a report fell due (never, in a short search).
    with pytest.raises(dl.DlxError, match="interval: a number of seconds, 0 or more, not NaN"):
        dl.queens(6).count(interval=float("nan"))
    # A negative interval had been taken as 0 (a second audit).
    for interval in (-1, float("-inf")):
        with pytest.raises(dl.DlxError, match="0 or more, not -"):
            dl.queens(6).count(interval=interval)
    with pytest.raises(TypeError, match="progress: a function"):
        dl.queens(6).count(progress=5)
    # min_cover's limit is for all=True; without a limit, a list too long raises.
    problem = dl.Problem([[i] for i in range(21) for _ in range(2)])
    with pytest.raises(dl.DlxError, match="limit: only with all=True"):
        problem.min_cover(limit=5)
    assert len(problem.min_cover(all=True, limit=5).covers) == 5
    with pytest.raises(dl.DlxError, match="more than 1048576 minimum covers: give limit"):
        problem.min_cover(all=True)


def test_arrays_hold_zeros_and_ones_only():
    # Read by truth, these had all been ones.
    for array, cell in [
        ([["0", "1"], ["1", "0"]], "row 0, column 0: '0'"),
        ([[float("nan"), 0], [0, 1]], "row 0, column 0: nan"),
        ([[[0, 0], [0, 0]]], "row 0, column 0: [0, 0]"),
        ([[1, 2], [0, 1]], "row 0, column 1: 2"),
        ("101", "row 0, column 0: '1'"),
    ]:
        with pytest.raises(dl.MatrixError, match=f"^{cell} is not 0 or 1$".replace("[", r"\[").replace("]", r"\]")):
            dl.Problem.from_array(array)
    assert dl.Problem.from_array([[True, 0.0], [0, 1.0]]).count().solutions == 1
    # One dimension, or none, had raised Python's `'int' object is not iterable`.
    with pytest.raises(dl.MatrixError, match="list of rows .two dimensions.: row 0 is a single value, not a row"):
        dl.Problem.from_array([1, 0])
    with pytest.raises(dl.MatrixError, match=": this is a single value"):
        dl.Problem.from_array(5)


def test_bounds_name_their_item_and_take_any_mapping():
    options = [["a", "b"], ["a"], ["b"]]
    for value in [-1, 2**40, 1.5, "2", (1, 2, 3)]:
        with pytest.raises(dl.MatrixError, match="^bounds of item `a`: .* is not a number or a pair"):
            dl.Problem(options, bounds={"a": value})
    import types

    listed = dl.Problem(options, bounds=types.MappingProxyType({"a": [1, 2]}))
    paired = dl.Problem(options, bounds={"a": (1, 2)})
    assert listed.to_text() == paired.to_text()


def test_item_names_stay_distinct_and_read_back():
    # `a ` cleans to `a`, which is taken: numbered `a#2`, itself an item's own name here.
    p = dl.Problem([["a#2", "a", "a "]])
    assert len(p.items) == 3 and len(set(p.to_text().split("\n")[0].split())) == 3
    # Names shaped like bounds are written so that they read back as names.
    for names in (["0:1|a", "b"], ["2|a", "b"], ["-1|a", "b"]):
        p = dl.Problem([["b"]], primary=names)
        q = dl.Problem.parse(p.to_text())
        assert q.count().solutions == p.count().solutions == 0
        assert q.to_text() == p.to_text()
        built = dl.Problem([[names[0]], ["b"]], colored=False)
        assert dl.Problem.parse(built.to_text()).count().solutions == 1
