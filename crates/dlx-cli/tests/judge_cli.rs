//! `dlx judge`: each problem's published sample input, fed as the judge gives it, answered
//! byte for byte as the published sample output; bad input is one line naming the line, and
//! exit status 2.
//!
//! The samples, from the problem statements:
//! - HUST 1017 "Exact cover" (dupeng): acm.hust.edu.cn/problem.php?id=1017, the link of
//!   momodi's article, as archived on vjudge.net/problem/HUST-1017;
//! - POJ 3074 "Sudoku" (Stanford Local 2006): poj.org/problem?id=3074;
//! - POJ 3076 "Sudoku" (Southeastern Europe 2006): poj.org/problem?id=3076, the same statement
//!   and sample as UVa 1309;
//! - POJ 1084 "Square Destroyer" (Taejon 2001): poj.org/problem?id=1084.

mod common;

use std::process::Output;

use common::{dlx, dlx_input};

const HUST1017_IN: &str = "6 7\n3 1 4 7\n2 1 4\n3 4 5 7\n3 3 5 6\n4 2 3 6 7\n2 2 7\n";
const HUST1017_OUT: &str = "3 2 4 6\n";

const POJ3074_IN: &str = "\
.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.
......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.
end
";
const POJ3074_OUT: &str = "\
527389416819426735436751829375692184194538267268174593643217958951843672782965341
416837529982465371735129468571298643293746185864351297647913852359682714128574936
";

const POJ3076_IN: &str = "\
--A----C-----O-I
-J--A-B-P-CGF-H-
--D--F-I-E----P-
-G-EL-H----M-J--
----E----C--G---
-I--K-GA-B---E-J
D-GP--J-F----A--
-E---C-B--DP--O-
E--F-M--D--L-K-A
-C--------O-I-L-
H-P-C--F-A--B---
---G-OD---J----H
K---J----H-A-P-L
--B--P--E--K--A-
-H--B--K--FI-C--
--F---C--D--H-N-
";
const POJ3076_OUT: &str = "\
FPAHMJECNLBDKOGI
OJMIANBDPKCGFLHE
LNDKGFOIJEAHMBPC
BGCELKHPOFIMAJDN
MFHBELPOACKJGNID
CILNKDGAHBMOPEFJ
DOGPIHJMFNLECAKB
JEKAFCNBGIDPLHOM
EBOFPMIJDGHLNKCA
NCJDHBAEKMOFIGLP
HMPLCGKFIAENBDJO
AKIGNODLBPJCEFMH
KDEMJIFNCHGAOPBL
GLBCDPMHEONKJIAF
PHNOBALKMJFIDCEG
IAFJOECGLDPBHMNK
";

const POJ1084_IN: &str = "2\n2\n0\n3\n3 12 17 23\n";
const POJ1084_OUT: &str = "3\n3\n";

/// Runs `dlx judge PROBLEM` with `input` on standard input.
fn judge(problem: &str, input: &str) -> Output {
    dlx_input(&["judge", problem], input)
}

