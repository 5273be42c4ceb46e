//! Bad input files, end to end: a clear one-line error naming the place, and exit status 2.

use std::process::Command;

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
