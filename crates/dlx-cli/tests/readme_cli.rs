//! The README's shell transcripts, run, so that what the README shows cannot go stale (its
//! Rust examples are doctests of the `tests` crate). Each `$ COMMAND` line of a `sh` block is
//! run by bash (with `pipefail`: every command of a pipeline must succeed) with this build's
//! `dlx` first on the PATH, in a scratch folder that holds the repository's `examples/`; the
//! lines after it, up to the next `$` line or the end of the block, must be what it prints
//! (standard output, then standard error). A command shown with nothing after it (it writes
//! a file, or the README describes its output in words) must succeed, and its output is not
//! compared. A comment after a command starts at two spaces and `#`, which the README's
//! commands hold nowhere else.

#![cfg(unix)]

mod common;

use std::path::Path;
use std::process::Command;

use common::Scratch;

/// One `$` line of the README and the lines shown after it.
struct Transcript {
    line: usize,
    command: String,
    shown: Vec<String>,
}

/// The transcripts of `readme`'s `sh` blocks, in order.
fn transcripts(readme: &str) -> Vec<Transcript> {
    let mut found: Vec<Transcript> = Vec::new();
    let mut in_sh = false;
    let mut current: Option<usize> = None;
    for (i, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            in_sh = !in_sh && line.trim() == "```sh";
            current = None;
        } else if in_sh {
            if let Some(command) = line.strip_prefix("$ ") {
                found.push(Transcript {
                    line: i + 1,
                    command: command.to_string(),
                    shown: Vec::new(),
                });
                current = Some(found.len() - 1);
            } else if let Some(k) = current {
                found[k].shown.push(line.to_string());
            }
        }
    }
    found
}

/// `command` without a trailing `# comment` (the README's comments follow two spaces).
fn without_comment(command: &str) -> &str {
    match command.find("  #") {
        Some(k) => command[..k].trim_end(),
        None => command,
    }
}

#[test]
fn the_readme_transcripts_print_what_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("the README");
    let found = transcripts(&readme);
    assert!(found.len() >= 10, "{} transcripts", found.len());
    let scratch = Scratch::dir("readme");
    std::os::unix::fs::symlink(
        root.join("examples").canonicalize().unwrap(),
        scratch.join("examples"),
    )
    .unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_dlx")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    for t in &found {
        let out = Command::new("bash")
            .args(["-o", "pipefail", "-c"])
            .arg(without_comment(&t.command))
            .current_dir(&scratch)
            .env("PATH", &path)
            .output()
            .expect("bash runs");
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.status.success(),
            "README line {}: `{}` failed: {printed}",
            t.line,
            t.command
        );
        let shown = t.shown.join("\n");
        if shown.trim().is_empty() {
            continue;
        }
        assert_eq!(
            printed.trim_end(),
            shown.trim_end(),
            "README line {}: `{}`",
            t.line,
            t.command
        );
    }
}

#[test]
fn transcripts_are_read_from_sh_blocks_only() {
    let text = "```sh\n$ dlx a\none\ntwo\n$ dlx b  # note\n```\n```rust\n$ not\n```\n";
    let t = transcripts(text);
    assert_eq!(t.len(), 2);
    assert_eq!((t[0].line, t[0].command.as_str()), (2, "dlx a"));
    assert_eq!(t[0].shown, ["one", "two"]);
    assert_eq!(without_comment(&t[1].command), "dlx b");
    assert!(t[1].shown.is_empty());
}