/// The standard output of a run that must succeed, with nothing on standard error.
fn answers(problem: &str, input: &str) -> String {
    let out = judge(problem, input);
    assert!(
        out.status.success(),
        "dlx judge {problem}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_samples_are_answered_byte_for_byte() {
    assert_eq!(answers("hust1017", HUST1017_IN), HUST1017_OUT);
    assert_eq!(answers("poj3074", POJ3074_IN), POJ3074_OUT);
    assert_eq!(answers("poj3076", POJ3076_IN), POJ3076_OUT);
    assert_eq!(answers("uva1309", POJ3076_IN), POJ3076_OUT);
    assert_eq!(answers("poj1084", POJ1084_IN), POJ1084_OUT);
}

#[test]
fn a_file_is_read_as_standard_input_is() {
    let dir = common::Scratch::dir("judge");
    let file = dir.join("poj3074.in");
    std::fs::write(&file, POJ3074_IN).unwrap();
    let out = dlx(&["judge", "poj3074", file.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), POJ3074_OUT);
    let missing = dir.join("absent.in");
    let out = dlx(&["judge", "poj1084", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn several_cases_run_one_after_another() {
    // Two of each, as a judge's test file holds them: 16x16 data sets separated by an empty
    // line in and out, HUST's cases back to back, POJ 1084's T = 4.
    let two = format!("{POJ3076_IN}\n{POJ3076_IN}");
    assert_eq!(
        answers("poj3076", &two),
        format!("{POJ3076_OUT}\n{POJ3076_OUT}")
    );
    let cases = format!("{HUST1017_IN}2 3\n2 1 2\n2 2 3\n{HUST1017_IN}");
    assert_eq!(answers("hust1017", &cases), "3 2 4 6\nNO\n3 2 4 6\n");
    assert_eq!(
        answers("poj1084", "4\n1\n0\n2\n0\n3\n3 12 17 23\n3\n0\n"),
        "1\n3\n3\n6\n"
    );
}

#[test]
fn bad_input_is_one_line_naming_the_line_and_exit_status_2() {
    let first = POJ3074_IN.lines().next().unwrap();
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "hust1017",
            "6 7\n3 1 4 7\n2 1 4\n".to_string(),
            "line 4: the input ends before row 3 of the 6 of the case on line 1",
        ),
        (
            "hust1017",
            "1 3\n3 1 2\n".to_string(),
            "line 2: C is 3 but 2 columns follow",
        ),
        (
            "hust1017",
            "1 3\n2 1 9\n".to_string(),
            "line 2: column 9 is outside 1..=3",
        ),
        (
            "poj3074",
            format!("{first}\n"),
            "line 2: the input ends without the line `end` that closes POJ 3074's input",
        ),
        (
            "poj3074",
            format!("{first}\n{}x\nend\n", &first[1..]),
            "line 2, position 81: unknown character `x` (POJ 3074 takes digits 1-9 and `.` for a blank)",
        ),
        (
            "poj3074",
            format!("{}.\nend\n", first),
            "line 1: found 82 cells, expected 81 (9x9)",
        ),
        (
            "poj3076",
            POJ3076_IN.replacen("-I--K-GA-B---E-J", "-I--K-GA-B---E-", 1),
            "line 6: a row of 15 characters, expected 16",
        ),
        (
            "poj3076",
            POJ3076_IN[..17 * 10].to_string(),
            "line 11: the input ends after 10 of the 16 rows of the data set from line 1",
        ),
        (
            "poj3076",
            POJ3076_IN.replacen("--A-", "--Q-", 1),
            "line 1, position 3: unknown character `Q` (POJ 3076 takes letters A-P and `-` for a blank)",
        ),
        (
            "poj1084",
            "2\n2\n0\n".to_string(),
            "line 4: the input ends before case 2 of 2 (its grid size n)",
        ),
        (
            "poj1084",
            "1\n3\n3 12 17\n".to_string(),
            "line 3: k is 3 but 2 sticks follow",
        ),
        (
            "poj1084",
            "1\n2\n1 13\n".to_string(),
            "line 3: `13` is not a stick of a 2 x 2 grid (1..=12)",
        ),
        (
            "poj1084",
            "1\n9\n0\n".to_string(),
            "line 2: grid size 9 is out of range (1..=8)",
        ),
    ];
    for (problem, input, message) in cases {
        let out = judge(problem, &input);
        assert_eq!(out.status.code(), Some(2), "{problem} {input:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("dlx: -: {message}\n"),
            "{problem} {input:?}"
        );
        assert!(out.stdout.is_empty(), "{problem}: no answer on bad input");
    }
    // A puzzle without solution breaks the judge's promise: its line, after the answers
    // before it.
    let stuck = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let out = judge("poj3074", &format!("{first}\n{stuck}\nend\n"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "dlx: -: line 2: the puzzle has no solution (the judge promises one)\n"
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        POJ3074_OUT.lines().next().unwrap().to_string() + "\n"
    );
}

#[test]
fn an_unknown_problem_is_a_usage_error() {
    let out = dlx(&["judge", "poj9999"]);
    assert_eq!(out.status.code(), Some(2));
}
