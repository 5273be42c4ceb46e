//! `dlx solve` on matrices with colours and multiplicities, end to end: the examples' figures
//! (Knuth's DLX2 and DLX3), threads, shards and `dlx merge`, and the errors.

use std::path::PathBuf;

use serde_json::Value;

mod common;

use common::{Scratch, dlx, stdout};

fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&stdout(args)).expect("JSON output")
}

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    path.to_string_lossy().into_owned()
}

/// A scratch directory of this test process.
fn scratch(name: &str) -> Scratch {
    Scratch::dir(&format!("colours-{name}"))
}

#[test]
fn the_examples_print_knuths_solutions_and_figures() {
    let out = stdout(&[
        "solve",
        &example("taocp-49.dlx"),
        "--print",
        "-q",
        "--threads",
        "1",
    ]);
    assert_eq!(
        out,
        "solution 1:\nq x:A\np r x:A y\n\n1 solution, 20 updates, 3 cleansings, 4 nodes\n"
    );
    let out = stdout(&["solve", &example("dlx3-intro.dlx"), "-q"]);
    assert_eq!(out, "1 solution, 14 updates, 7 cleansings, 6 nodes\n");
    // Exact cover prints no cleansings: it is dance.w's search.
    let out = stdout(&["solve", &example("matrix3.dlx"), "-q"]);
    assert_eq!(out, "1 solution, 30 updates, 6 nodes\n");
}

#[test]
fn json_reports_cleansings_and_threads_do_not_change_the_figures() {
    let one = json_of(&[
        "solve",
        &example("dlx3-intro.dlx"),
        "--json",
        "--threads",
        "1",
    ]);
    let two = json_of(&[
        "solve",
        &example("dlx3-intro.dlx"),
        "--json",
        "--threads",
        "2",
    ]);
    assert_eq!(one["cleansings"], 7);
    assert_eq!(one["updates"], 14);
    assert_eq!(one, two);
    let listed = json_of(&[
        "solve",
        &example("taocp-49.dlx"),
        "--json",
        "--print",
        "--threads",
        "1",
    ]);
    assert_eq!(
        listed["solution_list"],
        serde_json::json!([["q x:A", "p r x:A y"]])
    );
}

/// Proper 4-colourings of the Petersen graph as exact covering with colours: every edge is
/// a primary item, chosen once with two different colours at its ends (secondary items).
fn petersen(colours: u32) -> String {
    let outer = (0..5).map(|i| (i, (i + 1) % 5));
    let spokes = (0..5).map(|i| (i, i + 5));
    let inner = (0..5).map(|i| (i + 5, (i + 2) % 5 + 5));
    let edges: Vec<(u32, u32)> = outer.chain(spokes).chain(inner).collect();
    let mut text = String::new();
    for k in 0..edges.len() {
        text.push_str(&format!("e{k} "));
    }
    text.push('|');
    for v in 0..10 {
        text.push_str(&format!(" v{v}"));
    }
    text.push('\n');
    for (k, (u, w)) in edges.iter().enumerate() {
        for a in 0..colours {
            for b in (0..colours).filter(|&b| b != a) {
                text.push_str(&format!("e{k} v{u}:{a} v{w}:{b}\n"));
            }
        }
    }
    text
}

#[test]
fn shards_of_a_colour_problem_merge_to_the_single_run() {
    let dir = scratch("petersen");
    let file = dir.join("petersen.dlx");
    std::fs::write(&file, petersen(4)).unwrap();
    let file = file.to_string_lossy().into_owned();
    let whole = json_of(&["solve", &file, "--json", "--threads", "1"]);
    // The chromatic polynomial of the Petersen graph at 4.
    assert_eq!(whole["solutions"], 12_960);
    let parallel = json_of(&["solve", &file, "--json", "--threads", "2"]);
    assert_eq!(parallel, whole);
    let n = 3;
    let mut files = Vec::new();
    for k in 1..=n {
        let v = json_of(&[
            "solve",
            &file,
            "--json",
            "--shard",
            &format!("{k}/{n}"),
            "--threads",
            "1",
        ]);
        let path = dir.join(format!("{k}.json"));
        std::fs::write(&path, v.to_string()).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    let mut args = vec!["merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let merged = json_of(&args);
    for field in [
        "solutions",
        "updates",
        "cleansings",
        "nodes",
        "levels",
        "complete",
    ] {
        assert_eq!(merged[field], whole[field], "{field}");
    }
    let text = stdout(&["merge", &files[0], &files[1], &files[2]]);
    assert!(text.contains(" cleansings, "), "{text}");
}

#[test]
fn colour_and_bound_errors_name_the_place_and_exit_2() {
    let dir = scratch("errors");
    for (text, message) in [
        (
            "A | x\nA:red x\n",
            "line 2, column 1: colour on primary item `A`",
        ),
        (
            "A 3:2|B\nA B\n",
            "line 1, column 3: bounds `3:2|B`: the lower bound exceeds the upper bound",
        ),
        (
            "A | 2|x\nA x\n",
            "line 1, column 5: bounds on secondary item `x`",
        ),
    ] {
        let file = dir.join("bad.dlx");
        std::fs::write(&file, text).unwrap();
        let out = dlx(&["solve", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{text}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

#[test]
fn a_command_that_does_not_read_colours_refuses_them() {
    let out = dlx(&["min-cover", &example("taocp-49.dlx")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("colours or bounds, which `dlx min-cover` does not read"),
        "{err}"
    );
}
