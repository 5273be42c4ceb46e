//! `cargo xtask slow [--all] [FILTER]`: every `#[ignore]`d test outside the paper's tables
//! (those are `cargo xtask paper --full`), in release mode.
//!
//! The slowest sudoku check of the michael404 set runs only with `--all`: 36x36 minimal3,
//! solved and proven unique in about 30 s in release mode.

use std::process::Command;

use crate::workspace_root;

/// Tests that may run for many minutes (or more), run only with `--all`.
const HOURS: &str = "michael404";

pub fn run(args: &[String]) -> Result<(), String> {
    let all = args.iter().any(|a| a == "--all");
    let filter = args.iter().find(|a| !a.starts_with("--"));
    let mut cmd = Command::new(env!("CARGO"));
    cmd.current_dir(workspace_root())
        .args([
            "test",
            "--release",
            "--workspace",
            "--exclude",
            "dancing-links-tests",
            "--",
        ])
        .args(["--ignored", "--nocapture"]);
    if let Some(f) = filter {
        cmd.arg(f);
    }
    if !all {
        cmd.args(["--skip", HOURS]);
    }
    let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err("some slow tests failed".to_string())
    }
}
