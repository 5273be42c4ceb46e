//! Puzzle sets against their listed solutions and counts: tdoku's test puzzles, vendored in
//! `tests/data` (see its README), on every checkout; the optional sets of the data folder
//! (`DLX_DATA_DIR`, by default shared/data beside the workspace) where it is present.
//!
//! The optional data is read where it lies (it is not copied into the repository); a test
//! whose file is absent says so on one `skipped:` line and checks nothing.

use dlx_sudoku::grade::{Grade, Grader};
use dlx_sudoku::{Alphabet, Grid, Solver, SudokuError, parse, parse_lines};
use dlx_test_data::read;

/// tdoku's own test puzzles (BSD-2-Clause), vendored: 43 lines `puzzle:count[:solution]`.
const TDOKU: &str = include_str!("data/tdoku_test_puzzles.txt");

/// The text of a file of the optional data folder's `sudoku` folder, or `None` (after one
/// `skipped:` line) when it is absent.
fn data(name: &str) -> Option<String> {
    read(format!("sudoku/{name}"))
}

/// One line of an answers file: `[name:]puzzle:count[:solution]`.
struct Answer {
    name: String,
    puzzle: String,
    count: String,
    solution: Option<String>,
}

fn answers(text: &str) -> Vec<Answer> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut f: Vec<&str> = l.trim().split(':').collect();
            if [16, 81, 256, 625, 1296].contains(&f[0].len())
                && !f[0].chars().any(|c| c.is_ascii_lowercase())
            {
                f.insert(0, "");
            }
            Answer {
                name: f[0].to_string(),
                puzzle: f[1].to_string(),
                count: f[2].to_string(),
                solution: f.get(3).map(|s| s.to_string()),
            }
        })
        .collect()
}

/// Checks a set whose puzzles are all unique: the puzzle file parses to the answers' puzzles,
/// each has exactly one solution, and it is the listed one.
fn check_unique_set(puzzles: &str, answers_file: &str, expected: usize) {
    let Some(puzzles) = data(puzzles) else { return };
    let Some(listed) = data(answers_file) else {
        return;
    };
    let entries = parse_lines(&puzzles, None);
    let listed = answers(&listed);
    assert_eq!((entries.len(), listed.len()), (expected, expected));
    let mut solver = Solver::new();
    for (entry, answer) in entries.iter().zip(&listed) {
        let grid = entry.puzzle.as_ref().unwrap();
        assert_eq!(
            grid.to_line().replace('0', "."),
            answer.puzzle.replace('0', ".")
        );
        assert_eq!(answer.count, "1");
        assert_eq!(solver.count(grid, Some(2)), 1, "line {}", entry.line);
        let solution = solver.solve(grid).unwrap();
        assert!(solution.solves(grid));
        assert_eq!(
            Some(solution.to_line()),
            answer.solution,
            "line {}",
            entry.line
        );
    }
}

#[test]
fn top95() {
    check_unique_set(
        "9x9/magictour_top95.txt",
        "9x9/magictour_top95.answers.txt",
        95,
    );
}

#[test]
fn top1465() {
    check_unique_set(
        "9x9/magictour_top1465.txt",
        "9x9/magictour_top1465.answers.txt",
        1465,
    );
}

#[test]
fn forum_hardest_375() {
    check_unique_set(
        "9x9/forum_hardest_1106.txt",
        "9x9/forum_hardest_1106.answers.txt",
        375,
    );
}

#[test]
fn forum_hardest_11plus_sample() {
    check_unique_set(
        "9x9/forum_hardest_1905_11plus_sample.txt",
        "9x9/forum_hardest_1905_11plus_sample.answers.txt",
        1016,
    );
}

#[test]
fn royle_17_clue_sample() {
    check_unique_set(
        "9x9/royle_17clue_sample.txt",
        "9x9/royle_17clue_sample.answers.txt",
        1004,
    );
}

#[test]
fn norvig_hardest() {
    check_unique_set(
        "9x9/norvig_hardest11.txt",
        "9x9/norvig_hardest11.answers.txt",
        11,
    );
}

