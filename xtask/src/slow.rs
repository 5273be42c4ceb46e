//! `cargo xtask slow [--all] [FILTER]`: every `#[ignore]`d test outside the paper's tables
//! (those are `cargo xtask paper --full`), in release mode.
//!
//! The slowest sudoku checks of the michael404 set run only with `--all`: the uniqueness
//! proofs of the 25x25 puzzles (minimal3 about 3.5 minutes with propagation and probing;
//! lowPairUnavoidable1 has not finished in the 2 minutes tried) and the hardest 36x36 first
//! solutions (minimal3 about 160 s).

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
