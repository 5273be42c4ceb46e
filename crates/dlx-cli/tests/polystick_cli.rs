//! `dlx polystick` end to end: named problems, described boards, pictures, and exit status 2
//! on bad input.

use std::process::{Command, Output};

fn dlx(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .output()
        .expect("dlx runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

#[test]
fn count_gives_solutions_and_classes_of_figure_13() {
    // One thread or two, the same figures and classes; with --profile, one search.
    for threads in ["1", "2"] {
        let o = dlx(&[
            "polystick",
            "tetrasticks-welded-4x4",
            "--count",
            "--threads",
            threads,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(
            stdout(&o),
            "16 solutions, 177,037 updates, 1,264 nodes\n\
             3 classes under the board's 8 symmetries, 2 of them symmetric\n",
            "{threads} threads"
        );
    }
    let o = dlx(&[
        "polystick",
        "tetrasticks-welded-4x4",
        "--count",
        "--profile",
    ]);
    let out = stdout(&o);
    assert_eq!(out.matches("16 solutions").count(), 1, "{out}");
    assert!(out.contains("total"), "{out}");
    assert!(out.ends_with("2 of them symmetric\n"), "{out}");
    // A shard's classes would be a part of the classes: refused.
    let o = dlx(&[
        "polystick",
        "tetrasticks-welded-4x4",
        "--count",
        "--shard",
        "1/2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--shard"), "{}", stderr(&o));
}

#[test]
fn a_described_board_gives_the_same_figures_as_the_named_problem() {
    let named = dlx(&["polystick", "tetrasticks-unwelded-5x5", "--json"]);
    let described = dlx(&[
        "polystick",
        "--board",
        "5x5",
        "--pieces",
        "one-sided-unwelded",
        "--json",
    ]);
    assert!(named.status.success() && described.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&named)).unwrap();
    assert_eq!(v["solutions"], 0);
    assert_eq!(v["updates"], 932_413);
    assert_eq!(stdout(&named), stdout(&described));
}

#[test]
fn emit_writes_the_aztec_matrix() {
    let o = dlx(&["polystick", "tetrasticks-aztec", "--emit", "-"]);
    assert!(o.status.success());
    let text = stdout(&o);
    let m = dlx_core::format::parse(&text).expect("Knuth's format");
    assert_eq!(m.options().len(), 2_945);
    assert_eq!(m.items().len(), 25 + 100 + 40);
}

#[test]
fn print_draws_and_svg_rings_the_crossing() {
    let o = dlx(&[
        "polystick",
        "tetrasticks-welded-4x4",
        "--print",
        "--limit",
        "1",
    ]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("solution 1:\n"));
    let dir = std::env::temp_dir().join(format!("dlx-polystick-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("crossing.svg");
    let o = dlx(&[
        "polystick",
        "tetrasticks-5x5-crossing",
        "--svg",
        path.to_str().unwrap(),
        "--crossing",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("crossing at I"));
    assert!(svg.contains("<circle"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_exits_2_naming_the_item() {
    for (args, expect) in [
        (
            vec!["polystick", "--board", "H00 Q1", "--pieces", "O"],
            "item 2 (`Q1`)",
        ),
        (
            vec!["polystick", "--board", "5x5", "--pieces", "all -Q"],
            "`Q`",
        ),
        (
            vec!["polystick", "--board", "5x5", "--pieces", "all"],
            "64 segments",
        ),
        (
            vec!["polystick", "tetrasticks-5x5-without-O"],
            "H, J, L, N, Y",
        ),
        (vec!["polystick", "nonsense"], "unknown polystick problem"),
        (
            vec![
                "polystick",
                "tetrasticks-welded-4x4",
                "--svg",
                "/dev/null",
                "--crossing",
            ],
            "no solution in which two pieces cross",
        ),
        (
            vec![
                "polystick",
                "tetrasticks-welded-4x4",
                "--fix",
                "T=H00 H10 H20 H30",
            ],
            "no orientation",
        ),
        (
            vec!["polystick", "tetrasticks-welded-4x4", "--fix", "T"],
            "PIECE=SEGMENTS",
        ),
        (
            vec![
                "polystick",
                "--board",
                "@/nonexistent/board",
                "--pieces",
                "O",
            ],
            "/nonexistent/board",
        ),
    ] {
        let o = dlx(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(expect), "{args:?}: {}", stderr(&o));
    }
}
