//! Explanations against the grader and the solver: on every puzzle, the steps reach the
//! grader's grade, each digit placed is the solution's, each option removed is not, and the
//! grid reached is what the steps fill in.

use dlx_sudoku::explain::{Explanation, Outcome, Probed, Step, explain};
use dlx_sudoku::generate::Generator;
use dlx_sudoku::grade::{Grade, Grader, NotUnique};
use dlx_sudoku::{Grid, Solver, parse_lines};

/// tdoku's own test puzzles (BSD-2-Clause), vendored.
const TDOKU: &str = include_str!("data/tdoku_test_puzzles.txt");

/// Checks one puzzle's explanation; returns its grade (`None` without a unique solution).
fn check(puzzle: &Grid, solver: &mut Solver, grader: &mut Grader) -> Option<Grade> {
    let line = puzzle.to_line();
    let explained = explain(puzzle);
    let graded = grader.grade(puzzle);
    let e: Explanation = match (explained, graded) {
        (Ok(e), Ok(rating)) => {
            assert_eq!(e.rating, rating, "{line}");
            e
        }
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "{line}");
            return None;
        }
        (a, b) => panic!("{line}: explained {:?}, graded {b:?}", a.map(|e| e.rating)),
    };
    let solution = solver
        .solve(puzzle)
        .expect("a graded puzzle has a solution");
    let side = puzzle.side();
    let answer = |c: dlx_sudoku::explain::Cell| solution.values()[c.row * side + c.column];
    let mut filled = puzzle.values().to_vec();
    let mut hardest = Grade::Singles;
    for step in &e.steps {
        hardest = hardest.max(step.grade());
        let shown = step.display(puzzle.alphabet()).to_string();
        if let Some((cell, digit)) = step.placed() {
            assert_eq!(answer(cell), digit, "{line}: {shown}");
            assert_eq!(filled[cell.row * side + cell.column], 0, "{line}: {shown}");
            filled[cell.row * side + cell.column] = digit;
            assert!(step.removed().is_empty());
        } else {
            let removed = step.removed();
            assert!(!removed.is_empty(), "{line}: {shown}");
            for (cell, digit) in removed {
                assert_ne!(answer(cell), digit, "{line}: {shown}");
            }
        }
        // What each rule says it used holds in the solution too.
        match step {
            Step::Locked { removed, .. } => assert!(!removed.is_empty()),
            Step::Probe {
                probed,
                outcome: Outcome::Fails { digit, chain, .. },
            } => {
                if let Probed::Cell { digits, .. } = probed {
                    assert!(digits.contains(digit), "{line}: {shown}");
                }
                // The way to the dead end: singles and locked candidates, no probe in a probe.
                assert!(
                    chain.iter().all(|s| s.grade() < Grade::Probing),
                    "{line}: {shown}"
                );
                let n = chain.len();
                assert_eq!(shown.ends_with(" steps") || shown.ends_with(" step"), n > 0);
            }
            _ => {}
        }
    }
    assert_eq!(e.reached.values(), &filled[..], "{line}");
    if e.rating.grade == Grade::Branching {
        assert!(!e.reached.is_complete(), "{line}");
        assert!(e.rating.nodes > 0);
    } else {
        assert_eq!(e.reached.values(), solution.values(), "{line}");
        assert_eq!(hardest, e.rating.grade, "{line}");
    }
    Some(e.rating.grade)
}

/// Every puzzle of `text` (one a line), with how many of each grade there were.
fn check_all(text: &str) -> [usize; 4] {
    let (mut solver, mut grader) = (Solver::new(), Grader::new());
    let mut seen = [0; 4];
    for entry in parse_lines(text, None) {
        let puzzle = entry.puzzle.expect("the test puzzles parse");
        if let Some(g) = check(&puzzle, &mut solver, &mut grader) {
            seen[usize::from(g.number()) - 1] += 1;
        }
    }
    seen
}

#[test]
fn tdoku_test_puzzles_are_explained_to_their_grade() {
    let seen = check_all(TDOKU);
    // Easy and hard puzzles alike: some need a search.
    assert!(seen[0] > 0 && seen[3] > 0, "{seen:?}");
}

#[test]
fn generated_puzzles_of_every_grade_are_explained() {
    let (mut solver, mut grader) = (Solver::new(), Grader::new());
    let mut seen = [0; 4];
    for (n, seed, count) in [(2, 1, 50), (3, 1, 200), (3, 2, 100), (4, 1, 6)] {
        let generator = Generator::new(n).unwrap().seed(seed);
        for g in generator.take(count) {
            let g = g.unwrap();
            let grade = check(&g.puzzle, &mut solver, &mut grader).expect("generated: unique");
            seen[usize::from(grade.number()) - 1] += 1;
        }
    }
    // Random minimal puzzles need singles, locked candidates, probing and, on 16x16, a search.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn each_grade_asked_of_the_generator_is_explained() {
    let (mut solver, mut grader) = (Solver::new(), Grader::new());
    for wanted in Grade::ALL {
        let mut generator = Generator::new(3).unwrap().seed(5).grade(wanted);
        let g = generator.generate().expect("a puzzle of that grade");
        assert_eq!(check(&g.puzzle, &mut solver, &mut grader), Some(wanted));
    }
}

#[test]
fn puzzles_without_one_solution_are_refused_as_the_grader_refuses_them() {
    // Two solutions (an empty 4x4 has 288); none (two 1s forced into one row's last cells).
    let empty: Grid = "................".parse().unwrap();
    assert_eq!(explain(&empty).unwrap_err(), NotUnique::Multiple);
    let none: Grid = "12.....3.....4..".parse().unwrap();
    assert_eq!(explain(&none).unwrap_err(), NotUnique::NoSolution);
}

#[test]
fn steps_read_as_a_solver_writes_them() {
    let puzzle: Grid =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .unwrap();
    let e = explain(&puzzle).unwrap();
    let first = e.steps[0].display(puzzle.alphabet()).to_string();
    let (cell, digit) = e.steps[0].placed().unwrap();
    assert_eq!(
        first,
        format!("{cell}={digit}: hidden single in box 1"),
        "boxes are looked at first"
    );
}
