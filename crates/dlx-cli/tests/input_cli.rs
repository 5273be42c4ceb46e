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
