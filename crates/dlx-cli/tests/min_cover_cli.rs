//! `dlx min-cover` and `dlx squares` end to end: output, JSON, and exit status 2 on bad input.

mod common;

use std::process::Output;

const MATRIX3: &str = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

fn dlx(args: &[&str], stdin: &str) -> Output {
    common::dlx_input(args, stdin)
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(&stdout(o)).expect("one JSON object")
}

#[test]
fn min_cover_prints_what_its_help_shows() {
    let o = dlx(&["min-cover"], MATRIX3);
    assert!(o.status.success());
    let help = stdout(&dlx(&["min-cover", "--help"], ""));
    // Every line of the run appears, indented, in the help's example.
    for line in stdout(&o).lines() {
        assert!(help.contains(&format!("  {line}\n")), "help lacks `{line}`");
    }
}

#[test]
fn min_cover_all_as_json() {
    let o = dlx(&["min-cover", "--all", "--json", "-"], MATRIX3);
    assert!(o.status.success());
    let v = json(&o);
    assert_eq!(v["minimum"], 3);
    assert_eq!(v["all"], true);
    let covers = v["covers"].as_array().expect("a list");
    assert_eq!(covers.len(), 5);
    assert_eq!(
        covers[2]["rows"],
        serde_json::json!(["C E F", "A D", "B G"])
    );
    assert_eq!(v["iterations"][0]["limit"], 3);
}

#[test]
fn squares_matrix_round_trips_through_min_cover() {
    let emitted = dlx(
        &["squares", "3", "--removed", "12,17,23", "--emit", "-"],
        "",
    );
    assert!(emitted.status.success());
    let direct = json(&dlx(
        &["squares", "3", "--removed", "12 17 23", "--json", "--all"],
        "",
    ));
    let via = json(&dlx(&["min-cover", "--json", "--all"], &stdout(&emitted)));
    assert_eq!(direct["minimum"], via["minimum"]);
    assert_eq!(
        direct["removals"].as_array().map(Vec::len),
        via["covers"].as_array().map(Vec::len)
    );
    assert_eq!(direct["nodes"], via["nodes"], "same matrix, same search");
}

#[test]
fn squares_text_shows_the_grid_after_removal() {
    let o = dlx(&["squares", "2", "--bound", "strong"], "");
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("minimum: remove 3 sticks"), "{text}");
    assert!(text.contains("after removing the first set:\n+"), "{text}");
}

#[test]
fn bad_input_exits_2_with_a_message() {
    for (args, stdin, says) in [
        (vec!["squares", "0"], "", "out of range"),
        (vec!["squares", "9"], "", "out of range"),
        (
            vec!["squares", "3", "--removed", "H0.0,X1"],
            "",
            "unknown stick `X1`",
        ),
        (
            vec!["squares", "2", "--removed", "13"],
            "",
            "unknown stick `13`",
        ),
        (vec!["min-cover"], "a b\na c\n", "line 2, column 3"),
        (vec!["min-cover", "/no/such/file"], "", "/no/such/file"),
    ] {
        let o = dlx(&args, stdin);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn an_uncoverable_item_is_an_answer_not_an_error() {
    let o = dlx(&["min-cover"], "a b c | x\na x\nc\n");
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("no cover: no option contains b\n"));
}
