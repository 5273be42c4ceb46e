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

/// The report of `dlx campaign status` on a folder with faults: printed whole on standard
/// output, then exit status 2 and one line on standard error.
pub fn faulty_status(dir: &str) -> String {
    let out = dlx(&["campaign", "status", dir]);
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "status of {dir}: {e}");
    assert!(e.lines().count() == 1 && e.contains("(see above)"), "{e}");
    String::from_utf8(out.stdout).unwrap()
}

/// A file in a fresh temporary folder, holding `text`; returns the folder (removed when it is
/// dropped) and the file's path. `tag` keeps the folders of test crates apart, and tests of
/// one crate, which run side by side, name their files apart.
pub fn temp_file(tag: &str, name: &str, text: &str) -> (Scratch, String) {
    let dir = Scratch::dir(&format!("{tag}-{name}"));
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

/// A path under the system's temporary folder for one test of this process, removed (file or
/// folder, whatever the test left there) when the guard is dropped, so that a run of the
/// suite leaves nothing behind; a path left by an earlier run of the same process id is
/// removed first.
#[derive(Debug)]
pub struct Scratch(std::path::PathBuf);

impl Scratch {
    /// `dlx-test-PID-TAG`, not yet made (for a file, or a folder `dlx` makes).
    pub fn path(tag: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("dlx-test-{}-{tag}", std::process::id()));
        let scratch = Scratch(path);
        scratch.remove();
        scratch
    }

    /// An empty folder `dlx-test-PID-TAG`.
    pub fn dir(tag: &str) -> Scratch {
        let scratch = Scratch::path(tag);
        std::fs::create_dir_all(&scratch.0).expect("the temporary folder takes a folder");
        scratch
    }

    fn remove(&self) {
        let _ = std::fs::remove_dir_all(&self.0);
        let _ = std::fs::remove_file(&self.0);
    }
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        self.remove();
    }
}
