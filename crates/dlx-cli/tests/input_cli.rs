//! Bad input files, end to end: a clear one-line error naming the place, and exit status 2.

use std::process::Command;

mod common;

#[test]
fn bytes_that_are_not_utf8_are_named_by_line_and_column() {
    let file = std::env::temp_dir().join(format!("dlx-input-{}.dlx", std::process::id()));
    // Line 2 holds `a é` (4 bytes, 3 characters) and then a byte that is never UTF-8.
    std::fs::write(&file, b"a b\na \xc3\xa9\xff\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["solve", "-q"])
        .arg(&file)
        .output()
        .expect("dlx runs");
    std::fs::remove_file(&file).unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2, column 4: not UTF-8 text"),
        "unexpected message: {err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn a_bad_command_line_is_one_line_too() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(args)
            .output()
            .expect("dlx runs")
    };
    // clap's own message, its usage and tip left out, on one line with a pointer to --help.
    for (args, said) in [
        (
            &["queens", "8", "--shard", "5/3"][..],
            "dlx: invalid value '5/3' for '--shard <K/N>': `5/3` is not a shard K/N",
        ),
        (
            &["campaign", "start"][..],
            "dlx: the following required arguments were not provided: <DIR> <FILE>",
        ),
        (
            &["solve", "--bogus"][..],
            "dlx: unexpected argument '--bogus' found",
        ),
        (&["nosuch"][..], "dlx: unrecognized subcommand 'nosuch'"),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with(said), "{args:?}: {err}");
        assert!(err.ends_with(" (see --help)\n"), "{args:?}: {err}");
    }
    // Help and the version are what was asked for, on standard output, exit status 0.
    for args in [
        &["--help"][..],
        &["queens", "--help"][..],
        &["--version"][..],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("dlx"),
            "{args:?}"
        );
    }
}

/// Found by an audit of bad input: messages that named nothing, or the wrong thing.
#[test]
fn empty_names_large_counts_and_board_characters_are_named() {
    // An empty file name is named, where the message had begun `dlx: : `.
    common::refused(&["solve", ""], "`` (an empty file name): ");
    common::refused(
        &["queens", "8", "--emit", ""],
        "`` (an empty file name): not a file name",
    );
    // A count past 32 bits is named as such, not refused as if LO were more than HI.
    common::refused(
        &[
            "polystick",
            "--board",
            "1x1",
            "--pieces",
            "O",
            "--copies",
            "O=1-4294967296",
        ],
        ": 4294967296 is more than 4294967295, the most a count holds",
    );
    let (_dir, pieces) =
        common::temp_file("counts", "pieces.txt", "piece X ## copies=4294967297\n");
    let (_dir2, board) = common::temp_file("counts", "board.txt", "##\n");
    common::refused(
        &["polyomino", "--board", &board, "--pieces", &pieces],
        ": 4294967297 is more than 4294967295",
    );
    // A polycube board knows `o`, which the message had left out (it was a piece's).
    let (_dir3, cubes) = common::temp_file("cubes", "board.txt", "o#\n#x\n");
    let (_dir4, domino) = common::temp_file("cubes", "pieces.txt", "piece D ## copies=2\n");
    common::refused(
        &["polycube", "--board", &cubes, "--pieces", &domino],
        "row 2, column 2: unexpected character `x` (expected `#` a cell, `o` a cell that may stay empty, or `.` none)",
    );
    // A box size with letters had been read as a picture.
    common::refused(
        &["polycube", "--box", "axbxc", "--pieces", &domino],
        "`axbxc` is not a box size AxBxC",
    );
}
