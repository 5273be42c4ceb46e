//! `dlx pre` and `dlx solve --pre`, end to end: DLX-PRE's output on the examples (from
//! `dlx-pre v9 < FILE`, Knuth's program built with `ctangle dlx-pre.w && gcc -O2 -o dlx-pre
//! dlx-pre.c`), solutions printed as the original options, and the errors.

use std::path::PathBuf;

use serde_json::Value;

mod common;

use common::{dlx, dlx_input, refused, stdout, temp_file};

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    path.to_string_lossy().into_owned()
}

#[test]
fn pre_prints_dlx_pre_output_and_counts() {
    // `dlx-pre v9 < examples/taocp-49.dlx` prints exactly this, and on standard error
    // "Removed 3 options and 2 items, after 353+636 mems, 2 rounds."
    let out = dlx(&["pre", &example("taocp-49.dlx")]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        " p q | x\n p x:A\n| (from 2)\n q x:A\n| (from 4)\n"
    );
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "Removed 3 options and 2 items, 2 rounds.\n"
    );
    // The reduced problem reads back, and without the comments it is the same problem.
    let bare = stdout(&["pre", "--no-origins", &example("taocp-49.dlx")]);
    assert_eq!(bare, " p q | x\n p x:A\n q x:A\n");
    let again = dlx_input(&["pre", "-"], &bare);
    assert_eq!(
        String::from_utf8(again.stderr).unwrap(),
        "Removed 0 options and 0 items, 1 round.\n"
    );
}

#[test]
fn rounds_stop_early_as_dlx_pre_t_does() {
    // `dlx-pre v9 t2` on DLX-PRE's first example prints " A B C E | G", " A G", " A",
    // " B C", " B G", " C E" (from 2, 4, 3, 5, 1) and "Removed 1 option and 2 items, after
    // 426+833 mems, 2 rounds." (one round run; it counts one more).
    let text = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    let out = dlx_input(&["pre", "--rounds", "1", "--no-origins"], text);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        " A B C E | G\n A G\n A\n B C\n B G\n C E\n"
    );
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "Removed 1 option and 2 items, 1 round.\n"
    );
}

#[test]
fn pre_json_has_the_counts_and_origins() {
    // DLX-PRE's figures on matrix (3): "Removed 3 options and 4 items, after 428+920 mems,
    // 2 rounds.", its options left from 4, 5 and 1.
    let v: Value =
        serde_json::from_str(&stdout(&["pre", "--json", &example("matrix3.dlx")])).unwrap();
    assert_eq!(v["removed_options"], 3);
    assert_eq!(v["removed_items"], 4);
    assert_eq!(v["rounds"], 2);
    assert_eq!(v["origins"], serde_json::json!([4, 5, 1]));
    assert_eq!(v["problem"], " A B E\n A\n B\n E\n");
    assert_eq!(v["infeasible"], false);
}

#[test]
fn an_infeasible_problem_is_its_item_alone() {
    // `dlx-pre v9` prints "a" and "Removed 3 options and 5 items, after 211+63 mems, 1 round."
    let out = dlx_input(&["pre"], "a b c | x y\na x\nb x\nc y\nx\n");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "a\n");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("Removed 3 options and 5 items, 1 round."),
        "{err}"
    );
    assert!(err.contains("no option can cover `a`"), "{err}");
}

#[test]
fn solve_pre_prints_the_original_options() {
    // The solution of taocp-49 is options 2 and 5 (`p r x:A y`, `q x:A`), whole, as
    // `dlx solve` prints them without --pre; the figures are the smaller search's.
    let plain: Value = serde_json::from_str(&stdout(&[
        "solve",
        "--print",
        "--json",
        &example("taocp-49.dlx"),
    ]))
    .unwrap();
    let reduced: Value = serde_json::from_str(&stdout(&[
        "solve",
        "--pre",
        "--print",
        "--json",
        "-q",
        &example("taocp-49.dlx"),
    ]))
    .unwrap();
    let sorted = |v: &Value| {
        let mut rows: Vec<String> = v["solution_list"][0]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect();
        rows.sort();
        rows
    };
    assert_eq!(sorted(&reduced), ["p r x:A y", "q x:A"]);
    assert_eq!(sorted(&plain), sorted(&reduced));
    assert_eq!(reduced["solutions"], 1);
    for threads in ["1", "2"] {
        let text = stdout(&[
            "solve",
            "--pre",
            "--print",
            "-q",
            "--threads",
            threads,
            &example("matrix3.dlx"),
        ]);
        assert!(text.starts_with("solution 1:\nA D\nB G\nE F C\n"), "{text}");
        assert!(text.contains("\n1 solution, "), "{text}");
    }
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    refused(
        &["pre", &example("dlx3-intro.dlx")],
        "item `C` has bounds (2:3|)",
    );
    refused(
        &["solve", "--pre", &example("dlx3-intro.dlx")],
        "not multiplicities",
    );
    let (dir, path) = temp_file("pre", "bad.dlx", "a b\na c\n");
    refused(&["pre", &path], "unknown item `c`");
    refused(&["pre", "no-such-file.dlx"], "no-such-file.dlx");
    std::fs::remove_dir_all(dir).unwrap();
}
