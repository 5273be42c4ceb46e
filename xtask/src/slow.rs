//! `cargo xtask slow [--all] [FILTER]`: every `#[ignore]`d test outside the paper's tables
//! (those are `cargo xtask paper --full`), in release mode.
//!
//! The 25x25 and 36x36 sudoku checks of the michael404 set have never finished with DLX's
//! column choice alone (hours); they run only with `--all`.

use std::process::Command;

use crate::workspace_root;

/// Tests that may run for hours, run only with `--all`.
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
