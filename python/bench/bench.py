"""Times dancing_links against the exact-cover packages on PyPI, in one run.

    python python/bench/bench.py [--venv DIR] [--keep]

Creates a throwaway virtual environment (or reuses --venv DIR), installs xcover, exact-cover,
miniexact and numpy from PyPI and this package from the repository (`pip install ./python`,
again on every run, so that a reused environment times the working tree),
then runs itself inside it and prints one table: CPU seconds per problem and solver (the
least of 3 runs or more, as many as fit in a second for problems of milliseconds), one
thread each, each solver warmed up once on a small problem of
the same kind first, and each time over ours. The problems:

- 6x10 pentominoes: every tiling (9,356: 2,339 up to symmetry, times 4);
- 12 queens: every solution (14,200), diagonals secondary;
- MacMahon's 24 four-coloured triangles in a hexagon (Knuth's macmahon-triangles-dlx, from
  the optional data), with the pieces `aaa` and `bbb` placed as in the first solution, so
  that it counts in seconds: every solution, colours;
- top95: the first solution of each of the 95 sudoku.

A peer that cannot state a problem (exact-cover has no secondary items or colours) is
skipped. Ours is timed three ways: `Problem.count(threads=1)` (figures, no solution objects),
`covers()` (a list per solution, as xcover yields) and, for sudoku, `sudoku.solve`. Last, our
figures are checked against the `dlx` command's (`target/release/dlx` if built).

The data (MacMahon's hexagon, top95) is read from $DLX_DATA_DIR or shared/data beside the
repository; a problem whose file is missing is left out.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PEERS = ["xcover", "exact-cover", "miniexact", "numpy"]


def data_dir() -> Path:
    named = os.environ.get("DLX_DATA_DIR")
    if named:
        return (ROOT / named).resolve()
    return (ROOT.parent / "shared" / "data").resolve()


# ---------------------------------------------------------------------------- problems
# Each problem is (name, primary items, secondary items, options as lists of "item" or
# "item:colour" strings, expected solutions or None), built with dancing_links so that
# every solver gets the very same matrix.


def knuth_text_problem(text: str):
    import dancing_links as dl

    p = dl.Problem.parse(text)
    primary = p.items[: p.primary_count]
    secondary = p.items[p.primary_count :]
    options = [p.option(k) for k in range(len(p))]
    return primary, secondary, options


def problems():
    import dancing_links as dl

    out = []
    board = "\n".join(["#" * 10] * 6)
    p, s, o = knuth_text_problem(dl.polyomino(board=board, pieces="pentominoes").to_text())
    out.append(("6x10 pentominoes", p, s, o, 2339 * 4))
    p, s, o = knuth_text_problem(dl.queens(12).to_text())
    out.append(("12 queens", p, s, o, 14200))
    hexagon = data_dir() / "exact_cover" / "xcc" / "macmahon-hexagon.dlx"
    if hexagon.is_file():
        lines = [l for l in hexagon.read_text().splitlines() if not l.startswith("|")]
        head, rows = lines[0], lines[1:]
        first = dl.Problem.parse(hexagon.read_text()).first()
        placed = {rows[k].split()[1]: rows[k] for k in first}
        fixed = ("aaa", "bbb")
        kept = [r for r in rows if r.split()[1] not in fixed or r == placed[r.split()[1]]]
        p, s, o = knuth_text_problem("\n".join([head, *kept]) + "\n")
        out.append(("MacMahon hexagon, 2 placed", p, s, o, None))
    else:
        print(f"left out MacMahon's hexagon: {hexagon} not found", file=sys.stderr)
    return out


def sudoku_options(puzzle: str):
    """The 9x9 sudoku as exact cover (324 primary items), givens as the only option of
    their cell: the same matrix for every peer."""
    options = []
    for r in range(9):
        for c in range(9):
            given = puzzle[9 * r + c]
            digits = [int(given)] if given not in ".0" else range(1, 10)
            for d in digits:
                b = 3 * (r // 3) + c // 3
                options.append([f"p{r}{c}", f"r{r}{d}", f"c{c}{d}", f"b{b}{d}"])
    items = [f"{k}{i}{d}" for k in "rcb" for i in range(9) for d in range(1, 10)]
    items = [f"p{r}{c}" for r in range(9) for c in range(9)] + items
    return items, options


def top95():
    path = data_dir() / "sudoku" / "9x9" / "magictour_top95.txt"
    if not path.is_file():
        print(f"left out top95: {path} not found", file=sys.stderr)
        return None
    lines = [l.strip() for l in path.read_text().splitlines()]
    return [l for l in lines if len(l) == 81]


# ---------------------------------------------------------------------------- solvers
# Each solver: count(primary, secondary, options, colours) -> number of solutions, and
# first(primary, secondary, options) -> one solution or None.


def bool_matrix(primary, options):
    import numpy as np

    index = {item: j for j, item in enumerate(primary)}
    m = np.zeros((len(options), len(primary)), dtype=bool)
    for i, opt in enumerate(options):
        for item in opt:
            m[i, index[item]] = True
    return m


def ours_count(primary, secondary, options):
    import dancing_links as dl

    return dl.Problem(options, primary, secondary).count(threads=1).solutions


def ours_covers(primary, secondary, options):
    import dancing_links as dl

    return sum(1 for _ in dl.covers(options, primary, secondary))


def ours_first(primary, secondary, options):
    import dancing_links as dl

    return dl.Problem(options, primary, secondary).first()


def xcover_count(primary, secondary, options):
    import xcover

    colored = any(":" in x for opt in options for x in opt)
    return sum(1 for _ in xcover.covers(options, primary, secondary, colored=colored))


def xcover_first(primary, secondary, options):
    import xcover

    return next(xcover.covers(options, primary, secondary), None)


def exact_cover_count(primary, secondary, options):
    if secondary:
        raise NotImplementedError
    import exact_cover

    return int(exact_cover.get_solution_count(bool_matrix(primary, options)))


def exact_cover_first(primary, secondary, options):
    import exact_cover

    try:
        return exact_cover.get_exact_cover(bool_matrix(primary, options))
    except Exception:  # its NoSolution
        return None


def miniexact_solver(primary, secondary, options):
    import miniexact

    colored = any(":" in x for opt in options for x in opt)
    s = miniexact.miniexacts_c() if colored else miniexact.miniexacts_x()
    for item in primary:
        s.primary(item)
    for item in secondary:
        s.secondary(item)
    for opt in options:
        for x in opt:
            if ":" in x:
                item, colour = x.rsplit(":", 1)
                s.add(item, colour)
            else:
                s.add(x)
        s.add(0)
    return s


def miniexact_count(primary, secondary, options):
    s = miniexact_solver(primary, secondary, options)
    n = 0
    while s.solve() == 10:
        n += 1
    return n


def miniexact_first(primary, secondary, options):
    s = miniexact_solver(primary, secondary, options)
    return list(s.selected_options()) if s.solve() == 10 else None


COUNTERS = {
    "ours: count": ours_count,
    "ours: covers": ours_covers,
    "xcover": xcover_count,
    "exact-cover": exact_cover_count,
    "miniexact": miniexact_count,
}
FIRSTS = {
    "ours: first": ours_first,
    "xcover": xcover_first,
    "exact-cover": exact_cover_first,
    "miniexact": miniexact_first,
}
PEER_NAMES = ["xcover", "exact-cover", "miniexact"]

# A small problem of each kind, to warm each solver up (numba compiles on first use).
WARM = (["a", "b", "c"], ["x"], [["a", "b"], ["c", "x"], ["a"], ["b", "c"], ["c"]])
WARM_COLOURED = (["a", "b"], ["x"], [["a", "x:1"], ["b", "x:1"], ["b", "x:2"]])


def timed(f, *args):
    """The least CPU time of repeated runs, and the value: 3 runs (fewer once 10 s are spent),
    and more while they have taken under a second in all (up to 200), so that a problem of
    milliseconds, where one run's noise is a large part of its time, is timed as often as one
    of a second is. CPU time, not wall-clock time: every solver here runs on one thread (ours
    on one of its own while the caller sleeps), and a shared machine's load inflates the
    clock."""
    best, spent, runs = None, 0.0, 0
    while runs == 0 or (runs < 3 and spent < 10.0) or (spent < 1.0 and runs < 200):
        start = time.process_time()
        value = f(*args)
        t = time.process_time() - start
        best = t if best is None else min(best, t)
        spent += t
        runs += 1
    return best, value


def measure():
    import dancing_links as dl

    rows = []
    for name, primary, secondary, options, expected in problems():
        colored = any(":" in x for opt in options for x in opt)
        times, counts = {}, {}
        for solver, count in COUNTERS.items():
            try:
                count(*(WARM_COLOURED if colored else WARM))
            except NotImplementedError:
                continue
            except Exception as e:  # a peer that cannot state the problem
                print(f"{solver} skipped on {name}: {type(e).__name__}: {e}", file=sys.stderr)
                continue
            times[solver], counts[solver] = timed(count, primary, secondary, options)
            print(f"  {name}: {solver} {times[solver]:.3f} s, {counts[solver]} solutions",
                  file=sys.stderr)
        if expected is not None:
            assert all(c == expected for c in counts.values()), (name, counts)
        assert len(set(counts.values())) == 1, (name, counts)
        rows.append((name, times))
    puzzles = top95()
    if puzzles:
        times = {}
        matrices = [sudoku_options(p) for p in puzzles]
        dl.sudoku.solve(puzzles[0])
        times["ours: sudoku.solve"], answers = timed(lambda: [dl.sudoku.solve(p) for p in puzzles])
        assert all(a is not None and "." not in a for a in answers)
        for solver, first in FIRSTS.items():
            items, options = matrices[0]
            first(items, [], options)
            times[solver], found = timed(lambda: [first(i, [], o) for i, o in matrices])
            assert all(f is not None and len(f) == 81 for f in found), solver
            print(f"  top95: {solver} {times[solver]:.3f} s", file=sys.stderr)
        rows.append(("top95 sudoku (first solution)", times))
    return rows


def check_figures():
    """Our figures equal the command's, to the unit, on the same matrices."""
    import dancing_links as dl

    binary = os.environ.get("DLX_BIN") or str(ROOT / "target" / "release" / "dlx")
    if not Path(binary).is_file():
        return "not checked (no dlx command built)"
    lines = []
    for name, primary, secondary, options, _ in problems():
        p = dl.Problem(options, primary, secondary)
        ours = p.count(threads=1).to_dict()
        done = subprocess.run([binary, "solve", "--json", "--threads", "1"], input=p.to_text(),
                              capture_output=True, text=True, check=True)
        theirs = json.loads(done.stdout)
        same = "equal" if ours == theirs else "DIFFERENT"
        figures = ", ".join(f"{k} {ours[k]:,}" for k in ("solutions", "updates", "cleansings",
                                                          "nodes") if k in ours)
        lines.append(f"- {name}: {figures}: {same} to the command's")
    return "\n".join(lines)


