//! `dlx sudoku generate`, `grade` and `explain`: the puzzles made have one solution (checked
//! by `dlx sudoku --unique`), the same seed makes the same puzzles, the grades are the same
//! every time, explanations end at the grade and the solution; bad input is one line and exit
//! status 2.

mod common;

use common::{dlx, dlx_input, fails, stdout};
use serde_json::Value;

/// The lines of a successful run's standard output.
fn lines(out: &std::process::Output) -> Vec<String> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn generated_puzzles_have_one_solution_and_repeat_with_their_seed() {
    for size in ["4", "9", "16"] {
        for symmetric in [false, true] {
            let mut args = vec!["sudoku", "generate", "--size", size, "--count", "5"];
            args.extend(["--seed", "11", "-q"]);
            if symmetric {
                args.push("--symmetric");
            }
            let puzzles = stdout(&args);
            assert_eq!(puzzles.lines().count(), 5);
            assert_eq!(stdout(&args), puzzles, "the same seed, the same puzzles");
            let answers = lines(&dlx_input(&["sudoku", "--unique", "-q"], &puzzles));
            assert_eq!(answers.len(), 5);
            for (p, a) in puzzles.lines().zip(&answers) {
                assert!(!a.contains("solution"), "size {size}: {p} answered `{a}`");
            }
        }
    }
    let other = stdout(&["sudoku", "generate", "--count", "5", "--seed", "12", "-q"]);
    let first = stdout(&["sudoku", "generate", "--count", "5", "--seed", "11", "-q"]);
    assert_ne!(other, first, "another seed, other puzzles");
}

#[test]
fn json_gives_the_solution_clues_and_grade() {
    let out = dlx(&[
        "sudoku", "generate", "--count", "3", "--seed", "5", "--json", "-q",
    ]);
    for line in lines(&out) {
        let v: Value = serde_json::from_str(&line).unwrap();
        let puzzle = v["puzzle"].as_str().unwrap();
        let solved = lines(&dlx_input(&["sudoku", "--unique", "-q"], puzzle));
        let flat: String = solved[0].chars().filter(|c| c.is_ascii_digit()).collect();
        assert_eq!(v["solution"].as_str().unwrap(), flat);
        let clues = puzzle.chars().filter(|&c| c != '.').count();
        assert_eq!(v["clues"].as_u64().unwrap() as usize, clues);
        let graded = lines(&dlx_input(&["sudoku", "grade", "-q"], puzzle));
        assert!(
            graded[0].starts_with(&v["grade"].to_string()),
            "{graded:?} {v}"
        );
    }
}

#[test]
fn a_grade_asked_for_is_the_grade_given() {
    let puzzles = stdout(&[
        "sudoku", "generate", "--count", "3", "--grade", "2", "--seed", "3", "-q",
    ]);
    let graded = lines(&dlx_input(&["sudoku", "grade", "-q"], &puzzles));
    assert_eq!(graded, vec!["2 locked-candidates"; 3]);
}

