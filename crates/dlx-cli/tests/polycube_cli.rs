//! `dlx polycube` end to end: named problems, described boards, Knuth's polycube-dlx files,
//! pictures, and exit status 2 with one line naming the place on bad input.

mod common;

use common::{fails, refused, stdout};

/// A file of dlx-polycube's test data (problem files in Knuth's format).
fn data(file: &str) -> String {
    format!(
        "{}/../dlx-polycube/tests/data/{file}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A file in a fresh temporary folder, holding `text`.
fn temp_file(name: &str, text: &str) -> (common::Scratch, String) {
    common::temp_file("polycube", name, text)
}

#[test]
fn the_soma_cube_counts_its_240_classes() {
    for threads in ["1", "2"] {
        assert_eq!(
            stdout(&["polycube", "soma", "--count", "--threads", threads, "-q"]),
            "11,520 solutions, 29,724,469 updates, 256,917 nodes\n\
             240 classes under the 48 symmetries of the box and pieces, 0 of them symmetric \
             (published: 240)\n",
            "{threads} threads"
        );
    }
}

/// Found by an audit: `--count` sorted solutions into classes by their cells alone, so two
/// pieces of one shape under two names (and a free piece beside a one-sided one of the same
/// shape) were not told apart, and its figure differed from `--classes`'. Both now count
/// under one group: AA, AB (with BA, its mirror image) and BB in a 1x1x2 box.
#[test]
fn count_and_classes_agree_on_pieces_of_one_shape() {
    let (_dir, pieces) = temp_file("ab.p", "piece A # copies=0-2\npiece B # copies=0-2\n");
    let count = stdout(&[
        "polycube", "--box", "1x1x2", "--pieces", &pieces, "--count", "-q",
    ]);
    assert!(
        count.ends_with(
            "3 classes under the 2 symmetries of the box and pieces, 2 of them symmetric\n"
        ),
        "{count}"
    );
    let classes = stdout(&[
        "polycube",
        "--box",
        "1x1x2",
        "--pieces",
        &pieces,
        "--classes",
        "-q",
    ]);
    assert!(
        classes.starts_with("3 classes under 2 symmetries (2 symmetric), 4 solutions"),
        "{classes}"
    );
    // A count stopped by --limit says its classes are a lower bound; one the limit did
    // not stop, not.
    let whole = stdout(&[
        "polycube", "--box", "1x1x2", "--pieces", &pieces, "--count", "--limit", "9", "-q",
    ]);
    assert!(whole.ends_with("2 of them symmetric\n"), "{whole}");
    let partial = stdout(&[
        "polycube",
        "soma",
        "--count",
        "--limit",
        "100",
        "--threads",
        "1",
        "-q",
    ]);
    assert!(
        partial.contains(
            "100 classes under the 48 symmetries of the box and pieces, 0 of them \
             symmetric (among the solutions found before --limit: a lower bound)"
        ),
        "{partial}"
    );
}

#[test]
fn flat_pentacubes_in_2x3x10() {
    let out = stdout(&["polycube", "flat-pentacubes-2x3x10", "--count", "-q"]);
    assert!(out.starts_with("96 solutions, "), "{out}");
    assert!(
        out.ends_with(
            "12 classes under the 8 symmetries of the box and pieces, 0 of them symmetric \
             (published: 12)\n"
        ),
        "{out}"
    );
}

#[test]
fn knuths_files_give_his_programs_figures() {
    // polycube-dlx piped into DLX1: 11520 solutions, 29724469 updates, 256917 nodes.
    assert_eq!(
        stdout(&["polycube", "--spec", &data("soma.txt"), "-q"]),
        "11,520 solutions, 29,724,469 updates, 256,917 nodes\n"
    );
    // 9*V, which DLX3 reads as 9|V: 5328 solutions, 458118 updates, 19870 nodes.
    assert_eq!(
        stdout(&["polycube", "--spec", &data("nine-v.txt"), "-q"]),
        "5,328 solutions, 458,118 updates, 0 cleansings, 19,870 nodes\n"
    );
    // The matrix is polycube-dlx's: its item line (with 9|V for his 9*V) and first option.
    let emitted = stdout(&["polycube", "--spec", &data("nine-v.txt"), "--emit", "-"]);
    let lines: Vec<&str> = emitted.lines().filter(|l| !l.starts_with('|')).collect();
    assert_eq!(
        lines[0],
        "000 001 002 010 011 012 020 021 022 100 101 102 110 111 112 120 121 122 \
         200 201 202 210 211 212 220 221 222 9|V"
    );
    assert_eq!(lines[1], "V 000 010 100");
}

#[test]
fn a_described_box_gives_the_figures_of_the_named_problem() {
    let (dir, pieces) = temp_file("pieces.txt", "# Piet Hein's pieces\nsoma\n");
    let named = stdout(&["polycube", "soma", "--json"]);
    let boxed = stdout(&["polycube", "--box", "3x3x3", "--pieces", &pieces, "--json"]);
    // The same cube as three layer pictures.
    let board = dir.join("board.txt");
    std::fs::write(&board, "###\n###\n###\n\n###\n###\n###\n\n###\n###\n###\n").unwrap();
    let board = board.to_str().unwrap();
    let drawn = stdout(&["polycube", "--board", board, "--pieces", &pieces, "--json"]);
    std::fs::remove_dir_all(dir).unwrap();
    let v: serde_json::Value = serde_json::from_str(&named).unwrap();
    assert_eq!(v["solutions"], 11_520);
    assert_eq!(named, boxed);
    assert_eq!(named, drawn);
}

#[test]
fn pictures_of_a_solution() {
    let (dir, path) = temp_file("soma.svg", "");
    for extra in [
        &[][..],
        &["--isometric"],
        &["--isometric", "--explode", "1.5"],
    ] {
        let mut args = vec!["polycube", "soma", "--svg", &path, "--solution", "3"];
        args.extend_from_slice(extra);
        stdout(&args);
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg"), "{extra:?}");
        assert!(svg.contains("soma, solution 3"), "{extra:?}");
        let shapes = if extra.is_empty() {
            "<rect x="
        } else {
            "<polygon"
        };
        assert!(svg.matches(shapes).count() >= 27, "{extra:?}");
    }
    let out = stdout(&["polycube", "soma", "--limit", "1", "--print", "-q"]);
    // Three layers side by side, three rows each.
    assert_eq!(
        out.lines().filter(|l| l.contains("   ")).count(),
        3,
        "{out}"
    );
    let failed = fails(&[
        "polycube",
        "flat-pentacubes-2x3x10",
        "--svg",
        &path,
        "--solution",
        "97",
    ]);
    std::fs::remove_dir_all(dir).unwrap();
    assert_eq!(
        failed,
        (
            2,
            "dlx: flat-pentacubes-2x3x10 has 96 solutions, no solution 97 to draw\n".into()
        )
    );
}

#[test]
fn list_shows_the_named_problems() {
    let out = stdout(&["polycube", "list"]);
    for name in [
        "soma",
        "flat-pentacubes-3x4x5",
        "tetracubes-2x4x4",
        "bedlam",
    ] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{out}");
    }
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    let (dir, spec) = temp_file("bad.txt", "| a box\n[0-2][0-2][0-2]\nV 000 100 0?0\n");
    refused(
        &["polycube", "--spec", &spec],
        "bad.txt: line 3: `?` is not a coordinate",
    );
    std::fs::write(&spec, "[0-1][0-1][3-1]\n").unwrap();
    refused(&["polycube", "--spec", &spec], "line 1: decreasing range");
    std::fs::write(&spec, "[0-1]00\n3*D 000 100\n").unwrap();
    refused(
        &["polycube", "--spec", &spec],
        "the pieces cover 6 cells but the board has 2",
    );
    std::fs::write(&spec, "soma\npiece Q ##/#. twice\n").unwrap();
    refused(
        &["polycube", "--box", "3x3x3", "--pieces", &spec],
        "pieces line 2: unknown flag `twice`",
    );
    refused(
        &["polycube", "--box", "3x3x99", "--pieces", &spec],
        "3x3x99: `3x3x99` is not a box size",
    );
    // A name given twice is refused, not merged into one piece.
    std::fs::write(&spec, "piece Q ##\npiece Q ##\n").unwrap();
    refused(
        &["polycube", "--box", "2x2x1", "--pieces", &spec],
        "bad.txt: pieces line 2: piece `Q` is given twice (first on line 1;",
    );
    std::fs::write(&spec, "piece Q ## copies=1 copies=2\n").unwrap();
    refused(
        &["polycube", "--box", "2x2x1", "--pieces", &spec],
        "pieces line 1: `copies=2` after `copies=1`: a line takes one copies flag",
    );
    std::fs::write(&spec, "##\n#?\n").unwrap();
    refused(
        &["polycube", "--board", &spec, "--pieces", &spec],
        "layer 1, row 2, column 2: unexpected character `?`",
    );
    refused(
        &["polycube", "hexacubes"],
        "unknown polycube problem `hexacubes`",
    );
    refused(&["polycube", "--box", "3x3x3"], "give a problem name");
    refused(
        &["polycube", "soma", "--solution", "0", "--svg", "-"],
        "counts from 1",
    );
    // A huge lift would draw a picture of absurd size.
    for (explode, shown) in [
        ("1e300", "1e300"),
        ("-1", "-1.0"),
        ("NaN", "NaN"),
        ("11", "11.0"),
    ] {
        refused(
            &[
                "polycube",
                "soma",
                "--isometric",
                &format!("--explode={explode}"),
                "--svg",
                "-",
            ],
            &format!("dlx: --explode {shown}: expected a number of cells from 0 to 10"),
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn cells_that_may_stay_empty_and_ranges_of_counts() {
    // The 2x2x2 cube, its corner 000 may stay empty; up to four dicubes.
    let (d1, board) = temp_file("corner.txt", "o#\n##\n\n##\n##\n");
    let (d2, pieces) = temp_file("dicubes.txt", "piece D ## copies=0-4\n");
    let out = stdout(&["polycube", "--board", &board, "--pieces", &pieces, "-q"]);
    // Dicubes cover an even number of cells: the corner is covered too, as in the 9 packings
    // of the full cube.
    assert!(out.starts_with("9 solutions, "), "{out}");
    std::fs::write(&pieces, "\npiece D ## copies=4-1\n").unwrap();
    refused(
        &["polycube", "--board", &board, "--pieces", &pieces],
        "pieces line 2: `copies=4-1`",
    );
    std::fs::write(&pieces, "piece D ## copies=1-3\n").unwrap();
    refused(
        &["polycube", "--board", &board, "--pieces", &pieces],
        "the pieces cover 2 to 6 cells but the board has 7 cells that must be covered",
    );
    let help = stdout(&["polycube", "--help"]);
    assert!(help.contains("`o` (a cell that may stay empty)") && help.contains("copies=LO-HI"));
    for d in [d1, d2] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// `--show-pieces` draws each piece with its layers side by side, its turns, copies and
/// placements in the board, without solving.
#[test]
fn show_pieces_draws_the_piece_list() {
    let (d1, pieces) = temp_file(
        "show-pieces.txt",
        "piece Q 0,0,0 1,0,0 0,1,0 0,0,1 copies=0-2\npiece S ##/#.//#./.. free\n\
         piece I 0,0,0 1,0,0 2,0,0\n",
    );
    let shown = stdout(&[
        "polycube",
        "--box",
        "2x2x2",
        "--pieces",
        &pieces,
        "--show-pieces",
    ]);
    // The tripod's 8 turns, each once in the 2x2x2 box; a piece longer than the box none.
    assert_eq!(
        shown,
        "Q: 4 cubes, rotations only, 8 orientations, placed 0 to 2 times, 8 placements on \
         the board\n##  #.\n#.  ..\n\nS: 4 cubes, free, 8 orientations, placed once, 8 \
         placements on the board\n##  #.\n#.  ..\n\nI: 3 cubes, rotations only, 3 \
         orientations, placed once, 0 placements on the board\n###\n\n"
    );
    // The Soma cube's seven pieces: V in its 12 turns at 12 places each of the 3x3x3 cube.
    let soma = stdout(&["polycube", "soma", "--show-pieces"]);
    assert_eq!(soma.lines().filter(|l| l.contains(": ")).count(), 7);
    assert!(soma.starts_with("V: 3 cubes, rotations only, 12 orientations, placed once, 144"));
    // Cubes far apart are listed, not drawn (the picture would take terabytes); the flags of
    // a search are refused beside it.
    let (d2, far) = temp_file("show-far.txt", "piece A 0,0,0 1048575,1048575,0\n");
    let shown = stdout(&[
        "polycube",
        "--box",
        "2x2x2",
        "--pieces",
        &far,
        "--show-pieces",
    ]);
    assert!(
        shown.ends_with("on the board\ncubes (x,y,z): 0,0,0 1048575,1048575,0\n\n"),
        "{shown}"
    );
    refused(
        &["polycube", "soma", "--show-pieces", "--json"],
        "cannot be used with",
    );
    for d in [d1, d2] {
        std::fs::remove_dir_all(d).unwrap();
    }
}
