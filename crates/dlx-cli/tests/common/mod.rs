//! Helpers shared by the end-to-end tests: run `dlx` and look at what it printed.

#![allow(dead_code)] // not every test crate that includes this module uses all of it

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `dlx` with `args`.
pub fn dlx(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .output()
        .expect("dlx runs")
}

/// Runs `dlx` with `args` and `stdin` on its standard input.
pub fn dlx_input(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlx runs");
    // dlx may exit before reading its input (bad arguments, input refused early): a closed
    // pipe is fine.
    let _ = child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.as_bytes());
    child.wait_with_output().expect("dlx finishes")
}

/// The standard output of a run that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let out = dlx(args);
    assert!(
        out.status.success(),
        "dlx {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The exit status and standard error of a run that must fail.
pub fn fails(args: &[&str]) -> (i32, String) {
    let out = dlx(args);
    assert!(!out.status.success(), "dlx {args:?} succeeded");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A file in a fresh temporary folder, holding `text`; returns the folder (to remove) and the
/// file's path. `tag` keeps the folders of test crates apart, and tests of one crate, which
/// run side by side, name their files apart.
pub fn temp_file(tag: &str, name: &str, text: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("dlx-{tag}-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let shown = path.to_str().unwrap().to_string();
    (dir, shown)
}

/// Runs `dlx` on a bad input: exit status 2 and one line, which must contain `what`.
pub fn refused(args: &[&str], what: &str) {
    let (code, err) = fails(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(what), "{args:?}: {err}");
}
