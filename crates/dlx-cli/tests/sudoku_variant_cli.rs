//! `dlx sudoku --variant NAME`: published variants answered one line each (plain, counted,
//! unique, JSON), bad lines named with exit status 2, and `dlx sudoku generate --variant` making puzzles that
//! read back with exactly one solution, the same ones from the same seed.
//!
//! The puzzles: janko.at Killer-Sudoku 001 (https://www.janko.at/Raetsel/Sudoku/Killer/001.a.htm)
//! and Chaos-Sudoku 005 (https://www.janko.at/Raetsel/Sudoku/Chaos/005.a.htm), Wikipedia's
//! hypersudoku (File:Oceans_Hypersudoku18_Puzzle.svg, by oceanh, CC BY 2.5), with their
//! published solutions; more in dlx-sudoku's tests/data/variants.txt.

mod common;

use common::{dlx, dlx_input};

const KILLER: &str = "aabcadbcedbfedff:a=9,b=8,c=3,d=7,e=4,f=9";
const KILLER_SOLUTION: &str = "2341413232141423";
const JIGSAW: &str = "..5....1..4..........23..:ddaaadddbaeecbaeccbbeeccb";
const JIGSAW_SOLUTION: &str = "2354154132452133142512354";
const WINDOKU: &str =
    ".......1...2....34....51........65...7.3...8...3..........8....58....9..69.......";
const WINDOKU_SOLUTION: &str =
    "946832715152697834738451296819726543475319682263548179327985461584163927691274358";

/// Standard output and error of a run that must succeed.
fn ok(args: &[&str], input: &str) -> (String, String) {
    let out = dlx_input(args, input);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "dlx {args:?}: {err}");
    (String::from_utf8(out.stdout).unwrap(), err)
}

#[test]
fn published_puzzles_are_solved_counted_and_checked() {
    let input = format!("# janko.at Killer 001\n{KILLER}\n\n{KILLER}\n");
    let (out, err) = ok(&["sudoku", "--variant", "killer"], &input);
    assert_eq!(out, format!("{KILLER_SOLUTION}\n{KILLER_SOLUTION}\n"));
    assert!(err.starts_with("2 puzzles: 2 solved;"), "{err}");
    let (out, _) = ok(&["sudoku", "--variant", "jigsaw", "--unique", "-q"], JIGSAW);
    assert_eq!(out, format!("{JIGSAW_SOLUTION}\n"));
    let (out, _) = ok(&["sudoku", "--variant", "windoku", "-q"], WINDOKU);
    assert_eq!(out, format!("{WINDOKU_SOLUTION}\n"));
    let (out, err) = ok(&["sudoku", "--variant", "hyper", "--count", "-q"], WINDOKU);
    assert_eq!((out.as_str(), err.as_str()), ("1\n", ""));
    // Without the windows the same givens allow many solutions.
    let (out, _) = ok(
        &[
            "sudoku",
            "--variant",
            "classic",
            "--count",
            "--limit",
            "5",
            "-q",
        ],
        WINDOKU,
    );
    assert_eq!(out, "5+\n");
    let (out, _) = ok(
        &["sudoku", "--variant", "classic", "--unique", "-q"],
        WINDOKU,
    );
    assert_eq!(out, "multiple solutions\n");
}

#[test]
fn json_gives_one_object_a_line() {
    let input = format!("{JIGSAW}\n{}\n", JIGSAW.replacen("..5", "5.5", 1));
    let out = dlx_input(&["sudoku", "--variant", "jigsaw", "--json", "-q"], &input);
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[0]["variant"], "jigsaw");
    assert_eq!(lines[0]["solution"], JIGSAW_SOLUTION);
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["error"], "line 2: r1c1 and r1c3 both hold 5");
    let (out, _) = ok(
        &["sudoku", "--variant", "killer", "--count", "--json", "-q"],
        KILLER,
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["complete"].as_bool()),
        (Some(1), Some(true))
    );
}

