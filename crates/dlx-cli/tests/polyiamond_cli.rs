//! `dlx polyiamond` with the board features: triangles that may stay empty, piece counts and
//! ranges, one-sided pieces, and exit status 2 with one line on bad input.

mod common;

use common::{refused, stdout};

/// A file in a fresh temporary folder, holding `text`.
fn temp_file(name: &str, text: &str) -> (common::Scratch, String) {
    common::temp_file("polyiamond", name, text)
}

#[test]
fn counts_one_sided_pieces_and_triangles_that_may_stay_empty() {
    // A 4x4 rhombus (32 triangles) whose first and last triangles may stay empty, and the
    // 12 hexiamonds (72 triangles), each at most once, the P one-sided: 5 of them fit.
    let (d1, board) = temp_file("board.txt", "?#######\n########\n########\n#######?\n");
    let out = stdout(&[
        "polyiamond",
        "--board",
        &board,
        "--copies",
        "I=0-1",
        "--copies",
        "O=0-1",
        "--copies",
        "X=0-1",
        "--copies",
        "V=0-1",
        "--copies",
        "P=0-1",
        "--copies",
        "F=0-1",
        "--copies",
        "E=0-1",
        "--copies",
        "C=0-1",
        "--copies",
        "G=0-1",
        "--copies",
        "H=0-1",
        "--copies",
        "J=0-1",
        "--copies",
        "S=0-1",
        "--one-sided",
        "P",
        "--limit",
        "1",
        "-q",
    ]);
    assert!(out.starts_with("1 solution, "), "{out}");
    refused(
        &["polyiamond", "--board", &board, "--copies", "I=3-1"],
        "--copies I=3-1: 3-1: LO is more than HI",
    );
    refused(
        &["polyiamond", "--board", &board, "--copies", "Q=1"],
        "--copies Q=1: unknown piece `Q`",
    );
    refused(
        &["polyiamond", "--board", &board, "--one-sided", "Q"],
        "--one-sided Q: unknown piece `Q`",
    );
    refused(
        &["polyiamond", "--board", &board],
        "the pieces have 72 to 72 triangles but the board has 30 that must be covered and 32",
    );
    // A piece named twice is refused, not counted by the last --copies.
    refused(
        &[
            "polyiamond",
            "--board",
            &board,
            "--copies",
            "X=1",
            "--copies",
            "X=2",
        ],
        "dlx: --copies X=2: piece `X` is given twice (first --copies X=1)",
    );
    refused(
        &[
            "polyiamond",
            "--board",
            &board,
            "--one-sided",
            "P",
            "--one-sided",
            "P",
        ],
        "dlx: --one-sided P: piece `P` is given twice",
    );
    std::fs::write(&board, "##\n#\u{7}\n").unwrap();
    refused(&["polyiamond", "--board", &board], "line 2, column 2");
    // So is a cell listed twice.
    let (d2, cells) = temp_file("cells.txt", "00 00* 01\n00\n");
    refused(
        &["polyiamond", "--cells", &cells],
        "cells.txt: cell `00` is listed twice",
    );
    std::fs::remove_dir_all(d2).unwrap();
    let help = stdout(&["polyiamond", "--help"]);
    assert!(help.contains("`?` a triangle that may stay empty") && help.contains("LABEL=LO-HI"));
    std::fs::remove_dir_all(d1).unwrap();
}

/// Pieces of one's own: two straight triamonds fill a 1x3 rhombus in 2 ways, one placed
/// twice in 1 (copies are not told apart); a label given twice, a bad cell and a missing
/// `=` are refused.
#[test]
fn pieces_of_ones_own_are_placed_free() {
    let strip = ["polyiamond", "--rhombus", "1x3", "--pieces", "none", "-q"];
    let run = |extra: &[&str]| stdout(&[&strip[..], extra].concat());
    let out = run(&["--piece", "T=00 00* 01", "--piece", "U=00 00* 01"]);
    assert!(out.starts_with("2 solutions, "), "{out}");
    let out = run(&["--piece", "T=00 00* 01", "--copies", "T=2"]);
    assert!(out.starts_with("1 solution, "), "{out}");
    refused(
        &["polyiamond", "--rhombus", "1x3", "--piece", "I=00 00* 01"],
        "--piece I=00 00* 01: piece `I` is given twice",
    );
    refused(
        &[&strip[..], &["--piece", "T=00 0"]].concat(),
        "--piece T=00 0: bad cell name `0`",
    );
    refused(
        &[&strip[..], &["--piece", "T"]].concat(),
        "--piece T: expected LABEL=CELLS",
    );
}

/// `--show-pieces` draws each piece in its first orientation, slanted as `--print` draws a
/// solution, with its orientations, copies and placements on the board, without solving.
#[test]
fn show_pieces_draws_the_piece_list() {
    // The triamond on a strip of six triangles: at each of the 4 runs of three in a row.
    let shown = stdout(&[
        "polyiamond",
        "--rhombus",
        "1x3",
        "--pieces",
        "none",
        "--piece",
        "T=00 00* 01",
        "--copies",
        "T=0-2",
        "--show-pieces",
    ]);
    assert_eq!(
        shown,
        "T: 3 triangles, 6 orientations, placed 0 to 2 times, 4 placements on the board\n \
         T\nTT\n\n"
    );
    // A named problem's pieces: the twelve hexiamonds of Figure 7's rhombus.
    let shown = stdout(&["polyiamond", "hexiamonds-rhombus", "--show-pieces"]);
    assert_eq!(shown.lines().filter(|l| l.contains(": ")).count(), 12);
    assert!(
        shown.contains("6 triangles, 12 orientations, placed once"),
        "{shown}"
    );
    refused(
        &[
            "polyiamond",
            "hexiamonds-rhombus",
            "--show-pieces",
            "--json",
        ],
        "cannot be used with",
    );
}
