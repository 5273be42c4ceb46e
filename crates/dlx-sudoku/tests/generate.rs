//! The generator and the grader, checked through paths of their own.
//!
//! Every generated puzzle is checked unique and minimal by dancing links (dlx-core's [`Dlx`]
//! on the exact cover matrix, counting solutions up to 2), not by the engines the generator
//! carves with: the puzzle has exactly one solution, the generator's, and the puzzle less any
//! one clue (less any pair of clues, for symmetric puzzles) has two. 4x4 and 9x9 are counted
//! by plain DLX; from 16x16 up, where plain DLX spends a second or more on some counts,
//! by dlx-core's propagation over the same links ([`Reduce`]). Grades 1 and 2 are checked by
//! a small solver written here (singles, then locked candidates).
//!
//! Time in the test profile on 2 cores shared with other work: 1,000 9x9 puzzles about 1 s,
//! 100 4x4 well under 1 s, 100 16x16 about 40 s of processor time on four threads (27 s on
//! the 2 cores; generating them is a quarter of it, the checks the rest), the grader's tests
//! about 5 s; the whole file under 30 s. 25x25 takes about a minute a puzzle to generate and
//! twenty to check (22 minutes of processor time in all): one puzzle, `#[ignore]`d (`cargo
//! xtask slow --all`).

use dlx_core::Dlx;
use dlx_core::step::Reduce;
use dlx_sudoku::generate::{Generated, Generator};
use dlx_sudoku::grade::{Grade, Grader, NotUnique, grade};
use dlx_sudoku::{Grid, SudokuError, decode, matrix, option_of, parse_lines};

/// tdoku's test puzzles (see tests/data/README.md): `puzzle:count[:solution]`.
const TDOKU: &str = include_str!("data/tdoku_test_puzzles.txt");

/// Dancing links on one board size: the full matrix, the givens fixed for each count.
struct Links {
    n: usize,
    side: usize,
    dlx: Dlx,
}

impl Links {
    fn new(n: usize) -> Links {
        Links {
            n,
            side: n * n,
            dlx: Dlx::new(&matrix(n).unwrap()),
        }
    }

    fn givens(&self, cells: &[u8]) -> Vec<usize> {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0)
            .map(|(cell, &v)| option_of(self.side, cell, v))
            .collect()
    }

    /// The solutions of the cells (0 for blank), counted up to 2.
    fn count(&mut self, cells: &[u8]) -> u64 {
        let givens = self.givens(cells);
        let stats = if self.n <= 3 {
            self.dlx.solve().fix(givens).unwrap().limit(2).count()
        } else {
            // Probing costs more than it saves on 16x16, and saves minutes on 25x25.
            Reduce::new(&mut self.dlx)
                .fix(&givens)
                .unwrap()
                .probe(self.n >= 5)
                .limit(2)
                .count()
        };
        stats.solutions
    }

    /// The first solution's cells.
    fn first(&mut self, cells: &[u8]) -> Vec<u8> {
        let givens = self.givens(cells);
        let side = self.side;
        let solution = self.dlx.solve().fix(givens).unwrap().first().unwrap();
        let mut out = cells.to_vec();
        for option in solution.sorted_options() {
            let (cell, v) = decode(side, option);
            out[cell] = v;
        }
        out
    }
}

/// The clues that go together: a clue and its image under the 180° rotation for symmetric
/// puzzles, else each clue alone.
fn orbits(cells: &[u8], symmetric: bool) -> Vec<Vec<usize>> {
    let last = cells.len() - 1;
    (0..cells.len())
        .filter(|&k| cells[k] != 0 && (!symmetric || k <= last - k))
        .map(|k| {
            if symmetric && k != last - k {
                vec![k, last - k]
            } else {
                vec![k]
            }
        })
        .collect()
}