#[test]
fn bad_lines_are_named_and_exit_with_status_2() {
    let input = format!("{KILLER}\naabcadbcedbfedff:a=9,b=8,c=3,d=7,e=4\n");
    let out = dlx_input(&["sudoku", "--variant", "killer", "-q"], &input);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{KILLER_SOLUTION}\ninvalid\n")
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("dlx: -: line 2: cage `f` has no sum\n"),
        "{err}"
    );
    assert!(err.contains("dlx: -: 1 of 2 puzzles bad input"), "{err}");
    // A samurai line of the wrong length; an unknown variant; --alphabet with a variant.
    let out = dlx_input(&["sudoku", "--variant", "samurai", "-q"], "123\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(
        "line 1: found 3 cells, expected 405 (five 9x9 grids) or 441 (the 21x21 square)"
    ));
    for args in [
        &["sudoku", "--variant", "sudoku-z"][..],
        &["sudoku", "--variant", "x", "--alphabet", "1-9"],
        &["sudoku", "generate", "--max-cage", "3"],
    ] {
        let out = dlx(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let out = dlx(&["sudoku", "generate", "--variant", "x", "--size", "16"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dlx: --size 16: variants are made with sides 2 to 9\n"
    );
    let killer7 = ["sudoku", "generate", "--variant", "killer", "--size", "7"];
    let out = dlx(&killer7);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dlx: --variant killer --seed 1: side 7 cannot be cut into boxes \
         (a jigsaw can have any side)\n"
    );
    // --max-cage belongs to killer (its help names the default, which clap cannot show for
    // an option checked against the variant); seeds that would wrap round past 2^64 - 1.
    let help = String::from_utf8(dlx(&["sudoku", "generate", "--help"]).stdout).unwrap();
    let default = dlx_sudoku::variant::DEFAULT_MAX_CAGE;
    assert!(help.contains(&format!("(default {default})")), "{help}");
    let cases: [(&[&str], &str); 2] = [
        (
            &["--variant", "x", "--max-cage", "3"],
            "dlx: --max-cage is for --variant killer, not x\n",
        ),
        (
            &[
                "--variant",
                "x",
                "--seed",
                "18446744073709551615",
                "--count",
                "2",
            ],
            "dlx: --seed 18446744073709551615 --count 2: the seeds would pass \
             18446744073709551615\n",
        ),
    ];
    for (args, message) in cases {
        let out = dlx(&[&["sudoku", "generate"][..], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), message);
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // The last seed there is, once.
    let last = [
        "sudoku",
        "generate",
        "--variant",
        "x",
        "--seed",
        "18446744073709551615",
    ];
    let (made, _) = ok(&[&last[..], &["--json", "-q"]].concat(), "");
    let v: serde_json::Value = serde_json::from_str(made.trim()).unwrap();
    assert_eq!(v["seed"], 18446744073709551615u64);
}

#[test]
fn generated_puzzles_read_back_with_one_solution() {
    for (variant, side) in [
        ("x", "9"),
        ("windoku", "9"),
        ("jigsaw", "7"),
        ("killer", "6"),
        ("samurai", "9"),
    ] {
        let args = [
            "sudoku",
            "generate",
            "--variant",
            variant,
            "--count",
            "2",
            "--seed",
            "40",
            "--size",
            side,
            "-q",
        ];
        let (made, _) = ok(&args, "");
        assert_eq!(made.lines().count(), 2, "{variant}");
        // The same seed makes the same puzzles; the second alone from its own seed.
        assert_eq!(ok(&args, "").0, made);
        let mut second = args;
        (second[5], second[7]) = ("1", "41");
        assert_eq!(
            ok(&second, "").0,
            made.lines().nth(1).unwrap().to_string() + "\n"
        );
        let (answers, _) = ok(&["sudoku", "--variant", variant, "--unique", "-q"], &made);
        assert!(
            answers.lines().all(|l| !l.contains("solution")),
            "{variant}: {answers}"
        );
        // JSON carries the solution the puzzle has.
        let (json, _) = ok(&[&args[..], &["--json"]].concat(), "");
        let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
        assert_eq!(first["seed"], 40);
        assert_eq!(first["puzzle"], made.lines().next().unwrap());
        assert_eq!(first["solution"], answers.lines().next().unwrap());
    }
}
