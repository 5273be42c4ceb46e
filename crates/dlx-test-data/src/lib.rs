//! Where the tests, benchmarks and `cargo xtask bench` find the optional data sets: the
//! folder named by the environment variable `DLX_DATA_DIR` (a relative path is taken from
//! the workspace directory), or else `shared/data` beside the workspace directory.
//!
//! The data is optional: a test that needs a file that is not there prints one `skipped:`
//! line naming the file and how to provide it, and checks nothing else. Data the suite cannot
//! do without is vendored in the repository and read from there, never through this crate.
//!
//! [`fill`] enumerates packings plainly, cell by cell, for the polyform crates' tests to
//! check their matrices against; [`matrices`] writes matrices several crates' tests search.

pub mod fill;
pub mod matrices;

use std::ffi::OsStr;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

/// The environment variable that names the data folder.
pub const VAR: &str = "DLX_DATA_DIR";

/// The workspace directory (this crate sits in `crates/dlx-test-data`).
fn workspace() -> &'static Path {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.ancestors().nth(2).unwrap_or(manifest)
}

/// The data folder: `$DLX_DATA_DIR` when it is set and not empty (relative to the
/// workspace directory), else `shared/data` beside the workspace directory.
pub fn dir() -> PathBuf {
    dir_from(std::env::var_os(VAR).as_deref())
}

/// [`dir`] for a given value of the variable.
fn dir_from(var: Option<&OsStr>) -> PathBuf {
    match var {
        Some(d) if !d.is_empty() => workspace().join(d),
        _ => workspace().join("../shared/data"),
    }
}

/// How to provide a missing file, for messages: `PATH not found (...)`.
pub fn missing(path: &Path) -> String {
    format!(
        "{} not found (optional data: {VAR} names its folder, by default shared/data \
         beside the workspace; README, \"The two commands\")",
        path.display()
    )
}

/// Prints the `skipped:` line for a missing file, in one write straight to standard error,
/// so that the test harness, which keeps back what passing tests print, shows it too.
fn skipped(path: &Path) {
    let line = format!("skipped: {}\n", missing(path));
    let _ = std::io::stderr().write_all(line.as_bytes());
}

/// The text of `rel` in the data folder, or `None` (after the `skipped:` line) when the
/// file is not there.
///
/// # Panics
///
/// When the file is there but cannot be read as text: present data is checked, never
/// skipped.
pub fn read(rel: impl AsRef<Path>) -> Option<String> {
    let path = dir().join(rel);
    let text = text(&path);
    if text.is_none() {
        skipped(&path);
    }
    text
}

/// The text of the file at `path`, or `None` when there is none.
fn text(path: &Path) -> Option<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_none_and_a_present_one_is_read() {
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
        let read = text(&manifest).expect("the crate's manifest is there");
        assert!(read.contains("name = \"dlx-test-data\""));
        assert_eq!(text(&manifest.with_file_name("no such file")), None);
    }

    #[test]
    fn the_variable_overrides_the_default_place() {
        let ws = workspace();
        assert!(ws.join("Cargo.toml").is_file());
        assert_eq!(dir_from(None), ws.join("../shared/data"));
        assert_eq!(dir_from(Some(OsStr::new(""))), ws.join("../shared/data"));
        assert_eq!(dir_from(Some(OsStr::new("/data"))), Path::new("/data"));
        assert_eq!(dir_from(Some(OsStr::new("data"))), ws.join("data"));
    }

    #[test]
    fn the_message_names_the_file_and_the_variable() {
        let m = missing(Path::new("/x/queens-8.dlx"));
        assert!(m.starts_with("/x/queens-8.dlx not found"), "{m}");
        assert!(m.contains(VAR), "{m}");
    }
}