def table(rows):
    """Seconds, and each time over ours (`Problem.count`, or `sudoku.solve` for top95)."""
    out = ["| problem | solver | CPU seconds | time / ours |", "|---|---|---:|---:|"]
    for name, times in rows:
        ours = times.get("ours: count", times.get("ours: sudoku.solve"))
        for solver, t in times.items():
            out.append(f"| {name} | {solver} | {t:.3f} | {t / ours:.2f}x |")
        fastest = min((times[p] for p in PEER_NAMES if p in times), default=None)
        if fastest is not None:
            out.append(f"| {name} | **fastest peer / ours** | | **{fastest / ours:.1f}x** |")
    return "\n".join(out)


def inside():
    import platform

    rows = measure()
    print(f"Python {platform.python_version()}, {platform.machine()}: CPU seconds, the least")
    print("of 3 runs or more (as many as fit in a second), one thread per solver\n")
    print(table(rows))
    print()
    print(check_figures())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--venv", help="the environment to use (created if missing)")
    parser.add_argument("--keep", action="store_true", help="keep the throwaway environment")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        return inside()
    venv = Path(args.venv) if args.venv else Path(tempfile.mkdtemp(prefix="dlx-bench-"))
    python = venv / "bin" / "python"
    try:
        pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run([*pip, *PEERS], check=True)
        # Always this working tree's package, also in a reused environment.
        subprocess.run([*pip, "--force-reinstall", "--no-deps", str(ROOT / "python")], check=True)
        subprocess.run([str(python), __file__, "--inside"], check=True)
    finally:
        if not args.venv and not args.keep:
            shutil.rmtree(venv, ignore_errors=True)


if __name__ == "__main__":
    main()