/// Checks every line of an answers file's text: the count (searching one past it, so that
/// too many solutions would show), and the solution when it is unique. A count of 0 may also
/// come as clashing givens, which are bad input rather than a search result. The file must
/// have `expected` lines.
fn check_counts(mut solver: Solver, text: &str, alphabet: Option<&Alphabet>, expected: usize) {
    let listed = answers(text);
    assert_eq!(listed.len(), expected);
    for a in &listed {
        let grid = match parse(&a.puzzle, alphabet) {
            Ok(g) => g,
            Err(e @ SudokuError::Clash { .. }) => {
                assert_eq!(a.count, "0", "{} {}: {e}", a.name, a.puzzle);
                continue;
            }
            Err(e) => panic!("{} {}: {e}", a.name, a.puzzle),
        };
        let listed: u64 = a.count.parse().expect("a number");
        assert_eq!(
            solver.count(&grid, Some(listed + 1)),
            listed,
            "{} {}",
            a.name,
            a.puzzle
        );
        if let Some(s) = &a.solution {
            assert_eq!(&solver.solve(&grid).unwrap().to_line(), s, "{}", a.name);
        }
    }
}

/// [`check_counts`] on a file of the optional data folder, when it is there.
fn check_data_counts(file: &str, expected: usize) {
    if let Some(text) = data(file) {
        check_counts(Solver::new(), &text, None, expected);
    }
}

#[test]
fn serg_sample_counts() {
    check_data_counts("9x9/serg_benchmark_sample.answers.txt", 200);
}

#[test]
fn tdoku_test_puzzles() {
    check_counts(Solver::new(), TDOKU, None, 43);
}

/// The candidate masks and plain dancing links, which 9x9 does not use by default, still
/// give every listed count and solution: tdoku's puzzles (0 to 847
/// solutions), and the serg sample (2 to 1162) when the data folder has it.
#[test]
fn generic_engines_give_the_listed_counts() {
    let serg = data("9x9/serg_benchmark_sample.answers.txt");
    for solver in [
        Solver::new().bands(false).masks_from(3),
        Solver::new().bands(false),
    ] {
        check_counts(solver.clone(), TDOKU, None, 43);
        if let Some(text) = &serg {
            check_counts(solver, text, None, 200);
        }
    }
}

#[test]
fn plb_sudoku20() {
    check_data_counts("9x9/attractivechaos_plb_sudoku20.txt", 20);
}

#[test]
fn michael404_specials() {
    check_data_counts("9x9/michael404_specials.txt", 7);
}

#[test]
fn the_38_solutions_are_the_listed_ones() {
    let Some(text) = data("9x9/many_solutions_38.txt") else {
        return;
    };
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let puzzle: Grid = lines.next().unwrap().parse().unwrap();
    let mut listed: Vec<&str> = lines.filter(|l| !l.is_empty()).collect();
    let mut found: Vec<String> = Solver::new()
        .solutions(&puzzle)
        .map(|g| g.to_line())
        .collect();
    listed.sort_unstable();
    found.sort_unstable();
    assert_eq!(found.len(), 38);
    assert_eq!(found, listed);
}

#[test]
fn project_euler_96() {
    let Some(text) = data("9x9/euler96_p096_sudoku.txt") else {
        return;
    };
    let mut solver = Solver::new();
    let mut sum = 0;
    let mut grids = 0;
    // Each puzzle is a `Grid NN` line and 9 lines of digits (0 = empty): a grid layout.
    for block in text.split("Grid ").filter(|b| !b.trim().is_empty()) {
        let body = block.split_once('\n').unwrap().1;
        let puzzle: Grid = body.parse().unwrap();
        assert!(solver.is_unique(&puzzle));
        let s = solver.solve(&puzzle).unwrap();
        // The solution prints in the puzzle's own layout: 9 lines of 9 digits.
        assert_eq!(s.to_string().lines().count(), 9);
        sum += s.to_string()[..3].parse::<u32>().unwrap();
        grids += 1;
    }
    assert_eq!((grids, sum), (50, 24702));
}

#[test]
fn hexadoku_16x16() {
    let Some(text) = data("16x16/hexadoku_michael404.txt") else {
        return;
    };
    let hex = Alphabet::from_spec("0-F").unwrap();
    let mut solver = Solver::new();
    for a in answers(&text) {
        match a.count.as_str() {
            "1" => {
                let g: Grid = a.puzzle.parse().unwrap(); // 0-F is detected
                assert_eq!(g.alphabet(), &hex);
                assert!(solver.is_unique(&g), "{}", a.name);
                assert_eq!(solver.solve(&g).unwrap().to_line(), a.solution.unwrap());
            }
            "many" => {
                let g = parse(&a.puzzle, Some(&hex)).unwrap();
                assert_eq!(solver.count(&g, Some(5000)), 5000, "{}", a.name);
            }
            _ => {
                assert_eq!(a.count, "0");
                let e = parse(&a.puzzle, Some(&hex)).unwrap_err();
                assert_eq!(e.to_string(), "line 1: r1c1 and r1c2 both hold B");
            }
        }
    }
}

