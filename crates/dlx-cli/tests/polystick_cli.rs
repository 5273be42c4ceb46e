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

/// Found by an audit: `--count` sorted solutions into classes under every motion of the
/// board, even ones the piece set does not allow (N' one-sided, its mirror N not in the
/// set), so its figure differed from `--classes`'. Both now count under one group.
#[test]
fn count_and_classes_agree_when_the_pieces_break_a_symmetry() {
    let mut args = vec!["polystick", "--board", "5x1", "--pieces", "N',I,U,J"];
    for bounds in ["N'=0-3", "I=0-3", "U=0-3", "J=0-3"] {
        args.extend(["--copies", bounds]);
    }
    let count = dlx(&[&args[..], &["--count", "-q"]].concat());
    assert!(count.status.success(), "{}", stderr(&count));
    assert!(
        stdout(&count).ends_with("2 classes under the board's 2 symmetries, 2 of them symmetric\n"),
        "{}",
        stdout(&count)
    );
    let classes = dlx(&[&args[..], &["--classes", "-q"]].concat());
    assert!(
        stdout(&classes).starts_with("2 classes under 2 symmetries (2 symmetric), 2 solutions"),
        "{}",
        stdout(&classes)
    );
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
            vec!["polystick", "--board", "H30 V00 H30", "--pieces", "O"],
            "item 3 (`H30`): this segment is listed twice",
        ),
        (
            vec![
                "polystick",
                "--board",
                "5x5",
                "--pieces",
                "all",
                "--copies",
                "I=1",
                "--copies",
                "I=0-2",
            ],
            "--copies I=0-2: piece `I` is given twice (first --copies I=1)",
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
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(expect), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn segments_that_may_stay_uncovered_and_piece_counts() {
    // The 2x2 grid (12 segments), two opposite corner segments optional, the 16 free
    // tetrasticks each at most once: the 32 packings dlx-polystick's enumeration test finds.
    let board = "H00? H01 H02 H10 H11 H12 V00 V01 V10 V11 V20 V21?";
    let names = "F H I J L N O P R S T U V W X Y";
    let copies: Vec<String> = names.split(' ').map(|p| format!("{p}=0-1")).collect();
    let mut args = vec!["polystick", "--board", board, "--pieces", "all", "-q"];
    for c in &copies {
        args.extend(["--copies", c.as_str()]);
    }
    let out = dlx(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("32 solutions, "), "{text}");
    // A picture of a solution with multiplicities (searched by the engine they need).
    args.extend(["--svg", "-", "--limit", "1"]);
    let out = dlx(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("<svg"));
    for (args, want) in [
        (
            vec!["--copies", "L=2-1"],
            "--copies L=2-1: 2-1: LO is more than HI",
        ),
        (
            vec!["--copies", "Q=1"],
            "--copies Q=1: piece `Q` is not in the puzzle",
        ),
        (
            vec![],
            "the pieces have 16 to 16 segments but the board has 10 that must be covered",
        ),
    ] {
        let mut all = vec!["polystick", "--board", board, "--pieces", "L I V O"];
        all.extend(args);
        let out = dlx(&all);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(want), "{err}");
    }
    let out = dlx(&["polystick", "--board", "H00 V0?", "--pieces", "L"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 1, item 2 (`V0?`)"),
        "{}",
        stderr(&out)
    );
    let help = stdout(&dlx(&["polystick", "--help"]));
    assert!(
        help.contains("`H00?`: a segment that may stay uncovered") && help.contains("PIECE=LO-HI")
    );
}

/// `--show-pieces` draws each piece as `--print` draws it, with its turns, copies and
/// placements on the board, without solving.
#[test]
fn show_pieces_draws_the_piece_list() {
    // The O is the unit square's four sides: one orientation, one place on a 1x1 grid. A
    // fixed I has its one orientation given and no room on a 2x2 grid.
    let out = dlx(&[
        "polystick",
        "--board",
        "1x1",
        "--pieces",
        "O",
        "--show-pieces",
    ]);
    assert_eq!(
        stdout(&out),
        "O: 4 segments, free, 1 orientation, placed once, 1 placement on the board\n\
         OOOOO\nO   O\nOOOOO\n\n"
    );
    let out = dlx(&[
        "polystick",
        "--board",
        "2x2",
        "--pieces",
        "L,I",
        "--copies",
        "L=0-3",
        "--fix",
        "I=H00 H10 H20 H30",
        "--show-pieces",
    ]);
    let shown = stdout(&out);
    assert!(
        shown.starts_with("L: 4 segments, free, 8 orientations, placed 0 to 3 times, 0"),
        "{shown}"
    );
    assert!(shown.contains("\nI: 4 segments, 1 orientation given, placed once, 0 placements"));
    // The ten one-sided welded tetrasticks of Figure 13.
    let out = dlx(&["polystick", "tetrasticks-welded-4x4", "--show-pieces"]);
    let heads = stdout(&out).lines().filter(|l| l.contains(": ")).count();
    assert_eq!(heads, 10);
    let out = dlx(&[
        "polystick",
        "tetrasticks-welded-4x4",
        "--show-pieces",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}
