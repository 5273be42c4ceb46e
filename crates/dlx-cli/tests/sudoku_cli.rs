//! `dlx sudoku`: solving (text and `--json`), `dlx sudoku generate` and `dlx sudoku grade`,
//! run as the built binary; bad input is one line naming the line, and exit status 2.

mod common;

use common::{dlx, dlx_input, fails, stdout};
use dlx_sudoku::grade::grade;
use dlx_sudoku::{Grid, Solver};
use serde_json::Value;

/// "top95" #1.
const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const TOP95_1_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn run_input(args: &[&str], input: &str) -> (i32, String, String) {
    let out = dlx_input(args, input);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn solving_reads_files_and_standard_input_one_answer_a_line() {
    let input = format!("{TOP95_1}\n12.....3.....4..\n1...............\n");
    let (code, out, err) = run_input(&["sudoku", "--unique"], &input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!("{TOP95_1_SOLVED}\nno solution\nmultiple solutions\n")
    );
    assert!(err.starts_with("3 puzzles: 1 solved, 1 without solution, 1 with several"));
    let (code, out, _) = run_input(&["sudoku", "--count", "--limit", "5", "-q"], &input);
    assert_eq!((code, out.as_str()), (0, "1\n0\n5+\n"));
}

#[test]
fn solving_prints_json_with_the_line_puzzle_and_answer() {
    let input = format!("# comment\n{TOP95_1}\n12.....3.....4..\n");
    let (code, out, _) = run_input(&["sudoku", "--json", "-q"], &input);
    assert_eq!(code, 0);
    let lines = json_lines(&out);
    assert_eq!(lines[0]["line"], 2);
    assert_eq!(lines[0]["puzzle"], TOP95_1);
    assert_eq!(lines[0]["solution"], TOP95_1_SOLVED);
    assert_eq!(lines[1]["line"], 3);
    assert_eq!(lines[1]["status"], "no solution");
    let (_, out, _) = run_input(
        &["sudoku", "--json", "--count", "--limit", "2", "-q"],
        "1...............\n",
    );
    let lines = json_lines(&out);
    assert_eq!(
        (
            lines[0]["count"].as_u64(),
            lines[0]["limit_reached"].as_bool()
        ),
        (Some(2), Some(true))
    );
}

#[test]
fn bad_lines_are_named_answered_invalid_and_exit_2() {
    let input = format!("{TOP95_1}\n11..............\n");
    let (code, out, err) = run_input(&["sudoku", "-q"], &input);
    assert_eq!(code, 2);
    assert_eq!(out, format!("{TOP95_1_SOLVED}\ninvalid\n"));
    assert!(
        err.contains("dlx: -: line 2: r1c1 and r1c2 both hold 1"),
        "{err}"
    );
    let (code, out, _) = run_input(&["sudoku", "--json", "-q"], &input);
    assert_eq!(code, 2);
    let lines = json_lines(&out);
    assert_eq!(lines[1]["status"], "invalid");
    assert_eq!(lines[1]["error"], "line 2: r1c1 and r1c2 both hold 1");
    for args in [
        &["sudoku", "grade", "-q"][..],
        &["sudoku", "grade", "--json", "-q"],
    ] {
        let (code, _, err) = run_input(args, &input);
        assert_eq!(code, 2);
        assert!(err.contains("line 2: r1c1 and r1c2 both hold 1"), "{err}");
    }
}

#[test]
fn a_file_named_like_a_subcommand_is_read_as_a_path() {
    let dir = std::env::temp_dir().join(format!("dlx-sudoku-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("generate");
    std::fs::write(&file, format!("{TOP95_1}\n")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dlx"))
        .current_dir(&dir)
        .args(["sudoku", "./generate", "-q"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{TOP95_1_SOLVED}\n")
    );
    // Solving flags before the subcommand are refused, not read as a file name.
    let (code, err) = fails(&["sudoku", "--count", "generate"]);
    assert_eq!(code, 2);
    assert!(err.contains("error"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_writes_unique_puzzles_that_dlx_sudoku_reads_back() {
    let text = stdout(&["sudoku", "generate", "--count", "20", "--seed", "7", "-q"]);
    let puzzles: Vec<&str> = text.lines().collect();
    assert_eq!(puzzles.len(), 20);
    let mut solver = Solver::new();
    for p in &puzzles {
        assert_eq!(p.len(), 81);
        let grid: Grid = p.parse().unwrap();
        assert!(solver.is_unique(&grid), "{p}");
    }
    // The same seed, the same puzzles; and dlx sudoku reads them as they are.
    assert_eq!(
        stdout(&["sudoku", "generate", "--count", "20", "--seed", "7", "-q"]),
        text
    );
    let (code, counts, _) = run_input(&["sudoku", "--count", "-q"], &text);
    assert_eq!((code, counts), (0, "1\n".repeat(20)));
}

#[test]
fn generate_at_each_size_and_symmetric() {
    for (size, cells) in [("4", 16), ("9", 81), ("16", 256)] {
        let count = if size == "16" { "1" } else { "5" };
        let text = stdout(&[
            "sudoku",
            "generate",
            "--size",
            size,
            "--count",
            count,
            "--seed",
            "3",
            "--symmetric",
            "-q",
        ]);
        for line in text.lines() {
            assert_eq!(line.len(), cells);
            let b = line.as_bytes();
            for k in 0..cells {
                assert_eq!(b[k] == b'.', b[cells - 1 - k] == b'.', "{line}");
            }
            // Read back without naming the alphabet.
            let (code, out, err) = run_input(&["sudoku", "--unique", "-q"], &format!("{line}\n"));
            assert_eq!(code, 0, "{err}");
            assert_ne!(out.trim(), "multiple solutions");
        }
    }
}

#[test]
fn generate_json_has_puzzle_solution_clues_and_grade() {
    let text = stdout(&[
        "sudoku", "generate", "--count", "5", "--seed", "11", "--json", "-q",
    ]);
    let plain = stdout(&["sudoku", "generate", "--count", "5", "--seed", "11", "-q"]);
    for (v, line) in json_lines(&text).iter().zip(plain.lines()) {
        let puzzle: Grid = v["puzzle"].as_str().unwrap().parse().unwrap();
        assert_eq!(puzzle.to_line(), line);
        let solution: Grid = v["solution"].as_str().unwrap().parse().unwrap();
        assert!(solution.solves(&puzzle));
        assert_eq!(v["clues"].as_u64(), Some(puzzle.givens() as u64));
        let rating = grade(&puzzle).unwrap();
        assert_eq!(v["grade"].as_u64(), Some(u64::from(rating.grade.number())));
        assert_eq!(v["name"], rating.grade.name());
        assert_eq!(v["nodes"].as_u64(), Some(rating.nodes));
        assert_eq!(v["attempts"], 1);
    }
}

#[test]
fn generate_reaches_the_grade_asked_for_or_says_it_did_not() {
    let text = stdout(&[
        "sudoku",
        "generate",
        "--count",
        "3",
        "--seed",
        "2",
        "--grade",
        "locked-candidates",
        "--json",
        "-q",
    ]);
    for v in json_lines(&text) {
        assert_eq!(v["grade"], 2);
        let puzzle: Grid = v["puzzle"].as_str().unwrap().parse().unwrap();
        assert_eq!(grade(&puzzle).unwrap().grade.number(), 2);
    }
    // 4x4 minimal puzzles need singles only (1,000 of seed 1 did).
    let (code, err) = fails(&[
        "sudoku",
        "generate",
        "--size",
        "4",
        "--grade",
        "3",
        "--attempts",
        "200",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("dlx: no 4x4 puzzle of grade 3 (probing) among 200 minimal puzzles generated"),
        "{err}"
    );
}

#[test]
fn generate_refuses_bad_flags() {
    for (args, says) in [
        (&["--size", "10"][..], "not a board side"),
        (&["--grade", "5"], "not a grade"),
        (&["--count", "0"], "--count"),
        (&["--attempts", "5"], "--grade"),
        (&["--alphabet", "A-P"], "has 16 symbols, not 9"),
        (&["--seed", "x"], "--seed"),
    ] {
        let mut all = vec!["sudoku", "generate"];
        all.extend_from_slice(args);
        let (code, err) = fails(&all);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let out = dlx(&[
        "sudoku",
        "generate",
        "--size",
        "16",
        "--alphabet",
        "1-G",
        "--seed",
        "1",
        "-q",
    ]);
    let line = String::from_utf8(out.stdout).unwrap();
    assert!(
        line.trim()
            .chars()
            .all(|c| c == '.' || ('1'..='9').contains(&c) || ('A'..='G').contains(&c))
    );
}

#[test]
fn grade_prints_number_name_and_nodes_and_refuses_what_is_not_unique() {
    // Arto Inkala's puzzle needs a search; top95 #1 too; a 4x4 with no solution; an
    // empty 4x4 with many.
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let input = format!("{easy}\n{inkala}\n12.....3.....4..\n................\n");
    let (code, out, err) = run_input(&["sudoku", "grade"], &input);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "1 singles 0");
    let nodes = grade(&inkala.parse().unwrap()).unwrap().nodes;
    assert!(nodes > 0);
    assert_eq!(lines[1], format!("4 branching {nodes}"));
    assert_eq!(&lines[2..], ["no solution", "multiple solutions"]);
    assert!(
        err.starts_with(
            "4 puzzles: 1 singles, 0 locked-candidates, 0 probing, 1 branching, 2 not unique"
        ),
        "{err}"
    );
    // The same answers every time, and as JSON.
    assert_eq!(run_input(&["sudoku", "grade", "-q"], &input).1, out);
    let (_, json, _) = run_input(&["sudoku", "grade", "--json", "-q"], &input);
    let v = json_lines(&json);
    assert_eq!(
        (v[1]["grade"].as_u64(), v[1]["name"].as_str()),
        (Some(4), Some("branching"))
    );
    assert_eq!(v[1]["nodes"].as_u64(), Some(nodes));
    assert_eq!(v[1]["puzzle"], inkala);
    assert_eq!(v[2]["status"], "no solution");
    assert_eq!(v[3]["status"], "multiple solutions");
}