/// Checks a generated puzzle by plain dancing links: exactly one solution, the generator's,
/// and two once any clue (or symmetric pair) goes; symmetric puzzles have symmetric clues.
fn check(links: &mut Links, g: &Generated, symmetric: bool) {
    let cells = g.puzzle.values();
    let line = g.puzzle.to_line();
    assert_eq!(links.count(cells), 1, "not unique: {line}");
    assert_eq!(links.first(cells), g.solution.values(), "{line}");
    assert!(g.solution.solves(&g.puzzle));
    if symmetric {
        let last = cells.len() - 1;
        for k in 0..cells.len() {
            assert_eq!(cells[k] == 0, cells[last - k] == 0, "not symmetric: {line}");
        }
    }
    for orbit in orbits(cells, symmetric) {
        let mut less = cells.to_vec();
        for &k in &orbit {
            less[k] = 0;
        }
        assert_eq!(links.count(&less), 2, "clues {orbit:?} can go: {line}");
    }
}

/// From each seed, `plain` puzzles of box size n and `symmetric` symmetric ones, each
/// checked; returns them.
fn generate_checked(n: usize, seeds: &[u64], plain: usize, symmetric: usize) -> Vec<Generated> {
    let mut links = Links::new(n);
    let mut all = Vec::new();
    for &seed in seeds {
        for (symmetric, count) in [(false, plain), (true, symmetric)] {
            let mut generator = Generator::new(n).unwrap().seed(seed).symmetric(symmetric);
            for _ in 0..count {
                let g = generator.generate().unwrap();
                assert_eq!(g.attempts, 1);
                assert_eq!(g.rating, None);
                check(&mut links, &g, symmetric);
                all.push(g);
            }
        }
    }
    all
}

#[test]
fn a_thousand_9x9_puzzles_are_unique_and_minimal() {
    let all = generate_checked(3, &[1, 2, 3, 4, 5], 100, 100);
    assert_eq!(all.len(), 1000);
    // Minimal 9x9 puzzles have 17 clues at least, and rarely more than 40.
    let clues: Vec<usize> = all.iter().map(|g| g.puzzle.givens()).collect();
    assert!(clues.iter().all(|&c| (17..=40).contains(&c)), "{clues:?}");
    // Different puzzles (a seed's first solution is the same with and without symmetry).
    let mut lines: Vec<String> = all.iter().map(|g| g.puzzle.to_line()).collect();
    lines.sort_unstable();
    lines.dedup();
    assert_eq!(lines.len(), 1000);
}

#[test]
fn a_hundred_4x4_puzzles_are_unique_and_minimal() {
    let all = generate_checked(2, &[7], 50, 50);
    assert_eq!(all.len(), 100);
    // 4 clues at least (3 leave a symbol out, so two solutions).
    assert!(all.iter().all(|g| g.puzzle.givens() >= 4));
}