/// The AlSpV files hold one number per line; their answers are in a 1-based alphabet.
fn check_alspv(dir: &str, files: &[&str]) {
    let Some(listed) = data(&format!("{dir}/alspv.answers.txt")) else {
        return;
    };
    let listed = answers(&listed);
    let mut solver = Solver::new();
    for &file in files {
        let Some(numbers) = data(&format!("{dir}/{file}")) else {
            continue;
        };
        let g: Grid = numbers.parse().unwrap();
        let a = listed.iter().find(|a| a.name == file).unwrap();
        assert_eq!(g.to_line(), a.puzzle, "{file}");
        assert!(solver.is_unique(&g), "{file}");
        let s = solver.solve(&g).unwrap();
        assert_eq!(Some(s.to_line()), a.solution, "{file}");
        // Printed in the input's layout: one number per line.
        assert_eq!(s.to_string().lines().count(), g.side() * g.side());
    }
}

#[test]
fn alspv_16x16() {
    check_alspv("16x16", &["alspv_16x16-easy.txt", "alspv_16x16-medium.txt"]);
}

#[test]
fn alspv_25x25() {
    check_alspv("25x25", &["alspv_25x25-easy.txt"]);
}

/// Solves the named puzzles of a michael404 file (alphabet `alphabet`) and checks each
/// against its listed solution; those in `unique` are also proved unique, and graded (a grade
/// of 4 has a branch node, any other none).
fn check_michael404(file: &str, alphabet: &str, names: &[&str], unique: &[&str]) {
    let Some(text) = data(file) else {
        return;
    };
    let mut solver = Solver::new();
    let mut grader = Grader::new();
    let listed = answers(&text);
    for &name in names {
        let a = listed.iter().find(|a| a.name == name).expect("listed");
        let g: Grid = a.puzzle.parse().unwrap();
        assert_eq!(g.alphabet().name(), alphabet);
        let s = solver.solve(&g).unwrap();
        assert_eq!(Some(s.to_line()), a.solution, "{name}");
        if unique.contains(&name) {
            assert!(solver.is_unique(&g), "{name}");
            let rating = grader.grade(&g).unwrap();
            assert_eq!(rating.nodes > 0, rating.grade == Grade::Branching, "{name}");
        }
    }
}

// The 25x25 and 36x36 puzzles are solved and proven unique on the candidate masks (singles,
// locked candidates and probing); plain DLX ran for minutes on every one of them, and the
// same rules over dancing links (`dlx_core::step::Reduce`) took 3.5 minutes on minimal3 and did not
// finish lowPairUnavoidable1. Times (solve, then count to 2) are from the test profile on a
// 2-core machine.

#[test]
fn michael404_25x25_puzzel1_minimal1() {
    // About 1 s and 2 s.
    check_michael404(
        "25x25/sudoku25_michael404.txt",
        "A-Y",
        &["puzzel1", "minimal1"],
        &["puzzel1", "minimal1"],
    );
}

#[test]
fn michael404_25x25_minimal2_minimal3_low_pair() {
    // 0.05 s, 8 s and 0.3 s.
    check_michael404(
        "25x25/sudoku25_michael404.txt",
        "A-Y",
        &["minimal2", "minimal3", "lowPairUnavoidable1"],
        &["minimal2", "minimal3", "lowPairUnavoidable1"],
    );
}

#[test]
fn michael404_36x36() {
    // 0.05 s to 1.2 s each.
    check_michael404(
        "36x36/sudoku36_michael404.txt",
        "0-Z",
        &["puzzel1", "evil1", "minimal1", "evil2", "minimal2"],
        &["puzzel1", "evil1", "minimal1", "evil2", "minimal2"],
    );
}

#[test]
#[ignore = "36x36 minimal3: solved and proven unique in about 35 s (`cargo xtask slow --all`)"]
fn michael404_36x36_minimal3() {
    check_michael404(
        "36x36/sudoku36_michael404.txt",
        "0-Z",
        &["minimal3"],
        &["minimal3"],
    );
}