/// An easy puzzle (singles), and Arto Inkala's of 2012, which needs a search.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn grades_are_the_same_every_time() {
    let input = format!("{EASY}\n{INKALA}\n{}\n", ".".repeat(81));
    let first = lines(&dlx_input(&["sudoku", "grade", "-q"], &input));
    assert_eq!(first[0], "1 singles");
    assert!(first[1].starts_with("4 branching "), "{}", first[1]);
    let nodes: u64 = first[1].rsplit(' ').next().unwrap().parse().unwrap();
    assert!(nodes > 0);
    assert_eq!(first[2], "multiple solutions");
    assert_eq!(lines(&dlx_input(&["sudoku", "grade", "-q"], &input)), first);
    let json = lines(&dlx_input(&["sudoku", "grade", "--json", "-q"], &input));
    let v: Value = serde_json::from_str(&json[1]).unwrap();
    assert_eq!(v["grade"], 4);
    assert_eq!(v["nodes"], nodes);
    assert_eq!(v["line"], 2);
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let (code, err) = fails(&["sudoku", "generate", "--size", "5"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--size 5"), "{err}");
    let out = dlx_input(&["sudoku", "grade", "-q"], &format!("{EASY}\n1234\n"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1 singles\ninvalid\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));
    let (code, _) = fails(&["sudoku", "generate", "--grade", "9"]);
    assert_eq!(code, 2);
}

#[test]
fn json_answers_when_solving() {
    let input = format!("{EASY}\n{}\n", ".".repeat(81));
    let out = lines(&dlx_input(&["sudoku", "--unique", "--json", "-q"], &input));
    let a: Value = serde_json::from_str(&out[0]).unwrap();
    assert_eq!(a["solutions"], 1);
    assert_eq!(a["line"], 1);
    assert_eq!(a["solution"].as_str().unwrap().len(), 81);
    let b: Value = serde_json::from_str(&out[1]).unwrap();
    assert_eq!(b["solutions"], 2);
    assert!(b["solution"].is_null());
    let counted = lines(&dlx_input(
        &["sudoku", "--count", "--limit", "5", "--json", "-q"],
        &input,
    ));
    let c: Value = serde_json::from_str(&counted[1]).unwrap();
    assert_eq!(
        (c["count"].as_u64(), c["complete"].as_bool()),
        (Some(5), Some(false))
    );
}

#[test]
fn explanations_end_at_the_grade_and_the_solution() {
    let puzzles = stdout(&["sudoku", "generate", "--count", "12", "--seed", "3", "-q"]);
    let mut hard = stdout(&["sudoku", "generate", "--grade", "3", "--seed", "4", "-q"]);
    // Inkala's "world's hardest sudoku" (2012): the rules stop short of it.
    hard.push_str(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n",
    );
    let puzzles = puzzles + &hard;
    let grades = lines(&dlx_input(&["sudoku", "grade", "-q"], &puzzles));
    let solutions = lines(&dlx_input(&["sudoku", "-q"], &puzzles));
    let shown = lines(&dlx_input(&["sudoku", "explain", "-q"], &puzzles));
    let json = lines(&dlx_input(&["sudoku", "explain", "--json", "-q"], &puzzles));
    // One block per puzzle: a heading, a line per step, and where the steps end.
    let blocks: Vec<&[String]> = {
        let starts: Vec<usize> = (0..shown.len())
            .filter(|&i| shown[i].starts_with("line "))
            .chain([shown.len()])
            .collect();
        starts.windows(2).map(|w| &shown[w[0]..w[1]]).collect()
    };
    assert_eq!((blocks.len(), json.len()), (14, 14));
    let mut rules = std::collections::BTreeSet::new();
    for (i, block) in blocks.iter().enumerate() {
        let v: Value = serde_json::from_str(&json[i]).unwrap();
        let steps = v["steps"].as_array().unwrap();
        let heading = format!("line {}: {}, {} step", i + 1, grades[i], steps.len());
        assert!(block[0].starts_with(&heading), "{} / {heading}", block[0]);
        assert_eq!(block.len(), steps.len() + 2);
        for (line, step) in block[1..].iter().zip(steps) {
            assert_eq!(line.trim(), step["text"].as_str().unwrap());
            rules.insert(step["rule"].as_str().unwrap().to_string());
            // A step places a digit or removes options.
            assert_ne!(step.get("cell").is_some(), step.get("removed").is_some());
            // A choice that fails lists the steps to its dead end, as many as its text says.
            let text = step["text"].as_str().unwrap();
            if text.contains(" leaves ") {
                let chain = step["chain"].as_array().unwrap();
                let said = text.rsplit(" after ").next().unwrap_or_default();
                let n: usize = said.split(' ').next().unwrap().parse().unwrap_or(0);
                assert_eq!(chain.len(), n, "{text}");
            }
        }
        let end = block.last().unwrap().trim();
        if v["solved"] == true {
            assert_eq!(end, format!("solved: {}", solutions[i]));
            assert_eq!(v["reached"], solutions[i].as_str());
        } else {
            assert_eq!(v["grade"], 4);
            assert!(end.starts_with("stuck with "), "{end}");
            assert!(end.ends_with(v["reached"].as_str().unwrap()), "{end}");
        }
    }
    for rule in [
        "hidden-single",
        "naked-single",
        "pointing",
        "claiming",
        "probing",
    ] {
        assert!(rules.contains(rule), "{rule} never used: {rules:?}");
    }
}

#[test]
fn explain_answers_bad_puzzles_by_line() {
    let text = "12.....3.....4..\n................\n1234\n";
    let out = dlx_input(&["sudoku", "explain", "-q"], text);
    assert_eq!(out.status.code(), Some(2));
    let shown = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        shown.lines().collect::<Vec<_>>(),
        [
            "line 1: no solution",
            "line 2: multiple solutions",
            "line 3: invalid"
        ]
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(err.contains("line 3"), "{err}");
}

#[test]
fn steps_shows_the_first_steps_only_a_hint() {
    let puzzle = stdout(&["sudoku", "generate", "--grade", "3", "--seed", "4", "-q"]);
    let whole = lines(&dlx_input(&["sudoku", "explain", "-q"], &puzzle));
    let hint = lines(&dlx_input(
        &["sudoku", "explain", "--steps", "1", "-q"],
        &puzzle,
    ));
    // The heading and the first step as in the whole explanation, then how many are left.
    assert_eq!(hint[..2], whole[..2]);
    let left = whole.len() - 3; // the heading, the first step, where the steps end
    assert_eq!(hint[2], format!("  ... {left} more steps"));
    assert_eq!(hint.len(), 3);
    let v: Value = serde_json::from_str(
        &lines(&dlx_input(
            &["sudoku", "explain", "--steps", "2", "--json", "-q"],
            &puzzle,
        ))[0],
    )
    .unwrap();
    assert_eq!(v["steps"].as_array().unwrap().len(), 2);
    assert_eq!(v["steps_total"], whole.len() - 2);
    assert!(v.get("reached").is_none() && v.get("solved").is_none());
}