#[test]
fn a_hundred_16x16_puzzles_are_unique_and_minimal() {
    // Four seeds of 25 puzzles on four threads: a quarter of the time where cores are free.
    let counts: Vec<usize> = std::thread::scope(|s| {
        let runs: Vec<_> = (11..15)
            .map(|seed| s.spawn(move || generate_checked(4, &[seed], 13, 12).len()))
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    assert_eq!(counts, [25; 4]);
}

#[test]
#[ignore = "25x25: about a minute to generate and twenty to check (`cargo xtask slow --all`)"]
fn generated_25x25_is_unique_and_minimal() {
    assert_eq!(generate_checked(5, &[25], 1, 0).len(), 1);
}

/// The first `count` puzzles of a seed, as lines.
fn lines(n: usize, seed: u64, symmetric: bool, count: usize) -> Vec<String> {
    Generator::new(n)
        .unwrap()
        .seed(seed)
        .symmetric(symmetric)
        .take(count)
        .map(|g| g.unwrap().puzzle.to_line())
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    for (n, count) in [(2, 20), (3, 50), (4, 2)] {
        for symmetric in [false, true] {
            let first = lines(n, 42, symmetric, count);
            assert_eq!(first, lines(n, 42, symmetric, count));
            assert_ne!(first, lines(n, 43, symmetric, count));
            // The iterator and generate() draw the same sequence.
            let mut g = Generator::new(n).unwrap().seed(42).symmetric(symmetric);
            let drawn: Vec<String> = (0..count)
                .map(|_| g.generate().unwrap().puzzle.to_line())
                .collect();
            assert_eq!(drawn, first);
        }
    }
}

/// A solver by the rules alone, written for these tests: naked and hidden singles, and with
/// `locked` also pointing and claiming. Returns the cells it reached (0 where it is stuck).
fn logic(cells: &[u8], n: usize, locked: bool) -> Vec<u8> {
    let side = n * n;
    let all = (1u64 << side) - 1;
    let units: Vec<Vec<usize>> = (0..side)
        .map(|r| (0..side).map(|c| r * side + c).collect())
        .chain((0..side).map(|c| (0..side).map(|r| r * side + c).collect()))
        .chain((0..side).map(|b| {
            let (r0, c0) = (b / n * n, b % n * n);
            (0..side)
                .map(|i| (r0 + i / n) * side + c0 + i % n)
                .collect()
        }))
        .collect();
    let mut value = cells.to_vec();
    let mut cand: Vec<u64> = vec![all; side * side];
    loop {
        let mut changed = false;
        // Candidates: what no solved peer holds.
        for unit in &units {
            let held = unit
                .iter()
                .filter(|&&k| value[k] != 0)
                .fold(0, |m, &k| m | 1 << (value[k] - 1));
            for &k in unit {
                if value[k] == 0 && cand[k] & held != 0 {
                    cand[k] &= !held;
                    changed = true;
                }
            }
        }
        // Naked singles.
        for k in 0..side * side {
            if value[k] == 0 && cand[k].count_ones() == 1 {
                value[k] = cand[k].trailing_zeros() as u8 + 1;
                changed = true;
            }
        }
        // Hidden singles.
        for unit in &units {
            for d in 0..side {
                let places = places(unit, d, &value, &cand);
                let placed = unit.iter().any(|&k| usize::from(value[k]) == d + 1);
                if !placed && places.len() == 1 {
                    value[places[0]] = d as u8 + 1;
                    changed = true;
                }
            }
        }
        // Locked candidates: a unit's digit whose places all lie in another unit leaves the
        // rest of that unit.
        if locked && !changed {
            for (u, unit) in units.iter().enumerate() {
                for d in 0..side {
                    let places = places(unit, d, &value, &cand);
                    if places.len() < 2 {
                        continue;
                    }
                    for (v, other) in units.iter().enumerate() {
                        if v != u && places.iter().all(|k| other.contains(k)) {
                            for &k in other {
                                if !unit.contains(&k) && value[k] == 0 && cand[k] & 1 << d != 0 {
                                    cand[k] &= !(1 << d);
                                    changed = true;
                                }
                            }
                        }
                    }
                }
            }
        }
        if !changed {
            return value;
        }
    }
}

/// The open cells of a unit where digit d (0-based) may go.
fn places(unit: &[usize], d: usize, value: &[u8], cand: &[u64]) -> Vec<usize> {
    unit.iter()
        .copied()
        .filter(|&k| value[k] == 0 && cand[k] & 1 << d != 0)
        .collect()
}

fn solved_by(g: &Generated, n: usize, locked: bool) -> bool {
    logic(g.puzzle.values(), n, locked) == g.solution.values()
}

#[test]
fn grades_1_and_2_are_what_singles_and_locked_candidates_solve() {
    let mut grader = Grader::new();
    let mut seen = [0usize; 4];
    let mut generator = Generator::new(3).unwrap().seed(9);
    for _ in 0..300 {
        let g = generator.generate().unwrap();
        let rating = grader.grade(&g.puzzle).unwrap();
        seen[usize::from(rating.grade.number()) - 1] += 1;
        let singles = solved_by(&g, 3, false);
        let locked = solved_by(&g, 3, true);
        match rating.grade {
            Grade::Singles => assert!(singles, "{}", g.puzzle.to_line()),
            Grade::LockedCandidates => assert!(!singles && locked, "{}", g.puzzle.to_line()),
            Grade::Probing | Grade::Branching => assert!(!locked, "{}", g.puzzle.to_line()),
        }
        assert_eq!(rating.nodes > 0, rating.grade == Grade::Branching);
    }
    // Random minimal puzzles need each of the first three grades.
    assert!(seen[..3].iter().all(|&k| k > 0), "{seen:?}");
}

#[test]
fn the_generator_reaches_each_grade_asked_for() {
    let mut grader = Grader::new();
    for wanted in Grade::ALL {
        let mut generator = Generator::new(3).unwrap().seed(5).grade(wanted);
        let g = generator.generate().unwrap();
        let rating = g.rating.unwrap();
        assert_eq!(rating.grade, wanted);
        // The same rating from the grader, and the puzzle unique and minimal.
        assert_eq!(grader.grade(&g.puzzle), Ok(rating));
        check(&mut Links::new(3), &g, false);
        match wanted {
            Grade::Singles => assert!(solved_by(&g, 3, false)),
            Grade::LockedCandidates => assert!(!solved_by(&g, 3, false) && solved_by(&g, 3, true)),
            _ => assert!(!solved_by(&g, 3, true)),
        }
    }
}

#[test]
fn a_grade_not_reached_in_the_attempts_is_an_error() {
    // The first 50 minimal 4x4 puzzles of seed 3 and their grades: the generator asked for
    // the hardest of them, or for a harder one, answers accordingly.
    let grades: Vec<Grade> = Generator::new(2)
        .unwrap()
        .seed(3)
        .take(50)
        .map(|g| grade(&g.unwrap().puzzle).unwrap().grade)
        .collect();
    let hardest = *grades.iter().max().unwrap();
    let first = grades.iter().position(|&g| g == hardest).unwrap();
    let found = Generator::new(2)
        .unwrap()
        .seed(3)
        .grade(hardest)
        .attempts(50)
        .generate()
        .unwrap();
    assert_eq!(found.attempts, first as u64 + 1);
    if hardest < Grade::Branching {
        let harder = Grade::ALL[usize::from(hardest.number())];
        let err = Generator::new(2)
            .unwrap()
            .seed(3)
            .grade(harder)
            .attempts(50)
            .generate()
            .unwrap_err();
        assert!(matches!(
            err,
            SudokuError::GradeNotReached { attempts: 50, .. }
        ));
        assert_eq!(
            err.to_string(),
            format!(
                "no 4x4 puzzle of grade {} ({harder}) among 50 minimal puzzles generated",
                harder.number()
            )
        );
    }
}

#[test]
fn grades_are_the_same_every_time_and_refuse_what_is_not_unique() {
    let entries = parse_lines(TDOKU, None);
    let counts: Vec<&str> = TDOKU
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(':').nth(1).unwrap())
        .collect();
    assert_eq!(entries.len(), counts.len());
    let run = || -> Vec<Result<(u8, u64), NotUnique>> {
        let mut grader = Grader::new();
        entries
            .iter()
            .map(|e| {
                grader
                    .grade(e.puzzle.as_ref().unwrap())
                    .map(|r| (r.grade.number(), r.nodes))
            })
            .collect()
    };
    let first = run();
    assert_eq!(first, run());
    // A fresh grader per puzzle agrees.
    for (e, r) in entries.iter().zip(&first) {
        let again = grade(e.puzzle.as_ref().unwrap()).map(|r| (r.grade.number(), r.nodes));
        assert_eq!(&again, r);
    }
    for (r, &count) in first.iter().zip(&counts) {
        match count {
            "0" => assert_eq!(r, &Err(NotUnique::NoSolution)),
            "1" => assert!(r.is_ok()),
            _ => assert_eq!(r, &Err(NotUnique::Multiple)),
        }
    }
    // A puzzle without clashes and without a solution, and the empty board.
    let stuck: Grid = "12.....3.....4..".parse().unwrap();
    assert_eq!(grade(&stuck), Err(NotUnique::NoSolution));
    assert_eq!(grade(&Grid::empty(3).unwrap()), Err(NotUnique::Multiple));
}

#[test]
fn grades_work_at_every_size() {
    let mut grader = Grader::new();
    for n in [2, 4] {
        let mut links = Links::new(n);
        for g in Generator::new(n).unwrap().seed(1).take(3) {
            let g = g.unwrap();
            let rating = grader.grade(&g.puzzle).unwrap();
            assert_eq!(grader.grade(&g.puzzle), Ok(rating));
            if rating.grade == Grade::Singles {
                assert!(solved_by(&g, n, false));
            }
            check(&mut links, &g, false);
        }
    }
}
