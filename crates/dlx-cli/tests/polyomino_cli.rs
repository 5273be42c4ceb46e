//! `dlx polyomino --board --pieces` with the board features: cells that may stay empty,
//! piece counts and ranges, one-sided pieces, and exit status 2 with one line naming the
//! line on bad input.

mod common;

use common::{fails, refused, stdout};

/// A file in a fresh temporary folder, holding `text`.
fn temp_file(name: &str, text: &str) -> (common::Scratch, String) {
    common::temp_file("polyomino", name, text)
}

#[test]
fn optional_cells_and_counts_are_solved_with_multiplicities() {
    let (d1, board) = temp_file("board.txt", "o###\n####\n###o\n");
    let (d2, pieces) = temp_file("pieces.txt", "# up to six dominoes\ndomino copies=0-6\n");
    let out = stdout(&["polyomino", "--board", &board, "--pieces", &pieces, "-q"]);
    // The 11 domino tilings of 3x4 and the 5 that leave both corners empty.
    assert!(out.starts_with("16 solutions, "), "{out}");
    let (d3, exact) = temp_file("exact.txt", "piece D ## copies=6\n");
    let out = stdout(&["polyomino", "--board", &board, "--pieces", &exact, "-q"]);
    assert!(out.starts_with("11 solutions, "), "{out}");
    for d in [d1, d2, d3] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// A piece whose cells do not all touch is placed as given, with a note on standard error
/// naming it (a typo, most often); connected pieces get none. The same for polycubes.
#[test]
fn a_piece_in_several_parts_is_named_on_standard_error() {
    let (d1, board) = temp_file("parts-board.txt", "##\n##\n");
    let (d2, pieces) = temp_file("parts-pieces.txt", "piece D #./.# copies=2\n");
    let out = common::dlx(&["polyomino", "--board", &board, "--pieces", &pieces, "-q"]);
    let (text, notes) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(
        out.status.success() && text.starts_with("1 solution, "),
        "{text}"
    );
    assert_eq!(
        notes.trim(),
        "note: piece D is in 2 parts (its cells do not all touch); it is placed as given"
    );
    let (d3, dominoes) = temp_file("parts-dominoes.txt", "piece D ## copies=2\n");
    let out = common::dlx(&["polyomino", "--board", &board, "--pieces", &dominoes, "-q"]);
    assert!(out.status.success() && out.stderr.is_empty(), "{out:?}");
    let (d4, cubes) = temp_file(
        "parts-cubes.txt",
        "piece A 0,0,0 1,0,0\npiece B 0,0,0 2,0,0\n",
    );
    let out = common::dlx(&["polycube", "--box", "2x2x1", "--pieces", &cubes, "-q"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "note: piece B is in 2 parts (its cells do not all touch); it is placed as given"
    );
    for d in [d1, d2, d3, d4] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

/// `place` fixes a piece: two dominoes fill a 2x2 square in 4 ways, in 1 with A across the
/// top; cells that are no placement of the piece are refused by line; the same in a box of
/// polycubes.
#[test]
fn place_fixes_a_piece_by_its_cells() {
    let (d1, board) = temp_file("place-board.txt", "##\n##\n");
    let (d2, pieces) = temp_file(
        "place-pieces.txt",
        "piece A ##\npiece B ##\nplace A 00 01\n",
    );
    let out = stdout(&["polyomino", "--board", &board, "--pieces", &pieces, "-q"]);
    assert!(out.starts_with("1 solution, "), "{out}");
    let (d3, bad) = temp_file("place-bad.txt", "piece A ##\nplace A 00 11\n");
    refused(
        &["polyomino", "--board", &board, "--pieces", &bad],
        "pieces line 2: `place A`: the cells given are no placement of A",
    );
    let (d4, cubes) = temp_file(
        "place-cubes.txt",
        "piece A ##\npiece B ##\nplace B 0,1,0 1,1,0\n",
    );
    let out = stdout(&["polycube", "--box", "2x2x1", "--pieces", &cubes, "-q"]);
    assert!(out.starts_with("1 solution, "), "{out}");
    for d in [d1, d2, d3, d4] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn bad_boards_and_piece_files_are_one_line_naming_the_line() {
    let (d1, board) = temp_file("bad-board.txt", "###\n#x#\n");
    let (d2, good) = temp_file("good.txt", "domino copies=3\n");
    let (d3, bad) = temp_file("bad.txt", "domino\n\npiece D ## copies=3-1\n");
    let (d4, big) = temp_file("big.txt", "piece D ## copies=4\n");
    let (d5, ok_board) = temp_file("ok.txt", "###\n##o\n");
    let cases: [(&str, &str, &str); 3] = [
        (
            &board,
            &good,
            "board row 2, column 2: unexpected character `x`",
        ),
        (
            &ok_board,
            &bad,
            "pieces line 3: `copies=3-1`: expected copies=N",
        ),
        (
            &ok_board,
            &big,
            "the pieces cover 8 to 8 cells but the board has 5",
        ),
    ];
    for (b, p, want) in cases {
        let (code, err) = fails(&["polyomino", "--board", b, "--pieces", p]);
        assert_eq!(code, 2, "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(want), "{err}");
    }
    for d in [d1, d2, d3, d4, d5] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn repeated_or_contradictory_flags_are_refused_naming_the_line() {
    let (d1, board) = temp_file("flags-board.txt", "##\n");
    let (d2, copies) = temp_file("flags-copies.txt", "\npiece D ## copies=1 copies=2\n");
    let (d3, sides) = temp_file("flags-sides.txt", "piece D ## free one-sided\n");
    refused(
        &["polyomino", "--board", &board, "--pieces", &copies],
        "pieces line 2: `copies=2` after `copies=1`: a line takes one copies flag",
    );
    refused(
        &["polyomino", "--board", &board, "--pieces", &sides],
        "pieces line 1: `one-sided` after `free`: a line takes one of `free` and `one-sided`",
    );
    for d in [d1, d2, d3] {
        std::fs::remove_dir_all(d).unwrap();
    }
}

#[test]
fn help_documents_the_features() {
    let help = stdout(&["polyomino", "--help"]);
    for word in [
        "`o` (a cell that may stay empty)",
        "copies=LO-HI",
        "one-sided",
    ] {
        assert!(help.contains(word), "{word}");
    }
}

/// `hexominoes` is a set like the others, and `--show-pieces` draws a piece list with what
/// the board allows each piece, without solving.
#[test]
fn hexominoes_and_show_pieces() {
    let (d1, board) = temp_file("hex-board.txt", "######\n######\n");
    let (d2, pieces) = temp_file("hex-pieces.txt", "hexominoes copies\n");
    // The straight piece twice, or the box cut from a top cell to a bottom one in 5 ways.
    let out = stdout(&["polyomino", "--board", &board, "--pieces", &pieces, "-q"]);
    assert!(out.starts_with("6 solutions, "), "{out}");
    let shown = stdout(&[
        "polyomino",
        "--board",
        &board,
        "--pieces",
        &pieces,
        "--show-pieces",
    ]);
    let heads: Vec<&str> = shown.lines().filter(|l| l.contains(": ")).collect();
    assert_eq!(heads.len(), 35, "{shown}");
    assert!(shown.starts_with(
        "H1: 6 cells, free, 2 orientations, placed any number of times, 2 placements on the \
         board\n######\n\nH2: 6 cells, free, 8 orientations,"
    ));
    // Flags and a piece that fits nowhere show as given.
    let (d3, mixed) = temp_file(
        "hex-mixed.txt",
        "piece B ###/### one-sided copies=0-2\npiece X .#./###/.#.\n",
    );
    let shown = stdout(&[
        "polyomino",
        "--board",
        &board,
        "--pieces",
        &mixed,
        "--show-pieces",
    ]);
    assert_eq!(
        shown,
        "B: 6 cells, one-sided, 2 orientations, placed 0 to 2 times, 4 placements on the \
         board\n###\n###\n\nX: 5 cells, free, 1 orientation, placed once, 0 placements on \
         the board\n.#.\n###\n.#.\n\n"
    );
    // A named problem's pieces: each pentomino of 6x10, F in each of its 8 orientations at
    // each of the 4 x 8 places of its 3 x 3 box.
    let shown = stdout(&["polyomino", "pentominoes-6x10", "--show-pieces"]);
    assert_eq!(shown.lines().filter(|l| l.contains(": ")).count(), 12);
    assert!(shown.starts_with("F: 5 cells, free, 8 orientations, placed once, 256 placements"));
    refused(&["polyomino", "--show-pieces"], "give a problem name");
    refused(
        &["polyomino", "pentominoes-6x10", "--show-pieces", "--count"],
        "cannot be used with",
    );
    // Cells far apart are listed, not drawn.
    let far = format!("piece A #/{}#\n", ".".repeat(10_000));
    let (d4, far) = temp_file("hex-far.txt", &far);
    let shown = stdout(&[
        "polyomino",
        "--board",
        &board,
        "--pieces",
        &far,
        "--show-pieces",
    ]);
    assert!(
        shown.ends_with("on the board\ncells (row,column): 0,0 1,10000\n\n"),
        "{shown}"
    );
    for d in [d1, d2, d3, d4] {
        std::fs::remove_dir_all(d).unwrap();
    }
}
