//! The judges' formats on whole puzzle sets: published puzzles written in POJ 3074's and
//! POJ 3076's shapes, answered through `dlx_sudoku::judge`, against their published
//! solutions. The sets are optional data (`DLX_DATA_DIR`); an absent file is one `skipped:`
//! line.

use dlx_sudoku::Solver;
use dlx_sudoku::judge::Judge;
use dlx_test_data::read;

/// The unique puzzles of an answers file (`[file:]puzzle:count[:solution]` lines) and their
/// solutions.
fn unique(answers: &str) -> Vec<(String, String)> {
    answers
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let fields: Vec<&str> = l.split(':').collect();
            let [.., puzzle, count, solution] = fields[..] else {
                return None;
            };
            (count == "1").then(|| (puzzle.to_string(), solution.to_string()))
        })
        .collect()
}

/// top1465 in POJ 3074's shape (blanks as `.`, then `end`): every answer the published one.
#[test]
fn top1465_in_poj3074_shape() {
    let Some(answers) = read("sudoku/9x9/magictour_top1465.answers.txt") else {
        return;
    };
    let puzzles = unique(&answers);
    assert_eq!(puzzles.len(), 1465);
    let mut input = String::new();
    let mut expected = String::new();
    for (puzzle, solution) in &puzzles {
        input.push_str(&puzzle.replace('0', "."));
        input.push('\n');
        expected.push_str(solution);
        expected.push('\n');
    }
    input.push_str("end\n");
    let out = Judge::Poj3074
        .answer_all(&input, &mut Solver::new())
        .unwrap();
    assert!(out == expected, "an answer differs from the published one");
}

/// The unique 16x16 puzzles of the data folder (AlSpV's in `1-G`, michael404's hexadoku in
/// `0-F`) in POJ 3076's shape (`A`-`P`, `-` for a blank, 16 lines each, data sets
/// separated by empty lines): answers in the same shape, the published solutions.
#[test]
fn sixteen_by_sixteen_sets_in_poj3076_shape() {
    let mut input = Vec::new();
    let mut expected = Vec::new();
    for (file, symbols) in [
        ("sudoku/16x16/alspv.answers.txt", "123456789ABCDEFG"),
        ("sudoku/16x16/hexadoku_michael404.txt", "0123456789ABCDEF"),
    ] {
        let Some(answers) = read(file) else {
            continue;
        };
        let to_judge = |text: &str, blank: char| -> String {
            let cells: String = text
                .chars()
                .map(|c| match symbols.find(c) {
                    Some(k) => (b'A' + k as u8) as char,
                    None => blank,
                })
                .collect();
            let rows: Vec<&str> = (0..16).map(|r| &cells[r * 16..r * 16 + 16]).collect();
            rows.join("\n") + "\n"
        };
        for (puzzle, solution) in unique(&answers) {
            input.push(to_judge(&puzzle, '-'));
            expected.push(to_judge(&solution, '?'));
        }
    }
    if input.is_empty() {
        return;
    }
    let out = Judge::Poj3076
        .answer_all(&input.join("\n"), &mut Solver::new())
        .unwrap();
    assert_eq!(out, expected.join("\n"));
}
